//! `cargo xtask bench`: criterion benchmarks of every engine (the hand-written ones under both
//! presets, each family game on its `ludii` preset summarised over its family) and of the
//! pipeline, simulation throughput on every core and the instruction counts of the gate,
//! written to `reports/bench.md` and `.json`. `cargo xtask bench --gate` is the regression
//! gate alone.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use benchmarks::anchors::Anchors;
use benchmarks::criterion_output::Timing;
use benchmarks::report::{self, BenchReport, GateSummary, Machine, Scaling};
use corpus::{Corpus, Report};
use engine::stats::Stats;
use gate::{Baseline, Count};
use rayon::prelude::*;

use crate::{progress, project};

#[derive(clap::Args)]
pub struct Args {
    /// Criterion's quick mode and a shorter throughput run, for CI.
    #[arg(long)]
    pub quick: bool,
    /// Only the instruction-count gate: fails, naming the game, when one costs more than 5%
    /// over the committed baseline (reports/instructions.json).
    #[arg(long)]
    pub gate: bool,
    /// With --gate: record the measured counts as the new baseline.
    #[arg(long, requires = "gate")]
    pub update_baseline: bool,
    /// Measure nothing: render bench.md again from bench.json, after a change to
    /// report-templates/bench.md.
    #[arg(long, conflicts_with_all = ["gate", "quick"])]
    pub render: bool,
    /// Where bench.md and bench.json go [default: reports/].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    #[arg(long)]
    pub quiet: bool,
}

const PROFILE: &str = "release (fat LTO, one codegen unit)";

fn baseline_path() -> PathBuf {
    project::reports().join("instructions.json")
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| project::root().join("target"))
}

fn cargo() -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(project::root());
    command
}

pub fn run(args: &Args) -> Result<(), String> {
    if args.gate {
        return run_gate(args);
    }
    let reports = args
        .reports
        .as_deref()
        .map_or_else(project::reports, project::from_cwd);
    if args.render {
        return render(&reports);
    }
    // Read before measuring, so that a bad figure stops the run before the benchmarks do.
    let anchors = anchors()?;
    let criterion_dir = target_dir().join("criterion");
    let _ = std::fs::remove_dir_all(&criterion_dir);
    let mut bench = cargo();
    bench.args([
        "bench",
        "--package",
        "benchmarks",
        "--bench",
        "engines",
        "--bench",
        "pipeline",
    ]);
    if args.quick {
        bench.args(["--", "--quick"]);
    }
    if args.quiet {
        bench.stdout(std::process::Stdio::null());
    }
    let status = bench
        .status()
        .map_err(|e| format!("cannot run cargo bench: {e}"))?;
    if !status.success() {
        return Err("cargo bench failed".into());
    }
    let timings =
        benchmarks::criterion_output::read_all(&criterion_dir).map_err(|e| e.to_string())?;
    if timings.is_empty() {
        return Err(format!(
            "no criterion results in {}",
            criterion_dir.display()
        ));
    }
    let mut benchmarks = Vec::new();
    let mut family_games = Vec::new();
    let mut pipeline = Vec::new();
    let mut blocks: BTreeMap<&str, [Option<&Timing>; 2]> = BTreeMap::new();
    for timing in &timings {
        match timing.id.split('/').collect::<Vec<_>>().as_slice() {
            ["playouts", game, preset] => {
                let ruleset = rulesets::find(game).map_err(|e| e.to_string())?;
                let mean_moves =
                    benchmarks::mean_moves(ruleset, preset).map_err(|e| e.to_string())?;
                benchmarks.push(report::row(timing, Some(mean_moves), &anchors));
            }
            ["family", family, game] => {
                let ruleset = rulesets::find(game).map_err(|e| e.to_string())?;
                let mean_moves =
                    benchmarks::family_mean_moves(ruleset).map_err(|e| e.to_string())?;
                family_games.push(report::family_game(
                    family, ruleset, timing, mean_moves, &anchors,
                ));
            }
            ["statistics", game, side @ ("bare" | "simulate")] => {
                blocks.entry(game).or_default()[usize::from(*side == "simulate")] = Some(timing);
            }
            _ => pipeline.push(report::row(timing, None, &anchors)),
        }
    }
    let mut statistics = Vec::new();
    for (game, sides) in blocks {
        let [Some(bare), Some(simulate)] = sides else {
            return Err(format!(
                "statistics/{game}: criterion measured only one of bare and simulate"
            ));
        };
        let ruleset = rulesets::find(game).map_err(|e| e.to_string())?;
        let mean_moves = benchmarks::block_mean_moves(ruleset).map_err(|e| e.to_string())?;
        statistics.push(report::statistics_row(
            game,
            bare,
            simulate,
            benchmarks::BLOCK,
            mean_moves,
            &anchors,
        ));
    }
    let scaling = scaling(if args.quick { 1000 } else { 4000 }, args.quiet)?;
    let gate = if valgrind_available() {
        let measured = measure_instructions(args.quiet)?;
        let verdicts = gate::compare(&read_baseline()?, &measured);
        Some(GateSummary {
            text: format!(
                "Instructions of each game's fixed workload (seeded Ludii-preset playouts) under valgrind, against the committed baseline; more than {:.0}% over it fails `cargo xtask bench --gate`.",
                gate::TOLERANCE * 100.0
            ),
            verdicts,
        })
    } else {
        None
    };
    let report = BenchReport {
        date: today(),
        machine: Machine::this(),
        profile: PROFILE.into(),
        quick: args.quick,
        anchors: anchors.source.clone(),
        benchmarks,
        family_text: report::family_text(&benchmarks::FAMILY_SETTINGS, benchmarks::FAMILY_CAPS),
        families: report::family_summaries(family_games, anchors.family_goal),
        statistics,
        statistics_text: report::statistics_text(benchmarks::BLOCK, anchors.goal),
        pipeline,
        scaling: Some(scaling),
        gate,
    };
    let json = serde_json::to_string_pretty(&report).expect("the report serialises") + "\n";
    let markdown = report::markdown(&report);
    std::fs::create_dir_all(&reports).map_err(|e| format!("{}: {e}", reports.display()))?;
    let files = [
        (reports.join("bench.json"), json.as_bytes()),
        (reports.join("bench.md"), markdown.as_bytes()),
    ];
    corpus::store::write_all_atomically(files.iter().map(|(p, b)| (p.clone(), *b)))
        .map_err(|e| format!("{}: {e}", reports.display()))?;
    if !args.quiet {
        eprintln!("{markdown}");
        eprintln!("written to {}", reports.display());
    }
    Ok(())
}

/// Ludii's speed and the goals, from the project's corpus.
fn anchors() -> Result<Anchors, String> {
    let mut report = Report::default();
    Anchors::load(&project::corpus(), &mut report)
        .filter(|_| !report.has_errors())
        .ok_or_else(|| format!("Ludii's speed cannot be read:\n{report}"))
}

/// bench.md again from the bench.json beside it.
fn render(reports: &Path) -> Result<(), String> {
    let path = reports.join("bench.json");
    let report: BenchReport = crate::site::read_json(&path)?
        .ok_or_else(|| format!("{}: no report to render", path.display()))?;
    corpus::store::write_all_atomically([(
        reports.join("bench.md"),
        report::markdown(&report).as_bytes(),
    )])
    .map_err(|e| format!("{}: {e}", reports.display()))
}

/// Verify's studies (every ruleset, both presets and its variants, invariants checked) on one
/// thread and on every core, with a check that the statistics do not depend on the count.
fn scaling(playouts_per_study: u64, quiet: bool) -> Result<Scaling, String> {
    let mut report = Report::default();
    let corpus = Corpus::load(&project::corpus(), &mut report);
    if report.has_errors() {
        return Err("the corpus cannot be read; run `cargo xtask check`".into());
    }
    let figures = corpus::ludii::LudiiFigures::load(&project::corpus(), &mut report);
    let measured = verify::ludii::load(&project::corpus()).ok().flatten();
    let plan = verify::studies::plan(
        &corpus,
        &figures,
        measured.as_ref(),
        verify::DEFAULT_SEED,
        playouts_per_study,
    );
    let total: u64 = plan.iter().map(|s| s.playouts).sum();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut thread_counts = vec![1];
    if cores > 1 {
        thread_counts.push(cores);
    }
    let mut runs = Vec::new();
    let mut results: Vec<Vec<Stats>> = Vec::new();
    for threads in thread_counts {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| e.to_string())?;
        let start = Instant::now();
        let stats = pool.install(|| {
            progress::track(&format!("{threads} thread(s)"), total, quiet, |done| {
                plan.iter()
                    .map(|spec| {
                        verify::studies::run(spec, 0, spec.playouts, Some(done))
                            .map_err(|e| format!("{}: {e}", spec.key))
                    })
                    .collect::<Result<Vec<Stats>, String>>()
            })
        })?;
        runs.push((threads, start.elapsed().as_secs_f64()));
        results.push(stats);
    }
    let identical = results.windows(2).all(|pair| pair[0] == pair[1]);
    let scaling = Scaling::new(plan.len(), total, &runs, identical);
    if identical {
        Ok(scaling)
    } else {
        Err(scaling.text)
    }
}

fn run_gate(args: &Args) -> Result<(), String> {
    if !valgrind_available() {
        return Err(
            "valgrind is not installed (Debian: apt-get install valgrind); .ci/run installs it"
                .into(),
        );
    }
    let measured = measure_instructions(args.quiet)?;
    if args.update_baseline {
        let baseline = Baseline {
            how: format!(
                "valgrind --tool=cachegrind --cache-sim=no on target/release/gate-playouts GAME ({PROFILE}); update with `cargo xtask bench --gate --update-baseline`"
            ),
            games: measured,
        };
        let text = serde_json::to_string_pretty(&baseline).expect("serialises") + "\n";
        corpus::store::write_atomically(&baseline_path(), text.as_bytes())
            .map_err(|e| format!("{}: {e}", baseline_path().display()))?;
        eprintln!("baseline written to {}", baseline_path().display());
        return Ok(());
    }
    let verdicts = gate::compare(&read_baseline()?, &measured);
    for v in &verdicts {
        eprintln!("{:<22} {:>14} instructions  {}", v.game, v.measured, v.note);
    }
    let failed: Vec<String> = verdicts
        .iter()
        .filter(|v| v.failed || v.baseline.is_none())
        .map(|v| format!("{}: {}", v.game, v.note))
        .collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the instruction-count gate failed:\n{}",
            failed.join("\n")
        ))
    }
}

fn read_baseline() -> Result<Baseline, String> {
    match std::fs::read_to_string(baseline_path()) {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| format!("{}:{}: {e}", baseline_path().display(), e.line())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Baseline::default()),
        Err(e) => Err(format!("{}: {e}", baseline_path().display())),
    }
}

fn valgrind_available() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Builds the gate's workload in the release profile and counts each game's instructions.
fn measure_instructions(quiet: bool) -> Result<BTreeMap<String, Count>, String> {
    let mut build = cargo();
    build.args([
        "build",
        "--release",
        "--quiet",
        "--package",
        "gate",
        "--bin",
        "gate-playouts",
    ]);
    let status = build
        .status()
        .map_err(|e| format!("cannot run cargo build: {e}"))?;
    if !status.success() {
        return Err("building gate-playouts failed".into());
    }
    let binary = target_dir().join("release/gate-playouts");
    let games: Vec<&str> = rulesets::all().iter().map(|r| r.info().slug).collect();
    // One valgrind process per game, as many at once as there are cores: a count is of one
    // process's instructions, so running them side by side changes no figure, only the wait.
    progress::track("instructions", games.len() as u64, quiet, |done| {
        games
            .par_iter()
            .map(|game| {
                let count = count_instructions(&binary, game)?;
                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Ok((game.to_string(), count))
            })
            .collect::<Result<BTreeMap<_, _>, String>>()
    })
}

fn count_instructions(binary: &Path, game: &str) -> Result<Count, String> {
    let output = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(binary)
        .arg(game)
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("valgrind on {game} failed:\n{stderr}"));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let Some((Ok(playouts), Ok(moves))) = stdout
        .split_once(' ')
        .map(|(p, m)| (p.trim().parse(), m.trim().parse()))
    else {
        return Err(format!(
            "{game}: the workload printed no playout and move counts: {stdout:?}"
        ));
    };
    let instructions = gate::parse_instructions(&stderr)
        .ok_or_else(|| format!("{game}: no instruction count in valgrind's output:\n{stderr}"))?;
    Ok(Count {
        playouts,
        moves,
        instructions,
    })
}

/// Today's UTC date.
pub fn today() -> String {
    ingest::fetch::rfc3339_now()[..10].to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn today_is_a_plausible_iso_date() {
        let today = super::today();
        assert_eq!(today.len(), 10);
        assert!(today.as_str() >= "2024-01-01", "{today}");
    }

    #[test]
    fn the_anchors_come_from_the_project_corpus() {
        let anchors = super::anchors().unwrap();
        assert_eq!(anchors.goal, 150.0);
        // Every hand-written engine has its measured range; a family game has one where
        // Ludii's own play of its description was measured (not every description was).
        for ruleset in rulesets::all() {
            let anchor = anchors.game(ruleset.info().slug);
            match ruleset.ludii_description() {
                None => assert!(anchor.is_some_and(|a| !a.family)),
                Some(_) => assert!(anchor.is_none_or(|a| a.family)),
            }
        }
        assert!(anchors.game("wore").is_some(), "Ludii played Wore");
    }
}
