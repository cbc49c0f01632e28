//! Dèleb: its rule scenarios and the properties every engine must have.

use engine::conformance;
use game_deleb::{Deleb, SCENARIOS};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<Deleb>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<Deleb>(60);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<Deleb>(8);
}
