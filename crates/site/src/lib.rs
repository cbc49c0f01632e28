//! The evidence site: every record, game, source and report of the corpus as static HTML,
//! rendered with the tera templates of `site-templates/`.
//!
//! [`render`] builds the whole site in memory and checks it (links, anchors, HTML) before
//! anything is written; [`Site::write`] then swaps it into place, so a failed build leaves
//! the previous site untouched.

mod charts;
pub mod checks;
mod pages;
mod search;
mod templates;
mod views;
mod world;

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;

use corpus::Corpus;
use verify::report::{Simulations, Verification};

pub use checks::{LinkProblem, Problem, ProblemKind};
pub use search::{Kind as SearchKind, ReadEntry, ReadPart, ReadPartError, read_part};
pub use templates::{Templates, TemplatesError};

/// Everything a site is rendered from.
pub struct Inputs<'a> {
    /// The corpus.
    pub corpus: &'a Corpus,
    /// `reports/verification.json`, when verification has run.
    pub verification: Option<&'a Verification>,
    /// `reports/simulations.json`.
    pub simulations: Option<&'a Simulations>,
    /// `reports/bench.json`.
    pub bench: Option<&'a benchmarks::report::BenchReport>,
    /// The licence of the DLP's data (`corpus/export/LICENSE`), shown on the site and shipped
    /// with the downloads.
    pub dlp_licence: Option<&'a str>,
}

/// A rendered site: file contents by path relative to the site root.
#[derive(Debug)]
pub struct Site {
    /// File contents by path.
    pub files: BTreeMap<PathBuf, Vec<u8>>,
}

/// Renders and checks the site. `progress` counts pages as they are rendered.
pub fn render(
    inputs: &Inputs<'_>,
    templates: &Templates,
    progress: Option<&AtomicU64>,
) -> Result<Site, Vec<Problem>> {
    let mut files = pages::render_all(inputs, templates, progress)?;
    for (name, bytes) in templates.statics() {
        files.insert(Path::new("static").join(name), bytes.clone());
    }
    for (name, bytes) in downloads::files(inputs.corpus, inputs.verification, inputs.dlp_licence) {
        files.insert(Path::new(downloads::FOLDER).join(name), bytes);
    }
    let problems = checks::check(&files);
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Site { files })
}

/// How many pages a site of this corpus has, for progress bars.
pub fn page_count(corpus: &Corpus) -> u64 {
    pages::page_count(corpus)
}

impl Site {
    /// Pages, not counting static files.
    pub fn pages(&self) -> usize {
        self.files
            .keys()
            .filter(|p| p.extension().is_some_and(|e| e == "html"))
            .count()
    }

    /// Writes the site into `out`, replacing what was there only once every file is written.
    pub fn write(&self, out: &Path) -> io::Result<()> {
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&parent)?;
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "site".into());
        let staging = parent.join(format!(".{name}.new-{}", std::process::id()));
        let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
        let _ = fs::remove_dir_all(&staging);
        let written = (|| {
            for (path, bytes) in &self.files {
                let path = staging.join(path);
                if let Some(dir) = path.parent() {
                    fs::create_dir_all(dir)?;
                }
                fs::write(path, bytes)?;
            }
            Ok(())
        })();
        if let Err(error) = written {
            let _ = fs::remove_dir_all(&staging);
            return Err(error);
        }
        if out.exists() {
            fs::rename(out, &retired)?;
        }
        if let Err(error) = fs::rename(&staging, out) {
            let _ = fs::rename(&retired, out);
            let _ = fs::remove_dir_all(&staging);
            return Err(error);
        }
        let _ = fs::remove_dir_all(&retired);
        Ok(())
    }
}
