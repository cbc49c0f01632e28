//! The evidence corpus: the data model of the DLP records this project verifies, its YAML
//! form (one file per record, written and read through serde-saphyr) and `check`, which
//! validates a corpus directory and reports every problem with its file and line.

pub mod check;
pub mod date;
pub mod diag;
pub mod geo;
pub mod id;
pub mod ludii;
pub mod model;
pub mod regions;
pub mod store;
pub mod text;
pub mod vendored;
pub mod yaml;

pub use date::{DateRange, HistDate};
pub use diag::{Diagnostic, Report, Severity};
pub use geo::{Coordinates, Location};
pub use ludii::LudiiFigures;
pub use model::*;
pub use store::{Corpus, CorpusLayout};
