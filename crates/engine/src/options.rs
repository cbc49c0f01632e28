//! Options: one named, typed option for every point a source leaves open, each carrying the
//! sentence it comes from, a default for the `dlp` preset (faithful to the record) and one for
//! the `ludii` preset (the game as Ludii 1.3.13 plays it).
//!
//! Games declare their options with [`game_options!`](crate::game_options) and the values of
//! enumerated options with [`option_enum!`](crate::option_enum); both generate the parsing,
//! printing and listing that the command line, YAML option sets and the interpretation
//! search need, so the engines themselves read plain struct fields.

use std::collections::BTreeMap;
use std::fmt;

/// What kind of choice an option is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OptionKind {
    /// A reading of the rules; the interpretation search tries every value.
    Rule,
    /// A setting of the game (players, board size, stick bias); never searched.
    Parameter,
}

/// Everything known about one option, for help texts, reports and the site.
#[derive(Clone, Copy)]
pub struct OptionSpec {
    /// The option's name, as the command line and YAML write it.
    pub key: &'static str,
    /// Whether it is a rule or a parameter.
    pub kind: OptionKind,
    /// What the option decides.
    pub doc: &'static str,
    /// Where the question comes from ("DLP.Evidence.682 rules", "Hyde 1694: 231, Latin").
    pub cites: &'static str,
    /// The sentence the option answers, quoted exactly.
    pub source: &'static str,
    /// Every value, for options with a finite set of values.
    pub choices: fn() -> Option<Vec<String>>,
    /// The values an option takes, in words.
    pub domain: fn() -> String,
    /// Inclusive bounds of numeric options.
    pub range: Option<(i64, i64)>,
}

impl OptionSpec {
    /// The doc comment as one paragraph.
    pub fn description(&self) -> String {
        self.doc
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The values the option takes, in words.
    pub fn describe_domain(&self) -> String {
        match self.range {
            Some((lo, hi)) => format!("{} from {lo} to {hi}", (self.domain)()),
            None => (self.domain)(),
        }
    }
}

impl fmt::Debug for OptionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OptionSpec")
            .field("key", &self.key)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

/// A type an option can have.
pub trait OptionValue: Sized {
    /// Reads a value written on the command line or in YAML; the error is the reason.
    fn parse_value(text: &str) -> Result<Self, String>;
    /// Writes the value as the command line and YAML do.
    fn render_value(&self) -> String;
    /// All values, when there are finitely many.
    fn choices() -> Option<Vec<String>> {
        None
    }
    /// The values the option takes, in words.
    fn domain() -> String;
    /// The value as an integer, for range checks.
    fn as_integer(&self) -> Option<i64> {
        None
    }
}

impl OptionValue for bool {
    fn parse_value(text: &str) -> Result<Self, String> {
        match text {
            "true" | "yes" | "on" => Ok(true),
            "false" | "no" | "off" => Ok(false),
            _ => Err(format!("{text:?} is not one of: true, false")),
        }
    }
    fn render_value(&self) -> String {
        self.to_string()
    }
    fn choices() -> Option<Vec<String>> {
        Some(vec!["false".into(), "true".into()])
    }
    fn domain() -> String {
        "true or false".into()
    }
}

macro_rules! integer_option {
    ($($t:ty),*) => {$(
        impl OptionValue for $t {
            fn parse_value(text: &str) -> Result<Self, String> {
                text.trim().parse().map_err(|_| format!("{text:?} is not a whole number"))
            }
            fn render_value(&self) -> String {
                self.to_string()
            }
            fn domain() -> String {
                "a whole number".into()
            }
            fn as_integer(&self) -> Option<i64> {
                i64::try_from(*self).ok()
            }
        }
    )*};
}
integer_option!(u8, u16, u32);

impl OptionValue for crate::dice::Bias {
    fn parse_value(text: &str) -> Result<Self, String> {
        text.parse()
    }
    fn render_value(&self) -> String {
        self.to_string()
    }
    fn domain() -> String {
        "a probability such as 1/2 or 0.55".into()
    }
}

/// A game's options as the command line and the corpus see them.
pub trait Options: Clone + fmt::Debug + Default + Send + Sync + 'static {
    /// Every option of the game, with its sentence and source.
    fn specs() -> &'static [OptionSpec];
    /// `dlp` or `ludii`.
    fn preset(name: &str) -> Option<Self>;
    /// Sets option `key` from its written value.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;
    /// The written value of option `key`.
    fn get(&self, key: &str) -> Option<String>;
    /// Checks combinations of values (a team size that does not divide the players…).
    fn validate(&self) -> Result<(), OptionError>;

    /// Every option with its written value.
    fn to_map(&self) -> BTreeMap<String, String> {
        Self::specs()
            .iter()
            .filter_map(|spec| Some((spec.key.to_string(), self.get(spec.key)?)))
            .collect()
    }
}

/// The presets every game has.
pub const PRESETS: [&str; 2] = ["dlp", "ludii"];

/// Why options could not be set as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No preset has that name.
    #[error("unknown preset {0:?}; presets: dlp, ludii")]
    UnknownPreset(String),
    /// The game has no option of that name.
    #[error("unknown option {key:?}; valid options: {valid}")]
    UnknownOption {
        /// The name given.
        key: String,
        /// The game's options, listed.
        valid: String,
    },
    /// A value the option does not take.
    #[error("option {key}: {reason}")]
    Value {
        /// The option.
        key: String,
        /// Why the value is refused.
        reason: String,
    },
    /// Values the game cannot play together (a team size that does not divide the players).
    #[error("{0}")]
    Combination(String),
}

/// An unknown key, listing the valid ones.
pub fn unknown_key(key: &str, specs: &[OptionSpec]) -> OptionError {
    let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
    OptionError::UnknownOption {
        key: key.to_string(),
        valid: keys.join(", "),
    }
}

/// A value out of an option's range.
pub fn check_range(
    key: &str,
    value: Option<i64>,
    range: Option<(i64, i64)>,
) -> Result<(), OptionError> {
    match (value, range) {
        (Some(v), Some((lo, hi))) if v < lo || v > hi => Err(OptionError::Value {
            key: key.to_string(),
            reason: format!("{v} is not between {lo} and {hi}"),
        }),
        _ => Ok(()),
    }
}

#[doc(hidden)]
#[macro_export]
macro_rules! __option_kind {
    (rule) => {
        $crate::options::OptionKind::Rule
    };
    (parameter) => {
        $crate::options::OptionKind::Parameter
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __option_range {
    () => {
        None
    };
    ($lo:literal, $hi:literal) => {
        Some(($lo, $hi))
    };
}

/// Declares a game's options: a plain struct for the engine, plus everything
/// [`Options`] needs. Each field names its kind (`rule` or `parameter`), the text it
/// comes from, the sentence, and its `dlp` and `ludii` values.
#[macro_export]
macro_rules! game_options {
    (
        $(#[doc = $struct_doc:literal])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                #[$kind:ident(cites = $cites:literal, source = $source:literal $(, range = $lo:literal ..= $hi:literal)?)]
                pub $field:ident : $ty:ty = $dlp:expr, ludii: $ludii:expr;
            )+
        }
        $(validate = $validate:path;)?
    ) => {
        $(#[doc = $struct_doc])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $($(#[doc = $doc])+ pub $field: $ty,)+
        }

        impl $name {
            /// The `dlp` preset: faithful to the record.
            pub fn dlp() -> Self {
                Self { $($field: $dlp,)+ }
            }

            /// The `ludii` preset: the game as Ludii plays it.
            pub fn ludii() -> Self {
                Self { $($field: $ludii,)+ }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::dlp()
            }
        }

        impl $crate::options::Options for $name {
            fn specs() -> &'static [$crate::options::OptionSpec] {
                const SPECS: &[$crate::options::OptionSpec] = &[$(
                    $crate::options::OptionSpec {
                        key: stringify!($field),
                        kind: $crate::__option_kind!($kind),
                        doc: concat!($($doc, "\n"),+),
                        cites: $cites,
                        source: $source,
                        choices: <$ty as $crate::options::OptionValue>::choices,
                        domain: <$ty as $crate::options::OptionValue>::domain,
                        range: $crate::__option_range!($($lo, $hi)?),
                    },
                )+];
                SPECS
            }

            fn preset(name: &str) -> Option<Self> {
                match name {
                    "dlp" => Some(Self::dlp()),
                    "ludii" => Some(Self::ludii()),
                    _ => None,
                }
            }

            fn set(&mut self, key: &str, value: &str) -> Result<(), $crate::options::OptionError> {
                use $crate::options::OptionValue as _;
                match key {
                    $(stringify!($field) => {
                        let parsed = <$ty as $crate::options::OptionValue>::parse_value(value)
                            .map_err(|reason| $crate::options::OptionError::Value {
                                key: key.to_string(),
                                reason,
                            })?;
                        $crate::options::check_range(key, parsed.as_integer(), $crate::__option_range!($($lo, $hi)?))?;
                        self.$field = parsed;
                        Ok(())
                    })+
                    _ => Err($crate::options::unknown_key(key, Self::specs())),
                }
            }

            fn get(&self, key: &str) -> Option<String> {
                use $crate::options::OptionValue as _;
                match key {
                    $(stringify!($field) => Some(self.$field.render_value()),)+
                    _ => None,
                }
            }

            fn validate(&self) -> Result<(), $crate::options::OptionError> {
                $(return $validate(self).map_err($crate::options::OptionError::Combination);)?
                #[allow(unreachable_code)]
                Ok(())
            }
        }
    };
}

/// Declares the values of an enumerated option, each with the word used on the command line
/// and in YAML.
#[macro_export]
macro_rules! option_enum {
    (
        $(#[doc = $doc:literal])*
        pub enum $name:ident {
            $($(#[doc = $vdoc:literal])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[doc = $vdoc])* $variant,)+
        }

        impl $name {
            /// Every value, in the order declared.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The word for the value on the command line and in YAML.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// What the value means, from its doc comment.
            pub fn meaning(self) -> &'static str {
                match self {
                    $($name::$variant => concat!("" $(, $vdoc)*),)+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::options::OptionValue for $name {
            fn parse_value(text: &str) -> Result<Self, String> {
                match text {
                    $($text => Ok($name::$variant),)+
                    _ => Err(format!("{text:?} is not one of: {}", [$($text),+].join(", "))),
                }
            }
            fn render_value(&self) -> String {
                self.as_str().to_string()
            }
            fn choices() -> Option<Vec<String>> {
                Some(vec![$($text.to_string()),+])
            }
            fn domain() -> String {
                format!("one of: {}", [$($text),+].join(", "))
            }
        }
    };
}
