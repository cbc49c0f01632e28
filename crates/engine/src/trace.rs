//! A move-by-move record of one playout, as text and as JSON: for checks, for debugging and
//! for the sample games on the site. The same seed and options always give the same trace.

use std::fmt::Write;

use serde::Serialize;

use crate::dice::Chance;
use crate::game::{Observe, Player};
use crate::options::Options;
use crate::playout::{Caps, Ending, InvariantBroken, Observer, Playout, play};
use crate::rng::GameRng;

#[derive(Clone, Debug, Serialize)]
/// One move of a trace.
pub struct TraceStep {
    /// Move number, from 1.
    pub number: u32,
    /// Turn number, from 1.
    pub turn: u32,
    /// Seat of the mover, from 1 as reports count players.
    pub player: u8,
    /// The mover's throws since their previous move ("4 white up: 6, throw again").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chance: Vec<String>,
    /// Legal moves at the decision; 0 for a lost turn.
    pub legal_moves: usize,
    /// The move chosen, or `turn lost` when the throws led to no decision.
    #[serde(rename = "move")]
    pub chosen: String,
    /// The position after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
/// One playout, move by move.
pub struct Trace {
    /// The study's seed.
    pub seed: u64,
    /// The playout's index.
    pub playout: u64,
    /// Every option, written.
    pub options: std::collections::BTreeMap<String, String>,
    /// When the game is cut off.
    pub caps: Caps,
    /// The starting position, rendered.
    pub start: String,
    /// Each move, with the throws before it.
    pub steps: Vec<TraceStep>,
    /// Whether the rules or a cap ended the game.
    pub ending: Ending,
    /// Rank of each player, 1 best; all equal is a draw.
    pub ranks: Vec<u8>,
    /// Moves played.
    pub moves: u32,
    /// Turns played.
    pub turns: u32,
    /// Turns whose throws led to no decision (counted among the moves and turns).
    pub lost_turns: u32,
}

/// What a step of a trace says of a turn whose throws led to no decision.
pub const TURN_LOST: &str = "turn lost";

struct Recorder {
    steps: Vec<TraceStep>,
    pending_chance: Vec<String>,
    positions: bool,
}

impl<G: Observe> Observer<G> for Recorder {
    fn chance(&mut self, game: &G, chance: Chance, outcome: u8) {
        self.pending_chance
            .push(game.describe_chance(chance, outcome));
    }

    fn decision(
        &mut self,
        game: &G,
        player: Player,
        so_far: &Playout,
        legal: usize,
        chosen: G::Move,
    ) {
        self.step(player, so_far, legal, game.notation(chosen));
    }

    fn lost_turn(&mut self, game: &G, player: Player, so_far: &Playout) {
        self.step(player, so_far, 0, TURN_LOST.to_string());
        <Self as Observer<G>>::applied(self, game);
    }

    fn applied(&mut self, game: &G) {
        if self.positions
            && let Some(step) = self.steps.last_mut()
        {
            step.position = Some(game.render());
        }
    }
}

impl Recorder {
    /// A step numbered as the driver counts it.
    fn step(&mut self, player: Player, so_far: &Playout, legal_moves: usize, chosen: String) {
        self.steps.push(TraceStep {
            number: so_far.moves,
            turn: so_far.turns,
            player: player + 1,
            chance: std::mem::take(&mut self.pending_chance),
            legal_moves,
            chosen,
            position: None,
        });
    }
}

/// Records playout `index` of a study seeded with `seed`.
pub fn trace<G: Observe>(
    options: &G::Options,
    seed: u64,
    index: u64,
    caps: Caps,
    positions: bool,
) -> Result<Trace, InvariantBroken> {
    let mut game = G::new(options);
    let start = game.render();
    let mut rng = GameRng::for_playout(seed, index);
    let mut recorder = Recorder {
        steps: Vec::new(),
        pending_chance: Vec::new(),
        positions,
    };
    let mut moves = Vec::new();
    let playout = play(&mut game, &mut rng, caps, &mut moves, true, &mut recorder)?;
    Ok(Trace {
        seed,
        playout: index,
        options: options.to_map(),
        caps,
        start,
        steps: recorder.steps,
        ending: playout.ending,
        ranks: playout.outcome.ranks[..game.players()].to_vec(),
        moves: playout.moves,
        turns: playout.turns,
        lost_turns: playout.lost_turns,
    })
}

impl Trace {
    /// The trace as readable text, one line per move.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        writeln!(
            out,
            "seed {} playout {}; options {}",
            self.seed,
            self.playout,
            options.join(" ")
        )
        .unwrap();
        writeln!(out, "start:\n{}", self.start.trim_end()).unwrap();
        for step in &self.steps {
            let chance = if step.chance.is_empty() {
                String::new()
            } else {
                format!("[{}] ", step.chance.join("; "))
            };
            let choice = if step.legal_moves == 0 {
                step.chosen.clone()
            } else {
                format!("{} (of {})", step.chosen, step.legal_moves)
            };
            writeln!(
                out,
                "{:>5}. turn {:>4} P{}: {chance}{choice}",
                step.number, step.turn, step.player
            )
            .unwrap();
            if let Some(position) = &step.position {
                for line in position.lines() {
                    writeln!(out, "         {line}").unwrap();
                }
            }
        }
        let ranks: Vec<String> = self
            .ranks
            .iter()
            .enumerate()
            .map(|(p, r)| format!("P{}: {r}", p + 1))
            .collect();
        let ending = match self.ending {
            Ending::Rules => "by the rules",
            Ending::Cap => "by a cap (draw)",
        };
        writeln!(
            out,
            "ended {ending} after {} moves and {} turns ({} lost); ranks {}",
            self.moves,
            self.turns,
            self.lost_turns,
            ranks.join(", ")
        )
        .unwrap();
        out
    }
}
