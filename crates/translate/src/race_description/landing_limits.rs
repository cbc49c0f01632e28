//! Conditions of a piece's landing on regions of its player's, Kotra's, each a part of its
//! move's `(to SITE if:(and {…}))`:
//!
//! ```text
//! (if (not (is In (to) (sites Mover "StartingSide"))) True (> 2 (size Stack at:(to))))
//! (if (not (is In (to) (sites Mover "AfterPenultimate"))) True
//!     (>= 10 (count Pieces in:(sites {(handSite Mover) (mapEntry "Entry" Mover)}))))
//! ```
//!
//! The first is the family's `stack_limit` on `stack_limit_cells`: on the region a piece does
//! not land where so many pieces stand, of either side (Ludii's `(size Stack at:(to))` counts
//! every piece of the site). The second is `start_crowd_cells` and `start_crowd_limit`: a
//! piece lands on the region only while at most so many pieces wait in its player's hand or
//! stand on the map's site of the player, which must be the first cell of its track (Ludii's
//! `(count Pieces in:…)` without a player counts every player's, `CountPieces`' role `All`).
//! The evaluation of the moves cannot tell either (it knows a friend's cell, not its stack,
//! nor the hand), so each part is read here and left as `True` in its place: the rewritten
//! game keeps every node's place, so what it reads and lacks is cited where the description
//! writes it.

use ludii::{Kind, Node};

use super::entry_blocked::rewrite_pieces;
use super::restricted::region_guard;
use super::{Equipment, Reader};

/// A limit read: its number, its region's name and the condition it is read from.
#[derive(Clone, Debug)]
pub(super) struct Limit {
    pub number: i64,
    pub region: String,
    pub condition: Node,
}

/// What the module reads of a description's pieces.
#[derive(Clone, Debug)]
pub(super) struct Limits {
    /// The game, each limit's condition `True`.
    pub game: Node,
    pub stack: Option<Limit>,
    /// The crowd's limit, with the map whose site of each player is counted beside its hand.
    pub crowd: Option<(Limit, String)>,
}

/// The bound N of `(> N X)`, `(< X N)`, `(>= N X)` or `(<= X N)` where X is `what`, as the
/// most X may be.
fn at_most(condition: &Node, what: &str) -> Option<i64> {
    let [a, b] = condition.children() else {
        return None;
    };
    let head = condition.head()?;
    let (bound, other, strict) = match head {
        ">" => (a.as_int()?, b, true),
        ">=" => (a.as_int()?, b, false),
        "<" => (b.as_int()?, a, true),
        "<=" => (b.as_int()?, a, false),
        _ => return None,
    };
    (other.to_string() == what).then_some(if strict { bound - 1 } else { bound })
}

/// The limit `on` writes: a stack's (`Ok((pieces, None))`, the pieces that refuse a landing)
/// or the crowd's (`Ok((most, Some(map)))`).
fn limit_of(on: &Node) -> Option<(i64, Option<String>)> {
    if let Some(most) = at_most(on, "(size Stack at:(to))") {
        return Some((most + 1, None));
    }
    let map = on
        .walk()
        .find(|n| n.is_call("mapEntry"))
        .and_then(|n| n.arg(0))
        .and_then(Node::as_str)?
        .to_string();
    let counted =
        format!("(count Pieces in:(sites {{(handSite Mover) (mapEntry \"{map}\" Mover)}}))");
    at_most(on, &counted).map(|most| (most, Some(map)))
}

/// The game with each limit of the pieces' landings `True`, where some piece writes one and
/// every piece that does writes the same.
pub(super) fn rewrite(game: &Node) -> Option<Limits> {
    let mut stack: Option<Limit> = None;
    let mut crowd: Option<(Limit, String)> = None;
    let mut alike = true;
    let mut rewritten = game.clone();
    rewrite_pieces(&mut rewritten, &mut |moves: &mut Node| {
        let mut edits: Vec<(Node, Node)> = Vec::new();
        for node in moves.walk() {
            let Some((region, on)) = region_guard(node, "(to)") else {
                continue;
            };
            let Some((number, map)) = limit_of(on) else {
                continue;
            };
            let limit = Limit {
                number,
                region,
                condition: node.clone(),
            };
            let same = |seen: &Limit| {
                seen.number == limit.number
                    && seen.region == limit.region
                    && seen.condition.to_string() == limit.condition.to_string()
            };
            match map {
                None => match &stack {
                    Some(seen) => alike &= same(seen),
                    None => stack = Some(limit),
                },
                Some(map) => match &crowd {
                    Some((seen, seen_map)) => alike &= same(seen) && *seen_map == map,
                    None => crowd = Some((limit, map)),
                },
            }
            edits.push((
                node.clone(),
                Node::new(Kind::Symbol("True".into()), node.span),
            ));
        }
        for (target, with) in &edits {
            replace_equal(moves, target, with);
        }
    });
    if !alike || (stack.is_none() && crowd.is_none()) {
        return None;
    }
    Some(Limits {
        game: rewritten,
        stack,
        crowd,
    })
}

/// Replaces in `node` every node equal to `target`, at its place, by `with`.
fn replace_equal(node: &mut Node, target: &Node, with: &Node) {
    if node == target {
        *node = with.clone();
        return;
    }
    match &mut node.kind {
        Kind::Call { args, .. } | Kind::DefineUse { args, .. } => {
            args.iter_mut().for_each(|a| replace_equal(a, target, with))
        }
        Kind::Array(nodes) | Kind::Group(nodes) => nodes
            .iter_mut()
            .for_each(|a| replace_equal(a, target, with)),
        Kind::Named { value, .. } => replace_equal(value, target, with),
        _ => {}
    }
}

/// Reads the limits once the equipment is: each region as each seat's cells, and the crowd's
/// map as the first cell of every seat's track.
pub(super) fn resolve(
    reader: &mut Reader,
    limits: &Limits,
    game: &Node,
    equipment: &Equipment<'_>,
) {
    let players = super::players_named(game).unwrap_or(0);
    if let Some(stack) = &limits.stack {
        let cells = super::restricted::seat_cells(game, &stack.region, players);
        match (cells, u8::try_from(stack.number)) {
            (Some(cells), Ok(number)) if number > 0 => {
                reader.set("stack_limit", number, &stack.condition);
                reader.set("stack_limit_cells", cells, &stack.condition);
            }
            _ => reader.lack(
                &stack.condition,
                "a limit of the stacks landed on, on a region the reader does not read",
            ),
        }
    }
    if let Some((crowd, map)) = &limits.crowd {
        let cells = super::restricted::seat_cells(game, &crowd.region, players);
        let entries = equipment
            .maps
            .get(&Some(map.clone()))
            .map(|(entries, _)| entries);
        let first_cells = equipment.seat_tracks.as_ref().is_some_and(|seats| {
            seats.iter().enumerate().all(|(seat, cells)| {
                let entry = entries.and_then(|m| m.get(&(seat as i64 + 1))).copied();
                entry.is_some() && entry == cells.first().map(|&c| c as i64)
            })
        });
        match (cells, u8::try_from(crowd.number)) {
            (Some(cells), Ok(number)) if first_cells => {
                reader.set("start_crowd_cells", cells, &crowd.condition);
                reader.set("start_crowd_limit", number, &crowd.condition);
            }
            _ => reader.lack(
                &crowd.condition,
                "a limit of the pieces at the start, of a site other than the first of each track or a region the reader does not read",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    /// Kotra reads whole: its starting side (sites 0 to 11 for the first player, 12 to 23 for
    /// the second) refuses a landing on two pieces, its last point is reached only while ten
    /// pieces at most are at the start, and its captured pieces enter from the hand onto empty
    /// points alone.
    #[test]
    fn kotra_limits_its_starting_side_and_its_last_point() {
        let expanded = crate::race_description::tests::vendored_expanded("Kotra.lud");
        let reading = crate::race_description::read(&expanded).unwrap();
        let value = |key: &str| reading[key].value.clone();
        assert_eq!(value("stack_limit"), "2");
        assert_eq!(
            value("stack_limit_cells"),
            "0 1 2 3 4 5 6 7 8 9 10 11 | 12 13 14 15 16 17 18 19 20 21 22 23"
        );
        assert_eq!(reading["stack_limit"].span.line, 79);
        assert_eq!(value("start_crowd_cells"), "23 | 0");
        assert_eq!(value("start_crowd_limit"), "10");
        assert_eq!(reading["start_crowd_limit"].span.line, 83);
        assert_eq!(value("enter_stack_limit"), "1");
        assert_eq!(reading["enter_stack_limit"].span.line, 33);
        assert_eq!(value("enter_counts_first_cell"), "true");
        assert_eq!(value("land_on_enemy"), "capture-single");
        let params = crate::race_description::params_of(&reading).unwrap();
        assert_eq!(params.stack_limit, 2);
        assert_eq!(params.start_crowd_limit, 10);
    }
}
