//! Ludii's rounds of owned holes that end when a player's owned holes are empty: Lahemay
//! Waladat's after any move, Mewelad's and Rio Kadalis's after a move that ends the turn, the
//! counters left going to one player, the fours sown to the owner of their hole, and Mewelad's
//! hand one short of a hole filling one alone.

use translate::sowing_description;

mod vendored;

use vendored::{changed, lacks, plays, vendored_text};

#[test]
fn lahemay_waladat_ends_a_round_when_a_players_owned_holes_are_empty() {
    let file = "Lahemay Waladat.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "game_end=owned-empty@97",
            "round_leftovers=not-emptied@100",
            "capture_sown=before-last@81",
            "capture_sown_counts=4@82",
            "capture_sown_to=hole-owner@85",
            "ownership=true@60",
            "round_loss_below=1@124",
        ],
    );
}

#[test]
fn mewelad_and_rio_kadalis_end_a_round_on_owned_holes_after_the_turn() {
    for (file, offset) in [("Mewelad.lud", 0), ("Rio Kadalis.lud", 3)] {
        let translation = sowing_description(file, &vendored_text(file));
        let at = |key: &str, value: &str, line: u32| format!("{key}={value}@{}", line - offset);
        plays(
            file,
            &translation,
            &[
                &at("game_end", "owned-empty-after-turn", 112),
                &at("round_leftovers", "first-if-no-moves", 115),
                &at("capture_sown_to", "hole-owner", 100),
                &at("refill_remainder", "one-short", 160),
                &at("round_refill", "4", 157),
                &at("refill_order", "track-from-right", 159),
                &at("round_loss_below", "3", 143),
            ],
        );
    }
}

/// `(no Moves P1)` is read as it says, player 1 taking the counters left where it cannot move;
/// Ludii 1.3.13 answers it from a flag of player 1's last listed moves, kept as the fault its
/// variant plays (`first-if-passed`), with the line it is played at.
#[test]
fn mewelad_and_rio_kadalis_keep_ludii_s_flag_of_player_1_s_moves_as_a_fault() {
    for (file, line) in [("Mewelad.lud", 115), ("Rio Kadalis.lud", 112)] {
        let translation = sowing_description(file, &vendored_text(file));
        let game = translation.outcome.as_ref().expect("it plays");
        assert_eq!(
            game.parameters["round_leftovers"].value,
            "first-if-no-moves"
        );
        let faults: Vec<(&str, &str, &str)> = game
            .ludii_faults
            .iter()
            .map(|(key, fault)| (key.as_str(), fault.value.as_str(), fault.cites.as_str()))
            .collect();
        let cites = format!("{file}:{line}");
        assert_eq!(
            faults,
            [("round_leftovers", "first-if-passed", cites.as_str())],
            "{file}"
        );
        assert_eq!(
            game.ludii_faults["round_leftovers"].source,
            "(if (no Moves P1)"
        );
        assert!(
            game.ludii_faults["round_leftovers"]
                .why
                .contains("isStalemated")
        );
    }
    // Lahemay Waladat's counters left go by whose owned holes are empty: no fault.
    let file = "Lahemay Waladat.lud";
    let translation = sowing_description(file, &vendored_text(file));
    assert!(
        translation
            .outcome
            .expect("it plays")
            .ludii_faults
            .is_empty()
    );
}

#[test]
fn a_round_ending_at_any_move_is_read_without_the_turns_end() {
    let file = "Mewelad.lud";
    let text = changed(
        file,
        "(and (not (is Next Mover))\n        (or\n            (all Sites (sites (values Remembered \"OwnedP1\")) if:(is Empty (site)))\n            (all Sites (sites (values Remembered \"OwnedP2\")) if:(is Empty (site)))\n        )\n    )",
        "(or\n            (all Sites (sites (values Remembered \"OwnedP1\")) if:(is Empty (site)))\n            (all Sites (sites (values Remembered \"OwnedP2\")) if:(is Empty (site)))\n        )",
    );
    plays(
        file,
        &sowing_description(file, &text),
        &["game_end=owned-empty@110"],
    );
}

#[test]
fn other_ends_and_takers_of_owned_holes_are_named_where_they_are_written() {
    let file = "Lahemay Waladat.lud";
    // The counters left to player 1 where player 1's owned holes are empty.
    let text = changed(
        file,
        "(if (\"NoPieceOnOwnedHolesP2\")",
        "(if (\"NoPieceOnOwnedHolesP1\")",
    );
    lacks(
        &sowing_description(file, &text),
        100,
        "a consequence of a round's end the family does not have",
    );
    // The fours sown to player 2 where player 1 owns their hole.
    let text = changed(
        file,
        "(if (is In (site) (sites (values Remembered \"OwnedP1\"))) (handSite P1) (handSite P2))",
        "(if (is In (site) (sites (values Remembered \"OwnedP1\"))) (handSite P2) (handSite P1))",
    );
    lacks(
        &sowing_description(file, &text),
        85,
        "a place for the holes sown the family does not read",
    );
    // A round that ends only when both players' owned holes are empty.
    let text = changed(
        file,
        "(if (or (\"NoPieceOnOwnedHolesP1\") (\"NoPieceOnOwnedHolesP2\"))",
        "(if (and (\"NoPieceOnOwnedHolesP1\") (\"NoPieceOnOwnedHolesP2\"))",
    );
    lacks(&sowing_description(file, &text), 98, "the end of a round");
    // A hand two short of a hole filling one.
    let file = "Mewelad.lud";
    let text = changed(
        file,
        "count:(if (>= (count Cell at:(handSite Mover)) 4) 4 3)",
        "count:(if (>= (count Cell at:(handSite Mover)) 4) 4 2)",
    );
    lacks(
        &sowing_description(file, &text),
        157,
        "a refill the family does not have",
    );
}
