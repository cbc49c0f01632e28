//! `reports/verification.{md,json}` and `reports/simulations.{md,json}`: deterministic for a
//! given corpus and seed, committed, and checked fresh by a test.

use crate::present::{markdown as md, options_text, pct};
use std::collections::BTreeMap;
use std::fmt::Write;

use engine::playout::Caps;
use serde::{Deserialize, Serialize};

use crate::claims::{ClaimResult, Status};
use crate::coverage::RecordCoverage;
use crate::studies::{StudyResult, compare};
use crate::{Outcome, studies};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VerificationSummary {
    /// What an engine here can run, out of the whole corpus.
    pub executable: crate::links::ExecutableCoverage,
    pub records: usize,
    pub clauses: usize,
    pub modelled: usize,
    /// Clauses a claim or a rule scenario runs the engine on.
    #[serde(default)]
    pub exercised: usize,
    /// Clauses only linked to the options that read them.
    #[serde(default)]
    pub options_only: usize,
    /// Clauses the rulesets' own presets contradict.
    #[serde(default)]
    pub contradicted: usize,
    pub coverage: f64,
    pub claims: usize,
    pub holds: usize,
    pub holds_only_under: usize,
    pub fails: usize,
    pub broken: usize,
    /// The claims counted apart by where their words come from: a source's own words
    /// (quotations), then DLP's Rules text.
    #[serde(default)]
    pub by_origin: Vec<OriginCounts>,
    /// Rule scenarios of the engines: checks of the rulesets' own choices (every one a test
    /// that passes), not of any source.
    #[serde(default)]
    pub rule_scenarios: usize,
}

/// The verdicts on the claims whose words come from one place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OriginCounts {
    pub origin: String,
    pub claims: usize,
    pub holds: usize,
    pub holds_only_under: usize,
    pub fails: usize,
    pub broken: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verification {
    pub seed: u64,
    pub summary: VerificationSummary,
    pub coverage: Vec<RecordCoverage>,
    pub claims: Vec<ClaimResult>,
    pub suggestions: Vec<Suggestion>,
}

/// What the claims' interpretation searches say about one option of a ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Suggestion {
    pub ruleset: String,
    pub option: String,
    /// The ruleset's value.
    pub current: String,
    /// Each value some claim needs, with the claims needing it.
    pub suggested: BTreeMap<String, Vec<String>>,
}

impl Suggestion {
    /// The claims need a value other than the ruleset's, or disagree among themselves.
    pub fn is_at_odds(&self) -> bool {
        self.suggested.len() > 1 || !self.suggested.contains_key(&self.current)
    }
}

/// Options whose value every reproducing reading shares, gathered per ruleset.
pub fn suggestions(claims: &[ClaimResult]) -> Vec<Suggestion> {
    let mut found: BTreeMap<(String, String), Suggestion> = BTreeMap::new();
    for claim in claims {
        let Some(search) = &claim.search else {
            continue;
        };
        for (option, value) in &search.suggests {
            let entry = found
                .entry((claim.ruleset.clone(), option.clone()))
                .or_insert_with(|| Suggestion {
                    ruleset: claim.ruleset.clone(),
                    option: option.clone(),
                    current: claim.options.get(option).cloned().unwrap_or_default(),
                    suggested: BTreeMap::new(),
                });
            entry
                .suggested
                .entry(value.clone())
                .or_default()
                .push(claim.id.clone());
        }
    }
    found.into_values().collect()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RulesetStudies {
    pub ruleset: String,
    pub engine: String,
    pub studies: Vec<StudyResult>,
    /// What the record's reading and Ludii's encoding differ in.
    pub comparison: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Simulations {
    pub seed: u64,
    pub playouts_per_study: u64,
    pub caps: Caps,
    pub rulesets: Vec<RulesetStudies>,
    /// Ludii's measured play beside every study of its encoding.
    #[serde(default)]
    pub ludii_measured: Option<LudiiMeasuredAbout>,
    #[serde(default)]
    pub ludii: Vec<crate::ludii::Comparison>,
}

/// Where Ludii's figures come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LudiiMeasuredAbout {
    pub ludii: String,
    pub measured: String,
    pub how: String,
}

pub fn verification(outcome: &Outcome) -> Verification {
    let coverage = outcome.checks.coverage.clone();
    let claims = outcome.checks.claims.clone();
    let clauses = coverage.iter().map(|c| c.total).sum::<usize>();
    let modelled = coverage.iter().map(|c| c.modelled).sum::<usize>();
    let count = |status: Status| claims.iter().filter(|c| c.status == status).count();
    Verification {
        seed: outcome.seed,
        summary: VerificationSummary {
            executable: outcome.checks.executable.clone(),
            records: coverage.len(),
            clauses,
            modelled,
            exercised: coverage.iter().map(|c| c.exercised).sum(),
            options_only: coverage.iter().map(|c| c.options_only).sum(),
            contradicted: coverage.iter().map(|c| c.contradicted).sum(),
            coverage: if clauses == 0 {
                0.0
            } else {
                engine::stats::round(modelled as f64 / clauses as f64)
            },
            claims: claims.len(),
            holds: count(Status::Holds),
            holds_only_under: count(Status::HoldsOnlyUnder),
            fails: count(Status::Fails),
            broken: count(Status::Broken),
            by_origin: [
                (
                    corpus::SentenceOrigin::Quotation,
                    "a source's own words (quotations)",
                ),
                (corpus::SentenceOrigin::Rules, "DLP's Rules text"),
            ]
            .into_iter()
            .map(|(origin, label)| {
                let of = |status: Option<Status>| {
                    claims
                        .iter()
                        .filter(|c| c.sentence.from == origin)
                        .filter(|c| status.is_none_or(|s| c.status == s))
                        .count()
                };
                OriginCounts {
                    origin: label.to_string(),
                    claims: of(None),
                    holds: of(Some(Status::Holds)),
                    holds_only_under: of(Some(Status::HoldsOnlyUnder)),
                    fails: of(Some(Status::Fails)),
                    broken: of(Some(Status::Broken)),
                }
            })
            .collect(),
            rule_scenarios: outcome.checks.rule_scenarios,
        },
        coverage,
        suggestions: suggestions(&claims),
        claims,
    }
}

pub fn simulations(outcome: &Outcome) -> Simulations {
    let mut by_ruleset: BTreeMap<&str, Vec<StudyResult>> = BTreeMap::new();
    for study in &outcome.studies {
        by_ruleset
            .entry(&study.spec.ruleset)
            .or_default()
            .push(study.clone());
    }
    let rulesets = by_ruleset
        .into_iter()
        .map(|(ruleset, studies)| {
            let comparison = match (
                studies.first(),
                studies.iter().find(|s| {
                    s.spec.preset == "ludii" && s.spec.label.starts_with("Ludii's encoding")
                }),
            ) {
                (Some(own), Some(ludii)) if own.spec.key != ludii.spec.key => {
                    let at_settings = studies
                        .iter()
                        .find(|s| s.spec.label == studies::AT_LUDII_SETTINGS);
                    compare(own, at_settings, ludii)
                }
                _ => vec![],
            };
            RulesetStudies {
                ruleset: ruleset.to_string(),
                engine: studies[0].spec.engine.clone(),
                studies,
                comparison,
            }
        })
        .collect();
    Simulations {
        seed: outcome.seed,
        playouts_per_study: outcome
            .studies
            .first()
            .map_or(studies::playouts_for_one_percent(), |s| s.spec.playouts),
        caps: Caps::LUDII,
        rulesets,
        ludii_measured: outcome.checks.ludii.as_ref().map(|m| LudiiMeasuredAbout {
            ludii: m.ludii.clone(),
            measured: m.measured.clone(),
            how: m.how.clone(),
        }),
        ludii: outcome
            .checks
            .ludii
            .as_ref()
            .map(|m| crate::ludii::compare(&outcome.studies, m, &outcome.checks.ludii_plays))
            .unwrap_or_default(),
    }
}

/// Escapes text from the corpus for a Markdown table cell or paragraph.
pub fn verification_markdown(v: &Verification) -> String {
    let mut out = String::new();
    let s = &v.summary;
    writeln!(out, "# Verification of the corpus against its sources\n").unwrap();
    writeln!(
        out,
        "Generated by `cargo xtask verify` (seed {}); do not edit, regenerate and commit.\n",
        v.seed
    )
    .unwrap();
    writeln!(out, "## Summary\n").unwrap();
    let e = &s.executable;
    let share = |part: usize, whole: usize| {
        pct(if whole == 0 {
            0.0
        } else {
            part as f64 / whole as f64
        })
    };
    writeln!(
        out,
        "Executable coverage: what an engine of this project can run.\n"
    )
    .unwrap();
    writeln!(out, "| | executable | of | share |\n|---|---|---|---|").unwrap();
    writeln!(
        out,
        "| evidence records | {} | {} | {} |",
        e.records_executable,
        e.records,
        share(e.records_executable, e.records)
    )
    .unwrap();
    writeln!(
        out,
        "| games | {} | {} | {} |",
        e.games_executable,
        e.games,
        share(e.games_executable, e.games)
    )
    .unwrap();
    writeln!(
        out,
        "| rule-describing records ({}) | {} | {} | {} |\n",
        crate::links::RULE_DESCRIBING_TYPES.join(", "),
        e.rule_records_executable,
        e.rule_records,
        share(e.rule_records_executable, e.rule_records)
    )
    .unwrap();
    writeln!(
        out,
        "Of the other records, {} link to DLP's portal rulesets (rules text, not executable here) and {} to none.\n",
        e.records_with_portal_rulesets_only,
        e.records - e.records_executable - e.records_with_portal_rulesets_only
    )
    .unwrap();
    writeln!(out, "| | |\n|---|---|").unwrap();
    writeln!(out, "| records with a Rules text | {} |", s.records).unwrap();
    writeln!(
        out,
        "| clauses with an executable counterpart | {} of {} ({}) |",
        s.modelled,
        s.clauses,
        pct(s.coverage)
    )
    .unwrap();
    writeln!(
        out,
        "| … exercised by a claim or a rule scenario | {} |",
        s.exercised
    )
    .unwrap();
    writeln!(
        out,
        "| … only linked to the options that read them | {} |",
        s.options_only
    )
    .unwrap();
    writeln!(
        out,
        "| … contradicted by the ruleset's own preset | {} |",
        s.contradicted
    )
    .unwrap();
    writeln!(out, "| claims | {} |", s.claims).unwrap();
    writeln!(out, "| hold under the ruleset | {} |", s.holds).unwrap();
    writeln!(
        out,
        "| hold only under other readings | {} |",
        s.holds_only_under
    )
    .unwrap();
    writeln!(out, "| fail under every reading tried | {} |", s.fails).unwrap();
    writeln!(out, "| broken | {} |\n", s.broken).unwrap();
    writeln!(
        out,
        "Claims from a source's own words are counted apart from checks of DLP's Rules text; the engines' rule scenarios check the rulesets' own choices and are no evidence about any source.\n"
    )
    .unwrap();
    writeln!(
        out,
        "| words checked | checks | hold | only under other readings | fail under every reading | broken |\n|---|---|---|---|---|---|"
    )
    .unwrap();
    for o in &s.by_origin {
        writeln!(
            out,
            "| claims from {} | {} | {} | {} | {} | {} |",
            o.origin, o.claims, o.holds, o.holds_only_under, o.fails, o.broken
        )
        .unwrap();
    }
    writeln!(
        out,
        "| rule scenarios: the rulesets' own choices | {} | {} (each a test that must pass) | — | — | — |\n",
        s.rule_scenarios, s.rule_scenarios
    )
    .unwrap();

    writeln!(out, "## Clause coverage\n").unwrap();
    writeln!(
        out,
        "Each clause is *exercised* (a claim or a rule scenario runs the engine on it), linked to *options only*, *contradicted* (the ruleset's own preset gives an option another value than the clause's words), or *not modelled*.\n"
    )
    .unwrap();
    writeln!(
        out,
        "| record | ruleset | clauses | modelled | exercised | options only | contradicted | coverage |\n|---|---|---|---|---|---|---|---|"
    )
    .unwrap();
    for c in &v.coverage {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            c.record,
            c.ruleset.as_deref().unwrap_or("—"),
            c.total,
            c.modelled,
            c.exercised,
            c.options_only,
            c.contradicted,
            pct(c.share)
        )
        .unwrap();
    }
    for c in &v.coverage {
        writeln!(out, "\n### {}\n", c.record).unwrap();
        for (i, covered) in c.clauses.iter().enumerate() {
            let clause = &covered.clause;
            let mapping = match &clause.not_modelled {
                Some(reason) => format!("not modelled: {}", md(reason)),
                None => {
                    let mut parts = Vec::new();
                    if !clause.options.is_empty() {
                        parts.push(format!(
                            "options {}",
                            clause
                                .options
                                .iter()
                                .map(|o| format!("`{o}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                    if !clause.claims.is_empty() {
                        parts.push(format!("claims {}", clause.claims.join(", ")));
                    }
                    if !clause.scenarios.is_empty() {
                        parts.push(format!("scenarios {}", clause.scenarios.join(", ")));
                    }
                    parts.join("; ")
                }
            };
            let mut standing = covered.standing.label().to_string();
            for contradiction in &covered.contradictions {
                standing.push_str(&format!(": {}", md(&contradiction.to_string())));
            }
            writeln!(
                out,
                "{}. {} — **{standing}** — {}",
                i + 1,
                md(&clause.text),
                mapping
            )
            .unwrap();
        }
    }

    writeln!(out, "\n## What the claims suggest\n").unwrap();
    writeln!(out, "Options on which every reading that reproduces a claim agrees, beside the ruleset's own value; a mark flags a ruleset at odds with its claims, or claims at odds with one another.\n").unwrap();
    writeln!(
        out,
        "| ruleset | option | ruleset's value | claims need | |\n|---|---|---|---|---|"
    )
    .unwrap();
    for s in &v.suggestions {
        let needs: Vec<String> = s
            .suggested
            .iter()
            .map(|(value, ids)| format!("`{value}` ({})", ids.join(", ")))
            .collect();
        writeln!(
            out,
            "| {} | `{}` | `{}` | {} | {} |",
            s.ruleset,
            s.option,
            s.current,
            needs.join("; "),
            if s.is_at_odds() { "at odds" } else { "" }
        )
        .unwrap();
    }

    writeln!(out, "\n## Claims\n").unwrap();
    writeln!(
        out,
        "| claim | record | status | readings that reproduce it |\n|---|---|---|---|"
    )
    .unwrap();
    for c in &v.claims {
        let readings = c.search.as_ref().map_or("—".into(), |s| {
            format!(
                "{} of {}{}",
                s.holding,
                s.valid(),
                if s.sampled { " sampled" } else { "" }
            )
        });
        writeln!(
            out,
            "| [{}](#{}) | {} | {} | {} |",
            c.id,
            c.id,
            c.record,
            c.status.label(),
            readings
        )
        .unwrap();
    }
    for c in &v.claims {
        writeln!(out, "\n### {}\n", c.id).unwrap();
        writeln!(
            out,
            "{} ({}, ruleset `{}`)\n",
            md(&c.statement),
            c.record,
            c.ruleset
        )
        .unwrap();
        writeln!(out, "> {} ({})", md(&c.sentence.text), c.sentence.language).unwrap();
        if let Some(translation) = &c.sentence.translation {
            writeln!(out, ">\n> *{}*", md(translation)).unwrap();
        }
        writeln!(out, "\n**{}.**", capitalise(c.status.label())).unwrap();
        if let Some(error) = &c.error {
            writeln!(out, " It cannot be run: {}", md(error)).unwrap();
        }
        if let Some(e) = &c.under_ruleset {
            if !e.holds {
                writeln!(out, "\nUnder the ruleset's options:").unwrap();
                for m in e.mismatches.iter().take(8) {
                    writeln!(out, "- {}", md(m)).unwrap();
                }
            }
            if c.kind != "scenario" {
                writeln!(
                    out,
                    "\nObserved under the ruleset's options: `{}`",
                    md(&e.observed.to_string())
                )
                .unwrap();
            }
        }
        if let Some(s) = &c.search {
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
            let keys = if s.keys.is_empty() {
                "no option".into()
            } else {
                s.keys
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            writeln!(
                out,
                "\nInterpretation search over {keys} ({how}): {} of {} readings reproduce the claim.",
                s.holding,
                s.valid()
            )
            .unwrap();
            if s.holding > 0 && s.decisive.len() < s.keys.len() {
                let decisive = if s.decisive.is_empty() {
                    "none of them matters".to_string()
                } else {
                    format!(
                        "only {} {}",
                        s.decisive
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        if s.decisive.len() == 1 {
                            "matters"
                        } else {
                            "matter"
                        }
                    )
                };
                writeln!(out, "Of the options searched, {decisive}.").unwrap();
            }
            if !s.suggests.is_empty() {
                writeln!(
                    out,
                    "Every reading that reproduces it has {}.",
                    options_text(&s.suggests)
                )
                .unwrap();
            }
            if s.holding > 0 && s.holding < s.valid() && !s.decisive.is_empty() {
                writeln!(
                    out,
                    "Readings that reproduce it{}:",
                    if s.sampled {
                        ""
                    } else {
                        " (the options that matter)"
                    }
                )
                .unwrap();
                for example in &s.examples {
                    writeln!(out, "- {}", options_text(example)).unwrap();
                }
            }
        }
        if let Some(note) = &c.note {
            writeln!(out, "\n{}", md(note)).unwrap();
        }
    }
    out
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

fn pretty<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("reports serialise");
    text.push('\n');
    text
}

/// The four report files, by name, from the merged results.
pub fn files(outcome: &Outcome) -> BTreeMap<&'static str, String> {
    let v = verification(outcome);
    let s = simulations(outcome);
    BTreeMap::from([
        ("verification.md", verification_markdown(&v)),
        ("verification.json", pretty(&v)),
        ("simulations.md", crate::present::simulations_markdown(&s)),
        ("simulations.json", pretty(&s)),
    ])
}
