//! The sowing (mancala) family: one engine in which a game is its parameters.
//!
//! A turn lifts the counters of a hole of the mover's territory and sows them one by one along
//! the mover's track ([`board::Board`]). Where the last counter lands decides what follows: a
//! capture of the counts the game names (on the row it names, chained backwards, with the
//! facing hole), a capture across from an empty hole of one's own, another turn from one's
//! store, or a relay that lifts the hole and sows on. The game ends when the mover cannot move
//! or a row is empty, and the larger score wins; or, in a game of rounds, the round ends there,
//! the players refill their rows from their captures, a hole a move, holes left empty may go
//! out of play, or holes change owners (a player lifts only the holes it owns and owns the holes
//! it refills), and the game ends when a player has too few counters. A game may open with turns
//! that lift only from some holes ([`opening`]). Every choice is a parameter
//! ([`params::SowingParams`]); a game's values and the sentences they come from are its
//! ruleset file ([`file::GameFile`]).

pub mod board;
pub mod file;
mod last_resort;
pub mod opening;
pub mod params;
pub mod tracks;

use engine::setup::{Seat, SetupError};
use engine::{Game, Observe, Outcome, Phase, Player};
use serde::Deserialize;
use serde_json::{Value, json};

use board::{Board, MAX_CELLS};
pub use opening::{HoleNames, OpeningLeaves, OpeningSowing};
pub use params::*;

/// The family's rule scenarios: one hand-set position for each parameter and value.
pub const SCENARIOS: &str = include_str!("../scenarios.yaml");

/// A move of a sowing game. `way` is 0 for anticlockwise, 1 for clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Lift a hole of one's territory and sow it.
    Sow {
        /// The hole.
        hole: u8,
        /// Which way round.
        way: u8,
    },
    /// Lift the hole the last sowing ended in and sow on.
    Relay {
        /// Which way round.
        way: u8,
    },
    /// No hole can be sown, and the game goes on.
    Pass,
    /// In a cycle, propose to end the game (`end_by_agreement`).
    Propose,
    /// A vote on the proposal to end: `end` to end the game, otherwise to play on.
    Vote {
        /// Whether the vote is to end.
        end: bool,
    },
    /// Between rounds, fill an empty hole of one's row from one's captures (`round_refill`).
    Fill {
        /// The hole.
        hole: u8,
    },
    /// After a capture across, take the counters of a hole of the opponent's
    /// (`extra_captures`).
    Remove {
        /// The hole.
        hole: u8,
    },
}

/// A sowing game in progress.
#[derive(Clone, Debug)]
pub struct Sowing {
    params: SowingParams,
    board: Board,
    /// Counters in each hole, then in each player's store.
    cells: [u16; MAX_CELLS],
    to_move: Player,
    /// The hole a relay lifts next, while a turn relays.
    relay: Option<u8>,
    /// The two players' passes in a row, for a game that no one can move in.
    passes: u8,
    over: bool,
    /// The game ended because both players passed in a row: a draw, as in Ludii.
    all_passed: bool,
    /// The player who made the last move, for ends that ask about the mover.
    last_mover: Option<Player>,
    total: u16,
    /// The positions after the last [`CYCLE_MOVES`] moves, by move number modulo it, for
    /// `cycle_ends`.
    positions: [u64; CYCLE_MOVES],
    /// Moves made, up to [`CYCLE_MOVES`].
    moves_seen: u8,
    /// Where the next move's position goes in `positions`.
    slot: u8,
    /// A proposal to end is being voted on.
    proposed: bool,
    /// The first vote on it, once cast.
    first_vote: Option<bool>,
    /// Both players voted to end.
    agreed_end: bool,
    /// The holes the player to move may sow, where the end rule has just asked
    /// ([`GameEnd::NextCannotMove`]): `settle` sets or clears it whenever the counters change,
    /// so that the move chosen next does not ask again.
    sowable: Option<[u64; 2]>,
    /// Holes out of play for the round (`unfilled_out_of_play`); none in a game of one round.
    out_of_play: u64,
    /// Between rounds: the players refill their rows (`round_refill`).
    refilling: bool,
    /// The players who had too few counters when a round ended, as bits (player 1's first).
    round_losers: u8,
    /// The rounds ended so far, for the rounds begun in turn (`round_first_alternates`).
    rounds_ended: u8,
    /// What a sowing reads of the state besides the counters (the holes each may lift, the
    /// counts its capture takes): one reference for the sowing to carry.
    reach: Reach,
    /// The turn of the opening being played, counted from 1 (`opening_turns`); 0 once the
    /// opening is over, or where the game has none.
    opening_turn: u8,
    /// The players still in the opening, as bits (player 1's first); both until it ends where
    /// they leave it together (`opening_leaves`).
    opening_players: u8,
    /// Whether anything is done after a move: positions remembered for cycles, an opening
    /// played (the game's rules, or a position set in its opening).
    after_move: bool,
    /// Whether a sowing is played apart from the family's own (`Sowing::sow_apart`): in an
    /// opening of its own moves, or where the first captures are of counts of their own. One
    /// byte the move reads, resolved whenever the opening changes.
    sows_apart: bool,
    /// The ways round the mover may sow, as bits (anticlockwise first): the game's, or the one
    /// way a relay keeps until a capture (`way_kept`).
    ways_open: u8,
    /// The opponent's holes the mover has still to take after a capture across
    /// (`extra_captures`), each a move of its own.
    removals: u8,
    /// The holes each player has marked (`mark_count`), as bits (player 1's first); none in a
    /// game without marks. A marked hole is in no player's `liftable`.
    marks: [u64; 2],
    /// The hole filled with half a hole of each player's counters whose owner chance draws
    /// next (`borrow-or-drawn`); none in any other game.
    drawing: Option<u8>,
    /// Each player's hole lifted last (`last_resort_holes`), as one bit; none in a game
    /// without one.
    last_resort: [u64; 2],
    /// Player 1's last move was a pass, as Ludii's `(no Moves P1)` reads it (`round_leftovers`
    /// `first-if-passed`); kept only where a round ends on owned holes.
    first_passed: bool,
    /// The captures each player has made, up to one past the counts listed for its first
    /// ones (`capture_first_counts`); none in any other game.
    captures_made: [u8; 2],
}

/// Both players, as bits of players (player 1's first).
const ALL_PLAYERS: u8 = 0b11;

/// What a sowing reads of the game's state besides the counters. Kept together so that a
/// [`Sower`] carries one reference to them: a field more in the sowing costs every game's
/// playout (awari 1.4 % of its instructions) for a rule of a few.
#[derive(Clone, Debug)]
struct Reach {
    /// The holes each player may lift: its territory, the holes it owns (`ownership`), or the
    /// part of its territory the opening allows.
    liftable: [u64; 2],
    /// The counts each player's next capture of the last hole takes: `capture_counts`, or the
    /// one count `capture_first_counts` lists for it.
    capture_counts: [CountSet; 2],
}

/// The moves Ludii's `(is Cycle)` looks back over with two players: three times a cycle of
/// four.
const CYCLE_MOVES: usize = 12;

/// The length of the cycle `(is Cycle)` looks for: the players' count squared.
const CYCLE: usize = 4;

impl Sowing {
    fn opponent(player: Player) -> Player {
        1 - player
    }

    /// Counters in the holes of `player`'s territory.
    fn in_territory(cells: &[u16; MAX_CELLS], board: &Board, player: Player) -> u32 {
        let mut bits = board.territory[usize::from(player)];
        let mut sum = 0u32;
        while bits != 0 {
            sum += u32::from(cells[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        sum
    }

    /// Whether no hole of `player`'s territory holds a counter: the ends that ask it after
    /// every move read the first occupied hole and stop there, where a sum read every hole
    /// (a fifth of Msuwa's instructions on its sixteen holes).
    #[inline]
    fn territory_empty(cells: &[u16; MAX_CELLS], board: &Board, player: Player) -> bool {
        let mut bits = board.territory[usize::from(player)];
        while bits != 0 {
            if cells[bits.trailing_zeros() as usize] != 0 {
                return false;
            }
            bits &= bits - 1;
        }
        true
    }

    /// The holes of `holes` holding at least `fewest` counters (from 1 to 32,768), as bits.
    /// On a large board, four holes are read at once as the 16-bit lanes of a word: adding to each lane what
    /// takes `fewest` to its top bit sets that bit where the lane holds as many, and a
    /// multiplication gathers the four top bits side by side.
    #[inline(always)]
    fn holes_holding(cells: &[u16; MAX_CELLS], holes: u64, fewest: u16) -> u64 {
        const LANES: u64 = 0x0001_0001_0001_0001;
        const TOP: u64 = 0x8000 * LANES;
        // Moves the bits at 0, 16, 32 and 48 to 48, 49, 50 and 51; the other products fall
        // below 48 or past 63, on bits of their own, so nothing carries.
        const GATHER: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
        if holes == 0 {
            return 0;
        }
        let (first, last) = (holes.trailing_zeros(), 63 - holes.leading_zeros());
        if last - first < 8 {
            // A row of a few holes is read faster hole by hole.
            let mut bits = holes;
            let mut found = 0u64;
            while bits != 0 {
                let hole = bits.trailing_zeros();
                bits &= bits - 1;
                found |= u64::from(cells[hole as usize] >= fewest) << hole;
            }
            return found;
        }
        let add = (0x8000 - u64::from(fewest)) * LANES;
        let (first, last) = (first as usize / 4, last as usize / 4);
        let mut found = 0u64;
        for quad in first..=last {
            let lane = |i: usize| u64::from(cells[4 * quad + i]) << (16 * i);
            let word = lane(0) | lane(1) | lane(2) | lane(3);
            // Lanes of 32,768 or more have their top bit set already; the others take the
            // sum without carrying into the next lane.
            let holding = (((word & !TOP) + add) | word) & TOP;
            found |= (((holding >> 15).wrapping_mul(GATHER) >> 48) & 0xf) << (4 * quad);
        }
        found & holes
    }

    fn score(&self, player: Player) -> u32 {
        let store = u32::from(self.cells[self.board.store(player)]);
        match self.params.score {
            Score::Captured => store,
            Score::CapturedAndRow => store + Self::in_territory(&self.cells, &self.board, player),
            Score::Row => Self::in_territory(&self.cells, &self.board, player),
            // The other player's score counts the counters in the holes too (`outcome`).
            Score::StuckLoses => store,
        }
    }

    /// The mover sows `hole` `way` round on the board itself.
    #[inline(always)]
    fn sow(&mut self, hole: usize, way: u8) -> Landing {
        Sower {
            params: &self.params,
            board: &self.board,
            reach: &self.reach,
        }
        .sow_on(&mut self.cells, hole, self.to_move, way)
    }

    fn sower(&self) -> Sower<'_> {
        Sower {
            params: &self.params,
            board: &self.board,
            reach: &self.reach,
        }
    }

    /// The counts a player's capture takes after `made` captures: the one count
    /// `capture_first_counts` lists for it, or `capture_counts` once those are made.
    fn capture_counts_after(params: &SowingParams, made: u8) -> CountSet {
        match params.capture_first_counts.counts().get(usize::from(made)) {
            Some(&count) => CountSet(1 << count),
            None => params.capture_counts,
        }
    }

    /// A sowing the family plays apart from its own (`sows_apart`): an opening's move of its
    /// own (a stepping opening's, or one of an opening of its own sowing), or a sowing or relay
    /// (`hole` none: the relay's) in a game whose first captures are counted.
    #[cold]
    #[inline(never)]
    fn sow_apart(&mut self, hole: Option<usize>, way: u8) -> Landing {
        if let Some(hole) = hole
            && self.opening_turn != 0
            && (self.params.opening_step > 0 || self.params.opening_sowing != OpeningSowing::Main)
        {
            return self.opening_move(hole, way);
        }
        let hole = hole.unwrap_or_else(|| self.relay.take().map_or(0, usize::from));
        if self.params.way_kept != WayKept::Off {
            return self.sow_keeping_way(hole, way);
        }
        if self.params.out_of_play_back_at > 0 {
            return self.sow_bringing_back(hole, way);
        }
        if self.params.capture_first_counts.is_empty() {
            return self.sow(hole, way);
        }
        self.sow_counting_captures(hole, way)
    }

    /// A sowing in a game whose relays keep their way (`way_kept`): a relay holds every later
    /// move to its way, whoever makes it, and a capture (counters reaching the mover's store,
    /// the one way they reach it there) frees both ways again; a sowing that does neither
    /// leaves the way as it was, as Ludii's `(var "Direction")`, never reset between turns
    /// (Ludii's State.java keeps its value map from move to move), leaves it.
    #[cold]
    #[inline(never)]
    fn sow_keeping_way(&mut self, hole: usize, way: u8) -> Landing {
        let store = self.board.store(self.to_move);
        let before = self.cells[store];
        let landing = self.sow(hole, way);
        if self.cells[store] > before {
            self.ways_open = Board::ways(self.params.direction);
        } else if matches!(landing, Landing::Relay(_)) {
            self.ways_open = 1 << way;
        }
        landing
    }

    /// A sowing in a game whose holes out of play come back into play (`out_of_play_back_at`):
    /// a last hole out of play captures nothing (Khrour's `(is In (to) ("PlayableSites"))` in
    /// the capture's condition, which Ludii asks as the last counter falls), and after the
    /// sowing every hole out of play holding enough counters is back in play, lifted by its
    /// row's owner (the sowing's `(then (forEach Site … (remember Value "Playable" (site))))`).
    /// Out of line: the other games sow without it.
    #[cold]
    #[inline(never)]
    fn sow_bringing_back(&mut self, hole: usize, way: u8) -> Landing {
        let mover = usize::from(self.to_move);
        // The validation leaves no store in the track and no first counter sown into or past
        // its hole: the last hole is the count of steps along the track.
        let next = &self.board.next[usize::from(way)][mover];
        let mut last = hole;
        for _ in 0..self.cells[hole] {
            last = usize::from(next[last]);
        }
        let counts = self.reach.capture_counts[mover];
        if self.out_of_play >> last & 1 == 1 {
            self.reach.capture_counts[mover] = CountSet::EMPTY;
        }
        let landing = self.sow(hole, way);
        self.reach.capture_counts[mover] = counts;
        let back = u16::from(self.params.out_of_play_back_at);
        let mut bits = self.out_of_play;
        while bits != 0 {
            let out = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.cells[out] >= back {
                self.out_of_play &= !(1 << out);
                self.reach.liftable[usize::from(self.board.owner(out))] |= 1 << out;
            }
        }
        landing
    }

    /// A sowing in a game whose first captures are of counts of their own
    /// (`capture_first_counts`): a capture, the one way counters reach the mover's store
    /// there, is counted, and the mover's next capture takes the counts that follow. Out of
    /// line: the other games sow without it.
    #[cold]
    #[inline(never)]
    fn sow_counting_captures(&mut self, hole: usize, way: u8) -> Landing {
        let mover = usize::from(self.to_move);
        let store = self.board.store(self.to_move);
        let before = self.cells[store];
        let landing = self.sow(hole, way);
        if self.cells[store] > before {
            let listed = self.params.capture_first_counts.counts().len() as u8;
            self.captures_made[mover] = (self.captures_made[mover] + 1).min(listed);
            self.reach.capture_counts[mover] =
                Self::capture_counts_after(&self.params, self.captures_made[mover]);
        }
        landing
    }

    /// The holes the mover may fill between rounds: none without the counters for one, else
    /// the empty holes of its row the refill order allows.
    fn fillable(&self) -> u64 {
        let short = u16::from(self.params.refill_remainder == RefillRemainder::OneShort);
        // Counters too few for a hole go into one hole together (`one-hole`), none at all
        // into none: Ludii's `fromTo` moves nothing out of an empty site.
        let refill = match self.params.refill_remainder {
            RefillRemainder::OneHole => 1,
            _ => u16::from(self.params.round_refill) - short,
        };
        if self.cells[self.board.store(self.to_move)] < refill {
            return 0;
        }
        self.empty_in_order()
    }

    /// The empty holes of the mover's row (every empty hole where holes are owned), kept as
    /// the refill order allows.
    // Between rounds only: kept out of the playout loop of a game of one round.
    #[cold]
    #[inline(never)]
    fn empty_in_order(&self) -> u64 {
        let mut empty = 0u64;
        let mut bits = if self.params.ownership {
            self.board.territory[0] | self.board.territory[1]
        } else {
            self.board.territory[usize::from(self.to_move)]
        };
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.cells[hole] == 0 {
                empty |= 1 << hole;
            }
        }
        match self.params.refill_order {
            RefillOrder::Choice => empty,
            // Holes are numbered from each row owner's left on two rows.
            RefillOrder::FromLeft => empty & empty.wrapping_neg(),
            RefillOrder::FromRight if empty == 0 => 0,
            RefillOrder::FromRight => 1 << (63 - empty.leading_zeros()),
            RefillOrder::TrackFromLeft if self.board.given => {
                self.board.first_empty_along(self.to_move, empty)
            }
            RefillOrder::TrackFromLeft => {
                // On two rows the holes are numbered along the anticlockwise track, each
                // row from its owner's left: the mover's first, then round to the other.
                let after = empty & !((1u64 << (usize::from(self.to_move) * self.board.row)) - 1);
                let first = if after != 0 { after } else { empty };
                first & first.wrapping_neg()
            }
            RefillOrder::TrackFromRight if empty == 0 => 0,
            RefillOrder::TrackFromRight => {
                // Clockwise is down the numbering: from the mover's rightmost hole down its
                // row, then round from the top of the other's.
                let rightmost = (usize::from(self.to_move) + 1) * self.board.row - 1;
                let upto = empty & (u64::MAX >> (63 - rightmost));
                let first = if upto != 0 { upto } else { empty };
                1 << (63 - first.leading_zeros())
            }
        }
    }

    /// Fills `hole` with `count` counters for the mover, who owns it where holes are owned.
    fn fill(&mut self, hole: usize, count: u16) {
        self.cells[hole] += count;
        // Khrour's hole of the counters too few for a hole is not remembered as playable.
        if self.params.refill_remainder == RefillRemainder::OneHole
            && count < u16::from(self.params.round_refill)
        {
            return;
        }
        self.out_of_play &= !(1 << hole);
        if self.params.out_of_play_back_at > 0 {
            self.reach.liftable[usize::from(self.board.owner(hole))] |= 1 << hole;
        }
        // A hole still marked from the round before is never lifted.
        if self.params.ownership && (self.marks[0] | self.marks[1]) >> hole & 1 == 0 {
            self.reach.liftable[usize::from(self.to_move)] |= 1 << hole;
        }
    }

    /// After a refill: another where the mover refills all it can in a turn and has the
    /// counters for one, else what the remainder rule does with the counters left.
    // Between rounds only: kept out of the playout loop of a game of one round.
    #[cold]
    #[inline(never)]
    fn after_fill(&mut self) -> Landing {
        let refill = u16::from(self.params.round_refill);
        let (mine, theirs) = (
            self.board.store(self.to_move),
            self.board.store(Self::opponent(self.to_move)),
        );
        let left = self.cells[mine];
        if self.params.refill_whole_turn && left >= refill {
            return Landing::PlayAgain;
        }
        if self.params.refill_remainder == RefillRemainder::BorrowOrDrawn && left > 0 {
            return self.borrow_or_draw(left);
        }
        if self.params.refill_remainder == RefillRemainder::Borrow && left > 0 {
            let hole = self.empty_in_order();
            if left + 1 == refill && hole != 0 && self.cells[theirs] > 0 {
                self.cells[mine] = 0;
                self.cells[theirs] -= 1;
                self.fill(hole.trailing_zeros() as usize, refill);
            } else {
                self.cells[theirs] += left;
                self.cells[mine] = 0;
            }
        }
        Landing::End
    }

    /// The counters left after a whole turn of refills where half a hole is drawn for: one
    /// short of a hole borrows one of the opponent's, half a hole takes as many of the
    /// opponent's into a hole whose owner chance draws next, fewer stay in hand.
    fn borrow_or_draw(&mut self, left: u16) -> Landing {
        let refill = u16::from(self.params.round_refill);
        let (mine, theirs) = (
            self.board.store(self.to_move),
            self.board.store(Self::opponent(self.to_move)),
        );
        let hole = self.empty_in_order();
        if hole == 0 {
            return Landing::End;
        }
        let hole = hole.trailing_zeros() as usize;
        if left + 1 == refill && self.cells[theirs] > 0 {
            self.cells[mine] = 0;
            self.cells[theirs] -= 1;
            self.fill(hole, refill);
        } else if 2 * left == refill && self.cells[theirs] >= left {
            self.cells[mine] = 0;
            self.cells[theirs] -= left;
            self.cells[hole] += refill;
            self.out_of_play &= !(1 << hole);
            self.drawing = Some(hole as u8);
        }
        Landing::End
    }

    /// Whether the refills between rounds are over: both players' captures on the board where
    /// the remainder is borrowed or given, else both players passed in a row.
    fn refills_done(&self) -> bool {
        match self.params.refill_remainder {
            RefillRemainder::Borrow | RefillRemainder::BorrowOrDrawn => {
                self.cells[self.board.store(0)] == 0 && self.cells[self.board.store(1)] == 0
            }
            RefillRemainder::Kept | RefillRemainder::OneShort | RefillRemainder::OneHole => {
                self.passes >= 2
            }
        }
    }

    /// Makes the tracks pass over the holes out of play, as Ludii's `skipIf` does (before its
    /// `includeSelf`), so that the sowing loop reads its tables as in a game of one round; the
    /// chains of captures still walk back through them, as Ludii's backtracking does.
    fn pass_over_out_of_play(&mut self) {
        // Holes that come back into play are sown into as any other.
        if self.params.out_of_play_back_at > 0 {
            return;
        }
        let tracks = Board::new(&self.params).next;
        for (way, by_player) in tracks.iter().enumerate() {
            for (player, next) in by_player.iter().enumerate() {
                for cell in 0..MAX_CELLS {
                    let mut after = usize::from(next[cell]);
                    // Bounded: with every hole out of play and no store, nothing is sown.
                    for _ in 0..MAX_CELLS {
                        if !(self.board.is_hole(after) && self.out_of_play >> after & 1 == 1) {
                            break;
                        }
                        after = usize::from(next[after]);
                    }
                    self.board.next[way][player][cell] = after as u8;
                }
            }
        }
    }

    /// Ends a round: each row's counters go to its owner; a player left with too few loses,
    /// otherwise the players refill their rows, every hole out of play until it is filled
    /// where unfilled holes are.
    // Between rounds only: kept out of the playout loop of a game of one round.
    #[cold]
    #[inline(never)]
    fn end_round(&mut self) {
        self.rounds_ended = self.rounds_ended.wrapping_add(1);
        if self.params.round_first_more_captured {
            let held = |player: Player| {
                u32::from(self.cells[self.board.store(player)])
                    + Self::in_territory(&self.cells, &self.board, player)
            };
            self.to_move = if held(0) >= held(1) { 0 } else { 1 };
        }
        self.marked_to_markers();
        // Every counter left to one player, where the description says so.
        let taker = match self.params.round_leftovers {
            RoundLeftovers::Owners => None,
            RoundLeftovers::NotEmptied => Some(u8::from(
                Self::holes_holding(&self.cells, self.reach.liftable[1], 1) != 0,
            )),
            RoundLeftovers::FirstIfPassed => Some(u8::from(!self.first_passed)),
            RoundLeftovers::FirstIfNoMoves => Some(u8::from(
                Self::holes_holding(&self.cells, self.reach.liftable[0], 1) != 0,
            )),
            RoundLeftovers::RowNotEmptied => Some(u8::from(
                Self::holes_holding(&self.cells, self.board.territory[0], 1) == 0,
            )),
        };
        for hole in 0..self.board.holes {
            // A hole no one owns (a refill left it empty) goes with its row.
            let owner = match (
                taker,
                self.reach.liftable[0] >> hole & 1,
                self.reach.liftable[1] >> hole & 1,
            ) {
                (Some(taker), _, _) => taker,
                (None, 1, _) if self.params.ownership => 0,
                (None, _, 1) if self.params.ownership => 1,
                _ => self.board.owner(hole),
            };
            let store = self.board.store(owner);
            self.cells[store] += self.cells[hole];
            self.cells[hole] = 0;
        }
        let least = u16::from(self.params.round_loss_below);
        self.round_losers = (0..2u8)
            .filter(|&player| self.cells[self.board.store(player)] < least)
            .fold(0, |bits, player| bits | 1 << player);
        self.over = self.round_losers != 0;
        self.refilling = !self.over;
        self.passes = 0;
        self.relay = None;
        if self.params.unfilled_out_of_play {
            self.out_of_play = self.board.territory[0] | self.board.territory[1];
        }
        // Khrour's `(forget Value "Playable" All)`: no hole is lifted until a refill fills it.
        if self.params.out_of_play_back_at > 0 {
            self.reach.liftable = [0; 2];
        }
        if self.params.ownership {
            self.reach.liftable = [0; 2];
        }
        if self.params.mark_count > 0 && !self.params.ownership {
            let marked = self.marks[0] | self.marks[1];
            self.reach.liftable = self.board.territory.map(|holes| holes & !marked);
        }
    }

    /// At a round's end, the counters of each marked hole go to the player who marked it, and
    /// the hole is no longer marked; a marked hole left empty keeps its mark, as Ludii's
    /// `fromTo` moves nothing out of an empty site and so never clears its state.
    fn marked_to_markers(&mut self) {
        for player in 0..2u8 {
            let mut bits = self.marks[usize::from(player)];
            while bits != 0 {
                let hole = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.cells[hole] > 0 {
                    self.cells[self.board.store(player)] += self.cells[hole];
                    self.cells[hole] = 0;
                    self.marks[usize::from(player)] &= !(1 << hole);
                }
            }
        }
    }

    /// Where the last counter of a sowing falls in a game of marks: a hole not yet marked that
    /// it makes `mark_count` in, of the holes the mover may mark, becomes the mover's mark; a
    /// hole the opponent marked gives up to `marked_takes` of more than one counter; an
    /// unmarked hole of more than one counter is relayed from where the game relays; any other
    /// landing ends the turn.
    // Games of marks only: kept out of the playout loop of the others.
    #[cold]
    #[inline(never)]
    fn land_marked(&mut self, last: usize) -> Landing {
        let mover = usize::from(self.to_move);
        let opponent = 1 - mover;
        let bit = 1u64 << last;
        let count = self.cells[last];
        if (self.marks[0] | self.marks[1]) & bit == 0 {
            let markable = match self.params.mark_holes {
                MarkHoles::Any => u64::MAX,
                MarkHoles::Opponent if self.params.ownership => self.reach.liftable[opponent],
                MarkHoles::Opponent => self.board.territory[opponent],
            };
            if count == u16::from(self.params.mark_count) && markable & bit != 0 {
                self.marks[mover] |= bit;
                self.reach.liftable[0] &= !bit;
                self.reach.liftable[1] &= !bit;
                return Landing::End;
            }
            if count > 1 && self.params.relay == Relay::Occupied {
                return Landing::Relay(last as u8);
            }
            return Landing::End;
        }
        if self.marks[opponent] & bit != 0 && count > 1 {
            let taken = count.min(u16::from(self.params.marked_takes));
            self.cells[last] -= taken;
            self.cells[self.board.store(self.to_move)] += taken;
        }
        Landing::End
    }

    /// Whether sowing `hole` leaves the opponent a counter, where the game demands it.
    /// `stocked`: the opponent's holes that hold counters now, or none where the game's
    /// captures may take from holes the sowing does not reach (see `spares`).
    #[inline(always)]
    fn feeds(&self, hole: usize, way: u8, stocked: u64) -> bool {
        if !self.params.must_feed {
            return true;
        }
        if self.spares(hole, way, stocked) {
            return true;
        }
        let mut cells = self.cells;
        // A relay or another turn continues the mover's play; what counts is the opponent's
        // row once this sowing is done, as Ludii's `ifAfterwards` reads it.
        self.sower().sow_on(&mut cells, hole, self.to_move, way);
        !Self::territory_empty(&cells, &self.board, Self::opponent(self.to_move))
    }

    /// Whether sowing `hole` surely leaves a `stocked` hole of the opponent's untouched, so
    /// that it feeds without being played out. Where a capture takes only the last hole and
    /// those before it back to the origin (no capture across), a sowing that ends before a
    /// full lap takes counters only from holes it sowed into.
    fn spares(&self, hole: usize, way: u8, stocked: u64) -> bool {
        // Nothing is stocked where the game's captures may take from holes the sowing did not
        // reach (`may_spare`, read once by the caller).
        if stocked == 0 {
            return false;
        }
        let next = &self.board.next[usize::from(way)][usize::from(self.to_move)];
        // A store past the 64th hole marks some hole as reached: a false alarm that only
        // sends the sowing to be played out. The hole lifted is emptied, the opponent's too
        // where any hole may be lifted (`lift_anywhere`).
        let mut reached = 1u64 << hole;
        let mut cell = hole;
        for _ in 0..self.cells[hole] {
            cell = usize::from(next[cell]);
            if cell == hole {
                return false;
            }
            reached |= 1 << (cell & 63);
        }
        stocked & !reached != 0
    }

    /// Whether the game's captures take only from holes the sowing reached (see `spares`).
    #[inline(always)]
    fn may_spare(&self) -> bool {
        self.params.capture_takes == CaptureTakes::Last
            && self.params.empty_hole_capture == EmptyHoleCapture::Off
            && self.params.next_empty_capture == NextEmptyCapture::Off
            && !self.params.capture_everywhere
            && self.params.capture_sown == CaptureSown::Off
            && self.params.capture_all_at_most == 0
            && self.params.capture_sweep_counts.is_empty()
    }

    /// The holes the mover may sow each way round (none for a way the game does not allow).
    fn holes_to_sow(&self) -> [u64; 2] {
        let territory = self.reach.liftable[usize::from(self.to_move)];
        // A count of 0 is never sown, whatever the fewest counters to sow.
        let fewest = u16::from(self.params.min_to_sow.max(1));
        let mut legal = self.holes_where(Self::holes_holding(&self.cells, territory, fewest));
        let reserve = self.last_resort[usize::from(self.to_move)];
        if reserve & (legal[0] | legal[1]) != 0 {
            legal = self.without_last_resort(legal, reserve);
        }
        // A fresh move's count must not reach an occupied hole of one's own, but in an
        // opening of its own sowing, which lifts as it says.
        if self.params.fresh_not_onto_own_occupied
            && (self.opening_turn == 0 || self.opening_players >> self.to_move & 1 == 0)
        {
            legal = self.not_onto_own_occupied(legal);
        }
        if self.params.singles_last && legal == [0, 0] {
            let singles = Self::holes_holding(&self.cells, territory, 1)
                & !Self::holes_holding(&self.cells, territory, 2);
            if self.params.singles_into_empty {
                return self.singles_into_empty(singles);
            }
            return self.holes_where(singles);
        }
        legal
    }

    /// The holes of one counter (`singles`) that may be lifted each way round where a single
    /// counter is sown only into an empty hole (`singles_into_empty`): those whose next hole
    /// that way along the mover's track is empty.
    // Only where no hole of the mover's holds two: kept out of the playout loop.
    #[cold]
    #[inline(never)]
    fn singles_into_empty(&self, singles: u64) -> [u64; 2] {
        let mut legal = self.holes_where(singles);
        for (way, set) in legal.iter_mut().enumerate() {
            let next = &self.board.next[way][usize::from(self.to_move)];
            let mut bits = *set;
            while bits != 0 {
                let hole = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.cells[usize::from(next[hole])] != 0 {
                    *set &= !(1 << hole);
                }
            }
        }
        legal
    }

    /// The holes of `legal` that a fresh move may lift each way round where its count must
    /// not reach an occupied hole of the mover's own (`fresh_not_onto_own_occupied`): the
    /// hole that many steps along the mover's track, round and round as Ludii's `(trackSite
    /// Move … steps:…)` counts them, is the opponent's or empty.
    // Games of that rule only: kept out of the playout loop of the others. The board indexes
    // its tracks for them (`Board::laps`): walked here, the track cost Tapata three fifths of
    // its instructions.
    #[cold]
    #[inline(never)]
    fn not_onto_own_occupied(&self, mut legal: [u64; 2]) -> [u64; 2] {
        let mover = usize::from(self.to_move);
        let own = self.board.territory[mover];
        for (way, set) in legal.iter_mut().enumerate() {
            if *set == 0 {
                continue;
            }
            let mut bits = *set;
            while bits != 0 {
                let hole = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let count = usize::from(self.cells[hole]);
                let Some(reached) = self.board.laps.reached(way, mover, hole, count) else {
                    continue;
                };
                if self.board.is_hole(reached)
                    && own >> reached & 1 == 1
                    && self.cells[reached] != 0
                {
                    *set &= !(1 << hole);
                }
            }
        }
        legal
    }

    /// A move for each hole of `holes`, or a pass where there is none (a refill's, the extra
    /// captures').
    fn each_hole_or_pass(moves: &mut Vec<Move>, mut holes: u64, make: impl Fn(u8) -> Move) {
        if holes == 0 {
            moves.push(Move::Pass);
        }
        while holes != 0 {
            moves.push(make(holes.trailing_zeros() as u8));
            holes &= holes - 1;
        }
    }

    /// The opponent's holes the mover may take after a capture across (`extra_captures`):
    /// those that hold counters, as Ludii's `(move Remove …)` offers no empty site.
    // Only after a capture across: kept out of the playout loop.
    #[cold]
    #[inline(never)]
    fn removable(&self) -> u64 {
        let theirs = self.board.territory[usize::from(Self::opponent(self.to_move))];
        Self::holes_holding(&self.cells, theirs, 1)
    }

    /// Takes `hole`'s counters into the mover's store; the turn goes on while removals are
    /// left.
    #[cold]
    #[inline(never)]
    fn remove(&mut self, hole: usize) -> Landing {
        let store = self.board.store(self.to_move);
        self.cells[store] += self.cells[hole];
        self.cells[hole] = 0;
        self.removals = self.removals.saturating_sub(1);
        if self.removals > 0 {
            Landing::PlayAgain
        } else {
            Landing::End
        }
    }

    /// The holes of `liftable` (the mover's) that feed where the game demands it, each way
    /// round the game allows.
    #[inline(always)]
    fn holes_where(&self, liftable: u64) -> [u64; 2] {
        let ways = self.ways_open;
        let mut legal = [0, 1].map(|way| liftable & 0u64.wrapping_sub(u64::from(ways >> way & 1)));
        if !self.params.must_feed || liftable == 0 {
            return legal;
        }
        let stocked = if self.may_spare() {
            let theirs = self.board.territory[usize::from(Self::opponent(self.to_move))];
            Self::holes_holding(&self.cells, theirs, 1)
        } else {
            0
        };
        for (way, set) in legal.iter_mut().enumerate() {
            let mut bits = *set;
            while bits != 0 {
                let hole = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !self.feeds(hole, way as u8, stocked) {
                    *set &= !(1 << hole);
                }
            }
        }
        legal
    }

    /// Whether the mover may propose to end: the game allows it, no vote is under way and the
    /// positions cycle, the present one among them; between the relays of a turn too, as
    /// Ludii's proposal stands beside whatever the mover may play (Foji).
    fn may_propose(&self) -> bool {
        self.params.end_by_agreement && !self.proposed && self.cycled()
    }

    fn relay_ways(&self) -> u8 {
        self.ways_open
    }

    fn way_name(&self, way: u8) -> &'static str {
        match (self.params.direction, way) {
            (Direction::Choice, 0) => " anticlockwise",
            (Direction::Choice, _) => " clockwise",
            _ => "",
        }
    }

    fn finish_turn(&mut self, landing: Landing) {
        let landing = match landing {
            Landing::Marks(last) => self.land_marked(usize::from(last)),
            landing => landing,
        };
        match landing {
            Landing::Relay(hole) => self.relay = Some(hole),
            Landing::PlayAgain => {}
            Landing::Remove => self.removals = self.params.extra_captures,
            Landing::End | Landing::Marks(_) => self.to_move = Self::opponent(self.to_move),
        }
        self.settle();
    }

    /// After a move of the opening: as Ludii's `(nextPhase …)`, read after every move with the
    /// turn it was made in, the players it names leave the opening after a move of its last
    /// turn or later (`opening_leaves`); a turn that passed to the other player counts. Kept
    /// out of line: only an opening's moves call it, and inlined it costs every game's moves.
    #[cold]
    #[inline(never)]
    fn advance_opening(&mut self) {
        let turn_ended = self.last_mover != Some(self.to_move);
        if self.opening_turn >= self.params.opening_turns {
            let mover = self.last_mover.map_or(0, |player| 1u8 << player);
            let leaving = match self.params.opening_leaves {
                OpeningLeaves::Together => ALL_PLAYERS,
                OpeningLeaves::MoverAfterMove => mover,
                OpeningLeaves::MoverAfterTurn if turn_ended => mover,
                OpeningLeaves::MoverAfterTurn => 0,
                OpeningLeaves::TogetherAfterTurn if turn_ended => ALL_PLAYERS,
                OpeningLeaves::TogetherAfterTurn => 0,
                OpeningLeaves::MoverHolesEmpty => {
                    let player = self.last_mover.map_or(0, usize::from);
                    let holes = self.params.opening_holes.on(&self.board).unwrap_or(0)
                        & self.board.territory[player];
                    let emptied = (0..self.board.holes)
                        .all(|hole| holes >> hole & 1 == 0 || self.cells[hole] == 0);
                    if emptied { mover } else { 0 }
                }
            };
            if leaving != 0 {
                self.enter_opening(self.opening_turn, self.opening_players & !leaving);
                // The holes to sow were read under the opening's rules.
                self.sowable = None;
            }
        }
        if self.opening_turn != 0 && turn_ended {
            self.opening_turn = self.opening_turn.saturating_add(1);
        }
    }

    /// Puts the game in turn `turn` of its opening with `players` (bits) still in it; the
    /// opening is over at turn 0 or once no player is in it.
    fn enter_opening(&mut self, turn: u8, players: u8) {
        let players = if turn == 0 { 0 } else { players };
        self.opening_turn = if players == 0 { 0 } else { turn };
        self.opening_players = players;
        self.after_move = players != 0 || self.params.cycle_ends || self.params.end_by_agreement;
        self.sows_apart = !self.params.capture_first_counts.is_empty()
            || self.params.way_kept != WayKept::Off
            || self.params.out_of_play_back_at > 0
            || (players != 0
                && (self.params.opening_step > 0
                    || self.params.opening_sowing != OpeningSowing::Main));
        self.reach.liftable = if self.params.lift_anywhere {
            let every = u64::MAX >> (MAX_HOLES - self.board.holes);
            [every; 2]
        } else if self.params.lift_opponents_row {
            let [first, second] = self.board.territory;
            [second, first]
        } else {
            self.board.territory
        };
        if players != 0 {
            let allowed = self.params.opening_holes.on(&self.board).unwrap_or(0);
            if self.params.opening_step > 0 {
                // A stepping opening is the mover's one turn, whose first move lifts any of
                // its holes, the mover's or not.
                let mover = usize::from(self.to_move);
                self.reach.liftable[mover] = allowed;
                self.reach.liftable[1 - mover] = 0;
                return;
            }
            for (player, holes) in self.reach.liftable.iter_mut().enumerate() {
                if players >> player & 1 == 1 {
                    *holes &= allowed;
                }
            }
        } else if self.params.opening_step > 0 {
            // The holes a stepping opening marked are lifted by no one.
            let marked = self.marks[0] | self.marks[1];
            self.reach.liftable = self.reach.liftable.map(|holes| holes & !marked);
        }
    }

    /// A move of an opening whose moves are its own: a stepping opening's, or one sown as the
    /// opening sows (`opening_sowing`) by a player still in it. Only an opening's moves call it.
    #[cold]
    #[inline(never)]
    fn opening_move(&mut self, hole: usize, way: u8) -> Landing {
        if self.params.opening_step > 0 {
            return self.step_opening(hole, way);
        }
        if self.opening_players >> self.to_move & 1 == 0 {
            return self.sow(hole, way);
        }
        if self.params.opening_sowing == OpeningSowing::Gather {
            let mover = usize::from(self.to_move);
            let to =
                self.params.opening_to.on(&self.board).unwrap_or(0) & self.board.territory[mover];
            self.cells[to.trailing_zeros() as usize] += self.cells[hole];
            self.cells[hole] = 0;
            return Landing::End;
        }
        if self.params.opening_sowing == OpeningSowing::Transfer {
            let count = u16::from(self.params.opening_count);
            let to = self.params.opening_to.on(&self.board).unwrap_or(0);
            self.cells[hole] -= count;
            self.cells[to.trailing_zeros() as usize] += count;
            return Landing::End;
        }
        opening::sow_opening(
            &mut self.cells,
            &self.board,
            &self.params,
            (hole, self.to_move, way),
            self.params.opening_sowing == OpeningSowing::LastOwnToNext,
        );
        Landing::End
    }

    /// A move of a stepping opening (`opening_step`): one counter of `hole` into the next hole
    /// `way` round, and the turn goes on from the hole `opening_step` holes ahead of `hole`
    /// (the one hole the mover may lift next) unless that hole is one of `opening_stop`, where
    /// the turn and the opening end, the `opening_mark` holes holding `opening_mark_count`
    /// counters (any count at 0) become the mover's marks and the mover captures the counters
    /// of the `opening_take` holes. Only a stepping opening's moves call it.
    #[cold]
    #[inline(never)]
    fn step_opening(&mut self, hole: usize, way: u8) -> Landing {
        let mover = usize::from(self.to_move);
        let next = &self.board.next[usize::from(way)][mover];
        self.cells[hole] -= 1;
        self.cells[usize::from(next[hole])] += 1;
        let mut ahead = hole;
        for _ in 0..self.params.opening_step {
            ahead = usize::from(next[ahead]);
        }
        let stop = self.params.opening_stop.on(&self.board).unwrap_or(0);
        if stop >> ahead & 1 == 0 {
            self.reach.liftable[mover] = 1 << ahead;
            return Landing::PlayAgain;
        }
        let mut marked = self.params.opening_mark.on(&self.board).unwrap_or(0);
        while marked != 0 {
            let hole = marked.trailing_zeros() as usize;
            marked &= marked - 1;
            let count = u16::from(self.params.opening_mark_count);
            if count == 0 || self.cells[hole] == count {
                self.marks[mover] |= 1 << hole;
                self.marks[1 - mover] &= !(1 << hole);
            }
        }
        let mut taken = self.params.opening_take.on(&self.board).unwrap_or(0);
        while taken != 0 {
            let hole = taken.trailing_zeros() as usize;
            taken &= taken - 1;
            self.cells[self.board.store(self.to_move)] += self.cells[hole];
            self.cells[hole] = 0;
        }
        // The opening ends with its turn, before the end rules read the holes the next
        // player may lift.
        self.enter_opening(0, 0);
        Landing::End
    }

    /// A fingerprint of the counters in every hole and store, which Ludii's positional hash
    /// reads (not the player to move).
    fn position(&self) -> u64 {
        self.cells[..self.board.holes + 2]
            .iter()
            .fold(0xcbf2_9ce4_8422_2325u64, |hash, &count| {
                (hash ^ u64::from(count)).wrapping_mul(0x0000_0100_0000_01b3)
            })
    }

    /// Whether the positions after the last twelve moves repeat with period four, as Ludii's
    /// `(is Cycle)` reads them after a move: the position it has just made not among them.
    fn cycled(&self) -> bool {
        if usize::from(self.moves_seen) < CYCLE_MOVES {
            return false;
        }
        // The ring holds exactly the last twelve positions, so period four in the ring is
        // period four in time.
        (0..CYCLE).all(|i| {
            let first = self.positions[i];
            self.positions[i + CYCLE] == first && self.positions[i + 2 * CYCLE] == first
        })
    }

    /// Records the position a move made, after the end rules have read the earlier ones.
    fn remember_position(&mut self) {
        if self.params.cycle_ends || self.params.end_by_agreement {
            self.positions[usize::from(self.slot)] = self.position();
            self.slot = (self.slot + 1) % CYCLE_MOVES as u8;
            self.moves_seen = (self.moves_seen + 1).min(CYCLE_MOVES as u8);
        }
    }

    /// Ends the game, or the round, where its end rule says so.
    fn settle(&mut self) {
        // A refill or a round's end changes the counters after the end rule asked.
        self.sowable = None;
        if self.refilling {
            if self.last_mover == Some(0) {
                self.first_passed = self.passes > 0;
            }
            // Ludii's `(nextPhase (all Passed) "Sowing")`: both passed, the round begins.
            if self.refills_done() {
                self.refilling = false;
                self.passes = 0;
                if self.params.round_first_alternates {
                    // Player 2 begins the rounds after an odd number of rounds ended.
                    self.to_move = if self.rounds_ended % 2 == 1 { 1 } else { 0 };
                }
                self.pass_over_out_of_play();
            }
            return;
        }
        // Ludii reads the end rules after every move, a relay's too: the ends on the board
        // hold between a turn's relays as well; those on the players' moves do not arise
        // there (the mover has its relay to play).
        let on_moves = matches!(
            self.params.game_end,
            GameEnd::MoverCannotMove
                | GameEnd::NextCannotMove
                | GameEnd::NextCannotMoveLoses
                | GameEnd::BothCannotMove
        );
        let cycle = self.params.cycle_ends && self.cycled();
        if self.relay.is_some() && on_moves {
            self.over = cycle;
            return;
        }
        let on_board = || -> (u32, u16) {
            let mut sum = 0u32;
            let mut most = 0u16;
            for &count in &self.cells[..self.board.holes] {
                sum += u32::from(count);
                most = most.max(count);
            }
            (sum, most)
        };
        self.over = match self.params.game_end {
            // Ludii reads `(no Moves Mover)` after a move, before the turn passes: it holds
            // once a player who had nothing to play has made its forced pass.
            GameEnd::MoverCannotMove => self.passes >= 1,
            GameEnd::NextCannotMove | GameEnd::NextCannotMoveLoses => {
                let sowable = self.holes_to_sow();
                self.sowable = Some(sowable);
                sowable == [0, 0]
            }
            GameEnd::BothCannotMove => self.passes >= 1 && self.holes_to_sow() == [0, 0],
            GameEnd::MoverRowEmptyWins => self
                .last_mover
                .is_some_and(|mover| Self::territory_empty(&self.cells, &self.board, mover)),
            GameEnd::CaptureGoal => (0..2).any(|player| {
                self.cells[self.board.store(player)] >= u16::from(self.params.capture_goal)
            }),
            GameEnd::RowEmpty => (0..2).any(|p| Self::territory_empty(&self.cells, &self.board, p)),
            GameEnd::BoardEmpty | GameEnd::BoardEmptyMoverWins => on_board().0 == 0,
            GameEnd::NoHoleAboveOne => on_board().1 <= 1,
            GameEnd::AtMostOneLeft => on_board().0 <= 1,
            GameEnd::BothPassed => self.passes >= 2,
            GameEnd::NextEmptyLoses => self.last_mover.is_some_and(|mover| {
                Self::territory_empty(&self.cells, &self.board, Self::opponent(mover))
            }),
            GameEnd::EmptyRowLoses => {
                (0..2).any(|p| Self::territory_empty(&self.cells, &self.board, p))
            }
            GameEnd::UnmarkedEmpty => {
                let marked = self.marks[0] | self.marks[1];
                (0..self.board.holes).all(|hole| marked >> hole & 1 == 1 || self.cells[hole] == 0)
            }
            GameEnd::OwnedEmpty | GameEnd::OwnedEmptyAfterTurn => self.owned_emptied(),
        };
        if self.over && self.params.round_refill > 0 {
            self.sowable = None;
            self.end_round();
            return;
        }
        self.over |= cycle || self.agreed_end;
        // Ludii ends a game in which every player has just passed, nobody winning, when the
        // end rules do not end it first.
        // A description of rounds asks `(all Passed)` between them, which turns that draw off.
        // A game of marks asks nothing of the passes, so Ludii's draw holds in its rounds.
        self.all_passed = !self.over
            && self.passes >= 2
            && (self.params.round_refill == 0 || self.params.game_end == GameEnd::UnmarkedEmpty);
        self.over |= self.all_passed;
    }

    /// Whether a round on owned holes ends (`owned-empty`, `owned-empty-after-turn`): after a
    /// move that is not a pass nor one of an opening's turns (and ends the turn, for the
    /// latter), a player's owned holes hold no counter. Keeps whether player 1's last move was a pass on the way.
    #[cold]
    #[inline(never)]
    fn owned_emptied(&mut self) -> bool {
        if self.last_mover == Some(0) {
            self.first_passed = self.passes > 0;
        }
        // Ludii asks it in the main phase's consequence (Lamosh's), so no move of an opening,
        // whose holes are the only ones its mover lifts, ends a round.
        if self.passes > 0
            || self.opening_turn != 0
            || (self.params.game_end == GameEnd::OwnedEmptyAfterTurn && self.relay.is_some())
        {
            return false;
        }
        self.reach
            .liftable
            .iter()
            .any(|&owned| Self::holes_holding(&self.cells, owned, 1) == 0)
    }

    /// The players of `bits` (player 1's first) by their seats, from 1.
    fn seats_of(bits: u8) -> Vec<u8> {
        (0..2u8)
            .filter(|player| bits >> player & 1 == 1)
            .map(|player| player + 1)
            .collect()
    }

    /// The names of the holes of a set, in the family's order.
    fn holes_named(&self, mut bits: u64) -> Vec<String> {
        let mut names = Vec::new();
        while bits != 0 {
            names.push(self.board.hole_name(bits.trailing_zeros() as usize));
            bits &= bits - 1;
        }
        names
    }

    fn row_json(&self, row: usize) -> Value {
        let holes: Vec<(usize, u16)> = (row * self.board.row..(row + 1) * self.board.row)
            .map(|h| (h, self.cells[h]))
            .collect();
        // Each row from its owner's left, as the hole names count.
        let mut named: Vec<(String, u16)> = holes
            .into_iter()
            .map(|(h, c)| (self.board.hole_name(h), c))
            .collect();
        named.sort_by_key(|(name, _)| name[1..].parse::<usize>().unwrap_or(0));
        Value::from(named.into_iter().map(|(_, c)| c).collect::<Vec<_>>())
    }
}

/// What a sowing reads: the rules and the board, borrowed apart from the counters it moves, so
/// that a move sows the game's own counters in place.
struct Sower<'a> {
    params: &'a SowingParams,
    board: &'a Board,
    /// The holes each player may lift (the holes it owns where holes are owned, which the
    /// capture of the holes sown reads where it goes to the hole's owner, `hole-owner`) and the
    /// counts each one's capture takes.
    reach: &'a Reach,
}

impl Sower<'_> {
    /// Sows `from` for `mover` on `cells` and makes the captures it makes; returns where the
    /// last counter fell and whether the sowing goes on (a relay) or the mover plays again.
    #[inline(always)]
    fn sow_on(&self, cells: &mut [u16; MAX_CELLS], from: usize, mover: Player, way: u8) -> Landing {
        if self.params.capture_sown != CaptureSown::Off {
            return self.sow_capturing_sown(cells, from, mover, way);
        }
        self.sow_and_land::<false>(cells, from, mover, way)
    }

    /// A sowing followed by the capture of the holes it sowed (`capture_sown`), after what its
    /// last counter does, as Ludii's `(then (forEach Site …))` follows the sowing's `apply:`.
    #[cold]
    #[inline(never)]
    fn sow_capturing_sown(
        &self,
        cells: &mut [u16; MAX_CELLS],
        from: usize,
        mover: Player,
        way: u8,
    ) -> Landing {
        let lifted = cells[from];
        let landing = self.sow_and_land::<true>(cells, from, mover, way);
        let sowing_next = &self.board.next[usize::from(way)][usize::from(mover)];
        let previous = &self.board.previous[usize::from(way)][usize::from(mover)];
        // Ludii's track, as `(trackSite Move …)` walks it: through the holes out of play
        // (empty, never taken), which the sowing's tables pass over and the previous cells
        // still name (Pallankuli's rounds).
        // Only a game whose rounds put holes out of play has any to pass through.
        let through_out_of_play = self.params.unfilled_out_of_play;
        let step = |cell: usize| {
            let after = usize::from(sowing_next[cell]);
            if !through_out_of_play || usize::from(previous[after]) == cell {
                return after;
            }
            // The hole passed over: its previous cell is this one, and the sowing's next
            // cell from it the same.
            (0..self.board.holes)
                .find(|&skipped| {
                    skipped != cell
                        && usize::from(previous[skipped]) == cell
                        && usize::from(sowing_next[skipped]) == after
                })
                .unwrap_or(after)
        };
        // The track's length, walked round from the hole lifted.
        let mut lap = 1u16;
        let mut cell = step(from);
        while cell != from && usize::from(lap) < MAX_CELLS {
            cell = step(cell);
            lap += 1;
        }
        let short = u16::from(self.params.capture_sown == CaptureSown::BeforeLast);
        // Ludii's `(sites Track from: to:)` stops at the first hole it meets again: at most a
        // lap, the steps taken round it.
        let steps = lifted.saturating_sub(short) % lap;
        let mut cell = from;
        for taken in 0..=steps {
            if taken > 0 {
                cell = step(cell);
            }
            if self.board.is_hole(cell) && self.params.capture_sown_counts.contains(cells[cell]) {
                let taker = match self.params.capture_sown_to {
                    CaptureSownTo::Mover => mover,
                    CaptureSownTo::Owner => self.board.owner(cell),
                    CaptureSownTo::HoleOwner => u8::from(self.reach.liftable[0] >> cell & 1 == 0),
                };
                let store = self.board.store(taker);
                cells[store] += cells[cell];
                cells[cell] = 0;
            }
        }
        landing
    }

    /// Sows `from` and plays what its last counter does; `CAPTURING_SOWN` where the capture of
    /// the holes sown follows (`capture_sown`), resolved at the call so that the other games'
    /// sowings ask nothing of it.
    fn sow_and_land<const CAPTURING_SOWN: bool>(
        &self,
        cells: &mut [u16; MAX_CELLS],
        from: usize,
        mover: Player,
        way: u8,
    ) -> Landing {
        let board = &self.board;
        let next = &board.next[usize::from(way)][usize::from(mover)];
        let mut left = cells[from];
        let lifted = left;
        cells[from] = 0;
        if self.params.sow_into_origin {
            // Ludii's `origin:True`: the first counter goes back where it was lifted from.
            cells[from] = 1;
            left -= 1;
        }
        let mut cell = from;
        while left > 0 {
            cell = usize::from(next[cell]);
            if cell == from && self.params.skip_origin {
                cell = usize::from(next[cell]);
            }
            cells[cell] += 1;
            left -= 1;
        }
        let last = cell;
        // A single counter lifted last is sown for nothing more where the game says so.
        if self.params.singles_plain && lifted == 1 {
            return Landing::End;
        }
        // A last hole that the capture of the holes sown takes plays none of its own rules.
        if CAPTURING_SOWN
            && self.params.capture_sown == CaptureSown::ThroughLast
            && board.is_hole(last)
            && self.params.capture_sown_counts.contains(cells[last])
        {
            return Landing::End;
        }
        if self.params.capture_everywhere {
            self.capture_everywhere(cells, mover);
            return Landing::End;
        }
        if self.params.relay.reads_next()
            && let Some(landing) = self.relay_next(cells, last, mover, way)
        {
            return landing;
        }
        if !board.is_hole(last) {
            return if last == board.store(mover) && self.params.extra_turn_in_store {
                Landing::PlayAgain
            } else {
                Landing::End
            };
        }
        if self.params.mark_count != 0 {
            // The marks decide, with the game's state: `Sowing::land_marked`.
            return Landing::Marks(last as u8);
        }
        let count = cells[last];
        let store = board.store(mover);
        if self.capturable(last, count, mover) {
            if self.params.capture_all_at_most > 0 && self.take_all(cells, store) {
                return Landing::End;
            }
            let previous = &board.previous[usize::from(way)][usize::from(mover)];
            let mut hole = last;
            loop {
                self.capture(cells, hole, store);
                if !self.params.capture_chain {
                    break;
                }
                hole = usize::from(previous[hole]);
                if hole == from
                    || !board.is_hole(hole)
                    || !self.capturable(hole, cells[hole], mover)
                {
                    break;
                }
            }
            if !self.params.capture_sweep_counts.is_empty() {
                self.sweep_opponent(cells, mover, store);
            }
            return Landing::End;
        }
        if (count == 1 || self.params.capture_across_any_count)
            && (board.owner(last) == mover
                || self.params.capture_across_row != CaptureAcrossRow::Own)
        {
            // Yovodi's capture across goes to the owner of the empty hole.
            let store = match self.params.capture_across_row {
                CaptureAcrossRow::EitherToOwner => board.store(board.owner(last)),
                CaptureAcrossRow::Own | CaptureAcrossRow::Either => store,
            };
            let opposite = usize::from(board.opposite[last]);
            let faces = board.has_opposite >> last & 1 == 1;
            match self.params.empty_hole_capture {
                EmptyHoleCapture::Off => {}
                EmptyHoleCapture::Next => self.take_next(cells, last, mover, way, store),
                _ if !faces || cells[opposite] < u16::from(self.params.capture_across_fewest) => {}
                EmptyHoleCapture::Opposite => {
                    cells[store] += cells[opposite];
                    cells[opposite] = 0;
                    if self.params.extra_captures > 0 {
                        return Landing::Remove;
                    }
                }
                EmptyHoleCapture::OppositeAndLast => {
                    cells[store] += cells[opposite] + 1;
                    cells[opposite] = 0;
                    cells[last] = 0;
                    if self.params.extra_captures > 0 {
                        return Landing::Remove;
                    }
                }
                // Nsolo's capture is made from an occupied hole alone.
                EmptyHoleCapture::OppositeColumn if self.params.capture_across_occupied => {}
                EmptyHoleCapture::OppositeColumn => {
                    if let Landing::Remove =
                        self.take_column(cells, last, opposite, mover, way, store)
                    {
                        return Landing::Remove;
                    }
                }
            }
            return Landing::End;
        }
        if count > 1 && self.params.relay == Relay::Occupied {
            if self.params.capture_across_occupied {
                return self.capture_before_relay(cells, last, mover, way, store);
            }
            return Landing::Relay(last as u8);
        }
        Landing::End
    }

    /// Nsolo's capture across from an occupied hole (`capture_across_occupied`): a last hole of
    /// one's inner row facing counters takes the column facing it (its extra captures given
    /// as the game's other captures across give them; sown on from the last hole instead
    /// where they are, `capture_across_resown`, Muvalavala (Quioco)'s), and any other occupied
    /// last hole relays.
    // Games of that capture only: kept out of the playout loop of the others.
    #[cold]
    #[inline(never)]
    fn capture_before_relay(
        &self,
        cells: &mut [u16; MAX_CELLS],
        last: usize,
        mover: Player,
        way: u8,
        store: usize,
    ) -> Landing {
        let board = self.board;
        let opposite = usize::from(board.opposite[last]);
        if board.has_opposite >> last & 1 == 0 || cells[opposite] == 0 {
            return Landing::Relay(last as u8);
        }
        self.take_column(cells, last, opposite, mover, way, store)
    }

    /// Takes the column across from `last` (the hole `opposite` and the outer hole behind it)
    /// into the mover's store, or sows it on from `last` (`capture_across_resown`); the
    /// extra captures it gives where the game gives some (`Landing::Remove`), else
    /// `Landing::End`. The landing's capture from an empty hole and Nsolo's from an occupied
    /// one (`capture_before_relay`) take alike.
    #[inline(always)]
    fn take_column(
        &self,
        cells: &mut [u16; MAX_CELLS],
        last: usize,
        opposite: usize,
        mover: Player,
        way: u8,
        store: usize,
    ) -> Landing {
        let outer = usize::from(self.board.opposite_outer[last]);
        let column = cells[outer] > 0;
        let taken = cells[opposite] + cells[outer];
        cells[opposite] = 0;
        cells[outer] = 0;
        if self.params.capture_across_resown {
            self.resow(cells, last, mover, way, taken);
        } else {
            cells[store] += taken;
        }
        if self.params.extra_captures > 0
            && (column || self.params.extra_capture_after == ExtraCaptureAfter::Across)
        {
            return Landing::Remove;
        }
        Landing::End
    }

    /// The relays that ask about the hole after the last one (`relay`'s `next-occupied`,
    /// `empty-next-occupied`, `occupied-next-occupied`, `next-after-occupied`), before any
    /// capture: where the last hole's condition holds, a next hole (along the mover's track,
    /// passing over a store) that holds counters is relayed from, or the last hole is (Tap
    /// Urdy's `occupied-next-occupied`); an empty one gives what
    /// `next_empty_capture` takes and ends the turn. `None` where the game's other rules go on.
    // Games of such relays only: kept out of the playout loop of the others.
    #[cold]
    #[inline(never)]
    fn relay_next(
        &self,
        cells: &mut [u16; MAX_CELLS],
        last: usize,
        mover: Player,
        way: u8,
    ) -> Option<Landing> {
        let board = self.board;
        let next = &board.next[usize::from(way)][usize::from(mover)];
        let after = |cell: usize| {
            let cell = usize::from(next[cell]);
            if board.is_hole(cell) {
                cell
            } else {
                usize::from(next[cell])
            }
        };
        let count = cells[last];
        let holds = match self.params.relay {
            Relay::Off | Relay::Occupied => return None,
            Relay::NextOccupied => true,
            Relay::EmptyNextOccupied => board.is_hole(last) && count == 1,
            Relay::OccupiedNextOccupied | Relay::NextAfterOccupied => {
                board.is_hole(last) && count > 1
            }
        };
        if !holds {
            return None;
        }
        let following = after(last);
        if cells[following] > 0 {
            let lifted = if self.params.relay == Relay::OccupiedNextOccupied {
                last
            } else {
                following
            };
            return Some(Landing::Relay(lifted as u8));
        }
        let store = board.store(mover);
        let taken = match self.params.next_empty_capture {
            NextEmptyCapture::Off => return None,
            NextEmptyCapture::AfterNext => after(following),
        };
        cells[store] += cells[taken];
        // Dongjintian's take goes on, alternately, over an empty hole to an occupied one
        // (`next_empty_capture_chain`), only after a take that took counters: its
        // `CaptureMove` is made where the hole after the empty one is occupied.
        let mut chain = if cells[taken] > 0 {
            self.params.next_empty_capture_chain
        } else {
            0
        };
        cells[taken] = 0;
        let mut reached = taken;
        while chain > 0 {
            let between = after(reached);
            let beyond = after(between);
            if cells[between] > 0 || cells[beyond] == 0 || beyond == last {
                break;
            }
            cells[store] += cells[beyond];
            cells[beyond] = 0;
            reached = beyond;
            chain -= 1;
        }
        Some(Landing::End)
    }

    /// Tsoro (Reentered Captures)'s capture sown on (`capture_across_resown`): `taken`
    /// counters sown from the hole after `last` along the mover's track, a counter a hole,
    /// `last` itself included after a lap, as Ludii's `(sow (to) count:…)` lays them; its
    /// last hole plays no rule.
    // Games of that capture only: kept out of the playout loop of the others.
    #[cold]
    #[inline(never)]
    fn resow(&self, cells: &mut [u16; MAX_CELLS], last: usize, mover: Player, way: u8, taken: u16) {
        let next = &self.board.next[usize::from(way)][usize::from(mover)];
        let mut cell = last;
        for _ in 0..taken {
            cell = usize::from(next[cell]);
            cells[cell] += 1;
        }
    }

    /// Pallankuli's take after a last counter into an empty hole (`empty_hole_capture`
    /// `next`): the hole after the last along the mover's track goes to `store`. The tracks
    /// pass over holes out of play; Ludii's step of one along the track does not, and finds
    /// such a hole empty: nothing is taken where the next hole in play is not the one after.
    // Games of that capture only: kept out of the playout loop of the others.
    #[cold]
    #[inline(never)]
    fn take_next(
        &self,
        cells: &mut [u16; MAX_CELLS],
        last: usize,
        mover: Player,
        way: u8,
        store: usize,
    ) {
        let board = self.board;
        let after = usize::from(board.next[usize::from(way)][usize::from(mover)][last]);
        if board.is_hole(after)
            && usize::from(board.previous[usize::from(way)][usize::from(mover)][after]) == last
        {
            cells[store] += cells[after];
            cells[after] = 0;
        }
    }

    /// Hoyito's capture once few counters are left (`capture_all_at_most`): where the holes
    /// hold at most that many counters in all, every one goes to `store`; whether they did.
    #[cold]
    #[inline(never)]
    fn take_all(&self, cells: &mut [u16; MAX_CELLS], store: usize) -> bool {
        let holes = self.board.holes;
        let left: u32 = cells[..holes].iter().map(|&c| u32::from(c)).sum();
        if left > u32::from(self.params.capture_all_at_most) {
            return false;
        }
        for hole in 0..holes {
            cells[store] += cells[hole];
            cells[hole] = 0;
        }
        true
    }

    /// Wouri's sweep after a capture (`capture_sweep_counts`): every hole of the opponent's
    /// territory holding one of the counts goes to `store`.
    #[cold]
    #[inline(never)]
    fn sweep_opponent(&self, cells: &mut [u16; MAX_CELLS], mover: Player, store: usize) {
        let mut theirs = self.board.territory[usize::from(1 - mover)];
        while theirs != 0 {
            let hole = theirs.trailing_zeros() as usize;
            theirs &= theirs - 1;
            if self.params.capture_sweep_counts.contains(cells[hole]) {
                cells[store] += cells[hole];
                cells[hole] = 0;
            }
        }
    }

    /// Every hole of the capture rows holding a capture count goes to the mover's store.
    #[cold]
    #[inline(never)]
    fn capture_everywhere(&self, cells: &mut [u16; MAX_CELLS], mover: Player) {
        let store = self.board.store(mover);
        // The rows asked once, not hole by hole: Oure Ngat asks every hole after every move.
        let mut holes = self.capture_rows(mover);
        while holes != 0 {
            let hole = holes.trailing_zeros() as usize;
            holes &= holes - 1;
            if self.params.capture_counts.contains(cells[hole]) {
                cells[store] += cells[hole];
                cells[hole] = 0;
            }
        }
    }

    #[inline]
    fn capturable(&self, hole: usize, count: u16, mover: Player) -> bool {
        let row_ok = match self.params.capture_row {
            CaptureRow::Opponent => self.board.owner(hole) != mover,
            CaptureRow::Own => self.board.owner(hole) == mover,
            CaptureRow::Any => true,
            CaptureRow::OpponentAndOwnEnd => {
                self.board.owner(hole) != mover || hole == self.board.row_end(mover)
            }
        };
        row_ok && self.reach.capture_counts[usize::from(mover)].contains(count)
    }

    /// The holes whose row `capture_row` lets the mover capture from, as bits: the holes
    /// [`Self::capturable`] asks about one by one.
    fn capture_rows(&self, mover: Player) -> u64 {
        let every = u64::MAX >> (64 - self.board.holes);
        // A hole is the opponent's where the owner of its row is not the mover.
        let seconds = self.board.territory[1] & every;
        let theirs = if mover == 1 {
            every & !seconds
        } else {
            seconds
        };
        match self.params.capture_row {
            CaptureRow::Opponent => theirs,
            CaptureRow::Own => every & !theirs,
            CaptureRow::Any => every,
            CaptureRow::OpponentAndOwnEnd => theirs | 1 << self.board.row_end(mover),
        }
    }

    #[inline]
    fn capture(&self, cells: &mut [u16; MAX_CELLS], hole: usize, store: usize) {
        if self.params.capture_takes != CaptureTakes::Opposite {
            cells[store] += cells[hole];
            cells[hole] = 0;
        }
        if self.params.capture_takes != CaptureTakes::Last
            && self.board.has_opposite >> hole & 1 == 1
        {
            let opposite = usize::from(self.board.opposite[hole]);
            cells[store] += cells[opposite];
            cells[opposite] = 0;
        }
    }
}

/// Where a sowing left the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    /// The turn passes.
    End,
    /// The mover sows on from this hole.
    Relay(u8),
    /// The mover plays again.
    PlayAgain,
    /// The mover takes `extra_captures` holes of the opponent's, a move each.
    Remove,
    /// The last counter fell in this hole of a game of marks, which the marks decide
    /// (`Sowing::land_marked`).
    Marks(u8),
}

impl Game for Sowing {
    type Move = Move;
    type Options = SowingParams;

    fn new(options: &SowingParams) -> Self {
        let board = Board::new(options);
        let last_resort = last_resort::resolve(options, &board);
        let mut cells = [0; MAX_CELLS];
        for (hole, cell) in cells.iter_mut().take(board.holes).enumerate() {
            *cell = u16::from(
                options
                    .start_counts
                    .holes()
                    .map_or(options.seeds, |counts| counts[hole]),
            );
        }
        let total = cells.iter().sum();
        let mut game = Sowing {
            params: options.clone(),
            board,
            cells,
            to_move: 0,
            relay: None,
            passes: 0,
            over: false,
            all_passed: false,
            last_mover: None,
            total,
            positions: [0; CYCLE_MOVES],
            moves_seen: 0,
            slot: 0,
            proposed: false,
            first_vote: None,
            agreed_end: false,
            sowable: None,
            out_of_play: 0,
            refilling: false,
            round_losers: 0,
            rounds_ended: 0,
            reach: Reach {
                liftable: [0; 2],
                capture_counts: [Self::capture_counts_after(options, 0); 2],
            },
            opening_turn: 0,
            opening_players: 0,
            after_move: false,
            sows_apart: false,
            ways_open: Board::ways(options.direction),
            removals: 0,
            marks: [0; 2],
            drawing: None,
            last_resort,
            first_passed: false,
            captures_made: [0; 2],
        };
        game.enter_opening(u8::from(options.opening_turns > 0), ALL_PLAYERS);
        game.settle();
        game
    }

    fn players(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        if self.over {
            Phase::Over
        } else if self.drawing.is_some() {
            // Ludii's `(< 50 (value Random (range 1 100)))`: either player alike.
            Phase::Chance(engine::Chance::Uniform { n: 2 })
        } else {
            Phase::Decision(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.refilling {
            Self::each_hole_or_pass(moves, self.fillable(), |hole| Move::Fill { hole });
            return;
        }
        if self.proposed {
            moves.push(Move::Vote { end: true });
            moves.push(Move::Vote { end: false });
            return;
        }
        if self.removals > 0 {
            Self::each_hole_or_pass(moves, self.removable(), |hole| Move::Remove { hole });
            return;
        }
        if self.may_propose() {
            moves.push(Move::Propose);
        }
        if self.relay.is_some() {
            let ways = self.relay_ways();
            for way in 0..2u8 {
                if ways >> way & 1 == 1 {
                    moves.push(Move::Relay { way });
                }
            }
            return;
        }
        let legal = self.holes_to_sow();
        if legal == [0, 0] {
            // Ludii passes only when nothing at all can be played.
            if moves.is_empty() {
                moves.push(Move::Pass);
            }
            return;
        }
        for (way, mut set) in legal.into_iter().enumerate() {
            while set != 0 {
                moves.push(Move::Sow {
                    hole: set.trailing_zeros() as u8,
                    way: way as u8,
                });
                set &= set - 1;
            }
        }
    }

    const CHOOSES_WITHOUT_LISTING: bool = true;

    fn choose_move(
        &self,
        _moves: &mut Vec<Move>,
        pick: impl FnOnce(usize) -> usize,
    ) -> (usize, Move) {
        if self.refilling {
            let set = self.fillable();
            let count = set.count_ones() as usize;
            if count == 0 {
                return (1, Move::Pass);
            }
            let hole = engine::tally::nth_set_bit(set, pick(count)) as u8;
            return (count, Move::Fill { hole });
        }
        if self.proposed {
            return (2, Move::Vote { end: pick(2) == 0 });
        }
        if self.removals > 0 {
            let set = self.removable();
            let count = set.count_ones() as usize;
            if count == 0 {
                return (1, Move::Pass);
            }
            let hole = engine::tally::nth_set_bit(set, pick(count)) as u8;
            return (count, Move::Remove { hole });
        }
        let propose = usize::from(self.may_propose());
        if self.relay.is_some() {
            let ways = self.relay_ways();
            if ways == 0b11 || propose == 1 {
                let relays = 1 + usize::from(ways == 0b11);
                // The proposal comes first, as `legal_moves` lists it.
                let index = pick(relays + propose);
                if propose == 1 && index == 0 {
                    return (relays + 1, Move::Propose);
                }
                let way = if ways == 0b11 {
                    (index - propose) as u8
                } else {
                    ways >> 1
                };
                return (relays + propose, Move::Relay { way });
            }
            return (1, Move::Relay { way: ways >> 1 });
        }
        let legal = self.sowable.unwrap_or_else(|| self.holes_to_sow());
        let first = legal[0].count_ones() as usize;
        let count = first + legal[1].count_ones() as usize;
        if count + propose == 0 {
            return (1, Move::Pass);
        }
        // The proposal comes first, as `legal_moves` lists it.
        let index = pick(count + propose);
        if propose == 1 && index == 0 {
            return (count + 1, Move::Propose);
        }
        let index = index - propose;
        let (way, index) = if index < first {
            (0, index)
        } else {
            (1, index - first)
        };
        (
            count + propose,
            Move::Sow {
                hole: engine::tally::nth_set_bit(legal[usize::from(way)], index) as u8,
                way,
            },
        )
    }

    fn apply(&mut self, mv: Move) {
        self.last_mover = Some(self.to_move);
        let landing = match mv {
            // One test of one byte for the sowings most games never play.
            Move::Sow { hole, way } if self.sows_apart => {
                self.passes = 0;
                self.sow_apart(Some(usize::from(hole)), way)
            }
            Move::Relay { way } if self.sows_apart => self.sow_apart(None, way),
            Move::Sow { hole, way } => {
                self.passes = 0;
                self.sow(usize::from(hole), way)
            }
            Move::Relay { way } => {
                let hole = self.relay.take().map_or(0, usize::from);
                self.sow(hole, way)
            }
            Move::Pass => {
                // A game of rounds may pass for ever between them, as Ludii's does.
                self.passes = self.passes.saturating_add(1);
                // A mover with no hole of the opponent's left to take ends its turn.
                self.removals = 0;
                Landing::End
            }
            Move::Remove { hole } => {
                self.passes = 0;
                self.remove(usize::from(hole))
            }
            Move::Propose => {
                self.passes = 0;
                self.proposed = true;
                // A proposal made between relays ends the turn: the relay is not taken up again.
                self.relay = None;
                Landing::End
            }
            Move::Fill { hole } => {
                self.passes = 0;
                let store = self.board.store(self.to_move);
                // A hand one short of a hole fills one with what it has (`one-short`).
                let refill = u16::from(self.params.round_refill).min(self.cells[store]);
                self.cells[store] -= refill;
                self.fill(usize::from(hole), refill);
                self.after_fill()
            }
            Move::Vote { end } => {
                self.passes = 0;
                match self.first_vote.take() {
                    None => self.first_vote = Some(end),
                    // Ludii decides when every player has voted, for what all voted for.
                    Some(first) => {
                        self.agreed_end = first && end;
                        self.proposed = false;
                    }
                }
                Landing::End
            }
        };
        self.finish_turn(landing);
        // One test of one byte for what most games never do after a move.
        if self.after_move {
            if self.opening_turn != 0 {
                self.advance_opening();
            }
            self.remember_position();
        }
    }

    /// Chance draws the owner of the hole of half a hole of each player's (`borrow-or-drawn`):
    /// player 1 on 0, player 2 on 1.
    fn apply_chance(&mut self, outcome: u8) {
        if let Some(hole) = self.drawing.take() {
            let marked = self.marks[0] | self.marks[1];
            if marked >> hole & 1 == 0 {
                self.reach.liftable[usize::from(outcome.min(1))] |= 1 << hole;
            }
            self.sowable = None;
        }
    }

    fn outcome(&self) -> Outcome {
        match self.round_losers {
            0 => {}
            1 => return Outcome::single_winner(2, 1),
            2 => return Outcome::single_winner(2, 0),
            _ => return Outcome::draw(2),
        }
        if self.all_passed {
            return Outcome::draw(2);
        }
        if let (
            GameEnd::MoverRowEmptyWins
            | GameEnd::NextEmptyLoses
            | GameEnd::NextCannotMoveLoses
            | GameEnd::BoardEmptyMoverWins,
            Some(mover),
        ) = (self.params.game_end, self.last_mover)
        {
            return Outcome::single_winner(2, mover);
        }
        if self.params.game_end == GameEnd::EmptyRowLoses {
            // Player 1's rule comes first: with both rows empty, player 2 wins.
            let first_empty = Self::territory_empty(&self.cells, &self.board, 0);
            return Outcome::single_winner(2, u8::from(first_empty));
        }
        if let (Score::StuckLoses, Some(stuck)) = (self.params.score, self.last_mover) {
            // The game ended on the stuck player's pass: the turn is the other's.
            return if self.holes_to_sow() == [0, 0] {
                Outcome::draw(2)
            } else {
                Outcome::single_winner(2, Self::opponent(stuck))
            };
        }
        let (one, two) = (self.score(0), self.score(1));
        match one.cmp(&two) {
            std::cmp::Ordering::Greater => Outcome::single_winner(2, 0),
            std::cmp::Ordering::Less => Outcome::single_winner(2, 1),
            std::cmp::Ordering::Equal => Outcome::draw(2),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let sum: u32 = self.cells[..self.board.holes + 2]
            .iter()
            .map(|&c| u32::from(c))
            .sum();
        if sum != u32::from(self.total) {
            return Err(format!(
                "{sum} counters on the board and in the stores, not {}",
                self.total
            ));
        }
        if let Some(hole) = self.drawing
            && !self.board.is_hole(usize::from(hole))
        {
            return Err(format!(
                "an owner drawn for cell {hole}, which is not a hole"
            ));
        }
        if let Some(hole) = self.relay
            && !self.board.is_hole(usize::from(hole))
        {
            return Err(format!("a relay from cell {hole}, which is not a hole"));
        }
        if self.removals > 0 && self.relay.is_some() {
            return Err("a relay and holes to take at once".into());
        }
        if self.reach.liftable[0] & self.reach.liftable[1] != 0 && !self.params.lift_anywhere {
            return Err(format!(
                "{} owned by both players",
                self.holes_named(self.reach.liftable[0] & self.reach.liftable[1])
                    .join(", ")
            ));
        }
        let marked = self.marks[0] | self.marks[1];
        if self.marks[0] & self.marks[1] != 0
            || (self.reach.liftable[0] | self.reach.liftable[1]) & marked != 0
        {
            return Err(format!(
                "{} marked by both players or liftable while marked",
                self.holes_named(
                    self.marks[0] & self.marks[1]
                        | (self.reach.liftable[0] | self.reach.liftable[1]) & marked
                )
                .join(", ")
            ));
        }
        for player in 0..2 {
            let made = self.captures_made[player];
            if usize::from(made) > self.params.capture_first_counts.counts().len()
                || self.reach.capture_counts[player]
                    != Self::capture_counts_after(&self.params, made)
            {
                return Err(format!(
                    "player {}'s captures counted {made}, its next capture's counts not theirs",
                    player + 1
                ));
            }
        }
        // Holes that come back into play (`out_of_play_back_at`) are sown into while out, and
        // are lifted by no one.
        let sown_into = self.params.out_of_play_back_at > 0;
        if sown_into && (self.reach.liftable[0] | self.reach.liftable[1]) & self.out_of_play != 0 {
            return Err(format!(
                "{} liftable while out of play",
                self.holes_named(
                    (self.reach.liftable[0] | self.reach.liftable[1]) & self.out_of_play
                )
                .join(", ")
            ));
        }
        let mut bits = if sown_into { 0 } else { self.out_of_play };
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.cells[hole] != 0 {
                return Err(format!(
                    "{} counters in {}, which is out of play",
                    self.cells[hole],
                    self.board.hole_name(hole)
                ));
            }
        }
        Ok(())
    }
}

/// A position set up by hand: each row's counts from its owner's left (`a`, `b`, and on four
/// rows `c`, `d`), the stores, and who is to move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SowingSetup {
    /// Counts of each row, named by its letter, from the row owner's left.
    pub rows: std::collections::BTreeMap<String, Vec<u16>>,
    /// Counters in each player's store.
    #[serde(default)]
    pub stores: [u16; 2],
    /// The player to move (player 1 if not given).
    #[serde(default)]
    pub to_move: Option<Seat>,
    /// Holes out of play for the round, by name (a game played in rounds).
    #[serde(default)]
    pub out_of_play: Vec<String>,
    /// The players are refilling their rows between rounds.
    #[serde(default)]
    pub refilling: bool,
    /// The rounds ended before this position (a game played in rounds; none if not given).
    #[serde(default)]
    pub rounds_ended: u8,
    /// The holes each player owns, by name, player 1's first (a game where holes are owned;
    /// each player's row if not given).
    #[serde(default)]
    pub owned: Option<[Vec<String>; 2]>,
    /// The turn of the opening the position is in, counted from 1 (a game with an opening);
    /// none where the opening is over.
    #[serde(default)]
    pub opening_turn: Option<u8>,
    /// The players still in the opening, where each leaves it alone (`opening_leaves`); both
    /// if not given.
    #[serde(default)]
    pub in_opening: Option<Vec<Seat>>,
    /// The holes each player has marked, by name, player 1's first (a game of marks; none if
    /// not given).
    #[serde(default)]
    pub marks: Option<[Vec<String>; 2]>,
    /// The captures each player has made, player 1's first, where its first captures are of
    /// counts of their own (`capture_first_counts`; none if not given).
    #[serde(default)]
    pub captures_made: Option<[u8; 2]>,
}

impl Observe for Sowing {
    type Setup = SowingSetup;

    fn notation(&self, mv: Move) -> String {
        match mv {
            Move::Sow { hole, way } => {
                format!(
                    "{}{}",
                    self.board.hole_name(usize::from(hole)),
                    self.way_name(way)
                )
            }
            Move::Relay { way } => format!(
                "relay {}{}",
                self.relay
                    .map(|h| self.board.hole_name(usize::from(h)))
                    .unwrap_or_default(),
                self.way_name(way)
            ),
            Move::Pass => "pass".into(),
            Move::Propose => "propose end".into(),
            Move::Vote { end: true } => "vote end".into(),
            Move::Vote { end: false } => "vote no".into(),
            Move::Fill { hole } => format!("fill {}", self.board.hole_name(usize::from(hole))),
            Move::Remove { hole } => {
                format!("take {}", self.board.hole_name(usize::from(hole)))
            }
        }
    }

    fn observe(&self) -> Value {
        let rows: serde_json::Map<String, Value> = (0..self.board.rows)
            .map(|row| (((b'a' + row as u8) as char).to_string(), self.row_json(row)))
            .collect();
        let mut seen = json!({
            "board": rows,
            "stores": [self.cells[self.board.store(0)], self.cells[self.board.store(1)]],
            "scores": [self.score(0), self.score(1)],
            "relay": self.relay.map(|h| self.board.hole_name(usize::from(h))),
        });
        if self.params.round_refill > 0 {
            seen["refilling"] = Value::from(self.refilling);
            seen["out_of_play"] = Value::from(self.holes_named(self.out_of_play));
        }
        if self.params.ownership {
            seen["owned"] = Value::from(
                self.reach
                    .liftable
                    .map(|bits| self.holes_named(bits))
                    .to_vec(),
            );
        }
        if self.params.opening_turns > 0 {
            seen["opening_turn"] = Value::from(self.opening_turn);
        }
        if self.params.extra_captures > 0 {
            seen["removals"] = Value::from(self.removals);
        }
        if self.params.opening_leaves.one_by_one() {
            seen["in_opening"] = Value::from(Self::seats_of(self.opening_players));
        }
        if self.params.refill_remainder == RefillRemainder::BorrowOrDrawn {
            seen["drawing"] = Value::from(
                self.drawing
                    .map(|hole| self.board.hole_name(usize::from(hole))),
            );
        }
        if self.params.mark_count > 0 {
            seen["marks"] = Value::from(self.marks.map(|bits| self.holes_named(bits)).to_vec());
        }
        if !self.params.capture_first_counts.is_empty() {
            seen["captures_made"] = Value::from(self.captures_made.to_vec());
        }
        seen
    }

    fn render(&self) -> String {
        let mut text = String::new();
        for row in (0..self.board.rows).rev() {
            let counts: Vec<String> = (row * self.board.row..(row + 1) * self.board.row)
                .map(|h| format!("{:>3}", self.cells[h]))
                .collect();
            // Rows that run back along the track are printed from player 1's left too.
            let reversed = row % 2 == 1 && !self.board.given;
            let mut counts = counts;
            if reversed {
                counts.reverse();
            }
            text.push_str(&counts.join(""));
            text.push('\n');
        }
        text.push_str(&format!(
            "stores: P1 {} P2 {}\n",
            self.cells[self.board.store(0)],
            self.cells[self.board.store(1)]
        ));
        text
    }

    fn from_setup(options: &SowingParams, setup: SowingSetup) -> Result<Self, SetupError> {
        let mut game = Sowing::new(options);
        let row = game.board.row;
        game.cells = [0; MAX_CELLS];
        for (letter, counts) in &setup.rows {
            let _row: usize = letter
                .bytes()
                .next()
                .filter(|_| letter.len() == 1)
                .and_then(|b| b.checked_sub(b'a'))
                .map(usize::from)
                .filter(|&r| r < game.board.rows)
                .ok_or_else(|| {
                    SetupError::value("rows", format!("{letter:?} is not a row of the board"))
                })?;
            if counts.len() != row {
                return Err(SetupError::value(
                    "rows",
                    format!("row {letter} has {} holes, the board {row}", counts.len()),
                ));
            }
            for (place, &count) in counts.iter().enumerate() {
                let name = format!("{letter}{}", place + 1);
                let hole = game
                    .board
                    .parse_hole(&name)
                    .ok_or_else(|| SetupError::value("rows", format!("{name} is not a hole")))?;
                game.cells[hole] = count;
            }
        }
        game.out_of_play = 0;
        for name in &setup.out_of_play {
            let hole = game
                .board
                .parse_hole(name)
                .ok_or_else(|| SetupError::value("out_of_play", format!("{name} is not a hole")))?;
            game.out_of_play |= 1 << hole;
        }
        if (game.out_of_play != 0 || setup.refilling) && options.round_refill == 0 {
            return Err(SetupError::value(
                "out_of_play",
                "a game of one round has no holes out of play and no refill",
            ));
        }
        if setup.rounds_ended != 0 && options.round_refill == 0 {
            return Err(SetupError::value(
                "rounds_ended",
                "a game of one round ends no round before its end",
            ));
        }
        game.refilling = setup.refilling;
        game.rounds_ended = setup.rounds_ended;
        let mut players = ALL_PLAYERS;
        if let Some(seats) = &setup.in_opening {
            if !options.opening_leaves.one_by_one() || setup.opening_turn.is_none() {
                return Err(SetupError::value(
                    "in_opening",
                    "players are in the opening one by one only in its turns, where each leaves it alone",
                ));
            }
            players = 0;
            for &seat in seats {
                players |= 1 << seat.player("in_opening", 2)?;
            }
        }
        // The mover first: a stepping opening is its turn.
        game.to_move = Seat::to_move(setup.to_move, 2)?;
        match setup.opening_turn {
            None => game.enter_opening(0, 0),
            Some(turn)
                if (1..=options.opening_turns.saturating_add(1)).contains(&turn)
                    && (turn <= options.opening_turns || options.opening_leaves.one_by_one()) =>
            {
                game.enter_opening(turn, players)
            }
            Some(turn) => {
                return Err(SetupError::value(
                    "opening_turn",
                    format!(
                        "turn {turn} is not a turn of the game's opening of {}",
                        options.opening_turns
                    ),
                ));
            }
        }
        // After the opening's turn, which sets the holes each player may lift from its territory.
        if let Some(owned) = &setup.owned {
            if !options.ownership {
                return Err(SetupError::value(
                    "owned",
                    "holes are owned only in a game of ownership",
                ));
            }
            for (player, names) in owned.iter().enumerate() {
                game.reach.liftable[player] = 0;
                for name in names {
                    let hole = game.board.parse_hole(name).ok_or_else(|| {
                        SetupError::value("owned", format!("{name} is not a hole"))
                    })?;
                    game.reach.liftable[player] |= 1 << hole;
                }
            }
        }
        if let Some(marks) = &setup.marks {
            if options.mark_count == 0 {
                return Err(SetupError::value(
                    "marks",
                    "holes are marked only in a game of marks",
                ));
            }
            for (player, names) in marks.iter().enumerate() {
                for name in names {
                    let hole = game.board.parse_hole(name).ok_or_else(|| {
                        SetupError::value("marks", format!("{name} is not a hole"))
                    })?;
                    if game.marks[1 - player] >> hole & 1 == 1 {
                        return Err(SetupError::value(
                            "marks",
                            format!("{name} is marked by both players"),
                        ));
                    }
                    game.marks[player] |= 1 << hole;
                }
            }
            let marked = game.marks[0] | game.marks[1];
            game.reach.liftable = game.reach.liftable.map(|holes| holes & !marked);
        }
        if let Some(made) = setup.captures_made {
            let listed = options.capture_first_counts.counts().len();
            if listed == 0 || made.iter().any(|&m| usize::from(m) > listed) {
                return Err(SetupError::value(
                    "captures_made",
                    format!(
                        "captures are counted only up to the {listed} counts capture_first_counts lists"
                    ),
                ));
            }
            game.captures_made = made;
            game.reach.capture_counts = made.map(|m| Self::capture_counts_after(options, m));
        }
        if options.out_of_play_back_at > 0 {
            let out = game.out_of_play;
            game.reach.liftable = game.reach.liftable.map(|holes| holes & !out);
        }
        game.pass_over_out_of_play();
        game.cells[game.board.store(0)] = setup.stores[0];
        game.cells[game.board.store(1)] = setup.stores[1];
        game.total = game.cells.iter().sum();
        game.relay = None;
        game.passes = 0;
        game.last_mover = None;
        game.settle();
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_holding_reads_four_lanes_as_one_count_at_a_time() {
        let mut cells = [0u16; MAX_CELLS];
        // Counts about each threshold, at the top of a lane and past it, in every lane.
        let counts = [0, 1, 2, 3, 4, 5, 0x7fff, 0x8000, 0x8001, 0xffff, 7, 0];
        for (hole, cell) in cells.iter_mut().enumerate() {
            *cell = counts[hole * 7 % counts.len()];
        }
        let sets = [
            u64::MAX,
            0,
            1 << 63,
            0xf0f0_0000_0000_0ff1,
            0x0000_0fff_fff0_0000,
        ];
        for holes in sets {
            for fewest in [1, 2, 3, 4, 0x8000] {
                let expected = (0..MAX_HOLES)
                    .filter(|&hole| holes >> hole & 1 == 1 && cells[hole] >= fewest)
                    .fold(0u64, |bits, hole| bits | 1 << hole);
                assert_eq!(
                    Sowing::holes_holding(&cells, holes, fewest),
                    expected,
                    "holes {holes:#x}, at least {fewest}"
                );
            }
        }
    }
}
