//! Claims of the sources run against the executable rulesets, and the interpretation search:
//! every combination of a ruleset's declared rule options (or a seeded sample when there are
//! too many) is tried, and the report says which reproduce the claim.

use std::collections::{BTreeMap, BTreeSet};

use corpus::check::Locator;
use corpus::store::FileKind;
use corpus::yaml::Located;
use corpus::{Case, Check, Claim, Corpus, Favours, Question, Sentence};
use engine::OptionKind;
use engine::dice::Rational;
use engine::rng::{GameRng, mix};
use engine::scenario::{Scenario, ScenarioError, contains};
use engine::setup::SetupError;
use rayon::prelude::*;
use rulesets::{OptionSet, Resolved, Ruleset};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Combinations tried at most per claim; beyond, a seeded sample of this size.
pub const SEARCH_LIMIT: usize = 4096;

/// The seed of the playouts a first-player check runs: fixed, so that the verdict is
/// reproducible; the playouts are many enough that it does not turn on it.
const FIRST_PLAYER_SEED: u64 = 0x5eed_f125;

/// The result of one run of a check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// Whether every expectation held.
    pub holds: bool,
    /// What did not match, in words.
    pub mismatches: Vec<String>,
    /// What the engine showed.
    pub observed: Value,
}

/// A claim the engine could not even set up (a bad position, a step no game can play, an
/// unknown table) is broken: what is wrong, and where in the claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The claim's field at fault, as a path (`check.scenario.cases[1].steps[0].throw`).
    pub field: String,
    /// Its line in the claims file, when known.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
    /// The setup is written right but the game refuses the position under these options (a
    /// piece where this reading never lets one stand): under a reading other than the
    /// ruleset's own, the case does not arise there, which fails the claim; anything else
    /// broken is written wrong under every reading.
    pub refused_position: bool,
}

impl Broken {
    fn new(field: impl Into<String>, line: Option<u64>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            line,
            message: message.into(),
            refused_position: false,
        }
    }
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)
    }
}

/// Where in a case a scenario error lies: the setup's field, or the step's.
fn scenario_broken(
    index: usize,
    case: &Located<Case>,
    name: &str,
    error: &ScenarioError,
) -> Broken {
    let at = format!("check.scenario.cases[{index}]");
    let message = format!("{name}: {error}");
    match error {
        ScenarioError::Setup(setup) => {
            let field = setup
                .field()
                .map_or_else(|| format!("{at}.setup"), |f| format!("{at}.setup.{f}"));
            let line = case.setup.as_ref().and_then(Located::line).or(case.line());
            Broken {
                refused_position: matches!(
                    setup,
                    SetupError::Value { .. } | SetupError::Position(_)
                ),
                ..Broken::new(field, line, message)
            }
        }
        ScenarioError::Malformed { step, field, .. } => {
            let written = case.steps.get(step - 1);
            let path = if field == "step" {
                format!("{at}.steps[{}]", step - 1)
            } else {
                format!("{at}.steps[{}].{field}", step - 1)
            };
            Broken::new(
                path,
                written.and_then(Located::line).or(case.line()),
                message,
            )
        }
        ScenarioError::Options(_) | ScenarioError::Step(_) => Broken::new(at, case.line(), message),
    }
}

fn parse_rational(text: &str) -> Option<Rational> {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let (n, d): (u128, u128) = (n.trim().parse().ok()?, d.trim().parse().ok()?);
    (d != 0).then(|| Rational::new(n, d))
}

fn show(r: &Rational) -> String {
    if *r.denom() == 1 {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}

/// Runs a check under `options`.
pub fn evaluate(options: &Resolved, check: &Check) -> Result<Evaluation, Broken> {
    match check {
        Check::Scenario(scenario) => {
            let mut mismatches = Vec::new();
            let mut observed = Vec::new();
            for (index, case) in scenario.cases.iter().enumerate() {
                let name = case
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("case {}", index + 1));
                let run = Scenario {
                    name: name.clone(),
                    rule: None,
                    preset: "dlp".into(),
                    options: BTreeMap::new(),
                    setup: case.setup.as_ref().map(|s| s.value.clone()),
                    steps: case.steps.iter().map(|s| s.value.clone()).collect(),
                    expect: case.expect.clone(),
                };
                match options.run_scenario(&run) {
                    Ok(result) => {
                        mismatches.extend(result.mismatches.iter().map(|m| format!("{name}: {m}")));
                        observed.push(result.observed);
                    }
                    // What the case says did not happen under this reading: a finding.
                    Err(error @ ScenarioError::Step(_)) => {
                        mismatches.push(format!("{name}: cannot be played: {error}"));
                        observed.push(Value::Null);
                    }
                    // Written wrong under any reading: the claim is broken.
                    Err(error) => return Err(scenario_broken(index, case, &name, &error)),
                }
            }
            Ok(Evaluation {
                holds: mismatches.is_empty(),
                mismatches,
                observed: Value::from(observed),
            })
        }
        Check::ThrowTable(wanted) => {
            let tables = options
                .throw_tables()
                .map_err(|e| Broken::new("check.throw_table", None, e.to_string()))?;
            let table = tables
                .iter()
                .find(|t| t.name == wanted.table)
                .ok_or_else(|| {
                    let names: Vec<&str> = tables.iter().map(|t| t.name).collect();
                    Broken::new(
                        "check.throw_table.table",
                        None,
                        format!(
                            "no throw table {:?}; tables: {}",
                            wanted.table,
                            names.join(", ")
                        ),
                    )
                })?;
            let distribution = table.value_distribution();
            let mut mismatches = Vec::new();
            for (&up, value) in &wanted.faces {
                match table.faces.get(usize::from(up)) {
                    Some(found) if found.value == *value => {}
                    Some(found) => mismatches.push(format!(
                        "{up} up: expected {value}, the engine gives {}",
                        found.value
                    )),
                    None => {
                        mismatches.push(format!("{up} up: the throw has only {} lots", table.lots))
                    }
                }
            }
            for (&up, &expected) in &wanted.another_throw {
                let found = table.faces.get(usize::from(up)).map(|f| f.another_throw);
                if found != Some(expected) {
                    mismatches.push(format!(
                        "{up} up: expected {}another throw, the engine gives {}",
                        if expected { "" } else { "no " },
                        match found {
                            Some(true) => "one",
                            Some(false) => "none",
                            None => "no such face",
                        }
                    ));
                }
            }
            for (label, fraction) in &wanted.distribution {
                let expected = parse_rational(fraction).ok_or_else(|| {
                    Broken::new(
                        format!("check.throw_table.distribution.{label}"),
                        None,
                        format!("{fraction:?} is not a fraction"),
                    )
                })?;
                match distribution.get(label) {
                    Some(found) if *found == expected => {}
                    Some(found) => mismatches.push(format!(
                        "P({label}): expected {}, exactly {}",
                        show(&expected),
                        show(found)
                    )),
                    None => mismatches.push(format!("P({label}): the table has no value {label}")),
                }
            }
            let extra = table.extra_throw_probability();
            if let Some(fraction) = &wanted.extra_throw {
                let expected = parse_rational(fraction).ok_or_else(|| {
                    Broken::new(
                        "check.throw_table.extra_throw",
                        None,
                        format!("{fraction:?} is not a fraction"),
                    )
                })?;
                if expected != extra {
                    mismatches.push(format!(
                        "P(another throw): expected {}, exactly {}",
                        show(&expected),
                        show(&extra)
                    ));
                }
            }
            let observed = json!({
                "faces": table.faces.iter().map(|f| &f.value).collect::<Vec<_>>(),
                "another_throw": table.faces.iter().enumerate().filter(|(_, f)| f.another_throw).map(|(up, _)| up).collect::<Vec<_>>(),
                "distribution": distribution.iter().map(|(k, v)| (k.clone(), show(v))).collect::<BTreeMap<_, _>>(),
                "extra_throw": show(&extra),
            });
            Ok(Evaluation {
                holds: mismatches.is_empty(),
                mismatches,
                observed,
            })
        }
        Check::FirstPlayer(wanted) => {
            let study = engine::simulate::Study {
                seed: FIRST_PLAYER_SEED,
                first: 0,
                playouts: wanted.playouts,
                caps: engine::Caps::LUDII,
                check_invariants: false,
            };
            let stats = options
                .simulate(&study, None)
                .map_err(|failure| Broken::new("check.first_player", None, failure.to_string()))?;
            let score = stats.summary().advantage_p1;
            let [low, high] = score.ci;
            let found = if low > 0.5 {
                Favours::First
            } else if high < 0.5 {
                Favours::Second
            } else {
                Favours::Neither
            };
            let word = |f: Favours| match f {
                Favours::First => "the first player",
                Favours::Second => "the second player",
                Favours::Neither => "neither player",
            };
            let mismatches = if found == wanted.favours {
                vec![]
            } else {
                vec![format!(
                    "expected random play to favour {}; player 1 scores {:.3} [{low:.3}, {high:.3}] in {} playouts, which favours {}",
                    word(wanted.favours),
                    score.value,
                    wanted.playouts,
                    word(found)
                )]
            };
            Ok(Evaluation {
                holds: mismatches.is_empty(),
                mismatches,
                observed: json!({
                    "player_1_score": score.value,
                    "interval": [low, high],
                    "playouts": wanted.playouts,
                }),
            })
        }
        Check::Computation(computation) => {
            let observed = options
                .compute(&computation.name)
                .map_err(|e| Broken::new("check.computation.name", None, e.to_string()))?;
            let mut mismatches = Vec::new();
            contains(&computation.expect, &observed, "", &mut mismatches);
            Ok(Evaluation {
                holds: mismatches.is_empty(),
                mismatches,
                observed,
            })
        }
    }
}

/// The verdict on a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// It holds under the ruleset's own options.
    Holds,
    /// It fails under the ruleset's options but holds under other readings.
    HoldsOnlyUnder,
    /// It holds under no reading tried.
    Fails,
    /// It could not be run.
    Broken,
}

impl Status {
    /// The verdict in words.
    pub fn label(self) -> &'static str {
        match self {
            Status::Holds => "holds",
            Status::HoldsOnlyUnder => "holds only under other readings",
            Status::Fails => "fails under every reading tried",
            Status::Broken => "broken",
        }
    }
}

/// The interpretation search of one claim.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Search {
    /// Options varied: those that can change what the check reads.
    pub keys: Vec<String>,
    /// Combinations of the options' values.
    pub combinations: u64,
    /// Combinations tried.
    pub tried: u64,
    /// Whether the combinations tried are a seeded sample.
    pub sampled: bool,
    /// Combinations tried that the ruleset rejects as invalid: left out, not counted as
    /// readings under which the claim fails.
    #[serde(default)]
    pub invalid: u64,
    /// Readings under which the claim holds.
    pub holding: u64,
    /// Options whose value matters: changing one of them alone, in some reading tried, turns
    /// the verdict. In a sampled search every neighbour of a sampled reading is tried too.
    pub decisive: Vec<String>,
    /// Up to eight holding readings, over the decisive options only.
    pub examples: Vec<OptionSet>,
    /// Options taking one value in every holding combination: what the claim suggests.
    pub suggests: OptionSet,
    /// Rule options left out of the search because they cannot change what the check reads:
    /// changing each alone at the ruleset's reading, and all together at up to
    /// [`IRRELEVANCE_PROBES`] readings of the search, changed nothing observed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub irrelevant: Vec<String>,
    /// Readings of the search at which the irrelevant options were changed together.
    #[serde(default)]
    pub irrelevance_probes: u64,
    /// For a claim asking whether some setup gives the words: how many setups each reading
    /// gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setups: Option<SetupCounts>,
    /// The scholars' readings of the game's own file, each tried whole (its parameters with
    /// it), under which the claim holds, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named: Vec<String>,
}

/// How many setups (layouts, positions) each reading of a some-setup claim gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupCounts {
    /// The field of the check's result that counts them.
    pub field: String,
    /// Readings by the number of setups they give: `{0: 20, 2: 5}` is 20 readings with none
    /// and 5 with two.
    pub readings_by_count: BTreeMap<u64, u64>,
}

impl Search {
    /// Readings the ruleset accepts among those tried.
    pub fn valid(&self) -> u64 {
        self.tried - self.invalid
    }
}

/// Readings of the search, spread over it, at which the options found irrelevant at the
/// ruleset's own reading are changed again: an option that changes nothing there either is
/// left out of the search.
pub const IRRELEVANCE_PROBES: usize = 16;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// A claim and its verdict.
pub struct ClaimResult {
    /// The claim's id.
    pub id: String,
    /// The record whose words it comes from.
    pub record: String,
    /// The executable ruleset it ran against.
    pub ruleset: String,
    /// The game's key.
    pub game: String,
    /// The claim in one plain sentence.
    pub statement: String,
    /// The words it rests on.
    pub sentence: Sentence,
    /// What the verdict speaks to: the sentence, or whether some setup gives it.
    #[serde(default, skip_serializing_if = "Question::is_sentence")]
    pub question: Question,
    /// What the result means for the record.
    pub note: Option<String>,
    /// `scenario`, `throw-table`, `computation` or `first-player`.
    pub kind: String,
    /// The verdict.
    pub status: Status,
    /// The run under the ruleset's own options.
    pub under_ruleset: Option<Evaluation>,
    /// The ruleset's options the claim ran under (with the claim's fixed ones).
    pub options: OptionSet,
    /// The search over readings, when the claim did not hold under the ruleset alone.
    pub search: Option<Search>,
    /// Why the claim could not be run, when broken.
    pub error: Option<String>,
    /// Where the claim is broken: its file, line and field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub broken_at: Option<BrokenAt>,
    /// The options the claim's sentence speaks to.
    #[serde(default)]
    pub concerns: Vec<String>,
    /// Whose words the sentence is: what the report counts the claim with.
    #[serde(default)]
    pub words: Words,
}

/// Whose words a claim's sentence is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Words {
    /// A source's own words, as a record quotes them.
    Quotation,
    /// The Rules text of a portal ruleset written after a work it names (its references):
    /// a scholar's rules in the DLP's summary, not the DLP's own reading.
    NamedSource,
    /// The DLP's own Rules text: an evidence record's reading, or a portal ruleset that names
    /// no source.
    #[default]
    DlpRules,
}

impl Words {
    /// Whose words the sentence of `claim` is, by where its record keeps them.
    pub fn of(corpus: &Corpus, claim: &Claim) -> Self {
        match claim.sentence.from {
            corpus::SentenceOrigin::Quotation => Words::Quotation,
            corpus::SentenceOrigin::Rules if corpus.evidence.contains_key(&claim.record) => {
                Words::DlpRules
            }
            corpus::SentenceOrigin::Rules => match corpus.portal_rulesets.get(&claim.record) {
                Some(ruleset) if !ruleset.references.is_empty() => Words::NamedSource,
                _ => Words::DlpRules,
            },
        }
    }
}

/// Where a broken claim is at fault.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrokenAt {
    /// The claims file.
    pub file: std::path::PathBuf,
    /// The line, when known.
    pub line: Option<u64>,
    /// The field, as a path from the claim.
    pub field: String,
}

impl ClaimResult {
    /// Options the verdict turns on that the sentence does not speak to: the verdict then
    /// comes from how the check is set up, not from the source.
    pub fn setup_dependence(&self) -> Vec<&str> {
        self.search.as_ref().map_or_else(Vec::new, |s| {
            s.decisive
                .iter()
                .filter(|k| !self.concerns.contains(k))
                .map(String::as_str)
                .collect()
        })
    }

    /// Why the claim cannot be run, as a diagnostic naming its file, line and field.
    pub fn diagnostic(&self) -> corpus::Diagnostic {
        let message = format!(
            "claim {} cannot be run: {}",
            self.id,
            self.error.as_deref().unwrap_or("unknown error")
        );
        match &self.broken_at {
            Some(at) => corpus::Diagnostic::error(&at.file, message)
                .at_line(at.line)
                .field(&at.field),
            None => corpus::Diagnostic::error(format!("claims/{}.yaml", self.game), message),
        }
    }
}

/// Every combination of the searched options, as index vectors, or a sorted seeded sample.
fn combinations(sizes: &[usize], seed: u64) -> (u64, Vec<Vec<usize>>, bool) {
    let total: u64 = sizes.iter().map(|&s| s as u64).product();
    let decode = |mut n: u64| -> Vec<usize> {
        let mut digits = vec![0; sizes.len()];
        for (digit, &size) in digits.iter_mut().zip(sizes).rev() {
            *digit = (n % size as u64) as usize;
            n /= size as u64;
        }
        digits
    };
    if total <= SEARCH_LIMIT as u64 {
        return (total, (0..total).map(decode).collect(), false);
    }
    let mut rng = GameRng::from_seed(seed);
    let mut chosen = BTreeSet::new();
    while chosen.len() < SEARCH_LIMIT {
        chosen.insert(rng.below(total));
    }
    (total, chosen.into_iter().map(decode).collect(), true)
}

/// An option the search may vary: its values, and the ruleset's own.
struct Candidate {
    key: String,
    choices: Vec<String>,
    own: usize,
}

/// What a reading gives: `None` when the ruleset rejects it.
type Reading = Option<Evaluation>;

/// The claim's readings: every candidate option at a value (an index into its choices).
struct Readings<'a> {
    engine: &'a dyn Ruleset,
    preset: &'a str,
    base: &'a OptionSet,
    check: &'a Check,
    candidates: Vec<Candidate>,
}

impl Readings<'_> {
    fn options(&self, digits: &[usize]) -> OptionSet {
        self.candidates
            .iter()
            .zip(digits)
            .map(|(c, &d)| (c.key.clone(), c.choices[d].clone()))
            .collect()
    }

    /// Runs the check under a reading; a check broken under it breaks the claim.
    fn run(&self, digits: &[usize]) -> Result<Reading, Broken> {
        let mut overrides = self.base.clone();
        overrides.extend(self.options(digits));
        overrides.extend(self.check.fixed().clone());
        let Ok(options) = self.engine.resolve(self.preset, &overrides) else {
            return Ok(None);
        };
        match evaluate(&options, self.check) {
            Ok(evaluation) => Ok(Some(evaluation)),
            Err(broken) if broken.refused_position && digits != self.own().as_slice() => {
                Ok(Some(Evaluation {
                    holds: false,
                    mismatches: vec![format!(
                        "the position cannot be set up under this reading: {}",
                        broken.message
                    )],
                    observed: Value::Null,
                }))
            }
            Err(mut broken) => {
                broken.message = format!(
                    "under the reading {}: {}",
                    crate::present::plain_options(&self.options(digits)),
                    broken.message
                );
                Err(broken)
            }
        }
    }

    fn own(&self) -> Vec<usize> {
        self.candidates.iter().map(|c| c.own).collect()
    }

    /// Whether changing option `k` alone, from `digits`, changes what the check reads.
    fn changes(&self, digits: &[usize], reading: &Reading, k: usize) -> Result<bool, Broken> {
        for value in (0..self.candidates[k].choices.len()).filter(|&v| v != digits[k]) {
            let mut other = digits.to_vec();
            other[k] = value;
            match (reading, self.run(&other)?) {
                (Some(a), Some(b)) if a.observed != b.observed || a.mismatches != b.mismatches => {
                    return Ok(true);
                }
                _ => {}
            }
        }
        Ok(false)
    }
}

fn run_parallel<T: Send>(
    items: Vec<T>,
    f: impl Fn(&T) -> Result<bool, Broken> + Sync,
) -> Result<Vec<(T, bool)>, Broken> {
    items
        .into_par_iter()
        .map(|item| f(&item).map(|v| (item, v)))
        .collect()
}

/// Tries the combinations of rule options on top of `preset` and the ruleset's own overrides.
/// Only options that can change what the check reads are varied: an option is relevant when
/// changing it alone changes the observed result, from the ruleset's own reading or from
/// readings of the search; the others are reported as irrelevant.
fn run_search(
    engine: &dyn Ruleset,
    preset: &str,
    base: &OptionSet,
    own: &OptionSet,
    check: &Check,
    claim: &Claim,
) -> Result<Search, Broken> {
    let fixed = check.fixed();
    let known = known_readings(engine);
    // Only rules are varied. Parameters define the game the claim is about rather than a
    // reading of one of its rules: the players, their tracks and starts are what a scenario's
    // setup names its cells and seats on, and the throw's implements, the pieces and the
    // lots' bias are the game's material (a bias is also where Ludii's faults live, which are
    // never a reading of a source). A scholar's own parameters are tried with his reading, as
    // a whole ([`named_readings`]).
    let mut candidates: Vec<Candidate> = engine
        .specs()
        .iter()
        .filter(|s| s.kind == OptionKind::Rule && !fixed.contains_key(s.key))
        .filter(|s| {
            check
                .search()
                .is_none_or(|only| only.iter().any(|k| k == s.key))
        })
        .filter_map(|s| {
            let own = own.get(s.key)?;
            let choices = rule_values(s, own, &known);
            // An option with one value known cannot be varied.
            (choices.len() > 1).then(|| Candidate {
                key: s.key.to_string(),
                own: choices.iter().position(|c| c == own).unwrap_or_default(),
                choices,
            })
        })
        .collect();
    candidates.sort_by(|a, b| a.key.cmp(&b.key));
    let readings = Readings {
        engine,
        preset,
        base,
        check,
        candidates,
    };
    let all: Vec<usize> = (0..readings.candidates.len()).collect();
    let own_digits = readings.own();
    let own_reading = readings.run(&own_digits)?;
    let mut relevant: BTreeSet<usize> = run_parallel(all.clone(), |&k| {
        readings.changes(&own_digits, &own_reading, k)
    })?
    .into_iter()
    .filter_map(|(k, changes)| changes.then_some(k))
    .collect();
    let seed = mix(claim
        .id
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
    loop {
        let keys: Vec<usize> = relevant.iter().copied().collect();
        let sizes: Vec<usize> = keys
            .iter()
            .map(|&k| readings.candidates[k].choices.len())
            .collect();
        let (total, combos, sampled) = combinations(&sizes, seed);
        let expand = |digits: &[usize]| -> Vec<usize> {
            let mut full = own_digits.clone();
            for (&k, &d) in keys.iter().zip(digits) {
                full[k] = d;
            }
            full
        };
        let verdicts: BTreeMap<Vec<usize>, Reading> = combos
            .into_par_iter()
            .map(|digits| {
                let full = expand(&digits);
                readings.run(&full).map(|r| (full, r))
            })
            .collect::<Result<_, _>>()?;
        // Options left out are changed at readings of the search too, all at once (to another
        // value each, varied from probe to probe); where that changes what the check reads,
        // each is changed alone, and one that changes it joins the search, which runs again.
        let probes: Vec<(&Vec<usize>, &Reading)> = spread(&verdicts, IRRELEVANCE_PROBES);
        let left_out: Vec<usize> = all
            .iter()
            .copied()
            .filter(|k| !relevant.contains(k))
            .collect();
        // A probe flags its reading when the change together turned what the check reads, or
        // when the ruleset rejects the change together (one option's new value clashing with
        // another's would otherwise hide every other option's effect): then each is changed
        // alone there.
        let flagged: Vec<(Vec<usize>, Probed)> = probes
            .par_iter()
            .enumerate()
            .map(
                |(i, (digits, reading))| -> Result<Option<(Vec<usize>, Probed)>, Broken> {
                    let mut other = (*digits).clone();
                    for &k in &left_out {
                        let n = readings.candidates[k].choices.len();
                        other[k] = (digits[k] + 1 + i % (n - 1).max(1)) % n;
                    }
                    let probed = match (reading, readings.run(&other)?) {
                        (Some(a), Some(b))
                            if a.observed != b.observed || a.mismatches != b.mismatches =>
                        {
                            Some(Probed::Changed)
                        }
                        (Some(_), None) if !left_out.is_empty() => Some(Probed::Rejected),
                        _ => None,
                    };
                    Ok(probed.map(|p| ((*digits).clone(), p)))
                },
            )
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .flatten()
            .collect();
        let mut newly = BTreeSet::new();
        for (digits, probed) in &flagged {
            let reading = &verdicts[digits];
            let alone: Vec<usize> =
                run_parallel(left_out.clone(), |&k| readings.changes(digits, reading, k))?
                    .into_iter()
                    .filter_map(|(k, changes)| changes.then_some(k))
                    .collect();
            // Changed together but by none alone: they act together, and all are searched.
            if alone.is_empty() && *probed == Probed::Changed {
                newly.extend(left_out.iter().copied());
            }
            newly.extend(alone);
        }
        if !newly.is_empty() {
            relevant.extend(newly);
            continue;
        }
        let irrelevant: Vec<String> = left_out
            .iter()
            .map(|&k| readings.candidates[k].key.clone())
            .collect();
        let mut search = summarise(&readings, &keys, &verdicts, total, sampled)?;
        search.irrelevant = irrelevant;
        search.irrelevance_probes = if search.irrelevant.is_empty() {
            0
        } else {
            probes.len() as u64
        };
        search.setups = setup_counts(claim, &verdicts);
        search.named = named_readings(engine, check);
        return Ok(search);
    }
}

/// Every value a rule option is tried at: all its values when it has finitely many, and the
/// values the game's presets and readings give it, so that an option whose values cannot be
/// listed (a table of throw values, a set of cells) is still tried at every reading's value.
/// The ruleset's own value is first among those not listed.
fn rule_values(spec: &engine::OptionSpec, own: &str, known: &[OptionSet]) -> Vec<String> {
    let mut values = (spec.choices)().unwrap_or_default();
    let read = std::iter::once(own).chain(
        known
            .iter()
            .filter_map(|o| o.get(spec.key).map(String::as_str)),
    );
    for value in read {
        if !values.iter().any(|v| v == value) {
            values.push(value.to_string());
        }
    }
    values
}

/// The options of the game's presets and of each reading its own file gives, as resolved.
fn known_readings(engine: &dyn Ruleset) -> Vec<OptionSet> {
    let presets = ["dlp", "ludii"]
        .into_iter()
        .filter_map(|preset| engine.resolve(preset, &OptionSet::new()).ok());
    let readings = engine
        .readings()
        .iter()
        .filter_map(|reading| engine.resolve("ludii", &reading.options).ok());
    presets
        .chain(readings)
        .map(|resolved| resolved.options().clone())
        .collect()
}

/// The scholars' readings of the game's own file under which the check holds, each tried as
/// a whole with the check's fixed options: a reading is another game where its parameters
/// differ, so a step or a table it does not have fails the claim there, never breaks it.
fn named_readings(engine: &dyn Ruleset, check: &Check) -> Vec<String> {
    engine
        .readings()
        .par_iter()
        .filter(|reading| {
            let mut overrides = reading.options.clone();
            overrides.extend(check.fixed().clone());
            engine
                .resolve("ludii", &overrides)
                .ok()
                .and_then(|options| evaluate(&options, check).ok())
                .is_some_and(|evaluation| evaluation.holds)
        })
        .map(|reading| reading.name.to_string())
        .collect()
}

/// Why a probe of the options left out flags its reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Probed {
    /// Changing them together changed what the check reads.
    Changed,
    /// The ruleset rejects them changed together.
    Rejected,
}

/// Up to `n` readings spread evenly over those tried (the ruleset rejects none of them).
fn spread(verdicts: &BTreeMap<Vec<usize>, Reading>, n: usize) -> Vec<(&Vec<usize>, &Reading)> {
    let valid: Vec<(&Vec<usize>, &Reading)> =
        verdicts.iter().filter(|(_, r)| r.is_some()).collect();
    if valid.len() <= n {
        return valid;
    }
    (0..n).map(|i| valid[i * valid.len() / n]).collect()
}

/// For a claim asking whether some setup gives its words: the readings by how many setups
/// the check's result counts.
fn setup_counts(claim: &Claim, verdicts: &BTreeMap<Vec<usize>, Reading>) -> Option<SetupCounts> {
    let Check::Computation(computation) = &claim.check.value else {
        return None;
    };
    let field = computation.counts.as_ref()?;
    let mut readings_by_count = BTreeMap::new();
    for evaluation in verdicts.values().flatten() {
        if let Some(count) = evaluation.observed.get(field).and_then(Value::as_u64) {
            *readings_by_count.entry(count).or_insert(0) += 1;
        }
    }
    Some(SetupCounts {
        field: field.clone(),
        readings_by_count,
    })
}

/// The search's figures: verdicts, decisive options, examples and suggestions.
fn summarise(
    readings: &Readings<'_>,
    keys: &[usize],
    verdicts: &BTreeMap<Vec<usize>, Reading>,
    total: u64,
    sampled: bool,
) -> Result<Search, Broken> {
    let holds: BTreeMap<&Vec<usize>, bool> = verdicts
        .iter()
        .filter_map(|(d, r)| r.as_ref().map(|e| (d, e.holds)))
        .collect();
    let invalid = (verdicts.len() - holds.len()) as u64;
    let holding: Vec<&Vec<usize>> = holds.iter().filter(|(_, h)| **h).map(|(d, _)| *d).collect();
    // An option is decisive when changing it alone turns a verdict. The neighbours of a
    // sampled reading are mostly not in the sample: they are run too.
    let neighbours: Vec<(usize, Vec<usize>, bool)> = holds
        .iter()
        .flat_map(|(digits, &holds)| {
            keys.iter().flat_map(move |&k| {
                (0..readings.candidates[k].choices.len())
                    .filter(move |&v| v != digits[k])
                    .map(move |v| {
                        let mut other = (*digits).clone();
                        other[k] = v;
                        (k, other, holds)
                    })
            })
        })
        .collect();
    let mut decisive: BTreeSet<usize> = neighbours
        .iter()
        .filter_map(|(k, other, holds)| match verdicts.get(other) {
            Some(Some(e)) => (e.holds != *holds).then_some(*k),
            _ => None,
        })
        .collect();
    if sampled {
        let unknown: Vec<&(usize, Vec<usize>, bool)> = neighbours
            .iter()
            .filter(|(k, other, _)| !decisive.contains(k) && !verdicts.contains_key(other))
            .collect();
        let turned: Vec<Option<usize>> = unknown
            .into_par_iter()
            .map(|(k, other, holds)| {
                readings
                    .run(other)
                    .map(|r| r.is_some_and(|e| e.holds != *holds).then_some(*k))
            })
            .collect::<Result<_, _>>()?;
        decisive.extend(turned.into_iter().flatten());
    }
    let candidates = &readings.candidates;
    let project = |digits: &Vec<usize>| -> OptionSet {
        decisive
            .iter()
            .map(|&k| {
                (
                    candidates[k].key.clone(),
                    candidates[k].choices[digits[k]].clone(),
                )
            })
            .collect()
    };
    let mut examples: Vec<OptionSet> = Vec::new();
    for digits in &holding {
        let example = project(digits);
        if !examples.contains(&example) && examples.len() < 8 {
            examples.push(example);
        }
    }
    let mut suggests = OptionSet::new();
    if let Some(first) = holding.first() {
        for &k in &decisive {
            if holding.iter().all(|h| h[k] == first[k]) {
                suggests.insert(
                    candidates[k].key.clone(),
                    candidates[k].choices[first[k]].clone(),
                );
            }
        }
    }
    Ok(Search {
        keys: keys.iter().map(|&k| candidates[k].key.clone()).collect(),
        combinations: total,
        tried: verdicts.len() as u64,
        sampled,
        invalid,
        holding: holding.len() as u64,
        decisive: decisive
            .iter()
            .map(|&k| candidates[k].key.clone())
            .collect(),
        examples,
        suggests,
        irrelevant: Vec::new(),
        irrelevance_probes: 0,
        setups: None,
        named: Vec::new(),
    })
}

fn broken_claim(corpus: &Corpus, game: &str, claim: &Claim, error: String) -> ClaimResult {
    ClaimResult {
        id: claim.id.clone(),
        record: claim.record.clone(),
        ruleset: claim.ruleset.clone(),
        game: game.to_string(),
        statement: claim.statement.clone(),
        sentence: claim.sentence.clone(),
        question: claim.question,
        note: claim.note.clone(),
        kind: String::new(),
        status: Status::Broken,
        under_ruleset: None,
        options: OptionSet::new(),
        search: None,
        error: Some(error),
        broken_at: None,
        concerns: claim.concerns.clone(),
        words: Words::of(corpus, claim),
    }
}

/// Runs one claim and its interpretation search; `file` is the claims file it stands in.
pub fn run_claim(
    corpus: &Corpus,
    game: &str,
    claim: &Claim,
    file: &std::path::Path,
) -> ClaimResult {
    let mut result = broken_claim(corpus, game, claim, String::new());
    result.error = None;
    let check = &claim.check;
    result.kind = check.kind().to_string();
    let broken = |result: &mut ClaimResult, broken: Broken| {
        result.status = Status::Broken;
        result.error = Some(broken.message);
        result.broken_at = Some(BrokenAt {
            file: file.to_path_buf(),
            line: broken.line.or(check.line()),
            field: broken.field,
        });
    };
    let Some(ruleset) = corpus.rulesets.get(&claim.ruleset) else {
        result.error = Some(format!("no executable ruleset {}", claim.ruleset));
        return result;
    };
    let engine = match rulesets::find(&ruleset.engine) {
        Ok(engine) => engine,
        Err(e) => {
            result.error = Some(e.to_string());
            return result;
        }
    };
    let mut overrides = ruleset.options.value.clone();
    overrides.extend(check.fixed().clone());
    let options = match engine.resolve(&ruleset.preset, &overrides) {
        Ok(options) => options,
        Err(e) => {
            broken(&mut result, Broken::new("check", None, e.to_string()));
            return result;
        }
    };
    let evaluation = match evaluate(&options, check) {
        Ok(evaluation) => evaluation,
        Err(error) => {
            broken(&mut result, error);
            return result;
        }
    };
    let search = match run_search(
        engine,
        &ruleset.preset,
        &ruleset.options,
        options.options(),
        check,
        claim,
    ) {
        Ok(search) => search,
        Err(error) => {
            broken(&mut result, error);
            return result;
        }
    };
    result.status = match (evaluation.holds, search.holding, search.named.is_empty()) {
        (true, _, _) => Status::Holds,
        (false, 0, true) => Status::Fails,
        (false, _, _) => Status::HoldsOnlyUnder,
    };
    result.under_ruleset = Some(evaluation);
    result.options = options.options().clone();
    result.search = Some(search);
    result
}

/// Every claim of the corpus, in file order, run in parallel.
pub fn run_all(at: &Locator<'_>) -> Vec<ClaimResult> {
    let corpus = at.corpus;
    let claims: Vec<(&str, &Claim, std::path::PathBuf)> = corpus
        .claims
        .iter()
        .flat_map(|(game, file)| {
            let path = at.path(FileKind::Claims, game);
            file.claims
                .iter()
                .map(move |c| (game.as_str(), &c.value, path.clone()))
        })
        .collect();
    claims
        .par_iter()
        .map(|(game, claim, path)| {
            // An engine that panics on a claim's position is a broken claim, reported with the
            // others, not a crash of the whole run.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_claim(corpus, game, claim, path)
            }))
            .unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("no message");
                let mut result = broken_claim(
                    corpus,
                    game,
                    claim,
                    format!("the engine panicked: {message}"),
                );
                result.broken_at = Some(BrokenAt {
                    file: path.clone(),
                    line: claim.check.line(),
                    field: "check".into(),
                });
                result
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_searches_are_exhaustive_and_large_ones_sampled() {
        let (total, combos, sampled) = combinations(&[2, 3], 1);
        assert_eq!((total, combos.len(), sampled), (6, 6, false));
        assert_eq!(combos[5], [1, 2]);
        let (total, combos, sampled) = combinations(&[3; 8], 7);
        assert_eq!((total, combos.len(), sampled), (6561, SEARCH_LIMIT, true));
        assert_eq!(combinations(&[3; 8], 7).1, combos, "the sample is seeded");
    }

    #[test]
    fn fractions() {
        assert_eq!(parse_rational("5/8"), Some(Rational::new(5, 8)));
        assert_eq!(parse_rational("1"), Some(Rational::new(1, 1)));
        assert_eq!(parse_rational("1/0"), None);
        assert_eq!(show(&Rational::new(2, 4)), "1/2");
    }
}
