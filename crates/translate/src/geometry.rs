//! Ludii's mancala board as its descriptions number it, and its tracks read from their
//! direction strings, so that a description's sites can be matched with the family's holes.
//!
//! Ludii builds `(mancalaBoard rows columns)` row by row from the bottom, each row from the
//! left, with a store at each end unless `store:None` (the left store first, the right one
//! last). A track such as `"1,E,N,W"` starts at a site and walks in compass directions, each as
//! far as the board goes, or a given number of steps (`N1`).

use sowing::board::Board;

/// A site's place on the board: column and row as Ludii draws them.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    x: f64,
    y: f64,
}

/// Ludii's sites of a mancala board and how they match the family's cells.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Rows of holes.
    pub rows: usize,
    /// Holes in a row.
    pub columns: usize,
    /// Whether the board has the two stores.
    pub stores: bool,
    points: Vec<Point>,
    /// The pairs of sites joined by an edge, where only edges lead from a site to the next
    /// (a board laid out by [`Geometry::linked`]); `None` where any site within a step is a
    /// neighbour.
    links: Option<Vec<(usize, usize)>>,
    /// Each site's radials in each of the 16 compass directions (east first, counterclockwise),
    /// each the sites after it, where the board's tracks walk Ludii's radials
    /// ([`Geometry::walked`]).
    radials: Option<Radials>,
}

/// Each site's radials in each of the 16 compass directions (east first, counterclockwise),
/// each radial the sites it reaches in turn.
pub type Radials = Vec<[Vec<Vec<usize>>; 16]>;

/// Every site's radials in each of the 16 compass directions, as Ludii's `Trajectories`
/// follows them, from each site's steps (`steps[site]`: the neighbour and its compass
/// direction, sixteenths counterclockwise from east, in Ludii's order): from a site, its step
/// that way, then from each site reached the step that way which bends least from the last, by
/// less than a quarter radian, until none does or the radial would come back on itself
/// (`Trajectories.followRadial`); each radial once, the site itself left out.
pub fn radials(points: &[(f64, f64)], steps: &[Vec<(usize, usize)>]) -> Radials {
    let tan_threshold = 0.25f64.tan();
    (0..points.len())
        .map(|v| {
            let mut by_direction: [Vec<Vec<usize>>; 16] = Default::default();
            for &(first, d) in &steps[v] {
                let mut radial = vec![v, first];
                loop {
                    let (previous, current) = (radial[radial.len() - 2], radial[radial.len() - 1]);
                    let mut best: Option<usize> = None;
                    let mut best_tan = tan_threshold;
                    for &(next, nd) in &steps[current] {
                        if nd != d {
                            continue;
                        }
                        let tan = abs_tan_angle_difference(
                            points[previous],
                            points[current],
                            points[next],
                        );
                        if tan < best_tan {
                            best = Some(next);
                            best_tan = tan;
                            if tan == 0.0 {
                                break;
                            }
                        }
                    }
                    match best {
                        Some(next) if !radial.contains(&next) => radial.push(next),
                        _ => break,
                    }
                }
                radial.remove(0);
                if !by_direction[d].contains(&radial) {
                    by_direction[d].push(radial);
                }
            }
            by_direction
        })
        .collect()
}

/// Ludii's `MathRoutines.absTanAngleDifferencePosX`: how much the way from `b` to `c` bends
/// from the way from `a` to `b`, as the tangent of the angle (infinite past a right angle).
fn abs_tan_angle_difference(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    let (vx, vy) = (b.0 - a.0, b.1 - a.1);
    let (ux, uy) = (c.0 - b.0, c.1 - b.1);
    let x = ux * vx + uy * vy;
    if x <= 0.0 {
        return f64::INFINITY;
    }
    ((ux * -vy + uy * vx) / x).abs()
}

impl Geometry {
    /// The board `(mancalaBoard rows columns)`, with or without its stores.
    pub fn new(rows: usize, columns: usize, stores: bool) -> Geometry {
        let mut points = Vec::new();
        let middle = (rows as f64 - 1.0) / 2.0;
        if stores {
            points.push(Point {
                x: -0.85,
                y: middle,
            });
        }
        for row in 0..rows {
            for column in 0..columns {
                points.push(Point {
                    x: column as f64,
                    y: row as f64,
                });
            }
        }
        if stores {
            points.push(Point {
                x: columns as f64 - 0.15,
                y: middle,
            });
        }
        Geometry {
            rows,
            columns,
            stores,
            points,
            links: None,
            radials: None,
        }
    }

    /// A board of square cells, `rows` by `columns`, numbered as Ludii numbers
    /// `(rectangle rows columns)`: row by row from the bottom, each from the left, leaving out
    /// the cells `removed` (row from the bottom, column) names, as Ludii's `(hole …)` and
    /// `(remove …)` do. Only [`Geometry::sites`], [`Geometry::track`] and
    /// [`Geometry::site_at`] apply to such a board; the other methods number a mancala board's
    /// complete rows.
    pub fn grid(rows: usize, columns: usize, removed: impl Fn(usize, usize) -> bool) -> Geometry {
        let points = (0..rows)
            .flat_map(|row| (0..columns).map(move |column| (row, column)))
            .filter(|&(row, column)| !removed(row, column))
            .map(|(row, column)| Point {
                x: column as f64,
                y: row as f64,
            })
            .collect();
        Geometry {
            rows,
            columns,
            stores: false,
            points,
            links: None,
            radials: None,
        }
    }

    /// A board of `sites` sites known only by their numbers (Ludii's `(concentric {n})`): it
    /// has no rows or columns, so no place on it is read by its position.
    pub fn numbered(sites: usize) -> Geometry {
        let points = (0..sites)
            .map(|site| Point {
                x: site as f64,
                y: 0.0,
            })
            .collect();
        Geometry {
            rows: 0,
            columns: 0,
            stores: false,
            points,
            links: None,
            radials: None,
        }
    }

    /// The sites of column `column` from the left, bottom to top (none on a board of numbers).
    pub fn column_sites(&self, column: usize) -> Vec<usize> {
        (0..self.rows).map(|row| self.hole(row, column)).collect()
    }

    /// The sites within `steps` steps of `sites`, stepping to orthogonal neighbours or also
    /// to diagonal ones, when both give the same sites (so the board's adjacency does not
    /// matter); `None` otherwise.
    pub fn expand(&self, sites: &[usize], steps: usize) -> Option<Vec<usize>> {
        let [orthogonal, diagonal] = [1.01, 1.5].map(|reach| {
            let mut found: Vec<usize> = sites.to_vec();
            for _ in 0..steps {
                let mut next = found.clone();
                for (other, point) in self.points.iter().enumerate() {
                    let near = found.iter().any(|&site| {
                        let from = self.points[site];
                        let (dx, dy) = (point.x - from.x, point.y - from.y);
                        (dx * dx + dy * dy).sqrt() <= reach
                    });
                    if near && !next.contains(&other) {
                        next.push(other);
                    }
                }
                found = next;
            }
            found.sort_unstable();
            found
        });
        (orthogonal == diagonal).then_some(orthogonal)
    }

    /// Sites at the points `points` (column, row), numbered as Ludii numbers the vertices of a
    /// graph merged from grids (`(merge {…})` of shifted rectangles): in the order given (each
    /// grid's points in turn, as Ludii's `Merge` collates its graphs' vertices without
    /// reordering them), a point that coincides with an earlier one merged into it.
    pub fn merged(points: impl IntoIterator<Item = (usize, usize)>) -> Geometry {
        let mut points: Vec<(usize, usize)> = points.into_iter().collect();
        let mut seen = std::collections::BTreeSet::new();
        points.retain(|&point| seen.insert(point));
        let rows = points.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        let columns = points.iter().map(|p| p.0 + 1).max().unwrap_or(0);
        Geometry {
            rows,
            columns,
            stores: false,
            points: points
                .into_iter()
                .map(|(column, row)| Point {
                    x: column as f64,
                    y: row as f64,
                })
                .collect(),
            links: None,
            radials: None,
        }
    }

    /// Sites at the points `points` (column, row; fractions allowed), numbered in the order
    /// given: a board whose numbering its reader has worked out (the cells of a merged board,
    /// [`crate::race_description`]). A site is at a column and row only where its point is.
    pub fn at_points(points: impl IntoIterator<Item = (f64, f64)>) -> Geometry {
        let points: Vec<Point> = points.into_iter().map(|(x, y)| Point { x, y }).collect();
        let extent = |of: fn(&Point) -> f64| {
            points
                .iter()
                .map(|p| of(p).floor() as usize + 1)
                .max()
                .unwrap_or(0)
        };
        Geometry {
            rows: extent(|p| p.y),
            columns: extent(|p| p.x),
            stores: false,
            points,
            links: None,
            radials: None,
        }
    }

    /// Sites at the points `points` (column, row; fractions allowed) in the order given, each
    /// with its steps to its neighbours as Ludii's trajectories name them (`compass`: per site,
    /// the compass point in sixteenths anticlockwise from east and the neighbour, in Ludii's
    /// order): a board whose cells and their adjacency its reader has worked out. A track's
    /// direction walks Ludii's radial that way ([`Geometry::track`]).
    pub fn with_compass(
        points: impl IntoIterator<Item = (f64, f64)>,
        compass: Vec<Vec<(u8, usize)>>,
    ) -> Geometry {
        let points: Vec<(f64, f64)> = points.into_iter().collect();
        let steps: Vec<Vec<(usize, usize)>> = compass
            .into_iter()
            .map(|steps| {
                steps
                    .into_iter()
                    .map(|(point, site)| (site, usize::from(point)))
                    .collect()
            })
            .collect();
        let mut geometry = Geometry::at_points(points.iter().copied());
        geometry.radials = Some(radials(&points, &steps));
        geometry
    }

    /// Sites at the points `points` (x, y; fractions and negatives allowed) in the order given,
    /// a site stepping only along the `links` (pairs of sites) to the next: a board whose
    /// sites and edges its reader has laid out (a merged board's vertices, each part's edges
    /// kept). It has no rows or columns; its sides are read from its points
    /// ([`Geometry::side`]).
    pub fn linked(points: &[(f64, f64)], links: Vec<(usize, usize)>) -> Geometry {
        Geometry {
            rows: 0,
            columns: 0,
            stores: false,
            points: points.iter().map(|&(x, y)| Point { x, y }).collect(),
            links: Some(links),
            radials: None,
        }
    }

    /// Sites at the points `points` (x, y) in the order given, whose tracks' directions walk
    /// the `radials` given for each site (a board laid out as Ludii lays out its graph,
    /// `race_description::graph`): a direction walks its one radial from the site, as far as it
    /// goes or the number after it says, and none where the site has none that way. It has no
    /// rows or columns.
    pub fn walked(points: Vec<(f64, f64)>, radials: Radials) -> Geometry {
        Geometry {
            rows: 0,
            columns: 0,
            stores: false,
            points: points.into_iter().map(|(x, y)| Point { x, y }).collect(),
            links: None,
            radials: Some(radials),
        }
    }

    /// Whether the board was laid out by its reader ([`Geometry::linked`]), so that its tracks'
    /// directions walk along its edges.
    pub fn is_laid_out(&self) -> bool {
        self.links.is_some()
    }

    /// The sites of a side of a laid-out board ([`Geometry::linked`]), as Ludii's `(sites
    /// Bottom)`, `Top`, `Left` and `Right` gather a graph's vertices: those lowest, highest,
    /// leftmost or rightmost, to a hundredth. `None` for another name, or on a board with
    /// rows (whose sides are its outer rows and columns).
    pub fn side(&self, name: &str) -> Option<Vec<usize>> {
        self.links.as_ref()?;
        let (of, lowest): (fn(&Point) -> f64, bool) = match name {
            "Bottom" => (|p| p.y, true),
            "Top" => (|p| p.y, false),
            "Left" => (|p| p.x, true),
            "Right" => (|p| p.x, false),
            _ => return None,
        };
        let values = self.points.iter().map(of);
        let extreme = if lowest {
            values.fold(f64::INFINITY, f64::min)
        } else {
            values.fold(f64::NEG_INFINITY, f64::max)
        };
        Some(
            (0..self.points.len())
                .filter(|&site| (of(&self.points[site]) - extreme).abs() < 0.01)
                .collect(),
        )
    }

    /// The site at `column` (from the left) and `row` (from the bottom), if the board has one
    /// there: what Ludii's coordinates such as `"G3"` name.
    pub fn site_at(&self, column: usize, row: usize) -> Option<usize> {
        self.points
            .iter()
            .position(|p| p.x == column as f64 && p.y == row as f64)
    }

    /// Ludii's `(centrePoint)` where it is plain: the site at the centre of a board whose
    /// sites lie symmetric about that centre (each has one opposite it), where the sum of
    /// squared distances to any symmetric set of sites, such as the perimeter and corners
    /// Ludii measures from, is least (`MeasureGraph.measureGeometricCentre`); `None` on a
    /// board that is not so.
    pub fn centre(&self) -> Option<usize> {
        let n = self.points.len() as f64;
        let (x, y) = self
            .points
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.x / n, y + p.y / n));
        let near = |a: f64, b: f64| (a - b).abs() < 0.01;
        let symmetric = self.points.iter().all(|p| {
            self.points
                .iter()
                .any(|q| near(q.x, 2.0 * x - p.x) && near(q.y, 2.0 * y - p.y))
        });
        let mut at = (0..self.points.len())
            .filter(|&s| near(self.points[s].x, x) && near(self.points[s].y, y));
        match (symmetric, at.next(), at.next()) {
            (true, Some(site), None) => Some(site),
            _ => None,
        }
    }

    /// Sites on the board.
    pub fn sites(&self) -> usize {
        self.points.len()
    }

    /// The site of the hole in `row` (from the bottom) and `column` (from the left).
    pub fn hole(&self, row: usize, column: usize) -> usize {
        usize::from(self.stores) + row * self.columns + column
    }

    /// The left store's site and the right one's, when the board has stores.
    pub fn store_sites(&self) -> Option<(usize, usize)> {
        self.stores.then(|| (0, self.sites() - 1))
    }

    /// Whether `site` is a hole (not a store).
    pub fn is_hole(&self, site: usize) -> bool {
        match self.store_sites() {
            Some((left, right)) => site != left && site != right && site < self.sites(),
            None => site < self.sites(),
        }
    }

    /// The row (from the bottom) and column of a hole's site.
    pub fn row_column(&self, site: usize) -> Option<(usize, usize)> {
        if !self.is_hole(site) {
            return None;
        }
        let index = site - usize::from(self.stores);
        Some((index / self.columns, index % self.columns))
    }

    /// The sites of row `row` from the bottom, left to right.
    pub fn row_sites(&self, row: usize) -> Vec<usize> {
        (0..self.columns).map(|c| self.hole(row, c)).collect()
    }

    /// The sites a track's direction string walks, in order, or why it cannot be read.
    pub fn track(&self, spec: &str) -> Result<Vec<usize>, String> {
        let mut sites: Vec<usize> = Vec::new();
        for token in spec.split(',').map(str::trim) {
            if let Ok(site) = token.parse::<usize>() {
                if site >= self.sites() {
                    return Err(format!("site {site} is not on the board"));
                }
                sites.push(site);
                continue;
            }
            let letters: String = token
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            let steps: Option<usize> = token[letters.len()..].parse().ok();
            if !token[letters.len()..].is_empty() && steps.is_none() {
                return Err(format!("{token:?} is neither a site nor a direction"));
            }
            let angle = compass(&letters).ok_or_else(|| format!("{letters:?} is no direction"))?;
            let mut at = *sites
                .last()
                .ok_or_else(|| format!("the track starts with a direction, {token:?}"))?;
            if let Some(radials) = &self.radials {
                let index = (angle / 22.5) as usize;
                let walked = match radials[at][index].as_slice() {
                    [] => &[][..],
                    [radial] => &radial[..steps.unwrap_or(usize::MAX).min(radial.len())],
                    _ => return Err(format!("{token}: several radials that way from site {at}")),
                };
                sites.extend_from_slice(walked);
                continue;
            }
            let mut walked = 0;
            while steps.is_none_or(|n| walked < n) {
                match self.step(at, angle) {
                    Some(next) => {
                        sites.push(next);
                        at = next;
                        walked += 1;
                    }
                    None if steps.is_some() => {
                        return Err(format!("{token}: no site that way from site {at}"));
                    }
                    None => break,
                }
                if walked > self.sites() {
                    return Err(format!("{token}: the walk does not end"));
                }
            }
        }
        Ok(sites)
    }

    /// The neighbouring site from `site` in the direction `angle` (degrees, east 0, north
    /// 90): the nearest site within a step and a half whose bearing is within 30°.
    fn step(&self, site: usize, angle: f64) -> Option<usize> {
        let from = self.points[site];
        let mut best: Option<(f64, f64, usize)> = None;
        for (other, point) in self.points.iter().enumerate() {
            if other == site {
                continue;
            }
            if self.links.as_ref().is_some_and(|links| {
                !links.contains(&(site, other)) && !links.contains(&(other, site))
            }) {
                continue;
            }
            let (dx, dy) = (point.x - from.x, point.y - from.y);
            let distance = (dx * dx + dy * dy).sqrt();
            if distance > 1.5 {
                continue;
            }
            let bearing = dy.atan2(dx).to_degrees();
            let off = ((bearing - angle + 540.0) % 360.0 - 180.0).abs();
            if off > 30.0 {
                continue;
            }
            let candidate = (distance, off, other);
            if best.is_none_or(|b| (candidate.0, candidate.1) < (b.0, b.1)) {
                best = Some(candidate);
            }
        }
        best.map(|(_, _, site)| site)
    }

    /// The Ludii site of each of the family's cells on `board` (holes, then the stores that
    /// are in the track), when the family's numbering can be laid on this board.
    pub fn cells_of(&self, board: &Board) -> Option<Vec<usize>> {
        if board.rows != self.rows || board.row != self.columns {
            return None;
        }
        let c = self.columns;
        let mut cells = Vec::with_capacity(board.holes);
        match self.rows {
            2 => {
                cells.extend(self.row_sites(0));
                cells.extend(self.row_sites(1).into_iter().rev());
            }
            4 => {
                cells.extend(self.row_sites(0));
                cells.extend(self.row_sites(1).into_iter().rev());
                cells.extend(self.row_sites(2));
                cells.extend(self.row_sites(3).into_iter().rev());
            }
            _ => return None,
        }
        debug_assert_eq!(cells.len(), board.holes);
        let _ = c;
        Some(cells)
    }
}

/// The bearing of a compass direction, in degrees (east 0, north 90).
fn compass(name: &str) -> Option<f64> {
    const POINTS: [&str; 16] = [
        "E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW", "W", "WSW", "SW", "SSW", "S", "SSE",
        "SE", "ESE",
    ];
    POINTS
        .iter()
        .position(|p| *p == name)
        .map(|i| i as f64 * 22.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(rows: usize, columns: usize, stores: bool, spec: &str, expect: &[usize]) {
        let geometry = Geometry::new(rows, columns, stores);
        assert_eq!(geometry.track(spec).unwrap(), expect, "{spec}");
    }

    #[test]
    fn tracks_walk_as_ludii_draws_them() {
        check(
            2,
            6,
            false,
            "0,E,N,W",
            &[0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6],
        );
        check(
            2,
            6,
            true,
            "1,E,N,W",
            &[1, 2, 3, 4, 5, 6, 12, 11, 10, 9, 8, 7],
        );
        check(
            2,
            6,
            false,
            "5,W,N,E",
            &[5, 4, 3, 2, 1, 0, 6, 7, 8, 9, 10, 11],
        );
        check(
            2,
            6,
            true,
            "0,ESE,E,ENE,WNW,N,W",
            &[0, 1, 2, 3, 4, 5, 6, 13, 12, 11, 10, 9, 8, 7],
        );
        check(4, 4, false, "0,E,N1,W", &[0, 1, 2, 3, 7, 6, 5, 4]);
        check(4, 4, false, "8,E,N1,W", &[8, 9, 10, 11, 15, 14, 13, 12]);
    }

    #[test]
    fn a_grid_with_holes_numbers_the_cells_left() {
        // The Royal Game of Ur: a 3x8 rectangle without columns 4 and 5 of the outer rows.
        let ur = Geometry::grid(3, 8, |row, column| row != 1 && (4..6).contains(&column));
        assert_eq!(ur.sites(), 20);
        assert_eq!(ur.site_at(6, 2), Some(18));
        assert_eq!(ur.site_at(4, 0), None);
        assert_eq!(
            ur.track("3,W,N1,E,S1,W").unwrap(),
            [3, 2, 1, 0, 6, 7, 8, 9, 10, 11, 12, 13, 5, 4]
        );
    }

    #[test]
    fn a_track_off_the_board_is_refused() {
        let geometry = Geometry::new(2, 6, false);
        assert!(geometry.track("40,E").is_err());
        assert!(geometry.track("0,Q").is_err());
        assert!(geometry.track("E,N").is_err());
    }
}
