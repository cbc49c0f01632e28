//! The search index: one entry per game, portal ruleset, record, source and claim, written as
//! scripts in parts so that the search page works from `file://` (where pages cannot fetch
//! JSON, but may load scripts) and shows the games it finds before the records have arrived.

use serde::{Deserialize, Serialize};

/// Bytes of text a part holds at most, about: the records come in several parts. The games
/// are one part, whatever its size, loaded before the search runs.
const PART_BYTES: usize = 200_000;

/// What a search entry is, in the order results are grouped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A game page.
    Game,
    /// A portal ruleset.
    Ruleset,
    /// An evidence record.
    Evidence,
    /// A source.
    Source,
    /// A claim of a game.
    Claim,
}

impl Kind {
    fn file(self) -> &'static str {
        match self {
            Kind::Game => "games",
            Kind::Ruleset => "rulesets",
            Kind::Evidence => "records",
            Kind::Source => "sources",
            Kind::Claim => "claims",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Entry {
    pub kind: Kind,
    pub title: String,
    /// Relative to the site root.
    pub url: String,
    /// The searchable words, unfolded: the script folds case and diacritics.
    pub text: String,
    /// The games it belongs to (a source: the games of the records citing it), so that the
    /// game a reader names brings its own entries first.
    pub games: Vec<String>,
    /// The number of a record's or ruleset's id, so that results sort as ids are counted.
    pub number: Option<u64>,
}

/// One part of the index: a script that hands its entries to the search page.
pub struct Part {
    /// Relative to the site root.
    pub path: String,
    pub script: String,
}

/// How a part's script begins: the part's JSON follows, then [`PART_END`].
const PART_START: &str = "(window.SEARCH_PARTS = window.SEARCH_PARTS || []).push(";
const PART_END: &str = ");\n";

/// An entry as a part writes it: `[title, url, text, games, number]`, an array, not an
/// object, to keep the parts small.
type Compact<'a> = (&'a str, &'a str, &'a str, &'a [String], Option<u64>);

#[derive(Serialize)]
struct PartJson<'a> {
    kind: Kind,
    entries: Vec<Compact<'a>>,
}

/// The index in parts: the games first (small, so that a game's name is found at once), then
/// the rest kind by kind, in parts of about [`PART_BYTES`].
pub fn parts(entries: &[Entry]) -> Vec<Part> {
    let mut kinds: Vec<Kind> = entries.iter().map(|e| e.kind).collect();
    kinds.sort();
    kinds.dedup();
    let mut parts = Vec::new();
    for kind in kinds {
        let mut chunks: Vec<Vec<&Entry>> = vec![vec![]];
        let mut bytes = 0;
        for entry in entries.iter().filter(|e| e.kind == kind) {
            let size = entry.title.len() + entry.url.len() + entry.text.len();
            let last = chunks.last_mut().expect("a chunk");
            if kind != Kind::Game && !last.is_empty() && bytes + size > PART_BYTES {
                chunks.push(vec![entry]);
                bytes = size;
            } else {
                last.push(entry);
                bytes += size;
            }
        }
        for (n, chunk) in chunks.iter().enumerate() {
            let json = serde_json::to_string(&PartJson {
                kind,
                entries: chunk
                    .iter()
                    .map(|e| {
                        (
                            e.title.as_str(),
                            e.url.as_str(),
                            e.text.as_str(),
                            e.games.as_slice(),
                            e.number,
                        )
                    })
                    .collect(),
            })
            .expect("entries serialise");
            let name = if chunks.len() == 1 {
                kind.file().to_string()
            } else {
                format!("{}-{}", kind.file(), n + 1)
            };
            parts.push(Part {
                path: format!("static/search/{name}.js"),
                // JSON is JavaScript; `<` is escaped anyway so that no text can close a script
                // element if a part is ever inlined.
                script: format!("{PART_START}{}{PART_END}", json.replace('<', "\\u003c")),
            });
        }
    }
    parts
}

/// An entry as [`read_part`] gives it back: title, url, text, games, number.
pub type ReadEntry = (String, String, String, Vec<String>, Option<u64>);

/// A part of the index as read back from its script: what other search engines are given to
/// index, so that they index the same documents.
#[derive(Debug, Deserialize)]
pub struct ReadPart {
    /// What its entries are.
    pub kind: Kind,
    /// Each entry as `[title, url, text, games, number]`.
    pub entries: Vec<ReadEntry>,
}

/// Why a script is not a part of the index.
#[derive(Debug, thiserror::Error)]
pub enum ReadPartError {
    /// It does not hand its entries to the search page as the parts do.
    #[error("not a part of the search index (it does not begin with `{PART_START}`)")]
    NotAPart,
    /// Its JSON does not read.
    #[error("the part's JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// The entries of a part's script (as [`parts`] writes it).
pub fn read_part(script: &str) -> Result<ReadPart, ReadPartError> {
    let json = script
        .strip_prefix(PART_START)
        .and_then(|rest| rest.strip_suffix(PART_END))
        .ok_or(ReadPartError::NotAPart)?;
    Ok(serde_json::from_str(json)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(kind: Kind, title: &str, text: &str) -> Entry {
        Entry {
            kind,
            title: title.into(),
            url: format!("x/{title}.html"),
            text: text.into(),
            games: vec!["senet".into()],
            number: (kind == Kind::Evidence).then_some(7),
        }
    }

    #[test]
    fn parts_read_back_as_written_markup_included() {
        let entries = [
            entry(Kind::Game, "Senet", "</script><b>"),
            entry(Kind::Evidence, "DLP.Evidence.7", "a · b"),
        ];
        let parts = parts(&entries);
        assert_eq!(parts.len(), 2);
        assert!(!parts[0].script.contains('<'), "{}", parts[0].script);
        let game = read_part(&parts[0].script).unwrap();
        assert_eq!(game.kind, Kind::Game);
        assert_eq!(
            game.entries,
            [(
                "Senet".to_string(),
                "x/Senet.html".to_string(),
                "</script><b>".to_string(),
                vec!["senet".to_string()],
                None
            )]
        );
        let record = read_part(&parts[1].script).unwrap();
        assert_eq!(record.kind, Kind::Evidence);
        assert_eq!(record.entries[0].4, Some(7));
        assert!(matches!(
            read_part("window.X = [];"),
            Err(ReadPartError::NotAPart)
        ));
        assert!(matches!(
            read_part(&format!("{PART_START}{{\"kind\":\"game\"}}{PART_END}")),
            Err(ReadPartError::Json(_))
        ));
    }
}
