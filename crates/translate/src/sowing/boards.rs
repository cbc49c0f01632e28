//! Boards the family plays by their tracks, given hole by hole: a mancala board of three rows
//! (or of two or four whose track is not the family's round), and the boards Ludii draws as
//! `(board (concentric {n}) …)` with tracks listed site by site, and boards merged from
//! rectangles of points (`(board (merge {…}) … use:Vertex)`). Each player's track is the first
//! track that serves it; a later one is the same cycle or its reverse (the other way round),
//! or a track the family cannot sow along, named where a sowing takes it. Each player's holes are the description's regions of that player, together,
//! as Ludii's `(sites P1)` gathers them; or its regions of one name, where those together are
//! no territory; or, with no region of either player, the holes its move lifts among those the
//! start remembers.

use std::collections::BTreeMap;

use engine::{OptionValue, Options};
use ludii::Node;
use sowing::board::Board;
use sowing::{HoleTracks, SowingParams, Territories};

use super::{BoardReading, Equipment, Reader};
use crate::eval::{Context, Places, Sites, is_symbol};
use crate::geometry::Geometry;

/// The sites of a non-mancala board the family numbers, as a row of sites, or `None` with a
/// lack: `(concentric {n})` (n sites) and `(add (concentric {n}) vertices:{…})` (n and one
/// more a vertex added).
pub(super) fn board_geometry(reader: &mut Reader<'_>, board: &Node) -> Option<Geometry> {
    let Some(shape) = board.arg(0) else {
        reader.lack(board, "a board without a shape");
        return None;
    };
    if shape.is_call("merge") {
        return merged_board(reader, board, shape);
    }
    let sites = sites_of(shape);
    match sites {
        Some(sites @ 1..=64) => Some(Geometry::numbered(sites)),
        _ => {
            reader.lack(
                shape,
                format!("a board the reader does not number: {}", short(shape)),
            );
            None
        }
    }
}

/// A board merged from rectangles and squares of points, shifted (`(merge {(rectangle 1 5)
/// (shift 0 2 (rectangle 1 5)) …})`) and played on its vertices, as [`merged_geometry`]
/// numbers it; `None` with a lack where it is played on its cells, a part is not one the
/// reader lays out, or it has more sites than the family's holes.
fn merged_board(reader: &mut Reader<'_>, board: &Node, shape: &Node) -> Option<Geometry> {
    if !board.named("use").is_some_and(|on| is_symbol(on, "Vertex")) {
        reader.lack(
            board,
            format!("a merged board played on its cells: {}", short(shape)),
        );
        return None;
    }
    let Some(geometry) = merged_geometry(shape) else {
        reader.lack(
            shape,
            format!("a board the reader does not number: {}", short(shape)),
        );
        return None;
    };
    if geometry.sites() > sowing::MAX_HOLES {
        reader.lack(
            shape,
            format!(
                "a board of {} sites, more than the {} the family's bit sets hold",
                geometry.sites(),
                sowing::MAX_HOLES
            ),
        );
        return None;
    }
    Some(geometry)
}

/// The sites of `(merge {…})` of rectangles and squares of points, shifted, numbered as
/// Ludii's `Merge` numbers a graph's vertices: each part's points row by row from the bottom,
/// each row from the left, the parts in the order written, a point within a hundredth of an
/// earlier one merged into it (the earlier kept, the later ones renumbered down). Only each
/// part's own edges join its points, so a direction walks along them and stops at a gap
/// between parts, as Ludii's does. `None` for another part or a `connect:` merge.
fn merged_geometry(shape: &Node) -> Option<Geometry> {
    let parts = shape
        .arg(0)
        .and_then(Node::as_array)
        .filter(|_| shape.children().len() == 1)?;
    let laid = parts.iter().map(part_points).collect::<Option<Vec<_>>>()?;
    let mut points: Vec<(f64, f64)> = Vec::new();
    let mut links = Vec::new();
    for (part_points, part_links) in laid {
        let sites: Vec<usize> = part_points
            .iter()
            .map(|&(x, y)| {
                let coincident = points
                    .iter()
                    .position(|&(px, py)| (px - x).abs() < 0.01 && (py - y).abs() < 0.01);
                coincident.unwrap_or_else(|| {
                    points.push((x, y));
                    points.len() - 1
                })
            })
            .collect();
        for (a, b) in part_links {
            let link = (sites[a].min(sites[b]), sites[a].max(sites[b]));
            if !links.contains(&link) {
                links.push(link);
            }
        }
    }
    Some(Geometry::linked(&points, links))
}

/// A part of a merged board: its points (x, y) and its edges, as pairs of indices into them.
type LaidOut = (Vec<(f64, f64)>, Vec<(usize, usize)>);

/// The points of a part of a merged board (a rectangle or square of points, possibly
/// shifted), row by row from the bottom, and its edges between orthogonal neighbours, as
/// indices into those points.
fn part_points(part: &Node) -> Option<LaidOut> {
    let whole = |node: Option<&Node>| {
        node.and_then(Node::as_int)
            .and_then(|v| usize::try_from(v).ok())
    };
    let (rows, columns) = match (part.head()?, part.children().len()) {
        ("rectangle", 2) => (whole(part.arg(0))?, whole(part.arg(1))?),
        ("square", 1) => (whole(part.arg(0))?, whole(part.arg(0))?),
        ("shift", 3) => {
            let (dx, dy) = (part.arg(0)?.as_number()?, part.arg(1)?.as_number()?);
            let (points, links) = part_points(part.arg(2)?)?;
            let moved = points.into_iter().map(|(x, y)| (x + dx, y + dy)).collect();
            return Some((moved, links));
        }
        _ => return None,
    };
    let points = (0..rows)
        .flat_map(|row| (0..columns).map(move |column| (column as f64, row as f64)))
        .collect();
    let at = |row: usize, column: usize| row * columns + column;
    let mut links = Vec::new();
    for row in 0..rows {
        for column in 0..columns {
            if column + 1 < columns {
                links.push((at(row, column), at(row, column + 1)));
            }
            if row + 1 < rows {
                links.push((at(row, column), at(row + 1, column)));
            }
        }
    }
    Some((points, links))
}

/// Sites of a board of concentric rings of one ring, or of such a board with vertices added.
fn sites_of(shape: &Node) -> Option<usize> {
    if shape.is_call("concentric") {
        let rings = shape.arg(0)?.as_array()?;
        return match rings {
            [ring] => usize::try_from(constant(ring)?).ok(),
            _ => None,
        };
    }
    if shape.is_call("add") && shape.named("edges").is_none() && shape.named("cells").is_none() {
        let added = shape.named("vertices")?.as_array()?.len();
        return Some(sites_of(shape.arg(0)?)? + added);
    }
    None
}

/// A number written as a number or as a product or sum of numbers (`(* 3 2)`, as an option
/// of the number of players writes a ring's size).
fn constant(node: &Node) -> Option<i64> {
    if let Some(value) = node.as_int() {
        return Some(value);
    }
    let operands = node
        .positional()
        .map(constant)
        .collect::<Option<Vec<i64>>>()?;
    match node.head()? {
        "*" => operands.into_iter().try_fold(1i64, i64::checked_mul),
        "+" => operands.into_iter().try_fold(0i64, i64::checked_add),
        _ => None,
    }
}

fn short(node: &Node) -> String {
    crate::eval::unknown(node).0
}

/// A track written as a list of sites (`{0 2 4 6}`, or a direction string of site numbers
/// alone, `"0,2,4,5,3,1"`), where the board has them.
pub(super) fn listed_sites(
    track: &Node,
    geometry: &Geometry,
) -> Option<Result<Vec<usize>, String>> {
    let listed = track.arg(1)?;
    let written: Vec<String> = match (listed.as_array(), listed.as_str()) {
        (Some(sites), _) => sites.iter().map(Node::to_string).collect(),
        (None, Some(text)) if text.split(',').all(|t| t.trim().parse::<usize>().is_ok()) => {
            text.split(',').map(|t| t.trim().to_string()).collect()
        }
        _ => return None,
    };
    Some(
        written
            .iter()
            .map(|site| {
                site.parse::<usize>()
                    .ok()
                    .filter(|&s| s < geometry.sites())
                    .ok_or_else(|| format!("{site} is not a site of the board"))
            })
            .collect(),
    )
}

/// The board of the description's tracks and regions, given hole by hole, with the Ludii site
/// of each hole and the way round of each track for each player it serves (none for a second
/// track of a player that is neither the first nor its reverse); `None` with a lack where a
/// track runs through a store or a player has no track or no region.
pub(super) fn given_board<'a>(
    reader: &mut Reader<'a>,
    equipment: &Equipment,
) -> Option<BoardReading> {
    let geometry = &equipment.geometry;
    let node = &equipment.board_node;
    let cells: Vec<usize> = (0..geometry.sites())
        .filter(|&site| geometry.is_hole(site))
        .collect();
    if cells.len() > sowing::MAX_HOLES {
        reader.lack(
            node,
            format!(
                "a board of {} holes, more than the {} the family's bit sets hold",
                cells.len(),
                sowing::MAX_HOLES
            ),
        );
        return None;
    }
    let hole_of: BTreeMap<usize, u8> = cells
        .iter()
        .enumerate()
        .map(|(hole, &site)| (site, hole as u8))
        .collect();
    let as_holes = |sites: &[usize]| -> Option<Vec<u8>> {
        sites
            .iter()
            .map(|site| hole_of.get(site).copied())
            .collect()
    };
    let mut firsts: [Option<Vec<u8>>; 2] = [None, None];
    let mut ways = BTreeMap::new();
    for track in &equipment.tracks {
        let Some(holes) = as_holes(&track.sites) else {
            reader.lack(
                node,
                format!(
                    "a track ({}) through a store, on a board the family plays by its tracks",
                    track.name
                ),
            );
            return None;
        };
        // Tracks of one name, one for each player (Abalala'e's), share an entry.
        let by_player = ways.entry(track.name.clone()).or_insert([None; 2]);
        for player in track.owner.map_or_else(|| vec![0, 1], |p| vec![p]) {
            let first = firsts[player].get_or_insert_with(|| holes.clone());
            // A second track that is neither the first nor its reverse has no way round:
            // a sowing along it is named where it is written (`way_of`).
            by_player[player] = way_along(first, &holes);
        }
    }
    let [Some(first), Some(second)] = &firsts else {
        reader.lack(node, "a player without a track");
        return None;
    };
    // Without a region of either player, the holes each player's move lifts from, as its
    // start remembers them (Merekocdu's), are its holes.
    let no_regions = !equipment
        .places
        .regions
        .keys()
        .any(|(_, owner)| matches!(owner, 1 | 2));
    let homes = no_regions
        .then(|| remembered_homes(reader.game, geometry, &equipment.places))
        .flatten();
    let mut owned = [0u64; 2];
    for (player, bits) in owned.iter_mut().enumerate() {
        let player_sites: Vec<usize> = match &homes {
            Some(homes) => homes.sites[player].clone(),
            None => equipment
                .places
                .regions
                .iter()
                .filter(|((_, owner), _)| usize::from(*owner) == player + 1)
                .flat_map(|(_, sites)| sites.iter().copied())
                .collect(),
        };
        let holes = as_holes(&player_sites).filter(|holes| !holes.is_empty());
        let Some(holes) = holes else {
            if equipment.regions_unread {
                // The region the reader could not read is named already.
                return None;
            }
            let any_region = equipment
                .places
                .regions
                .keys()
                .any(|(_, owner)| usize::from(*owner) == player + 1);
            if any_region {
                reader.lack(
                    node,
                    format!(
                        "a board played by its tracks without player {}'s holes among the board's regions",
                        player + 1
                    ),
                );
                return None;
            }
            // Sat Gol lifts any hole on the game's first move and then the hole its last move
            // remembered (`(sites {(var)})`); Ngulungu and Chiana wa Kunja lift the holes of
            // the mover's own pieces: no hole is a player's own, while the family's players
            // each lift from holes of their own.
            let lifted = super::child(reader.game, "rules")
                .and_then(|rules| rules.walk().find(|n| n.is_call("from")));
            let what = format!(
                "a board played by its tracks on which no hole is a player's own: no region of either player (no (regions P{} …)), and a move that lifts {}, not two sets of holes apart remembered at the start, where the family gives each player holes of its own",
                player + 1,
                lifted
                    .and_then(|from| from.arg(0))
                    .map_or_else(|| "no holes".to_string(), short),
            );
            reader.lack(lifted.unwrap_or(node), what);
            return None;
        };
        *bits = holes.iter().fold(0, |bits, &h| bits | 1 << h);
    }
    let tracks = HoleTracks::listed([first, second]);
    // A board known by its sites' numbers is one row of them.
    let (rows, columns) = match geometry.rows {
        0 => (1, cells.len()),
        rows => (rows, geometry.columns),
    };
    let with_territory = |owned: [u64; 2]| SowingParams {
        rows: rows as u8,
        holes: columns as u8,
        track: tracks.unwrap_or(HoleTracks::ROUND),
        territory: Territories(Some(owned)),
        ..SowingParams::default()
    };
    let mut params = with_territory(owned);
    if let Err(error) = params.validate() {
        // Each player's regions of one name, where together they are not holes of its own: a
        // reading of them is kept only where it validates, so an error of another part stays.
        let named = homes
            .is_none()
            .then(|| named_territory(&equipment.places, &as_holes, with_territory))
            .flatten();
        let Some(owned) = named else {
            reader.lack(
                node,
                format!("a board played by its tracks that the family cannot play: {error}"),
            );
            return None;
        };
        params = with_territory(owned);
    }
    let board = Board::new(&params);
    if let Some(homes) = homes {
        reader.homes = Some((homes.remembered, homes.lifted));
    }
    Some((params, board, cells, ways))
}

/// Each player's holes where its regions together are not holes of its own on the board
/// (Okwe (Nigeria)'s `"OpeningRegion"` lies in the opponent's `"Home"`; Tchela's `"Home"` holds
/// an extra store off its track): the regions of one name, player 1's and player 2's, that the
/// family can play as territories, the one of them owning the most holes (`"Home"`,
/// `"HomeNotExtented"`). Ludii's `(sites P1)` gathers every region of the player, but these
/// descriptions name the region they read, and every rule that reads a player's holes is read
/// against this territory afterwards, so that a region read elsewhere is named there. `None`
/// where no name gives one, or two give as many holes.
fn named_territory(
    places: &Places,
    as_holes: &dyn Fn(&[usize]) -> Option<Vec<u8>>,
    with_territory: impl Fn([u64; 2]) -> SowingParams,
) -> Option<[u64; 2]> {
    let names: std::collections::BTreeSet<&str> = places
        .regions
        .keys()
        .map(|(name, _)| name.as_str())
        .collect();
    let mut best: Option<(u32, [u64; 2])> = None;
    let mut tied = false;
    for name in names {
        let mut owned = [0u64; 2];
        for (player, bits) in owned.iter_mut().enumerate() {
            let sites = places.regions.get(&(name.to_string(), player as u8 + 1))?;
            let holes = as_holes(sites)?;
            *bits = holes.iter().fold(0, |bits, &h| bits | 1 << h);
        }
        if with_territory(owned).validate().is_err() {
            continue;
        }
        let size = owned[0].count_ones() + owned[1].count_ones();
        match best {
            Some((most, _)) if most > size => {}
            Some((most, _)) if most == size => tied = true,
            _ => {
                best = Some((size, owned));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, owned)| owned)
}

/// Each player's holes on a board with no region of either player, read from what the start
/// remembers and the holes the play's one move lifts from.
struct RememberedHomes<'a> {
    /// The Ludii sites each player lifts from.
    sites: [Vec<usize>; 2],
    /// The sites the start remembers by name.
    remembered: BTreeMap<String, Sites>,
    /// The move's `(from …)`, which the territory cites.
    lifted: &'a Node,
}

/// Each player's holes where the description gives no region of either player, its start
/// remembers sets of sites by name (`(set RememberValue "P1Home" (sites {0 2 4}))`) and its
/// play is one move whose `(from …)` reads them by mover: Merekocdu's `(if (is Mover P1)
/// (sites (values Remembered "P1Home")) (sites (values Remembered "P2Home")))`. Ludii's
/// `(sites P1)` and `(sites Mover)` are empty on such a board (Ludii's
/// SitesEquipmentRegion.java gathers a player's regions of the equipment, and there are
/// none), and remembered values are the game's, not a player's (Ludii's State.java keeps one
/// list of them by name), so the holes a player may lift are the only holes that are its own:
/// they are its territory. `None` where the sets are not two, disjoint and not empty, or the
/// play is another.
fn remembered_homes<'a>(
    game: &'a Node,
    geometry: &Geometry,
    places: &Places,
) -> Option<RememberedHomes<'a>> {
    let rules = super::child(game, "rules")?;
    let start = super::child(rules, "start")?;
    let play = super::child(rules, "play")?;
    let mut context = Context {
        counts: vec![0; geometry.sites() + 2],
        ..super::bare_context(geometry, places, 1)
    };
    for set in start.positional().flat_map(super::items) {
        if set.is_call("set") && set.arg(0).is_some_and(|a| is_symbol(a, "RememberValue")) {
            let name = set.arg(1)?.as_str()?;
            let sites = context.sites(set.arg(2)?).ok()?;
            context.remembered.insert(name.to_string(), sites);
        }
    }
    if context.remembered.is_empty() {
        return None;
    }
    let [moved] = play.children() else {
        return None;
    };
    if !(moved.is_call("move") && moved.arg(0).is_some_and(|a| is_symbol(a, "Select"))) {
        return None;
    }
    let lifted = moved.children().iter().find(|n| n.is_call("from"))?;
    let holes = lifted.arg(0)?;
    let mut sites: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (player, found) in sites.iter_mut().enumerate() {
        context.mover = player as u8 + 1;
        let mut lifts = context.sites(holes).ok()?;
        lifts.sort_unstable();
        lifts.dedup();
        *found = lifts;
    }
    let shared = sites[0].iter().any(|site| sites[1].contains(site));
    if shared || sites.iter().any(Vec::is_empty) {
        return None;
    }
    Some(RememberedHomes {
        sites,
        remembered: context.remembered,
        lifted,
    })
}

/// The way round `track` goes along `first` (0 the same way, 1 backwards), if it is the same
/// cycle.
fn way_along(first: &[u8], track: &[u8]) -> Option<u8> {
    if first.len() != track.len() {
        return None;
    }
    let offset = track.iter().position(|&h| h == first[0])?;
    let len = track.len();
    let forwards = (0..len).all(|i| track[(offset + i) % len] == first[i]);
    let backwards = (0..len).all(|i| track[(offset + len - i) % len] == first[i]);
    if forwards {
        Some(0)
    } else if backwards {
        Some(1)
    } else {
        None
    }
}

/// The values the reading gives `track` and `territory`, written as the family writes them;
/// the territory cites the move that lifts each player's holes where the start remembers them.
pub(super) fn read_track_and_territory(
    reader: &mut Reader<'_>,
    params: &SowingParams,
    node: &Node,
) {
    reader.set("track", params.track.render_value(), node);
    let lifted = reader.homes.as_ref().map(|(_, lifted)| *lifted);
    reader.set(
        "territory",
        params.territory.render_value(),
        lifted.unwrap_or(node),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `(merge …)` a vendored description's board is, as written (these boards are
    /// written out in full, with no define or option in them).
    fn merge_of(file: &str) -> Node {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/ludii/lud");
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let description = ludii::Description::read(file, &text).unwrap();
        let merge = description.game().walk().find(|n| n.is_call("merge"));
        merge.unwrap().clone()
    }

    /// Deka: "two rows of six holes encircling a larger hole in the center", two counters
    /// in each hole "except the center hole", which its start writes as
    /// `(difference (sites Board) 12)`: site 12 is the centre, and the track goes round the
    /// other twelve, player 1's `{0..4 11}` and player 2's `{5..10}` each in one stretch.
    #[test]
    fn a_merged_board_numbers_its_points_in_the_order_of_its_parts() {
        let deka = merged_geometry(&merge_of("Deka.lud")).unwrap();
        assert_eq!(deka.sites(), 13);
        assert_eq!(deka.site_at(2, 1), Some(12), "the centre");
        assert_eq!(deka.site_at(4, 1), Some(11));
        assert_eq!(deka.site_at(0, 1), Some(5));
        assert_eq!(
            deka.track("0,E,N,W,S1").unwrap(),
            [0, 1, 2, 3, 4, 11, 10, 9, 8, 7, 6, 5]
        );
    }

    /// Fergen Gobale: two boards of 2×3 joined by a single row of two holes half a row up,
    /// numbered 12 and 13 after both boards; the track names them, as a direction stops at
    /// the gap between the parts (no edge joins hole 2 to hole 12 though it lies within a
    /// step and a half).
    #[test]
    fn a_direction_on_a_merged_board_walks_along_its_parts_edges() {
        let fergen = merged_geometry(&merge_of("Fergen Gobale.lud")).unwrap();
        assert_eq!(fergen.sites(), 14);
        assert_eq!(
            fergen.track("0,E,12,13,6,E,N,W,13,12,5,W").unwrap(),
            [0, 1, 2, 12, 13, 6, 7, 8, 11, 10, 9, 13, 12, 5, 4, 3]
        );
    }

    /// Mbelele: player 1's region is `(union (sites Bottom) (sites {24 35}))` and its
    /// track `"25,26,24,0,E,31,32,35"`: the bottom side is every lowest point, the two
    /// squares' bottom holes (25, 26, 31, 32) with the long rows', so region and track are
    /// the same eighteen holes.
    #[test]
    fn a_merged_boards_sides_are_its_extreme_points() {
        let mbelele = merged_geometry(&merge_of("Mbelele.lud")).unwrap();
        assert_eq!(mbelele.sites(), 36);
        let mut bottom = mbelele.side("Bottom").unwrap();
        bottom.extend([24, 35]);
        bottom.sort_unstable();
        let mut track = mbelele.track("25,26,24,0,E,31,32,35").unwrap();
        track.sort_unstable();
        assert_eq!(bottom, track);
        assert_eq!(mbelele.side("Left").unwrap(), [29]);
    }

    #[test]
    fn a_track_is_the_first_or_the_first_backwards() {
        assert_eq!(way_along(&[0, 1, 2, 3], &[2, 3, 0, 1]), Some(0));
        assert_eq!(way_along(&[0, 1, 2, 3], &[3, 2, 1, 0]), Some(1));
        assert_eq!(way_along(&[0, 1, 2, 3], &[0, 2, 1, 3]), None);
        assert_eq!(way_along(&[0, 1, 2, 3], &[0, 1, 2]), None);
    }
}
