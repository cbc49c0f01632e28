//! Boards that are not grids of square cells, laid out as Ludii lays out their graphs: the
//! points (vertices) and edges of `rectangle`, `square`, `graph`, `concentric`, moved by `shift`,
//! `rotate` and `scale`, put together by `merge` and `add`, each site numbered as Ludii numbers
//! it, and each track's directions walked as Ludii's radials walk them.
//!
//! What Ludii's engine does, read from its graph operators and `Trajectories`:
//!
//! - `(rectangle r c)` and `(square n)` lay out a grid of `r` rows of `c` points at whole
//!   columns and rows (Ludii builds a board for the site type it is played on, and only for
//!   cells does a grid have a point more each way), joined by an edge to each orthogonal
//!   neighbour; the points are numbered row by row from the bottom, each from the left, and the
//!   edges by their midpoints the same way (Ludii's `reorder`, by `y * 100 + x`).
//! - `(graph vertices:{…} edges:{…})` keeps its points (read as Java floats) and edges in the order
//!   written.
//! - `(concentric {n})` played on its vertices is a polygon of `n` points on a circle of
//!   radius `n / 2π`, the first at the top and the others counterclockwise, joined round,
//!   numbered by `y * 100 + x` as above.
//! - `shift`, `rotate` (about the centre of the points' bounding box, counterclockwise in
//!   degrees) and `scale` move the points and keep their numbers.
//! - `merge` collates its parts' points and edges in order, then merges each point into the
//!   first earlier one within a tolerance (the sum of the differences in x and y under 0.01),
//!   renumbering the later ones, and drops repeated edges; `add` appends `vertices:` (unless one
//!   coincides) and `edges:` (pairs of vertex numbers, or of points); `remove` takes away
//!   `edges:` (pairs of vertex numbers), then `vertices:` (by number, the highest first, or by
//!   place), each with its edges and the faces round it, renumbering the later ones down.
//! - A graph's faces are found anew by `merge`, `graph` and the grids (Ludii's `makeFaces`: from
//!   each vertex along each of its edges in turn, turning to the next edge by bearing at each
//!   vertex, a walk that closes within 33 sides clockwise is a face); `add` keeps the faces found
//!   before, and a ring of points has none.
//! - From each vertex a step leads along each edge, and across each face of four sides or more
//!   to the vertex whose line from the vertex passes nearest the face's centre. Each step has a
//!   compass direction: the nearest of eight, or of sixteen where two of the vertex's steps
//!   (to vertices, to its edges' midpoints and to its faces' centres) fall in one of the eight,
//!   as they do at any vertex with an edge.
//! - A direction of a track (`N`, `SSE`, `NNW2`) walks the radial from the site in that
//!   direction: the step so labelled, then from each site reached the step so labelled there
//!   that bends least from the way walked, within a quarter of a radian, until none does or the
//!   radial would come back on itself; a number after the direction walks at most so many steps
//!   of it, and a direction without a radial walks none.

use ludii::{Kind, Node};

use super::{Brief, Reader};
use crate::geometry::{Geometry, Radials};

/// How the board is played, which decides how many points a grid has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Use {
    /// On its vertices: a grid of `r` by `c` points.
    Vertex,
    /// On its edges: built as for the vertices (Ludii builds the board for the site type it is
    /// played on, which is no cell), each edge a site.
    Edge,
}

/// A graph as Ludii lays it out: points, edges (pairs of points) and faces (points in order).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Graph {
    pub(super) points: Vec<(f64, f64)>,
    pub(super) edges: Vec<(usize, usize)>,
    pub(super) faces: Vec<Vec<usize>>,
}

/// The board `shape`, played as `on` says, as a board whose tracks walk Ludii's radials; the
/// part the builder does not read is named.
pub(super) fn read(reader: &mut Reader, shape: &Node, on: Use) -> Option<Geometry> {
    let graph = match build(shape) {
        Ok(graph) => graph,
        Err(part) => {
            reader.lack(
                part,
                format!(
                    "a board that is not a grid of square cells: {}",
                    part.head()
                        .map_or_else(|| Brief(part).to_string(), str::to_string)
                ),
            );
            return None;
        }
    };
    match on {
        Use::Vertex => Some(Geometry::walked(graph.points.clone(), graph.radials())),
        // Played on its edges, a site is an edge, at its midpoint; Ludii walks no direction
        // between edges, so a track of such a board is a list of sites.
        Use::Edge => Some(Geometry::walked(
            graph
                .edges
                .iter()
                .map(|&(a, b)| graph.midpoint(a, b))
                .collect(),
            vec![Default::default(); graph.edges.len()],
        )),
    }
}

/// The graph `shape` describes, or the part of it the builder does not read.
pub(super) fn build(shape: &Node) -> Result<Graph, &Node> {
    build_on(shape, false)
}

/// The graph `shape` describes for a board played on its cells, each grid a point more each
/// way than for its vertices (Ludii's `RectangleOnSquare` for `Cell`), or the part of it the
/// builder does not read; its cells are its faces, in the order found.
pub(super) fn build_cells(shape: &Node) -> Result<Graph, &Node> {
    build_on(shape, true)
}

fn build_on(shape: &Node, cells: bool) -> Result<Graph, &Node> {
    // A grid of cells has a point more each way than its cells.
    let extra = usize::from(cells);
    let number = |n: Option<&Node>| n.and_then(Node::as_number).ok_or(shape);
    let named_only = |keys: &[&str]| {
        shape.children().iter().all(|n| match &n.kind {
            Kind::Named { key, .. } => keys.contains(&key.as_str()),
            _ => true,
        })
    };
    let positional = shape.positional().count();
    match shape.head() {
        Some("rectangle") if positional == 2 && named_only(&[]) => {
            let (rows, columns) = (whole(shape.arg(0)), whole(shape.arg(1)));
            let (Some(rows), Some(columns)) = (rows, columns) else {
                return Err(shape);
            };
            Ok(Graph::grid(rows + extra, columns + extra))
        }
        Some("square") if positional == 1 && named_only(&[]) => {
            let size = whole(shape.arg(0)).ok_or(shape)?;
            Ok(Graph::grid(size + extra, size + extra))
        }
        Some("shift") if positional == 3 && named_only(&[]) => {
            let (dx, dy) = (number(shape.arg(0))?, number(shape.arg(1))?);
            let mut graph = build_on(shape.arg(2).ok_or(shape)?, cells)?;
            for point in &mut graph.points {
                *point = (point.0 + dx, point.1 + dy);
            }
            Ok(graph)
        }
        Some("scale") if (2..=3).contains(&positional) && named_only(&[]) => {
            let sx = number(shape.arg(0))?;
            let sy = if positional == 3 {
                number(shape.arg(1))?
            } else {
                sx
            };
            let mut graph = build_on(shape.arg(positional - 1).ok_or(shape)?, cells)?;
            for point in &mut graph.points {
                *point = (point.0 * sx, point.1 * sy);
            }
            Ok(graph)
        }
        Some("rotate") if positional == 2 && named_only(&[]) => {
            let degrees = number(shape.arg(0))?;
            let mut graph = build_on(shape.arg(1).ok_or(shape)?, cells)?;
            graph.rotate(degrees);
            Ok(graph)
        }
        Some("merge") if named_only(&[]) => {
            let parts: Vec<&Node> = match (positional, shape.arg(0).and_then(Node::as_array)) {
                (1, Some(parts)) => parts.iter().collect(),
                (2.., _) => shape.positional().collect(),
                _ => return Err(shape),
            };
            let parts = parts
                .into_iter()
                .map(|part| build_on(part, cells))
                .collect::<Result<Vec<Graph>, &Node>>()?;
            Ok(Graph::merged(parts))
        }
        Some("add") if positional <= 1 && named_only(&["vertices", "edges"]) => {
            let mut graph = match shape.arg(0) {
                Some(inner) => build_on(inner, cells)?,
                None => Graph::default(),
            };
            if let Some(vertices) = shape.named("vertices") {
                for point in points(vertices).ok_or(vertices)? {
                    if graph.find(point).is_none() {
                        graph.points.push(point);
                    }
                }
            }
            if let Some(edges) = shape.named("edges") {
                for edge in edges.as_array().ok_or(edges)? {
                    let (a, b) = graph.edge_ends(edge).ok_or(edge)?;
                    graph.find_or_add_edge(a, b);
                }
            }
            Ok(graph)
        }
        Some("remove") if positional == 1 && named_only(&["vertices", "edges"]) => {
            let mut graph = build_on(shape.arg(0).ok_or(shape)?, cells)?;
            if let Some(edges) = shape.named("edges") {
                for edge in edges.as_array().ok_or(edges)? {
                    let (a, b) = index_pair(edge).ok_or(edge)?;
                    graph.remove_edge(a, b);
                }
            }
            if let Some(vertices) = shape.named("vertices") {
                let list = vertices.as_array().ok_or(vertices)?;
                let mut indices: Vec<usize> = Vec::new();
                for vertex in list {
                    let index = match (vertex.as_int(), point(vertex)) {
                        (Some(index), _) => usize::try_from(index).ok(),
                        (None, Some(at)) => graph.find(at),
                        _ => return Err(vertex),
                    };
                    indices.extend(index);
                }
                if list.first().is_some_and(|v| v.as_int().is_some()) {
                    // Removed by number, the highest first.
                    indices.sort_unstable();
                    indices.reverse();
                }
                for index in indices {
                    if index < graph.points.len() {
                        graph.remove_vertex(index);
                    }
                }
            }
            Ok(graph)
        }
        Some("graph") if positional == 0 && named_only(&["vertices", "edges"]) => {
            let vertices = shape.named("vertices").ok_or(shape)?;
            // Ludii reads a graph's points as Java floats.
            let points = points(vertices)
                .ok_or(vertices)?
                .into_iter()
                .map(|(x, y)| (f64::from(x as f32), f64::from(y as f32)))
                .collect();
            let mut graph = Graph {
                points,
                ..Graph::default()
            };
            if let Some(edges) = shape.named("edges") {
                for edge in edges.as_array().ok_or(edges)? {
                    let pair = index_pair(edge).ok_or(edge)?;
                    if pair.0 >= graph.points.len() || pair.1 >= graph.points.len() {
                        return Err(edge);
                    }
                    graph.find_or_add_edge(pair.0, pair.1);
                }
            }
            graph.faces = graph.make_faces();
            Ok(graph)
        }
        Some("concentric") if positional == 1 && named_only(&[]) && !cells => {
            let rings = shape.arg(0).and_then(Node::as_array).ok_or(shape)?;
            match rings {
                [ring] => {
                    let sides = whole(Some(ring)).filter(|&n| n >= 3).ok_or(shape)?;
                    Ok(Graph::polygon(sides))
                }
                _ => Err(shape),
            }
        }
        _ => Err(shape),
    }
}

/// A whole number of one or more.
fn whole(node: Option<&Node>) -> Option<usize> {
    node.and_then(Node::as_int)
        .and_then(|v| usize::try_from(v).ok())
        .filter(|&v| v > 0)
}

/// `{{x y} …}`: points.
fn points(node: &Node) -> Option<Vec<(f64, f64)>> {
    node.as_array()?.iter().map(point).collect()
}

/// `{x y}`: a point.
fn point(node: &Node) -> Option<(f64, f64)> {
    match node.as_array()? {
        [x, y] => Some((x.as_number()?, y.as_number()?)),
        _ => None,
    }
}

/// `{a b}`: two vertex numbers.
fn index_pair(node: &Node) -> Option<(usize, usize)> {
    match node.as_array()? {
        [a, b] => Some((
            usize::try_from(a.as_int()?).ok()?,
            usize::try_from(b.as_int()?).ok()?,
        )),
        _ => None,
    }
}

/// Ludii's `Trajectories.mapAngleToAbsoluteDirection` on the plane, as an index from east (0):
/// the nearest of the eight directions (even indices) or of the sixteen, from east (0)
/// counterclockwise.
fn direction(from: (f64, f64), to: (f64, f64), sixteen: bool) -> usize {
    use std::f64::consts::PI;
    let mut angle = (to.1 - from.1).atan2(to.0 - from.0);
    while angle < 0.0 {
        angle += 2.0 * PI;
    }
    while angle > 2.0 * PI {
        angle -= 2.0 * PI;
    }
    let sectors = if sixteen { 16 } else { 8 };
    let off = PI / f64::from(sectors);
    let width = 2.0 * PI / f64::from(sectors);
    for sector in 0..sectors {
        if angle < off + width * f64::from(sector) {
            return (sector as usize * 16 / sectors as usize) % 16;
        }
    }
    0
}

impl Graph {
    /// `(rectangle rows columns)` on the square basis: the grid of points, its edges and faces,
    /// numbered as Ludii's `reorder` numbers them.
    fn grid(rows: usize, columns: usize) -> Graph {
        let points = (0..rows)
            .flat_map(|r| (0..columns).map(move |c| (c as f64, r as f64)))
            .collect();
        let mut graph = Graph {
            points,
            ..Graph::default()
        };
        for r in 0..rows {
            for c in 0..columns {
                let at = r * columns + c;
                if c + 1 < columns {
                    graph.edges.push((at, at + 1));
                }
                if r + 1 < rows {
                    graph.edges.push((at, at + columns));
                }
            }
        }
        graph.reorder_edges();
        graph.faces = graph.make_faces();
        graph
    }

    /// `(concentric {sides})` on its vertices: a polygon on a circle, numbered by position.
    fn polygon(sides: usize) -> Graph {
        use std::f64::consts::PI;
        let n = sides as f64;
        let radius = n / (2.0 * PI);
        let offset = if sides == 4 { PI / 4.0 } else { PI / 2.0 };
        let points: Vec<(f64, f64)> = (0..sides)
            .map(|k| {
                let theta = offset + k as f64 / n * 2.0 * PI;
                (radius * theta.cos(), radius * theta.sin())
            })
            .collect();
        let edges = (0..sides).map(|k| (k, (k + 1) % sides)).collect();
        let mut graph = Graph {
            points,
            edges,
            faces: Vec::new(),
        };
        graph.reorder_points();
        graph.reorder_edges();
        graph
    }

    /// Ludii's `reorder` of the vertices: by `y * 100 + x`, ties in their order; the edges
    /// follow their points.
    fn reorder_points(&mut self) {
        let mut order: Vec<usize> = (0..self.points.len()).collect();
        order.sort_by(|&a, &b| score(self.points[a]).total_cmp(&score(self.points[b])));
        let mut renumber = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            renumber[old] = new;
        }
        self.points = order.iter().map(|&old| self.points[old]).collect();
        for edge in &mut self.edges {
            *edge = (renumber[edge.0], renumber[edge.1]);
        }
    }

    /// Ludii's `reorder` of the edges: by their midpoints' `y * 100 + x`.
    fn reorder_edges(&mut self) {
        let midpoints: Vec<f64> = self
            .edges
            .iter()
            .map(|&(a, b)| score(self.midpoint(a, b)))
            .collect();
        let mut order: Vec<usize> = (0..self.edges.len()).collect();
        order.sort_by(|&a, &b| midpoints[a].total_cmp(&midpoints[b]));
        self.edges = order.iter().map(|&e| self.edges[e]).collect();
    }

    fn midpoint(&self, a: usize, b: usize) -> (f64, f64) {
        let (pa, pb) = (self.points[a], self.points[b]);
        ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0)
    }

    /// Ludii's `Graph.rotate`: about the centre of the points' bounding box.
    fn rotate(&mut self, degrees: f64) {
        if self.points.is_empty() {
            return;
        }
        let theta = degrees.to_radians();
        let (mut x0, mut y0, mut x1, mut y1) = (1e6, 1e6, -1e6, -1e6);
        for &(x, y) in &self.points {
            x0 = f64::min(x0, x);
            x1 = f64::max(x1, x);
            y0 = f64::min(y0, y);
            y1 = f64::max(y1, y);
        }
        let (px, py) = (x0 + (x1 - x0) / 2.0, y0 + (y1 - y0) / 2.0);
        for point in &mut self.points {
            let (dx, dy) = (point.0 - px, point.1 - py);
            *point = (
                px + dx * theta.cos() - dy * theta.sin(),
                py + dy * theta.cos() + dx * theta.sin(),
            );
        }
    }

    /// Ludii's `Merge`: the parts' points and edges in order, coincident points merged into the
    /// earlier, repeated edges dropped, the faces found anew.
    fn merged(parts: Vec<Graph>) -> Graph {
        let mut points: Vec<(f64, f64)> = Vec::new();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for part in parts {
            let offset = points.len();
            points.extend(part.points);
            edges.extend(part.edges.iter().map(|&(a, b)| (a + offset, b + offset)));
        }
        // Each point in turn absorbs the later ones that coincide with it, the last first.
        let mut v = 0;
        while v < points.len() {
            let mut other = points.len() - 1;
            while other > v {
                let (a, b) = (points[v], points[other]);
                if (a.0 - b.0).abs() + (a.1 - b.1).abs() < 0.01 {
                    for edge in &mut edges {
                        for end in [&mut edge.0, &mut edge.1] {
                            if *end == other {
                                *end = v;
                            } else if *end > other {
                                *end -= 1;
                            }
                        }
                    }
                    points.remove(other);
                }
                other -= 1;
            }
            v += 1;
        }
        let mut graph = Graph {
            points,
            edges: Vec::new(),
            faces: Vec::new(),
        };
        for (a, b) in edges {
            graph.find_or_add_edge(a, b);
        }
        graph.faces = graph.make_faces();
        graph
    }

    /// The first point within Ludii's tolerance of `point`.
    fn find(&self, point: (f64, f64)) -> Option<usize> {
        self.points
            .iter()
            .position(|p| (p.0 - point.0).abs() + (p.1 - point.1).abs() < 0.0001)
    }

    /// An edge given as two vertex numbers, or as two points (each found or added).
    fn edge_ends(&mut self, edge: &Node) -> Option<(usize, usize)> {
        if let Some((a, b)) = index_pair(edge) {
            return (a < self.points.len() && b < self.points.len()).then_some((a, b));
        }
        let [a, b] = edge.as_array()? else {
            return None;
        };
        let mut end = |node: &Node| {
            let p = point(node)?;
            Some(self.find(p).unwrap_or_else(|| {
                self.points.push(p);
                self.points.len() - 1
            }))
        };
        Some((end(a)?, end(b)?))
    }

    /// Ludii's `Graph.removeVertex`: the vertex, its edges and the faces round it, the later
    /// vertices renumbered down.
    fn remove_vertex(&mut self, vertex: usize) {
        self.faces.retain(|face| !face.contains(&vertex));
        self.edges.retain(|&(a, b)| a != vertex && b != vertex);
        self.points.remove(vertex);
        let down = |v: usize| if v > vertex { v - 1 } else { v };
        for edge in &mut self.edges {
            *edge = (down(edge.0), down(edge.1));
        }
        for face in &mut self.faces {
            for v in face.iter_mut() {
                *v = down(*v);
            }
        }
    }

    /// Ludii's `Graph.removeEdge` between two vertices: the edge and the faces along it.
    fn remove_edge(&mut self, a: usize, b: usize) {
        let Some(index) = self.edges.iter().position(|&e| e == (a, b) || e == (b, a)) else {
            return;
        };
        self.edges.remove(index);
        self.faces.retain(|face| {
            !(0..face.len()).any(|i| {
                let (x, y) = (face[i], face[(i + 1) % face.len()]);
                (x, y) == (a, b) || (x, y) == (b, a)
            })
        });
    }

    fn find_or_add_edge(&mut self, a: usize, b: usize) {
        if a != b && !self.edges.iter().any(|&e| e == (a, b) || e == (b, a)) {
            self.edges.push((a, b));
        }
    }

    /// Each vertex's edges, as (edge, other vertex), by bearing from −π up (Ludii's
    /// `Vertex.sortEdges`).
    fn vertex_edges(&self) -> Vec<Vec<(usize, usize)>> {
        let mut around: Vec<Vec<(usize, usize)>> = vec![Vec::new(); self.points.len()];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            around[a].push((e, b));
            around[b].push((e, a));
        }
        for (v, list) in around.iter_mut().enumerate() {
            let at = self.points[v];
            let bearing = |other: usize| {
                let p = self.points[other];
                (p.1 - at.1).atan2(p.0 - at.0)
            };
            list.sort_by(|x, y| bearing(x.1).total_cmp(&bearing(y.1)));
        }
        around
    }

    /// Ludii's `Graph.makeFaces` on the plane.
    fn make_faces(&self) -> Vec<Vec<usize>> {
        const MAX_FACE_SIDES: usize = 32;
        let around = self.vertex_edges();
        let mut faces: Vec<Vec<usize>> = Vec::new();
        for start in 0..self.points.len() {
            for &(first_edge, _) in &around[start] {
                let mut walk = vec![start];
                let (mut vertex, mut edge) = (start, first_edge);
                let mut closed = false;
                while walk.len() <= MAX_FACE_SIDES {
                    let edges = &around[vertex];
                    if edges.len() < 2 {
                        break;
                    }
                    let n = edges.iter().position(|&(e, _)| e == edge).unwrap_or(0);
                    let (next_edge, next) = edges[(n + 1) % edges.len()];
                    edge = next_edge;
                    vertex = next;
                    if vertex == start {
                        closed = true;
                        break;
                    }
                    if walk.contains(&vertex) {
                        break;
                    }
                    walk.push(vertex);
                }
                if closed && walk.len() >= 3 && self.area(&walk) < 0.0 {
                    let mut key = walk.clone();
                    key.sort_unstable();
                    let known = faces.iter().any(|f| {
                        let mut other = f.clone();
                        other.sort_unstable();
                        other == key
                    });
                    if !known {
                        faces.push(walk);
                    }
                }
            }
        }
        faces
    }

    /// The signed area of a polygon of vertices (negative clockwise).
    fn area(&self, polygon: &[usize]) -> f64 {
        let mut area = 0.0;
        for (i, &v) in polygon.iter().enumerate() {
            let (a, b) = (
                self.points[v],
                self.points[polygon[(i + 1) % polygon.len()]],
            );
            area += a.0 * b.1 - b.0 * a.1;
        }
        area / 2.0
    }

    fn centre(&self, face: &[usize]) -> (f64, f64) {
        let n = face.len() as f64;
        let (x, y) = face.iter().fold((0.0, 0.0), |(x, y), &v| {
            (x + self.points[v].0, y + self.points[v].1)
        });
        (x / n, y / n)
    }

    /// Each vertex's steps to other vertices, each with its compass direction there (from
    /// east, 0, counterclockwise to 15), as Ludii's `Vertex.stepsTo` and `Trajectories.setCompassDirections`
    /// give them.
    fn steps(&self) -> Vec<Vec<(usize, usize)>> {
        let around = self.vertex_edges();
        let mut faces_of: Vec<Vec<usize>> = vec![Vec::new(); self.points.len()];
        for (f, face) in self.faces.iter().enumerate() {
            for &v in face {
                faces_of[v].push(f);
            }
        }
        (0..self.points.len())
            .map(|v| {
                let at = self.points[v];
                // Steps to vertices: along the edges, then across faces of four sides or more.
                let mut to: Vec<usize> = Vec::new();
                for &(_, other) in &around[v] {
                    if !to.contains(&other) {
                        to.push(other);
                    }
                }
                for &f in &faces_of[v] {
                    let face = &self.faces[f];
                    if face.len() < 4 {
                        continue;
                    }
                    let centre = self.centre(face);
                    let mut best: Option<(f64, usize)> = None;
                    for &other in face {
                        if other == v {
                            continue;
                        }
                        let distance = distance_to_line(centre, at, self.points[other]);
                        if best.is_none_or(|(d, _)| distance < d) {
                            best = Some((distance, other));
                        }
                    }
                    if let Some((_, other)) = best.filter(|&(_, o)| !to.contains(&o)) {
                        to.push(other);
                    }
                }
                // Every step's point: the vertices', the edges' midpoints, the faces' centres.
                let mut targets: Vec<(f64, f64)> = to.iter().map(|&o| self.points[o]).collect();
                targets.extend(around[v].iter().map(|&(e, _)| {
                    let (a, b) = self.edges[e];
                    self.midpoint(a, b)
                }));
                targets.extend(faces_of[v].iter().map(|&f| self.centre(&self.faces[f])));
                let mut used = [false; 16];
                let mut sixteen = false;
                for &target in &targets {
                    let d = direction(at, target, false);
                    sixteen |= used[d];
                    used[d] = true;
                }
                to.into_iter()
                    .map(|o| (o, direction(at, self.points[o], sixteen)))
                    .collect()
            })
            .collect()
    }

    /// Every vertex's radials in each compass direction, as Ludii's `Trajectories` follows
    /// them ([`crate::geometry::radials`]).
    pub(super) fn radials(&self) -> Radials {
        crate::geometry::radials(&self.points, &self.steps())
    }
}

fn score(point: (f64, f64)) -> f64 {
    point.1 * 100.0 + point.0
}

/// Ludii's `MathRoutines.distanceToLine`: from `point` to the line through `a` and `b`.
fn distance_to_line(point: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if dx.abs() + dy.abs() < 1e-6 {
        return ((point.0 - a.0).powi(2) + (point.1 - a.1).powi(2)).sqrt();
    }
    let cross = (point.1 - a.1) * dx - (point.0 - a.0) * dy;
    (cross * cross / (dx * dx + dy * dy)).sqrt()
}

/// How `board` is played, where this builder lays it out: a board played on its vertices
/// that is not a grid (a rectangle or square, one with holes, or a merge of them shifted by
/// whole steps, which [`super::read_board_shape`] numbers already), or any board but one
/// with holes played on its edges.
pub(super) fn takes(board: &Node) -> Option<Use> {
    let shape = board.arg(0)?;
    let on = match board.named("use").and_then(Node::as_symbol) {
        Some("Vertex") => Use::Vertex,
        Some("Edge") => Use::Edge,
        _ => return None,
    };
    let grid = match shape.head()? {
        "rectangle" | "square" => on == Use::Vertex,
        "hole" => true,
        "add" => shape.named("cells").is_some(),
        "merge" => {
            on == Use::Vertex
                && shape.children().len() == 1
                && shape
                    .arg(0)
                    .and_then(Node::as_array)
                    .is_some_and(|parts| parts.iter().all(|p| super::grid_points(p).is_some()))
        }
        _ => false,
    };
    (!grid).then_some(on)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A vendored description's board, as this builder lays it out, with the board's node.
    fn vendored(file: &str) -> (Graph, Use, Node) {
        let expanded = crate::race_description::tests::vendored_expanded(file);
        let board = expanded
            .game
            .walk()
            .find(|n| n.is_call("board"))
            .unwrap()
            .clone();
        let on = takes(&board).unwrap();
        let graph = build(board.arg(0).unwrap()).unwrap();
        (graph, on, board)
    }

    /// The sites of each track of a vendored board, as walked.
    fn tracks(file: &str) -> Vec<Vec<usize>> {
        let (graph, _, board) = vendored(file);
        let geometry = Geometry::walked(graph.points.clone(), graph.radials());
        board
            .positional()
            .skip(1)
            .flat_map(|n| match n.as_array() {
                Some(list) => list.iter().collect::<Vec<_>>(),
                None => vec![n],
            })
            .filter(|t| t.is_call("track"))
            .map(|t| {
                let spec = t.arg(1).and_then(Node::as_str).unwrap();
                let tokens: Vec<&str> = spec
                    .split(',')
                    .filter(|t| *t != "End")
                    .skip_while(|t| t.parse::<usize>().is_ok_and(|s| s >= graph.points.len()))
                    .collect();
                geometry.track(&tokens.join(",")).unwrap()
            })
            .collect()
    }

    /// Kints's board: a square of 36 holes in lines of points merged, with a gap in the middle of
    /// each side closed by an added edge, and two arcs of a line turned by 30° at opposite
    /// corners. Its tracks start in the hands, sites 46 and 47, so the board has 46 points; its
    /// regions "Arc" are sites 1 to 5 and 41 to 45, the arcs' points after the corners.
    #[test]
    fn kints_numbers_its_points_as_ludii_and_walks_its_tracks_by_radials() {
        let (graph, _, _) = vendored("Kints.lud");
        assert_eq!(graph.points.len(), 46);
        // The arc's first point, 0.005 off the corner, is merged into it (the first part's).
        assert!(graph.points[0].0.abs() < 1e-9 && (graph.points[0].1 + 0.005).abs() < 1e-3);
        for arc in [1..=5, 41..=45] {
            for site in arc {
                let (x, y) = graph.points[site];
                assert!(x.fract().abs() > 0.1 || y.fract().abs() > 0.1, "{site}");
            }
        }
        // Round the square from the corner 0: up the left side, across the top, down the right
        // and back along the bottom, through each gap's added edge.
        let square: Vec<usize> = std::iter::once(0)
            .chain(10..=22)
            .chain(28..=32)
            .chain((33..=40).rev())
            .chain((23..=27).rev())
            .chain((6..=9).rev())
            .collect();
        let mut holes = square.clone();
        holes.sort_unstable();
        holes.dedup();
        assert_eq!(holes.len(), 36);
        // "46,5,SSE,N,E,S,W,NNW2,End": down the arc (SSE, one of sixteen directions), round
        // the square and two points up the arc again.
        let tracks = tracks("Kints.lud");
        let expected: Vec<usize> = [5, 4, 3, 2, 1]
            .into_iter()
            .chain(square.iter().copied())
            .chain([0, 1, 2])
            .collect();
        assert_eq!(tracks[0], expected);
        // "47,41,NNW,W,S,E,N,SSE2,End": up the other arc to the corner 32 and round the other way.
        let mut other: Vec<usize> = vec![41, 42, 43, 44, 45];
        let around = [
            32, 31, 30, 29, 28, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 0,
        ];
        other.extend(around);
        other.extend([6, 7, 8, 9, 23, 24, 25, 26, 27]);
        other.extend(33..=40);
        other.extend([32, 45, 44]);
        assert_eq!(tracks[1], other);
    }

    /// Kolica Atarakua's board: a square of lines with a cross inside and a small square at
    /// each corner, five points added. Its tracks start in the hands, 69 and 70, and end at the
    /// added centre, 68, before site 56.
    #[test]
    fn kolica_atarakua_walks_round_its_corner_squares() {
        let (graph, _, _) = vendored("Kolica Atarakua.lud");
        assert_eq!(graph.points.len(), 69);
        assert_eq!(graph.points[68], (4.5, 4.5));
        assert_eq!(graph.points[64], (1.0, 1.0));
        let tracks = tracks("Kolica Atarakua.lud");
        // "69,5,N,W,N,W,S,65,11,…": up the cross from the bottom, left along its arm, up the
        // left side and round the top-left corner's square (N past the side's end, W, S).
        assert_eq!(
            tracks[0][..19],
            [
                5, 48, 49, 50, 51, 52, 56, 55, 54, 53, 30, 31, 32, 33, 10, 44, 43, 42, 65
            ]
        );
        assert_eq!(tracks[0].len(), 68);
        assert_eq!(tracks[0][tracks[0].len() - 2..], [68, 56]);
        assert_eq!(tracks[1].len(), 68);
    }

    /// El Mundo's `(concentric {24})` played on its vertices: 24 points on a circle numbered by
    /// height, the lowest first, so that its tracks (lists of sites) climb one side by the even
    /// sites and the other by the odd ones.
    #[test]
    fn a_circle_of_points_is_numbered_by_height() {
        let (graph, _, _) = vendored("El Mundo.lud");
        assert_eq!(graph.points.len(), 24);
        let ys: Vec<f64> = graph.points.iter().map(|p| p.1).collect();
        assert!(ys.windows(2).all(|w| w[0] <= w[1] + 1e-9));
        for k in 0..11 {
            let (left, right) = (graph.points[2 * k + 1], graph.points[2 * k + 2]);
            assert!((left.1 - right.1).abs() < 1e-9 && left.0 < right.0, "{k}");
        }
        assert!(graph.points[2..=22].iter().step_by(2).all(|p| p.0 > 0.0));
    }

    /// The stick dice games' circle of Tsaydithl (and Set Dilth', Tasholiwe, Kawasukuts…),
    /// played on its edges: a ring of 44 points less four, four edges added across the gaps.
    /// Its 40 edges are the sites of its tracks, listed edge by edge, each edge meeting the next
    /// round the circle; the four added last, 36 to 39.
    #[test]
    fn a_ring_of_points_with_gaps_bridged_is_played_on_its_edges() {
        let (graph, on, board) = vendored("Tsaydithl.lud");
        assert_eq!(on, Use::Edge);
        assert_eq!(graph.points.len(), 40);
        assert_eq!(graph.edges.len(), 40);
        assert_eq!(graph.edges[36..], [(20, 18), (0, 1), (19, 21), (38, 39)]);
        let track: Vec<usize> = board
            .walk()
            .find(|n| n.is_call("track"))
            .and_then(|t| t.arg(1))
            .and_then(Node::as_array)
            .unwrap()
            .iter()
            .map(|n| usize::try_from(n.as_int().unwrap()).unwrap())
            .collect();
        assert_eq!(track.len(), 40);
        for i in 0..track.len() {
            let (a, b) = (
                graph.edges[track[i]],
                graph.edges[track[(i + 1) % track.len()]],
            );
            let meet = a.0 == b.0 || a.0 == b.1 || a.1 == b.0 || a.1 == b.1;
            assert!(
                meet,
                "edges {} and {} do not meet",
                track[i],
                track[(i + 1) % 40]
            );
        }
    }
}
