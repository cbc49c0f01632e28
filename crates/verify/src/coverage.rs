//! Clause coverage: each clause of a record's Rules text is mapped, in `coverage/<record>.yaml`,
//! to the options, claims and rule scenarios that implement it, or marked not modelled.

use std::collections::BTreeSet;

use corpus::Report;
use corpus::model::Clause;
use corpus::store::FileKind;
use serde::{Deserialize, Serialize};

use crate::clauses;
use crate::links::record_rules;
use crate::located::Locator;

/// Coverage of one record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordCoverage {
    pub record: String,
    pub ruleset: Option<String>,
    pub clauses: Vec<Clause>,
    pub modelled: usize,
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
    let records: BTreeSet<&String> = corpus
        .rulesets
        .values()
        .flat_map(|r| &r.implements)
        .chain(corpus.coverage.keys())
        .filter(|id| corpus.evidence.contains_key(*id) || corpus.portal_rulesets.contains_key(*id))
        .collect();
    for id in records {
        let Some(rules) = record_rules(corpus, id) else {
            continue;
        };
        let split = clauses::split(rules);
        let kind = FileKind::Coverage;
        let Some(file) = corpus.coverage.get(id.as_str()) else {
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
                .map(|t| Clause {
                    text: t.to_string(),
                    options: vec![],
                    claims: vec![],
                    scenarios: vec![],
                    not_modelled: Some("no coverage file".into()),
                })
                .collect();
            out.push(summarise(id, None, clauses));
            continue;
        };
        for (index, expected) in split.iter().enumerate() {
            match file.clauses.get(index) {
                Some(clause) if clause.text == *expected => {}
                Some(clause) => report.push(at.error_at(
                    kind,
                    id,
                    &clause.text,
                    "clauses",
                    format!(
                        "clause {}: the Rules text gives {expected:?}, the file {:?}",
                        index + 1,
                        clause.text
                    ),
                )),
                None => report.push(at.error_at(
                    kind,
                    id,
                    "clauses:",
                    "clauses",
                    format!("clause {} ({expected:?}) is missing", index + 1),
                )),
            }
        }
        for extra in file.clauses.iter().skip(split.len()) {
            report.push(at.error_at(
                kind,
                id,
                &extra.text,
                "clauses",
                format!("{:?} is not a clause of the Rules text", extra.text),
            ));
        }
        let engine = corpus
            .rulesets
            .get(&file.ruleset)
            .and_then(|r| rulesets::find(&r.engine).ok());
        let scenario_names: BTreeSet<String> = engine
            .and_then(|e| engine::scenario::parse_file(e.scenarios()).ok())
            .map(|s| s.into_iter().map(|s| s.name).collect())
            .unwrap_or_default();
        let claim_ids: BTreeSet<&str> = corpus
            .claims
            .values()
            .flat_map(|f| f.claims.iter().map(|c| c.id.as_str()))
            .collect();
        for clause in &file.clauses {
            for option in &clause.options {
                if engine.is_some_and(|e| !e.specs().iter().any(|s| s.key == option.as_str())) {
                    report.push(at.error_at(kind, id, option, "options", format!("clause {:?} is mapped to option {option}, which the engine does not have", clause.text)));
                }
            }
            for claim in &clause.claims {
                if !claim_ids.contains(claim.as_str()) {
                    report.push(at.error_at(
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
                if !scenario_names.contains(scenario) {
                    report.push(at.error_at(kind, id, scenario, "scenarios", format!("clause {:?} is mapped to scenario {scenario}, which the engine does not have", clause.text)));
                }
            }
        }
        out.push(summarise(
            id,
            Some(file.ruleset.clone()),
            file.clauses.clone(),
        ));
    }
    (out, report)
}

fn summarise(record: &str, ruleset: Option<String>, clauses: Vec<Clause>) -> RecordCoverage {
    let modelled = clauses.iter().filter(|c| c.is_modelled()).count();
    let total = clauses.len();
    let share = if total == 0 {
        0.0
    } else {
        engine::stats::round(modelled as f64 / total as f64)
    };
    RecordCoverage {
        record: record.to_string(),
        ruleset,
        clauses,
        modelled,
        total,
        share,
    }
}

/// A coverage file listing the clauses of a record's Rules text, every clause still to map.
pub fn skeleton(record: &str, ruleset: &str, rules: &str) -> String {
    let clauses: Vec<corpus::Clause> = clauses::split(rules)
        .into_iter()
        .map(|text| corpus::Clause {
            text: text.to_string(),
            options: vec![],
            claims: vec![],
            scenarios: vec![],
            not_modelled: Some("to be mapped".into()),
        })
        .collect();
    corpus::yaml::to_yaml(&corpus::Coverage {
        record: record.to_string(),
        ruleset: ruleset.to_string(),
        clauses,
    })
}
