//! Ludii's four-row descriptions of Southern and Eastern Africa read as the sowing family's:
//! the extra captures of holes of one's choice after a capture across, single counters sown
//! only into empty holes, and the player left without counters who loses.

use translate::{Missing, sowing_description};

mod vendored;

use vendored::{changed, lacks, plays, vendored_text};

#[test]
fn tsoro_with_additional_captures_takes_three_holes_after_each_capture_across() {
    let file = "Tsoro (Additional Capture).lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            // `(define "HaveToMakeExtraCapture" (set Var <ExtraCapture:num>))`, 3 by default.
            "extra_captures=3@19",
            "extra_capture_after=across@19",
            "empty_hole_capture=opposite-column@75",
            "game_end=next-empty-loses@96",
            "min_to_sow=2@64",
            "singles_last=true@64",
            "singles_into_empty=true@64",
            "relay=occupied@70",
        ],
    );
    // Another count of extra captures is read as written.
    let two = changed(file, "(set Var <ExtraCapture:num>)", "(set Var 2)");
    plays(
        file,
        &sowing_description(file, &two),
        &["extra_captures=2@19"],
    );
}

#[test]
fn tsoro_lifts_single_counters_only_into_empty_holes_and_its_empty_player_loses() {
    let file = "Tsoro.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "extra_captures=0@55",
            "empty_hole_capture=opposite-column@60",
            "game_end=next-empty-loses@78",
            "min_to_sow=2@49",
            "singles_into_empty=true@49",
        ],
    );
    // A single counter lifted whatever its next hole holds is not the family's rule.
    let anywhere = changed(
        file,
        r#"(= 0 (count at:("NextHoleFrom" (from) Mover)))"#,
        "(= 0 0)",
    );
    lacks(
        &sowing_description(file, &anywhere),
        49,
        "a condition on the lifted hole",
    );
}

#[test]
fn msuwa_takes_two_holes_only_after_taking_a_whole_column() {
    for file in ["Msuwa.lud", "Msuwa wa Kunja.lud"] {
        let translation = sowing_description(file, &vendored_text(file));
        let line = if file == "Msuwa.lud" { 0 } else { 1 };
        let at = |key: &str, value: &str, l: u32| format!("{key}={value}@{}", l - line);
        plays(
            file,
            &translation,
            &[
                &at("extra_captures", "2", 93),
                &at("extra_capture_after", "column", 93),
                &at("singles_last", "true", 71),
                &at("singles_into_empty", "true", 71),
                &at("game_end", "next-empty-loses", 142),
            ],
        );
    }
}

#[test]
fn extra_captures_the_family_does_not_have_are_lacks() {
    let file = "Msuwa.lud";
    // The extra captures counted down by two: not the family's one a move.
    let by_two = changed(file, "(set Var (- (var) 1))", "(set Var (- (var) 2))");
    lacks(
        &sowing_description(file, &by_two),
        51,
        "extra captures the family does not read",
    );
    // Taken from the mover's own holes.
    let own = changed(file, r#"(sites Next "Home")"#, r#"(sites Mover "Home")"#);
    lacks(
        &sowing_description(file, &own),
        51,
        "extra captures the family does not read",
    );
    // Set by the capture in another variable than the one counted down.
    let other = changed(file, "(set Var 2)", r#"(set Var "Other" 2)"#);
    assert!(matches!(
        sowing_description(file, &other).outcome,
        Err(Missing::Lacks(_))
    ));
    // Given also where nothing faces the last hole: Tshuba's capture of a facing hole of no
    // counters.
    let file = "Tsoro (Additional Capture).lud";
    let always = changed(
        file,
        r#"(> (count at:"OppositePit") 0)"#,
        r#"(>= (count at:"OppositePit") 0)"#,
    );
    plays(
        file,
        &sowing_description(file, &always),
        &["capture_across_fewest=0@75", "extra_captures=3@19"],
    );
    // Given only where the inner hole alone is taken.
    let file = "Tsoro (Additional Capture).lud";
    let inner_only = changed(
        file,
        r#"(> (count at:"OppositePit") 0)"#,
        r#"(= (count at:"OppositePit") 7)"#,
    );
    assert!(matches!(
        sowing_description(file, &inner_only).outcome,
        Err(Missing::Lacks(_))
    ));
}

#[test]
fn a_loss_of_the_player_who_did_not_move_on_another_condition_is_a_lack() {
    let file = "Tsoro.lud";
    // The player who did not move wins, or loses with counters left in its holes.
    let wins = changed(file, "(result Player Loss)", "(result Player Win)");
    lacks(&sowing_description(file, &wins), 78, "an end");
    let full = changed(
        file,
        r#"(define "NoPiece" (= (count in:(sites Player "Home")) 0))"#,
        r#"(define "NoPiece" (= (count in:(sites Player "Home")) 5))"#,
    );
    lacks(&sowing_description(file, &full), 7, "a loss of the player");
}

#[test]
fn a_single_counter_into_an_empty_hole_beside_holes_of_more_is_not_tsoros_rule() {
    // Kay lifts a single counter into an empty hole whatever the other holes hold: not the
    // family's singles lifted last, so a lack where it is written.
    let file = "Kay.lud";
    let translation = sowing_description(file, &vendored_text(file));
    lacks(&translation, 31, "a condition on the lifted hole");
}

#[test]
fn njombwa_sows_its_single_counters_into_empty_holes_for_nothing() {
    let file = "Njombwa (Two Counters).lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            "singles_last=true@37",
            "singles_into_empty=true@37",
            "singles_plain=true@37",
            "min_to_sow=2@54",
            "empty_hole_capture=opposite-column@62",
            "extra_captures=0@57",
            "game_end=next-empty-loses@81",
        ],
    );
    // Its single counters sown with the capture of the others are Msuwa's rule.
    let text = vendored_text(file);
    let capture = text
        .split("apply:(if (< 1 (count at:(to)))\n                                (moveAgain)\n")
        .nth(1)
        .and_then(|rest| rest.split("\n                            )\n                        )\n                    )\n                )\n            )").next())
        .unwrap_or_default();
    assert!(!capture.is_empty(), "Njombwa's capture");
    let capturing = text.replacen(
        "owner:(mover)\t\t\n",
        &format!("owner:(mover)\n apply:{}\n", capture.trim()),
        1,
    );
    assert_ne!(capturing, text);
    plays(
        file,
        &sowing_description(file, &capturing),
        &["singles_plain=false@37"],
    );
}

#[test]
fn tshuba_takes_a_hole_of_its_choice_after_every_last_counter_into_an_empty_inner_hole() {
    let file = "Tshuba.lud";
    let translation = sowing_description(file, &vendored_text(file));
    plays(
        file,
        &translation,
        &[
            // `(set Var "ExtraCapture" 1)` beside the capture, `(= 1 (var "ExtraCapture"))`
            // asked by the play, the flag cleared by the move of `(move Remove …)`.
            "extra_captures=1@61",
            "extra_capture_after=across@61",
            // Each take under its own `(> (count at:…) 0)`: the capture made whatever faces.
            "capture_across_fewest=0@53",
            "empty_hole_capture=opposite-column@53",
            "relay=occupied@48",
            "min_to_sow=1@45",
            "game_end=next-empty-loses@73",
        ],
    );
    // The flag set to another value than the one the play asks about.
    let two = changed(
        file,
        r#"(set Var "ExtraCapture" 1)"#,
        r#"(set Var "ExtraCapture" 2)"#,
    );
    lacks(
        &sowing_description(file, &two),
        61,
        "no move of extra captures counts down",
    );
    // The flag not cleared by the extra capture: every move after it another.
    let kept = changed(
        file,
        r#"(then (set Var "ExtraCapture" 0))"#,
        r#"(then (set Var "ExtraCapture" 1))"#,
    );
    lacks(
        &sowing_description(file, &kept),
        31,
        "extra captures the family does not read",
    );
    // A single counter of the hole taken, not all of them.
    let one = changed(file, "count:(count at:(to))", "count:1");
    lacks(
        &sowing_description(file, &one),
        31,
        "extra captures the family does not read",
    );
    // The capture across only where the facing hole holds counters: no extra capture where
    // nothing faces, Msuwa's rule with one extra capture.
    let guarded = changed(
        file,
        r#"(set Var "ExtraCapture" 1)"#,
        r#"(if (> (count at:"OppositePit") 0) (set Var "ExtraCapture" 1))"#,
    );
    assert!(matches!(
        sowing_description(file, &guarded).outcome,
        Err(Missing::Lacks(_))
    ));
}

#[test]
fn spretas_flag_of_two_states_is_read_as_two_extra_captures() {
    let file = "Spreta.lud";
    // It plays: the flag set to 1 by the capture, stepped to 2 by the first extra capture,
    // which gives another move, and cleared by the second (its opening, each player's first
    // move sowing its hole of two counters, read as a plain opening sowing).
    let text = vendored_text(file);
    let translation = sowing_description(file, &text);
    let Ok(game) = &translation.outcome else {
        panic!("{file}: {:?}", translation.outcome);
    };
    for (key, value) in [
        ("extra_captures", "2"),
        ("capture_across_fewest", "0"),
        ("empty_hole_capture", "opposite-column"),
        ("singles_last", "true"),
        // Its single counters lifted only where the next hole is empty (line 122).
        ("singles_into_empty", "true"),
    ] {
        assert_eq!(game.parameters[key].value, value, "{key}");
    }
    // A flag of two states whose first extra capture gives no other move: not the family's.
    let once = text.replacen(
        r#"(and 
                                    (moveAgain)
                                    (set Var "ExtraCapture" 2)
                                )"#,
        r#"(set Var "ExtraCapture" 2)"#,
        1,
    );
    assert_ne!(once, text);
    let (before, rest) = once.split_once(r#"(phase "Opening""#).expect("an opening");
    let (_, after) = rest
        .split_once(r#"(phase "Playing""#)
        .expect("a main phase");
    let main = format!(r#"{before}(phase "Playing"{after}"#);
    let line = main
        .lines()
        .position(|l| l.contains(r#"(if (or (= 1 (var "ExtraCapture"))"#))
        .expect("the play's flag") as u32
        + 1;
    lacks(
        &sowing_description(file, &main),
        line,
        "extra captures the family does not read",
    );
}
