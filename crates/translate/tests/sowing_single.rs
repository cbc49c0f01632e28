//! Ludii's sowing descriptions that stopped at one part the family lacked, read as the sowing
//! family's: Pallankuli's take of the hole after an empty last hole, Hoyito's capture of every
//! counter once few are left (and its move again that no sowing makes), Wouri's sweep of the
//! opponent's fours after a capture; Ako Okwe's first captures, each of a count of its own,
//! counted in the mover's value.

use translate::sowing_description;

mod vendored;

use vendored::{changed, lacks, plays, vendored_text};

#[test]
fn pallankuli_takes_the_hole_after_an_empty_last_hole_of_either_row() {
    let file = "Pallankuli.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "empty_hole_capture=next@66",
            "capture_across_row=either@66",
            "relay=occupied@55",
            "capture_sown=through-last@79",
            "capture_sown_counts=4@80",
            "unfilled_out_of_play=true@132",
            "round_refill=6@134",
            "round_loss_below=6@119",
        ],
    );
    // A take for the opponent is not the family's.
    let text = changed(
        file,
        "(to (handSite Mover))\n                                                    count:(count at:(\"NextHoleFrom\"",
        "(to (handSite Next))\n                                                    count:(count at:(\"NextHoleFrom\"",
    );
    lacks(
        &sowing_description(file, &text),
        66,
        "a take of the hole after the last into a place other than the mover's",
    );
    // Made from one's own row alone, it is the family's too.
    let text = changed(
        file,
        "(if (= 1 (count at:(to)))",
        "(if (and (is In (to) (sites Mover)) (= 1 (count at:(to))))",
    );
    plays(
        file,
        &sowing_description(file, &text),
        &["empty_hole_capture=next@66", "capture_across_row=own@"],
    );
}

#[test]
fn hoyito_takes_every_counter_once_few_are_left_and_never_goes_on() {
    let file = "Hoyito.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "capture_counts=4@37",
            "capture_row=any@37",
            "capture_all_at_most=8@38",
            "relay=off@",
            "holes=6@",
        ],
    );
    // Another total read as its number.
    let text = changed(
        file,
        "(<= (count in:(sites Board)) 8)",
        "(<= (count in:(sites Board)) 12)",
    );
    plays(
        file,
        &sowing_description(file, &text),
        &["capture_all_at_most=12@38"],
    );
    for (from, to) in [
        // A sweep of one's own row alone is not the family's.
        ("(forEach Site (sites Board)", "(forEach Site (sites Mover)"),
        // Nor one made where more counters are left, not fewer.
        (
            "(<= (count in:(sites Board)) 8)",
            "(> (count in:(sites Board)) 8)",
        ),
    ] {
        lacks(
            &sowing_description(file, &changed(file, from, to)),
            39,
            "an effect of a sowing the family does not have",
        );
    }
    // A move again that some landing makes is a turn that goes on, read as the relay.
    let text = changed(
        file,
        "(if (< (count at:(to)) 1)",
        "(if (< 1 (count at:(to)))",
    );
    plays(file, &sowing_description(file, &text), &["relay=occupied@"]);
}

#[test]
fn wouri_sweeps_the_opponents_fours_after_a_capture() {
    let file = "Wouri.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "capture_counts=4@34",
            "capture_row=opponent@34",
            "capture_sweep_counts=4@42",
            "relay=occupied@",
            "skip_origin=true@",
            "must_feed=true@63",
        ],
    );
    // A sweep of one's own row is not the family's.
    let text = changed(
        file,
        "(if (is Mover P1) (sites P2) (sites P1))\n",
        "(if (is Mover P1) (sites P1) (sites P2))\n",
    );
    lacks(
        &sowing_description(file, &text),
        42,
        "a consequence of a capture the family does not have",
    );
    // Nor one into the opponent's hand.
    let text = changed(
        file,
        "(to (handSite Mover)) \n                                                    count:(count at:(site))",
        "(to (handSite Next)) \n                                                    count:(count at:(site))",
    );
    lacks(
        &sowing_description(file, &text),
        42,
        "a consequence of a capture the family does not have",
    );
}

#[test]
fn ako_okwe_makes_its_first_captures_of_counts_of_their_own() {
    let file = "Ako Okwe.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "capture_counts=1,3,5,7,9@13",
            "capture_row=any@13",
            "capture_first_counts=3,1@20",
            "sow_into_origin=true@26",
            "direction=choice@55",
            "score=captured-and-row@59",
        ],
    );
    // Murray's reading, its first capture of one counter and any odd count after.
    let text = changed(
        file,
        "\"The first capture must be of one counter.\"\n    )",
        "\"The first capture must be of one counter.\"\n    )*",
    );
    let text = text.replacen(
        "\"The first capture must be of three counters, the second of one counter.\"\n    )*",
        "\"The first capture must be of three counters, the second of one counter.\"\n    )",
        1,
    );
    plays(
        file,
        &sowing_description(file, &text),
        &["capture_counts=1,3,5,7,9@13", "capture_first_counts=1@20"],
    );
    // A first capture of either of two counts is not one count.
    let text = changed(
        file,
        "(= (count at:(to)) <Capture:numCounters>)",
        "(or (= (count at:(to)) <Capture:numCounters>) (= (count at:(to)) 5))",
    );
    lacks(
        &sowing_description(file, &text),
        13,
        "whose counts are not one count",
    );
    // A count that never settles is not read.
    let text = changed(
        file,
        "(if (= \"NumCaptureDone\" 1) (set Value Mover 2) )",
        "(if (= \"NumCaptureDone\" 1) (set Value Mover 2) ) (if (= \"NumCaptureDone\" 2) (set Value Mover 1) )",
    );
    lacks(
        &sowing_description(file, &text),
        20,
        "a count of captures the family does not read",
    );
}
