//! The sowing family's game files: the shipped ones all load and play, and a bad one is an
//! error naming its file, line, column and field while the others still load.

use rulesets::{Registry, read_family_files};

const GOOD: &str = include_str!("../../../corpus/families/sowing/wore.yaml");

#[test]
fn every_shipped_game_file_loads_and_is_in_the_registry() {
    assert_eq!(rulesets::family_file_errors(), &[]);
    let wore = Registry::shipped()
        .find("wore")
        .expect("Wore is a game of the family");
    let resolved = wore.resolve("ludii", &Default::default()).unwrap();
    assert_eq!(resolved.options()["seeds"], "6");
    let playout = resolved.playout(1, 0, engine::Caps::LUDII);
    assert!(playout.moves > 0);
}

#[test]
fn the_options_cite_the_games_own_lines() {
    let wore = Registry::shipped().find("wore").unwrap();
    let seeds = wore.specs().iter().find(|s| s.key == "seeds").unwrap();
    assert!(seeds.cites.starts_with("Wore.lud:"), "{}", seeds.cites);
    assert!(seeds.source.contains("set Count"), "{}", seeds.source);
}

fn check(text: &str, line: u64, field: &str, reason: &str) {
    let files = [
        ("corpus/families/sowing/good.yaml", GOOD),
        ("corpus/families/sowing/bad.yaml", text),
    ];
    let read = read_family_files(&files);
    assert_eq!(read.games.len(), 1, "the good file still loads");
    let [error] = read.errors.as_slice() else {
        panic!("one error expected, got {:?}", read.errors);
    };
    assert_eq!(error.file, "corpus/families/sowing/bad.yaml");
    assert_eq!((error.line, error.field.as_str()), (line, field), "{error}");
    assert!(error.reason.contains(reason), "{error}");
}

/// A game file is read by the family whose folder holds it; one outside every family's folder
/// is refused, not read as some family's.
#[test]
fn a_file_outside_the_families_folders_is_refused() {
    let read = read_family_files(&[("corpus/games/wore.yaml", GOOD)]);
    assert!(read.games.is_empty());
    let [error] = read.errors.as_slice() else {
        panic!("one error expected, got {:?}", read.errors);
    };
    assert!(error.reason.contains("families/sowing/"), "{error}");
}

fn line_of(text: &str, needle: &str) -> u64 {
    text.lines().position(|l| l.contains(needle)).unwrap() as u64 + 1
}

#[test]
fn an_unknown_parameter_is_refused_at_its_line() {
    let bad = GOOD.replace("  holes:", "  holez:");
    check(
        &bad,
        line_of(&bad, "holez:"),
        "parameters.holez",
        "unknown option",
    );
}

#[test]
fn an_out_of_range_parameter_is_refused_at_its_line() {
    let bad = GOOD.replacen("value: \"2\"", "value: \"99\"", 1);
    let key = bad
        .lines()
        .zip(bad.lines().skip(1))
        .find(|(_, next)| next.contains("value: \"99\""))
        .map(|(key, _)| key.trim().trim_end_matches(':').to_string())
        .unwrap();
    check(
        &bad,
        line_of(&bad, &format!("  {key}:")),
        &format!("parameters.{key}"),
        "99",
    );
}

#[test]
fn a_missing_parameter_is_refused() {
    let start = GOOD.find("  seeds:").unwrap();
    let end = start + GOOD[start..].find("  skip_origin:").unwrap();
    let bad = format!("{}{}", &GOOD[..start], &GOOD[end..]);
    check(
        &bad,
        line_of(&bad, "parameters:"),
        "parameters.seeds",
        "missing",
    );
}

#[test]
fn a_file_that_is_not_a_game_file_is_refused() {
    check("slug: [1, 2\n", 1, "file", "");
    let unknown_field = format!("{GOOD}colour: red\n");
    let read = read_family_files(&[("corpus/families/sowing/bad.yaml", unknown_field.as_str())]);
    assert_eq!(read.errors.len(), 1);
    assert!(
        read.errors[0].reason.contains("colour"),
        "{}",
        read.errors[0]
    );
}

#[test]
fn a_family_game_is_found_alone_as_in_the_registry() {
    let alone = rulesets::find_alone("wore").unwrap();
    let shipped = Registry::shipped().find("wore").unwrap();
    assert_eq!(
        alone.resolve("ludii", &Default::default()).unwrap(),
        shipped.resolve("ludii", &Default::default()).unwrap()
    );
    assert!(rulesets::find_alone("no-such-game").is_err());
}

/// A game file's faults of Ludii's engine (`ludii_faults`) are the registry's options on the
/// `ludii` preset that play the game as Ludii 1.3.13 does, for a race game no record links
/// (Todas Tablas: its stacks' moves listed once a piece) as for a sowing game (Mewelad); a game
/// Ludii plays as its description says has none. A fault the file names wrong is refused at
/// its line.
#[test]
fn a_game_file_s_faults_of_ludii_s_engine_are_its_options_as_ludii_plays() {
    let faults = |slug: &str| rulesets::find(slug).unwrap().ludii_faults().cloned();
    let todas = faults("todas-tablas").expect("Todas Tablas keeps a fault of Ludii's");
    assert_eq!(todas["moves_listed"], "per-piece");
    assert_eq!(
        faults("mewelad").unwrap()["round_leftovers"],
        "first-if-passed"
    );
    assert_eq!(faults("backgammon"), None);
    let game = rulesets::find("todas-tablas").unwrap();
    let as_ludii_plays = game.resolve("ludii", &todas).unwrap();
    assert_eq!(as_ludii_plays.options()["moves_listed"], "per-piece");
    assert_eq!(
        game.resolve("ludii", &Default::default())
            .unwrap()
            .options()["moves_listed"],
        "once"
    );

    let text = include_str!("../../../corpus/families/race/ludii/todas-tablas.yaml");
    let broken = text.replace("    value: per-piece\n", "    value: per-stack\n");
    assert_ne!(broken, text);
    let files = read_family_files(&[("corpus/families/race/ludii/todas-tablas.yaml", &broken)]);
    assert!(files.games.is_empty());
    let error = &files.errors[0];
    assert_eq!(error.field, "ludii_faults.moves_listed", "{error}");
    assert_eq!(
        error.line,
        line_of(&broken, "value: per-stack") - 1,
        "{error}"
    );
}
