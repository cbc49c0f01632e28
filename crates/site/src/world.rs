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
    geometries: Vec<Geometry>,
}

#[derive(Deserialize)]
#[serde(tag = "type")]
enum Geometry {
    Polygon { arcs: Vec<Vec<i64>> },
    MultiPolygon { arcs: Vec<Vec<Vec<i64>>> },
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

/// The land as one SVG path (`d` attribute), each ring closed.
pub fn land_path(topojson: &str) -> Result<String, LandError> {
    let topology: Topology = serde_json::from_str(topojson).map_err(LandError::Json)?;
    // Arcs are delta-encoded in quantized units.
    let arcs: Vec<Vec<(f64, f64)>> = topology
        .arcs
        .iter()
        .map(|arc| {
            let (mut x, mut y) = (0, 0);
            arc.iter()
                .map(|[dx, dy]| {
                    x += dx;
                    y += dy;
                    let t = &topology.transform;
                    project(
                        x as f64 * t.scale[0] + t.translate[0],
                        y as f64 * t.scale[1] + t.translate[1],
                    )
                })
                .collect()
        })
        .collect();
    let mut rings: Vec<&Vec<i64>> = Vec::new();
    for collection in topology.objects.values() {
        for geometry in &collection.geometries {
            match geometry {
                Geometry::Polygon { arcs } => rings.extend(arcs),
                Geometry::MultiPolygon { arcs } => rings.extend(arcs.iter().flatten()),
            }
        }
    }
    let mut d = String::new();
    for ring in rings {
        let mut points: Vec<(f64, f64)> = Vec::new();
        for &index in ring {
            // A negative index ~i names arc i walked backwards.
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
        for piece in split_at_antimeridian(&points) {
            for (i, (x, y)) in piece.iter().enumerate() {
                d.push(if i == 0 { 'M' } else { 'L' });
                d.push_str(&format!("{x:.1} {y:.1}"));
            }
            d.push('Z');
        }
    }
    Ok(d)
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
