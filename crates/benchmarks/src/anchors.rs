//! Ludii's speed on the seven games and the project's goals against it, read from the corpus:
//! the speed ranges and goals from `corpus/ludii/figures/speed.yaml`, Ludii's mean moves a game under
//! the same caps from `corpus/ludii/figures/measured.yaml` (the figures `verify` holds its studies to).

use std::collections::BTreeMap;
use std::path::Path;

use corpus::ludii::Speed;
use corpus::{Diagnostic, Report};
use serde::{Deserialize, Serialize};
use verify::ludii::{Figure, Measured};

/// Games whose mean length is within this share of Ludii's are the same game for a
/// comparison in playouts per second; otherwise only moves per second compare.
pub const SAME_LENGTH: f64 = 0.05;

/// Ludii's range for one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Anchor {
    /// The game's registry slug.
    pub game: String,
    /// Ludii's slowest and fastest playouts per second.
    pub playouts_per_second: [f64; 2],
    /// Ludii's slowest and fastest moves per second.
    pub moves_per_second: [f64; 2],
    /// Ludii's mean moves a game in each of its measured runs.
    pub mean_moves: Vec<f64>,
    /// Whether the game is a family's, held to the family goal ([`Anchors::family_goal`])
    /// against its one figure of Ludii's speed.
    #[serde(default)]
    pub family: bool,
}

impl Anchor {
    /// Whether a preset whose games last `mean_moves` plays games of Ludii's length.
    pub fn same_length(&self, mean_moves: f64) -> bool {
        let ludii = self.mean_moves.iter().sum::<f64>() / self.mean_moves.len() as f64;
        (mean_moves / ludii - 1.0).abs() <= SAME_LENGTH
    }
}

/// Ludii's speed on every game it was measured on, and the goals against it.
#[derive(Clone, Debug, PartialEq)]
pub struct Anchors {
    /// How Ludii's speed was measured, printed beside every ratio.
    pub source: String,
    /// How many times Ludii's fastest moves per second a game with an engine of its own must
    /// reach on one thread.
    pub goal: f64,
    /// How many times Ludii's moves per second a game a family engine plays must reach on one
    /// thread.
    pub family_goal: f64,
    games: BTreeMap<String, Anchor>,
}

impl Anchors {
    /// Reads the anchors of the corpus at `root`; every problem goes to `report`.
    pub fn load(root: &Path, report: &mut Report) -> Option<Anchors> {
        let speed = Speed::load(root, report);
        let measured = match verify::ludii::load(root) {
            Ok(Some(measured)) => Some(measured),
            Ok(None) => {
                report.push(Diagnostic::error(
                    root.join(verify::ludii::FILE),
                    "missing: Ludii's mean moves, which its speed is read with, are there",
                ));
                None
            }
            Err(diagnostic) => {
                report.push(diagnostic);
                None
            }
        };
        let figures = corpus::ludii::LudiiFigures::load(root, report);
        let mut anchors =
            Anchors::new(&speed?, &measured?, &root.join(verify::ludii::FILE), report)?;
        anchors.add_family_games(&figures);
        Some(anchors)
    }

    /// Each family game's anchor from Ludii's own play of its description
    /// (`corpus/ludii/figures/`): one measurement, so its range is a single figure; a game
    /// Ludii did not play, or whose playouts took no measurable time, has none.
    pub fn add_family_games(&mut self, figures: &corpus::ludii::LudiiFigures) {
        for ruleset in rulesets::all() {
            let Some(description) = ruleset.ludii_description() else {
                continue;
            };
            let Some(play) = figures
                .for_vendored(description)
                .and_then(|r| r.play.as_ref())
            else {
                continue;
            };
            let Some(moves) = play.moves_per_second() else {
                continue;
            };
            let slug = ruleset.info().slug.to_string();
            let playouts = 1000.0 / play.mean_ms_per_playout;
            self.games.insert(
                slug.clone(),
                Anchor {
                    game: slug,
                    playouts_per_second: [playouts, playouts],
                    moves_per_second: [moves, moves],
                    mean_moves: vec![play.mean_moves],
                    family: true,
                },
            );
        }
    }

    /// The goal a game is held to: the family goal for a family's game.
    pub fn goal_of(&self, anchor: &Anchor) -> f64 {
        if anchor.family {
            self.family_goal
        } else {
            self.goal
        }
    }

    /// The anchors of `speed`, each game with its mean moves in `measured` (read from
    /// `measured_file`); a game `measured` has no mean moves for is reported.
    pub fn new(
        speed: &Speed,
        measured: &Measured,
        measured_file: &Path,
        report: &mut Report,
    ) -> Option<Anchors> {
        let mut games = BTreeMap::new();
        let mut complete = true;
        for (game, anchor) in &speed.games {
            let mean_moves: Vec<f64> = measured
                .games
                .get(game)
                .into_iter()
                .flatten()
                .filter(|run| run.figure == Figure::MeanMoves)
                .map(|run| run.value)
                .collect();
            if mean_moves.is_empty() {
                report.push(
                    Diagnostic::error(
                        measured_file,
                        format!("no mean moves for {game}, whose speed speed.yaml gives"),
                    )
                    .field(format!("games.{game}")),
                );
                complete = false;
                continue;
            }
            games.insert(
                game.clone(),
                Anchor {
                    game: game.clone(),
                    playouts_per_second: anchor.playouts_per_second.value,
                    moves_per_second: anchor.moves_per_second.value,
                    mean_moves,
                    family: false,
                },
            );
        }
        complete.then(|| Anchors {
            source: speed.how.clone(),
            goal: *speed.goals.seven.times,
            family_goal: *speed.goals.family.times,
            games,
        })
    }

    /// Ludii's range for the game with registry slug `game`.
    pub fn game(&self, game: &str) -> Option<&Anchor> {
        self.games.get(game)
    }
}

/// The anchors of the committed corpus, for tests.
#[cfg(test)]
pub(crate) fn shipped() -> Anchors {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut report = Report::default();
    let anchors = Anchors::load(&root, &mut report);
    assert!(report.diagnostics.is_empty(), "{report}");
    anchors.expect("the shipped anchors read")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_registry_has_an_anchor() {
        let anchors = shipped();
        for ruleset in rulesets::all()
            .iter()
            .filter(|r| r.ludii_description().is_none())
        {
            let game = ruleset.info().slug;
            let anchor = anchors
                .game(game)
                .unwrap_or_else(|| panic!("no anchor for {game}"));
            assert!(anchor.playouts_per_second[0] < anchor.playouts_per_second[1]);
            assert!(anchor.moves_per_second[0] < anchor.moves_per_second[1]);
            assert_eq!(anchor.mean_moves.len(), 2, "{game}: two measured runs");
            assert_eq!(anchors.goal_of(anchor), 150.0);
        }
        // A family game Ludii played has one figure of its speed, held to the family goal.
        let wore = anchors.game("wore").expect("Ludii played Wore");
        assert!(wore.family && wore.moves_per_second[0] > 0.0);
        assert_eq!(wore.mean_moves, [52.71]);
        assert_eq!(anchors.goal_of(wore), 100.0);
        assert_eq!(anchors.goal, 150.0);
        assert_eq!(anchors.family_goal, 100.0);
    }

    #[test]
    fn a_game_without_mean_moves_is_reported_naming_it() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        let mut report = Report::default();
        let speed = Speed::load(&root, &mut report).unwrap();
        let mut measured = verify::ludii::load(&root).unwrap().unwrap();
        measured.games.remove("tuz");
        let file = Path::new("measured.yaml");
        assert!(Anchors::new(&speed, &measured, file, &mut report).is_none());
        assert_eq!(report.diagnostics.len(), 1);
        let problem = &report.diagnostics[0];
        assert_eq!(problem.file, file);
        assert_eq!(problem.field.as_deref(), Some("games.tuz"));
    }

    #[test]
    fn games_of_ludiis_length_compare_in_playouts() {
        let anchors = shipped();
        let baqura = anchors.game("baqura").unwrap();
        // Ludii's Baqura lasts 520.7 and 529.5 moves: 525.1 on average.
        assert!(baqura.same_length(525.1 * 1.049));
        assert!(!baqura.same_length(525.1 * 1.051));
    }
}
