//! The ingester: saved Ludii Portal pages in, corpus records out.
//!
//! A page goes through four steps, each its own module: [`page`] decodes the bytes (HTML is
//! flattened by [`html`] into the lines the text renderings have), [`layout`] finds records and
//! fields in whichever layout the portal used, [`records`] reads each field's value into the
//! corpus model (dates, coordinates, quotations and their language, sources), and [`assemble`]
//! merges records met on several pages and overlays them on the DLP's database export, which
//! [`sql`] parses and [`export`] maps. [`fetch`] downloads new pages.

pub mod assemble;
pub mod export;
pub mod fetch;
mod html;
mod labels;
mod lang;
mod layout;
mod page;
pub mod records;
mod sql;
mod values;

use std::fs;
use std::path::{Path, PathBuf};

use corpus::{Corpus, Diagnostic, FetchRecord, PageRef, Report};

/// The suffix of the metadata file stored beside a downloaded page.
pub const FETCH_RECORD_SUFFIX: &str = ".source.yaml";

/// Reads one saved page into records. `name` is the page's path relative to the pages
/// directory; `shown` is the path used in messages.
pub fn read_page(
    name: &str,
    shown: &Path,
    bytes: &[u8],
    fetched: Option<&FetchRecord>,
    report: &mut Report,
) -> records::PageRecords {
    let text = match page::decode(shown, bytes) {
        Ok(text) => text,
        Err(diagnostic) => {
            report.push(diagnostic);
            return records::PageRecords::default();
        }
    };
    if text.lines.iter().all(|l| l.text.trim().is_empty()) {
        report.push(Diagnostic::error(shown, "the page is empty"));
        return records::PageRecords::default();
    }
    let html_closed = text.was_html && {
        let lower = String::from_utf8_lossy(bytes).to_ascii_lowercase();
        lower.contains("</html>") || lower.contains("</body>")
    };
    let raw = layout::parse_page(&text, html_closed);
    let page_ref = PageRef {
        file: name.to_string(),
        url: fetched.map(|f| f.url.clone()),
        title: raw.title.clone(),
    };
    records::records_of(&raw, page_ref, shown, report)
}

/// The saved pages of a directory, sorted by name (metadata and hidden files left out).
pub fn page_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            !name.starts_with('.') && !name.ends_with(FETCH_RECORD_SUFFIX) && name != "README.md"
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Ingests every page of `dir`, without an export.
pub fn ingest_dir(dir: &Path) -> Result<(Corpus, Report), Report> {
    ingest(Some(dir), None)
}

/// Reads the DLP's export, if given, and every saved page of `pages`, if given, into one
/// corpus. Warnings (flagged values, superseded export values) come back with the corpus;
/// any error fails the whole run, so that nothing is written from a partial reading.
pub fn ingest(pages: Option<&Path>, export: Option<&Path>) -> Result<(Corpus, Report), Report> {
    let mut report = Report::default();
    let exported = export.and_then(|path| read_export_file(path, &mut report));
    let pages = match pages {
        Some(dir) => read_pages(dir, &mut report),
        None => vec![],
    };
    if export.is_none() && pages.is_empty() && !report.has_errors() {
        report.push(Diagnostic::error(
            Path::new("."),
            "no pages and no export to ingest",
        ));
    }
    if report.has_errors() {
        return Err(report);
    }
    let corpus = assemble::assemble(pages, exported, &mut report);
    if report.has_errors() {
        Err(report)
    } else {
        Ok((corpus, report))
    }
}

/// Reads a dump file; its name is what records keep as their export reference.
pub fn read_export_file(
    path: &Path,
    report: &mut Report,
) -> Option<(PathBuf, export::ExportRecords)> {
    let text = match corpus::store::read_text(path) {
        Ok(text) => text,
        Err(diagnostic) => {
            report.push(diagnostic);
            return None;
        }
    };
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(export::DUMP_FILE);
    export::read_export(path, name, &text, report).map(|records| (path.to_path_buf(), records))
}

fn read_pages(dir: &Path, report: &mut Report) -> Vec<(PathBuf, records::PageRecords)> {
    let files = match page_files(dir) {
        Ok(files) => files,
        Err(error) => {
            report.push(Diagnostic::error(
                dir,
                format!("cannot list the pages: {error}"),
            ));
            return vec![];
        }
    };
    if files.is_empty() {
        report.push(Diagnostic::error(dir, "no pages to ingest"));
        return vec![];
    }
    let mut pages = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let fetched = read_fetch_record(&path, report);
        match fs::read(&path) {
            Ok(bytes) => pages.push((
                path.clone(),
                read_page(&name, &path, &bytes, fetched.as_ref(), report),
            )),
            Err(error) => report.push(Diagnostic::error(&path, format!("cannot read: {error}"))),
        }
    }
    pages
}

fn read_fetch_record(page: &Path, report: &mut Report) -> Option<FetchRecord> {
    let mut sidecar = page.as_os_str().to_owned();
    sidecar.push(FETCH_RECORD_SUFFIX);
    let sidecar = PathBuf::from(sidecar);
    let text = fs::read_to_string(&sidecar).ok()?;
    match corpus::yaml::from_yaml(&sidecar, &text) {
        Ok(record) => Some(record),
        Err(diagnostic) => {
            report.push(diagnostic);
            None
        }
    }
}
