//! Finds records and their fields in a page, whichever layout the portal used:
//!
//! * one field per line (`Id DLP.Evidence.1238`, `Type Ethnography`, …);
//! * a whole record on one line after a `|`, with line breaks inside fields;
//! * the older `Label: value` form;
//! * section pages (rulesets, games) where a label stands alone above its value.
//!
//! Fields may come in any order and any may be missing. Nothing here knows the seeds: the
//! decisions rest on the label vocabulary, on the shape of values (an `Id` is followed by
//! an identifier, a `Date` by a date) and on quotation marks, which hide label-like words
//! inside quotations.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use regex::Regex;

use crate::labels::{Label, label_at};
use crate::page::{PageLine, PageText};
use crate::values::quotation_end;

/// A field's label: one the corpus knows, or another kept verbatim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldLabel {
    Known(Label),
    Other(String),
}

impl FieldLabel {
    pub fn name(&self) -> &str {
        match self {
            Self::Known(label) => label.name(),
            Self::Other(name) => name,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawField {
    pub label: FieldLabel,
    /// The value with its line breaks; whitespace is normalised later.
    pub value: String,
    /// Line of the label in the saved page.
    pub line: u64,
}

/// A record's fields in page order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawRecord {
    pub line: u64,
    pub fields: Vec<RawField>,
    /// The page stopped inside this record: it is the last one and nothing closes the page.
    pub cut_off: bool,
}

impl RawRecord {
    pub fn get(&self, label: Label) -> Option<&RawField> {
        self.fields
            .iter()
            .find(|f| f.label == FieldLabel::Known(label))
    }
}

/// What the page's heading says it lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageContext {
    /// "Evidence in Palestine".
    Region(String),
    /// "Evidence for Baqura".
    Game(String),
    None,
}

/// How the page ends, which tells whether its last record may be cut off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageEnd {
    /// The portal's footer ("Contact Us").
    Footer,
    /// The closing `|` of the one-line layout.
    Delimiter,
    /// A complete HTML document.
    Document,
    /// Nothing: the saved page may have been cut.
    Abrupt,
}

#[derive(Clone, Debug)]
pub struct RawPage {
    /// The first line of the page's content.
    pub title: Option<String>,
    pub context: PageContext,
    /// "3 pieces of evidence found."
    pub declared_records: Option<usize>,
    /// Records introduced by an `Id` field.
    pub records: Vec<RawRecord>,
    /// Lines between the title and the first section of a section page ("Ruleset: Dèleb").
    pub heading: Vec<String>,
    /// The fields of a section page (a ruleset or game page), if the page is one.
    pub sections: Option<RawRecord>,
    pub end: PageEnd,
}

static NAV_WORDS: [&str; 6] = [
    "Home",
    "Games",
    "Forum",
    "Downloads",
    "References",
    "Tutorials",
];
static EVIDENCE_HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^Evidence (in|for) (.+?)\s*$").expect("regex"));
static DECLARED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d+) pieces? of evidence found\.?$").expect("regex"));
static COLON_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Z][A-Za-z()/' -]{0,38}[A-Za-z)]):\s+(\S.*)$").expect("regex")
});
static TITLE_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([A-Z][a-z]{2,24})\s+(\S.*)$").expect("regex"));
static DATE_START: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?i:c\.|ca\.|circa|about)?\s*(?:AD\s*|CE\s*)?-?\d{1,4}\b").expect("regex")
});

/// Splits a page into records and fields.
pub fn parse_page(page: &PageText, html_closed: bool) -> RawPage {
    let lines = &page.lines;
    let start = lines
        .iter()
        .position(is_navigation)
        .map_or(0, |nav| nav + 1);
    let footer = lines
        .iter()
        .skip(start)
        .position(|l| l.text.trim() == "Contact Us")
        .map(|p| p + start);
    let last_content = lines.iter().rposition(|l| !l.text.trim().is_empty());
    let (end, page_end) = match (footer, last_content) {
        (Some(footer), _) => (footer, PageEnd::Footer),
        (None, Some(last)) if lines[last].text.trim() == "|" => (last, PageEnd::Delimiter),
        _ if html_closed => (lines.len(), PageEnd::Document),
        _ => (lines.len(), PageEnd::Abrupt),
    };
    let region: Vec<&PageLine> = lines[start..end.max(start)]
        .iter()
        .filter(|l| l.text.trim() != "|")
        .collect();

    let mut cursor = 0;
    let mut title = None;
    let mut context = PageContext::None;
    let mut declared_records = None;
    while cursor < region.len() {
        let text = region[cursor].text.trim();
        if text.is_empty() {
            cursor += 1;
            continue;
        }
        if label_at(text).is_some_and(|(label, _)| label == Label::Id) {
            break;
        }
        if title.is_none() {
            title = Some(text.to_string());
            if let Some(caps) = EVIDENCE_HEADING.captures(text) {
                let name = caps[2].to_string();
                context = if &caps[1] == "in" {
                    PageContext::Region(name)
                } else {
                    PageContext::Game(name)
                };
            }
            cursor += 1;
            continue;
        }
        if let Some(caps) = DECLARED.captures(text) {
            declared_records = caps[1].parse().ok();
            cursor += 1;
            continue;
        }
        break;
    }

    let body = &region[cursor..];
    let starts: Vec<usize> = (0..body.len())
        .filter(|&i| starts_record(body, i))
        .collect();
    let mut records = Vec::new();
    for (n, &first) in starts.iter().enumerate() {
        let last = starts.get(n + 1).copied().unwrap_or(body.len());
        let mut record = parse_record(&body[first..last]);
        record.cut_off = n + 1 == starts.len() && page_end == PageEnd::Abrupt;
        records.push(record);
    }

    let mut heading = Vec::new();
    let mut sections = None;
    if starts.is_empty() {
        let first_section = body
            .iter()
            .position(|l| section_label(l.text.trim()).is_some())
            .unwrap_or(body.len());
        heading = body[..first_section]
            .iter()
            .map(|l| l.text.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect();
        if first_section < body.len() {
            let mut record = parse_sections(&body[first_section..]);
            record.cut_off = page_end == PageEnd::Abrupt;
            sections = Some(record);
        }
    }
    RawPage {
        title,
        context,
        declared_records,
        records,
        heading,
        sections,
        end: page_end,
    }
}

fn is_navigation(line: &PageLine) -> bool {
    let words: BTreeSet<&str> = line.text.split_whitespace().collect();
    NAV_WORDS.iter().filter(|w| words.contains(*w)).count() >= 4
}

/// A record starts at `Id` followed by an identifier on the same line or the next one.
fn starts_record(body: &[&PageLine], index: usize) -> bool {
    let text = body[index].text.trim();
    let Some((Label::Id, len)) = label_at(text) else {
        return false;
    };
    let rest = text[len..].trim_start_matches([':', ' ', '\t']);
    if !rest.is_empty() {
        return rest.starts_with("DLP.");
    }
    body[index + 1..]
        .iter()
        .map(|l| l.text.trim())
        .find(|t| !t.is_empty())
        .is_some_and(|t| t.starts_with("DLP."))
}

/// A label standing alone on its line ("Rules", "Period(s):"), as section pages print them.
fn section_label(text: &str) -> Option<Label> {
    let (label, len) = label_at(text)?;
    text[len..]
        .trim_start_matches(':')
        .trim()
        .is_empty()
        .then_some(label)
}

fn parse_record(chunk: &[&PageLine]) -> RawRecord {
    let first = chunk[0].text.trim();
    let others_on_first_line = {
        let mut count = 0;
        for (i, _) in first
            .char_indices()
            .filter(|(i, _)| *i > 0 && first[..*i].ends_with(char::is_whitespace))
        {
            if label_at(&first[i..]).is_some_and(|(l, _)| l.is_evidence_field()) {
                count += 1;
            }
        }
        count
    };
    let section_style = chunk
        .iter()
        .skip(1)
        .filter(|l| section_label(l.text.trim()).is_some())
        .count()
        >= 2;
    if others_on_first_line >= 1 {
        parse_inline(chunk)
    } else if section_style {
        parse_sections(chunk)
    } else {
        parse_lines(chunk)
    }
}

/// One field per line; unknown labels are recognised by a colon, or, once the previous field
/// is complete, by a capitalised first word.
fn parse_lines(chunk: &[&PageLine]) -> RawRecord {
    let mut record = RawRecord {
        line: chunk[0].number,
        ..RawRecord::default()
    };
    for line in chunk {
        let text = line.text.trim();
        if text.is_empty() {
            continue;
        }
        let previous_complete = record.fields.last().is_none_or(is_complete);
        let repeated = |label: Label| {
            record
                .fields
                .iter()
                .any(|f| f.label == FieldLabel::Known(label))
        };
        // A label already used in this record is a word inside the previous field's text
        // ("as in Game 20"), not a second field.
        if let Some((label, len)) =
            label_at(text).filter(|(label, _)| !repeated(*label) || record.fields.is_empty())
        {
            let value = text[len..].trim_start_matches(':').trim();
            record.fields.push(RawField {
                label: FieldLabel::Known(label),
                value: value.to_string(),
                line: line.number,
            });
        } else if let (true, Some(caps)) = (previous_complete, COLON_LABEL.captures(text)) {
            record.fields.push(RawField {
                label: FieldLabel::Other(caps[1].to_string()),
                value: caps[2].to_string(),
                line: line.number,
            });
        } else if let (true, Some(caps)) = (previous_complete, TITLE_WORD.captures(text)) {
            record.fields.push(RawField {
                label: FieldLabel::Other(caps[1].to_string()),
                value: caps[2].to_string(),
                line: line.number,
            });
        } else if let Some(field) = record.fields.last_mut() {
            field.value.push('\n');
            field.value.push_str(text);
        }
    }
    record
}

/// Section pages: a label alone on its line, its value on the lines below.
fn parse_sections(chunk: &[&PageLine]) -> RawRecord {
    let mut record = RawRecord {
        line: chunk[0].number,
        ..RawRecord::default()
    };
    for line in chunk {
        let text = line.text.trim();
        if let Some(label) = section_label(text) {
            record.fields.push(RawField {
                label: FieldLabel::Known(label),
                value: String::new(),
                line: line.number,
            });
        } else if let (Some(field), false) = (record.fields.last_mut(), text.is_empty()) {
            if !field.value.is_empty() {
                field.value.push('\n');
            }
            field.value.push_str(text);
        }
    }
    record
}

/// A whole record on one line: labels are found inside the text. Quotations hide the words
/// they contain, labels are used once each, and a short field (Type, Game, Date…) must be
/// followed by a value of its shape.
fn parse_inline(chunk: &[&PageLine]) -> RawRecord {
    let mut text = String::new();
    let mut line_starts = Vec::new();
    for line in chunk {
        if !text.is_empty() {
            text.push('\n');
        }
        line_starts.push((text.len(), line.number));
        text.push_str(line.text.trim_end());
    }
    let line_of = |offset: usize| {
        line_starts
            .iter()
            .rev()
            .find(|(start, _)| *start <= offset)
            .map_or(chunk[0].number, |(_, n)| *n)
    };

    let candidates: Vec<(usize, Label, usize)> = text
        .char_indices()
        .filter(|(i, _)| *i == 0 || text[..*i].ends_with(char::is_whitespace))
        .filter_map(|(i, _)| label_at(&text[i..]).map(|(label, len)| (i, label, len)))
        .collect();

    let mut accepted: Vec<(usize, Label, usize)> = Vec::new();
    let mut used = BTreeSet::new();
    let mut hidden_until = 0;
    for (index, &(position, label, len)) in candidates.iter().enumerate() {
        if position < hidden_until || used.contains(&label) {
            continue;
        }
        let value_start = value_start(&text, position + len);
        let next = candidates[index + 1..]
            .iter()
            .map(|c| c.0)
            .find(|&p| p >= value_start)
            .unwrap_or(text.len());
        let preview = text[value_start..next].trim();
        if !plausible(label, &text[value_start..], preview) {
            continue;
        }
        used.insert(label);
        accepted.push((position, label, len));
        if label == Label::Content
            && let Some(end) = quotation_end(&text[value_start..])
        {
            hidden_until = value_start + end;
        }
    }

    let mut record = RawRecord {
        line: chunk[0].number,
        ..RawRecord::default()
    };
    for (n, &(position, label, len)) in accepted.iter().enumerate() {
        let end = accepted.get(n + 1).map_or(text.len(), |next| next.0);
        let start = value_start(&text, position + len).min(end);
        record.fields.push(RawField {
            label: FieldLabel::Known(label),
            value: text[start..end].trim().to_string(),
            line: line_of(position),
        });
    }
    record
}

fn value_start(text: &str, after_label: usize) -> usize {
    let rest = &text[after_label..];
    let trimmed = rest.trim_start_matches(':').trim_start_matches([' ', '\t']);
    after_label + (rest.len() - trimmed.len())
}

/// Whether the text after a label looks like that label's value.
fn plausible(label: Label, rest: &str, preview: &str) -> bool {
    match label {
        Label::Id => rest.starts_with("DLP."),
        Label::Date => DATE_START.is_match(rest),
        Label::Confidence => rest
            .split_whitespace()
            .next()
            .is_some_and(|w| w.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit())),
        // Short values are names, places, numbers ("Ethnography", "Kiôz", "11° 7'…", "All"):
        // prose that merely contains the word ("Type of the board", "Game ends when") starts
        // in lower case or runs on into sentences.
        label if label.is_short() => {
            preview.starts_with(|c: char| !c.is_lowercase())
                && preview.chars().count() <= 160
                && !preview.contains(". ")
        }
        _ => true,
    }
}

/// Whether a field's value is finished, so that the next line may be a new, unknown field
/// rather than a continuation.
fn is_complete(field: &RawField) -> bool {
    let value = field.value.trim_end();
    match &field.label {
        FieldLabel::Known(Label::Content) if value.contains(['"', '“', '«']) => {
            quotation_end(value).is_some()
        }
        FieldLabel::Known(label) if label.is_short() => true,
        _ => {
            value.ends_with(['.', '!', '?', '"', '\'', '»', '”', ')', ']'])
                || value.ends_with(|c: char| c.is_ascii_digit())
        }
    }
}
