//! Tables games whose pieces start stacked and are unstacked before they race (Kiz Tavlasi,
//! Yahoudieh, Ofanfelling): `phases:{(phase "UnStacking" …) [(phase "Stacking" …)] (phase
//! "BearingOff" …)}`, each phase before the last handing over to the next by `(nextPhase Mover
//! …)`.
//!
//! As Ludii plays them (settled in its engine): a player's phase changes after each of its own
//! moves where the condition holds (`Game.applyInternal`, for each player the `nextPhase` whose
//! `who` is that player), so each player unstacks on its own. In a phase before the race the
//! play is `(forEach Die if:(!= (pips) 0) …)` of `(move Select (from SITE) (then …))`, SITE the
//! site v-1 steps along the mover's track from its first site (`(trackSite Move
//! from:(mapEntry "StartTrack" (mover)) steps:(- (pips) 1))`, the map giving each track's first
//! site): a die of v selects the stack on the v-th position of the track, moving nothing, and
//! its consequence sets the state of every level of the stack, `(forEach Level (last To) (set
//! State at:(last To) level:(level) K))` (`last To` of a selection is the site selected). Ludii's
//! `ForEachDie` marks the die used; `(if (not (all DiceUsed)) (moveAgain))` asks for another
//! move while a die is unused, which Ludii's forced pass answers where no stack can use it. The
//! phase hands over once no site of the mover is in the states its condition counts, and the
//! dice left of the throw are played in the next phase (`"SameTurn"` throws no new ones).
//!
//! The selection is read by evaluating it at every state a stack may be in (Ludii's default 0 at
//! the start, and those the consequences set) and every size of stack the start places: the
//! states that let a die select a stack, what it becomes, and when the phase ends; these must be
//! the family's unstacking (whole, possibly half, then undone) and restacking. The throw of each
//! phase says whether a double is played one die: Ludii's roll sets `(all DiceEqual)` from the
//! faces thrown and keeps it until the next roll (`Roll`, `ActionSetDiceAllEqual`), so `(if (or
//! (all DiceEqual) (not ("SameTurn"))) (roll))` throws anew after each die of a double, as does
//! `(then (if (all DiceEqual) (and (set Pending) (moveAgain))))` beside `(if (or (is Pending)
//! (not ("SameTurn"))) (roll))` (Ludii reboots Pending before every move). The last phase's play
//! and end are read as the game's, its `(then …)` after the choice of pieces given to the
//! pieces' dice, where Ludii's `Do` adds it to every move alike.

use std::collections::BTreeSet;

use ludii::{Kind, Node};

use crate::eval::is_symbol;

/// A description whose pieces start stacked, read as its race with the stacks' parameters.
pub(super) struct Stacked {
    /// The game with its last phase's play and end as the rules', its piece's dice given the
    /// phase's consequence.
    pub game: Node,
    /// The stacks' parameters, each with the node it is read from.
    pub reads: Vec<(&'static str, String, Node)>,
    /// The race's consequence, given to the pieces' dice.
    pub race_then: Node,
    /// The start, where the stacks stand.
    pub start: Node,
    /// Where the pieces borne off are placed again (`replace_after_race`): of each value a
    /// die may show, from 1, how many pieces the placing lets stand on the position it counts
    /// to, with the condition that says so.
    pub placing: Option<(Vec<i64>, Node)>,
}

/// What cannot be read, and where.
pub(super) type Unread = (Node, String);

/// The site a die selects, as the descriptions write it.
const SELECTED: &str = "(trackSite Move from:(mapEntry \"StartTrack\" (mover)) steps:(- (pips) 1))";
/// Another move while a die is unused.
const AGAIN: &str = "(if (not (all DiceUsed)) (moveAgain))";

fn call(head: &str, args: Vec<Node>, at: &Node) -> Node {
    Node::new(
        Kind::Call {
            head: head.into(),
            args,
        },
        at.span,
    )
}

/// The elements of `node`, an array given as one argument, or its children.
fn listed(node: &Node) -> Vec<&Node> {
    match node.arg(0).map(|n| &n.kind) {
        Some(Kind::Array(nodes)) if node.children().len() == 1 => nodes.iter().collect(),
        _ => node.positional().collect(),
    }
}

/// One phase: its name, play, and the condition and phase it hands over to, or its end.
struct Phase<'n> {
    node: &'n Node,
    play: &'n Node,
    next: Option<(&'n Node, &'n str)>,
    end: Option<&'n Node>,
}

fn phase(node: &Node) -> Option<(&str, Phase<'_>)> {
    let name = node.arg(0)?.as_str()?;
    if !node.is_call("phase") || node.children().len() != 3 {
        return None;
    }
    let play = node.arg(1).filter(|p| p.is_call("play"))?;
    let last = node.arg(2)?;
    let (next, end) = if last.is_call("end") {
        (None, Some(last))
    } else {
        let positional: Vec<&Node> = last.positional().collect();
        match positional.as_slice() {
            [who, condition, to] if last.is_call("nextPhase") && is_symbol(who, "Mover") => {
                (Some((*condition, to.as_str()?)), None)
            }
            _ => return None,
        }
    };
    Some((
        name,
        Phase {
            node,
            play,
            next,
            end,
        },
    ))
}

/// A stack as the evaluation sees it: its state and its size.
#[derive(Clone, Copy)]
struct At {
    state: i64,
    size: i64,
}

fn unread(node: &Node, what: &str) -> Unread {
    (node.clone(), format!("{what}: {}", super::Brief(node)))
}

/// An integer: a number, the selected stack's state or its size.
fn int(node: &Node, at: At, site: &str) -> Result<i64, Unread> {
    if let Some(value) = node.as_int() {
        return Ok(value);
    }
    let text = node.to_string();
    if text == format!("(state at:{site})") {
        return Ok(at.state);
    }
    if text == "(size Stack at:(last To))" {
        return Ok(at.size);
    }
    Err(unread(node, "a number the stacks' reader does not read"))
}

fn boolean(node: &Node, at: At, site: &str) -> Result<bool, Unread> {
    let args: Vec<&Node> = node.positional().collect();
    match (node.head(), args.as_slice()) {
        (Some("="), [a, b]) if node.children().len() == 2 => {
            Ok(int(a, at, site)? == int(b, at, site)?)
        }
        (Some("not"), [a]) => Ok(!boolean(a, at, site)?),
        (Some("or"), _) if !args.is_empty() => {
            let mut any = false;
            for a in listed(node) {
                any |= boolean(a, at, site)?;
            }
            Ok(any)
        }
        (Some("and"), _) if !args.is_empty() => {
            let mut all = true;
            for a in listed(node) {
                all &= boolean(a, at, site)?;
            }
            Ok(all)
        }
        _ => Err(unread(node, "a condition the stacks' reader does not read")),
    }
}

/// What a selection's consequence does: the state it sets and whether it asks for another
/// move while a die is unused.
#[derive(Default)]
struct Effect {
    state: Option<i64>,
    again: bool,
}

fn effect(node: &Node, at: At, into: &mut Effect) -> Result<(), Unread> {
    if node.to_string() == AGAIN {
        into.again = true;
        return Ok(());
    }
    let args: Vec<&Node> = node.positional().collect();
    match (node.head(), args.as_slice()) {
        (Some("and"), _) => {
            for part in listed(node) {
                effect(part, at, into)?;
            }
            Ok(())
        }
        (Some("if"), [condition, then, rest @ ..]) if rest.len() <= 1 => {
            if boolean(condition, at, SELECTED)? {
                effect(then, at, into)
            } else {
                rest.first().map_or(Ok(()), |r| effect(r, at, into))
            }
        }
        (Some("forEach"), [level, last_to, set])
            if is_symbol(level, "Level") && last_to.to_string() == "(last To)" =>
        {
            let state = set
                .children()
                .last()
                .and_then(Node::as_int)
                .filter(|_| {
                    let text = set.to_string();
                    text.starts_with("(set State at:(last To) level:(level) ")
                })
                .ok_or_else(|| unread(set, "a stack's change the stacks' reader does not read"))?;
            if into.state.replace(state).is_some() {
                return Err(unread(node, "a stack's state set twice"));
            }
            Ok(())
        }
        _ => Err(unread(
            node,
            "a consequence of a selection the stacks' reader does not read",
        )),
    }
}

/// The selections a die offers on a stack: the state each sets.
fn selections(node: &Node, at: At, by: By, into: &mut Vec<i64>) -> Result<(), Unread> {
    let args: Vec<&Node> = node.positional().collect();
    match (node.head(), args.as_slice()) {
        (Some("or"), _) => {
            for part in listed(node) {
                selections(part, at, by, into)?;
            }
            Ok(())
        }
        (Some("if"), [condition, then, rest @ ..]) if rest.len() <= 1 => {
            if boolean(condition, at, by.site())? {
                selections(then, at, by, into)
            } else {
                rest.first().map_or(Ok(()), |r| selections(r, at, by, into))
            }
        }
        (Some("move"), [select, from, then])
            if is_symbol(select, "Select")
                && from.to_string() == format!("(from {})", by.site())
                && then.is_call("then")
                && then.children().len() == 1 =>
        {
            let mut done = Effect::default();
            effect(then.arg(0).expect("one child"), at, &mut done)?;
            match (done.state, done.again) {
                (Some(state), again) if again == (by == By::Die) => {
                    into.push(state);
                    Ok(())
                }
                _ => Err(unread(
                    then,
                    "a selection that does not set the stack's state, or asks for another move otherwise than while a die is unused",
                )),
            }
        }
        _ => Err(unread(
            node,
            "a move of the stacks' phase other than a selection",
        )),
    }
}

/// What selects a stack: a die, the site its value counts to, each selection asking for
/// another move while a die is unused; or a double, any site of the mover's, its count of
/// selections asking for the next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum By {
    Die,
    Double,
}

impl By {
    fn site(self) -> &'static str {
        match self {
            By::Die => SELECTED,
            By::Double => "(site)",
        }
    }
}

/// Dubblets' double counted in `(var "Double")`: `(if (or (< 0 (var "Double")) (all
/// DiceEqual)) (do (if (>= 0 (var "Double")) (set Var "Double" (count Pips))) next:(forEach Site
/// (sites Occupied by:Mover) BODY (then (and (if (< 1 (var "Double")) (moveAgain)) (set Var
/// "Double" (- (var "Double") 1)))))) OTHERWISE)`: a double (Ludii's roll keeps `(all
/// DiceEqual)`; `(count Pips)` is the dice's sum, `State.sumDice`, which Ludii refreshes from
/// the faces thrown, not the dice used) is as many moves of BODY, on any site of the mover's,
/// as its dice add up to, the turn going on until the last; while one is left the count holds
/// over a change of phase. BODY and OTHERWISE, when `next` is this.
fn double_counted(next: &Node) -> Option<(&Node, &Node)> {
    let (condition, double, otherwise) = super::if_parts(next)?;
    let count = "(if (>= 0 (var \"Double\")) (set Var \"Double\" (count Pips)))";
    let then = "(then (and (if (< 1 (var \"Double\")) (moveAgain)) (set Var \"Double\" (- (var \"Double\") 1))))";
    let sites = double.named("next")?;
    let parts: Vec<&Node> = sites.positional().collect();
    let body = match parts.as_slice() {
        [site, occupied, body, last]
            if sites.is_call("forEach")
                && is_symbol(site, "Site")
                && occupied.to_string() == "(sites Occupied by:Mover)"
                && last.to_string() == then =>
        {
            *body
        }
        _ => return None,
    };
    (condition.to_string() == "(or (< 0 (var \"Double\")) (all DiceEqual))"
        && double.is_call("do")
        && double.children().len() == 2
        && double.arg(0).is_some_and(|c| c.to_string() == count))
    .then_some((body, otherwise))
}

/// How a phase before the race throws: whether a double is played one die (see the module).
fn stacks_throw(play: &Node) -> Result<(bool, &Node), Unread> {
    let turn = play
        .arg(0)
        .filter(|t| play.children().len() == 1 && t.is_call("do"))
        .ok_or_else(|| unread(play, "a turn of the stacks other than a throw and a die"))?;
    let positional: Vec<&Node> = turn.positional().collect();
    let next = turn
        .named("next")
        .ok_or_else(|| unread(turn, "a turn of the stacks other than a throw and a die"))?;
    let roll = positional.first().map(|r| r.to_string());
    let then = positional.get(1).map(|t| t.to_string());
    let rethrow = match (roll.as_deref(), then.as_deref(), positional.len()) {
        (Some("(if (not (\"SameTurn\")) (roll))"), None, 1) => false,
        (
            Some("(if (or (is Pending) (not (\"SameTurn\"))) (roll))"),
            Some("(then (if (all DiceEqual) (and (set Pending) (moveAgain))))"),
            2,
        ) => true,
        _ => {
            return Err(unread(
                turn,
                "a throw of the stacks' phase the reader does not read",
            ));
        }
    };
    Ok((rethrow, next))
}

/// `(= 0 (count Sites in:(forEach (sites Occupied by:Mover) if:P)))`: the states P counts.
fn counted_states(condition: &Node, states: &BTreeSet<i64>) -> Result<BTreeSet<i64>, Unread> {
    let text = condition.to_string();
    let prefix = "(= 0 (count Sites in:(forEach (sites Occupied by:Mover) if:";
    let predicate = condition
        .arg(1)
        .and_then(|count| count.named("in"))
        .and_then(|each| each.named("if"))
        .filter(|_| text.starts_with(prefix) && condition.arg(0).and_then(Node::as_int) == Some(0))
        .ok_or_else(|| unread(condition, "a phase's end the stacks' reader does not read"))?;
    let mut counted = BTreeSet::new();
    for &state in states {
        if boolean(predicate, At { state, size: 0 }, "(site)")? {
            counted.insert(state);
        }
    }
    Ok(counted)
}

/// The sizes of the stacks the start places, and whether every site gets one stack.
fn start_sizes(start: &Node) -> Option<BTreeSet<i64>> {
    let mut sizes = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for place in listed(start) {
        let stack = place.is_call("place") && place.arg(0).is_some_and(|s| is_symbol(s, "Stack"));
        let count = place.named("count").and_then(Node::as_int).unwrap_or(1);
        let owner = place.arg(1)?.as_str()?;
        let sites = place.arg(2).filter(|s| s.is_call("sites"))?.arg(0)?;
        if !stack {
            return None;
        }
        for site in sites.as_array()? {
            let range = match site.kind {
                Kind::Int(site) => site..=site,
                Kind::Range { from, to } => from.min(to)..=from.max(to),
                _ => return None,
            };
            for site in range {
                if !seen.insert((owner.to_string(), site)) {
                    return None;
                }
            }
        }
        sizes.insert(count);
    }
    Some(sizes)
}

/// Whether `(map "StartTrack" …)` gives each player the first site of its own track.
fn start_track_map(game: &Node) -> bool {
    let Some(equipment) = game.children().iter().find(|n| n.is_call("equipment")) else {
        return false;
    };
    let items: Vec<&Node> = equipment
        .positional()
        .flat_map(|n| match &n.kind {
            Kind::Array(nodes) => nodes.iter().collect(),
            _ => vec![n],
        })
        .collect();
    let first_sites: Vec<(String, i64)> = items
        .iter()
        .filter(|n| n.is_call("board"))
        .flat_map(|board| board.walk())
        .filter(|n| n.is_call("track"))
        .filter_map(|track| {
            let owner = track.arg(2)?.as_symbol()?.to_string();
            let first = match track.arg(1)?.as_array()?.first()?.kind {
                Kind::Int(site) => site,
                Kind::Range { from, .. } => from,
                _ => return None,
            };
            Some((owner, first))
        })
        .collect();
    let Some(map) = items
        .iter()
        .find(|n| n.is_call("map") && n.arg(0).and_then(Node::as_str) == Some("StartTrack"))
    else {
        return false;
    };
    let Some(pairs) = map.arg(1).and_then(Node::as_array) else {
        return false;
    };
    !pairs.is_empty()
        && pairs.len() == first_sites.len()
        && pairs.iter().all(|pair| {
            let owner = pair.arg(0).and_then(Node::as_symbol);
            let site = pair.arg(1).and_then(Node::as_int);
            pair.is_call("pair")
                && first_sites
                    .iter()
                    .any(|(o, s)| Some(o.as_str()) == owner && Some(*s) == site)
        })
}

/// The transitions a phase's selections make: for each state and size, the state a die sets,
/// or none where it selects nothing.
type Table = Vec<((i64, i64), Option<i64>)>;

fn table(next: &Node, states: &BTreeSet<i64>, sizes: &BTreeSet<i64>) -> Result<Table, Unread> {
    let positional: Vec<&Node> = next.positional().collect();
    let body = match positional.as_slice() {
        [die, body]
            if next.is_call("forEach")
                && is_symbol(die, "Die")
                && next.children().len() == 3
                && next
                    .named("if")
                    .is_some_and(|i| i.to_string() == "(!= (pips) 0)") =>
        {
            *body
        }
        _ => {
            return Err(unread(
                next,
                "a choice of the stacks' phase other than each unused die in turn",
            ));
        }
    };
    let mut table = Vec::new();
    for &state in states {
        for &size in sizes {
            let mut sets = Vec::new();
            selections(body, At { state, size }, By::Die, &mut sets)?;
            match sets.as_slice() {
                [] => table.push(((state, size), None)),
                [to] => table.push(((state, size), Some(*to))),
                _ => {
                    return Err(unread(body, "several selections of one stack with one die"));
                }
            }
        }
    }
    Ok(table)
}

/// The transitions of a double's selections of any stack (see [`double_counted`]).
fn double_table(
    body: &Node,
    states: &BTreeSet<i64>,
    sizes: &BTreeSet<i64>,
) -> Result<Table, Unread> {
    let mut table = Vec::new();
    for &state in states {
        for &size in sizes {
            let mut sets = Vec::new();
            selections(body, At { state, size }, By::Double, &mut sets)?;
            match sets.as_slice() {
                [] => table.push(((state, size), None)),
                [to] => table.push(((state, size), Some(*to))),
                _ => {
                    return Err(unread(
                        body,
                        "several selections of one stack by one double",
                    ));
                }
            }
        }
    }
    Ok(table)
}

/// The states every phase's selections may reach from Ludii's 0 at the start.
fn reachable(tables: &[(&Node, &Node)], sizes: &BTreeSet<i64>) -> Result<BTreeSet<i64>, Unread> {
    let mut states = BTreeSet::from([0]);
    loop {
        let mut grown = states.clone();
        for (next, _) in tables {
            for (_, to) in table(next, &states, sizes)? {
                grown.extend(to);
            }
        }
        if grown == states || grown.len() > 8 {
            return Ok(states);
        }
        states = grown;
    }
}

/// The family's selections: in stage `restack` or not, with stacks of `halves` undone in
/// halves, the states of whole, half and undone stacks as Ludii numbers them.
fn family_table(
    restack: bool,
    halves: i64,
    [whole, half, undone]: [i64; 3],
    states: &BTreeSet<i64>,
    sizes: &BTreeSet<i64>,
) -> Table {
    let mut table = Vec::new();
    for &state in states {
        for &size in sizes {
            let in_halves = size == halves;
            let to = match (restack, state) {
                (false, s) if s == whole => Some(if in_halves { half } else { undone }),
                (false, s) if s == half && halves > 0 => Some(undone),
                (true, s) if s == undone => Some(if in_halves { half } else { whole }),
                (true, s) if s == half && halves > 0 => Some(whole),
                _ => None,
            };
            table.push(((state, size), to));
        }
    }
    table
}

/// Reads the game's phases as stacks undone (and stacked again) before the race; `None` when
/// the game has no such phases, an error naming the part that does not read otherwise.
pub(super) fn rewrite(game: &Node) -> Option<Result<Stacked, Unread>> {
    let rules = game.children().iter().find(|n| n.is_call("rules"))?;
    let phases = rules.named("phases")?.as_array()?;
    let read: Vec<(&str, Phase<'_>)> = phases.iter().map(phase).collect::<Option<_>>()?;
    for (index, (_, phase)) in read.iter().enumerate() {
        let to = phase.next.map(|(_, to)| to);
        if to.is_some() != (index + 1 < read.len()) || to.is_some_and(|to| to != read[index + 1].0)
        {
            return None;
        }
    }
    // The phases that select stacks come first (one or two), then the race.
    let selects = |phase: &Phase<'_>| {
        phase
            .play
            .walk()
            .any(|n| n.is_call("move") && n.arg(0).is_some_and(|s| is_symbol(s, "Select")))
    };
    let count = read.iter().take_while(|(_, phase)| selects(phase)).count();
    if !(1..=2).contains(&count) || count == read.len() {
        return None;
    }
    let (stacks, rest) = read.split_at(count);
    let race = &rest[0];
    match rest {
        [_] => Some(read_stacks(game, rules, stacks, race, None)),
        // Tables Rabbatuees places the pieces borne off again.
        [_, (_, after)] => Some(read_stacks(game, rules, stacks, race, Some(after))),
        [_, _, (_, after), ..] => Some(Err(unread(
            after.node,
            "a phase after the race and its placing the family does not play",
        ))),
        [] => None,
    }
}

/// The bearing off of Tables Rabbatuees, a piece moved into its player's hand.
const TO_HAND: &str = "(move (from (from)) (to (handSite Mover)))";
/// A double's bearing off into the hand.
const DOUBLE_TO_HAND: &str = "(move (from (site)) (to (handSite Mover)))";
/// The race's end where the pieces are placed again: no piece of the mover's on the board.
const ALL_BORNE_OFF: &str = "(no Pieces Mover in:(sites Board))";
/// The placing's end: the mover's hand empty.
const HAND_EMPTY_WINS: &str = "(end (if (is Empty (handSite Mover)) (result Mover Win)))";
/// What the placing's consequence does beside asking for another move: the state of the site
/// placed on set back to 0, which nothing reads after the stacks are undone.
const STATE_BACK: &str = "(if (!= 0 (state at:(last To))) (set State at:(last To) 0))";

/// `node` with every bearing off into the hand, `(move (from (from)) (to (handSite Mover)))`,
/// written `(move Remove (from))`, each at its place: the pieces borne off wait in the hand
/// for the placing, where the family keeps them off until then; none of them moves in the
/// race, since Ludii's `(forEach Piece)` visits the board's container alone unless it names
/// another (`ForEachPiece.movesIterator`). Also gives how many it wrote.
fn removed_to_hand(node: &Node, count: &mut usize) -> Node {
    if node.to_string() == TO_HAND {
        *count += 1;
        let symbol = Node::new(Kind::Symbol("Remove".into()), node.span);
        let from = call("from", Vec::new(), node);
        return call("move", vec![symbol, from], node);
    }
    let mut out = node.clone();
    match &mut out.kind {
        Kind::Call { args, .. } | Kind::Group(args) | Kind::Array(args) => {
            for arg in args.iter_mut() {
                *arg = removed_to_hand(arg, count);
            }
        }
        Kind::Named { value, .. } => **value = removed_to_hand(value, count),
        _ => {}
    }
    out
}

/// The condition and the move of `(if C A)`, no other branch.
fn if_then(node: &Node) -> Option<(&Node, &Node)> {
    if !node.is_call("if") || node.children().len() != 2 {
        return None;
    }
    Some((node.arg(0)?, node.arg(1)?))
}

/// An integer of the placing's condition: a number, the die's value or the size of the stack
/// on the site it counts to.
fn placing_int(node: &Node, pips: i64, size: i64) -> Result<i64, Unread> {
    if let Some(value) = node.as_int() {
        return Ok(value);
    }
    let text = node.to_string();
    if text == "(pips)" {
        return Ok(pips);
    }
    if text == format!("(size Stack at:{SELECTED})") {
        return Ok(size);
    }
    Err(unread(node, "a number the placing's reader does not read"))
}

fn placing_bool(node: &Node, pips: i64, size: i64) -> Result<bool, Unread> {
    let args: Vec<&Node> = node.positional().collect();
    let ints = |a: &Node, b: &Node| {
        Ok::<_, Unread>((placing_int(a, pips, size)?, placing_int(b, pips, size)?))
    };
    match (node.head(), args.as_slice()) {
        (Some("<"), [a, b]) => ints(a, b).map(|(a, b)| a < b),
        (Some("<="), [a, b]) => ints(a, b).map(|(a, b)| a <= b),
        (Some(">"), [a, b]) => ints(a, b).map(|(a, b)| a > b),
        (Some(">="), [a, b]) => ints(a, b).map(|(a, b)| a >= b),
        (Some("="), [a, b]) => ints(a, b).map(|(a, b)| a == b),
        (Some("!="), [a, b]) => ints(a, b).map(|(a, b)| a != b),
        (Some("not"), [a]) => Ok(!placing_bool(a, pips, size)?),
        (Some("if"), [c, t, e]) => {
            if placing_bool(c, pips, size)? {
                placing_bool(t, pips, size)
            } else {
                placing_bool(e, pips, size)
            }
        }
        (Some("and"), _) if !args.is_empty() => {
            let mut all = true;
            for a in listed(node) {
                all &= placing_bool(a, pips, size)?;
            }
            Ok(all)
        }
        (Some("or"), _) if !args.is_empty() => {
            let mut any = false;
            for a in listed(node) {
                any |= placing_bool(a, pips, size)?;
            }
            Ok(any)
        }
        _ => Err(unread(
            node,
            "a condition the placing's reader does not read",
        )),
    }
}

/// The largest stack the placing's condition lets a piece onto: the size below which it holds
/// and from which it never does, up to a stack of every piece.
const PLACING_SIZES: i64 = 64;

/// Tables Rabbatuees' phase after the race, `(phase "Placing" (play (do (if (not ("SameTurn"))
/// (roll)) next:(if (not (is Empty (handSite Mover))) (forEach Die if:(!= (pips) 0) (if COND
/// (move (from (handSite Mover)) (to SELECTED))) (then (and AGAIN STATE_BACK)))))) (end (if (is
/// Empty (handSite Mover)) (result Mover Win))))`: each die places a piece from the hand on the
/// site its value counts to (as a die selects a stack) where COND holds, COND evaluated at
/// every value a die may show, 1 to 16, and every size of the stack there: of each value the
/// size below which it holds, which `check_race` holds to the start. The race's hand-over, once
/// no piece of the mover's is on the board (Ludii's `(no Pieces Mover in:(sites Board))`,
/// which its hand does not count), and the placing's end, once the hand is empty, make the
/// first to place every piece the winner.
fn read_placing(race: &Phase<'_>, placing: &Phase<'_>) -> Result<(Vec<i64>, Node), Unread> {
    let (condition, _) = race.next.expect("a phase before the placing hands over");
    if condition.to_string() != ALL_BORNE_OFF {
        return Err(unread(
            condition,
            "a race that hands over to the placing otherwise than once no piece is on the board",
        ));
    }
    match placing.end {
        Some(end) if end.to_string() == HAND_EMPTY_WINS => {}
        _ => {
            return Err(unread(
                placing.node,
                "a placing that ends otherwise than once the mover's hand is empty",
            ));
        }
    }
    let turn = placing
        .play
        .arg(0)
        .filter(|t| placing.play.children().len() == 1 && t.is_call("do"))
        .ok_or_else(|| {
            unread(
                placing.play,
                "a placing other than a throw and the dice's moves",
            )
        })?;
    let roll = turn.arg(0).map(Node::to_string);
    let next = turn.named("next");
    let dice = match (roll.as_deref(), next, turn.children().len()) {
        (Some("(if (not (\"SameTurn\")) (roll))"), Some(next), 2) => if_then(next)
            .filter(|(c, _)| c.to_string() == "(not (is Empty (handSite Mover)))")
            .map(|(_, dice)| dice),
        _ => None,
    }
    .ok_or_else(|| {
        unread(
            turn,
            "a placing other than the dice's moves while the hand holds pieces",
        )
    })?;
    let parts: Vec<&Node> = dice.positional().collect();
    let (place, then) = match parts.as_slice() {
        [die, place, then]
            if dice.is_call("forEach")
                && is_symbol(die, "Die")
                && dice.named("if").map(Node::to_string).as_deref() == Some("(!= (pips) 0)")
                && then.is_call("then") =>
        {
            (*place, *then)
        }
        _ => {
            return Err(unread(
                dice,
                "a placing other than a move of each unused die",
            ));
        }
    };
    let consequence = format!("(then (and {AGAIN} {STATE_BACK}))");
    if then.to_string() != consequence {
        return Err(unread(
            then,
            "a placing's consequence other than another move while a die is unused",
        ));
    }
    let moved = format!("(move (from (handSite Mover)) (to {SELECTED}))");
    let (condition, _) = if_then(place)
        .filter(|(_, m)| m.to_string() == moved)
        .ok_or_else(|| {
            unread(
                place,
                "a placing other than a piece from the hand onto the site a die counts to",
            )
        })?;
    let mut limits = Vec::new();
    for pips in 1..=16 {
        let mut limit = None;
        for size in 0..=PLACING_SIZES {
            let holds = placing_bool(condition, pips, size)?;
            match (holds, limit) {
                (true, None) => {}
                (false, None) => limit = Some(size),
                (true, Some(_)) => {
                    return Err(unread(
                        condition,
                        "a placing onto a stack allowed above a size it refuses",
                    ));
                }
                (false, Some(_)) => {}
            }
        }
        limits.push(limit.unwrap_or(PLACING_SIZES + 1));
    }
    Ok((limits, condition.clone()))
}

fn read_stacks(
    game: &Node,
    rules: &Node,
    stacks: &[(&str, Phase<'_>)],
    race: &(&str, Phase<'_>),
    placing: Option<&Phase<'_>>,
) -> Result<Stacked, Unread> {
    let placing_end = placing.and_then(|p| p.end);
    let placing = placing.map(|p| read_placing(&race.1, p)).transpose()?;
    let start = rules
        .children()
        .iter()
        .find(|n| n.is_call("start"))
        .ok_or_else(|| unread(rules, "stacks to undo without a (start …)"))?;
    let sizes = start_sizes(start).ok_or_else(|| {
        unread(
            start,
            "a stacked start other than one stack placed on each site",
        )
    })?;
    if !start_track_map(game) {
        return Err(unread(
            stacks[0].1.play,
            "a selected site of a map other than each player's first site of its track",
        ));
    }
    let mut throws = Vec::new();
    let mut tables: Vec<(&Node, &Node)> = Vec::new();
    let mut doubles = Vec::new();
    for (_, phase) in stacks {
        let (rethrow, mut next) = stacks_throw(phase.play)?;
        throws.push(rethrow);
        if let Some((body, per_die)) = double_counted(next) {
            doubles.push((body, next));
            next = per_die;
        }
        let (condition, _) = phase.next.expect("a phase before the race hands over");
        tables.push((next, condition));
    }
    let states = reachable(&tables, &sizes)?;
    // Ludii's 0 is a whole stack; the first phase's selection of a whole stack gives the
    // state undone, or for the stacks undone in halves the state half undone.
    let first = table(tables[0].0, &BTreeSet::from([0]), &sizes)?;
    let mut undone: BTreeSet<(i64, i64)> = BTreeSet::new();
    for ((_, size), to) in &first {
        let to = to.ok_or_else(|| unread(tables[0].0, "a whole stack that no die unstacks"))?;
        undone.insert((to, *size));
    }
    let set_to: BTreeSet<i64> = undone.iter().map(|(to, _)| *to).collect();
    let (halves, half, undone_state) = match set_to.len() {
        1 => (0, -1, *set_to.first().expect("one")),
        2 => {
            // The state of fewer sizes is the half: those sizes undone in halves, one size.
            let of = |state: i64| undone.iter().filter(|(to, _)| *to == state).count();
            let (half, full) = if of(*set_to.first().expect("two")) == 1 {
                (*set_to.first().expect("two"), *set_to.last().expect("two"))
            } else {
                (*set_to.last().expect("two"), *set_to.first().expect("two"))
            };
            let size = undone
                .iter()
                .find(|(to, _)| *to == half)
                .map(|(_, size)| *size)
                .filter(|_| of(half) == 1)
                .ok_or_else(|| unread(tables[0].0, "stacks undone in halves of several sizes"))?;
            (size, half, full)
        }
        _ => return Err(unread(tables[0].0, "stacks undone in more than two ways")),
    };
    let numbering = [0, half, undone_state];
    let family_states: BTreeSet<i64> = numbering.iter().copied().filter(|&s| s >= 0).collect();
    if states != family_states {
        return Err(unread(
            tables[0].0,
            "stacks in states other than whole, half undone and undone",
        ));
    }
    for (stage, (next, condition)) in tables.iter().enumerate() {
        let restack = stage == 1;
        if table(next, &states, &sizes)?
            != family_table(restack, halves, numbering, &states, &sizes)
        {
            return Err(unread(
                next,
                if restack {
                    "stacks stacked again otherwise than undone ones whole (or half, in halves), then half ones whole"
                } else {
                    "stacks undone otherwise than whole ones undone (or half, in halves), then half ones undone"
                },
            ));
        }
        let counted = counted_states(condition, &states)?;
        let family: BTreeSet<i64> = if restack {
            BTreeSet::from([undone_state])
        } else {
            [0, half].into_iter().filter(|&s| s >= 0).collect()
        };
        if counted != family {
            return Err(unread(
                condition,
                if restack {
                    "a phase of stacking again that ends otherwise than once no stack is left undone"
                } else {
                    "a phase of unstacking that ends otherwise than once every stack is undone"
                },
            ));
        }
    }
    // A double selects any stack as a die would select its own, where the stacks are only
    // undone.
    let double_selects_any = match doubles.as_slice() {
        [] => false,
        [(body, _)] if stacks.len() == 1 => {
            if double_table(body, &states, &sizes)? != table(tables[0].0, &states, &sizes)? {
                return Err(unread(
                    body,
                    "a double's selection of any stack that undoes it otherwise than a die's",
                ));
            }
            true
        }
        [(_, at), ..] => {
            return Err(unread(
                at,
                "a double counted in a variable beside stacks stacked again",
            ));
        }
    };
    // The race: its throw, and its consequence given to the pieces' dice.
    let play = race.1.play;
    let turn = play
        .arg(0)
        .filter(|t| play.children().len() == 1 && t.is_call("do"))
        .ok_or_else(|| unread(play, "a race other than a throw and the pieces' moves"))?;
    let positional: Vec<&Node> = turn.positional().collect();
    let next = turn.named("next");
    let (roll, then, next) = match (positional.as_slice(), next) {
        ([roll, then], Some(next)) if then.is_call("then") => (*roll, *then, next),
        _ => {
            return Err(unread(
                turn,
                "a race whose consequence does not follow the choice of pieces",
            ));
        }
    };
    // Dubblets' double in the race bears off a piece from any site, one a move: the count ends,
    // but the turn's consequence asks for another move while the dice are unused, which the
    // double never uses, and the next is a double again (`(all DiceEqual)` holds until the
    // next roll): every piece goes, one a move.
    let mut double_bears_off_all = false;
    let next = match double_counted(next) {
        Some((body, otherwise)) => {
            // Into the hand, on a board played on its vertices: Ludii's `(sites Occupied
            // by:Mover)` gathers the sites of the board's kind alone (`SitesOccupied.preprocess`,
            // `SiteType.use`), so the hand's cells, where the pieces borne off wait, are none of
            // them; on cells they would be, and borne off again.
            let on_vertices = game.walk().any(|n| {
                n.is_call("board") && n.named("use").is_some_and(|u| is_symbol(u, "Vertex"))
            });
            let removes = body.to_string() == "(move Remove (site))"
                || (placing.is_some() && on_vertices && body.to_string() == DOUBLE_TO_HAND);
            let again_while_unused =
                then.to_string() == "(then (if (not (all DiceUsed)) (moveAgain)))";
            if !(removes && again_while_unused) {
                return Err(unread(
                    body,
                    "a double in the race other than bearing off from any site in a turn going on while a die is unused",
                ));
            }
            if !double_selects_any {
                return Err(unread(
                    body,
                    "a double counted in the race alone, its stacks undone die by die",
                ));
            }
            double_bears_off_all = true;
            otherwise
        }
        None => next,
    };
    if double_selects_any && !double_bears_off_all {
        return Err(unread(
            next,
            "a double counted before the race, whose count the race does not read",
        ));
    }
    // The count is the doubles' own: written nowhere else.
    let counted = doubles.len() + usize::from(double_bears_off_all);
    let count_of = |text: &str| game.walk().filter(|n| n.to_string() == text).count();
    if count_of("(var \"Double\")") != 4 * counted {
        return Err(unread(
            stacks[0].1.play,
            "a variable \"Double\" read otherwise than as a double's count",
        ));
    }
    let race_rethrow = match roll.to_string().as_str() {
        "(if (not (\"SameTurn\")) (roll))" => false,
        "(if (or (all DiceEqual) (not (\"SameTurn\"))) (roll))" => true,
        _ => return Err(unread(roll, "a throw of the race the reader does not read")),
    };
    let again = match then.to_string().as_str() {
        "(then (if (not (all DiceUsed)) (moveAgain)))" => then.clone(),
        // A double played one die leaves a die unused: the same consequence.
        "(then (if (or (not (all DiceUsed)) (all DiceEqual)) (moveAgain)))" if race_rethrow => {
            let condition = then.arg(0).and_then(|i| i.arg(0)).and_then(|o| o.arg(0));
            let again_move = then.arg(0).and_then(|i| i.arg(1));
            match (condition, again_move) {
                (Some(condition), Some(again_move)) => call(
                    "then",
                    vec![call(
                        "if",
                        vec![condition.clone(), again_move.clone()],
                        then,
                    )],
                    then,
                ),
                _ => {
                    return Err(unread(
                        then,
                        "a consequence of the race the reader does not read",
                    ));
                }
            }
        }
        _ => {
            return Err(unread(
                then,
                "a consequence of the race the reader does not read",
            ));
        }
    };
    let roll_anew = if race_rethrow {
        // `(if (or (all DiceEqual) NOT_SAME_TURN) ROLL)` as `(if NOT_SAME_TURN ROLL)`: the
        // throw after a die of a double is the family's `rethrow_doubles`.
        let not_same_turn = roll.arg(0).and_then(|o| o.arg(1)).cloned();
        let roll_call = roll.arg(1).cloned();
        match (not_same_turn, roll_call) {
            (Some(n), Some(r)) => call("if", vec![n, r], roll),
            _ => return Err(unread(roll, "a throw of the race the reader does not read")),
        }
    } else {
        roll.clone()
    };
    let race_play = call(
        "play",
        vec![call(
            "do",
            vec![
                roll_anew,
                Node::new(
                    Kind::Named {
                        key: "next".into(),
                        value: Box::new(next.clone()),
                    },
                    next.span,
                ),
            ],
            turn,
        )],
        play,
    );
    let start_node = start.clone();
    // With a placing after it, the game's end is the placing's: the family's player finishes
    // once every piece is placed again, its end the first out's, at the placing's place.
    let end = match (placing_end.filter(|_| placing.is_some()), race.1.end) {
        (Some(at), _) => {
            let mover = Node::new(Kind::Symbol("Mover".into()), at.span);
            let win = Node::new(Kind::Symbol("Win".into()), at.span);
            let no_pieces = call(
                "no",
                vec![
                    Node::new(Kind::Symbol("Pieces".into()), at.span),
                    mover.clone(),
                ],
                at,
            );
            let result = call("result", vec![mover, win], at);
            call("end", vec![call("if", vec![no_pieces, result], at)], at)
        }
        (None, end) => end
            .or(race.1.next.map(|(condition, _)| condition))
            .expect("the race ends or hands over")
            .clone(),
    };
    let new_rules = call("rules", vec![start_node, race_play, end], rules);
    let piece_dice = game
        .walk()
        .filter(|n| n.is_call("piece"))
        .filter_map(|piece| piece.children().last())
        .find(|moves| moves.is_call("forEach") && moves.arg(0).is_some_and(|d| is_symbol(d, "Die")))
        .ok_or_else(|| unread(play, "a race of pieces without their dice"))?;
    if piece_dice.positional().count() != 2 {
        return Err(unread(
            piece_dice,
            "a piece's dice with a consequence of their own beside the race's",
        ));
    }
    let mut with_then = piece_dice.clone();
    if placing.is_some() {
        let mut count = 0;
        with_then = removed_to_hand(&with_then, &mut count);
        if count == 0 {
            return Err(unread(
                piece_dice,
                "a race before a placing whose pieces bear off otherwise than into the hand",
            ));
        }
    }
    if let Kind::Call { args, .. } = &mut with_then.kind {
        args.push(again);
    }
    let game = super::per_die::replaced(game, &[(rules, &new_rules), (piece_dice, &with_then)]);
    let stacked_start = if stacks.len() == 2 {
        "unstack-restack"
    } else {
        "unstack"
    };
    let rethrow = match (
        throws.iter().all(|&t| t),
        throws.iter().any(|&t| t),
        race_rethrow,
    ) {
        (_, false, false) => "never",
        (_, false, true) => "in-race",
        (true, _, true) => "always",
        _ => {
            return Err(unread(
                stacks[0].1.play,
                "doubles played one die in some phases before the race and not in others",
            ));
        }
    };
    let rethrow_at = if race_rethrow { roll } else { stacks[0].1.play };
    Ok(Stacked {
        game,
        reads: vec![
            (
                "stacked_start",
                stacked_start.into(),
                stacks[0].1.node.clone(),
            ),
            ("unstack_in_halves", halves.to_string(), tables[0].0.clone()),
            ("rethrow_doubles", rethrow.into(), rethrow_at.clone()),
            (
                "double_selects_any",
                double_selects_any.to_string(),
                doubles
                    .first()
                    .map_or(stacks[0].1.play, |(_, at)| *at)
                    .clone(),
            ),
            (
                "double_bears_off_all",
                double_bears_off_all.to_string(),
                if double_bears_off_all { turn } else { play }.clone(),
            ),
            (
                "replace_after_race",
                placing.is_some().to_string(),
                placing
                    .as_ref()
                    .map_or(play, |(_, condition)| condition)
                    .clone(),
            ),
        ],
        race_then: then.clone(),
        start: start.clone(),
        placing,
    })
}

/// Where the lacks of a game read without its phases stand that the phases' own lack
/// explains: the rules without a play or an end, and the phases as a part not read.
pub(super) fn explained_by_phases(game: &Node) -> Vec<ludii::Span> {
    let Some(rules) = game.children().iter().find(|n| n.is_call("rules")) else {
        return Vec::new();
    };
    let phases = rules.children().iter().filter(|n| match &n.kind {
        Kind::Named { key, .. } => key == "phases",
        _ => false,
    });
    std::iter::once(rules.span)
        .chain(phases.map(|n| n.span))
        .collect()
}

/// The race's consequence is the pieces' only where the race never passes: Ludii's `Do` gives its
/// consequence to the forced pass it lists when no move follows the throw
/// (`Do.prependPreMoves`), which a piece's own consequence does not reach. A race whose pieces
/// stack on their own, bear off with any throw past the end and meet no enemy always has a
/// move for every die; any other is named at the consequence.
pub(super) fn check_race(reader: &mut super::Reader, stacked: &Stacked) {
    let read = |key: &str| reader.reading.get(key).map(|r| r.value.clone());
    let tracks = read("tracks").unwrap_or_default();
    let mut seen = BTreeSet::new();
    let apart = tracks.split('|').all(|seat| {
        let cells: BTreeSet<&str> = seat.split_whitespace().collect();
        cells.into_iter().all(|cell| seen.insert(cell.to_string()))
    });
    let always_moves = read("land_on_own").as_deref() == Some("stack")
        && read("bear_off").as_deref() == Some("any")
        && read("bear_off_home").as_deref() == Some("0")
        && read("block_run").as_deref() == Some("0")
        && read("must_stop_cells").as_deref() == Some("none")
        && read("no_stack_cells").as_deref() == Some("none")
        && apart;
    if let Some((limits, condition)) = &stacked.placing {
        // Of each value a die shows, the placing lets as many pieces onto the position it
        // counts to as the start placed there.
        let start = read("start").unwrap_or_default();
        let faces: Option<usize> = read("throw")
            .as_deref()
            .and_then(|t| t.strip_prefix("dice "))
            .and_then(|t| t.split_once('d'))
            .and_then(|(_, faces)| faces.parse().ok());
        let agrees = faces.is_some_and(|faces| {
            start.split('|').all(|seat| {
                let positions: Vec<usize> = seat
                    .split_whitespace()
                    .filter_map(|p| p.parse().ok())
                    .collect();
                (1..=faces).all(|v| {
                    let placed = positions.iter().filter(|&&p| p == v).count();
                    limits.get(v - 1).is_some_and(|&l| l == placed as i64)
                })
            })
        });
        if !agrees {
            reader.lack(
                condition,
                format!(
                    "a placing whose stacks are not the start's: {}",
                    super::Brief(condition)
                ),
            );
        }
    }
    if always_moves {
        // The pieces start on the board and meet no enemy: none ever waits in a hand, and
        // how it would enter changes nothing.
        reader.default("enter_counts_first_cell", true, &stacked.start);
    } else {
        reader.lack(
            &stacked.race_then,
            format!(
                "a race that may pass, whose pass would carry the turn's consequence: {}",
                super::Brief(&stacked.race_then)
            ),
        );
    }
}

/// The stacks' parameters of a game without stacks to undo: its pieces race from where they
/// start, and no double is played one die.
pub(super) fn defaults(reader: &mut super::Reader, game: &Node) {
    let rules = game.children().iter().find(|n| n.is_call("rules"));
    let start = rules.and_then(|r| r.children().iter().find(|n| n.is_call("start")));
    let play = rules.and_then(|r| r.children().iter().find(|n| n.is_call("play")));
    let at = start.or(rules).unwrap_or(game);
    reader.default("stacked_start", "none", at);
    reader.default("unstack_in_halves", 0, at);
    let play = play.or(rules).unwrap_or(game);
    reader.default("rethrow_doubles", "never", play);
    reader.default("double_selects_any", false, play);
    reader.default("double_bears_off_all", false, play);
    reader.default("replace_after_race", false, play);
}
