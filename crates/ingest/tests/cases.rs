//! Data-driven ingestion tests: every directory under `tests/cases/` holds saved pages
//! (`pages/`), a database dump in the shape of the DLP's export (`export.sql`, or
//! `export.edit`: another case's dump with one defect made in it), or both, and
//! `expected.txt`, the corpus files they give (or the diagnostics that stop them).
//! Run with `UPDATE_EXPECT=1` to rewrite the expectations, then review the diff.

use std::fmt::Write;
use std::fs;
use std::path::Path;

use corpus::Report;

fn render_diagnostics(out: &mut String, report: &Report, dirs: &[&Path]) {
    for diagnostic in &report.diagnostics {
        let mut shown = diagnostic.to_string();
        for dir in dirs {
            shown = shown.replace(&format!("{}/", dir.display()), "");
        }
        writeln!(out, "{shown}").unwrap();
    }
}

/// A dump made from another case's by `export.edit`: `base: PATH` (relative to the case),
/// then `replace:`/`with:` pairs, `cut-after:` or `cut-before:`, with `\n` for line breaks.
fn edited_dump(case: &Path, edit: &str) -> String {
    let mut text = None::<String>;
    let mut replace = None::<String>;
    for line in edit
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (key, value) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("{}: {line:?}", case.display()));
        let value = value.replace("\\n", "\n");
        let dump = |text: &mut Option<String>| text.take().expect("`base:` comes first");
        text = Some(match key {
            "base" => fs::read_to_string(case.join(&value)).unwrap(),
            "replace" => {
                replace = Some(value);
                dump(&mut text)
            }
            "with" => {
                let from = replace.take().expect("`replace:` before `with:`");
                let base = dump(&mut text);
                assert_eq!(
                    base.matches(&from).count(),
                    1,
                    "{}: {from:?} must occur once",
                    case.display()
                );
                base.replacen(&from, &value, 1)
            }
            "cut-after" => {
                let base = dump(&mut text);
                let at = base.find(&value).expect("the cut is in the dump") + value.len();
                base[..at].to_string()
            }
            "cut-before" => {
                let base = dump(&mut text);
                let at = base.find(&value).expect("the cut is in the dump");
                base[..at].to_string()
            }
            other => panic!("{}: unknown edit {other:?}", case.display()),
        });
    }
    text.expect("an edit names its base")
}

/// What a case's pages give, as text.
fn outcome(case: &Path) -> String {
    let mut out = String::new();
    let pages = case.join("pages");
    let mut export = case.join("export.sql");
    // The edited dump is written under the same name, so that messages read the same.
    let scratch = tempfile::tempdir().unwrap();
    if let Ok(edit) = fs::read_to_string(case.join("export.edit")) {
        export = scratch.path().join("export.sql");
        fs::write(&export, edited_dump(case, &edit)).unwrap();
    }
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
                render_diagnostics(&mut out, &report, &[case, scratch.path()]);
            }
        }
        Err(report) => {
            out.push_str("== ingestion fails\n");
            render_diagnostics(&mut out, &report, &[case, scratch.path()]);
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
