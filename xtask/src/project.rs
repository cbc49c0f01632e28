//! Where the project's directories are, whatever directory the command runs from.

use std::path::{Path, PathBuf};

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

pub fn corpus() -> PathBuf {
    root().join("corpus")
}

/// The shipped pages: the default input of `ingest`.
pub fn pages() -> PathBuf {
    corpus().join("pages")
}

/// The shipped DLP database export: the other default input of `ingest`.
pub fn export() -> PathBuf {
    corpus().join("export").join(ingest::export::DUMP_FILE)
}

pub fn reports() -> PathBuf {
    root().join("reports")
}

/// Makes a user-given path absolute against the directory the command was run from.
pub fn from_cwd(path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    }
}

/// Whether `a` and `b` name one folder (both existing), however they are written.
pub fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
