//! A fault of Ludii's engine that a family's game file keeps apart from its reading: a
//! parameter Ludii 1.3.13 plays otherwise than its description says (`ludii_faults`), which
//! makes the ruleset's variant "Ludii 1.3.13 as it plays". One type and one way of reading it
//! for every family.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A value Ludii 1.3.13 plays where its description says another, by a fault of its engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fault {
    /// The value Ludii plays, as the command line writes it.
    pub value: String,
    /// The line of the description whose ludeme Ludii plays so.
    pub cites: String,
    /// That line, quoted exactly.
    pub source: String,
    /// What Ludii's engine does there, and where in it.
    pub why: String,
}

/// A parameter's value as a game file writes it, with whatever the file keeps beside it (the
/// line it is read from, a fault's reason): what setting the parameter reads of it.
pub trait Written {
    /// The value, as the command line writes it.
    fn written(&self) -> &str;
}

impl Written for Fault {
    fn written(&self) -> &str {
        &self.value
    }
}

/// The faults' values by parameter: the options that make Ludii's reading Ludii's play.
pub fn overrides(faults: &BTreeMap<String, Fault>) -> BTreeMap<String, String> {
    faults
        .iter()
        .map(|(key, fault)| (key.clone(), fault.value.clone()))
        .collect()
}

/// Each fault in words, `key value where cites says described (source): why`, `described`
/// giving the value the description says for a parameter.
pub fn described<'a>(
    faults: &BTreeMap<String, Fault>,
    described: impl Fn(&str) -> &'a str,
) -> Vec<String> {
    faults
        .iter()
        .map(|(key, fault)| {
            format!(
                "{key} {} where {} says {} ({}): {}",
                fault.value,
                fault.cites,
                described(key),
                fault.source,
                fault.why
            )
        })
        .collect()
}
