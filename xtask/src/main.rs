//! `cargo xtask <command>`: the pipeline, one module per command.

mod check;
mod ingest;
mod progress;
mod project;
mod simulate;
mod trace;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "The historical rules corpus and verification pipeline"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read the saved portal pages into the YAML corpus.
    Ingest(ingest::Args),
    /// Validate the corpus: schema, identifiers, dates, confidence, references.
    Check(check::Args),
    /// Random playouts of one game: completion, wins, lengths, branching, with intervals.
    Simulate(simulate::Args),
    /// One playout, move by move, as text or JSON.
    Trace(trace::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Ingest(args) => ingest::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Trace(args) => trace::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
