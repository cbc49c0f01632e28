//! Ludii's placeholders: descriptions of a board and its pieces whose play can make no move,
//! one reading for both families' reports.
//!
//! Ludii keeps a description for every game of its database, and for some games it describes
//! the board but no rules: the play is `(forEach Piece)` over pieces that declare no moves
//! (Ludii's `ForEachPiece` gathers the moves each piece's own generator makes, and
//! `Component.generate` gives none for a piece declared without one, `(piece "Seed" Shared)`,
//! `(piece "Disc" Each)`; over no piece at all it gathers none either), alone or as the
//! `next:` of a `(do …)` (Ludii's `Do` gives the moves of its `next:` alone, the prior, a
//! `(roll)`, applied before them: none where they are none), or a reconstruction's
//! placeholder (`(play [#])`) alone, or a lift from holes left to be completed (`(move Select
//! (from [#]) …)`) in rules whose start is a placeholder too: nothing on the board and no hole
//! named (Ludii's own copies of these reconstructions call them "Incomplete"). Ludii's `Game`
//! adds no move to an alternating game's empty list: its player is stalemated.
//! Such a description lacks nothing of a family: there is nothing in it to play, and the
//! reports count it apart from the descriptions whose rules a family lacks.

use ludii::{Kind, Node};

use crate::sowing::{Lack, child, items};

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
    if !bare_for_each_piece(moves_made(moves)?) {
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

/// The ludeme whose moves are the play's: the play's own, or the `next:` of a `(do …)`,
/// whose moves are `Do`'s (its prior is applied before them and adds none); `None` for a
/// `(do …)` without `next:`, whose moves are its prior's.
fn moves_made(moves: &Node) -> Option<&Node> {
    if moves.is_call("do") {
        return moves.named("next").and_then(moves_made);
    }
    Some(moves)
}

/// `(forEach Piece)` with nothing else: every piece's own moves.
fn bare_for_each_piece(moves: &Node) -> bool {
    moves.is_call("forEach")
        && moves.children().len() == 1
        && moves.arg(0).and_then(Node::as_symbol) == Some("Piece")
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
