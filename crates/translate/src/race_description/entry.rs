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

/// Panchi's choice, `(or {(forEach Piece) (forEach Piece container:(mover)) (if COND MOVE)}
/// [(then …)])`: the pieces on the board, those in the hand and the entry, in any order. The
/// hand's pieces move by their own moves only along a track that begins in the hand (Ludii's
/// `TrackSiteMove` finds no other hand site on a track, and answers `Off`), which [`read`]
/// makes sure it does not. The pieces on the board, the hand's and the entry, when `next` is
/// so written.
pub(super) fn listed(next: &Node) -> Option<(&Node, &Node, &Node)> {
    let list = next
        .arg(0)
        .and_then(Node::as_array)
        .filter(|_| next.is_call("or"))?;
    let then = next.children().len() == 2 && next.children()[1].is_call("then");
    if !(next.children().len() == 1 || then) {
        return None;
    }
    let find = |wanted: &dyn Fn(&Node) -> bool| {
        let mut found = list.iter().filter(|n| wanted(n));
        match (found.next(), found.next()) {
            (Some(n), None) => Some(n),
            _ => None,
        }
    };
    let board = find(&|n: &Node| n.to_string() == "(forEach Piece)")?;
    let hand = find(&|n: &Node| n.to_string() == "(forEach Piece container:(mover))")?;
    let entry = find(&|n: &Node| {
        n.is_call("if") && n.children().len() == 2 && n.arg(1).and_then(from_hand) == Some(true)
    })?;
    (list.len() == 3).then_some((board, hand, entry))
}

/// The pieces' moves and the entry, when `next` is the two side by side, or Panchi's choice
/// ([`listed`]) where its consequence is read already (`then_read`).
pub(super) fn split(
    next: &Node,
    then_read: bool,
    pieces: impl Fn(&Node) -> bool,
) -> Option<(&Node, &Node)> {
    if let Some((board, _, entry)) = listed(next).filter(|_| then_read) {
        return Some((board, entry));
    }
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
            && matches!(
                from.arg(0)?.to_string().as_str(),
                "(handSite Mover)" | "(handSite (mover))"
            ),
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
    let (values, landing) = entry_values(condition, moves)?;
    let (Some(seats), Some(geometry)) = (&equipment.seat_tracks, &equipment.geometry) else {
        // The tracks or the board are not read, which is named where they are written.
        return Ok(());
    };
    if equipment.tracks.iter().any(|t| t.from_hand) {
        return Err(unread(
            entry,
            "an entry beside tracks that begin in the hand, whose pieces move by their own moves",
        ));
    }
    let to = enter
        .arg(1)
        .filter(|t| t.is_call("to") && enter.children().len() == 2)
        .ok_or_else(|| unread(enter, "an entry the reader does not read"))?;
    let site = to
        .arg(0)
        .ok_or_else(|| unread(to, "an entry the reader does not read"))?;
    // Pieces captured to the centre wait there as in the hand (Pachih's, `waiting_as_hand`),
    // which holds only where the hand's pieces enter by any throw: Pachesi's move from the
    // centre by any throw, but its hand's enter on 10, 25 and 30 alone.
    let captured_to_centre = moves
        .walk()
        .any(|n| n.is_call("to") && n.arg(0).is_some_and(|s| s.to_string() == "(centrePoint)"));
    if site.to_string() == "(centrePoint)" && captured_to_centre {
        reader.lack(
            condition,
            format!(
                "pieces captured to the centre, which leave it by any throw, beside pieces of \
                 the hand entering it on some throws alone, which the family's hand cannot both \
                 be: {values}",
                values = values.replace(',', ", ")
            ),
        );
    }
    // The cell each seat enters on: the centre, or the unnamed map's entry of each player
    // (Panchi's `(mapEntry (mover))`).
    let entered: Vec<usize> = match site.to_string().as_str() {
        "(centrePoint)" => vec![
            geometry.centre().ok_or_else(|| unread(
                site,
                "a centre of a board not symmetric about it"
            ))?;
            seats.len()
        ],
        _ if players_map(site).is_some() => {
            let name = players_map(site).flatten();
            let map = equipment.maps.get(&name).map(|(map, _)| map);
            (1..=seats.len() as i64)
                .map(|player| {
                    map.and_then(|map| map.get(&player))
                        .and_then(|&cell| usize::try_from(cell).ok())
                })
                .collect::<Option<Vec<usize>>>()
                .ok_or_else(|| unread(site, "an entry site the map does not give"))?
        }
        _ => return Err(unread(site, "an entry site the reader does not read")),
    };
    // Where the pieces enter further along their tracks than the first cell (Sokkattan's,
    // on its way out from the central space), the cells before the entry are never reached.
    let mut seats = seats.clone();
    if seats
        .iter()
        .zip(&entered)
        .any(|(cells, cell)| cells.first() != Some(cell))
    {
        seats = entered_tracks(reader, &seats, &entered).ok_or_else(|| {
            unread(
                site,
                "an entry elsewhere than the first cell of every track",
            )
        })?;
    }
    // An enemy stands on a seat's entry only where another side's track passes it.
    let partners = reader
        .reading
        .get("teams")
        .is_some_and(|t| t.value == "partners");
    let enemy_reaches = entered.iter().enumerate().any(|(seat, cell)| {
        seats.iter().enumerate().any(|(other, cells)| {
            other != seat && !(partners && other % 2 == seat % 2) && cells.contains(cell)
        })
    });
    // A condition on where the piece enters, written beside the throw's (Panchi's `(or (is
    // Empty SITE) (is Friend (who at:SITE)))`), asks of the cell entered: read as the `to`'s.
    let landing = landing.map(|landing| as_to(landing, site));
    let entered = entered[0];
    // The entry lands on the first cell as a piece's own move lands there.
    let mut evaluator = Evaluator::new(equipment, 1, false);
    for occupant in [Occupant::Empty, Occupant::Friend, Occupant::Enemy] {
        if occupant == Occupant::Enemy && !enemy_reaches {
            continue;
        }
        let case = Case {
            pips: 1,
            to: Destination::Cell(entered),
            occupant,
        };
        let lands = match to.named("if") {
            Some(condition) => evaluator.boolean(condition, &case)?,
            None => true,
        } && match &landing {
            Some(landing) => Evaluator::new(equipment, 1, false)
                .boolean(landing, &case)
                .map_err(|_| unread(condition, "an entry's condition the reader does not read"))?,
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

/// The map's name, none for the unnamed one, when `site` is a player's entry of it,
/// `(mapEntry [NAME] Mover)`.
fn players_map(site: &Node) -> Option<Option<String>> {
    let mover = |n: &Node| matches!(n.to_string().as_str(), "Mover" | "(mover)");
    match site.children() {
        [player] if site.is_call("mapEntry") && mover(player) => Some(None),
        [name, player] if site.is_call("mapEntry") && mover(player) => {
            Some(Some(name.as_str()?.to_string()))
        }
        _ => None,
    }
}

/// Each seat's track from the first cell where its pieces enter, `entered`, with the
/// reading's tracks so written: the cells before it are never reached where every piece
/// starts in the hand, enters there and returns to the hand when taken, and no rule counts
/// the track's positions from its first cell (a hold on the first position). `None`
/// otherwise, or where a track does not pass its entry.
fn entered_tracks(
    reader: &mut Reader,
    seats: &[Vec<usize>],
    entered: &[usize],
) -> Option<Vec<Vec<usize>>> {
    let value = |key: &str| reader.reading.get(key).map(|r| r.value.clone());
    let hand = value("start").as_deref() == Some("hand")
        && value("capture_return").is_none_or(|r| r == "hand")
        && reader.start_hold.is_none();
    if !hand {
        return None;
    }
    let trimmed: Vec<Vec<usize>> = seats
        .iter()
        .zip(entered)
        .map(|(cells, cell)| {
            let first = cells.iter().position(|c| c == cell)?;
            Some(cells[first..].to_vec())
        })
        .collect::<Option<_>>()?;
    let tracks = reader.reading.get_mut("tracks")?;
    tracks.value = super::track_list(trimmed.iter().map(Vec::as_slice));
    Some(trimmed)
}

/// `landing` with every node written as `site` made `(to)`: the cell entered.
fn as_to(landing: &Node, site: &Node) -> Node {
    let to = Node::new(
        ludii::Kind::Call {
            head: "to".into(),
            args: Vec::new(),
        },
        site.span,
    );
    let text = site.to_string();
    let targets: Vec<&Node> = landing.walk().filter(|n| n.to_string() == text).collect();
    let edits: Vec<(&Node, &Node)> = targets.iter().map(|&n| (n, &to)).collect();
    super::per_die::replaced(landing, &edits)
}

/// The values COND lets a piece enter with, and a condition on the cell entered where COND
/// writes one: COND is `(and A B)` of a test that the mover's hand holds a piece and `(is In
/// STEPS (sites {…}))` or `(or {(= STEPS v) …})`, STEPS what the pieces move, or Panchi's `(and
/// {VALUES HAND LANDING})`, LANDING asking of the cell entered.
fn entry_values<'e>(
    condition: &'e Node,
    moves: &'e Node,
) -> Result<(String, Option<&'e Node>), Unread<'e>> {
    let parts: Vec<&Node> = match condition.arg(0).and_then(Node::as_array) {
        Some(list) if condition.children().len() == 1 => list.iter().collect(),
        _ => condition.positional().collect(),
    };
    let hand_held = |n: &Node| {
        let text = n.to_string();
        text == "(not (is Empty (handSite Mover)))"
            || text == "(is Occupied (handSite Mover))"
            || text == "(not (\"HandEmpty\" Mover))"
    };
    let unread_condition = || unread(condition, "an entry's condition the reader does not read");
    if !condition.is_call("and") {
        return Err(unread_condition());
    }
    let (listed, landing) = match parts.as_slice() {
        [a, b] if hand_held(a) => (*b, None),
        [a, b] if hand_held(b) => (*a, None),
        [values, held, landing] if hand_held(held) => (*values, Some(*landing)),
        _ => return Err(unread_condition()),
    };
    let (steps, values) = steps_in_values(listed);
    let values =
        values.filter(|values| !values.is_empty() && values.iter().all(|v| (1..128).contains(v)));
    // The values are the throw as the pieces move it: the steps of their track.
    let moved = |steps: &Node| moves_by(steps, moves.walk());
    match (steps, values) {
        (Some(steps), Some(values)) if moved(steps) => Ok((
            values
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            landing,
        )),
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

    /// Pachesi's entry goes to the central space too, on its throws of 10, 25 and 30; what it
    /// lacks is named each at its place: a piece on the last square bearing off with one of
    /// them (its moves read without it), the centre where captured pieces wait and leave by any
    /// throw (which the family's hand, entered on those three alone, cannot hold), and an entry
    /// that lands on the enemies waiting there without taking them.
    #[test]
    fn pachesi_s_lacks_are_each_named() {
        let (_, expanded) = vendored_board("Pachesi.lud");
        let (_, lacks) = crate::race_description::read_partly(&expanded);
        let named: Vec<(u32, &str)> = lacks
            .iter()
            .map(|l| (l.span.line, l.what.as_str()))
            .collect();
        let has = |line: u32, start: &str| {
            named
                .iter()
                .any(|&(l, what)| l == line && what.starts_with(start))
        };
        assert!(
            has(
                33,
                "a piece on the last cell of its track bearing off on some throws besides the \
                 one that takes it off exactly: 10, 25, 30:"
            ),
            "{named:#?}"
        );
        assert!(
            has(
                71,
                "pieces captured to the centre, which leave it by any throw, beside pieces of the \
                 hand entering it on some throws alone, which the family's hand cannot both be: \
                 10, 25, 30"
            ),
            "{named:#?}"
        );
        assert!(
            has(74, "an entry onto an enemy that does not take it"),
            "{named:#?}"
        );
        assert_eq!(named.len(), 3, "{named:#?}");
    }
}
