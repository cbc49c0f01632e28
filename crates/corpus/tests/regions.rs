//! The vendored region outlines are the ones their README names, unchanged; each reads, and
//! every region a record names has one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use corpus::{Corpus, Report};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn vendored() -> PathBuf {
    corpus_dir().join(corpus::regions::FOLDER)
}

#[test]
fn the_sums_list_every_vendored_outline_unchanged_and_the_licence() {
    let listed = corpus::vendored::check(&vendored()).unwrap_or_else(|e| panic!("{e}"));
    assert!(listed.iter().any(|n| n == "LICENSE"));
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
