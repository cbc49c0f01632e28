//! Presentation shared by the Markdown reports and the site: the filters that write shares,
//! intervals and fixed decimals one way everywhere, the view rows both render (Ludii's figures
//! beside ours), and the Markdown reports' templates (`report-templates/`), which escape every
//! value for Markdown as the site's escape it for HTML.

use std::sync::LazyLock;

use serde::Serialize;
use tera::{Context, Kwargs, State, Tera};

use crate::claims::{ClaimResult, Search};
use crate::coverage::CoveredClause;
use crate::ludii::{Comparison, Figure};
use crate::report::{Simulations, Verification};

/// A share as a percentage with one decimal ("12.5%").
pub fn pct(value: f64) -> String {
    format!("{:.1}%", value * 100.0)
}

/// A 95% interval of shares as a range ("11.9–13.1%"), as the site's tables write it.
pub fn pct_range(ci: [f64; 2]) -> String {
    format!("{:.1}–{:.1}%", ci[0] * 100.0, ci[1] * 100.0)
}

/// A 95% interval of shares ("[11.9%, 13.1%]").
pub fn interval(ci: [f64; 2]) -> String {
    format!("[{}, {}]", pct(ci[0]), pct(ci[1]))
}

/// Options as `key=value` in code, or "(none)".
pub fn options_text<'a>(options: impl IntoIterator<Item = (&'a String, &'a String)>) -> String {
    let parts: Vec<String> = options
        .into_iter()
        .map(|(k, v)| format!("`{k}={v}`"))
        .collect();
    if parts.is_empty() {
        "(none)".into()
    } else {
        parts.join(", ")
    }
}

/// Options as plain `key=value` pairs, as a page shows them inside its own code element.
pub fn plain_options<'a>(options: impl IntoIterator<Item = (&'a String, &'a String)>) -> String {
    options
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Text made safe for a Markdown table cell or line: backslashes, pipes and angle brackets
/// escaped, line breaks joined.
pub fn markdown(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\n', " ")
}

fn escape_markdown(input: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    out.write_all(markdown(input).as_bytes())
}

/// Registers the shared filters: `pct`, `interval`, `pct_range`, `fixed(digits=N)`,
/// `signed(digits=N)`, `options` (`code=false` for plain pairs) and `code_list`.
pub fn register_filters(tera: &mut Tera) {
    fn pair(ci: &[f64]) -> [f64; 2] {
        [
            ci.first().copied().unwrap_or_default(),
            ci.get(1).copied().unwrap_or_default(),
        ]
    }
    tera.register_filter("pct", |value: f64, _: Kwargs, _: &State<'_>| pct(value));
    tera.register_filter("interval", |ci: Vec<f64>, _: Kwargs, _: &State<'_>| {
        interval(pair(&ci))
    });
    tera.register_filter("pct_range", |ci: Vec<f64>, _: Kwargs, _: &State<'_>| {
        pct_range(pair(&ci))
    });
    tera.register_filter(
        "fixed",
        |value: f64, kwargs: Kwargs, _: &State<'_>| -> tera::TeraResult<String> {
            let digits: usize = kwargs.get("digits")?.unwrap_or(1);
            Ok(format!("{value:.digits$}"))
        },
    );
    tera.register_filter(
        "signed",
        |value: f64, kwargs: Kwargs, _: &State<'_>| -> tera::TeraResult<String> {
            let digits: usize = kwargs.get("digits")?.unwrap_or(1);
            Ok(format!("{value:+.digits$}"))
        },
    );
    tera.register_filter(
        "options",
        |map: tera::Map, kwargs: Kwargs, _: &State<'_>| -> tera::TeraResult<String> {
            // Tera's maps keep no order; options are written sorted, as `OptionSet` is.
            let pairs: std::collections::BTreeMap<String, String> = map
                .iter()
                .map(|(k, v)| (k.to_string(), v.as_str().unwrap_or_default().to_string()))
                .collect();
            Ok(if kwargs.get("code")?.unwrap_or(true) {
                options_text(&pairs)
            } else {
                plain_options(&pairs)
            })
        },
    );
    tera.register_filter(
        "code_list",
        |items: Vec<String>, _: Kwargs, _: &State<'_>| code_list(&items),
    );
}

/// One of Ludii's measured figures beside ours, as both the simulations report and the site
/// show it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LudiiRow {
    /// Where Ludii's figures come from.
    pub source: String,
    /// The study's label.
    pub study: String,
    /// Whether the study must reproduce Ludii's play.
    pub must_reproduce: bool,
    /// The figure's name.
    pub figure: &'static str,
    /// Our value, written.
    pub ours: String,
    /// Ludii's value, written.
    pub ludii: String,
    /// Games Ludii's runs measured.
    pub games: u64,
    /// The difference, written.
    pub difference: String,
    /// Whether it is within chance.
    pub within_chance: bool,
    /// The difference in standard errors, written.
    pub z: String,
}

/// Ludii's figures beside the studies of one ruleset.
pub fn ludii_rows(comparisons: &[Comparison], ruleset: &str) -> Vec<LudiiRow> {
    comparisons
        .iter()
        .filter(|c| c.ruleset == ruleset)
        .flat_map(|c| {
            c.figures.iter().map(move |f| {
                let share = matches!(f.figure, Figure::Completion | Figure::Player1Wins);
                let show = |v: f64| if share { pct(v) } else { format!("{v:.1}") };
                LudiiRow {
                    source: c.source.clone(),
                    study: c.study.clone(),
                    must_reproduce: c.must_reproduce,
                    figure: if f.by_rules {
                        "mean moves of the games the rules ended"
                    } else {
                        f.figure.label()
                    },
                    ours: show(f.ours),
                    ludii: show(f.ludii),
                    games: f.ludii_games,
                    difference: if share {
                        format!("{:+.1} points", f.difference * 100.0)
                    } else {
                        format!("{:+.1}", f.difference)
                    },
                    within_chance: f.within_chance,
                    z: format!("{:.1}", f.z),
                }
            })
        })
        .collect()
}

/// The simulations report's view: the report, per ruleset what its table needs, and the
/// family games beside Ludii's figures.
#[derive(Serialize)]
struct SimulationsView<'a> {
    report: &'a Simulations,
    rulesets: Vec<RulesetView>,
    family: FamilyView,
}

/// The family games' Ludii studies beside Ludii's own play of their descriptions, one row a
/// game, and how many agree within chance.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct FamilyView {
    /// One row a study with figures: one a game, or, for a game with a variant of Ludii's
    /// faults, each of its studies.
    pub rows: Vec<FamilyRow>,
    /// Games with figures.
    pub games: usize,
    /// Games whose mean length and player 1's wins are both within chance of Ludii's, in the
    /// study that stands for Ludii's play: the variant of its faults where a game has one,
    /// else the study of Ludii's encoding.
    pub agreeing: usize,
    /// Games expected to differ on one measure or both by chance alone, written: each is
    /// compared on two measures at 99%, so even games played exactly as Ludii plays them
    /// would differ about two times in a hundred.
    pub expected_by_chance: String,
}

/// One family game beside Ludii's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FamilyRow {
    /// The game's slug.
    pub game: String,
    /// The study's label where the game has several beside Ludii's figures, else empty.
    pub study: String,
    /// Whether this is the study the game is counted by ([`FamilyView::agreeing`]).
    pub counted: bool,
    /// The family whose engine plays it ("sowing", "race").
    pub family: String,
    /// Mean moves, ours and Ludii's, written.
    pub moves: [String; 2],
    /// Whether the mean moves agree within chance.
    pub moves_agree: bool,
    /// The means are of the games the rules ended, a side having games the move cap stopped;
    /// they agree where those means and the shares of games ended both do.
    pub moves_by_rules: bool,
    /// Player 1's wins, ours and Ludii's, written.
    pub player_one: [String; 2],
    /// Whether player 1's wins agree within chance.
    pub player_one_agrees: bool,
    /// Completion, ours and Ludii's, written.
    pub completion: [String; 2],
    /// Where the game differs beyond chance: what is suspected, or that no one has looked.
    pub suspected: String,
}

/// The family games' comparisons with the figures of their descriptions.
pub fn family_view(comparisons: &[Comparison]) -> FamilyView {
    let mut view = FamilyView::default();
    let described: Vec<&Comparison> = comparisons
        .iter()
        .filter(|c| c.play == crate::ludii::LudiiPlay::Description)
        .collect();
    let studies_of = |game: &str| described.iter().filter(|c| c.game == game).count();
    let reproducing = |game: &str| described.iter().any(|c| c.game == game && c.must_reproduce);
    for comparison in described.iter().copied() {
        let figure = |wanted: Figure| comparison.figures.iter().find(|f| f.figure == wanted);
        let (Some(moves), Some(wins), Some(completion)) = (
            figure(Figure::MeanMoves),
            figure(Figure::Player1Wins),
            figure(Figure::Completion),
        ) else {
            continue;
        };
        let several = studies_of(&comparison.game) > 1;
        let row = FamilyRow {
            game: comparison.game.clone(),
            study: if several {
                comparison.study.clone()
            } else {
                String::new()
            },
            counted: comparison.must_reproduce || !reproducing(&comparison.game),
            family: rulesets::find(&comparison.game)
                .ok()
                .and_then(|ruleset| ruleset.family())
                .unwrap_or_default()
                .to_string(),
            moves: [format!("{:.1}", moves.ours), format!("{:.1}", moves.ludii)],
            moves_agree: moves.within_chance,
            moves_by_rules: moves.by_rules,
            player_one: [pct(wins.ours), pct(wins.ludii)],
            player_one_agrees: wins.within_chance,
            completion: [pct(completion.ours), pct(completion.ludii)],
            suspected: String::new(),
        };
        let row = FamilyRow {
            suspected: if row.moves_agree && row.player_one_agrees {
                String::new()
            } else {
                comparison
                    .suspected
                    .clone()
                    .unwrap_or_else(|| "not investigated yet".into())
            },
            ..row
        };
        if row.counted {
            view.games += 1;
            if row.moves_agree && row.player_one_agrees {
                view.agreeing += 1;
            }
        }
        view.rows.push(row);
    }
    view.rows
        .sort_by(|a, b| (&a.family, &a.game).cmp(&(&b.family, &b.game)));
    let agree_on_both_by_chance = crate::ludii::CONFIDENCE * crate::ludii::CONFIDENCE;
    view.expected_by_chance = format!("{:.1}", view.games as f64 * (1.0 - agree_on_both_by_chance));
    view
}

/// How the family games' figures are named in comparisons ([`crate::ludii::family_figures`]).
pub const FIGURES_SOURCE: &str = "corpus/ludii/figures/";

#[derive(Serialize)]
struct RulesetView {
    /// Rows of win shares: the most sides any study has.
    sides: usize,
    /// Whether a study counts moves to the first finisher among more than two sides.
    first_finisher: bool,
    ludii: Vec<LudiiRow>,
}

/// Markdown report templates, by name and source: the shared filters registered and every
/// value escaped for Markdown. The benchmarks' report is rendered through one of these too.
pub struct MarkdownTemplates(Tera);

impl MarkdownTemplates {
    /// Parses `sources`; a template that does not parse is a [`tera::Error`] naming it.
    pub fn new(sources: &[(&str, &str)]) -> Result<Self, tera::Error> {
        let mut tera = Tera::new();
        register_filters(&mut tera);
        tera.autoescape_on(vec![".md"]);
        tera.set_escape_fn(escape_markdown);
        tera.add_raw_templates(sources.iter().copied())?;
        Ok(Self(tera))
    }

    /// `template` rendered with `view`. Panics only on a template the tests render: a report's
    /// view always serialises and its templates are checked by rendering the shipped reports.
    pub fn render(&self, template: &str, view: &impl Serialize) -> String {
        let context = Context::from_serialize(view).expect("the view serialises");
        self.0
            .render(template, &context)
            .unwrap_or_else(|e| panic!("{template}: {}", describe(&e)))
    }
}

static REPORTS: LazyLock<MarkdownTemplates> = LazyLock::new(|| {
    MarkdownTemplates::new(&[
        (
            "simulations.md",
            include_str!("../../../report-templates/simulations.md"),
        ),
        (
            "verification.md",
            include_str!("../../../report-templates/verification.md"),
        ),
    ])
    .expect("the report templates parse (tested)")
});

/// `reports/simulations.md`.
pub fn simulations_markdown(s: &Simulations) -> String {
    let view = SimulationsView {
        report: s,
        rulesets: s
            .rulesets
            .iter()
            .map(|r| RulesetView {
                sides: r
                    .studies
                    .iter()
                    .map(|st| st.report.sides.len())
                    .max()
                    .unwrap_or(0),
                first_finisher: r.studies.iter().any(|st| {
                    st.report.first_finisher_moves.is_some() && st.report.sides.len() > 2
                }),
                ludii: ludii_rows(&s.ludii, &r.ruleset),
            })
            .collect(),
        family: family_view(&s.ludii),
    };
    REPORTS.render("simulations.md", &view)
}

/// What an engine of this project can run, with its shares: the verification report's first
/// table and the site's home page both say it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExecutableView {
    /// Evidence records.
    pub records: usize,
    /// Evidence records an executable ruleset implements.
    pub records_executable: usize,
    /// Their share of the records.
    pub records_share: String,
    /// Games.
    pub games: usize,
    /// Games with an engine.
    pub games_executable: usize,
    /// Their share of the games.
    pub games_share: String,
    /// Records of a rule-describing type.
    pub rule_records: usize,
    /// Those an executable ruleset implements.
    pub rule_records_executable: usize,
    /// Their share of the rule-describing records.
    pub rule_share: String,
    /// The rule-describing types.
    pub rule_types: String,
    /// Records linked only to DLP's portal rulesets.
    pub portal_only: usize,
    /// Records linked to no ruleset at all.
    pub records_without_rulesets: usize,
}

impl ExecutableView {
    /// The view of the verification's executable coverage.
    pub fn new(e: &crate::links::ExecutableCoverage) -> Self {
        let share = |part: usize, whole: usize| {
            pct(if whole == 0 {
                0.0
            } else {
                part as f64 / whole as f64
            })
        };
        ExecutableView {
            records: e.records,
            records_executable: e.records_executable,
            records_share: share(e.records_executable, e.records),
            games: e.games,
            games_executable: e.games_executable,
            games_share: share(e.games_executable, e.games),
            rule_records: e.rule_records,
            rule_records_executable: e.rule_records_executable,
            rule_share: share(e.rule_records_executable, e.rule_records),
            rule_types: crate::links::RULE_DESCRIBING_TYPES.join(", "),
            portal_only: e.records_with_portal_rulesets_only,
            records_without_rulesets: e.records
                - e.records_executable
                - e.records_with_portal_rulesets_only,
        }
    }
}

/// The verification report's view: the report, and the sentences its sections compose from
/// several fields.
#[derive(Serialize)]
struct VerificationView<'a> {
    report: &'a Verification,
    executable: ExecutableView,
    clauses: Vec<Vec<ClauseLine>>,
    suggestions: Vec<SuggestionView<'a>>,
    claims: Vec<ClaimView<'a>>,
}

/// One clause as the reports write it: its text, its standing and what it is mapped to.
#[derive(Serialize)]
pub struct ClauseLine {
    /// The clause.
    pub text: String,
    /// Its standing, with any contradiction.
    pub standing: String,
    /// The options, claims and scenarios it is mapped to, or why it is not modelled.
    pub mapping: String,
}

/// What the claims suggest of one option, as the verification report and the site both show
/// it: the suggestion with its values in order, and whether it is at odds.
#[derive(Serialize)]
pub struct SuggestionView<'a> {
    /// The ruleset.
    pub ruleset: &'a str,
    /// The option.
    pub option: &'a str,
    /// The ruleset's value.
    pub current: &'a str,
    /// Each value some claim needs, in order, with the claims needing it.
    pub suggested: Vec<SuggestedValue<'a>>,
    /// Whether the ruleset is at odds with its claims, or the claims with one another.
    pub at_odds: bool,
}

/// A value some claims need, and which.
#[derive(Serialize)]
pub struct SuggestedValue<'a> {
    /// The value.
    pub value: &'a str,
    /// The claims that need it.
    pub claims: &'a [String],
}

impl<'a> SuggestionView<'a> {
    /// The view of a suggestion.
    pub fn new(s: &'a crate::report::Suggestion) -> Self {
        SuggestionView {
            ruleset: &s.ruleset,
            option: &s.option,
            current: &s.current,
            suggested: s
                .suggested
                .iter()
                .map(|(value, claims)| SuggestedValue { value, claims })
                .collect(),
            at_odds: s.is_at_odds(),
        }
    }
}

/// A claim and its verdict as the verification report and the site both show it: the result
/// as `verify` recorded it, and what both derive from it.
#[derive(Serialize)]
pub struct ClaimView<'a> {
    /// The result as recorded.
    #[serde(flatten)]
    pub claim: &'a ClaimResult,
    /// The verdict in words.
    pub status_label: &'static str,
    /// The verdict opening a sentence.
    pub verdict: String,
    /// Readings that reproduce the claim among those tried ("3 of 8", "—" without a search).
    pub readings: String,
    /// What did not match under the ruleset's own options (none when the claim holds there).
    pub mismatches: &'a [String],
    /// What a check other than a scenario observed under the ruleset's options, as JSON.
    pub observed: Option<String>,
    /// What the interpretation search's figures mean, when there was one.
    pub searched: Option<Searched>,
}

/// What an interpretation search's figures mean.
#[derive(Serialize)]
pub struct Searched {
    /// Readings the ruleset accepts among those tried.
    pub valid: u64,
    /// How the readings were chosen, in words.
    pub how: String,
    /// Whether to say which options the verdict turns on: some reading holds, and not every
    /// option searched is decisive.
    pub decisive_shown: bool,
    /// Whether the holding readings are worth listing (some, not all, and options decide).
    pub examples_listed: bool,
    /// For a claim asking whether some setup gives its words: how many setups each reading
    /// gives, in words.
    pub setups: Option<String>,
}

fn code_list(items: &[String]) -> String {
    items
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A clause with its standing, as the verification report and `cargo xtask clauses` write it.
pub fn clause_line(covered: &CoveredClause) -> ClauseLine {
    let clause = &covered.clause;
    let mapping = match &clause.not_modelled {
        Some(reason) => format!("not modelled: {reason}"),
        None => {
            let mut parts = Vec::new();
            if !clause.options.is_empty() {
                let options: Vec<String> = clause.options.iter().map(|o| o.value.clone()).collect();
                parts.push(format!("options {}", code_list(&options)));
            }
            if !clause.reads.is_empty() {
                let reads: Vec<String> = clause
                    .reads
                    .iter()
                    .map(|(option, value)| format!("{option}={}", value.value))
                    .collect();
                parts.push(format!("reads {}", code_list(&reads)));
            }
            if !clause.claims.is_empty() {
                parts.push(format!("claims {}", clause.claims.join(", ")));
            }
            if !clause.scenarios.is_empty() {
                parts.push(format!("scenarios {}", clause.scenarios.join(", ")));
            }
            if let Some(beyond) = &clause.not_expressed {
                parts.push(format!("beyond its options: {beyond}"));
            }
            parts.join("; ")
        }
    };
    let mut standing = covered.standing.label().to_string();
    for contradiction in &covered.contradictions {
        standing.push_str(&format!(": {contradiction}"));
    }
    ClauseLine {
        text: clause.text.clone(),
        standing,
        mapping,
    }
}

fn searched(s: &Search) -> Searched {
    let how = if s.sampled {
        format!(
            "a seeded sample of {} of the {} combinations",
            s.tried, s.combinations
        )
    } else {
        format!("all {} combinations", s.combinations)
    };
    let how = if s.invalid > 0 {
        format!(
            "{how}, of which the ruleset rejects {} as invalid and they are left out",
            s.invalid
        )
    } else {
        how
    };
    Searched {
        valid: s.valid(),
        how,
        decisive_shown: s.holding > 0 && s.decisive.len() < s.keys.len(),
        examples_listed: s.holding > 0 && s.holding < s.valid() && !s.decisive.is_empty(),
        setups: s.setups.as_ref().map(|counts| {
            let parts: Vec<String> = counts
                .readings_by_count
                .iter()
                .map(|(found, readings)| {
                    format!(
                        "{found} in {readings} reading{}",
                        if *readings == 1 { "" } else { "s" }
                    )
                })
                .collect();
            format!(
                "Setups found per reading (`{}`): {}.",
                counts.field,
                parts.join(", ")
            )
        }),
    }
}

impl<'a> ClaimView<'a> {
    /// The view of a claim's result.
    pub fn new(c: &'a ClaimResult) -> Self {
        let status = c.status.label();
        let mut chars = status.chars();
        ClaimView {
            claim: c,
            status_label: status,
            verdict: chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().collect::<String>() + chars.as_str()
            }),
            readings: c.search.as_ref().map_or("—".into(), |s| {
                format!(
                    "{} of {}{}",
                    s.holding,
                    s.valid(),
                    if s.sampled { " sampled" } else { "" }
                )
            }),
            mismatches: c
                .under_ruleset
                .as_ref()
                .map_or(&[][..], |e| &e.mismatches[..]),
            observed: c
                .under_ruleset
                .as_ref()
                .filter(|_| c.kind != "scenario")
                .map(|e| e.observed.to_string()),
            searched: c.search.as_ref().map(searched),
        }
    }
}

/// `reports/verification.md`.
pub fn verification_markdown(v: &Verification) -> String {
    let view = VerificationView {
        report: v,
        executable: ExecutableView::new(&v.summary.executable),
        clauses: v
            .coverage
            .iter()
            .map(|c| c.clauses.iter().map(clause_line).collect())
            .collect(),
        suggestions: v.suggestions.iter().map(SuggestionView::new).collect(),
        claims: v.claims.iter().map(ClaimView::new).collect(),
    };
    REPORTS.render("verification.md", &view)
}

/// A tera error with its causes, which carry the template, line and column (the site's
/// templates report theirs through it too).
pub fn describe(error: &tera::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::LudiiMeasuredAbout;

    #[test]
    fn the_report_templates_escape_every_value_for_markdown() {
        let report = Simulations {
            seed: 7,
            playouts_per_study: 10,
            caps: engine::Caps::LUDII,
            ludii_study_moves: 20,
            ludii_study_least_playouts: 4,
            ludii_measured_study_moves: 30,
            ludii_measured_least_playouts: 3,
            rulesets: vec![],
            ludii_measured: Some(LudiiMeasuredAbout {
                ludii: "1.3|13".into(),
                measured: "<by hand>".into(),
                how: "two\nlines".into(),
            }),
            ludii: vec![],
        };
        let text = simulations_markdown(&report);
        assert!(text.contains("(seed 7)"), "{text}");
        assert!(
            text.contains("Ludii 1.3\\|13, &lt;by hand&gt;: two lines\n"),
            "{text}"
        );
    }

    #[test]
    fn shared_filters_write_numbers_one_way() {
        let mut tera = Tera::new();
        register_filters(&mut tera);
        let context = Context::from_serialize(&serde_json::json!({
            "share": 0.1234, "ci": [0.1, 0.2], "x": 2.0, "options": {"b": "2", "a": "1"},
            "keys": ["turn", "entry"], "empty": {}
        }))
        .unwrap();
        let render = |template: &str| tera.render_str(template, &context, false).unwrap();
        assert_eq!(render("{{ share | pct }}"), "12.3%");
        assert_eq!(render("{{ ci | interval }}"), "[10.0%, 20.0%]");
        assert_eq!(
            render("{{ x | fixed(digits=3) }} {{ x | signed }}"),
            "2.000 +2.0"
        );
        assert_eq!(render("{{ ci | pct_range }}"), "10.0–20.0%");
        assert_eq!(render("{{ options | options }}"), "`a=1`, `b=2`");
        assert_eq!(render("{{ options | options(code=false) }}"), "a=1, b=2");
        assert_eq!(render("{{ empty | options }}"), "(none)");
        assert_eq!(render("{{ keys | code_list }}"), "`turn`, `entry`");
    }
}
