//! A capture of the holes a sowing sowed, read as the family's `capture_sown`: the move's
//! consequence `(do (set Var "NumSowed" (count at:(last To))) next:(sow …) (then (forEach Site
//! (sites Track from:(last From) to:(trackSite Move from:(last From) "Track" steps:S)) (if
//! <a count> (fromTo (from (site)) (to <a store or hand>) count:…)))))`, Obridje's and the
//! Gabatas'.
//!
//! Ludii applies the `do`'s first move, remembering the counters the hole lifted holds, then
//! the sowing with its `apply:`, then the `do`'s consequence, in which `(last From)` is still
//! the hole lifted (the consequences of a move are applied before it is replaced in the trial)
//! and `(to)` is the hole `forEach Site` is at. The holes it looks at are read by evaluating
//! the region at every hole and count lifted, and must be the family's: as many steps along
//! the mover's track as the counters lifted (`through-last`) or one fewer (`before-last`), at
//! most a lap, as Ludii's `(sites Track from: to:)` stops at the first hole it meets again.

use ludii::{Kind, Node};
use sowing::{CaptureSown, CaptureSownTo};

use super::{CapturePlace, MOST_COUNTED, Reader, Situation, child, is_symbol};

/// The parts of a sowing followed by a capture of the holes it sowed.
pub(super) struct Sown<'n> {
    /// The sowing (`next:`).
    pub sow: &'n Node,
    /// The `forEach Site` that captures.
    each: &'n Node,
    /// The name of the variable that holds the counters lifted.
    var: String,
    /// The holes looked at end one step before the last (`steps:(- (var …) 1)`, `Some(true)`)
    /// or at it (`steps:(var …)`); `None` for other steps, a lack.
    short: Option<bool>,
}

impl Sown<'_> {
    /// Whether the capture looks at the last hole too.
    pub fn through_last(&self) -> bool {
        self.short == Some(false)
    }
}

/// The sowing and its capture of the holes sown in a move's consequence, the `(do …)` alone or
/// first in an `(and …)` (whose other parts are named as lacks); `None` where the consequence
/// is not one.
pub(super) fn split<'n>(reader: &mut Reader<'_>, then: &'n Node) -> Option<Sown<'n>> {
    let first = then.arg(0)?;
    let (moves, others): (&Node, &[Node]) = if first.is_call("and") {
        let parts = first.children();
        (parts.first()?, &parts[1..])
    } else {
        (first, &[])
    };
    if !moves.is_call("do") || then.children().len() != 1 {
        return None;
    }
    let prior = moves.arg(0)?;
    let sow = moves.named("next").filter(|s| s.is_call("sow"))?;
    let var = remembered_lift(prior)?;
    let consequence = child(moves, "then")?;
    let body = consequence.arg(0)?;
    let parts: Vec<&Node> = if body.is_call("and") {
        body.children().iter().collect()
    } else {
        vec![body]
    };
    let mut each = None;
    for part in parts {
        if part.is_call("forEach") && each.is_none() {
            each = Some(part);
        } else if !resets(part, &var) {
            reader.lack(
                part,
                format!(
                    "a consequence of a capture of the holes sown the family does not have: {part}"
                ),
            );
        }
    }
    let each = each?;
    let short = each.arg(1).and_then(|region| steps_short(region, &var));
    for other in others {
        reader.lack(
            other,
            format!("a consequence beside a sowing the family does not have: {other}"),
        );
    }
    Some(Sown {
        sow,
        each,
        var,
        short,
    })
}

/// The variable `(set Var "Name" (count at:(last To)))` sets to the counters the hole lifted
/// holds.
fn remembered_lift(prior: &Node) -> Option<String> {
    if !(prior.is_call("set") && prior.arg(0).is_some_and(|a| is_symbol(a, "Var"))) {
        return None;
    }
    let name = prior.arg(1)?.as_str()?.to_string();
    let value = prior.arg(2)?;
    let at = value.named("at")?;
    let last_to = at.is_call("last") && at.arg(0).is_some_and(|a| is_symbol(a, "To"));
    (value.is_call("count") && value.arg(0).is_none() && last_to && prior.arg(3).is_none())
        .then_some(name)
}

/// `(set Var "Name" 0)`, which resets the variable after the capture.
fn resets(part: &Node, var: &str) -> bool {
    part.is_call("set")
        && part.arg(0).is_some_and(|a| is_symbol(a, "Var"))
        && part.arg(1).and_then(Node::as_str) == Some(var)
        && part.arg(2).and_then(Node::as_int) == Some(0)
}

/// Whether the region's steps are the variable less one (`true`) or the variable itself.
fn steps_short(region: &Node, var: &str) -> Option<bool> {
    let to = region.named("to")?;
    let steps = to.named("steps")?;
    let is_var = |n: &Node| n.is_call("var") && n.arg(0).and_then(Node::as_str) == Some(var);
    if is_var(steps) {
        return Some(false);
    }
    (steps.is_call("-")
        && steps.arg(0).is_some_and(is_var)
        && steps.arg(1).and_then(Node::as_int) == Some(1))
    .then_some(true)
}

/// `node` with `(last From)` and `(last To)` as `site` and the variable as `lifted`.
fn substituted(node: &Node, var: &str, site: usize, lifted: i64) -> Node {
    let last = node.is_call("last")
        && node
            .arg(0)
            .is_some_and(|a| is_symbol(a, "From") || is_symbol(a, "To"))
        && node.arg(1).is_none();
    if last {
        return Node::new(Kind::Int(site as i64), node.span);
    }
    if node.is_call("var") && node.arg(0).and_then(Node::as_str) == Some(var) {
        return Node::new(Kind::Int(lifted), node.span);
    }
    let kind = match &node.kind {
        Kind::Call { head, args } => Kind::Call {
            head: head.clone(),
            args: args
                .iter()
                .map(|a| substituted(a, var, site, lifted))
                .collect(),
        },
        Kind::Named { key, value } => Kind::Named {
            key: key.clone(),
            value: Box::new(substituted(value, var, site, lifted)),
        },
        Kind::Array(items) => Kind::Array(
            items
                .iter()
                .map(|a| substituted(a, var, site, lifted))
                .collect(),
        ),
        other => other.clone(),
    };
    Node::new(kind, node.span)
}

/// Reads the capture of the holes sown as the family's parameters, the sowing going `way`
/// round; names what the family cannot play as lacks.
pub(super) fn read(reader: &mut Reader<'_>, sown: &Sown<'_>, situation: &Situation<'_>, way: u8) {
    let board = situation.board;
    let each = sown.each;
    let (Some(region), Some(guarded)) = (each.arg(1), each.arg(2)) else {
        reader.lack(each, format!("a capture of the holes sown: {each}"));
        return;
    };
    if !(each.arg(0).is_some_and(|a| is_symbol(a, "Site"))
        && each.arg(3).is_none()
        && guarded.is_call("if")
        && guarded.arg(2).is_none())
    {
        reader.lack(
            each,
            format!("a capture of the holes sown the family does not have: {each}"),
        );
        return;
    }
    let (Some(condition), Some(take), Some(short)) = (guarded.arg(0), guarded.arg(1), sown.short)
    else {
        reader.lack(
            region,
            format!(
                "holes sown other than those along the sowing's track from the hole lifted, as many steps on as it held or one fewer: {region}"
            ),
        );
        return;
    };
    let site = |n: &Node| n.is_call("site") && n.children().is_empty();
    let from_site = child(take, "from").and_then(|f| f.arg(0)).is_some_and(site);
    let (Some(to), Some(count)) = (
        child(take, "to").and_then(|t| t.arg(0)),
        take.named("count"),
    ) else {
        reader.lack(
            take,
            format!("a capture of the holes sown the family does not have: {take}"),
        );
        return;
    };
    if !(take.is_call("fromTo") && from_site && child(take, "then").is_none()) {
        reader.lack(
            take,
            format!("a capture of the holes sown the family does not have: {take}"),
        );
        return;
    }
    // The holes looked at, from every hole a sowing may start at and every count it may lift.
    let lap = |mover: u8, from: usize| {
        let next = &board.next[usize::from(way)][usize::from(mover - 1)];
        let mut cell = usize::from(next[from]);
        let mut lap = 1usize;
        while cell != from && lap < 2 * situation.cells.len() {
            cell = usize::from(next[cell]);
            lap += 1;
        }
        lap
    };
    for mover in 1..=2u8 {
        let next = &board.next[usize::from(way)][usize::from(mover - 1)];
        for from in 0..board.holes {
            let around = lap(mover, from);
            for lifted in 1..=(2 * around + 1) {
                let context = situation.context(mover);
                let node = substituted(region, &sown.var, situation.cells[from], lifted as i64);
                let ludii = match context.sites(&node) {
                    Ok(sites) => sites,
                    Err(error) => {
                        reader.unknown(
                            region,
                            error,
                            "the holes a capture of the holes sown looks at",
                        );
                        return;
                    }
                };
                let steps = lifted.saturating_sub(usize::from(short)) % around;
                let mut cell = from;
                let mut family = vec![situation.cells[cell]];
                for _ in 0..steps {
                    cell = usize::from(next[cell]);
                    family.push(situation.cells[cell]);
                }
                if ludii != family {
                    reader.lack(
                        region,
                        format!(
                            "holes sown other than those along the sowing's track from the hole lifted, as many steps on as it held or one fewer: {region}"
                        ),
                    );
                    return;
                }
            }
        }
    }
    // Which counts are captured, the same at every hole for either mover, and what is taken.
    let mut counts = None;
    let mut taker: Option<CaptureSownTo> = None;
    let mut place: Option<CapturePlace> = None;
    // Where holes are owned, a place that reads them: each hole's owner's.
    let owners_place = if !situation.owned.is_empty() && super::rounds::reads_owned(to, situation) {
        let Some(at) = hole_owner_place(to, situation) else {
            reader.lack(
                to,
                format!("a place for the holes sown the family does not read: {to}"),
            );
            return;
        };
        taker = Some(CaptureSownTo::HoleOwner);
        place = Some(at);
        Some(at)
    } else {
        None
    };
    for mover in 1..=2u8 {
        for hole in 0..board.holes {
            let cell = situation.cells[hole];
            let mut set = 0u128;
            for held in 0..=MOST_COUNTED {
                let mut context = situation.context(mover);
                context.site = cell as i64;
                context.to = cell as i64;
                context.counts[cell] = held;
                let holds = match context.boolean(condition) {
                    Ok(holds) => holds,
                    Err(error) => {
                        reader.unknown(condition, error, "a capture of the holes sown");
                        return;
                    }
                };
                if !holds {
                    continue;
                }
                set |= 1 << held;
                // The whole hole is taken.
                if context.int(count).ok() != Some(held) {
                    reader.lack(
                        count,
                        format!("a capture of part of a hole sown: count:{count}"),
                    );
                    return;
                }
            }
            if counts.is_some_and(|c| c != set) {
                reader.lack(condition, format!("counts captured in the holes sown that differ from hole to hole: {condition}"));
                return;
            }
            counts = Some(set);
            if owners_place.is_some() {
                continue;
            }
            let mut context = situation.context(mover);
            context.site = cell as i64;
            context.to = cell as i64;
            let Some(into) = context.int(to).ok().and_then(|s| usize::try_from(s).ok()) else {
                reader.lack(
                    to,
                    format!("a place for the holes sown the family does not read: {to}"),
                );
                return;
            };
            let owner = board.owner(hole) + 1;
            let whose = [(mover, CaptureSownTo::Mover), (owner, CaptureSownTo::Owner)]
                .into_iter()
                .filter_map(|(player, kind)| {
                    if into == context.hand(player) {
                        Some((kind, CapturePlace::Hand))
                    } else if situation.places.maps.get(&(String::new(), player)) == Some(&into) {
                        Some((kind, CapturePlace::Store))
                    } else {
                        None
                    }
                })
                .collect::<Vec<_>>();
            // Where the mover owns the hole, either reading holds.
            let found = whose
                .iter()
                .find(|(kind, _)| taker.is_none_or(|t| t == *kind));
            let Some(&(kind, at)) = found else {
                reader.lack(
                    to,
                    format!("a taker of the holes sown the family does not have: {to}"),
                );
                return;
            };
            if whose.len() == 1 {
                taker = Some(kind);
            }
            if place.is_some_and(|p| p != at) {
                reader.lack(
                    to,
                    format!("a taker of the holes sown the family does not have: {to}"),
                );
                return;
            }
            place = Some(at);
        }
    }
    let counts = counts.unwrap_or(0);
    if counts == 0 || counts & 1 == 1 || counts >> MOST_COUNTED != 0 {
        reader.lack(
            condition,
            format!("counts captured in the holes sown the family does not have: {condition}"),
        );
        return;
    }
    match place {
        Some(place) if reader.capture_place.is_none_or(|p| p == place) => {
            reader.capture_place = Some(place);
        }
        _ => {
            reader.lack(
                to,
                format!("holes sown captured elsewhere than the other captures: {to}"),
            );
            return;
        }
    }
    let mode = if short {
        CaptureSown::BeforeLast
    } else {
        CaptureSown::ThroughLast
    };
    let counts = engine::OptionValue::render_value(&sowing::CountSet(counts));
    reader.set("capture_sown", mode, region);
    reader.set("capture_sown_counts", counts, condition);
    reader.set("capture_sown_to", taker.unwrap_or(CaptureSownTo::Mover), to);
}

/// Where `to`, read at each hole with the holes owned as [`super::rounds::owned_trials`] tries
/// them, is player 1's captures' place where player 1 owns the hole and player 2's elsewhere
/// (`hole-owner`): that place, the hand or the store, the same throughout.
fn hole_owner_place(to: &Node, situation: &Situation<'_>) -> Option<CapturePlace> {
    let mut found = None;
    for owned in super::rounds::owned_trials(situation) {
        for mover in 1..=2u8 {
            for hole in 0..situation.board.holes {
                let mut context = super::rounds::owned_context(situation, mover, owned);
                let cell = situation.cells[hole];
                context.site = cell as i64;
                context.to = cell as i64;
                let into = usize::try_from(context.int(to).ok()?).ok()?;
                let taker = if owned[0] >> hole & 1 == 1 { 1 } else { 2 };
                let at = if into == context.hand(taker) {
                    CapturePlace::Hand
                } else if situation.places.maps.get(&(String::new(), taker)) == Some(&into) {
                    CapturePlace::Store
                } else {
                    return None;
                };
                if found.is_some_and(|f| f != at) {
                    return None;
                }
                found = Some(at);
            }
        }
    }
    found
}

/// The counts a capture of the holes sown through the last takes, read before the sowing's
/// effects so that a last hole holding one plays none of them; 0 for none or where it stops
/// before the last hole.
pub(super) fn last_counts(sown: &Sown<'_>, situation: &Situation<'_>) -> u128 {
    if !sown.through_last() {
        return 0;
    }
    let Some(condition) = sown.each.arg(2).and_then(|g| g.arg(0)) else {
        return 0;
    };
    let mut set = 0u128;
    let cell = situation.cells[0];
    for held in 1..=MOST_COUNTED {
        let mut context = situation.context(1);
        context.site = cell as i64;
        context.to = cell as i64;
        context.counts[cell] = held;
        if context.boolean(condition).unwrap_or(false) {
            set |= 1 << held;
        }
    }
    set
}
