//! The downloads read back with an independent CSV reader, and the columns tied to the model.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use corpus::model::*;
use corpus::yaml::Located;
use corpus::{Coordinates, Corpus, DateRange, HistDate, Location, Report};
use downloads::tables;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn shipped() -> (Corpus, verify::report::Verification) {
    let mut report = Report::default();
    let corpus = Corpus::load(&root().join("corpus"), &mut report);
    assert!(!report.has_errors(), "{:#?}", report.diagnostics);
    let text = std::fs::read_to_string(root().join("reports/verification.json")).unwrap();
    (corpus, serde_json::from_str(&text).unwrap())
}

/// A CSV file as header and rows, read by the `csv` crate (not the writer under test).
fn read(files: &BTreeMap<String, Vec<u8>>, name: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(files[name].as_slice());
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    (header, rows)
}

fn column(header: &[String], rows: &[Vec<String>], name: &str) -> Vec<String> {
    let at = header.iter().position(|h| h == name).unwrap();
    rows.iter().map(|r| r[at].clone()).collect()
}

#[test]
fn every_table_has_one_row_per_entity_with_the_corpus_keys() {
    let (corpus, verification) = shipped();
    let files = downloads::files(&corpus, Some(&verification), Some("MIT"));
    let keys = |name: &str, key: &str| -> Vec<String> {
        let (header, rows) = read(&files, name);
        column(&header, &rows, key)
    };
    let sorted = |v: Vec<String>| -> Vec<String> {
        let set: BTreeSet<String> = v.iter().cloned().collect();
        assert_eq!(set.len(), v.len(), "duplicate keys");
        set.into_iter().collect()
    };
    assert_eq!(
        sorted(keys("evidence.csv", "id")),
        corpus.evidence.keys().cloned().collect::<Vec<_>>()
    );
    assert_eq!(
        sorted(keys("games.csv", "key")),
        corpus.games.keys().cloned().collect::<Vec<_>>()
    );
    assert_eq!(
        sorted(keys("portal_rulesets.csv", "id")),
        corpus.portal_rulesets.keys().cloned().collect::<Vec<_>>()
    );
    assert_eq!(
        sorted(keys("sources.csv", "key")),
        corpus.sources.keys().cloned().collect::<Vec<_>>()
    );
    assert_eq!(
        sorted(keys("executable_rulesets.csv", "id")),
        corpus.rulesets.keys().cloned().collect::<Vec<_>>()
    );
    assert_eq!(keys("claims.csv", "id").len(), verification.claims.len());
    let clauses: usize = verification.coverage.iter().map(|c| c.clauses.len()).sum();
    assert_eq!(keys("clause_coverage.csv", "record").len(), clauses);

    // Values survive the round trip: a Latin quotation with its line of commas and quotes.
    let (header, rows) = read(&files, "evidence.csv");
    let ids = column(&header, &rows, "id");
    let quotations = column(&header, &rows, "quotation");
    let at = ids.iter().position(|i| i == "DLP.Evidence.1238").unwrap();
    assert_eq!(
        quotations[at],
        corpus.evidence["DLP.Evidence.1238"]
            .quotation
            .as_ref()
            .unwrap()
            .text
    );
    let verdicts: BTreeSet<String> = keys("claims.csv", "verdict").into_iter().collect();
    assert!(verdicts.contains("holds"), "{verdicts:?}");

    // The whole as JSON, and the sources for reference managers.
    let whole: serde_json::Value = serde_json::from_slice(&files["corpus.json"]).unwrap();
    assert_eq!(
        whole["evidence"].as_array().unwrap().len(),
        corpus.evidence.len()
    );
    let csl: serde_json::Value = serde_json::from_slice(&files["sources.csl.json"]).unwrap();
    assert_eq!(csl.as_array().unwrap().len(), corpus.sources.len());
    let bib = String::from_utf8(files["sources.bib"].clone()).unwrap();
    assert_eq!(
        bib.matches("\n@").count() + usize::from(bib.starts_with('@')),
        corpus.sources.len()
    );
}

/// Dates at the precision the records have, and no placeholder read as evidence.
#[test]
fn dates_are_written_as_precisely_as_the_records_know_them() {
    let (corpus, verification) = shipped();
    let files = downloads::files(&corpus, Some(&verification), Some("MIT"));
    let (header, rows) = read(&files, "evidence.csv");
    let ids = column(&header, &rows, "id");
    let dates = column(&header, &rows, "date");
    let date_of = |id: &str| dates[ids.iter().position(|i| i == id).unwrap()].clone();
    // DLP's `-2304-01-01` to `-0524-01-01`: two years, not two first days of January.
    assert_eq!(date_of("DLP.Evidence.10"), "2305 BCE – 525 BCE");
    assert!(
        dates.iter().all(|d| !d.contains("1 January")),
        "a year written as its first day: {:?}",
        dates.iter().find(|d| d.contains("1 January"))
    );
    for (id, date) in ids.iter().zip(&dates) {
        assert_eq!(
            *date,
            corpus.evidence[id]
                .date
                .as_ref()
                .map(DateRange::written)
                .unwrap_or_default(),
            "{id}"
        );
    }
    // Games DLP dates only with its placeholder (3500 BCE – 2020) have no range.
    let (header, rows) = read(&files, "games.csv");
    let keys = column(&header, &rows, "key");
    let starts = column(&header, &rows, "evidence_start");
    let placeholders: Vec<&String> = corpus
        .games
        .values()
        .filter(|g| {
            g.evidence_range
                .as_ref()
                .is_some_and(DateRange::is_dlp_placeholder)
        })
        .map(|g| &g.key)
        .collect();
    assert!(placeholders.len() > 200, "{}", placeholders.len());
    for key in placeholders {
        let at = keys.iter().position(|k| k == key).unwrap();
        assert_eq!(starts[at], "", "{key}");
    }
    assert!(starts.iter().all(|s| s != "-3499-01-01"));
}

#[test]
fn the_dictionary_describes_every_column_of_every_file() {
    let (corpus, verification) = shipped();
    let files = downloads::files(&corpus, Some(&verification), None);
    let dictionary = String::from_utf8(files["data-dictionary.md"].clone()).unwrap();
    for table in tables::dictionary() {
        let (header, _) = read(&files, table.file);
        let described: Vec<&str> = table.columns.iter().map(|c| c.0).collect();
        assert_eq!(header, described, "{}", table.file);
        for name in header {
            assert!(
                dictionary.contains(&format!("| `{name}` |")),
                "{name} undocumented"
            );
        }
    }
}

/// Every serde field of `value` is read by some column of `table` (or is listed as shown in
/// another table). Built without `..Default::default()` below, so a field added to the model
/// stops this test compiling until a column reads it.
fn covered<T: serde::Serialize>(value: &T, columns: &[&[&str]], elsewhere: &[&str]) {
    let keys: Vec<String> = serde_json::to_value(value)
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let read: BTreeSet<&str> = columns.iter().flat_map(|f| f.iter().copied()).collect();
    for key in keys {
        assert!(
            read.contains(key.as_str()) || elsewhere.contains(&key.as_str()),
            "the model's field `{key}` has no column"
        );
    }
}

fn fields<T>(table: &tables::Table<T>) -> Vec<&'static [&'static str]> {
    table.columns.iter().map(|c| c.fields).collect()
}

#[test]
fn every_field_of_the_model_has_a_column() {
    let date = Some(DateRange {
        start: HistDate::first_of_year(1),
        end: HistDate::last_of_year(2),
        approximate: true,
    });
    let text = || Some("x".to_string());
    let many = || vec!["x".to_string()];
    let page = PageRef {
        file: "p".into(),
        url: text(),
        title: text(),
    };
    let export = Some(ExportRef {
        file: "f".into(),
        line: 1,
    });
    let flag = Flag {
        field: "date".into(),
        value: "v".into(),
        problem: "p".into(),
        at: "a".into(),
    };
    let superseded = Superseded {
        field: "rules".into(),
        value: serde_json::json!("v"),
        from: "f".into(),
        kept_from: "k".into(),
    };
    let other: BTreeMap<String, String> = [("a".to_string(), "b".to_string())].into();
    let citation = Citation {
        author: "A".into(),
        year: 1,
        pages: text(),
        text: "A 1".into(),
    };
    let evidence = Evidence {
        id: "DLP.Evidence.1".into(),
        kind: text(),
        game: text(),
        game_name: text(),
        date: date.clone(),
        location: Some(Location {
            places: many(),
            coordinates: vec![Coordinates {
                latitude: 1.0,
                longitude: 2.0,
                text: "t".into(),
            }],
        }),
        regions: many(),
        rules: text(),
        quotation: Some(Quotation {
            intro: text(),
            text: "q".into(),
            language: text(),
            citations: vec![citation.clone()],
        }),
        confidence: Some(1),
        ages: many(),
        genders: many(),
        social_status: many(),
        spaces: many(),
        uncertainty_factors: many(),
        ruleset: text(),
        sources: many(),
        other_fields: other.clone(),
        flags: vec![flag.clone()],
        superseded: vec![superseded.clone()],
        incomplete: Some(Incomplete {
            field: text(),
            reason: "r".into(),
        }),
        export: export.clone(),
        pages: vec![page.clone()],
    };
    covered(&evidence, &fields(&tables::EVIDENCE), &[]);
    let game = Game {
        key: "g".into(),
        name: "G".into(),
        native_name: text(),
        aliases: many(),
        categories: many(),
        periods: many(),
        regions: many(),
        evidence_range: date.clone(),
        dlp_id: text(),
        description: text(),
        origin: text(),
        evidence: many(),
        rulesets: many(),
        sources: many(),
        other_fields: other.clone(),
        flags: vec![flag.clone()],
        superseded: vec![superseded.clone()],
        export: export.clone(),
        pages: vec![page.clone()],
    };
    covered(&game, &fields(&tables::GAMES), &[]);
    let ruleset = PortalRuleset {
        id: "DLP.GameRulesets.1".into(),
        name: "n".into(),
        kind: text(),
        game: text(),
        game_name: text(),
        periods: many(),
        regions: many(),
        summary: text(),
        description: text(),
        rules: text(),
        references: vec![citation],
        sources: many(),
        origin: text(),
        other_fields: other.clone(),
        flags: vec![flag],
        superseded: vec![superseded.clone()],
        incomplete: Some(Incomplete {
            field: text(),
            reason: "r".into(),
        }),
        export: export.clone(),
        pages: vec![page],
    };
    covered(&ruleset, &fields(&tables::PORTAL_RULESETS), &[]);
    let source = Source {
        key: "a-1".into(),
        reference: text(),
        authors: "A".into(),
        year: Some(1),
        title: text(),
        published: text(),
        url: text(),
        superseded: vec![superseded],
        export,
    };
    covered(&source, &fields(&tables::SOURCES), &[]);
    let executable = ExecutableRuleset {
        id: "r".into(),
        name: "n".into(),
        game: "g".into(),
        engine: Located::new("e".into()),
        preset: Located::new("dlp".into()),
        options: other.into(),
        implements: located(many()),
        variants: vec![
            Variant {
                label: "l".into(),
                preset: "p".into(),
                options: BTreeMap::new(),
                why: "w".into(),
                plays_as_ludii: true,
                screen: true,
            }
            .into(),
        ],
        notes: "n".into(),
    };
    covered(&executable, &fields(&tables::EXECUTABLE_RULESETS), &[]);
    let clause = Clause {
        text: "t".into(),
        options: located(many()),
        reads: [("o".to_string(), Located::new("v".to_string()))].into(),
        claims: located(many()),
        scenarios: located(many()),
        not_modelled: text(),
        not_expressed: text(),
    };
    covered(&clause, &fields(&tables::COVERAGE), &[]);
}

fn located(items: Vec<String>) -> Vec<Located<String>> {
    items.into_iter().map(Located::new).collect()
}
