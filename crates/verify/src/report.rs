//! `reports/verification.{md,json}` and `reports/simulations.{md,json}`: deterministic for a
//! given corpus and seed, committed, and checked fresh by a test.

use std::collections::BTreeMap;

use engine::playout::Caps;
use serde::{Deserialize, Serialize};

use crate::claims::{ClaimResult, Status, Words};
use crate::coverage::RecordCoverage;
use crate::studies::{StudyResult, compare};
use crate::{Outcome, studies};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// The verification's counts.
pub struct VerificationSummary {
    /// What an engine here can run, out of the whole corpus.
    pub executable: crate::links::ExecutableCoverage,
    /// Records with a Rules text an engine covers.
    pub records: usize,
    /// Their clauses.
    pub clauses: usize,
    /// Clauses with an executable counterpart.
    pub modelled: usize,
    /// Clauses a claim or a rule scenario runs the engine on.
    #[serde(default)]
    pub exercised: usize,
    /// Clauses only linked to the options that read them.
    #[serde(default)]
    pub options_only: usize,
    /// Clauses the rulesets' own presets contradict.
    #[serde(default)]
    pub contradicted: usize,
    /// Share of clauses with an executable counterpart.
    pub coverage: f64,
    /// Claims checked.
    pub claims: usize,
    /// Claims that hold under their ruleset.
    pub holds: usize,
    /// Claims that hold only under other readings.
    pub holds_only_under: usize,
    /// Claims that fail under every reading tried.
    pub fails: usize,
    /// Claims that could not be run.
    pub broken: usize,
    /// The claims counted apart by where their words come from: a source's own words
    /// (quotations), then DLP's Rules text; then, apart from both, the claims that ask whether
    /// some setup the source leaves open gives its words.
    #[serde(default)]
    pub by_origin: Vec<OriginCounts>,
    /// Rule scenarios of the engines: checks of the rulesets' own choices, not of any source,
    /// each run by `verify`.
    #[serde(default)]
    pub rule_scenarios: usize,
    /// Rule scenarios that passed when `verify` ran them (the reports are written only when
    /// every one does).
    #[serde(default)]
    pub rule_scenarios_passed: usize,
}

/// The verdicts on the claims whose words come from one place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OriginCounts {
    /// Where the claims' words come from (a quotation, DLP's Rules text).
    pub origin: String,
    /// Claims.
    pub claims: usize,
    /// That hold under their ruleset.
    pub holds: usize,
    /// That hold only under other readings.
    pub holds_only_under: usize,
    /// That fail under every reading tried.
    pub fails: usize,
    /// That could not be run.
    pub broken: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// `reports/verification.json`.
pub struct Verification {
    /// The seed of every study.
    pub seed: u64,
    /// The counts.
    pub summary: VerificationSummary,
    /// Clause coverage of every covered record.
    pub coverage: Vec<RecordCoverage>,
    /// Every claim with its verdict.
    pub claims: Vec<ClaimResult>,
    /// Option values the claims suggest.
    pub suggestions: Vec<Suggestion>,
}

/// What the claims' interpretation searches say about one option of a ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Suggestion {
    /// The ruleset.
    pub ruleset: String,
    /// The option.
    pub option: String,
    /// The ruleset's value.
    pub current: String,
    /// Each value some claim needs, with the claims needing it.
    pub suggested: BTreeMap<String, Vec<String>>,
}

impl Suggestion {
    /// The claims need a value other than the ruleset's, or disagree among themselves.
    pub fn is_at_odds(&self) -> bool {
        self.suggested.len() > 1 || !self.suggested.contains_key(&self.current)
    }
}

/// Options whose value every reproducing reading shares, gathered per ruleset.
pub fn suggestions(claims: &[ClaimResult]) -> Vec<Suggestion> {
    let mut found: BTreeMap<(String, String), Suggestion> = BTreeMap::new();
    for claim in claims {
        let Some(search) = &claim.search else {
            continue;
        };
        for (option, value) in &search.suggests {
            let entry = found
                .entry((claim.ruleset.clone(), option.clone()))
                .or_insert_with(|| Suggestion {
                    ruleset: claim.ruleset.clone(),
                    option: option.clone(),
                    current: claim.options.get(option).cloned().unwrap_or_default(),
                    suggested: BTreeMap::new(),
                });
            entry
                .suggested
                .entry(value.clone())
                .or_default()
                .push(claim.id.clone());
        }
    }
    found.into_values().collect()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// One ruleset's studies.
pub struct RulesetStudies {
    /// The ruleset.
    pub ruleset: String,
    /// Its engine.
    pub engine: String,
    /// Its studies, in order.
    pub studies: Vec<StudyResult>,
    /// What the record's reading and Ludii's encoding differ in.
    pub comparison: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// `reports/simulations.json`.
pub struct Simulations {
    /// The seed of every study.
    pub seed: u64,
    /// Playouts per study.
    pub playouts_per_study: u64,
    /// When a game is cut off.
    pub caps: Caps,
    /// The moves a family game's study of Ludii's encoding may play
    /// ([`studies::LUDII_STUDY_MOVES`]).
    #[serde(default)]
    pub ludii_study_moves: u64,
    /// The fewest games such a study plays ([`studies::LUDII_STUDY_LEAST_PLAYOUTS`]).
    #[serde(default)]
    pub ludii_study_least_playouts: u64,
    /// The moves a study of Ludii's own play of a game with an engine of its own may play
    /// ([`studies::LUDII_MEASURED_STUDY_MOVES`]).
    #[serde(default)]
    pub ludii_measured_study_moves: u64,
    /// The fewest games such a study plays ([`studies::LUDII_MEASURED_LEAST_PLAYOUTS`]).
    #[serde(default)]
    pub ludii_measured_least_playouts: u64,
    /// Each ruleset's studies.
    pub rulesets: Vec<RulesetStudies>,
    /// Ludii's measured play beside every study of its encoding.
    #[serde(default)]
    pub ludii_measured: Option<LudiiMeasuredAbout>,
    #[serde(default)]
    /// Each study of a Ludii encoding beside Ludii's measured play.
    pub ludii: Vec<crate::ludii::Comparison>,
}

/// Where Ludii's figures come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LudiiMeasuredAbout {
    /// Ludii's version.
    pub ludii: String,
    /// When the figures were measured.
    pub measured: String,
    /// How they were measured.
    pub how: String,
}

/// The verification report of a merged run.
pub fn verification(outcome: &Outcome) -> Verification {
    let coverage = outcome.checks.coverage.clone();
    let claims = outcome.checks.claims.clone();
    let clauses = coverage.iter().map(|c| c.total).sum::<usize>();
    let modelled = coverage.iter().map(|c| c.modelled).sum::<usize>();
    let count = |status: Status| claims.iter().filter(|c| c.status == status).count();
    Verification {
        seed: outcome.seed,
        summary: VerificationSummary {
            executable: outcome.checks.executable.clone(),
            records: coverage.len(),
            clauses,
            modelled,
            exercised: coverage.iter().map(|c| c.exercised).sum(),
            options_only: coverage.iter().map(|c| c.options_only).sum(),
            contradicted: coverage.iter().map(|c| c.contradicted).sum(),
            coverage: if clauses == 0 {
                0.0
            } else {
                engine::stats::round(modelled as f64 / clauses as f64)
            },
            claims: claims.len(),
            holds: count(Status::Holds),
            holds_only_under: count(Status::HoldsOnlyUnder),
            fails: count(Status::Fails),
            broken: count(Status::Broken),
            by_origin: [
                (Some(Words::Quotation), "a source's own words (quotations)"),
                (
                    Some(Words::NamedSource),
                    "a scholar's rules as a portal ruleset naming its source gives them",
                ),
                (Some(Words::DlpRules), "DLP's own Rules text"),
                (
                    None,
                    "searches for a setup the source leaves open (whether any gives its words)",
                ),
            ]
            .into_iter()
            .map(|(words, label)| {
                let counted = |c: &&ClaimResult| match words {
                    Some(words) => c.question.is_sentence() && c.words == words,
                    None => !c.question.is_sentence(),
                };
                let of = |status: Option<Status>| {
                    claims
                        .iter()
                        .filter(counted)
                        .filter(|c| status.is_none_or(|s| c.status == s))
                        .count()
                };
                OriginCounts {
                    origin: label.to_string(),
                    claims: of(None),
                    holds: of(Some(Status::Holds)),
                    holds_only_under: of(Some(Status::HoldsOnlyUnder)),
                    fails: of(Some(Status::Fails)),
                    broken: of(Some(Status::Broken)),
                }
            })
            .collect(),
            rule_scenarios: outcome.checks.rule_scenarios,
            rule_scenarios_passed: outcome.checks.rule_scenarios
                - outcome.checks.rule_scenario_failures.len(),
        },
        coverage,
        suggestions: suggestions(&claims),
        claims,
    }
}

/// The simulations report of a merged run.
pub fn simulations(outcome: &Outcome) -> Simulations {
    let mut by_ruleset: BTreeMap<&str, Vec<StudyResult>> = BTreeMap::new();
    for study in &outcome.studies {
        by_ruleset
            .entry(&study.spec.ruleset)
            .or_default()
            .push(study.clone());
    }
    let rulesets = by_ruleset
        .into_iter()
        .map(|(ruleset, studies)| {
            let comparison = match (
                studies.first(),
                studies.iter().find(|s| {
                    s.spec.preset == "ludii" && s.spec.label.starts_with("Ludii's encoding")
                }),
            ) {
                (Some(own), Some(ludii)) if own.spec.key != ludii.spec.key => {
                    let at_settings = studies
                        .iter()
                        .find(|s| s.spec.label == studies::AT_LUDII_SETTINGS);
                    compare(own, at_settings, ludii)
                }
                _ => vec![],
            };
            RulesetStudies {
                ruleset: ruleset.to_string(),
                engine: studies[0].spec.engine.clone(),
                studies,
                comparison,
            }
        })
        .collect();
    Simulations {
        seed: outcome.seed,
        // The engines' studies play the most; the family's fewer, as their intervals show.
        playouts_per_study: outcome
            .studies
            .iter()
            .map(|s| s.spec.playouts)
            .max()
            .unwrap_or_else(studies::playouts_for_one_percent),
        caps: Caps::LUDII,
        ludii_study_moves: studies::LUDII_STUDY_MOVES,
        ludii_study_least_playouts: studies::LUDII_STUDY_LEAST_PLAYOUTS,
        ludii_measured_study_moves: studies::LUDII_MEASURED_STUDY_MOVES,
        ludii_measured_least_playouts: studies::LUDII_MEASURED_LEAST_PLAYOUTS,
        rulesets,
        ludii_measured: outcome.checks.ludii.as_ref().map(|m| LudiiMeasuredAbout {
            ludii: m.ludii.clone(),
            measured: m.measured.clone(),
            how: m.how.clone(),
        }),
        ludii: [&outcome.checks.ludii, &outcome.checks.family_figures]
            .into_iter()
            .flatten()
            .flat_map(|m| crate::ludii::compare(&outcome.studies, m, &outcome.checks.ludii_plays))
            .collect(),
    }
}

fn pretty<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("reports serialise");
    text.push('\n');
    text
}

/// The four report files, by name, from the merged results: the Markdown from
/// `report-templates/` ([`crate::present`]), the JSON from the same views.
pub fn files(outcome: &Outcome) -> BTreeMap<&'static str, String> {
    let v = verification(outcome);
    let s = simulations(outcome);
    BTreeMap::from([
        ("verification.md", crate::present::verification_markdown(&v)),
        ("verification.json", pretty(&v)),
        ("simulations.md", crate::present::simulations_markdown(&s)),
        ("simulations.json", pretty(&s)),
    ])
}
