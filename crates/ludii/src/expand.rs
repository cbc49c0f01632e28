//! A description expanded for one selection of options, as Ludii's expander does before it
//! compiles: option references replaced by the chosen items' arguments, defines replaced by
//! their bodies with their arguments, ranges spread out, doubled brackets dropped, and the
//! metadata reduced to what applies to the selection.
//!
//! Ludii expands text; this expands the tree, in the same order: options first, everywhere;
//! then defines, in passes, each pass taking the defines expansion has put in place and then
//! replacing every outermost use by the body with the arguments as written, until no use is
//! left. Ludii's rules are kept:
//! - a define is used as `("Name" args…)`, or as the bare string `"Name"` wherever it stands
//!   (with no arguments); the string after `(game`, `(match` or `(instance` is never a use;
//! - a missing argument, or `~` in its place, leaves nothing where its `#n` stood;
//! - `<Tag>` is the chosen item's first argument;
//! - a category's default is its first item with the most stars; a ruleset's heading counts as
//!   active for `useFor` when it is selected, or when the options in force are all its own
//!   (Ludii's automatic choice of the first such ruleset);
//! - `m..n` becomes every integer from `m` to `n` (`m..m` gives `m` twice, as in Ludii);
//! - parentheses opening on a parenthesis, `((…) …)`, are dropped and their contents kept;
//! - in-file defines are expanded in the metadata too, Ludii's library defines only in the
//!   game;
//! - a define given more arguments than it uses ignores the rest, and the first definition
//!   of a name is the one used (later ones are [`Description::shadowed_defines`]);
//! - a define written inside another define's body (as an option may put it there) comes
//!   into being where that body is used, with that use's arguments in place of its `#n`.
//!
//! On every vendored description Ludii's own expander accepts, the expansion prints the same
//! as Ludii's (`tests/ludii-expansions.tsv`).
//!
//! Ludii's expander has no conditional of its own: `(if …)` in a define is a ludeme like any
//! other. Where Ludii stops replacing options once a chosen item has no arguments at all,
//! this expander goes on (no vendored description has such an item). A ruleset's
//! `variations:` are listed ([`crate::Ruleset::variations`]) but a [`Selection::Ruleset`]
//! takes the ruleset's own options; select variations through [`Selection::Options`].
//!
//! Ludii's library of defines (its `def/` folder) is not shipped with the descriptions; a use
//! of one of [`LIBRARY_DEFINES`] stays in the expansion as a [`Kind::DefineUse`] and is listed
//! in [`Expanded::library_defines`].

use std::collections::{BTreeMap, BTreeSet};

use thiserror::Error;

use crate::description::{Description, GameForm, InfoEntry, OptionCategory, OptionItem, read_info};
use crate::node::{Kind, Node, Span};
use crate::parse::ReadError;

/// How deeply options may stand for other options before the expansion is taken for a cycle.
const MAX_DEPTH: usize = 64;

/// How many passes of define expansion may still find a define to expand before the
/// expansion is taken for a cycle (Ludii allows a thousand; no vendored description needs
/// more than seven).
const MAX_PASSES: usize = 100;

/// How many nodes the bodies and options put in place during an expansion may add up to
/// before it is refused as runaway (the largest vendored expansion has about 4,000 nodes).
const MAX_NODES: usize = 200_000;

/// The defines of Ludii's own library (its `Common/res/def/`) that vendored descriptions use
/// without defining them, called (`("HandEmpty" Mover)`) or bare (`(piece "Marker" Each
/// "StepToEmpty")`). Their bodies are Ludii's, under a licence that does not allow shipping
/// them here, so a use is kept unexpanded, as a [`Kind::DefineUse`], and reported; any other
/// call of an unknown define is an error.
pub const LIBRARY_DEFINES: &[&str] = &[
    "HandEmpty",
    "HopCapture",
    "IsInCheck",
    "KnightWalk",
    "NewTurn",
    "NoMoves",
    "NoSites",
    "SameTurn",
    "StepDiagonalToEmpty",
    "StepForwardToEmpty",
    "StepForwardsToEmpty",
    "StepToEmpty",
];

/// Which options a description is expanded under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// Every category's default item.
    Defaults,
    /// The options of the ruleset with this heading ("Ruleset/Seleucid (Scholarly)"), each
    /// category it does not name at its default.
    Ruleset(String),
    /// These options, each "Heading/Item"; categories not named at their defaults.
    Options(Vec<String>),
}

/// A description expanded for one selection.
#[derive(Debug, Clone, PartialEq)]
pub struct Expanded {
    /// The `(game …)` with every option reference, define and range expanded.
    pub game: Node,
    /// The metadata, expanded, with each `useFor` replaced by its entries when it applies
    /// and removed when it does not.
    pub metadata: Option<Node>,
    /// The info entries that apply, in order, each with the restriction it had.
    pub info: Vec<InfoEntry>,
    /// The options in force, each "Heading/Item", in the order of the categories.
    pub options: Vec<String>,
    /// The ruleset in force: the one selected, or the first whose options are all in force.
    pub ruleset: Option<String>,
    /// The uses of Ludii's library defines left in `game`.
    pub library_defines: BTreeSet<String>,
}

impl Expanded {
    /// The text of info entry `key`, preferring one restricted to this selection (a
    /// ruleset's own rules, id or source) to the game's.
    pub fn info_text(&self, key: &str) -> Option<&str> {
        let mut entries = self.info.iter().filter(|e| e.key == key);
        let restricted = entries
            .clone()
            .filter(|e| !e.requires.is_empty())
            .find_map(InfoEntry::text);
        restricted.or_else(|| entries.find_map(InfoEntry::text))
    }

    /// The game's name.
    pub fn name(&self) -> Option<&str> {
        self.game.arg(0).and_then(Node::as_str)
    }

    /// The DLP id of the ruleset in force (its own `useFor` id if it has one).
    pub fn id(&self) -> Option<&str> {
        self.info_text("id")
    }

    /// The rules text of the ruleset in force.
    pub fn rules_text(&self) -> Option<&str> {
        self.info_text("rules")
    }

    /// The source of the ruleset in force.
    pub fn source(&self) -> Option<&str> {
        self.info_text("source")
    }

    /// The classification.
    pub fn classification(&self) -> Option<&str> {
        self.info_text("classification")
    }

    /// How many players: `(players N)`, or the number of players listed in
    /// `(players {(player …) …})`.
    pub fn players(&self) -> Option<usize> {
        let players = self.game.children().iter().find(|n| n.is_call("players"))?;
        match players.arg(0) {
            Some(node) => match &node.kind {
                Kind::Int(count) => usize::try_from(*count).ok(),
                Kind::Array(list) => Some(list.iter().filter(|n| n.is_call("player")).count()),
                _ => None,
            },
            None => None,
        }
    }
}

/// Why a description cannot be expanded for a selection. Errors in the text name the
/// description's label, line and column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExpandError {
    /// The description is a `(match …)` of several games, which is not supported.
    #[error("{label}: a (match …) of several games is not supported")]
    Match {
        /// The description's label.
        label: String,
    },
    /// The selection names a ruleset the description does not have.
    #[error("{label}: no ruleset \"{heading}\"")]
    UnknownRuleset {
        /// The description's label.
        label: String,
        /// The heading asked for.
        heading: String,
    },
    /// The selection (or a ruleset) names an option the description does not have.
    #[error("{label}: no option \"{option}\"")]
    UnknownOption {
        /// The description's label.
        label: String,
        /// The option asked for, "Heading/Item".
        option: String,
    },
    /// The selection names two items of one category.
    #[error("{label}: two options of the category \"{heading}\" are selected")]
    ConflictingOptions {
        /// The description's label.
        label: String,
        /// The category's heading.
        heading: String,
    },
    /// `<Tag>` names no option category.
    #[error("{label}:{line}:{column}: <{tag}> names no option")]
    UnknownOptionTag {
        /// The description's label.
        label: String,
        /// Line of the reference.
        line: u32,
        /// Column of the reference.
        column: u32,
        /// The tag.
        tag: String,
    },
    /// `<Tag:arg>` names no argument of the option.
    #[error("{label}:{line}:{column}: the option <{tag}> has no argument <{arg}>")]
    UnknownOptionArgument {
        /// The description's label.
        label: String,
        /// Line of the reference.
        line: u32,
        /// Column of the reference.
        column: u32,
        /// The tag.
        tag: String,
        /// The argument.
        arg: String,
    },
    /// The chosen item gives no value for the argument referenced.
    #[error("{label}:{line}:{column}: the item \"{item}\" of <{tag}> gives no argument {index}")]
    ItemLacksArgument {
        /// The description's label.
        label: String,
        /// Line of the reference.
        line: u32,
        /// Column of the reference.
        column: u32,
        /// The tag.
        tag: String,
        /// The item chosen.
        item: String,
        /// The argument's position, from 1.
        index: usize,
    },
    /// `("Name" …)` names no define of the description and none of [`LIBRARY_DEFINES`].
    #[error("{label}:{line}:{column}: (\"{name}\" …) names no define")]
    UnknownDefine {
        /// The description's label.
        label: String,
        /// Line of the use.
        line: u32,
        /// Column of the use.
        column: u32,
        /// The name.
        name: String,
    },
    /// A define (or option) used within itself: defines still to expand after a hundred
    /// passes, or options standing for options 64 deep.
    #[error("{label}:{line}:{column}: \"{name}\" expands within itself")]
    Cycle {
        /// The description's label.
        label: String,
        /// Line of the innermost use.
        line: u32,
        /// Column of the innermost use.
        column: u32,
        /// The define's name (or the option's tag).
        name: String,
    },
    /// The expansion grows beyond any description's size.
    #[error("{label}: the expansion has more than {MAX_NODES} nodes")]
    TooLarge {
        /// The description's label.
        label: String,
    },
    /// `#n` outside a define.
    #[error("{label}:{line}:{column}: #{index} outside a define")]
    StrayParameter {
        /// The description's label.
        label: String,
        /// Line of the parameter.
        line: u32,
        /// Column of the parameter.
        column: u32,
        /// Its number.
        index: u32,
    },
    /// `key:` whose value expands to nothing (a missing define argument or an empty option).
    #[error("{label}:{line}:{column}: the value of `{key}:` expands to nothing")]
    EmptyNamedValue {
        /// The description's label.
        label: String,
        /// Line of the named argument.
        line: u32,
        /// Column of the named argument.
        column: u32,
        /// The key.
        key: String,
    },
    /// `useFor` names an option or ruleset the description does not have.
    #[error("{label}:{line}:{column}: useFor names no option or ruleset \"{name}\"")]
    UnknownRequirement {
        /// The description's label.
        label: String,
        /// Line of the `useFor`.
        line: u32,
        /// Column of the `useFor`.
        column: u32,
        /// The name.
        name: String,
    },
    /// The expanded metadata no longer has the shape of metadata.
    #[error(transparent)]
    Metadata(#[from] ReadError),
}

impl ExpandError {
    /// Where in the description the error is; `None` for errors of the selection or of the
    /// whole description.
    pub fn span(&self) -> Option<Span> {
        match self {
            ExpandError::UnknownOptionTag { line, column, .. }
            | ExpandError::UnknownOptionArgument { line, column, .. }
            | ExpandError::ItemLacksArgument { line, column, .. }
            | ExpandError::UnknownDefine { line, column, .. }
            | ExpandError::Cycle { line, column, .. }
            | ExpandError::StrayParameter { line, column, .. }
            | ExpandError::EmptyNamedValue { line, column, .. }
            | ExpandError::UnknownRequirement { line, column, .. } => Some(Span {
                line: *line,
                column: *column,
            }),
            ExpandError::Metadata(error) => error.span(),
            ExpandError::Match { .. }
            | ExpandError::UnknownRuleset { .. }
            | ExpandError::UnknownOption { .. }
            | ExpandError::ConflictingOptions { .. }
            | ExpandError::TooLarge { .. } => None,
        }
    }
}

impl Description {
    /// The description expanded under `selection`.
    ///
    /// # Errors
    ///
    /// An [`ExpandError`]: a match, a selection naming what the description lacks, or a
    /// located reference to a define, option or argument that names nothing, a cycle, or a
    /// stray parameter.
    pub fn expand(&self, selection: &Selection) -> Result<Expanded, ExpandError> {
        if self.form == GameForm::Match {
            return Err(ExpandError::Match {
                label: self.label.clone(),
            });
        }
        let (selected, chosen_ruleset) = match selection {
            Selection::Defaults => (Vec::new(), None),
            Selection::Options(options) => (options.clone(), None),
            Selection::Ruleset(heading) => {
                let ruleset = self
                    .ruleset(heading)
                    .ok_or_else(|| ExpandError::UnknownRuleset {
                        label: self.label.clone(),
                        heading: heading.clone(),
                    })?;
                (ruleset.options.clone(), Some(ruleset.heading.clone()))
            }
        };
        let chosen = self.choose(&selected)?;
        let options: Vec<String> = chosen
            .iter()
            .map(|(category, item)| category.option_name(item))
            .collect();
        let ruleset = chosen_ruleset.or_else(|| {
            self.rulesets
                .iter()
                .find(|r| !r.options.is_empty() && r.options.iter().all(|o| options.contains(o)))
                .map(|r| r.heading.clone())
        });
        let mut expander = Expander {
            label: &self.label,
            chosen,
            defines: BTreeMap::new(),
            library_defines: BTreeSet::new(),
            produced: 0,
        };
        for define in self.defines.values() {
            let body = expander.options_in(&define.body, 0)?;
            expander.defines.insert(define.name.clone(), body);
        }
        // An option may hold defines; Ludii finds them once options are in place.
        let game = with_children(&self.game, expander.options_in(self.game.children(), 0)?);
        let metadata = match &self.metadata {
            Some(metadata) => Some(with_children(
                metadata,
                expander.options_in(metadata.children(), 0)?,
            )),
            None => None,
        };
        let (game, metadata) = expander.expand_defines(game, metadata)?;
        let game = expander.finish_call(&game, Place::Game)?;
        let (metadata, info) = match metadata {
            Some(metadata) => {
                let expanded = expander.finish_call(&metadata, Place::Metadata)?;
                let active =
                    |name: &String| options.contains(name) || ruleset.as_ref() == Some(name);
                self.check_requirements(&expanded)?;
                let info = read_info(&self.label, &expanded)?
                    .into_iter()
                    .filter(|entry| entry.requires.iter().all(active))
                    .collect();
                let metadata = resolve_use_for(&expanded, &active).into_iter().next();
                (metadata, info)
            }
            None => (None, Vec::new()),
        };
        Ok(Expanded {
            game,
            metadata,
            info,
            options,
            ruleset,
            library_defines: expander.library_defines,
        })
    }

    /// Each category with its chosen item: the one `selected` names, else its default.
    fn choose(
        &self,
        selected: &[String],
    ) -> Result<Vec<(&OptionCategory, &OptionItem)>, ExpandError> {
        let mut used = vec![false; selected.len()];
        let mut chosen = Vec::new();
        for category in &self.options {
            let mut pick = None;
            for item in &category.items {
                let name = category.option_name(item);
                if let Some(at) = selected.iter().position(|s| *s == name) {
                    if pick.is_some() {
                        return Err(ExpandError::ConflictingOptions {
                            label: self.label.clone(),
                            heading: category.heading.clone(),
                        });
                    }
                    used[at] = true;
                    pick = Some(item);
                }
            }
            if let Some(item) = pick.or_else(|| category.default_item()) {
                chosen.push((category, item));
            }
        }
        if let Some(at) = used.iter().position(|u| !u) {
            return Err(ExpandError::UnknownOption {
                label: self.label.clone(),
                option: selected[at].clone(),
            });
        }
        Ok(chosen)
    }

    /// Every `useFor` names an option or ruleset of the description, as Ludii requires.
    fn check_requirements(&self, metadata: &Node) -> Result<(), ExpandError> {
        for node in metadata.walk().filter(|n| n.is_call("useFor")) {
            let Some(condition) = node.children().first() else {
                continue;
            };
            let names: Vec<&str> = match &condition.kind {
                Kind::Str(name) => vec![name],
                Kind::Array(list) => list.iter().filter_map(Node::as_str).collect(),
                _ => Vec::new(),
            };
            for name in names {
                let is_option = self
                    .options
                    .iter()
                    .any(|c| c.items.iter().any(|i| c.option_name(i) == name));
                if !is_option && self.ruleset(name).is_none() {
                    return Err(ExpandError::UnknownRequirement {
                        label: self.label.clone(),
                        line: node.span.line,
                        column: node.span.column,
                        name: name.to_owned(),
                    });
                }
            }
        }
        Ok(())
    }
}

/// Where the nodes being expanded are, which decides whether library defines apply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Game,
    Metadata,
}

struct Expander<'a> {
    label: &'a str,
    /// Each category, in order, with its chosen item.
    chosen: Vec<(&'a OptionCategory, &'a OptionItem)>,
    /// Each define's body with its option references already replaced.
    defines: BTreeMap<String, Vec<Node>>,
    library_defines: BTreeSet<String>,
    produced: usize,
}

/// `node` with `children` in place of its own.
fn with_children(node: &Node, children: Vec<Node>) -> Node {
    let kind = match &node.kind {
        Kind::Call { head, .. } => Kind::Call {
            head: head.clone(),
            args: children,
        },
        Kind::DefineUse { name, .. } => Kind::DefineUse {
            name: name.clone(),
            args: children,
        },
        Kind::Group(_) => Kind::Group(children),
        Kind::Array(_) => Kind::Array(children),
        Kind::OptionArgument(_) => Kind::OptionArgument(children),
        other => other.clone(),
    };
    Node::new(kind, node.span)
}

impl<'a> Expander<'a> {
    fn cycle(&self, span: Span, name: &str) -> ExpandError {
        ExpandError::Cycle {
            label: self.label.to_owned(),
            line: span.line,
            column: span.column,
            name: name.to_owned(),
        }
    }

    /// `nodes` with every option reference replaced by the chosen item's argument.
    fn options_in(&mut self, nodes: &[Node], depth: usize) -> Result<Vec<Node>, ExpandError> {
        let mut out = Vec::with_capacity(nodes.len());
        for node in nodes {
            match &node.kind {
                Kind::OptionRef { tag, arg } => {
                    if depth >= MAX_DEPTH {
                        return Err(self.cycle(node.span, tag));
                    }
                    let value = self.option_value(node.span, tag, arg.as_deref())?;
                    self.count(value.len())?;
                    out.extend(self.options_in(value, depth + 1)?);
                }
                _ => {
                    let label = self.label;
                    out.extend(rebuild(label, node, |c| self.options_in(c, depth))?);
                }
            }
        }
        Ok(out)
    }

    /// What `<tag>` or `<tag:arg>` stands for. Several categories may share a tag: as in
    /// Ludii, which replaces each category's references in turn, the first category in
    /// order whose chosen item gives that argument wins.
    fn option_value(
        &self,
        span: Span,
        tag: &str,
        arg: Option<&str>,
    ) -> Result<&'a [Node], ExpandError> {
        let mut error = ExpandError::UnknownOptionTag {
            label: self.label.to_owned(),
            line: span.line,
            column: span.column,
            tag: tag.to_owned(),
        };
        for &(category, item) in self.chosen.iter().filter(|(c, _)| c.tag == tag) {
            let index = match arg {
                None => Some(0),
                Some(arg) => category.arg_names.iter().position(|name| name == arg),
            };
            match index {
                Some(index) => match item.args.get(index) {
                    Some(value) => return Ok(value),
                    None => {
                        error = ExpandError::ItemLacksArgument {
                            label: self.label.to_owned(),
                            line: span.line,
                            column: span.column,
                            tag: tag.to_owned(),
                            item: item.name.clone(),
                            index: index + 1,
                        };
                    }
                },
                None if matches!(error, ExpandError::UnknownOptionTag { .. }) => {
                    error = ExpandError::UnknownOptionArgument {
                        label: self.label.to_owned(),
                        line: span.line,
                        column: span.column,
                        tag: tag.to_owned(),
                        arg: arg.unwrap_or_default().to_owned(),
                    };
                }
                None => {}
            }
        }
        Err(error)
    }

    /// `node` without the defines it holds, which join the description's own unless one of
    /// that name is already known.
    fn take_defines(&mut self, node: Node) -> Node {
        let mut found = Vec::new();
        let node = without_defines(node, &mut found);
        for (name, body) in found {
            self.defines.entry(name).or_insert(body);
        }
        node
    }

    fn count(&mut self, nodes: usize) -> Result<(), ExpandError> {
        self.produced += nodes;
        if self.produced > MAX_NODES {
            return Err(ExpandError::TooLarge {
                label: self.label.to_owned(),
            });
        }
        Ok(())
    }

    /// `nodes` with each `#n` replaced by `args[n - 1]` (nothing when it is missing or `~`).
    fn substitute(&self, nodes: &[Node], args: &[Node]) -> Result<Vec<Node>, ExpandError> {
        let mut out = Vec::with_capacity(nodes.len());
        for node in nodes {
            match &node.kind {
                Kind::Param(index) => {
                    let arg = usize::try_from(*index)
                        .ok()
                        .and_then(|i| i.checked_sub(1))
                        .and_then(|i| args.get(i));
                    if let Some(arg) = arg
                        && arg.as_symbol() != Some("~")
                    {
                        out.push(arg.clone());
                    }
                }
                _ => out.extend(rebuild(self.label, node, |c| self.substitute(c, args))?),
            }
        }
        Ok(out)
    }

    /// `roots` with every use of a define expanded, in passes as Ludii does: each pass first
    /// takes the defines that expansion has put in place (the first of a name is kept), then
    /// replaces each outermost use by the define's body with its arguments; passes go on
    /// until none is left. A define written inside another's body so takes that body's
    /// arguments at the use that puts it in place.
    fn expand_defines(
        &mut self,
        mut game: Node,
        mut metadata: Option<Node>,
    ) -> Result<(Node, Option<Node>), ExpandError> {
        let mut last_use = (Span::default(), String::new());
        for _ in 0..=MAX_PASSES {
            game = self.take_defines(game);
            metadata = metadata.map(|m| self.take_defines(m));
            let mut first_use = None;
            game = self.define_pass_call(&game, &mut first_use)?;
            if let Some(m) = &metadata {
                metadata = Some(self.define_pass_call(m, &mut first_use)?);
            }
            match first_use {
                None => return Ok((game, metadata)),
                Some(used) => last_use = used,
            }
        }
        Err(self.cycle(last_use.0, &last_use.1))
    }

    /// `nodes` with each outermost use of a known define replaced by its body; the first use
    /// replaced is put in `first_use`.
    fn define_pass(
        &mut self,
        nodes: &[Node],
        first_use: &mut Option<(Span, String)>,
    ) -> Result<Vec<Node>, ExpandError> {
        let mut out = Vec::with_capacity(nodes.len());
        for node in nodes {
            let (name, args) = match &node.kind {
                Kind::DefineUse { name, args } => (name, args.as_slice()),
                Kind::Str(name) => (name, &[][..]),
                _ => (&String::new(), &[][..]),
            };
            if let Some(body) = self.defines.get(name) {
                let body = self.substitute(body, args)?;
                self.count(body.len())?;
                out.extend(body);
                first_use.get_or_insert_with(|| (node.span, name.clone()));
                continue;
            }
            if let Kind::Call { .. } = node.kind {
                out.push(self.define_pass_call(node, first_use)?);
                continue;
            }
            let label = self.label;
            out.extend(rebuild(label, node, |c| self.define_pass(c, first_use))?);
        }
        Ok(out)
    }

    /// A call with the outermost uses of defines among its arguments expanded.
    fn define_pass_call(
        &mut self,
        node: &Node,
        first_use: &mut Option<(Span, String)>,
    ) -> Result<Node, ExpandError> {
        let (name, rest) = node.children().split_at(named_game(node));
        let mut children = name.to_vec();
        children.extend(self.define_pass(rest, first_use)?);
        Ok(with_children(node, children))
    }

    /// A call with what Ludii does once defines are expanded done among its arguments.
    fn finish_call(&mut self, node: &Node, place: Place) -> Result<Node, ExpandError> {
        let (name, rest) = node.children().split_at(named_game(node));
        let mut children = name.to_vec();
        children.extend(self.finish(rest, place)?);
        Ok(with_children(node, children))
    }

    /// `nodes`, their defines expanded, with library defines marked, ranges spread out and
    /// doubled brackets dropped; a use of an unknown define or a stray parameter is an error.
    fn finish(&mut self, nodes: &[Node], place: Place) -> Result<Vec<Node>, ExpandError> {
        let mut out = Vec::with_capacity(nodes.len());
        for node in nodes {
            match &node.kind {
                Kind::DefineUse { name, args } => {
                    if place == Place::Game && LIBRARY_DEFINES.contains(&name.as_str()) {
                        self.library_defines.insert(name.clone());
                        let args = self.finish(args, place)?;
                        out.push(with_children(node, args));
                    } else {
                        return Err(ExpandError::UnknownDefine {
                            label: self.label.to_owned(),
                            line: node.span.line,
                            column: node.span.column,
                            name: name.clone(),
                        });
                    }
                }
                Kind::Str(text) => {
                    if place == Place::Game && LIBRARY_DEFINES.contains(&text.as_str()) {
                        self.library_defines.insert(text.clone());
                        out.push(Node::new(
                            Kind::DefineUse {
                                name: text.clone(),
                                args: Vec::new(),
                            },
                            node.span,
                        ));
                    } else {
                        out.push(node.clone());
                    }
                }
                Kind::Call { .. } => out.push(self.finish_call(node, place)?),
                Kind::Group(inner) => {
                    let mut expanded = self.finish(inner, place)?;
                    match expanded.first().and_then(Node::as_symbol) {
                        Some(head) => {
                            let head = head.to_owned();
                            expanded.remove(0);
                            out.push(Node::new(
                                Kind::Call {
                                    head,
                                    args: expanded,
                                },
                                node.span,
                            ));
                        }
                        None => out.extend(expanded),
                    }
                }

                Kind::Range { from, to } => {
                    let span = node.span;
                    let count = usize::try_from(from.abs_diff(*to)).unwrap_or(usize::MAX);
                    self.count(count.saturating_add(1))?;
                    let step = if from <= to { 1 } else { -1 };
                    let mut value = *from;
                    out.push(Node::new(Kind::Int(value), span));
                    while value != *to {
                        value += step;
                        out.push(Node::new(Kind::Int(value), span));
                    }
                    if from == to {
                        out.push(Node::new(Kind::Int(value), span));
                    }
                }
                Kind::Param(index) => {
                    return Err(ExpandError::StrayParameter {
                        label: self.label.to_owned(),
                        line: node.span.line,
                        column: node.span.column,
                        index: *index,
                    });
                }
                _ => {
                    let label = self.label;
                    out.extend(rebuild(label, node, |c| self.finish(c, place))?);
                }
            }
        }
        Ok(out)
    }
}

/// How many of a call's first arguments are its name, which is never a define's use: one
/// for `(game "Name" …)`, `(match "Name" …)` and `(instance "Name" …)`, else none.
fn named_game(node: &Node) -> usize {
    let named = matches!(node.head(), Some("game" | "match" | "instance"))
        && node
            .children()
            .first()
            .is_some_and(|a| a.as_str().is_some());
    usize::from(named)
}

/// `key:` followed by what its value expanded to: like text, a value of several nodes
/// gives the key the first and the rest follow it.
fn named(
    label: &str,
    node: &Node,
    key: &str,
    mut values: Vec<Node>,
) -> Result<Vec<Node>, ExpandError> {
    if values.is_empty() {
        return Err(ExpandError::EmptyNamedValue {
            label: label.to_owned(),
            line: node.span.line,
            column: node.span.column,
            key: key.to_owned(),
        });
    }
    let first = values.remove(0);
    let mut out = vec![Node::new(
        Kind::Named {
            key: key.to_owned(),
            value: Box::new(first),
        },
        node.span,
    )];
    out.extend(values);
    Ok(out)
}

/// `node` rebuilt from what `rewrite` makes of its children, or of a named argument's value.
fn rebuild(
    label: &str,
    node: &Node,
    mut rewrite: impl FnMut(&[Node]) -> Result<Vec<Node>, ExpandError>,
) -> Result<Vec<Node>, ExpandError> {
    match &node.kind {
        Kind::Named { key, value } => {
            named(label, node, key, rewrite(std::slice::from_ref(value))?)
        }
        _ => Ok(vec![with_children(node, rewrite(node.children())?)]),
    }
}

/// Puts `node` in `found` if it is a `(define "Name" …)`, and says whether it was.
fn take_define(node: &Node, found: &mut Vec<(String, Vec<Node>)>) -> bool {
    if node.is_call("define")
        && let Some((name, body)) = node.children().split_first()
        && let Some(name) = name.as_str()
    {
        found.push((name.to_owned(), body.to_vec()));
        return true;
    }
    false
}

/// `node` with every `(define "Name" …)` inside it removed and put in `found`.
fn without_defines(node: Node, found: &mut Vec<(String, Vec<Node>)>) -> Node {
    if !node.walk().skip(1).any(|n| n.is_call("define")) {
        return node;
    }
    let span = node.span;
    let mut children = Vec::new();
    for child in node.children() {
        if !take_define(child, found) {
            children.push(without_defines(child.clone(), found));
        }
    }
    if let Kind::Named { key, value } = node.kind {
        return Node::new(
            Kind::Named {
                key,
                value: Box::new(without_defines(*value, found)),
            },
            span,
        );
    }
    with_children(&node, children)
}

/// The metadata with each `useFor` replaced by its entries when `active` holds for all it
/// names, and removed otherwise.
fn resolve_use_for(node: &Node, active: &dyn Fn(&String) -> bool) -> Vec<Node> {
    if node.is_call("useFor") {
        let Some((condition, entries)) = node.children().split_first() else {
            return Vec::new();
        };
        let applies = match &condition.kind {
            Kind::Str(name) => active(name),
            Kind::Array(list) => list
                .iter()
                .all(|n| n.as_str().is_some_and(|s| active(&s.to_owned()))),
            _ => false,
        };
        if !applies {
            return Vec::new();
        }
        return entries
            .iter()
            .flat_map(|entry| resolve_use_for(entry, active))
            .collect();
    }
    if let Kind::Named { key, value } = &node.kind {
        let mut values = resolve_use_for(value, active);
        if values.len() == 1 {
            return vec![Node::new(
                Kind::Named {
                    key: key.clone(),
                    value: Box::new(values.remove(0)),
                },
                node.span,
            )];
        }
        return values;
    }
    let children = node
        .children()
        .iter()
        .flat_map(|child| resolve_use_for(child, active))
        .collect();
    vec![with_children(node, children)]
}
