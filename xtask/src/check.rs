//! `cargo xtask check`: validate the whole corpus, reporting every problem.

use std::path::PathBuf;

use corpus::{Corpus, Report};

use crate::project;

#[derive(clap::Args)]
pub struct Args {
    /// Corpus directory to check [default: corpus/].
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let dir = args
        .corpus
        .as_deref()
        .map_or_else(project::corpus, project::from_cwd);
    let report = check_dir(&dir);
    let diagnostics = report.sorted();
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    for diagnostic in &diagnostics {
        if diagnostic.is_error() || !args.quiet {
            eprintln!("{diagnostic}");
        }
    }
    if errors > 0 {
        return Err(format!("{errors} problem(s) in {}", dir.display()));
    }
    if !args.quiet {
        crate::output::outln!("{}: corpus is valid", dir.display());
    }
    Ok(())
}

/// Every problem of the corpus in `dir`.
pub fn check_dir(dir: &std::path::Path) -> Report {
    let mut report = Report::default();
    let corpus = Corpus::load(dir, &mut report);
    report.extend(corpus::check::check_corpus(&corpus, dir).diagnostics);
    family_files(dir, &mut report);
    if project::same_dir(dir, &project::corpus()) {
        stale_family_files(dir, rulesets::embedded_family_files(), &mut report);
    }
    if !report.has_errors() {
        report.extend(verify::broken_links(&corpus, dir).diagnostics);
    }
    report
}

/// The families' game files in the corpus `dir`, each family's folder and its subfolders (the
/// race games read from Ludii's descriptions are in `race/ludii/`), in path order.
fn family_paths(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = rulesets::FAMILIES
        .iter()
        .map(|family| dir.join("families").join(family))
        .collect();
    let subfolders: Vec<PathBuf> = folders
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.extend(subfolders);
    let mut paths: Vec<PathBuf> = folders
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    paths
}

/// The families' game files as they are on disk (the registry embeds them at build time):
/// each that does not load is reported with its file, line, column and field.
fn family_files(dir: &std::path::Path, report: &mut Report) {
    let mut files: Vec<(String, String)> = Vec::new();
    for path in family_paths(dir) {
        match std::fs::read_to_string(&path) {
            Ok(text) => files.push((path.display().to_string(), text)),
            Err(error) => report.push(corpus::Diagnostic::error(&path, error.to_string())),
        }
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    for error in rulesets::read_family_files(&borrowed).errors {
        report.push(
            corpus::Diagnostic::error(&error.file, error.reason)
                .at(error.line, Some(error.column))
                .field(error.field),
        );
    }
}

/// Each family game file of the project's corpus that this build did not embed as it is now
/// (changed, added or removed since the registry was built, as `cargo xtask families` does):
/// the engines would play the old file, or none, so the run stops here with a word on what to
/// do, where it would otherwise report a ruleset naming an unknown game.
fn stale_family_files<'a>(
    dir: &std::path::Path,
    embedded: impl Iterator<Item = (&'a str, &'a str)>,
    report: &mut Report,
) {
    let root = dir.parent().unwrap_or(dir);
    let embedded: std::collections::BTreeMap<&str, &str> = embedded.collect();
    let mut on_disk = std::collections::BTreeSet::new();
    for path in family_paths(dir) {
        let Some(key) = path.strip_prefix(root).ok().and_then(|p| p.to_str()) else {
            continue;
        };
        let key = key.replace('\\', "/");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if embedded.get(key.as_str()) != Some(&text.as_str()) {
            report.push(corpus::Diagnostic::error(
                &path,
                "the engines were built with another copy of this game file (or none): run the \
                 command again, which builds them with it",
            ));
        }
        on_disk.insert(key);
    }
    for path in embedded.keys().filter(|path| !on_disk.contains(**path)) {
        report.push(corpus::Diagnostic::error(
            root.join(path),
            "the engines were built with this game file, which is gone: run the command again, \
             which builds them without it",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-edited files with several problems: each is reported with its file and line.
    #[test]
    fn every_problem_is_reported_with_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let write = |path: &str, text: &str| {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "evidence/DLP.Evidence.1.yaml",
            "id: DLP.Evidence.1\ngame: nowhere\nconfidence: 150\ndate:\n  start: 1700-01-01\n  end: 1600-01-01\nsources:\n- lost-1900\npages:\n- file: a.txt\n",
        );
        write(
            "evidence/DLP.Evidence.2.yaml",
            "id: DLP.Evidence.2\nconfidence: 10\nconfidence: 20\npages: []\n",
        );
        write("sources/a-1900.yaml", "key: b-1900\nauthors: A\n");
        write(
            "games/g.yaml",
            "key: g\nname: G\nevidence:\n- DLP.Evidence.404\n",
        );
        let report = check_dir(root);
        let shown: Vec<String> = report
            .sorted()
            .iter()
            .map(|d| d.to_string().replace(&format!("{}/", root.display()), ""))
            .collect();
        let expected = [
            "evidence/DLP.Evidence.1.yaml:2: error: field `game`: game \"nowhere\" has no file games/nowhere.yaml",
            "evidence/DLP.Evidence.1.yaml:3: error: field `confidence`: 150 is not between 0 and 100",
            "evidence/DLP.Evidence.1.yaml:5: error: field `date.start`: starts (1700-01-01) after it ends (1600-01-01)",
            "evidence/DLP.Evidence.1.yaml:7: error: field `sources`: source \"lost-1900\" has no file sources/lost-1900.yaml",
        ];
        for line in expected {
            assert!(
                shown.iter().any(|s| s == line),
                "missing {line:?} in {shown:#?}"
            );
        }
        assert!(
            shown.iter().any(
                |s| s.starts_with("evidence/DLP.Evidence.2.yaml:3:") && s.contains("duplicate")
            ),
            "{shown:#?}"
        );
        assert!(
            shown
                .iter()
                .any(|s| s.starts_with("sources/a-1900.yaml:1: error: field `key`")),
            "{shown:#?}"
        );
        assert!(shown.iter().any(|s| s.starts_with("games/g.yaml:3: error: field `evidence`: DLP.Evidence.404")), "{shown:#?}");
    }

    /// A game file changed, added or removed after the build is reported by name; the others
    /// are not.
    #[test]
    fn family_files_the_build_did_not_embed_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("corpus");
        let sowing = corpus.join("families/sowing");
        std::fs::create_dir_all(sowing.join("sub")).unwrap();
        std::fs::write(sowing.join("same.yaml"), "a").unwrap();
        std::fs::write(sowing.join("changed.yaml"), "new").unwrap();
        std::fs::write(sowing.join("sub/added.yaml"), "b").unwrap();
        let embedded = [
            ("corpus/families/sowing/same.yaml", "a"),
            ("corpus/families/sowing/changed.yaml", "old"),
            ("corpus/families/sowing/gone.yaml", "c"),
        ];
        let mut report = Report::default();
        stale_family_files(&corpus, embedded.into_iter(), &mut report);
        let mut files: Vec<String> = report
            .sorted()
            .iter()
            .map(|d| {
                d.file
                    .strip_prefix(dir.path())
                    .unwrap()
                    .display()
                    .to_string()
            })
            .collect();
        files.sort();
        assert_eq!(
            files,
            [
                "corpus/families/sowing/changed.yaml",
                "corpus/families/sowing/gone.yaml",
                "corpus/families/sowing/sub/added.yaml",
            ]
        );
    }
}
