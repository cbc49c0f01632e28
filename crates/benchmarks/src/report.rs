//! `reports/bench.md` and `.json`: each figure with its median and spread, the machine, and
//! the ratio to Ludii's figures with where those come from.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use crate::anchors::{self, Anchor};
use crate::criterion_output::Timing;
use crate::gate::Verdict;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    pub cpu: String,
    pub cores: usize,
    pub os: String,
}

impl Machine {
    /// This machine: the CPU model from `/proc/cpuinfo` where there is one.
    pub fn this() -> Machine {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| {
                text.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown CPU".into());
        Machine {
            cpu,
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        }
    }
}

/// One benchmark, as rates per second.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub name: String,
    pub game: Option<String>,
    pub preset: Option<String>,
    /// What one iteration is: "playouts" or "runs".
    pub unit: String,
    pub median: f64,
    /// 95% interval of the median rate.
    pub median_ci: [f64; 2],
    /// Rates at the samples' quartiles: the spread of the machine.
    pub spread: [f64; 2],
    pub samples: usize,
    pub moves_per_second: Option<f64>,
    /// Ludii's range, for the Ludii preset, which plays the game as Ludii does.
    pub ludii: Option<LudiiCell>,
    /// This median over Ludii's fastest and slowest figure.
    pub ratio: Option<[f64; 2]>,
    pub median_text: String,
    pub spread_text: String,
    pub moves_per_second_text: String,
    pub ratio_text: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LudiiCell {
    pub anchor: Anchor,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Throughput {
    pub threads: usize,
    pub playouts: u64,
    pub seconds: f64,
    pub per_second: f64,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GateSummary {
    pub verdicts: Vec<Verdict>,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// UTC date of the run.
    pub date: String,
    pub machine: Machine,
    pub profile: String,
    pub quick: bool,
    pub anchors: String,
    pub benchmarks: Vec<Row>,
    pub throughput: Option<Throughput>,
    pub gate: Option<GateSummary>,
}

/// Numbers as people read them: 12.3k, 4.56M.
pub fn human(value: f64) -> String {
    let (scaled, suffix) = if value >= 1e6 {
        (value / 1e6, "M")
    } else if value >= 1e3 {
        (value / 1e3, "k")
    } else {
        (value, "")
    };
    if scaled >= 100.0 {
        format!("{scaled:.0}{suffix}")
    } else if scaled >= 10.0 {
        format!("{scaled:.1}{suffix}")
    } else {
        format!("{scaled:.2}{suffix}")
    }
}

/// A row from criterion's timing; `mean_moves` turns playouts into moves.
pub fn row(timing: &Timing, mean_moves: Option<f64>) -> Row {
    let parts: Vec<&str> = timing.id.split('/').collect();
    let (game, preset) = match parts.as_slice() {
        ["playouts", game, preset] => (Some(game.to_string()), Some(preset.to_string())),
        _ => (None, None),
    };
    let per_second = |nanos: f64| 1e9 / nanos;
    let median = per_second(timing.median);
    let unit = if game.is_some() { "playouts" } else { "runs" };
    let moves_per_second = mean_moves.map(|m| m * median);
    let ludii = match (&game, preset.as_deref()) {
        (Some(game), Some("ludii")) => anchors::ludii(game).map(|anchor| LudiiCell {
            text: format!(
                "{}–{} playouts/s, {}–{} moves/s",
                human(anchor.playouts_per_second[0]),
                human(anchor.playouts_per_second[1]),
                human(anchor.moves_per_second[0]),
                human(anchor.moves_per_second[1])
            ),
            anchor,
        }),
        _ => None,
    };
    let ratio = ludii.as_ref().map(|l| {
        [
            median / l.anchor.playouts_per_second[1],
            median / l.anchor.playouts_per_second[0],
        ]
    });
    Row {
        name: timing.id.clone(),
        game,
        preset,
        unit: unit.into(),
        median,
        median_ci: [
            per_second(timing.median_ci[1]),
            per_second(timing.median_ci[0]),
        ],
        spread: [
            per_second(timing.quartiles[1]),
            per_second(timing.quartiles[0]),
        ],
        samples: timing.samples,
        moves_per_second,
        median_text: format!("{} {unit}/s", human(median)),
        spread_text: format!(
            "{}–{} (quartiles of {} samples)",
            human(per_second(timing.quartiles[1])),
            human(per_second(timing.quartiles[0])),
            timing.samples
        ),
        moves_per_second_text: moves_per_second.map_or_else(String::new, human),
        ratio_text: ratio.map(|r| format!("{:.0}–{:.0}×", r[0], r[1])),
        ludii,
        ratio,
    }
}

pub fn markdown(report: &BenchReport) -> String {
    let mut out = String::new();
    writeln!(out, "# Benchmarks\n").unwrap();
    writeln!(
        out,
        "Measured {} on {} ({} cores, {}) with `cargo xtask bench{}`, {} profile. Wall-clock figures on shared machines move by 20–30%: medians with the quartiles of the samples. Regressions are gated on instruction counts, not on these.\n",
        report.date,
        report.machine.cpu,
        report.machine.cores,
        report.machine.os,
        if report.quick { " --quick" } else { "" },
        report.profile
    )
    .unwrap();
    writeln!(out, "## Random playouts, one thread, Ludii's caps\n").unwrap();
    writeln!(
        out,
        "| benchmark | median | spread | moves/s | Ludii | ratio to Ludii |\n|---|---|---|---|---|---|"
    )
    .unwrap();
    for row in &report.benchmarks {
        writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} |",
            row.name,
            row.median_text,
            row.spread_text,
            row.moves_per_second_text,
            row.ludii.as_ref().map_or("", |l| l.text.as_str()),
            row.ratio_text.as_deref().unwrap_or("")
        )
        .unwrap();
    }
    writeln!(out, "\nLudii's figures: {}\n", report.anchors).unwrap();
    if let Some(t) = &report.throughput {
        writeln!(out, "## Simulation throughput, every core\n\n{}\n", t.text).unwrap();
    }
    if let Some(gate) = &report.gate {
        writeln!(out, "## Instruction counts\n\n{}\n", gate.text).unwrap();
        writeln!(
            out,
            "| game | baseline | measured | change |\n|---|---|---|---|"
        )
        .unwrap();
        for v in &gate.verdicts {
            writeln!(
                out,
                "| {} | {} | {} | {} |",
                v.game,
                v.baseline.map_or_else(|| "–".into(), |b| b.to_string()),
                v.measured,
                v.note
            )
            .unwrap();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_turn_nanoseconds_into_rates_and_ratios() {
        let timing = Timing {
            id: "playouts/baqura/ludii".into(),
            median: 20_000.0,
            median_ci: [19_000.0, 21_000.0],
            quartiles: [18_000.0, 25_000.0],
            samples: 100,
        };
        let row = row(&timing, Some(400.0));
        assert_eq!(row.median, 50_000.0);
        assert_eq!(row.spread, [40_000.0, 1e9 / 18_000.0]);
        assert_eq!(row.moves_per_second, Some(20_000_000.0));
        // Ludii plays Baqura at 105 to 136 playouts a second.
        let ratio = row.ratio.unwrap();
        assert!((ratio[0] - 50_000.0 / 136.0).abs() < 1e-9);
        assert_eq!(row.ratio_text.as_deref(), Some("368–476×"));
        assert_eq!(row.median_text, "50.0k playouts/s");
    }

    #[test]
    fn the_dlp_preset_is_not_compared_with_ludii() {
        let timing = Timing {
            id: "playouts/tuz/dlp".into(),
            median: 1e6,
            median_ci: [1e6, 1e6],
            quartiles: [1e6, 1e6],
            samples: 10,
        };
        assert!(row(&timing, None).ratio.is_none());
    }
}
