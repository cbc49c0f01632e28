//! Folders of files copied unchanged from another project (Ludii's descriptions, the DLP's
//! region outlines), each with a `SHA256SUMS` that lists every file it holds by name, sorted,
//! with the hash it had when it was copied. Checking a folder against its sums shows a file
//! changed, lost or added since.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The name of a vendored folder's list of files and hashes.
pub const SUMS: &str = "SHA256SUMS";

/// Files of a vendored folder that are its own, not copied: they are not listed in its sums.
const OWN_FILES: [&str; 2] = ["README.md", SUMS];

/// Why a vendored folder is not as its sums list it.
#[derive(Debug, thiserror::Error)]
pub enum VendoredError {
    /// A file could not be read.
    #[error("{}: {source}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of the sums is not `hash  name`.
    #[error("{}:{line}: not `hash  name`: {text}", path.display())]
    Malformed {
        /// The sums file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Its text.
        text: String,
    },
    /// The sums are not sorted by name.
    #[error("{}: not sorted by name ({before} before {after})", path.display())]
    Unsorted {
        /// The sums file.
        path: PathBuf,
        /// The name listed first.
        before: String,
        /// The name listed after it, which sorts before it.
        after: String,
    },
    /// Files differ from what the sums list: changed, listed but missing, present but not listed.
    #[error("{}: changed since vendored: {changed:?}; listed but missing: {missing:?}; present but not listed: {unlisted:?}", folder.display())]
    Differs {
        /// The folder.
        folder: PathBuf,
        /// Files whose hash is not the listed one.
        changed: Vec<String>,
        /// Files listed but absent.
        missing: Vec<String>,
        /// Files present but not listed.
        unlisted: Vec<String>,
    },
}

/// The SHA-256 of `bytes` in lower-case hexadecimal, as `sha256sum` writes it.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Checks every file of `folder` against its `SHA256SUMS`, and returns the names listed, in
/// order.
pub fn check(folder: &Path) -> Result<Vec<String>, VendoredError> {
    let sums_path = folder.join(SUMS);
    let unreadable = |path: PathBuf| {
        move |source| VendoredError::Unreadable {
            path: path.clone(),
            source,
        }
    };
    let sums = std::fs::read_to_string(&sums_path).map_err(unreadable(sums_path.clone()))?;
    let mut listed: Vec<(String, String)> = Vec::new();
    for (index, text) in sums.lines().enumerate() {
        let Some((hash, name)) = text.split_once("  ") else {
            return Err(VendoredError::Malformed {
                path: sums_path,
                line: index + 1,
                text: text.to_string(),
            });
        };
        if let Some((before, _)) = listed.last().filter(|(before, _)| before.as_str() >= name) {
            return Err(VendoredError::Unsorted {
                path: sums_path,
                before: before.clone(),
                after: name.to_string(),
            });
        }
        listed.push((name.to_string(), hash.to_string()));
    }
    let mut on_disk = BTreeSet::new();
    for entry in std::fs::read_dir(folder).map_err(unreadable(folder.to_path_buf()))? {
        let entry = entry.map_err(unreadable(folder.to_path_buf()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !OWN_FILES.contains(&name.as_str()) {
            on_disk.insert(name);
        }
    }
    let mut changed = Vec::new();
    let mut missing = Vec::new();
    for (name, hash) in &listed {
        if !on_disk.remove(name) {
            missing.push(name.clone());
            continue;
        }
        let path = folder.join(name);
        let bytes = std::fs::read(&path).map_err(unreadable(path.clone()))?;
        if &sha256_hex(&bytes) != hash {
            changed.push(name.clone());
        }
    }
    if !changed.is_empty() || !missing.is_empty() || !on_disk.is_empty() {
        return Err(VendoredError::Differs {
            folder: folder.to_path_buf(),
            changed,
            missing,
            unlisted: on_disk.into_iter().collect(),
        });
    }
    Ok(listed.into_iter().map(|(name, _)| name).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder_with(files: &[(&str, &str)], sums: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        std::fs::write(dir.path().join(SUMS), sums).unwrap();
        dir
    }

    fn sum(text: &str) -> String {
        sha256_hex(text.as_bytes())
    }

    #[test]
    fn a_folder_as_its_sums_list_it_gives_the_names_in_order() {
        let sums = format!("{}  a.lud\n{}  b.lud\n", sum("a"), sum("b"));
        let dir = folder_with(&[("a.lud", "a"), ("b.lud", "b"), ("README.md", "r")], &sums);
        assert_eq!(check(dir.path()).unwrap(), ["a.lud", "b.lud"]);
    }

    #[test]
    fn a_changed_a_lost_and_an_added_file_are_each_named() {
        let sums = format!("{}  a.lud\n{}  b.lud\n", sum("a"), sum("b"));
        let dir = folder_with(&[("a.lud", "A"), ("c.lud", "c")], &sums);
        match check(dir.path()) {
            Err(VendoredError::Differs {
                changed,
                missing,
                unlisted,
                ..
            }) => {
                assert_eq!(changed, ["a.lud"]);
                assert_eq!(missing, ["b.lud"]);
                assert_eq!(unlisted, ["c.lud"]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sums_out_of_order_or_malformed_are_refused_with_their_line() {
        let sums = format!("{}  b.lud\n{}  a.lud\n", sum("b"), sum("a"));
        let dir = folder_with(&[("a.lud", "a"), ("b.lud", "b")], &sums);
        assert!(matches!(
            check(dir.path()),
            Err(VendoredError::Unsorted { before, after, .. }) if before == "b.lud" && after == "a.lud"
        ));
        let dir = folder_with(&[("a.lud", "a")], &format!("{} a.lud\n", sum("a")));
        assert!(matches!(
            check(dir.path()),
            Err(VendoredError::Malformed { line: 1, .. })
        ));
    }
}
