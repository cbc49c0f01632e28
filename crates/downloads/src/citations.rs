//! The sources as reference managers read them: CSL-JSON (Zotero, Pandoc, citeproc) and BibTeX.
//!
//! A DLP reference is one string ("Murray, H.J.R. 1951. A History of Board-Games Other Than
//! Chess. Oxford: Clarendon Press."); the corpus has taken it apart into authors, year, title and
//! where it was published. What could not be taken apart stays in the note, whole, so that
//! nothing is lost in the import.

use corpus::Source;
use serde_json::{Value, json};

/// Authors as "Family, Given" pairs, split at " and ", "&" and ";".
fn authors(text: &str) -> Vec<(String, Option<String>)> {
    text.split(" and ")
        .flat_map(|part| part.split(['&', ';']))
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| match part.split_once(',') {
            Some((family, given)) if !given.trim().is_empty() => {
                (family.trim().to_string(), Some(given.trim().to_string()))
            }
            _ => (part.trim_end_matches(',').to_string(), None),
        })
        .collect()
}

/// Whether the reference reads as an article: a place of publication with a volume or pages.
fn is_article(source: &Source) -> bool {
    source.published.as_deref().is_some_and(|p| {
        p.chars().any(|c| c.is_ascii_digit()) && !p.contains(": ") || p.contains("):")
    })
}

/// One source as a CSL-JSON item.
pub fn csl(source: &Source) -> Value {
    let mut item = json!({
        "id": source.key,
        "type": if is_article(source) { "article-journal" } else { "book" },
        "author": authors(&source.authors).into_iter().map(|(family, given)| match given {
            Some(given) => json!({ "family": family, "given": given }),
            None => json!({ "literal": family }),
        }).collect::<Vec<_>>(),
    });
    let map = item.as_object_mut().expect("an object");
    if let Some(year) = source.year {
        map.insert("issued".into(), json!({ "date-parts": [[year]] }));
    }
    if let Some(title) = &source.title {
        map.insert("title".into(), json!(title));
    }
    if let Some(published) = &source.published {
        let key = if is_article(source) {
            "container-title"
        } else {
            "publisher"
        };
        map.insert(key.into(), json!(published));
    }
    if let Some(url) = &source.url {
        map.insert("URL".into(), json!(url));
    }
    if let Some(reference) = &source.reference {
        map.insert(
            "note".into(),
            json!(format!("Reference as the DLP gives it: {reference}")),
        );
    }
    item
}

/// Every source as one CSL-JSON array.
pub fn csl_json<'a>(sources: impl IntoIterator<Item = &'a Source>) -> String {
    let items: Vec<Value> = sources.into_iter().map(csl).collect();
    serde_json::to_string_pretty(&items).expect("JSON serialises") + "\n"
}

/// Text inside a BibTeX field: braces kept balanced and TeX's special characters escaped.
fn bib_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '&' | '%' | '$' | '#' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

/// One source as a BibTeX entry.
pub fn bibtex(source: &Source) -> String {
    let kind = if is_article(source) {
        "article"
    } else {
        "book"
    };
    let mut fields: Vec<(&str, String)> = Vec::new();
    let names: Vec<String> = authors(&source.authors)
        .into_iter()
        .map(|(family, given)| match given {
            Some(given) => format!("{family}, {given}"),
            // A name that is no person's (a codex, an institution) is kept as one unit.
            None => format!("{{{family}}}"),
        })
        .collect();
    fields.push((
        "author",
        names
            .iter()
            .map(|n| bib_text(n).replace("\\{", "{").replace("\\}", "}"))
            .collect::<Vec<_>>()
            .join(" and "),
    ));
    if let Some(title) = &source.title {
        fields.push(("title", bib_text(title)));
    }
    if let Some(year) = source.year {
        fields.push(("year", year.to_string()));
    }
    if let Some(published) = &source.published {
        fields.push((
            if kind == "article" {
                "journal"
            } else {
                "publisher"
            },
            bib_text(published),
        ));
    }
    if let Some(url) = &source.url {
        fields.push(("url", url.replace(['{', '}'], "")));
    }
    if let Some(reference) = &source.reference {
        fields.push(("note", bib_text(reference)));
    }
    let body: Vec<String> = fields
        .into_iter()
        .map(|(name, value)| format!("  {name} = {{{value}}}"))
        .collect();
    format!("@{kind}{{{},\n{}\n}}\n", source.key, body.join(",\n"))
}

/// Every source as one BibTeX file.
pub fn bibtex_file<'a>(sources: impl IntoIterator<Item = &'a Source>) -> String {
    let mut out = String::from(
        "% The sources of the corpus, from the Digital Ludeme Project's database (MIT licence).\n\n",
    );
    for source in sources {
        out.push_str(&bibtex(source));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn murray() -> Source {
        Source {
            key: "murray-1951".into(),
            reference: Some("Murray, H.J.R. 1951. A History of Board-Games Other Than Chess. Oxford: Clarendon Press.".into()),
            authors: "Murray, H.J.R.".into(),
            year: Some(1951),
            title: Some("A History of Board-Games Other Than Chess".into()),
            published: Some("Oxford: Clarendon Press.".into()),
            ..Source::default()
        }
    }

    #[test]
    fn a_book_in_csl_json() {
        let item = csl(&murray());
        assert_eq!(item["type"], "book");
        assert_eq!(item["author"][0]["family"], "Murray");
        assert_eq!(item["author"][0]["given"], "H.J.R.");
        assert_eq!(item["issued"]["date-parts"][0][0], 1951);
        assert_eq!(item["publisher"], "Oxford: Clarendon Press.");
    }

    #[test]
    fn an_article_in_bibtex_with_special_characters_escaped() {
        let source = Source {
            key: "pankhurst-1971".into(),
            authors: "Pankhurst, R.".into(),
            year: Some(1971),
            title: Some("Gabata & {Related} Games 100%".into()),
            published: Some("Ethiopia Observer 14(3):154-206.".into()),
            ..Source::default()
        };
        let entry = bibtex(&source);
        assert!(entry.starts_with("@article{pankhurst-1971,\n"), "{entry}");
        assert!(
            entry.contains("title = {Gabata \\& \\{Related\\} Games 100\\%}"),
            "{entry}"
        );
        assert!(
            entry.contains("journal = {Ethiopia Observer 14(3):154-206.}"),
            "{entry}"
        );
        assert_eq!(
            entry.matches('{').count() - entry.matches("\\{").count(),
            entry.matches('}').count() - entry.matches("\\}").count()
        );
    }

    #[test]
    fn several_authors_and_a_name_that_is_no_person() {
        assert_eq!(authors("Akhmet, S. and B. Zhelezhnyakov").len(), 2);
        let codex = Source {
            key: "codex-borgia".into(),
            authors: "Codex Borgia".into(),
            ..Source::default()
        };
        assert!(bibtex(&codex).contains("author = {{Codex Borgia}}"));
        assert_eq!(csl(&codex)["author"][0]["literal"], "Codex Borgia");
    }
}
