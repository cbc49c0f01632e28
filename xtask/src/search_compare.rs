//! `cargo xtask search-compare`: the site's own search measured beside elasticlunr-rs and
//! Pagefind on the rendered site, in headless Chromium, from `file://` and from a local HTTP
//! server; writes `reports/search.md` and `.json`.
//!
//! Ours is the site as shipped. elasticlunr-rs indexes the same entries (read back from our
//! index's parts), searched by elasticlunr.js both as the fetched JSON it is made for and as
//! a script (the hybrid that could work from `file://`). Pagefind indexes the site's HTML with
//! the indexer its npm package ships: its Rust crate pulls in an async runtime, a web server
//! and stemmers for 28 languages, too heavy for the workspace's lock file. Nothing here runs
//! in `cargo xtask all` or CI; npm and Chromium are needed only by this command.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use benchmarks::report::Machine;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use verify::present::MarkdownTemplates;

use crate::devtools::Browser;
use crate::project;

#[derive(clap::Args)]
pub struct Args {
    /// Measure this rendered site as it is, instead of rendering target/site first.
    #[arg(long, value_name = "DIR")]
    pub site: Option<PathBuf>,
    /// Fresh browsers per page, query and protocol; the median is reported.
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// Measure nothing: render search.md again from search.json, after a change to
    /// report-templates/search.md.
    #[arg(long)]
    pub render: bool,
    /// Where search.md and search.json go [default: reports/].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    #[arg(long)]
    pub quiet: bool,
}

/// The Pagefind release measured (its npm package ships the indexer binary).
const PAGEFIND_VERSION: &str = "1.6.0";
/// A game's name, whose game page should come first.
const GAME_QUERY: &str = "senet";
const GAME_PAGE: &str = "games/senet.html";
/// A word one record holds (in the last part of the records): found only once they are read.
const RARE_QUERY: &str = "cribbage";
/// How long a page may take to show its first result before the run counts as not working.
const GIVE_UP: Duration = Duration::from_secs(15);

/// The contenders, in the report's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contender {
    /// The site's own index: scripts in parts, searched by `site.js`.
    Ours,
    /// elasticlunr-rs's index as the JSON elasticlunr.js fetches.
    ElasticlunrFetched,
    /// The same index written as a script.
    ElasticlunrScript,
    /// Pagefind's bundle of the site's HTML.
    Pagefind,
}

impl Contender {
    const ALL: [Contender; 4] = [
        Contender::Ours,
        Contender::ElasticlunrFetched,
        Contender::ElasticlunrScript,
        Contender::Pagefind,
    ];

    fn name(self) -> String {
        match self {
            Contender::Ours => "ours: scripts in parts".into(),
            Contender::ElasticlunrFetched => format!(
                "elasticlunr-rs, fetched JSON (elasticlunr.js {})",
                elasticlunr::ELASTICLUNR_VERSION
            ),
            Contender::ElasticlunrScript => "elasticlunr-rs, the same index as a script".into(),
            Contender::Pagefind => format!("Pagefind {PAGEFIND_VERSION}, the site's HTML"),
        }
    }

    /// The search page, relative to the served directory.
    fn page(self, site: &str) -> String {
        match self {
            Contender::Ours => format!("{site}/search.html"),
            Contender::ElasticlunrFetched => format!("{SCRATCH}/elasticlunr-fetched.html"),
            Contender::ElasticlunrScript => format!("{SCRATCH}/elasticlunr-script.html"),
            Contender::Pagefind => format!("{SCRATCH}/pagefind.html"),
        }
    }

    /// Whether a file (relative to the served directory) is part of this contender's index,
    /// as opposed to the page, its styles or the search's code.
    fn holds(self, site: &str, file: &str) -> bool {
        match self {
            Contender::Ours => file.starts_with(&format!("{site}/static/search/")),
            Contender::ElasticlunrFetched => file == format!("{SCRATCH}/elasticlunr/index.json"),
            Contender::ElasticlunrScript => file == format!("{SCRATCH}/elasticlunr/index.js"),
            Contender::Pagefind => {
                file.starts_with(&format!("{SCRATCH}/pagefind/"))
                    && (file.ends_with("pagefind-entry.json")
                        || Path::new(file)
                            .extension()
                            .and_then(|e| e.to_str())
                            .is_some_and(|extension| extension.starts_with("pf_")))
            }
        }
    }
}

/// Where the harness pages, the other indexes and the browsers' profiles go: beside the site,
/// in the directory the HTTP server serves, removed when the command ends.
const SCRATCH: &str = "search-compare";

/// How a page was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// `file://`, as a reader opens the site from the disk.
    File,
    /// A local HTTP server on 127.0.0.1.
    Http,
}

/// `reports/search.json`.
#[derive(Debug, Serialize, Deserialize)]
pub struct SearchReport {
    /// The day measured (UTC).
    pub date: String,
    /// Where.
    pub machine: Machine,
    /// `chromium --version`.
    pub browser: String,
    /// Fresh browsers per page, query and protocol.
    pub runs: usize,
    /// Entries of our index (games, rulesets, records, sources, claims).
    pub entries: usize,
    /// Of which evidence records.
    pub records: usize,
    /// HTML pages of the site (what Pagefind indexes).
    pub pages: usize,
    /// The two queries.
    pub game_query: String,
    /// The rare word and how many of our entries hold it.
    pub rare_query: String,
    /// Entries of our index holding the rare word.
    pub rare_entries: usize,
    /// Each contender's index and measurements.
    pub contenders: Vec<ContenderReport>,
}

/// One contender.
#[derive(Debug, Serialize, Deserialize)]
pub struct ContenderReport {
    /// Which.
    pub contender: Contender,
    /// As the report names it.
    pub name: String,
    /// Bytes of its index on disk.
    pub index_bytes: u64,
    /// Files of its index.
    pub index_files: usize,
    /// Seconds taken to build its index (ours: rendered with the site, not timed apart).
    pub build_seconds: Option<f64>,
    /// Each query from each protocol.
    pub measurements: Vec<Measurement>,
}

/// A query on a contender's page from one protocol, over the runs.
#[derive(Debug, Serialize, Deserialize)]
pub struct Measurement {
    /// What was searched.
    pub query: String,
    /// How the page was opened.
    pub protocol: Protocol,
    /// Milliseconds from navigation to the first result shown, one per run that showed one,
    /// sorted.
    pub first_result_ms: Vec<u64>,
    /// Runs that showed no result within the time allowed.
    pub failed_runs: usize,
    /// Bytes the page had read when it showed its first result (median over the runs): the
    /// page, its styles and scripts, the index.
    pub bytes_read: Option<u64>,
    /// Of which the index's.
    pub index_bytes_read: Option<u64>,
    /// The first results' addresses (of the first run that showed any), as the page links them.
    pub top: Vec<String>,
    /// Where the game's page is among them (the game query), 1 for first.
    pub game_page_rank: Option<usize>,
    /// What the console said in error, every run together, machine paths shortened.
    pub errors: Vec<String>,
}

impl Measurement {
    /// The median of the runs that showed a result.
    fn median_ms(&self) -> Option<u64> {
        median(&self.first_result_ms)
    }

    fn works(&self) -> bool {
        self.failed_runs == 0 && !self.first_result_ms.is_empty()
    }
}

fn median(sorted: &[u64]) -> Option<u64> {
    (!sorted.is_empty()).then(|| sorted[sorted.len() / 2])
}

pub fn run(args: &Args) -> Result<(), String> {
    let reports = args
        .reports
        .as_deref()
        .map_or_else(project::reports, project::from_cwd);
    if args.render {
        return render(&reports);
    }
    if args.runs == 0 {
        return Err("--runs must be at least 1".into());
    }
    let site = match &args.site {
        Some(dir) => project::from_cwd(dir),
        None => {
            let out = project::root().join("target/site");
            crate::site::build(
                &project::corpus(),
                &project::reports(),
                &project::root().join("site-templates"),
                &out,
                args.quiet,
            )?;
            out
        }
    };
    let browser = chromium()?;
    let served = site
        .parent()
        .ok_or_else(|| format!("{}: the site needs a parent directory", site.display()))?
        .to_path_buf();
    let site_name = site
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{}: not a directory name", site.display()))?
        .to_string();
    let scratch = served.join(SCRATCH);
    let _ = std::fs::remove_dir_all(&scratch);
    let result = measure_all(args, &browser, &site, &site_name, &served, &scratch);
    // The other indexes and the packages are scratch: only the report stays.
    let _ = std::fs::remove_dir_all(&scratch);
    let report = result?;
    write(&reports, &report)
}

fn measure_all(
    args: &Args,
    browser: &Path,
    site: &Path,
    site_name: &str,
    served: &Path,
    scratch: &Path,
) -> Result<SearchReport, String> {
    let say = |message: &str| {
        if !args.quiet {
            eprintln!("search-compare: {message}");
        }
    };
    let entries = our_entries(site)?;
    std::fs::create_dir_all(scratch.join("elasticlunr"))
        .map_err(|e| format!("{}: {e}", scratch.display()))?;
    say("installing Pagefind and elasticlunr.js with npm");
    let packages = install_packages(scratch)?;
    say("building the elasticlunr-rs index");
    let elasticlunr_seconds = write_elasticlunr(&entries, &packages, scratch)?;
    say("running Pagefind on the site");
    let pagefind_seconds = run_pagefind(&packages, site, scratch)?;
    write_harnesses(scratch, site_name)?;
    let server = Server::start(served.to_path_buf())?;
    let port = server.port;

    let mut contenders = Vec::new();
    for contender in Contender::ALL {
        let (index_bytes, index_files) = index_size(served, site_name, contender)?;
        let mut measurements = Vec::new();
        for query in [GAME_QUERY, RARE_QUERY] {
            for protocol in [Protocol::File, Protocol::Http] {
                say(&format!("{} · “{query}” · {protocol:?}", contender.name()));
                let page = contender.page(site_name);
                let url = match protocol {
                    Protocol::File => format!("file://{}/{page}?q={query}", served.display()),
                    Protocol::Http => format!("http://127.0.0.1:{port}/{page}?q={query}"),
                };
                let mut runs = Vec::new();
                for n in 0..args.runs {
                    let profile = scratch.join(format!("profile-{n}"));
                    let sent_before = server.sent().len();
                    let mut run = open_and_wait(browser, &profile, &url)?;
                    if protocol == Protocol::Http {
                        // Pagefind reads its index in a worker, which the page's DevTools
                        // session does not see: over HTTP the server's own log counts.
                        run.resources = run.moment.map_or_else(Vec::new, |moment| {
                            server.sent()[sent_before..]
                                .iter()
                                .filter(|(_, at)| *at <= moment)
                                .map(|(path, _)| format!("http://127.0.0.1:{port}/{path}"))
                                .collect()
                        });
                    }
                    runs.push(run);
                }
                measurements.push(summarise(
                    &runs, query, protocol, served, site_name, contender, port,
                ));
            }
        }
        contenders.push(ContenderReport {
            contender,
            name: contender.name(),
            index_bytes,
            index_files,
            build_seconds: match contender {
                Contender::Ours => None,
                Contender::ElasticlunrFetched | Contender::ElasticlunrScript => {
                    Some(elasticlunr_seconds)
                }
                Contender::Pagefind => Some(pagefind_seconds),
            },
            measurements,
        });
    }
    let version = Command::new(browser)
        .arg("--version")
        .output()
        .map_err(|e| format!("{}: {e}", browser.display()))?;
    Ok(SearchReport {
        date: crate::bench::today(),
        machine: Machine::this(),
        browser: String::from_utf8_lossy(&version.stdout).trim().to_string(),
        runs: args.runs,
        entries: entries.len(),
        records: entries
            .iter()
            .filter(|e| e.kind == site::SearchKind::Evidence)
            .count(),
        pages: html_pages(site),
        game_query: GAME_QUERY.into(),
        rare_query: RARE_QUERY.into(),
        rare_entries: entries
            .iter()
            .filter(|e| {
                format!("{} {}", e.title, e.text)
                    .to_lowercase()
                    .contains(RARE_QUERY)
            })
            .count(),
        contenders,
    })
}

/// An entry of our index, as elasticlunr-rs is given it.
struct Document {
    kind: site::SearchKind,
    title: String,
    url: String,
    text: String,
}

/// Our index's entries, read back from the site's parts.
fn our_entries(site: &Path) -> Result<Vec<Document>, String> {
    let dir = site.join("static/search");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| {
            format!(
                "{}: {e} (render the site first: cargo xtask site)",
                dir.display()
            )
        })?
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    let mut documents = Vec::new();
    for path in paths {
        let script =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let part = site::read_part(&script).map_err(|e| format!("{}: {e}", path.display()))?;
        documents.extend(
            part.entries
                .into_iter()
                .map(|(title, url, text, _, _)| Document {
                    kind: part.kind,
                    title,
                    url,
                    text,
                }),
        );
    }
    if documents.is_empty() {
        return Err(format!("{}: the search index is empty", dir.display()));
    }
    Ok(documents)
}

fn html_pages(site: &Path) -> usize {
    let mut count = 0;
    let mut dirs = vec![site.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                count += 1;
            }
        }
    }
    count
}

/// Headless Chromium, as the site's browser tests find it.
fn chromium() -> Result<PathBuf, String> {
    let candidates = ["chromium", "chromium-browser", "google-chrome"];
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .flat_map(|dir| candidates.iter().map(move |c| dir.join(c)))
                .find(|p| p.is_file())
        })
        .ok_or_else(|| "no Chromium found (set CHROMIUM to its binary)".into())
}

/// Installs Pagefind and elasticlunr.js into the scratch directory; returns their
/// `node_modules`.
fn install_packages(scratch: &Path) -> Result<PathBuf, String> {
    let prefix = scratch.join("npm");
    let output = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&prefix)
        .arg(format!("pagefind@{PAGEFIND_VERSION}"))
        .arg(format!("elasticlunr@{}", elasticlunr::ELASTICLUNR_VERSION))
        .output()
        .map_err(|e| format!("npm is needed for Pagefind and elasticlunr.js: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "npm install failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(prefix.join("node_modules"))
}

/// elasticlunr-rs's index of our entries (title, kind, text; the address as the reference),
/// written as JSON and as a script, with elasticlunr.js beside them; returns the seconds the
/// index took to build.
fn write_elasticlunr(entries: &[Document], packages: &Path, scratch: &Path) -> Result<f64, String> {
    let started = Instant::now();
    let mut index = elasticlunr::Index::new(&["title", "kind", "body"]);
    for entry in entries {
        let kind = serde_json::to_value(entry.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        index.add_doc(&entry.url, [entry.title.as_str(), &kind, &entry.text]);
    }
    let json = index.to_json();
    let seconds = started.elapsed().as_secs_f64();
    let script = format!(
        "window.ELASTICLUNR_INDEX = {};\n",
        json.replace('<', "\\u003c")
    );
    let library = packages.join("elasticlunr/elasticlunr.min.js");
    let library = std::fs::read(&library).map_err(|e| format!("{}: {e}", library.display()))?;
    for (name, bytes) in [
        ("elasticlunr/index.json", json.as_bytes()),
        ("elasticlunr/index.js", script.as_bytes()),
        ("elasticlunr.min.js", library.as_slice()),
    ] {
        let path = scratch.join(name);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(seconds)
}

/// Pagefind's bundle of the site, in the scratch directory (the site is left as it is);
/// returns the seconds it took.
fn run_pagefind(packages: &Path, site: &Path, scratch: &Path) -> Result<f64, String> {
    let started = Instant::now();
    let output = Command::new(packages.join(".bin/pagefind"))
        .arg("--site")
        .arg(site)
        .arg("--output-path")
        .arg(scratch.join("pagefind"))
        .output()
        .map_err(|e| format!("cannot run Pagefind: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "Pagefind failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(started.elapsed().as_secs_f64())
}

/// The script every harness page shares: results listed as links, and the moment the first
/// was shown (or why none could be) set on the body, as the site's search page does.
const HARNESS_COMMON: &str = r#"var query = new URLSearchParams(location.search).get("q") || "";
function show(results) {
  var list = document.getElementById("results");
  results.forEach(function (r) {
    var item = document.createElement("li"), link = document.createElement("a");
    link.href = r.url; link.textContent = r.title; item.append(link); list.append(item);
  });
  if (list.children.length === 0) document.body.setAttribute("data-failed", "no results");
  else if (!document.body.hasAttribute("data-first-result-ms"))
    document.body.setAttribute("data-first-result-ms", String(Math.round(performance.now())));
}
function done() { document.body.setAttribute("data-done", ""); }
function fail(error) { console.error(String(error)); document.body.setAttribute("data-failed", String(error)); }
"#;

/// elasticlunr.js's search as mdBook configures it (title boosted, words expanded to their
/// continuations so that a word's start finds it, as ours does); documents in the index's store.
const ELASTICLUNR_SEARCH: &str = r#"function search(index) {
  var hits = index.search(query, { fields: { title: { boost: 2 }, kind: { boost: 1 }, body: { boost: 1 } }, bool: "AND", expand: true });
  show(hits.slice(0, 20).map(function (h) { return { url: "../SITE/" + h.ref, title: index.documentStore.getDoc(h.ref).title }; }));
  done();
}
"#;

fn write_harnesses(scratch: &Path, site_name: &str) -> Result<(), String> {
    let page = |title: &str, head: &str, script: &str| {
        format!(
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>{head}</head>\n\
             <body><ol id=\"results\"></ol>\n<script>\n{HARNESS_COMMON}</script>\n{script}\n</body></html>\n"
        )
        .replace("/SITE/", &format!("/{site_name}/"))
    };
    let library = r#"<script src="elasticlunr.min.js"></script>"#;
    let pages = [
        (
            "elasticlunr-fetched.html",
            page(
                "elasticlunr, fetched",
                library,
                &format!(
                    "<script>\n{ELASTICLUNR_SEARCH}fetch(\"elasticlunr/index.json\").then(function (r) {{ return r.json(); }})\n  \
                     .then(function (json) {{ search(elasticlunr.Index.load(json)); }}).catch(fail);\n</script>"
                ),
            ),
        ),
        (
            "elasticlunr-script.html",
            page(
                "elasticlunr, as a script",
                library,
                &format!(
                    "<script src=\"elasticlunr/index.js\"></script>\n<script>\n{ELASTICLUNR_SEARCH}\
                     try {{ search(elasticlunr.Index.load(window.ELASTICLUNR_INDEX)); }} catch (e) {{ fail(e); }}\n</script>"
                ),
            ),
        ),
        (
            // Five results' fragments first, as Pagefind's own interface loads them; then up
            // to twenty, for the game page's rank.
            "pagefind.html",
            page(
                "Pagefind",
                "",
                "<script type=\"module\">\ntry {\n  const pagefind = await import(\"./pagefind/pagefind.js\");\n  \
                 await pagefind.options({ baseUrl: \"/SITE/\" });\n  \
                 const search = await pagefind.search(query);\n  \
                 const shown = (data) => data.map((d) => ({ url: d.url, title: d.meta.title }));\n  \
                 show(shown(await Promise.all(search.results.slice(0, 5).map((r) => r.data()))));\n  \
                 show(shown(await Promise.all(search.results.slice(5, 20).map((r) => r.data()))));\n  \
                 done();\n} catch (e) { fail(e); }\n</script>",
            ),
        ),
    ];
    for (name, text) in pages {
        let path = scratch.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Bytes and files of a contender's index on disk.
fn index_size(served: &Path, site: &str, contender: Contender) -> Result<(u64, usize), String> {
    let mut bytes = 0;
    let mut files = 0;
    let mut dirs = vec![served.join(site), served.join(SCRATCH)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let relative = path
                .strip_prefix(served)
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            if contender.holds(site, &relative) {
                bytes += path.metadata().map_err(|e| e.to_string())?.len();
                files += 1;
            }
        }
    }
    if files == 0 {
        return Err(format!("{contender:?}: no index files found"));
    }
    Ok((bytes, files))
}

/// What one browser saw.
struct Run {
    /// When the first result showed, after navigation.
    first_result_ms: Option<u64>,
    /// That moment in milliseconds since the epoch.
    moment: Option<f64>,
    /// The files the page had read by then, the page included (their addresses), as its
    /// DevTools session saw them.
    resources: Vec<String>,
    links: Vec<String>,
    errors: Vec<String>,
}

/// What the page says once it has shown results or failed; `null` before.
const PROBE: &str = r##"(function () {
  var body = document.body;
  if (!body || location.href === "about:blank") return null;
  var first = body.getAttribute("data-first-result-ms"), failed = body.getAttribute("data-failed");
  var done = body.hasAttribute("data-complete-ms") || body.hasAttribute("data-done");
  if (!done && failed === null) return null;
  return {
    first: first === null ? null : Number(first),
    origin: performance.timeOrigin,
    page: location.href.split("?")[0],
    links: Array.prototype.map.call(document.querySelectorAll("#search-results a, #results a"),
      function (a) { return a.getAttribute("href"); }).slice(0, RANKED)
  };
})()"##;

/// Results read for the game page's rank.
const RANKED: usize = 20;

/// Opens `url` in a fresh browser and waits until the page shows a result, says it failed or
/// the time allowed runs out.
fn open_and_wait(browser: &Path, profile: &Path, url: &str) -> Result<Run, String> {
    let chromium = Browser::launch(browser, profile)?;
    let mut page = chromium.page()?;
    page.call("Runtime.enable", json!({}))?;
    page.call("Log.enable", json!({}))?;
    page.call("Network.enable", json!({}))?;
    page.call("Page.navigate", json!({ "url": url }))?;
    let started = Instant::now();
    let probe = PROBE.replace("RANKED", &RANKED.to_string());
    let seen = loop {
        let value = page.evaluate(&probe)?;
        if !value.is_null() || started.elapsed() > GIVE_UP {
            break value;
        }
        std::thread::sleep(Duration::from_millis(25));
    };
    let strings = |value: &Value| -> Vec<String> {
        value
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()
    };
    let first = seen["first"].as_f64();
    let moment = first.zip(seen["origin"].as_f64()).map(|(f, o)| o + f);
    Ok(Run {
        first_result_ms: first.map(|ms| ms.round() as u64),
        moment,
        resources: moment.map_or_else(Vec::new, |m| read_by(page.events(), m)),
        links: strings(&seen["links"]),
        errors: console_errors(page.events()),
    })
}

/// The addresses of the requests that had finished loading by `moment` (milliseconds since the
/// epoch, as the page's `performance.timeOrigin` counts). DevTools stamps a request's start with
/// both clocks and its end with the monotonic one only, so the end is placed from the start.
/// Resource timing would be simpler, but Chromium gives none for `file://`.
fn read_by(events: &[Value], moment: f64) -> Vec<String> {
    let mut started: BTreeMap<&str, (&str, f64, f64)> = BTreeMap::new();
    let mut read = Vec::new();
    for event in events {
        let params = &event["params"];
        let Some(id) = params["requestId"].as_str() else {
            continue;
        };
        match event["method"].as_str() {
            Some("Network.requestWillBeSent") => {
                if let (Some(url), Some(wall), Some(at)) = (
                    params["request"]["url"].as_str(),
                    params["wallTime"].as_f64(),
                    params["timestamp"].as_f64(),
                ) {
                    started.insert(id, (url, wall, at));
                }
            }
            Some("Network.loadingFinished") => {
                if let (Some((url, wall, at)), Some(end)) =
                    (started.get(id), params["timestamp"].as_f64())
                    && (wall + (end - at)) * 1000.0 <= moment
                {
                    read.push((*url).to_string());
                }
            }
            _ => {}
        }
    }
    read
}

/// The errors a page's console showed: exceptions, `console.error` and the browser's own
/// messages (a refused fetch, a blocked module).
fn console_errors(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| {
            let params = &event["params"];
            match event["method"].as_str()? {
                "Runtime.exceptionThrown" => {
                    let details = &params["exceptionDetails"];
                    details["exception"]["description"]
                        .as_str()
                        .or_else(|| details["text"].as_str())
                        .map(str::to_string)
                }
                "Runtime.consoleAPICalled" if params["type"] == "error" => Some(
                    params["args"]
                        .as_array()?
                        .iter()
                        .map(|a| {
                            a["value"]
                                .as_str()
                                .or_else(|| a["description"].as_str())
                                .unwrap_or_default()
                                .to_string()
                        })
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                "Log.entryAdded" if params["entry"]["level"] == "error" => {
                    params["entry"]["text"].as_str().map(str::to_string)
                }
                _ => None,
            }
        })
        .collect()
}

/// A run's resource address as a path relative to the served directory.
fn served_path(address: &str, served: &Path, port: u16) -> Option<String> {
    let path = address
        .strip_prefix(&format!("http://127.0.0.1:{port}/"))
        .map(str::to_string)
        .or_else(|| {
            let absolute = address.strip_prefix("file://")?;
            Path::new(&percent_decode(absolute))
                .strip_prefix(served)
                .ok()
                .map(|p| p.display().to_string())
        })?;
    Some(percent_decode(path.split(['?', '#']).next()?))
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[allow(clippy::too_many_arguments)]
fn summarise(
    runs: &[Run],
    query: &str,
    protocol: Protocol,
    served: &Path,
    site: &str,
    contender: Contender,
    port: u16,
) -> Measurement {
    let mut first_result_ms: Vec<u64> = runs.iter().filter_map(|r| r.first_result_ms).collect();
    first_result_ms.sort_unstable();
    let mut bytes = Vec::new();
    let mut index_bytes = Vec::new();
    for run in runs.iter().filter(|r| r.first_result_ms.is_some()) {
        let files: BTreeSet<String> = run
            .resources
            .iter()
            .filter_map(|address| served_path(address, served, port))
            .collect();
        let size = |file: &String| {
            std::fs::metadata(served.join(file))
                .map(|m| m.len())
                .unwrap_or(0)
        };
        bytes.push(files.iter().map(size).sum::<u64>());
        index_bytes.push(
            files
                .iter()
                .filter(|f| contender.holds(site, f))
                .map(size)
                .sum::<u64>(),
        );
    }
    bytes.sort_unstable();
    index_bytes.sort_unstable();
    let top: Vec<String> = runs
        .iter()
        .find(|r| !r.links.is_empty())
        .map(|r| r.links.iter().take(3).cloned().collect())
        .unwrap_or_default();
    let game_page_rank = (query == GAME_QUERY)
        .then(|| {
            runs.iter().find(|r| !r.links.is_empty()).and_then(|r| {
                r.links
                    .iter()
                    .position(|l| l.split('#').next().is_some_and(|l| l.ends_with(GAME_PAGE)))
                    .map(|at| at + 1)
            })
        })
        .flatten();
    let shorten = |text: &str| {
        text.replace(&format!("file://{}/", served.display()), "file:///…/")
            .replace(&format!("127.0.0.1:{port}"), "127.0.0.1:PORT")
            .replace(&served.display().to_string(), "…")
    };
    let errors: BTreeSet<String> = runs
        .iter()
        .flat_map(|r| r.errors.iter().map(|e| shorten(e)))
        .collect();
    Measurement {
        query: query.into(),
        protocol,
        failed_runs: runs.len() - first_result_ms.len(),
        first_result_ms,
        bytes_read: median(&bytes),
        index_bytes_read: median(&index_bytes),
        top: top.iter().map(|t| shorten(t)).collect(),
        game_page_rank,
        errors: errors.into_iter().collect(),
    }
}

/// A file the HTTP server sent: its path as asked, and when the last byte was written
/// (milliseconds since the epoch, the clock the page's `performance.timeOrigin` reads).
type Sent = (String, f64);

/// The local HTTP server: its port and what it has sent.
struct Server {
    port: u16,
    sent: Arc<Mutex<Vec<Sent>>>,
}

impl Server {
    /// Serves `root` on 127.0.0.1 at a port the system picks, a thread a connection, for as
    /// long as the command runs.
    fn start(root: PathBuf) -> Result<Server, String> {
        let listener =
            TcpListener::bind(("127.0.0.1", 0)).map_err(|e| format!("cannot listen: {e}"))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        let sent = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&sent);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let root = root.clone();
                let log = Arc::clone(&log);
                std::thread::spawn(move || {
                    // A browser closing a connection early is no concern of the measurement.
                    if let Ok(Some(path)) = answer(&root, stream) {
                        let now = SystemTime::now()
                            .duration_since(UNIX_EPOCH)
                            .map_or(0.0, |d| d.as_secs_f64() * 1000.0);
                        log.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push((path, now));
                    }
                });
            }
        });
        Ok(Server { port, sent })
    }

    fn sent(&self) -> Vec<Sent> {
        self.sent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// Answers one request; returns the path of the file sent, if one was.
fn answer(root: &Path, mut stream: TcpStream) -> std::io::Result<Option<String>> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let relative = percent_decode(target.split(['?', '#']).next().unwrap_or_default());
    let relative = relative.trim_start_matches('/');
    let file = (!relative.split('/').any(|part| part == ".."))
        .then(|| root.join(relative))
        .filter(|path| path.is_file());
    match file.and_then(|path| std::fs::read(&path).ok().map(|body| (path, body))) {
        Some((path, body)) => {
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                content_type(&path),
                body.len()
            )?;
            stream.write_all(&body)?;
            stream.flush()?;
            Ok(Some(relative.to_string()))
        }
        None => {
            write!(
                stream,
                "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )?;
            Ok(None)
        }
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    }
}

// ---- the report -------------------------------------------------------------------------

/// A row of the report's tables: a contender's figures for one query and protocol.
#[derive(Serialize)]
struct Row<'a> {
    name: &'a str,
    query: &'a str,
    protocol: Protocol,
    works: bool,
    median_ms: Option<u64>,
    spread: String,
    failed_runs: usize,
    bytes_read: Option<u64>,
    index_bytes_read: Option<u64>,
    game_page_rank: Option<usize>,
    top: &'a [String],
}

#[derive(Serialize)]
struct ContenderView<'a> {
    report: &'a ContenderReport,
    works_from_file: bool,
    errors_from_file: Vec<&'a str>,
    /// Where it falls short of ours, each a sentence; empty when it is as good on every axis.
    shortfalls: Vec<String>,
}

#[derive(Serialize)]
struct ReportView<'a> {
    report: &'a SearchReport,
    rows: Vec<Row<'a>>,
    contenders: Vec<ContenderView<'a>>,
    /// The contenders as good as ours on every axis (file:// included).
    better: Vec<&'a str>,
}

/// Where `other` falls short of `ours`: not working from `file://`, slower to a first result,
/// more bytes read before it, a larger index, the game's page not first.
fn shortfalls(ours: &ContenderReport, other: &ContenderReport) -> Vec<String> {
    let mut out = Vec::new();
    let mut refused = BTreeSet::new();
    for m in &other.measurements {
        let Some(mine) = ours
            .measurements
            .iter()
            .find(|o| o.query == m.query && o.protocol == m.protocol)
        else {
            continue;
        };
        if !m.works() {
            if m.protocol == Protocol::File {
                refused.insert(m.query.clone());
            } else {
                out.push(format!("no result for “{}” over HTTP", m.query));
            }
            continue;
        }
        let protocol = match m.protocol {
            Protocol::File => "from file://",
            Protocol::Http => "over HTTP",
        };
        if let (Some(theirs), Some(mine)) = (m.median_ms(), mine.median_ms())
            && theirs > mine
        {
            out.push(format!(
                "slower to the first result for “{}” {protocol}: {theirs} ms against {mine} ms",
                m.query
            ));
        }
        if let (Some(theirs), Some(mine)) = (m.bytes_read, mine.bytes_read)
            && theirs > mine
        {
            out.push(format!(
                "reads more before the first result for “{}” {protocol}: {theirs} bytes against {mine}",
                m.query
            ));
        }
        if m.query == GAME_QUERY && m.game_page_rank != Some(1) {
            out.push(format!(
                "the game's page is not first for “{}” {protocol} ({})",
                m.query,
                m.game_page_rank
                    .map_or("not among the first results".into(), |r| format!(
                        "it is result {r}"
                    ))
            ));
        }
    }
    if !refused.is_empty() {
        out.insert(
            0,
            format!(
                "does not work from file:// (no result for {})",
                refused
                    .iter()
                    .map(|q| format!("“{q}”"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    if other.index_bytes > ours.index_bytes {
        out.push(format!(
            "a larger index: {} bytes against {}",
            other.index_bytes, ours.index_bytes
        ));
    }
    out
}

fn view(report: &SearchReport) -> ReportView<'_> {
    let ours = report
        .contenders
        .iter()
        .find(|c| c.contender == Contender::Ours);
    let mut rows = Vec::new();
    for protocol in [Protocol::File, Protocol::Http] {
        for query in [&report.game_query, &report.rare_query] {
            for c in &report.contenders {
                for m in c
                    .measurements
                    .iter()
                    .filter(|m| m.protocol == protocol && &m.query == query)
                {
                    rows.push(Row {
                        name: &c.name,
                        query: &m.query,
                        protocol,
                        works: m.works(),
                        median_ms: m.median_ms(),
                        spread: match (m.first_result_ms.first(), m.first_result_ms.last()) {
                            (Some(low), Some(high)) => format!("{low}–{high}"),
                            _ => String::new(),
                        },
                        failed_runs: m.failed_runs,
                        bytes_read: m.bytes_read,
                        index_bytes_read: m.index_bytes_read,
                        game_page_rank: m.game_page_rank,
                        top: &m.top,
                    });
                }
            }
        }
    }
    let contenders: Vec<ContenderView<'_>> = report
        .contenders
        .iter()
        .map(|c| {
            let from_file: Vec<&Measurement> = c
                .measurements
                .iter()
                .filter(|m| m.protocol == Protocol::File)
                .collect();
            let mut errors: Vec<&str> = from_file
                .iter()
                .flat_map(|m| m.errors.iter().map(String::as_str))
                .collect();
            errors.sort_unstable();
            errors.dedup();
            ContenderView {
                report: c,
                works_from_file: !from_file.is_empty() && from_file.iter().all(|m| m.works()),
                errors_from_file: errors,
                shortfalls: match ours {
                    Some(ours) if c.contender != Contender::Ours => shortfalls(ours, c),
                    _ => Vec::new(),
                },
            }
        })
        .collect();
    let better = contenders
        .iter()
        .filter(|c| c.report.contender != Contender::Ours && c.shortfalls.is_empty())
        .map(|c| c.report.name.as_str())
        .collect();
    ReportView {
        report,
        rows,
        contenders,
        better,
    }
}

/// `reports/search.md`.
pub fn markdown(report: &SearchReport) -> String {
    let templates = MarkdownTemplates::new(&[(
        "search.md",
        include_str!("../../report-templates/search.md"),
    )])
    .expect("the search report's template parses (tested)");
    templates.render("search.md", &view(report))
}

fn write(reports: &Path, report: &SearchReport) -> Result<(), String> {
    let json = serde_json::to_string_pretty(report).map_err(|e| e.to_string())? + "\n";
    corpus::store::write_all_atomically([
        (reports.join("search.json"), json.as_bytes()),
        (reports.join("search.md"), markdown(report).as_bytes()),
    ])
    .map_err(|e| format!("{}: {e}", reports.display()))
}

/// search.md again from the search.json beside it.
fn render(reports: &Path) -> Result<(), String> {
    let path = reports.join("search.json");
    let report: SearchReport = crate::site::read_json(&path)?
        .ok_or_else(|| format!("{}: no report to render", path.display()))?;
    corpus::store::write_all_atomically([(reports.join("search.md"), markdown(&report).as_bytes())])
        .map_err(|e| format!("{}: {e}", reports.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measurement(query: &str, protocol: Protocol, ms: Option<u64>, bytes: u64) -> Measurement {
        Measurement {
            query: query.into(),
            protocol,
            first_result_ms: ms.into_iter().collect(),
            failed_runs: usize::from(ms.is_none()),
            bytes_read: ms.map(|_| bytes),
            index_bytes_read: ms.map(|_| bytes),
            top: Vec::new(),
            game_page_rank: (query == GAME_QUERY && ms.is_some()).then_some(1),
            errors: Vec::new(),
        }
    }

    /// A contender whose first results come after `ms` (none from `file://` unless
    /// `from_file`), having read `bytes`.
    fn contender(contender: Contender, ms: u64, from_file: bool, bytes: u64) -> ContenderReport {
        let mut measurements = Vec::new();
        for query in [GAME_QUERY, RARE_QUERY] {
            for protocol in [Protocol::File, Protocol::Http] {
                let works = from_file || protocol == Protocol::Http;
                measurements.push(measurement(query, protocol, works.then_some(ms), bytes));
            }
        }
        ContenderReport {
            contender,
            name: contender.name(),
            index_bytes: bytes,
            index_files: 1,
            build_seconds: None,
            measurements,
        }
    }

    fn report(contenders: Vec<ContenderReport>) -> SearchReport {
        SearchReport {
            date: "2026-01-01".into(),
            machine: Machine {
                cpu: "a CPU".into(),
                cores: 2,
                os: "linux".into(),
            },
            browser: "Chromium".into(),
            runs: 1,
            entries: 3,
            records: 1,
            pages: 4,
            game_query: GAME_QUERY.into(),
            rare_query: RARE_QUERY.into(),
            rare_entries: 1,
            contenders,
        }
    }

    fn better(report: &SearchReport) -> Vec<String> {
        view(report).better.iter().map(|b| b.to_string()).collect()
    }

    #[test]
    fn a_contender_is_chosen_only_when_as_good_on_every_axis_file_included() {
        let ours = || contender(Contender::Ours, 200, true, 1000);
        // Faster and smaller, but blind from file://: kept out, and the report says why.
        let blind = report(vec![
            ours(),
            contender(Contender::Pagefind, 100, false, 500),
        ]);
        assert!(better(&blind).is_empty());
        let text = markdown(&blind);
        assert!(text.contains("does not work from file://"), "{text}");
        assert!(text.contains("**Ours is kept.**"), "{text}");
        // The same from file:// too: chosen.
        let faster = report(vec![ours(), contender(Contender::Pagefind, 100, true, 500)]);
        assert_eq!(better(&faster), [Contender::Pagefind.name()]);
        assert!(markdown(&faster).contains("**Switch**"));
        // Slower, or larger: kept out.
        let slower = report(vec![ours(), contender(Contender::Pagefind, 300, true, 500)]);
        assert!(better(&slower).is_empty());
        let larger = report(vec![
            ours(),
            contender(Contender::Pagefind, 100, true, 5000),
        ]);
        assert!(better(&larger).is_empty());
        // The game's page not first: kept out.
        let mut misranked = contender(Contender::Pagefind, 100, true, 500);
        for m in &mut misranked.measurements {
            if m.query == GAME_QUERY {
                m.game_page_rank = Some(3);
            }
        }
        let misranked = report(vec![ours(), misranked]);
        assert!(better(&misranked).is_empty());
        assert!(markdown(&misranked).contains("it is result 3"));
    }

    #[test]
    fn a_request_counts_when_it_finished_before_the_first_result() {
        let event = |method: &str, params: Value| json!({ "method": method, "params": params });
        // Sent at wall time 1000 s (monotonic 5 s); one finishes 0.2 s later, one 0.6 s.
        let events = [
            event(
                "Network.requestWillBeSent",
                json!({ "requestId": "1", "request": { "url": "file:///a.js" }, "wallTime": 1000.0, "timestamp": 5.0 }),
            ),
            event(
                "Network.requestWillBeSent",
                json!({ "requestId": "2", "request": { "url": "file:///b.js" }, "wallTime": 1000.0, "timestamp": 5.0 }),
            ),
            event(
                "Network.loadingFinished",
                json!({ "requestId": "1", "timestamp": 5.2 }),
            ),
            event(
                "Network.loadingFinished",
                json!({ "requestId": "2", "timestamp": 5.6 }),
            ),
        ];
        assert_eq!(read_by(&events, 1_000_400.0), ["file:///a.js"]);
        assert_eq!(
            read_by(&events, 1_000_700.0),
            ["file:///a.js", "file:///b.js"]
        );
    }

    #[test]
    fn addresses_map_to_served_files() {
        let served = Path::new("/srv/target");
        assert_eq!(
            served_path("file:///srv/target/site/a%20b.html?q=x", served, 80).as_deref(),
            Some("site/a b.html")
        );
        assert_eq!(
            served_path("http://127.0.0.1:80/search-compare/p.js#x", served, 80).as_deref(),
            Some("search-compare/p.js")
        );
        assert_eq!(served_path("file:///elsewhere/x.js", served, 80), None);
    }

    /// The committed report is what the tool renders from its figures: search.md is never
    /// edited by hand, and a change to the template is rendered (`--render`).
    #[test]
    fn the_committed_report_is_rendered_from_its_figures() {
        let reports = project::reports();
        let report: SearchReport = crate::site::read_json(&reports.join("search.json"))
            .unwrap()
            .expect("reports/search.json is committed");
        let committed = std::fs::read_to_string(reports.join("search.md")).unwrap();
        assert!(
            committed == markdown(&report),
            "reports/search.md is not what `cargo xtask search-compare --render` writes"
        );
        assert_eq!(report.contenders.len(), Contender::ALL.len());
    }
}
