//! Turns that go on by the hole after the last one: a `(moveAgain)` under a condition on the
//! next hole along the mover's track (`(trackSite Move from:(to) steps:1)`), the turn going on
//! from that next hole (`(if (is Mover Prev) (sites {(trackSite Move from:(last To
//! afterConsequence:True) steps:1)}) holes)`, Sonka's, Boukerourou's and Gabata (Adegrat)'s)
//! or from the last (Tap Urdy's), and what a next hole found empty gives.
//!
//! Ludii's `(is Mover Prev)` holds exactly after a move that gave its mover another, and
//! `(last To afterConsequence:True)` is the last site the move reached, its consequences
//! included: after a `(moveAgain)` made where nothing was captured, the last hole sown. The
//! hole a turn goes on from is read by evaluating it at every landing, with `(last To …)` as
//! that landing, against the family's hole after it (along the mover's track, passing over a
//! store, as Sonka's `NextSite` passes over the mover's own); the conditions by evaluating
//! them with the next hole empty and holding counters.

use ludii::{Kind, Node};
use sowing::board::Board;
use sowing::{NextEmptyCapture, Relay};

use super::{Landing, Situation};

/// The family's hole after `cell` along `mover`'s (0 or 1) track `way`: the next cell, or the
/// one after it where the next is a store.
pub(super) fn hole_after(board: &Board, mover: u8, way: u8, cell: usize) -> usize {
    let next = &board.next[usize::from(way)][usize::from(mover)];
    let after = usize::from(next[cell]);
    if board.is_hole(after) {
        after
    } else {
        usize::from(next[after])
    }
}

/// Whether the sowing's effect reads another site along a track (`trackSite`), so that its
/// landings are tried with the next hole empty and holding counters.
pub(super) fn reads_track(sow: &Node) -> bool {
    sow.walk().any(|node| node.is_call("trackSite"))
}

/// The hole of a turn that goes on, `(sites {X})`, where `X` reads the last site
/// (`(last To …)`) and is not that site itself: `X`.
pub(super) fn goes_on_from(sites: &Node) -> Option<&Node> {
    let array = sites
        .is_call("sites")
        .then(|| sites.arg(0).and_then(Node::as_array))??;
    let [site] = array else {
        return None;
    };
    let is_last =
        |node: &Node| node.is_call("last") && node.arg(0).and_then(Node::as_symbol) == Some("To");
    (!is_last(site) && site.walk().any(is_last)).then_some(site)
}

/// `node` with every `(last To …)` written as `(to)`.
pub(super) fn last_as_to(node: &Node) -> Node {
    let is_last = node.is_call("last") && node.arg(0).and_then(Node::as_symbol) == Some("To");
    if is_last {
        return Node::new(
            Kind::Call {
                head: "to".into(),
                args: Vec::new(),
            },
            node.span,
        );
    }
    let kind = match &node.kind {
        Kind::Call { head, args } => Kind::Call {
            head: head.clone(),
            args: args.iter().map(last_as_to).collect(),
        },
        Kind::DefineUse { name, args } => Kind::DefineUse {
            name: name.clone(),
            args: args.iter().map(last_as_to).collect(),
        },
        Kind::Array(items) => Kind::Array(items.iter().map(last_as_to).collect()),
        Kind::Group(items) => Kind::Group(items.iter().map(last_as_to).collect()),
        Kind::Named { key, value } => Kind::Named {
            key: key.clone(),
            value: Box::new(last_as_to(value)),
        },
        other => other.clone(),
    };
    Node::new(kind, node.span)
}

/// Whether `site`, read at every landing of either mover (every hole, and the mover's store
/// where `own_store` says the sowing may end there) with `(last To …)` as that landing, is the
/// family's hole after it along the mover's track `way`.
pub(super) fn is_hole_after(
    site: &Node,
    situation: &Situation<'_>,
    way: u8,
    own_store: bool,
) -> bool {
    let site = last_as_to(site);
    let board = situation.board;
    (1..=2u8).all(|mover| {
        let store = board.holes + usize::from(mover - 1);
        let mut cells: Vec<usize> = (0..board.holes).collect();
        if own_store && store < situation.cells.len() {
            cells.push(store);
        }
        cells.into_iter().all(|cell| {
            let mut context = super::rounds::owning_context(situation, mover);
            context.to = situation.cells[cell] as i64;
            let wanted = situation.cells[hole_after(board, mover - 1, way, cell)] as i64;
            context.int(&site).ok() == Some(wanted)
        })
    })
}

/// Whether the family's relay `relay` asks its condition of the last hole at `l`: any landing
/// (`next-occupied`), a hole the last counter fell into empty (`empty-next-occupied`), or one
/// that was not (`occupied-next-occupied`, `next-after-occupied`).
pub(super) fn last_holds(relay: Relay, board: &Board, l: Landing) -> bool {
    match relay {
        Relay::NextOccupied => true,
        Relay::EmptyNextOccupied => l.cell < board.holes && l.count == 1,
        Relay::OccupiedNextOccupied | Relay::NextAfterOccupied => {
            l.cell < board.holes && l.count > 1
        }
        Relay::Off | Relay::Occupied => false,
    }
}

/// The family's relay that a `(moveAgain)` made exactly where `table` holds is, the turn going
/// on from the next hole (`from_next`) or from the last: the last hole's condition, with the
/// next hole holding counters.
pub(super) fn relay_of(
    from_next: bool,
    board: &Board,
    all: &[Landing],
    table: &[bool],
) -> Option<Relay> {
    let candidates: &[Relay] = if from_next {
        &[
            Relay::NextOccupied,
            Relay::EmptyNextOccupied,
            Relay::NextAfterOccupied,
        ]
    } else {
        &[Relay::OccupiedNextOccupied]
    };
    candidates.iter().copied().find(|&relay| {
        all.iter()
            .zip(table)
            .all(|(&l, &t)| t == (last_holds(relay, board, l) && l.next > 0))
    })
}

/// What a capture of the site `taken`, made exactly where `table` holds, is as the family's
/// take from a next hole found empty under `relay`: the hole after the empty one, wherever the
/// last hole's condition holds and the next hole is empty.
pub(super) fn empty_capture_of(
    taken: &Node,
    relay: Relay,
    way: u8,
    situation: &Situation<'_>,
    all: &[Landing],
    table: &[bool],
) -> Option<NextEmptyCapture> {
    let board = situation.board;
    let exactly = all
        .iter()
        .zip(table)
        .all(|(&l, &t)| t == (last_holds(relay, board, l) && l.next == 0));
    if !exactly {
        return None;
    }
    let made: Vec<&Landing> = all
        .iter()
        .zip(table)
        .filter(|(_, t)| **t)
        .map(|(l, _)| l)
        .collect();
    let after_next = made.iter().all(|l| {
        let next = hole_after(board, l.mover - 1, way, l.cell);
        let wanted = hole_after(board, l.mover - 1, way, next);
        let mut context = super::rounds::owning_context(situation, l.mover);
        context.to = situation.cells[l.cell] as i64;
        context.int(taken).ok() == Some(situation.cells[wanted] as i64)
    });
    after_next.then_some(NextEmptyCapture::AfterNext)
}

/// Dongjintian's `CaptureMove`, `(and T (if C (and T' (if C' … T''))))`, each T a `fromTo`:
/// the first take, and each later one with the condition it is made under, read only where the
/// conditions before it held (each an `(if …)` without an otherwise).
pub(super) fn chain_of(effect: &Node) -> Option<(&Node, Vec<(&Node, &Node)>)> {
    // `(and T (if …))`: the take and the guarded rest.
    fn link(node: &Node) -> Option<(&Node, &Node)> {
        if !node.is_call("and") {
            return None;
        }
        let parts: Vec<&Node> = node.positional().flat_map(super::items).collect();
        match parts.as_slice() {
            [take, guarded] if take.is_call("fromTo") && guarded.is_call("if") => {
                Some((take, guarded))
            }
            _ => None,
        }
    }
    let (first, mut guarded) = link(effect)?;
    let mut links = Vec::new();
    loop {
        let (Some(condition), Some(then), None) = (guarded.arg(0), guarded.arg(1), guarded.arg(2))
        else {
            return None;
        };
        if then.is_call("fromTo") {
            links.push((condition, then));
            return Some((first, links));
        }
        let (take, rest) = link(then)?;
        links.push((condition, take));
        guarded = rest;
    }
}

/// Whether a chain of takes, the site `first` and then each of `chain`'s sites under its
/// condition, made under the case's `conditions`, takes what the family's
/// `next_empty_capture_chain` of the chain's length takes after `relay` finds the next hole
/// empty: at every such landing (of up to three counters), with each hole the chain may look at
/// (from the one after the empty next hole to two past the chain's last take) empty and
/// holding counters in every pattern; and the case made nowhere else. Ludii's `(and …)` evaluates each part before any is
/// applied (Ludii's And.java, `eval`), so the holes are read as the sowing left them; the
/// family takes them one by one, the same where they lie apart within a lap, which is asked.
pub(super) fn chain_takes_as_family(
    conditions: &[(&Node, bool)],
    (first, chain): (&Node, &[(&Node, &Node)]),
    relay: Relay,
    way: u8,
    situation: &Situation<'_>,
    all: &[Landing],
    table: &[bool],
) -> Result<bool, crate::eval::Unknown> {
    let board = situation.board;
    // The case holds only where the family takes (and, where the hole after the empty one is
    // occupied, wherever it takes: asked below).
    let takes = |l: Landing| last_holds(relay, board, l) && l.next == 0;
    if all.iter().zip(table).any(|(&l, &t)| t && !takes(l)) {
        return Ok(false);
    }
    // The holes from the last one: the empty next one, then those the chain looks at.
    let reach = 2 * chain.len() + 2;
    for &l in all {
        if !(takes(l) && l.count <= 3) {
            continue;
        }
        let mut holes = vec![l.cell];
        for _ in 0..reach {
            let after = hole_after(board, l.mover - 1, way, holes[holes.len() - 1]);
            if holes.contains(&after) {
                return Ok(false);
            }
            holes.push(after);
        }
        let looked_at = &holes[2..];
        for pattern in 0u32..1 << looked_at.len() {
            let held = |i: usize| if pattern >> i & 1 == 1 { 2 } else { 0 };
            let mut context = super::landing_context(l, situation);
            for (i, &hole) in looked_at.iter().enumerate() {
                context.counts[situation.cells[hole]] = held(i);
            }
            // What the description takes: the sites it takes that hold counters.
            let mut ludii = Vec::new();
            let mut made = true;
            for (condition, wanted) in conditions {
                made &= context.boolean(condition)? == *wanted;
            }
            if made {
                ludii.push(context.int(first)?);
                for (condition, site) in chain {
                    if !context.boolean(condition)? {
                        break;
                    }
                    ludii.push(context.int(site)?);
                }
            }
            ludii.retain(|&site| {
                usize::try_from(site)
                    .ok()
                    .and_then(|site| context.counts.get(site))
                    .is_some_and(|&count| count > 0)
            });
            ludii.sort_unstable();
            // What the family takes.
            let mut family = Vec::new();
            if held(0) > 0 {
                family.push(situation.cells[looked_at[0]] as i64);
                let mut reached = 0;
                for _ in chain {
                    if held(reached + 1) != 0 || held(reached + 2) == 0 {
                        break;
                    }
                    reached += 2;
                    family.push(situation.cells[looked_at[reached]] as i64);
                }
            }
            family.sort_unstable();
            if ludii != family {
                return Ok(false);
            }
        }
    }
    Ok(true)
}
