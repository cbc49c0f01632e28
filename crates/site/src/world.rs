//! The world outline of the maps: Natural Earth's 1:110m land, shipped as TopoJSON in
//! `site-templates/data/`, decoded here and projected equirectangularly.

use serde::Deserialize;

/// Width and height of the projected world, in SVG units: one unit per 0.375 degree.
pub const WIDTH: f64 = 960.0;
pub const HEIGHT: f64 = 480.0;

/// Projects a point (decimal degrees) onto the map.
pub fn project(longitude: f64, latitude: f64) -> (f64, f64) {
    (
        (longitude + 180.0) / 360.0 * WIDTH,
        (90.0 - latitude) / 180.0 * HEIGHT,
    )
}

#[derive(Deserialize)]
struct Topology {
    transform: Transform,
    arcs: Vec<Vec<[i64; 2]>>,
    objects: std::collections::BTreeMap<String, Collection>,
}

#[derive(Deserialize)]
struct Transform {
    scale: [f64; 2],
    translate: [f64; 2],
}

#[derive(Deserialize)]
struct Collection {
    geometries: Vec<Feature>,
}

/// A polygon or several, with a name when the file gives one (the countries do).
#[derive(Deserialize)]
struct Feature {
    #[serde(flatten)]
    geometry: Geometry,
    #[serde(default)]
    properties: Option<Properties>,
}

#[derive(Deserialize)]
#[serde(tag = "type")]
enum Geometry {
    Polygon { arcs: Vec<Vec<i64>> },
    MultiPolygon { arcs: Vec<Vec<Vec<i64>>> },
}

impl Geometry {
    /// Each polygon's rings: its outline first, then its holes.
    fn polygons(&self) -> Vec<&Vec<Vec<i64>>> {
        match self {
            Geometry::Polygon { arcs } => vec![arcs],
            Geometry::MultiPolygon { arcs } => arcs.iter().collect(),
        }
    }
}

#[derive(Deserialize)]
struct Properties {
    name: String,
}

/// A ring cut where it crosses the antimeridian, so that no edge runs across the whole map.
///
/// Each crossing ends a piece at the map's edge and starts the next at the opposite edge, at
/// the latitude where the edge is crossed; the last piece continues into the first, so each
/// piece closes along the edge it touches. A ring crossing once (one around a pole) is closed
/// along that pole's edge of the map.
fn split_at_antimeridian(points: &[(f64, f64)]) -> Vec<Vec<(f64, f64)>> {
    let mut pieces: Vec<Vec<(f64, f64)>> = vec![vec![]];
    let mut crossings = 0;
    for (i, &(x, y)) in points.iter().enumerate() {
        if i > 0 {
            let (px, py) = points[i - 1];
            if (x - px).abs() > WIDTH / 2.0 {
                crossings += 1;
                // Going east past 180° reappears at the west edge, and the other way round.
                let (leave, enter) = if px > x { (WIDTH, 0.0) } else { (0.0, WIDTH) };
                let span = (leave - px).abs() + (x - enter).abs();
                let t = if span > 0.0 {
                    (leave - px).abs() / span
                } else {
                    0.5
                };
                let yc = py + (y - py) * t;
                pieces.last_mut().expect("a piece").push((leave, yc));
                pieces.push(vec![(enter, yc)]);
            }
        }
        pieces.last_mut().expect("a piece").push((x, y));
    }
    if crossings == 0 {
        return pieces;
    }
    let last = pieces.pop().expect("a piece");
    let first = std::mem::take(&mut pieces[0]);
    pieces[0] = last.into_iter().chain(first).collect();
    if crossings % 2 == 1 {
        let piece = &mut pieces[0];
        let (ex, _) = *piece.last().expect("points");
        let (sx, _) = piece[0];
        let mean_y = piece.iter().map(|p| p.1).sum::<f64>() / piece.len() as f64;
        let pole = if mean_y > HEIGHT / 2.0 { HEIGHT } else { 0.0 };
        piece.push((ex, pole));
        piece.push((sx, pole));
    }
    pieces.retain(|p| p.len() > 2);
    pieces
}

/// Why the land outline cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum LandError {
    /// The file is not the TopoJSON it should be.
    #[error("land outline: {0}")]
    Json(serde_json::Error),
    /// A ring names an arc the file does not have.
    #[error("land outline: no arc {0}")]
    NoArc(usize),
}

/// A topology's arcs in degrees of longitude and latitude: they are delta-encoded in
/// quantized units.
fn decode_arcs(topology: &Topology) -> Vec<Vec<(f64, f64)>> {
    let t = &topology.transform;
    topology
        .arcs
        .iter()
        .map(|arc| {
            let (mut x, mut y) = (0, 0);
            arc.iter()
                .map(|[dx, dy]| {
                    x += dx;
                    y += dy;
                    (
                        x as f64 * t.scale[0] + t.translate[0],
                        y as f64 * t.scale[1] + t.translate[1],
                    )
                })
                .collect()
        })
        .collect()
}

/// A ring's points, its arcs joined: a negative index ~i names arc i walked backwards.
fn ring_points(ring: &[i64], arcs: &[Vec<(f64, f64)>]) -> Result<Vec<(f64, f64)>, LandError> {
    let mut points: Vec<(f64, f64)> = Vec::new();
    for &index in ring {
        let (arc, reversed) = if index < 0 {
            (!index as usize, true)
        } else {
            (index as usize, false)
        };
        let arc = arcs.get(arc).ok_or(LandError::NoArc(arc))?;
        let walk: Box<dyn Iterator<Item = &(f64, f64)>> = if reversed {
            Box::new(arc.iter().rev())
        } else {
            Box::new(arc.iter())
        };
        // Consecutive arcs share their joining point.
        points.extend(walk.skip(usize::from(!points.is_empty())));
    }
    Ok(points)
}

/// The land as one SVG path (`d` attribute), each ring closed.
pub fn land_path(topojson: &str) -> Result<String, LandError> {
    let topology: Topology = serde_json::from_str(topojson).map_err(LandError::Json)?;
    let arcs = decode_arcs(&topology);
    let mut d = String::new();
    for collection in topology.objects.values() {
        for ring in collection
            .geometries
            .iter()
            .flat_map(|f| f.geometry.polygons())
            .flatten()
        {
            push_ring(&mut d, &ring_points(ring, &arcs)?);
        }
    }
    Ok(d)
}

/// A ring in degrees, projected onto the map and added to a path, cut at the antimeridian.
fn push_ring(d: &mut String, ring: &[(f64, f64)]) {
    let points: Vec<(f64, f64)> = ring.iter().map(|&(lon, lat)| project(lon, lat)).collect();
    push_projected_ring(d, &points);
}

/// A ring already on the map added to a path, cut at the antimeridian.
fn push_projected_ring(d: &mut String, points: &[(f64, f64)]) {
    for piece in split_at_antimeridian(points) {
        for (i, (x, y)) in piece.iter().enumerate() {
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&format!("{x:.1} {y:.1}"));
        }
        d.push('Z');
    }
}

/// How far, in map units (0.375 degree), a simplified region outline may stray from the
/// DLP's: about a fifth of a degree, near the scale of the 1:110m land it is drawn on, so that
/// the world map's 150 outlines weigh 46 kB, not the six megabytes of their files.
const OUTLINE_TOLERANCE: f64 = 0.5;

/// A region's outline drawn on the map: an SVG path (`d` attribute) of its simplified rings
/// cut at the antimeridian, and its bounds on the map (left, top, right, bottom).
pub struct DrawnOutline {
    pub path: String,
    pub bounds: (f64, f64, f64, f64),
}

/// Draws one of the DLP's region outlines, simplified to [`OUTLINE_TOLERANCE`].
pub fn draw_outline(outline: &corpus::regions::Outline) -> DrawnOutline {
    let mut path = String::new();
    let mut bounds = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for polygon in &outline.polygons {
        for ring in std::iter::once(&polygon.outer).chain(&polygon.holes) {
            let projected: Vec<(f64, f64)> =
                ring.iter().map(|&(lon, lat)| project(lon, lat)).collect();
            let simplified = simplify_ring(&projected, OUTLINE_TOLERANCE);
            for &(x, y) in &simplified {
                bounds = (
                    bounds.0.min(x),
                    bounds.1.min(y),
                    bounds.2.max(x),
                    bounds.3.max(y),
                );
            }
            push_projected_ring(&mut path, &simplified);
        }
    }
    DrawnOutline { path, bounds }
}

/// A closed ring simplified by Douglas and Peucker's method: a point is kept when leaving it
/// out would move the outline by more than `tolerance`. A ring is never cut below three
/// points, so that the smallest island still shows as a triangle.
fn simplify_ring(ring: &[(f64, f64)], tolerance: f64) -> Vec<(f64, f64)> {
    let n = ring.len();
    if n <= 3 {
        return ring.to_vec();
    }
    let distance = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
    // The ring is cut into two chains at its first point and the point farthest from it.
    let far = (1..n)
        .max_by(|&i, &j| distance(ring[0], ring[i]).total_cmp(&distance(ring[0], ring[j])))
        .unwrap_or(1);
    let mut keep = vec![false; n];
    keep[0] = true;
    keep[far] = true;
    // Index n is the first point again, closing the second chain.
    let at = |i: usize| ring[i % n];
    let mut pending = vec![(0, far), (far, n)];
    while let Some((from, to)) = pending.pop() {
        let farthest = (from + 1..to)
            .map(|i| (i, segment_distance(at(i), at(from), at(to))))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, d)) = farthest
            && d > tolerance
        {
            keep[i] = true;
            pending.push((from, i));
            pending.push((i, to));
        }
    }
    if keep.iter().filter(|&&k| k).count() < 3 {
        let third = (1..n)
            .filter(|&i| i != far)
            .max_by(|&i, &j| {
                segment_distance(ring[i], ring[0], ring[far])
                    .total_cmp(&segment_distance(ring[j], ring[0], ring[far]))
            })
            .unwrap_or(1);
        keep[third] = true;
    }
    ring.iter()
        .zip(keep)
        .filter_map(|(&p, k)| k.then_some(p))
        .collect()
}

/// How far a point lies from the segment between `a` and `b`.
fn segment_distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx * dx + dy * dy;
    let t = if length > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

/// A country of the gazetteer: its name, its bounds and its polygons' rings in degrees.
struct Country {
    name: String,
    /// West, south, east, north.
    bounds: (f64, f64, f64, f64),
    polygons: Vec<Vec<Vec<(f64, f64)>>>,
}

/// The countries of Natural Earth's 1:110m map, to name the country a pair of coordinates
/// falls in: the place a record with only coordinates comes from.
pub struct Gazetteer {
    countries: Vec<Country>,
}

/// Degrees off a coast a point may lie and still be named after the country: the 1:110m
/// outline cuts off small islands and coastal towns.
const COAST: f64 = 1.0;

impl Gazetteer {
    /// Reads the countries of a TopoJSON file (its `countries` object).
    pub fn new(topojson: &str) -> Result<Gazetteer, LandError> {
        let topology: Topology = serde_json::from_str(topojson).map_err(LandError::Json)?;
        let arcs = decode_arcs(&topology);
        let mut countries = Vec::new();
        for feature in topology
            .objects
            .get("countries")
            .into_iter()
            .flat_map(|c| &c.geometries)
        {
            let Some(properties) = &feature.properties else {
                continue;
            };
            let mut polygons = Vec::new();
            for polygon in feature.geometry.polygons() {
                let rings = polygon
                    .iter()
                    .map(|ring| ring_points(ring, &arcs))
                    .collect::<Result<Vec<_>, _>>()?;
                polygons.push(rings);
            }
            let points = polygons.iter().flatten().flatten();
            let bounds = points.fold(
                (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
                |(w, s, e, n), &(lon, lat)| (w.min(lon), s.min(lat), e.max(lon), n.max(lat)),
            );
            countries.push(Country {
                name: properties.name.clone(),
                bounds,
                polygons,
            });
        }
        Ok(Gazetteer { countries })
    }

    /// A country's outline drawn on the map, if the gazetteer has a country of that name.
    pub fn outline(&self, name: &str) -> Option<DrawnOutline> {
        let country = self.countries.iter().find(|c| c.name == name)?;
        let mut path = String::new();
        for ring in country.polygons.iter().flatten() {
            push_ring(&mut path, ring);
        }
        let (w, s, e, n) = country.bounds;
        let (left, top) = project(w, n);
        let (right, bottom) = project(e, s);
        Some(DrawnOutline {
            path,
            bounds: (left, top, right, bottom),
        })
    }

    /// The country a point lies in, or the nearest within [`COAST`] degrees of it.
    pub fn country(&self, longitude: f64, latitude: f64) -> Option<&str> {
        let inside = |country: &Country| {
            let (w, s, e, n) = country.bounds;
            (w..=e).contains(&longitude)
                && (s..=n).contains(&latitude)
                && country.polygons.iter().any(|rings| {
                    // Even-odd over the outline and its holes.
                    rings
                        .iter()
                        .filter(|ring| crosses(ring, longitude, latitude))
                        .count()
                        % 2
                        == 1
                })
        };
        if let Some(country) = self.countries.iter().find(|c| inside(c)) {
            return Some(&country.name);
        }
        let scale = latitude.to_radians().cos().max(0.1);
        self.countries
            .iter()
            .filter_map(|c| {
                let nearest = c
                    .polygons
                    .iter()
                    .flatten()
                    .flatten()
                    .map(|&(lon, lat)| ((lon - longitude) * scale).hypot(lat - latitude))
                    .fold(f64::MAX, f64::min);
                (nearest <= COAST).then_some((nearest, c))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, c)| c.name.as_str())
    }
}

/// Whether a ray from the point eastwards crosses the ring an odd number of times.
fn crosses(ring: &[(f64, f64)], x: f64, y: f64) -> bool {
    let mut inside = false;
    let mut j = ring.len().wrapping_sub(1);
    for i in 0..ring.len() {
        let (xi, yi) = ring[i];
        let (xj, yj) = ring[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_edge_of_the_land_runs_across_the_map() {
        let land = land_path(include_str!("../../../site-templates/data/land-110m.json")).unwrap();
        for subpath in land.split('M').filter(|s| !s.is_empty()) {
            let points: Vec<(f64, f64)> = subpath
                .trim_end_matches('Z')
                .split('L')
                .map(|p| {
                    let (x, y) = p.trim().split_once(' ').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            for pair in points.windows(2) {
                // Along the top or bottom border is where a polar ring is closed.
                let on_border = pair[0].1 == pair[1].1 && (pair[0].1 == 0.0 || pair[0].1 == HEIGHT);
                assert!(
                    on_border || (pair[0].0 - pair[1].0).abs() < WIDTH / 2.0,
                    "an edge from {:?} to {:?} crosses the map",
                    pair[0],
                    pair[1]
                );
            }
        }
    }

    #[test]
    fn a_ring_across_the_antimeridian_becomes_two_pieces_on_the_edges() {
        let ring = [
            (WIDTH - 2.0, 10.0),
            (2.0, 12.0),
            (4.0, 20.0),
            (WIDTH - 4.0, 22.0),
        ];
        let pieces = split_at_antimeridian(&ring);
        assert_eq!(pieces.len(), 2);
        for piece in &pieces {
            assert!(piece.iter().any(|p| p.0 == 0.0 || p.0 == WIDTH));
        }
    }

    #[test]
    fn simplifying_keeps_corners_drops_what_lies_within_tolerance_and_keeps_a_triangle() {
        // A square with a point almost on each side: the near-collinear points go.
        let square = [
            (0.0, 0.0),
            (5.0, 0.1),
            (10.0, 0.0),
            (10.0, 10.0),
            (5.0, 9.9),
            (0.0, 10.0),
        ];
        let simplified = simplify_ring(&square, 0.5);
        assert_eq!(
            simplified,
            vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
        );
        // With a dent deeper than the tolerance, the dent stays.
        let dented = [
            (0.0, 0.0),
            (5.0, 2.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (0.0, 10.0),
        ];
        assert_eq!(simplify_ring(&dented, 0.5).len(), 5);
        // An island smaller than the tolerance is still a triangle.
        let island = [(0.0, 0.0), (0.1, 0.0), (0.1, 0.1), (0.05, 0.12), (0.0, 0.1)];
        assert_eq!(simplify_ring(&island, 0.5).len(), 3);
    }

    #[test]
    fn a_region_outline_is_drawn_lighter_and_bounded_where_it_lies() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../corpus/regions/Sri Lanka.kml"
        ))
        .unwrap();
        let outline = corpus::regions::read_kml(&text).unwrap();
        let points = outline.polygons[0].outer.len();
        let drawn = draw_outline(&outline);
        let drawn_points = drawn.path.matches(['M', 'L']).count();
        assert!(
            (3..points / 4).contains(&drawn_points),
            "{drawn_points} of {points} points"
        );
        let (left, top, right, bottom) = drawn.bounds;
        // Sri Lanka lies between 79.5° and 82° E, 5.9° and 9.9° N.
        let (west, north) = project(79.5, 9.9);
        let (east, south) = project(82.0, 5.9);
        assert!(left >= west && right <= east && top >= north && bottom <= south);
    }

    #[test]
    fn the_gazetteer_names_the_country_of_a_place() {
        let gazetteer = Gazetteer::new(include_str!(
            "../../../site-templates/data/countries-110m.json"
        ))
        .unwrap();
        // Giza, Oxford, Buenos Aires, Colombo (on the coast), and the middle of the Atlantic.
        assert_eq!(gazetteer.country(31.13, 29.98), Some("Egypt"));
        assert_eq!(gazetteer.country(-1.26, 51.75), Some("United Kingdom"));
        assert_eq!(gazetteer.country(-58.38, -34.6), Some("Argentina"));
        assert_eq!(gazetteer.country(79.85, 6.93), Some("Sri Lanka"));
        assert_eq!(gazetteer.country(-30.0, 30.0), None);
    }

    #[test]
    fn projection_corners_and_a_known_place() {
        assert_eq!(project(-180.0, 90.0), (0.0, 0.0));
        assert_eq!(project(180.0, -90.0), (WIDTH, HEIGHT));
        // Oxford, where Hyde wrote: just west of the meridian, in the northern third.
        let (x, y) = project(-1.26, 51.75);
        assert!((476.0..480.0).contains(&x) && (101.0..103.0).contains(&y));
    }

    #[test]
    fn the_shipped_outline_decodes_into_closed_rings_inside_the_map() {
        let text = include_str!("../../../site-templates/data/land-110m.json");
        let d = land_path(text).unwrap();
        assert!(d.matches('M').count() > 100, "the world has many islands");
        assert_eq!(d.matches('M').count(), d.matches('Z').count());
        for number in d.split(['M', 'L', 'Z', ' ']).filter(|s| !s.is_empty()) {
            let value: f64 = number.parse().unwrap();
            assert!((-0.1..=WIDTH + 0.1).contains(&value), "{value}");
        }
    }
}
