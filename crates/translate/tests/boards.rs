//! Boards the family plays by the tracks a description gives: a real three-row board read and
//! walked in the description's order, a merged board numbered as Ludii numbers it, and the
//! boards the reader does not number named.

use translate::{Missing, sowing_description};

/// Rules the family plays, around a board's equipment.
fn with_rules(equipment: &str) -> String {
    format!(
        r#"(game "Test"
    (players 2)
    {equipment}
    (rules
        (start (set Count 4 to:(sites Track)))
        (play
            (move Select
                (from (sites Mover) if:(> (count at:(from)) 0))
                (then (sow))
            )
        )
        (end (if (no Moves Mover) (byScore {{(score P1 (count Cell at:(handSite P1))) (score P2 (count Cell at:(handSite P2)))}})))
    )
)
(metadata (info {{ (id "1") (classification "board/sow/three rows") }}))
"#
    )
}

/// A vendored description's text.
fn vendored_text(file: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/ludii/lud");
    std::fs::read_to_string(format!("{dir}/{file}")).unwrap()
}

/// The `(equipment …)` of a vendored description, as written, with its size's define in
/// place of the define's use.
fn equipment_of(file: &str) -> String {
    let text = vendored_text(file);
    let start = text.find("(equipment").unwrap();
    let mut depth = 0;
    for (offset, c) in text[start..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let columns = text
                        .split("(define \"Columns\" ")
                        .nth(1)
                        .and_then(|rest| rest.split(')').next())
                        .unwrap();
                    return text[start..=start + offset].replace("\"Columns\"", columns);
                }
            }
            _ => {}
        }
    }
    panic!("{file}: the equipment does not close");
}

/// The equipment of a board of three rows of six with these tracks, each player's row its own.
fn three_rows(tracks: &str) -> String {
    format!(
        r#"(equipment {{
        (mancalaBoard 3 6 store:None {{
            {tracks}
        }})
        (regions P1 (sites Bottom))
        (regions P2 (sites Top))
        (piece "Seed" Shared)
        (hand Each)
    }})"#
    )
}

fn lacks(text: &str) -> Vec<String> {
    match sowing_description("Test.lud", text).outcome {
        Err(Missing::Lacks(lacks)) => lacks.into_iter().map(|lack| lack.what).collect(),
        other => panic!("expected lacks, got {other:?}"),
    }
}

/// Gabata (Adowa)'s board: three rows of six, the track "0,E,N1,W2,17,W,S1,E2" shared, each
/// player's row and half the middle row its own.
#[test]
fn a_three_row_track_visits_the_holes_in_the_descriptions_order() {
    let text = with_rules(&equipment_of("Gabata (Adowa).lud"));
    let translation = sowing_description("Test.lud", &text);
    let file = translation.outcome.as_ref().expect("the board plays");
    assert_eq!(file.parameters["rows"].value, "3");
    let (_, ludii) = file.presets().unwrap();
    // The direction string walked by hand: player 1's row east, up one and two holes west,
    // player 2's row from site 17 west, down one and two holes east.
    let walked = [0, 1, 2, 3, 4, 5, 11, 10, 9, 17, 16, 15, 14, 13, 12, 6, 7, 8];
    let board = sowing::board::Board::new(&ludii);
    for player in 0..2 {
        let mut hole = walked[0];
        for &expected in walked.iter().skip(1).chain([&walked[0]]) {
            hole = usize::from(board.next[0][player][hole]);
            assert_eq!(hole, expected, "player {}'s track", player + 1);
        }
    }
    assert_eq!(
        file.parameters["territory"].value,
        "0,1,2,3,4,5,9,10,11/6,7,8,12,13,14,15,16,17"
    );
    assert_eq!(ludii.direction, sowing::Direction::Anticlockwise);
}

/// A second track of a player that is neither its first track nor that track backwards
/// (Katro's `TrackCW1`, a boustrophedon of its own) plays no part until a sowing takes it:
/// the board reads, and the sowing along it is named where it is written.
#[test]
fn a_second_track_that_is_not_the_first_backwards_is_named_where_a_sowing_takes_it() {
    let equipment = three_rows(
        r#"(track "Track" "0,E,N1,W2,17,W,S1,E2" loop:True)
            (track "Other" "0,E,N,W" loop:True P1)"#,
    );
    let unused = with_rules(&equipment);
    assert!(
        sowing_description("Test.lud", &unused).outcome.is_ok(),
        "a track nothing sows along lacks nothing"
    );
    let sown = unused.replace("(then (sow))", r#"(then (sow "Other"))"#);
    assert_ne!(sown, unused);
    let translation = sowing_description("Test.lud", &sown);
    let Err(Missing::Lacks(found)) = translation.outcome else {
        panic!("{:?}", translation.outcome);
    };
    assert!(
        found
            .iter()
            .any(|l| l.span.line == 18 && l.what.contains("a second track of player 1 (Other)")),
        "{found:?}"
    );
}

/// Deka's board, five merged parts played on their vertices: its twelve holes round the
/// centre (site 12, which the track passes by) play along the track it walks.
#[test]
fn a_merged_board_plays_along_the_track_its_directions_walk() {
    let equipment = r#"(equipment {
        (board
            (merge {(rectangle 1 5) (rectangle 3 1) (shift 0 2 (rectangle 1 5)) (shift 4 0 (rectangle 3 1)) (shift 2 1 (square 1))})
            (track "Track" "0,E,N,W,S1" loop:True)
            use:Vertex
        )
        (regions P1 (sites {0..4 11}))
        (regions P2 (sites {5..10}))
        (piece "Seed" Shared)
        (hand Each)
    })"#;
    let translation = sowing_description("Test.lud", &with_rules(equipment));
    let file = translation.outcome.expect("the board plays");
    assert_eq!(file.parameters["track"].value, "0,1,2,3,4,11,10,9,8,7,6,5");
    assert_eq!(file.parameters["holes"].value, "13");
}

#[test]
fn a_merged_board_played_on_its_cells_is_named() {
    let equipment = r#"(equipment {
        (board (merge {(rectangle 1 5) (shift 0 2 (rectangle 1 5))}) (track "Track" {0 1 2 3 4 9 8 7 6 5} loop:True))
        (regions P1 (sites {0..4}))
        (regions P2 (sites {5..9}))
        (piece "Seed" Shared)
        (hand Each)
    })"#;
    let found = lacks(&with_rules(equipment));
    assert!(
        found
            .iter()
            .any(|l| l.starts_with("a merged board played on its cells")),
        "{found:?}"
    );
}

#[test]
fn a_ring_of_sites_plays_along_its_listed_track() {
    let equipment = r#"(equipment {
        (board (concentric {(* 4 2)}) (track "Track" "0,2,4,6,7,5,3,1" loop:True) use:Vertex)
        (regions P1 (sites {0 2 4 6}))
        (regions P2 (sites {1 3 5 7}))
        (piece "Seed" Shared)
        (hand Each)
    })"#;
    let translation = sowing_description("Test.lud", &with_rules(equipment));
    let file = translation.outcome.as_ref().expect("the ring plays");
    assert_eq!(file.parameters["track"].value, "0,2,4,6,7,5,3,1");
    assert_eq!(file.parameters["territory"].value, "0,2,4,6/1,3,5,7");
}

#[test]
fn a_track_listed_as_an_array_of_sites_reads_alike() {
    let equipment = r#"(equipment {
        (board (concentric {8}) (track "Track" {0 2 4 6 7 5 3 1} loop:True) use:Vertex)
        (regions P1 (sites {0 2 4 6}))
        (regions P2 (sites {1 3 5 7}))
        (piece "Seed" Shared)
        (hand Each)
    })"#;
    let translation = sowing_description("Test.lud", &with_rules(equipment));
    let file = translation.outcome.as_ref().expect("the ring plays");
    assert_eq!(file.parameters["track"].value, "0,2,4,6,7,5,3,1");
}

/// Abalala'e names each player's track "Track" and sows along `"Track" owner:(mover)`: each
/// player its own, read without a lack (both tracks once kept under their shared name, the
/// second hid the first). Without an owner Ludii takes the first track of the name, player
/// 1's, for both players, which is named.
#[test]
fn tracks_of_a_shared_name_are_each_players_own_or_the_first_for_both() {
    let translation = sowing_description("Abalala'e.lud", &vendored_text("Abalala'e.lud"));
    let Err(Missing::Lacks(found)) = translation.outcome else {
        panic!("{:?}", translation.outcome);
    };
    assert!(!found.iter().any(|l| l.what.contains("track")), "{found:?}");
    let equipment = three_rows(
        r#"(track "Track" "0,E,N1,W5,N1,E" loop:True P1)
            (track "Track" "17,W,S1,E5,S1,W" loop:True P2)"#,
    );
    let own =
        with_rules(&equipment).replace("(then (sow))", r#"(then (sow "Track" owner:(mover)))"#);
    assert!(
        sowing_description("Test.lud", &own).outcome.is_ok(),
        "each player's own track"
    );
    let first = with_rules(&equipment).replace("(then (sow))", r#"(then (sow "Track"))"#);
    let found = lacks(&first);
    assert!(
        found.iter().any(|l| l
            == "a sowing of player 2 along player 1's track (Track), the first of its name, as Ludii takes it"),
        "{found:?}"
    );
}

/// En Gehe lacks only the width of the family's bit sets: its board of two rows of 40 is
/// 80 holes, and the same description on rows of 30 reads whole and plays.
#[test]
fn en_gehe_lacks_only_its_eighty_holes() {
    let text = vendored_text("En Gehe.lud");
    assert_eq!(
        lacks(&text),
        ["a board of 80 holes, more than the 64 the family's bit sets hold"]
    );
    let narrower = text.replace(r#"(item "40"   <40>"#, r#"(item "40"   <30>"#);
    assert_ne!(narrower, text);
    let translation = sowing_description("En Gehe.lud", &narrower);
    assert!(translation.outcome.is_ok(), "{:?}", translation.outcome);
}

/// Mbelele's map of each hole's opposite is read into its table, no lack at the map or its
/// pairs; with a pair off the board it is one lack at the map, not one at each of its 36
/// pairs, so that what its rules lack shows beside it.
#[test]
fn a_map_from_sites_is_read_or_one_lack_at_the_map() {
    let file = "Mbelele.lud";
    let off_board = vendored_text(file).replacen("(pair 29 35)", "(pair 29 99)", 1);
    for (text, at_map) in [(vendored_text(file), 0), (off_board, 1)] {
        let translation = sowing_description(file, &text);
        let Err(Missing::Lacks(found)) = translation.outcome else {
            panic!("{:?}", translation.outcome);
        };
        let lacked: Vec<_> = found.iter().filter(|l| l.span.line == 27).collect();
        assert_eq!(lacked.len(), at_map, "{found:?}");
        assert!(
            lacked
                .iter()
                .all(|l| l.what.starts_with("a map from sites, not players"))
        );
        assert!(
            found.iter().all(|l| !(28..=31).contains(&l.span.line)),
            "{found:?}"
        );
    }
}
