//! `cargo xtask trace`: one playout, move by move.

use engine::playout::Caps;

use crate::simulate::resolve;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub game: String,
    #[arg(long, default_value = "dlp")]
    pub preset: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Which playout of the study seeded with --seed.
    #[arg(long, default_value_t = 0)]
    pub playout: u64,
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Turns per player before the game is stopped as a draw (Ludii: 1250).
    #[arg(long, default_value_t = Caps::LUDII.turns_per_player)]
    pub turn_cap: u32,
    /// Moves before the game is stopped as a draw (Ludii: 10,000).
    #[arg(long, default_value_t = Caps::LUDII.moves)]
    pub move_cap: u32,
    /// Print the trace as JSON.
    #[arg(long)]
    pub json: bool,
    /// Show the position after every move.
    #[arg(long)]
    pub positions: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let options = resolve(&args.game, &args.preset, &args.options)?;
    let trace = options
        .trace(
            args.seed,
            args.playout,
            Caps {
                turns_per_player: args.turn_cap,
                moves: args.move_cap,
            },
            args.positions,
        )
        .map_err(|e| e.to_string())?;
    if args.json {
        crate::output::outln!(
            "{}",
            serde_json::to_string_pretty(&trace).expect("traces serialise")
        );
    } else {
        crate::output::out!("{}", trace.to_text());
    }
    Ok(())
}
