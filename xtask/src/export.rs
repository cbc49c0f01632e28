//! `cargo xtask export`: the corpus as downloads (CSV tables, one JSON file, a data dictionary,
//! the sources as BibTeX and CSL-JSON), the same files the site offers under `downloads/`.

use std::path::PathBuf;

use corpus::{Corpus, Report};
use verify::report::Verification;

use crate::{project, site};

#[derive(clap::Args, Default)]
pub struct Args {
    /// Where the files go [default: target/downloads].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Corpus directory [default: corpus/].
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Reports directory, for the claims' verdicts and the clause coverage [default: reports/].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let dir = |given: &Option<PathBuf>, default: PathBuf| {
        given.as_deref().map_or(default, project::from_cwd)
    };
    let out = dir(&args.out, project::root().join("target/downloads"));
    let corpus_dir = dir(&args.corpus, project::corpus());
    let reports = dir(&args.reports, project::reports());
    let mut report = Report::default();
    let corpus = Corpus::load(&corpus_dir, &mut report);
    if report.has_errors() {
        let lines: Vec<String> = report.sorted().iter().map(ToString::to_string).collect();
        return Err(format!("the corpus cannot be read:\n{}", lines.join("\n")));
    }
    let verification: Option<Verification> = site::read_json(&reports.join("verification.json"))?;
    let licence = std::fs::read_to_string(corpus_dir.join("export/LICENSE")).ok();
    let files = downloads::files(&corpus, verification.as_ref(), licence.as_deref());
    corpus::store::write_all_atomically(
        files
            .iter()
            .map(|(name, bytes)| (out.join(name), bytes.as_slice())),
    )
    .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    if !args.quiet {
        eprintln!("export: {} files in {}", files.len(), out.display());
    }
    Ok(())
}
