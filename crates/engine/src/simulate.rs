//! Many playouts on every core. Playout `i` of a study always uses the same seed, and the
//! statistics merge exactly, so a study gives the same figures on one thread or many, in one
//! run or in shards.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::{Game, Player};
use crate::playout::{Caps, MOVE_BUFFER, play_from};
use crate::stats::Stats;

/// The seed of the committed reports' studies, of the benchmarks and of the gate's workload:
/// one number, so that a figure in one is the same playouts as in the others.
pub const DEFAULT_SEED: u64 = 20_261_122;

/// Which playouts to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Study {
    /// The study's seed: playout `i` draws from the stream `(seed, i)`.
    pub seed: u64,
    /// Index of the first playout (a shard starts part-way).
    pub first: u64,
    /// Playouts to run from `first`.
    pub playouts: u64,
    /// When a game is cut off.
    pub caps: Caps,
    /// Check the game's invariants after every move.
    pub check_invariants: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// An invariant broke in a study's playout: where, and how to replay it.
pub struct InvariantFailure {
    /// The study's seed.
    pub seed: u64,
    /// The playout's index.
    pub playout: u64,
    /// Moves played when it broke.
    pub after_move: u32,
    /// What the game's invariant check found.
    pub message: String,
    /// The command that replays the playout move by move; the engine does not know the game's
    /// name, so the registry fills it in.
    pub replay: Option<String>,
}

impl std::fmt::Display for InvariantFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "invariant broken in playout {} (seed {}) after move {}: {}",
            self.playout, self.seed, self.after_move, self.message
        )?;
        match &self.replay {
            Some(command) => write!(f, "; replay it with `{command}`"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for InvariantFailure {}

/// Empty statistics for `G` under `options`.
pub fn empty_stats<G: Game>(options: &G::Options) -> Stats {
    let game = G::new(options);
    let side_of = (0..game.players())
        .map(|p| game.team(p as Player))
        .collect();
    Stats::new(game.players(), side_of)
}

/// Playouts per unit of parallel work: large enough to amortise scheduling, small enough to
/// balance games of very different lengths over the cores.
const CHUNK: u64 = 32;

/// Runs a study. `progress` is incremented once per finished playout.
pub fn simulate<G: Game>(
    options: &G::Options,
    study: &Study,
    progress: Option<&AtomicU64>,
) -> Result<Stats, InvariantFailure> {
    let empty = empty_stats::<G>(options);
    let beginning = G::new(options);
    let chunks = study.playouts.div_ceil(CHUNK) as usize;
    (0..chunks)
        .into_par_iter()
        .try_fold(
            || (empty.clone(), Vec::with_capacity(MOVE_BUFFER)),
            |(mut stats, mut moves), chunk| {
                let start = study.first + chunk as u64 * CHUNK;
                let end = (start + CHUNK).min(study.first + study.playouts);
                for index in start..end {
                    let playout = play_from(
                        &beginning,
                        study.seed,
                        index,
                        study.caps,
                        &mut moves,
                        study.check_invariants,
                    )
                    .map_err(|broken| InvariantFailure {
                        seed: study.seed,
                        playout: index,
                        after_move: broken.after_move,
                        message: broken.message,
                        replay: None,
                    })?;
                    stats.record(&playout);
                }
                if let Some(progress) = progress {
                    progress.fetch_add(end - start, Ordering::Relaxed);
                }
                Ok((stats, moves))
            },
        )
        .map(|part| part.map(|(stats, _)| stats))
        .try_reduce(
            || empty.clone(),
            |mut a, b| {
                a.merge(&b);
                Ok(a)
            },
        )
}
