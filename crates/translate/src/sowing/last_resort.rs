//! A lift condition that reads `(is Mover Prev)`: Gabata (Aksum)'s `(if (!= (from) (mapEntry
//! "LeftMost" Mover)) True (if (is Mover Prev) True (or (< 3 (count at:(from))) (no Pieces All
//! in:…))))`, under a `(from (if (is Mover Prev) <the relay's hole> holes))`. A turn that goes
//! on lifts the hole the family's relay lifts, so the condition must hold there for every count
//! (read with `(is Mover Prev)` true, at every hole); a fresh move reads it with `(is Mover
//! Prev)` false. Read so at every hole of each player's with the player's other holes empty
//! and holding counters, it is the family's least count everywhere but at one hole of each
//! player's, lifted with the other holes empty from that count and with them holding counters
//! only above a count: the family's hole lifted last (`last_resort_holes`,
//! `last_resort_above`).

use ludii::{Kind, Node};

use super::{Reader, Situation, branches, rounds};

/// Whether `node` reads `(is Mover Prev)` anywhere.
pub(super) fn reads_same_turn(node: &Node) -> bool {
    branches::same_turn(node) || node.children().iter().any(reads_same_turn)
}

/// `node` with every `(is Mover Prev)` read as `value`.
pub(super) fn with_same_turn(node: &Node, value: bool) -> Node {
    if branches::same_turn(node) {
        let symbol = if value { "True" } else { "False" };
        return Node {
            kind: Kind::Symbol(symbol.into()),
            span: node.span,
        };
    }
    let mut node = node.clone();
    match &mut node.kind {
        Kind::Call { args, .. } | Kind::DefineUse { args, .. } => {
            for arg in args.iter_mut() {
                *arg = with_same_turn(arg, value);
            }
        }
        Kind::Group(nodes) | Kind::Array(nodes) => {
            for inner in nodes.iter_mut() {
                *inner = with_same_turn(inner, value);
            }
        }
        Kind::Named { value: inner, .. } => **inner = with_same_turn(inner, value),
        _ => {}
    }
    node
}

/// The fewest counters from which `hole` is lifted, for `mover`, on a board whose other holes
/// of the mover's hold `others` (those of `only`, where given), the opponent's one each, and
/// whose holes are marked as `states` says (none where empty); `None` where no count from 1 to
/// 40 is, or not every count from it.
fn least(
    condition: &Node,
    situation: &Situation<'_>,
    mover: u8,
    hole: usize,
    others: (i64, Option<usize>),
    marked_others: bool,
) -> Result<Option<usize>, crate::eval::Unknown> {
    let mine = situation.territory(usize::from(mover - 1));
    let mut lifts = Vec::new();
    for count in 0..=40i64 {
        let mut context = rounds::owning_context(situation, mover);
        for &site in &situation.cells[..situation.board.holes] {
            let own = mine.contains(&site);
            context.counts[site] = match (own, others.1) {
                (false, _) => 1,
                (true, Some(only)) => i64::from(site == only) * others.0,
                (true, None) => others.0,
            };
        }
        if marked_others {
            context.states = vec![0; context.counts.len()];
            for &site in &mine {
                context.states[site] = i64::from(3 - mover);
            }
            context.states[hole] = 0;
        }
        context.counts[hole] = count;
        context.from = hole as i64;
        lifts.push(context.boolean(condition)?);
    }
    let first = lifts.iter().position(|&v| v);
    Ok(first.filter(|&f| f >= 1 && lifts[f..].iter().all(|&v| v)))
}

/// Reads `condition`, which reads `(is Mover Prev)`, as a fresh move's: the condition with
/// `(is Mover Prev)` false, and the family's hole (a family cell) lifted last, if any, with
/// `last_resort_holes` and `last_resort_above` read or defaulted. `None`, with the lack
/// named, where the relay's hole is not lifted whatever its count or the fresh move's holes
/// are not those.
pub(super) fn read(
    reader: &mut Reader<'_>,
    condition: &Node,
    situation: &Situation<'_>,
) -> Option<(Node, Option<usize>)> {
    let relay = with_same_turn(condition, true);
    for mover in 1..=2u8 {
        for &site in &situation.cells[..situation.board.holes] {
            for count in 1..=40i64 {
                let mut context = rounds::owning_context(situation, mover);
                context.counts[site] = count;
                context.from = site as i64;
                match context.boolean(&relay) {
                    Ok(true) => {}
                    Ok(false) => {
                        reader.lack(
                            condition,
                            format!("a hole a turn that goes on lifts only under a condition: {condition}"),
                        );
                        return None;
                    }
                    Err(error) => {
                        reader.unknown(condition, error, "which holes can be lifted");
                        return None;
                    }
                }
            }
        }
    }
    let fresh = with_same_turn(condition, false);
    let not_read = |reader: &mut Reader<'_>| {
        reader.lack(
            condition,
            format!("a condition on the lifted hole that is not a least count: {condition}"),
        );
    };
    // Each player's hole whose least count depends on the player's other holes, and the least
    // count of the others.
    let mut last = [None; 2];
    let mut regular = None;
    for mover in 1..=2u8 {
        let mine = situation.territory(usize::from(mover - 1));
        for &site in &mine {
            let first_other = mine.iter().copied().find(|&s| s != site);
            let mut found = Vec::new();
            for (others, marked) in [
                ((0, None), false),
                ((1, None), false),
                ((1, first_other), false),
                ((1, None), true),
            ] {
                if marked && !reader.reads_states {
                    continue;
                }
                match least(&fresh, situation, mover, site, others, marked) {
                    Ok(value) => found.push(value),
                    Err(error) => {
                        reader.unknown(condition, error, "which holes can be lifted");
                        return None;
                    }
                }
            }
            if found.iter().all(|&l| l == found[0]) {
                if regular.is_some_and(|r| Some(r) != found[0]) || found[0].is_none() {
                    not_read(reader);
                    return None;
                }
                regular = found[0];
                continue;
            }
            // Lifted from the least count alone, or where its own holes are marked; above a
            // count where another holds counters.
            let alone = found[0];
            let above = found[1];
            let same = found[2] == above && found.get(3).is_none_or(|&m| m == alone);
            if last[usize::from(mover - 1)].is_some()
                || !same
                || alone.is_none()
                || above.is_none_or(|a| Some(a) <= alone || a > 65)
            {
                not_read(reader);
                return None;
            }
            last[usize::from(mover - 1)] = Some((site, alone, above.unwrap_or_default()));
        }
    }
    let Some(regular) = regular else {
        not_read(reader);
        return None;
    };
    match last {
        [None, None] => {
            reader.default("last_resort_holes", "none", condition);
            reader.default("last_resort_above", 0, condition);
            Some((fresh, None))
        }
        [
            Some((first, alone_1, above_1)),
            Some((second, alone_2, above_2)),
        ] if alone_1 == Some(regular) && alone_2 == Some(regular) && above_1 == above_2 => {
            let cell = |site: usize| situation.cells.iter().position(|&s| s == site);
            let (Some(first), Some(second)) = (cell(first), cell(second)) else {
                not_read(reader);
                return None;
            };
            let names = format!(
                "{},{}",
                situation.board.hole_name(first),
                situation.board.hole_name(second)
            );
            reader.set("last_resort_holes", names, condition);
            reader.set("last_resort_above", above_1 - 1, condition);
            Some((fresh, Some(first)))
        }
        _ => {
            not_read(reader);
            None
        }
    }
}
