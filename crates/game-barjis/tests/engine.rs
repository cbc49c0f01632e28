//! Barjis: its rule scenarios and the properties every engine must have; the invariants
//! include that no man ever leaves its route.

use engine::conformance;
use game_barjis::{Barjis, SCENARIOS};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<Barjis>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<Barjis>(200);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<Barjis>(20);
}
