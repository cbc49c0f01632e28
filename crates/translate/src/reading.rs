//! A record's own reading of a sowing family game. The clause coverage of the record's Rules
//! text (`coverage/<record>.yaml`, written by hand and never generated) maps each clause to
//! the family parameters it speaks to and gives, under `reads`, the values its words leave no
//! doubt about; those values are the game's `dlp` preset, merged into the generated game file
//! as its `record_reading`, so that the generated file stays what the description and the
//! coverage give. A parameter no clause reads keeps Ludii's value, and the reading says so; a
//! value that differs from Ludii's description is listed with the description's line, never
//! silently picked.

use std::collections::BTreeMap;

use corpus::store::FileKind;
use corpus::{Corpus, Diagnostic};
use engine::Options;
use serde::Serialize;
use sowing::SowingParams;
use sowing::file::{GameFile, Sourced};

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
pub fn sowing_reading(
    corpus: &Corpus,
    file: &GameFile,
) -> Result<Option<RecordReading>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut reading = RecordReading {
        game: file.slug.clone(),
        ..RecordReading::default()
    };
    let mut named = std::collections::BTreeSet::new();
    // Where each value was read, for locating a clash between clauses or a combination.
    let mut read_at: BTreeMap<String, (std::path::PathBuf, Option<u64>)> = BTreeMap::new();
    let specs = SowingParams::specs();
    for record in &file.records {
        let Some(coverage) = corpus
            .coverage
            .get(record)
            .filter(|c| c.ruleset == file.slug)
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
                            "clause {:?} names {option}, which is not a parameter of the sowing family",
                            clause.text
                        ),
                    ));
                }
            }
            for (key, value) in &clause.reads {
                if let Err(refused) = SowingParams::default().set(key, value) {
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
    let mut read = file.clone();
    read.record_reading = reading.values.clone();
    let (dlp, ludii) = read.presets().map_err(|refused| {
        let (file, line) = refused
            .field()
            .1
            .and_then(|key| read_at.get(key))
            .or_else(|| read_at.values().next())
            .cloned()
            .unwrap_or_default();
        vec![
            Diagnostic::error(
                file,
                format!("the records' reading cannot be played: {refused}"),
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
                ludii_cites: file
                    .parameters
                    .get(key)
                    .map(|s| s.cites.clone())
                    .unwrap_or_default(),
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
        sowing_reading(&corpus, &file)
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
        let reading = sowing_reading(&corpus, &file).unwrap().unwrap();
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

    #[test]
    fn a_game_no_coverage_reads_has_no_reading() {
        let (corpus, mut file) = oware_with(&format!(
            "{OPENING}- text: \"2x6 board.\"\n  options: [rows]\n"
        ));
        file.records = vec!["DLP.Evidence.1".into()];
        assert_eq!(sowing_reading(&corpus, &file), Ok(None));
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
