//! Validation of a whole corpus: identifiers, file names, dates, confidence and every
//! reference between records. Every problem is reported; nothing stops at the first.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Report};
use crate::id::{RecordKind, check_slug, parse_record_id};
use crate::store::{Corpus, FileKind};
use crate::yaml::{Located, line_of};

/// Locates diagnostics in the loaded files: a value read with its line
/// ([`crate::yaml::Located`]) by that line, a field by its path in the file.
pub struct Locator<'a> {
    /// The corpus checked.
    pub corpus: &'a Corpus,
    /// The corpus's folder, for file names.
    pub root: &'a Path,
}

impl Locator<'_> {
    /// The file holding `key`: where it was loaded from, or where it belongs.
    pub fn path(&self, kind: FileKind, key: &str) -> PathBuf {
        self.corpus
            .path_of(kind, key)
            .map_or_else(|| self.root.join(kind.path(key)), Path::to_path_buf)
    }

    /// A diagnostic on `field` (a dotted path) of the file holding `key`.
    pub fn error(
        &self,
        kind: FileKind,
        key: &str,
        field: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        let path = self.path(kind, key);
        let segments: Vec<&str> = field.split('.').collect();
        let line = self
            .corpus
            .texts
            .get(&path)
            .and_then(|text| line_of(text, &segments));
        Diagnostic::error(&path, message).at_line(line).field(field)
    }

    /// A diagnostic on a value read with its line ([`crate::yaml::Located`]).
    pub fn error_on<T>(
        &self,
        kind: FileKind,
        key: &str,
        value: &Located<T>,
        field: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::error(self.path(kind, key), message)
            .at_line(value.line())
            .field(field)
    }
}

/// Checks everything that can be checked from the corpus alone: one check per kind of file,
/// each reporting every problem it finds.
pub fn check_corpus(corpus: &Corpus, root: &Path) -> Report {
    let at = Locator { corpus, root };
    let mut report = Report::default();
    let mut push = |d: Diagnostic| report.push(d);
    check_evidence(corpus, &at, &mut push);
    check_portal_rulesets(corpus, &at, &mut push);
    check_games(corpus, &at, &mut push);
    check_sources(corpus, &at, &mut push);
    check_executable_rulesets(corpus, &at, &mut push);
    let claim_ids = check_claims(corpus, &at, &mut push);
    check_coverage(corpus, &at, &claim_ids, &mut push);
    report
}

/// Evidence records: identifier, dates, confidence, quotation, and the game, sources and
/// ruleset they name.
fn check_evidence(corpus: &Corpus, at: &Locator<'_>, push: &mut impl FnMut(Diagnostic)) {
    for (key, record) in &corpus.evidence {
        let kind = FileKind::Evidence;
        check_record_id(at, kind, key, &record.id, RecordKind::Evidence, push);
        if let Some(date) = &record.date
            && date.start > date.end
        {
            push(at.error(
                kind,
                key,
                "date.start",
                format!("starts ({}) after it ends ({})", date.start, date.end),
            ));
        }
        if let Some(confidence) = record.confidence
            && confidence > 100
        {
            push(at.error(
                kind,
                key,
                "confidence",
                format!("{confidence} is not between 0 and 100"),
            ));
        }
        if let Some(game) = &record.game {
            match corpus.games.get(game) {
                None => push(at.error(
                    kind,
                    key,
                    "game",
                    format!("game {game:?} has no file games/{game}.yaml"),
                )),
                Some(g) if !g.evidence.contains(&record.id) => {
                    push(at.error(
                        FileKind::Game,
                        game,
                        "evidence",
                        format!("does not list {}, which names this game", record.id),
                    ));
                }
                Some(_) => {}
            }
        }
        for source in &record.sources {
            if !corpus.sources.contains_key(source) {
                push(at.error(
                    kind,
                    key,
                    "sources",
                    format!("source {source:?} has no file sources/{source}.yaml"),
                ));
            }
        }
        if let Some(ruleset) = &record.ruleset
            && !corpus.portal_rulesets.contains_key(ruleset)
        {
            push(at.error(
                kind,
                key,
                "ruleset",
                format!("{ruleset} has no file rulesets/{ruleset}.yaml"),
            ));
        }
        if let Some(quotation) = &record.quotation {
            if let Some(language) = &quotation.language
                && !is_language_tag(language)
            {
                push(at.error(
                    kind,
                    key,
                    "quotation.language",
                    format!("{language:?} is not a language tag such as \"la\" or \"fr\""),
                ));
            }
            if quotation.text.trim().is_empty() {
                push(at.error(kind, key, "quotation.text", "is empty"));
            }
        }
        if record.pages.is_empty() && record.export.is_none() {
            push(at.error(
                kind,
                key,
                "pages",
                "lists no page and no export row the record came from",
            ));
        }
    }
}

/// The portal's rulesets: identifier, and the game and sources they name.
fn check_portal_rulesets(corpus: &Corpus, at: &Locator<'_>, push: &mut impl FnMut(Diagnostic)) {
    for (key, ruleset) in &corpus.portal_rulesets {
        let kind = FileKind::PortalRuleset;
        check_record_id(at, kind, key, &ruleset.id, RecordKind::GameRuleset, push);
        if let Some(game) = &ruleset.game {
            match corpus.games.get(game) {
                None => push(at.error(
                    kind,
                    key,
                    "game",
                    format!("game {game:?} has no file games/{game}.yaml"),
                )),
                Some(g) if !g.rulesets.contains(&ruleset.id) => {
                    push(at.error(
                        FileKind::Game,
                        game,
                        "rulesets",
                        format!("does not list {}, which names this game", ruleset.id),
                    ));
                }
                Some(_) => {}
            }
        }
        for source in &ruleset.sources {
            if !corpus.sources.contains_key(source) {
                push(at.error(
                    kind,
                    key,
                    "sources",
                    format!("source {source:?} has no file sources/{source}.yaml"),
                ));
            }
        }
    }
}

/// Games: key, the records they list, DLP's identifier.
fn check_games(corpus: &Corpus, at: &Locator<'_>, push: &mut impl FnMut(Diagnostic)) {
    for (key, game) in &corpus.games {
        let kind = FileKind::Game;
        if game.key != *key {
            push(at.error(
                kind,
                key,
                "key",
                format!("is {:?} but the file is named {key}.yaml", game.key),
            ));
        }
        if let Err(message) = check_slug(key) {
            push(at.error(kind, key, "key", message));
        }
        for id in &game.evidence {
            if !corpus.evidence.contains_key(id) {
                push(at.error(
                    kind,
                    key,
                    "evidence",
                    format!("{id} has no file evidence/{id}.yaml"),
                ));
            }
        }
        for id in &game.rulesets {
            if !corpus.portal_rulesets.contains_key(id) {
                push(at.error(
                    kind,
                    key,
                    "rulesets",
                    format!("{id} has no file rulesets/{id}.yaml"),
                ));
            }
        }
        if let Some(id) = &game.dlp_id
            && parse_record_id(id) != Ok(RecordKind::Game)
        {
            push(at.error(
                kind,
                key,
                "dlp_id",
                format!("{id:?} is not a game identifier (DLP.Games.N)"),
            ));
        }
    }
}

/// Sources: key.
fn check_sources(corpus: &Corpus, at: &Locator<'_>, push: &mut impl FnMut(Diagnostic)) {
    for (key, source) in &corpus.sources {
        let kind = FileKind::Source;
        if source.key != *key {
            push(at.error(
                kind,
                key,
                "key",
                format!("is {:?} but the file is named {key}.yaml", source.key),
            ));
        }
        if let Err(message) = check_slug(key) {
            push(at.error(kind, key, "key", message));
        }
    }
}

/// Executable rulesets: identifier, game, the records they implement; and every record of a
/// game with an engine is implemented by one.
fn check_executable_rulesets(corpus: &Corpus, at: &Locator<'_>, push: &mut impl FnMut(Diagnostic)) {
    let mut implemented: BTreeSet<&str> = BTreeSet::new();
    for (key, ruleset) in &corpus.rulesets {
        let kind = FileKind::ExecutableRuleset;
        if ruleset.id != *key {
            push(at.error(
                kind,
                key,
                "id",
                format!("is {:?} but the file is named {key}.yaml", ruleset.id),
            ));
        }
        if let Err(message) = check_slug(key) {
            push(at.error(kind, key, "id", message));
        }
        if !corpus.games.contains_key(&ruleset.game) {
            push(at.error(
                kind,
                key,
                "game",
                format!(
                    "game {:?} has no file games/{}.yaml",
                    ruleset.game, ruleset.game
                ),
            ));
        }
        if ruleset.implements.is_empty() {
            push(at.error(kind, key, "implements", "names no record"));
        }
        for id in &ruleset.implements {
            let known = corpus.evidence.contains_key(id.as_str())
                || corpus.portal_rulesets.contains_key(id.as_str());
            if known {
                implemented.insert(id.as_str());
            } else {
                push(at.error_on(
                    kind,
                    key,
                    id,
                    "implements",
                    format!(
                        "{id} is neither an evidence record nor a portal ruleset of the corpus"
                    ),
                ));
            }
        }
    }
    // Records of a game with an engine must say which reading runs them; records of the other
    // games link to their portal rulesets, which the reports mark as not executable here.
    let engine_games: BTreeSet<&str> = corpus.rulesets.values().map(|r| r.game.as_str()).collect();
    for (id, record) in &corpus.evidence {
        if let Some(game) = record.game.as_deref()
            && engine_games.contains(game)
            && !implemented.contains(id.as_str())
        {
            push(at.error(FileKind::Evidence, id, "id", format!("{id} is implemented by no executable ruleset, though its game {game} has one (add it to `implements` of a file in rulesets/)")));
        }
    }
}

/// Claims: identifiers unique across files, and the record, ruleset and language they name.
/// Returns the file defining each claim.
fn check_claims<'a>(
    corpus: &'a Corpus,
    at: &Locator<'_>,
    push: &mut impl FnMut(Diagnostic),
) -> BTreeMap<&'a str, &'a str> {
    let mut claim_ids: BTreeMap<&str, &str> = BTreeMap::new();
    for (game, file) in &corpus.claims {
        let kind = FileKind::Claims;
        if !corpus.games.contains_key(game) {
            push(at.error(
                kind,
                game,
                "claims",
                format!("the file is named after {game:?}, which has no file games/{game}.yaml"),
            ));
        }
        for claim in &file.claims {
            if let Err(message) = check_slug(&claim.id) {
                push(at.error_on(kind, game, claim, "id", message));
            }
            if let Some(other) = claim_ids.insert(&claim.id, game) {
                push(at.error_on(
                    kind,
                    game,
                    claim,
                    "id",
                    format!("claim {} is also defined in claims/{other}.yaml", claim.id),
                ));
            }
            if !corpus.evidence.contains_key(&claim.record)
                && !corpus.portal_rulesets.contains_key(&claim.record)
            {
                push(at.error_on(
                    kind,
                    game,
                    claim,
                    "record",
                    format!(
                        "claim {}: record {} is not in the corpus",
                        claim.id, claim.record
                    ),
                ));
            }
            match corpus.rulesets.get(&claim.ruleset) {
                None => push(at.error_on(
                    kind,
                    game,
                    claim,
                    "ruleset",
                    format!(
                        "claim {}: executable ruleset {:?} is not in rulesets/",
                        claim.id, claim.ruleset
                    ),
                )),
                Some(r) if r.game != *game => push(at.error_on(
                    kind,
                    game,
                    claim,
                    "ruleset",
                    format!(
                        "claim {}: ruleset {} plays {}, not {game}",
                        claim.id, r.id, r.game
                    ),
                )),
                Some(_) => {}
            }
            if !is_language_tag(&claim.sentence.language) {
                push(at.error_on(
                    kind,
                    game,
                    claim,
                    "language",
                    format!(
                        "claim {}: {:?} is not a language tag",
                        claim.id, claim.sentence.language
                    ),
                ));
            }
        }
    }
    claim_ids
}

/// Coverage files: the record and ruleset they name, and clauses that are mapped or marked not
/// modelled, read only options they list and name claims that exist.
fn check_coverage(
    corpus: &Corpus,
    at: &Locator<'_>,
    claim_ids: &BTreeMap<&str, &str>,
    push: &mut impl FnMut(Diagnostic),
) {
    for (key, coverage) in &corpus.coverage {
        let kind = FileKind::Coverage;
        // A shared file names its records in `records:`; the entry of each is the record's.
        let shared = coverage.records.iter().find(|r| r.as_str() == key);
        if shared.is_none() && coverage.record != *key {
            push(at.error(
                kind,
                key,
                "record",
                format!("is {:?} but the file is named {key}.yaml", coverage.record),
            ));
        }
        if !corpus.evidence.contains_key(&coverage.record)
            && !corpus.portal_rulesets.contains_key(&coverage.record)
        {
            let message = format!("{} is not in the corpus", coverage.record);
            push(match shared {
                Some(record) => at.error_on(kind, key, record, "records", message),
                None => at.error(kind, key, "record", message),
            });
        }
        if !corpus.rulesets.contains_key(&coverage.ruleset) {
            push(at.error(
                kind,
                key,
                "ruleset",
                format!(
                    "executable ruleset {:?} is not in rulesets/",
                    coverage.ruleset
                ),
            ));
        }
        for clause in &coverage.clauses {
            let mapped = !clause.options.is_empty()
                || !clause.claims.is_empty()
                || !clause.scenarios.is_empty();
            if mapped == clause.not_modelled.is_some() {
                let message = if mapped {
                    "is both mapped and marked not_modelled"
                } else {
                    "is neither mapped to options, claims or scenarios nor marked not_modelled"
                };
                push(at.error_on(
                    kind,
                    key,
                    clause,
                    "clauses",
                    format!("clause {:?} {message}", clause.text),
                ));
            }
            if !mapped && clause.not_expressed.is_some() {
                push(at.error_on(
                    kind,
                    key,
                    clause,
                    "not_expressed",
                    format!(
                        "clause {:?} is not mapped: what it says is not_modelled, not beyond its options",
                        clause.text
                    ),
                ));
            }
            for (option, value) in &clause.reads {
                if !clause.options.iter().any(|o| o.as_str() == option) {
                    push(at.error_on(
                        kind,
                        key,
                        value,
                        "reads",
                        format!(
                            "clause {:?} reads option {option} but does not list it in options",
                            clause.text
                        ),
                    ));
                }
            }
            for claim in &clause.claims {
                if !claim_ids.contains_key(claim.as_str()) {
                    push(at.error(
                        kind,
                        key,
                        "claims",
                        format!(
                            "clause {:?} names claim {claim}, which no file in claims/ defines",
                            clause.text
                        ),
                    ));
                }
            }
        }
    }
}

fn check_record_id(
    at: &Locator<'_>,
    kind: FileKind,
    key: &str,
    id: &str,
    expected: RecordKind,
    push: &mut impl FnMut(Diagnostic),
) {
    match parse_record_id(id) {
        Ok(found) if found == expected => {}
        Ok(found) => push(at.error(
            kind,
            key,
            "id",
            format!("{id} names a {found}, not a {expected}"),
        )),
        Err(message) => push(at.error(kind, key, "id", message)),
    }
    if id != key {
        push(at.error(
            kind,
            key,
            "id",
            format!("is {id:?} but the file is named {key}.yaml"),
        ));
    }
}

/// A BCP 47 primary language subtag, optionally with a region or script ("la", "fr", "pt-BR").
pub fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let primary = parts.next().unwrap_or_default();
    (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}
