//! Hyde's claim about the first move (Hyde 1694: 232): "quod si facis ab Angulo seu
//! extremitate, prima vice lucraberis 16: et sic si a tertia aut quinta cellula: at a secunda,
//! quarta, et sexta non item" — starting from the corner one gains 16 the first time, and
//! likewise from the third or fifth hole, but not from the second, fourth or sixth.
//!
//! Which opening layouts make this true? Both players are taken to hold the same layout, each
//! facing the other (as the copied layouts of later rounds are), and every arrangement of 36
//! counters in six holes is tried.

use engine::mancala::{HOLES, ROW, opposite};
use engine::{Game, Phase};

use crate::{Baqura, BaquraOptions, Move};

/// Counters the first player holds after its first turn, starting from each of its holes
/// (`None` for an empty hole, which cannot be played).
pub fn first_turn_gains(options: &BaquraOptions, layout: [u8; ROW]) -> [Option<u8>; ROW] {
    let mut start = Baqura::new(options);
    start.holes = [0; HOLES];
    for (hole, &count) in layout.iter().enumerate() {
        start.holes[hole] = count;
        start.holes[opposite(hole)] = count;
    }
    start.hands = [0, 0];
    start.stage = crate::Stage::Sowing;
    start.to_move = 0;
    start.total = start.holes.iter().map(|&c| u16::from(c)).sum();
    let mut gains = [None; ROW];
    for (hole, gain) in gains.iter_mut().enumerate() {
        if layout[hole] == 0 {
            continue;
        }
        let mut game = start.clone();
        game.apply(Move::Sow(hole as u8));
        while game.phase() == Phase::Decision(0) && game.relay.is_some() {
            game.apply(Move::Relay);
        }
        *gain = Some(game.hands[0]);
    }
    gains
}

/// Whether gains, counted from the left corner (`a1`), follow Hyde's pattern.
pub fn follows_hyde(gains: &[Option<u8>; ROW]) -> bool {
    gains
        .iter()
        .enumerate()
        .all(|(hole, gain)| (*gain == Some(16)) == (hole % 2 == 0))
}

/// Every layout of `counters` counters in six holes, in lexicographic order.
pub fn layouts(counters: u8) -> impl Iterator<Item = [u8; ROW]> {
    let mut current = Some([0, 0, 0, 0, 0, counters]);
    std::iter::from_fn(move || {
        let out = current?;
        // Next composition: move one counter leftwards, as an odometer over the first five holes.
        let mut next = out;
        let mut advanced = false;
        for i in (0..ROW - 1).rev() {
            let used: u8 = next[..ROW - 1].iter().sum();
            if used < counters {
                next[i] += 1;
                for later in next.iter_mut().take(ROW - 1).skip(i + 1) {
                    *later = 0;
                }
                let used: u8 = next[..ROW - 1].iter().sum();
                next[ROW - 1] = counters - used;
                advanced = true;
                break;
            }
            next[i] = 0;
        }
        current = advanced.then_some(next);
        Some(out)
    })
}

/// The result of the layout search under one set of options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutSearch {
    pub layouts: u32,
    pub reproducing: u32,
    /// The first few reproducing layouts, in lexicographic order.
    pub examples: Vec<[u8; ROW]>,
    /// Whether six counters in every hole reproduces the claim.
    pub six_each: bool,
}

/// Tries every layout of 36 counters.
pub fn search_layouts(options: &BaquraOptions) -> LayoutSearch {
    let mut search = LayoutSearch {
        layouts: 0,
        reproducing: 0,
        examples: Vec::new(),
        six_each: false,
    };
    for layout in layouts(crate::COUNTERS) {
        search.layouts += 1;
        if follows_hyde(&first_turn_gains(options, layout)) {
            search.reproducing += 1;
            if search.examples.len() < 3 {
                search.examples.push(layout);
            }
            if layout == [6; ROW] {
                search.six_each = true;
            }
        }
    }
    search
}

/// The layout search as data, for claims and reports.
pub fn search_json(options: &BaquraOptions) -> serde_json::Value {
    let search = search_layouts(options);
    let mut six = options.clone();
    six.layout = crate::Layout::SixEach;
    serde_json::json!({
        "layouts": search.layouts,
        "reproducing": search.reproducing,
        "six_each": search.six_each,
        "examples": search.examples,
        "six_each_gains": first_turn_gains(&six, [6; ROW]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_composition_once() {
        let all: Vec<[u8; ROW]> = layouts(3).collect();
        assert_eq!(all.len(), 56, "C(8, 5) compositions of 3 into 6 parts");
        assert!(all.iter().all(|l| l.iter().sum::<u8>() == 3));
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len());
        assert_eq!(layouts(36).count(), 749_398);
    }

    #[test]
    fn six_each_gains_fifteen_or_less() {
        let mut options = BaquraOptions::dlp();
        options.layout = crate::Layout::SixEach;
        let gains = first_turn_gains(&options, [6; ROW]);
        assert_eq!(
            gains,
            [Some(15), Some(15), Some(8), Some(15), Some(15), Some(9)]
        );
        assert!(!follows_hyde(&gains));
    }
}
