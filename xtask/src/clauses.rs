//! `cargo xtask clauses RECORD`: the clauses of a record's Rules text, as the coverage file a
//! ruleset author fills in (`corpus/coverage/<record>.yaml`); where the file exists, each
//! clause's coverage as `verify` stands it.

use std::path::PathBuf;

use corpus::{Corpus, Report};

use crate::project;

#[derive(clap::Args)]
pub struct Args {
    /// The record, e.g. DLP.Evidence.1238 or DLP.GameRulesets.767.
    pub record: String,
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Write the file into corpus/coverage/ (refuses to replace an existing one).
    #[arg(long)]
    pub write: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let dir = args
        .corpus
        .as_deref()
        .map_or_else(project::corpus, project::from_cwd);
    let mut report = Report::default();
    let corpus = Corpus::load(&dir, &mut report);
    let rules = verify::links::record_rules(&corpus, &args.record)
        .ok_or_else(|| format!("{} has no Rules text in {}", args.record, dir.display()))?;
    let ruleset = corpus
        .rulesets
        .iter()
        .find(|(_, r)| r.implements.iter().any(|id| *id == args.record))
        .map(|(key, _)| key.clone())
        .unwrap_or_default();
    if !args.write && corpus.coverage.contains_key(&args.record) {
        let (coverage, problems) = verify::clause_coverage(&corpus, &dir);
        let problems: Vec<String> = problems
            .errors()
            .filter(|d| {
                corpus
                    .path_of(corpus::store::FileKind::Coverage, &args.record)
                    .is_some_and(|file| d.file.ends_with(file) || file.ends_with(&d.file))
            })
            .map(ToString::to_string)
            .collect();
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }
        let record = coverage
            .iter()
            .find(|c| c.record == args.record)
            .ok_or_else(|| format!("{} is implemented by no executable ruleset", args.record))?;
        crate::output::outln!(
            "{}: {} of {} clauses modelled by {}{} ({} exercised, {} options only, {} contradicted)",
            record.record,
            record.modelled,
            record.total,
            record.ruleset.as_deref().unwrap_or("no ruleset"),
            record
                .reading
                .as_ref()
                .map(|reading| format!(" in the reading {reading}"))
                .unwrap_or_default(),
            record.exercised,
            record.options_only,
            record.contradicted
        );
        for (number, clause) in record.clauses.iter().enumerate() {
            let line = verify::present::clause_line(clause);
            crate::output::outln!(
                "{}. {} — {} — {}",
                number + 1,
                line.text,
                line.standing,
                line.mapping
            );
        }
        return Ok(());
    }
    let text = verify::coverage::skeleton(&args.record, &ruleset, rules);
    if !args.write {
        crate::output::out!("{text}");
        return Ok(());
    }
    if let Some(shared) = corpus.shared_coverage.get(&args.record) {
        return Err(format!(
            "{} is covered by {}, which its Rules text shares with other records; edit it",
            args.record,
            shared.display()
        ));
    }
    let path = dir.join(corpus::store::FileKind::Coverage.path(&args.record));
    if path.exists() {
        return Err(format!(
            "{} exists; edit it, or remove it first",
            path.display()
        ));
    }
    corpus::store::write_atomically(&path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    crate::output::outln!("wrote {}", path.display());
    Ok(())
}
