//! `cargo xtask simulate`: random playouts of one game on every core.

use engine::playout::Caps;
use engine::simulate::Study;
use rulesets::{Resolved, StudyReport};

use crate::progress;

#[derive(clap::Args)]
pub struct Args {
    /// The game: kioz, natt-klab-ash-shawk, barjis, baqura, tuz, sig-el-oued, deleb (names with diacritics work too).
    #[arg(long)]
    pub game: String,
    /// dlp (faithful to the record) or ludii (the game as Ludii plays it).
    #[arg(long, default_value = "dlp")]
    pub preset: String,
    #[arg(long, default_value_t = 10_000)]
    pub playouts: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Override an option of the preset, as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Turns per player before a game is stopped as a draw (Ludii: 1250).
    #[arg(long, default_value_t = Caps::LUDII.turns_per_player)]
    pub turn_cap: u32,
    /// Moves before a game is stopped as a draw (Ludii: 10,000).
    #[arg(long, default_value_t = Caps::LUDII.moves)]
    pub move_cap: u32,
    /// Check the game's invariants after every move.
    #[arg(long)]
    pub check_invariants: bool,
    /// Worker threads [default: every core]; results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    #[arg(long)]
    pub quiet: bool,
}

/// A game and a checked option set from the command line.
pub fn resolve(game: &str, preset: &str, pairs: &[String]) -> Result<Resolved, String> {
    let ruleset = rulesets::find(game).map_err(|e| e.to_string())?;
    let overrides = rulesets::parse_overrides(pairs).map_err(|e| e.to_string())?;
    let options = ruleset.resolve(preset, &overrides).map_err(|e| {
        format!(
            "{e}\noptions of {} (value, dlp default, ludii default):\n{}",
            ruleset.info().slug,
            rulesets::describe_options(ruleset)
        )
    })?;
    Ok(options)
}

pub fn run(args: &Args) -> Result<(), String> {
    let options = resolve(&args.game, &args.preset, &args.options)?;
    if args.playouts == 0 {
        return Err("--playouts must be at least 1".into());
    }
    let study = Study {
        seed: args.seed,
        first: 0,
        playouts: args.playouts,
        caps: Caps {
            turns_per_player: args.turn_cap,
            moves: args.move_cap,
        },
        check_invariants: args.check_invariants,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let stats = pool.install(|| {
        progress::track(
            options.game(),
            args.playouts,
            args.quiet || args.json,
            |done| options.simulate(&study, Some(done)),
        )
    });
    let stats = stats.map_err(|failure| failure.to_string())?;
    let report = StudyReport::new(
        options.game(),
        &args.preset,
        options.options(),
        &study,
        &stats,
        options.sides(),
    );
    if args.json {
        crate::output::outln!(
            "{}",
            serde_json::to_string_pretty(&report).expect("reports serialise")
        );
    } else {
        crate::output::out!("{}", report.to_text());
    }
    Ok(())
}
