//! Random playouts of a race game file's preset or reading at the caps of Ludii's figures
//! (`corpus/ludii/figures/`: a move cap of 10,000 and no turn cap), for comparing with Ludii's
//! own play: `cargo run -p race --example measure -- FILE ludii|dlp|READING [PLAYOUTS]
//! [key=value]…` prints the mean moves and turns, the share ended by the rules and player 1's
//! wins, each with a 95% interval.
#![allow(clippy::print_stdout)]

use engine::playout::{Caps, Ending, MOVE_BUFFER, play_from};
use engine::{Game, Options};
use race::file::GameFile;
use race::{Race, RaceParams};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, preset, rest @ ..] = args.as_slice() else {
        return Err("usage: measure FILE ludii|dlp|READING [PLAYOUTS] [key=value]…".into());
    };
    let file: GameFile = serde_saphyr::from_str(&std::fs::read_to_string(path)?)?;
    let (dlp, ludii) = file.presets()?;
    let mut params: RaceParams = match preset.as_str() {
        "ludii" => ludii,
        "dlp" => dlp,
        reading => {
            let overrides = file
                .readings()?
                .into_iter()
                .find(|(key, _)| key == reading)
                .ok_or_else(|| format!("no reading {reading:?}"))?
                .1;
            let mut params = ludii;
            for (key, value) in overrides {
                params.set(&key, &value)?;
            }
            params
        }
    };
    let mut playouts = 2000u64;
    for arg in rest {
        match arg.split_once('=') {
            Some((key, value)) => params.set(key, value)?,
            None => playouts = arg.parse()?,
        }
    }
    params.validate()?;
    let caps = Caps {
        turns_per_player: u32::MAX,
        moves: 10_000,
    };
    let mut moves = Vec::with_capacity(MOVE_BUFFER);
    let (mut sum, mut sum_sq, mut turns, mut by_rules, mut p1_wins) =
        (0f64, 0f64, 0f64, 0u64, 0u64);
    let start = Race::new(&params);
    for index in 0..playouts {
        let playout = play_from(&start, 2026, index, caps, &mut moves, false)?;
        let length = f64::from(playout.moves);
        sum += length;
        sum_sq += length * length;
        turns += f64::from(playout.turns);
        by_rules += u64::from(playout.ending == Ending::Rules);
        p1_wins += u64::from(playout.outcome.winners().any(|w| w == 0));
    }
    let n = playouts as f64;
    let mean = sum / n;
    let sd = (sum_sq / n - mean * mean).max(0.0).sqrt();
    let share = |k: u64| {
        let p = k as f64 / n;
        (p, 1.96 * (p * (1.0 - p) / n).sqrt())
    };
    let (completion, completion_ci) = share(by_rules);
    let (wins, wins_ci) = share(p1_wins);
    println!(
        "{} {preset}: {playouts} playouts: mean moves {mean:.2} ± {:.2} (sd {sd:.2}), mean turns {:.2}, completion {completion:.4} ± {completion_ci:.4}, player 1 wins {wins:.4} ± {wins_ci:.4}",
        file.slug,
        1.96 * sd / n.sqrt(),
        turns / n
    );
    Ok(())
}
