//! The shipped DLP export: unchanged since it was taken, and read whole.

use std::path::Path;

fn shipped() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/export/ludiiGames.sql")
}

#[test]
fn the_shipped_dump_is_the_one_its_readme_names() {
    let bytes = std::fs::read(shipped()).unwrap();
    let digest = corpus::vendored::sha256_hex(&bytes);
    assert_eq!(
        digest,
        "062c0027570bd5ad038eb17030d48d19e64c1f2df55c83c696b0c48979c12d82"
    );
}

#[test]
fn every_exported_record_is_read_and_only_values_are_flagged() {
    let mut report = corpus::Report::default();
    let (_, records) = ingest::read_export_file(&shipped(), &mut report)
        .unwrap_or_else(|| panic!("{:#?}", report.diagnostics));
    assert!(!report.has_errors(), "{:#?}", report.diagnostics);
    assert_eq!(records.evidence.len(), 1266);
    assert_eq!(records.games.len(), 565);
    assert_eq!(records.rulesets.len(), 666);
    assert_eq!(records.sources.len(), 542);
    // Every warning is a value kept as written on its record.
    let flags: usize = records
        .evidence
        .iter()
        .map(|e| e.flags.len())
        .sum::<usize>()
        + records.games.iter().map(|g| g.flags.len()).sum::<usize>()
        + records
            .rulesets
            .iter()
            .map(|r| r.flags.len())
            .sum::<usize>();
    assert_eq!(flags, report.diagnostics.len());
    let keys: std::collections::BTreeSet<&str> =
        records.sources.iter().map(|s| s.key.as_str()).collect();
    assert_eq!(keys.len(), 542, "every source has a key of its own");
    let hyde = records
        .evidence
        .iter()
        .find(|e| e.id == "DLP.Evidence.1238")
        .unwrap();
    assert_eq!(hyde.game.as_deref(), Some("kioz"));
    assert_eq!(
        hyde.quotation.as_ref().unwrap().citations[0].text,
        "Hyde 1694: 223-224"
    );
    assert!(
        hyde.quotation
            .as_ref()
            .unwrap()
            .text
            .starts_with("De ludo Kioz.")
    );
    let bce = records
        .evidence
        .iter()
        .find(|e| e.id == "DLP.Evidence.2")
        .unwrap();
    assert_eq!(
        bce.date.as_ref().unwrap().label(),
        "1 January 2592 BCE – 1 January 2566 BCE"
    );
}
