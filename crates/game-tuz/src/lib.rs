//! Tuz, as Pankhurst (1971) recorded it at Baeda Mariam and DLP.Evidence.1443 reads him.
//!
//! Four counters in each of twelve holes. The first player makes a stylised opening that
//! leaves the holes alternating five and three, with or without a *tuz*. A turn lifts one of
//! the mover's holes and sows it anticlockwise; a last counter in an occupied hole relays;
//! one that makes four in an opponent's hole turns it into the mover's tuz, which the
//! opponent can no longer sow from and which collects counters for its captor. A player who
//! cannot move passes. When only tuz hold counters, the round ends; the holes are refilled
//! with fours, the richer player gaining holes, until one player has taken everything.

mod options;

use engine::mancala::{self, HOLES, Hole, ROW, Rows, hole_name, next, previous, rightmost, row_of};
use engine::setup::{Seat, SetupError};
use engine::{Chance, Game, Observe, Outcome, Phase, Player};
use serde::Deserialize;
use serde_json::{Value, json};

pub use options::*;

/// Counters in each hole at the start.
pub const COUNTERS_PER_HOLE: u8 = 4;
const NOBODY: u8 = 2;
/// The counter the opener holds during DLP's opening.
const HAND: u8 = u8::MAX;

/// Openings as (from, to) transfers of one counter, for an opener in seat 1; the tuz, if any,
/// is hole 6 (`b1`).
const PLAIN_OPENING: &[(u8, u8)] = &[(5, 6), (7, 8), (9, 10), (11, 0), (1, 2), (3, 4)];
const LUDII_TUZ_OPENING: &[(u8, u8)] = &[(7, 8), (9, 10), (11, 0), (1, 2), (3, 4)];
const DLP_TUZ_OPENING: &[(u8, u8)] = &[
    (5, HAND),
    (6, 7),
    (8, 9),
    (10, 11),
    (0, 1),
    (2, 3),
    (4, 5),
    (HAND, 6),
];
const OPENING_TUZ_HOLE: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// A move of Tuz.
pub enum Move {
    /// The opener chooses the opening (with a tuz or without) and makes its first transfer.
    Open {
        /// Whether the opening makes a tuz.
        tuz: bool,
    },
    /// The next transfer of the opening.
    OpeningStep,
    /// Lift a hole and sow it, with 0, 1 or 2 reserve counters.
    Sow {
        /// The hole lifted.
        hole: u8,
        /// Reserve counters added at the end.
        reserve: u8,
    },
    /// Lift the hole the last counter fell into and sow on.
    Relay,
    /// No move is possible: the turn passes.
    Pass,
    /// Put four counters from one's store into the next empty hole (refilling, Ludii's way).
    Fill,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Lots,
    Opening,
    Sowing,
    Refill,
    /// Lots decide who owns a hole of two and two.
    SplitOwner {
        hole: u8,
    },
    Over {
        winner: Option<Player>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OpeningRun {
    steps: &'static [(u8, u8)],
    next: u8,
    tuz: bool,
}

#[derive(Clone, Debug)]
/// A game of Tuz in progress.
pub struct Tuz {
    options: TuzOptions,
    holes: [u8; HOLES],
    /// Who may sow from each hole.
    owner: [u8; HOLES],
    /// 0, or the captor's seat + 1.
    tuz: [u8; HOLES],
    /// Counters off the board: taken, removed, collected at the end of a round.
    stores: [u8; 2],
    stage: Stage,
    to_move: Player,
    opener: Player,
    relay: Option<u8>,
    opening: Option<OpeningRun>,
    held: u8,
    passes: u8,
    round: u16,
    total: u16,
}

impl Tuz {
    fn rotate(&self, hole: u8) -> usize {
        if hole == HAND {
            usize::from(HAND)
        } else {
            (usize::from(hole) + usize::from(self.opener) * ROW) % HOLES
        }
    }

    fn sowable(&self, hole: usize, player: Player) -> bool {
        self.owner[hole] == player && self.tuz[hole] == 0 && self.holes[hole] > 0
    }

    fn tuz_count(&self, player: Player) -> usize {
        self.tuz.iter().filter(|&&t| t == player + 1).count()
    }

    fn board_is_clear(&self) -> bool {
        (0..HOLES).all(|h| self.tuz[h] != 0 || self.holes[h] == 0)
    }

    fn step_opening(&mut self) {
        let run = self.opening.as_mut().expect("an opening is under way");
        let (from, to) = run.steps[usize::from(run.next)];
        run.next += 1;
        let done = usize::from(run.next) == run.steps.len();
        let tuz = run.tuz;
        let (from, to) = (self.rotate(from), self.rotate(to));
        if from == usize::from(HAND) {
            self.held -= 1;
        } else {
            self.holes[from] -= 1;
        }
        if to == usize::from(HAND) {
            self.held += 1;
        } else {
            self.holes[to] += 1;
        }
        if done {
            if tuz {
                let hole = self.rotate(OPENING_TUZ_HOLE);
                self.tuz[hole] = self.opener + 1;
            }
            self.opening = None;
            self.stage = Stage::Sowing;
            self.to_move = 1 - self.opener;
        }
    }

    fn sow(&mut self, origin: usize, extra: u8) -> usize {
        let counters = std::mem::take(&mut self.holes[origin]) + extra;
        let skipped = if self.options.origin == Origin::Skip {
            1 << origin
        } else {
            0
        };
        mancala::sow(&mut self.holes, origin, counters, skipped)
    }

    /// Where the last counter fell decides: a new tuz, a take from a tuz, a relay, or the end.
    fn resolve(&mut self, last: usize) {
        let mover = self.to_move;
        let opponent = 1 - mover;
        let count = self.holes[last];
        let may_capture =
            self.options.tuz_limit == TuzLimit::Unlimited || self.tuz_count(mover) == 0;
        if self.tuz[last] == 0
            && self.owner[last] == opponent
            && count == COUNTERS_PER_HOLE
            && may_capture
        {
            self.tuz[last] = mover + 1;
            return self.end_turn();
        }
        if self.tuz[last] != 0 {
            if self.tuz[last] == mover + 1 {
                return self.end_turn();
            }
            let taken = match (count, self.options.empty_tuz) {
                (2.., _) => 2,
                (_, EmptyTuz::CounterRemoved) => 1,
                (_, EmptyTuz::CounterStays) => return self.end_turn(),
            };
            self.holes[last] -= taken;
            self.stores[usize::from(mover)] += taken;
            let can_go_on = (0..HOLES).any(|h| self.sowable(h, mover));
            return match self.options.after_tuz_take {
                AfterTuzTake::ContinueAnyHole if can_go_on && !self.board_is_clear() => {}
                _ => self.end_turn(),
            };
        }
        if count > 1 {
            self.relay = Some(last as u8);
            return;
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        if self.board_is_clear() {
            self.end_round();
        } else {
            self.to_move = 1 - self.to_move;
        }
    }

    /// Only tuz hold counters: they go to their captors, and the holes are refilled.
    fn end_round(&mut self) {
        let last_mover = self.to_move;
        for hole in 0..HOLES {
            if self.tuz[hole] != 0 {
                self.stores[usize::from(self.tuz[hole] - 1)] +=
                    std::mem::take(&mut self.holes[hole]);
            }
        }
        if self.options.tuz_after_round == TuzAfterRound::Cleared {
            self.tuz = [0; HOLES];
        }
        self.owner = [NOBODY; HOLES];
        self.round += 1;
        for player in 0..2 {
            if self.stores[usize::from(player)] == 0 {
                self.stage = Stage::Over {
                    winner: Some(1 - player),
                };
                return;
            }
        }
        match self.options.refill {
            Refill::Ludii => {
                self.stage = Stage::Refill;
                self.to_move = 1 - last_mover;
            }
            Refill::Dlp => {
                // Each fills its own row from its rightmost hole; the poorer player first, so
                // that the richer one's extra fours land in the poorer one's remaining holes.
                let poorer = if self.stores[0] < self.stores[1] {
                    0
                } else if self.stores[1] < self.stores[0] {
                    1
                } else {
                    last_mover
                };
                self.to_move = 1 - last_mover;
                for filler in [poorer, 1 - poorer] {
                    while self.stores[usize::from(filler)] >= COUNTERS_PER_HOLE {
                        self.fill(filler);
                    }
                }
                let richer_leftover = [poorer, 1 - poorer]
                    .into_iter()
                    .find(|&p| self.stores[usize::from(p)] >= 2);
                self.stage = Stage::Sowing;
                if let Some(filler) = richer_leftover {
                    self.settle_leftover(filler);
                }
            }
        }
    }

    /// The first empty hole clockwise from the filler's rightmost hole.
    fn first_empty_clockwise(&self, filler: Player) -> usize {
        let mut hole = rightmost(filler);
        for _ in 0..HOLES {
            if self.holes[hole] == 0 {
                return hole;
            }
            hole = previous(hole);
        }
        unreachable!("a refill always finds an empty hole")
    }

    fn fill(&mut self, filler: Player) {
        let hole = self.first_empty_clockwise(filler);
        self.holes[hole] = COUNTERS_PER_HOLE;
        self.stores[usize::from(filler)] -= COUNTERS_PER_HOLE;
        self.owner[hole] = filler;
    }

    /// Three left over gain a hole with one of the opponent's counters; two and two make a
    /// hole whose owner the rules decide. (Ludii does this right after the filler's last four,
    /// taking what is missing from the opponent's store.)
    fn settle_leftover(&mut self, filler: Player) {
        let (own, other) = (usize::from(filler), usize::from(1 - filler));
        let left = self.stores[own];
        let wanted = COUNTERS_PER_HOLE.saturating_sub(left);
        if !(2..=3).contains(&left) || self.stores[other] < wanted {
            return;
        }
        let hole = self.first_empty_clockwise(filler);
        self.holes[hole] = COUNTERS_PER_HOLE;
        self.stores[own] = 0;
        self.stores[other] -= wanted;
        if left == 3 {
            self.owner[hole] = filler;
            return;
        }
        match self.options.split_hole {
            SplitHole::RowOwner => self.owner[hole] = row_of(hole),
            SplitHole::Random => {
                self.owner[hole] = NOBODY;
                self.stage = Stage::SplitOwner { hole: hole as u8 };
            }
        }
    }

    fn stage_name(&self) -> &'static str {
        match self.stage {
            Stage::Lots => "lots",
            Stage::Opening => "opening",
            Stage::Sowing => "sowing",
            Stage::Refill => "refill",
            Stage::SplitOwner { .. } => "split-owner",
            Stage::Over { .. } => "over",
        }
    }

    fn start_after_lots(&mut self, first: Player) {
        self.opener = first;
        self.to_move = first;
        self.stage = if self.options.opening == Opening::None {
            Stage::Sowing
        } else {
            Stage::Opening
        };
    }
}

impl Game for Tuz {
    type Move = Move;
    type Options = TuzOptions;

    fn new(options: &TuzOptions) -> Self {
        let mut game = Tuz {
            options: options.clone(),
            holes: [COUNTERS_PER_HOLE; HOLES],
            owner: std::array::from_fn(row_of),
            tuz: [0; HOLES],
            stores: [0, 0],
            stage: Stage::Lots,
            to_move: 0,
            opener: 0,
            relay: None,
            opening: None,
            held: 0,
            passes: 0,
            round: 1,
            total: u16::from(COUNTERS_PER_HOLE) * HOLES as u16,
        };
        if options.first_player == FirstPlayer::PlayerOne {
            game.start_after_lots(0);
        }
        game
    }

    fn players(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        match self.stage {
            Stage::Lots | Stage::SplitOwner { .. } => Phase::Chance(Chance::Uniform { n: 2 }),
            Stage::Over { .. } => Phase::Over,
            _ => Phase::Decision(self.to_move),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let player = self.to_move;
        match self.stage {
            Stage::Opening if self.opening.is_some() => moves.push(Move::OpeningStep),
            Stage::Opening => match self.options.opening {
                Opening::Choice => {
                    moves.extend([Move::Open { tuz: false }, Move::Open { tuz: true }])
                }
                Opening::AlwaysTuz => moves.push(Move::Open { tuz: true }),
                Opening::NeverTuz | Opening::None => moves.push(Move::Open { tuz: false }),
            },
            Stage::Sowing if self.relay.is_some() => moves.push(Move::Relay),
            Stage::Sowing => {
                for hole in (0..HOLES).filter(|&h| self.sowable(h, player)) {
                    moves.push(Move::Sow {
                        hole: hole as u8,
                        reserve: 0,
                    });
                    if self.options.reserve == Reserve::Allowed {
                        let (behind, two_behind) = (previous(hole), previous(previous(hole)));
                        let usable = |h: usize, count: u8| {
                            self.owner[h] == player && self.tuz[h] == 0 && self.holes[h] == count
                        };
                        if usable(behind, 1) {
                            moves.push(Move::Sow {
                                hole: hole as u8,
                                reserve: 1,
                            });
                        } else if self.holes[behind] == 0 && usable(two_behind, 2) {
                            moves.push(Move::Sow {
                                hole: hole as u8,
                                reserve: 2,
                            });
                        }
                    }
                }
                if moves.is_empty() {
                    moves.push(Move::Pass);
                }
            }
            Stage::Refill if self.stores[usize::from(player)] >= COUNTERS_PER_HOLE => {
                moves.push(Move::Fill)
            }
            Stage::Refill => moves.push(Move::Pass),
            Stage::Lots | Stage::SplitOwner { .. } | Stage::Over { .. } => {}
        }
    }

    fn apply(&mut self, mv: Move) {
        match mv {
            Move::Open { tuz } => {
                let steps = match (tuz, self.options.opening_procedure) {
                    (false, _) => PLAIN_OPENING,
                    (true, OpeningProcedure::DlpText) => DLP_TUZ_OPENING,
                    (true, OpeningProcedure::Ludii) => LUDII_TUZ_OPENING,
                };
                self.opening = Some(OpeningRun {
                    steps,
                    next: 0,
                    tuz,
                });
                self.step_opening();
            }
            Move::OpeningStep => self.step_opening(),
            Move::Sow { hole, reserve } => {
                self.passes = 0;
                let hole = usize::from(hole);
                match reserve {
                    1 => self.holes[previous(hole)] -= 1,
                    2 => self.holes[previous(previous(hole))] -= 2,
                    _ => {}
                }
                let last = self.sow(hole, reserve);
                self.resolve(last);
            }
            Move::Relay => {
                let origin = usize::from(self.relay.take().expect("a relay is pending"));
                let last = self.sow(origin, 0);
                self.resolve(last);
            }
            Move::Pass => {
                self.passes = self.passes.saturating_add(1);
                let passing_on = self.stage == Stage::Refill
                    && self.options.refill_stalemate == RefillStalemate::PassOn;
                if self.passes >= 2 && !passing_on {
                    self.stage = Stage::Over { winner: None };
                } else {
                    self.to_move = 1 - self.to_move;
                }
            }
            Move::Fill => {
                self.passes = 0;
                let filler = self.to_move;
                self.fill(filler);
                if self.stores[usize::from(filler)] < COUNTERS_PER_HOLE {
                    self.settle_leftover(filler);
                    self.to_move = 1 - filler;
                    if self.stores == [0, 0] && self.stage == Stage::Refill {
                        self.stage = Stage::Sowing;
                    }
                }
                // A store emptied by the split hole leaves nothing to fill: pass to the other.
                if self.stage == Stage::Refill
                    && self.stores[usize::from(self.to_move)] == 0
                    && self.stores[usize::from(1 - self.to_move)] == 0
                {
                    self.stage = Stage::Sowing;
                }
            }
        }
    }

    fn apply_chance(&mut self, outcome: u8) {
        match self.stage {
            Stage::Lots => self.start_after_lots(outcome),
            Stage::SplitOwner { hole } => {
                self.owner[usize::from(hole)] = outcome;
                self.stage = if self.stores == [0, 0] {
                    Stage::Sowing
                } else {
                    Stage::Refill
                };
            }
            _ => unreachable!("no lots are due"),
        }
    }

    fn outcome(&self) -> Outcome {
        match self.stage {
            Stage::Over {
                winner: Some(winner),
            } => Outcome::single_winner(2, winner),
            _ => Outcome::draw(2),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let total: u16 = engine::tally::total(&self.holes) as u16
            + u16::from(self.stores[0])
            + u16::from(self.stores[1])
            + u16::from(self.held);
        if total != self.total {
            return Err(format!("{total} counters in play, expected {}", self.total));
        }
        if self.tuz.iter().any(|&t| t > 2) || self.owner.iter().any(|&o| o > NOBODY) {
            return Err("a tuz mark or an owner names no player".into());
        }
        Ok(())
    }
}

/// A position set up by hand: the start after the lots, with what the setup gives replaced.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TuzSetup {
    /// The counters in each hole.
    #[serde(default)]
    pub board: Option<Rows>,
    /// The tuz marks: 0 none, 1 or 2 the player who made the hole their tuz.
    #[serde(default)]
    pub tuz: Option<Rows>,
    /// Who owns each hole (Ludii's ownership): 0 nobody, 1 or 2 a player.
    #[serde(default)]
    pub owners: Option<Rows>,
    /// Counters each player has captured.
    #[serde(default)]
    pub stores: Option<[u8; 2]>,
    #[serde(default)]
    /// Who moves first from the setup.
    pub to_move: Option<Seat>,
    /// The hole the last sowing relays from, if the player must sow on.
    #[serde(default)]
    pub relay: Option<Hole>,
    #[serde(default)]
    /// The stage the setup starts in.
    pub stage: SetupStage,
}

/// The stages a setup may start in.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SetupStage {
    /// The simultaneous opening.
    Opening,
    #[default]
    /// Ordinary sowing.
    Sowing,
}

impl Observe for Tuz {
    type Setup = TuzSetup;

    fn notation(&self, mv: Move) -> String {
        match mv {
            Move::Open { tuz: true } => "open with tuz".into(),
            Move::Open { tuz: false } => "open without tuz".into(),
            Move::OpeningStep => "opening step".into(),
            Move::Sow { hole, reserve: 0 } => hole_name(usize::from(hole)),
            Move::Sow { hole, reserve } => format!("{}+{reserve}", hole_name(usize::from(hole))),
            Move::Relay => format!(
                "relay {}",
                self.relay
                    .map(|h| hole_name(usize::from(h)))
                    .unwrap_or_default()
            ),
            Move::Pass => "pass".into(),
            Move::Fill => format!(
                "fill {}",
                hole_name(self.first_empty_clockwise(self.to_move))
            ),
        }
    }

    fn describe_chance(&self, _chance: Chance, outcome: u8) -> String {
        match self.stage {
            Stage::Lots => format!("lots: player {} starts", outcome + 1),
            _ => format!("lots: the split hole goes to player {}", outcome + 1),
        }
    }

    fn observe(&self) -> Value {
        json!({
            "stage": self.stage_name(),
            "board": mancala::rows_json(&self.holes),
            "tuz": mancala::rows_json(&self.tuz),
            "owners": mancala::rows_json(&self.owner.map(|o| if o == NOBODY { 0 } else { o + 1 })),
            "stores": self.stores,
            "held": self.held,
            "round": self.round,
            "relay": self.relay.map(|h| hole_name(usize::from(h))),
        })
    }

    fn render(&self) -> String {
        let marks: [String; HOLES] = std::array::from_fn(|h| match self.tuz[h] {
            0 => self.holes[h].to_string(),
            t => format!("{}t{}", self.holes[h], t),
        });
        format!(
            "{}stores: P1 {} P2 {}; round {}; {}\n",
            mancala::render_rows(&marks),
            self.stores[0],
            self.stores[1],
            self.round,
            self.stage_name()
        )
    }

    /// The position is in the sowing stage unless the setup says `stage: opening`.
    fn from_setup(options: &TuzOptions, setup: TuzSetup) -> Result<Self, SetupError> {
        let mut game = Tuz::new(options);
        if game.stage == Stage::Lots {
            game.start_after_lots(0);
        }
        if let Some(board) = setup.board {
            game.holes = board.holes();
        }
        if let Some(tuz) = setup.tuz {
            game.tuz = tuz.holes();
            if game.tuz.iter().any(|&t| t > 2) {
                return Err(SetupError::value("tuz", "tuz marks are 0, 1 or 2"));
            }
        }
        if let Some(owners) = setup.owners {
            let owners = owners.holes();
            if owners.iter().any(|&o| o > 2) {
                return Err(SetupError::value(
                    "owners",
                    "each hole is owned by 0 (nobody), 1 or 2",
                ));
            }
            game.owner = owners.map(|o| if o == 0 { NOBODY } else { o - 1 });
        }
        if let Some(stores) = setup.stores {
            game.stores = stores;
        }
        game.to_move = Seat::to_move(setup.to_move, 2)?;
        game.opener = game.to_move;
        game.relay = setup.relay.map(|hole| hole.0);
        game.stage = match setup.stage {
            SetupStage::Sowing => Stage::Sowing,
            SetupStage::Opening => Stage::Opening,
        };
        game.total = engine::tally::total(&game.holes) as u16
            + u16::from(game.stores[0])
            + u16::from(game.stores[1]);
        let counters = 4 * HOLES as u16;
        if game.total > counters {
            return Err(SetupError::Position(format!(
                "{} counters in play; the game has {counters}",
                game.total
            )));
        }
        Ok(game)
    }
}

/// The rule scenarios (data-driven tests) of this engine.
pub const SCENARIOS: &str = include_str!("../scenarios.yaml");

/// What each opening leaves: the counts in every hole, and whether they alternate three and
/// five (apart from the holes the tuz opening leaves at four), for Pankhurst's claim.
pub fn opening_patterns(options: &TuzOptions) -> Value {
    let mut out = serde_json::Map::new();
    for (name, tuz) in [("without_tuz", false), ("with_tuz", true)] {
        let mut game = Tuz::new(options);
        game.start_after_lots(0);
        game.stage = Stage::Opening;
        game.apply(Move::Open { tuz });
        while game.stage == Stage::Opening {
            game.apply(Move::OpeningStep);
        }
        let alternating = (0..HOLES)
            .filter(|&h| game.holes[h] != COUNTERS_PER_HOLE)
            .all(|h| {
                let next = next(h);
                matches!(game.holes[h], 3 | 5)
                    && (game.holes[next] == COUNTERS_PER_HOLE
                        || game.holes[next] + game.holes[h] == 8)
            });
        out.insert(
            name.to_string(),
            json!({
                "board": mancala::rows_json(&game.holes),
                "alternating_3_5": alternating,
                "fours": game.holes.iter().filter(|&&c| c == COUNTERS_PER_HOLE).count(),
                "tuz": game.tuz.iter().filter(|&&t| t != 0).count(),
            }),
        );
    }
    Value::Object(out)
}
