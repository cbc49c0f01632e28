//! The regression gate: a fixed, seeded workload per game whose instruction count valgrind
//! measures. Wall time on shared machines moves by 20–30%; the instruction count of the
//! same binary on the same input does not, so a 5% rise is a real cost. A crate of its own, on
//! the engines and the registry alone, so that the release build valgrind counts compiles
//! nothing of the stages after them (verification, reports, templates).

use std::collections::BTreeMap;

use engine::playout::Caps;
use engine::simulate::DEFAULT_SEED;
use rulesets::{OptionSet, Ruleset};
use serde::{Deserialize, Serialize};

/// A game becoming this much more expensive fails the gate.
pub const TOLERANCE: f64 = 0.05;

/// Moves of each game's workload: Ludii-preset playouts from the benchmark seed until this
/// many moves are played, 5–20 ms natively and about a second under valgrind, of which a game's
/// set-up (a family game's description read and translated) is at most a twentieth. A count is
/// exact at any size, so the workload is as small as keeps the set-up's share small: the gate
/// runs over every game of the registry on every CI run. Derived from the registry, so that a
/// new game is gated without a list to extend.
pub const WORKLOAD_MOVES: u64 = 75_000;

/// A game's workload as played: playouts and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workload {
    /// Playouts played.
    pub playouts: u64,
    /// Moves played.
    pub moves: u64,
}

/// Plays a game's workload; the moves it returns keep the work from being optimised away and
/// show when the engine plays differently.
pub fn run(ruleset: &dyn Ruleset, preset: &str) -> Result<Workload, rulesets::ResolveError> {
    let mut play = ruleset
        .resolve(preset, &OptionSet::new())?
        .runner(Caps::LUDII);
    let mut workload = Workload {
        playouts: 0,
        moves: 0,
    };
    while workload.moves < WORKLOAD_MOVES {
        workload.moves += u64::from(play(DEFAULT_SEED, workload.playouts).moves);
        workload.playouts += 1;
    }
    Ok(workload)
}

/// Instruction counts per game, committed as `reports/instructions.json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    /// How the counts were taken.
    pub how: String,
    /// Each game's count, by slug.
    pub games: BTreeMap<String, Count>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// One game's workload and the instructions it took.
pub struct Count {
    /// Playouts played.
    pub playouts: u64,
    /// Moves played.
    pub moves: u64,
    /// Instructions counted by valgrind.
    pub instructions: u64,
}

/// One game's comparison with the baseline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// The game's slug.
    pub game: String,
    /// The committed count, if the game has one.
    pub baseline: Option<u64>,
    /// The count measured now.
    pub measured: u64,
    /// Relative change, +0.05 for 5% more instructions.
    pub change: Option<f64>,
    /// Whether the change is beyond the gate's tolerance.
    pub failed: bool,
    /// The change in words.
    pub note: String,
}

/// Each game's measured count against the baseline's.
pub fn compare(baseline: &Baseline, measured: &BTreeMap<String, Count>) -> Vec<Verdict> {
    measured
        .iter()
        .map(|(game, count)| {
            let before = baseline.games.get(game);
            let workload_changed = before.is_some_and(|b| (b.playouts, b.moves) != (count.playouts, count.moves));
            let change = before.map(|b| count.instructions as f64 / b.instructions as f64 - 1.0);
            let failed = change.is_some_and(|c| c > TOLERANCE);
            let note = match (before, change) {
                (None, _) | (_, None) => "no baseline: run `cargo xtask bench --gate --update-baseline`".to_string(),
                _ if workload_changed => format!(
                    "the workload changed ({} moves, baseline {}): the engine plays differently; update the baseline if that is intended",
                    count.moves,
                    before.map_or(0, |b| b.moves)
                ),
                (Some(_), Some(c)) if failed => format!("{:+.1}% instructions, over the {:.0}% allowed", c * 100.0, TOLERANCE * 100.0),
                (Some(_), Some(c)) => format!("{:+.1}%", c * 100.0),
            };
            Verdict {
                game: game.clone(),
                baseline: before.map(|b| b.instructions),
                measured: count.instructions,
                change,
                failed,
                note,
            }
        })
        .collect()
}

/// The `I refs` total of valgrind's cachegrind summary.
pub fn parse_instructions(valgrind_stderr: &str) -> Option<u64> {
    valgrind_stderr
        .lines()
        .find_map(|line| {
            line.split_once("I refs:")
                .or_else(|| line.split_once("I   refs:"))
        })
        .and_then(|(_, n)| n.trim().replace(',', "").parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(instructions: u64) -> Count {
        Count {
            playouts: 10,
            moves: 1000,
            instructions,
        }
    }

    fn check(before: &[(&str, u64)], after: &[(&str, u64)], expect: &[(&str, bool, &str)]) {
        let baseline = Baseline {
            how: String::new(),
            games: before
                .iter()
                .map(|(g, n)| (g.to_string(), count(*n)))
                .collect(),
        };
        let measured = after
            .iter()
            .map(|(g, n)| (g.to_string(), count(*n)))
            .collect();
        let got: Vec<(String, bool, String)> = compare(&baseline, &measured)
            .into_iter()
            .map(|v| (v.game, v.failed, v.note))
            .collect();
        let expect: Vec<(String, bool, String)> = expect
            .iter()
            .map(|(g, f, n)| (g.to_string(), *f, n.to_string()))
            .collect();
        assert_eq!(got, expect);
    }

    #[test]
    fn more_than_five_percent_fails_and_names_the_game() {
        check(
            &[
                ("baqura", 1_000_000),
                ("tuz", 1_000_000),
                ("kioz", 1_000_000),
            ],
            &[("baqura", 1_049_000), ("tuz", 1_051_000), ("kioz", 700_000)],
            &[
                ("baqura", false, "+4.9%"),
                ("kioz", false, "-30.0%"),
                ("tuz", true, "+5.1% instructions, over the 5% allowed"),
            ],
        );
    }

    #[test]
    fn a_game_without_baseline_is_named_not_failed() {
        check(
            &[],
            &[("deleb", 5)],
            &[(
                "deleb",
                false,
                "no baseline: run `cargo xtask bench --gate --update-baseline`",
            )],
        );
    }

    #[test]
    fn valgrind_summaries_are_read() {
        let text = "==12== Cachegrind, a cache and branch-prediction profiler\n==12== \n==12== I   refs:      123,456,789\n";
        assert_eq!(parse_instructions(text), Some(123_456_789));
        assert_eq!(parse_instructions("==1== I refs: 42"), Some(42));
        assert_eq!(parse_instructions("nothing"), None);
    }

    #[test]
    fn every_game_of_the_registry_has_a_workload_of_the_same_size() {
        for &ruleset in rulesets::all() {
            let game = ruleset.info().slug;
            let workload = run(ruleset, "ludii").unwrap();
            assert!(
                (WORKLOAD_MOVES..WORKLOAD_MOVES + 10_001).contains(&workload.moves),
                "{game}: {workload:?}"
            );
            assert_eq!(
                run(ruleset, "ludii").unwrap(),
                workload,
                "{game} is reproducible"
            );
        }
    }
}
