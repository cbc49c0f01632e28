//! The board a game's parameters describe, resolved once into tables: the next and previous
//! cell of each player's track, who owns each hole, the hole facing each. The playout loop
//! reads these tables and never the parameters' names.

use engine::Player;

use crate::params::{MAX_HOLES, SowingParams};

/// Cells: the holes, then player 1's store, then player 2's.
pub const MAX_CELLS: usize = MAX_HOLES + 2;

/// The board of one parameter set.
#[derive(Clone, Debug)]
pub struct Board {
    /// Holes on the board (the stores are the two cells after them).
    pub holes: usize,
    /// Holes in a row.
    pub row: usize,
    /// Rows of holes.
    pub rows: usize,
    /// The next cell along each player's track, by way round (anticlockwise first), player
    /// and cell.
    pub next: [[[u8; MAX_CELLS]; 2]; 2],
    /// The previous cell (for chains of captures), by way round, player and cell.
    pub previous: [[[u8; MAX_CELLS]; 2]; 2],
    /// The holes of each player's territory, as bits.
    pub territory: [u64; 2],
    /// The hole across the board from each hole (on four rows: the opponent's inner hole in
    /// the same column, for the inner rows).
    pub opposite: [u8; MAX_HOLES],
    /// Whether a hole has a facing hole (on four rows only the inner rows do).
    pub has_opposite: u64,
    /// On four rows, the opponent's outer hole in the column of each inner hole.
    pub opposite_outer: [u8; MAX_HOLES],
    /// The track is given hole by hole (`track`): holes are numbered row by row from the
    /// bottom, each from the left, and named so.
    pub given: bool,
    /// Where a count sown round and round from a cell ends, without walking the track: only
    /// for games whose moves ask it (`fresh_not_onto_own_occupied`, a game of one round, whose
    /// tracks never change), else empty.
    pub laps: Laps,
}

/// Each player's track written twice over, anticlockwise, and each cell's place on it
/// (`u8::MAX` off it): the cell a count from any place reaches is read at one index.
#[derive(Clone, Debug)]
pub struct Laps {
    twice: [[u8; 2 * MAX_CELLS]; 2],
    place: [[u8; MAX_CELLS]; 2],
    len: [u8; 2],
}

impl Laps {
    const EMPTY: Laps = Laps {
        twice: [[0; 2 * MAX_CELLS]; 2],
        place: [[u8::MAX; MAX_CELLS]; 2],
        len: [0; 2],
    };

    fn index(&mut self, player: usize, order: &[u8]) {
        let len = order.len();
        for (i, &cell) in order.iter().enumerate() {
            self.twice[player][i] = cell;
            self.twice[player][i + len] = cell;
            self.place[player][usize::from(cell)] = i as u8;
        }
        self.len[player] = len as u8;
    }

    /// The cell `count` steps from `cell` along `player`'s track `way` round (anticlockwise
    /// 0), round and round as Ludii's `(trackSite Move … steps:…)` counts them; `None` where
    /// the track was not indexed or does not pass `cell`.
    #[inline]
    pub fn reached(&self, way: usize, player: usize, cell: usize, count: usize) -> Option<usize> {
        let len = usize::from(self.len[player]);
        let place = usize::from(self.place[player][cell]);
        if place >= len {
            return None;
        }
        let steps = count % len;
        let at = if way == 0 {
            place + steps
        } else {
            place + len - steps
        };
        Some(usize::from(self.twice[player][at]))
    }
}

impl Board {
    /// The store cell of `player`.
    #[inline]
    pub const fn store(&self, player: Player) -> usize {
        self.holes + player as usize
    }

    /// Resolves the board of `params` (already validated).
    pub fn new(params: &SowingParams) -> Self {
        let rows = usize::from(params.rows);
        let row = usize::from(params.holes);
        let holes = rows * row;
        let mut board = Board {
            holes,
            row,
            rows,
            next: [[[0; MAX_CELLS]; 2]; 2],
            previous: [[[0; MAX_CELLS]; 2]; 2],
            territory: [0; 2],
            opposite: [0; MAX_HOLES],
            has_opposite: 0,
            opposite_outer: [0; MAX_HOLES],
            given: false,
            laps: Laps::EMPTY,
        };
        let index_laps = params.fresh_not_onto_own_occupied;
        if let (Some(tracks), Some(territory)) = (params.track.given(), params.territory.0) {
            board.given = true;
            board.territory = territory;
            for (player, track) in tracks.iter().enumerate() {
                board.link(player, track);
                if index_laps {
                    board.laps.index(player, track);
                }
            }
            return board;
        }
        // Holes are numbered along the anticlockwise track: on two rows, player 1's row from
        // its left then player 2's from its left; on four rows, each player's own loop (outer
        // row from the left, inner row back), player 1's first.
        let per_player = holes / 2;
        for player in 0..2 {
            let first = player * per_player;
            board.territory[player] = ((1u64 << per_player) - 1) << first;
        }
        // Each player's anticlockwise order of cells, in fixed arrays: a game resolves its
        // board at every start, inside the playout loop, where nothing is allocated.
        let mut orders = [[0u8; MAX_CELLS]; 2];
        let mut lengths = [0usize; 2];
        if rows == 2 {
            for (player, order) in orders.iter_mut().enumerate() {
                // A player's track passes over the opponent's store, unless it is sown too.
                let mut len = 0;
                for side in 0..2 {
                    for hole in side * row..(side + 1) * row {
                        order[len] = hole as u8;
                        len += 1;
                    }
                    // A store on the right follows its owner's row anticlockwise; one on the
                    // left precedes it, so follows the opponent's row.
                    let here = match params.store_side {
                        crate::params::StoreSide::Right => side == player,
                        crate::params::StoreSide::Left => side != player,
                    };
                    // The store at this place is the opponent's where it is not one's own.
                    if params.stores_in_track && (here || params.sow_opponents_store) {
                        let owner = if here { player } else { 1 - player };
                        order[len] = (holes + owner) as u8;
                        len += 1;
                    }
                }
                lengths[player] = len;
            }
            for hole in 0..holes {
                board.opposite[hole] = (holes - 1 - hole) as u8;
                board.has_opposite |= 1 << hole;
            }
        } else {
            for (player, order) in orders.iter_mut().enumerate() {
                let first = player * per_player;
                for (i, hole) in (first..first + per_player).enumerate() {
                    order[i] = hole as u8;
                }
                lengths[player] = per_player;
            }
            // As Ludii's tracks run: player 1's inner row (holes row..2row) goes right to left
            // as player 1 sees it, player 2's inner row (2row..3row) left to right, so column c
            // from player 1's left is hole 2row-1-c on one side and 2row+c on the other.
            for column in 0..row {
                let mine = 2 * row - 1 - column;
                let theirs = 2 * row + column;
                board.opposite[mine] = theirs as u8;
                board.opposite[theirs] = mine as u8;
                board.has_opposite |= 1 << mine | 1 << theirs;
                // The outer rows run the other way: player 1's from its left (hole c),
                // player 2's back from player 1's right (hole 4row-1-c).
                board.opposite_outer[mine] = (4 * row - 1 - column) as u8;
                board.opposite_outer[theirs] = column as u8;
            }
        }
        for (player, order) in orders.iter().enumerate() {
            board.link(player, &order[..lengths[player]]);
            if index_laps {
                board.laps.index(player, &order[..lengths[player]]);
            }
        }
        board
    }

    /// Sets `player`'s next and previous cells each way round along `order`, its
    /// anticlockwise cycle of cells.
    fn link(&mut self, player: usize, order: &[u8]) {
        let len = order.len();
        for (i, &cell) in order.iter().enumerate() {
            let (after, before) = (order[(i + 1) % len], order[(i + len - 1) % len]);
            let cell = usize::from(cell);
            self.next[0][player][cell] = after;
            self.previous[0][player][cell] = before;
            self.next[1][player][cell] = before;
            self.previous[1][player][cell] = after;
        }
    }

    /// The ways round a mover may sow: anticlockwise (0), clockwise (1), as bits.
    pub fn ways(direction: crate::params::Direction) -> u8 {
        match direction {
            crate::params::Direction::Anticlockwise => 0b01,
            crate::params::Direction::Clockwise => 0b10,
            crate::params::Direction::Choice => 0b11,
        }
    }

    /// Whether `cell` is a hole (not a store).
    #[inline]
    pub const fn is_hole(&self, cell: usize) -> bool {
        cell < self.holes
    }

    /// The first empty hole of `empty` along `player`'s anticlockwise track from the first
    /// hole of its territory (the one its track enters it by), on past it into the
    /// opponent's: Ludii's `LeftMostEmpty`, a `trackSite FirstSite` along the track from one's
    /// leftmost hole; 0 where none is empty.
    pub fn first_empty_along(&self, player: Player, empty: u64) -> u64 {
        let owned = self.territory[usize::from(player)];
        let next = &self.next[0][usize::from(player)];
        let previous = &self.previous[0][usize::from(player)];
        let Some(start) = (0..self.holes).find(|&hole| {
            owned >> hole & 1 == 1 && owned >> (usize::from(previous[hole]) & 63) & 1 == 0
        }) else {
            return empty & empty.wrapping_neg();
        };
        let mut cell = start;
        for _ in 0..MAX_CELLS {
            if self.is_hole(cell) && empty >> cell & 1 == 1 {
                return 1 << cell;
            }
            cell = usize::from(next[cell]);
        }
        0
    }

    /// The owner of a hole's row.
    #[inline]
    pub fn owner(&self, hole: usize) -> Player {
        u8::from(self.territory[1] >> hole & 1 == 1)
    }

    /// On the family's round of two rows, the last hole of `player`'s row along the
    /// anticlockwise track, at its right as it sees it, before the track enters the
    /// opponent's row.
    #[inline]
    pub const fn row_end(&self, player: Player) -> usize {
        (player as usize + 1) * self.row - 1
    }

    /// A hole's name: its row's letter (`a` player 1's, `b` player 2's; on four rows `a` and
    /// `b` player 1's outer and inner, `c` and `d` player 2's inner and outer) and its place
    /// from the row owner's left; on a board whose track is given, the rows from the bottom
    /// (`a`, `b`, `c`, …), each place from player 1's left.
    pub fn hole_name(&self, hole: usize) -> String {
        let row = hole / self.row;
        let place = hole % self.row;
        // The inner rows of a four-row board are numbered along the track from their owner's
        // right.
        let from_left = if !self.given && self.rows == 4 && (row == 1 || row == 2) {
            self.row - place
        } else {
            place + 1
        };
        let letter = (b'a' + row as u8) as char;
        format!("{letter}{from_left}")
    }

    /// The hole a name from [`Board::hole_name`] names.
    pub fn parse_hole(&self, name: &str) -> Option<usize> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        let row = (letter as usize).checked_sub('a' as usize)?;
        let from_left: usize = chars.as_str().parse().ok()?;
        self.hole_at(row, from_left)
    }

    /// The hole of row `row` (0 for `a`) at place `from_left` (1 for the first), as
    /// [`Board::hole_name`] names it.
    pub fn hole_at(&self, row: usize, from_left: usize) -> Option<usize> {
        if row >= self.rows || !(1..=self.row).contains(&from_left) {
            return None;
        }
        let place = if !self.given && self.rows == 4 && (row == 1 || row == 2) {
            self.row - from_left
        } else {
            from_left - 1
        };
        Some(row * self.row + place)
    }
}
