//! Ludii's rounds of owned holes that end when a row is empty, the counters left going to the
//! player whose row is not: Gabata (Adegrat)'s, whose turn goes on from the hole after a last
//! hole that held counters, and whose last counter into an empty hole takes the hole after it.

use translate::sowing_description;

mod vendored;

use vendored::{changed, lacks, plays, vendored_text};

#[test]
fn gabata_adegrat_ends_a_round_on_an_empty_row_and_relays_from_the_next_hole() {
    let file = "Gabata (Adegrat).lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "relay=next-after-occupied@92",
            "empty_hole_capture=next@97",
            "capture_across_row=either@97",
            "game_end=row-empty@109",
            "round_leftovers=row-not-emptied@112",
            "ownership=true@81",
            "round_refill=3@152",
            "refill_order=track-from-left@154",
            "refill_remainder=kept@150",
            "round_loss_below=3@139",
        ],
    );
}

/// The counters left given the other way round, player 2 taking them where its own row is
/// empty, is no rule of the family; nor is a turn that goes on from the next hole only where it
/// holds two counters or more.
#[test]
fn gabata_adegrat_read_otherwise_lacks() {
    let file = "Gabata (Adegrat).lud";
    let text = changed(
        file,
        "(define \"NoPiecesInP1Side\" \n    (no Pieces All in:(sites P1))",
        "(define \"NoPiecesInP1Side\" \n    (no Pieces All in:(sites P2))",
    );
    lacks(
        &sowing_description(file, &text),
        112,
        "a consequence of a round's end the family does not have",
    );
    let text = changed(
        file,
        r#"(if (>= (count at:("NextHoleFrom" (to) steps:1)) 1)
                                        (moveAgain)"#,
        r#"(if (>= (count at:("NextHoleFrom" (to) steps:1)) 2)
                                        (moveAgain)"#,
    );
    lacks(&sowing_description(file, &text), 94, "another move");
}

/// A map from sites to sites, `(map "CorrespondingHoles" {(pair 0 17) …})`, is read into its
/// table, so that what the descriptions that name it lack is named where a rule reads it (their
/// rounds' ends first); a map with an entry off the board is still a lack at its place.
#[test]
fn maps_of_corresponding_holes_are_read_and_the_rules_reading_them_named() {
    for (file, map_line, line, what) in [
        ("Rab'e.lud", 38, 100, "(set NextPlayer (player 1))"),
        ("Adi.lud", 93, 149, "(to (mapEntry P1))"),
        ("Gabata (Ansaba).lud", 45, 89, "(set NextPlayer (player 2))"),
    ] {
        let translation = sowing_description(file, &vendored_text(file));
        lacks(&translation, line, what);
        let Err(translate::Missing::Lacks(found)) = &translation.outcome else {
            panic!("{file} lacks");
        };
        assert!(
            found.iter().all(|l| l.span.line != map_line),
            "{file}: {found:?}"
        );
    }
    let file = "Rab'e.lud";
    let text = changed(file, "(pair 17 0)", "(pair 17 18)");
    lacks(
        &sowing_description(file, &text),
        38,
        "a map from sites, not players, the family does not read",
    );
}
