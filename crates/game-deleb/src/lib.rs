//! Dèleb, as Marin (1931) describes it among the Darod of Somalia and DLP.GameRulesets.767
//! reads him.
//!
//! Four rows of points and, on each outer row, one piece per vertical line. Two teams take
//! turns, player by player. Before moving pieces, each player passes three stages of throws
//! (four, three, then two sticks) that build a score; on entering the game the score is played
//! on the team's pieces. Each piece must first be unlocked by a 1. In play, four sticks are
//! thrown (all black counts 6); 2 and 3 end the turn. Pieces loop through all four rows, may
//! not pass an opponent, and capture by landing. The team that captures every opposing piece wins.

mod options;

use engine::setup::{Seat, SetupError};
use engine::{Chance, Game, MAX_PLAYERS, Observe, Outcome, Phase, Player, ThrowProbe, ThrowRead};
use serde::Deserialize;
use serde_json::{Value, json};

pub use options::*;

/// Most columns a board may have.
pub const MAX_COLUMNS: usize = 100;
const ROWS: usize = 4;
const DEAD: u16 = u16::MAX;
const PLAYING: u8 = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// A move of Dèleb.
pub enum Move {
    /// Apply the entry stage throw just made.
    Stage,
    /// Move (or unlock) piece `index` of the mover's team by `value`.
    Piece {
        /// The piece's index in the mover's team.
        index: u8,
        /// The throw's value.
        value: u8,
    },
    /// No move is possible: the turn passes.
    Pass,
}

/// Loop positions a move may reach past the loop's end: the largest throw.
const WRAP: usize = 6;

/// Fills `cells` with the point at each loop position of `team` on a board of `n` columns: home
/// row left to right, second row back, third row out, the opponent's home row back, the third
/// row out again and the second back; then the loop's first `WRAP` points again, so that a
/// move's steps read on past the end without wrapping. Segment by segment, without dividing: a
/// playout starts by filling it.
fn fill_loop(n: u16, team: usize, cells: &mut [u16]) {
    const ROWS_AND_DIRECTIONS: [(u16, bool); 6] = [
        (0, true),
        (1, false),
        (2, true),
        (3, false),
        (2, true),
        (1, false),
    ];
    let mut at = 0;
    for (row, rightwards) in ROWS_AND_DIRECTIONS {
        for offset in 0..n {
            let column = if rightwards { offset } else { n - 1 - offset };
            let (row, column) = if team == 0 {
                (row, column)
            } else {
                (3 - row, n - 1 - column)
            };
            cells[at] = row * n + column;
            at += 1;
        }
    }
    cells.copy_within(..WRAP, at);
}

#[derive(Clone, Debug)]
/// A game of Dèleb in progress.
pub struct Deleb {
    options: DelebOptions,
    columns: u16,
    players: u8,
    position: [[u16; MAX_COLUMNS]; 2],
    /// Pieces on the board, as bits by index: the pieces a throw may move.
    on_board: [u128; 2],
    locked: [u128; 2],
    /// Occupant of each point: 0, or team * 128 + index + 1.
    board: [u8; ROWS * MAX_COLUMNS],
    /// The point at each loop position of each team.
    cells: [[u16; 6 * MAX_COLUMNS + WRAP]; 2],
    alive: [u8; 2],
    to_move: Player,
    /// Each player's entry stage: 1, 2, 3, or `PLAYING`.
    stage: [u8; MAX_PLAYERS],
    /// Each player's score: how many 1s and how many 4s.
    score: [[u16; 2]; MAX_PLAYERS],
    /// The mover is playing its entry score.
    spending: bool,
    /// White sides of a stage throw waiting to be applied.
    stage_throw: Option<u8>,
    /// Play throws of this turn not yet given to a piece, counted by value (1 to 6).
    pending: [u8; 7],
    /// This turn's throwing is over: a 2 or 3 has been thrown.
    throwing_over: bool,
    winner: Option<u8>,
}

/// Point names: row letter (a is team 1's home row) and column number from 1.
pub fn point_name(cell: usize, columns: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (cell / columns) as u8) as char,
        cell % columns + 1
    )
}

impl Deleb {
    #[inline]
    fn team(&self, player: Player) -> usize {
        usize::from(player % 2)
    }

    /// Where a player's entry score is kept: its own slot, or its team's.
    #[inline]
    fn score_slot(&self, player: usize) -> usize {
        match self.options.score_keeping {
            ScoreKeeping::PerPlayer => player,
            ScoreKeeping::PerTeam => self.team(player as Player),
        }
    }

    /// The point at loop position `position` of `team`: read from the table made at the start,
    /// since the playout loop asks for it at every step of every candidate move.
    #[inline]
    fn cell(&self, team: usize, position: u16) -> usize {
        usize::from(self.cells[team][usize::from(position)])
    }

    #[inline]
    fn loop_len(&self) -> u16 {
        6 * self.columns
    }

    /// Where a move from `position` by `value` ends, and whether it is legal for `team`.
    #[inline]
    fn target(&self, team: usize, position: u16, value: u8) -> Option<u16> {
        let team_of = |occupant: u8| usize::from((occupant - 1) / 128);
        // The steps past the loop's end are in the table again: no division per step.
        let path = &self.cells[team][usize::from(position)..][..=usize::from(value)];
        let occupant_at = |step: usize| self.board[usize::from(path[step])];
        for step in 1..usize::from(value) {
            let occupant = occupant_at(step);
            if occupant != 0 && team_of(occupant) != team {
                return None;
            }
        }
        let occupant = occupant_at(usize::from(value));
        if occupant != 0 && team_of(occupant) == team {
            return None;
        }
        let target = position + u16::from(value);
        Some(if target >= self.loop_len() {
            target - self.loop_len()
        } else {
            target
        })
    }

    fn is_locked(&self, team: usize, index: usize) -> bool {
        self.locked[team] & (1 << index) != 0
    }

    /// Whether piece `index` may use `value`, and where it goes.
    fn piece_move(&self, team: usize, index: usize, value: u8) -> Option<u16> {
        let position = self.position[team][index];
        if position == DEAD {
            return None;
        }
        if self.is_locked(team, index) {
            return match (value, self.options.unlock) {
                (1, Unlock::MovesOne) => self.target(team, position, 1),
                (1, Unlock::InPlace) => Some(position),
                _ => None,
            };
        }
        self.target(team, position, value)
    }

    /// Lists every piece that may use `value`, by index. Only the pieces on the board are
    /// looked at, and for a value other than 1 only the unlocked ones.
    fn add_moves(&self, value: u8, moves: &mut Vec<Move>) {
        let team = self.team(self.to_move);
        let locked = self.locked[team];
        let mut candidates = self.on_board[team];
        if value != 1 {
            candidates &= !locked;
        }
        let mut movable: u128 = 0;
        while candidates != 0 {
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let position = self.position[team][index];
            let can = if locked >> index & 1 != 0 {
                match self.options.unlock {
                    Unlock::MovesOne => self.target(team, position, 1).is_some(),
                    Unlock::InPlace => true,
                }
            } else {
                self.target(team, position, value).is_some()
            };
            movable |= u128::from(can) << index;
        }
        // Under `ones_unlock=must`, a 1 that can unlock a piece is kept for the locked ones.
        if value == 1 && movable & locked != 0 && self.options.ones_unlock == OnesUnlock::Must {
            movable &= locked;
        }
        while movable != 0 {
            let index = movable.trailing_zeros() as u8;
            movable &= movable - 1;
            moves.push(Move::Piece { index, value });
        }
    }

    fn place(&mut self, team: usize, index: usize, position: u16) {
        self.position[team][index] = position;
        self.on_board[team] |= 1 << index;
        let cell = self.cell(team, position);
        self.board[cell] = (team * 128 + index + 1) as u8;
    }

    fn end_turn(&mut self) {
        self.spending = false;
        self.pending = [0; 7];
        self.throwing_over = false;
        self.to_move = (self.to_move + 1) % self.players;
    }

    fn apply_stage(&mut self, whites: u8) {
        let player = usize::from(self.to_move);
        let slot = self.score_slot(player);
        let advance_again = self.options.advancing == Advancing::ThrowAgain;
        match self.stage[player] {
            1 => match whites {
                2 | 3 => self.end_turn(),
                1 => {
                    self.score[slot][0] += 1;
                    self.stage[player] = 2;
                    if !advance_again {
                        self.end_turn();
                    }
                }
                _ => {}
            },
            2 => match whites {
                0 | 1 => self.score[slot][0] += 1,
                3 => self.score[slot][1] += 1,
                _ => {
                    self.stage[player] = 3;
                    if !advance_again {
                        self.end_turn();
                    }
                }
            },
            _ => match whites {
                0 => {
                    self.score[slot] = [0, 0];
                    self.stage[player] = 1;
                    self.end_turn();
                }
                2 => {
                    self.score[slot][1] += 1;
                    self.stage[player] = 2;
                }
                _ => {
                    self.stage[player] = PLAYING;
                    if self.score[slot] == [0, 0] {
                        self.finish_spending();
                    } else {
                        self.spending = true;
                    }
                }
            },
        }
    }

    fn finish_spending(&mut self) {
        self.spending = false;
        let slot = self.score_slot(usize::from(self.to_move));
        self.score[slot] = [0, 0];
        if self.options.after_entry == AfterEntry::TurnEnds {
            self.end_turn();
        }
    }

    /// Whether the mover is giving play throws to pieces (rather than throwing).
    #[inline]
    fn assigning(&self) -> bool {
        self.pending != [0; 7]
            && (self.throwing_over || self.options.assignment == Assignment::AsThrown)
    }

    fn spend_values(&self) -> [Option<u8>; 2] {
        let [ones, fours] = self.score[self.score_slot(usize::from(self.to_move))];
        match self.options.score {
            Score::SeparateValues => [(ones > 0).then_some(1), (fours > 0).then_some(4)],
            Score::SingleTotal => {
                let total = u32::from(ones) + 4 * u32::from(fours);
                [u8::try_from(total).ok().filter(|&t| t > 0), None]
            }
        }
    }

    fn rows(&self) -> Vec<String> {
        let n = usize::from(self.columns);
        (0..ROWS)
            .rev()
            .map(|row| {
                (0..n)
                    .map(|column| match self.board[row * n + column] {
                        0 => '.',
                        occupant => {
                            let (team, index) = (
                                usize::from((occupant - 1) / 128),
                                usize::from((occupant - 1) % 128),
                            );
                            match (team, self.is_locked(team, index)) {
                                (0, true) => 'x',
                                (0, false) => 'X',
                                (_, true) => 'o',
                                (_, false) => 'O',
                            }
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn empty(options: &DelebOptions) -> Self {
        let columns = u16::from(options.columns);
        let mut cells = [[0; 6 * MAX_COLUMNS + WRAP]; 2];
        for (team, cells) in cells.iter_mut().enumerate() {
            fill_loop(columns, team, cells);
        }
        Deleb {
            options: options.clone(),
            columns,
            cells,
            players: options.team_players * 2,
            position: [[DEAD; MAX_COLUMNS]; 2],
            on_board: [0; 2],
            locked: [0; 2],
            board: [0; ROWS * MAX_COLUMNS],
            alive: [0; 2],
            to_move: 0,
            stage: [1; MAX_PLAYERS],
            score: [[0; 2]; MAX_PLAYERS],
            spending: false,
            stage_throw: None,
            pending: [0; 7],
            throwing_over: false,
            winner: None,
        }
    }
}

impl Game for Deleb {
    type Move = Move;
    type Options = DelebOptions;

    fn new(options: &DelebOptions) -> Self {
        let mut game = Deleb::empty(options);
        for team in 0..2 {
            for index in 0..usize::from(game.columns) {
                game.place(team, index, index as u16);
            }
            game.alive[team] = options.columns;
            game.locked[team] = (1u128 << options.columns) - 1;
        }
        game
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn team(&self, player: Player) -> u8 {
        player % 2
    }

    fn thrower(&self) -> Option<Player> {
        Some(self.to_move)
    }

    fn phase(&self) -> Phase {
        if self.winner.is_some() {
            return Phase::Over;
        }
        if self.stage_throw.is_some() || self.spending || self.assigning() {
            return Phase::Decision(self.to_move);
        }
        let count = match self.stage[usize::from(self.to_move)] {
            2 => 3,
            3 => 2,
            _ => 4,
        };
        Phase::Chance(Chance::Lots {
            count,
            bias: self.options.white_bias,
        })
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.stage_throw.is_some() {
            moves.push(Move::Stage);
            return;
        }
        let start = moves.len();
        if self.spending {
            for value in self.spend_values().into_iter().flatten() {
                self.add_moves(value, moves);
            }
            if self.options.decline_score || moves.len() == start {
                moves.push(Move::Pass);
            }
            return;
        }
        if self.assigning() {
            for value in 1..=6u8 {
                if self.pending[usize::from(value)] > 0 {
                    self.add_moves(value, moves);
                }
            }
            moves.push(Move::Pass);
        }
    }

    fn apply(&mut self, mv: Move) {
        if let Some(whites) = self.stage_throw.take() {
            return self.apply_stage(whites);
        }
        let team = self.team(self.to_move);
        if let Move::Piece { index, value } = mv {
            let index = usize::from(index);
            let target = self.piece_move(team, index, value).expect("a legal move");
            let from = self.cell(team, self.position[team][index]);
            self.board[from] = 0;
            let to = self.cell(team, target);
            if self.board[to] != 0 {
                let victim = usize::from((self.board[to] - 1) % 128);
                self.position[1 - team][victim] = DEAD;
                self.on_board[1 - team] &= !(1 << victim);
                self.locked[1 - team] &= !(1 << victim);
                self.alive[1 - team] -= 1;
            }
            // Ludii's track sends a piece back to the first pass of a repeated point.
            let target = match (self.options.track, target / self.columns) {
                (Loop::LudiiFirstOccurrence, 4) => target - 2 * self.columns,
                (Loop::LudiiFirstOccurrence, 5) => target - 4 * self.columns,
                _ => target,
            };
            self.place(team, index, target);
            self.locked[team] &= !(1 << index);
            if self.alive[1 - team] == 0 {
                self.winner = Some(team as u8);
                return;
            }
        }
        if self.spending {
            let slot = self.score_slot(usize::from(self.to_move));
            match (mv, self.options.score) {
                (Move::Piece { value: 1, .. }, Score::SeparateValues) => self.score[slot][0] -= 1,
                (Move::Piece { value: 4, .. }, Score::SeparateValues) => self.score[slot][1] -= 1,
                _ => self.score[slot] = [0, 0],
            }
            if self.score[slot] == [0, 0] {
                self.finish_spending();
            }
            return;
        }
        match mv {
            Move::Piece { value, .. } => self.pending[usize::from(value)] -= 1,
            // Declining a throw forgoes it; in a turn assigned at its end, the rest with it.
            _ => self.pending = [0; 7],
        }
        if self.pending == [0; 7] && self.throwing_over {
            self.end_turn();
        }
    }

    fn apply_chance(&mut self, whites: u8) {
        if self.stage[usize::from(self.to_move)] == PLAYING {
            let value = if whites == 0 { 6 } else { whites };
            self.pending[usize::from(value)] += 1;
            self.throwing_over = value == 2 || value == 3;
        } else {
            self.stage_throw = Some(whites);
        }
    }

    fn outcome(&self) -> Outcome {
        match self.winner {
            Some(team) => {
                let mut ranks = [2; MAX_PLAYERS];
                for player in (0..self.players).filter(|p| p % 2 == team) {
                    ranks[usize::from(player)] = 1;
                }
                Outcome {
                    ranks,
                    players: self.players,
                    weight: 1,
                }
            }
            None => Outcome::draw(self.players()),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let len = self.loop_len();
        for team in 0..2 {
            let positions = &self.position[team][..usize::from(self.columns)];
            // Sixty-four pieces at a time, branch-free, so that it vectorises: the check runs
            // after every move.
            let marked_as_placed = positions.chunks(64).enumerate().all(|(chunk, pieces)| {
                let placed = pieces
                    .iter()
                    .enumerate()
                    .fold(0u64, |placed, (i, &p)| placed | u64::from(p != DEAD) << i);
                placed == (self.on_board[team] >> (64 * chunk)) as u64
            });
            if !marked_as_placed || self.on_board[team] >> positions.len() != 0 {
                return Err(format!(
                    "team {}'s pieces on the board are not those it marks",
                    team + 1
                ));
            }
            let alive = self.on_board[team].count_ones();
            if alive != u32::from(self.alive[team]) {
                return Err(format!(
                    "team {} has {alive} pieces, counts {}",
                    team + 1,
                    self.alive[team]
                ));
            }
            let mut placed = self.on_board[team];
            while placed != 0 {
                let index = placed.trailing_zeros() as usize;
                placed &= placed - 1;
                let position = positions[index];
                if position >= len
                    || self.board[self.cell(team, position)] != (team * 128 + index + 1) as u8
                {
                    return Err(format!(
                        "piece {index} of team {} is not where the board says",
                        team + 1
                    ));
                }
            }
        }
        let occupied =
            engine::tally::occupied(&self.board[..ROWS * usize::from(self.columns)]) as usize;
        if occupied != usize::from(self.alive[0]) + usize::from(self.alive[1]) {
            return Err("two pieces share a point".into());
        }
        Ok(())
    }

    /// Player 1's throw at each entry stage and in play. A stage throw is read after its
    /// forced stage move: what it did to the score and the stage. The thrower has a score at
    /// stage three (a one and a four, as stages one and two give), so that a throw losing it
    /// is seen to lose it.
    fn throw_probes(options: &DelebOptions) -> Vec<ThrowProbe<Self>> {
        let at_stage = |stage: u8| {
            let setup = DelebSetup {
                team1: vec!["a1".into()],
                team2: vec!["d1".into()],
                stages: vec![stage, 1, 1, 1],
                scores: if stage == 3 { vec![[1, 1]] } else { Vec::new() },
                ..DelebSetup::default()
            };
            Deleb::from_setup(options, setup).ok()
        };
        let probes = [
            (
                "stage one, four sticks",
                1,
                read_stage_throw as fn(&Deleb, &Deleb) -> ThrowRead,
            ),
            ("stage two, three sticks", 2, read_stage_throw),
            ("stage three, two sticks", 3, read_stage_throw),
            ("play, four sticks", PLAYING, read_play_throw),
        ];
        probes
            .into_iter()
            .filter_map(|(name, stage, read)| {
                Some(ThrowProbe {
                    name,
                    position: at_stage(stage)?,
                    read,
                })
            })
            .collect()
    }
}

/// A position set up by hand: the pieces on the board, each player's stage and score, and
/// the throws waiting to be spent.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DelebSetup {
    /// Team 1's pieces by point (`a1`), `*` after a point on the second pass of its row.
    pub team1: Vec<String>,
    /// Team 2's pieces, written as team 1's.
    pub team2: Vec<String>,
    /// Points of pieces already unlocked.
    #[serde(default)]
    pub unlocked: Vec<String>,
    /// Each player's stage (1–3 throwing to enter play, 4 playing), first player first.
    #[serde(default)]
    pub stages: Vec<u8>,
    /// Each player's score as `[ones, fours]`.
    #[serde(default)]
    pub scores: Vec<[u16; 2]>,
    /// Throw values waiting to be spent.
    #[serde(default)]
    pub pending: Vec<u8>,
    /// Whether the player is spending the pending throws.
    #[serde(default)]
    pub spending: bool,
    #[serde(default)]
    /// Who moves first from the setup.
    pub to_move: Option<Seat>,
}

impl Observe for Deleb {
    type Setup = DelebSetup;

    fn notation(&self, mv: Move) -> String {
        let n = usize::from(self.columns);
        match mv {
            Move::Stage => format!("stage {} throw", self.stage[usize::from(self.to_move)]),
            Move::Pass => "pass".into(),
            Move::Piece { index, value } => {
                let team = self.team(self.to_move);
                let index = usize::from(index);
                let from = self.cell(team, self.position[team][index]);
                let target = self
                    .piece_move(team, index, value)
                    .map_or(from, |t| self.cell(team, t));
                if self.is_locked(team, index) && from == target {
                    return format!("unlock {}", point_name(from, n));
                }
                let capture = if self.board[target] != 0 && target != from {
                    'x'
                } else {
                    '-'
                };
                format!("{}{capture}{}", point_name(from, n), point_name(target, n))
            }
        }
    }

    fn describe_chance(&self, chance: Chance, whites: u8) -> String {
        let Chance::Lots { count, .. } = chance else {
            return whites.to_string();
        };
        format!("{count} sticks: {whites} white")
    }

    fn observe(&self) -> Value {
        let players = usize::from(self.players);
        json!({
            "rows": self.rows(),
            "pieces": self.alive,
            "stages": self.stage[..players].iter().map(|&s| if s == PLAYING { json!("playing") } else { json!(s) }).collect::<Vec<_>>(),
            "scores": (0..players).map(|p| self.score[self.score_slot(p)]).map(|s| u32::from(s[0]) + 4 * u32::from(s[1])).collect::<Vec<_>>(),
            "spending": self.spending,
            "pending": (1..=6u8).flat_map(|v| std::iter::repeat_n(v, usize::from(self.pending[usize::from(v)]))).collect::<Vec<_>>(),
            "turn": self.to_move + 1,
        })
    }

    fn render(&self) -> String {
        let mut out = self.rows().join("\n");
        out.push_str(&format!(
            "\npieces: team 1 {} team 2 {}\n",
            self.alive[0], self.alive[1]
        ));
        out
    }

    /// A `*` puts the piece on the second pass of a row; pieces are locked unless listed in
    /// `unlocked`.
    fn from_setup(options: &DelebOptions, setup: DelebSetup) -> Result<Self, SetupError> {
        let mut game = Deleb::empty(options);
        let n = usize::from(game.columns);
        let players = usize::from(game.players);
        for (team, field, points) in [(0usize, "team1", &setup.team1), (1, "team2", &setup.team2)] {
            if points.len() > n {
                return Err(SetupError::value(
                    field,
                    format!("{} pieces on {n} columns", points.len()),
                ));
            }
            for (index, text) in points.iter().enumerate() {
                let (name, second) = text
                    .strip_suffix('*')
                    .map_or((text.as_str(), false), |n| (n, true));
                let not_a_point = || SetupError::value(field, format!("{name:?} is not a point"));
                let mut chars = name.chars();
                let row = chars
                    .next()
                    .and_then(|c| (c as usize).checked_sub('a' as usize))
                    .filter(|&r| r < ROWS)
                    .ok_or_else(not_a_point)?;
                let column: usize = chars
                    .as_str()
                    .parse::<usize>()
                    .ok()
                    .filter(|c| (1..=n).contains(c))
                    .ok_or_else(not_a_point)?
                    - 1;
                let cell = row * n + column;
                let mut positions = (0..game.loop_len()).filter(|&p| game.cell(team, p) == cell);
                let position = if second {
                    positions.nth(1)
                } else {
                    positions.next()
                }
                .ok_or_else(|| {
                    SetupError::value(field, format!("{text} is not on team {}'s loop", team + 1))
                })?;
                if game.board[cell] != 0 {
                    return Err(SetupError::Position(format!("two pieces on {name}")));
                }
                game.place(team, index, position);
                game.alive[team] += 1;
                if !setup.unlocked.iter().any(|u| u == name) {
                    game.locked[team] |= 1 << index;
                }
            }
        }
        let at_most_one_each = |field: &'static str, entries: usize| {
            if entries <= players {
                Ok(())
            } else {
                Err(SetupError::value(
                    field,
                    format!("{entries} entries for {players} players"),
                ))
            }
        };
        at_most_one_each("stages", setup.stages.len())?;
        for (player, &stage) in setup.stages.iter().enumerate() {
            if !(1..=PLAYING).contains(&stage) {
                return Err(SetupError::value(
                    "stages",
                    format!("{stage} is not a stage from 1 to {PLAYING}"),
                ));
            }
            game.stage[player] = stage;
        }
        at_most_one_each("scores", setup.scores.len())?;
        for (player, &score) in setup.scores.iter().enumerate() {
            let slot = game.score_slot(player);
            game.score[slot] = score;
        }
        for &value in &setup.pending {
            if !matches!(value, 1..=4 | 6) {
                return Err(SetupError::value(
                    "pending",
                    "pending throws are values 1, 2, 3, 4 or 6",
                ));
            }
            let slot = &mut game.pending[usize::from(value)];
            *slot = slot
                .checked_add(1)
                .ok_or_else(|| SetupError::value("pending", "too many throws"))?;
            game.throwing_over |= value == 2 || value == 3;
        }
        game.spending = setup.spending;
        game.to_move = Seat::to_move(setup.to_move, players)?;
        game.check_invariants().map_err(SetupError::Position)?;
        Ok(game)
    }
}

/// Whether the thrower throws again once the throw has been played.
fn throws_again(before: &Deleb, after: &Deleb) -> bool {
    let mut played = after.clone();
    engine::dice::play_to_next_throw(&mut played, 64);
    matches!(played.phase(), Phase::Chance(_)) && played.to_move == before.to_move
}

/// A stage throw: what its stage move did to the thrower's score and stage.
fn read_stage_throw(before: &Deleb, after: &Deleb) -> ThrowRead {
    let mut staged = after.clone();
    let mut moves = Vec::new();
    staged.legal_moves(&mut moves);
    if let Some(&stage_move) = moves.first() {
        staged.apply(stage_move);
    }
    let player = usize::from(before.to_move);
    let slot = before.score_slot(player);
    let (was, now) = (before.score[slot], staged.score[slot]);
    let mut effects = Vec::new();
    // Read off the score itself, never inferred from the stage the throw leads to.
    if now == [0, 0] && was != [0, 0] {
        effects.push("lose the score".to_string());
    }
    if now[0] > was[0] {
        effects.push(format!("score {}", now[0] - was[0]));
    }
    if now[1] > was[1] {
        effects.push(format!("score {}", 4 * (now[1] - was[1])));
    }
    match (before.stage[player], staged.stage[player]) {
        (_, PLAYING) => effects.push("enter the game".into()),
        (from, to) if to == from + 1 => effects.push("next stage".into()),
        (3, 2) => effects.push("back to stage two".into()),
        _ => {}
    }
    ThrowRead {
        value: if effects.is_empty() {
            "nothing".into()
        } else {
            effects.join(", ")
        },
        another_throw: throws_again(before, after),
    }
}

/// A throw in play: the value it adds to the throws waiting to be given to pieces.
fn read_play_throw(before: &Deleb, after: &Deleb) -> ThrowRead {
    let value = (1..=6).find(|&v| after.pending[v] > before.pending[v]);
    ThrowRead {
        value: value.map_or_else(|| "nothing".into(), |v| v.to_string()),
        another_throw: throws_again(before, after),
    }
}

/// The rule scenarios (data-driven tests) of this engine.
pub const SCENARIOS: &str = include_str!("../scenarios.yaml");

#[cfg(test)]
mod tests {
    use super::*;

    fn stage_three_probe(options: &DelebOptions) -> Deleb {
        Deleb::throw_probes(options)
            .into_iter()
            .find(|p| p.name == "stage three, two sticks")
            .expect("a stage-three probe")
            .position
    }

    /// A probe whose score is already zero cannot show a throw losing it.
    #[test]
    fn the_stage_three_probe_has_a_score_to_lose() {
        let probe = stage_three_probe(&DelebOptions::dlp());
        let slot = probe.score_slot(usize::from(probe.to_move));
        assert_ne!(probe.score[slot], [0, 0]);
    }

    /// An engine that sent the thrower back to stage one but kept the score (the reset deleted)
    /// must not be read as losing it: the reading looks at the score, not at the stage.
    #[test]
    fn a_lost_score_is_read_off_the_score_not_the_stage() {
        let before = stage_three_probe(&DelebOptions::dlp());
        let mut kept = before.clone();
        kept.stage[usize::from(kept.to_move)] = 1;
        let read = read_stage_throw(&before, &kept);
        assert!(!read.value.contains("lose the score"), "{}", read.value);
        let mut reset = kept.clone();
        let slot = reset.score_slot(usize::from(reset.to_move));
        reset.score[slot] = [0, 0];
        assert!(
            read_stage_throw(&before, &reset)
                .value
                .contains("lose the score")
        );
    }
}
