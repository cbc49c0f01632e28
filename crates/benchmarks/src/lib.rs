//! What the project measures of itself: criterion benchmarks of every engine under both presets
//! and of the pipeline, the fixed workload of the instruction-count gate, Ludii's figures to
//! compare with, and the report `cargo xtask bench` writes.

pub mod anchors;
pub mod criterion_output;
pub mod gate;
pub mod report;

use engine::playout::{Caps, Playout};
use rulesets::OptionSet;

/// The seed of every benchmark playout.
pub const SEED: u64 = verify::DEFAULT_SEED;

pub const PRESETS: [&str; 2] = ["dlp", "ludii"];

/// Random playouts of one game's preset under Ludii's caps, as the simulations run them.
pub fn runner(game: &str, preset: &str) -> Result<Box<dyn FnMut(u64, u64) -> Playout>, String> {
    let engine = rulesets::find(game)?;
    let options = engine.resolve(preset, &OptionSet::new())?;
    Ok(engine.runner(&options, Caps::LUDII))
}

/// Mean moves of the first `playouts` playouts, to turn playouts per second into moves.
pub fn mean_moves(game: &str, preset: &str, playouts: u64) -> Result<f64, String> {
    let mut run = runner(game, preset)?;
    let total: u64 = (0..playouts).map(|i| u64::from(run(SEED, i).moves)).sum();
    Ok(total as f64 / playouts.max(1) as f64)
}

/// Every game slug, in the registry's order.
pub fn games() -> Vec<&'static str> {
    rulesets::all().iter().map(|r| r.info().slug).collect()
}
