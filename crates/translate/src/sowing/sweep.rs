//! Captures that sweep holes besides the last: Hoyito's capture of four that takes every
//! counter of the board once at most eight are left on it (`(if (<= (count in:(sites Board))
//! 8) (forEach Site (sites Board) (if (> (count at:(site)) 0) (fromTo (from (site)) (to
//! (handSite Mover)) …))) (fromTo (from (to)) (to (handSite Mover)) …))`), the family's
//! `capture_all_at_most`; and Wouri's take of four that goes on to every hole of the
//! opponent's holding four (`(fromTo (from (to)) (to (handSite Mover)) … (then (forEach Site
//! (if (is Mover P1) (sites P2) (sites P1)) (if (= (count at:(site)) 4) (fromTo …))))))`), the
//! family's `capture_sweep_counts`.
//!
//! Each part is read by what it means: the sweep's sites evaluated for either mover against
//! every hole of the board, the counts it takes tried at every hole, and the condition on the
//! board's total tried on boards of each total, its counters split between two holes.

use ludii::Node;
use sowing::{CaptureRow, CaptureTakes, CountSet};

use super::{MOST_COUNTED, Reader, Situation, capture_place, child};
use crate::eval::is_symbol;

/// Reads the sweeps the sowing's cases recorded, once its captures are read (`rows`, `takes`:
/// the capture of counts of the last hole, where there is one): whether the reading goes on.
pub(super) fn read_sweeps(
    reader: &mut Reader<'_>,
    situation: &Situation<'_>,
    rows: Option<CaptureRow>,
    takes: Option<CaptureTakes>,
    sow: &Node,
) -> bool {
    let of_counts = rows.is_some() && takes == Some(CaptureTakes::Last);
    match reader.sweep_all.clone() {
        None => reader.default("capture_all_at_most", 0, sow),
        Some(node) => match all_at_most(&node, situation) {
            Some((most, _)) if of_counts => reader.set("capture_all_at_most", most, &node),
            _ => {
                let sweep = node.arg(1).unwrap_or(&node);
                reader.lack(
                    sweep,
                    format!("an effect of a sowing the family does not have: {sweep}"),
                );
                return false;
            }
        },
    }
    match reader.sweep_then.clone() {
        None => reader.default(
            "capture_sweep_counts",
            engine::OptionValue::render_value(&CountSet::EMPTY),
            sow,
        ),
        Some(then) => {
            let counts = then
                .arg(0)
                .and_then(|each| sweep_of(each, situation))
                .filter(|sweep| {
                    let theirs = (1..=2usize)
                        .all(|mover| sweep.sites[mover - 1] == situation.territory(2 - mover));
                    let place = capture_place(std::slice::from_ref(&sweep.into), situation);
                    let same_place =
                        matches!(place, Some((p, false)) if reader.capture_place == Some(p));
                    theirs
                        && same_place
                        && sweep.counts != 0
                        && sweep.counts & 1 == 0
                        && sweep.counts >> MOST_COUNTED == 0
                })
                .map(|sweep| sweep.counts);
            match counts {
                Some(counts) if of_counts => reader.set(
                    "capture_sweep_counts",
                    engine::OptionValue::render_value(&CountSet(counts)),
                    &then,
                ),
                _ => {
                    reader.lack(
                        &then,
                        format!("a consequence of a capture the family does not have: {then}"),
                    );
                    return false;
                }
            }
        }
    }
    true
}

/// `(forEach Site R (if C (fromTo (from (site)) (to P) count:(count at:(site)))))`, or its
/// `fromTo` unguarded: the sites of R for each mover (1, 2), sorted; the counts C takes, the
/// same at each of those holes for either mover; and P.
pub(super) struct Sweep<'n> {
    pub(super) sites: [Vec<usize>; 2],
    pub(super) counts: u128,
    pub(super) into: &'n Node,
}

pub(super) fn sweep_of<'n>(each: &'n Node, situation: &Situation<'_>) -> Option<Sweep<'n>> {
    if !(each.is_call("forEach") && each.arg(0).is_some_and(|a| is_symbol(a, "Site"))) {
        return None;
    }
    let region = each.arg(1)?;
    let body = each.arg(2)?;
    let (condition, take) = if body.is_call("if") && body.arg(2).is_none() {
        (Some(body.arg(0)?), body.arg(1)?)
    } else {
        (None, body)
    };
    let site = |n: &Node| n.is_call("site") && n.children().is_empty();
    let whole = take.named("count").is_some_and(|c| {
        c.is_call("count") && c.named("at").is_some_and(site) && c.arg(0).is_none()
    });
    let from = child(take, "from").and_then(|f| f.arg(0)).is_some_and(site);
    let into = child(take, "to").and_then(|t| t.arg(0))?;
    if !(take.is_call("fromTo") && whole && from && child(take, "then").is_none()) {
        return None;
    }
    let mut sites: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut counts = None;
    for mover in 1..=2u8 {
        let mut found = situation.context(mover).sites(region).ok()?;
        found.sort_unstable();
        found.dedup();
        for &cell in &found {
            let mut set = 0u128;
            for count in 0..=MOST_COUNTED {
                let mut context = situation.context(mover);
                context.site = cell as i64;
                context.counts[cell] = count;
                let takes = match condition {
                    Some(condition) => context.boolean(condition).ok()?,
                    None => true,
                };
                if takes {
                    set |= 1 << count;
                }
            }
            if counts.is_some_and(|c| c != set) {
                return None;
            }
            counts = Some(set);
        }
        sites[usize::from(mover - 1)] = found;
    }
    Some(Sweep {
        sites,
        counts: counts?,
        into,
    })
}

/// Hoyito's `(if C SWEEP TAKE)`: C holding exactly where the board's holes hold at most N
/// counters in all, SWEEP every counter of every hole of the board into the place TAKE's
/// counters go: N and TAKE, for the capture that TAKE is read as.
pub(super) fn all_at_most<'n>(
    effect: &'n Node,
    situation: &Situation<'_>,
) -> Option<(i64, &'n Node)> {
    if !effect.is_call("if") {
        return None;
    }
    let (condition, sweep, take) = (effect.arg(0)?, effect.arg(1)?, effect.arg(2)?);
    let sweep = sweep_of(sweep, situation)?;
    let board = situation.board;
    let mut holes: Vec<usize> = situation.cells[..board.holes].to_vec();
    holes.sort_unstable();
    // Every hole, and every count above none (an empty hole gives nothing, taken or not).
    let every_count = !1u128;
    if sweep.sites.iter().any(|s| *s != holes) || sweep.counts & every_count != every_count {
        return None;
    }
    let place = |into: &Node| capture_place(std::slice::from_ref(&into), situation);
    let taken_into = child(take, "to").and_then(|t| t.arg(0))?;
    if !take.is_call("fromTo")
        || place(sweep.into) != place(taken_into)
        || place(sweep.into).is_none()
    {
        return None;
    }
    // The board's total: at most N.
    let (first, last) = (*holes.first()?, *holes.last()?);
    let mut held = Vec::new();
    for total in 0..=MOST_COUNTED {
        let mut each = (1..=2u8).map(|mover| {
            let mut context = situation.context(mover);
            for &hole in &holes {
                context.counts[hole] = 0;
            }
            context.counts[first] = total / 2;
            context.counts[last] += total - total / 2;
            context.boolean(condition).ok()
        });
        let (one, two) = (each.next()??, each.next()??);
        if one != two {
            return None;
        }
        held.push(one);
    }
    let most = held.iter().position(|&h| !h).map(|n| n as i64 - 1);
    let exactly = |n: i64| (0..=MOST_COUNTED).all(|t| held[t as usize] == (t <= n));
    let most = most.filter(|&n| exactly(n));
    let most = most?;
    (1..=64).contains(&most).then_some((most, take))
}
