//! Sig (El Oued): its rule scenarios and the properties every engine must have.

use engine::conformance;
use game_sig::{SCENARIOS, Sig};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<Sig>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<Sig>(200);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<Sig>(20);
}

/// Bellin's six followed by a throw that adds nothing gives no movement: the thrower loses the
/// turn. The trace shows that turn as the thrower's, with the throws that lost it, and play
/// passes to the next seat.
#[test]
fn a_turn_lost_to_the_throws_is_the_throwers() {
    let options = game_sig::SigOptions::default();
    let mut seen = 0;
    for index in 0..60 {
        let trace =
            engine::trace::trace::<Sig>(&options, 3, index, engine::Caps::LUDII, false).unwrap();
        for (at, step) in trace.steps.iter().enumerate() {
            if step.chosen != engine::trace::TURN_LOST {
                continue;
            }
            seen += 1;
            let first = step.chance.first().expect("a lost turn shows its throws");
            assert!(
                first.contains("sig of six") || first.contains("sig of twelve"),
                "playout {index} move {}: {:?}",
                step.number,
                step.chance
            );
            if let Some(next) = trace.steps.get(at + 1) {
                assert_eq!(next.player, step.player % 2 + 1, "playout {index}");
                assert!(next.turn == step.turn + 1, "playout {index}");
            }
        }
    }
    assert!(seen > 0, "no lost turn in 60 playouts");
}
