//! The portal's HTML flattened into the same lines its text renderings have: one block per
//! line, table cells of a row on one line ("Id DLP.Evidence.1238"), line breaks kept.

use scraper::{ElementRef, Html, Node};

use crate::page::PageLine;

const SKIPPED: &[&str] = &[
    "script", "style", "noscript", "template", "head", "svg", "button", "select", "iframe",
];
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "dd",
    "details",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "html",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "tbody",
    "tfoot",
    "thead",
    "tr",
    "ul",
];

struct Flattener {
    lines: Vec<String>,
    current: String,
}

impl Flattener {
    fn break_line(&mut self) {
        let line = std::mem::take(&mut self.current);
        let line = line.trim();
        if !line.is_empty() {
            self.lines.push(line.to_string());
        } else if self.lines.last().is_some_and(|l| !l.is_empty()) {
            // Blocks are separated by one blank line, as in the text renderings.
            self.lines.push(String::new());
        }
    }

    /// Appends text with HTML's whitespace rules: any run of whitespace is one space.
    fn push_text(&mut self, text: &str) {
        for c in text.chars() {
            if c.is_whitespace() {
                if !self.current.is_empty() && !self.current.ends_with(' ') {
                    self.current.push(' ');
                }
            } else {
                self.current.push(c);
            }
        }
    }

    fn walk(&mut self, element: ElementRef<'_>) {
        let name = element.value().name();
        if SKIPPED.contains(&name) {
            return;
        }
        let block = BLOCKS.contains(&name);
        if block {
            self.break_line();
        }
        for child in element.children() {
            match child.value() {
                Node::Text(text) => self.push_text(text),
                Node::Element(_) => {
                    let Some(child) = ElementRef::wrap(child) else {
                        continue;
                    };
                    match child.value().name() {
                        "br" => {
                            let line = std::mem::take(&mut self.current);
                            self.lines.push(line.trim().to_string());
                        }
                        "td" | "th" => {
                            if !self.current.is_empty() && !self.current.ends_with(' ') {
                                self.current.push(' ');
                            }
                            self.walk(child);
                            if !self.current.ends_with(' ') {
                                self.current.push(' ');
                            }
                        }
                        _ => self.walk(child),
                    }
                }
                _ => {}
            }
        }
        if block {
            self.break_line();
        }
    }
}

/// Flattens an HTML document into lines, numbered by where their text starts in the source.
pub fn to_lines(source: &str) -> Vec<PageLine> {
    let document = Html::parse_document(source);
    let mut flattener = Flattener {
        lines: Vec::new(),
        current: String::new(),
    };
    flattener.walk(document.root_element());
    flattener.break_line();
    while flattener.lines.last().is_some_and(String::is_empty) {
        flattener.lines.pop();
    }
    let mut cursor = 0;
    flattener
        .lines
        .into_iter()
        .map(|text| {
            let number = locate(source, &text, &mut cursor);
            PageLine { number, text }
        })
        .collect()
}

/// The 1-based source line where `text` starts, found by its first word after `cursor`.
/// Entities and markup make this approximate, never wrong by more than a line or two.
fn locate(source: &str, text: &str, cursor: &mut usize) -> u64 {
    let line_at =
        |offset: usize| source[..offset].bytes().filter(|&b| b == b'\n').count() as u64 + 1;
    let Some(word) = text
        .split_whitespace()
        .find(|w| w.len() >= 2 && !w.contains(['&', '<', '>', '"', '\'']))
    else {
        return line_at(*cursor);
    };
    match source[*cursor..].find(word) {
        Some(found) => {
            *cursor += found;
            line_at(*cursor)
        }
        None => line_at(*cursor),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(html: &str) -> Vec<String> {
        to_lines(html).into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn rows_become_label_value_lines() {
        let lines = texts(
            "<html><body><table><tr><th>Id</th><td>DLP.Evidence.1</td></tr><tr><th>Rules</th><td>a<br>b &amp; c</td></tr></table></body></html>",
        );
        assert_eq!(lines, ["Id DLP.Evidence.1", "", "Rules a", "b & c"]);
    }

    #[test]
    fn inline_markup_keeps_spacing_and_scripts_vanish() {
        let lines = texts(
            "<p><b>Type</b> Ethnography <i>and</i> more</p><script>alert(1)</script><p>x</p>",
        );
        assert_eq!(lines, ["Type Ethnography and more", "", "x"]);
    }
}
