//! Properties of the registry across its rulesets. The properties every engine must have run
//! over the shipped games plus a toy eighth (`toy/mod.rs`), added as a game crate would be: one
//! entry in one list.

mod toy;

use engine::OptionError;
use engine::playout::Caps;
use engine::simulate::Study;
use rulesets::{OptionSet, Registry, all, find};

#[test]
fn every_game_is_found_by_slug_name_and_spelling() {
    let cases = [
        ("kioz", "kioz"),
        ("Kiôz", "kioz"),
        ("KIOZ", "kioz"),
        ("natt-klab-ash-shawk", "natt-klab-ash-shawk"),
        ("Natt Klab ash-Shawk", "natt-klab-ash-shawk"),
        ("barjis", "barjis"),
        ("baqura", "baqura"),
        ("Bakura", "baqura"),
        ("tuz", "tuz"),
        ("sig-el-oued", "sig-el-oued"),
        ("Sig (El Oued)", "sig-el-oued"),
        ("deleb", "deleb"),
        ("Dèleb", "deleb"),
    ];
    for (name, slug) in cases {
        assert_eq!(find(name).map(|r| r.info().slug), Ok(slug), "{name}");
    }
    let error = find("chess").err().unwrap().to_string();
    assert!(
        error.contains("kioz (Kiôz)") && error.contains("deleb (Dèleb)"),
        "{error}"
    );
    let hand_written = all().iter().filter(|r| r.ludii_description().is_none());
    assert_eq!(hand_written.count(), 7);
}

/// The registry is the one list of games: every `game-*` crate of the workspace has an entry
/// (and is a dependency of this crate), and no two entries share a slug or an engine.
#[test]
fn every_game_crate_is_in_the_registry_once() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut game_crates: Vec<String> = std::fs::read_dir(&crates)
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("game-"))
        .collect();
    game_crates.sort();
    assert!(!game_crates.is_empty());
    let manifest = std::fs::read_to_string(crates.join("rulesets/Cargo.toml")).unwrap();
    for name in &game_crates {
        let module = name.replace('-', "_");
        let entries = all()
            .iter()
            .filter(|r| r.engine_type().starts_with(&format!("{module}::")))
            .count();
        assert_eq!(
            entries, 1,
            "crates/{name} has {entries} entries in rulesets::all()"
        );
        assert!(
            manifest
                .lines()
                .any(|l| l.starts_with(&format!("{name}.workspace"))),
            "crates/{name} is not a dependency of rulesets"
        );
    }
    let hand_written = all()
        .iter()
        .filter(|r| r.ludii_description().is_none())
        .count();
    assert_eq!(
        hand_written,
        game_crates.len(),
        "an entry without a game crate"
    );
    for family in all().iter().filter(|r| r.ludii_description().is_some()) {
        let engine = match family.family() {
            Some("sowing") => "sowing::Sowing",
            Some("race") => "race::Race",
            other => panic!("{}: family {other:?}", family.info().slug),
        };
        assert_eq!(family.engine_type(), engine, "{}", family.info().slug);
    }
    let mut slugs: Vec<&str> = all().iter().map(|r| r.info().slug).collect();
    slugs.sort_unstable();
    slugs.dedup();
    assert_eq!(slugs.len(), all().len(), "two entries share a slug");
}

#[test]
fn unknown_options_and_values_list_the_valid_ones() {
    let baqura = find("baqura").unwrap();
    let refused = |ruleset: &dyn rulesets::Ruleset, preset: &str, key: &str, value: &str| {
        let error = ruleset
            .resolve(preset, &OptionSet::from([(key.into(), value.into())]))
            .unwrap_err();
        assert_eq!(error.game, ruleset.info().slug);
        let text = error.to_string();
        (error.error, text)
    };
    let (unknown, text) = refused(baqura, "dlp", "chains", "x");
    assert!(
        matches!(unknown, OptionError::UnknownOption { .. }),
        "{text}"
    );
    assert!(
        text.contains("valid options:") && text.contains("capture_side"),
        "{text}"
    );
    let (bad_value, text) = refused(baqura, "dlp", "chain", "sideways");
    assert!(matches!(bad_value, OptionError::Value { .. }), "{text}");
    assert!(text.contains("none, previous-holes, mover-row"), "{text}");
    let (preset, text) = refused(baqura, "chess", "chain", "none");
    assert!(matches!(preset, OptionError::UnknownPreset(_)), "{text}");
    assert!(text.contains("presets: dlp, ludii"), "{text}");
    let (range, text) = refused(find("deleb").unwrap(), "dlp", "columns", "101");
    assert!(matches!(range, OptionError::Value { .. }), "{text}");
    assert!(text.contains("between 2 and 100"), "{text}");
    // Sig's dlp preset enters with two sigs, which needs point-by-point movement.
    let (combination, text) = refused(find("sig").unwrap(), "dlp", "movement", "whole-throw");
    assert!(matches!(combination, OptionError::Combination(_)), "{text}");
    assert!(
        text.contains("entry=two-sigs needs movement=point-by-point"),
        "{text}"
    );
}

#[test]
fn both_presets_resolve_every_option_for_every_game() {
    for ruleset in toy::with_toy() {
        for preset in ["dlp", "ludii"] {
            let options = ruleset.resolve(preset, &OptionSet::new()).unwrap();
            let keys: Vec<&str> = options.options().keys().map(String::as_str).collect();
            let mut declared: Vec<&str> = ruleset.specs().iter().map(|s| s.key).collect();
            declared.sort();
            assert_eq!(keys, declared, "{} {preset}", ruleset.info().slug);
            assert!(
                ruleset.specs().iter().all(|s| (!s.source.is_empty()
                    || s.cites.starts_with("no source states"))
                    && !s.description().is_empty()),
                "{}: an option without its sentence, or without saying no source states it",
                ruleset.info().slug
            );
        }
    }
}

/// The same study on one thread and on two gives identical statistics.
#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    for ruleset in toy::with_toy() {
        let options = ruleset.resolve("ludii", &OptionSet::new()).unwrap();
        let study = Study {
            seed: 9,
            first: 0,
            playouts: 150,
            caps: Caps::LUDII,
            check_invariants: true,
        };
        let on = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| options.simulate(&study, None).unwrap())
        };
        assert_eq!(on(1), on(2), "{}", ruleset.info().slug);
    }
}

/// A study split in two shards and merged equals the whole study.
#[test]
fn shards_merge_into_the_whole_study() {
    let ruleset = find("barjis").unwrap();
    let options = ruleset.resolve("dlp", &OptionSet::new()).unwrap();
    let whole = Study {
        seed: 3,
        first: 0,
        playouts: 200,
        caps: Caps::LUDII,
        check_invariants: false,
    };
    let mut first = options
        .simulate(
            &Study {
                playouts: 70,
                ..whole
            },
            None,
        )
        .unwrap();
    let second = options
        .simulate(
            &Study {
                first: 70,
                playouts: 130,
                ..whole
            },
            None,
        )
        .unwrap();
    first.merge(&second);
    assert_eq!(first, options.simulate(&whole, None).unwrap());
}

/// A trace counts what the playout counts: one step per move, lost turns included, turns
/// numbered as the driver numbers them, and throws shown with the player who threw them (a
/// step's throws are never followed, within it, by another player's).
#[test]
fn traces_count_every_move_and_turn_of_their_playout() {
    for ruleset in toy::with_toy() {
        for preset in ["dlp", "ludii"] {
            let options = ruleset.resolve(preset, &OptionSet::new()).unwrap();
            for index in 0..12 {
                let trace = options.trace(5, index, Caps::LUDII, false).unwrap();
                let playout = options.playout(5, index, Caps::LUDII);
                let slug = ruleset.info().slug;
                assert_eq!(trace.moves, playout.moves, "{slug} {preset} #{index}");
                assert_eq!(trace.steps.len() as u32, trace.moves, "{slug} {preset}");
                assert_eq!(
                    trace.steps.last().map_or(0, |s| s.turn),
                    trace.turns,
                    "{slug} {preset} #{index}"
                );
                let lost = trace
                    .steps
                    .iter()
                    .filter(|s| s.chosen == engine::trace::TURN_LOST)
                    .count();
                assert_eq!(lost as u32, trace.lost_turns, "{slug} {preset} #{index}");
                assert!(
                    trace
                        .steps
                        .iter()
                        .filter(|s| s.legal_moves == 0)
                        .all(|s| !s.chance.is_empty()),
                    "{slug} {preset} #{index}: a turn is lost only to its throws"
                );
            }
        }
    }
}

/// The replay command of a broken playout names the game, the seed, the playout, every option
/// and caps other than Ludii's: under the trace's default preset its options give back the
/// study's reading exactly.
#[test]
fn a_replay_command_gives_back_the_reading_it_came_from() {
    for ruleset in toy::with_toy() {
        let options = ruleset.resolve("ludii", &OptionSet::new()).unwrap();
        let caps = Caps {
            turns_per_player: 40,
            moves: 300,
        };
        let command = rulesets::replay_command(ruleset.info().slug, options.options(), 7, 11, caps);
        let words = shell_words(&command);
        let after = |flag: &str| -> Vec<String> {
            words
                .windows(2)
                .filter(|w| w[0] == flag)
                .map(|w| w[1].to_string())
                .collect()
        };
        assert_eq!(after("--game"), [ruleset.info().slug]);
        assert_eq!(after("--seed"), ["7"]);
        assert_eq!(after("--playout"), ["11"]);
        assert_eq!(after("--turn-cap"), ["40"]);
        assert_eq!(after("--move-cap"), ["300"]);
        let overrides = rulesets::parse_overrides(&after("--option")).unwrap();
        assert_eq!(ruleset.resolve("dlp", &overrides).unwrap(), options);
    }
}

/// A game added to the list is found like the others, and its own rule scenarios hold through
/// the options the registry resolves for it, as every shipped game's do.
#[test]
fn an_eighth_game_is_one_entry_in_the_list() {
    let list = toy::with_toy();
    let registry = Registry::new(&list);
    assert_eq!(registry.all().len(), all().len() + 1);
    assert_eq!(registry.find("Pile").unwrap().info().slug, "toy-pile");
    assert!(
        find("toy-pile").is_err(),
        "the shipped registry is untouched"
    );
    for ruleset in registry.all() {
        let slug = ruleset.info().slug;
        let scenarios = engine::scenario::parse_file(ruleset.scenarios()).unwrap();
        // A family game's rules are the family's, whose scenarios the family's crate runs.
        assert!(
            !scenarios.is_empty() || ruleset.ludii_description().is_some(),
            "{slug} has no rule scenarios"
        );
        for scenario in &scenarios {
            let options = ruleset
                .resolve(&scenario.preset, &scenario.options)
                .unwrap();
            let observed = options.run_scenario(scenario);
            assert!(
                observed.as_ref().is_ok_and(|o| o.holds()),
                "{slug}: {}: {observed:?}",
                scenario.name
            );
        }
    }
}

/// The words a POSIX shell reads in `command`, for commands whose words are plain or in single
/// quotes (what `replay_command` writes).
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}
