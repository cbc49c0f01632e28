//! The sowing family's corpus files, built from the vendored descriptions and the corpus: a
//! game file per description the family plays (`families/sowing/<slug>.yaml`), the executable
//! ruleset that links the game's records to it (`rulesets/<slug>.yaml`), and what every other
//! description lacks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use corpus::model::ExecutableRuleset;
use corpus::{Corpus, text::slugify, yaml::to_yaml};
use serde::Serialize;

use crate::{Missing, Translation};

/// The folder of the family's game files, in the corpus.
pub const FAMILY_DIR: &str = "families/sowing";

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
    /// The family game's slug, when it plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    /// Why it does not play: each thing the family lacks, `line:column: what`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lacks: Vec<String>,
}

/// The family's coverage of Ludii's sowing descriptions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FamilyReport {
    /// Sowing descriptions read.
    pub descriptions: usize,
    /// Those the family plays.
    pub playable: usize,
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
}

/// The files to write and the report.
#[derive(Clone, Debug, Default)]
pub struct Built {
    /// Each file by its path in the corpus, rendered.
    pub files: BTreeMap<PathBuf, String>,
    /// What was played and what not.
    pub report: FamilyReport,
}

/// Builds the family's files from the translations of every sowing description.
pub fn build(corpus: &Corpus, translations: &[Translation]) -> Built {
    // Games a hand-written engine already plays keep it: their files are not the family's.
    let hand_written: BTreeSet<&str> = corpus
        .rulesets
        .values()
        .filter(|r| !translations.iter().any(|t| slug_of(t) == r.id))
        .map(|r| r.game.as_str())
        .collect();
    let mut built = Built::default();
    let mut slugs = BTreeSet::new();
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
        let mut entry = Entry {
            file: translation.file.clone(),
            name: translation.name.clone(),
            id: translation.id,
            game: game.clone(),
            records: records.len(),
            slug: None,
            lacks: Vec::new(),
        };
        match &translation.outcome {
            Err(Missing::Unreadable(reason)) => entry.lacks.push(format!("unreadable: {reason}")),
            Err(Missing::Lacks(lacks)) => {
                entry.lacks = lacks
                    .iter()
                    .map(|l| format!("{}: {}", l.span, l.what))
                    .collect();
            }
            Ok(_) if game.as_deref().is_some_and(|g| hand_written.contains(g)) => {
                entry
                    .lacks
                    .push("its game is played by a hand-written engine, which keeps it".into());
            }
            Ok(file) => {
                let mut slug = slug_of(translation);
                if !slugs.insert(slug.clone()) {
                    slug = format!("{slug}-{}", translation.id.unwrap_or(0));
                    slugs.insert(slug.clone());
                }
                let mut file = file.clone();
                file.slug = slug.clone();
                file.game = game.clone().unwrap_or_default();
                file.records = records.clone();
                built.files.insert(
                    PathBuf::from(FAMILY_DIR).join(format!("{slug}.yaml")),
                    header(translation) + &to_yaml(&file),
                );
                // A ruleset links records: a game without evidence is played, not linked.
                if let Some(game) = game.as_ref().filter(|_| !records.is_empty()) {
                    let ruleset = ExecutableRuleset {
                        id: slug.clone(),
                        name: format!("{} as Ludii plays it", translation.name),
                        game: game.clone(),
                        engine: slug.clone().into(),
                        preset: "ludii".to_string().into(),
                        options: Default::default(),
                        implements: records.iter().cloned().map(Into::into).collect(),
                        variants: Vec::new(),
                        notes: format!(
                            "Ludii's description {} read as the sowing family's parameters, each with its line (families/sowing/{slug}.yaml). The records' own Rules texts are not yet read as a reading of their own.",
                            translation.file
                        ),
                    };
                    built.files.insert(
                        PathBuf::from("rulesets").join(format!("{slug}.yaml")),
                        to_yaml(&ruleset),
                    );
                    games_played.insert(game.clone());
                    built.report.records += records.len();
                }
                built.report.playable += 1;
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
    built.report.descriptions = translations.len();
    built.report.games_with_evidence = games_played.len();
    built.report.sowing_games_with_evidence = games_seen.len();
    built
}

fn slug_of(translation: &Translation) -> String {
    slugify(&translation.name)
}

fn header(translation: &Translation) -> String {
    format!(
        "# Generated by `cargo xtask families` from corpus/ludii/lud/{}: do not edit; change the\n# translator or the description and run it again.\n",
        translation.file
    )
}
