//! The five shipped pages, read field by field. These pages are the project's ground truth:
//! every value below was read off them by hand.

use std::path::Path;

use corpus::{Corpus, Evidence};

fn corpus() -> Corpus {
    let pages = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/pages");
    let (corpus, report) = ingest::ingest_dir(&pages)
        .unwrap_or_else(|report| panic!("seeds fail to ingest:\n{report}"));
    let unexpected: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert!(
        unexpected.is_empty(),
        "seeds give diagnostics: {unexpected:#?}"
    );
    corpus
}

fn evidence<'a>(corpus: &'a Corpus, id: &str) -> &'a Evidence {
    corpus
        .evidence
        .get(id)
        .unwrap_or_else(|| panic!("{id} missing"))
}

fn date(e: &Evidence) -> (String, String) {
    let d = e.date.as_ref().expect("date");
    (d.start.to_string(), d.end.to_string())
}

fn quotation(e: &Evidence) -> (&str, Option<&str>, Option<&str>, Vec<String>) {
    let q = e.quotation.as_ref().expect("quotation");
    (
        q.text.as_str(),
        q.intro.as_deref(),
        q.language.as_deref(),
        q.citations
            .iter()
            .map(|c| {
                format!(
                    "{}|{}|{}",
                    c.author,
                    c.year,
                    c.pages.as_deref().unwrap_or("")
                )
            })
            .collect(),
    )
}

fn pages(e: &Evidence) -> Vec<(&str, Option<&str>)> {
    e.pages
        .iter()
        .map(|p| (p.file.as_str(), p.title.as_deref()))
        .collect()
}

#[test]
fn counts() {
    let corpus = corpus();
    assert_eq!(
        corpus.evidence.keys().collect::<Vec<_>>(),
        [
            "DLP.Evidence.1238",
            "DLP.Evidence.1443",
            "DLP.Evidence.1554",
            "DLP.Evidence.1601",
            "DLP.Evidence.2124",
            "DLP.Evidence.682"
        ]
    );
    assert_eq!(
        corpus.portal_rulesets.keys().collect::<Vec<_>>(),
        ["DLP.GameRulesets.767"]
    );
    assert_eq!(
        corpus.games.keys().collect::<Vec<_>>(),
        [
            "baqura",
            "barjis",
            "deleb",
            "kioz",
            "natt-klab-ash-shawk",
            "sig-el-oued",
            "tuz"
        ]
    );
    assert_eq!(
        corpus.sources.keys().collect::<Vec<_>>(),
        [
            "bellin-1964",
            "hyde-1694",
            "marin-1931",
            "murray-1951",
            "pankhurst-1971"
        ]
    );
}

#[test]
fn kioz_1238() {
    let corpus = corpus();
    let e = evidence(&corpus, "DLP.Evidence.1238");
    assert_eq!(e.kind.as_deref(), Some("Contemporary rule description"));
    assert_eq!(
        (e.game.as_deref(), e.game_name.as_deref()),
        (Some("kioz"), Some("Kiôz"))
    );
    assert_eq!(date(e), ("1694-01-01".into(), "1694-12-31".into()));
    assert_eq!(e.location, None);
    assert_eq!(e.regions, ["Palestine"]);
    let rules = e.rules.as_deref().unwrap();
    assert!(
        rules.starts_with(
            "4x22 board. 22 pieces per player, four kings and eighteen regular pieces."
        )
    );
    assert!(rules.contains(
        "1=1 plus another turn, known as tab. 2=2, 3=2, 4=6 and another turn, 0=4 and another turn."
    ));
    assert!(rules.ends_with("The player to capture all of the opponent's pieces wins."));
    let (text, intro, language, citations) = quotation(e);
    assert!(text.starts_with("De ludo Kioz. His ludus dictus Lusus Al-Kioz"));
    assert!(
        text.ends_with("Regum forma supra Tabellam, Militum infra Tabellam cernitur."),
        "{text}"
    );
    assert!(
        text.contains("Foiraminum numerus est 22"),
        "typos of the source are kept"
    );
    assert_eq!((intro, language), (None, Some("la")));
    assert_eq!(citations, ["Hyde|1694|223-224"]);
    assert_eq!(e.confidence, Some(100));
    assert!(
        e.ages.is_empty()
            && e.genders.is_empty()
            && e.social_status.is_empty()
            && e.spaces.is_empty()
    );
    assert_eq!(e.sources, ["hyde-1694"]);
    assert!(e.other_fields.is_empty() && e.incomplete.is_none());
    assert_eq!(
        pages(e),
        [("000_3b6aa0e22938f680.txt", Some("Evidence in Palestine"))]
    );
}

#[test]
fn natt_klab_1554() {
    let corpus = corpus();
    let e = evidence(&corpus, "DLP.Evidence.1554");
    assert_eq!(e.kind.as_deref(), Some("Ethnography"));
    assert_eq!(
        (e.game.as_deref(), e.game_name.as_deref()),
        (Some("natt-klab-ash-shawk"), Some("Natt Klab ash-Shawk"))
    );
    assert_eq!(date(e), ("1951-01-01".into(), "1951-12-31".into()));
    assert_eq!(e.regions, ["Palestine"]);
    assert_eq!(
        e.rules.as_deref(),
        Some(
            "5x5 board, the central square marked with an X. Twelve pieces per player. Pieces begin the game on the first two rows in front of the player, and in the two squares to the player's right in the central row. Players alternate turns moving a piece orthogonally to an adjacent empty space. Players may capture an opponent's piece by hopping over it. The player who captures all of the opponent's pieces wins."
        )
    );
    let (text, intro, language, citations) = quotation(e);
    assert_eq!(
        text,
        "4.2.12. Palestine: Natt klab ash-shawk. (Hilmi Samara). PLayed on the cells of a 5x5 board with no slant lines, the central cell being cross cut. Twelve men arranged as in Fig. 27. The men can only move one step orthogonally, and captures are made by the short leap."
    );
    assert_eq!((intro, language), (None, Some("en")));
    assert_eq!(citations, ["Murray|1951|66"]);
    assert_eq!(e.confidence, Some(100));
    assert_eq!(e.sources, ["murray-1951"]);
}

#[test]
fn barjis_1601() {
    let corpus = corpus();
    let e = evidence(&corpus, "DLP.Evidence.1601");
    assert_eq!(e.kind.as_deref(), Some("Ethnography"));
    assert_eq!(e.game.as_deref(), Some("barjis"));
    assert_eq!(date(e), ("1951-01-01".into(), "1951-12-31".into()));
    let rules = e.rules.as_deref().unwrap();
    assert!(
        rules.starts_with("Frou 3x8 rectangles, arranged in a cross."),
        "the typo 'Frou' is the page's and is kept"
    );
    assert!(rules.contains("one mouth up = 10; two mouths up = 2; three mouths up = 3; four mouths up = 4; five mouths up = 25; six mouths up = 12; zero mouths up = 6."));
    assert!(rules.ends_with("If a player does this before any other player moves off any of their pieces, it counts as seven wins."));
    let (text, _, language, citations) = quotation(e);
    assert!(text.starts_with(
        "6.4.11. Arabs of Palestine: Barjis (Hilmi Samara)...Played by women and children only."
    ));
    assert!(text.contains("Men can be doubled on any cell and doubled men cannot be taken."));
    assert!(text.ends_with("the game is won by mars, counting seven games."));
    assert_eq!(language, Some("en"));
    assert_eq!(citations, ["Murray|1951|136"]);
    assert_eq!(
        (e.ages.clone(), e.genders.clone()),
        (vec!["All".to_string()], vec!["Female".to_string()])
    );
    assert_eq!(e.sources, ["murray-1951"]);
}

#[test]
fn baqura_682_one_line_layout() {
    let corpus = corpus();
    let e = evidence(&corpus, "DLP.Evidence.682");
    assert_eq!(e.kind.as_deref(), Some("Contemporary rule description"));
    assert_eq!(
        (e.game.as_deref(), e.game_name.as_deref()),
        (Some("baqura"), Some("Baqura")),
        "the game comes from the page heading"
    );
    assert_eq!(e.location.as_ref().unwrap().places, ["Mesopotamia"]);
    assert_eq!(date(e), ("1694-01-01".into(), "1694-12-31".into()));
    let rules = e.rules.as_deref().unwrap();
    assert!(rules.starts_with("2x6 board. Each player has 36 counters which they arrange however they like in their holes. Play begins"), "line breaks inside the field become spaces");
    assert!(rules.contains("The round ends when one player in unable to move."));
    assert!(rules.ends_with("Rounds are played until one player has no remaining counters."));
    let (text, _, language, citations) = quotation(e);
    assert!(text.starts_with("Bakura quidem iisdem plane instrumentis"));
    assert!(text.contains("ex tua parte, i.e. in 2 vel 4"));
    assert!(text.ends_with("quod si facis ab Angulo seu extremitate, prima vice lucraberis 16: et sic si a tertia aut quinta cellula: at a secunda, quarta, et sexta non item."), "{text}");
    assert_eq!(language, Some("la"));
    assert_eq!(citations, ["Hyde|1694|230-232"]);
    assert_eq!(e.confidence, Some(100));
    assert_eq!(e.sources, ["hyde-1694"]);
    assert_eq!(
        pages(e),
        [("001_209b43e26997b76d.txt", Some("Evidence for Baqura"))]
    );
}

#[test]
fn tuz_1443_two_points() {
    let corpus = corpus();
    let e = evidence(&corpus, "DLP.Evidence.1443");
    assert_eq!(
        (e.game.as_deref(), e.kind.as_deref()),
        (Some("tuz"), Some("Ethnography"))
    );
    let points: Vec<(f64, f64, &str)> = e
        .location
        .as_ref()
        .unwrap()
        .coordinates
        .iter()
        .map(|c| (c.latitude, c.longitude, c.text.as_str()))
        .collect();
    assert_eq!(
        points,
        [
            (11.126208, 39.635564, "11° 7'34.35\"N, 39°38'8.03\"E"),
            (11.084331, 39.7379, "11° 5'3.59\"N, 39°44'16.44\"E")
        ]
    );
    assert_eq!(date(e), ("1971-01-01".into(), "1971-12-31".into()));
    let rules = e.rules.as_deref().unwrap();
    assert!(
        rules.contains("thus creting a tuz") && rules.contains("may rearragne the counters"),
        "typos kept"
    );
    let (text, _, language, citations) = quotation(e);
    assert!(text.starts_with("Tuz I This game, based on two rows each of six holes"));
    assert!(text.ends_with("provided of couse the intervening hole is empty."));
    assert_eq!(language, Some("en"));
    assert_eq!(citations, ["Pankhurst|1971|179"]);
    assert_eq!(
        (e.ages.clone(), e.genders.clone()),
        (vec!["Adult".to_string()], vec!["Male".to_string()])
    );
    assert_eq!(e.sources, ["pankhurst-1971"]);
}

#[test]
fn sig_2124_french_with_intro() {
    let corpus = corpus();
    let e = evidence(&corpus, "DLP.Evidence.2124");
    assert_eq!(
        (e.game.as_deref(), e.game_name.as_deref()),
        (Some("sig-el-oued"), Some("Sig (El Oued)"))
    );
    let point = &e.location.as_ref().unwrap().coordinates[0];
    assert_eq!((point.latitude, point.longitude), (33.367811, 6.85165));
    assert_eq!(date(e), ("1964-01-01".into(), "1964-12-31".into()));
    let (text, intro, language, citations) = quotation(e);
    assert_eq!(intro, Some("Account of Bellin, in El oued:"));
    assert!(text.starts_with("Jeu avec Raquettes: Premier jeu de Sig."));
    assert!(
        text.contains(
            "Soit un pion en 22. Le joueur fair sig de douze et sig, soit treize points."
        )
    );
    assert!(
        text.contains("rejQuelques exemples de progression du djinn"),
        "the page's duplicated passage is kept as it is"
    );
    assert!(text.ends_with("Le nombre de joueurs n'est pas limité."));
    assert_eq!(language, Some("fr"));
    assert_eq!(citations, ["Bellin|1964|56-59"]);
    assert_eq!(e.ages, ["Child"]);
    assert_eq!(e.sources, ["bellin-1964"]);
}

#[test]
fn deleb_ruleset_767() {
    let corpus = corpus();
    let r = &corpus.portal_rulesets["DLP.GameRulesets.767"];
    assert_eq!(r.name, "Dèleb (Deleb)");
    assert_eq!(
        (r.game.as_deref(), r.game_name.as_deref()),
        (Some("deleb"), Some("Deleb"))
    );
    assert_eq!(r.periods, ["Modern"]);
    assert_eq!(r.summary.as_deref(), Some("Rules for Dèleb."));
    assert_eq!(
        r.description.as_deref(),
        Some(
            "These rules were played in the early twentieth century by the Darod people of Sonalia."
        )
    );
    let rules = r.rules.as_deref().unwrap();
    assert!(rules.starts_with(
        "Board of intersecting lines: four horizontal and up to 100 vertical. Twenty is typical."
    ));
    assert!(rules.ends_with("The team that captures all the pieces of the opposing team wins."));
    assert_eq!(
        r.references
            .iter()
            .map(|c| (c.author.as_str(), c.year, c.pages.as_deref()))
            .collect::<Vec<_>>(),
        [("Marin", 1931, Some("508-510"))]
    );
    assert_eq!(r.sources, ["marin-1931"]);
    assert_eq!(r.origin.as_deref(), Some("Somalia"));
    assert_eq!(
        r.other_fields.get("Concepts").map(String::as_str),
        Some("Browse all concepts for Deleb here.")
    );
}

#[test]
fn games_and_their_names() {
    let corpus = corpus();
    let names: Vec<(&str, &str, Vec<&str>)> = corpus
        .games
        .values()
        .map(|g| {
            (
                g.key.as_str(),
                g.name.as_str(),
                g.aliases.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("baqura", "Baqura", vec![]),
            ("barjis", "Barjis", vec![]),
            ("deleb", "Dèleb", vec!["Deleb"]),
            ("kioz", "Kiôz", vec!["Kioz"]),
            ("natt-klab-ash-shawk", "Natt Klab ash-Shawk", vec![]),
            ("sig-el-oued", "Sig (El Oued)", vec![]),
            ("tuz", "Tuz", vec![]),
        ]
    );
    assert_eq!(corpus.games["deleb"].rulesets, ["DLP.GameRulesets.767"]);
    assert_eq!(corpus.games["kioz"].evidence, ["DLP.Evidence.1238"]);
}

#[test]
fn sources_are_shared() {
    let corpus = corpus();
    let murray = &corpus.sources["murray-1951"];
    assert_eq!(
        murray.title.as_deref(),
        Some("A History of Board-Games Other Than Chess")
    );
    let citing: Vec<&str> = corpus
        .evidence
        .values()
        .filter(|e| e.sources.iter().any(|s| s == "murray-1951"))
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(citing, ["DLP.Evidence.1554", "DLP.Evidence.1601"]);
    let hyde = &corpus.sources["hyde-1694"];
    assert_eq!(
        hyde.published.as_deref(),
        Some("Oxford: E Theatro Sheldoniano.")
    );
    assert!(
        hyde.reference
            .as_deref()
            .unwrap()
            .contains("cum quibuidam aliis Arabum")
    );
    assert_eq!(
        corpus.sources["marin-1931"].reference, None,
        "only the citation is known; nothing is invented"
    );
}

#[test]
fn ingesting_twice_gives_identical_files() {
    let first = corpus().generated_files();
    let second = corpus().generated_files();
    assert_eq!(first, second);
}
