//! Downloads portal pages politely: one at a time with a pause between requests, a
//! User-Agent naming this project, timeouts, and retries with exponential backoff on server
//! errors and timeouts. Each page is stored beside the others with a record of its URL and
//! retrieval time.

use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use corpus::FetchRecord;
use corpus::store::write_atomically;

/// How to fetch.
#[derive(Clone, Debug)]
pub struct FetchConfig {
    /// Limit on a whole request, body included.
    pub timeout: Duration,
    /// Limit on connecting.
    pub connect_timeout: Duration,
    /// Attempts after the first, for server errors (5xx, 429) and timeouts.
    pub retries: u32,
    /// Wait before the first retry; doubled before each further one.
    pub backoff: Duration,
    /// Pause between two requests to the portal.
    pub delay: Duration,
    /// The `User-Agent` header sent.
    pub user_agent: String,
}

impl Default for FetchConfig {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(30),
            connect_timeout: Duration::from_secs(10),
            retries: 3,
            backoff: Duration::from_secs(2),
            delay: Duration::from_secs(2),
            user_agent: USER_AGENT.to_string(),
        }
    }
}

/// The `User-Agent` the pipeline sends, naming the project.
pub const USER_AGENT: &str = concat!(
    "dlp-rules-corpus/",
    env!("CARGO_PKG_VERSION"),
    " (historical rules corpus and verification pipeline; one request at a time)"
);

/// A page saved to disk.
#[derive(Clone, Debug)]
pub struct FetchedPage {
    /// Where the page was saved.
    pub path: PathBuf,
    /// How it was fetched.
    pub record: FetchRecord,
    /// Attempts it took (1 when the first one succeeded).
    pub attempts: u32,
}

#[derive(Debug)]
/// A page that could not be fetched.
pub struct FetchError {
    /// The address.
    pub url: String,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for FetchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.url, self.message)
    }
}

impl std::error::Error for FetchError {}

/// Fetches every URL into `dir`, in order. Stops at the first URL that cannot be fetched;
/// pages already saved stay saved (each with its own metadata).
pub fn fetch_pages(
    urls: &[String],
    dir: &Path,
    config: &FetchConfig,
) -> Result<Vec<FetchedPage>, FetchError> {
    let client = reqwest::blocking::Client::builder()
        .user_agent(config.user_agent.clone())
        .timeout(config.timeout)
        .connect_timeout(config.connect_timeout)
        .redirect(reqwest::redirect::Policy::limited(10))
        .build()
        .map_err(|e| FetchError {
            url: String::new(),
            message: format!("cannot build the HTTP client: {e}"),
        })?;
    let mut saved = Vec::new();
    for (index, url) in urls.iter().enumerate() {
        if index > 0 {
            thread::sleep(config.delay);
        }
        saved.push(fetch_one(&client, url, dir, config)?);
    }
    Ok(saved)
}

fn fetch_one(
    client: &reqwest::blocking::Client,
    url: &str,
    dir: &Path,
    config: &FetchConfig,
) -> Result<FetchedPage, FetchError> {
    let fail = |message: String| FetchError {
        url: url.to_string(),
        message,
    };
    let mut attempts = 0;
    loop {
        attempts += 1;
        let outcome = client.get(url).send().and_then(|response| {
            let status = response.status();
            let final_url = response.url().to_string();
            let content_type = response
                .headers()
                .get(reqwest::header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string);
            response
                .bytes()
                .map(|body| (status, final_url, content_type, body))
        });
        let retryable = match &outcome {
            Ok((status, final_url, content_type, body)) if status.is_success() => {
                let record = FetchRecord {
                    url: url.to_string(),
                    final_url: final_url.clone(),
                    retrieved: rfc3339_now(),
                    status: status.as_u16(),
                    content_type: content_type.clone(),
                };
                let path = dir.join(page_file_name(url));
                write_atomically(&path, body)
                    .map_err(|e| fail(format!("cannot save {}: {e}", path.display())))?;
                let mut sidecar = path.as_os_str().to_owned();
                sidecar.push(crate::FETCH_RECORD_SUFFIX);
                write_atomically(
                    Path::new(&sidecar),
                    corpus::yaml::to_yaml(&record).as_bytes(),
                )
                .map_err(|e| fail(format!("cannot save the page's metadata: {e}")))?;
                return Ok(FetchedPage {
                    path,
                    record,
                    attempts,
                });
            }
            Ok((status, ..)) if status.is_server_error() || status.as_u16() == 429 => {
                format!("HTTP {status}")
            }
            Ok((status, ..)) => return Err(fail(format!("HTTP {status}"))),
            Err(error) if error.is_timeout() => format!("timed out after {:?}", config.timeout),
            Err(error) if error.is_connect() => format!("cannot connect: {error}"),
            Err(error) => return Err(fail(error.to_string())),
        };
        if attempts > config.retries {
            return Err(fail(format!(
                "{retryable}; gave up after {attempts} attempts"
            )));
        }
        thread::sleep(config.backoff * 2u32.saturating_pow(attempts - 1));
    }
}

/// A stable, readable file name for a URL: its host and path as a slug, and a short hash of
/// the whole URL so that two URLs never share a file.
pub fn page_file_name(url: &str) -> String {
    let without_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let mut slug = corpus::text::slugify(without_scheme);
    slug.truncate(80);
    let hash = url.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!(
        "fetched-{}-{:08x}.html",
        slug.trim_end_matches('-'),
        hash as u32
    )
}

/// The current time in UTC, RFC 3339, to the second.
pub fn rfc3339_now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (seconds / 86_400) as i64;
    let rest = seconds % 86_400;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_stable_and_distinct() {
        let a = page_file_name("https://ludii.games/details.php?keyword=Kioz");
        let b = page_file_name("https://ludii.games/details.php?keyword=Tuz");
        assert_ne!(a, b);
        assert_eq!(
            a,
            page_file_name("https://ludii.games/details.php?keyword=Kioz")
        );
        assert!(
            a.starts_with("fetched-ludii-games-details-php-keyword-kioz-"),
            "{a}"
        );
        assert!(!page_file_name("http://x/../../etc/passwd").contains('/'));
    }

    #[test]
    fn timestamps_look_like_rfc3339() {
        let now = rfc3339_now();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T', "{now}");
    }
}
