//! `reports/bench.md` and `.json`: each figure with its median and spread, the machine, and
//! the ratio to Ludii's figures with where those come from.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::anchors::{self, Anchor, Anchors};
use crate::criterion_output::Timing;
use gate::Verdict;
use verify::present::MarkdownTemplates;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// The machine a report was measured on.
pub struct Machine {
    /// The CPU model.
    pub cpu: String,
    /// Cores available.
    pub cores: usize,
    /// Operating system and architecture.
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

/// A criterion timing as a rate: iterations (or the playouts in one) per second.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// Median rate.
    pub median: f64,
    /// 95% interval of the median rate.
    pub median_ci: [f64; 2],
    /// Rates at the samples' quartiles: the spread of the machine.
    pub spread: [f64; 2],
    /// Samples criterion took.
    pub samples: usize,
}

impl Rate {
    /// `per_iteration` units (playouts, runs) in each of criterion's iterations.
    pub fn new(timing: &Timing, per_iteration: f64) -> Rate {
        let per_second = |nanos: f64| per_iteration * 1e9 / nanos;
        Rate {
            median: per_second(timing.median),
            median_ci: [
                per_second(timing.median_ci[1]),
                per_second(timing.median_ci[0]),
            ],
            spread: [
                per_second(timing.quartiles[1]),
                per_second(timing.quartiles[0]),
            ],
            samples: timing.samples,
        }
    }

    fn spread_text(&self) -> String {
        format!(
            "{}–{} (quartiles of {} samples)",
            human(self.spread[0]),
            human(self.spread[1]),
            self.samples
        )
    }
}

/// One benchmark, as rates per second.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The benchmark's id.
    pub name: String,
    /// The game, for playout benchmarks.
    pub game: Option<String>,
    /// The preset, for playout benchmarks.
    pub preset: Option<String>,
    /// What one iteration is: "playouts" or "runs".
    pub unit: String,
    /// Iterations per second.
    pub rate: Rate,
    /// Mean moves of the preset's playouts.
    pub mean_moves: Option<f64>,
    /// Moves per second.
    pub moves_per_second: Option<f64>,
    /// Ludii's range, for the Ludii preset, which plays the game as Ludii does.
    pub ludii: Option<LudiiCell>,
    /// Moves per second over Ludii's fastest and slowest figure.
    pub ratio: Option<[f64; 2]>,
    /// Playouts per second over Ludii's, only where the games last as long as Ludii's.
    pub playouts_ratio: Option<[f64; 2]>,
    /// The median rate, written.
    pub median_text: String,
    /// The spread, written.
    pub spread_text: String,
    /// Moves per second, written.
    pub moves_per_second_text: String,
    /// The ratio to Ludii, written.
    pub ratio_text: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// Ludii's figures for a game, with where they come from.
pub struct LudiiCell {
    /// Ludii's figures.
    pub anchor: Anchor,
    /// Them, written.
    pub text: String,
}

/// One game's Ludii-preset playouts played bare and through `simulate`'s path, side by side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatisticsRow {
    /// The game's slug.
    pub game: String,
    /// Playouts played bare.
    pub bare: Rate,
    /// The same playouts through `simulate`.
    pub simulate: Rate,
    /// What the statistics and scheduling cost: 1 − simulate's median rate over the bare one.
    pub cost: f64,
    /// Mean moves of the block's playouts.
    pub mean_moves: f64,
    /// `simulate`'s moves per second.
    pub moves_per_second: f64,
    /// Ludii's fastest moves per second.
    pub ludii_fastest: Option<f64>,
    /// Moves per second over Ludii's fastest.
    pub times_ludii: Option<f64>,
    /// At least the goal ([`Anchors::goal`]) times Ludii's fastest figure.
    pub meets_goal: Option<bool>,
    /// The bare rate, written.
    pub bare_text: String,
    /// The `simulate` rate, written.
    pub simulate_text: String,
    /// The cost, written.
    pub cost_text: String,
    /// Moves per second, written.
    pub moves_per_second_text: String,
    /// The ratio to Ludii, written.
    pub times_ludii_text: String,
}

/// The simulations' throughput on one thread and on every core.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scaling {
    /// Studies run.
    pub studies: usize,
    /// Playouts in all.
    pub playouts: u64,
    /// One run per thread count.
    pub runs: Vec<ScalingRun>,
    /// Every study's statistics are the same on every thread count.
    pub identical: bool,
    /// The runs in a sentence.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// One thread count's run.
pub struct ScalingRun {
    /// Threads used.
    pub threads: usize,
    /// Seconds taken.
    pub seconds: f64,
    /// Playouts per second.
    pub per_second: f64,
    /// This rate over the one-thread rate.
    pub speedup: f64,
    /// Speed-up over threads.
    pub efficiency: f64,
    /// Playouts per second, written.
    pub per_second_text: String,
    /// The speed-up, written.
    pub speedup_text: String,
    /// The efficiency, written.
    pub efficiency_text: String,
}

impl Scaling {
    /// `runs` as (threads, seconds), the one-thread run first.
    pub fn new(studies: usize, playouts: u64, runs: &[(usize, f64)], identical: bool) -> Scaling {
        let one = runs.first().map_or(f64::NAN, |&(_, s)| playouts as f64 / s);
        let runs: Vec<ScalingRun> = runs
            .iter()
            .map(|&(threads, seconds)| {
                let per_second = playouts as f64 / seconds;
                let speedup = per_second / one;
                ScalingRun {
                    threads,
                    seconds,
                    per_second,
                    speedup,
                    efficiency: speedup / threads as f64,
                    per_second_text: human(per_second),
                    speedup_text: format!("{speedup:.2}"),
                    efficiency_text: format!("{:.0}%", speedup / threads as f64 * 100.0),
                }
            })
            .collect();
        let text = format!(
            "{playouts} playouts of verify's {studies} studies (invariants checked), on {}. {}",
            runs.iter()
                .map(|r| format!(
                    "{} thread{}",
                    r.threads,
                    if r.threads == 1 { "" } else { "s" }
                ))
                .collect::<Vec<_>>()
                .join(" and on "),
            if identical {
                "Every study's statistics are identical on every thread count."
            } else {
                "THE STATISTICS DIFFER between thread counts: a study's result depends on how its playouts are spread."
            }
        );
        Scaling {
            studies,
            playouts,
            runs,
            identical,
            text,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// The instruction-count gate's verdicts.
pub struct GateSummary {
    /// One verdict per game.
    pub verdicts: Vec<Verdict>,
    /// The verdicts in a sentence.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// Everything `reports/bench.json` holds.
pub struct BenchReport {
    /// UTC date of the run.
    pub date: String,
    /// The machine.
    pub machine: Machine,
    /// The cargo profile measured.
    pub profile: String,
    /// Whether criterion ran its quick mode.
    pub quick: bool,
    /// Where Ludii's figures come from.
    pub anchors: String,
    /// Random playouts of every hand-written engine and preset.
    pub benchmarks: Vec<Row>,
    /// How the family games were measured, in words.
    #[serde(default)]
    pub family_text: String,
    /// Every family's games, each on its `ludii` preset, as a distribution over the family.
    #[serde(default)]
    pub families: Vec<FamilySummary>,
    /// Each game's statistics block, bare beside `simulate`.
    pub statistics: Vec<StatisticsRow>,
    /// What the statistics table shows, in words.
    pub statistics_text: String,
    /// Ingest and site.
    pub pipeline: Vec<Row>,
    /// Thread scaling, when measured.
    pub scaling: Option<Scaling>,
    /// The gate, when run.
    pub gate: Option<GateSummary>,
}

/// One family game's playouts on its `ludii` preset, against Ludii's own play of the same
/// description.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyGame {
    /// The family, named after its engine's crate.
    pub family: String,
    /// The game's slug.
    pub game: String,
    /// The game's name.
    pub name: String,
    /// Ludii's description the game is read from.
    pub description: String,
    /// Playouts per second.
    pub rate: Rate,
    /// Mean moves of the game's playouts.
    pub mean_moves: f64,
    /// Moves per second.
    pub moves_per_second: f64,
    /// Ludii's moves per second on the same description (its mean moves over its mean time a
    /// playout); `None` where Ludii's figures have no time for it: not comparable.
    pub ludii_moves_per_second: Option<f64>,
    /// Moves per second over Ludii's.
    pub ratio: Option<f64>,
    /// At least the family goal times Ludii's.
    pub meets_goal: Option<bool>,
    /// Moves per second, written.
    pub moves_per_second_text: String,
    /// Ludii's moves per second, written, or why there are none.
    pub ludii_text: String,
    /// The ratio, written.
    pub ratio_text: String,
}

/// Count, extremes and quartiles of a figure over a family's games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// Games counted.
    pub count: usize,
    /// The least.
    pub minimum: f64,
    /// The first quartile.
    pub lower_quartile: f64,
    /// The median.
    pub median: f64,
    /// The third quartile.
    pub upper_quartile: f64,
    /// The greatest.
    pub maximum: f64,
    /// Minimum, quartiles and maximum, written.
    pub texts: [String; 5],
}

impl Distribution {
    /// The distribution of `values`, each written by `write`; `None` for no values.
    pub fn of(values: &[f64], write: impl Fn(f64) -> String) -> Option<Distribution> {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let (&minimum, &maximum) = (sorted.first()?, sorted.last()?);
        let [lower_quartile, median, upper_quartile] =
            [0.25, 0.5, 0.75].map(|q| nearest_rank(&sorted, q));
        Some(Distribution {
            count: sorted.len(),
            texts: [minimum, lower_quartile, median, upper_quartile, maximum].map(&write),
            minimum,
            lower_quartile,
            median,
            upper_quartile,
            maximum,
        })
    }
}

/// The `q` quantile of `sorted` values by nearest rank; NaN for none.
pub fn nearest_rank(sorted: &[f64], q: f64) -> f64 {
    let i = ((sorted.len().max(1) - 1) as f64 * q).round() as usize;
    sorted.get(i).copied().unwrap_or(f64::NAN)
}

/// One family's games against Ludii and the family goal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilySummary {
    /// The family.
    pub family: String,
    /// How many times Ludii's moves per second each game must reach.
    pub goal: f64,
    /// Moves per second over every measured game.
    pub moves_per_second: Option<Distribution>,
    /// Ratios to Ludii over the comparable games.
    pub ratio: Option<Distribution>,
    /// Games with Ludii's moves per second.
    pub comparable: usize,
    /// Comparable games at the goal or over it.
    pub meeting_goal: usize,
    /// Names of the comparable games under the goal, slowest first.
    pub below_goal: Vec<String>,
    /// Names of the games Ludii's figures have no speed for.
    pub not_comparable: Vec<String>,
    /// The family in a sentence.
    pub text: String,
    /// Every game, by slug.
    pub games: Vec<FamilyGame>,
}

/// A family game's row from criterion's timing of one playout, its mean length and Ludii's
/// figure for its description in `anchors`.
pub fn family_game(
    family: &str,
    ruleset: &dyn rulesets::Ruleset,
    timing: &Timing,
    mean_moves: f64,
    anchors: &Anchors,
) -> FamilyGame {
    let info = ruleset.info();
    let rate = Rate::new(timing, 1.0);
    let moves_per_second = mean_moves * rate.median;
    let anchor = anchors.game(info.slug).filter(|a| a.family);
    let ludii_moves_per_second = anchor.map(|a| a.moves_per_second[0]);
    let ratio = ludii_moves_per_second.map(|l| moves_per_second / l);
    let meets_goal = ratio.map(|r| r >= anchors.family_goal);
    FamilyGame {
        family: family.to_string(),
        game: info.slug.to_string(),
        name: info.name.to_string(),
        description: ruleset.ludii_description().unwrap_or_default().to_string(),
        moves_per_second_text: human(moves_per_second),
        ludii_text: ludii_moves_per_second.map_or_else(|| "no figure".to_string(), human),
        ratio_text: match (ratio, meets_goal) {
            (Some(r), Some(true)) => format!("{r:.0}×"),
            (Some(r), _) => format!("{r:.0}× (under the goal)"),
            _ => "not comparable".to_string(),
        },
        rate,
        mean_moves,
        moves_per_second,
        ludii_moves_per_second,
        ratio,
        meets_goal,
    }
}

/// The families of `games`, each summarised against `goal` times Ludii's moves per second,
/// in the order of their names.
pub fn family_summaries(games: Vec<FamilyGame>, goal: f64) -> Vec<FamilySummary> {
    let mut by_family: std::collections::BTreeMap<String, Vec<FamilyGame>> = Default::default();
    for game in games {
        by_family.entry(game.family.clone()).or_default().push(game);
    }
    by_family
        .into_iter()
        .map(|(family, mut games)| {
            games.sort_by(|a, b| a.game.cmp(&b.game));
            let speeds: Vec<f64> = games.iter().map(|g| g.moves_per_second).collect();
            let ratios: Vec<f64> = games.iter().filter_map(|g| g.ratio).collect();
            let mut below: Vec<&FamilyGame> = games
                .iter()
                .filter(|g| g.meets_goal == Some(false))
                .collect();
            below.sort_by(|a, b| a.ratio.unwrap_or(0.0).total_cmp(&b.ratio.unwrap_or(0.0)));
            let below_goal: Vec<String> = below.iter().map(|g| g.name.clone()).collect();
            let not_comparable: Vec<String> = games
                .iter()
                .filter(|g| g.ratio.is_none())
                .map(|g| g.name.clone())
                .collect();
            let comparable = ratios.len();
            let meeting_goal = comparable - below_goal.len();
            let text = format!(
                "{} games measured; {comparable} with Ludii's speed on the same description, of which {meeting_goal} reach the goal of {goal:.0} times Ludii's moves per second{}.",
                games.len(),
                if not_comparable.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; {} not comparable (Ludii's figures give no time for them)",
                        not_comparable.len()
                    )
                }
            );
            FamilySummary {
                goal,
                moves_per_second: Distribution::of(&speeds, human),
                ratio: Distribution::of(&ratios, |r| format!("{r:.0}×")),
                comparable,
                meeting_goal,
                below_goal,
                not_comparable,
                text,
                family,
                games,
            }
        })
        .collect()
}

/// What the family section says it measured: `settings` on `caps`.
pub fn family_text(settings: &crate::FamilySettings, caps: engine::playout::Caps) -> String {
    format!(
        "Each family game on its `ludii` preset (Ludii's description read as the family's parameters), one thread, at the caps of Ludii's figures for the descriptions (at most {} moves and no turn cap: {} turns a player, which no game reaches before the move cap), each iteration one playout of the benchmark seed. Criterion's settings are short so that a run stays reasonable as the families grow: {} samples of equal playouts (flat sampling), {} ms of warm-up and {} ms measured a game; the mean length turning playouts into moves is that of the game's first {} playouts. Ludii's moves per second are its mean moves over its mean milliseconds a playout in its figures for the same description (one run on a loaded machine, so a ratio is indicative); a game without such a figure is not comparable.",
        caps.moves,
        caps.turns_per_player,
        settings.samples,
        settings.warm_up_ms,
        settings.measurement_ms,
        settings.mean_over
    )
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

fn ratio_text(ratio: [f64; 2]) -> String {
    format!("{:.0}–{:.0}×", ratio[0], ratio[1])
}

/// A row from criterion's timing of one playout or one run; `mean_moves` turns playouts into
/// moves, and a Ludii preset's playouts are held against its game's range in `anchors`.
pub fn row(timing: &Timing, mean_moves: Option<f64>, anchors: &Anchors) -> Row {
    let parts: Vec<&str> = timing.id.split('/').collect();
    let (game, preset) = match parts.as_slice() {
        ["playouts", game, preset] => (Some(game.to_string()), Some(preset.to_string())),
        _ => (None, None),
    };
    let rate = Rate::new(timing, 1.0);
    let unit = if game.is_some() { "playouts" } else { "runs" };
    let moves_per_second = mean_moves.map(|m| m * rate.median);
    let ludii = match (&game, preset.as_deref()) {
        (Some(game), Some("ludii")) => anchors.game(game).map(|anchor| LudiiCell {
            text: format!(
                "{}–{} moves/s, {}–{} playouts/s",
                human(anchor.moves_per_second[0]),
                human(anchor.moves_per_second[1]),
                human(anchor.playouts_per_second[0]),
                human(anchor.playouts_per_second[1])
            ),
            anchor: anchor.clone(),
        }),
        _ => None,
    };
    let over = |ours: f64, theirs: [f64; 2]| [ours / theirs[1], ours / theirs[0]];
    let ratio = ludii
        .as_ref()
        .zip(moves_per_second)
        .map(|(l, ours)| over(ours, l.anchor.moves_per_second));
    let playouts_ratio = ludii
        .as_ref()
        .zip(mean_moves)
        .filter(|(l, mean)| l.anchor.same_length(*mean))
        .map(|(l, _)| over(rate.median, l.anchor.playouts_per_second));
    let ratio_text = ratio.map(|r| match playouts_ratio {
        Some(p) => format!("{} in moves, {} in playouts", ratio_text(r), ratio_text(p)),
        None => format!(
            "{} in moves (games of another length than Ludii's)",
            ratio_text(r)
        ),
    });
    Row {
        name: timing.id.clone(),
        game,
        preset,
        unit: unit.into(),
        median_text: format!("{} {unit}/s", human(rate.median)),
        spread_text: rate.spread_text(),
        moves_per_second_text: moves_per_second.map_or_else(String::new, human),
        ratio_text,
        rate,
        mean_moves,
        moves_per_second,
        ludii,
        ratio,
        playouts_ratio,
    }
}

/// A game's two timings of the same block of `block` playouts: bare and through `simulate`,
/// held against the goal of `anchors`.
pub fn statistics_row(
    game: &str,
    bare: &Timing,
    simulate: &Timing,
    block: u64,
    mean_moves: f64,
    anchors: &Anchors,
) -> StatisticsRow {
    let (bare, simulate) = (
        Rate::new(bare, block as f64),
        Rate::new(simulate, block as f64),
    );
    let cost = 1.0 - simulate.median / bare.median;
    let moves_per_second = mean_moves * simulate.median;
    let anchor = anchors.game(game);
    let ludii_fastest = anchor.map(|a| a.moves_per_second[1]);
    let times_ludii = ludii_fastest.map(|l| moves_per_second / l);
    let meets_goal = anchor
        .zip(times_ludii)
        .map(|(a, t)| t >= anchors.goal_of(a));
    StatisticsRow {
        game: game.to_string(),
        bare_text: format!("{} playouts/s", human(bare.median)),
        simulate_text: format!("{} playouts/s", human(simulate.median)),
        cost_text: format!("{:+.1}%", cost * 100.0),
        moves_per_second_text: human(moves_per_second),
        times_ludii_text: match (times_ludii, meets_goal) {
            (Some(t), Some(true)) => format!("{t:.0}× (goal met)"),
            (Some(t), _) => format!("{t:.0}× (under the goal)"),
            _ => String::new(),
        },
        bare,
        simulate,
        cost,
        mean_moves,
        moves_per_second,
        ludii_fastest,
        times_ludii,
        meets_goal,
    }
}

/// What the statistics section says it measured, `goal` times Ludii being the project's goal.
pub fn statistics_text(block: u64, goal: f64) -> String {
    format!(
        "Each iteration plays the same {block} Ludii-preset playouts (the benchmark seed, playouts 0 to {}), once bare and once through `simulate`'s path on a one-thread pool (its scheduling, statistics and merging; no invariant checks, as `cargo xtask simulate` runs by default). The cost is the difference of the medians; the goal is under 10%. `simulate`'s moves per second are held against {:.0} times Ludii's fastest figure, the goal of the project.",
        block - 1,
        goal
    )
}

#[derive(Serialize)]
struct BenchView<'a> {
    report: &'a BenchReport,
    same_length_percent: f64,
}

static TEMPLATES: LazyLock<MarkdownTemplates> = LazyLock::new(|| {
    MarkdownTemplates::new(&[(
        "bench.md",
        include_str!("../../../report-templates/bench.md"),
    )])
    .expect("the bench template parses (tested)")
});

/// `reports/bench.md`, from `report-templates/bench.md`.
pub fn markdown(report: &BenchReport) -> String {
    TEMPLATES.render(
        "bench.md",
        &BenchView {
            report,
            same_length_percent: anchors::SAME_LENGTH * 100.0,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> (BenchReport, String) {
        let read = |name: &str| {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../reports/").to_string() + name;
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        };
        let report = serde_json::from_str(&read("bench.json")).expect("bench.json is a report");
        (report, read("bench.md"))
    }

    #[test]
    fn the_committed_markdown_is_what_the_committed_json_renders() {
        let (report, committed) = shipped();
        assert!(
            markdown(&report) == committed,
            "reports/bench.md is not what report-templates/bench.md makes of reports/bench.json; \
             re-render it with `cargo xtask bench --render`"
        );
    }

    #[test]
    fn the_committed_report_was_measured_against_the_corpus_anchors() {
        let (report, _) = shipped();
        let anchors = anchors::shipped();
        assert_eq!(report.anchors, anchors.source);
        assert_eq!(
            report.statistics_text,
            statistics_text(crate::BLOCK, anchors.goal)
        );
        let compared: Vec<&LudiiCell> = report.benchmarks.iter().flat_map(|r| &r.ludii).collect();
        // Every hand-written engine has its row, and every family game its row in its family,
        // with Ludii's figure for its description where there is one.
        for engine in crate::hand_written() {
            let slug = engine.info().slug;
            assert!(
                compared.iter().any(|c| c.anchor.game == slug),
                "no Ludii row for {slug}"
            );
        }
        for cell in compared {
            assert_eq!(Some(&cell.anchor), anchors.game(&cell.anchor.game));
        }
        assert_eq!(
            report.family_text,
            family_text(&crate::FAMILY_SETTINGS, crate::FAMILY_CAPS)
        );
        for (family, ruleset) in crate::family_games() {
            let slug = ruleset.info().slug;
            let summary = report
                .families
                .iter()
                .find(|f| f.family == family)
                .unwrap_or_else(|| panic!("no {family} family in the committed report"));
            assert_eq!(summary.goal, anchors.family_goal);
            let game = summary
                .games
                .iter()
                .find(|g| g.game == slug)
                .unwrap_or_else(|| panic!("{slug} of the {family} family was not measured"));
            assert_eq!(Some(game.description.as_str()), ruleset.ludii_description());
            // JSON keeps a figure to its last digit or so: equal within a part in 10^12.
            let ludii = anchors.game(slug).map(|a| a.moves_per_second[0]);
            match (game.ludii_moves_per_second, ludii) {
                (Some(reported), Some(ludii)) => {
                    assert!((reported / ludii - 1.0).abs() < 1e-12, "{slug}: {reported}");
                }
                (reported, ludii) => assert_eq!(reported, ludii, "{slug}"),
            }
        }
    }

    #[test]
    fn machine_text_is_escaped_for_markdown_and_absent_sections_leave_no_heading() {
        let (mut report, _) = shipped();
        report.machine.cpu = "A|B <x>".into();
        report.gate = None;
        report.scaling = None;
        report.pipeline.clear();
        report.statistics.clear();
        report.families.clear();
        let text = markdown(&report);
        assert!(text.contains("on A\\|B &lt;x&gt; ("), "{text}");
        for heading in [
            "## Family",
            "## Statistics",
            "## The pipeline",
            "## Simulations",
            "## Instruction",
        ] {
            assert!(!text.contains(heading), "{heading} in {text}");
        }
        let last = format!("\nLudii's figures: {}\n\n", report.anchors);
        assert!(text.ends_with(&last), "{text}");
    }

    #[test]
    fn rows_turn_nanoseconds_into_rates_and_ratios() {
        let timing = Timing {
            id: "playouts/baqura/ludii".into(),
            median: 20_000.0,
            median_ci: [19_000.0, 21_000.0],
            quartiles: [18_000.0, 25_000.0],
            samples: 100,
        };
        let anchors = anchors::shipped();
        let row = row(&timing, Some(400.0), &anchors);
        assert_eq!(row.rate.median, 50_000.0);
        assert_eq!(row.rate.spread, [40_000.0, 1e9 / 18_000.0]);
        assert_eq!(row.moves_per_second, Some(20_000_000.0));
        // Ludii plays Baqura at 57k to 71k moves a second.
        let ratio = row.ratio.unwrap();
        assert!((ratio[0] - 20e6 / 71e3).abs() < 1e-9);
        // Its games last 525 moves on average, ours 400 here: not the same game.
        assert_eq!(row.playouts_ratio, None);
        assert_eq!(
            row.ratio_text.as_deref(),
            Some("282–351× in moves (games of another length than Ludii's)")
        );
        assert_eq!(row.median_text, "50.0k playouts/s");
        // At Ludii's length, playouts compare too: 50k over 105 to 136 playouts a second.
        let same = super::row(&timing, Some(525.0), &anchors);
        assert_eq!(
            same.ratio_text.as_deref(),
            Some("370–461× in moves, 368–476× in playouts")
        );
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
        assert!(row(&timing, None, &anchors::shipped()).ratio.is_none());
    }

    #[test]
    fn the_statistics_cost_is_read_from_the_same_block_played_both_ways() {
        let timing = |nanos: f64| Timing {
            id: String::new(),
            median: nanos,
            median_ci: [nanos, nanos],
            quartiles: [nanos, nanos],
            samples: 30,
        };
        // 256 playouts in 10 ms bare and in 11 ms through simulate.
        let anchors = anchors::shipped();
        let row = statistics_row("kioz", &timing(10e6), &timing(11e6), 256, 900.0, &anchors);
        assert_eq!(row.bare.median, 25_600.0);
        assert!((row.cost - (1.0 - 10.0 / 11.0)).abs() < 1e-12);
        assert_eq!(row.cost_text, "+9.1%");
        // 23.3k playouts/s of 900 moves: 20.9M moves/s, 235 times Ludii's 89k.
        assert_eq!(row.meets_goal, Some(true));
        assert_eq!(row.times_ludii_text, "235× (goal met)");
        let slow = statistics_row("kioz", &timing(10e6), &timing(40e6), 256, 900.0, &anchors);
        assert_eq!(slow.meets_goal, Some(false));
    }

    fn family_timing(game: &str, nanos: f64) -> Timing {
        Timing {
            id: format!("family/sowing/{game}"),
            median: nanos,
            median_ci: [nanos, nanos],
            quartiles: [nanos, nanos],
            samples: 10,
        }
    }

    #[test]
    fn a_family_game_is_held_against_ludiis_play_of_its_description() {
        let anchors = anchors::shipped();
        let wore = rulesets::find("wore").unwrap();
        // Ludii plays Wore's 52.71 moves in 0.34 ms: 155k moves/s. 10 µs a playout of 50
        // moves is 5M moves/s, 32 times Ludii's.
        let slow = family_game(
            "sowing",
            wore,
            &family_timing("wore", 10_000.0),
            50.0,
            &anchors,
        );
        assert_eq!(slow.moves_per_second, 5e6);
        let ludii = slow.ludii_moves_per_second.unwrap();
        assert!((ludii - 52.71 / 0.34 * 1000.0).abs() < 1e-6, "{ludii}");
        assert!((slow.ratio.unwrap() - 5e6 / ludii).abs() < 1e-9);
        assert_eq!(slow.meets_goal, Some(false));
        assert_eq!(slow.ratio_text, "32× (under the goal)");
        let fast = family_game(
            "sowing",
            wore,
            &family_timing("wore", 2_000.0),
            50.0,
            &anchors,
        );
        assert_eq!(fast.meets_goal, Some(true));
        assert_eq!(fast.ratio_text, "161×");
        // Ludii's figures give no time for Nchayo's playouts: not comparable.
        let nchayo = rulesets::find("nchayo").unwrap();
        let lone = family_game(
            "sowing",
            nchayo,
            &family_timing("nchayo", 1e4),
            50.0,
            &anchors,
        );
        assert_eq!((lone.ratio, lone.meets_goal), (None, None));
        assert_eq!(lone.ratio_text, "not comparable");
    }

    #[test]
    fn a_family_is_summarised_by_quartiles_and_its_games_under_the_goal() {
        let anchors = anchors::shipped();
        let game = |slug: &str, nanos: f64| {
            let ruleset = rulesets::find(slug).unwrap();
            family_game(
                "sowing",
                ruleset,
                &family_timing(slug, nanos),
                100.0,
                &anchors,
            )
        };
        let games = vec![
            game("wore", 1_000.0),
            game("wari", 8_000.0),
            game("nchayo", 2_000.0),
            game("kalah", 4_000.0),
            game("alitev", 500.0),
            game("waurie", 16_000.0),
        ];
        let summaries = family_summaries(games, anchors.family_goal);
        assert_eq!(summaries.len(), 1);
        let sowing = &summaries[0];
        assert_eq!(sowing.family, "sowing");
        let speeds = sowing.moves_per_second.as_ref().unwrap();
        // 100 moves in 0.5 to 16 µs: 6.25M to 200M moves/s, nearest-rank quartiles.
        assert_eq!(speeds.count, 6);
        assert_eq!((speeds.minimum, speeds.maximum), (6.25e6, 2e8));
        assert_eq!(
            [speeds.lower_quartile, speeds.median, speeds.upper_quartile],
            [12.5e6, 50e6, 100e6]
        );
        assert_eq!(speeds.texts[0], "6.25M");
        // Ludii's figures time Wore, Wari, Alitev and Waurie, not Nchayo nor Kalah.
        assert_eq!(sowing.comparable, 4);
        assert_eq!(sowing.ratio.as_ref().unwrap().count, 4);
        let names = |slugs: &[&str]| -> Vec<String> {
            slugs
                .iter()
                .map(|s| rulesets::find(s).unwrap().info().name.to_string())
                .collect()
        };
        assert_eq!(sowing.not_comparable, names(&["kalah", "nchayo"]));
        // Waurie (6.25M against Ludii's 283k) and Wari (12.5M against 244k) are under 100×,
        // the slower first; Wore (100M against 155k) and Alitev (200M against 81k) over it.
        assert_eq!(sowing.below_goal, names(&["waurie", "wari"]));
        assert_eq!(sowing.meeting_goal, 2);
        let order: Vec<&str> = sowing.games.iter().map(|g| g.game.as_str()).collect();
        assert_eq!(
            order,
            ["alitev", "kalah", "nchayo", "wari", "waurie", "wore"]
        );
        assert!(
            sowing
                .text
                .starts_with("6 games measured; 4 with Ludii's speed")
        );
        assert!(family_summaries(Vec::new(), 100.0).is_empty());
    }

    #[test]
    fn a_report_without_families_still_reads() {
        let (report, _) = shipped();
        let mut json = serde_json::to_value(&report).unwrap();
        let object = json.as_object_mut().unwrap();
        object.remove("families");
        object.remove("family_text");
        let read: BenchReport = serde_json::from_value(json).unwrap();
        assert!(read.families.is_empty());
        assert!(!markdown(&read).contains("## Family"));
    }

    #[test]
    fn scaling_reads_speed_up_and_efficiency_off_the_one_thread_run() {
        let scaling = Scaling::new(18, 1000, &[(1, 10.0), (2, 5.5)], true);
        assert_eq!(scaling.runs[0].speedup, 1.0);
        assert!((scaling.runs[1].speedup - 10.0 / 5.5).abs() < 1e-12);
        assert!((scaling.runs[1].efficiency - 10.0 / 11.0).abs() < 1e-12);
        assert!(scaling.text.contains("identical"));
        assert!(!Scaling::new(18, 1000, &[(1, 1.0)], false).identical);
    }
}
