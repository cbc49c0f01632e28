//! Ludii's race descriptions read as the race family's parameters: every vendored description
//! reads or names what it lacks, the games written by hand agree with the reading of their
//! descriptions, and one case per rule, each a small description written as Ludii's are.

use std::collections::BTreeMap;
use std::path::PathBuf;

use engine::Options;
use race::RaceParams;
use race::file::GameFile;
use translate::{Missing, race_description};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

/// Every description classified a race game, by file name, with its text.
fn race_descriptions() -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(corpus().join("ludii/lud"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lud"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.file_name().unwrap().to_str().unwrap().to_string(), text)
        })
        .filter(|(_, text)| text.contains("(classification \"board/race"))
        .collect();
    found.sort();
    found
}

#[test]
fn every_race_description_plays_or_names_what_it_lacks() {
    let descriptions = race_descriptions();
    assert_eq!(descriptions.len(), 238);
    let mut playable = Vec::new();
    let mut no_rules = Vec::new();
    for (file, text) in &descriptions {
        let translation = race_description(file, text);
        match &translation.outcome {
            Ok(game) => {
                game.presets()
                    .unwrap_or_else(|e| panic!("{file}: the game file does not play: {e}"));
                playable.push(file.as_str());
            }
            Err(Missing::Unreadable(reason)) => {
                assert!(reason.contains("(match …)"), "{file}: unreadable: {reason}")
            }
            Err(Missing::NoRules(play)) => {
                assert!(play.span.line > 0, "{file}: no rules without a place");
                no_rules.push(file.as_str());
            }
            Err(Missing::Lacks(lacks)) => {
                assert!(!lacks.is_empty(), "{file}: no lack named");
                for lack in lacks {
                    assert!(
                        lack.span.line > 0,
                        "{file}: a lack without its place: {lack:?}"
                    );
                    assert!(!lack.what.is_empty(), "{file}: a lack without words");
                }
            }
        }
    }
    assert!(playable.contains(&"Royal Game of Ur.lud"), "{playable:?}");
    assert!(no_rules.contains(&"Barail.lud"), "{no_rules:?}");
}

fn vendored(file: &str) -> String {
    std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap()
}

/// The line of the play where a description's play can make no move, read as the sowing
/// family's placeholders are.
fn no_rules_line(file: &str, text: &str) -> Option<u32> {
    match race_description(file, text).outcome {
        Err(Missing::NoRules(play)) => Some(play.span.line),
        _ => None,
    }
}

#[test]
fn a_race_description_whose_pieces_have_no_moves_describes_no_rules() {
    // `(play (forEach Piece))` where the equipment declares no piece at all.
    assert_eq!(no_rules_line("Aasha.lud", &vendored("Aasha.lud")), Some(16));
    // `(play (do (roll) next:(forEach Piece)))` over `(piece "Disc" Each)`: Ludii's `Do`
    // makes its `next:`'s moves alone, and the disc declares none.
    let barail = vendored("Barail.lud");
    assert_eq!(no_rules_line("Barail.lud", &barail), Some(15));
    // The same board whose discs move along their tracks is a play the family reads.
    let moving = barail.replace(
        r#"(piece "Disc" Each)"#,
        r#"(piece "Disc" Each (move (from) (to (trackSite Move steps:(count Pips)))))"#,
    );
    assert_ne!(moving, barail);
    let outcome = race_description("Barail.lud", &moving).outcome;
    assert!(!matches!(outcome, Err(Missing::NoRules(_))), "{outcome:?}");
}

#[test]
fn race_descriptions_whose_play_makes_a_move_are_not_placeholders() {
    // Pasa rolls and then passes, scoring the throw: `(do (roll …) next:(move Pass …))`
    // makes a move, though its disc declares none.
    let outcome = race_description("Pasa.lud", &vendored("Pasa.lud")).outcome;
    assert!(matches!(outcome, Err(Missing::Lacks(_))), "{outcome:?}");
    // Owasokotz's `(do (roll) next:(forEach Piece))` is over sticks that declare their moves.
    let outcome = race_description("Owasokotz.lud", &vendored("Owasokotz.lud")).outcome;
    assert!(matches!(outcome, Err(Missing::Lacks(_))), "{outcome:?}");
}

/// Each game file written by hand whose description the reader reads, parameter by
/// parameter: the values its `ludii` preset gives are the reading's.
#[test]
fn hand_written_presets_are_what_their_descriptions_read() {
    let mut compared = 0;
    for entry in std::fs::read_dir(corpus().join("families/race")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let file: GameFile =
            corpus::yaml::from_yaml(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let lud = corpus().join("ludii/lud").join(&file.ludii.file);
        let text = std::fs::read_to_string(&lud).unwrap();
        let description = ludii::Description::read(&file.ludii.file, &text).unwrap();
        let selection = match &file.ludii.ruleset {
            Some(name) => ludii::Selection::Ruleset(name.clone()),
            None => ludii::Selection::Defaults,
        };
        let expanded = description.expand(&selection).unwrap();
        let (reading, _) = translate::race_description::read_partly(&expanded);
        let (_, ludii) = file.presets().unwrap();
        let renumbered = reading
            .get("tracks")
            .map(|tracks| cell_map(&tracks.value, &ludii.get("tracks").unwrap()));
        for (key, read) in &reading {
            let mut value = RaceParams::default();
            let read_value = match &renumbered {
                Some(map) if CELL_KEYS.contains(key) => renumber(&read.value, map),
                _ => read.value.clone(),
            };
            value.set(key, &read_value).unwrap();
            assert_eq!(
                value.get(key),
                ludii.get(key),
                "{}: {key} reads {:?} at line {}",
                file.ludii.file,
                read.value,
                read.span.line
            );
            compared += 1;
        }
    }
    // The Royal Game of Ur reads whole; the other games in part.
    assert!(compared >= RaceParams::specs().len(), "{compared} compared");
}

/// The parameters whose numbers name cells of the board.
const CELL_KEYS: [&str; 7] = [
    "tracks",
    "safe_cells",
    "extra_throw_cells",
    "must_stop_cells",
    "no_stack_cells",
    "enter_blocked_cells",
    "jumps",
];

/// A file written by hand may number the board's cells otherwise than Ludii does (20 Squares':
/// Ludii's `merge` numbers the cells of the long row after the top row's, the file along the
/// row): each cell of the read tracks, to the cell at the same place of the same seat's track
/// in the file, which must be one cell each way.
fn cell_map(read: &str, file: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let mut back = BTreeMap::new();
    let (read_seats, file_seats): (Vec<&str>, Vec<&str>) =
        (read.split('|').collect(), file.split('|').collect());
    assert_eq!(
        read_seats.len(),
        file_seats.len(),
        "tracks {read} and {file}"
    );
    for (r, f) in read_seats.iter().zip(&file_seats) {
        let (r, f): (Vec<&str>, Vec<&str>) = (
            r.split_whitespace().collect(),
            f.split_whitespace().collect(),
        );
        assert_eq!(r.len(), f.len(), "tracks {read} and {file}");
        for (a, b) in r.into_iter().zip(f) {
            let to = map.entry(a.to_string()).or_insert_with(|| b.to_string());
            let from = back.entry(b.to_string()).or_insert_with(|| a.to_string());
            assert!(
                to == b && from == a,
                "cell {a} is {b} and {to}: {read} and {file}"
            );
        }
    }
    map
}

/// `value` with each number in it, a cell, renumbered by `map`.
fn renumber(value: &str, map: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut number = String::new();
    for c in value.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            let cell = map
                .get(&number)
                .unwrap_or_else(|| panic!("cell {number} of {value} is on no track"));
            out.push_str(cell);
            number.clear();
        }
        out.push(c);
    }
    out.pop();
    out
}

#[test]
fn the_royal_game_of_ur_reads_whole() {
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Royal Game of Ur.lud")).unwrap();
    let translation = race_description("Royal Game of Ur.lud", &text);
    let game = translation.outcome.expect("Ur plays");
    assert_eq!(
        game.parameters["tracks"].value,
        "3 2 1 0 6 7 8 9 10 11 12 13 5 4 | 17 16 15 14 6 7 8 9 10 11 12 13 19 18"
    );
    assert_eq!(game.parameters["safe_cells"].value, "0 4 9 14 18");
    assert!(
        game.parameters["tracks"]
            .cites
            .starts_with("Royal Game of Ur.lud:")
    );
}

/// Murray's reading in the hand-written file walks the track, and leaves the rosettes bare,
/// as Ludii's Murray ruleset (DLP ruleset 655) does: a track that passes the central row and
/// the start cells twice, read off the description, not copied beside it.
#[test]
fn murray_s_ur_track_and_rosettes_are_ludii_s_murray_ruleset() {
    let path = corpus().join("families/race/royal-game-of-ur.yaml");
    let file: GameFile =
        corpus::yaml::from_yaml(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    let murray = &file.readings["murray"].parameters;
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Royal Game of Ur.lud")).unwrap();
    let description = ludii::Description::read("Royal Game of Ur.lud", &text).unwrap();
    let expanded = description
        .expand(&ludii::Selection::Ruleset(
            "Ruleset/Murray (Suggested)".into(),
        ))
        .unwrap();
    let (reading, _) = translate::race_description::read_partly(&expanded);
    for key in ["tracks", "safe_cells", "extra_throw_cells"] {
        let mut read = RaceParams::default();
        read.set(key, &reading[key].value).unwrap();
        let mut written = RaceParams::default();
        written.set(key, &murray[key].value).unwrap();
        assert_eq!(read.get(key), written.get(key), "{key}");
    }
    let tracks = &reading["tracks"].value;
    assert!(
        tracks
            .split(" | ")
            .all(|track| track.split(' ').count() == 27),
        "{tracks}"
    );
}

/// A two-player race on a 1x6 strip whose parts a case replaces: `{move}`, `{dice}`, `{end}`.
const TEMPLATE: &str = r#"(game "Test"
    (players 2)
    (equipment {
        (board (rectangle 1 6) {
            (track "Track1" "6,0,E,End" P1 directed:True)
            (track "Track2" "7,0,E,End" P2 directed:True)
        })
        {dice}
        (hand Each)
        (regions "Safe" (sites {"C1"}))
        (piece "Disc" Each {move})
    })
    (rules
        (start {
            (place "Disc1" (handSite P1) count:3)
            (place "Disc2" (handSite P2) count:3)
        })
        (play (do (roll) next:(or (forEach Piece) (forEach Piece container:(mover)))))
        {end}
    )
)
(metadata (info { (id "1") (classification "board/race/escape") }))
"#;

const CAPTURE: &str = r#"(if (= (trackSite Move steps:(count Pips)) End)
            (move Remove (from))
            (if (!= (trackSite Move steps:(count Pips)) Off) (move (from)
                (to (trackSite Move steps:(count Pips))
                    if:(not (is Friend (who at:(to))))
                    (apply if:(is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next))))
                )
            ))
        )"#;

fn description(replace: &[(&str, &str)]) -> String {
    let mut text = TEMPLATE.to_string();
    for (key, value) in replace {
        text = text.replace(key, value);
    }
    text.replace("{move}", CAPTURE)
        .replace("{dice}", "(dice d:2 from:0 num:3)")
        .replace("{end}", "(end (if (no Pieces Mover) (result Mover Win)))")
}

fn plays(text: &str, wanted: &[&str]) {
    let translation = race_description("Test.lud", text);
    let game = match translation.outcome {
        Ok(game) => game,
        Err(missing) => panic!("does not play: {missing:?}"),
    };
    for pair in wanted {
        let (key, value) = pair.split_once('=').unwrap();
        assert_eq!(game.parameters[key].value, value, "{key}");
    }
}

/// The vendored description `file` with `from` written `to`, as a test edits it; a `from` the
/// text does not have fails the test rather than testing the description unedited.
fn edited(file: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap();
    let edited = text.replace(from, to);
    assert_ne!(edited, text, "{file} has no {from:?}");
    edited
}

fn lacks(text: &str, words: &str, line: u32) {
    match race_description("Test.lud", text).outcome {
        Err(Missing::Lacks(lacks)) => assert!(
            lacks
                .iter()
                .any(|l| l.what.contains(words) && l.span.line == line),
            "no lack {words:?} at line {line}: {lacks:?}"
        ),
        other => panic!("expected a lack {words:?}: {other:?}"),
    }
}

#[test]
fn a_capture_to_the_hand_and_an_exact_bearing_off() {
    plays(
        &description(&[]),
        &[
            "tracks=0 1 2 3 4 5 | 0 1 2 3 4 5",
            "throw=lots 3",
            "pieces=3",
            "start=hand",
            "land_on_own=forbidden",
            "land_on_enemy=capture",
            "safe_cells=none",
            "extra_throw_cells=none",
            "bear_off=exact",
            "ranking=first-out-wins",
        ],
    );
}

/// A captured piece sent to its owner's hand, `(handSite (who at:(to)))` (El Mundo's), is the
/// family's capture to the hand, as `(handSite Next)` is with two players.
#[test]
fn a_capture_to_the_owner_s_hand_is_a_capture_to_the_hand() {
    let owner = CAPTURE.replace("(handSite Next)", "(handSite (who at:(to)))");
    plays(
        &description(&[("{move}", &owner)]),
        &["land_on_enemy=capture", "capture_return=hand"],
    );
}

/// Dice whose faces differ die by die throw as one throw of every face of every die, the first
/// die's varying fastest, each outcome moving its sum of pips.
#[test]
fn dice_with_faces_by_die_throw_every_face_of_every_die() {
    plays(
        &description(&[("{dice}", "(dice d:2 facesByDie:{{0 1} {0 3}} num:2)")]),
        &[
            "throw=faces 4",
            "throw_values=0=0 1=1 2=3 3=4",
            "dice_use=sum",
        ],
    );
}

/// Dice alike that name their faces, `faces:{1 3 4 6}` (Pahada Keliya's, Saturankam's), throw
/// as so many dice of as many faces, the n-th face listed moving its pips; a throw whose steps
/// are not its pips, such as a map of their total, stays named.
#[test]
fn dice_with_faces_alike_throw_each_die_moving_its_face() {
    plays(
        &description(&[("{dice}", "(dice d:4 faces:{1 3 4 6} num:2)")]),
        &[
            "throw=dice 2d4",
            "throw_values=1=1 2=3 3=4 4=6",
            "dice_use=sum",
        ],
    );
    let mapped = description(&[
        ("{dice}", "(dice d:4 faces:{0 1 2 4} num:1)"),
        (
            "(hand Each)",
            "(hand Each) (map {(pair 0 8) (pair 1 1) (pair 2 2) (pair 4 4)})",
        ),
    ])
    .replace("(count Pips)", "(mapEntry (count Pips))");
    lacks(&mapped, "moved otherwise than by its pips", 8);
}

#[test]
fn a_region_refusing_enemies_is_safe_and_one_giving_a_throw_gives_it() {
    let guarded = r#"(if (= (trackSite Move steps:(count Pips)) End)
            (move Remove (from))
            (if (or (is Empty (trackSite Move steps:(count Pips)))
                    (and (is Enemy (who at:(trackSite Move steps:(count Pips))))
                         (not (is In (trackSite Move steps:(count Pips)) (sites "Safe")))))
                (move (from)
                    (to (trackSite Move steps:(count Pips))
                        (apply if:(is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next))))
                    )
                    (then (if (is In (last To) (sites "Safe")) (moveAgain)))
                )
            )
        )"#;
    plays(
        &description(&[("{move}", guarded)]),
        &[
            "land_on_enemy=capture",
            "safe_cells=2",
            "safe_cells_refuse_enemy=true",
            "extra_throw_cells=2",
        ],
    );
}

#[test]
fn a_move_that_never_lands_on_an_enemy_refuses_it() {
    let refusing = r#"(if (= (trackSite Move steps:(count Pips)) End)
            (move Remove (from))
            (move (from) (to (trackSite Move steps:(count Pips)) if:(is Empty (to))))
        )"#;
    plays(
        &description(&[("{move}", refusing)]),
        &["land_on_enemy=forbidden", "safe_cells=none"],
    );
}

#[test]
fn bearing_off_with_any_throw_past_the_end() {
    let any = r#"(if (or (= (trackSite Move steps:(count Pips)) End) (= (trackSite Move steps:(count Pips)) Off))
            (move Remove (from))
            (move (from) (to (trackSite Move steps:(count Pips)) if:(is Empty (to))))
        )"#;
    plays(&description(&[("{move}", any)]), &["bear_off=any"]);
}

/// A track without `End` stops at its last cell: Ludii's step one past it is `Off` already, so
/// a piece removed at `Off` bears off with any throw that reaches past the end, and one removed
/// only at `End` never leaves the board.
#[test]
fn a_track_without_end_bears_off_at_off_with_any_throw_past_its_last_cell() {
    let without_end = |text: &str| text.replace("E,End\"", "E\"");
    let at_off = r#"(if (= (trackSite Move steps:(count Pips)) Off)
            (move Remove (from))
            (move (from) (to (trackSite Move steps:(count Pips)) if:(is Empty (to))))
        )"#;
    plays(
        &without_end(&description(&[("{move}", at_off)])),
        &["tracks=0 1 2 3 4 5 | 0 1 2 3 4 5", "bear_off=any"],
    );
    lacks(
        &without_end(&description(&[])),
        "a way off the board the family does not have",
        11,
    );
    // The tracks of a game lead off the board alike or the reading names them.
    let one_without = description(&[]).replace("\"6,0,E,End\"", "\"6,0,E\"");
    lacks(
        &one_without,
        "tracks of which some lead off the board (End) and some not",
        4,
    );
}

/// `(apply (if C E))`, the condition inside the effect, is `(apply if:C E)`.
#[test]
fn an_effect_under_its_own_condition_reads_as_one_under_if() {
    let inside = CAPTURE.replace(
        "(apply if:(is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next))))",
        "(apply (if (is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next)))))",
    );
    assert_ne!(inside, CAPTURE);
    plays(
        &description(&[("{move}", &inside)]),
        &["land_on_enemy=capture", "bear_off=exact"],
    );
}

/// Seys Dos y As, as Ludii describes it: both players' tracks run `{11..0 12..17}` from their
/// hands without `End`, a piece leaves at `Off` (any throw past point 17), and a lone enemy
/// is taken to its hand by `(apply (if (is Enemy …) (fromTo … (handSite Next))))`.
#[test]
fn seys_dos_y_as_bears_off_past_its_last_point_and_takes_lone_enemies_to_their_hands() {
    let params = read_game("Seys Dos y As.lud");
    let track: Vec<u8> = (0..=11).rev().chain(12..=17).collect();
    assert_eq!(params.tracks.track(0), track.as_slice());
    assert_eq!(params.tracks.track(1), track.as_slice());
    assert_eq!(params.bear_off, race::BearOff::Any);
    assert_eq!(params.bear_off_home, 0);
    assert_eq!(params.land_on_enemy, race::LandOnEnemy::CaptureSingle);
    assert_eq!(params.land_on_own, race::LandOnOwn::Stack);
    assert!(params.enter_counts_first_cell && !params.doubles_played_twice);
    assert_eq!(
        params.start.positions(1),
        [2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4]
    );
}

/// Todas Tablas, as Ludii describes it: a captured piece goes to the first site of its
/// owner's "StartQuadrant" (6..11, 18..23, tried from the smallest) that is not the cell of the
/// capture and holds no piece of the capturer, which on each player's own track are positions
/// 6 down to 1; the turn asks for another move while a die is unused, so Ludii passes a die
/// that no piece can use.
#[test]
fn todas_tablas_returns_a_captured_piece_to_its_start_quadrant() {
    let params = read_game("Todas Tablas.lud");
    assert_eq!(params.capture_return.positions(), [6, 5, 4, 3, 2, 1]);
    let track: Vec<u8> = (0..=11).rev().chain(12..=23).collect();
    assert_eq!(params.tracks.track(0), track.as_slice());
    assert_eq!(params.bear_off, race::BearOff::Any);
    assert!(params.unplayable_die_passes);
    assert!(!read_game("Backgammon.lud").unplayable_die_passes);
    assert!(read_game("Backgammon.lud").capture_return.is_hand());
    // A chain that tries the sites in another order returns elsewhere.
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Todas Tablas.lud")).unwrap();
    let reordered = text
        .replace("index:0", "index:9")
        .replace("index:5", "index:0")
        .replace("index:9", "index:5");
    plays_whole(&reordered, "capture_return", "1 5 4 3 2 6");
    // Returns that differ from player to player are named.
    let uneven = text.replace("(sites {18..23})", "(sites {17..22})");
    match race_description("Todas Tablas.lud", &uneven).outcome {
        Err(Missing::Lacks(lacks)) => assert!(
            lacks
                .iter()
                .any(|l| l.what.contains("differ from player to player")),
            "{lacks:?}"
        ),
        other => panic!("expected a lack: {other:?}"),
    }
}

/// A whole description's reading of one parameter.
fn plays_whole(text: &str, key: &str, value: &str) {
    match race_description("Test.lud", text).outcome {
        Ok(game) => assert_eq!(game.parameters[key].value, value, "{key}"),
        Err(missing) => panic!("does not play: {missing:?}"),
    }
}

#[test]
fn a_map_of_the_throw_is_its_values_and_dice_are_read_with_their_defaults() {
    let mapped = CAPTURE.replace("(count Pips)", "(mapEntry (count Pips))");
    plays(
        &description(&[
            ("{move}", &mapped),
            (
                "{dice}",
                "(dice d:2 from:0 num:3) (map {(pair 0 4) (pair 1 1) (pair 2 2) (pair 3 3)})",
            ),
        ]),
        &["throw_values=0=4 1=1 2=2 3=3"],
    );
    plays(
        &description(&[("{dice}", "(dice num:2)")]),
        &["throw=dice 2d6"],
    );
}

#[test]
fn what_the_family_lacks_is_named_at_its_line() {
    // A piece landed on without `apply` is replaced, taken off the board for good.
    let replacing = r#"(if (= (trackSite Move steps:(count Pips)) End)
            (move Remove (from))
            (move (from) (to (trackSite Move steps:(count Pips)) if:(not (is Friend (who at:(to))))))
        )"#;
    lacks(
        &description(&[("{move}", replacing)]),
        "Ludii's replacement",
        13,
    );
    // Without a guard, a throw past the end leads the piece to Ludii's `Off`, where its
    // `FromTo` makes no move (`to > Constants.OFF`): it reads as the guarded one.
    let unguarded = CAPTURE.replace("(if (!= (trackSite Move steps:(count Pips)) Off) ", "(or ");
    assert_ne!(unguarded, CAPTURE);
    let read = |text: &str| {
        let description = ludii::Description::read("Test.lud", text).unwrap();
        let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
        race_description::params_of(&race_description::read(&expanded).unwrap()).unwrap()
    };
    assert_eq!(
        read(&description(&[("{move}", &unguarded)])),
        read(&description(&[("{move}", CAPTURE)]))
    );
    lacks(
        &description(&[("{end}", "(end (if (no Pieces P1) (result P1 Win)))")]),
        "an end the reader does not read",
        27,
    );
    lacks(
        &description(&[("(players 2)", "(players 5)")]),
        "players other than two to four",
        2,
    );
    // No player at all: named, and the start read without one.
    lacks(
        &description(&[("(players 2)", "(players {})")]),
        "players other than two to four",
        2,
    );
    lacks(
        &description(&[("{dice}", "(dice d:4 faces:{1 3 4 6} num:5)")]),
        "dice with faces the family does not throw",
        8,
    );
}

const HAND_START: &str = r#"(place "Disc1" (handSite P1) count:3)
            (place "Disc2" (handSite P2) count:3)"#;

#[test]
fn pieces_begin_in_hand_stacked_or_in_every_hand_at_once() {
    for start in [
        r#"(place Stack "Disc1" (handSite P1) count:3) (place Stack "Disc2" (handSite P2) count:3)"#,
        r#"(place "Disc" "Hand" count:3)"#,
    ] {
        plays(
            &description(&[(HAND_START, start)]),
            &["start=hand", "pieces=3"],
        );
    }
}

#[test]
fn pieces_on_the_board_begin_at_their_places_on_their_owners_tracks() {
    // P1 on A1 and B1 (its track's first and second cells) with one in hand; P2 on site 4 (the
    // fifth cell of its track) with two in hand.
    let start = r#"(place "Disc1" (sites {"B1" "A1"})) (place "Disc1" (handSite P1))
            (place Stack "Disc2" 4) (place "Disc2" (handSite P2) count:2)"#;
    plays(
        &description(&[(HAND_START, start)]),
        &["start=1 2 | 5", "pieces=3"],
    );
    // Every player's piece on one site, as `items:` stacks them.
    let items = r#"(place Stack items:{"Disc2" "Disc1"} coord:"C1")"#;
    let text = description(&[(HAND_START, items)]);
    match race_description("Test.lud", &text).outcome {
        // Two sides on one cell that captures: the family's check names the start.
        Err(Missing::Lacks(lacks)) => assert!(
            lacks
                .iter()
                .any(|l| l.what.contains("start") && l.what.contains("cell 2")),
            "{lacks:?}"
        ),
        other => panic!("two sides on one capturing cell should not play: {other:?}"),
    }
}

#[test]
fn a_rectangle_played_on_its_vertices_is_numbered_as_its_cells() {
    plays(
        &description(&[(
            "(track \"Track2\" \"7,0,E,End\" P2 directed:True)\n        })",
            "(track \"Track2\" \"7,0,E,End\" P2 directed:True)\n        } use:Vertex)",
        )]),
        &["tracks=0 1 2 3 4 5 | 0 1 2 3 4 5"],
    );
}

#[test]
fn a_start_the_family_cannot_play_is_named_at_its_line() {
    // A player with fewer pieces than the other.
    lacks(
        &description(&[(
            HAND_START,
            r#"(place "Disc1" (handSite P1) count:3) (place "Disc2" (handSite P2) count:2)"#,
        )]),
        "the same number of pieces",
        22,
    );
    // A piece in another player's hand, and a piece of no player on the board.
    for start in [
        r#"(place "Disc1" (handSite P2) count:3) (place "Disc2" (handSite P2) count:3)"#,
        r#"(place "Disc" (sites {"A1"}))"#,
    ] {
        lacks(
            &description(&[(HAND_START, start)]),
            "a start the reader does not read",
            23,
        );
    }
    // A site beyond the board's.
    lacks(
        &description(&[(HAND_START, r#"(place "Disc1" 40) (place "Disc2" 41)"#)]),
        "a start the reader does not read",
        23,
    );
    // A board of holes is not read on its vertices.
    lacks(
        &description(&[
            (
                "(board (rectangle 1 6) {",
                "(board (hole (rectangle 1 6) (poly {{0 0} {1 0} {1 1} {0 1}})) {",
            ),
            (
                "(track \"Track2\" \"7,0,E,End\" P2 directed:True)\n        })",
                "(track \"Track2\" \"7,0,E,End\" P2 directed:True)\n        } use:Vertex)",
            ),
        ]),
        "a board with use:Vertex",
        7,
    );
}

#[test]
fn a_named_map_of_the_throw_and_a_teams_end_read_as_their_unnamed_forms() {
    let mapped = CAPTURE.replace("(count Pips)", "(mapEntry \"Throw\" (count Pips))");
    plays(
        &description(&[
            ("{move}", &mapped),
            (
                "{dice}",
                "(dice d:2 from:0 num:3) (map \"Throw\" {(pair 0 4) (pair 1 1) (pair 2 2) (pair 3 3)})",
            ),
        ]),
        &["throw_values=0=4 1=1 2=2 3=3"],
    );
    // A map the move names but the equipment does not give.
    let elsewhere = CAPTURE.replace("(count Pips)", "(mapEntry \"Other\" (count Pips))");
    lacks(
        &description(&[
            ("{move}", &elsewhere),
            (
                "{dice}",
                "(dice d:2 from:0 num:3) (map \"Throw\" {(pair 0 4) (pair 1 1) (pair 2 2) (pair 3 3)})",
            ),
        ]),
        "a map the equipment does not give",
        13,
    );
    for end in [
        "(end (if (no Pieces TeamMover) (result TeamMover Win)))",
        "(end {(if (no Pieces Mover) (result Mover Win))})",
    ] {
        plays(
            &description(&[("{end}", end)]),
            &["ranking=first-out-wins", "teams=none"],
        );
    }
}

/// A Tables turn: two dice thrown once, each unused die a move of its own.
fn tables(for_each_die: &str) -> String {
    let die = CAPTURE
        .replace("(count Pips)", "(pips)")
        .replace("(move (from)", "(move (from (from))");
    description(&[
        (
            "(play (do (roll) next:(or (forEach Piece) (forEach Piece container:(mover)))))",
            r#"(play (do (if (not "SameTurn") (roll)) next:(or (forEach Piece top:True) (forEach Piece container:(mover) top:True))))"#,
        ),
        ("{dice}", "(dice d:6 num:2)"),
        (
            "{move}",
            &format!(
                "(forEach Die {for_each_die} if:(!= (pips) 0) {die} (then (if (not (all DiceUsed)) (moveAgain))))"
            ),
        ),
    ])
}

#[test]
fn a_tables_turn_plays_each_die_apart_and_doubles_twice_over_where_it_says_so() {
    plays(
        &tables(""),
        &[
            "dice_use=each",
            "throw=dice 2d6",
            "throw_values=identity",
            "doubles_played_twice=false",
        ],
    );
    plays(
        &tables("replayDouble:True"),
        &["dice_use=each", "doubles_played_twice=true"],
    );
    lacks(
        &tables("replayDouble:False"),
        "a choice of dice the reader does not read",
        11,
    );
    // The dice summed under a turn that plays them one by one.
    let summed = tables("").replace("steps:(pips)", "steps:(count Pips)");
    lacks(
        &summed,
        "the dice's total moved in a turn that plays each die apart",
        13,
    );
}

#[test]
fn in_a_stacking_game_pieces_stack_on_their_own_and_take_a_lone_enemy() {
    let lone = r#"if:(or (and (is Enemy (who at:(to))) (= (topLevel at:(to)) 0)) (not (is Enemy (who at:(to)))))"#;
    let text = tables("")
        .replace("if:(not (is Friend (who at:(to))))", lone)
        .replace("(place \"Disc1\"", "(place Stack \"Disc1\"");
    plays(
        &text,
        &[
            "land_on_own=stack",
            "land_on_enemy=capture-single",
            "dice_use=each",
        ],
    );
    // Without the top level's condition, a move lands on two enemies and takes the top one.
    let onto_two = tables("").replace("if:(not (is Friend (who at:(to))))", "");
    lacks(&onto_two, "a move onto two enemies or more", 11);
    // Where a side's pieces never share a cell, an enemy is always alone.
    plays(
        &tables(""),
        &["land_on_own=forbidden", "land_on_enemy=capture"],
    );
}

/// The game a description reads to, as the family plays it.
fn read_game(file: &str) -> RaceParams {
    let text = std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap();
    let description = ludii::Description::read(file, &text).unwrap();
    let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
    let reading = race_description::read(&expanded)
        .unwrap_or_else(|lacks| panic!("{file} does not read: {lacks:?}"));
    race_description::params_of(&reading).unwrap()
}

/// The legal moves after each throw of `throws` (two dice) from a position set up, the moves of
/// `played` made in turn by their notation, and the legal moves after the last throw.
fn legal_after(
    params: &RaceParams,
    setup: &str,
    throws: &[(u8, u8)],
    played: &[&str],
) -> Vec<String> {
    use engine::{Game, Observe};
    let setup = corpus::yaml::from_yaml(std::path::Path::new("setup"), setup).unwrap();
    let mut game = race::Race::from_setup(params, setup).unwrap();
    let mut played = played.iter();
    let legal = |game: &race::Race| {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves
    };
    for (index, &(first, second)) in throws.iter().enumerate() {
        game.apply_chance(first - 1 + 6 * (second - 1));
        if index + 1 == throws.len() {
            break;
        }
        while matches!(game.phase(), engine::Phase::Decision(_)) {
            let wanted = played.next().expect("a move for each decision");
            let chosen = legal(&game)
                .into_iter()
                .find(|&m| game.notation(m) == *wanted)
                .unwrap_or_else(|| panic!("{wanted} is not legal"));
            game.apply(chosen);
        }
    }
    legal(&game).into_iter().map(|m| game.notation(m)).collect()
}

/// Backgammon's bar is the first site of each track, where captures go: read as the hand,
/// the tracks start past it (24 points), every start one position earlier, and a piece
/// captured enters from it first; its home, `(regions P1 {20..25})`, is the last six points.
#[test]
fn backgammon_reads_its_bar_as_the_hand_and_its_home_as_the_last_six_points() {
    for file in ["Backgammon.lud", "Frangieh.lud", "Portes.lud"] {
        let params = read_game(file);
        let track = params.tracks.track(0);
        assert_eq!(track.len(), 24, "{file}");
        assert_eq!((track[0], track[23]), (12, 25), "{file}: {track:?}");
        assert_eq!(params.start.positions(0)[..2], [1, 1], "{file}");
        assert_eq!(params.bear_off_home, 6, "{file}");
        assert!(
            params.captured_enter_first && params.bear_off_larger,
            "{file}"
        );
        assert!(params.doubles_played_twice, "{file}");
        assert_eq!(params.ranking, race::Ranking::FirstOutWins, "{file}");
    }
}

#[test]
fn backgammon_bears_off_only_when_every_piece_is_home() {
    let params = read_game("Backgammon.lud");
    // Fourteen pieces on the six-point (cell 20) and one on the five-point before home.
    let outside =
        "board: {1: [18, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 25], 2: [1]}";
    let moves = legal_after(&params, outside, &[(1, 3)], &[]);
    assert!(moves.iter().all(|m| !m.contains("off")), "{moves:?}");
    let home = "board: {1: [21, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 25], 2: [1]}";
    let moves = legal_after(&params, home, &[(1, 3)], &[]);
    assert!(moves.iter().any(|m| m.starts_with("25-off")), "{moves:?}");
}

#[test]
fn backgammon_enters_from_the_bar_before_any_other_move() {
    let params = read_game("Backgammon.lud");
    // Player 2 hits player 1's blot on cell 24; player 1 must enter it from the bar (the hand)
    // on the die's point past the bar before any other piece moves.
    let blot = "{board: {1: [24, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 5, 5], 2: [25, 1]}, to_move: 2}";
    let moves = legal_after(&params, blot, &[(1, 3), (1, 3)], &["25x24 [1]", "1-4 [3]"]);
    assert_eq!(moves, ["hand-12 [1]", "hand-10 [3]"]);
}

/// Medio Emperador, as Ludii describes it: the Tables turn's consequence follows the choice of
/// pieces, `(or (forEach Piece top:True) (forEach Piece container:(mover) top:True) (then (if
/// (not (all DiceUsed)) (moveAgain))))`, as each piece's own would; a lone enemy is taken,
/// `(= 1 (size Stack at:…))`, asked only of an enemy (Ludii's `or` stops at its first true
/// part); and the draw when neither player can move never ends a game Ludii plays, the turn
/// making its own forced pass.
#[test]
fn medio_emperador_plays_its_turn_s_consequence_and_reads_its_draw_as_ludii_plays_it() {
    let params = read_game("Medio Emperador.lud");
    assert_eq!(params.dice_use, race::DiceUse::Each);
    assert!(params.unplayable_die_passes && !params.pass_after_last_die);
    assert_eq!(params.land_on_enemy, race::LandOnEnemy::CaptureSingle);
    assert_eq!(params.land_on_own, race::LandOnOwn::Stack);
    assert!(params.capture_return.is_hand() && !params.captured_enter_first);
    assert!(!params.draw_when_none_can_move);
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Medio Emperador.lud")).unwrap();
    assert_eq!(
        read_cited("Medio Emperador.lud").parameters["draw_when_none_can_move"].cites,
        "Medio Emperador.lud:81"
    );
    // Another consequence after the choice of pieces is named there.
    let again_always = text.replace(
        "(if (not (all DiceUsed))\n                            (moveAgain)\n                        )",
        "(moveAgain)",
    );
    assert_ne!(again_always, text);
    lacks(
        &again_always,
        "moves of a turn of several dice other than each unused die in turn",
        37,
    );
    // Two enemies or more are not told apart by the reading of a stack's size.
    let two = text.replace(
        "(= 1 (size Stack at:\"SiteToMoveOnTrack\"))",
        "(= 2 (size Stack at:\"SiteToMoveOnTrack\"))",
    );
    assert_ne!(two, text);
    lacks(&two, "a stack's size compared with more than one piece", 45);
}

/// Emperador asks `(is In (to) (sites Mover "StartingQuadrant"))` in the condition of an `(if
/// …)` around the move, outside any `(to …)`: Ludii's `(to)` there is `Off`, which no move has
/// set, so the condition holds nowhere and its `(!= 1 (size Stack …))` is never asked. It
/// plays as Medio Emperador does under three dice, parameter for parameter.
#[test]
fn emperador_s_to_outside_its_move_is_ludii_s_off() {
    let emperador = read_game("Emperador.lud");
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Medio Emperador.lud")).unwrap();
    let three = text.replace("(dice d:6 num:<Dice:num>)", "(dice d:6 num:3)");
    assert_ne!(three, text);
    let description = ludii::Description::read("Medio Emperador.lud", &three).unwrap();
    let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
    let medio = race_description::params_of(&race_description::read(&expanded).unwrap()).unwrap();
    assert_eq!(emperador.throw, race::Throw::Dice { count: 3, faces: 6 });
    assert_eq!(emperador, medio);
    // Asked within the move's `(to …)`, the same condition is where the piece lands: the
    // stack of one's own there, whose size the reading does not follow.
    let emperador_text = std::fs::read_to_string(corpus().join("ludii/lud/Emperador.lud")).unwrap();
    let within = emperador_text.replacen(
        "\"SiteToMoveOnTrack\" \n                                \"CaptureEnemyPiece\"",
        "\"SiteToMoveOnTrack\" if:(if (is In (to) (sites Mover \"StartingQuadrant\")) (!= 1 (size Stack at:(to))) True)\n                                \"CaptureEnemyPiece\"",
        1,
    );
    assert_ne!(within, emperador_text);
    lacks(&within, "the size of a stack of the mover's own pieces", 57);
}

/// Cab e Quinal under its three dice: its consequence asks for another move while the
/// player's value is Undefined, which no move ever sets otherwise, so after every die, the last
/// too, and Ludii's forced pass answers the one after the last (`pass_after_last_die`).
#[test]
fn cab_e_quinal_passes_after_its_last_die_while_no_player_s_value_is_set() {
    let params = read_game("Cab e Quinal.lud");
    assert!(params.unplayable_die_passes && params.pass_after_last_die);
    assert_eq!(params.throw, race::Throw::Dice { count: 3, faces: 6 });
    assert!(!params.draw_when_none_can_move);
    // A value set to anything but Undefined may end the other moves: the consequence is
    // then not read.
    let set = edited(
        "Cab e Quinal.lud",
        "(set Value Mover Undefined)",
        "(set Value Mover 1)",
    );
    match race_description("Cab e Quinal.lud", &set).outcome {
        Err(Missing::Lacks(lacks)) => assert!(
            lacks.iter().any(|l| l
                .what
                .contains("moves of a turn of several dice other than each unused die")),
            "{lacks:?}"
        ),
        other => panic!("expected a lack: {other:?}"),
    }
}

/// The game of a description, with where each parameter is read.
fn read_cited(file: &str) -> race::file::GameFile {
    let text = std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap();
    match race_description(file, &text).outcome {
        Ok(game) => game,
        Err(missing) => panic!("{file} does not play: {missing:?}"),
    }
}

/// Imperial and Provincial write the Tables turn die by die over the occupied sites, their
/// piece declared without moves: `(forEach Die if:(!= (pips) 0) (forEach Site (sites Occupied
/// by:Mover) …) (then (if (not (all DiceUsed)) (moveAgain))))`, read as the pieces' own moves.
/// A captured piece goes to the bar, `(mapEntry (mover))` of the map `{(pair 1 19) (pair 2
/// 6)}`, the first site of its owner's track: read as the hand, the tracks without it, and
/// no rule makes it enter before the other pieces move.
#[test]
fn a_turn_written_die_by_die_over_the_occupied_sites_is_the_pieces_own() {
    for file in ["Imperial.lud", "Provincial.lud"] {
        let params = read_game(file);
        assert_eq!(
            params.throw,
            race::Throw::Dice { count: 3, faces: 6 },
            "{file}"
        );
        assert_eq!(params.dice_use, race::DiceUse::Each, "{file}");
        assert!(
            params.unplayable_die_passes && !params.pass_after_last_die,
            "{file}"
        );
        assert_eq!(params.move_after_dice, 0, "{file}");
        assert!(!params.doubles_played_twice, "{file}");
        let track = params.tracks.track(0);
        assert_eq!(track.len(), 24, "{file}: the bar, site 6, is the hand");
        assert_eq!((track[0], track[23]), (12, 25), "{file}: {track:?}");
        assert_eq!(params.tracks.track(1)[0], 25, "{file}");
        assert!(params.capture_return.is_hand() && !params.captured_enter_first);
        assert_eq!(params.bear_off, race::BearOff::Any, "{file}");
        assert_eq!(params.bear_off_home, 0, "{file}");
        assert_eq!(params.land_on_enemy, race::LandOnEnemy::CaptureSingle);
        assert_eq!(params.land_on_own, race::LandOnOwn::Stack);
    }
    // Imperial's stacks of five on sites 12, 11 and 10, the first three points past the bar.
    let start = read_game("Imperial.lud").start;
    assert_eq!(
        start.positions(0),
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]
    );
    let game = read_cited("Imperial.lud");
    assert_eq!(game.parameters["dice_use"].cites, "Imperial.lud:70");
    assert_eq!(
        game.parameters["enter_counts_first_cell"].cites,
        "Imperial.lud:53"
    );
}

/// Baralie's piece, one of fifteen waiting on the bar after a capture, enters with a die of v
/// on the v-th point past it, and the pieces on the board move beside it.
#[test]
fn a_piece_on_the_bar_enters_beside_the_other_moves() {
    let params = read_game("Baralie.lud");
    let fourteen = "board: {1: [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12], 2: [10]}";
    let moves = legal_after(&params, fourteen, &[(1, 3)], &[]);
    assert_eq!(
        moves,
        ["hand-0 [1]", "12-25 [1]", "hand-2 [3]", "12-23 [3]"],
        "{moves:?}"
    );
}

/// Baralie and Myles, once both dice are played, move one piece six more:
/// `(if (all DiceUsed) (forEach Site (sites Occupied by:Mover) …steps:6…) (forEach Die …
/// (then (moveAgain))))`, the move after the last die the six, and the turn ends with it.
#[test]
fn a_move_of_six_follows_the_dice_where_the_play_asks_for_it_once_all_are_used() {
    use engine::{Game, Observe};
    let params = read_game("Baralie.lud");
    assert_eq!(params.move_after_dice, 6);
    assert!(params.unplayable_die_passes && !params.pass_after_last_die);
    let game = read_cited("Baralie.lud");
    assert_eq!(game.parameters["move_after_dice"].cites, "Baralie.lud:67");
    let mut game = race::Race::new(&params);
    game.apply_chance(2 * 6); // a 1 and a 3
    for wanted in ["12-25 [1]", "25-22 [3]"] {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let listed: Vec<String> = moves.iter().map(|&m| game.notation(m)).collect();
        let chosen = moves
            .into_iter()
            .find(|&m| game.notation(m) == wanted)
            .unwrap_or_else(|| panic!("{wanted} is not legal: {listed:?}"));
        game.apply(chosen);
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let moves: Vec<String> = moves.into_iter().map(|m| game.notation(m)).collect();
    assert_eq!(moves, ["22-15 [6]", "12-20 [6]"]);
    // Another first branch is not the six after the dice: the play is not read as the
    // pieces' moves.
    let equal = edited("Baralie.lud", "(if (all DiceUsed)", "(if (all DiceEqual)");
    lacks(&equal, "a piece without its moves", 54);
}

/// Myles starts four pieces of player 1 on point 21 and then three of player 2's on them,
/// `(place Stack "Disc1" 21 count:4)` before `(place Stack "Disc2" 21 count:3)`: Ludii puts
/// each piece placed on top, so player 1's lie beneath (`start_beneath` 1, read from the
/// placement that puts player 2's on top). While one of player 2's stands there, player 1's do
/// not move (`(sites Occupied by:Mover)` gives only the sites whose top piece is the mover's)
/// nor land there (`(= (topLevel at:(to)) 0)` refuses an enemy on more than one piece), and
/// player 2's land there on their own, taking none.
#[test]
fn myles_s_first_player_starts_beneath_the_second_s_pieces() {
    use engine::{Game, Observe};
    let params = read_game("Myles.lud");
    assert_eq!(params.start_beneath, 1);
    let game = read_cited("Myles.lud");
    assert_eq!(game.parameters["start_beneath"].cites, "Myles.lud:67");
    // From the start, a 1 and a 4: the pieces on 20 move, those beneath on 21 do not.
    let mut game = race::Race::new(&params);
    game.apply_chance(3 * 6);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let moves: Vec<String> = moves.into_iter().map(|m| game.notation(m)).collect();
    assert!(moves.iter().any(|m| m.starts_with("20-")), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("21")), "{moves:?}");
    // Player 2 lands on its own on 21, over player 1's, taking none.
    let above = "board: {1: [21, 21, 21, 21, 12], 2: [22, 21]}\nto_move: 2";
    let moves = legal_after(&params, above, &[(1, 2)], &[]);
    assert!(moves.contains(&"22-21 [1]".to_string()), "{moves:?}");
    // One piece of player 2's on player 1's four keeps player 1's from landing there.
    let one = "board: {1: [21, 21, 21, 21, 22], 2: [21]}";
    let moves = legal_after(&params, one, &[(1, 2)], &[]);
    assert_eq!(moves, ["hand-0 [1]", "hand-1 [2]", "22-20 [2]"]);
}

/// Kawade Kelia and Main Pacheh make stacks of two sides, whose order decides who takes whom:
/// Kawade Kelia's capture takes the top piece of two enemies or more, `(fromTo (from (to))
/// (to (handSite (who at:(to)))))`, its mover landing on the others, and Main Pacheh sends a
/// captured stack whole, `stack:True`, to its owner's starting point, on every other track's
/// ring, onto whatever stands there. Each is named where it is written.
#[test]
fn stacks_of_two_sides_are_named_where_they_are_made() {
    let lud = |file: &str| std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap();
    lacks(
        &lud("Kawade Kelia.lud"),
        "which takes the top one and leaves the mover's piece on the others: a stack of two sides",
        41,
    );
    lacks(
        &lud("Main Pacheh.lud"),
        "a captured stack sent whole, stack:True, to its owner's site on another player's track",
        8,
    );
}

/// What the descriptions written die by die still lack is named where they write it.
#[test]
fn the_tables_turns_written_die_by_die_name_what_they_still_lack() {
    let lud = |file: &str| std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap();
    // Jacquet's condition on leaving its first point without its bar's clause is not the
    // family's hold (a piece on the bar frees the start), and stays unread.
    lacks(
        &edited(
            "Jacquet.lud",
            "(not (is Empty (\"Bar\" (mover))))",
            "(is Empty (\"Bar\" (mover)))",
        ),
        "a number the reader does not read: (site)",
        119,
    );
    // Garanguet's turn turns on equal dice.
    lacks(
        &lud("Garanguet.lud"),
        "moves other than each piece's own: (if (all DiceEqual)",
        163,
    );
}

/// Ludus Lombardorum lands on its own pieces except in its own region, `(sites Mover)`, which
/// it lands on only when empty: `(or (not (is In (to) (sites Mover))) (and (is In (to) (sites
/// Mover)) (= (size Stack at:(to)) 0)))`, read for each player with its own region, as the
/// family's `no_stack_cells`.
#[test]
fn a_region_of_the_mover_s_own_where_its_pieces_do_not_stack() {
    let params = read_game("Ludus Lombardorum.lud");
    assert_eq!(params.land_on_own, race::LandOnOwn::Stack);
    assert_eq!(
        engine::OptionValue::render_value(&params.no_stack_cells),
        "0 1 2 3 4 5 | 13 14 15 16 17 18"
    );
    assert_eq!(params.land_on_enemy, race::LandOnEnemy::CaptureSingle);
    // Player 1's track runs 0..5 then 18..12: its pieces stack on 13 but not on 4.
    let setup = "board: {1: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 4], 2: [12, 14]}";
    let moves = legal_after(&params, setup, &[(1, 2)], &[]);
    assert!(!moves.iter().any(|m| m.starts_with("3-4")), "{moves:?}");
    assert!(moves.contains(&"0-2 [2]".to_string()), "{moves:?}");
    let setup = "board: {1: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 17, 18], 2: [12, 14]}";
    let moves = legal_after(&params, setup, &[(1, 2)], &[]);
    assert!(moves.contains(&"18-17 [1]".to_string()), "{moves:?}");
}

/// Plays `throws` (three dice each) of a game read from its description, each throw's moves
/// taken in turn by their notation, and gives who is to move and the phase after the last.
fn after_three_dice(
    params: &RaceParams,
    throws: &[(u8, u8, u8)],
    played: &[&str],
) -> (engine::Player, bool) {
    use engine::{Game, Observe};
    let mut game = race::Race::new(params);
    let mut played = played.iter();
    for &(a, b, c) in throws {
        assert!(matches!(game.phase(), engine::Phase::Chance(_)));
        game.apply_chance(a - 1 + 6 * (b - 1) + 36 * (c - 1));
        while matches!(game.phase(), engine::Phase::Decision(_)) {
            let wanted = played.next().expect("a move for each decision");
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            let chosen = legal
                .into_iter()
                .find(|&m| game.notation(m) == *wanted)
                .unwrap_or_else(|| panic!("{wanted} is not legal"));
            game.apply(chosen);
        }
    }
    let thrown = matches!(game.phase(), engine::Phase::Chance(_));
    (game.thrower().unwrap(), thrown)
}

/// Pareia de Entrada, as Ludii describes it: the dice are thrown where the turn begins or where
/// the move before set Pending, `(if (or (is Pending) (not ("SameTurn"))) (roll))`, and the
/// consequence sets it after the last die of a throw whose dice are all alike: another throw on
/// doubles, read at the consequence's line.
#[test]
fn pareia_de_entrada_throws_again_after_playing_dice_all_alike() {
    let params = read_game("Pareia de Entrada.lud");
    assert_eq!(params.throw, race::Throw::Dice { count: 3, faces: 6 });
    assert_eq!(params.dice_use, race::DiceUse::Each);
    assert!(params.another_throw_on_doubles && !params.doubles_played_twice);
    assert!(params.unplayable_die_passes && !params.pass_after_last_die);
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Pareia de Entrada.lud")).unwrap();
    assert_eq!(
        read_cited("Pareia de Entrada.lud").parameters["another_throw_on_doubles"].cites,
        "Pareia de Entrada.lud:66"
    );
    // Three alike: player 1 enters three pieces and throws again; three unlike end the turn.
    let alike = after_three_dice(
        &params,
        &[(2, 2, 2)],
        &["hand-1 [2]", "hand-1 [2]", "hand-1 [2]"],
    );
    assert_eq!(alike, (0, true));
    let unlike = after_three_dice(
        &params,
        &[(2, 2, 3)],
        &["hand-1 [2]", "hand-1 [2]", "hand-2 [3]"],
    );
    assert_eq!(unlike, (1, true));
    // A throw on Pending without the consequence that sets it is named at the turn.
    let unset = text.replace("(and (set Pending) (moveAgain))", "(moveAgain)");
    assert_ne!(unset, text);
    lacks(
        &unset,
        "moves of a turn of several dice other than each unused die in turn",
        35,
    );
    // The consequence beside a throw on SameTurn alone would never throw again: named too.
    let same_turn = text.replace("(or (is Pending) (not \"SameTurn\"))", "(not \"SameTurn\")");
    assert_ne!(same_turn, text);
    lacks(
        &same_turn,
        "moves of a turn of several dice other than each unused die in turn",
        35,
    );
}

/// Laquet, as Ludii describes it: the dice are thrown where a turn begins unless the move
/// before set Pending, `(if (and (not (is Pending)) (not ("SameTurn"))) (roll))`, and a player
/// whom no die left serves passes with Pending set, `(move Pass (then (set Pending)))`: the
/// next player plays those dice instead of throwing, and the player after it throws.
#[test]
fn laquet_hands_the_dice_its_mover_cannot_use_to_the_next_player() {
    use engine::{Game, Observe};
    let params = read_game("Laquet.lud");
    assert!(params.unplayable_dice_to_next && params.unplayable_die_passes);
    assert!(!params.pass_after_last_die && !params.another_throw_on_doubles);
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Laquet.lud")).unwrap();
    assert_eq!(
        read_cited("Laquet.lud").parameters["unplayable_dice_to_next"].cites,
        "Laquet.lud:60"
    );
    let mut game = race::Race::new(&params);
    let play = |game: &mut race::Race, wanted: &str| {
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let chosen = legal
            .into_iter()
            .find(|&m| game.notation(m) == wanted)
            .unwrap_or_else(|| panic!("{wanted} is not legal"));
        game.apply(chosen);
    };
    // Player 1 throws 1 and 2: its lone piece bears off with the 1; its stack on cell 11
    // cannot use the 2 (cell 9 is player 2's), so it passes, and player 2 plays the 2.
    game.apply_chance(6);
    play(&mut game, "23-off [1]");
    play(&mut game, "pass");
    assert_eq!(game.thrower(), Some(1));
    assert!(matches!(game.phase(), engine::Phase::Decision(1)));
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let legal: Vec<String> = legal.into_iter().map(|m| game.notation(m)).collect();
    assert!(
        !legal.is_empty() && legal.iter().all(|m| m.ends_with("[2]")),
        "{legal:?}"
    );
    play(&mut game, &legal[0]);
    // With the dice played, player 1 throws again.
    assert!(matches!(game.phase(), engine::Phase::Chance(_)));
    assert_eq!(game.thrower(), Some(0));
    // A pass that sets no Pending beside the throw kept while Pending is named at the turn.
    let unset = text.replace("(move Pass (then (set Pending)))", "(move Pass)");
    assert_ne!(unset, text);
    lacks(
        &unset,
        "a throw kept while Pending, beside moves that do not hand the dice on",
        51,
    );
}

/// The Tables games' named maps key a player's role, `(map "Bar" {(pair P1 6) (pair P2 19)})`,
/// which Ludii reads as the player's index: they read, and what a description lacks is where
/// it uses them or beyond; Verquere and Nard play, their bars read as the hand, and Kotra, its
/// "Entry" map the first site of each track, where its captured pieces enter and whose crowd
/// keeps its last point.
#[test]
fn a_map_keyed_by_players_reads_and_what_lacks_is_beyond_it() {
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Kotra.lud")).unwrap();
    let kotra = race_description("Kotra.lud", &text).outcome;
    assert!(kotra.is_ok(), "Kotra.lud: {kotra:?}");
    let (file, what, line) = (
        "Buffa de Baldrac.lud",
        "the most moves of the turn follow",
        104,
    );
    let text = std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap();
    match race_description(file, &text).outcome {
        Err(Missing::Lacks(lacks)) => {
            assert!(
                !lacks.iter().any(|l| l.what.contains("a map the reader")),
                "{file}: {lacks:?}"
            );
            assert!(
                lacks
                    .iter()
                    .any(|l| l.what.contains(what) && l.span.line == line),
                "{file}: no lack {what:?} at line {line}: {lacks:?}"
            );
        }
        other => panic!("{file}: expected a lack: {other:?}"),
    }
}

/// Verquere: on its own starting side, `(if (not (is In (to) (sites Mover "StartingSide")))
/// True (is Empty (to)))` within the move's `(to …)`, a piece lands only where nothing stands:
/// each seat's starting side is its `no_stack_cells` and its `no_capture_cells`, while a lone
/// enemy elsewhere goes to the bar, read as the hand. A piece bears off once every piece on the
/// board is in its final quadrant, the last six cells of its track, and the bar being a site of
/// the board, none waits there.
#[test]
fn verquere_lands_only_on_empty_points_of_its_starting_side_and_bears_off_from_home() {
    let params = read_game("Verquere.lud");
    let cited = read_cited("Verquere.lud");
    let p1_side = "13 14 15 16 17 18 20 21 22 23 24 25";
    let p2_side = "0 1 2 3 4 5 7 8 9 10 11 12";
    let sides = format!("{p1_side} | {p2_side}");
    assert_eq!(cited.parameters["no_capture_cells"].value, sides);
    assert_eq!(cited.parameters["no_stack_cells"].value, sides);
    assert_eq!(cited.parameters["bear_off_home"].value, "6");
    assert_eq!(cited.parameters["bear_off_home"].cites, "Verquere.lud:21");
    assert!(params.bear_off_home_hand);
    assert_eq!(params.land_on_enemy, race::LandOnEnemy::CaptureSingle);
    // A lone enemy on player 1's starting side (24) is refused, one beyond it (7) is taken.
    let blots = "{board: {1: [25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 5], 2: [24, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}, to_move: 1}";
    let moves = legal_after(&params, blots, &[(1, 2)], &[]);
    assert!(moves.iter().any(|m| m.starts_with("5x7")), "{moves:?}");
    assert!(moves.iter().any(|m| m.starts_with("25-23")), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("25x24")), "{moves:?}");
    // Home, player 1 bears off; with a piece on the bar (the hand), it does not.
    let home = "{board: {1: [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12], 2: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}, to_move: 1}";
    let moves = legal_after(&params, home, &[(1, 2)], &[]);
    assert!(moves.iter().any(|m| m.starts_with("12-off")), "{moves:?}");
    let barred = home.replacen("12, ", "", 1);
    let moves = legal_after(&params, &barred, &[(1, 2)], &[]);
    assert!(!moves.iter().any(|m| m.starts_with("12-off")), "{moves:?}");
    assert!(moves.iter().any(|m| m.starts_with("hand-")), "{moves:?}");
}

/// A player's region written as the sites one way from a site, `(sites Direction from:S D
/// included:B distance:N)` (Pahada Keliya's central rows), is the sites Ludii's
/// `SitesDirection` gathers: Verquere's final quadrants so written read as the lists it gives.
#[test]
fn a_region_written_as_the_sites_one_way_from_a_site_reads_as_their_list() {
    let listed = read_cited("Verquere.lud");
    let text = edited(
        "Verquere.lud",
        r#"(regions "FinalQuadrant" P1 (sites {7..12}))
        (regions "FinalQuadrant" P2 (sites {13..18}))"#,
        r#"(regions "FinalQuadrant" P1 (sites Direction from:7 E included:True distance:5))
        (regions "FinalQuadrant" P2 (sites Direction from:19 W distance:6))"#,
    );
    let directed = match race_description("Verquere.lud", &text).outcome {
        Ok(game) => game,
        Err(missing) => panic!("does not play: {missing:?}"),
    };
    for (key, parameter) in &listed.parameters {
        assert_eq!(directed.parameters[key].value, parameter.value, "{key}");
    }
    // Past its region, Pahada Keliya lacks its team's counts of pieces that have passed.
    match race_description("Pahada Keliya.lud", &vendored("Pahada Keliya.lud")).outcome {
        Err(Missing::Lacks(lacks)) => assert!(
            !lacks.iter().any(|l| l.what.contains("region")),
            "{lacks:?}"
        ),
        other => panic!("Pahada Keliya: {other:?}"),
    }
}

/// Buffa de Baldrac's `(max Moves …)` (line 104) keeps only the moves after which the most
/// moves of the turn follow, as Ludii's `MaxMoves` tries each to the turn's end: named, and the
/// turn read on inside it, so that its entry of every piece before any other moves, by dice
/// alone or combined (line 107), is named too.
#[test]
fn a_turn_of_the_most_moves_is_named_and_read_on_inside() {
    let text = vendored("Buffa de Baldrac.lud");
    lacks(
        &text,
        "the most moves of the turn follow (Ludii's max Moves)",
        104,
    );
    lacks(&text, "moves other than each piece's own", 107);
}

/// El Mundo asks `(no Pieces Mover in:(union (sites Hand Mover) (difference (sites Board)
/// (sites Mover "FinalQuadrant"))))` before bearing off, the hand counted with the board: read
/// as its home. Its throw of three seven-sided dice, 343 outcomes, more than one chance event
/// of the engine has, is thrown die by die, each die apart as Ludii plays it: it plays.
#[test]
fn el_mundo_reads_its_home_with_the_hand_and_throws_its_dice_one_by_one() {
    let text = std::fs::read_to_string(corpus().join("ludii/lud/El Mundo.lud")).unwrap();
    let game = match race_description("El Mundo.lud", &text).outcome {
        Ok(game) => game,
        other => panic!("El Mundo does not play: {other:?}"),
    };
    assert_eq!(game.parameters["throw"].value, "dice 3d7");
    assert_eq!(game.parameters["throw"].cites, "El Mundo.lud:39");
    assert_eq!(game.parameters["dice_use"].value, "each");
    // Its home is that of the last six cells of each track, counting the hand.
    assert_eq!(game.parameters["bear_off_home"].value, "6");
    assert_eq!(game.parameters["bear_off_home"].cites, "El Mundo.lud:21");
    assert_eq!(game.parameters["bear_off_home_hand"].value, "true");
    let params = read_game("El Mundo.lud");
    assert!(params.throw.die_by_die());
    assert_eq!(params.throw.chance_outcomes(), 7);
}

/// The winner's score changes no play where no end asks a score (Kotra's `(set Score Mover 2)`
/// and Nard's mars are read past, see above), but Tokkadille's end is a score of twelve, so its
/// `(addScore Mover 2)` stays a lack.
#[test]
fn a_winner_s_score_is_read_past_only_where_no_end_asks_it() {
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Tokkadille.lud")).unwrap();
    match race_description("Tokkadille.lud", &text).outcome {
        Err(Missing::Lacks(lacks)) => assert!(
            lacks
                .iter()
                .any(|l| l.span.line == 203 && l.what.contains("a turn's consequence")),
            "{lacks:?}"
        ),
        other => panic!("Tokkadille plays: {other:?}"),
    }
    let scored = edited(
        "Kotra.lud",
        "(end (if (no Pieces Mover) (result Mover Win)))",
        "(end (if (<= 2 (score Mover)) (result Mover Win)))",
    );
    lacks(
        &scored,
        "a turn's consequence the reader does not read",
        126,
    );
}

/// What a vendored description, changed as `changes` say (each text must be in it), reads to
/// and lacks, under its default options.
fn read_changed(
    file: &str,
    changes: &[(&str, &str)],
) -> (translate::Reading, Vec<translate::Lack>) {
    let mut text = std::fs::read_to_string(corpus().join("ludii/lud").join(file)).unwrap();
    for (from, to) in changes {
        assert!(text.contains(from), "{file} has {from}");
        text = text.replacen(from, to, 1);
    }
    let description = ludii::Description::read(file, &text).unwrap();
    let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
    race_description::read_partly(&expanded)
}

/// Kolica Atarakua plays. Its pieces move from their level of a stack, `(from (from)
/// level:(level))`, which `(forEach Piece)` visits one by one: the piece there moves alone
/// (Ludii's `ActionMoveLevelFrom`), as the family's pieces do; its capture takes every level of
/// the cell, `(forEach Level (to) FromTop …)`, the family's capture of every enemy there though
/// the sides stack; a piece that comes to rest on a crossing of the central tracks, `(sites
/// "RemoveSites")`, goes back to its hand ("the piece starts again from the beginning"); and
/// its four sticks are worth what the rules give each way they fall ("two flat sides and both
/// marked round sides up = 35; ... three flat sides and striped round side up = 20"), each
/// stick's face asked apart (`(face 71)` the striped, `(face 72)` the cross-hatched, 73 and 74
/// blank): one throw of sixteen outcomes, the first stick's face varying fastest.
#[test]
fn kolica_atarakua_moves_its_pieces_from_their_levels_and_sends_them_home_from_the_crossings() {
    let file = "Kolica Atarakua.lud";
    let (reading, lacks) = read_changed(file, &[]);
    assert!(lacks.is_empty(), "{lacks:?}");
    for (key, value, line) in [
        ("land_on_own", "stack", 63),
        ("land_on_enemy", "capture", 63),
        ("bear_off", "any", 63),
        ("to_hand_cells", "51 56", 63),
        ("throw", "faces 16", 6),
        (
            "throw_values",
            "0=10 1=1 2=1 3=2 4=1 5=2 6=2 7=3 8=1 9=2 10=2 11=3 12=35 13=15 14=20 15=5",
            6,
        ),
    ] {
        assert_eq!(reading[key].value, value, "{key}");
        assert_eq!(reading[key].span.line, line, "{key}");
    }
    // Without the return from the crossings, no cell sends a piece home.
    let return_from_crossings = r#"(then
                        (if (is In (last To) (sites "RemoveSites"))
                            (fromTo
                                (from (last To))
                                (to (handSite (mover)))
                            )
                        )
                    )"#;
    let (reading, lacks) = read_changed(file, &[(return_from_crossings, "")]);
    assert!(lacks.is_empty(), "{lacks:?}");
    assert_eq!(reading["to_hand_cells"].value, "none");
    // The top piece alone taken would leave a stack's other pieces: a lack.
    let whole_stack = r#"(forEach Level (to) FromTop
                                    (fromTo
                                        (from (to) level:(level))
                                        (to (handSite (who at:(to) level:(level))))
                                    )
                                )"#;
    let (_, lacks) = read_changed(
        file,
        &[(
            whole_stack,
            "(fromTo (from (to)) (to (handSite (who at:(to)))))",
        )],
    );
    assert!(
        lacks
            .iter()
            .any(|l| l.span.line == 63 && l.what.contains("a move onto two enemies or more")),
        "{lacks:?}"
    );
}

/// Pachih plays: its pieces move from their levels and a capture takes every level of the
/// cell, to the central space, `(to (centrePoint))`, site 96, where every track begins and
/// which no move reaches again: a piece waits there as in the hand, and enters on the cell its
/// throw counts to, so the tracks begin after it, and the stacks placed on their second sites
/// begin on their first. On its marked sites, "the player's piece as well as the opponent's
/// piece may occupy this space": a piece lands on an enemy there and takes none, the family's
/// safe cells that both sides share.
#[test]
fn pachih_keeps_its_captured_pieces_in_the_centre_as_in_the_hand_and_shares_its_marked_sites() {
    let (reading, lacks) = read_changed("Pachih.lud", &[]);
    assert!(lacks.is_empty(), "{lacks:?}");
    for (key, value, line) in [
        ("land_on_enemy", "capture", 30),
        ("capture_return", "hand", 30),
        ("land_on_own", "stack", 30),
        ("safe_cells", "2 16 37 48 60 62 87 89", 30),
        ("safe_cells_refuse_enemy", "false", 30),
        ("bear_off", "exact", 30),
        ("enter_counts_first_cell", "true", 30),
        ("start", "1 1 1 1 | 1 1 1 1 | 1 1 1 1 | 1 1 1 1", 56),
    ] {
        assert_eq!(reading[key].value, value, "{key}");
        assert_eq!(reading[key].span.line, line, "{key}");
    }
    let tracks = &reading["tracks"].value;
    assert!(!tracks.split(' ').any(|cell| cell == "96"), "{tracks}");
    assert!(
        tracks
            .split(" | ")
            .map(|seat| seat.split(' ').next().unwrap())
            .eq(["9", "26", "52", "27"]),
        "{tracks}"
    );
    // Sent anywhere else than where the tracks begin, the captured pieces are no hand's.
    let (_, lacks) = read_changed("Pachih.lud", &[("(to (centrePoint))", "(to 60)")]);
    assert!(
        lacks
            .iter()
            .any(|l| l.span.line == 40 && l.what.contains("an effect the reader does not read")),
        "{lacks:?}"
    );
}

/// A board merged from rectangles and played on its cells is numbered as Ludii's `Merge`
/// numbers it: its cells are the faces found from each of its points in turn, each part's
/// points row by row from the bottom and a point that coincides with an earlier one merged into
/// it. 20 Squares' long row, laid across the middle row of its 3 by 4 block, numbers its cells
/// beyond the block after the block's top row (its rosettes, listed in those numbers, are the
/// cells the file written by hand marks in its own); Len Doat's four blocks of 3 by 5, apart,
/// are numbered block by block, and each site its tracks list (14, 44, 45, 15) is where the
/// walk before it leaves off.
#[test]
fn a_merged_board_played_on_its_cells_numbers_them_as_ludii_s_merge() {
    let (reading, _) = read_changed("20 Squares.lud", &[]);
    assert_eq!(
        reading["tracks"].value,
        "3 2 1 0 4 5 6 7 8 13 14 15 16 17 18 19 | 12 11 10 9 4 5 6 7 8 13 14 15 16 17 18 19"
    );
    let (reading, lacks) = read_changed("Len Doat.lud", &[]);
    assert_eq!(
        reading["tracks"].value,
        "20 21 22 23 24 29 28 27 26 25 14 13 12 11 10 5 0 1 2 3 4 44 43 42 41 40 35 30 31 32 33 \
         34 45 46 47 48 49 54 59 58 57 56 55 15 16 17 18 19 24 23 22 21 20 | 39 38 37 36 35 30 \
         31 32 33 34 45 46 47 48 49 54 59 58 57 56 55 15 16 17 18 19 24 29 28 27 26 25 14 13 12 \
         11 10 5 0 1 2 3 4 44 43 42 41 40 35 36 37 38 39"
    );
    assert!(
        lacks.iter().all(|l| !l.what.contains("merged board")),
        "{lacks:?}"
    );
}

/// Shuanglu (and Ssang-Ryouk, the same description), as Ludii describes it: `(priority
/// {(if (is Occupied (handSite Mover)) ENTRY) (if (is Empty (handSite Mover)) (max Distance
/// (forEach Piece top:True)))})`, the hand's pieces (every piece starts on the board, so the
/// captured alone) entering before any other move, on no cell where two pieces stand, `(<
/// (size Stack at:(to)) 2)`, though a piece on the board lands on its own stacks; a piece bears
/// off exactly once none of its side stands outside its final quadrant.
#[test]
fn shuanglu_enters_its_captured_pieces_first_and_never_onto_two() {
    for file in ["Shuanglu.lud", "Ssang-Ryouk.lud"] {
        let params = read_game(file);
        assert!(params.captured_enter_first, "{file}");
        assert_eq!(params.enter_stack_limit, 2, "{file}");
        assert_eq!(params.bear_off_home, 6, "{file}");
        assert_eq!(params.bear_off, race::BearOff::Exact, "{file}");
        assert_eq!(params.land_on_own, race::LandOnOwn::Stack, "{file}");
        assert_eq!(
            params.land_on_enemy,
            race::LandOnEnemy::CaptureSingle,
            "{file}"
        );
        assert!(
            !params.doubles_played_twice && params.unplayable_die_passes,
            "{file}"
        );
        let cited = read_cited(file);
        assert_eq!(
            cited.parameters["enter_stack_limit"].cites,
            format!("{file}:28")
        );
        assert_eq!(
            cited.parameters["captured_enter_first"].cites,
            format!("{file}:115")
        );
        assert_eq!(
            cited.parameters["bear_off_home"].cites,
            format!("{file}:50")
        );
    }
    let params = read_game("Shuanglu.lud");
    // Player 2 takes player 1's lone piece on cell 17; player 1 throws 1 and 3 and must enter
    // it: on cell 11 with the 1, not on cell 9 with the 3, where two of its own stand.
    let lone = "{board: {1: [17, 9, 9, 6, 6, 6, 6, 6, 4, 4, 4, 12, 12, 12, 12], \
        2: [18, 23, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]}, to_move: 2}";
    let moves = legal_after(
        &params,
        lone,
        &[(1, 3), (1, 3)],
        &["18x17 [1]", "23-20 [3]"],
    );
    assert_eq!(moves, ["hand-11 [1]"]);
    // Without the limit the 3 would enter onto the two.
    let mut unlimited = params.clone();
    unlimited.enter_stack_limit = 0;
    let moves = legal_after(
        &unlimited,
        lone,
        &[(1, 3), (1, 3)],
        &["18x17 [1]", "23-20 [3]"],
    );
    assert_eq!(moves, ["hand-11 [1]", "hand-9 [3]"]);
    // Another entry's condition is named where it is written.
    let three = edited(
        "Shuanglu.lud",
        "if:(< (size Stack at:(to)) 2)",
        "if:(< (size Stack at:(to)) 3)",
    );
    lacks(&three, "an entry's condition the reader does not read", 28);
    let empty_only = edited(
        "Shuanglu.lud",
        "if:(< (size Stack at:(to)) 2)",
        "if:(is Empty (to))",
    );
    lacks(
        &empty_only,
        "an entry's condition the reader does not read",
        28,
    );
    // A quadrant that is not the end of each track is named at the condition.
    let elsewhere = edited("Shuanglu.lud", "(sites {18..23})", "(sites {12..17})");
    lacks(
        &elsewhere,
        "a condition on every piece being home other than in the last cells of each track",
        50,
    );
}

/// Main Pacheh's turn, `(if (can Move (forEach Piece)) (forEach Piece (then (if (= THROW 8)
/// (moveAgain)))) (move Pass (then (if (= THROW 8) (moveAgain)))))`: a pass written with the
/// pieces' consequence gives another throw on an 8 that no piece can use too. The description
/// reads past its turn (line 67) and its moves from a level of a stack to its capture, which
/// sends the whole stack to its owner's starting point (line 8).
#[test]
fn a_pass_written_with_the_pieces_consequence_gives_another_throw_on_a_pass() {
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Main Pacheh.lud")).unwrap();
    match race_description("Main Pacheh.lud", &text).outcome {
        Err(Missing::Lacks(lacks)) => {
            assert!(lacks.iter().all(|l| l.span.line != 67), "{lacks:?}");
            assert!(
                lacks
                    .iter()
                    .any(|l| l.span.line == 8 && l.what.contains("a captured stack sent whole")),
                "{lacks:?}"
            );
        }
        other => panic!("expected a lack: {other:?}"),
    }
    let turn = |pass_then: &str| {
        description(&[
            (
                "(play (do (roll) next:(or (forEach Piece) (forEach Piece container:(mover)))))",
                &format!(
                    "(play (do (roll) next:(if (can Move (forEach Piece)) (forEach Piece (then \
                     (if (= (count Pips) 3) (moveAgain)))) (move Pass {pass_then}))))"
                ),
            ),
            (
                "(place \"Disc1\" (handSite P1) count:3)\n            (place \"Disc2\" (handSite P2) count:3)",
                "(place \"Disc1\" 0)\n            (place \"Disc2\" 1)",
            ),
        ])
    };
    plays(
        &turn("(then (if (= (count Pips) 3) (moveAgain)))"),
        &[
            "extra_throw_values=3",
            "extra_throw_on_pass=true",
            "extra_throws_in_a_row=0",
            "start=1 | 2",
        ],
    );
    // A pass with another consequence than the pieces' is named at the turn.
    lacks(
        &turn("(then (if (= (count Pips) 2) (moveAgain)))"),
        "moves other than each piece's own",
        26,
    );
}

/// Paumecary, as Ludii describes it: its piece's bearing off written as dice of their own
/// beside its moves, `(or (forEach Die … MOVE …) (if (is Empty (handSite Mover)) (forEach Die
/// … if:(and (!= (pips) 0) (= End …)) (move Remove (from)) …)))`, read as one play of each die:
/// a piece bears off with the exact throw only once none of its side waits in the hand, and
/// its move onto `End` makes none (Ludii's `FromTo` makes no move to a site below 0).
#[test]
fn paumecary_bears_off_only_once_its_hand_is_empty() {
    let params = read_game("Paumecary.lud");
    assert!(params.bear_off_hand_empty);
    assert_eq!(params.bear_off, race::BearOff::Exact);
    assert_eq!(params.dice_use, race::DiceUse::Each);
    assert!(params.doubles_played_twice);
    assert_eq!(
        read_cited("Paumecary.lud").parameters["bear_off_hand_empty"].cites,
        "Paumecary.lud:65"
    );
    // Fourteen of player 1's pieces on the last point, one in the hand: the 1 enters it and
    // bears none off; with all fifteen there, the 1 bears one off.
    let waiting = "board: {1: [18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18], 2: []}";
    let moves = legal_after(&params, waiting, &[(1, 2)], &[]);
    assert_eq!(moves, ["hand-23 [1]", "hand-22 [2]"]);
    let all = "board: {1: [18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18], 2: []}";
    let moves = legal_after(&params, all, &[(1, 2)], &[]);
    assert_eq!(moves, ["18-off [1]"]);
    // The hand does not hold the bearing off back where the rule is not read.
    let mut unheld = params.clone();
    unheld.bear_off_hand_empty = false;
    let moves = legal_after(&unheld, waiting, &[(1, 2)], &[]);
    assert_eq!(moves, ["hand-23 [1]", "18-off [1]", "hand-22 [2]"]);
    // Dice of the bearing off with another consequence are not one play of each die.
    let text = std::fs::read_to_string(corpus().join("ludii/lud/Paumecary.lud")).unwrap();
    let other = text.replacen(
        "(move Remove (from))\n                        (then \n                            (if (not (all DiceUsed))\n                                (moveAgain)\n                            )\n                        )",
        "(move Remove (from))\n                        (then (moveAgain))",
        1,
    );
    assert_ne!(other, text);
    lacks(
        &other,
        "moves of a turn of several dice other than each unused die in turn",
        40,
    );
}

/// Nard writes Shuanglu's priority over its bar rather than the hand: `(priority {(if (is
/// Occupied (mapEntry "Bar" Mover)) ENTRY) (if (is Empty (mapEntry "Bar" Mover)) (max Distance
/// (forEach Piece top:True)))})`, where the bar, `(map "Bar" {(pair P1 6) (pair P2 19)})`, is
/// the first site of the mover's own track and its captured pieces go there: read as the
/// hand, its pieces entering before any other move, on no cell where two pieces stand.
#[test]
fn nard_enters_from_its_bar_first_and_never_onto_two() {
    let params = read_game("Nard.lud");
    assert!(params.captured_enter_first);
    assert_eq!(params.enter_stack_limit, 2);
    assert_eq!(params.bear_off_home, 6);
    assert_eq!(params.bear_off, race::BearOff::Exact);
    assert_eq!(params.land_on_enemy, race::LandOnEnemy::CaptureSingle);
    let track = params.tracks.track(0);
    assert_eq!(
        (track.len(), track[0], track[23]),
        (24, 12, 25),
        "{track:?}"
    );
    let cited = read_cited("Nard.lud");
    assert_eq!(cited.parameters["enter_stack_limit"].cites, "Nard.lud:28");
    assert_eq!(
        cited.parameters["captured_enter_first"].cites,
        "Nard.lud:109"
    );
    // Player 2 takes player 1's lone piece on cell 17; player 1 throws 1 and 3 and must enter
    // it from the bar: on cell 12 with the 1, not on cell 10 with the 3, where two of its own
    // stand, and no piece on the board moves meanwhile.
    let lone = "{board: {1: [17, 10, 10, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2], \
        2: [18, 23, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]}, to_move: 2}";
    let played = ["18x17 [1]", "23-20 [3]"];
    let moves = legal_after(&params, lone, &[(1, 3), (1, 3)], &played);
    assert_eq!(moves, ["hand-12 [1]"]);
    let mut unlimited = params.clone();
    unlimited.enter_stack_limit = 0;
    let moves = legal_after(&unlimited, lone, &[(1, 3), (1, 3)], &played);
    assert_eq!(moves, ["hand-12 [1]", "hand-10 [3]"]);
    let mut any_order = params.clone();
    any_order.captured_enter_first = false;
    let moves = legal_after(&any_order, lone, &[(1, 3), (1, 3)], &played);
    assert!(
        moves.len() > 1 && moves.contains(&"hand-12 [1]".to_string()),
        "{moves:?}"
    );
    // A bar where the captured pieces do not go is not read as the hand: named at the bar.
    let elsewhere = edited(
        "Nard.lud",
        "(to (mapEntry \"Bar\" Next))",
        "(to (mapEntry \"Bar\" Mover))",
    );
    lacks(
        &elsewhere,
        "a bar entered first that is not where each track begins",
        21,
    );
}

/// Plakoto's turn is Backgammon's without a bar, but its piece landing on a lone enemy takes
/// none and stands on it, and the turn moves only the top piece of a site: the enemy beneath
/// is pinned, which cells shared with enemies would not keep, so it is named.
#[test]
fn plakoto_s_pinned_piece_is_named() {
    lacks(
        &vendored("Plakoto.lud"),
        "a piece landing on a lone enemy pinning it beneath",
        45,
    );
}

/// The legal moves of the game set up by `setup` after one throw of `outcome`.
fn legal_after_outcome(params: &RaceParams, setup: &str, outcome: u8) -> Vec<String> {
    use engine::{Game, Observe};
    let setup = corpus::yaml::from_yaml(std::path::Path::new("setup"), setup).unwrap();
    let mut game = race::Race::from_setup(params, setup).unwrap();
    game.apply_chance(outcome);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|m| game.notation(m)).collect()
}

/// Romavoa's last side, `(if (if (not (is In (from) (sites Mover "LastSide"))) True (or {(=
/// ("ThrowValue") 1) …})) …)`, reads as each seat's cells from which only the values 2 and 3
/// move (no throw is worth 1), and its `(or (if (= 14 ("ThrowValue")) <a move of 1>) <a move of
/// the value>)` as 14 played as 1 instead; the engine plays both.
#[test]
fn romavoa_moves_only_by_two_or_three_from_its_last_side_and_plays_fourteen_as_one() {
    let text = vendored("Romavoa.lud");
    plays(
        &text,
        &[
            "restricted_cells=6 7 8 9 23 24 25 26 27 | 27 33 34 35 36 37 38 39 40",
            "restricted_values=2 3",
            "alternative_value=14",
            "alternative_steps=1",
            "land_on_own=stack",
            "land_on_enemy=capture",
        ],
    );
    let game = race_description("Romavoa.lud", &text).outcome.unwrap();
    assert_eq!(game.parameters["restricted_cells"].cites, "Romavoa.lud:47");
    assert_eq!(game.parameters["alternative_value"].cites, "Romavoa.lud:56");
    // Sticks 4, 6, 14 and 15: the 14 alone up (outcome 4) is worth 14, the 4 and 6 up
    // (outcome 3) 2.
    let params = read_game("Romavoa.lud");
    let fourteen = legal_after_outcome(&params, "board: {1: [10]}", 4);
    assert_eq!(fourteen, ["hand-17", "10-29", "hand-5 as 1", "10-11 as 1"]);
    // From cell 6, on the last side, the 14 moves nothing, the 2 moves.
    let setup = "board: {1: [6, 10]}";
    let fourteen = legal_after_outcome(&params, setup, 4);
    assert_eq!(fourteen, ["10-29", "10-11 as 1"]);
    let two = legal_after_outcome(&params, setup, 3);
    assert!(two.iter().any(|m| m.starts_with("6-")), "{two:?}");
    assert!(!two.iter().any(|m| m.ends_with("as 1")), "{two:?}");
    // A last side that lets 4 move too, and 14 played as 2.
    let four = edited(
        "Romavoa.lud",
        "(= (\"ThrowValue\") 1)",
        "(= (\"ThrowValue\") 4)",
    );
    plays(&four, &["restricted_values=2 3 4"]);
    let as_two = edited(
        "Romavoa.lud",
        "(if (= (\"SiteToMoveOnTrack\" 1) End)",
        "(if (= (\"SiteToMoveOnTrack\" 2) End)",
    )
    .replace(
        "(\"SiteToMoveOnTrack\" 1) \n",
        "(\"SiteToMoveOnTrack\" 2) \n",
    );
    plays(&as_two, &["alternative_steps=2"]);
    // A first move that is not the second's by a number is not read as the value played
    // otherwise: its condition on the value stays unread, named at the value's define.
    let other = edited(
        "Romavoa.lud",
        "(if (= (\"SiteToMoveOnTrack\" 1) End)",
        "(if (= (\"SiteToMoveOnTrack\" 2) End)",
    );
    lacks(&other, "a number the reader does not read", 4);
}

/// Had's pieces start on every site of the board's bottom and top rows, `(place "Marker1"
/// (sites Bottom))`, the first fourteen places of each track.
#[test]
fn had_starts_on_its_bottom_and_top_rows() {
    let all: Vec<String> = (1..=14).map(|p| p.to_string()).collect();
    let row = all.join(" ");
    plays(
        &vendored("Had.lud"),
        &["pieces=14", &format!("start={row} | {row}")],
    );
    let left = edited(
        "Had.lud",
        "(place \"Marker1\" (sites Bottom))",
        "(place \"Marker1\" (sites Left))",
    );
    lacks(
        &left,
        "a start that does not give every player the same number of pieces",
        35,
    );
}

/// 20 Squares plays. Its throw is two astragals thrown `facesByDie:{{1 2 3 4} {0 1}}`, the
/// sheep's face up asked as `(face 22)` and the ox's as `(face 23)` (the dice's sites after the
/// board's 20 and the two hands'): with the ox's 0 the sheep's face moves, with its 1 the
/// sheep's face plus 5, 6, 7 or 10 (`(+ (face 22) 5)` …). One throw of eight outcomes, the
/// sheep's varying fastest, as the family throws dice `facesByDie`.
#[test]
fn twenty_squares_moves_what_its_astragals_make_of_each_face() {
    let file = "20 Squares.lud";
    let (reading, lacks) = read_changed(file, &[]);
    assert!(lacks.is_empty(), "{lacks:?}");
    let sheep = [1, 2, 3, 4];
    let bonus = [5, 6, 7, 10];
    let expected: Vec<String> = (0..8)
        .map(|outcome| {
            let (face, ox) = (outcome % 4, outcome / 4);
            let value = if ox == 0 {
                sheep[face]
            } else {
                sheep[face] + bonus[face]
            };
            format!("{outcome}={value}")
        })
        .collect();
    assert_eq!(reading["throw"].value, "faces 8");
    assert_eq!(reading["throw_values"].value, expected.join(" "));
    assert_eq!(reading["throw_values"].span.line, 2);
    assert_eq!(reading["dice_use"].value, "sum");
    // The ox's face asked of a site that holds no die: a lack, not a guess.
    let (_, lacks) = read_changed(file, &[("(face 23)", "(face 24)")]);
    assert!(
        lacks
            .iter()
            .any(|l| l.span.line == 2 && l.what.starts_with("steps the reader does not read")),
        "{lacks:?}"
    );
}

/// 58 Holes' board is `"HoundsAndJackalsBoard"`, a define of Ludii's library that the
/// description does not give and whose body is not shipped: named as such at its place, not
/// read from a copy of it.
#[test]
fn fifty_eight_holes_names_its_board_s_library_define() {
    let (_, lacks) = read_changed("58 Holes.lud", &[]);
    assert!(
        lacks.iter().any(|l| (l.span.line, l.span.column) == (10, 9)
            && l.what.contains("Ludii's library")
            && l.what.contains("\"HoundsAndJackalsBoard\"")),
        "{lacks:?}"
    );
}

/// Panchi's turn, `(if (can Move MOVE) MOVE (move Pass (then T)))`, where MOVE is `(or
/// {(forEach Piece) (forEach Piece container:(mover)) (if (and {THROW HAND LANDING}) (move
/// (from (handSite (mover))) (to (mapEntry (mover)))))} T)` and T another throw on 1, 5 or 7:
/// a piece enters from the hand on the first cell of its track with a throw of 1, 5 or 7 alone
/// (the hand's pieces have no moves of their own, their track not beginning in the hand), onto
/// an empty cell or its own pieces as LANDING asks, and a pass gives another throw too; a
/// capture sends the whole stack taken, `count:(count at:(to))`, to its owner's hand.
#[test]
fn panchi_enters_its_pieces_on_one_five_or_seven_and_throws_again_on_them() {
    let params = read_game("Panchi.lud");
    let cited = read_cited("Panchi.lud");
    let read = |key: &str| {
        let p = &cited.parameters[key];
        (p.value.to_string(), p.cites.clone())
    };
    assert_eq!(
        read("enter_values"),
        ("1,5,7".into(), "Panchi.lud:31".into())
    );
    assert_eq!(read("enter_counts_first_cell").0, "false");
    assert_eq!(read("extra_throw_values").0, "1,5,7");
    assert_eq!(read("extra_throw_on_pass").0, "true");
    assert_eq!(params.land_on_enemy, race::LandOnEnemy::Capture);
    // Player 1 has a piece on cell 1 and four in the hand: a 3 moves the piece alone, a 5
    // enters one too, on cell 0, the track's first.
    let setup = "{board: {1: [1]}, to_move: 1}";
    assert_eq!(legal_after_outcome(&params, setup, 3), ["1-4"]);
    let five = legal_after_outcome(&params, setup, 5);
    assert!(five.iter().any(|m| m == "hand-0"), "{five:?}");
    // An entry onto an empty cell alone, where the pieces land on their own too, is named.
    let empty_only = edited(
        "Panchi.lud",
        "(or (is Empty \"StartPoint\") (is Friend (who at:(\"StartPoint\"))))",
        "(is Empty \"StartPoint\")",
    );
    lacks(
        &empty_only,
        "an entry that lands otherwise than the pieces' moves land on the first cell",
        38,
    );
}

/// Ludii's `(forEach Piece)` without `top:True`, in a game of stacks, lists a move from a stack
/// once for each of its pieces, and its random playout picks uniformly among what it lists: the
/// rules list each move once (`moves_listed` once, the description's reading), and the game
/// file keeps what Ludii 1.3.13 plays as a fault of its engine, with the line of the choice of
/// pieces. The hand's pieces too where the hand's `(forEach Piece container:(mover))` lists
/// them (Paumecary's); an entry written as a move of its own once (Sokkattan's). A turn that
/// asks for the top piece (Backgammon's) or walks the occupied sites once each (Ludus
/// Anglicorum's `(forEach Site (sites Occupied by:Mover) …)`), and a game without stacks
/// (Kints's), keep no fault.
#[test]
fn a_choice_of_pieces_over_stacks_is_listed_per_piece_as_ludii_plays_it() {
    for (file, listed, cites) in [
        ("Todas Tablas.lud", "per-piece", "Todas Tablas.lud:117"),
        ("Paumecary.lud", "per-piece", "Paumecary.lud:92"),
        ("Sokkattan.lud", "per-piece-on-board", "Sokkattan.lud:96"),
    ] {
        let game = read_cited(file);
        assert_eq!(game.parameters["moves_listed"].value, "once", "{file}");
        let fault = &game.ludii_faults["moves_listed"];
        assert_eq!(
            (fault.value.as_str(), fault.cites.as_str()),
            (listed, cites)
        );
        assert!(
            fault.source.contains("(forEach Piece"),
            "{file}: {}",
            fault.source
        );
        assert!(fault.why.contains("ForEachPiece"), "{file}: {}", fault.why);
        let (_, ludii) = game.presets().unwrap();
        let plays = game.as_ludii_plays(&ludii).unwrap();
        assert_eq!(plays.moves_listed.to_string(), listed, "{file}");
        assert_eq!(ludii.moves_listed.to_string(), "once", "{file}");
    }
    for file in ["Backgammon.lud", "Ludus Anglicorum.lud", "Kints.lud"] {
        let game = read_cited(file);
        assert_eq!(game.parameters["moves_listed"].value, "once", "{file}");
        assert!(
            game.ludii_faults.is_empty(),
            "{file}: {:?}",
            game.ludii_faults
        );
    }
}

/// Ludii passes over a player only once it has a result, and Sokkattan's end, `(if (no Pieces
/// TeamMover) (result TeamMover Win))`, gives one to both partners together: a partner whose
/// pieces are all off keeps its turns (`finished_keep_turns`), read beside its teams; a game
/// of no teams passes over nobody who is still without a result.
#[test]
fn a_partner_whose_pieces_are_off_keeps_its_turns_as_ludii_orders_them() {
    let game = read_cited("Sokkattan.lud");
    let keep = &game.parameters["finished_keep_turns"];
    assert_eq!(
        (keep.value.as_str(), keep.cites.as_str()),
        ("true", "Sokkattan.lud:62")
    );
    assert_eq!(game.parameters["teams"].value, "partners");
    let game = read_cited("Todas Tablas.lud");
    assert_eq!(game.parameters["finished_keep_turns"].value, "false");
}

/// The descriptions whose turn has moves other than each piece's own say what those moves do:
/// Contrare Puff's and Lange Puff's opposite faces after a double, Quinze Tablas's doubles
/// played twice over from the hand alone (whose end, each player winning with no pieces left,
/// reads as the first out), Ashta-kashte's pass beside every move, Chaupar's partner's pieces.
#[test]
fn moves_other_than_each_pieces_own_say_what_they_do() {
    for (file, line, what) in [
        ("Contrare Puff.lud", 120, "a double's opposite faces"),
        ("Lange Puff.lud", 120, "a double's opposite faces"),
        (
            "Quinze Tablas.lud",
            116,
            "its doubles played twice over while",
        ),
        (
            "Ashta-kashte.lud",
            76,
            "a pass offered beside every other move",
        ),
        (
            "Chaupar.lud",
            78,
            "moving its partner's with its own throws",
        ),
    ] {
        let text = vendored(file);
        let Err(Missing::Lacks(lacks)) = race_description(file, &text).outcome else {
            panic!("{file}: expected lacks");
        };
        assert!(
            lacks.iter().any(|l| l.span.line == line
                && l.what.starts_with("moves other than each piece's own: ")
                && l.what.contains(what)),
            "{file}: {lacks:?}"
        );
        if file == "Quinze Tablas.lud" {
            assert_eq!(lacks.len(), 1, "{file}: {lacks:?}");
        }
    }
}
