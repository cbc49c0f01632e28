//! `corpus/ludii/figures/speed.yaml`: Ludii's playouts and moves per second on the seven games, measured
//! side by side on the project's kind of machine, and the project's goals against them.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::diag::{Diagnostic, Report};
use crate::yaml::{Located, from_yaml};

/// The file, relative to the corpus root.
pub const SPEED_FILE: &str = "ludii/figures/speed.yaml";

/// Ludii's speed on the games it was measured on, and the goals against it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Speed {
    /// Ludii's version.
    pub ludii: String,
    /// How the figures were measured, as the bench report prints it beside every ratio.
    pub how: String,
    /// The design notes' sentence the figures come from.
    pub source: String,
    /// How many times Ludii's moves per second the project aims at.
    pub goals: Goals,
    /// Ludii's speed by registry slug.
    pub games: BTreeMap<String, SpeedAnchor>,
}

/// The project's goals, as multiples of Ludii's fastest moves per second on one thread.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goals {
    /// For the seven games with engines of their own.
    pub seven: Goal,
    /// For every game a family engine plays.
    pub family: Goal,
}

/// One goal.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// Times Ludii's moves per second.
    pub times: Located<f64>,
    /// The sentence that sets it.
    pub source: String,
}

/// Ludii's speed on one game: the slowest and fastest figures of its runs.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpeedAnchor {
    /// The game as the design notes name it.
    pub name: String,
    /// Players Ludii played it with.
    pub players: u32,
    /// Ludii's slowest and fastest playouts per second.
    pub playouts_per_second: Located<[f64; 2]>,
    /// Ludii's slowest and fastest moves per second.
    pub moves_per_second: Located<[f64; 2]>,
}

impl Speed {
    /// Reads the file of the corpus at `root`; every problem goes to `report`.
    pub fn load(root: &Path, report: &mut Report) -> Option<Speed> {
        let path = root.join(SPEED_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Speed::parse(&path, &text, report),
            Err(e) => {
                report.push(Diagnostic::error(&path, format!("cannot read: {e}")));
                None
            }
        }
    }

    /// Reads `text` of `file`: a YAML error, a goal or a figure that is not a positive number,
    /// or a range whose slowest figure is above its fastest, is reported and nothing is kept.
    pub fn parse(file: &Path, text: &str, report: &mut Report) -> Option<Speed> {
        let speed: Speed = match from_yaml(file, text) {
            Ok(speed) => speed,
            Err(diagnostic) => {
                report.push(diagnostic);
                return None;
            }
        };
        let mut problems = Vec::new();
        for (name, goal) in [
            ("seven", &speed.goals.seven),
            ("family", &speed.goals.family),
        ] {
            if !(goal.times.is_finite() && *goal.times > 0.0) {
                problems.push(
                    Diagnostic::error(file, "a goal is a positive number of times")
                        .at_line(goal.times.line())
                        .field(format!("goals.{name}.times")),
                );
            }
        }
        for (game, anchor) in &speed.games {
            for (field, range) in [
                ("playouts_per_second", &anchor.playouts_per_second),
                ("moves_per_second", &anchor.moves_per_second),
            ] {
                let [slowest, fastest] = range.value;
                let message = if !(slowest.is_finite() && fastest.is_finite() && slowest > 0.0) {
                    "the figures are positive numbers"
                } else if slowest > fastest {
                    "the slowest figure comes first"
                } else {
                    continue;
                };
                problems.push(
                    Diagnostic::error(file, message)
                        .at_line(range.line())
                        .field(format!("games.{game}.{field}")),
                );
            }
        }
        let valid = problems.is_empty();
        report.extend(problems);
        valid.then_some(speed)
    }

    /// Ludii's speed on the game with registry slug `game`.
    pub fn game(&self, game: &str) -> Option<&SpeedAnchor> {
        self.games.get(game)
    }
}
