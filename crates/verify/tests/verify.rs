//! Verification on the shipped corpus and on copies of it with one thing broken.

use std::path::{Path, PathBuf};

use corpus::{Corpus, Report};
use engine::stats::ShapeError;
use verify::claims::Status;
use verify::{Config, Shard};

fn shipped_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

/// A copy of the shipped corpus in a temporary directory.
fn copy_of_corpus() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&shipped_corpus(), dir.path());
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn edit(root: &Path, file: &str, from: &str, to: &str) {
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} does not contain {from:?}");
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

fn load(root: &Path) -> Corpus {
    let mut report = Report::default();
    let corpus = Corpus::load(root, &mut report);
    assert!(!report.has_errors(), "{:#?}", report.sorted());
    corpus
}

/// Loads `root`, returning the corpus and the errors of loading it as `file:line: message`
/// relative to root.
fn load_errors(root: &Path) -> (Corpus, Vec<String>) {
    let mut report = Report::default();
    let corpus = Corpus::load(root, &mut report);
    let errors = report
        .sorted()
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string().replace(&format!("{}/", root.display()), ""))
        .collect();
    (corpus, errors)
}

/// Every diagnostic of the links and coverage checks, as `file:line: message` relative to root.
fn problems(root: &Path) -> Vec<String> {
    let corpus = load(root);
    let mut report = corpus::check::check_corpus(&corpus, root);
    report.extend(verify::broken_links(&corpus, root).diagnostics);
    report
        .sorted()
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string().replace(&format!("{}/", root.display()), ""))
        .collect()
}

/// Breaks the copy with `edits`, and checks that exactly the `expected` problems are reported.
fn check(edits: &[(&str, &str, &str)], expected: &[&str]) {
    let dir = copy_of_corpus();
    for (file, from, to) in edits {
        edit(dir.path(), file, from, to);
    }
    let found = problems(dir.path());
    for want in expected {
        assert!(
            found.iter().any(|f| f.starts_with(want)),
            "missing {want:?} in {found:#?}"
        );
    }
    assert_eq!(found.len(), expected.len(), "{found:#?}");
}

#[test]
fn the_shipped_corpus_has_no_broken_link() {
    check(&[], &[]);
}

#[test]
fn a_sentence_not_in_its_record_is_an_error() {
    check(
        &[(
            "claims/kioz.yaml",
            "text: To begin, a player must roll tab",
            "text: To begin, a player must throw tab",
        )],
        &[
            "claims/kioz.yaml:17: error: field `sentence.text`: claim kioz-a-tab-to-begin: the sentence is not, word for word, in the Rules text of DLP.Evidence.1238",
        ],
    );
}

#[test]
fn a_ruleset_with_an_unknown_option_value_is_an_error() {
    check(
        &[(
            "rulesets/kioz.yaml",
            "preset: dlp",
            "preset: dlp\noptions:\n  furthest_row: twice",
        )],
        &[
            "rulesets/kioz.yaml:7: error: field `options`: kioz: option furthest_row: \"twice\" is not one of: once, never",
        ],
    );
}

#[test]
fn a_claim_naming_an_option_the_engine_lacks_is_an_error() {
    check(
        &[(
            "claims/deleb.yaml",
            "fixed: {columns: \"6\", team_players: \"1\"}",
            "fixed: {columns: \"6\", teams: \"1\"}",
        )],
        &[
            "claims/deleb.yaml:80: error: field `check`: claim deleb-unlock-with-a-one: deleb has no option \"teams\"",
        ],
    );
}

#[test]
fn coverage_must_quote_the_clauses_and_name_checks_that_exist() {
    check(
        &[
            (
                "coverage/DLP.Evidence.1554.yaml",
                "scenarios: [capturing-all-wins]",
                "scenarios: [capturing-every-piece-wins]",
            ),
            (
                "coverage/DLP.Evidence.1238.yaml",
                "text: \"4x22 board.\"",
                "text: \"4x20 board.\"",
            ),
        ],
        &[
            "coverage/DLP.Evidence.1238.yaml:4: error: field `clauses`: clause 1: the Rules text gives \"4x22 board.\"",
            "coverage/DLP.Evidence.1554.yaml:23: error: field `scenarios`: clause \"The player who captures all of the opponent's pieces wins.\" is mapped to scenario capturing-every-piece-wins",
        ],
    );
}

#[test]
fn a_record_without_an_executable_ruleset_is_an_error() {
    check(
        &[(
            "rulesets/barjis.yaml",
            "implements:\n- DLP.Evidence.1601",
            "implements: []",
        )],
        &[
            "evidence/DLP.Evidence.1601.yaml:1: error: field `id`: DLP.Evidence.1601 is implemented by no executable ruleset, though its game barjis has one",
            "rulesets/barjis.yaml:6: error: field `implements`: names no record",
        ],
    );
}

/// The shipped corpus's run as one shard, made once for every test that reads it: the claims'
/// interpretation searches are the slow part.
fn shipped_shard() -> Shard {
    static SHIPPED: std::sync::OnceLock<Shard> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| run(&shipped_corpus(), 1, 1)).clone()
}

fn run(root: &Path, shard: u32, of: u32) -> Shard {
    let corpus = load(root);
    let config = Config {
        seed: 7,
        playouts: 24,
        shard,
        of,
    };
    let shard = verify::run_shard(&corpus, root, &config, None)
        .unwrap_or_else(|r| panic!("{:#?}", r.sorted()));
    // Shards travel between machines as JSON.
    serde_json::from_str(&serde_json::to_string(&shard).unwrap()).unwrap()
}

#[test]
fn shards_merge_into_exactly_the_reports_of_one_run() {
    let root = shipped_corpus();
    let whole = verify::merge(vec![shipped_shard()]).unwrap();
    let parts = verify::merge(vec![run(&root, 3, 3), run(&root, 1, 3), run(&root, 2, 3)]).unwrap();
    assert_eq!(verify::report::files(&whole), verify::report::files(&parts));
    let missing = verify::merge(vec![run(&root, 1, 3), run(&root, 3, 3)]).unwrap_err();
    assert!(
        matches!(&missing, verify::MergeError::Incomplete { numbers, of: 3 } if numbers == &[1, 3]),
        "{missing}"
    );
    assert_eq!(missing.to_string(), "shards [1, 3] do not make up 1..=3");
}

#[test]
fn a_claim_that_cannot_be_set_up_is_broken_not_a_finding() {
    let (_dir, claim) = run_edited(
        "claims/kioz.yaml",
        "setup: {p1: [c2, a2], p2: [v4]}",
        "setup: {p1: [c2, z9], p2: [v4]}",
        "kioz",
        "kioz-no-piling",
    );
    assert_eq!(claim.status, Status::Broken);
    assert!(
        claim.error.as_deref().unwrap_or_default().contains("z9"),
        "{claim:#?}"
    );
}

#[test]
fn a_claim_that_held_and_now_fails_is_a_regression() {
    let outcome = verify::merge(vec![shipped_shard()]).unwrap();
    let before = verify::EarlierVerdicts::from(&verify::report::verification(&outcome));
    assert!(verify::regressions(&outcome, &before).is_empty());

    let dir = copy_of_corpus();
    edit(
        dir.path(),
        "rulesets/kioz.yaml",
        "preset: dlp",
        "preset: dlp\noptions:\n  three_whites: three",
    );
    let after = verify::merge(vec![run(dir.path(), 1, 1)]).unwrap();
    assert_eq!(
        verify::regressions(&after, &before),
        ["claim kioz-throw-values: was \"holds\", now \"holds only under other readings\""]
    );
}

/// The guard watches every verdict, not only those that held: a claim going from "holds only
/// under other readings" to "fails" is a change to accept.
#[test]
fn every_change_of_verdict_needs_accepting() {
    let outcome = verify::merge(vec![shipped_shard()]).unwrap();
    let mut before = verify::EarlierVerdicts::from(&verify::report::verification(&outcome));
    let earlier = before
        .claims
        .iter_mut()
        .find(|c| c.id == "sig-example-djinn-from-22-six")
        .unwrap();
    assert_eq!(earlier.status, Status::Fails);
    earlier.status = Status::HoldsOnlyUnder;
    assert_eq!(
        verify::regressions(&outcome, &before),
        [
            "claim sig-example-djinn-from-22-six: was \"holds only under other readings\", now \"fails under every reading tried\""
        ]
    );
}

/// One claim run, as `verify` runs it, in a copy of the corpus with one edit.
fn run_edited(
    file: &str,
    from: &str,
    to: &str,
    game: &str,
    id: &str,
) -> (tempfile::TempDir, verify::claims::ClaimResult) {
    let dir = copy_of_corpus();
    edit(dir.path(), file, from, to);
    let claim = run_one(dir.path(), game, id);
    (dir, claim)
}

/// One claim of a corpus, run as `verify` runs it.
fn run_one(root: &Path, game: &str, id: &str) -> verify::claims::ClaimResult {
    let corpus = load(root);
    let claim = corpus.claims[game]
        .claims
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no claim {id}"));
    let file = root.join(format!("claims/{game}.yaml"));
    verify::claims::run_claim(&corpus, game, claim, &file)
}

/// A broken claim's diagnostic, as `verify` prints it, relative to the corpus.
fn located(root: &Path, claim: &verify::claims::ClaimResult) -> String {
    claim
        .diagnostic()
        .to_string()
        .replace(&format!("{}/", root.display()), "")
}

/// A typo in a step (an outcome no throw has) is a broken claim naming its file, line and
/// field, not a finding that the claim fails under every reading.
#[test]
fn a_step_written_wrong_is_an_error_not_a_finding() {
    let (dir, claim) = run_edited(
        "claims/kioz.yaml",
        "      - steps: [{throw: 2}]",
        "      - steps: [{throw: 256}]",
        "kioz",
        "kioz-a-tab-to-begin",
    );
    assert_eq!(claim.status, Status::Broken, "{claim:#?}");
    assert_eq!(
        located(dir.path(), &claim),
        "claims/kioz.yaml:28: error: field `check.scenario.cases[0].steps[0].throw`: claim kioz-a-tab-to-begin cannot be run: case 1: step 1: throw: 256 is not an outcome: a number from 0 to 255 or a name of the game's"
    );
}

/// A value too large for a setup's field names that field.
#[test]
fn a_setup_value_the_parser_refuses_names_its_field() {
    let (_dir, claim) = run_edited(
        "claims/deleb.yaml",
        "stages: [4, 4], pending: [3]}",
        "stages: [4, 4], pending: [256]}",
        "deleb",
        "deleb-unlock-with-a-one",
    );
    assert_eq!(claim.status, Status::Broken);
    let diagnostic = claim.diagnostic();
    assert_eq!(
        diagnostic.field.as_deref(),
        Some("check.scenario.cases[0].setup.pending"),
        "{diagnostic}"
    );
    assert_eq!(diagnostic.line, Some(83), "{diagnostic}");
}

/// Shards of different runs are refused naming the shard and the field that differs.
#[test]
fn shards_of_different_runs_name_the_field_that_differs() {
    let mut first = shipped_shard();
    first.of = 2;
    let mut second = first.clone();
    second.shard = 2;
    second.checks = None;
    second.seed += 1;
    let error = verify::merge(vec![first, second]).unwrap_err();
    assert!(
        matches!(
            error,
            verify::MergeError::DifferentRun {
                shard: 2,
                field: "seed"
            }
        ),
        "{error}"
    );
}

/// `verify` runs the engines' rule scenarios and reports those that fail, rather than
/// counting them.
#[test]
fn rule_scenarios_are_run_and_failures_reported() {
    let shard = shipped_shard();
    let checks = shard.checks.as_ref().unwrap();
    assert!(checks.rule_scenarios > 200);
    assert_eq!(checks.rule_scenario_failures, []);
    let outcome = verify::merge(vec![shard.clone()]).unwrap();
    assert!(verify::failing_rule_scenarios(&outcome).is_empty());
    let summary = verify::report::verification(&outcome).summary;
    assert_eq!(summary.rule_scenarios_passed, summary.rule_scenarios);

    // Dèleb with a scenario its engine does not play: the score is expected to survive two
    // black at stage three.
    let broken = OtherScenarios {
        engine: rulesets::find("deleb").unwrap(),
        scenarios: r#"
scenarios:
- name: two-black-lose-the-score
  setup: {team1: [a1], team2: [d1], stages: [3, 1, 1, 1], scores: [[1, 1]]}
  steps: [{throw: 0}, forced]
  expect: {scores: [0, 0, 0, 0]}
- name: two-black-keep-the-score
  setup: {team1: [a1], team2: [d1], stages: [3, 1, 1, 1], scores: [[1, 1]]}
  steps: [{throw: 0}, forced]
  expect: {scores: [5, 0, 0, 0]}
- name: a-throw-written-wrong
  setup: {team1: [a1], team2: [d1], stages: [3, 1, 1, 1]}
  steps: [{throw: 256}]
  expect: {scores: [0, 0, 0, 0]}
"#,
    };
    let (run, failures) = verify::run_rule_scenarios([&broken as &dyn rulesets::Ruleset]);
    assert_eq!(run, 3);
    let found: Vec<String> = failures
        .iter()
        .map(|f| f.diagnostic().to_string())
        .collect();
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with(
            "crates/game-deleb/scenarios.yaml:7: error: field `expect`: rule scenario two-black-keep-the-score of engine deleb fails: scores"
        ),
        "{found:#?}"
    );
    assert!(
        found[1].starts_with(
            "crates/game-deleb/scenarios.yaml:11: error: field `steps[0].throw`: rule scenario a-throw-written-wrong of engine deleb fails"
        ),
        "{found:#?}"
    );
}

/// A shipped engine with other rule scenarios.
struct OtherScenarios {
    engine: &'static dyn rulesets::Ruleset,
    scenarios: &'static str,
}

impl rulesets::Ruleset for OtherScenarios {
    fn info(&self) -> &rulesets::GameInfo {
        self.engine.info()
    }
    fn engine_type(&self) -> &'static str {
        self.engine.engine_type()
    }
    fn specs(&self) -> &'static [engine::OptionSpec] {
        self.engine.specs()
    }
    fn scenarios(&self) -> &'static str {
        self.scenarios
    }
    fn resolve(
        &self,
        preset: &str,
        overrides: &rulesets::OptionSet,
    ) -> Result<rulesets::Resolved, rulesets::ResolveError> {
        self.engine.resolve(preset, overrides)
    }
    fn computations(&self) -> Vec<(&'static str, &'static str)> {
        self.engine.computations()
    }
}

/// A claim that asks whether some setup gives a sentence is counted apart from the claims
/// that test a sentence.
#[test]
fn searches_for_a_setup_are_counted_apart() {
    let outcome = verify::merge(vec![shipped_shard()]).unwrap();
    let summary = verify::report::verification(&outcome).summary;
    let row = |label: &str| {
        summary
            .by_origin
            .iter()
            .find(|o| o.origin.starts_with(label))
            .unwrap_or_else(|| panic!("no row {label}: {:#?}", summary.by_origin))
            .clone()
    };
    let searches = row("searches for a setup");
    assert_eq!(searches.claims, 2);
    let quotations = row("a source's own words");
    let scholars = row("a scholar's rules");
    let rules = row("DLP's own Rules text");
    assert_eq!(
        quotations.claims + scholars.claims + rules.claims + searches.claims,
        summary.claims
    );
    let claims = &outcome.checks.claims;
    let some_layout = claims
        .iter()
        .find(|c| c.id == "baqura-hyde-sixteen-some-layout-under-hydes-words")
        .unwrap();
    let setups = some_layout
        .search
        .as_ref()
        .unwrap()
        .setups
        .as_ref()
        .unwrap();
    assert_eq!(setups.field, "reproducing");
    assert_eq!(
        setups.readings_by_count.values().sum::<u64>(),
        some_layout.search.as_ref().unwrap().valid()
    );
}

/// The search varies only options that can change what the check reads: the first move of
/// six a hole cannot depend on who lays out after a round or who starts the next.
#[test]
fn options_that_cannot_change_the_check_are_left_out_of_the_search() {
    let shard = shipped_shard();
    let claims = &shard.checks.as_ref().unwrap().claims;
    let search = claims
        .iter()
        .find(|c| c.id == "baqura-hyde-sixteen")
        .unwrap()
        .search
        .clone()
        .unwrap();
    assert_eq!(search.irrelevant, ["equal_counts", "round_starter"]);
    assert!(!search.keys.iter().any(|k| search.irrelevant.contains(k)));
    assert_eq!(search.combinations, 384);
    // Whether a claim with a whole game behind it can depend on an option is read off the
    // engine too: random play from the start depends on the layout rule.
    let privilege = claims
        .iter()
        .find(|c| c.id == "baqura-beginning-is-a-privilege")
        .unwrap();
    assert!(privilege.search.as_ref().unwrap().irrelevant.is_empty());
}

/// Hyde's strongest result, as a claim: his words on gains give his pattern from six a hole,
/// with 14 for his 16.
#[test]
fn hyde_s_pattern_from_six_a_hole_under_his_words_on_gains() {
    let shard = shipped_shard();
    let claims = &shard.checks.as_ref().unwrap().claims;
    let claim = claims
        .iter()
        .find(|c| c.id == "baqura-hyde-pattern-six-each")
        .unwrap();
    assert_eq!(claim.status, Status::Holds);
    let observed = &claim.under_ruleset.as_ref().unwrap().observed;
    assert_eq!(
        observed["from_left"]["gains"],
        serde_json::json!([14, 6, 14, 5, 14, 6])
    );
    assert_eq!(claim.options["capture_side"], "own-row");
    assert_eq!(claim.options["capture_counts"], "two-or-four");
}

#[test]
fn hyde_s_pattern_needs_a_layout_other_than_six_a_hole() {
    let shard = shipped_shard();
    let results = &shard.checks.as_ref().unwrap().claims;
    let status = |id: &str| results.iter().find(|c| c.id == id).unwrap().status;
    assert_eq!(status("baqura-hyde-sixteen"), Status::Fails);
    assert_eq!(status("baqura-hyde-sixteen-some-layout"), Status::Holds);
    let layouts = &results
        .iter()
        .find(|c| c.id == "baqura-hyde-sixteen-some-layout")
        .unwrap()
        .under_ruleset
        .as_ref()
        .unwrap()
        .observed;
    assert_eq!(layouts["layout"], serde_json::json!([1, 4, 4, 18, 2, 7]));
    assert_eq!(
        layouts["six_each_gains"],
        serde_json::json!([15, 15, 8, 15, 15, 9])
    );
}

/// The audit's setup artefact: the captured man stood on the centre, so the leap "needed"
/// `centre=plain`, an option the sentence does not speak to. Such a verdict is refused.
#[test]
fn a_verdict_that_turns_on_the_setup_is_refused() {
    let dir = copy_of_corpus();
    edit(
        dir.path(),
        "claims/natt-klab-ash-shawk.yaml",
        r#"- setup: {rows: [".....", ".....", ".2...", ".1...", "....2"]}
        steps: [{move: b2xb4}]
        expect: {rows: [".....", ".1...", ".....", ".....", "....2"], men: [1, 1]}"#,
        r#"- setup: {rows: [".....", ".....", "..2..", "..1..", "....2"]}
        steps: [{move: c2xc4}]
        expect: {rows: [".....", "..1..", ".....", ".....", "....2"], men: [1, 1]}"#,
    );
    let outcome = verify::merge(vec![run(dir.path(), 1, 1)]).unwrap();
    let refused = verify::setup_dependent_claims(&outcome);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].starts_with("claim natt-klab-short-leap: the verdict turns on `centre`"));
    let shipped = verify::merge(vec![shipped_shard()]).unwrap();
    assert_eq!(
        verify::setup_dependent_claims(&shipped),
        Vec::<String>::new()
    );
}

/// Seat 0 and a seat past the player count are errors naming the seat, never a panic.
#[test]
fn a_setup_naming_a_seat_that_is_not_a_player_is_broken() {
    for seat in ["0", "9"] {
        let dir = copy_of_corpus();
        edit(
            dir.path(),
            "claims/sig-el-oued.yaml",
            r#"- setup: {players: {"1": {father: 11}}}"#,
            &format!(r#"- setup: {{players: {{"{seat}": {{father: 11}}}}}}"#),
        );
        let claim = run_one(dir.path(), "sig-el-oued", "sig-stopped-by-the-minaret");
        assert_eq!(claim.status, Status::Broken);
        let error = claim.error.as_deref().unwrap_or_default();
        assert!(
            error.contains(&format!("players: seat {seat} is not a player")),
            "{error}"
        );
        // The error names the file, the line and the field.
        assert_eq!(
            located(dir.path(), &claim),
            format!(
                "claims/sig-el-oued.yaml:80: error: field `check.scenario.cases[0].setup.players`: claim sig-stopped-by-the-minaret cannot be run: case 1: setup: players: seat {seat} is not a player: seats run from 1 to 2"
            )
        );
    }
}

/// An edited shard file is an error naming the shard and the study, not a panic.
#[test]
fn a_shard_that_does_not_add_up_is_refused() {
    // Two halves of a run, made from the shipped one: the second repeats its studies.
    let mut first = shipped_shard();
    first.of = 2;
    let mut second = first.clone();
    second.shard = 2;
    second.checks = None;
    assert!(verify::merge(vec![first.clone(), second.clone()]).is_ok());
    let key = second.stats.keys().next().unwrap().clone();
    let mut short = second.clone();
    short.stats.get_mut(&key).unwrap().wins.pop();
    let error = verify::merge(vec![first.clone(), short]).unwrap_err();
    assert!(
        matches!(&error, verify::MergeError::Stats { shard: 2, study, error: ShapeError::Wins { .. } } if *study == key),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .starts_with(&format!("shard 2, study {key}: win counts"))
    );
    second.stats.get_mut(&key).unwrap().playouts += 1;
    let error = verify::merge(vec![first, second]).unwrap_err();
    assert!(
        matches!(
            &error,
            verify::MergeError::Stats {
                error: ShapeError::Counts { .. },
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn a_study_labelled_as_ludii_s_play_must_reproduce_ludii() {
    let outcome = verify::merge(vec![shipped_shard()]).unwrap();
    assert_eq!(verify::unreproduced_ludii(&outcome), Vec::<String>::new());
    let compared = verify::report::simulations(&outcome).ludii;
    assert!(
        compared.iter().filter(|c| c.must_reproduce).count() == 14,
        "one study a game must reproduce Ludii: {compared:#?}"
    );
    // Todas Tablas, which no record links: its description as it says and as Ludii 1.3.13
    // plays it (its stacks' moves listed once a piece), both beside Ludii's figures; the latter
    // must reproduce them.
    let todas_tablas: Vec<(&str, bool)> = compared
        .iter()
        .filter(|c| c.game == "todas-tablas")
        .map(|c| (c.study.as_str(), c.must_reproduce))
        .collect();
    assert_eq!(
        todas_tablas,
        [
            ("Ludii's encoding (ludii preset)", false),
            ("Ludii 1.3.13 as it plays", true)
        ]
    );
    // Mewelad's description as it says and as Ludii 1.3.13 plays it (the fault of its flag of
    // player 1's moves), both beside Ludii's figures; the latter must reproduce them.
    let mewelad: Vec<(&str, bool)> = compared
        .iter()
        .filter(|c| c.game == "mewelad")
        .map(|c| (c.study.as_str(), c.must_reproduce))
        .collect();
    assert_eq!(
        mewelad,
        [
            ("Ludii's encoding (ludii preset)", false),
            ("Ludii 1.3.13 as it plays", true)
        ]
    );

    // Ludii's Tuz made three times shorter: the preset no longer reproduces it.
    let dir = copy_of_corpus();
    edit(
        dir.path(),
        verify::ludii::FILE,
        "value: 4736.6",
        "value: 1500.0",
    );
    edit(
        dir.path(),
        verify::ludii::FILE,
        "value: 4785.2",
        "value: 1500.0",
    );
    let outcome = verify::merge(vec![run(dir.path(), 1, 1)]).unwrap();
    let unreproduced = verify::unreproduced_ludii(&outcome);
    assert_eq!(unreproduced.len(), 1, "{unreproduced:#?}");
    assert!(
        unreproduced[0].starts_with("tuz: the study \"Ludii's encoding (ludii preset)\"")
            && unreproduced[0].contains("mean moves"),
        "{unreproduced:#?}"
    );

    // Barjis's variant without the fault it claims to carry plays Ludii's encoding, not Ludii.
    let dir = copy_of_corpus();
    edit(
        dir.path(),
        "rulesets/barjis.yaml",
        "track_counts: ludii-shared-cells",
        "track_counts: per-man",
    );
    let outcome = verify::merge(vec![run(dir.path(), 1, 1)]).unwrap();
    let unreproduced = verify::unreproduced_ludii(&outcome);
    assert!(
        unreproduced.len() == 1
            && unreproduced[0].starts_with("barjis: the study \"Ludii 1.3.13 as it plays\""),
        "{unreproduced:#?}"
    );

    // Mewelad's variant without Ludii's flag of player 1's moves plays the description as it
    // says, whose games run to the cap, not Ludii's.
    let dir = copy_of_corpus();
    edit(
        dir.path(),
        "rulesets/mewelad.yaml",
        "round_leftovers: first-if-passed",
        "round_leftovers: first-if-no-moves",
    );
    let outcome = verify::merge(vec![run(dir.path(), 1, 1)]).unwrap();
    let unreproduced = verify::unreproduced_ludii(&outcome);
    assert!(
        unreproduced.len() == 1
            && unreproduced[0].starts_with("mewelad: the study \"Ludii 1.3.13 as it plays\""),
        "{unreproduced:#?}"
    );
}

/// The clauses whose words the record's own ruleset plays otherwise, from the shipped corpus.
fn contradicted(root: &Path) -> Vec<String> {
    let (coverage, report) = verify::clause_coverage(&load(root), root);
    assert!(!report.has_errors(), "{:#?}", report.sorted());
    coverage
        .iter()
        .flat_map(|record| {
            record.clauses.iter().flat_map(move |c| {
                c.contradictions
                    .iter()
                    .map(move |x| format!("{}: {:.40}: {x}", record.record, c.clause.text))
            })
        })
        .collect()
}

#[test]
fn a_clause_the_ruleset_plays_otherwise_is_contradicted() {
    // DLP's summary enters the djinn "when the father reaches Mecca" and has all three pieces
    // begin on the first space; the ruleset keeps Bellin's two sigs. A Senet record forbids
    // moving onto occupied spaces, where the DLP's reading (Bell's) captures; Pachisi's texts
    // bear off by the exact roll, which no reading can play (no cowrie throw is worth 1).
    // Backgammon's ruleset plays its record's own reading (its coverage's values), so none of
    // its clauses is contradicted.
    assert_eq!(
        contradicted(&shipped_corpus()),
        [
            "DLP.Evidence.2124: Three pieces per player, each having one: the clause reads entry=free, the ruleset plays entry=two-sigs",
            "DLP.Evidence.2124: The djinn is entered when the father rea: the clause reads entry=free, the ruleset plays entry=two-sigs",
            "DLP.Evidence.81: Some spaces are bad, players cannot move: the clause reads land_on_enemy=forbidden, the ruleset plays land_on_enemy=capture",
            "DLP.Evidence.827: Size and shape of board, number of dice : the clause reads bear_off=exact, the ruleset plays bear_off=any",
            "DLP.GameRulesets.147: The player must then move off all of the: the clause reads bear_off=exact, the ruleset plays bear_off=any",
        ]
    );
    let (coverage, _) = verify::clause_coverage(&load(&shipped_corpus()), &shipped_corpus());
    let sig = coverage
        .iter()
        .find(|c| c.record == "DLP.Evidence.2124")
        .unwrap();
    assert_eq!(sig.contradicted, 2);
    assert_eq!(
        sig.exercised + sig.options_only + sig.contradicted,
        sig.modelled
    );
    // A clause linked to options alone is not counted as exercised.
    let only_options = coverage
        .iter()
        .flat_map(|c| &c.clauses)
        .filter(|c| c.standing == verify::coverage::Standing::OptionsOnly)
        .count();
    assert!(only_options > 0);

    // Played as the sentence reads, the clauses stand again; a value the engine lacks is an
    // error naming the file, the line and the field.
    let dir = copy_of_corpus();
    edit(
        dir.path(),
        "rulesets/sig-el-oued.yaml",
        "preset: dlp\n",
        "preset: dlp\noptions:\n  entry: free\n",
    );
    assert_eq!(
        contradicted(dir.path()),
        contradicted(&shipped_corpus())[2..],
        "Sig's clauses stand; Backgammon's are another ruleset's"
    );
    check(
        &[(
            "coverage/DLP.Evidence.1601.yaml",
            "reads: {players: 4}",
            "reads: {players: 9}",
        )],
        &[
            "coverage/DLP.Evidence.1601.yaml:12: error: field `reads`: clause \"Four players, each with four pieces.\" reads players=9",
        ],
    );
    check(
        &[(
            "coverage/DLP.Evidence.1601.yaml",
            "reads: {players: 4}",
            "reads: {players: 4, mars: true}",
        )],
        &[
            "coverage/DLP.Evidence.1601.yaml:12: error: field `reads`: clause \"Four players, each with four pieces.\" reads option mars but does not list it in options",
        ],
    );
}

/// A record's reading of a sowing family game is its clause coverage: a clause mapped to
/// nothing, or a value the family does not take, fails the check where it stands.
#[test]
fn a_family_game_s_reading_must_map_every_clause_to_values_the_family_takes() {
    check(
        &[(
            "coverage/DLP.Evidence.1182.yaml",
            "  options: [rows, holes]\n  reads: {rows: 2, holes: 6}\n",
            "",
        )],
        &[
            "coverage/DLP.Evidence.1182.yaml:4: error: field `clauses`: clause \"2x6 board.\" is neither mapped to options, claims or scenarios nor marked not_modelled",
        ],
    );
    check(
        &[(
            "coverage/DLP.Evidence.1182.yaml",
            "reads: {capture_counts: 4,",
            "reads: {capture_counts: 400,",
        )],
        &[
            "coverage/DLP.Evidence.1182.yaml:12: error: field `reads`: clause \"If the final counter lands in a holes in the player's row containing three counters, four with the addition of the final counter, these are captured.\" reads capture_counts=400",
        ],
    );
    check(
        &[(
            "coverage/DLP.Evidence.1182.yaml",
            "options: [capture_counts,",
            "options: [capture_count,",
        )],
        &[
            "coverage/DLP.Evidence.1182.yaml:11: error: field `options`: clause \"If the final counter lands in a holes in the player's row containing three counters, four with the addition of the final counter, these are captured.\" is mapped to option capture_count, which the engine does not have",
            "coverage/DLP.Evidence.1182.yaml:12: error: field `reads`: clause \"If the final counter lands in a holes in the player's row containing three counters, four with the addition of the final counter, these are captured.\" reads option capture_counts but does not list it in options",
        ],
    );
}

/// A comparison with Ludii's encoding gives lengths and first-player scores only like with
/// like: where the record's reading has other settings, through the same reading played at
/// Ludii's settings, which differs from it in those settings alone.
#[test]
fn readings_are_compared_with_ludii_at_the_same_settings() {
    let outcome = verify::merge(vec![shipped_shard()]).unwrap();
    let simulations = verify::report::simulations(&outcome);
    for ruleset in &simulations.rulesets {
        let own = &ruleset.studies[0];
        let at = ruleset
            .studies
            .iter()
            .find(|s| s.spec.label == verify::studies::AT_LUDII_SETTINGS);
        let text = ruleset.comparison.join(" ");
        match at {
            Some(at) => {
                let engine = rulesets::find(&own.spec.engine).unwrap();
                for spec in engine.specs() {
                    let same = own.spec.options[spec.key] == at.spec.options[spec.key];
                    assert!(
                        same || spec.kind == engine::OptionKind::Parameter,
                        "{}: {} changed",
                        ruleset.ruleset,
                        spec.key
                    );
                }
                assert!(
                    text.contains(
                        "compared through the record's reading played at Ludii's settings"
                    ),
                    "{text}"
                );
                assert!(
                    !text.contains(" Games last") && !text.contains(" Player 1's score"),
                    "{}: a figure of another experiment: {text}",
                    ruleset.ruleset
                );
            }
            // Without a study at Ludii's settings (a race reading whose start does not fit
            // Ludii's track plays under none), the settings may differ, and then no figure is
            // compared.
            None => assert!(
                !text.contains("not played under the same settings")
                    || (text.contains("are not compared")
                        && !text.contains(" Games last")
                        && !text.contains(" Player 1's score")),
                "{text}"
            ),
        }
    }
    let with_settings: Vec<&str> = simulations
        .rulesets
        .iter()
        .filter(|r| {
            r.studies
                .iter()
                .any(|s| s.spec.label == verify::studies::AT_LUDII_SETTINGS)
        })
        .map(|r| r.ruleset.as_str())
        .collect();
    // Aw-li On-nam Ot-tjin's, Bao Ki Arabu's and Hawalis's records read boards of other sizes
    // than Ludii's.
    assert_eq!(
        with_settings,
        [
            "aw-li-on-nam-ot-tjin",
            "bao-ki-arabu-zanzibar-2",
            "barjis",
            "hawalis",
            "senet",
            "sig-el-oued"
        ]
    );
}

/// A first-player claim reads the share off random play, and fails when the play says
/// otherwise: Baqura favours the first player, Kiôz neither.
#[test]
fn a_first_player_claim_is_read_off_random_play() {
    let verdict = |game: &str, favours: &str| {
        let engine = rulesets::find(game).unwrap();
        let options = engine.resolve("dlp", &rulesets::OptionSet::new()).unwrap();
        let check: corpus::Check = serde_json::from_value(serde_json::json!({
            "first_player": {"favours": favours, "playouts": 1500}
        }))
        .unwrap();
        verify::claims::evaluate(&options, &check).unwrap()
    };
    assert!(verdict("baqura", "first").holds);
    let wrong = verdict("baqura", "neither");
    assert!(!wrong.holds);
    assert!(
        wrong.mismatches[0].contains("which favours the first player"),
        "{:?}",
        wrong.mismatches
    );
    assert!(verdict("kioz", "neither").holds);
    assert!(!verdict("kioz", "first").holds);
}

/// A claim's check is a typed enum read with the corpus: a check of no known kind is refused
/// when the corpus loads, at its line, naming the kinds there are.
#[test]
fn a_check_of_no_known_kind_is_refused_where_it_stands() {
    let dir = copy_of_corpus();
    edit(
        dir.path(),
        "claims/deleb.yaml",
        "    scenario:\n      fixed: {columns: \"6\", team_players: \"1\"}",
        "    senario:\n      fixed: {columns: \"6\", team_players: \"1\"}",
    );
    let (_, errors) = load_errors(dir.path());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].starts_with("claims/deleb.yaml:80")
            && errors[0].contains("senario")
            && errors[0].contains("throw_table"),
        "{errors:#?}"
    );
}

/// A portal ruleset that names the work it follows (its references) gives a scholar's rules:
/// its claims count apart from those checking the DLP's own Rules text, and with no other.
#[test]
fn a_portal_ruleset_naming_its_source_counts_apart_from_the_dlp_s_own_text() {
    let outcome = verify::merge(vec![shipped_shard()]).unwrap();
    let summary = verify::report::verification(&outcome).summary;
    let row = |label: &str| {
        summary
            .by_origin
            .iter()
            .find(|o| o.origin.starts_with(label))
            .unwrap_or_else(|| panic!("no row {label}: {:#?}", summary.by_origin))
            .clone()
    };
    let corpus = load(&shipped_corpus());
    let claims = &outcome.checks.claims;
    let after_a_named_source: Vec<&str> = claims
        .iter()
        .filter(|c| {
            c.sentence.from == corpus::SentenceOrigin::Rules
                && corpus
                    .portal_rulesets
                    .get(&c.record)
                    .is_some_and(|r| !r.references.is_empty())
        })
        .map(|c| c.id.as_str())
        .collect();
    // Herklots's six cowries (DLP.GameRulesets.19, after Herklots 1832) and Bell's Senet.
    for id in [
        "pachisi-herklots-cowrie-values",
        "senet-bell-marked-squares-are-safe",
    ] {
        assert!(
            after_a_named_source.contains(&id),
            "{after_a_named_source:?}"
        );
    }
    assert_eq!(row("a scholar's rules").claims, after_a_named_source.len());
    // An evidence record's Rules text is the DLP's own reading of its source.
    let dlp_own = claims
        .iter()
        .find(|c| c.id == "senet-pieces-pass-one-another")
        .unwrap();
    assert_eq!(dlp_own.words, verify::claims::Words::DlpRules);
    let own_text = claims
        .iter()
        .filter(|c| c.question.is_sentence() && c.words == verify::claims::Words::DlpRules)
        .count();
    assert_eq!(row("DLP's own Rules text").claims, own_text);
}

/// The search reaches the values the game's own readings give a rule whose values cannot be
/// listed (a table of throw values), and tries each reading whole: Herklots's and Parker's
/// cowrie values hold under their readings, which the report names, and not under the
/// Wikipedia reading the DLP's ruleset gives.
#[test]
fn the_search_reaches_the_readings_of_the_game_s_own_file() {
    let shard = shipped_shard();
    let claims = &shard.checks.as_ref().unwrap().claims;
    let claim = |id: &str| claims.iter().find(|c| c.id == id).unwrap();
    let six = claim("pachisi-herklots-cowrie-values");
    assert_eq!(six.status, Status::HoldsOnlyUnder);
    let search = six.search.as_ref().unwrap();
    assert!(
        search.keys.contains(&"throw_values".to_string()),
        "{search:#?}"
    );
    assert!(search.holding > 0);
    assert_eq!(
        search.suggests.get("throw_values").map(String::as_str),
        Some("0=6 1=10 2=2 3=3 4=4 5=25 6=12")
    );
    assert_eq!(
        search.named,
        [
            "Herklots 1832, six cowries",
            "Parker 1909, Sokkattan (Sri Lanka)"
        ]
    );
    // Seven cowries are another throw, a parameter the search leaves alone: only the reading
    // tried whole reaches them.
    let seven = claim("pachisi-herklots-seven-cowrie-values");
    assert_eq!(seven.status, Status::HoldsOnlyUnder);
    assert_eq!(seven.search.as_ref().unwrap().holding, 0);
    assert_eq!(
        seven.search.as_ref().unwrap().named,
        ["Herklots 1832, seven cowries"]
    );
    assert!(
        !seven
            .search
            .as_ref()
            .unwrap()
            .keys
            .contains(&"throw".to_string())
    );
}

/// Each new race claim fails when the rule it names is set to another reading's value: the
/// check reads the engine, not a table beside it.
#[test]
fn race_claims_fail_without_the_rule_they_name() {
    let dir = copy_of_corpus();
    let cases = [
        (
            "senet",
            "senet-bell-landing-on-an-opponent-takes-it",
            "      - name: player 1 takes on square 5",
            "land_on_enemy: swap",
        ),
        (
            "20-squares",
            "20-squares-finkel-the-ox-astragal-boosts-to-five-six-seven-or-ten",
            "      - name: first face with the bonus, 5",
            "throw_values: 0=1 1=2 2=3 3=4 4=6 5=8 6=10 7=14",
        ),
        (
            "xii-scripta",
            "xii-scripta-murray-bearing-off-from-the-closest-row",
            "      - name: another piece outside the closest row",
            "bear_off_home: \"0\"",
        ),
        (
            "pente-grammai",
            "pente-grammai-schadler-pieces-start-at-the-ends-of-the-lines",
            "      - name: the opening position",
            "start: hand",
        ),
        (
            "mehen",
            "mehen-kendall-pieces-enter-with-a-throw-of-one",
            "      - name: a throw of one enters a piece",
            "enter_values: any",
        ),
    ];
    for (game, _, first_case, option) in &cases {
        let file = format!("claims/{game}.yaml");
        let text = std::fs::read_to_string(dir.path().join(&file)).unwrap();
        // Into the claim's own `fixed`, or as one.
        let before = text[..text.find(first_case).unwrap()].to_string();
        let (from, to) = if before.trim_end().ends_with("cases:")
            && before
                .lines()
                .rev()
                .nth(1)
                .is_some_and(|l| l.contains("fixed: {"))
        {
            let line = before.lines().rev().nth(1).unwrap().to_string();
            let widened = line.replacen("fixed: {", &format!("fixed: {{{option}, "), 1);
            (
                format!("{line}\n      cases:\n{first_case}"),
                format!("{widened}\n      cases:\n{first_case}"),
            )
        } else {
            (
                format!("      cases:\n{first_case}"),
                format!("      fixed: {{{option}}}\n      cases:\n{first_case}"),
            )
        };
        edit(dir.path(), &file, &from, &to);
    }
    for (game, id, _, option) in &cases {
        let shipped = run_one(&shipped_corpus(), game, id);
        assert_eq!(shipped.status, Status::Holds, "{id}");
        let claim = run_one(dir.path(), game, id);
        let under = claim
            .under_ruleset
            .as_ref()
            .unwrap_or_else(|| panic!("{claim:#?}"));
        assert!(!under.holds, "{id} holds with {option}");
        assert_ne!(claim.status, Status::Holds, "{id}");
    }
}

#[test]
fn a_record_departing_from_the_text_its_coverage_shares_is_named() {
    check(
        &[(
            "evidence/DLP.Evidence.20.yaml",
            "rules: 3x10 board, markings in squares 26–29.",
            "rules: 3x10 board, markings in squares 26–30.",
        )],
        &[
            "coverage/senet-board-marked-26-29.yaml:13: error: field `clauses`: DLP.Evidence.20: clause 1: the Rules text gives \"3x10 board, markings in squares 26–30.\"",
        ],
    );
}

#[test]
fn a_record_covered_by_two_files_is_an_error_naming_both() {
    let dir = copy_of_corpus();
    edit(
        dir.path(),
        "coverage/senet-name.yaml",
        "- DLP.Evidence.68\n",
        "- DLP.Evidence.68\n- DLP.Evidence.715\n",
    );
    let (corpus, errors) = load_errors(dir.path());
    assert_eq!(
        errors,
        [
            "coverage/senet-name.yaml:4: error: field `records`: DLP.Evidence.715 is covered by coverage/DLP.Evidence.715.yaml too"
        ]
    );
    // The record keeps the coverage of its own file; the shared file's other records keep theirs.
    assert_eq!(
        corpus.coverage["DLP.Evidence.715"].ruleset,
        "muvalavala-luena"
    );
    assert_eq!(corpus.coverage["DLP.Evidence.68"].ruleset, "senet");
}

#[test]
fn a_coverage_file_names_a_reading_the_ruleset_has() {
    check(
        &[(
            "coverage/DLP.GameRulesets.655.yaml",
            "reading: Murray 1951",
            "reading: Murray 1950",
        )],
        &[
            "coverage/DLP.GameRulesets.655.yaml:3: error: field `reading`: royal-game-of-ur has no reading \"Murray 1950\"; its readings: Murray 1951;",
        ],
    );
}

/// Murray's Ur throws three lots where the DLP's reading (Finkel's) throws four: the clause
/// stands against the reading its file names, and against the preset without one.
#[test]
fn a_clause_is_held_to_the_reading_its_file_names() {
    let standing = |root: &Path| {
        let (coverage, _) = verify::clause_coverage(&load(root), root);
        let record = coverage
            .into_iter()
            .find(|c| c.record == "DLP.GameRulesets.655")
            .unwrap();
        record.clauses[1].standing
    };
    let dir = copy_of_corpus();
    assert_eq!(
        standing(dir.path()),
        verify::coverage::Standing::OptionsOnly
    );
    edit(
        dir.path(),
        "coverage/DLP.GameRulesets.655.yaml",
        "reading: Murray 1951\n",
        "",
    );
    assert_eq!(
        standing(dir.path()),
        verify::coverage::Standing::Contradicted
    );
}
