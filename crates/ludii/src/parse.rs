//! Ludii's syntax read into located [`Node`]s.
//!
//! The reader follows what Ludii's own tokeniser and expander accept: `//` comments to the
//! end of a line outside strings, strings with `\"` escapes, a call's head read up to the
//! first space or bracket (so operators such as `<=` and `>` are heads), `<…>` as an option
//! reference except among an `(item …)`'s arguments, where it holds the text the option
//! stands for. A run of stars after an `(item …)` or `(ruleset …)` (Ludii's mark of a default)
//! is read as a symbol, which [`crate::Description::read`] interprets. Beyond what Ludii
//! compiles, a reconstruction's placeholders (`[#]`, `[2..16]`) are read and kept as written.

use thiserror::Error;

use crate::node::{Kind, Node, Span};

/// How deeply brackets may nest before the text is refused: far beyond any description, and
/// low enough that reading never exhausts the stack.
const MAX_NESTING: usize = 200;

/// Why a text is not Ludii's language, naming the file (its label), line and column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    /// A bracket is opened and never closed.
    #[error("{label}:{line}:{column}: `{open}` is never closed (expected `{close}`)")]
    Unclosed {
        /// The text's label (its file).
        label: String,
        /// Line of the opening bracket.
        line: u32,
        /// Column of the opening bracket.
        column: u32,
        /// The opening bracket.
        open: char,
        /// The bracket that would close it.
        close: char,
    },
    /// A closing bracket that closes nothing, or not the bracket that is open.
    #[error("{label}:{line}:{column}: unexpected `{found}`{}", expected.map(|c| format!(" (expected `{c}`)")).unwrap_or_default())]
    UnexpectedClose {
        /// The text's label.
        label: String,
        /// Line of the bracket.
        line: u32,
        /// Column of the bracket.
        column: u32,
        /// The bracket found.
        found: char,
        /// The bracket that would close what is open, if anything is.
        expected: Option<char>,
    },
    /// A string whose closing quote never comes.
    #[error("{label}:{line}:{column}: unterminated string")]
    UnterminatedString {
        /// The text's label.
        label: String,
        /// Line of the opening quote.
        line: u32,
        /// Column of the opening quote.
        column: u32,
    },
    /// A character that cannot start a node here.
    #[error("{label}:{line}:{column}: unexpected character `{found}`")]
    UnexpectedCharacter {
        /// The text's label.
        label: String,
        /// Line of the character.
        line: u32,
        /// Column of the character.
        column: u32,
        /// The character.
        found: char,
    },
    /// `(` followed by no ludeme name, define name or bracket.
    #[error("{label}:{line}:{column}: expected a ludeme name after `(`")]
    MissingHead {
        /// The text's label.
        label: String,
        /// Line of the bracket.
        line: u32,
        /// Column of the bracket.
        column: u32,
    },
    /// `key:` with no value after it.
    #[error("{label}:{line}:{column}: expected a value after `{key}:`")]
    MissingValue {
        /// The text's label.
        label: String,
        /// Line of the key.
        line: u32,
        /// Column of the key.
        column: u32,
        /// The key.
        key: String,
    },
    /// `<…>` that is not `<Tag>` or `<Tag:arg>`.
    #[error("{label}:{line}:{column}: expected an option reference `<Tag>` or `<Tag:arg>`")]
    MalformedOptionReference {
        /// The text's label.
        label: String,
        /// Line of the `<`.
        line: u32,
        /// Column of the `<`.
        column: u32,
    },
    /// An integer beyond 64 bits.
    #[error("{label}:{line}:{column}: the number `{text}` is too large")]
    NumberOutOfRange {
        /// The text's label.
        label: String,
        /// Line of the number.
        line: u32,
        /// Column of the number.
        column: u32,
        /// The number as written.
        text: String,
    },
    /// Brackets nested deeper than any description needs.
    #[error("{label}:{line}:{column}: brackets nested more than {MAX_NESTING} deep")]
    TooDeep {
        /// The text's label.
        label: String,
        /// Line of the bracket too many.
        line: u32,
        /// Column of the bracket too many.
        column: u32,
    },
    /// A description whose parts are not where Ludii expects them (see
    /// [`crate::Description::read`]).
    #[error("{label}:{line}:{column}: in `({form} …)`: expected {expected}")]
    Malformed {
        /// The text's label.
        label: String,
        /// Line of the offending node.
        line: u32,
        /// Column of the offending node.
        column: u32,
        /// The form being read (`define`, `option`, `item`, `rulesets`, `useFor`…).
        form: &'static str,
        /// What was expected there.
        expected: &'static str,
    },
    /// A top-level form other than a define, option, rulesets, game, match or metadata.
    #[error("{label}:{line}:{column}: unexpected top-level `{found}`")]
    UnexpectedTopLevel {
        /// The text's label.
        label: String,
        /// Line of the form.
        line: u32,
        /// Column of the form.
        column: u32,
        /// The form, printed back.
        found: String,
    },
    /// A description with no `(game …)` or `(match …)`, or with more than one.
    #[error("{label}: expected exactly one (game …) or (match …), found {found}")]
    GameCount {
        /// The text's label.
        label: String,
        /// How many were found.
        found: usize,
    },
}

impl ReadError {
    /// Where in the text the error is; `None` for [`ReadError::GameCount`], which concerns
    /// the whole description.
    pub fn span(&self) -> Option<Span> {
        match self {
            ReadError::Unclosed { line, column, .. }
            | ReadError::UnexpectedClose { line, column, .. }
            | ReadError::UnterminatedString { line, column, .. }
            | ReadError::UnexpectedCharacter { line, column, .. }
            | ReadError::MissingHead { line, column, .. }
            | ReadError::MissingValue { line, column, .. }
            | ReadError::MalformedOptionReference { line, column, .. }
            | ReadError::NumberOutOfRange { line, column, .. }
            | ReadError::TooDeep { line, column, .. }
            | ReadError::Malformed { line, column, .. }
            | ReadError::UnexpectedTopLevel { line, column, .. } => Some(Span {
                line: *line,
                column: *column,
            }),
            ReadError::GameCount { .. } => None,
        }
    }
}

/// Reads `text` (labelled `label` in errors, usually its file name) into its top-level nodes.
///
/// # Errors
///
/// A [`ReadError`] naming the label, line and column of the first thing that is not Ludii's
/// language. Never panics, whatever the text.
pub fn parse(label: &str, text: &str) -> Result<Vec<Node>, ReadError> {
    // A byte-order mark is no part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader {
        label,
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
        depth: 0,
    };
    let nodes = reader.sequence(Context::Plain)?;
    match reader.peek() {
        None => Ok(nodes),
        Some(found) => Err(reader.unexpected_close(found, None)),
    }
}

/// What the nodes being read are inside, which decides what `<` means and what ends them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// Anywhere but the two below.
    Plain,
    /// The arguments of `(item …)`: `<` opens an option argument.
    Item,
    /// Inside an option argument `<…>`, which the first `>` closes.
    OptionArgument,
}

struct Reader<'a> {
    label: &'a str,
    chars: Vec<char>,
    at: usize,
    line: u32,
    column: u32,
    depth: usize,
}

fn is_bracket(c: char) -> bool {
    matches!(c, '(' | ')' | '{' | '}' | '[' | ']')
}

/// Characters that end a word (a symbol, number, key or head).
fn ends_word(c: char) -> bool {
    c.is_whitespace() || is_bracket(c) || matches!(c, '"' | '<' | '>' | ':')
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.at + offset).copied()
    }

    fn span(&self) -> Span {
        Span {
            line: self.line,
            column: self.column,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '/' && self.peek_at(1) == Some('/') {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else {
                break;
            }
        }
    }

    fn label(&self) -> String {
        self.label.to_owned()
    }

    fn unexpected_close(&self, found: char, expected: Option<char>) -> ReadError {
        if is_bracket(found) {
            ReadError::UnexpectedClose {
                label: self.label(),
                line: self.line,
                column: self.column,
                found,
                expected,
            }
        } else {
            ReadError::UnexpectedCharacter {
                label: self.label(),
                line: self.line,
                column: self.column,
                found,
            }
        }
    }

    fn unclosed(&self, at: Span, open: char, close: char) -> ReadError {
        ReadError::Unclosed {
            label: self.label(),
            line: at.line,
            column: at.column,
            open,
            close,
        }
    }

    /// Reads nodes until a closing bracket (left unread) or the end of the text.
    fn sequence(&mut self, context: Context) -> Result<Vec<Node>, ReadError> {
        let mut nodes = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None | Some(')' | '}' | ']') => return Ok(nodes),
                Some('>') if context == Context::OptionArgument => return Ok(nodes),
                Some(_) => nodes.push(self.node(context)?),
            }
        }
    }

    /// Reads the nodes up to `close`, which the bracket at `open_at` opened, and the bracket.
    fn enclosed(
        &mut self,
        context: Context,
        open_at: Span,
        open: char,
        close: char,
    ) -> Result<Vec<Node>, ReadError> {
        let nodes = self.sequence(context)?;
        match self.peek() {
            Some(c) if c == close => {
                self.bump();
                Ok(nodes)
            }
            None => Err(self.unclosed(open_at, open, close)),
            Some(found) => Err(self.unexpected_close(found, Some(close))),
        }
    }

    fn nest(&mut self) -> Result<(), ReadError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(ReadError::TooDeep {
                label: self.label(),
                line: self.line,
                column: self.column,
            });
        }
        Ok(())
    }

    fn node(&mut self, context: Context) -> Result<Node, ReadError> {
        let span = self.span();
        let Some(c) = self.peek() else {
            return Err(self.unexpected_close(' ', None));
        };
        let kind = match c {
            '(' => {
                self.nest()?;
                let kind = self.paren(span)?;
                self.depth -= 1;
                kind
            }
            '{' => {
                self.nest()?;
                self.bump();
                let nodes = self.enclosed(Context::Plain, span, '{', '}')?;
                self.depth -= 1;
                Kind::Array(nodes)
            }
            '[' => Kind::Completion(self.completion(span)?),
            '"' => Kind::Str(self.string(span)?),
            '<' if context == Context::Item => {
                self.nest()?;
                self.bump();
                let nodes = self.enclosed(Context::OptionArgument, span, '<', '>')?;
                self.depth -= 1;
                Kind::OptionArgument(nodes)
            }
            '<' => self.option_ref(span)?,
            _ => return self.word_node(span, context),
        };
        Ok(Node::new(kind, span))
    }

    /// `(` at `span`: a call, a define use or a group.
    fn paren(&mut self, span: Span) -> Result<Kind, ReadError> {
        self.bump();
        self.skip_blank();
        match self.peek() {
            Some('(') => Ok(Kind::Group(self.enclosed(
                Context::Plain,
                span,
                '(',
                ')',
            )?)),
            Some('"') => {
                let name_at = self.span();
                let name = self.string(name_at)?;
                let args = self.enclosed(Context::Plain, span, '(', ')')?;
                Ok(Kind::DefineUse { name, args })
            }
            Some('<') if self.option_ref_ahead() => Ok(Kind::Group(self.enclosed(
                Context::Plain,
                span,
                '(',
                ')',
            )?)),
            None => Err(self.unclosed(span, '(', ')')),
            Some(_) => {
                let mut head = String::new();
                while let Some(c) = self.peek() {
                    if c.is_whitespace() || is_bracket(c) || c == '"' || c == ':' {
                        break;
                    }
                    head.push(c);
                    self.bump();
                }
                if head.is_empty() {
                    return Err(ReadError::MissingHead {
                        label: self.label(),
                        line: span.line,
                        column: span.column,
                    });
                }
                let context = if head == "item" {
                    Context::Item
                } else {
                    Context::Plain
                };
                let args = self.enclosed(context, span, '(', ')')?;
                Ok(Kind::Call { head, args })
            }
        }
    }

    /// Whether the `<` ahead opens an option reference (`(<Tag:arg> …)` puts one in a
    /// call's head) rather than naming an operator (`(< a b)`, `(<= a b)`).
    fn option_ref_ahead(&self) -> bool {
        let is_name = |c: char| c.is_alphanumeric() || c == '_';
        let mut offset = 1;
        let mut names = 0;
        loop {
            let start = offset;
            while self.peek_at(offset).is_some_and(is_name) {
                offset += 1;
            }
            if offset == start {
                return false;
            }
            names += 1;
            match self.peek_at(offset) {
                Some(':') if names == 1 => offset += 1,
                Some('>') => return true,
                _ => return false,
            }
        }
    }

    /// A string starting at its opening quote; `\"` is a quote, other backslashes stay.
    fn string(&mut self, span: Span) -> Result<String, ReadError> {
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(ReadError::UnterminatedString {
                        label: self.label(),
                        line: span.line,
                        column: span.column,
                    });
                }
                Some('"') => return Ok(text),
                Some('\\') if self.peek() == Some('"') => {
                    self.bump();
                    text.push('"');
                }
                Some(c) => text.push(c),
            }
        }
    }

    /// `[…]`, nested brackets allowed, kept as written inside.
    fn completion(&mut self, span: Span) -> Result<String, ReadError> {
        self.bump();
        let mut depth = 1usize;
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return Err(self.unclosed(span, '[', ']')),
                Some('[') => depth += 1,
                Some(']') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(text);
                    }
                }
                Some(_) => {}
            }
            if let Some(&c) = self.chars.get(self.at - 1) {
                text.push(c);
            }
        }
    }

    fn option_ref(&mut self, span: Span) -> Result<Kind, ReadError> {
        self.bump();
        let mut inside = String::new();
        loop {
            match self.peek() {
                Some('>') => {
                    self.bump();
                    break;
                }
                Some(c) if !is_bracket(c) && c != '"' && c != '<' && c != '\n' => {
                    inside.push(c);
                    self.bump();
                }
                None => return Err(self.unclosed(span, '<', '>')),
                Some(_) => {
                    return Err(ReadError::MalformedOptionReference {
                        label: self.label(),
                        line: span.line,
                        column: span.column,
                    });
                }
            }
        }
        // Ludii reads `args:{ <size > }` as it reads `<size>`.
        let inside = inside.trim_end();
        let (tag, arg) = match inside.split_once(':') {
            Some((tag, arg)) => (tag.to_owned(), Some(arg.to_owned())),
            None => (inside.to_owned(), None),
        };
        let malformed = |name: &str| name.is_empty() || name.contains([':', ' ', '\t', '\r']);
        if malformed(&tag) || arg.as_deref().is_some_and(malformed) {
            return Err(ReadError::MalformedOptionReference {
                label: self.label(),
                line: span.line,
                column: span.column,
            });
        }
        Ok(Kind::OptionRef { tag, arg })
    }

    /// A word: a number, range, parameter or symbol, or a key followed by `:` and its value.
    fn word_node(&mut self, span: Span, context: Context) -> Result<Node, ReadError> {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if ends_word(c) || (c == '/' && self.peek_at(1) == Some('/')) {
                break;
            }
            word.push(c);
            self.bump();
        }
        if word.is_empty() {
            let found = self.peek().unwrap_or(' ');
            return Err(self.unexpected_close(found, None));
        }
        if self.peek() == Some(':') {
            self.bump();
            self.skip_blank();
            let ends_value = match self.peek() {
                None | Some(')' | '}' | ']') => true,
                Some('>') => context == Context::OptionArgument,
                Some(_) => false,
            };
            if ends_value {
                return Err(ReadError::MissingValue {
                    label: self.label(),
                    line: span.line,
                    column: span.column,
                    key: word,
                });
            }
            let value = self.node(context)?;
            return Ok(Node::new(
                Kind::Named {
                    key: word,
                    value: Box::new(value),
                },
                span,
            ));
        }
        Ok(Node::new(self.classify(word, span)?, span))
    }

    fn classify(&self, word: String, span: Span) -> Result<Kind, ReadError> {
        let too_large = || ReadError::NumberOutOfRange {
            label: self.label(),
            line: span.line,
            column: span.column,
            text: word.clone(),
        };
        if let Some(digits) = word.strip_prefix('#')
            && is_digits(digits)
        {
            return digits.parse().map(Kind::Param).map_err(|_| too_large());
        }
        if is_integer(&word) {
            return word.parse().map(Kind::Int).map_err(|_| too_large());
        }
        if let Some((from, to)) = word.split_once("..")
            && is_integer(from)
            && is_integer(to)
        {
            let from = from.parse().map_err(|_| too_large())?;
            let to = to.parse().map_err(|_| too_large())?;
            return Ok(Kind::Range { from, to });
        }
        if is_decimal(&word)
            && let Ok(value) = word.parse()
        {
            return Ok(Kind::Decimal(value));
        }
        Ok(Kind::Symbol(word))
    }
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn is_integer(text: &str) -> bool {
    is_digits(text.strip_prefix('-').unwrap_or(text))
}

fn is_decimal(text: &str) -> bool {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    unsigned
        .split_once('.')
        .is_some_and(|(whole, fraction)| is_digits(whole) && is_digits(fraction))
}
