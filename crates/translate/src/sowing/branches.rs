//! Plays that choose their kind of move by a condition: `(if condition moves otherwise)`.
//!
//! The one the family reads is Ludii's relay written as two moves, `(if (is Mover Prev)
//! (move Select (from (sites {(last To)})) (then sowing)) fresh)`: a mover whose turn goes on
//! (the sowing's `(moveAgain)`) lifts the hole its last counter fell in, and anyone else makes
//! a fresh move with the same sowing. That is the family's relay from the last hole, the
//! `(from (if (is Mover Prev) (sites {(last To)}) holes))` the reader already knows, written
//! out. A `(do … ifAfterwards:…)` may wrap the fresh move alone: Ludii then checks the
//! condition after a fresh move and never after a relay, as the family checks feeding. Any
//! other condition is named with its place, by the condition and the kind of move it
//! guards, so that the report groups the shapes.

use ludii::{Kind, Node};

use super::{child, head_of, is_symbol};

/// The fresh move of a relay written as two moves (with its `do` wrapper, if any), or `None`
/// where `play` is not one.
pub(super) fn relay_branch(play: &Node) -> Option<&Node> {
    if !play.is_call("if") {
        return None;
    }
    let (condition, relay, fresh) = (play.arg(0)?, play.arg(1)?, play.arg(2)?);
    if play.arg(3).is_some() || !same_turn(condition) {
        return None;
    }
    let fresh_move = if fresh.is_call("do") {
        let inner = fresh.arg(0)?;
        fresh.named("ifAfterwards")?;
        inner
    } else {
        fresh
    };
    let (relay_from, relay_then) = select(relay)?;
    let (_, fresh_then) = select(fresh_move)?;
    let lifts_last = relay_from.children().len() == 1 && relay_from.arg(0).is_some_and(last_to);
    // Written alike, the two sowings are one: the places differ, the text does not.
    (lifts_last && relay_then.to_string() == fresh_then.to_string()).then_some(fresh)
}

/// `(if (can Move M) M (move Pass (then P)))`, M written alike both times: M and P. Ludii
/// plays a pass where nothing can be played whether or not the description writes it
/// (Game.java's empty moves), so the moves are M's, and P, what the pass does besides, the
/// family's rounds do not read in this place. Only a pass with a consequence is read so, to
/// name that consequence; a bare one is left to the readings of `(if …)`.
pub(super) fn can_move_else_pass(play: &Node) -> Option<(&Node, &Node)> {
    if !play.is_call("if") || play.arg(3).is_some() {
        return None;
    }
    let (condition, moves, pass) = (play.arg(0)?, play.arg(1)?, play.arg(2)?);
    let asked = condition
        .is_call("can")
        .then(|| condition.arg(0))
        .flatten()
        .filter(|what| is_symbol(what, "Move"))
        .and(condition.arg(1))
        .filter(|_| condition.arg(2).is_none())?;
    let passes = pass.is_call("move")
        && pass.arg(0).is_some_and(|a| is_symbol(a, "Pass"))
        && pass.children().len() == 2;
    let then = child(pass, "then").filter(|_| passes)?;
    (asked.to_string() == moves.to_string()).then_some((moves, then))
}

/// `(sites {(last To …)})`: the hole the last counter fell in.
pub(super) fn last_to(sites: &Node) -> bool {
    sites.is_call("sites")
        && sites.arg(0).and_then(Node::as_array).is_some_and(|a| {
            a.len() == 1 && a[0].is_call("last") && a[0].arg(0).is_some_and(|t| is_symbol(t, "To"))
        })
}

/// `(is Mover Prev)`, or Ludii's library define `SameTurn` that means it.
pub(super) fn same_turn(condition: &Node) -> bool {
    matches!(&condition.kind, Kind::DefineUse { name, args } if name == "SameTurn" && args.is_empty())
        || (condition.is_call("is")
            && condition.arg(0).is_some_and(|a| is_symbol(a, "Mover"))
            && condition.arg(1).is_some_and(|a| is_symbol(a, "Prev")))
}

/// A `(move Select (from …) (then …))` of nothing else: its `from` and `then`.
pub(super) fn select(node: &Node) -> Option<(&Node, &Node)> {
    let select = node.is_call("move")
        && node.arg(0).is_some_and(|a| is_symbol(a, "Select"))
        && node.children().len() == 3;
    if !select {
        return None;
    }
    Some((child(node, "from")?, child(node, "then")?))
}

/// The kinds of move of a choice the family does not read, each in words as [`unread`]
/// names a branch: `(move Select …)`, or `(move Select …) if (or …)` where a condition guards
/// it (Katro's two ways round, each under `(value Player Mover)`, and its two moves of a
/// single counter).
pub(super) fn kinds(choices: &[&Node]) -> String {
    let each: Vec<String> = choices
        .iter()
        .map(|choice| {
            if choice.is_call("if") && choice.arg(2).is_none() {
                let guarded = choice.arg(1).map_or_else(|| "nothing".to_string(), kind);
                let condition = choice.arg(0).map_or_else(String::new, short);
                format!("{guarded} if {condition}")
            } else {
                kind(choice)
            }
        })
        .collect();
    each.join(", ")
}

/// A kind of move in words: `(move Select …)`, `(move …)`, or the head of anything else.
fn kind(node: &Node) -> String {
    if node.is_call("move") {
        match node.arg(0).and_then(Node::as_symbol) {
            Some(what) => format!("(move {what} …)"),
            None => "(move …)".to_string(),
        }
    } else {
        head_of(node)
    }
}

/// A condition as written where it is short, else by its head.
fn short(condition: &Node) -> String {
    let written = condition.to_string();
    if written.chars().count() <= 60 {
        written
    } else {
        head_of(condition)
    }
}

/// What an `(if …)` play the family does not read is, in words: the kind of move each branch
/// makes, the first before its condition as written (the report groups by the first words).
pub(super) fn unread(play: &Node) -> String {
    let kind = |node: Option<&Node>| node.map_or_else(|| "nothing".to_string(), kind);
    // A long condition (a `(can Move …)` of whole moves) is named by its head.
    let condition = play.arg(0).map_or_else(String::new, short);
    format!(
        "moves by a condition: {} if {condition}, else {}",
        kind(play.arg(1)),
        kind(play.arg(2))
    )
}
