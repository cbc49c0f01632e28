//! The shapes of field values: date ranges, quotations with their citations, references
//! of sources, lists.

use std::sync::LazyLock;

use corpus::{Citation, DateRange, HistDate};
use regex::Regex;

use crate::labels::label_at;

const OPENING_QUOTES: [char; 3] = ['"', '“', '«'];
const CLOSING_QUOTES: [char; 3] = ['"', '”', '»'];

/// One citation such as "Hyde 1694: 223-224" or "Murray 1951: 98".
const CITATION: &str = r"[A-Z][^\d;:\n]{0,60}?\s\d{4}[a-z]?(?:\s*:\s*(?:\d+|[ivxlcdm]+|[IVXLCDM]+)(?:\s*[-–]\s*\d+)?(?:\s*,\s*\d+(?:\s*[-–]\s*\d+)?)*)?";

static CITATION_TAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"^\s*{CITATION}(?:\s*;\s*{CITATION})*\.?")).expect("regex")
});
static ONE_CITATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?P<author>[A-Z][^\d;:]*?)\s+(?P<year>\d{4})[a-z]?(?:\s*:\s*(?P<pages>[^;]+?))?\s*\.?\s*$").expect("regex")
});

/// Where a quotation sits in a Content value: `intro "text" citation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuoteSpan {
    pub open: usize,
    pub close: usize,
    /// Just after the citation (or the closing mark when there is none).
    pub end: usize,
}

/// Finds the quotation at the start of a Content value: the opening mark (possibly after a few
/// words of introduction) and the first closing mark followed by citations and then nothing,
/// a line break or another label.
pub fn quote_span(text: &str) -> Option<QuoteSpan> {
    let open = text
        .char_indices()
        .take_while(|(i, _)| *i <= 300)
        .find(|(_, c)| OPENING_QUOTES.contains(c))
        .map(|(i, _)| i)?;
    let body_start = open + text[open..].chars().next()?.len_utf8();
    for (offset, c) in text[body_start..].char_indices() {
        if !CLOSING_QUOTES.contains(&c) {
            continue;
        }
        let close = body_start + offset;
        let after = close + c.len_utf8();
        let tail = &text[after..];
        let cited = CITATION_TAIL.find(tail).map_or(0, |m| m.end());
        let rest = &tail[cited..];
        let next = rest.trim_start();
        let ends_here = next.is_empty()
            || rest.starts_with('\n')
            || (rest.starts_with(char::is_whitespace) && label_at(next).is_some());
        if ends_here
            && (cited > 0 || tail.trim().is_empty() || rest.starts_with(char::is_whitespace))
        {
            return Some(QuoteSpan {
                open,
                close,
                end: after + cited,
            });
        }
    }
    None
}

/// Length of the quotation and its citations at the start of `text` (used to hide label-like
/// words inside quotations).
pub fn quotation_end(text: &str) -> Option<usize> {
    quote_span(text).map(|span| span.end)
}

/// A Content value taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentParts {
    pub intro: Option<String>,
    pub text: String,
    pub citations: Vec<Citation>,
    /// The quotation opened but never closed: the page may have been cut inside it.
    pub unclosed: bool,
}

pub fn parse_content(value: &str) -> ContentParts {
    let normalized = corpus::text::normalize_whitespace(value);
    if let Some(span) = quote_span(&normalized)
        && normalized[span.end..].trim().is_empty()
    {
        let intro = normalized[..span.open].trim();
        let mark = normalized[span.open..]
            .chars()
            .next()
            .map_or(1, char::len_utf8);
        let closing = normalized[span.close..]
            .chars()
            .next()
            .map_or(1, char::len_utf8);
        return ContentParts {
            intro: (!intro.is_empty()).then(|| intro.to_string()),
            text: normalized[span.open + mark..span.close].trim().to_string(),
            citations: parse_citations(&normalized[span.close + closing..span.end]),
            unclosed: false,
        };
    }
    let opening = normalized
        .char_indices()
        .take_while(|(i, _)| *i <= 300)
        .find(|(_, c)| OPENING_QUOTES.contains(c));
    match opening {
        Some((open, mark)) if !normalized[open + mark.len_utf8()..].contains(CLOSING_QUOTES) => {
            let intro = normalized[..open].trim();
            ContentParts {
                intro: (!intro.is_empty()).then(|| intro.to_string()),
                text: normalized[open + mark.len_utf8()..].trim().to_string(),
                citations: vec![],
                unclosed: true,
            }
        }
        _ => ContentParts {
            intro: None,
            text: normalized,
            citations: vec![],
            unclosed: false,
        },
    }
}

/// "Murray 1951: 98; Depaulis 2001: 59." → two citations.
pub fn parse_citations(text: &str) -> Vec<Citation> {
    text.split(';')
        .filter_map(|part| {
            let caps = ONE_CITATION.captures(part)?;
            Some(Citation {
                author: caps["author"].trim().to_string(),
                year: caps["year"].parse().ok()?,
                pages: caps
                    .name("pages")
                    .map(|p| p.as_str().trim().to_string())
                    .filter(|p| !p.is_empty()),
                text: part.trim().trim_end_matches('.').trim().to_string(),
            })
        })
        .collect()
}

static ISO_RANGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(-?\d{4,}-\d{2}-\d{2})(?:\s*(?:\s-\s|–|—|\bto\b)\s*(-?\d{4,}-\d{2}-\d{2}))?$")
        .expect("regex")
});
static ERA_ENDPOINT: &str = r"(?:(?P<pre{n}>AD|A\.D\.|CE)\s*)?(?P<year{n}>\d{1,4})\s*(?P<post{n}>BCE|BC|B\.C\.E?\.?|AD|A\.D\.|CE)?";
static ERA_RANGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^{}(?:\s*(?:-|–|—|\bto\b)\s*{})?$",
        ERA_ENDPOINT.replace("{n}", "1"),
        ERA_ENDPOINT.replace("{n}", "2")
    ))
    .expect("regex")
});
static APPROXIMATE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:c\.|ca\.|circa|about|approx\.)\s*").expect("regex"));

/// Reads a Date field: ISO dates ("1694-01-01 - 1694-12-31", negative years for BCE) or years
/// with eras ("3100 BC - 2900 BC", "c. 500 AD", "1200 - 1300").
pub fn parse_date_range(value: &str) -> Result<DateRange, String> {
    let text = corpus::text::normalize_whitespace(value);
    let (approximate, text) = match APPROXIMATE.find(&text) {
        Some(m) => (true, text[m.end()..].to_string()),
        None => (false, text),
    };
    let range = if let Some(caps) = ISO_RANGE.captures(&text) {
        let start: HistDate = caps[1].parse()?;
        let end: HistDate = caps.get(2).map_or(Ok(start), |m| m.as_str().parse())?;
        DateRange {
            start,
            end,
            approximate,
        }
    } else if let Some(caps) = ERA_RANGE.captures(&text) {
        let era = |n: &str| {
            caps.name(&format!("pre{n}"))
                .or_else(|| caps.name(&format!("post{n}")))
                .map(|m| m.as_str().to_ascii_uppercase().starts_with('B'))
        };
        let year = |n: &str| {
            caps.name(&format!("year{n}"))
                .map(|m| m.as_str().parse::<i32>())
        };
        let first_bce = era("1");
        let second_bce = era("2");
        // "3100 - 2900 BC": an era written once applies to both ends.
        let bce1 = first_bce.or(second_bce).unwrap_or(false);
        let bce2 = second_bce.or(first_bce).unwrap_or(false);
        let astronomical = |y: i32, bce: bool| if bce { 1 - y } else { y };
        let y1 = year("1")
            .ok_or("missing year")?
            .map_err(|e| e.to_string())?;
        let y2 = year("2")
            .transpose()
            .map_err(|e| e.to_string())?
            .unwrap_or(y1);
        if (!bce1 && y1 == 0) || (!bce2 && y2 == 0) {
            return Err(format!(
                "{value:?}: there is no year 0 in the AD/BC reckoning"
            ));
        }
        let bce2 = if year("2").is_none() { bce1 } else { bce2 };
        DateRange {
            start: HistDate::first_of_year(astronomical(y1, bce1)),
            end: HistDate::last_of_year(astronomical(y2, bce2)),
            approximate,
        }
    } else {
        return Err(format!(
            "{value:?} is not a date range such as \"1694-01-01 - 1694-12-31\" or \"3100 BC - 2900 BC\""
        ));
    };
    if range.start > range.end {
        return Err(format!("{value:?} ends before it starts"));
    }
    Ok(range)
}

/// "All", "Adult, Elderly" → a list.
pub fn parse_list(value: &str) -> Vec<String> {
    value
        .split([',', ';', '\n'])
        .map(corpus::text::normalize_whitespace)
        .filter(|item| !item.is_empty())
        .collect()
}

static REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<authors>.+?)[\s,]+(?P<year>\d{4})[a-z]?\.\s*(?P<rest>.*)$").expect("regex")
});
static PUBLISHER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Z][^:.]{1,60}:\s+[^:]+\.?$").expect("regex"));

/// A full reference taken apart: "Murray, H.J.R. 1951. A History of Board-Games Other Than
/// Chess. Oxford: Clarendon Press." Unreadable references keep their text only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceParts {
    pub authors: String,
    pub year: Option<i32>,
    pub title: Option<String>,
    pub published: Option<String>,
}

pub fn parse_reference(text: &str) -> ReferenceParts {
    let text = corpus::text::normalize_whitespace(text);
    let Some(caps) = REFERENCE.captures(&text) else {
        return ReferenceParts {
            authors: text,
            year: None,
            title: None,
            published: None,
        };
    };
    let authors = caps["authors"].trim().trim_end_matches(',').to_string();
    let year = caps["year"].parse().ok();
    let rest = caps["rest"].trim();
    let (title, published) = split_title(rest);
    ReferenceParts {
        authors,
        year,
        title,
        published,
    }
}

/// Separates a title from where it was published: a quoted title ends at its closing mark;
/// otherwise the publisher ("Oxford: Clarendon Press.") or a journal with volume numbers is
/// the last sentence.
fn split_title(rest: &str) -> (Option<String>, Option<String>) {
    if rest.is_empty() {
        return (None, None);
    }
    if let Some(open) = rest.strip_prefix(OPENING_QUOTES)
        && let Some(close) = open.find(CLOSING_QUOTES)
    {
        let title = open[..close]
            .trim()
            .trim_end_matches([',', '.'])
            .to_string();
        let published = open[close..].chars().skip(1).collect::<String>();
        let published = published.trim().trim_start_matches(['.', ',']).trim();
        return (
            Some(title),
            (!published.is_empty()).then(|| published.to_string()),
        );
    }
    let breaks: Vec<usize> = rest
        .match_indices(". ")
        .map(|(i, _)| i)
        .filter(|&i| rest[i + 2..].starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()))
        .collect();
    for &at in breaks.iter().rev() {
        let tail = rest[at + 2..].trim();
        let journal = tail.chars().any(|c| c.is_ascii_digit());
        if PUBLISHER.is_match(tail) || journal {
            return (Some(rest[..at].trim().to_string()), Some(tail.to_string()));
        }
    }
    (Some(rest.trim_end_matches('.').to_string()), None)
}

/// The key of a source: the first author's surname and the year ("hyde-1694").
pub fn source_key(authors: &str, year: Option<i32>) -> String {
    let surname = authors
        .split([',', '&', ';'])
        .next()
        .unwrap_or(authors)
        .split(" and ")
        .next()
        .unwrap_or(authors);
    let base = short_slug(&corpus::text::slugify(surname), 40);
    let base = if base.is_empty() {
        "unknown".to_string()
    } else {
        base
    };
    match year {
        Some(year) => format!("{base}-{year}"),
        None => base,
    }
}

/// A slug cut at a hyphen to at most `max` characters: an anonymous work's key is its title,
/// and a key must stay a short file name.
fn short_slug(slug: &str, max: usize) -> String {
    if slug.len() <= max {
        return slug.to_string();
    }
    let mut out = String::new();
    for word in slug.split('-') {
        if !out.is_empty() && out.len() + 1 + word.len() > max {
            break;
        }
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&word[..word.len().min(max)]);
    }
    out
}

static SEE_THE_GAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)see the game (.+?) for more details").expect("regex"));

/// The game a ruleset page points to ("See the game Deleb for more details.").
pub fn game_reference(value: &str) -> String {
    let value = corpus::text::normalize_whitespace(value);
    SEE_THE_GAME
        .captures(&value)
        .map_or(value.clone(), |caps| caps[1].trim().to_string())
}

/// "Dèleb (Deleb)": a name followed by its spelling without diacritics. Returns both.
pub fn name_and_plain_spelling(title: &str) -> Option<(String, String)> {
    let title = title.trim();
    let open = title.rfind(" (")?;
    let inner = title[open + 2..].strip_suffix(')')?;
    let name = &title[..open];
    (corpus::text::fold_diacritics(name) == inner && name != inner)
        .then(|| (name.to_string(), inner.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        let cases: &[(&str, &str, &str, bool)] = &[
            ("1694-01-01 - 1694-12-31", "1694-01-01", "1694-12-31", false),
            (
                "-0499-01-01 - -0400-12-31",
                "-0499-01-01",
                "-0400-12-31",
                false,
            ),
            ("3100 BC - 2900 BC", "-3099-01-01", "-2899-12-31", false),
            ("3100 - 2900 BC", "-3099-01-01", "-2899-12-31", false),
            ("500 BCE - 300 CE", "-0499-01-01", "0300-12-31", false),
            ("AD 500 - AD 600", "0500-01-01", "0600-12-31", false),
            ("c. 1500 AD", "1500-01-01", "1500-12-31", true),
            ("1200-1300", "1200-01-01", "1300-12-31", false),
            ("1694", "1694-01-01", "1694-12-31", false),
        ];
        for (input, start, end, approximate) in cases {
            let range = parse_date_range(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(
                (
                    range.start.to_string().as_str(),
                    range.end.to_string().as_str(),
                    range.approximate
                ),
                (*start, *end, *approximate),
                "{input}"
            );
        }
        for bad in [
            "1694-12-31 - 1694-01-01",
            "yesterday",
            "1694-02-30 - 1694-03-01",
            "2900 BC - 3100 BC",
            "0 AD",
        ] {
            assert!(parse_date_range(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn content_with_intro_and_citation() {
        let parts = parse_content(
            "Account of Bellin, in El oued: \"Jeu avec Raquettes: Premier jeu. \"Bellin 1964: 56-59.",
        );
        assert_eq!(
            parts.intro.as_deref(),
            Some("Account of Bellin, in El oued:")
        );
        assert_eq!(parts.text, "Jeu avec Raquettes: Premier jeu.");
        assert_eq!(parts.citations.len(), 1);
        assert_eq!(parts.citations[0].author, "Bellin");
        assert_eq!(parts.citations[0].year, 1964);
        assert_eq!(parts.citations[0].pages.as_deref(), Some("56-59"));
        assert!(!parts.unclosed);
    }

    #[test]
    fn content_with_two_citations_and_an_unclosed_one() {
        let parts = parse_content("\"Text.\" Murray 1951: 98; Depaulis 2001: 59.");
        let authors: Vec<_> = parts
            .citations
            .iter()
            .map(|c| (c.author.as_str(), c.year))
            .collect();
        assert_eq!(authors, [("Murray", 1951), ("Depaulis", 2001)]);
        let cut = parse_content("\"De ludo Kioz. His ludus");
        assert!(cut.unclosed);
        assert_eq!(cut.text, "De ludo Kioz. His ludus");
    }

    #[test]
    fn references() {
        let r = parse_reference(
            "Murray, H.J.R. 1951. A History of Board-Games Other Than Chess. Oxford: Clarendon Press.",
        );
        assert_eq!(r.authors, "Murray, H.J.R.");
        assert_eq!(r.year, Some(1951));
        assert_eq!(
            r.title.as_deref(),
            Some("A History of Board-Games Other Than Chess")
        );
        assert_eq!(r.published.as_deref(), Some("Oxford: Clarendon Press."));
        let r = parse_reference(
            "Bellin, P. 1964. \"L'enfant saharien à travers ses jeux.\" Journal des Africanistes 33(1): 47-104.",
        );
        assert_eq!(
            r.title.as_deref(),
            Some("L'enfant saharien à travers ses jeux")
        );
        assert_eq!(
            r.published.as_deref(),
            Some("Journal des Africanistes 33(1): 47-104.")
        );
        let r = parse_reference(
            "Pankhurst, R. 1971. Gabata and Related Board Games of Ethiopia and the Horn of Africa. Ethiopia Observer 14(3):154-206.",
        );
        assert_eq!(
            r.title.as_deref(),
            Some("Gabata and Related Board Games of Ethiopia and the Horn of Africa")
        );
        assert_eq!(source_key(&r.authors, r.year), "pankhurst-1971");
        let r = parse_reference("Anonymous manuscript");
        assert_eq!((r.authors.as_str(), r.year), ("Anonymous manuscript", None));
    }

    #[test]
    fn names() {
        assert_eq!(
            name_and_plain_spelling("Dèleb (Deleb)"),
            Some(("Dèleb".into(), "Deleb".into()))
        );
        assert_eq!(name_and_plain_spelling("Sig (El Oued)"), None);
        assert_eq!(
            game_reference("See the game Deleb for more details."),
            "Deleb"
        );
    }
}
