//! The corpus where historians already work: tidy tables for R, pandas and spreadsheets, one
//! JSON file of the whole, a data dictionary, and the sources for Zotero.
//!
//! Every table's columns are declared once ([`tables`]): the CSV files and the data dictionary
//! are both rendered from those declarations, and a test ties the declarations to the model's
//! fields, so a field added to a record without a column fails the build's tests. Deliberately
//! absent: any file format that needs a library to write (Excel, Parquet); CSV and JSON open
//! everywhere.

pub mod citations;
pub mod tables;

use std::collections::BTreeMap;
use std::fmt::Write;

use corpus::Corpus;
use serde_json::json;
use verify::report::Verification;

/// The folder of the site the downloads live in.
pub const FOLDER: &str = "downloads";

/// Every download file by name: the CSV tables, `corpus.json`, the data dictionary (Markdown
/// and CSV), `sources.csl.json`, `sources.bib`, and the DLP's licence when given.
pub fn files(
    corpus: &Corpus,
    verification: Option<&Verification>,
    dlp_licence: Option<&str>,
) -> BTreeMap<String, Vec<u8>> {
    let mut files: BTreeMap<String, Vec<u8>> = tables::csv_files(corpus, verification)
        .into_iter()
        .map(|(name, text)| (name.to_string(), text.into_bytes()))
        .collect();
    let whole = json!({
        "about": "The corpus of the historical rules corpus project: the Digital Ludeme Project's evidence (its database export of August 2020 and newer portal pages), the executable rulesets of this project, and the verdicts of the claims checked against them. Columns and fields are described in data-dictionary.md.",
        "licence": "Evidence, games, portal rulesets and sources: the DLP's data, MIT licence (LICENSE-DLP.txt). Cite the DLP: Browne et al. 2023, Open Research Europe 3:164.",
        "evidence": corpus.evidence.values().collect::<Vec<_>>(),
        "games": corpus.games.values().collect::<Vec<_>>(),
        "portal_rulesets": corpus.portal_rulesets.values().collect::<Vec<_>>(),
        "sources": corpus.sources.values().collect::<Vec<_>>(),
        "executable_rulesets": corpus.rulesets.values().collect::<Vec<_>>(),
        "claims": verification.map(|v| v.claims.as_slice()).unwrap_or_default(),
        "clause_coverage": verification.map(|v| v.coverage.as_slice()).unwrap_or_default(),
    });
    files.insert(
        "corpus.json".into(),
        (serde_json::to_string_pretty(&whole).expect("the corpus serialises") + "\n").into_bytes(),
    );
    files.insert(
        "data-dictionary.md".into(),
        dictionary_markdown().into_bytes(),
    );
    files.insert("data-dictionary.csv".into(), dictionary_csv().into_bytes());
    files.insert(
        "sources.csl.json".into(),
        citations::csl_json(corpus.sources.values()).into_bytes(),
    );
    files.insert(
        "sources.bib".into(),
        citations::bibtex_file(corpus.sources.values()).into_bytes(),
    );
    if let Some(licence) = dlp_licence {
        files.insert("LICENSE-DLP.txt".into(), licence.as_bytes().to_vec());
    }
    files
}

fn dictionary_markdown() -> String {
    let mut out = String::from(
        "# Data dictionary\n\nGenerated from the column declarations the tables are written from \
         (`crates/downloads/src/tables.rs`). Every file is UTF-8 CSV (RFC 4180), one row per \
         entity, with a header row; an empty field is a value the record does not give. Ids are \
         stable: the DLP's own (`DLP.Evidence.N`, `DLP.GameRulesets.N`) or this corpus's keys, \
         which are also its file names. `corpus.json` holds the same records whole, with every \
         flagged and superseded value.\n",
    );
    for table in tables::dictionary() {
        writeln!(out, "\n## {}\n\nOne row: {}.\n", table.file, table.row).unwrap();
        writeln!(out, "| column | type | meaning |\n|---|---|---|").unwrap();
        for (name, kind, meaning) in table.columns {
            writeln!(out, "| `{name}` | {} | {meaning} |", kind.name()).unwrap();
        }
    }
    out
}

fn dictionary_csv() -> String {
    let mut out = String::from("file,column,type,meaning\r\n");
    for table in tables::dictionary() {
        for (name, kind, meaning) in table.columns {
            let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
            write!(
                out,
                "{},{},{},{}\r\n",
                table.file,
                name,
                quote(kind.name()),
                quote(meaning)
            )
            .unwrap();
        }
    }
    out
}
