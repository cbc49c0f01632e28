//! Two conditions on the throw round a piece's moves, Romavoa's:
//!
//! ```text
//! (if (if (not (is In (from) (sites Mover "LastSide"))) True COND)
//!     (or (if (= 14 VALUE) MOVES-BY-1) MOVES-BY-VALUE))
//! ```
//!
//! The outer condition (Ludii's boolean `If`, whose `True` holds off the region and COND on
//! it) is read as the family's `restricted_cells`, each player's region `(regions "LastSide" P1
//! (sites {…}))` as the seat's cells, and `restricted_values`, the values COND holds for: COND
//! must be an expression of `(count Pips)` alone, evaluated at every sum of pips the dice throw
//! beside what the moves make of it, and hold for every sum that moves one value or for none.
//! The inner `(or …)`, whose first move is the second with the value's expression written as
//! a number, or as itself less a number (Tsaydithl's `(- VALUE 1)` under `(= 2 VALUE)`)
//! (Ludii's `Or` of moves lists both, and its `If` without an else makes none when false), is
//! read as `alternative_value` and `alternative_steps`: the value may be played as so many
//! steps instead. The rewritten game keeps every node's place, so what it reads and
//! lacks is cited where the description writes it.

use ludii::Node;

use super::entry_blocked::rewrite_pieces;
use super::player_of;

/// What the module reads of a description's pieces.
pub(super) struct Restricted {
    /// The game, each piece's moves without the conditions read.
    pub game: Node,
    /// The region's condition: each seat's cells, as the parameter writes them, COND, and the
    /// condition's node, where the parameter is read from.
    pub region: Option<(String, Node, Node)>,
    /// The value played otherwise, its steps and the `(or …)` they are read from.
    pub alternative: Option<(i64, i64, Node)>,
}

/// The region's name and COND, when `condition` is `(if (not (is In SITE (sites Mover
/// "Name"))) True COND)`, SITE `(from)` or `(to)` as `site` writes it: a condition that holds
/// outside the mover's region and asks COND within it.
pub(super) fn region_guard<'a>(condition: &'a Node, site: &str) -> Option<(String, &'a Node)> {
    if !condition.is_call("if") || condition.children().len() != 3 {
        return None;
    }
    let (test, off, on) = (condition.arg(0)?, condition.arg(1)?, condition.arg(2)?);
    if off.as_symbol() != Some("True") {
        return None;
    }
    let region = test
        .walk()
        .find(|n| n.is_call("sites") && n.arg(0).and_then(Node::as_symbol) == Some("Mover"))?;
    let name = region.arg(1)?.as_str()?;
    let expected = format!("(not (is In {site} (sites Mover \"{name}\")))");
    (test.to_string() == expected).then(|| (name.to_string(), on))
}

/// `(or (if (= K STEPS) FIRST) SECOND)`, `(= STEPS K)` alike, whose FIRST is SECOND with
/// STEPS written as a number N: K, N and STEPS.
fn alternative_of(moves: &Node) -> Option<(i64, i64, &Node)> {
    let [first, second] = moves.children() else {
        return None;
    };
    if !moves.is_call("or") || !first.is_call("if") || first.children().len() != 2 {
        return None;
    }
    let (test, by_number) = (first.arg(0)?, first.arg(1)?);
    let [a, b] = test.children() else {
        return None;
    };
    if !test.is_call("=") {
        return None;
    }
    let (value, steps) = match (a.as_int(), b.as_int()) {
        (Some(value), None) => (value, b),
        (None, Some(value)) => (value, a),
        _ => return None,
    };
    let written = steps.to_string();
    let second_text = second.to_string();
    if !second_text.contains(&written) {
        return None;
    }
    // The number FIRST moves by: the one its text has where SECOND's has STEPS, or STEPS
    // less a number, `(- STEPS 1)` (Tsaydithl's 2 played as 1), which is a number where
    // STEPS is K.
    let (number, first_steps) = by_number.walk().find_map(|n| {
        let steps = n.named("steps").filter(|_| n.is_call("trackSite"))?;
        if let Some(number) = steps.as_int() {
            return Some((number, number.to_string()));
        }
        let [of, less] = steps.children() else {
            return None;
        };
        (steps.is_call("-") && of.to_string() == written)
            .then(|| less.as_int())
            .flatten()
            .map(|less| (value - less, steps.to_string()))
    })?;
    (second_text.replace(&written, &first_steps) == by_number.to_string())
        .then_some((value, number, steps))
}

/// Each seat's cells of the region `name`, listed site by site, as the parameter writes them.
pub(super) fn seat_cells(game: &Node, name: &str, players: u8) -> Option<String> {
    let seats = (1..=players)
        .map(|player| {
            let sites = game.walk().find_map(|n| {
                let named = n.is_call("regions")
                    && n.arg(0).and_then(Node::as_str) == Some(name)
                    && n.arg(1).and_then(player_of) == Some(player);
                let list = n.arg(2).filter(|s| named && s.is_call("sites"))?;
                list.arg(0)?
                    .as_array()?
                    .iter()
                    .map(|s| s.as_int().map(|v| v.to_string()))
                    .collect::<Option<Vec<String>>>()
            })?;
            Some(sites.join(" "))
        })
        .collect::<Option<Vec<String>>>()?;
    Some(seats.join(" | "))
}

/// The game with each piece's moves read without the conditions, when every piece with moves
/// is written so alike; `None` where no piece's moves have either.
pub(super) fn rewrite(game: &Node) -> Option<Restricted> {
    let players = super::players_named(game)?;
    let mut rewritten = game.clone();
    let mut regions: Vec<(String, Node, Node)> = Vec::new();
    let mut alternatives: Vec<(i64, i64, Node)> = Vec::new();
    let mut pieces = 0;
    rewrite_pieces(&mut rewritten, &mut |moves: &mut Node| {
        pieces += 1;
        if moves.is_call("if")
            && moves.children().len() == 2
            && let (Some(condition), Some(inner)) = (moves.arg(0), moves.arg(1))
            && let Some((name, on)) = region_guard(condition, "(from)")
        {
            regions.push((name, on.clone(), condition.clone()));
            *moves = inner.clone();
        }
        if let Some((value, number, _)) = alternative_of(moves) {
            alternatives.push((value, number, moves.clone()));
            let second = moves.children()[1].clone();
            *moves = second;
        }
    });
    if regions.is_empty() && alternatives.is_empty() {
        return None;
    }
    // Every piece alike, or the conditions are left in place to be named.
    let alike = |texts: Vec<String>| texts.windows(2).all(|w| w[0] == w[1]);
    let region = match regions.len() {
        0 => None,
        n if n == pieces && alike(regions.iter().map(|r| r.2.to_string()).collect()) => {
            let (name, on, condition) = regions.swap_remove(0);
            Some((seat_cells(game, &name, players)?, on, condition))
        }
        _ => return None,
    };
    let alternative = match alternatives.len() {
        0 => None,
        n if n == pieces && alike(alternatives.iter().map(|a| a.2.to_string()).collect()) => {
            Some(alternatives.swap_remove(0))
        }
        _ => return None,
    };
    Some(Restricted {
        game: rewritten,
        region,
        alternative,
    })
}

/// The steps the moves of `game`'s pieces take by the throw: the first `steps:` of a
/// `trackSite` that is not a number.
pub(super) fn steps_of(game: &Node) -> Option<&Node> {
    game.walk().find_map(|n| {
        let steps = n.named("steps")?;
        (n.is_call("trackSite") && steps.as_int().is_none()).then_some(steps)
    })
}
