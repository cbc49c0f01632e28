//! A one-step turn after some throws, Sokkattan's:
//!
//! ```text
//! (do (roll)
//!     next:(if (= (var "NAME") 1)
//!         (priority {(if HELD ENTRY) (forEach Piece MOVES-BY-1)}
//!             (then (and (moveAgain) (set Var "NAME" 0))))
//!         TURN)
//!     (then (if COND (and (if SPECIAL (set Var "NAME" 1)) (moveAgain)))))
//! ```
//!
//! A throw that SPECIAL holds for, played by a move, sets the variable beside the turn's another
//! throw; the next turn (a throw too, Ludii's `(roll)` before `next:`) is then played as the
//! priority says: the entry of TURN, where the mover's hand holds a piece, or else each piece's
//! move of one step (MOVES-BY-1 is the piece's moves with their steps written 1), and the
//! player throws again after it whatever it threw, the variable cleared and set again by the
//! consequence of the turn (Ludii's `Do` adds its `then` after the priority's, so the throw of
//! the one-step turn decides whether the next is one too). Read as the family's
//! `one_step_turn_values`, the values SPECIAL lists; the game is then read with TURN as its
//! turn and `(moveAgain)` as the consequence's grant. The rewritten game keeps every node's
//! place, so what it reads and lacks is cited where the description writes it.

use ludii::{Kind, Node};

use super::{only_piece, steps_in_values};

/// What the module reads of a description's turn.
pub(super) struct OneStep {
    /// The game, its turn TURN and its consequence granting `(moveAgain)` alone.
    pub game: Node,
    /// The values SPECIAL lists and the node they are read from, or what is not read.
    pub values: Result<(String, Node), (Node, String)>,
}

/// The description read with its one-step turn apart, when its turn is so written; `None`
/// otherwise.
pub(super) fn rewrite(game: &Node) -> Option<OneStep> {
    let play = game.walk().find(|n| n.is_call("play"))?;
    let turn = play
        .arg(0)
        .filter(|t| t.is_call("do") && t.children().len() == 3)?;
    let then = turn.children().last().filter(|t| t.is_call("then"))?;
    let granted = then
        .arg(0)
        .filter(|i| i.is_call("if") && i.children().len() == 2)?;
    let grant = granted.arg(1).filter(|g| g.is_call("and"))?;
    let [set_if, again] = grant.children() else {
        return None;
    };
    let set = set_if
        .arg(1)
        .filter(|_| set_if.is_call("if") && set_if.children().len() == 2)?;
    let name = set_var(set, 1)?;
    let special = set_if.arg(0)?;
    if again.to_string() != "(moveAgain)" {
        return None;
    }
    let next = turn.named("next")?;
    let asked = format!("(= (var \"{name}\") 1)");
    let (priority, normal) = match next.children() {
        [condition, priority, normal] if next.is_call("if") && condition.to_string() == asked => {
            (priority, normal)
        }
        _ => return None,
    };
    let move_again = Node::new(
        Kind::Call {
            head: "moveAgain".into(),
            args: Vec::new(),
        },
        grant.span,
    );
    let edits: Vec<(&Node, &Node)> = vec![(grant, &move_again), (next, normal)];
    let rewritten = super::per_die::replaced(game, &edits);
    let values = read_values(game, priority, normal, special, &name);
    Some(OneStep {
        game: rewritten,
        values,
    })
}

/// `(set Var "NAME" VALUE)`: NAME.
fn set_var(node: &Node, value: i64) -> Option<String> {
    match node.children() {
        [var, name, set] if node.is_call("set") => (var.as_symbol() == Some("Var")
            && set.as_int() == Some(value))
        .then(|| name.as_str().map(str::to_string))
        .flatten(),
        _ => None,
    }
}

/// The values SPECIAL lists, once the priority is seen to be the turn's entry and the pieces'
/// moves by one step, clearing the variable beside another throw.
fn read_values(
    game: &Node,
    priority: &Node,
    normal: &Node,
    special: &Node,
    name: &str,
) -> Result<(String, Node), (Node, String)> {
    let unread = |node: &Node, what: &str| (node.clone(), what.to_string());
    let not_read = || {
        unread(
            priority,
            "a turn after some throws other than the turn's entry or a move of one step",
        )
    };
    let [choices, cleared] = priority.children() else {
        return Err(not_read());
    };
    let cleared_text = format!("(then (and (moveAgain) (set Var \"{name}\" 0)))");
    let list = choices.as_array().filter(|_| priority.is_call("priority"));
    let [entry, pieces] = list.unwrap_or_default() else {
        return Err(not_read());
    };
    if cleared.to_string() != cleared_text {
        return Err(unread(
            cleared,
            "a consequence of a turn after some throws the reader does not read",
        ));
    }
    // The entry is the turn's own, asked only of the hand.
    let held = entry.arg(0).is_some_and(|c| {
        matches!(
            c.to_string().as_str(),
            "(is Occupied (handSite Mover))" | "(not (is Empty (handSite Mover)))"
        )
    });
    let entering = entry.arg(1).filter(|_| entry.is_call("if") && held);
    let turn_entry = normal
        .positional()
        .filter(|n| n.is_call("if") && n.children().len() == 2)
        .filter_map(|n| n.arg(1))
        .find(|m| {
            m.arg(0)
                .is_some_and(|f| f.to_string() == "(from (handSite Mover))")
        });
    match (entering, turn_entry) {
        (Some(a), Some(b)) if a.to_string() == b.to_string() => {}
        _ => return Err(unread(entry, "an entry other than the turn's")),
    }
    // The pieces' moves with their steps written 1.
    let moves = only_piece(game)
        .and_then(|piece| piece.positional().nth(2))
        .ok_or_else(not_read)?;
    let steps: Vec<String> = moves
        .walk()
        .filter_map(|n| n.named("steps"))
        .map(Node::to_string)
        .collect();
    let by_one = pieces.arg(0).filter(|_| {
        pieces.is_call("forEach")
            && pieces.children().len() == 2
            && pieces.arg(0).and_then(Node::as_symbol) == Some("Piece")
    });
    let by_one = pieces.arg(1).filter(|_| by_one.is_some());
    let written_one = match steps.first() {
        Some(first) if steps.iter().all(|s| s == first) => {
            Some(moves.to_string().replace(first.as_str(), "1"))
        }
        _ => None,
    };
    if by_one.map(Node::to_string) != written_one || written_one.is_none() {
        return Err(unread(
            pieces,
            "moves of a turn after some throws other than the pieces' by one step",
        ));
    }
    // SPECIAL lists values of what the pieces move.
    let (listed_steps, values) = steps_in_values(special);
    let values = values.filter(|v| !v.is_empty() && v.iter().all(|v| (1..128).contains(v)));
    match (listed_steps, values) {
        (Some(s), Some(values)) if Some(&s.to_string()) == steps.first() => Ok((
            values
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            special.clone(),
        )),
        _ => Err(unread(
            special,
            "a condition of a turn after some throws the reader does not read",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::vendored_expanded;

    /// Sokkattan's ExtraOne: a throw of 10 or 25 played by a move makes the next turn one of
    /// one step (`(set Var "ExtraOne" 1)` beside `(moveAgain)`, at its line), whose entry is
    /// the turn's own and whose pieces move as their moves with the steps written 1; every
    /// throw but 2, 3 and 4 gives another (`(not ("StopThrow"))`), after a pass too, and the pieces enter on the
    /// cell the entry map gives each, further along its track than the central space where
    /// the track begins: the tracks are read from there, so the description plays.
    #[test]
    fn sokkattan_s_extra_one_is_a_one_step_turn() {
        let expanded = vendored_expanded("Sokkattan.lud");
        let (reading, lacks) = crate::race_description::read_partly(&expanded);
        assert!(lacks.is_empty(), "{lacks:#?}");
        let values = &reading["one_step_turn_values"];
        assert_eq!(values.value, "10,25");
        assert_eq!(values.span.line, 4, "at the define of IsSpecialThrow");
        assert_eq!(reading["extra_throw_values"].value, "6,10,12,25");
        assert_eq!(reading["extra_throws_in_a_row"].value, "0");
        // Ludii's Do gives its forced pass its consequence: a throw passed throws again.
        assert_eq!(reading["extra_throw_on_pass"].value, "true");
        assert_eq!(reading["enter_values"].value, "10,25");
        let tracks: Vec<&str> = reading["tracks"].value.split(" | ").collect();
        let first: Vec<&str> = tracks
            .iter()
            .map(|t| t.split(' ').next().unwrap())
            .collect();
        assert_eq!(first, ["67", "23", "82", "30"], "each track from its entry");
        assert!(tracks[0].ends_with(" 67 70 73 9"), "{}", tracks[0]);
    }
}
