//! Ludii's speed on the seven games: the figures of the project's design notes (ANCHORS.md).

use serde::{Deserialize, Serialize};

/// Where the figures come from, printed beside every ratio.
pub const SOURCE: &str = "Ludii 1.3.13 (Java 17), one thread, 10 s warm-up and 30 s measured, uniform random moves, caps of 1250 turns per player and 10,000 moves, its own encodings of the games, on a 2-core machine of the kind the project runs on; ranges are that machine's drift over half an hour. The design notes give no date for the measurement; they were recorded in the project on 2026-11-22.";

/// Ludii's range for one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Anchor {
    pub game: String,
    pub playouts_per_second: [f64; 2],
    pub moves_per_second: [f64; 2],
}

/// The table of ANCHORS.md, by registry slug.
pub fn ludii(game: &str) -> Option<Anchor> {
    let (playouts, moves) = match game {
        "natt-klab-ash-shawk" => ([660.0, 980.0], [167e3, 225e3]),
        "barjis" => ([170.0, 230.0], [65e3, 84e3]),
        "baqura" => ([105.0, 136.0], [57e3, 71e3]),
        "kioz" => ([72.0, 98.0], [79e3, 89e3]),
        "sig-el-oued" => ([34.0, 49.0], [31e3, 44e3]),
        "tuz" => ([5.8, 9.3], [29e3, 44e3]),
        "deleb" => ([3.7, 4.8], [33e3, 38e3]),
        _ => return None,
    };
    Some(Anchor {
        game: game.to_string(),
        playouts_per_second: playouts,
        moves_per_second: moves,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_game_of_the_registry_has_an_anchor() {
        for game in crate::games() {
            let anchor = super::ludii(game).unwrap_or_else(|| panic!("no anchor for {game}"));
            assert!(anchor.playouts_per_second[0] < anchor.playouts_per_second[1]);
        }
    }
}
