//! Ludii's race descriptions read as the race family's parameters.
//!
//! The reading follows the description's parts: the players; the equipment (the board as
//! Ludii numbers its cells, each player's track walked from its direction string, the dice,
//! the maps, the regions and the pieces with their moves); and the rules (the start, the
//! turn and the end). What a piece's move *means* is read by evaluating it: the move, its
//! conditions and its consequences are evaluated for every cell of the mover's track and for
//! every occupant of it (none, a friend, an enemy), and at the track's end and beyond it, so a
//! condition written `(not (is Friend (who at:(to))))` or `(or (is Empty (to)) (is Enemy (who
//! at:(to))))` reads alike; the family's parameters are read off the table this gives. Every
//! part of the description the family cannot express, and every ludeme the reader does not
//! know, is named with its place; nothing is skipped silently.

use std::collections::BTreeMap;

use engine::Options;
use ludii::{Expanded, Kind, Node};
use race::RaceParams;
use race::params::MAX_CELLS;

use crate::eval::is_symbol;
use crate::geometry::Geometry;
use crate::sowing::{Lack, Read, Reading};

mod bar_on_board;
mod choice;
mod cross;
mod entry;
mod entry_blocked;
mod faces_by_die;
mod goal;
mod graph;
mod landing_limits;
mod last_cell;
mod looped;
mod one_step;
mod per_die;
mod restricted;
mod stacked;
mod start_hold;
mod tables;

/// Reads a race description into the family's parameters, or names what it lacks.
pub fn read(expanded: &Expanded) -> Result<Reading, Vec<Lack>> {
    let (reading, lacks) = read_partly(expanded);
    if lacks.is_empty() {
        Ok(reading)
    } else {
        Err(lacks)
    }
}

/// Reads what the family can of a race description, beside what it lacks: the parameters
/// read even when others cannot be (to hold them to a game file written by hand).
pub fn read_partly(expanded: &Expanded) -> (Reading, Vec<Lack>) {
    let mut reader = Reader::empty();
    // A piece entering only while its player's region is clear: its moves read without the
    // condition, the condition as the region's cells.
    // Loops shared in opposite directions, each player racing once round from its start
    // (Tsaydithl's): each player's own track begun there.
    let looped = looped::rewrite(&expanded.game);
    let described = looped.as_ref().unwrap_or(&expanded.game);
    let entry = entry_blocked::rewrite(described);
    let unblocked = entry.as_ref().map_or(described, |entry| &entry.game);
    // Cells from which only some values move, and a value played otherwise (Romavoa's): the
    // moves read without them.
    let restricted = restricted::rewrite(unblocked);
    let unblocked = restricted.as_ref().map_or(unblocked, |r| &r.game);
    // Limits of a piece's landing on regions of its player's (Kotra's): the moves read
    // without them, each limit read once the tracks are.
    let limits = landing_limits::rewrite(unblocked);
    let unblocked = limits.as_ref().map_or(unblocked, |l| &l.game);
    reader.landing_limits = limits.clone();
    // Stacks undone before the race (`stacked`): the race read as the game.
    let stacked = stacked::rewrite(unblocked);
    let game = match &stacked {
        Some(Ok(stacked)) => &stacked.game,
        Some(Err((node, what))) => {
            reader.lack(node, what.clone());
            unblocked
        }
        None => unblocked,
    };
    // A piece's bearing off written as dice of its own beside its moves (Paumecary's).
    let merged = choice::merged_dice(game);
    let game = merged.as_ref().unwrap_or(game);
    // Pieces held on the first site of their track (Fevga, Jacquet): the moves read without
    // the condition, the condition as the hold's parameters.
    let held = start_hold::rewrite(game);
    let game = match held {
        Some((ref game, ref hold)) => {
            reader.start_hold = Some(hold.clone());
            game
        }
        None => game,
    };
    // A bar on the board entered first beside a hand entered from the start (Tawula): the
    // pieces' own moves read with the turn's consequence, the bar and the hand as parameters.
    let barred = bar_on_board::rewrite(game);
    let game = match barred {
        Some((ref game, ref bar)) => {
            reader.bar_on_board = Some(bar.clone());
            game
        }
        None => game,
    };
    // A piece bearing off from the last cell on some throws besides the exact one (Pachesi's):
    // named, and the moves read without it.
    let last_cell = last_cell::rewrite(game);
    let game = match &last_cell {
        Some((game, (node, what))) => {
            reader.lack(node, what.clone());
            game
        }
        None => game,
    };
    // A one-step turn after some throws (Sokkattan's ExtraOne): the turn read without it.
    let one_step = one_step::rewrite(game);
    let game = one_step.as_ref().map_or(game, |o| &o.game);
    match per_die::rewrite(game) {
        Some(per_die) => {
            reader.after_dice = per_die.after_dice;
            reader.sites_once = true;
            read_game(&mut reader, &per_die.game);
        }
        None => read_game(&mut reader, game),
    }
    match &entry {
        Some(entry) => reader.set("enter_blocked_cells", &entry.cells, &entry.condition),
        None => reader.default("enter_blocked_cells", "none", &expanded.game),
    }
    read_restricted(&mut reader, restricted.as_ref(), &expanded.game);
    match one_step.as_ref().map(|o| &o.values) {
        Some(Ok((values, node))) => reader.set("one_step_turn_values", values, node),
        Some(Err((node, what))) => reader.lack(node, what.clone()),
        None => reader.default("one_step_turn_values", "none", &expanded.game),
    }
    reader.default("enter_stack_limit", 0, &expanded.game);
    reader.default("stack_limit", 0, &expanded.game);
    reader.default("stack_limit_cells", "none", &expanded.game);
    reader.default("start_crowd_cells", "none", &expanded.game);
    reader.default("start_crowd_limit", 0, &expanded.game);
    reader.default("moves_listed", "once", &expanded.game);
    reader.default("finished_keep_turns", false, &expanded.game);
    reader.default("start_hold_count", 0, &expanded.game);
    reader.default("bear_off_home_cells", "none", &expanded.game);
    reader.default("start_hold_free_cells", "none", &expanded.game);
    reader.default("enter_from", 0, &expanded.game);
    reader.default("held_while_hand", 0, &expanded.game);
    reader.default("start_beneath", 0, &expanded.game);
    reader.default("first_position_first", false, &expanded.game);
    reader.default("bear_off_hand_empty", false, &expanded.game);
    faces_by_die::compose(&mut reader, &expanded.game);
    faces_by_die::compose_faces_alike(&mut reader, &expanded.game);
    if let Some(Err(_)) = &stacked {
        // What the phases lack is named at its place, not as the phases unread.
        let explained = stacked::explained_by_phases(game);
        reader.lacks.retain(|lack| {
            !explained.contains(&lack.span)
                || !(lack.what.starts_with("no (")
                    || lack
                        .what
                        .starts_with("a part of the rules the family does not read"))
        });
    }
    if let Some(Ok(stacked)) = &stacked {
        for (key, value, node) in &stacked.reads {
            reader.set(key, value, node);
        }
        if reader.lacks.is_empty() {
            stacked::check_race(&mut reader, stacked);
        }
    }
    stacked::defaults(&mut reader, game);
    if reader.lacks.is_empty() {
        for spec in RaceParams::specs() {
            if !reader.reading.contains_key(spec.key) {
                reader.lack(
                    &expanded.game,
                    format!("no part of the description gives the family's {}", spec.key),
                );
            }
        }
    }
    reader.lacks.sort();
    reader.lacks.dedup();
    (reader.reading, reader.lacks)
}

/// The cells from which only some values move and the value played otherwise, as
/// [`restricted`] reads them, or the family's defaults.
fn read_restricted(reader: &mut Reader, restricted: Option<&restricted::Restricted>, game: &Node) {
    match restricted.and_then(|r| r.region.as_ref().map(|region| (r, region))) {
        Some((r, (cells, on, condition))) => {
            let dice = game
                .walk()
                .find(|n| n.is_call("dice") && n.named("facesByDie").is_some());
            let values = restricted::steps_of(&r.game)
                .zip(dice)
                .and_then(|(steps, dice)| faces_by_die::values_where(on, steps, dice))
                .filter(|(held, not)| held.iter().all(|v| !not.contains(v)));
            match values {
                Some((held, _)) => {
                    reader.set("restricted_cells", cells, condition);
                    let listed: Vec<String> = held.iter().map(i64::to_string).collect();
                    let listed = if listed.is_empty() {
                        "none".to_string()
                    } else {
                        listed.join(" ")
                    };
                    reader.set("restricted_values", listed, on);
                }
                None => reader.lack(
                    on,
                    format!(
                        "a condition on the throw from a region the reader does not read: {on_}",
                        on_ = Brief(on)
                    ),
                ),
            }
        }
        None => {
            reader.default("restricted_cells", "none", game);
            reader.default("restricted_values", "any", game);
        }
    }
    match restricted.and_then(|r| r.alternative.as_ref()) {
        Some((value, steps, node)) => {
            reader.set("alternative_value", value, node);
            reader.set("alternative_steps", steps, node);
        }
        None => {
            reader.default("alternative_value", 0, game);
            reader.default("alternative_steps", 0, game);
        }
    }
}

/// The number of players a game names, `(players N)`.
fn players_named(game: &Node) -> Option<u8> {
    game.walk()
        .find(|n| n.is_call("players"))
        .and_then(|n| n.arg(0))
        .and_then(Node::as_int)
        .and_then(|n| u8::try_from(n).ok())
}

/// The parameters a reading gives, checked as the engine would play them.
pub fn params_of(reading: &Reading) -> Result<RaceParams, String> {
    let mut params = RaceParams::default();
    for (key, read) in reading {
        params
            .set(key, &read.value)
            .map_err(|error| format!("{key}: {error}"))?;
    }
    race::params::check(&params).map_err(|clash| clash.to_string())?;
    Ok(params)
}

struct Reader {
    lacks: Vec<Lack>,
    reading: Reading,
    /// The steps of the move once every die is played, with where the play gives it, in a
    /// play written die by die ([`per_die`]).
    after_dice: Option<(i64, Node)>,
    /// Pieces held on the first site of their track ([`start_hold`]), read once the tracks are.
    start_hold: Option<start_hold::Hold>,
    /// Whether `throw_values` is read outcome by outcome, each die's face asked apart, not by
    /// the dice's sum ([`faces_by_die::by_face`]).
    by_outcome: bool,
    /// A bar on the board entered first beside a hand entered from the start
    /// ([`bar_on_board`]), read once the tracks are: the bar is not read as the hand.
    bar_on_board: Option<bar_on_board::BarOnBoard>,
    /// The turn walks the mover's occupied sites, each once whatever its stack (`(forEach
    /// Site (sites Occupied by:Mover) …)`, [`per_die`]), where its moves are read as the
    /// pieces' own.
    sites_once: bool,
    /// Limits of a piece's landing on regions of its player's ([`landing_limits`]), read once
    /// the tracks are.
    landing_limits: Option<landing_limits::Limits>,
    /// Whether the end asks a player's score, which a turn's consequence may set (where it
    /// does not, a score set changes no play).
    end_scored: bool,
}

impl Reader {
    /// A reader that has read nothing yet.
    fn empty() -> Self {
        Reader {
            lacks: Vec::new(),
            reading: Reading::new(),
            after_dice: None,
            start_hold: None,
            by_outcome: false,
            bar_on_board: None,
            sites_once: false,
            landing_limits: None,
            end_scored: false,
        }
    }

    fn lack(&mut self, node: &Node, what: impl Into<String>) {
        self.lacks.push(Lack {
            span: node.span,
            what: what.into(),
        });
    }

    fn set(&mut self, key: &'static str, value: impl ToString, node: &Node) {
        self.reading.insert(key, Read::at(value, node, false));
    }

    fn default(&mut self, key: &'static str, value: impl ToString, node: &Node) {
        self.reading
            .entry(key)
            .or_insert_with(|| Read::at(value, node, true));
    }

    /// Sets `key` as the description says it, and what Ludii 1.3.13 plays there instead by a
    /// fault of its engine.
    fn set_with_fault(
        &mut self,
        key: &'static str,
        value: impl ToString,
        node: &Node,
        fault: crate::sowing::LudiiFault,
    ) {
        let mut read = Read::at(value, node, false);
        read.ludii_plays = Some(fault);
        self.reading.insert(key, read);
    }
}

fn child<'n>(node: &'n Node, head: &str) -> Option<&'n Node> {
    node.children().iter().find(|n| n.is_call(head))
}

/// The children of a call or the elements of an array given as one argument.
fn items(node: &Node) -> Vec<&Node> {
    match &node.kind {
        Kind::Array(nodes) => nodes.iter().collect(),
        _ => vec![node],
    }
}

/// A ludeme as written, cut short after a line's worth: a lack names it, not all it holds.
struct Brief<'n>(&'n Node);

impl std::fmt::Display for Brief<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const SHOWN: usize = 100;
        let text = self.0.to_string();
        match text.char_indices().nth(SHOWN) {
            Some((cut, _)) => write!(f, "{}…", &text[..cut]),
            None => f.write_str(&text),
        }
    }
}

/// A player named as Ludii names one: `P1`…`P4`.
fn player_of(node: &Node) -> Option<u8> {
    let name = node.as_symbol().or_else(|| node.head())?;
    let number: u8 = name.strip_prefix('P')?.parse().ok()?;
    (1..=4).contains(&number).then_some(number)
}

/// The player a piece's name ends with (`"UrPiece1"`): Ludii names an `Each` piece so.
fn piece_owner(name: &str) -> Option<u8> {
    let digit = name.chars().last()?.to_digit(10)?;
    u8::try_from(digit).ok().filter(|d| (1..=4).contains(d))
}

/// One player's track: the cells in order, whether pieces enter it from the hand (its first
/// site is the player's hand) and whether it goes on past its last cell (`End`).
#[derive(Clone, Debug, PartialEq)]
struct Track {
    owner: Option<u8>,
    cells: Vec<usize>,
    from_hand: bool,
    /// Whether the track ends in `End`: without it, Ludii's step one past the last cell is
    /// already `Off` (`TrackSiteMove` finds no site there), so no move ever reaches `End`.
    ends: bool,
    node: Node,
}

/// What the equipment gives.
struct Equipment<'g> {
    /// The board, when its shape is read.
    geometry: Option<Geometry>,
    tracks: Vec<Track>,
    dice: Option<&'g Node>,
    /// The maps of whole numbers to whole numbers (`(map ["Name"] {(pair a b) …})`, a
    /// player's role as its index: `(pair P1 6)`), by name (none for the unnamed one).
    maps: BTreeMap<Option<String>, (BTreeMap<i64, i64>, &'g Node)>,
    /// Named regions of no player, as sites.
    regions: BTreeMap<String, Vec<usize>>,
    /// Each player's own region (`(regions P1 {…})`), as sites, by player from 1.
    player_regions: BTreeMap<u8, Vec<usize>>,
    /// Players' named regions (`(regions "Name" P1 {…})`), as sites, by name and player.
    named_player_regions: BTreeMap<(String, u8), Vec<usize>>,
    /// The pieces' moves, by the piece's name, with the node of the piece.
    moves: Vec<(&'g Node, &'g Node)>,
    hands: bool,
    /// `(track …)`s the board declares, read or not.
    declared_tracks: usize,
    /// Each seat's track as the family plays it, when the tracks are read.
    seat_tracks: Option<Vec<Vec<usize>>>,
    /// Whether the game stacks pieces (see [`stacks`]).
    stacking: bool,
    /// Whether some `(set Value …)` of the game gives a player's value other than Ludii's
    /// Undefined, at which every player's value starts (see [`tables::values_set`]).
    player_values_set: bool,
}

/// `(forEach Level (to) FromTop EFFECT)`: EFFECT, applied to each piece of the cell where the
/// piece lands, from the top down.
fn whole_stack(node: &Node) -> Option<&Node> {
    let [level, site, order, effect] = node.children() else {
        return None;
    };
    (node.is_call("forEach")
        && is_symbol(level, "Level")
        && site.is_call("to")
        && site.children().is_empty()
        && is_symbol(order, "FromTop"))
    .then_some(effect)
}

/// Whether `node` names the level `(forEach Piece)` visits, `level:(level)`: the piece's own
/// place in its stack.
fn own_level(node: &Node) -> bool {
    node.named("level")
        .is_some_and(|level| level.is_call("level") && level.children().is_empty())
}

/// Whether a game stacks its pieces as Ludii decides it: a stacking game is one in which
/// any ludeme of stacks appears (a placement of a `Stack`, a stack's size, its top level, a
/// move of a piece at its level or of the top one), and in such a game a piece moving onto
/// others lands on top of them rather than taking their place.
fn stacks(node: &Node) -> bool {
    match &node.kind {
        Kind::Symbol(symbol) => symbol == "Stack",
        Kind::Named { key, value } => {
            matches!(key.as_str(), "top" | "level" | "stack") || stacks(value)
        }
        Kind::Array(nodes) | Kind::Group(nodes) => nodes.iter().any(stacks),
        _ => node.is_call("topLevel") || node.children().iter().any(stacks),
    }
}

fn read_game(reader: &mut Reader, game: &Node) {
    let players = match child(game, "players") {
        Some(node) => match node.arg(0).and_then(Node::as_int) {
            Some(count @ 2..=4) => {
                reader.set("players", count, node);
                count as usize
            }
            _ => {
                reader.lack(
                    node,
                    format!(
                        "players other than two to four named by number: {node_}",
                        node_ = Brief(node)
                    ),
                );
                // The rest is read all the same, so that what else it lacks is named too.
                match node.arg(0).map(|n| (n.as_int(), n.as_array())) {
                    Some((Some(count), _)) if count > 0 => count as usize,
                    Some((_, Some(list))) => list.len(),
                    _ => return,
                }
            }
        },
        None => {
            reader.lack(game, "no (players …)");
            return;
        }
    };
    for node in game.children().iter().skip(1) {
        match node.head() {
            Some("players" | "equipment" | "rules") => {}
            _ => reader.lack(
                node,
                format!(
                    "a part of the game the family does not read: {node_}",
                    node_ = Brief(node)
                ),
            ),
        }
    }
    let Some(equipment) = child(game, "equipment") else {
        reader.lack(game, "no (equipment …)");
        return;
    };
    let Some(mut equipment) = read_equipment(reader, equipment, players) else {
        return;
    };
    equipment.stacking = stacks(game);
    equipment.player_values_set = tables::values_set(game);
    let Some(rules) = child(game, "rules") else {
        reader.lack(game, "no (rules …)");
        return;
    };
    read_rules(reader, rules, &equipment, players);
    if let Some(hold) = reader.start_hold.take() {
        start_hold::resolve(reader, &hold, &equipment);
    }
    if let Some(bar) = reader.bar_on_board.take() {
        bar_on_board::resolve(reader, &bar, &equipment);
    }
    if let Some(limits) = reader.landing_limits.take() {
        landing_limits::resolve(reader, &limits, game, &equipment);
    }
}

/// The board's cells as Ludii numbers them, for the shapes the reader knows.
fn read_board_shape(reader: &mut Reader, shape: &Node) -> Option<Geometry> {
    let int = |node: Option<&Node>| {
        node.and_then(Node::as_int)
            .and_then(|v| usize::try_from(v).ok())
    };
    match shape.head() {
        Some("rectangle") => match (int(shape.arg(0)), int(shape.arg(1))) {
            (Some(rows), Some(columns)) if shape.children().len() == 2 => {
                Some(Geometry::grid(rows, columns, |_, _| false))
            }
            _ => {
                reader.lack(
                    shape,
                    format!(
                        "a rectangle the reader does not read: {shape_}",
                        shape_ = Brief(shape)
                    ),
                );
                None
            }
        },
        Some("square") => match int(shape.arg(0)) {
            Some(size) if shape.children().len() == 1 => {
                Some(Geometry::grid(size, size, |_, _| false))
            }
            _ => {
                reader.lack(
                    shape,
                    format!(
                        "a square the reader does not read: {shape_}",
                        shape_ = Brief(shape)
                    ),
                );
                None
            }
        },
        Some("hole") => read_holes(reader, shape),
        Some("add") => cross::read_added(reader, shape),
        Some("merge") => match shape.arg(0).and_then(Node::as_array).map(|parts| {
            parts
                .iter()
                .map(grid_points)
                .collect::<Option<Vec<Vec<(usize, usize)>>>>()
        }) {
            Some(Some(parts)) if shape.children().len() == 1 => {
                Some(Geometry::merged(parts.into_iter().flatten()))
            }
            _ => {
                reader.lack(
                    shape,
                    format!(
                        "a merged board the reader does not read: {shape_}",
                        shape_ = Brief(shape)
                    ),
                );
                None
            }
        },
        _ => {
            reader.lack(
                shape,
                format!(
                    "a board that is not a grid of square cells: {}",
                    shape.head().unwrap_or("?")
                ),
            );
            None
        }
    }
}

/// The points (column, row) of a rectangle or square of points, shifted as `(shift dx dy …)`
/// says by whole steps: a part of a merged board played on its vertices, which Ludii lays
/// out as the grid of its size, row by row from the bottom, each from the left.
fn grid_points(part: &Node) -> Option<Vec<(usize, usize)>> {
    let whole = |node: Option<&Node>| {
        node.and_then(Node::as_int)
            .and_then(|v| usize::try_from(v).ok())
    };
    match (part.head()?, part.children().len()) {
        ("rectangle", 2) => {
            let (rows, columns) = (whole(part.arg(0))?, whole(part.arg(1))?);
            Some(
                (0..rows)
                    .flat_map(|r| (0..columns).map(move |c| (c, r)))
                    .collect(),
            )
        }
        ("square", 1) => {
            let size = whole(part.arg(0))?;
            Some(
                (0..size)
                    .flat_map(|r| (0..size).map(move |c| (c, r)))
                    .collect(),
            )
        }
        ("shift", 3) => {
            let (dx, dy) = (whole(part.arg(0))?, whole(part.arg(1))?);
            let points = grid_points(part.arg(2)?)?;
            Some(points.into_iter().map(|(c, r)| (c + dx, r + dy)).collect())
        }
        _ => None,
    }
}

/// `(hole (hole (rectangle r c) (poly …)) (poly …))`: a rectangle without the cells whose
/// centres the axis-aligned polygons cover.
fn read_holes(reader: &mut Reader, shape: &Node) -> Option<Geometry> {
    let mut boxes: Vec<HoleBox> = Vec::new();
    let mut at = shape;
    while at.is_call("hole") {
        let (Some(inner), Some(poly)) = (at.arg(0), at.arg(1)) else {
            reader.lack(
                at,
                format!("a hole the reader does not read: {at_}", at_ = Brief(at)),
            );
            return None;
        };
        boxes.push(hole_box(reader, poly)?);
        at = inner;
    }
    let base = read_board_shape(reader, at)?;
    let inside = |row: usize, column: usize| {
        let (x, y) = (column as f64 + 0.5, row as f64 + 0.5);
        boxes
            .iter()
            .any(|&(x0, x1, y0, y1)| x > x0 && x < x1 && y > y0 && y < y1)
    };
    Some(Geometry::grid(base.rows, base.columns, inside))
}

/// A hole's polygon as the box it is: left, right, bottom and top.
type HoleBox = (f64, f64, f64, f64);

/// `(poly {{x y} …})` of four corners that make an axis-aligned rectangle, as its box.
fn hole_box(reader: &mut Reader, poly: &Node) -> Option<HoleBox> {
    let corners: Option<Vec<(f64, f64)>> = poly
        .arg(0)
        .filter(|_| poly.is_call("poly"))
        .and_then(Node::as_array)
        .map(|points| {
            points
                .iter()
                .filter_map(|p| {
                    let xy = p.as_array()?;
                    Some((xy.first()?.as_number()?, xy.get(1)?.as_number()?))
                })
                .collect()
        });
    let Some(corners) = corners.filter(|c| c.len() == 4) else {
        reader.lack(
            poly,
            format!(
                "a hole that is not four corners: {poly_}",
                poly_ = Brief(poly)
            ),
        );
        return None;
    };
    let xs = corners.iter().map(|c| c.0);
    let ys = corners.iter().map(|c| c.1);
    let (x0, x1) = (
        xs.clone().fold(f64::MAX, f64::min),
        xs.fold(f64::MIN, f64::max),
    );
    let (y0, y1) = (
        ys.clone().fold(f64::MAX, f64::min),
        ys.fold(f64::MIN, f64::max),
    );
    let rectangle = corners
        .iter()
        .all(|&(x, y)| (x == x0 || x == x1) && (y == y0 || y == y1));
    if !rectangle {
        reader.lack(
            poly,
            format!(
                "a hole that is not a rectangle: {poly_}",
                poly_ = Brief(poly)
            ),
        );
        return None;
    }
    Some((x0, x1, y0, y1))
}

/// A coordinate such as `"G3"`: column letter from A, row from 1 at the bottom.
fn coordinate(geometry: &Geometry, text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let row: usize = chars.as_str().parse().ok()?;
    geometry.site_at(usize::from(letter as u8 - b'A'), row.checked_sub(1)?)
}

/// `(sites {"A1" 3 …})` as sites.
fn literal_sites(geometry: &Geometry, node: &Node) -> Option<Vec<usize>> {
    if !node.is_call("sites") {
        return None;
    }
    site_list(geometry, node.arg(0)?)
}

/// `(sites Bottom)`, `Top`, `Left` or `Right`: the board's outer row or column where it has
/// rows, or on a laid-out board the sites lowest, highest, leftmost or rightmost, as Ludii
/// gathers them (Had's start, `(place "Marker1" (sites Bottom))`, a piece on each).
fn side_sites(geometry: &Geometry, node: &Node) -> Option<Vec<usize>> {
    if !node.is_call("sites") || node.children().len() != 1 {
        return None;
    }
    let side = node.arg(0)?.as_symbol()?;
    if geometry.is_laid_out() {
        return geometry.side(side);
    }
    if geometry.rows == 0 || geometry.columns == 0 || geometry.store_sites().is_some() {
        return None;
    }
    match side {
        "Bottom" => Some(geometry.row_sites(0)),
        "Top" => Some(geometry.row_sites(geometry.rows - 1)),
        "Left" => Some(geometry.column_sites(0)),
        "Right" => Some(geometry.column_sites(geometry.columns - 1)),
        _ => None,
    }
}

/// `(sites Direction from:S D included:B distance:N)`, one site and one compass direction:
/// the sites along its radial that way, at most `N` steps, after `S` itself where `B` is true,
/// as Ludii's `SitesDirection` gathers them (Pahada Keliya's central rows, `(sites Direction
/// from:55 N included:True distance:7)`). A site that has several radials that way, or none
/// of the steps a grid without radials is asked for, is not read.
fn direction_sites(geometry: &Geometry, node: &Node) -> Option<Vec<usize>> {
    if !node.is_call("sites") || !node.arg(0).is_some_and(|a| is_symbol(a, "Direction")) {
        return None;
    }
    let known = ["from", "included", "distance"];
    let named_only_known = node.children().iter().all(|child| match &child.kind {
        Kind::Named { key, .. } => known.contains(&key.as_str()),
        _ => true,
    });
    let [_, direction] = node.positional().collect::<Vec<_>>()[..] else {
        return None;
    };
    let from = usize::try_from(node.named("from")?.as_int()?).ok()?;
    let direction = direction.as_symbol()?;
    let included = match node.named("included") {
        None => false,
        Some(b) if is_symbol(b, "True") => true,
        Some(b) if is_symbol(b, "False") => false,
        Some(_) => return None,
    };
    let distance = match node.named("distance") {
        None => String::new(),
        Some(n) => usize::try_from(n.as_int()?).ok()?.to_string(),
    };
    if !named_only_known || !direction.chars().all(|c| "NESW".contains(c)) {
        return None;
    }
    let mut sites = geometry
        .track(&format!("{from},{direction}{distance}"))
        .ok()?;
    if !included {
        sites.remove(0);
    }
    sites.sort_unstable();
    sites.dedup();
    Some(sites)
}

/// A list of sites as written, `{…}`, by number or coordinate, in order.
fn site_list(geometry: &Geometry, node: &Node) -> Option<Vec<usize>> {
    let list = node.as_array()?;
    let mut sites = Vec::new();
    for item in list {
        let site = match &item.kind {
            Kind::Str(text) => coordinate(geometry, text)?,
            Kind::Int(site) => usize::try_from(*site).ok()?,
            _ => return None,
        };
        sites.push(site);
    }
    sites.sort_unstable();
    Some(sites)
}

fn read_equipment<'g>(
    reader: &mut Reader,
    equipment: &'g Node,
    players: usize,
) -> Option<Equipment<'g>> {
    let list: Vec<&Node> = equipment.positional().flat_map(items).collect();
    let board = list.iter().copied().find(|n| n.is_call("board"));
    if board.is_none() {
        reader.lack(equipment, "no (board …)");
    }
    // Without a board read, the rest of the equipment and the rules are read all the same
    // (the moves are not evaluated: they need the tracks), so that what else the description
    // lacks is named too.
    // A board played on its vertices or edges that is not a grid is laid out as Ludii lays out
    // its graph ([`graph`]).
    let graph_on = board.and_then(graph::takes);
    // A merged board played on its cells is numbered by the faces Ludii finds on it.
    let merged_cells = board.is_some_and(|b| {
        b.arg(0).is_some_and(|shape| shape.is_call("merge"))
            && b.named("use").is_none_or(|u| is_symbol(u, "Cell"))
    });
    let geometry = board
        .and_then(|b| b.arg(0))
        .and_then(|shape| match graph_on {
            Some(on) => graph::read(reader, shape, on),
            None if merged_cells => cross::read_merged(reader, shape),
            None => read_board_shape(reader, shape),
        });
    let named = board.into_iter().flat_map(|b| b.children());
    // Ludii numbers the vertices of a rectangle or a square of R by C as it numbers the cells
    // of one (row by row from the bottom left), and walks a track's directions between
    // neighbouring vertices as between neighbouring cells: played on its vertices, such a
    // board is the grid of R by C read above.
    let plain_grid = board
        .and_then(|b| b.arg(0))
        .is_some_and(|shape| shape.is_call("rectangle") || shape.is_call("square"));
    // A merged board is read on its vertices as points, on its cells as faces.
    let merged = board
        .and_then(|b| b.arg(0))
        .is_some_and(|shape| shape.is_call("merge"));
    for (key, value) in named.filter_map(|n| match &n.kind {
        Kind::Named { key, value } => Some((key, value)),
        _ => None,
    }) {
        let on = value.as_symbol();
        let read = match on {
            Some("Vertex") => plain_grid || merged || graph_on.is_some(),
            Some("Edge") => graph_on.is_some(),
            Some("Cell") => true,
            _ => false,
        };
        if key == "use" && read {
            continue;
        }
        reader.lack(
            value,
            format!("a board with {key}:{value_}", value_ = Brief(value)),
        );
    }
    let mut equipment = Equipment {
        geometry,
        tracks: Vec::new(),
        dice: None,
        maps: BTreeMap::new(),
        regions: BTreeMap::new(),
        player_regions: BTreeMap::new(),
        named_player_regions: BTreeMap::new(),
        moves: Vec::new(),
        hands: false,
        declared_tracks: 0,
        seat_tracks: None,
        stacking: false,
        player_values_set: false,
    };
    let tracks = board
        .into_iter()
        .flat_map(|b| b.positional().skip(1).flat_map(items));
    for track in tracks {
        if !track.is_call("track") {
            reader.lack(
                track,
                format!(
                    "a board part the reader does not read: {track_}",
                    track_ = Brief(track)
                ),
            );
            continue;
        }
        equipment.declared_tracks += 1;
        let Some(geometry) = &equipment.geometry else {
            continue;
        };
        if let Some(track) = read_track(reader, geometry, track, geometry.sites()) {
            equipment.tracks.push(track);
        }
    }
    for node in list {
        match node.head() {
            Some("board") => {}
            Some("dice") => equipment.dice = Some(node),
            Some("hand") if node.arg(0).is_some_and(|o| is_symbol(o, "Each")) => {
                equipment.hands = node.children().len() == 1;
                if !equipment.hands {
                    reader.lack(
                        node,
                        format!(
                            "hands the reader does not read: {node_}",
                            node_ = Brief(node)
                        ),
                    );
                }
            }
            Some("map") => match read_map(node, equipment.geometry.as_ref()) {
                Some((name, map)) if !equipment.maps.contains_key(&name) => {
                    equipment.maps.insert(name, (map, node));
                }
                _ => reader.lack(
                    node,
                    format!(
                        "a map the reader does not read: {node_}",
                        node_ = Brief(node)
                    ),
                ),
            },
            Some("regions") => {
                let name = node.arg(0).and_then(Node::as_str);
                let named_player = name.zip(node.arg(1).and_then(player_of));
                let sites = node
                    .arg(if named_player.is_some() { 2 } else { 1 })
                    .zip(equipment.geometry.as_ref())
                    .and_then(|(s, geometry)| {
                        // A player's region may be its list alone: `(regions P1 {20..25})`.
                        literal_sites(geometry, s)
                            .or_else(|| site_list(geometry, s))
                            .or_else(|| direction_sites(geometry, s))
                    });
                let owner = node.arg(0).and_then(player_of);
                match (name, owner, sites) {
                    (_, Some(owner), Some(sites)) if node.positional().count() == 2 => {
                        equipment.player_regions.insert(owner, sites);
                    }
                    (Some(name), _, Some(sites)) if node.positional().count() == 2 => {
                        equipment.regions.insert(name.to_string(), sites);
                    }
                    (Some(name), _, Some(sites)) if node.positional().count() == 3 => {
                        if let Some((_, player)) = named_player {
                            equipment
                                .named_player_regions
                                .insert((name.to_string(), player), sites);
                        }
                    }
                    // A region is read when a rule names it; one the rules never name
                    // changes nothing.
                    _ => {}
                }
            }
            Some("piece") => {
                let owner_each = node.arg(1).is_some_and(|o| is_symbol(o, "Each"));
                if !owner_each {
                    reader.lack(
                        node,
                        format!("a piece not of each player: {node_}", node_ = Brief(node)),
                    );
                }
                match node.arg(2) {
                    Some(moves) => equipment.moves.push((node, moves)),
                    None => reader.lack(
                        node,
                        format!("a piece without its moves: {node_}", node_ = Brief(node)),
                    ),
                }
                if let Some(extra) = node.arg(3) {
                    reader.lack(
                        extra,
                        format!(
                            "a piece part the reader does not read: {extra_}",
                            extra_ = Brief(extra)
                        ),
                    );
                }
            }
            // A bare name no define of the description gives: one of Ludii's library, whose
            // body is not shipped (58 Holes' "HoundsAndJackalsBoard").
            _ if node.as_str().is_some() => reader.lack(
                node,
                format!(
                    "equipment named by a define of Ludii's library, whose body is not shipped: {}",
                    Brief(node)
                ),
            ),
            _ => reader.lack(
                node,
                format!(
                    "equipment the family does not read: {}",
                    node.head().unwrap_or("?")
                ),
            ),
        }
    }
    if let (Some(board), Some(_)) = (board, &equipment.geometry) {
        equipment.seat_tracks = read_tracks(reader, board, &equipment, players);
    }
    Some(equipment)
}

/// `(map ["Name"] {(pair 0 5) (pair 1 1) …})`: whole numbers to whole numbers, with the
/// map's name if it has one; a site named by its coordinate, `"G4"`, is its number on the
/// board (Ashta-kashte's entries).
fn read_map(
    node: &Node,
    geometry: Option<&Geometry>,
) -> Option<(Option<String>, BTreeMap<i64, i64>)> {
    let (name, pairs) = match node.children() {
        [pairs] => (None, pairs),
        [name, pairs] => (Some(name.as_str()?.to_string()), pairs),
        _ => return None,
    };
    let pairs = pairs
        .as_array()?
        .iter()
        .map(|pair| {
            // A player's role as the key, `(pair P1 6)`, is its index (Ludii's `Pair` keys a
            // RoleType by `RoleType.toIntFunction`): the named maps of the Tables games.
            let key = pair.arg(0)?;
            let key = key.as_int().or_else(|| player_of(key).map(i64::from))?;
            let value = pair.arg(1)?;
            let value = value.as_int().or_else(|| {
                let site = coordinate(geometry?, value.as_str()?)?;
                i64::try_from(site).ok()
            })?;
            pair.is_call("pair").then_some((key, value))
        })
        .collect::<Option<BTreeMap<i64, i64>>>()?;
    Some((name, pairs))
}

fn read_track(
    reader: &mut Reader,
    geometry: &Geometry,
    node: &Node,
    hands_first_site: usize,
) -> Option<Track> {
    // A track is a direction string, or a list of sites (ranges spread by the expansion).
    let listed = node.arg(1).and_then(Node::as_array).and_then(|sites| {
        sites
            .iter()
            .map(|site| match &site.kind {
                Kind::Int(number) if *number >= 0 => Some(number.to_string()),
                Kind::Symbol(end) if end == "End" => Some(end.clone()),
                _ => None,
            })
            .collect::<Option<Vec<String>>>()
            .map(|tokens| tokens.join(","))
    });
    let spec = node.arg(1).and_then(Node::as_str).or(listed.as_deref());
    let owner = node.arg(2).and_then(player_of);
    for (key, value) in node.children().iter().filter_map(|n| match &n.kind {
        Kind::Named { key, value } => Some((key.as_str(), value)),
        _ => None,
    }) {
        match (key, value.as_symbol()) {
            ("directed", Some("True")) => {}
            _ => reader.lack(
                value,
                format!("a track with {key}:{value_}", value_ = Brief(value)),
            ),
        }
    }
    let Some(spec) = spec else {
        reader.lack(
            node,
            format!(
                "a track not given as a direction string or a list of sites: {node_}",
                node_ = Brief(node)
            ),
        );
        return None;
    };
    let mut tokens: Vec<&str> = spec.split(',').map(str::trim).collect();
    let ends = tokens.last() == Some(&"End");
    if ends {
        tokens.pop();
    }
    let mut from_hand = false;
    if let Some(site) = tokens.first().and_then(|t| t.parse::<usize>().ok())
        && site >= hands_first_site
    {
        let hand_of = site - hands_first_site + 1;
        if owner.is_some_and(|o| usize::from(o) != hand_of) {
            reader.lack(
                node,
                format!("a track that starts in another player's hand: {spec:?}"),
            );
        }
        from_hand = true;
        tokens.remove(0);
    }
    let cells = match geometry.track(&tokens.join(",")) {
        Ok(cells) => cells,
        Err(reason) => {
            reader.lack(node, format!("a track the reader cannot walk: {reason}"));
            return None;
        }
    };
    if let Some(&beyond) = cells.iter().find(|&&c| c >= MAX_CELLS) {
        reader.lack(
            node,
            format!("a board of more cells than the family's {MAX_CELLS}: site {beyond}"),
        );
        return None;
    }
    if cells.len() > MAX_CELLS {
        reader.lack(
            node,
            format!(
                "a track of more steps than the family's {MAX_CELLS}: {} in {spec:?}",
                cells.len()
            ),
        );
        return None;
    }
    Some(Track {
        owner,
        cells,
        from_hand,
        ends,
        node: node.clone(),
    })
}

/// Each seat's track: one per player, or one the players share.
fn read_tracks(
    reader: &mut Reader,
    board: &Node,
    equipment: &Equipment<'_>,
    players: usize,
) -> Option<Vec<Vec<usize>>> {
    let tracks = &equipment.tracks;
    let seats: Option<Vec<&Track>> = match tracks.as_slice() {
        [] => {
            // A track declared but not read is a lack of its own already.
            if equipment.declared_tracks == 0 {
                reader.lack(board, "a board without a track");
            }
            return None;
        }
        [shared] if shared.owner.is_none() => Some(vec![shared; players]),
        _ => (1..=players as u8)
            .map(|player| {
                let mut own = tracks.iter().filter(|t| t.owner == Some(player));
                match (own.next(), own.next()) {
                    (Some(track), None) => Some(track),
                    _ => None,
                }
            })
            .collect(),
    };
    // Without a player (`(players {})`, a lack already) no seat has a track.
    let Some(seats) = seats.filter(|seats| {
        !seats.is_empty() && (tracks.iter().all(|t| t.owner.is_some()) || tracks.len() == 1)
    }) else {
        reader.lack(
            board,
            format!(
                "tracks other than one for each of the {players} players or one they share: {}",
                tracks.len()
            ),
        );
        return None;
    };
    // Ludii places a piece on a track that passes a site twice by the lowest index where one
    // of the mover's pieces stands there (`OnTrackIndices`): only the earlier pass moves.
    let passes_twice = seats.iter().any(|t| {
        let mut cells = t.cells.clone();
        cells.sort_unstable();
        cells.windows(2).any(|pair| pair[0] == pair[1])
    });
    reader.set("earliest_pass_moves", passes_twice, &seats[0].node);
    if seats.iter().all(|t| t.ends) {
        reader.set(
            "tracks",
            track_list(seats.iter().map(|t| &t.cells[..])),
            &seats[0].node,
        );
    } else if seats.iter().any(|t| t.ends) {
        reader.lack(
            board,
            "tracks of which some lead off the board (End) and some not",
        );
    }
    if seats.iter().any(|t| t.from_hand) != seats.iter().all(|t| t.from_hand) {
        reader.lack(board, "tracks of which some start in the hand and some not");
    }
    if seats[0].from_hand {
        reader.set("enter_counts_first_cell", true, &seats[0].node);
    } else if !equipment.hands {
        // Without hands no piece ever waits to enter: how it would enter changes nothing.
        reader.default("enter_counts_first_cell", true, &seats[0].node);
    }
    Some(seats.iter().map(|t| t.cells.clone()).collect())
}

/// The site of the first die: the dice's sites follow the board's and the hands' (Ludii's
/// containers in that order), where the board and the players are read.
fn first_die_site(reader: &Reader, equipment: &Equipment<'_>) -> Option<i64> {
    let players: usize = reader.reading.get("players")?.value.parse().ok()?;
    let hands = if equipment.hands { players } else { 0 };
    i64::try_from(equipment.geometry.as_ref()?.sites() + hands).ok()
}

/// What `steps` makes of each throw of two-sided dice thrown as lots, where it asks each die's
/// face, `(face SITE)`: the dice's sites follow the board's and the hands' (Ludii's containers
/// in that order). The number of dice and the family's `throw_values` of each outcome.
fn lots_by_face(reader: &Reader, steps: &Node, equipment: &Equipment<'_>) -> Option<(u32, String)> {
    let lots: u32 = reader
        .reading
        .get("throw")?
        .value
        .strip_prefix("lots ")?
        .parse()
        .ok()?;
    let pairs = faces_by_die::lots_by_face(steps, lots, first_die_site(reader, equipment)?)?;
    Some((lots, pairs))
}

/// What `steps` makes of each throw of dice thrown `facesByDie` where it asks each die's face,
/// `(face SITE)`, the dice's sites after the board's and the hands' (as [`lots_by_face`]).
fn faces_by_die_by_face(
    reader: &Reader,
    steps: &Node,
    equipment: &Equipment<'_>,
) -> Option<String> {
    let dice = equipment.dice.filter(|d| d.named("facesByDie").is_some())?;
    faces_by_die::by_face(steps, dice, first_die_site(reader, equipment)?)
}

/// Each seat's cells as the family writes its tracks.
fn track_list<'c>(seats: impl Iterator<Item = &'c [usize]>) -> String {
    seats
        .map(|cells| {
            cells
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn read_rules(reader: &mut Reader, rules: &Node, equipment: &Equipment<'_>, players: usize) {
    let mut other_parts = false;
    for node in rules.children() {
        match node.head() {
            Some("start" | "play" | "end") => {}
            _ => {
                other_parts = true;
                reader.lack(
                    node,
                    format!(
                        "a part of the rules the family does not read: {node_}",
                        node_ = Brief(node)
                    ),
                );
            }
        }
    }
    if other_parts {
        // A track from the hand tells how a piece enters only where the pieces' own moves
        // enter along it; phases may enter them otherwise (Pachisi's, to its "Entry" map).
        reader.reading.remove("enter_counts_first_cell");
    }
    match child(rules, "start") {
        Some(start) => read_start(reader, start, equipment, players, !other_parts),
        None => reader.lack(rules, "no (start …): where the pieces begin"),
    }
    read_dice(reader, equipment, rules);
    match child(rules, "play") {
        Some(play) => {
            // Whether the end asks a player's score, which a turn's consequence may set.
            let scored = child(rules, "end").is_some_and(|end| {
                end.walk()
                    .any(|n| n.is_call("score") || n.is_call("byScore") || is_symbol(n, "Score"))
            });
            reader.end_scored = scored;
            read_play(reader, play, equipment, scored)
        }
        None => reader.lack(rules, "no (play …)"),
    }
    match child(rules, "end") {
        Some(end) => read_end(reader, end, child(rules, "play"), equipment),
        None => reader.lack(rules, "no (end …)"),
    }
}

/// Where some of one player's pieces begin: in the player's hand, or on a site of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    Hand,
    Site(usize),
}

/// One placement of the start: its pieces, each with its owner and where it begins.
fn read_placement(
    place: &Node,
    geometry: Option<&Geometry>,
    players: usize,
) -> Option<Vec<(u8, Spot)>> {
    if !place.is_call("place") {
        return None;
    }
    let mut positional: Vec<&Node> = place.positional().collect();
    // `Stack` places the pieces one on another; on the family's cells and in its hands pieces
    // of one site are counted alike.
    if positional.first().is_some_and(|n| is_symbol(n, "Stack")) {
        positional.remove(0);
    }
    for key in place.children().iter().filter_map(|n| match &n.kind {
        Kind::Named { key, .. } => Some(key.as_str()),
        _ => None,
    }) {
        if !matches!(key, "count" | "coord" | "items") {
            return None;
        }
    }
    let count = match place.named("count") {
        Some(count) => usize::try_from(count.as_int()?).ok()?,
        None => 1,
    };
    let board_site = |site: i64| {
        let site = usize::try_from(site).ok()?;
        let geometry = geometry?;
        (site < geometry.sites()).then_some(site)
    };
    // The pieces: one named piece, of its owner or of every player, or `items:` one of each.
    let (owners, site): (Vec<Option<u8>>, Option<&Node>) = match place.named("items") {
        Some(items) => {
            let owners = items
                .as_array()?
                .iter()
                .map(|item| item.as_str().and_then(piece_owner).map(Some))
                .collect::<Option<Vec<_>>>()?;
            (owners, positional.first().copied())
        }
        None => {
            let name = positional.first()?.as_str()?;
            (vec![piece_owner(name)], positional.get(1).copied())
        }
    };
    let spots: Vec<Spot> = match (site, place.named("coord")) {
        (None, Some(coord)) => vec![Spot::Site(coordinate(geometry?, coord.as_str()?)?)],
        (Some(site), None) => match &site.kind {
            Kind::Str(region) if region == "Hand" => vec![Spot::Hand],
            Kind::Int(site) => vec![Spot::Site(board_site(*site)?)],
            _ if site.is_call("handSite") && site.children().len() == 1 => {
                let hand = site.arg(0).and_then(player_of)?;
                // Only a piece of the hand's own player starts there.
                if owners != [Some(hand)] {
                    return None;
                }
                vec![Spot::Hand]
            }
            _ => {
                let geometry = geometry?;
                literal_sites(geometry, site)
                    .or_else(|| side_sites(geometry, site))?
                    .into_iter()
                    .map(|s| (s < geometry.sites()).then_some(Spot::Site(s)))
                    .collect::<Option<Vec<_>>>()?
            }
        },
        _ => return None,
    };
    let mut placed = Vec::new();
    for owner in owners {
        let owners: Vec<u8> = match owner {
            Some(owner) if usize::from(owner) <= players => vec![owner],
            // A piece of every player (`Each`) named without its number: only into the
            // players' hands, each its own.
            None if spots == [Spot::Hand] && place.named("items").is_none() => {
                (1..=players as u8).collect()
            }
            _ => return None,
        };
        for owner in owners {
            for &spot in &spots {
                placed.extend(std::iter::repeat_n((owner, spot), count));
            }
        }
    }
    Some(placed)
}

/// The start: how many pieces each player has, in hand or on the board (as positions on the
/// player's track), and the teams. Where the rules have parts besides the start, the play and
/// the end (phases), the pieces' places are not read as the race's start: an opening phase may
/// move them first (Senet's), and the phases are a lack already.
fn read_start(
    reader: &mut Reader,
    start: &Node,
    equipment: &Equipment<'_>,
    players: usize,
    race_starts_here: bool,
) {
    let mut placed: Vec<(u8, Spot)> = Vec::new();
    // The placement of each piece placed, in order.
    let mut placed_by: Vec<&Node> = Vec::new();
    let mut teams: Vec<(i64, Vec<u8>, &Node)> = Vec::new();
    let mut placed_otherwise = false;
    for place in start.positional().flat_map(items) {
        if place.is_call("set") && place.arg(0).is_some_and(|t| is_symbol(t, "Team")) {
            let number = place.arg(1).and_then(Node::as_int);
            let members: Option<Vec<u8>> = place
                .arg(2)
                .and_then(Node::as_array)
                .and_then(|list| list.iter().map(player_of).collect());
            match (number, members) {
                (Some(number), Some(members)) if place.children().len() == 3 => {
                    teams.push((number, members, place));
                }
                _ => reader.lack(
                    place,
                    format!(
                        "a team the reader does not read: {place_}",
                        place_ = Brief(place)
                    ),
                ),
            }
            continue;
        }
        match read_placement(place, equipment.geometry.as_ref(), players) {
            Some(pieces) => {
                placed_by.extend(pieces.iter().map(|_| place));
                placed.extend(pieces);
            }
            None => {
                placed_otherwise = true;
                let what = if equipment.geometry.is_some() {
                    "a start the reader does not read (pieces placed otherwise than in a hand or on sites of the board)"
                } else {
                    "a start on a board the reader does not read"
                };
                reader.lack(place, format!("{what}: {place_}", place_ = Brief(place)));
            }
        }
    }
    if placed.iter().any(|&(_, spot)| spot == Spot::Hand) && !equipment.hands {
        reader.lack(start, "pieces placed in hands the equipment does not give");
    }
    teams.sort_by_key(|(number, _, _)| *number);
    match teams.as_slice() {
        [] => {
            reader.set("teams", "none", start);
            reader.set("finished_keep_turns", false, start);
        }
        [(1, first, node), (2, second, _)]
            if players == 4 && first == &[1, 3] && second == &[2, 4] =>
        {
            reader.set("teams", "partners", node);
            // Ludii passes over a player only once it has a result, which a side's end gives
            // both partners together: a partner whose pieces are all off keeps its turns.
            reader.set("finished_keep_turns", true, node);
        }
        [(_, _, node), ..] => reader.lack(node, "teams other than seats 1 and 3 against 2 and 4"),
    }
    if placed_otherwise {
        // Named at each placement already.
        return;
    }
    let of = |player: u8| placed.iter().filter(move |(owner, _)| *owner == player);
    let counts: Vec<usize> = (1..=players as u8).map(|p| of(p).count()).collect();
    // No player at all (`(players {})`, a lack already) gives no pieces either.
    let count = counts.first().copied().unwrap_or(0);
    if count == 0 || counts.iter().any(|&c| c != count) {
        reader.lack(
            start,
            format!(
                "a start that does not give every player the same number of pieces: {counts:?}"
            ),
        );
        return;
    }
    reader.set("pieces", count, start);
    if !race_starts_here {
        return;
    }
    if placed.iter().all(|&(_, spot)| spot == Spot::Hand) {
        reader.set("start", "hand", start);
        return;
    }
    let Some(seat_tracks) = &equipment.seat_tracks else {
        reader.lack(
            start,
            "a start on the board, of tracks the reader does not read",
        );
        return;
    };
    let mut seats = Vec::new();
    for (player, track) in (1..=players as u8).zip(seat_tracks) {
        let mut positions = Vec::new();
        for (_, spot) in of(player) {
            let Spot::Site(site) = *spot else { continue };
            match track.iter().position(|&cell| cell == site) {
                Some(index) => positions.push(index + 1),
                None => {
                    reader.lack(
                        start,
                        format!("a piece of P{player} placed on site {site}, off its track"),
                    );
                    return;
                }
            }
        }
        positions.sort_unstable();
        seats.push(
            positions
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    reader.set("start", seats.join(" | "), start);
    read_beneath(reader, &placed, &placed_by);
}

/// Two players' pieces placed on one site, all of one before all of the other: Ludii's
/// `Start.placePieces` puts each piece on top of the site's stack, so the first player's lie
/// beneath (`start_beneath`, read from the placement that puts the other's on top). Any other
/// shared site is left to the family's check, which names it.
fn read_beneath(reader: &mut Reader, placed: &[(u8, Spot)], placed_by: &[&Node]) {
    let mut beneath = None;
    let mut shared = 0;
    for (i, &(_, spot)) in placed.iter().enumerate() {
        let Spot::Site(site) = spot else { continue };
        if placed[..i].iter().any(|&(_, s)| s == spot) {
            continue;
        }
        let mut runs: Vec<(u8, &Node)> = placed
            .iter()
            .zip(placed_by)
            .filter(|((_, s), _)| *s == Spot::Site(site))
            .map(|(&(owner, _), &node)| (owner, node))
            .collect();
        runs.dedup_by_key(|(owner, _)| *owner);
        if runs.len() < 2 {
            continue;
        }
        shared += 1;
        // All of one player's, then all of the other's.
        if let [(below, _), (_, above)] = runs.as_slice() {
            beneath = Some((*below, *above));
        }
    }
    if let (Some((below, node)), 1) = (beneath, shared) {
        reader.set("start_beneath", below, node);
    }
}

/// `(dice d:F from:S num:K)`, with Ludii's defaults d:6, from:1, num:1.
fn read_dice(reader: &mut Reader, equipment: &Equipment<'_>, rules: &Node) {
    let Some(dice) = equipment.dice else {
        reader.lack(rules, "no (dice …): the family's games throw");
        return;
    };
    if dice.named("facesByDie").is_some() {
        faces_by_die::read_throw(reader, dice);
        return;
    }
    if dice.named("faces").is_some() {
        faces_by_die::read_faces_alike(reader, dice);
        return;
    }
    for (key, _) in dice.children().iter().filter_map(|n| match &n.kind {
        Kind::Named { key, value } => Some((key.as_str(), value)),
        _ => None,
    }) {
        if !matches!(key, "d" | "from" | "num") {
            reader.lack(
                dice,
                format!("dice with {key}: {dice_}", dice_ = Brief(dice)),
            );
            return;
        }
    }
    let number = |key: &str, default: i64| dice.named(key).map_or(Some(default), Node::as_int);
    let (Some(faces), Some(from), Some(count)) =
        (number("d", 6), number("from", 1), number("num", 1))
    else {
        reader.lack(
            dice,
            format!(
                "dice whose numbers the reader cannot read: {dice_}",
                dice_ = Brief(dice)
            ),
        );
        return;
    };
    let throw = match (faces, from, count) {
        (2, 0, lots) => format!("lots {lots}"),
        (faces, 1, count) => format!("dice {count}d{faces}"),
        (faces, 0, 1) => format!("faces {faces}"),
        _ => {
            reader.lack(
                dice,
                format!(
                    "dice the family does not throw: {dice_}",
                    dice_ = Brief(dice)
                ),
            );
            return;
        }
    };
    reader.set("throw", throw, dice);
    reader.default("lot_bias", "1/2", dice);
}

/// The largest throw total the evaluation of a turn's condition tries (four dice of six).
const MAX_THROW_TOTAL: i64 = 24;

/// What the destination of a move holds in one case of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Occupant {
    Empty,
    Friend,
    /// One enemy piece.
    Enemy,
    /// Two enemy pieces or more, one on another (in a stacking game only).
    Enemies,
}

/// Where a move's throw leads in one case of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Destination {
    /// A cell of the track.
    Cell(usize),
    /// One step past the last cell: Ludii's `End`.
    End,
    /// Further: Ludii's `Off`.
    Off,
}

/// One case of the evaluation: the throw's total, where it leads and who stands there.
#[derive(Clone, Copy, Debug)]
struct Case {
    pips: i64,
    to: Destination,
    occupant: Occupant,
}

/// What a piece's move does in one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// The piece moves there; the enemies there return to their hands or not, and the mover
    /// throws again or not.
    Land {
        capture: bool,
        again: bool,
        home: bool,
    },
    /// The piece leaves the board.
    BearOff,
}

/// Why a part cannot be evaluated: the node and what.
struct Unread<'n>(&'n Node, String);

fn unread<'n>(node: &'n Node, what: &str) -> Unread<'n> {
    Unread(node, format!("{what}: {node_}", node_ = Brief(node)))
}

struct Evaluator<'e> {
    equipment: &'e Equipment<'e>,
    /// The `steps:` of the move's `trackSite`, the first met.
    steps: Option<&'e Node>,
    /// Whether captured pieces go to the bar (`(mapEntry (next))`), read as the hand.
    bar_is_hand: bool,
    /// Where captured pieces return on their own tracks, when not to the hand
    /// ([`tables::return_to_start`]).
    capture_return: Option<String>,
    /// Whether captured pieces go to the bar, read as the hand ([`tables::to_bar`]), outside
    /// Backgammon's turn.
    bar: bool,
    /// The name of the bar's map, where captured pieces go to the bar (none for the unnamed
    /// map).
    bar_map: Option<String>,
    /// The player moving (from 1), whose own region `(sites Mover)` is.
    mover: u8,
    /// Whether the moves asked the mover's own region.
    per_mover: bool,
    /// What the mover's pieces being home answers, where a move asks it (`home_region`).
    home: bool,
    /// The node and name of the region `(no Pieces Mover in:(difference (sites Board) (sites
    /// Mover "Name")))` asks, where a move asks whether every piece on the board is home, and
    /// whether it asks of the hand too ([`home_region`]).
    home_region: Option<(&'e Node, String, bool)>,
    /// Whether the part evaluated stands outside any move's `(to …)`, as the condition of an
    /// `(if …)` around a move does: Ludii's `(to)` there is its context's own, which no move
    /// has set, `Off` (`EvalContext`'s `to` starts at `Constants.OFF` and every ludeme that
    /// sets it puts it back), so that `(is In (to) …)` holds nowhere (Emperador's).
    outside_move: bool,
    /// Whether a capture takes every piece of the cell, `(forEach Level (to) FromTop …)`,
    /// rather than the top one alone, where the pieces stack.
    captures_stack: bool,
    /// The site captured pieces are sent to where it is where they wait as in the hand
    /// ([`Evaluator::waiting_site`]).
    waits_at: Option<usize>,
    /// `(is Empty (handSite Mover))` where it guards the bearing off alone
    /// ([`Evaluator::hand_empty`]).
    hand_empty: Option<&'e Node>,
}

impl Evaluator<'_> {
    /// The board's centre where it begins every seat's track and lies nowhere else on them:
    /// a piece there is never landed on and only leaves along its track, the first step of
    /// which is the track's next cell, as a piece in the hand enters (Pachih's central space,
    /// where captured pieces go, `(to (centrePoint))`).
    fn waiting_site(&self) -> Option<usize> {
        let centre = self.equipment.geometry.as_ref()?.centre()?;
        let seats = self.equipment.seat_tracks.as_ref()?;
        seats
            .iter()
            .all(|track| {
                track.first() == Some(&centre)
                    && track.iter().filter(|&&c| c == centre).count() == 1
            })
            .then_some(centre)
    }
}

impl<'e> Evaluator<'e> {
    /// An evaluator of the moves of player `mover` (from 1), before any move has said where
    /// its steps, captures or bar are; `bar_is_hand` where the description's bar is the hand.
    fn new(equipment: &'e Equipment<'e>, mover: u8, bar_is_hand: bool) -> Self {
        Evaluator {
            equipment,
            steps: None,
            bar_is_hand,
            capture_return: None,
            bar: false,
            bar_map: None,
            mover,
            per_mover: false,
            home: true,
            home_region: None,
            outside_move: false,
            captures_stack: false,
            waits_at: None,
            hand_empty: None,
        }
    }
}

/// `(no Pieces Mover in:(difference (sites Board) (sites Mover "Name")))`: whether every piece
/// of the mover on the board stands in its region `Name` (Verquere's and Kotra's
/// "AllPiecesInFinalQuadrant"); the region's name, and whether pieces in the hand count too,
/// as they do in `(union (sites Hand Mover) (difference …))` (El Mundo's). A piece in a hand is
/// on no site of the board; one on a bar that is a site of the board is.
fn home_region(node: &Node) -> Option<(&str, bool)> {
    let mut within = node.named("in")?;
    let hand = within.is_call("union")
        && within.children().len() == 2
        && within
            .arg(0)
            .is_some_and(|h| h.to_string() == "(sites Hand Mover)");
    if hand {
        within = within.arg(1)?;
    }
    let [board, region] = [within.arg(0)?, within.arg(1)?];
    let read = node.is_call("no")
        && node.children().len() == 3
        && node.arg(0).is_some_and(|p| is_symbol(p, "Pieces"))
        && node.arg(1).is_some_and(|m| is_symbol(m, "Mover"))
        && within.is_call("difference")
        && within.children().len() == 2
        && board.to_string() == "(sites Board)"
        && region.is_call("sites")
        && region.children().len() == 2
        && region.arg(0).is_some_and(|m| is_symbol(m, "Mover"));
    region
        .arg(1)
        .and_then(Node::as_str)
        .filter(|_| read)
        .map(|name| (name, hand))
}

/// `(= 0 (count Sites in:(difference (sites Occupied by:Mover) (sites Mover "Name"))))`, either
/// way round: whether no site the mover occupies lies outside its region `Name` (Jacquet's
/// "AllPieceInOpponentSide"); the region's name. Ludii's `(sites Occupied by:Mover)` without a
/// container gathers the sites of every container, a hand's too (`SitesOccupied`).
fn occupied_home_region(node: &Node) -> Option<&str> {
    let [a, b] = node.children() else {
        return None;
    };
    let count = if a.as_int() == Some(0) { b } else { a };
    if !node.is_call("=") || [a, b].iter().all(|n| n.as_int() != Some(0)) {
        return None;
    }
    let within = count.named("in")?;
    let [occupied, region] = within.children() else {
        return None;
    };
    let read = count.is_call("count")
        && count.children().len() == 2
        && count.arg(0).is_some_and(|s| is_symbol(s, "Sites"))
        && within.is_call("difference")
        && occupied.to_string() == "(sites Occupied by:Mover)"
        && region.is_call("sites")
        && region.children().len() == 2
        && region.arg(0).is_some_and(|m| is_symbol(m, "Mover"));
    region.arg(1).and_then(Node::as_str).filter(|_| read)
}

/// `(size Stack at:…)` compared with 0, either way round.
fn own_stack_against_zero(a: &Node, b: &Node) -> bool {
    let size = |n: &Node| {
        n.is_call("size")
            && n.children().len() == 2
            && n.arg(0).is_some_and(|s| is_symbol(s, "Stack"))
    };
    (size(a) && b.as_int() == Some(0)) || (size(b) && a.as_int() == Some(0))
}

/// A stack's size is read as 2 for two enemies or more: compared with 0 or 1 it tells the
/// cases apart, with more it would not.
fn stack_size_compared<'e>(node: &'e Node, a: &'e Node, b: &'e Node) -> Result<(), Unread<'e>> {
    let size = |n: &Node| n.is_call("size");
    let beyond_one = |n: &Node| n.as_int().is_none_or(|v| v > 1);
    if (size(a) && beyond_one(b)) || (size(b) && beyond_one(a)) {
        return Err(unread(
            node,
            "a stack's size compared with more than one piece",
        ));
    }
    Ok(())
}

impl<'e> Evaluator<'e> {
    /// A site expression, as where the move leads.
    fn destination(&mut self, node: &'e Node, case: &Case) -> Result<Destination, Unread<'e>> {
        match node.head() {
            Some("trackSite") => {
                let mover = node.arg(0).is_some_and(|m| is_symbol(m, "Move"));
                let steps = node.named("steps");
                // `from:(from)` is where the piece stands, as without it.
                let from = node
                    .named("from")
                    .map(|f| f.is_call("from") && f.children().is_empty());
                let arguments = 2 + usize::from(from.is_some());
                if !mover
                    || node.children().len() != arguments
                    || steps.is_none()
                    || from == Some(false)
                {
                    return Err(unread(node, "a track site the reader does not read"));
                }
                // Alike as written, wherever written (a define's body keeps its own place).
                let differs =
                    |seen: &Node| steps.is_some_and(|s| s.to_string() != seen.to_string());
                match self.steps {
                    Some(seen) if differs(seen) => {
                        Err(unread(node, "moves of two different throws"))
                    }
                    _ => {
                        self.steps = steps;
                        Ok(case.to)
                    }
                }
            }
            Some("to" | "last") if node.head() == Some("to") && node.children().is_empty() => {
                Ok(if self.outside_move {
                    Destination::Off
                } else {
                    case.to
                })
            }
            Some("last") if node.arg(0).is_some_and(|a| is_symbol(a, "To")) => Ok(case.to),
            _ => Err(unread(node, "a site the reader does not read")),
        }
    }

    /// A site asked of the case's destination: `(to)` outside a move, Ludii's `Off`, is no
    /// cell a piece's case tells of.
    fn at(&mut self, site: &'e Node, case: &Case) -> Result<(), Unread<'e>> {
        if self.destination(site, case)? == case.to {
            Ok(())
        } else {
            Err(unread(site, "a site outside a move's destination"))
        }
    }

    fn int(&mut self, node: &'e Node, case: &Case) -> Result<i64, Unread<'e>> {
        if let Some(value) = node.as_int() {
            return Ok(value);
        }
        match node.head() {
            Some("count") if node.arg(0).is_some_and(|a| is_symbol(a, "Pips")) => Ok(case.pips),
            // The level of a stack's top piece, from 0: above one piece, one of its own
            // side or of the enemy's, 0; above two enemies, 1 or more.
            Some("topLevel") if node.children().len() == 1 => {
                let site = node
                    .named("at")
                    .ok_or_else(|| unread(node, "a top level"))?;
                self.at(site, case)?;
                Ok(i64::from(case.occupant == Occupant::Enemies))
            }
            // How many pieces stand on the site: none, one enemy, or two enemies or more,
            // which a comparison with 0 or 1 alone tells apart (`stack_size_compared`). A
            // stack of the mover's own is of any height, which the cases do not follow.
            Some("size")
                if node.children().len() == 2
                    && node.arg(0).is_some_and(|s| is_symbol(s, "Stack")) =>
            {
                let site = node
                    .named("at")
                    .ok_or_else(|| unread(node, "a stack's size"))?;
                self.at(site, case)?;
                match case.occupant {
                    Occupant::Empty => Ok(0),
                    Occupant::Enemy => Ok(1),
                    Occupant::Enemies => Ok(2),
                    Occupant::Friend => Err(unread(
                        node,
                        "the size of a stack of the mover's own pieces",
                    )),
                }
            }
            // One die's value, in a Tables turn.
            Some("pips") if node.children().is_empty() => Ok(case.pips),
            _ => Err(unread(node, "a number the reader does not read")),
        }
    }

    fn boolean(&mut self, node: &'e Node, case: &Case) -> Result<bool, Unread<'e>> {
        // `if:True`, a condition that always holds.
        if let Some(symbol @ ("True" | "False")) = node.as_symbol() {
            return Ok(symbol == "True");
        }
        let args: Vec<&'e Node> = node.positional().collect();
        match node.as_symbol() {
            Some("True") => return Ok(true),
            Some("False") => return Ok(false),
            _ => {}
        }
        let Some(head) = node.head() else {
            return Err(unread(node, "a condition the reader does not read"));
        };
        match (head, args.as_slice()) {
            ("not", [a]) => Ok(!self.boolean(a, case)?),
            // `(if C A B)` as a condition: A where C holds, B otherwise (Ludii's `if` of
            // booleans, which asks only the part C chooses).
            ("if", [condition, then, otherwise]) => {
                if self.boolean(condition, case)? {
                    self.boolean(then, case)
                } else {
                    self.boolean(otherwise, case)
                }
            }
            // Ludii stops at the first part that settles it, as here: a part after it is
            // never evaluated in that case (Medio Emperador's stack size, asked of enemies).
            // A part the cases do not tell is settled by a later one all the same (Tawula's
            // `(and (= (size Stack at:(to)) 1) (is Enemy (who at:(to))))` on a stack of one's
            // own): the parts have no effect, so their order changes no answer.
            ("and", list) | ("or", list) if !list.is_empty() => {
                let settles = head == "or";
                // `(or {a b c})` lists its parts in an array.
                let list: Vec<&Node> = match list {
                    [only] => only
                        .as_array()
                        .map_or_else(|| vec![*only], |a| a.iter().collect()),
                    _ => list.to_vec(),
                };
                let mut untold = None;
                for a in list {
                    match self.boolean(a, case) {
                        Ok(value) if value == settles => return Ok(settles),
                        Ok(_) => {}
                        Err(unread) => {
                            untold.get_or_insert(unread);
                        }
                    }
                }
                match untold {
                    Some(unread) => Err(unread),
                    None => Ok(!settles),
                }
            }
            ("=", [_, _]) if occupied_home_region(node).is_some() => {
                let name = occupied_home_region(node).unwrap_or_default();
                // Every occupied site of the mover's, a hand's too, is asked.
                self.home_region = Some((node, name.to_string(), true));
                Ok(self.home)
            }
            ("=" | "!=", [a, b]) => {
                let equal = match (b.as_symbol(), a.as_symbol()) {
                    (Some(symbol @ ("End" | "Off")), _) | (_, Some(symbol @ ("End" | "Off"))) => {
                        let site = if b.as_symbol().is_some() { a } else { b };
                        let mut at = self.destination(site, case)?;
                        // Without `End`, the step one past the last cell is `Off` already.
                        if at == Destination::End && !self.equipment.tracks.iter().all(|t| t.ends) {
                            at = Destination::Off;
                        }
                        at == if symbol == "End" {
                            Destination::End
                        } else {
                            Destination::Off
                        }
                    }
                    _ if case.occupant == Occupant::Friend && own_stack_against_zero(a, b) => {
                        // The mover's own stack holds a piece at least: never none.
                        let size = if a.is_call("size") { a } else { b };
                        let site = size
                            .named("at")
                            .ok_or_else(|| unread(size, "a stack's size"))?;
                        self.at(site, case)?;
                        false
                    }
                    _ => {
                        stack_size_compared(node, a, b)?;
                        self.int(a, case)? == self.int(b, case)?
                    }
                };
                Ok(equal == (head == "="))
            }
            ("is", [kind, rest @ ..]) => self.is(node, kind, rest, case),
            ("no", _) => match home_region(node) {
                Some((name, hand)) => {
                    self.home_region = Some((node, name.to_string(), hand));
                    Ok(self.home)
                }
                None => Err(unread(node, "a condition the reader does not read")),
            },
            _ => Err(unread(node, "a condition the reader does not read")),
        }
    }

    fn is(
        &mut self,
        node: &'e Node,
        kind: &'e Node,
        rest: &[&'e Node],
        case: &Case,
    ) -> Result<bool, Unread<'e>> {
        let on_cell = |case: &Case| matches!(case.to, Destination::Cell(_));
        match (kind.as_symbol(), rest) {
            (Some(who @ ("Friend" | "Enemy")), [at]) if at.is_call("who") => {
                let site = at.named("at").ok_or_else(|| unread(at, "a who"))?;
                self.at(site, case)?;
                let holds = match case.occupant {
                    Occupant::Friend => who == "Friend",
                    Occupant::Enemy | Occupant::Enemies => who == "Enemy",
                    Occupant::Empty => false,
                };
                Ok(on_cell(case) && holds)
            }
            (Some("Empty"), [site]) => {
                self.at(site, case)?;
                Ok(on_cell(case) && case.occupant == Occupant::Empty)
            }
            (Some("In"), [site, sites]) => {
                // Ludii's `(is In SITE …)` holds of no site off the board.
                let Destination::Cell(cell) = self.destination(site, case)? else {
                    return Ok(false);
                };
                if sites.is_call("sites") && sites.arg(0).is_some_and(|a| is_symbol(a, "Empty")) {
                    return Ok(case.occupant == Occupant::Empty);
                }
                if sites.to_string() == "(sites Mover)" {
                    let region = self
                        .equipment
                        .player_regions
                        .get(&self.mover)
                        .ok_or_else(|| unread(sites, "a region the equipment does not give"))?;
                    self.per_mover = true;
                    return Ok(region.contains(&cell));
                }
                // The mover's own named region, `(sites Mover "Name")` (Verquere's
                // "StartingSide").
                if let (true, Some(name)) = (
                    sites.is_call("sites")
                        && sites.children().len() == 2
                        && sites.arg(0).is_some_and(|m| is_symbol(m, "Mover")),
                    sites.arg(1).and_then(Node::as_str),
                ) {
                    let region = self
                        .equipment
                        .named_player_regions
                        .get(&(name.to_string(), self.mover))
                        .ok_or_else(|| unread(sites, "a region the equipment does not give"))?;
                    self.per_mover = true;
                    return Ok(region.contains(&cell));
                }
                let region = sites
                    .arg(0)
                    .and_then(Node::as_str)
                    .filter(|_| sites.is_call("sites") && sites.children().len() == 1)
                    .and_then(|name| self.equipment.regions.get(name))
                    .ok_or_else(|| unread(sites, "sites the reader does not read"))?;
                Ok(region.contains(&cell))
            }
            _ => Err(unread(node, "a condition the reader does not read")),
        }
    }

    /// A piece's move in one case: what it does, if it can move.
    fn action(&mut self, node: &'e Node, case: &Case) -> Result<Option<Action>, Unread<'e>> {
        let args: Vec<&'e Node> = node.positional().collect();
        match (node.head(), args.as_slice()) {
            (Some("if"), [condition, then])
                if condition.to_string() == "(is Empty (handSite Mover))" =>
            {
                self.hand_empty(node, condition, then, case)
            }
            (Some("if"), [condition, then, rest @ ..]) if rest.len() <= 1 => {
                let outside = std::mem::replace(&mut self.outside_move, true);
                let holds = self.boolean(condition, case);
                self.outside_move = outside;
                if holds? {
                    self.action(then, case)
                } else {
                    match rest.first() {
                        Some(otherwise) => self.action(otherwise, case),
                        None => Ok(None),
                    }
                }
            }
            (Some("or"), list) if !list.is_empty() => {
                let mut found = None;
                for a in list {
                    if let Some(action) = self.action(a, case)? {
                        if found.is_some_and(|f| f != action) {
                            return Err(unread(node, "a choice of two moves of one piece"));
                        }
                        found = Some(action);
                    }
                }
                Ok(found)
            }
            (Some("move"), [remove, from]) if is_symbol(remove, "Remove") => {
                // `(move Remove (from) level:(level))`: the piece at its level, alone.
                let at_level = usize::from(own_level(node));
                if !(from.is_call("from") && from.children().is_empty())
                    || node.children().len() != 2 + at_level
                {
                    return Err(unread(node, "a removal the reader does not read"));
                }
                Ok(Some(Action::BearOff))
            }
            (Some("move"), [from, to, rest @ ..]) => self.land(node, from, to, rest, case),
            _ => Err(unread(node, "a move the reader does not read")),
        }
    }

    /// `(if (is Empty (handSite Mover)) BEAR_OFF)` (Paumecary's): a piece bears off only while
    /// none of its side waits in the hand, the family's `bear_off_hand_empty`. Read where it
    /// guards a bearing off alone, or nothing; anything else is a lack.
    fn hand_empty(
        &mut self,
        node: &'e Node,
        condition: &'e Node,
        then: &'e Node,
        case: &Case,
    ) -> Result<Option<Action>, Unread<'e>> {
        match (case.to, self.action(then, case)?) {
            (_, None) => Ok(None),
            (Destination::End | Destination::Off, Some(Action::BearOff)) => {
                self.hand_empty = Some(condition);
                Ok(Some(Action::BearOff))
            }
            _ => Err(unread(
                node,
                "a condition on the hand being empty, asked of other than a bearing off",
            )),
        }
    }

    /// `(move (from) (to SITE [if:…] [(apply …)]) [(then …)])`.
    fn land(
        &mut self,
        node: &'e Node,
        from: &'e Node,
        to: &'e Node,
        rest: &[&'e Node],
        case: &Case,
    ) -> Result<Option<Action>, Unread<'e>> {
        // `(from)` or `(from (from))`: the piece's own site; `(from (from) level:(level))`,
        // the piece at its own level of the stack (each level `(forEach Piece)` visits), moving
        // alone, those above it staying (Ludii's `ActionMoveLevelFrom`), as the family's pieces
        // move.
        let own_site = from.is_call("from")
            && match from.children() {
                [] => true,
                [site] => site.is_call("from") && site.children().is_empty(),
                [site, _] => site.is_call("from") && site.children().is_empty() && own_level(from),
                _ => false,
            };
        if !own_site {
            return Err(unread(from, "a move from elsewhere than the piece's site"));
        }
        if node.children().len() != 2 + rest.len() {
            return Err(unread(
                node,
                "a move with arguments the reader does not read",
            ));
        }
        let Some(site) = to.arg(0).filter(|_| to.is_call("to")) else {
            return Err(unread(to, "a destination the reader does not read"));
        };
        if self.destination(site, case)? != case.to {
            return Err(unread(site, "a destination elsewhere than the throw leads"));
        }
        // Past the track's last cell the site is `End` or `Off`, no site of the board: Ludii's
        // `FromTo` makes no move to a site below 0 (`to > Constants.OFF`), asking nothing of it.
        if !matches!(case.to, Destination::Cell(_)) {
            return Ok(None);
        }
        if let Some(condition) = to.named("if")
            && !self.boolean(condition, case)?
        {
            return Ok(None);
        }
        let mut capture = false;
        for part in to.children().iter().skip(1) {
            match &part.kind {
                Kind::Named { key, .. } if key == "if" => {}
                _ if part.is_call("apply") => capture = self.capture(part, case)?,
                _ => return Err(unread(part, "a destination part the reader does not read")),
            }
        }
        let enemy = matches!(case.occupant, Occupant::Enemy | Occupant::Enemies);
        // In a stacking game a piece that takes no enemy lands on it, the two sharing the cell
        // (Pachih's safe sites): the family's safe cell that enemies share.
        if enemy && !capture && !self.equipment.stacking {
            return Err(unread(
                node,
                "a move onto an enemy that takes it off the board for good (Ludii's replacement)",
            ));
        }
        if case.occupant == Occupant::Friend && !self.equipment.stacking {
            return Err(unread(
                node,
                "a move onto a piece of one's own that takes it off the board (Ludii's replacement)",
            ));
        }
        // Ludii's `FromTo` makes a move to a site of the board alone (`to > Constants.OFF`):
        // one that the throw carries past the track, `End` or `Off`, is none (Verquere's,
        // past the `End` from which it bears off).
        if !matches!(case.to, Destination::Cell(_)) {
            return Ok(None);
        }
        let (mut again, mut home) = (false, false);
        match rest {
            [] => {}
            [then] if then.is_call("then") && then.children().len() == 1 => {
                (again, home) = self.after_landing(&then.children()[0], case)?;
            }
            _ => {
                return Err(unread(
                    node,
                    "a move's consequences the reader does not read",
                ));
            }
        }
        Ok(Some(Action::Land {
            capture,
            again,
            home,
        }))
    }

    /// A capture `(fromTo (from (to)) (to (mapEntry NAME (who at:(to)))) stack:True)` whose map
    /// sends some player's stack to a site on another player's track (Main Pacheh's starting
    /// points, on every track's outer ring): Ludii moves the whole stack there
    /// (`ActionMoveStacking`) onto whatever stands there, making a stack of two sides, whose
    /// order (which side is on top, and so takes or is taken) the family does not hold.
    fn stack_onto_others(&self, effect: &Node) -> Option<&'static str> {
        let whole = effect.is_call("fromTo")
            && effect.named("stack").is_some_and(|s| is_symbol(s, "True"))
            && effect
                .arg(0)
                .is_some_and(|f| f.to_string() == "(from (to))");
        let site = effect
            .arg(1)
            .filter(|t| whole && t.is_call("to") && t.children().len() == 1)
            .and_then(|t| t.arg(0))
            .filter(|m| m.is_call("mapEntry") && m.children().len() == 2)?;
        let name = site.arg(0).and_then(Node::as_str)?;
        if site.arg(1).map(Node::to_string).as_deref() != Some("(who at:(to))") {
            return None;
        }
        let (map, _) = self.equipment.maps.get(&Some(name.to_string()))?;
        let seats = self.equipment.seat_tracks.as_ref()?;
        let on_another = map.iter().any(|(&player, &to)| {
            seats.iter().enumerate().any(|(seat, track)| {
                seat as i64 + 1 != player && track.iter().any(|&c| c as i64 == to)
            })
        });
        on_another.then_some(
            "a captured stack sent whole, stack:True, to its owner's site on another player's track: it lands on whatever stands there, a stack of two sides, whose order the family does not hold",
        )
    }

    /// `(apply if:(is Enemy (who at:(to))) (fromTo (from (to)) (to (handSite Next))))`, or to
    /// `(handSite (who at:(to)))`, its owner's: whether the enemy where the piece lands returns
    /// to its hand.
    fn capture(&mut self, apply: &'e Node, case: &Case) -> Result<bool, Unread<'e>> {
        let mut effect = apply
            .arg(0)
            .filter(|_| apply.positional().count() == 1)
            .ok_or_else(|| unread(apply, "an effect the reader does not read"))?;
        let mut condition = apply.named("if");
        // `(apply (if C E))` is `(apply if:C E)`: the effect under its condition.
        if let (None, true, Some(inner_condition), Some(inner)) = (
            condition,
            effect.is_call("if") && effect.children().len() == 2,
            effect.arg(0),
            effect.arg(1),
        ) {
            condition = Some(inner_condition);
            effect = inner;
        }
        // `(forEach Level (to) FromTop (fromTo (from (to) level:(level)) (to …)))`: every
        // piece of the cell, from the top down, each to where the `fromTo` sends it.
        if let Some(each) = whole_stack(effect) {
            self.captures_stack = true;
            effect = each;
        }
        // `(fromTo (from (to)) (to …) count:(count at:(to)))` in a stacking game: Ludii's
        // count of a site there is its stack's size, and the move takes that many from the
        // top (`ActionSubStackMove`), the whole stack (Panchi's).
        let counted = self.equipment.stacking
            && effect.is_call("fromTo")
            && effect.children().len() == 3
            && effect
                .named("count")
                .is_some_and(|c| c.to_string() == "(count at:(to))");
        if counted {
            self.captures_stack = true;
        }
        // A return to each player's start on a loop (`looped`'s map of the starts).
        let to_start = effect
            .arg(1)
            .filter(|t| {
                effect.is_call("fromTo")
                    && effect.children().len() == 2
                    && effect
                        .arg(0)
                        .is_some_and(|f| f.to_string() == "(from (to))")
                    && t.is_call("to")
                    && t.children().len() == 1
            })
            .and_then(|t| t.arg(0))
            .and_then(|site| {
                let starts = self
                    .equipment
                    .maps
                    .get(&Some(looped::START_MAP.to_string()));
                looped::return_to_start(
                    site,
                    self.equipment.seat_tracks.as_ref(),
                    starts.map(|(map, _)| map),
                )
            });
        let returns = match to_start.or_else(|| tables::return_to_start(effect, self.equipment)) {
            Some(Ok(positions)) => {
                self.capture_return = Some(positions);
                true
            }
            Some(Err(what)) => return Err(unread(effect, &what)),
            None => false,
        };
        let level_by_level = self.captures_stack && !counted;
        let lifted = effect.is_call("fromTo")
            && effect.children().len() == 2 + usize::from(counted)
            && effect.arg(0).is_some_and(|f| {
                f.is_call("from")
                    && f.children().len() == 1 + usize::from(level_by_level)
                    && (!level_by_level || own_level(f))
                    && f.arg(0)
                        .is_some_and(|s| s.is_call("to") && s.children().is_empty())
            });
        let site = effect
            .arg(1)
            .filter(|t| t.is_call("to"))
            .and_then(|t| t.arg(0))
            .filter(|_| lifted);
        // Pachih's `(to (centrePoint))`, where the tracks begin.
        if site.is_some_and(|h| h.to_string() == "(centrePoint)") {
            self.waits_at = Some(self.waiting_site().ok_or_else(|| {
                unread(
                    effect,
                    "a capture to the centre, elsewhere than where the tracks begin",
                )
            })?);
        }
        let bar = site
            .filter(|_| !self.bar_is_hand)
            .and_then(|h| tables::to_bar(h, self.equipment));
        let to_bar = bar.is_some();
        if let Some(name) = bar {
            self.bar = true;
            self.bar_map = name;
        }
        let to_hand = returns
            || to_bar
            || self.waits_at.is_some()
            || site.is_some_and(|h| {
                (h.is_call("handSite") && h.arg(0).is_some_and(|p| is_symbol(p, "Next")))
                    // The hand of the captured piece's owner, of any number of players
                    // (Barjis's and El Mundo's four).
                    || h.to_string() == "(handSite (who at:(to)))"
                    // The owner of each piece of the stack, level by level.
                    || (self.captures_stack
                        && h.to_string() == "(handSite (who at:(to) level:(level)))")
                    || (self.bar_is_hand && h.to_string() == "(mapEntry (next))")
            });
        if !to_hand {
            if let Some(what) = self.stack_onto_others(effect) {
                return Err(unread(effect, what));
            }
            return Err(unread(effect, "an effect the reader does not read"));
        }
        let applies = match condition {
            Some(condition) => self.boolean(condition, case)?,
            None => true,
        };
        if applies && !matches!(case.occupant, Occupant::Enemy | Occupant::Enemies) {
            return Err(unread(apply, "an effect on a cell that holds no enemy"));
        }
        Ok(applies)
    }

    /// A move's consequence: whether the mover throws again, and whether the piece that
    /// moved returns to its hand, `(fromTo (from (last To)) (to (handSite (mover))))` (the top
    /// piece of the landing site, the one that moved).
    fn after_landing(&mut self, node: &'e Node, case: &Case) -> Result<(bool, bool), Unread<'e>> {
        if node.is_call("moveAgain") && node.children().is_empty() {
            return Ok((true, false));
        }
        if node.to_string() == "(fromTo (from (last To)) (to (handSite (mover))))" {
            return Ok((false, true));
        }
        let args: Vec<&'e Node> = node.positional().collect();
        match (node.head(), args.as_slice()) {
            (Some("if"), [condition, then]) => {
                if self.boolean(condition, case)? {
                    self.after_landing(then, case)
                } else {
                    Ok((false, false))
                }
            }
            _ => Err(unread(node, "a consequence the reader does not read")),
        }
    }
}

/// `(then (if (and (< (value Player Mover) K) (is In STEPS (sites {…}))) (and (moveAgain)
/// (set Value Mover (+ 1 (value Player Mover)))) (set Value Mover Undefined)))`, where STEPS is
/// what the pieces move: the values listed give another throw, and a player counting them in
/// its value takes K + 1 in a row, its value starting and reset at Ludii's Undefined (-1);
/// or `(then (if (is In STEPS (sites {…})) (moveAgain)))`, as many in a row as are thrown.
/// `first_die` is the site of the first die, where the dice's sites are known (after the
/// board's and the hands'), for a condition that asks a die's face.
fn again_in_a_row<'e>(
    then: &'e Node,
    equipment: &Equipment<'e>,
    first_die: Option<i64>,
) -> Result<(String, u8), Unread<'e>> {
    let counted = "(value Player Mover)";
    // `(then (if (is In STEPS (sites {…})) (moveAgain)))`: no limit (Bargese).
    let unlimited = then
        .arg(0)
        .filter(|i| i.is_call("if") && i.positional().count() == 2 && then.children().len() == 1)
        .filter(|i| i.arg(1).is_some_and(|g| g.to_string() == "(moveAgain)"))
        .and_then(|i| Some((None, i.arg(0)?)));
    let read = then
        .arg(0)
        .filter(|i| i.is_call("if") && i.positional().count() == 3 && then.children().len() == 1)
        .and_then(|i| {
            let [condition, grant, reset] = [i.arg(0)?, i.arg(1)?, i.arg(2)?];
            let [below, listed] = [condition.arg(0)?, condition.arg(1)?];
            let limit = below.arg(1).and_then(Node::as_int).filter(|_| {
                below.is_call("<") && below.arg(0).is_some_and(|v| v.to_string() == counted)
            })?;
            let holds = condition.is_call("and")
                && condition.positional().count() == 2
                && grant.to_string()
                    == format!("(and (moveAgain) (set Value Mover (+ 1 {counted})))")
                && reset.to_string() == "(set Value Mover Undefined)";
            holds.then_some((Some(limit), listed))
        });
    let Some((limit, listed)) = read.or(unlimited) else {
        return Err(unread(
            then,
            "a turn's consequence the reader does not read",
        ));
    };
    // `(and C (not ("SameTurn")))`: C gives another throw to the first throw of a turn alone
    // (Tamman's 4), Ludii's `SameTurn` holding after every `moveAgain`: one in a row.
    let first_only = first_throw_only(listed);
    let listed = first_only.unwrap_or(listed);
    // Ludii's Undefined is -1: the grants run from it up to the limit.
    let in_a_row = match (limit, first_only) {
        (None, None) => 0,
        (None, Some(_)) => 1,
        (Some(limit), None) => u8::try_from(limit + 1)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| unread(then, "a limit of another throws the reader does not read"))?,
        (Some(_), Some(_)) => {
            return Err(unread(
                listed,
                "another throw counted in a player's value and asked of the turn's first throw",
            ));
        }
    };
    // The values are the throw as the pieces move it: the steps of their track, not those
    // of the cells a move passes (Tamman's `(sites Track … from:… to:…)`).
    let destinations: Vec<&Node> = equipment
        .moves
        .iter()
        .flat_map(|(_, moves)| outside_sites(moves))
        .collect();
    // `(not (is In STEPS (sites {…})))`: every value the pieces move but those listed
    // (Sokkattan's, which throws again on all but its 2, 3 and 4).
    let (steps, values) = match listed
        .arg(0)
        .filter(|_| listed.is_call("not") && listed.children().len() == 1)
    {
        Some(inner) => {
            let (steps, values) = steps_in_values(inner);
            let all = steps.and_then(|s| values_moved(s, &destinations, equipment));
            let values = values
                .zip(all)
                .map(|(listed, all)| all.into_iter().filter(|v| !listed.contains(v)).collect());
            (steps, values)
        }
        None => steps_in_values(listed),
    };
    let moved = |steps: &Node| moves_by(steps, destinations.iter().copied());
    if values.is_none() || !steps.is_some_and(moved) {
        // A condition of the throw alone, evaluated at every throw (Ashta-kashte's `(or (=
        // (count Pips) 0) (= (count Pips) 4))`, its 8 and its 4): the values it lists may be
        // the throw before the pieces' moves map it.
        if let Some(values) = values_where_again(listed, &destinations, equipment)? {
            let values = values
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(",");
            return Ok((values, in_a_row));
        }
    }
    match (steps, values) {
        (Some(steps), Some(values)) if !values.is_empty() && moved(steps) => Ok((
            values
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            in_a_row,
        )),
        (Some(_), Some(values)) if !values.is_empty() => Err(unread(
            listed,
            "another throw on values other than those the pieces move",
        )),
        _ => Err(
            split_by_face(listed, equipment, first_die).unwrap_or_else(|| {
                unread(
                    listed,
                    "a condition of another throw the reader does not read",
                )
            }),
        ),
    }
}

/// The lack of a condition of another throw that asks a die's face, `(face SITE)`, where it
/// gives another throw at some throws of a total of pips and not at others: the family's
/// another throw is a set of the values the pieces move, so it cannot tell them apart. Each
/// such total is named with how many of its throws give another (Ludii turns up each face of
/// each die equally likely). A conjunct `(not (no Pieces Mover))` is read as holding: the
/// mover without pieces has won (`(end (if (no Pieces Mover) …))`), which the family's end
/// reads, and the lack names it beside the totals. `None` where the condition asks no face,
/// or cannot be evaluated at every throw.
fn split_by_face<'e>(
    condition: &'e Node,
    equipment: &Equipment<'e>,
    first_die: Option<i64>,
) -> Option<Unread<'e>> {
    if !condition.walk().any(|n| n.is_call("face")) {
        return None;
    }
    let has_pieces = "(not (no Pieces Mover))";
    let (asked, while_pieces) = match condition.children() {
        [a, b] if condition.is_call("and") && a.to_string() == has_pieces => (b, true),
        [a, b] if condition.is_call("and") && b.to_string() == has_pieces => (a, true),
        _ => (condition, false),
    };
    let split = faces_by_die::totals_split_by_face(asked, equipment.dice?, first_die?)?;
    if split.is_empty() {
        return None;
    }
    let totals: Vec<String> = split
        .iter()
        .map(|(total, held, all)| format!("{total} ({held} of its {all} throws)"))
        .collect();
    let what = format!(
        "another throw on some throws of a total of pips and not on others, told apart by a \
         die's face: {totals}{pieces}",
        pieces = if while_pieces {
            ", while the mover has pieces"
        } else {
            ""
        },
        totals = totals.join(", "),
    );
    Some(unread(condition, &what))
}

/// `(and C (not ("SameTurn")))`, either way round: C.
fn first_throw_only(listed: &Node) -> Option<&Node> {
    let same_turn = |n: &Node| n.to_string() == "(not (\"SameTurn\"))";
    match listed.children() {
        [a, b] if listed.is_call("and") && same_turn(b) => Some(a),
        [a, b] if listed.is_call("and") && same_turn(a) => Some(b),
        _ => None,
    }
}

/// The nodes of `moves`, those of `(sites …)` left out: what a move leads to, not the cells
/// it passes.
fn outside_sites(moves: &Node) -> Vec<&Node> {
    let mut found = Vec::new();
    let mut stack = vec![moves];
    while let Some(node) = stack.pop() {
        if node.is_call("sites") {
            continue;
        }
        found.push(node);
        stack.extend(node.children().iter().rev());
        if let Kind::Named { value, .. } = &node.kind {
            stack.push(value);
        }
    }
    found
}

/// The values that give another throw where `condition` is an expression of the throw alone,
/// `(count Pips)`: it is evaluated at every throw the dice make, beside what the pieces move
/// of it (their `steps:`, all alike, `(count Pips)`, a map of it or an expression of it), and
/// each value it holds for is listed; a value moved by throws it holds for and by others it
/// does not is named. `None` where the condition or the steps are not of the throw alone.
fn values_where_again<'e>(
    condition: &'e Node,
    destinations: &[&'e Node],
    equipment: &Equipment<'e>,
) -> Result<Option<Vec<i64>>, Unread<'e>> {
    let mut steps = destinations.iter().filter_map(|n| n.named("steps"));
    let Some(first) = steps.next() else {
        return Ok(None);
    };
    if steps.any(|s| s.to_string() != first.to_string()) {
        return Ok(None);
    }
    let Some(thrown) = equipment.dice.and_then(faces_by_die::pips_thrown) else {
        return Ok(None);
    };
    // What the pieces move of a total: a map's entry, or an expression of it.
    let moved = |pips: i64| moved_of(first, pips, equipment);
    let mut held: BTreeMap<i64, bool> = BTreeMap::new();
    for pips in thrown {
        let (Some(value), Some(holds)) = (moved(pips), faces_by_die::truth_of(condition, pips))
        else {
            return Ok(None);
        };
        if *held.entry(value).or_insert(holds) != holds {
            return Err(unread(
                condition,
                "another throw on some throws of a value the pieces move and not on others",
            ));
        }
    }
    let values: Vec<i64> = held
        .into_iter()
        .filter(|&(_, h)| h)
        .map(|(v, _)| v)
        .collect();
    Ok((!values.is_empty()).then_some(values))
}

/// Every value the pieces move where they all move by `steps`, `(count Pips)` or a map's entry
/// of it: what it makes of each throw the dice make.
fn values_moved(
    steps: &Node,
    destinations: &[&Node],
    equipment: &Equipment<'_>,
) -> Option<Vec<i64>> {
    if !moves_by(steps, destinations.iter().copied()) {
        return None;
    }
    let thrown = equipment.dice.and_then(faces_by_die::pips_thrown)?;
    let mut values: Vec<i64> = thrown
        .into_iter()
        .map(|pips| moved_of(steps, pips, equipment))
        .collect::<Option<_>>()?;
    values.sort_unstable();
    values.dedup();
    Some(values)
}

/// What the pieces move of a total `pips` where they move by `steps`: a map's entry of it, or
/// an expression of it.
fn moved_of(steps: &Node, pips: i64, equipment: &Equipment<'_>) -> Option<i64> {
    let entry = match steps.children() {
        [total] if steps.is_call("mapEntry") => Some((None, total)),
        [name, total] if steps.is_call("mapEntry") => {
            Some((Some(name.as_str()?.to_string()), total))
        }
        _ => None,
    };
    match entry {
        Some((name, total)) => {
            let key = faces_by_die::number_of(total, pips)?;
            equipment.maps.get(&name)?.0.get(&key).copied()
        }
        None => faces_by_die::number_of(steps, pips),
    }
}

/// `(then (if (no Pieces Mover) SCORE))`, SCORE `(set Score Mover N)`, `(addScore Mover N)`
/// or `(if C SCORE SCORE)`: points given to the mover once its last piece is off, when it has
/// won (Kotra's two, Nard's one or two, the mars, by whether an enemy is left in its final
/// quadrant). Ludii's `(result Mover Win)` ranks the players whatever their scores, so where
/// no end asks a score the consequence changes no play, as Portes's gammon does not.
fn winner_score(then: &Node) -> bool {
    fn score(node: &Node) -> bool {
        let points = |n: &Node| {
            n.arg(0).is_some_and(|m| is_symbol(m, "Mover"))
                && n.arg(1).and_then(Node::as_int).is_some_and(|v| v > 0)
        };
        match node.head() {
            Some("set") => {
                node.children().len() == 3
                    && node.arg(0).is_some_and(|k| is_symbol(k, "Score"))
                    && node.arg(1).is_some_and(|m| is_symbol(m, "Mover"))
                    && node.arg(2).and_then(Node::as_int).is_some_and(|v| v > 0)
            }
            Some("addScore") => node.children().len() == 2 && points(node),
            Some("if") => {
                node.children().len() == 3
                    && node.arg(1).is_some_and(score)
                    && node.arg(2).is_some_and(score)
            }
            _ => false,
        }
    }
    then.children().len() == 1
        && then.arg(0).is_some_and(|rule| {
            rule.is_call("if")
                && rule.children().len() == 2
                && rule
                    .arg(0)
                    .is_some_and(|c| c.to_string() == "(no Pieces Mover)")
                && rule.arg(1).is_some_and(score)
        })
}

/// The parts of `(then (and (if (not (all DiceUsed)) (moveAgain)) …))` after the first, where
/// the consequence is so written.
fn beside_dice_left(then: &Node) -> Option<&[Node]> {
    let [both] = then.children() else {
        return None;
    };
    let parts = both.children();
    (both.is_call("and")
        && parts.len() >= 2
        && parts[0].to_string() == "(if (not (all DiceUsed)) (moveAgain))")
        .then(|| &parts[1..])
}

/// `(then (and (if (not (all DiceUsed)) (moveAgain)) (if C SCORE)))`, SCORE `(addScore Mover
/// N)` or `(set Score Mover N)`: another move while a die is unused, beside a score that no end
/// asks (Schuster's two points for its `("SpecialWin")`, which its end asks as a position), so
/// changes no play.
fn dice_left_beside_score(then: &Node) -> bool {
    let scores = |node: &Node| {
        node.children().len() >= 2
            && (node.is_call("addScore")
                || (node.is_call("set") && node.arg(0).is_some_and(|k| is_symbol(k, "Score"))))
    };
    let [both] = then.children() else {
        return false;
    };
    both.is_call("and")
        && both.children().len() == 2
        && both
            .arg(0)
            .is_some_and(|a| a.to_string() == "(if (not (all DiceUsed)) (moveAgain))")
        && both.arg(1).is_some_and(|b| {
            b.is_call("if") && b.children().len() == 2 && b.arg(1).is_some_and(scores)
        })
}

/// `(is In STEPS (sites {V …}))`: the steps and the values listed, each where it is written
/// so.
fn steps_in_values(listed: &Node) -> (Option<&Node>, Option<Vec<i64>>) {
    // `(= STEPS V)`: the one value V.
    if listed.is_call("=") && listed.children().len() == 2 {
        let value = listed.arg(1).and_then(Node::as_int);
        return (listed.arg(0), value.map(|v| vec![v]));
    }
    if listed.is_call("or") {
        return values_compared(listed);
    }
    let steps = listed
        .arg(1)
        .filter(|_| listed.is_call("is") && listed.arg(0).is_some_and(|k| is_symbol(k, "In")));
    let values = listed
        .arg(2)
        .filter(|sites| sites.is_call("sites") && sites.children().len() == 1)
        .and_then(|sites| sites.arg(0))
        .and_then(Node::as_array)
        .and_then(|list| list.iter().map(Node::as_int).collect::<Option<Vec<i64>>>());
    (steps, values)
}

/// `(or {(= STEPS v) …})`: STEPS, the same in each, and the values v, where `listed` is so
/// written.
fn values_compared(listed: &Node) -> (Option<&Node>, Option<Vec<i64>>) {
    let parts: Vec<&Node> = match listed.arg(0).and_then(Node::as_array) {
        Some(list) if listed.children().len() == 1 => list.iter().collect(),
        _ => listed.positional().collect(),
    };
    if !listed.is_call("or") || parts.is_empty() {
        return (None, None);
    }
    let compared: Option<Vec<(&Node, i64)>> = parts
        .iter()
        .map(|p| {
            let (a, b) = (p.arg(0)?, p.arg(1)?);
            (p.is_call("=") && p.children().len() == 2)
                .then_some(())
                .and_then(|_| b.as_int().map(|v| (a, v)))
        })
        .collect();
    let Some(compared) = compared else {
        return (None, None);
    };
    let steps = compared[0].0;
    if compared
        .iter()
        .any(|(s, _)| s.to_string() != steps.to_string())
    {
        return (None, None);
    }
    let mut values: Vec<i64> = compared.iter().map(|&(_, v)| v).collect();
    values.sort_unstable();
    values.dedup();
    (Some(steps), Some(values))
}

/// Whether the moves, walked as `nodes`, give some `steps:` and every one is `steps`: the
/// throw as the pieces move it.
fn moves_by<'n>(steps: &Node, nodes: impl Iterator<Item = &'n Node>) -> bool {
    let mut moved = nodes.filter_map(|n| n.named("steps")).peekable();
    moved.peek().is_some() && moved.all(|s| s.to_string() == steps.to_string())
}

/// `(play (do (roll) next:…))`: one throw a turn, then a piece's move.
fn read_play(reader: &mut Reader, play: &Node, equipment: &Equipment<'_>, scored: bool) {
    let mut turn = play.arg(0).filter(|_| play.children().len() == 1);
    // `(max Moves TURN)` (Buffa de Baldrac's "a player must use the maximum number of moves
    // presented by the dice"): Ludii's `MaxMoves.eval` tries each move and, while the mover
    // moves again, every move after it to the turn's end, and keeps those after which the most
    // moves are made; the family has no such look-ahead. Named, and TURN read on, so that
    // whatever else the turn lacks is named too.
    if let Some(max) = turn.filter(|t| {
        t.is_call("max")
            && t.children().len() == 2
            && t.arg(0).is_some_and(|m| is_symbol(m, "Moves"))
    }) {
        reader.lack(
            max,
            format!(
                "a turn that keeps only the moves after which the most moves of the turn follow (Ludii's max Moves): {max_}",
                max_ = Brief(max)
            ),
        );
        turn = max.arg(1);
    }
    let then = turn
        .filter(|t| t.is_call("do") && t.children().len() == 3)
        .and_then(|t| t.children().last())
        .filter(|then| then.is_call("then"));
    // The winner's score, where no end asks it, changes no play (Kotra's, Nard's).
    let winner_scores = !scored && then.is_some_and(winner_score);
    // `(then …)` after the move: another throw on some values, so many in a row (Pachih).
    let again = then.filter(|_| !winner_scores);
    let first_die = first_die_site(reader, equipment);
    // A consequence not read is named, and the rest of the turn read past it, so that every
    // other part the turn lacks is named too.
    let mut again_unread = false;
    let mut again = match again {
        Some(then) => match again_in_a_row(then, equipment, first_die) {
            Ok(read) => Some((read, then)),
            Err(Unread(node, what)) => {
                reader.lack(node, what);
                again_unread = true;
                None
            }
        },
        None => None,
    };
    let roll = turn
        .filter(|t| {
            t.is_call("do")
                && t.children().len()
                    == 2 + usize::from(again.is_some() || again_unread || winner_scores)
        })
        .and_then(|t| t.arg(0));
    // `(if (not ("SameTurn")) (roll))`: the dice are thrown once, and the turn goes on (a
    // piece's `moveAgain`) without throwing while some are unused: the Tables turn.
    let pending = roll.is_some_and(tables::pending_roll);
    let handed_on = roll.is_some_and(tables::roll_unless_pending);
    let die_by_die = pending
        || handed_on
        || roll.is_some_and(|r| r.to_string() == "(if (not (\"SameTurn\")) (roll))");
    let roll = roll.filter(|r| die_by_die || (r.is_call("roll") && r.children().is_empty()));
    let (Some(turn), Some(_)) = (turn, roll) else {
        reader.lack(
            play,
            format!(
                "a turn other than one throw and a move: {play_}",
                play_ = Brief(play)
            ),
        );
        return;
    };
    let Some(mut next) = turn.named("next") else {
        reader.lack(
            turn,
            format!(
                "a turn other than one throw and a move: {turn_}",
                turn_ = Brief(turn)
            ),
        );
        return;
    };
    // A throw kept while Pending (Laquet's): the dice the mover cannot use go to the next.
    let mut pieces_then = None;
    if handed_on {
        let Some((choice, then, pass)) = tables::dice_to_next(next) else {
            reader.lack(
                next,
                format!(
                    "a throw kept while Pending, beside moves that do not hand the dice on: {next_}",
                    next_ = Brief(next)
                ),
            );
            return;
        };
        reader.set("unplayable_dice_to_next", true, pass);
        next = choice;
        pieces_then = Some(then);
    } else {
        reader.set("unplayable_dice_to_next", false, turn);
    }
    // A pass with the pieces' consequence (Main Pacheh's): another throw on a pass too.
    let mut pass_again = None;
    if let (false, None, false, Some((choice, then, pass))) = (
        handed_on,
        &again,
        again_unread,
        choice::pass_with_consequence(next),
    ) {
        match again_in_a_row(then, equipment, first_die) {
            Ok(read) => {
                again = Some((read, then));
                pass_again = Some(pass);
                next = choice;
            }
            Err(Unread(node, what)) => {
                reader.lack(node, what);
                return;
            }
        }
    }
    // The hand's pieces before any other move (Shuanglu's priority): the pieces' moves read
    // as the turn's, the entry beside them.
    let hand_first = choice::hand_first(next);
    if let Some(hand) = &hand_first {
        next = hand.pieces;
    }
    // Captured pieces entering from the hand beside the pieces' own moves (Kotra's).
    if let Some((pieces, landing, _)) = tables::hand_entry(next, equipment) {
        reader.set("enter_stack_limit", 1, landing);
        reader.set("enter_counts_first_cell", true, next);
        reader.set("enter_from", 0, next);
        next = pieces;
    }
    let mut zero_passes = None;
    if let (true, Some(condition), Some(then)) = (
        next.is_call("if") && next.children().len() == 2,
        next.arg(0),
        next.arg(1),
    ) {
        // A condition on the throw alone: read by evaluating it at every total.
        let mut evaluator = Evaluator::new(equipment, 1, false);
        let holds: Result<Vec<bool>, Unread<'_>> = (0..=MAX_THROW_TOTAL)
            .map(|pips| {
                let case = Case {
                    pips,
                    to: Destination::Off,
                    occupant: Occupant::Empty,
                };
                evaluator.boolean(condition, &case)
            })
            .collect();
        match holds {
            Ok(holds) if !holds[0] && holds[1..].iter().all(|&h| h) => {
                zero_passes = Some(next);
                next = then;
            }
            Ok(_) => {
                reader.lack(
                    condition,
                    format!(
                        "a turn whose throws are moved only under a condition: {condition_}",
                        condition_ = Brief(condition)
                    ),
                );
                return;
            }
            Err(Unread(node, what)) => {
                reader.lack(node, what);
                return;
            }
        }
    }
    // Panchi's choice of the pieces beside an entry carries the pass's consequence itself,
    // not on the pieces' moves.
    let listed_then = pass_again.is_some() && entry::listed(next).is_some();
    let then_on_pieces = (pass_again.is_some() && !listed_then) || pieces_then.is_some();
    // `top:True` moves the top piece of a stack: with the pieces of a side alike, any of them.
    let top = |n: &Node| usize::from(n.named("top").is_some_and(|t| is_symbol(t, "True")));
    let pieces = |n: &Node, hand: bool| {
        n.is_call("forEach")
            && n.arg(0).is_some_and(|p| is_symbol(p, "Piece"))
            && match n.named("container") {
                None => !hand && n.children().len() == 1 + top(n) + usize::from(then_on_pieces),
                Some(c) => hand && c.is_call("mover") && n.children().len() == 2 + top(n),
            }
    };
    // Backgammon's turn is thrown on SameTurn alone; a throw on Pending is read with the
    // pieces' own dice below.
    let bar_turn = (!pending && !handed_on)
        .then(|| read_bar_turn(reader, next, equipment, zero_passes))
        .flatten();
    if let Some(turn_read) = bar_turn {
        if turn_read {
            reader.set("extra_throw_values", "none", turn);
            reader.set("extra_throws_in_a_row", 0, turn);
            reader.set("extra_throw_on_pass", false, turn);
            reader.set("another_throw_on_doubles", false, turn);
        }
        return;
    }
    // The Tables turn's consequence may follow the choice of pieces rather than each piece's
    // dice (the Emperador kin): the same consequence, of every move either gives.
    let turn_then = match listed_then {
        true => None,
        false => tables::turn_consequence(next).or(pieces_then),
    };
    // An entry written as a move of its own beside the pieces' moves (Barjis's, Panchi's).
    let entry = entry::split(next, listed_then, |n| pieces(n, false));
    if let Some((moves, _)) = entry {
        next = moves;
    }
    let on_board = pieces(next, false);
    let from_hand = next.is_call("or")
        && next.children().len() == 2 + usize::from(turn_then.is_some())
        && next.arg(0).is_some_and(|n| pieces(n, false))
        && next.arg(1).is_some_and(|n| pieces(n, true));
    if !(on_board || from_hand) {
        // What the moves are, where a description's are known, beside their text.
        let what = tables::other_moves(next, equipment)
            .map(|what| format!("{what}: "))
            .unwrap_or_default();
        reader.lack(
            next,
            format!(
                "moves other than each piece's own: {what}{next_}",
                next_ = Brief(next)
            ),
        );
        return;
    }
    let choice = if on_board {
        vec![next]
    } else {
        next.children().iter().take(2).collect()
    };
    read_listing(reader, &choice, equipment);
    match &again {
        Some(((values, in_a_row), then)) => {
            reader.set("extra_throw_values", values, then);
            reader.set("extra_throws_in_a_row", in_a_row, then);
        }
        None if again_unread => {}
        None => {
            reader.set("extra_throw_values", "none", turn);
            reader.set("extra_throws_in_a_row", 0, turn);
        }
    }
    // Ludii's consequences follow a move; but a throw that moves nothing is passed by the
    // turn's own `Do`, which makes the forced pass where its moves are none and the dice are
    // in a hand (`Do.prependPreMoves`) and gives it its consequence as it gives every move of
    // its own (Sokkattan's another throw on all but 2, 3 and 4): the consequence follows a
    // pass too. Otherwise the pass is a move written with the consequence, or none follows.
    match (pass_again, &again) {
        (Some(pass), _) => reader.set("extra_throw_on_pass", true, pass),
        (None, Some((_, then))) if !die_by_die => reader.set("extra_throw_on_pass", true, then),
        (None, _) if again_unread => {}
        (None, _) => reader.set("extra_throw_on_pass", false, turn),
    }
    if !die_by_die {
        // One throw, one move: no die is played apart, so none twice nor passed.
        reader.set("doubles_played_twice", false, turn);
        reader.set("unplayable_die_passes", false, turn);
        reader.set("pass_after_last_die", false, turn);
        reader.set("move_after_dice", 0, turn);
        reader.set("another_throw_on_doubles", false, turn);
    }
    let moves = match equipment.moves.as_slice() {
        [(_, moves)] if die_by_die => each_die(reader, moves, turn_then, equipment, pending),
        [(_, _)] if turn_then.is_some() => {
            reader.lack(
                next,
                format!(
                    "a turn's consequence of a turn of one throw and a move: {next_}",
                    next_ = Brief(next)
                ),
            );
            None
        }
        [(_, moves)] => Some(*moves),
        _ => None,
    };
    match equipment.moves.as_slice() {
        [_] => {
            if let Some(moves) = moves {
                read_moves(reader, moves, equipment, zero_passes, None);
                if let Some((_, enter)) = entry {
                    entry::read(reader, enter, moves, equipment);
                }
                if let (Some(hand), [(_, piece)]) = (&hand_first, equipment.moves.as_slice()) {
                    choice::read_entry(reader, hand, piece, equipment);
                }
            }
        }
        [] => reader.lack(play, "no piece with moves"),
        [_, (piece, _), ..] => reader.lack(piece, "pieces of several kinds"),
    }
}

/// Why Ludii 1.3.13 lists a move of a piece leaving a stack once for every piece of it.
const LISTED_PER_PIECE: &str = "Ludii's (forEach Piece) without top:True walks every level of a stack (ForEachPiece.movesIterator, Core/src/game/rules/play/moves/nonDecision/operators/foreach/piece/ForEachPiece.java:256-274 at commit 845cda6 of chiarazarrella/Ludii, skipping a level only where top is set; a game of stacks keeps a location for every piece, FullOwned.add), so a move from a stack is listed once for each of its pieces, and AlternatingMove.playout picks uniformly among the listed moves (Core/src/other/model/AlternatingMove.java:617, random.nextInt(legal.moves().size())): its random play weights a stack's moves by its height.";

/// How Ludii's random play lists the moves of the turn's choice of pieces, `choice` (the
/// board's `(forEach Piece …)` and, beside it, the hand's `(forEach Piece container:(mover)
/// …)`): each once as the rules give them (`moves_listed` once), which Ludii plays once for
/// every piece of the stack a move leaves where the game stacks its pieces and the choice does
/// not ask for the top piece alone (the fault `per-piece`, or `per-piece-on-board` where the
/// hand's pieces enter by a move of their own, listed once).
fn read_listing(reader: &mut Reader, choice: &[&Node], equipment: &Equipment<'_>) {
    let top = |n: &Node| n.named("top").is_some_and(|t| is_symbol(t, "True"));
    let Some(&board) = choice.first() else {
        return;
    };
    // A turn that walks the sites lists each once; a game without stacks, or of one piece a
    // player, has no stack to list a move of more than once.
    let single = reader.reading.get("pieces").is_some_and(|p| p.value == "1");
    if reader.sites_once || !equipment.stacking || single {
        reader.set("moves_listed", "once", board);
        return;
    }
    let fault = match choice {
        [board] if top(board) => None,
        [_] if equipment.hands => Some("per-piece-on-board"),
        [_] => Some("per-piece"),
        [board, hand] => match (top(board), top(hand)) {
            (true, true) => None,
            (false, false) => Some("per-piece"),
            (false, true) => Some("per-piece-on-board"),
            (true, false) => {
                reader.lack(
                    hand,
                    "the hand's moves listed once for each piece waiting there beside the board's listed once for a stack",
                );
                return;
            }
        },
        _ => None,
    };
    match fault {
        None => reader.set("moves_listed", "once", board),
        Some(value) => reader.set_with_fault(
            "moves_listed",
            "once",
            board,
            crate::sowing::LudiiFault {
                value: value.into(),
                why: LISTED_PER_PIECE,
            },
        ),
    }
}

/// A piece's moves in a Tables turn: `(forEach Die [replayDouble:True] if:(!= (pips) 0) MOVE
/// (then (if (not (all DiceUsed)) (moveAgain))))`, each unused die a move of its own until all
/// are used, which is the family's dice played each apart (a double twice over with
/// `replayDouble`); the move within is read on. The consequence may be the turn's instead,
/// `turn_then`, after the choice of pieces (`(or (forEach Piece …) … (then …))`), the piece's
/// dice then without one. Anything else is a lack.
fn each_die<'n>(
    reader: &mut Reader,
    moves: &'n Node,
    turn_then: Option<&'n Node>,
    equipment: &Equipment<'_>,
    pending: bool,
) -> Option<&'n Node> {
    let positional: Vec<&Node> = moves.positional().collect();
    let shape = match (positional.as_slice(), turn_then) {
        ([die, inner, then], None) if moves.is_call("forEach") && is_symbol(die, "Die") => {
            Some((*inner, *then))
        }
        ([die, inner], Some(then)) if moves.is_call("forEach") && is_symbol(die, "Die") => {
            Some((*inner, then))
        }
        _ => None,
    };
    let end_scored = reader.end_scored;
    let while_dice_left = |then: &Node| {
        (then.to_string() == "(then (if (not (all DiceUsed)) (moveAgain)))"
            || (!end_scored && dice_left_beside_score(then)))
        .then_some(false)
    };
    // Another move after every die, the last too, which the move after the dice answers.
    let after_dice = reader.after_dice.clone();
    let then_after_dice = |then: &Node| {
        (after_dice.is_some() && then.to_string() == "(then (moveAgain))").then_some(false)
    };
    // A throw on Pending is read only beside the consequence that sets it.
    let again_on_doubles = |then: &Node| {
        if pending {
            tables::again_on_doubles(then)
        } else {
            None
        }
    };
    let shape = shape.and_then(|(inner, then)| {
        let doubles = again_on_doubles(then);
        let after_last = if pending {
            doubles?
        } else {
            match &after_dice {
                Some(_) => then_after_dice(then)?,
                None => while_dice_left(then)
                    .or_else(|| tables::again_after_every_die(then, equipment.player_values_set))?,
            }
        };
        Some((inner, then, after_last, doubles.is_some()))
    });
    let Some((inner, then, after_last, doubles)) = shape else {
        // Each unused die in turn beside other consequences: those are what is not read.
        let beside = match positional.as_slice() {
            [die, _, then] if moves.is_call("forEach") && is_symbol(die, "Die") => {
                beside_dice_left(then)
            }
            _ => None,
        };
        if let Some(others) = beside.filter(|_| !pending && after_dice.is_none()) {
            for other in others {
                reader.lack(
                    other,
                    format!(
                        "a consequence of each die the reader does not read: {other_}",
                        other_ = Brief(other)
                    ),
                );
            }
            return None;
        }
        reader.lack(
            moves,
            format!(
                "moves of a turn of several dice other than each unused die in turn: {moves_}",
                moves_ = Brief(moves)
            ),
        );
        return None;
    };
    for part in moves.children() {
        let Kind::Named { key, value } = &part.kind else {
            continue;
        };
        match (key.as_str(), value.to_string().as_str()) {
            ("if", "(!= (pips) 0)") => {}
            ("replayDouble", "True") => reader.set("doubles_played_twice", true, value),
            _ => {
                reader.lack(
                    value,
                    format!(
                        "a choice of dice the reader does not read: {key}:{value_}",
                        value_ = Brief(value)
                    ),
                );
            }
        }
    }
    reader.set("dice_use", "each", moves);
    reader.default("doubles_played_twice", false, moves);
    // `(moveAgain)` whether or not a die left can be used: Ludii passes it as a move.
    reader.set("unplayable_die_passes", true, then);
    reader.set("pass_after_last_die", after_last, then);
    match &after_dice {
        Some((steps, node)) => reader.set("move_after_dice", steps, node),
        None => reader.set("move_after_dice", 0, then),
    }
    reader.set("another_throw_on_doubles", doubles, then);
    Some(inner)
}

/// Reads a piece's moves by evaluating them for every cell of the first player's track and
/// every occupant, and at the track's end and beyond.
fn read_moves(
    reader: &mut Reader,
    moves: &Node,
    equipment: &Equipment<'_>,
    zero_passes: Option<&Node>,
    bar: Option<&BarTurn<'_>>,
) {
    if equipment.tracks.is_empty() {
        // The board or its tracks are not read, which is named where they are written.
        return;
    }
    let mut cells: Vec<usize> = equipment
        .tracks
        .iter()
        .flat_map(|t| t.cells.iter().copied())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    let mut evaluator = Evaluator::new(equipment, 1, bar.is_some());
    let table = match evaluate_moves(&mut evaluator, moves, &cells, bar.is_some()) {
        Ok(table) => table,
        Err(Unread(node, what)) => {
            reader.lack(node, what);
            return;
        }
    };
    // Moves that ask the mover's own region (`(sites Mover)`) are read for each player.
    let seats = equipment.seat_tracks.as_ref().map_or(1, Vec::len);
    let mut tables = vec![table.clone()];
    for mover in 2..=seats as u8 {
        if !evaluator.per_mover {
            break;
        }
        let mut other = Evaluator::new(equipment, mover, bar.is_some());
        match evaluate_moves(&mut other, moves, &cells, bar.is_some()) {
            Ok(table) => tables.push(table),
            Err(Unread(node, what)) => {
                reader.lack(node, what);
                return;
            }
        }
    }
    // Where one seat's piece refuses an enemy that another's takes (Verquere's starting
    // side, each seat's own), the enemy is refused on that seat's `no_capture_cells`; the
    // moves are otherwise every seat's alike.
    let enemy = |occupant: Occupant| matches!(occupant, Occupant::Enemy | Occupant::Enemies);
    let merged: Vec<(Case, Option<Action>)> = table
        .iter()
        .enumerate()
        .map(|(i, (case, action))| {
            let taken = enemy(case.occupant)
                .then(|| tables.iter().find_map(|t| t[i].1))
                .flatten();
            (*case, taken.or(*action))
        })
        .collect();
    let differs = tables.iter().any(|other| {
        other.iter().zip(&merged).any(|((case, a), (_, b))| {
            case.occupant != Occupant::Friend && a != b && !(enemy(case.occupant) && a.is_none())
        })
    });
    if differs {
        reader.lack(
            moves,
            "moves that differ from player to player otherwise than landing on one's own or refusing enemies",
        );
        return;
    }
    let Some(no_capture) = no_capture_cells(&tables, &merged, equipment) else {
        reader.lack(
            moves,
            "a piece that refuses one enemy on a cell of its own but takes two, or the other way",
        );
        return;
    };
    let table = merged;
    let Some(steps) = evaluator.steps else {
        reader.lack(moves, "a move that does not follow the track by the throw");
        return;
    };
    read_steps(reader, steps, equipment, zero_passes);
    let action = |to: Destination, occupant: Occupant| {
        table
            .iter()
            .find(|(c, _)| c.to == to && c.occupant == occupant)
            .and_then(|(_, a)| *a)
    };
    let every = || cells.iter().map(|&c| Destination::Cell(c));
    if every().any(|to| action(to, Occupant::Empty).is_none()) {
        reader.lack(moves, "a cell of the track an empty throw cannot reach");
        return;
    }
    let stacked: Vec<bool> = every()
        .map(|to| action(to, Occupant::Friend).is_some())
        .collect();
    if evaluator.per_mover {
        // Each player's cells of its own track where its pieces do not stack.
        let Some(no_stack) = tables::no_stack_cells(&tables, equipment) else {
            reader.lack(
                moves,
                "a piece that stacks on its own pieces nowhere on some player's track",
            );
            return;
        };
        reader.set("land_on_own", "stack", moves);
        reader.set("no_stack_cells", no_stack, moves);
    } else if stacked.iter().all(|&s| s) {
        reader.set("land_on_own", "stack", moves);
        reader.set("no_stack_cells", "none", moves);
    } else if stacked.iter().all(|&s| !s) {
        reader.set("land_on_own", "forbidden", moves);
        reader.set("no_stack_cells", "none", moves);
    } else {
        reader.lack(
            moves,
            "a piece that stacks on its own pieces on some cells only",
        );
        return;
    }
    let refused: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| action(Destination::Cell(c), Occupant::Enemy).is_none())
        .collect();
    // Two pieces of a side share a cell when they stack, or when they start so.
    let start_stacks = reader.reading.get("start").is_some_and(|start| {
        start.value.split('|').any(|seat| {
            let mut positions: Vec<&str> = seat.split_whitespace().collect();
            let placed = positions.len();
            positions.sort_unstable();
            positions.dedup();
            positions.len() < placed
        })
    });
    // A capture of the whole stack, `(forEach Level …)`, is the family's capture wherever
    // the sides stack.
    let sides_stack =
        equipment.stacking && (stacked[0] || start_stacks) && !evaluator.captures_stack;
    // Then the capture takes the top piece alone (`fromTo (from (to))`): the family's capture
    // of a lone piece, so long as no move lands on two.
    if sides_stack && every().any(|to| action(to, Occupant::Enemies).is_some()) {
        reader.lack(
            moves,
            "a move onto two enemies or more, which takes the top one and leaves the mover's piece on the others: a stack of two sides, whose order the family does not hold",
        );
        return;
    }
    // Cells where a piece lands on an enemy and takes none, sharing the cell with it.
    let sharing: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| {
            matches!(
                action(Destination::Cell(c), Occupant::Enemy),
                Some(Action::Land { capture: false, .. })
            )
        })
        .collect();
    if !sharing.is_empty() && !refused.is_empty() {
        reader.lack(
            moves,
            "cells where a piece may not land on an enemy beside others where the two share it",
        );
        return;
    }
    let refuse = sharing.is_empty();
    let (land_on_enemy, safe) = if refused.len() == cells.len() {
        ("forbidden", Vec::new())
    } else if sides_stack {
        ("capture-single", refused)
    } else {
        ("capture", refused)
    };
    let safe = if refuse { safe } else { sharing };
    reader.set("land_on_enemy", land_on_enemy, moves);
    reader.set("no_capture_cells", no_capture, moves);
    let capture_return = evaluator.capture_return.as_deref().unwrap_or("hand");
    reader.set("capture_return", capture_return, moves);
    reader.set("guarded_pairs", false, moves);
    reader.set("block_run", 0, moves);
    reader.set("must_stop_cells", "none", moves);
    reader.set("jumps", "none", moves);
    reader.set("backward_if_no_forward", false, moves);
    reader.set("enter_values", "any", moves);
    reader.set("safe_cells", cell_list(&safe), moves);
    reader.set("safe_cells_refuse_enemy", refuse, moves);
    let again: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| {
            matches!(
                action(Destination::Cell(c), Occupant::Empty),
                Some(Action::Land { again: true, .. })
            )
        })
        .collect();
    reader.set("extra_throw_cells", cell_list(&again), moves);
    // Cells that send the piece that comes to rest there back to its hand, whatever stood there.
    let home_on = |occupant| {
        cells
            .iter()
            .copied()
            .filter(|&c| {
                matches!(
                    action(Destination::Cell(c), occupant),
                    Some(Action::Land { home: true, .. })
                )
            })
            .collect::<Vec<usize>>()
    };
    let home = home_on(Occupant::Empty);
    let differs = [Occupant::Friend, Occupant::Enemy, Occupant::Enemies]
        .into_iter()
        .any(|occupant| {
            cells.iter().any(|&c| {
                matches!(
                    action(Destination::Cell(c), occupant),
                    Some(Action::Land { home, .. }) if home != home_on(Occupant::Empty).contains(&c)
                )
            })
        });
    if differs {
        reader.lack(
            moves,
            "a piece sent back to its hand from a cell by what stands there",
        );
        return;
    }
    reader.set("to_hand_cells", cell_list(&home), moves);
    if let Some(bar) = bar {
        reader.set("bear_off", "exact", bar.home_turn);
        reader.set("bear_off_larger", true, bar.larger);
        reader.set("bear_off_home", bar.home_cells, bar.all_home);
        match &bar.home_list {
            Some(cells) => reader.set("bear_off_home_cells", cells, bar.all_home),
            None => reader.default("bear_off_home_cells", "none", bar.all_home),
        }
        reader.set("captured_enter_first", bar.has_bar, bar.turn);
        reader.set("bear_off_home_hand", false, bar.all_home);
        return;
    }
    match evaluator.home_region.clone() {
        Some((node, name, hand)) => {
            let mut away = Evaluator::new(equipment, 1, false);
            away.home = false;
            let Ok(away) = evaluate_moves(&mut away, moves, &cells, false) else {
                reader.lack(
                    node,
                    "a condition on every piece being home the reader does not read",
                );
                return;
            };
            // Away from home, a piece only does not bear off.
            let only_bearing_off = away.iter().zip(&tables[0]).all(|((case, a), (_, b))| {
                a == b
                    || (a.is_none()
                        && *b == Some(Action::BearOff)
                        && case.occupant != Occupant::Friend)
            });
            let Some(home) = home_cells(&name, equipment).filter(|_| only_bearing_off) else {
                reader.lack(
                    node,
                    "a condition on every piece being home other than in the last cells of each track, before bearing off",
                );
                return;
            };
            reader.set("bear_off_home", home, node);
            // A bar on the board, read as the hand, is a site of the board short of home.
            reader.set("bear_off_home_hand", hand || evaluator.bar, node);
        }
        None => {
            reader.set("bear_off_home", 0, moves);
            reader.set("bear_off_home_hand", false, moves);
        }
    }
    if let Some(condition) = evaluator.hand_empty {
        reader.set("bear_off_hand_empty", true, condition);
    }
    reader.set("bear_off_larger", false, moves);
    reader.set("captured_enter_first", false, moves);
    match (
        action(Destination::End, Occupant::Empty),
        action(Destination::Off, Occupant::Empty),
    ) {
        (Some(Action::BearOff), None) => reader.set("bear_off", "exact", moves),
        (Some(Action::BearOff), Some(Action::BearOff)) => reader.set("bear_off", "any", moves),
        _ => {
            reader.lack(moves, "a way off the board the family does not have");
            return;
        }
    }
    // A track without `End` is the family's only once its pieces are seen to leave past the
    // last cell (elsewhere, such as Gyan Chaupar's, the last cell is the goal).
    if let (Some(seats), false) = (
        &equipment.seat_tracks,
        equipment.tracks.iter().all(|t| t.ends),
    ) {
        let node = &equipment.tracks[0].node;
        reader.set("tracks", track_list(seats.iter().map(Vec::as_slice)), node);
    }
    // A bar entered first on the board stays the first site of each track
    // ([`bar_on_board`]).
    if evaluator.bar && reader.bar_on_board.is_none() {
        tables::bar_as_hand(reader, equipment, evaluator.bar_map.clone());
    }
    if let Some(site) = evaluator.waits_at {
        waiting_as_hand(reader, site, moves);
    }
}

/// Pieces captured to `site`, where every track begins ([`Evaluator::waiting_site`]), wait
/// there as in the hand: the tracks begin after it, a piece entering on the cell its throw
/// counts to from it, and the pieces placed on the tracks begin a position nearer their start.
#[cold]
fn waiting_as_hand(reader: &mut Reader, site: usize, moves: &Node) {
    let (Some(tracks), Some(start)) = (
        reader.reading.get("tracks").cloned(),
        reader.reading.get("start").cloned(),
    ) else {
        return;
    };
    let first = site.to_string();
    let seats: Option<Vec<String>> = tracks
        .value
        .split(" | ")
        .map(|seat| {
            let mut cells = seat.split(' ');
            (cells.next() == Some(first.as_str())).then(|| cells.collect::<Vec<_>>().join(" "))
        })
        .collect();
    // A piece placed where it waits, or at a pass of a cell named by its pass, is not moved.
    let positions: Option<Vec<String>> = if start.value == "hand" {
        Some(vec!["hand".to_string()])
    } else {
        start
            .value
            .split(" | ")
            .map(|seat| {
                seat.split(' ')
                    .map(|p| {
                        p.parse::<u16>()
                            .ok()
                            .filter(|&p| p > 1)
                            .map(|p| (p - 1).to_string())
                    })
                    .collect::<Option<Vec<_>>>()
                    .map(|p| p.join(" "))
            })
            .collect::<Option<Vec<_>>>()
    };
    let named = ["safe_cells", "extra_throw_cells", "must_stop_cells"]
        .iter()
        .any(|key| {
            reader
                .reading
                .get(*key)
                .is_some_and(|r| r.value.split(' ').any(|c| c == first))
        });
    match (seats, positions) {
        (Some(seats), Some(positions)) if !named => {
            let mut tracks = tracks;
            tracks.value = seats.join(" | ");
            reader.reading.insert("tracks", tracks);
            let mut start = start;
            start.value = positions.join(" | ");
            reader.reading.insert("start", start);
            reader.set("enter_counts_first_cell", true, moves);
        }
        _ => reader.lack(
            moves,
            format!("pieces sent to site {site}, where the tracks begin, that the family cannot keep in the hand"),
        ),
    }
}

/// Each seat's cells of its own track where its pieces refuse an enemy that another seat's
/// take (`merged`, the moves with every seat's capture): the family's `no_capture_cells`,
/// `none` where no seat refuses one; `None` where a seat refuses a lone enemy on such a cell
/// but not two, or the other way.
fn no_capture_cells(
    tables: &[Vec<(Case, Option<Action>)>],
    merged: &[(Case, Option<Action>)],
    equipment: &Equipment<'_>,
) -> Option<String> {
    let enemy = |occupant: Occupant| matches!(occupant, Occupant::Enemy | Occupant::Enemies);
    let mut seats: Vec<Vec<usize>> = Vec::new();
    for (seat, table) in tables.iter().enumerate() {
        let track = equipment
            .seat_tracks
            .as_ref()
            .and_then(|tracks| tracks.get(seat));
        let mut refused: Vec<usize> = Vec::new();
        for ((case, action), (_, taken)) in table.iter().zip(merged) {
            if let (Destination::Cell(cell), true, None, Some(_)) =
                (case.to, enemy(case.occupant), action, taken)
            {
                // A cell of another seat's track alone is never landed on.
                if track.is_none_or(|t| t.contains(&cell)) {
                    refused.push(cell);
                }
            }
        }
        refused.sort_unstable();
        refused.dedup();
        // Refused, a cell refuses every enemy there.
        let whole = table
            .iter()
            .zip(merged)
            .all(|((case, action), (_, taken))| {
                !matches!(case.to, Destination::Cell(c) if refused.contains(&c))
                    || !enemy(case.occupant)
                    || action.is_none()
                    || taken.is_none()
            });
        if !whole {
            return None;
        }
        seats.push(refused);
    }
    if seats.iter().all(Vec::is_empty) {
        return Some("none".into());
    }
    Some(
        seats
            .iter()
            .map(|cells| cell_list(cells))
            .collect::<Vec<_>>()
            .join(" | "),
    )
}

/// How many of the last cells of each seat's track its region `name` is, the same for every
/// seat: where the mover's pieces must all stand before one bears off.
fn home_cells(name: &str, equipment: &Equipment<'_>) -> Option<usize> {
    let seats = equipment.seat_tracks.as_ref()?;
    let mut home = None;
    for (seat, track) in seats.iter().enumerate() {
        let mut region = equipment
            .named_player_regions
            .get(&(name.to_string(), seat as u8 + 1))?
            .clone();
        region.sort_unstable();
        region.dedup();
        let mut last: Vec<usize> = track[track.len().checked_sub(region.len())?..].to_vec();
        last.sort_unstable();
        last.dedup();
        if last != region || home.is_some_and(|h| h != region.len()) {
            return None;
        }
        home = Some(region.len());
    }
    home
}

/// Whether the tracks of two players pass `cell`, where one's piece may find the other's; a
/// piece stands only on its own track. Where the tracks are not read, every cell may be.
fn shared(equipment: &Equipment<'_>, cell: usize) -> bool {
    equipment
        .seat_tracks
        .as_ref()
        .is_none_or(|seats| seats.iter().filter(|track| track.contains(&cell)).count() > 1)
}

/// What a piece's moves do in each case: on every cell of the tracks with every occupant, and
/// at `End` and `Off` (kept off them where Backgammon's turn bears off, `bar_turn`).
fn evaluate_moves<'e>(
    evaluator: &mut Evaluator<'e>,
    moves: &'e Node,
    cells: &[usize],
    bar_turn: bool,
) -> Result<Vec<(Case, Option<Action>)>, Unread<'e>> {
    let mut table: Vec<(Case, Option<Action>)> = Vec::new();
    let destinations = cells
        .iter()
        .map(|&c| Destination::Cell(c))
        .chain([Destination::End, Destination::Off]);
    for to in destinations {
        for occupant in [
            Occupant::Empty,
            Occupant::Friend,
            Occupant::Enemy,
            Occupant::Enemies,
        ] {
            if !matches!(to, Destination::Cell(_)) && occupant != Occupant::Empty {
                continue;
            }
            // Enemies stand one on another only in a stacking game.
            if occupant == Occupant::Enemies && !evaluator.equipment.stacking {
                continue;
            }
            let case = Case {
                pips: 1,
                to,
                occupant,
            };
            // No enemy stands on a cell of one player's track alone: a move there that the
            // family cannot read is never made (Kiz Tavlasi's, which would stack on it).
            if let Destination::Cell(cell) = to
                && matches!(occupant, Occupant::Enemy | Occupant::Enemies)
                && !shared(evaluator.equipment, cell)
            {
                // Nor does one share such a cell with an enemy.
                let action = match evaluator.action(moves, &case) {
                    Ok(Some(Action::Land { capture: false, .. })) | Err(_) => None,
                    Ok(action) => action,
                };
                table.push((case, action));
                continue;
            }
            if bar_turn && !matches!(to, Destination::Cell(_)) {
                // The piece's own moves keep off `End` and `Off` (`if:` of its dice): the
                // turn's bearing off is read with the turn.
                table.push((case, None));
                continue;
            }
            table.push((case, evaluator.action(moves, &case)?));
        }
    }
    Ok(table)
}

/// What Backgammon's turn gives the reading of its piece's moves.
struct BarTurn<'n> {
    /// The turn of moves other than bearing off: the bar first.
    turn: &'n Node,
    /// The turn once every piece is home: bearing off.
    home_turn: &'n Node,
    /// Whether every piece is home (`ALL_HOME`).
    all_home: &'n Node,
    /// The larger die's bearing off: `noMoveYet:(firstMoveOnTrack …)`.
    larger: &'n Node,
    /// Cells of the mover's home, the last of its track.
    home_cells: usize,
    /// Whether captured pieces wait on a bar and enter before any other move (Fevga's are
    /// never captured, and its turn has none).
    has_bar: bool,
    /// Each seat's home cells, where a home is not the last cells of its track.
    home_list: Option<String>,
}

/// Whether every piece of the mover stands in its own region: `(sites Mover)`.
const ALL_HOME: &str = "(\"NoSites\" (difference (sites Occupied by:Mover) (sites Mover)))";

/// The bar's site of the mover, which Ludii's Backgammon keeps in its unnamed map.
const BAR: &str = "(mapEntry (mover))";

/// Backgammon's turn as its descriptions write it, word for word (Backgammon, Frangieh,
/// Portes): `(if ALL_HOME HOME OTHER)`, where HOME bears off (exactly, or with a die larger
/// than needed when that die moves nothing else: `noMoveYet:(firstMoveOnTrack …)`) or moves
/// within the home, and OTHER (possibly in `(max Distance …)`) moves a piece from the bar
/// while one stands there and any piece otherwise, each die apart, doubles twice over. The
/// bar is each track's first site, where the enemy's captures go (`(mapEntry (next))`): the
/// family's hand, so each track is read without it. `None` when the turn is not this one;
/// otherwise whether it read (a lack is named where not).
///
/// `(max Distance "Track" Mover …)` is read as Ludii 1.3.13 plays it: its filter of the moves
/// of the longest distance is computed and dropped (`MaxDistance.eval` returns the moves
/// unfiltered), so Portes, with it, and Frangieh, without it, play alike move for move in
/// Ludii's own figures.
fn read_bar_turn(
    reader: &mut Reader,
    next: &Node,
    equipment: &Equipment<'_>,
    zero_passes: Option<&Node>,
) -> Option<bool> {
    let (condition, home_turn, mut other) = if_parts(next)?;
    // The home: the mover's own region, or one of its named regions (Fevga's "Home").
    let home_name = condition
        .walk()
        .find(|n| n.is_call("sites") && n.arg(0).is_some_and(|m| is_symbol(m, "Mover")))
        .and_then(|n| n.arg(1))
        .and_then(Node::as_str);
    let home_sites = match home_name {
        Some(name) => format!("(sites Mover \"{name}\")"),
        None => "(sites Mover)".to_string(),
    };
    if condition.to_string() != ALL_HOME.replace("(sites Mover)", &home_sites) {
        return None;
    }
    if other.is_call("max")
        && other.children().len() == 4
        && other.arg(0).is_some_and(|d| is_symbol(d, "Distance"))
        && other.arg(1).and_then(Node::as_str) == Some("Track")
        && other.arg(2).is_some_and(|m| is_symbol(m, "Mover"))
    {
        other = other.arg(3)?;
    }
    let [(_, piece_moves)] = equipment.moves.as_slice() else {
        return None;
    };
    let step = piece_moves.positional().last()?;
    let step_text = step.to_string();
    let expected_piece = format!(
        "(forEach Die replayDouble:True if:(and {{(!= (pips) 0) (!= (trackSite Move from:(from) steps:(pips)) Off) (!= (trackSite Move from:(from) steps:(pips)) End)}}) {step_text})"
    );
    let from_bar = format!(
        "(forEach Die replayDouble:True if:(!= (pips) 0) {})",
        step_text.replace("(from)", BAR)
    );
    let moves_elsewhere = format!("(if (= (what at:{BAR}) 0) (forEach Piece top:True) {from_bar})");
    let expected_other = format!(
        "{} (then (if (not (all DiceUsed)) (if (can Move {moves_elsewhere}) (moveAgain)))))",
        moves_elsewhere.strip_suffix(')')?
    );
    // Without a bar (Fevga, whose pieces are never captured): any piece, each die apart, a die
    // no piece can use passed as Ludii's forced pass answers its `(moveAgain)`.
    let barless = "(forEach Piece top:True (then (if (not (all DiceUsed)) (moveAgain))))";
    let from_site = step_text.replace("(from)", "(site)");
    let expected_home = format!(
        "(forEach Die replayDouble:True if:(!= (pips) 0) (forEach Site {home_sites} (if (and (!= (what at:(site)) 0) (!= (trackSite Move from:(site) steps:(pips)) Off)) (if (= (trackSite Move from:(site) steps:(pips)) End) (move Remove (site)) {from_site})) noMoveYet:(firstMoveOnTrack \"Track\" Mover (if (and (is Friend (who at:(site))) (< (trackSite Move from:(site) steps:(pips)) 0)) (move Remove (site)))) (then (if (not (all DiceUsed)) (moveAgain)))))"
    );
    let has_bar = other.to_string() != barless;
    if piece_moves.to_string() != expected_piece
        || (has_bar && other.to_string() != expected_other)
        || home_turn.to_string() != expected_home
    {
        reader.lack(
            next,
            format!(
                "a turn of bearing off once home other than Backgammon's: {next_}",
                next_ = Brief(next)
            ),
        );
        return Some(false);
    }
    let seats = equipment.seat_tracks.as_ref()?;
    // The bar: the unnamed map's entry of each player, the first site of its track.
    let bars = equipment.maps.get(&None).map(|(map, _)| map);
    let bar_first = !has_bar
        || bars.is_some_and(|bars| {
            seats.iter().enumerate().all(|(seat, cells)| {
                let bar = bars.get(&(seat as i64 + 1)).copied();
                bar.is_some() && bar == cells.first().map(|&c| c as i64)
            })
        });
    if !bar_first {
        reader.lack(
            other,
            "a bar that is not the first site of each player's track",
        );
        return Some(false);
    }
    let tracks: Vec<&[usize]> = seats
        .iter()
        .map(|cells| &cells[usize::from(has_bar)..])
        .collect();
    // The home: each player's own region, the last cells of its track, as many for each.
    // Each seat's region, with whether it is the last cells of its track.
    let regions: Option<Vec<(Vec<usize>, bool)>> = tracks
        .iter()
        .enumerate()
        .map(|(seat, track)| {
            let player = seat as u8 + 1;
            let mut region = match home_name {
                Some(name) => equipment
                    .named_player_regions
                    .get(&(name.to_string(), player))?
                    .clone(),
                None => equipment.player_regions.get(&player)?.clone(),
            };
            region.sort_unstable();
            region.dedup();
            let mut last = track[track.len().checked_sub(region.len())?..].to_vec();
            last.sort_unstable();
            let on_track = region.iter().all(|c| track.contains(c));
            (on_track && !region.is_empty()).then(|| {
                let is_last = last == region;
                (region, is_last)
            })
        })
        .collect();
    let Some(regions) = regions else {
        reader.lack(condition, "a home that is not cells of each player's track");
        return Some(false);
    };
    let home_cells = regions[0].0.len();
    // A home other than the last cells of a track, or of another size than another's, is
    // listed seat by seat (Ludii's Fevga: its first player's "Home" is the third quarter of
    // its track, whence no piece ever bears off).
    let listed = !regions
        .iter()
        .all(|(region, last)| *last && region.len() == home_cells);
    let home_list = listed.then(|| {
        regions
            .iter()
            .map(|(region, _)| cell_list(region))
            .collect::<Vec<_>>()
            .join(" | ")
    });
    let value = tracks
        .iter()
        .map(|t| t.iter().map(usize::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" | ");
    if let Some(read) = reader.reading.get_mut("tracks") {
        read.value = value;
    }
    // The start's positions counted on the tracks without the bar: none starts on it.
    if has_bar && !start_off_the_bar(reader) {
        reader.lack(other, "a piece that starts on the bar");
        return Some(false);
    }
    // From the bar a die of v reaches the v-th cell past it: the hand's entering.
    reader.set("enter_counts_first_cell", true, other);
    reader.set("dice_use", "each", piece_moves);
    reader.set("doubles_played_twice", true, piece_moves);
    // `(if (can Move …) (moveAgain))`: a die no piece can use ends the turn.
    reader.set("unplayable_die_passes", !has_bar, other);
    reader.set("pass_after_last_die", false, other);
    reader.set("move_after_dice", 0, other);
    let bar = BarTurn {
        turn: other,
        home_turn,
        all_home: condition,
        larger: home_turn
            .arg(1)
            .and_then(|sites| sites.named("noMoveYet"))
            .unwrap_or(home_turn),
        home_cells,
        home_list,
        has_bar,
    };
    read_moves(reader, step, equipment, zero_passes, Some(&bar));
    // A piece landing on a lone enemy and taking none (Plakoto's) stands on it, and the turn
    // moves only the top piece of a site, `(forEach Piece top:True)`: the enemy beneath is
    // pinned there, which the family's cells shared with enemies do not keep.
    let shared = reader
        .reading
        .get("safe_cells")
        .is_some_and(|read| read.value != "none")
        && reader
            .reading
            .get("safe_cells_refuse_enemy")
            .is_some_and(|read| read.value == "false");
    if shared {
        reader.lack(
            step,
            "a piece landing on a lone enemy pinning it beneath, in a turn that moves only the top piece of a site",
        );
        return Some(false);
    }
    Some(true)
}

fn cell_list(cells: &[usize]) -> String {
    if cells.is_empty() {
        return "none".into();
    }
    cells
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `steps:` of the move: the throw's total, or what the map makes of it.
fn read_steps(reader: &mut Reader, steps: &Node, equipment: &Equipment<'_>, zero: Option<&Node>) {
    let total_pips =
        |n: &Node| n.is_call("count") && n.arg(0).is_some_and(|a| is_symbol(a, "Pips"));
    // `(pips)`: the die played, in a Tables turn, whose dice are played apart.
    let counts_pips = |n: &Node| total_pips(n) || (n.is_call("pips") && n.children().is_empty());
    // `(mapEntry ["Name"] …)`: the map's name, and what it maps.
    let entry = match steps.children() {
        [total] if steps.is_call("mapEntry") => Some((None, total)),
        [name, total] if steps.is_call("mapEntry") => {
            name.as_str().map(|name| (Some(name.to_string()), total))
        }
        _ => None,
    };
    // `(count Pips)` is the dice's total: a move of the throw's total.
    let total = entry.as_ref().map_or(steps, |(_, total)| *total);
    let apart = reader
        .reading
        .get("dice_use")
        .is_some_and(|r| r.value == "each");
    if total_pips(total) && apart {
        reader.lack(
            total,
            "the dice's total moved in a turn that plays each die apart",
        );
        return;
    }
    if total_pips(total) {
        reader.set("dice_use", "sum", total);
    }
    if counts_pips(steps) {
        reader.set("throw_values", "identity", steps);
    } else if let Some((name, _)) = entry.filter(|(_, total)| counts_pips(total)) {
        let Some((map, node)) = equipment.maps.get(&name) else {
            reader.lack(steps, "a map the equipment does not give");
            return;
        };
        let dice = reader.reading.get("throw").map(|r| r.value.clone());
        // The family maps each die's face: a map of one die played apart is one.
        if total_pips(total)
            && dice
                .as_deref()
                .is_some_and(|d| d.starts_with("dice") && !d.starts_with("dice 1d"))
        {
            reader.lack(steps, "a map of the total of several dice");
            return;
        }
        let pairs: Result<Vec<String>, &i64> = map
            .iter()
            .map(|(k, v)| {
                (u8::try_from(*k).is_ok() && u8::try_from(*v).is_ok())
                    .then(|| format!("{k}={v}"))
                    .ok_or(v)
            })
            .collect();
        match pairs {
            Ok(pairs) => reader.set("throw_values", pairs.join(" "), node),
            Err(value) => {
                reader.lack(
                    node,
                    format!("a throw worth {value}, which moves no piece forward"),
                );
                return;
            }
        }
    } else if let Some(pairs) = faces_by_die::pips_table(steps, equipment.dice) {
        // An expression of the dice's total alone: a move of what it makes of the total.
        reader.set("dice_use", "sum", steps);
        reader.set("throw_values", pairs, steps);
    } else if let Some((lots, pairs)) = lots_by_face(reader, steps, equipment) {
        // Each die's face asked apart: one throw of every face of every die, equally likely.
        if throws_again(reader) {
            reader.lack(
                steps,
                "another throw on values of a throw whose dice's faces are asked apart",
            );
            return;
        }
        reader.set("throw", format!("faces {}", 1u32 << lots), steps);
        reader.set("dice_use", "sum", steps);
        reader.set("throw_values", pairs, steps);
    } else if let Some(pairs) = faces_by_die_by_face(reader, steps, equipment) {
        // Each face of dice thrown `facesByDie` asked apart: the outcomes as `read_throw` has
        // them, each moving what the steps make of its faces.
        if throws_again(reader) {
            reader.lack(
                steps,
                "another throw on values of a throw whose dice's faces are asked apart",
            );
            return;
        }
        reader.by_outcome = true;
        reader.set("dice_use", "sum", steps);
        reader.set("throw_values", pairs, steps);
    } else {
        reader.lack(
            steps,
            format!(
                "steps the reader does not read: {steps_}",
                steps_ = Brief(steps)
            ),
        );
        return;
    }
    if let Some(zero) = zero {
        let mapped_zero = reader.reading.get("throw_values").is_some_and(|r| {
            r.value
                .split(' ')
                .any(|p| p.starts_with("0=") && p != "0=0")
        });
        if mapped_zero {
            reader.lack(zero, "a throw of none up that is worth a move but passes");
        }
    }
}

/// `(if (no Pieces Mover) (byScore {(score P1 (if (is Mover P1) N 0)) …}))`, each player's
/// score positive when it is the mover and 0 otherwise (N a positive number, or `(if … a b)` of
/// two: Portes's gammon, worth 2, counts in a match): the one who bears off every piece ranks
/// first, alone, and the game ends, as when the first out wins.
fn mover_alone_scores(rule: &Node) -> bool {
    let positive = |n: &Node| n.as_int().is_some_and(|v| v > 0);
    let scores = rule
        .arg(1)
        .filter(|_| {
            rule.is_call("if")
                && rule.children().len() == 2
                && rule
                    .arg(0)
                    .is_some_and(|c| c.to_string() == "(no Pieces Mover)")
        })
        .filter(|by| by.is_call("byScore") && by.children().len() == 1)
        .and_then(|by| by.arg(0))
        .and_then(Node::as_array);
    let Some(scores) = scores else {
        return false;
    };
    let mut players: Vec<u8> = Vec::new();
    for score in scores {
        let (Some(player), Some(value)) = (score.arg(0).and_then(player_of), score.arg(1)) else {
            return false;
        };
        let mover_only = score.is_call("score")
            && score.children().len() == 2
            && value.is_call("if")
            && value.children().len() == 3
            && value.arg(0).is_some_and(|c| {
                c.is_call("is")
                    && c.children().len() == 2
                    && c.arg(0).is_some_and(|m| is_symbol(m, "Mover"))
                    && c.arg(1).and_then(player_of) == Some(player)
            })
            && value.arg(1).is_some_and(|won| {
                positive(won)
                    || (won.is_call("if")
                        && won.children().len() == 3
                        && won.arg(1).is_some_and(positive)
                        && won.arg(2).is_some_and(positive))
            })
            && value.arg(2).and_then(Node::as_int) == Some(0);
        if !mover_only {
            return false;
        }
        players.push(player);
    }
    players.sort_unstable();
    !players.is_empty()
        && players
            .iter()
            .enumerate()
            .all(|(i, &p)| usize::from(p) == i + 1)
}

/// `(end (if (no Pieces Mover) (result Mover Win)))`, alone or as the one rule of a list, and
/// its team's form (`TeamMover`: the mover's side, a team of one without teams): the first
/// with every piece off wins. A list may add the draw of the Emperador kin, read by
/// [`tables::draw_when_none_can_move`].
fn read_end(reader: &mut Reader, end: &Node, play: Option<&Node>, equipment: &Equipment<'_>) {
    let mut end_rules: Vec<&Node> = match end.children() {
        [rule] => rule
            .as_array()
            .map_or_else(|| vec![rule], |list| list.iter().collect()),
        _ => vec![end],
    };
    // Ends on where the mover's pieces stand, each a goal of every seat.
    let players = reader
        .reading
        .get("players")
        .and_then(|p| p.value.parse::<u8>().ok())
        .unwrap_or(2);
    let mut goals: Vec<Vec<String>> = vec![Vec::new(); usize::from(players)];
    let mut goal_lack = false;
    end_rules.retain(|rule| match goal::read(rule, equipment, players) {
        None => true,
        Some(Ok(seats)) => {
            for (seat, goal) in seats.into_iter().enumerate() {
                goals[seat].push(goal);
            }
            false
        }
        Some(Err(what)) => {
            reader.lack(rule, format!("an end the reader does not read: {what}"));
            goal_lack = true;
            false
        }
    });
    if goal_lack {
        return;
    }
    if goals.iter().any(|g| !g.is_empty()) {
        let text: Vec<String> = goals.iter().map(|g| g.join("; ")).collect();
        reader.set("goals", text.join(" | "), end);
        if end_rules.is_empty() {
            // A goal alone: the family's first out would finish too, where a piece can leave.
            if equipment.tracks.iter().any(|t| t.ends) {
                reader.lack(
                    end,
                    "an end on where the pieces stand alone, in a game whose pieces bear off",
                );
                return;
            }
            reader.set("draw_when_none_can_move", false, end);
            reader.set("ranking", "first-out-wins", end);
            return;
        }
    } else {
        reader.set("goals", "none", end);
    }
    if let [first, draw] = end_rules.as_slice()
        && let Some(read) = tables::draw_when_none_can_move(draw, play)
    {
        match read {
            Ok(never) => reader.set("draw_when_none_can_move", !never, draw),
            Err(what) => reader.lack(draw, what),
        }
        end_rules = vec![first];
    } else {
        // No draw: play goes on whoever is stopped.
        reader.set("draw_when_none_can_move", false, end);
    }
    let rule = match end_rules.as_slice() {
        [only] => only.to_string(),
        _ => end.to_string(),
    };
    let first_out = [
        "(if (no Pieces Mover) (result Mover Win))",
        "(if (no Pieces TeamMover) (result TeamMover Win))",
    ];
    let scored = match end_rules.as_slice() {
        [only] => mover_alone_scores(only),
        _ => false,
    };
    // Of more than two players, Ludii's `(result Mover Win)` ranks the mover and plays on
    // until one player is left (`End.eval` sets the winner inactive): the order of finishing.
    let players = reader.reading.get("players").map(|p| p.value.clone());
    // Each of two players winning once it has no pieces, `(if (no Pieces P1) (result P1
    // Win))` and P2's alike (Quinze Tablas): a captured piece goes to a hand, where Ludii's
    // `(no Pieces …)` still counts it, so only the mover, bearing off its last, is ever left
    // without: the first out wins.
    let each_own = players.as_deref() == Some("2")
        && end_rules.len() == 2
        && end_rules.iter().zip(1..).all(|(rule, player)| {
            rule.to_string() == format!("(if (no Pieces P{player}) (result P{player} Win))")
        });
    if each_own {
        reader.set("ranking", "first-out-wins", end);
    } else if rule == first_out[0] && players.is_some_and(|p| p.parse::<u8>().is_ok_and(|n| n > 2))
    {
        reader.set("ranking", "finish-order", end);
    } else if first_out.contains(&rule.as_str()) || scored {
        reader.set("ranking", "first-out-wins", end);
    } else {
        reader.lack(
            end,
            format!("an end the reader does not read: {end_}", end_ = Brief(end)),
        );
    }
}

/// The one piece the game's equipment declares (in a list or not); `None` where it declares
/// none or several.
fn only_piece(game: &Node) -> Option<&Node> {
    let equipment = game.children().iter().find(|n| n.is_call("equipment"))?;
    let mut pieces = equipment
        .positional()
        .flat_map(|n| match &n.kind {
            Kind::Array(nodes) => nodes.iter().collect(),
            _ => vec![n],
        })
        .filter(|n| n.is_call("piece"));
    pieces.next().filter(|_| pieces.next().is_none())
}

/// Whether the reading gives another throw on some values (`extra_throw_values` other than
/// `none`).
fn throws_again(reader: &Reader) -> bool {
    reader
        .reading
        .get("extra_throw_values")
        .is_some_and(|r| r.value != "none")
}

/// The condition and both branches of `(if C A B)`; `None` for any other node.
fn if_parts(node: &Node) -> Option<(&Node, &Node, &Node)> {
    if !node.is_call("if") || node.children().len() != 3 {
        return None;
    }
    Some((node.arg(0)?, node.arg(1)?, node.arg(2)?))
}

/// Counts the start's positions on tracks that have lost their first cell, the bar read as the
/// hand; `false` where a piece starts on the bar, which the hand does not hold.
fn start_off_the_bar(reader: &mut Reader) -> bool {
    let Some(start) = reader.reading.get_mut("start") else {
        return true;
    };
    if start.value == "hand" {
        return true;
    }
    let shifted: Option<Vec<String>> = start
        .value
        .split('|')
        .map(|seat| {
            seat.split_whitespace()
                .map(|p| {
                    p.parse::<usize>()
                        .ok()
                        .filter(|&p| p > 1)
                        .map(|p| (p - 1).to_string())
                })
                .collect::<Option<Vec<_>>>()
                .map(|p| p.join(" "))
        })
        .collect();
    match shifted {
        Some(seats) => {
            start.value = seats.join(" | ");
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A vendored description expanded under its defaults.
    pub(super) fn vendored_expanded(file: &str) -> ludii::Expanded {
        let path = format!(
            "{}/../../corpus/ludii/lud/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let description = ludii::Description::read(file, &text).unwrap();
        description.expand(&ludii::Selection::Defaults).unwrap()
    }

    /// The board of a vendored description under its defaults, read as the reader reads it,
    /// beside the expanded description.
    pub(super) fn vendored_board(file: &str) -> (Geometry, ludii::Expanded) {
        let expanded = vendored_expanded(file);
        let shape = expanded
            .game
            .walk()
            .find(|n| n.is_call("board"))
            .and_then(|b| b.arg(0))
            .unwrap()
            .clone();
        let mut reader = Reader::empty();
        let geometry = read_board_shape(&mut reader, &shape).unwrap();
        assert!(reader.lacks.is_empty(), "{file}: {:?}", reader.lacks);
        (geometry, expanded)
    }

    /// Todas Tablas's board, four strips of six points merged and played on their vertices: its
    /// own first track, `{11..0 12..23}`, runs along the bottom from the right, across the bar
    /// (the gap at column 6), and back along the top from the left, the horseshoe of its rules.
    #[test]
    fn a_merged_board_numbers_its_points_as_the_description_tracks_them() {
        let (geometry, _) = vendored_board("Todas Tablas.lud");
        assert_eq!(geometry.sites(), 24);
        let track: Vec<usize> = (0..=11).rev().chain(12..=23).collect();
        let at: Vec<(usize, usize)> = track
            .iter()
            .map(|&site| {
                (0..13)
                    .flat_map(|c| (0..7).map(move |r| (c, r)))
                    .find(|&(c, r)| geometry.site_at(c, r) == Some(site))
                    .unwrap()
            })
            .collect();
        assert_eq!(at[0], (12, 0), "the track starts at the bottom right");
        assert_eq!(at[11], (0, 0));
        assert_eq!(at[12], (0, 6), "it turns at the left end");
        assert_eq!(at[23], (12, 6));
        for pair in at.windows(2) {
            let ((c1, r1), (c2, r2)) = (pair[0], pair[1]);
            let step = c1.abs_diff(c2) + r1.abs_diff(r2);
            assert!(step == 1 || step == 2 || (c1 == 0 && c2 == 0), "{pair:?}");
        }
        assert_eq!(geometry.site_at(6, 0), None, "the bar is no point");
    }

    /// Tamman's turn, `(then (if (and ("Throw4") (not ("SameTurn"))) (moveAgain)))`: a throw
    /// of 4 gives another only as the first throw of a turn, Ludii's `SameTurn` holding after
    /// every `moveAgain`, so one in a row; its 4 is what the pieces move, the map's entry,
    /// though the capture of the pieces passed asks other steps of the cells it passes
    /// (`(sites Track Mover "Track" from:… to:…)`), which the reader names at its line.
    #[test]
    fn tamman_throws_again_on_a_four_once_a_turn() {
        let expanded = vendored_expanded("Tamman.lud");
        let (reading, lacks) = read_partly(&expanded);
        assert_eq!(reading["extra_throw_values"].value, "4", "{lacks:#?}");
        assert_eq!(reading["extra_throws_in_a_row"].value, "1");
        assert_eq!(reading["extra_throw_values"].span.line, 66);
        assert!(
            !lacks.iter().any(|lack| lack.what.contains("another throw")),
            "{lacks:#?}"
        );
        let lines: Vec<u32> = lacks.iter().map(|lack| lack.span.line).collect();
        assert_eq!(lines, [38, 73], "{lacks:#?}");
        assert!(lacks[0].what.starts_with("an effect"), "{lacks:#?}");
    }

    /// Ashta-kashte's grace, `(or (= (count Pips) 0) (= (count Pips) 4))` of four cowries
    /// whose pieces move `(if (= (count Pips) 0) 8 (count Pips))`: evaluated at every throw,
    /// its 8 and its 4 give another throw, as many in a row as are thrown; its entries, `(map
    /// {(pair 1 "G4") (pair 2 "A4") (pair 3 "D1") (pair 4 "D7")})`, name sites by their
    /// coordinates, each player's the first site of its track. What it lacks is then its
    /// turn's choice, a pass beside every move, at its line.
    #[test]
    fn ashta_kashte_s_grace_and_entries_are_read() {
        fn grace(expanded: &ludii::Expanded) -> Result<(String, u8), String> {
            let mut reader = Reader::empty();
            let node = child(&expanded.game, "equipment").unwrap();
            let equipment = read_equipment(&mut reader, node, 2).unwrap();
            assert!(reader.lacks.is_empty(), "{:#?}", reader.lacks);
            let map = &equipment.maps[&None].0;
            assert_eq!(map, &BTreeMap::from([(1, 27), (2, 21), (3, 3), (4, 45)]));
            let then = expanded
                .game
                .walk()
                .find(|n| n.is_call("do"))
                .and_then(|turn| turn.children().last())
                .unwrap();
            again_in_a_row(then, &equipment, None)
                .map_err(|Unread(node, what)| format!("{}: {what}", node.span.line))
        }
        let (_, expanded) = vendored_board("Ashta-kashte.lud");
        assert_eq!(grace(&expanded), Ok(("4,8".to_string(), 0)));
        let tracks = expanded.game.walk().filter(|n| n.is_call("track"));
        let first: Vec<&str> = tracks
            .filter_map(|t| t.arg(1)?.as_str()?.split(',').next())
            .collect();
        assert_eq!(first, ["27", "21"], "the entries begin the tracks");
        let lines: Vec<u32> = read_partly(&expanded)
            .1
            .iter()
            .map(|lack| lack.span.line)
            .collect();
        assert_eq!(lines, [76]);
        // A grace on a throw whose value another throw moves too is not a value's: with none
        // up worth 3, its 3 giving another throw and the 3 of three up none, it is named.
        let vendored = std::fs::read_to_string(format!(
            "{}/../../corpus/ludii/lud/Ashta-kashte.lud",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let text = vendored.replace(
            "(= (count Pips) 0) \n        8",
            "(= (count Pips) 0) \n        3",
        );
        assert_ne!(text, vendored);
        let description = ludii::Description::read("Ashta-kashte.lud", &text).unwrap();
        let edited = description.expand(&ludii::Selection::Defaults).unwrap();
        let named = grace(&edited).unwrap_err();
        assert!(
            named.starts_with("9: another throw on some throws of a value"),
            "{named}"
        );
    }

    /// Asi Keliya's So-hatara, `(and (= (count Pips) 3) (= 0 (face 65)))`, gives another throw
    /// to a 3 whose yellow cowrie, the die at site 65, lies mouth down: 10 of the 20 throws of 3
    /// of its six cowries. The family's another throw is a set of values moved, so this is
    /// named with the totals it tells apart; and the turn is read past it, so that its play of
    /// So-hatara die by die, `(forEach Die …)` while Pending, is named too.
    #[test]
    fn another_throw_told_apart_by_a_die_s_face_is_named_and_the_turn_read_past_it() {
        let lacks = |file: &str| -> Vec<(u32, String)> {
            let (_, lacks) = read_partly(&vendored_expanded(file));
            lacks.into_iter().map(|l| (l.span.line, l.what)).collect()
        };
        let asi = lacks("Asi Keliya.lud");
        assert!(
            asi.iter().any(|(line, what)| *line == 10
                && what.starts_with(
                    "another throw on some throws of a total of pips and not on others, told \
                     apart by a die's face: 3 (10 of its 20 throws):"
                )),
            "{asi:#?}"
        );
        assert!(
            asi.iter()
                .any(|(line, what)| *line == 97 && what.starts_with("a turn other than")),
            "{asi:#?}"
        );
        // Tayam Sonalu's Sonal, a 0 and a 4, is 2 of the 3 throws of 4 of its two dice marked
        // 0, 1, 2 and 4 (the third, 2 and 2, gives none); its `(not (no Pieces Mover))` holds
        // until the mover has won.
        let tayam = lacks("Tayam Sonalu.lud");
        assert!(
            tayam.iter().any(|(line, what)| *line == 109
                && what.contains(
                    "told apart by a die's face: 4 (2 of its 3 throws), while the mover has \
                     pieces:"
                )),
            "{tayam:#?}"
        );
        // Bargese's another throw on values of its table is named, and its turn past it.
        let bargese = lacks("Bargese.lud");
        assert!(
            bargese
                .iter()
                .any(|(line, what)| *line == 118 && what.starts_with("a turn other than")),
            "{bargese:#?}"
        );
    }
}
