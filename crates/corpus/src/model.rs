//! The records of the corpus, one YAML file each.
//!
//! Portal records (evidence, DLP rulesets, games, sources) are written by `cargo xtask ingest`
//! from the raw pages; executable rulesets, claims and clause coverage are written by hand
//! and only read here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::date::DateRange;
use crate::geo::Location;
use crate::yaml::{Located, is_empty_map};

/// A saved portal page a record was read from.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageRef {
    /// Path of the raw page, relative to the pages directory.
    pub file: String,
    /// Where the page was downloaded from, when it was fetched by the pipeline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The page's heading, such as "Evidence in Palestine".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// The row of the DLP's database export a record was read from.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRef {
    /// The dump, relative to the export directory (`ludiiGames.sql`).
    pub file: String,
    /// The line the record's row starts on.
    pub line: u64,
}

impl std::fmt::Display for ExportRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// A value that could not be read, kept exactly as written.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flag {
    /// The corpus field the value was meant for (`date`, `location`, `confidence`).
    pub field: String,
    /// The value exactly as the page or the export has it.
    pub value: String,
    /// Why it could not be read.
    pub problem: String,
    /// Where it stands: `file:line`, with the page label or table column.
    pub at: String,
}

/// A value of an older input that a newer one replaced: kept, never dropped silently.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Superseded {
    /// The corpus field.
    pub field: String,
    /// The older input's value.
    pub value: serde_json::Value,
    /// Where the older value stands (`ludiiGames.sql:701`).
    pub from: String,
    /// The input whose value the record keeps (a saved page).
    pub kept_from: String,
}

/// Why a record was kept although its page ended before the record did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Incomplete {
    /// The field the page stopped in, if it stopped inside one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    pub reason: String,
}

/// A reference such as "Hyde 1694: 223-224".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    pub author: String,
    pub year: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pages: Option<String>,
    /// The citation exactly as printed.
    pub text: String,
}

/// The original words of a source, as a record quotes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quotation {
    /// Words of the portal before the quotation itself ("Account of Bellin, in El oued:").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intro: Option<String>,
    /// The quoted text, exactly, without the surrounding quotation marks.
    pub text: String,
    /// BCP 47 language tag ("la", "fr", "en"), detected from the text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<Citation>,
}

/// A piece of evidence (`DLP.Evidence.N`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    pub id: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Key of the game file in `games/`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The game's name as this record or its page gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<DateRange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// Regions whose portal page lists this record ("Evidence in Palestine").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// The rules as DLP reads the source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quotation: Option<Quotation>,
    /// DLP's confidence in the evidence, 0 to 100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ages: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub genders: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub social_status: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spaces: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uncertainty_factors: Vec<String>,
    /// The portal ruleset (`DLP.GameRulesets.N`) DLP ties the record to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// Keys of the source files in `sources/`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
    /// Fields the corpus has no slot for, kept verbatim under their page label or column.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub other_fields: BTreeMap<String, String>,
    /// Values that could not be read, kept as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
    /// Values of the export that a newer saved page replaced.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub superseded: Vec<Superseded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<Incomplete>,
    /// The row of the DLP's export, when the record is in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pages: Vec<PageRef>,
}

/// A ruleset published on the portal (`DLP.GameRulesets.N`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortalRuleset {
    pub id: String,
    pub name: String,
    /// How DLP came by the rules: Described, Reconstructed, Observed, Suggested, …
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_name: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub periods: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub references: Vec<Citation>,
    /// Keys of the sources the references resolve to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub other_fields: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub superseded: Vec<Superseded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<Incomplete>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pages: Vec<PageRef>,
}

/// A game, gathering every name it goes by and every record about it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    pub key: String,
    /// The name as the portal prints it, diacritics included.
    pub name: String,
    /// The name in the language of the people who play it, where DLP gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native_name: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub periods: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// The span of the game's evidence, as DLP's database computed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence_range: Option<DateRange>,
    /// The portal's game identifier (`DLP.Games.N`), from a game page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dlp_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evidence: Vec<String>,
    /// Portal rulesets (`DLP.GameRulesets.N`) of this game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulesets: Vec<String>,
    /// Keys of the sources that discuss the game as a whole.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub other_fields: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub superseded: Vec<Superseded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pages: Vec<PageRef>,
}

/// A publication cited by records; one file however many records cite it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub key: String,
    /// The full reference exactly as the portal prints it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    pub authors: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Where it was published: the reference after its title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    /// Where the DLP says it can be found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub superseded: Vec<Superseded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportRef>,
}

/// An executable ruleset: which engine, preset and options implement which records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExecutableRuleset {
    pub id: String,
    pub name: String,
    pub game: String,
    /// Slug of the engine in the rulesets registry.
    pub engine: Located<String>,
    pub preset: Located<String>,
    #[serde(default, skip_serializing_if = "is_empty_map")]
    pub options: Located<BTreeMap<String, String>>,
    /// Evidence records and portal rulesets this ruleset reads.
    pub implements: Vec<Located<String>>,
    /// Further option sets simulated beside the two presets, to show what a reading changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Located<Variant>>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// An option set simulated for comparison.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub label: String,
    pub preset: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
    /// What the variant shows.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// The variant is Ludii as it plays (its encoding with the faults it has): `verify` fails
    /// unless it reproduces Ludii's measured play (`ludii/measured.yaml`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub plays_as_ludii: bool,
}

/// The exact words a claim rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sentence {
    /// Where the words are: the record's `quotation` or its `rules`.
    pub from: SentenceOrigin,
    /// The words as they stand in the record (checked verbatim).
    pub text: String,
    pub language: String,
    /// An English rendering, for sentences not in English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translation: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SentenceOrigin {
    Quotation,
    Rules,
}

/// A statement of a source that an engine can test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    pub id: String,
    /// The record whose words the claim comes from.
    pub record: String,
    /// The executable ruleset the claim is run against.
    pub ruleset: String,
    /// The claim in one plain sentence.
    pub statement: String,
    pub sentence: Sentence,
    /// The options the sentence speaks to: the only ones its verdict may depend on. A verdict
    /// that turns with any other option comes from how the check is set up, and `verify`
    /// refuses it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub concerns: Vec<String>,
    /// What to run against the engine.
    pub check: Located<Check>,
    /// What the result means for the record, written after reading the report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The claims of one game (`claims/<game>.yaml`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimFile {
    pub claims: Vec<Located<Claim>>,
}

/// What a claim runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Check {
    Scenario(ScenarioCheck),
    ThrowTable(ThrowTableCheck),
    Computation(ComputationCheck),
    FirstPlayer(FirstPlayerCheck),
}

/// A claim about who is favoured by moving first, checked on uniformly random play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstPlayerCheck {
    /// Whom the sentence says moving first favours.
    pub favours: Favours,
    /// Playouts of random play from the start, under Ludii's caps.
    pub playouts: u64,
    #[serde(default)]
    pub fixed: BTreeMap<String, String>,
    #[serde(default)]
    pub search: Option<Vec<String>>,
}

/// Who moves first to advantage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Favours {
    /// Player 1's score (a win 1, a draw 1/2) lies above 1/2, beyond chance.
    First,
    /// It lies below 1/2, beyond chance.
    Second,
    /// Its 95% interval contains 1/2.
    Neither,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioCheck {
    /// Options the claim's situation requires (never searched).
    #[serde(default)]
    pub fixed: BTreeMap<String, String>,
    /// Options to search; all rule options by default.
    #[serde(default)]
    pub search: Option<Vec<String>>,
    pub cases: Vec<Case>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub setup: Option<serde_json::Value>,
    #[serde(default)]
    pub steps: Vec<serde_json::Value>,
    pub expect: serde_json::Value,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowTableCheck {
    /// The table's name (see the engine's throw tables).
    pub table: String,
    /// What each number of lots up is worth, exactly ("0": "4"): lots up that give the same
    /// value are told apart, which a distribution of values cannot do.
    #[serde(default)]
    pub faces: BTreeMap<u8, String>,
    /// For the numbers of lots up the sentence speaks of: whether they give another throw.
    #[serde(default)]
    pub another_throw: BTreeMap<u8, bool>,
    /// Exact probability of each value, as fractions ("5/8").
    #[serde(default)]
    pub distribution: BTreeMap<String, String>,
    #[serde(default)]
    pub extra_throw: Option<String>,
    #[serde(default)]
    pub fixed: BTreeMap<String, String>,
    #[serde(default)]
    pub search: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputationCheck {
    pub name: String,
    pub expect: serde_json::Value,
    #[serde(default)]
    pub fixed: BTreeMap<String, String>,
    #[serde(default)]
    pub search: Option<Vec<String>>,
}

impl Check {
    pub fn fixed(&self) -> &BTreeMap<String, String> {
        match self {
            Check::Scenario(c) => &c.fixed,
            Check::ThrowTable(c) => &c.fixed,
            Check::Computation(c) => &c.fixed,
            Check::FirstPlayer(c) => &c.fixed,
        }
    }

    pub fn search_keys(&self) -> Vec<String> {
        match self {
            Check::Scenario(c) => c.search.clone(),
            Check::ThrowTable(c) => c.search.clone(),
            Check::Computation(c) => c.search.clone(),
            Check::FirstPlayer(c) => c.search.clone(),
        }
        .unwrap_or_default()
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Check::Scenario(_) => "scenario",
            Check::ThrowTable(_) => "throw-table",
            Check::Computation(_) => "computation",
            Check::FirstPlayer(_) => "first-player",
        }
    }

    /// The options to search, if the check names them.
    pub fn search(&self) -> Option<&Vec<String>> {
        match self {
            Check::Scenario(c) => c.search.as_ref(),
            Check::ThrowTable(c) => c.search.as_ref(),
            Check::Computation(c) => c.search.as_ref(),
            Check::FirstPlayer(c) => c.search.as_ref(),
        }
    }
}

/// What implements one clause of a Rules text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// The clause exactly as the splitter cuts it from the Rules text.
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<Located<String>>,
    /// The values the clause's own words give some of its options, where they leave no doubt
    /// ("the djinn is entered when the father reaches Mecca": `entry: free`). The ruleset's
    /// preset is checked against them, so a preset that departs from the clause shows it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reads: BTreeMap<String, Located<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<Located<String>>,
    /// Rule scenarios of the engine (data-driven tests) that exercise the clause.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<Located<String>>,
    /// Why the clause has no executable counterpart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_modelled: Option<String>,
}

impl Clause {
    /// Whether something executable implements the clause.
    pub fn is_modelled(&self) -> bool {
        self.not_modelled.is_none()
            && (!self.options.is_empty() || !self.claims.is_empty() || !self.scenarios.is_empty())
    }
}

/// Clause coverage of one record's Rules text (`coverage/<record>.yaml`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coverage {
    pub record: String,
    pub ruleset: String,
    pub clauses: Vec<Located<Clause>>,
}

/// Metadata of a page the pipeline downloaded, stored beside it as `<page>.source.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FetchRecord {
    pub url: String,
    /// The address the page was finally served from, after redirects.
    pub final_url: String,
    /// Retrieval time, UTC, RFC 3339.
    pub retrieved: String,
    pub status: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
}
