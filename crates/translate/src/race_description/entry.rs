//! A piece's entry written as a move of its own beside the pieces' moves: `(or (forEach Piece)
//! (if COND (move (from (handSite Mover)) (to SITE if:… (apply …)))))`, in either order
//! (Barjis, Pachesi). COND asks that the mover's hand hold a piece and that the throw, as the
//! pieces move it, be one of some values: the family's `enter_values`. SITE must be the first
//! cell of every player's track, where the family's entering piece lands whatever the value
//! (`enter_counts_first_cell` false), and the move must land there as a piece's own move lands
//! there (on its own, on an enemy, which it takes or not): the family enters by the same rules
//! it moves by. Anything else is a lack at its place.

use ludii::Node;

use super::{
    Case, Destination, Equipment, Evaluator, Occupant, Reader, Unread, moves_by, steps_in_values,
    unread,
};

/// The pieces' moves and the entry, when `next` is the two side by side.
pub(super) fn split(next: &Node, pieces: impl Fn(&Node) -> bool) -> Option<(&Node, &Node)> {
    if !(next.is_call("or") && next.children().len() == 2) {
        return None;
    }
    let (a, b) = (next.arg(0)?, next.arg(1)?);
    let entry = |n: &Node| {
        n.is_call("if") && n.children().len() == 2 && n.arg(1).and_then(from_hand) == Some(true)
    };
    match (pieces(a), pieces(b)) {
        (true, false) if entry(b) => Some((a, b)),
        (false, true) if entry(a) => Some((b, a)),
        _ => None,
    }
}

/// `(move (from (handSite Mover)) (to …))`.
fn from_hand(node: &Node) -> Option<bool> {
    let from = node.arg(0)?;
    Some(
        node.is_call("move")
            && from.is_call("from")
            && from.children().len() == 1
            && from.arg(0)?.to_string() == "(handSite Mover)",
    )
}

/// Reads the entry `entry` (`(if COND MOVE)`) beside the pieces' moves `moves`.
pub(super) fn read(reader: &mut Reader, entry: &Node, moves: &Node, equipment: &Equipment<'_>) {
    if let Err(Unread(node, what)) = read_entry(reader, entry, moves, equipment) {
        reader.lack(node, what);
    }
}

fn read_entry<'e>(
    reader: &mut Reader,
    entry: &'e Node,
    moves: &'e Node,
    equipment: &'e Equipment<'e>,
) -> Result<(), Unread<'e>> {
    let (Some(condition), Some(enter)) = (entry.arg(0), entry.arg(1)) else {
        return Err(unread(entry, "an entry the reader does not read"));
    };
    let values = entry_values(condition, moves)?;
    let (Some(seats), Some(geometry)) = (&equipment.seat_tracks, &equipment.geometry) else {
        // The tracks or the board are not read, which is named where they are written.
        return Ok(());
    };
    let to = enter
        .arg(1)
        .filter(|t| t.is_call("to") && enter.children().len() == 2)
        .ok_or_else(|| unread(enter, "an entry the reader does not read"))?;
    let site = to
        .arg(0)
        .ok_or_else(|| unread(to, "an entry the reader does not read"))?;
    let entered = match site.to_string().as_str() {
        "(centrePoint)" => geometry
            .centre()
            .ok_or_else(|| unread(site, "a centre of a board not symmetric about it"))?,
        _ => return Err(unread(site, "an entry site the reader does not read")),
    };
    if seats.iter().any(|cells| cells.first() != Some(&entered)) {
        return Err(unread(
            site,
            "an entry elsewhere than the first cell of every track",
        ));
    }
    // The entry lands on the first cell as a piece's own move lands there.
    let mut evaluator = Evaluator::new(equipment, 1, false);
    for occupant in [Occupant::Empty, Occupant::Friend, Occupant::Enemy] {
        let case = Case {
            pips: 1,
            to: Destination::Cell(entered),
            occupant,
        };
        let lands = match to.named("if") {
            Some(condition) => evaluator.boolean(condition, &case)?,
            None => true,
        };
        let mut capture = false;
        for part in to.children().iter().skip(1) {
            match &part.kind {
                ludii::Kind::Named { key, .. } if key == "if" => {}
                _ if part.is_call("apply") => capture = lands && evaluator.capture(part, &case)?,
                _ => return Err(unread(part, "an entry's part the reader does not read")),
            }
        }
        if lands && occupant == Occupant::Enemy && !capture {
            return Err(unread(to, "an entry onto an enemy that does not take it"));
        }
        let moved = evaluator.action(moves, &case)?;
        let moved = moved.map(|action| match action {
            super::Action::Land { capture, .. } => Some(capture),
            super::Action::BearOff => None,
        });
        if moved != lands.then_some(Some(capture)) {
            return Err(unread(
                to,
                "an entry that lands otherwise than the pieces' moves land on the first cell",
            ));
        }
    }
    reader.set("enter_values", values, condition);
    reader.set("enter_counts_first_cell", false, site);
    Ok(())
}

/// The values COND lets a piece enter with: COND is `(and A B)` of a test that the mover's
/// hand holds a piece and `(is In STEPS (sites {…}))`, STEPS what the pieces move.
fn entry_values<'e>(condition: &'e Node, moves: &'e Node) -> Result<String, Unread<'e>> {
    let parts: Vec<&Node> = condition.positional().collect();
    let hand_held = |n: &Node| {
        let text = n.to_string();
        text == "(not (is Empty (handSite Mover)))" || text == "(is Occupied (handSite Mover))"
    };
    let listed = match parts.as_slice() {
        [a, b] if condition.is_call("and") && hand_held(a) => *b,
        [a, b] if condition.is_call("and") && hand_held(b) => *a,
        _ => {
            return Err(unread(
                condition,
                "an entry's condition the reader does not read",
            ));
        }
    };
    let (steps, values) = steps_in_values(listed);
    let values =
        values.filter(|values| !values.is_empty() && values.iter().all(|v| (1..128).contains(v)));
    // The values are the throw as the pieces move it: the steps of their track.
    let moved = |steps: &Node| moves_by(steps, moves.walk());
    match (steps, values) {
        (Some(steps), Some(values)) if moved(steps) => Ok(values
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")),
        _ => Err(unread(
            listed,
            "an entry's condition on the throw the reader does not read",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::vendored_board;

    /// Barjis enters a piece with a move of its own, `(if (and ("IsSpecialThrow") (not (is
    /// Empty (handSite Mover)))) ("EnterAPiece"))` beside `(forEach Piece)`: a throw of 10 or 25
    /// puts a piece from the hand on the central space, the first cell of every track, taking
    /// an enemy there back to its owner's hand (`(handSite (who at:(to)))`), as a piece's own
    /// move lands; the rest of Barjis reads too, so the description plays.
    #[test]
    fn barjis_enters_on_the_central_space_with_10_or_25() {
        let (_, expanded) = vendored_board("Barjis.lud");
        let (reading, lacks) = crate::race_description::read_partly(&expanded);
        assert!(lacks.is_empty(), "{lacks:#?}");
        assert_eq!(reading["enter_values"].value, "10,25");
        assert_eq!(reading["enter_values"].span.line, 84);
        assert_eq!(reading["enter_counts_first_cell"].value, "false");
        assert_eq!(reading["capture_return"].value, "hand");
        // Four players: Ludii plays on after the first is out, until one is left.
        assert_eq!(reading["ranking"].value, "finish-order");
        let tracks = &reading["tracks"].value;
        assert!(
            tracks.split('|').all(|t| t.trim().starts_with("96 ")),
            "{tracks}"
        );
    }

    /// Pachesi's entry goes to the central space too, but its throws of 10, 25 and 30 are named
    /// where the pieces' moves read two throws (a piece on the last square bears off with one of
    /// them): the entry's condition is not read against moves of two throws.
    #[test]
    fn an_entry_beside_moves_of_two_throws_is_named() {
        let (_, expanded) = vendored_board("Pachesi.lud");
        let (_, lacks) = crate::race_description::read_partly(&expanded);
        assert!(
            lacks.iter().any(
                |l| l.what.starts_with("an entry's condition on the throw") && l.span.line == 4
            ),
            "{lacks:#?}"
        );
    }
}
