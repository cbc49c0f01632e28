//! Properties of the ingester: no input makes it panic, and a record written in any of the
//! portal's layouts, fields in any order, reads back to the same values.

use std::path::Path;

use corpus::Report;
use proptest::prelude::*;

fn read(bytes: &[u8]) -> (ingest::records::PageRecords, Report) {
    let mut report = Report::default();
    let records = ingest::read_page("p.txt", Path::new("p.txt"), bytes, None, &mut report);
    (records, report)
}

/// Text made of the portal's own vocabulary, so that the layout code paths are exercised.
fn label_soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("Id ".to_string()),
        Just("Id DLP.Evidence.12 ".to_string()),
        Just("DLP.GameRulesets.3".to_string()),
        Just("Type ".to_string()),
        Just("Game ".to_string()),
        Just("Content \"".to_string()),
        Just("\" Hyde 1694: 12-13.".to_string()),
        Just("Date 1694-01-01 - ".to_string()),
        Just("3100 BC".to_string()),
        Just("Location 33°22'4.12\"N, ".to_string()),
        Just("Rules ".to_string()),
        Just("Identifiers\n".to_string()),
        Just("Confidence 1000".to_string()),
        Just("Source Hyde, T. 1694. Title. Oxford: Press.".to_string()),
        Just("Evidence for X\n".to_string()),
        Just("Ruleset: ".to_string()),
        Just("|\n".to_string()),
        Just("\n".to_string()),
        Just("Contact Us\n".to_string()),
        Just("<p><b>".to_string()),
        Just("</b></p>".to_string()),
        Just("<html>".to_string()),
        "[a-zA-Zôè°'\":;.,() -]{0,12}",
    ];
    prop::collection::vec(token, 0..40).prop_map(|tokens| tokens.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let _ = read(&bytes);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,1500}") {
        let _ = read(text.as_bytes());
    }

    #[test]
    fn label_soup_never_panics(text in label_soup()) {
        let (records, _) = read(text.as_bytes());
        let _ = ingest::assemble::assemble(vec![("p.txt".into(), records)], None, &mut Report::default());
    }
}

/// A record with fields a page could hold, and the layouts to write it in.
#[derive(Clone, Debug)]
struct Record {
    id: u32,
    fields: Vec<(&'static str, String)>,
}

const TYPES: [&str; 4] = [
    "Ethnography",
    "Artifact",
    "Contemporary rule description",
    "Artwork",
];
const GAMES: [&str; 4] = ["Kiôz", "Sig (El Oued)", "Tuz", "Natt Klab ash-Shawk"];
const AGES: [&str; 3] = ["All", "Adult", "Child"];

fn prose() -> impl Strategy<Value = String> {
    prop::collection::vec("[a-z]{1,9}", 3..25).prop_map(|words| format!("{}.", words.join(" ")))
}

fn record() -> impl Strategy<Value = Record> {
    (
        1u32..100_000,
        prop::sample::select(TYPES.to_vec()),
        prop::sample::select(GAMES.to_vec()),
        prop::option::of((1000i32..2000, 0i32..30)),
        prop::option::of(prose()),
        prop::option::of(prose()),
        prop::option::of(0u32..=100),
        prop::option::of(prop::sample::select(AGES.to_vec())),
        any::<prop::sample::Index>(),
    )
        .prop_map(
            |(id, kind, game, date, rules, quote, confidence, ages, order)| {
                let mut fields: Vec<(&'static str, String)> =
                    vec![("Type", kind.to_string()), ("Game", game.to_string())];
                if let Some((year, span)) = date {
                    fields.push(("Date", format!("{year}-01-01 - {}-12-31", year + span)));
                }
                if let Some(rules) = rules {
                    fields.push(("Rules", rules));
                }
                if let Some(quote) = quote {
                    fields.push(("Content", format!("\"{quote}\" Murray 1951: 66.")));
                }
                if let Some(confidence) = confidence {
                    fields.push(("Confidence", confidence.to_string()));
                }
                if let Some(ages) = ages {
                    fields.push(("Ages", ages.to_string()));
                }
                // Any order of fields: rotate by a random amount.
                let shift = order.index(fields.len());
                fields.rotate_left(shift);
                Record { id, fields }
            },
        )
}

#[derive(Clone, Copy, Debug)]
enum Layout {
    FieldPerLine,
    Colon,
    OneLine,
    HtmlTable,
}

fn render(records: &[Record], layout: Layout) -> String {
    let mut out = String::from(
        "Home Games Forum Downloads References Concepts Contribute Tutorials Tournaments World Map Ludemes About\n\nEvidence in Somewhere\n\n",
    );
    if matches!(layout, Layout::HtmlTable) {
        out = String::from("<html><body><h1>Evidence in Somewhere</h1>");
    }
    for record in records {
        let mut all = vec![("Id", format!("DLP.Evidence.{}", record.id))];
        all.extend(record.fields.iter().cloned());
        match layout {
            Layout::FieldPerLine => all
                .iter()
                .for_each(|(l, v)| out.push_str(&format!("{l} {v}\n"))),
            Layout::Colon => all
                .iter()
                .for_each(|(l, v)| out.push_str(&format!("{l}: {v}\n"))),
            Layout::OneLine => {
                out.push_str("|\n");
                out.push_str(
                    &all.iter()
                        .map(|(l, v)| format!("{l} {v}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                out.push('\n');
            }
            Layout::HtmlTable => {
                out.push_str("<table>");
                for (l, v) in &all {
                    let v = v
                        .replace('&', "&amp;")
                        .replace('<', "&lt;")
                        .replace('"', "&quot;");
                    out.push_str(&format!("<tr><th>{l}</th><td>{v}</td></tr>"));
                }
                out.push_str("</table>");
            }
        }
        out.push('\n');
    }
    match layout {
        Layout::HtmlTable => out.push_str("</body></html>"),
        Layout::OneLine => out.push_str("|\n"),
        _ => out.push_str("Contact Us\n"),
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_layout_reads_back(records in prop::collection::vec(record(), 1..6), layout in prop::sample::select(vec![Layout::FieldPerLine, Layout::Colon, Layout::OneLine, Layout::HtmlTable])) {
        let mut unique = records.clone();
        unique.sort_by_key(|r| r.id);
        unique.dedup_by_key(|r| r.id);
        let page = render(&unique, layout);
        let (parsed, report) = read(page.as_bytes());
        prop_assert!(!report.has_errors(), "{report}\n{page}");
        prop_assert_eq!(parsed.evidence.len(), unique.len(), "{}", page);
        for (record, (evidence, _)) in unique.iter().zip(&parsed.evidence) {
            prop_assert_eq!(&evidence.id, &format!("DLP.Evidence.{}", record.id));
            for (label, value) in &record.fields {
                let got = match *label {
                    "Type" => evidence.kind.clone(),
                    "Game" => evidence.game_name.clone(),
                    "Date" => evidence.date.as_ref().map(|d| format!("{} - {}", d.start, d.end)),
                    "Rules" => evidence.rules.clone(),
                    "Content" => evidence.quotation.as_ref().map(|q| format!("\"{}\" Murray 1951: 66.", q.text)),
                    "Confidence" => evidence.confidence.map(|c| c.to_string()),
                    "Ages" => evidence.ages.first().cloned(),
                    _ => unreachable!(),
                };
                prop_assert_eq!(got.as_deref(), Some(value.as_str()), "{} in {:?}\n{}", label, layout, page);
            }
            prop_assert!(evidence.other_fields.is_empty(), "{:?}\n{}", evidence.other_fields, page);
        }
    }
}

#[test]
fn pages_with_hundreds_of_records() {
    let records: Vec<Record> = (0..400)
        .map(|i| Record {
            id: 10_000 + i,
            fields: vec![
                ("Type", TYPES[i as usize % 4].to_string()),
                ("Game", GAMES[i as usize % 4].to_string()),
                ("Rules", format!("rule number {i} of many.")),
                ("Confidence", (i % 101).to_string()),
            ],
        })
        .collect();
    for layout in [
        Layout::FieldPerLine,
        Layout::Colon,
        Layout::OneLine,
        Layout::HtmlTable,
    ] {
        let (parsed, report) = read(render(&records, layout).as_bytes());
        assert!(!report.has_errors(), "{layout:?}: {report}");
        assert_eq!(parsed.evidence.len(), 400, "{layout:?}");
        assert_eq!(
            parsed.evidence[399].0.rules.as_deref(),
            Some("rule number 399 of many.")
        );
    }
}
