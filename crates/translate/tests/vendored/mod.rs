//! The vendored descriptions the translator's tests read, and what their translations must
//! show: shared by the test files of the families' readings.

use translate::{Missing, Translation};

/// The text of the vendored description `file`.
pub fn vendored_text(file: &str) -> String {
    let path = format!(
        "{}/../../corpus/ludii/lud/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

/// The text of `file` with `from` replaced by `to`, which must be in it.
pub fn changed(file: &str, from: &str, to: &str) -> String {
    let text = vendored_text(file);
    assert!(text.contains(from), "{file} has {from}");
    text.replacen(from, to, 1)
}

/// Each `key=value@line` holds of the translation.
pub fn plays(file: &str, translation: &Translation, wanted: &[&str]) {
    let Ok(game) = &translation.outcome else {
        panic!("{file}: {:?}", translation.outcome);
    };
    for pair in wanted {
        let (key, rest) = pair.split_once('=').unwrap();
        let (value, line) = rest.split_once('@').unwrap();
        let got = &game.parameters[key];
        assert_eq!(got.value, value, "{file}: {key}");
        assert!(
            got.cites.starts_with(&format!("{file}:{line}")),
            "{file}: {key} read at {}",
            got.cites
        );
    }
}

/// The translation (of either family) lacks something at `line` whose text holds `what`.
pub fn lacks<F: std::fmt::Debug>(translation: &Translation<F>, line: u32, what: &str) {
    match &translation.outcome {
        Err(Missing::Lacks(found)) => assert!(
            found
                .iter()
                .any(|l| l.span.line == line && l.what.contains(what)),
            "{found:?}"
        ),
        other => panic!("plays, or no rules: {other:?}"),
    }
}
