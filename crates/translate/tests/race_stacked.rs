//! The Tables games whose pieces start stacked and are unstacked before they race (Kiz
//! Tavlasi, Yahoudieh, Ofanfelling), read from their vendored descriptions and played from
//! their start: a die of v selects the stack on the v-th point of the mover's track.

use std::path::PathBuf;

use engine::{Game, Observe, Phase};
use race::Race;
use translate::race_description;
use vendored::{changed, lacks};

// Shared by the families' test files; this one takes its edits and lacks, not the sowing
// readings' checks.
#[allow(dead_code)]
mod vendored;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn lud(file: &str) -> String {
    std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap()
}

/// The game a description reads to, with where each parameter is read.
fn read(file: &str) -> race::file::GameFile {
    match race_description(file, &lud(file)).outcome {
        Ok(game) => game,
        Err(missing) => panic!("{file} does not play: {missing:?}"),
    }
}

/// The value a description reads for `key`, and the line it cites.
fn value(game: &race::file::GameFile, key: &str) -> (String, String) {
    let read = &game.parameters[key];
    (read.value.clone(), read.cites.clone())
}

/// A game of the description from its start, played by `steps`: `(a, b)` throws two dice,
/// a move is named by its notation.
#[derive(Clone, Copy)]
enum Step<'s> {
    Throw(u8, u8),
    Move(&'s str),
}

fn played(file: &str, steps: &[Step<'_>]) -> Race {
    let (_, ludii) = read(file).presets().unwrap();
    let mut game = Race::new(&ludii);
    for step in steps {
        match *step {
            Step::Throw(first, second) => {
                assert!(matches!(game.phase(), Phase::Chance(_)), "a throw is due");
                game.apply_chance(first - 1 + 6 * (second - 1));
            }
            Step::Move(wanted) => {
                let chosen = legal_moves(&game)
                    .into_iter()
                    .find(|&m| game.notation(m) == wanted)
                    .unwrap_or_else(|| panic!("{wanted} is not legal: {:?}", legal(&game)));
                game.apply(chosen);
            }
        }
    }
    game
}

fn legal_moves(game: &Race) -> Vec<race::Move> {
    let mut moves = Vec::new();
    if matches!(game.phase(), Phase::Decision(_)) {
        game.legal_moves(&mut moves);
    }
    moves
}

fn legal(game: &Race) -> Vec<String> {
    legal_moves(game)
        .into_iter()
        .map(|m| game.notation(m))
        .collect()
}

/// Kiz Tavlasi's phase "UnStacking" (line 68) before its "BearingOff": each die selects the
/// stack on its point, a stack of three is undone half then whole (`(if (= 3 (size Stack
/// at:(last To))) ("UnstackHalf") ("UnstackFull"))`), and the race plays a double one die and
/// throws again (`(if (or (all DiceEqual) (not "SameTurn")) (roll))`, line 111).
#[test]
fn kiz_tavlasi_unstacks_each_point_by_its_die_a_stack_of_three_in_halves() {
    let game = read("Kiz Tavlasi.lud");
    assert_eq!(
        value(&game, "stacked_start"),
        ("unstack".into(), "Kiz Tavlasi.lud:68".into())
    );
    assert_eq!(value(&game, "unstack_in_halves").0, "3");
    assert_eq!(
        value(&game, "rethrow_doubles"),
        ("in-race".into(), "Kiz Tavlasi.lud:111".into())
    );
    assert_eq!(
        value(&game, "start").0,
        "1 1 2 2 3 3 4 4 4 5 5 5 6 6 6 | 1 1 2 2 3 3 4 4 4 5 5 5 6 6 6"
    );
    // The race's consequence after the choice of pieces, given to the pieces' dice.
    assert_eq!(
        value(&game, "unplayable_die_passes"),
        ("true".into(), "Kiz Tavlasi.lud:113".into())
    );
    // Player 1's points are 7 to 12: a 1 and a 4 select the stacks on 7 and on 10.
    let start = played("Kiz Tavlasi.lud", &[Step::Throw(1, 4)]);
    assert_eq!(legal(&start), ["unstack 7 [1]", "unstack 10 [4]"]);
    // The stack of three on 10 is half undone by one die, whole by another.
    let half = played(
        "Kiz Tavlasi.lud",
        &[Step::Throw(4, 4), Step::Move("unstack 10 [4]")],
    );
    assert_eq!(legal(&half), ["unstack 10 [4]"]);
    let whole = played(
        "Kiz Tavlasi.lud",
        &[
            Step::Throw(4, 4),
            Step::Move("unstack 10 [4]"),
            Step::Move("unstack 10 [4]"),
        ],
    );
    assert_eq!(whole.observe()["half"][0], serde_json::json!([]));
    assert_eq!(whole.observe()["turn"], 2);
    // A stack of two is undone by one die: the other die of the double has nothing to select.
    let two = played(
        "Kiz Tavlasi.lud",
        &[Step::Throw(1, 1), Step::Move("unstack 7 [1]")],
    );
    assert_eq!(legal(&two), ["pass"]);
}

/// Kiz Tavlasi's player 1 with every stack undone by its dice races with the die left; a
/// double in the race is played one die, then thrown again.
#[test]
fn kiz_tavlasi_races_once_its_stacks_are_undone_and_throws_a_double_again() {
    // Player 1's points 7 to 9 hold two pieces, 10 to 12 three; player 2's 18 to 13 alike.
    let script: &[Step<'_>] = &[
        Step::Throw(1, 2),
        Step::Move("unstack 7 [1]"),
        Step::Move("unstack 8 [2]"),
        Step::Throw(1, 2),
        Step::Move("unstack 18 [1]"),
        Step::Move("unstack 17 [2]"),
        Step::Throw(3, 6),
        Step::Move("unstack 9 [3]"),
        Step::Move("unstack 12 [6]"),
        Step::Throw(1, 2),
        Step::Move("pass"),
        Step::Throw(4, 5),
        Step::Move("unstack 10 [4]"),
        Step::Move("unstack 11 [5]"),
        Step::Throw(1, 2),
        Step::Move("pass"),
        Step::Throw(4, 6),
        Step::Move("unstack 10 [4]"),
        Step::Move("unstack 12 [6]"),
        Step::Throw(1, 2),
        Step::Move("pass"),
        Step::Throw(5, 4),
        Step::Move("unstack 11 [5]"),
    ];
    let racing = played("Kiz Tavlasi.lud", script);
    assert_eq!(racing.observe()["stage"][0], "racing");
    assert_eq!(
        legal(&racing),
        [
            "7-11 [4]",
            "8-12 [4]",
            "9-off [4]",
            "10-off [4]",
            "11-off [4]",
            "12-off [4]"
        ]
    );
    let mut doubled = script.to_vec();
    doubled.extend([
        Step::Move("12-off [4]"),
        Step::Throw(1, 2),
        Step::Move("pass"),
    ]);
    doubled.extend([Step::Throw(3, 3), Step::Move("12-off [3]")]);
    let again = played("Kiz Tavlasi.lud", &doubled);
    assert_eq!(again.observe()["turn"], 1);
    assert!(
        matches!(again.phase(), Phase::Chance(_)),
        "the double is thrown again"
    );
}

/// Yahoudieh unstacks its points (line 74), then stacks them again (`(phase "Stacking" …)`,
/// each undone stack of three stacked half, which is enough), before it bears off.
#[test]
fn yahoudieh_stacks_its_points_again_before_bearing_off() {
    let game = read("Yahoudieh.lud");
    assert_eq!(
        value(&game, "stacked_start"),
        ("unstack-restack".into(), "Yahoudieh.lud:74".into())
    );
    assert_eq!(value(&game, "unstack_in_halves").0, "3");
    assert_eq!(
        value(&game, "rethrow_doubles"),
        ("in-race".into(), "Yahoudieh.lud:158".into())
    );
    let start = played("Yahoudieh.lud", &[Step::Throw(2, 6)]);
    assert_eq!(legal(&start), ["unstack 8 [2]", "unstack 12 [6]"]);
}

/// Ofanfelling's stacks are all of two: each undone by one die and stacked again by one. Every
/// phase throws a double again after one die, `(then (if (all DiceEqual) (and (set Pending)
/// (moveAgain))))` with `(if (or (is Pending) (not "SameTurn")) (roll))`, and after a pass too:
/// Ludii's `Do` gives its consequence to the forced pass it lists.
#[test]
fn ofanfelling_throws_a_double_again_after_a_die_or_a_pass_in_every_phase() {
    let game = read("Ofanfelling.lud");
    assert_eq!(
        value(&game, "stacked_start"),
        ("unstack-restack".into(), "Ofanfelling.lud:59".into())
    );
    assert_eq!(value(&game, "unstack_in_halves").0, "0");
    assert_eq!(value(&game, "rethrow_doubles").0, "always");
    let after_die = played(
        "Ofanfelling.lud",
        &[Step::Throw(2, 2), Step::Move("unstack 8 [2]")],
    );
    assert!(matches!(after_die.phase(), Phase::Chance(_)));
    assert_eq!(after_die.observe()["turn"], 1);
    let after_pass = played(
        "Ofanfelling.lud",
        &[
            Step::Throw(2, 2),
            Step::Move("unstack 8 [2]"),
            Step::Throw(2, 2),
            Step::Move("pass"),
        ],
    );
    assert!(matches!(after_pass.phase(), Phase::Chance(_)));
    assert_eq!(after_pass.observe()["turn"], 1);
}

/// Dubblets plays a double as many selections of any stack as its dice add up to, counted in
/// `(var "Double")` (line 83), and in the race as the bearing off of any piece, the count ended
/// but the turn going on while the dice are unused (line 145): every piece goes.
#[test]
fn dubblets_plays_a_double_on_any_stack_and_bears_off_every_piece_by_one() {
    let game = read("Dubblets.lud");
    assert_eq!(
        value(&game, "double_selects_any"),
        ("true".into(), "Dubblets.lud:83".into())
    );
    assert_eq!(
        value(&game, "double_bears_off_all"),
        ("true".into(), "Dubblets.lud:145".into())
    );
    assert_eq!(value(&game, "stacked_start").0, "unstack");
    assert_eq!(value(&game, "rethrow_doubles").0, "never");
    // Player 1's points are 0 to 5: a double of twos is four selections of any stack.
    // The stack of three on 5 is undone by two of them.
    let mut steps = vec![
        Step::Throw(2, 2),
        Step::Move("unstack 5 [double]"),
        Step::Move("unstack 5 [double]"),
    ];
    let doubled = played("Dubblets.lud", &steps);
    assert_eq!(
        legal(&doubled),
        [
            "unstack 0 [double]",
            "unstack 1 [double]",
            "unstack 2 [double]",
            "unstack 3 [double]",
            "unstack 4 [double]"
        ]
    );
    steps.push(Step::Move("unstack 4 [double]"));
    let three = played("Dubblets.lud", &steps);
    assert_eq!(three.observe()["turn"], 1);
    steps.push(Step::Move("unstack 0 [double]"));
    let four = played("Dubblets.lud", &steps);
    assert_eq!(four.observe()["turn"], 2);
    assert!(matches!(four.phase(), Phase::Chance(_)));
}

/// Tables Rabbatuees bears its pieces off into the hand, `(move (from …) (to (handSite Mover)))`
/// (line 8), a double any of them (line 150), and once none is on the board places them again
/// in its phase "Placing" (line 172): each die of v onto the v-th point of its track while
/// fewer stand there than the start placed (line 179), the first whose hand is empty winning.
#[test]
fn tables_rabbatuees_places_its_pieces_again_on_its_start_after_the_race() {
    let file = "Tables Rabbatuees.lud";
    let game = read(file);
    assert_eq!(
        value(&game, "replace_after_race"),
        ("true".into(), format!("{file}:179"))
    );
    assert_eq!(value(&game, "double_bears_off_all").0, "true");
    assert_eq!(value(&game, "double_selects_any").0, "true");
    assert_eq!(value(&game, "stacked_start").0, "unstack");
    assert_eq!(value(&game, "bear_off").0, "any");
    assert_eq!(value(&game, "ranking").0, "first-out-wins");
    assert_eq!(value(&game, "ranking").1, format!("{file}:199"));
    // A placing that lets three pieces onto each of the first three points is not the
    // start's two.
    let three = changed(
        file,
        "(< (size Stack at:\"SiteToSelect\") 2)",
        "(< (size Stack at:\"SiteToSelect\") 3)",
    );
    lacks(&race_description(file, &three), 179, "not the start's");
    // A race that hands over while pieces are left on the board is named.
    let early = changed(
        file,
        "(no Pieces Mover in:(sites Board))",
        "(no Pieces Mover in:(sites Mover \"Home\"))",
    );
    lacks(
        &race_description(file, &early),
        168,
        "hands over to the placing",
    );
}
