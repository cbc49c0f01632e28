//! Tuz: its rule scenarios and the properties every engine must have.

use engine::conformance;
use game_tuz::{SCENARIOS, Tuz};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<Tuz>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<Tuz>(200);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<Tuz>(20);
}
