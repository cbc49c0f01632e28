//! Every vendored description reads, and expands under its defaults and under each of its
//! rulesets, but those `unexpandable.txt` lists with the reason; an expansion leaves no
//! parameter, option reference, range, doubled bracket, define or unknown define behind.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use ludii::{Description, ExpandError, Kind, LIBRARY_DEFINES, Node, Selection};

fn vendored() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ludii/lud")
}

fn descriptions() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(vendored())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "lud"))
        .map(|path| {
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// The error's variant, as `unexpandable.txt` names it.
fn kind(error: &ExpandError) -> &'static str {
    match error {
        ExpandError::Match { .. } => "Match",
        ExpandError::UnknownRuleset { .. } => "UnknownRuleset",
        ExpandError::UnknownOption { .. } => "UnknownOption",
        ExpandError::ConflictingOptions { .. } => "ConflictingOptions",
        ExpandError::UnknownOptionTag { .. } => "UnknownOptionTag",
        ExpandError::UnknownOptionArgument { .. } => "UnknownOptionArgument",
        ExpandError::ItemLacksArgument { .. } => "ItemLacksArgument",
        ExpandError::UnknownDefine { .. } => "UnknownDefine",
        ExpandError::Cycle { .. } => "Cycle",
        ExpandError::TooLarge { .. } => "TooLarge",
        ExpandError::StrayParameter { .. } => "StrayParameter",
        ExpandError::EmptyNamedValue { .. } => "EmptyNamedValue",
        ExpandError::UnknownRequirement { .. } => "UnknownRequirement",
        ExpandError::Metadata(_) => "Metadata",
    }
}

/// (file, selection, error kind) of each expansion `unexpandable.txt` expects to fail.
fn expected_failures() -> BTreeSet<(String, String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/unexpandable.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert!(
                fields.len() == 4 && !fields[3].trim().is_empty(),
                "unexpandable.txt: not `file, selection, error, why`: {line}"
            );
            (
                fields[0].to_owned(),
                fields[1].to_owned(),
                fields[2].to_owned(),
            )
        })
        .collect()
}

#[test]
fn every_description_reads_and_expands_under_its_defaults_and_rulesets() {
    let mut failures = BTreeSet::new();
    let mut leftovers = Vec::new();
    let mut expansions = 0;
    let descriptions = descriptions();
    assert_eq!(descriptions.len(), 488);
    for (name, text) in &descriptions {
        let description = Description::read(name, text).unwrap_or_else(|e| panic!("{e}"));
        let selections = description.selections();
        assert_eq!(selections.len(), description.rulesets().len() + 1);
        for selection in selections {
            let label = match &selection {
                Selection::Ruleset(heading) => heading.clone(),
                _ => "Defaults".to_owned(),
            };
            let expanded = match description.expand(&selection) {
                Ok(expanded) => expanded,
                Err(error) => {
                    failures.insert((name.clone(), label, kind(&error).to_owned()));
                    continue;
                }
            };
            expansions += 1;
            for node in expanded.game.walk() {
                let leftover = match &node.kind {
                    Kind::Param(_)
                    | Kind::OptionRef { .. }
                    | Kind::OptionArgument(_)
                    | Kind::Group(_)
                    | Kind::Range { .. } => true,
                    Kind::DefineUse { name, .. } => !LIBRARY_DEFINES.contains(&name.as_str()),
                    Kind::Call { head, .. } => head == "define",
                    _ => false,
                };
                if leftover {
                    leftovers.push(format!("{name} ({label}): {node} at {}", node.span));
                }
            }
        }
    }
    assert!(leftovers.is_empty(), "{}", leftovers.join("\n"));
    let expected = expected_failures();
    let unexpected: Vec<_> = failures.difference(&expected).collect();
    let mended: Vec<_> = expected.difference(&failures).collect();
    assert!(
        unexpected.is_empty(),
        "fail but not listed: {unexpected:#?}"
    );
    assert!(mended.is_empty(), "listed but expand: {mended:#?}");
    assert!(expansions > 700, "{expansions} expansions");
}

fn sha256(text: &str) -> String {
    corpus::vendored::sha256_hex(text.as_bytes())
}

/// The metadata printed without its `(ai …)` entry, which Ludii fills from its own library.
fn without_ai(metadata: &Node) -> String {
    let entries = metadata
        .children()
        .iter()
        .filter(|entry| !entry.is_call("ai"))
        .cloned()
        .collect();
    let kind = Kind::Call {
        head: "metadata".to_owned(),
        args: entries,
    };
    Node::new(kind, metadata.span).to_string()
}

/// The expansions of `ludii-expansions.tsv`, taken with Ludii's own expander, are what this
/// crate makes of the same descriptions and selections: the game and the metadata.
#[test]
fn expansions_are_the_ones_ludiis_own_expander_makes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ludii-expansions.tsv");
    let mut differ = Vec::new();
    let mut checked = 0;
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if line.starts_with('#') {
            continue;
        }
        let [file, selection, game, metadata] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("ludii-expansions.tsv: not `file, selection, game, metadata`: {line}");
        };
        let text = std::fs::read_to_string(vendored().join(file)).unwrap();
        let description = Description::read(file, &text).unwrap();
        let selection = match selection {
            "Defaults" => Selection::Defaults,
            heading => Selection::Ruleset(heading.to_owned()),
        };
        let expanded = description.expand(&selection).unwrap();
        assert!(expanded.library_defines.is_empty(), "{line}");
        if sha256(&expanded.game.to_string()) != game {
            differ.push(format!("{file} ({selection:?}): the game"));
        }
        let printed = expanded
            .metadata
            .as_ref()
            .map(without_ai)
            .unwrap_or_default();
        if sha256(&printed) != metadata {
            differ.push(format!("{file} ({selection:?}): the metadata"));
        }
        checked += 1;
    }
    assert!(differ.is_empty(), "not as Ludii expands them: {differ:#?}");
    assert_eq!(checked, 527);
}
