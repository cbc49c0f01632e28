//! Ludii's placeholders: descriptions of a board and its counters whose play can make no move.
//!
//! Ludii keeps a description for every game of its database, and for some games it describes
//! the board but no rules: the play is `(forEach Piece)` over pieces that declare no moves
//! (Ludii's `ForEachPiece` gathers the moves each piece's own generator makes, and a
//! `(piece "Seed" Shared)` has none), or a reconstruction's placeholder (`(play [#])`) alone,
//! or a lift from holes left to be completed (`(move Select (from [#]) …)`) in rules whose
//! start is a placeholder too: nothing on the board and no hole named (Ludii's own copies of
//! these reconstructions call them "Incomplete").
//! Such a description lacks nothing of the family: there is nothing in it to play, and the
//! report counts it apart from the descriptions whose rules the family lacks.

use ludii::{Kind, Node};

use super::{Lack, child, items};

/// Where a description's play can make no move, the `(play …)` with why; `None` where it
/// can, or where its play is not one of these placeholders (phases, several kinds of move).
pub(crate) fn play_without_moves(game: &Node) -> Option<Lack> {
    let play = child(child(game, "rules")?, "play")?;
    let moves = play.arg(0)?;
    if matches!(moves.kind, Kind::Completion(_)) {
        return Some(Lack {
            span: play.span,
            what: format!("a play left to be completed: {play}"),
        });
    }
    if let Some(lack) = lift_left_to_complete(game, play, moves) {
        return Some(lack);
    }
    let bare_for_each_piece = moves.is_call("forEach")
        && moves.children().len() == 1
        && moves.arg(0).and_then(Node::as_symbol) == Some("Piece");
    if !bare_for_each_piece {
        return None;
    }
    let equipment = child(game, "equipment")?;
    let pieces: Vec<&Node> = equipment
        .positional()
        .flat_map(items)
        .filter(|n| n.is_call("piece"))
        .collect();
    if pieces.iter().any(|piece| declares_moves(piece)) {
        return None;
    }
    Some(Lack {
        span: play.span,
        what: format!("a play of pieces that have no moves: {play}"),
    })
}

/// A play that lifts from holes left to be completed, `(move Select (from [#]) …)`, where the
/// start is left to be completed too (`(start [#])`): the board holds no counter and the
/// play names no hole, so no move can be made until a reconstruction gives them.
fn lift_left_to_complete(game: &Node, play: &Node, moves: &Node) -> Option<Lack> {
    let start = child(child(game, "rules")?, "start")?;
    let placeholder =
        |node: Option<&Node>| node.is_some_and(|n| matches!(n.kind, Kind::Completion(_)));
    let from = moves
        .is_call("move")
        .then(|| child(moves, "from"))
        .flatten()?;
    (placeholder(start.arg(0)) && placeholder(from.arg(0))).then(|| Lack {
        span: play.span,
        what: format!("a lift from holes left to be completed, {from}, from a start left to be completed, {start}"),
    })
}

/// Whether a `(piece name role …)` declares moves: an argument past its name and role other
/// than the way it faces (a symbol) or a named setting (`maxState:`).
fn declares_moves(piece: &Node) -> bool {
    piece
        .positional()
        .skip(2)
        .any(|argument| argument.as_symbol().is_none())
}
