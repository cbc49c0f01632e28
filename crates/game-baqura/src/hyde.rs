//! Hyde's claim about the first move (Hyde 1694: 232): "quod si facis ab Angulo seu
//! extremitate, prima vice lucraberis 16: et sic si a tertia aut quinta cellula: at a secunda,
//! quarta, et sexta non item" — starting from the corner one gains 16 the first time, and
//! likewise from the third or fifth hole, but not from the second, fourth or sixth.
//!
//! Which opening layouts make this true? Hyde does not say which corner he counts from
//! ("ab Angulo seu extremitate"), so both are tried. The search assumes both rows are laid out
//! alike, each player facing the other (as the copied layouts of later rounds are): Hyde's
//! players arrange their counters "however they like", and the claim is about the first
//! mover's holes only, so this is an assumption the report states, not a reading of Hyde.
//! Every arrangement of 36 counters in six holes is tried.

use engine::mancala::{HOLES, ROW, opposite};
use engine::{Game, Phase};

use crate::{Baqura, BaquraOptions, Move};

/// The corner Hyde's holes are counted from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// The first hole is `a1`, where the mover's sowing begins.
    Left,
    /// The first hole is `a6`, the mover's last hole before the opponent's row.
    Right,
}

impl Corner {
    /// Both corners, left first.
    pub const BOTH: [Corner; 2] = [Corner::Left, Corner::Right];

    /// The hole (0-based, from `a1`) that is Hyde's `nth` (0-based) counted from this corner.
    pub fn hole(self, nth: usize) -> usize {
        match self {
            Corner::Left => nth,
            Corner::Right => ROW - 1 - nth,
        }
    }

    /// The corner's name in the report.
    pub fn name(self) -> &'static str {
        match self {
            Corner::Left => "left",
            Corner::Right => "right",
        }
    }
}

/// The position before the first move: `layout` in both rows, each player facing the other.
fn opening(options: &BaquraOptions, layout: [u8; ROW]) -> Baqura {
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
    start
}

/// Counters the first player holds after a first turn from `hole`, or `None` when the hole is
/// empty and cannot be played.
fn first_turn_gain(start: &Baqura, hole: usize) -> Option<u8> {
    if start.holes[hole] == 0 {
        return None;
    }
    let mut game = start.clone();
    game.apply(Move::Sow(hole as u8));
    while game.phase() == Phase::Decision(0) && game.relay.is_some() {
        game.apply(Move::Relay);
    }
    Some(game.hands[0])
}

/// Counters the first player holds after its first turn, starting from each of its holes
/// (`None` for an empty hole, which cannot be played).
pub fn first_turn_gains(options: &BaquraOptions, layout: [u8; ROW]) -> [Option<u8>; ROW] {
    let start = opening(options, layout);
    std::array::from_fn(|hole| first_turn_gain(&start, hole))
}

/// Whether gains, counted from `corner`, follow Hyde's pattern: 16 from the first, third and
/// fifth holes, anything else from the second, fourth and sixth.
pub fn follows_hyde(gains: &[Option<u8>; ROW], corner: Corner) -> bool {
    (0..ROW).all(|nth| (gains[corner.hole(nth)] == Some(16)) == (nth % 2 == 0))
}

/// Gains, counted from `corner`: the corner's first hole first.
pub fn from_corner(gains: &[Option<u8>; ROW], corner: Corner) -> [Option<u8>; ROW] {
    std::array::from_fn(|nth| gains[corner.hole(nth)])
}

/// Whether gains, counted from `corner`, have the shape of Hyde's pattern whatever the
/// figure: the first, third and fifth holes gain alike, and each more than any of the second,
/// fourth and sixth. His 16 is [`follows_hyde`].
pub fn has_hyde_shape(gains: &[Option<u8>; ROW], corner: Corner) -> bool {
    let counted = from_corner(gains, corner);
    let [first, second, third, fourth, fifth, sixth] = counted.map(|g| g.unwrap_or(0));
    let large = [first, third, fifth];
    let small = [second, fourth, sixth];
    large.iter().all(|&g| g == first) && small.iter().all(|&g| g < first)
}

/// Six counters a hole, both rows: what a first move from each hole gains, counted from each
/// corner, and whether that is Hyde's pattern (in shape, and with his 16).
pub fn six_each_json(options: &BaquraOptions) -> serde_json::Value {
    let gains = first_turn_gains(options, [6; ROW]);
    let corner = |corner: Corner| {
        serde_json::json!({
            "gains": from_corner(&gains, corner),
            "shape": has_hyde_shape(&gains, corner),
            "sixteen": follows_hyde(&gains, corner),
        })
    };
    serde_json::json!({
        "from_left": corner(Corner::Left),
        "from_right": corner(Corner::Right),
    })
}

/// Whether `layout` follows Hyde's pattern counted from `corner`, playing the corner's own
/// first hole before the others: almost every layout fails there.
fn layout_follows_hyde(start: &Baqura, corner: Corner) -> bool {
    (0..ROW).all(|nth| (first_turn_gain(start, corner.hole(nth)) == Some(16)) == (nth % 2 == 0))
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
    /// Layouts tried.
    pub layouts: u32,
    /// Layouts following the pattern counted from the left corner.
    pub from_left: u32,
    /// Layouts following the pattern counted from the right corner.
    pub from_right: u32,
    /// Layouts following it from either corner.
    pub reproducing: u32,
    /// The first few reproducing layouts, in lexicographic order.
    pub examples: Vec<[u8; ROW]>,
    /// Whether six counters in every hole reproduces the claim from either corner.
    pub six_each: bool,
}

/// Tries every layout of 36 counters.
pub fn search_layouts(options: &BaquraOptions) -> LayoutSearch {
    let mut search = LayoutSearch {
        layouts: 0,
        from_left: 0,
        from_right: 0,
        reproducing: 0,
        examples: Vec::new(),
        six_each: false,
    };
    for layout in layouts(crate::COUNTERS) {
        search.layouts += 1;
        let start = opening(options, layout);
        let left = layout_follows_hyde(&start, Corner::Left);
        let right = layout_follows_hyde(&start, Corner::Right);
        search.from_left += u32::from(left);
        search.from_right += u32::from(right);
        if left || right {
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

/// The first layout, in lexicographic order, that follows Hyde's pattern from either corner,
/// and the corners it follows it from.
pub fn first_layout(options: &BaquraOptions) -> Option<([u8; ROW], Vec<Corner>)> {
    layouts(crate::COUNTERS).find_map(|layout| {
        let start = opening(options, layout);
        let corners: Vec<Corner> = Corner::BOTH
            .into_iter()
            .filter(|&corner| layout_follows_hyde(&start, corner))
            .collect();
        (!corners.is_empty()).then_some((layout, corners))
    })
}

/// [`first_layout`] as data, for claims.
pub fn first_layout_json(options: &BaquraOptions) -> serde_json::Value {
    let found = first_layout(options);
    serde_json::json!({
        "assumes": "both rows laid out alike, each player facing the other",
        "layout": found.as_ref().map(|(layout, _)| layout),
        "corners": found.map(|(_, corners)| corners.iter().map(|c| c.name()).collect::<Vec<_>>()),
        "six_each_gains": first_turn_gains(options, [6; ROW]),
    })
}

/// The layout search as data, for claims and reports.
pub fn search_json(options: &BaquraOptions) -> serde_json::Value {
    let search = search_layouts(options);
    serde_json::json!({
        "assumes": "both rows laid out alike, each player facing the other",
        "layouts": search.layouts,
        "from_left": search.from_left,
        "from_right": search.from_right,
        "reproducing": search.reproducing,
        "six_each": search.six_each,
        "examples": search.examples,
        "six_each_gains": first_turn_gains(options, [6; ROW]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AfterCapture, CaptureCounts, CaptureSide, FarEnd, RelayFrom, UncapturedEven};

    /// The reading closest to Hyde's own words on gains ("ex tua parte, i.e. in 2 vel 4"):
    /// captures of 2 or 4 only, in the mover's row; every other option as the record reads it.
    fn hydes_words() -> BaquraOptions {
        let mut options = BaquraOptions::dlp();
        options.capture_side = CaptureSide::OwnRow;
        options.capture_counts = CaptureCounts::TwoOrFour;
        options
    }

    /// Hyde's fullest reading: his words on gains, and every other sentence of his read
    /// literally as well (lifting from the next hole, sowing on after a gain, skipping empty
    /// far holes).
    fn hydes_fullest() -> BaquraOptions {
        let mut options = hydes_words();
        options.relay_from = RelayFrom::NextHole;
        options.after_capture = AfterCapture::ContinueFromNext;
        options.far_end = FarEnd::SkipEmptyOpponentHoles;
        options
    }

    /// The first case of Hyde's strongest result, by hand: six counters a hole, his words on
    /// gains, a first move from the first hole counted from the left corner (`a1`). Rows are
    /// written a1..a6 and b1..b6; sowing runs a1 → a6 → b1 → b6 → a1, and b6 faces a1.
    #[test]
    fn six_a_hole_from_the_first_hole_gains_fourteen_by_hand() {
        let start = opening(&hydes_words(), [6; ROW]);
        let mut game = start.clone();
        let rows = |game: &Baqura| {
            let (a, b) = game.holes.split_at(ROW);
            (a.to_vec(), b.to_vec())
        };
        // a1's six go to a2..a6 and b1: the last makes 7 in b1, odd, so b1 is lifted.
        game.apply(Move::Sow(0));
        assert_eq!(
            rows(&game),
            (vec![0, 7, 7, 7, 7, 7], vec![7, 6, 6, 6, 6, 6])
        );
        // b1's seven go to b2..b6 and a1, a2: a2 makes 8, even but not 2 or 4, so it is not
        // gained and is lifted in turn ("perges ludendo ... donec tandem desinas in unitate").
        game.apply(Move::Relay);
        assert_eq!(
            rows(&game),
            (vec![1, 8, 7, 7, 7, 7], vec![0, 7, 7, 7, 7, 7])
        );
        // a2's eight: a3..a6, b1..b4; b4 makes 8 on the opponent's side: lifted.
        game.apply(Move::Relay);
        assert_eq!(
            rows(&game),
            (vec![1, 0, 8, 8, 8, 8], vec![1, 8, 8, 8, 7, 7])
        );
        // b4's eight: b5, b6, a1..a6; a6 makes 9, odd: lifted.
        game.apply(Move::Relay);
        assert_eq!(
            rows(&game),
            (vec![2, 1, 9, 9, 9, 9], vec![1, 8, 8, 0, 8, 8])
        );
        // a6's nine: b1..b6, a1..a3; a3 makes 10: lifted.
        game.apply(Move::Relay);
        assert_eq!(
            rows(&game),
            (vec![3, 2, 10, 9, 9, 0], vec![2, 9, 9, 1, 9, 9])
        );
        // a3's ten: a4..a6, b1..b6, a1; a1 makes 4 in the mover's row: gained, with the 10
        // of b6 opposite, 14 in all. The hole before a1 is b6, now empty: the chain stops, and
        // a gain ends the turn.
        game.apply(Move::Relay);
        assert_eq!(game.hands, [14, 0]);
        assert_eq!(
            rows(&game),
            (vec![0, 2, 0, 10, 10, 1], vec![3, 10, 10, 2, 10, 0])
        );
        assert_eq!(game.relay, None);
        assert_eq!(game.to_move, 1, "the turn has ended");
        assert_eq!(first_turn_gain(&start, 0), Some(14));
    }

    /// Hyde's strongest result: under his own words on gains, six a hole gives his pattern
    /// from the left corner (equal large gains from the first, third and fifth holes, small
    /// ones from the others), with 14 for his 16; the record's reading does not, and his
    /// fullest reading gains nothing at all.
    #[test]
    fn six_a_hole_under_each_named_reading() {
        let hyde = first_turn_gains(&hydes_words(), [6; ROW]);
        assert_eq!(hyde.map(|g| g.unwrap()), [14, 6, 14, 5, 14, 6]);
        assert!(has_hyde_shape(&hyde, Corner::Left));
        assert!(!has_hyde_shape(&hyde, Corner::Right));
        assert!(!follows_hyde(&hyde, Corner::Left));
        let record = first_turn_gains(&BaquraOptions::dlp(), [6; ROW]);
        assert_eq!(record.map(|g| g.unwrap()), [15, 15, 8, 15, 15, 9]);
        assert!(!has_hyde_shape(&record, Corner::Left) && !has_hyde_shape(&record, Corner::Right));
        let fullest = first_turn_gains(&hydes_fullest(), [6; ROW]);
        assert_eq!(fullest.map(|g| g.unwrap()), [0; ROW]);
        assert!(!has_hyde_shape(&fullest, Corner::Left));
    }

    /// The layouts that give Hyde's 16s, as the ruleset's notes state them.
    #[test]
    fn layouts_giving_sixteen_under_each_named_reading() {
        let hyde = search_layouts(&hydes_words());
        assert_eq!(
            (hyde.from_left, hyde.from_right, hyde.reproducing),
            (1, 1, 2)
        );
        assert_eq!(hyde.examples, [[1, 3, 1, 5, 25, 1], [3, 3, 11, 4, 9, 6]]);
        let follows = |layout: [u8; ROW], corner| {
            follows_hyde(&first_turn_gains(&hydes_words(), layout), corner)
        };
        assert!(follows([3, 3, 11, 4, 9, 6], Corner::Left));
        assert!(follows([1, 3, 1, 5, 25, 1], Corner::Right));
        let record = search_layouts(&BaquraOptions::dlp());
        assert_eq!(
            (record.from_left, record.from_right, record.reproducing),
            (61, 57, 118)
        );
        assert_eq!(record.examples[0], [1, 4, 4, 18, 2, 7]);
        let fullest = search_layouts(&hydes_fullest());
        assert_eq!(
            (fullest.from_left, fullest.from_right, fullest.reproducing),
            (4, 3, 7)
        );
        let mut ending = hydes_fullest();
        ending.uncaptured_even = UncapturedEven::EndTurn;
        assert_eq!(search_layouts(&ending).reproducing, 0);
    }

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
        assert!(!follows_hyde(&gains, Corner::Left));
        assert!(!follows_hyde(&gains, Corner::Right));
    }
}
