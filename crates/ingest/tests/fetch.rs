//! `--fetch` against a real HTTP server on 127.0.0.1: a normal page, a redirect, a server
//! error followed by success, and a response slower than the timeout.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use ingest::fetch::{FetchConfig, USER_AGENT, fetch_pages};

const PAGE: &str = "<!DOCTYPE html><html><body><h1>Evidence for Tuz</h1><p>1 pieces of evidence found.</p>\
<table><tr><th>Id</th><td>DLP.Evidence.1443</td></tr><tr><th>Type</th><td>Ethnography</td></tr>\
<tr><th>Confidence</th><td>100</td></tr></table><footer>Contact Us</footer></body></html>";

/// A minimal HTTP/1.1 server: one thread per connection, `Connection: close`.
struct Server {
    base: String,
    /// Requests seen, by path, with their User-Agent.
    seen: Arc<Mutex<Vec<(String, String)>>>,
}

fn respond(
    mut stream: TcpStream,
    seen: &Mutex<Vec<(String, String)>>,
    counts: &Mutex<BTreeMap<String, u32>>,
) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    let path = request_line
        .split_whitespace()
        .nth(1)
        .unwrap_or("/")
        .to_string();
    let mut agent = String::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
            break;
        }
        if let Some(value) = header
            .strip_prefix("user-agent: ")
            .or_else(|| header.strip_prefix("User-Agent: "))
        {
            agent = value.trim().to_string();
        }
    }
    seen.lock().unwrap().push((path.clone(), agent));
    let count = {
        let mut counts = counts.lock().unwrap();
        let c = counts.entry(path.clone()).or_insert(0);
        *c += 1;
        *c
    };
    let (status, extra, body): (&str, String, &str) = match path.as_str() {
        "/page" => ("200 OK", String::new(), PAGE),
        "/moved" => ("302 Found", "Location: /page\r\n".to_string(), ""),
        "/flaky" if count == 1 => ("500 Internal Server Error", String::new(), "try again"),
        "/flaky" => ("200 OK", String::new(), PAGE),
        "/slow" => {
            thread::sleep(Duration::from_millis(1500));
            ("200 OK", String::new(), PAGE)
        }
        _ => ("404 Not Found", String::new(), "no"),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(response.as_bytes());
}

fn start() -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let counts = Arc::new(Mutex::new(BTreeMap::new()));
    let (seen_thread, counts_thread) = (seen.clone(), counts.clone());
    thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (seen, counts) = (seen_thread.clone(), counts_thread.clone());
            thread::spawn(move || respond(stream, &seen, &counts));
        }
    });
    Server { base, seen }
}

fn config() -> FetchConfig {
    FetchConfig {
        timeout: Duration::from_millis(600),
        connect_timeout: Duration::from_secs(2),
        retries: 2,
        backoff: Duration::from_millis(20),
        delay: Duration::from_millis(10),
        ..FetchConfig::default()
    }
}

#[test]
fn normal_redirect_and_retry_then_ingest() {
    let server = start();
    let dir = tempfile::tempdir().unwrap();
    let urls = vec![
        format!("{}/page", server.base),
        format!("{}/moved", server.base),
        format!("{}/flaky", server.base),
    ];
    let fetched = fetch_pages(&urls, dir.path(), &config()).unwrap();

    assert_eq!(fetched.len(), 3);
    assert_eq!(fetched[0].attempts, 1);
    assert_eq!(
        fetched[1].record.final_url,
        format!("{}/page", server.base),
        "the redirect is followed and recorded"
    );
    assert_eq!(fetched[1].record.url, urls[1]);
    assert_eq!(fetched[2].attempts, 2, "a 500 is retried");
    for page in &fetched {
        assert_eq!(std::fs::read_to_string(&page.path).unwrap(), PAGE);
        let mut sidecar = page.path.as_os_str().to_owned();
        sidecar.push(ingest::FETCH_RECORD_SUFFIX);
        let saved: corpus::FetchRecord = corpus::yaml::from_yaml(
            std::path::Path::new(&sidecar),
            &std::fs::read_to_string(&sidecar).unwrap(),
        )
        .unwrap();
        assert_eq!(saved, page.record);
        assert_eq!(saved.status, 200);
        assert_eq!(
            saved.content_type.as_deref(),
            Some("text/html; charset=utf-8")
        );
    }
    let seen = server.seen.lock().unwrap().clone();
    let paths: Vec<&str> = seen.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["/page", "/moved", "/page", "/flaky", "/flaky"]);
    assert!(
        seen.iter().all(|(_, agent)| agent == USER_AGENT),
        "{seen:?}"
    );
    assert!(USER_AGENT.starts_with("dlp-rules-corpus/"));

    // The downloaded pages ingest, each record listing the URL it came from.
    let (corpus, _) = ingest::ingest_dir(dir.path()).unwrap();
    let record = &corpus.evidence["DLP.Evidence.1443"];
    assert_eq!(record.pages.len(), 3);
    let mut urls_seen: Vec<&str> = record
        .pages
        .iter()
        .filter_map(|p| p.url.as_deref())
        .collect();
    urls_seen.sort();
    let mut expected: Vec<&str> = urls.iter().map(String::as_str).collect();
    expected.sort();
    assert_eq!(urls_seen, expected);
}

#[test]
fn a_slow_server_times_out_after_retries() {
    let server = start();
    let dir = tempfile::tempdir().unwrap();
    let error = fetch_pages(&[format!("{}/slow", server.base)], dir.path(), &config()).unwrap_err();
    assert!(error.message.contains("timed out"), "{error}");
    assert!(error.message.contains("3 attempts"), "{error}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing is saved"
    );
}

#[test]
fn client_errors_are_not_retried() {
    let server = start();
    let dir = tempfile::tempdir().unwrap();
    let error =
        fetch_pages(&[format!("{}/missing", server.base)], dir.path(), &config()).unwrap_err();
    assert!(error.message.contains("404"), "{error}");
    assert_eq!(server.seen.lock().unwrap().len(), 1);
}
