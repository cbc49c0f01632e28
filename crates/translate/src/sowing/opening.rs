//! Games that open with a phase of their own (told apart from the main phase by
//! [`super::phases`]), played like the main phase but lifting only from some holes, until its
//! `(nextPhase …)` hands the players over to the phase after it:
//! every player after a number of turns, or each player alone on its own move (`(nextPhase Mover
//! …)`). Ludii reads `(nextPhase …)` after every move, before the turn passes, with the turn that
//! move was made in (`(count Turns)` counts from 1 and grows when the mover changes), the move's
//! mover as `Mover` and, as `Next`, the player who moves next (the mover again after a
//! `(moveAgain)`); it switches the players its role names, every player without one, and a
//! player's phase only while that player is in it. The opening's moves are moves of the game.
//! What other openings do is named as lacking, at its place.

use super::*;
use sowing::{HoleNames, OpeningLeaves, OpeningSowing};

/// The opening's parameters of a game without one.
pub(super) fn none(reader: &mut Reader<'_>, rules: &Node) {
    reader.default("opening_turns", 0, rules);
    reader.default("opening_holes", "none", rules);
    reader.default("opening_leaves", OpeningLeaves::Together, rules);
    reader.default("opening_sowing", OpeningSowing::Main, rules);
    reader.default("opening_to", "none", rules);
    reader.default("opening_count", 0, rules);
    no_stepping(reader, rules);
}

/// The stepping opening's parameters of a game whose opening does not step, or has none.
fn no_stepping(reader: &mut Reader<'_>, node: &Node) {
    reader.default("opening_step", 0, node);
    reader.default("opening_stop", "none", node);
    reader.default("opening_mark", "none", node);
    reader.default("opening_mark_count", 0, node);
    reader.default("opening_take", "none", node);
}

/// The main phase's parts (or the one phase's) that are the game's own, its play and end;
/// others are lacks.
pub(super) fn main_parts<'n>(reader: &mut Reader<'_>, main: &'n Node) -> Vec<&'n Node> {
    let mut parts = Vec::new();
    for part in main.children().iter().skip(1) {
        match part.head() {
            Some("play" | "end") => parts.push(part),
            _ => reader.lack(
                part,
                format!(
                    "a part of a phase the family does not read: {}",
                    head_of(part)
                ),
            ),
        }
    }
    parts
}

/// Reads the opening phase against the main phase: when it ends, and the holes it lifts.
pub(super) fn read(
    reader: &mut Reader<'_>,
    opening: &Node,
    main: &Node,
    situation: &Situation<'_>,
) {
    read_before(reader, opening, main, main, situation);
}

/// Reads an opening that hands over to `follower` (the main phase, or the next opening)
/// against the main phase.
pub(super) fn read_before(
    reader: &mut Reader<'_>,
    opening: &Node,
    follower: &Node,
    main: &Node,
    situation: &Situation<'_>,
) {
    let mut play = None;
    let mut next = Vec::new();
    // The phase's name, and the player it is played by where it names one (named where the
    // phases are told apart).
    let role = opening.arg(1).and_then(Node::as_symbol).is_some();
    for part in opening.children().iter().skip(1 + usize::from(role)) {
        match part.head() {
            Some("play") if play.is_none() => play = Some(part),
            Some("nextPhase") => next.push(part),
            _ => reader.lack(
                part,
                format!(
                    "a part of an opening the family does not read: {}",
                    head_of(part)
                ),
            ),
        }
    }
    let (Some(play), [next]) = (play, next.as_slice()) else {
        reader.lack(
            opening,
            "an opening without one (play …) and one (nextPhase …)",
        );
        return;
    };
    let Some((turns, leaves)) = ending(reader, next, follower, play) else {
        return;
    };
    let lacks = reader.lacks.len();
    read_play(reader, play, next, main, (turns, leaves), situation);
    // Where the play is not read, the holes read so far are another opening's, if any.
    if leaves == OpeningLeaves::MoverHolesEmpty && reader.lacks.len() == lacks {
        emptied_holes_are_lifted(reader, next, situation);
    }
}

/// Reads the opening's `play` against the main phase's, its end `next` read as `(turns,
/// leaves)`: the holes it lifts and how it sows them.
fn read_play(
    reader: &mut Reader<'_>,
    play: &Node,
    next: &Node,
    main: &Node,
    (turns, leaves): (u8, OpeningLeaves),
    situation: &Situation<'_>,
) {
    let Some(main_play) = child(main, "play") else {
        return;
    };
    reader.default("opening_sowing", OpeningSowing::Main, play);
    if leaves == OpeningLeaves::MoverHolesEmpty
        && let Some(gathering) = Gathering::of(play)
    {
        return read_gathering(reader, &gathering, next, situation);
    }
    if let Some(holes) = transfer(reader, play, (turns, leaves), situation) {
        reader.set("opening_sowing", OpeningSowing::Transfer, play);
        reader.set("opening_turns", turns, next);
        reader.set("opening_leaves", leaves, next);
        let sites = situation
            .context(1)
            .int(holes)
            .ok()
            .and_then(|site| usize::try_from(site).ok());
        let own = situation.territory(0);
        match (0..situation.board.holes).find(|&hole| Some(situation.cells[hole]) == sites) {
            Some(hole) if sites.is_some_and(|site| own.contains(&site)) => {
                reader.set("opening_holes", situation.board.hole_name(hole), holes);
            }
            _ => reader.lack(
                holes,
                format!("an opening that lifts holes not the mover's own: {holes}"),
            ),
        }
        return no_stepping(reader, play);
    }
    reader.default("opening_to", "none", play);
    reader.default("opening_count", 0, play);
    if let Some(step) = Stepping::of(play) {
        return read_stepping(reader, &step, main_play, next, (turns, leaves), situation);
    }
    if let Some(moved) = step_moves::Moved::of(play) {
        return step_moves::read(reader, &moved, next, (turns, leaves), situation);
    }
    no_stepping(reader, play);
    // Only the game's first move is made from the start's counts.
    let first_move_alone = turns == 1 && leaves == OpeningLeaves::Together;
    let (holes, unconditioned) = match own_sowing(reader, play, main_play, situation) {
        Some(holes) => {
            reader.set("opening_sowing", OpeningSowing::LastOwnToNext, play);
            (holes, false)
        }
        None => {
            if let Some(plain) = Plain::of(play, main_play) {
                return read_plain(reader, &plain, next, (turns, leaves), situation);
            }
            let Some(read) = holes(reader, play, main_play, first_move_alone) else {
                return;
            };
            read
        }
    };
    let mut lifted = Vec::new();
    // The players of the opening's turns, which alternate from player 1; both where each
    // leaves it on its own move.
    let players = if !leaves.one_by_one() {
        usize::from(turns)
    } else {
        2
    };
    for mover in (1..=2u8).take(players) {
        let context = situation.context(mover);
        // One site may be written as a number (`(from (- 6 1))`).
        let one = || {
            context
                .int(holes)
                .map(|site| vec![usize::try_from(site).unwrap_or(usize::MAX)])
        };
        let sites = match context.sites(holes).or_else(|_| one()) {
            Ok(sites) => sites,
            Err(error) => return reader.unknown(holes, error, "the holes an opening lifts"),
        };
        let own = situation.territory(usize::from(mover - 1));
        if sites.is_empty() || sites.iter().any(|site| !own.contains(site)) {
            reader.lack(
                holes,
                format!("an opening that lifts holes not the mover's own: {holes}"),
            );
            return;
        }
        lifted.extend(sites);
    }
    let board = situation.board;
    let mut named: Vec<(u8, u8)> = (0..board.holes)
        .filter(|&hole| lifted.contains(&situation.cells[hole]))
        .map(|hole| {
            let name = board.hole_name(hole);
            let place = name[1..].parse().unwrap_or(0);
            (name.as_bytes()[0] - b'a', place)
        })
        .collect();
    named.sort_unstable();
    let Some(names) = HoleNames::listed(&named) else {
        reader.lack(holes, format!("an opening of too many holes: {holes}"));
        return;
    };
    if unconditioned && !lifts_from_the_start(reader, &named, board) {
        reader.lack(
            holes,
            format!("an opening's first move from holes that may not hold the counters the main phase lifts: {holes}"),
        );
        return;
    }
    reader.set("opening_turns", turns, next);
    reader.set("opening_leaves", leaves, next);
    reader.set(
        "opening_holes",
        engine::OptionValue::render_value(&names),
        holes,
    );
}

/// The turn from whose first move on `(nextPhase …)` hands players over to `follower`, and who
/// leaves then: every player (no role), or the mover alone (`Mover`) after that move or, where
/// the condition is `(not (is Next Mover))`, after the move that ends its turn; every player
/// after the move that ends a turn too where the condition holds exactly where the opening's
/// `play` gives no other move.
fn ending(
    reader: &mut Reader<'_>,
    next: &Node,
    follower: &Node,
    play: &Node,
) -> Option<(u8, OpeningLeaves)> {
    let mut condition = None;
    let mut mover = false;
    for (place, argument) in next.positional().enumerate() {
        match &argument.kind {
            Kind::Str(name) if follower.arg(0).and_then(Node::as_str) == Some(name.as_str()) => {}
            _ if place == 0 && is_symbol(argument, "Mover") => mover = true,
            Kind::Call { .. } if condition.is_none() => condition = Some(argument),
            _ => {
                reader.lack(
                    argument,
                    format!("an opening that ends other than for every player or the mover, into the phase after it: {next}"),
                );
                return None;
            }
        }
    }
    let leaves = if mover {
        OpeningLeaves::MoverAfterMove
    } else {
        OpeningLeaves::Together
    };
    let Some(condition) = condition else {
        return Some((1, leaves));
    };
    if mover && ends_the_turn(condition) {
        return Some((1, OpeningLeaves::MoverAfterTurn));
    }
    if mover && emptied_region(condition).is_some() {
        return Some((1, OpeningLeaves::MoverHolesEmpty));
    }
    if !mover && (ends_the_turn(condition) || stops_with_the_sowing(condition, play)) {
        return Some((1, OpeningLeaves::TogetherAfterTurn));
    }
    let first = (1..=64u8).find(|&turn| on_turn(condition, i64::from(turn)) == Some(true));
    let read = (1..=64u8).all(|turn| on_turn(condition, i64::from(turn)).is_some());
    match first {
        Some(turn) if read => Some((turn, leaves)),
        _ => {
            reader.lack(
                condition,
                format!(
                    "an opening that ends on a condition the family does not have: {condition}"
                ),
            );
            None
        }
    }
}

/// The holes a condition asks to be all empty: `(all Sites HOLES if:(is Empty (site)))`, or
/// its test written as `(= 0 (count at:(site)))`. Ludii's `(all Sites …)` holds where the test
/// holds at every site, an empty region's too (Ludii's AllSites.java, `eval`).
fn emptied_region(condition: &Node) -> Option<&Node> {
    let sites = condition.arg(0)?;
    let test = condition.named("if")?.to_string();
    let empty = matches!(
        test.as_str(),
        "(is Empty (site))" | "(= 0 (count at:(site)))" | "(= (count at:(site)) 0)"
    );
    (condition.is_call("all")
        && is_symbol(sites, "Sites")
        && condition.positional().count() == 2
        && empty)
        .then(|| condition.arg(1))
        .flatten()
}

/// An opening the mover leaves once the holes its `next` names are empty (`opening_leaves`
/// `mover-holes-empty`) is read where those holes, for each mover, are exactly the holes of its
/// own that the opening lifts: the engine asks those. Named as lacking otherwise.
fn emptied_holes_are_lifted(reader: &mut Reader<'_>, next: &Node, situation: &Situation<'_>) {
    let Some(condition) = next.positional().find(|part| part.is_call("all")) else {
        return;
    };
    let Some(region) = emptied_region(condition) else {
        return;
    };
    let Some(lifted) = reader
        .reading
        .get("opening_holes")
        .filter(|read| !read.by_default)
        .and_then(|read| <HoleNames as engine::OptionValue>::parse_value(&read.value).ok())
    else {
        return;
    };
    let board = situation.board;
    let mut alike = true;
    for mover in 1..=2u8 {
        let own = situation.territory(usize::from(mover - 1));
        let mut lifted_sites: Vec<usize> = lifted
            .named()
            .iter()
            .filter_map(|&(row, place)| board.hole_at(usize::from(row), usize::from(place)))
            .map(|hole| situation.cells[hole])
            .filter(|site| own.contains(site))
            .collect();
        lifted_sites.sort_unstable();
        match situation.context(mover).sites(region) {
            Ok(mut sites) => {
                sites.sort_unstable();
                sites.dedup();
                alike &= sites == lifted_sites;
            }
            Err(error) => {
                return reader.unknown(region, error, "the holes an opening ends once empty");
            }
        }
    }
    if !alike {
        reader.lack(
            condition,
            format!(
                "an opening that ends once holes are empty other than those it lifts: {condition}"
            ),
        );
    }
}

/// Whether a condition holds after a move exactly when the turn passes: `(not (is Next
/// Mover))`, the player who moves next not the mover.
fn ends_the_turn(condition: &Node) -> bool {
    let is_next_mover = |node: &Node| {
        node.is_call("is")
            && node.children().len() == 2
            && node.arg(0).is_some_and(|a| is_symbol(a, "Next"))
            && node.arg(1).is_some_and(|a| is_symbol(a, "Mover"))
    };
    condition.is_call("not")
        && condition.children().len() == 1
        && condition.arg(0).is_some_and(is_next_mover)
}

/// Whether `condition`, read after a move, holds exactly where the move gave its mover no other
/// move: `play`'s one `(moveAgain)` is the sowing's `apply:(if (not C) (moveAgain) …)` (or
/// `(if C … (moveAgain))`), made on every sowing (no `if:`) from the hole lifted (no start of
/// its own), and `condition` is `C` with `(last From)`, the hole the move lifted, where `C`
/// reads the sowing's `(from)` (Ludii sets `(from)` to the sowing's start while it applies the
/// consequence, and the start is the hole selected, the move's `(last From)`). Tuz's
/// `(nextPhase (is In ("NextHole" (last From) "TrackCCW" 2) …) …)`.
fn stops_with_the_sowing(condition: &Node, play: &Node) -> bool {
    let again = play.walk().filter(|n| n.is_call("moveAgain")).count();
    let sowings: Vec<&Node> = play.walk().filter(|n| n.is_call("sow")).collect();
    let ([sow], 1) = (sowings.as_slice(), again) else {
        return false;
    };
    // The sowing starts at the hole lifted and applies its consequence after every sowing.
    if sow.positional().any(|arg| arg.as_str().is_none()) || sow.named("if").is_some() {
        return false;
    }
    let Some(apply) = sow.named("apply").filter(|apply| apply.is_call("if")) else {
        return false;
    };
    let is_again = |node: Option<&Node>| node.is_some_and(|n| n.is_call("moveAgain"));
    // The condition under which the sowing gives no other move.
    let stops = match (apply.arg(0), apply.arg(1), apply.arg(2)) {
        (Some(test), then, _) if test.is_call("not") && is_again(then) => test.arg(0),
        (Some(test), _, otherwise) if is_again(otherwise) => Some(test),
        _ => None,
    };
    let Some(stops) = stops else {
        return false;
    };
    let (read, stops) = (condition.to_string(), stops.to_string());
    !read.contains("(from)")
        && !stops.contains("(last From)")
        && read.replace("(last From)", "(from)") == stops
}

/// A comparison of `(count Turns)` with a number, or whether a given player is the mover, on
/// turn `turn`.
fn on_turn(condition: &Node, turn: i64) -> Option<bool> {
    // `(is Mover P2)`: the turns' movers alternate from player 1.
    if condition.is_call("is")
        && condition.children().len() == 2
        && condition.arg(0).is_some_and(|a| is_symbol(a, "Mover"))
    {
        let seat = match condition.arg(1)?.as_symbol()? {
            "P1" => 1,
            "P2" => 2,
            _ => return None,
        };
        return Some((turn - 1) % 2 + 1 == seat);
    }
    let value = |node: &Node| -> Option<i64> {
        let turns = node.is_call("count")
            && node.arg(0).is_some_and(|a| is_symbol(a, "Turns"))
            && node.children().len() == 1;
        if turns { Some(turn) } else { node.as_int() }
    };
    let (Some(a), Some(b)) = (value(condition.arg(0)?), value(condition.arg(1)?)) else {
        return None;
    };
    if condition.children().len() != 2 {
        return None;
    }
    Some(match condition.head()? {
        "=" => a == b,
        "!=" => a != b,
        "<" => a < b,
        "<=" => a <= b,
        ">" => a > b,
        ">=" => a >= b,
        _ => return None,
    })
}

/// The holes the opening's fresh moves lift (in Ludii's sites), where its play is the main
/// phase's but for them; and whether it lifts them without the main phase's condition.
fn holes<'n>(
    reader: &mut Reader<'_>,
    play: &'n Node,
    main: &Node,
    first_move_alone: bool,
) -> Option<(&'n Node, bool)> {
    let Some(from) = from_of(play) else {
        reader.lack(
            play,
            format!(
                "an opening whose play is not a hole lifted: {}",
                head_of(play)
            ),
        );
        return None;
    };
    // The main phase's own play is named where it is read; the opening is read against it.
    let Some(main_from) = from_of(main) else {
        reader.lack(
            play,
            format!(
                "an opening beside a main phase whose play is not a hole lifted: {}",
                head_of(main)
            ),
        );
        return None;
    };
    let differs = |reader: &mut Reader<'_>, node: &Node| {
        reader.lack(
            node,
            format!("an opening whose moves differ from the main phase's in more than the holes they lift: {node}"),
        );
    };
    if !alike(play, main, (from, main_from)) {
        differs(reader, play);
        return None;
    }
    let ((relay, holes), (main_relay, _)) = (fresh(from)?, fresh(main_from)?);
    if relay.map(|(c, l)| (c.to_string(), l.to_string()))
        != main_relay.map(|(c, l)| (c.to_string(), l.to_string()))
    {
        differs(reader, from);
        return None;
    }
    match (from.named("if"), main_from.named("if")) {
        (Some(a), Some(b)) if a.to_string() == b.to_string() => Some((holes, false)),
        (None, None) => Some((holes, false)),
        // A single first move from holes that hold counters at the start lifts as the main
        // phase's condition would let it; the start is checked once the holes are known.
        (None, Some(_)) if first_move_alone => Some((holes, true)),
        _ => {
            differs(reader, from);
            None
        }
    }
}

/// The hole Gamacha's opening, the game's first move alone, moves counters from: its play is
/// `(move (from N) (to M) count:K)`, K counters of hole N moved together into hole M, read as
/// `opening_to` and `opening_count`. `None` where the opening is not one.
fn transfer<'n>(
    reader: &mut Reader<'_>,
    play: &'n Node,
    ending: (u8, OpeningLeaves),
    situation: &Situation<'_>,
) -> Option<&'n Node> {
    let moves = play.arg(0).filter(|moves| moves.is_call("move"))?;
    let (from, to) = (child(moves, "from")?, child(moves, "to")?);
    let count = moves.named("count").and_then(Node::as_int)?;
    let parts = moves.children().iter().all(|part| {
        part.is_call("from")
            || part.is_call("to")
            || matches!(&part.kind, Kind::Named { key, .. } if key == "count")
    });
    if !parts
        || from.children().len() != 1
        || to.children().len() != 1
        || ending != (1, OpeningLeaves::Together)
        || !(1..=64).contains(&count)
    {
        return None;
    }
    let site = situation.context(1).int(to.arg(0)?).ok()?;
    let hole = (0..situation.board.holes).find(|&hole| situation.cells[hole] as i64 == site)?;
    reader.set("opening_to", situation.board.hole_name(hole), to);
    reader.set("opening_count", count, moves);
    from.arg(0)
}

/// Iyogh's gathering opening (`opening_sowing` `gather`): `(move (from HOLES if:(is Occupied
/// (from))) (to SITE) count:(count at:(from)))`, every counter of a hole of HOLES moved into
/// SITE, both read for each mover (`(mapEntry "RightMost" Mover)`). The `if:` is asked for:
/// the family lifts no empty hole, and an unguarded move of an empty hole's no counters is not
/// read as nothing.
struct Gathering<'n> {
    moves: &'n Node,
    holes: &'n Node,
    to: &'n Node,
}

impl<'n> Gathering<'n> {
    fn of(play: &'n Node) -> Option<Gathering<'n>> {
        let moves = play.arg(0).filter(|moves| moves.is_call("move"))?;
        let (from, to) = (child(moves, "from")?, child(moves, "to")?);
        let every = moves
            .named("count")
            .is_some_and(|count| count.to_string() == "(count at:(from))");
        let parts = moves.children().iter().all(|part| {
            part.is_call("from")
                || part.is_call("to")
                || matches!(&part.kind, Kind::Named { key, .. } if key == "count")
        });
        let occupied = from
            .named("if")
            .is_some_and(|test| test.to_string() == "(is Occupied (from))");
        (every
            && parts
            && occupied
            && from.positional().count() == 1
            && to.children().len() == 1
            && play.children().len() == 1)
            .then_some(Gathering {
                moves,
                holes: from.arg(0)?,
                to: to.arg(0)?,
            })
    }
}

/// Reads a gathering opening left by the mover once its holes are empty: for each mover, the
/// holes it lifts and the hole it fills, all of its own and apart.
fn read_gathering(
    reader: &mut Reader<'_>,
    gathering: &Gathering<'_>,
    next: &Node,
    situation: &Situation<'_>,
) {
    let board = situation.board;
    let hole_of = |site: usize| (0..board.holes).find(|&hole| situation.cells[hole] == site);
    let name_of = |hole: usize| {
        let name = board.hole_name(hole);
        (name.as_bytes()[0] - b'a', name[1..].parse().unwrap_or(0))
    };
    let (mut lifted, mut filled) = (Vec::new(), Vec::new());
    for mover in 1..=2u8 {
        let context = situation.context(mover);
        let own = situation.territory(usize::from(mover - 1));
        let sites = match context.sites(gathering.holes) {
            Ok(sites) => sites,
            Err(error) => {
                return reader.unknown(gathering.holes, error, "the holes an opening lifts");
            }
        };
        let to = context
            .int(gathering.to)
            .ok()
            .and_then(|site| usize::try_from(site).ok());
        let Some(to) = to.filter(|site| own.contains(site) && !sites.contains(site)) else {
            return reader.lack(
                gathering.to,
                format!("an opening that gathers counters other than into a hole of the mover's own it does not lift: {}", gathering.to),
            );
        };
        if sites.is_empty() || sites.iter().any(|site| !own.contains(site)) {
            return reader.lack(
                gathering.holes,
                format!(
                    "an opening that lifts holes not the mover's own: {}",
                    gathering.holes
                ),
            );
        }
        lifted.extend(sites.iter().filter_map(|&site| hole_of(site)).map(name_of));
        filled.extend(hole_of(to).map(name_of));
    }
    lifted.sort_unstable();
    filled.sort_unstable();
    let (Some(lifted), Some(filled)) = (HoleNames::listed(&lifted), HoleNames::listed(&filled))
    else {
        return reader.lack(
            gathering.holes,
            format!("an opening of too many holes: {}", gathering.holes),
        );
    };
    reader.set("opening_sowing", OpeningSowing::Gather, gathering.moves);
    reader.set("opening_turns", 1, next);
    reader.set("opening_leaves", OpeningLeaves::MoverHolesEmpty, next);
    reader.set(
        "opening_holes",
        engine::OptionValue::render_value(&lifted),
        gathering.holes,
    );
    reader.set(
        "opening_to",
        engine::OptionValue::render_value(&filled),
        gathering.to,
    );
    reader.default("opening_count", 0, gathering.moves);
    no_stepping(reader, gathering.moves);
}

/// The holes an opening of its own sowing lifts (`opening_sowing` `last-own-to-next`, Tapata's
/// first moves): its play is `(move Select (from HOLES) (then (sow … apply:(if C (fromTo (from
/// (to)) (to D))))))`, HOLES written alone or as `(difference HOLES (sites Empty))` (the family
/// lifts no empty hole), the sowing the main phase's one sowing but for its `apply:`, which
/// moves one counter of the last hole where C, exactly where `(to)` is a hole of the mover's
/// territory, to D, the first hole of the opponent's that the sowing's track reaches after it;
/// the main phase lifting a hole of any count. `None` where the opening is not one.
fn own_sowing<'n>(
    reader: &Reader<'_>,
    play: &'n Node,
    main: &Node,
    situation: &Situation<'_>,
) -> Option<&'n Node> {
    let moves = play.arg(0)?;
    let (from, then) = (child(moves, "from")?, child(moves, "then")?);
    let select = moves.is_call("move")
        && moves.children().len() == 3
        && moves.arg(0).is_some_and(|a| is_symbol(a, "Select"));
    if !select || from.children().len() != 1 || then.children().len() != 1 {
        return None;
    }
    let mut holes = from.arg(0)?;
    let empty = |node: &Node| {
        node.is_call("sites")
            && node.children().len() == 1
            && node.arg(0).is_some_and(|a| is_symbol(a, "Empty"))
    };
    if holes.is_call("difference") && holes.children().len() == 2 && holes.arg(1).is_some_and(empty)
    {
        holes = holes.arg(0)?;
    }
    let sow = then.arg(0).filter(|node| node.is_call("sow"))?;
    let main_sows: Vec<&Node> = main.walk().filter(|node| node.is_call("sow")).collect();
    let [main_sow] = main_sows.as_slice() else {
        return None;
    };
    let but_apply = |sow: &Node| -> Vec<String> {
        sow.children()
            .iter()
            .filter(|part| !matches!(&part.kind, Kind::Named { key, .. } if key == "apply"))
            .map(ToString::to_string)
            .collect()
    };
    if but_apply(sow) != but_apply(main_sow) {
        return None;
    }
    let apply = sow.named("apply").filter(|apply| apply.is_call("if"))?;
    let (Some(condition), Some(moved), None) = (apply.arg(0), apply.arg(1), apply.arg(2)) else {
        return None;
    };
    let (Some(source), Some(target)) = (child(moved, "from"), child(moved, "to")) else {
        return None;
    };
    let last = source.children().len() == 1
        && source
            .arg(0)
            .is_some_and(|to| to.is_call("to") && to.children().is_empty());
    if !moved.is_call("fromTo") || moved.children().len() != 2 || !last {
        return None;
    }
    let destination = target.arg(0).filter(|_| target.children().len() == 1)?;
    let way = sowing_way(reader)?;
    if reader
        .reading
        .get("min_to_sow")
        .map(|read| read.value.as_str())
        != Some("1")
    {
        return None;
    }
    let board = situation.board;
    for player in 0..2usize {
        let mover = player as u8 + 1;
        let next = &board.next[way][player];
        for hole in 0..board.holes {
            let mut context = situation.context(mover);
            context.to = situation.cells[hole] as i64;
            let own = board.territory[player] >> hole & 1 == 1;
            if context.boolean(condition).ok() != Some(own) {
                return None;
            }
            if !own {
                continue;
            }
            // The first hole of the opponent's along the track after this one.
            let mut entry = usize::from(next[hole]);
            for _ in 0..sowing::board::MAX_CELLS {
                if board.is_hole(entry) && board.territory[player] >> entry & 1 == 0 {
                    break;
                }
                entry = usize::from(next[entry]);
            }
            let to = board.is_hole(entry).then(|| situation.cells[entry] as i64);
            if context.int(destination).ok() != to {
                return None;
            }
        }
    }
    Some(holes)
}

/// The `(from …)` of a play of one kind of move, alone or the one move of an `(or {…} (then
/// …))` (Tuz's main phase, whose consequence ends the round).
fn from_of(play: &Node) -> Option<&Node> {
    let mut moves = play.arg(0)?;
    if moves.is_call("or")
        && let Some([only]) = moves.arg(0).and_then(Node::as_array)
    {
        moves = only;
    }
    moves.is_call("move").then(|| child(moves, "from"))?
}

/// The relay's condition and hole of a `(from …)` (`(if (is Mover Prev) (sites {(last To)})
/// holes)`), when it has one, and the holes it lifts otherwise.
type Fresh<'n> = (Option<(&'n Node, &'n Node)>, &'n Node);

fn fresh(from: &Node) -> Option<Fresh<'_>> {
    let sites = from.arg(0)?;
    if sites.is_call("if")
        && let (Some(condition), Some(relay), Some(otherwise)) =
            (sites.arg(0), sites.arg(1), sites.arg(2))
    {
        return Some((Some((condition, relay)), otherwise));
    }
    Some((None, sites))
}

/// Whether `a` and `b` are written alike but for the pair `skip`.
fn alike(a: &Node, b: &Node, skip: (&Node, &Node)) -> bool {
    if std::ptr::eq(a, skip.0) && std::ptr::eq(b, skip.1) {
        return true;
    }
    match (&a.kind, &b.kind) {
        (
            Kind::Named { key, value },
            Kind::Named {
                key: other,
                value: other_value,
            },
        ) => key == other && alike(value, other_value, skip),
        _ if !a.children().is_empty() || !b.children().is_empty() => {
            std::mem::discriminant(&a.kind) == std::mem::discriminant(&b.kind)
                && a.head() == b.head()
                && a.children().len() == b.children().len()
                && a.children()
                    .iter()
                    .zip(b.children())
                    .all(|(x, y)| alike(x, y, skip))
        }
        _ => a.to_string() == b.to_string(),
    }
}

/// Where the opening lifts without the main phase's condition on the hole (one first move), its
/// holes hold at least the counters the main phase lifts from at the start.
fn lifts_from_the_start(reader: &Reader<'_>, named: &[(u8, u8)], board: &Board) -> bool {
    let value = |key: &str| reader.reading.get(key).map(|r| r.value.clone());
    let (Some(seeds), Some(layout), Some(least)) =
        (value("seeds"), value("start_counts"), value("min_to_sow"))
    else {
        return false;
    };
    let parse = |text: &str| -> Option<u8> { text.parse().ok() };
    let (Some(seeds), Some(least)) = (parse(&seeds), parse(&least)) else {
        return false;
    };
    let Ok(layout) = <sowing::StartCounts as engine::OptionValue>::parse_value(&layout) else {
        return false;
    };
    named.iter().all(|&(row, place)| {
        board
            .hole_at(usize::from(row), usize::from(place))
            .is_some_and(|hole| layout.holes().map_or(seeds, |counts| counts[hole]) >= least.max(1))
    })
}

/// A stepping opening's play, Tuz's: `(move Select (from (if "SameTurn" (sites
/// {(trackSite Move from:(last From) TRACK steps:N)}) HOLES)) (then (sow count:1 TRACK
/// apply:…)))`, its parts as written.
struct Stepping<'n> {
    /// The `(from …)`.
    from: &'n Node,
    /// The holes the turn goes on from, `(sites {AHEAD})`.
    relay: &'n Node,
    /// The hole the turn goes on from, `(trackSite Move from:(last From) TRACK steps:N)`.
    ahead: &'n Node,
    /// The holes of the opening's first move.
    holes: &'n Node,
    /// The `(sow …)`.
    sow: &'n Node,
}

impl<'n> Stepping<'n> {
    /// The parts of a play whose fresh moves in the same turn lift the hole a track's steps
    /// ahead of the one the last move lifted, where it is one.
    fn of(play: &'n Node) -> Option<Stepping<'n>> {
        let (from, then) = branches::select(play.arg(0)?)?;
        let sites = from.arg(0)?;
        let (Some(condition), Some(relay), Some(holes)) =
            (sites.arg(0), sites.arg(1), sites.arg(2))
        else {
            return None;
        };
        let ahead = match relay.arg(0).and_then(Node::as_array) {
            Some([ahead]) if relay.is_call("sites") && ahead.is_call("trackSite") => ahead,
            _ => return None,
        };
        let from_last = ahead
            .named("from")
            .is_some_and(|f| f.to_string() == "(last From)");
        let sow = then.arg(0).filter(|sow| sow.is_call("sow"))?;
        (sites.is_call("if") && branches::same_turn(condition) && from_last).then_some(Stepping {
            from,
            relay,
            ahead,
            holes,
            sow,
        })
    }
}

/// The track and steps of `(trackSite Move from:FROM TRACK steps:N)`, FROM written as `from`.
fn track_steps<'n>(site: &'n Node, from: &str) -> Option<(&'n str, i64)> {
    let written = site.is_call("trackSite")
        && site.arg(0).is_some_and(|a| is_symbol(a, "Move"))
        && site.named("from").is_some_and(|f| f.to_string() == from)
        && site.children().len() == 4;
    let track = site.positional().find_map(Node::as_str)?;
    let steps = site.named("steps")?.as_int()?;
    written.then_some((track, steps))
}

/// Whether a stepping opening of `turns` turns leaving as `leaves` ends where its stepping
/// stops (one turn, every player handed over together after it); otherwise a lack at `next`.
pub(super) fn ends_where_stepping_stops(
    reader: &mut Reader<'_>,
    next: &Node,
    (turns, leaves): (u8, OpeningLeaves),
) -> bool {
    let stops = (turns, leaves) == (1, OpeningLeaves::TogetherAfterTurn);
    if !stops {
        reader.lack(
            next,
            format!("a stepping opening that ends other than where its stepping stops: {next}"),
        );
    }
    stops
}

/// Reads a stepping opening (Tuz's): one turn of moves of one counter each, into the next hole
/// along the main phase's track, the turn going on from the hole `N` steps ahead of the one
/// lifted until that hole is one of the holes its sowing's consequence names, which then marks
/// a hole where it holds a count; its `(nextPhase …)` must hand every player over when that
/// turn ends.
fn read_stepping(
    reader: &mut Reader<'_>,
    step: &Stepping<'_>,
    main_play: &Node,
    next: &Node,
    (turns, leaves): (u8, OpeningLeaves),
    situation: &Situation<'_>,
) {
    if !ends_where_stepping_stops(reader, next, (turns, leaves)) {
        return;
    }
    let Some((track, steps)) = track_steps(step.ahead, "(last From)") else {
        reader.lack(
            step.ahead,
            format!(
                "a stepping opening's next hole the family does not read: {}",
                step.ahead
            ),
        );
        return;
    };
    if step.from.named("if").is_some() {
        reader.lack(
            step.from,
            format!(
                "a stepping opening that lifts holes under a condition: {}",
                step.from
            ),
        );
        return;
    }
    // The sowing moves one counter along the track the main phase sows.
    let sow = step.sow;
    let one = sow.named("count").and_then(Node::as_int) == Some(1);
    let along = sow
        .positional()
        .filter_map(Node::as_str)
        .collect::<Vec<_>>()
        == [track];
    let main_track = main_play
        .walk()
        .filter(|n| n.is_call("sow"))
        .all(|n| n.positional().filter_map(Node::as_str).collect::<Vec<_>>() == [track]);
    let apply = sow.named("apply");
    if !one || !along || !main_track || sow.children().len() != 3 || apply.is_none() {
        reader.lack(
            sow,
            format!("a stepping opening whose moves are not one counter sown along the main phase's track: {sow}"),
        );
        return;
    }
    let Some(apply) = apply.filter(|a| {
        a.is_call("if")
            && a.arg(1).is_some_and(|m| m.is_call("moveAgain"))
            && a.children().len() <= 3
    }) else {
        reader.lack(
            sow,
            format!("a stepping opening that goes on other than until it stops: {sow}"),
        );
        return;
    };
    // `(not (is In (trackSite Move from:(from) TRACK steps:N) STOP))`
    let stop = apply
        .arg(0)
        .filter(|c| c.is_call("not"))
        .and_then(|c| c.arg(0))
        .filter(|c| {
            c.is_call("is")
                && c.arg(0).is_some_and(|a| is_symbol(a, "In"))
                && c.children().len() == 3
        })
        .filter(|c| c.arg(1).and_then(|site| track_steps(site, "(from)")) == Some((track, steps)))
        .and_then(|c| c.arg(2));
    let Some(stop) = stop else {
        reader.lack(
            apply,
            format!(
                "a stepping opening that stops other than at the hole it would step to: {apply}"
            ),
        );
        return;
    };
    let context = situation.context(1);
    let named = |reader: &mut Reader<'_>, node: &Node| -> Option<String> {
        let sites = match context.sites(node) {
            Ok(sites) => sites,
            Err(error) => {
                reader.unknown(node, error, "the holes a stepping opening names");
                return None;
            }
        };
        hole_names(reader, node, &sites, situation)
    };
    let Some(holes) = named(reader, step.holes) else {
        return;
    };
    let Some(stops) = named(reader, stop) else {
        return;
    };
    let (mark, count) = match apply.arg(2) {
        None => ("none".to_string(), 0),
        Some(mark) => {
            let Some((site, count)) = opening_mark(mark) else {
                reader.lack(mark, format!("what a stepping opening does when it stops, which the family does not have: {mark}"));
                return;
            };
            let site = usize::try_from(site).unwrap_or(usize::MAX);
            let Some(name) = hole_names(reader, mark, &[site], situation) else {
                return;
            };
            (name, count)
        }
    };
    let Ok(steps) = u8::try_from(steps) else {
        reader.lack(
            step.ahead,
            format!("a stepping opening of too many steps: {}", step.ahead),
        );
        return;
    };
    reader.set("opening_turns", 1, next);
    reader.set("opening_leaves", leaves, next);
    reader.set("opening_holes", holes, step.holes);
    reader.set("opening_step", steps, step.relay);
    reader.set("opening_stop", stops, stop);
    let mark_node = apply.arg(2).unwrap_or(apply);
    reader.set("opening_mark", mark, mark_node);
    reader.set("opening_mark_count", count, mark_node);
    reader.default("opening_take", "none", mark_node);
}

/// The site a stepping opening marks as the mover's when it stops, and the count it must hold
/// there (0 for any): `(set State at:H (mover))`, alone or under `(if (= K (count at:H)) …)`.
fn opening_mark(mark: &Node) -> Option<(i64, u8)> {
    let set_state = |node: &Node| -> Option<i64> {
        let written = node.is_call("set")
            && node.arg(0).is_some_and(|a| is_symbol(a, "State"))
            && node.arg(1).is_some_and(|m| m.to_string() == "(mover)")
            && node.children().len() == 3;
        written.then(|| node.named("at")?.as_int())?
    };
    if let Some(site) = set_state(mark) {
        return Some((site, 0));
    }
    let (Some(test), Some(then), None) = (mark.arg(0), mark.arg(1), mark.arg(2)) else {
        return None;
    };
    let site = set_state(then).filter(|_| mark.is_call("if"))?;
    let count_at = |node: &Node| {
        node.is_call("count")
            && node.children().len() == 1
            && node.named("at").and_then(Node::as_int) == Some(site)
    };
    let count = match (test.arg(0), test.arg(1)) {
        (Some(k), Some(c)) if count_at(c) => k.as_int()?,
        (Some(c), Some(k)) if count_at(c) => k.as_int()?,
        _ => return None,
    };
    let count = u8::try_from(count).ok().filter(|&c| c > 0)?;
    (test.is_call("=") && test.children().len() == 2).then_some((site, count))
}

/// Ludii's `sites` as the family's hole names (`a6,b2`), or a lack at `node` where one is not
/// a hole.
pub(super) fn hole_names(
    reader: &mut Reader<'_>,
    node: &Node,
    sites: &[usize],
    situation: &Situation<'_>,
) -> Option<String> {
    let board = situation.board;
    let mut named = Vec::new();
    for site in sites {
        let Some(hole) = (0..board.holes).find(|&hole| situation.cells[hole] == *site) else {
            reader.lack(
                node,
                format!("a stepping opening naming a site that is not a hole: {node}"),
            );
            return None;
        };
        let name = board.hole_name(hole);
        named.push((name.as_bytes()[0] - b'a', name[1..].parse().unwrap_or(0)));
    }
    named.sort_unstable();
    let Some(names) = HoleNames::listed(&named).filter(|n| !n.is_empty()) else {
        reader.lack(
            node,
            format!("a stepping opening of too many holes, or none: {node}"),
        );
        return None;
    };
    Some(engine::OptionValue::render_value(&names))
}

/// An opening sown as the main phase lays its counters but for no capture or relay (Spreta's
/// first moves): its play is `(move Select (from HOLES if:C) (then (sow …)))`, the sowing
/// written as every sowing of the main phase but without an `apply:`.
struct Plain<'n> {
    /// The holes lifted, before the condition.
    holes: &'n Node,
    /// The condition on the hole lifted, where there is one.
    condition: Option<&'n Node>,
    /// The `(sow …)`.
    sow: &'n Node,
}

impl<'n> Plain<'n> {
    /// The parts of an opening whose moves sow as the main phase's sowings (all of them written
    /// alike but for their `apply:`) with no `apply:` of their own.
    fn of(play: &'n Node, main: &Node) -> Option<Plain<'n>> {
        let moves = play.arg(0)?;
        let (from, then) = (child(moves, "from")?, child(moves, "then")?);
        let select = moves.is_call("move")
            && moves.children().len() == 3
            && moves.arg(0).is_some_and(|a| is_symbol(a, "Select"));
        let from_parts = from.children().iter().all(|part| match &part.kind {
            Kind::Named { key, .. } => key == "if",
            _ => true,
        });
        if !select || !from_parts || from.positional().count() != 1 || then.children().len() != 1 {
            return None;
        }
        let holes = from.arg(0).filter(|holes| !holes.is_call("if"))?;
        let sow = then
            .arg(0)
            .filter(|node| node.is_call("sow") && node.named("apply").is_none())?;
        let but_apply = |sow: &Node| -> Vec<String> {
            sow.children()
                .iter()
                .filter(|part| !matches!(&part.kind, Kind::Named { key, .. } if key == "apply"))
                .map(ToString::to_string)
                .collect()
        };
        let main_sows: Vec<&Node> = main.walk().filter(|node| node.is_call("sow")).collect();
        let alike = !main_sows.is_empty()
            && main_sows
                .iter()
                .all(|main_sow| but_apply(main_sow) == but_apply(sow));
        alike.then_some(Plain {
            holes,
            condition: from.named("if"),
            sow,
        })
    }
}

/// Reads a plain opening (`opening_sowing` `plain`): the holes its moves lift are those of HOLES
/// where C holds on the start's counts, read for each player who plays the opening, which must
/// be each player's first move alone (player 1's the game's first, the other player's
/// leaving the holes it lifts as they were at the start).
fn read_plain(
    reader: &mut Reader<'_>,
    plain: &Plain<'_>,
    next: &Node,
    (turns, leaves): (u8, OpeningLeaves),
    situation: &Situation<'_>,
) {
    let players: u8 = match (turns, leaves) {
        (1, OpeningLeaves::Together) => 1,
        (1, OpeningLeaves::MoverAfterMove | OpeningLeaves::MoverAfterTurn) => 2,
        _ => {
            reader.lack(
                next,
                format!("an opening of plain sowings beyond each player's first move: {next}"),
            );
            return;
        }
    };
    let Some(start) = start_counts(reader, situation.board) else {
        return reader.lack(
            plain.holes,
            format!(
                "an opening whose holes are read on a start the family does not read: {}",
                plain.holes
            ),
        );
    };
    let least = reader
        .reading
        .get("min_to_sow")
        .and_then(|read| read.value.parse::<u16>().ok())
        .unwrap_or(1)
        .max(1);
    let Some(way) = sowing_way(reader) else {
        return reader.lack(
            plain.sow,
            format!(
                "an opening of plain sowings either way round: {}",
                plain.sow
            ),
        );
    };
    let board = situation.board;
    let mut lifted = [0u64; 2];
    for mover in 1..=players {
        let mut context = situation.context(mover);
        for (&site, &count) in situation.cells.iter().zip(&start) {
            context.counts[site] = i64::from(count);
        }
        let sites = match context.sites(plain.holes) {
            Ok(sites) => sites,
            Err(error) => return reader.unknown(plain.holes, error, "the holes an opening lifts"),
        };
        for hole in (0..board.holes).filter(|&hole| sites.contains(&situation.cells[hole])) {
            context.from = situation.cells[hole] as i64;
            let holds = match plain.condition.map(|condition| context.boolean(condition)) {
                None => Ok(true),
                Some(result) => result,
            };
            match holds {
                Ok(true) => lifted[usize::from(mover - 1)] |= 1 << hole,
                Ok(false) => {}
                Err(error) => {
                    let condition = plain.condition.unwrap_or(plain.holes);
                    return reader.unknown(condition, error, "the holes an opening lifts");
                }
            }
        }
        let own = board.territory[usize::from(mover - 1)];
        let mine = lifted[usize::from(mover - 1)];
        let short = (0..board.holes).any(|hole| mine >> hole & 1 == 1 && start[hole] < least);
        if mine == 0 || mine & !own != 0 || short {
            return reader.lack(
                plain.holes,
                format!("an opening that lifts holes not the mover's own, or none holding the counters the main phase lifts: {}", plain.holes),
            );
        }
    }
    // Player 1's first move leaves the holes player 2 lifts as they were at the start.
    let next_cell = &board.next[way][0];
    for from in (0..board.holes).filter(|&hole| lifted[0] >> hole & 1 == 1) {
        let mut cell = from;
        for _ in 0..start[from] {
            cell = usize::from(next_cell[cell]);
            if cell < board.holes && lifted[1] >> cell & 1 == 1 {
                return reader.lack(
                    plain.holes,
                    format!(
                        "an opening whose first move reaches the holes the opponent's lifts: {}",
                        plain.holes
                    ),
                );
            }
        }
    }
    let mut named: Vec<(u8, u8)> = (0..board.holes)
        .filter(|&hole| (lifted[0] | lifted[1]) >> hole & 1 == 1)
        .map(|hole| {
            let name = board.hole_name(hole);
            (name.as_bytes()[0] - b'a', name[1..].parse().unwrap_or(0))
        })
        .collect();
    named.sort_unstable();
    let Some(names) = HoleNames::listed(&named) else {
        return reader.lack(
            plain.holes,
            format!("an opening of too many holes: {}", plain.holes),
        );
    };
    reader.set("opening_sowing", OpeningSowing::Plain, plain.sow);
    reader.set("opening_turns", turns, next);
    reader.set("opening_leaves", leaves, next);
    let at = plain.condition.unwrap_or(plain.holes);
    reader.set(
        "opening_holes",
        engine::OptionValue::render_value(&names),
        at,
    );
}

/// The start's count of each hole of `board`, as the game's reading has it.
fn start_counts(reader: &Reader<'_>, board: &Board) -> Option<Vec<u16>> {
    let value = |key: &str| reader.reading.get(key).map(|r| r.value.clone());
    let seeds: u8 = value("seeds")?.parse().ok()?;
    let layout =
        <sowing::StartCounts as engine::OptionValue>::parse_value(&value("start_counts")?).ok()?;
    Some(
        (0..board.holes)
            .map(|hole| u16::from(layout.holes().map_or(seeds, |counts| counts[hole])))
            .collect(),
    )
}

/// The one way round the main phase sows (0 anticlockwise, 1 clockwise), as the reading has
/// it; `None` where it sows either way or has not been read.
pub(super) fn sowing_way(reader: &Reader<'_>) -> Option<usize> {
    match reader
        .reading
        .get("direction")
        .map(|read| read.value.as_str())
    {
        Some("anticlockwise") => Some(0),
        Some("clockwise") => Some(1),
        _ => None,
    }
}
