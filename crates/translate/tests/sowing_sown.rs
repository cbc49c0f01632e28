//! Ludii's descriptions that capture along the holes a sowing sowed, read as the sowing
//! family's `capture_sown`: Obridje's fours taken by the owner of their row, from the hole
//! lifted through the last hole sown.

use translate::sowing_description;

mod vendored;

use vendored::{changed, lacks, plays, vendored_text};

#[test]
fn obridje_captures_the_fours_it_sowed_for_the_owner_of_their_row() {
    let file = "Obridje.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "capture_sown=through-last@48",
            "capture_sown_counts=4@49",
            "capture_sown_to=owner@52",
            "relay=occupied@34",
        ],
    );
}

#[test]
fn other_captures_of_the_holes_sown_are_named_where_they_are_written() {
    let file = "Obridje.lud";
    // Holes a step past the last sown.
    let text = changed(
        file,
        r#"steps:(var "NumSowed")))"#,
        r#"steps:(+ (var "NumSowed") 1)))"#,
    );
    lacks(
        &sowing_description(file, &text),
        48,
        "holes sown other than",
    );
    // Every four for player 1.
    let text = changed(
        file,
        "(to (if (is In (to) (sites P1)) (mapEntry P1) (mapEntry P2)))",
        "(to (mapEntry P1))",
    );
    lacks(
        &sowing_description(file, &text),
        52,
        "a taker of the holes sown the family does not have",
    );
    // Two of the four.
    let text = changed(file, "count:4\n", "count:2\n");
    lacks(
        &sowing_description(file, &text),
        53,
        "a capture of part of a hole sown",
    );
    // Threes captured where the sowing goes on from a last three: the capture through the last
    // hole would take it, the turn going on from an empty hole.
    let text = changed(
        file,
        "(if (= 4 (count at:(site)))",
        "(if (= 3 (count at:(site)))",
    );
    lacks(
        &sowing_description(file, &text),
        36,
        "an effect of a last hole that the capture of the holes sown takes",
    );
}
