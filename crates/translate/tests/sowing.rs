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
    let too_large = r#"(mancalaBoard 3 30 store:None (track "Track" "0,E,N,W" loop:True))"#;
    check(
        &description(&[("{board}", too_large)]),
        Expect::Lacks("a board of 90 holes, more than the 64", 4),
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

/// Captures across from an empty last hole: `{row}` is the condition on the last hole's row.
fn capture_across(row: &str) -> String {
    format!(
        r#"apply:(if (and (= (count at:(to)) 1) {row} (> (count at:(if (is In (to) (sites P1)) (+ (to) 6) (- (to) 6))) 0))
                    (fromTo (from (if (is In (to) (sites P1)) (+ (to) 6) (- (to) 6))) (to (handSite Mover)) count:(count at:(if (is In (to) (sites P1)) (+ (to) 6) (- (to) 6)))))"#
    )
}

#[test]
fn a_capture_across_reads_on_ones_own_row_or_on_either() {
    let own = capture_across("(is In (to) (sites Mover))");
    check(
        &description(&[("{capture}", &own)]),
        Expect::Plays(&["empty_hole_capture=opposite", "capture_across_row=own"]),
    );
    // French Wari's: wherever the last counter falls alone.
    let either = capture_across("True");
    check(
        &description(&[("{capture}", &either)]),
        Expect::Plays(&["empty_hole_capture=opposite", "capture_across_row=either"]),
    );
    // Yovodi's: the owner of the empty hole takes what faces it.
    let pit = "(if (is In (to) (sites P1)) (+ (to) 6) (- (to) 6))";
    let to_owner = format!(
        r#"apply:(if (= (count at:(to)) 1)
                    (if (is In (to) (sites Mover))
                        (fromTo (from {pit}) (to (handSite Mover)) count:(count at:{pit}))
                        (fromTo (from {pit}) (to (handSite Next)) count:(count at:{pit}))))"#
    );
    check(
        &description(&[("{capture}", &to_owner)]),
        Expect::Plays(&[
            "empty_hole_capture=opposite",
            "capture_across_row=either-to-owner",
        ]),
    );
    let only_to_opponent = format!(
        r#"apply:(if (and (= (count at:(to)) 1) (is In (to) (sites Next)))
                        (fromTo (from {pit}) (to (handSite Next)) count:(count at:{pit})))"#
    );
    check(
        &description(&[("{capture}", &only_to_opponent)]),
        Expect::Lacks(
            "a capture across for the opponent without the mover's own",
            15,
        ),
    );
    // On the opponent's row only: not a capture of the family.
    let theirs = capture_across("(is In (to) (sites Next))");
    check(
        &description(&[("{capture}", &theirs)]),
        Expect::Lacks(
            "a capture condition that is not a set of counts on a row",
            15,
        ),
    );
}

#[test]
fn a_capture_across_that_takes_the_last_holes_one_counter_by_count_is_kalahs() {
    // Dabuda takes the facing hole and `count:1` from the last hole, which the capture needs
    // to hold one counter: Kalah's capture, beside its relay from a hole that held more.
    let dabuda = vendored("Dabuda.lud");
    assert_eq!(
        dabuda.empty_hole_capture,
        sowing::EmptyHoleCapture::OppositeAndLast
    );
    assert_eq!(dabuda.relay, sowing::Relay::Occupied);
    assert!(dabuda.capture_counts.is_empty());
    // Two counters taken from a hole that holds one is no capture of the family.
    let text = vendored_text("Dabuda.lud");
    let two = text.replace("count:1\n", "count:2\n");
    assert_ne!(two, text);
    assert_lacks_in("Dabuda.lud", &two, "21:21: a capture");
}

#[test]
fn a_stuck_mover_whose_opponent_scores_the_holes_too_loses() {
    // Aw-li On-nam Ot-tjin: a draw when the next player cannot move either, otherwise the
    // stuck mover's store against that store and every counter in the holes.
    let awli = vendored("Aw-li On-nam Ot-tjin.lud");
    assert_eq!(awli.score, sowing::Score::StuckLoses);
    assert_eq!(awli.game_end, sowing::GameEnd::MoverCannotMove);
    // The other player's own store against the mover's: the larger score, which the family
    // does not read here.
    let text = vendored_text("Aw-li On-nam Ot-tjin.lud");
    let own_store = text.replace(
        r#"(score P2 "PiecesOwnedByP1")"#,
        r#"(score P2 ("KalahCount" P2))"#,
    );
    assert_ne!(own_store, text);
    // Without the draw of two stuck players, neither.
    let no_draw = text.replace("(if (no Moves Next) (result Mover Draw))", "");
    assert_ne!(no_draw, text);
    for changed in [own_store, no_draw] {
        assert_lacks_in(
            "Aw-li On-nam Ot-tjin.lud",
            &changed,
            ": a result other than the larger score",
        );
    }
}

#[test]
fn yovodjis_capture_across_needs_two_facing_and_its_walk_back_never_begins() {
    // Yovodji relays where no capture of two or three is made, takes across only a facing hole
    // of more than one counter, and asks its walk back about `(from)`, the hole it lifted,
    // which its sowing passes over and leaves empty: never a chain.
    let yovodji = vendored("Yovodji.lud");
    assert_eq!(yovodji.capture_across_fewest, 2);
    assert_eq!(
        yovodji.empty_hole_capture,
        sowing::EmptyHoleCapture::Opposite
    );
    assert_eq!(yovodji.relay, sowing::Relay::Occupied);
    assert!(!yovodji.capture_chain);
    assert!(yovodji.end_by_agreement);
    let text = vendored_text("Yovodji.lud");
    // Any counter facing: Kalah's capture across.
    let any_facing = text.replace(
        r#"(< 1 (count at:"OppositePit"))"#,
        r#"(< 0 (count at:"OppositePit"))"#,
    );
    assert_ne!(any_facing, text);
    let translation = sowing_description("Yovodji.lud", &any_facing);
    let file = translation.outcome.as_ref().unwrap();
    assert_eq!(file.parameters["capture_across_fewest"].value, "1");
    // A sowing that sows its own hole again may find counters there to walk back from.
    let sows_itself = text.replace("includeSelf:False", "includeSelf:True");
    assert_ne!(sows_itself, text);
    assert_lacks_in("Yovodji.lud", &sows_itself, ": a backward chain");
}

/// A board with a store at either end, outside the track, mapped to the players as Das
/// Bohnenspiel's is, with regions named "Home"; `{into}` is where captures go.
fn with_stores(into: &str) -> String {
    let board = r#"(mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))"#;
    let capture = format!(
        r#"if:(and (is In (to) (sites Next)) (= (count at:(to)) 4))
                    apply:(fromTo (from (to)) (to {into}) count:(count at:(to)))"#
    );
    let end = r#"(end (if (no Moves Mover) (byScore {(score P1 (+ (count at:(mapEntry P1)) (count in:(sites P1)))) (score P2 (+ (count at:(mapEntry P2)) (count in:(sites P2))))})))"#;
    description(&[("{board}", board), ("{capture}", &capture), ("{end}", end)])
        .replace(
            "(regions P1 (sites Bottom))",
            r#"(regions "Home" P1 (sites Bottom)) (map {(pair P1 FirstSite) (pair P2 LastSite)})"#,
        )
        .replace(
            "(regions P2 (sites Top))",
            r#"(regions "Home" P2 (sites Top))"#,
        )
}

#[test]
fn a_score_reads_the_captures_where_they_go() {
    // `(sites Mover)` gathers the mover's regions whatever their names, as Ludii's does.
    check(
        &with_stores("(mapEntry (mover))"),
        Expect::Plays(&["score=captured-and-row", "capture_counts=4"]),
    );
    // Captures into the hand never reach the store the score counts: the row alone scores.
    check(
        &with_stores("(handSite Mover)"),
        Expect::Plays(&["score=row", "capture_counts=4"]),
    );
    // Captures into the opponent's store are not the mover's.
    check(
        &with_stores("(mapEntry (next))"),
        Expect::Lacks("a capture for the opponent other than across", 15),
    );
}

#[test]
fn an_end_on_repeated_positions_reads_beside_its_other_end() {
    let cycle = r#"(end (if (or (no Moves Mover) (is Cycle)) (byScore {(score P1 (count Cell at:(handSite P1))) (score P2 (count Cell at:(handSite P2)))})))"#;
    check(
        &description(&[("{end}", cycle)]),
        Expect::Plays(&["cycle_ends=true", "game_end=mover-cannot-move"]),
    );
    check(&description(&[]), Expect::Plays(&["cycle_ends=false"]));
    // A cycle that wins for the mover is not an end of the family.
    let cycle_wins = r#"(end (if (or (no Moves Next) (is Cycle)) (result Mover Win)))"#;
    check(
        &description(&[("{end}", cycle_wins)]),
        Expect::Lacks("an end condition: (no Moves Next)", 20),
    );
}

/// Oware's play: a vote on a proposal to end, or in a cycle a proposal, or a sowing.
const PROPOSALS: &str = r#"(play
            (if (is Proposed "End")
                (or (move Vote "End") (move Vote "No"))
                (or
                    (if (is Cycle) (move Propose "End"))
                    (move Select
                        (from (sites Mover) if:(> (count at:(from)) 0))
                        (then (sow {capture}))
                    )
                )
            )
        )"#;

fn with_proposals(end: &str) -> String {
    let text = description(&[("{end}", end)]);
    let start = text.find("(play\n").unwrap();
    let end_at = text.find("(end").unwrap();
    let play = PROPOSALS.replace("{capture}", CAPTURE);
    format!("{}{play}\n        {}", &text[..start], &text[end_at..])
}

#[test]
fn an_agreement_to_end_a_cycle_reads_with_the_end_it_makes() {
    let agreed = r#"(end (if (or (no Moves Mover) (is Decided "End")) (byScore {(score P1 (count Cell at:(handSite P1))) (score P2 (count Cell at:(handSite P2)))})))"#;
    check(
        &with_proposals(agreed),
        Expect::Plays(&[
            "end_by_agreement=true",
            "game_end=mover-cannot-move",
            "capture_counts=2,3",
            "cycle_ends=false",
        ]),
    );
    check(
        &description(&[]),
        Expect::Plays(&["end_by_agreement=false"]),
    );
    // Proposals that no end rule reads are moves the family cannot make pointless.
    check(
        &with_proposals(END),
        Expect::Lacks("a proposal to end that no end rule reads", 26),
    );
    // An agreement no proposal can bring about.
    check(
        &description(&[("{end}", agreed)]),
        Expect::Lacks("an end by agreement without a proposal", 20),
    );
}

#[test]
fn a_capture_that_goes_on_to_the_opponents_holes_of_a_count_sweeps_them() {
    // Wouri's: the capture, then every hole of the opponent's row holding four.
    let sweep = r#"if:(and (is In (to) (sites Next)) (= (count at:(to)) 4))
                    apply:(fromTo (from (to)) (to (handSite Mover)) count:(count at:(to))
                        (then (forEach Site (sites Next) (if (= (count at:(site)) 4)
                            (fromTo (from (site)) (to (handSite Mover)) count:(count at:(site)))))))"#;
    check(
        &description(&[("{capture}", sweep)]),
        Expect::Plays(&["capture_counts=4", "capture_sweep_counts=4"]),
    );
    // One that goes on to one's own holes is a lack.
    let own = sweep.replace("(forEach Site (sites Next)", "(forEach Site (sites Mover)");
    check(
        &description(&[("{capture}", &own)]),
        Expect::Lacks("a consequence of a capture the family does not have", 17),
    );
}

/// Ovalhu's description (Ludii 1.3.4, vendored) read and played: its first round ends with
/// the board empty, each player fills as many holes of its row with eight counters as its
/// captures allow, and a later round begins with exactly the holes left empty out of play.
#[test]
fn a_game_of_rounds_goes_on_to_a_second_round_without_the_holes_it_could_not_fill() {
    use engine::{Game, Observe, Phase};
    let ludii = vendored("Ovalhu.lud");
    assert_eq!((ludii.round_refill, ludii.unfilled_out_of_play), (8, true));
    let mut rng = engine::rng::GameRng::for_playout(11, 0);
    let mut game = sowing::Sowing::new(&ludii);
    let mut moves = Vec::new();
    let (mut captured, mut refills, mut rounds_begun) = ([0u64; 2], 0, 0);
    let mut was_refilling = false;
    for _ in 0..20_000 {
        let Phase::Decision(_) = game.phase() else {
            break;
        };
        let seen = game.observe();
        let refilling = seen["refilling"].as_bool().unwrap();
        if refilling && !was_refilling {
            // The round has just ended: every counter is in a store.
            for player in 0..2 {
                captured[player] = seen["stores"][player].as_u64().unwrap();
            }
            refills += 1;
        }
        if !refilling && was_refilling {
            rounds_begun += 1;
            let out: Vec<String> = seen["out_of_play"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h.as_str().unwrap().to_string())
                .collect();
            for (player, row) in ["a", "b"].into_iter().enumerate() {
                let counts: Vec<u64> = seen["board"][row]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_u64().unwrap())
                    .collect();
                let filled = counts.iter().filter(|&&c| c == 8).count() as u64;
                assert_eq!(filled, (captured[player] / 8).min(8), "{row}: {counts:?}");
                assert!(
                    counts.iter().all(|&c| c == 0 || c == 8),
                    "{row}: {counts:?}"
                );
                assert_eq!(
                    seen["stores"][player].as_u64().unwrap(),
                    captured[player] - 8 * filled
                );
                // The holes left empty are those out of play, and no others.
                for (place, &count) in counts.iter().enumerate() {
                    let name = format!("{row}{}", place + 1);
                    assert_eq!(out.contains(&name), count == 0, "{name}");
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        was_refilling = refilling;
        play_at_random(&mut game, &mut rng, &mut moves);
    }
    assert!(refills >= 1 && rounds_begun >= 1, "no second round began");
    let seen = game.observe();
    assert!(
        !seen["out_of_play"].as_array().unwrap().is_empty(),
        "no round began with a hole out of play"
    );
}

/// Hufesay's description (Ludii 1.3.4, vendored) read and played: when its first round ends,
/// the player with more counters refills first, a hole of four a move from its leftmost hole
/// along the track and on into the opponent's row, three left over borrowing one of the
/// opponent's; the opponent fills the rest, and the second round begins with each player
/// owning exactly the holes it filled, in that order.
#[test]
fn a_second_round_begins_with_the_holes_each_player_filled_owned() {
    use engine::{Game, Observe, Phase};
    let ludii = vendored("Hufesay.lud");
    assert!(ludii.ownership && ludii.refill_whole_turn && ludii.round_first_more_captured);
    let names = |seen: &serde_json::Value, player: usize| -> Vec<String> {
        seen["owned"][player]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap().to_string())
            .collect()
    };
    // Each player's holes along the anticlockwise track from its own leftmost hole.
    let order = |player: usize| -> Vec<String> {
        let rows = if player == 0 { ["a", "b"] } else { ["b", "a"] };
        rows.iter()
            .flat_map(|row| (1..=6).map(move |place| format!("{row}{place}")))
            .collect()
    };
    let mut seen_second_rounds = 0;
    for seed in 0..40 {
        let mut rng = engine::rng::GameRng::for_playout(seed, 0);
        let mut game = sowing::Sowing::new(&ludii);
        let mut moves = Vec::new();
        let mut was_refilling = false;
        let mut first: Option<(usize, u64)> = None;
        for _ in 0..20_000 {
            let Phase::Decision(mover) = game.phase() else {
                break;
            };
            let seen = game.observe();
            let refilling = seen["refilling"].as_bool().unwrap();
            if refilling && !was_refilling {
                let player = usize::from(mover);
                first = Some((player, seen["stores"][player].as_u64().unwrap()));
                assert_eq!(names(&seen, 0).len() + names(&seen, 1).len(), 0);
            }
            if !refilling && was_refilling {
                let (filler, captured) = first.expect("the refill had a first filler");
                let holes = (captured / 4 + u64::from(captured % 4 == 3)) as usize;
                let mut expected: Vec<String> = order(filler)[..holes].to_vec();
                let mut theirs: Vec<String> = order(filler)[holes..].to_vec();
                expected.sort();
                theirs.sort();
                let mut owned = names(&seen, filler);
                let mut other = names(&seen, 1 - filler);
                owned.sort();
                other.sort();
                assert_eq!((owned, other), (expected, theirs), "seed {seed}");
                for row in ["a", "b"] {
                    let counts = seen["board"][row].as_array().unwrap();
                    assert!(counts.iter().all(|c| c.as_u64() == Some(4)), "{seen}");
                }
                assert_eq!(seen["stores"], serde_json::json!([0, 0]));
                seen_second_rounds += 1;
                break;
            }
            was_refilling = refilling;
            play_at_random(&mut game, &mut rng, &mut moves);
        }
    }
    assert!(
        seen_second_rounds >= 10,
        "{seen_second_rounds} second rounds"
    );
}

/// One uniformly random legal move of `game`, after which its invariants must hold.
fn play_at_random(
    game: &mut sowing::Sowing,
    rng: &mut engine::rng::GameRng,
    moves: &mut Vec<sowing::Move>,
) {
    use engine::{Game, Phase};
    if let Phase::Chance(chance) = game.phase() {
        let outcome = chance.sample(rng);
        game.apply_chance(outcome);
        game.check_invariants().unwrap();
        return;
    }
    moves.clear();
    game.legal_moves(moves);
    let mv = moves[rng.below(moves.len() as u64) as usize];
    game.apply(mv);
    game.check_invariants().unwrap();
}

/// The vendored description `file`'s text.
fn vendored_text(file: &str) -> String {
    let path = format!(
        "{}/../../corpus/ludii/lud/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

/// The vendored description `file` read as the family's `ludii` preset.
fn vendored(file: &str) -> sowing::SowingParams {
    let text = vendored_text(file);
    let translation = sowing_description(file, &text);
    let game = translation
        .outcome
        .as_ref()
        .unwrap_or_else(|missing| panic!("{file} does not play: {missing:?}"));
    game.presets().unwrap().1
}

/// Muvalavala (Quioco)'s description read: its start counts written as arithmetic on the
/// board's size (`(- (- (* 4 6) 2) (* 2 (- 6 1)))`, 12 in each player's leftmost outer hole),
/// its capture from an occupied inner hole sown on from the last hole, and its end where the
/// player left without a move loses, `(if (no Moves Next) (result Mover Win))`, not a score.
#[test]
fn a_next_player_left_without_a_move_loses_and_a_start_counted_by_arithmetic_reads() {
    let params = vendored("Muvalavala (Quioco).lud");
    assert_eq!(params.game_end, sowing::GameEnd::NextCannotMoveLoses);
    assert!(params.capture_across_occupied && params.capture_across_resown);
    assert_eq!(params.min_to_sow, 2);
    assert_eq!(
        engine::OptionValue::render_value(&params.start_counts),
        "12,1,1,1,1,1,1,1,1,1,1,0,1,1,1,1,1,0,12,1,1,1,1,1"
    );
    // Kisolo (Lali)'s form, the turn passed first, reads alike.
    let text = vendored_text("Muvalavala (Quioco).lud").replace(
        "(no Moves Next)",
        "(and (!= (next) (mover)) (no Moves Next))",
    );
    let translation = sowing_description("Muvalavala (Quioco).lud", &text);
    let game = translation.outcome.as_ref().expect("plays");
    assert_eq!(
        game.presets().unwrap().1.game_end,
        sowing::GameEnd::NextCannotMoveLoses
    );
    // A mover's win on a condition other than the next player's stalemate is still named.
    let text =
        vendored_text("Muvalavala (Quioco).lud").replace("(no Moves Next)", "(no Moves Mover)");
    assert_lacks_in("Muvalavala (Quioco).lud", &text, "97:17: an end condition");
}

#[test]
fn an_opening_of_inner_rows_hands_over_to_the_main_phase_after_the_second_turns_first_move() {
    use engine::{Game, Observe};
    // Muvalavala (Luena): `(phase "Opening" ("PlayFrom" "Inner") (nextPhase (>= (count
    // Turns) 2) "Playing"))`, then `("PlayFrom" "Home")`.
    let params = vendored("Muvalavala (Luena).lud");
    assert_eq!(params.opening_turns, 2);
    let inner = "b1,b2,b3,b4,b5,b6,c1,c2,c3,c4,c5,c6";
    assert_eq!(
        engine::OptionValue::render_value(&params.opening_holes),
        inner
    );
    let lifted = |game: &sowing::Sowing| -> Vec<String> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves.into_iter().map(|mv| game.notation(mv)).collect()
    };
    let mut game = sowing::Sowing::new(&params);
    assert_eq!(lifted(&game), ["b6", "b5", "b4", "b3", "b2", "b1"]);
    // Player 1's first turn, relays and all, then player 2's first move, from the inner row.
    let mut moves = 0;
    while game.observe()["opening_turn"] != 0 {
        let legal = lifted(&game);
        let mover = game.phase();
        if !legal[0].starts_with("relay") {
            let row = if mover == engine::Phase::Decision(0) {
                'b'
            } else {
                'c'
            };
            assert!(legal.iter().all(|m| m.starts_with(row)), "{legal:?}");
        }
        let mut listed = Vec::new();
        game.legal_moves(&mut listed);
        game.apply(listed[0]);
        moves += 1;
        assert!(moves < 1_000, "the opening never ended");
    }
    // The main phase: the next fresh move may lift from the outer row too.
    assert_eq!(game.observe()["opening_turn"], 0);
    while lifted(&game)[0].starts_with("relay") {
        let mut listed = Vec::new();
        game.legal_moves(&mut listed);
        game.apply(listed[0]);
    }
    let outer = if game.phase() == engine::Phase::Decision(0) {
        'a'
    } else {
        'd'
    };
    let legal = lifted(&game);
    assert!(legal.iter().any(|m| m.starts_with(outer)), "{legal:?}");
}

#[test]
fn a_first_move_from_one_hole_opens_um_el_bil() {
    use engine::Game;
    // `(phase "Opening" (play (move Select (from (- ("Column") 1)) …)) (nextPhase "Play"))`.
    let params = vendored("Um el-Bil.lud");
    assert_eq!(params.opening_turns, 1);
    assert_eq!(
        engine::OptionValue::render_value(&params.opening_holes),
        "a6"
    );
    let mut game = sowing::Sowing::new(&params);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves, [sowing::Move::Sow { hole: 5, way: 0 }]);
    game.apply(moves[0]);
    moves.clear();
    game.legal_moves(&mut moves);
    assert_eq!(
        moves.len(),
        6,
        "player 2 lifts any hole of its own: {moves:?}"
    );
}

/// A game whose opening lifts only holes of one's row off the board's left column, and ends as
/// `next` (a `(nextPhase …)` into "Main") says.
fn opening_ended_by(next: &str) -> String {
    let main = "(play\n            (move Select\n                (from (sites Mover) if:(> (count at:(from)) 0))\n                (then (sow {capture}))\n            )\n        )";
    description(&[(
        main,
        &format!(
            "phases:{{ (phase \"Opening\" (play (move Select (from (difference (sites Mover) (sites Left)) if:(> (count at:(from)) 0)) (then (sow {{capture}})))) {next})\n (phase \"Main\" (play (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow {{capture}}))))) }}"
        ),
    )])
}

/// The holes the player to move may lift, by name.
fn lifted_holes(game: &sowing::Sowing) -> Vec<String> {
    lifted(game)
}

/// The holes the player to move may lift, by name.
fn lifted(game: &sowing::Sowing) -> Vec<String> {
    use engine::{Game, Observe};
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|mv| game.notation(mv)).collect()
}

#[test]
fn an_opening_that_hands_over_the_mover_alone_plays_each_player_its_first_move() {
    use engine::{Game, Observe};
    let text = opening_ended_by("(nextPhase Mover \"Main\")");
    check(
        &text,
        Expect::Plays(&[
            "opening_turns=1",
            "opening_leaves=mover-after-move",
            // Each row from its owner's left: the board's left column is player 2's b6.
            "opening_holes=a2,a3,a4,a5,a6,b1,b2,b3,b4,b5",
        ]),
    );
    let file = sowing_description("Test.lud", &text).outcome.unwrap();
    let mut game = sowing::Sowing::new(&file.presets().unwrap().1);
    assert_eq!(lifted(&game), ["a2", "a3", "a4", "a5", "a6"]);
    game.apply(sowing::Move::Sow { hole: 1, way: 0 });
    // Player 1 has left the opening; player 2, on its first move, has not.
    assert_eq!(game.observe()["in_opening"], serde_json::json!([2]));
    assert!(
        lifted(&game).iter().all(|hole| hole != "b6"),
        "{:?}",
        lifted(&game)
    );
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    game.apply(moves[0]);
    assert_eq!(game.observe()["in_opening"], serde_json::json!([]));
    assert!(
        lifted(&game).contains(&"a1".to_string()),
        "{:?}",
        lifted(&game)
    );
}

#[test]
fn who_leaves_an_opening_and_from_which_turn_read_from_its_next_phase() {
    for (next, turns, leaves) in [
        // The mover, when its turn passes to the other player.
        (
            "(nextPhase Mover (not (is Next Mover)) \"Main\")",
            "1",
            "mover-after-turn",
        ),
        // Ludii's `(count Turns)` is the turn the move was made in: 3 is the first above 2,
        // player 1's second turn; player 2 leaves after its move of turn 4.
        (
            "(nextPhase Mover (> (count Turns) 2) \"Main\")",
            "3",
            "mover-after-move",
        ),
        ("(nextPhase (> (count Turns) 2) \"Main\")", "3", "together"),
        // Every player, when the turn passes: Njombwa's second opening.
        (
            "(nextPhase (not (is Next Mover)) \"Main\")",
            "1",
            "together-after-turn",
        ),
        // Andada's `(nextPhase (is Mover P2) "Main")`: after player 2's first move, turn 2.
        ("(nextPhase (is Mover P2) \"Main\")", "2", "together"),
    ] {
        let turns = format!("opening_turns={turns}");
        let leaves = format!("opening_leaves={leaves}");
        check(
            &opening_ended_by(next),
            Expect::Plays(&[turns.as_str(), leaves.as_str()]),
        );
    }
}

#[test]
fn an_opening_the_mover_leaves_on_another_condition_is_a_lack_at_it() {
    check(
        &opening_ended_by("(nextPhase Mover (is Empty (handSite Mover)) \"Main\")"),
        Expect::Lacks(
            "an opening that ends on a condition the family does not have",
            14,
        ),
    );
    check(
        &opening_ended_by("(nextPhase P2 \"Main\")"),
        Expect::Lacks(
            "an opening that ends other than for every player or the mover",
            14,
        ),
    );
}

#[test]
fn an_opening_the_mover_leaves_once_its_holes_are_empty_is_read_where_they_are_those_it_lifts() {
    // Iyogh's, Azigo's and Mwambulula's `(nextPhase Mover (all Sites (sites Mover "R") if:(is
    // Empty (site))) …)`, R the holes the opening lifts, however the emptiness is written.
    for test in ["(is Empty (site))", "(= 0 (count at:(site)))"] {
        check(
            &opening_ended_by(&format!(
                "(nextPhase Mover (all Sites (difference (sites Mover) (sites Left)) if:{test}) \"Main\")"
            )),
            Expect::Plays(&[
                "opening_turns=1",
                "opening_leaves=mover-holes-empty",
                "opening_holes=a2,a3,a4,a5,a6,b1,b2,b3,b4,b5",
            ]),
        );
    }
    // Holes other than those lifted, or a test other than emptiness, are named.
    check(
        &opening_ended_by(
            "(nextPhase Mover (all Sites (sites Mover) if:(is Empty (site))) \"Main\")",
        ),
        Expect::Lacks(
            "an opening that ends once holes are empty other than those it lifts",
            14,
        ),
    );
    check(
        &opening_ended_by(
            "(nextPhase Mover (all Sites (difference (sites Mover) (sites Left)) if:(> 2 (count at:(site)))) \"Main\")",
        ),
        Expect::Lacks(
            "an opening that ends on a condition the family does not have",
            14,
        ),
    );
}

/// A game whose opening moves every counter of one of the mover's holes `lifted` into its hole
/// `to` (each an expression read for the mover) until they are empty, as Iyogh's does.
fn gathering_opening(lifted: &str, to: &str) -> String {
    let main = "(play\n            (move Select\n                (from (sites Mover) if:(> (count at:(from)) 0))\n                (then (sow {capture}))\n            )\n        )";
    description(&[(
        main,
        &format!(
            "phases:{{ (phase \"Opening\" (play (move (from {lifted} if:(is Occupied (from))) (to {to}) count:(count at:(from)))) (nextPhase Mover (all Sites {lifted} if:(is Empty (site))) \"Main\"))\n (phase \"Main\" (play (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow {{capture}}))))) }}"
        ),
    )])
}

#[test]
fn an_opening_that_gathers_its_holes_into_one_of_the_movers_is_read_for_each_mover() {
    use engine::{Game, Observe};
    let lifted = "(if (is Mover P1) (sites {3 4}) (sites {7 8}))";
    let text = gathering_opening(lifted, "(if (is Mover P1) 5 6)");
    check(
        &text,
        Expect::Plays(&[
            "opening_sowing=gather",
            "opening_turns=1",
            "opening_leaves=mover-holes-empty",
            // Player 2's row is named from its left, the board's right: sites 7 and 8 are b5
            // and b4, site 6 is b6.
            "opening_holes=a4,a5,b4,b5",
            "opening_to=a6,b6",
        ]),
    );
    let file = sowing_description("Test.lud", &text).outcome.unwrap();
    let mut game = sowing::Sowing::new(&file.presets().unwrap().1);
    assert_eq!(lifted_holes(&game), ["a4", "a5"]);
    game.apply(sowing::Move::Sow { hole: 4, way: 0 });
    assert_eq!(
        game.observe()["board"]["a"],
        serde_json::json!([4, 4, 4, 4, 0, 8])
    );
    // Into a hole the opening lifts, the gathering is named.
    check(
        &gathering_opening(lifted, "(if (is Mover P1) 4 7)"),
        Expect::Lacks(
            "an opening that gathers counters other than into a hole of the mover's own it does not lift",
            12,
        ),
    );
}

/// What the family lacks to play the vendored description `file`, each as `line:column: what`.
fn vendored_lacks(file: &str) -> Vec<String> {
    lacks_of(file, &vendored_text(file))
}

/// What the family lacks to play `text` has one lack whose `line:column: what` holds `part`.
fn assert_lacks_in(file: &str, text: &str, part: &str) {
    let lacks = lacks_of(file, text);
    assert!(lacks.iter().any(|lack| lack.contains(part)), "{lacks:?}");
}

/// What the family lacks to play `text`, each as `line:column: what`.
fn lacks_of(file: &str, text: &str) -> Vec<String> {
    match sowing_description(file, text).outcome {
        Err(Missing::Lacks(lacks)) => lacks
            .iter()
            .map(|lack| format!("{}:{}: {}", lack.span.line, lack.span.column, lack.what))
            .collect(),
        outcome => panic!("{file}: {outcome:?}"),
    }
}

#[test]
fn real_openings_that_hand_over_the_mover_alone_are_read_and_the_rest_named() {
    // Each description's `(nextPhase Mover …)` line, read: what it lacks is elsewhere, the
    // opening read against its main phase (Nsumbi's first turn sows without the main phase's
    // captures and relays, and its main phase sows twice, the second time from the last hole
    // lifted, so its opening is no plain sowing; Namudilakunze's main phase is a choice of
    // moves).
    for (file, line, next) in [
        (
            "Nsumbi.lud",
            43,
            "31:13: an opening whose moves differ from the main phase's",
        ),
        (
            "Namudilakunze.lud",
            62,
            "33:13: an opening beside a main phase whose play is not",
        ),
    ] {
        let lacks = vendored_lacks(file);
        assert!(
            lacks
                .iter()
                .all(|lack| !lack.starts_with(&format!("{line}:"))),
            "{file}: {lacks:?}"
        );
        assert!(
            lacks.iter().any(|lack| lack.starts_with(next)),
            "{file}: {lacks:?}"
        );
    }
    // Mweiso's opening lasts until a sowing ends in an empty hole: a condition named at its
    // place.
    let lacks = vendored_lacks("Mweiso.lud");
    assert!(
        lacks.iter().any(|lack| lack.starts_with(
            "85:30: an opening that ends on a condition the family does not have: (= 1 (count at:(last To afterConsequence:True)))"
        )),
        "{lacks:?}"
    );
}

#[test]
fn an_opening_that_ends_where_its_sowing_stops_is_left_when_the_turn_passes() {
    // Tuz's opening goes on from two holes ahead until that hole is player 1's rightmost, and
    // its `(nextPhase …)` asks the same of the hole the move lifted: the opening ends with the
    // turn. Njombwa's second opening ends when the turn passes.
    let text = vendored_text("Tuz.lud");
    let file = sowing_description("Tuz.lud", &text).outcome.unwrap();
    let at = |key: &str| {
        let read = &file.parameters[key];
        (read.value.as_str(), read.cites.as_str())
    };
    assert_eq!(at("opening_leaves"), ("together-after-turn", "Tuz.lud:95"));
    assert_lacks(
        "Njombwa.lud",
        &[
            "39:9: 2 openings in a row",
            "8:5: an opening that ends on a condition",
        ],
        &[86],
    );
    // Asked of a hole three ahead, the condition is no longer where the sowing stops.
    let changed = text.replacen(
        "(nextPhase (is In (\"NextHole\" (last From) \"TrackCCW\" 2)",
        "(nextPhase (is In (\"NextHole\" (last From) \"TrackCCW\" 3)",
        1,
    );
    assert_ne!(changed, text);
    assert_lacks_in(
        "Tuz.lud",
        &changed,
        "95:24: an opening that ends on a condition the family does not have",
    );
}

/// What the family lacks to play the vendored description `file` has one lack starting with
/// each of `wanted` (`line:column: what`), and none on the lines `read`.
fn assert_lacks(file: &str, wanted: &[&str], read: &[u32]) {
    let lacks = vendored_lacks(file);
    for want in wanted {
        assert!(
            lacks.iter().any(|lack| lack.starts_with(want)),
            "{file}: no {want:?} in {lacks:?}"
        );
    }
    for line in read {
        assert!(
            lacks
                .iter()
                .all(|lack| !lack.starts_with(&format!("{line}:"))),
            "{file}: a lack on line {line}, which is read: {lacks:?}"
        );
    }
}

#[test]
fn openings_in_a_row_are_each_read_against_the_main_phase_which_is_the_games() {
    // Ikibuguzo's three openings each hand the mover alone over to the next phase (read: no
    // lack at their `(nextPhase Mover …)`, lines 57, 74 and 91); what the family lacks is
    // their plays, the row of openings and, in the main phase it now reads (its relay through
    // `(var "Replay")` too, line 99), its own parts.
    assert_lacks(
        "Ikibuguzo (Opening 1).lud",
        &[
            "41:9: 3 openings in a row (the family plays one)",
            "43:13: an opening beside a main phase whose play is not a hole lifted",
            "101:33: holes to lift other than one's territory",
        ],
        &[57, 74, 91, 99],
    );
    // Intotoi's first opening sows two counters from one hole; its main phase hands over to a
    // phase of relays and back, which is no opening.
    assert_lacks(
        "Intotoi.lud",
        &[
            "28:9: 3 openings in a row (the family plays one)",
            "31:13: an opening whose moves differ from the main phase's",
            "120:25: holes to lift: (last To afterConsequence:True)",
        ],
        &[],
    );
}

#[test]
fn an_opening_before_rounds_is_read_or_named_and_the_rounds_and_what_the_start_remembers_read() {
    // Tuz: the start's remembered "OwnedP1" is read as the rounds' owned holes (no lack at line
    // 68 any more), its relay through `(var "Replay")` (103), its tuz holes (117), the take
    // from the opponent's tuz (125) and its round's end on the tuz holes (144) as the family's
    // relay and marks; the refill along "TrackCW" from the mover's rightmost hole (182), its
    // whole turn and its borrowing of one (187) and its remainder of two paired with the
    // opponent's two in a hole owned at random (203) are read.
    // Its opening before the rounds, played once (the phase between rounds hands over to
    // "Sowing"), is read as the family's stepping opening: Tuz plays.
    let file = sowing_description("Tuz.lud", &vendored_text("Tuz.lud")).outcome;
    assert!(file.is_ok(), "{file:?}");
    // Drawn otherwise than either player alike, the remainder of two is named at its branch.
    let uneven = vendored_text("Tuz.lud").replacen(
        "(< 50 (value Random (range 1 100)))",
        "(< 60 (value Random (range 1 100)))",
        1,
    );
    assert_lacks_in(
        "Tuz.lud",
        &uneven,
        "203:41: a refill's remainder paired with the opponent's counters in a hole owned at random, a chance move the family does not have",
    );
    // Gabata (Wuqro)'s phase between rounds hands over to its opening, played again each round.
    assert_lacks(
        "Gabata (Wuqro).lud",
        &["64:9: an opening before rounds, again each round"],
        &[59],
    );
    // Khutka Boia's "Playable" holes are the rounds' holes in play; a phase after the rounds is
    // named at its place.
    assert_lacks(
        "Khutka Boia.lud",
        &["168:9: a phase after the rounds' two the family does not play"],
        &[26],
    );
}

/// Tuz's description with its opening (lines 74 to 96) left out: what is left of Tuz is the
/// family's.
fn tuz_without_opening() -> String {
    let text = vendored_text("Tuz.lud");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[73].trim_start().starts_with("(phase \"Opening\""));
    assert!(lines[97].trim_start().starts_with("(phase \"Sowing\""));
    [&lines[..73], &lines[96..]].concat().join("\n")
}

#[test]
fn tuzs_refill_clockwise_from_its_rightmost_hole_reads_and_plays() {
    use engine::{Game, Observe, Phase};
    let text = tuz_without_opening();
    check(
        &text,
        Expect::Plays(&[
            "refill_order=track-from-right",
            "refill_whole_turn=true",
            "refill_remainder=borrow-or-drawn",
            "ownership=true",
            "mark_count=4",
        ]),
    );
    // Played: the first refill of a round fills the filler's rightmost hole, a6 or b6.
    let file = sowing_description("Tuz.lud", &text).outcome.unwrap();
    let params = file.presets().unwrap().1;
    let (mut refills_seen, mut drawn) = (0, 0);
    for seed in 0..40 {
        let mut rng = engine::rng::GameRng::for_playout(seed, 0);
        let mut game = sowing::Sowing::new(&params);
        let mut moves = Vec::new();
        let mut was_refilling = false;
        for _ in 0..5_000 {
            let mover = match game.phase() {
                Phase::Decision(mover) => mover,
                Phase::Chance(_) => {
                    // Half a hole each: the hole is filled, and its owner is drawn next.
                    let seen = game.observe();
                    let hole = seen["drawing"].as_str().unwrap().to_string();
                    let (row, place) = hole.split_at(1);
                    let place: usize = place.parse().unwrap();
                    assert_eq!(seen["board"][row][place - 1], 4, "{seen}");
                    drawn += 1;
                    play_at_random(&mut game, &mut rng, &mut moves);
                    let owned = game.observe()["owned"].clone();
                    let owners = (0..2)
                        .filter(|&p| owned[p].as_array().unwrap().iter().any(|h| h == &*hole))
                        .count();
                    assert_eq!(owners, 1, "{hole} in {owned}");
                    continue;
                }
                Phase::Over => break,
            };
            let seen = game.observe();
            let refilling = seen["refilling"].as_bool().unwrap();
            if refilling && !was_refilling {
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                let fills: Vec<String> = legal.iter().map(|&mv| game.notation(mv)).collect();
                let rightmost = if mover == 0 { "fill a6" } else { "fill b6" };
                assert!(
                    fills == [rightmost] || fills == ["pass"],
                    "seed {seed}: {fills:?}"
                );
                refills_seen += usize::from(fills == [rightmost]);
            }
            was_refilling = refilling;
            play_at_random(&mut game, &mut rng, &mut moves);
        }
    }
    assert!(refills_seen >= 5, "{refills_seen} refills seen");
    assert!(drawn >= 1, "no hole of two and two drawn for");
}

#[test]
fn a_players_own_opening_and_a_phase_that_never_leaves_are_named_at_their_place() {
    // Hus (Nama)'s openings are each one player's, both handing over to "Sowing" (read: no
    // lack at their `(nextPhase Mover "Sowing")`, lines 101 and 166).
    assert_lacks(
        "Hus (Nama).lud",
        &["37:9: an opening of one player's own (the family's openings are every player's)"],
        &[101, 166],
    );
    // Isolo's "InitialSowing" hands over to itself, so its "Sowing" is never reached.
    assert_lacks(
        "Isolo.lud",
        &["96:9: a phase that hands over to itself, never to the phase after it"],
        &[],
    );
    // Adjiboto's `(nextPhase Mover (< 8 (count Turns)))` names no phase: Ludii's next one, the
    // main phase, against which the opening is read as before.
    assert_lacks(
        "Adjiboto.lud",
        &["38:13: an opening whose moves differ from the main phase's"],
        &[37],
    );
}

#[test]
fn two_openings_the_family_could_each_play_are_one_lack_at_the_phases() {
    // Two openings, each lifting only some holes and handing over after the first move: each
    // reads as the family's opening, and what is lacking is the second.
    let opening = |name: &str, holes: &str, next: &str| {
        format!(
            "(phase \"{name}\" (play (move Select (from {holes} if:(> (count at:(from)) 0)) (then (sow {{capture}})))) (nextPhase \"{next}\"))"
        )
    };
    let main = "(play\n            (move Select\n                (from (sites Mover) if:(> (count at:(from)) 0))\n                (then (sow {capture}))\n            )\n        )";
    let text = description(&[(
        main,
        &format!(
            "phases:{{ {}\n {}\n (phase \"Main\" (play (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow {{capture}}))))) }}",
            opening("First", "(difference (sites Mover) (sites Left))", "Second"),
            opening("Second", "(difference (sites Mover) (sites Right))", "Main"),
        ),
    )]);
    let translation = sowing_description("Test.lud", &text);
    match translation.outcome {
        Err(Missing::Lacks(lacks)) => {
            let lacks: Vec<String> = lacks
                .iter()
                .map(|lack| format!("{}:{}: {}", lack.span.line, lack.span.column, lack.what))
                .collect();
            assert_eq!(
                lacks,
                ["12:9: 2 openings in a row (the family plays one)"],
                "{text}"
            );
        }
        outcome => panic!("{outcome:?}"),
    }
}

#[test]
fn gabatas_relay_through_a_variable_marks_and_round_end_on_marks_are_read() {
    // Gabata (Adowa) plays: the relay through `(var "Replay")` (line 76), the wegue made of
    // four in the opponent's owned hole (84), the take of two from the opponent's wegue (96),
    // the round's end when only wegues hold counters, each wegue to its marker (113), and the
    // refill of owned holes along the three rows' track (154) are the family's.
    let file = match sowing_description("Gabata (Adowa).lud", &vendored_text("Gabata (Adowa).lud"))
        .outcome
    {
        Ok(file) => file,
        outcome => panic!("Gabata (Adowa).lud: {outcome:?}"),
    };
    for (key, value, line) in [
        ("relay", "occupied", 83),
        ("mark_count", "4", 84),
        ("mark_holes", "opponent", 84),
        ("marked_takes", "2", 96),
        ("game_end", "unmarked-empty", 113),
        ("ownership", "true", 74),
        ("round_refill", "3", 152),
        ("refill_order", "track-from-left", 154),
        ("refill_remainder", "borrow", 159),
        ("round_loss_below", "2", 138),
    ] {
        let read = &file.parameters[key];
        assert_eq!(
            (read.value.as_str(), read.cites.as_str()),
            (value, format!("Gabata (Adowa).lud:{line}").as_str()),
            "{key}: {:?}",
            file.parameters
                .iter()
                .map(|(k, r)| format!("{k}={} {}", r.value, r.cites))
                .collect::<Vec<_>>()
        );
    }
    // Gabata (Shoa I) marks any hole (its condition names no owner), and its count of rounds
    // chooses who begins the next: read in the next test.
    // Motiq's relay through `(var "Replay")` is read; its relay from the hole after a capture
    // is not the family's.
    assert_lacks(
        "Motiq.lud",
        &["60:37: an effect of a sowing the family does not have"],
        &[51],
    );
}

/// Gabata (Shoa I) counts its rounds, `(set Var "Round" (+ 1 (var "Round")))` at a round's end
/// (line 132), and its refills' end gives the next round to player 2 where the count is even,
/// else to player 1 (line 196): Ludii's unset variable is -1, so player 2 begins the second
/// round, player 1 the third. Read and played: the second round begins with player 2 to move,
/// whoever refilled last; a count read by nothing, or read otherwise, is a lack at its line.
#[test]
fn gabata_shoa_is_rounds_begin_in_turn_with_player_2_second() {
    use engine::{Game, Observe, Phase};
    let file = "Gabata (Shoa I).lud";
    let text = vendored_text(file);
    let translation = sowing_description(file, &text);
    let game_file = match &translation.outcome {
        Ok(game_file) => game_file,
        outcome => panic!("{file}: {outcome:?}"),
    };
    let read = &game_file.parameters["round_first_alternates"];
    assert_eq!(
        (read.value.as_str(), read.cites.as_str()),
        ("true", "Gabata (Shoa I).lud:196")
    );
    let params = vendored(file);
    let mut begun = 0;
    for seed in 0..40 {
        let mut game = sowing::Sowing::new(&params);
        let mut rng = engine::rng::GameRng::for_playout(11, seed);
        let mut moves = Vec::new();
        let mut was_refilling = false;
        for _ in 0..20_000 {
            if game.phase() == Phase::Over {
                break;
            }
            if matches!(game.phase(), Phase::Chance(_)) {
                play_at_random(&mut game, &mut rng, &mut moves);
                continue;
            }
            let refilling = game.observe()["refilling"].as_bool().unwrap();
            if was_refilling && !refilling {
                assert_eq!(
                    game.phase(),
                    Phase::Decision(1),
                    "seed {seed}: the second round"
                );
                begun += 1;
                break;
            }
            was_refilling = refilling;
            play_at_random(&mut game, &mut rng, &mut moves);
        }
    }
    assert!(begun >= 10, "{begun} second rounds begun");
    // Read by nothing: the refills' end left out.
    let start = text
        .find(
            "                    (then\n                        (if (and (is Empty (handSite P1))",
        )
        .unwrap();
    let end = start + text[start..].find("(set Pending)").unwrap();
    let close = end
        + text[end..]
            .find("\n                )\n            )\n            (nextPhase")
            .unwrap();
    let unread = format!("{}{}", &text[..start], &text[close..]);
    assert_lacks_in(
        file,
        &unread,
        "132:33: a round counter that no rule the family has reads",
    );
    // Read otherwise: player 1 where the count is even.
    let otherwise = text.replace("(is Even (var \"Round\"))", "(is Odd (var \"Round\"))");
    assert_lacks_in(
        file,
        &otherwise,
        "196:21: a consequence of the refills' end the family does not have",
    );
}

#[test]
fn karas_captures_in_the_opponents_row_and_its_own_right_hole_read_as_one_row() {
    // Kara: `(is In (to) (union (sites Next) (sites {(mapEntry "RightHole" (mover))})))`,
    // with `(map "RightHole" {(pair P1 3) (pair P2 4)})`: each player's rightmost hole, the
    // last of its row before the track enters the opponent's.
    let kara = vendored("Kara.lud");
    assert_eq!(kara.capture_row, sowing::CaptureRow::OpponentAndOwnEnd);
    assert_eq!(
        engine::OptionValue::render_value(&kara.capture_counts),
        "2,4,6"
    );
    let board = sowing::board::Board::new(&kara);
    assert_eq!(board.hole_name(board.row_end(0)), "a3");
    assert_eq!(board.hole_name(board.row_end(1)), "b3");
    let text = vendored_text("Kara.lud");
    let translation = sowing_description("Kara.lud", &text);
    let file = translation.outcome.as_ref().unwrap();
    assert_eq!(file.parameters["capture_row"].cites, "Kara.lud:31");
    // Another hole of one's own row, or the opponent's row with its leftmost hole, is no row
    // of the family's.
    for right_hole in [
        r#"(map "RightHole" {(pair P1 2) (pair P2 5)})"#,
        r#"(map "RightHole" {(pair P1 1) (pair P2 4)})"#,
    ] {
        let other = text.replace(r#"(map "RightHole" {(pair P1 3) (pair P2 4)})"#, right_hole);
        assert_ne!(other, text);
        assert_lacks_in(
            "Kara.lud",
            &other,
            "31:28: a capture condition that is not a set of counts on a row",
        );
    }
}

#[test]
fn oure_ngats_first_counter_back_in_its_hole_and_captures_everywhere_read() {
    // Oure Ngat: `(sow origin:True (then (forEach Site (sites Track) (if (is In (count
    // at:(site)) (sites {2 4 6})) (fromTo (from (site)) (to (handSite Mover)) count:(count
    // at:(site)))))))`.
    let oure = vendored("Oure Ngat.lud");
    assert!(oure.sow_into_origin);
    assert!(oure.capture_everywhere);
    assert_eq!(
        engine::OptionValue::render_value(&oure.capture_counts),
        "2,4,6"
    );
    assert_eq!(oure.capture_row, sowing::CaptureRow::Any);
    assert_eq!(oure.game_end, sowing::GameEnd::BoardEmpty);
    let text = vendored_text("Oure Ngat.lud");
    let translation = sowing_description("Oure Ngat.lud", &text);
    let file = translation.outcome.as_ref().unwrap();
    assert_eq!(file.parameters["sow_into_origin"].cites, "Oure Ngat.lud:32");
    assert_eq!(
        file.parameters["capture_everywhere"].cites,
        "Oure Ngat.lud:33"
    );
    // A consequence over one row, or counting the hole the sowing ended in, is not the
    // family's capture everywhere.
    for (from, to) in [
        (
            "(forEach Site (sites Track)",
            "(forEach Site (sites Bottom)",
        ),
        (
            "(is In (count at:(site)) (sites {2 4 6}))",
            "(is In (count at:(to)) (sites {2 4 6}))",
        ),
    ] {
        let other = text.replace(from, to);
        assert_ne!(other, text);
        assert_lacks_in(
            "Oure Ngat.lud",
            &other,
            "33:25: a sowing parameter the family does not have: (then",
        );
    }
    // A first counter that goes back only on a condition is no parameter of the family.
    let conditional = text.replace("origin:True", "origin:(< 1 (count at:(from)))");
    assert_ne!(conditional, text);
    assert_lacks_in(
        "Oure Ngat.lud",
        &conditional,
        "32:25: a sowing parameter the family does not have: origin:",
    );
}

#[test]
fn kapana_bonas_lifts_from_any_hole_of_the_board() {
    // Kapana Bona: `(from (sites Board) if:(> (count at:(from)) 0))`, each sowing's first
    // counter back in its hole and every hole of 2, 4 or 6 captured after it.
    let kapana = vendored("Kapana Bona.lud");
    assert!(kapana.lift_anywhere);
    assert!(kapana.sow_into_origin);
    assert!(kapana.capture_everywhere);
    assert_eq!(kapana.game_end, sowing::GameEnd::NoHoleAboveOne);
    let text = vendored_text("Kapana Bona.lud");
    let translation = sowing_description("Kapana Bona.lud", &text);
    let file = translation.outcome.as_ref().unwrap();
    assert_eq!(file.parameters["lift_anywhere"].cites, "Kapana Bona.lud:26");
    // One row for both players is neither each one's own row nor the whole board.
    let top = text.replacen("(sites Board) \n", "(sites Top) \n", 1);
    assert_ne!(top, text);
    assert_lacks_in(
        "Kapana Bona.lud",
        &top,
        "26:21: holes to lift other than one's territory: (sites Top)",
    );
}

#[test]
fn tuzs_stepping_opening_reads_and_plays_as_its_description_says() {
    use engine::{Game, Observe};
    let text = vendored_text("Tuz.lud");
    let file = sowing_description("Tuz.lud", &text).outcome.unwrap();
    // Each of the opening's parameters from its line: the holes of its first move (80), the
    // hole two ahead it goes on from (79), where it stops (87) and the tuz it makes (89).
    for (key, value, line) in [
        ("opening_turns", "1", 95),
        ("opening_holes", "a6,b2", 80),
        ("opening_step", "2", 79),
        ("opening_stop", "a6", 87),
        ("opening_mark", "b1", 89),
        ("opening_mark_count", "4", 89),
    ] {
        let read = &file.parameters[key];
        assert_eq!(read.value, value, "{key}: {read:?}");
        assert_eq!(read.cites, format!("Tuz.lud:{line}"), "{key}: {read:?}");
    }
    let params = file.presets().unwrap().1;
    // Player 1 lifts its rightmost hole (Ludii's 5) or the opponent's second (10), then one
    // counter at a time from two holes ahead, the only move, until that hole is its rightmost.
    for (first, path, tuz) in [
        ("a6", &["b2", "b4", "b6", "a2", "a4"][..], false),
        ("b2", &["b4", "b6", "a2", "a4"][..], true),
    ] {
        let mut game = sowing::Sowing::new(&params);
        let names = |game: &sowing::Sowing| {
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            legal
                .iter()
                .map(|&mv| (mv, game.notation(mv)))
                .collect::<Vec<_>>()
        };
        let legal = names(&game);
        assert_eq!(
            legal.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>(),
            ["a6", "b2"]
        );
        let mv = legal.iter().find(|(_, n)| n == first).unwrap().0;
        game.apply(mv);
        for hole in path {
            assert_eq!(game.phase(), engine::Phase::Decision(0), "{first}");
            let legal = names(&game);
            assert_eq!(legal.len(), 1, "{first}: {legal:?}");
            assert_eq!(legal[0].1, *hole, "{first}");
            game.apply(legal[0].0);
            game.check_invariants().unwrap();
        }
        // The turn has passed: the holes alternate five and three, the opponent's first at
        // four and player 1's tuz after the opening from the opponent's second.
        assert_eq!(game.phase(), engine::Phase::Decision(1), "{first}");
        let seen = game.observe();
        assert_eq!(seen["opening_turn"], 0, "{seen}");
        let (b1, a6) = if tuz { (4, 4) } else { (5, 3) };
        assert_eq!(seen["board"]["a"], serde_json::json!([5, 3, 5, 3, 5, a6]));
        assert_eq!(seen["board"]["b"], serde_json::json!([b1, 3, 5, 3, 5, 3]));
        let marks = if tuz {
            serde_json::json!([["b1"], []])
        } else {
            serde_json::json!([[], []])
        };
        assert_eq!(seen["marks"], marks, "{first}");
        // The opponent lifts its own holes but the tuz, which is lifted by no one.
        let legal = names(&game);
        let own: Vec<&str> = if tuz {
            vec!["b2", "b3", "b4", "b5", "b6"]
        } else {
            vec!["b1", "b2", "b3", "b4", "b5", "b6"]
        };
        assert_eq!(
            legal.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>(),
            own
        );
        assert_eq!(
            seen["owned"],
            serde_json::json!([["a1", "a2", "a3", "a4", "a5", "a6"], own])
        );
    }
    // Stepping three holes, from the lifted hole and in the end alike, the opening never
    // reaches player 1's rightmost hole from the opponent's second: the family refuses it.
    let three = text.replace("\"TrackCCW\" 2)", "\"TrackCCW\" 3)");
    assert_ne!(three, text);
    let outcome = sowing_description("Tuz.lud", &three).outcome;
    assert!(
        format!("{outcome:?}").contains("opening_step"),
        "{outcome:?}"
    );
    // A tuz made whatever the opponent's first hole holds.
    let always = text.replacen(
        "(if (= 4 (count at:11)) (set State at:11 (mover)))",
        "(set State at:11 (mover))",
        1,
    );
    assert_ne!(always, text);
    let file = sowing_description("Tuz.lud", &always).outcome.unwrap();
    assert_eq!(file.parameters["opening_mark_count"].value, "0");
    // Sowing two counters a move, the opening is not the family's stepping opening.
    let two = text.replacen("count:1", "count:2", 1);
    assert_lacks_in(
        "Tuz.lud",
        &two,
        "84:25: a stepping opening whose moves are not one counter sown along the main phase's track",
    );
}

#[test]
fn lamoshs_opening_of_moves_of_one_counter_reads_and_plays_as_its_description_says() {
    use engine::{Game, Observe};
    let text = vendored_text("Lamosh.lud");
    let file = sowing_description("Lamosh.lud", &text).outcome.unwrap();
    // Each move of its opening (line 62) moves one counter of the hole lifted into the next
    // (71); the turn goes on by `(var "Replay")` from the hole after the one the counter went
    // to, two ahead of the one lifted (75), until that hole is the opponent's first (74), when
    // the mover takes its counters (80).
    for (key, value, line) in [
        ("opening_turns", "1", 90),
        ("opening_leaves", "together-after-turn", 90),
        ("opening_holes", "b1", 67),
        ("opening_step", "2", 75),
        ("opening_stop", "b1", 74),
        ("opening_mark", "none", 74),
        ("opening_take", "b1", 80),
    ] {
        let read = &file.parameters[key];
        assert_eq!(read.value, value, "{key}: {read:?}");
        assert_eq!(read.cites, format!("Lamosh.lud:{line}"), "{key}: {read:?}");
    }
    let params = file.presets().unwrap().1;
    let mut game = sowing::Sowing::new(&params);
    // Player 1 moves a counter from the opponent's first hole (Ludii's 11), then from every
    // other hole, the only move each time, until the next would be that hole again.
    for hole in ["b1", "b3", "b5", "a1", "a3", "a5"] {
        assert_eq!(game.phase(), engine::Phase::Decision(0), "{hole}");
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let names: Vec<String> = legal.iter().map(|&mv| game.notation(mv)).collect();
        assert_eq!(names, [hole]);
        game.apply(legal[0]);
        game.check_invariants().unwrap();
    }
    // The turn has passed to player 2 in the main phase, the holes alternate five and three
    // but the opponent's first, whose three counters player 1 took.
    assert_eq!(game.phase(), engine::Phase::Decision(1));
    let seen = game.observe();
    assert_eq!(seen["opening_turn"], 0, "{seen}");
    assert_eq!(seen["board"]["a"], serde_json::json!([3, 5, 3, 5, 3, 5]));
    assert_eq!(seen["board"]["b"], serde_json::json!([0, 5, 3, 5, 3, 5]));
    assert_eq!(seen["stores"], serde_json::json!([3, 0]), "{seen}");
    // Taking another hole's counters when it stops is not the family's.
    let other = text.replacen("(from 11)", "(from 10)", 1);
    assert_ne!(other, text);
    assert_lacks_in(
        "Lamosh.lud",
        &other,
        "80:33: what a stepping opening does when it stops, which the family does not have",
    );
    // Going on from the hole after the next's next, the opening steps three holes.
    let three = text.replace("(\"NextHole\" (last To) 1)", "(\"NextHole\" (last To) 2)");
    assert_ne!(three, text);
    let file = sowing_description("Lamosh.lud", &three).outcome.unwrap();
    assert_eq!(file.parameters["opening_step"].value, "3");
    // Going on from another hole than the one its stop is asked of is not the family's.
    let apart = text.replacen(
        "(set Var \"Replay\" (\"NextHole\" (last To) 1))",
        "(set Var \"Replay\" (\"NextHole\" (last To) 2))",
        1,
    );
    assert_ne!(apart, text);
    assert_lacks_in(
        "Lamosh.lud",
        &apart,
        "74:29: a stepping opening that stops other than at the hole it would step to",
    );
}

#[test]
fn gabata_aksums_left_hand_hole_lifted_last_is_read() {
    // Gabata (Aksum): `(if (!= (from) (mapEntry "LeftMost" Mover)) True (if (is Mover Prev) True
    // (or (< 3 (count at:(from))) (no Pieces All in:…))))` (line 80): each player's left-hand
    // hole, a1 and c6 on the family's names of its three rows, lifted by a fresh move only
    // above three counters or where no other hole of the player's holds any.
    let text = vendored_text("Gabata (Aksum).lud");
    let read = |text: &str| match sowing_description("Gabata (Aksum).lud", text).outcome {
        Ok(file) => ["last_resort_holes", "last_resort_above", "min_to_sow"].map(|key| {
            let read = &file.parameters[key];
            (read.value.clone(), read.cites.clone())
        }),
        outcome => panic!("Gabata (Aksum).lud: {outcome:?}"),
    };
    let cites = "Gabata (Aksum).lud:80".to_string();
    assert_eq!(
        read(&text),
        [
            ("a1,c6".to_string(), cites.clone()),
            ("3".to_string(), cites.clone()),
            ("1".to_string(), cites.clone()),
        ]
    );
    // Another count reads as that count; Gabata (Adowa), without the rule, lifts every hole
    // alike.
    let two = text.replace("(< 3 (count at:(from)))", "(< 2 (count at:(from)))");
    assert_eq!(read(&two)[1].0, "2");
    let adowa = sowing_description("Gabata (Adowa).lud", &vendored_text("Gabata (Adowa).lud"))
        .outcome
        .expect("Gabata (Adowa) plays");
    assert_eq!(adowa.parameters["last_resort_holes"].value, "none");
    // A turn that goes on lifting its hole only above a count is no relay of the family's.
    let relay_limited = text.replace(
        "(if (is Mover Prev)\n                                        True",
        "(if (is Mover Prev)\n                                        (< 2 (count at:(from)))",
    );
    assert_ne!(relay_limited, text);
    match sowing_description("Gabata (Aksum).lud", &relay_limited).outcome {
        Err(Missing::Lacks(lacks)) => assert!(
            lacks.iter().any(|l| l
                .what
                .contains("a hole a turn that goes on lifts only under a condition")),
            "{lacks:?}"
        ),
        outcome => panic!("{outcome:?}"),
    }
}

#[test]
fn tapatas_first_moves_and_its_fresh_moves_that_may_not_reach_an_occupied_hole_of_ones_own_read() {
    use engine::{Game, Observe};
    // Tapata: each player's first move (line 36) lifts a hole of its right half and sows for
    // no relay or capture, a last counter in its own row going on into the opponent's first
    // hole; a fresh move of the main phase (line 65) may not lift a hole whose count reaches
    // an occupied hole of one's own row.
    let text = vendored_text("Tapata.lud");
    let file = match sowing_description("Tapata.lud", &text).outcome {
        Ok(file) => file,
        outcome => panic!("Tapata.lud: {outcome:?}"),
    };
    let read = |key: &str| {
        let read = &file.parameters[key];
        (read.value.as_str(), read.cites.as_str())
    };
    assert_eq!(
        read("opening_sowing"),
        ("last-own-to-next", "Tapata.lud:36")
    );
    assert_eq!(read("opening_leaves").0, "mover-after-move");
    assert_eq!(
        read("opening_holes").0,
        "a7,a8,a9,a10,a11,a12,b7,b8,b9,b10,b11,b12"
    );
    assert_eq!(
        read("fresh_not_onto_own_occupied"),
        ("true", "Tapata.lud:65")
    );
    assert_eq!(read("min_to_sow").0, "1");
    // Played: player 1's first move from a12 (three counters) ends in the opponent's row;
    // from a9 (three, a12 holding counters) its last counter would fall in a12 and goes to
    // b12, player 2's first hole along the track, instead.
    let params = file.presets().unwrap().1;
    let mut game = sowing::Sowing::new(&params);
    assert_eq!(lifted(&game), ["a8", "a9", "a11", "a12"]);
    game.apply(sowing::Move::Sow { hole: 8, way: 0 });
    let seen = game.observe();
    assert_eq!(seen["in_opening"], serde_json::json!([2]));
    // a9 emptied, a10 and a11 one more, a12's new counter gone on to b1.
    assert_eq!(
        seen["board"],
        serde_json::json!({
            "a": [0, 3, 3, 0, 3, 3, 0, 3, 0, 1, 4, 3],
            "b": [1, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3],
        })
    );
    assert_eq!(lifted(&game), ["b8", "b9", "b11", "b12"]);
    // The same description with the opening's last counter sent to the mover's own first
    // hole, or the fresh moves' rule asked of the opponent's row, is not the family's.
    for (from, to, part) in [
        (
            "(to (mapEntry Next))",
            "(to (mapEntry Mover))",
            "an opening whose moves differ from the main phase's",
        ),
        (
            "(sites Mover \"Home\")) \n",
            "(sites Next \"Home\")) \n",
            "a condition on the lifted hole that is not a least count",
        ),
    ] {
        let broken = text.replace(from, to);
        assert_ne!(broken, text, "{from}");
        assert_lacks_in("Tapata.lud", &broken, part);
    }
}

#[test]
fn gamachas_first_move_of_four_counters_and_its_fresh_moves_read() {
    use engine::{Game, Observe};
    // Gamacha: the game's first move, `(move (from 6) (to 18) count:4)` (line 39), moves four
    // counters of player 1's seventh hole into player 2's sixth; its `(if (is Mover Prev) True
    // (and (> (count at:(from)) 0) (if (is In ("NextHoleFrom" (from) steps:(count at:(from)))
    // (sites Next)) True (is Empty …))))` (line 55) is the family's fresh moves that may not
    // reach an occupied hole of one's own.
    let text = vendored_text("Gamacha.lud");
    let file = match sowing_description("Gamacha.lud", &text).outcome {
        Ok(file) => file,
        outcome => panic!("Gamacha.lud: {outcome:?}"),
    };
    let read = |key: &str| file.parameters[key].value.clone();
    assert_eq!(
        [
            "opening_sowing",
            "opening_holes",
            "opening_to",
            "opening_count",
            "opening_turns"
        ]
        .map(read),
        ["transfer", "a7", "b6", "4", "1"]
    );
    assert_eq!(
        file.parameters["fresh_not_onto_own_occupied"].cites,
        "Gamacha.lud:55"
    );
    let mut game = sowing::Sowing::new(&file.presets().unwrap().1);
    assert_eq!(lifted(&game), ["a7"]);
    game.apply(sowing::Move::Sow { hole: 6, way: 0 });
    assert_eq!(
        game.observe()["board"],
        serde_json::json!({
            "a": [0, 0, 4, 0, 4, 0, 0, 0, 4, 0, 4, 0],
            "b": [4, 0, 4, 0, 4, 4, 4, 0, 4, 0, 4, 0],
        })
    );
    // Moved into another hole, or a count the hole does not hold, it is another game.
    let other = text.replace("(to 18)", "(to 17)");
    let file = sowing_description("Gamacha.lud", &other).outcome.unwrap();
    assert_eq!(file.parameters["opening_to"].value, "b7");
    let five = text.replace("count:4", "count:5");
    let lacks = match sowing_description("Gamacha.lud", &five).outcome {
        Err(Missing::Lacks(lacks)) => lacks,
        outcome => panic!("{outcome:?}"),
    };
    assert!(
        lacks.iter().any(|lack| lack.what.contains("opening_count")),
        "{lacks:?}"
    );
}

#[test]
fn spretas_first_moves_sown_for_no_capture_or_relay_read() {
    use engine::{Game, Observe};
    // Spreta: each player's first move (line 46) lifts its hole of two counters, `(from (sites
    // Mover) if:(= 2 (count at:(from))))`, and sows it as the main phase does but without its
    // `apply:` (line 54), for no relay and no capture; `(nextPhase Mover "Playing")` (line 61)
    // hands each player over on its own move.
    let text = vendored_text("Spreta.lud");
    let file = match sowing_description("Spreta.lud", &text).outcome {
        Ok(file) => file,
        outcome => panic!("Spreta.lud: {outcome:?}"),
    };
    let read = |key: &str| {
        let read = &file.parameters[key];
        (read.value.clone(), read.cites.clone())
    };
    assert_eq!(
        read("opening_sowing"),
        ("plain".into(), "Spreta.lud:54".into())
    );
    assert_eq!(
        read("opening_leaves"),
        ("mover-after-move".into(), "Spreta.lud:61".into())
    );
    assert_eq!(read("opening_turns").0, "1");
    let (holes, cites) = read("opening_holes");
    assert_eq!(cites, "Spreta.lud:51");
    let mut game = sowing::Sowing::new(&file.presets().unwrap().1);
    let first = lifted(&game);
    assert_eq!(first.len(), 1, "{first:?}");
    assert!(holes.split(',').any(|hole| hole == first[0]), "{holes}");
    // Player 1's hole of two sown: no relay from the occupied hole its last counter falls into,
    // player 2 to move and still in the opening, lifting its own hole of two alone.
    let before = game.observe()["board"].clone();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    game.apply(moves[0]);
    let seen = game.observe();
    assert_eq!(game.phase(), engine::Phase::Decision(1));
    assert_eq!(seen["relay"], serde_json::Value::Null);
    assert_eq!(seen["in_opening"], serde_json::json!([2]));
    assert_eq!(seen["stores"], serde_json::json!([0, 0]));
    assert_ne!(seen["board"], before);
    let second = lifted(&game);
    assert_eq!(second.len(), 1, "{second:?}");
    assert!(holes.split(',').any(|hole| hole == second[0]), "{holes}");
    // The same opening sown one counter at a time, as the main phase's sowings are not, is not
    // the family's plain sowing (the first `owner:(mover)` is the opening's, line 56).
    let broken = text.replacen("owner:(mover)", "owner:(mover) count:1", 1);
    assert_ne!(broken, text);
    assert_lacks_in(
        "Spreta.lud",
        &broken,
        "46:13: an opening beside a main phase whose play is not a hole lifted",
    );
}

#[test]
fn merekocdus_holes_remembered_at_the_start_are_each_players_own() {
    // Merekocdu gives no region of either player: its start remembers `"P1Home"` and
    // `"P2Home"` and its move lifts `(if (is Mover P1) (sites (values Remembered "P1Home"))
    // (sites (values Remembered "P2Home")))`, so the holes each lifts are its own; and the
    // mover who empties the board wins, `(if (= (count in:(sites Board)) 0) (result Mover
    // Win))`.
    let text = vendored_text("Merekocdu.lud");
    let translation = sowing_description("Merekocdu.lud", &text);
    let file = translation.outcome.as_ref().unwrap();
    assert_eq!(file.parameters["territory"].value, "0,2,4/1,3,5");
    assert_eq!(file.parameters["territory"].cites, "Merekocdu.lud:28");
    assert_eq!(file.parameters["track"].value, "0,2,4,5,3,1");
    assert_eq!(file.parameters["game_end"].value, "board-empty-mover-wins");
    assert_eq!(file.parameters["capture_row"].value, "any");
    // Homes that overlap, or the same home lifted by both players, are no holes of one's own.
    for (from, to) in [
        ("(sites {5 3 1})", "(sites {5 3 0})"),
        (
            "(sites (values Remembered \"P2Home\"))",
            "(sites (values Remembered \"P1Home\"))",
        ),
    ] {
        assert_lacks_in(
            "Merekocdu.lud",
            &text.replacen(from, to, 1),
            "28:17: a board played by its tracks on which no hole is a player's own",
        );
    }
}

#[test]
fn regions_of_one_name_are_the_territory_where_all_a_players_regions_are_not() {
    // Okwe (Nigeria)'s `"OpeningRegion"` of each player lies in the other's `"Home"`, and
    // Tchela's `"Home"` holds an extra store off the player's track: each player's `"Home"`,
    // `"HomeNotExtented"`, is its territory, and what they lack is named further on.
    for (file, first) in [
        (
            "Okwe (Nigeria).lud",
            "41:24: an opening that ends on a condition the family does not have",
        ),
        ("Tchela.lud", "29:9: 2 openings in a row"),
    ] {
        let lacks = vendored_lacks(file);
        assert!(
            lacks.iter().all(|lack| !lack.contains("territory")),
            "{file}: {lacks:?}"
        );
        assert!(
            lacks.iter().any(|lack| lack.contains(first)),
            "{file}: {lacks:?}"
        );
    }
}

#[test]
fn a_move_that_lifts_no_holes_of_ones_own_is_named_at_its_from() {
    // Sat Gol lifts the hole after the last on a turn that goes on, any hole on the game's
    // first move, and otherwise the hole the last move remembered, `(sites {(var)})`.
    let lacks = vendored_lacks("Sat Gol.lud");
    assert!(
        lacks.iter().any(|lack| lack
            .starts_with("25:17: a board played by its tracks on which no hole is a player's own")
            && lack.contains("(if (is Mover Prev)")),
        "{lacks:?}"
    );
}

/// Khrour's holes not remembered as playable: sown into, neither lifted nor captured in, back
/// in play at a start's count after any sowing, and the counters too few for a hole refilled
/// into one hole that stays out of play.
#[test]
fn khrours_holes_out_of_play_come_back_at_a_holes_count() {
    let ludii = vendored("Khrour.lud");
    assert_eq!(
        (
            ludii.unfilled_out_of_play,
            ludii.out_of_play_back_at,
            ludii.refill_remainder,
            ludii.round_refill,
            ludii.round_loss_below,
        ),
        (true, 4, sowing::RefillRemainder::OneHole, 4, 1)
    );
    let text = vendored_text("Khrour.lud");
    for (from, to, lack) in [
        // A capture that does not ask whether its hole is in play would take in holes out of
        // play.
        (
            "(is In (to) (\"PlayableSites\"))\n                                    )",
            "True\n                                    )",
            "whose capture does not ask whether the last hole is in play",
        ),
        // Holes remembered again whatever they hold are not holes back at a count.
        (
            "(if (<= <Board:init> (count at:(site)))\n                                    (remember Value \"Playable\" (site))\n                                )",
            "(remember Value \"Playable\" (site))",
            "a consequence of the sowing the family does not have",
        ),
        // A remainder remembered as playable is not the one hole left out of play.
        (
            "count:(count Cell at:(handSite Mover))\n",
            "count:(count Cell at:(handSite Mover))\n (then (remember Value \"Playable\" (last To)))\n",
            "a refill of the counters too few for a hole",
        ),
    ] {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text, "{from:?} is not in Khrour.lud");
        assert_lacks_in("Khrour.lud", &edited, lack);
    }
}

/// Bechi's `(if (can Move ("Move")) ("Move") (move Pass (then …)))` is Ludii's pass when
/// nothing can be played written out: its moves are read, and what they and the pass's
/// consequence lack is named where each is; a pass of no consequence is not read so.
#[test]
fn a_pass_written_out_when_nothing_can_be_played_names_what_its_moves_and_consequence_lack() {
    let lacks = vendored_lacks("Bechi.lud");
    assert!(
        lacks.iter().any(|lack| lack.starts_with(
            "137:25: a consequence of a pass when no move can be made the family does not have"
        )),
        "{lacks:?}"
    );
    assert!(
        lacks
            .iter()
            .any(|lack| lack.starts_with("75:13: a move whose consequence is not a sowing")),
        "{lacks:?}"
    );
    let text = vendored_text("Bechi.lud");
    let start = text.find("(move Pass").unwrap();
    let end = text.find("(end (if (all Passed)").unwrap();
    let bare = format!(
        "{}(move Pass)\n)\n)\n            {}",
        &text[..start],
        &text[end..]
    );
    assert_lacks_in("Bechi.lud", &bare, "moves by a condition");
}

/// A choice of more kinds of move than the family reads names each kind, with its guard:
/// Katro's two ways round, each held by the mover's value for the turn, and its two moves of
/// a single counter straight ahead.
#[test]
fn a_choice_of_many_kinds_of_move_names_each_with_its_guard() {
    let lacks = vendored_lacks("Katro.lud");
    assert!(
        lacks.iter().any(|lack| lack.starts_with(
            "51:13: a choice of 4 kinds of move: (move Select …) if (or (= (value Player Mover) 1) (<= (value Player Mover) 0)), (move Select …) if (or (= (value Player Mover) 2)"
        ) && lack.ends_with("(move …) if (and …), (move …) if (and …)")),
        "{lacks:?}"
    );
}
