//! Statistics of many playouts, in the terms of Ludii's metrics (completion, timeouts,
//! drawishness, balance, advantage of player 1, duration, branching factor), each with a 95%
//! confidence interval and the number of games behind it.
//!
//! The accumulator holds only integers (counts, sums, sums of squares, histograms), so
//! merging is exact and commutative: results do not depend on the number of threads, the
//! order playouts finish in, or how a study is split into shards.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::game::Player;
use crate::playout::{Ending, Playout};

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Counts of integer values (moves, turns).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram(pub BTreeMap<u32, u64>);

impl Histogram {
    /// Counts one value.
    pub fn add(&mut self, value: u32) {
        *self.0.entry(value).or_insert(0) += 1;
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &Histogram) {
        for (value, count) in &other.0 {
            *self.0.entry(*value).or_insert(0) += count;
        }
    }

    /// Values counted.
    pub fn count(&self) -> u64 {
        self.0.values().sum()
    }

    /// The value at 1-based rank `rank` in sorted order.
    fn at_rank(&self, rank: u64) -> u32 {
        let mut seen = 0;
        for (value, count) in &self.0 {
            seen += count;
            if seen >= rank {
                return *value;
            }
        }
        self.0.keys().next_back().copied().unwrap_or(0)
    }

    /// Nearest-rank quantile.
    pub fn quantile(&self, q: f64) -> u32 {
        let n = self.count();
        self.at_rank(((q * n as f64).ceil() as u64).clamp(1, n.max(1)))
    }

    /// Distribution-free 95% interval for a quantile, from the binomial distribution of ranks.
    pub fn quantile_interval(&self, q: f64) -> [u32; 2] {
        let n = self.count() as f64;
        let spread = Z95 * (n * q * (1.0 - q)).sqrt();
        let low = ((n * q - spread).floor() as u64).clamp(1, self.count().max(1));
        let high = ((n * q + spread).ceil() as u64).clamp(1, self.count().max(1));
        [self.at_rank(low), self.at_rank(high)]
    }

    /// The distribution's figures, if any value was counted.
    pub fn summary(&self) -> Option<Duration> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        let sum: u128 = self
            .0
            .iter()
            .map(|(v, c)| u128::from(*v) * u128::from(*c))
            .sum();
        let squares: u128 = self
            .0
            .iter()
            .map(|(v, c)| u128::from(*v) * u128::from(*v) * u128::from(*c))
            .sum();
        let mean = sum as f64 / n as f64;
        let variance = if n > 1 {
            (squares as f64 - sum as f64 * mean) / (n - 1) as f64
        } else {
            0.0
        };
        let sd = variance.max(0.0).sqrt();
        let half = Z95 * sd / (n as f64).sqrt();
        Some(Duration {
            games: n,
            mean: round(mean),
            mean_ci: [round(mean - half), round(mean + half)],
            sd: round(sd),
            median: self.quantile(0.5),
            median_ci: self.quantile_interval(0.5),
            p5: self.quantile(0.05),
            p95: self.quantile(0.95),
            min: self.0.keys().next().copied().unwrap_or(0),
            max: self.0.keys().next_back().copied().unwrap_or(0),
            shape: self.shape(),
        })
    }

    /// The distribution in [`SHAPE_BINS`] equal bins from the minimum to the 99th percentile,
    /// the longest games counted apart so that one outlier does not flatten the chart.
    fn shape(&self) -> Shape {
        let start = self.0.keys().next().copied().unwrap_or(0);
        let end = self.quantile(0.99).max(start);
        let width = (end - start) / SHAPE_BINS + 1;
        let mut counts = vec![0; SHAPE_BINS as usize];
        let mut beyond = 0;
        for (&value, &count) in &self.0 {
            match counts.get_mut(((value - start) / width) as usize) {
                Some(bin) if value <= end => *bin += count,
                _ => beyond += count,
            }
        }
        Shape {
            start,
            width,
            counts,
            beyond,
        }
    }
}

/// Bins of a game-length chart.
pub const SHAPE_BINS: u32 = 24;

/// A game-length distribution in equal bins: bin `i` counts values in
/// `start + i*width .. start + (i+1)*width`; `beyond` counts values above the 99th percentile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    /// The first bin's lowest value.
    pub start: u32,
    /// Values per bin.
    pub width: u32,
    /// Values in each bin.
    pub counts: Vec<u64>,
    /// Values above the 99th percentile, left out of the bins.
    pub beyond: u64,
}

/// Six decimals: enough for any share of 10^6 games, and stable in reports.
pub fn round(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
}

/// Wilson's score interval for `successes` out of `n`.
pub fn wilson(successes: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    [
        round((centre - half).max(0.0)),
        round((centre + half).min(1.0)),
    ]
}

/// Sums for the ratio of two per-game totals (legal moves per decision), whose interval
/// comes from the per-game variation (the delta method for a ratio estimator).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatioSums {
    /// Sum of the per-game numerators.
    pub numerator: u128,
    /// Sum of the per-game denominators.
    pub denominator: u128,
    /// Sum of their squares.
    pub numerator_sq: u128,
    /// Sum of their squares.
    pub denominator_sq: u128,
    /// Sum of their products.
    pub cross: u128,
    /// Games summed.
    pub games: u64,
}

impl RatioSums {
    /// Adds one game's totals.
    pub fn add(&mut self, numerator: u64, denominator: u64) {
        let (x, y) = (u128::from(numerator), u128::from(denominator));
        self.numerator += x;
        self.denominator += y;
        self.numerator_sq += x * x;
        self.denominator_sq += y * y;
        self.cross += x * y;
        self.games += 1;
    }

    /// Adds another part's sums.
    pub fn merge(&mut self, other: &RatioSums) {
        self.numerator += other.numerator;
        self.denominator += other.denominator;
        self.numerator_sq += other.numerator_sq;
        self.denominator_sq += other.denominator_sq;
        self.cross += other.cross;
        self.games += other.games;
    }

    /// The ratio of the sums, with its 95% interval.
    pub fn estimate(&self) -> Estimate {
        if self.denominator == 0 {
            return Estimate {
                value: 0.0,
                ci: [0.0, 0.0],
            };
        }
        let n = self.games as f64;
        let r = self.numerator as f64 / self.denominator as f64;
        let mean_y = self.denominator as f64 / n;
        let residual = self.numerator_sq as f64 - 2.0 * r * self.cross as f64
            + r * r * self.denominator_sq as f64;
        let variance = if self.games > 1 {
            residual.max(0.0) / (n - 1.0)
        } else {
            0.0
        };
        let half = Z95 * (variance / n).sqrt() / mean_y;
        Estimate {
            value: round(r),
            ci: [round(r - half), round(r + half)],
        }
    }
}

/// A figure and its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// Its 95% interval.
    pub ci: [f64; 2],
}

/// Game length statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Duration {
    /// Games measured.
    pub games: u64,
    /// Mean length.
    pub mean: f64,
    /// The mean's 95% interval.
    pub mean_ci: [f64; 2],
    /// Standard deviation.
    pub sd: f64,
    /// Median length.
    pub median: u32,
    /// The median's 95% interval.
    pub median_ci: [u32; 2],
    /// 5th percentile.
    pub p5: u32,
    /// 95th percentile.
    pub p95: u32,
    /// Shortest game.
    pub min: u32,
    /// Longest game.
    pub max: u32,
    /// The distribution in bins, for charts.
    pub shape: Shape,
}

/// Everything a study accumulates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Players of the game.
    pub players: usize,
    /// Side (team, or the player alone) of each seat.
    pub side_of: Vec<u8>,
    /// Playouts counted.
    pub playouts: u64,
    /// Playouts ended by the rules.
    pub by_rules: u64,
    /// Playouts ended by a cap.
    pub by_cap: u64,
    /// Playouts drawn (caps included).
    pub draws: u64,
    /// Games won by each side.
    pub wins: Vec<u64>,
    /// Games won by each side, counted with the weight the rules give a win (mars counts 7).
    pub weighted_wins: Vec<u64>,
    /// How often each seat finished at each rank (index 0 is rank 1).
    pub ranks: Vec<Vec<u64>>,
    /// Moves of every game.
    pub moves: Histogram,
    /// Turns of every game.
    pub turns: Histogram,
    /// Moves of the games that ended by the rules.
    pub moves_by_rules: Histogram,
    /// Moves until the first player finished, in games where players finish in turn.
    pub first_finish: Histogram,
    /// Legal moves per decision.
    pub branching: RatioSums,
    /// Decisions with a real choice (more than one legal move).
    pub choices: RatioSums,
}

impl Stats {
    /// Empty statistics for `players` seats on the sides `side_of`.
    pub fn new(players: usize, side_of: Vec<u8>) -> Self {
        let sides = side_of
            .iter()
            .copied()
            .max()
            .map_or(0, |m| usize::from(m) + 1);
        Self {
            players,
            side_of,
            playouts: 0,
            by_rules: 0,
            by_cap: 0,
            draws: 0,
            wins: vec![0; sides],
            weighted_wins: vec![0; sides],
            ranks: vec![vec![0; players]; players],
            moves: Histogram::default(),
            turns: Histogram::default(),
            moves_by_rules: Histogram::default(),
            first_finish: Histogram::default(),
            branching: RatioSums::default(),
            choices: RatioSums::default(),
        }
    }

    /// Sides of the game.
    pub fn sides(&self) -> usize {
        self.wins.len()
    }

    /// Counts one playout.
    pub fn record(&mut self, playout: &Playout) {
        self.playouts += 1;
        match playout.ending {
            Ending::Rules => {
                self.by_rules += 1;
                self.moves_by_rules.add(playout.moves);
            }
            Ending::Cap => self.by_cap += 1,
        }
        let outcome = &playout.outcome;
        if outcome.is_draw() {
            self.draws += 1;
        } else {
            // A side wins once however many of its seats rank first; a bit set, not a list,
            // so that recording a playout allocates nothing.
            let mut sides_won: u32 = 0;
            for winner in outcome.winners() {
                sides_won |= 1 << self.side_of[usize::from(winner)];
            }
            while sides_won != 0 {
                let side = sides_won.trailing_zeros() as usize;
                sides_won &= sides_won - 1;
                self.wins[side] += 1;
                self.weighted_wins[side] += u64::from(outcome.weight);
            }
        }
        for player in 0..self.players {
            let rank = usize::from(outcome.rank(player as Player)).clamp(1, self.players);
            self.ranks[player][rank - 1] += 1;
        }
        self.moves.add(playout.moves);
        self.turns.add(playout.turns);
        if let Some(first) = playout.first_finish {
            self.first_finish.add(first);
        }
        self.branching
            .add(playout.legal_moves, u64::from(playout.decisions));
        self.choices.add(
            u64::from(playout.real_choices),
            u64::from(playout.decisions),
        );
    }

    /// Whether the figures fit together (as read back from a file, they may not): one side
    /// per seat, a win count per side, a rank row per seat, every playout counted once.
    pub fn check_shape(&self) -> Result<(), ShapeError> {
        let sides = self
            .side_of
            .iter()
            .map(|&s| usize::from(s) + 1)
            .max()
            .unwrap_or(0);
        if self.side_of.len() != self.players {
            Err(ShapeError::Sides {
                sides: self.side_of.len(),
                players: self.players,
            })
        } else if self.wins.len() != sides || self.weighted_wins.len() != sides {
            Err(ShapeError::Wins {
                counted: self.wins.len(),
                sides,
            })
        } else if self.ranks.len() != self.players
            || self.ranks.iter().any(|row| row.len() != self.players)
        {
            Err(ShapeError::Ranks)
        } else if self.by_rules.checked_add(self.by_cap) != Some(self.playouts)
            || self.moves.count() != self.playouts
            || self.draws > self.playouts
        {
            Err(ShapeError::Counts {
                playouts: self.playouts,
                by_rules: self.by_rules,
                by_cap: self.by_cap,
                with_length: self.moves.count(),
            })
        } else {
            Ok(())
        }
    }

    /// Adds another part of the same study. Both parts are first checked to fit together.
    pub fn try_merge(&mut self, other: &Stats) -> Result<(), ShapeError> {
        self.check_shape()?;
        other.check_shape()?;
        if self.side_of != other.side_of {
            return Err(ShapeError::DifferentGames);
        }
        if self.playouts.checked_add(other.playouts).is_none() {
            return Err(ShapeError::TooMany);
        }
        self.merge(other);
        Ok(())
    }

    /// Adds another part of the same study, made by this program (see [`Stats::try_merge`]
    /// for parts read back from a file).
    pub fn merge(&mut self, other: &Stats) {
        assert_eq!(
            self.side_of, other.side_of,
            "merging studies of different games"
        );
        self.playouts += other.playouts;
        self.by_rules += other.by_rules;
        self.by_cap += other.by_cap;
        self.draws += other.draws;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.weighted_wins.iter_mut().zip(&other.weighted_wins) {
            *a += b;
        }
        for (row, other_row) in self.ranks.iter_mut().zip(&other.ranks) {
            for (a, b) in row.iter_mut().zip(other_row) {
                *a += b;
            }
        }
        self.moves.merge(&other.moves);
        self.turns.merge(&other.turns);
        self.moves_by_rules.merge(&other.moves_by_rules);
        self.first_finish.merge(&other.first_finish);
        self.branching.merge(&other.branching);
        self.choices.merge(&other.choices);
    }

    fn share(&self, count: u64) -> Estimate {
        let value = if self.playouts == 0 {
            0.0
        } else {
            round(count as f64 / self.playouts as f64)
        };
        Estimate {
            value,
            ci: wilson(count, self.playouts),
        }
    }

    /// The study's figures with their intervals.
    pub fn summary(&self) -> Summary {
        let win_share: Vec<Estimate> = self.wins.iter().map(|&w| self.share(w)).collect();
        let n = self.playouts.max(1) as f64;
        // Player 1's score: 1 for a win of its side, 1/2 for a draw.
        let first_side = usize::from(self.side_of.first().copied().unwrap_or(0));
        let wins1 = self.wins.get(first_side).copied().unwrap_or(0);
        let score = (wins1 as f64 + 0.5 * self.draws as f64) / n;
        let second_moment = (wins1 as f64 + 0.25 * self.draws as f64) / n;
        let sd = (second_moment - score * score).max(0.0).sqrt();
        let half = Z95 * sd / n.sqrt();
        let advantage_p1 = Estimate {
            value: round(score),
            ci: [
                round((score - half).max(0.0)),
                round((score + half).min(1.0)),
            ],
        };
        // Balance is 1 - (largest difference between sides' win rates); its interval is the
        // widest the win-share intervals allow.
        let highest = win_share.iter().map(|e| e.value).fold(f64::MIN, f64::max);
        let lowest = win_share.iter().map(|e| e.value).fold(f64::MAX, f64::min);
        let top_hi = win_share.iter().map(|e| e.ci[1]).fold(f64::MIN, f64::max);
        let bottom_lo = win_share.iter().map(|e| e.ci[0]).fold(f64::MAX, f64::min);
        let top_lo = win_share.iter().map(|e| e.ci[0]).fold(f64::MIN, f64::max);
        let bottom_hi = win_share.iter().map(|e| e.ci[1]).fold(f64::MAX, f64::min);
        let balance = if win_share.is_empty() {
            Estimate {
                value: 1.0,
                ci: [1.0, 1.0],
            }
        } else {
            Estimate {
                value: round(1.0 - (highest - lowest)),
                ci: [
                    round((1.0 - (top_hi - bottom_lo)).clamp(0.0, 1.0)),
                    round((1.0 - (top_lo - bottom_hi).max(0.0)).clamp(0.0, 1.0)),
                ],
            }
        };
        let weighted_total: u64 = self.weighted_wins.iter().sum();
        Summary {
            playouts: self.playouts,
            completion: self.share(self.by_rules),
            timeouts: self.share(self.by_cap),
            draws: self.share(self.draws),
            win_share,
            weighted_win_share: if self.weighted_wins == self.wins || weighted_total == 0 {
                None
            } else {
                Some(
                    self.weighted_wins
                        .iter()
                        .map(|&w| round(w as f64 / weighted_total as f64))
                        .collect(),
                )
            },
            rank_shares: if self.players > 2 {
                Some(
                    self.ranks
                        .iter()
                        .map(|row| row.iter().map(|&c| round(c as f64 / n)).collect())
                        .collect(),
                )
            } else {
                None
            },
            advantage_p1,
            balance,
            moves: self.moves.summary(),
            turns: self.turns.summary(),
            moves_by_rules: self.moves_by_rules.summary(),
            first_finisher_moves: self.first_finish.summary(),
            branching_factor: self.branching.estimate(),
            decision_moves: self.choices.estimate(),
        }
    }
}

/// The figures of a study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Playouts counted.
    pub playouts: u64,
    /// Share of games ended by the rules.
    pub completion: Estimate,
    /// Share of games ended by a cap.
    pub timeouts: Estimate,
    /// Share of games drawn (caps included).
    pub draws: Estimate,
    /// Share of games each side won.
    pub win_share: Vec<Estimate>,
    /// Wins counted with their weight (mars), as shares of all weighted wins.
    pub weighted_win_share: Option<Vec<f64>>,
    /// Share of games in which each seat finished at each rank (three or more players).
    pub rank_shares: Option<Vec<Vec<f64>>>,
    /// Player 1's score (a win 1, a draw 1/2) above 1/2.
    pub advantage_p1: Estimate,
    /// One minus the largest gap between the sides' win shares.
    pub balance: Estimate,
    /// Game length in moves.
    pub moves: Option<Duration>,
    /// Game length in turns.
    pub turns: Option<Duration>,
    /// Length in moves of the games ended by the rules.
    pub moves_by_rules: Option<Duration>,
    /// Moves until the first player finished.
    pub first_finisher_moves: Option<Duration>,
    /// Mean number of legal moves at a decision.
    pub branching_factor: Estimate,
    /// Share of decisions with more than one legal move.
    pub decision_moves: Estimate,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_quantiles() {
        let mut h = Histogram::default();
        for v in 1..=100 {
            h.add(v);
        }
        assert_eq!(
            (h.quantile(0.5), h.quantile(0.05), h.quantile(0.95)),
            (50, 5, 95)
        );
        let [low, high] = h.quantile_interval(0.5);
        assert!(
            low < 50 && high > 50 && low >= 39 && high <= 61,
            "{low}..{high}"
        );
        let d = h.summary().unwrap();
        assert_eq!((d.mean, d.min, d.max), (50.5, 1, 100));
        // 1..=99 in 24 bins of 5; 100 lies beyond the 99th percentile.
        assert_eq!((d.shape.start, d.shape.width, d.shape.beyond), (1, 5, 1));
        assert_eq!(d.shape.counts.iter().sum::<u64>(), 99);
        assert_eq!(d.shape.counts[..4], [5, 5, 5, 5]);
        assert_eq!(d.shape.counts[19..], [4, 0, 0, 0, 0]);
    }

    #[test]
    fn wilson_interval_contains_the_share_and_stays_in_bounds() {
        assert_eq!(wilson(0, 10)[0], 0.0);
        assert_eq!(wilson(10, 10)[1], 1.0);
        let [low, high] = wilson(5000, 10_000);
        assert!(
            (0.4901..0.4903).contains(&low) && (0.5097..0.5099).contains(&high),
            "{low} {high}"
        );
    }

    #[test]
    fn ratio_of_constant_ratios_has_no_spread() {
        let mut sums = RatioSums::default();
        for d in 1..50 {
            sums.add(3 * d, d);
        }
        let e = sums.estimate();
        assert_eq!(e.value, 3.0);
        assert_eq!(e.ci, [3.0, 3.0]);
    }
}

/// Why statistics read back from a file cannot be used: their figures do not fit together,
/// or two parts are not of the same study.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The seats' sides are not one per player.
    #[error("{sides} sides for {players} players")]
    Sides {
        /// Seats with a side.
        sides: usize,
        /// Players of the study.
        players: usize,
    },
    /// The win counts are not one per side.
    #[error("win counts for {counted} sides, expected {sides}")]
    Wins {
        /// Sides with a win count.
        counted: usize,
        /// Sides of the game.
        sides: usize,
    },
    /// The rank table is not a row of every rank per player.
    #[error("the ranks are not a row of every rank per player")]
    Ranks,
    /// Playouts are not each counted once as ended by the rules or by a cap, with a length.
    #[error(
        "{playouts} playouts, but {by_rules} ended by the rules, {by_cap} by a cap and {with_length} have a length"
    )]
    Counts {
        /// Playouts counted.
        playouts: u64,
        /// Playouts ended by the rules.
        by_rules: u64,
        /// Playouts ended by a cap.
        by_cap: u64,
        /// Playouts whose length is counted.
        with_length: u64,
    },
    /// Two parts seat their players on different sides.
    #[error("the parts are studies of different games")]
    DifferentGames,
    /// The parts together count more playouts than a `u64` holds.
    #[error("too many playouts to count")]
    TooMany,
}
