//! Ludii's two-row descriptions whose turn goes on by the hole after the last one, read as the
//! sowing family's: Sonka's and Boukerourou's turns going on from that next hole, Tap Urdy's
//! from the last hole where the next holds counters, with its take of the hole after an empty
//! next one and its lift from the opponent's row, Dongjintian's takes going on alternately
//! after that take, and Boukerourou's player left without counters who loses.

use translate::sowing_description;

mod vendored;

use vendored::{changed, lacks, plays, vendored_text};

#[test]
fn sonka_goes_on_from_the_hole_after_the_last_passing_over_its_store() {
    let file = "Sonka.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "relay=next-occupied@47",
            "next_empty_capture=off@53",
            "empty_hole_capture=opposite@53",
            "capture_across_any_count=true@53",
            "stores_in_track=true@19",
            "round_refill=6@78",
        ],
    );
    // The hole after the last without passing over one's own store is not the family's.
    let text = changed(
        file,
        r#"(sites {("NextSite" from:(last To afterConsequence:True))})"#,
        "(sites {(trackSite Move from:(last To afterConsequence:True) steps:1)})",
    );
    lacks(
        &sowing_description(file, &text),
        5,
        "a turn that goes on from a hole other than the last or the one after it",
    );
    // A turn that goes on where the last hole held counters, whatever the next, is no relay
    // from the next hole.
    let text = changed(
        file,
        r#"apply:(if (!= 0 (count at:("NextSite" from:(to))))"#,
        "apply:(if (< 1 (count at:(to)))",
    );
    lacks(&sowing_description(file, &text), 50, "another move");
}

#[test]
fn boukerourou_goes_on_from_the_next_hole_after_an_empty_last_one_and_an_empty_row_loses() {
    let file = "Boukerourou.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "relay=empty-next-occupied@38",
            "capture_counts=6@44",
            "capture_row=opponent@44",
            "game_end=empty-row-loses@53",
        ],
    );
    // Going on whatever the last hole held is the other relay from the next hole.
    let text = changed(file, "(= 1 (count at:(to)))", "(< 0 (count at:(to)))");
    plays(
        file,
        &sowing_description(file, &text),
        &["relay=next-occupied@38"],
    );
    // A player whose row is empty winning is no end of the family's.
    let text = changed(file, "(result P2 Win)", "(result P1 Win)");
    lacks(
        &sowing_description(file, &text),
        57,
        "an end of several rules",
    );
}

#[test]
fn tap_urdy_goes_on_from_the_last_hole_before_an_occupied_one_and_takes_the_hole_after_an_empty_one()
 {
    let file = "Tap Urdy.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "relay=occupied-next-occupied@44",
            "next_empty_capture=after-next@47",
            "lift_opponents_row=true@39",
            "direction=clockwise@33",
            "game_end=row-empty@10",
            "score=captured-and-row@",
        ],
    );
    // A lift from one's own row is the family's default.
    let text = changed(file, "(sites Next)", "(sites Mover)");
    plays(
        file,
        &sowing_description(file, &text),
        &["lift_opponents_row=false@39"],
    );
    // A take of the third hole along is not the hole after the empty one.
    let text = vendored_text(file).replace(
        r#"("NextHoleFrom" (to) steps:2)"#,
        r#"("NextHoleFrom" (to) steps:3)"#,
    );
    lacks(
        &sowing_description(file, &text),
        47,
        "a capture of other holes than the last and the one facing it",
    );
}

#[test]
fn dongjintian_takes_on_alternately_after_the_hole_after_an_empty_next_one() {
    let file = "Dongjintian.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "relay=next-occupied@119",
            "next_empty_capture=after-next@127",
            "next_empty_capture_chain=3@12",
            "way_kept=relay-until-capture@75",
            "direction=choice@74",
        ],
    );
    // A chain that goes on over an occupied hole is not the family's.
    let text = changed(
        file,
        r#"(is Empty ("NextHoleFrom" (to) #1 steps:5))"#,
        r#"(is Occupied ("NextHoleFrom" (to) #1 steps:5))"#,
    );
    lacks(
        &sowing_description(file, &text),
        12,
        "takes after the hole after an empty next one other than alternately",
    );
    // Nor one that takes a hole other than the one its condition found occupied.
    let text = changed(
        file,
        r#"(from ("NextHoleFrom" (to) #1 steps:6))"#,
        r#"(from ("NextHoleFrom" (to) #1 steps:5))"#,
    )
    .replacen(
        r#"count:(count at:("NextHoleFrom" (to) #1 steps:6))"#,
        r#"count:(count at:("NextHoleFrom" (to) #1 steps:5))"#,
        1,
    );
    lacks(
        &sowing_description(file, &text),
        12,
        "takes after the hole after an empty next one other than alternately",
    );
    // A chain whose holes come round past the last hole (a board of three holes a row) is
    // not read as the family's, whose takes are made one after another.
    let text = changed(
        file,
        "(mancalaBoard 2 5 store:None",
        "(mancalaBoard 2 3 store:None",
    );
    lacks(&sowing_description(file, &text), 12, "within a lap");
}
