//! What each page shows: the views ([`crate::views`]) handed to the templates. Formatting
//! (percentages, intervals, charts) happens here or in the shared filters, so that templates
//! only lay out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use corpus::Corpus;
use corpus::id::{RecordKind, parse_record_id};
use corpus::model::{Citation, Evidence, ExecutableRuleset, Game, PageRef, PortalRuleset};
use engine::playout::{Caps, Ending};
use rulesets::{OptionSet, Resolved, Ruleset};
use serde_json::Value;
use tera::Context;
use verify::claims::ClaimResult;
use verify::coverage::CoveredClause;
use verify::present::ExecutableView;
use verify::report::RulesetStudies;

use crate::charts::{self, Cluster, LengthSeries, Pin, ShareBar, Span};
use crate::checks::{Problem, ProblemKind};
use crate::search::{self, Entry, Kind};
use crate::templates::describe;
use crate::views::*;
use crate::{Inputs, Templates};

/// The sample game of a game page: the shortest game ended by the rules among the first
/// playouts of this seed, so that the replay is short enough to read.
const SAMPLE_SEED: u64 = verify::DEFAULT_SEED;
const SAMPLE_CANDIDATES: u64 = 32;
/// Moves of a sample game shown at most.
const SAMPLE_STEPS: usize = 400;
/// Rows of a record page's timeline at most: its game's records nearest in date.
const RECORD_TIMELINE_ROWS: usize = 40;
/// Degrees of latitude and longitude a map cell spans.
const MAP_CELL: f64 = 2.0;

pub fn page_count(corpus: &Corpus) -> u64 {
    // Home, map, timeline, search, licences, three reports, four indexes, then one page per
    // game, record and source.
    (12 + corpus.games.len()
        + corpus.evidence.len()
        + corpus.portal_rulesets.len()
        + corpus.sources.len()) as u64
}

struct Renderer<'a> {
    templates: &'a Templates,
    files: BTreeMap<PathBuf, Vec<u8>>,
    errors: Vec<Problem>,
    progress: Option<&'a AtomicU64>,
}

impl Renderer<'_> {
    /// Renders `page` into `path` through its template, with what every page has.
    fn page<P: Page>(&mut self, path: &str, page: &P) {
        let template = P::TEMPLATE;
        let depth = path.matches('/').count();
        let mut context = Context::from_serialize(page).expect("page views are structs");
        context.insert("root", &"../".repeat(depth));
        context.insert("path", path);
        match self.templates.tera.render(template, &context) {
            Ok(html) => {
                self.files.insert(PathBuf::from(path), html.into_bytes());
            }
            Err(error) => self.errors.push(Problem {
                page: PathBuf::from(path),
                kind: ProblemKind::Template {
                    template: template.to_string(),
                    reason: describe(&error),
                },
            }),
        }
        if let Some(progress) = self.progress {
            progress.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Where a record's page is, from the site root.
fn record_url(id: &str) -> String {
    match parse_record_id(id) {
        Ok(RecordKind::GameRuleset) => format!("rulesets/{id}.html"),
        _ => format!("evidence/{id}.html"),
    }
}

/// Everything the pages draw on, gathered once.
struct Index<'a> {
    inputs: &'a Inputs<'a>,
    land: &'a str,
    gazetteer: &'a crate::world::Gazetteer,
    claims_by_game: BTreeMap<&'a str, Vec<&'a ClaimResult>>,
    studies_by_ruleset: BTreeMap<&'a str, &'a RulesetStudies>,
    coverage_by_record: BTreeMap<&'a str, CoverageView<'a>>,
    /// Record ids of every game's records, in corpus order.
    records_by_game: BTreeMap<&'a str, Vec<&'a str>>,
    sources_cited: BTreeMap<&'a str, BTreeSet<&'a str>>,
    /// How the maps draw each region a record without coordinates names: the DLP's outline,
    /// else the country of that name; `None` when neither exists.
    regions: BTreeMap<&'a str, Option<RegionDrawing>>,
    /// The family games no ruleset file of the corpus links, each with Ludii's reading as a
    /// ruleset: shown on their game's page, or on a page of their own when the DLP's database
    /// has no such game.
    ludii_only: Vec<LudiiOnly>,
}

/// A family game no ruleset file of the corpus links.
struct LudiiOnly {
    engine: &'static dyn Ruleset,
    /// Ludii's reading, whose `game` is the corpus's game when the corpus has it.
    ruleset: ExecutableRuleset,
}

impl LudiiOnly {
    /// Whether the corpus has its game, whose page then shows it.
    fn on_game_page(&self) -> bool {
        !self.ruleset.game.is_empty()
    }
}

/// A region as the maps draw it.
struct RegionDrawing {
    outline: crate::world::DrawnOutline,
    /// The country drawn instead, when the corpus has no outline of the region.
    as_country: Option<String>,
}

/// The names a record without coordinates is placed by: its DLP regions, else the places it
/// names. A record with coordinates is placed by them alone.
fn placed_by(e: &Evidence) -> Vec<&str> {
    if e.location.iter().any(|l| !l.coordinates.is_empty()) {
        return vec![];
    }
    if e.regions.is_empty() {
        e.location
            .iter()
            .flat_map(|l| l.places.iter().map(String::as_str))
            .collect()
    } else {
        e.regions.iter().map(String::as_str).collect()
    }
}

/// The anchor of a region's entry on the map page.
fn region_anchor(region: &str) -> String {
    format!("region-{}", corpus::text::slugify(region))
}

pub fn render_all(
    inputs: &Inputs<'_>,
    templates: &Templates,
    progress: Option<&AtomicU64>,
) -> Result<BTreeMap<PathBuf, Vec<u8>>, Vec<Problem>> {
    let corpus = inputs.corpus;
    let index = Index::new(inputs, &templates.land, &templates.gazetteer);
    let mut renderer = Renderer {
        templates,
        files: BTreeMap::new(),
        errors: Vec::new(),
        progress,
    };
    renderer.page("index.html", &index.home());
    for game in corpus.games.values() {
        renderer.page(&format!("games/{}.html", game.key), &index.game(game));
    }
    for game in index.ludii_only.iter().filter(|game| !game.on_game_page()) {
        renderer.page(
            &ludii_game_url(&game.ruleset.id),
            &LudiiGamePage {
                title: game.engine.info().name,
                family: game.engine.family().unwrap_or_default(),
                description: game.engine.ludii_description(),
                ruleset: index.executable_ruleset(&game.ruleset),
            },
        );
    }
    for record in corpus.evidence.values() {
        renderer.page(&record_url(&record.id), &index.evidence(record));
    }
    for record in corpus.portal_rulesets.values() {
        renderer.page(&record_url(&record.id), &index.portal_ruleset(record));
    }
    for source in corpus.sources.values() {
        renderer.page(
            &format!("sources/{}.html", source.key),
            &index.source(&source.key),
        );
    }
    renderer.page("evidence/index.html", &index.evidence_index());
    renderer.page("games/index.html", &index.games_index());
    renderer.page("rulesets/index.html", &index.rulesets_index());
    renderer.page("sources/index.html", &index.sources_index());
    renderer.page("map.html", &index.map());
    renderer.page(
        "licences.html",
        &LicencesPage {
            title: "Data, downloads and licences",
            dlp_licence: inputs.dlp_licence,
            land_notice: &templates.land_notice,
            dictionary: downloads::tables::dictionary()
                .iter()
                .map(|t| TableView {
                    file: t.file,
                    row: t.row,
                    columns: t
                        .columns
                        .iter()
                        .map(|c| ColumnView {
                            name: c.0,
                            kind: c.1.name(),
                            meaning: c.2,
                        })
                        .collect(),
                })
                .collect(),
        },
    );
    renderer.page("timeline.html", &index.timeline());
    let entries = index.search_entries();
    let parts = search::parts(&entries);
    renderer.page(
        "search.html",
        &SearchPage {
            title: "Search",
            entries: entries.len(),
            parts: parts.iter().map(|p| p.path.clone()).collect(),
        },
    );
    for part in parts {
        renderer
            .files
            .insert(PathBuf::from(part.path), part.script.into_bytes());
    }
    renderer.page("reports/verification.html", &index.verification());
    renderer.page("reports/simulations.html", &index.simulations());
    renderer.page(
        "reports/bench.html",
        &BenchPage {
            title: "Benchmarks",
            bench: inputs.bench,
        },
    );
    if renderer.errors.is_empty() {
        Ok(renderer.files)
    } else {
        Err(renderer.errors)
    }
}

impl<'a> Index<'a> {
    fn new(inputs: &'a Inputs<'a>, land: &'a str, gazetteer: &'a crate::world::Gazetteer) -> Self {
        let corpus = inputs.corpus;
        let mut claims_by_game: BTreeMap<&str, Vec<&ClaimResult>> = BTreeMap::new();
        let mut coverage_by_record = BTreeMap::new();
        if let Some(v) = inputs.verification {
            for claim in &v.claims {
                claims_by_game.entry(&claim.game).or_default().push(claim);
            }
            for c in &v.coverage {
                coverage_by_record.insert(
                    c.record.as_str(),
                    CoverageView {
                        coverage: c,
                        clause_views: c
                            .clauses
                            .iter()
                            .enumerate()
                            .map(|(n, clause)| {
                                clause_view(&c.record, c.ruleset.as_deref(), n, clause)
                            })
                            .collect(),
                    },
                );
            }
        }
        let studies_by_ruleset = inputs
            .simulations
            .map(|s| s.rulesets.iter().map(|r| (r.ruleset.as_str(), r)).collect())
            .unwrap_or_default();
        let mut records_by_game: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for record in corpus.evidence.values() {
            if let Some(game) = &record.game {
                records_by_game.entry(game).or_default().push(&record.id);
            }
        }
        for record in corpus.portal_rulesets.values() {
            if let Some(game) = &record.game {
                records_by_game.entry(game).or_default().push(&record.id);
            }
        }
        let mut sources_cited: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for record in corpus.evidence.values() {
            for source in &record.sources {
                sources_cited.entry(source).or_default().insert(&record.id);
            }
        }
        for record in corpus.portal_rulesets.values() {
            for source in &record.sources {
                sources_cited.entry(source).or_default().insert(&record.id);
            }
        }
        let mut regions = BTreeMap::new();
        for name in corpus.evidence.values().flat_map(placed_by) {
            regions.entry(name).or_insert_with(|| {
                if let Some(outline) = corpus.regions.get(name) {
                    return Some(RegionDrawing {
                        outline: crate::world::draw_outline(outline),
                        as_country: None,
                    });
                }
                let (country, outline) = region_country(gazetteer, name)?;
                Some(RegionDrawing {
                    outline,
                    as_country: Some(country),
                })
            });
        }
        let ludii_only = ludii_only_games(corpus);
        Index {
            ludii_only,
            inputs,
            land,
            gazetteer,
            regions,
            claims_by_game,
            studies_by_ruleset,
            coverage_by_record,
            records_by_game,
            sources_cited,
        }
    }

    fn corpus(&self) -> &'a Corpus {
        self.inputs.corpus
    }

    /// Where a record comes from, by name: the places it names, else the places its DLP
    /// region files name, else the country its coordinates fall in.
    fn places(&self, e: &Evidence) -> Vec<String> {
        let named: Vec<String> = e
            .location
            .iter()
            .flat_map(|l| l.places.iter().cloned())
            .chain(e.regions.iter().filter_map(|r| region_place(r)))
            .collect();
        if !named.is_empty() {
            return named;
        }
        let mut countries: Vec<String> = e
            .location
            .iter()
            .flat_map(|l| &l.coordinates)
            .filter_map(|c| self.gazetteer.country(c.longitude, c.latitude))
            .map(str::to_string)
            .collect();
        countries.dedup();
        countries
    }

    /// The outlines of the regions a record without coordinates is placed by, each with its
    /// name, leaving out those the maps cannot draw.
    fn drawn_regions<'e>(&self, e: &'e Evidence) -> Vec<(&'e str, &RegionDrawing)> {
        placed_by(e)
            .into_iter()
            .filter_map(|name| Some((name, self.regions.get(name)?.as_ref()?)))
            .collect()
    }

    /// How many evidence records a game has (its portal rulesets are counted apart).
    fn evidence_of(&self, key: &str) -> usize {
        self.corpus().games.get(key).map_or(0, |g| g.evidence.len())
    }

    fn game_name(&self, key: &str) -> String {
        self.corpus()
            .games
            .get(key)
            .map_or_else(|| key.to_string(), |g| g.name.clone())
    }

    fn game_name_of(&self, key: Option<&str>) -> Option<String> {
        key.map(|k| self.game_name(k))
    }

    fn record_title(&self, id: &str) -> String {
        let corpus = self.corpus();
        let game = corpus
            .evidence
            .get(id)
            .and_then(|e| e.game.as_deref())
            .or_else(|| {
                corpus
                    .portal_rulesets
                    .get(id)
                    .and_then(|r| r.game.as_deref())
            });
        match game {
            Some(game) => format!("{id} ({})", self.game_name(game)),
            None => id.to_string(),
        }
    }

    fn record_link(&self, id: &str) -> RecordLink {
        RecordLink {
            id: id.to_string(),
            title: self.record_title(id),
            url: record_url(id),
        }
    }

    /// The games an engine of this project plays: those a ruleset file names, and those whose
    /// family game no ruleset file links.
    fn executable_games(&self) -> BTreeSet<&str> {
        self.corpus()
            .rulesets
            .values()
            .chain(self.ludii_only.iter().map(|l| &l.ruleset))
            .map(|r| r.game.as_str())
            .filter(|game| !game.is_empty())
            .collect()
    }

    fn home(&self) -> Home<'a> {
        let corpus = self.corpus();
        let engine_games = self.executable_games();
        let games: Vec<HomeGame<'a>> = corpus
            .games
            .values()
            .filter(|g| engine_games.contains(g.key.as_str()))
            .map(|g| {
                let claims = self.claims_by_game.get(g.key.as_str());
                let count = |status: verify::claims::Status| {
                    claims.map_or(0, |c| c.iter().filter(|r| r.status == status).count())
                };
                HomeGame {
                    key: &g.key,
                    name: &g.name,
                    aliases: &g.aliases,
                    records: self.evidence_of(&g.key),
                    claims: claims.map_or(0, Vec::len),
                    holds: count(verify::claims::Status::Holds),
                    other_readings: count(verify::claims::Status::HoldsOnlyUnder),
                    fails: count(verify::claims::Status::Fails),
                }
            })
            .collect();
        Home {
            title: "Historical rules corpus",
            counts: Counts {
                evidence: corpus.evidence.len(),
                portal_rulesets: corpus.portal_rulesets.len(),
                games: corpus.games.len(),
                sources: corpus.sources.len(),
                rulesets: corpus.rulesets.len(),
                claims: corpus.claims.values().map(|c| c.claims.len()).sum(),
            },
            summary: self.inputs.verification.map(|v| &v.summary),
            executable: self
                .inputs
                .verification
                .map(|v| ExecutableView::new(&v.summary.executable)),
            games,
        }
    }

    /// Every record, with what its filters need (game, type, region, period, confidence) and
    /// its date as a sort key.
    fn evidence_index(&self) -> EvidenceIndex<'a> {
        let corpus = self.corpus();
        let executable = verify::links::executable_rulesets(corpus);
        let mut rows: Vec<EvidenceRow<'a>> = corpus
            .evidence
            .values()
            .map(|e| {
                let start = e.date.as_ref().map(|d| d.start.fractional_year());
                let places = self.places(e);
                EvidenceRow {
                    link: self.record_link(&e.id),
                    number: record_number(&e.id),
                    game: e.game.as_ref().map(|g| self.game_name(g)),
                    game_key: e.game.as_deref(),
                    kind: e.kind.as_deref(),
                    regions: places.join("; "),
                    date: e.date.as_ref().map(|d| d.written()),
                    start,
                    period: start.map(period_of),
                    confidence: e.confidence,
                    executable: executable.contains_key(e.id.as_str()),
                    flagged: !e.flags.is_empty(),
                }
            })
            .collect();
        // Oldest first by the year itself, undated records last, then by record number.
        rows.sort_by(|a, b| {
            let year = |r: &EvidenceRow<'_>| r.start.unwrap_or(f64::INFINITY);
            year(a).total_cmp(&year(b)).then(a.number.cmp(&b.number))
        });
        let mut confidence: BTreeMap<std::cmp::Reverse<u32>, usize> = BTreeMap::new();
        for row in &rows {
            if let Some(c) = row.confidence {
                *confidence.entry(std::cmp::Reverse(c)).or_default() += 1;
            }
        }
        let distinct = |pick: for<'r> fn(&'r EvidenceRow<'a>) -> Option<&'r str>| -> Vec<String> {
            let set: BTreeSet<String> = rows
                .iter()
                .filter_map(pick)
                .flat_map(|v| v.split("; ").map(str::to_string).collect::<Vec<_>>())
                .filter(|v| !v.is_empty())
                .collect();
            set.into_iter().collect()
        };
        EvidenceIndex {
            title: "Evidence records",
            filters: EvidenceFilters {
                game: distinct(|r| r.game.as_deref()),
                kind: distinct(|r| r.kind),
                regions: distinct(|r| Some(&r.regions)),
                period: ["Ancient", "Medieval", "Modern"],
                confidence: confidence
                    .into_iter()
                    .map(|(value, n)| ConfidenceChoice {
                        value: value.0,
                        records: counted(n, "record", "records"),
                    })
                    .collect(),
            },
            rows,
        }
    }

    fn games_index(&self) -> GamesIndex<'a> {
        let corpus = self.corpus();
        let engine_games = self.executable_games();
        let rows: Vec<GameRow<'a>> = corpus
            .games
            .values()
            .map(|g| GameRow {
                key: &g.key,
                name: &g.name,
                aliases: g.aliases.join(", "),
                categories: g.categories.join("; "),
                periods: g.periods.join("; "),
                regions: g.regions.join("; "),
                records: g.evidence.len(),
                rulesets: g.rulesets.len(),
                range: dated_range(g.evidence_range.as_ref()),
                executable: engine_games.contains(g.key.as_str()),
            })
            .collect();
        let distinct = |pick: fn(&Game) -> &Vec<String>| -> Vec<&'a String> {
            let set: BTreeSet<&String> = corpus.games.values().flat_map(pick).collect();
            set.into_iter().collect()
        };
        GamesIndex {
            title: "Games",
            filters: GameFilters {
                categories: distinct(|g| &g.categories),
                periods: distinct(|g| &g.periods),
                regions: distinct(|g| &g.regions),
            },
            rows,
        }
    }

    fn rulesets_index(&self) -> Catalogue {
        let corpus = self.corpus();
        let rows: Vec<CatalogueRow> = corpus
            .portal_rulesets
            .values()
            .map(|r| CatalogueRow {
                url: record_url(&r.id),
                title: format!("{} {}", r.id, r.name),
                detail: ruleset_detail(self.game_name_of(r.game.as_deref()), r.kind.clone()),
                executable: !self.implementing(&r.id).is_empty(),
            })
            .collect();
        Catalogue {
            title: "Portal rulesets",
            intro: "DLP's rulesets as its portal publishes them: the rules text of each, its type (described, reconstructed, observed, suggested…) and its game. Those an engine of this project runs are marked.",
            rows,
        }
    }

    fn sources_index(&self) -> Catalogue {
        let rows: Vec<CatalogueRow> = self
            .corpus()
            .sources
            .values()
            .map(|s| CatalogueRow {
                url: format!("sources/{}.html", s.key),
                title: source_title(s),
                detail: format!(
                    "cited by {}",
                    counted(
                        self.sources_cited
                            .get(s.key.as_str())
                            .map_or(0, BTreeSet::len),
                        "record",
                        "records"
                    )
                ),
                executable: false,
            })
            .collect();
        Catalogue {
            title: "Sources",
            intro: "Every publication the records cite, with the records that cite it.",
            rows,
        }
    }

    fn game<'v>(&'v self, game: &'v Game) -> GamePage<'v> {
        let corpus = self.corpus();
        let mut dated: Vec<(f64, DatedRecord<'a>)> = game
            .evidence
            .iter()
            .filter_map(|id| corpus.evidence.get(id))
            .map(|e| {
                let start = e
                    .date
                    .as_ref()
                    .map_or(f64::MAX, |d| d.start.fractional_year());
                let place = self.places(e).join("; ");
                (
                    start,
                    DatedRecord {
                        id: &e.id,
                        url: record_url(&e.id),
                        kind: e.kind.as_deref(),
                        date: e.date.as_ref().map(|d| d.written()),
                        start: e.date.as_ref().map(|d| d.start.fractional_year()),
                        place,
                    },
                )
            })
            .collect();
        dated.sort_by(|a, b| a.0.total_cmp(&b.0));
        let records: Vec<DatedRecord<'a>> = dated.into_iter().map(|(_, v)| v).collect();
        let portal_rulesets: Vec<PortalRulesetLink<'a>> = game
            .rulesets
            .iter()
            .filter_map(|id| corpus.portal_rulesets.get(id))
            .map(|r| PortalRulesetLink {
                id: &r.id,
                url: record_url(&r.id),
                name: &r.name,
                kind: r.kind.as_deref(),
            })
            .collect();
        let (modelled, unmodelled): (Vec<_>, Vec<_>) = self
            .records_by_game
            .get(game.key.as_str())
            .into_iter()
            .flatten()
            .filter_map(|id| Some((*id, self.coverage_by_record.get(*id)?)))
            .partition(|(_, coverage)| coverage.coverage.modelled > 0);
        // Records giving one text word for word, that stand alike against one reading, are one
        // entry: a historian reads "3x10 board." once, with the 142 records that give it.
        let mut rules: Vec<RulesCoverage<'_>> = Vec::new();
        let mut entry_of: BTreeMap<Vec<(&str, &str)>, usize> = BTreeMap::new();
        for (id, coverage) in modelled {
            let key: Vec<(&str, &str)> = coverage
                .clause_views
                .iter()
                .map(|c| (c.text, c.standing))
                .chain([
                    ("", coverage.coverage.ruleset.as_deref().unwrap_or_default()),
                    ("", coverage.coverage.reading.as_deref().unwrap_or_default()),
                ])
                .collect();
            match entry_of.get(&key) {
                Some(&at) => rules[at].records.push(self.record_link(id)),
                None => {
                    entry_of.insert(key, rules.len());
                    rules.push(RulesCoverage {
                        records: vec![self.record_link(id)],
                        coverage,
                    });
                }
            }
        }
        let rules_unmodelled: Vec<UnmodelledRules<'_>> = unmodelled
            .into_iter()
            .map(|(id, coverage)| UnmodelledRules {
                record: self.record_link(id),
                clauses: coverage.clause_views.iter().map(|c| c.text).collect(),
            })
            .collect();
        let rulesets: Vec<ExecutableRulesetView<'_>> = corpus
            .rulesets
            .values()
            .chain(self.ludii_only.iter().map(|l| &l.ruleset))
            .filter(|r| r.game == game.key)
            .map(|r| self.executable_ruleset(r))
            .collect();
        let claims: Vec<ClaimView<'a>> = self
            .claims_by_game
            .get(game.key.as_str())
            .into_iter()
            .flatten()
            .map(|c| claim_view(c, corpus))
            .collect();
        let own: Vec<&Evidence> = game
            .evidence
            .iter()
            .filter_map(|id| corpus.evidence.get(id))
            .collect();
        let pins: Vec<Pin> = own
            .iter()
            .flat_map(|e| {
                e.location.iter().flat_map(|l| &l.coordinates).map(|c| Pin {
                    label: self.record_title(&e.id),
                    href: format!("../{}", record_url(&e.id)),
                    longitude: c.longitude,
                    latitude: c.latitude,
                })
            })
            .collect();
        // Records known only by region: an outline per region, linked to the record when it
        // is the only one, else to the game's list of records.
        let mut by_region: BTreeMap<&str, (&RegionDrawing, Vec<&Evidence>)> = BTreeMap::new();
        let mut regional = 0;
        for e in &own {
            let drawn = self.drawn_regions(e);
            regional += usize::from(!drawn.is_empty());
            for (name, drawing) in drawn {
                by_region.entry(name).or_insert((drawing, vec![])).1.push(e);
            }
        }
        let shapes: Vec<charts::RegionShape> = by_region
            .into_iter()
            .map(|(name, (drawing, records))| {
                let (label, href) = match records.as_slice() {
                    [one] => (
                        format!("{name}: {}", self.record_title(&one.id)),
                        format!("../{}", record_url(&one.id)),
                    ),
                    _ => (
                        format!(
                            "{name}: {} of {}",
                            counted(records.len(), "record", "records"),
                            game.name
                        ),
                        "#records".to_string(),
                    ),
                };
                region_shape(label, href, drawing)
            })
            .collect();
        let kinds = self.timeline_rows(
            own.iter().map(|e| {
                (
                    e.kind
                        .clone()
                        .unwrap_or_else(|| "Of no stated type".to_string()),
                    "#records".to_string(),
                    *e,
                )
            }),
            "../",
        );
        let summary = charts::timeline_summary(&kinds, "kinds");
        let timeline = charts::grouped_timeline(
            "game-timeline",
            &format!(
                "When the records of {} date from, a row per kind of record",
                game.name
            ),
            &kinds,
            &summary,
        );
        let charts = GameCharts {
            map: (!pins.is_empty() || !shapes.is_empty()).then(|| {
                charts::map(
                    "game-map",
                    &format!("Where the records of {} come from", game.name),
                    self.land,
                    &pins,
                    &shapes,
                    true,
                )
            }),
            axis_chart: timeline.axis,
            rows_chart: timeline.rows,
            summary,
        };
        let mut cited: BTreeMap<&str, usize> = BTreeMap::new();
        for e in &own {
            for source in &e.sources {
                *cited.entry(source).or_default() += 1;
            }
        }
        let mut cited: Vec<(usize, SourceLink<'a>)> = cited
            .into_iter()
            .filter_map(|(key, n)| Some((n, self.source_link(key)?)))
            .collect();
        cited.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.title.cmp(b.1.title)));
        GamePage {
            cited: cited
                .into_iter()
                .map(|(n, source)| CitedSource {
                    source,
                    records: counted(n, "record", "records"),
                })
                .collect(),
            located: pins.len(),
            regional,
            charts,
            title: &game.name,
            game,
            evidence_range: dated_range(game.evidence_range.as_ref()),
            records_filter: format!("evidence/index.html?game={}", query_value(&game.name)),
            sources: self.source_links(&game.sources),
            portal_rulesets,
            records,
            rules,
            rules_unmodelled,
            rulesets,
            claims,
            verified: self.inputs.verification.is_some(),
        }
    }

    fn executable_ruleset<'v>(&'v self, r: &'v ExecutableRuleset) -> ExecutableRulesetView<'v> {
        let engine = rulesets::find(&r.engine).ok();
        let resolve = |preset: &str, overrides: &OptionSet| {
            engine.and_then(|e| e.resolve(preset, overrides).ok())
        };
        let own = resolve(&r.preset, &r.options);
        let dlp = resolve("dlp", &OptionSet::new());
        let ludii = resolve("ludii", &OptionSet::new());
        let options: Vec<OptionRow> = engine
            .map(|e| e.specs())
            .unwrap_or_default()
            .iter()
            .map(|spec| {
                let value = |set: &Option<Resolved>| {
                    set.as_ref()
                        .and_then(|s| s.options().get(spec.key))
                        .cloned()
                        .unwrap_or_default()
                };
                OptionRow {
                    anchor: format!("option-{}-{}", r.id, spec.key),
                    key: spec.key,
                    description: spec.description(),
                    domain: spec.describe_domain(),
                    own: value(&own),
                    dlp: value(&dlp),
                    ludii: value(&ludii),
                    cites: spec.cites,
                    source: spec.source,
                }
            })
            .collect();
        let studies = self.studies_by_ruleset.get(r.id.as_str());
        ExecutableRulesetView {
            id: &r.id,
            name: &r.name,
            engine: &r.engine,
            family: engine.and_then(|e| e.family()),
            preset: &r.preset,
            overrides: sorted_pairs(&r.options),
            implements: r.implements.iter().map(|id| self.record_link(id)).collect(),
            notes: &r.notes,
            options,
            scenarios: engine.map(scenario_names).unwrap_or_default(),
            studies: studies.map(|s| studies_view(s)),
            ludii: self
                .inputs
                .simulations
                .map(|s| verify::present::ludii_rows(&s.ludii, &r.id))
                .unwrap_or_default(),
            sample: own.as_ref().and_then(sample_game),
        }
    }

    /// The source a citation names ("Piccione 1990: 388" is Piccione's of 1990), if the
    /// corpus has it.
    fn cited_source(&self, c: &Citation) -> Option<&'a str> {
        let author = c.author.to_lowercase();
        self.corpus()
            .sources
            .iter()
            .find(|(_, s)| s.year == Some(c.year) && s.authors.to_lowercase().starts_with(&author))
            .map(|(key, _)| key.as_str())
    }

    fn citations(&self, citations: &'a [Citation]) -> Vec<CitationView<'a>> {
        citations
            .iter()
            .map(|c| CitationView {
                text: &c.text,
                source: self.cited_source(c),
            })
            .collect()
    }

    fn evidence<'v>(&'v self, record: &'v Evidence) -> EvidencePage<'v> {
        let corpus = self.corpus();
        let pins: Vec<Pin> = record
            .location
            .iter()
            .flat_map(|l| &l.coordinates)
            .map(|c| Pin {
                label: format!("{} ({})", record.id, c.text),
                href: "#location".to_string(),
                longitude: c.longitude,
                latitude: c.latitude,
            })
            .collect();
        let drawn = self.drawn_regions(record);
        let shapes: Vec<charts::RegionShape> = drawn
            .iter()
            .map(|(name, drawing)| {
                region_shape(
                    format!("{name}, the region {} names", record.id),
                    format!("../map.html#{}", region_anchor(name)),
                    drawing,
                )
            })
            .collect();
        let map = (!pins.is_empty() || !shapes.is_empty()).then(|| {
            charts::map(
                "record-map",
                &format!("Where {} comes from", record.id),
                self.land,
                &pins,
                &shapes,
                true,
            )
        });
        let timeline = record.date.as_ref().map(|date| {
            let mut spans = self.spans(Some(&record.id), "../", record.game.as_deref());
            // A game with hundreds of records: the ones nearest in date, this one among them.
            if spans.len() > RECORD_TIMELINE_ROWS {
                let own = date.start.fractional_year();
                spans.sort_by(|a, b| {
                    (a.start - own)
                        .abs()
                        .total_cmp(&(b.start - own).abs())
                        .then(a.label.cmp(&b.label))
                });
                spans.truncate(RECORD_TIMELINE_ROWS);
                spans.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.label.cmp(&b.label)));
            }
            charts::timeline(
                "record-timeline",
                &format!("{} among the dated records of its game", record.id),
                &spans,
            )
        });
        let portal_rulesets: Vec<RecordLink> = if self.implementing(&record.id).is_empty() {
            verify::links::portal_rulesets_of(corpus, record)
                .into_iter()
                .filter(|id| corpus.portal_rulesets.contains_key(*id))
                .map(|id| self.record_link(id))
                .collect()
        } else {
            vec![]
        };
        EvidencePage {
            title: &record.id,
            record,
            game_name: record.game.as_ref().map(|g| self.game_name(g)),
            date: record.date.as_ref().map(|d| d.written()),
            country: record
                .location
                .as_ref()
                .filter(|l| l.places.is_empty())
                .and_then(|l| l.coordinates.first())
                .and_then(|c| self.gazetteer.country(c.longitude, c.latitude))
                .map(str::to_string),
            citations: record
                .quotation
                .as_ref()
                .map(|q| self.citations(&q.citations))
                .unwrap_or_default(),
            sources: self.source_links(&record.sources),
            map,
            map_regions: drawn.iter().map(|(name, _)| name.to_string()).collect(),
            places_besides: record
                .location
                .iter()
                .flat_map(|l| &l.places)
                .filter(|place| !drawn.iter().any(|(name, _)| name == place))
                .cloned()
                .collect(),
            timeline,
            rulesets: self.implementing(&record.id),
            portal_rulesets,
            coverage: self.coverage_by_record.get(record.id.as_str()),
            claims: self.record_claims(&record.id),
            pages: pages_view(&record.pages),
            export: record.export.as_ref().map(ToString::to_string),
            superseded: superseded_view(&record.superseded),
            other_fields: sorted_pairs(&record.other_fields),
            cite: self.how_to_cite(record),
        }
    }

    fn source_link(&self, key: &str) -> Option<SourceLink<'a>> {
        let s = self.corpus().sources.get(key)?;
        Some(SourceLink {
            key: &s.key,
            title: s.reference.as_deref().unwrap_or(&s.authors),
            url: web_url(s.url.as_deref()),
        })
    }

    fn source_links(&self, keys: &[String]) -> Vec<SourceLink<'a>> {
        keys.iter()
            .filter_map(|key| self.source_link(key))
            .collect()
    }

    /// How to cite a record: the DLP's id with the record's game and date, each source with
    /// the pages the record cites of that source, and the DLP itself.
    fn how_to_cite(&self, record: &Evidence) -> String {
        let corpus = self.corpus();
        let citations: Vec<&Citation> =
            record.quotation.iter().flat_map(|q| &q.citations).collect();
        let mut sources: Vec<String> = record
            .sources
            .iter()
            .filter_map(|key| corpus.sources.get_key_value(key))
            .map(|(key, source)| {
                let pages: Vec<&str> = citations
                    .iter()
                    .filter(|c| self.cited_source(c) == Some(key.as_str()))
                    .filter_map(|c| c.pages.as_deref())
                    .collect();
                let title = source_title(source);
                let title = title.trim().trim_end_matches('.');
                match pages.as_slice() {
                    [] => title.to_string(),
                    [one] if !one.contains(['-', '–', ',']) => format!("{title}, p. {one}"),
                    several => format!("{title}, pp. {}", several.join(", ")),
                }
            })
            .collect();
        // A citation of no source the record lists keeps its pages as the record writes it
        // ("Murray 1952: 12"), when it reads as a citation, opening with its author.
        sources.extend(
            citations
                .iter()
                .filter(|c| {
                    c.pages.is_some()
                        && c.text.starts_with(&c.author)
                        && self
                            .cited_source(c)
                            .is_none_or(|key| !record.sources.iter().any(|s| s == key))
                })
                .map(|c| c.text.trim().trim_end_matches('.').to_string()),
        );
        let about: Vec<String> = record
            .game
            .as_ref()
            .map(|g| self.game_name(g))
            .into_iter()
            .chain(record.date.as_ref().map(corpus::DateRange::written))
            .collect();
        let about = if about.is_empty() {
            String::new()
        } else {
            format!(" ({})", about.join(", "))
        };
        let mut text = format!(
            "Digital Ludeme Project, evidence record {}{about}.",
            record.id
        );
        if !sources.is_empty() {
            text.push_str(&format!(
                " {}: {}.",
                if sources.len() == 1 {
                    "Source"
                } else {
                    "Sources"
                },
                sources.join("; ")
            ));
        }
        text.push_str(" In: Browne, C., et al. 2023. The Digital Ludeme Project database, Open Research Europe 3:164.");
        text
    }

    /// The executable rulesets that implement a record.
    fn implementing(&self, id: &str) -> Vec<Implementing<'a>> {
        self.corpus()
            .rulesets
            .values()
            .filter(|r| r.implements.iter().any(|i| i == id))
            .map(|r| Implementing {
                id: &r.id,
                name: &r.name,
                game: &r.game,
            })
            .collect()
    }

    fn record_claims(&self, id: &str) -> Vec<verify::present::ClaimView<'a>> {
        self.claims_by_game
            .values()
            .flatten()
            .filter(|c| c.record == id)
            .map(|c| verify::present::ClaimView::new(c))
            .collect()
    }

    fn portal_ruleset<'v>(&'v self, record: &'v PortalRuleset) -> PortalRulesetPage<'v> {
        PortalRulesetPage {
            title: &record.id,
            record,
            game_name: record.game.as_ref().map(|g| self.game_name(g)),
            references: self.citations(&record.references),
            other_fields: sorted_pairs(&record.other_fields),
            export: record.export.as_ref().map(ToString::to_string),
            rulesets: self.implementing(&record.id),
            coverage: self.coverage_by_record.get(record.id.as_str()),
            claims: self.record_claims(&record.id),
            pages: pages_view(&record.pages),
        }
    }

    fn source(&self, key: &str) -> SourcePage<'a> {
        let source = &self.corpus().sources[key];
        let records: Vec<RecordLink> = self
            .sources_cited
            .get(key)
            .into_iter()
            .flatten()
            .map(|id| self.record_link(id))
            .collect();
        SourcePage {
            title: source_title(source),
            source,
            url: web_url(source.url.as_deref()),
            records,
        }
    }

    /// Every dated record (of `game`, if given) on one axis; `highlight` is drawn apart.
    fn spans(&self, highlight: Option<&str>, root: &str, game: Option<&str>) -> Vec<Span> {
        let mut spans: Vec<Span> = self
            .corpus()
            .evidence
            .values()
            .filter(|e| game.is_none() || e.game.as_deref() == game)
            .filter_map(|e| {
                let date = e.date.as_ref()?;
                Some(Span {
                    label: self.record_title(&e.id),
                    href: format!("{root}{}", record_url(&e.id)),
                    start: date.years().0,
                    end: date.years().1,
                    highlighted: highlight == Some(e.id.as_str()),
                })
            })
            .collect();
        spans.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.label.cmp(&b.label)));
        spans
    }

    fn map(&self) -> MapPage {
        // Points are gathered into cells of MAP_CELL degrees; each cell is a row of the table
        // below the map, which the cell's circle links to.
        let mut cells: BTreeMap<(i64, i64), Vec<(&Evidence, &corpus::Coordinates)>> =
            BTreeMap::new();
        let mut by_region: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        let mut unplaced = Vec::new();
        for e in self.corpus().evidence.values() {
            let names = placed_by(e);
            for name in &names {
                by_region.entry(name).or_default().push(&e.id);
            }
            let has_coordinates = e.location.iter().any(|l| !l.coordinates.is_empty());
            if !has_coordinates && self.drawn_regions(e).is_empty() {
                let quoted: Vec<String> = names.iter().map(|n| format!("“{n}”")).collect();
                unplaced.push(UnplacedRecord {
                    record: self.record_link(&e.id),
                    reason: if names.is_empty() {
                        "no coordinates and no region".to_string()
                    } else {
                        format!(
                            "no coordinates, and no outline of {} to draw",
                            quoted.join(" or ")
                        )
                    },
                });
            }
            for c in e.location.iter().flat_map(|l| &l.coordinates) {
                let cell = (
                    (c.latitude / MAP_CELL).floor() as i64,
                    (c.longitude / MAP_CELL).floor() as i64,
                );
                cells.entry(cell).or_default().push((e, c));
            }
        }
        let cell_anchor = |(lat, lon): (i64, i64)| format!("cell-{lat}-{lon}");
        let clusters: Vec<Cluster> = cells
            .iter()
            .map(|(&cell, points)| {
                let n = points.len() as f64;
                let games: BTreeSet<String> = points
                    .iter()
                    .filter_map(|(e, _)| e.game.as_deref().map(|g| self.game_name(g)))
                    .collect();
                Cluster {
                    latitude: points.iter().map(|(_, c)| c.latitude).sum::<f64>() / n,
                    longitude: points.iter().map(|(_, c)| c.longitude).sum::<f64>() / n,
                    count: points.len(),
                    label: format!(
                        "{}: {}",
                        counted(points.len(), "point", "points"),
                        games.into_iter().collect::<Vec<_>>().join(", ")
                    ),
                    href: format!("#{}", cell_anchor(cell)),
                }
            })
            .collect();
        let places: Vec<MapCell> = cells
            .iter()
            .map(|(&cell, points)| MapCell {
                anchor: cell_anchor(cell),
                cell: cell_label(cell),
                points: points
                    .iter()
                    .map(|(e, c)| MapPoint {
                        record: self.record_link(&e.id),
                        text: c.text.clone(),
                        decimal: format!("{:.4}, {:.4}", c.latitude, c.longitude),
                    })
                    .collect(),
            })
            .collect();
        let mut shapes: Vec<charts::RegionShape> = Vec::new();
        let regions: Vec<RegionRecords> = by_region
            .into_iter()
            .map(|(region, ids)| {
                let anchor = region_anchor(region);
                let drawing = self.regions.get(region).and_then(Option::as_ref);
                if let Some(drawing) = drawing {
                    let records = counted(ids.len(), "record", "records");
                    let label = match &drawing.as_country {
                        Some(country) => format!("{region}: {records}, drawn as {country}"),
                        None => format!("{region}: {records}"),
                    };
                    shapes.push(region_shape(label, format!("#{anchor}"), drawing));
                }
                RegionRecords {
                    anchor,
                    region: region.to_string(),
                    drawn: drawing.is_some(),
                    drawn_as: drawing.and_then(|d| d.as_country.clone()),
                    records: ids.into_iter().map(|id| self.record_link(id)).collect(),
                }
            })
            .collect();
        MapPage {
            title: "Map of the evidence",
            unplaced,
            drawn: shapes.len(),
            map: charts::cluster_map(
                "world-map",
                "Where the evidence comes from",
                self.land,
                &clusters,
                &shapes,
            ),
            places,
            regions,
            cell: MAP_CELL,
        }
    }

    /// A timeline row per group of records: its bars, its label and its link.
    fn timeline_rows<'k>(
        &self,
        records: impl Iterator<Item = (String, String, &'k Evidence)>,
        root: &str,
    ) -> Vec<charts::TimelineRow> {
        let mut groups: BTreeMap<String, charts::TimelineRow> = BTreeMap::new();
        for (label, href, e) in records {
            let Some(date) = &e.date else { continue };
            let (start, end) = date.years();
            groups
                .entry(label.clone())
                .or_insert_with(|| charts::TimelineRow {
                    label,
                    href,
                    bars: Vec::new(),
                })
                .bars
                .push(Span {
                    label: format!("{}: {}", self.record_title(&e.id), date.written()),
                    href: format!("{root}{}", record_url(&e.id)),
                    start,
                    end,
                    highlighted: false,
                });
        }
        let mut rows: Vec<charts::TimelineRow> = groups.into_values().collect();
        let earliest =
            |r: &charts::TimelineRow| r.bars.iter().map(|b| b.start).fold(f64::INFINITY, f64::min);
        rows.sort_by(|a, b| {
            earliest(a)
                .total_cmp(&earliest(b))
                .then(a.label.cmp(&b.label))
        });
        rows
    }

    fn timeline(&self) -> TimelinePage {
        let mut rows: Vec<(f64, DatedLink)> = self
            .corpus()
            .evidence
            .values()
            .filter_map(|e| {
                let date = e.date.as_ref()?;
                Some((
                    date.start.fractional_year(),
                    DatedLink {
                        record: self.record_link(&e.id),
                        date: date.written(),
                    },
                ))
            })
            .collect();
        rows.sort_by(|a, b| a.0.total_cmp(&b.0));
        let games = self.timeline_rows(
            self.corpus().evidence.values().filter_map(|e| {
                let game = e.game.as_deref()?;
                Some((self.game_name(game), format!("games/{game}.html"), e))
            }),
            "",
        );
        let summary = charts::timeline_summary(&games, "games");
        let chart = charts::grouped_timeline(
            "timeline",
            "When the evidence dates from, a row per game",
            &games,
            &summary,
        );
        TimelinePage {
            title: "Timeline of the evidence",
            axis_chart: chart.axis,
            rows_chart: chart.rows,
            summary,
            rows: rows.into_iter().map(|(_, v)| v).collect(),
        }
    }

    fn search_entries(&self) -> Vec<Entry> {
        let corpus = self.corpus();
        let mut entries = Vec::new();
        let game_of = |id: &str| -> Option<String> {
            corpus
                .evidence
                .get(id)
                .and_then(|e| e.game.clone())
                .or_else(|| corpus.portal_rulesets.get(id).and_then(|r| r.game.clone()))
        };
        for g in corpus.games.values() {
            entries.push(Entry {
                kind: Kind::Game,
                title: g.name.clone(),
                url: format!("games/{}.html", g.key),
                text: [g.aliases.clone(), g.description.iter().cloned().collect()]
                    .concat()
                    .join(" · "),
                games: vec![g.key.clone()],
                number: None,
            });
        }
        for LudiiOnly {
            engine, ruleset, ..
        } in self.ludii_only.iter().filter(|l| !l.on_game_page())
        {
            let engine = *engine;
            entries.push(Entry {
                kind: Kind::Game,
                title: engine.info().name.to_string(),
                url: ludii_game_url(&ruleset.id),
                text: [
                    engine.info().aliases.join(" · "),
                    engine.ludii_description().unwrap_or_default().to_string(),
                    format!("{} family", engine.family().unwrap_or_default()),
                ]
                .join(" · "),
                games: Vec::new(),
                number: None,
            });
        }
        for e in corpus.evidence.values() {
            let mut text: Vec<String> = Vec::new();
            text.extend(e.kind.iter().cloned());
            text.extend(e.date.as_ref().map(corpus::DateRange::written));
            text.extend(e.location.iter().flat_map(|l| l.places.iter().cloned()));
            text.extend(e.regions.iter().cloned());
            text.extend(e.rules.iter().cloned());
            if let Some(q) = &e.quotation {
                text.push(q.text.clone());
                text.extend(q.citations.iter().map(|c| c.text.clone()));
            }
            entries.push(Entry {
                kind: Kind::Evidence,
                title: self.record_title(&e.id),
                url: record_url(&e.id),
                text: text.join(" · "),
                games: e.game.iter().cloned().collect(),
                number: Some(record_number(&e.id)),
            });
        }
        for r in corpus.portal_rulesets.values() {
            let mut text: Vec<String> = Vec::new();
            text.extend(r.game_name.iter().cloned());
            text.extend(r.summary.iter().cloned());
            text.extend(r.rules.iter().cloned());
            entries.push(Entry {
                kind: Kind::Ruleset,
                title: format!("{} {}", r.id, r.name),
                url: record_url(&r.id),
                text: text.join(" · "),
                games: r.game.iter().cloned().collect(),
                number: Some(record_number(&r.id)),
            });
        }
        for s in corpus.sources.values() {
            let games: BTreeSet<String> = self
                .sources_cited
                .get(s.key.as_str())
                .into_iter()
                .flatten()
                .filter_map(|id| game_of(id))
                .collect();
            entries.push(Entry {
                kind: Kind::Source,
                title: source_title(s),
                url: format!("sources/{}.html", s.key),
                text: s.authors.clone(),
                games: games.into_iter().collect(),
                number: None,
            });
        }
        for claims in self.claims_by_game.values() {
            for c in claims {
                entries.push(Entry {
                    kind: Kind::Claim,
                    title: format!("{}: {}", self.game_name(&c.game), c.statement),
                    url: format!("games/{}.html#claim-{}", c.game, c.id),
                    text: format!(
                        "{} · {} · {}",
                        c.id,
                        c.sentence.text,
                        c.sentence.translation.clone().unwrap_or_default()
                    ),
                    games: vec![c.game.clone()],
                    number: None,
                });
            }
        }
        entries
    }

    fn verification(&self) -> VerificationPage<'a> {
        let verification = self.inputs.verification.map(|v| VerificationView {
            seed: v.seed,
            summary: &v.summary,
            coverage: v
                .coverage
                .iter()
                .map(|c| CoverageRow {
                    coverage: c,
                    link: self.record_link(&c.record),
                })
                .collect(),
            claims: v
                .claims
                .iter()
                .map(|c| claim_view(c, self.corpus()))
                .collect(),
            suggestions: v
                .suggestions
                .iter()
                .map(verify::present::SuggestionView::new)
                .collect(),
        });
        VerificationPage {
            title: "Verification",
            verification,
        }
    }

    fn simulations(&self) -> SimulationsPage<'a> {
        let Some(s) = self.inputs.simulations else {
            return SimulationsPage {
                title: "Consistency simulations",
                simulations: None,
            };
        };
        let rulesets: Vec<RulesetSimulations<'a>> = s
            .rulesets
            .iter()
            .map(|r| {
                let game = self
                    .corpus()
                    .rulesets
                    .get(&r.ruleset)
                    .map(|x| x.game.as_str());
                let ludii = verify::present::ludii_rows(&s.ludii, &r.ruleset);
                let faults: Vec<Fault<'a>> = self
                    .corpus()
                    .rulesets
                    .get(&r.ruleset)
                    .into_iter()
                    .flat_map(|x| &x.variants)
                    .filter(|v| v.preset == "ludii")
                    .map(|v| Fault {
                        label: &v.label,
                        why: &v.why,
                        plays_as_ludii: v.plays_as_ludii,
                    })
                    .collect();
                let ludii_only = self.ludii_only.iter().find(|l| l.ruleset.id == r.ruleset);
                let game = game.or_else(|| {
                    ludii_only
                        .filter(|l| l.on_game_page())
                        .map(|l| l.ruleset.game.as_str())
                });
                let (page, name) = match (game, ludii_only) {
                    (Some(game), _) => (
                        Some(format!("games/{game}.html")),
                        Some(self.game_name(game)),
                    ),
                    (None, Some(l)) => (
                        Some(ludii_game_url(&l.ruleset.id)),
                        Some(l.engine.info().name.to_string()),
                    ),
                    (None, None) => (None, None),
                };
                RulesetSimulations {
                    ruleset: &r.ruleset,
                    page,
                    name,
                    option_sets: r.studies.len(),
                    lead: r.studies.first().and_then(lead_study),
                    ludii_agreeing: ludii.iter().filter(|row| row.within_chance).count(),
                    ludii_figures: ludii.len(),
                    faults,
                }
            })
            .collect();
        SimulationsPage {
            title: "Consistency simulations",
            simulations: Some(SimulationsView {
                seed: s.seed,
                playouts: s.playouts_per_study,
                caps: s.caps,
                any_faults: rulesets.iter().any(|r| !r.faults.is_empty()),
                rulesets,
                ludii_measured: s.ludii_measured.as_ref(),
                family: verify::present::family_view(&s.ludii),
            }),
        }
    }
}

/// The family games no ruleset file of the corpus links, each with Ludii's reading as the
/// ruleset its page shows (a family game has a ruleset file only when records of its game
/// exist for it to link).
fn ludii_only_games(corpus: &Corpus) -> Vec<LudiiOnly> {
    rulesets::all()
        .iter()
        .filter(|engine| engine.family().is_some())
        .filter(|engine| !corpus.rulesets.contains_key(engine.info().slug))
        .map(|&engine| {
            let info = engine.info();
            let game = engine
                .corpus_game()
                .filter(|game| corpus.games.contains_key(*game));
            LudiiOnly {
                engine,
                ruleset: ExecutableRuleset {
                    id: info.slug.to_string(),
                    name: format!("{} as Ludii describes it", info.name),
                    game: game.unwrap_or_default().to_string(),
                    engine: info.slug.to_string().into(),
                    preset: "ludii".to_string().into(),
                    options: BTreeMap::new().into(),
                    implements: Vec::new(),
                    variants: Vec::new(),
                    notes: String::new(),
                },
            }
        })
        .collect()
}

/// Where a family game that only Ludii describes has its page.
fn ludii_game_url(slug: &str) -> String {
    format!("ludii/{slug}.html")
}

/// DLP's periods, as its guide draws them: Ancient before 500 CE, Medieval to 1500, Modern after.
/// A value for a URL's query: every byte but unreserved ASCII percent-encoded.
fn query_value(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A record id's number (`DLP.Evidence.108` is 108), for sorting as a reader counts.
fn record_number(id: &str) -> u64 {
    id.rsplit('.')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(u64::MAX)
}

/// A game's evidence range as written, or nothing when it is DLP's placeholder for "no
/// date" (3500 BCE – 2020), which dates nothing.
fn dated_range(range: Option<&corpus::DateRange>) -> Option<String> {
    range
        .filter(|r| !r.is_dlp_placeholder())
        .map(corpus::DateRange::written)
}

/// A map cell as a reader writes it: "30° to 32° S, 64° to 66° W".
fn cell_label((lat, lon): (i64, i64)) -> String {
    let side = |index: i64, positive: char, negative: char| {
        let low = index as f64 * MAP_CELL;
        let high = low + MAP_CELL;
        if high <= 0.0 {
            format!("{}° to {}° {negative}", high.abs(), low.abs())
        } else {
            format!("{low}° to {high}° {positive}")
        }
    };
    format!("{}, {}", side(lat, 'N', 'S'), side(lon, 'E', 'W'))
}

/// "1 record", "1,265 records": a count with its noun, singular or plural.
fn counted(n: usize, one: &str, many: &str) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{grouped} {}", if n == 1 { one } else { many })
}

/// The place a DLP region file names, or nothing when it names a ruler or a period: the
/// files are named after what they outline, mostly places ("Sri Lanka"), but some after a
/// ruler ("Alfonso X", "Philip II") and some after a century and a place ("15 c France",
/// "19 Cent China"), whose place is kept.
/// The country a region of DLP's is drawn as when the corpus has no outline of it and its
/// name is a country's, perhaps with a word of age or direction before it ("Ancient Egypt",
/// "South India"); with its outline.
fn region_country(
    gazetteer: &crate::world::Gazetteer,
    region: &str,
) -> Option<(String, crate::world::DrawnOutline)> {
    let place = region_place(region)?;
    let bare = place
        .split_once(' ')
        .filter(|(first, _)| {
            [
                "Ancient", "Modern", "Northern", "Southern", "Eastern", "Western", "South", "North",
            ]
            .contains(first)
        })
        .map(|(_, rest)| rest.to_string());
    [Some(place), bare]
        .into_iter()
        .flatten()
        .find_map(|name| Some((name.clone(), gazetteer.outline(&name)?)))
}

fn region_place(name: &str) -> Option<String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let roman = |w: &str| !w.is_empty() && w.chars().all(|c| "IVXLC".contains(c));
    if words.len() > 1 && words.last().is_some_and(|w| roman(w)) {
        return None;
    }
    let century = |w: &str| w.chars().all(|c| c.is_ascii_digit()) && !w.is_empty();
    let place = match words.as_slice() {
        [number, marker, rest @ ..]
            if century(number)
                && ["c", "c.", "cent", "century"].contains(&marker.to_lowercase().as_str())
                && !rest.is_empty() =>
        {
            rest.join(" ")
        }
        _ => words.join(" "),
    };
    (!place.is_empty()).then_some(place)
}

/// A region's outline as a map draws it, with its label and link.
fn region_shape(label: String, href: String, drawing: &RegionDrawing) -> charts::RegionShape {
    charts::RegionShape {
        label,
        href,
        path: drawing.outline.path.clone(),
        bounds: drawing.outline.bounds,
    }
}

/// A source's title: its reference, or its authors and year.
fn source_title(s: &corpus::model::Source) -> String {
    s.reference.clone().unwrap_or_else(|| {
        format!(
            "{} {}",
            s.authors,
            s.year.map(|y| y.to_string()).unwrap_or_default()
        )
    })
}

fn ruleset_detail(game: Option<String>, kind: Option<String>) -> String {
    [game, kind]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
}

fn period_of(year: f64) -> &'static str {
    if year < 500.0 {
        "Ancient"
    } else if year < 1500.0 {
        "Medieval"
    } else {
        "Modern"
    }
}

fn superseded_view(entries: &[corpus::Superseded]) -> Vec<SupersededView<'_>> {
    entries
        .iter()
        .map(|s| SupersededView {
            field: &s.field,
            value: match &s.value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            },
            from: &s.from,
            kept_from: &s.kept_from,
        })
        .collect()
}

fn clause_view<'a>(
    record: &str,
    ruleset: Option<&str>,
    n: usize,
    covered: &'a CoveredClause,
) -> ClauseView<'a> {
    let clause = &covered.clause;
    ClauseView {
        standing: covered.standing.key(),
        standing_label: covered.standing.label(),
        contradictions: covered
            .contradictions
            .iter()
            .map(ToString::to_string)
            .collect(),
        reads: clause
            .reads
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        anchor: format!("clause-{record}-{}", n + 1),
        number: n + 1,
        text: &clause.text,
        modelled: clause.is_modelled(),
        options: clause
            .options
            .iter()
            .map(|o| ClauseOption {
                key: o.to_string(),
                anchor: ruleset.map(|r| format!("option-{r}-{o}")),
            })
            .collect(),
        claims: &clause.claims,
        scenarios: &clause.scenarios,
        not_modelled: clause.not_modelled.as_deref(),
        not_expressed: clause.not_expressed.as_deref(),
    }
}

fn claim_view<'a>(c: &'a ClaimResult, corpus: &'a Corpus) -> ClaimView<'a> {
    let view = verify::present::ClaimView::new(c);
    let check = corpus
        .claims
        .values()
        .flat_map(|file| &file.claims)
        .find(|claim| claim.id == c.id)
        .map(|claim| &claim.check.value);
    let cases = match check {
        Some(corpus::model::Check::Scenario(scenario)) => scenario
            .cases
            .iter()
            .filter_map(|case| {
                let name = case.name.as_deref()?;
                let moves: Vec<String> = case
                    .steps
                    .iter()
                    .filter_map(|step| step.get("move").and_then(Value::as_str))
                    .map(str::to_string)
                    .collect();
                // A mismatch opens with its case's name (verify's `"{name}: …"`).
                let prefix = format!("{name}: ");
                let mismatch = view
                    .mismatches
                    .iter()
                    .find_map(|m| m.strip_prefix(prefix.as_str()));
                Some(CaseView {
                    name,
                    moves: moves.join(", "),
                    mismatch,
                })
            })
            .collect(),
        _ => Vec::new(),
    };
    ClaimView {
        view,
        record_url: record_url(&c.record),
        cases,
    }
}

/// An address that may become a link: only web addresses, so that a `javascript:` address
/// from a page never does.
fn web_url(url: Option<&str>) -> Option<&str> {
    url.filter(|u| u.starts_with("https://") || u.starts_with("http://"))
}

fn pages_view(pages: &[PageRef]) -> Vec<PageView<'_>> {
    pages
        .iter()
        .map(|p| PageView {
            file: &p.file,
            url: web_url(p.url.as_deref()),
            title: p.title.as_deref(),
        })
        .collect()
}

fn scenario_names(engine: &dyn Ruleset) -> Vec<String> {
    engine::scenario::parse_file(engine.scenarios())
        .map(|s| s.into_iter().map(|s| s.name).collect())
        .unwrap_or_default()
}

/// The figures of a ruleset's first study that the simulations overview shows.
fn lead_study(study: &verify::studies::StudyResult) -> Option<LeadStudy<'_>> {
    let report = &study.report;
    Some(LeadStudy {
        label: &study.spec.label,
        completion: report.completion,
        completion_ci: report.ci.completion,
        first_side: report.sides.first()?,
        first_side_wins: *report.win_share.first()?,
        first_side_ci: *report.ci.win_share.first()?,
        mean_moves: report.moves.as_ref().map(|m| m.mean),
    })
}

fn studies_view(r: &RulesetStudies) -> StudiesView<'_> {
    let lengths: Vec<LengthSeries<'_>> = r
        .studies
        .iter()
        .filter_map(|s| {
            Some(LengthSeries {
                label: &s.spec.label,
                shape: &s.report.moves.as_ref()?.shape,
            })
        })
        .collect();
    let bars: Vec<ShareBar> = r
        .studies
        .iter()
        .flat_map(|s| {
            s.report
                .sides
                .iter()
                .zip(s.report.win_share.iter().zip(&s.report.ci.win_share))
                .map(|(side, (v, ci))| ShareBar {
                    group: s.spec.label.clone(),
                    label: side.clone(),
                    value: *v,
                    ci: *ci,
                })
        })
        .collect();
    let sides = r.studies.first().map_or(2, |s| s.report.sides.len().max(1));
    StudiesView {
        report: r,
        lengths_chart: charts::lengths(
            &format!("lengths-{}", r.ruleset),
            "Game length (moves) under each option set",
            "moves",
            &lengths,
        ),
        shares_chart: charts::shares(
            &format!("shares-{}", r.ruleset),
            "Win shares with 95% intervals",
            &bars,
            1.0 / sides as f64,
        ),
    }
}

/// A short complete game under the ruleset's own options, move by move.
fn sample_game(options: &Resolved) -> Option<SampleGame> {
    let caps = Caps::LUDII;
    let mut play = options.runner(caps);
    let index = (0..SAMPLE_CANDIDATES)
        .map(|i| (i, play(SAMPLE_SEED, i)))
        .filter(|(_, p)| p.ending == Ending::Rules)
        .min_by_key(|(i, p)| (p.moves, *i))
        .map(|(i, _)| i)?;
    let trace = options.trace(SAMPLE_SEED, index, caps, true).ok()?;
    let truncated = trace.steps.len() > SAMPLE_STEPS;
    let steps: Vec<SampleStep> = trace
        .steps
        .into_iter()
        .take(SAMPLE_STEPS)
        .map(|s| SampleStep {
            number: s.number,
            turn: s.turn,
            player: s.player,
            chance: s.chance.join("; "),
            legal: s.legal_moves,
            chosen: s.chosen,
            position: s.position,
        })
        .collect();
    Some(SampleGame {
        seed: trace.seed,
        playout: trace.playout,
        moves: trace.moves,
        turns: trace.turns,
        ranks: trace.ranks,
        start: trace.start,
        steps,
        truncated,
    })
}
