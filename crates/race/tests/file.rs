//! The game file: a good file gives both presets and its readings; a bad one is an error that
//! names the section and key of the field at fault, never a panic.

use std::collections::BTreeMap;

use engine::Options;
use race::RaceParams;
use race::file::{FileError, GameFile, LudiiSource, Reading, Sourced};

fn sourced(value: &str) -> Sourced {
    Sourced {
        value: value.into(),
        cites: "a test".into(),
        source: "a sentence".into(),
    }
}

/// A file with every parameter at the family's defaults and one reading, through YAML.
fn good() -> GameFile {
    let parameters = RaceParams::ludii()
        .to_map()
        .into_iter()
        .map(|(key, value)| (key, sourced(&value)))
        .collect();
    let reading = Reading {
        name: "Someone 2000".into(),
        cites: "DLP.GameRulesets.1".into(),
        parameters: BTreeMap::from([("throw".into(), sourced("lots 3"))]),
        unmodelled: vec!["a rule the family lacks".into()],
    };
    let file = GameFile {
        slug: "test".into(),
        name: "Test".into(),
        game: "test".into(),
        aliases: vec![],
        records: vec![],
        ludii: LudiiSource {
            file: "Test.lud".into(),
            id: 1,
            ruleset: None,
        },
        parameters,
        readings: BTreeMap::from([("someone".into(), reading)]),
        dlp_reading: Some("someone".into()),
        ludii_faults: BTreeMap::new(),
        notes: String::new(),
    };
    let yaml = serde_saphyr::to_string(&file).unwrap();
    serde_saphyr::from_str(&yaml).unwrap()
}

#[test]
fn a_good_file_gives_both_presets_and_its_readings() {
    let file = good();
    let (dlp, ludii) = file.presets().unwrap();
    assert_eq!(ludii, RaceParams::ludii());
    assert_eq!(dlp.get("throw").as_deref(), Some("lots 3"));
    assert_eq!(
        file.readings().unwrap(),
        [(
            "someone".to_string(),
            BTreeMap::from([("throw".to_string(), "lots 3".to_string())])
        )]
    );
}

fn error_with(change: impl FnOnce(&mut GameFile)) -> FileError {
    let mut file = good();
    change(&mut file);
    file.presets()
        .and_then(|_| file.readings())
        .expect_err("the file is refused")
}

fn set(file: &mut GameFile, key: &str, value: &str) {
    file.parameters.insert(key.into(), sourced(value));
}

#[test]
fn an_unknown_parameter_is_named() {
    let error = error_with(|f| set(f, "rosettes", "9"));
    assert!(matches!(
        &error,
        FileError::Parameter {
            error: engine::OptionError::UnknownOption { .. },
            ..
        }
    ));
    assert_eq!(error.field(), ["parameters", "rosettes"]);
}

#[test]
fn a_track_that_leads_nowhere_or_steps_onto_itself_is_named() {
    for track in ["3 2 1 | ", "3 2 2 1 | 5 6", "3 2 x | 5 6"] {
        let error = error_with(|f| set(f, "tracks", track));
        assert!(
            matches!(
                &error,
                FileError::Parameter {
                    error: engine::OptionError::Value { .. },
                    ..
                }
            ),
            "{track:?}: {error}"
        );
        assert_eq!(error.field(), ["parameters", "tracks"], "{track:?}");
    }
}

#[test]
fn a_value_for_an_outcome_the_throw_cannot_give_is_named() {
    let error = error_with(|f| set(f, "throw_values", "0=5 5=5"));
    assert!(matches!(&error, FileError::Combination { .. }), "{error}");
    assert_eq!(error.field(), ["parameters", "throw_values"]);
    // In a reading, the reading's section is named.
    let error = error_with(|f| {
        f.readings
            .get_mut("someone")
            .unwrap()
            .parameters
            .insert("throw_values".into(), sourced("4=1"));
    });
    assert_eq!(
        error.field(),
        ["readings", "someone", "parameters", "throw_values"]
    );
}

#[test]
fn a_start_beyond_its_track_or_on_an_occupied_cell_is_named() {
    for start in [
        "1 15 | 2",
        "1 2 3 4 5 6 7 8 | 2",
        "1 | 2 | 3",
        "5 | 5",
        "1 1 | 2",
    ] {
        let error = error_with(|f| set(f, "start", start));
        assert!(matches!(&error, FileError::Combination { .. }), "{error}");
        assert_eq!(error.field(), ["parameters", "start"], "{start:?}");
    }
}

#[test]
fn a_missing_parameter_a_bad_reading_value_and_an_unknown_reading_are_named() {
    let error = error_with(|f| {
        f.parameters.remove("block_run");
    });
    assert_eq!(error, FileError::Missing("block_run"));
    assert_eq!(error.field(), ["parameters", "block_run"]);
    let error = error_with(|f| {
        f.readings
            .get_mut("someone")
            .unwrap()
            .parameters
            .insert("pieces".into(), sourced("seventeen"));
    });
    assert_eq!(
        error.field(),
        ["readings", "someone", "parameters", "pieces"]
    );
    let error = error_with(|f| f.dlp_reading = Some("nobody".into()));
    assert_eq!(error, FileError::UnknownReading("nobody".into()));
    assert_eq!(error.field(), ["dlp_reading"]);
}

#[test]
fn a_field_the_format_does_not_have_is_refused_by_the_reader() {
    let yaml = serde_saphyr::to_string(&good()).unwrap();
    let with_typo = yaml.replacen("slug:", "slgu:", 1);
    assert!(serde_saphyr::from_str::<GameFile>(&with_typo).is_err());
}
