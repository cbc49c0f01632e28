//! A bar on the board entered first beside a hand entered from the start (Tawula): captured
//! pieces go to the bar, the first site of their player's track, and must leave it before any
//! other piece on the board moves, while the pieces that have not yet entered enter from the
//! hand whenever a die lets them, counted from the site where two of them start, which hold
//! until the hand is empty. Its play:
//!
//! ```text
//! (or (if (= (what at:(mapEntry "Bar" Mover)) 0)
//!         (forEach Piece top:True)
//!         (forEach Die if:(!= (pips) 0)
//!             (move (from (mapEntry "Bar" Mover))
//!                   (to (trackSite Move from:(mapEntry "Bar" Mover) steps:(pips)) if:C A))))
//!     (if (not ("HandEmpty" Mover))
//!         (forEach Die if:(!= (pips) 0)
//!             (move (from (handSite Mover))
//!                   (to (trackSite Move from:(mapEntry "StartTrack" Mover) steps:(pips))
//!                       if:C' A))))
//!     (then T))
//! ```
//!
//! and its piece's moves `(if (or (!= (from) (mapEntry "StartTrack" Mover)) (and (= (from)
//! (mapEntry "StartTrack" Mover)) ("HandEmpty" Mover))) (forEach Die if:(!= (pips) 0) …))`.
//! A move from the bar is a piece's own move from the first site of its track (`(from)` and
//! its `trackSite` from the site it stands on), so the bar is read as that site, the first
//! position of each track, where a capture sends a piece (`capture_return` 1) and whose pieces
//! move first (`first_position_first`); the entry from the hand counts from the start's
//! position (`enter_from`), where the pieces are held while the hand holds some
//! (`held_while_hand`), and must land as the pieces' own moves land on every site a die
//! reaches from there (Tawula's `(or (is Empty (to)) ("OneEnemyPiece"))` on sites where its
//! pieces do not stack). The game is read as its pieces' own moves with T as their
//! consequence; anything else is a lack at its place, every node keeping its place.

use ludii::{Kind, Node};

use super::per_die::replaced;
use super::{Case, Destination, Equipment, Evaluator, Occupant, Reader, Unread};

/// The parts of the play the parameters are read from, once the tracks are.
#[derive(Clone, Debug)]
pub(super) struct BarOnBoard {
    /// The choice between the bar and the pieces, `first_position_first`'s line.
    choice: Node,
    /// The bar's map.
    bar: String,
    /// The start's map, whence the hand's pieces count.
    start: String,
    /// The hold of the pieces on the start, `held_while_hand`'s line.
    hold: Node,
    /// The entry from the hand, `enter_from`'s line.
    entry: Node,
    /// The condition of the entry's landing.
    entry_landing: Node,
    /// The condition of the pieces' own landing.
    landing: Node,
    /// The capture, `capture_return`'s line.
    capture: Node,
}

/// `(mapEntry "NAME" Mover)`'s NAME.
fn mover_entry(node: &Node) -> Option<&str> {
    let [name, who] = node.children() else {
        return None;
    };
    (node.is_call("mapEntry") && who.as_symbol() == Some("Mover"))
        .then(|| name.as_str())
        .flatten()
}

/// The condition and effect of a move's `(to SITE if:C EFFECT)`, with SITE.
fn to_parts(moved: &Node) -> Option<(&Node, &Node, &Node)> {
    let to = moved.children().get(1).filter(|t| t.is_call("to"))?;
    let site = to.arg(0)?;
    let condition = to.named("if")?;
    let effect = to.arg(1)?;
    (moved.is_call("move") && moved.children().len() == 2 && to.children().len() == 3)
        .then_some((site, condition, effect))
}

/// `(forEach Die if:(!= (pips) 0) MOVE)`'s MOVE.
fn each_die(node: &Node) -> Option<&Node> {
    let [die, condition, moved] = node.children() else {
        return None;
    };
    let condition_read = matches!(&condition.kind, Kind::Named { key, value }
        if key == "if" && value.to_string() == "(!= (pips) 0)");
    (node.is_call("forEach") && die.as_symbol() == Some("Die") && condition_read).then_some(moved)
}

/// `node` with each capture written as a move, `(move (from (to)) (to SITE))` within an
/// `(apply …)`, as the `fromTo` it is there: Ludii applies a move listed as a consequence as
/// it applies a `fromTo`.
fn captures_as_from_to(node: &Node, in_apply: bool) -> Node {
    let in_apply = in_apply || node.is_call("apply");
    let kind = match &node.kind {
        Kind::Call { head, args } => {
            let capture = in_apply
                && head == "move"
                && args.len() == 2
                && args[0].to_string() == "(from (to))"
                && args[1].is_call("to");
            Kind::Call {
                head: if capture {
                    "fromTo".into()
                } else {
                    head.clone()
                },
                args: args
                    .iter()
                    .map(|a| captures_as_from_to(a, in_apply))
                    .collect(),
            }
        }
        Kind::Named { key, value } => Kind::Named {
            key: key.clone(),
            value: Box::new(captures_as_from_to(value, in_apply)),
        },
        Kind::Group(nodes) => Kind::Group(
            nodes
                .iter()
                .map(|n| captures_as_from_to(n, in_apply))
                .collect(),
        ),
        Kind::Array(nodes) => Kind::Array(
            nodes
                .iter()
                .map(|n| captures_as_from_to(n, in_apply))
                .collect(),
        ),
        other => other.clone(),
    };
    Node::new(kind, node.span)
}

/// The game read as its pieces' own moves, with what the parameters are read from, when its
/// play and piece are the module's; `None` otherwise.
pub(super) fn rewrite(game: &Node) -> Option<(Node, BarOnBoard)> {
    let play = game
        .walk()
        .find(|n| n.is_call("play") && n.children().len() == 1)?;
    let turn = play.arg(0).filter(|t| t.is_call("do"))?;
    let choice = turn.named("next").filter(|n| n.is_call("or"))?;
    let [bar_first, hand, then] = choice.children() else {
        return None;
    };
    // The bar, entered first.
    let [empty, pieces, from_bar] = bar_first.children() else {
        return None;
    };
    let bar = empty
        .arg(0)
        .filter(|w| w.is_call("what") && w.children().len() == 1)
        .and_then(|w| w.named("at"))
        .and_then(mover_entry)?;
    let bar_site = format!("(mapEntry \"{bar}\" Mover)");
    if !(bar_first.is_call("if")
        && empty.to_string() == format!("(= (what at:{bar_site}) 0)")
        && pieces.to_string() == "(forEach Piece top:True)"
        && then.is_call("then"))
    {
        return None;
    }
    // The hand, entered whenever a die lets a piece.
    let [not_empty, from_hand] = hand.children() else {
        return None;
    };
    if !(hand.is_call("if") && not_empty.to_string() == "(not (\"HandEmpty\" Mover))") {
        return None;
    }
    let entered = each_die(from_hand)?;
    let (entry_site, entry_landing, entry_effect) = to_parts(entered)?;
    let start = entry_site
        .named("from")
        .and_then(mover_entry)
        .filter(|_| entry_site.is_call("trackSite"))?;
    if entered.arg(0)?.to_string() != "(from (handSite Mover))"
        || entry_site.to_string()
            != format!("(trackSite Move from:(mapEntry \"{start}\" Mover) steps:(pips))")
    {
        return None;
    }
    // The piece, held on the start while the hand holds pieces.
    let piece = super::only_piece(game)?;
    let held = piece.arg(2).filter(|h| h.is_call("if"))?;
    let [hold, moves] = held.children() else {
        return None;
    };
    let start_site = format!("(mapEntry \"{start}\" Mover)");
    if hold.to_string()
        != format!(
            "(or (!= (from) {start_site}) (and (= (from) {start_site}) (\"HandEmpty\" Mover)))"
        )
    {
        return None;
    }
    let inner = each_die(moves)?;
    // A piece bears off past the track's end, and moves otherwise.
    let moved = inner
        .arg(2)
        .filter(|_| inner.is_call("if") && inner.children().len() == 3)?;
    let (_, landing, effect) = to_parts(moved)?;
    // A move from the bar is the piece's own move from the site it stands on.
    let bar_move = each_die(from_bar)?
        .to_string()
        .replace(&format!("(from {bar_site})"), "(from)")
        .replace(&format!("from:{bar_site} "), "");
    if bar_move != moved.to_string() || entry_effect.to_string() != effect.to_string() {
        return None;
    }
    // The pieces' dice carry the turn's consequence.
    let mut args: Vec<Node> = moves
        .children()
        .iter()
        .map(|n| captures_as_from_to(n, false))
        .collect();
    args.push(then.clone());
    let with_then = Node::new(
        Kind::Call {
            head: "forEach".into(),
            args,
        },
        moves.span,
    );
    let game = replaced(game, &[(held, &with_then), (choice, pieces)]);
    let read = BarOnBoard {
        choice: bar_first.clone(),
        bar: bar.to_string(),
        start: start.to_string(),
        hold: hold.clone(),
        entry: from_hand.clone(),
        entry_landing: entry_landing.clone(),
        landing: landing.clone(),
        capture: effect.clone(),
    };
    Some((game, read))
}

/// Reads `read` as the family's parameters once the tracks are: the bar must be the first
/// site of each player's track and the start the same position of each, and the entry from
/// the hand must land as the pieces do on every site a die of the throw reaches from there.
pub(super) fn resolve(reader: &mut Reader, read: &BarOnBoard, equipment: &Equipment<'_>) {
    if ["tracks", "throw", "capture_return"]
        .iter()
        .any(|key| !reader.reading.contains_key(key))
    {
        // What keeps them from being read is named where it stands.
        return;
    }
    let (Some(seats), Some((bars, _)), Some((starts, _))) = (
        equipment.seat_tracks.as_ref(),
        equipment.maps.get(&Some(read.bar.clone())),
        equipment.maps.get(&Some(read.start.clone())),
    ) else {
        reader.lack(&read.choice, "a bar or start the reader does not read");
        return;
    };
    let site = |map: &std::collections::BTreeMap<i64, i64>, seat: usize| {
        map.get(&(seat as i64 + 1))
            .and_then(|&s| usize::try_from(s).ok())
    };
    let bar_first = seats.iter().enumerate().all(|(seat, cells)| {
        site(bars, seat).is_some() && cells.first() == site(bars, seat).as_ref()
    });
    if !bar_first {
        reader.lack(
            &read.choice,
            "a bar that is not the first site of each player's track",
        );
        return;
    }
    let positions: Option<Vec<usize>> = seats
        .iter()
        .enumerate()
        .map(|(seat, cells)| {
            let start = site(starts, seat)?;
            cells.iter().position(|&c| c == start)
        })
        .collect();
    let Some(&[first, ref others @ ..]) = positions.as_deref() else {
        reader.lack(
            &read.entry,
            "an entry counted from a site that is not on each player's track",
        );
        return;
    };
    if first == 0 || others.iter().any(|&p| p != first) {
        reader.lack(
            &read.entry,
            "an entry counted from a site at other positions of the players' tracks",
        );
        return;
    }
    // The sites a die reaches from the start.
    let faces: Option<usize> = reader.reading["throw"]
        .value
        .strip_prefix("dice ")
        .and_then(|dice| dice.split_once('d'))
        .and_then(|(_, faces)| faces.parse().ok());
    let Some(faces) = faces else {
        reader.lack(
            &read.entry,
            "an entry from the hand by a throw other than dice",
        );
        return;
    };
    for (seat, cells) in seats.iter().enumerate() {
        let mut evaluator = Evaluator::new(equipment, seat as u8 + 1, false);
        for &cell in cells.iter().skip(first + 1).take(faces) {
            for occupant in [
                Occupant::Empty,
                Occupant::Friend,
                Occupant::Enemy,
                Occupant::Enemies,
            ] {
                let case = Case {
                    pips: 1,
                    to: Destination::Cell(cell),
                    occupant,
                };
                let alike = evaluator
                    .boolean(&read.entry_landing, &case)
                    .and_then(|entry| Ok(entry == evaluator.boolean(&read.landing, &case)?));
                match alike {
                    Ok(true) => {}
                    Ok(false) => {
                        reader.lack(
                            &read.entry_landing,
                            "a piece entering from the hand that lands otherwise than the pieces' own moves",
                        );
                        return;
                    }
                    Err(Unread(node, what)) => {
                        reader.lack(node, what);
                        return;
                    }
                }
            }
        }
    }
    if reader.reading["capture_return"].value != "hand" {
        reader.lack(&read.choice, "a bar beside captures sent elsewhere");
        return;
    }
    // The bar is the first position of each track, where captures go.
    reader.set("capture_return", 1, &read.capture);
    reader.set("first_position_first", true, &read.choice);
    reader.set("enter_from", first + 1, &read.entry);
    // A die of v enters on the v-th site past the start.
    reader.set("enter_counts_first_cell", true, &read.entry);
    reader.set("held_while_hand", first + 1, &read.hold);
}

#[cfg(test)]
mod tests {
    use crate::race_description::tests::vendored_expanded;

    /// Tawula.lud read with its bar on the board: captured pieces go to the bar, the first
    /// site of each track, and leave it before any other piece moves; the hand's pieces enter
    /// counted from the start, the track's second site, whose two pieces wait for the hand.
    #[test]
    fn tawula_enters_its_bar_first_and_its_hand_from_the_start() {
        let reading = crate::race_description::read(&vendored_expanded("Tawula.lud")).unwrap();
        let read = |key: &str| (reading[key].value.as_str(), reading[key].span.line);
        assert_eq!(read("first_position_first"), ("true", 106));
        assert_eq!(read("enter_from"), ("2", 132));
        assert_eq!(read("held_while_hand"), ("2", 58));
        assert_eq!(read("capture_return").0, "1");
        assert_eq!(read("enter_counts_first_cell").0, "true");
        assert_eq!(read("captured_enter_first").0, "false");
        assert_eq!(read("start").0, "2 2 | 2 2");
        assert!(
            reading["tracks"].value.starts_with("6 25 24 "),
            "{}",
            reading["tracks"].value
        );
        assert_eq!(
            read("no_stack_cells").0,
            "14 15 16 17 18 20 21 22 23 24 | 1 2 3 4 5 7 8 9 10 11"
        );
        let params = crate::race_description::params_of(&reading).unwrap();
        assert!(params.first_position_first);
        assert_eq!((params.enter_from, params.held_while_hand), (2, 2));
    }

    /// Tawula.lud edited: `edit` of its text, read, must lack `what` at `line`.
    fn lacks_when_edited(from: &str, to: &str, what: &str, line: u32) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus/ludii/lud/Tawula.lud");
        let text = std::fs::read_to_string(path).unwrap();
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text);
        let description = ludii::Description::read("Tawula.lud", &edited).unwrap();
        let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
        let lacks = crate::race_description::read(&expanded).unwrap_err();
        assert!(
            lacks
                .iter()
                .any(|l| l.what.contains(what) && l.span.line == line),
            "{lacks:?}"
        );
    }

    /// An entry from the hand that lands on one's own pieces where the pieces' own moves do
    /// not is not the family's entry.
    #[test]
    fn an_entry_landing_otherwise_than_the_pieces_is_named() {
        lacks_when_edited(
            "                                    if:(or \n                                        (is Empty (to))",
            "                                    if:(or \n                                        (not (is Enemy (who at:(to))))",
            "a piece entering from the hand that lands otherwise",
            138,
        );
    }

    /// A hand entered from a site that is not where the start holds its pieces is no longer
    /// the turn the module reads.
    #[test]
    fn a_hold_of_another_site_than_the_entry_s_is_named() {
        lacks_when_edited(
            "(!= (from) (mapEntry \"StartTrack\" Mover))",
            "(!= (from) (mapEntry \"Bar\" Mover))",
            "moves other than each piece's own",
            105,
        );
    }
}
