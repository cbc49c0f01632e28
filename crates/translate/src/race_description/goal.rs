//! An end on where the mover's pieces stand, `(if COND (result Mover Win))`, as the family's
//! `goals`: COND a conjunction of counts on sites, for each player (Tourne-Case's `(= 3 (count
//! Pieces Mover in:(sites {(mapEntry "FinalPoint" Mover)})))`), or written for each player
//! apart, `(if (is Mover P1) P1-COND P2-COND)` (Schuster's `("SpecialWin")`, Svensk
//! Bradspel's four). Ludii's `End` asks it of the mover after each of its moves, as the family
//! asks a goal once a piece of the mover's comes to rest. Every count it does not know is
//! named.

use ludii::Node;

use super::{Equipment, is_symbol, player_of};

/// One count of a goal, as the family's `goals` writes it.
enum Count {
    /// The mover's own pieces on some sites, exactly.
    Own(Vec<usize>, i64),
    /// Every piece on a site, exactly (`(size Stack at:S)`).
    Every(usize, i64),
    /// A piece of the mover's on top of a site (`(is Friend (who at:S))`).
    Friend(usize),
}

/// Whether `rule` is an end on where the mover's pieces stand, `(if COND (result Mover Win))`;
/// the goals of every seat it gives, as the family's `goals` text of one goal a seat, or why
/// it cannot be read.
pub(super) fn read(
    rule: &Node,
    equipment: &Equipment<'_>,
    players: u8,
) -> Option<Result<Vec<String>, String>> {
    if !rule.is_call("if")
        || rule.children().len() != 2
        || rule.arg(1)?.to_string() != "(result Mover Win)"
    {
        return None;
    }
    let condition = rule.arg(0)?;
    let by_seat: Vec<&Node> = match apart(condition) {
        Some((first, second)) if players == 2 => vec![first, second],
        _ => vec![condition; usize::from(players)],
    };
    let counts: Vec<Result<Vec<Count>, String>> = by_seat
        .iter()
        .zip(1..)
        .map(|(condition, seat)| counts(condition, equipment, seat))
        .collect();
    // Not a position at all for any seat: some other end.
    if counts
        .iter()
        .all(|c| c.as_ref().is_err_and(|e| e.is_empty()))
    {
        return None;
    }
    let mut goals = Vec::new();
    for (counts, seat) in counts.into_iter().zip(1u8..) {
        let counts = match counts {
            Ok(counts) => counts,
            Err(what) if what.is_empty() => {
                return Some(Err(format!(
                    "a condition of player {seat}'s goal other than counts of pieces on sites"
                )));
            }
            Err(what) => return Some(Err(what)),
        };
        match render(&counts) {
            Ok(goal) => goals.push(goal),
            Err(what) => return Some(Err(what)),
        }
    }
    Some(Ok(goals))
}

/// `(if (is Mover P1) A B)`: A asked of player 1, B of player 2.
fn apart(condition: &Node) -> Option<(&Node, &Node)> {
    let (test, first, second) = (condition.arg(0)?, condition.arg(1)?, condition.arg(2)?);
    (condition.is_call("if")
        && condition.children().len() == 3
        && test.is_call("is")
        && test.children().len() == 2
        && test.arg(0).is_some_and(|m| is_symbol(m, "Mover"))
        && test.arg(1).and_then(player_of) == Some(1))
    .then_some((first, second))
}

/// The counts of a conjunction asked of `seat` as the mover; an empty error where a part is
/// not a count of pieces at all, otherwise what is not read.
fn counts(condition: &Node, equipment: &Equipment<'_>, seat: u8) -> Result<Vec<Count>, String> {
    let parts: Vec<&Node> = if condition.is_call("and") {
        match condition.children() {
            [list] if list.as_array().is_some() => list.as_array().into_iter().flatten().collect(),
            parts => parts.iter().collect(),
        }
    } else {
        vec![condition]
    };
    parts
        .into_iter()
        .map(|part| count(part, equipment, seat))
        .collect()
}

fn count(part: &Node, equipment: &Equipment<'_>, seat: u8) -> Result<Count, String> {
    if part.is_call("is") && part.children().len() == 2 {
        let (kind, who) = (part.arg(0), part.arg(1));
        if kind.is_some_and(|k| is_symbol(k, "Friend")) {
            let at = who
                .filter(|w| w.is_call("who"))
                .and_then(|w| w.named("at"))
                .ok_or_else(String::new)?;
            return Ok(Count::Friend(site(at, equipment, seat)?));
        }
        return Err(String::new());
    }
    if !part.is_call("=") || part.children().len() != 2 {
        return Err(String::new());
    }
    let (a, b) = (
        part.arg(0).ok_or_else(String::new)?,
        part.arg(1).ok_or_else(String::new)?,
    );
    let (n, counted) = match (a.as_int(), b.as_int()) {
        (Some(n), None) => (n, b),
        (None, Some(n)) => (n, a),
        _ => return Err(String::new()),
    };
    if counted.is_call("size") && counted.arg(0).is_some_and(|s| is_symbol(s, "Stack")) {
        let at = counted.named("at").ok_or_else(String::new)?;
        if counted.children().len() != 2 {
            return Err(String::new());
        }
        return Ok(Count::Every(site(at, equipment, seat)?, n));
    }
    if counted.is_call("count")
        && counted.children().len() == 3
        && counted.arg(0).is_some_and(|p| is_symbol(p, "Pieces"))
        && counted.arg(1).is_some_and(|m| is_symbol(m, "Mover"))
    {
        let sites = counted
            .named("in")
            .filter(|s| s.is_call("sites") && s.children().len() == 1)
            .and_then(|s| s.arg(0))
            .and_then(Node::as_array)
            .ok_or_else(|| {
                format!("a count of pieces on sites the reader does not read: {counted}")
            })?;
        let sites = sites
            .iter()
            .map(|s| site(s, equipment, seat))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Count::Own(sites, n));
    }
    Err(String::new())
}

/// A site by number, or `(mapEntry "Name" Mover)` of `seat`'s entry.
fn site(node: &Node, equipment: &Equipment<'_>, seat: u8) -> Result<usize, String> {
    if let Some(site) = node.as_int() {
        return usize::try_from(site).map_err(|_| format!("a site below 0: {node}"));
    }
    let unread = || format!("a site of a goal the reader does not read: {node}");
    if !node.is_call("mapEntry") || node.children().len() != 2 {
        return Err(unread());
    }
    let name = node.arg(0).and_then(Node::as_str).ok_or_else(unread)?;
    let key = match node.arg(1) {
        Some(m) if is_symbol(m, "Mover") => i64::from(seat),
        Some(p) => player_of(p).map(i64::from).ok_or_else(unread)?,
        None => return Err(unread()),
    };
    let (map, _) = equipment
        .maps
        .get(&Some(name.to_string()))
        .ok_or_else(unread)?;
    let site = map.get(&key).ok_or_else(unread)?;
    usize::try_from(*site).map_err(|_| unread())
}

/// The family's text of one goal: a count on a set of sites once, and counts on single sites
/// (a friend on top as one or more of the seat's own, the family holding no order within a
/// cell).
fn render(counts: &[Count]) -> Result<String, String> {
    let mut terms = Vec::new();
    let mut sets = 0;
    for count in counts {
        match count {
            Count::Own(sites, n) if sites.len() == 1 => terms.push(format!("{} own={n}", sites[0])),
            Count::Own(sites, n) => {
                sets += 1;
                let sites: Vec<String> = sites.iter().map(usize::to_string).collect();
                terms.insert(0, format!("{} own={n}", sites.join(" ")));
            }
            Count::Every(site, n) => terms.push(format!("{site}={n}")),
            Count::Friend(site) => terms.push(format!("{site} own>=1")),
        }
    }
    if sets > 1 {
        return Err("a goal of counts of the mover's pieces on several sets of sites".into());
    }
    Ok(terms.join(", "))
}
