//! Baqura: its rule scenarios and the properties every engine must have.

use engine::conformance;
use game_baqura::{Baqura, SCENARIOS};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<Baqura>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<Baqura>(200);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<Baqura>(20);
}

/// Hyde's claim is reproduced by a few layouts only, never by six counters in every hole.
/// The counts are the finding reported in the ruleset's notes.
#[test]
fn hydes_first_move_claim_needs_a_contrived_layout() {
    use engine::Options;
    use game_baqura::BaquraOptions;
    use game_baqura::hyde::search_layouts;
    let dlp = search_layouts(&BaquraOptions::dlp());
    assert_eq!(
        (dlp.layouts, dlp.reproducing, dlp.six_each),
        (749_398, 61, false)
    );
    assert_eq!(dlp.examples[0], [1, 4, 4, 18, 2, 7]);
    let mut own_side = BaquraOptions::dlp();
    own_side.set("capture_side", "own-row").unwrap();
    assert_eq!(
        search_layouts(&own_side).reproducing,
        0,
        "gains only on one's own side, chained back, never give the pattern"
    );
    own_side.set("chain", "none").unwrap();
    let unchained = search_layouts(&own_side);
    assert_eq!(
        (unchained.reproducing, unchained.examples.first().copied()),
        (3, Some([3, 7, 1, 12, 9, 4])),
        "Hyde's own-side gains without a chain"
    );
}
