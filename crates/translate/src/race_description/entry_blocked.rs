//! A piece that may enter from the hand only while none of its player's pieces stands on a
//! region of the player's (Kints's arc: "The second piece cannot enter before the first one
//! leaves the arc"), written as a condition round the piece's moves:
//!
//! ```text
//! (if (or (!= (from) (handSite Mover))
//!         (and (= (from) (handSite Mover))
//!              (= 0 (count Sites in:(intersection (sites Occupied by:Mover) (sites Mover "Arc"))))))
//!     MOVES)
//! ```
//!
//! Read as the family's `enter_blocked_cells`, each player's region `(regions "Arc" P1 (sites
//! {…}))` as the seat's cells, and the piece's moves as MOVES: a piece on the board moves as
//! MOVES says, and one in the hand too unless a piece of its player stands on the region. The
//! rewritten game keeps every node's place, so what it reads and lacks is cited where the
//! description writes it.

use ludii::{Kind, Node};

/// A description whose pieces enter only while their player's region is clear.
pub(super) struct Entry {
    /// The game, each piece's moves without the condition.
    pub game: Node,
    /// Each seat's cells, as the parameter writes them.
    pub cells: String,
    /// The condition, where the parameter is read from.
    pub condition: Node,
}

/// The region's name, when `condition` is the one of the module's description.
fn region_of(condition: &Node) -> Option<String> {
    let [a, b] = condition.children() else {
        return None;
    };
    if !condition.is_call("or") {
        return None;
    }
    let entered = "(!= (from) (handSite Mover))";
    let (entered_node, clear) = if a.to_string() == entered {
        (a, b)
    } else {
        (b, a)
    };
    if entered_node.to_string() != entered {
        return None;
    }
    let name = clear
        .walk()
        .find(|n| n.is_call("sites") && n.arg(0).and_then(Node::as_symbol) == Some("Mover"))
        .and_then(|n| n.arg(1))
        .and_then(Node::as_str)?
        .to_string();
    let expected = format!(
        "(and (= (from) (handSite Mover)) (= 0 (count Sites in:(intersection (sites Occupied by:Mover) (sites Mover \"{name}\")))))"
    );
    (clear.to_string() == expected).then_some(name)
}

/// The game with each piece's moves `(if <condition> MOVES)` read as MOVES, when every piece
/// with moves is so written over one region that every player has, listed site by site.
pub(super) fn rewrite(game: &Node) -> Option<Entry> {
    let players = super::players_named(game)?;
    let mut found: Option<(String, Node)> = None;
    let mut rewritten = game.clone();
    let mut pieces = 0;
    let mut clear = true;
    rewrite_pieces(&mut rewritten, &mut |moves: &mut Node| {
        pieces += 1;
        let (Some(condition), Some(inner), 2) =
            (moves.arg(0), moves.arg(1), moves.children().len())
        else {
            clear = false;
            return;
        };
        let Some(name) = region_of(condition).filter(|_| moves.is_call("if")) else {
            clear = false;
            return;
        };
        match &found {
            Some((seen, _)) if *seen != name => clear = false,
            _ => found = Some((name, condition.clone())),
        }
        *moves = inner.clone();
    });
    let (name, condition) = found.filter(|_| clear && pieces > 0)?;
    let cells = super::restricted::seat_cells(game, &name, players)?;
    Some(Entry {
        game: rewritten,
        cells,
        condition,
    })
}

/// Calls `rewrite` on the moves of every `(piece "Name" Each MOVES)` of `node`.
pub(super) fn rewrite_pieces(node: &mut Node, rewrite: &mut dyn FnMut(&mut Node)) {
    if node.is_call("piece") && node.children().len() == 3 {
        if let Kind::Call { args, .. } = &mut node.kind {
            rewrite(&mut args[2]);
        }
        return;
    }
    match &mut node.kind {
        Kind::Call { args, .. } | Kind::Array(args) | Kind::Group(args) => {
            for child in args {
                rewrite_pieces(child, rewrite);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use engine::OptionValue;

    /// Kints reads whole: its arc (sites 1 to 5 for the first player, 41 to 45 for the second)
    /// keeps a second piece in the hand while the first stands on it.
    #[test]
    fn kints_keeps_a_piece_in_hand_while_its_arc_is_held() {
        let file = "Kints.lud";
        let expanded = crate::race_description::tests::vendored_expanded(file);
        let reading = crate::race_description::read(&expanded).unwrap();
        assert_eq!(
            reading["enter_blocked_cells"].value,
            "1 2 3 4 5 | 41 42 43 44 45"
        );
        assert_eq!(reading["enter_blocked_cells"].span.line, 97);
        let params = crate::race_description::params_of(&reading).unwrap();
        assert_eq!(
            params.enter_blocked_cells.render_value(),
            "1 2 3 4 5 | 41 42 43 44 45"
        );
    }
}
