//! Descriptions read as the sowing family's parameters, or what they lack: one `check` per
//! case, each a small description written as Ludii's are.

use translate::{Missing, sowing_description};

/// A two-row game whose parts a case replaces: `{capture}`, `{players}`, `{board}`, `{end}`.
const TEMPLATE: &str = r#"(game "Test"
    (players {players})
    (equipment {
        {board}
        (regions P1 (sites Bottom))
        (regions P2 (sites Top))
        (piece "Seed" Shared)
        (hand Each)
    })
    (rules
        (start (set Count 4 to:(sites Track)))
        (play
            (move Select
                (from (sites Mover) if:(> (count at:(from)) 0))
                (then (sow {capture}))
            )
        )
        {end}
    )
)
(metadata (info { (id "1") (classification "board/sow/two rows") }))
"#;

const BOARD: &str = r#"(mancalaBoard 2 6 store:None (track "Track" "0,E,N,W" loop:True))"#;
const CAPTURE: &str = r#"if:(and (is In (to) (sites Next)) (or (= (count at:(to)) 2) (= (count at:(to)) 3)))
                    apply:(fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))
                    backtracking:True"#;
const END: &str = r#"(end (if (no Moves Mover) (byScore {(score P1 (count Cell at:(handSite P1))) (score P2 (count Cell at:(handSite P2)))})))"#;

fn description(replace: &[(&str, &str)]) -> String {
    let mut text = TEMPLATE.to_string();
    for (key, value) in replace {
        text = text.replace(key, value);
    }
    text.replace("{players}", "2")
        .replace("{board}", BOARD)
        .replace("{capture}", CAPTURE)
        .replace("{end}", END)
}

enum Expect<'a> {
    /// These parameters, each `key=value`.
    Plays(&'a [&'a str]),
    /// A lack whose text contains this, at this line.
    Lacks(&'a str, u32),
}

fn check(text: &str, expect: Expect<'_>) {
    let translation = sowing_description("Test.lud", text);
    match (&translation.outcome, expect) {
        (Ok(file), Expect::Plays(wanted)) => {
            for pair in wanted {
                let (key, value) = pair.split_once('=').unwrap();
                let got = &file.parameters[key];
                assert_eq!(got.value, value, "{key}: {got:?}");
                assert!(got.cites.starts_with("Test.lud:"), "{got:?}");
            }
        }
        (Err(Missing::Lacks(lacks)), Expect::Lacks(what, line)) => {
            assert!(
                lacks
                    .iter()
                    .any(|l| l.what.contains(what) && l.span.line == line),
                "no lack {what:?} at line {line} in {lacks:?}"
            );
        }
        (outcome, _) => panic!("unexpected outcome: {outcome:?}"),
    }
}

#[test]
fn an_oware_like_game_reads_as_its_parameters() {
    check(
        &description(&[]),
        Expect::Plays(&[
            "rows=2",
            "holes=6",
            "seeds=4",
            "direction=anticlockwise",
            "capture_counts=2,3",
            "capture_row=opponent",
            "capture_chain=true",
            "capture_takes=last",
            "relay=off",
            "game_end=mover-cannot-move",
            "score=captured",
            "skip_origin=false",
        ]),
    );
}

#[test]
fn a_condition_reads_by_what_it_means_not_how_it_is_written() {
    let set = r#"if:(and (is In (to) (sites Next)) (is In (count at:(to)) (sites {2 3})))
                    apply:(fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))
                    backtracking:True"#;
    check(
        &description(&[("{capture}", set)]),
        Expect::Plays(&["capture_counts=2,3", "capture_row=opponent"]),
    );
    let own = r#"apply:(if (and (is In (to) (sites Mover)) (is Even (count at:(to))) (< (count at:(to)) 7))
                    (fromTo (from (to)) (to (handSite Mover)) count:(count at:(to))))"#;
    check(
        &description(&[("{capture}", own)]),
        Expect::Plays(&[
            "capture_counts=2,4,6",
            "capture_row=own",
            "capture_chain=false",
        ]),
    );
}

#[test]
fn clockwise_tracks_and_origin_skipping_read() {
    let board = r#"(mancalaBoard 2 6 store:None (track "Track" "5,W,N,E" loop:True))"#;
    let capture = format!("{CAPTURE} includeSelf:False");
    check(
        &description(&[("{board}", board), ("{capture}", &capture)]),
        Expect::Plays(&["direction=clockwise", "skip_origin=true"]),
    );
}

#[test]
fn what_the_family_lacks_is_named_at_its_line() {
    check(
        &description(&[("{players}", "3")]),
        Expect::Lacks("players other than two", 2),
    );
    let three_rows = r#"(mancalaBoard 3 6 store:None (track "Track" "0,E,N,W" loop:True))"#;
    check(
        &description(&[("{board}", three_rows)]),
        Expect::Lacks("3 rows", 4),
    );
    let unknown = r#"if:(is Friendly (to)) apply:(fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))"#;
    check(
        &description(&[("{capture}", unknown)]),
        Expect::Lacks("is Friendly", 15),
    );
    let other_end = r#"(end (if (is Full) (result Mover Win)))"#;
    check(
        &description(&[("{end}", other_end)]),
        Expect::Lacks("is Full", 20),
    );
}

#[test]
fn a_text_that_is_not_ludiis_language_is_unreadable() {
    let translation = sowing_description("Broken.lud", "(game \"X\" (players 2)");
    assert!(matches!(translation.outcome, Err(Missing::Unreadable(_))));
}
