//! Links between records and executable rulesets: every ruleset names an engine, a preset and
//! options that resolve, records it implements of its own game, and claims quote their record.

use corpus::store::FileKind;
use corpus::text::normalize_whitespace;
use corpus::{Corpus, Report, SentenceOrigin};
use rulesets::OptionSet;

use crate::claims::Check;
use crate::located::Locator;

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

pub fn check(at: &Locator<'_>) -> Report {
    let corpus = at.corpus;
    let mut report = Report::default();
    for (key, ruleset) in &corpus.rulesets {
        let kind = FileKind::ExecutableRuleset;
        let engine = match rulesets::find(&ruleset.engine) {
            Ok(engine) => engine,
            Err(message) => {
                report.push(at.error_at(kind, key, "engine:", "engine", message));
                continue;
            }
        };
        if let Err(message) = engine.resolve(&ruleset.preset, &ruleset.options) {
            let field = if ruleset.options.is_empty() {
                "preset"
            } else {
                "options"
            };
            report.push(at.error_at(kind, key, &format!("{field}:"), field, message));
        }
        for variant in &ruleset.variants {
            if let Err(message) = engine.resolve(&variant.preset, &variant.options) {
                report.push(at.error_at(
                    kind,
                    key,
                    &variant.label,
                    "variants",
                    format!("{}: {message}", variant.label),
                ));
            }
        }
        for id in &ruleset.implements {
            if let Some(game) = record_game(corpus, id)
                && game != ruleset.game
            {
                report.push(at.error_at(
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
            let needle = format!("id: {}", claim.id);
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
                Some(_) => report.push(at.error_at(
                    kind,
                    game,
                    &needle,
                    "sentence.text",
                    format!(
                        "claim {}: the sentence is not, word for word, in the {} of {}",
                        claim.id,
                        origin_name(claim.sentence.from),
                        claim.record
                    ),
                )),
                None => report.push(at.error_at(
                    kind,
                    game,
                    &needle,
                    "sentence.from",
                    format!(
                        "claim {}: {} has no {}",
                        claim.id,
                        claim.record,
                        origin_name(claim.sentence.from)
                    ),
                )),
            }
            let check = match serde_json::from_value::<Check>(claim.check.clone()) {
                Ok(check) => check,
                Err(message) => {
                    report.push(at.error_at(
                        kind,
                        game,
                        &needle,
                        "check",
                        format!("claim {}: {message}", claim.id),
                    ));
                    continue;
                }
            };
            let Some(engine) = corpus
                .rulesets
                .get(&claim.ruleset)
                .and_then(|r| rulesets::find(&r.engine).ok())
            else {
                continue;
            };
            for key in check.fixed().keys().chain(check.search_keys().iter()) {
                if !engine.specs().iter().any(|s| s.key == key.as_str()) {
                    report.push(at.error_at(
                        kind,
                        game,
                        &needle,
                        "check",
                        format!(
                            "claim {}: {} has no option {key:?}",
                            claim.id,
                            engine.info().slug
                        ),
                    ));
                }
            }
            if let Check::Computation(c) = &check
                && !engine
                    .computations()
                    .iter()
                    .any(|(name, _)| *name == c.name)
            {
                report.push(at.error_at(
                    kind,
                    game,
                    &needle,
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
pub fn ruleset_options(
    corpus: &Corpus,
    ruleset: &str,
) -> Option<(&'static dyn rulesets::Ruleset, OptionSet)> {
    let file = corpus.rulesets.get(ruleset)?;
    let engine = rulesets::find(&file.engine).ok()?;
    let options = engine.resolve(&file.preset, &file.options).ok()?;
    Some((engine, options))
}
