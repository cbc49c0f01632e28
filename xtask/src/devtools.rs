//! Just enough of the Chrome DevTools protocol to drive a headless Chromium from the standard
//! library: launch it with a fresh profile, open the page's WebSocket, send commands and read
//! their answers and the events between them. `--dump-dom` cannot be used to time a search
//! that fetches its index after the page's `load` event (Pagefind does); this can.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one step (launch, a command's answer) may take before the run is given up.
const STEP: Duration = Duration::from_secs(30);

/// A headless Chromium with its own profile directory, killed and its profile removed when
/// dropped.
pub struct Browser {
    child: Child,
    profile: PathBuf,
    port: u16,
}

impl Browser {
    /// Starts `binary` headless on an empty page, its profile in `profile` (created, and
    /// removed again on drop), the DevTools port chosen by Chromium.
    pub fn launch(binary: &Path, profile: &Path) -> Result<Browser, String> {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).map_err(|e| format!("{}: {e}", profile.display()))?;
        let child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let mut browser = Browser {
            child,
            profile: profile.to_path_buf(),
            port: 0,
        };
        // Chromium writes the port it listens on into the profile once it is ready.
        let port_file = profile.join("DevToolsActivePort");
        let started = Instant::now();
        browser.port = loop {
            if let Some(port) = std::fs::read_to_string(&port_file)
                .ok()
                .and_then(|text| text.lines().next()?.trim().parse().ok())
            {
                break port;
            }
            if started.elapsed() > STEP {
                return Err(format!(
                    "{} wrote no DevTools port within {} s",
                    binary.display(),
                    STEP.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        Ok(browser)
    }

    /// The WebSocket of the browser's one page.
    pub fn page(&self) -> Result<Session, String> {
        let started = Instant::now();
        loop {
            let targets: Value = serde_json::from_str(&http_get(self.port, "/json/list")?)
                .map_err(|e| format!("DevTools target list: {e}"))?;
            let page = targets.as_array().and_then(|targets| {
                targets
                    .iter()
                    .find(|t| t["type"] == "page")
                    .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            });
            if let Some(url) = page {
                return Session::connect(url);
            }
            if started.elapsed() > STEP {
                return Err("Chromium shows no page target".into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A plain HTTP/1.1 GET on the DevTools port (its JSON endpoints), the body returned.
fn http_get(port: u16, path: &str) -> Result<String, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))
        .map_err(|e| format!("DevTools port {port}: {e}"))?;
    stream
        .set_read_timeout(Some(STEP))
        .map_err(|e| e.to_string())?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| format!("DevTools port {port}: {e}"))?;
    // Chromium keeps the connection open: the body is read to its stated length.
    let mut reader = BufReader::new(stream);
    let mut length = 0;
    loop {
        let mut header = String::new();
        reader
            .read_line(&mut header)
            .map_err(|e| format!("DevTools port {port}: {e}"))?;
        if header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    reader
        .read_exact(&mut body)
        .map_err(|e| format!("DevTools port {port}: {e}"))?;
    String::from_utf8(body).map_err(|e| format!("DevTools port {port}: {e}"))
}

/// One DevTools session over a WebSocket: commands are answered in order, and the events that
/// arrive meanwhile are kept for [`Session::events`].
pub struct Session {
    stream: BufReader<TcpStream>,
    next_id: u64,
    events: Vec<Value>,
}

impl Session {
    fn connect(url: &str) -> Result<Session, String> {
        let rest = url
            .strip_prefix("ws://")
            .ok_or_else(|| format!("not a ws:// address: {url}"))?;
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let mut stream = TcpStream::connect(host).map_err(|e| format!("{url}: {e}"))?;
        stream
            .set_read_timeout(Some(STEP))
            .map_err(|e| e.to_string())?;
        // The key is fixed: nothing here guards against caching proxies, which there are none
        // of between a process and its own child on the loopback.
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .map_err(|e| format!("{url}: {e}"))?;
        let mut stream = BufReader::new(stream);
        let mut status = String::new();
        stream
            .read_line(&mut status)
            .map_err(|e| format!("{url}: {e}"))?;
        if !status.contains(" 101 ") {
            return Err(format!("{url}: no WebSocket upgrade: {}", status.trim()));
        }
        loop {
            let mut header = String::new();
            stream
                .read_line(&mut header)
                .map_err(|e| format!("{url}: {e}"))?;
            if header.trim().is_empty() {
                break;
            }
        }
        Ok(Session {
            stream,
            next_id: 1,
            events: Vec::new(),
        })
    }

    /// Sends `method` with `params` and waits for its answer, its `result` returned; an error
    /// answer is an error with DevTools' message.
    pub fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let id = self.next_id;
        self.next_id += 1;
        let message = json!({ "id": id, "method": method, "params": params }).to_string();
        self.stream
            .get_mut()
            .write_all(&frame(message.as_bytes()))
            .map_err(|e| format!("{method}: {e}"))?;
        loop {
            let text = read_message(&mut self.stream).map_err(|e| format!("{method}: {e}"))?;
            let value: Value =
                serde_json::from_str(&text).map_err(|e| format!("{method}: {e}: {text}"))?;
            if value["id"] == id {
                if let Some(error) = value.get("error") {
                    return Err(format!("{method}: {error}"));
                }
                return Ok(value["result"].clone());
            }
            if value.get("method").is_some() {
                self.events.push(value);
            }
        }
    }

    /// The events received so far (each `{"method", "params"}`), in order.
    pub fn events(&self) -> &[Value] {
        &self.events
    }

    /// `expression` evaluated in the page, its value returned (by value: JSON-like results).
    pub fn evaluate(&mut self, expression: &str) -> Result<Value, String> {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true }),
        )?;
        if let Some(exception) = result.get("exceptionDetails") {
            return Err(format!("{expression}: {exception}"));
        }
        Ok(result["result"]["value"].clone())
    }
}

/// A client's text frame: final, masked (as RFC 6455 requires of a client), its length in the
/// shortest form.
fn frame(payload: &[u8]) -> Vec<u8> {
    const MASK: [u8; 4] = [0x37, 0xfa, 0x21, 0x3d];
    let mut out = vec![0x81];
    match payload.len() {
        n if n < 126 => out.push(0x80 | n as u8),
        n if n <= usize::from(u16::MAX) => {
            out.push(0x80 | 126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            out.push(0x80 | 127);
            out.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    out.extend_from_slice(&MASK);
    out.extend(payload.iter().enumerate().map(|(i, b)| b ^ MASK[i % 4]));
    out
}

/// The next whole text message, continuation frames joined; pings and other control frames
/// are skipped (Chromium sends none unasked), a close is an error.
fn read_message(stream: &mut impl Read) -> Result<String, String> {
    let mut message = Vec::new();
    loop {
        let mut head = [0u8; 2];
        stream.read_exact(&mut head).map_err(|e| e.to_string())?;
        let final_frame = head[0] & 0x80 != 0;
        let opcode = head[0] & 0x0f;
        let masked = head[1] & 0x80 != 0;
        let length = match head[1] & 0x7f {
            126 => {
                let mut bytes = [0u8; 2];
                stream.read_exact(&mut bytes).map_err(|e| e.to_string())?;
                u64::from(u16::from_be_bytes(bytes))
            }
            127 => {
                let mut bytes = [0u8; 8];
                stream.read_exact(&mut bytes).map_err(|e| e.to_string())?;
                u64::from_be_bytes(bytes)
            }
            n => u64::from(n),
        };
        let mut mask = [0u8; 4];
        if masked {
            stream.read_exact(&mut mask).map_err(|e| e.to_string())?;
        }
        let length = usize::try_from(length).map_err(|e| e.to_string())?;
        let mut payload = vec![0u8; length];
        stream.read_exact(&mut payload).map_err(|e| e.to_string())?;
        if masked {
            for (i, b) in payload.iter_mut().enumerate() {
                *b ^= mask[i % 4];
            }
        }
        match opcode {
            0..=2 => message.extend_from_slice(&payload),
            8 => return Err("the browser closed the connection".into()),
            _ => continue,
        }
        if final_frame {
            return String::from_utf8(message).map_err(|e| e.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server's frame: unmasked.
    fn server_frame(opcode_and_fin: u8, payload: &[u8]) -> Vec<u8> {
        let mut out = vec![opcode_and_fin];
        match payload.len() {
            n if n < 126 => out.push(n as u8),
            n if n <= 65535 => {
                out.push(126);
                out.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                out.push(127);
                out.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        out.extend_from_slice(payload);
        out
    }

    #[test]
    fn a_framed_message_reads_back_whatever_its_length() {
        for length in [0, 125, 126, 65_535, 65_536, 200_000] {
            let payload: String = "ab€".chars().cycle().take(length).collect();
            let read = read_message(&mut frame(payload.as_bytes()).as_slice()).unwrap();
            assert_eq!(read, payload, "length {length}");
        }
    }

    #[test]
    fn fragments_are_joined_and_pings_skipped() {
        let mut bytes = server_frame(0x01, b"{\"id\":");
        bytes.extend(server_frame(0x89, b"ping"));
        bytes.extend(server_frame(0x80, b"1}"));
        assert_eq!(read_message(&mut bytes.as_slice()).unwrap(), "{\"id\":1}");
        let closed = server_frame(0x88, b"");
        assert!(read_message(&mut closed.as_slice()).is_err());
    }
}
