//! Boards merged from rectangles of square cells and played on their cells, numbered as Ludii
//! numbers them: the cross of Pachisi and its kin, `(add (hole (merge (shift 0 8 (rectangle 3
//! 19)) (shift 8 0 (rectangle 19 3))) (poly …)) cells:{{…}})`, and any `(merge …)` the graph
//! builder lays out ([`read_merged`]).
//!
//! Ludii's `merge` collates its parts' vertices (each part's row by row from the bottom, a vertex
//! that coincides with an earlier one merged into it) and finds the cells anew: from each vertex
//! in turn, and from it along each of its edges in the order of their bearings, it walks on by the
//! next edge round each vertex it reaches until the walk comes back, and keeps each walk that
//! closes clockwise as a cell, in the order found. So the cross's cells are not numbered row by
//! row: the horizontal bar's come first, then the vertical bar's below and above it. `hole`
//! removes the cells whose centres its polygon covers, keeping the others' order, and `add
//! cells:{{…}}` appends a cell of the listed vertices (Pachisi's central space, site 96). A cell's
//! site is at its centre, the mean of its vertices.

use std::collections::BTreeSet;

use ludii::{Kind, Node};

use super::{Reader, hole_box};
use crate::geometry::Geometry;

/// A board's vertices (x, y) and its cells, each as its vertices in order.
struct Cells {
    vertices: Vec<(f64, f64)>,
    cells: Vec<Vec<usize>>,
}

impl Cells {
    /// The centre of `cell`: the mean of its vertices, as Ludii places a face.
    fn centre(&self, cell: &[usize]) -> (f64, f64) {
        let n = cell.len() as f64;
        let (x, y) = cell.iter().fold((0.0, 0.0), |(x, y), &v| {
            (x + self.vertices[v].0, y + self.vertices[v].1)
        });
        (x / n, y / n)
    }
}

/// `(add <merged cells> cells:{{vertex …} …})`: the board, when its parts are read.
pub(super) fn read_added(reader: &mut Reader, shape: &Node) -> Option<Geometry> {
    let parts_read = shape.positional().count() == 1
        && shape.children().iter().all(|n| match &n.kind {
            Kind::Named { key, .. } => key == "cells",
            _ => true,
        });
    let added = shape.named("cells").and_then(vertex_lists);
    let board = match (parts_read, shape.arg(0), added) {
        (true, Some(inner), Some(added)) => match merged_cells(reader, inner) {
            Some(Ok(mut board)) => {
                let known = board.vertices.len();
                added
                    .iter()
                    .all(|cell| cell.iter().all(|&v| v < known))
                    .then(|| {
                        board.cells.extend(added);
                        board
                    })
            }
            // A hole the reader cannot read is named already.
            Some(Err(())) => return None,
            None => None,
        },
        _ => None,
    };
    let Some(board) = board else {
        reader.lack(shape, "a board that is not a grid of square cells: add");
        return None;
    };
    // The family's cells sit at whole columns and rows, a square cell's centre half a step in.
    let compass = board.compass();
    Some(Geometry::with_compass(
        board.cells.iter().map(|cell| {
            let (x, y) = board.centre(cell);
            (x - 0.5, y - 0.5)
        }),
        compass,
    ))
}

/// A board merged from parts and played on its cells, `(merge …)` of rectangles and squares
/// (shifted, scaled, rotated, with points or edges added, as [`super::graph`] lays them out, each
/// grid a point more each way than its cells): its cells are the faces Ludii's `makeFaces`
/// finds on the merged points, in the order found, each site at its cell's centre, its steps
/// as [`Cells::compass`] finds them. The part the builder does not read is named.
pub(super) fn read_merged(reader: &mut Reader, shape: &Node) -> Option<Geometry> {
    let graph = match super::graph::build_cells(shape) {
        Ok(graph) if !graph.faces.is_empty() => graph,
        Ok(_) => {
            reader.lack(shape, "a merged board without cells");
            return None;
        }
        Err(part) => {
            reader.lack(
                part,
                format!(
                    "a merged board the reader does not read: {part_}",
                    part_ = super::Brief(part)
                ),
            );
            return None;
        }
    };
    let board = Cells {
        vertices: graph.points,
        cells: graph.faces,
    };
    let compass = board.compass();
    Some(Geometry::with_compass(
        board.cells.iter().map(|cell| {
            let (x, y) = board.centre(cell);
            (x - 0.5, y - 0.5)
        }),
        compass,
    ))
}

impl Cells {
    /// Each cell's steps to the cells about it, as Ludii's `Face.stepsTo` finds them and its
    /// `Trajectories` name their directions: the cells across each of its edges, then at each
    /// of its corners the one whose centre lies nearest the line through the corner (its
    /// diagonal), then any other cell at a corner, then across a corner where three edges
    /// meet, the cell beyond the edge leading away when both ends of that edge lie on the line
    /// between the centres (within a tenth of its length). Each step is named by the compass
    /// point of the line from centre to centre: one of eight, or of sixteen where two of the
    /// cell's steps (its steps to its corners and edges counted too) share one of the eight.
    /// Per cell, its steps in order as (compass point in sixteenths from east, cell).
    fn compass(&self) -> Vec<Vec<(u8, usize)>> {
        let n = self.cells.len();
        let edge_key = |a: usize, b: usize| (a.min(b), a.max(b));
        let edges_of = |cell: &[usize]| -> Vec<(usize, usize)> {
            (0..cell.len())
                .map(|i| edge_key(cell[i], cell[(i + 1) % cell.len()]))
                .collect()
        };
        // Ludii keeps only the edges of cells left on the board (a hole's orphans removed).
        let mut faces_of_edge: std::collections::BTreeMap<(usize, usize), Vec<usize>> =
            std::collections::BTreeMap::new();
        let mut faces_of_vertex: Vec<Vec<usize>> = vec![Vec::new(); self.vertices.len()];
        let mut edges_of_vertex: Vec<BTreeSet<(usize, usize)>> =
            vec![BTreeSet::new(); self.vertices.len()];
        for (face, cell) in self.cells.iter().enumerate() {
            for edge in edges_of(cell) {
                faces_of_edge.entry(edge).or_default().push(face);
                edges_of_vertex[edge.0].insert(edge);
                edges_of_vertex[edge.1].insert(edge);
            }
            for &v in cell {
                faces_of_vertex[v].push(face);
            }
        }
        let centres: Vec<(f64, f64)> = self.cells.iter().map(|c| self.centre(c)).collect();
        let distance_to_line = |p: (f64, f64), a: (f64, f64), b: (f64, f64)| {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            ((p.0 - a.0) * dy - (p.1 - a.1) * dx).abs() / (dx * dx + dy * dy).sqrt()
        };
        let distance =
            |a: (f64, f64), b: (f64, f64)| ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let angle = |a: (f64, f64), b: (f64, f64)| {
            let theta = (b.1 - a.1).atan2(b.0 - a.0).to_degrees();
            if theta < 0.0 { theta + 360.0 } else { theta }
        };
        let point_of = |theta: f64, sixteen: bool| -> u8 {
            // Ludii's sectors: each point's centred on its bearing, east's spanning 0°.
            let sectors = if sixteen { 16.0 } else { 8.0 };
            let width = 360.0 / sectors;
            let index = ((theta + width / 2.0) / width).floor() as u32 % sectors as u32;
            (index * if sixteen { 1 } else { 2 }) as u8
        };
        (0..n)
            .map(|face| {
                let cell = &self.cells[face];
                let here = centres[face];
                let mut used = BTreeSet::from([face]);
                let mut steps: Vec<usize> = Vec::new();
                for edge in edges_of(cell) {
                    if let Some(&other) = faces_of_edge[&edge].iter().find(|&&f| f != face) {
                        used.insert(other);
                        steps.push(other);
                    }
                }
                for &v in cell {
                    let corner = self.vertices[v];
                    let diagonal = faces_of_vertex[v]
                        .iter()
                        .filter(|f| !used.contains(f))
                        .fold(None::<(f64, usize)>, |best, &f| {
                            let d = distance_to_line(corner, here, centres[f]);
                            match best {
                                Some((b, _)) if b <= d => best,
                                _ => Some((d, f)),
                            }
                        });
                    if let Some((_, f)) = diagonal {
                        used.insert(f);
                        steps.push(f);
                    }
                }
                for &v in cell {
                    for &f in &faces_of_vertex[v] {
                        if used.insert(f) {
                            steps.push(f);
                        }
                    }
                }
                let cell_edges = edges_of(cell);
                for &v in cell {
                    if edges_of_vertex[v].len() != 3 {
                        continue;
                    }
                    let Some(&away) = edges_of_vertex[v].iter().find(|e| !cell_edges.contains(e))
                    else {
                        continue;
                    };
                    let w = if away.0 == v { away.1 } else { away.0 };
                    for &f in &faces_of_vertex[w] {
                        if used.contains(&f) {
                            continue;
                        }
                        let error = (distance_to_line(self.vertices[v], here, centres[f])
                            + distance_to_line(self.vertices[w], here, centres[f]))
                            / distance(here, centres[f]);
                        if error <= 0.1 {
                            used.insert(f);
                            steps.push(f);
                        }
                    }
                }
                // Sixteen points where any two of its steps, to cells, corners and edges,
                // share one of the eight.
                let mut bearings: Vec<f64> =
                    steps.iter().map(|&f| angle(here, centres[f])).collect();
                bearings.extend(cell.iter().map(|&v| angle(here, self.vertices[v])));
                bearings.extend(cell_edges.iter().map(|&(a, b)| {
                    let (pa, pb) = (self.vertices[a], self.vertices[b]);
                    angle(here, ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0))
                }));
                let mut eights = BTreeSet::new();
                let sixteen = !bearings.iter().all(|&b| eights.insert(point_of(b, false)));
                steps
                    .into_iter()
                    .map(|f| (point_of(angle(here, centres[f]), sixteen), f))
                    .collect()
            })
            .collect()
    }
}

/// `{{8 28 48 …} …}`: lists of vertex numbers.
fn vertex_lists(node: &Node) -> Option<Vec<Vec<usize>>> {
    node.as_array()?
        .iter()
        .map(|cell| {
            let vertices = cell
                .as_array()?
                .iter()
                .map(|v| usize::try_from(v.as_int()?).ok())
                .collect::<Option<Vec<usize>>>()?;
            (vertices.len() >= 3).then_some(vertices)
        })
        .collect()
}

/// The cells of `(merge …)` of rectangles of cells, or of `(hole <that> (poly …))`: `None` when
/// the shape is not one of these, `Some(Err(()))` when a hole is not read (named already).
fn merged_cells(reader: &mut Reader, shape: &Node) -> Option<Result<Cells, ()>> {
    match shape.head()? {
        "hole" => {
            let (inner, poly) = (shape.arg(0)?, shape.arg(1)?);
            if shape.children().len() != 2 {
                return None;
            }
            let mut board = match merged_cells(reader, inner)? {
                Ok(board) => board,
                Err(()) => return Some(Err(())),
            };
            let Some((x0, x1, y0, y1)) = hole_box(reader, poly) else {
                return Some(Err(()));
            };
            // Ludii inflates the polygon by a tenth of a step before testing the centres.
            let margin = 0.1;
            let Cells { vertices, cells } = board;
            let probe = Cells {
                vertices,
                cells: Vec::new(),
            };
            let kept = cells
                .into_iter()
                .filter(|cell| {
                    let (x, y) = probe.centre(cell);
                    !(x > x0 - margin && x < x1 + margin && y > y0 - margin && y < y1 + margin)
                })
                .collect();
            board = Cells {
                vertices: probe.vertices,
                cells: kept,
            };
            Some(Ok(board))
        }
        "merge" => {
            let parts: Vec<&Node> = match shape.arg(0).and_then(Node::as_array) {
                Some(parts) if shape.children().len() == 1 => parts.iter().collect(),
                _ => shape.children().iter().collect(),
            };
            let rectangles = parts
                .into_iter()
                .map(rectangle_of_cells)
                .collect::<Option<Vec<_>>>()?;
            Some(Ok(merge(&rectangles)))
        }
        _ => None,
    }
}

/// A rectangle of cells shifted by whole or fractional steps: rows, columns, and the shift.
type Rectangle = (usize, usize, f64, f64);

/// `(rectangle r c)`, `(square n)` or either inside `(shift dx dy …)`.
fn rectangle_of_cells(part: &Node) -> Option<Rectangle> {
    let whole = |node: Option<&Node>| {
        node.and_then(Node::as_int)
            .and_then(|v| usize::try_from(v).ok())
    };
    match (part.head()?, part.children().len()) {
        ("rectangle", 2) => Some((whole(part.arg(0))?, whole(part.arg(1))?, 0.0, 0.0)),
        ("square", 1) => {
            let size = whole(part.arg(0))?;
            Some((size, size, 0.0, 0.0))
        }
        ("shift", 3) => {
            let (dx, dy) = (part.arg(0)?.as_number()?, part.arg(1)?.as_number()?);
            let (rows, columns, x, y) = rectangle_of_cells(part.arg(2)?)?;
            Some((rows, columns, x + dx, y + dy))
        }
        _ => None,
    }
}

/// The rectangles' vertices collated and merged, their edges, and the cells found on them.
fn merge(rectangles: &[Rectangle]) -> Cells {
    let mut vertices: Vec<(f64, f64)> = Vec::new();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut seen_edges = BTreeSet::new();
    for &(rows, columns, dx, dy) in rectangles {
        let mut ids = Vec::with_capacity((rows + 1) * (columns + 1));
        for row in 0..=rows {
            for column in 0..=columns {
                let point = (column as f64 + dx, row as f64 + dy);
                // Ludii merges vertices closer than a hundredth, keeping the earlier.
                let id = match vertices
                    .iter()
                    .position(|&(x, y)| (x - point.0).abs() < 0.01 && (y - point.1).abs() < 0.01)
                {
                    Some(id) => id,
                    None => {
                        vertices.push(point);
                        vertices.len() - 1
                    }
                };
                ids.push(id);
            }
        }
        let at = |row: usize, column: usize| ids[row * (columns + 1) + column];
        for row in 0..=rows {
            for column in 0..=columns {
                let mut link = |a: usize, b: usize| {
                    if seen_edges.insert((a.min(b), a.max(b))) {
                        edges.push((a, b));
                    }
                };
                if column < columns {
                    link(at(row, column), at(row, column + 1));
                }
                if row < rows {
                    link(at(row, column), at(row + 1, column));
                }
            }
        }
    }
    let cells = find_cells(&vertices, &edges);
    Cells { vertices, cells }
}

/// The cells as Ludii's `makeFaces` finds them (see the module's documentation).
fn find_cells(vertices: &[(f64, f64)], edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    /// Ludii's longest walk that can still be a cell.
    const MAX_SIDES: usize = 32;
    let other = |edge: usize, vertex: usize| {
        let (a, b) = edges[edge];
        if a == vertex { b } else { a }
    };
    let bearing = |from: usize, to: usize| {
        let ((x0, y0), (x1, y1)) = (vertices[from], vertices[to]);
        (y1 - y0).atan2(x1 - x0)
    };
    let mut around: Vec<Vec<usize>> = vec![Vec::new(); vertices.len()];
    for (edge, &(a, b)) in edges.iter().enumerate() {
        around[a].push(edge);
        around[b].push(edge);
    }
    for (vertex, list) in around.iter_mut().enumerate() {
        list.sort_by(|&e, &f| {
            bearing(vertex, other(e, vertex)).total_cmp(&bearing(vertex, other(f, vertex)))
        });
    }
    let mut cells = Vec::new();
    let mut found = BTreeSet::new();
    for start in 0..vertices.len() {
        for &first in &around[start] {
            let mut walk = vec![start];
            let (mut at, mut edge) = (start, first);
            let mut closed = false;
            while walk.len() <= MAX_SIDES {
                let here = &around[at];
                let Some(n) = here.iter().position(|&e| e == edge) else {
                    break;
                };
                if here.len() < 2 {
                    break;
                }
                edge = here[(n + 1) % here.len()];
                at = other(edge, at);
                if at == start {
                    closed = true;
                    break;
                }
                if walk.contains(&at) {
                    break;
                }
                walk.push(at);
            }
            if !closed || walk.len() < 3 {
                continue;
            }
            let doubled_area: f64 = (0..walk.len())
                .map(|i| {
                    let (a, b) = (vertices[walk[i]], vertices[walk[(i + 1) % walk.len()]]);
                    a.0 * b.1 - b.0 * a.1
                })
                .sum();
            let mut key = walk.clone();
            key.sort_unstable();
            if doubled_area < 0.0 && found.insert(key) {
                cells.push(walk);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::super::tests::vendored_board as board_of;
    use super::*;

    /// Where a site is: its column and row.
    fn place(geometry: &Geometry, site: usize) -> (usize, usize) {
        (0..19)
            .flat_map(|c| (0..19).map(move |r| (c, r)))
            .find(|&(c, r)| geometry.site_at(c, r) == Some(site))
            .unwrap_or_else(|| panic!("site {site} is at no square"))
    }

    /// Pachesi's safe squares are the description's region `"SafeSites"` by number; its rules
    /// say where they are: "counting from the bottom of each arm, the spaces marked are the
    /// fourth square in the outer rows and the first in the central row". Numbered row by row,
    /// as a plain rectangle is, the numbers would name other squares.
    #[test]
    fn the_cross_numbers_its_squares_where_the_rules_mark_them() {
        let (geometry, expanded) = board_of("Pachesi.lud");
        assert_eq!(geometry.sites(), 97, "96 squares and the central space");
        let region = expanded
            .game
            .walk()
            .find(|n| n.is_call("regions") && n.arg(0).and_then(Node::as_str) == Some("SafeSites"))
            .unwrap();
        let mut marked: Vec<(usize, usize)> = region
            .arg(1)
            .and_then(|s| s.arg(0))
            .and_then(Node::as_array)
            .unwrap()
            .iter()
            .map(|site| place(&geometry, site.as_int().unwrap() as usize))
            .collect();
        marked.sort_unstable();
        // Each arm's far end is its bottom: row 0 of the lower arm, column 18 of the right one,
        // row 18 of the upper one and column 0 of the left one.
        let mut rules = vec![
            (8, 3),
            (10, 3),
            (9, 0),
            (15, 8),
            (15, 10),
            (18, 9),
            (8, 15),
            (10, 15),
            (9, 18),
            (3, 8),
            (3, 10),
            (0, 9),
        ];
        rules.sort_unstable();
        assert_eq!(marked, rules);
    }

    /// Pachesi's first track, `"96,9,S,W,N,7,W,N,E,51,N,E,S,43,E,S,W,10,S,W1,N7,End"`: from the
    /// central space down the middle of the lower arm, round the cross and back up the middle
    /// to the square below the centre, each of its named squares where the walk needs it.
    #[test]
    fn the_first_track_goes_round_the_cross_and_home() {
        let (geometry, _) = board_of("Pachesi.lud");
        assert_eq!(
            place(&geometry, 96),
            (9, 9),
            "the central space is added last"
        );
        let walk = geometry
            .track("9,S,W,N,7,W,N,E,51,N,E,S,43,E,S,W,10,S,W1,N7")
            .unwrap();
        let at: Vec<(usize, usize)> = walk.iter().map(|&s| place(&geometry, s)).collect();
        assert_eq!(at.first(), Some(&(9, 7)));
        assert_eq!(at[7], (9, 0), "down the middle of the lower arm");
        assert_eq!(at.last(), Some(&(9, 7)), "and home up it");
        // Round the cross's outer rows and the far end of each middle row: 68 squares, the
        // 8 of the lower arm's middle row walked out and home again; each a step from the last,
        // across a corner of the central space where the track names the square.
        assert_eq!(at.len(), 8 + 67 + 8);
        let distinct: BTreeSet<&(usize, usize)> = at.iter().collect();
        assert_eq!(distinct.len(), 8 + 67);
        for pair in at.windows(2) {
            let ((c1, r1), (c2, r2)) = (pair[0], pair[1]);
            assert_eq!(c1.abs_diff(c2).max(r1.abs_diff(r2)), 1, "{pair:?}");
        }
    }
    /// Barjis's first track, `"96,9,S,E1,N,11,E,N,W,53,N,W,S,42,W,S,E,8,S,E1,N8"`, ends with
    /// eight steps north from the far end of the lower arm's middle row: seven squares of that
    /// row and, as Ludii's radial goes on across the central space, the central space itself,
    /// where the pieces end as the rules say ("back up the central row to the central space"):
    /// 85 places, as many as the hand-written engine's route.
    #[test]
    fn barjis_walks_home_into_the_central_space() {
        let (geometry, _) = board_of("Barjis.lud");
        let centre = geometry.centre();
        assert_eq!(centre, Some(96), "the central space is added last");
        let walk = geometry
            .track("96,9,S,E1,N,11,E,N,W,53,N,W,S,42,W,S,E,8,S,E1,N8")
            .unwrap();
        assert_eq!(walk.len(), 85);
        assert_eq!(walk.last(), Some(&96));
        let home: Vec<(usize, usize)> = walk[76..84].iter().map(|&s| place(&geometry, s)).collect();
        assert_eq!(home, (0..8).map(|r| (9, r)).collect::<Vec<_>>());
    }

    /// Ludii names a step by the compass point from centre to centre, of sixteen where a
    /// square's steps to its corners and edges share one of eight (every square's do): the
    /// central space is north of the middle square below it, and Ludii's radial north goes on
    /// through it into the upper arm; from the square beside that one it lies north-north-east,
    /// so no step north leads there, and a track's `N` stops at the arm's end.
    #[test]
    fn the_central_space_is_north_only_of_the_middle_square() {
        let (geometry, _) = board_of("Barjis.lud");
        let middle = geometry.site_at(9, 7).unwrap();
        let beside = geometry.site_at(8, 7).unwrap();
        let north = geometry.track(&format!("{middle},N")).unwrap();
        let at: Vec<(usize, usize)> = north[2..].iter().map(|&s| place(&geometry, s)).collect();
        assert_eq!(north[1], 96);
        assert_eq!(at, (11..19).map(|r| (9, r)).collect::<Vec<_>>());
        assert_eq!(geometry.track(&format!("{beside},N")).unwrap(), [beside]);
        assert_eq!(geometry.track(&format!("{beside},N3")).unwrap(), [beside]);
        assert_eq!(
            geometry.track(&format!("{beside},NNE1")).unwrap(),
            [beside, 96]
        );
    }

    /// Sokkattan's first track walks out from the central space down the middle of the lower
    /// arm and, round the cross, home up it, passing the lower arm's far end (site 55) and the
    /// squares of its middle row twice: the family plays such a track, so the reading reads it,
    /// each pass a position of its own, from the square where its pieces enter (site 67,
    /// on the way out), and the description plays.
    #[test]
    fn a_track_out_and_home_along_one_row_is_read_with_each_pass() {
        let (_, expanded) = board_of("Sokkattan.lud");
        let (reading, lacks) = crate::race_description::read_partly(&expanded);
        assert!(lacks.is_empty(), "{lacks:#?}");
        let first: Vec<&str> = reading["tracks"]
            .value
            .split(" | ")
            .next()
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(first.first(), Some(&"67"));
        assert_eq!(first.iter().filter(|&&c| c == "55").count(), 2, "{first:?}");
        assert_eq!(first.iter().filter(|&&c| c == "67").count(), 2, "{first:?}");
        assert_eq!(reading["earliest_pass_moves"].value, "true");
    }

    /// Pachih's turn, `(then (if (and (< (value Player Mover) 2) ("IsSpecialThrow")) (and
    /// (moveAgain) (set Value Mover (+ 1 (value Player Mover)))) (set Value Mover
    /// Undefined)))`: throws of 7, 25, 30 and 14 give another, counted in the player's value,
    /// which starts and is reset at Ludii's Undefined (-1) and grants while below 2: three in
    /// a row (the rules' "three total throws" would be two), read at its line; a throw passed
    /// is followed by the consequence too, as Ludii's `Do` makes the pass and gives it its own.
    #[test]
    fn pachih_caps_its_extra_throws_as_ludii_counts_them() {
        let (_, expanded) = board_of("Pachih.lud");
        let (reading, lacks) = crate::race_description::read_partly(&expanded);
        assert!(
            !lacks.iter().any(|lack| lack.what.contains("turn")),
            "{lacks:#?}"
        );
        let values = &reading["extra_throw_values"];
        assert_eq!(values.value, "7,25,30,14");
        assert_eq!(reading["extra_throws_in_a_row"].value, "3");
        assert_eq!(values.span.line, 66);
        // Its turn's `Do` gives the forced pass it makes its consequence too.
        assert_eq!(reading["extra_throw_on_pass"].value, "true");
    }

    /// Bargese's turn, `(then (if (is In (mapEntry "Throw" (count Pips)) (sites {12 25 11
    /// 6})) (moveAgain)))`, lists throws that give another; but its pieces move one less after
    /// an entry (`(if (< 0 (var "EnteredPiece")) (- ("ThrowValue") 1) ("ThrowValue"))`), so the
    /// values listed are not what they move, and the reading names that rather than take them.
    #[test]
    fn another_throw_on_values_the_pieces_do_not_move_is_named() {
        let (_, expanded) = board_of("Bargese.lud");
        let (reading, lacks) = crate::race_description::read_partly(&expanded);
        let lack = lacks
            .iter()
            .find(|lack| lack.what.starts_with("another throw on values other than"))
            .unwrap_or_else(|| panic!("{lacks:#?}"));
        assert_eq!(lack.span.line, 3, "at the define of IsSpecialThrow");
        assert!(!reading.contains_key("extra_throw_values"));
    }
}
