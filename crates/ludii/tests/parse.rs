//! Ludii's syntax: what each construct reads as, where, and each error with its place.

use ludii::{Kind, Node, ReadError, Span, parse};
use proptest::prelude::*;

/// Reads `input` and checks it prints back as `expected` (nodes separated by a space), and
/// that the printed text reads back to the same.
fn check(input: &str, expected: &str) {
    let nodes = parse("test.lud", input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    let printed = nodes
        .iter()
        .map(Node::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(printed, expected, "read from {input:?}");
    let again = parse("printed", &printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    let reprinted = again
        .iter()
        .map(Node::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(reprinted, printed, "printing is stable");
}

fn only(input: &str) -> Node {
    let mut nodes = parse("test.lud", input).unwrap();
    assert_eq!(nodes.len(), 1, "{input:?}");
    nodes.remove(0)
}

#[test]
fn each_construct_reads_as_ludii_writes_it() {
    for (input, expected) in [
        ("(players 2)", "(players 2)"),
        (
            "  ( sow\n\tcount:2   (sites Board) )  ",
            "(sow count:2 (sites Board))",
        ),
        ("// a comment\n(a) // another\n(b)", "(a) (b)"),
        ("(a //x)\n b)", "(a b)"),
        ("{1 2 {3}}", "{1 2 {3}}"),
        ("{}", "{}"),
        ("\"a b\"", "\"a b\""),
        (r#""say \"yes\"""#, r#""say \"yes\"""#),
        (r#""http://x.org/a""#, r#""http://x.org/a""#),
        ("-3 0 17", "-3 0 17"),
        ("0.5 -1.25", "0.5 -1.25"),
        ("{0..5 12..7}", "{0..5 12..7}"),
        ("Mover P1 True N E All ~", "Mover P1 True N E All ~"),
        ("(if (<= (a) 1) (>= 2 3))", "(if (<= (a) 1) (>= 2 3))"),
        (
            "(< a b) (> a b) (!= a b) (+ 1 2) (- 1 2) (* 2 3) (/ 4 2) (% 5 2)",
            "(< a b) (> a b) (!= a b) (+ 1 2) (- 1 2) (* 2 3) (/ 4 2) (% 5 2)",
        ),
        (
            "(f key: (g) other:\"s\" n:-1)",
            "(f key:(g) other:\"s\" n:-1)",
        ),
        ("(f #1 #2 k:#3)", "(f #1 #2 k:#3)"),
        ("(\"Sow\" 2 (to))", "(\"Sow\" 2 (to))"),
        (
            "(board (square <Board:size>)) <Players>",
            "(board (square <Board:size>)) <Players>",
        ),
        (
            "(board (<Tiling:type> <Board:size>))",
            "(board (<Tiling:type> <Board:size>))",
        ),
        ("((a) (b))", "((a) (b))"),
        (
            "(item \"5x5\" <5 5> <> <(sow)> \"desc\")**",
            "(item \"5x5\" <5 5> <> <(sow)> \"desc\") **",
        ),
        (
            "(item \"x\" <(if (> a b) c)> \"d\")",
            "(item \"x\" <(if (> a b) c)> \"d\")",
        ),
        (
            "(start [#]) (players [2..16]) (b [3 | #])",
            "(start [#]) (players [2..16]) (b [3 | #])",
        ),
        ("(colour \"#644B32\")", "(colour \"#644B32\")"),
        ("\u{feff}(a)\r\n(b)", "(a) (b)"),
    ] {
        check(input, expected);
    }
}

#[test]
fn each_node_has_its_kind_and_place() {
    let node = only("\n  (sow count:2\n   \"Track\" -1 0.5 1..3 #2 <A:b> Mover [#])");
    assert_eq!(node.span, Span { line: 2, column: 3 });
    assert_eq!(node.head(), Some("sow"));
    assert!(node.is_call("sow"));
    assert_eq!(node.named("count").and_then(Node::as_int), Some(2));
    assert_eq!(node.named("missing"), None);
    let positional: Vec<&Node> = node.positional().collect();
    assert_eq!(positional[0].as_str(), Some("Track"));
    assert_eq!(positional[0].span, Span { line: 3, column: 4 });
    assert_eq!(positional[1].as_int(), Some(-1));
    assert_eq!(positional[2].kind, Kind::Decimal(0.5));
    assert_eq!(positional[2].as_number(), Some(0.5));
    assert_eq!(positional[3].kind, Kind::Range { from: 1, to: 3 });
    assert_eq!(positional[4].kind, Kind::Param(2));
    assert_eq!(
        positional[5].kind,
        Kind::OptionRef {
            tag: "A".into(),
            arg: Some("b".into())
        }
    );
    assert_eq!(positional[6].as_symbol(), Some("Mover"));
    assert_eq!(positional[7].kind, Kind::Completion("#".into()));
    assert_eq!(node.arg(1).and_then(Node::as_int), Some(-1));
    // The named argument is a child of its own, at its key.
    assert_eq!(node.children()[0].span, Span { line: 2, column: 8 });
}

#[test]
fn walking_visits_every_descendant_once_in_order() {
    let node = only("(a (b 1 k:(c 2)) {3 (d)})");
    let visited: Vec<String> = node.walk().map(Node::to_string).collect();
    assert_eq!(
        visited,
        [
            "(a (b 1 k:(c 2)) {3 (d)})",
            "(b 1 k:(c 2))",
            "1",
            "k:(c 2)",
            "(c 2)",
            "2",
            "{3 (d)}",
            "3",
            "(d)",
        ]
    );
}

/// Whether an error is of the variant expected.
type Variant = fn(&ReadError) -> bool;

fn is(variant: Variant) -> Variant {
    variant
}

/// Checks `input` fails to read as `variant` at `line` and `column` (0, 0 for no place).
fn check_error(
    input: &str,
    variant: Variant,
    line: u32,
    column: u32,
    read: impl Fn(&str) -> Result<(), ReadError>,
) {
    let error = read(input).expect_err(input);
    assert!(variant(&error), "{input:?}: {error:?}");
    let place = error.span().map_or((0, 0), |s| (s.line, s.column));
    assert_eq!(place, (line, column), "{input:?}: {error}");
    assert!(error.to_string().starts_with("t.lud"), "{error}");
}

fn parsed(input: &str) -> Result<(), ReadError> {
    parse("t.lud", input).map(drop)
}

fn described(input: &str) -> Result<(), ReadError> {
    ludii::Description::read("t.lud", input).map(drop)
}

#[test]
fn each_error_names_its_kind_and_place() {
    let deep = format!("{}{}", "(a ".repeat(300), ")".repeat(300));
    for (input, (variant, line, column)) in [
        (
            "(game\n  (players 2)",
            (is(|e| matches!(e, ReadError::Unclosed { .. })), 1, 1),
        ),
        (
            "(a {b c)",
            (is(|e| matches!(e, ReadError::UnexpectedClose { .. })), 1, 8),
        ),
        (
            "(a b))",
            (is(|e| matches!(e, ReadError::UnexpectedClose { .. })), 1, 6),
        ),
        (
            "{a}\n}",
            (is(|e| matches!(e, ReadError::UnexpectedClose { .. })), 2, 1),
        ),
        (
            "[# ",
            (is(|e| matches!(e, ReadError::Unclosed { .. })), 1, 1),
        ),
        (
            "(a\n  \"open",
            (
                is(|e| matches!(e, ReadError::UnterminatedString { .. })),
                2,
                3,
            ),
        ),
        (
            "(a >)",
            (
                is(|e| matches!(e, ReadError::UnexpectedCharacter { .. })),
                1,
                4,
            ),
        ),
        (
            "(a :b)",
            (
                is(|e| matches!(e, ReadError::UnexpectedCharacter { .. })),
                1,
                4,
            ),
        ),
        (
            "(\n)",
            (is(|e| matches!(e, ReadError::MissingHead { .. })), 1, 1),
        ),
        (
            "( {a})",
            (is(|e| matches!(e, ReadError::MissingHead { .. })), 1, 1),
        ),
        (
            "(a key: )",
            (is(|e| matches!(e, ReadError::MissingValue { .. })), 1, 4),
        ),
        (
            "(a <Board size>)",
            (
                is(|e| matches!(e, ReadError::MalformedOptionReference { .. })),
                1,
                4,
            ),
        ),
        (
            "(a <Board:>)",
            (
                is(|e| matches!(e, ReadError::MalformedOptionReference { .. })),
                1,
                4,
            ),
        ),
        (
            "(a\n <Board",
            (is(|e| matches!(e, ReadError::Unclosed { .. })), 2, 2),
        ),
        (
            "(a 99999999999999999999)",
            (
                is(|e| matches!(e, ReadError::NumberOutOfRange { .. })),
                1,
                4,
            ),
        ),
        (
            "(a #99999999999)",
            (
                is(|e| matches!(e, ReadError::NumberOutOfRange { .. })),
                1,
                4,
            ),
        ),
        (
            deep.as_str(),
            (is(|e| matches!(e, ReadError::TooDeep { .. })), 1, 601),
        ),
        (
            "(item \"x\" <5",
            (is(|e| matches!(e, ReadError::Unclosed { .. })), 1, 11),
        ),
    ] {
        check_error(input, variant, line, column, parsed);
    }
}

/// Text cut anywhere from the vendored descriptions, and arbitrary text over Ludii's
/// characters, either reads or gives an error with a place inside the text.
fn assert_reads_or_errs_inside(text: &str) {
    if let Err(error) = parse("fuzz", text) {
        let Some(ludii::Span { line, column }) = error.span() else {
            panic!("{error} has no place");
        };
        let lines = u32::try_from(text.lines().count().max(1)).unwrap();
        assert!(line >= 1 && line <= lines + 1, "{error} in {text:?}");
        assert!(column >= 1, "{error}");
    }
}

#[test]
fn truncated_descriptions_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ludii/lud");
    for name in ["Wari.lud", "Baqura.lud", "Senet.lud", "Gavalata.lud"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let chars: Vec<char> = text.chars().collect();
        for cut in (0..chars.len()).step_by(chars.len() / 400 + 1) {
            let head: String = chars[..cut].iter().collect();
            assert_reads_or_errs_inside(&head);
            let tail: String = chars[cut..].iter().collect();
            assert_reads_or_errs_inside(&tail);
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "[()<>{}\\[\\]\":#*~a-zA-Z0-9 .\\-/\n\\\\]{0,80}") {
        assert_reads_or_errs_inside(&text);
        if let Ok(nodes) = parse("fuzz", &text) {
            // What reads prints back to text that reads the same.
            let printed: Vec<String> = nodes.iter().map(Node::to_string).collect();
            let again = parse("printed", &printed.join(" ")).unwrap();
            let reprinted: Vec<String> = again.iter().map(Node::to_string).collect();
            prop_assert_eq!(printed, reprinted);
        }
    }

    #[test]
    fn any_unicode_never_panics(text in "\\PC{0,60}") {
        assert_reads_or_errs_inside(&text);
        let _ = ludii::Description::read("fuzz", &text);
    }
}

#[test]
fn each_description_error_names_its_kind_and_place() {
    for (input, (variant, line, column)) in [
        (
            "(game \"G\")\n(define 5 (a))",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 2, 1),
        ),
        (
            "(game \"G\")\n(option <A> args:{<a>} {})",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 2, 1),
        ),
        (
            "(game \"G\")\n(option \"A\" <A> {})",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 2, 1),
        ),
        (
            "(game \"G\")\n(option \"A\" <A> args:{<a> 5} {})",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 2, 27),
        ),
        (
            "(game \"G\")\n(option \"A\" <A> args:{<a>} {\n  (item \"x\" <1>)})",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 3, 3),
        ),
        (
            "(game \"G\")\n(option \"A\" <A> args:{<a>} {\n  (item \"x\" <1> <2> \"d\")})",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 3, 3),
        ),
        (
            "(game \"G\")\n(option \"A\" <A> args:{<a>} {\n  * (item \"x\" <1> \"d\")})",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 3, 3),
        ),
        (
            "(game \"G\")\n(rulesets {\n  (ruleset \"R\" {\"A/x\" 3})})",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 3, 23),
        ),
        (
            "(game \"G\")\n(metadata (info {\n  (useFor 5 (rules \"x\"))}))",
            (is(|e| matches!(e, ReadError::Malformed { .. })), 3, 11),
        ),
        (
            "(game \"G\")\n(players 2)",
            (
                is(|e| matches!(e, ReadError::UnexpectedTopLevel { .. })),
                2,
                1,
            ),
        ),
        (
            "(define \"D\" 1)",
            (is(|e| matches!(e, ReadError::GameCount { .. })), 0, 0),
        ),
        (
            "(game \"G\") (game \"H\")",
            (is(|e| matches!(e, ReadError::GameCount { .. })), 0, 0),
        ),
    ] {
        check_error(input, variant, line, column, described);
    }
}

#[test]
fn a_description_is_split_into_its_parts() {
    let text = r#"
        (define "A" (a #1))
        (define "A" (shadowed))
        (game "G" (players 2))
        (option "Board Size" <Size> args:{ <rows> <cols> } {
            (item "2x6" <2> <6> "Two rows.")
            (item "4x8" <4> <8> "Four rows.")**
            (item "3x3" <> <> "Nothing.")*
        })
        (rulesets {
            (ruleset "Ruleset/One (Observed)" { "Board Size/2x6" })
            (ruleset "Ruleset/Two (Suggested)" { "Board Size/4x8" } variations:{"Board Size/3x3"})*
        })
        (metadata (info { (id "9") (useFor { "Ruleset/One (Observed)" } (rules "r") (id "10")) }))
    "#;
    let description = ludii::Description::read("t.lud", text).unwrap();
    assert_eq!(description.name(), Some("G"));
    assert_eq!(description.defines()["A"].body[0].to_string(), "(a #1)");
    assert_eq!(
        description.shadowed_defines()[0].span,
        Span { line: 3, column: 9 }
    );
    let size = &description.options()[0];
    assert_eq!(
        (size.heading.as_str(), size.tag.as_str()),
        ("Board Size", "Size")
    );
    assert_eq!(size.arg_names, ["rows", "cols"]);
    let priorities: Vec<usize> = size.items.iter().map(|i| i.priority).collect();
    assert_eq!(priorities, [0, 2, 1]);
    assert_eq!(size.default_item().map(|i| i.name.as_str()), Some("4x8"));
    assert_eq!(size.items[2].args, [Vec::<Node>::new(), Vec::new()]);
    assert_eq!(size.items[0].description, "Two rows.");
    let two = description.ruleset("Ruleset/Two (Suggested)").unwrap();
    assert_eq!(two.options, ["Board Size/4x8"]);
    assert_eq!(two.variations, ["Board Size/3x3"]);
    assert_eq!(two.priority, 1);
    assert_eq!(description.id(), Some("9"));
    let restricted: Vec<(&str, &[String])> = description
        .info()
        .iter()
        .map(|e| (e.key.as_str(), e.requires.as_slice()))
        .collect();
    let one = ["Ruleset/One (Observed)".to_owned()];
    assert_eq!(
        restricted,
        [("id", &[][..]), ("rules", &one[..]), ("id", &one[..])]
    );
}
