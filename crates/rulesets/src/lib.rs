//! Every executable ruleset behind one interface.
//!
//! The engines are generic and monomorphised for speed; [`Ruleset`] is the object-safe seam
//! the pipeline (simulate, verify, the site) talks to. Options cross the seam as an
//! [`OptionSet`] of strings, checked against each game's declared options, so that the
//! command line, YAML option sets and the interpretation search share one path.

mod report;

use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;

use engine::playout::{Caps, MOVE_BUFFER, Playout, play_seeded};
use engine::scenario::{Observed, Scenario};
use engine::simulate::{InvariantFailure, Study, simulate};
use engine::stats::Stats;
use engine::trace::Trace;
use engine::{Game, Observe, OptionSpec, Options, ThrowTable};

pub use report::{DurationReport, StudyReport};

/// Every option of a game with its value, as text.
pub type OptionSet = BTreeMap<String, String>;

/// What the registry knows about a game besides its engine.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The key of the game in the corpus and on the command line.
    pub slug: &'static str,
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// Records whose rules the engine implements.
    pub records: &'static [&'static str],
}

/// An executable ruleset, object-safe.
pub trait Ruleset: Send + Sync {
    fn info(&self) -> &GameInfo;
    /// The engine's Rust type, such as `game_kioz::Kioz`: ties the registry to the game crates.
    fn engine_type(&self) -> &'static str;
    fn specs(&self) -> &'static [OptionSpec];
    /// The engine's rule scenarios (YAML).
    fn scenarios(&self) -> &'static str;
    /// A preset with overrides, checked; every option of the game appears in the result.
    fn resolve(&self, preset: &str, overrides: &OptionSet) -> Result<OptionSet, String>;
    fn players(&self, options: &OptionSet) -> usize;
    /// Names of the sides win shares are reported for ("player 1", "team 1").
    fn sides(&self, options: &OptionSet) -> Vec<String>;
    fn simulate(
        &self,
        options: &OptionSet,
        study: &Study,
        progress: Option<&AtomicU64>,
    ) -> Result<Stats, InvariantFailure>;
    fn playout(&self, options: &OptionSet, seed: u64, index: u64, caps: Caps) -> Playout;
    /// Playouts of one option set as the simulations run them: options resolved once, the
    /// move buffer reused, so that a call allocates nothing once the buffer has grown.
    fn runner(&self, options: &OptionSet, caps: Caps) -> Box<dyn FnMut(u64, u64) -> Playout>;
    fn trace(
        &self,
        options: &OptionSet,
        seed: u64,
        index: u64,
        caps: Caps,
        positions: bool,
    ) -> Result<Trace, String>;
    fn run_scenario(&self, options: &OptionSet, scenario: &Scenario) -> Result<Observed, String>;
    /// The game's throws, read off the engine by applying each outcome.
    fn throw_tables(&self, options: &OptionSet) -> Result<Vec<ThrowTable>, String>;
    /// Names and descriptions of the game's own computations (searches a claim may run).
    fn computations(&self) -> Vec<(&'static str, &'static str)>;
    fn compute(&self, name: &str, options: &OptionSet) -> Result<serde_json::Value, String>;
}

/// The `cargo xtask trace` command that replays one playout of a study: every option is given,
/// so the command does not depend on which preset the study started from.
pub fn replay_command(
    slug: &str,
    options: &OptionSet,
    seed: u64,
    playout: u64,
    caps: Caps,
) -> String {
    let mut command = format!("cargo xtask trace --game {slug} --seed {seed} --playout {playout}");
    for (key, value) in options {
        command.push_str(&format!(" --option {key}={value}"));
    }
    if caps != Caps::LUDII {
        command.push_str(&format!(
            " --turn-cap {} --move-cap {}",
            caps.turns_per_player, caps.moves
        ));
    }
    command.push_str(" --positions");
    command
}

/// A computation a game offers to claims: a name, what it computes, and the function.
pub struct Computation<G: Game> {
    pub name: &'static str,
    pub description: &'static str,
    pub run: fn(&G::Options) -> serde_json::Value,
}

/// The generic implementation of [`Ruleset`] for an engine.
pub struct Engine<G: Game> {
    pub info: GameInfo,
    pub scenarios: &'static str,
    pub computations: &'static [Computation<G>],
}

impl<G: Game> Engine<G> {
    pub const fn new(info: GameInfo, scenarios: &'static str) -> Self {
        Self {
            info,
            scenarios,
            computations: &[],
        }
    }

    pub const fn with_computations(mut self, computations: &'static [Computation<G>]) -> Self {
        self.computations = computations;
        self
    }

    /// The typed options of an option set (which [`Ruleset::resolve`] has checked).
    pub fn typed(&self, options: &OptionSet) -> G::Options {
        let mut typed = G::Options::default();
        for (key, value) in options {
            typed.set(key, value).unwrap_or_else(|e| {
                panic!(
                    "{}: an option set must be resolved first: {e}",
                    self.info.slug
                )
            });
        }
        typed
    }
}

impl<G: Observe> Ruleset for Engine<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn engine_type(&self) -> &'static str {
        std::any::type_name::<G>()
    }

    fn specs(&self) -> &'static [OptionSpec] {
        G::Options::specs()
    }

    fn scenarios(&self) -> &'static str {
        self.scenarios
    }

    fn resolve(&self, preset: &str, overrides: &OptionSet) -> Result<OptionSet, String> {
        let typed: G::Options = engine::scenario::resolve_options(preset, overrides)
            .map_err(|e| format!("{}: {e}", self.info.slug))?;
        Ok(typed.to_map())
    }

    fn players(&self, options: &OptionSet) -> usize {
        G::new(&self.typed(options)).players()
    }

    fn sides(&self, options: &OptionSet) -> Vec<String> {
        let game = G::new(&self.typed(options));
        let teams = (0..game.players())
            .map(|p| game.team(p as u8))
            .max()
            .map_or(0, |t| usize::from(t) + 1);
        if teams < game.players() {
            (1..=teams).map(|t| format!("team {t}")).collect()
        } else {
            (1..=game.players())
                .map(|p| format!("player {p}"))
                .collect()
        }
    }

    fn simulate(
        &self,
        options: &OptionSet,
        study: &Study,
        progress: Option<&AtomicU64>,
    ) -> Result<Stats, InvariantFailure> {
        simulate::<G>(&self.typed(options), study, progress).map_err(|mut failure| {
            failure.replay = Some(replay_command(
                self.info.slug,
                options,
                failure.seed,
                failure.playout,
                study.caps,
            ));
            failure
        })
    }

    fn playout(&self, options: &OptionSet, seed: u64, index: u64, caps: Caps) -> Playout {
        self.runner(options, caps)(seed, index)
    }

    fn runner(&self, options: &OptionSet, caps: Caps) -> Box<dyn FnMut(u64, u64) -> Playout> {
        let options = self.typed(options);
        let mut moves = Vec::with_capacity(MOVE_BUFFER);
        Box::new(move |seed, index| {
            play_seeded::<G>(&options, seed, index, caps, &mut moves, false)
                .expect("no invariant is checked")
        })
    }

    fn trace(
        &self,
        options: &OptionSet,
        seed: u64,
        index: u64,
        caps: Caps,
        positions: bool,
    ) -> Result<Trace, String> {
        engine::trace::trace::<G>(&self.typed(options), seed, index, caps, positions)
    }

    fn run_scenario(&self, options: &OptionSet, scenario: &Scenario) -> Result<Observed, String> {
        engine::scenario::run_with::<G>(&self.typed(options), scenario)
    }

    fn throw_tables(&self, options: &OptionSet) -> Result<Vec<ThrowTable>, String> {
        engine::dice::throw_tables::<G>(&self.typed(options))
    }

    fn computations(&self) -> Vec<(&'static str, &'static str)> {
        self.computations
            .iter()
            .map(|c| (c.name, c.description))
            .collect()
    }

    fn compute(&self, name: &str, options: &OptionSet) -> Result<serde_json::Value, String> {
        let computation = self
            .computations
            .iter()
            .find(|c| c.name == name)
            .ok_or_else(|| {
                let known: Vec<&str> = self.computations.iter().map(|c| c.name).collect();
                format!(
                    "{} has no computation {name:?}; it has: {}",
                    self.info.slug,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )
            })?;
        Ok((computation.run)(&self.typed(options)))
    }
}

/// Every game with an engine, in a stable order: the one list. The registry, the allocation
/// test, the instruction-count gate and the benchmarks all read it; adding an engine is its
/// crate and one entry here (`tests/registry.rs` fails on a `game-*` crate left out).
static ALL: &[&dyn Ruleset] = &[
    &Engine::<game_kioz::Kioz>::new(
        GameInfo {
            slug: "kioz",
            name: "Kiôz",
            aliases: &["Kioz", "Djôz", "Al-Kioz"],
            records: &["DLP.Evidence.1238"],
        },
        game_kioz::SCENARIOS,
    ),
    &Engine::<game_natt_klab::NattKlab>::new(
        GameInfo {
            slug: "natt-klab-ash-shawk",
            name: "Natt Klab ash-Shawk",
            aliases: &["Natt klab ash-shawk"],
            records: &["DLP.Evidence.1554"],
        },
        game_natt_klab::SCENARIOS,
    ),
    &Engine::<game_barjis::Barjis>::new(
        GameInfo {
            slug: "barjis",
            name: "Barjis",
            aliases: &[],
            records: &["DLP.Evidence.1601"],
        },
        game_barjis::SCENARIOS,
    ),
    &Engine::<game_baqura::Baqura>::new(
        GameInfo {
            slug: "baqura",
            name: "Baqura",
            aliases: &["Bakura"],
            records: &["DLP.Evidence.682"],
        },
        game_baqura::SCENARIOS,
    )
    .with_computations(&[Computation {
        name: "hyde-layouts",
        description: "Every arrangement of 36 counters in six holes, the same for both players: which give Hyde's pattern of first-move gains of 16 (from the first, third and fifth holes, not from the others), counted from either corner.",
        run: game_baqura::hyde::search_json,
    },
    Computation {
        name: "hyde-first-layout",
        description: "The first arrangement of 36 counters (in lexicographic order, both rows alike) that gives Hyde's pattern of first-move gains from either corner, if any: the search stops there.",
        run: game_baqura::hyde::first_layout_json,
    }]),
    &Engine::<game_tuz::Tuz>::new(
        GameInfo {
            slug: "tuz",
            name: "Tuz",
            aliases: &["Gabata"],
            records: &["DLP.Evidence.1443"],
        },
        game_tuz::SCENARIOS,
    )
    .with_computations(&[Computation {
        name: "opening-patterns",
        description: "The simultaneous opening played from the initial layout, with and without making a tuz: the holes' counts after it, and whether they alternate 5 and 3 as Pankhurst says.",
        run: game_tuz::opening_patterns,
    }]),
    &Engine::<game_sig::Sig>::new(
        GameInfo {
            slug: "sig-el-oued",
            name: "Sig (El Oued)",
            aliases: &["Sig", "Premier jeu de Sig"],
            records: &["DLP.Evidence.2124"],
        },
        game_sig::SCENARIOS,
    ),
    &Engine::<game_deleb::Deleb>::new(
        GameInfo {
            slug: "deleb",
            name: "Dèleb",
            aliases: &["Deleb"],
            records: &["DLP.GameRulesets.767"],
        },
        game_deleb::SCENARIOS,
    ),
];

/// Every ruleset, in a stable order.
pub fn all() -> &'static [&'static dyn Ruleset] {
    ALL
}

/// Finds a game by slug, name or alias; diacritics, case and punctuation do not matter
/// ("Kiôz", "kioz" and "KIOZ" are one game).
pub fn find(name: &str) -> Result<&'static dyn Ruleset, String> {
    let wanted = corpus::text::slugify(name);
    all()
        .iter()
        .copied()
        .find(|r| {
            let info = r.info();
            info.slug == wanted
                || corpus::text::slugify(info.name) == wanted
                || info
                    .aliases
                    .iter()
                    .any(|a| corpus::text::slugify(a) == wanted)
        })
        .ok_or_else(|| {
            let known: Vec<String> = all()
                .iter()
                .map(|r| format!("{} ({})", r.info().slug, r.info().name))
                .collect();
            format!("unknown game {name:?}; games: {}", known.join(", "))
        })
}

/// Parses `key=value` overrides from the command line.
pub fn parse_overrides(pairs: &[String]) -> Result<OptionSet, String> {
    pairs
        .iter()
        .map(|pair| {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("{pair:?} is not of the form key=value"))?;
            Ok((key.trim().to_string(), value.trim().to_string()))
        })
        .collect()
}

/// Help text listing a game's options, their values and defaults.
pub fn describe_options(ruleset: &dyn Ruleset) -> String {
    let dlp = ruleset
        .resolve("dlp", &OptionSet::new())
        .unwrap_or_default();
    let ludii = ruleset
        .resolve("ludii", &OptionSet::new())
        .unwrap_or_default();
    let mut out = String::new();
    for spec in ruleset.specs() {
        out.push_str(&format!(
            "  {} = {} (dlp {}, ludii {}): {}\n",
            spec.key,
            spec.describe_domain(),
            dlp.get(spec.key).map_or("?", String::as_str),
            ludii.get(spec.key).map_or("?", String::as_str),
            spec.description()
        ));
    }
    out
}
