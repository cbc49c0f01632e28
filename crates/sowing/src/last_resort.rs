//! A hole lifted last (`last_resort_holes`): each player's hole that a fresh move lifts only when
//! it holds more than `last_resort_above` counters or no other hole the player may lift holds
//! any (Gabata (Aksum)'s left-hand hole, `(if (!= (from) (mapEntry "LeftMost" Mover)) True (if
//! (is Mover Prev) True (or (< 3 (count at:(from))) (no Pieces All in:…))))`). A relay lifts it
//! as any other hole, as Ludii's `(is Mover Prev)` lets it. The holes are resolved once, as
//! bits, so that a game without them reads one word a turn.

use crate::board::Board;
use crate::opening::hole_written;
use crate::params::SowingParams;
use crate::{Player, Sowing};

/// Each player's hole lifted last, as one bit (player 1's first); none where the game has none.
pub(crate) fn resolve(params: &SowingParams, board: &Board) -> [u64; 2] {
    let mut bits = [0; 2];
    for (player, &(row, place)) in params.last_resort_holes.named().iter().take(2).enumerate() {
        if let Some(hole) = board.hole_at(usize::from(row), usize::from(place)) {
            bits[player] = 1 << hole;
        }
    }
    bits
}

/// What the holes lifted last need: one hole of the board for each player together with the
/// count above which it is lifted like any other, lifted from the player's holes as a fresh
/// move lifts them (no opening, lifting anywhere or the opponent's row).
pub(crate) fn validate(params: &SowingParams) -> Result<(), String> {
    let named = params.last_resort_holes.named();
    if named.is_empty() {
        return if params.last_resort_above == 0 {
            Ok(())
        } else {
            Err("last_resort_above: needs holes lifted last (last_resort_holes)".into())
        };
    }
    if named.len() != 2 || params.last_resort_above == 0 {
        return Err(
            "last_resort_holes: one hole for each player, player 1's then player 2's, with the count above which it is lifted like any other (last_resort_above)"
                .into(),
        );
    }
    let board = Board::new(params);
    for &(row, place) in named {
        if board
            .hole_at(usize::from(row), usize::from(place))
            .is_none()
        {
            return Err(format!(
                "last_resort_holes: {} is not a hole of the board",
                hole_written(row, place)
            ));
        }
    }
    if params.opening_turns > 0 || params.lift_anywhere || params.lift_opponents_row {
        return Err(
            "last_resort_holes: a hole lifted last is one of the player's own, without an opening, lifting anywhere or the opponent's row"
                .into(),
        );
    }
    Ok(())
}

impl Sowing {
    /// `legal` (the holes the mover may sow each way) without the mover's hole lifted last
    /// (`reserve`, one bit) where it holds no more than `last_resort_above` counters and
    /// another hole the mover may lift holds some.
    // Only in the games that have such a hole: kept out of the playout loop.
    #[cold]
    #[inline(never)]
    pub(crate) fn without_last_resort(&self, legal: [u64; 2], reserve: u64) -> [u64; 2] {
        let mover: Player = self.to_move;
        let hole = reserve.trailing_zeros() as usize;
        let liftable = self.reach.liftable[usize::from(mover)];
        if self.cells[hole] > u16::from(self.params.last_resort_above)
            || Self::holes_holding(&self.cells, liftable & !reserve, 1) == 0
        {
            return legal;
        }
        legal.map(|set| set & !reserve)
    }
}
