//! Ludii's game descriptions read as the families' game files.
//!
//! [`sowing_description`] reads one `.lud` file of the sowing family: its default options
//! expanded ([`ludii::Description::expand`]), then every part of the game read as the family's
//! parameters ([`sowing::read`]), each with the line it comes from; or, when the family cannot
//! play it, every part it lacks with its place. [`race_description`] reads a race description
//! so ([`race_description::read`]). The library does no I/O.

pub mod build;
pub mod eval;
pub mod geometry;
mod no_rules;
pub mod race;
pub mod race_description;
pub mod reading;
pub mod sowing;

use std::collections::BTreeMap;

use ::sowing::file::{GameFile, LudiiSource, Sourced};

pub use crate::sowing::{Lack, Read, Reading};

/// What reading one description gave: for the sowing family by default, for the race family
/// with its game file.
#[derive(Clone, Debug, PartialEq)]
pub struct Translation<File = GameFile> {
    /// The description's file name.
    pub file: String,
    /// The game's name in the description.
    pub name: String,
    /// Its `(id "N")`: the DLP portal ruleset it encodes.
    pub id: Option<u32>,
    /// The game file, when the family plays the description.
    pub outcome: Result<File, Missing>,
}

/// Why a description does not play here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    /// The text is not Ludii's language as the reader knows it, or does not expand.
    Unreadable(String),
    /// What the family lacks, each with its place.
    Lacks(Vec<Lack>),
    /// Ludii describes no rules: the play can make no move (a placeholder of Ludii's, not a
    /// lack of the family), with the play's place.
    NoRules(Lack),
}

/// A description expanded under its defaults, with its name and id; or its translation as
/// unreadable.
fn expanded<File>(
    file: &str,
    text: &str,
) -> Result<(ludii::Expanded, String, Option<u32>), Translation<File>> {
    let unreadable = |reason: String, name: String, id: Option<u32>| Translation {
        file: file.to_string(),
        name,
        id,
        outcome: Err(Missing::Unreadable(reason)),
    };
    let description = match ludii::Description::read(file, text) {
        Ok(description) => description,
        Err(error) => return Err(unreadable(error.to_string(), String::new(), None)),
    };
    let expanded = match description.expand(&ludii::Selection::Defaults) {
        Ok(expanded) => expanded,
        Err(error) => {
            let name = description.name().unwrap_or_default().to_string();
            let id = description.id().and_then(|i| i.parse().ok());
            return Err(unreadable(error.to_string(), name, id));
        }
    };
    let name = expanded.name().unwrap_or_default().to_string();
    let id = expanded.id().and_then(|i| i.parse().ok());
    Ok((expanded, name, id))
}

/// A description whose play can make no move (`no_rules.rs`): Ludii describes no rules for
/// it, which is no lack of a family.
fn without_rules<File>(file: &str, name: String, id: Option<u32>, play: Lack) -> Translation<File> {
    Translation {
        file: file.to_string(),
        name,
        id,
        outcome: Err(Missing::NoRules(play)),
    }
}

/// What the engine refuses of a reading, as a lack at the game.
fn unplayable(expanded: &ludii::Expanded, reason: String) -> Missing {
    Missing::Lacks(vec![Lack {
        span: expanded.game.span,
        what: format!("parameters the engine cannot play together: {reason}"),
    }])
}

/// Reads a sowing description (`file`: its name in `corpus/ludii/lud/`).
pub fn sowing_description(file: &str, text: &str) -> Translation {
    let (expanded, name, id) = match expanded(file, text) {
        Ok(read) => read,
        Err(translation) => return translation,
    };
    if let Some(placeholder) = crate::no_rules::play_without_moves(&expanded.game) {
        return without_rules(file, name, id, placeholder);
    }
    let outcome = match crate::sowing::read(&expanded) {
        Err(lacks) => Err(Missing::Lacks(lacks)),
        Ok(reading) => match crate::sowing::params_of(&reading) {
            Err(reason) => Err(unplayable(&expanded, reason)),
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

/// Reads a race description (`file`: its name in `corpus/ludii/lud/`) into a race game file
/// whose parameters are Ludii's reading; its slug, game and records are the caller's to give.
pub fn race_description(file: &str, text: &str) -> Translation<::race::file::GameFile> {
    let (expanded, name, id) = match expanded(file, text) {
        Ok(read) => read,
        Err(translation) => return translation,
    };
    if let Some(placeholder) = crate::no_rules::play_without_moves(&expanded.game) {
        return without_rules(file, name, id, placeholder);
    }
    let outcome = match crate::race_description::read(&expanded) {
        Err(lacks) => Err(Missing::Lacks(lacks)),
        Ok(reading) => match crate::race_description::params_of(&reading) {
            Err(reason) => Err(unplayable(&expanded, reason)),
            Ok(_) => {
                let sowing = game_file(file, text, &name, id, &reading);
                Ok(::race::file::GameFile {
                    slug: String::new(),
                    name: name.clone(),
                    game: String::new(),
                    aliases: Vec::new(),
                    records: Vec::new(),
                    ludii: ::race::file::LudiiSource {
                        file: file.to_string(),
                        id: id.unwrap_or(0),
                        ruleset: None,
                    },
                    parameters: sowing
                        .parameters
                        .into_iter()
                        .map(|(key, s)| {
                            let sourced = ::race::file::Sourced {
                                value: s.value,
                                cites: s.cites,
                                source: s.source,
                            };
                            (key, sourced)
                        })
                        .collect(),
                    readings: BTreeMap::new(),
                    dlp_reading: None,
                    ludii_faults: sowing.ludii_faults,
                    notes: String::new(),
                })
            }
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
    let ludii_faults = reading
        .iter()
        .filter_map(|(key, read)| {
            let fault = read.ludii_plays.as_ref()?;
            let sourced = &parameters[*key];
            let fault = ::sowing::file::Fault {
                value: fault.value.clone(),
                cites: sourced.cites.clone(),
                source: sourced.source.clone(),
                why: fault.why.to_string(),
            };
            Some((key.to_string(), fault))
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
        ludii_faults,
        notes: String::new(),
    }
}
