//! A game of the family as the corpus keeps it: every parameter with its value and where that
//! value comes from (a line of Ludii's description, a sentence of a record), Ludii's reading as
//! the `ludii` preset and, where a record reads the game otherwise, the record's as `dlp`.

use std::collections::BTreeMap;

use engine::fault::Written;
use engine::{OptionError, Options};
use serde::{Deserialize, Serialize};

use crate::params::SowingParams;

/// One parameter's value and its provenance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sourced {
    /// The value, as the command line writes it.
    pub value: String,
    /// Where it comes from: `Wari.lud:14`, or a record's id and field.
    pub cites: String,
    /// The words it is read from, quoted exactly (a line of the description, a sentence).
    pub source: String,
}

impl Written for Sourced {
    fn written(&self) -> &str {
        &self.value
    }
}

pub use engine::fault::Fault;

/// Where a game's Ludii reading comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LudiiSource {
    /// The description's file in `corpus/ludii/lud/`.
    pub file: String,
    /// Its `(id "N")`: the DLP portal ruleset it encodes.
    pub id: u32,
    /// The named ruleset of the description it was read under, if not its defaults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
}

/// A game of the family: a ruleset file of `corpus/families/sowing/`.
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
    /// The evidence records of the game: the records this ruleset implements.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<String>,
    /// The description its `ludii` preset is read from.
    pub ludii: LudiiSource,
    /// Every parameter of the family: Ludii's reading.
    pub parameters: BTreeMap<String, Sourced>,
    /// Parameters a record reads otherwise: the `dlp` preset is Ludii's with these.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub record_reading: BTreeMap<String, Sourced>,
    /// Parameters Ludii 1.3.13 plays otherwise than its description says, by a fault of its
    /// engine: the ruleset's variant "Ludii 1.3.13 as it plays" is the `ludii` preset with
    /// these.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ludii_faults: BTreeMap<String, Fault>,
    /// What the reading decides and leaves out, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// Why a game file's parameters cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// A parameter the family does not have, or a value it does not take.
    #[error("{section}.{key}: {error}")]
    Parameter {
        /// `parameters`, `record_reading` or `ludii_faults`.
        section: &'static str,
        /// The parameter.
        key: String,
        /// What was refused.
        error: OptionError,
    },
    /// A parameter of the family the file leaves out: no value is ever silently assumed.
    #[error("parameters.{0}: missing; every parameter of the family is given with its source")]
    Missing(&'static str),
    /// Values the engine cannot play together.
    #[error("{section}: {error}")]
    Combination {
        /// `parameters`, `record_reading` or `ludii_faults`.
        section: &'static str,
        /// What was refused.
        error: OptionError,
    },
}

impl FileError {
    /// The parameter the error is about, for locating it in the file.
    pub fn field(&self) -> (&'static str, Option<&str>) {
        match self {
            FileError::Parameter { section, key, .. } => (section, Some(key)),
            FileError::Missing(key) => ("parameters", Some(key)),
            FileError::Combination { section, .. } => (section, None),
        }
    }
}

impl GameFile {
    /// The two presets: Ludii's reading, and the record's (Ludii's where the record is silent).
    pub fn presets(&self) -> Result<(SowingParams, SowingParams), FileError> {
        let ludii = apply("parameters", SowingParams::default(), &self.parameters)?;
        for spec in SowingParams::specs() {
            if !self.parameters.contains_key(spec.key) {
                return Err(FileError::Missing(spec.key));
            }
        }
        let dlp = apply("record_reading", ludii.clone(), &self.record_reading)?;
        self.as_ludii_plays(&ludii)?;
        Ok((dlp, ludii))
    }

    /// Ludii's reading with its engine's faults (`ludii_faults`): what Ludii 1.3.13 plays.
    pub fn as_ludii_plays(&self, ludii: &SowingParams) -> Result<SowingParams, FileError> {
        apply("ludii_faults", ludii.clone(), &self.ludii_faults)
    }
}

fn apply(
    section: &'static str,
    mut params: SowingParams,
    values: &BTreeMap<String, impl Written>,
) -> Result<SowingParams, FileError> {
    for (key, value) in values {
        params
            .set(key, value.written())
            .map_err(|error| FileError::Parameter {
                section,
                key: key.clone(),
                error,
            })?;
    }
    params
        .validate()
        .map_err(|error| FileError::Combination { section, error })?;
    Ok(params)
}
