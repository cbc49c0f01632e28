//! The abstraction all seven games implement.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::dice::Chance;
use crate::options::Options;
use crate::setup::SetupError;

/// Seats are numbered from 0; reports call seat 0 "player 1".
pub type Player = u8;

/// The most players any engine seats (Sig's number of players "n'est pas limité"; the engines
/// stop at eight, as Ludii's encoding does).
pub const MAX_PLAYERS: usize = 8;

/// Whose turn it is to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Chance acts: sticks or cowries are thrown, or lots are drawn.
    Chance(Chance),
    /// A player chooses among the legal moves (at least one: a pass when nothing else is).
    Decision(Player),
    /// The game is over; [`Game::outcome`] tells the result.
    Over,
}

/// A full ranking: rank 1 is best, equal ranks tie. A draw is everyone on the same rank;
/// teammates share their team's rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Rank of each seat, 1 best (only the first `players` count).
    pub ranks: [u8; MAX_PLAYERS],
    /// Players in the game.
    pub players: u8,
    /// How many games the result counts for (Barjis's *mars* counts seven).
    pub weight: u8,
}

impl Outcome {
    /// Everyone equal.
    pub fn draw(players: usize) -> Self {
        Self {
            ranks: [1; MAX_PLAYERS],
            players: players as u8,
            weight: 1,
        }
    }

    /// `winner` first, everyone else second.
    pub fn single_winner(players: usize, winner: Player) -> Self {
        let mut ranks = [2; MAX_PLAYERS];
        ranks[usize::from(winner)] = 1;
        Self {
            ranks,
            players: players as u8,
            weight: 1,
        }
    }

    /// Ranks from the order in which players finished; those who never finished share the
    /// rank after the last finisher.
    pub fn from_finish_order(players: usize, order: &[Player]) -> Self {
        let mut ranks = [(order.len() + 1) as u8; MAX_PLAYERS];
        for (place, &player) in order.iter().enumerate() {
            ranks[usize::from(player)] = place as u8 + 1;
        }
        Self {
            ranks,
            players: players as u8,
            weight: 1,
        }
    }

    /// Whether every player shares one rank.
    pub fn is_draw(&self) -> bool {
        let ranks = &self.ranks[..usize::from(self.players)];
        ranks.iter().all(|&r| r == ranks[0])
    }

    /// The players ranked first, unless the game is a draw.
    pub fn winners(&self) -> impl Iterator<Item = Player> + '_ {
        let decisive = !self.is_draw();
        (0..self.players).filter(move |&p| decisive && self.ranks[usize::from(p)] == 1)
    }

    /// The rank of `player`, 1 best.
    pub fn rank(&self, player: Player) -> u8 {
        self.ranks[usize::from(player)]
    }
}

/// A game under one set of options. Implementations keep their state in fixed-size arrays so
/// that a playout allocates nothing: the driver owns the only buffer (for legal moves).
pub trait Game: Clone + Send + Sync + 'static {
    /// A move, small and copied in the playout loop.
    type Move: Copy + PartialEq + Debug + Send + Sync + 'static;
    /// The game's options.
    type Options: Options;

    /// The starting position (or the first chance event before it).
    fn new(options: &Self::Options) -> Self;

    /// Players in the game.
    fn players(&self) -> usize;

    /// Team of each player; by default everyone plays alone.
    fn team(&self, player: Player) -> u8 {
        player
    }

    /// What happens next: a decision, a chance event, or the end.
    fn phase(&self) -> Phase;

    /// Who throws in a [`Phase::Chance`], when the throw is a player's (sticks, cowries) rather
    /// than nobody's (lots for the first move). The driver counts a turn whose throws lead to
    /// no decision as a lost turn of this player: one move and one turn, as Ludii's forced
    /// pass is.
    fn thrower(&self) -> Option<Player> {
        None
    }

    /// Appends the legal moves of the player to act. Never empty in a decision: a player who
    /// cannot move has a pass.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Whether [`Game::choose_move`] is overridden; the driver then checks it against
    /// [`Game::legal_moves`] whenever invariants are checked.
    const CHOOSES_WITHOUT_LISTING: bool = false;

    /// The number of legal moves and the one at the index `pick` returns for that number, in
    /// the order of [`Game::legal_moves`]. Games whose moves are bit sets override it to skip
    /// writing the list: the random playout needs one move, not all of them.
    fn choose_move(
        &self,
        moves: &mut Vec<Self::Move>,
        pick: impl FnOnce(usize) -> usize,
    ) -> (usize, Self::Move) {
        moves.clear();
        self.legal_moves(moves);
        let count = moves.len();
        (count, moves[pick(count)])
    }

    /// Plays a legal move for the player to move.
    fn apply(&mut self, mv: Self::Move);

    /// Applies the outcome of the chance event announced by [`Phase::Chance`].
    fn apply_chance(&mut self, outcome: u8);

    /// The result; meaningful once the phase is [`Phase::Over`].
    fn outcome(&self) -> Outcome;

    /// Players who have finished (borne off, reached Mecca), for "moves to first finisher".
    fn finished_players(&self) -> usize {
        0
    }

    /// Invariants of the game (counters conserved, no two pieces on a cell…).
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// The throws of the game (sticks, cowries) under these options: for each, a position where
    /// it is due and how to read what it did. Throw tables are read off the engine from these
    /// ([`crate::dice::throw_tables`]), never written beside it.
    fn throw_probes(options: &Self::Options) -> Vec<crate::dice::ThrowProbe<Self>> {
        let _ = options;
        Vec::new()
    }
}

/// How a game's positions, moves and throws are written and read by people: the scenarios,
/// traces and claims. Kept apart from [`Game`] so that the rules path (what the playouts run)
/// carries no JSON and no text.
pub trait Observe: Game {
    /// A position set up by hand, in the game's own terms: a serde type with
    /// `deny_unknown_fields`, seats as [`crate::setup::Seat`].
    type Setup: DeserializeOwned;

    /// A move as the scenarios and traces write it.
    fn notation(&self, mv: Self::Move) -> String;

    /// A chance outcome in words ("3 white up: 2").
    fn describe_chance(&self, chance: Chance, outcome: u8) -> String {
        let _ = chance;
        format!("{outcome}")
    }

    /// Parses a chance outcome written by name in a scenario ("sig", "tab"); numbers are
    /// always accepted.
    fn chance_by_name(&self, name: &str) -> Option<u8> {
        let _ = name;
        None
    }

    /// Everything a scenario may check, as a JSON object.
    fn observe(&self) -> Value;

    /// The position in a few lines of text, for traces.
    fn render(&self) -> String;

    /// The position a setup describes, refused when the game could not reach it (counters
    /// not conserved, two pieces on one cell, a seat that is not a player).
    fn from_setup(options: &Self::Options, setup: Self::Setup) -> Result<Self, SetupError>;
}
