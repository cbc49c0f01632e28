//! Ludii's game description language, read.
//!
//! [`parse`] reads the text of a `.lud` file into located [`Node`]s; [`Description::read`]
//! splits its top level into defines, the game, options, rulesets and metadata; and
//! [`Description::expand`] expands it for a [`Selection`] of options or a ruleset as Ludii's
//! own expander does, giving the `(game …)` to translate and the metadata that applies. The
//! library does no I/O: callers pass a label (the file's name, for errors) and the text.
//!
//! ```
//! let text = r#"(define "Sow" (sow count:#1))
//! (game "G" (players 2) (rules (play ("Sow" 4))))
//! (metadata (info { (id "7") (classification "board/sow/two rows") }))"#;
//! let description = ludii::Description::read("G.lud", text).unwrap();
//! let expanded = description.expand(&ludii::Selection::Defaults).unwrap();
//! assert_eq!(expanded.game.to_string(), r#"(game "G" (players 2) (rules (play (sow count:4))))"#);
//! assert_eq!(expanded.id(), Some("7"));
//! assert_eq!(expanded.players(), Some(2));
//! ```

mod description;
mod expand;
mod node;
mod parse;

pub use description::{
    Define, Description, GameForm, InfoEntry, OptionCategory, OptionItem, Ruleset,
};
pub use expand::{ExpandError, Expanded, LIBRARY_DEFINES, Selection};
pub use node::{Kind, Node, Span, Walk};
pub use parse::{ReadError, parse};
