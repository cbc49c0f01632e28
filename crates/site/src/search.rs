//! The search index: one entry per game, record, source and claim, written as a script so that
//! the search page works from `file://`, where pages cannot fetch JSON.

use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// What is found: "game", "evidence", "ruleset", "source", "claim".
    pub kind: &'static str,
    pub title: String,
    /// Relative to the site root.
    pub url: String,
    /// The searchable words, unfolded: the script folds case and diacritics.
    pub text: String,
}

/// `static/search-index.js`: the entries as a JSON array assigned to a global.
pub fn script(entries: &[Entry]) -> String {
    let json = serde_json::to_string(entries).expect("entries serialise");
    // JSON is JavaScript; `<` is escaped anyway so that no text can close a script element if
    // the file is ever inlined.
    format!("window.SEARCH_INDEX = {};\n", json.replace('<', "\\u003c"))
}
