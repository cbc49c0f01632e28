//! Descriptions played in rounds: a phase `"Sowing"`, whose end (a row or the board emptied,
//! or both players passing) ends the round, and a phase `"BetweenRounds"` in which the players
//! refill their rows from what they captured, a hole a move, until both pass. What the start
//! remembers (`(set RememberValue "Playable" …)`) is read as the holes in play, the sowing's
//! `skipIf` over the holes it does not remember as holes out of play, and the refill's
//! `(remember Value "Playable" (last To))` as the holes it brings back.

use super::*;
use crate::eval::Sites;
use sowing::{RefillOrder, RefillRemainder, RoundLeftovers};
use std::collections::BTreeSet;

/// Whether `node` is `(phase "name" …)`.
pub(super) fn is_phase(node: &Node, name: &str) -> bool {
    node.is_call("phase") && node.arg(0).and_then(Node::as_str) == Some(name)
}

/// The rounds' parameters of a game of one round.
pub(super) fn one_round(reader: &mut Reader<'_>, rules: &Node) {
    reader.default("round_refill", 0, rules);
    reader.default("refill_order", RefillOrder::Choice, rules);
    reader.default("unfilled_out_of_play", false, rules);
    reader.default("out_of_play_back_at", 0, rules);
    reader.default("round_loss_below", 0, rules);
    reader.default("round_leftovers", RoundLeftovers::Owners, rules);
    no_ownership(reader, rules);
}

/// The rules of owned holes, off.
fn no_ownership(reader: &mut Reader<'_>, node: &Node) {
    reader.default("ownership", false, node);
    reader.default("refill_whole_turn", false, node);
    reader.default("refill_remainder", RefillRemainder::Kept, node);
    reader.default("round_first_more_captured", false, node);
    reader.default("round_first_alternates", false, node);
}

/// A context in which the holes each player owns at the start are remembered too.
pub(super) fn owning_context<'a>(situation: &Situation<'a>, mover: u8) -> Context<'a> {
    let mut context = situation.context(mover);
    for (name, sites) in &situation.owned {
        context.remembered.insert(name.clone(), sites.clone());
    }
    context
}

/// Whether `node` reads the holes a player owns.
pub(super) fn reads_owned(node: &Node, situation: &Situation<'_>) -> bool {
    let text = node.to_string();
    situation
        .owned
        .keys()
        .any(|name| text.contains(&format!("\"{name}\"")))
}

/// The sites the start of a game of rounds remembers by name: every hole together, the
/// holes in play; or each player's row under a name of its own (`"OwnedP1"`, `"OwnedP2"`),
/// the holes each owns (the second map). Other sets are named as lacking.
pub(super) fn remembered(
    reader: &mut Reader<'_>,
    start: Option<&Node>,
    situation: &Situation<'_>,
) -> (BTreeMap<String, Sites>, BTreeMap<String, Sites>) {
    let mut found = BTreeMap::new();
    let mut owned = BTreeMap::new();
    let Some(start) = start else {
        return (found, owned);
    };
    let mut holes: Sites = situation.cells[..situation.board.holes].to_vec();
    holes.sort_unstable();
    for set in start.positional().flat_map(items) {
        if !(set.is_call("set") && set.arg(0).is_some_and(|a| is_symbol(a, "RememberValue"))) {
            continue;
        }
        let (Some(name), Some(sites)) = (set.arg(1).and_then(Node::as_str), set.arg(2)) else {
            reader.lack(
                set,
                format!("a remembered value the family does not read: {set}"),
            );
            continue;
        };
        match situation.context(1).sites(sites) {
            Ok(sites) if sites == holes => {
                found.insert(name.to_string(), sites);
            }
            Ok(sites)
                if (0..2).any(|player| {
                    name == format!("OwnedP{}", player + 1) && sites == situation.territory(player)
                }) =>
            {
                owned.insert(name.to_string(), sites);
            }
            Ok(_) => reader.lack(
                set,
                format!(
                    "holes each player owns, remembered from round to round (the family's rows stay their owners'): {set}"
                ),
            ),
            Err(error) => reader.unknown(set, error, "a remembered value"),
        }
    }
    if owned.len() == 1 || (!owned.is_empty() && !found.is_empty()) {
        reader.lack(
            start,
            "holes owned by one player only, or beside holes in play",
        );
    }
    (found, owned)
}

/// `(and (is Mover Prev) (is Pending))` in either order: `Some(true)`; with `(not (is
/// Pending))`, `Some(false)`.
pub(super) fn same_turn_with_pending(condition: &Node) -> Option<bool> {
    let parts: Vec<&Node> = condition
        .is_call("and")
        .then(|| condition.positional().flat_map(items).collect())?;
    let same_turn = |n: &Node| {
        n.is_call("is")
            && n.arg(0).is_some_and(|a| is_symbol(a, "Mover"))
            && n.arg(1).is_some_and(|a| is_symbol(a, "Prev"))
    };
    let pending = |n: &Node| {
        n.is_call("is") && n.arg(0).is_some_and(|a| is_symbol(a, "Pending")) && n.arg(1).is_none()
    };
    let not_pending = |n: &Node| n.is_call("not") && n.arg(0).is_some_and(pending);
    match parts.as_slice() {
        [a, b] | [b, a] if same_turn(a) && pending(b) => Some(true),
        [a, b] | [b, a] if same_turn(a) && not_pending(b) => Some(false),
        _ => None,
    }
}

/// Whether an `(and …)` effect holds a `(moveAgain)`.
pub(super) fn has_move_again(effect: &Node) -> bool {
    effect
        .positional()
        .flat_map(items)
        .any(|n| n.is_call("moveAgain") && n.children().is_empty())
}

/// `(set Pending)`, `(set Var (to))` or `(set Var "name" (to))`: which.
fn bookkeeping(node: &Node) -> Option<(bool, bool)> {
    if !node.is_call("set") {
        return None;
    }
    let what = node.arg(0)?.as_symbol()?;
    let last = |n: Option<&Node>| n.is_some_and(|n| n.is_call("to") && n.children().is_empty());
    match what {
        "Pending" if node.arg(1).is_none() => Some((true, false)),
        "Var" if last(node.arg(1)) && node.arg(2).is_none() => Some((false, true)),
        "Var" if node.arg(1).and_then(Node::as_str).is_some() && last(node.arg(2)) => {
            Some((false, true))
        }
        _ => None,
    }
}

/// The cases of an `(and …)` with a `(moveAgain)`: the marks it sets (`Pending`, the last hole
/// remembered), an inner `(if c …)` of marks split into its two cases.
pub(super) fn move_again_cases<'n>(
    reader: &mut Reader<'_>,
    effect: &'n Node,
    conditions: Vec<(&'n Node, bool)>,
    pending: bool,
    remembers: bool,
    out: &mut Vec<Case<'n>>,
) {
    let (mut pending, mut remembers) = (pending, remembers);
    let mut split = None;
    for part in effect.positional().flat_map(items) {
        if part.is_call("moveAgain") && part.children().is_empty() {
            continue;
        }
        if let Some((p, r)) = bookkeeping(part) {
            pending |= p;
            remembers |= r;
            continue;
        }
        let marks_only = |n: &Node| {
            n.is_call("and")
                && n.positional()
                    .flat_map(items)
                    .all(|m| bookkeeping(m).is_some())
                || bookkeeping(n).is_some()
        };
        match (part.is_call("if"), part.arg(0), part.arg(1), part.arg(2)) {
            (true, Some(condition), Some(marks), None) if split.is_none() && marks_only(marks) => {
                split = Some((condition, marks));
            }
            _ => {
                reader.lack(
                    part,
                    format!("an effect beside another move the family does not have: {part}"),
                );
                return;
            }
        }
    }
    let Some((condition, marks)) = split else {
        out.push((conditions, Action::MoveAgain { pending, remembers }));
        return;
    };
    let mut yes = conditions.clone();
    yes.push((condition, true));
    let (mut with_pending, mut with_remembers) = (pending, remembers);
    let inner: Vec<&Node> = if marks.is_call("and") {
        marks.positional().flat_map(items).collect()
    } else {
        vec![marks]
    };
    for mark in inner {
        if let Some((p, r)) = bookkeeping(mark) {
            with_pending |= p;
            with_remembers |= r;
        }
    }
    out.push((
        yes,
        Action::MoveAgain {
            pending: with_pending,
            remembers: with_remembers,
        },
    ));
    let mut no = conditions;
    no.push((condition, false));
    out.push((no, Action::MoveAgain { pending, remembers }));
}

/// What a sowing's `skipIf` passes over, tried at every cell with a hole or none left out of
/// the holes remembered as in play: the opponent's store (where it is in the track) and the
/// holes out of play, as `(passes the opponent's store, passes holes out of play)`.
pub(super) fn skips(
    condition: &Node,
    situation: &Situation<'_>,
    theirs_left_out: bool,
) -> Option<(bool, bool)> {
    let (name, all) = situation.remembered.iter().next()?;
    let board = situation.board;
    let mut outs: Vec<Option<usize>> = vec![None];
    outs.extend((0..board.holes).map(Some));
    let fits = |theirs: bool, out_of_play: bool| {
        (1..=2u8).all(|mover| {
            outs.iter().all(|&out| {
                (0..situation.cells.len()).all(|cell| {
                    let their_store = cell == board.holes + usize::from(2 - mover);
                    if their_store && theirs_left_out {
                        return true;
                    }
                    let mut context = situation.context(mover);
                    let left_out = out.map(|h| situation.cells[h]);
                    let mut playable = all.clone();
                    playable.retain(|&site| Some(site) != left_out);
                    context.remembered.insert(name.clone(), playable);
                    context.to = situation.cells[cell] as i64;
                    let expected = (theirs && their_store) || (out_of_play && Some(cell) == out);
                    context.boolean(condition).ok() == Some(expected)
                })
            })
        })
    };
    [(false, true), (true, true), (true, false)]
        .into_iter()
        .find(|&(theirs, out_of_play)| fits(theirs, out_of_play))
}

/// Reads the two phases of a game of rounds.
pub(super) fn read(
    reader: &mut Reader<'_>,
    sowing: &Node,
    between: &Node,
    situation: &Situation<'_>,
) {
    fn parts<'n>(reader: &mut Reader<'_>, phase: &'n Node) -> BTreeMap<&'static str, &'n Node> {
        let mut found: BTreeMap<&'static str, &'n Node> = BTreeMap::new();
        for part in phase.children().iter().skip(1) {
            match part.head() {
                Some(head @ ("play" | "end" | "nextPhase")) if !found.contains_key(head) => {
                    let head: &'static str = match head {
                        "play" => "play",
                        "end" => "end",
                        _ => "nextPhase",
                    };
                    found.insert(head, part);
                }
                _ => reader.lack(
                    part,
                    format!(
                        "a part of a phase the family does not read: {}",
                        head_of(part)
                    ),
                ),
            }
        }
        found
    }
    let sowing_parts = parts(reader, sowing);
    let between_parts = parts(reader, between);
    let (Some(play), Some(end), Some(next)) = (
        sowing_parts.get("play"),
        sowing_parts.get("end"),
        sowing_parts.get("nextPhase"),
    ) else {
        reader.lack(
            sowing,
            "a sowing phase without its play, end and next phase",
        );
        return;
    };
    let (Some(refill), Some(back)) = (between_parts.get("play"), between_parts.get("nextPhase"))
    else {
        reader.lack(
            between,
            "a phase between rounds without its play and next phase",
        );
        return;
    };
    if between_parts.contains_key("end") {
        reader.lack(between, "an end between rounds");
        return;
    }
    let Some(moves) = play.arg(0) else {
        reader.lack(play, "an empty (play)");
        return;
    };
    // The sowing, and what ends a round after it: `(or {sowing} (then (if end …)))`.
    let (moves, then) = match moves.positional().collect::<Vec<_>>().as_slice() {
        [array, then] if moves.is_call("or") && then.is_call("then") => match array.as_array() {
            Some([only]) => (only, Some(*then)),
            _ => (*array, Some(*then)),
        },
        _ => (moves, None),
    };
    let lacks_before = reader.lacks.len();
    read_moves(reader, play, moves, situation);
    let place = reader.capture_place;
    let ownership = reader.lifts_owned;
    // A move read in part says nothing of the holes it lifts.
    if reader.lacks.len() == lacks_before && ownership == situation.owned.is_empty() {
        reader.lack(
            moves,
            "holes owned at the start that are not the holes lifted, or the reverse",
        );
        return;
    }
    let (mut round_end, mut forgets, mut back_in_play_at) = (None, false, None);
    let (mut first_more_captured, mut counter) = (None, None);
    if let Some(then) = then {
        let Some((end, forgot, first, counted, taken_by_one, back_in_play)) =
            read_round_end(reader, then, situation, place)
        else {
            return;
        };
        back_in_play_at = back_in_play;
        round_end = Some((end, then));
        forgets = forgot;
        first_more_captured = first;
        counter = counted;
        if let Some((who, node)) = taken_by_one {
            if who == RoundLeftovers::FirstIfNoMoves {
                let fault = LudiiFault {
                    value: RoundLeftovers::FirstIfPassed.to_string(),
                    why: NO_MOVES_FLAG,
                };
                reader.set_with_fault("round_leftovers", who, node, fault);
            } else {
                reader.set("round_leftovers", who, node);
            }
        }
    }
    reader.default("round_leftovers", RoundLeftovers::Owners, play);
    let Some(rule) = end.arg(0).filter(|r| r.is_call("if") && r.arg(2).is_none()) else {
        reader.lack(
            end,
            format!("an end of a round the family does not have: {end}"),
        );
        return;
    };
    let (Some(condition), Some(results)) = (rule.arg(0), rule.arg(1)) else {
        reader.lack(rule, format!("an end without a result: {rule}"));
        return;
    };
    let phase_condition = next.arg(0);
    if phase_condition.map(Node::to_string) != Some(condition.to_string())
        || next.arg(1).and_then(Node::as_str) != Some("BetweenRounds")
    {
        reader.lack(
            next,
            format!("a round that ends otherwise than the game's end is read: {next}"),
        );
        return;
    }
    let all_passed = |n: &Node| {
        n.is_call("all") && n.arg(0).is_some_and(|a| is_symbol(a, "Passed")) && n.arg(1).is_none()
    };
    match (round_end, all_passed(condition)) {
        (None, true) => reader.set("game_end", GameEnd::BothPassed, condition),
        (None, false) => match board_end(condition, situation) {
            Ok(Some(GameEnd::BoardEmpty)) => {
                reader.set("game_end", GameEnd::BoardEmpty, condition);
            }
            Ok(_) => {
                reader.lack(
                    condition,
                    format!("a round that ends with counters on the board: {condition}"),
                );
                return;
            }
            Err(error) => {
                reader.unknown(condition, error, "the end of a round");
                return;
            }
        },
        (Some((end, then)), false) => {
            // After the counters left go to their owners, the board is empty.
            if board_end(condition, situation).ok().flatten() != Some(GameEnd::BoardEmpty) {
                reader.lack(
                    condition,
                    format!("an end of a round read otherwise than on an empty board: {condition}"),
                );
                return;
            }
            reader.set("game_end", end, then);
        }
        (Some(_), true) => {
            reader.lack(
                condition,
                "a round that ends both when the players pass and on the board",
            );
            return;
        }
    }
    let Some(least) = read_loss(reader, results, situation, place) else {
        return;
    };
    reader.set("round_loss_below", least, rule);
    reader.default("score", Score::Captured, rule);
    reader.default("capture_goal", 0, rule);
    reader.default("cycle_ends", false, rule);
    let hands_empty = back.arg(0).is_some_and(|c| hands_empty(c, situation));
    if !((all_passed_node(back.arg(0)) || hands_empty)
        && back.arg(1).and_then(Node::as_str) == Some("Sowing"))
    {
        reader.lack(
            back,
            format!("a round that begins otherwise than when both players pass: {back}"),
        );
        return;
    }
    let Some(fill) = refill.arg(0) else {
        reader.lack(refill, "an empty (play) between rounds");
        return;
    };
    let Some((remembers, begun)) = read_refill(reader, fill, situation, place) else {
        return;
    };
    // A round counter is read only by who begins the next round, and the reverse.
    match (counter, begun) {
        (None, None) => reader.default("round_first_alternates", false, refill),
        (Some(counter), Some(begun)) if begins_in_turn(begun, counter, situation, reader.game) => {
            reader.set("round_first_alternates", true, begun);
        }
        (Some(counter), None) => {
            reader.lack(
                counter,
                format!("a round counter that no rule the family has reads: {counter}"),
            );
            return;
        }
        (_, Some(begun)) => {
            reader.lack(
                begun,
                format!("a consequence of the refills' end the family does not have: {begun}"),
            );
            return;
        }
    }
    if ownership {
        let borrows = reader
            .reading
            .get("refill_remainder")
            .is_some_and(|r| matches!(r.value.as_str(), "borrow" | "borrow-or-drawn"));
        if borrows != hands_empty {
            reader.lack(
                back,
                format!(
                    "a round that begins otherwise than the refill's remainder is read: {back}"
                ),
            );
            return;
        }
        reader.set("ownership", true, moves);
        match first_more_captured {
            Some(node) => reader.set("round_first_more_captured", true, node),
            None => reader.default("round_first_more_captured", false, refill),
        }
        no_ownership(reader, refill);
        reader.default("unfilled_out_of_play", false, refill);
        reader.default("out_of_play_back_at", 0, refill);
        return;
    }
    if hands_empty || first_more_captured.is_some() {
        // Where the start remembers owned holes, a lift that does not read them is named at
        // its place already (Qelat's).
        if situation.owned.is_empty() || reader.lacks.is_empty() {
            reader.lack(
                back,
                "a refill that ends when the captures are all sown, or a first filler, without owned holes",
            );
        }
        return;
    }
    no_ownership(reader, refill);
    if let Some((least, node)) = back_in_play_at {
        // Khrour's holes out of play are sown into, and back in play at `least` counters.
        if reader.skips_out_of_play || !remembers || !forgets {
            reader.lack(
                node,
                "holes back in play that the sowing passes over, or that the end of a round and the refill do not forget and remember",
            );
            return;
        }
        if !lifts_only_in_play(moves, situation) {
            reader.lack(moves, "holes out of play that can still be lifted");
            return;
        }
        if !captures_only_in_play(moves, situation) {
            reader.lack(
                node,
                "holes back in play whose capture does not ask whether the last hole is in play",
            );
            return;
        }
        reader.set("unfilled_out_of_play", true, node);
        reader.set("out_of_play_back_at", least, node);
        return;
    }
    reader.default("out_of_play_back_at", 0, refill);
    if reader
        .reading
        .get("refill_remainder")
        .is_some_and(|r| r.value == RefillRemainder::OneHole.to_string())
    {
        reader.lack(
            refill,
            "counters too few for a hole refilled into one hole without holes back in play",
        );
        return;
    }
    let out_of_play = reader.skips_out_of_play;
    if (out_of_play, remembers, forgets) != (false, false, false)
        && (out_of_play, remembers, forgets) != (true, true, true)
    {
        reader.lack(
            refill,
            "holes in play that the sowing, the end of a round and the refill do not read alike (each passes over, forgets and remembers them)",
        );
        return;
    }
    if out_of_play && !lifts_only_in_play(moves, situation) {
        reader.lack(moves, "holes out of play that can still be lifted");
        return;
    }
    reader.set_or_default("unfilled_out_of_play", out_of_play, refill, out_of_play);
}

fn all_passed_node(node: Option<&Node>) -> bool {
    node.is_some_and(|n| {
        n.is_call("all") && n.arg(0).is_some_and(|a| is_symbol(a, "Passed")) && n.arg(1).is_none()
    })
}

/// What the end of a round is read as: the end, whether it forgets the holes in play, the
/// rule of who refills first, the rounds counted (`(set Var "Round" (+ 1 (var "Round")))`) and
/// who takes the counters left, where one player takes them all, with its place.
type RoundEnd<'n> = (
    GameEnd,
    bool,
    Option<&'n Node>,
    Option<&'n Node>,
    Option<(RoundLeftovers, &'n Node)>,
    Option<(i64, &'n Node)>,
);

/// `(then (if C X))` after the sowing, where X hands each row's counters to its owner and
/// forgets the holes in play: the end of the round C, and whether it forgets them.
fn read_round_end<'n>(
    reader: &mut Reader<'_>,
    then: &'n Node,
    situation: &Situation<'_>,
    place: Option<CapturePlace>,
) -> Option<RoundEnd<'n>> {
    // Khrour's else brings holes back into play: `(if C X (forEach Site …))`.
    let back_in_play = then
        .arg(0)
        .and_then(|r| r.arg(2))
        .and_then(|otherwise| back_in_play(otherwise, situation).map(|n| (n, otherwise)));
    let Some(rule) = then
        .arg(0)
        .filter(|r| r.is_call("if") && (r.arg(2).is_none() || back_in_play.is_some()))
    else {
        reader.lack(
            then,
            format!("a consequence of the sowing the family does not have: {then}"),
        );
        return None;
    };
    let (condition, effect) = (rule.arg(0)?, rule.arg(1)?);
    let effects: Vec<&Node> = if effect.is_call("and") {
        effect.positional().flat_map(items).collect()
    } else {
        vec![effect]
    };
    let mut forgets = false;
    let mut forgets_owned = BTreeSet::new();
    let mut first_more_captured = None;
    let mut counter = None;
    let mut rows = [false; 2];
    let mut marked = [false; 2];
    let mut taken_by_one = None;
    for part in effects {
        if taken_by_one.is_none()
            && let Some(who) = leftovers(part, situation, place)
        {
            taken_by_one = Some((who, part));
            continue;
        }
        match marked_to_marker(part, situation, place) {
            Some(player) if !marked[player] => {
                marked[player] = true;
                continue;
            }
            Some(_) => {
                reader.lack(
                    part,
                    format!("a consequence of a round's end the family does not have: {part}"),
                );
                return None;
            }
            None => {}
        }
        let forgets_an_owned = part.is_call("forget")
            && part.arg(0).is_some_and(|a| is_symbol(a, "Value"))
            && part.arg(2).is_some_and(|a| is_symbol(a, "All"))
            && part
                .arg(1)
                .and_then(Node::as_str)
                .is_some_and(|name| situation.owned.contains_key(name));
        if forgets_an_owned {
            forgets_owned.insert(part.arg(1).and_then(Node::as_str));
            continue;
        }
        if first_more_captured.is_none() && more_captured_first(part, situation) {
            first_more_captured = Some(part);
            continue;
        }
        if counter.is_none() && counted_var(part).is_some() {
            counter = Some(part);
            continue;
        }
        // Where holes are owned, each player's owned holes go to it, not its row.
        if !situation.owned.is_empty() && !reads_owned(part, situation) {
            reader.lack(
                part,
                format!("a consequence of a round's end the family does not have: {part}"),
            );
            return None;
        }
        let forget_all = part.is_call("forget")
            && part.arg(0).is_some_and(|a| is_symbol(a, "Value"))
            && part
                .arg(1)
                .and_then(Node::as_str)
                .is_some_and(|name| situation.remembered.contains_key(name))
            && part.arg(2).is_some_and(|a| is_symbol(a, "All"));
        if forget_all {
            forgets = true;
            continue;
        }
        match row_to_owner(part, situation, place) {
            Some(player) if !rows[player] => rows[player] = true,
            _ => {
                reader.lack(
                    part,
                    format!("a consequence of a round's end the family does not have: {part}"),
                );
                return None;
            }
        }
    }
    let end = match owned_end(condition, situation)
        .map_or_else(|| board_end(condition, situation), |end| Ok(Some(end)))
    {
        Ok(Some(end)) => end,
        Ok(None) => {
            reader.lack(
                condition,
                format!("an end of a round the family does not have: {condition}"),
            );
            return None;
        }
        Err(error) => {
            reader.unknown(condition, error, "the end of a round");
            return None;
        }
    };
    // Where a round ends on marked holes, their counters go to the players who marked them
    // (and every other hole is empty).
    if (end == GameEnd::UnmarkedEmpty) != (marked == [true, true])
        || marked == [true, false]
        || marked == [false, true]
    {
        reader.lack(
            rule,
            "a round that ends on marked holes without giving each marked hole to its marker, or the reverse",
        );
        return None;
    }
    // Where a round ends on a player's owned holes, one player takes what is left; where it
    // ends on an empty row, one player may take it all, the player whose row is not empty.
    let row_not_emptied = matches!(taken_by_one, Some((RoundLeftovers::RowNotEmptied, _)));
    if (row_not_emptied && end != GameEnd::RowEmpty)
        || (!row_not_emptied && end.on_owned() != taken_by_one.is_some())
        || (taken_by_one.is_some() && rows != [false, false])
    {
        reader.lack(
            rule,
            "a round that ends on owned holes without one player taking the counters left, or the reverse",
        );
        return None;
    }
    if rows != [true, true]
        && !matches!(end, GameEnd::BoardEmpty | GameEnd::UnmarkedEmpty)
        && !end.on_owned()
        && !row_not_emptied
    {
        reader.lack(
            rule,
            "a round that ends with counters on the board that do not go to the row's owner",
        );
        return None;
    }
    if forgets_owned.len() != situation.owned.len() {
        reader.lack(
            rule,
            "a round's end that does not forget every player's owned holes",
        );
        return None;
    }
    Some((
        end,
        forgets,
        first_more_captured,
        counter,
        taken_by_one,
        back_in_play,
    ))
}

/// `(forEach Site <the holes not remembered> (if <at least N counters> (remember Value
/// "Playable" (site))))` (Khrour's, after each sowing): N, the count at which a hole out of
/// play is back in play, read by trying it on every hole left out of the holes in play with
/// counts about N; `None` for anything else.
fn back_in_play(node: &Node, situation: &Situation<'_>) -> Option<i64> {
    if !(node.is_call("forEach") && node.arg(0).is_some_and(|a| is_symbol(a, "Site"))) {
        return None;
    }
    let (region, guarded) = (node.arg(1)?, node.arg(2)?);
    if node.arg(3).is_some() || !guarded.is_call("if") || guarded.arg(2).is_some() {
        return None;
    }
    let (condition, remember) = (guarded.arg(0)?, guarded.arg(1)?);
    let (name, all) = situation.remembered.iter().next()?;
    let remembers_site = remember.is_call("remember")
        && remember.arg(0).is_some_and(|a| is_symbol(a, "Value"))
        && remember.arg(1).and_then(Node::as_str) == Some(name.as_str())
        && remember
            .arg(2)
            .is_some_and(|s| s.is_call("site") && s.children().is_empty())
        && remember.arg(3).is_none();
    if !remembers_site {
        return None;
    }
    // The count at which the first hole left out is remembered again.
    let out_context = |hole: usize| {
        let mut context = situation.context(1);
        let site = situation.cells[hole];
        let mut playable = all.clone();
        playable.retain(|&s| s != site);
        context.remembered.insert(name.clone(), playable);
        context.site = site as i64;
        context
    };
    let least = (0..=64i64).find(|&count| {
        let mut context = out_context(0);
        context.counts[situation.cells[0]] = count;
        context.boolean(condition).ok() == Some(true)
    })?;
    let fits = (0..situation.board.holes).all(|hole| {
        let site = situation.cells[hole];
        let context = out_context(hole);
        let region_fits = context
            .sites(region)
            .ok()
            .is_some_and(|sites| sites == [site]);
        region_fits
            && (0..=least + 4).all(|count| {
                let mut context = out_context(hole);
                context.counts[site] = count;
                context.boolean(condition).ok() == Some(count >= least)
            })
    });
    (fits && least > 0).then_some(least)
}

/// `(set Var "V" (+ 1 (var "V")))` (or `(+ (var "V") 1)`): V, a variable counted up by one.
fn counted_var(node: &Node) -> Option<&str> {
    if !(node.is_call("set") && node.arg(0).is_some_and(|a| is_symbol(a, "Var"))) {
        return None;
    }
    let name = node.arg(1).and_then(Node::as_str)?;
    let sum = node.arg(2).filter(|s| s.is_call("+"))?;
    let read = |n: &Node| {
        n.is_call("var") && n.arg(0).and_then(Node::as_str) == Some(name) && n.arg(1).is_none()
    };
    let (Some(a), Some(b), None) = (sum.arg(0), sum.arg(1), sum.arg(2)) else {
        return None;
    };
    let one_and_var = (a.as_int() == Some(1) && read(b)) || (b.as_int() == Some(1) && read(a));
    (one_and_var && node.arg(3).is_none()).then_some(name)
}

/// `(then (if C (and {(if (is Even (var "V")) (set NextPlayer (player 2)) (set NextPlayer
/// (player 1))) (set Pending)})))` after the refills, C holding exactly when both players'
/// captures are gone and V the rounds counted at each round's end: the rounds begin in turn
/// with player 1 and player 2. Ludii's unset variable is -1 (`Constants.OFF`), so V is even
/// after the first round, which player 2 begins after its refills, player 1 the third, and so
/// on. `(set Pending)` is read past where nothing in the description asks `Pending`.
fn begins_in_turn(begun: &Node, counter: &Node, situation: &Situation<'_>, root: &Node) -> bool {
    let Some(var) = counted_var(counter) else {
        return false;
    };
    let Some(rule) = begun
        .arg(0)
        .filter(|r| r.is_call("if") && r.arg(2).is_none() && begun.arg(1).is_none())
    else {
        return false;
    };
    if !rule.arg(0).is_some_and(|c| hands_empty(c, situation)) {
        return false;
    }
    let Some(effect) = rule.arg(1) else {
        return false;
    };
    let parts: Vec<&Node> = if effect.is_call("and") {
        effect.positional().flat_map(items).collect()
    } else {
        vec![effect]
    };
    let sets_next = |n: Option<&Node>, player: i64| {
        n.is_some_and(|n| {
            n.is_call("set")
                && n.arg(0).is_some_and(|a| is_symbol(a, "NextPlayer"))
                && n.arg(1).is_some_and(|p| {
                    p.is_call("player") && p.arg(0).and_then(Node::as_int) == Some(player)
                })
                && n.arg(2).is_none()
        })
    };
    let pending_read = root.walk().any(|n| {
        (n.is_call("is") || n.is_call("sites") || n.is_call("value"))
            && n.arg(0).is_some_and(|a| is_symbol(a, "Pending"))
    });
    let mut alternates = false;
    for part in parts {
        let set_pending = part.is_call("set")
            && part.arg(0).is_some_and(|a| is_symbol(a, "Pending"))
            && part.arg(1).is_none();
        if set_pending && !pending_read {
            continue;
        }
        let parity = part.is_call("if")
            && part.arg(0).is_some_and(|c| {
                c.is_call("is")
                    && c.arg(0).is_some_and(|a| is_symbol(a, "Even"))
                    && c.arg(1).is_some_and(|v| {
                        v.is_call("var")
                            && v.arg(0).and_then(Node::as_str) == Some(var)
                            && v.arg(1).is_none()
                    })
            })
            && sets_next(part.arg(1), 2)
            && sets_next(part.arg(2), 1);
        if parity && !alternates {
            alternates = true;
            continue;
        }
        return false;
    }
    alternates
}

/// `(forEach Site <sites> (fromTo (from (site)) (to …) count:(count at:(site))))` whose sites
/// are the holes player n marked (a local state of n, `(forEach (sites Board) if:(= n (state
/// at:(site))))`, tried with every hole in every state) and whose counters go where player n's
/// captures go: player n (from 0).
fn marked_to_marker(
    node: &Node,
    situation: &Situation<'_>,
    place: Option<CapturePlace>,
) -> Option<usize> {
    if !(node.is_call("forEach") && node.arg(0).is_some_and(|a| is_symbol(a, "Site"))) {
        return None;
    }
    let (sites, inner) = (node.arg(1)?, node.arg(2)?);
    let to = whole_site_to(inner)?;
    if child(inner, "then").is_some() {
        return None;
    }
    let holes = situation.board.holes;
    (0..2usize).find(|&player| {
        let marker = player as i64 + 1;
        let chosen = (0..3i64).all(|shift| {
            let mut context = owning_context(situation, marker as u8);
            context.states = vec![0; context.counts.len()];
            for hole in 0..holes {
                context.states[situation.cells[hole]] = (hole as i64 + shift) % 3;
            }
            let Ok(found) = context.sites(sites) else {
                return false;
            };
            (0..holes).all(|hole| {
                let cell = situation.cells[hole];
                found.contains(&cell) == (context.states[cell] == marker)
            })
        });
        let context = situation.context(marker as u8);
        chosen && into_captures(&context, situation, marker as u8, to, place)
    })
}

/// `(and (is Empty (handSite P1)) (is Empty (handSite P2)))`, or anything that holds exactly
/// when both players' captures are gone, tried on a few counts.
fn hands_empty(condition: &Node, situation: &Situation<'_>) -> bool {
    (0..3i64).all(|one| {
        (0..3i64).all(|two| {
            let mut context = situation.context(1);
            let hands = [context.hand(1), context.hand(2)];
            context.counts[hands[0]] = one;
            context.counts[hands[1]] = two;
            context.boolean(condition).ok() == Some(one == 0 && two == 0)
        })
    })
}

/// `(if C (set NextPlayer (player 1)) (set NextPlayer (player 2)))` where C holds when player
/// 1's captures and row hold at least as many counters as player 2's, tried on a few counts.
fn more_captured_first(node: &Node, situation: &Situation<'_>) -> bool {
    let sets_next = |n: Option<&Node>, player: i64| {
        n.is_some_and(|n| {
            n.is_call("set")
                && n.arg(0).is_some_and(|a| is_symbol(a, "NextPlayer"))
                && n.arg(1).is_some_and(|p| {
                    p.is_call("player") && p.arg(0).and_then(Node::as_int) == Some(player)
                })
        })
    };
    let Some(condition) = node.arg(0).filter(|_| node.is_call("if")) else {
        return false;
    };
    if !(sets_next(node.arg(1), 1) && sets_next(node.arg(2), 2)) {
        return false;
    }
    let first_hole = |player: usize| situation.territory(player).first().copied();
    let (Some(row_one), Some(row_two)) = (first_hole(0), first_hole(1)) else {
        return false;
    };
    let counts = [0i64, 1, 2, 5];
    counts.iter().all(|&hand_one| {
        counts.iter().all(|&in_one| {
            counts.iter().all(|&hand_two| {
                counts.iter().all(|&in_two| {
                    let mut context = situation.context(1);
                    let hands = [context.hand(1), context.hand(2)];
                    context.counts[hands[0]] = hand_one;
                    context.counts[hands[1]] = hand_two;
                    context.counts[row_one] = in_one;
                    context.counts[row_two] = in_two;
                    context.boolean(condition).ok() == Some(hand_one + in_one >= hand_two + in_two)
                })
            })
        })
    })
}

/// `(forEach Site (sites Pn) (fromTo (from (site)) (to …) count:(count at:(site))))`, the
/// `fromTo` perhaps under `(if (is Occupied (site)) …)`, putting the counters where player n's
/// captures go: player n (from 0).
fn row_to_owner(
    node: &Node,
    situation: &Situation<'_>,
    place: Option<CapturePlace>,
) -> Option<usize> {
    if !(node.is_call("forEach") && node.arg(0).is_some_and(|a| is_symbol(a, "Site"))) {
        return None;
    }
    let mut inner = node.arg(2)?;
    if inner.is_call("if") && inner.arg(2).is_none() {
        inner = inner.arg(1)?;
    }
    let to = whole_site_to(inner)?;
    let row_sites = node.arg(1)?;
    (0..2).find(|&player| {
        let mover = player as u8 + 1;
        let context = owning_context(situation, mover);
        let row = context.sites(row_sites).ok() == Some(situation.territory(player));
        row && into_captures(&context, situation, mover, to, place)
    })
}

/// `(fromTo (from (site)) (to X) count:(count at:(site)))`, a site's whole count moved: X.
fn whole_site_to(inner: &Node) -> Option<&Node> {
    let site = |n: &Node| n.is_call("site") && n.children().is_empty();
    let whole = inner.named("count").is_some_and(|c| {
        c.is_call("count") && c.named("at").is_some_and(site) && c.arg(0).is_none()
    });
    let from = child(inner, "from")
        .and_then(|f| f.arg(0))
        .is_some_and(site);
    let to = child(inner, "to").and_then(|t| t.arg(0))?;
    (inner.is_call("fromTo") && whole && from).then_some(to)
}

/// Whether `to`, evaluated in `context`, is where player `player`'s (1 or 2) captures go: its
/// hand, its mapped store, or either where the place is not known.
fn into_captures(
    context: &Context<'_>,
    situation: &Situation<'_>,
    player: u8,
    to: &Node,
    place: Option<CapturePlace>,
) -> bool {
    let Ok(into) = context.int(to) else {
        return false;
    };
    let hand = context.hand(player) as i64;
    let store = situation
        .places
        .maps
        .get(&(String::new(), player))
        .map(|&s| s as i64);
    match place {
        Some(CapturePlace::Hand) => into == hand,
        Some(CapturePlace::Store) => Some(into) == store,
        Some(CapturePlace::Removed) => false,
        None => into == hand || Some(into) == store,
    }
}

/// The captures' place of `player` (1 or 2) in Ludii's sites: the hand, or the mapped store.
fn captures_of(situation: &Situation<'_>, player: u8, place: Option<CapturePlace>) -> Vec<usize> {
    let hand = situation.context(player).hand(player);
    let store = situation.places.maps.get(&(String::new(), player)).copied();
    match place {
        Some(CapturePlace::Hand) => vec![hand],
        Some(CapturePlace::Store) => store.into_iter().collect(),
        Some(CapturePlace::Removed) => Vec::new(),
        None => [Some(hand), store].into_iter().flatten().collect(),
    }
}

/// `{(if X (result P2 Win)) (if Y (result P1 Win))}`, each player losing when it has fewer
/// than the same N counters: N.
fn read_loss(
    reader: &mut Reader<'_>,
    results: &Node,
    situation: &Situation<'_>,
    place: Option<CapturePlace>,
) -> Option<u8> {
    let rules: Vec<&Node> = items(results);
    let mut least = None;
    for rule in &rules {
        let winner = rule
            .arg(1)
            .filter(|r| r.is_call("result") && r.arg(1).is_some_and(|a| is_symbol(a, "Win")))
            .and_then(|r| r.arg(0))
            .and_then(Node::as_symbol);
        let loser = match winner {
            Some("P2") => 1u8,
            Some("P1") => 2,
            _ => {
                reader.lack(
                    rule,
                    format!("an end of a round the family does not have: {rule}"),
                );
                return None;
            }
        };
        let Some(condition) = rule.arg(0).filter(|_| rule.is_call("if")) else {
            reader.lack(
                rule,
                format!("an end of a round the family does not have: {rule}"),
            );
            return None;
        };
        let mut holds = Vec::new();
        for count in 0..=255i64 {
            let mut context = situation.context(loser);
            for site in captures_of(situation, loser, place) {
                context.counts[site] = count;
            }
            match context.boolean(condition) {
                Ok(value) => holds.push(value),
                Err(error) => {
                    reader.unknown(condition, error, "the end of a round");
                    return None;
                }
            }
        }
        let below = holds.iter().position(|&h| !h).unwrap_or(256);
        if below == 0 || below > 255 || holds[below..].iter().any(|&h| h) {
            reader.lack(
                condition,
                format!("a loss at the end of a round that is not too few counters: {condition}"),
            );
            return None;
        }
        if least.is_some_and(|l| l != below) {
            reader.lack(results, "losses at the end of a round at different counts");
            return None;
        }
        least = Some(below);
    }
    match (least, rules.len()) {
        (Some(least), 2) => Some(least as u8),
        _ => {
            reader.lack(
                results,
                "an end of a round that is not a loss for each player",
            );
            None
        }
    }
}

/// The refill between rounds: `(if guard … (move (from captures) (to holes) count:N (then
/// (remember …))))`, read by trying it on rows with every set of empty holes, and captures
/// below and above N; returns whether it remembers the holes it fills.
fn read_refill<'n>(
    reader: &mut Reader<'_>,
    fill: &'n Node,
    situation: &Situation<'_>,
    place: Option<CapturePlace>,
) -> Option<(bool, Option<&'n Node>)> {
    let mut guards = Vec::new();
    let mut node = fill;
    // What follows the refill, `(if G (move …) (then …))`: read with the round's end.
    let mut after = None;
    while node.is_call("if") {
        let (Some(guard), Some(then)) = (node.arg(0), node.arg(1)) else {
            break;
        };
        if let Some(rest) = node.arg(2).filter(|r| r.is_call("then") && after.is_none()) {
            after = Some(rest);
        } else if let Some(otherwise) = node.arg(2).filter(|o| all_in_hand_to_one_hole(o, then)) {
            reader.set("refill_remainder", RefillRemainder::OneHole, otherwise);
        } else if let Some(otherwise) = node.arg(2) {
            reader.lack(
                otherwise,
                format!("a refill of the counters too few for a hole: {otherwise}"),
            );
            return None;
        }
        guards.push(guard);
        node = then;
    }
    let written = node.named("count");
    let short = written.and_then(|c| one_short(c, situation, place));
    let count = written.and_then(Node::as_int).or(short);
    let short = i64::from(short.is_some());
    let (Some(from), Some(to), Some(count)) = (
        child(node, "from").and_then(|f| f.arg(0)),
        child(node, "to"),
        count.filter(|c| (1..=255).contains(c)),
    ) else {
        reader.lack(node, format!("a refill the family does not have: {node}"));
        return None;
    };
    if !node.is_call("move") || node.arg(0).is_some_and(|a| a.as_symbol().is_some()) {
        reader.lack(node, format!("a refill the family does not have: {node}"));
        return None;
    }
    let mut remembers = false;
    let ownership = !situation.owned.is_empty();
    for part in node.children() {
        if part.is_call("then") && ownership {
            if !read_owned_refill(reader, part, to, count) {
                return None;
            }
            continue;
        }
        if part.is_call("then") {
            let remembered = part.arg(0).is_some_and(|r| {
                r.is_call("remember")
                    && r.arg(0).is_some_and(|a| is_symbol(a, "Value"))
                    && r.arg(1)
                        .and_then(Node::as_str)
                        .is_some_and(|name| situation.remembered.contains_key(name))
                    && r.arg(2).is_some_and(|l| {
                        l.is_call("last") && l.arg(0).is_some_and(|t| is_symbol(t, "To"))
                    })
            });
            if !remembered {
                reader.lack(
                    part,
                    format!("a consequence of a refill the family does not have: {part}"),
                );
                return None;
            }
            remembers = true;
        }
    }
    let board = situation.board;
    let mut orders = if ownership && board.given {
        vec![RefillOrder::TrackFromLeft]
    } else if ownership {
        vec![RefillOrder::TrackFromLeft, RefillOrder::TrackFromRight]
    } else {
        vec![
            RefillOrder::Choice,
            RefillOrder::FromLeft,
            RefillOrder::FromRight,
        ]
    };
    for mover in 1..=2u8 {
        let player = usize::from(mover - 1);
        let row: Vec<usize> = (0..board.holes)
            .filter(|&h| board.territory[player] >> h & 1 == 1)
            .collect();
        let patterns: Vec<u64> = if row.len() <= 10 {
            (0..1u64 << row.len()).collect()
        } else {
            (0..64u64)
                .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40)
                .collect()
        };
        let captures = captures_of(situation, mover, place);
        for pattern in patterns {
            for (held, other_full) in [
                (count - 1 - short, true),
                (count - 1, true),
                (count, true),
                (3 * count, false),
            ] {
                let mut context = situation.context(mover);
                let mut empty = 0u64;
                for (i, &hole) in row.iter().enumerate() {
                    let full = pattern >> i & 1 == 1;
                    context.counts[situation.cells[hole]] = if full { count } else { 0 };
                    if !full {
                        empty |= 1 << hole;
                    }
                }
                for hole in (0..board.holes).filter(|&h| board.territory[player] >> h & 1 == 0) {
                    context.counts[situation.cells[hole]] = if other_full { count } else { 0 };
                }
                for &site in &captures {
                    context.counts[site] = held;
                }
                let targets = targets(reader, &guards, from, to, &captures, &context)?;
                let other_row = (0..board.holes)
                    .filter(|&h| board.territory[player] >> h & 1 == 0)
                    .fold(0u64, |bits, h| bits | 1 << h);
                let empty_anywhere = if other_full { empty } else { empty | other_row };
                let expected = |order: RefillOrder| -> Vec<usize> {
                    let none_empty = match order {
                        RefillOrder::TrackFromLeft | RefillOrder::TrackFromRight => {
                            empty_anywhere == 0
                        }
                        _ => empty == 0,
                    };
                    if held < count - short || none_empty {
                        return Vec::new();
                    }
                    let hole = match order {
                        RefillOrder::Choice => {
                            let mut all: Vec<usize> = (0..board.holes)
                                .filter(|&h| empty >> h & 1 == 1)
                                .map(|h| situation.cells[h])
                                .collect();
                            all.sort_unstable();
                            return all;
                        }
                        RefillOrder::FromLeft => empty.trailing_zeros() as usize,
                        RefillOrder::FromRight => 63 - empty.leading_zeros() as usize,
                        // Holes are numbered along the anticlockwise track from player 1's
                        // left; the mover's track starts at its own row's first hole.
                        RefillOrder::TrackFromLeft if board.given => board
                            .first_empty_along(mover - 1, empty_anywhere)
                            .trailing_zeros()
                            as usize,
                        RefillOrder::TrackFromLeft => {
                            let start = player * board.row;
                            let after = empty_anywhere & !((1u64 << start) - 1);
                            let first = if after != 0 { after } else { empty_anywhere };
                            first.trailing_zeros() as usize
                        }
                        // Clockwise from the mover's rightmost hole: down the numbering.
                        RefillOrder::TrackFromRight => {
                            let rightmost = (player + 1) * board.row - 1;
                            let upto = empty_anywhere & (u64::MAX >> (63 - rightmost));
                            let first = if upto != 0 { upto } else { empty_anywhere };
                            63 - first.leading_zeros() as usize
                        }
                    };
                    vec![situation.cells[hole]]
                };
                orders.retain(|&order| expected(order) == targets);
            }
        }
    }
    if short == 1 {
        if !ownership {
            reader.lack(
                node,
                format!("a hole one short refilled without owned holes: {node}"),
            );
            return None;
        }
        if let Some(written) = written {
            reader.set("refill_remainder", RefillRemainder::OneShort, written);
        }
    }
    match orders.first() {
        Some(&order) => {
            reader.set("round_refill", count, node);
            reader.set("refill_order", order, to);
            Some((remembers, after))
        }
        None => {
            reader.lack(
                to,
                format!("holes a refill fills other than one's empty holes, chosen or in order from an end: {to}"),
            );
            None
        }
    }
}

/// Whether `otherwise`, the else of a full refill `full`, moves every counter of the mover's
/// hand into a hole the full refill would fill, and nothing else (Khrour's `(move (from
/// (handSite Mover)) (to (sites Mover) if:(is Empty (to))) count:(count Cell at:(handSite
/// Mover)))`, without the full refill's `(then (remember …))`): the counters too few for a
/// hole, into one hole.
fn all_in_hand_to_one_hole(otherwise: &Node, full: &Node) -> bool {
    let same = |key: &str| {
        child(otherwise, key).map(Node::to_string) == child(full, key).map(Node::to_string)
    };
    let whole_hand = otherwise.named("count").is_some_and(|count| {
        count.is_call("count")
            && count.arg(0).is_some_and(|a| is_symbol(a, "Cell"))
            && count.named("at").is_some_and(|at| {
                at.is_call("handSite")
                    && at.arg(0).is_some_and(|m| is_symbol(m, "Mover"))
                    && at.arg(1).is_none()
            })
    });
    otherwise.is_call("move")
        && full.is_call("move")
        && whole_hand
        && same("from")
        && same("to")
        && child(otherwise, "then").is_none()
        && otherwise.children().len() == 3
}

/// A refill's `count:` that is N wherever the mover's captures hold N or more and what they
/// hold where they hold N - 1 (Mewelad's `(if (>= (count Cell at:(handSite Mover)) 4) 4 3)`),
/// tried for either mover: N.
fn one_short(count: &Node, situation: &Situation<'_>, place: Option<CapturePlace>) -> Option<i64> {
    if count.as_int().is_some() {
        return None;
    }
    let at = |mover: u8, held: i64| -> Option<i64> {
        let mut context = situation.context(mover);
        for site in captures_of(situation, mover, place) {
            context.counts[site] = held;
        }
        context.int(count).ok()
    };
    let whole = at(1, 60)?;
    if !(2..=30).contains(&whole) {
        return None;
    }
    let fits = (1..=2u8).all(|mover| {
        at(mover, whole - 1) == Some(whole - 1)
            && (whole..=3 * whole).all(|held| at(mover, held) == Some(whole))
    });
    fits.then_some(whole)
}

/// The consequence of a refill where holes are owned: the filled hole remembered as the
/// mover's, and perhaps, beside it, another refill while the captures last, the counters
/// left one short of a hole sown with one of the opponent's into the next hole (remembered
/// too), fewer given to the opponent (Hufesay's). Returns whether it was read.
fn read_owned_refill(reader: &mut Reader<'_>, then: &Node, to: &Node, count: i64) -> bool {
    let Some(effect) = then.arg(0) else {
        reader.lack(then, "an empty consequence of a refill");
        return false;
    };
    let remember = |hole: &str| {
        format!(
            "(if (is Mover P1) (remember Value \"OwnedP1\" {hole}) (remember Value \"OwnedP2\" {hole}))"
        )
    };
    let Some(target) = to.arg(0).map(Node::to_string) else {
        reader.lack(to, "a refill without holes");
        return false;
    };
    let hand = "(count Cell at:(handSite Mover))";
    let short = count - 1;
    let whole_turn = format!(
        "(if (<= {count} {hand}) (moveAgain) (if (= {short} {hand}) (and {{(fromTo (from (handSite Mover)) (to {target}) count:{short}) (fromTo (from (handSite Next)) (to {target}) count:1) {}}}) (fromTo (from (handSite Mover)) (to (handSite Next)) count:{hand})))",
        remember(&target)
    );
    // Gabata (Adowa)'s refill of three keeps a last single counter in the hand: the
    // opponent, left with two (the counters are a multiple of three), takes it to fill its
    // next hole, which is where the family's borrowing gives it.
    let whole_turn_kept = format!(
        "(if (<= {count} {hand}) (moveAgain) (if (= {short} {hand}) (and {{(fromTo (from (handSite Mover)) (to {target}) count:{short}) (fromTo (from (handSite Next)) (to {target}) count:1) {}}})))",
        remember(&target)
    );
    let parts: Vec<&Node> = if effect.is_call("and") {
        effect.positional().flat_map(items).collect()
    } else {
        vec![effect]
    };
    let mut remembers = false;
    for part in parts {
        let text = part.to_string();
        if text == remember("(last To)") && !remembers {
            remembers = true;
        } else if text == whole_turn || (count == 3 && text == whole_turn_kept) {
            reader.set("refill_whole_turn", true, part);
            reader.set("refill_remainder", RefillRemainder::Borrow, part);
        } else if let Some(rest) = other_remainder(part, count, &target, &remember(&target))
            && count % 2 == 0
            && rest.to_string() == drawn(count / 2, &target)
        {
            // Half a hole of the mover's and as many of the opponent's, owned at random: Ludii
            // draws from 1 to 100 (`ValueRandom`, both ends included), player 1's above 50,
            // either player alike.
            reader.set("refill_whole_turn", true, part);
            reader.set("refill_remainder", RefillRemainder::BorrowOrDrawn, rest);
        } else if let Some(rest) = other_remainder(part, count, &target, &remember(&target)) {
            // The whole turn and the borrowing are Hufesay's; what is done with fewer counters
            // is named, and the refill's holes read all the same.
            let what = if rest
                .walk()
                .any(|n| n.is_call("value") && n.arg(0).is_some_and(|a| is_symbol(a, "Random")))
            {
                "a refill's remainder paired with the opponent's counters in a hole owned at random, a chance move the family does not have"
            } else {
                "a refill's remainder the family does not have"
            };
            reader.lack(rest, format!("{what}: {rest}"));
            // Read as far as they are Hufesay's, so that when the round begins (both hands
            // empty, as after its borrowing) is not named as a lack of its own.
            reader.set("refill_whole_turn", true, part);
            reader.set("refill_remainder", RefillRemainder::Borrow, part);
        } else {
            reader.lack(
                part,
                format!(
                    "a consequence of a refill of owned holes the family does not have: {part}"
                ),
            );
            return false;
        }
    }
    if !remembers {
        reader.lack(
            then,
            "a refill of owned holes that does not remember the hole as the mover's",
        );
    }
    remembers
}

/// Tuz's branch for half a hole (`half` counters) left: as many of the opponent's with them in
/// the next hole, remembered as player 1's or player 2's at random.
fn drawn(half: i64, target: &str) -> String {
    let hand = "(count Cell at:(handSite Mover))";
    format!(
        "(if (= {half} {hand}) (and {{(fromTo (from (handSite Mover)) (to {target}) count:{half}) (fromTo (from (handSite Next)) (to {target}) count:{half}) (if (< 50 (value Random (range 1 100))) (remember Value \"OwnedP1\" {target}) (remember Value \"OwnedP2\" {target}))}}))"
    )
}

/// Where `part` is a whole turn of refills of `count` whose remainder one short of a hole
/// borrows one of the opponent's (Hufesay's first two branches), the branch for fewer counters
/// when it is neither Hufesay's nor Gabata (Adowa)'s: Tuz's two and two owned at random.
fn other_remainder<'n>(
    part: &'n Node,
    count: i64,
    target: &str,
    remember: &str,
) -> Option<&'n Node> {
    let hand = "(count Cell at:(handSite Mover))";
    let short = count - 1;
    let borrow = format!(
        "(and {{(fromTo (from (handSite Mover)) (to {target}) count:{short}) (fromTo (from (handSite Next)) (to {target}) count:1) {remember}}})"
    );
    let inner = part.arg(2).filter(|inner| inner.is_call("if"))?;
    let whole = part.is_call("if")
        && part.arg(0).map(Node::to_string) == Some(format!("(<= {count} {hand})"))
        && part.arg(1).is_some_and(|again| again.is_call("moveAgain"))
        && inner.arg(0).map(Node::to_string) == Some(format!("(= {short} {hand})"))
        && inner.arg(1).map(Node::to_string) == Some(borrow);
    whole.then(|| inner.arg(2)).flatten()
}

/// The holes a refill may fill in a context: none where a guard fails; else the sites of
/// `(to …)` that pass its `if:`, from the mover's captures.
fn targets(
    reader: &mut Reader<'_>,
    guards: &[&Node],
    from: &Node,
    to: &Node,
    captures: &[usize],
    context: &Context<'_>,
) -> Option<Vec<usize>> {
    for guard in guards {
        match context.boolean(guard) {
            Ok(true) => {}
            Ok(false) => return Some(Vec::new()),
            Err(error) => {
                reader.unknown(guard, error, "a refill");
                return None;
            }
        }
    }
    match context.int(from) {
        Ok(site) if usize::try_from(site).is_ok_and(|s| captures.contains(&s)) => {}
        Ok(_) => {
            reader.lack(
                from,
                format!("a refill from elsewhere than the captures: {from}"),
            );
            return None;
        }
        Err(error) => {
            reader.unknown(from, error, "a refill");
            return None;
        }
    }
    let Some(where_to) = to.arg(0) else {
        reader.lack(to, "a refill without holes");
        return None;
    };
    let sites = match context.sites(where_to) {
        Ok(sites) => sites,
        Err(_) => match context.int(where_to) {
            Ok(site) => usize::try_from(site).map(|s| vec![s]).unwrap_or_default(),
            Err(error) => {
                reader.unknown(where_to, error, "a refill");
                return None;
            }
        },
    };
    let mut kept = Vec::new();
    for site in sites {
        let allowed = match to.named("if") {
            None => true,
            Some(condition) => {
                let mut inner = context.clone();
                inner.to = site as i64;
                match inner.boolean(condition) {
                    Ok(value) => value,
                    Err(error) => {
                        reader.unknown(condition, error, "a refill");
                        return None;
                    }
                }
            }
        };
        if allowed {
            kept.push(site);
        }
    }
    kept.sort_unstable();
    Some(kept)
}

/// Whether the sowing's `(from … if:…)` refuses a hole left out of the holes in play, whatever
/// it holds.
fn lifts_only_in_play(moves: &Node, situation: &Situation<'_>) -> bool {
    let Some(condition) = child(moves, "from").and_then(|f| f.named("if")) else {
        return false;
    };
    let Some((name, all)) = situation.remembered.iter().next() else {
        return false;
    };
    (0..situation.board.holes).all(|hole| {
        let site = situation.cells[hole];
        (1..=5i64).all(|count| {
            let mut context = situation.context(1);
            let mut playable = all.clone();
            playable.retain(|&s| s != site);
            context.remembered.insert(name.clone(), playable);
            context.counts[site] = count;
            context.from = site as i64;
            context.boolean(condition).ok() == Some(false)
        })
    })
}

/// Whether the sowing's capture, `(sow apply:(if C …))` within the move, refuses a last hole
/// left out of the holes in play whatever it holds (Khrour's `(is In (to) ("PlayableSites"))`
/// beside its counts), and takes in some hole in play.
fn captures_only_in_play(moves: &Node, situation: &Situation<'_>) -> bool {
    fn sow_of(node: &Node) -> Option<&Node> {
        if node.is_call("sow") {
            return Some(node);
        }
        node.children().iter().find_map(sow_of)
    }
    let Some(condition) = sow_of(moves)
        .and_then(|sow| sow.named("apply"))
        .filter(|apply| apply.is_call("if"))
        .and_then(|apply| apply.arg(0))
    else {
        return false;
    };
    let Some((name, all)) = situation.remembered.iter().next() else {
        return false;
    };
    let try_at = |hole: usize, count: i64, in_play: bool| {
        let site = situation.cells[hole];
        let mut context = situation.context(1);
        let mut playable = all.clone();
        if !in_play {
            playable.retain(|&s| s != site);
        }
        context.remembered.insert(name.clone(), playable);
        context.counts[site] = count;
        context.to = site as i64;
        context.boolean(condition).ok()
    };
    let holes = 0..situation.board.holes;
    holes
        .clone()
        .all(|hole| (0..=16).all(|count| try_at(hole, count, false) == Some(false)))
        && holes
            .clone()
            .any(|hole| (0..=16).any(|count| try_at(hole, count, true) == Some(true)))
}

/// Sets of holes each player may own, as family holes (player 1's, player 2's), to try a
/// condition or place that reads the owned holes on: each its row, the rows swapped, the holes
/// shared alternately, most of the board one player's, and some holes owned by neither.
pub(super) fn owned_trials(situation: &Situation<'_>) -> Vec<[u64; 2]> {
    let holes = situation.board.holes;
    let every = u64::MAX >> (64 - holes);
    let [first, second] = situation.board.territory;
    let alternate = (0..holes)
        .filter(|h| h % 2 == 0)
        .fold(0u64, |bits, h| bits | 1 << h);
    let third = holes / 3;
    let low = (1u64 << third) - 1;
    let middle = ((1u64 << (2 * third)) - 1) & !low;
    vec![
        [first, second],
        [second, first],
        [alternate, every & !alternate],
        [every & !1, 1],
        [1 << (holes - 1), every & !(1 << (holes - 1))],
        [low, middle],
        [middle, low],
        [0, every],
        [every, 0],
    ]
}

/// A context for `mover` in which the players own the holes of `owned` (family holes).
pub(super) fn owned_context<'a>(
    situation: &Situation<'a>,
    mover: u8,
    owned: [u64; 2],
) -> Context<'a> {
    let mut context = situation.context(mover);
    for (player, holes) in owned.iter().enumerate() {
        let mut sites: Sites = (0..situation.board.holes)
            .filter(|&h| holes >> h & 1 == 1)
            .map(|h| situation.cells[h])
            .collect();
        sites.sort_unstable();
        context
            .remembered
            .insert(format!("OwnedP{}", player + 1), sites);
    }
    context
}

/// `(not (is Next Mover))`: the move ends the turn.
fn turn_ends(node: &Node) -> bool {
    node.is_call("not")
        && node.arg(0).is_some_and(|is| {
            is.is_call("is")
                && is.arg(0).is_some_and(|a| is_symbol(a, "Next"))
                && is.arg(1).is_some_and(|a| is_symbol(a, "Mover"))
                && is.arg(2).is_none()
        })
}

/// A round's end on owned holes: a condition that holds exactly where a player's owned holes
/// hold no counter (`owned-empty`), perhaps beside `(not (is Next Mover))`
/// (`owned-empty-after-turn`), tried on every set of owned holes of [`owned_trials`] with
/// every hole alone holding counters, none, and all.
fn owned_end(condition: &Node, situation: &Situation<'_>) -> Option<GameEnd> {
    if situation.owned.is_empty() {
        return None;
    }
    let (condition, end) = match condition.positional().flat_map(items).collect::<Vec<_>>()[..] {
        [a, b] if condition.is_call("and") && turn_ends(a) => (b, GameEnd::OwnedEmptyAfterTurn),
        [a, b] if condition.is_call("and") && turn_ends(b) => (a, GameEnd::OwnedEmptyAfterTurn),
        _ => (condition, GameEnd::OwnedEmpty),
    };
    holds_where(condition, situation, |owned, holding| {
        owned.iter().any(|&mine| mine & holding == 0)
    })
    .then_some(end)
}

/// Whether `condition` holds, whoever moves, exactly where `expected` says, for every set of
/// owned holes of [`owned_trials`] and the holes holding counters (`holding`): each hole alone,
/// none, and all.
fn holds_where(
    condition: &Node,
    situation: &Situation<'_>,
    expected: impl Fn([u64; 2], u64) -> bool,
) -> bool {
    let holes = situation.board.holes;
    let mut boards: Vec<u64> = vec![0, u64::MAX >> (64 - holes)];
    boards.extend((0..holes).map(|h| 1u64 << h));
    owned_trials(situation).into_iter().all(|owned| {
        boards.iter().all(|&holding| {
            (1..=2u8).all(|mover| {
                let mut context = owned_context(situation, mover, owned);
                for hole in (0..holes).filter(|h| holding >> h & 1 == 1) {
                    context.counts[situation.cells[hole]] = 2;
                }
                context.boolean(condition).ok() == Some(expected(owned, holding))
            })
        })
    })
}

/// `(forEach Site (sites Board) (fromTo (from (site)) (to X) count:(count at:(site))))`, the
/// `fromTo` perhaps under a guard that holds wherever the hole holds counters, X where player
/// `player`'s captures go: every counter on the board to that player.
fn board_to(
    node: &Node,
    situation: &Situation<'_>,
    player: u8,
    place: Option<CapturePlace>,
) -> bool {
    if !(node.is_call("forEach") && node.arg(0).is_some_and(|a| is_symbol(a, "Site"))) {
        return false;
    }
    let (Some(sites), Some(mut inner)) = (node.arg(1), node.arg(2)) else {
        return false;
    };
    let mut guard = None;
    if inner.is_call("if") && inner.arg(2).is_none() {
        guard = inner.arg(0);
        let Some(then) = inner.arg(1) else {
            return false;
        };
        inner = then;
    }
    let Some(to) = whole_site_to(inner) else {
        return false;
    };
    if child(inner, "then").is_some() {
        return false;
    }
    let mut all: Sites = situation.cells[..situation.board.holes].to_vec();
    all.sort_unstable();
    let context = situation.context(player);
    if context.sites(sites).ok() != Some(all) {
        return false;
    }
    let guarded = guard.is_none_or(|guard| {
        (0..situation.board.holes).all(|hole| {
            (1..=5i64).all(|count| {
                let mut context = situation.context(player);
                let cell = situation.cells[hole];
                context.counts[cell] = count;
                context.site = cell as i64;
                context.to = cell as i64;
                context.boolean(guard).ok() == Some(true)
            })
        })
    });
    guarded && into_captures(&context, situation, player, to, place)
}

/// What Ludii 1.3.13 does with `(no Moves P1)`, which the family reads as the description says
/// it (`first-if-no-moves`) and plays as Ludii does in the variant of Ludii's faults
/// (`first-if-passed`).
const NO_MOVES_FLAG: &str = "Ludii's (no Moves P1) (NoMoves.eval) answers State.isStalemated(1), a flag that only Game.moves sets, when it lists player 1's legal moves as the mover (and Game.computeStalemated, for (no Moves Next) or a pass): it says whether player 1's moves were empty when last listed, not whether player 1 can move now. Asked after player 2's move that empties a player's owned holes, it still holds what player 1's last turn found; player 1 having moved, it is false and player 2 takes every counter left whoever ran out, but where player 1's last move was the pass that ended the refills (round_leftovers first-if-passed).";

/// `(if C <every counter on the board to player 1> <every counter to player 2>)` at a round's
/// end: by C, `(no Moves P1)` (player 1 cannot move, its owned holes holding none:
/// `first-if-no-moves`, which Ludii plays as its flag of player 1's last legal moves,
/// `first-if-passed`) or a condition that holds exactly where player 2's owned holes hold no counter
/// (`not-emptied`), tried as [`owned_end`] tries its own.
fn leftovers(
    node: &Node,
    situation: &Situation<'_>,
    place: Option<CapturePlace>,
) -> Option<RoundLeftovers> {
    let (Some(condition), Some(first), Some(second)) = (node.arg(0), node.arg(1), node.arg(2))
    else {
        return None;
    };
    if !node.is_call("if") {
        return None;
    }
    // Player 2 first, where player 1's row is empty (Gabata (Adegrat)'s).
    if board_to(first, situation, 2, place) && board_to(second, situation, 1, place) {
        if situation.owned.is_empty() {
            return None;
        }
        let first_row = situation.board.territory[0];
        return holds_where(condition, situation, |_, holding| first_row & holding == 0)
            .then_some(RoundLeftovers::RowNotEmptied);
    }
    if !(board_to(first, situation, 1, place) && board_to(second, situation, 2, place)) {
        return None;
    }
    let no_moves_first = condition.is_call("no")
        && condition.arg(0).is_some_and(|a| is_symbol(a, "Moves"))
        && condition.arg(1).is_some_and(|a| is_symbol(a, "P1"))
        && condition.arg(2).is_none();
    if no_moves_first {
        return Some(RoundLeftovers::FirstIfNoMoves);
    }
    if situation.owned.is_empty() {
        return None;
    }
    holds_where(condition, situation, |owned, holding| {
        owned[1] & holding == 0
    })
    .then_some(RoundLeftovers::NotEmptied)
}
