//! Ludii's game descriptions read as the families' game files.
//!
//! [`sowing_description`] reads one `.lud` file of the sowing family: its default options
//! expanded ([`ludii::Description::expand`]), then every part of the game read as the family's
//! parameters ([`sowing::read`]), each with the line it comes from; or, when the family cannot
//! play it, every part it lacks with its place. The library does no I/O.

pub mod build;
pub mod eval;
pub mod geometry;
pub mod race;
pub mod sowing;

use std::collections::BTreeMap;

use ::sowing::file::{GameFile, LudiiSource, Sourced};

pub use crate::sowing::{Lack, Read, Reading};

/// What reading one description gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Translation {
    /// The description's file name.
    pub file: String,
    /// The game's name in the description.
    pub name: String,
    /// Its `(id "N")`: the DLP portal ruleset it encodes.
    pub id: Option<u32>,
    /// The game file, when the family plays the description.
    pub outcome: Result<GameFile, Missing>,
}

/// Why a description does not play here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    /// The text is not Ludii's language as the reader knows it, or does not expand.
    Unreadable(String),
    /// What the family lacks, each with its place.
    Lacks(Vec<Lack>),
}

/// Reads a sowing description (`file`: its name in `corpus/ludii/lud/`).
pub fn sowing_description(file: &str, text: &str) -> Translation {
    let unreadable = |reason: String, name: String, id: Option<u32>| Translation {
        file: file.to_string(),
        name,
        id,
        outcome: Err(Missing::Unreadable(reason)),
    };
    let description = match ludii::Description::read(file, text) {
        Ok(description) => description,
        Err(error) => return unreadable(error.to_string(), String::new(), None),
    };
    let expanded = match description.expand(&ludii::Selection::Defaults) {
        Ok(expanded) => expanded,
        Err(error) => {
            let name = description.name().unwrap_or_default().to_string();
            let id = description.id().and_then(|i| i.parse().ok());
            return unreadable(error.to_string(), name, id);
        }
    };
    let name = expanded.name().unwrap_or_default().to_string();
    let id = expanded.id().and_then(|i| i.parse().ok());
    let outcome = match crate::sowing::read(&expanded) {
        Err(lacks) => Err(Missing::Lacks(lacks)),
        Ok(reading) => match crate::sowing::params_of(&reading) {
            Err(reason) => Err(Missing::Lacks(vec![Lack {
                span: expanded.game.span,
                what: format!("parameters the engine cannot play together: {reason}"),
            }])),
            Ok(_) => Ok(game_file(file, text, &name, id, &reading)),
        },
    };
    Translation {
        file: file.to_string(),
        name,
        id,
        outcome,
    }
}

fn game_file(file: &str, text: &str, name: &str, id: Option<u32>, reading: &Reading) -> GameFile {
    let lines: Vec<&str> = text.lines().collect();
    let parameters: BTreeMap<String, Sourced> = reading
        .iter()
        .map(|(key, read)| {
            let line = read.span.line as usize;
            let source = lines
                .get(line.saturating_sub(1))
                .map(|l| l.trim().to_string())
                .unwrap_or_default();
            let cites = if read.by_default {
                format!("{file}:{line} (what the ludeme does when the description does not say)")
            } else {
                format!("{file}:{line}")
            };
            (
                key.to_string(),
                Sourced {
                    value: read.value.clone(),
                    cites,
                    source,
                },
            )
        })
        .collect();
    GameFile {
        slug: String::new(),
        name: name.to_string(),
        game: String::new(),
        aliases: Vec::new(),
        records: Vec::new(),
        ludii: LudiiSource {
            file: file.to_string(),
            id: id.unwrap_or(0),
            ruleset: None,
        },
        parameters,
        record_reading: BTreeMap::new(),
        notes: String::new(),
    }
}
