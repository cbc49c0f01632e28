//! A capture whose counters are sown on from the last hole instead of leaving the board:
//! Tsoro (Reentered Captures)'s
//!
//! ```text
//! (and {(fromTo (from A) (to (to)) count:(count at:A))
//!       (if (> (count at:B) 0) (fromTo (from B) (to (to)) count:(count at:B)))
//!       (sow (to) count:(+ (count at:B) (count at:A)) TRACK owner:(mover))})
//! ```
//!
//! Ludii evaluates every part of an `(and …)` on the position before any of them is applied
//! (`And.eval` gathers the moves, `Sow.eval` reads its `count:` then), so the sowing's count is
//! what the takes take, and its actions, applied after theirs, move those counters one by one
//! from the last hole into the holes after it along TRACK (the last hole itself after a lap,
//! Ludii's `includeSelf` being true): the family's `capture_across_resown`. The sowing must be
//! the move's own (the same track and owner) and have no effect of its own.

use ludii::{Kind, Node};

use super::{is_last, items};

/// The takes (`A`, `B`: the sites whose counters are taken, the whole of each, into the last
/// hole) and the sowing of an effect of that shape; `None` for any other effect.
pub(super) fn of(effect: &Node) -> Option<(Vec<&Node>, &Node)> {
    if !effect.is_call("and") {
        return None;
    }
    let parts: Vec<&Node> = effect.positional().flat_map(items).collect();
    let (sow, takes) = parts.split_last()?;
    if !sow.is_call("sow") || takes.is_empty() {
        return None;
    }
    let mut sites = Vec::new();
    for take in takes {
        // A take guarded by `(if C take)` takes nothing from an empty hole: the capture reads
        // the guard as it reads Tsoro's own.
        let take = if take.is_call("if") && take.arg(2).is_none() {
            take.arg(1)?
        } else {
            take
        };
        if !take.is_call("fromTo") || take.children().iter().any(|c| c.is_call("then")) {
            return None;
        }
        let into = super::child(take, "to")?.arg(0)?;
        if !is_last(into) {
            return None;
        }
        // The whole hole: `count:(count at:S)`, S not the last hole.
        let site = take_site(take)?;
        let whole = take
            .named("count")
            .is_some_and(|c| c.to_string() == format!("(count at:{site})"));
        if !whole || is_last(site) {
            return None;
        }
        sites.push(site);
    }
    // The sowing: from the last hole, as many counters as the takes took, and nothing else
    // but its track and owner.
    let from_last = sow.arg(0).is_some_and(is_last);
    let count = sow.named("count")?;
    let summed: Vec<String> = if count.is_call("+") {
        count.positional().map(Node::to_string).collect()
    } else {
        vec![count.to_string()]
    };
    let mut wanted: Vec<String> = sites
        .iter()
        .map(|site| format!("(count at:{site})"))
        .collect();
    let mut summed = summed;
    summed.sort();
    wanted.sort();
    let plain = sow.children().iter().all(|c| match &c.kind {
        Kind::Named { key, .. } => key == "count" || key == "owner",
        _ => true,
    });
    (from_last && summed == wanted && plain).then_some((sites, *sow))
}

/// The site a take `(fromTo (from S) …)` takes from.
fn take_site(take: &Node) -> Option<&Node> {
    super::child(take, "from")?.arg(0)
}

/// Whether the sowing of a capture sown on follows the move's own track: the same track
/// name and owner as the move's sowing `main`.
pub(super) fn same_track(resow: &Node, main: &Node) -> bool {
    let track = |sow: &Node| sow.positional().find_map(Node::as_str).map(str::to_string);
    let owner = |sow: &Node| sow.named("owner").map(Node::to_string);
    track(resow) == track(main) && owner(resow) == owner(main)
}
