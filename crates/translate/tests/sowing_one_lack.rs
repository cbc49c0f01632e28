//! Ludii's sowing descriptions that stopped at exactly one part the family lacked, read as the
//! sowing family's: Tsoro (Reentered Captures)'s captures sown on from the last hole; Nsolo's
//! capture from an occupied hole before its relay, and the one extra capture its flag of
//! Ludii's Undefined gives; and Wa'ache Waledat's remaining lacks, the consequence of its
//! choice of moves no longer counted as a kind of move.

use translate::{Missing, sowing_description};

mod vendored;

use vendored::{changed, lacks, plays, vendored_text};

#[test]
fn tsoro_reentered_captures_sows_its_captures_on_from_the_last_hole() {
    let file = "Tsoro (Reentered Captures).lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "capture_across_resown=true@75",
            "empty_hole_capture=opposite-column@60",
            "extra_captures=0@",
            "relay=occupied@55",
            "singles_into_empty=true@49",
            "game_end=next-empty-loses@92",
        ],
    );
    // Tsoro's own captures leave the board.
    let tsoro = "Tsoro.lud";
    plays(
        tsoro,
        &sowing_description(tsoro, &vendored_text(tsoro)),
        &[
            "capture_across_resown=false@",
            "empty_hole_capture=opposite-column@",
        ],
    );
    // A sowing of fewer counters than the takes took is not the capture sown on.
    let text = changed(
        file,
        "count:(+ (count at:\"OppositeOuterPit\") (count at:(\"OppositePit\")))",
        "count:(count at:(\"OppositePit\"))",
    );
    lacks(
        &sowing_description(file, &text),
        61,
        "an effect of a sowing the family does not have",
    );
    // Nor is one along another track than the move's.
    let text = changed(
        file,
        "(sow \n                                            (to) \n                                            count:(+ (count at:\"OppositeOuterPit\") (count at:(\"OppositePit\"))) \n                                            \"Track\" \n                                            owner:(mover)",
        "(sow \n                                            (to) \n                                            count:(+ (count at:\"OppositeOuterPit\") (count at:(\"OppositePit\"))) \n                                            \"Track\" \n                                            owner:(next)",
    );
    lacks(
        &sowing_description(file, &text),
        75,
        "a capture sown on along another track than the move's",
    );
    // Nor a take into a store beside the sowing.
    let text = changed(
        file,
        "(from (\"OppositePit\")) \n                                            (to (to)) ",
        "(from (\"OppositePit\")) \n                                            (to (handSite Mover)) ",
    );
    lacks(
        &sowing_description(file, &text),
        61,
        "an effect of a sowing the family does not have",
    );
}

#[test]
fn nsolo_captures_from_an_occupied_hole_before_its_relay_and_takes_one_more_hole() {
    let file = "Nsolo.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "capture_across_occupied=true@70",
            "empty_hole_capture=opposite-column@70",
            "extra_captures=1@77",
            "extra_capture_after=column@77",
            "relay=occupied@66",
            "singles_last=true@46",
            "singles_into_empty=true@46",
            "singles_plain=true@46",
            "min_to_sow=2@",
            "game_end=next-empty-loses@98",
            "holes=10@16",
        ],
    );
    // Its extra capture only under `(is Mover Prev)`: Undefined is what the variable holds
    // before it is ever set.
    let text = changed(
        file,
        "(if (and (is Mover Prev) (= (var \"Replay\") Undefined))",
        "(if (= (var \"Replay\") Undefined)",
    );
    lacks(
        &sowing_description(file, &text),
        42,
        "moves by a condition: (move Remove …) if (= (var \"Replay\") Undefined)",
    );
    // The capture must set the flag the extra capture reads.
    let text = changed(
        file,
        "(set Var \"Replay\" Undefined)",
        "(set Var \"Replay\" 1)",
    );
    lacks(
        &sowing_description(file, &text),
        77,
        "a variable set after a capture that no move of extra captures counts down",
    );
    // Of the opponent's holes.
    let text = changed(
        file,
        "(move Remove \n                    (sites Next \"Home\")",
        "(move Remove \n                    (sites Mover \"Home\")",
    );
    lacks(
        &sowing_description(file, &text),
        42,
        "extra captures the family does not read",
    );
    // A capture made from an empty hole too is not Nsolo's, and its relay then goes on from
    // a hole the family would not relay from.
    let text = changed(
        file,
        "(if (< 1 (count at:(to)))\n                                    (if (and",
        "(if (<= 1 (count at:(to)))\n                                    (if (and",
    );
    lacks(
        &sowing_description(file, &text),
        70,
        "another move from a remembered hole under a condition the family does not have",
    );
}

#[test]
fn wa_ache_waledat_names_its_directions_kept_through_a_turn_and_the_consequence_of_its_choice() {
    let file = "Wa'ache Waledat.lud";
    let translation = sowing_description(file, &vendored_text(file));
    // Each way round is a move under a condition on the direction its turn keeps, the
    // family's kept way but for its clearing where a sowing ends without a relay (the way is
    // kept to the turn's end, not to a capture).
    lacks(
        &translation,
        65,
        "a way kept by (var \"Direction\") set other than beside a relay's (moveAgain) or a capture: (set Var \"Direction\" 0)",
    );
    // The (then …) of its (or …) is a consequence of the choice, no third kind of move.
    lacks(
        &translation,
        105,
        "a consequence of a choice of moves the family does not have: (then (if (or (no Pieces All in:(sites P1 \"Home\"))",
    );
    let Err(Missing::Lacks(found)) = &translation.outcome else {
        panic!("{file} plays");
    };
    assert!(
        found
            .iter()
            .all(|lack| !lack.what.contains("kinds of move")),
        "{found:?}"
    );
}
