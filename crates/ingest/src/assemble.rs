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

/// Fields a newer input adds to, instead of replacing.
const UNITED: [&str; 4] = ["pages", "regions", "aliases", "flags"];

/// A record of the export overlaid with the same record read from a saved page, which is
/// newer: the page's values win, every export value they replace is kept in `superseded`
/// with its place, fields only the export has stay, and lists of places are united.
pub fn supersede<T: Serialize + DeserializeOwned>(
    older: &T,
    older_at: &str,
    newer: &T,
    newer_at: &str,
) -> T {
    let mut merged = to_map(older);
    let mut superseded: Vec<Value> = merged
        .get("superseded")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (key, value) in to_map(newer) {
        if key == "superseded" || key == "export" {
            continue;
        }
        match merged.get_mut(&key) {
            None => {
                merged.insert(key, value);
            }
            Some(current) if *current == value => {}
            Some(Value::Array(current)) if UNITED.contains(&key.as_str()) => {
                for item in value.as_array().into_iter().flatten() {
                    if !current.contains(item) {
                        current.push(item.clone());
                    }
                }
            }
            Some(current) => {
                let old = std::mem::replace(current, value);
                superseded.push(serde_json::json!({
                    "field": key,
                    "value": old,
                    "from": older_at,
                    "kept_from": newer_at,
                }));
            }
        }
    }
    if !superseded.is_empty() {
        merged.insert("superseded".into(), Value::Array(superseded));
    }
    serde_json::from_value(Value::Object(merged))
        .expect("merging fields of one type keeps the type")
}

fn pages_of(pages: &[PageRef]) -> String {
    if pages.is_empty() {
        return "the saved pages".into();
    }
    pages
        .iter()
        .map(|p| p.file.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Builds the generated part of the corpus from the export (if any) and every page's
/// records. A record in both is one record; the pages are newer and win.
pub fn assemble(
    pages: Vec<(PathBuf, PageRecords)>,
    export: Option<(PathBuf, crate::export::ExportRecords)>,
    report: &mut Report,
) -> Corpus {
    let (mut corpus, export_file) = match export {
        Some((file, records)) => (from_export(records), Some(file)),
        None => (Corpus::default(), None),
    };
    let from_pages = assemble_pages(pages, &corpus, report);
    let export_file = export_file.as_deref();
    overlay(
        &mut corpus.evidence,
        from_pages.evidence,
        export_file,
        report,
    );
    overlay(
        &mut corpus.portal_rulesets,
        from_pages.portal_rulesets,
        export_file,
        report,
    );
    overlay(&mut corpus.sources, from_pages.sources, export_file, report);
    overlay(&mut corpus.games, from_pages.games, export_file, report);
    link_games(&mut corpus);
    corpus
}

/// What the overlay of the pages on the export needs of a kind of record.
trait Overlaid: Serialize + DeserializeOwned + Clone {
    fn export(&self) -> Option<&corpus::ExportRef>;
    fn superseded(&self) -> &[corpus::Superseded];
    /// The saved pages the record was read from, in words.
    fn read_from(&self) -> String;
    /// Whether the page's record says less than the export's and is not taken at all.
    fn says_less(&self) -> bool {
        false
    }
    /// Tidies a merged record.
    fn tidy(&mut self) {}
}

impl Overlaid for Evidence {
    fn export(&self) -> Option<&corpus::ExportRef> {
        self.export.as_ref()
    }
    fn superseded(&self) -> &[corpus::Superseded] {
        &self.superseded
    }
    fn read_from(&self) -> String {
        pages_of(&self.pages)
    }
}

impl Overlaid for PortalRuleset {
    fn export(&self) -> Option<&corpus::ExportRef> {
        self.export.as_ref()
    }
    fn superseded(&self) -> &[corpus::Superseded] {
        &self.superseded
    }
    fn read_from(&self) -> String {
        pages_of(&self.pages)
    }
}

impl Overlaid for Source {
    fn export(&self) -> Option<&corpus::ExportRef> {
        self.export.as_ref()
    }
    fn superseded(&self) -> &[corpus::Superseded] {
        &self.superseded
    }
    fn read_from(&self) -> String {
        "a saved page".into()
    }
    /// A citation alone says less than the export's full reference.
    fn says_less(&self) -> bool {
        self.reference.is_none()
    }
}

impl Overlaid for Game {
    fn export(&self) -> Option<&corpus::ExportRef> {
        self.export.as_ref()
    }
    fn superseded(&self) -> &[corpus::Superseded] {
        &self.superseded
    }
    fn read_from(&self) -> String {
        pages_of(&self.pages)
    }
    fn tidy(&mut self) {
        let name = self.name.clone();
        self.aliases.retain(|a| *a != name);
        self.aliases.sort();
    }
}

/// Overlays the records of the pages on those of the export, key by key.
fn overlay<T: Overlaid>(
    older: &mut BTreeMap<String, T>,
    newer: BTreeMap<String, T>,
    export_file: Option<&Path>,
    report: &mut Report,
) {
    for (key, record) in newer {
        let merged = match older.get(&key) {
            Some(old) if record.says_less() => old.clone(),
            Some(old) => {
                let older_at = old.export().map_or_else(String::new, ToString::to_string);
                let mut merged = supersede(old, &older_at, &record, &record.read_from());
                merged.tidy();
                report_superseded(
                    &key,
                    merged.superseded(),
                    old.superseded().len(),
                    export_file,
                    report,
                );
                merged
            }
            None => record,
        };
        older.insert(key, merged);
    }
}

fn report_superseded(
    id: &str,
    superseded: &[corpus::Superseded],
    already: usize,
    export_file: Option<&Path>,
    report: &mut Report,
) {
    let file = export_file.unwrap_or(Path::new("export"));
    for entry in &superseded[already..] {
        report.push(
            Diagnostic::warning(
                file,
                format!(
                    "{id}: the saved page ({}) differs from the export at {}; the page is newer and kept, the export's value is kept under `superseded`",
                    entry.kept_from, entry.from
                ),
            )
            .field(entry.field.clone()),
        );
    }
}

/// The export's records as a corpus.
fn from_export(records: crate::export::ExportRecords) -> Corpus {
    let mut corpus = Corpus::default();
    for record in records.evidence {
        corpus.evidence.insert(record.id.clone(), record);
    }
    for record in records.rulesets {
        corpus.portal_rulesets.insert(record.id.clone(), record);
    }
    for game in records.games {
        corpus.games.insert(game.key.clone(), game);
    }
    for source in records.sources {
        corpus.sources.insert(source.key.clone(), source);
    }
    corpus
}

/// Every game lists the records and rulesets that name it, sorted.
fn link_games(corpus: &mut Corpus) {
    let mut evidence: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for record in corpus.evidence.values() {
        if let Some(game) = &record.game {
            evidence
                .entry(game.clone())
                .or_default()
                .push(record.id.clone());
        }
    }
    let mut rulesets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for record in corpus.portal_rulesets.values() {
        if let Some(game) = &record.game {
            rulesets
                .entry(game.clone())
                .or_default()
                .push(record.id.clone());
        }
    }
    for (key, game) in &mut corpus.games {
        for (listed, found) in [
            (&mut game.evidence, &evidence),
            (&mut game.rulesets, &rulesets),
        ] {
            listed.extend(found.get(key).into_iter().flatten().cloned());
            listed.sort_by_key(|id| record_number(id));
            listed.dedup();
        }
    }
}

/// The number of a DLP id, so that `DLP.Evidence.98` sorts before `DLP.Evidence.682`.
fn record_number(id: &str) -> (u64, String) {
    let number = id
        .rsplit('.')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(u64::MAX);
    (number, id.to_string())
}

/// The records of the saved pages alone, merged across pages. `export` is only consulted for
/// the game a name already belongs to and for the keys of sources it knows in full.
fn assemble_pages(
    pages: Vec<(PathBuf, PageRecords)>,
    export: &Corpus,
    report: &mut Report,
) -> Corpus {
    let mut evidence: BTreeMap<String, (Evidence, Seen)> = BTreeMap::new();
    let mut rulesets: BTreeMap<String, (PortalRuleset, Seen)> = BTreeMap::new();
    let mut names: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut game_pages: BTreeMap<String, (crate::records::GamePage, PageRef)> = BTreeMap::new();
    let mut sources: BTreeMap<String, Vec<(Source, PathBuf)>> = BTreeMap::new();

    let export_keys: BTreeMap<&str, &str> = export
        .sources
        .values()
        .filter_map(|s| Some((s.reference.as_deref()?, s.key.as_str())))
        .collect();
    for (file, mut page) in pages {
        // A full reference the export knows takes the export's key, which may carry a
        // year letter or title words to tell works of one author and year apart.
        let mut rekeyed: BTreeMap<String, String> = BTreeMap::new();
        for source in &mut page.sources {
            if let Some(key) = source.reference.as_deref().and_then(|r| export_keys.get(r))
                && source.key != *key
            {
                rekeyed.insert(source.key.clone(), key.to_string());
                source.key = key.to_string();
            }
        }
        for (record, _) in &mut page.evidence {
            for key in &mut record.sources {
                if let Some(new) = rekeyed.get(key) {
                    *key = new.clone();
                }
            }
        }
        for (record, _) in &mut page.rulesets {
            for key in &mut record.sources {
                if let Some(new) = rekeyed.get(key) {
                    *key = new.clone();
                }
            }
        }
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
            ..Game::default()
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
