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
    use game_baqura::hyde::{first_layout, search_layouts};
    let dlp = search_layouts(&BaquraOptions::dlp());
    assert_eq!(
        (dlp.layouts, dlp.from_left, dlp.from_right, dlp.reproducing),
        (749_398, 61, 57, 118)
    );
    assert!(!dlp.six_each);
    assert_eq!(dlp.examples[0], [1, 4, 4, 18, 2, 7]);
    let mut own_side = BaquraOptions::dlp();
    own_side.set("capture_side", "own-row").unwrap();
    let own = search_layouts(&own_side);
    assert_eq!(
        (own.from_left, own.from_right),
        (1, 106),
        "gains only on one's own side, chained back"
    );
    own_side.set("uncaptured_even", "end-turn").unwrap();
    let ending = search_layouts(&own_side);
    assert_eq!(
        (ending.from_left, ending.from_right),
        (0, 21),
        "the unsourced end of turn changes the finding"
    );
    let mut hyde = BaquraOptions::dlp();
    for (key, value) in [
        ("capture_side", "own-row"),
        ("capture_counts", "two-or-four"),
        ("relay_from", "next-hole"),
        ("after_capture", "continue-from-next"),
        ("far_end", "skip-empty-opponent-holes"),
    ] {
        hyde.set(key, value).unwrap();
    }
    let hydes = search_layouts(&hyde);
    assert_eq!(
        (hydes.from_left, hydes.from_right),
        (4, 3),
        "Hyde's fullest reading"
    );
    assert_eq!(
        first_layout(&hyde).map(|(l, _)| l),
        hydes.examples.first().copied()
    );
    hyde.set("uncaptured_even", "end-turn").unwrap();
    assert_eq!(first_layout(&hyde), None);
}

/// Six counters a hole under every reading that can change a first move: none gives Hyde's
/// pattern from either corner.
#[test]
fn six_counters_a_hole_never_give_hydes_pattern() {
    use engine::Options;
    use game_baqura::BaquraOptions;
    use game_baqura::hyde::{Corner, first_turn_gains, follows_hyde};
    let keys: [(&str, &[&str]); 8] = [
        ("capture_counts", &["any-even", "two-or-four"]),
        ("capture_side", &["either", "own-row"]),
        ("chain", &["none", "previous-holes", "mover-row"]),
        ("relay_from", &["last-hole", "next-hole"]),
        ("after_capture", &["end-turn", "continue-from-next"]),
        ("origin", &["include", "skip"]),
        ("far_end", &["sow-into", "skip-empty-opponent-holes"]),
        ("uncaptured_even", &["sow-on", "end-turn"]),
    ];
    let readings: usize = keys.iter().map(|(_, v)| v.len()).product();
    assert_eq!(readings, 384);
    for reading in 0..readings {
        let mut options = BaquraOptions::dlp();
        let mut rest = reading;
        for (key, values) in keys {
            options.set(key, values[rest % values.len()]).unwrap();
            rest /= values.len();
        }
        let gains = first_turn_gains(&options, [6; 6]);
        for corner in Corner::BOTH {
            assert!(!follows_hyde(&gains, corner), "{options:?} {gains:?}");
        }
    }
    // By hand, under the record's reading: a6's six counters make b1..b6 seven each; b6's
    // seven are lifted (odd) and sown a1..a6, b1, making a6 one and b1 eight; eight is even,
    // so b1 and the hole opposite it, a6, are taken: 8 + 1 = 9. The hole before, a6, is now
    // empty and the chain stops.
    let gains = first_turn_gains(&BaquraOptions::dlp(), [6; 6]);
    assert_eq!(gains[5], Some(9));
    assert_eq!(
        gains,
        [Some(15), Some(15), Some(8), Some(15), Some(15), Some(9)]
    );
}
