//! A lift condition that reads where a fresh move's count reaches: Tapata's `(or (is Mover
//! Prev) (not (and (is In ("NextHoleFrom" (from) (count at:(from))) (sites Mover "Home")) (!= 0
//! (count at:("NextHoleFrom" (from) (count at:(from))))))))` and Gamacha's `(if (is Mover Prev)
//! True (and (> (count at:(from)) 0) (if (is In ("NextHoleFrom" (from) steps:(count
//! at:(from))) (sites Next)) True (is Empty …))))`, each `"NextHoleFrom"` a `(trackSite Move
//! …)`. A turn that goes on lifts its hole whatever the count (read with `(is Mover Prev)`
//! true); a fresh move (read with it false) lifts a hole of counters exactly where the hole as
//! many steps along a track as it holds, round and round as Ludii's `TrackSiteMove` counts
//! them, is not an occupied hole of the mover's territory: the family's
//! `fresh_not_onto_own_occupied`, along the track the sowing takes (checked where the sowing's
//! way is read).

use ludii::Node;

use super::{Situation, last_resort, rounds};

/// The way round (0 anticlockwise) of the track along which `condition` counts a fresh move's
/// landing, the same for both players, where it reads as `fresh_not_onto_own_occupied` on
/// one of the players' tracks the family plays; `None` where it does not.
pub(super) fn read(condition: &Node, situation: &Situation<'_>) -> Option<u8> {
    if !condition.walk().any(|node| node.is_call("trackSite")) {
        return None;
    }
    let relay = last_resort::with_same_turn(condition, true);
    let fresh = last_resort::with_same_turn(condition, false);
    let mut ways = [None; 2];
    for (player, way) in ways.iter_mut().enumerate() {
        let mover = player as u8 + 1;
        *way = situation
            .tracks
            .iter()
            .filter(|track| track.owner.is_none_or(|owner| owner == player))
            .filter_map(|track| {
                let way = situation.ways.get(&track.name)?[player]?;
                agrees(&relay, &fresh, situation, mover, &track.sites).then_some(way)
            })
            .next();
    }
    match ways {
        [Some(a), Some(b)] if a == b => Some(a),
        _ => None,
    }
}

/// Whether, for `mover` at each of its holes with every count to 40 and the board's other
/// holes empty or holding one, `relay` holds for every count and `fresh` exactly where the
/// hole holds counters and the site as many steps along `track` is not an occupied hole of
/// the mover's.
fn agrees(
    relay: &Node,
    fresh: &Node,
    situation: &Situation<'_>,
    mover: u8,
    track: &[usize],
) -> bool {
    let own = situation.territory(usize::from(mover - 1));
    let holes = &situation.cells[..situation.board.holes];
    for &hole in &own {
        let Some(at) = track.iter().position(|&site| site == hole) else {
            return false;
        };
        for count in 0..=40usize {
            let reached = track[(at + count) % track.len()];
            for background in [0i64, 1] {
                let mut context = rounds::owning_context(situation, mover);
                for &site in holes {
                    context.counts[site] = background;
                }
                context.counts[hole] = count as i64;
                context.from = hole as i64;
                let expected =
                    count > 0 && !(own.contains(&reached) && context.counts[reached] > 0);
                if context.boolean(fresh).ok() != Some(expected)
                    || (count > 0 && context.boolean(relay).ok() != Some(true))
                {
                    return false;
                }
            }
        }
    }
    true
}
