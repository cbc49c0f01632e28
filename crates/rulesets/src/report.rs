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
    /// Games measured.
    pub games: u64,
    /// Mean length.
    pub mean: f64,
    /// Median length.
    pub median: u32,
    /// 5th percentile.
    pub p5: u32,
    /// 95th percentile.
    pub p95: u32,
    /// Standard deviation.
    pub sd: f64,
    /// Shortest game.
    pub min: u32,
    /// Longest game.
    pub max: u32,
    /// The mean's 95% interval.
    pub mean_ci: [f64; 2],
    /// The median's 95% interval.
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
    /// The game's slug.
    pub game: String,
    /// The preset the study started from.
    pub preset: String,
    /// Every option, written.
    pub options: OptionSet,
    /// Playouts run.
    pub playouts: u64,
    /// The study's seed.
    pub seed: u64,
    /// When a game is cut off.
    pub caps: Caps,
    /// What `win_share` counts: players, or teams.
    pub sides: Vec<String>,
    /// Share of games ended by the rules.
    pub completion: f64,
    /// Share of games ended by a cap.
    pub timeouts: f64,
    /// Share of games drawn.
    pub draws: f64,
    /// Share of games each side won.
    pub win_share: Vec<f64>,
    /// Player 1's score (a win 1, a draw 1/2).
    pub advantage_p1: f64,
    /// One minus the largest gap between the sides' win shares.
    pub balance: f64,
    /// Game length in moves.
    pub moves: Option<DurationReport>,
    /// Game length in turns.
    pub turns: Option<DurationReport>,
    /// Length of the games that ended by the rules.
    pub moves_by_rules: Option<DurationReport>,
    /// Moves until the first player finished (multiplayer races).
    pub first_finisher_moves: Option<DurationReport>,
    /// Mean legal moves at a decision.
    pub branching_factor: f64,
    /// Share of decisions with more than one legal move.
    pub decision_moves: f64,
    /// Win shares counting each win with its weight (Barjis's mars counts seven).
    pub weighted_win_share: Option<Vec<f64>>,
    /// Share of games each seat finished at each rank, for three or more players.
    pub rank_shares: Option<Vec<Vec<f64>>>,
    /// The figures' 95% intervals.
    pub ci: Intervals,
}

impl StudyReport {
    /// The report of a study of `game` under `options`, from its statistics.
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
