//! Readings of a turn's choice of moves other than the pieces' own alone: a pass written with
//! the pieces' consequence (Main Pacheh), the hand's pieces entering before any other move
//! (Shuanglu), and a piece's bearing off written as dice of their own beside its moves
//! (Paumecary).

use ludii::{Kind, Node};

use super::{Brief, Equipment, Reader, moves_by, track_list};
use crate::eval::is_symbol;

/// Main Pacheh's `(if (can Move (forEach Piece)) (forEach Piece (then T)) (move Pass (then
/// T)))`, or Panchi's `(if (can Move CHOICE) CHOICE (move Pass (then T)))` where CHOICE is
/// `(or {(forEach Piece) (forEach Piece container:(mover)) ENTRY} (then T))` (see
/// [`super::entry::listed`]): while a piece can move the mover moves one, and otherwise passes, the pass carrying
/// the pieces' consequence T as a move of its own (Ludii's forced pass, made where nothing is
/// legal, carries none). With T another throw on some values, a throw that no piece can use
/// gives it too: the family's `extra_throw_on_pass`. The choice of pieces, T (the `(then …)`
/// both write) and the pass, when the turn is this one.
pub(super) fn pass_with_consequence(next: &Node) -> Option<(&Node, &Node, &Node)> {
    let (condition, choice, pass) = super::if_parts(next)?;
    let then = choice
        .children()
        .last()
        .filter(|then| then.is_call("then"))?;
    let piece_choice = choice.is_call("forEach")
        && choice.children().len() == 2
        && choice.arg(0).is_some_and(|p| is_symbol(p, "Piece"));
    // Panchi's choice: the pieces' moves beside an entry, `(or {…} (then T))`, asked whole.
    let listed = choice.is_call("or")
        && condition.to_string() == format!("(can Move {choice})")
        && super::entry::listed(choice).is_some();
    let pass_then = pass
        .children()
        .last()
        .filter(|_| pass.is_call("move") && pass.children().len() == 2)
        .filter(|_| pass.arg(0).is_some_and(|p| is_symbol(p, "Pass")));
    let pieces = condition.to_string() == "(can Move (forEach Piece))" && piece_choice;
    ((pieces || listed) && pass_then.is_some_and(|t| t.to_string() == then.to_string()))
        .then_some((choice, then, pass))
}

/// Shuanglu's `(priority {(if (is Occupied (handSite Mover)) ENTRY) (if (is Empty (handSite
/// Mover)) PIECES)})`: Ludii's `Priority` plays the first list of moves that is not empty, so
/// while a piece waits in the hand the mover enters one where a die allows and otherwise
/// passes (the second list is empty then too), and moves the pieces on the board only once
/// the hand is empty. PIECES may be written in `(max Distance …)`, which Ludii 1.3.13 plays
/// unfiltered (`MaxDistance.eval` returns the moves it was given, evaluated again), as
/// Backgammon's turn is read.
pub(super) struct HandFirst<'n> {
    pub priority: &'n Node,
    pub entry: &'n Node,
    pub pieces: &'n Node,
    /// Where the pieces wait: `(handSite Mover)`, or Nard's bar, `(mapEntry "Bar" Mover)`.
    pub site: &'n Node,
}

/// The priority of the hand, when `next` is one.
pub(super) fn hand_first(next: &Node) -> Option<HandFirst<'_>> {
    let list = next
        .arg(0)
        .and_then(Node::as_array)
        .filter(|_| next.is_call("priority") && next.children().len() == 1)?;
    let [occupied, empty] = list else {
        return None;
    };
    let (asked, entry) = (occupied.arg(0)?, occupied.arg(1)?);
    let (asked_empty, mut pieces) = (empty.arg(0)?, empty.arg(1)?);
    let site = asked
        .arg(1)
        .filter(|_| asked.is_call("is") && asked.children().len() == 2)
        .filter(|_| asked.arg(0).is_some_and(|o| is_symbol(o, "Occupied")))?;
    let waiting = site.to_string() == "(handSite Mover)" || own_bar(site).is_some();
    let written = waiting
        && occupied.is_call("if")
        && occupied.children().len() == 2
        && empty.is_call("if")
        && empty.children().len() == 2
        && asked_empty.to_string() == format!("(is Empty {site})");
    if !written {
        return None;
    }
    if pieces.is_call("max") && pieces.arg(0).is_some_and(|d| is_symbol(d, "Distance")) {
        pieces = pieces.children().last()?;
    }
    Some(HandFirst {
        priority: next,
        entry,
        pieces,
        site,
    })
}

/// `(mapEntry "Name" Mover)`: the map's name, where the site is written so.
fn own_bar(site: &Node) -> Option<&str> {
    site.arg(0)
        .and_then(Node::as_str)
        .filter(|_| site.is_call("mapEntry") && site.children().len() == 2)
        .filter(|_| site.arg(1).is_some_and(|m| is_symbol(m, "Mover")))
}

/// Whether Nard's bar `(mapEntry "Name" Mover)` is where each player's track begins and was
/// read as the hand, its captured pieces sent there ([`super::tables::bar_as_hand`]: the
/// tracks read without their first site).
fn bar_read_as_hand(reader: &Reader, name: &str, equipment: &Equipment<'_>) -> bool {
    let (Some(seats), Some((map, _))) = (
        &equipment.seat_tracks,
        equipment.maps.get(&Some(name.to_string())),
    ) else {
        return false;
    };
    let own_first = seats.iter().enumerate().all(|(seat, track)| {
        map.get(&(seat as i64 + 1)).copied() == track.first().map(|&c| c as i64)
    });
    let stripped = track_list(seats.iter().map(|cells| &cells[1..]));
    own_first
        && reader
            .reading
            .get("tracks")
            .is_some_and(|tracks| tracks.value == stripped)
}

/// Reads the priority's entry beside the pieces' moves `piece` (their `(forEach Die …)`, read
/// already): ENTRY must be `(forEach Die if:… (move (from (handSite Mover)) (to (trackSite Move
/// from:(handSite Mover) steps:S) if:(< (size Stack at:(to)) 2) (apply E))) (then …))`, the
/// dice, S, E and the consequence being the pieces' own, on tracks that begin in the hand
/// (`enter_counts_first_cell`). The piece enters as the pieces move but on no cell where two
/// pieces or more stand, which beside pieces that stack on their own and take a lone enemy
/// (`capture-single`, no safe cell) is the family's `enter_stack_limit` 2. Every piece must
/// start on the board: the hand then holds the captured pieces alone, which enter first, the
/// family's `captured_enter_first`. Anything else is a lack at its place.
pub(super) fn read_entry(
    reader: &mut Reader,
    hand: &HandFirst<'_>,
    piece: &Node,
    equipment: &Equipment<'_>,
) {
    if let Err((node, what)) = entry_limit(reader, hand, piece, equipment) {
        reader.lack(node, format!("{what}: {node_}", node_ = Brief(node)));
    }
}

fn entry_limit<'n>(
    reader: &mut Reader,
    hand: &HandFirst<'n>,
    piece: &'n Node,
    equipment: &Equipment<'_>,
) -> Result<(), (&'n Node, &'static str)> {
    let entry = hand.entry;
    let waiting = hand.site.to_string();
    if let Some(name) = own_bar(hand.site)
        && !bar_read_as_hand(reader, name, equipment)
    {
        return Err((
            hand.site,
            "a bar entered first that is not where each track begins, the captured pieces sent there",
        ));
    }
    fn shape(n: &Node) -> Option<(&Node, &Node)> {
        let positional: Vec<&Node> = n.positional().collect();
        match positional.as_slice() {
            [die, step, then] if n.is_call("forEach") && is_symbol(die, "Die") => {
                Some((*step, *then))
            }
            _ => None,
        }
    }
    let named = |n: &Node| {
        n.children()
            .iter()
            .filter(|c| matches!(c.kind, Kind::Named { .. }))
            .map(Node::to_string)
            .collect::<Vec<_>>()
    };
    let (Some((step, then)), Some((_, piece_then))) = (shape(entry), shape(piece)) else {
        return Err((entry, "an entry other than each unused die in turn"));
    };
    if named(entry) != named(piece) || then.to_string() != piece_then.to_string() {
        return Err((entry, "an entry whose dice are not the pieces' own"));
    }
    let from_hand = step
        .arg(0)
        .is_some_and(|f| f.to_string() == format!("(from {waiting})") && step.is_call("move"));
    let to = step
        .arg(1)
        .filter(|t| from_hand && step.children().len() == 2 && t.is_call("to"))
        .ok_or((step, "an entry the reader does not read"))?;
    let (Some(site), Some(condition), Some(apply)) = (
        to.arg(0),
        to.named("if"),
        to.arg(1).filter(|_| to.children().len() == 3),
    ) else {
        return Err((to, "an entry the reader does not read"));
    };
    let steps = site
        .named("steps")
        .filter(|_| site.is_call("trackSite") && site.children().len() == 3)
        .filter(|_| site.arg(0).is_some_and(|m| is_symbol(m, "Move")))
        .filter(|_| site.named("from").is_some_and(|f| f.to_string() == waiting))
        .ok_or((site, "an entry site the reader does not read"))?;
    if !moves_by(steps, piece.walk()) {
        return Err((steps, "an entry of a throw other than the pieces'"));
    }
    let piece_apply = piece
        .walk()
        .any(|n| n.is_call("apply") && n.to_string() == apply.to_string());
    if !piece_apply {
        return Err((apply, "an entry's effect other than the pieces'"));
    }
    if condition.to_string() != "(< (size Stack at:(to)) 2)" {
        return Err((condition, "an entry's condition the reader does not read"));
    }
    let reads = |key: &str, value: &str| reader.reading.get(key).is_some_and(|r| r.value == value);
    let alike = reads("enter_counts_first_cell", "true")
        && reads("land_on_own", "stack")
        && reads("no_stack_cells", "none")
        && reads("land_on_enemy", "capture-single")
        && reads("capture_return", "hand")
        && reads("safe_cells", "none");
    if !alike {
        return Err((
            condition,
            "an entry onto fewer than two pieces beside pieces that land otherwise",
        ));
    }
    let pieces = reader
        .reading
        .get("pieces")
        .and_then(|r| r.value.parse::<usize>().ok());
    let all_placed = reader.reading.get("start").is_some_and(|start| {
        start.value != "hand"
            && start
                .value
                .split('|')
                .all(|seat| Some(seat.split_whitespace().count()) == pieces)
    });
    if !all_placed {
        return Err((
            hand.priority,
            "a hand first beside pieces that start in the hand",
        ));
    }
    reader.set("enter_stack_limit", 2, condition);
    reader.set("captured_enter_first", true, hand.priority);
    Ok(())
}

/// Paumecary's piece, `(or (forEach Die R if:D MOVE THEN) (if HAND (forEach Die R if:(and D
/// (= End SITE)) REMOVE THEN)))`, read as one play of each die, `(forEach Die R if:D (or MOVE
/// (if HAND (if (= End SITE) REMOVE))) THEN)`: Ludii's `or` lists the moves of both, each die's
/// of the first beside its own of the second, the dice R and D and the consequence THEN being
/// the same. The game with the piece so written, every node keeping its place; `None` where
/// the piece is not written so.
pub(super) fn merged_dice(game: &Node) -> Option<Node> {
    let piece = super::only_piece(game)?;
    let moves = piece
        .arg(2)
        .filter(|m| m.is_call("or") && m.children().len() == 2)?;
    let (first, guarded) = (moves.arg(0)?, moves.arg(1)?);
    let (hand, second) = (guarded.arg(0)?, guarded.arg(1)?);
    if !(guarded.is_call("if") && guarded.children().len() == 2) {
        return None;
    }
    let dice = |n: &Node| -> Option<(String, String, String)> {
        let positional: Vec<&Node> = n.positional().collect();
        match positional.as_slice() {
            [die, _, then] if n.is_call("forEach") && is_symbol(die, "Die") => Some((
                n.named("replayDouble")?.to_string(),
                n.named("if")?.to_string(),
                then.to_string(),
            )),
            _ => None,
        }
    };
    let (replay, used, then) = dice(first)?;
    let (replay_second, condition, then_second) = dice(second)?;
    let if_second = second.named("if")?;
    let (Some(step), Some(remove)) = (first.arg(1), second.arg(1)) else {
        return None;
    };
    let end = if_second.arg(0).and_then(Node::as_array).map_or_else(
        || if_second.positional().collect(),
        |a| a.iter().collect::<Vec<_>>(),
    );
    let at_end = match end.as_slice() {
        [die, at_end] if if_second.is_call("and") && die.to_string() == used => *at_end,
        _ => return None,
    };
    let alike = replay == replay_second && then == then_second && condition != used;
    let to_end = at_end.is_call("=") && at_end.arg(0).is_some_and(|e| is_symbol(e, "End"));
    if !(alike && to_end) {
        return None;
    }
    let call = |head: &str, args: Vec<Node>, at: &Node| {
        Node::new(
            Kind::Call {
                head: head.into(),
                args,
            },
            at.span,
        )
    };
    let removal = call("if", vec![at_end.clone(), remove.clone()], if_second);
    let either = call(
        "or",
        vec![
            step.clone(),
            call("if", vec![hand.clone(), removal], guarded),
        ],
        moves,
    );
    let merged = super::per_die::replaced(first, &[(step, &either)]);
    Some(super::per_die::replaced(game, &[(moves, &merged)]))
}
