//! A parameter set resolved into the tables a playout reads: each seat's track, the place of
//! every cell on it, where a landing leads on to, and the cells that are safe, give another
//! throw or must be stopped on, as bits. Built by copying and indexing fixed arrays, so that a
//! game is made inside the playout loop without allocating.

use crate::params::{CellSet, MAX_CELLS, MAX_SEATS, NO_CELL, RaceParams, ValueSet};

/// The resolved board of one parameter set.
#[derive(Clone, Debug)]
pub struct Board {
    /// Each seat's cells in order.
    pub track: [[u8; MAX_CELLS]; MAX_SEATS],
    /// Cells on each seat's track.
    pub len: [u8; MAX_SEATS],
    /// The position of each cell on each seat's track, or [`NO_CELL`]; of its first pass where
    /// the track passes it twice (`check` keeps the rules that read it off such tracks).
    pub position: [[u8; MAX_CELLS]; MAX_SEATS],
    /// Where a piece that lands on each position of a seat's track comes to rest (the position
    /// itself, or where a jump leads).
    pub rest: [[u8; MAX_CELLS]; MAX_SEATS],
    /// Cells where no piece is captured.
    pub safe: CellSet,
    /// Cells that give another throw.
    pub extra: CellSet,
    /// Cells that cannot be passed.
    pub must_stop: CellSet,
    /// Cells that send a piece coming to rest there back to its hand.
    pub to_hand: CellSet,
    /// Each seat's cells where its pieces do not stack.
    pub no_stack: [CellSet; MAX_SEATS],
    /// Each seat's cells where its pieces do not land on an enemy.
    pub no_capture: [CellSet; MAX_SEATS],
    /// Each seat's cells on which a piece of its own keeps others from entering.
    pub enter_blocked: [CellSet; MAX_SEATS],
    /// Each seat's cells from which its pieces move only by the values `restricted_values`
    /// lists.
    pub restricted: [CellSet; MAX_SEATS],
    /// Whether any rule of the rare landings on the board applies: a limit of the stacks on
    /// some cells (`stack_limit`), or cells kept while the start is crowded
    /// (`start_crowd_cells`). Asked once a landing; the rules are settled out of line. The
    /// limit of the stacks an entering piece lands on (`enter_stack_limit`) is asked of entries
    /// alone: behind this flag it cost Nard, Shuanglu and Ssang-Ryouk, which have it, 15 % of
    /// their instructions.
    pub rare_landing: bool,
    /// Whether any rule of the rare moves applies: pieces held on the first point
    /// (`start_hold_count`), cells that keep a piece to some values (`restricted_cells`), a
    /// value played as other steps (`alternative_value`), one-step turns
    /// (`one_step_turn_values`), pieces held while the hand holds some (`held_while_hand`)
    /// or waiting for those on the bar (`first_position_first`), pieces beneath another seat's
    /// (`start_beneath`). The listing of moves is compiled with
    /// and without them, so that the games without pay nothing for them: checked in every game,
    /// they cost Backgammon 4.5 % of its instructions (169.1 against 161.5 million in the
    /// gate's workload) and Nard 6.5 %.
    pub rare_moves: bool,
    /// Whether a seat finishes on reaching one of its `goals`: asked out of line once a piece
    /// comes to rest.
    pub goal: bool,
    /// The cell where one seat's pieces start beneath another's (`start_beneath`), or
    /// [`NO_CELL`]; every seat's `no_capture` holds it, so that a landing there on an enemy is
    /// settled out of line and the other games read nothing more.
    pub beneath: u8,
    /// The seat whose pieces start beneath on `beneath`, and the seat above them.
    pub below: usize,
    /// See `below`.
    pub above: usize,
}

impl Board {
    /// The tables of `params` (already validated).
    pub fn new(params: &RaceParams) -> Self {
        let mut board = Board {
            track: [[0; MAX_CELLS]; MAX_SEATS],
            len: [0; MAX_SEATS],
            position: [[NO_CELL; MAX_CELLS]; MAX_SEATS],
            rest: [[0; MAX_CELLS]; MAX_SEATS],
            safe: params.safe_cells,
            extra: params.extra_throw_cells,
            must_stop: params.must_stop_cells,
            to_hand: params.to_hand_cells,
            no_stack: [0, 1, 2, 3].map(|seat| params.no_stack_cells.of(seat)),
            no_capture: [0, 1, 2, 3].map(|seat| params.no_capture_cells.of(seat)),
            enter_blocked: [0, 1, 2, 3].map(|seat| params.enter_blocked_cells.of(seat)),
            restricted: [0, 1, 2, 3].map(|seat| params.restricted_cells.of(seat)),
            rare_landing: params.stack_limit > 0 || params.start_crowd_cells.seats().is_some(),
            rare_moves: params.start_hold_count > 0
                || params.restricted_cells.seats().is_some()
                || params.alternative_value != 0
                || params.one_step_turn_values != ValueSet::NONE
                || params.held_while_hand > 0
                || params.first_position_first
                || params.start_beneath > 0,
            goal: params.goals.seats().is_some(),
            beneath: NO_CELL,
            below: 0,
            above: 0,
        };
        if let Some((cell, above)) = crate::params::beneath_cell_and_seat(params) {
            board.beneath = cell;
            board.below = usize::from(params.start_beneath) - 1;
            board.above = above;
            for cells in &mut board.no_capture {
                cells.0 |= 1 << cell;
            }
        }
        for seat in 0..usize::from(params.tracks.seats) {
            let len = params.tracks.len(seat);
            board.track[seat] = *params.tracks.track_array(seat);
            board.len[seat] = len as u8;
            for (position, &cell) in params.tracks.track(seat).iter().enumerate() {
                if board.position[seat][usize::from(cell)] == NO_CELL {
                    board.position[seat][usize::from(cell)] = position as u8;
                }
                board.rest[seat][position] = params
                    .jumps
                    .target(cell)
                    .and_then(|to| params.tracks.position(seat, to))
                    .unwrap_or(position as u8);
            }
        }
        board
    }

    /// The cell at `position` of `seat`'s track.
    #[inline]
    pub fn cell(&self, seat: usize, position: u8) -> u8 {
        self.track[seat][usize::from(position)]
    }
}
