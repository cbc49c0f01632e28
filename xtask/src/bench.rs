//! `cargo xtask bench`: criterion benchmarks of every engine and of the pipeline, simulation
//! throughput on every core and the instruction counts of the gate, written to
//! `reports/bench.md` and `.json`. `cargo xtask bench --gate` is the regression gate alone.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use benchmarks::gate::{self, Baseline, Count};
use benchmarks::report::{self, BenchReport, GateSummary, Machine, Throughput};
use corpus::{Corpus, Report};

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
    let timings = benchmarks::criterion_output::read_all(&criterion_dir)?;
    if timings.is_empty() {
        return Err(format!(
            "no criterion results in {}",
            criterion_dir.display()
        ));
    }
    let mut rows = Vec::new();
    for timing in &timings {
        let parts: Vec<&str> = timing.id.split('/').collect();
        let mean_moves = match parts.as_slice() {
            ["playouts", game, preset] => Some(benchmarks::mean_moves(
                game,
                preset,
                gate::workload(game).unwrap_or(100),
            )?),
            _ => None,
        };
        rows.push(report::row(timing, mean_moves));
    }
    let throughput = throughput(if args.quick { 1000 } else { 4000 }, args.quiet)?;
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
        anchors: benchmarks::anchors::SOURCE.into(),
        benchmarks: rows,
        throughput: Some(throughput),
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

/// Playouts per second of verify's studies (every ruleset, both presets and its variants),
/// on every core.
fn throughput(playouts_per_study: u64, quiet: bool) -> Result<Throughput, String> {
    let mut report = Report::default();
    let corpus = Corpus::load(&project::corpus(), &mut report);
    if report.has_errors() {
        return Err("the corpus cannot be read; run `cargo xtask check`".into());
    }
    let plan = verify::studies::plan(&corpus, verify::DEFAULT_SEED, playouts_per_study);
    let total: u64 = plan.iter().map(|s| s.playouts).sum();
    let start = Instant::now();
    progress::track("throughput", total, quiet, |done| {
        for spec in &plan {
            verify::studies::run(spec, 0, spec.playouts, Some(done))
                .map_err(|e| format!("{}: {e:?}", spec.key))?;
        }
        Ok::<(), String>(())
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let threads = rayon::current_num_threads();
    let per_second = total as f64 / seconds;
    Ok(Throughput {
        threads,
        playouts: total,
        seconds,
        per_second,
        text: format!(
            "{} playouts of verify's {} studies ({} each, invariants checked) in {:.1} s on {threads} threads: {} playouts/s.",
            total,
            plan.len(),
            playouts_per_study,
            seconds,
            report::human(per_second)
        ),
    })
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
        "benchmarks",
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
    let games = benchmarks::games();
    progress::track("instructions", games.len() as u64, quiet, |done| {
        let mut counts = BTreeMap::new();
        for game in games {
            counts.insert(game.to_string(), count_instructions(&binary, game)?);
            done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(counts)
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
    let moves = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .map_err(|_| format!("{game}: the workload printed no move count"))?;
    let instructions = gate::parse_instructions(&stderr)
        .ok_or_else(|| format!("{game}: no instruction count in valgrind's output:\n{stderr}"))?;
    Ok(Count {
        playouts: gate::workload(game).unwrap_or(0),
        moves,
        instructions,
    })
}

/// Today's UTC date.
fn today() -> String {
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
}
