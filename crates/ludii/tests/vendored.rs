//! The vendored descriptions are the ones their README names, unchanged.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

fn vendored() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ludii/lud")
}

/// The files `SHA256SUMS` lists, with their hashes, in its order.
fn listed() -> Vec<(String, String)> {
    let sums = std::fs::read_to_string(vendored().join("SHA256SUMS")).unwrap();
    sums.lines()
        .map(|line| {
            let (hash, name) = line
                .split_once("  ")
                .unwrap_or_else(|| panic!("SHA256SUMS: not `hash  name`: {line}"));
            (name.to_owned(), hash.to_owned())
        })
        .collect()
}

#[test]
fn every_vendored_file_has_the_hash_its_sums_give() {
    let mut mismatches = Vec::new();
    for (name, hash) in listed() {
        let bytes = std::fs::read(vendored().join(&name)).unwrap();
        let digest: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        if digest != hash {
            mismatches.push(name);
        }
    }
    assert!(
        mismatches.is_empty(),
        "changed since vendored: {mismatches:?}"
    );
}

#[test]
fn the_sums_list_every_vendored_file_and_nothing_else_in_order() {
    let listed = listed();
    let names: Vec<&str> = listed.iter().map(|(name, _)| name.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "SHA256SUMS is sorted by name");
    let on_disk: BTreeSet<String> = std::fs::read_dir(vendored())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name != "README.md" && name != "SHA256SUMS")
        .collect();
    let listed: BTreeSet<String> = names.iter().map(|n| (*n).to_owned()).collect();
    let missing: Vec<_> = listed.difference(&on_disk).collect();
    let extra: Vec<_> = on_disk.difference(&listed).collect();
    assert!(missing.is_empty(), "listed but missing: {missing:?}");
    assert!(extra.is_empty(), "present but not listed: {extra:?}");
    assert!(listed.contains("LICENSE"));
    let descriptions = listed.iter().filter(|n| n.ends_with(".lud")).count();
    assert_eq!(descriptions, 488, "the README's count of descriptions");
}
