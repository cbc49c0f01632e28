//! Tables turns written die by die over the occupied sites (Imperial, Provincial, Baralie and
//! their kin): the piece is declared without moves, `(piece "Disc" Each)`, and the play lists
//! them itself, `(forEach Die if:(!= (pips) 0) (forEach Site (sites Occupied by:Mover) BODY)
//! (then …))`, BODY moving the piece on `(site)`.
//!
//! Read as the pieces' own moves, `(forEach Die if:… BODY' (then …))` with BODY' moving the
//! piece on `(from)`, under a play of `(forEach Piece)`: the same turn as Ludii plays it. Its
//! `ForEachDie` evaluates the moves within for each die whatever they are, and
//! `(sites Occupied by:Mover)` gives each site holding a piece of the mover once, whose move
//! lifts the top piece, which is the family's one move from each place a player's pieces stand
//! on. The rewritten game keeps every node's place, so what it reads and lacks is cited where
//! the description writes it.

use ludii::{Kind, Node};

use crate::eval::is_symbol;

/// A description whose play is written die by die, as the pieces' own moves.
pub(super) struct PerDie {
    /// The game, its piece given the moves and its play choosing among them.
    pub game: Node,
    /// `(if (all DiceUsed) SIX …)`: the steps of one more move once every die is played, with
    /// the `if` it is read from (Myles, Baralie).
    pub after_dice: Option<(i64, Node)>,
}

/// `(forEach Site (sites Occupied by:Mover) BODY)`: BODY.
fn over_occupied(node: &Node) -> Option<&Node> {
    let positional: Vec<&Node> = node.positional().collect();
    match positional.as_slice() {
        [site, sites, body]
            if node.is_call("forEach")
                && node.children().len() == 3
                && is_symbol(site, "Site")
                && sites.to_string() == "(sites Occupied by:Mover)" =>
        {
            Some(body)
        }
        _ => None,
    }
}

/// `(forEach Die … (forEach Site (sites Occupied by:Mover) BODY) …)`: BODY.
fn per_die_body(node: &Node) -> Option<&Node> {
    if !node.is_call("forEach") || !node.arg(0).is_some_and(|d| is_symbol(d, "Die")) {
        return None;
    }
    over_occupied(node.arg(1)?)
}

/// Whether `node` is `(site)`.
fn is_site(node: &Node) -> bool {
    node.is_call("site") && node.children().is_empty()
}

/// `(from)`, at the place of the `(site)` it stands for.
fn from_at(site: &Node) -> Node {
    Node::new(
        Kind::Call {
            head: "from".into(),
            args: Vec::new(),
        },
        site.span,
    )
}

/// `node` with `(site)` written `(from)` where it is the site a move starts from: a track
/// site's `from:`, a move's `(from (site))` and a removal's `(move Remove (site))`. Any other
/// `(site)` is kept, and named as the reader meets it.
fn from_site(node: &Node) -> Node {
    let removal = node.is_call("move")
        && node.arg(0).is_some_and(|r| is_symbol(r, "Remove"))
        && node.children().len() == 2;
    let start = |key: Option<&str>, child: &Node| {
        let starts = is_site(child)
            && match key {
                Some(key) => key == "from" && node.is_call("trackSite"),
                None => node.is_call("from") || removal,
            };
        starts.then(|| from_at(child))
    };
    let kind = match &node.kind {
        Kind::Call { head, args } => Kind::Call {
            head: head.clone(),
            args: args
                .iter()
                .map(|arg| match &arg.kind {
                    Kind::Named { key, value } => match start(Some(key), value) {
                        Some(from) => Node::new(
                            Kind::Named {
                                key: key.clone(),
                                value: Box::new(from),
                            },
                            arg.span,
                        ),
                        None => from_site(arg),
                    },
                    _ => start(None, arg).unwrap_or_else(|| from_site(arg)),
                })
                .collect(),
        },
        Kind::DefineUse { name, args } => Kind::DefineUse {
            name: name.clone(),
            args: args.iter().map(from_site).collect(),
        },
        Kind::Group(nodes) => Kind::Group(nodes.iter().map(from_site).collect()),
        Kind::Array(nodes) => Kind::Array(nodes.iter().map(from_site).collect()),
        Kind::Named { key, value } => Kind::Named {
            key: key.clone(),
            value: Box::new(from_site(value)),
        },
        other => other.clone(),
    };
    Node::new(kind, node.span)
}

/// `node` with each target (the very node, not an equal one) replaced by its node.
pub(super) fn replaced(node: &Node, edits: &[(&Node, &Node)]) -> Node {
    if let Some((_, with)) = edits.iter().find(|(target, _)| std::ptr::eq(node, *target)) {
        return (*with).clone();
    }
    let swap = |nodes: &Vec<Node>| nodes.iter().map(|n| replaced(n, edits)).collect();
    let kind = match &node.kind {
        Kind::Call { head, args } => Kind::Call {
            head: head.clone(),
            args: swap(args),
        },
        Kind::DefineUse { name, args } => Kind::DefineUse {
            name: name.clone(),
            args: swap(args),
        },
        Kind::Group(nodes) => Kind::Group(swap(nodes)),
        Kind::Array(nodes) => Kind::Array(swap(nodes)),
        Kind::Named { key, value } => Kind::Named {
            key: key.clone(),
            value: Box::new(replaced(value, edits)),
        },
        other => other.clone(),
    };
    Node::new(kind, node.span)
}

/// The steps every `steps:` of `body` gives, when they are one whole number.
fn fixed_steps(body: &Node) -> Option<i64> {
    let mut steps = body.walk().filter_map(|n| match &n.kind {
        Kind::Named { key, value } if key == "steps" => Some(value.as_int()),
        _ => None,
    });
    let first = steps.next()??;
    steps.all(|s| s == Some(first)).then_some(first)
}

/// The description read as its pieces' own moves, when its piece has none and its play is
/// written die by die over the occupied sites; `None` otherwise.
pub(super) fn rewrite(game: &Node) -> Option<PerDie> {
    let piece = super::only_piece(game)?;
    let bare = piece.children().len() == 2 && piece.arg(1).is_some_and(|o| is_symbol(o, "Each"));
    if !bare {
        return None;
    }
    let rules = game.children().iter().find(|n| n.is_call("rules"))?;
    let play = rules.children().iter().find(|n| n.is_call("play"))?;
    let next = play
        .arg(0)
        .filter(|turn| turn.is_call("do"))
        .and_then(|turn| turn.named("next"))?;
    // `(if (all DiceUsed) (forEach Site … BODY6) PER_DIE)`: BODY6 is BODY moving a fixed
    // number of steps, the move once every die is played.
    let parts: Vec<&Node> = next.positional().collect();
    let (per_die, after_dice) = match (next.head(), parts.as_slice()) {
        (Some("if"), &[condition, six, per_die])
            if next.children().len() == 3 && condition.to_string() == "(all DiceUsed)" =>
        {
            let body = per_die_body(per_die)?;
            let six_body = over_occupied(six)?;
            let steps = fixed_steps(six_body)?;
            let as_die = six_body
                .to_string()
                .replace(&format!("steps:{steps}"), "steps:(pips)");
            if as_die != body.to_string() {
                return None;
            }
            (per_die, Some((steps, next.clone())))
        }
        _ => (next, None),
    };
    let body = per_die_body(per_die)?;
    let moves = replaced(per_die, &[(per_die.arg(1)?, &from_site(body))]);
    let mut with_moves = piece.clone();
    if let Kind::Call { args, .. } = &mut with_moves.kind {
        args.push(moves);
    }
    let for_each_piece = Node::new(
        Kind::Call {
            head: "forEach".into(),
            args: vec![Node::new(Kind::Symbol("Piece".into()), next.span)],
        },
        next.span,
    );
    let game = replaced(game, &[(piece, &with_moves), (next, &for_each_piece)]);
    Some(PerDie { game, after_dice })
}
