//! Claims of the sources run against the executable rulesets, and the interpretation search:
//! every combination of a ruleset's declared rule options (or a seeded sample when there are
//! too many) is tried, and the report says which reproduce the claim.

use std::collections::{BTreeMap, BTreeSet};

use corpus::{Check, Claim, Corpus, Favours, Sentence};
use engine::OptionKind;
use engine::dice::Rational;
use engine::rng::{GameRng, mix};
use engine::scenario::{Scenario, ScenarioError, contains};
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

/// A claim the engine could not even set up (a bad position, an unknown table) is broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken(pub String);

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
                    setup: case.setup.clone(),
                    steps: case.steps.clone(),
                    expect: case.expect.clone(),
                };
                match options.run_scenario(&run) {
                    Ok(result) => {
                        mismatches.extend(result.mismatches.iter().map(|m| format!("{name}: {m}")));
                        observed.push(result.observed);
                    }
                    Err(error @ ScenarioError::Setup(_)) => {
                        return Err(Broken(format!("{name}: {error}")));
                    }
                    Err(error) => {
                        mismatches.push(format!("{name}: cannot be played: {error}"));
                        observed.push(Value::Null);
                    }
                }
            }
            Ok(Evaluation {
                holds: mismatches.is_empty(),
                mismatches,
                observed: Value::from(observed),
            })
        }
        Check::ThrowTable(wanted) => {
            let tables = options.throw_tables().map_err(|e| Broken(e.to_string()))?;
            let table = tables
                .iter()
                .find(|t| t.name == wanted.table)
                .ok_or_else(|| {
                    let names: Vec<&str> = tables.iter().map(|t| t.name).collect();
                    Broken(format!(
                        "no throw table {:?}; tables: {}",
                        wanted.table,
                        names.join(", ")
                    ))
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
                let expected = parse_rational(fraction)
                    .ok_or_else(|| Broken(format!("{fraction:?} is not a fraction")))?;
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
                let expected = parse_rational(fraction)
                    .ok_or_else(|| Broken(format!("{fraction:?} is not a fraction")))?;
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
                .map_err(|failure| Broken(failure.to_string()))?;
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
                .map_err(|e| Broken(e.to_string()))?;
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
    /// Options varied.
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
}

impl Search {
    /// Readings the ruleset accepts among those tried.
    pub fn valid(&self) -> u64 {
        self.tried - self.invalid
    }
}

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
    /// The options the claim's sentence speaks to.
    #[serde(default)]
    pub concerns: Vec<String>,
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

/// Tries the combinations of rule options on top of `preset` and the ruleset's own overrides.
fn run_search(
    engine: &dyn Ruleset,
    preset: &str,
    base: &OptionSet,
    check: &Check,
    claim_id: &str,
) -> Search {
    let fixed = check.fixed();
    let mut keys: Vec<(String, Vec<String>)> = engine
        .specs()
        .iter()
        .filter(|s| s.kind == OptionKind::Rule && !fixed.contains_key(s.key))
        .filter(|s| {
            check
                .search()
                .is_none_or(|only| only.iter().any(|k| k == s.key))
        })
        .filter_map(|s| (s.choices)().map(|choices| (s.key.to_string(), choices)))
        .collect();
    keys.sort();
    let sizes: Vec<usize> = keys.iter().map(|(_, c)| c.len()).collect();
    let seed = mix(claim_id
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
    let (total, combos, sampled) = combinations(&sizes, seed);
    // `None`: the ruleset rejects the combination.
    let verdict = |digits: &Vec<usize>| -> Option<bool> {
        let mut overrides = base.clone();
        overrides.extend(reading(&keys, digits));
        overrides.extend(fixed.clone());
        let options = engine.resolve(preset, &overrides).ok()?;
        Some(evaluate(&options, check).is_ok_and(|e| e.holds))
    };
    let verdicts: BTreeMap<Vec<usize>, Option<bool>> = combos
        .into_par_iter()
        .map(|digits| {
            let v = verdict(&digits);
            (digits, v)
        })
        .collect();
    let invalid = verdicts.values().filter(|v| v.is_none()).count() as u64;
    let holding: BTreeSet<Vec<usize>> = verdicts
        .iter()
        .filter(|(_, v)| **v == Some(true))
        .map(|(d, _)| d.clone())
        .collect();
    // An option is decisive when changing it alone turns a verdict. The neighbours of a
    // sampled reading are mostly not in the sample: they are run too.
    let sizes = &sizes;
    let neighbours: Vec<(usize, Vec<usize>, bool)> = verdicts
        .iter()
        .filter_map(|(digits, v)| v.map(|v| (digits, v)))
        .flat_map(|(digits, holds)| {
            (0..keys.len()).flat_map(move |k| {
                (0..sizes[k])
                    .filter(move |&v| v != digits[k])
                    .map(move |v| {
                        let mut other = digits.clone();
                        other[k] = v;
                        (k, other, holds)
                    })
            })
        })
        .collect();
    let mut decisive_keys: BTreeSet<usize> = neighbours
        .iter()
        .filter_map(|(k, other, holds)| match verdicts.get(other) {
            Some(Some(v)) => (v != holds).then_some(*k),
            _ => None,
        })
        .collect();
    if sampled {
        let unknown: Vec<&(usize, Vec<usize>, bool)> = neighbours
            .iter()
            .filter(|(k, other, _)| !decisive_keys.contains(k) && !verdicts.contains_key(other))
            .collect();
        decisive_keys.extend(
            unknown
                .into_par_iter()
                .filter_map(|(k, other, holds)| {
                    verdict(other).is_some_and(|v| v != *holds).then_some(*k)
                })
                .collect::<BTreeSet<usize>>(),
        );
    }
    let decisive: Vec<usize> = decisive_keys.into_iter().collect();
    let project = |digits: &Vec<usize>| -> OptionSet {
        decisive
            .iter()
            .map(|&k| (keys[k].0.clone(), keys[k].1[digits[k]].clone()))
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
                suggests.insert(keys[k].0.clone(), keys[k].1[first[k]].clone());
            }
        }
    }
    Search {
        keys: keys.iter().map(|(k, _)| k.clone()).collect(),
        combinations: total,
        tried: verdicts.len() as u64,
        sampled,
        invalid,
        holding: holding.len() as u64,
        decisive: decisive.iter().map(|&k| keys[k].0.clone()).collect(),
        examples,
        suggests,
    }
}

fn reading(keys: &[(String, Vec<String>)], digits: &[usize]) -> OptionSet {
    keys.iter()
        .zip(digits)
        .map(|((k, choices), &d)| (k.clone(), choices[d].clone()))
        .collect()
}

fn broken_claim(game: &str, claim: &Claim, error: String) -> ClaimResult {
    ClaimResult {
        id: claim.id.clone(),
        record: claim.record.clone(),
        ruleset: claim.ruleset.clone(),
        game: game.to_string(),
        statement: claim.statement.clone(),
        sentence: claim.sentence.clone(),
        note: claim.note.clone(),
        kind: String::new(),
        status: Status::Broken,
        under_ruleset: None,
        options: OptionSet::new(),
        search: None,
        error: Some(error),
        concerns: claim.concerns.clone(),
    }
}

/// Runs one claim and its interpretation search.
pub fn run_claim(corpus: &Corpus, game: &str, claim: &Claim) -> ClaimResult {
    let mut result = broken_claim(game, claim, String::new());
    result.error = None;
    let check = &claim.check;
    result.kind = check.kind().to_string();
    let Some(file) = corpus.rulesets.get(&claim.ruleset) else {
        result.error = Some(format!("no executable ruleset {}", claim.ruleset));
        return result;
    };
    let engine = match rulesets::find(&file.engine) {
        Ok(engine) => engine,
        Err(e) => {
            result.error = Some(e.to_string());
            return result;
        }
    };
    let mut overrides = file.options.value.clone();
    overrides.extend(check.fixed().clone());
    let options = match engine.resolve(&file.preset, &overrides) {
        Ok(options) => options,
        Err(e) => {
            result.error = Some(e.to_string());
            return result;
        }
    };
    match evaluate(&options, check) {
        Ok(evaluation) => {
            let search = run_search(engine, &file.preset, &file.options, check, &claim.id);
            result.status = match (evaluation.holds, search.holding) {
                (true, _) => Status::Holds,
                (false, 0) => Status::Fails,
                (false, _) => Status::HoldsOnlyUnder,
            };
            result.under_ruleset = Some(evaluation);
            result.options = options.options().clone();
            result.search = Some(search);
        }
        Err(Broken(message)) => result.error = Some(message),
    }
    result
}

/// Every claim of the corpus, in file order, run in parallel.
pub fn run_all(corpus: &Corpus) -> Vec<ClaimResult> {
    let claims: Vec<(&str, &Claim)> = corpus
        .claims
        .iter()
        .flat_map(|(game, file)| file.claims.iter().map(move |c| (game.as_str(), &c.value)))
        .collect();
    claims
        .par_iter()
        .map(|(game, claim)| {
            // An engine that panics on a claim's position is a broken claim, reported with the
            // others, not a crash of the whole run.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_claim(corpus, game, claim)
            }))
            .unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("no message");
                broken_claim(game, claim, format!("the engine panicked: {message}"))
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
