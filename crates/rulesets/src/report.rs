//! The figures of one study, as `cargo xtask simulate --json` prints them and as the
//! simulation reports store them.

use std::fmt::Write;

use engine::playout::Caps;
use engine::simulate::Study;
use engine::stats::{Duration, Estimate, Shape, Stats};
use serde::{Deserialize, Serialize};

use crate::OptionSet;

/// Game length: mean, median, 5th and 95th percentiles, with intervals for mean and median.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DurationReport {
    pub games: u64,
    pub mean: f64,
    pub median: u32,
    pub p5: u32,
    pub p95: u32,
    pub sd: f64,
    pub min: u32,
    pub max: u32,
    pub mean_ci: [f64; 2],
    pub median_ci: [u32; 2],
    /// The distribution in equal bins, for charts.
    pub shape: Shape,
}

impl From<Duration> for DurationReport {
    fn from(d: Duration) -> Self {
        Self {
            games: d.games,
            mean: d.mean,
            median: d.median,
            p5: d.p5,
            p95: d.p95,
            sd: d.sd,
            min: d.min,
            max: d.max,
            mean_ci: d.mean_ci,
            median_ci: d.median_ci,
            shape: d.shape,
        }
    }
}

/// 95% confidence intervals of the shares and ratios.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Intervals {
    pub completion: [f64; 2],
    pub timeouts: [f64; 2],
    pub draws: [f64; 2],
    pub win_share: Vec<[f64; 2]>,
    pub advantage_p1: [f64; 2],
    pub balance: [f64; 2],
    pub branching_factor: [f64; 2],
    pub decision_moves: [f64; 2],
}

/// One study's figures. Shares are fractions between 0 and 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyReport {
    pub game: String,
    pub preset: String,
    pub options: OptionSet,
    pub playouts: u64,
    pub seed: u64,
    pub caps: Caps,
    /// What `win_share` counts: players, or teams.
    pub sides: Vec<String>,
    pub completion: f64,
    pub timeouts: f64,
    pub draws: f64,
    pub win_share: Vec<f64>,
    pub advantage_p1: f64,
    pub balance: f64,
    pub moves: Option<DurationReport>,
    pub turns: Option<DurationReport>,
    /// Length of the games that ended by the rules.
    pub moves_by_rules: Option<DurationReport>,
    /// Moves until the first player finished (multiplayer races).
    pub first_finisher_moves: Option<DurationReport>,
    pub branching_factor: f64,
    pub decision_moves: f64,
    /// Win shares counting each win with its weight (Barjis's mars counts seven).
    pub weighted_win_share: Option<Vec<f64>>,
    /// Share of games each seat finished at each rank, for three or more players.
    pub rank_shares: Option<Vec<Vec<f64>>>,
    pub ci: Intervals,
}

impl StudyReport {
    pub fn new(
        game: &str,
        preset: &str,
        options: &OptionSet,
        study: &Study,
        stats: &Stats,
        sides: Vec<String>,
    ) -> Self {
        let s = stats.summary();
        let value = |e: &Estimate| e.value;
        Self {
            game: game.to_string(),
            preset: preset.to_string(),
            options: options.clone(),
            playouts: s.playouts,
            seed: study.seed,
            caps: study.caps,
            sides,
            completion: s.completion.value,
            timeouts: s.timeouts.value,
            draws: s.draws.value,
            win_share: s.win_share.iter().map(value).collect(),
            advantage_p1: s.advantage_p1.value,
            balance: s.balance.value,
            moves: s.moves.map(Into::into),
            turns: s.turns.map(Into::into),
            moves_by_rules: s.moves_by_rules.map(Into::into),
            first_finisher_moves: s.first_finisher_moves.map(Into::into),
            branching_factor: s.branching_factor.value,
            decision_moves: s.decision_moves.value,
            weighted_win_share: s.weighted_win_share,
            rank_shares: s.rank_shares,
            ci: Intervals {
                completion: s.completion.ci,
                timeouts: s.timeouts.ci,
                draws: s.draws.ci,
                win_share: s.win_share.iter().map(|e| e.ci).collect(),
                advantage_p1: s.advantage_p1.ci,
                balance: s.balance.ci,
                branching_factor: s.branching_factor.ci,
                decision_moves: s.decision_moves.ci,
            },
        }
    }

    /// The figures as a table for the terminal.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let pct = |v: f64| format!("{:.1}%", v * 100.0);
        let interval = |ci: [f64; 2]| format!("[{:.1}%, {:.1}%]", ci[0] * 100.0, ci[1] * 100.0);
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        writeln!(
            out,
            "{} ({} preset), {} playouts, seed {}, caps {} turns per player / {} moves",
            self.game,
            self.preset,
            self.playouts,
            self.seed,
            self.caps.turns_per_player,
            self.caps.moves
        )
        .unwrap();
        writeln!(out, "options: {}", options.join(" ")).unwrap();
        writeln!(out, "{:<22}{:>9}  95% interval", "", "value").unwrap();
        writeln!(
            out,
            "{:<22}{:>9}  {}",
            "completion",
            pct(self.completion),
            interval(self.ci.completion)
        )
        .unwrap();
        writeln!(
            out,
            "{:<22}{:>9}  {}",
            "timeouts (caps)",
            pct(self.timeouts),
            interval(self.ci.timeouts)
        )
        .unwrap();
        writeln!(
            out,
            "{:<22}{:>9}  {}",
            "draws",
            pct(self.draws),
            interval(self.ci.draws)
        )
        .unwrap();
        for ((side, share), ci) in self
            .sides
            .iter()
            .zip(&self.win_share)
            .zip(&self.ci.win_share)
        {
            writeln!(
                out,
                "{:<22}{:>9}  {}",
                format!("wins of {side}"),
                pct(*share),
                interval(*ci)
            )
            .unwrap();
        }
        writeln!(
            out,
            "{:<22}{:>9.3}  [{:.3}, {:.3}]",
            "advantage P1", self.advantage_p1, self.ci.advantage_p1[0], self.ci.advantage_p1[1]
        )
        .unwrap();
        writeln!(
            out,
            "{:<22}{:>9.3}  [{:.3}, {:.3}]",
            "balance", self.balance, self.ci.balance[0], self.ci.balance[1]
        )
        .unwrap();
        for (label, duration) in [
            ("moves", &self.moves),
            ("turns", &self.turns),
            ("moves (ended by rules)", &self.moves_by_rules),
            ("moves to first finisher", &self.first_finisher_moves),
        ] {
            if let Some(d) = duration {
                writeln!(
                    out,
                    "{label:<22}{:>9.1}  mean [{:.1}, {:.1}]; median {} [{}, {}]; 5th {} 95th {}",
                    d.mean,
                    d.mean_ci[0],
                    d.mean_ci[1],
                    d.median,
                    d.median_ci[0],
                    d.median_ci[1],
                    d.p5,
                    d.p95
                )
                .unwrap();
            }
        }
        writeln!(
            out,
            "{:<22}{:>9.3}  [{:.3}, {:.3}]",
            "branching factor",
            self.branching_factor,
            self.ci.branching_factor[0],
            self.ci.branching_factor[1]
        )
        .unwrap();
        writeln!(
            out,
            "{:<22}{:>9}  {}",
            "decision moves",
            pct(self.decision_moves),
            interval(self.ci.decision_moves)
        )
        .unwrap();
        if let Some(weighted) = &self.weighted_win_share {
            let shares: Vec<String> = weighted.iter().map(|w| pct(*w)).collect();
            writeln!(out, "{:<22}{:>9}", "weighted wins", shares.join(" ")).unwrap();
        }
        out
    }
}
