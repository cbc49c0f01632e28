//! Gathers the records of every page into one corpus: a record met on several pages
//! becomes one file listing every page, games gather every spelling of their names, and
//! sources are shared by all records that cite them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use corpus::text::{fold_diacritics, has_diacritics, slugify};
use corpus::{Corpus, Diagnostic, Evidence, Game, PageRef, PortalRuleset, Report, Source};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::records::PageRecords;

/// Where a record was read, for messages about conflicts.
#[derive(Clone, Debug)]
struct Seen {
    file: PathBuf,
    line: u64,
}

/// Fields that gather values from every page instead of having to agree.
const GATHERED: [&str; 3] = ["pages", "regions", "incomplete"];

/// Merges `incoming` into `existing` field by field. Fields only one page has are kept;
/// fields both have must agree, except a field a cut-off page stopped in.
fn merge_record<T: Serialize + DeserializeOwned>(
    id: &str,
    existing: &mut (T, Seen),
    incoming: (T, Seen),
    report: &mut Report,
) {
    let mut left = to_map(&existing.0);
    let right = to_map(&incoming.0);
    let cut = |map: &Map<String, Value>| {
        map.get("incomplete")
            .and_then(|i| i.get("field"))
            .and_then(Value::as_str)
            .map(|f| f.to_ascii_lowercase().replace(' ', "_"))
    };
    let (left_cut, right_cut) = (cut(&left), cut(&right));
    for (key, value) in &right {
        if GATHERED.contains(&key.as_str()) {
            continue;
        }
        match left.get(key) {
            None => {
                left.insert(key.clone(), value.clone());
            }
            Some(current) if current == value => {}
            Some(_) if left_cut.as_deref() == Some(key_field(key)) => {
                left.insert(key.clone(), value.clone());
            }
            Some(_) if right_cut.as_deref() == Some(key_field(key)) => {}
            Some(current) => report.push(
                Diagnostic::error(
                    &incoming.1.file,
                    format!(
                        "{id} differs from the same record in {}:{} ({} here, {} there); the pages disagree, so neither value is taken",
                        existing.1.file.display(),
                        existing.1.line,
                        shorten(value),
                        shorten(current),
                    ),
                )
                .at(incoming.1.line, None)
                .field(key.clone()),
            ),
        }
    }
    let mut pages: Vec<Value> = left
        .get("pages")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    pages.extend(
        right
            .get("pages")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
    );
    left.insert("pages".into(), Value::Array(pages));
    let mut regions: Vec<Value> = left
        .get("regions")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    regions.extend(
        right
            .get("regions")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
    );
    if !regions.is_empty() {
        left.insert("regions".into(), Value::Array(regions));
    }
    // A record is incomplete only if every page that shows it is cut.
    if left_cut.is_none() || right_cut.is_none() {
        left.remove("incomplete");
    }
    existing.0 = serde_json::from_value(Value::Object(left))
        .expect("merging fields of one type keeps the type");
}

fn shorten(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

/// Field names of the corpus from the labels cut records name ("Content" → `quotation`).
fn key_field(key: &str) -> &str {
    match key {
        "quotation" => "content",
        "kind" => "type",
        other => other,
    }
}

fn to_map<T: Serialize>(value: &T) -> Map<String, Value> {
    match serde_json::to_value(value).expect("records serialise") {
        Value::Object(map) => map,
        _ => unreachable!("records are structs"),
    }
}

/// Builds the generated part of the corpus from every page's records.
pub fn assemble(pages: Vec<(PathBuf, PageRecords)>, report: &mut Report) -> Corpus {
    let mut evidence: BTreeMap<String, (Evidence, Seen)> = BTreeMap::new();
    let mut rulesets: BTreeMap<String, (PortalRuleset, Seen)> = BTreeMap::new();
    let mut names: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut game_pages: BTreeMap<String, (crate::records::GamePage, PageRef)> = BTreeMap::new();
    let mut sources: BTreeMap<String, Vec<(Source, PathBuf)>> = BTreeMap::new();

    for (file, page) in pages {
        for (record, line) in page.evidence {
            let seen = Seen {
                file: file.clone(),
                line,
            };
            match evidence.get_mut(&record.id) {
                Some(existing) => {
                    merge_record(&record.id.clone(), existing, (record, seen), report)
                }
                None => {
                    evidence.insert(record.id.clone(), (record, seen));
                }
            }
        }
        for (record, line) in page.rulesets {
            let seen = Seen {
                file: file.clone(),
                line,
            };
            match rulesets.get_mut(&record.id) {
                Some(existing) => {
                    merge_record(&record.id.clone(), existing, (record, seen), report)
                }
                None => {
                    rulesets.insert(record.id.clone(), (record, seen));
                }
            }
        }
        for name in page.game_names {
            names.entry(slugify(&name)).or_default().insert(name);
        }
        if let Some(game) = page.game {
            let key = slugify(&game.name);
            if let Some((existing, _)) = game_pages.get(&key)
                && existing.dlp_id != game.dlp_id
            {
                report.push(Diagnostic::error(
                    &file,
                    format!(
                        "game {key}: this page names it {:?}, another page {:?}",
                        game.dlp_id, existing.dlp_id
                    ),
                ));
            }
            game_pages.insert(key, (game, page.page.clone()));
        }
        for source in page.sources {
            sources
                .entry(source.key.clone())
                .or_default()
                .push((source, file.clone()));
        }
    }

    let mut corpus = Corpus::default();
    resolve_sources(sources, &mut corpus, report);
    for (id, (mut record, _)) in evidence {
        record.pages.sort();
        record.pages.dedup();
        record.regions.sort();
        record.regions.dedup();
        corpus.evidence.insert(id, record);
    }
    for (id, (mut record, _)) in rulesets {
        record.pages.sort();
        record.pages.dedup();
        corpus.portal_rulesets.insert(id, record);
    }

    for (key, spellings) in names {
        if key.is_empty() {
            continue;
        }
        let page = game_pages.remove(&key);
        let mut all: BTreeSet<String> = spellings;
        if let Some((game_page, _)) = &page {
            all.insert(game_page.name.clone());
            all.extend(game_page.aliases.iter().cloned());
        }
        // The portal's own spelling wins: the game page's title, else a spelling with diacritics.
        let name = page
            .as_ref()
            .map(|(g, _)| g.name.clone())
            .or_else(|| all.iter().find(|n| has_diacritics(n)).cloned())
            .unwrap_or_else(|| all.iter().next().cloned().unwrap_or_default());
        let folded = fold_diacritics(&name);
        if folded != name {
            all.insert(folded);
        }
        all.remove(&name);
        let mut game = Game {
            key: key.clone(),
            name,
            aliases: all.into_iter().collect(),
            dlp_id: None,
            description: None,
            origin: None,
            evidence: corpus
                .evidence
                .values()
                .filter(|e| e.game.as_deref() == Some(&key))
                .map(|e| e.id.clone())
                .collect(),
            rulesets: corpus
                .portal_rulesets
                .values()
                .filter(|r| r.game.as_deref() == Some(&key))
                .map(|r| r.id.clone())
                .collect(),
            other_fields: BTreeMap::new(),
            pages: vec![],
        };
        if let Some((game_page, page_ref)) = page {
            game.dlp_id = game_page.dlp_id;
            game.description = game_page.description;
            game.origin = game_page.origin;
            game.other_fields = game_page.other_fields;
            game.pages.push(page_ref.clone());
            for (listed, known, kind) in [
                (&game_page.evidence, &mut game.evidence, "evidence record"),
                (&game_page.rulesets, &mut game.rulesets, "ruleset"),
            ] {
                for id in listed {
                    let present = if kind == "ruleset" {
                        corpus.portal_rulesets.contains_key(id)
                    } else {
                        corpus.evidence.contains_key(id)
                    };
                    if present {
                        if !known.contains(id) {
                            known.push(id.clone());
                        }
                    } else {
                        report.push(Diagnostic::warning(
                            Path::new(&page_ref.file),
                            format!("the game page of {key} lists the {kind} {id}, which no page provides; it is not linked"),
                        ));
                    }
                }
            }
            game.evidence.sort();
            game.rulesets.sort();
        }
        corpus.games.insert(key, game);
    }
    corpus
}

/// One file per source. A reference read in full wins over one known only from a citation;
/// two different full references under one author and year are an error for a person to
/// settle (the portal's citations could not tell them apart either).
fn resolve_sources(
    found: BTreeMap<String, Vec<(Source, PathBuf)>>,
    corpus: &mut Corpus,
    report: &mut Report,
) {
    for (key, variants) in found {
        let mut chosen: Option<&(Source, PathBuf)> = None;
        for variant in &variants {
            match (&chosen, &variant.0.reference) {
                (None, _) => chosen = Some(variant),
                (Some((current, _)), Some(_)) if current.reference.is_none() => {
                    chosen = Some(variant)
                }
                (Some((current, first)), Some(reference))
                    if current.reference.as_ref() != Some(reference) =>
                {
                    report.push(Diagnostic::error(
                        &variant.1,
                        format!(
                            "source {key}: this page gives the reference {reference:?} but {} gives {:?}",
                            first.display(),
                            current.reference.as_deref().unwrap_or_default()
                        ),
                    ).field("Source"));
                }
                _ => {}
            }
        }
        if let Some((source, _)) = chosen {
            corpus.sources.insert(key, source.clone());
        }
    }
}
