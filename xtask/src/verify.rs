//! `cargo xtask verify` and `cargo xtask merge`: links, clause coverage, claims and the
//! consistency simulations, written to `reports/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use corpus::{Corpus, Report};
use verify::{Config, Outcome, Shard};

use crate::{progress, project};

#[derive(clap::Args)]
pub struct Args {
    /// Corpus directory [default: corpus/].
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Where the reports go [default: reports/].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    #[arg(long, default_value_t = verify::DEFAULT_SEED)]
    pub seed: u64,
    /// Playouts per study [default: enough for ±1% at 95% confidence].
    #[arg(long)]
    pub playouts: Option<u64>,
    /// Run part K of N of the work and write it to --out, for `cargo xtask merge`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Where a shard's results go [default: target/verify-shards].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Write nothing; fail, naming the files, if the committed reports are not what a run gives.
    #[arg(long)]
    pub check: bool,
    /// Write the reports even if a claim's verdict changed since the committed ones.
    #[arg(long)]
    pub accept: bool,
    #[arg(long)]
    pub quiet: bool,
}

#[derive(clap::Args)]
pub struct MergeArgs {
    /// Shard files, or directories holding them.
    #[arg(required = true, value_name = "PATH")]
    pub shards: Vec<PathBuf>,
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    #[arg(long)]
    pub accept: bool,
    #[arg(long)]
    pub quiet: bool,
}

fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?)));
    match parsed {
        Some((k, n)) if (1..=n).contains(&k) => Ok((k, n)),
        _ => Err(format!("{text:?} is not K/N with 1 <= K <= N (e.g. 2/8)")),
    }
}

fn load(dir: &Path) -> Result<Corpus, String> {
    let mut report = Report::default();
    let corpus = Corpus::load(dir, &mut report);
    report.extend(corpus::check::check_corpus(&corpus, dir).diagnostics);
    if report.has_errors() {
        return Err(listing(
            "the corpus is not valid; run `cargo xtask check`",
            report,
        ));
    }
    Ok(corpus)
}

fn listing(title: &str, report: Report) -> String {
    let mut message = format!("{title}:\n");
    for d in report.sorted().iter().filter(|d| d.is_error()) {
        message.push_str(&format!("  {d}\n"));
    }
    message.trim_end().to_string()
}

/// One shard of the work, under a progress bar.
pub fn run_shard(dir: &Path, config: &Config, quiet: bool) -> Result<Shard, String> {
    let corpus = load(dir)?;
    let figures = corpus::ludii::LudiiFigures::load(dir, &mut Report::default());
    let measured = verify::ludii::load(dir).ok().flatten();
    let plan = verify::studies::plan(
        &corpus,
        &figures,
        measured.as_ref(),
        config.seed,
        config.playouts,
    );
    let total = verify::shard_playouts(&plan, config);
    progress::track("verify", total, quiet, |counter| {
        verify::run_shard(&corpus, dir, config, Some(counter))
    })
    .map_err(|report| listing("verification is broken", report))
}

pub fn run(args: &Args) -> Result<(), String> {
    let dir = args
        .corpus
        .as_deref()
        .map_or_else(project::corpus, project::from_cwd);
    let reports = args
        .reports
        .as_deref()
        .map_or_else(project::reports, project::from_cwd);
    let (shard, of) = args.shard.unwrap_or((1, 1));
    let config = Config {
        seed: args.seed,
        playouts: args.playouts.unwrap_or_else(|| Config::default().playouts),
        shard,
        of,
    };
    if args.shard.is_some() && of > 1 {
        if args.check {
            return Err(
                "--check compares whole runs; run every shard, then `cargo xtask merge`".into(),
            );
        }
        let result = run_shard(&dir, &config, args.quiet)?;
        let out = args.out.as_deref().map_or_else(
            || project::root().join("target/verify-shards"),
            project::from_cwd,
        );
        let path = out.join(format!("shard-{shard}-of-{of}.json"));
        let text = serde_json::to_string(&result).expect("shards serialise");
        corpus::store::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        if !args.quiet {
            crate::output::outln!(
                "shard {shard} of {of} written to {}; merge every shard with `cargo xtask merge {}`",
                path.display(),
                out.display()
            );
        }
        return Ok(());
    }
    let outcome =
        verify::merge(vec![run_shard(&dir, &config, args.quiet)?]).map_err(|e| e.to_string())?;
    if args.check {
        let mut unreproduced = verify::unreproduced_ludii(&outcome);
        unreproduced.extend(verify::setup_dependent_claims(&outcome));
        unreproduced.extend(
            verify::broken_claims(&outcome)
                .iter()
                .map(ToString::to_string),
        );
        unreproduced.extend(
            verify::failing_rule_scenarios(&outcome)
                .iter()
                .map(ToString::to_string),
        );
        if !unreproduced.is_empty() {
            return Err(format!(
                "a study labelled as Ludii's play does not reproduce it, a claim's verdict depends on its setup or cannot be run, or a rule scenario fails:\n  {}",
                unreproduced.join("\n  ")
            ));
        }
        return check_fresh(&reports, &outcome);
    }
    publish(&reports, &outcome, args.accept, args.quiet)
}

pub fn merge(args: &MergeArgs) -> Result<(), String> {
    let reports = args
        .reports
        .as_deref()
        .map_or_else(project::reports, project::from_cwd);
    let mut files = Vec::new();
    for path in &args.shards {
        let path = project::from_cwd(path);
        if path.is_dir() {
            let entries = std::fs::read_dir(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path);
        }
    }
    let shards = files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            serde_json::from_str::<Shard>(&text).map_err(|e| {
                format!(
                    "{}:{}:{}: not a shard of `cargo xtask verify --shard`: {e}",
                    path.display(),
                    e.line(),
                    e.column()
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let numbers: Vec<u32> = shards.iter().map(|s: &Shard| s.shard).collect();
    let outcome = verify::merge(shards).map_err(|error| match &error {
        // The shard file at fault, and its field.
        verify::MergeError::DifferentRun { shard, field } => files
            .iter()
            .zip(&numbers)
            .find(|(_, n)| *n == shard)
            .map_or_else(
                || error.to_string(),
                |(path, _)| {
                    corpus::Diagnostic::error(path, error.to_string())
                        .field(*field)
                        .to_string()
                },
            ),
        _ => error.to_string(),
    })?;
    publish(&reports, &outcome, args.accept, args.quiet)
}

/// Report files by path.
fn report_files(reports: &Path, outcome: &Outcome) -> BTreeMap<PathBuf, String> {
    verify::report::files(outcome)
        .into_iter()
        .map(|(name, text)| (reports.join(name), text))
        .collect()
}

/// Writes the reports, unless something that worked is now broken.
fn publish(reports: &Path, outcome: &Outcome, accept: bool, quiet: bool) -> Result<(), String> {
    // Not acceptable with --accept: a claim that cannot be run, or an engine failing its own
    // rule scenarios, is broken.
    let mut unrunnable: Vec<String> = verify::broken_claims(outcome)
        .iter()
        .map(ToString::to_string)
        .collect();
    unrunnable.extend(
        verify::failing_rule_scenarios(outcome)
            .iter()
            .map(ToString::to_string),
    );
    if !unrunnable.is_empty() {
        return Err(format!(
            "a claim cannot be run or a rule scenario fails; the reports were left as they were:\n  {}",
            unrunnable.join("\n  ")
        ));
    }
    let mut broken = Vec::new();
    // Not acceptable with --accept: a verdict that comes from a check's setup is no finding.
    let dependent = verify::setup_dependent_claims(outcome);
    if !dependent.is_empty() {
        return Err(format!(
            "a claim's verdict depends on how its check is set up; the reports were left as they were:\n  {}",
            dependent.join("\n  ")
        ));
    }
    // Not acceptable with --accept: a preset or variant that says it is Ludii's play must be.
    let unreproduced = verify::unreproduced_ludii(outcome);
    if !unreproduced.is_empty() {
        let mut message = String::from(
            "a study labelled as Ludii's play does not reproduce Ludii's measured figures; the reports were left as they were:\n",
        );
        for line in &unreproduced {
            message.push_str(&format!("  {line}\n"));
        }
        return Err(message.trim_end().to_string());
    }
    let previous_path = reports.join("verification.json");
    if let Ok(text) = std::fs::read_to_string(&previous_path) {
        match serde_json::from_str::<verify::EarlierVerdicts>(&text) {
            Ok(previous) if !accept => broken.extend(verify::regressions(outcome, &previous)),
            Ok(_) => {}
            Err(e) if !accept => broken.push(format!(
                "{}: cannot be read to compare ({e}); rerun with --accept to replace it",
                previous_path.display()
            )),
            Err(_) => {}
        }
    }
    if !broken.is_empty() {
        let mut message = String::from(
            "verification found something broken; the reports were left as they were:\n",
        );
        for line in &broken {
            message.push_str(&format!("  {line}\n"));
        }
        message
            .push_str("a verdict that changed after a deliberate change is accepted with --accept");
        return Err(message);
    }
    let files = report_files(reports, outcome);
    corpus::store::write_all_atomically(files.iter().map(|(p, t)| (p.clone(), t.as_bytes())))
        .map_err(|e| format!("cannot write the reports in {}: {e}", reports.display()))?;
    if !quiet {
        print_summary(outcome);
        crate::output::outln!("reports written to {}", reports.display());
    }
    Ok(())
}

fn print_summary(outcome: &Outcome) {
    let v = verify::report::verification(outcome);
    let s = &v.summary;
    crate::output::outln!(
        "{} records: {} of {} clauses modelled ({:.1}%); {} claims: {} hold, {} hold only under other readings, {} fail; {} studies",
        s.records,
        s.modelled,
        s.clauses,
        s.coverage * 100.0,
        s.claims,
        s.holds,
        s.holds_only_under,
        s.fails,
        outcome.studies.len()
    );
}

/// Fails, naming the files, when the committed reports are not what this run gives.
pub fn check_fresh(reports: &Path, outcome: &Outcome) -> Result<(), String> {
    let stale: Vec<String> = report_files(reports, outcome)
        .into_iter()
        .filter(|(path, text)| std::fs::read(path).ok().as_deref() != Some(text.as_bytes()))
        .map(|(path, _)| path.display().to_string())
        .collect();
    if stale.is_empty() {
        return Ok(());
    }
    Err(format!(
        "stale reports: {}; run `cargo xtask verify` and commit",
        stale.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed reports are what `cargo xtask verify` gives for the committed corpus.
    #[test]
    fn committed_reports_are_fresh() {
        let args = Args {
            corpus: None,
            reports: None,
            seed: verify::DEFAULT_SEED,
            playouts: None,
            shard: None,
            out: None,
            check: true,
            accept: false,
            quiet: true,
        };
        if let Err(message) = run(&args) {
            panic!("{message}");
        }
    }

    #[test]
    fn shard_arguments() {
        assert_eq!(parse_shard("2/8"), Ok((2, 8)));
        assert!(parse_shard("0/8").is_err());
        assert!(parse_shard("9/8").is_err());
        assert!(parse_shard("two").is_err());
    }
}
