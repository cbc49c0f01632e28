//! A way round kept through a turn's relays and past it (Dongjintian's `(var "Direction")`):
//! a choice of two moves, one each way round, each guarded by `(if (or (>= 0 (var V)) (= (var
//! V) k)) (move …))`, k 1 for the one and 2 for the other, whose sowings set V to their own k
//! beside the `(moveAgain)` of a relay and to 0 beside a capture. Ludii's `(var V)` is the
//! game's, not a player's: its State.java keeps the value map from move to move and reads a
//! name never set as -1, so a sowing that neither relays nor captures leaves V as it was and
//! the next player is held to that way too. That is the family's `way_kept`
//! `relay-until-capture`, read here by taking the guards and V's settings out of the moves,
//! which are then read as any choice of two ways.

use ludii::{Kind, Node};

/// What is not read, and the node to cite where it is not the choice itself.
pub(super) type Unread = (String, Option<Node>);

/// The two moves without their guards and V's settings, where both are guarded so; `Ok(None)`
/// where neither is guarded; what is not read where a guard or V's settings are other.
pub(super) fn unguard(one: &Node, other: &Node) -> Result<Option<(Node, Node)>, Unread> {
    let (first, second) = (guard(one), guard(other));
    let ((name, k1, move1), (name2, k2, move2)) = match (first, second) {
        (None, None) => return Ok(None),
        (Some(a), Some(b)) => (a, b),
        _ => {
            return Err((
                "a choice of two ways, one of them kept by a variable and the other not".into(),
                None,
            ));
        }
    };
    if name != name2 || [k1.min(k2), k1.max(k2)] != [1, 2] {
        return Err((
            format!(
                "ways kept by variables the family does not read: (var \"{name}\") = {k1}, (var \"{name2}\") = {k2}"
            ),
            None,
        ));
    }
    let take = |node: &Node, k: i64| -> Result<Node, Unread> {
        let mut node = node.clone();
        let mut found = Settings::default();
        take_settings(&mut node, name, k, &mut found)?;
        if !(found.kept && found.cleared) {
            return Err((
                format!(
                    "a way kept by (var \"{name}\") not set to {k} by a relay and to 0 by a capture"
                ),
                None,
            ));
        }
        Ok(node)
    };
    Ok(Some((take(move1, k1)?, take(move2, k2)?)))
}

/// `(if (or (>= 0 (var V)) (= (var V) k)) MOVE)` (the `=` either way round): V, k and MOVE.
fn guard(node: &Node) -> Option<(&str, i64, &Node)> {
    if !node.is_call("if") || node.arg(2).is_some() {
        return None;
    }
    let (condition, guarded) = (node.arg(0)?, node.arg(1)?);
    if !condition.is_call("or") || condition.children().len() != 2 {
        return None;
    }
    let (unset, equal) = (condition.arg(0)?, condition.arg(1)?);
    let at_most_zero = unset.is_call(">=") && unset.arg(0)?.as_int() == Some(0);
    let name = var_name(unset.arg(1)?)?;
    if !at_most_zero || !equal.is_call("=") || equal.children().len() != 2 {
        return None;
    }
    let (left, right) = (equal.arg(0)?, equal.arg(1)?);
    let (var, k) = match (var_name(left), var_name(right)) {
        (Some(var), None) => (var, right.as_int()?),
        (None, Some(var)) => (var, left.as_int()?),
        _ => return None,
    };
    (var == name && k > 0).then_some((name, k, guarded))
}

/// The name of `(var "Name")`.
fn var_name(node: &Node) -> Option<&str> {
    (node.is_call("var") && node.children().len() == 1)
        .then(|| node.arg(0)?.as_str())
        .flatten()
}

/// Which of V's settings a move makes.
#[derive(Default)]
struct Settings {
    /// V set to the move's k beside a `(moveAgain)`.
    kept: bool,
    /// V set to 0 beside something else (the capture).
    cleared: bool,
}

/// Takes every `(set Var V n)` out of the `(and …)`s of `node`, checking that n is `k` beside a
/// `(moveAgain)` and 0 elsewhere; an `(and …)` left with one effect becomes that effect. V set
/// anywhere else is not read.
fn take_settings(node: &mut Node, name: &str, k: i64, found: &mut Settings) -> Result<(), Unread> {
    if let Some(effects) = and_effects(node) {
        let relays = effects.iter().any(|n| n.is_call("moveAgain"));
        let before = effects.len();
        let mut wrong = None;
        effects.retain(|effect| match setting(effect, name) {
            None => true,
            Some(value) => {
                match (relays, value) {
                    (true, v) if v == k => found.kept = true,
                    (false, 0) => found.cleared = true,
                    _ => wrong = Some((value, effect.clone())),
                }
                false
            }
        });
        if let Some((value, at)) = wrong {
            return Err((
                format!(
                    "a way kept by (var \"{name}\") set to {value} where the family reads {k} beside a relay and 0 beside a capture"
                ),
                Some(at),
            ));
        }
        if effects.len() == 1 && before > 1 {
            let only = effects.remove(0);
            *node = only;
            return take_settings(node, name, k, found);
        }
    }
    if setting(node, name).is_some() {
        // Wa'ache Waledat's clears it where a sowing ends without a relay: a way kept until
        // the turn ends, which the family does not have.
        return Err((
            format!(
                "a way kept by (var \"{name}\") set other than beside a relay's (moveAgain) or a capture: {node}"
            ),
            Some(node.clone()),
        ));
    }
    if let Kind::Call { args, .. }
    | Kind::DefineUse { args, .. }
    | Kind::Group(args)
    | Kind::Array(args) = &mut node.kind
    {
        for arg in args {
            take_settings(arg, name, k, found)?;
        }
    } else if let Kind::Named { value, .. } = &mut node.kind {
        take_settings(value, name, k, found)?;
    }
    Ok(())
}

/// The effects of an `(and …)`, written as arguments or as one array `(and {…})`.
fn and_effects(node: &mut Node) -> Option<&mut Vec<Node>> {
    let Kind::Call { head, args } = &mut node.kind else {
        return None;
    };
    if head != "and" {
        return None;
    }
    let in_array = matches!(args.as_slice(), [only] if matches!(only.kind, Kind::Array(_)));
    if !in_array {
        return Some(args);
    }
    match &mut args[0].kind {
        Kind::Array(items) => Some(items),
        _ => None,
    }
}

/// n of `(set Var V n)`.
fn setting(node: &Node, name: &str) -> Option<i64> {
    let is_var = node.is_call("set")
        && node.arg(0).and_then(Node::as_symbol) == Some("Var")
        && node.arg(1).and_then(Node::as_str) == Some(name);
    if is_var { node.arg(2)?.as_int() } else { None }
}
