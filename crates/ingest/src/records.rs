//! Typed records from the raw fields of one page.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use corpus::id::{RecordKind, parse_record_id};
use corpus::text::normalize_whitespace;
use corpus::{
    Citation, Diagnostic, Evidence, Flag, Incomplete, PageRef, PortalRuleset, Quotation, Report,
    Source,
};
use regex::Regex;

use crate::labels::Label;
use crate::lang::detect_language;
use crate::layout::{FieldLabel, PageContext, RawField, RawPage, RawRecord};
use crate::values::{
    game_reference, name_and_plain_spelling, parse_citations, parse_content, parse_date_range,
    parse_list, parse_reference, source_key,
};

/// What a game page says about its game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GamePage {
    /// The game's DLP id, when the page gives it.
    pub dlp_id: Option<String>,
    /// The game's name.
    pub name: String,
    /// Other names.
    pub aliases: Vec<String>,
    /// DLP's description.
    pub description: Option<String>,
    /// DLP's origin.
    pub origin: Option<String>,
    /// Its evidence records' ids.
    pub evidence: Vec<String>,
    /// Its portal rulesets' ids.
    pub rulesets: Vec<String>,
    /// Fields the model does not know, kept as written.
    pub other_fields: BTreeMap<String, String>,
}

/// Everything read from one page.
#[derive(Clone, Debug, Default)]
pub struct PageRecords {
    /// The page read.
    pub page: PageRef,
    /// Evidence records, with the line each starts on.
    pub evidence: Vec<(Evidence, u64)>,
    /// Portal rulesets, with the line each starts on.
    pub rulesets: Vec<(PortalRuleset, u64)>,
    /// The game, for a game page.
    pub game: Option<GamePage>,
    /// The sources the records cite.
    pub sources: Vec<Source>,
    /// Spellings of game names met on the page, such as "Dèleb" beside "Deleb".
    pub game_names: Vec<String>,
}

/// A date range written out in full: if it does not parse, it is wrong, not cut.
static COMPLETE_ISO_RANGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^-?\d{4,}-\d{2}-\d{2}(?:\s*(?:-|–|to)\s*-?\d{4,}-\d{2}-\d{2})?$").expect("regex")
});
static DLP_ID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"DLP\.[A-Za-z]+\.\d+").expect("regex"));

/// Turns a parsed page into records, reporting every field it cannot read.
pub fn records_of(
    page: &RawPage,
    page_ref: PageRef,
    file: &Path,
    report: &mut Report,
) -> PageRecords {
    let mut out = PageRecords {
        page: page_ref,
        ..PageRecords::default()
    };
    if let PageContext::Game(name) = &page.context {
        out.game_names.push(name.clone());
    }
    for raw in &page.records {
        if let Some(evidence) = evidence_of(raw, page, &mut out, file, report) {
            out.evidence.push((evidence, raw.line));
        }
    }
    if let Some(sections) = &page.sections {
        section_page(sections, page, &mut out, file, report);
    }
    if let Some(declared) = page.declared_records
        && declared != page.records.len()
    {
        report.push(Diagnostic::warning(
            file,
            format!(
                "the page says it lists {declared} records but {} were found in it",
                page.records.len()
            ),
        ));
    }
    if out.evidence.is_empty()
        && out.rulesets.is_empty()
        && out.game.is_none()
        && !report.has_errors()
    {
        let message = if page.title.is_none() {
            "the page is empty"
        } else {
            "the page holds no record (no `Id` field and no ruleset or game sections)"
        };
        report.push(Diagnostic::error(file, message));
    }
    out
}

fn located(file: &Path, field: &RawField, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(file, message)
        .at(field.line, None)
        .field(field.label.name())
}

/// A value that cannot be read: kept as written on the record and reported, so that one bad
/// value never refuses the page.
#[allow(clippy::too_many_arguments)]
fn flag(
    evidence: &mut Evidence,
    page: &PageRef,
    file: &Path,
    field: &RawField,
    slot: &str,
    value: String,
    problem: String,
    report: &mut Report,
) {
    report.push(
        Diagnostic::warning(file, format!("{}: {problem}; kept as written", evidence.id))
            .at(field.line, None)
            .field(field.label.name()),
    );
    evidence.flags.push(Flag {
        field: slot.to_string(),
        value,
        problem,
        at: format!("{}:{} ({})", page.file, field.line, field.label.name()),
    });
}

/// Decides whether a cut-off record's last field was cut, and how.
fn cut_field(raw: &RawRecord) -> Option<Incomplete> {
    if !raw.cut_off {
        return None;
    }
    let last = raw.fields.last()?;
    let value = last.value.trim();
    let reason = if value.is_empty() {
        "the page ends right after this label".to_string()
    } else if last.label == FieldLabel::Known(Label::Content) && parse_content(value).unclosed {
        "the page ends inside the quotation".to_string()
    } else if last.label == FieldLabel::Known(Label::Date)
        && parse_date_range(value).is_err()
        && !COMPLETE_ISO_RANGE.is_match(value)
    {
        format!("the page ends inside the date ({value:?})")
    } else if matches!(&last.label, FieldLabel::Known(l) if !l.is_short())
        && !value.ends_with(['.', '!', '?', '"', '”', '»', ')'])
    {
        "the page ends inside this field".to_string()
    } else {
        return None;
    };
    Some(Incomplete {
        field: Some(last.label.name().to_string()),
        reason,
    })
}

fn evidence_of(
    raw: &RawRecord,
    page: &RawPage,
    out: &mut PageRecords,
    file: &Path,
    report: &mut Report,
) -> Option<Evidence> {
    let incomplete = cut_field(raw);
    let is_cut = |field: &RawField| {
        incomplete.is_some()
            && std::ptr::eq(field, raw.fields.last().expect("cut record has fields"))
    };
    let id_field = raw.get(Label::Id)?;
    let id = normalize_whitespace(&id_field.value);
    match parse_record_id(&id) {
        Ok(RecordKind::Evidence) => {}
        Ok(other) => {
            report.push(located(
                file,
                id_field,
                format!("{id} is a {other} identifier where an evidence record was expected"),
            ));
            return None;
        }
        Err(_) if is_cut(id_field) => {
            report.push(
                Diagnostic::warning(
                    file,
                    format!("a record is dropped: the page ends inside its Id ({id:?})"),
                )
                .at(id_field.line, None),
            );
            return None;
        }
        Err(message) => {
            report.push(located(file, id_field, message));
            return None;
        }
    }
    let mut evidence = Evidence {
        id,
        kind: None,
        game: None,
        game_name: None,
        date: None,
        location: None,
        regions: vec![],
        rules: None,
        quotation: None,
        confidence: None,
        ages: vec![],
        genders: vec![],
        social_status: vec![],
        spaces: vec![],
        other_fields: BTreeMap::new(),
        incomplete: incomplete.clone(),
        pages: vec![out.page.clone()],
        ..Evidence::default()
    };
    for field in &raw.fields {
        let value = normalize_whitespace(&field.value);
        let cut = is_cut(field);
        let label = match &field.label {
            FieldLabel::Known(Label::Id) => continue,
            FieldLabel::Known(label) => *label,
            FieldLabel::Other(name) => {
                evidence.other_fields.insert(name.clone(), value);
                continue;
            }
        };
        if value.is_empty() {
            continue;
        }
        match label {
            Label::Type => evidence.kind = Some(value),
            Label::Game => evidence.game_name = Some(value),
            Label::Location => match corpus::geo::parse_location(&value) {
                Ok(location) => evidence.location = Some(location),
                Err(_) if cut => {}
                Err(problem) => flag(
                    &mut evidence,
                    &out.page,
                    file,
                    field,
                    "location",
                    value,
                    problem,
                    report,
                ),
            },
            Label::Date => match parse_date_range(&value) {
                Ok(range) => evidence.date = Some(range),
                Err(_) if cut => {}
                Err(problem) => flag(
                    &mut evidence,
                    &out.page,
                    file,
                    field,
                    "date",
                    value,
                    problem,
                    report,
                ),
            },
            Label::Rules => evidence.rules = Some(value),
            Label::Content => {
                let parts = parse_content(&value);
                if parts.unclosed && !cut {
                    report.push(
                        Diagnostic::warning(
                            file,
                            "the quotation opens but never closes; kept as it stands",
                        )
                        .at(field.line, None)
                        .field("Content"),
                    );
                }
                let language = detect_language(&parts.text);
                if language.is_none() {
                    report.push(
                        Diagnostic::warning(
                            file,
                            format!(
                                "{}: the language of the quotation could not be told",
                                evidence.id
                            ),
                        )
                        .at(field.line, None)
                        .field("Content"),
                    );
                }
                evidence.quotation = Some(Quotation {
                    intro: parts.intro,
                    text: parts.text,
                    language,
                    citations: parts.citations,
                });
            }
            Label::Confidence => match value.trim_end_matches(['.', '%']).parse::<u32>() {
                Ok(confidence) if confidence <= 100 => evidence.confidence = Some(confidence),
                Ok(_) => flag(
                    &mut evidence,
                    &out.page,
                    file,
                    field,
                    "confidence",
                    value,
                    "is not between 0 and 100".into(),
                    report,
                ),
                Err(_) if cut => {}
                Err(_) => flag(
                    &mut evidence,
                    &out.page,
                    file,
                    field,
                    "confidence",
                    value,
                    "is not a confidence between 0 and 100".into(),
                    report,
                ),
            },
            Label::Ages => evidence.ages = parse_list(&value),
            Label::Genders => evidence.genders = parse_list(&value),
            Label::SocialStatus => evidence.social_status = parse_list(&value),
            Label::Spaces => evidence.spaces = parse_list(&value),
            Label::Source => {
                let source = source_of_reference(&value);
                evidence.sources.push(source.key.clone());
                out.sources.push(source);
            }
            other => {
                evidence
                    .other_fields
                    .insert(other.name().to_string(), value);
            }
        }
    }
    if evidence.sources.is_empty()
        && let Some(citation) = evidence
            .quotation
            .as_ref()
            .and_then(|q| q.citations.first())
    {
        let source = source_of_citation(citation);
        evidence.sources.push(source.key.clone());
        out.sources.push(source);
    }
    match &page.context {
        PageContext::Region(region) => evidence.regions.push(region.clone()),
        PageContext::Game(name) => match &evidence.game_name {
            Some(own) if corpus::text::slugify(own) != corpus::text::slugify(name) => {
                let field = raw.get(Label::Game).expect("game name came from a field");
                report.push(located(
                    file,
                    field,
                    format!("the record names the game {own:?} but its page is about {name:?}"),
                ));
            }
            Some(_) => {}
            None => evidence.game_name = Some(name.clone()),
        },
        PageContext::None => {}
    }
    if let Some(name) = &evidence.game_name {
        evidence.game = Some(corpus::text::slugify(name));
        out.game_names.push(name.clone());
    }
    if let Some(incomplete) = &incomplete {
        report.push(
            Diagnostic::warning(
                file,
                format!(
                    "{} is kept but marked incomplete: {}",
                    evidence.id, incomplete.reason
                ),
            )
            .at(raw.fields.last().map_or(raw.line, |f| f.line), None),
        );
    }
    Some(evidence)
}

/// The source a reference names, keyed by its authors and year.
pub fn source_of_reference(reference: &str) -> Source {
    let parts = parse_reference(reference);
    Source {
        key: source_key(&parts.authors, parts.year),
        reference: Some(normalize_whitespace(reference)),
        authors: parts.authors,
        year: parts.year,
        title: parts.title,
        published: parts.published,
        ..Source::default()
    }
}

/// A source known only from a citation such as "Hyde 1694: 223".
pub fn source_of_citation(citation: &Citation) -> Source {
    Source {
        key: source_key(&citation.author, Some(citation.year)),
        authors: citation.author.clone(),
        year: Some(citation.year),
        ..Source::default()
    }
}

/// A ruleset page or a game page: sections under labels, identified by `Identifiers`.
fn section_page(
    raw: &RawRecord,
    page: &RawPage,
    out: &mut PageRecords,
    file: &Path,
    report: &mut Report,
) {
    let title = page.title.clone().unwrap_or_default();
    let identifiers = raw.get(Label::Identifiers);
    let ids: Vec<&str> = identifiers
        .map(|f| DLP_ID.find_iter(&f.value).map(|m| m.as_str()).collect())
        .unwrap_or_default();
    let ruleset_id = ids
        .iter()
        .find(|id| parse_record_id(id) == Ok(RecordKind::GameRuleset));
    let game_id = ids
        .iter()
        .find(|id| parse_record_id(id) == Ok(RecordKind::Game));
    let ruleset_heading = page
        .heading
        .iter()
        .find_map(|line| line.strip_prefix("Ruleset:").map(str::trim));

    let text = |label: Label| {
        raw.get(label)
            .map(|f| normalize_whitespace(&f.value))
            .filter(|v| !v.is_empty())
    };
    let known_here = |label: Label| matches!(label, Label::Identifiers | Label::Game);
    // Every field the record kind has no slot for, kept verbatim under its label.
    let other_fields = |consumed: &[Label]| -> BTreeMap<String, String> {
        raw.fields
            .iter()
            .filter(|field| match field.label {
                FieldLabel::Known(label) => !consumed.contains(&label) && !known_here(label),
                _ => true,
            })
            .map(|field| {
                (
                    field.label.name().to_string(),
                    normalize_whitespace(&field.value),
                )
            })
            .filter(|(_, value)| !value.is_empty())
            .collect()
    };
    let consumed_by_ruleset = [
        Label::Periods,
        Label::Summary,
        Label::Description,
        Label::Rules,
        Label::References,
        Label::Origin,
    ];
    let consumed_by_game = [
        Label::Aliases,
        Label::Description,
        Label::Origin,
        Label::Evidence,
        Label::Rulesets,
    ];

    if let Some(id) = ruleset_id
        .copied()
        .or(if ruleset_heading.is_some() && game_id.is_none() {
            Some("")
        } else {
            None
        })
    {
        if id.is_empty() {
            let field = identifiers.unwrap_or(&raw.fields[0]);
            report.push(located(
                file,
                field,
                "a ruleset page without a DLP.GameRulesets identifier",
            ));
            return;
        }
        let other_fields = other_fields(&consumed_by_ruleset);
        let game_name = text(Label::Game).map(|v| game_reference(&v));
        let name = ruleset_heading
            .map(str::to_string)
            .unwrap_or_else(|| title.clone());
        if let Some(game) = &game_name {
            out.game_names.push(game.clone());
            for spelling in [&name, &title] {
                if let Some((with, without)) = name_and_plain_spelling(spelling)
                    && corpus::text::slugify(&without) == corpus::text::slugify(game)
                {
                    out.game_names.push(with);
                }
            }
        }
        let references = text(Label::References)
            .map(|v| parse_citations(&v))
            .unwrap_or_default();
        let mut sources = Vec::new();
        for citation in &references {
            let source = source_of_citation(citation);
            sources.push(source.key.clone());
            out.sources.push(source);
        }
        let ruleset = PortalRuleset {
            id: id.to_string(),
            name,
            game: game_name.as_deref().map(corpus::text::slugify),
            game_name,
            periods: text(Label::Periods)
                .map(|v| parse_list(&v))
                .unwrap_or_default(),
            summary: text(Label::Summary),
            description: text(Label::Description),
            rules: text(Label::Rules),
            references,
            sources,
            origin: text(Label::Origin),
            other_fields,
            incomplete: cut_field(raw),
            pages: vec![out.page.clone()],
            ..PortalRuleset::default()
        };
        out.rulesets.push((ruleset, raw.line));
    } else if let Some(id) = game_id {
        let other_fields = other_fields(&consumed_by_game);
        let ids_in = |label: Label, kind: RecordKind| -> Vec<String> {
            raw.get(label)
                .map(|f| {
                    DLP_ID
                        .find_iter(&f.value)
                        .map(|m| m.as_str().to_string())
                        .filter(|id| parse_record_id(id) == Ok(kind))
                        .collect()
                })
                .unwrap_or_default()
        };
        let aliases = text(Label::Aliases)
            .map(|v| parse_list(&v))
            .unwrap_or_default();
        // Aliases join the game through the game page itself, not as names of their own.
        out.game_names.push(title.clone());
        out.game = Some(GamePage {
            dlp_id: Some((*id).to_string()),
            name: title,
            aliases,
            description: text(Label::Description),
            origin: text(Label::Origin),
            evidence: ids_in(Label::Evidence, RecordKind::Evidence),
            rulesets: ids_in(Label::Rulesets, RecordKind::GameRuleset),
            other_fields,
        });
    } else {
        let field = identifiers.unwrap_or(&raw.fields[0]);
        report.push(located(file, field, "a page of sections names neither a ruleset (DLP.GameRulesets.N) nor a game (DLP.Games.N)"));
    }
}
