//! Ludii's speed on the seven games: the figures of the project's design notes (ANCHORS.md).

use serde::{Deserialize, Serialize};

/// Where the figures come from, printed beside every ratio.
pub const SOURCE: &str = "Ludii 1.3.13 (Java 17), one thread, 10 s warm-up and 30 s measured, uniform random moves, caps of 1250 turns per player and 10,000 moves, its own encodings of the games, on a 2-core machine of the kind the project runs on; ranges are that machine's drift over half an hour. The design notes give no date for the measurement; they were recorded in the project on 2026-11-22.";

/// How many times Ludii's fastest moves per second `simulate` must reach on one thread.
pub const GOAL: f64 = 150.0;

/// Games whose mean length is within this share of Ludii's are the same game for a
/// comparison in playouts per second; otherwise only moves per second compare.
pub const SAME_LENGTH: f64 = 0.05;

/// Ludii's range for one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Anchor {
    /// The game, as Ludii names it.
    pub game: String,
    /// Ludii's slowest and fastest playouts per second.
    pub playouts_per_second: [f64; 2],
    /// Ludii's slowest and fastest moves per second.
    pub moves_per_second: [f64; 2],
    /// Ludii's mean moves a game in its two measured runs (ANCHORS.md, "Ludii's own play").
    pub mean_moves: [f64; 2],
}

impl Anchor {
    /// Whether a preset whose games last `mean_moves` plays games of Ludii's length.
    pub fn same_length(&self, mean_moves: f64) -> bool {
        let ludii = (self.mean_moves[0] + self.mean_moves[1]) / 2.0;
        (mean_moves / ludii - 1.0).abs() <= SAME_LENGTH
    }
}

/// The tables of ANCHORS.md, by registry slug.
pub fn ludii(game: &str) -> Option<Anchor> {
    let (playouts, moves, mean_moves) = match game {
        "natt-klab-ash-shawk" => ([660.0, 980.0], [167e3, 225e3], [230.2, 228.9]),
        "barjis" => ([170.0, 230.0], [65e3, 84e3], [365.7, 368.2]),
        "baqura" => ([105.0, 136.0], [57e3, 71e3], [520.7, 529.5]),
        "kioz" => ([72.0, 98.0], [79e3, 89e3], [905.8, 907.1]),
        "sig-el-oued" => ([34.0, 49.0], [31e3, 44e3], [896.9, 900.4]),
        "tuz" => ([5.8, 9.3], [29e3, 44e3], [4736.6, 4785.2]),
        "deleb" => ([3.7, 4.8], [33e3, 38e3], [7998.2, 8015.5]),
        _ => return None,
    };
    Some(Anchor {
        game: game.to_string(),
        playouts_per_second: playouts,
        moves_per_second: moves,
        mean_moves,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_game_of_the_registry_has_an_anchor() {
        for game in rulesets::all().iter().map(|r| r.info().slug) {
            let anchor = super::ludii(game).unwrap_or_else(|| panic!("no anchor for {game}"));
            assert!(anchor.playouts_per_second[0] < anchor.playouts_per_second[1]);
        }
    }
}
