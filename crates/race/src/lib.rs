//! The race family: one engine in which a race game is its parameters.
//!
//! Each seat's pieces travel a track of numbered cells ([`params::Tracks`]); tracks share the
//! cells they name alike. A turn is a throw (lots counted by how many land up, dice, or a table
//! of equal faces), whose values move pieces: entering from the hand, landing on the cells the
//! game allows (stacking, capturing, swapping, refused by safe cells, guards and blocks),
//! jumping on from special cells, bearing off past the end. Some values and cells give another
//! throw. The first to bear off every piece wins, or the players rank by order of finishing.
//! Every choice is a parameter ([`params::RaceParams`]); a game's values and the sentences they
//! come from are its game file ([`file::GameFile`]).

pub mod board;
pub mod file;
pub mod params;

use engine::setup::{BySeat, FinishOrder, Seat, SetupError};
use engine::{Chance, Finishers, Game, Observe, Outcome, Phase, Player, ThrowProbe, ThrowRead};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use board::Board;
pub use params::*;

/// The family's rule scenarios: one hand-set position for each parameter and value.
pub const SCENARIOS: &str = include_str!("../scenarios.yaml");

/// A piece's position while it waits in its owner's hand.
const HAND: u8 = 254;
/// A piece's position once it is borne off.
const OFF: u8 = 255;

/// A move of a race game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Move one piece of the mover's from a track position (or from the hand) by the value of
    /// the dice in `dice`.
    Step {
        /// The track position (from 0) the piece leaves, or the hand.
        from: u8,
        /// The dice of the throw the move uses, one bit each (one bit for lots and faces).
        dice: u8,
        /// Whether the piece goes backwards (`backward_if_no_forward`).
        backward: bool,
    },
    /// Select the stack on a track position (from 0) of the mover's with the die in `dice`,
    /// unstacking or stacking it again (`stacked_start`).
    Select {
        /// The track position of the stack.
        at: u8,
        /// The die of the throw the move uses, one bit.
        dice: u8,
    },
    /// Bear off a piece of the mover's from a track position (from 0), by a double in the
    /// race (`double_bears_off_all`).
    Remove {
        /// The track position the piece leaves.
        from: u8,
    },
    /// Move one piece of the mover's from a track position (or from the hand) by
    /// `alternative_steps`, playing the throw of `alternative_value` in `dice` otherwise.
    Instead {
        /// The track position (from 0) the piece leaves, or the hand.
        from: u8,
        /// The dice of the throw the move uses.
        dice: u8,
    },
    /// Move one piece of the mover's one step, or enter one from the hand on the first cell
    /// of its track where one waits, in a one-step turn (`one_step_turn_values`).
    OneStep {
        /// The track position (from 0) the piece leaves, or the hand.
        from: u8,
    },
    /// No piece can use the throw.
    Pass,
}

/// A player's stage while its pieces start stacked (`stacked_start`): undoing its stacks.
const UNSTACKING: u8 = 0;
/// Stacking them again.
const RESTACKING: u8 = 1;
/// Racing: every game's stage without stacks.
const RACING: u8 = 2;
/// Placing the pieces borne off again on the start (`replace_after_race`).
const REPLACING: u8 = 3;

/// Where a move takes its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    /// Off the board, past the end of the track.
    Off,
    /// To rest at this track position (after any jump).
    Rest(u8),
}

/// A race game in progress.
#[derive(Clone, Debug)]
pub struct Race {
    params: RaceParams,
    board: Board,
    /// Track position of each piece, or `HAND` or `OFF`.
    position: [[u8; MAX_PIECES]; MAX_SEATS],
    /// Pieces of each player on each cell.
    on_cell: [[u8; MAX_CELLS]; MAX_SEATS],
    in_hand: [u8; MAX_SEATS],
    /// Of the pieces in hand, those sent back by an enemy (Backgammon's bar).
    captured: [u8; MAX_SEATS],
    off: [u8; MAX_SEATS],
    to_move: Player,
    /// A throw is due.
    throw_due: bool,
    /// The value of each die of the throw being played (one for lots, faces and summed dice).
    dice: [u16; MAX_DICE],
    /// Dice of the throw still to play, one bit each.
    unused: u8,
    /// The throw's total, for the values that give another throw.
    total: u16,
    /// A piece came to rest on a cell that gives another throw.
    again: bool,
    /// Another throws the player to move has taken in a row.
    again_in_a_row: u8,
    /// The throw's dice are played and the move after them (`move_after_dice`) is being played.
    after_dice: bool,
    /// The throw's dice all show one face (kept only for `another_throw_on_doubles`).
    doubles: bool,
    /// The players whose last throw was passed whole, one bit each
    /// (`draw_when_none_can_move`).
    passed_whole: u8,
    /// Each player's stage (`stacked_start`): `UNSTACKING`, `RESTACKING`, `RACING` or
    /// `REPLACING`.
    stage: [u8; MAX_SEATS],
    /// Each player's stacks, one bit per track position where one stood at the start.
    stacks: [u128; MAX_SEATS],
    /// Of them, those whole (not yet unstacked, or stacked again).
    whole: [u128; MAX_SEATS],
    /// Of them, those half undone (`unstack_in_halves`).
    half: [u128; MAX_SEATS],
    /// Selections of any stack a double has left (`double_selects_any`), and with
    /// `replace_after_race` its bearings off left in the race too.
    double_left: u16,
    /// A double's count left when a player's last piece was borne off, the next player's to
    /// play (`replace_after_race`, Ludii's `(var "Double")`, the game's).
    carried_double: u16,
    /// Dice of the throw thrown so far, where they are thrown one by one
    /// ([`Throw::die_by_die`]).
    dice_thrown: u8,
    /// Outcomes of one chance event ([`Throw::chance_outcomes`]).
    chance_outcomes: u8,
    /// Whether the dice are thrown one by one ([`Throw::die_by_die`]).
    die_by_die: bool,
    /// The turn being played, or the next, is a one-step turn (`one_step_turn_values`): a
    /// flag of the game, not of a player, as Ludii's variable is.
    one_step: bool,
    finishers: Finishers,
    over: bool,
}

impl Race {
    #[inline]
    fn players_usize(&self) -> usize {
        usize::from(self.params.players)
    }

    #[inline]
    fn pieces(&self) -> usize {
        usize::from(self.params.pieces)
    }

    /// Whether `a` and `b` play on one side.
    #[inline]
    fn friends(&self, a: usize, b: usize) -> bool {
        a == b || (self.params.teams == Teams::Partners && a % 2 == b % 2)
    }

    /// Pieces on `cell` of the mover's side and of its enemies.
    #[inline(always)]
    fn occupants(&self, mover: usize, cell: u8) -> (u8, u8) {
        let cell = usize::from(cell);
        if self.params.players == 2 && self.params.teams == Teams::None {
            // Two players apart, read without the loop over players and sides.
            return (self.on_cell[mover][cell], self.on_cell[mover ^ 1][cell]);
        }
        self.occupants_by_side(mover, cell)
    }

    /// [`Self::occupants`] for any number of players, partners or not.
    fn occupants_by_side(&self, mover: usize, cell: usize) -> (u8, u8) {
        let mut friends = 0;
        let mut enemies = 0;
        for player in 0..self.players_usize() {
            let here = self.on_cell[player][cell];
            if self.friends(mover, player) {
                friends += here;
            } else {
                enemies += here;
            }
        }
        (friends, enemies)
    }

    /// Whether the track positions `range` of `mover`'s track may be passed over (`PLAIN`:
    /// read cell by cell whatever the game).
    #[inline(always)]
    fn passable<const PLAIN: bool>(&self, mover: usize, range: std::ops::Range<i32>) -> bool {
        // Most games neither block nor stop a piece: answered without a call.
        if !PLAIN && self.params.block_run == 0 && self.board.must_stop.0 == 0 {
            return true;
        }
        self.passable_past_blocks(mover, range)
    }

    /// [`Self::passable`] in a game with blocks or cells that must be stopped on.
    #[inline(never)]
    fn passable_past_blocks(&self, mover: usize, range: std::ops::Range<i32>) -> bool {
        let block = self.params.block_run;
        let mut run = 0;
        for position in range {
            let cell = self.board.cell(mover, position as u8);
            if self.board.must_stop.contains(cell) {
                return false;
            }
            if block > 0 {
                run = if self.occupants(mover, cell).1 > 0 {
                    run + 1
                } else {
                    0
                };
                if run >= block {
                    return false;
                }
            }
        }
        true
    }

    /// Whether an enemy of `mover` on `cell` has a piece of its own on the next or previous
    /// cell of its track.
    fn guarded(&self, mover: usize, cell: u8) -> bool {
        (0..self.players_usize()).any(|enemy| {
            if self.friends(mover, enemy) || self.on_cell[enemy][usize::from(cell)] == 0 {
                return false;
            }
            let at = i32::from(self.board.position[enemy][usize::from(cell)]);
            let len = i32::from(self.board.len[enemy]);
            [at - 1, at + 1].into_iter().any(|p| {
                (0..len).contains(&p)
                    && self.on_cell[enemy][usize::from(self.board.cell(enemy, p as u8))] > 0
            })
        })
    }

    /// Whether every piece of `mover` on the board stands on the last `bear_off_home` cells,
    /// and none waits in its hand where `bear_off_home_hand` says so.
    fn all_home(&self, mover: usize) -> bool {
        if self.params.bear_off_home_cells.seats().is_some() {
            return self.all_on_home_cells(mover);
        }
        let home = i32::from(self.board.len[mover]) - i32::from(self.params.bear_off_home);
        // The hand and off the board lie past every track position, so the nearest piece to
        // the start answers; read over the whole array at once (the places past the game's
        // pieces stay in the hand, `check_invariants` makes sure).
        let nearest = self.position[mover]
            .iter()
            .fold(OFF, |nearest, &p| nearest.min(p));
        i32::from(nearest) >= home && !(self.params.bear_off_home_hand && self.in_hand[mover] > 0)
    }

    /// [`Self::all_home`] where each seat's home is listed (`bear_off_home_cells`, Ludii's
    /// Fevga): every piece of `mover` on the board stands on its cells, and none waits in its
    /// hand where `bear_off_home_hand` says so. A rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn all_on_home_cells(&self, mover: usize) -> bool {
        let cells = self.params.bear_off_home_cells.of(mover);
        self.position[mover][..self.pieces()]
            .iter()
            .all(|&p| p >= HAND || cells.contains(self.board.cell(mover, p)))
            && !(self.params.bear_off_home_hand && self.in_hand[mover] > 0)
    }

    /// Whether a piece of `mover` stands on one of its cells that keep others from entering
    /// (`enter_blocked_cells`, Kints's arc): a rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn entry_blocked(&self, mover: usize) -> bool {
        let blocked = self.board.enter_blocked[mover];
        self.position[mover][..self.pieces()]
            .iter()
            .any(|&p| p < HAND && blocked.contains(self.board.cell(mover, p)))
    }

    /// Whether `mover`'s pieces on the first position of its track are held there
    /// (`start_hold_count`, Fevga's and Jacquet's first piece sent ahead alone): exactly so
    /// many stand on it, none waits in the hand and none stands on a cell that frees them. A
    /// rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn start_held(&self, mover: usize) -> bool {
        let pieces = &self.position[mover][..self.pieces()];
        let on_start = pieces.iter().filter(|&&p| p == 0).count();
        let free = self.params.start_hold_free_cells.of(mover);
        on_start == usize::from(self.params.start_hold_count)
            && self.in_hand[mover] == 0
            && !pieces
                .iter()
                .any(|&p| p < HAND && free.contains(self.board.cell(mover, p)))
    }

    /// Whether `pieces` on a cell keep a piece entering from the hand off it
    /// (`enter_stack_limit`, Shuanglu's entry): a rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn entry_full(&self, pieces: u8) -> bool {
        pieces >= self.params.enter_stack_limit
    }

    /// Whether a piece of `mover` may not land on `cell`, where `pieces` stand, by a rare rule
    /// of landing on the board: a stack on the seat's `stack_limit_cells` (Kotra's starting
    /// side), or a
    /// cell of the seat's `start_crowd_cells` while too many of its pieces wait in the hand or
    /// stand on the first position of its track (Kotra's last point; Ludii's `(count Pieces
    /// in:…)` counts every side's pieces there, before the move). Out of line.
    #[cold]
    #[inline(never)]
    fn landing_refused(&self, mover: usize, cell: u8, pieces: u8) -> bool {
        let params = &self.params;
        if params.stack_limit > 0
            && pieces >= params.stack_limit
            && params.stack_limit_cells.of(mover).contains(cell)
        {
            return true;
        }
        if params.start_crowd_cells.of(mover).contains(cell) {
            let first = self.board.cell(mover, 0);
            let (friends, enemies) = self.occupants_by_side(mover, usize::from(first));
            let crowd = u16::from(self.in_hand[mover]) + u16::from(friends) + u16::from(enemies);
            if crowd > u16::from(params.start_crowd_limit) {
                return true;
            }
        }
        false
    }

    /// Where a piece of `mover` at `from` (a track position or `HAND`) goes with `value`, if the
    /// move is legal.
    #[inline(always)]
    fn destination(&self, mover: usize, from: u8, value: u16, backward: bool) -> Option<Landing> {
        self.destination_by::<false>(mover, from, value, backward, self.params.bear_off_larger)
    }

    /// A landing of `mover` on an enemy on `cell`, the cell where one seat's pieces start
    /// beneath another's (`start_beneath`, Myles's): while both stand there, the seat above
    /// lands on its own, taking none (`Some(true)`), and any other is refused (`None`), an
    /// enemy on top of more than one piece; otherwise the cell is any other, refused where
    /// the seat's own `no_capture_cells` list it (`Some(false)`: as usual). A rare rule, out
    /// of line.
    #[cold]
    #[inline(never)]
    fn onto_beneath(&self, mover: usize, cell: u8) -> Option<bool> {
        if self.beneath_held(cell) {
            return (mover == self.board.above).then_some(true);
        }
        (!self.params.no_capture_cells.of(mover).contains(cell)).then_some(false)
    }

    /// Whether pieces lie beneath another seat's on `cell` (`start_beneath`): both seats
    /// stand there, the one below since the start.
    fn beneath_held(&self, cell: u8) -> bool {
        let on = |seat: usize| self.on_cell[seat][usize::from(cell)];
        cell != NO_CELL
            && cell == self.board.beneath
            && on(self.board.above) > 0
            && on(self.board.below) > 0
    }

    /// Whether a piece of `mover` bears off from `from` with `value`, larger than it needs: it
    /// is the piece nearest the start among those `value` carries past the end, and `value`
    /// moves no piece otherwise (Ludii's `firstMoveOnTrack` in the `noMoveYet` of its
    /// Backgammon).
    fn bears_off_larger<const PLAIN: bool>(&self, mover: usize, from: u8, value: u16) -> bool {
        let len = u16::from(self.board.len[mover]);
        let pieces = &self.position[mover][..self.pieces()];
        let behind = pieces
            .iter()
            .any(|&p| p < from && u16::from(p) + value > len);
        if behind {
            return false;
        }
        let moves = |p: u8| {
            self.destination_by::<PLAIN>(mover, p, value, false, false)
                .is_some()
        };
        if PLAIN {
            let rare = self.board.rare_moves;
            return !pieces
                .iter()
                .any(|&p| p < OFF && !(rare && self.waits(mover, p)) && moves(p));
        }
        // Pieces on one position, or in the hand, move alike: each is asked once.
        let (froms, distinct) = self.movable_positions(mover);
        !((self.in_hand[mover] > 0 && moves(HAND)) || froms[..distinct].iter().any(|&p| moves(p)))
    }

    /// [`Self::destination`], with the larger value's bearing off or without it; `PLAIN`
    /// reads the occupants and the cells passed over by the general path of any game, for the
    /// test that the shortcuts of the usual games change nothing.
    // Inlined into the listing of moves, which asks it for every piece and die: a call cost
    // the Tables games about a tenth of their instructions.
    #[inline(always)]
    fn destination_by<const PLAIN: bool>(
        &self,
        mover: usize,
        from: u8,
        value: u16,
        backward: bool,
        larger: bool,
    ) -> Option<Landing> {
        let params = &self.params;
        let len = i32::from(self.board.len[mover]);
        let value = i32::from(value);
        let (target, passed) = if from == HAND {
            if backward || value >= 128 || !params.enter_values.contains(value as u8) {
                return None;
            }
            if self.board.enter_blocked[mover] != CellSet::NONE && self.entry_blocked(mover) {
                return None;
            }
            // Counted from `enter_from` (0: from before the first cell).
            let base = i32::from(params.enter_from);
            let target = if params.enter_counts_first_cell {
                base + value - 1
            } else {
                0
            };
            if target >= len {
                return None;
            }
            (target, base.min(target)..target)
        } else if backward {
            let target = i32::from(from) - value;
            if target < 0 {
                return None;
            }
            (target, target + 1..i32::from(from))
        } else {
            let target = i32::from(from) + value;
            (target, i32::from(from) + 1..target.min(len))
        };
        if target >= len {
            return self
                .bears_off::<PLAIN>(mover, from, value, target == len, passed, larger)
                .then_some(Landing::Off);
        }
        if !self.passable::<PLAIN>(mover, passed) {
            return None;
        }
        let rest = self.board.rest[mover][target as usize];
        let cell = self.board.cell(mover, rest);
        let (mut friends, enemies) = if PLAIN {
            self.occupants_by_side(mover, usize::from(cell))
        } else {
            self.occupants(mover, cell)
        };
        if from != HAND && self.board.cell(mover, from) == cell {
            // A jump back onto the cell the piece left, or a later pass over it: it does not
            // meet itself.
            friends -= 1;
        }
        if (from == HAND && params.enter_stack_limit > 0 && self.entry_full(friends + enemies))
            || (self.board.rare_landing && self.landing_refused(mover, cell, friends + enemies))
        {
            return None;
        }
        if friends > 0
            && (params.land_on_own == LandOnOwn::Forbidden
                || self.board.no_stack[mover].contains(cell))
        {
            return None;
        }
        if enemies > 0 {
            if self.board.no_capture[mover].contains(cell) {
                if cell != self.board.beneath {
                    return None;
                }
                match self.onto_beneath(mover, cell) {
                    None => return None,
                    Some(true) => return Some(Landing::Rest(rest)),
                    Some(false) => {}
                }
            }
            if self.board.safe.contains(cell) {
                if params.safe_cells_refuse_enemy {
                    return None;
                }
            } else {
                if params.guarded_pairs && self.guarded(mover, cell) {
                    return None;
                }
                match params.land_on_enemy {
                    LandOnEnemy::Forbidden => return None,
                    LandOnEnemy::CaptureSingle if enemies >= 2 => return None,
                    _ => {}
                }
                if !params.capture_return.is_hand() && !self.enemies_return(mover, cell) {
                    return None;
                }
            }
        }
        Some(Landing::Rest(rest))
    }

    /// Whether a piece of `mover` at `from` that `value` carries past the end of its track
    /// (`exact`: just past it) bears off, over the positions `passed`.
    // Out of line: it reads every piece, and inlined it costs every other move.
    #[inline(never)]
    fn bears_off<const PLAIN: bool>(
        &self,
        mover: usize,
        from: u8,
        value: i32,
        exact: bool,
        passed: std::ops::Range<i32>,
        larger: bool,
    ) -> bool {
        let home = (self.params.bear_off_home == 0 || self.all_home(mover))
            && (!self.params.bear_off_hand_empty || self.in_hand[mover] == 0);
        let reaches = match self.params.bear_off {
            BearOff::Exact => {
                exact
                    || (larger
                        && home
                        && from != HAND
                        && self.bears_off_larger::<PLAIN>(mover, from, value as u16))
            }
            BearOff::Any => true,
        };
        reaches && home && self.passable::<PLAIN>(mover, passed)
    }

    /// Whether the dice of `mask` may be played together as one move: all of them when they
    /// are summed, one when each is played apart, and never a choice that differs from another
    /// only by which of two equal dice it takes.
    fn playable_together(&self, mask: u8) -> bool {
        if mask & !self.unused != 0 {
            return false;
        }
        let allowed = match self.params.dice_use {
            DiceUse::Sum => mask == self.unused,
            DiceUse::Each => mask.count_ones() == 1,
            DiceUse::EachOrSum => true,
        };
        allowed
            && (0..MAX_DICE).all(|i| {
                mask >> i & 1 == 0
                    || (0..i).all(|j| {
                        self.unused >> j & 1 == 0
                            || mask >> j & 1 == 1
                            || self.dice[j] != self.dice[i]
                    })
            })
    }

    fn value_of(&self, mask: u8) -> u16 {
        (0..MAX_DICE)
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| self.dice[i])
            .sum()
    }

    /// The track positions `mover`'s pieces stand on, each once, in the order of the first
    /// piece on each, and how many there are; on a cell its track passes twice, only the
    /// earlier pass where `earliest_pass_moves` says so.
    #[inline(always)]
    fn distinct_positions(&self, mover: usize) -> ([u8; MAX_PIECES], usize) {
        let (mut froms, mut distinct) = self.positions_once(mover);
        if self.params.earliest_pass_moves {
            self.keep_earliest_passes(mover, &mut froms, &mut distinct);
        }
        (froms, distinct)
    }

    /// [`Self::distinct_positions`] less the first position of the track while the pieces
    /// there are held (`start_hold_count`): the positions a piece may move from.
    #[inline(always)]
    fn movable_positions(&self, mover: usize) -> ([u8; MAX_PIECES], usize) {
        self.positions_for::<true>(mover)
    }

    /// [`Self::movable_positions`], where a game of no rare moves (`RARE` false) holds none.
    #[inline(always)]
    fn positions_for<const RARE: bool>(&self, mover: usize) -> ([u8; MAX_PIECES], usize) {
        let (mut froms, mut distinct) = self.distinct_positions(mover);
        if RARE && self.params.start_hold_count > 0 {
            self.drop_held_start(mover, &mut froms, &mut distinct);
        }
        if RARE && (self.params.first_position_first || self.params.held_while_hand > 0) {
            self.keep_waiting_order(mover, &mut froms, &mut distinct);
        }
        if RARE
            && self.board.beneath != NO_CELL
            && mover == self.board.below
            && self.beneath_held(self.board.beneath)
        {
            self.drop_beneath(mover, &mut froms, &mut distinct);
        }
        (froms, distinct)
    }

    /// Drops from `froms` the position of `mover`'s pieces beneath another seat's
    /// (`start_beneath`): Ludii moves the top piece of a site, and gives a player only the
    /// sites whose top piece is its own. A rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn drop_beneath(&self, mover: usize, froms: &mut [u8; MAX_PIECES], distinct: &mut usize) {
        if let Some(at) = froms[..*distinct]
            .iter()
            .position(|&from| self.board.cell(mover, from) == self.board.beneath)
        {
            froms.copy_within(at + 1..*distinct, at);
            *distinct -= 1;
        }
    }

    /// Keeps in `froms` only the first position of `mover`'s track while a piece stands there
    /// (`first_position_first`, Tawula's bar), and drops the position `held_while_hand` holds
    /// while a piece of `mover` waits in the hand (Tawula's start): checked once where the
    /// positions are gathered. A rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn keep_waiting_order(&self, mover: usize, froms: &mut [u8; MAX_PIECES], distinct: &mut usize) {
        if self.params.first_position_first && froms[..*distinct].contains(&0) {
            froms[0] = 0;
            *distinct = 1;
        }
        let held = self.params.held_while_hand;
        if held > 0
            && self.in_hand[mover] > 0
            && let Some(at) = froms[..*distinct].iter().position(|&from| from == held - 1)
        {
            froms.copy_within(at + 1..*distinct, at);
            *distinct -= 1;
        }
    }

    /// Whether a piece of `mover` on position `from` waits for others before it moves
    /// (`start_hold_count`, `first_position_first`, `held_while_hand`, `start_beneath`), for the
    /// general path
    /// that reads every piece.
    #[cold]
    #[inline(never)]
    fn waits(&self, mover: usize, from: u8) -> bool {
        let pieces = &self.position[mover][..self.pieces()];
        from < HAND
            && ((from == 0 && self.params.start_hold_count > 0 && self.start_held(mover))
                || (self.params.first_position_first && from != 0 && pieces.contains(&0))
                || (self.params.held_while_hand > 0
                    && from == self.params.held_while_hand - 1
                    && self.in_hand[mover] > 0)
                || (mover == self.board.below
                    && self.board.cell(mover, from) == self.board.beneath
                    && self.beneath_held(self.board.beneath)))
    }

    /// Drops the first position of `mover`'s track from `froms` while the pieces there are
    /// held (`start_hold_count`): checked once where the positions are gathered, not for
    /// every value a piece may move by.
    #[cold]
    #[inline(never)]
    fn drop_held_start(&self, mover: usize, froms: &mut [u8; MAX_PIECES], distinct: &mut usize) {
        if let Some(at) = froms[..*distinct].iter().position(|&from| from == 0)
            && self.start_held(mover)
        {
            froms.copy_within(at + 1..*distinct, at);
            *distinct -= 1;
        }
    }

    /// Drops from `froms` each position on a cell where a piece of `mover` stands on an
    /// earlier pass of its track: Ludii moves a piece from a site by the lowest index of its
    /// track where one of the mover's pieces stands (`OnTrackIndices`).
    #[cold]
    #[inline(never)]
    fn keep_earliest_passes(
        &self,
        mover: usize,
        froms: &mut [u8; MAX_PIECES],
        distinct: &mut usize,
    ) {
        let repeated = self.params.tracks.repeated(mover);
        let all = *froms;
        let mut kept = 0;
        for &from in &all[..*distinct] {
            let cell = self.board.cell(mover, from);
            let later = repeated.contains(cell)
                && all[..*distinct]
                    .iter()
                    .any(|&other| other < from && self.board.cell(mover, other) == cell);
            if !later {
                froms[kept] = from;
                kept += 1;
            }
        }
        *distinct = kept;
    }

    /// The track positions `mover`'s pieces stand on, each once, in the order of the first
    /// piece on each, and how many there are.
    fn positions_once(&self, mover: usize) -> ([u8; MAX_PIECES], usize) {
        let mut froms = [0u8; MAX_PIECES];
        let mut distinct = 0;
        let pieces = &self.position[mover][..self.pieces()];
        if self.board.len[mover] <= 64 {
            // Positions in one word of bits.
            let mut seen = 0u64;
            for &from in pieces {
                let bit = 1u64 << (from & 63);
                if from >= HAND || seen & bit != 0 {
                    continue;
                }
                seen |= bit;
                froms[distinct & (MAX_PIECES - 1)] = from;
                distinct += 1;
            }
            return (froms, distinct);
        }
        let mut seen = 0u128;
        for &from in pieces {
            if from >= HAND || seen >> from & 1 == 1 {
                continue;
            }
            seen |= 1 << from;
            froms[distinct] = from;
            distinct += 1;
        }
        (froms, distinct)
    }

    /// Visits the legal moves of the player to move in order, until `visit` says stop; a
    /// pass is visited only when nothing else is legal. Returns whether it ran to the end.
    /// `PLAIN` takes the general path of any game at every step (see `destination_by`) and
    /// reads the pieces' positions again for each way of playing the throw.
    fn each_move<const PLAIN: bool>(&self, visit: impl FnMut(Move) -> bool) -> bool {
        if self.board.rare_moves {
            self.each_move_with::<PLAIN, true>(visit)
        } else {
            self.each_move_with::<PLAIN, false>(visit)
        }
    }

    /// [`Self::each_move`], with the rules of the rare moves (`Board::rare_moves`) where `RARE`
    /// says so.
    #[inline(always)]
    fn each_move_with<const PLAIN: bool, const RARE: bool>(
        &self,
        mut visit: impl FnMut(Move) -> bool,
    ) -> bool {
        let mover = usize::from(self.to_move);
        if self.stage[mover] != RACING {
            return self.each_select(visit);
        }
        if self.params.double_bears_off_all && (self.doubles || self.double_left > 0) {
            return self.each_removal(visit);
        }
        if RARE && self.one_step {
            return self.each_one_step::<PLAIN>(visit);
        }
        let mut any = false;
        // A piece captured waits to enter again: the board's pieces wait for it.
        let board_waits = self.params.captured_enter_first && self.captured[mover] > 0;
        // The positions the pieces move from, read once for every way of playing the throw.
        let (mut froms, mut distinct) = ([0u8; MAX_PIECES], 0);
        if !board_waits && !PLAIN {
            (froms, distinct) = self.positions_for::<RARE>(mover);
        }
        let larger = self.params.bear_off_larger;
        // Cells from which only some values move (Romavoa's last side): a rare rule.
        let restricted = RARE && self.board.restricted[mover] != CellSet::NONE;
        for backward in [false, true] {
            if backward && (any || !self.params.backward_if_no_forward) {
                break;
            }
            for mask in 1..=self.unused {
                if !self.playable_together(mask) {
                    continue;
                }
                let value = self.value_of(mask);
                if self.in_hand[mover] > 0
                    && self
                        .destination_by::<PLAIN>(mover, HAND, value, backward, larger)
                        .is_some()
                {
                    any = true;
                    if !visit(Move::Step {
                        from: HAND,
                        dice: mask,
                        backward,
                    }) {
                        return false;
                    }
                }
                if PLAIN && !board_waits {
                    (froms, distinct) = self.positions_for::<RARE>(mover);
                }
                for &from in &froms[..distinct] {
                    if restricted && self.restricted_from(mover, from, value) {
                        continue;
                    }
                    if self
                        .destination_by::<PLAIN>(mover, from, value, backward, larger)
                        .is_some()
                    {
                        any = true;
                        if !visit(Move::Step {
                            from,
                            dice: mask,
                            backward,
                        }) {
                            return false;
                        }
                    }
                }
                if RARE
                    && self.params.alternative_value != 0
                    && value == u16::from(self.params.alternative_value)
                    && !backward
                {
                    match self.each_instead::<PLAIN>(mover, mask, &froms[..distinct], &mut visit) {
                        None => return false,
                        Some(found) => any |= found,
                    }
                }
            }
        }
        any || visit(Move::Pass)
    }

    /// Lists each move of `moves` (the legal moves, each once) again for every other piece of
    /// the mover's on the cell it leaves, and an entry for every other piece in the hand where
    /// `moves_listed` is `per-piece` (Ludii's `(forEach Piece)` without `top:True`, which walks
    /// every level of a stack, its random playout picking uniformly among what it lists).
    /// The copies go after the moves, so that the list's first moves are those listed once; a
    /// rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn list_per_piece(&self, moves: &mut Vec<Move>) {
        let mover = usize::from(self.to_move);
        let hand_too = self.params.moves_listed == MovesListed::PerPiece;
        for index in 0..moves.len() {
            let mv = moves[index];
            let from = match mv {
                Move::Step { from, .. } | Move::Instead { from, .. } | Move::OneStep { from } => {
                    from
                }
                Move::Select { .. } | Move::Remove { .. } | Move::Pass => continue,
            };
            let pieces = match from {
                HAND if hand_too => self.in_hand[mover],
                HAND => 1,
                _ => self.on_cell[mover][usize::from(self.board.cell(mover, from))],
            };
            for _ in 1..pieces {
                moves.push(mv);
            }
        }
    }

    /// Visits the moves of a one-step turn (`one_step_turn_values`): a piece of the hand
    /// entering on the first cell of its track, where one waits and may land there (Ludii's
    /// `(priority {ENTRY …})`), otherwise each piece's move of one step, whatever the throw;
    /// a pass where there is none. A rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn each_one_step<const PLAIN: bool>(&self, mut visit: impl FnMut(Move) -> bool) -> bool {
        let mover = usize::from(self.to_move);
        let entry = self.one_step_value(HAND);
        if self.in_hand[mover] > 0
            && self
                .destination_by::<PLAIN>(mover, HAND, entry, false, false)
                .is_some()
        {
            return visit(Move::OneStep { from: HAND });
        }
        let mut any = false;
        let (froms, distinct) = self.positions_for::<true>(mover);
        for &from in &froms[..distinct] {
            if self
                .destination_by::<PLAIN>(mover, from, 1, false, false)
                .is_some()
            {
                any = true;
                if !visit(Move::OneStep { from }) {
                    return false;
                }
            }
        }
        any || visit(Move::Pass)
    }

    /// The value a one-step turn's move from `from` plays: one step, or from the hand any
    /// value that enters, the entering piece landing on the first cell whatever the value
    /// (`check` asks `enter_counts_first_cell` false beside a one-step turn).
    fn one_step_value(&self, from: u8) -> u16 {
        if from == HAND {
            self.params.enter_values.0.trailing_zeros() as u16
        } else {
            1
        }
    }

    /// The consequence of a throw played out in a game of one-step turns
    /// (`one_step_turn_values`): whether the player throws again whatever the value, as it
    /// does after a one-step turn played by a move, and whether the next turn is one, as the
    /// value thrown says (Ludii's `(set Var "ExtraOne" 1)` beside `(moveAgain)`, the turn's
    /// own clearing it before). A pass (`passed`) clears nothing, and sets the flag only where
    /// the turn's consequence follows a pass (`extra_throw_on_pass`). A rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn one_step_after(&mut self, passed: bool) -> bool {
        let values = self.params.one_step_turn_values;
        if values == ValueSet::NONE {
            return false;
        }
        let listed = self.total < 128 && values.contains(self.total as u8);
        if passed {
            // A pass followed by the turn's consequence sets the flag too; nothing clears it.
            self.one_step |= listed && self.params.extra_throw_on_pass;
            return false;
        }
        let was = self.one_step;
        self.one_step = listed;
        was
    }

    /// Whether a piece of `mover` at `from` stands on one of its cells from which `value`
    /// does not move it (`restricted_cells`, Romavoa's last side): a rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn restricted_from(&self, mover: usize, from: u8, value: u16) -> bool {
        self.board.restricted[mover].contains(self.board.cell(mover, from))
            && !(value < 128 && self.params.restricted_values.contains(value as u8))
    }

    /// Visits the moves that play the throw of `alternative_value` in `mask` as
    /// `alternative_steps` instead, from the hand and from each position of `mover`'s pieces;
    /// whether there was one, or `None` where `visit` said stop. A rare rule, out of line.
    #[cold]
    #[inline(never)]
    fn each_instead<const PLAIN: bool>(
        &self,
        mover: usize,
        mask: u8,
        froms: &[u8],
        visit: &mut impl FnMut(Move) -> bool,
    ) -> Option<bool> {
        let value = u16::from(self.params.alternative_value);
        let steps = u16::from(self.params.alternative_steps);
        let larger = self.params.bear_off_larger;
        let mut any = false;
        if self.in_hand[mover] > 0
            && self
                .destination_by::<PLAIN>(mover, HAND, steps, false, larger)
                .is_some()
        {
            any = true;
            if !visit(Move::Instead {
                from: HAND,
                dice: mask,
            }) {
                return None;
            }
        }
        // `froms`, the positions the caller read for the throw's own value, is empty where a
        // captured piece waits to enter again.
        for &from in froms {
            if self.restricted_from(mover, from, value) {
                continue;
            }
            if self
                .destination_by::<PLAIN>(mover, from, steps, false, larger)
                .is_some()
            {
                any = true;
                if !visit(Move::Instead { from, dice: mask }) {
                    return None;
                }
            }
        }
        Some(any)
    }

    /// The moves of a player whose stacks are not done (`stacked_start`): each unused die of
    /// value v selects the stack on the v-th position of its track, where the stage may change
    /// it; a pass when none can.
    #[cold]
    #[inline(never)]
    fn each_select(&self, mut visit: impl FnMut(Move) -> bool) -> bool {
        let mover = usize::from(self.to_move);
        if self.stage[mover] == REPLACING {
            return self.each_placement(visit);
        }
        let selectable = if self.stage[mover] == UNSTACKING {
            self.whole[mover] | self.half[mover]
        } else {
            self.stacks[mover] & !self.whole[mover]
        };
        let mut any = false;
        if self.double_left > 0 {
            // A double's selections: any stack the stage may change, in the track's order.
            for at in 0..self.board.len[mover] {
                if selectable >> at & 1 == 1 {
                    any = true;
                    if !visit(Move::Select { at, dice: 0 }) {
                        return false;
                    }
                }
            }
            return any || visit(Move::Pass);
        }
        for die in 0..MAX_DICE {
            let mask = 1 << die;
            if !self.playable_together(mask) {
                continue;
            }
            let value = self.dice[die];
            if value == 0 || value > 128 || selectable >> (value - 1) & 1 == 0 {
                continue;
            }
            any = true;
            if !visit(Move::Select {
                at: (value - 1) as u8,
                dice: mask,
            }) {
                return false;
            }
        }
        any || visit(Move::Pass)
    }

    /// The moves of a player placing its pieces again (`replace_after_race`): each unused die
    /// of value v places a piece from the hand on the v-th position of its track while fewer
    /// stand there than the start placed; a pass when none can.
    #[cold]
    #[inline(never)]
    fn each_placement(&self, mut visit: impl FnMut(Move) -> bool) -> bool {
        let mover = usize::from(self.to_move);
        let mut any = false;
        for die in 0..MAX_DICE {
            let mask = 1 << die;
            if !self.playable_together(mask) {
                continue;
            }
            let value = self.dice[die];
            if value == 0 || value > u16::from(self.board.len[mover]) {
                continue;
            }
            let at = (value - 1) as u8;
            let standing = self.on_cell[mover][usize::from(self.board.cell(mover, at))];
            if standing < self.start_count(mover, at) {
                any = true;
                if !visit(Move::Select { at, dice: mask }) {
                    return false;
                }
            }
        }
        any || visit(Move::Pass)
    }

    /// How many of `player`'s pieces the start places on track position `at`.
    fn start_count(&self, player: usize, at: u8) -> u8 {
        let positions = self.params.start.positions(player);
        positions.iter().filter(|&&p| p == at + 1).count() as u8
    }

    /// Every piece of `player`'s, all borne off, back in the hand to be placed again
    /// (`replace_after_race`); what is left of a double's count is the next player's.
    #[cold]
    #[inline(never)]
    fn replace_pieces(&mut self, player: usize) {
        let pieces = self.pieces();
        for position in &mut self.position[player][..pieces] {
            *position = HAND;
        }
        self.in_hand[player] = self.off[player];
        self.off[player] = 0;
        self.stage[player] = REPLACING;
        self.carried_double = self.double_left;
        self.double_left = 0;
    }

    /// `double_bears_off_all`: a double in the race bears off a piece from any place.
    #[cold]
    #[inline(never)]
    fn each_removal(&self, mut visit: impl FnMut(Move) -> bool) -> bool {
        let (froms, distinct) = self.distinct_positions(usize::from(self.to_move));
        for &from in &froms[..distinct] {
            if !visit(Move::Remove { from }) {
                return false;
            }
        }
        distinct > 0 || visit(Move::Pass)
    }

    /// Bears off the piece of the mover's on `from`; the double goes on until none is left.
    #[cold]
    #[inline(never)]
    fn remove(&mut self, from: u8) {
        let mover = usize::from(self.to_move);
        let index = self.lift(mover, from);
        self.position[mover][index] = OFF;
        self.off[mover] += 1;
        if self.params.replace_after_race {
            // Ludii's count of the double, set from the dice's sum where none is left; once it
            // is spent, a throw not a double plays its dice.
            if self.double_left == 0 {
                self.double_left = self.total;
            }
            self.double_left -= 1;
            if usize::from(self.off[mover]) == self.pieces() {
                // The turn goes on: the dice, unused, place the pieces again.
                self.replace_pieces(mover);
            }
            return;
        }
        if usize::from(self.off[mover]) == self.pieces() {
            self.finish(mover);
            if !self.over {
                self.end_throw(false);
            }
        }
    }

    /// A selection by a double (`double_selects_any`): the turn ends with its last, unless the
    /// stacks are done and the race's double goes on with the pieces.
    #[cold]
    #[inline(never)]
    fn select_by_double(&mut self, at: u8) {
        self.select(at);
        self.double_left -= 1;
        if self.double_left == 0 {
            self.end_throw(false);
        } else if self.stage[usize::from(self.to_move)] == RACING {
            // With `replace_after_race` the count goes on into the race, where it is spent.
            if !self.params.replace_after_race {
                self.double_left = 0;
            }
            if !self.params.double_bears_off_all {
                self.end_throw(false);
            }
        }
    }

    /// Unstacks or stacks again the stack on `at` (the mover's stage says which), and moves
    /// the mover on to its next stage once every stack is as this one asks.
    #[cold]
    #[inline(never)]
    fn select(&mut self, at: u8) {
        let mover = usize::from(self.to_move);
        if self.stage[mover] == REPLACING {
            let index = self.lift(mover, HAND);
            self.place(mover, index, at);
            if self.in_hand[mover] == 0 {
                self.finish(mover);
            }
            return;
        }
        let bit = 1u128 << at;
        let halves = self.params.unstack_in_halves;
        let in_halves =
            halves > 0 && self.on_cell[mover][usize::from(self.board.cell(mover, at))] == halves;
        let whole = self.whole[mover] & bit != 0;
        if self.stage[mover] == UNSTACKING {
            self.whole[mover] &= !bit;
            if whole && in_halves {
                self.half[mover] |= bit;
            } else {
                self.half[mover] &= !bit;
            }
            if self.whole[mover] | self.half[mover] == 0 {
                self.stage[mover] = match self.params.stacked_start {
                    StackedStart::UnstackRestack => RESTACKING,
                    _ => RACING,
                };
            }
        } else {
            if self.half[mover] & bit == 0 && in_halves {
                self.half[mover] |= bit;
            } else {
                self.half[mover] &= !bit;
                self.whole[mover] |= bit;
            }
            if self.stacks[mover] & !self.whole[mover] & !self.half[mover] == 0 {
                self.stage[mover] = RACING;
            }
        }
    }

    /// `rethrow_doubles`: after a move with a die of a double, or a pass of it, while a die of
    /// it is left, the mover throws again, the rest unplayed, where the mover's stage says so.
    #[cold]
    #[inline(never)]
    fn rethrows_double(&self) -> bool {
        let racing = self.stage[usize::from(self.to_move)] == RACING;
        self.doubles
            && self.unused != 0
            && (self.params.rethrow_doubles == RethrowDoubles::Always || racing)
    }

    /// The stacks every player starts with, one at each track position its pieces stand on,
    /// and the stage each begins in (`stacked_start`).
    fn stack_up(&mut self) {
        for player in 0..self.players_usize() {
            let mut stacks = 0u128;
            if self.params.stacked_start != StackedStart::None {
                for &position in &self.position[player][..self.pieces()] {
                    if position < HAND {
                        stacks |= 1 << position;
                    }
                }
            }
            self.stacks[player] = stacks;
            self.whole[player] = stacks;
            self.half[player] = 0;
            self.stage[player] = if stacks == 0 { RACING } else { UNSTACKING };
        }
    }

    /// What follows a move with the dice it used marked: another move of the throw, the move
    /// after the dice, or the throw's end.
    // Inlined into `apply`, where it was written before the stacks' moves shared it: out of
    // line it cost the race games about 3 % more instructions.
    #[inline(always)]
    fn after_move(&mut self) {
        if self.params.another_throw_on_doubles {
            self.again_on_doubles();
        }
        if !self.over
            && self.params.rethrow_doubles != RethrowDoubles::Never
            && self.rethrows_double()
        {
            self.unused = 0;
            self.throw_due = true;
            return;
        }
        // A die left that no piece can use is passed as a move where the game says so: the
        // only legal move is then the pass.
        if self.over || (self.unused != 0 && (self.params.unplayable_die_passes || self.can_step()))
        {
            return;
        }
        if self.unused == 0 && self.params.move_after_dice > 0 && self.give_move_after_dice() {
            return;
        }
        // With every die played, the only legal move is then the pass.
        if self.params.pass_after_last_die {
            return;
        }
        self.end_throw(false);
    }

    /// Whether a piece can use what is left of the throw.
    fn can_step(&self) -> bool {
        !self.each_move::<false>(|mv| mv == Move::Pass)
    }

    /// Where on its own track a piece of `enemy` captured by `mover` on `cell` returns: the
    /// first of `capture_return`'s positions where no piece of `mover`'s side stands, other
    /// than `cell` and the cell `left` the capturer has just left (Ludii settles the return
    /// before the capturer moves), nor, where `enemy`'s pieces do not stack there, one of its
    /// own side (a piece that does not stack never shares a cell with its own).
    fn return_position(
        &self,
        mover: usize,
        enemy: usize,
        cell: u8,
        left: Option<u8>,
    ) -> Option<u8> {
        self.params
            .capture_return
            .positions()
            .iter()
            .map(|&p| p - 1)
            .find(|&p| {
                let to = self.board.cell(enemy, p);
                let stacks = self.params.land_on_own == LandOnOwn::Stack
                    && !self.board.no_stack[enemy].contains(to);
                to != cell
                    && Some(to) != left
                    && self.occupants(mover, to).0 == 0
                    && (stacks || self.occupants(enemy, to).0 == 0)
            })
    }

    /// Whether every enemy of `mover` on `cell` has a position to return to.
    fn enemies_return(&self, mover: usize, cell: u8) -> bool {
        (0..self.players_usize()).all(|enemy| {
            self.friends(mover, enemy)
                || self.on_cell[enemy][usize::from(cell)] == 0
                || self.return_position(mover, enemy, cell, None).is_some()
        })
    }

    /// Sends the enemies of `mover` on `cell` home, or to `origin` when they swap.
    fn displace(&mut self, mover: usize, cell: u8, origin: Option<u8>) {
        for enemy in 0..self.players_usize() {
            let count = self.on_cell[enemy][usize::from(cell)];
            if self.friends(mover, enemy) || count == 0 {
                continue;
            }
            // Pieces beneath the mover's own (`start_beneath`) stay.
            if cell == self.board.beneath && self.beneath_held(cell) {
                continue;
            }
            let sent_to = match (self.params.land_on_enemy, origin) {
                (LandOnEnemy::Swap, Some(origin)) => {
                    let position = self.board.position[enemy][usize::from(origin)];
                    (position != NO_CELL).then_some((origin, position))
                }
                // Every piece captured on one cell returns to the same free position.
                _ => self
                    .return_position(mover, enemy, cell, origin)
                    .map(|position| (self.board.cell(enemy, position), position)),
            };
            for index in 0..self.pieces() {
                let position = self.position[enemy][index];
                if position < HAND && self.board.cell(enemy, position) == cell {
                    match sent_to {
                        Some((origin, to)) => {
                            self.position[enemy][index] = to;
                            self.on_cell[enemy][usize::from(origin)] += 1;
                        }
                        None => {
                            self.position[enemy][index] = HAND;
                            self.in_hand[enemy] += 1;
                            self.captured[enemy] += 1;
                        }
                    }
                }
            }
            self.on_cell[enemy][usize::from(cell)] = 0;
        }
    }

    /// `mover`'s piece `index`, come to rest on `cell`, back to its hand (`to_hand_cells`).
    #[cold]
    #[inline(never)]
    fn send_to_hand(&mut self, mover: usize, index: usize, cell: u8) {
        self.position[mover][index] = HAND;
        self.in_hand[mover] += 1;
        self.on_cell[mover][usize::from(cell)] -= 1;
    }

    /// Whether `seat`'s pieces stand as one of its `goals` asks, as Ludii's end asks it of the
    /// mover after each of its moves (Schuster's `("SpecialWin")`): Ludii's `Game.apply`
    /// evaluates the end rules after every move it applies (Core/src/game/Game.java:3047-3073
    /// at commit 845cda6 of chiarazarrella/Ludii). A pass is a move there too; the family asks
    /// only once a piece comes to rest, so a goal an enemy's move completes (a count of every
    /// piece on a cell) is not the seat's on its next pass.
    #[cold]
    #[inline(never)]
    fn reached_goal(&self, seat: usize) -> bool {
        let players = self.players_usize();
        let standing = |cell: u8, own: bool| -> u8 {
            let cell = usize::from(cell);
            match own {
                true => self.on_cell[seat][cell],
                false => (0..players).map(|p| self.on_cell[p][cell]).sum(),
            }
        };
        self.params.goals.of(seat).iter().any(|goal| {
            let within: u8 = goal.within.cells().map(|c| standing(c, true)).sum();
            (goal.within == CellSet::NONE || within == goal.within_count)
                && goal.cells().iter().all(|&[cell, own, least, most]| {
                    (least..=most).contains(&standing(cell, own == 1))
                })
        })
    }

    /// Marks `player` finished, and ends the game where the ranking says so.
    fn finish(&mut self, player: usize) {
        self.finishers.add(player);
        self.settle();
    }

    /// Whether the game is over, from who has finished.
    fn settle(&mut self) {
        let players = self.players_usize();
        self.over = match self.params.teams {
            Teams::Partners => (0..2).any(|team| {
                self.finishers.has_finished(team) && self.finishers.has_finished(team + 2)
            }),
            Teams::None => {
                self.finishers.count() > 0
                    && (self.params.ranking == Ranking::FirstOutWins
                        || players - self.finishers.count() <= 1)
            }
        };
    }

    /// The throw is played out: the same player throws again where a value or a cell gives
    /// another throw, the next player still racing otherwise.
    #[inline(always)]
    fn end_throw(&mut self, passed: bool) {
        let one_step =
            self.params.one_step_turn_values != ValueSet::NONE && self.one_step_after(passed);
        let by_value = self.total < 128
            && self.params.extra_throw_values.contains(self.total as u8)
            && (!passed || self.params.extra_throw_on_pass);
        let cap = self.params.extra_throws_in_a_row;
        let keep_turns = self.params.finished_keep_turns;
        let again = (self.again || by_value || one_step)
            && (keep_turns || !self.finishers.has_finished(usize::from(self.to_move)))
            && (cap == 0 || self.again_in_a_row < cap);
        self.again = false;
        self.unused = 0;
        self.throw_due = true;
        if again {
            self.again_in_a_row += 1;
            return;
        }
        self.again_in_a_row = 0;
        let players = self.params.players;
        let mut next = self.to_move;
        loop {
            next = (next + 1) % players;
            if keep_turns || !self.finishers.has_finished(usize::from(next)) || next == self.to_move
            {
                break;
            }
        }
        self.to_move = next;
    }

    /// One die of a throw whose dice are thrown one by one ([`Throw::die_by_die`]), `outcome`
    /// its face less one: whether the throw is complete with it, its dice then as one throw of
    /// all of them makes them (summed where the game moves their total).
    #[cold]
    #[inline(never)]
    fn throw_one_die(&mut self, outcome: u8) -> bool {
        let Throw::Dice { count, .. } = self.params.throw else {
            return true;
        };
        if self.dice_thrown == 0 {
            self.dice = [0; MAX_DICE];
        }
        self.dice[usize::from(self.dice_thrown)] =
            u16::from(self.params.throw_values.value(outcome + 1));
        self.dice_thrown += 1;
        if self.dice_thrown < count {
            return false;
        }
        self.dice_thrown = 0;
        if self.params.dice_use == DiceUse::Sum {
            self.dice = [self.dice.iter().sum(), 0, 0, 0];
        }
        true
    }

    /// Whether the dice of `outcome` all show one face (Ludii's `(all DiceEqual)`, which its
    /// roll sets from the faces thrown).
    #[cold]
    #[inline(never)]
    fn all_faces_alike(&self, outcome: u8) -> bool {
        let Throw::Dice { count, faces } = self.params.throw else {
            return false;
        };
        let faces = u16::from(faces);
        let mut rest = u16::from(outcome);
        let first = rest % faces;
        (0..count).all(|_| {
            let face = rest % faces;
            rest /= faces;
            face == first
        })
    }

    /// `another_throw_on_doubles`: the last die of a throw of dice all alike, played by a
    /// move, gives another throw (a die passed ends the throw without one).
    #[cold]
    #[inline(never)]
    fn again_on_doubles(&mut self) {
        self.again |= self.unused == 0 && self.doubles;
    }

    /// `unplayable_dice_to_next`: the dice the player to move cannot use go, unplayed, to the
    /// next player, who plays them without throwing.
    #[cold]
    #[inline(never)]
    fn hand_dice_on(&mut self) {
        self.to_move = (self.to_move + 1) % self.params.players;
        self.again_in_a_row = 0;
    }

    /// Marks the mover's pass, and whether every player has now passed a whole throw in turn.
    /// A pass after some dice of the throw were played is no stop: the player moved.
    fn all_passed_after(&mut self) -> bool {
        let thrown = (0..MAX_DICE)
            .filter(|&i| self.dice[i] > 0)
            .fold(0u8, |bits, i| bits | 1 << i);
        let bit = 1 << self.to_move;
        if self.unused == thrown && !self.after_dice {
            self.passed_whole |= bit;
        } else {
            self.passed_whole &= !bit;
        }
        let everyone = (1u8 << self.params.players) - 1;
        self.passed_whole == everyone
    }

    /// Once every die of the throw is played, the move after them (`move_after_dice`) as a die
    /// of its own, if it is not the one just played: whether the turn goes on with it.
    #[cold]
    #[inline(never)]
    fn give_move_after_dice(&mut self) -> bool {
        if self.after_dice {
            return false;
        }
        self.after_dice = true;
        self.dice = [u16::from(self.params.move_after_dice), 0, 0, 0];
        self.unused = 1;
        true
    }

    /// Lifts a piece of `mover` from `from` and returns its index.
    fn lift(&mut self, mover: usize, from: u8) -> usize {
        let index = self.position[mover][..self.pieces()]
            .iter()
            .position(|&p| p == from)
            .expect("a piece stands where a legal move starts");
        if from == HAND {
            self.in_hand[mover] -= 1;
            self.captured[mover] = self.captured[mover].saturating_sub(1);
        } else {
            self.on_cell[mover][usize::from(self.board.cell(mover, from))] -= 1;
        }
        index
    }

    fn place(&mut self, player: usize, index: usize, position: u8) {
        self.position[player][index] = position;
        self.on_cell[player][usize::from(self.board.cell(player, position))] += 1;
    }

    /// A place of `player`'s track by its cell, and by its pass too where the track passes the
    /// cell twice (`40.2`): one name for each place.
    fn cell_name(&self, player: usize, position: u8) -> String {
        match position {
            HAND => "hand".into(),
            OFF => "off".into(),
            p => {
                let cell = self.board.cell(player, p);
                if self.params.tracks.repeated(player).contains(cell) {
                    format!("{cell}.{}", self.params.tracks.pass_at(player, p))
                } else {
                    cell.to_string()
                }
            }
        }
    }

    /// The track position `place` names on `player`'s track.
    fn setup_position(&self, player: usize, place: &TrackPlace) -> Result<u8, SetupError> {
        let tracks = &self.params.tracks;
        let not_on_track = |place: &dyn std::fmt::Display| {
            SetupError::value(
                "board",
                format!("{place} is not on seat {}'s track", player + 1),
            )
        };
        match place {
            &TrackPlace::Cell(cell) => {
                if usize::from(cell) < MAX_CELLS && tracks.repeated(player).contains(cell) {
                    return Err(SetupError::value(
                        "board",
                        format!(
                            "seat {}'s track passes cell {cell} twice: name the pass, {cell}.1 or {cell}.2",
                            player + 1
                        ),
                    ));
                }
                tracks
                    .position(player, cell % 128)
                    .filter(|_| usize::from(cell) < MAX_CELLS)
                    .ok_or_else(|| not_on_track(&format!("cell {cell}")))
            }
            TrackPlace::Pass(text) => {
                let (cell, pass) = text
                    .split_once('.')
                    .and_then(|(cell, pass)| Some((cell.parse::<u8>().ok()?, pass.parse().ok()?)))
                    .filter(|&(cell, _)| usize::from(cell) < MAX_CELLS)
                    .ok_or_else(|| {
                        SetupError::value(
                            "board",
                            format!("{text:?} is neither a cell nor cell.pass"),
                        )
                    })?;
                if !tracks.repeated(player).contains(cell) {
                    return Err(SetupError::value(
                        "board",
                        format!(
                            "seat {}'s track passes cell {cell} at most once: name it {cell}",
                            player + 1
                        ),
                    ));
                }
                tracks
                    .position_of_pass(player, cell, pass)
                    .ok_or_else(|| not_on_track(&format!("pass {pass} of cell {cell}")))
            }
        }
    }

    fn thrown_dice(&self) -> usize {
        match (self.params.throw, self.params.dice_use) {
            (Throw::Dice { count, .. }, DiceUse::Each | DiceUse::EachOrSum) => usize::from(count),
            _ => 1,
        }
    }
}

impl Game for Race {
    type Move = Move;
    type Options = RaceParams;

    fn new(options: &RaceParams) -> Self {
        let mut game = Race {
            params: options.clone(),
            board: Board::new(options),
            position: [[HAND; MAX_PIECES]; MAX_SEATS],
            on_cell: [[0; MAX_CELLS]; MAX_SEATS],
            in_hand: [options.pieces; MAX_SEATS],
            captured: [0; MAX_SEATS],
            off: [0; MAX_SEATS],
            to_move: 0,
            throw_due: true,
            dice: [0; MAX_DICE],
            unused: 0,
            total: 0,
            again: false,
            again_in_a_row: 0,
            after_dice: false,
            doubles: false,
            passed_whole: 0,
            stage: [RACING; MAX_SEATS],
            stacks: [0; MAX_SEATS],
            whole: [0; MAX_SEATS],
            half: [0; MAX_SEATS],
            double_left: 0,
            carried_double: 0,
            dice_thrown: 0,
            chance_outcomes: options.throw.chance_outcomes(),
            die_by_die: options.throw.die_by_die(),
            one_step: false,
            finishers: Finishers::NONE,
            over: false,
        };
        if options.start.seats().is_some() {
            for seat in 0..game.players_usize() {
                for (index, &position) in options.start.positions(seat).iter().enumerate() {
                    game.place(seat, index, position - 1);
                    game.in_hand[seat] -= 1;
                }
            }
        }
        if options.stacked_start != StackedStart::None {
            game.stack_up();
        }
        game
    }

    fn players(&self) -> usize {
        self.players_usize()
    }

    fn team(&self, player: Player) -> u8 {
        match self.params.teams {
            Teams::None => player,
            Teams::Partners => player % 2,
        }
    }

    fn thrower(&self) -> Option<Player> {
        Some(self.to_move)
    }

    fn phase(&self) -> Phase {
        if self.over {
            return Phase::Over;
        }
        if !self.throw_due {
            return Phase::Decision(self.to_move);
        }
        Phase::Chance(match self.params.throw {
            Throw::Lots(count) => Chance::Lots {
                count,
                bias: self.params.lot_bias,
            },
            _ => Chance::Uniform {
                n: self.chance_outcomes,
            },
        })
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.each_move::<false>(|mv| {
            moves.push(mv);
            true
        });
        if self.params.moves_listed != MovesListed::Once {
            self.list_per_piece(moves);
        }
    }

    fn apply(&mut self, mv: Move) {
        let (from, dice, backward, value) = match mv {
            Move::Step {
                from,
                dice,
                backward,
            } => (from, dice, backward, self.value_of(dice)),
            Move::Instead { from, dice } => {
                (from, dice, false, u16::from(self.params.alternative_steps))
            }
            Move::OneStep { from } => (from, self.unused, false, self.one_step_value(from)),
            Move::Select { at, dice: 0 } => {
                self.passed_whole &= !(1 << self.to_move);
                return self.select_by_double(at);
            }
            Move::Remove { from } => {
                self.passed_whole &= !(1 << self.to_move);
                return self.remove(from);
            }
            Move::Select { at, dice } => {
                self.passed_whole &= !(1 << self.to_move);
                self.select(at);
                self.unused &= !dice;
                return self.after_move();
            }
            Move::Pass => {
                if self.params.rethrow_doubles != RethrowDoubles::Never && self.rethrows_double() {
                    self.unused = 0;
                    self.throw_due = true;
                    return;
                }
                if self.params.unplayable_dice_to_next {
                    return self.hand_dice_on();
                }
                if self.params.draw_when_none_can_move && self.all_passed_after() {
                    self.over = true;
                    return;
                }
                return self.end_throw(true);
            }
        };
        let mover = usize::from(self.to_move);
        self.passed_whole &= !(1 << mover);
        let landing = self
            .destination(mover, from, value, backward)
            .expect("a legal move");
        let origin = (from != HAND).then(|| self.board.cell(mover, from));
        let index = self.lift(mover, from);
        match landing {
            Landing::Off => {
                self.position[mover][index] = OFF;
                self.off[mover] += 1;
                if usize::from(self.off[mover]) == self.pieces() {
                    if self.params.replace_after_race {
                        self.replace_pieces(mover);
                    } else {
                        self.finish(mover);
                    }
                }
            }
            Landing::Rest(rest) => {
                let cell = self.board.cell(mover, rest);
                if !self.board.safe.contains(cell) {
                    self.displace(mover, cell, origin);
                }
                self.place(mover, index, rest);
                self.again |= self.board.extra.contains(cell);
                if self.board.to_hand.contains(cell) {
                    self.send_to_hand(mover, index, cell);
                }
                if self.board.goal && self.reached_goal(mover) {
                    self.finish(mover);
                }
            }
        }
        self.unused &= !dice;
        self.after_move();
    }

    fn apply_chance(&mut self, outcome: u8) {
        let values = &self.params.throw_values;
        match self.params.throw {
            Throw::Lots(_) | Throw::Faces(_) => {
                self.dice = [0; MAX_DICE];
                self.dice[0] = u16::from(values.value(outcome));
            }
            Throw::Dice { .. } if self.die_by_die => {
                if !self.throw_one_die(outcome) {
                    return;
                }
            }
            Throw::Dice { count, faces } => {
                self.dice = [0; MAX_DICE];
                let mut rest = u16::from(outcome);
                for die in 0..usize::from(count) {
                    let face = (rest % u16::from(faces) + 1) as u8;
                    rest /= u16::from(faces);
                    self.dice[die] = u16::from(values.value(face));
                }
                if self.params.dice_use == DiceUse::Sum {
                    self.dice = [self.dice.iter().sum(), 0, 0, 0];
                }
            }
        }
        self.total = self.dice.iter().sum();
        self.after_dice = false;
        if self.params.another_throw_on_doubles
            || self.params.rethrow_doubles != RethrowDoubles::Never
            || self.params.double_selects_any
            || self.params.double_bears_off_all
        {
            self.doubles = self.all_faces_alike(outcome);
        }
        self.double_left = 0;
        if self.params.double_selects_any
            && self.doubles
            && self.stage[usize::from(self.to_move)] != RACING
        {
            self.double_left = self.total;
        }
        if self.carried_double > 0 && self.stage[usize::from(self.to_move)] != REPLACING {
            // Ludii's `(< 0 (var "Double"))` before `(all DiceEqual)`: the count left by the
            // other player is played first, whatever this throw.
            self.double_left = std::mem::take(&mut self.carried_double);
        }
        if self.params.doubles_played_twice && self.dice[0] == self.dice[1] {
            // `check` allows this with two dice played apart only: the double's two more moves.
            self.dice[2] = self.dice[0];
            self.dice[3] = self.dice[0];
        }
        self.unused = (0..MAX_DICE)
            .filter(|&i| self.dice[i] > 0)
            .fold(0, |bits, i| bits | 1 << i);
        self.throw_due = false;
    }

    fn outcome(&self) -> Outcome {
        let players = self.players_usize();
        // Over with no one finished: a draw, none able to move.
        if !self.over || self.finishers.count() == 0 {
            return Outcome::draw(players);
        }
        match self.params.teams {
            Teams::Partners => {
                let winners = (0..2)
                    .find(|&team| {
                        self.finishers.has_finished(team) && self.finishers.has_finished(team + 2)
                    })
                    .unwrap_or(0);
                let mut outcome = Outcome::draw(players);
                for player in 0..players {
                    outcome.ranks[player] = if player % 2 == winners { 1 } else { 2 };
                }
                outcome
            }
            Teams::None => match self.params.ranking {
                Ranking::FirstOutWins => Outcome::single_winner(players, self.finishers.order()[0]),
                Ranking::FinishOrder => self.finishers.outcome(players),
            },
        }
    }

    fn finished_players(&self) -> usize {
        self.finishers.count()
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut counted = [[0u8; MAX_CELLS]; MAX_SEATS];
        for player in 0..self.players_usize() {
            if self.position[player][self.pieces()..]
                .iter()
                .any(|&p| p != HAND)
            {
                return Err(format!(
                    "player {} has a piece past its {}",
                    player + 1,
                    self.pieces()
                ));
            }
            let pieces = &self.position[player][..self.pieces()];
            let in_hand = pieces.iter().filter(|&&p| p == HAND).count();
            let off = pieces.iter().filter(|&&p| p == OFF).count();
            if self.captured[player] > self.in_hand[player] {
                return Err(format!(
                    "player {} has {} captured pieces and {} in hand",
                    player + 1,
                    self.captured[player],
                    self.in_hand[player]
                ));
            }
            if in_hand != usize::from(self.in_hand[player]) || off != usize::from(self.off[player])
            {
                return Err(format!(
                    "player {} has {in_hand} pieces in hand and {off} off, but counts {} and {}",
                    player + 1,
                    self.in_hand[player],
                    self.off[player]
                ));
            }
            for &position in pieces {
                if position < HAND {
                    if position >= self.board.len[player] {
                        return Err(format!(
                            "a piece of player {} is past its track (position {position})",
                            player + 1
                        ));
                    }
                    counted[player][usize::from(self.board.cell(player, position))] += 1;
                }
            }
            // A seat finishes by bearing off every piece, or on a goal with pieces standing (a
            // goal an enemy's move makes is the seat's only once it moves itself); with
            // `replace_after_race`, once its pieces are placed again.
            let finished = self.finishers.has_finished(player);
            let by_goal = finished && self.board.goal && self.reached_goal(player);
            let done = if self.params.replace_after_race {
                self.stage[player] == REPLACING && self.in_hand[player] == 0 && off == 0
            } else {
                off == self.pieces() || by_goal
            };
            if finished != done {
                return Err(format!(
                    "player {} has {off} pieces off and is {}marked finished",
                    player + 1,
                    if self.finishers.has_finished(player) {
                        ""
                    } else {
                        "not "
                    }
                ));
            }
        }
        if counted != self.on_cell {
            return Err("the cells do not count the pieces standing on them".into());
        }
        // Only the cells pieces stand on are asked (a cell of several pieces more than once):
        // every cell of the board, asked after every move of every study, was a fifth of
        // `cargo xtask verify`'s time.
        for player in 0..self.players_usize() {
            for &position in &self.position[player][..self.pieces()] {
                if position >= HAND {
                    continue;
                }
                let cell = self.board.cell(player, position);
                let (friends, enemies) = self.occupants(player, cell);
                if enemies > 0 && !self.board.safe.contains(cell) && !self.beneath_held(cell) {
                    return Err(format!("enemies share cell {cell}, which is not safe"));
                }
                if friends > 1 && self.params.land_on_own == LandOnOwn::Forbidden {
                    return Err(format!("pieces of one side stack on cell {cell}"));
                }
            }
        }
        Ok(())
    }

    /// The first throw of the game, for lots: what each number up moves, and whether the
    /// thrower throws again once it is played (the first legal move taken).
    fn throw_probes(options: &RaceParams) -> Vec<ThrowProbe<Self>> {
        if !matches!(options.throw, Throw::Lots(_)) {
            return Vec::new();
        }
        vec![ThrowProbe {
            name: "lots, counted up",
            position: Race::new(options),
            read: |before, after| {
                let mut played = after.clone();
                engine::dice::play_to_next_throw(&mut played, 8);
                ThrowRead {
                    value: after.dice[0].to_string(),
                    another_throw: matches!(played.phase(), Phase::Chance(_))
                        && played.to_move == before.to_move,
                }
            },
        }]
    }
}

/// A position set up by hand: where each listed seat's pieces stand (cell numbers), how many
/// it has borne off, who has finished and who is to move. A seat not listed keeps its start;
/// a listed seat's other pieces wait in its hand.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceSetup {
    /// The cells of each seat's pieces on the board (a cell twice for two pieces).
    #[serde(default)]
    pub board: BySeat<Vec<TrackPlace>>,
    /// Pieces each seat has borne off.
    #[serde(default)]
    pub off: BySeat<u8>,
    /// The seats that have borne off every piece, first first.
    #[serde(default)]
    pub finished: FinishOrder,
    /// Who throws first from the setup (the first seat if not given).
    #[serde(default)]
    pub to_move: Option<Seat>,
}

/// A place on a seat's track as a position set up by hand names it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum TrackPlace {
    /// A cell the track passes once.
    Cell(u8),
    /// `cell.pass`: the pass (from 1) of a track over a cell it passes twice, such as `40.2`.
    Pass(String),
}

impl Observe for Race {
    type Setup = RaceSetup;

    fn notation(&self, mv: Move) -> String {
        let (from, dice, backward, value) = match mv {
            Move::Step {
                from,
                dice,
                backward,
            } => (from, dice, backward, self.value_of(dice)),
            Move::Instead { from, dice } => {
                (from, dice, false, u16::from(self.params.alternative_steps))
            }
            Move::OneStep { from } => (from, 0, false, self.one_step_value(from)),
            Move::Remove { from } => {
                let mover = usize::from(self.to_move);
                return format!("remove {}", self.cell_name(mover, from));
            }
            Move::Select { at, dice } => {
                let mover = usize::from(self.to_move);
                let undo = match self.stage[mover] {
                    UNSTACKING => "unstack",
                    REPLACING => "place",
                    _ => "restack",
                };
                if dice == 0 {
                    return format!("{undo} {} [double]", self.cell_name(mover, at));
                }
                let die = dice.trailing_zeros() as usize;
                return format!("{undo} {} [{}]", self.cell_name(mover, at), self.dice[die]);
            }
            Move::Pass => return "pass".into(),
        };
        let mover = usize::from(self.to_move);
        let to = match self.destination(mover, from, value, backward) {
            Some(Landing::Off) => OFF,
            Some(Landing::Rest(rest)) => rest,
            None => return format!("{}?", self.cell_name(mover, from)),
        };
        let hits = to != OFF && {
            let cell = self.board.cell(mover, to);
            self.occupants(mover, cell).1 > 0
                && !self.board.safe.contains(cell)
                && !self.beneath_held(cell)
        };
        let mut text = format!(
            "{}{}{}",
            self.cell_name(mover, from),
            if hits { 'x' } else { '-' },
            self.cell_name(mover, to)
        );
        if backward {
            text.push_str(" back");
        }
        if matches!(mv, Move::Instead { .. }) {
            text.push_str(&format!(" as {value}"));
        }
        if self.thrown_dice() > 1 {
            let used: Vec<String> = (0..MAX_DICE)
                .filter(|&i| dice >> i & 1 == 1)
                .map(|i| self.dice[i].to_string())
                .collect();
            text.push_str(&format!(" [{}]", used.join("+")));
        }
        text
    }

    fn describe_chance(&self, chance: Chance, outcome: u8) -> String {
        if self.die_by_die {
            return format!(
                "die {} shows {}: {}",
                self.dice_thrown + 1,
                outcome + 1,
                self.params.throw_values.value(outcome + 1)
            );
        }
        let mut after = self.clone();
        after.apply_chance(outcome);
        let values: Vec<String> = (0..MAX_DICE)
            .filter(|&i| after.unused >> i & 1 == 1)
            .map(|i| after.dice[i].to_string())
            .collect();
        let values = if values.is_empty() {
            "nothing".into()
        } else {
            values.join(" and ")
        };
        match chance {
            Chance::Lots { .. } => format!("{outcome} up: {values}"),
            Chance::Uniform { .. } => format!("outcome {outcome}: {values}"),
        }
    }

    fn observe(&self) -> Value {
        let players = self.players_usize();
        let mut board = Map::new();
        for player in 0..players {
            let mut cells = Vec::new();
            let repeated = self.params.tracks.repeated(player);
            for cell in 0..MAX_CELLS {
                if self.on_cell[player][cell] == 0 {
                    continue;
                }
                if repeated.contains(cell as u8) {
                    let mut passes: Vec<u8> = self.position[player][..self.pieces()]
                        .iter()
                        .filter(|&&p| p < HAND && usize::from(self.board.cell(player, p)) == cell)
                        .copied()
                        .collect();
                    passes.sort_unstable();
                    cells.extend(passes.into_iter().map(|p| json!(self.cell_name(player, p))));
                } else {
                    cells.extend((0..self.on_cell[player][cell]).map(|_| json!(cell)));
                }
            }
            board.insert((player + 1).to_string(), Value::from(cells));
        }
        let throw: Vec<u16> = (0..MAX_DICE)
            .filter(|&i| self.unused >> i & 1 == 1)
            .map(|i| self.dice[i])
            .collect();
        let chance = match self.phase() {
            Phase::Chance(Chance::Lots { count, bias }) => {
                json!({"lots": count, "bias": bias.to_string()})
            }
            Phase::Chance(Chance::Uniform { n }) => json!({ "outcomes": n }),
            _ => Value::Null,
        };
        let mut observed = json!({
            "board": board,
            "hand": self.in_hand[..players].to_vec(),
            "off": self.off[..players].to_vec(),
            "throw": if self.throw_due { Value::Null } else { json!(throw) },
            "chance": chance,
            "turn": self.to_move + 1,
            "finished": self.finishers.order().iter().map(|p| p + 1).collect::<Vec<_>>(),
        });
        if self.params.stacked_start != StackedStart::None {
            // Each player's stage, and its stacks whole and half undone, by cell.
            let stage = |player: usize| match self.stage[player] {
                UNSTACKING => "unstacking",
                RESTACKING => "restacking",
                REPLACING => "replacing",
                _ => "racing",
            };
            let cells = |player: usize, bits: u128| {
                (0..self.board.len[player])
                    .filter(|&p| bits >> p & 1 == 1)
                    .map(|p| {
                        let name = self.cell_name(player, p);
                        name.parse::<u8>()
                            .map_or_else(|_| json!(name), |cell| json!(cell))
                    })
                    .collect::<Vec<_>>()
            };
            observed["stage"] = json!((0..players).map(stage).collect::<Vec<_>>());
            observed["whole"] = json!(
                (0..players)
                    .map(|p| cells(p, self.whole[p]))
                    .collect::<Vec<_>>()
            );
            observed["half"] = json!(
                (0..players)
                    .map(|p| cells(p, self.half[p]))
                    .collect::<Vec<_>>()
            );
        }
        observed
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for player in 0..self.players_usize() {
            let cells: Vec<String> = (0..MAX_CELLS)
                .filter(|&c| self.on_cell[player][c] > 0)
                .map(|c| match self.on_cell[player][c] {
                    1 => c.to_string(),
                    n => format!("{c}×{n}"),
                })
                .collect();
            out.push_str(&format!(
                "P{}: hand {} | {} | off {}\n",
                player + 1,
                self.in_hand[player],
                cells.join(" "),
                self.off[player]
            ));
        }
        out
    }

    fn from_setup(options: &RaceParams, setup: RaceSetup) -> Result<Self, SetupError> {
        let mut game = Race::new(options);
        let players = game.players_usize();
        let pieces = game.pieces();
        for (player, cells) in setup.board.players("board", players)? {
            game.position[player] = [HAND; MAX_PIECES];
            game.on_cell[player] = [0; MAX_CELLS];
            game.in_hand[player] = options.pieces;
            if cells.len() > pieces {
                return Err(SetupError::value(
                    "board",
                    format!(
                        "seat {} has {pieces} pieces, not {}",
                        player + 1,
                        cells.len()
                    ),
                ));
            }
            for (index, place) in cells.iter().enumerate() {
                let position = game.setup_position(player, place)?;
                game.place(player, index, position);
                game.in_hand[player] -= 1;
            }
        }
        for (player, off) in setup.off.players("off", players)? {
            if off > game.in_hand[player] {
                return Err(SetupError::value(
                    "off",
                    format!(
                        "seat {} has {} pieces off the board, not {off}",
                        player + 1,
                        game.in_hand[player]
                    ),
                ));
            }
            let mut left = off;
            for position in game.position[player][..pieces].iter_mut() {
                if left > 0 && *position == HAND {
                    *position = OFF;
                    left -= 1;
                }
            }
            game.in_hand[player] -= off;
            game.off[player] = off;
        }
        for player in setup.finished.players("finished", players)? {
            game.finishers.add(usize::from(player));
        }
        game.settle();
        // The stacks are where the pieces stand in the position set up, all whole.
        if options.stacked_start != StackedStart::None {
            game.stack_up();
        }
        game.check_invariants().map_err(SetupError::Position)?;
        game.to_move =
            Seat::to_move_unfinished(setup.to_move, players, &game.finishers, game.over)?;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use engine::Options;
    use engine::playout::{Caps, MOVE_BUFFER, Observer, Playout, play};
    use engine::rng::GameRng;

    use super::*;
    use crate::file::GameFile;

    /// Before every decision: the moves the engine lists, and where the chosen one lands,
    /// against the general path of any game (`PLAIN`), which reads every player's pieces on
    /// a cell, every cell passed over and the pieces' positions again for each way of playing
    /// the throw.
    struct AgainstPlain {
        label: String,
        decisions: u64,
    }

    impl Observer<Race> for AgainstPlain {
        fn decision(
            &mut self,
            game: &Race,
            _player: Player,
            so_far: &Playout,
            _legal: usize,
            chosen: Move,
        ) {
            let mut listed = Vec::new();
            game.legal_moves(&mut listed);
            let mut plain = Vec::new();
            game.each_move::<true>(|mv| {
                plain.push(mv);
                true
            });
            if game.params.moves_listed != MovesListed::Once {
                game.list_per_piece(&mut plain);
            }
            assert_eq!(listed, plain, "{}, move {}", self.label, so_far.moves);
            if let Move::Step {
                from,
                dice,
                backward,
            } = chosen
            {
                let (mover, value) = (usize::from(game.to_move), game.value_of(dice));
                let larger = game.params.bear_off_larger;
                assert_eq!(
                    game.destination(mover, from, value, backward),
                    game.destination_by::<true>(mover, from, value, backward, larger),
                    "{}, move {}: {chosen:?}",
                    self.label,
                    so_far.moves
                );
            }
            self.decisions += 1;
        }
    }

    /// Every game file of the family, the hand-written ones and those read from Ludii's
    /// descriptions, with each preset and reading.
    fn every_game() -> Vec<(String, RaceParams)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/families/race");
        let mut paths: Vec<PathBuf> = [root.clone(), root.join("ludii")]
            .iter()
            .flat_map(|dir| std::fs::read_dir(dir).unwrap())
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
            .collect();
        paths.sort();
        let mut games = Vec::new();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let file: GameFile =
                serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (dlp, ludii) = file.presets().unwrap();
            for (key, overrides) in file.readings().unwrap() {
                let mut params = ludii.clone();
                for (name, value) in &overrides {
                    params.set(name, value).unwrap();
                }
                games.push((format!("{} {key}", file.slug), params));
            }
            games.push((format!("{} dlp", file.slug), dlp));
            games.push((format!("{} ludii", file.slug), ludii));
        }
        games
    }

    #[test]
    fn every_game_plays_its_usual_games_shortcuts_as_the_general_path() {
        let games = every_game();
        assert!(
            games.iter().any(|(label, _)| label == "todas-tablas ludii"),
            "the games read from Ludii's descriptions are played too"
        );
        for (label, params) in games {
            against_plain(&label, &params, 40);
        }
    }

    #[test]
    fn every_option_value_on_every_game_plays_as_the_general_path() {
        let mut variants = 0;
        for (label, params) in every_game() {
            if !label.ends_with(" ludii") {
                continue;
            }
            for spec in RaceParams::specs() {
                // The first values of a number's range: blocks of one and two, a home of a
                // cell or two.
                let numbers = spec.range.map_or_else(Vec::new, |(low, high)| {
                    (low..=high.min(low + 2)).map(|n| n.to_string()).collect()
                });
                for value in (spec.choices)()
                    .unwrap_or_default()
                    .into_iter()
                    .chain(numbers)
                {
                    let mut variant = params.clone();
                    if variant.set(spec.key, &value).is_err()
                        || variant.validate().is_err()
                        || variant == params
                    {
                        continue;
                    }
                    against_plain(&format!("{label} with {}={value}", spec.key), &variant, 4);
                    variants += 1;
                }
            }
        }
        assert!(variants > 100, "{variants} variants played");
    }

    /// Plays `playouts` seeded playouts of `params`, each decision checked against the
    /// general path.
    fn against_plain(label: &str, params: &RaceParams, playouts: u64) {
        let mut moves = Vec::with_capacity(MOVE_BUFFER);
        let mut watch = AgainstPlain {
            label: label.to_string(),
            decisions: 0,
        };
        for index in 0..playouts {
            let mut game = Race::new(params);
            let mut rng = GameRng::for_playout(11, index);
            play(
                &mut game,
                &mut rng,
                Caps::LUDII,
                &mut moves,
                true,
                &mut watch,
            )
            .unwrap_or_else(|broken| panic!("{label}, playout {index}: {broken}"));
        }
        assert!(watch.decisions > 0, "{label}: no decision was checked");
    }
}
