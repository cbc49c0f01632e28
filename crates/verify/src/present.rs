//! Presentation shared by the Markdown reports and the site: the filters that write shares,
//! intervals and fixed decimals one way everywhere, the view rows both render (Ludii's figures
//! beside ours), and the Markdown reports' templates (`report-templates/`), which escape every
//! value for Markdown as the site's escape it for HTML.

use std::sync::LazyLock;

use serde::Serialize;
use tera::{Context, Kwargs, State, Tera};

use crate::ludii::{Comparison, Figure};
use crate::report::Simulations;

/// A share as a percentage with one decimal ("12.5%").
pub fn pct(value: f64) -> String {
    format!("{:.1}%", value * 100.0)
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

/// Registers the shared filters: `pct`, `interval`, `fixed(digits=N)`, `signed(digits=N)` and
/// `options`.
pub fn register_filters(tera: &mut Tera) {
    tera.register_filter("pct", |value: f64, _: Kwargs, _: &State<'_>| pct(value));
    tera.register_filter("interval", |ci: Vec<f64>, _: Kwargs, _: &State<'_>| {
        interval([
            ci.first().copied().unwrap_or_default(),
            ci.get(1).copied().unwrap_or_default(),
        ])
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
    tera.register_filter("options", |map: tera::Map, _: Kwargs, _: &State<'_>| {
        // Tera's maps keep no order; options are written sorted, as `OptionSet` is.
        let pairs: std::collections::BTreeMap<String, String> = map
            .iter()
            .map(|(k, v)| (k.to_string(), v.as_str().unwrap_or_default().to_string()))
            .collect();
        options_text(&pairs)
    });
}

/// One of Ludii's measured figures beside ours, as both the simulations report and the site
/// show it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LudiiRow {
    pub study: String,
    pub must_reproduce: bool,
    pub figure: &'static str,
    pub ours: String,
    pub ludii: String,
    pub games: u64,
    pub difference: String,
    pub within_chance: bool,
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
                    study: c.study.clone(),
                    must_reproduce: c.must_reproduce,
                    figure: f.figure.label(),
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

/// The simulations report's view: the report, and per ruleset what its table needs.
#[derive(Serialize)]
struct SimulationsView<'a> {
    report: &'a Simulations,
    rulesets: Vec<RulesetView>,
}

#[derive(Serialize)]
struct RulesetView {
    /// Rows of win shares: the most sides any study has.
    sides: usize,
    /// Whether a study counts moves to the first finisher among more than two sides.
    first_finisher: bool,
    ludii: Vec<LudiiRow>,
}

static REPORTS: LazyLock<Tera> = LazyLock::new(|| {
    let mut tera = Tera::new();
    register_filters(&mut tera);
    tera.autoescape_on(vec![".md"]);
    tera.set_escape_fn(escape_markdown);
    tera.add_raw_templates([(
        "simulations.md",
        include_str!("../../../report-templates/simulations.md"),
    )])
    .expect("the report templates parse (tested)");
    tera
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
    };
    let context = Context::from_serialize(&view).expect("the view serialises");
    REPORTS
        .render("simulations.md", &context)
        .unwrap_or_else(|e| panic!("simulations.md: {}", describe(&e)))
}

/// A tera error with its causes, which carry the template, line and column.
fn describe(error: &tera::Error) -> String {
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
            "share": 0.1234, "ci": [0.1, 0.2], "x": 2.0, "options": {"b": "2", "a": "1"}
        }))
        .unwrap();
        let render = |template: &str| tera.render_str(template, &context, false).unwrap();
        assert_eq!(render("{{ share | pct }}"), "12.3%");
        assert_eq!(render("{{ ci | interval }}"), "[10.0%, 20.0%]");
        assert_eq!(
            render("{{ x | fixed(digits=3) }} {{ x | signed }}"),
            "2.000 +2.0"
        );
        assert_eq!(render("{{ options | options }}"), "`a=1`, `b=2`");
    }
}
