//! The race family's executable rulesets. A race game's file (`families/race/<slug>.yaml`) is
//! written by hand from its sources; what is built from it is the ruleset that links it to the
//! records of its game and to the portal rulesets its readings come from
//! (`rulesets/<slug>.yaml`): the DLP's reading as its preset, every other scholar's reading as
//! a variant that `verify` studies beside it, and what each reading leaves unmodelled in its
//! notes. The links follow the corpus, so a record added to a game is linked on the next run.

use std::collections::BTreeMap;
use std::path::PathBuf;

use corpus::Corpus;
use corpus::model::{ExecutableRuleset, Variant};
use corpus::yaml::to_yaml;
use engine::Options;
use race::file::GameFile;
use serde::Serialize;

/// The folder of the race family's game files, in the corpus.
pub const RACE_DIR: &str = "families/race";

/// The words every race ruleset's notes open with, by which a ruleset the race family wrote is
/// known (and removed once its game file is gone).
pub const RULESET_NOTES_OPENING: &str = "The race family's game file families/race/";

/// One race game file, as the report lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RaceEntry {
    /// The file, in `families/race/`.
    pub file: String,
    /// The game's slug and name, when the file reads.
    pub slug: String,
    /// The game's name.
    pub name: String,
    /// The corpus game it plays.
    pub game: String,
    /// Evidence records it links.
    pub records: usize,
    /// The description its `ludii` preset reads.
    pub description: String,
    /// Each reading: key, name, where it is given, and what of it the family cannot express.
    pub readings: Vec<ReadingEntry>,
    /// Why the file is not a ruleset: the game file does not read or play, or its game is not
    /// in the corpus. `check` gives the file, line and field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One reading of a race game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadingEntry {
    /// Its key in the file.
    pub key: String,
    /// Its name.
    pub name: String,
    /// Where it is given.
    pub cites: String,
    /// Whether it is the DLP's reading (the ruleset's preset).
    pub dlp: bool,
    /// Parameters it reads otherwise than Ludii.
    pub changes: usize,
    /// What of it the family cannot express, in words.
    pub unmodelled: Vec<String>,
}

/// The rulesets of the race games and what became of each file.
#[derive(Clone, Debug, Default)]
pub struct RaceBuilt {
    /// Each ruleset by its path in the corpus, rendered.
    pub files: BTreeMap<PathBuf, String>,
    /// Every game file, by file name.
    pub entries: Vec<RaceEntry>,
    /// Records linked to a race game.
    pub records: usize,
}

/// Builds the executable ruleset of every race game file (file name, text) that reads and
/// plays, and lists every file.
pub fn rulesets(corpus: &Corpus, files: &[(String, String)]) -> RaceBuilt {
    let mut built = RaceBuilt::default();
    for (name, text) in files {
        let path = PathBuf::from(RACE_DIR).join(name);
        let mut entry = RaceEntry {
            file: name.clone(),
            slug: String::new(),
            name: String::new(),
            game: String::new(),
            records: 0,
            description: String::new(),
            readings: Vec::new(),
            error: None,
        };
        let file: GameFile = match corpus::yaml::from_yaml(&path, text) {
            Ok(file) => file,
            Err(diagnostic) => {
                entry.error = Some(diagnostic.message);
                built.entries.push(entry);
                continue;
            }
        };
        entry.slug = file.slug.clone();
        entry.name = file.name.clone();
        entry.game = file.game.clone();
        entry.description = file.ludii.file.clone();
        entry.readings = file
            .readings
            .iter()
            .map(|(key, reading)| ReadingEntry {
                key: key.clone(),
                name: reading.name.clone(),
                cites: reading.cites.clone(),
                dlp: file.dlp_reading.as_deref() == Some(key.as_str()),
                changes: reading.parameters.len(),
                unmodelled: reading.unmodelled.clone(),
            })
            .collect();
        let readings = match file.readings() {
            Ok(readings) => readings,
            Err(error) => {
                entry.error = Some(error.to_string());
                built.entries.push(entry);
                continue;
            }
        };
        let Some(game) = corpus.games.get(&file.game) else {
            entry.error = Some(format!("game {:?} is not in the corpus", file.game));
            built.entries.push(entry);
            continue;
        };
        entry.records = game.evidence.len();
        built.records += game.evidence.len();
        built.files.insert(
            PathBuf::from("rulesets").join(format!("{}.yaml", file.slug)),
            to_yaml(&ruleset(corpus, &file, &readings, &game.evidence)),
        );
        built.entries.push(entry);
    }
    built
}

/// The ruleset of one game: every record of the game and every portal ruleset of the game a
/// reading cites; the DLP's reading as the preset, the others as variants.
fn ruleset(
    corpus: &Corpus,
    file: &GameFile,
    readings: &[(String, BTreeMap<String, String>)],
    records: &[String],
) -> ExecutableRuleset {
    let mut implements: Vec<String> = records.to_vec();
    for reading in file.readings.values() {
        for cited in cited_portal_rulesets(&reading.cites) {
            let of_this_game = corpus
                .portal_rulesets
                .get(&cited)
                .is_some_and(|portal| portal.game.as_deref() == Some(file.game.as_str()));
            if of_this_game && !implements.contains(&cited) {
                implements.push(cited);
            }
        }
    }
    let mut variants: Vec<corpus::yaml::Located<Variant>> = readings
        .iter()
        .filter(|(key, _)| file.dlp_reading.as_deref() != Some(key.as_str()))
        .map(|(key, overrides)| {
            let reading = &file.readings[key];
            Variant {
                label: reading.name.clone(),
                preset: "ludii".into(),
                options: overrides.clone(),
                why: why(reading),
                plays_as_ludii: false,
                screen: false,
            }
            .into()
        })
        .collect();
    variants.extend(contested_rules(file, readings).into_iter().map(Into::into));
    variants.extend(
        crate::build::ludii_plays_variant(&file.ludii_faults, |key| &file.parameters[key].value)
            .map(Into::into),
    );
    let (preset, reading_named) = match file
        .dlp_reading
        .as_ref()
        .and_then(|key| file.readings.get(key))
    {
        Some(reading) => (
            "dlp",
            format!("{}'s reading ({})", reading.name, reading.cites),
        ),
        None => ("ludii", "Ludii's reading".to_string()),
    };
    let mut notes = format!(
        "{RULESET_NOTES_OPENING}{slug}.yaml, written from the sources: {reading_named} as the DLP gives it; Ludii's description {description} as the `ludii` preset; every other scholar's reading a variant.",
        slug = file.slug,
        description = file.ludii.file,
    );
    if let Some(reading) = file
        .dlp_reading
        .as_ref()
        .and_then(|key| file.readings.get(key))
        .filter(|reading| !reading.unmodelled.is_empty())
    {
        notes.push_str(&format!(
            " Not modelled in this reading: {}",
            reading.unmodelled.join(" ")
        ));
    }
    if !file.notes.is_empty() {
        notes.push(' ');
        notes.push_str(file.notes.trim());
    }
    ExecutableRuleset {
        id: file.slug.clone(),
        name: format!("{} in its scholars' readings", file.name),
        game: file.game.clone(),
        engine: file.slug.clone().into(),
        preset: preset.to_string().into(),
        options: Default::default(),
        implements: implements.into_iter().map(Into::into).collect(),
        variants,
        notes,
    }
}

/// The rules the readings contest, measured one at a time: for every parameter that some
/// reading (Ludii's among them) gives another value than the DLP's reading, the DLP's reading
/// with that one parameter as that reading gives it, so that its study shows how much that rule
/// alone changes the game. A change the engine cannot play alone (a start that needs the other
/// reading's number of pieces) is left out: it is measured with its whole reading.
fn contested_rules(
    file: &GameFile,
    readings: &[(String, BTreeMap<String, String>)],
) -> Vec<Variant> {
    let Ok((dlp, ludii)) = file.presets() else {
        return Vec::new();
    };
    let dlp_map = dlp.to_map();
    let dlp_name = file
        .dlp_reading
        .as_ref()
        .and_then(|key| file.readings.get(key))
        .map_or_else(|| "Ludii's reading".to_string(), |r| r.name.clone());
    // Each other reading's value of each parameter, with the names of the readings giving it.
    let mut alternatives: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    let mut others = vec![("Ludii".to_string(), ludii.to_map())];
    for (key, overrides) in readings {
        if file.dlp_reading.as_deref() == Some(key.as_str()) {
            continue;
        }
        let mut params = ludii.clone();
        if overrides.iter().any(|(k, v)| params.set(k, v).is_err()) {
            continue;
        }
        others.push((file.readings[key].name.clone(), params.to_map()));
    }
    for (name, map) in &others {
        for (key, value) in map {
            if dlp_map.get(key) != Some(value) {
                alternatives
                    .entry((key.clone(), value.clone()))
                    .or_default()
                    .push(name.clone());
            }
        }
    }
    alternatives
        .into_iter()
        .filter(|((key, value), _)| {
            let mut params = dlp.clone();
            params.set(key, value).is_ok() && params.validate().is_ok()
        })
        .map(|((key, value), names)| Variant {
            label: format!("{dlp_name}, {key} as {}", names.join(" and ")),
            preset: "dlp".into(),
            options: BTreeMap::from([(key.clone(), value.clone())]),
            why: format!(
                "What `{key}` alone changes in {dlp_name}: `{value}` as {} read it, against `{}` (a screen: a quarter of a reading's playouts).",
                names.join(" and "),
                dlp_map.get(&key).map_or("", String::as_str)
            ),
            plays_as_ludii: false,
            screen: true,
        })
        .collect()
}

/// What a reading's study shows, and what of the reading it leaves out.
fn why(reading: &race::file::Reading) -> String {
    let mut why = format!("{} ({}).", reading.name, reading.cites);
    if !reading.unmodelled.is_empty() {
        why.push_str(&format!(" Not modelled: {}", reading.unmodelled.join(" ")));
    }
    why
}

/// The portal rulesets a citation names (`DLP.GameRulesets.77`, `DLP.GameRulesets.19 and 21`
/// names the first only: a citation names each id in full).
fn cited_portal_rulesets(cites: &str) -> Vec<String> {
    let prefix = "DLP.GameRulesets.";
    cites
        .match_indices(prefix)
        .filter_map(|(at, _)| {
            let digits: String = cites[at + prefix.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            (!digits.is_empty()).then(|| format!("{prefix}{digits}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_name_portal_rulesets_in_full() {
        assert_eq!(
            cited_portal_rulesets("DLP.GameRulesets.77; Finkel 2007, DLP.GameRulesets.655"),
            ["DLP.GameRulesets.77", "DLP.GameRulesets.655"]
        );
        assert!(cited_portal_rulesets("Finkel 2007: 16").is_empty());
        assert!(cited_portal_rulesets("DLP.GameRulesets.").is_empty());
    }
}
