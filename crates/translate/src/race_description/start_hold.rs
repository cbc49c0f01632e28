//! Pieces held on the first position of their track until one of them has gone far enough
//! (Fevga's and Jacquet's first piece sent ahead alone), written as a condition round a
//! piece's move from its site. Fevga's, on the piece's own moves:
//!
//! ```text
//! (if (or {(not (= (from) (mapEntry (mover))))
//!          (and (= (from) (mapEntry (mover))) (!= (topLevel at:(from)) 13))
//!          (!= (count Sites in:(difference (sites Occupied by:Mover) (sites Mover "Side"))) 0)})
//!     MOVE)
//! ```
//!
//! and Jacquet's, in its play written die by die over the occupied sites, its start `S` the
//! site after the bar, `(trackSite Move from:(mapEntry (mover)) steps:1)`:
//!
//! ```text
//! (if (or (!= (site) S)
//!         (and (= (site) S)
//!              (or {(= (count Sites in:(intersection (sites Occupied by:Mover)
//!                                                    (difference (sites Board) S))) 0)
//!                   (not (is Empty (mapEntry (mover))))
//!                   (< (size Stack at:S) 14)
//!                   (!= (count Sites in:(intersection (sites Occupied by:Mover)
//!                                                    (sites Mover "OppositeQuadrant"))) 0)})))
//!     MOVE)
//! ```
//!
//! Read as MOVE beside the family's `start_hold_count` and `start_hold_free_cells`: a piece
//! leaves the first position of its track unless exactly so many of its player's pieces stand
//! there (Fevga's top level 13, the fourteenth piece; Jacquet's stack of 14 or more, where its
//! fifteen pieces make a stack of fifteen one with no piece elsewhere on the board, which its
//! first clause lets go), none waits in the hand (Jacquet's bar, read as the hand; Fevga's
//! hand is never used, its pieces starting on the board and never captured), and none stands
//! on the cells that free them (Fevga's cells of its track outside its side, Jacquet's
//! opposite quadrant). The rewritten game keeps every node's place, so what it reads and lacks
//! is cited where the description writes it.

use ludii::Node;

use super::per_die::replaced;
use super::{Equipment, Reader};

/// The hold a description's condition writes.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Hold {
    /// The condition, where the parameters are read from.
    pub condition: Node,
    /// Pieces on the first position that are held there.
    count: usize,
    /// The region of the player's the cells that free the held pieces are read from.
    region: String,
    /// Whether the freeing cells are the region's (Jacquet's) or the track's outside it
    /// (Fevga's).
    inside: bool,
    /// Whether the start is the site after the bar, which a piece there frees (Jacquet's);
    /// otherwise the unnamed map's site of the mover (Fevga's).
    after_bar: bool,
}

/// The name `(sites Mover "NAME")` of `node` gives.
fn region_name(node: &Node) -> Option<String> {
    node.walk()
        .find(|n| n.is_call("sites") && n.arg(0).and_then(Node::as_symbol) == Some("Mover"))
        .and_then(|n| n.arg(1))
        .and_then(Node::as_str)
        .map(str::to_string)
}

/// The whole number `node` compares with: the `(OP (HEAD …) N)` of `node`, N.
fn compared(node: &Node, op: &str, head: &str) -> Option<i64> {
    node.walk().find_map(|n| {
        let [left, right] = n.children() else {
            return None;
        };
        (n.is_call(op) && left.is_call(head))
            .then(|| right.as_int())
            .flatten()
    })
}

/// The hold `condition` writes, when it is one of the module's.
fn read_condition(condition: &Node) -> Option<Hold> {
    if !condition.is_call("or") {
        return None;
    }
    let name = region_name(condition)?;
    let text = condition.to_string();
    if let Some(top) = compared(condition, "!=", "topLevel") {
        let from = "(from)";
        let expected = format!(
            "(or {{(not (= {from} (mapEntry (mover)))) (and (= {from} (mapEntry (mover))) (!= (topLevel at:{from}) {top})) (!= (count Sites in:(difference (sites Occupied by:Mover) (sites Mover \"{name}\"))) 0)}})"
        );
        let count = usize::try_from(top).ok()? + 1;
        return (text == expected).then(|| Hold {
            condition: condition.clone(),
            count,
            region: name,
            inside: false,
            after_bar: false,
        });
    }
    let size = compared(condition, "<", "size")?;
    let count = usize::try_from(size).ok()?;
    let start = "(trackSite Move from:(mapEntry (mover)) steps:1)";
    ["(site)", "(from)"].into_iter().find_map(|site| {
        let expected = format!(
            "(or (!= {site} {start}) (and (= {site} {start}) (or {{(= (count Sites in:(intersection (sites Occupied by:Mover) (difference (sites Board) {start}))) 0) (not (is Empty (mapEntry (mover)))) (< (size Stack at:{start}) {size}) (!= (count Sites in:(intersection (sites Occupied by:Mover) (sites Mover \"{name}\"))) 0)}})))"
        );
        (text == expected).then(|| Hold {
            condition: condition.clone(),
            count,
            region: name.clone(),
            inside: true,
            after_bar: true,
        })
    })
}

/// The game with each `(if HOLD MOVE)` read as MOVE, and the hold, when the game writes one
/// hold, the same wherever it does.
pub(super) fn rewrite(game: &Node) -> Option<(Node, Hold)> {
    let mut found: Vec<(&Node, &Node, Hold)> = Vec::new();
    for node in game.walk() {
        let [condition, moves] = node.children() else {
            continue;
        };
        if let Some(hold) = node
            .is_call("if")
            .then(|| read_condition(condition))
            .flatten()
        {
            found.push((node, moves, hold));
        }
    }
    let (_, _, first) = found.first()?;
    let same = |hold: &Hold| {
        hold.count == first.count
            && hold.region == first.region
            && hold.inside == first.inside
            && hold.after_bar == first.after_bar
    };
    if !found.iter().all(|(_, _, hold)| same(hold)) {
        return None;
    }
    let hold = first.clone();
    let edits: Vec<(&Node, &Node)> = found
        .iter()
        .map(|(node, moves, _)| (*node, *moves))
        .collect();
    Some((replaced(game, &edits), hold))
}

/// Reads `hold` as the family's parameters, once the game's tracks and start are read: the
/// start must be the first cell of each track, the count one short of every piece, and the
/// hand, which frees Jacquet's, never used where the description does not ask of it.
pub(super) fn resolve(reader: &mut Reader, hold: &Hold, equipment: &Equipment<'_>) {
    if ["tracks", "pieces", "start", "land_on_enemy"]
        .iter()
        .any(|key| !reader.reading.contains_key(key))
    {
        // What keeps them from being read is named where it stands.
        return;
    }
    let value = |reader: &Reader, key: &str| reader.reading.get(key).map(|r| r.value.clone());
    let tracks: Option<Vec<Vec<usize>>> = value(reader, "tracks").and_then(|tracks| {
        tracks
            .split('|')
            .map(|seat| {
                seat.split_whitespace()
                    .map(|c| c.parse().ok())
                    .collect::<Option<Vec<usize>>>()
            })
            .collect()
    });
    let (Some(tracks), Some(seats)) = (tracks, equipment.seat_tracks.as_ref()) else {
        reader.lack(
            &hold.condition,
            "pieces held on a start the reader does not read",
        );
        return;
    };
    let map = equipment.maps.get(&None).map(|(map, _)| map);
    let starts = tracks
        .iter()
        .zip(seats)
        .enumerate()
        .all(|(seat, (track, cells))| {
            let entry = map.and_then(|map| map.get(&(seat as i64 + 1))).copied();
            let first = cells.first().map(|&c| c as i64);
            let start_cell = if hold.after_bar {
                // The bar, the track's first site, read as the hand: the start is the next.
                entry == first && track.as_slice() == &cells[1..]
            } else {
                entry == first && track.as_slice() == cells.as_slice()
            };
            start_cell && !track.is_empty()
        });
    if !starts {
        reader.lack(
            &hold.condition,
            "pieces held on a site other than the first of each player's track",
        );
        return;
    }
    let pieces: Option<usize> = value(reader, "pieces").and_then(|p| p.parse().ok());
    // Jacquet's stack of more than the count is held too: only its whole set, with no piece
    // elsewhere, is let go, so the count must be one short of every piece.
    let counted = pieces.is_some_and(|p| !hold.after_bar || p == hold.count + 1);
    // Fevga's hand is never asked: its pieces must never be there.
    let hand_unused = hold.after_bar
        || (value(reader, "land_on_enemy").as_deref() == Some("forbidden")
            && value(reader, "start").is_some_and(|s| s != "hand"));
    if !counted || !hand_unused || hold.count == 0 {
        reader.lack(
            &hold.condition,
            "pieces held on the first site by a count or with a hand the family does not read",
        );
        return;
    }
    let mut free = Vec::new();
    for (seat, track) in tracks.iter().enumerate() {
        let Some(region) = equipment
            .named_player_regions
            .get(&(hold.region.clone(), seat as u8 + 1))
        else {
            reader.lack(
                &hold.condition,
                "a region of each player the reader does not read",
            );
            return;
        };
        let mut cells: Vec<usize> = track
            .iter()
            .copied()
            .filter(|c| region.contains(c) == hold.inside)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        free.push(super::cell_list(&cells));
    }
    reader.set("start_hold_count", hold.count, &hold.condition);
    reader.set("start_hold_free_cells", free.join(" | "), &hold.condition);
}

#[cfg(test)]
mod tests {
    use engine::OptionValue;

    use crate::race_description::tests::vendored_expanded;

    /// Jacquet reads whole: while fourteen of a player's fifteen pieces stand on its first
    /// point, none leaves it until one of its pieces reaches the opposite quadrant or waits on
    /// the bar (read as the hand); its bearing off waits for every piece in that quadrant.
    #[test]
    fn jacquet_holds_its_start_until_a_piece_reaches_the_opposite_quadrant() {
        let reading = crate::race_description::read(&vendored_expanded("Jacquet.lud")).unwrap();
        assert_eq!(reading["start_hold_count"].value, "14");
        assert_eq!(
            reading["start_hold_free_cells"].value,
            "0 1 2 3 4 5 | 20 21 22 23 24 25"
        );
        assert_eq!(reading["start_hold_count"].span.line, 118);
        assert_eq!(reading["bear_off_home"].value, "6");
        assert_eq!(reading["bear_off_home_hand"].value, "true");
        let params = crate::race_description::params_of(&reading).unwrap();
        assert_eq!(params.start_hold_count, 14);
        assert_eq!(
            params.start_hold_free_cells.render_value(),
            "0 1 2 3 4 5 | 20 21 22 23 24 25"
        );
    }

    /// Fevga reads whole: while fourteen of a player's pieces stand on its first point none
    /// leaves it until one stands outside its own side; its pieces never land on an enemy, so
    /// none waits in the hand; and its first player's "Home", where every piece must stand
    /// before any bears off, is the third quarter of its track, the second's its last.
    #[test]
    fn fevga_holds_its_start_until_a_piece_leaves_its_side() {
        let reading = crate::race_description::read(&vendored_expanded("Fevga.lud")).unwrap();
        assert_eq!(reading["start_hold_count"].value, "14");
        assert_eq!(
            reading["start_hold_free_cells"].value,
            "13 14 15 16 17 18 20 21 22 23 24 25 | 0 1 2 3 4 5 7 8 9 10 11 12"
        );
        assert_eq!(reading["start_hold_count"].span.line, 52);
        assert_eq!(reading["land_on_enemy"].value, "forbidden");
        assert_eq!(
            reading["bear_off_home_cells"].value,
            "20 21 22 23 24 25 | 7 8 9 10 11 12"
        );
        assert_eq!(reading["unplayable_die_passes"].value, "true");
        assert_eq!(reading["captured_enter_first"].value, "false");
        crate::race_description::params_of(&reading).unwrap();
    }

    /// A stack held at another count than one short of every piece is not Jacquet's rule: a
    /// stack of fifteen with a piece elsewhere cannot be, but one of fourteen of sixteen pieces
    /// would hold both counts, which the family's one count does not say.
    #[test]
    fn a_hold_of_another_count_than_one_short_of_every_piece_is_named() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../corpus/ludii/lud/Jacquet.lud"),
        )
        .unwrap();
        let edited = text.replace(
            "(< (size Stack at:(\"StartPos\")) 14)",
            "(< (size Stack at:(\"StartPos\")) 13)",
        );
        assert_ne!(edited, text);
        let description = ludii::Description::read("Jacquet.lud", &edited).unwrap();
        let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
        let lacks = crate::race_description::read(&expanded).unwrap_err();
        assert!(
            lacks
                .iter()
                .any(|l| l.what.contains("pieces held on the first site") && l.span.line == 118),
            "{lacks:?}"
        );
    }
}
