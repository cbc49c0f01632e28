//! Captures whose counts depend on how many the mover has made: Ako Okwe's capture
//! `(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)) (then (and (if (= (value
//! Player Mover) 1) (set Value Mover 2)) (if (= (value Player Mover) Off) (set Value Mover
//! 1)))))`, whose consequence counts the mover's captures in its value, and its sowing's `if:`,
//! which reads that value to ask for three counters at the first capture, one at the second
//! and any odd count up to nine later: the family's `capture_first_counts`.
//!
//! Each part is read by what it means: the consequence evaluated at each value from Ludii's
//! unset Off to find the values it steps through, and the sowing's condition evaluated at
//! every landing under each of them.

use ludii::Node;
use sowing::{CaptureRow, MAX_LISTED_COUNTS};

use super::{Landing, Reader, Situation, holds, row_holds};
use crate::eval::is_symbol;

/// `(set Value Mover N)`: N.
fn set_of(node: &Node) -> Option<i64> {
    let is_mover = |n: &Node| is_symbol(n, "Mover") || n.is_call("mover");
    (node.is_call("set")
        && node.arg(0).is_some_and(|a| is_symbol(a, "Value"))
        && node.arg(1).is_some_and(is_mover)
        && node.arg(3).is_none())
    .then(|| node.arg(2)?.as_int())
    .flatten()
}

/// The `(if C (set Value Mover N))`s of a consequence `(then …)`: one of them, or `(and …)`
/// of several; `None` for any other consequence.
fn counter_sets(then: &Node) -> Option<Vec<(&Node, i64)>> {
    if !then.is_call("then") || then.children().len() != 1 {
        return None;
    }
    let body = then.arg(0)?;
    let parts: Vec<&Node> = if body.is_call("and") {
        body.positional().flat_map(super::items).collect()
    } else {
        vec![body]
    };
    parts
        .into_iter()
        .map(|part| {
            (part.is_call("if") && part.arg(2).is_none())
                .then(|| Some((part.arg(0)?, set_of(part.arg(1)?)?)))
                .flatten()
        })
        .collect()
}

/// Whether a capture's consequence only counts the mover's captures in its value, read with
/// the sowing ([`read`]).
pub(super) fn is_counter(then: &Node) -> bool {
    counter_sets(then).is_some_and(|sets| !sets.is_empty())
}

/// The mover's values the counter steps through, from Ludii's unset Off (-1) to the one it
/// stays at, the same for either mover: each step the value the one `(if …)` whose condition
/// holds sets (Ludii's `(and …)` evaluates every condition before any is applied), none
/// leaving the value as it is. `None` where two set it at once, a condition is not read, or
/// the value does not settle within the counts the family lists.
fn stages(then: &Node, situation: &Situation<'_>) -> Option<Vec<i64>> {
    let sets = counter_sets(then)?;
    let mut values = vec![-1i64];
    loop {
        let now = *values.last()?;
        let mut next = None;
        for mover in 1..=2u8 {
            let mut context = situation.context(mover);
            context.mover_value = Some(now);
            let mut found = now;
            let mut fired = 0;
            for (condition, value) in &sets {
                if context.boolean(condition).ok()? {
                    found = *value;
                    fired += 1;
                }
            }
            if fired > 1 || next.is_some_and(|n| n != found) {
                return None;
            }
            next = Some(found);
        }
        let next = next?;
        if next == now {
            return Some(values);
        }
        if values.contains(&next) || values.len() > MAX_LISTED_COUNTS {
            return None;
        }
        values.push(next);
    }
}

/// The capture counter of a sowing's `apply:`: a `(fromTo …)` whose consequence counts the
/// mover's captures ([`is_counter`]).
pub(super) fn counter_of(sow: &Node) -> Option<&Node> {
    let effect = sow.named("apply")?;
    let then = super::child(effect, "then")?;
    (effect.is_call("fromTo") && is_counter(then)).then_some(then)
}

/// The situation the sowing's captures are read in where they are counted: the mover's value
/// the counter settles at, the captures made once the listed first ones are; `Err` with the
/// lack where the counter is not read.
pub(super) fn settled<'a>(
    then: &Node,
    situation: &Situation<'a>,
) -> Result<(Situation<'a>, Vec<i64>), String> {
    let Some(values) = stages(then, situation) else {
        return Err(format!(
            "a count of captures the family does not read: {then}"
        ));
    };
    let settled = Situation {
        mover_value: values.last().copied(),
        ..situation.clone()
    };
    Ok((settled, values))
}

/// Reads the counts of the first captures, once the sowing's captures are read at the value
/// the counter settles at: at each earlier value, the sowing's `if:` must hold exactly at the
/// landings of one count on the rows the captures are made on.
pub(super) fn read(
    reader: &mut Reader<'_>,
    sow: &Node,
    then: &Node,
    values: &[i64],
    situation: &Situation<'_>,
    all: &[Landing],
) {
    let Some(guard) = sow.named("if") else {
        reader.lack(
            then,
            format!("a count of captures no condition of the sowing reads: {then}"),
        );
        return;
    };
    let rows = reader
        .reading
        .get("capture_row")
        .and_then(|read| engine::OptionValue::parse_value(&read.value).ok());
    let later_counts = reader
        .reading
        .get("capture_counts")
        .is_some_and(|read| read.value != "none");
    let (Some(rows), true) = (rows, later_counts) else {
        reader.lack(
            then,
            format!("a count of captures beside no capture of counts of the last hole: {then}"),
        );
        return;
    };
    let rows: CaptureRow = rows;
    let board = situation.board;
    // Where the condition holds at each value, and the counts it holds at. A last counter
    // never falls into a store here: the family refuses the count beside stores in the track.
    let mut tables = Vec::with_capacity(values.len());
    for &value in values {
        let stage = Situation {
            mover_value: Some(value),
            ..situation.clone()
        };
        let mut counts = Vec::new();
        let mut table = Vec::with_capacity(all.len());
        for &landing in all.iter().filter(|l| l.cell < board.holes) {
            let Ok(held) = holds(&[(guard, true)], landing, &stage) else {
                reader.lack(
                    guard,
                    format!("a condition of a counted capture the family does not read: {guard}"),
                );
                return;
            };
            if held && !counts.contains(&landing.count) {
                counts.push(landing.count);
            }
            table.push(held);
        }
        tables.push((value, counts, table));
    }
    // The first captures are those before the condition is the one it settles at (Murray's
    // reading settles at its second value, its first capture already of any odd count).
    let settled_table = tables.last().map(|(_, _, table)| table.clone());
    let first = tables
        .iter()
        .position(|(_, _, table)| Some(table) == settled_table.as_ref())
        .unwrap_or(0);
    if tables[first..]
        .iter()
        .any(|(_, _, table)| Some(table) != settled_table.as_ref())
    {
        reader.lack(
            guard,
            format!(
                "a counted capture whose counts change again once they are the later ones: {guard}"
            ),
        );
        return;
    }
    let mut listed = Vec::new();
    for (value, counts, table) in &tables[..first] {
        let value = *value;
        let one = match counts.as_slice() {
            [count] if (1..=127).contains(count) => *count,
            _ => {
                reader.lack(
                    guard,
                    format!(
                        "a capture counted {} whose counts are not one count: {guard}",
                        values.iter().position(|&v| v == value).unwrap_or(0)
                    ),
                );
                return;
            }
        };
        let exact = all
            .iter()
            .filter(|l| l.cell < board.holes)
            .zip(table.iter())
            .all(|(&l, &t)| t == (l.count == one && row_holds(rows, board, l)));
        if !exact {
            reader.lack(
                guard,
                format!("a counted capture made on other holes than the later ones: {guard}"),
            );
            return;
        }
        listed.push(one.to_string());
    }
    reader.set("capture_first_counts", listed.join(","), then);
}
