//! Baqura, as Hyde (1694) describes it and DLP.Evidence.682 reads him.
//!
//! A turn sows the counters of one of the mover's holes anticlockwise. If the last counter
//! lands in an empty hole, the turn ends; if it makes an odd count, that hole is lifted and
//! sown in turn (a *relay*, a move of its own as Ludii counts them); if it makes an even count,
//! that hole and the opposite one are captured, and the capture may chain backwards. A round
//! ends when the player to move has no counters in their row; the player with fewer counters
//! lays them out, the other copies the layout and keeps the surplus; whoever owns no counters
//! loses.

pub mod hyde;
mod options;

use engine::mancala::{self, HOLES, Hole, ROW, Rows, hole_name, next, opposite, previous, row_of};
use engine::setup::{Seat, SetupError};
use engine::{Chance, Game, Observe, Outcome, Phase, Player};
use serde::Deserialize;
use serde_json::{Value, json};

pub use options::*;

/// Counters each player starts with.
pub const COUNTERS: u8 = 36;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// A move of Baqura.
pub enum Move {
    /// Put one counter from hand into a hole (the opening layout, or a layout between rounds).
    Place(u8),
    /// Lift a hole of one's row and sow it.
    Sow(u8),
    /// Lift the hole where the last sowing relays from and sow on.
    Relay,
    /// No counter in one's row: the round ends.
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Both players place their counters, alternately.
    Placing,
    /// The round's loser lays out its counters; the winner copies them at the end.
    LayingOut {
        copier: Player,
    },
    Sowing,
    Over {
        winner: Player,
    },
}

#[derive(Clone, Debug)]
/// A game of Baqura in progress.
pub struct Baqura {
    options: BaquraOptions,
    holes: [u8; HOLES],
    /// Counters off the board: still to place, captured, or kept as surplus.
    hands: [u8; 2],
    stage: Stage,
    to_move: Player,
    /// The hole the current turn relays from.
    relay: Option<u8>,
    round: u16,
    /// Counters in play, for the conservation invariant.
    total: u16,
}

impl Baqura {
    fn owned(&self, player: Player) -> u32 {
        let row = usize::from(player) * ROW;
        u32::from(self.hands[usize::from(player)])
            + engine::tally::total(&self.holes[row..row + ROW])
    }

    fn capturable(&self, hole: usize, mover: Player) -> bool {
        let count = self.holes[hole];
        let counts_ok = match self.options.capture_counts {
            CaptureCounts::AnyEven => count >= 2 && count.is_multiple_of(2),
            CaptureCounts::TwoOrFour => count == 2 || count == 4,
        };
        let side_ok = self.options.capture_side == CaptureSide::Either || row_of(hole) == mover;
        counts_ok && side_ok
    }

    /// Sows the counters of `origin` and returns the hole the last one fell into.
    fn sow(&mut self, origin: usize) -> usize {
        let counters = std::mem::take(&mut self.holes[origin]);
        let mut skipped = 0u16;
        if self.options.origin == Origin::Skip {
            skipped |= 1 << origin;
        }
        if self.options.far_end == FarEnd::SkipEmptyOpponentHoles {
            let mover = self.to_move;
            for hole in (0..HOLES).filter(|&h| row_of(h) != mover && self.holes[h] == 0) {
                skipped |= 1 << hole;
            }
        }
        mancala::sow(&mut self.holes, origin, counters, skipped)
    }

    fn take(&mut self, hole: usize) {
        let mover = usize::from(self.to_move);
        self.hands[mover] +=
            std::mem::take(&mut self.holes[hole]) + std::mem::take(&mut self.holes[opposite(hole)]);
    }

    /// Resolves where a sowing ended: relay, capture, or the end of the turn.
    fn resolve(&mut self, last: usize) {
        let mover = self.to_move;
        self.relay = None;
        if self.holes[last] == 1 {
            return self.end_turn();
        }
        if self.capturable(last, mover) {
            self.take(last);
            let mut hole = last;
            for _ in 0..HOLES - 1 {
                hole = previous(hole);
                let in_scope = match self.options.chain {
                    Chain::None => false,
                    Chain::PreviousHoles => true,
                    Chain::MoverRow => row_of(hole) == mover,
                };
                if !in_scope || !self.capturable(hole, mover) {
                    break;
                }
                self.take(hole);
            }
            if self.options.after_capture == AfterCapture::ContinueFromNext
                && self.holes[next(last)] > 0
            {
                self.relay = Some(next(last) as u8);
                return self.check_end();
            }
            return self.end_turn();
        }
        // An even count that is not captured: Hyde's "perges ... donec tandem desinas in
        // unitate" sows on; ending the turn here is an option no source states.
        if self.holes[last] % 2 == 1 || self.options.uncaptured_even == UncapturedEven::SowOn {
            let from = match self.options.relay_from {
                RelayFrom::LastHole => last,
                RelayFrom::NextHole => next(last),
            };
            if self.holes[from] == 0 {
                return self.end_turn();
            }
            self.relay = Some(from as u8);
            return self.check_end();
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        self.to_move = 1 - self.to_move;
        self.check_end();
    }

    /// A player who owns no counter has lost.
    fn check_end(&mut self) {
        for player in 0..2 {
            if self.owned(player) == 0 {
                self.stage = Stage::Over { winner: 1 - player };
                return;
            }
        }
    }

    /// The player to move has an empty row: the round ends.
    fn end_round(&mut self) {
        let stuck = self.to_move;
        let winner = 1 - stuck;
        let row = usize::from(winner) * ROW;
        for hole in row..row + ROW {
            self.hands[usize::from(winner)] += std::mem::take(&mut self.holes[hole]);
        }
        let (a, b) = (self.hands[0], self.hands[1]);
        let layer = match a.cmp(&b) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => match self.options.equal_counts {
                EqualCounts::StuckPlayer => stuck,
                EqualCounts::SecondPlayer => 1,
            },
        };
        self.round += 1;
        self.to_move = layer;
        self.stage = Stage::LayingOut { copier: 1 - layer };
        self.check_end();
    }

    /// The layer's hand is empty: the copier mirrors the layout, and the round starts.
    fn finish_layout(&mut self, copier: Player) {
        let layer = 1 - copier;
        let row = usize::from(layer) * ROW;
        for hole in row..row + ROW {
            let count = self.holes[hole];
            self.holes[opposite(hole)] = count;
            self.hands[usize::from(copier)] -= count;
        }
        self.stage = Stage::Sowing;
        self.to_move = match self.options.round_starter {
            RoundStarter::RoundWinner => copier,
            RoundStarter::RoundLoser => layer,
        };
    }

    fn stage_name(&self) -> &'static str {
        match self.stage {
            Stage::Placing => "placing",
            Stage::LayingOut { .. } => "laying-out",
            Stage::Sowing => "sowing",
            Stage::Over { .. } => "over",
        }
    }
}

impl Game for Baqura {
    type Move = Move;
    type Options = BaquraOptions;

    fn new(options: &BaquraOptions) -> Self {
        let mut game = Baqura {
            options: options.clone(),
            holes: [0; HOLES],
            hands: [COUNTERS; 2],
            stage: Stage::Placing,
            to_move: 0,
            relay: None,
            round: 1,
            total: u16::from(COUNTERS) * 2,
        };
        if options.layout == Layout::SixEach {
            game.holes = [COUNTERS / ROW as u8; HOLES];
            game.hands = [0; 2];
            game.stage = Stage::Sowing;
        }
        game
    }

    fn players(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        match self.stage {
            Stage::Over { .. } => Phase::Over,
            _ => Phase::Decision(self.to_move),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let row = usize::from(self.to_move) * ROW;
        match self.stage {
            Stage::Placing | Stage::LayingOut { .. } => {
                moves.extend((row..row + ROW).map(|h| Move::Place(h as u8)))
            }
            Stage::Sowing if self.relay.is_some() => moves.push(Move::Relay),
            Stage::Sowing => {
                moves.extend(
                    (row..row + ROW)
                        .filter(|&h| self.holes[h] > 0)
                        .map(|h| Move::Sow(h as u8)),
                );
                if moves.is_empty() {
                    moves.push(Move::Pass);
                }
            }
            Stage::Over { .. } => {}
        }
    }

    fn apply(&mut self, mv: Move) {
        match mv {
            Move::Place(hole) => {
                let player = usize::from(self.to_move);
                self.hands[player] -= 1;
                self.holes[usize::from(hole)] += 1;
                match self.stage {
                    Stage::Placing => {
                        if self.hands == [0, 0] {
                            self.stage = Stage::Sowing;
                            self.to_move = 0;
                        } else if self.hands[1 - player] > 0 {
                            self.to_move = 1 - self.to_move;
                        }
                    }
                    Stage::LayingOut { copier } if self.hands[player] == 0 => {
                        self.finish_layout(copier)
                    }
                    _ => {}
                }
            }
            Move::Sow(hole) => {
                let last = self.sow(usize::from(hole));
                self.resolve(last);
            }
            Move::Relay => {
                let origin = usize::from(self.relay.take().expect("a relay is pending"));
                let last = self.sow(origin);
                self.resolve(last);
            }
            Move::Pass => self.end_round(),
        }
    }

    fn apply_chance(&mut self, _outcome: u8) {
        unreachable!("Baqura has no chance events")
    }

    fn outcome(&self) -> Outcome {
        match self.stage {
            Stage::Over { winner } => Outcome::single_winner(2, winner),
            _ => Outcome::draw(2),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let on_board = engine::tally::total(&self.holes) as u16;
        let total = on_board + u16::from(self.hands[0]) + u16::from(self.hands[1]);
        if total != self.total {
            return Err(format!("{total} counters in play, expected {}", self.total));
        }
        Ok(())
    }
}

/// A position in the sowing stage, set up by hand.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaquraSetup {
    /// The counters in each hole.
    pub board: Rows,
    /// Counters in each player's hand.
    #[serde(default)]
    pub hands: [u8; 2],
    #[serde(default)]
    /// Who moves first from the setup.
    pub to_move: Option<Seat>,
    /// The hole the last sowing relays from, if the player must sow on.
    #[serde(default)]
    pub relay: Option<Hole>,
}

impl Observe for Baqura {
    type Setup = BaquraSetup;

    fn notation(&self, mv: Move) -> String {
        match mv {
            Move::Place(h) => format!("place {}", hole_name(usize::from(h))),
            Move::Sow(h) => hole_name(usize::from(h)),
            Move::Relay => format!(
                "relay {}",
                self.relay
                    .map(|h| hole_name(usize::from(h)))
                    .unwrap_or_default()
            ),
            Move::Pass => "pass".into(),
        }
    }

    fn describe_chance(&self, _chance: Chance, outcome: u8) -> String {
        outcome.to_string()
    }

    fn observe(&self) -> Value {
        json!({
            "stage": self.stage_name(),
            "board": mancala::rows_json(&self.holes),
            "hands": self.hands,
            "round": self.round,
            "relay": self.relay.map(|h| hole_name(usize::from(h))),
        })
    }

    fn render(&self) -> String {
        format!(
            "{}hands: P1 {} P2 {}; round {}; {}\n",
            mancala::render_rows(&self.holes),
            self.hands[0],
            self.hands[1],
            self.round,
            self.stage_name()
        )
    }

    /// The position is in the sowing stage.
    fn from_setup(options: &BaquraOptions, setup: BaquraSetup) -> Result<Self, SetupError> {
        let mut game = Baqura::new(options);
        game.holes = setup.board.holes();
        game.hands = setup.hands;
        game.to_move = Seat::to_move(setup.to_move, 2)?;
        game.relay = setup.relay.map(|hole| hole.0);
        game.stage = Stage::Sowing;
        game.total = engine::tally::total(&game.holes) as u16
            + u16::from(game.hands[0])
            + u16::from(game.hands[1]);
        if game.total > 2 * u16::from(COUNTERS) {
            return Err(SetupError::Position(format!(
                "{} counters in play; the game has {}",
                game.total,
                2 * COUNTERS
            )));
        }
        game.check_end();
        Ok(game)
    }
}

/// The rule scenarios (data-driven tests) of this engine.
pub const SCENARIOS: &str = include_str!("../scenarios.yaml");
