//! Data-driven ingestion tests: every directory under `tests/cases/` holds saved pages
//! (`pages/`), a database dump in the shape of the DLP's export (`export.sql`), or both, and
//! `expected.txt`, the corpus files they give (or the diagnostics that stop them).
//! Run with `UPDATE_EXPECT=1` to rewrite the expectations, then review the diff.

use std::fmt::Write;
use std::fs;
use std::path::Path;

use corpus::Report;

fn render_diagnostics(out: &mut String, report: &Report, case: &Path) {
    for diagnostic in &report.diagnostics {
        let shown = diagnostic
            .to_string()
            .replace(&format!("{}/", case.display()), "");
        writeln!(out, "{shown}").unwrap();
    }
}

/// What a case's pages give, as text.
fn outcome(case: &Path) -> String {
    let mut out = String::new();
    let pages = case.join("pages");
    let export = case.join("export.sql");
    let result = ingest::ingest(
        pages.is_dir().then_some(pages.as_path()),
        export.is_file().then_some(export.as_path()),
    );
    match result {
        Ok((corpus, report)) => {
            for (path, text) in corpus.generated_files() {
                writeln!(out, "== {}", path.display()).unwrap();
                out.push_str(&text);
            }
            if !report.diagnostics.is_empty() {
                out.push_str("== warnings\n");
                render_diagnostics(&mut out, &report, case);
            }
        }
        Err(report) => {
            out.push_str("== ingestion fails\n");
            render_diagnostics(&mut out, &report, case);
        }
    }
    out
}

#[test]
fn cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut cases: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 15, "the case directories are missing");
    let mut failures = Vec::new();
    for case in &cases {
        let actual = outcome(case);
        let expected_path = case.join("expected.txt");
        if update {
            fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "{}:\n--- expected\n{expected}\n--- actual\n{actual}",
                expected_path.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) differ (UPDATE_EXPECT=1 rewrites them):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
