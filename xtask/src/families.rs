//! `cargo xtask families`: Ludii's vendored sowing descriptions (`corpus/ludii/lud/`) read as
//! the sowing family's game files (`corpus/families/sowing/`), with the executable rulesets that
//! link their games' records, and `reports/families.*`: how many descriptions play, and per
//! description what the family lacks.

use std::path::{Path, PathBuf};

use corpus::store::write_all_atomically;
use corpus::{Corpus, Report};
use translate::build::{Built, FAMILY_DIR, FamilyReport, build};

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
    let built = build_from(&corpus_dir)?;
    let mut wanted: Vec<(PathBuf, String)> = built
        .files
        .iter()
        .map(|(path, text)| (corpus_dir.join(path), text.clone()))
        .collect();
    wanted.push((reports.join("families.md"), render(&built.report)));
    wanted.push((
        reports.join("families.json"),
        serde_json::to_string_pretty(&built.report).map_err(|e| e.to_string())? + "\n",
    ));
    let stale = stale_files(&corpus_dir, &built)?;
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
    }
    Ok(())
}

/// Reads the corpus and every sowing description, and builds the family's files.
pub fn build_from(corpus_dir: &Path) -> Result<Built, String> {
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
    Ok(build(&corpus, &translations))
}

/// Whether a description is classified among Ludii's sowing games.
fn is_sowing(text: &str) -> bool {
    text.contains("(classification \"board/sow")
}

/// Files the family wrote before that it would not write now: game files, and the executable
/// rulesets whose engine is a game file's slug.
fn stale_files(corpus_dir: &Path, built: &Built) -> Result<Vec<PathBuf>, String> {
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

/// The report in Markdown: the counts, what the family lacks most, and every description.
fn render(report: &FamilyReport) -> String {
    let mut text = String::new();
    let share = |part: usize, whole: usize| {
        if whole == 0 {
            0.0
        } else {
            100.0 * part as f64 / whole as f64
        }
    };
    text.push_str("# The sowing family and Ludii's descriptions\n\n");
    text.push_str(&format!(
        "Generated by `cargo xtask families` from the {} sowing descriptions vendored in `corpus/ludii/lud/` (Ludii 1.3.4, MIT).\n\n",
        report.descriptions
    ));
    text.push_str("| | count | share |\n|---|---|---|\n");
    text.push_str(&format!(
        "| descriptions the family plays | {} of {} | {:.1} % |\n",
        report.playable,
        report.descriptions,
        share(report.playable, report.descriptions)
    ));
    text.push_str(&format!(
        "| sowing games with evidence played | {} of {} | {:.1} % |\n",
        report.games_with_evidence,
        report.sowing_games_with_evidence,
        share(
            report.games_with_evidence,
            report.sowing_games_with_evidence
        )
    ));
    text.push_str(&format!(
        "| records linked to a family game | {} | |\n\n",
        report.records
    ));
    text.push_str("## What the family lacks most\n\nThe first thing each description lacks, by how many descriptions it stops.\n\n| descriptions | lacks |\n|---|---|\n");
    let mut lacking: Vec<(&String, &usize)> = report.lacking.iter().collect();
    lacking.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (what, count) in lacking {
        text.push_str(&format!("| {count} | {} |\n", markdown(what)));
    }
    text.push_str("\n## Every description\n\n| file | game | records | plays as | lacks (line:column) |\n|---|---|---|---|---|\n");
    for entry in &report.entries {
        let lacks: Vec<String> = entry.lacks.iter().take(3).map(|l| markdown(l)).collect();
        let more = entry.lacks.len().saturating_sub(3);
        let mut lacks = lacks.join("; ");
        if more > 0 {
            lacks.push_str(&format!("; and {more} more"));
        }
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            markdown(&entry.file),
            entry.game.as_deref().map(markdown).unwrap_or_default(),
            entry.records,
            entry
                .slug
                .as_deref()
                .map(|s| format!("`{s}`"))
                .unwrap_or_default(),
            lacks
        ));
    }
    text
}

/// Text from a description made safe for a Markdown table cell.
fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '|' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
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

    /// Text from a description cannot break the report's tables.
    #[test]
    fn markdown_cells_are_escaped() {
        assert_eq!(markdown("a|b <i>\n`x`"), "a\\|b \\<i\\> \\`x\\`");
    }
}
