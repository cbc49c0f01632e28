//! The two-row board of six holes a side that Baqura and Tuz share.
//!
//! Holes are numbered in sowing order: 0–5 along player 1's row from its left, then 6–11
//! along player 2's row from *its* left, so that anticlockwise sowing runs 0, 1, …, 11, 0.
//! Notation names a hole by its row and its place from the row owner's left: `a1`…`a6` for
//! player 1's row, `b1`…`b6` for player 2's.

use serde_json::{Value, json};

use crate::game::Player;

pub const HOLES: usize = 12;
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

/// `a1`…`a6`, `b1`…`b6`.
pub fn hole_name(hole: usize) -> String {
    format!("{}{}", if hole < ROW { 'a' } else { 'b' }, hole % ROW + 1)
}

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

/// Counts as `{"a": [...], "b": [...]}`, each row from its owner's left.
pub fn rows_json<T: Copy + Into<Value>>(cells: &[T; HOLES]) -> Value {
    json!({ "a": cells[..ROW].iter().map(|&c| c.into()).collect::<Vec<Value>>(), "b": cells[ROW..].iter().map(|&c| c.into()).collect::<Vec<Value>>() })
}

/// Reads `{"a": [6 numbers], "b": [6 numbers]}`.
pub fn rows_from_json(value: &Value) -> Result<[u8; HOLES], String> {
    crate::setup::known_keys(value, &["a", "b"]).map_err(|e| format!("board: {e}"))?;
    let mut cells = [0u8; HOLES];
    for (row, offset) in [("a", 0), ("b", ROW)] {
        let list = value
            .get(row)
            .and_then(Value::as_array)
            .ok_or_else(|| format!("row {row:?} must be a list of six numbers"))?;
        if list.len() != ROW {
            return Err(format!("row {row:?} has {} holes, not six", list.len()));
        }
        for (i, count) in list.iter().enumerate() {
            cells[offset + i] = count
                .as_u64()
                .and_then(|c| u8::try_from(c).ok())
                .ok_or_else(|| format!("row {row:?} hole {}: {count} is not a count", i + 1))?;
        }
    }
    Ok(cells)
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
}
