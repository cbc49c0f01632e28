//! A piece on the last cell of its track bearing off on some throws besides the one that takes
//! it exactly off, Pachesi's
//!
//! ```text
//! (if (= End (trackSite Move from:(from) steps:THROW)) (move Remove …)
//!     (if (and (= End (trackSite Move from:(from) steps:1)) SPECIAL) (move Remove …) MOVE))
//! ```
//!
//! its 10, 25 and 30 (`("IsSpecialThrow")`) bearing a piece off from the last square whatever
//! they count. The family has no such rule yet: it is named with the values SPECIAL lists, and
//! the piece's moves are read with MOVE in its place, so that every other part the description
//! lacks is named too. The rewritten game keeps every node's place.

use ludii::Node;

use super::{Brief, steps_in_values};
use crate::eval::is_symbol;

/// The game with such a bearing off read as its MOVE alone, beside the lack it names (the
/// condition and what it says); `None` where no move is so written.
pub(super) fn rewrite(game: &Node) -> Option<(Node, (Node, String))> {
    let (special_off, condition, values, otherwise) = game.walk().find_map(|node| {
        let [condition, off, otherwise] = node.children() else {
            return None;
        };
        if !node.is_call("if") || !is_removal(off) {
            return None;
        }
        let values = special_values(condition, otherwise)?;
        Some((node, condition, values, otherwise))
    })?;
    let rewritten = super::per_die::replaced(game, &[(special_off, otherwise)]);
    let listed: Vec<String> = values.iter().map(i64::to_string).collect();
    let what = format!(
        "a piece on the last cell of its track bearing off on some throws besides the one that \
         takes it off exactly: {listed}: {condition_}",
        listed = listed.join(", "),
        condition_ = Brief(condition)
    );
    Some((rewritten, (condition.clone(), what)))
}

/// `(move Remove …)`.
fn is_removal(node: &Node) -> bool {
    node.is_call("move") && node.arg(0).is_some_and(|a| is_symbol(a, "Remove"))
}

/// The values of `(and (= End (trackSite Move from:(from) steps:1)) SPECIAL)`, either way
/// round, where SPECIAL lists values of the throw as `otherwise`'s moves count it.
fn special_values(condition: &Node, otherwise: &Node) -> Option<Vec<i64>> {
    let [a, b] = condition.children() else {
        return None;
    };
    if !condition.is_call("and") {
        return None;
    }
    let (special, _) = [(b, a), (a, b)]
        .into_iter()
        .find(|(_, last)| is_last_cell(last))?;
    let (Some(steps), Some(values)) = steps_in_values(special) else {
        return None;
    };
    let counted = otherwise
        .walk()
        .filter_map(|n| n.named("steps"))
        .any(|s| s.to_string() == steps.to_string());
    counted.then_some(values)
}

/// `(= End (trackSite Move from:(from) steps:1))`, either way round: the piece stands on the
/// last cell of its track.
fn is_last_cell(node: &Node) -> bool {
    let one_step = |n: &Node| {
        n.is_call("trackSite")
            && n.arg(0).is_some_and(|m| is_symbol(m, "Move"))
            && n.named("steps").and_then(Node::as_int) == Some(1)
            && n.named("from")
                .is_none_or(|f| f.is_call("from") && f.children().is_empty())
    };
    match node.children() {
        [a, b] if node.is_call("=") => {
            (is_symbol(a, "End") && one_step(b)) || (is_symbol(b, "End") && one_step(a))
        }
        _ => false,
    }
}
