//! The located tree of Ludii's language: what [`crate::parse`] reads and expansion returns.

use std::fmt;

/// Where a node starts in its text: 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One node of a description, with where it starts.
///
/// After expansion, nodes that came from a define or an option keep the place they were
/// written at (inside the define or the option), so an error or a report points at the text
/// that holds them.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What the node is.
    pub kind: Kind,
    /// Where it starts.
    pub span: Span,
}

/// The kinds of node Ludii's language has.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `(head args…)`: a ludeme (`sow`, `players`) or an operator (`<=`, `+`).
    Call {
        /// The ludeme's or operator's name.
        head: String,
        /// Its arguments, positional and named, in order.
        args: Vec<Node>,
    },
    /// `("Name" args…)`: a define used with arguments (or, left in an expansion, one of
    /// Ludii's library defines, whose bodies are not shipped).
    DefineUse {
        /// The define's name, without quotes.
        name: String,
        /// The arguments that replace `#1`, `#2`… in its body.
        args: Vec<Node>,
    },
    /// `((…) …)` or `(<Tag> …)`: parentheses whose head is known only once expanded. When
    /// the first element expands to a symbol, the group becomes a call with that head;
    /// otherwise Ludii drops the doubled brackets, and expansion splices the elements into
    /// the enclosing node.
    Group(Vec<Node>),
    /// `{ … }`: an array.
    Array(Vec<Node>),
    /// `"…"`: a string, with `\"` read as a quote.
    Str(String),
    /// An integer, possibly negative.
    Int(i64),
    /// A decimal number such as `0.5` or `-1.25`.
    Decimal(f64),
    /// `m..n`: a range of integers, which expansion spreads into the integers it covers.
    Range {
        /// The first integer.
        from: i64,
        /// The last integer.
        to: i64,
    },
    /// A bare symbol: `Mover`, `P1`, `True`, `N`, `All`, `~`…
    Symbol(String),
    /// `key:value`: a named argument.
    Named {
        /// The name before the colon.
        key: String,
        /// The value after it.
        value: Box<Node>,
    },
    /// `#1`, `#2`…: a define's parameter.
    Param(u32),
    /// `<Tag>` or `<Tag:arg>`: a reference to an option's argument.
    OptionRef {
        /// The option category's tag.
        tag: String,
        /// The named argument, when given (`<Tag>` means the first).
        arg: Option<String>,
    },
    /// `<…>` among an `(item …)`'s arguments: the text an option reference stands for, read
    /// as the nodes it holds (possibly none).
    OptionArgument(Vec<Node>),
    /// `[…]`: a reconstruction's placeholder for a part still to be completed (`[#]`,
    /// `[2..16]`, `[3 | #]`), kept as written between the brackets.
    Completion(String),
}

impl Node {
    /// A node of `kind` at `span`.
    pub fn new(kind: Kind, span: Span) -> Node {
        Node { kind, span }
    }

    /// The head of a call (`sow` in `(sow …)`), else `None`.
    pub fn head(&self) -> Option<&str> {
        match &self.kind {
            Kind::Call { head, .. } => Some(head),
            _ => None,
        }
    }

    /// Whether this is a call whose head is `name`.
    pub fn is_call(&self, name: &str) -> bool {
        self.head() == Some(name)
    }

    /// Every argument of a call or define use, and every element of an array or group, in
    /// order; empty for other nodes.
    pub fn children(&self) -> &[Node] {
        match &self.kind {
            Kind::Call { args, .. } | Kind::DefineUse { args, .. } => args,
            Kind::Group(nodes) | Kind::Array(nodes) | Kind::OptionArgument(nodes) => nodes,
            _ => &[],
        }
    }

    /// The positional arguments of a call (or elements of an array): the children that are
    /// not `key:value`.
    pub fn positional(&self) -> impl Iterator<Item = &Node> {
        self.children()
            .iter()
            .filter(|n| !matches!(n.kind, Kind::Named { .. }))
    }

    /// The `index`-th positional argument (0-based).
    pub fn arg(&self, index: usize) -> Option<&Node> {
        self.positional().nth(index)
    }

    /// The value of the named argument `key` (`count` in `(sow count:2)`), the first if
    /// several.
    pub fn named(&self, key: &str) -> Option<&Node> {
        self.children().iter().find_map(|n| match &n.kind {
            Kind::Named { key: k, value } if k == key => Some(&**value),
            _ => None,
        })
    }

    /// The integer this node is.
    pub fn as_int(&self) -> Option<i64> {
        match self.kind {
            Kind::Int(value) => Some(value),
            _ => None,
        }
    }

    /// The number this node is, integer or decimal.
    pub fn as_number(&self) -> Option<f64> {
        match self.kind {
            // Ludii's integers are Java ints, which a double holds exactly.
            Kind::Int(value) => Some(value as f64),
            Kind::Decimal(value) => Some(value),
            _ => None,
        }
    }

    /// The text of a string node.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Str(text) => Some(text),
            _ => None,
        }
    }

    /// The name of a bare symbol.
    pub fn as_symbol(&self) -> Option<&str> {
        match &self.kind {
            Kind::Symbol(name) => Some(name),
            _ => None,
        }
    }

    /// The elements of an array.
    pub fn as_array(&self) -> Option<&[Node]> {
        match &self.kind {
            Kind::Array(nodes) => Some(nodes),
            _ => None,
        }
    }

    /// This node and all its descendants, depth first, each before its children (a named
    /// argument's value comes after the named argument).
    pub fn walk(&self) -> Walk<'_> {
        Walk { stack: vec![self] }
    }
}

/// The iterator of [`Node::walk`].
#[derive(Debug, Clone)]
pub struct Walk<'a> {
    stack: Vec<&'a Node>,
}

impl<'a> Iterator for Walk<'a> {
    type Item = &'a Node;

    fn next(&mut self) -> Option<&'a Node> {
        let node = self.stack.pop()?;
        match &node.kind {
            Kind::Named { value, .. } => self.stack.push(value),
            _ => self.stack.extend(node.children().iter().rev()),
        }
        Some(node)
    }
}

/// Writes `text` as a Ludii string literal.
fn write_string(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in text.chars() {
        if c == '"' {
            f.write_str("\\\"")?;
        } else {
            write!(f, "{c}")?;
        }
    }
    f.write_str("\"")
}

fn write_spaced(f: &mut fmt::Formatter<'_>, nodes: &[Node]) -> fmt::Result {
    for (index, node) in nodes.iter().enumerate() {
        if index > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{node}")?;
    }
    Ok(())
}

/// Prints the node back as compact Ludii text on one line (`(sow count:2 (sites Board))`).
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Call { head, args } => {
                f.write_str("(")?;
                f.write_str(head)?;
                for arg in args {
                    write!(f, " {arg}")?;
                }
                f.write_str(")")
            }
            Kind::DefineUse { name, args } => {
                f.write_str("(")?;
                write_string(f, name)?;
                for arg in args {
                    write!(f, " {arg}")?;
                }
                f.write_str(")")
            }
            Kind::Group(nodes) => {
                f.write_str("(")?;
                write_spaced(f, nodes)?;
                f.write_str(")")
            }
            Kind::Array(nodes) => {
                f.write_str("{")?;
                write_spaced(f, nodes)?;
                f.write_str("}")
            }
            Kind::Str(text) => write_string(f, text),
            Kind::Int(value) => write!(f, "{value}"),
            Kind::Decimal(value) => write!(f, "{value:?}"),
            Kind::Range { from, to } => write!(f, "{from}..{to}"),
            Kind::Symbol(name) => f.write_str(name),
            Kind::Named { key, value } => write!(f, "{key}:{value}"),
            Kind::Param(index) => write!(f, "#{index}"),
            Kind::OptionRef { tag, arg: None } => write!(f, "<{tag}>"),
            Kind::OptionRef {
                tag,
                arg: Some(arg),
            } => write!(f, "<{tag}:{arg}>"),
            Kind::OptionArgument(nodes) => {
                f.write_str("<")?;
                write_spaced(f, nodes)?;
                f.write_str(">")
            }
            Kind::Completion(text) => write!(f, "[{text}]"),
        }
    }
}
