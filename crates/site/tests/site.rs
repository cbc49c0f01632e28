//! The site rendered from named corpora: the shipped corpus with its committed reports, and
//! the shipped corpus with hostile text in every field a page can fill.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use corpus::geo::Coordinates;
use corpus::model::{Citation, PageRef, Quotation};
use corpus::{Corpus, Report};
use site::{Inputs, Site, Templates};
use verify::report::{Simulations, Verification};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Shipped {
    corpus: Corpus,
    verification: Verification,
    simulations: Simulations,
    bench: benchmarks::report::BenchReport,
    dlp_licence: String,
}

/// The shipped corpus and reports, read once for every test.
fn shipped() -> &'static Shipped {
    static SHIPPED: OnceLock<Shipped> = OnceLock::new();
    SHIPPED.get_or_init(read_shipped)
}

/// The shipped corpus's site, rendered once for every test that only reads it: rendering
/// 3,000 pages is most of this file's time.
fn shipped_site() -> (&'static Shipped, &'static Site) {
    static SITE: OnceLock<Site> = OnceLock::new();
    let shipped = shipped();
    (
        shipped,
        SITE.get_or_init(|| render(&shipped.corpus, shipped).unwrap()),
    )
}

fn read_shipped() -> Shipped {
    let mut report = Report::default();
    let corpus = Corpus::load(&root().join("corpus"), &mut report);
    assert!(!report.has_errors(), "{:?}", report.sorted());
    let read = |name: &str| std::fs::read_to_string(root().join("reports").join(name)).unwrap();
    Shipped {
        corpus,
        verification: serde_json::from_str(&read("verification.json")).unwrap(),
        simulations: serde_json::from_str(&read("simulations.json")).unwrap(),
        bench: serde_json::from_str(&read("bench.json")).unwrap(),
        dlp_licence: std::fs::read_to_string(root().join("corpus/export/LICENSE")).unwrap(),
    }
}

fn templates() -> Templates {
    Templates::load(&root().join("site-templates")).unwrap()
}

fn render(corpus: &Corpus, shipped: &Shipped) -> Result<Site, Vec<site::Problem>> {
    let inputs = Inputs {
        corpus,
        verification: Some(&shipped.verification),
        simulations: Some(&shipped.simulations),
        bench: Some(&shipped.bench),
        dlp_licence: Some(&shipped.dlp_licence),
    };
    site::render(&inputs, &templates(), None)
}

fn page(site: &Site, path: &str) -> String {
    String::from_utf8(
        site.files
            .get(Path::new(path))
            .unwrap_or_else(|| panic!("no page {path}"))
            .clone(),
    )
    .unwrap()
}

/// Asserts that `page` contains every fragment of `expect`, naming the missing ones.
fn check(site: &Site, path: &str, expect: &[&str]) {
    let html = page(site, path);
    let missing: Vec<&&str> = expect.iter().filter(|e| !html.contains(**e)).collect();
    assert!(missing.is_empty(), "{path} lacks {missing:?}");
}

#[test]
fn every_game_record_and_source_has_a_page_and_the_build_is_deterministic() {
    let (shipped, first) = shipped_site();
    let second = render(&shipped.corpus, shipped).unwrap();
    assert_eq!(first.files, second.files, "two builds differ");
    let mut expected: Vec<String> = vec![
        "index.html".into(),
        "map.html".into(),
        "timeline.html".into(),
        "search.html".into(),
        "licences.html".into(),
        "evidence/index.html".into(),
        "games/index.html".into(),
        "rulesets/index.html".into(),
        "sources/index.html".into(),
        "reports/verification.html".into(),
        "reports/simulations.html".into(),
        "reports/bench.html".into(),
        "static/style.css".into(),
        "static/site.js".into(),
        "static/search/games.js".into(),
        "static/search/rulesets-1.js".into(),
        "static/search/records-1.js".into(),
        "static/search/claims.js".into(),
    ];
    expected.extend(
        shipped
            .corpus
            .games
            .keys()
            .map(|k| format!("games/{k}.html")),
    );
    expected.extend(
        shipped
            .corpus
            .evidence
            .keys()
            .map(|k| format!("evidence/{k}.html")),
    );
    expected.extend(
        shipped
            .corpus
            .portal_rulesets
            .keys()
            .map(|k| format!("rulesets/{k}.html")),
    );
    expected.extend(
        shipped
            .corpus
            .sources
            .keys()
            .map(|k| format!("sources/{k}.html")),
    );
    // A family game of no game of the DLP's has a page of its own.
    expected.extend(
        rulesets::all()
            .iter()
            .filter(|r| r.family().is_some() && ludii_page_of(shipped, r.info().slug))
            .map(|r| format!("ludii/{}.html", r.info().slug)),
    );
    for name in [
        "evidence.csv",
        "games.csv",
        "portal_rulesets.csv",
        "sources.csv",
        "executable_rulesets.csv",
        "claims.csv",
        "clause_coverage.csv",
        "corpus.json",
        "data-dictionary.md",
        "data-dictionary.csv",
        "sources.csl.json",
        "sources.bib",
        "LICENSE-DLP.txt",
    ] {
        expected.push(format!("downloads/{name}"));
    }
    for path in &expected {
        assert!(first.files.contains_key(Path::new(path)), "no {path}");
    }
    // The search index's other parts, as many as its size needs.
    let parts = first
        .files
        .keys()
        .filter(|p| p.starts_with("static/search"))
        .count();
    assert_eq!(
        first.files.len(),
        expected.len() - 4 + parts,
        "unexpected files"
    );
}

#[test]
fn records_show_the_quotation_in_its_language_beside_the_rules() {
    let (_, site) = shipped_site();
    check(
        site,
        "evidence/DLP.Evidence.682.html",
        &[
            r#"<blockquote lang="la">"#,
            r#"<div lang="en"><p>2x6 board."#,
            r#"href="../sources/hyde-1694.html""#,
            r#"class="span highlighted""#,
            "14 of 14 clauses modelled",
        ],
    );
    check(
        site,
        "evidence/DLP.Evidence.2124.html",
        &[
            r#"<blockquote lang="fr">"#,
            "Soit un djinn en case 5,",
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="map""#,
            "22 exercised by a claim or a rule scenario, 0 only linked to options, 2 contradicted by the ruleset's own preset.",
            r#"<span class="tag missing">contradicted by the preset</span>"#,
            "the clause reads entry=free, the ruleset plays entry=two-sigs",
        ],
    );
    check(
        site,
        "evidence/DLP.Evidence.1238.html",
        &[r#"<blockquote lang="la">"#],
    );
    check(
        site,
        "sources/hyde-1694.html",
        &[
            r#"href="../evidence/DLP.Evidence.682.html""#,
            r#"href="../evidence/DLP.Evidence.1238.html""#,
        ],
    );
    check(
        site,
        "rulesets/DLP.GameRulesets.767.html",
        &["Dèleb", r#"href="../games/deleb.html#ruleset-deleb""#],
    );
}

#[test]
fn the_bench_page_shows_every_benchmark_beside_ludii() {
    let (shipped, site) = shipped_site();
    let mut expect: Vec<String> = vec![
        "Ludii 1.3.13".into(),
        "Instruction counts".into(),
        "Statistics against the bare playout".into(),
        "Simulations on one thread and on every core".into(),
    ];
    // Every game with a hand-written engine under both presets, every family game in its
    // family's distribution and folded table; the other games of the corpus have nothing to
    // benchmark.
    for ruleset in shipped.corpus.rulesets.values() {
        let engine = rulesets::find(&ruleset.engine).unwrap();
        let slug = engine.info().slug;
        match benchmarks::family(engine) {
            Some(family) => {
                expect.push(format!(r#"<h3 id="family-{family}">"#));
                expect.push(format!(r#"<tr id="family-{family}-{slug}">"#));
            }
            None => {
                expect.push(format!("<code>playouts/{slug}/ludii</code>"));
                expect.push(format!("<code>playouts/{slug}/dlp</code>"));
            }
        }
    }
    let expect: Vec<&str> = expect.iter().map(String::as_str).collect();
    check(site, "reports/bench.html", &expect);
}

#[test]
fn game_pages_carry_coverage_options_claims_charts_and_a_replay() {
    let (shipped, site) = shipped_site();
    check(
        site,
        "games/baqura.html",
        &[
            r#"id="clause-DLP.Evidence.682-1""#,
            r##"href="#option-baqura-relay_from""##,
            r#"id="option-baqura-relay_from""#,
            r#"id="claim-baqura-hyde-sixteen""#,
            "lengths-baqura",
            "shares-baqura",
            r#"class="step""#,
            "Ludii&#39;s encoding (ludii preset)",
        ],
    );
    // Every claim of the verification report has its card on its game's page.
    for claim in &shipped.verification.claims {
        check(
            site,
            &format!("games/{}.html", claim.game),
            &[&format!(r#"id="claim-{}""#, claim.id)],
        );
    }
}

#[test]
fn the_simulations_page_is_a_row_per_ruleset_whose_studies_are_on_its_games_page() {
    let (shipped, site) = shipped_site();
    let overview = page(site, "reports/simulations.html");
    // The charts live on the games' pages: the overview grows by a row per ruleset.
    assert!(!overview.contains("<svg"), "the overview draws charts");
    let mut beyond_chance = 0;
    for studies in &shipped.simulations.rulesets {
        let ruleset = &studies.ruleset;
        // A family game of no game of the DLP's has a page of its own, Ludii's reading its
        // one ruleset; one of a game without records is on that game's page.
        let game_page = match shipped.corpus.rulesets.get(ruleset) {
            Some(r) => format!("games/{}.html", r.game),
            None if ludii_page_of(shipped, ruleset) => format!("ludii/{ruleset}.html"),
            None => format!(
                "games/{}.html",
                rulesets::find(ruleset).unwrap().corpus_game().unwrap()
            ),
        };
        let row = between(&overview, &format!(r#"<tr id="sim-{ruleset}">"#), "</tr>");
        assert!(
            row.contains(&format!(r#"href="../{game_page}#simulations-{ruleset}""#)),
            "{ruleset}: {row}"
        );
        check(
            site,
            &game_page,
            &[
                &format!(r#"id="simulations-{ruleset}""#),
                &format!("lengths-{ruleset}"),
            ],
        );
        let ludii = verify::present::ludii_rows(&shipped.simulations.ludii, ruleset);
        if ludii.is_empty() {
            continue;
        }
        check(site, &game_page, &[&format!(r#"id="ludii-{ruleset}""#)]);
        let agreeing = ludii.iter().filter(|r| r.within_chance).count();
        let count = format!("{agreeing} of {}", ludii.len());
        if agreeing < ludii.len() {
            beyond_chance += 1;
            assert!(row.contains(&format!("<strong>{count}</strong>")), "{row}");
        } else {
            assert!(row.contains(&count) && !row.contains("<strong>"), "{row}");
        }
    }
    assert!(beyond_chance > 0, "no ruleset differs from Ludii to show");
}

/// Whether a family game has a page of its own: no ruleset file links it and the DLP's
/// database has no game of its.
fn ludii_page_of(shipped: &Shipped, slug: &str) -> bool {
    !shipped.corpus.rulesets.contains_key(slug)
        && rulesets::find(slug)
            .unwrap()
            .corpus_game()
            .is_none_or(|game| !shipped.corpus.games.contains_key(game))
}

/// The text of `html` between the first `start` and the next `end`.
fn between<'h>(html: &'h str, start: &str, end: &str) -> &'h str {
    let from = html.find(start).unwrap_or_else(|| panic!("no {start}")) + start.len();
    let to = html[from..]
        .find(end)
        .unwrap_or_else(|| panic!("no {end} after {start}"));
    &html[from..from + to]
}

/// What a historian reads first: the home page's title and counts, the records each game has,
/// dates at their precision, citations built from each source, sources linked to their
/// addresses, the reports' code shown as code, places only in the region filter.
#[test]
fn pages_say_what_the_corpus_holds_as_precisely_as_it_knows_it() {
    let (shipped, site) = shipped_site();
    let corpus = &shipped.corpus;

    let home = page(site, "index.html");
    assert!(
        home.contains("<title>Historical rules corpus</title>"),
        "the home page's title repeats"
    );
    assert!(!home.contains("(s)"), "a count is written “(s)”");
    check(
        site,
        "index.html",
        &[
            r#"<a href="evidence/index.html"><strong>1270</strong> evidence records</a>"#,
            r#"<a href="sources/index.html"><strong>"#,
        ],
    );
    // The home page counts a game's evidence records as its page and the CSV do.
    for key in ["baqura", "kioz", "tuz"] {
        let records = corpus
            .evidence
            .values()
            .filter(|e| e.game.as_deref() == Some(key))
            .count();
        let name = &corpus.games[key].name;
        let row = format!(r#"<a href="games/{key}.html">{name}</a></th>"#);
        let at = home
            .find(&row)
            .unwrap_or_else(|| panic!("no row for {key}"));
        let cells: Vec<&str> = home[at..].split("<td>").skip(1).take(2).collect();
        assert_eq!(cells[1], format!("{records}</td>"), "{key}: {cells:?}");
    }

    // Dates at the record's precision; DLP's placeholder range is no date.
    check(
        site,
        "evidence/DLP.Evidence.10.html",
        &[
            "<dt>Date</dt><dd><a href=\"#timeline\">2305 BCE – 525 BCE</a>",
            // Placed by the country its coordinates fall in.
            "<dt>Location</dt><dd>Egypt: <a href=\"#location\">",
        ],
    );
    let placeholder = corpus
        .games
        .values()
        .find(|g| {
            g.evidence_range
                .as_ref()
                .is_some_and(corpus::DateRange::is_dlp_placeholder)
        })
        .unwrap();
    check(
        site,
        &format!("games/{}.html", placeholder.key),
        &["no date (DLP gives only its placeholder"],
    );
    for (path, bytes) in &site.files {
        if path.extension().is_some_and(|e| e == "html") {
            let text = String::from_utf8_lossy(bytes);
            assert!(
                !text.contains("3500 BCE – 2020"),
                "{} shows DLP's placeholder as a date",
                path.display()
            );
            let dated_page = path.starts_with("evidence")
                || path.starts_with("games")
                || path.ends_with("timeline.html");
            assert!(
                !dated_page || !text.contains("1 January"),
                "{} writes a year as its first day",
                path.display()
            );
        }
    }

    // Each source with its own pages, joined without “.;”.
    let cite = page(site, "evidence/DLP.Evidence.10.html");
    let cite = between(&cite, r#"<p class="cite">"#, "</p>");
    assert!(
        cite.contains("Unpublished Phd Thesis, University of Chicago, p. 388;"),
        "{cite}"
    );
    assert!(
        !cite.contains(".;") && !cite.contains("Rudolf Rohrer, p."),
        "{cite}"
    );
    assert!(cite.contains("(Senet, 2305 BCE – 525 BCE)"), "{cite}");
    for id in corpus.evidence.keys() {
        let html = page(site, &format!("evidence/{id}.html"));
        let cite = between(&html, r#"<p class="cite">"#, "</p>");
        assert!(!cite.contains(".;") && !cite.contains(";;"), "{id}: {cite}");
    }

    // Sources linked to their addresses, in a new tab, marked as leaving the site.
    let source = corpus
        .sources
        .values()
        .find(|s| s.url.as_deref().is_some_and(|u| u.starts_with("https://")))
        .unwrap();
    let link = format!(
        r#"<a class="external" href="{}" target="_blank" rel="noopener noreferrer">"#,
        source.url.as_deref().unwrap().replace('&', "&amp;")
    );
    check(
        site,
        &format!("sources/{}.html", source.key),
        &[&link, "(another site, opens in a new tab)"],
    );
    check(
        site,
        "evidence/DLP.Evidence.10.html",
        &[r#"target="_blank" rel="noopener noreferrer">online"#],
    );

    // The reports' Markdown code spans are code, never raw backticks.
    for path in [
        "reports/bench.html",
        "reports/simulations.html",
        "licences.html",
    ] {
        let html = page(site, path);
        if let Some(at) = html.find('`') {
            panic!(
                "{path} shows raw backticks: {}",
                &html[at.saturating_sub(80)..at + 40]
            );
        }
    }
    check(
        site,
        "reports/bench.html",
        &["<code>cargo xtask bench --gate</code>"],
    );

    // A claim counted from the right corner lists its cases with the moves they play.
    check(
        site,
        "games/baqura.html",
        &[
            r#"<tr><th scope="row"><code>a6</code></th><td>first hole</td><td>hands: expected [16,0], found [9,0]</td></tr>"#,
        ],
    );

    // The region filter offers places, not rulers or periods; confidence by the values held.
    let index = page(site, "evidence/index.html");
    let regions = between(&index, r#"<select name="regions">"#, "</select>");
    for not_a_place in ["Alfonso X", "Philip II", "15 c France", "19 Cent China"] {
        assert!(
            !regions.contains(&format!(">{not_a_place}<")),
            "{not_a_place} offered as a region"
        );
    }
    assert!(regions.contains(">France<") && regions.contains(">Sri Lanka<"));
    // Records with only coordinates are placed by the country they fall in.
    assert!(
        regions.contains(">Egypt<"),
        "no country in the place filter"
    );
    let unplaced = index.matches(r#"data-regions="""#).count();
    assert!(unplaced < 50, "{unplaced} records without a place");
    // A game's records by place, never by degrees, minutes and seconds.
    let senet = page(site, "games/senet.html");
    let records = between(&senet, r#"aria-label="the records""#, "</table>");
    assert!(
        records.contains("<td>Egypt</td>"),
        "Senet's records are not placed"
    );
    assert!(!records.contains("°"), "raw coordinates in Senet's records");
    // And the sources its records cite, linked.
    let cited = between(&senet, r#"<h2 id="cited">"#, "</ul>");
    assert!(
        cited.contains(r#"href="../sources/piccione-1990.html""#),
        "{cited}"
    );
    assert!(index.contains(r#"<option value="100">100% (1,265 records)</option>"#));

    // Records known only by a region are drawn as the DLP outlines the region: Pachisi's
    // record listed under Sri Lanka is on the map.
    let pachisi_lanka = corpus
        .evidence
        .values()
        .find(|e| {
            e.game.as_deref() == Some("pachisi") && e.regions.iter().any(|r| r == "Sri Lanka")
        })
        .unwrap();
    check(
        site,
        "map.html",
        &[
            r##"<a href="#region-sri-lanka"><path class="region""##,
            &format!(r#"<a href="evidence/{}.html">"#, pachisi_lanka.id),
            "<title>Sri Lanka: 14 records</title>",
        ],
    );

    // Cells south of the equator and west of Greenwich say so.
    let map = page(site, "map.html");
    let cells: Vec<&str> = map
        .split(r#"<tr id="cell-"#)
        .skip(1)
        .filter_map(|c| c.split('>').nth(2)?.split('<').next())
        .collect();
    assert!(cells.len() > 50);
    assert!(
        cells.iter().all(|c| !c.contains('-')),
        "{:?}",
        cells.iter().find(|c| c.contains('-'))
    );
    assert!(
        cells
            .iter()
            .any(|c| c.contains("° S, ") && c.ends_with("° W"))
    );
}

/// The regions the map page outlines, by their labels.
fn outlined(map: &str) -> Vec<&str> {
    map.split(r#"<path class="region""#)
        .skip(1)
        .filter_map(|p| p.split("<title>").nth(1)?.split("</title>").next())
        .collect()
}

/// Every record without coordinates is drawn as the DLP's outline of its region, on the map,
/// its game's map and its own page; a record the map cannot place is listed with why.
#[test]
fn records_known_by_region_are_drawn_as_their_outlines_and_the_rest_listed() {
    let (shipped, site) = shipped_site();
    let corpus = &shipped.corpus;
    let regional: Vec<&corpus::Evidence> = corpus
        .evidence
        .values()
        .filter(|e| e.location.iter().all(|l| l.coordinates.is_empty()))
        .collect();
    assert!(regional.len() > 250, "{}", regional.len());
    let regions: std::collections::BTreeSet<&str> = regional
        .iter()
        .flat_map(|e| e.regions.iter().map(String::as_str))
        .collect();
    let map = page(site, "map.html");
    let labels = outlined(&map);
    assert_eq!(labels.len(), regions.len(), "every region outlined once");
    assert!(
        labels.iter().all(|l| !l.contains("drawn as")),
        "a region drawn as a country though its outline is shipped: {labels:?}"
    );
    assert!(map.contains("Every record is on the map"));
    // Pachisi, whose records give regions only, has a map of its own with them.
    let pachisi = page(site, "games/pachisi.html");
    let own = between(&pachisi, r#"id="game-map-title""#, "</svg>");
    assert!(
        own.contains(r#"<path class="region""#) && own.contains("<title>Deccan: DLP.Evidence."),
        "{}",
        &own[..own.len().min(300)]
    );
    assert!(pachisi.contains("known by region, shaded as the DLP outlines their regions"));
    // And each such record's page shows its region, linked to its entry on the map page.
    let korea = regional
        .iter()
        .find(|e| e.regions == ["Korea"])
        .expect("a record known by Korea alone");
    check(
        site,
        &format!("evidence/{}.html", korea.id),
        &[
            r##"<a href="../map.html#region-korea"><path class="region""##,
            "Korea, the region the record names, as the DLP outlines it,",
        ],
    );

    // Without its outline, a region named as a country is drawn as that country, and one
    // that is not is left off the map with its records listed, as is a record with no region.
    let mut changed = corpus.clone();
    changed.regions.remove("Sri Lanka");
    changed.regions.remove("Korea");
    let korean: Vec<&str> = regional
        .iter()
        .filter(|e| e.regions == ["Korea"])
        .map(|e| e.id.as_str())
        .collect();
    let nowhere = &korean[0];
    changed.evidence.get_mut(*nowhere).unwrap().regions.clear();
    let lankan = regional
        .iter()
        .find(|e| e.regions == ["Sri Lanka"])
        .unwrap();
    changed.evidence.get_mut(&lankan.id).unwrap().location = Some(corpus::Location {
        places: vec!["Jaffna".into()],
        coordinates: vec![],
    });
    let site = render(&changed, shipped).unwrap();
    let map = page(&site, "map.html");
    assert!(outlined(&map).contains(&"Sri Lanka: 14 records, drawn as Sri Lanka"));
    // A place the record names beside its region is said under its map.
    check(
        &site,
        &format!("evidence/{}.html", lankan.id),
        &["(the record names Jaffna, with no coordinates),"],
    );
    let unplaced = between(&map, r#"<h2 id="unplaced">"#, "</ul>");
    assert!(
        unplaced.contains(&format!(
            "{} records cannot be placed: they give no coordinates and no region the map can draw.",
            korean.len()
        )),
        "{unplaced}"
    );
    assert!(unplaced.contains(&format!(r#"<a href="evidence/{nowhere}.html">{nowhere} ("#)));
    assert!(unplaced.contains(": no coordinates and no region</li>"));
    for id in &korean[1..] {
        assert!(
            unplaced.contains(&format!(r#"<a href="evidence/{id}.html">"#)),
            "{id} not listed"
        );
    }
    assert!(unplaced.contains(": no coordinates, and no outline of “Korea” to draw</li>"));
    assert!(map.contains(r##"(<a href="#unplaced">see why</a>)"##));
}

/// Text a hostile or broken portal page could put in any field.
const HOSTILE: &str = r#"<script>document.documentElement.setAttribute('data-pwned','1')</script><img src=x onerror="document.documentElement.setAttribute('data-pwned','2')"> "quoted" & 'single'"#;

fn hostile_corpus() -> (&'static Shipped, Corpus) {
    let shipped = shipped();
    let mut corpus = shipped.corpus.clone();
    let record = corpus.evidence.get_mut("DLP.Evidence.682").unwrap();
    record.rules = Some(HOSTILE.into());
    record.kind = Some(HOSTILE.into());
    record.game_name = Some(HOSTILE.into());
    record.ages = vec![HOSTILE.into()];
    record.other_fields = BTreeMap::from([(HOSTILE.to_string(), HOSTILE.to_string())]);
    record.location.as_mut().unwrap().places = vec![HOSTILE.into()];
    record
        .location
        .as_mut()
        .unwrap()
        .coordinates
        .push(Coordinates {
            latitude: 33.3,
            longitude: 44.4,
            text: HOSTILE.into(),
        });
    record.quotation = Some(Quotation {
        intro: Some(HOSTILE.into()),
        text: HOSTILE.into(),
        language: Some("la".into()),
        citations: vec![Citation {
            author: "Hyde".into(),
            year: 1694,
            pages: None,
            text: HOSTILE.into(),
        }],
    });
    record.pages = vec![PageRef {
        file: HOSTILE.into(),
        url: Some("javascript:document.documentElement.setAttribute('data-pwned','3')".into()),
        title: Some(HOSTILE.into()),
    }];
    corpus.games.get_mut("baqura").unwrap().aliases = vec![HOSTILE.into()];
    // A region's name, drawn on the map, its game's map and its record's page.
    let outline = corpus.regions["Korea"].clone();
    corpus.regions.insert(HOSTILE.into(), outline);
    corpus
        .evidence
        .get_mut("DLP.Evidence.1005")
        .unwrap()
        .regions = vec![HOSTILE.into()];
    corpus.sources.get_mut("hyde-1694").unwrap().reference = Some(HOSTILE.into());
    (shipped, corpus)
}

#[test]
fn text_from_pages_is_escaped_everywhere() {
    let (shipped, corpus) = hostile_corpus();
    let site = render(&corpus, shipped).unwrap();
    for (path, bytes) in &site.files {
        let text = String::from_utf8_lossy(bytes);
        for raw in ["<script>document", "<img src=x", "javascript:"] {
            if path.extension().is_some_and(|e| e == "html") {
                assert!(!text.contains(raw), "{} contains {raw}", path.display());
            }
        }
    }
    check(
        &site,
        "evidence/DLP.Evidence.682.html",
        &[
            "&lt;script&gt;document.documentElement",
            "&quot;quoted&quot; &amp;",
        ],
    );
    // A region's name is text in the outlines' labels too.
    check(
        &site,
        "map.html",
        &["<title>&lt;script&gt;document.documentElement"],
    );
    check(
        &site,
        "games/pong-hau-k-i.html",
        &["<title>&lt;script&gt;document.documentElement"],
    );
    // The index is scripts: their strings cannot close a script element either.
    let index: String = site
        .files
        .iter()
        .filter(|(path, _)| path.starts_with("static/search"))
        .map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned())
        .collect();
    assert!(!index.contains("<script>") && index.contains("\\u003cscript>"));
}

#[test]
fn a_broken_link_in_a_template_stops_the_build_naming_page_and_link() {
    let shipped = shipped();
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("site-templates"), dir.path());
    let index = dir.path().join("index.html");
    let text = std::fs::read_to_string(&index).unwrap().replace(
        r#"<a href="map.html">Map</a>"#,
        r#"<a href="mapp.html">Map</a> <a href="games/baqura.html#no-such-part">x</a>"#,
    );
    std::fs::write(&index, text).unwrap();
    let inputs = Inputs {
        corpus: &shipped.corpus,
        verification: Some(&shipped.verification),
        simulations: Some(&shipped.simulations),
        bench: None,
        dlp_licence: None,
    };
    let problems = site::render(&inputs, &Templates::load(dir.path()).unwrap(), None).unwrap_err();
    assert!(problems.iter().all(|p| matches!(
        &p.kind,
        site::ProblemKind::Link {
            reason: site::LinkProblem::NoAnchor { .. } | site::LinkProblem::NoPage(_),
            ..
        }
    )));
    let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        problems,
        [
            "index.html: link `games/baqura.html#no-such-part`: no anchor #no-such-part in games/baqura.html",
            "index.html: link `mapp.html`: no page mapp.html",
        ]
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Headless Chromium, when the machine has it. `.ci/run` installs it and sets
/// `REQUIRE_BROWSER`, so that CI fails rather than skips when it is missing.
fn chromium() -> Option<PathBuf> {
    let candidates = ["chromium", "chromium-browser", "google-chrome"];
    let found = std::env::var_os("CHROMIUM").map(PathBuf::from).or_else(|| {
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .flat_map(|dir| candidates.iter().map(move |c| dir.join(c)))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("REQUIRE_BROWSER").is_none(),
            "REQUIRE_BROWSER is set but no Chromium was found"
        );
        // A test may tell the person running it why it checked less.
        #[allow(clippy::print_stderr)]
        {
            eprintln!("no Chromium on this machine: browser checks skipped (.ci/run installs it)");
        }
    }
    found
}

fn headless(browser: &Path, arguments: &[&str]) -> String {
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .args(arguments)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn file_url(path: &Path, query: &str) -> String {
    format!("file://{}{query}", path.display())
}

/// Opens `page` (with its query) of the site in a frame `width` by `height` pixels, runs
/// `script` on it once it has loaded (its `doc` and `win`, returning a value) and gives back
/// that value. The frame's page may be read because Chromium is told to let `file://` pages
/// read each other, as a person's browser never would; the site itself needs no such thing.
fn probe(
    browser: &Path,
    site: &Path,
    page: &str,
    (width, height): (u32, u32),
    script: &str,
) -> serde_json::Value {
    let harness = site.parent().unwrap().join(format!(
        "probe-{}.html",
        page.replace(['/', '?', '=', '&', '.'], "-")
    ));
    let url = format!("file://{}/{page}", site.display());
    std::fs::write(
        &harness,
        format!(
            r#"<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:{width}px;height:{height}px;border:0" src="{url}"></iframe><pre id="out">not loaded</pre>
<script>
var frame = document.getElementById("f");
frame.addEventListener("load", function () {{
  var doc = frame.contentDocument, win = frame.contentWindow, out;
  try {{ out = JSON.stringify((function (doc, win) {{ {script} }})(doc, win)); }}
  catch (e) {{ out = JSON.stringify({{ error: String(e) }}); }}
  document.getElementById("out").textContent = out;
}});
</script></body></html>"#
        ),
    )
    .unwrap();
    let dom = headless(
        browser,
        &[
            "--allow-file-access-from-files",
            "--virtual-time-budget=20000",
            "--dump-dom",
            &file_url(&harness, ""),
        ],
    );
    let out = dom
        .split(r#"<pre id="out">"#)
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("{page}: no result in {dom}"))
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let value: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{page}: {e}: {out}"));
    assert!(value.get("error").is_none(), "{page}: {value}");
    value
}

/// The script part that reads a table's rows as shown: each visible row's cells' sort keys.
const SHOWN_ROWS: &str = r#"
  function shown(table) {
    return Array.prototype.filter.call(doc.getElementById(table).tBodies[0].rows, function (r) { return !r.hidden; })
      .map(function (r) { return Array.prototype.map.call(r.cells, function (c) {
        return c.hasAttribute("data-key") ? c.getAttribute("data-key") : c.textContent.trim(); }); });
  }
  function sortBy(table, column) { doc.getElementById(table).tHead.rows[0].cells[column].querySelector("button").click(); }
  function sortState(table) { return Array.prototype.map.call(doc.getElementById(table).tHead.rows[0].cells, function (c) { return c.getAttribute("aria-sort"); }); }
"#;

fn record_number(id: &str) -> u64 {
    id.rsplit('.').next().unwrap().parse().unwrap()
}

/// Years as the evidence index's date keys give them, `None` for an undated record.
fn years(rows: &serde_json::Value, column: usize) -> Vec<Option<f64>> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let key = row[column].as_str().unwrap();
            (!key.is_empty()).then(|| key.parse().unwrap())
        })
        .collect()
}

/// Undated records last; the dated ones in order (`ascending` or not).
fn assert_in_date_order(keys: &[Option<f64>], ascending: bool, what: &str) {
    let dated = keys.iter().take_while(|k| k.is_some()).count();
    assert!(
        keys[dated..].iter().all(Option::is_none),
        "{what}: an undated record before a dated one"
    );
    let years: Vec<f64> = keys[..dated].iter().flatten().copied().collect();
    let ordered = years.windows(2).all(|w| {
        if ascending {
            w[0] <= w[1]
        } else {
            w[0] >= w[1]
        }
    });
    assert!(
        ordered,
        "{what}: dates out of order: {:?}",
        &years[..years.len().min(12)]
    );
}

#[test]
fn in_a_real_browser_lists_sort_filter_and_fit_a_phone() {
    let Some(browser) = chromium() else {
        return;
    };
    let shipped = shipped();
    let corpus = &shipped.corpus;
    let out = tempfile::tempdir().unwrap();
    let site_dir = out.path().join("site");
    shipped_site().1.write(&site_dir).unwrap();
    let desktop = (1440, 900);
    let records = corpus.evidence.len();
    let undated = corpus
        .evidence
        .values()
        .filter(|e| e.date.is_none())
        .count();
    let oldest = corpus
        .evidence
        .values()
        .filter_map(|e| Some((e.date.as_ref()?.start, &e.id)))
        .min()
        .unwrap();

    // The evidence index oldest first by the year as a number, undated last; a second
    // click on Date turns it round with the undated still last; headings say how they sort.
    let script = format!(
        "{SHOWN_ROWS} var first = shown('evidence-table'); var state = sortState('evidence-table');
         sortBy('evidence-table', 3); var descending = shown('evidence-table'); var state2 = sortState('evidence-table');
         sortBy('evidence-table', 0); var byRecord = shown('evidence-table').map(function (r) {{ return r[0]; }});
         return {{ first: first, state: state, descending: descending, state2: state2, byRecord: byRecord }};"
    );
    let sorted = probe(&browser, &site_dir, "evidence/index.html", desktop, &script);
    let first = years(&sorted["first"], 3);
    assert_eq!(first.len(), records);
    assert_in_date_order(&first, true, "oldest first");
    assert_eq!(first.iter().filter(|k| k.is_none()).count(), undated);
    assert_eq!(
        sorted["first"][0][0].as_str().unwrap(),
        oldest.1.rsplit('.').next().unwrap(),
        "the oldest record opens the list"
    );
    assert_eq!(
        sorted["state"][3], "ascending",
        "the Date heading says it sorts"
    );
    assert_in_date_order(&years(&sorted["descending"], 3), false, "newest first");
    assert_eq!(sorted["state2"][3], "descending");
    let numbers: Vec<u64> = sorted["byRecord"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().parse().unwrap())
        .collect();
    assert!(
        numbers.windows(2).all(|w| w[0] < w[1]),
        "record ids sort as numbers"
    );

    // A game's own list, oldest first too.
    let senet = corpus
        .evidence
        .values()
        .filter(|e| e.game.as_deref() == Some("senet"))
        .count();
    let filtered = probe(
        &browser,
        &site_dir,
        "evidence/index.html?game=senet",
        desktop,
        &format!(
            "{SHOWN_ROWS} return {{ rows: shown('evidence-table'), count: doc.querySelector('.filter-count').textContent, warning: doc.querySelector('.filter-warning').hidden }};"
        ),
    );
    assert_eq!(
        filtered["count"],
        format!("{senet} of {records} shown"),
        "a game given in lower case filters"
    );
    assert_eq!(filtered["warning"], true);
    assert_in_date_order(&years(&filtered["rows"], 3), true, "Senet's records");
    let unknown = probe(
        &browser,
        &site_dir,
        "evidence/index.html?game=Snet",
        desktop,
        "return { warning: doc.querySelector('.filter-warning').hidden ? null : doc.querySelector('.filter-warning').textContent };",
    );
    let warning = unknown["warning"]
        .as_str()
        .expect("an unknown game is said so");
    assert!(warning.contains("no game is called “Snet”"), "{warning}");

    // The confidence filter tells records apart.
    let below = probe(
        &browser,
        &site_dir,
        "evidence/index.html?confidence=75",
        desktop,
        "return doc.querySelector('.filter-count').textContent;",
    );
    let at_75 = corpus
        .evidence
        .values()
        .filter(|e| e.confidence == Some(75))
        .count();
    assert_eq!(below, format!("{at_75} of {records} shown"));

    // A game's page lists its records oldest first.
    let game = probe(
        &browser,
        &site_dir,
        "games/senet.html",
        desktop,
        "var rows = doc.querySelectorAll('#records ~ .table-wrap table tbody tr'); return Array.prototype.map.call(rows, function (r) { return r.cells[2].getAttribute('data-key') || ''; });",
    );
    let keys = years(
        &serde_json::Value::Array(
            game.as_array()
                .unwrap()
                .iter()
                .map(|k| serde_json::json!([k.clone()]))
                .collect(),
        ),
        0,
    );
    assert!(keys.len() > 100, "{}", keys.len());
    assert_in_date_order(&keys, true, "Senet's page");

    // Status badges stay on one line.
    let badges = probe(
        &browser,
        &site_dir,
        "reports/verification.html",
        desktop,
        "return Array.prototype.filter.call(doc.querySelectorAll('.status'), function (b) { return b.getClientRects().length > 1; }).length;",
    );
    assert_eq!(badges, 0, "badges broken over lines");

    // No page is taller than about ten screens at 1440×900: long lists come a page at a
    // time, details folded, the timeline's rows scrolling under its years.
    let most_cited = corpus
        .sources
        .keys()
        .max_by_key(|key| {
            corpus
                .evidence
                .values()
                .filter(|e| e.sources.contains(key))
                .count()
        })
        .unwrap();
    let cited_page = format!("sources/{most_cited}.html");
    for page in [
        "index.html",
        "evidence/index.html",
        "games/index.html",
        "rulesets/index.html",
        "sources/index.html",
        "map.html",
        "timeline.html",
        "games/senet.html",
        "games/baqura.html",
        "games/sig-el-oued.html",
        "games/pachisi.html",
        "reports/verification.html",
        "reports/simulations.html",
        "reports/bench.html",
        "licences.html",
        cited_page.as_str(),
    ] {
        let height = probe(
            &browser,
            &site_dir,
            page,
            desktop,
            "return doc.documentElement.scrollHeight;",
        );
        assert!(
            height.as_f64().unwrap() <= 9000.0,
            "{page} is {height} px tall at 1440×900"
        );
    }
    // The simulations overview sorts by a ruleset's mean length.
    let script = format!(
        "{SHOWN_ROWS} sortBy('simulations-table', 5); return shown('simulations-table').map(function (r) {{ return r[5]; }});"
    );
    let lengths = probe(
        &browser,
        &site_dir,
        "reports/simulations.html",
        desktop,
        &script,
    );
    let lengths: Vec<f64> = lengths
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str()?.parse().ok())
        .collect();
    assert_eq!(
        lengths.len(),
        shipped.simulations.rulesets.len(),
        "{lengths:?}"
    );
    assert!(lengths.is_sorted(), "{lengths:?}");
    // Paged, the list still sorts every record: the newest opens the first page.
    let newest = corpus
        .evidence
        .values()
        .filter_map(|e| Some((e.date.as_ref()?.start, record_number(&e.id))))
        .max()
        .unwrap();
    let paged = probe(
        &browser,
        &site_dir,
        "evidence/index.html",
        desktop,
        "var b = doc.getElementById('evidence-table').tHead.rows[0].cells[3].querySelector('button'); b.click();
         var shown = Array.prototype.filter.call(doc.getElementById('evidence-table').tBodies[0].rows, function (r) { return r.offsetParent !== null; });
         return { first: shown[0].cells[0].getAttribute('data-key'), shown: shown.length, pager: doc.querySelector('.pager span').textContent };",
    );
    assert_eq!(paged["shown"], 50, "{paged}");
    assert!(
        paged["pager"]
            .as_str()
            .unwrap()
            .starts_with(&format!("1–50 of {records}")),
        "{paged}"
    );
    let newest_first: u64 = paged["first"].as_str().unwrap().parse().unwrap();
    let newest_start = corpus.evidence[&format!("DLP.Evidence.{newest_first}")]
        .date
        .as_ref()
        .unwrap()
        .start;
    assert_eq!(
        newest_start, newest.0,
        "the newest record opens the list: {paged}"
    );

    // The map zooms and pans in the page; its circles shrink as it grows, so places part.
    let zoomed = probe(
        &browser,
        &site_dir,
        "map.html",
        desktop,
        "var svg = doc.querySelector('figure.zoom svg.map'); var circle = svg.querySelector('circle');
         var r = Number(circle.getAttribute('r')); var buttons = doc.querySelectorAll('.map-controls button');
         buttons[0].click(); buttons[0].click(); var zoomed = svg.getAttribute('viewBox');
         svg.zoomBy(1, 0, 0); var rect = svg.getBoundingClientRect();
         svg.dispatchEvent(new PointerEvent('pointerdown', { clientX: rect.left + 100, clientY: rect.top + 100 }));
         svg.dispatchEvent(new PointerEvent('pointermove', { clientX: rect.left + 50, clientY: rect.top + 80 }));
         svg.dispatchEvent(new PointerEvent('pointerup', {}));
         return { zoomed: zoomed, panned: svg.getAttribute('viewBox'), r: r, smaller: Number(circle.getAttribute('r')),
                  regions: svg.querySelectorAll('path.region').length };",
    );
    assert_eq!(zoomed["zoomed"], "360.00 180.00 240.00 120.00", "{zoomed}");
    assert_ne!(
        zoomed["panned"], zoomed["zoomed"],
        "dragging pans: {zoomed}"
    );
    assert!(
        zoomed["smaller"].as_f64() < zoomed["r"].as_f64(),
        "{zoomed}"
    );
    assert!(
        zoomed["regions"].as_u64().unwrap() > 100,
        "regions drawn: {zoomed}"
    );

    // Two fingers parting on a touch screen zoom the map about the point between them.
    let pinched = probe(
        &browser,
        &site_dir,
        "map.html",
        desktop,
        "var svg = doc.querySelector('figure.zoom svg.map'); var rect = svg.getBoundingClientRect();
         function touch(type, id, x) { svg.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch',
           isPrimary: id === 1, clientX: rect.left + x, clientY: rect.top + 200, bubbles: true })); }
         touch('pointerdown', 1, 300); touch('pointerdown', 2, 400); touch('pointermove', 2, 500);
         var pinched = { viewBox: svg.getAttribute('viewBox'), zoom: svg.getAttribute('data-zoom') };
         touch('pointerup', 2, 500); touch('pointerup', 1, 300);
         touch('pointerdown', 1, 300); touch('pointermove', 1, 250); touch('pointerup', 1, 250);
         pinched.dragged = svg.getAttribute('viewBox');
         return pinched;",
    );
    assert_eq!(pinched["zoom"], "2.00", "{pinched}");
    let view: Vec<f64> = pinched["viewBox"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(view[2..], [480.0, 240.0], "{pinched}");
    assert_ne!(
        pinched["dragged"], pinched["viewBox"],
        "one finger pans after a pinch: {pinched}"
    );

    // A game known only by regions has a map of its own, its regions outlined in view.
    let pachisi = probe(
        &browser,
        &site_dir,
        "games/pachisi.html",
        desktop,
        "var svg = doc.querySelector('figure.game-map svg.map'); var map = svg.getBoundingClientRect();
         return Array.prototype.map.call(svg.querySelectorAll('path.region'), function (path) {
           var box = path.getBoundingClientRect();
           return { width: box.width, height: box.height, label: path.querySelector('title').textContent,
                    inside: box.left >= map.left && box.right <= map.right && box.top >= map.top && box.bottom <= map.bottom };
         });",
    );
    let outlines = pachisi.as_array().unwrap();
    assert_eq!(outlines.len(), 2, "{pachisi}");
    for outline in outlines {
        assert!(
            outline["width"].as_f64().unwrap() > 10.0
                && outline["height"].as_f64().unwrap() > 10.0
                && outline["inside"] == true,
            "{outline}"
        );
    }

    // On a phone no page scrolls sideways, and the index's dates are in view.
    for page in [
        "index.html",
        "evidence/index.html",
        "games/index.html",
        "games/senet.html",
        "games/pachisi.html",
        "evidence/DLP.Evidence.10.html",
        "map.html",
        "timeline.html",
        "search.html?q=senet",
    ] {
        let fit = probe(
            &browser,
            &site_dir,
            page,
            (390, 844),
            "var date = doc.querySelector('#evidence-table tbody tr td[data-key]');
             var texts = Array.prototype.map.call(doc.querySelectorAll('svg.chart text'), function (t) { return t.getBoundingClientRect().height; })
               .filter(function (h) { return h > 0; });
             return { width: doc.documentElement.scrollWidth, date: date ? date.getBoundingClientRect().right : 0,
                      smallest: texts.length ? Math.min.apply(null, texts) : 99 };",
        );
        assert!(
            fit["width"].as_f64().unwrap() <= 390.0,
            "{page} scrolls sideways on a phone: {fit}"
        );
        assert!(
            fit["date"].as_f64().unwrap() <= 390.0,
            "{page}: the date is out of view on a phone: {fit}"
        );
        // Chart text stays readable: 9 px at least (the timeline's was about 5).
        assert!(
            fit["smallest"].as_f64().unwrap() >= 9.0,
            "{page}: chart text too small on a phone: {fit}"
        );
    }
}

#[test]
fn in_a_real_browser_search_finds_and_nothing_injected_runs() {
    let Some(browser) = chromium() else {
        return;
    };
    let (shipped, hostile) = hostile_corpus();
    let out = tempfile::tempdir().unwrap();
    let site_dir = out.path().join("site");
    shipped_site().1.write(&site_dir).unwrap();

    // Diacritics and case folded: "KIOZ" finds Kiôz.
    let dom = headless(
        &browser,
        &[
            "--dump-dom",
            &file_url(&site_dir.join("search.html"), "?q=KIOZ"),
        ],
    );
    assert!(
        dom.contains(r#"<a href="games/kioz.html">Kiôz</a>"#),
        "search results: {dom}"
    );
    assert!(dom.contains("results for “KIOZ”"));
    // A game only Ludii describes is found by its name too.
    let dom_ludii = headless(
        &browser,
        &[
            "--dump-dom",
            &file_url(&site_dir.join("search.html"), "?q=todas+tablas"),
        ],
    );
    assert!(
        dom_ludii.contains(r#"<a href="ludii/todas-tablas.html">Todas Tablas</a>"#),
        "search results: {dom_ludii}"
    );
    // The index's size and the time to the first result, reported (not gated: wall time
    // belongs to benchmarks).
    let parts: Vec<u64> = std::fs::read_dir(site_dir.join("static/search"))
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .collect();
    let index_bytes: u64 = parts.iter().sum();
    let games_part = std::fs::metadata(site_dir.join("static/search/games.js"))
        .unwrap()
        .len();
    let milliseconds = |dom: &str, attribute: &str| -> u64 {
        dom.split(&format!("{attribute}=\""))
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|ms| ms.parse().ok())
            .unwrap_or_else(|| panic!("the search page has no {attribute}"))
    };
    let first_result_ms = milliseconds(&dom, "data-first-result-ms");
    let complete_ms = milliseconds(&dom, "data-complete-ms");

    // A game's name brings the game first, then its rulesets, records and sources, grouped,
    // each with the words that matched; records in the order of their numbers.
    let dom = headless(
        &browser,
        &[
            "--dump-dom",
            &file_url(&site_dir.join("search.html"), "?q=senet"),
        ],
    );
    let results = dom.split(r#"id="search-results""#).nth(1).unwrap();
    let first_link = results.split("<a href=\"").nth(1).unwrap();
    assert!(
        first_link.starts_with("games/senet.html\""),
        "the first result for “senet”: {}",
        &first_link[..80.min(first_link.len())]
    );
    let groups: Vec<&str> = results
        .split("<h2>")
        .skip(1)
        .map(|h| h.split(" (").next().unwrap())
        .collect();
    assert_eq!(
        groups[..3],
        ["Games", "Portal rulesets", "Evidence records"],
        "{groups:?}"
    );
    assert!(results.contains(r#"<p class="snippet">"#) && results.contains("<mark>"));
    let records_group = results.split("<h2>Evidence records").nth(1).unwrap();
    let numbers: Vec<u64> = records_group
        .split("<a href=\"evidence/DLP.Evidence.")
        .skip(1)
        .map(|r| r.split('.').next().unwrap().parse().unwrap())
        .collect();
    assert!(numbers.len() >= 10, "{numbers:?}");
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    let senet_records: Vec<u64> = shipped
        .corpus
        .evidence
        .values()
        .filter(|e| e.game.as_deref() == Some("senet"))
        .map(|e| e.id.rsplit('.').next().unwrap().parse().unwrap())
        .collect();
    assert!(
        numbers.iter().all(|n| senet_records.contains(n)),
        "Senet's own records come first"
    );
    let shots = root().join("target/site-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let measured = format!(
        "search index: {index_bytes} bytes in {} parts, the games {games_part} bytes, {} entries; first result {first_result_ms} ms after navigation, whole index searched at {complete_ms} ms (headless Chromium, file://)\n",
        parts.len(),
        shipped.corpus.evidence.len()
            + shipped.corpus.games.len()
            + shipped.corpus.portal_rulesets.len()
            + shipped.corpus.sources.len()
    );
    // Written beside the screenshots, where whoever looks at them finds it.
    std::fs::write(shots.join("search.txt"), measured).unwrap();

    // A filter given in the address narrows the evidence index to one game.
    let dom = headless(
        &browser,
        &[
            "--dump-dom",
            &file_url(&site_dir.join("evidence/index.html"), "?game=Senet"),
        ],
    );
    let senet = shipped
        .corpus
        .evidence
        .values()
        .filter(|e| e.game.as_deref() == Some("senet"))
        .count();
    assert!(senet > 100, "Senet has hundreds of records");
    let shown = format!("{senet} of {} shown", shipped.corpus.evidence.len());
    assert!(
        dom.contains(&shown),
        "expected “{shown}” in the filtered index"
    );
    let hidden_rows = dom
        .split("<tr ")
        .skip(1)
        .filter(|row| {
            row.split('>')
                .next()
                .unwrap_or_default()
                .contains(r#"hidden="""#)
        })
        .count();
    assert_eq!(
        hidden_rows,
        shipped.corpus.evidence.len() - senet,
        "every row of another game is hidden"
    );

    // The replay steps through the sample game once its script has run.
    let dom = headless(
        &browser,
        &[
            "--dump-dom",
            &file_url(&site_dir.join("games/tuz.html"), ""),
        ],
    );
    assert!(dom.contains("replay stepping") && dom.contains("step current"));

    // Screenshots, kept for people and for CI artefacts: a game with an engine, the home page,
    // a record, a game with hundreds of records, the map and the timeline.
    for (name, page) in [
        ("baqura", "games/baqura.html"),
        ("home", "index.html"),
        ("record", "evidence/DLP.Evidence.1238.html"),
        ("senet", "games/senet.html"),
        ("map", "map.html"),
        ("timeline", "timeline.html"),
    ] {
        let shot = shots.join(format!("{name}.png"));
        let _ = std::fs::remove_file(&shot);
        headless(
            &browser,
            &[
                "--window-size=1280,2000",
                &format!("--screenshot={}", shot.display()),
                &file_url(&site_dir.join(page), ""),
            ],
        );
        let png = std::fs::read(&shot).unwrap();
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 20_000,
            "{name}: no screenshot"
        );
    }

    // Hostile text stays text: no attribute set by an injected script or handler.
    let hostile_dir = out.path().join("hostile");
    render(&hostile, shipped)
        .unwrap()
        .write(&hostile_dir)
        .unwrap();
    for page in [
        "evidence/DLP.Evidence.682.html",
        "games/baqura.html",
        "sources/hyde-1694.html",
        "map.html",
        "games/pong-hau-k-i.html",
    ] {
        let dom = headless(
            &browser,
            &["--dump-dom", &file_url(&hostile_dir.join(page), "")],
        );
        assert!(!dom.contains("data-pwned=\""), "{page}: injected code ran");
        assert!(
            dom.contains("&lt;script&gt;"),
            "{page}: hostile text not shown"
        );
    }
}
