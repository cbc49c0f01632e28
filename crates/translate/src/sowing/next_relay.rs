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
