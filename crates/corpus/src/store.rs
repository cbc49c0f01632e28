//! A corpus directory: loading every file with diagnostics, rendering the files the ingester
//! owns, and replacing them without ever leaving a half-written corpus behind.
//!
//! ```text
//! corpus/
//!   pages/                  raw portal pages (input), with <page>.source.yaml when fetched
//!   evidence/<id>.yaml      generated from the pages
//!   rulesets/DLP.*.yaml     generated: portal rulesets
//!   rulesets/<key>.yaml     written by hand: executable rulesets
//!   games/<key>.yaml        generated
//!   sources/<key>.yaml      generated
//!   claims/<game>.yaml      written by hand: testable claims of the sources
//!   coverage/<id>.yaml      written by hand: clause coverage of a Rules text
//!   coverage/<name>.yaml    written by hand: of one Rules text its `records:` share
//!   ludii/figures/          every figure of Ludii's own play and speed, in one folder:
//!     measured.yaml         written by hand: Ludii's play of the seven games (`verify::ludii`)
//!     speed.yaml            written by hand: Ludii's speed on them and the goals (`ludii::Speed`)
//!     *.csv                 as measured: Ludii's play of each description (`LudiiFigures`)
//! ```

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::diag::{Diagnostic, Report};
use crate::model::*;
use crate::yaml::{from_yaml, to_yaml};

/// Paths inside a corpus directory.
#[derive(Clone, Debug)]
pub struct CorpusLayout {
    /// The corpus's folder.
    pub root: PathBuf,
}

impl CorpusLayout {
    /// The corpus in folder `root`.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The saved pages' folder.
    pub fn pages(&self) -> PathBuf {
        self.root.join("pages")
    }

    /// The folder of one kind of file.
    pub fn dir(&self, kind: FileKind) -> PathBuf {
        self.root.join(kind.dir())
    }
}

/// The kinds of file a corpus holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileKind {
    /// `evidence/`.
    Evidence,
    /// DLP's portal rulesets (`rulesets/DLP.GameRulesets.N.yaml`).
    PortalRuleset,
    /// Executable rulesets (`rulesets/<key>.yaml`).
    ExecutableRuleset,
    /// `games/`.
    Game,
    /// `sources/`.
    Source,
    /// `claims/`.
    Claims,
    /// `coverage/`.
    Coverage,
}

impl FileKind {
    /// Every kind, in the order files are checked.
    pub const ALL: [FileKind; 7] = [
        Self::Evidence,
        Self::PortalRuleset,
        Self::ExecutableRuleset,
        Self::Game,
        Self::Source,
        Self::Claims,
        Self::Coverage,
    ];

    /// The kind's folder, relative to the corpus.
    pub fn dir(self) -> &'static str {
        match self {
            Self::Evidence => "evidence",
            Self::PortalRuleset | Self::ExecutableRuleset => "rulesets",
            Self::Game => "games",
            Self::Source => "sources",
            Self::Claims => "claims",
            Self::Coverage => "coverage",
        }
    }

    /// Whether `cargo xtask ingest` owns (writes and deletes) files of this kind.
    pub fn is_generated(self) -> bool {
        matches!(
            self,
            Self::Evidence | Self::PortalRuleset | Self::Game | Self::Source
        )
    }

    /// Which kind a file name in [`Self::dir`] is; `rulesets/` holds two kinds.
    fn matches(self, file_name: &str) -> bool {
        let portal = file_name.starts_with("DLP.");
        match self {
            Self::PortalRuleset => portal,
            Self::ExecutableRuleset => !portal,
            _ => true,
        }
    }

    /// Relative path of the file holding `key`.
    pub fn path(self, key: &str) -> PathBuf {
        Path::new(self.dir()).join(format!("{key}.yaml"))
    }
}

/// Everything in a corpus directory.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    /// Evidence records by id.
    pub evidence: BTreeMap<String, Evidence>,
    /// DLP's portal rulesets by id.
    pub portal_rulesets: BTreeMap<String, PortalRuleset>,
    /// Games by key.
    pub games: BTreeMap<String, Game>,
    /// Sources by key.
    pub sources: BTreeMap<String, Source>,
    /// Executable rulesets by key.
    pub rulesets: BTreeMap<String, ExecutableRuleset>,
    /// Claims by game key.
    pub claims: BTreeMap<String, ClaimFile>,
    /// Clause coverage by record id.
    pub coverage: BTreeMap<String, Coverage>,
    /// The file each record's coverage was read from where it is not `coverage/<record>.yaml`
    /// (a text several records share).
    pub shared_coverage: BTreeMap<String, PathBuf>,
    /// The text of every file loaded, by path, so that checks can point at lines.
    pub texts: BTreeMap<PathBuf, String>,
    /// The DLP's outlines of the regions records name, by region (`regions/NAME.kml`).
    pub regions: BTreeMap<String, crate::regions::Outline>,
}

impl Corpus {
    /// Loads every YAML file under `root`, reporting each file that cannot be read or parsed.
    /// Files that fail are left out; the caller decides whether diagnostics are fatal.
    pub fn load(root: &Path, report: &mut Report) -> Corpus {
        let layout = CorpusLayout::new(root);
        let mut corpus = Corpus::default();
        for kind in FileKind::ALL {
            for (path, text) in read_yaml_files(&layout.dir(kind), kind, report) {
                let stem = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default()
                    .to_string();
                let shown = path.clone();
                let loaded = match kind {
                    FileKind::Evidence => {
                        parse_into(&shown, &text, &mut corpus.evidence, stem, report)
                    }
                    FileKind::PortalRuleset => {
                        parse_into(&shown, &text, &mut corpus.portal_rulesets, stem, report)
                    }
                    FileKind::ExecutableRuleset => {
                        parse_into(&shown, &text, &mut corpus.rulesets, stem, report)
                    }
                    FileKind::Game => parse_into(&shown, &text, &mut corpus.games, stem, report),
                    FileKind::Source => {
                        parse_into(&shown, &text, &mut corpus.sources, stem, report)
                    }
                    FileKind::Claims => parse_into(&shown, &text, &mut corpus.claims, stem, report),
                    FileKind::Coverage => corpus.load_coverage(&shown, &text, stem, report),
                };
                if loaded {
                    corpus.texts.insert(path, text);
                }
            }
        }
        corpus.regions = crate::regions::load(&root.join(crate::regions::FOLDER), report);
        corpus
    }

    /// Reads a coverage file: one record's, or a text's that `records:` share, entered once
    /// for each of them. A record already covered by another file is an error naming both.
    fn load_coverage(
        &mut self,
        path: &Path,
        text: &str,
        stem: String,
        report: &mut Report,
    ) -> bool {
        let coverage = match from_yaml::<Coverage>(path, text) {
            Ok(coverage) => coverage,
            Err(diagnostic) => {
                report.push(diagnostic);
                return false;
            }
        };
        if coverage.records.is_empty() {
            if let Some(shared) = self.shared_coverage.get(&stem) {
                report.push(
                    Diagnostic::error(
                        path,
                        format!("{stem} is covered by {} too", shared.display()),
                    )
                    .field("record"),
                );
                return false;
            }
            self.coverage.insert(stem, coverage);
            return true;
        }
        if !coverage.record.is_empty() {
            report.push(
                Diagnostic::error(
                    path,
                    "names record: and records:; a file of one record names it in record:, a text several records share names them in records:",
                )
                .field("record"),
            );
            return false;
        }
        for record in &coverage.records {
            let id = record.value.clone();
            if self.coverage.contains_key(&id) {
                let earlier = self
                    .path_of(FileKind::Coverage, &id)
                    .map_or_else(|| FileKind::Coverage.path(&id), Path::to_path_buf);
                report.push(
                    Diagnostic::error(
                        path,
                        format!("{id} is covered by {} too", earlier.display()),
                    )
                    .at_line(record.line())
                    .field("records"),
                );
                continue;
            }
            self.shared_coverage.insert(id.clone(), path.to_path_buf());
            self.coverage.insert(
                id.clone(),
                Coverage {
                    record: id,
                    ..coverage.clone()
                },
            );
        }
        true
    }

    /// The path a record was loaded from, if it was loaded from a file.
    pub fn path_of(&self, kind: FileKind, key: &str) -> Option<&Path> {
        if kind == FileKind::Coverage
            && let Some(shared) = self.shared_coverage.get(key)
        {
            return Some(shared);
        }
        let wanted = kind.path(key);
        self.texts
            .keys()
            .find(|p| p.ends_with(&wanted))
            .map(PathBuf::as_path)
    }

    /// The files `cargo xtask ingest` owns, rendered, by path relative to the corpus root.
    pub fn generated_files(&self) -> BTreeMap<PathBuf, String> {
        let mut files = BTreeMap::new();
        for (id, record) in &self.evidence {
            files.insert(FileKind::Evidence.path(id), to_yaml(record));
        }
        for (id, record) in &self.portal_rulesets {
            files.insert(FileKind::PortalRuleset.path(id), to_yaml(record));
        }
        for (key, record) in &self.games {
            files.insert(FileKind::Game.path(key), to_yaml(record));
        }
        for (key, record) in &self.sources {
            files.insert(FileKind::Source.path(key), to_yaml(record));
        }
        files
    }
}

fn parse_into<T: DeserializeOwned>(
    path: &Path,
    text: &str,
    map: &mut BTreeMap<String, T>,
    key: String,
    report: &mut Report,
) -> bool {
    match from_yaml::<T>(path, text) {
        Ok(value) => {
            map.insert(key, value);
            true
        }
        Err(diagnostic) => {
            report.push(diagnostic);
            false
        }
    }
}

fn read_yaml_files(dir: &Path, kind: FileKind, report: &mut Report) -> Vec<(PathBuf, String)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return vec![];
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| kind.matches(n) && !n.starts_with('.'))
        })
        .collect();
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        match read_text(&path) {
            Ok(text) => files.push((path, text)),
            Err(diagnostic) => report.push(diagnostic),
        }
    }
    files
}

/// Reads a UTF-8 text file; invalid UTF-8 is an error naming the byte and its line.
pub fn read_text(path: &Path) -> Result<String, Diagnostic> {
    let bytes =
        fs::read(path).map_err(|error| Diagnostic::error(path, format!("cannot read: {error}")))?;
    String::from_utf8(bytes).map_err(|error| {
        let offset = error.utf8_error().valid_up_to();
        let line = error.as_bytes()[..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64
            + 1;
        Diagnostic::error(path, format!("invalid UTF-8 at byte {offset}")).at(line, None)
    })
}

/// How a generated file on disk differs from what the pages give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// A file that should be there and is not.
    Missing(PathBuf),
    /// A file whose content differs.
    Changed(PathBuf),
    /// On disk, but the pages no longer produce it.
    Stale(PathBuf),
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Missing(p) => write!(f, "{}: missing (the pages produce it)", p.display()),
            Self::Changed(p) => write!(f, "{}: differs from what the pages produce", p.display()),
            Self::Stale(p) => write!(f, "{}: stale (the pages no longer produce it)", p.display()),
        }
    }
}

/// Generated files currently on disk, by relative path.
fn generated_on_disk(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for kind in FileKind::ALL.into_iter().filter(|k| k.is_generated()) {
        let dir = root.join(kind.dir());
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".yaml") && !name.starts_with('.') && kind.matches(&name) {
                found.push(Path::new(kind.dir()).join(name));
            }
        }
    }
    found.sort();
    found.dedup();
    Ok(found)
}

/// Compares the generated files on disk with `wanted`.
pub fn diff_generated(
    root: &Path,
    wanted: &BTreeMap<PathBuf, String>,
) -> io::Result<Vec<Difference>> {
    let mut differences = Vec::new();
    for (path, text) in wanted {
        match fs::read(root.join(path)) {
            Ok(bytes) if bytes == text.as_bytes() => {}
            Ok(_) => differences.push(Difference::Changed(path.clone())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                differences.push(Difference::Missing(path.clone()))
            }
            Err(e) => return Err(e),
        }
    }
    for path in generated_on_disk(root)? {
        if !wanted.contains_key(&path) {
            differences.push(Difference::Stale(path));
        }
    }
    Ok(differences)
}

/// Replaces the generated files under `root` with `wanted`.
///
/// Every file is first written in full to a temporary file beside its destination; only
/// when all of them are written are they renamed into place, and only then are stale files
/// removed. A failure while writing removes the temporary files and leaves the corpus as it was.
pub fn replace_generated(
    root: &Path,
    wanted: &BTreeMap<PathBuf, String>,
) -> io::Result<Vec<Difference>> {
    let differences = diff_generated(root, wanted)?;
    let changed = differences.iter().filter_map(|d| match d {
        Difference::Missing(path) | Difference::Changed(path) => {
            Some((root.join(path), wanted[path].as_bytes()))
        }
        Difference::Stale(_) => None,
    });
    write_all_atomically(changed)?;
    for difference in &differences {
        if let Difference::Stale(path) = difference {
            fs::remove_file(root.join(path))?;
        }
    }
    Ok(differences)
}

/// Writes several files as one change: each is written in full to a temporary sibling, and
/// only when all are written are they renamed into place. A failure while writing removes the
/// temporary files and leaves every destination as it was.
pub fn write_all_atomically<'a>(
    files: impl IntoIterator<Item = (PathBuf, &'a [u8])>,
) -> io::Result<()> {
    let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
    let result = (|| -> io::Result<()> {
        for (destination, contents) in files {
            if let Some(parent) = destination.parent() {
                fs::create_dir_all(parent)?;
            }
            let staging = staged_name(&destination);
            staged.push((staging.clone(), destination));
            fs::write(&staging, contents)?;
        }
        Ok(())
    })();
    if let Err(error) = result {
        for (staging, _) in &staged {
            let _ = fs::remove_file(staging);
        }
        return Err(error);
    }
    for (staging, destination) in &staged {
        fs::rename(staging, destination)?;
    }
    Ok(())
}

/// Writes one file through a temporary sibling and a rename.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_all_atomically([(path.to_path_buf(), contents)])
}

fn staged_name(destination: &Path) -> PathBuf {
    let name = destination
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    destination.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(key: &str) -> Source {
        Source {
            key: key.into(),
            reference: None,
            authors: "A".into(),
            year: Some(1900),
            title: None,
            published: None,
            ..Source::default()
        }
    }

    #[test]
    fn replace_writes_diffs_and_removes_stale_files_only_among_generated_ones() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("rulesets")).unwrap();
        fs::write(root.join("rulesets/kioz.yaml"), "hand written").unwrap();
        fs::create_dir_all(root.join("sources")).unwrap();
        fs::write(root.join("sources/old-1900.yaml"), "stale").unwrap();

        let mut corpus = Corpus::default();
        corpus.sources.insert("a-1900".into(), source("a-1900"));
        let wanted = corpus.generated_files();
        let changes = replace_generated(root, &wanted).unwrap();
        assert_eq!(
            changes,
            vec![
                Difference::Missing("sources/a-1900.yaml".into()),
                Difference::Stale("sources/old-1900.yaml".into())
            ]
        );
        assert!(diff_generated(root, &wanted).unwrap().is_empty());
        assert_eq!(
            fs::read_to_string(root.join("rulesets/kioz.yaml")).unwrap(),
            "hand written"
        );
        let leftovers: Vec<_> = fs::read_dir(root.join("sources"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    }

    #[test]
    fn a_failed_write_leaves_the_corpus_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("sources")).unwrap();
        fs::write(root.join("sources/a-1900.yaml"), "old").unwrap();
        // A directory where the second staged file must go makes that write fail after the
        // first one (games/z.yaml) has been staged.
        fs::create_dir_all(root.join(format!("sources/.a-1900.yaml.{}.tmp", std::process::id())))
            .unwrap();
        let mut wanted = BTreeMap::new();
        wanted.insert(PathBuf::from("sources/a-1900.yaml"), "new".to_string());
        wanted.insert(PathBuf::from("games/z.yaml"), "new".to_string());
        assert!(replace_generated(root, &wanted).is_err());
        assert_eq!(
            fs::read_to_string(root.join("sources/a-1900.yaml")).unwrap(),
            "old"
        );
        assert!(!root.join("games/z.yaml").exists());
        let staged: Vec<_> = fs::read_dir(root.join("games")).unwrap().collect();
        assert!(staged.is_empty(), "temporary files left behind: {staged:?}");
    }
}
