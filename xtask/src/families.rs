//! `cargo xtask families`: Ludii's vendored sowing descriptions (`corpus/ludii/lud/`) read as
//! the sowing family's game files (`corpus/families/sowing/`), the race family's hand-written
//! game files (`corpus/families/race/`), the executable rulesets that link both families' games
//! to their records, and `reports/families.*`: how many descriptions play, per description what
//! the sowing family lacks, and per race game its readings and what each leaves unmodelled.

use std::path::{Path, PathBuf};

use corpus::store::write_all_atomically;
use corpus::{Corpus, Report};
use serde::Serialize;
use translate::build::{Built, FAMILY_DIR, FamilyReport, build};
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
    let (built, race) = build_from(&corpus_dir)?;
    let mut wanted: Vec<(PathBuf, String)> = built
        .files
        .iter()
        .chain(&race.files)
        .map(|(path, text)| (corpus_dir.join(path), text.clone()))
        .collect();
    let view = FamiliesView::new(&built.report, &race);
    wanted.push((reports.join("families.md"), render(&view)));
    wanted.push((
        reports.join("families.json"),
        serde_json::to_string_pretty(&view.json()).map_err(|e| e.to_string())? + "\n",
    ));
    let stale = stale_files(&corpus_dir, &built, &race)?;
    let changed: Vec<&(PathBuf, String)> = wanted
        .iter()
        .filter(|(path, text)| std::fs::read(path).ok().as_deref() != Some(text.as_bytes()))
        .collect();
    if args.check {
        if changed.is_empty() && stale.is_empty() {
            if !args.quiet {
                println!("the family's files are what the descriptions give");
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
        println!(
            "sowing family: {} of {} descriptions play; {} games with evidence, {} records linked",
            report.playable, report.descriptions, report.games_with_evidence, report.records
        );
        println!(
            "race family: {} games, {} records linked",
            race.files.len(),
            race.records
        );
    }
    Ok(())
}

/// Reads the corpus, every sowing description and every race game file, and builds the
/// families' files.
pub fn build_from(corpus_dir: &Path) -> Result<(Built, RaceBuilt), String> {
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
    for path in paths {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if !is_sowing(&text) {
            continue;
        }
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        translations.push(translate::sowing_description(&file, &text));
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
    Ok((
        build(&corpus, &translations),
        translate::race::rulesets(&corpus, &race_files),
    ))
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

/// Whether a description is classified among Ludii's sowing games.
fn is_sowing(text: &str) -> bool {
    text.contains("(classification \"board/sow")
}

/// Files the families wrote before that they would not write now: sowing game files, and the
/// executable rulesets whose engine is a sowing game file's slug or whose notes name a race
/// game file that no longer gives one.
fn stale_files(corpus_dir: &Path, built: &Built, race: &RaceBuilt) -> Result<Vec<PathBuf>, String> {
    let mut stale = stale_sowing_files(corpus_dir, built)?;
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

fn stale_sowing_files(corpus_dir: &Path, built: &Built) -> Result<Vec<PathBuf>, String> {
    let mut stale = Vec::new();
    let family = corpus_dir.join(FAMILY_DIR);
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
            let relative = PathBuf::from(FAMILY_DIR).join(format!("{stem}.yaml"));
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
    games_share: f64,
    /// What the sowing family lacks, most-lacked first.
    lacking: Vec<Lacking<'a>>,
    race: RaceView<'a>,
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

impl<'a> FamiliesView<'a> {
    fn new(sowing: &'a FamilyReport, race: &'a RaceBuilt) -> Self {
        let share = |part: usize, whole: usize| {
            if whole == 0 {
                0.0
            } else {
                100.0 * part as f64 / whole as f64
            }
        };
        let mut lacking: Vec<Lacking<'_>> = sowing
            .lacking
            .iter()
            .map(|(what, &descriptions)| Lacking { what, descriptions })
            .collect();
        lacking.sort_by(|a, b| b.descriptions.cmp(&a.descriptions).then(a.what.cmp(b.what)));
        FamiliesView {
            sowing,
            playable_share: share(sowing.playable, sowing.descriptions),
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
        }
    }

    /// `reports/families.json`: both families' reports.
    fn json(&self) -> serde_json::Value {
        serde_json::json!({ "sowing": self.sowing, "race": &self.race })
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
        let text = render(&FamiliesView::new(&sowing, &RaceBuilt::default()));
        assert!(text.contains("| 1 | a\\|b &lt;i&gt; `x` |"), "{text}");
    }
}
