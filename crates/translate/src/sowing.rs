//! Ludii's sowing descriptions read as the sowing family's parameters.
//!
//! The reading follows the description's structure (players, equipment, start, play, end), and
//! reads what each condition and place *means* by evaluating it ([`crate::eval`]) over every
//! hole, count and mover, rather than matching how it is written: a capture condition written
//! as `(or (= (count at:(to)) 2) (= (count at:(to)) 3))` or as `(is In (count at:(to)) (sites
//! {2 3}))` reads alike. Every part of the description that the family cannot express is
//! named, with its place, as something the family lacks; nothing is skipped silently.

use std::collections::BTreeMap;

use ludii::{Expanded, Kind, Node, Span};
use sowing::board::Board;
use sowing::{
    CaptureAcrossRow, CaptureRow, CaptureTakes, Direction, EmptyHoleCapture, ExtraCaptureAfter,
    GameEnd, Relay, Score, SowingParams, StoreSide,
};

use crate::eval::{Context, Places, Unknown, is_symbol};
use crate::geometry::Geometry;

mod boards;
mod branches;
mod capture_order;
mod kept_way;
mod landing;
mod last_resort;
mod next_relay;
mod next_take;
mod opening;
mod phases;
mod resown;
mod rounds;
mod sown;
mod step_moves;
mod sweep;

/// Something in a description the family has no parameter for, with its place.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Lack {
    /// Where it is written.
    pub span: Span,
    /// What is missing, in words, with the ludeme as written.
    pub what: String,
}

/// One parameter's value read from the description, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The value, as the command line writes it.
    pub value: String,
    /// Where it is read from.
    pub span: Span,
    /// Why, when the value is a ludeme's default rather than written.
    pub by_default: bool,
    /// What Ludii 1.3.13 plays instead, where a fault of its engine plays the ludeme otherwise
    /// than it says.
    pub ludii_plays: Option<LudiiFault>,
}

/// A value Ludii 1.3.13 plays where its description says another, by a fault of its engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LudiiFault {
    /// The value Ludii plays, as the command line writes it.
    pub value: String,
    /// What Ludii's engine does, and where in it.
    pub why: &'static str,
}

impl Read {
    /// A value read at `node`; `by_default` when it is the ludeme's default, not written.
    pub(crate) fn at(value: impl ToString, node: &Node, by_default: bool) -> Read {
        Read {
            value: value.to_string(),
            span: node.span,
            by_default,
            ludii_plays: None,
        }
    }
}

/// A description read as the family's parameters: every parameter with its place.
pub type Reading = BTreeMap<&'static str, Read>;

struct Reader<'a> {
    lacks: Vec<Lack>,
    reading: Reading,
    game: &'a Node,
    /// Where the captures read so far go.
    capture_place: Option<CapturePlace>,
    /// A turn that goes on lifts the hole it remembers (`(var)`) when Ludii's `Pending` is set
    /// (`Some(true)`) or when it is not (`Some(false)`), and any hole of one's own otherwise;
    /// `None` where it goes on from `(last To)`.
    relay_when_pending: Option<bool>,
    /// The sowing passes over the holes not remembered as in play (`skipIf`).
    skips_out_of_play: bool,
    /// A move lifts the holes the mover owns (`(values Remembered "OwnedP1")`).
    lifts_owned: bool,
    /// On a board with no region of either player, the sites the start remembers by name and
    /// the move's `(from …)` that lifts each player's holes among them (Merekocdu's), read
    /// with the board ([`boards::given_board`]).
    homes: Option<(BTreeMap<String, crate::eval::Sites>, &'a Node)>,
    /// The play is a relay written as two moves ([`branches::relay_branch`]).
    relay_branch: bool,
    /// The play makes extra captures while this variable (none for `(var)`) is above 0
    /// ([`extra_capture_branch`]).
    extra_var: Option<Option<String>>,
    /// That variable is a flag the capture sets to 1 and the moves of extra captures step
    /// through (`(= 1 V)`, or `(or (= 1 V) (= 2 V))`): the number of extra captures it gives.
    extra_flag: Option<i64>,
    /// That flag is Ludii's Undefined under `(is Mover Prev)`, the capture setting it with its
    /// `(moveAgain)` for one extra capture that ends the turn (Nsolo's `(= (var "Replay")
    /// Undefined)`, the variable its relay remembers a hole in otherwise).
    extra_undefined: bool,
    /// A capture sets that variable.
    extra_read: bool,
    /// A turn that goes on lifts the hole remembered under this name (`(if (is Mover Prev)
    /// (sites {(var "Replay")}) holes)`): the family's relay where every `(moveAgain)` of the
    /// sowing remembers its last hole under it (`(set Var "Replay" (to))`), since Ludii's
    /// `(is Mover Prev)` holds exactly after a move that gave its mover another.
    relay_var: Option<String>,
    /// The sowing reads the holes' local states (`(state at:(to))`): its landings are tried
    /// with the last hole unmarked and marked by either player.
    reads_states: bool,
    /// A turn that goes on lifts this site, read from the last one (`(if (is Mover Prev)
    /// (sites {(trackSite Move from:(last To afterConsequence:True) steps:1)}) holes)`):
    /// the family's relay from the next hole where it is the hole after the last
    /// ([`next_relay`]).
    relay_next: Option<Node>,
    /// The counts a capture of the holes sown through the last takes ([`sown`]): a last hole
    /// holding one plays none of the sowing's effects.
    sown_last: u128,
    /// The way round of the track along which a fresh move's landing is read
    /// (`fresh_not_onto_own_occupied`, [`landing`]), to be the sowing's.
    landing_way: Option<u8>,
    /// Hoyito's `(if <the board's total at most N> <every hole swept> <the capture>)`, whose
    /// capture is read as a case of its own ([`sweep`]): the `(if …)`.
    sweep_all: Option<Node>,
    /// Wouri's `(then (forEach Site …))` after a capture of the last hole ([`sweep`]).
    sweep_then: Option<Node>,
    /// A `(moveAgain)` of the sowing that no landing makes (Hoyito's under `(< (count
    /// at:(to)) 1)`): no turn goes on by it.
    never_again: bool,
}

impl Reader<'_> {
    fn lack(&mut self, node: &Node, what: impl Into<String>) {
        self.lacks.push(Lack {
            span: node.span,
            what: what.into(),
        });
    }

    fn unknown(&mut self, node: &Node, error: Unknown, context: &str) {
        self.lacks.push(Lack {
            span: node.span,
            what: format!("{context}: {}", error.0),
        });
    }

    fn set(&mut self, key: &'static str, value: impl ToString, node: &Node) {
        self.reading.insert(key, Read::at(value, node, false));
    }

    /// Sets `key` as the description says it, and what Ludii 1.3.13 plays there instead by a
    /// fault of its engine.
    fn set_with_fault(
        &mut self,
        key: &'static str,
        value: impl ToString,
        node: &Node,
        fault: LudiiFault,
    ) {
        let mut read = Read::at(value, node, false);
        read.ludii_plays = Some(fault);
        self.reading.insert(key, read);
    }

    fn default(&mut self, key: &'static str, value: impl ToString, node: &Node) {
        self.reading
            .entry(key)
            .or_insert_with(|| Read::at(value, node, true));
    }
}

/// The children of a call or the elements of an array given as one argument.
pub(crate) fn items(node: &Node) -> Vec<&Node> {
    match &node.kind {
        Kind::Array(nodes) => nodes.iter().collect(),
        _ => vec![node],
    }
}

pub(crate) fn child<'n>(node: &'n Node, head: &str) -> Option<&'n Node> {
    node.children().iter().find(|n| n.is_call(head))
}

/// The board and places a description's equipment gives.
struct Equipment {
    geometry: Geometry,
    places: Places,
    /// The tracks: name, owner (none for both players) and sites, in order.
    tracks: Vec<Track>,
    board_node: Node,
    /// The board is a `(mancalaBoard …)`, not a board numbered by [`boards`].
    mancala: bool,
    /// A region of the description could not be read (and is named as lacking).
    regions_unread: bool,
}

/// Reads a sowing description into the family's parameters, or names what it lacks.
pub fn read(expanded: &Expanded) -> Result<Reading, Vec<Lack>> {
    let game = &expanded.game;
    let mut reader = Reader {
        lacks: Vec::new(),
        reading: Reading::new(),
        game,
        capture_place: None,
        relay_when_pending: None,
        skips_out_of_play: false,
        lifts_owned: false,
        homes: None,
        relay_branch: false,
        extra_var: None,
        extra_flag: None,
        extra_undefined: false,
        extra_read: false,
        relay_var: None,
        reads_states: false,
        relay_next: None,
        sown_last: 0,
        landing_way: None,
        sweep_all: None,
        sweep_then: None,
        never_again: false,
    };
    read_game(&mut reader);
    if reader.lacks.is_empty() {
        Ok(reader.reading)
    } else {
        reader.lacks.sort();
        reader.lacks.dedup();
        Err(reader.lacks)
    }
}

fn read_game(reader: &mut Reader<'_>) {
    let game = reader.game;
    match child(game, "players")
        .and_then(|p| p.arg(0))
        .and_then(Node::as_int)
    {
        Some(2) => {}
        _ => {
            let node = child(game, "players").unwrap_or(game);
            reader.lack(node, format!("players other than two: {}", node));
        }
    }
    for node in game.children().iter().skip(1) {
        match node.head() {
            Some("players" | "equipment" | "rules") => {}
            _ => reader.lack(
                node,
                format!("a part of the game the family does not read: {node}"),
            ),
        }
    }
    let Some(equipment) = child(game, "equipment") else {
        reader.lack(game, "no (equipment …)");
        return;
    };
    let Some(equipment) = read_equipment(reader, equipment) else {
        return;
    };
    let Some(rules) = child(game, "rules") else {
        reader.lack(game, "no (rules …)");
        return;
    };
    read_rules(reader, rules, &equipment);
}

fn read_equipment(reader: &mut Reader<'_>, equipment: &Node) -> Option<Equipment> {
    let list: Vec<&Node> = equipment.positional().flat_map(items).collect();
    let Some(board) = list.iter().find(|n| n.is_call("mancalaBoard")) else {
        let Some(other) = list.iter().find(|n| n.is_call("board")) else {
            reader.lack(equipment, "a board that is not a mancala board");
            return None;
        };
        let geometry = boards::board_geometry(reader, other)?;
        return read_board_parts(reader, &list, other, geometry, false);
    };
    if let (Some(rows), Some(columns)) = (board.named("rows"), board.named("cols")) {
        // Ludii 1.3's mancalaBoard takes its size unnamed: a size by name is an earlier
        // grammar (Muvalavala B's, whose `loop:true` and `(select …)` are of it too), which
        // Ludii no longer compiles and the reader does not guess at.
        reader.lack(
            board,
            format!(
                "a board whose size is named, rows:{rows} cols:{columns}, a grammar earlier than Ludii 1.3's, which takes it unnamed"
            ),
        );
        return None;
    }
    let (Some(rows), Some(columns)) = (
        board.arg(0).and_then(Node::as_int),
        board.arg(1).and_then(Node::as_int),
    ) else {
        reader.lack(
            board,
            format!("a board whose size is not two numbers: {board}"),
        );
        return None;
    };
    let stores = !board.named("store").is_some_and(|s| is_symbol(s, "None"));
    for name in ["numStores"] {
        if let Some(value) = board.named(name) {
            reader.lack(value, format!("mancalaBoard {name}:{value}"));
        }
    }
    if !(1..=32).contains(&rows) || !(1..=64).contains(&columns) {
        reader.lack(board, format!("a board of {rows} rows of {columns}"));
        return None;
    }
    let geometry = Geometry::new(rows as usize, columns as usize, stores);
    read_board_parts(reader, &list, board, geometry, true)
}

/// The tracks, regions, maps and pieces of a board whose sites `geometry` numbers.
fn read_board_parts(
    reader: &mut Reader<'_>,
    list: &[&Node],
    board: &Node,
    geometry: Geometry,
    mancala: bool,
) -> Option<Equipment> {
    let mut places = Places::default();
    let mut regions_unread = false;
    let mut found: Vec<Track> = Vec::new();
    let tracks: Vec<&Node> = board
        .positional()
        .skip(if mancala { 2 } else { 1 })
        .flat_map(items)
        .collect();
    for track in tracks {
        if !track.is_call("track") {
            reader.lack(
                track,
                format!("a board part the family does not read: {track}"),
            );
            continue;
        }
        let listed = boards::listed_sites(track, &geometry);
        let spec = track
            .arg(1)
            .and_then(Node::as_str)
            .filter(|_| mancala || geometry.is_laid_out());
        let (Some(name), true) = (
            track.arg(0).and_then(Node::as_str),
            spec.is_some() || listed.is_some(),
        ) else {
            reader.lack(
                track,
                format!("a track without a name and a direction string: {track}"),
            );
            continue;
        };
        if !track.named("loop").is_some_and(|l| is_symbol(l, "True")) {
            reader.lack(track, format!("a track that does not loop: {track}"));
            continue;
        }
        let walked = match (listed, spec) {
            (Some(listed), _) => listed,
            (None, spec) => geometry.track(spec.unwrap_or_default()),
        };
        let sites = match walked {
            Ok(sites) => sites,
            Err(reason) => {
                reader.lack(
                    track,
                    format!("a track Ludii's way of walking was not read: {reason}"),
                );
                continue;
            }
        };
        // A loop's walk ends where it began: the first site once.
        let mut sites = sites;
        if sites.len() > 1 && sites.first() == sites.last() {
            sites.pop();
        }
        let owner = track
            .arg(2)
            .or_else(|| track.named("owner"))
            .and_then(|o| o.as_symbol().or_else(|| o.head()).map(str::to_string));
        places.tracks.insert(name.to_string(), sites.clone());
        let owner = match owner.as_deref() {
            Some("P1") => Some(0),
            Some("P2") => Some(1),
            None => None,
            Some(other) => {
                reader.lack(track, format!("a track owned by {other}"));
                continue;
            }
        };
        places.all_tracks.push((
            name.to_string(),
            owner.map_or(0, |player| player as u8 + 1),
            sites.clone(),
        ));
        found.push(Track {
            name: name.to_string(),
            owner,
            sites,
        });
    }
    if found.is_empty() {
        reader.lack(board, "a board without a track");
        return None;
    }
    places.first_track = found
        .iter()
        .find(|track| track.owner.is_none())
        .unwrap_or(&found[0])
        .sites
        .clone();
    for node in list {
        match node.head() {
            Some("mancalaBoard" | "board") => {}
            Some("piece") => {
                if !(node.arg(0).and_then(Node::as_str) == Some("Seed")
                    && node.arg(1).is_some_and(|a| is_symbol(a, "Shared")))
                {
                    reader.lack(node, format!("pieces other than shared seeds: {node}"));
                }
            }
            Some("hand") => {
                if !node.arg(0).is_some_and(|a| is_symbol(a, "Each")) {
                    reader.lack(node, format!("hands other than one each: {node}"));
                }
            }
            Some("regions") => {
                let lacking = reader.lacks.len();
                read_region(reader, node, &geometry, &mut places);
                regions_unread |= reader.lacks.len() > lacking;
            }
            Some("map") => read_map(reader, node, &geometry, &mut places),
            _ => reader.lack(node, format!("equipment the family does not have: {node}")),
        }
    }
    Some(Equipment {
        geometry,
        places,
        tracks: found,
        board_node: board.clone(),
        mancala,
        regions_unread,
    })
}

fn read_region(reader: &mut Reader<'_>, node: &Node, geometry: &Geometry, places: &mut Places) {
    let args: Vec<&Node> = node.positional().collect();
    let (name, player, sites) = match args.as_slice() {
        [player, sites] => ("", *player, *sites),
        [name, player, sites] if name.as_str().is_some() => {
            (name.as_str().unwrap_or_default(), *player, *sites)
        }
        _ => {
            reader.lack(node, format!("a region the family does not read: {node}"));
            return;
        }
    };
    let player = match player.as_symbol() {
        Some("P1") => 1,
        Some("P2") => 2,
        _ => {
            reader.lack(node, format!("a region of no single player: {node}"));
            return;
        }
    };
    let found = bare_context(geometry, places, player).sites(sites);
    match found {
        Ok(sites) => {
            places.regions.insert((name.to_string(), player), sites);
        }
        Err(error) => reader.unknown(node, error, "a region"),
    }
}

/// A context of the board alone, before its places are all read: no counters, no move.
fn bare_context<'a>(geometry: &'a Geometry, places: &'a Places, mover: u8) -> Context<'a> {
    Context {
        geometry,
        places,
        counts: Vec::new(),
        mover,
        from: -1,
        to: -1,
        site: -1,
        player: 0,
        remembered: BTreeMap::new(),
        states: Vec::new(),
        mover_value: None,
    }
}

fn read_map(reader: &mut Reader<'_>, node: &Node, geometry: &Geometry, places: &mut Places) {
    let args: Vec<&Node> = node.positional().collect();
    let (name, pairs) = match args.as_slice() {
        [pairs] => ("", *pairs),
        [name, pairs] if name.as_str().is_some() => (name.as_str().unwrap_or_default(), *pairs),
        _ => {
            reader.lack(node, format!("a map the family does not read: {node}"));
            return;
        }
    };
    // A named map from sites to sites (Rab'e's "CorrespondingHoles", Mbelele's "Opposite") is
    // read into its table, each key and value a site of the board, for `(mapEntry "Name" …)`
    // to look up where a rule reads it; any other map of sites is one lack, not one for each
    // of its pairs.
    if items(pairs)
        .iter()
        .any(|pair| pair.arg(0).is_some_and(|key| key.as_int().is_some()))
    {
        let sites = 0..geometry.sites() as i64;
        let table: Option<BTreeMap<i64, i64>> = items(pairs)
            .iter()
            .map(|pair| {
                match (
                    pair.arg(0).and_then(Node::as_int),
                    pair.arg(1).and_then(Node::as_int),
                    pair.arg(2),
                ) {
                    (Some(key), Some(value), None)
                        if sites.contains(&key) && sites.contains(&value) =>
                    {
                        Some((key, value))
                    }
                    _ => None,
                }
            })
            .collect();
        match table {
            Some(table) if !name.is_empty() && !places.site_maps.contains_key(name) => {
                places.site_maps.insert(name.to_string(), table);
            }
            _ => {
                let written = crate::eval::unknown(node);
                reader.unknown(
                    node,
                    written,
                    "a map from sites, not players, the family does not read",
                );
            }
        }
        return;
    }
    for pair in items(pairs) {
        let (Some(player), Some(site)) = (pair.arg(0), pair.arg(1)) else {
            reader.lack(pair, format!("a map entry that is not a pair: {pair}"));
            continue;
        };
        let player = match player.as_symbol() {
            Some("P1") => 1,
            Some("P2") => 2,
            _ => {
                reader.lack(pair, format!("a map entry of no single player: {pair}"));
                continue;
            }
        };
        // An entry may be written as arithmetic (`(+ 6 1)`).
        let written = site
            .as_int()
            .or_else(|| bare_context(geometry, places, player).int(site).ok());
        let site = match (site.as_symbol(), written) {
            (Some("FirstSite"), _) => 0,
            (Some("LastSite"), _) => geometry.sites() - 1,
            (_, Some(n)) if (0..geometry.sites() as i64).contains(&n) => n as usize,
            _ => {
                reader.lack(pair, format!("a map entry that is not a site: {pair}"));
                continue;
            }
        };
        places.maps.insert((name.to_string(), player), site);
    }
}

/// A track of the board: its name, its owner (player 0 or 1; none when both sow along it) and
/// its sites as Ludii walks them.
struct Track {
    name: String,
    owner: Option<usize>,
    sites: Vec<usize>,
}

/// The family's parameters of a board, the board, the Ludii site of each family cell and the
/// way round of each track for each player.
type BoardReading = (
    SowingParams,
    Board,
    Vec<usize>,
    BTreeMap<String, [Option<u8>; 2]>,
);

/// The family's board for the description's size and stores in the track, the Ludii site of
/// each family cell, and for each track the way round it goes (0 anticlockwise, 1 clockwise)
/// for each player it serves; `None` with lacks when a track is not one of the family's.
fn board_for(reader: &mut Reader<'_>, equipment: &Equipment) -> Option<BoardReading> {
    let geometry = &equipment.geometry;
    let node = &equipment.board_node;
    if !equipment.mancala || !(geometry.rows == 2 || geometry.rows == 4) {
        return boards::given_board(reader, equipment);
    }
    let store_sites: Vec<usize> = geometry
        .store_sites()
        .map(|(a, b)| vec![a, b])
        .unwrap_or_default();
    let with_stores = equipment
        .tracks
        .iter()
        .any(|t| t.sites.iter().any(|s| store_sites.contains(s)));
    let sides: &[StoreSide] = if with_stores {
        &[StoreSide::Right, StoreSide::Left]
    } else {
        &[StoreSide::Right]
    };
    let mut unmatched = String::new();
    for &store_side in sides {
        let params = SowingParams {
            rows: geometry.rows as u8,
            holes: geometry.columns as u8,
            stores_in_track: with_stores,
            store_side,
            ..SowingParams::default()
        };
        if params.rows as usize * params.holes as usize > sowing::MAX_HOLES {
            reader.lack(
                node,
                format!(
                    "a board of {} holes, more than the {} the family's bit sets hold",
                    params.rows as usize * params.holes as usize,
                    sowing::MAX_HOLES
                ),
            );
            return None;
        }
        let board = Board::new(&params);
        let mut cells = geometry.cells_of(&board)?;
        if with_stores {
            // A store on the right of player 1's row is Ludii's right store, player 2's right
            // is Ludii's left; on the left the other way round.
            let (left, right) = geometry.store_sites()?;
            let (first, second) = match store_side {
                StoreSide::Right => (right, left),
                StoreSide::Left => (left, right),
            };
            // The description's map names each player's store: the stores in the track must
            // be those.
            let mapped = |player: u8| equipment.places.maps.get(&(String::new(), player)).copied();
            if [(1u8, first), (2, second)]
                .iter()
                .any(|&(player, site)| mapped(player).is_some_and(|m| m != site))
            {
                continue;
            }
            cells.push(first);
            cells.push(second);
        }
        let mut ways = BTreeMap::new();
        for track in &equipment.tracks {
            let players: Vec<usize> = track.owner.map_or_else(|| vec![0, 1], |p| vec![p]);
            let mut by_player = [None; 2];
            for player in players {
                let way = (0..2u8).find(|&way| {
                    same_cycle(&track.sites, &board, &cells, player, with_stores, way)
                });
                match way {
                    Some(way) => by_player[player] = Some(way),
                    None if unmatched.is_empty() => unmatched = track.name.clone(),
                    None => {}
                }
            }
            ways.insert(track.name.clone(), by_player);
        }
        let all_matched = equipment.tracks.iter().all(|track| {
            let players: Vec<usize> = track.owner.map_or_else(|| vec![0, 1], |p| vec![p]);
            players
                .iter()
                .all(|&p| ways.get(&track.name).is_some_and(|w| w[p].is_some()))
        });
        if all_matched {
            return Some((params, board, cells, ways));
        }
    }
    if !with_stores && !unmatched.is_empty() {
        return boards::given_board(reader, equipment);
    }
    reader.lack(
        node,
        if unmatched.is_empty() {
            "stores in the track that are not the stores the description maps to its players"
                .to_string()
        } else {
            format!(
                "a track ({unmatched}) that is neither the family's anticlockwise nor its clockwise round"
            )
        },
    );
    None
}

/// Whether a Ludii track (sites) is the family's track of `player` going `way` round on
/// `board`, as a cycle.
fn same_cycle(
    track: &[usize],
    board: &Board,
    cells: &[usize],
    player: usize,
    stores: bool,
    way: u8,
) -> bool {
    // The family's order of cells for this player, as Ludii sites; a track holding both
    // stores is the family's own-store track once the opponent's store is passed over.
    let mut order = Vec::new();
    let start = if board.rows == 4 {
        player * board.holes / 2
    } else {
        0
    };
    let mut cell = start;
    loop {
        order.push(cells[cell]);
        cell = usize::from(board.next[usize::from(way)][player][cell]);
        if cell == start || order.len() > cells.len() {
            break;
        }
    }
    let theirs = stores.then(|| cells[board.holes + 1 - player]);
    let walked: Vec<usize> = track
        .iter()
        .copied()
        .filter(|s| Some(*s) != theirs)
        .collect();
    if walked.len() != order.len() {
        return false;
    }
    let Some(offset) = walked.iter().position(|&s| s == order[0]) else {
        return false;
    };
    (0..order.len()).all(|i| walked[(offset + i) % walked.len()] == order[i])
}

/// Whether every track of the board, both stores in it, is the family's track of each player it
/// serves when the opponent's store is sown too, the same way round.
fn sows_both_stores(reader: &Reader<'_>, situation: &Situation<'_>) -> bool {
    let board = situation.board;
    let store_side = match reader.reading.get("store_side").map(|r| r.value.as_str()) {
        Some("left") => StoreSide::Left,
        _ => StoreSide::Right,
    };
    let params = SowingParams {
        rows: board.rows as u8,
        holes: board.row as u8,
        stores_in_track: true,
        store_side,
        sow_opponents_store: true,
        ..SowingParams::default()
    };
    let both = Board::new(&params);
    situation.tracks.iter().all(|track| {
        let players: Vec<usize> = track.owner.map_or_else(|| vec![0, 1], |p| vec![p]);
        players.into_iter().all(|player| {
            let way = situation.ways.get(&track.name).and_then(|w| w[player]);
            way.is_some_and(|way| {
                same_cycle(&track.sites, &both, situation.cells, player, false, way)
            })
        })
    })
}

/// What the family's board offers the evaluator: counts in Ludii's sites.
#[derive(Clone)]
struct Situation<'a> {
    geometry: &'a Geometry,
    places: &'a Places,
    board: &'a Board,
    /// Ludii's site of each family cell.
    cells: &'a [usize],
    /// The board's tracks, in order.
    tracks: &'a [Track],
    /// The way round each track goes, for each player it serves.
    ways: &'a BTreeMap<String, [Option<u8>; 2]>,
    /// The sites the start remembers under each name, in a game of rounds.
    remembered: BTreeMap<String, crate::eval::Sites>,
    /// The game is played in rounds: what its start remembers is read with them.
    in_rounds: bool,
    /// The sites the start remembers as each player's holes on a board with no region of
    /// either player (Merekocdu's `"P1Home"`), read with the board.
    homes: BTreeMap<String, crate::eval::Sites>,
    /// The holes each player owns at the start, remembered by name (`"OwnedP1"`), read only
    /// where the family reads ownership.
    owned: BTreeMap<String, crate::eval::Sites>,
    /// The mover's value, `(value Player Mover)`, where the sowing's captures count it up
    /// ([`capture_order`]); `None` elsewhere.
    mover_value: Option<i64>,
}

impl<'a> Situation<'a> {
    fn context(&self, mover: u8) -> Context<'a> {
        Context {
            geometry: self.geometry,
            places: self.places,
            counts: vec![0; self.geometry.sites() + 2],
            mover,
            from: -1,
            to: -1,
            site: -1,
            player: 0,
            remembered: self
                .homes
                .iter()
                .chain(&self.remembered)
                .map(|(name, sites)| (name.clone(), sites.clone()))
                .collect(),
            states: Vec::new(),
            mover_value: self.mover_value,
        }
    }

    fn territory(&self, player: usize) -> Vec<usize> {
        let mut sites: Vec<usize> = (0..self.board.holes)
            .filter(|&h| self.board.territory[player] >> h & 1 == 1)
            .map(|h| self.cells[h])
            .collect();
        sites.sort_unstable();
        sites
    }
}

fn read_rules(reader: &mut Reader<'_>, rules: &Node, equipment: &Equipment) {
    let Some((params, board, cells, ways)) = board_for(reader, equipment) else {
        return;
    };
    let board_node = &equipment.board_node;
    reader.set("rows", params.rows, board_node);
    reader.set("holes", params.holes, board_node);
    boards::read_track_and_territory(reader, &params, board_node);
    reader.set("stores_in_track", params.stores_in_track, board_node);
    reader.set_or_default(
        "store_side",
        params.store_side,
        board_node,
        params.stores_in_track,
    );
    let situation = Situation {
        geometry: &equipment.geometry,
        places: &equipment.places,
        board: &board,
        cells: &cells,
        tracks: &equipment.tracks,
        ways: &ways,
        remembered: BTreeMap::new(),
        in_rounds: false,
        homes: reader
            .homes
            .as_ref()
            .map(|(homes, _)| homes.clone())
            .unwrap_or_default(),
        owned: BTreeMap::new(),
        mover_value: None,
    };
    let mut situation = situation;
    // One phase is no phase: its play (and end) are the game's; a sowing phase and a phase
    // between rounds are a game of rounds.
    let mut parts: Vec<&Node> = Vec::new();
    let mut in_rounds = None;
    let mut openings: (Vec<&Node>, Option<(&Node, &Node)>) = (Vec::new(), None);
    for node in rules.children() {
        match &node.kind {
            Kind::Named { key, value } if key == "phases" => {
                match phases::shape(reader, node, &items(value)) {
                    Some(phases::Phases::One(phase)) => {
                        parts.extend(opening::main_parts(reader, phase));
                    }
                    Some(phases::Phases::Rounds { sowing, between }) => {
                        in_rounds = Some((sowing, between));
                    }
                    Some(phases::Phases::Opened {
                        openings: list,
                        main,
                    }) => {
                        parts.extend(opening::main_parts(reader, main));
                        openings = (list, Some((node, main)));
                    }
                    Some(phases::Phases::OpenedRounds {
                        openings: list,
                        sowing,
                        between,
                    }) => {
                        in_rounds = Some((sowing, between));
                        openings = (list, Some((node, sowing)));
                    }
                    None => {}
                }
            }
            _ => parts.push(node),
        }
    }
    if in_rounds.is_some() {
        let start = parts.iter().copied().find(|n| n.is_call("start"));
        (situation.remembered, situation.owned) = rounds::remembered(reader, start, &situation);
        situation.in_rounds = true;
    }
    let situation = situation;
    let mut seen = std::collections::BTreeSet::new();
    if let Some((sowing, between)) = in_rounds {
        rounds::read(reader, sowing, between, &situation);
        seen.insert("play");
        seen.insert("end");
    } else {
        rounds::one_round(reader, rules);
    }
    for node in parts {
        match node.head() {
            Some(head @ ("start" | "play" | "end")) => {
                if !seen.insert(head) {
                    reader.lack(node, format!("a second ({head} …)"));
                    continue;
                }
                match head {
                    "start" => read_start(reader, node, &situation),
                    "play" => read_play(reader, node, &situation),
                    _ => read_end(reader, node, &situation),
                }
            }
            _ => reader.lack(
                node,
                format!("rules the family does not read: {}", head_of(node)),
            ),
        }
    }
    match openings {
        (list, Some((phases_node, main))) => phases::read_openings(
            reader,
            phases_node,
            &list,
            main,
            in_rounds.map(|(_, between)| between),
            &situation,
        ),
        _ => opening::none(reader, rules),
    }
    if reader.lacks.is_empty() {
        for required in ["start", "play", "end"] {
            if !seen.contains(required) {
                reader.lack(rules, format!("no ({required} …)"));
            }
        }
    }
}

fn head_of(node: &Node) -> String {
    match &node.kind {
        Kind::Named { key, .. } => format!("{key}:…"),
        _ => node
            .head()
            .map_or_else(|| node.to_string(), |h| format!("({h} …)")),
    }
}

fn read_start(reader: &mut Reader<'_>, start: &Node, situation: &Situation<'_>) {
    let sets: Vec<&Node> = start.positional().flat_map(items).collect();
    let mut counts = BTreeMap::new();
    for set in sets {
        // What a game of rounds remembers is read with its rounds, each player's holes with
        // the board.
        if set.is_call("set")
            && set.arg(0).is_some_and(|a| is_symbol(a, "RememberValue"))
            && (situation.in_rounds
                || set
                    .arg(1)
                    .and_then(Node::as_str)
                    .is_some_and(|name| situation.homes.contains_key(name)))
        {
            continue;
        }
        // A count may be written as arithmetic on the board's size (Muvalavala (Quioco)'s
        // `(- (- (* 4 6) 2) (* 2 (- 6 1)))`).
        let count = set.arg(1).map(|count| situation.context(1).int(count));
        let ok = set.is_call("set")
            && set.arg(0).is_some_and(|a| is_symbol(a, "Count"))
            && matches!(count, Some(Ok(_)));
        let count = match count {
            Some(Ok(count)) => count,
            _ => 0,
        };
        // `to:` names sites, `at:` one site.
        let sites = match (set.named("to"), set.named("at")) {
            (Some(to), None) if ok => situation.context(1).sites(to),
            (None, Some(at)) if ok => situation.context(1).int(at).and_then(|site| {
                usize::try_from(site)
                    .map(|site| vec![site])
                    .map_err(|_| crate::eval::unknown(at))
            }),
            _ => {
                reader.lack(set, format!("a start the family does not have: {set}"));
                return;
            }
        };
        match sites {
            Ok(sites) => {
                for site in sites {
                    counts.insert(site, count);
                }
            }
            Err(error) => {
                reader.unknown(set, error, "a start");
                return;
            }
        }
    }
    let board = situation.board;
    let holes = &situation.cells[..board.holes];
    // Counters only in holes: a store or a hand starts empty in the family.
    if counts
        .iter()
        .any(|(site, &count)| count != 0 && !holes.contains(site))
    {
        reader.lack(
            start,
            format!("a start with counters outside the holes: {start}"),
        );
        return;
    }
    let by_hole: Vec<i64> = holes
        .iter()
        .map(|site| counts.get(site).copied().unwrap_or(0))
        .collect();
    if by_hole.iter().any(|&count| !(0..=255).contains(&count)) {
        reader.lack(
            start,
            format!("a start of more than 255 counters in a hole: {start}"),
        );
        return;
    }
    let most = by_hole.iter().copied().max().unwrap_or(0);
    if by_hole.iter().all(|&count| count == most) && (1..=64).contains(&most) {
        reader.set("seeds", most, start);
        reader.default("start_counts", "uniform", start);
        return;
    }
    let listed: Vec<u8> = by_hole.iter().map(|&count| count as u8).collect();
    match sowing::StartCounts::listed(&listed) {
        Some(layout) if most > 0 => {
            reader.set(
                "start_counts",
                engine::OptionValue::render_value(&layout),
                start,
            );
            // `seeds` is not used where the holes are listed; the largest count stands in.
            reader.default("seeds", most.min(64), start);
        }
        _ => reader.lack(start, format!("a start the family does not have: {start}")),
    }
}

fn read_play(reader: &mut Reader<'_>, play: &Node, situation: &Situation<'_>) {
    let Some(moves) = play.arg(0) else {
        reader.lack(play, "an empty (play)");
        return;
    };
    read_moves(reader, play, moves, situation);
}

/// Reads the moves of a `(play …)`: the proposals, the condition after the move, the
/// priority, and the kinds of move.
fn read_moves(reader: &mut Reader<'_>, play: &Node, moves: &Node, situation: &Situation<'_>) {
    reader.reads_states = reads_states(moves);
    let mut moves = moves;
    match proposal(moves) {
        Some(inner) => {
            reader.set("end_by_agreement", true, moves);
            moves = inner;
        }
        None => reader.default("end_by_agreement", false, play),
    }
    reader.default("way_kept", sowing::WayKept::Off, play);
    if moves.is_call("if") {
        match extra_capture_branch(moves, situation) {
            Ok(Some((var, flag, otherwise))) => {
                reader.extra_var = Some(var);
                reader.extra_undefined = flag == Some(UNDEFINED_FLAG);
                reader.extra_flag = flag.map(|f| f.max(1));
                let branch = moves;
                read_moves(reader, play, otherwise, situation);
                if !reader.extra_read && reader.lacks.is_empty() {
                    reader.lack(branch, "extra captures that no capture gives");
                }
                return;
            }
            Ok(None) => {}
            Err(what) => {
                reader.lack(moves, what);
                return;
            }
        }
        if let Some((more, plain)) = singles_branch(moves, situation) {
            reader.set("singles_last", true, moves);
            reader.set("singles_into_empty", true, moves);
            reader.set_or_default("singles_plain", plain, moves, plain);
            moves = more;
        }
    }
    reader.default("singles_into_empty", false, play);
    reader.default("singles_plain", false, play);
    // Ludii's pass when nothing can be played, written out with a consequence of its own:
    // the moves are read, and the consequence named where it is.
    if let Some((only, pass_then)) = branches::can_move_else_pass(moves) {
        reader.lack(
            pass_then,
            format!("a consequence of a pass when no move can be made the family does not have: {pass_then}"),
        );
        moves = only;
    }
    if moves.is_call("if") {
        let Some(fresh) = branches::relay_branch(moves) else {
            reader.lack(moves, branches::unread(moves));
            return;
        };
        reader.relay_branch = true;
        moves = fresh;
    }
    let mut must_feed = false;
    if moves.is_call("do") {
        let (Some(inner), Some(after)) = (moves.arg(0), moves.named("ifAfterwards")) else {
            reader.lack(moves, format!("a (do …) the family does not read: {moves}"));
            return;
        };
        // The opponent keeps a counter: true exactly when the opponent's row holds one.
        let feeds = (1..=2u8).all(|mover| {
            let opponent = situation.territory(usize::from(2 - mover));
            [0i64, 1, 5].iter().all(|&count| {
                let mut context = situation.context(mover);
                for &site in &opponent {
                    context.counts[site] = 0;
                }
                if let Some(&site) = opponent.first() {
                    context.counts[site] = count;
                }
                context.boolean(after).ok() == Some(count > 0)
            })
        });
        if !feeds {
            reader.lack(
                after,
                format!("a condition after the move that is not feeding: {after}"),
            );
            return;
        }
        must_feed = true;
        reader.set("must_feed", true, after);
        moves = inner;
    }
    if !must_feed {
        reader.default("must_feed", false, play);
    }
    // The way round along which a single counter is lifted only into an empty hole.
    let mut singles_way = None;
    if moves.is_call("priority") {
        let options: Vec<&Node> = moves.positional().flat_map(items).collect();
        match options.as_slice() {
            [first, second] if singles_after(first, second, situation).is_some() => {
                reader.set("singles_last", true, moves);
                singles_way = singles_after(first, second, situation).flatten();
                if singles_way.is_some() {
                    reader.set("singles_into_empty", true, second);
                }
                moves = first;
            }
            _ => {
                reader.lack(
                    moves,
                    format!(
                        "a priority the family does not have: {}",
                        crate::eval::unknown(moves).0
                    ),
                );
                return;
            }
        }
    } else {
        reader.default("singles_last", false, play);
    }
    let choices: Vec<&Node> = if moves.is_call("or") {
        // A consequence of the choice, `(or {…} (then …))`, is no kind of move: named apart.
        if let Some(then) = child(moves, "then") {
            reader.lack(
                then,
                format!("a consequence of a choice of moves the family does not have: {then}"),
            );
        }
        moves
            .positional()
            .filter(|choice| !choice.is_call("then"))
            .flat_map(items)
            .collect()
    } else {
        vec![moves]
    };
    match choices.as_slice() {
        [only] => {
            if let Some(way) = read_move(reader, only, situation) {
                let direction = if way == 0 {
                    Direction::Anticlockwise
                } else {
                    Direction::Clockwise
                };
                reader.set("direction", direction, only);
                if singles_way.is_some_and(|single| single != way) {
                    reader.lack(
                        only,
                        "single counters lifted only where the next hole the other way round is empty",
                    );
                }
            }
        }
        [one, other] => {
            // Two moves alike but for the way round: the mover chooses the direction, and may
            // be held to one kept by a variable.
            let unguarded = match kept_way::unguard(one, other) {
                Ok(unguarded) => unguarded,
                Err((what, at)) => {
                    reader.lack(at.as_ref().unwrap_or(moves), what);
                    return;
                }
            };
            if unguarded.is_some() {
                reader.set("way_kept", sowing::WayKept::RelayUntilCapture, one);
            }
            let (one, other) = unguarded.as_ref().map_or((*one, *other), |(a, b)| (a, b));
            let before = reader.reading.clone();
            let first = read_move(reader, one, situation);
            let read_first = std::mem::replace(&mut reader.reading, before);
            let second = read_move(reader, other, situation);
            let values = |reading: &Reading| -> BTreeMap<&'static str, String> {
                reading.iter().map(|(k, r)| (*k, r.value.clone())).collect()
            };
            match (first, second) {
                (Some(a), Some(b)) if a != b && values(&read_first) == values(&reader.reading) => {
                    reader.set("direction", Direction::Choice, moves);
                }
                (Some(_), Some(_)) => reader.lack(
                    moves,
                    "a choice of two moves that differ in more than the way round",
                ),
                _ => {}
            }
        }
        _ => reader.lack(
            moves,
            format!(
                "a choice of {} kinds of move: {}",
                choices.len(),
                branches::kinds(&choices)
            ),
        ),
    }
}

/// `(if (< 0 V) (move Remove R (then (and (if (< 1 V) (moveAgain)) (set Var (- V 1))))) E)`,
/// its condition possibly `(and (is Mover Prev) (< 0 V))`, where V is `(var)` or `(var "Name")`
/// and R the opponent's holes (Ludii's `Remove` offers only those with counters): the extra
/// captures after a capture, each a move of the capturer's own, counted down in V. V's name and
/// the moves E otherwise; `Ok(None)` for another `(if …)`, and what is not read where the
/// condition is V's but the rest is not. Or V a flag (Tshuba's `(if (= 1 (var "ExtraCapture"))
/// (move Remove R count:(count at:(to)) (then (set Var "ExtraCapture" 0))) E)`): one extra
/// capture, or two where the flag steps from 1 to 2 and the move is made again (Spreta's
/// `(if (or (= 1 V) (= 2 V)) (move Remove R … (then (if (= 1 V) (and (moveAgain) (set Var
/// "ExtraCapture" 2)) (set Var "ExtraCapture" 0)))) E)`), their number returned, which the
/// capture must give by setting V to 1.
#[allow(clippy::type_complexity)]
fn extra_capture_branch<'n>(
    play: &'n Node,
    situation: &Situation<'_>,
) -> Result<Option<(Option<String>, Option<i64>, &'n Node)>, String> {
    let (Some(condition), Some(remove), Some(otherwise)) = (play.arg(0), play.arg(1), play.arg(2))
    else {
        return Ok(None);
    };
    let positive = |node: &Node| -> Option<Node> {
        let is_zero = |n: Option<&Node>| n.and_then(Node::as_int) == Some(0);
        if node.is_call("<") && is_zero(node.arg(0)) {
            node.arg(1).filter(|v| v.is_call("var")).cloned()
        } else if node.is_call(">") && is_zero(node.arg(1)) {
            node.arg(0).filter(|v| v.is_call("var")).cloned()
        } else {
            None
        }
    };
    // `(= k V)`: V and k.
    let equals = |node: &Node| -> Option<(Node, i64)> {
        let is_var = |n: Option<&Node>| n.is_some_and(|v| v.is_call("var"));
        if !node.is_call("=") || node.children().len() != 2 {
            None
        } else if is_var(node.arg(1)) {
            Some((node.arg(1)?.clone(), node.arg(0)?.as_int()?))
        } else if is_var(node.arg(0)) {
            Some((node.arg(0)?.clone(), node.arg(1)?.as_int()?))
        } else {
            None
        }
    };
    // `(= 1 V)`, or `(or (= 1 V) (= 2 V))`: V a flag, set for one extra capture or two.
    let flag = |node: &Node| -> Option<(Node, i64)> {
        let states: Vec<(Node, i64)> = if node.is_call("or") {
            node.positional()
                .flat_map(items)
                .map(equals)
                .collect::<Option<_>>()?
        } else {
            vec![equals(node)?]
        };
        let (var, _) = states.first()?;
        let same = states.iter().all(|(v, _)| v.to_string() == var.to_string());
        let counted = states.iter().map(|(_, k)| *k).eq(1..=states.len() as i64);
        (same && counted && states.len() <= 2).then(|| (var.clone(), states.len() as i64))
    };
    let test = |node: &Node| {
        positive(node)
            .map(|v| (v, None))
            .or_else(|| flag(node).map(|(v, n)| (v, Some(n))))
    };
    // `(= V Undefined)`: Ludii's Undefined, -1, which a variable also holds before it is set,
    // so that only under `(is Mover Prev)` does the capture alone make it hold.
    let undefined = |node: &Node| -> Option<Node> {
        let is_undefined = |n: Option<&Node>| n.is_some_and(|n| is_symbol(n, "Undefined"));
        let is_var = |n: Option<&Node>| n.is_some_and(|v| v.is_call("var"));
        if !node.is_call("=") || node.children().len() != 2 {
            None
        } else if is_var(node.arg(0)) && is_undefined(node.arg(1)) {
            node.arg(0).cloned()
        } else if is_var(node.arg(1)) && is_undefined(node.arg(0)) {
            node.arg(1).cloned()
        } else {
            None
        }
    };
    let var = test(condition).or_else(|| {
        if !condition.is_call("and") {
            return None;
        }
        match condition
            .positional()
            .flat_map(items)
            .collect::<Vec<_>>()
            .as_slice()
        {
            [same, other] if branches::same_turn(same) => {
                test(other).or_else(|| undefined(other).map(|v| (v, Some(UNDEFINED_FLAG))))
            }
            _ => None,
        }
    });
    let Some((var, states)) = var else {
        return Ok(None);
    };
    let name = match (var.arg(0), var.arg(1)) {
        (None, None) => None,
        (Some(name), None) if name.as_str().is_some() => name.as_str().map(str::to_string),
        _ => return Err(format!("a variable the family does not read: {var}")),
    };
    let unread = || format!("extra captures the family does not read: {remove}");
    // `count:(count at:(to))` takes what `Remove` takes without it: the whole hole.
    let whole = remove.named("count").is_none_or(|c| {
        c.is_call("count") && c.named("at").is_some_and(is_last) && c.children().len() == 1
    });
    let size = 3 + usize::from(remove.named("count").is_some());
    let is_remove =
        remove.is_call("move") && remove.arg(0).is_some_and(|a| is_symbol(a, "Remove")) && whole;
    // The Undefined flag's one extra capture ends the turn: a Remove of nothing more.
    let unset = states == Some(UNDEFINED_FLAG);
    if unset {
        return match remove.arg(1) {
            Some(sites)
                if is_remove
                    && remove.children().len() == size - 1
                    && child(remove, "then").is_none()
                    && opponents_with_counters(sites, situation) =>
            {
                Ok(Some((name, states, otherwise)))
            }
            _ => Err(unread()),
        };
    }
    let is_remove = is_remove && remove.children().len() == size;
    let (Some(sites), Some(then)) = (remove.arg(1).filter(|_| is_remove), child(remove, "then"))
    else {
        return Err(unread());
    };
    // The countdown: another move while V is above 1, and V one less.
    let v = var.to_string();
    let countdown: Vec<&Node> = then
        .arg(0)
        .map(|a| a.positional().flat_map(items).collect())
        .unwrap_or_default();
    let again = |node: &Node| {
        node.is_call("if")
            && node.arg(0).is_some_and(|c| {
                let c = c.to_string();
                c == format!("(< 1 {v})") || c == format!("(> {v} 1)")
            })
            && node
                .arg(1)
                .is_some_and(|m| m.is_call("moveAgain") && m.children().is_empty())
            && node.arg(2).is_none()
    };
    let less = |node: &Node| {
        node.is_call("set")
            && node.arg(0).is_some_and(|a| is_symbol(a, "Var"))
            && match (&name, node.arg(1), node.arg(2), node.arg(3)) {
                (None, Some(value), None, None) => value.to_string() == format!("(- {v} 1)"),
                (Some(n), Some(given), Some(value), None) => {
                    given.as_str() == Some(n.as_str()) && value.to_string() == format!("(- {v} 1)")
                }
                _ => false,
            }
    };
    // The flag set to k: `(set Var "Name" k)` (or `(set Var k)`).
    let sets = |node: &Node, k: i64| {
        node.is_call("set")
            && node.arg(0).is_some_and(|a| is_symbol(a, "Var"))
            && match (&name, node.arg(1), node.arg(2), node.arg(3)) {
                (None, Some(value), None, None) => value.as_int() == Some(k),
                (Some(n), Some(given), Some(value), None) => {
                    given.as_str() == Some(n.as_str()) && value.as_int() == Some(k)
                }
                _ => false,
            }
    };
    // Its second state: `(if (= 1 V) (and (moveAgain) (set Var … 2)) (set Var … 0))`.
    let steps = |node: &Node| {
        let first = node
            .arg(0)
            .and_then(equals)
            .is_some_and(|(w, k)| w.to_string() == v && k == 1);
        let again_two: Vec<&Node> = node
            .arg(1)
            .filter(|a| a.is_call("and"))
            .map(|a| a.positional().flat_map(items).collect())
            .unwrap_or_default();
        let again = |n: &Node| n.is_call("moveAgain") && n.children().is_empty();
        node.is_call("if")
            && first
            && matches!(again_two.as_slice(), [a, b] if (again(a) && sets(b, 2)) || (again(b) && sets(a, 2)))
            && node.arg(2).is_some_and(|n| sets(n, 0))
            && node.arg(3).is_none()
    };
    let counts_down = match states {
        Some(1) => then.children().len() == 1 && then.arg(0).is_some_and(|n| sets(n, 0)),
        Some(2) => then.children().len() == 1 && then.arg(0).is_some_and(steps),
        Some(_) => false,
        None => {
            then.arg(0).is_some_and(|a| a.is_call("and"))
                && matches!(countdown.as_slice(), [a, b] if (again(a) && less(b)) || (again(b) && less(a)))
        }
    };
    if !counts_down {
        return Err(unread());
    }
    if !opponents_with_counters(sites, situation) {
        return Err(unread());
    }
    Ok(Some((name, states, otherwise)))
}

/// The extra captures given by a flag that is Ludii's Undefined ([`extra_capture_branch`]),
/// told apart from the number of captures a flag gives.
const UNDEFINED_FLAG: i64 = -1;

/// Whether the holes of a `(move Remove SITES)` are the opponent's, those with counters
/// (Ludii's `Remove` offers none that is empty).
fn opponents_with_counters(sites: &Node, situation: &Situation<'_>) -> bool {
    (1..=2u8).all(|mover| {
        let theirs = situation.territory(usize::from(2 - mover));
        let mut context = situation.context(mover);
        for (cell, &site) in situation.cells[..situation.board.holes].iter().enumerate() {
            context.counts[site] = (cell as i64 * 5 + 1) % 4;
        }
        let held = |sites: Vec<usize>| -> Vec<usize> {
            sites
                .into_iter()
                .filter(|&s| context.counts[s] > 0)
                .collect()
        };
        matches!(context.sites(sites), Ok(found) if held(found.clone()) == held(theirs.clone()))
    })
}

/// `(if C (move Select A) (move Select B))` where C holds exactly when a hole of the mover's
/// holds two counters or more (or `(if C B A)` where it holds when none does), B lifts a hole
/// of one counter whose next hole is empty, and B sows as A does but for A's relay, which a
/// single counter sown into an empty hole never makes (Msuwa's), or sows with no effect at all
/// (Njombwa's): the family's singles lifted last, into empty holes; A, and whether the single
/// counter's sowing has no effect.
fn singles_branch<'n>(play: &'n Node, situation: &Situation<'_>) -> Option<(&'n Node, bool)> {
    let condition = play.arg(0)?;
    let parts = |node: &'n Node| -> Option<(&'n Node, &'n Node)> {
        let select = node.is_call("move")
            && node.arg(0).is_some_and(|a| is_symbol(a, "Select"))
            && node.children().len() == 3;
        select.then_some(())?;
        Some((child(node, "from")?, child(node, "then")?.arg(0)?))
    };
    let board = situation.board;
    // C: some hole of the mover's holds two or more, or (`Some(false)`) none does.
    let mut some_more = None;
    for mover in 1..=2u8 {
        let territory = situation.territory(usize::from(mover - 1));
        let &second = territory.get(1)?;
        for (background, other, more) in [(0, 2, true), (1, 1, false), (0, 0, false), (1, 3, true)]
        {
            let mut context = situation.context(mover);
            for &site in &situation.cells[..board.holes] {
                context.counts[site] = background;
            }
            context.counts[second] = other;
            let holds = context.boolean(condition).ok()?;
            match some_more {
                None => some_more = Some(holds == more),
                Some(same) if same == (holds == more) => {}
                Some(_) => return None,
            }
        }
    }
    let (more, single) = if some_more? {
        (play.arg(1)?, play.arg(2)?)
    } else {
        (play.arg(2)?, play.arg(1)?)
    };
    let ((_, sow_more), (from_single, sow_single)) = (parts(more)?, parts(single)?);
    for mover in 1..=2u8 {
        let territory = situation.territory(usize::from(mover - 1));
        let &first = territory.first()?;
        // B: the mover's holes, a single counter with the next hole empty (no hole holds more
        // where B is played).
        let mut context = situation.context(mover);
        if context.sites(from_single.arg(0)?).ok()? != territory {
            return None;
        }
        let lift = from_single.named("if")?;
        for background in [0i64, 1] {
            for count in 0..=1 {
                for &site in &situation.cells[..board.holes] {
                    context.counts[site] = background;
                }
                context.counts[first] = count;
                context.from = first as i64;
                if context.boolean(lift).ok()? != (count == 1 && background == 0) {
                    return None;
                }
            }
        }
    }
    // A's sowing: B's but for its effect, `(if (< 1 (count at:(to))) (moveAgain) X)` where B's
    // effect is X or none.
    let others = |sow: &Node| -> Vec<String> {
        sow.children()
            .iter()
            .filter(|c| !matches!(&c.kind, Kind::Named { key, .. } if key == "apply"))
            .map(Node::to_string)
            .collect()
    };
    let relayed = sow_more.named("apply")?;
    let relays = relayed.is_call("if")
        && relayed
            .arg(1)
            .is_some_and(|m| m.is_call("moveAgain") && m.children().is_empty())
        && relayed.arg(0).is_some_and(|c| {
            (0..=6).all(|count| {
                let mut context = situation.context(1);
                context.counts[situation.cells[0]] = count;
                context.to = situation.cells[0] as i64;
                context.boolean(c).ok() == Some(count > 1)
            })
        });
    let alike = sow_more.is_call("sow")
        && sow_single.is_call("sow")
        && others(sow_more) == others(sow_single);
    let plain = sow_single.named("apply").is_none();
    let same_effect = plain
        || relayed.arg(2).map(Node::to_string) == sow_single.named("apply").map(Node::to_string);
    // Sown plain, the single counter plays none of A's effect, whatever it is (Nsolo's).
    ((relays || plain) && alike && same_effect).then_some((more, plain))
}

/// Whether `node` reads a site's local state (`(state at:…)`) anywhere within it.
fn reads_states(node: &Node) -> bool {
    match &node.kind {
        Kind::Named { value, .. } => reads_states(value),
        Kind::Array(nodes) => nodes.iter().any(reads_states),
        _ => node.is_call("state") || node.children().iter().any(reads_states),
    }
}

/// `(is Decided "End")`: the players agreed to end.
fn is_decided_end(node: &Node) -> bool {
    node.is_call("is")
        && node.arg(0).is_some_and(|a| is_symbol(a, "Decided"))
        && node.arg(1).and_then(Node::as_str) == Some("End")
}

/// Oware's agreement to end a cycle: `(if (is Proposed "End") (or (move Vote "End") (move Vote
/// "No")) (or (if (is Cycle) (move Propose "End")) moves))`; the moves.
fn proposal(play: &Node) -> Option<&Node> {
    let message = |node: &Node, kind: &str, text: &str| {
        node.is_call("move")
            && node.arg(0).is_some_and(|a| is_symbol(a, kind))
            && node.arg(1).and_then(Node::as_str) == Some(text)
            && node.arg(2).is_none()
    };
    if !play.is_call("if") {
        return None;
    }
    let (condition, votes, otherwise) = (play.arg(0)?, play.arg(1)?, play.arg(2)?);
    let proposed = condition.is_call("is")
        && condition.arg(0).is_some_and(|a| is_symbol(a, "Proposed"))
        && condition.arg(1).and_then(Node::as_str) == Some("End");
    let votes: Vec<&Node> = votes.positional().flat_map(items).collect();
    let voting = matches!(votes.as_slice(), [end, no]
        if message(end, "Vote", "End") && message(no, "Vote", "No"));
    if !(proposed && voting && otherwise.is_call("or")) {
        return None;
    }
    let choices: Vec<&Node> = otherwise.positional().flat_map(items).collect();
    let [offer, moves] = choices.as_slice() else {
        return None;
    };
    let in_cycle = offer.is_call("if")
        && offer.arg(0).is_some_and(|c| {
            c.is_call("is") && c.arg(0).is_some_and(|a| is_symbol(a, "Cycle")) && c.arg(1).is_none()
        })
        && offer.arg(1).is_some_and(|m| message(m, "Propose", "End"))
        && offer.arg(2).is_none();
    in_cycle.then_some(*moves)
}

/// Whether `second` is `first` but for lifting single counters where `first` lifts two or
/// more (a `(priority {…})` of the two): `Some(None)` where any single counter is lifted,
/// `Some(Some(way))` where only one whose next hole `way` round along the mover's track is
/// empty (Spreta's `(and (= 1 (count at:(from))) (= 0 (count at:("NextSite" from:(from)))))`,
/// read on boards with each other hole occupied alone), `None` otherwise.
fn singles_after(first: &Node, second: &Node, situation: &Situation<'_>) -> Option<Option<u8>> {
    let parts = |node: &Node| -> Option<(String, String, Node)> {
        if !node.is_call("move") {
            return None;
        }
        let from = child(node, "from")?;
        let then = child(node, "then")?;
        Some((
            from.arg(0)?.to_string(),
            then.to_string(),
            from.named("if")?.clone(),
        ))
    };
    let (Some((holes, then, lifts)), Some((holes_too, then_too, single))) =
        (parts(first), parts(second))
    else {
        return None;
    };
    let hole = situation.cells[0];
    let lifted = |condition: &Node, count: i64, occupied: Option<usize>| {
        let mut context = situation.context(1);
        context.counts[hole] = count;
        if let Some(other) = occupied {
            context.counts[other] = 1;
        }
        context.from = hole as i64;
        context.boolean(condition).ok()
    };
    let alike = holes == holes_too
        && then == then_too
        && (0..=40).all(|count| {
            lifted(&lifts, count, None) == Some(count >= 2)
                && lifted(&single, count, None) == Some(count == 1)
        });
    if !alike {
        return None;
    }
    // The holes whose counters alone keep a single counter from being lifted.
    let board = situation.board;
    let blocking: Vec<usize> = (1..board.holes)
        .filter(|&other| lifted(&single, 1, Some(situation.cells[other])) != Some(true))
        .collect();
    match blocking.as_slice() {
        [] => Some(None),
        [next] => (0..2u8)
            .find(|&way| usize::from(board.next[usize::from(way)][0][0]) == *next)
            .map(Some),
        _ => None,
    }
}

/// Reads one kind of move, a hole lifted and sown; returns the way round it sows.
fn read_move(reader: &mut Reader<'_>, moves: &Node, situation: &Situation<'_>) -> Option<u8> {
    if moves.is_call("if") {
        reader.lack(moves, branches::unread(moves));
        return None;
    }
    if !moves.is_call("move") || !moves.arg(0).is_some_and(|a| is_symbol(a, "Select")) {
        reader.lack(
            moves,
            format!("moves other than lifting a hole: {}", head_of(moves)),
        );
        return None;
    }
    let Some(from) = child(moves, "from") else {
        reader.lack(moves, "a (move Select) without (from …)");
        return None;
    };
    let Some(then) = child(moves, "then") else {
        reader.lack(moves, "a (move Select) without (then (sow …))");
        return None;
    };
    let sown = sown::split(reader, then);
    let Some(sow) = sown
        .as_ref()
        .map(|sown| sown.sow)
        .or_else(|| then.arg(0).filter(|s| s.is_call("sow")))
    else {
        reader.lack(
            then,
            format!("a move whose consequence is not a sowing: {then}"),
        );
        return None;
    };
    for extra in moves.children().iter().skip(1) {
        if !(extra.is_call("from") || extra.is_call("then")) {
            reader.lack(
                extra,
                format!("a move part the family does not read: {extra}"),
            );
        }
    }
    let relay_from_last = read_from(reader, from, situation) || reader.relay_branch;
    reader.sown_last = sown
        .as_ref()
        .map_or(0, |sown| sown::last_counts(sown, situation));
    read_sow(reader, sow, situation, relay_from_last);
    let way = way_of(reader, sow, situation);
    if let (Some(landing), Some(way)) = (reader.landing_way.take(), way)
        && landing != way
    {
        reader.lack(
            from,
            "a fresh move's count taken along a track the sowing does not take",
        );
    }
    match (&sown, way) {
        (Some(sown), Some(way)) => sown::read(reader, sown, situation, way),
        _ => {
            reader.default("capture_sown", sowing::CaptureSown::Off, sow);
            reader.default("capture_sown_counts", "none", sow);
            reader.default("capture_sown_to", sowing::CaptureSownTo::Mover, sow);
        }
    }
    way
}

/// The way round a sowing goes: along the track it names (each player's own, with
/// `owner:(mover)`), or the board's first track; the same way for both players.
fn way_of(reader: &mut Reader<'_>, sow: &Node, situation: &Situation<'_>) -> Option<u8> {
    let name = sow.positional().find_map(Node::as_str);
    let per_player = sow.named("owner").is_some();
    let mut ways = [None; 2];
    let mut unround = None;
    for (player, way) in ways.iter_mut().enumerate() {
        let track = situation.tracks.iter().find(|t| match (name, per_player) {
            (Some(name), true) => t.owner == Some(player) && t.name.contains(name),
            (Some(name), false) => t.name == name,
            (None, true) => t.owner == Some(player),
            (None, false) => true,
        });
        // Ludii sows along the first track of the name, whoever owns it.
        let theirs = track.and_then(|t| t.owner.filter(|&owner| owner != player));
        *way = track
            .filter(|_| theirs.is_none())
            .and_then(|t| situation.ways.get(&t.name).and_then(|w| w[player]));
        if let (None, Some(track)) = (*way, track) {
            unround.get_or_insert((player, theirs, track.name.as_str()));
        }
    }
    match ways {
        [Some(a), Some(b)] if a == b => Some(a),
        _ if unround.is_some() => {
            let (player, theirs, track) = unround.unwrap_or_default();
            let what = match theirs {
                Some(owner) => format!(
                    "a sowing of player {} along player {}'s track ({track}), the first of its name, as Ludii takes it",
                    player + 1,
                    owner + 1
                ),
                None => format!(
                    "a sowing along a second track of player {} ({track}) that is neither its first track nor that track backwards",
                    player + 1
                ),
            };
            reader.lack(sow, what);
            None
        }
        _ => {
            reader.lack(
                sow,
                "a sowing along a track that is not each player's own round, the same way for both",
            );
            None
        }
    }
}

/// Reads where a move lifts from; returns whether a turn that goes on lifts the last hole.
fn read_from(reader: &mut Reader<'_>, from: &Node, situation: &Situation<'_>) -> bool {
    let Some(sites) = from.arg(0) else {
        reader.lack(from, "a (from) without sites");
        return false;
    };
    let mut relay = false;
    let mut holes = sites;
    // Each player's holes as the start remembers them, chosen by mover, read with the board.
    let lifts_homes = reader
        .homes
        .as_ref()
        .is_some_and(|(_, lifted)| std::ptr::eq(*lifted, from));
    if sites.is_call("if") && !lifts_homes {
        let condition = sites.arg(0);
        let same_turn = condition.is_some_and(branches::same_turn);
        let last = sites.arg(1).is_some_and(branches::last_to);
        let remembered = sites.arg(1).is_some_and(|s| {
            s.is_call("sites")
                && s.arg(0)
                    .and_then(Node::as_array)
                    .is_some_and(|a| a.len() == 1 && a[0].is_call("var") && a[0].arg(1).is_none())
        });
        let pending = condition.and_then(rounds::same_turn_with_pending);
        let var_name = sites
            .arg(1)
            .and_then(|s| s.arg(0))
            .and_then(Node::as_array)
            .and_then(|a| a[0].arg(0))
            .and_then(Node::as_str);
        match (same_turn, last, sites.arg(2)) {
            (true, true, Some(otherwise)) => {
                relay = true;
                holes = otherwise;
            }
            (true, false, Some(otherwise)) if remembered && var_name.is_some() => {
                relay = true;
                reader.relay_var = var_name.map(str::to_string);
                holes = otherwise;
            }
            (_, _, Some(otherwise)) if remembered && pending.is_some() => {
                relay = true;
                reader.relay_when_pending = pending;
                holes = otherwise;
            }
            (true, false, Some(otherwise))
                if sites.arg(1).and_then(next_relay::goes_on_from).is_some() =>
            {
                // Read against the sowing's way once it is known (`read_effects`).
                relay = true;
                reader.relay_next = sites.arg(1).and_then(next_relay::goes_on_from).cloned();
                holes = otherwise;
            }
            _ => {
                reader.lack(
                    sites,
                    format!("a choice of holes the family does not read: {sites}"),
                );
                return false;
            }
        }
    }
    reader.lifts_owned = rounds::reads_owned(holes, situation);
    // Every hole of the board, for a move that lifts anywhere (Kapana Bona's).
    let mut every_hole = situation.cells[..situation.board.holes].to_vec();
    every_hole.sort_unstable();
    let mut anywhere = [false; 2];
    // Tap Urdy's players lift the opponent's holes, `(sites Next)`.
    let mut theirs = [false; 2];
    for mover in 1..=2u8 {
        match rounds::owning_context(situation, mover).sites(holes) {
            Ok(found) if found == situation.territory(usize::from(mover - 1)) => {}
            Ok(mut found) => {
                found.sort_unstable();
                found.dedup();
                anywhere[usize::from(mover - 1)] = found == every_hole;
                theirs[usize::from(mover - 1)] =
                    found == situation.territory(usize::from(2 - mover));
                if !anywhere[usize::from(mover - 1)] && !theirs[usize::from(mover - 1)] {
                    reader.lack(
                        holes,
                        format!("holes to lift other than one's territory: {holes}"),
                    );
                    return relay;
                }
            }
            Err(error) => {
                reader.unknown(holes, error, "holes to lift");
                return relay;
            }
        }
    }
    match (anywhere, theirs) {
        ([true, true], _) => {
            reader.set("lift_anywhere", true, holes);
            reader.default("lift_opponents_row", false, holes);
        }
        ([false, false], [true, true]) => {
            reader.set("lift_opponents_row", true, holes);
            reader.default("lift_anywhere", false, holes);
        }
        ([false, false], [false, false]) => {
            reader.default("lift_anywhere", false, holes);
            reader.default("lift_opponents_row", false, holes);
        }
        _ => {
            reader.lack(
                holes,
                format!("holes to lift other than one's territory: {holes}"),
            );
            return relay;
        }
    }
    let fresh;
    let mut last_resort = None;
    let mut condition = from.named("if");
    // Tapata's and Gamacha's: a fresh move's count must not reach an occupied hole of one's
    // own.
    if let Some(written) = condition.filter(|c| relay && last_resort::reads_same_turn(c))
        && let Some(way) = landing::read(written, situation)
    {
        reader.set("fresh_not_onto_own_occupied", true, written);
        reader.landing_way = Some(way);
        reader.default("last_resort_holes", "none", from);
        reader.default("last_resort_above", 0, from);
        reader.set("min_to_sow", 1, written);
        return relay;
    }
    reader.default("fresh_not_onto_own_occupied", false, from);
    if let Some(written) = condition.filter(|c| relay && last_resort::reads_same_turn(c)) {
        // Gabata (Aksum)'s hole lifted last: the condition as a fresh move reads it.
        let Some((read, hole)) = last_resort::read(reader, written, situation) else {
            return relay;
        };
        fresh = read;
        condition = Some(&fresh);
        last_resort = hole;
    }
    reader.default("last_resort_holes", "none", from);
    reader.default("last_resort_above", 0, from);
    match condition {
        None => reader.default("min_to_sow", 1, from),
        Some(condition) => {
            // The fewest counters from which every count can be lifted, on a board otherwise
            // empty, of ones, or with another hole of the mover's holding two (with the rest
            // empty or ones; the first and the last other hole, so that one is not next to
            // it): the same on each, or Tsoro's single counters lifted only where no hole
            // holds two and the next hole is empty. Where a hole is lifted last, at another.
            let hole = situation.cells[usize::from(last_resort == Some(0))];
            let others: Vec<usize> = situation
                .territory(0)
                .into_iter()
                .filter(|&site| site != hole)
                .collect();
            let mut boards = Vec::new();
            for (background, two) in [
                (0i64, None),
                (1, None),
                (0, others.first()),
                (1, others.first()),
                (0, others.last()),
                (1, others.last()),
            ] {
                let mut lifts = Vec::new();
                for count in 0..=40i64 {
                    let mut context = situation.context(1);
                    for &site in &situation.cells[..situation.board.holes] {
                        context.counts[site] = background;
                    }
                    if let Some(&other) = two {
                        context.counts[other] = 2;
                    }
                    context.counts[hole] = count;
                    context.from = hole as i64;
                    match context.boolean(condition) {
                        Ok(value) => lifts.push(value),
                        Err(error) => {
                            reader.unknown(condition, error, "which holes can be lifted");
                            return relay;
                        }
                    }
                }
                boards.push(lifts);
            }
            // Where the sowing reads the holes' states, a marked hole is never lifted.
            if reader.reads_states {
                let never_marked = (1..=40i64).all(|count| {
                    (1..=2i64).all(|marker| {
                        let mut context = situation.context(1);
                        context.states = vec![0; context.counts.len()];
                        context.counts[hole] = count;
                        context.states[hole] = marker;
                        context.from = hole as i64;
                        context.boolean(condition).ok() == Some(false)
                    })
                });
                if !never_marked {
                    reader.lack(
                        condition,
                        format!("a lift of a marked hole, or one told apart by its state otherwise: {condition}"),
                    );
                    return relay;
                }
            }
            let least = |lifts: &[bool]| -> Option<usize> {
                let least = lifts.iter().position(|&v| v)?;
                (least >= 1 && lifts[least..].iter().all(|&v| v)).then_some(least)
            };
            let leasts: Vec<Option<usize>> = boards.iter().map(|lifts| least(lifts)).collect();
            match leasts.as_slice() {
                [Some(least), rest @ ..]
                    if *least <= 4 && rest.iter().all(|l| *l == Some(*least)) =>
                {
                    reader.set("min_to_sow", least, condition);
                }
                [Some(1), rest @ ..] if others.len() > 2 && rest.iter().all(|l| *l == Some(2)) => {
                    reader.set("min_to_sow", 2, condition);
                    reader.set("singles_last", true, condition);
                    reader.set("singles_into_empty", true, condition);
                }
                _ => reader.lack(
                    condition,
                    format!(
                        "a condition on the lifted hole that is not a least count: {condition}"
                    ),
                ),
            }
        }
    }
    relay
}

/// What a sowing's effect does, case by case: under which condition, which action.
#[derive(Clone, Debug)]
enum Action<'n> {
    /// `(moveAgain)`, with whether it sets Ludii's `Pending` and remembers the last hole
    /// (`(set Var (to))`).
    MoveAgain { pending: bool, remembers: bool },
    /// Counters taken into the mover's store or hand: the last hole's (`last`), and the
    /// other sites' whose counters go (each a site expression); `count` when a constant
    /// number is taken rather than the whole hole.
    Capture {
        last: bool,
        also: Vec<&'n Node>,
        count: Option<i64>,
        into: Vec<&'n Node>,
        /// The counters leave the game (`(remove …)`), going to no store or hand.
        removed: bool,
        extra: Option<Extra<'n>>,
        /// The counters are sown on from the last hole by this sowing, going to no store or
        /// hand ([`resown`]).
        resown: Option<&'n Node>,
        /// Takes that go on after the one of `also`, each of a site under its condition, read
        /// only where the conditions before it held (Dongjintian's `CaptureMove`,
        /// [`next_relay::chain_of`]).
        chain: Vec<(&'n Node, &'n Node)>,
    },
    /// `(set State at:(to) (mover))`: the last hole marked as the mover's.
    Mark,
    /// `(and {(fromTo (from (to)) (to place) count:(min N (count at:(to)))) (set State at:(to)
    /// (state at:(to)))})`: up to N counters of the last hole taken, its mark kept.
    TakeMarked { most: i64, into: &'n Node },
}

/// The extra captures a capture gives: `(set Var N)` (or `(set Var "Name" N)`) with
/// `(moveAgain)` beside the capture, or beside one of its takes under that take's own
/// condition (`only_with`, the site it takes).
#[derive(Clone, Debug)]
struct Extra<'n> {
    var: Option<String>,
    count: i64,
    /// The site of the take the extra captures go with, and its condition.
    only_with: Option<(&'n Node, &'n Node)>,
    node: &'n Node,
}

/// Where a description's captures go: the mover's hand, or the store its map gives the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CapturePlace {
    Hand,
    Store,
    /// Out of the game (`(remove …)`): the family keeps them in the mover's store, which only
    /// an end that reads no score allows.
    Removed,
}

/// A capture's parts: whether it takes the last hole, the other sites it takes, the constant
/// count it takes, and where each of its `fromTo`s puts the counters.
type CaptureParts<'n> = (
    bool,
    Vec<&'n Node>,
    Option<i64>,
    Vec<&'n Node>,
    bool,
    Option<Extra<'n>>,
);

/// The cases of an effect: each a list of conditions (with whether each must hold) and an
/// action.
type Case<'n> = (Vec<(&'n Node, bool)>, Action<'n>);

fn cases<'n>(
    reader: &mut Reader<'_>,
    effect: &'n Node,
    conditions: Vec<(&'n Node, bool)>,
    out: &mut Vec<Case<'n>>,
) {
    match effect.head() {
        // Hoyito's capture that sweeps the board once few counters are left: its capture read
        // as the case, the sweep checked with the captures ([`sweep`]).
        Some("if")
            if effect.arg(1).is_some_and(|a| a.is_call("forEach"))
                && effect.arg(2).is_some_and(|c| capture_of(c).is_some())
                && reader.sweep_all.is_none() =>
        {
            reader.sweep_all = Some(effect.clone());
            if let Some(capture) = effect.arg(2) {
                cases(reader, capture, conditions, out);
            }
        }
        Some("if") => {
            let (Some(condition), Some(then)) = (effect.arg(0), effect.arg(1)) else {
                reader.lack(effect, format!("an (if) without a consequence: {effect}"));
                return;
            };
            let mut yes = conditions.clone();
            yes.push((condition, true));
            cases(reader, then, yes, out);
            if let Some(otherwise) = effect.arg(2) {
                let mut no = conditions;
                no.push((condition, false));
                cases(reader, otherwise, no, out);
            }
        }
        Some("moveAgain") if effect.children().is_empty() => out.push((
            conditions,
            Action::MoveAgain {
                pending: false,
                remembers: false,
            },
        )),
        Some("and") if rounds::has_move_again(effect) && capture_of(effect).is_none() => {
            rounds::move_again_cases(reader, effect, conditions, false, false, out)
        }
        Some("set") if marks_last(effect) => out.push((conditions, Action::Mark)),
        Some("and") if take_marked(effect).is_some() => {
            if let Some((most, into)) = take_marked(effect) {
                out.push((conditions, Action::TakeMarked { most, into }));
            }
        }
        // Tsoro (Reentered Captures)'s takes sown on from the last hole.
        Some("and") if resown::of(effect).is_some() => {
            if let Some((also, sow)) = resown::of(effect) {
                out.push((
                    conditions,
                    Action::Capture {
                        last: false,
                        also,
                        count: None,
                        into: Vec::new(),
                        removed: false,
                        extra: None,
                        resown: Some(sow),
                        chain: Vec::new(),
                    },
                ));
            }
        }
        // Dongjintian's takes that go on alternately after the first.
        Some("and") if capture_of(effect).is_none() && next_relay::chain_of(effect).is_some() => {
            match chain_capture(effect) {
                Some(action) => out.push((conditions, action)),
                None => reader.lack(
                    effect,
                    format!("an effect of a sowing the family does not have: {effect}"),
                ),
            }
        }
        Some("fromTo") | Some("and") | Some("remove") => match capture_of(effect) {
            Some((last, also, count, into, removed, extra)) => {
                if let Some(then) = child(effect, "then") {
                    reader.sweep_then = Some(then.clone());
                }
                out.push((
                    conditions,
                    Action::Capture {
                        last,
                        also,
                        count,
                        into,
                        removed,
                        extra,
                        resown: None,
                        chain: Vec::new(),
                    },
                ));
            }
            None => reader.lack(
                effect,
                format!("an effect of a sowing the family does not have: {effect}"),
            ),
        },
        _ => reader.lack(
            effect,
            format!(
                "an effect of a sowing the family does not have: {}",
                head_of(effect)
            ),
        ),
    }
}

/// A chain of takes ([`next_relay::chain_of`]) whose every take is of a whole site other than
/// the last hole into a store or hand: the capture of its first site, with the others chained.
fn chain_capture(effect: &Node) -> Option<Action<'_>> {
    let (first, links) = next_relay::chain_of(effect)?;
    fn single(take: &Node) -> Option<(&Node, Vec<&Node>)> {
        match capture_of(take)? {
            (false, also, None, into, false, None) if also.len() == 1 => Some((also[0], into)),
            _ => None,
        }
    }
    let (site, mut into) = single(first)?;
    let mut chain = Vec::with_capacity(links.len());
    for (condition, take) in links {
        let (taken, places) = single(take)?;
        chain.push((condition, taken));
        into.extend(places);
    }
    Some(Action::Capture {
        last: false,
        also: vec![site],
        count: None,
        into,
        removed: false,
        extra: None,
        resown: None,
        chain,
    })
}

/// `(set State at:(to) (mover))`.
fn marks_last(effect: &Node) -> bool {
    effect.is_call("set")
        && effect.arg(0).is_some_and(|a| is_symbol(a, "State"))
        && effect.named("at").is_some_and(is_last)
        && effect
            .arg(1)
            .is_some_and(|m| m.is_call("mover") && m.children().is_empty())
        && effect.arg(2).is_none()
}

/// `(to)`.
fn is_last(node: &Node) -> bool {
    node.is_call("to") && node.children().is_empty()
}

/// `(and {(fromTo (from (to)) (to place) count:(min N (count at:(to)))) (set State at:(to)
/// (state at:(to)))})`: N and the place.
fn take_marked(effect: &Node) -> Option<(i64, &Node)> {
    let parts: Vec<&Node> = effect.positional().flat_map(items).collect();
    let [take, keep] = parts.as_slice() else {
        return None;
    };
    let keeps = keep.is_call("set")
        && keep.arg(0).is_some_and(|a| is_symbol(a, "State"))
        && keep.named("at").is_some_and(is_last)
        && keep
            .arg(1)
            .is_some_and(|state| state.is_call("state") && state.named("at").is_some_and(is_last));
    let from_last = child(take, "from")
        .and_then(|f| f.arg(0))
        .is_some_and(is_last);
    let into = child(take, "to").and_then(|t| t.arg(0))?;
    let count = take.named("count")?;
    let most = count
        .is_call("min")
        .then(|| count.arg(0).and_then(Node::as_int))
        .flatten()?;
    let whole = count.arg(1).is_some_and(|c| {
        c.is_call("count") && c.named("at").is_some_and(is_last) && c.arg(0).is_none()
    });
    let to_store = into.is_call("handSite") || into.is_call("mapEntry");
    (take.is_call("fromTo")
        && keeps
        && from_last
        && whole
        && to_store
        && child(take, "then").is_none())
    .then_some((most, into))
}

/// A capture: `(fromTo (from (to)) (to store) count:(count at:(to)))`, possibly with more
/// `fromTo`s of other sites in an `(and …)`; the other sites' expressions and where each
/// `fromTo` puts its counters.
fn capture_of(effect: &Node) -> Option<CaptureParts<'_>> {
    let moves: Vec<&Node> = if effect.is_call("and") {
        effect.positional().flat_map(items).collect()
    } else {
        vec![effect]
    };
    let mut last = false;
    let mut also = Vec::new();
    let mut constant = None;
    let mut into = Vec::new();
    let mut removes = 0;
    let mut again = false;
    let mut set_var = None;
    let mut guarded_extra = None;
    let mut takes = 0;
    for mv in moves {
        if mv.is_call("moveAgain") && mv.children().is_empty() {
            again = true;
            continue;
        }
        if let Some(set) = set_var_of(mv) {
            set_var = Some((set, mv));
            continue;
        }
        let mv = if mv.is_call("if") && mv.arg(2).is_none() {
            // `(if (> (count at:x) 0) (fromTo (from x) …))`: taking nothing from an empty hole
            // is taking what it holds.
            let then = mv.arg(1)?;
            // Msuwa's `(if (< 0 (count at:x)) (and {(remove x) (set Var 2) (moveAgain)}))`:
            // the extra captures only where that take is made.
            match guarded_take(then) {
                Some((take, (var, count))) if guarded_extra.is_none() => {
                    guarded_extra = Some((take, var, count, then, mv.arg(0)?));
                    take
                }
                _ => then,
            }
        } else {
            mv
        };
        takes += 1;
        if let Some(site) = removal_of(mv) {
            removes += 1;
            if site.is_call("to") && site.children().is_empty() {
                last = true;
            } else {
                also.push(site);
            }
            continue;
        }
        // A capture that goes on to something else is not only a capture, but for a sweep
        // of holes after a single take (Wouri's, read with the captures: [`sweep`]).
        let sweeps = child(mv, "then").is_some_and(|then| {
            takes == 1
                && !effect.is_call("and")
                && then.children().len() == 1
                && then.arg(0).is_some_and(|each| each.is_call("forEach"))
        });
        if !mv.is_call("fromTo") || (child(mv, "then").is_some() && !sweeps) {
            return None;
        }
        let from = child(mv, "from")?.arg(0)?;
        let to = child(mv, "to")?.arg(0)?;
        let count = mv.named("count");
        let whole = count.is_some_and(|c| {
            c.is_call("count")
                && c.named("at")
                    .is_some_and(|at| at.to_string() == from.to_string())
        });
        // A constant count (Wari's `count:6`) takes the whole hole where the condition makes
        // the hole hold just that many: checked against the capture's counts.
        let fixed = count.and_then(Node::as_int);
        if fixed.is_some() {
            if constant.is_some_and(|c| Some(c) != fixed) {
                return None;
            }
            constant = fixed;
        }
        let whole = whole || fixed.is_some();
        let into_store = to.is_call("handSite") || to.is_call("mapEntry");
        if !whole || !into_store {
            return None;
        }
        into.push(to);
        if from.is_call("to") && from.children().is_empty() {
            last = true;
        } else {
            also.push(from);
        }
    }
    // Counters taken out of the game or into a store, not both.
    if removes != 0 && removes != takes {
        return None;
    }
    let extra = match (again, set_var, guarded_extra) {
        (false, None, None) => None,
        (true, Some(((var, count), node)), None) => Some(Extra {
            var,
            count,
            only_with: None,
            node,
        }),
        (false, None, Some((take, var, count, node, condition))) => Some(Extra {
            var,
            count,
            only_with: Some((removal_of(take)?, condition)),
            node,
        }),
        _ => return None,
    };
    (last || !also.is_empty()).then_some((last, also, constant, into, removes > 0, extra))
}

/// `(set Var N)` or `(set Var "Name" N)` of a constant: the name (none for `(var)`) and N.
fn set_var_of(node: &Node) -> Option<(Option<String>, i64)> {
    if !node.is_call("set") || !node.arg(0).is_some_and(|a| is_symbol(a, "Var")) {
        return None;
    }
    // Ludii's Undefined is -1.
    let int = |value: &Node| {
        value
            .as_int()
            .or_else(|| is_symbol(value, "Undefined").then_some(UNDEFINED_FLAG))
    };
    match (node.arg(1), node.arg(2)) {
        (Some(value), None) => Some((None, int(value)?)),
        (Some(name), Some(value)) => Some((Some(name.as_str()?.to_string()), int(value)?)),
        _ => None,
    }
}

/// `(remove x)` of a hole's counters, all of them (Ludii empties a site of counters whatever
/// the count, and `count:(count at:x)` says so): x.
fn removal_of(node: &Node) -> Option<&Node> {
    if !node.is_call("remove") || node.children().iter().any(|c| c.is_call("then")) {
        return None;
    }
    let site = node.arg(0)?;
    let whole = match node.named("count") {
        None => true,
        Some(count) => {
            count.is_call("count")
                && count
                    .named("at")
                    .is_some_and(|at| at.to_string() == site.to_string())
        }
    };
    (whole && node.arg(1).is_none()).then_some(site)
}

/// `(and {take (set Var N) (moveAgain)})`, in any order: the take and the variable set.
fn guarded_take(node: &Node) -> Option<(&Node, (Option<String>, i64))> {
    if !node.is_call("and") {
        return None;
    }
    let parts: Vec<&Node> = node.positional().flat_map(items).collect();
    let mut take = None;
    let mut set = None;
    let mut again = false;
    for part in parts {
        if part.is_call("moveAgain") && part.children().is_empty() && !again {
            again = true;
        } else if let Some(found) = set_var_of(part).filter(|_| set.is_none()) {
            set = Some(found);
        } else if removal_of(part).is_some() && take.is_none() {
            take = Some(part);
        } else {
            return None;
        }
    }
    Some((take?, set.filter(|_| again)?))
}

fn read_sow(reader: &mut Reader<'_>, sow: &Node, situation: &Situation<'_>, relay_from_last: bool) {
    let board = situation.board;
    let mut then = None;
    for argument in sow.children() {
        match &argument.kind {
            Kind::Named { key, .. }
                if matches!(
                    key.as_str(),
                    "if" | "apply" | "includeSelf" | "backtracking" | "skipIf"
                ) => {}
            Kind::Str(_) => {}
            Kind::Named { key, value } if key == "owner" && value.is_call("mover") => {}
            Kind::Named { key, value } if key == "origin" && is_symbol(value, "True") => {
                reader.set("sow_into_origin", true, argument);
            }
            Kind::Named { key, value } if key == "origin" && is_symbol(value, "False") => {
                reader.set("sow_into_origin", false, argument);
            }
            _ if argument.is_call("then") && then.is_none() => then = Some(argument),
            _ => reader.lack(
                argument,
                format!("a sowing parameter the family does not have: {argument}"),
            ),
        }
    }
    match sow.named("includeSelf") {
        Some(value) if is_symbol(value, "False") => reader.set("skip_origin", true, value),
        Some(value) if is_symbol(value, "True") => reader.set("skip_origin", false, value),
        Some(value) => reader.lack(value, format!("includeSelf:{value}")),
        None => reader.default("skip_origin", false, sow),
    }
    // Stores in the track: the opponent's must be passed over, as the family's track does.
    let passes_theirs = sow.named("skipIf");
    // Each player's own track may leave the opponent's store out.
    let tracks_leave_theirs_out = situation.tracks.iter().all(|track| {
        track.owner.is_some_and(|player| {
            situation
                .cells
                .get(board.holes + 1 - player)
                .is_some_and(|store| !track.sites.contains(store))
        })
    });
    let passes_theirs = match passes_theirs {
        Some(condition) if !situation.remembered.is_empty() => {
            match rounds::skips(condition, situation, tracks_leave_theirs_out) {
                Some((theirs, out_of_play)) => {
                    reader.skips_out_of_play = out_of_play;
                    theirs.then_some(condition)
                }
                None => {
                    reader.lack(
                        condition,
                        format!("holes a sowing passes over: {condition}"),
                    );
                    return;
                }
            }
        }
        other => other,
    };
    if situation.board.holes < situation.cells.len() && !tracks_leave_theirs_out {
        let skips_theirs = passes_theirs.is_some_and(|condition| {
            (1..=2u8).all(|mover| {
                (0..situation.cells.len()).all(|cell| {
                    let mut context = situation.context(mover);
                    context.to = situation.cells[cell] as i64;
                    let theirs = cell == board.holes + usize::from(2 - mover);
                    context.boolean(condition).ok() == Some(theirs)
                })
            })
        });
        if skips_theirs {
            reader.default("sow_opponents_store", false, sow);
        } else if sows_both_stores(reader, situation) {
            reader.set("sow_opponents_store", true, sow);
        } else {
            reader.lack(
                sow,
                "a sowing into both stores along a track the family does not have",
            );
        }
    } else if let Some(condition) = passes_theirs.filter(|_| situation.remembered.is_empty()) {
        reader.lack(
            condition,
            format!("holes a sowing passes over: {condition}"),
        );
    }
    reader.default("sow_opponents_store", false, sow);
    // Ako Okwe's captures counted in the mover's value: the sowing's captures read at the
    // value the count settles at, without the counting consequence, and the first ones apart.
    let counter = capture_order::counter_of(sow);
    let counting = match counter.map(|then| capture_order::settled(then, situation)) {
        Some(Err(what)) => {
            reader.lack(counter.unwrap_or(sow), what);
            return;
        }
        Some(Ok(counting)) => Some(counting),
        None => None,
    };
    let situation = counting.as_ref().map_or(situation, |(settled, _)| settled);
    let uncounted = counter.and_then(|_| sow.named("apply")).map(|effect| {
        let mut effect = effect.clone();
        if let Kind::Call { args, .. } = &mut effect.kind {
            args.retain(|arg| !arg.is_call("then"));
        }
        effect
    });
    let guard = sow.named("if");
    let mut found: Vec<Case<'_>> = Vec::new();
    if let Some(effect) = uncounted.as_ref().or(sow.named("apply")) {
        let mut conditions = Vec::new();
        if let Some(guard) = guard {
            conditions.push((guard, true));
        }
        cases(reader, effect, conditions, &mut found);
    } else if let Some(guard) = guard {
        reader.lack(
            guard,
            format!("a condition on a sowing without an effect: {guard}"),
        );
    }
    read_effects(reader, sow, &found, situation, relay_from_last);
    match (counter, &counting) {
        (Some(then), Some((settled, values))) => {
            let all = landings(settled, MOST_COUNTED, false, reader.reads_states, None);
            capture_order::read(reader, sow, then, values, settled, &all);
        }
        _ => reader.default("capture_first_counts", "none", sow),
    }
    reader.default("sow_into_origin", false, sow);
    match then {
        Some(then) => match capture_everywhere(reader, sow, then, situation) {
            Some(counts) => {
                let counts = engine::OptionValue::render_value(&sowing::CountSet(counts));
                reader.set("capture_everywhere", true, then);
                reader.set("capture_counts", counts, then);
                reader.set("capture_row", CaptureRow::Any, then);
            }
            None => reader.lack(
                then,
                format!("a sowing parameter the family does not have: {then}"),
            ),
        },
        None => reader.default("capture_everywhere", false, sow),
    }
}

/// The counts a sowing's consequence captures wherever they are after it, read from `(then
/// (forEach Site <every hole> (if <a count> (fromTo (from (site)) (to <the mover's hand or
/// store>) count:(count at:(site))))))` (Oure Ngat's), the sowing making no capture of its
/// own; `None` for any other consequence.
fn capture_everywhere(
    reader: &mut Reader<'_>,
    sow: &Node,
    then: &Node,
    situation: &Situation<'_>,
) -> Option<u128> {
    if sow.named("if").is_some() || sow.named("apply").is_some() || then.children().len() != 1 {
        return None;
    }
    let each = then.arg(0)?;
    if !(each.is_call("forEach") && each.arg(0).is_some_and(|a| is_symbol(a, "Site"))) {
        return None;
    }
    let guarded = each.arg(2)?;
    if !(guarded.is_call("if") && guarded.arg(2).is_none()) {
        return None;
    }
    let (condition, take) = (guarded.arg(0)?, guarded.arg(1)?);
    let site = |n: &Node| n.is_call("site") && n.children().is_empty();
    let whole = take.named("count").is_some_and(|c| {
        c.is_call("count") && c.named("at").is_some_and(site) && c.arg(0).is_none()
    });
    let from = child(take, "from").and_then(|f| f.arg(0)).is_some_and(site);
    let to = child(take, "to").and_then(|t| t.arg(0))?;
    if !(take.is_call("fromTo") && whole && from && child(take, "then").is_none()) {
        return None;
    }
    match capture_place(&[to], situation) {
        Some((place, false)) if reader.capture_place.is_none_or(|p| p == place) => {
            reader.capture_place = Some(place);
        }
        _ => return None,
    }
    // Every hole of the board, and nothing else.
    let holes = &situation.cells[..situation.board.holes];
    let mut every_hole = holes.to_vec();
    every_hole.sort_unstable();
    let mut counts = None;
    for mover in 1..=2u8 {
        let mut sites = situation.context(mover).sites(each.arg(1)?).ok()?;
        sites.sort_unstable();
        sites.dedup();
        if sites != every_hole {
            return None;
        }
        // Which counts are captured, the same at every hole for either mover.
        for &cell in holes {
            let mut set = 0u128;
            for count in 0..=MOST_COUNTED {
                let mut context = situation.context(mover);
                context.site = cell as i64;
                context.counts[cell] = count;
                if context.boolean(condition).ok()? {
                    set |= 1 << count;
                }
            }
            if counts.is_some_and(|c| c != set) {
                return None;
            }
            counts = Some(set);
        }
    }
    counts.filter(|&c| c != 0 && c & 1 == 0 && c >> MOST_COUNTED == 0)
}

/// The largest count a capture set holds.
const MOST_COUNTED: i64 = 127;

/// A situation after a sowing: the mover, the last site, the count there, the count facing it.
#[derive(Clone, Copy)]
struct Landing {
    mover: u8,
    cell: usize,
    count: i64,
    facing: i64,
    /// The last hole's state: unmarked (0), or marked by player 1 or 2.
    state: i64,
    /// The count of the hole after the last one, where the sowing reads it
    /// ([`next_relay`]); the facing hole's where the two are one.
    next: i64,
    /// Ludii's site of that hole, or `usize::MAX` where the sowing does not read it.
    next_site: usize,
}

/// Whether the family captures a landing's hole on `row` for its mover, whatever the count.
fn row_holds(row: CaptureRow, board: &Board, l: Landing) -> bool {
    let mover = l.mover - 1;
    match row {
        CaptureRow::Opponent => board.owner(l.cell) != mover,
        CaptureRow::Own => board.owner(l.cell) == mover,
        CaptureRow::Any => true,
        CaptureRow::OpponentAndOwnEnd => {
            board.owner(l.cell) != mover || l.cell == board.row_end(mover)
        }
    }
}

/// Every landing with up to `most` counters in the last hole, unmarked or, where the sowing
/// reads the states (`states`), marked by either player; where it reads the hole after the last
/// along the mover's track `next_way`, with that hole empty and holding counters.
fn landings(
    situation: &Situation<'_>,
    most: i64,
    theirs_sown: bool,
    states: bool,
    next_way: Option<u8>,
) -> Vec<Landing> {
    let states: &[i64] = if states { &[0, 1, 2] } else { &[0] };
    let board = situation.board;
    let mut all = Vec::new();
    for mover in 1..=2u8 {
        for cell in 0..situation.cells.len() {
            // A sowing passes over the opponent's store, where it is not sown: it never ends
            // there.
            if cell == situation.board.holes + usize::from(2 - mover) && !theirs_sown {
                continue;
            }
            // The last hole holds at least the last counter.
            for count in 1..=most {
                // A facing hole of one counter tells apart a capture across one that is not
                // empty from one of more (Yovodji's).
                for facing in [0i64, 1, 3] {
                    for &state in states {
                        let landing = Landing {
                            mover,
                            cell,
                            count,
                            facing,
                            state,
                            next: 0,
                            next_site: usize::MAX,
                        };
                        let Some(way) = next_way else {
                            all.push(landing);
                            continue;
                        };
                        let next = next_relay::hole_after(board, mover - 1, way, cell);
                        let facing_cell = (cell < board.holes
                            && board.has_opposite >> cell & 1 == 1)
                            .then(|| usize::from(board.opposite[cell]));
                        let next_site = situation.cells[next];
                        if facing_cell == Some(next) {
                            all.push(Landing {
                                next: facing,
                                next_site,
                                ..landing
                            });
                        } else if next != cell {
                            for held in [0, 2] {
                                all.push(Landing {
                                    next: held,
                                    next_site,
                                    ..landing
                                });
                            }
                        } else {
                            all.push(landing);
                        }
                    }
                }
            }
        }
    }
    all
}

fn holds(
    conditions: &[(&Node, bool)],
    landing: Landing,
    situation: &Situation<'_>,
) -> Result<bool, Unknown> {
    let context = landing_context(landing, situation);
    for (condition, wanted) in conditions {
        if context.boolean(condition)? != *wanted {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The context a sowing's effect is evaluated in at `landing`: the last hole's count and
/// state, the facing hole's and the next hole's where the landing gives them.
fn landing_context<'a>(landing: Landing, situation: &Situation<'a>) -> Context<'a> {
    let mut context = rounds::owning_context(situation, landing.mover);
    let board = situation.board;
    let site = situation.cells[landing.cell];
    context.counts[site] = landing.count;
    if landing.state != 0 {
        context.states = vec![0; context.counts.len()];
        context.states[site] = landing.state;
    }
    if landing.cell < board.holes && board.has_opposite >> landing.cell & 1 == 1 {
        let facing = situation.cells[usize::from(board.opposite[landing.cell])];
        context.counts[facing] = landing.facing;
    }
    if landing.next_site != usize::MAX {
        context.counts[landing.next_site] = landing.next;
    }
    context.to = site as i64;
    context
}

fn read_effects(
    reader: &mut Reader<'_>,
    sow: &Node,
    found: &[Case<'_>],
    situation: &Situation<'_>,
    relay_from_last: bool,
) {
    let board = situation.board;
    // A hole holds at most every counter of the game, and the family's counts stop at 127.
    let listed: Option<i64> = reader.reading.get("start_counts").and_then(|read| {
        (read.value != "uniform").then(|| {
            read.value
                .split(',')
                .filter_map(|c| c.trim().parse::<i64>().ok())
                .sum()
        })
    });
    let counters = listed.unwrap_or_else(|| {
        reader
            .reading
            .get("seeds")
            .and_then(|read| read.value.parse::<i64>().ok())
            .map_or(MOST_COUNTED, |seeds| seeds * board.holes as i64)
    });
    let most = counters.clamp(1, MOST_COUNTED);
    let theirs_sown = reader
        .reading
        .get("sow_opponents_store")
        .is_some_and(|read| read.value == "true");
    // Where the sowing or the turn that goes on reads the hole after the last, the landings
    // are tried with it empty and holding counters, along the sowing's way.
    let reads_next = reader.relay_next.is_some() || next_relay::reads_track(sow);
    let next_way = if reads_next {
        way_of(reader, sow, situation)
    } else {
        None
    };
    if let Some(site) = reader.relay_next.clone() {
        let own_store = reader
            .reading
            .get("stores_in_track")
            .is_some_and(|read| read.value == "true");
        let after =
            next_way.is_some_and(|way| next_relay::is_hole_after(&site, situation, way, own_store));
        if !after {
            reader.lack(
                &site,
                format!("a turn that goes on from a hole other than the last or the one after it: {site}"),
            );
            return;
        }
    }
    let mut all = landings(situation, most, theirs_sown, reader.reads_states, next_way);
    // The relay that asks about the next hole, once read, and what a next hole found empty
    // gives.
    let mut next_relay: Option<Relay> = None;
    let mut next_empty = sowing::NextEmptyCapture::Off;
    // Its takes going on alternately: how many, and the condition of the first.
    let mut next_empty_chain: Option<(usize, &Node)> = None;
    let mut mark: Option<(i64, sowing::MarkHoles)> = None;
    let mut mark_node = None;
    let mut take_node = None;
    let mut marked_takes = 0i64;
    let mut relay = false;
    let mut extra_turn = false;
    let mut counts = 0u128;
    let mut rows: Option<CaptureRow> = None;
    let mut takes = None;
    let mut empty_capture = EmptyHoleCapture::Off;
    let mut any_count_across = false;
    // The sowing that sows on what a capture across takes (`capture_across_resown`).
    let mut resown_node: Option<&Node> = None;
    // The capture across made from an occupied hole alone (`capture_across_occupied`).
    let mut occupied_across = false;
    let mut either_row_across = false;
    let mut theirs_to_owner = false;
    let mut fewest_facing = 1i64;
    let mut capture_node = None;
    let mut extra_found: Option<(Extra<'_>, ExtraCaptureAfter)> = None;
    // Where an earlier case captures; a last hole that the capture of the holes sown takes
    // plays none of the cases.
    let sown_takes = |l: &Landing| {
        l.cell < board.holes && (0..128).contains(&l.count) && reader.sown_last >> l.count & 1 == 1
    };
    let sown_taken: Vec<bool> = all.iter().map(sown_takes).collect();
    let mut captured = sown_taken.clone();
    for (index, (conditions, action)) in found.iter().enumerate() {
        let mut table = Vec::with_capacity(all.len());
        for &landing in &all {
            match holds(conditions, landing, situation) {
                Ok(value) => table.push(value),
                Err(error) => {
                    let at = conditions.last().map_or(sow, |c| c.0);
                    reader.unknown(at, error, "a condition after a sowing");
                    return;
                }
            }
        }
        let node = conditions.last().map_or(sow, |c| c.0);
        if sown_taken.len() == table.len() && sown_taken.iter().zip(&table).any(|(&s, &t)| s && t) {
            reader.lack(
                node,
                "an effect of a last hole that the capture of the holes sown takes",
            );
            return;
        }
        let when =
            |test: &dyn Fn(Landing) -> bool| all.iter().zip(&table).all(|(&l, &t)| t == test(l));
        // Yovodji relays from a hole left holding more than one counter where no capture was
        // made, as the family's relay does.
        let uncaptured_occupied = || {
            all.iter()
                .zip(&table)
                .zip(&captured)
                .all(|((&l, &t), &c)| t == (l.cell < board.holes && l.count > 1 && !c))
        };
        match action {
            // A move again that no landing makes gives none.
            Action::MoveAgain { .. } if table.iter().all(|&t| !t) => {
                reader.never_again = true;
            }
            Action::MoveAgain { pending, remembers }
                if next_way.is_some()
                    && relay_from_last
                    && next_relay.is_none()
                    && !*pending
                    && !*remembers
                    && next_relay::relay_of(reader.relay_next.is_some(), board, &all, &table)
                        .is_some() =>
            {
                let from_next = reader.relay_next.is_some();
                let Some(found) = next_relay::relay_of(from_next, board, &all, &table) else {
                    continue;
                };
                // The family relays before any capture: no earlier case may take there.
                if all
                    .iter()
                    .zip(&table)
                    .zip(&captured)
                    .any(|((_, &t), &c)| t && c)
                {
                    reader.lack(
                        node,
                        "a turn that goes on after a capture in the same sowing",
                    );
                    return;
                }
                next_relay = Some(found);
                relay = true;
                // The later cases are read where the turn does not go on.
                let kept: Vec<bool> = table.iter().map(|&t| !t).collect();
                let mut keep = kept.iter();
                all.retain(|_| *keep.next().unwrap_or(&true));
                let mut keep = kept.iter();
                captured.retain(|_| *keep.next().unwrap_or(&true));
            }
            Action::MoveAgain { .. } if reader.relay_next.is_some() => {
                reader.lack(
                    node,
                    "another move from the hole after the last under a condition the family does not have",
                );
                return;
            }
            Action::MoveAgain { pending, remembers } => {
                let own_store = |l: Landing| l.cell == board.holes + usize::from(l.mover - 1);
                let occupied = |l: Landing| l.cell < board.holes && l.count > 1;
                // Where the next move lifts a remembered hole, the flags say which move
                // follows: the relay from the hole remembered, or a free choice.
                if let Some(when_pending) = reader.relay_when_pending {
                    let relays = *pending == when_pending;
                    if relays && *remembers && when(&occupied) {
                        relay = true;
                    } else if !relays && when(&own_store) && board.holes < situation.cells.len() {
                        extra_turn = true;
                    } else {
                        reader.lack(
                            node,
                            "another move under a condition the family does not have",
                        );
                        return;
                    }
                    continue;
                }
                if reader.relay_var.is_some() {
                    // The family's relay: from an unmarked hole left holding more than one
                    // counter where nothing was marked or captured, the hole remembered.
                    let relays = |l: Landing| l.cell < board.holes && l.count > 1 && l.state == 0;
                    let exactly = all
                        .iter()
                        .zip(&table)
                        .zip(&captured)
                        .all(|((&l, &t), &c)| t == (relays(l) && !c));
                    if *remembers && !*pending && exactly {
                        relay = true;
                        continue;
                    }
                    reader.lack(
                        node,
                        "another move from a remembered hole under a condition the family does not have",
                    );
                    return;
                }
                if *pending || *remembers {
                    reader.lack(node, "a hole remembered for a move that does not lift it");
                    return;
                }
                if when(&own_store) && board.holes < situation.cells.len() {
                    extra_turn = true;
                } else if relay_from_last
                    && (when(&occupied)
                        || when(&|l: Landing| !own_store(l) && occupied(l))
                        || uncaptured_occupied())
                {
                    relay = true;
                } else {
                    reader.lack(
                        node,
                        "another move under a condition the family does not have",
                    );
                    return;
                }
            }
            Action::Mark => {
                // A count made in an unmarked hole, of the opponent's or of anyone's.
                let counts: std::collections::BTreeSet<i64> = all
                    .iter()
                    .zip(&table)
                    .filter(|&(_, &t)| t)
                    .map(|(l, _)| l.count)
                    .collect();
                let markable = |l: Landing, holes: sowing::MarkHoles| {
                    holes == sowing::MarkHoles::Any || board.owner(l.cell) != l.mover - 1
                };
                let found = match counts.iter().copied().collect::<Vec<_>>().as_slice() {
                    [count] if (1..=64).contains(count) && mark.is_none() => {
                        [sowing::MarkHoles::Opponent, sowing::MarkHoles::Any]
                            .into_iter()
                            .find(|&holes| {
                                when(&|l: Landing| {
                                    l.cell < board.holes
                                        && l.state == 0
                                        && l.count == *count
                                        && markable(l, holes)
                                })
                            })
                            .map(|holes| (*count, holes))
                    }
                    _ => None,
                };
                let Some(found) = found else {
                    reader.lack(
                        node,
                        "a mark other than of a hole not yet marked that the last counter makes a count in",
                    );
                    return;
                };
                mark = Some(found);
                mark_node = Some(node);
                for (made, &t) in captured.iter_mut().zip(&table) {
                    *made |= t;
                }
            }
            Action::TakeMarked { most, into } => {
                let place = capture_place(std::slice::from_ref(into), situation);
                let fits = matches!(place, Some((place, false)) if reader.capture_place.is_none_or(|p| p == place));
                let theirs = |l: Landing| {
                    l.cell < board.holes && l.state == i64::from(3 - l.mover) && l.count > 1
                };
                if !(fits && (1..=64).contains(most) && when(&theirs)) {
                    reader.lack(
                        node,
                        "a take from a marked hole other than the mover's from the opponent's mark of more than one counter",
                    );
                    return;
                }
                if let Some((place, _)) = place {
                    reader.capture_place = Some(place);
                }
                marked_takes = *most;
                take_node = Some(node);
                for (made, &t) in captured.iter_mut().zip(&table) {
                    *made |= t;
                }
            }
            Action::Capture {
                last,
                also,
                count,
                into,
                removed,
                extra,
                resown,
                chain,
            } => {
                if let Some(resow) = resown {
                    if !resown::same_track(resow, sow) || resown_node.is_some() {
                        reader.lack(
                            resow,
                            "a capture sown on along another track than the move's, or twice",
                        );
                        return;
                    }
                    resown_node = Some(*resow);
                }
                // A take from a next hole found empty, where the relay asks about it.
                let empty_take = match (next_relay, next_way, also.as_slice()) {
                    (Some(relay), Some(way), [taken])
                        if !*last && count.is_none() && extra.is_none() =>
                    {
                        if chain.is_empty() {
                            next_relay::empty_capture_of(taken, relay, way, situation, &all, &table)
                        } else {
                            match next_relay::chain_takes_as_family(
                                conditions,
                                (taken, chain),
                                relay,
                                way,
                                situation,
                                &all,
                                &table,
                            ) {
                                Ok(true) => {
                                    next_empty_chain = Some((chain.len(), chain[0].0));
                                    Some(sowing::NextEmptyCapture::AfterNext)
                                }
                                Ok(false) => {
                                    reader.lack(
                                        chain[0].0,
                                        "takes after the hole after an empty next one other than alternately over an empty hole to an occupied one, within a lap",
                                    );
                                    return;
                                }
                                Err(error) => {
                                    reader.unknown(chain[0].0, error, "a chain of takes");
                                    return;
                                }
                            }
                        }
                    }
                    _ => None,
                };
                if let Some(kind) = empty_take {
                    let place = if *removed {
                        Some((CapturePlace::Removed, false))
                    } else {
                        capture_place(into, situation)
                    };
                    match place {
                        Some((place, false)) if reader.capture_place.is_none_or(|p| p == place) => {
                            reader.capture_place = Some(place);
                        }
                        _ => {
                            reader.lack(
                                node,
                                "a capture into a place other than the mover's hand or its store, the same for every capture",
                            );
                            return;
                        }
                    }
                    next_empty = kind;
                    capture_node = Some(node);
                    // The turn ends there: the later cases are read elsewhere. A chain's first
                    // take is made where its hole holds counters, and the family's ends the
                    // turn there even where it takes nothing: no later case may act there.
                    let ends = |l: &Landing| {
                        next_relay::last_holds(next_relay.unwrap_or(Relay::Off), board, *l)
                            && l.next == 0
                    };
                    let kept: Vec<bool> = if chain.is_empty() {
                        table.iter().map(|&t| !t).collect()
                    } else {
                        all.iter().map(|l| !ends(l)).collect()
                    };
                    for ((&l, &t), &k) in all.iter().zip(&table).zip(&kept) {
                        if t || k {
                            continue;
                        }
                        for (later, _) in &found[index + 1..] {
                            if holds(later, l, situation).unwrap_or(true) {
                                reader.lack(
                                    node,
                                    "a case after a chain of takes where its first hole is empty",
                                );
                                return;
                            }
                        }
                    }
                    let mut keep = kept.iter();
                    all.retain(|_| *keep.next().unwrap_or(&true));
                    let mut keep = kept.iter();
                    captured.retain(|_| *keep.next().unwrap_or(&true));
                    continue;
                }
                if !chain.is_empty() {
                    reader.lack(
                        node,
                        "a chain of takes other than after the hole after an empty next one",
                    );
                    return;
                }
                // Pallankuli's take of the hole after an empty last hole.
                let next_take = match (next_way, also.as_slice()) {
                    (Some(way), [taken]) if !*last && count.is_none() && extra.is_none() => {
                        next_take::next_take_of(taken, way, situation, &all, &table)
                    }
                    _ => None,
                };
                capture_node = Some(node);
                for (made, &t) in captured.iter_mut().zip(&table) {
                    *made |= t;
                }
                if let Some(either) = next_take {
                    let place = if *removed {
                        Some((CapturePlace::Removed, false))
                    } else {
                        capture_place(into, situation)
                    };
                    match place {
                        Some((place, false))
                            if reader.capture_place.is_none_or(|p| p == place)
                                && empty_capture == EmptyHoleCapture::Off =>
                        {
                            reader.capture_place = Some(place);
                        }
                        _ => {
                            reader.lack(
                                node,
                                "a take of the hole after the last into a place other than the mover's hand or its store, the same for every capture, or beside a capture across",
                            );
                            return;
                        }
                    }
                    empty_capture = EmptyHoleCapture::Next;
                    either_row_across = either;
                    continue;
                }
                // Counters sown on go to no player's captures: as out of the game, which only
                // an end that reads no score allows.
                let place = if *removed || resown.is_some() {
                    Some((CapturePlace::Removed, false))
                } else {
                    capture_place(into, situation)
                };
                if extra.is_some() && (!*removed || extra_found.is_some()) {
                    reader.lack(
                        node,
                        "extra captures after a capture into a store or hand, or after two captures",
                    );
                    return;
                }
                let to_opponent = match place {
                    Some((place, to_opponent))
                        if reader.capture_place.is_none_or(|p| p == place) =>
                    {
                        reader.capture_place = Some(place);
                        to_opponent
                    }
                    _ => {
                        reader.lack(
                            node,
                            "a capture into a place other than the mover's hand or its store, the same for every capture",
                        );
                        return;
                    }
                };
                // Only where the capture is made must the other site be the facing hole.
                let made: Vec<(u8, usize)> = all
                    .iter()
                    .zip(&table)
                    .filter(|(l, t)| **t && l.cell < board.holes)
                    .map(|(l, _)| (l.mover, l.cell))
                    .collect();
                let mut column = false;
                let takes_facing = match also.as_slice() {
                    [] => false,
                    [site] if faces(site, situation, &made, false) => true,
                    [inner, outer]
                        if board.rows == 4
                            && faces(inner, situation, &made, false)
                            && faces(outer, situation, &made, true) =>
                    {
                        column = true;
                        true
                    }
                    _ => {
                        reader.lack(
                            node,
                            "a capture of other holes than the last and the one facing it",
                        );
                        return;
                    }
                };
                // Kalah's capture: an own hole made one, facing a hole with counters. Whether it
                // is made when the facing hole is empty does not matter: it takes nothing.
                // The rows a capture across is made on: one's own, the opponent's, or either.
                const OWN: u8 = 1;
                const THEIRS: u8 = 2;
                // Made from an empty hole (`EMPTY`), whatever the hole held (`ANY`), or from an
                // occupied hole alone (`OCCUPIED`, Nsolo's).
                const EMPTY: u8 = 0;
                const ANY: u8 = 1;
                const OCCUPIED: u8 = 2;
                let across = |l: Landing, held: u8, rows: u8| {
                    let row = if board.owner(l.cell) == l.mover - 1 {
                        OWN
                    } else {
                        THEIRS
                    };
                    let count = match held {
                        EMPTY => l.count == 1,
                        ANY => true,
                        _ => l.count > 1,
                    };
                    l.cell < board.holes
                        && rows & row != 0
                        && board.has_opposite >> l.cell & 1 == 1
                        && count
                };
                // The fewest counters the facing hole holds for the capture: any (Kalah's), or
                // two (Yovodji's).
                let kalah_like_facing = |held: u8, rows: u8, fewest: i64| {
                    let strict = |l: Landing| across(l, held, rows) && l.facing >= fewest;
                    let when_facing = !*last
                        && all.iter().zip(&table).all(|(&l, &t)| {
                            l.facing == 0 || t == (across(l, held, rows) && l.facing >= fewest)
                        });
                    when(&strict) || when_facing
                };
                let fewest = [1, 2]
                    .into_iter()
                    .find(|&fewest| {
                        [
                            (EMPTY, OWN),
                            (ANY, OWN),
                            (OCCUPIED, OWN),
                            (EMPTY, THEIRS),
                            (EMPTY, OWN | THEIRS),
                        ]
                        .into_iter()
                        .any(|(any, rows)| kalah_like_facing(any, rows, fewest))
                    })
                    .unwrap_or(1);
                let kalah_like = |held: u8, rows: u8| kalah_like_facing(held, rows, fewest);
                if to_opponent {
                    // Yovodi's: an empty hole of the opponent's row gives the opponent the
                    // counters facing it.
                    if takes_facing
                        && !column
                        && count.is_none()
                        && board.rows == 2
                        && kalah_like(EMPTY, THEIRS)
                    {
                        theirs_to_owner = true;
                        fewest_facing = fewest;
                        continue;
                    }
                    reader.lack(
                        node,
                        "a capture for the opponent other than across from an empty hole of its row",
                    );
                    return;
                }
                // Moruba's capture across is made whatever the last hole holds; French Wari's
                // from an empty hole of either row.
                let any_count = !kalah_like(EMPTY, OWN) && !*last && kalah_like(ANY, OWN);
                let either_row = !kalah_like(EMPTY, OWN)
                    && !any_count
                    && board.rows == 2
                    && kalah_like(EMPTY, OWN | THEIRS);
                // Nsolo's from an occupied hole of one's inner row, before its relay.
                let occupied = !kalah_like(EMPTY, OWN)
                    && !any_count
                    && !either_row
                    && !*last
                    && column
                    && kalah_like(OCCUPIED, OWN);
                // Dabuda takes `count:1` from the last hole, which the capture across needs
                // to hold that one counter alone: the whole hole.
                let whole_last = count.is_none() || (*count == Some(1) && *last && !any_count);
                if takes_facing
                    && (kalah_like(EMPTY, OWN) || any_count || either_row || occupied)
                    && whole_last
                {
                    any_count_across = any_count;
                    occupied_across = occupied;
                    either_row_across = either_row;
                    fewest_facing = fewest;
                    empty_capture = match (*last, column) {
                        (false, true) => EmptyHoleCapture::OppositeColumn,
                        (true, false) => EmptyHoleCapture::OppositeAndLast,
                        (false, false) => EmptyHoleCapture::Opposite,
                        (true, true) => {
                            reader
                                .lack(node, "a capture of the last hole and the column facing it");
                            return;
                        }
                    };
                    if let Some(extra) = extra {
                        // The extra captures follow a capture only where one is made, or
                        // (Tshuba's, each take under its own `(> (count at:…) 0)`) wherever
                        // the last hole is one to capture across from, whatever faces it: the
                        // capture made from a facing hole of no counters.
                        let rows = if either_row { OWN | THEIRS } else { OWN };
                        let held = if any_count {
                            ANY
                        } else if occupied {
                            OCCUPIED
                        } else {
                            EMPTY
                        };
                        let made_only = |l: Landing| across(l, held, rows) && l.facing >= fewest;
                        let made_always = |l: Landing| across(l, held, rows);
                        if !when(&made_only) && fewest == 1 && when(&made_always) {
                            fewest_facing = 0;
                        } else if !when(&made_only) {
                            reader.lack(
                                extra.node,
                                "extra captures after a capture across made where nothing faces the last hole",
                            );
                            return;
                        }
                        let Some(after) = extra_after(extra, column, situation, &made) else {
                            reader.lack(
                                extra.node,
                                format!(
                                    "extra captures on a condition the family does not have: {}",
                                    extra.node
                                ),
                            );
                            return;
                        };
                        extra_found = Some((extra.clone(), after));
                    }
                    continue;
                }
                if let Some(extra) = extra {
                    reader.lack(
                        extra.node,
                        "extra captures after a capture other than across",
                    );
                    return;
                }
                if column {
                    reader.lack(
                        node,
                        "a capture of the column facing the last hole other than Kalah's",
                    );
                    return;
                }
                // Otherwise a set of counts on a row, whatever faces it.
                let mut own = 0u128;
                let mut theirs = 0u128;
                // The counts captured in the last hole of one's own row (Kara's
                // `RightHole`), where the round has such a hole, and in one's others.
                let round_of_two = board.rows == 2 && !board.given;
                let mut own_end = 0u128;
                for (&l, &t) in all.iter().zip(&table) {
                    if !t {
                        continue;
                    }
                    if l.cell >= board.holes || !(1..128).contains(&l.count) {
                        reader.lack(node, "a capture in a store, or of no counters");
                        return;
                    }
                    if board.owner(l.cell) != l.mover - 1 {
                        theirs |= 1 << l.count;
                    } else if round_of_two && l.cell == board.row_end(l.mover - 1) {
                        own_end |= 1 << l.count;
                    } else {
                        own |= 1 << l.count;
                    }
                }
                if own == 0 && own_end != 0 && own_end == theirs {
                    own = own_end;
                } else {
                    own |= own_end;
                    own_end = 0;
                }
                let row = match (own, theirs) {
                    _ if own_end != 0 => CaptureRow::OpponentAndOwnEnd,
                    (0, t) if t != 0 => CaptureRow::Opponent,
                    (o, 0) if o != 0 => CaptureRow::Own,
                    (o, t) if o == t => CaptureRow::Any,
                    _ => {
                        reader.lack(node, "captures of different counts on the two rows");
                        return;
                    }
                };
                let set = own | theirs;
                let expected = |l: Landing| {
                    l.cell < board.holes
                        && set >> l.count.clamp(0, 127) & 1 == 1
                        && l.count < 128
                        && row_holds(row, board, l)
                };
                if !when(&expected) {
                    reader.lack(
                        node,
                        "a capture condition that is not a set of counts on a row",
                    );
                    return;
                }
                if rows.is_some() {
                    reader.lack(node, "two captures of counts in one sowing");
                    return;
                }
                if let Some(fixed) = count
                    && u32::try_from(*fixed)
                        .ok()
                        .and_then(|f| 1u128.checked_shl(f))
                        != Some(set)
                {
                    reader.lack(
                        node,
                        format!(
                            "a capture of {fixed} counters from holes that may hold another count"
                        ),
                    );
                    return;
                }
                if counters > MOST_COUNTED && set >> MOST_COUNTED & 1 == 1 {
                    reader.lack(node, format!("a capture of counts above {MOST_COUNTED}"));
                    return;
                }
                counts = set;
                rows = Some(row);
                takes = Some(match (*last, takes_facing) {
                    (true, false) => CaptureTakes::Last,
                    (true, true) => CaptureTakes::LastAndOpposite,
                    (false, true) => CaptureTakes::Opposite,
                    (false, false) => {
                        reader.lack(
                            node,
                            "a capture that takes neither the last hole nor the one facing it",
                        );
                        return;
                    }
                });
            }
        }
    }
    let at = capture_node.unwrap_or(sow);
    let count_set = sowing::CountSet(counts);
    reader.set_or_default(
        "capture_counts",
        engine::OptionValue::render_value(&count_set),
        at,
        rows.is_some(),
    );
    reader.set_or_default(
        "capture_row",
        rows.unwrap_or(CaptureRow::Opponent),
        at,
        rows.is_some(),
    );
    reader.set_or_default(
        "capture_takes",
        takes.unwrap_or(CaptureTakes::Last),
        at,
        rows.is_some(),
    );
    reader.set_or_default(
        "empty_hole_capture",
        empty_capture,
        at,
        empty_capture != EmptyHoleCapture::Off,
    );
    reader.set_or_default(
        "capture_across_fewest",
        fewest_facing,
        at,
        fewest_facing != 1,
    );
    reader.set_or_default(
        "capture_across_any_count",
        any_count_across,
        at,
        any_count_across,
    );
    if resown_node.is_some() && empty_capture != EmptyHoleCapture::OppositeColumn {
        reader.lack(
            at,
            "a capture sown on from the last hole other than of the column across from an empty hole",
        );
        return;
    }
    reader.set_or_default(
        "capture_across_occupied",
        occupied_across,
        at,
        occupied_across,
    );
    reader.set_or_default(
        "capture_across_resown",
        resown_node.is_some(),
        resown_node.unwrap_or(at),
        resown_node.is_some(),
    );
    let across_row = match (theirs_to_owner, either_row_across) {
        (false, false) => CaptureAcrossRow::Own,
        (false, true) => CaptureAcrossRow::Either,
        (true, false) if empty_capture == EmptyHoleCapture::Opposite && !any_count_across => {
            CaptureAcrossRow::EitherToOwner
        }
        (true, _) => {
            reader.lack(
                at,
                "a capture across for the opponent without the mover's own capture across",
            );
            return;
        }
    };
    reader.set_or_default(
        "capture_across_row",
        across_row,
        at,
        across_row != CaptureAcrossRow::Own,
    );
    read_extra_captures(reader, extra_found, sow);
    if !sweep::read_sweeps(reader, situation, rows, takes, sow) {
        return;
    }
    let at_mark = mark_node.unwrap_or(sow);
    reader.set_or_default(
        "mark_count",
        mark.map_or(0, |m| m.0),
        at_mark,
        mark.is_some(),
    );
    reader.set_or_default(
        "mark_holes",
        mark.map_or(sowing::MarkHoles::Opponent, |m| m.1),
        at_mark,
        mark.is_some(),
    );
    reader.set_or_default(
        "marked_takes",
        marked_takes,
        take_node.unwrap_or(at_mark),
        marked_takes > 0,
    );
    if marked_takes > 0 && mark.is_none() {
        reader.lack(sow, "a take from marked holes where no hole is marked");
        return;
    }
    reader.set_or_default("extra_turn_in_store", extra_turn, sow, extra_turn);
    reader.set_or_default(
        "relay",
        match (relay, next_relay) {
            (_, Some(found)) => found,
            (true, None) => Relay::Occupied,
            (false, None) => Relay::Off,
        },
        sow,
        relay,
    );
    reader.set_or_default(
        "next_empty_capture",
        next_empty,
        capture_node.unwrap_or(sow),
        next_empty != sowing::NextEmptyCapture::Off,
    );
    match next_empty_chain {
        Some((links, at)) => match u8::try_from(links) {
            Ok(links) => reader.set("next_empty_capture_chain", links, at),
            Err(_) => {
                reader.lack(at, "a chain of more than 255 takes");
                return;
            }
        },
        None => reader.default("next_empty_capture_chain", 0, sow),
    }
    let backtracking = sow.named("backtracking");
    match backtracking.map(|value| never_walks_back(reader, value, situation, &all)) {
        Some(Ok(true)) => {
            reader.set("capture_chain", false, backtracking.unwrap_or(sow));
            return finish_relay(reader, sow, relay_from_last, relay);
        }
        Some(Err(error)) => {
            reader.unknown(backtracking.unwrap_or(sow), error, "a backward chain");
            return;
        }
        Some(Ok(false)) | None => {}
    }
    match (backtracking, rows) {
        (None, _) => reader.default("capture_chain", false, sow),
        (Some(value), Some(row)) => {
            // Ludii walks back while the sowing's condition (`if:`) and the backtracking
            // condition hold, at the hole it leaves and the one it reaches, making there
            // whatever capture the effect makes: the family's chain when together they hold
            // exactly where a capture is made, and nowhere else.
            let mut conditions: Vec<(&Node, bool)> = vec![(value, true)];
            if let Some(guard) = sow.named("if") {
                conditions.push((guard, true));
            }
            let capturable = |l: Landing| {
                l.cell < board.holes
                    && counts >> l.count.clamp(0, MOST_COUNTED) & 1 == 1
                    && row_holds(row, board, l)
            };
            let mut same = true;
            for &landing in &all {
                match holds(&conditions, landing, situation) {
                    Ok(value) => same &= value == capturable(landing),
                    Err(error) => {
                        reader.unknown(value, error, "a backward chain");
                        return;
                    }
                }
            }
            if same {
                reader.set("capture_chain", true, value);
            } else {
                reader.lack(
                    value,
                    format!(
                        "a backward chain that goes on where no capture is made, or stops where one is: {value}"
                    ),
                );
            }
        }
        (Some(value), None) => reader.lack(
            value,
            format!("a backward chain without a capture of counts: {value}"),
        ),
    }
    finish_relay(reader, sow, relay_from_last, relay);
}

/// Which capture across gives the extra captures: every one, or (`only_with` the outer hole's
/// take, on its condition that the outer hole holds counters) only one that takes the whole
/// column; `None` otherwise.
fn extra_after(
    extra: &Extra<'_>,
    column: bool,
    situation: &Situation<'_>,
    made: &[(u8, usize)],
) -> Option<ExtraCaptureAfter> {
    let Some((site, condition)) = extra.only_with else {
        return Some(ExtraCaptureAfter::Across);
    };
    let board = situation.board;
    let outer_when = made.iter().all(|&(mover, cell)| {
        let outer = situation.cells[usize::from(board.opposite_outer[cell])];
        [0i64, 1, 3].iter().all(|&held| {
            let mut context = situation.context(mover);
            context.to = situation.cells[cell] as i64;
            context.counts[outer] = held;
            context.boolean(condition).ok() == Some(held > 0)
        })
    });
    (column && faces(site, situation, made, true) && outer_when)
        .then_some(ExtraCaptureAfter::Column)
}

/// The extra captures a capture gives, checked against the move that makes them
/// ([`extra_capture_branch`]): the variable it counts down must be the one the capture sets.
fn read_extra_captures(
    reader: &mut Reader<'_>,
    found: Option<(Extra<'_>, ExtraCaptureAfter)>,
    sow: &Node,
) {
    match (found, reader.extra_var.clone()) {
        (None, None) => {
            reader.default("extra_captures", 0, sow);
            reader.default("extra_capture_after", ExtraCaptureAfter::Across, sow);
        }
        (Some((extra, after)), Some(var))
            if var == extra.var
                && if reader.extra_undefined {
                    extra.count == UNDEFINED_FLAG
                } else {
                    (1..=8).contains(&extra.count)
                        && reader.extra_flag.is_none_or(|_| extra.count == 1)
                } =>
        {
            reader.extra_read = true;
            let count = reader.extra_flag.unwrap_or(extra.count);
            reader.set("extra_captures", count, extra.node);
            reader.set_or_default(
                "extra_capture_after",
                after,
                extra.node,
                after != ExtraCaptureAfter::Across,
            );
        }
        (Some((extra, _)), _) => reader.lack(
            extra.node,
            format!(
                "a variable set after a capture that no move of extra captures counts down: {}",
                extra.node
            ),
        ),
        (None, Some(_)) => {}
    }
}

fn finish_relay(reader: &mut Reader<'_>, sow: &Node, relay_from_last: bool, relay: bool) {
    // Where the sowing's one move again is never made, no turn goes on from the last hole.
    let never_goes_on = reader.never_again
        && reader
            .reading
            .get("extra_turn_in_store")
            .is_none_or(|read| read.value == "false");
    if relay_from_last && !relay && !never_goes_on {
        reader.lack(
            sow,
            "a turn that goes on from the last hole without a relay the family reads",
        );
    }
}

/// Whether Ludii's walk back never begins: it reads the backtracking condition first with
/// `(from)` the hole the sowing was lifted from, which a sowing that passes over it
/// (`includeSelf:False`) leaves empty; where the condition fails there for every landing,
/// there is no chain (Yovodji's asks `(from)` for a capture of two or three).
fn never_walks_back(
    reader: &Reader<'_>,
    condition: &Node,
    situation: &Situation<'_>,
    all: &[Landing],
) -> Result<bool, Unknown> {
    let skips_origin = reader
        .reading
        .get("skip_origin")
        .is_some_and(|read| read.value == "true");
    if !skips_origin {
        return Ok(false);
    }
    let board = situation.board;
    for &landing in all {
        for origin in (0..board.holes).filter(|&hole| hole != landing.cell) {
            let mut context = situation.context(landing.mover);
            context.counts[situation.cells[landing.cell]] = landing.count;
            context.to = situation.cells[landing.cell] as i64;
            context.from = situation.cells[origin] as i64;
            if context.boolean(condition)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Whether a site expression names the hole facing `(to)` (or, `outer`, the opponent's outer
/// hole behind it) wherever a capture is `made`.
fn faces(site: &Node, situation: &Situation<'_>, made: &[(u8, usize)], outer: bool) -> bool {
    let board = situation.board;
    made.iter().all(|&(mover, cell)| {
        let mut context = situation.context(mover);
        context.to = situation.cells[cell] as i64;
        let facing = if outer {
            board.opposite_outer[cell]
        } else {
            board.opposite[cell]
        };
        board.has_opposite >> cell & 1 == 1
            && context.int(site).ok() == Some(situation.cells[usize::from(facing)] as i64)
    })
}

impl Reader<'_> {
    fn set_or_default(
        &mut self,
        key: &'static str,
        value: impl ToString,
        node: &Node,
        written: bool,
    ) {
        if written {
            self.set(key, value, node);
        } else {
            self.default(key, value, node);
        }
    }
}

fn read_end(reader: &mut Reader<'_>, end: &Node, situation: &Situation<'_>) {
    reader.default("cycle_ends", false, end);
    let rules: Vec<&Node> = end.positional().flat_map(items).collect();
    if let [one, other] = rules.as_slice() {
        if each_empty_row_loses([one, other], situation) {
            reader.set("game_end", GameEnd::EmptyRowLoses, end);
            reader.default("score", Score::Captured, end);
            reader.default("capture_goal", 0, end);
            return;
        }
        read_capture_goal(reader, end, [one, other], situation);
        return;
    }
    reader.default("capture_goal", 0, end);
    let [rule] = rules.as_slice() else {
        reader.lack(end, format!("an end of several rules: {}", end));
        return;
    };
    if rule.is_call("forEach") {
        read_non_mover_loses(reader, rule, situation);
        return;
    }
    if !rule.is_call("if") {
        reader.lack(
            rule,
            format!("an end the family does not have: {}", head_of(rule)),
        );
        return;
    }
    let (Some(mut condition), Some(result)) = (rule.arg(0), rule.arg(1)) else {
        reader.lack(rule, format!("an end without a result: {rule}"));
        return;
    };
    let mover_wins = result.is_call("result")
        && result.arg(0).is_some_and(|a| is_symbol(a, "Mover"))
        && result.arg(1).is_some_and(|a| is_symbol(a, "Win"));
    // `(or C (is Cycle))`, `(or C (is Decided "End"))`: the end C, or positions repeating,
    // or the players' agreement, scored alike.
    let agreement = reader
        .reading
        .get("end_by_agreement")
        .is_some_and(|read| read.value == "true");
    let mut decided = None;
    if condition.is_call("or") && !mover_wins {
        let parts: Vec<&Node> = condition.positional().flat_map(items).collect();
        let is_cycle = |n: &Node| {
            n.is_call("is") && n.arg(0).is_some_and(|a| is_symbol(a, "Cycle")) && n.arg(1).is_none()
        };
        let rest: Vec<&Node> = parts
            .iter()
            .copied()
            .filter(|n| !is_cycle(n) && !is_decided_end(n))
            .collect();
        if let [rest] = rest.as_slice() {
            if let Some(cycle) = parts.iter().find(|n| is_cycle(n)) {
                reader.set("cycle_ends", true, cycle);
            }
            decided = parts.iter().copied().find(|n| is_decided_end(n));
            condition = rest;
        }
    }
    match (decided, agreement) {
        (Some(_), true) | (None, false) => {}
        (Some(node), false) => {
            reader.lack(node, "an end by agreement without a proposal to end");
            return;
        }
        (None, true) => {
            reader.lack(end, "a proposal to end that no end rule reads");
            return;
        }
    }
    if mover_wins && (no_moves_of(condition, "Next") || turn_over_and_next_stuck(condition)) {
        // Ludii reads `(no Moves Next)` right after the move, as for a score below; within a
        // turn its Next is the mover, who has its relay to play (Ludii's NoMoves.java), so
        // that Kisolo (Lali)'s `(and (!= (next) (mover)) (no Moves Next))` means the same.
        reader.set("game_end", GameEnd::NextCannotMoveLoses, condition);
        reader.default("score", Score::Captured, result);
        return;
    }
    if mover_wins {
        match mover_row_empty(condition, situation) {
            Ok(true) => {
                reader.set("game_end", GameEnd::MoverRowEmptyWins, condition);
                reader.default("score", Score::Captured, result);
            }
            Ok(false) if row_empty(condition, situation, Whose::Next) == Ok(true) => {
                reader.set("game_end", GameEnd::NextEmptyLoses, condition);
                reader.default("score", Score::Captured, result);
            }
            Ok(false)
                if board_end(condition, situation).ok().flatten() == Some(GameEnd::BoardEmpty) =>
            {
                reader.set("game_end", GameEnd::BoardEmptyMoverWins, condition);
                reader.default("score", Score::Captured, result);
            }
            Ok(false) => reader.lack(
                condition,
                format!("a win of the mover on a condition the family does not have: {condition}"),
            ),
            Err(error) => reader.unknown(condition, error, "an end condition"),
        }
        return;
    }
    // Ludii reads `(no Moves Next)` right after the move: the next player's stalemate ends the
    // game at once. `(no Moves Mover)` is read then too, when the mover is still the player
    // who moved: it holds once a player with nothing to play has made its forced pass.
    let no_moves = |who: &str| no_moves_of(condition, who);
    let both = condition.is_call("and")
        && matches!(
            condition.positional().flat_map(items).collect::<Vec<_>>().as_slice(),
            [a, b] if (no_moves_of(a, "Mover") && no_moves_of(b, "Next"))
                || (no_moves_of(a, "Next") && no_moves_of(b, "Mover"))
        );
    if both {
        reader.set("game_end", GameEnd::BothCannotMove, condition);
    } else if no_moves("Mover") {
        reader.set("game_end", GameEnd::MoverCannotMove, condition);
    } else if no_moves("Next") {
        reader.set("game_end", GameEnd::NextCannotMove, condition);
    } else {
        match board_end(condition, situation) {
            Ok(Some(end)) => reader.set("game_end", end, condition),
            Ok(None) => reader.lack(
                condition,
                format!("an end condition the family does not have: {condition}"),
            ),
            Err(error) => reader.unknown(condition, error, "an end condition"),
        }
    }
    if no_moves("Mover") && matches!(result.kind, Kind::Array(_)) {
        match stuck_loses(result, situation, reader.capture_place) {
            Ok(true) => {
                reader.set("score", Score::StuckLoses, result);
                return;
            }
            Ok(false) => {}
            Err(error) => {
                reader.unknown(result, error, "a result");
                return;
            }
        }
    }
    if !result.is_call("byScore") {
        reader.lack(
            result,
            format!("a result other than the larger score: {}", head_of(result)),
        );
        return;
    }
    let scores: Vec<&Node> = result.positional().flat_map(items).collect();
    let mut kind = None;
    for (player, score) in [1u8, 2].into_iter().zip(&scores) {
        let ok = score.is_call("score")
            && score.arg(0).and_then(Node::as_symbol)
                == Some(if player == 1 { "P1" } else { "P2" });
        let Some(value) = score.arg(1).filter(|_| ok) else {
            reader.lack(score, format!("a score the family does not read: {score}"));
            return;
        };
        match score_kind(value, player, situation, reader.capture_place) {
            Ok(Some(found)) if kind.is_none_or(|k| k == found) => kind = Some(found),
            Ok(_) => {
                reader.lack(value, format!("a score that is not the counters captured, with or without one's row, or the row alone: {value}"));
                return;
            }
            Err(error) => {
                reader.unknown(value, error, "a score");
                return;
            }
        }
    }
    match kind {
        Some(kind) if scores.len() == 2 => reader.set("score", kind, result),
        _ => reader.lack(
            result,
            format!("scores not given for both players: {result}"),
        ),
    }
}

/// `(forEach NonMover if:C (result Player Loss))`: the player who did not move loses where C
/// holds exactly when its holes are all empty (Tsoro's, Msuwa's).
fn read_non_mover_loses(reader: &mut Reader<'_>, rule: &Node, situation: &Situation<'_>) {
    let non_mover = rule.arg(0).is_some_and(|a| is_symbol(a, "NonMover"));
    let loses = rule.arg(1).is_some_and(|result| {
        result.is_call("result")
            && result.arg(0).is_some_and(|a| is_symbol(a, "Player"))
            && result.arg(1).is_some_and(|a| is_symbol(a, "Loss"))
    });
    let (Some(condition), Some(result), true, true) =
        (rule.named("if"), rule.arg(1), non_mover, loses)
    else {
        reader.lack(
            rule,
            format!("an end the family does not have: {}", head_of(rule)),
        );
        return;
    };
    match row_empty(condition, situation, Whose::NonMover) {
        Ok(true) => {
            reader.set("game_end", GameEnd::NextEmptyLoses, rule);
            reader.default("score", Score::Captured, result);
        }
        Ok(false) => reader.lack(
            condition,
            format!("a loss of the player who did not move on a condition the family does not have: {condition}"),
        ),
        Err(error) => reader.unknown(condition, error, "an end condition"),
    }
}

/// `(and (!= (next) (mover)) (no Moves Next))`, either way round: the next player stuck
/// once the turn has passed.
fn turn_over_and_next_stuck(condition: &Node) -> bool {
    let turn_over = |n: &Node| {
        let (Some(a), Some(b)) = (n.arg(0), n.arg(1)) else {
            return false;
        };
        let call = |n: &Node, name: &str| n.is_call(name) && n.arg(0).is_none();
        n.is_call("!=")
            && n.arg(2).is_none()
            && ((call(a, "next") && call(b, "mover")) || (call(a, "mover") && call(b, "next")))
    };
    condition.is_call("and")
        && matches!(
            condition.positional().flat_map(items).collect::<Vec<_>>().as_slice(),
            [a, b] if (turn_over(a) && no_moves_of(b, "Next"))
                || (no_moves_of(a, "Next") && turn_over(b))
        )
}

fn no_moves_of(node: &Node, who: &str) -> bool {
    node.is_call("no")
        && node.arg(0).is_some_and(|a| is_symbol(a, "Moves"))
        && node.arg(1).is_some_and(|a| is_symbol(a, who))
}

/// Whether the results of a stuck mover are Aw-li On-nam Ot-tjin's: `(if (no Moves Next)
/// (result Mover Draw))`, then for each mover a `byScore` that gives the mover its captures and
/// the other player those captures and every counter in the holes. The other player can move
/// only with counters in the holes, so it wins unless it cannot move either.
fn stuck_loses(
    result: &Node,
    situation: &Situation<'_>,
    captures_into: Option<CapturePlace>,
) -> Result<bool, Unknown> {
    let rules = items(result);
    let [draw, by_mover @ ..] = rules.as_slice() else {
        return Ok(false);
    };
    let draws = draw.is_call("if")
        && draw.arg(0).is_some_and(|c| no_moves_of(c, "Next"))
        && draw.arg(1).is_some_and(|r| {
            r.is_call("result")
                && r.arg(0).is_some_and(|a| is_symbol(a, "Mover"))
                && r.arg(1).is_some_and(|a| is_symbol(a, "Draw"))
        });
    if !draws || by_mover.iter().any(|rule| !rule.is_call("if")) {
        return Ok(false);
    }
    let board = situation.board;
    for mover in 1..=2u8 {
        let mut scored = None;
        for rule in by_mover {
            let (Some(condition), Some(then)) = (rule.arg(0), rule.arg(1)) else {
                return Ok(false);
            };
            if situation.context(mover).boolean(condition)? {
                if scored.is_some() {
                    return Ok(false);
                }
                scored = Some(then);
            }
        }
        let Some(by_score) = scored.filter(|n| n.is_call("byScore")) else {
            return Ok(false);
        };
        let scores: Vec<&Node> = by_score.positional().flat_map(items).collect();
        if scores.len() != 2 {
            return Ok(false);
        }
        let place = |player: u8| match captures_into {
            Some(CapturePlace::Hand) => Some(situation.context(player).hand(player)),
            Some(CapturePlace::Store) => {
                situation.places.maps.get(&(String::new(), player)).copied()
            }
            Some(CapturePlace::Removed) | None => None,
        };
        let (Some(mine), Some(theirs)) = (place(mover), place(3 - mover)) else {
            return Ok(false);
        };
        for trial in 0..4i64 {
            let mut context = situation.context(mover);
            let captured = 7 + trial;
            context.counts[mine] = captured;
            context.counts[theirs] = 20 + trial;
            let mut in_holes = 0;
            for cell in 0..board.holes {
                let count = (cell as i64 * 3 + trial) % 5;
                context.counts[situation.cells[cell]] = count;
                in_holes += count;
            }
            for (player, score) in [1u8, 2].into_iter().zip(&scores) {
                let named = score.is_call("score")
                    && score.arg(0).and_then(Node::as_symbol)
                        == Some(if player == 1 { "P1" } else { "P2" });
                let Some(value) = score.arg(1).filter(|_| named) else {
                    return Ok(false);
                };
                let wanted = if player == mover {
                    captured
                } else {
                    captured + in_holes
                };
                if context.int(value)? != wanted {
                    return Ok(false);
                }
            }
        }
    }
    Ok(true)
}

/// Two rules, player 1's first, `(if C (result Pm Win))` where C holds exactly when player n's
/// holes are empty and m is the other player (Boukerourou's): the family's end where a player
/// left with no counters loses, the mover or not, player 1's rule read first as Ludii reads
/// them.
fn each_empty_row_loses(rules: [&Node; 2], situation: &Situation<'_>) -> bool {
    rules.into_iter().zip([1u8, 2]).all(|(rule, player)| {
        let winner = if player == 1 { "P2" } else { "P1" };
        let (Some(condition), Some(result)) = (rule.arg(0), rule.arg(1)) else {
            return false;
        };
        rule.is_call("if")
            && rule.arg(2).is_none()
            && result.is_call("result")
            && result.arg(0).is_some_and(|a| is_symbol(a, winner))
            && result.arg(1).is_some_and(|a| is_symbol(a, "Win"))
            && row_empty(condition, situation, Whose::Player(player)) == Ok(true)
    })
}

/// Two rules, `(if C (result Pn Win))` for each player, where C holds when player n has
/// captured at least N counters, N more than half of them all: the capture-goal end, whose
/// winner has the larger score.
fn read_capture_goal(
    reader: &mut Reader<'_>,
    end: &Node,
    rules: [&Node; 2],
    situation: &Situation<'_>,
) {
    let total: i64 = match reader.reading.get("start_counts") {
        Some(read) if read.value != "uniform" => read
            .value
            .split(',')
            .filter_map(|c| c.trim().parse::<i64>().ok())
            .sum(),
        _ => {
            reader
                .reading
                .get("seeds")
                .and_then(|read| read.value.parse::<i64>().ok())
                .unwrap_or(0)
                * situation.board.holes as i64
        }
    };
    let mut goals = Vec::new();
    for (rule, player) in rules.into_iter().zip([1u8, 2]) {
        let winner = if player == 1 { "P1" } else { "P2" };
        let (Some(condition), Some(result)) = (rule.arg(0), rule.arg(1)) else {
            reader.lack(
                rule,
                format!("an end rule the family does not have: {rule}"),
            );
            return;
        };
        let wins = rule.is_call("if")
            && result.is_call("result")
            && result.arg(0).is_some_and(|a| is_symbol(a, winner))
            && result.arg(1).is_some_and(|a| is_symbol(a, "Win"));
        if !wins {
            reader.lack(
                rule,
                format!("an end of several rules the family does not have: {end}"),
            );
            return;
        }
        // The captures are where the description maps the player's store, or in its hand.
        let context = situation.context(player);
        let place = situation
            .places
            .maps
            .get(&(String::new(), player))
            .copied()
            .unwrap_or_else(|| context.hand(player));
        let mut holds = Vec::new();
        for captured in 0..=total {
            for mover in 1..=2u8 {
                let mut context = situation.context(mover);
                context.counts[place] = captured;
                match context.boolean(condition) {
                    Ok(value) => holds.push((captured, value)),
                    Err(error) => {
                        reader.unknown(condition, error, "an end condition");
                        return;
                    }
                }
            }
        }
        let goal = holds.iter().find(|(_, value)| *value).map(|(c, _)| *c);
        match goal {
            Some(goal) if holds.iter().all(|&(c, value)| value == (c >= goal)) => {
                goals.push((goal, condition));
            }
            _ => {
                reader.lack(
                    condition,
                    format!(
                        "an end condition that is not a count of captures reached: {condition}"
                    ),
                );
                return;
            }
        }
    }
    match goals.as_slice() {
        [(goal, condition), (other, _)]
            if goal == other && 2 * goal > total && (1..=255).contains(goal) =>
        {
            reader.set("game_end", GameEnd::CaptureGoal, condition);
            reader.set("capture_goal", goal, condition);
            reader.default("score", Score::Captured, end);
        }
        _ => reader.lack(
            end,
            format!("an end on captures that is not one goal, more than half the counters, for both: {end}"),
        ),
    }
}

/// Whose holes an end condition asks about: the mover's, the next player's, or those of the
/// player an end's `(forEach NonMover …)` names `Player`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Whose {
    Mover,
    Next,
    NonMover,
    /// That player (1 or 2), whoever moves.
    Player(u8),
}

/// Whether a condition holds exactly when the mover's own row is empty, tried for both movers
/// on boards with either row empty, both, neither and a few others.
fn mover_row_empty(condition: &Node, situation: &Situation<'_>) -> Result<bool, Unknown> {
    row_empty(condition, situation, Whose::Mover)
}

/// Whether a condition holds exactly when `whose` holes are all empty, tried for both movers
/// on boards with either player's holes empty, both, neither and a few others.
fn row_empty(condition: &Node, situation: &Situation<'_>, whose: Whose) -> Result<bool, Unknown> {
    let board = situation.board;
    let holes = board.holes;
    let mut boards: Vec<Vec<i64>> = vec![vec![0; holes], vec![1; holes]];
    for player in 0..2u8 {
        boards.push(
            (0..holes)
                .map(|h| i64::from(board.owner(h) != player) * 3)
                .collect(),
        );
    }
    for seed in 0..6i64 {
        boards.push((0..holes as i64).map(|h| (h * 7 + seed * 3) % 4).collect());
    }
    for counts in &boards {
        for mover in 1..=2u8 {
            let mut context = situation.context(mover);
            for (cell, &count) in counts.iter().enumerate() {
                context.counts[situation.cells[cell]] = count;
            }
            let player = match whose {
                Whose::Mover => mover,
                Whose::Next | Whose::NonMover => 3 - mover,
                Whose::Player(player) => player,
            };
            if whose == Whose::NonMover {
                context.player = player;
            }
            let empty = (0..holes).all(|h| board.owner(h) != player - 1 || counts[h] == 0);
            if context.boolean(condition)? != empty {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Which of the family's end conditions on the holes a condition is, tried on boards that tell
/// them apart (empty, a single counter, ones only, a hole of two, an empty row) and on a few
/// others, for both movers.
fn board_end(condition: &Node, situation: &Situation<'_>) -> Result<Option<GameEnd>, Unknown> {
    let board = situation.board;
    let holes = board.holes;
    let mut boards: Vec<Vec<i64>> = vec![vec![0; holes], vec![1; holes]];
    let mut single = vec![0; holes];
    single[holes - 1] = 1;
    boards.push(single);
    let mut two = vec![1; holes];
    two[0] = 2;
    boards.push(two);
    for player in 0..2 {
        let row: Vec<i64> = (0..holes)
            .map(|h| i64::from(board.owner(h) != player) * 3)
            .collect();
        boards.push(row);
    }
    for seed in 0..6i64 {
        boards.push((0..holes as i64).map(|h| (h * 7 + seed * 3) % 4).collect());
    }
    // Every board unmarked, then with marks: every hole marked by one player or the other,
    // and all but one hole, which alone is unmarked, or alone empty.
    let mut marked: Vec<(Vec<i64>, Vec<i64>)> =
        boards.into_iter().map(|b| (b, vec![0; holes])).collect();
    let alternate: Vec<i64> = (0..holes as i64).map(|h| 1 + h % 2).collect();
    marked.push((vec![3; holes], alternate.clone()));
    for hole in [0, holes / 2, holes - 1] {
        let mut states = alternate.clone();
        states[hole] = 0;
        marked.push((vec![2; holes], states));
        let mut counts = vec![2; holes];
        counts[hole] = 0;
        marked.push((counts, states_with_unmarked(&alternate, hole)));
    }
    let candidates = [
        GameEnd::BoardEmpty,
        GameEnd::NoHoleAboveOne,
        GameEnd::AtMostOneLeft,
        GameEnd::RowEmpty,
        GameEnd::UnmarkedEmpty,
    ];
    let mut fits = candidates.to_vec();
    for (counts, states) in &marked {
        let total: i64 = counts.iter().sum();
        let most = counts.iter().copied().max().unwrap_or(0);
        let row_empty = (0..2u8).any(|p| (0..holes).all(|h| board.owner(h) != p || counts[h] == 0));
        let unmarked_empty = (0..holes).all(|h| states[h] != 0 || counts[h] == 0);
        for mover in 1..=2u8 {
            let mut context = situation.context(mover);
            context.states = vec![0; context.counts.len()];
            for (cell, &count) in counts.iter().enumerate() {
                context.counts[situation.cells[cell]] = count;
                context.states[situation.cells[cell]] = states[cell];
            }
            let value = context.boolean(condition)?;
            fits.retain(|end| {
                let expected = match end {
                    GameEnd::BoardEmpty => total == 0,
                    GameEnd::NoHoleAboveOne => most <= 1,
                    GameEnd::AtMostOneLeft => total <= 1,
                    GameEnd::RowEmpty => row_empty,
                    GameEnd::UnmarkedEmpty => unmarked_empty,
                    GameEnd::MoverCannotMove
                    | GameEnd::NextCannotMove
                    | GameEnd::NextCannotMoveLoses
                    | GameEnd::BothCannotMove
                    | GameEnd::CaptureGoal
                    | GameEnd::MoverRowEmptyWins
                    | GameEnd::BoardEmptyMoverWins
                    | GameEnd::NextEmptyLoses
                    | GameEnd::EmptyRowLoses
                    | GameEnd::BothPassed
                    | GameEnd::OwnedEmpty
                    | GameEnd::OwnedEmptyAfterTurn => false,
                };
                expected == value
            });
        }
    }
    Ok(fits.first().copied())
}

/// `states` with `hole` unmarked.
fn states_with_unmarked(states: &[i64], hole: usize) -> Vec<i64> {
    let mut states = states.to_vec();
    states[hole] = 0;
    states
}

/// Which of the family's scores an expression is, tried on a few positions with counters in the
/// stores, the hands and the rows.
fn score_kind(
    value: &Node,
    player: u8,
    situation: &Situation<'_>,
    captures_into: Option<CapturePlace>,
) -> Result<Option<Score>, Unknown> {
    let board = situation.board;
    let hand = situation.context(player).hand(player);
    let mapped = situation.places.maps.get(&(String::new(), player)).copied();
    // The counters a player captured are where the description's captures put them: its hand
    // or the store its map gives it, and the score must read them there (a score that counts a
    // store the captures never reach counts the row alone). Where the description captures
    // nothing, each place is tried on its own, the same in every trial.
    let places = match captures_into {
        Some(CapturePlace::Hand) => vec![hand],
        Some(CapturePlace::Store) => mapped.into_iter().collect(),
        // Counters out of the game are no one's score.
        Some(CapturePlace::Removed) => Vec::new(),
        None => [Some(hand), mapped].into_iter().flatten().collect(),
    };
    for place in places {
        let (mut only, mut row_too, mut row_only) = (true, true, true);
        for trial in 0..4i64 {
            let mut context = situation.context(player);
            let captured = 7 + trial;
            context.counts[place] = captured;
            let mut row = 0;
            for cell in 0..board.holes {
                let count = (cell as i64 * 3 + trial) % 5;
                context.counts[situation.cells[cell]] = count;
                if board.owner(cell) == player - 1 {
                    row += count;
                }
            }
            let got = context.int(value)?;
            only &= got == captured;
            row_too &= got == captured + row;
            row_only &= got == row;
        }
        if only {
            return Ok(Some(Score::Captured));
        }
        if row_too {
            return Ok(Some(Score::CapturedAndRow));
        }
        if row_only && captures_into.is_some() {
            return Ok(Some(Score::Row));
        }
    }
    Ok(None)
}

/// Where every capture of `into` goes, for either mover: the hand, or the store the
/// description maps, of the mover (`false`) or of its opponent (`true`).
fn capture_place(into: &[&Node], situation: &Situation<'_>) -> Option<(CapturePlace, bool)> {
    let mut found = None;
    for node in into {
        for mover in 1..=2u8 {
            let context = situation.context(mover);
            let site = usize::try_from(context.int(node).ok()?).ok()?;
            let place = [(mover, false), (3 - mover, true)].into_iter().find_map(
                |(player, opponent)| {
                    if site == context.hand(player) {
                        Some((CapturePlace::Hand, opponent))
                    } else if situation.places.maps.get(&(String::new(), player)) == Some(&site) {
                        Some((CapturePlace::Store, opponent))
                    } else {
                        None
                    }
                },
            )?;
            if found.is_some_and(|f| f != place) {
                return None;
            }
            found = Some(place);
        }
    }
    found
}

/// The reading as the family's parameters, each checked by the family's own parser: every
/// parameter present, every value one the family takes.
pub fn params_of(reading: &Reading) -> Result<SowingParams, String> {
    use engine::Options;
    let mut params = SowingParams::default();
    for spec in SowingParams::specs() {
        let read = reading
            .get(spec.key)
            .ok_or_else(|| format!("{} is not read", spec.key))?;
        params
            .set(spec.key, &read.value)
            .map_err(|e| e.to_string())?;
    }
    params.validate().map_err(|e| e.to_string())?;
    Ok(params)
}
