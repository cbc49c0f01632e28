//! Diagnostics pointing into corpus files.

use std::path::{Path, PathBuf};

use corpus::store::FileKind;
use corpus::{Corpus, Diagnostic};

/// Finds where things are in the loaded corpus files.
pub struct Locator<'a> {
    pub corpus: &'a Corpus,
    pub root: &'a Path,
}

impl Locator<'_> {
    pub fn path(&self, kind: FileKind, key: &str) -> PathBuf {
        self.corpus
            .path_of(kind, key)
            .map_or_else(|| self.root.join(kind.path(key)), Path::to_path_buf)
    }

    /// An error on the first line of the file holding `key` that contains `needle`.
    pub fn error_at(
        &self,
        kind: FileKind,
        key: &str,
        needle: &str,
        field: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        let path = self.path(kind, key);
        let line = self.corpus.texts.get(&path).and_then(|text| {
            text.lines()
                .position(|l| l.contains(needle))
                .map(|i| i as u64 + 1)
        });
        Diagnostic::error(&path, message).at_line(line).field(field)
    }
}
