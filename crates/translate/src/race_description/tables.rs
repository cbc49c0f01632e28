//! Readings of the Tables games among Ludii's race descriptions (Alfonso X's and their kin)
//! that the other race games do not need.

use ludii::{Kind, Node};

use super::{Action, Case, Destination, Equipment, Occupant, Reader, track_list};
use crate::eval::is_symbol;

/// `(fromTo (from (to)) (to GOBACK))`, where GOBACK is Todas Tablas's chain `(if (and (!= (to)
/// R0) (not (is Friend (who at:R0)))) R0 (if … Rk Off))` of the sites `Rk = (regionSite
/// (sites Next "Name") index:k)`: the captured piece returns to the first site of its owner's
/// region, in the region's order (Ludii keeps a region's sites sorted), that is not the cell of
/// the capture and where no piece of the capturer stands. Read as those sites' positions on
/// the captured player's own track, from 1, the family's `capture_return`, when every player's
/// give the same. An index past the region's sites finds none, as `Off` at the end does: Ludii
/// then makes no return at all. `None` when the effect is not of this form; otherwise the
/// positions, or why they cannot be read.
pub(super) fn return_to_start(
    effect: &Node,
    equipment: &Equipment<'_>,
) -> Option<Result<String, String>> {
    let to_piece_site = effect.arg(0).is_some_and(|from| {
        from.is_call("from")
            && from
                .arg(0)
                .is_some_and(|s| s.is_call("to") && s.children().is_empty())
    });
    let target = effect
        .arg(1)
        .filter(|to| to.is_call("to") && to.children().len() == 1)
        .and_then(|to| to.arg(0))
        .filter(|_| effect.is_call("fromTo") && effect.children().len() == 2 && to_piece_site)?;
    let (name, indices) = region_chain(target)?;
    let Some(seats) = &equipment.seat_tracks else {
        return Some(Err(
            "a return to a region, on tracks the reader does not read".into(),
        ));
    };
    if seats.len() != 2 {
        // `Next` is the captured piece's owner only between two players.
        return Some(Err(
            "a return to the region of the next player among more than two".into(),
        ));
    }
    let mut read: Option<Vec<usize>> = None;
    for (seat, track) in seats.iter().enumerate() {
        let Some(region) = equipment
            .named_player_regions
            .get(&(name.clone(), seat as u8 + 1))
        else {
            return Some(Err(format!(
                "a return to a region {name:?} the equipment does not give"
            )));
        };
        let mut positions = Vec::new();
        for &index in &indices {
            let Some(&site) = region.get(index) else {
                continue;
            };
            let Some(position) = track.iter().position(|&cell| cell == site) else {
                return Some(Err(format!(
                    "a return to site {site}, off the track of P{}",
                    seat + 1
                )));
            };
            positions.push(position + 1);
        }
        match &read {
            Some(first) if *first != positions => {
                return Some(Err(
                    "a return to positions that differ from player to player".into(),
                ));
            }
            _ => read = Some(positions),
        }
    }
    let positions = read.filter(|p| !p.is_empty())?;
    Some(Ok(positions
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")))
}

/// The region's name and the indices, in the order tried, of the chain ending in `Off`.
fn region_chain(mut node: &Node) -> Option<(String, Vec<usize>)> {
    let mut name: Option<String> = None;
    let mut indices = Vec::new();
    while !is_symbol(node, "Off") {
        let (condition, site, otherwise) = super::if_parts(node)?;
        let free = format!("(and (!= (to) {site}) (not (is Friend (who at:{site}))))");
        if condition.to_string() != free {
            return None;
        }
        let (region, index) = region_site(site)?;
        if name.get_or_insert_with(|| region.clone()) != &region {
            return None;
        }
        indices.push(index);
        node = otherwise;
    }
    name.map(|name| (name, indices))
}

/// `(regionSite (sites Next "Name") index:k)`: the region's name and k.
fn region_site(node: &Node) -> Option<(String, usize)> {
    let sites = node
        .arg(0)
        .filter(|_| node.is_call("regionSite") && node.children().len() == 2)?;
    let next = sites.arg(0).is_some_and(|n| is_symbol(n, "Next"));
    let name = sites
        .arg(1)
        .and_then(Node::as_str)
        .filter(|_| next && sites.is_call("sites") && sites.children().len() == 2)?;
    let index = usize::try_from(node.named("index")?.as_int()?).ok()?;
    Some((name.to_string(), index))
}

/// The consequence written after the choice of pieces of a turn, `(or (forEach Piece …)
/// (forEach Piece container:(mover) …) (then …))` (Emperador, Medio Emperador, Los Doze Canes,
/// Cab e Quinal): Ludii adds an `or`'s consequence to every move it lists, as a piece's own
/// would be. `None` when the choice has none.
pub(super) fn turn_consequence(next: &Node) -> Option<&Node> {
    next.children()
        .last()
        .filter(|then| next.is_call("or") && then.is_call("then"))
}

/// `(if (and (no Moves P1) (no Moves P2)) (result Mover Draw))` beside the first out's win (the
/// Emperador kin): the rules' draw when neither player can move. Ludii flags a player without
/// moves only when its legal moves are empty, and a turn thrown in `(do … next:…)` is never
/// without one: when nothing follows the throw, `Do` lists a forced pass itself
/// (`Do.prependPreMoves`, in a game with dice). So as Ludii plays it the rule never ends a
/// game: `Ok(true)`, the family's `draw_when_none_can_move` false. `None` when the rule is not
/// this one; an error when the turn is not thrown so.
pub(super) fn draw_when_none_can_move(
    rule: &Node,
    play: Option<&Node>,
) -> Option<Result<bool, String>> {
    if rule.to_string() != "(if (and (no Moves P1) (no Moves P2)) (result Mover Draw))" {
        return None;
    }
    let thrown_in_do = play
        .and_then(|p| p.arg(0))
        .is_some_and(|turn| turn.is_call("do") && turn.named("next").is_some());
    Some(if thrown_in_do {
        Ok(true)
    } else {
        Err(format!(
            "a draw when neither player can move, beside a turn not thrown in (do … next:…): {}",
            super::Brief(rule)
        ))
    })
}

/// Whether some `(set Value …)` in the game sets a value other than `Undefined`: where none
/// does, every player's value stays Ludii's Undefined, at which it starts.
pub(super) fn values_set(node: &Node) -> bool {
    let sets_other = node.is_call("set")
        && node.arg(0).is_some_and(|v| is_symbol(v, "Value"))
        && node
            .children()
            .last()
            .is_none_or(|value| !is_symbol(value, "Undefined"));
    sets_other
        || match &node.kind {
            Kind::Named { value, .. } => values_set(value),
            Kind::Array(nodes) | Kind::Group(nodes) => nodes.iter().any(values_set),
            _ => node.children().iter().any(values_set),
        }
}

/// Cab e Quinal's consequence under its three dice, `(then (if (or (= (value Player Mover)
/// Undefined) (not (all DiceUsed))) (moveAgain) (if (and (all DiceUsed) (= (value Player
/// Mover) 1)) (set Value Mover Undefined))))`, in a game where no player's value is ever set
/// otherwise than to Undefined (`values_set` false): the value stays Undefined, so the mover
/// is asked for another move after every die, the last too, and Ludii's forced pass answers
/// the one after the last (the family's `pass_after_last_die`). `Some(true)` when the
/// consequence is this one, `None` otherwise.
pub(super) fn again_after_every_die(then: &Node, values_set: bool) -> Option<bool> {
    let written = "(then (if (or (= (value Player Mover) Undefined) (not (all DiceUsed))) \
        (moveAgain) (if (and (all DiceUsed) (= (value Player Mover) 1)) (set Value Mover \
        Undefined))))";
    (!values_set && then.to_string() == written).then_some(true)
}

/// `(mapEntry (next))`, or between two players `(mapEntry (mover))`, whose unnamed map gives,
/// whoever moves, the first site of the captured player's own track: the bar of Ludii's
/// Tables descriptions, where a captured piece waits to enter its track again (Imperial's
/// `(map {(pair 1 19) (pair 2 6)})` sends the piece player 1 takes to site 19, where player 2's
/// track begins); likewise a named map keyed by the players' roles, `(mapEntry "Bar" Next)`
/// or `(mapEntry "Bar" Mover)` (Verquere's `(map "Bar" {(pair P1 6) (pair P2 19)})`). The
/// map's name (none for the unnamed one) where the site is such a bar.
pub(super) fn to_bar(site: &Node, equipment: &Equipment<'_>) -> Option<Option<String>> {
    let (name, keyed_by_captured) = match site.to_string().as_str() {
        "(mapEntry (next))" => (None, true),
        "(mapEntry (mover))" => (None, false),
        _ => {
            let name = site
                .arg(0)
                .and_then(Node::as_str)
                .filter(|_| site.is_call("mapEntry") && site.children().len() == 2)?;
            match site.arg(1).and_then(Node::as_symbol) {
                Some("Next") => (Some(name.to_string()), true),
                Some("Mover") => (Some(name.to_string()), false),
                _ => return None,
            }
        }
    };
    let (seats, (map, _)) = (equipment.seat_tracks.as_ref()?, equipment.maps.get(&name)?);
    let bar = seats.len() == 2
        && (0..2).all(|mover| {
            let captured = 1 - mover;
            let keyed = if keyed_by_captured { captured } else { mover };
            map.get(&(keyed as i64 + 1)).copied() == seats[captured].first().map(|&c| c as i64)
        });
    bar.then_some(name)
}

/// The bar read as the hand (see [`to_bar`]): a piece there enters its track with a die of v
/// on the v-th site past it, as from the hand, and moves as any other (no rule makes it enter
/// first). So each track is read without its first site, every start one position earlier.
/// A bar that another track passes, or on which a piece starts, is named at the map.
pub(super) fn bar_as_hand(reader: &mut Reader, equipment: &Equipment<'_>, name: Option<String>) {
    let (Some(seats), Some((_, map))) = (&equipment.seat_tracks, equipment.maps.get(&name)) else {
        return;
    };
    let passed_again = seats.iter().enumerate().any(|(seat, track)| {
        seats.iter().enumerate().any(|(other, cells)| {
            let skip = usize::from(other == seat);
            cells[skip..].contains(&track[0])
        })
    });
    if passed_again {
        reader.lack(map, "a bar that a track passes");
        return;
    }
    let value = track_list(seats.iter().map(|cells| &cells[1..]));
    if let Some(read) = reader.reading.get_mut("tracks") {
        read.value = value;
    }
    if !super::start_off_the_bar(reader) {
        reader.lack(map, "a piece that starts on the bar");
        return;
    }
    reader.set("enter_counts_first_cell", true, map);
}

/// Each player's cells of its own track where its pieces may not land on its own, from the
/// moves read for each player in turn (`tables`, the first player's first): Ludus
/// Lombardorum's `(or (not (is In (to) (sites Mover))) (and (is In (to) (sites Mover)) (= (size
/// Stack at:(to)) 0)))`, its own region landed on only when empty. The family's
/// `no_stack_cells`, `none` where every player stacks everywhere; `None` where a player stacks
/// nowhere on its track, which is no such cells.
pub(super) fn no_stack_cells(
    tables: &[Vec<(Case, Option<Action>)>],
    equipment: &Equipment<'_>,
) -> Option<String> {
    let seats = equipment.seat_tracks.as_ref()?;
    let mut refused: Vec<Vec<usize>> = Vec::new();
    for (track, table) in seats.iter().zip(tables) {
        let mut cells: Vec<usize> = track
            .iter()
            .copied()
            .filter(|&cell| {
                table.iter().any(|(case, action)| {
                    case.to == Destination::Cell(cell)
                        && case.occupant == Occupant::Friend
                        && action.is_none()
                })
            })
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let mut distinct = track.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if cells.len() == distinct.len() {
            return None;
        }
        refused.push(cells);
    }
    if refused.len() != seats.len() {
        return None;
    }
    if refused.iter().all(Vec::is_empty) {
        return Some("none".into());
    }
    Some(
        refused
            .iter()
            .map(|cells| {
                if cells.is_empty() {
                    "none".into()
                } else {
                    cells
                        .iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            })
            .collect::<Vec<_>>()
            .join(" | "),
    )
}

/// `(if (or (is Pending) (not ("SameTurn"))) (roll))`: the dice are thrown at a turn's start
/// and again where the move before set Pending (Ludii keeps Pending from one move to the next
/// only: `Game.applyInternal` reboots it before every move, so `(is Pending)` asks whether the
/// last move set it). Read only beside a consequence that sets it ([`again_on_doubles`]).
pub(super) fn pending_roll(roll: &Node) -> bool {
    roll.to_string() == "(if (or (is Pending) (not (\"SameTurn\"))) (roll))"
}

/// The consequence of Pareia de Entrada's dice, `(then (and (if (not (all DiceUsed))
/// (moveAgain)) (if (and (all DiceUsed) (all DiceEqual)) (and (set Pending) (moveAgain)))))`:
/// another move while a die is unused, and after the last die of a throw whose dice all
/// showed one face (Ludii's roll sets `(all DiceEqual)` from the faces thrown) another move
/// with Pending set, which the [`pending_roll`] throws anew: the family's
/// `another_throw_on_doubles`. A die no piece can use is Ludii's forced pass, which carries no
/// consequence, so a throw with a die passed gives no other. `Some(false)` (no pass after the
/// last die) when the consequence is this one, `None` otherwise.
pub(super) fn again_on_doubles(then: &Node) -> Option<bool> {
    let written = "(then (and (if (not (all DiceUsed)) (moveAgain)) (if (and (all DiceUsed) \
        (all DiceEqual)) (and (set Pending) (moveAgain)))))";
    (then.to_string() == written).then_some(false)
}

/// `(if (and (not (is Pending)) (not ("SameTurn"))) (roll))`: the dice are thrown where a
/// player's turn begins, unless the move before set Pending. Read only beside the turn that
/// sets it ([`dice_to_next`]).
pub(super) fn roll_unless_pending(roll: &Node) -> bool {
    roll.to_string() == "(if (and (not (is Pending)) (not (\"SameTurn\"))) (roll))"
}

/// Laquet's choice of moves beside [`roll_unless_pending`], `(if (can Move (forEach Piece))
/// (forEach Piece top:True (then …)) (move Pass (then (set Pending))))`: while a piece can use
/// an unused die the mover plays it; otherwise the mover passes with Pending set and without
/// another move, so the next player's turn begins without a throw and plays the dice left
/// (Ludii's dice keep their values; a die used is 0): the family's `unplayable_dice_to_next`.
/// `(can Move (forEach Piece))` asks what the choice asks, pieces of a side being alike. The
/// choice of pieces with its consequence, and the pass, when the turn is this one.
pub(super) fn dice_to_next(next: &Node) -> Option<(&Node, &Node, &Node)> {
    let (condition, choice, pass) = super::if_parts(next)?;
    let then = choice
        .children()
        .last()
        .filter(|then| then.is_call("then"))?;
    let piece_choice = choice.is_call("forEach")
        && choice.arg(0).is_some_and(|p| is_symbol(p, "Piece"))
        && choice.named("container").is_none();
    (condition.to_string() == "(can Move (forEach Piece))"
        && piece_choice
        && pass.to_string() == "(move Pass (then (set Pending)))")
        .then_some((choice, then, pass))
}

/// Kotra's entry beside the pieces' own moves, `(or (if (is Occupied (handSite Mover))
/// (forEach Die replayDouble:R if:C (move (from (handSite Mover)) (to (trackSite Move
/// from:(mapEntry "NAME" Mover) steps:(- (pips) 1)) if:(is Empty (to)))) T)) PIECES)`, R, C
/// and T the pieces' own dice's: the captured pieces, in the hand, enter by any die (Ludii's
/// `Or` lists both, so entering does not come first), the v-th cell counted from the map's
/// site, which must be the first of each track, and only where no piece stands, of either
/// side (the family's `enter_stack_limit` 1). The pieces' moves, the entry's landing
/// condition and the map's name, when `next` is so written.
pub(super) fn hand_entry<'n>(
    next: &'n Node,
    equipment: &Equipment<'_>,
) -> Option<(&'n Node, &'n Node, String)> {
    let [entry, pieces] = next.children() else {
        return None;
    };
    if !next.is_call("or")
        || pieces.to_string() != "(forEach Piece top:True)"
        || !entry.is_call("if")
        || entry.children().len() != 2
        || entry.arg(0)?.to_string() != "(is Occupied (handSite Mover))"
    {
        return None;
    }
    let dice = entry.arg(1)?;
    let [(_, own)] = equipment.moves.as_slice() else {
        return None;
    };
    let move_ = dice.positional().nth(1)?;
    let named = |n: &Node, key: &str| n.named(key).map(Node::to_string);
    let alike = dice.is_call("forEach")
        && own.is_call("forEach")
        && dice.arg(0).and_then(Node::as_symbol) == Some("Die")
        && own.arg(0).and_then(Node::as_symbol) == Some("Die")
        && named(dice, "replayDouble") == named(own, "replayDouble")
        && named(dice, "if") == named(own, "if")
        && own.children().last().map(Node::to_string)
            == dice.children().last().map(Node::to_string)
        && dice.children().len() == own.children().len();
    if !alike || !move_.is_call("move") {
        return None;
    }
    let (from, to) = (move_.arg(0)?, move_.arg(1)?);
    let site = to.arg(0)?;
    let name = site
        .named("from")
        .filter(|m| m.is_call("mapEntry"))
        .and_then(|m| m.arg(0))
        .and_then(Node::as_str)?
        .to_string();
    let written = format!("(trackSite Move from:(mapEntry \"{name}\" Mover) steps:(- (pips) 1))");
    let landing = to.named("if")?;
    let first_cells = equipment.seat_tracks.as_ref().is_some_and(|seats| {
        let entries = equipment.maps.get(&Some(name.clone())).map(|(m, _)| m);
        seats.iter().enumerate().all(|(seat, cells)| {
            let entry = entries.and_then(|m| m.get(&(seat as i64 + 1))).copied();
            entry.is_some() && entry == cells.first().map(|&c| c as i64)
        })
    });
    (from.to_string() == "(from (handSite Mover))"
        && to.children().len() == 2
        && site.to_string() == written
        && landing.to_string() == "(is Empty (to))"
        && move_.children().len() == 2
        && first_cells)
        .then_some((pieces, landing, name))
}

/// What the turn's moves other than each piece's own do, where a description's are known:
/// named so that the lack says what the family would need.
pub(super) fn other_moves(next: &Node, equipment: &Equipment<'_>) -> Option<&'static str> {
    let text = next.to_string();
    // Contrare Puff and Lange Puff: after a double, its opposite faces.
    if text.starts_with("(if (= 1 (var \"PlayOpposite\"))") {
        return Some(
            "a double's opposite faces (7 less its value, `(remember Value \"Opposite\" …)`) \
             played after it as moves of their own, then another throw, beside a pass offered \
             whatever else can move, and doubles played twice over only once a player's first \
             turn is done (`replayDouble:(= 1 (value Player Mover))`)",
        );
    }
    // Quinze Tablas: the bar entered first, its doubles played twice over, the pieces' not.
    if let (true, Some(condition), Some(entry)) = (next.is_call("if"), next.arg(0), next.arg(2))
        && condition.to_string() == "(= (what Cell at:(handSite Mover)) 0)"
    {
        let [(_, own)] = equipment.moves.as_slice() else {
            return None;
        };
        let replays = |n: &Node| n.named("replayDouble").map(Node::to_string);
        if replays(entry).as_deref() == Some("True") && replays(own).is_none() {
            return Some(
                "the hand entered before any other move, its doubles played twice over while \
                 the pieces' own dice play them once: after such an entry Ludii's ForEachDie \
                 sets every die back to the double's value after each later move, in this turn \
                 and every later one (its temp value, set by the entry's replayDouble, is \
                 cleared only by another entry of dice all alike), which the family does not \
                 play",
            );
        }
    }
    // Ashta-kashte: a pass among the moves, and an entry on the grace throws.
    if next.is_call("or")
        && next
            .arg(0)
            .and_then(Node::as_array)
            .is_some_and(|list| list.iter().any(|n| n.to_string() == "(move Pass)"))
    {
        return Some(
            "a pass offered beside every other move (`(move Pass)` in the choice, which Ludii's \
             random player takes as any other move)",
        );
    }
    // Chaupar: a finished player moves its partner's pieces.
    if text.starts_with("(if (no Pieces Mover) (if (is Mover P1) (forEach Piece") {
        return Some(
            "a player whose pieces are all off moving its partner's with its own throws \
             (`(forEach Piece … P3)`), and three of a player's pieces on one site moved \
             together, twice a die's value, by a triple of 6, 3 or 2 as a turn's first move",
        );
    }
    None
}
