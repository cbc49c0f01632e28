//! What the project measures of itself: criterion benchmarks of every engine under both presets
//! and of the pipeline, the fixed workload of the instruction-count gate, Ludii's figures to
//! compare with, and the report `cargo xtask bench` writes.

pub mod anchors;
pub mod criterion_output;
pub mod report;

use engine::playout::{Caps, Playout};
use engine::simulate::Study;
use engine::stats::Stats;
use rulesets::{OptionSet, ResolveError, Ruleset};

/// The seed of every benchmark playout.
pub const SEED: u64 = engine::simulate::DEFAULT_SEED;

/// The presets every hand-written engine is benchmarked under.
pub const PRESETS: [&str; 2] = ["dlp", "ludii"];

/// The family a game belongs to, named after its engine's crate (`sowing::Sowing` is
/// "sowing"); `None` for a hand-written engine. A family game is benchmarked once, on its
/// `ludii` preset at the caps of Ludii's figures ([`FAMILY_CAPS`]).
pub fn family(ruleset: &dyn Ruleset) -> Option<&'static str> {
    ruleset.ludii_description()?;
    ruleset.engine_type().split("::").next()
}

/// The hand-written engines, each benchmarked under both [`PRESETS`].
pub fn hand_written() -> impl Iterator<Item = &'static dyn Ruleset> {
    rulesets::all()
        .iter()
        .copied()
        .filter(|r| family(*r).is_none())
}

/// Every family game with its family's name.
pub fn family_games() -> impl Iterator<Item = (&'static str, &'static dyn Ruleset)> {
    rulesets::all()
        .iter()
        .filter_map(|&r| Some((family(r)?, r)))
}

/// The caps Ludii's figures for the families' descriptions were played at: a family game's
/// speed is held against Ludii's under the same caps.
pub const FAMILY_CAPS: Caps = verify::studies::FIGURES_CAPS;

/// Criterion's settings for a family game: short, so that a full run stays reasonable as the
/// family grows (under two seconds a game), and enough for a figure held against a goal of
/// 100 times Ludii's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FamilySettings {
    /// Criterion's samples (its least).
    pub samples: usize,
    /// Warm-up, milliseconds.
    pub warm_up_ms: u64,
    /// Measurement, milliseconds.
    pub measurement_ms: u64,
    /// Playouts behind a game's mean length, which turns playouts into moves.
    pub mean_over: u64,
}

/// The settings of a full run's family benchmarks.
pub const FAMILY_SETTINGS: FamilySettings = FamilySettings {
    samples: 10,
    warm_up_ms: 300,
    measurement_ms: 1000,
    mean_over: MEAN_OVER,
};

/// A family game's playouts: its `ludii` preset at [`FAMILY_CAPS`].
pub fn family_runner(
    ruleset: &dyn Ruleset,
) -> Result<Box<dyn FnMut(u64, u64) -> Playout>, ResolveError> {
    let options = ruleset.resolve("ludii", &OptionSet::new())?;
    Ok(options.runner(FAMILY_CAPS))
}

/// Mean moves of a family game's first [`FamilySettings::mean_over`] playouts.
pub fn family_mean_moves(ruleset: &dyn Ruleset) -> Result<f64, ResolveError> {
    let mut run = family_runner(ruleset)?;
    let over = FAMILY_SETTINGS.mean_over;
    let total: u64 = (0..over).map(|i| u64::from(run(SEED, i).moves)).sum();
    Ok(total as f64 / over as f64)
}

/// Random playouts of one game's preset under Ludii's caps, as the simulations run them.
pub fn runner(
    ruleset: &dyn Ruleset,
    preset: &str,
) -> Result<Box<dyn FnMut(u64, u64) -> Playout>, ResolveError> {
    let options = ruleset.resolve(preset, &OptionSet::new())?;
    Ok(options.runner(Caps::LUDII))
}

/// Playouts in one iteration of the statistics benchmarks: the same block, played bare and
/// through `simulate`, so that both sides play exactly the same games; large enough that
/// merging the block's statistics weighs on it as little as on a study of thousands.
pub const BLOCK: u64 = 256;

/// Plays the block of Ludii-preset playouts bare; returns the moves played.
pub fn block_runner(ruleset: &dyn Ruleset) -> Result<impl FnMut() -> u64, ResolveError> {
    let mut play = runner(ruleset, "ludii")?;
    Ok(move || (0..BLOCK).map(|i| u64::from(play(SEED, i).moves)).sum())
}

/// Mean moves of the block's playouts, to turn its playouts per second into moves.
pub fn block_mean_moves(ruleset: &dyn Ruleset) -> Result<f64, ResolveError> {
    let mut run = block_runner(ruleset)?;
    Ok(run() as f64 / BLOCK as f64)
}

/// Plays the same block through `simulate`'s path, as `cargo xtask simulate` does, without
/// invariant checks; the statistics it returns are the block's.
pub fn block_simulation(ruleset: &dyn Ruleset) -> Result<impl Fn() -> Stats + Sync, ResolveError> {
    let options = ruleset.resolve("ludii", &OptionSet::new())?;
    let study = Study {
        seed: SEED,
        first: 0,
        playouts: BLOCK,
        caps: Caps::LUDII,
        check_invariants: false,
    };
    Ok(move || {
        options
            .simulate(&study, None)
            .expect("no invariant is checked")
    })
}

/// Playouts behind a preset's mean length: enough that the mean is within about 1% of the
/// game's, which decides whether its playouts compare with Ludii's.
pub const MEAN_OVER: u64 = 2000;

/// Mean moves of a preset's first [`MEAN_OVER`] playouts, to turn playouts per second into
/// moves.
pub fn mean_moves(ruleset: &dyn Ruleset, preset: &str) -> Result<f64, ResolveError> {
    let mut run = runner(ruleset, preset)?;
    let total: u64 = (0..MEAN_OVER).map(|i| u64::from(run(SEED, i).moves)).sum();
    Ok(total as f64 / MEAN_OVER as f64)
}
