//! The vendored region outlines are the ones their README names, unchanged; each reads, and
//! every region a record names has one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use corpus::{Corpus, Report};
use sha2::{Digest, Sha256};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn vendored() -> PathBuf {
    corpus_dir().join(corpus::regions::FOLDER)
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
fn every_vendored_outline_has_the_hash_its_sums_give() {
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
    let outlines = listed.iter().filter(|n| n.ends_with(".kml")).count();
    assert_eq!(outlines, 156, "the README's count of outlines");
}

/// Every outline reads, and the corpus holds exactly the regions its records name: a region
/// newly named by an ingested record needs its file vendored, and a file no record names is
/// not shipped.
#[test]
fn every_outline_reads_and_every_region_a_record_names_has_one() {
    let mut report = Report::default();
    let corpus = Corpus::load(&corpus_dir(), &mut report);
    let problems: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{problems:#?}");
    let named: BTreeSet<&str> = corpus
        .evidence
        .values()
        .flat_map(|e| e.regions.iter().map(String::as_str))
        .collect();
    let outlined: BTreeSet<&str> = corpus.regions.keys().map(String::as_str).collect();
    let without: Vec<_> = named.difference(&outlined).collect();
    let unnamed: Vec<_> = outlined.difference(&named).collect();
    assert!(
        without.is_empty(),
        "regions without an outline: {without:?}"
    );
    assert!(unnamed.is_empty(), "outlines no record names: {unnamed:?}");
    let points: usize = corpus
        .regions
        .values()
        .flat_map(|o| &o.polygons)
        .map(|p| p.outer.len() + p.holes.iter().map(Vec::len).sum::<usize>())
        .sum();
    // The README's count, less each ring's repeated first point.
    assert_eq!(points + 156, 154_655, "the README's count of points");
}
