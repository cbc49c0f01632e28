//! Plays of Ludii's sowing descriptions beyond a hole lifted: its placeholders, whose play can
//! make no move, and plays that choose their kind of move by a condition.

use translate::{Missing, Translation, sowing_description};

fn vendored_text(file: &str) -> String {
    let path = format!(
        "{}/../../corpus/ludii/lud/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

fn no_rules_line(translation: &Translation) -> Option<u32> {
    match &translation.outcome {
        Err(Missing::NoRules(play)) => Some(play.span.line),
        _ => None,
    }
}

#[test]
fn a_board_whose_pieces_have_no_moves_describes_no_rules() {
    // `(play (forEach Piece))` over `(piece "Seed" Shared)`, and a play left as `[#]`.
    let mandoli = vendored_text("Mandoli.lud");
    assert_eq!(
        no_rules_line(&sowing_description("Mandoli.lud", &mandoli)),
        Some(15)
    );
    let gabatta = vendored_text("Gabatta.lud");
    assert_eq!(
        no_rules_line(&sowing_description("Gabatta.lud", &gabatta)),
        Some(13)
    );
    // The same board whose seeds move is a play the family reads, and lacks.
    let moving = mandoli.replace(
        r#"(piece "Seed" Shared)"#,
        r#"(piece "Seed" Shared (move Select (from (sites Mover)) (then (sow))))"#,
    );
    assert_ne!(moving, mandoli);
    let translation = sowing_description("Mandoli.lud", &moving);
    assert!(
        matches!(&translation.outcome, Err(Missing::Lacks(lacks)) if lacks.iter().any(|l| l.span.line == 15)),
        "{:?}",
        translation.outcome
    );
}

#[test]
fn plays_with_moves_or_parts_to_complete_are_not_placeholders() {
    // Okwe (Achalla) plays `(forEach Site …)` with moves: it lacks something of the family,
    // and is not counted apart.
    let file = "Okwe (Achalla).lud";
    let translation = sowing_description(file, &vendored_text(file));
    assert!(
        matches!(&translation.outcome, Err(Missing::Lacks(_))),
        "{file}: {:?}",
        translation.outcome
    );
    // A-i-u lifts from holes left to be completed with a start left to be completed too:
    // nothing to play. Given a start, the same play is a lack of the family at its parts.
    let aiu = vendored_text("A-i-u.lud");
    assert_eq!(
        no_rules_line(&sowing_description("A-i-u.lud", &aiu)),
        Some(14)
    );
    let started = aiu.replace("(start [#])", "(start (set Count 4 to:(sites Board)))");
    assert_ne!(started, aiu);
    let translation = sowing_description("A-i-u.lud", &started);
    assert!(
        matches!(&translation.outcome, Err(Missing::Lacks(_))),
        "{:?}",
        translation.outcome
    );
}

/// Matoe, Warra and Kuba Game give their size as a range or a placeholder, and their tracks,
/// start, holes and end as placeholders: descriptions left to be completed (Ludii's own
/// copies are its "Incomplete" variants), not sizes the reader lacks.
#[test]
fn boards_of_a_size_left_open_with_rules_left_to_complete_describe_no_rules() {
    for (file, line) in [("Matoe.lud", 14), ("Warra.lud", 14), ("Kuba Game.lud", 14)] {
        assert_eq!(
            no_rules_line(&sowing_description(file, &vendored_text(file))),
            Some(line),
            "{file}"
        );
    }
}

/// J'odu's play written as Foji writes its relay: two moves chosen by `(is Mover Prev)`, the
/// relay lifting the last hole and the fresh move under the feeding condition; `relay_sow`
/// is the relay's sowing.
fn jodu_with_two_moves(relay_sow: &str) -> String {
    let text = vendored_text("J'odu.lud");
    // `(play` followed by a space, not `(players`.
    let (before, rest) = text.split_once("(play ").unwrap();
    let (_, after) = rest.split_once("(end").unwrap();
    let sow = r#"(sow apply:(if (> (count at:(to)) 1) (moveAgain) (if (is In (to) (sites Mover)) (fromTo (from "OppositePit") (to (mapEntry (mover))) count:(count at:"OppositePit")))))"#;
    format!(
        r#"{before}(play
            (if (is Mover Prev)
                (move Select (from "PlayFromLastHole") (then {relay_sow}))
                (do
                    (move Select (from (sites Mover) if:(< 0 (count at:(from)))) (then {sow}))
                    ifAfterwards:(< 0 (count in:(if (is Mover P1) (sites P2) (sites P1))))
                )
            )
        )
        (end{after}"#,
        relay_sow = relay_sow.replace("{sow}", sow),
    )
}

#[test]
fn a_relay_written_as_two_moves_reads_as_the_relay() {
    let original = sowing_description("J'odu.lud", &vendored_text("J'odu.lud"));
    let original = original.outcome.expect("J'odu plays");
    let two_moves = sowing_description("J'odu.lud", &jodu_with_two_moves("{sow}"));
    let two_moves = two_moves
        .outcome
        .unwrap_or_else(|missing| panic!("the relay as two moves: {missing:?}"));
    let values = |file: &sowing::file::GameFile| -> Vec<(String, String)> {
        file.parameters
            .iter()
            .map(|(key, sourced)| (key.clone(), sourced.value.clone()))
            .collect()
    };
    assert_eq!(values(&two_moves), values(&original));
    assert_eq!(two_moves.parameters["relay"].value, "occupied");
    assert_eq!(two_moves.parameters["must_feed"].value, "true");
}

#[test]
fn two_moves_that_sow_otherwise_are_a_lack_named_by_their_condition() {
    // The relay's sowing passes over its origin, the fresh move's does not: not one relay.
    let text = jodu_with_two_moves("{sow}").replacen(
        "(then (sow apply:",
        "(then (sow includeSelf:False apply:",
        1,
    );
    let translation = sowing_description("J'odu.lud", &text);
    let Err(Missing::Lacks(lacks)) = &translation.outcome else {
        panic!("{:?}", translation.outcome);
    };
    let line = text
        .lines()
        .position(|l| l.contains("(if (is Mover Prev)"))
        .unwrap() as u32
        + 1;
    assert!(
        lacks.iter().any(|l| l.span.line == line
            && l.what == "moves by a condition: (move Select …) if (is Mover Prev), else (do …)"),
        "{lacks:?}"
    );
}

/// The lacks of a translation that does not play, as `line: what`.
fn lacks_of(translation: &Translation) -> Vec<String> {
    match &translation.outcome {
        Err(Missing::Lacks(lacks)) => lacks
            .iter()
            .map(|l| format!("{}: {}", l.span.line, l.what))
            .collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_way_kept_by_a_variable_through_relays_until_a_capture_is_read() {
    // Dongjintian's `(var "Direction")`, set by a relay and cleared by a capture, is the
    // family's kept way: its moves are read past their guards (the whole game plays: see
    // `sowing_next_relay.rs`).
    let file = "Dongjintian.lud";
    let text = vendored_text(file);
    let translation = sowing_description(file, &text);
    assert!(translation.outcome.is_ok(), "{:?}", translation.outcome);
    // Both ways guarded by the same value are not a way chosen and kept.
    let same = text.replacen(
        r#"(= (var "Direction") 2))"#,
        r#"(= (var "Direction") 1))"#,
        1,
    );
    assert_ne!(same, text);
    let lacks = lacks_of(&sowing_description(file, &same));
    assert!(
        lacks
            .iter()
            .any(|l| l.starts_with("74: ways kept by variables the family does not read")),
        "{lacks:?}"
    );
    // A relay that keeps the other way is not the family's.
    let other = text.replacen(
        r#"(set Var "Direction" 1)"#,
        r#"(set Var "Direction" 2)"#,
        1,
    );
    let lacks = lacks_of(&sowing_description(file, &other));
    assert!(
        lacks
            .iter()
            .any(|l| l.starts_with("91: ") && l.contains("set to 2 where the family reads 1")),
        "{lacks:?}"
    );
    // Wa'ache Waledat clears it where a sowing ends without a relay: a way kept to the turn's
    // end, which the family does not have.
    let file = "Wa'ache Waledat.lud";
    let lacks = lacks_of(&sowing_description(file, &vendored_text(file)));
    assert!(
        lacks.iter().any(|l| l.contains(
            "set other than beside a relay's (moveAgain) or a capture: (set Var \"Direction\" 0)"
        )),
        "{lacks:?}"
    );
}
