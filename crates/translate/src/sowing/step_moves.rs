//! A stepping opening written as moves of one counter each, Lamosh's: `(move (from (if (is
//! Mover Prev) (var "Replay") HOLES)) (to (trackSite Move from:(from) TRACK steps:1)) (then (if
//! (!= NEXT STOP) (and (moveAgain) (set Var "Replay" NEXT)) TAKE)))`, NEXT a site along the
//! track from `(last To)`. Ludii's `(move (from …) (to …))` moves one counter, so each move is
//! the family's stepping move (`opening_step`): one counter into the next hole along the track,
//! the turn going on, by the hole the variable remembers, from NEXT, as many holes ahead of the
//! one lifted as NEXT is steps from the hole after it plus that one; where NEXT is STOP the
//! turn ends and TAKE, `(fromTo (from S) (to (handSite Mover)) count:(count at:S))`, gives the
//! mover every counter of S (`opening_take`). Each part is read by evaluating it at every hole
//! for player 1, who plays the opening's one turn; any other such opening is named at its place.

use super::opening::hole_names;
use super::*;
use sowing::OpeningLeaves;

/// Lamosh's opening's parts as written.
pub(super) struct Moved<'n> {
    /// The holes of the turn's first move.
    holes: &'n Node,
    /// The variable the turn goes on by.
    var: &'n str,
    /// The hole a move's counter goes to, `(trackSite Move from:(from) TRACK steps:1)`.
    to: &'n Node,
    /// The `(if (!= NEXT STOP) (and (moveAgain) (set Var V NEXT)) TAKE)` after each move.
    then: &'n Node,
}

impl<'n> Moved<'n> {
    /// The parts of a play of moves of one counter whose fresh moves in the same turn lift the
    /// hole a variable remembers, where it is one.
    pub(super) fn of(play: &'n Node) -> Option<Moved<'n>> {
        let step = play.arg(0)?;
        if !step.is_call("move") || step.children().len() != 3 {
            return None;
        }
        let from = child(step, "from")?;
        let to = child(step, "to")?;
        let then = child(step, "then")?.arg(0)?;
        let sites = from.arg(0).filter(|s| s.is_call("if"))?;
        let (Some(condition), Some(relay), Some(holes)) =
            (sites.arg(0), sites.arg(1), sites.arg(2))
        else {
            return None;
        };
        // `(var "Replay")`, alone or as `(sites {(var "Replay")})`.
        let var = match relay.arg(0).and_then(Node::as_array) {
            Some([var]) if relay.is_call("sites") => var,
            _ => relay,
        };
        let var = var
            .is_call("var")
            .then(|| var.arg(0).and_then(Node::as_str))??;
        let written = branches::same_turn(condition)
            && from.children().len() == 1
            && to.children().len() == 1
            && then.is_call("if");
        written.then_some(Moved {
            holes,
            var,
            to: to.arg(0)?,
            then,
        })
    }
}

/// Reads Lamosh's opening, or names what the family lacks in it.
pub(super) fn read(
    reader: &mut Reader<'_>,
    moved: &Moved<'_>,
    next: &Node,
    (turns, leaves): (u8, OpeningLeaves),
    situation: &Situation<'_>,
) {
    if !opening::ends_where_stepping_stops(reader, next, (turns, leaves)) {
        return;
    }
    let Some(way) = opening::sowing_way(reader) else {
        reader.lack(
            moved.to,
            "a stepping opening beside a main phase that does not sow one way round",
        );
        return;
    };
    let board = situation.board;
    let next_hole = &board.next[way][0];
    let mut context = situation.context(1);
    // Each move's counter goes into the next hole along the main phase's track.
    let into_next = (0..board.holes).all(|hole| {
        context.from = situation.cells[hole] as i64;
        context.int(moved.to).ok() == Some(situation.cells[usize::from(next_hole[hole])] as i64)
    });
    if !into_next {
        reader.lack(
            moved.to,
            format!(
                "a stepping opening whose moves are not one counter into the next hole along the main phase's track: {}",
                moved.to
            ),
        );
        return;
    }
    let then = moved.then;
    let (Some(condition), Some(go_on), stopped) = (then.arg(0), then.arg(1), then.arg(2)) else {
        return reader.lack(
            then,
            "a stepping opening that goes on other than until it stops",
        );
    };
    // `(!= NEXT STOP)`, NEXT the hole the variable remembers with the move again.
    let (Some(ahead), Some(stop)) = (condition.arg(0), condition.arg(1)) else {
        return reader.lack(
            condition,
            "a stepping opening that stops other than at the hole it would step to",
        );
    };
    let remembers = |node: &Node| {
        node.is_call("set")
            && node.arg(0).is_some_and(|a| is_symbol(a, "Var"))
            && node.arg(1).and_then(Node::as_str) == Some(moved.var)
            && node
                .arg(2)
                .is_some_and(|site| site.to_string() == ahead.to_string())
            && node.children().len() == 3
    };
    let goes_on = go_on.is_call("and")
        && go_on.children().len() == 2
        && go_on.children().iter().any(|n| n.is_call("moveAgain"))
        && go_on.children().iter().any(remembers);
    if !condition.is_call("!=") || condition.children().len() != 2 || !goes_on {
        reader.lack(
            condition,
            format!(
                "a stepping opening that stops other than at the hole it would step to: {condition}"
            ),
        );
        return;
    }
    // The hole the turn goes on from, as many holes ahead of the one lifted as the family's
    // tables step: NEXT read with the move's last site as `(to)`.
    let ahead_as_to = next_relay::last_as_to(ahead);
    let steps = (1..=board.holes).find(|&steps| {
        (0..board.holes).all(|hole| {
            context.to = situation.cells[usize::from(next_hole[hole])] as i64;
            let mut far = hole;
            for _ in 0..steps {
                far = usize::from(next_hole[far]);
            }
            context.int(&ahead_as_to).ok() == Some(situation.cells[far] as i64)
        })
    });
    let Some(steps) = steps.and_then(|s| u8::try_from(s).ok()) else {
        reader.lack(
            ahead,
            format!("a stepping opening's next hole the family does not read: {ahead}"),
        );
        return;
    };
    let sites = |reader: &mut Reader<'_>, node: &Node| -> Option<String> {
        let context = situation.context(1);
        let sites = context.sites(node).or_else(|_| {
            context
                .int(node)
                .map(|site| vec![usize::try_from(site).unwrap_or(usize::MAX)])
        });
        match sites {
            Ok(sites) => hole_names(reader, node, &sites, situation),
            Err(error) => {
                reader.unknown(node, error, "the holes a stepping opening names");
                None
            }
        }
    };
    let Some(holes) = sites(reader, moved.holes) else {
        return;
    };
    let Some(stops) = sites(reader, stop) else {
        return;
    };
    let take = match stopped {
        None => "none".to_string(),
        Some(take) => {
            let Some(site) = take_site(take) else {
                reader.lack(take, format!("what a stepping opening does when it stops, which the family does not have: {take}"));
                return;
            };
            let Some(name) = sites(reader, site) else {
                return;
            };
            name
        }
    };
    reader.set("opening_turns", 1, next);
    reader.set("opening_leaves", leaves, next);
    reader.set("opening_holes", holes, moved.holes);
    reader.set("opening_step", steps, go_on);
    reader.set("opening_stop", stops, stop);
    reader.set("opening_mark", "none", then);
    reader.set("opening_mark_count", 0, then);
    reader.set("opening_take", take, stopped.unwrap_or(then));
}

/// The site S of `(fromTo (from S) (to (handSite Mover)) count:(count at:S))`.
fn take_site(take: &Node) -> Option<&Node> {
    let from = child(take, "from")?;
    let to = child(take, "to")?;
    let site = from.arg(0).filter(|_| from.children().len() == 1)?;
    let count = take.named("count")?;
    let written = take.is_call("fromTo")
        && take.children().len() == 3
        && to.children().len() == 1
        && to.arg(0).is_some_and(|hand| {
            hand.is_call("handSite")
                && hand.children().len() == 1
                && hand.arg(0).is_some_and(|m| is_symbol(m, "Mover"))
        })
        && count.is_call("count")
        && count.children().len() == 1
        && count
            .named("at")
            .is_some_and(|at| at.to_string() == site.to_string());
    written.then_some(site)
}
