//! Verification: where, for every record, the DLP rules text, the cited source and the
//! executable ruleset agree and where they do not.
//!
//! * [`links`]: rulesets name engines, presets and options that exist; claims quote their
//!   records word for word.
//! * [`coverage`]: each clause of a Rules text is mapped to options, claims and scenarios.
//! * [`claims`]: the sources' testable statements, run under the ruleset and every reading.
//! * [`studies`]: consistency simulations, the record's reading beside Ludii's encoding.
//! * [`report`]: the Markdown and JSON reports.
//!
//! The work splits into shards ([`run_shard`]) that [`merge`] combines into exactly the reports
//! of one run: a single run is one shard of one.

pub mod claims;
pub mod clauses;
pub mod coverage;
pub mod links;
pub mod ludii;
pub mod present;
pub mod report;
pub mod studies;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::AtomicU64;

use corpus::{Corpus, Report};
use engine::stats::Stats;
use serde::{Deserialize, Serialize};

use crate::claims::{ClaimResult, Status};
use crate::coverage::RecordCoverage;
use crate::studies::{StudyResult, StudySpec};
use corpus::check::Locator;

/// The default seed of the committed reports.
pub use engine::simulate::DEFAULT_SEED;

/// What to run.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// The seed of every study.
    pub seed: u64,
    /// Playouts per study.
    pub playouts: u64,
    /// This shard's number, from 1.
    pub shard: u32,
    /// Shards in all.
    pub of: u32,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            seed: DEFAULT_SEED,
            playouts: studies::playouts_for_one_percent(),
            shard: 1,
            of: 1,
        }
    }
}

/// The checks that do not simulate: run once, by shard 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checks {
    /// What an engine of this project can run.
    pub executable: links::ExecutableCoverage,
    /// Ludii's measured play (`ludii/figures/measured.yaml`), when the corpus has it.
    #[serde(default)]
    pub ludii: Option<ludii::Measured>,
    /// Ludii's own play of the family games' descriptions (`ludii/figures/`).
    #[serde(default)]
    pub family_figures: Option<ludii::Measured>,
    /// Per ruleset, the label of the study that must reproduce Ludii's play.
    #[serde(default)]
    pub ludii_plays: BTreeMap<String, String>,
    /// Clause coverage of every covered record.
    pub coverage: Vec<RecordCoverage>,
    /// Every claim with its verdict.
    pub claims: Vec<ClaimResult>,
    /// Rule scenarios of the engines the corpus's rulesets run, each run by `verify`.
    #[serde(default)]
    pub rule_scenarios: usize,
    /// Those that failed: `verify` then refuses to write the reports.
    #[serde(default)]
    pub rule_scenario_failures: Vec<RuleScenarioFailure>,
}

/// A rule scenario of an engine that does not pass: the engine no longer plays its ruleset's
/// own choice, or the scenario cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleScenarioFailure {
    /// The engine's slug.
    pub engine: String,
    /// The scenario's name (unique in its engine's `scenarios.yaml`).
    pub scenario: String,
    /// The engine's scenarios file, from the workspace's root.
    pub file: String,
    /// The scenario's line in it, when found.
    pub line: Option<u64>,
    /// The scenario's field at fault (`expect`, `steps[0].throw`, `setup.pending`).
    pub field: String,
    /// What went wrong.
    pub problem: String,
}

impl RuleScenarioFailure {
    /// The failure as a diagnostic naming its file, line and field.
    pub fn diagnostic(&self) -> corpus::Diagnostic {
        corpus::Diagnostic::error(
            &self.file,
            format!(
                "rule scenario {} of engine {} fails: {}",
                self.scenario, self.engine, self.problem
            ),
        )
        .at_line(self.line)
        .field(&self.field)
    }
}

/// The scenarios file of an engine: `scenarios.yaml` of its game crate, named after the
/// engine's Rust type (`game_sig::Sig` is `crates/game-sig`), as every game crate is laid out.
fn scenarios_file(engine: &dyn rulesets::Ruleset) -> String {
    let krate = engine.engine_type().split("::").next().unwrap_or_default();
    format!("crates/{}/scenarios.yaml", krate.replace('_', "-"))
}

/// The field of a scenario an error lies in.
fn scenario_field(error: &engine::scenario::ScenarioError) -> String {
    use engine::scenario::ScenarioError;
    match error {
        ScenarioError::Options(_) => "options".into(),
        ScenarioError::Setup(setup) => setup
            .field()
            .map_or_else(|| "setup".into(), |f| format!("setup.{f}")),
        ScenarioError::Step(_) => "steps".into(),
        ScenarioError::Malformed { step, field, .. } if field == "step" => {
            format!("steps[{}]", step - 1)
        }
        ScenarioError::Malformed { step, field, .. } => format!("steps[{}].{field}", step - 1),
    }
}

/// One shard's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard's number, from 1.
    pub shard: u32,
    /// Shards in all.
    pub of: u32,
    /// The seed of every study.
    pub seed: u64,
    /// Every study of the run.
    pub plan: Vec<StudySpec>,
    /// This shard's statistics, by study key.
    pub stats: BTreeMap<String, Stats>,
    /// The checks, carried by shard 1 only.
    pub checks: Option<Checks>,
}

/// Everything that is wrong with the corpus's links and coverage files (not findings).
pub fn broken_links(corpus: &Corpus, root: &Path) -> Report {
    let at = Locator { corpus, root };
    let mut report = links::check(&at);
    report.extend(coverage::check(&at).1.diagnostics);
    report
}

/// The clause coverage of every record an executable ruleset implements, each clause with its
/// standing, and what is wrong with the coverage files.
pub fn clause_coverage(corpus: &Corpus, root: &Path) -> (Vec<RecordCoverage>, Report) {
    coverage::check(&Locator { corpus, root })
}

/// The rule scenarios of every engine the corpus's rulesets run, each engine once.
fn rule_scenarios(corpus: &Corpus) -> (usize, Vec<RuleScenarioFailure>) {
    let engines: std::collections::BTreeSet<&str> = corpus
        .rulesets
        .values()
        .map(|r| r.engine.as_str())
        .collect();
    run_rule_scenarios(
        engines
            .into_iter()
            .filter_map(|slug| rulesets::find(slug).ok()),
    )
}

/// Runs every rule scenario of `engines` (they are cheap): how many were run, and those that
/// did not pass.
pub fn run_rule_scenarios<'a>(
    engines: impl IntoIterator<Item = &'a dyn rulesets::Ruleset>,
) -> (usize, Vec<RuleScenarioFailure>) {
    let mut run = 0;
    let mut failures = Vec::new();
    for engine in engines {
        let slug = engine.info().slug;
        let text = engine.scenarios();
        let file = scenarios_file(engine);
        let fail = |scenario: &str, field: &str, problem: String| RuleScenarioFailure {
            engine: slug.to_string(),
            scenario: scenario.to_string(),
            file: file.clone(),
            line: text
                .lines()
                .position(|line| line.trim() == format!("- name: {scenario}"))
                .map(|at| at as u64 + 1),
            field: field.to_string(),
            problem,
        };
        let scenarios = match engine::scenario::parse_file(text) {
            Ok(scenarios) => scenarios,
            Err(error) => {
                failures.push(fail("(the file)", "scenarios", error));
                continue;
            }
        };
        for scenario in &scenarios {
            run += 1;
            let options = match engine.resolve(&scenario.preset, &scenario.options) {
                Ok(options) => options,
                Err(error) => {
                    failures.push(fail(&scenario.name, "options", error.to_string()));
                    continue;
                }
            };
            match options.run_scenario(scenario) {
                Ok(observed) if observed.holds() => {}
                Ok(observed) => failures.push(fail(
                    &scenario.name,
                    "expect",
                    observed.mismatches.join("; "),
                )),
                Err(error) => failures.push(fail(
                    &scenario.name,
                    &scenario_field(&error),
                    error.to_string(),
                )),
            }
        }
    }
    (run, failures)
}

/// Rule scenarios that do not pass, each naming its file, line and field: something is
/// broken, not a finding.
pub fn failing_rule_scenarios(outcome: &Outcome) -> Vec<corpus::Diagnostic> {
    outcome
        .checks
        .rule_scenario_failures
        .iter()
        .map(RuleScenarioFailure::diagnostic)
        .collect()
}

/// Total playouts of a shard, for progress.
pub fn shard_playouts(plan: &[StudySpec], config: &Config) -> u64 {
    plan.iter()
        .map(|s| studies::shard_range(s.playouts, config.shard, config.of).1)
        .sum()
}

/// Runs one shard of the verification. Link and coverage errors, and invariants broken in
/// play, are returned as errors: they are broken, not findings.
pub fn run_shard(
    corpus: &Corpus,
    root: &Path,
    config: &Config,
    progress: Option<&AtomicU64>,
) -> Result<Shard, Report> {
    let at = Locator { corpus, root };
    let mut problems = Report::default();
    let figures = corpus::ludii::LudiiFigures::load(root, &mut problems);
    let checks = if config.shard == 1 {
        let link_report = links::check(&at);
        let (coverage, coverage_report) = coverage::check(&at);
        problems.extend(link_report.diagnostics);
        problems.extend(coverage_report.diagnostics);
        let measured = match ludii::load(root) {
            Ok(measured) => measured,
            Err(diagnostic) => {
                problems.push(diagnostic);
                None
            }
        };
        let differences = ludii::load_differences(root).unwrap_or_else(|diagnostic| {
            problems.push(diagnostic);
            BTreeMap::new()
        });
        let (rule_scenarios, rule_scenario_failures) = rule_scenarios(corpus);
        Some(Checks {
            executable: links::executable_coverage(corpus),
            family_figures: Some(ludii::family_figures(&figures, &differences)),
            ludii: measured,
            ludii_plays: studies::ludii_plays(corpus),
            coverage,
            claims: claims::run_all(&at),
            rule_scenarios,
            rule_scenario_failures,
        })
    } else {
        None
    };
    let measured = ludii::load(root).ok().flatten();
    let plan = studies::plan(
        corpus,
        &figures,
        measured.as_ref(),
        config.seed,
        config.playouts,
    );
    let mut stats = BTreeMap::new();
    for spec in &plan {
        let (first, playouts) = studies::shard_range(spec.playouts, config.shard, config.of);
        match studies::run(spec, first, playouts, progress) {
            Ok(s) => {
                stats.insert(spec.key.clone(), s);
            }
            Err(failure) => problems.push(corpus::Diagnostic::error(
                root.join("rulesets").join(format!("{}.yaml", spec.ruleset)),
                format!("{}: {failure}", spec.label),
            )),
        }
    }
    if problems.has_errors() {
        return Err(problems);
    }
    Ok(Shard {
        shard: config.shard,
        of: config.of,
        seed: config.seed,
        plan,
        stats,
        checks,
    })
}

/// The merged results.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The seed of every study.
    pub seed: u64,
    /// The checks that do not simulate.
    pub checks: Checks,
    /// Every study, finished.
    pub studies: Vec<StudyResult>,
}

/// Combines the shards of one verification into its results.
pub fn merge(mut shards: Vec<Shard>) -> Result<Outcome, MergeError> {
    shards.sort_by_key(|s| s.shard);
    let Some(first) = shards.first() else {
        return Err(MergeError::NoShards);
    };
    let of = first.of;
    let numbers: Vec<u32> = shards.iter().map(|s| s.shard).collect();
    if numbers != (1..=of).collect::<Vec<_>>() {
        return Err(MergeError::Incomplete { numbers, of });
    }
    for shard in &shards[1..] {
        let field = if shard.of != of {
            "of"
        } else if shard.seed != first.seed {
            "seed"
        } else if shard.plan != first.plan {
            "plan"
        } else {
            continue;
        };
        return Err(MergeError::DifferentRun {
            shard: shard.shard,
            field,
        });
    }
    let checks = first.checks.clone().ok_or(MergeError::NoChecks)?;
    let mut studies = Vec::new();
    for spec in &first.plan {
        let mut total: Option<Stats> = None;
        for shard in &shards {
            let part = shard
                .stats
                .get(&spec.key)
                .ok_or_else(|| MergeError::MissingStudy {
                    shard: shard.shard,
                    study: spec.key.clone(),
                })?;
            let broken = |error| MergeError::Stats {
                shard: shard.shard,
                study: spec.key.clone(),
                error,
            };
            match &mut total {
                Some(t) => t.try_merge(part).map_err(broken)?,
                None => {
                    part.check_shape().map_err(broken)?;
                    total = Some(part.clone());
                }
            }
        }
        let Some(total) = total else {
            return Err(MergeError::NoStudy(spec.key.clone()));
        };
        studies.push(studies::finish(spec, &total)?);
    }
    Ok(Outcome {
        seed: first.seed,
        checks,
        studies,
    })
}

/// Why shards cannot be merged into one verification.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no shards to merge")]
    NoShards,
    /// Some shard numbers are missing or repeated.
    #[error("shards {numbers:?} do not make up 1..={of}")]
    Incomplete {
        /// The shard numbers given, sorted.
        numbers: Vec<u32>,
        /// How many shards the run was split into.
        of: u32,
    },
    /// A shard was made with another seed, corpus or shard count than shard 1.
    #[error("shard {shard} comes from another run than shard 1: its `{field}` differs")]
    DifferentRun {
        /// The shard's number.
        shard: u32,
        /// The field of the shard file that differs from shard 1's (`seed`, `of`, `plan`).
        field: &'static str,
    },
    /// The first shard, which carries the claim checks, has none.
    #[error("shard 1 carries the checks but has none")]
    NoChecks,
    /// A shard lacks a study of the plan.
    #[error("shard {shard} lacks study {study}")]
    MissingStudy {
        /// The shard's number.
        shard: u32,
        /// The study's key.
        study: String,
    },
    /// A study of the plan is in no shard.
    #[error("no shard has study {0}")]
    NoStudy(String),
    /// A shard's figures for a study do not fit together or with the other shards'.
    #[error("shard {shard}, study {study}: {error}")]
    Stats {
        /// The shard's number.
        shard: u32,
        /// The study's key.
        study: String,
        /// What does not fit.
        error: engine::stats::ShapeError,
    },
    /// A study cannot be finished (its engine or options are unknown).
    #[error(transparent)]
    Study(#[from] studies::StudyError),
}

/// Claims whose verdict changed since the previous report, or that are gone: every change of
/// verdict (not only of one that held) must be accepted, so none is written without comment.
pub fn regressions(outcome: &Outcome, previous: &EarlierVerdicts) -> Vec<String> {
    previous
        .claims
        .iter()
        .filter_map(|before| {
            let now = outcome.checks.claims.iter().find(|c| c.id == before.id);
            let was = before.status.label();
            match now {
                Some(now) if now.status == before.status => None,
                Some(now) => Some(format!(
                    "claim {}: was \"{was}\", now \"{}\"",
                    before.id,
                    now.status.label()
                )),
                None => Some(format!("claim {}: was \"{was}\", and is gone", before.id)),
            }
        })
        .collect()
}

/// What the regression check needs of an earlier `verification.json`: each claim's id and
/// verdict, read apart from the rest so that a report whose other sections changed shape still
/// guards the verdicts.
#[derive(Clone, Debug, Deserialize)]
pub struct EarlierVerdicts {
    /// Each claim's verdict.
    pub claims: Vec<EarlierVerdict>,
}

#[derive(Clone, Debug, Deserialize)]
/// A claim's earlier verdict.
pub struct EarlierVerdict {
    /// The claim's id.
    pub id: String,
    /// Its verdict.
    pub status: Status,
}

impl From<&report::Verification> for EarlierVerdicts {
    fn from(v: &report::Verification) -> Self {
        Self {
            claims: v
                .claims
                .iter()
                .map(|c| EarlierVerdict {
                    id: c.id.clone(),
                    status: c.status,
                })
                .collect(),
        }
    }
}

/// Studies labelled as Ludii's play that do not reproduce Ludii's measured figures.
pub fn unreproduced_ludii(outcome: &Outcome) -> Vec<String> {
    ludii::unreproduced(&report::simulations(outcome).ludii)
}

/// Claims whose verdict turns on an option their sentence does not speak to.
pub fn setup_dependent_claims(outcome: &Outcome) -> Vec<String> {
    outcome
        .checks
        .claims
        .iter()
        .filter_map(|c| {
            let options = c.setup_dependence();
            (!options.is_empty()).then(|| {
                format!(
                    "claim {}: the verdict turns on {}, which its sentence does not speak to; make the setup neutral, or list the option under `concerns` if the sentence does speak to it",
                    c.id,
                    options.iter().map(|o| format!("`{o}`")).collect::<Vec<_>>().join(", ")
                )
            })
        })
        .collect()
}

/// Claims that could not be run, each with why and where: its file, line and field.
pub fn broken_claims(outcome: &Outcome) -> Vec<corpus::Diagnostic> {
    outcome
        .checks
        .claims
        .iter()
        .filter(|c| c.status == Status::Broken)
        .map(ClaimResult::diagnostic)
        .collect()
}
