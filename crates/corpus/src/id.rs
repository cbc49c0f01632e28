//! Record identifiers as the DLP database issues them, such as `DLP.Evidence.1238`.
//!
//! Identifiers become file names, so only this exact shape is accepted: no separators, no
//! dots beyond the two, nothing that could climb out of the corpus directory.

use std::fmt;

/// The kinds of record the portal publishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RecordKind {
    /// `DLP.Evidence.N`.
    Evidence,
    /// `DLP.GameRulesets.N`.
    GameRuleset,
    /// `DLP.Games.N`.
    Game,
}

impl RecordKind {
    fn from_segment(segment: &str) -> Option<Self> {
        match segment {
            "Evidence" => Some(Self::Evidence),
            "GameRulesets" | "Rulesets" | "Ruleset" => Some(Self::GameRuleset),
            "Games" | "Game" => Some(Self::Game),
            _ => None,
        }
    }
}

impl fmt::Display for RecordKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Evidence => "evidence",
            Self::GameRuleset => "ruleset",
            Self::Game => "game",
        })
    }
}

/// Checks a DLP identifier and tells which kind of record it names.
pub fn parse_record_id(id: &str) -> Result<RecordKind, String> {
    let mut parts = id.split('.');
    let (Some("DLP"), Some(kind), Some(number), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!(
            "{id:?} is not an identifier of the form DLP.<Kind>.<number>"
        ));
    };
    if number.is_empty() || number.len() > 9 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{id:?} does not end in a record number"));
    }
    RecordKind::from_segment(kind)
        .ok_or_else(|| format!("{id:?} names an unknown kind of record {kind:?} (expected Evidence, GameRulesets or Games)"))
}

/// Checks a key made by [`crate::text::slugify`] (games, sources, executable rulesets, claims).
pub fn check_slug(key: &str) -> Result<(), String> {
    let valid = !key.is_empty()
        && key.len() <= 80
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !key.starts_with('-')
        && !key.ends_with('-')
        && !key.contains("--");
    if valid {
        Ok(())
    } else {
        Err(format!(
            "{key:?} is not a key of lowercase letters, digits and single hyphens"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_and_rejected_ids() {
        assert_eq!(
            parse_record_id("DLP.Evidence.1238"),
            Ok(RecordKind::Evidence)
        );
        assert_eq!(
            parse_record_id("DLP.GameRulesets.767"),
            Ok(RecordKind::GameRuleset)
        );
        assert_eq!(parse_record_id("DLP.Games.12"), Ok(RecordKind::Game));
        for bad in [
            "DLP.Evidence.",
            "DLP.Evidence.12a",
            "DLP.Evidence.1/../../etc",
            "../DLP.Evidence.1",
            "DLP.Evidence.1.yaml",
            "DLP.Secret.1",
            "Evidence.1238",
            "",
        ] {
            assert!(parse_record_id(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn slugs() {
        assert!(check_slug("sig-el-oued").is_ok());
        for bad in ["", "-a", "a-", "a--b", "A", "a/b", "a.b", ".."] {
            assert!(check_slug(bad).is_err(), "{bad:?} accepted");
        }
    }
}
