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

/// The land as one SVG path (`d` attribute), each ring closed.
pub fn land_path(topojson: &str) -> Result<String, String> {
    let topology: Topology =
        serde_json::from_str(topojson).map_err(|e| format!("land outline: {e}"))?;
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
            let arc = arcs
                .get(arc)
                .ok_or_else(|| format!("land outline: no arc {arc}"))?;
            let walk: Box<dyn Iterator<Item = &(f64, f64)>> = if reversed {
                Box::new(arc.iter().rev())
            } else {
                Box::new(arc.iter())
            };
            // Consecutive arcs share their joining point.
            points.extend(walk.skip(usize::from(!points.is_empty())));
        }
        for (i, (x, y)) in points.iter().enumerate() {
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&format!("{x:.1} {y:.1}"));
        }
        d.push('Z');
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

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
