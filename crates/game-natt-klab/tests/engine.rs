//! Natt Klab ash-Shawk: its rule scenarios and the properties every engine must have.

use engine::conformance;
use game_natt_klab::{NattKlab, SCENARIOS};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<NattKlab>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<NattKlab>(200);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<NattKlab>(20);
}
