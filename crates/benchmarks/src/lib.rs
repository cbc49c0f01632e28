//! What the project measures of itself: criterion benchmarks of every engine under both presets
//! and of the pipeline, the fixed workload of the instruction-count gate, Ludii's figures to
//! compare with, and the report `cargo xtask bench` writes.

pub mod anchors;
pub mod criterion_output;
pub mod gate;
pub mod report;

use engine::playout::{Caps, Playout};
use engine::simulate::Study;
use engine::stats::Stats;
use rulesets::{OptionSet, ResolveError, Ruleset};

/// The seed of every benchmark playout.
pub const SEED: u64 = verify::DEFAULT_SEED;

/// The presets every game is benchmarked under.
pub const PRESETS: [&str; 2] = ["dlp", "ludii"];

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
