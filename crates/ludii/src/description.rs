//! A description's top level split into its parts: defines, the game, options, rulesets and
//! metadata, as Ludii's expander separates them before compiling.

use std::collections::BTreeMap;

use crate::node::{Kind, Node, Span};
use crate::parse::{ReadError, parse};

/// A `(define "Name" body…)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Define {
    /// The name, without quotes.
    pub name: String,
    /// The nodes the define stands for, with `#1`, `#2`… for its arguments; a define may
    /// stand for several nodes or none.
    pub body: Vec<Node>,
    /// Where the define starts.
    pub span: Span,
}

/// An `(option "Heading" <Tag> args:{<a> <b>} { (item …)… })`: one category of choices.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionCategory {
    /// The category's heading, the first half of an option's name ("Board Size").
    pub heading: String,
    /// The tag that references it: `Size` in `<Size>` and `<Size:dim>`.
    pub tag: String,
    /// The names of its arguments, in order: `dim` in `<Size:dim>`. `<Size>` is the first.
    pub arg_names: Vec<String>,
    /// Its items, in order.
    pub items: Vec<OptionItem>,
    /// Where the option starts.
    pub span: Span,
}

/// An `(item "Name" <…> <…> "description")`, with the stars that follow it.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionItem {
    /// The item's name, the second half of an option's name ("5x5").
    pub name: String,
    /// What each of the category's arguments stands for under this item, in the order of
    /// [`OptionCategory::arg_names`]; each a sequence of nodes, possibly empty.
    pub args: Vec<Vec<Node>>,
    /// The item's description.
    pub description: String,
    /// How many stars follow it. The category's default is its first item with the most.
    pub priority: usize,
    /// Where the item starts.
    pub span: Span,
}

impl OptionCategory {
    /// The item chosen when nothing is selected: the first with the most stars (Ludii's
    /// rule), `None` only for a category without items.
    pub fn default_item(&self) -> Option<&OptionItem> {
        let mut best: Option<&OptionItem> = None;
        for item in &self.items {
            if best.is_none_or(|b| item.priority > b.priority) {
                best = Some(item);
            }
        }
        best
    }

    /// The full name of `item` as rulesets and selections write it: "Heading/Item".
    pub fn option_name(&self, item: &OptionItem) -> String {
        format!("{}/{}", self.heading, item.name)
    }
}

/// A `(ruleset "Ruleset/Name (Kind)" { "Category/Item"… })`.
#[derive(Debug, Clone, PartialEq)]
pub struct Ruleset {
    /// Its heading, such as "Ruleset/Seleucid (Scholarly)".
    pub heading: String,
    /// The options it selects, each "Heading/Item".
    pub options: Vec<String>,
    /// The alternatives `variations:{…}` lists, each "Heading/Item".
    pub variations: Vec<String>,
    /// How many stars follow it.
    pub priority: usize,
    /// Where the ruleset starts.
    pub span: Span,
}

/// One entry of `(metadata (info {…}))`: `(rules "…")`, `(id "…")`, `(source "…")`…
#[derive(Debug, Clone, PartialEq)]
pub struct InfoEntry {
    /// The entry's head: `rules`, `id`, `source`, `classification`…
    pub key: String,
    /// The whole entry.
    pub node: Node,
    /// The rulesets or options (each a ruleset heading or "Heading/Item") that a
    /// `(useFor {…} …)` around the entry restricts it to; empty when it always applies.
    pub requires: Vec<String>,
}

impl InfoEntry {
    /// The entry's text: its first string argument.
    pub fn text(&self) -> Option<&str> {
        self.node.positional().find_map(Node::as_str)
    }
}

/// Whether the top-level form is a game or a match of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameForm {
    /// `(game …)`.
    Game,
    /// `(match …)`: several games played in succession, which [`Description::expand`]
    /// does not support.
    Match,
}

/// A description read and split into its parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Description {
    pub(crate) label: String,
    pub(crate) defines: BTreeMap<String, Define>,
    pub(crate) shadowed: Vec<Define>,
    pub(crate) game: Node,
    pub(crate) form: GameForm,
    pub(crate) options: Vec<OptionCategory>,
    pub(crate) rulesets: Vec<Ruleset>,
    pub(crate) metadata: Option<Node>,
    pub(crate) info: Vec<InfoEntry>,
}

struct Malformed<'a> {
    label: &'a str,
    form: &'static str,
}

impl Malformed<'_> {
    fn at(&self, span: Span, expected: &'static str) -> ReadError {
        ReadError::Malformed {
            label: self.label.to_owned(),
            line: span.line,
            column: span.column,
            form: self.form,
            expected,
        }
    }
}

/// When `entry` is a run of stars, adds them to the priority of what precedes it (`last`)
/// and says so; stars with nothing before them are malformed.
fn add_stars(
    entry: &Node,
    last: Option<&mut usize>,
    malformed: &Malformed<'_>,
    expected: &'static str,
) -> Result<bool, ReadError> {
    let Some(stars) = entry
        .as_symbol()
        .filter(|s| !s.is_empty() && s.chars().all(|c| c == '*'))
    else {
        return Ok(false);
    };
    match last {
        Some(priority) => *priority += stars.len(),
        None => return Err(malformed.at(entry.span, expected)),
    }
    Ok(true)
}

impl Description {
    /// Reads a description: its defines, its `(game …)` (or `(match …)`), its options, its
    /// rulesets and its metadata, each checked for the shape Ludii expects.
    ///
    /// # Errors
    ///
    /// A [`ReadError`] for text that does not parse, a part of the wrong shape
    /// ([`ReadError::Malformed`]), an unknown top-level form, or not exactly one game.
    pub fn read(label: &str, text: &str) -> Result<Description, ReadError> {
        let nodes = parse(label, text)?;
        let mut defines = BTreeMap::new();
        let mut shadowed = Vec::new();
        let mut games = Vec::new();
        let mut options = Vec::new();
        let mut rulesets = Vec::new();
        let mut metadata = None;
        for node in nodes {
            match node.head() {
                Some("define") => {
                    let define = read_define(label, &node)?;
                    if defines.contains_key(&define.name) {
                        shadowed.push(define);
                    } else {
                        defines.insert(define.name.clone(), define);
                    }
                }
                Some("game") => games.push((GameForm::Game, node)),
                Some("match") => games.push((GameForm::Match, node)),
                Some("option") => options.push(read_option(label, &node)?),
                Some("rulesets") => rulesets.extend(read_rulesets(label, &node)?),
                Some("metadata") if metadata.is_none() => metadata = Some(node),
                _ => {
                    return Err(ReadError::UnexpectedTopLevel {
                        label: label.to_owned(),
                        line: node.span.line,
                        column: node.span.column,
                        found: clipped(&node.to_string()),
                    });
                }
            }
        }
        if games.len() != 1 {
            return Err(ReadError::GameCount {
                label: label.to_owned(),
                found: games.len(),
            });
        }
        let (form, game) = games.remove(0);
        let info = match &metadata {
            Some(metadata) => read_info(label, metadata)?,
            None => Vec::new(),
        };
        Ok(Description {
            label: label.to_owned(),
            defines,
            shadowed,
            game,
            form,
            options,
            rulesets,
            metadata,
            info,
        })
    }

    /// The label the description was read with (its file).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The `(game …)` or `(match …)` as written, before expansion.
    pub fn game(&self) -> &Node {
        &self.game
    }

    /// Whether it is a game or a match.
    pub fn form(&self) -> GameForm {
        self.form
    }

    /// Its defines, by name.
    pub fn defines(&self) -> &BTreeMap<String, Define> {
        &self.defines
    }

    /// Defines given again under a name already defined. Ludii expands the first definition
    /// of a name, so these are never used; they are kept for reports.
    pub fn shadowed_defines(&self) -> &[Define] {
        &self.shadowed
    }

    /// Its option categories, in order.
    pub fn options(&self) -> &[OptionCategory] {
        &self.options
    }

    /// Its rulesets, in order.
    pub fn rulesets(&self) -> &[Ruleset] {
        &self.rulesets
    }

    /// Every selection the description offers: its defaults, then each ruleset in order.
    pub fn selections(&self) -> Vec<crate::Selection> {
        let mut selections = vec![crate::Selection::Defaults];
        selections.extend(
            self.rulesets
                .iter()
                .map(|r| crate::Selection::Ruleset(r.heading.clone())),
        );
        selections
    }

    /// The ruleset whose heading is `heading`.
    pub fn ruleset(&self, heading: &str) -> Option<&Ruleset> {
        self.rulesets.iter().find(|r| r.heading == heading)
    }

    /// The `(metadata …)` as written.
    pub fn metadata(&self) -> Option<&Node> {
        self.metadata.as_ref()
    }

    /// Every `(info …)` entry, with the rulesets or options each is restricted to.
    pub fn info(&self) -> &[InfoEntry] {
        &self.info
    }

    /// The text of the first unrestricted info entry `key`.
    pub fn info_text(&self, key: &str) -> Option<&str> {
        self.info
            .iter()
            .filter(|e| e.key == key && e.requires.is_empty())
            .find_map(InfoEntry::text)
    }

    /// The game's name: the string after `(game`.
    pub fn name(&self) -> Option<&str> {
        self.game.arg(0).and_then(Node::as_str)
    }

    /// The DLP's id of the game's own ruleset (`(id "…")` outside any `useFor`).
    pub fn id(&self) -> Option<&str> {
        self.info_text("id")
    }

    /// The classification, such as "board/sow/two rows".
    pub fn classification(&self) -> Option<&str> {
        self.info_text("classification")
    }

    /// The rules as the metadata states them, outside any `useFor`.
    pub fn rules_text(&self) -> Option<&str> {
        self.info_text("rules")
    }

    /// The source the rules are taken from, outside any `useFor`.
    pub fn source(&self) -> Option<&str> {
        self.info_text("source")
    }

    /// How many players the game has under its default options (see
    /// [`crate::Expanded::players`]); `None` when it does not expand or does not say.
    pub fn players(&self) -> Option<usize> {
        self.expand(&crate::Selection::Defaults).ok()?.players()
    }
}

/// At most 80 characters of `text`, for error messages.
fn clipped(text: &str) -> String {
    let mut out: String = text.chars().take(80).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

fn read_define(label: &str, node: &Node) -> Result<Define, ReadError> {
    let malformed = Malformed {
        label,
        form: "define",
    };
    let mut args = node.children().iter();
    let name = args
        .next()
        .and_then(Node::as_str)
        .ok_or_else(|| malformed.at(node.span, "a quoted name"))?;
    Ok(Define {
        name: name.to_owned(),
        body: args.cloned().collect(),
        span: node.span,
    })
}

fn read_option(label: &str, node: &Node) -> Result<OptionCategory, ReadError> {
    let malformed = Malformed {
        label,
        form: "option",
    };
    let children = node.children();
    let heading = children
        .first()
        .and_then(Node::as_str)
        .ok_or_else(|| malformed.at(node.span, "a quoted heading"))?;
    let tag = match children.get(1).map(|n| &n.kind) {
        Some(Kind::OptionRef { tag, arg: None }) => tag.clone(),
        _ => return Err(malformed.at(node.span, "a tag `<Tag>` after the heading")),
    };
    let arg_list = node
        .named("args")
        .and_then(Node::as_array)
        .ok_or_else(|| malformed.at(node.span, "`args:{<a> …}`"))?;
    let mut arg_names = Vec::new();
    for arg in arg_list {
        match &arg.kind {
            Kind::OptionRef { tag, arg: None } => arg_names.push(tag.clone()),
            _ => return Err(malformed.at(arg.span, "an argument name `<a>`")),
        }
    }
    let item_list = node
        .positional()
        .find_map(Node::as_array)
        .ok_or_else(|| malformed.at(node.span, "a list of items `{(item …) …}`"))?;
    let mut items: Vec<OptionItem> = Vec::new();
    for entry in item_list {
        let last = items.last_mut().map(|item| &mut item.priority);
        if add_stars(entry, last, &malformed, "stars after an item")? {
            continue;
        }
        items.push(read_item(label, entry, arg_names.len())?);
    }
    Ok(OptionCategory {
        heading: heading.to_owned(),
        tag,
        arg_names,
        items,
        span: node.span,
    })
}

fn read_item(label: &str, node: &Node, arg_count: usize) -> Result<OptionItem, ReadError> {
    let malformed = Malformed {
        label,
        form: "item",
    };
    if !node.is_call("item") {
        return Err(malformed.at(node.span, "an `(item \"Name\" <…> … \"description\")`"));
    }
    let children = node.children();
    let name = children
        .first()
        .and_then(Node::as_str)
        .ok_or_else(|| malformed.at(node.span, "a quoted name"))?;
    let mut args = Vec::new();
    let mut description = None;
    for child in &children[1..] {
        match &child.kind {
            Kind::OptionArgument(nodes) if description.is_none() => args.push(nodes.clone()),
            Kind::Str(text) if description.is_none() => description = Some(text.clone()),
            _ => {
                return Err(malformed.at(
                    child.span,
                    "option arguments `<…>` and then a quoted description",
                ));
            }
        }
    }
    if args.len() > arg_count {
        return Err(malformed.at(node.span, "no more arguments than the option's `args:`"));
    }
    let description =
        description.ok_or_else(|| malformed.at(node.span, "a quoted description last"))?;
    Ok(OptionItem {
        name: name.to_owned(),
        args,
        description,
        priority: 0,
        span: node.span,
    })
}

fn strings(label: &str, form: &'static str, node: &Node) -> Result<Vec<String>, ReadError> {
    let malformed = Malformed { label, form };
    match &node.kind {
        Kind::Str(text) => Ok(vec![text.clone()]),
        Kind::Array(nodes) => nodes
            .iter()
            .map(|n| {
                n.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| malformed.at(n.span, "quoted names"))
            })
            .collect(),
        _ => Err(malformed.at(node.span, "a quoted name or a list of them")),
    }
}

fn read_rulesets(label: &str, node: &Node) -> Result<Vec<Ruleset>, ReadError> {
    let malformed = Malformed {
        label,
        form: "rulesets",
    };
    let list = match node.children() {
        [list] => list
            .as_array()
            .ok_or_else(|| malformed.at(list.span, "a list `{(ruleset …) …}`"))?,
        _ => return Err(malformed.at(node.span, "one list `{(ruleset …) …}`")),
    };
    let mut rulesets: Vec<Ruleset> = Vec::new();
    for entry in list {
        let last = rulesets.last_mut().map(|ruleset| &mut ruleset.priority);
        if add_stars(entry, last, &malformed, "stars after a ruleset")? {
            continue;
        }
        let malformed = Malformed {
            label,
            form: "ruleset",
        };
        if !entry.is_call("ruleset") {
            return Err(malformed.at(entry.span, "a `(ruleset \"Heading\" {…})`"));
        }
        let heading = entry
            .arg(0)
            .and_then(Node::as_str)
            .ok_or_else(|| malformed.at(entry.span, "a quoted heading"))?;
        let options = match entry.arg(1) {
            Some(list) => strings(label, "ruleset", list)?,
            None => Vec::new(),
        };
        if entry.arg(2).is_some() {
            return Err(malformed.at(entry.span, "a heading and one list of options"));
        }
        let variations = match entry.named("variations") {
            Some(list) => strings(label, "ruleset", list)?,
            None => Vec::new(),
        };
        rulesets.push(Ruleset {
            heading: heading.to_owned(),
            options,
            variations,
            priority: 0,
            span: entry.span,
        });
    }
    Ok(rulesets)
}

/// The entries of `(info …)` in a metadata node, with their `useFor` restrictions.
pub(crate) fn read_info(label: &str, metadata: &Node) -> Result<Vec<InfoEntry>, ReadError> {
    let mut entries = Vec::new();
    for part in metadata.children().iter().filter(|n| n.is_call("info")) {
        for child in part.children() {
            match child.as_array() {
                Some(list) => {
                    for entry in list {
                        info_entry(label, entry, &[], &mut entries)?;
                    }
                }
                None => info_entry(label, child, &[], &mut entries)?,
            }
        }
    }
    Ok(entries)
}

fn info_entry(
    label: &str,
    node: &Node,
    requires: &[String],
    out: &mut Vec<InfoEntry>,
) -> Result<(), ReadError> {
    let malformed = Malformed {
        label,
        form: "info",
    };
    match node.head() {
        Some("useFor") => {
            let (condition, entries) = node
                .children()
                .split_first()
                .ok_or_else(|| malformed.at(node.span, "`(useFor {\"…\"} entries…)`"))?;
            let mut all = requires.to_vec();
            all.extend(strings(label, "useFor", condition)?);
            for entry in entries {
                info_entry(label, entry, &all, out)?;
            }
        }
        Some(key) => out.push(InfoEntry {
            key: key.to_owned(),
            node: node.clone(),
            requires: requires.to_vec(),
        }),
        None => return Err(malformed.at(node.span, "entries `(key \"…\")`")),
    }
    Ok(())
}
