//! Ends on where the mover's pieces stand, `(if COND (result Mover Win))`, read as the race
//! family's `goals` (`race_description/goal.rs`), and the Tables turn's score beside each
//! unused die, read past where no end asks a score.

use std::path::PathBuf;

use translate::{Missing, race_description};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn vendored(file: &str) -> String {
    std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap()
}

/// What a description reads to and lacks, under its default options.
fn read_partly(file: &str, text: &str) -> (translate::Reading, Vec<translate::Lack>) {
    let description = ludii::Description::read(file, text).unwrap();
    let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
    race_description::read_partly(&expanded)
}

/// Schuster plays: its `("SpecialWin")`, asked of each player apart under `(if (is Mover P1)
/// …)`, is each seat's goal (all fifteen on the six points, three on each of the first three,
/// one or more of its own on each of the others), beside the first out; and its consequence's
/// `(addScore Mover 2)` for the same position changes no play, since no end asks a score.
#[test]
fn schuster_s_special_win_is_each_seat_s_goal() {
    let game = match race_description("Schuster.lud", &vendored("Schuster.lud")).outcome {
        Ok(game) => game,
        Err(missing) => panic!("Schuster does not play: {missing:?}"),
    };
    let goals = &game.parameters["goals"];
    assert_eq!(
        goals.value,
        "0 1 2 3 4 5 own=15, 3 own>=1, 4 own>=1, 5 own>=1, 0=3, 1=3, 2=3 \
         | 13 14 15 16 17 18 own=15, 16 own>=1, 17 own>=1, 18 own>=1, 13=3, 14=3, 15=3"
    );
    assert_eq!(goals.cites, "Schuster.lud:113");
    assert_eq!(game.parameters["ranking"].value, "first-out-wins");
    let (_, params) = game.presets().unwrap();
    let first = &params.goals.of(0)[0];
    assert_eq!(first.within_count, 15);
    assert_eq!(
        first.within.cells().collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4, 5]
    );
    assert_eq!(first.cells()[3], [0, 0, 3, 3]);
    assert_eq!(first.cells()[0], [3, 1, 1, u8::MAX]);
}

/// Where the end asks a score, the score beside each unused die is a rule of play: a lack, at
/// its place (Schuster.lud:89).
#[test]
fn a_score_beside_each_unused_die_is_read_past_only_where_no_end_asks_it() {
    let text = vendored("Schuster.lud").replacen(
        "(if (no Pieces Mover) (result Mover Win))",
        "(if (<= 2 (score Mover)) (result Mover Win))",
        1,
    );
    let (_, lacks) = read_partly("Schuster.lud", &text);
    assert!(
        lacks.iter().any(|l| l.span.line == 89
            && l.what
                .starts_with("a consequence of each die the reader does not read: (if")),
        "{lacks:?}"
    );
}

/// Svensk Bradspel's four positions are each seat's four goals, P2's ThreeOnFive as written
/// (13, 14, 15, 17 and 18, not the mirror of P1's 8 to 12); its turn, whose landing on its
/// starting side waits for a player's value, stays a lack.
#[test]
fn svensk_bradspel_s_four_positions_are_each_seat_s_goals() {
    let (reading, lacks) = read_partly("Svensk Bradspel.lud", &vendored("Svensk Bradspel.lud"));
    assert!(lacks.iter().all(|l| l.span.line != 184), "{lacks:?}");
    // Named as the consequence that sets the player's value on the twelfth point.
    assert!(
        lacks
            .iter()
            .any(|l| l.what.starts_with("a consequence of each die")
                && l.what.contains("(set Value Mover 1)")),
        "{lacks:?}"
    );
    let goals = &reading["goals"].value;
    let seats: Vec<&str> = goals.split(" | ").collect();
    assert_eq!(seats.len(), 2, "{goals}");
    assert_eq!(seats[0].split("; ").count(), 4, "{goals}");
    assert!(
        seats[1].contains("13 own>=1, 14 own>=1, 15 own>=1, 17 own>=1, 18 own>=1, 13=3"),
        "{goals}"
    );
    assert!(seats[0].contains("12 own>=1, 12=15"), "{goals}");
}

/// Tourne-Case's `(= 3 (count Pieces Mover in:(sites {(mapEntry "FinalPoint" Mover)})))`,
/// asked of each player, its map's site of each, alone: its tracks have no `End`, so no piece
/// bears off. The throw of the lower die stays a lack.
#[test]
fn tourne_case_s_three_on_the_final_point_is_each_seat_s_goal() {
    let (reading, lacks) = read_partly("Tourne-Case.lud", &vendored("Tourne-Case.lud"));
    assert!(lacks.iter().all(|l| l.span.line != 82), "{lacks:?}");
    assert_eq!(reading["goals"].value, "13 own=3 | 0 own=3");
    assert_eq!(reading["ranking"].value, "first-out-wins");
    // A goal alone where a track ends, and pieces bear off, would finish on either: a lack.
    let ending = vendored("Tourne-Case.lud").replacen("18..13}", "18..13 End}", 1);
    let (_, lacks) = read_partly("Tourne-Case.lud", &ending);
    assert!(
        lacks.iter().any(|l| l.span.line == 82
            && l.what.contains("alone, in a game whose pieces bear off")),
        "{lacks:?}"
    );
}

/// A count of pieces on sites the reader does not resolve is named with its place.
#[test]
fn a_count_on_sites_the_reader_does_not_read_is_named() {
    match race_description("Saturankam.lud", &vendored("Saturankam.lud")).outcome {
        Err(Missing::Lacks(lacks)) => {
            assert!(
                lacks.iter().any(|l| l.span.line == 132
                    && l.what.contains("(count Pieces Mover in:(sites Centre))")),
                "{lacks:?}"
            )
        }
        other => panic!("Saturankam plays: {other:?}"),
    }
}
