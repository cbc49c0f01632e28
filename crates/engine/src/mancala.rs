//! The two-row board of six holes a side that Baqura and Tuz share.
//!
//! Holes are numbered in sowing order: 0–5 along player 1's row from its left, then 6–11
//! along player 2's row from *its* left, so that anticlockwise sowing runs 0, 1, …, 11, 0.
//! Notation names a hole by its row and its place from the row owner's left: `a1`…`a6` for
//! player 1's row, `b1`…`b6` for player 2's.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::game::Player;

/// Holes of the board: two rows.
pub const HOLES: usize = 12;
/// Holes of one player's row.
pub const ROW: usize = 6;

/// The next hole anticlockwise.
#[inline]
pub const fn next(hole: usize) -> usize {
    if hole == HOLES - 1 { 0 } else { hole + 1 }
}

/// The previous hole (clockwise).
#[inline]
pub const fn previous(hole: usize) -> usize {
    if hole == 0 { HOLES - 1 } else { hole - 1 }
}

/// The hole facing `hole` across the board.
#[inline]
pub const fn opposite(hole: usize) -> usize {
    HOLES - 1 - hole
}

/// Whose row a hole is in.
#[inline]
pub const fn row_of(hole: usize) -> Player {
    (hole / ROW) as Player
}

/// A player's rightmost hole (as the player sits).
#[inline]
pub const fn rightmost(player: Player) -> usize {
    player as usize * ROW + ROW - 1
}

/// Sows `counters` one by one into the holes after `origin`, anticlockwise and round again,
/// passing over the holes in `skipped` (bits by hole), and returns the hole of the last
/// counter (`origin` when there are none). Whole laps go in at once: Baqura's 72 counters may
/// stand in one hole. A hole skipped for being empty stays empty, so the set is fixed before
/// the first counter falls.
#[inline]
pub fn sow(holes: &mut [u8; HOLES], origin: usize, counters: u8, skipped: u16) -> usize {
    let receives = |hole: usize| skipped & 1 << hole == 0;
    let mut left = counters;
    let receivers = (!skipped & ((1 << HOLES) - 1)).count_ones() as u8;
    if counters > receivers && receivers > 0 {
        // Leaves one to a lap's worth of counters, so that the last one is sown singly below.
        let laps = (counters - 1) / receivers;
        for (hole, count) in holes.iter_mut().enumerate() {
            if receives(hole) {
                *count += laps;
            }
        }
        left -= laps * receivers;
    }
    let mut hole = origin;
    if skipped == 0 {
        // The usual case, kept free of the test below: a counter in every hole.
        for _ in 0..left {
            hole = next(hole);
            holes[hole] += 1;
        }
        return hole;
    }
    while left > 0 && receivers > 0 {
        hole = next(hole);
        if receives(hole) {
            holes[hole] += 1;
            left -= 1;
        }
    }
    hole
}

/// `a1`…`a6`, `b1`…`b6`.
pub fn hole_name(hole: usize) -> String {
    format!("{}{}", if hole < ROW { 'a' } else { 'b' }, hole % ROW + 1)
}

/// The hole (0-based from `a1`) a name such as `a1` or `b6` names; the inverse of [`hole_name`].
pub fn parse_hole(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let row = match chars.next()? {
        'a' => 0,
        'b' => ROW,
        _ => return None,
    };
    let place: usize = chars.as_str().parse().ok()?;
    (1..=ROW).contains(&place).then(|| row + place - 1)
}

/// A hole as a setup names it (`a1`…`b6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hole(pub u8);

impl<'de> Deserialize<'de> for Hole {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        parse_hole(&name)
            .map(|hole| Hole(hole as u8))
            .ok_or_else(|| {
                serde::de::Error::custom(format!("{name:?} is not a hole (a1..a6, b1..b6)"))
            })
    }
}

/// Counts as `{"a": [...], "b": [...]}`, each row from its owner's left.
pub fn rows_json<T: Copy + Into<Value>>(cells: &[T; HOLES]) -> Value {
    json!({ "a": cells[..ROW].iter().map(|&c| c.into()).collect::<Vec<Value>>(), "b": cells[ROW..].iter().map(|&c| c.into()).collect::<Vec<Value>>() })
}

/// A two-row board as a setup writes it, `{a: [six counts], b: [six counts]}`: row `a` is
/// player 1's, each row from its own first hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rows {
    a: [u8; ROW],
    b: [u8; ROW],
}

impl Rows {
    /// The holes in board order (a1..a6, then b1..b6).
    pub fn holes(self) -> [u8; HOLES] {
        let mut holes = [0; HOLES];
        holes[..ROW].copy_from_slice(&self.a);
        holes[ROW..].copy_from_slice(&self.b);
        holes
    }
}

/// The board as two lines, player 2's row on top as it faces player 1.
pub fn render_rows<T: std::fmt::Display>(cells: &[T; HOLES]) -> String {
    let top: Vec<String> = (ROW..HOLES)
        .rev()
        .map(|h| format!("{:>3}", cells[h].to_string()))
        .collect();
    let bottom: Vec<String> = (0..ROW)
        .map(|h| format!("{:>3}", cells[h].to_string()))
        .collect();
    format!("b6..b1 {}\na1..a6 {}\n", top.join(""), bottom.join(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry() {
        assert_eq!(
            (next(11), previous(0), opposite(0), opposite(5)),
            (0, 11, 11, 6)
        );
        assert_eq!((rightmost(0), rightmost(1)), (5, 11));
        for hole in 0..HOLES {
            assert_eq!(parse_hole(&hole_name(hole)), Some(hole));
            assert_eq!(opposite(opposite(hole)), hole);
        }
        assert_eq!(parse_hole("c1"), None);
        assert_eq!(parse_hole("a7"), None);
    }

    /// The counter-by-counter sowing the laps stand for.
    fn sow_one_by_one(
        holes: &mut [u8; HOLES],
        origin: usize,
        mut counters: u8,
        skipped: u16,
    ) -> usize {
        let mut hole = origin;
        while counters > 0 {
            hole = next(hole);
            if skipped & 1 << hole == 0 {
                holes[hole] += 1;
                counters -= 1;
            }
        }
        hole
    }

    #[test]
    fn sowing_by_laps_is_sowing_counter_by_counter() {
        let start = [3, 0, 7, 1, 0, 2, 0, 5, 0, 0, 9, 1];
        for origin in 0..HOLES {
            for counters in 0..=40 {
                for skipped in [
                    0,
                    1 << origin,
                    0b1101_0000_0000,
                    1 << origin | 0b0001_0100_0000,
                ] {
                    let (mut laps, mut one_by_one) = (start, start);
                    let last = sow(&mut laps, origin, counters, skipped);
                    let expected = sow_one_by_one(&mut one_by_one, origin, counters, skipped);
                    assert_eq!(
                        (last, laps),
                        (expected, one_by_one),
                        "from {origin}, {counters} counters, skipping {skipped:b}"
                    );
                }
            }
        }
    }
}
