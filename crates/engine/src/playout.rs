//! The playout driver: uniform random choice among legal moves, chance sampled exactly,
//! Ludii's caps and its way of counting moves and turns.
//!
//! A *move* is one decision, the throw of the sticks folded into it; a forced pass, an extra
//! throw and each relay of a sowing are moves of their own. A turn whose throws lead to no
//! decision (Sig's six then twelve, which sum to nothing) is a *lost turn*: one move of its
//! own, as Ludii's forced pass is. A *turn* changes only when the mover changes. Reaching a
//! cap ends the game as a draw.

use serde::{Deserialize, Serialize};

use crate::dice::Chance;
use crate::game::{Game, Outcome, Phase, Player};
use crate::rng::GameRng;

/// Moves a playout's buffer holds from the start: more than any position of the seven games
/// offers, so that it never grows in the loop.
pub const MOVE_BUFFER: usize = 512;

/// Ludii's limits on a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caps {
    /// Turns each player may take before the game is cut off.
    pub turns_per_player: u32,
    /// Moves in all before the game is cut off.
    pub moves: u32,
}

impl Caps {
    /// Ludii 1.3.13: 1250 turns per player and 10,000 moves.
    pub const LUDII: Caps = Caps {
        turns_per_player: 1250,
        moves: 10_000,
    };
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// By the rules of the game (possibly a draw the rules declare).
    Rules,
    /// By the turn or move cap (a draw).
    Cap,
}

/// What one playout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Moves played (lost turns included).
    pub moves: u32,
    /// Turns played.
    pub turns: u32,
    /// Whether the rules or a cap ended the game.
    pub ending: Ending,
    /// The players' ranks.
    pub outcome: Outcome,
    /// Decisions taken and the legal moves they chose among.
    pub decisions: u32,
    /// Legal moves summed over the decisions.
    pub legal_moves: u64,
    /// Decisions with more than one legal move.
    pub real_choices: u32,
    /// Moves played when the first player finished, in games where players finish in turn.
    pub first_finish: Option<u32>,
    /// Turns whose throws led to no decision; each is also counted as a move.
    pub lost_turns: u32,
}

/// Watches a playout (for traces); the driver's fast path uses `()`, which compiles away.
pub trait Observer<G: Game> {
    /// A chance event and its outcome, as the driver applies it.
    fn chance(&mut self, _game: &G, _chance: Chance, _outcome: u8) {}
    /// Before `chosen`, one of `legal` moves, is applied; `so_far` counts it already (its move
    /// and turn numbers are the driver's, so that a watcher never counts on its own).
    fn decision(
        &mut self,
        _game: &G,
        _player: Player,
        _so_far: &Playout,
        _legal: usize,
        _chosen: G::Move,
    ) {
    }
    /// `player`'s throws since their last decision led to none: the turn is lost, counted in
    /// `so_far` as a move and a turn of theirs.
    fn lost_turn(&mut self, _game: &G, _player: Player, _so_far: &Playout) {}
    /// The game after a move was applied.
    fn applied(&mut self, _game: &G) {}
}

impl<G: Game> Observer<G> for () {}

/// An invariant broke during a playout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invariant broken after move {after_move}: {message}")]
pub struct InvariantBroken {
    /// Moves played when it broke (0: the starting position).
    pub after_move: u32,
    /// What the game's [`crate::Game::check_invariants`] found.
    pub message: String,
}

/// Plays `game` to its end (or a cap) with uniformly random decisions. `moves` is the
/// caller's buffer, reused across playouts so that the loop allocates nothing.
pub fn play<G: Game, O: Observer<G>>(
    game: &mut G,
    rng: &mut GameRng,
    caps: Caps,
    moves: &mut Vec<G::Move>,
    check_invariants: bool,
    observer: &mut O,
) -> Result<Playout, InvariantBroken> {
    let turn_cap = caps.turns_per_player.saturating_mul(game.players() as u32);
    let mut result = Playout {
        moves: 0,
        turns: 0,
        ending: Ending::Rules,
        outcome: Outcome::draw(game.players()),
        decisions: 0,
        legal_moves: 0,
        real_choices: 0,
        first_finish: None,
        lost_turns: 0,
    };
    let mut last_mover: Option<Player> = None;
    // The player whose throws since the last decision have not yet led to one.
    let mut throwing: Option<Player> = None;
    loop {
        // A lost turn is a move of the thrower's, then play goes on to whoever acts now.
        let lost = match game.phase() {
            Phase::Over => {
                result.outcome = game.outcome();
                return Ok(result);
            }
            Phase::Chance(chance) => {
                let mut lost = None;
                if let Some(thrower) = game.thrower() {
                    lost = throwing.filter(|&previous| previous != thrower);
                    throwing = Some(thrower);
                }
                if lost.is_none() {
                    let outcome = chance.sample(rng);
                    observer.chance(game, chance, outcome);
                    game.apply_chance(outcome);
                    continue;
                }
                lost
            }
            Phase::Decision(player) => {
                let lost = throwing.take().filter(|&previous| previous != player);
                if lost.is_none() {
                    if !count_move(&mut result, &mut last_mover, caps.moves, turn_cap, player) {
                        return Ok(result);
                    }
                    decide(
                        game,
                        rng,
                        moves,
                        check_invariants,
                        observer,
                        player,
                        &mut result,
                    )?;
                    continue;
                }
                lost
            }
        };
        // Rare: counted here, and the phase is looked at again on the next pass.
        if let Some(loser) = lost {
            if !count_move(&mut result, &mut last_mover, caps.moves, turn_cap, loser) {
                return Ok(result);
            }
            result.lost_turns += 1;
            observer.lost_turn(game, loser, &result);
        }
    }
}

/// Counts a move of `player` (and a turn when the mover changes), or ends the game as a draw
/// at a cap and says so with `false`.
#[inline(always)]
fn count_move(
    result: &mut Playout,
    last_mover: &mut Option<Player>,
    move_cap: u32,
    turn_cap: u32,
    player: Player,
) -> bool {
    let new_turn = *last_mover != Some(player);
    if result.moves >= move_cap || (new_turn && result.turns >= turn_cap) {
        result.ending = Ending::Cap;
        result.outcome = Outcome::draw(usize::from(result.outcome.players));
        return false;
    }
    if new_turn {
        result.turns += 1;
        *last_mover = Some(player);
    }
    result.moves += 1;
    true
}

/// Chooses and applies one decision of `player`, already counted as a move.
#[inline(always)]
fn decide<G: Game, O: Observer<G>>(
    game: &mut G,
    rng: &mut GameRng,
    moves: &mut Vec<G::Move>,
    check_invariants: bool,
    observer: &mut O,
    player: Player,
    result: &mut Playout,
) -> Result<(), InvariantBroken> {
    let mut picked = 0;
    let (count, chosen) = game.choose_move(moves, |count| {
        debug_assert!(
            count > 0,
            "a decision without legal moves (a pass is a move)"
        );
        if count > 1 {
            picked = rng.below(count as u64) as usize;
        }
        picked
    });
    if check_invariants && G::CHOOSES_WITHOUT_LISTING {
        moves.clear();
        game.legal_moves(moves);
        if moves.len() != count || moves.get(picked) != Some(&chosen) {
            return Err(InvariantBroken {
                after_move: result.moves - 1,
                message: format!(
                    "choose_move gave move {picked} of {count} as {chosen:?}; legal_moves lists {} with {:?} there",
                    moves.len(),
                    moves.get(picked)
                ),
            });
        }
    }
    result.decisions += 1;
    result.legal_moves += count as u64;
    result.real_choices += u32::from(count > 1);
    observer.decision(game, player, result, count, chosen);
    game.apply(chosen);
    observer.applied(game);
    if check_invariants {
        game.check_invariants().map_err(|message| InvariantBroken {
            after_move: result.moves,
            message,
        })?;
    }
    if result.first_finish.is_none() && game.finished_players() > 0 {
        result.first_finish = Some(result.moves);
    }
    Ok(())
}

/// Plays playout `index` of a study seeded with `seed` from `start`, the game's start as
/// `G::new` made it, copied for the playout. Studies make the start once: a family game builds its tables from its parameters there,
/// which cost a short game (Tsaydithl, 22 moves) a tenth of its work when made for each
/// playout.
pub fn play_from<G: Game>(
    start: &G,
    seed: u64,
    index: u64,
    caps: Caps,
    moves: &mut Vec<G::Move>,
    check_invariants: bool,
) -> Result<Playout, InvariantBroken> {
    let mut game = start.clone();
    let mut rng = GameRng::for_playout(seed, index);
    play(&mut game, &mut rng, caps, moves, check_invariants, &mut ())
}
