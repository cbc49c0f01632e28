//! Boards the family plays by their tracks, given hole by hole: a mancala board of three rows
//! (or of two or four whose track is not the family's round), and the boards Ludii draws as
//! `(board (concentric {n}) …)` with tracks listed site by site. Each player's track is the
//! first track that serves it; a later one must be the same cycle or its reverse (the other
//! way round). Each player's holes are the description's regions of that player, together,
//! as Ludii's `(sites P1)` gathers them.

use std::collections::BTreeMap;

use engine::{OptionValue, Options};
use ludii::Node;
use sowing::board::Board;
use sowing::{HoleTracks, SowingParams, Territories};

use super::{BoardReading, Equipment, Reader};
use crate::geometry::Geometry;

/// The sites of a non-mancala board the family numbers, as a row of sites, or `None` with a
/// lack: `(concentric {n})` (n sites) and `(add (concentric {n}) vertices:{…})` (n and one
/// more a vertex added).
pub(super) fn board_geometry(reader: &mut Reader<'_>, board: &Node) -> Option<Geometry> {
    let Some(shape) = board.arg(0) else {
        reader.lack(board, "a board without a shape");
        return None;
    };
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
/// of each hole and the way round of each track for each player it serves; `None` with a lack
/// where a track runs through a store, a player has no track or no region, or a second track
/// of a player is neither the first nor its reverse.
pub(super) fn given_board(reader: &mut Reader<'_>, equipment: &Equipment) -> Option<BoardReading> {
    let geometry = &equipment.geometry;
    let node = &equipment.board_node;
    let cells: Vec<usize> = (0..geometry.sites())
        .filter(|&site| geometry.is_hole(site))
        .collect();
    if cells.len() > sowing::MAX_HOLES {
        reader.lack(
            node,
            format!("a board of more than {} holes", sowing::MAX_HOLES),
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
        let mut by_player = [None; 2];
        for player in track.owner.map_or_else(|| vec![0, 1], |p| vec![p]) {
            let first = firsts[player].get_or_insert_with(|| holes.clone());
            let way = way_along(first, &holes);
            if way.is_none() {
                reader.lack(
                    node,
                    format!(
                        "a second track of player {} ({}) that is neither its first track nor that track backwards",
                        player + 1,
                        track.name
                    ),
                );
                return None;
            }
            by_player[player] = way;
        }
        ways.insert(track.name.clone(), by_player);
    }
    let [Some(first), Some(second)] = &firsts else {
        reader.lack(node, "a player without a track");
        return None;
    };
    let mut owned = [0u64; 2];
    for (player, bits) in owned.iter_mut().enumerate() {
        let player_sites: Vec<usize> = equipment
            .places
            .regions
            .iter()
            .filter(|((_, owner), _)| usize::from(*owner) == player + 1)
            .flat_map(|(_, sites)| sites.iter().copied())
            .collect();
        let holes = as_holes(&player_sites).filter(|holes| !holes.is_empty());
        let Some(holes) = holes else {
            if equipment.regions_unread {
                // The region the reader could not read is named already.
                return None;
            }
            reader.lack(
                node,
                format!(
                    "a board played by its tracks without player {}'s holes among the board's regions",
                    player + 1
                ),
            );
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
    let params = SowingParams {
        rows: rows as u8,
        holes: columns as u8,
        track: tracks.unwrap_or(HoleTracks::ROUND),
        territory: Territories(Some(owned)),
        ..SowingParams::default()
    };
    if let Err(error) = params.validate() {
        reader.lack(
            node,
            format!("a board played by its tracks that the family cannot play: {error}"),
        );
        return None;
    }
    let board = Board::new(&params);
    Some((params, board, cells, ways))
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

/// The values the reading gives `track` and `territory`, written as the family writes them.
pub(super) fn read_track_and_territory(
    reader: &mut Reader<'_>,
    params: &SowingParams,
    node: &Node,
) {
    reader.set("track", params.track.render_value(), node);
    reader.set("territory", params.territory.render_value(), node);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_track_is_the_first_or_the_first_backwards() {
        assert_eq!(way_along(&[0, 1, 2, 3], &[2, 3, 0, 1]), Some(0));
        assert_eq!(way_along(&[0, 1, 2, 3], &[3, 2, 1, 0]), Some(1));
        assert_eq!(way_along(&[0, 1, 2, 3], &[0, 2, 1, 3]), None);
        assert_eq!(way_along(&[0, 1, 2, 3], &[0, 1, 2]), None);
    }
}
