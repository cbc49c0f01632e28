//! `cargo xtask families`: Ludii's vendored sowing descriptions (`corpus/ludii/lud/`) read as
//! the sowing family's game files (`corpus/families/sowing/`), the race family's hand-written
//! game files (`corpus/families/race/`), the executable rulesets that link both families' games
//! to their records, and `reports/families.*`: how many descriptions play, per description what
//! the sowing family lacks, and per race game its readings and what each leaves unmodelled.

use std::path::{Path, PathBuf};

use corpus::store::write_all_atomically;
use corpus::{Corpus, Report};
use serde::Serialize;
use translate::build::{
    Built, FAMILY_DIR, FamilyReport, RACE, RACE_LUDII_DIR, build, build_family,
};
use translate::race::{RACE_DIR, RaceBuilt, RaceEntry};

use crate::project;

#[derive(clap::Args, Default)]
pub struct Args {
    /// Corpus directory [default: corpus/].
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Reports directory [default: reports/].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    /// Write nothing; fail, listing the files, if the committed files are not what the
    /// descriptions give.
    #[arg(long)]
    pub check: bool,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let corpus_dir = args
        .corpus
        .as_deref()
        .map_or_else(project::corpus, project::from_cwd);
    let reports = args
        .reports
        .as_deref()
        .map_or_else(project::reports, project::from_cwd);
    let families = build_from(&corpus_dir)?;
    let (built, race) = (&families.sowing, &families.race);
    let errors: Vec<String> = (built.errors.iter())
        .chain(&families.race_ludii.errors)
        .map(ToString::to_string)
        .collect();
    if !errors.is_empty() {
        return Err(format!(
            "the records' readings of the families' games cannot be taken; nothing is written:\n  {}",
            errors.join("\n  ")
        ));
    }
    let mut wanted: Vec<(PathBuf, String)> = built
        .files
        .iter()
        .chain(&race.files)
        .chain(&families.race_ludii.files)
        .map(|(path, text)| (corpus_dir.join(path), text.clone()))
        .collect();
    let view = FamiliesView::new(
        &built.report,
        race,
        &families.race_ludii.report,
        &families.dice,
    );
    wanted.push((reports.join("families.md"), render(&view)));
    wanted.push((
        reports.join("families.json"),
        serde_json::to_string_pretty(&view.json()).map_err(|e| e.to_string())? + "\n",
    ));
    let stale = stale_files(&corpus_dir, &families)?;
    let changed: Vec<&(PathBuf, String)> = wanted
        .iter()
        .filter(|(path, text)| std::fs::read(path).ok().as_deref() != Some(text.as_bytes()))
        .collect();
    if args.check {
        if changed.is_empty() && stale.is_empty() {
            if !args.quiet {
                crate::output::outln!("the family's files are what the descriptions give");
            }
            return Ok(());
        }
        let mut listed: Vec<String> = changed
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect();
        listed.extend(stale.iter().map(|p| format!("{} (stale)", p.display())));
        return Err(format!(
            "the family's files are not what the descriptions give; run `cargo xtask families`:\n  {}",
            listed.join("\n  ")
        ));
    }
    write_all_atomically(changed.iter().map(|(p, t)| (p.clone(), t.as_bytes())))
        .map_err(|e| format!("cannot write the family's files: {e}"))?;
    for path in &stale {
        std::fs::remove_file(path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    if !args.quiet {
        let report = &built.report;
        crate::output::outln!(
            "sowing family: {} of {} descriptions play; {} games with evidence, {} records linked",
            report.playable,
            report.descriptions,
            report.games_with_evidence,
            report.records
        );
        crate::output::outln!(
            "race family: {} games written by hand, {} records linked; {} of {} race descriptions play ({} of {} that throw dice)",
            race.files.len(),
            race.records,
            view.race_descriptions
                .report
                .entries
                .iter()
                .filter(|e| e.plays)
                .count(),
            view.race_descriptions.report.descriptions,
            view.race_descriptions.dice_playable,
            view.race_descriptions.dice,
        );
    }
    Ok(())
}

/// What the families build from the corpus.
pub struct Families {
    /// The sowing family's files from its descriptions.
    pub sowing: Built,
    /// The rulesets of the race family's game files written by hand.
    pub race: RaceBuilt,
    /// The race family's files from Ludii's race descriptions.
    pub race_ludii: Built,
    /// The race descriptions outside Ludii's reconstructions that throw dice, by file.
    pub dice: std::collections::BTreeSet<String>,
}

/// Reads the corpus, every sowing and race description and every race game file, and builds
/// the families' files.
pub fn build_from(corpus_dir: &Path) -> Result<Families, String> {
    let mut report = Report::default();
    let corpus = Corpus::load(corpus_dir, &mut report);
    let lud = corpus_dir.join("ludii/lud");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&lud)
        .map_err(|e| format!("cannot read {}: {e}", lud.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "lud"))
        .collect();
    paths.sort();
    let mut translations = Vec::new();
    let mut race_translations = Vec::new();
    let mut dice = std::collections::BTreeSet::new();
    for path in paths {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        match classified(&text) {
            Some(Classified::Sowing) => {
                translations.push(translate::sowing_description(&file, &text));
            }
            Some(Classified::Race { dice: throws }) => {
                if throws {
                    dice.insert(file.clone());
                }
                race_translations.push(translate::race_description(&file, &text));
            }
            None => {}
        }
    }
    let race_files = yaml_files(&corpus_dir.join(RACE_DIR))?
        .into_iter()
        .map(|(path, text)| {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            (name.to_string(), text)
        })
        .collect::<Vec<_>>();
    let race = translate::race::rulesets(&corpus, &race_files);
    let read_by_hand = race.entries.iter().map(|e| e.description.clone()).collect();
    Ok(Families {
        sowing: build(&corpus, &translations),
        race_ludii: build_family(&corpus, &race_translations, &RACE, &read_by_hand),
        race,
        dice,
    })
}

/// The YAML files of a folder with their texts, by name; none when the folder is absent.
fn yaml_files(folder: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Ok(Vec::new());
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Ok((path, text))
        })
        .collect()
}

/// How a description is classified among the families' games.
enum Classified {
    /// A sowing game.
    Sowing,
    /// A race game; `dice` when it throws dice and is not one of Ludii's reconstructions.
    Race { dice: bool },
}

/// A description's family by its classification (`board/sow…`, `board/race…`), if any.
fn classified(text: &str) -> Option<Classified> {
    if text.contains("(classification \"board/sow") {
        return Some(Classified::Sowing);
    }
    let start = text.find("(classification \"board/race")?;
    let classification = text[start..].split('"').nth(1).unwrap_or_default();
    Some(Classified::Race {
        dice: !classification.contains("reconstruction") && text.contains("(dice"),
    })
}

/// Files the families wrote before that they would not write now: game files read from
/// descriptions (sowing, race), their rulesets, and the executable rulesets whose notes name a
/// race game file written by hand that no longer gives one.
fn stale_files(corpus_dir: &Path, families: &Families) -> Result<Vec<PathBuf>, String> {
    let race = &families.race;
    let mut stale = stale_built_files(corpus_dir, &families.sowing, FAMILY_DIR)?;
    stale.extend(stale_built_files(
        corpus_dir,
        &families.race_ludii,
        RACE_LUDII_DIR,
    )?);
    for (path, text) in yaml_files(&corpus_dir.join("rulesets"))? {
        let relative = PathBuf::from("rulesets").join(path.file_name().unwrap_or_default());
        if text.contains(translate::race::RULESET_NOTES_OPENING)
            && !race.files.contains_key(&relative)
        {
            stale.push(path);
        }
    }
    stale.sort();
    Ok(stale)
}

/// A family's game files in `folder` that `built` no longer gives, and their rulesets.
fn stale_built_files(
    corpus_dir: &Path,
    built: &Built,
    folder: &str,
) -> Result<Vec<PathBuf>, String> {
    let mut stale = Vec::new();
    let family = corpus_dir.join(folder);
    let Ok(entries) = std::fs::read_dir(&family) else {
        return Ok(stale);
    };
    let mut slugs = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "yaml") {
            slugs.push(stem.to_string());
            let relative = PathBuf::from(folder).join(format!("{stem}.yaml"));
            if !built.files.contains_key(&relative) {
                stale.push(path.clone());
            }
        }
    }
    for slug in slugs {
        let relative = PathBuf::from("rulesets").join(format!("{slug}.yaml"));
        let path = corpus_dir.join(&relative);
        if path.exists() && !built.files.contains_key(&relative) {
            stale.push(path);
        }
    }
    stale.sort();
    Ok(stale)
}

/// The report's view: the sowing family's coverage of Ludii's descriptions and the race
/// family's games.
#[derive(Serialize)]
struct FamiliesView<'a> {
    sowing: &'a FamilyReport,
    playable_share: f64,
    /// Descriptions with rules: all but those whose play can make no move.
    with_rules: usize,
    /// The share of those the family plays.
    playable_of_rules_share: f64,
    /// The share of all descriptions for which Ludii describes no rules.
    no_rules_share: f64,
    /// The names of those descriptions, in file order.
    no_rules: Vec<&'a str>,
    games_share: f64,
    /// What the sowing family lacks, most-lacked first.
    lacking: Vec<Lacking<'a>>,
    race: RaceView<'a>,
    race_descriptions: RaceDescriptions<'a>,
    /// The records' own readings of both families' games read from descriptions.
    readings: Vec<ReadingRow<'a>>,
}

/// One game's records' reading, with its family.
#[derive(Serialize)]
struct ReadingRow<'a> {
    family: &'static str,
    reading: &'a translate::reading::RecordReading,
}

/// The race family's reading of Ludii's race descriptions.
#[derive(Serialize)]
struct RaceDescriptions<'a> {
    report: &'a FamilyReport,
    /// Descriptions the family plays (as a game file of their own or through the game file
    /// written by hand for their game).
    playable: usize,
    playable_share: f64,
    /// Descriptions outside Ludii's reconstructions that throw dice.
    dice: usize,
    dice_playable: usize,
    dice_share: f64,
    /// Descriptions with rules: all but those whose play can make no move, and the share of
    /// those the family plays.
    with_rules: usize,
    playable_of_rules_share: f64,
    /// The share of all descriptions for which Ludii describes no rules.
    no_rules_share: f64,
    /// Of those, the ones that throw dice outside Ludii's reconstructions.
    dice_no_rules: usize,
    /// Dice descriptions with rules, and the share of those the family plays.
    dice_with_rules: usize,
    dice_of_rules_share: f64,
    /// The names of the descriptions without rules, in file order, each marked where it is
    /// one of the dice descriptions.
    no_rules: Vec<NoRules<'a>>,
    /// The first thing each description lacks, most-lacked first.
    first_lacks: Vec<Lacking<'a>>,
    /// Each kind of lack (its words before the ludeme), with how many descriptions have it.
    kinds: Vec<Kind<'a>>,
}

/// A description whose play can make no move, by name.
#[derive(Serialize)]
struct NoRules<'a> {
    name: &'a str,
    /// Whether it is one of the descriptions outside Ludii's reconstructions that throw dice.
    dice: bool,
}

/// A kind of lack and how many descriptions have it, of all and of those that throw dice.
#[derive(Serialize)]
struct Kind<'a> {
    what: &'a str,
    descriptions: usize,
    dice: usize,
}

#[derive(Serialize)]
struct Lacking<'a> {
    what: &'a str,
    descriptions: usize,
}

#[derive(Serialize)]
struct RaceView<'a> {
    games: usize,
    records: usize,
    entries: &'a [RaceEntry],
}

fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// Counts as rows, most first.
fn most_first<'a>(counts: impl IntoIterator<Item = (&'a str, usize)>) -> Vec<Lacking<'a>> {
    let mut rows: Vec<Lacking<'a>> = counts
        .into_iter()
        .map(|(what, descriptions)| Lacking { what, descriptions })
        .collect();
    rows.sort_by(|a, b| b.descriptions.cmp(&a.descriptions).then(a.what.cmp(b.what)));
    rows
}

impl<'a> RaceDescriptions<'a> {
    fn new(report: &'a FamilyReport, dice: &'a std::collections::BTreeSet<String>) -> Self {
        let playable = report.entries.iter().filter(|e| e.plays).count();
        let dice_playable = report
            .entries
            .iter()
            .filter(|e| e.plays && dice.contains(&e.file))
            .count();
        let mut kinds: std::collections::BTreeMap<&'a str, (usize, usize)> = Default::default();
        for entry in report.entries.iter().filter(|e| !e.plays) {
            let mut seen = std::collections::BTreeSet::new();
            for lack in &entry.lacks {
                // `line:column: kind: ludeme` — the kind is the words before the ludeme; a
                // description the language's reader refuses is one kind.
                let what = lack.split(": ").nth(1).unwrap_or(lack);
                let kind = if lack.starts_with("unreadable: ") {
                    "unreadable: the language's reader refuses or cannot expand it"
                } else {
                    what.split(": ").next().unwrap_or(what)
                };
                if seen.insert(kind) {
                    let counts = kinds.entry(kind).or_default();
                    counts.0 += 1;
                    counts.1 += usize::from(dice.contains(&entry.file));
                }
            }
        }
        let no_rules: Vec<NoRules<'a>> = report
            .entries
            .iter()
            .filter(|e| e.no_rules.is_some())
            .map(|e| NoRules {
                name: e.name.as_str(),
                dice: dice.contains(&e.file),
            })
            .collect();
        let with_rules = report.descriptions - no_rules.len();
        let dice_no_rules = no_rules.iter().filter(|n| n.dice).count();
        let dice_with_rules = dice.len() - dice_no_rules;
        RaceDescriptions {
            report,
            playable,
            playable_share: share(playable, report.descriptions),
            dice: dice.len(),
            dice_playable,
            dice_share: share(dice_playable, dice.len()),
            with_rules,
            playable_of_rules_share: share(playable, with_rules),
            no_rules_share: share(no_rules.len(), report.descriptions),
            dice_no_rules,
            dice_with_rules,
            dice_of_rules_share: share(dice_playable, dice_with_rules),
            no_rules,
            first_lacks: most_first(report.lacking.iter().map(|(w, &n)| (w.as_str(), n))),
            kinds: {
                let mut rows: Vec<Kind<'a>> = kinds
                    .into_iter()
                    .map(|(what, (descriptions, dice))| Kind {
                        what,
                        descriptions,
                        dice,
                    })
                    .collect();
                rows.sort_by(|a, b| {
                    (b.dice, b.descriptions)
                        .cmp(&(a.dice, a.descriptions))
                        .then(a.what.cmp(b.what))
                });
                rows
            },
        }
    }
}

impl<'a> FamiliesView<'a> {
    fn new(
        sowing: &'a FamilyReport,
        race: &'a RaceBuilt,
        race_descriptions: &'a FamilyReport,
        dice: &'a std::collections::BTreeSet<String>,
    ) -> Self {
        let lacking = most_first(sowing.lacking.iter().map(|(w, &n)| (w.as_str(), n)));
        let with_rules = sowing.descriptions - sowing.no_rules;
        FamiliesView {
            sowing,
            playable_share: share(sowing.playable, sowing.descriptions),
            with_rules,
            playable_of_rules_share: share(sowing.playable, with_rules),
            no_rules_share: share(sowing.no_rules, sowing.descriptions),
            no_rules: sowing
                .entries
                .iter()
                .filter(|e| e.no_rules.is_some())
                .map(|e| e.name.as_str())
                .collect(),
            games_share: share(
                sowing.games_with_evidence,
                sowing.sowing_games_with_evidence,
            ),
            lacking,
            race: RaceView {
                games: race.files.len(),
                records: race.records,
                entries: &race.entries,
            },
            race_descriptions: RaceDescriptions::new(race_descriptions, dice),
            readings: (sowing.readings.iter().map(|reading| ReadingRow {
                family: "sowing",
                reading,
            }))
            .chain(race_descriptions.readings.iter().map(|reading| ReadingRow {
                family: "race",
                reading,
            }))
            .collect(),
        }
    }

    /// `reports/families.json`: both families' reports.
    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "sowing": self.sowing,
            "race": &self.race,
            "race_descriptions": &self.race_descriptions,
        })
    }
}

/// `reports/families.md`, from `report-templates/families.md`.
fn render(view: &FamiliesView<'_>) -> String {
    static TEMPLATES: std::sync::LazyLock<verify::present::MarkdownTemplates> =
        std::sync::LazyLock::new(|| {
            verify::present::MarkdownTemplates::new(&[(
                "families.md",
                include_str!("../../report-templates/families.md"),
            )])
            .expect("the families template parses (tested)")
        });
    TEMPLATES.render("families.md", view)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed game files, rulesets and report are what the vendored descriptions give.
    #[test]
    fn committed_family_files_are_fresh() {
        let args = Args {
            check: true,
            quiet: true,
            ..Args::default()
        };
        if let Err(message) = run(&args) {
            panic!("{message}");
        }
    }

    /// Text from a description or a game file cannot break the report's tables.
    #[test]
    fn report_cells_are_escaped() {
        let sowing = FamilyReport {
            lacking: [("a|b <i>\n`x`".to_string(), 1)].into(),
            ..FamilyReport::default()
        };
        let text = render(&FamiliesView::new(
            &sowing,
            &RaceBuilt::default(),
            &FamilyReport::default(),
            &Default::default(),
        ));
        assert!(text.contains("| 1 | a\\|b &lt;i&gt; `x` |"), "{text}");
    }
}
