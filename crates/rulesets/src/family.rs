//! The games of the families: each a file of `corpus/families/<family>/`, embedded at build
//! time, played by its family's one engine under the parameters the file gives, each with its
//! own sentence. A family is what the registry needs to know of it ([`Family`]): its engine,
//! its embedded files and how one file reads; everything else (finding, resolving, reporting
//! a bad file) is the same code for every family.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use engine::{Game, Observe, OptionSpec, Options};

use crate::{GameInfo, OptionSet, Playing, Reading, ResolveError, Resolved, Ruleset};

/// The sowing family's game files as the build embedded them: (path in the project, text).
const SOWING_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/sowing_files.rs"));

/// The race family's game files as the build embedded them.
const RACE_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/race_files.rs"));

/// The families, by the name of their folder in `corpus/families/`.
pub const FAMILIES: &[&str] = &["sowing", "race"];

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

impl FamilyFileError {
    /// An error about the field at `path_in_file` (its sections, outermost first), located at
    /// that field's line, else at the first of its sections found, else at line 1.
    fn at(file: &str, text: &str, path_in_file: &[&str], reason: String) -> Self {
        let line = (1..=path_in_file.len())
            .rev()
            .find_map(|depth| corpus::yaml::line_of(text, &path_in_file[..depth]))
            .unwrap_or(1);
        let column = text
            .lines()
            .nth(line as usize - 1)
            .map_or(1, |l| (l.len() - l.trim_start().len()) as u64 + 1);
        FamilyFileError {
            file: file.to_string(),
            line,
            column,
            field: path_in_file.join("."),
            reason,
        }
    }

    /// A file that is not the family's YAML at all, located where the parser stopped.
    fn from_yaml(file: &str, diagnostic: &corpus::Diagnostic) -> Self {
        FamilyFileError {
            file: file.to_string(),
            line: diagnostic.line.unwrap_or(1),
            column: diagnostic.column.unwrap_or(1),
            field: diagnostic.field.clone().unwrap_or_else(|| "file".into()),
            reason: diagnostic.message.clone(),
        }
    }
}

/// What one game file gives the registry.
pub(crate) struct FileRead<P> {
    slug: String,
    name: String,
    aliases: Vec<String>,
    records: Vec<String>,
    /// The corpus's game it plays; empty when no game of the DLP's is it.
    game: String,
    /// The vendored Ludii description its `ludii` preset reads.
    description: String,
    dlp: P,
    ludii: P,
    /// Each parameter's citation and sentence, as the `dlp` preset reads it.
    sources: BTreeMap<String, (String, String)>,
    /// The scholars' readings the file gives: name, and options on the `ludii` preset.
    readings: Vec<(String, OptionSet)>,
    /// The faults of Ludii's engine the file keeps, as options on the `ludii` preset.
    ludii_faults: OptionSet,
}

/// A family of games: one engine, and a game file for each of its games.
pub(crate) trait Family: 'static {
    /// The family's engine.
    type Engine: Observe;
    /// The family's name, as reports write it ("sowing").
    const NAME: &'static str;
    /// The folder of its game files, from the corpus's root.
    const FOLDER: &'static str;
    /// Its game files as the build embedded them.
    const FILES: &'static [(&'static str, &'static str)];
    /// Reads one game file; an error names its file, line, column and field.
    fn read(
        path: &str,
        text: &str,
    ) -> Result<FileRead<<Self::Engine as Game>::Options>, FamilyFileError>;
}

/// The sowing family.
pub(crate) struct SowingFamily;

impl Family for SowingFamily {
    type Engine = sowing::Sowing;
    const NAME: &'static str = "sowing";
    const FOLDER: &'static str = "families/sowing/";
    const FILES: &'static [(&'static str, &'static str)] = SOWING_FILES;

    fn read(path: &str, text: &str) -> Result<FileRead<sowing::SowingParams>, FamilyFileError> {
        let file: sowing::file::GameFile =
            corpus::yaml::from_yaml(std::path::Path::new(path), text)
                .map_err(|diagnostic| FamilyFileError::from_yaml(path, &diagnostic))?;
        let (dlp, ludii) = file.presets().map_err(|error| {
            let (section, key) = error.field();
            let mut path_in_file = vec![section];
            path_in_file.extend(key);
            let reason = match &error {
                sowing::file::FileError::Parameter { error, .. }
                | sowing::file::FileError::Combination { error, .. } => error.to_string(),
                sowing::file::FileError::Missing(_) => error.to_string(),
            };
            FamilyFileError::at(path, text, &path_in_file, reason)
        })?;
        let sources = file
            .parameters
            .iter()
            .chain(&file.record_reading)
            .map(|(key, sourced)| (key.clone(), (sourced.cites.clone(), sourced.source.clone())))
            .collect();
        Ok(FileRead {
            slug: file.slug,
            name: file.name,
            aliases: file.aliases,
            records: file.records,
            game: file.game,
            description: file.ludii.file,
            dlp,
            ludii,
            sources,
            readings: Vec::new(),
            ludii_faults: engine::fault::overrides(&file.ludii_faults),
        })
    }
}

/// The race family.
pub(crate) struct RaceFamily;

impl Family for RaceFamily {
    type Engine = race::Race;
    const NAME: &'static str = "race";
    const FOLDER: &'static str = "families/race/";
    const FILES: &'static [(&'static str, &'static str)] = RACE_FILES;

    fn read(path: &str, text: &str) -> Result<FileRead<race::RaceParams>, FamilyFileError> {
        let file: race::file::GameFile = corpus::yaml::from_yaml(std::path::Path::new(path), text)
            .map_err(|diagnostic| FamilyFileError::from_yaml(path, &diagnostic))?;
        let locate = |error: race::file::FileError| {
            let reason = match &error {
                race::file::FileError::Parameter { error, .. } => error.to_string(),
                race::file::FileError::Combination { clash, .. } => clash.reason.clone(),
                other => other.to_string(),
            };
            FamilyFileError::at(path, text, &error.field(), reason)
        };
        let (dlp, ludii) = file.presets().map_err(locate)?;
        // Every reading must play, not only the DLP's: the rulesets study each one.
        let readings = file
            .readings()
            .map_err(locate)?
            .into_iter()
            .map(|(key, options)| (file.readings[&key].name.clone(), options))
            .collect();
        let dlp_reading = file
            .dlp_reading
            .as_ref()
            .and_then(|key| file.readings.get(key));
        let sources = file
            .parameters
            .iter()
            .chain(
                dlp_reading
                    .into_iter()
                    .flat_map(|reading| &reading.parameters),
            )
            .map(|(key, sourced)| (key.clone(), (sourced.cites.clone(), sourced.source.clone())))
            .collect();
        Ok(FileRead {
            slug: file.slug,
            name: file.name,
            aliases: file.aliases,
            records: file.records,
            game: file.game,
            description: file.ludii.file,
            dlp,
            ludii,
            sources,
            readings,
            ludii_faults: engine::fault::overrides(&file.ludii_faults),
        })
    }
}

/// A game of a family, as the registry holds it.
pub struct FamilyGame<F: Family> {
    info: GameInfo,
    game: Option<&'static str>,
    description: &'static str,
    specs: &'static [OptionSpec],
    dlp: <F::Engine as Game>::Options,
    ludii: <F::Engine as Game>::Options,
    readings: &'static [Reading],
    ludii_faults: Option<&'static OptionSet>,
}

/// What reading game files gave: the games that load and the errors of the others.
pub struct FamilyFiles {
    /// Every file that loads, as a ruleset, in the order given.
    pub games: Vec<&'static dyn Ruleset>,
    /// Every file that does not, with its place.
    pub errors: Vec<FamilyFileError>,
}

/// Every family's embedded files, sowing first.
fn embedded() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    SowingFamily::FILES.iter().chain(RaceFamily::FILES)
}

fn loaded() -> &'static FamilyFiles {
    static LOADED: OnceLock<FamilyFiles> = OnceLock::new();
    LOADED.get_or_init(|| read_family_files(&embedded().copied().collect::<Vec<_>>()))
}

/// The families' games that load, in file order.
pub(crate) fn games() -> &'static [&'static dyn Ruleset] {
    &loaded().games
}

/// The shipped family game `slug`, read from its own file alone: a process that plays one
/// game (the instruction-count gate's workload) does not pay for reading the others.
pub(crate) fn game_alone(slug: &str) -> Option<&'static dyn Ruleset> {
    let wanted = format!("/{slug}.yaml");
    let file = embedded().find(|(path, _)| path.ends_with(&wanted))?;
    read_family_files(std::slice::from_ref(file)).games.pop()
}

/// The families' game files this build embeds, (path from the project's root, text): a file
/// that `cargo xtask families` changed after the build plays only once the registry is built
/// again, which `check` tells by comparing them with the corpus's.
pub fn embedded_family_files() -> impl Iterator<Item = (&'static str, &'static str)> {
    embedded().copied()
}

/// The shipped game files of the families that do not load, each with its place: `check`
/// reports them, and the registry leaves them out.
pub fn family_file_errors() -> &'static [FamilyFileError] {
    &loaded().errors
}

/// Reads game files (path, text), each by the family whose folder its path names: every file
/// that loads becomes a ruleset, every other an error; one bad file stops none of the others.
/// The registry holds its games for the life of the process, so their names and sentences
/// are leaked once.
pub fn read_family_files(files: &[(&str, &str)]) -> FamilyFiles {
    let mut games: Vec<&'static dyn Ruleset> = Vec::new();
    let mut errors = Vec::new();
    for &(path, text) in files {
        let read = if in_folder(path, SowingFamily::FOLDER) {
            FamilyGame::<SowingFamily>::read(path, text)
        } else if in_folder(path, RaceFamily::FOLDER) {
            FamilyGame::<RaceFamily>::read(path, text)
        } else {
            Err(FamilyFileError::at(
                path,
                text,
                &[],
                format!(
                    "not in a family's folder ({})",
                    [SowingFamily::FOLDER, RaceFamily::FOLDER].join(", ")
                ),
            ))
        };
        match read {
            Ok(game) => games.push(game),
            Err(error) => errors.push(error),
        }
    }
    FamilyFiles { games, errors }
}

/// Whether `path` (from the corpus's root or any folder above it) is a file of `folder`.
fn in_folder(path: &str, folder: &str) -> bool {
    path.starts_with(folder) || path.contains(&format!("/{folder}"))
}

impl<F: Family> FamilyGame<F>
where
    <F::Engine as Game>::Options: Clone + Send + Sync,
{
    fn read(path: &str, text: &str) -> Result<&'static dyn Ruleset, FamilyFileError> {
        let file = F::read(path, text)?;
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let specs = specs_of::<<F::Engine as Game>::Options>(&file.sources);
        let aliases: Vec<&'static str> = file.aliases.into_iter().map(leak).collect();
        let records: Vec<&'static str> = file.records.into_iter().map(leak).collect();
        let readings: Vec<Reading> = file
            .readings
            .into_iter()
            .map(|(name, options)| Reading {
                name: leak(name),
                options,
            })
            .collect();
        Ok(Box::leak(Box::new(FamilyGame::<F> {
            game: (!file.game.is_empty()).then(|| leak(file.game)),
            description: leak(file.description),
            info: GameInfo {
                slug: leak(file.slug),
                name: leak(file.name),
                aliases: Box::leak(aliases.into_boxed_slice()),
                records: Box::leak(records.into_boxed_slice()),
            },
            specs,
            dlp: file.dlp,
            ludii: file.ludii,
            readings: Box::leak(readings.into_boxed_slice()),
            ludii_faults: (!file.ludii_faults.is_empty())
                .then(|| &*Box::leak(Box::new(file.ludii_faults))),
        })))
    }
}

/// The family's options with this game's sources: the sentence the `dlp` preset reads each
/// parameter from.
fn specs_of<P: Options>(sources: &BTreeMap<String, (String, String)>) -> &'static [OptionSpec] {
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    let specs: Vec<OptionSpec> = P::specs()
        .iter()
        .map(|family| match sources.get(family.key) {
            Some((cites, source)) => OptionSpec {
                cites: leak(cites),
                source: leak(source),
                ..*family
            },
            None => *family,
        })
        .collect();
    Box::leak(specs.into_boxed_slice())
}

impl<F: Family> Ruleset for FamilyGame<F>
where
    <F::Engine as Game>::Options: Clone + Send + Sync,
{
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn engine_type(&self) -> &'static str {
        std::any::type_name::<F::Engine>()
    }

    fn specs(&self) -> &'static [OptionSpec] {
        self.specs
    }

    fn scenarios(&self) -> &'static str {
        // The family's rule scenarios are the engine's, run by the family crate's tests on the
        // boards they are written for; a game of the family has none of its own yet.
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
            play: Arc::new(Playing::<F::Engine> {
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

    fn corpus_game(&self) -> Option<&'static str> {
        self.game
    }

    fn family(&self) -> Option<&'static str> {
        Some(F::NAME)
    }

    fn readings(&self) -> &'static [Reading] {
        self.readings
    }

    fn ludii_faults(&self) -> Option<&'static OptionSet> {
        self.ludii_faults
    }
}
