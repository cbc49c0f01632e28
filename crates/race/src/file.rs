//! A game of the family as the corpus keeps it (`corpus/families/race/<slug>.yaml`, written by
//! hand): every parameter with its value and where that value comes from (a line of Ludii's
//! description, a sentence of a ruleset), Ludii's reading as the `ludii` preset, and each
//! scholar's reconstruction as a reading: changes from Ludii's, with what the family cannot
//! express of it in words. The reading the DLP's own portal ruleset gives is the `dlp` preset.

use std::collections::BTreeMap;

use engine::fault::Written;
use engine::{OptionError, Options};
use serde::{Deserialize, Serialize};

use crate::params::{Clash, RaceParams};

pub use engine::fault::Fault;

/// One parameter's value and its provenance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sourced {
    /// The value, as the command line writes it.
    pub value: String,
    /// Where it comes from: `Royal Game of Ur.lud:63`, a portal ruleset's id, a publication.
    pub cites: String,
    /// The words it is read from, quoted exactly (a line of the description, a sentence).
    pub source: String,
}

impl Written for Sourced {
    fn written(&self) -> &str {
        &self.value
    }
}

/// Where a game's Ludii reading comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LudiiSource {
    /// The description's file in `corpus/ludii/lud/`.
    pub file: String,
    /// The DLP ruleset id of the ruleset read (its `(id "N")`).
    pub id: u32,
    /// The named ruleset of the description it was read under, if not its defaults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
}

/// A scholar's reconstruction: the parameters it reads otherwise than Ludii, and what of it the
/// family cannot express.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The reading's name as people cite it ("Finkel 2007").
    pub name: String,
    /// Where it is given: a portal ruleset, an evidence record or a publication.
    pub cites: String,
    /// The parameters it reads otherwise than the file's `parameters`, each with its sentence.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, Sourced>,
    /// Rules of the reading the family cannot express, in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unmodelled: Vec<String>,
}

/// A game of the family: a game file of `corpus/families/race/`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// The game's key in the registry and on the command line.
    pub slug: String,
    /// The game's name.
    pub name: String,
    /// The corpus game it plays (a file of `corpus/games/`).
    pub game: String,
    /// Other names it is found by.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The evidence records of the game this ruleset implements.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<String>,
    /// The description its `ludii` preset is read from.
    pub ludii: LudiiSource,
    /// Every parameter of the family: Ludii's reading.
    pub parameters: BTreeMap<String, Sourced>,
    /// Each scholar's reconstruction, by a short key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub readings: BTreeMap<String, Reading>,
    /// The reading the DLP's own portal ruleset gives: the `dlp` preset (Ludii's if none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dlp_reading: Option<String>,
    /// Parameters Ludii 1.3.13 plays otherwise than its description says, by a fault of its
    /// engine: the ruleset's variant "Ludii 1.3.13 as it plays" is the `ludii` preset with
    /// these.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ludii_faults: BTreeMap<String, Fault>,
    /// What the readings decide and leave out, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// A reading's values by parameter, as the registry's variants set them.
pub type Overrides = BTreeMap<String, String>;

/// Why a game file cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// A parameter the family does not have, or a value it does not take.
    #[error("{}.{key}: {error}", section.join("."))]
    Parameter {
        /// The keys from the file's root to the parameters: `parameters`, or `readings`, the
        /// reading's key and `parameters`.
        section: Vec<String>,
        /// The parameter.
        key: String,
        /// What was refused.
        error: OptionError,
    },
    /// A parameter of the family the file leaves out: no value is ever silently assumed.
    #[error("parameters.{0}: missing; every parameter of the family is given with its source")]
    Missing(&'static str),
    /// Values the engine cannot play together, named by the parameter that does not fit.
    #[error("{}.{}", section.join("."), clash)]
    Combination {
        /// The keys from the file's root to the parameters whose values clash.
        section: Vec<String>,
        /// The parameter at fault and why.
        clash: Clash,
    },
    /// `dlp_reading` names a reading the file does not have.
    #[error("dlp_reading: {0:?} is not one of the file's readings")]
    UnknownReading(String),
}

impl FileError {
    /// The keys from the file's root to the field the error is about (`["parameters",
    /// "tracks"]`, `["readings", "finkel", "parameters", "throw"]`, `["dlp_reading"]`), for
    /// locating it in the file.
    pub fn field(&self) -> Vec<&str> {
        match self {
            FileError::Parameter { section, key, .. } => section
                .iter()
                .map(String::as_str)
                .chain([key.as_str()])
                .collect(),
            FileError::Missing(key) => vec!["parameters", key],
            FileError::Combination { section, clash } => section
                .iter()
                .map(String::as_str)
                .chain([clash.key])
                .collect(),
            FileError::UnknownReading(_) => vec!["dlp_reading"],
        }
    }
}

impl GameFile {
    /// The two presets: the DLP's reading (`dlp`) and Ludii's (`ludii`).
    pub fn presets(&self) -> Result<(RaceParams, RaceParams), FileError> {
        let ludii = apply(
            vec!["parameters".into()],
            RaceParams::default(),
            &self.parameters,
        )?;
        for spec in RaceParams::specs() {
            if !self.parameters.contains_key(spec.key) {
                return Err(FileError::Missing(spec.key));
            }
        }
        let dlp = match &self.dlp_reading {
            None => ludii.clone(),
            Some(key) => {
                let reading = self
                    .readings
                    .get(key)
                    .ok_or_else(|| FileError::UnknownReading(key.clone()))?;
                apply(reading_section(key), ludii.clone(), &reading.parameters)?
            }
        };
        self.as_ludii_plays(&ludii)?;
        Ok((dlp, ludii))
    }

    /// Ludii's reading with its engine's faults (`ludii_faults`): what Ludii 1.3.13 plays.
    pub fn as_ludii_plays(&self, ludii: &RaceParams) -> Result<RaceParams, FileError> {
        apply(
            vec!["ludii_faults".into()],
            ludii.clone(),
            &self.ludii_faults,
        )
    }

    /// Each reading's changes from Ludii's reading, by its key, every one checked to play.
    pub fn readings(&self) -> Result<Vec<(String, Overrides)>, FileError> {
        let (_, ludii) = self.presets()?;
        self.readings
            .iter()
            .map(|(key, reading)| {
                apply(reading_section(key), ludii.clone(), &reading.parameters)?;
                let overrides = reading
                    .parameters
                    .iter()
                    .map(|(name, sourced)| (name.clone(), sourced.value.clone()))
                    .collect();
                Ok((key.clone(), overrides))
            })
            .collect()
    }
}

fn reading_section(key: &str) -> Vec<String> {
    vec!["readings".into(), key.into(), "parameters".into()]
}

fn apply(
    section: Vec<String>,
    mut params: RaceParams,
    values: &BTreeMap<String, impl Written>,
) -> Result<RaceParams, FileError> {
    for (key, value) in values {
        if let Err(error) = params.set(key, value.written()) {
            return Err(FileError::Parameter {
                section,
                key: key.clone(),
                error,
            });
        }
    }
    crate::params::check(&params).map_err(|clash| FileError::Combination { section, clash })?;
    Ok(params)
}
