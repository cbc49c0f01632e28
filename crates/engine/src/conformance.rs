//! The checks every engine must pass, shared by the engines' own test suites: its rule
//! scenarios hold, seeded playouts are reproducible, and playouts under every value of every
//! option run to their end without breaking an invariant.

use crate::game::{Game, Observe};
use crate::options::Options;
use crate::playout::{Caps, play_from};

/// Runs every rule scenario and panics listing all that fail.
pub fn scenarios<G: Observe>(yaml: &str) {
    let failures = crate::scenario::check_all::<G>(yaml);
    let count = crate::scenario::parse_file(yaml).map_or(0, |s| s.len());
    assert!(count > 0, "the engine has no rule scenarios");
    assert!(
        failures.is_empty(),
        "{} of {count} scenario(s) fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The same seed gives the same playout, under both presets.
pub fn reproducible<G: Game>(playouts: u64) {
    for preset in crate::options::PRESETS {
        let options = G::Options::preset(preset).expect("every game has both presets");
        let mut moves = Vec::new();
        for index in 0..playouts {
            let first = play_from(&G::new(&options), 11, index, Caps::LUDII, &mut moves, true);
            let again = play_from(&G::new(&options), 11, index, Caps::LUDII, &mut moves, true);
            assert_eq!(first, again, "{preset} playout {index} is not reproducible");
            if let Err(broken) = first {
                panic!(
                    "{preset} playout {index}: invariant broken after move {}: {}",
                    broken.after_move, broken.message
                );
            }
        }
    }
}

/// Every value of every enumerated option, one at a time on top of each preset, plays
/// `playouts` games with invariants checked after every move.
pub fn every_option_value<G: Game>(playouts: u64) {
    for preset in crate::options::PRESETS {
        for (n, spec) in G::Options::specs().iter().enumerate() {
            let Some(values) = (spec.choices)() else {
                continue;
            };
            for value in values {
                let mut options = G::Options::preset(preset).expect("every game has both presets");
                options
                    .set(spec.key, &value)
                    .expect("a listed value is accepted");
                if options.validate().is_err() {
                    continue;
                }
                let mut moves = Vec::new();
                let start = G::new(&options);
                for index in 0..playouts {
                    if let Err(broken) =
                        play_from(&start, n as u64, index, Caps::LUDII, &mut moves, true)
                    {
                        panic!(
                            "{preset} with {}={value}, playout {index}: invariant broken after move {}: {}",
                            spec.key, broken.after_move, broken.message
                        );
                    }
                }
            }
        }
    }
}
