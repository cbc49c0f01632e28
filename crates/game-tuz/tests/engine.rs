//! Tuz's rule scenarios and properties of its playouts.

use engine::playout::{Caps, play_seeded};
use engine::{Game, Options};
use game_tuz::{SCENARIOS, Tuz, TuzOptions};

#[test]
fn rule_scenarios() {
    let failures = engine::scenario::check_all::<Tuz>(SCENARIOS);
    assert!(
        failures.is_empty(),
        "{} scenario(s) fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn playouts_are_reproducible_and_keep_the_counters() {
    for preset in ["dlp", "ludii"] {
        let options = TuzOptions::preset(preset).unwrap();
        let mut moves = Vec::new();
        for index in 0..200 {
            let first =
                play_seeded::<Tuz>(&options, 11, index, Caps::LUDII, &mut moves, true).unwrap();
            let again =
                play_seeded::<Tuz>(&options, 11, index, Caps::LUDII, &mut moves, true).unwrap();
            assert_eq!(first, again, "{preset} playout {index} is not reproducible");
        }
    }
}

#[test]
fn every_option_combination_plays_to_the_end_without_breaking_invariants() {
    let mut options = TuzOptions::dlp();
    let mut moves = Vec::new();
    let specs = TuzOptions::specs();
    for (n, spec) in specs.iter().enumerate() {
        for value in (spec.choices)().unwrap() {
            options.set(spec.key, &value).unwrap();
            for index in 0..20 {
                play_seeded::<Tuz>(&options, n as u64, index, Caps::LUDII, &mut moves, true)
                    .unwrap_or_else(|e| panic!("{}={value}: {e:?}", spec.key));
            }
        }
        options = TuzOptions::dlp();
    }
    let game = Tuz::new(&options);
    assert_eq!(game.players(), 2);
}
