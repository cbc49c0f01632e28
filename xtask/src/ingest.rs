//! `cargo xtask ingest`: pages → corpus.

use std::path::PathBuf;
use std::time::Duration;

use corpus::Report;
use corpus::store::{diff_generated, replace_generated};

use crate::project;

#[derive(clap::Args, Default)]
pub struct Args {
    /// Directory of saved pages to read [default: corpus/pages, the shipped pages].
    #[arg(long, value_name = "DIR")]
    pub pages: Option<PathBuf>,
    /// The DLP's database export to read [default: corpus/export/ludiiGames.sql].
    #[arg(long, value_name = "FILE", conflicts_with = "no_export")]
    pub export: Option<PathBuf>,
    /// Read the saved pages only, without the export.
    #[arg(long)]
    pub no_export: bool,
    /// Corpus directory to write [default: corpus/].
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Write nothing; fail, listing the files, if the corpus is not what the pages give.
    #[arg(long)]
    pub check: bool,
    /// Download these pages into the pages directory first.
    #[arg(long, value_name = "URL", num_args = 1..)]
    pub fetch: Vec<String>,
    /// Seconds to wait between two downloads.
    #[arg(long, default_value_t = 2.0)]
    pub delay: f64,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let pages = args
        .pages
        .as_deref()
        .map_or_else(project::pages, project::from_cwd);
    let corpus_dir = args
        .corpus
        .as_deref()
        .map_or_else(project::corpus, project::from_cwd);
    if !args.fetch.is_empty() {
        if args.check {
            return Err("--check compares the corpus with pages already saved; it cannot be combined with --fetch".into());
        }
        let config = ingest::fetch::FetchConfig {
            delay: Duration::from_secs_f64(args.delay.max(0.0)),
            ..Default::default()
        };
        let fetched = ingest::fetch::fetch_pages(&args.fetch, &pages, &config)
            .map_err(|e| format!("fetch failed: {e}"))?;
        if !args.quiet {
            for page in &fetched {
                crate::output::outln!("fetched {} -> {}", page.record.url, page.path.display());
            }
        }
    }
    let export = (!args.no_export).then(|| {
        args.export
            .as_deref()
            .map_or_else(project::export, project::from_cwd)
    });
    let (corpus, report) =
        ingest::ingest(Some(&pages), export.as_deref()).map_err(|report| failure(&report))?;
    print_warnings(&report, args.quiet);
    let files = corpus.generated_files();
    if args.check {
        let differences = diff_generated(&corpus_dir, &files)
            .map_err(|e| format!("cannot read {}: {e}", corpus_dir.display()))?;
        if differences.is_empty() {
            if !args.quiet {
                crate::output::outln!("corpus is what the pages give ({} files)", files.len());
            }
            return Ok(());
        }
        let mut message = format!(
            "the corpus in {} is not what the pages give:\n",
            corpus_dir.display()
        );
        for difference in differences {
            message.push_str(&format!("  {difference}\n"));
        }
        message.push_str("run `cargo xtask ingest` and commit the result");
        return Err(message);
    }
    let changes = replace_generated(&corpus_dir, &files)
        .map_err(|e| format!("cannot write {}: {e}", corpus_dir.display()))?;
    if !args.quiet {
        crate::output::outln!(
            "ingested {} evidence records, {} rulesets, {} games, {} sources into {} ({} files changed)",
            corpus.evidence.len(),
            corpus.portal_rulesets.len(),
            corpus.games.len(),
            corpus.sources.len(),
            corpus_dir.display(),
            changes.len()
        );
    }
    Ok(())
}

pub fn failure(report: &Report) -> String {
    let mut message = String::from("the inputs cannot be ingested; nothing was written:\n");
    for diagnostic in report.diagnostics.iter() {
        message.push_str(&format!("  {diagnostic}\n"));
    }
    message.trim_end().to_string()
}

/// Prints the warnings: every one when there are few, else a count per kind and where the
/// full list is (the records keep every flagged and superseded value).
pub fn print_warnings(report: &Report, quiet: bool) {
    if quiet {
        return;
    }
    let warnings: Vec<_> = report.warnings().collect();
    if warnings.len() <= 20 || std::env::var_os("INGEST_ALL_WARNINGS").is_some() {
        for warning in warnings {
            eprintln!("{warning}");
        }
        return;
    }
    for warning in warnings.iter().take(10) {
        eprintln!("{warning}");
    }
    eprintln!(
        "… and {} more warnings (INGEST_ALL_WARNINGS=1 prints them all; the records keep each value under `flags` or `superseded`)",
        warnings.len() - 10
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_corpus_is_what_the_shipped_pages_give() {
        let result = run(&Args {
            check: true,
            quiet: true,
            ..Args::default()
        });
        assert!(result.is_ok(), "{}", result.unwrap_err());
    }

    #[test]
    fn a_failed_run_leaves_the_target_corpus_as_it_was() {
        let inputs = tempfile::tempdir().unwrap();
        let target = tempfile::tempdir().unwrap();
        let pages = inputs.path().join("pages");
        std::fs::create_dir(&pages).unwrap();
        for entry in std::fs::read_dir(project::pages()).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, pages.join(path.file_name().unwrap())).unwrap();
        }
        let export = inputs.path().join("ludiiGames.sql");
        let dump = std::fs::read_to_string(project::export()).unwrap();
        std::fs::write(&export, &dump).unwrap();
        let args = Args {
            pages: Some(pages.clone()),
            export: Some(export.clone()),
            corpus: Some(target.path().into()),
            quiet: true,
            ..Args::default()
        };
        run(&args).unwrap();
        let before = snapshot(target.path());
        let evidence = before
            .iter()
            .filter(|(p, _)| p.parent().is_some_and(|d| d.ends_with("evidence")))
            .count();
        assert_eq!(
            evidence, 1270,
            "the export's 1,266 records and the pages' newer ones"
        );

        // One bad value is flagged and kept; it does not refuse the page or the run.
        std::fs::write(
            pages.join("zz.txt"),
            "Evidence for Tuz\n\nId DLP.Evidence.5\nDate 1694-02-30 - 1694-12-31\n",
        )
        .unwrap();
        run(&args).unwrap();
        let flagged =
            std::fs::read_to_string(target.path().join("evidence/DLP.Evidence.5.yaml")).unwrap();
        assert!(
            flagged.contains("value: 1694-02-30 - 1694-12-31"),
            "{flagged}"
        );
        assert!(flagged.contains("at: zz.txt:4 (Date)"), "{flagged}");
        std::fs::remove_file(pages.join("zz.txt")).unwrap();
        run(&args).unwrap();
        assert_eq!(snapshot(target.path()), before);

        // A dump cut short is an error naming its line, and nothing is written.
        let cut = &dump[..dump.find("(682, 2, 191").unwrap() + 40];
        std::fs::write(&export, cut).unwrap();
        let error = run(&args).unwrap_err();
        assert!(error.contains("ludiiGames.sql:701:"), "{error}");
        assert_eq!(
            snapshot(target.path()),
            before,
            "nothing may change after a failed run"
        );
    }

    fn snapshot(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
        let mut files = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    files.push((path.clone(), std::fs::read(&path).unwrap()));
                }
            }
        }
        files.sort();
        files
    }
}
