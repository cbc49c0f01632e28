//! A take of the hole after the last one where the last counter fell into an empty hole
//! (Pallankuli's `(if (= 1 (count at:(to))) (if (is Occupied (trackSite Move from:(to)
//! steps:1)) (fromTo (from (trackSite Move from:(to) steps:1)) (to (handSite Mover)) …)))`):
//! the family's `empty_hole_capture` `next`.
//!
//! The site taken is read by evaluating it at every landing where the take is made, against
//! the family's next cell along the mover's track, which must be a hole (the family plays
//! this take without stores in the track); the condition by the landings, tried with the next
//! hole empty and holding counters: made exactly where the last hole held one counter (of
//! one's own row, or of either), wherever that next hole holds counters (where it holds none
//! the take takes nothing, made or not).

use ludii::Node;

use super::{Landing, Situation};

/// Whether a capture of `taken`, made exactly where `table` holds, is the family's take of the
/// hole after an empty last hole along the sowing's way `way`: `Some(true)` where it is made
/// from an empty hole of either row, `Some(false)` of one's own row alone, `None` otherwise.
pub(super) fn next_take_of(
    taken: &Node,
    way: u8,
    situation: &Situation<'_>,
    all: &[Landing],
    table: &[bool],
) -> Option<bool> {
    let board = situation.board;
    let after =
        |l: &Landing| usize::from(board.next[usize::from(way)][usize::from(l.mover - 1)][l.cell]);
    let made_from = |l: &Landing, either: bool| {
        l.cell < board.holes
            && l.count == 1
            && (either || board.owner(l.cell) == l.mover - 1)
            && board.is_hole(after(l))
    };
    let either = [false, true].into_iter().find(|&either| {
        all.iter()
            .zip(table)
            .all(|(l, &t)| l.next == 0 || t == made_from(l, either))
    })?;
    let made: Vec<&Landing> = all
        .iter()
        .zip(table)
        .filter(|(_, t)| **t)
        .map(|(l, _)| l)
        .collect();
    if made.is_empty() {
        return None;
    }
    let reads_after = made.iter().all(|l| {
        let mut context = super::rounds::owning_context(situation, l.mover);
        context.to = situation.cells[l.cell] as i64;
        context.int(taken).ok() == Some(situation.cells[after(l)] as i64)
    });
    reads_after.then_some(either)
}
