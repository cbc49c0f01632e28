//! A family's corpus files, built from the vendored descriptions and the corpus: a game file
//! per description the family plays (`families/sowing/<slug>.yaml`,
//! `families/race/ludii/<slug>.yaml`), the executable ruleset that links the game's records to
//! it (`rulesets/<slug>.yaml`), and what every other description lacks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use corpus::model::{ExecutableRuleset, Variant};
use corpus::{Corpus, Diagnostic, text::slugify, yaml::to_yaml};
use serde::Serialize;

use crate::reading::RecordReading;
use crate::{Missing, Translation};

/// The folder of the sowing family's game files, in the corpus.
pub const FAMILY_DIR: &str = "families/sowing";

/// The folder of the race family's game files read from Ludii's descriptions, in the corpus:
/// apart from the files written by hand in `families/race/`.
pub const RACE_LUDII_DIR: &str = "families/race/ludii";

/// A family whose game files are read from Ludii's descriptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    /// Its name, as the rulesets' notes give it ("sowing").
    pub name: &'static str,
    /// The folder its game files are written to, in the corpus.
    pub folder: &'static str,
    /// A description whose game a hand-written engine keeps is written all the same, under a
    /// slug of its own and linked to no game, so that it plays beside that engine (Tuz.lud
    /// beside the Tuz crate); otherwise it is not written where the game's hand-written file
    /// reads that very description as its `ludii` preset (20 Squares.lud), and is written
    /// beside it where it is another description of the game (Sokkattan.lud beside
    /// Pachisi's file): a description that plays is always studied beside Ludii's figures.
    pub beside_hand_written: bool,
}

/// The sowing family.
pub const SOWING: Family = Family {
    name: "sowing",
    folder: FAMILY_DIR,
    beside_hand_written: true,
};

/// The race family's games read from Ludii's descriptions.
pub const RACE: Family = Family {
    name: "race",
    folder: RACE_LUDII_DIR,
    beside_hand_written: false,
};

impl Family {
    /// The notes of a ruleset this family builds for `file` (a description) and `slug`, with
    /// the records' own reading where one is written.
    fn notes(&self, file: &str, slug: &str, reading: Option<&RecordReading>) -> String {
        let opening = format!(
            "Ludii's description {file} read as the {} family's parameters, each with its line ({}/{slug}.yaml).",
            self.name, self.folder
        );
        match reading {
            None => format!(
                "{opening} The records' own Rules texts are not yet read as a reading of their own."
            ),
            Some(reading) => format!("{opening} {}", reading.summary()),
        }
    }

    /// Whether the family built `ruleset` (its notes are the family's).
    pub fn built(&self, ruleset: &ExecutableRuleset) -> bool {
        ruleset.notes.starts_with("Ludii's description ")
            && ruleset
                .notes
                .contains(&format!(" read as the {} family's parameters", self.name))
    }
}

/// A family's game file, as a translation gives it: the builder gives it its identity.
pub trait FamilyFile: Serialize + Clone {
    /// Gives the file its slug, the corpus game it plays and that game's records.
    fn identify(&mut self, slug: &str, game: &str, records: &[String]);

    /// Takes the records' own reading of the game from their clause coverage, as its `dlp`
    /// preset, and returns it; none where no record's coverage reads the game. A family whose
    /// files take no reading leaves the file as it is.
    fn take_reading(&mut self, _corpus: &Corpus) -> Result<Option<RecordReading>, Vec<Diagnostic>> {
        Ok(None)
    }

    /// The variant of the ruleset that plays the game as Ludii 1.3.13 does, faults of its
    /// engine included, where Ludii plays the description otherwise than it says; none where
    /// it plays it as it says, or the family keeps no faults.
    fn as_ludii_plays(&self) -> Option<Variant> {
        None
    }
}

pub use corpus::model::LUDII_PLAYS;

impl FamilyFile for ::sowing::file::GameFile {
    fn identify(&mut self, slug: &str, game: &str, records: &[String]) {
        self.slug = slug.to_string();
        self.game = game.to_string();
        self.records = records.to_vec();
    }

    fn take_reading(&mut self, corpus: &Corpus) -> Result<Option<RecordReading>, Vec<Diagnostic>> {
        let reading = crate::reading::record_reading(corpus, self)?;
        if let Some(reading) = &reading {
            self.record_reading = reading.values.clone();
            self.notes = reading.summary();
        }
        Ok(reading)
    }

    fn as_ludii_plays(&self) -> Option<Variant> {
        ludii_plays_variant(&self.ludii_faults, |key| &self.parameters[key].value)
    }
}

/// The variant "Ludii 1.3.13 as it plays" of a family game whose file keeps faults of Ludii's
/// engine (`ludii_faults`, `described` giving the value the description says for each): the
/// `ludii` preset with the values Ludii plays, marked as the study that must reproduce Ludii's
/// figures; none where the file keeps no fault. One function for every family.
pub fn ludii_plays_variant<'a>(
    faults: &BTreeMap<String, engine::fault::Fault>,
    described: impl Fn(&str) -> &'a str,
) -> Option<Variant> {
    if faults.is_empty() {
        return None;
    }
    Some(Variant {
        label: LUDII_PLAYS.into(),
        preset: "ludii".into(),
        options: engine::fault::overrides(faults),
        why: format!(
            "Ludii's description as Ludii 1.3.13 plays it, with the faults of its engine the family keeps as values of its parameters: {} It must reproduce Ludii's figures.",
            engine::fault::described(faults, described).join(" ")
        ),
        plays_as_ludii: true,
        screen: false,
    })
}

impl FamilyFile for ::race::file::GameFile {
    fn identify(&mut self, slug: &str, game: &str, records: &[String]) {
        self.slug = slug.to_string();
        self.game = game.to_string();
        self.records = records.to_vec();
    }

    fn take_reading(&mut self, corpus: &Corpus) -> Result<Option<RecordReading>, Vec<Diagnostic>> {
        use crate::reading::RaceRecordsReading;
        let reading = crate::reading::record_reading(corpus, self)?;
        if let Some(reading) = &reading {
            self.take_records_reading(&reading.values, reading.unexpressed.clone());
            self.notes = reading.summary();
        }
        Ok(reading)
    }

    fn as_ludii_plays(&self) -> Option<Variant> {
        ludii_plays_variant(&self.ludii_faults, |key| &self.parameters[key].value)
    }
}

/// What became of one description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The description's file in `ludii/lud/`.
    pub file: String,
    /// The game's name in the description.
    pub name: String,
    /// Its DLP portal ruleset id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
    /// The corpus game it encodes, found through the portal ruleset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Evidence records of that game.
    pub records: usize,
    /// The family game's slug, when it plays and is a game file of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    /// Whether the family plays it: as a game file of its own, or through the engine that
    /// already plays its game.
    pub plays: bool,
    /// Why it does not play: each thing the family lacks, `line:column: what`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lacks: Vec<String>,
    /// Where Ludii describes no rules (its play can make no move), `line:column: what`:
    /// nothing the family lacks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_rules: Option<String>,
}

/// The family's coverage of Ludii's sowing descriptions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FamilyReport {
    /// Sowing descriptions read.
    pub descriptions: usize,
    /// Those the family plays.
    pub playable: usize,
    /// Those for which Ludii describes no rules: their play can make no move.
    pub no_rules: usize,
    /// Corpus games with evidence that a playable description encodes.
    pub games_with_evidence: usize,
    /// Corpus games with evidence that some sowing description encodes.
    pub sowing_games_with_evidence: usize,
    /// Records linked to a family game.
    pub records: usize,
    /// Every description, by file.
    pub entries: Vec<Entry>,
    /// What the family lacks, each with the descriptions that lack it (the first lack of each).
    pub lacking: BTreeMap<String, usize>,
    /// The records' own readings of the family's games, in the order of the games' slugs.
    pub readings: Vec<RecordReading>,
}

/// The files to write and the report.
#[derive(Clone, Debug, Default)]
pub struct Built {
    /// Each file by its path in the corpus, rendered.
    pub files: BTreeMap<PathBuf, String>,
    /// What was played and what not.
    pub report: FamilyReport,
    /// Records' readings that cannot be taken, each naming its file, line and field: no file
    /// is written while there is one.
    pub errors: Vec<Diagnostic>,
}

/// Builds the sowing family's files from the translations of every sowing description.
pub fn build(corpus: &Corpus, translations: &[Translation]) -> Built {
    build_family(corpus, translations, &SOWING, &BTreeSet::new())
}

/// Builds a family's files from the translations of its descriptions; `read_by_hand` are the
/// descriptions the family's hand-written game files read as their `ludii` presets.
pub fn build_family<F: FamilyFile>(
    corpus: &Corpus,
    translations: &[Translation<F>],
    family: &Family,
    read_by_hand: &BTreeSet<String>,
) -> Built {
    // Games a hand-written engine or game file already plays keep it: their files are not
    // the family's.
    let hand_written: BTreeSet<&str> = corpus
        .rulesets
        .values()
        .filter(|r| !family.built(r))
        .map(|r| r.game.as_str())
        .collect();
    let mut built = Built::default();
    // A slug of a hand-written engine (Barjis's crate) is never a family game's too.
    let mut slugs: BTreeSet<String> = corpus
        .rulesets
        .values()
        .filter(|r| !family.built(r))
        .map(|r| r.engine.as_str().to_string())
        .collect();
    let mut games_played = BTreeSet::new();
    let mut games_seen = BTreeSet::new();
    for translation in translations {
        let game = translation
            .id
            .and_then(|id| {
                corpus
                    .portal_rulesets
                    .get(&format!("DLP.GameRulesets.{id}"))
            })
            .and_then(|ruleset| ruleset.game.clone())
            .filter(|game| corpus.games.contains_key(game));
        let records: Vec<String> = game
            .as_ref()
            .and_then(|g| corpus.games.get(g))
            .map(|g| g.evidence.clone())
            .unwrap_or_default();
        if let Some(game) = &game
            && !records.is_empty()
        {
            games_seen.insert(game.clone());
        }
        let kept = game.as_deref().is_some_and(|g| hand_written.contains(g));
        let kept_alone =
            kept && !family.beside_hand_written && read_by_hand.contains(&translation.file);
        let mut entry = Entry {
            file: translation.file.clone(),
            name: translation.name.clone(),
            id: translation.id,
            game: game.clone(),
            records: records.len(),
            slug: None,
            plays: false,
            lacks: Vec::new(),
            no_rules: None,
        };
        match &translation.outcome {
            Err(Missing::Unreadable(reason)) => entry.lacks.push(format!("unreadable: {reason}")),
            Err(Missing::NoRules(play)) => {
                entry.no_rules = Some(format!("{}: {}", play.span, play.what));
                built.report.no_rules += 1;
            }
            Err(Missing::Lacks(lacks)) => {
                entry.lacks = lacks
                    .iter()
                    .map(|l| format!("{}: {}", l.span, l.what))
                    .collect();
            }
            Ok(_) if kept_alone => {
                entry.plays = true;
                entry.lacks.push(KEPT.into());
            }
            Ok(file) => {
                // Played beside the hand-written engine, which keeps the game and its records.
                let (game, records) = if kept {
                    entry.lacks.push(KEPT.into());
                    (None, Vec::new())
                } else {
                    (game.clone(), records.clone())
                };
                let mut slug = slug_of(translation);
                if !slugs.insert(slug.clone()) {
                    slug = format!("{slug}-{}", translation.id.unwrap_or(0));
                    slugs.insert(slug.clone());
                }
                let mut file = file.clone();
                file.identify(&slug, game.as_deref().unwrap_or_default(), &records);
                let reading = match file.take_reading(corpus) {
                    Ok(reading) => reading,
                    Err(errors) => {
                        built.errors.extend(errors);
                        None
                    }
                };
                built.files.insert(
                    PathBuf::from(family.folder).join(format!("{slug}.yaml")),
                    header(&translation.file) + &to_yaml(&file),
                );
                // A ruleset links records: a game without evidence is played, not linked.
                if let Some(game) = game.as_ref().filter(|_| !records.is_empty()) {
                    // The records' reading is the ruleset's own where it plays otherwise than
                    // Ludii's; where it gives Ludii's values throughout, one study serves both.
                    let (name, preset) =
                        match reading.as_ref().filter(|r| !r.differences.is_empty()) {
                            Some(reading) => (
                                format!(
                                    "{} as {} reads it",
                                    translation.name,
                                    reading.records.join(" and ")
                                ),
                                "dlp",
                            ),
                            None => (format!("{} as Ludii plays it", translation.name), "ludii"),
                        };
                    let ruleset = ExecutableRuleset {
                        id: slug.clone(),
                        name,
                        game: game.clone(),
                        engine: slug.clone().into(),
                        preset: preset.to_string().into(),
                        options: Default::default(),
                        implements: records.iter().cloned().map(Into::into).collect(),
                        variants: file.as_ludii_plays().into_iter().map(Into::into).collect(),
                        notes: family.notes(&translation.file, &slug, reading.as_ref()),
                    };
                    built.files.insert(
                        PathBuf::from("rulesets").join(format!("{slug}.yaml")),
                        to_yaml(&ruleset),
                    );
                    games_played.insert(game.clone());
                    built.report.records += records.len();
                }
                built.report.readings.extend(reading);
                built.report.playable += 1;
                entry.plays = true;
                entry.slug = Some(slug);
            }
        }
        if let Some(first) = entry.lacks.first() {
            let what = first.split_once(": ").map_or(first.as_str(), |(_, w)| w);
            let key: String = what.chars().take(80).collect();
            *built.report.lacking.entry(key).or_default() += 1;
        }
        built.report.entries.push(entry);
    }
    built.report.readings.sort_by(|a, b| a.game.cmp(&b.game));
    built.report.descriptions = translations.len();
    built.report.games_with_evidence = games_played.len();
    built.report.sowing_games_with_evidence = games_seen.len();
    built
}

/// What the report says of a description whose game a hand-written engine keeps.
const KEPT: &str = "its game is played by a hand-written engine, which keeps it";

fn slug_of<F>(translation: &Translation<F>) -> String {
    slugify(&translation.name)
}

fn header(file: &str) -> String {
    format!(
        "# Generated by `cargo xtask families` from corpus/ludii/lud/{file}: do not edit; change the\n# translator or the description and run it again.\n"
    )
}
