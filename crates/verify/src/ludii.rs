//! Ludii's own play, measured by running Ludii, beside the studies of its encoding.
//!
//! `corpus/ludii/figures/measured.yaml` holds Ludii's figures (mean moves, completion, player 1's
//! wins, moves to the first finisher), each with the seed and the number of games behind it.
//! Every study of a `ludii` preset or of a Ludii-fault variant is compared with them; the
//! study a ruleset marks as Ludii as it plays (a variant with `plays_as_ludii`, or else the
//! plain "Ludii's encoding" study) must reproduce them within chance, or `verify` fails.

use std::collections::BTreeMap;
use std::path::Path;

use corpus::Diagnostic;
use serde::{Deserialize, Serialize};

use crate::studies::StudyResult;

/// Where the measured figures live, relative to the corpus root.
pub const FILE: &str = "ludii/figures/measured.yaml";

/// The same, from the project's root, as the reports name it.
const FILE_IN_PROJECT: &str = "corpus/ludii/figures/measured.yaml";

/// Ludii's own random play of the family games' descriptions (`corpus/ludii/figures/`), as
/// runs by engine slug: mean moves with its spread, completion and player 1's wins, each over
/// the playouts Ludii played. Only games whose Ludii study is played at the figures' caps
/// are compared with them.
pub fn family_figures(
    figures: &corpus::ludii::LudiiFigures,
    differences: &BTreeMap<String, Difference>,
) -> Measured {
    let mut games = BTreeMap::new();
    for ruleset in rulesets::all() {
        let Some(description) = ruleset.ludii_description() else {
            continue;
        };
        let Some(row) = figures.for_vendored(description) else {
            continue;
        };
        let Some(play) = &row.play else {
            continue;
        };
        let n = u64::from(row.playouts_done);
        let run = |figure, value, sd| Run {
            figure,
            seed: Some(2026),
            games: n,
            value,
            sd,
            by_rules: None,
        };
        games.insert(
            ruleset.info().slug.to_string(),
            vec![
                Run {
                    by_rules: ended_lengths(play, n, row.caps.moves),
                    ..run(Figure::MeanMoves, play.mean_moves, Some(play.sd_moves))
                },
                run(Figure::Completion, play.completion, None),
                run(Figure::Player1Wins, play.p1_win_share, None),
            ],
        );
    }
    Measured {
        ludii: "1.3.13".into(),
        measured: "2026-11-24".into(),
        how: "Ludii 1.3.13 playing each family game's description with its default options, uniform random moves, 100 playouts at seed 2026, a cap of 10,000 moves and no turn cap; the family's study of the game is played at the same caps.".into(),
        suspected: differences
            .iter()
            .filter(|(game, _)| games.contains_key(*game))
            .map(|(game, difference)| (game.clone(), difference.suspected.clone()))
            .collect(),
        games,
        source: format!(
            "{}figures.csv (10,000 moves, no turn cap)",
            crate::present::FIGURES_SOURCE
        ),
        play: LudiiPlay::Description,
    }
}

/// The two-sided normal quantile of the chance test: 99%, because some twenty figures are
/// compared at once and a 95% test would flag one by chance in most runs.
pub const Z99: f64 = 2.575_829;

/// The confidence [`Z99`] is the quantile of.
pub const CONFIDENCE: f64 = 0.99;

/// The two-sided 99% quantile of Student's t with `df` degrees of freedom (Cornish–Fisher's
/// expansion about [`Z99`], within 4% of the tables at 3 degrees, 1% from 10 up, 12% under at 2): a
/// mean of a few games, whose spread is itself estimated from them, is held to the wider
/// interval it has, not to the normal one of a large sample (a study of three games of
/// Lamosh, whose lengths spread over a thousand moves, is no evidence against Ludii's mean).
fn t99(df: f64) -> f64 {
    let z = Z99;
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * df)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df * df)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * df.powi(3))
}

/// A figure Ludii's play is measured by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Figure {
    /// Mean moves per game.
    MeanMoves,
    /// Share of games ended by the rules.
    Completion,
    #[serde(rename = "player-1-wins")]
    /// Share of games player 1 won.
    Player1Wins,
    /// Mean moves until the first player finished.
    FirstFinisherMoves,
}

impl Figure {
    /// The figure's name in the reports.
    pub fn label(self) -> &'static str {
        match self {
            Figure::MeanMoves => "mean moves",
            Figure::Completion => "completion",
            Figure::Player1Wins => "player 1 wins",
            Figure::FirstFinisherMoves => "mean moves to the first finisher",
        }
    }

    fn is_share(self) -> bool {
        matches!(self, Figure::Completion | Figure::Player1Wins)
    }
}

/// One measured run of one figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// The figure measured.
    pub figure: Figure,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Ludii's seed, when the run had one.
    pub seed: Option<u64>,
    /// Games measured.
    pub games: u64,
    /// The figure's value.
    pub value: f64,
    /// The spread of a mean, where Ludii's run published it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sd: Option<f64>,
    /// The lengths of the games the rules ended, where a mean's run tells them apart from
    /// those the move cap stopped ([`ended_lengths`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_rules: Option<Lengths>,
}

/// The lengths of some games: how many, their mean and its spread.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lengths {
    /// Games.
    pub games: u64,
    /// Mean length in moves.
    pub mean: f64,
    /// Standard deviation of the lengths.
    pub sd: f64,
}

/// The lengths of the games of `play` (of `games` games) that the rules ended, or none where
/// some games ended otherwise than by the rules or the move cap (a turn cap, an exception),
/// whose lengths are not known.
fn ended_lengths(play: &corpus::ludii::Play, games: u64, cap: u32) -> Option<Lengths> {
    if play.turn_limit > 0 || play.other_end > 0 {
        return None;
    }
    let all = Lengths {
        games,
        mean: play.mean_moves,
        sd: play.sd_moves,
    };
    without_capped(all, u64::from(play.move_limit), cap)
}

/// The lengths of `all` but `capped` games that the move cap stopped, each after exactly `cap`
/// moves: the sum and the sum of squares of the others follow from the mean and the spread of
/// all (the sum of squares is (n − 1)·sd² + n·mean²). None where fewer than two are left.
fn without_capped(all: Lengths, capped: u64, cap: u32) -> Option<Lengths> {
    let ended = all.games.checked_sub(capped).filter(|&ended| ended >= 2)?;
    let (n, k, m, cap) = (
        all.games as f64,
        capped as f64,
        ended as f64,
        f64::from(cap),
    );
    let sum = n * all.mean - k * cap;
    let squares = (n - 1.0) * all.sd * all.sd + n * all.mean * all.mean - k * cap * cap;
    let mean = sum / m;
    // The figures' rounding can leave a spread of identical lengths a hair below zero.
    let variance = ((squares - m * mean * mean) / (m - 1.0)).max(0.0);
    Some(Lengths {
        games: ended,
        mean,
        sd: variance.sqrt(),
    })
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// Ludii's version.
    pub ludii: String,
    /// When the figures were measured.
    pub measured: String,
    /// How they were measured.
    pub how: String,
    /// Runs by engine slug.
    pub games: BTreeMap<String, Vec<Run>>,
    /// What is suspected where a game's study differs from these figures, by engine slug.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub suspected: BTreeMap<String, String>,
    /// Where the figures come from, for the reports (not in the file).
    #[serde(default, skip_serializing)]
    pub source: String,
    /// Which of Ludii's plays these figures are (not in the file: known from where they are
    /// read).
    #[serde(default, skip_serializing)]
    pub play: LudiiPlay,
}

/// Which of Ludii's own plays a set of figures is: they stand beside different studies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LudiiPlay {
    /// Ludii's measured play of a game with an engine of its own, under Ludii's default caps
    /// (`measured.yaml`): beside every study of Ludii's encoding, fault variants included.
    #[default]
    Measured,
    /// Ludii's random play of a family game's description under its default options
    /// (`figures.csv`): beside the study of that encoding alone.
    Description,
}

/// Where what is suspected of the family games that differ from Ludii's play lives, relative
/// to the corpus root.
pub const DIFFERENCES_FILE: &str = "ludii/differences.yaml";

/// What is suspected where a family game's study of Ludii's encoding differs from Ludii's own
/// play of the description beyond chance, and what was checked: written by whoever looked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Difference {
    /// The parameter, ludeme or description suspected, and what was checked, in words.
    pub suspected: String,
}

/// Reads `ludii/differences.yaml` (by engine slug), if the corpus has it.
pub fn load_differences(root: &Path) -> Result<BTreeMap<String, Difference>, Diagnostic> {
    let path = root.join(DIFFERENCES_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => corpus::yaml::from_yaml(&path, &text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
        Err(e) => Err(Diagnostic::error(&path, format!("cannot read: {e}"))),
    }
}

/// Reads the measured figures, if the corpus has them.
pub fn load(root: &Path) -> Result<Option<Measured>, Diagnostic> {
    let path = root.join(FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => corpus::yaml::from_yaml(&path, &text).map(|measured: Measured| {
            Some(Measured {
                source: FILE_IN_PROJECT.to_string(),
                ..measured
            })
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Diagnostic::error(&path, format!("cannot read: {e}"))),
    }
}

/// One figure of one study beside Ludii's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Compared {
    /// The figure.
    pub figure: Figure,
    /// Our value.
    pub ours: f64,
    /// Ludii's runs pooled, weighted by their games.
    pub ludii: f64,
    /// Games Ludii's runs measured.
    pub ludii_games: u64,
    /// Ours minus Ludii's.
    pub difference: f64,
    /// The difference in standard errors of the difference.
    pub z: f64,
    /// Whether the difference is within chance (|z| below the 99% quantile).
    pub within_chance: bool,
    /// The means compared are of the games the rules ended, either side having games the
    /// move cap stopped (see [`compare_lengths`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_rules: bool,
}

/// A study compared with Ludii's play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// Where Ludii's figures come from.
    #[serde(default)]
    pub source: String,
    /// Which of Ludii's plays the study stands beside.
    #[serde(default)]
    pub play: LudiiPlay,
    /// The ruleset.
    pub ruleset: String,
    /// The game's slug.
    pub game: String,
    /// The study's label.
    pub study: String,
    /// Whether the study claims to be Ludii as it plays, and so must reproduce it.
    pub must_reproduce: bool,
    /// Each figure beside Ludii's.
    pub figures: Vec<Compared>,
    /// What is suspected where the figures differ ([`Difference`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspected: Option<String>,
}

impl Comparison {
    /// Whether every figure is within chance of Ludii's.
    pub fn reproduces(&self) -> bool {
        self.figures.iter().all(|f| f.within_chance)
    }
}

impl Measured {
    /// Whether these figures stand beside `study`: Ludii's measured play beside every study of
    /// its encoding, fault variants included; Ludii's play of a family game's description under
    /// its default options beside the study of that encoding alone, since the game's other
    /// readings (a scholar's, built on the `ludii` preset) are other games, but where the
    /// game's ruleset has a variant of the faults of Ludii's engine (`plays` names it), beside
    /// every study of the ruleset: the description as it says, as Ludii plays it and as the
    /// records read it, side by side.
    fn stands_beside(&self, study: &StudyResult, plays: &BTreeMap<String, String>) -> bool {
        match self.play {
            LudiiPlay::Description => {
                study.spec.label == crate::studies::LUDII_ENCODING
                    || plays
                        .get(&study.spec.ruleset)
                        .is_some_and(|label| label != crate::studies::LUDII_ENCODING)
            }
            LudiiPlay::Measured => is_ludii_study(study),
        }
    }
}

/// Whether a study is of Ludii's encoding: its preset, or a variant of it.
pub fn is_ludii_study(study: &StudyResult) -> bool {
    study.spec.preset == "ludii"
}

/// Every Ludii study compared with the measured figures of its game. `plays` names, per
/// ruleset, the label of the study that must reproduce Ludii's play.
pub fn compare(
    studies: &[StudyResult],
    measured: &Measured,
    plays: &BTreeMap<String, String>,
) -> Vec<Comparison> {
    let mut out = Vec::new();
    for study in studies.iter().filter(|s| measured.stands_beside(s, plays)) {
        let Some(runs) = measured.games.get(&study.spec.engine) else {
            continue;
        };
        let mut by_figure: BTreeMap<Figure, Vec<&Run>> = BTreeMap::new();
        for run in runs {
            by_figure.entry(run.figure).or_default().push(run);
        }
        let figures = by_figure
            .into_iter()
            .filter_map(|(figure, runs)| compare_figure(study, figure, &runs))
            .collect();
        out.push(Comparison {
            source: measured.source.clone(),
            play: measured.play,
            ruleset: study.spec.ruleset.clone(),
            game: study.spec.engine.clone(),
            study: study.spec.label.clone(),
            must_reproduce: plays.get(&study.spec.ruleset) == Some(&study.spec.label),
            figures,
            suspected: measured.suspected.get(&study.spec.engine).cloned(),
        });
    }
    out
}

fn compare_figure(study: &StudyResult, figure: Figure, runs: &[&Run]) -> Option<Compared> {
    let r = &study.report;
    let games: u64 = runs.iter().map(|run| run.games).sum();
    let ludii = runs
        .iter()
        .map(|run| run.value * run.games as f64)
        .sum::<f64>()
        / games as f64;
    let n = r.playouts as f64;
    if figure.is_share() {
        let ours = match figure {
            Figure::Completion => r.completion,
            _ => *r.win_share.first()?,
        };
        let (se_ours, se_ludii) = share_spreads(ours, n, ludii, games as f64);
        let z = z_of(ours - ludii, se_ours, se_ludii);
        return Some(Compared {
            figure,
            ours,
            ludii,
            ludii_games: games,
            difference: ours - ludii,
            z,
            within_chance: z.abs() <= Z99,
            by_rules: false,
        });
    }
    let duration = match figure {
        Figure::MeanMoves => r.moves.as_ref()?,
        _ => r.first_finisher_moves.as_ref()?,
    };
    if figure == Figure::MeanMoves
        && let [run] = runs
        && let Some(compared) = compare_lengths(study, run)
    {
        return Some(compared);
    }
    // Where Ludii's spread is not published, the study's own stands in for it.
    let ludii_sd = match runs {
        [run] => run.sd.unwrap_or(duration.sd),
        _ => duration.sd,
    };
    let ours = Lengths {
        games: duration.games,
        mean: duration.mean,
        sd: duration.sd,
    };
    let theirs = Lengths {
        games,
        mean: ludii,
        sd: ludii_sd,
    };
    let (z, within_chance) = means_apart(ours, theirs);
    Some(Compared {
        figure,
        ours: ours.mean,
        ludii,
        ludii_games: games,
        difference: ours.mean - ludii,
        z,
        within_chance,
        by_rules: false,
    })
}

/// The mean lengths of a study and of Ludii's run where either has games the move cap stopped:
/// such a mean mixes how often the cap is reached, a share, with how long the games the rules
/// end are, and a few games at the cap (Uril's 1 % of endless games, each adding a hundred
/// moves to a mean of a hundred games) make it a long-tailed figure the test of means, which
/// assumes no such tail, calls apart when the games themselves agree. Each part is tested as
/// what it is: the share of games the rules ended (the completion's test of two shares) and the
/// mean length of those games (Student's); the lengths agree when both do. None where neither
/// side reached the cap, or where the lengths of Ludii's games the rules ended are not known.
fn compare_lengths(study: &StudyResult, run: &Run) -> Option<Compared> {
    let r = &study.report;
    let theirs = run.by_rules?;
    let ours_all = r.moves.as_ref()?;
    let ours = r.moves_by_rules.as_ref().filter(|d| d.games >= 2)?;
    if theirs.games == run.games && ours.games == ours_all.games {
        return None;
    }
    let ours = Lengths {
        games: ours.games,
        mean: ours.mean,
        sd: ours.sd,
    };
    let (z, within_chance) = ended_apart((ours_all.games, ours), (run.games, theirs));
    Some(Compared {
        figure: Figure::MeanMoves,
        ours: ours.mean,
        ludii: theirs.mean,
        ludii_games: theirs.games,
        difference: ours.mean - theirs.mean,
        z,
        within_chance,
        by_rules: true,
    })
}

/// Two samples' games the rules ended, each as (all games, the lengths of those ended): how
/// far apart their mean lengths fall, and whether both those means and the shares of games
/// ended are within chance.
fn ended_apart(ours: (u64, Lengths), theirs: (u64, Lengths)) -> (f64, bool) {
    let (z_lengths, lengths_agree) = means_apart(ours.1, theirs.1);
    let share = |(all, ended): (u64, Lengths)| ended.games as f64 / all as f64;
    let (se_ours, se_theirs) =
        share_spreads(share(ours), ours.0 as f64, share(theirs), theirs.0 as f64);
    let z_shares = z_of(share(ours) - share(theirs), se_ours, se_theirs);
    let shares_agree = z_shares.abs() <= Z99;
    // The z shown is the one that decides: the shares' where they alone are apart.
    let z = if lengths_agree && !shares_agree {
        z_shares
    } else {
        z_lengths
    };
    (z, lengths_agree && shares_agree)
}

/// How far apart two means of lengths fall, in standard errors of their difference, and
/// whether that is within chance: Student's interval at the fewer side's degrees of freedom,
/// which Welch's never falls under, since each spread is estimated from its games.
fn means_apart(ours: Lengths, theirs: Lengths) -> (f64, bool) {
    let se = |l: Lengths| l.sd / (l.games as f64).sqrt();
    let z = z_of(ours.mean - theirs.mean, se(ours), se(theirs));
    let df = (ours.games.min(theirs.games) as f64 - 1.0).max(1.0);
    (z, z.abs() <= t99(df))
}

/// The standard errors of two shares (`ours` of `n` games, `ludii` of `m`), each taken at the
/// share both samples give together: the test of two shares asks how far apart they fall were
/// both one share, so each one's spread is taken at that share, not at its own. Taken at its own, a share near 0 or 1 from Ludii's 100 games
/// (Laquet's player 1 winning 2 of 100) has almost no spread, and a difference chance explains
/// (6.1 % of ours; 2 or fewer of 100 at 6.1 % one time in twenty) was called beyond it.
fn share_spreads(ours: f64, n: f64, ludii: f64, m: f64) -> (f64, f64) {
    let pooled = (ours * n + ludii * m) / (n + m);
    let spread = |games: f64| (pooled * (1.0 - pooled) / games).sqrt();
    (spread(n), spread(m))
}

/// A difference in standard errors of the difference, given each side's standard error.
fn z_of(difference: f64, se_ours: f64, se_ludii: f64) -> f64 {
    let se = (se_ours * se_ours + se_ludii * se_ludii).sqrt();
    if se > 0.0 {
        difference / se
    } else if difference.abs() < 1e-12 {
        0.0
    } else {
        f64::INFINITY
    }
}

/// The studies that claim to be Ludii's play and do not reproduce it, in words naming the game.
pub fn unreproduced(comparisons: &[Comparison]) -> Vec<String> {
    comparisons
        .iter()
        .filter(|c| c.must_reproduce && !c.reproduces())
        .map(|c| {
            let off: Vec<String> = c
                .figures
                .iter()
                .filter(|f| !f.within_chance)
                .map(|f| {
                    format!(
                        "{} {:.4} against Ludii's {:.4} (z = {:.1})",
                        f.figure.label(),
                        f.ours,
                        f.ludii,
                        f.z
                    )
                })
                .collect();
            format!(
                "{}: the study \"{}\" is labelled as Ludii's play but does not reproduce it: {}",
                c.game,
                c.study,
                off.join("; ")
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn differences(text: Option<&str>) -> Result<BTreeMap<String, Difference>, Diagnostic> {
        let root = tempfile::tempdir().expect("a temporary folder");
        if let Some(text) = text {
            std::fs::create_dir_all(root.path().join("ludii")).unwrap();
            std::fs::write(root.path().join(DIFFERENCES_FILE), text).unwrap();
        }
        load_differences(root.path())
    }

    /// Two shares are held apart by their spread at the share both give together: Laquet's
    /// 6.1 % of 1,200 games beside Ludii's 2 of 100 is within chance (z about 1.7), where each
    /// share's own spread called it beyond (z about 2.6); 30 % beside 2 % is still beyond.
    #[test]
    fn shares_are_compared_at_their_pooled_share() {
        let z = |ours: f64, ludii: f64| {
            let (se_ours, se_ludii) = share_spreads(ours, 1200.0, ludii, 100.0);
            z_of(ours - ludii, se_ours, se_ludii)
        };
        assert!((z(0.061, 0.02) - 1.69).abs() < 0.02, "{}", z(0.061, 0.02));
        assert!(z(0.30, 0.02) > Z99);
        assert_eq!(z(1.0, 1.0), 0.0);
    }

    /// Student's quantiles, against the tables: wide for a few games, the normal one's for
    /// many.
    #[test]
    fn the_games_the_cap_stopped_are_taken_out_of_a_mean_exactly() {
        let lengths = [90.0, 100.0, 110.0, 130.0, 10_000.0, 10_000.0];
        let n = lengths.len() as f64;
        let mean = lengths.iter().sum::<f64>() / n;
        let sd = (lengths.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        let all = Lengths { games: 6, mean, sd };
        let ended = without_capped(all, 2, 10_000).expect("four games ended");
        assert_eq!(ended.games, 4);
        assert!((ended.mean - 107.5).abs() < 1e-6, "{}", ended.mean);
        // The sample spread of 90, 100, 110 and 130: 17.078…
        assert!((ended.sd - 17.078_251).abs() < 1e-4, "{}", ended.sd);
        assert_eq!(without_capped(all, 5, 10_000), None);
    }

    #[test]
    fn lengths_with_games_at_the_cap_agree_by_their_ended_games_and_shares() {
        let lengths = |games, mean, sd| Lengths { games, mean, sd };
        // Uril: 1.3 % of the family's games endless, none of Ludii's 100; the games the rules
        // end as long in both.
        let ludii = (100, lengths(100, 114.4, 56.38));
        let (_, agree) = ended_apart((2000, lengths(1974, 113.7, 55.0)), ludii);
        assert!(agree);
        // The same ended games, with nine in ten of the family's stopped by the cap.
        let (z, agree) = ended_apart((2000, lengths(200, 113.7, 55.0)), ludii);
        assert!(!agree && z < -3.0, "{z}");
        // No game at the cap, but the ended games a third longer.
        let (z, agree) = ended_apart((2000, lengths(1974, 150.0, 55.0)), ludii);
        assert!(!agree && z > 3.0, "{z}");
    }

    #[test]
    fn a_mean_of_few_games_is_held_to_student_s_interval() {
        assert!((t99(3.0) / 5.841 - 1.0).abs() < 0.04, "{}", t99(3.0));
        for (df, table) in [(10.0, 3.169), (30.0, 2.750), (1000.0, 2.581)] {
            assert!((t99(df) / table - 1.0).abs() < 0.01, "{df}: {}", t99(df));
        }
        assert!(t99(2.0) > 8.0);
    }

    /// What is suspected is read by game; a corpus without the file has nothing suspected, and
    /// a misspelt field is an error at its line, not a silently empty note.
    #[test]
    fn suspected_differences_are_read_by_game_and_misspellings_refused() {
        let read = differences(Some("uril:\n  suspected: the end\n")).unwrap();
        assert_eq!(read["uril"].suspected, "the end");
        assert!(differences(None).unwrap().is_empty());
        let error = differences(Some("uril:\n  suspect: the end\n")).unwrap_err();
        assert!(error.file.ends_with(DIFFERENCES_FILE), "{error}");
        assert_eq!(error.line, Some(2), "{error}");
    }
}
