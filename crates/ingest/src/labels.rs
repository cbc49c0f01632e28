//! The field labels the portal prints, and what each one means to the corpus.

/// A label the corpus understands. Anything else is kept verbatim in `other_fields`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    Id,
    Type,
    Game,
    Ruleset,
    Location,
    Date,
    Rules,
    Content,
    Confidence,
    Ages,
    Genders,
    SocialStatus,
    Spaces,
    Source,
    Periods,
    Summary,
    Description,
    Concepts,
    References,
    OtherRulesets,
    Rulesets,
    Origin,
    Identifiers,
    Aliases,
    Evidence,
}

/// Spellings, longest first within a shared prefix so that "Other Rulesets" wins over
/// "Other" and "Social Status" is one label.
pub const SPELLINGS: &[(&str, Label)] = &[
    ("Id", Label::Id),
    ("ID", Label::Id),
    ("Type", Label::Type),
    ("Game", Label::Game),
    ("Ruleset", Label::Ruleset),
    ("Location", Label::Location),
    ("Date", Label::Date),
    ("Rules", Label::Rules),
    ("Content", Label::Content),
    ("Confidence", Label::Confidence),
    ("Ages", Label::Ages),
    ("Age", Label::Ages),
    ("Genders", Label::Genders),
    ("Gender", Label::Genders),
    ("Social Status", Label::SocialStatus),
    ("Spaces", Label::Spaces),
    ("Source", Label::Source),
    ("Period(s)", Label::Periods),
    ("Periods", Label::Periods),
    ("Period", Label::Periods),
    ("Summary", Label::Summary),
    ("Description", Label::Description),
    ("Concepts", Label::Concepts),
    ("References", Label::References),
    ("Reference", Label::References),
    ("Other Rulesets", Label::OtherRulesets),
    ("Rulesets", Label::Rulesets),
    ("Origin", Label::Origin),
    ("Identifiers", Label::Identifiers),
    ("Identifier", Label::Identifiers),
    ("Aliases", Label::Aliases),
    ("Evidence", Label::Evidence),
];

impl Label {
    /// The spelling used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Label::Id => "Id",
            Label::SocialStatus => "Social Status",
            Label::Periods => "Period(s)",
            Label::References => "Reference",
            Label::OtherRulesets => "Other Rulesets",
            other => SPELLINGS
                .iter()
                .find(|(_, l)| *l == other)
                .map_or("?", |(s, _)| s),
        }
    }

    /// Labels whose values are a few words; a long run of prose after one of these words is
    /// prose that happens to contain it, not a field.
    pub fn is_short(self) -> bool {
        matches!(
            self,
            Label::Id
                | Label::Type
                | Label::Game
                | Label::Ruleset
                | Label::Location
                | Label::Date
                | Label::Confidence
                | Label::Ages
                | Label::Genders
                | Label::SocialStatus
                | Label::Spaces
                | Label::Periods
                | Label::Origin
                | Label::Identifiers
        )
    }

    /// Labels that start an evidence record's fields (used to spot the one-line layout).
    pub fn is_evidence_field(self) -> bool {
        matches!(
            self,
            Label::Type
                | Label::Game
                | Label::Location
                | Label::Date
                | Label::Rules
                | Label::Content
                | Label::Confidence
                | Label::Ages
                | Label::Genders
                | Label::SocialStatus
                | Label::Spaces
                | Label::Source
        )
    }
}

/// The known label at the start of `text`, if the word ends there (followed by the end,
/// whitespace or a colon). Returns the label and its length in bytes.
pub fn label_at(text: &str) -> Option<(Label, usize)> {
    let mut best: Option<(Label, usize)> = None;
    for (spelling, label) in SPELLINGS {
        if let Some(rest) = text.strip_prefix(spelling) {
            let ends_word =
                rest.is_empty() || rest.starts_with([' ', '\t', ':', '\n', '\r', '\u{a0}']);
            if ends_word && best.is_none_or(|(_, len)| spelling.len() > len) {
                best = Some((*label, spelling.len()));
            }
        }
    }
    best
}
