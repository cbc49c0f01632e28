//! Tuz.lud read as the sowing family's `tuz-365` beside the hand-written Tuz engine's `ludii`
//! preset, which is meant to be the same game: both are played from the same seeded random
//! choices, each move of the family's matched to the engine's move that leaves the same
//! position, and every legal move of one must be a legal move of the other.
//!
//! They part in one place only: a round that ends with a tuz left empty. Ludii's
//! `(fromTo (from (site)) … count:(count at:(site)))` moves nothing out of an empty site (its
//! `FromTo` passes over a site with nothing in it), so the hole's state, the tuz, stays into
//! the next round, as the family keeps it; the engine clears every tuz when a round ends
//! (`tuz_after_round=cleared`, whose note says Ludii does too).

use engine::rng::GameRng;
use engine::{Game, Observe, Options, Phase};
use game_tuz::{Tuz, TuzOptions};
use rulesets::OptionSet;
use serde_json::{Value, json};
use sowing::{Sowing, SowingParams};

/// The family's `tuz-365` with its `ludii` preset.
fn family_tuz() -> SowingParams {
    let ruleset = rulesets::all()
        .iter()
        .find(|r| r.info().slug == "tuz-365")
        .expect("Tuz.lud is a family game");
    let resolved = ruleset
        .resolve("ludii", &OptionSet::new())
        .expect("a shipped preset resolves");
    let mut params = SowingParams::default();
    for (key, value) in resolved.options() {
        params.set(key, value).expect("the family's own option");
    }
    params
}

/// What both engines show of a position: counters by hole, stores, each hole's tuz (0, or its
/// captor's seat + 1), each hole's owner (seat + 1), the relay, and the phase.
fn family_view(game: &Sowing) -> Value {
    let seen = game.observe();
    let mut tuz = json!({"a": [0, 0, 0, 0, 0, 0], "b": [0, 0, 0, 0, 0, 0]});
    let mut owners = tuz.clone();
    for (player, holes) in seen["marks"].as_array().unwrap().iter().enumerate() {
        for hole in holes.as_array().unwrap() {
            let (row, place) = hole.as_str().unwrap().split_at(1);
            tuz[row][place.parse::<usize>().unwrap() - 1] = json!(player + 1);
        }
    }
    for (player, holes) in seen["owned"].as_array().unwrap().iter().enumerate() {
        for hole in holes.as_array().unwrap() {
            let (row, place) = hole.as_str().unwrap().split_at(1);
            owners[row][place.parse::<usize>().unwrap() - 1] = json!(player + 1);
        }
    }
    json!({
        "board": seen["board"],
        "stores": seen["stores"],
        "tuz": tuz,
        "owners": owners,
        "relay": seen["relay"],
        "phase": format!("{:?}", game.phase()),
    })
}

fn engine_view(game: &Tuz, owners_known: bool) -> Value {
    let seen = game.observe();
    json!({
        "board": seen["board"],
        "stores": seen["stores"],
        "tuz": seen["tuz"],
        "owners": if owners_known { seen["owners"].clone() } else { Value::Null },
        "relay": seen["relay"],
        "phase": format!("{:?}", game.phase()),
    })
}

/// How a playout of both went.
#[derive(Debug)]
enum Played {
    /// Alike move for move to the end (or the cap), this many moves.
    Alike(usize),
    /// Alike for this many moves, until a round ended with a tuz left empty, which the family
    /// keeps and the engine clears: the positions differ in that tuz alone.
    EmptyTuzKept(usize),
}

/// `view` with the tuz of empty holes and the owners left out.
fn but_empty_tuz(view: &Value) -> Value {
    let mut view = view.clone();
    for row in ["a", "b"] {
        for place in 0..6 {
            if view["board"][row][place] == 0 {
                view["tuz"][row][place] = json!(0);
            }
        }
    }
    view["owners"] = Value::Null;
    view
}

/// Plays one seeded playout of both: how far they go alike, or where they part otherwise.
fn side_by_side(params: &SowingParams, seed: u64, cap: usize) -> Result<Played, String> {
    let mut rng = GameRng::for_playout(seed, 0);
    let mut family = Sowing::new(params);
    let mut tuz = Tuz::new(&TuzOptions::ludii());
    let mut moves = Vec::new();
    let mut theirs = Vec::new();
    // Holes owned by no one (the family's marked holes) leave the owners uncompared.
    let view = |family: &Sowing, tuz: &Tuz| {
        let mut ours = family_view(family);
        let owned_by_all = ["a", "b"]
            .iter()
            .flat_map(|row| ours["owners"][row].as_array().unwrap().clone())
            .all(|o| o != 0);
        if !owned_by_all {
            ours["owners"] = Value::Null;
        }
        (ours, engine_view(tuz, owned_by_all))
    };
    for played in 0..cap {
        let (ours, engines) = view(&family, &tuz);
        if ours != engines {
            if but_empty_tuz(&ours) == but_empty_tuz(&engines) {
                return Ok(Played::EmptyTuzKept(played));
            }
            return Err(format!(
                "seed {seed}, move {played}: the family shows {ours}, the engine {engines}"
            ));
        }
        match family.phase() {
            Phase::Over => {
                let (a, b) = (family.outcome(), tuz.outcome());
                return if format!("{a:?}") == format!("{b:?}") {
                    Ok(Played::Alike(played))
                } else {
                    Err(format!("seed {seed}: outcomes {a:?} and {b:?}"))
                };
            }
            Phase::Chance(chance) => {
                let outcome = chance.sample(&mut rng);
                family.apply_chance(outcome);
                tuz.apply_chance(outcome);
            }
            Phase::Decision(_) => {
                moves.clear();
                family.legal_moves(&mut moves);
                theirs.clear();
                tuz.legal_moves(&mut theirs);
                // Each legal move of the family's is one of the engine's, leaving the same
                // position (or the same but for a tuz left empty at a round's end), and the
                // engine has no other.
                let mut matched = Vec::new();
                let mut kept = false;
                for &mv in &moves {
                    let mut after = family.clone();
                    after.apply(mv);
                    let leaves = |alike: &dyn Fn(&Value, &Value) -> bool| {
                        theirs
                            .iter()
                            .copied()
                            .filter(|&their| {
                                let mut other = tuz.clone();
                                other.apply(their);
                                let (a, b) = view(&after, &other);
                                alike(&a, &b)
                            })
                            .collect::<Vec<_>>()
                    };
                    let exact = leaves(&|a, b| a == b);
                    let found = if exact.is_empty() {
                        kept = true;
                        leaves(&|a, b| but_empty_tuz(a) == but_empty_tuz(b))
                    } else {
                        exact
                    };
                    match found.as_slice() {
                        [one] => matched.push(*one),
                        _ => {
                            return Err(format!(
                                "seed {seed}, move {played}: the family's {} is {} of the engine's moves {theirs:?} at {ours}",
                                family.notation(mv),
                                found.len()
                            ));
                        }
                    }
                }
                if matched.len() != theirs.len() {
                    return Err(format!(
                        "seed {seed}, move {played}: the family has {} moves, the engine {theirs:?}",
                        moves.len()
                    ));
                }
                let pick = rng.below(moves.len() as u64) as usize;
                family.apply(moves[pick]);
                tuz.apply(matched[pick]);
                if kept {
                    // Some move ends the round with a tuz left empty: the games part here,
                    // whichever is played.
                    return Ok(Played::EmptyTuzKept(played + 1));
                }
            }
        }
    }
    Ok(Played::Alike(cap))
}

#[test]
fn tuz_lud_in_the_family_plays_move_for_move_as_the_tuz_engines_ludii_preset() {
    let params = family_tuz();
    assert_eq!(params.opening_step, 2, "Tuz.lud's opening is read");
    // The seeds are independent and each compares every legal move's position as JSON: they
    // are played on every core, and read back in seed order.
    let threads = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    let played: Vec<(u64, Result<Played, String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                let params = &params;
                scope.spawn(move || {
                    (0..40)
                        .filter(|seed| seed % threads == worker)
                        .map(|seed| (seed, side_by_side(params, seed, 20_000)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<_> = workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker finishes"))
            .collect();
        all.sort_by_key(|(seed, _)| *seed);
        all
    });
    assert_eq!(played.len(), 40);
    let (mut alike, mut kept, mut moves) = (0, 0, 0);
    for (_, result) in played {
        match result {
            Ok(Played::Alike(n)) => {
                alike += 1;
                moves += n;
            }
            Ok(Played::EmptyTuzKept(n)) => {
                kept += 1;
                moves += n;
            }
            Err(why) => panic!("{why}"),
        }
    }
    // Some playouts are alike to their end, others until a tuz left empty; and many moves
    // are compared.
    assert!(
        alike >= 10 && kept >= 5,
        "{alike} alike, {kept} parted at an empty tuz"
    );
    assert!(moves > 50_000, "{moves} moves compared");
}
