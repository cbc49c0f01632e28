//! Every executable ruleset behind one interface.
//!
//! The engines are generic and monomorphised for speed; [`Ruleset`] is the object-safe seam
//! the pipeline (simulate, verify, the site) talks to. Options cross the seam as an
//! [`OptionSet`] of strings, checked against each game's declared options, so that the
//! command line, YAML option sets and the interpretation search share one path.

mod family;
mod report;

use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, OnceLock};

use engine::dice::NotAThrow;
use engine::playout::{Caps, InvariantBroken, MOVE_BUFFER, Playout, play_from};
use engine::scenario::{Observed, Scenario, ScenarioError};
use engine::simulate::{InvariantFailure, Study, simulate};
use engine::stats::Stats;
use engine::trace::Trace;
use engine::{Game, Observe, OptionError, OptionSpec, Options, ThrowTable};

pub use family::{
    FAMILIES, FamilyFileError, FamilyFiles, embedded_family_files, family_file_errors,
    read_family_files,
};
pub use report::{DurationReport, StudyReport};

/// Every option of a game with its value, as text.
pub type OptionSet = BTreeMap<String, String>;

/// What the registry knows about a game besides its engine.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The key of the game in the corpus and on the command line.
    pub slug: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// Other names it is found by.
    pub aliases: &'static [&'static str],
    /// Records whose rules the engine implements.
    pub records: &'static [&'static str],
}

/// An executable ruleset, object-safe: what a game is and how to resolve its options. Playing
/// it goes through the [`Resolved`] options it makes.
pub trait Ruleset: Send + Sync {
    /// The game's name, slug, aliases and records.
    fn info(&self) -> &GameInfo;
    /// The engine's Rust type, such as `game_kioz::Kioz`: ties the registry to the game crates.
    fn engine_type(&self) -> &'static str;
    /// The game's options, with their sentences.
    fn specs(&self) -> &'static [OptionSpec];
    /// The engine's rule scenarios (YAML).
    fn scenarios(&self) -> &'static str;
    /// A preset with overrides, checked: the only way to options an engine plays under.
    fn resolve(&self, preset: &str, overrides: &OptionSet) -> Result<Resolved, ResolveError>;
    /// Names and descriptions of the game's own computations (searches a claim may run).
    fn computations(&self) -> Vec<(&'static str, &'static str)>;
    /// The vendored Ludii description (`corpus/ludii/lud/<file>`) the game's `ludii` preset is
    /// read from, for a game of a family; none for a hand-written engine.
    fn ludii_description(&self) -> Option<&'static str> {
        None
    }
    /// The corpus's game a family game plays, from its game file, when the DLP's database
    /// has that game; none for a hand-written engine, whose games the corpus's ruleset files
    /// name.
    fn corpus_game(&self) -> Option<&'static str> {
        None
    }
    /// The family whose engine plays the game ("sowing", "race"); none for a hand-written
    /// engine.
    fn family(&self) -> Option<&'static str> {
        None
    }
    /// The scholars' readings the game's own file gives, each as its name and its options
    /// on the `ludii` preset; none for a game whose file gives none. Ludii's faults are never
    /// among them.
    fn readings(&self) -> &'static [Reading] {
        &[]
    }
    /// The options on the `ludii` preset that play the game as Ludii 1.3.13 does, faults of
    /// its engine included, from the game file's `ludii_faults`; none where Ludii plays the
    /// description as it says, or for a hand-written engine (whose ruleset file names them).
    fn ludii_faults(&self) -> Option<&'static OptionSet> {
        None
    }
}

/// A scholar's reading of a game, as the game's own file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Its name as people cite it ("Herklots 1832, six cowries").
    pub name: &'static str,
    /// Its options, on the `ludii` preset.
    pub options: OptionSet,
}

/// Options a game's ruleset refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game}: {error}")]
pub struct ResolveError {
    /// The game's slug.
    pub game: &'static str,
    /// What was refused.
    pub error: OptionError,
}

/// A computation the game does not offer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no computation {name:?}; it has: {}", list_or_none(known))]
pub struct UnknownComputation {
    /// The game's slug.
    pub game: &'static str,
    /// The name asked for.
    pub name: String,
    /// The computations it has.
    pub known: Vec<&'static str>,
}

fn list_or_none(names: &[&str]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

/// A name that is no game of the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {name:?}; games: {known}")]
pub struct UnknownGame {
    /// The name given.
    pub name: String,
    /// The registry's games, as `slug (name)`.
    pub known: String,
}

/// A game under options its ruleset has checked, ready to play. Only [`Ruleset::resolve`]
/// makes one, so an engine never meets an option it has not checked, nor another game's
/// options: the seam cannot panic on them.
#[derive(Clone)]
pub struct Resolved {
    game: &'static str,
    options: OptionSet,
    play: Arc<dyn Play>,
}

impl std::fmt::Debug for Resolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resolved")
            .field("game", &self.game)
            .field("options", &self.options)
            .finish()
    }
}

impl PartialEq for Resolved {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game && self.options == other.options
    }
}

impl Eq for Resolved {}

impl Resolved {
    /// The slug of the game.
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// Every option of the game with its value, as text: what reports print and shards store.
    pub fn options(&self) -> &OptionSet {
        &self.options
    }

    /// Players in the game.
    pub fn players(&self) -> usize {
        self.play.players()
    }

    /// Names of the sides win shares are reported for ("player 1", "team 1").
    pub fn sides(&self) -> Vec<String> {
        self.play.sides()
    }

    /// Runs part of a study on every core; `progress` counts playouts done.
    pub fn simulate(
        &self,
        study: &Study,
        progress: Option<&AtomicU64>,
    ) -> Result<Stats, InvariantFailure> {
        self.play.simulate(study, progress).map_err(|mut failure| {
            failure.replay = Some(replay_command(
                self.game,
                &self.options,
                failure.seed,
                failure.playout,
                study.caps,
            ));
            failure
        })
    }

    /// Playout `index` of the stream `seed`, played without observing.
    pub fn playout(&self, seed: u64, index: u64, caps: Caps) -> Playout {
        self.runner(caps)(seed, index)
    }

    /// Playouts as the simulations run them: the move buffer reused, so that a call
    /// allocates nothing once the buffer has grown.
    pub fn runner(&self, caps: Caps) -> Box<dyn FnMut(u64, u64) -> Playout> {
        self.play.runner(caps)
    }

    /// Playout `index` of the stream `seed`, move by move (`positions`: with each position).
    pub fn trace(
        &self,
        seed: u64,
        index: u64,
        caps: Caps,
        positions: bool,
    ) -> Result<Trace, InvariantBroken> {
        self.play.trace(seed, index, caps, positions)
    }

    /// Runs one rule scenario or claim case.
    pub fn run_scenario(&self, scenario: &Scenario) -> Result<Observed, ScenarioError> {
        self.play.run_scenario(scenario)
    }

    /// The game's throws, read off the engine by applying each outcome.
    pub fn throw_tables(&self) -> Result<Vec<ThrowTable>, NotAThrow> {
        self.play.throw_tables()
    }

    /// Runs one of the game's computations ([`Ruleset::computations`]).
    pub fn compute(&self, name: &str) -> Result<serde_json::Value, UnknownComputation> {
        self.play.compute(name).ok_or_else(|| UnknownComputation {
            game: self.game,
            name: name.to_string(),
            known: self.play.computation_names(),
        })
    }
}

/// Playing one engine under its typed options: the object behind [`Resolved`].
trait Play: Send + Sync {
    fn players(&self) -> usize;
    fn sides(&self) -> Vec<String>;
    fn simulate(
        &self,
        study: &Study,
        progress: Option<&AtomicU64>,
    ) -> Result<Stats, InvariantFailure>;
    fn runner(&self, caps: Caps) -> Box<dyn FnMut(u64, u64) -> Playout>;
    fn trace(
        &self,
        seed: u64,
        index: u64,
        caps: Caps,
        positions: bool,
    ) -> Result<Trace, InvariantBroken>;
    fn run_scenario(&self, scenario: &Scenario) -> Result<Observed, ScenarioError>;
    fn throw_tables(&self) -> Result<Vec<ThrowTable>, NotAThrow>;
    fn compute(&self, name: &str) -> Option<serde_json::Value>;
    fn computation_names(&self) -> Vec<&'static str>;
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
        command.push_str(&format!(
            " --option {}",
            shell_word(&format!("{key}={value}"))
        ));
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

/// `word` as one word of a POSIX shell: as it is when it holds nothing the shell reads
/// (option values such as a race track's `0 1 2 | 3 4` do), else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-.,/=:+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// A computation a game offers to claims: a name, what it computes, and the function.
pub struct Computation<G: Game> {
    /// The computation's name, as claims call it.
    pub name: &'static str,
    /// What it computes.
    pub description: &'static str,
    /// The computation.
    pub run: fn(&G::Options) -> serde_json::Value,
}

/// The generic implementation of [`Ruleset`] for an engine.
pub struct Engine<G: Game> {
    /// The game's names and records.
    pub info: GameInfo,
    /// The engine's rule scenarios (YAML).
    pub scenarios: &'static str,
    /// The game's computations.
    pub computations: &'static [Computation<G>],
}

impl<G: Game> Engine<G> {
    /// A ruleset for engine `G` with no computations.
    pub const fn new(info: GameInfo, scenarios: &'static str) -> Self {
        Self {
            info,
            scenarios,
            computations: &[],
        }
    }

    /// With `computations`.
    pub const fn with_computations(mut self, computations: &'static [Computation<G>]) -> Self {
        self.computations = computations;
        self
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

    fn resolve(&self, preset: &str, overrides: &OptionSet) -> Result<Resolved, ResolveError> {
        let options: G::Options =
            engine::scenario::resolve_options(preset, overrides).map_err(|error| ResolveError {
                game: self.info.slug,
                error,
            })?;
        Ok(Resolved {
            game: self.info.slug,
            options: options.to_map(),
            play: Arc::new(Playing::<G> {
                options,
                computations: self.computations,
            }),
        })
    }

    fn computations(&self) -> Vec<(&'static str, &'static str)> {
        self.computations
            .iter()
            .map(|c| (c.name, c.description))
            .collect()
    }
}

/// A computation's result by engine, name and options.
type MadeComputations = BTreeMap<
    (&'static str, &'static str, BTreeMap<String, String>),
    Arc<OnceLock<serde_json::Value>>,
>;

/// The computations already made in this process. A computation is a function of its options
/// alone (Baqura's searches over every layout of 36 counters take seconds), and the claims, their
/// interpretation searches and the reports ask for the same reading many times; a computation
/// asked for while another thread makes it waits for that result instead of making it again.
fn computations_made() -> &'static Mutex<MadeComputations> {
    static MADE: OnceLock<Mutex<MadeComputations>> = OnceLock::new();
    MADE.get_or_init(Mutex::default)
}

/// An engine under typed options that [`Ruleset::resolve`] checked.
struct Playing<G: Game> {
    options: G::Options,
    computations: &'static [Computation<G>],
}

impl<G: Observe> Play for Playing<G> {
    fn players(&self) -> usize {
        G::new(&self.options).players()
    }

    fn sides(&self) -> Vec<String> {
        let game = G::new(&self.options);
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
        study: &Study,
        progress: Option<&AtomicU64>,
    ) -> Result<Stats, InvariantFailure> {
        simulate::<G>(&self.options, study, progress)
    }

    fn runner(&self, caps: Caps) -> Box<dyn FnMut(u64, u64) -> Playout> {
        let start = G::new(&self.options);
        let mut moves = Vec::with_capacity(MOVE_BUFFER);
        Box::new(move |seed, index| {
            play_from(&start, seed, index, caps, &mut moves, false)
                .expect("no invariant is checked")
        })
    }

    fn trace(
        &self,
        seed: u64,
        index: u64,
        caps: Caps,
        positions: bool,
    ) -> Result<Trace, InvariantBroken> {
        engine::trace::trace::<G>(&self.options, seed, index, caps, positions)
    }

    fn run_scenario(&self, scenario: &Scenario) -> Result<Observed, ScenarioError> {
        engine::scenario::run_with::<G>(&self.options, scenario)
    }

    fn throw_tables(&self) -> Result<Vec<ThrowTable>, NotAThrow> {
        engine::dice::throw_tables::<G>(&self.options)
    }

    fn compute(&self, name: &str) -> Option<serde_json::Value> {
        let computation = self.computations.iter().find(|c| c.name == name)?;
        let key = (
            std::any::type_name::<G>(),
            computation.name,
            self.options.to_map(),
        );
        let made = Arc::clone(
            computations_made()
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .entry(key)
                .or_default(),
        );
        Some(
            made.get_or_init(|| (computation.run)(&self.options))
                .clone(),
        )
    }

    fn computation_names(&self) -> Vec<&'static str> {
        self.computations.iter().map(|c| c.name).collect()
    }
}

/// Every hand-written engine, in a stable order. With the sowing family's games after them it
/// is the one list ([`Registry::shipped`]) that the registry, the allocation test, the
/// instruction-count gate and the benchmarks read; adding an engine is its crate and one entry
/// here (`tests/registry.rs` fails on a `game-*` crate left out); adding a sowing game is a
/// file of `corpus/families/sowing/`.
static ENGINES: &[&dyn Ruleset] = &[
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
        name: "hyde-six-each",
        description: "Six counters in every hole of both rows: what a first move from each hole gains, counted from either corner, and whether that has the shape of Hyde's pattern (equal large gains from the first, third and fifth holes, smaller from the others) and his 16.",
        run: game_baqura::hyde::six_each_json,
    },
    Computation {
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

/// A list of executable rulesets to find games in: the shipped one ([`Registry::shipped`]), or
/// in a test the shipped one with a game more, which every harness (the allocation test, the
/// gate's workloads, the benchmarks) then takes in as it takes the shipped games.
#[derive(Clone, Copy)]
pub struct Registry<'a> {
    rulesets: &'a [&'a dyn Ruleset],
}

impl<'a> Registry<'a> {
    /// A registry of `rulesets`, in that order.
    pub const fn new(rulesets: &'a [&'a dyn Ruleset]) -> Self {
        Self { rulesets }
    }

    /// Every game with an engine that the project ships.
    pub fn shipped() -> Registry<'static> {
        static SHIPPED: std::sync::OnceLock<Vec<&'static dyn Ruleset>> = std::sync::OnceLock::new();
        Registry::new(SHIPPED.get_or_init(|| {
            let mut list = ENGINES.to_vec();
            list.extend_from_slice(family::games());
            list
        }))
    }

    /// Every ruleset, in a stable order.
    pub fn all(&self) -> &'a [&'a dyn Ruleset] {
        self.rulesets
    }

    /// Finds a game by slug, name or alias; diacritics, case and punctuation do not matter
    /// ("Kiôz", "kioz" and "KIOZ" are one game).
    pub fn find(&self, name: &str) -> Result<&'a dyn Ruleset, UnknownGame> {
        let wanted = corpus::text::slugify(name);
        let named = |r: &&dyn Ruleset| {
            let info = r.info();
            info.slug == wanted
                || corpus::text::slugify(info.name) == wanted
                || info
                    .aliases
                    .iter()
                    .any(|a| corpus::text::slugify(a) == wanted)
        };
        self.rulesets.iter().copied().find(named).ok_or_else(|| {
            let known: Vec<String> = self
                .rulesets
                .iter()
                .map(|r| format!("{} ({})", r.info().slug, r.info().name))
                .collect();
            UnknownGame {
                name: name.to_string(),
                known: known.join(", "),
            }
        })
    }
}

/// Every shipped ruleset, in a stable order.
pub fn all() -> &'static [&'static dyn Ruleset] {
    Registry::shipped().all()
}

/// Finds a shipped game by slug, name or alias ([`Registry::find`]). A hand-written engine is
/// found without reading the family's game files, so that playing one of the seven (the
/// instruction-count gate's workload) costs nothing for the family.
pub fn find(name: &str) -> Result<&'static dyn Ruleset, UnknownGame> {
    Registry::new(ENGINES)
        .find(name)
        .or_else(|_| Registry::shipped().find(name))
}

/// Finds a shipped game by its slug for a process that plays only it: a hand-written engine,
/// or a family game read from its own file alone, so that what the process counts (the
/// instruction-count gate) does not change when other games of the family are added.
pub fn find_alone(slug: &str) -> Result<&'static dyn Ruleset, UnknownGame> {
    Registry::new(ENGINES)
        .find(slug)
        .or_else(|error| family::game_alone(slug).ok_or(error))
        .or_else(|_| find(slug))
}

/// Parses `key=value` overrides from the command line.
pub fn parse_overrides(pairs: &[String]) -> Result<OptionSet, NotAnOverride> {
    pairs
        .iter()
        .map(|pair| {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| NotAnOverride(pair.clone()))?;
            Ok((key.trim().to_string(), value.trim().to_string()))
        })
        .collect()
}

/// A command-line override without `=`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not of the form key=value")]
pub struct NotAnOverride(pub String);

/// Help text listing a game's options, their values and defaults.
pub fn describe_options(ruleset: &dyn Ruleset) -> String {
    let preset = |name| {
        ruleset
            .resolve(name, &OptionSet::new())
            .map(|r| r.options().clone())
            .unwrap_or_default()
    };
    let (dlp, ludii) = (preset("dlp"), preset("ludii"));
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
