//! `cargo xtask all`: the whole pipeline on the shipped inputs (or any others): ingest,
//! check, verify, export, then the site. Each step writes atomically; the run stops at the first
//! step that fails, naming it, and leaves that step's outputs as they were.

use std::path::PathBuf;

use crate::{check, export, families, ingest, site, verify};

#[derive(clap::Args)]
pub struct Args {
    /// Directory of saved pages to read [default: corpus/pages, the shipped pages].
    #[arg(long, value_name = "DIR")]
    pub pages: Option<PathBuf>,
    /// Corpus directory [default: corpus/].
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Reports directory [default: reports/].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    /// Where the site goes [default: target/site].
    #[arg(long, value_name = "DIR")]
    pub site: Option<PathBuf>,
    #[arg(long, default_value_t = ::verify::DEFAULT_SEED)]
    pub seed: u64,
    /// The DLP's database export [default: corpus/export/ludiiGames.sql].
    #[arg(long, value_name = "FILE", conflicts_with = "no_export")]
    pub export: Option<std::path::PathBuf>,
    /// Ingest the saved pages only, without the export.
    #[arg(long)]
    pub no_export: bool,
    /// Write the reports even if a claim that held no longer does.
    #[arg(long)]
    pub accept: bool,
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let quiet = args.quiet;
    step("ingest", quiet, || {
        ingest::run(&ingest::Args {
            pages: args.pages.clone(),
            export: args.export.clone(),
            no_export: args.no_export,
            corpus: args.corpus.clone(),
            check: false,
            fetch: Vec::new(),
            delay: 0.0,
            quiet,
        })
    })?;
    step("families", quiet, || {
        families::run(&families::Args {
            corpus: args.corpus.clone(),
            reports: args.reports.clone(),
            check: false,
            quiet,
        })
    })?;
    step("check", quiet, || {
        check::run(&check::Args {
            corpus: args.corpus.clone(),
            quiet,
        })
    })?;
    step("verify", quiet, || {
        verify::run(&verify::Args {
            corpus: args.corpus.clone(),
            reports: args.reports.clone(),
            seed: args.seed,
            playouts: None,
            shard: None,
            out: None,
            check: false,
            accept: args.accept,
            quiet,
        })
    })?;
    step("export", quiet, || {
        export::run(&export::Args {
            out: None,
            corpus: args.corpus.clone(),
            reports: args.reports.clone(),
            quiet,
        })
    })?;
    step("site", quiet, || {
        site::run(&site::Args {
            out: args.site.clone(),
            corpus: args.corpus.clone(),
            reports: args.reports.clone(),
            templates: None,
            quiet,
        })
    })?;
    if !quiet {
        eprintln!("all: done; open target/site/index.html (or the --site directory)");
    }
    Ok(())
}

fn step(name: &str, quiet: bool, work: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
    if !quiet {
        eprintln!("== {name}");
    }
    work().map_err(|error| format!("step `{name}` failed: {error}"))
}
