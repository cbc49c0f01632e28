//! The race family: its rule scenarios and the properties every engine must have.

use engine::conformance;
use race::{Race, SCENARIOS};

#[test]
fn rule_scenarios() {
    conformance::scenarios::<Race>(SCENARIOS);
}

#[test]
fn seeded_playouts_are_reproducible_and_keep_the_invariants() {
    conformance::reproducible::<Race>(200);
}

#[test]
fn every_option_value_plays_to_the_end() {
    conformance::every_option_value::<Race>(20);
}

/// The throw table of Ur's four lots, read off the engine at the first throw: each number up
/// moves that many cells, and a four enters onto a rosette, which gives another throw.
#[test]
fn throw_tables_are_read_off_the_engine() {
    let tables = engine::dice::throw_tables::<Race>(&race::RaceParams::ludii()).unwrap();
    assert_eq!(tables.len(), 1);
    let faces: Vec<(&str, bool)> = tables[0]
        .faces
        .iter()
        .map(|f| (f.value.as_str(), f.another_throw))
        .collect();
    assert_eq!(
        faces,
        [
            ("0", false),
            ("1", false),
            ("2", false),
            ("3", false),
            ("4", true)
        ]
    );
    let mut dice = race::RaceParams::ludii();
    engine::Options::set(&mut dice, "throw", "dice 2d6").unwrap();
    assert!(
        engine::dice::throw_tables::<Race>(&dice)
            .unwrap()
            .is_empty(),
        "dice are not lots: no probe"
    );
}

/// On a track that passes a cell twice a setup names the pass: a bare cell number there is
/// ambiguous, and a pass on a cell passed once, or beyond the passes, names no place.
#[test]
fn a_setup_names_the_pass_over_a_cell_passed_twice() {
    use engine::{Observe, OptionValue, setup::SetupError};
    let params = race::RaceParams {
        tracks: race::Tracks::parse_value("3 2 1 0 6 7 8 9 10 8 7 6 12 | 17 16 15 14 6 7 8")
            .unwrap(),
        ..race::RaceParams::default()
    };
    let setup =
        |yaml: &str| Race::from_setup(&params, serde_saphyr::from_str(yaml).unwrap()).map(|_| ());
    assert_eq!(setup("board: {1: ['8.2'], 2: [14]}"), Ok(()));
    for bad in [
        "board: {1: [8]}",
        "board: {1: ['9.1']}",
        "board: {1: ['8.3']}",
        "board: {1: ['8.x']}",
        "board: {2: ['8.1']}",
    ] {
        assert!(
            matches!(setup(bad), Err(SetupError::Value { field: "board", .. })),
            "{bad} accepted"
        );
    }
}

/// The invariants asked of every position refuse a setup whose pieces break them, on whichever
/// cell they stand: enemies sharing a cell that is not safe, pieces of one side stacked where
/// landing on one's own is forbidden.
#[test]
fn a_setup_breaking_the_invariants_names_the_cell() {
    use engine::{Observe, OptionValue, setup::SetupError};
    let params = race::RaceParams {
        tracks: race::Tracks::parse_value("0 1 2 3 4 5 6 7 8 9 | 9 8 7 6 5 4 3 2 1 0").unwrap(),
        land_on_own: race::LandOnOwn::Forbidden,
        ..race::RaceParams::default()
    };
    let setup =
        |yaml: &str| Race::from_setup(&params, serde_saphyr::from_str(yaml).unwrap()).map(|_| ());
    assert_eq!(setup("board: {1: [2, 5], 2: [7]}"), Ok(()));
    let position = |yaml: &str| match setup(yaml) {
        Err(SetupError::Position(message)) => message,
        other => panic!("{yaml}: {other:?}"),
    };
    assert_eq!(
        position("board: {1: [2, 6], 2: [6]}"),
        "enemies share cell 6, which is not safe"
    );
    assert_eq!(
        position("board: {1: [3, 8, 8]}"),
        "pieces of one side stack on cell 8"
    );
}
