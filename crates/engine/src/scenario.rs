//! Scenarios: a position set up by hand, a sequence of throws and moves, and what must be
//! observed afterwards. Rule scenarios (each engine's data-driven tests) and the claims of
//! the sources use the same form:
//!
//! ```yaml
//! - name: odd-count-relays
//!   rule: When the last counter makes an odd number, these are picked up and sowing continues.
//!   preset: dlp                  # optional, dlp by default
//!   options: {chain: own-row}    # optional, on top of the preset
//!   setup: {...}                 # optional, in the game's own terms; the start otherwise
//!   steps:
//!   - throw: 3                   # a chance outcome, by number or by the game's name for it
//!   - move: a3                   # a legal move, by notation
//!   - illegal: a4                # a move that must not be legal now
//!   - forced                     # the only legal move
//!   - settle                     # forced moves until a real choice, a throw or the end
//!   expect: {...}                # must be contained in what the game observes;
//!                                # {not: X} matches anything but X
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::game::{Observe, Phase};
use crate::options::{OptionError, Options};
use crate::setup::SetupError;

fn dlp() -> String {
    "dlp".to_string()
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
/// One rule scenario: a position, moves to play, and what must hold after.
pub struct Scenario {
    /// The scenario's name, unique in its file.
    pub name: String,
    /// The rule (or the source's sentence) the scenario exercises.
    #[serde(default)]
    pub rule: Option<String>,
    #[serde(default = "dlp")]
    /// The preset it starts from.
    pub preset: String,
    #[serde(default)]
    /// Options it sets beyond the preset.
    pub options: BTreeMap<String, String>,
    #[serde(default)]
    /// The game's typed setup, as YAML; the starting position when absent.
    pub setup: Option<Value>,
    #[serde(default)]
    /// Moves and throws to play, in order.
    pub steps: Vec<Value>,
    /// What `observe` must show afterwards (a subset of it).
    pub expect: Value,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
/// A game's `scenarios.yaml`.
pub struct ScenarioFile {
    /// Its scenarios, in order.
    pub scenarios: Vec<Scenario>,
}

/// Parses a scenario file (YAML).
pub fn parse_file(yaml: &str) -> Result<Vec<Scenario>, String> {
    let file: ScenarioFile =
        serde_saphyr::from_str_with_options(yaml, serde_saphyr::options! { strict_booleans: true })
            .map_err(|e| e.to_string())?;
    Ok(file.scenarios)
}

/// What a scenario ended with.
#[derive(Clone, Debug, PartialEq)]
pub struct Observed {
    /// What the engine showed.
    pub observed: Value,
    /// Each difference from the expectation; none means the scenario holds.
    pub mismatches: Vec<String>,
}

impl Observed {
    /// Whether every expected value was observed.
    pub fn holds(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Options from a preset and overrides.
pub fn resolve_options<O: Options>(
    preset: &str,
    overrides: &BTreeMap<String, String>,
) -> Result<O, OptionError> {
    let mut options =
        O::preset(preset).ok_or_else(|| OptionError::UnknownPreset(preset.to_string()))?;
    for (key, value) in overrides {
        options.set(key, value)?;
    }
    options.validate()?;
    Ok(options)
}

/// Why a scenario could not be played at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    /// Its preset or options are not the game's.
    #[error("{0}")]
    Options(#[from] OptionError),
    /// Its hand-set position is refused: the scenario is written wrong.
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    /// A step cannot be played from where the game is (a move that is not legal, a throw where
    /// none is due): what the scenario says did not happen.
    #[error("{0}")]
    Step(String),
    /// A step is not written as steps are (an outcome no throw has, such as `throw: 256`, a
    /// kind of step there is not): the scenario is written wrong under any reading.
    #[error("step {step}: {field}: {reason}")]
    Malformed {
        /// The step, from 1.
        step: usize,
        /// The step's field at fault (`throw`, `move`), or the step itself (`step`).
        field: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// Runs a scenario under `options`. An error means the scenario could not be played at all
/// (a move that is not legal, a throw where none is due); a mismatch means it played and the
/// expectation was not met.
pub fn run_with<G: Observe>(
    options: &G::Options,
    scenario: &Scenario,
) -> Result<Observed, ScenarioError> {
    let mut game = match &scenario.setup {
        Some(setup) => G::from_setup(options, crate::setup::parse(setup)?)?,
        None => G::new(options),
    };
    let mut moves = Vec::new();
    for (index, step) in scenario.steps.iter().enumerate() {
        let at = |message: String| {
            ScenarioError::Step(format!(
                "step {} ({}): {message}",
                index + 1,
                step_text(step)
            ))
        };
        let malformed = |field: &str, reason: String| ScenarioError::Malformed {
            step: index + 1,
            field: field.to_string(),
            reason,
        };
        let (kind, argument) = match step {
            Value::String(kind) => (kind.as_str(), None),
            Value::Object(map) if map.len() == 1 => {
                let (kind, argument) = map.iter().next().expect("one entry");
                (kind.as_str(), Some(argument))
            }
            _ => {
                return Err(malformed(
                    "step",
                    "a step is `forced`, `settle`, or a map with one of throw, move, illegal"
                        .into(),
                ));
            }
        };
        match (kind, argument) {
            ("throw", Some(argument)) => {
                let Phase::Chance(chance) = game.phase() else {
                    return Err(at(format!("no throw is due ({})", phase_name(&game))));
                };
                let outcome = match argument {
                    Value::Number(n) => n.as_u64().and_then(|n| u8::try_from(n).ok()),
                    Value::String(name) => name.parse().ok().or_else(|| game.chance_by_name(name)),
                    _ => None,
                }
                .ok_or_else(|| {
                    malformed(
                        "throw",
                        format!("{argument} is not an outcome: a number from 0 to 255 or a name of the game's"),
                    )
                })?;
                if outcome >= chance.outcomes() {
                    return Err(at(format!(
                        "outcome {outcome} is impossible; this throw has {} outcomes",
                        chance.outcomes()
                    )));
                }
                game.apply_chance(outcome);
            }
            ("move" | "illegal", Some(Value::String(wanted))) => {
                if !matches!(game.phase(), Phase::Decision(_)) {
                    return Err(at(format!("no move is due ({})", phase_name(&game))));
                }
                moves.clear();
                game.legal_moves(&mut moves);
                let found = moves.iter().copied().find(|m| game.notation(*m) == *wanted);
                match (kind, found) {
                    ("move", Some(mv)) => game.apply(mv),
                    ("move", None) => {
                        return Err(at(format!(
                            "{wanted} is not legal; legal moves: {}",
                            legal_list(&game, &moves)
                        )));
                    }
                    (_, Some(_)) => return Err(at(format!("{wanted} is legal, but must not be"))),
                    (_, None) => {}
                }
            }
            ("forced", None) => {
                moves.clear();
                if matches!(game.phase(), Phase::Decision(_)) {
                    game.legal_moves(&mut moves);
                }
                if moves.len() != 1 {
                    return Err(at(format!(
                        "{} legal moves where one was expected: {}",
                        moves.len(),
                        legal_list(&game, &moves)
                    )));
                }
                game.apply(moves[0]);
            }
            ("settle", None) => {
                // A game may pass on for ever (Ludii's Tuz refill): settling is bounded.
                let mut played = 0;
                while matches!(game.phase(), Phase::Decision(_)) {
                    moves.clear();
                    game.legal_moves(&mut moves);
                    if moves.len() != 1 {
                        break;
                    }
                    if played == SETTLE_LIMIT {
                        return Err(at(format!(
                            "settle played {SETTLE_LIMIT} forced moves without reaching a choice, a throw or the end"
                        )));
                    }
                    game.apply(moves[0]);
                    played += 1;
                }
            }
            (kind, _) => {
                return Err(malformed(
                    kind,
                    "not a step: `forced`, `settle`, or throw, move or illegal with a value".into(),
                ));
            }
        }
        game.check_invariants()
            .map_err(|e| at(format!("invariant broken: {e}")))?;
    }
    let observed = observe_all(&game, &mut moves);
    let mut mismatches = Vec::new();
    contains(&scenario.expect, &observed, "", &mut mismatches);
    Ok(Observed {
        observed,
        mismatches,
    })
}

/// Forced moves a `settle` step plays at most.
const SETTLE_LIMIT: usize = 1_000;

/// Runs a scenario under its own preset and options.
pub fn run<G: Observe>(scenario: &Scenario) -> Result<Observed, ScenarioError> {
    let options = resolve_options::<G::Options>(&scenario.preset, &scenario.options)?;
    run_with::<G>(&options, scenario)
}

/// The game's observations plus the phase, the legal moves and the result.
pub fn observe_all<G: Observe>(game: &G, moves: &mut Vec<G::Move>) -> Value {
    let mut observed = match game.observe() {
        Value::Object(map) => map,
        other => Map::from_iter([("state".to_string(), other)]),
    };
    observed.insert("phase".into(), Value::String(phase_name(game)));
    if let Phase::Decision(player) = game.phase() {
        moves.clear();
        game.legal_moves(moves);
        let mut legal: Vec<String> = moves.iter().map(|m| game.notation(*m)).collect();
        legal.sort();
        observed.insert("legal".into(), Value::from(legal));
        observed.insert("to_move".into(), Value::from(player + 1));
    }
    if game.phase() == Phase::Over {
        let outcome = game.outcome();
        observed.insert(
            "ranks".into(),
            Value::from(outcome.ranks[..game.players()].to_vec()),
        );
        observed.insert(
            "winners".into(),
            Value::from(outcome.winners().map(|p| p + 1).collect::<Vec<_>>()),
        );
        observed.insert("weight".into(), Value::from(outcome.weight));
    }
    Value::Object(observed)
}

fn phase_name<G: Observe>(game: &G) -> String {
    match game.phase() {
        Phase::Chance(_) => "throw".into(),
        Phase::Decision(player) => format!("player {} to move", player + 1),
        Phase::Over => "over".into(),
    }
}

fn legal_list<G: Observe>(game: &G, moves: &[G::Move]) -> String {
    if moves.is_empty() {
        return "none".into();
    }
    moves
        .iter()
        .map(|m| game.notation(*m))
        .collect::<Vec<_>>()
        .join(", ")
}

fn step_text(step: &Value) -> String {
    match step {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether `observed` contains `expected`: objects by their keys (recursively), everything
/// else by equality. Numbers compare by value.
pub fn contains(expected: &Value, observed: &Value, path: &str, mismatches: &mut Vec<String>) {
    // `{not: X}` expects anything but X.
    if let Some(unwanted) = expected
        .as_object()
        .filter(|o| o.len() == 1)
        .and_then(|o| o.get("not"))
    {
        let mut differences = Vec::new();
        contains(unwanted, observed, path, &mut differences);
        if differences.is_empty() {
            mismatches.push(format!(
                "{}: expected anything but {unwanted}",
                if path.is_empty() { "(whole)" } else { path }
            ));
        }
        return;
    }
    match (expected, observed) {
        (Value::Object(want), Value::Object(have)) => {
            for (key, value) in want {
                let child = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match have.get(key) {
                    Some(found) => contains(value, found, &child, mismatches),
                    None => mismatches.push(format!(
                        "{child}: expected {value}, but the game observes no {key}"
                    )),
                }
            }
        }
        (Value::Number(a), Value::Number(b)) if a.as_f64() == b.as_f64() => {}
        (a, b) if a == b => {}
        (a, b) => mismatches.push(format!(
            "{}: expected {a}, found {b}",
            if path.is_empty() { "(whole)" } else { path }
        )),
    }
}

/// Runs every scenario of a file and describes each failure (for the engines' tests).
pub fn check_all<G: Observe>(yaml: &str) -> Vec<String> {
    let scenarios = match parse_file(yaml) {
        Ok(s) => s,
        Err(e) => return vec![format!("scenario file: {e}")],
    };
    let mut failures = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for scenario in &scenarios {
        if !names.insert(scenario.name.clone()) {
            failures.push(format!("{}: the name is used twice", scenario.name));
        }
        match run::<G>(scenario) {
            Ok(observed) if observed.holds() => {}
            Ok(observed) => failures.push(format!(
                "{}: {}\n    observed: {}",
                scenario.name,
                observed.mismatches.join("; "),
                observed.observed
            )),
            Err(error) => failures.push(format!("{}: {error}", scenario.name)),
        }
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(expected: Value, observed: Value) -> Vec<String> {
        let mut mismatches = Vec::new();
        contains(&expected, &observed, "", &mut mismatches);
        mismatches
    }

    #[test]
    fn containment() {
        assert!(check(json!({"a": 1}), json!({"a": 1, "b": 2})).is_empty());
        assert!(
            check(
                json!({"a": {"b": [1, 2]}}),
                json!({"a": {"b": [1, 2], "c": 3}})
            )
            .is_empty()
        );
        assert_eq!(
            check(json!({"a": 2}), json!({"a": 1})),
            ["a: expected 2, found 1"]
        );
        assert_eq!(
            check(json!({"z": 2}), json!({"a": 1})),
            ["z: expected 2, but the game observes no z"]
        );
        assert!(
            check(json!({"a": 1.0}), json!({"a": 1})).is_empty(),
            "numbers compare by value"
        );
    }

    #[test]
    fn negation() {
        assert!(
            check(
                json!({"hands": {"not": [16, 0]}}),
                json!({"hands": [15, 0]})
            )
            .is_empty()
        );
        assert_eq!(
            check(
                json!({"hands": {"not": [16, 0]}}),
                json!({"hands": [16, 0]})
            ),
            ["hands: expected anything but [16,0]"]
        );
    }
}
