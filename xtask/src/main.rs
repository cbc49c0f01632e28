//! `cargo xtask <command>`: the pipeline, one module per command.
// The command line is where the project talks to people; the libraries only return.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod all;
mod bench;
mod check;
mod clauses;
mod devtools;
mod export;
mod families;
mod ingest;
mod output;
mod progress;
mod project;
mod search_compare;
mod simulate;
mod site;
mod trace;
mod verify;

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
    /// The whole pipeline: ingest, check, verify, export, then the site.
    All(all::Args),
    /// Read the saved portal pages into the YAML corpus.
    Ingest(ingest::Args),
    /// Read Ludii's sowing descriptions as the sowing family's game files, make both families' games executable rulesets; writes reports/families.*.
    Families(families::Args),
    /// Validate the corpus: schema, identifiers, dates, confidence, references.
    Check(check::Args),
    /// Random playouts of one game: completion, wins, lengths, branching, with intervals.
    Simulate(simulate::Args),
    /// One playout, move by move, as text or JSON.
    Trace(trace::Args),
    /// Links, clause coverage, claims and consistency simulations; writes reports/.
    Verify(verify::Args),
    /// Combine the shards of `verify --shard K/N` into the reports of one run.
    Merge(verify::MergeArgs),
    /// Print a record's Rules text as a clause-coverage file to fill in.
    Clauses(clauses::Args),
    /// Benchmarks: criterion, throughput on every core, instruction counts; writes reports/bench.*.
    Bench(bench::Args),
    /// Render the evidence site (default target/site) from the corpus and reports/.
    Site(site::Args),
    /// Write the corpus as CSV tables, JSON, a data dictionary, BibTeX and CSL-JSON.
    Export(export::Args),
    /// The site's search beside elasticlunr-rs and Pagefind in headless Chromium (needs npm); writes reports/search.*.
    SearchCompare(search_compare::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::All(args) => all::run(&args),
        Command::Ingest(args) => ingest::run(&args),
        Command::Families(args) => families::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Trace(args) => trace::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Merge(args) => verify::merge(&args),
        Command::Clauses(args) => clauses::run(&args),
        Command::Site(args) => site::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::SearchCompare(args) => search_compare::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
