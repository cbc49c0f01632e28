//! A saved page as lines of text, whatever it was saved as: the portal's text renderings
//! or its HTML.

use std::path::Path;

use corpus::Diagnostic;

use crate::html;

/// One line of a page, with its line number in the saved file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageLine {
    pub number: u64,
    pub text: String,
}

/// A page reduced to lines of text.
#[derive(Clone, Debug)]
pub struct PageText {
    pub lines: Vec<PageLine>,
    /// The page was HTML; line numbers point into the HTML source.
    pub was_html: bool,
}

/// Decodes a saved page. Invalid UTF-8 is an error naming the line it occurs on.
pub fn decode(file: &Path, bytes: &[u8]) -> Result<PageText, Diagnostic> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let offset = error.valid_up_to();
            let line = bytes[..offset].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            let column = offset
                - bytes[..offset]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            return Err(Diagnostic::error(
                file,
                format!("the page is not valid UTF-8 (byte {offset}); save it as UTF-8"),
            )
            .at(line, Some(column as u64)));
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if looks_like_html(text) {
        return Ok(PageText {
            lines: html::to_lines(text),
            was_html: true,
        });
    }
    let lines = text
        .split('\n')
        .enumerate()
        .map(|(index, line)| PageLine {
            number: index as u64 + 1,
            text: line.trim_end_matches('\r').to_string(),
        })
        .collect();
    Ok(PageText {
        lines,
        was_html: false,
    })
}

fn looks_like_html(text: &str) -> bool {
    let head: String = text
        .trim_start()
        .chars()
        .take(512)
        .collect::<String>()
        .to_ascii_lowercase();
    if head.starts_with("<!doctype html")
        || head.starts_with("<html")
        || head.contains("<body")
        || head.contains("<head")
    {
        return true;
    }
    let lower = text.to_ascii_lowercase();
    head.starts_with('<')
        && ["</p>", "</div>", "</td>", "</tr>", "</li>", "<br"]
            .iter()
            .filter(|tag| lower.contains(*tag))
            .count()
            >= 2
}
