//! Reading and writing one record per YAML file.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::diag::Diagnostic;

/// Parses a YAML document, turning any error (syntax, duplicate key, unknown or mistyped
/// field) into a diagnostic located at the offending line and column.
pub fn from_yaml<T: DeserializeOwned>(file: &Path, text: &str) -> Result<T, Diagnostic> {
    parse(text).map_err(|error| {
        let diagnostic = Diagnostic::error(file, first_line(&error));
        match error.location() {
            Some(location) if location.line() > 0 => {
                diagnostic.at(location.line(), Some(location.column()))
            }
            _ => diagnostic,
        }
    })
}

/// YAML 1.2 core schema for booleans: `yes`, `no`, `on` and `off` stay words (a Barjis man
/// "off" the board must not become `false`); duplicate keys are errors.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, serde_saphyr::Error> {
    serde_saphyr::from_str_with_options(text, serde_saphyr::options! { strict_booleans: true })
}

/// The message of a saphyr error without its rendered source snippet.
fn first_line(error: &serde_saphyr::Error) -> String {
    let rendered = error.to_string();
    let message = rendered
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("invalid YAML");
    message.trim().trim_start_matches("error: ").to_string()
}

/// Renders a record. The output is stable: struct fields keep their declared order,
/// maps are `BTreeMap`s and long text is folded at spaces only.
pub fn to_yaml<T: Serialize>(value: &T) -> String {
    let mut text = serde_saphyr::to_string(value).expect("corpus records always serialise to YAML");
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// A value of a hand-written YAML file with the line it stands on, read through
/// serde-saphyr's `Spanned`, so that a check can point at what it rejects without searching
/// the text. It compares, orders and serialises as its value alone; read from anything but
/// YAML, its line is 0 (unknown).
#[derive(Clone, Debug, Default)]
pub struct Located<T> {
    /// The value read.
    pub value: T,
    /// 1-based; 0 when unknown.
    pub line: u64,
}

impl<T> Located<T> {
    /// A value with no place in a file (built by a program, not read).
    pub fn new(value: T) -> Self {
        Self { value, line: 0 }
    }

    /// The line, if known.
    pub fn line(&self) -> Option<u64> {
        (self.line > 0).then_some(self.line)
    }
}

impl<T> From<T> for Located<T> {
    fn from(value: T) -> Self {
        Self::new(value)
    }
}

impl<T> std::ops::Deref for Located<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: PartialEq> PartialEq for Located<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Located<T> {}

impl PartialEq<str> for Located<String> {
    fn eq(&self, other: &str) -> bool {
        self.value == other
    }
}

impl PartialEq<&str> for Located<String> {
    fn eq(&self, other: &&str) -> bool {
        self.value == *other
    }
}

impl PartialEq<String> for Located<String> {
    fn eq(&self, other: &String) -> bool {
        self.value == *other
    }
}

impl std::borrow::Borrow<str> for Located<String> {
    fn borrow(&self) -> &str {
        &self.value
    }
}

impl<T: PartialOrd> PartialOrd for Located<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Located<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}

impl<T: std::fmt::Display> std::fmt::Display for Located<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

impl<T: Serialize> Serialize for Located<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Located<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = serde_saphyr::Spanned::<T>::deserialize(deserializer)?;
        Ok(Self {
            line: spanned.referenced.line(),
            value: spanned.value,
        })
    }
}

/// For `skip_serializing_if` on located collections.
pub fn is_empty_map<K, V>(map: &Located<std::collections::BTreeMap<K, V>>) -> bool {
    map.value.is_empty()
}

/// Finds the line of `key:` inside the nested mapping named by `path` (1-based), so that
/// semantic checks can point at the field they reject.
pub fn line_of(text: &str, path: &[&str]) -> Option<u64> {
    let mut depth_indent: Option<usize> = None;
    let mut remaining = path;
    for (index, line) in text.lines().enumerate() {
        let Some((key, _)) = remaining.first().map(|k| (*k, ())) else {
            break;
        };
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(parent) = depth_indent
            && !trimmed.is_empty()
            && indent <= parent
            && !trimmed.starts_with('-')
        {
            return None;
        }
        let bare = trimmed.trim_start_matches("- ");
        if bare.starts_with(&format!("{key}:"))
            && depth_indent.is_none_or(|parent| indent > parent || trimmed.starts_with('-'))
        {
            remaining = &remaining[1..];
            if remaining.is_empty() {
                return Some(index as u64 + 1);
            }
            depth_indent = Some(indent);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Source;

    #[test]
    fn duplicate_keys_are_located() {
        let text = "key: hyde-1694\nauthors: Hyde, T.\nauthors: Hyde\n";
        let error = from_yaml::<Source>(Path::new("sources/hyde-1694.yaml"), text).unwrap_err();
        let shown = error.to_string();
        assert!(shown.starts_with("sources/hyde-1694.yaml:3:"), "{shown}");
        assert!(shown.to_lowercase().contains("duplicate"), "{shown}");
    }

    #[test]
    fn unknown_fields_are_located() {
        let text = "key: hyde-1694\nauthors: Hyde, T.\nyear: 1694\nauthor_note: x\n";
        let error = from_yaml::<Source>(Path::new("s.yaml"), text).unwrap_err();
        assert_eq!(error.line, Some(4), "{error}");
        assert!(error.message.contains("author_note"), "{error}");
    }

    #[test]
    fn yaml_one_one_booleans_stay_words() {
        let value: serde_json::Value = parse("a: off\nb: yes\nc: true\n").unwrap();
        assert_eq!(
            value,
            serde_json::json!({"a": "off", "b": "yes", "c": true})
        );
    }

    #[test]
    fn line_of_nested_keys() {
        let text = "id: x\ndate:\n  start: 1694-01-01\n  end: 1694-12-31\nquotation:\n  text: t\n  citations:\n  - author: Hyde\n    year: 1694\n";
        assert_eq!(line_of(text, &["date"]), Some(2));
        assert_eq!(line_of(text, &["date", "end"]), Some(4));
        assert_eq!(line_of(text, &["quotation", "citations"]), Some(7));
        assert_eq!(line_of(text, &["quotation", "citations", "year"]), Some(9));
        assert_eq!(line_of(text, &["missing"]), None);
    }

    #[test]
    fn long_text_round_trips_exactly() {
        let source = Source {
            key: "hyde-1694".into(),
            reference: Some("Hyde, T. 1694. De Ludis Orientalibus Libri Duo: Historia Nerdiludii, hoc est Dicere, Trunculorum, cum quibuidam aliis Arabum: \"quoted\" # not a comment - dash: colon 'single'".into()),
            authors: "Hyde, T.".into(),
            year: Some(1694),
            title: Some("yes".into()),
            published: Some("1694-01-01".into()),
            ..Source::default()
        };
        let text = to_yaml(&source);
        let back: Source = from_yaml(Path::new("x"), &text).unwrap();
        assert_eq!(back, source, "{text}");
    }
}
