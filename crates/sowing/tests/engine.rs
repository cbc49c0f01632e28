//! The sowing family: its rule scenarios and the properties every engine must have.

use engine::conformance;
use sowing::{SCENARIOS, Sowing};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<Sowing>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<Sowing>(200);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<Sowing>(20);
}
