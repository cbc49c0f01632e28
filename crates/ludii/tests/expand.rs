//! Expansion as Ludii's expander does it: options, defines, ranges, doubled brackets and the
//! metadata that applies, checked against expansions written by hand, and each error with
//! its place.

use std::path::Path;

use ludii::{Description, ExpandError, Expanded, Node, Selection, parse};
use proptest::prelude::*;

fn expand(input: &str, selection: &Selection) -> Expanded {
    Description::read("test.lud", input)
        .unwrap_or_else(|e| panic!("{e}"))
        .expand(selection)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Expands `input` under `selection` and checks its game is `expected`, written as Ludii
/// text (compared node for node, so spacing and comments do not matter).
fn check(input: &str, selection: &Selection, expected: &str) {
    let expanded = expand(input, selection);
    let expected: Vec<String> = parse("expected", expected)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(Node::to_string)
        .collect();
    assert_eq!(
        vec![expanded.game.to_string()],
        expected,
        "expanding {input:?} under {selection:?}"
    );
}

fn vendored(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/ludii/lud")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

const DEFAULTS: &Selection = &Selection::Defaults;

#[test]
fn defines_expand_as_ludii_expands_them() {
    for (input, expected) in [
        // Arguments replace #1, #2…; a missing argument, or ~, leaves nothing.
        (
            r#"(define "Sow" (sow count:#1 #2)) (game "G" ("Sow" 4 (to)))"#,
            r#"(game "G" (sow count:4 (to)))"#,
        ),
        (
            r#"(define "D" (f #1 #2 #3)) (game "G" ("D" 1) ("D" ~ 2))"#,
            r#"(game "G" (f 1) (f 2))"#,
        ),
        // A bare string naming a define is a use without arguments.
        (
            r#"(define "Columns" 6) (game "G" (+ (to) "Columns"))"#,
            r#"(game "G" (+ (to) 6))"#,
        ),
        (
            r#"(define "D" (f #1 x)) (game "G" (g "D"))"#,
            r#"(game "G" (g (f x)))"#,
        ),
        // The game's own name is never a use.
        (
            r#"(define "G" 1) (game "G" (a "G"))"#,
            r#"(game "G" (a 1))"#,
        ),
        // Uses within uses, outermost first with the arguments as written.
        (
            r#"(define "A" (a #1 #1)) (define "B" (b #1)) (game "G" ("A" ("B" 2)))"#,
            r#"(game "G" (a (b 2) (b 2)))"#,
        ),
        // A define may stand for several nodes, or none.
        (
            r#"(define "Two" (a) (b)) (define "None") (game "G" {"Two" "None" (c)})"#,
            r#"(game "G" {(a) (b) (c)})"#,
        ),
        // Doubled brackets are dropped.
        (
            r#"(define "Left" (left)) (game "G" (!= (("Left") (to))) (x ((y 1))))"#,
            r#"(game "G" (!= (left) (to)) (x (y 1)))"#,
        ),
        // Ranges spread out, m..m twice as in Ludii.
        (
            r#"(game "G" (track {0..2 3..3 6..4}))"#,
            r#"(game "G" (track {0 1 2 3 3 6 5 4}))"#,
        ),
        // The first definition of a name is the one used.
        (
            r#"(define "D" 1) (define "D" 2) (game "G" (a "D"))"#,
            r#"(game "G" (a 1))"#,
        ),
        // A define inside another's body comes into being where that body is first put in
        // place, with the arguments of that use: here none, so #1 leaves nothing.
        (
            r#"(define "Outer" (define "Inner" (f #1)) ("Inner" #1))
               (game "G" (a "Outer") (b ("Outer" 2)))"#,
            r#"(game "G" (a (f)) (b (f)))"#,
        ),
        // A value of several nodes: the key takes the first.
        (
            r#"(define "D" (f k:#1)) (game "G" ("D" 1))"#,
            r#"(game "G" (f k:1))"#,
        ),
        // Ludii's library defines stay as uses.
        (
            r#"(game "G" (if "SameTurn" ("HandEmpty" Mover)))"#,
            r#"(game "G" (if ("SameTurn") ("HandEmpty" Mover)))"#,
        ),
        // Reconstruction placeholders are kept as written.
        (r#"(game "G" (play [#]))"#, r#"(game "G" (play [#]))"#),
    ] {
        check(input, DEFAULTS, expected);
    }
}

#[test]
fn library_defines_are_listed() {
    let expanded = expand(
        r#"(game "G" (if "SameTurn" ("HandEmpty" Mover)) (piece "Knight" Each "KnightWalk"))"#,
        DEFAULTS,
    );
    assert_eq!(
        expanded.game.to_string(),
        r#"(game "G" (if ("SameTurn") ("HandEmpty" Mover)) (piece "Knight" Each ("KnightWalk")))"#
    );
    let names: Vec<&str> = expanded
        .library_defines
        .iter()
        .map(String::as_str)
        .collect();
    assert_eq!(names, ["HandEmpty", "KnightWalk", "SameTurn"]);
}

const BOARD: &str = r#"
(game "G" (board <Size:rows> <Size:cols> <Size>) (seeds <Seeds>))
(option "Board" <Size> args:{<rows> <cols>} {
    (item "2x6" <2> <6> "Two rows of six.")
    (item "3x6" <3> <6> "Three rows of six.")*
    (item "4x6" <4> <6> "Four rows of six.")*
})
(option "Seeds" <Seeds> args:{<count>} {
    (item "Few" <4> "Four.")*
    (item "Many" <5 6> "Five and six.")**
    (item "None" <> "None.")
})
(rulesets {
    (ruleset "Ruleset/Small (Observed)" { "Board/2x6" "Seeds/Few" })
    (ruleset "Ruleset/Large (Suggested)" { "Board/3x6" "Seeds/Many" })
})
"#;

#[test]
fn options_take_the_chosen_items_arguments() {
    // Defaults: the first item with the most stars.
    check(BOARD, DEFAULTS, r#"(game "G" (board 3 6 3) (seeds 5 6))"#);
    check(
        BOARD,
        &Selection::Options(vec!["Board/2x6".into(), "Seeds/None".into()]),
        r#"(game "G" (board 2 6 2) (seeds))"#,
    );
    check(
        BOARD,
        &Selection::Ruleset("Ruleset/Small (Observed)".into()),
        r#"(game "G" (board 2 6 2) (seeds 4))"#,
    );
    let defaults = expand(BOARD, DEFAULTS);
    assert_eq!(defaults.options, ["Board/3x6", "Seeds/Many"]);
    assert_eq!(
        defaults.ruleset.as_deref(),
        Some("Ruleset/Large (Suggested)"),
        "the options in force are all the ruleset's"
    );
    let other = expand(BOARD, &Selection::Options(vec!["Board/4x6".into()]));
    assert_eq!(other.ruleset, None);
}

#[test]
fn options_reach_heads_defines_and_other_options() {
    for (input, expected) in [
        (
            r#"(game "G" (board (<Tiling:type> 5)))
               (option "T" <Tiling> args:{<type>} { (item "Square" <square> "d")* })"#,
            r#"(game "G" (board (square 5)))"#,
        ),
        // An option may hold a define, used elsewhere.
        (
            r#"(define "Rules" (play <Play:rules>))
               (game "G" "Rules" (end ("Won")))
               (option "P" <Play> args:{<rules>} {
                   (item "A" <(define "Won" (result Mover Win)) (forEach Piece)> "d")* })"#,
            r#"(game "G" (play (forEach Piece)) (end (result Mover Win)))"#,
        ),
        // Two categories share a tag: each argument comes from the first that gives it.
        (
            r#"(game "G" (a <Num:pieces>) (b <Num:dice>) (c <Num>))
               (option "Start" <Num> args:{<pieces>} { (item "2" <2> "d")* })
               (option "Dice" <Num> args:{<dice>} { (item "4" <4> "d")* })"#,
            r#"(game "G" (a 2) (b 4) (c 2))"#,
        ),
        // Defines anywhere in what an option stands for, a named value included.
        (
            r#"(game "G" (f k:(g <P>)) (h "X"))
               (option "P" <P> args:{<v>} { (item "x" <(define "X" 1) 2> "d")* })"#,
            r#"(game "G" (f k:(g 2)) (h 1))"#,
        ),
        // A value of several nodes: the key takes the first, the rest follow.
        (
            r#"(game "G" (f k:<Two>)) (option "T" <Two> args:{<v>} { (item "x" <1 2> "d")* })"#,
            r#"(game "G" (f k:1 2))"#,
        ),
    ] {
        check(input, DEFAULTS, expected);
    }
}

#[test]
fn wari_expands_as_written_by_hand() {
    check(
        &vendored("Wari.lud"),
        DEFAULTS,
        r#"(game "Wari"
            (players 2)
            (equipment {
                (mancalaBoard 2 6 { (track "Track" "1,E,N,W" loop:True) })
                (piece "Seed" Shared)
                (hand Each)
                (regions P1 (sites Bottom))
                (regions P2 (sites Top))
                (map {(pair P1 FirstSite) (pair P2 LastSite)})
            })
            (rules
                (start (set Count 4 to:(sites Track)))
                (play
                    (move Select
                        (from (sites Mover) if:(> (count at:(from)) 0))
                        (then (sow apply:(if (= 6 (count at:(to)))
                            (fromTo (from (to)) (to (mapEntry Mover)) count:6))))))
                (end (if (no Moves Mover)
                    (byScore {
                        (score P1 (count at:(mapEntry P1)))
                        (score P2 (count at:(mapEntry P2)))
                    })))))"#,
    );
    let wari = expand(&vendored("Wari.lud"), DEFAULTS);
    assert_eq!(wari.id(), Some("1626"));
    assert_eq!(wari.name(), Some("Wari"));
    assert_eq!(wari.players(), Some(2));
    assert!(wari.library_defines.is_empty());
}

#[test]
fn baqura_expands_as_written_by_hand() {
    // "OppositePit" is (if (is In #1 (sites P1)) (+ #1 "Columns") (- #1 "Columns")), with
    // "Columns" 6; "PiecesOwnedBy" is (+ (count Cell at:(handSite #1)) (count in:(sites #1))).
    let opposite = |of: &str| format!("(if (is In {of} (sites P1)) (+ {of} 6) (- {of} 6))");
    let owned = |p: &str| format!("(+ (count Cell at:(handSite {p})) (count in:(sites {p})))");
    let expected = format!(
        r#"(game "Baqura"
            (players 2)
            (equipment {{
                (mancalaBoard 2 6 store:None (track "Track" "0,E,N,W" loop:True))
                (regions P1 (sites Bottom))
                (regions P2 (sites Top))
                (piece "Seed" Shared)
                (hand Each)
            }})
            (rules
                (start {{ (set Count 36 at:(handSite P1)) (set Count 36 at:(handSite P2)) }})
                phases:{{
                (phase "Placement"
                    (play (move (from (handSite Mover)) (to (sites Mover))))
                    (nextPhase Mover ("HandEmpty" Mover) "Sowing"))
                (phase "Sowing"
                    (play
                        (if (!= 0 (count in:(sites Mover)))
                            (move Select
                                (from
                                    (if ("SameTurn") (sites {{(last To afterConsequence:True)}}) (sites Mover))
                                    if:(> (count at:(from)) 0))
                                (then
                                    (sow
                                        if:(> (count at:(to)) 1)
                                        apply:(if (and (> (count at:(to)) 1) (is Odd (count at:(to))))
                                            (moveAgain)
                                            (and
                                                (if (> (count at:{to_opposite}) 0)
                                                    (fromTo (from {to_opposite}) (to (handSite Mover))
                                                        count:(count at:{to_opposite})))
                                                (fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))))
                                        backtracking:(and {{ (is In (to) (sites Mover)) (> (count at:(to)) 1) (is Even (count at:(to))) }}))))
                            (move Pass
                                (then
                                    (and
                                        (forEach Site (sites Next)
                                            (if (is Occupied (site))
                                                (fromTo (from (site)) (to (handSite Next)) count:(count at:(site)))))
                                        (if (< {owned1} {owned2})
                                            (set NextPlayer (player 1))
                                            (set NextPlayer (player 2))))))))
                    (nextPhase (was Pass) "PlacementLosingPlayer"))
                (phase "PlacementLosingPlayer"
                    (play
                        (move (from (handSite Mover)) (to (sites Mover))
                            (then
                                (if ("HandEmpty" Mover)
                                    (forEach Site (sites Mover)
                                        (if (is Occupied (site))
                                            (fromTo (from Cell (handSite Next)) (to {site_opposite}) count:(count at:(site)))))
                                    (moveAgain)))))
                    (nextPhase ("HandEmpty" Mover) "Sowing"))
                }}
                (end {{
                    (if (= 0 {owned1}) (result P2 Win))
                    (if (= 0 {owned2}) (result P1 Win))
                }})))"#,
        to_opposite = opposite("(to)"),
        site_opposite = opposite("(site)"),
        owned1 = owned("P1"),
        owned2 = owned("P2"),
    );
    check(&vendored("Baqura.lud"), DEFAULTS, &expected);
    let baqura = expand(&vendored("Baqura.lud"), DEFAULTS);
    assert_eq!(baqura.id(), Some("212"));
    let library: Vec<&str> = baqura.library_defines.iter().map(String::as_str).collect();
    assert_eq!(library, ["HandEmpty", "SameTurn"]);
}

#[test]
fn mangala_turkey_expands_for_each_ruleset_with_its_own_metadata() {
    let text = vendored("Mangala (Turkey).lud");
    let board = |size: u32| {
        format!(
            r#"(game "Mangala (Turkey)"
                (players 2)
                (equipment {{
                    (mancalaBoard 2 {size} store:None (track "Track" "0,E,N,W" loop:True))
                    (regions P1 (sites Bottom))
                    (regions P2 (sites Top))
                    (piece "Seed" Shared)
                    (hand Each)
                }})
                (rules
                    (start (set Count 5 to:(sites Track)))
                    (play (move Select
                        (from (sites Mover) if:(> (count at:(from)) 0))
                        (then (sow
                            if:(or (= (count at:(to)) 1) (= (count at:(to)) 3))
                            apply:(fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))
                            backtracking:True))))
                    (end (if (= (count in:(sites Track)) 0)
                        (byScore {{
                            (score P1 (count Cell at:(handSite P1)))
                            (score P2 (count Cell at:(handSite P2)))
                        }})))))"#
        )
    };
    // "7" has two stars: the default, and so the Seven Holes ruleset is in force.
    check(&text, DEFAULTS, &board(7));
    let defaults = expand(&text, DEFAULTS);
    assert_eq!(
        defaults.ruleset.as_deref(),
        Some("Ruleset/Seven Holes (Observed)")
    );
    assert_eq!(defaults.id(), Some("284"));
    assert!(defaults.rules_text().unwrap().starts_with("2x7 board."));

    let six = Selection::Ruleset("Ruleset/Six Holes (Observed)".into());
    check(&text, &six, &board(6));
    let six = expand(&text, &six);
    assert_eq!(six.id(), Some("28"));
    assert_eq!(six.rules_text(), Some("Two rows of six holes."));
    assert_eq!(six.source(), Some("And 1979: 52."));
    assert_eq!(six.classification(), Some("board/sow/two rows"));
    // The other ruleset's entries are gone from the metadata; the game's own stay.
    let metadata = six.metadata.unwrap().to_string();
    assert!(metadata.contains(r#"(rules "Two rows of six holes.")"#));
    assert!(!metadata.contains("2x7 board."));
    assert!(!metadata.contains("useFor"));
    assert!(metadata.contains(r#"(id "284")"#));

    let description = Description::read("Mangala (Turkey).lud", &text).unwrap();
    assert_eq!(description.id(), Some("284"));
    assert_eq!(description.name(), Some("Mangala (Turkey)"));
    assert_eq!(description.classification(), Some("board/sow/two rows"));
    assert_eq!(
        description.rules_text(),
        None,
        "its rules are all ruleset's own"
    );
    assert_eq!(description.players(), Some(2));
    let restricted: Vec<&[String]> = description
        .info()
        .iter()
        .filter(|e| e.key == "id")
        .map(|e| e.requires.as_slice())
        .collect();
    assert_eq!(
        restricted,
        [
            &["Ruleset/Six Holes (Observed)".to_owned()][..],
            &["Ruleset/Seven Holes (Observed)".to_owned()][..],
            &[][..],
        ]
    );
}

#[test]
fn gavalata_takes_two_players_items_empty_arguments() {
    let text = vendored("Gavalata.lud");
    let two = expand(
        &text,
        &Selection::Options(vec!["Players/2".into(), "Start Rules/1".into()]),
    );
    assert_eq!(two.players(), Some(2));
    let game = two.game.to_string();
    assert!(
        !game.contains("Track3") && !game.contains("Paddle3"),
        "{game}"
    );
    let four = expand(&text, DEFAULTS);
    assert_eq!(four.players(), Some(4));
    let game = four.game.to_string();
    // "NumInitPiece" is <Num:pieces> of "Start Rules", held in an option of "Players".
    assert!(
        game.contains(r#"(place Stack "Paddle3" (mapEntry 3) count:2)"#),
        "{game}"
    );
    assert!(game.contains("(dice d:2 from:0 num:4)"), "{game}");
}

/// Whether an error is of the variant expected.
type Variant = fn(&ExpandError) -> bool;

fn is(variant: Variant) -> Variant {
    variant
}

#[test]
fn each_expansion_error_names_its_kind_and_place() {
    let explosive = format!(
        "{}(define \"L0\" (leaf))\n(game \"G\" \"L12\")",
        (1..=12)
            .map(|n| format!(
                "(define \"L{n}\" {{\"L{m}\" \"L{m}\" \"L{m}\" \"L{m}\"}})\n",
                m = n - 1
            ))
            .collect::<String>()
    );
    let explosive_options = format!(
        "(game \"G\" (a <A12>))\n{}(option \"A0\" <A0> args:{{<v>}} {{ (item \"x\" <1> \"d\")* }})",
        (1..=12)
            .map(|n| format!(
                "(option \"A{n}\" <A{n}> args:{{<v>}} {{ (item \"x\" <<A{m}> <A{m}> <A{m}> <A{m}>> \"d\")* }})\n",
                m = n - 1
            ))
            .collect::<String>()
    );
    let options = r#"(option "Board" <Size> args:{<rows> <cols>} {
        (item "2x6" <2> <6> "d")* (item "short" <3> "d") })
        (rulesets { (ruleset "Ruleset/A (Observed)" { "Board/2x6" }) })"#;
    for (input, selection, (variant, line, column)) in [
        (
            "(game \"G\"\n  (a (\"Nope\" 1)))".to_owned(),
            Selection::Defaults,
            (is(|e| matches!(e, ExpandError::UnknownDefine { .. })), 2, 6),
        ),
        (
            "(define \"A\" (a (\"B\")))\n(define \"B\" (b (\"A\")))\n(game \"G\" (\"A\"))"
                .to_owned(),
            Selection::Defaults,
            (is(|e| matches!(e, ExpandError::Cycle { .. })), 2, 16),
        ),
        (
            "(define \"A\" \"A\")\n(game \"G\" (x \"A\"))".to_owned(),
            Selection::Defaults,
            (is(|e| matches!(e, ExpandError::Cycle { .. })), 1, 13),
        ),
        (
            explosive,
            Selection::Defaults,
            (is(|e| matches!(e, ExpandError::TooLarge { .. })), 0, 0),
        ),
        (
            explosive_options,
            Selection::Defaults,
            (is(|e| matches!(e, ExpandError::TooLarge { .. })), 0, 0),
        ),
        (
            format!("(game \"G\"\n (a <Nope>))\n{options}"),
            Selection::Defaults,
            (
                is(|e| matches!(e, ExpandError::UnknownOptionTag { .. })),
                2,
                5,
            ),
        ),
        (
            format!("(game \"G\" (a <Size:depth>))\n{options}"),
            Selection::Defaults,
            (
                is(|e| matches!(e, ExpandError::UnknownOptionArgument { .. })),
                1,
                14,
            ),
        ),
        (
            format!("(game \"G\" (a <Size:cols>))\n{options}"),
            Selection::Options(vec!["Board/short".into()]),
            (
                is(|e| matches!(e, ExpandError::ItemLacksArgument { .. })),
                1,
                14,
            ),
        ),
        (
            "(game \"G\"\n  (f #1))".to_owned(),
            Selection::Defaults,
            (
                is(|e| matches!(e, ExpandError::StrayParameter { .. })),
                2,
                6,
            ),
        ),
        (
            "(define \"D\" (f k:#1))\n(game \"G\" (\"D\"))".to_owned(),
            Selection::Defaults,
            (
                is(|e| matches!(e, ExpandError::EmptyNamedValue { .. })),
                1,
                16,
            ),
        ),
        (
            format!("(game \"G\" (a))\n{options}"),
            Selection::Ruleset("Ruleset/B".into()),
            (
                is(|e| matches!(e, ExpandError::UnknownRuleset { .. })),
                0,
                0,
            ),
        ),
        (
            format!("(game \"G\" (a))\n{options}"),
            Selection::Options(vec!["Board/9x9".into()]),
            (is(|e| matches!(e, ExpandError::UnknownOption { .. })), 0, 0),
        ),
        (
            format!("(game \"G\" (a))\n{options}"),
            Selection::Options(vec!["Board/2x6".into(), "Board/short".into()]),
            (
                is(|e| matches!(e, ExpandError::ConflictingOptions { .. })),
                0,
                0,
            ),
        ),
        (
            "(match \"M\" (games {(subgame \"G\")}))".to_owned(),
            Selection::Defaults,
            (is(|e| matches!(e, ExpandError::Match { .. })), 0, 0),
        ),
        (
            format!(
                "(game \"G\" (a))\n{options}\n(metadata (info {{\n (useFor \"Ruleset/B\" (rules \"x\")) }}))"
            ),
            Selection::Defaults,
            (
                is(|e| matches!(e, ExpandError::UnknownRequirement { .. })),
                6,
                2,
            ),
        ),
    ] {
        let description = Description::read("t.lud", &input).unwrap_or_else(|e| panic!("{e}"));
        let error = description.expand(&selection).expect_err(&input);
        assert!(variant(&error), "{input}\n{error:?}");
        let place = error.span().map_or((0, 0), |s| (s.line, s.column));
        assert_eq!(place, (line, column), "{input}\n{error}");
        assert!(error.to_string().starts_with("t.lud"), "{error}");
    }
}

/// A define body: calls mixing uses of other defines (called or bare), parameters, option
/// references, ranges and nested defines.
fn body() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (0..4u8).prop_map(|n| format!("(\"D{n}\" #1 x)")),
        (0..4u8).prop_map(|n| format!("\"D{n}\"")),
        (1..3u8).prop_map(|n| format!("#{n}")),
        Just("<Opt>".to_owned()),
        Just("<Opt:b>".to_owned()),
        Just("1..3".to_owned()),
        Just("k:#2".to_owned()),
        Just("((f) (g))".to_owned()),
        Just("(define \"D3\" (h #1))".to_owned()),
        Just("Mover".to_owned()),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(inner, 0..3).prop_map(|parts| format!("(f {})", parts.join(" ")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn any_web_of_defines_expands_or_fails_with_a_place(
        bodies in prop::collection::vec(body(), 4),
        game in body(),
    ) {
        let mut text = String::new();
        for (n, body) in bodies.iter().enumerate() {
            text.push_str(&format!("(define \"D{n}\" {body})\n"));
        }
        text.push_str(&format!("(game \"G\" {game})\n"));
        text.push_str("(option \"O\" <Opt> args:{<a> <b>} { (item \"i\" <(\"D1\")> <2 3> \"d\")* })\n");
        let description = Description::read("web.lud", &text).unwrap();
        match description.expand(&Selection::Defaults) {
            Ok(expanded) => prop_assert!(expanded.game.is_call("game")),
            Err(error) => prop_assert!(
                error.span().is_some() || matches!(error, ExpandError::TooLarge { .. }),
                "{error}"
            ),
        }
    }
}
