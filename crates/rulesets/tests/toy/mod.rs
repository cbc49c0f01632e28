//! A toy eighth game for the tests that show adding an engine is one entry in one list: a pile
//! of counters, each player takes one or two (or three, under an option), and whoever takes
//! the last wins. It is written as a game crate's engine would be, with options, scenarios
//! and an `Observe` side, but lives here because it is not a game of the corpus.

use engine::setup::{Seat, SetupError};
use engine::{Chance, Game, Observe, Outcome, Phase, Player, game_options};
use rulesets::{Engine, GameInfo, Registry, Ruleset};
use serde::Deserialize;
use serde_json::{Value, json};

game_options! {
    /// Options of the toy pile game.
    pub struct ToyOptions {
        /// Counters on the pile at the start.
        #[parameter(cites = "the toy", source = "A pile of counters lies between two players.", range = 1..=200)]
        pub pile: u8 = 21, ludii: 21;

        /// Whether a player may take three.
        #[rule(cites = "the toy", source = "Each takes one or two counters in turn.")]
        pub take_three: bool = false, ludii: true;
    }
}

#[derive(Clone, Debug)]
pub struct Toy {
    pile: u8,
    most: u8,
    to_move: Player,
    winner: Option<Player>,
}

impl Game for Toy {
    type Move = u8;
    type Options = ToyOptions;

    fn new(options: &ToyOptions) -> Self {
        Self {
            pile: options.pile,
            most: if options.take_three { 3 } else { 2 },
            to_move: 0,
            winner: None,
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        match self.winner {
            Some(_) => Phase::Over,
            None => Phase::Decision(self.to_move),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(1..=self.most.min(self.pile));
    }

    fn apply(&mut self, taken: u8) {
        self.pile -= taken;
        if self.pile == 0 {
            self.winner = Some(self.to_move);
        }
        self.to_move = 1 - self.to_move;
    }

    fn apply_chance(&mut self, _outcome: u8) {
        unreachable!("the toy has no chance")
    }

    fn outcome(&self) -> Outcome {
        self.winner
            .map_or(Outcome::draw(2), |winner| Outcome::single_winner(2, winner))
    }
}

/// A pile and who takes next.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToySetup {
    pile: u8,
    #[serde(default)]
    to_move: Option<Seat>,
}

impl Observe for Toy {
    type Setup = ToySetup;

    fn notation(&self, taken: u8) -> String {
        format!("take {taken}")
    }

    fn describe_chance(&self, _chance: Chance, outcome: u8) -> String {
        outcome.to_string()
    }

    fn observe(&self) -> Value {
        json!({ "pile": self.pile })
    }

    fn render(&self) -> String {
        format!("pile {}\n", self.pile)
    }

    fn from_setup(options: &ToyOptions, setup: ToySetup) -> Result<Self, SetupError> {
        if setup.pile == 0 {
            return Err(SetupError::value("pile", "an empty pile has been won"));
        }
        Ok(Self {
            pile: setup.pile,
            to_move: Seat::to_move(setup.to_move, 2)?,
            ..Self::new(options)
        })
    }
}

const SCENARIOS: &str = "
scenarios:
- name: taking-leaves-the-rest
  rule: Each takes one or two counters in turn.
  setup: {pile: 5}
  steps: [{move: take 2}, {illegal: take 3}]
  expect: {pile: 3, to_move: 2}
- name: taking-the-last-wins
  preset: ludii
  setup: {pile: 3, to_move: 2}
  steps: [{move: take 3}]
  expect: {phase: over, winners: [2]}
";

/// The toy's entry: what a game crate adds to the registry's list.
pub static TOY: Engine<Toy> = Engine::new(
    GameInfo {
        slug: "toy-pile",
        name: "Toy pile",
        aliases: &["Pile"],
        records: &[],
    },
    SCENARIOS,
);

/// The registry's games and the toy: one list, one more entry.
pub fn with_toy() -> Vec<&'static dyn Ruleset> {
    let mut list = Registry::shipped().all().to_vec();
    list.push(&TOY);
    list
}
