//! Links between records and executable rulesets: every ruleset names an engine, a preset and
//! options that resolve, records it implements of its own game, and claims quote their record.

use corpus::store::FileKind;
use corpus::text::normalize_whitespace;
use corpus::{Corpus, Report, SentenceOrigin};

use corpus::Check;
use corpus::check::Locator;

/// The game a record belongs to.
pub fn record_game<'a>(corpus: &'a Corpus, id: &str) -> Option<&'a str> {
    corpus
        .evidence
        .get(id)
        .and_then(|e| e.game.as_deref())
        .or_else(|| {
            corpus
                .portal_rulesets
                .get(id)
                .and_then(|r| r.game.as_deref())
        })
}

/// The Rules text of a record.
pub fn record_rules<'a>(corpus: &'a Corpus, id: &str) -> Option<&'a str> {
    corpus
        .evidence
        .get(id)
        .and_then(|e| e.rules.as_deref())
        .or_else(|| {
            corpus
                .portal_rulesets
                .get(id)
                .and_then(|r| r.rules.as_deref())
        })
}

/// Evidence types that describe how a game is played: the records an executable ruleset can
/// read rules from.
pub const RULE_DESCRIBING_TYPES: [&str; 4] = [
    "Rules text",
    "Contemporary rule description",
    "Historical rule description",
    "Ethnography",
];

/// How much of the corpus an engine here can run.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExecutableCoverage {
    /// Evidence records.
    pub records: usize,
    /// Evidence records an executable ruleset implements.
    pub records_executable: usize,
    /// Games.
    pub games: usize,
    /// Games with an engine.
    pub games_executable: usize,
    /// Records of a rule-describing type ([`RULE_DESCRIBING_TYPES`]).
    pub rule_records: usize,
    /// Rule-describing records an executable ruleset implements.
    pub rule_records_executable: usize,
    /// Records linked only to portal rulesets: DLP's rules text, not executable here.
    pub records_with_portal_rulesets_only: usize,
}

/// The executable ruleset implementing each evidence record, if any.
pub fn executable_rulesets(corpus: &Corpus) -> std::collections::BTreeMap<&str, Vec<&str>> {
    let mut out: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    for ruleset in corpus.rulesets.values() {
        for id in &ruleset.implements {
            out.entry(id.as_str())
                .or_default()
                .push(ruleset.id.as_str());
        }
    }
    out
}

/// The portal rulesets a record is linked to when no engine runs it: the one DLP ties it to,
/// else every ruleset of its game.
pub fn portal_rulesets_of<'a>(corpus: &'a Corpus, record: &'a corpus::Evidence) -> Vec<&'a str> {
    if let Some(ruleset) = &record.ruleset {
        return vec![ruleset.as_str()];
    }
    record
        .game
        .as_ref()
        .and_then(|g| corpus.games.get(g))
        .map(|g| g.rulesets.iter().map(String::as_str).collect())
        .unwrap_or_default()
}

/// What an engine of this project can run of the corpus.
pub fn executable_coverage(corpus: &Corpus) -> ExecutableCoverage {
    let executable = executable_rulesets(corpus);
    let engine_games: std::collections::BTreeSet<&str> =
        corpus.rulesets.values().map(|r| r.game.as_str()).collect();
    let mut coverage = ExecutableCoverage {
        records: corpus.evidence.len(),
        games: corpus.games.len(),
        games_executable: corpus
            .games
            .keys()
            .filter(|g| engine_games.contains(g.as_str()))
            .count(),
        ..ExecutableCoverage::default()
    };
    for record in corpus.evidence.values() {
        let runs = executable.contains_key(record.id.as_str());
        let rule_describing = record
            .kind
            .as_deref()
            .is_some_and(|k| RULE_DESCRIBING_TYPES.contains(&k));
        coverage.records_executable += usize::from(runs);
        coverage.rule_records += usize::from(rule_describing);
        coverage.rule_records_executable += usize::from(runs && rule_describing);
        coverage.records_with_portal_rulesets_only +=
            usize::from(!runs && !portal_rulesets_of(corpus, record).is_empty());
    }
    coverage
}

/// Every record's links: to games, sources and rulesets, and rulesets to records.
pub fn check(at: &Locator<'_>) -> Report {
    let corpus = at.corpus;
    let mut report = Report::default();
    for (key, ruleset) in &corpus.rulesets {
        let kind = FileKind::ExecutableRuleset;
        let engine = match rulesets::find(&ruleset.engine) {
            Ok(engine) => engine,
            Err(message) => {
                report.push(at.error_on(kind, key, &ruleset.engine, "engine", message.to_string()));
                continue;
            }
        };
        if let Err(message) = engine.resolve(&ruleset.preset, &ruleset.options) {
            let message = message.to_string();
            report.push(if ruleset.options.is_empty() {
                at.error_on(kind, key, &ruleset.preset, "preset", message)
            } else {
                at.error_on(kind, key, &ruleset.options, "options", message)
            });
        }
        for variant in &ruleset.variants {
            if let Err(message) = engine.resolve(&variant.preset, &variant.options) {
                report.push(at.error_on(
                    kind,
                    key,
                    variant,
                    "variants",
                    format!("{}: {message}", variant.label),
                ));
            }
        }
        for id in &ruleset.implements {
            if let Some(game) = record_game(corpus, id)
                && game != ruleset.game
            {
                report.push(at.error_on(
                    kind,
                    key,
                    id,
                    "implements",
                    format!(
                        "{id} is a record of {game}, but this ruleset plays {}",
                        ruleset.game
                    ),
                ));
            }
        }
    }
    for (game, file) in &corpus.claims {
        let kind = FileKind::Claims;
        for claim in &file.claims {
            let quoted = match claim.sentence.from {
                SentenceOrigin::Quotation => corpus
                    .evidence
                    .get(&claim.record)
                    .and_then(|e| e.quotation.as_ref())
                    .map(|q| q.text.as_str()),
                SentenceOrigin::Rules => record_rules(corpus, &claim.record),
            };
            match quoted {
                Some(text)
                    if normalize_whitespace(text)
                        .contains(&normalize_whitespace(&claim.sentence.text)) => {}
                Some(_) => report.push(at.error_on(
                    kind,
                    game,
                    claim,
                    "sentence.text",
                    format!(
                        "claim {}: the sentence is not, word for word, in the {} of {}",
                        claim.id,
                        origin_name(claim.sentence.from),
                        claim.record
                    ),
                )),
                None => report.push(at.error_on(
                    kind,
                    game,
                    claim,
                    "sentence.from",
                    format!(
                        "claim {}: {} has no {}",
                        claim.id,
                        claim.record,
                        origin_name(claim.sentence.from)
                    ),
                )),
            }
            let check = &claim.check;
            let Some(engine) = corpus
                .rulesets
                .get(&claim.ruleset)
                .and_then(|r| rulesets::find(&r.engine).ok())
            else {
                continue;
            };
            for key in check
                .fixed()
                .keys()
                .chain(check.search_keys().iter())
                .chain(&claim.concerns)
            {
                if !engine.specs().iter().any(|s| s.key == key.as_str()) {
                    report.push(at.error_on(
                        kind,
                        game,
                        check,
                        "check",
                        format!(
                            "claim {}: {} has no option {key:?}",
                            claim.id,
                            engine.info().slug
                        ),
                    ));
                }
            }
            if let Check::Computation(c) = &check.value
                && !engine
                    .computations()
                    .iter()
                    .any(|(name, _)| *name == c.name)
            {
                report.push(at.error_on(
                    kind,
                    game,
                    check,
                    "check",
                    format!(
                        "claim {}: {} has no computation {:?}",
                        claim.id,
                        engine.info().slug,
                        c.name
                    ),
                ));
            }
        }
    }
    report
}

fn origin_name(origin: SentenceOrigin) -> &'static str {
    match origin {
        SentenceOrigin::Quotation => "quotation",
        SentenceOrigin::Rules => "Rules text",
    }
}

/// Options of a ruleset file, resolved.
pub fn ruleset_options(corpus: &Corpus, ruleset: &str) -> Option<rulesets::Resolved> {
    let file = corpus.rulesets.get(ruleset)?;
    let engine = rulesets::find(&file.engine).ok()?;
    engine.resolve(&file.preset, &file.options).ok()
}

/// The option set a ruleset's variant plays, found by its label: `Err` with the labels there
/// are where none has it, `Ok(None)` where the ruleset or its engine cannot be resolved (which
/// the links check reports).
pub fn variant_options(
    corpus: &Corpus,
    ruleset: &str,
    label: &str,
) -> Result<Option<rulesets::Resolved>, Vec<String>> {
    let Some(file) = corpus.rulesets.get(ruleset) else {
        return Ok(None);
    };
    let Some(variant) = file.variants.iter().find(|v| v.label == label) else {
        return Err(file.variants.iter().map(|v| v.label.clone()).collect());
    };
    Ok(rulesets::find(&file.engine)
        .ok()
        .and_then(|engine| engine.resolve(&variant.preset, &variant.options).ok()))
}
