//! A record's own reading of a family game (sowing or race) read from a Ludii description.
//! The clause coverage of the record's Rules text (`coverage/<record>.yaml`, written by hand
//! and never generated) maps each clause to the family parameters it speaks to and gives,
//! under `reads`, the values its words leave no doubt about; those values are the game's `dlp`
//! preset, merged into the generated game file (a sowing file's `record_reading`, a race
//! file's reading `records`), so that the generated file stays what the description and the
//! coverage give. A parameter no clause reads keeps Ludii's value, and the reading says so; a
//! value that differs from Ludii's description is listed with the description's line, never
//! silently picked.

use std::collections::BTreeMap;

use corpus::store::FileKind;
use corpus::{Corpus, Diagnostic};
use engine::Options;
use serde::Serialize;
use sowing::file::Sourced;

/// Why a reading's values cannot be played together, and the parameter that says so, where one
/// does.
#[derive(Clone, Debug)]
pub struct Refused {
    /// What the family refuses, in words.
    pub message: String,
    /// The parameter the refusal names.
    pub key: Option<String>,
}

/// A family's game file, as the records' reading reads it: one implementation per family.
pub trait ReadFile {
    /// The family's parameters.
    type Params: Options + Default;
    /// The family's name, in errors.
    const FAMILY: &'static str;
    /// The game file's slug: coverage files name it as their ruleset.
    fn slug(&self) -> &str;
    /// The records of the file's game.
    fn records(&self) -> &[String];
    /// The `dlp` and `ludii` presets with `values` as the records' reading.
    fn presets_with(
        &self,
        values: &BTreeMap<String, Sourced>,
    ) -> Result<(Self::Params, Self::Params), Refused>;
    /// Where Ludii's value of `key` comes from.
    fn ludii_cites(&self, key: &str) -> String;
}

/// The fields both families' game files have alike: slug, records, Ludii's parameters.
macro_rules! file_fields {
    () => {
        fn slug(&self) -> &str {
            &self.slug
        }

        fn records(&self) -> &[String] {
            &self.records
        }

        fn ludii_cites(&self, key: &str) -> String {
            self.parameters
                .get(key)
                .map(|s| s.cites.clone())
                .unwrap_or_default()
        }
    };
}

impl ReadFile for sowing::file::GameFile {
    type Params = sowing::SowingParams;
    const FAMILY: &'static str = "sowing";

    file_fields!();

    fn presets_with(
        &self,
        values: &BTreeMap<String, Sourced>,
    ) -> Result<(Self::Params, Self::Params), Refused> {
        let mut read = self.clone();
        read.record_reading = values.clone();
        read.presets().map_err(|refused| Refused {
            message: refused.to_string(),
            key: refused.field().1.map(str::to_string),
        })
    }
}

/// The key of the records' reading among a race file's readings.
pub const RACE_RECORDS_READING: &str = "records";

impl ReadFile for race::file::GameFile {
    type Params = race::RaceParams;
    const FAMILY: &'static str = "race";

    file_fields!();

    fn presets_with(
        &self,
        values: &BTreeMap<String, Sourced>,
    ) -> Result<(Self::Params, Self::Params), Refused> {
        let mut read = self.clone();
        read.take_records_reading(values, Vec::new());
        read.presets().map_err(|refused| Refused {
            message: refused.to_string(),
            key: refused.field().last().map(|k| (*k).to_string()),
        })
    }
}

/// The records' reading of a race file: a reading of its own, the file's `dlp` preset.
pub trait RaceRecordsReading {
    /// Sets the records' values as the reading `records` and makes it the `dlp` preset.
    fn take_records_reading(&mut self, values: &BTreeMap<String, Sourced>, unmodelled: Vec<String>);
}

impl RaceRecordsReading for race::file::GameFile {
    fn take_records_reading(
        &mut self,
        values: &BTreeMap<String, Sourced>,
        unmodelled: Vec<String>,
    ) {
        let mut cites: Vec<&str> = values.values().map(|s| s.cites.as_str()).collect();
        cites.sort_unstable();
        cites.dedup();
        let records = self.records.join(", ");
        self.readings.insert(
            RACE_RECORDS_READING.to_string(),
            race::file::Reading {
                name: format!("The Rules text of {records}"),
                cites: records,
                parameters: values
                    .iter()
                    .map(|(key, s)| {
                        let sourced = race::file::Sourced {
                            value: s.value.clone(),
                            cites: s.cites.clone(),
                            source: s.source.clone(),
                        };
                        (key.clone(), sourced)
                    })
                    .collect(),
                unmodelled,
            },
        );
        self.dlp_reading = Some(RACE_RECORDS_READING.to_string());
    }
}

/// What the records' reading of a game gives beside Ludii's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RecordReading {
    /// The family game read (its slug).
    pub game: String,
    /// The records whose clause coverage the reading is made of.
    pub records: Vec<String>,
    /// Clauses of their Rules texts in all.
    pub clauses: usize,
    /// Clauses mapped to parameters.
    pub mapped: usize,
    /// Clauses the family cannot express, each with why.
    pub not_modelled: usize,
    /// Mapped clauses that also say something the family cannot express.
    pub partly: usize,
    /// Each parameter a clause reads, with the record's value and its sentence.
    pub values: BTreeMap<String, Sourced>,
    /// Where the records read a parameter otherwise than Ludii's description.
    pub differences: Vec<Difference>,
    /// Parameters a clause speaks to without deciding their value: Ludii's is kept.
    pub undecided: Vec<String>,
    /// Parameters no clause speaks to: Ludii's value is kept.
    pub silent: Vec<String>,
    /// What the records say that the family cannot express, clause by clause.
    pub unexpressed: Vec<String>,
}

/// A parameter the records read otherwise than Ludii's description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The parameter.
    pub parameter: String,
    /// The records' value.
    pub record: String,
    /// Ludii's value.
    pub ludii: String,
    /// Where Ludii's value comes from.
    pub ludii_cites: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: the record reads {}, Ludii's description {} ({})",
            self.parameter, self.record, self.ludii, self.ludii_cites
        )
    }
}

impl RecordReading {
    /// The reading in words, for the game file's and the ruleset's notes.
    pub fn summary(&self) -> String {
        let records = self.records.join(", ");
        let mut text = format!(
            "The Rules text of {records} is read clause by clause in its coverage file (corpus/coverage/): {} of {} clauses set or speak to parameters ({} of them with more than the family expresses), {} are not modelled.",
            self.mapped, self.clauses, self.partly, self.not_modelled
        );
        if self.differences.is_empty() {
            text.push_str(" Where it gives a value, it is Ludii's.");
        } else {
            let each: Vec<String> = self.differences.iter().map(ToString::to_string).collect();
            text.push_str(&format!(
                " It reads otherwise than Ludii's description: {}.",
                each.join("; ")
            ));
        }
        if !self.undecided.is_empty() {
            text.push_str(&format!(
                " It speaks to {} without deciding: Ludii's values are kept.",
                self.undecided.join(", ")
            ));
        }
        if !self.silent.is_empty() {
            text.push_str(&format!(
                " It is silent on {}: Ludii's values are kept.",
                self.silent.join(", ")
            ));
        }
        text
    }
}

/// The reading of `file`'s records that have clause coverage naming it as their ruleset, or
/// none. Every problem is an error naming the coverage file, the line and the field: a
/// parameter the family does not have, a value it does not take, values it cannot play
/// together, two clauses reading one parameter two ways.
pub fn record_reading<F: ReadFile>(
    corpus: &Corpus,
    file: &F,
) -> Result<Option<RecordReading>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut reading = RecordReading {
        game: file.slug().to_string(),
        ..RecordReading::default()
    };
    let mut named = std::collections::BTreeSet::new();
    // Where each value was read, for locating a clash between clauses or a combination.
    let mut read_at: BTreeMap<String, (std::path::PathBuf, Option<u64>)> = BTreeMap::new();
    let specs = F::Params::specs();
    for record in file.records() {
        let Some(coverage) = corpus
            .coverage
            .get(record)
            // A text held to another reading of the game is that reading's, not the records'.
            .filter(|c| c.ruleset == file.slug() && c.reading.is_none())
        else {
            continue;
        };
        let path = corpus.path_of(FileKind::Coverage, record).map_or_else(
            || FileKind::Coverage.path(record),
            std::path::Path::to_path_buf,
        );
        let error = |line: Option<u64>, field: &str, message: String| {
            Diagnostic::error(&path, message).at_line(line).field(field)
        };
        reading.records.push(record.clone());
        for clause in &coverage.clauses {
            reading.clauses += 1;
            if clause.not_modelled.is_some() {
                reading.not_modelled += 1;
                reading.unexpressed.extend(
                    clause
                        .not_modelled
                        .iter()
                        .map(|why| format!("{}: {why}", clause.text)),
                );
            } else if clause.is_modelled() {
                reading.mapped += 1;
            }
            if let Some(why) = &clause.not_expressed {
                reading.partly += 1;
                reading.unexpressed.push(format!("{}: {why}", clause.text));
            }
            for option in &clause.options {
                if specs.iter().any(|s| s.key == option.as_str()) {
                    named.insert(option.value.clone());
                } else {
                    errors.push(error(
                        option.line(),
                        "options",
                        format!(
                            "clause {:?} names {option}, which is not a parameter of the {} family",
                            clause.text,
                            F::FAMILY
                        ),
                    ));
                }
            }
            for (key, value) in &clause.reads {
                if let Err(refused) = F::Params::default().set(key, value) {
                    errors.push(error(
                        value.line(),
                        "reads",
                        format!("clause {:?} reads {key}={value}: {refused}", clause.text),
                    ));
                    continue;
                }
                let sourced = Sourced {
                    value: value.value.clone(),
                    cites: format!("{record} rules"),
                    source: clause.text.clone(),
                };
                match reading.values.get_mut(key) {
                    None => {
                        reading.values.insert(key.clone(), sourced);
                        read_at.insert(key.clone(), (path.clone(), value.line()));
                    }
                    Some(earlier) if earlier.value == sourced.value => {
                        earlier.source = format!("{} {}", earlier.source, sourced.source);
                    }
                    Some(earlier) => errors.push(error(
                        value.line(),
                        "reads",
                        format!(
                            "clause {:?} reads {key}={value}, another clause {key}={} ({}); a reading gives one value",
                            clause.text, earlier.value, earlier.cites
                        ),
                    )),
                }
            }
        }
    }
    if reading.records.is_empty() {
        return Ok(None);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let (dlp, ludii) = file
        .presets_with(&reading.values)
        .map_err(|Refused { message, key }| {
            let (file, line) = key
                .and_then(|key| read_at.get(&key))
                .or_else(|| read_at.values().next())
                .cloned()
                .unwrap_or_default();
            vec![
                Diagnostic::error(
                    file,
                    format!("the records' reading cannot be played: {message}"),
                )
                .at_line(line)
                .field("reads"),
            ]
        })?;
    let (dlp, ludii) = (dlp.to_map(), ludii.to_map());
    for (key, value) in &dlp {
        if ludii.get(key) != Some(value) {
            reading.differences.push(Difference {
                parameter: key.clone(),
                record: value.clone(),
                ludii: ludii.get(key).cloned().unwrap_or_default(),
                ludii_cites: file.ludii_cites(key),
            });
        }
    }
    for spec in specs {
        if reading.values.contains_key(spec.key) {
            continue;
        }
        if named.contains(spec.key) {
            reading.undecided.push(spec.key.to_string());
        } else {
            reading.silent.push(spec.key.to_string());
        }
    }
    Ok(Some(reading))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use sowing::file::GameFile;

    /// Oware's generated game file and a corpus whose only coverage file is `coverage`, read
    /// as `coverage/DLP.Evidence.793.yaml`.
    fn oware_with(coverage: &str) -> (Corpus, GameFile) {
        let shipped =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/families/sowing/oware.yaml");
        let text = std::fs::read_to_string(&shipped).unwrap();
        let file: GameFile = corpus::yaml::from_yaml(&shipped, &text).unwrap();
        let path = FileKind::Coverage.path("DLP.Evidence.793");
        let coverage: corpus::Coverage = corpus::yaml::from_yaml(&path, coverage).unwrap();
        let mut corpus = Corpus::default();
        corpus.texts.insert(path, String::new());
        corpus.coverage.insert("DLP.Evidence.793".into(), coverage);
        (corpus, file)
    }

    fn errors(coverage: &str) -> Vec<String> {
        let (corpus, file) = oware_with(coverage);
        record_reading(&corpus, &file)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    const OPENING: &str = "record: DLP.Evidence.793\nruleset: oware\nclauses:\n";

    #[test]
    fn a_reading_takes_the_clauses_values_and_names_what_differs_and_what_is_silent() {
        let (corpus, file) = oware_with(&format!(
            "{OPENING}- text: \"2x7 board.\"\n  options: [rows, holes]\n  reads: {{rows: 2, holes: 7}}\n- text: \"Stores.\"\n  options: [stores_in_track]\n- text: \"Three players.\"\n  not_modelled: \"two players only\"\n"
        ));
        let reading = record_reading(&corpus, &file).unwrap().unwrap();
        assert_eq!(reading.values["holes"].value, "7");
        assert_eq!(reading.values["holes"].cites, "DLP.Evidence.793 rules");
        assert_eq!(reading.values["holes"].source, "2x7 board.");
        assert_eq!(
            reading
                .differences
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["holes: the record reads 7, Ludii's description 6 (Oware.lud:8)"]
        );
        assert_eq!(reading.undecided, ["stores_in_track"]);
        assert!(reading.silent.contains(&"capture_counts".to_string()));
        assert!(!reading.silent.contains(&"rows".to_string()));
        assert_eq!(
            (reading.clauses, reading.mapped, reading.not_modelled),
            (3, 2, 1)
        );
        assert_eq!(reading.unexpressed, ["Three players.: two players only"]);
    }

    /// A race game read from its description takes its records' reading as a reading of its
    /// own, `records`, which becomes its `dlp` preset; Ludii's stays the `ludii` preset.
    #[test]
    fn a_race_file_plays_its_records_reading_as_its_dlp_preset() {
        use crate::build::FamilyFile;
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus/families/race/ludii/backgammon.yaml");
        let text = std::fs::read_to_string(&shipped).unwrap();
        let mut file: race::file::GameFile = corpus::yaml::from_yaml(&shipped, &text).unwrap();
        file.readings.clear();
        file.dlp_reading = None;
        let path = FileKind::Coverage.path("DLP.Evidence.797");
        let coverage: corpus::Coverage = corpus::yaml::from_yaml(
            &path,
            "record: DLP.Evidence.797\nruleset: backgammon\nclauses:\n- text: \"They cannot reenter on a point with two or more pieces.\"\n  options: [enter_stack_limit]\n  reads: {enter_stack_limit: \"2\"}\n- text: \"Who begins.\"\n  not_modelled: \"a roll for who begins\"\n",
        )
        .unwrap();
        let mut corpus = Corpus::default();
        corpus.texts.insert(path, String::new());
        corpus.coverage.insert("DLP.Evidence.797".into(), coverage);
        let reading = file.take_reading(&corpus).unwrap().unwrap();
        assert_eq!(
            reading
                .differences
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "enter_stack_limit: the record reads 2, Ludii's description 0 (Backgammon.lud:113 (what the ludeme does when the description does not say))"
            ]
        );
        assert_eq!(file.dlp_reading.as_deref(), Some(RACE_RECORDS_READING));
        assert_eq!(
            file.readings[RACE_RECORDS_READING].unmodelled,
            ["Who begins.: a roll for who begins"]
        );
        let (dlp, ludii) = file.presets().unwrap();
        assert_eq!((dlp.enter_stack_limit, ludii.enter_stack_limit), (2, 0));
    }

    #[test]
    fn a_game_no_coverage_reads_has_no_reading() {
        let (corpus, mut file) = oware_with(&format!(
            "{OPENING}- text: \"2x6 board.\"\n  options: [rows]\n"
        ));
        file.records = vec!["DLP.Evidence.1".into()];
        assert_eq!(record_reading(&corpus, &file), Ok(None));
    }

    #[test]
    fn an_unknown_parameter_is_an_error_at_its_line_and_field() {
        let found = errors(&format!(
            "{OPENING}- text: \"2x6 board.\"\n  options: [rows, pits]\n  reads: {{pits: 6}}\n"
        ));
        assert_eq!(found.len(), 2, "{found:#?}");
        assert_eq!(
            found[0],
            "coverage/DLP.Evidence.793.yaml:5: error: field `options`: clause \"2x6 board.\" names pits, which is not a parameter of the sowing family"
        );
        assert!(
            found[1].starts_with(
                "coverage/DLP.Evidence.793.yaml:6: error: field `reads`: clause \"2x6 board.\" reads pits=6: unknown option \"pits\""
            ),
            "{found:#?}"
        );
    }

    #[test]
    fn a_value_out_of_range_is_an_error_at_its_line_and_field() {
        let found = errors(&format!(
            "{OPENING}- text: \"2x6 board.\"\n  options: [rows, holes]\n  reads:\n    rows: 2\n    holes: 40\n"
        ));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].starts_with(
                "coverage/DLP.Evidence.793.yaml:8: error: field `reads`: clause \"2x6 board.\" reads holes=40: "
            ),
            "{found:#?}"
        );
    }

    #[test]
    fn values_the_engine_cannot_play_together_are_an_error() {
        let found = errors(&format!(
            "{OPENING}- text: \"Three rows.\"\n  options: [rows]\n  reads: {{rows: 3}}\n"
        ));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].starts_with("coverage/DLP.Evidence.793.yaml:6: error: field `reads`: the records' reading cannot be played: "),
            "{found:#?}"
        );
    }

    #[test]
    fn two_clauses_reading_one_parameter_two_ways_are_an_error() {
        let found = errors(&format!(
            "{OPENING}- text: \"Four each.\"\n  options: [seeds]\n  reads: {{seeds: 4}}\n- text: \"Five each.\"\n  options: [seeds]\n  reads: {{seeds: 5}}\n"
        ));
        assert_eq!(
            found,
            [
                "coverage/DLP.Evidence.793.yaml:9: error: field `reads`: clause \"Five each.\" reads seeds=5, another clause seeds=4 (DLP.Evidence.793 rules); a reading gives one value"
            ]
        );
    }
}
