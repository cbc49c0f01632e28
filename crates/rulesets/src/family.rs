//! The games of the sowing family: each a file of `corpus/families/sowing/`, embedded at build
//! time, played by the one family engine ([`sowing::Sowing`]) under the parameters the file
//! gives, each with its own sentence.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use engine::{OptionSpec, Options};
use sowing::file::{FileError, GameFile};
use sowing::{Sowing, SowingParams};

use crate::{GameInfo, OptionSet, Playing, ResolveError, Resolved, Ruleset};

/// The family's game files as the build embedded them: (path in the project, text).
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/sowing_files.rs"));

/// A game file that could not be made a ruleset: which file, which line, which field, why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {field}: {reason}")]
pub struct FamilyFileError {
    /// The file, from the project's root.
    pub file: String,
    /// The line of the field (1 when no line is known).
    pub line: u64,
    /// The column of the field (1 when no column is known).
    pub column: u64,
    /// The field.
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

/// A game of the family, as the registry holds it.
pub struct FamilyGame {
    info: GameInfo,
    description: &'static str,
    specs: &'static [OptionSpec],
    dlp: SowingParams,
    ludii: SowingParams,
}

/// What reading game files gave: the games that load and the errors of the others.
pub struct FamilyFiles {
    /// Every file that loads, as a ruleset, in the order given.
    pub games: Vec<&'static dyn Ruleset>,
    /// Every file that does not, with its place.
    pub errors: Vec<FamilyFileError>,
}

fn loaded() -> &'static FamilyFiles {
    static LOADED: OnceLock<FamilyFiles> = OnceLock::new();
    LOADED.get_or_init(|| read_family_files(FILES))
}

/// The family's games that load, in file order.
pub(crate) fn games() -> &'static [&'static dyn Ruleset] {
    &loaded().games
}

/// The shipped family game `slug`, read from its own file alone: a process that plays one
/// game (the instruction-count gate's workload) does not pay for reading the others.
pub(crate) fn game_alone(slug: &str) -> Option<&'static dyn Ruleset> {
    let wanted = format!("/{slug}.yaml");
    let file = FILES.iter().find(|(path, _)| path.ends_with(&wanted))?;
    read_family_files(std::slice::from_ref(file)).games.pop()
}

/// The shipped game files of the family that do not load, each with its place: `check`
/// reports them, and the registry leaves them out.
pub fn family_file_errors() -> &'static [FamilyFileError] {
    &loaded().errors
}

/// Reads game files (path, text): every file that loads becomes a ruleset, every other an
/// error; one bad file stops none of the others. The registry holds its games for the life of
/// the process, so their names and sentences are leaked once.
pub fn read_family_files(files: &[(&str, &str)]) -> FamilyFiles {
    let mut games: Vec<&'static dyn Ruleset> = Vec::new();
    let mut errors = Vec::new();
    for &(path, text) in files {
        match read(path, text) {
            Ok(game) => games.push(Box::leak(Box::new(game))),
            Err(error) => errors.push(error),
        }
    }
    FamilyFiles { games, errors }
}

fn read(path: &str, text: &str) -> Result<FamilyGame, FamilyFileError> {
    let file: GameFile =
        corpus::yaml::from_yaml(std::path::Path::new(path), text).map_err(|diagnostic| {
            FamilyFileError {
                file: path.to_string(),
                line: diagnostic.line.unwrap_or(1),
                column: diagnostic.column.unwrap_or(1),
                field: diagnostic.field.clone().unwrap_or_else(|| "file".into()),
                reason: diagnostic.message.clone(),
            }
        })?;
    let (dlp, ludii) = file.presets().map_err(|error| {
        let (section, key) = error.field();
        let mut path_in_file = vec![section];
        path_in_file.extend(key);
        let line = corpus::yaml::line_of(text, &path_in_file)
            .or_else(|| corpus::yaml::line_of(text, &[section]))
            .unwrap_or(1);
        let column = text
            .lines()
            .nth(line as usize - 1)
            .map_or(1, |l| (l.len() - l.trim_start().len()) as u64 + 1);
        FamilyFileError {
            file: path.to_string(),
            line,
            column,
            field: match key {
                Some(key) => format!("{section}.{key}"),
                None => section.to_string(),
            },
            reason: match &error {
                FileError::Parameter { error, .. } | FileError::Combination { error, .. } => {
                    error.to_string()
                }
                FileError::Missing(_) => error.to_string(),
            },
        }
    })?;
    let specs = specs_of(&file);
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let aliases: Vec<&'static str> = file.aliases.iter().cloned().map(leak).collect();
    let records: Vec<&'static str> = file.records.iter().cloned().map(leak).collect();
    Ok(FamilyGame {
        description: leak(file.ludii.file.clone()),
        info: GameInfo {
            slug: leak(file.slug.clone()),
            name: leak(file.name.clone()),
            aliases: Box::leak(aliases.into_boxed_slice()),
            records: Box::leak(records.into_boxed_slice()),
        },
        specs,
        dlp,
        ludii,
    })
}

/// The family's options with this game's sources: the record's sentence where the record reads
/// a parameter, else the description's line.
fn specs_of(file: &GameFile) -> &'static [OptionSpec] {
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    let specs: Vec<OptionSpec> = SowingParams::specs()
        .iter()
        .map(|family| {
            let sourced = file
                .record_reading
                .get(family.key)
                .or_else(|| file.parameters.get(family.key));
            match sourced {
                Some(sourced) => OptionSpec {
                    cites: leak(&sourced.cites),
                    source: leak(&sourced.source),
                    ..*family
                },
                None => *family,
            }
        })
        .collect();
    Box::leak(specs.into_boxed_slice())
}

impl Ruleset for FamilyGame {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn engine_type(&self) -> &'static str {
        std::any::type_name::<Sowing>()
    }

    fn specs(&self) -> &'static [OptionSpec] {
        self.specs
    }

    fn scenarios(&self) -> &'static str {
        // The family's rule scenarios are the engine's, run by the sowing crate's tests on the
        // board they are written for; a game of the family has none of its own yet.
        "scenarios: []\n"
    }

    fn resolve(&self, preset: &str, overrides: &OptionSet) -> Result<Resolved, ResolveError> {
        let refuse = |error| ResolveError {
            game: self.info.slug,
            error,
        };
        let mut params = match preset {
            "dlp" => self.dlp.clone(),
            "ludii" => self.ludii.clone(),
            other => {
                return Err(refuse(engine::OptionError::UnknownPreset(
                    other.to_string(),
                )));
            }
        };
        for (key, value) in overrides {
            params.set(key, value).map_err(refuse)?;
        }
        params.validate().map_err(refuse)?;
        let options: BTreeMap<String, String> = params.to_map();
        Ok(Resolved {
            game: self.info.slug,
            options,
            play: Arc::new(Playing::<Sowing> {
                options: params,
                computations: &[],
            }),
        })
    }

    fn computations(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    fn ludii_description(&self) -> Option<&'static str> {
        Some(self.description)
    }
}
