//! Clause coverage: each clause of a record's Rules text is mapped, in `coverage/<record>.yaml`,
//! to the options, claims and rule scenarios that implement it, or marked not modelled. Each
//! clause then gets a standing: exercised (a claim or scenario runs the engine on it), linked
//! to options only, contradicted by the ruleset's own preset, or not modelled.

use std::collections::BTreeSet;

use corpus::Report;
use corpus::model::Clause;
use corpus::store::FileKind;
use serde::{Deserialize, Serialize};

use crate::clauses;
use crate::links::record_rules;
use corpus::check::Locator;

/// Where a clause stands against the executable ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// A claim or a rule scenario runs the engine on what the clause says.
    Exercised,
    /// Linked to the options that read it, but nothing runs the engine on it.
    OptionsOnly,
    /// The ruleset's own preset gives an option another value than the clause's words do.
    Contradicted,
    /// Nothing executable implements it.
    NotModelled,
}

impl Standing {
    /// The standing as the JSON and the CSV write it.
    pub fn key(self) -> &'static str {
        match self {
            Standing::Exercised => "exercised",
            Standing::OptionsOnly => "options-only",
            Standing::Contradicted => "contradicted",
            Standing::NotModelled => "not-modelled",
        }
    }

    /// The standing in words, as the reports and the site print it.
    pub fn label(self) -> &'static str {
        match self {
            Standing::Exercised => "exercised",
            Standing::OptionsOnly => "options only",
            Standing::Contradicted => "contradicted by the preset",
            Standing::NotModelled => "not modelled",
        }
    }
}

/// A clause with its standing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoveredClause {
    /// The clause as written in the coverage file.
    pub clause: Clause,
    /// How the engine stands to it.
    pub standing: Standing,
    /// For a contradicted clause, each option the preset sets against the clause's words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contradictions: Vec<Contradiction>,
}

/// An option the ruleset's preset sets against a clause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contradiction {
    /// The option.
    pub option: String,
    /// The value the clause's words give.
    pub reads: String,
    /// The value the ruleset plays.
    pub plays: String,
}

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the clause reads {}={}, the ruleset plays {}={}",
            self.option, self.reads, self.option, self.plays
        )
    }
}

/// Coverage of one record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordCoverage {
    /// The record.
    pub record: String,
    /// The executable ruleset implementing it.
    pub ruleset: Option<String>,
    /// The reading of that ruleset the clauses are held against, where not its preset (the
    /// label of a variant: a text that is another scholar's reading of the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
    /// Its clauses, in order.
    pub clauses: Vec<CoveredClause>,
    /// Clauses with an executable counterpart, whatever their standing.
    pub modelled: usize,
    /// Clauses a claim or a rule scenario exercises.
    pub exercised: usize,
    /// Clauses only linked to the options that read them.
    pub options_only: usize,
    /// Clauses the ruleset's own preset contradicts.
    pub contradicted: usize,
    /// Clauses in all.
    pub total: usize,
    /// Share of clauses with an executable counterpart.
    pub share: f64,
}

/// Coverage of every record with a Rules text that an executable ruleset implements (or that
/// has a coverage file), and every problem of the coverage files. Records no engine runs have
/// no clauses to cover: the links report lists them as not executable here.
pub fn check(at: &Locator<'_>) -> (Vec<RecordCoverage>, Report) {
    let corpus = at.corpus;
    let mut report = Report::default();
    let mut out = Vec::new();
    let mut shared_checked = BTreeSet::new();
    let records: BTreeSet<&str> = corpus
        .rulesets
        .values()
        .flat_map(|r| r.implements.iter().map(|id| id.as_str()))
        .chain(corpus.coverage.keys().map(String::as_str))
        .filter(|id| corpus.evidence.contains_key(*id) || corpus.portal_rulesets.contains_key(*id))
        .collect();
    for id in records {
        let Some(rules) = record_rules(corpus, id) else {
            continue;
        };
        let split = clauses::split(rules);
        let kind = FileKind::Coverage;
        let Some(file) = corpus.coverage.get(id) else {
            let mut diagnostic = corpus::Diagnostic::warning(
                at.path(kind, id),
                format!(
                    "{id} has no clause coverage; its {} clauses count as not modelled",
                    split.len()
                ),
            );
            diagnostic.field = Some("clauses".into());
            report.push(diagnostic);
            let clauses = split
                .iter()
                .map(|t| CoveredClause {
                    clause: Clause {
                        text: t.to_string(),
                        not_modelled: Some("no coverage file".into()),
                        ..Clause::default()
                    },
                    standing: Standing::NotModelled,
                    contradictions: vec![],
                })
                .collect();
            out.push(summarise(id, None, None, clauses));
            continue;
        };
        // A file several records share names the record whose text departs from it.
        let whose = if corpus.shared_coverage.contains_key(id) {
            format!("{id}: ")
        } else {
            String::new()
        };
        for (index, expected) in split.iter().enumerate() {
            match file.clauses.get(index) {
                Some(clause) if clause.text == *expected => {}
                Some(clause) => report.push(at.error_on(
                    kind,
                    id,
                    clause,
                    "clauses",
                    format!(
                        "{whose}clause {}: the Rules text gives {expected:?}, the file {:?}",
                        index + 1,
                        clause.text
                    ),
                )),
                None => report.push(at.error(
                    kind,
                    id,
                    "clauses",
                    format!("{whose}clause {} ({expected:?}) is missing", index + 1),
                )),
            }
        }
        for extra in file.clauses.iter().skip(split.len()) {
            report.push(at.error_on(
                kind,
                id,
                extra,
                "clauses",
                format!("{whose}{:?} is not a clause of the Rules text", extra.text),
            ));
        }
        let engine = corpus
            .rulesets
            .get(&file.ruleset)
            .and_then(|r| rulesets::find(&r.engine).ok());
        // The option set the ruleset plays, or the reading the file names: the one its
        // clauses' words are held against.
        let plays = match &file.reading {
            None => crate::links::ruleset_options(corpus, &file.ruleset),
            Some(label) => match crate::links::variant_options(corpus, &file.ruleset, label) {
                Ok(plays) => plays,
                Err(labels) => {
                    report.push(at.error_on(
                        kind,
                        id,
                        label,
                        "reading",
                        format!(
                            "{} has no reading {:?}; its readings: {}",
                            file.ruleset,
                            label.as_str(),
                            labels.join("; ")
                        ),
                    ));
                    None
                }
            },
        };
        let plays = plays.as_ref().map(rulesets::Resolved::options);
        let scenario_names: BTreeSet<String> = engine
            .and_then(|e| engine::scenario::parse_file(e.scenarios()).ok())
            .map(|s| s.into_iter().map(|s| s.name).collect())
            .unwrap_or_default();
        let claim_ids: BTreeSet<&str> = corpus
            .claims
            .values()
            .flat_map(|f| f.claims.iter().map(|c| c.id.as_str()))
            .collect();
        // A shared file's options, reads, claims and scenarios are the same for each of its
        // records: checked once, at its first.
        let checked_before = corpus
            .shared_coverage
            .get(id)
            .is_some_and(|path| !shared_checked.insert(path.as_path()));
        for clause in file.clauses.iter().filter(|_| !checked_before) {
            for option in &clause.options {
                if engine.is_some_and(|e| !e.specs().iter().any(|s| s.key == option.as_str())) {
                    report.push(at.error_on(kind, id, option, "options", format!("clause {:?} is mapped to option {option}, which the engine does not have", clause.text)));
                }
            }
            if let Some(e) = engine {
                // A value read is one the reading it is held against can take: the ruleset's
                // `dlp` preset, or the variant the file names, with that value.
                let variant = file.reading.as_ref().and_then(|label| {
                    corpus
                        .rulesets
                        .get(&file.ruleset)?
                        .variants
                        .iter()
                        .find(|v| v.label == label.as_str())
                });
                let (preset, base) = variant.map_or(("dlp", None), |v| {
                    (v.preset.as_str(), Some(&v.value.options))
                });
                for (option, value) in &clause.reads {
                    let mut set = base.cloned().unwrap_or_default();
                    set.insert(option.clone(), value.value.clone());
                    if let Err(error) = e.resolve(preset, &set) {
                        report.push(at.error_on(
                            kind,
                            id,
                            value,
                            "reads",
                            format!("clause {:?} reads {option}={value}: {error}", clause.text),
                        ));
                    }
                }
            }
            for claim in &clause.claims {
                if !claim_ids.contains(claim.as_str()) {
                    report.push(at.error_on(
                        kind,
                        id,
                        claim,
                        "claims",
                        format!(
                            "clause {:?} is mapped to claim {claim}, which is not in claims/",
                            clause.text
                        ),
                    ));
                }
            }
            for scenario in &clause.scenarios {
                if !scenario_names.contains(scenario.as_str()) {
                    report.push(at.error_on(kind, id, scenario, "scenarios", format!("clause {:?} is mapped to scenario {scenario}, which the engine does not have", clause.text)));
                }
            }
        }
        let clauses = file
            .clauses
            .iter()
            .map(|clause| stand(clause, plays))
            .collect();
        let reading = file.reading.as_ref().map(|label| label.value.clone());
        out.push(summarise(id, Some(file.ruleset.clone()), reading, clauses));
    }
    (out, report)
}

/// A clause's standing against the option set the ruleset plays (none when it cannot be
/// resolved, which the links check reports).
fn stand(clause: &Clause, plays: Option<&rulesets::OptionSet>) -> CoveredClause {
    let contradictions: Vec<Contradiction> = clause
        .reads
        .iter()
        .filter_map(|(option, reads)| {
            let played = plays?.get(option)?;
            (*played != reads.value).then(|| Contradiction {
                option: option.clone(),
                reads: reads.value.clone(),
                plays: played.clone(),
            })
        })
        .collect();
    let standing = if !clause.is_modelled() {
        Standing::NotModelled
    } else if !contradictions.is_empty() {
        Standing::Contradicted
    } else if !clause.claims.is_empty() || !clause.scenarios.is_empty() {
        Standing::Exercised
    } else {
        Standing::OptionsOnly
    };
    CoveredClause {
        clause: clause.clone(),
        standing,
        contradictions,
    }
}

fn summarise(
    record: &str,
    ruleset: Option<String>,
    reading: Option<String>,
    clauses: Vec<CoveredClause>,
) -> RecordCoverage {
    let count = |standing| clauses.iter().filter(|c| c.standing == standing).count();
    let exercised = count(Standing::Exercised);
    let options_only = count(Standing::OptionsOnly);
    let contradicted = count(Standing::Contradicted);
    let modelled = clauses.iter().filter(|c| c.clause.is_modelled()).count();
    let total = clauses.len();
    let share = if total == 0 {
        0.0
    } else {
        engine::stats::round(modelled as f64 / total as f64)
    };
    RecordCoverage {
        record: record.to_string(),
        ruleset,
        reading,
        clauses,
        modelled,
        exercised,
        options_only,
        contradicted,
        total,
        share,
    }
}

/// A coverage file listing the clauses of a record's Rules text, every clause still to map.
pub fn skeleton(record: &str, ruleset: &str, rules: &str) -> String {
    let clauses: Vec<corpus::yaml::Located<corpus::Clause>> = clauses::split(rules)
        .into_iter()
        .map(|text| {
            corpus::Clause {
                text: text.to_string(),
                not_modelled: Some("to be mapped".into()),
                ..corpus::Clause::default()
            }
            .into()
        })
        .collect();
    corpus::yaml::to_yaml(&corpus::Coverage {
        record: record.to_string(),
        records: vec![],
        ruleset: ruleset.to_string(),
        reading: None,
        clauses,
    })
}
