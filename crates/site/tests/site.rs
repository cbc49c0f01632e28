//! The site rendered from named corpora: the shipped corpus with its committed reports, and
//! the shipped corpus with hostile text in every field a page can fill.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

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

fn shipped() -> Shipped {
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
    let shipped = shipped();
    let first = render(&shipped.corpus, &shipped).unwrap();
    let second = render(&shipped.corpus, &shipped).unwrap();
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
        "static/search-index.js".into(),
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
    assert_eq!(first.files.len(), expected.len(), "unexpected files");
}

#[test]
fn records_show_the_quotation_in_its_language_beside_the_rules() {
    let shipped = shipped();
    let site = render(&shipped.corpus, &shipped).unwrap();
    check(
        &site,
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
        &site,
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
        &site,
        "evidence/DLP.Evidence.1238.html",
        &[r#"<blockquote lang="la">"#],
    );
    check(
        &site,
        "sources/hyde-1694.html",
        &[
            r#"href="../evidence/DLP.Evidence.682.html""#,
            r#"href="../evidence/DLP.Evidence.1238.html""#,
        ],
    );
    check(
        &site,
        "rulesets/DLP.GameRulesets.767.html",
        &["Dèleb", r#"href="../games/deleb.html#ruleset-deleb""#],
    );
}

#[test]
fn the_bench_page_shows_every_benchmark_beside_ludii() {
    let shipped = shipped();
    let site = render(&shipped.corpus, &shipped).unwrap();
    let mut expect: Vec<String> = vec![
        "Ludii 1.3.13".into(),
        "Instruction counts".into(),
        "Statistics against the bare playout".into(),
        "Simulations on one thread and on every core".into(),
    ];
    // Every game with an engine; the other games of the corpus have nothing to benchmark.
    for ruleset in shipped.corpus.rulesets.values() {
        let slug = rulesets::find(&ruleset.engine).unwrap().info().slug;
        expect.push(format!("<code>playouts/{slug}/ludii</code>"));
        expect.push(format!("<code>playouts/{slug}/dlp</code>"));
    }
    let expect: Vec<&str> = expect.iter().map(String::as_str).collect();
    check(&site, "reports/bench.html", &expect);
}

#[test]
fn game_pages_carry_coverage_options_claims_charts_and_a_replay() {
    let shipped = shipped();
    let site = render(&shipped.corpus, &shipped).unwrap();
    check(
        &site,
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
            &site,
            &format!("games/{}.html", claim.game),
            &[&format!(r#"id="claim-{}""#, claim.id)],
        );
    }
}

/// Text a hostile or broken portal page could put in any field.
const HOSTILE: &str = r#"<script>document.documentElement.setAttribute('data-pwned','1')</script><img src=x onerror="document.documentElement.setAttribute('data-pwned','2')"> "quoted" & 'single'"#;

fn hostile_corpus() -> (Shipped, Corpus) {
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
    corpus.sources.get_mut("hyde-1694").unwrap().reference = Some(HOSTILE.into());
    (shipped, corpus)
}

#[test]
fn text_from_pages_is_escaped_everywhere() {
    let (shipped, corpus) = hostile_corpus();
    let site = render(&corpus, &shipped).unwrap();
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
    // The index is a script: its strings cannot close a script element either.
    let index = page(&site, "static/search-index.js");
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

#[test]
fn in_a_real_browser_search_finds_and_nothing_injected_runs() {
    let Some(browser) = chromium() else {
        return;
    };
    let (shipped, hostile) = hostile_corpus();
    let out = tempfile::tempdir().unwrap();
    let site_dir = out.path().join("site");
    render(&shipped.corpus, &shipped)
        .unwrap()
        .write(&site_dir)
        .unwrap();

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
    // The index's size and the time to the first result, reported (not gated: wall time
    // belongs to benchmarks).
    let index_bytes = std::fs::metadata(site_dir.join("static/search-index.js"))
        .unwrap()
        .len();
    let first_result_ms: u64 = dom
        .split("data-first-result-ms=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|ms| ms.parse().ok())
        .expect("the search page records when its first results were shown");
    let shots = root().join("target/site-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let measured = format!(
        "search index: {index_bytes} bytes, {} entries; first result {first_result_ms} ms after navigation (headless Chromium, file://)\n",
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
    assert_eq!(
        dom.matches(r#"hidden="""#).count(),
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
    render(&hostile, &shipped)
        .unwrap()
        .write(&hostile_dir)
        .unwrap();
    for page in [
        "evidence/DLP.Evidence.682.html",
        "games/baqura.html",
        "sources/hyde-1694.html",
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
