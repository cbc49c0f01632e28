//! Consistency simulations: for every executable ruleset, the record's reading and Ludii's
//! encoding side by side (and any variants the ruleset file asks for), with enough seeded
//! playouts that win shares are known to ±1% at 95% confidence, invariants checked throughout,
//! and the flags reconstruction work treats as suspect.

use std::sync::atomic::AtomicU64;

use corpus::Corpus;
use corpus::model::LUDII_PLAYS;
use engine::playout::Caps;
use engine::rng::mix;
use engine::simulate::{InvariantFailure, Study};
use engine::stats::{Stats, Z95};
use rulesets::{OptionSet, Resolved, StudyReport};
use serde::{Deserialize, Serialize};

/// Playouts for a share known to ±1% at 95% confidence in the worst case (a share of 1/2):
/// z² p(1 - p) / 0.01².
pub fn playouts_for_one_percent() -> u64 {
    (Z95 * Z95 * 0.25 / (0.01 * 0.01)).ceil() as u64
}

/// One study of the plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudySpec {
    /// `<ruleset>/<label>`: stable, used to match shards.
    pub key: String,
    /// The ruleset studied.
    pub ruleset: String,
    /// Its engine.
    pub engine: String,
    /// The study's label in the reports.
    pub label: String,
    /// What the study shows.
    pub why: String,
    /// The preset it starts from.
    pub preset: String,
    /// Options it sets beyond the preset.
    pub options: OptionSet,
    /// The seed of its playouts.
    pub seed: u64,
    /// Playouts to run.
    pub playouts: u64,
    /// When a playout is cut off: Ludii's caps, or for a family game the caps of Ludii's
    /// figures for its description, so that the two compare like with like.
    #[serde(default = "ludii_caps")]
    pub caps: Caps,
}

fn ludii_caps() -> Caps {
    Caps::LUDII
}

/// The caps of Ludii's figures for the families' descriptions
/// (`corpus/ludii/figures/`): 10,000 moves and no turn cap, which no game reaches before the
/// move cap at this many.
pub const FIGURES_CAPS: Caps = Caps {
    turns_per_player: 1_000_000,
    moves: 10_000,
};

/// Every study of the corpus, in a stable order. `figures` (Ludii's own play of the families'
/// descriptions) sets how many games a family game's study of Ludii's encoding plays.
pub fn plan(
    corpus: &Corpus,
    figures: &corpus::ludii::LudiiFigures,
    measured: Option<&crate::ludii::Measured>,
    seed: u64,
    playouts: u64,
) -> Vec<StudySpec> {
    let mut specs = Vec::new();
    for (id, file) in &corpus.rulesets {
        let Ok(engine) = rulesets::find(&file.engine) else {
            continue;
        };
        // A family game's ruleset is Ludii's description read by the translator: its study is
        // of Ludii's encoding, at the caps of Ludii's figures for that description.
        let family = engine.ludii_description();
        let study_playouts = if family.is_some() {
            family_playouts(playouts)
        } else {
            playouts
        };
        // A reading of Ludii's alone, for a game with an engine of its own: its study and the
        // variants of Ludii's faults, compared with Ludii's measured runs.
        let measured_playouts = ludii_measured_playouts(
            playouts,
            measured.and_then(|m| measured_mean_moves(m, engine.info().slug)),
        );
        let ludii_playouts = family.map_or(measured_playouts, |description| {
            ludii_study_playouts(playouts, ludii_mean_moves(figures, description))
        });
        let caps = if family.is_some() {
            FIGURES_CAPS
        } else {
            Caps::LUDII
        };
        let ludii_why = match family {
            Some(description) => format!(
                "The game as Ludii's description {description} encodes it, read as the {} family's parameters, at the caps of Ludii's own figures for it (10,000 moves, no turn cap).",
                engine.family().unwrap_or("its")
            ),
            None => "The game as Ludii 1.3.13 encodes it, less the faults the ruleset simulates separately as variants, for comparison with Ludii's own figures.".into(),
        };
        let mut wanted: Vec<(String, String, String, OptionSet, u64)> = match family {
            Some(_) if file.preset == "ludii" => vec![(
                LUDII_ENCODING.into(),
                ludii_why.clone(),
                "ludii".into(),
                file.options.value.clone(),
                ludii_playouts,
            )],
            _ => vec![(
                format!("the record's reading ({} preset)", file.preset),
                if family.is_some() {
                    "The ruleset as the corpus links it to its records: Ludii's description with the values the records' Rules texts give clause by clause (their coverage files), at the caps of Ludii's own figures for it."
                } else {
                    "The ruleset as the corpus links it to its records."
                }
                .into(),
                file.preset.value.clone(),
                file.options.value.clone(),
                study_playouts,
            )],
        };
        if file.preset != "ludii" {
            wanted.push((
                LUDII_ENCODING.into(),
                ludii_why,
                "ludii".into(),
                OptionSet::new(),
                ludii_playouts,
            ));
            if let Some((overrides, changed)) =
                at_ludii_settings(engine, &file.preset, &file.options)
            {
                wanted.push((
                    AT_LUDII_SETTINGS.into(),
                    format!("The record's reading under the settings of Ludii's encoding ({}), so that its lengths and first-player scores compare with Ludii's like with like.", changed.join(", ")),
                    file.preset.value.clone(),
                    overrides,
                    study_playouts,
                ));
            }
        }
        for variant in &file.variants {
            wanted.push((
                variant.label.clone(),
                variant.why.clone(),
                variant.preset.clone(),
                variant.options.clone(),
                if variant.screen {
                    screen_playouts(study_playouts)
                } else if family.is_none() && variant.preset == "ludii" {
                    measured_playouts
                } else if variant.plays_as_ludii {
                    // A family game as Ludii plays it, faults included: compared with Ludii's
                    // figures as the study of its encoding is.
                    ludii_playouts
                } else {
                    study_playouts
                },
            ));
        }
        for (label, why, preset, overrides, playouts) in wanted {
            let Ok(options) = engine.resolve(&preset, &overrides) else {
                continue;
            };
            let key = format!("{id}/{}", corpus::text::slugify(&label));
            let study_seed = study_seed(seed, &key);
            specs.push(StudySpec {
                key,
                ruleset: id.clone(),
                engine: engine.info().slug.to_string(),
                label,
                why,
                preset,
                options: options.options().clone(),
                seed: study_seed,
                playouts,
                caps,
            });
        }
    }
    // A family game no record links is still studied beside Ludii's play of its description.
    let linked: std::collections::BTreeSet<&str> = corpus
        .rulesets
        .values()
        .map(|r| r.engine.as_str())
        .collect();
    for engine in rulesets::all() {
        let (Some(description), slug) = (engine.ludii_description(), engine.info().slug) else {
            continue;
        };
        if linked.contains(slug) {
            continue;
        }
        let Ok(options) = engine.resolve("ludii", &OptionSet::new()) else {
            continue;
        };
        let key = format!("{slug}/{}", corpus::text::slugify(LUDII_ENCODING));
        specs.push(StudySpec {
            seed: study_seed(seed, &key),
            key,
            ruleset: slug.to_string(),
            engine: slug.to_string(),
            label: LUDII_ENCODING.into(),
            why: format!("The game as Ludii's description {description} encodes it, read as the {} family's parameters, at the caps of Ludii's own figures for it (10,000 moves, no turn cap); no record of the corpus links it.", engine.family().unwrap_or("its")),
            preset: "ludii".into(),
            options: options.options().clone(),
            playouts: ludii_study_playouts(playouts, ludii_mean_moves(figures, description)),
            caps: FIGURES_CAPS,
        });
        // Where Ludii's engine plays the description otherwise than it says, the game as
        // Ludii plays it too: the study that must reproduce Ludii's figures.
        let Some(faults) = engine.ludii_faults() else {
            continue;
        };
        let Ok(options) = engine.resolve("ludii", faults) else {
            continue;
        };
        let key = format!("{slug}/{}", corpus::text::slugify(LUDII_PLAYS));
        specs.push(StudySpec {
            seed: study_seed(seed, &key),
            key,
            ruleset: slug.to_string(),
            engine: slug.to_string(),
            label: LUDII_PLAYS.into(),
            why: format!("The game as Ludii 1.3.13 plays its description {description}, with the faults of its engine the game file keeps as values of the {} family's parameters ({}), at the caps of Ludii's own figures for it; it must reproduce them. No record of the corpus links it.", engine.family().unwrap_or("its"), faults.iter().map(|(key, value)| format!("{key}={value}")).collect::<Vec<_>>().join(", ")),
            preset: "ludii".into(),
            options: options.options().clone(),
            playouts: ludii_study_playouts(playouts, ludii_mean_moves(figures, description)),
            caps: FIGURES_CAPS,
        });
    }
    specs
}

/// Playouts of a study of a family game's Ludii reading: a quarter of the others' (win shares
/// known to about ±2% at 95% confidence, which the report's intervals state), since Ludii's
/// own figures it is compared with rest on 100 games and the family has many games.
pub fn family_playouts(playouts: u64) -> u64 {
    quarter(playouts)
}

/// Moves a family game's study of Ludii's encoding may play: a game Ludii plays to the move cap
/// would otherwise cost as much as a hundred short ones, for figures compared with Ludii's 100
/// playouts.
pub const LUDII_STUDY_MOVES: u64 = 4_000_000;

/// The fewest games such a study plays however long they are: four times Ludii's 100, so that
/// the study's own error is half Ludii's and the comparison rests on Ludii's.
pub const LUDII_STUDY_LEAST_PLAYOUTS: u64 = 400;

/// The most games a family game's study of Ludii's encoding plays: an eighth of a reading's
/// (1,200 at the default, win shares known to about ±3% at 95% confidence). It is compared
/// only with Ludii's 100 games, whose own ±10% the comparison rests on: twice the games here
/// would narrow the interval of the difference by 1%, and cost a tenth of `cargo xtask all`.
pub fn ludii_encoding_playouts(playouts: u64) -> u64 {
    (playouts / 8).max(1)
}

/// Playouts of a family game's study of Ludii's encoding (a reading of Ludii's alone, compared
/// only with Ludii's figures): [`ludii_encoding_playouts`], or fewer where Ludii's games run so
/// long that [`LUDII_STUDY_MOVES`] buys fewer, but never under [`LUDII_STUDY_LEAST_PLAYOUTS`].
/// The report states each study's games and intervals.
pub fn ludii_study_playouts(playouts: u64, ludii_mean_moves: Option<f64>) -> u64 {
    let most = ludii_encoding_playouts(playouts);
    match ludii_mean_moves {
        Some(mean) if mean >= 1.0 => {
            let bought = (LUDII_STUDY_MOVES as f64 / mean).floor() as u64;
            most.min(bought.max(LUDII_STUDY_LEAST_PLAYOUTS))
        }
        _ => most,
    }
}

/// Moves a study of Ludii's own play of a game with an engine of its own (its `ludii` preset,
/// and the variants of Ludii's faults) may play, at the mean length of Ludii's measured runs
/// (`corpus/ludii/figures/measured.yaml`): Dèleb's Ludii plays about 8,000 moves a game, and
/// its 9,604 games were a sixth of `cargo xtask verify`.
pub const LUDII_MEASURED_STUDY_MOVES: u64 = 16_000_000;

/// The fewest games such a study plays however long they are: three times each of Ludii's
/// measured runs of 1,000 games, so that the comparison rests on Ludii's figures.
pub const LUDII_MEASURED_LEAST_PLAYOUTS: u64 = 3_000;

/// Playouts of a study of Ludii's own play of a game with an engine of its own: all of a
/// reading's, or fewer where Ludii's measured games run so long that
/// [`LUDII_MEASURED_STUDY_MOVES`] buys fewer, but never under
/// [`LUDII_MEASURED_LEAST_PLAYOUTS`]. The report states each study's games and intervals.
pub fn ludii_measured_playouts(playouts: u64, measured_mean_moves: Option<f64>) -> u64 {
    match measured_mean_moves {
        Some(mean) if mean >= 1.0 => {
            let bought = (LUDII_MEASURED_STUDY_MOVES as f64 / mean).floor() as u64;
            playouts.min(bought.max(LUDII_MEASURED_LEAST_PLAYOUTS))
        }
        _ => playouts,
    }
}

/// The mean moves of Ludii's measured runs of the game `slug`, pooled by their games.
fn measured_mean_moves(measured: &crate::ludii::Measured, slug: &str) -> Option<f64> {
    let runs: Vec<_> = measured
        .games
        .get(slug)?
        .iter()
        .filter(|run| run.figure == crate::ludii::Figure::MeanMoves && run.games > 0)
        .collect();
    let games: u64 = runs.iter().map(|run| run.games).sum();
    (games > 0).then(|| {
        runs.iter()
            .map(|run| run.value * run.games as f64)
            .sum::<f64>()
            / games as f64
    })
}

/// Ludii's mean moves a game of the vendored description `description`, when it played it.
fn ludii_mean_moves(figures: &corpus::ludii::LudiiFigures, description: &str) -> Option<f64> {
    figures
        .for_vendored(description)
        .and_then(|row| row.play.as_ref())
        .map(|play| play.mean_moves)
}

/// Playouts of a study that screens one contested rule: a quarter of its reading's (win
/// shares known to about ±4% at 95% confidence for a family game, which the report's
/// intervals state). Screens are many (one per rule the readings contest) and rank the rules
/// by how much each changes the game; a rule that matters is also studied within its whole
/// reading at full precision.
pub fn screen_playouts(playouts: u64) -> u64 {
    quarter(playouts)
}

fn quarter(playouts: u64) -> u64 {
    (playouts / 4).max(1)
}

/// A study's seed: the run's seed mixed with the study's key, so that each study has its own
/// stream whatever else the plan holds.
fn study_seed(seed: u64, key: &str) -> u64 {
    mix(seed
        ^ key.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        }))
}

/// The label of the plain study of Ludii's encoding.
pub const LUDII_ENCODING: &str = "Ludii's encoding (ludii preset)";

/// The label of the record's reading played under the settings of Ludii's encoding.
pub const AT_LUDII_SETTINGS: &str = "the record's reading at Ludii's settings";

/// The record's reading with the settings (parameters: players, how the game ends, seating,
/// biases) of Ludii's encoding, and the settings it changes, as `key=value`; none when the two
/// already share their settings or the combination is not valid.
fn at_ludii_settings(
    engine: &dyn rulesets::Ruleset,
    preset: &str,
    overrides: &OptionSet,
) -> Option<(OptionSet, Vec<String>)> {
    let own = engine.resolve(preset, overrides).ok()?;
    let ludii = engine.resolve("ludii", &OptionSet::new()).ok()?;
    let (own, ludii) = (own.options(), ludii.options());
    let mut at = overrides.clone();
    let mut changed = Vec::new();
    for spec in engine.specs() {
        if spec.kind != engine::OptionKind::Parameter || own.get(spec.key) == ludii.get(spec.key) {
            continue;
        }
        let value = ludii.get(spec.key)?.clone();
        changed.push(format!("{}={value}", spec.key));
        at.insert(spec.key.to_string(), value);
    }
    (!changed.is_empty() && engine.resolve(preset, &at).is_ok()).then_some((at, changed))
}

/// Per ruleset, the study that must reproduce Ludii's play: the variant marked
/// `plays_as_ludii`, else the plain study of Ludii's encoding.
pub fn ludii_plays(corpus: &Corpus) -> std::collections::BTreeMap<String, String> {
    corpus
        .rulesets
        .iter()
        // A family game is Ludii's description read by the translator: where it differs from
        // Ludii's play, that is a finding about the reading, listed, not a broken engine; but
        // where its ruleset has a variant of the faults of Ludii's engine, that variant claims
        // to be Ludii's play.
        .filter(|(_, file)| {
            rulesets::find(&file.engine).is_ok_and(|r| r.ludii_description().is_none())
                || file.variants.iter().any(|v| v.plays_as_ludii)
        })
        .map(|(id, file)| {
            let label = file
                .variants
                .iter()
                .find(|v| v.plays_as_ludii)
                .map_or_else(|| LUDII_ENCODING.to_string(), |v| v.label.clone());
            (id.clone(), label)
        })
        // A family game no record links, whose file keeps faults of Ludii's engine: its study
        // as Ludii plays it.
        .chain(
            rulesets::all()
                .iter()
                .filter(|engine| engine.ludii_faults().is_some())
                .map(|engine| engine.info().slug)
                .filter(|slug| !corpus.rulesets.values().any(|r| r.engine.as_str() == *slug))
                .map(|slug| (slug.to_string(), LUDII_PLAYS.to_string())),
        )
        .collect()
}

/// The part of a study's playouts that shard `shard` of `of` runs.
pub fn shard_range(playouts: u64, shard: u32, of: u32) -> (u64, u64) {
    let start = playouts * u64::from(shard - 1) / u64::from(of);
    let end = playouts * u64::from(shard) / u64::from(of);
    (start, end - start)
}

impl StudySpec {
    /// The study's options, resolved again by its engine: a plan read back from a shard is
    /// text, and only the registry makes options an engine plays under.
    pub fn resolve(&self) -> Result<Resolved, StudyError> {
        let engine = rulesets::find(&self.engine)?;
        Ok(engine.resolve(&self.preset, &self.options)?)
    }
}

/// Why part of a study could not be run.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// The study names an engine the registry does not have.
    #[error(transparent)]
    Engine(#[from] rulesets::UnknownGame),
    /// The study's options are not options of its engine.
    #[error(transparent)]
    Options(#[from] rulesets::ResolveError),
    /// A playout broke an invariant of the game.
    #[error("{0}")]
    Invariant(InvariantFailure),
}

/// Runs part of a study.
pub fn run(
    spec: &StudySpec,
    first: u64,
    playouts: u64,
    progress: Option<&AtomicU64>,
) -> Result<Stats, StudyError> {
    let options = spec.resolve()?;
    let study = Study {
        seed: spec.seed,
        first,
        playouts,
        caps: spec.caps,
        check_invariants: true,
    };
    options
        .simulate(&study, progress)
        .map_err(StudyError::Invariant)
}

/// A finished study: its figures and what they flag.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyResult {
    /// What was studied.
    pub spec: StudySpec,
    /// Its figures.
    pub report: StudyReport,
    /// What they flag.
    pub flags: Vec<String>,
}

/// The report of a study whose playouts are all counted in `stats`.
pub fn finish(spec: &StudySpec, stats: &Stats) -> Result<StudyResult, StudyError> {
    let options = spec.resolve()?;
    let study = Study {
        seed: spec.seed,
        first: 0,
        playouts: spec.playouts,
        caps: spec.caps,
        check_invariants: true,
    };
    let report = StudyReport::new(
        &spec.engine,
        &spec.preset,
        &spec.options,
        &study,
        stats,
        options.sides(),
    );
    Ok(StudyResult {
        flags: flags(&report),
        spec: spec.clone(),
        report,
    })
}

/// The smallest first-player edge worth a flag: two points of score either side of 50%.
pub const MATERIAL_EDGE: f64 = 0.02;

/// What reconstruction work treats as suspect.
pub fn flags(r: &StudyReport) -> Vec<String> {
    let pct = |v: f64| format!("{:.1}%", v * 100.0);
    let mut flags = Vec::new();
    if r.completion < 0.9 {
        flags.push(format!("completion under 90% ({})", pct(r.completion)));
    }
    if r.timeouts > 0.9 {
        flags.push(format!(
            "games almost never end by the rules: {} stop at a cap",
            pct(r.timeouts)
        ));
    } else if r.timeouts > 0.5 {
        flags.push(format!("most games stop at a cap: {} do", pct(r.timeouts)));
    }
    if r.balance < 0.8 {
        flags.push(format!("balance under 0.8 ({:.3})", r.balance));
    }
    if r.win_share.len() == 2 {
        let [low, high] = r.ci.advantage_p1;
        // An edge must be real (its interval excludes a fair 50%) and large enough to matter.
        let material = (r.advantage_p1 - 0.5).abs() >= MATERIAL_EDGE;
        if material && low > 0.5 {
            flags.push(format!(
                "first-player edge: player 1 scores {} [{}, {}]",
                pct(r.advantage_p1),
                pct(low),
                pct(high)
            ));
        } else if material && high < 0.5 {
            flags.push(format!(
                "second-player edge: player 1 scores {} [{}, {}]",
                pct(r.advantage_p1),
                pct(low),
                pct(high)
            ));
        }
    } else if let Some((first, rest)) = r.ci.win_share.split_first()
        && rest.iter().all(|other| first[0] > other[1])
    {
        flags.push(format!(
            "first-player edge: {} wins {} of games",
            r.sides[0],
            pct(r.win_share[0])
        ));
    }
    flags
}

/// What the record's reading and Ludii's encoding differ in, in words. `at_settings` is the
/// record's reading under Ludii's settings, when they differ: lengths and first-player scores
/// are compared through it, like with like.
pub fn compare(
    own: &StudyResult,
    at_settings: Option<&StudyResult>,
    ludii: &StudyResult,
) -> Vec<String> {
    let (a, b) = (&own.report, &ludii.report);
    let pct = |v: f64| format!("{:.1}%", v * 100.0);
    let mut lines = vec![if own.spec.options == ludii.spec.options {
        "The record's reading and Ludii's encoding are the same option set: the two columns are two independent samples of one game.".to_string()
    } else {
        format!(
            "The record's reading completes {} of random games by the rules; Ludii's encoding {}.",
            pct(a.completion),
            pct(b.completion)
        )
    }];
    // Like with like: settings (players, how the game ends, biases) that differ make lengths
    // and first-player scores figures of two different experiments.
    let settings: Vec<String> = rulesets::find(&own.spec.engine)
        .map(|engine| {
            engine
                .specs()
                .iter()
                .filter(|spec| spec.kind == engine::OptionKind::Parameter)
                .filter_map(|spec| {
                    let (x, y) = (
                        own.spec.options.get(spec.key),
                        ludii.spec.options.get(spec.key),
                    );
                    (x != y).then(|| {
                        format!(
                            "`{}` {} against {}",
                            spec.key,
                            x.map_or("—", String::as_str),
                            y.map_or("—", String::as_str)
                        )
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let comparable = settings.is_empty();
    // The study whose lengths and first-player scores stand beside Ludii's, and how to say so.
    let like = if comparable {
        Some((a, ""))
    } else {
        match at_settings {
            Some(at) => {
                lines.push(format!(
                    "The two are not played under the same settings ({}): lengths and first-player scores are compared through the record's reading played at Ludii's settings.",
                    settings.join(", ")
                ));
                Some((&at.report, "At Ludii's settings, "))
            }
            None => {
                lines.push(format!(
                    "The two are not played under the same settings ({}): their lengths and first-player scores are not compared.",
                    settings.join(", ")
                ));
                None
            }
        }
    };
    let overlap = |x: [f64; 2], y: [f64; 2]| x[0] <= y[1] && y[0] <= x[1];
    if let Some((a, prefix)) = like {
        // A sentence after the prefix, or on its own with a capital.
        let say = |text: String| match prefix {
            "" => text[..1].to_uppercase() + &text[1..],
            _ => format!("{prefix}{text}"),
        };
        if let (Some(ma), Some(mb)) = (&a.moves, &b.moves)
            && mb.mean > 0.0
        {
            lines.push(say(format!("games last {:.0} moves on average against {:.0} in Ludii's encoding ({:.2} times as long).", ma.mean, mb.mean, ma.mean / mb.mean)));
        }
        if !overlap(a.ci.advantage_p1, b.ci.advantage_p1) {
            lines.push(say(format!(
                "player 1's score differs beyond chance: {:.3} against {:.3}.",
                a.advantage_p1, b.advantage_p1
            )));
        } else if !prefix.is_empty() {
            lines.push(say(format!(
                "player 1's score is the same within chance: {:.3} against {:.3}.",
                a.advantage_p1, b.advantage_p1
            )));
        }
        if !overlap(a.ci.branching_factor, b.ci.branching_factor) {
            lines.push(say(format!(
                "players choose among {:.2} moves on average against {:.2}.",
                a.branching_factor, b.branching_factor
            )));
        }
    }
    // A flag's kind is its words before the figures ("completion under 90%").
    let kind = |f: &String| {
        f.split([':', '('])
            .next()
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let only = |these: &[String], those: &[String]| -> Vec<String> {
        these
            .iter()
            .filter(|f| !those.iter().any(|g| kind(g) == kind(f)))
            .cloned()
            .collect()
    };
    for flag in only(&own.flags, &ludii.flags) {
        lines.push(format!("Only the record's reading: {flag}."));
    }
    for flag in only(&ludii.flags, &own.flags) {
        lines.push(format!("Only Ludii's encoding: {flag}."));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_percent_at_ninety_five_percent() {
        assert_eq!(playouts_for_one_percent(), 9604);
    }

    #[test]
    fn shards_partition_the_playouts() {
        for of in 1..7u32 {
            let mut next = 0;
            for shard in 1..=of {
                let (first, count) = shard_range(9604, shard, of);
                assert_eq!(first, next);
                next = first + count;
            }
            assert_eq!(next, 9604);
        }
    }

    #[test]
    fn a_ludii_study_plays_fewer_games_only_where_ludii_s_are_long() {
        let most = ludii_encoding_playouts(9604);
        assert_eq!(most, 1_200);
        // Short games, or none measured: an eighth of a reading's playouts.
        assert_eq!(ludii_study_playouts(9604, Some(50.0)), most);
        assert_eq!(ludii_study_playouts(9604, None), most);
        // Games at the move cap: the budget's games, but never fewer than the least.
        assert_eq!(ludii_study_playouts(9604, Some(10_000.0)), 400);
        assert_eq!(ludii_study_playouts(9604, Some(4_000.0)), 1_000);
        assert_eq!(
            ludii_study_playouts(9604, Some(100_000.0)),
            LUDII_STUDY_LEAST_PLAYOUTS
        );
        // A small run is never raised to the least.
        assert_eq!(ludii_study_playouts(40, Some(10_000.0)), 5);
    }
}
