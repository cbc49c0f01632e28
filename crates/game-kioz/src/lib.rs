//! Kiôz, as Hyde (1694) saw it among the Arabs of Palestine and DLP.Evidence.1238 reads him.
//!
//! Four rows of 22 holes; each player's 22 pieces (four of them kings in name only) fill its
//! home row. Four sticks are thrown: the number of white sides gives the move (1 is *kioz*, Hyde's
//! word for Tâb's *tab*, which DLP's text keeps).
//! Pieces move along a boustrophedon path: along the home row, back along the second row,
//! along the third, and (in DLP's reading) once through the opponent's home row before they
//! circulate in the two middle rows. Landing on an opponent's piece captures it; two pieces
//! never share a hole. Whoever captures all the opponent's pieces wins.

mod options;

use std::sync::LazyLock;

use engine::setup::{Seat, SetupError};
use engine::{Chance, Game, Observe, Outcome, Phase, Player, ThrowProbe, ThrowRead};
use serde::Deserialize;
use serde_json::{Value, json};

pub use options::*;

/// Columns of the board.
pub const COLUMNS: usize = 22;
/// Rows of the board.
pub const ROWS: usize = 4;
/// Pieces per player.
pub const PIECES: usize = 22;
const CELLS: usize = COLUMNS * ROWS;
const DEAD: u8 = u8::MAX;
const KINGS: usize = 4;

/// Throw values (1, 2, 3, 4, 6) index the target table directly.
const VALUE_SLOTS: usize = 7;

/// A player's path as cells, and where it starts repeating.
#[derive(Clone, Copy, Debug)]
pub struct Path {
    cells: [u8; 132],
    len: u8,
    loop_start: u8,
    /// Positions in the opponent's home row, if the path enters it.
    furthest: Option<(u8, u8)>,
    /// Where each position leads with each throw value: the playout loop's only arithmetic.
    targets: [[u8; VALUE_SLOTS]; 132],
    /// The cell each position leads to, by throw value first, so that one throw's look-ups
    /// read one row.
    landing_cells: [[u8; 132]; VALUE_SLOTS],
}

fn row_cells(row: usize, left_to_right: bool) -> impl Iterator<Item = u8> {
    let cells = (0..COLUMNS).map(move |c| (row * COLUMNS + c) as u8);
    let cells: Vec<u8> = if left_to_right {
        cells.collect()
    } else {
        cells.rev().collect()
    };
    cells.into_iter()
}

fn build_path(player: Player, furthest_row: FurthestRow) -> Path {
    let home = row_cells(0, true);
    let second = row_cells(1, false);
    let third = row_cells(2, true);
    let fourth = row_cells(3, false);
    let (sequence, loop_start, furthest): (Vec<u8>, usize, Option<(u8, u8)>) = match furthest_row {
        // Home, second, third, the opponent's home row once; then third and second for ever.
        FurthestRow::Once => (
            home.chain(second)
                .chain(third)
                .chain(fourth)
                .chain(row_cells(2, true))
                .chain(row_cells(1, false))
                .collect(),
            88,
            Some((66, 88)),
        ),
        // Home, then second and third for ever.
        FurthestRow::Never => (home.chain(second).chain(third).collect(), 22, None),
    };
    let mut cells = [0u8; 132];
    for (i, cell) in sequence.iter().enumerate() {
        // The second player's path is the first's turned half a turn.
        cells[i] = if player == 0 {
            *cell
        } else {
            (CELLS - 1) as u8 - *cell
        };
    }
    let mut path = Path {
        cells,
        len: sequence.len() as u8,
        loop_start: loop_start as u8,
        furthest,
        targets: [[0; VALUE_SLOTS]; 132],
        landing_cells: [[0; 132]; VALUE_SLOTS],
    };
    for position in 0..path.len {
        for value in 0..VALUE_SLOTS as u8 {
            let target = path.step(position, value);
            path.targets[usize::from(position)][usize::from(value)] = target;
            path.landing_cells[usize::from(value)][usize::from(position)] =
                path.cells[usize::from(target)];
        }
    }
    path
}

static PATHS: LazyLock<[[Path; 2]; 2]> = LazyLock::new(|| {
    [FurthestRow::Once, FurthestRow::Never]
        .map(|variant| [build_path(0, variant), build_path(1, variant)])
});

impl Path {
    #[inline]
    fn advance(&self, position: u8, steps: u8) -> u8 {
        self.targets[usize::from(position)][usize::from(steps)]
    }

    fn step(&self, position: u8, steps: u8) -> u8 {
        let target = u16::from(position) + u16::from(steps);
        let len = u16::from(self.len);
        if target < len {
            target as u8
        } else {
            let start = u16::from(self.loop_start);
            (start + (target - start) % (len - start)) as u8
        }
    }

    /// The first position of `cell` on the path, or the first after the furthest row.
    fn position_of(&self, cell: u8, after_furthest_row: bool) -> Option<u8> {
        let from = if after_furthest_row {
            self.furthest.map_or(0, |(_, end)| end)
        } else {
            0
        };
        (from..self.len).find(|&p| self.cells[usize::from(p)] == cell)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// A move of Kiôz.
pub enum Move {
    /// Move piece `index` of the player by the throw.
    Piece(u8),
    /// No piece can move: the turn passes.
    Pass,
}

#[derive(Clone, Debug)]
/// A game of Kiôz in progress.
pub struct Kioz {
    options: KiozOptions,
    path: [Path; 2],
    /// Path position of each piece, or `DEAD`.
    position: [[u8; PIECES]; 2],
    /// Occupant of each cell: 0, or player * PIECES + index + 1.
    board: [u8; CELLS],
    /// Pieces that have not moved yet, as bits.
    unmoved: [u32; 2],
    /// Pieces still on the board, as bits.
    on_board: [u32; 2],
    alive: [u8; 2],
    /// Pieces in their own home row.
    at_home: [u8; 2],
    moved_any: [bool; 2],
    to_move: Player,
    /// The throw to play (0: a throw is due).
    throw: u8,
    extra: bool,
    winner: Option<Player>,
}

/// The name of a cell (`a1`…).
pub fn cell_name(cell: u8) -> String {
    let cell = usize::from(cell);
    format!(
        "{}{}",
        (b'a' + (cell % COLUMNS) as u8) as char,
        cell / COLUMNS + 1
    )
}

/// The cell a name such as `a1` names.
pub fn parse_cell(name: &str) -> Option<u8> {
    let mut chars = name.chars();
    let column = chars.next()? as usize;
    let row: usize = chars.as_str().parse().ok()?;
    let column = column.checked_sub('a' as usize).filter(|&c| c < COLUMNS)?;
    (1..=ROWS)
        .contains(&row)
        .then(|| ((row - 1) * COLUMNS + column) as u8)
}

impl Kioz {
    /// The pieces the mover may move with the throw, as bits by piece index; none means the
    /// only move is a pass. Only own pieces block, so one look-up per piece decides.
    #[inline]
    fn movable(&self) -> u32 {
        let p = usize::from(self.to_move);
        let value = self.throw;
        let tab = value == 1;
        let path = &self.path[p];
        let unmoved = self.unmoved[p];
        let mut candidates = self.on_board[p];
        if !tab {
            candidates &= match self.options.activation {
                Activation::EveryPiece => !unmoved,
                Activation::FirstPieceOnly if !self.moved_any[p] => 0,
                Activation::FirstPieceOnly => u32::MAX,
            };
        }
        if let (Some((start, end)), true) = (path.furthest, self.at_home[p] > 0) {
            for index in 0..PIECES {
                if (start..end).contains(&self.position[p][index]) {
                    candidates &= !(1 << index);
                }
            }
        }
        let own = self.to_move * PIECES as u8;
        let landing_cells = &path.landing_cells[usize::from(value)];
        let mut movable = 0;
        while candidates != 0 {
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let cell = landing_cells[usize::from(self.position[p][index])];
            let occupant = self.board[usize::from(cell)];
            let free = occupant.wrapping_sub(1).wrapping_sub(own) >= PIECES as u8;
            movable |= u32::from(free) << index;
        }
        let must_use_unmoved = tab
            && unmoved & self.on_board[p] != 0
            && (movable & unmoved != 0 || self.options.tab_rule == TabRule::UnmovedOrLost);
        if must_use_unmoved {
            movable &= unmoved;
        }
        movable
    }

    fn throw_value(&self, whites: u8) -> (u8, bool) {
        match whites {
            0 if self.options.no_whites == NoWhites::Four => (4, true),
            0 => (6, true),
            1 => (1, true),
            2 => (2, false),
            3 if self.options.three_whites == ThreeWhites::Two => (2, false),
            3 => (3, false),
            _ if self.options.four_whites == FourWhites::Six => (6, true),
            _ => (4, true),
        }
    }

    fn place(&mut self, player: Player, index: usize, position: u8) {
        let cell = self.path[usize::from(player)].cells[usize::from(position)];
        self.position[usize::from(player)][index] = position;
        self.on_board[usize::from(player)] |= 1 << index;
        self.board[usize::from(cell)] = player * PIECES as u8 + index as u8 + 1;
        if position < COLUMNS as u8 {
            self.at_home[usize::from(player)] += 1;
        }
    }

    fn lift(&mut self, player: Player, index: usize) {
        let position = self.position[usize::from(player)][index];
        let cell = self.path[usize::from(player)].cells[usize::from(position)];
        self.board[usize::from(cell)] = 0;
        if position < COLUMNS as u8 {
            self.at_home[usize::from(player)] -= 1;
        }
    }

    fn next_throw(&mut self, passed: bool) {
        let again =
            self.extra && !(passed && self.options.unusable_throw == UnusableThrow::LostEndTurn);
        if !again {
            self.to_move = 1 - self.to_move;
        }
        self.throw = 0;
        self.extra = false;
    }

    fn empty(options: &KiozOptions) -> Self {
        let variant = match options.furthest_row {
            FurthestRow::Once => 0,
            FurthestRow::Never => 1,
        };
        Kioz {
            options: options.clone(),
            path: PATHS[variant],
            position: [[DEAD; PIECES]; 2],
            board: [0; CELLS],
            unmoved: [0; 2],
            on_board: [0; 2],
            alive: [0; 2],
            at_home: [0; 2],
            moved_any: [false; 2],
            to_move: 0,
            throw: 0,
            extra: false,
            winner: None,
        }
    }

    fn is_king(&self, index: usize) -> bool {
        match self.options.kings {
            Kings::PathEnd => index >= PIECES - KINGS,
            Kings::PathStart => index < KINGS,
        }
    }

    fn rows(&self) -> Vec<String> {
        (0..ROWS)
            .rev()
            .map(|row| {
                (0..COLUMNS)
                    .map(|column| match self.board[row * COLUMNS + column] {
                        0 => '.',
                        occupant => {
                            let (player, index) = (
                                (occupant - 1) / PIECES as u8,
                                usize::from((occupant - 1) % PIECES as u8),
                            );
                            match (player, self.is_king(index)) {
                                (0, false) => '1',
                                (0, true) => 'K',
                                (_, false) => '2',
                                (_, true) => 'k',
                            }
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

impl Game for Kioz {
    type Move = Move;
    type Options = KiozOptions;

    fn new(options: &KiozOptions) -> Self {
        let mut game = Kioz::empty(options);
        for player in 0..2 {
            for index in 0..PIECES {
                game.place(player, index, index as u8);
            }
            game.alive[usize::from(player)] = PIECES as u8;
            game.unmoved[usize::from(player)] = (1 << PIECES) - 1;
        }
        game
    }

    fn players(&self) -> usize {
        2
    }

    fn thrower(&self) -> Option<Player> {
        Some(self.to_move)
    }

    fn phase(&self) -> Phase {
        match (self.winner, self.throw) {
            (Some(_), _) => Phase::Over,
            (None, 0) => Phase::Chance(Chance::Lots {
                count: 4,
                bias: self.options.white_bias,
            }),
            _ => Phase::Decision(self.to_move),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let mut movable = self.movable();
        if movable == 0 {
            moves.push(Move::Pass);
        }
        while movable != 0 {
            moves.push(Move::Piece(movable.trailing_zeros() as u8));
            movable &= movable - 1;
        }
    }

    const CHOOSES_WITHOUT_LISTING: bool = true;

    /// The picked piece of the movable set, without writing the list.
    fn choose_move(
        &self,
        _moves: &mut Vec<Move>,
        pick: impl FnOnce(usize) -> usize,
    ) -> (usize, Move) {
        let movable = self.movable();
        if movable == 0 {
            return (1, Move::Pass);
        }
        let count = movable.count_ones() as usize;
        let piece = engine::tally::nth_set_bit(movable, pick(count));
        (count, Move::Piece(piece as u8))
    }

    fn apply(&mut self, mv: Move) {
        let Move::Piece(index) = mv else {
            return self.next_throw(true);
        };
        let player = self.to_move;
        let (p, index) = (usize::from(player), usize::from(index));
        let target = self.path[p].advance(self.position[p][index], self.throw);
        let cell = usize::from(self.path[p].cells[usize::from(target)]);
        let occupant = self.board[cell];
        if occupant != 0 {
            let (victim, victim_index) = (
                (occupant - 1) / PIECES as u8,
                usize::from((occupant - 1) % PIECES as u8),
            );
            self.lift(victim, victim_index);
            self.position[usize::from(victim)][victim_index] = DEAD;
            self.on_board[usize::from(victim)] &= !(1 << victim_index);
            self.unmoved[usize::from(victim)] &= !(1 << victim_index);
            self.alive[usize::from(victim)] -= 1;
        }
        self.lift(player, index);
        self.place(player, index, target);
        self.unmoved[p] &= !(1 << index);
        self.moved_any[p] = true;
        if self.alive[1 - p] == 0 {
            self.winner = Some(player);
            return;
        }
        self.next_throw(false);
    }

    fn apply_chance(&mut self, whites: u8) {
        let (value, extra) = self.throw_value(whites);
        self.throw = value;
        self.extra = extra;
    }

    fn outcome(&self) -> Outcome {
        self.winner
            .map_or(Outcome::draw(2), |w| Outcome::single_winner(2, w))
    }

    fn check_invariants(&self) -> Result<(), String> {
        for player in 0..2u8 {
            let p = usize::from(player);
            let alive = engine::tally::other_than(&self.position[p], DEAD) as usize;
            if alive != self.on_board[p].count_ones() as usize {
                return Err(format!(
                    "player {} has {alive} pieces but marks {}",
                    player + 1,
                    self.on_board[p].count_ones()
                ));
            }
            if alive != usize::from(self.alive[p]) || alive > PIECES {
                return Err(format!(
                    "player {} has {alive} pieces on the board but counts {}",
                    player + 1,
                    self.alive[p]
                ));
            }
            for (index, &pos) in self.position[p].iter().enumerate() {
                if pos == DEAD {
                    continue;
                }
                let cell = self.path[p].cells[usize::from(pos)];
                if self.board[usize::from(cell)] != player * PIECES as u8 + index as u8 + 1 {
                    return Err(format!(
                        "piece {index} of player {} is not where the board says",
                        player + 1
                    ));
                }
            }
        }
        let occupied = engine::tally::occupied(&self.board) as usize;
        if occupied != usize::from(self.alive[0]) + usize::from(self.alive[1]) {
            return Err("two pieces share a hole".into());
        }
        Ok(())
    }

    /// The throw of a player with a piece already moving, so that every value can be used
    /// (a throw no piece can use is an option of its own, `unusable_throw`).
    fn throw_probes(options: &KiozOptions) -> Vec<ThrowProbe<Self>> {
        let mut position = Kioz::new(options);
        position.apply_chance(1);
        engine::dice::play_to_next_throw(&mut position, 8);
        vec![ThrowProbe {
            name: "four sticks, white sides up",
            position,
            read: |before, after| {
                let mut played = after.clone();
                engine::dice::play_to_next_throw(&mut played, 8);
                ThrowRead {
                    value: after.throw.to_string(),
                    another_throw: matches!(played.phase(), Phase::Chance(_))
                        && played.to_move == before.to_move,
                }
            },
        }]
    }
}

/// A position set up by hand: where each player's pieces stand.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KiozSetup {
    /// Player 1's pieces by cell (`a1`), `*` after a piece that has been through the furthest
    /// row (`d3*`).
    pub p1: Vec<String>,
    /// Player 2's pieces, written as player 1's.
    pub p2: Vec<String>,
    /// Cells of pieces in their home row that have already moved.
    #[serde(default)]
    pub moved: Vec<String>,
    #[serde(default)]
    /// Who moves first from the setup.
    pub to_move: Option<Seat>,
}

impl Observe for Kioz {
    type Setup = KiozSetup;

    fn notation(&self, mv: Move) -> String {
        let Move::Piece(index) = mv else {
            return "pass".into();
        };
        let p = usize::from(self.to_move);
        let from = self.position[p][usize::from(index)];
        let to = self.path[p].advance(from, self.throw);
        let (from_cell, to_cell) = (
            self.path[p].cells[usize::from(from)],
            self.path[p].cells[usize::from(to)],
        );
        let capture = if self.board[usize::from(to_cell)] != 0 {
            'x'
        } else {
            '-'
        };
        format!("{}{capture}{}", cell_name(from_cell), cell_name(to_cell))
    }

    fn describe_chance(&self, _chance: Chance, whites: u8) -> String {
        let (value, extra) = self.throw_value(whites);
        format!(
            "{whites} white: {value}{}{}",
            if whites == 1 { " (kioz; DLP: tab)" } else { "" },
            if extra { ", throw again" } else { "" }
        )
    }

    fn chance_by_name(&self, name: &str) -> Option<u8> {
        // Hyde: "loco vocabuli Tab, exclamatur Kioz"; DLP's text says tab.
        matches!(name, "kioz" | "tab").then_some(1)
    }

    fn observe(&self) -> Value {
        json!({
            "rows": self.rows(),
            "pieces": self.alive,
            "unmoved": self.unmoved.map(u32::count_ones),
            "throw": if self.throw == 0 { Value::Null } else { json!(self.throw) },
            "extra_throw": self.extra,
            "turn": self.to_move + 1,
        })
    }

    fn render(&self) -> String {
        let mut out = self.rows().join("\n");
        out.push_str(&format!(
            "\npieces: P1 {} P2 {}\n",
            self.alive[0], self.alive[1]
        ));
        out
    }

    /// Pieces in their own home row are unmoved unless listed in `moved`.
    fn from_setup(options: &KiozOptions, setup: KiozSetup) -> Result<Self, SetupError> {
        let mut game = Kioz::empty(options);
        for (player, field, cells) in [(0u8, "p1", &setup.p1), (1, "p2", &setup.p2)] {
            if cells.len() > PIECES {
                return Err(SetupError::value(
                    field,
                    format!("more than {PIECES} pieces"),
                ));
            }
            for (index, text) in cells.iter().enumerate() {
                let (name, looped) = text
                    .strip_suffix('*')
                    .map_or((text.as_str(), false), |n| (n, true));
                let cell = parse_cell(name)
                    .ok_or_else(|| SetupError::value(field, format!("{name:?} is not a cell")))?;
                let position = game.path[usize::from(player)]
                    .position_of(cell, looped)
                    .ok_or_else(|| {
                        SetupError::value(
                            field,
                            format!("{text} is not on player {}'s path", player + 1),
                        )
                    })?;
                if game.board[usize::from(cell)] != 0 {
                    return Err(SetupError::Position(format!("two pieces on {name}")));
                }
                game.place(player, index, position);
                game.alive[usize::from(player)] += 1;
                if position < COLUMNS as u8 && !setup.moved.iter().any(|m| m == name) {
                    game.unmoved[usize::from(player)] |= 1 << index;
                }
            }
            game.moved_any[usize::from(player)] = game.unmoved[usize::from(player)].count_ones()
                < u32::from(game.alive[usize::from(player)]);
        }
        game.to_move = Seat::to_move(setup.to_move, 2)?;
        Ok(game)
    }
}

/// The rule scenarios (data-driven tests) of this engine.
pub const SCENARIOS: &str = include_str!("../scenarios.yaml");
