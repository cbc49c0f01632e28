//! Hand-set positions every game refuses, each with the field it names: one policy for all
//! seven setups (unknown keys, seats that are not players, numbers out of range, positions the
//! game could not reach).

use engine::scenario::ScenarioError;

fn check(game: &str, setup: &str, expected: &str) {
    check_under(game, "dlp", setup, expected);
}

fn check_under(game: &str, preset: &str, setup: &str, expected: &str) {
    let ruleset = rulesets::find(game).unwrap();
    let yaml =
        format!("scenarios:\n- name: bad\n  preset: {preset}\n  setup: {setup}\n  expect: {{}}\n");
    let scenario = &engine::scenario::parse_file(&yaml).unwrap()[0];
    let options = ruleset
        .resolve(&scenario.preset, &scenario.options)
        .unwrap();
    match options.run_scenario(scenario) {
        Ok(_) => panic!("{game}: {setup} was accepted"),
        Err(error) => assert!(
            matches!(error, ScenarioError::Setup(_)) && error.to_string().contains(expected),
            "{game}: {setup}\n  expected an error containing {expected:?}\n  found {error:?}"
        ),
    }
}

const BOARD: &str = "{a: [4, 4, 4, 4, 4, 4], b: [4, 4, 4, 4, 4, 4]}";

#[test]
fn unknown_keys_are_refused_by_name() {
    check(
        "baqura",
        &format!("{{board: {BOARD}, hand: [1, 0]}}"),
        "unknown field `hand`",
    );
    check("tuz", "{bord: {a: [1]}}", "unknown field `bord`");
    check(
        "kioz",
        "{p1: [], p2: [], moves: []}",
        "unknown field `moves`",
    );
    check(
        "sig",
        "{players: {\"1\": {farther: 3}}}",
        "unknown field `farther`",
    );
    check(
        "deleb",
        "{team1: [], team2: [], stage: [1]}",
        "unknown field `stage`",
    );
    check("barjis", "{man: {}}", "unknown field `man`");
    check("natt-klab-ash-shawk", "{row: []}", "unknown field `row`");
}

#[test]
fn seats_are_players() {
    check(
        "baqura",
        &format!("{{board: {BOARD}, to_move: 3}}"),
        "to_move: seat 3 is not a player: seats run from 1 to 2",
    );
    check(
        "baqura",
        &format!("{{board: {BOARD}, to_move: 0}}"),
        "seat 0 is not a player",
    );
    check(
        "sig",
        "{cairo_paid: {\"3\": 1}}",
        "cairo_paid: seat 3 is not a player",
    );
    check(
        "sig",
        "{players: {\"0\": {father: 3}}}",
        "seat 0 is not a player",
    );
    check(
        "barjis",
        "{men: {\"5\": [home, home, home, home]}}",
        "men: seat 5 is not a player",
    );
    check(
        "deleb",
        "{team1: [], team2: [], to_move: 5}",
        "to_move: seat 5 is not a player",
    );
    check(
        "kioz",
        "{p1: [], p2: [], to_move: -1}",
        "seat -1 is not a player",
    );
    check(
        "natt-klab-ash-shawk",
        "{to_move: \"x\"}",
        "seat \"x\" is not a player",
    );
}

#[test]
fn finish_orders_are_distinct_finished_players() {
    check(
        "sig",
        "{finished: [1, 1]}",
        "finished: seat 1 finishes twice",
    );
    check(
        "sig",
        "{finished: [1]}",
        "player 1 is marked finished but has not every piece at Mecca",
    );
    check(
        "sig",
        "{players: {\"1\": {father: mecca, djinn: mecca, mother: mecca}}}",
        "player 1 is marked playing but has every piece at Mecca",
    );
    check(
        "barjis",
        "{finished: [2]}",
        "player 2 is marked finished with 0 men off",
    );
    check_under(
        "barjis",
        "ludii",
        "{men: {\"1\": [borne-off, borne-off, borne-off, borne-off]}, finished: [1], to_move: 1}",
        "to_move: player 1 has finished",
    );
}

#[test]
fn numbers_out_of_range_are_refused() {
    check(
        "baqura",
        "{board: {a: [256, 4, 4, 4, 4, 4], b: [4, 4, 4, 4, 4, 4]}}",
        "256",
    );
    check(
        "baqura",
        "{board: {a: [4, 4, 4, 4, 4], b: [4, 4, 4, 4, 4, 4]}}",
        "length 5",
    );
    check(
        "tuz",
        &format!("{{tuz: {BOARD}}}"),
        "tuz: tuz marks are 0, 1 or 2",
    );
    check(
        "sig",
        "{players: {\"1\": {father: 99}}}",
        "99 is not a cell",
    );
    check(
        "barjis",
        "{men: {\"1\": [85, home, home, home]}}",
        "85 is not on the route",
    );
    check(
        "deleb",
        "{team1: [], team2: [], stages: [5]}",
        "stages: 5 is not a stage from 1 to 4",
    );
    check(
        "deleb",
        "{team1: [], team2: [], pending: [5]}",
        "pending: pending throws are values",
    );
    check(
        "natt-klab-ash-shawk",
        "{rows: [\"22222\", \"22222\", \"22x11\", \"11111\", \"11111\"]}",
        "rows: 'x' is not 1, 2 or .",
    );
}

#[test]
fn positions_the_game_cannot_reach_are_refused() {
    check(
        "baqura",
        "{board: {a: [40, 40, 0, 0, 0, 0], b: [0, 0, 0, 0, 0, 0]}}",
        "80 counters in play; the game has 72",
    );
    check("kioz", "{p1: [a1, a1], p2: []}", "two pieces on a1");
    check("kioz", "{p1: [z9], p2: []}", "p1: \"z9\" is not a cell");
    check("deleb", "{team1: [a1], team2: [a1]}", "two pieces on a1");
    check(
        "baqura",
        &format!("{{board: {BOARD}, relay: c1}}"),
        "\"c1\" is not a hole",
    );
}
