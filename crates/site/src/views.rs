//! What each page's template is given: one serde view type per page and per part of a page,
//! so that a field a template reads is a field the compiler knows. What the Markdown reports
//! render too is given as they have it: report types (`VerificationSummary`, `RecordCoverage`,
//! `RulesetStudies`, the corpus records) and `verify::present`'s views (`ExecutableView`,
//! `ClaimView`, `SuggestionView`, `LudiiRow`), formatted by the filters both share
//! ([`verify::present::register_filters`]).

use benchmarks::report::BenchReport;
use corpus::model::{Evidence, Game, PortalRuleset, Source};
use corpus::yaml::Located;
use engine::playout::Caps;
use rulesets::OptionSet;
use serde::Serialize;
use verify::coverage::RecordCoverage;
use verify::present::{ExecutableView, LudiiRow};
use verify::report::{LudiiMeasuredAbout, RulesetStudies, VerificationSummary};

/// A page: its view, and the template that renders it.
pub trait Page: Serialize {
    /// The template's file in `site-templates/`.
    const TEMPLATE: &'static str;
}

macro_rules! pages {
    ($($view:ident $(<$lt:lifetime>)? => $template:literal,)+) => {
        $(impl$(<$lt>)? Page for $view $(<$lt>)? {
            const TEMPLATE: &'static str = $template;
        })+
    };
}

pages! {
    Home<'a> => "index.html",
    GamePage<'a> => "game.html",
    LudiiGamePage<'a> => "ludii-game.html",
    EvidencePage<'a> => "evidence.html",
    PortalRulesetPage<'a> => "ruleset.html",
    SourcePage<'a> => "source.html",
    EvidenceIndex<'a> => "evidence-index.html",
    GamesIndex<'a> => "games-index.html",
    Catalogue => "catalogue.html",
    MapPage => "map.html",
    LicencesPage<'a> => "licences.html",
    TimelinePage => "timeline.html",
    SearchPage => "search.html",
    VerificationPage<'a> => "verification.html",
    SimulationsPage<'a> => "simulations.html",
    BenchPage<'a> => "bench.html",
}

/// A link to a record's page, titled with its game.
#[derive(Clone, Serialize)]
pub struct RecordLink {
    pub id: String,
    pub title: String,
    pub url: String,
}

/// A label and its value, for maps a template must show in order.
#[derive(Serialize)]
pub struct Pair<'a> {
    pub label: &'a str,
    pub value: &'a str,
}

/// The home page.
#[derive(Serialize)]
pub struct Home<'a> {
    pub title: &'static str,
    pub counts: Counts,
    pub summary: Option<&'a VerificationSummary>,
    pub executable: Option<ExecutableView>,
    pub games: Vec<HomeGame<'a>>,
}

/// How many of each kind of file the corpus has.
#[derive(Serialize)]
pub struct Counts {
    pub evidence: usize,
    pub portal_rulesets: usize,
    pub games: usize,
    pub sources: usize,
    pub rulesets: usize,
    pub claims: usize,
}

/// A game with an engine, and its claims' verdicts.
#[derive(Serialize)]
pub struct HomeGame<'a> {
    pub key: &'a str,
    pub name: &'a str,
    pub aliases: &'a [String],
    pub records: usize,
    pub claims: usize,
    pub holds: usize,
    pub other_readings: usize,
    pub fails: usize,
}

/// Every evidence record, with what its filters need.
#[derive(Serialize)]
pub struct EvidenceIndex<'a> {
    pub title: &'static str,
    pub filters: EvidenceFilters,
    pub rows: Vec<EvidenceRow<'a>>,
}

/// The values each filter of the evidence index offers.
#[derive(Serialize)]
pub struct EvidenceFilters {
    pub game: Vec<String>,
    pub kind: Vec<String>,
    pub regions: Vec<String>,
    pub period: [&'static str; 3],
    /// The confidence values the records have, highest first, with how many have each.
    pub confidence: Vec<ConfidenceChoice>,
}

/// A confidence value of the evidence index's filter.
#[derive(Serialize)]
pub struct ConfidenceChoice {
    pub value: u32,
    /// "1,265 records".
    pub records: String,
}

/// A record in the evidence index.
#[derive(Serialize)]
pub struct EvidenceRow<'a> {
    pub link: RecordLink,
    /// The number of its id, a number so that 11 comes after 10 and before 108.
    pub number: u64,
    pub game: Option<String>,
    pub game_key: Option<&'a str>,
    pub kind: Option<&'a str>,
    /// The places its DLP region files name, `; `-separated.
    pub regions: String,
    pub date: Option<String>,
    /// Its start in fractional years, the date's sort key (none when undated: undated
    /// records sort last either way).
    pub start: Option<f64>,
    pub period: Option<&'static str>,
    pub confidence: Option<u32>,
    pub executable: bool,
    pub flagged: bool,
}

/// Every game.
#[derive(Serialize)]
pub struct GamesIndex<'a> {
    pub title: &'static str,
    pub filters: GameFilters<'a>,
    pub rows: Vec<GameRow<'a>>,
}

/// The values each filter of the games index offers.
#[derive(Serialize)]
pub struct GameFilters<'a> {
    pub categories: Vec<&'a String>,
    pub periods: Vec<&'a String>,
    pub regions: Vec<&'a String>,
}

/// A game in the games index.
#[derive(Serialize)]
pub struct GameRow<'a> {
    pub key: &'a str,
    pub name: &'a str,
    pub aliases: String,
    pub categories: String,
    pub periods: String,
    pub regions: String,
    pub records: usize,
    pub rulesets: usize,
    pub range: Option<String>,
    pub executable: bool,
}

/// A plain list of pages: the portal rulesets, the sources.
#[derive(Serialize)]
pub struct Catalogue {
    pub title: &'static str,
    pub intro: &'static str,
    pub rows: Vec<CatalogueRow>,
}

/// An entry of a [`Catalogue`].
#[derive(Serialize)]
pub struct CatalogueRow {
    pub url: String,
    pub title: String,
    pub detail: String,
    pub executable: bool,
}

/// A game's page.
#[derive(Serialize)]
pub struct GamePage<'a> {
    pub title: &'a str,
    pub game: &'a Game,
    pub evidence_range: Option<String>,
    /// The evidence index filtered to the game.
    pub records_filter: String,
    pub sources: Vec<SourceLink<'a>>,
    pub portal_rulesets: Vec<PortalRulesetLink<'a>>,
    /// Its evidence, oldest first.
    pub records: Vec<DatedRecord<'a>>,
    /// The Rules texts that have a clause an engine models, each with the records that give
    /// it word for word and stand alike (Senet's 142 "3x10 board." are one), and its coverage.
    pub rules: Vec<RulesCoverage<'a>>,
    /// The others, listed compactly: a game such as Senet has hundreds of records whose text
    /// ("3x10 board.") no clause coverage reads yet.
    pub rules_unmodelled: Vec<UnmodelledRules<'a>>,
    pub rulesets: Vec<ExecutableRulesetView<'a>>,
    pub claims: Vec<ClaimView<'a>>,
    pub verified: bool,
    /// Where and when its records come from, when some are located or dated.
    pub charts: GameCharts,
    /// Its records with coordinates.
    pub located: usize,
    /// Its records without coordinates whose region the map outlines.
    pub regional: usize,
    /// The sources its records cite, the most cited first, with how many records cite each.
    pub cited: Vec<CitedSource<'a>>,
}

/// A source a game's records cite.
#[derive(Serialize)]
pub struct CitedSource<'a> {
    #[serde(flatten)]
    pub source: SourceLink<'a>,
    /// "12 records".
    pub records: String,
}

/// A portal ruleset of a game.
#[derive(Serialize)]
pub struct PortalRulesetLink<'a> {
    pub id: &'a str,
    pub url: String,
    pub name: &'a str,
    pub kind: Option<&'a str>,
}

/// A record of a game, with its date and place.
#[derive(Serialize)]
pub struct DatedRecord<'a> {
    pub id: &'a str,
    pub url: String,
    pub kind: Option<&'a str>,
    pub date: Option<String>,
    /// Its start in fractional years (none when undated).
    pub start: Option<f64>,
    pub place: String,
}

/// A Rules text, clause by clause, with what models each clause, and the records giving it.
#[derive(Serialize)]
pub struct RulesCoverage<'a> {
    /// The records whose text and standing these are, in the game's order.
    pub records: Vec<RecordLink>,
    /// The first record's coverage (each of the others has the same clauses and figures).
    pub coverage: &'a CoverageView<'a>,
}

/// A record whose Rules text has no clause an engine models yet.
#[derive(Serialize)]
pub struct UnmodelledRules<'a> {
    pub record: RecordLink,
    /// Its clauses, as the coverage splits them.
    pub clauses: Vec<&'a str>,
}

/// The clause coverage of one record: the report's figures, and each clause as a page shows it.
#[derive(Serialize)]
pub struct CoverageView<'a> {
    #[serde(flatten)]
    pub coverage: &'a RecordCoverage,
    pub clause_views: Vec<ClauseView<'a>>,
}

/// A clause of a Rules text.
#[derive(Serialize)]
pub struct ClauseView<'a> {
    pub standing: &'static str,
    pub standing_label: &'static str,
    pub contradictions: Vec<String>,
    /// The option values it reads, `key=value`.
    pub reads: Vec<String>,
    pub anchor: String,
    pub number: usize,
    pub text: &'a str,
    pub modelled: bool,
    pub options: Vec<ClauseOption>,
    pub claims: &'a [Located<String>],
    pub scenarios: &'a [Located<String>],
    pub not_modelled: Option<&'a str>,
    /// What a mapped clause says beyond its options.
    pub not_expressed: Option<&'a str>,
}

/// An option a clause links to, with its row on the ruleset's table.
#[derive(Serialize)]
pub struct ClauseOption {
    pub key: String,
    pub anchor: Option<String>,
}

/// An executable ruleset on its game's page.
#[derive(Serialize)]
pub struct ExecutableRulesetView<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub engine: &'a str,
    /// The family whose engine plays it, if any.
    pub family: Option<&'static str>,
    pub preset: &'a str,
    pub overrides: Vec<Pair<'a>>,
    pub implements: Vec<RecordLink>,
    pub notes: &'a str,
    pub options: Vec<OptionRow>,
    pub scenarios: Vec<String>,
    pub studies: Option<StudiesView<'a>>,
    /// Its studies' figures beside Ludii's own play.
    pub ludii: Vec<LudiiRow>,
    pub sample: Option<SampleGame>,
}

/// The page of a family game that only Ludii describes: no record of the DLP's database
/// names it, so it has no game page and the corpus no ruleset file for it, yet the family
/// plays Ludii's description of it.
#[derive(Serialize)]
pub struct LudiiGamePage<'a> {
    pub title: &'a str,
    pub family: &'a str,
    /// Ludii's description file it is read from.
    pub description: Option<&'a str>,
    pub ruleset: ExecutableRulesetView<'a>,
}

/// An option of an engine, with its value in the ruleset and in each preset.
#[derive(Serialize)]
pub struct OptionRow {
    pub anchor: String,
    pub key: &'static str,
    pub description: String,
    pub domain: String,
    pub own: String,
    pub dlp: String,
    pub ludii: String,
    pub cites: &'static str,
    pub source: &'static str,
}

/// An evidence record's page.
#[derive(Serialize)]
pub struct EvidencePage<'a> {
    pub title: &'a str,
    pub record: &'a Evidence,
    pub game_name: Option<String>,
    pub date: Option<String>,
    /// The country its coordinates fall in, when it names no place.
    pub country: Option<String>,
    pub citations: Vec<CitationView<'a>>,
    pub sources: Vec<SourceLink<'a>>,
    pub map: Option<String>,
    /// The regions its map outlines, when it gives no coordinates.
    pub map_regions: Vec<String>,
    /// The places it names that are not among those regions.
    pub places_besides: Vec<String>,
    pub timeline: Option<String>,
    pub rulesets: Vec<Implementing<'a>>,
    pub portal_rulesets: Vec<RecordLink>,
    pub coverage: Option<&'a CoverageView<'a>>,
    pub claims: Vec<verify::present::ClaimView<'a>>,
    pub pages: Vec<PageView<'a>>,
    pub export: Option<String>,
    pub superseded: Vec<SupersededView<'a>>,
    pub other_fields: Vec<Pair<'a>>,
    pub cite: String,
}

/// A citation of a quotation or a ruleset, with the source file it names if one matches.
#[derive(Serialize)]
pub struct CitationView<'a> {
    pub text: &'a str,
    pub source: Option<&'a str>,
}

/// An executable ruleset that implements a record.
#[derive(Serialize)]
pub struct Implementing<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub game: &'a str,
}

/// A page of the portal a record was read from.
#[derive(Serialize)]
pub struct PageView<'a> {
    pub file: &'a str,
    /// Only web addresses: a `javascript:` address from a page must not become a link.
    pub url: Option<&'a str>,
    pub title: Option<&'a str>,
}

/// A value the corpus replaced, and where each came from.
#[derive(Serialize)]
pub struct SupersededView<'a> {
    pub field: &'a str,
    pub value: String,
    pub from: &'a str,
    pub kept_from: &'a str,
}

/// A portal ruleset's page.
#[derive(Serialize)]
pub struct PortalRulesetPage<'a> {
    pub title: &'a str,
    pub record: &'a PortalRuleset,
    pub game_name: Option<String>,
    pub references: Vec<CitationView<'a>>,
    pub other_fields: Vec<Pair<'a>>,
    pub export: Option<String>,
    pub rulesets: Vec<Implementing<'a>>,
    pub coverage: Option<&'a CoverageView<'a>>,
    pub claims: Vec<verify::present::ClaimView<'a>>,
    pub pages: Vec<PageView<'a>>,
}

/// A source's page.
#[derive(Serialize)]
pub struct SourcePage<'a> {
    pub title: String,
    pub source: &'a Source,
    /// Where the DLP says it can be found, when that is a web address.
    pub url: Option<&'a str>,
    pub records: Vec<RecordLink>,
}

/// A source as a record or game lists it: its page here and, when it has one, its address.
#[derive(Serialize)]
pub struct SourceLink<'a> {
    pub key: &'a str,
    pub title: &'a str,
    pub url: Option<&'a str>,
}

/// The map of the evidence.
#[derive(Serialize)]
pub struct MapPage {
    pub title: &'static str,
    pub map: String,
    pub places: Vec<MapCell>,
    pub regions: Vec<RegionRecords>,
    /// Regions drawn on the map.
    pub drawn: usize,
    /// The records the map cannot place, with why.
    pub unplaced: Vec<UnplacedRecord>,
    /// A cell's size in degrees.
    pub cell: f64,
}

/// The records located in one cell of the map.
#[derive(Serialize)]
pub struct MapCell {
    pub anchor: String,
    pub cell: String,
    pub points: Vec<MapPoint>,
}

/// A located record.
#[derive(Serialize)]
pub struct MapPoint {
    pub record: RecordLink,
    pub text: String,
    pub decimal: String,
}

/// The records with a region or place but no coordinates.
#[derive(Serialize)]
pub struct RegionRecords {
    pub anchor: String,
    pub region: String,
    /// Whether the map outlines it.
    pub drawn: bool,
    /// The country the map draws the region as, when the corpus has no outline of it.
    pub drawn_as: Option<String>,
    pub records: Vec<RecordLink>,
}

/// A record the map cannot place.
#[derive(Serialize)]
pub struct UnplacedRecord {
    pub record: RecordLink,
    /// Why: what it lacks.
    pub reason: String,
}

/// The data's tables and licences.
#[derive(Serialize)]
pub struct LicencesPage<'a> {
    pub title: &'static str,
    pub dlp_licence: Option<&'a str>,
    pub land_notice: &'a str,
    pub dictionary: Vec<TableView>,
}

/// A downloadable table and its columns.
#[derive(Serialize)]
pub struct TableView {
    pub file: &'static str,
    pub row: &'static str,
    pub columns: Vec<ColumnView>,
}

/// A column of a downloadable table.
#[derive(Serialize)]
pub struct ColumnView {
    pub name: &'static str,
    pub kind: &'static str,
    pub meaning: &'static str,
}

/// Every dated record on one axis, a row per game.
#[derive(Serialize)]
pub struct TimelinePage {
    pub title: &'static str,
    /// The year axis, kept in view above the rows.
    pub axis_chart: String,
    pub rows_chart: String,
    /// What the chart shows, in words.
    pub summary: String,
    pub rows: Vec<DatedLink>,
}

/// A game's records on a small map and a timeline, a row per kind of record.
#[derive(Serialize)]
pub struct GameCharts {
    pub map: Option<String>,
    pub axis_chart: String,
    pub rows_chart: String,
    pub summary: String,
}

/// A dated record.
#[derive(Serialize)]
pub struct DatedLink {
    pub record: RecordLink,
    pub date: String,
}

/// The search page; its index is scripts of their own.
#[derive(Serialize)]
pub struct SearchPage {
    pub title: &'static str,
    pub entries: usize,
    /// The index's parts, from the site root: the games first, loaded before the search runs;
    /// the others as they arrive.
    pub parts: Vec<String>,
}

/// The verification report.
#[derive(Serialize)]
pub struct VerificationPage<'a> {
    pub title: &'static str,
    pub verification: Option<VerificationView<'a>>,
}

/// The verification report, when verification has run.
#[derive(Serialize)]
pub struct VerificationView<'a> {
    pub seed: u64,
    pub summary: &'a VerificationSummary,
    pub coverage: Vec<CoverageRow<'a>>,
    pub claims: Vec<ClaimView<'a>>,
    pub suggestions: Vec<verify::present::SuggestionView<'a>>,
}

/// A record's clause coverage in figures, with a link to the record.
#[derive(Serialize)]
pub struct CoverageRow<'a> {
    #[serde(flatten)]
    pub coverage: &'a RecordCoverage,
    pub link: RecordLink,
}

/// A claim and its verdict as the report shows it, with the address of its record's page.
#[derive(Serialize)]
pub struct ClaimView<'a> {
    #[serde(flatten)]
    pub view: verify::present::ClaimView<'a>,
    pub record_url: String,
    /// A scenario's cases in the order the claim states them, each with the moves it plays
    /// and what it found, so that a case's name is read with the hole it starts from.
    pub cases: Vec<CaseView<'a>>,
}

/// A case of a scenario claim under the ruleset's own options.
#[derive(Serialize)]
pub struct CaseView<'a> {
    pub name: &'a str,
    /// The moves played, `, `-separated.
    pub moves: String,
    /// What did not match, or nothing when the case holds.
    pub mismatch: Option<&'a str>,
}

/// The consistency simulations.
#[derive(Serialize)]
pub struct SimulationsPage<'a> {
    pub title: &'static str,
    pub simulations: Option<SimulationsView<'a>>,
}

/// The consistency simulations, when they have run.
#[derive(Serialize)]
pub struct SimulationsView<'a> {
    pub seed: u64,
    pub playouts: u64,
    pub caps: Caps,
    pub rulesets: Vec<RulesetSimulations<'a>>,
    /// Whether any ruleset has a variant that plays a fault of Ludii's encoding.
    pub any_faults: bool,
    pub ludii_measured: Option<&'a LudiiMeasuredAbout>,
    /// The families' games beside Ludii's figures, as the report gives them.
    pub family: verify::present::FamilyView,
}

/// One ruleset's studies in a row of the overview: the study of its own preset, how many
/// option sets were played, and how its figures stand beside Ludii's. The studies themselves,
/// with their charts, are on the game's page, so the overview grows by a row per ruleset.
#[derive(Serialize)]
pub struct RulesetSimulations<'a> {
    pub ruleset: &'a str,
    /// The page that shows its studies in full, from the site's root.
    pub page: Option<String>,
    /// Its game's name, or the name Ludii gives a game no record names.
    pub name: Option<String>,
    pub option_sets: usize,
    /// The first study, the ruleset's own preset.
    pub lead: Option<LeadStudy<'a>>,
    /// Ludii's figures within chance, of those beside this ruleset's studies.
    pub ludii_agreeing: usize,
    pub ludii_figures: usize,
    pub faults: Vec<Fault<'a>>,
}

/// The figures of a ruleset's own preset that the overview shows.
#[derive(Serialize)]
pub struct LeadStudy<'a> {
    pub label: &'a str,
    pub completion: f64,
    pub completion_ci: [f64; 2],
    pub first_side: &'a str,
    pub first_side_wins: f64,
    pub first_side_ci: [f64; 2],
    pub mean_moves: Option<f64>,
}

/// A Ludii-preset variant that plays a fault of Ludii's encoding.
#[derive(Serialize)]
pub struct Fault<'a> {
    pub label: &'a str,
    pub why: &'a str,
    pub plays_as_ludii: bool,
}

/// A ruleset's studies as the report has them, and two charts of them.
#[derive(Serialize)]
pub struct StudiesView<'a> {
    pub report: &'a RulesetStudies,
    pub lengths_chart: String,
    pub shares_chart: String,
}

/// A short complete game, move by move.
#[derive(Serialize)]
pub struct SampleGame {
    pub seed: u64,
    pub playout: u64,
    pub moves: u32,
    pub turns: u32,
    pub ranks: Vec<u8>,
    pub start: String,
    pub steps: Vec<SampleStep>,
    /// Whether the steps shown stop before the game's end.
    pub truncated: bool,
}

/// A move of a sample game.
#[derive(Serialize)]
pub struct SampleStep {
    pub number: u32,
    pub turn: u32,
    pub player: u8,
    pub chance: String,
    pub legal: usize,
    pub chosen: String,
    pub position: Option<String>,
}

/// The benchmarks: the report `reports/bench.md` renders too.
#[derive(Serialize)]
pub struct BenchPage<'a> {
    pub title: &'static str,
    pub bench: Option<&'a BenchReport>,
}

/// A map as a list of pairs: templates iterate maps in no fixed order, lists in theirs.
pub fn sorted_pairs(map: &OptionSet) -> Vec<Pair<'_>> {
    map.iter()
        .map(|(label, value)| Pair { label, value })
        .collect()
}
