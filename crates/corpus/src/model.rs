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
    /// Why the record is incomplete.
    pub reason: String,
}

/// A reference such as "Hyde 1694: 223-224".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    /// The author's name as cited.
    pub author: String,
    /// The year of the work cited.
    pub year: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The pages cited, when given.
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
    /// The sources the quotation cites.
    pub citations: Vec<Citation>,
}

/// A piece of evidence (`DLP.Evidence.N`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    /// `DLP.Evidence.N`.
    pub id: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    /// DLP's type of evidence (artefact, text, painting…).
    pub kind: Option<String>,
    /// Key of the game file in `games/`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The game's name as this record or its page gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// When the evidence dates from.
    pub date: Option<DateRange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Where it comes from.
    pub location: Option<Location>,
    /// Regions whose portal page lists this record ("Evidence in Palestine").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// The rules as DLP reads the source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The source's own words, when the record quotes them.
    pub quotation: Option<Quotation>,
    /// DLP's confidence in the evidence, 0 to 100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Ages of the players, as DLP records them.
    pub ages: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Genders of the players.
    pub genders: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Social status of the players.
    pub social_status: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Spaces where the game was played.
    pub spaces: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// What makes the record uncertain, as DLP lists it.
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
    /// Set when the page stopped before the record was complete.
    pub incomplete: Option<Incomplete>,
    /// The row of the DLP's export, when the record is in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// The saved pages the record was read from.
    pub pages: Vec<PageRef>,
}

/// A ruleset published on the portal (`DLP.GameRulesets.N`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortalRuleset {
    /// `DLP.GameRulesets.N`.
    pub id: String,
    /// The ruleset's name.
    pub name: String,
    /// How DLP came by the rules: Described, Reconstructed, Observed, Suggested, …
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Key of the game file in `games/`.
    pub game: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The game's name as the page writes it.
    pub game_name: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// DLP's periods.
    pub periods: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// DLP's regions.
    pub regions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// DLP's summary of the ruleset.
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// DLP's description.
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The rules text.
    pub rules: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// The works the ruleset cites.
    pub references: Vec<Citation>,
    /// Keys of the sources the references resolve to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Where DLP's reading comes from (its origin field).
    pub origin: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    /// Fields the model does not know, kept as written.
    pub other_fields: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// What ingest flagged about the record.
    pub flags: Vec<Flag>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Values a newer input replaced, with where each came from.
    pub superseded: Vec<Superseded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Set when the page stopped before the record was complete.
    pub incomplete: Option<Incomplete>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Where the record stands in the DLP's database export.
    pub export: Option<ExportRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// The saved pages the record was read from.
    pub pages: Vec<PageRef>,
}

/// A game, gathering every name it goes by and every record about it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The game's key: its file name in `games/`.
    pub key: String,
    /// The name as the portal prints it, diacritics included.
    pub name: String,
    /// The name in the language of the people who play it, where DLP gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native_name: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Other names of the game.
    pub aliases: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// DLP's categories.
    pub categories: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// DLP's periods.
    pub periods: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// DLP's regions.
    pub regions: Vec<String>,
    /// The span of the game's evidence, as DLP's database computed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence_range: Option<DateRange>,
    /// The portal's game identifier (`DLP.Games.N`), from a game page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dlp_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// DLP's description of the game.
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// DLP's origin of the game.
    pub origin: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Its evidence records.
    pub evidence: Vec<String>,
    /// Portal rulesets (`DLP.GameRulesets.N`) of this game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulesets: Vec<String>,
    /// Keys of the sources that discuss the game as a whole.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    /// Fields the model does not know, kept as written.
    pub other_fields: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// What ingest flagged about the game.
    pub flags: Vec<Flag>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Values a newer input replaced, with where each came from.
    pub superseded: Vec<Superseded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Where the game stands in the DLP's database export.
    pub export: Option<ExportRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// The saved pages the game was read from.
    pub pages: Vec<PageRef>,
}

/// A publication cited by records; one file however many records cite it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The source's key: its file name in `sources/`.
    pub key: String,
    /// The full reference exactly as the portal prints it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// Its authors, as cited.
    pub authors: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Its year.
    pub year: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Its title.
    pub title: Option<String>,
    /// Where it was published: the reference after its title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    /// Where the DLP says it can be found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Values a newer input replaced, with where each came from.
    pub superseded: Vec<Superseded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Where the source stands in the DLP's database export.
    pub export: Option<ExportRef>,
}

/// An executable ruleset: which engine, preset and options implement which records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExecutableRuleset {
    /// The ruleset's key: its file name in `rulesets/`.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game it plays.
    pub game: String,
    /// Slug of the engine in the rulesets registry.
    pub engine: Located<String>,
    /// The engine preset it starts from.
    pub preset: Located<String>,
    #[serde(default, skip_serializing_if = "is_empty_map")]
    /// Options it sets beyond the preset.
    pub options: Located<BTreeMap<String, String>>,
    /// Evidence records and portal rulesets this ruleset reads.
    pub implements: Vec<Located<String>>,
    /// Further option sets simulated beside the two presets, to show what a reading changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Located<Variant>>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    /// What the ruleset reads, decides and leaves out, in words.
    pub notes: String,
}

/// The label of the variant that plays a family game as Ludii 1.3.13 does, with the faults of
/// Ludii's engine its game file keeps (`ludii_faults`).
pub const LUDII_PLAYS: &str = "Ludii 1.3.13 as it plays";

/// An option set simulated for comparison.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// The variant's label in the reports.
    pub label: String,
    /// The preset it starts from.
    pub preset: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    /// Options it sets beyond the preset.
    pub options: BTreeMap<String, String>,
    /// What the variant shows.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// The variant is Ludii as it plays (its encoding with the faults it has): `verify` fails
    /// unless it reproduces Ludii's measured play (`ludii/figures/measured.yaml`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub plays_as_ludii: bool,
    /// The variant screens one contested rule (a reading with one option as another reading
    /// gives it): `verify` studies it with a quarter of a reading's playouts, enough to rank
    /// the rules by what they change, and the reports state each study's interval.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub screen: bool,
}

/// The exact words a claim rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sentence {
    /// Where the words are: the record's `quotation` or its `rules`.
    pub from: SentenceOrigin,
    /// The words as they stand in the record (checked verbatim).
    pub text: String,
    /// Its BCP 47 language tag.
    pub language: String,
    /// An English rendering, for sentences not in English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translation: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
/// Where a claim's words are in its record.
pub enum SentenceOrigin {
    /// In the record's quotation.
    Quotation,
    /// In DLP's Rules text.
    Rules,
}

/// A statement of a source that an engine can test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The claim's id, unique in the corpus.
    pub id: String,
    /// The record whose words the claim comes from.
    pub record: String,
    /// The executable ruleset the claim is run against.
    pub ruleset: String,
    /// The claim in one plain sentence.
    pub statement: String,
    /// The words the claim rests on.
    pub sentence: Sentence,
    /// The options the sentence speaks to: the only ones its verdict may depend on. A verdict
    /// that turns with any other option comes from how the check is set up, and `verify`
    /// refuses it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub concerns: Vec<String>,
    /// What the verdict speaks to: the sentence itself (the default), or whether some setup
    /// the source leaves open gives its words, a search whose verdict is about the search and
    /// is counted apart.
    #[serde(default, skip_serializing_if = "Question::is_sentence")]
    pub question: Question,
    /// What to run against the engine.
    pub check: Located<Check>,
    /// What the result means for the record, written after reading the report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What a claim's verdict speaks to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// Whether the sentence holds as the check sets it up.
    #[default]
    Sentence,
    /// Whether some setup the source leaves open (an opening layout, a position) gives its
    /// words: nearly any reading may pass such a search, so its verdict tells about the
    /// search, and it is counted apart from the claims that test a sentence.
    SomeSetup,
}

impl Question {
    /// Whether the claim tests its sentence.
    pub fn is_sentence(&self) -> bool {
        *self == Question::Sentence
    }
}

/// The claims of one game (`claims/<game>.yaml`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimFile {
    /// The claims, in the order written.
    pub claims: Vec<Located<Claim>>,
}

/// What a claim runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Check {
    /// Positions and moves, with what must hold after.
    Scenario(ScenarioCheck),
    /// A throw's values and extra throws.
    ThrowTable(ThrowTableCheck),
    /// One of the game's computations, with its expected result.
    Computation(ComputationCheck),
    /// Who moving first favours.
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
    /// Options the claim's situation requires (never searched).
    pub fixed: BTreeMap<String, String>,
    #[serde(default)]
    /// Options to search; all rule options by default.
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
/// A claim checked by playing positions.
pub struct ScenarioCheck {
    /// Options the claim's situation requires (never searched).
    #[serde(default)]
    pub fixed: BTreeMap<String, String>,
    /// Options to search; all rule options by default.
    #[serde(default)]
    pub search: Option<Vec<String>>,
    /// The positions to play, each with its line.
    pub cases: Vec<Located<Case>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
/// One position of a scenario check.
pub struct Case {
    #[serde(default)]
    /// The case's name in the report.
    pub name: Option<String>,
    #[serde(default)]
    /// The game's typed setup; the starting position when absent.
    pub setup: Option<Located<serde_json::Value>>,
    #[serde(default)]
    /// Moves and throws to play, each with its line.
    pub steps: Vec<Located<serde_json::Value>>,
    /// What `observe` must show afterwards (a subset of it).
    pub expect: serde_json::Value,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
/// A claim about a throw's values.
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
    /// The exact chance that a throw gives another, as a fraction ("1/2").
    pub extra_throw: Option<String>,
    #[serde(default)]
    /// Options the claim's situation requires (never searched).
    pub fixed: BTreeMap<String, String>,
    #[serde(default)]
    /// Options to search; all rule options by default.
    pub search: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
/// A claim checked by one of the game's computations.
pub struct ComputationCheck {
    /// The computation's name.
    pub name: String,
    /// Its expected result (a subset of it).
    pub expect: serde_json::Value,
    /// For a claim asking whether some setup gives the words: the field of the result that
    /// counts the setups found (`reproducing`), reported reading by reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<String>,
    #[serde(default)]
    /// Options the claim's situation requires (never searched).
    pub fixed: BTreeMap<String, String>,
    #[serde(default)]
    /// Options to search; all rule options by default.
    pub search: Option<Vec<String>>,
}

impl Check {
    /// Options the claim's situation requires.
    pub fn fixed(&self) -> &BTreeMap<String, String> {
        match self {
            Check::Scenario(c) => &c.fixed,
            Check::ThrowTable(c) => &c.fixed,
            Check::Computation(c) => &c.fixed,
            Check::FirstPlayer(c) => &c.fixed,
        }
    }

    /// The options the search varies, when the claim names them.
    pub fn search_keys(&self) -> Vec<String> {
        match self {
            Check::Scenario(c) => c.search.clone(),
            Check::ThrowTable(c) => c.search.clone(),
            Check::Computation(c) => c.search.clone(),
            Check::FirstPlayer(c) => c.search.clone(),
        }
        .unwrap_or_default()
    }

    /// The check's kind, as the reports name it.
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
    /// Options the clause's words read.
    pub options: Vec<Located<String>>,
    /// The values the clause's own words give some of its options, where they leave no doubt
    /// ("the djinn is entered when the father reaches Mecca": `entry: free`). The ruleset's
    /// preset is checked against them, so a preset that departs from the clause shows it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reads: BTreeMap<String, Located<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Claims that exercise the clause.
    pub claims: Vec<Located<String>>,
    /// Rule scenarios of the engine (data-driven tests) that exercise the clause.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<Located<String>>,
    /// Why the clause has no executable counterpart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_modelled: Option<String>,
    /// On a mapped clause, what its words say beyond what its options express (a family
    /// game's parameters read part of a sentence, and the rest is named here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_expressed: Option<String>,
}

impl Clause {
    /// Whether something executable implements the clause.
    pub fn is_modelled(&self) -> bool {
        self.not_modelled.is_none()
            && (!self.options.is_empty() || !self.claims.is_empty() || !self.scenarios.is_empty())
    }
}

/// Clause coverage of one record's Rules text (`coverage/<record>.yaml`), or of one Rules text
/// that several records share word for word (`coverage/<name>.yaml` with `records:`): one
/// reading of the text serves each of them, and each is held to it clause by clause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coverage {
    /// The record whose Rules text the file covers (once loaded, every coverage names its
    /// record here, a shared file's too).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub record: String,
    /// The records sharing the Rules text a shared file covers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<Located<String>>,
    /// The executable ruleset that implements it.
    pub ruleset: String,
    /// The reading of that ruleset the clauses are held against, by its variant's label, where
    /// the text is another scholar's reading than the ruleset's preset plays (Parker's Pachisi
    /// beside the DLP's own reading); none for the preset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Located<String>>,
    /// The clauses, in the order of the text.
    pub clauses: Vec<Located<Clause>>,
}

/// Metadata of a page the pipeline downloaded, stored beside it as `<page>.source.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FetchRecord {
    /// The address fetched.
    pub url: String,
    /// The address the page was finally served from, after redirects.
    pub final_url: String,
    /// Retrieval time, UTC, RFC 3339.
    pub retrieved: String,
    /// The HTTP status.
    pub status: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The response's content type.
    pub content_type: Option<String>,
}
