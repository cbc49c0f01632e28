//! The DLP's region outlines (`regions/NAME.kml`, vendored from its GameDatabase): each
//! file's polygons in longitude and latitude, read by a small KML reader that names the line
//! and column of what it cannot read. A record names its regions by these files' names.

use std::collections::BTreeMap;
use std::fs;
use std::ops::Range;
use std::path::Path;

use crate::diag::{Diagnostic, Report, Severity};
use crate::store::read_text;

/// The folder of the outlines, relative to the corpus.
pub const FOLDER: &str = "regions";

/// A closed ring of points, (longitude, latitude) in decimal degrees, longitudes within
/// ±180°; the last point is not a repeat of the first.
pub type Ring = Vec<(f64, f64)>;

/// One polygon of a region: its outline and its holes.
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon {
    /// The outer boundary.
    pub outer: Ring,
    /// The inner boundaries.
    pub holes: Vec<Ring>,
}

/// A region's outline: every polygon of its file.
#[derive(Clone, Debug, PartialEq)]
pub struct Outline {
    /// The polygons, in the file's order.
    pub polygons: Vec<Polygon>,
}

impl Outline {
    /// West, south, east and north bounds, in degrees.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        self.polygons.iter().flat_map(|p| &p.outer).fold(
            (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
            |(w, s, e, n), &(lon, lat)| (w.min(lon), s.min(lat), e.max(lon), n.max(lat)),
        )
    }
}

/// What a KML file gets wrong, at its line and column (both from 1).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct KmlError {
    /// The line.
    pub line: u64,
    /// The column, in characters.
    pub column: u64,
    /// What is wrong there.
    pub problem: KmlProblem,
}

/// The kinds of problem a KML file can have.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum KmlProblem {
    /// A comment, tag or CDATA section runs to the end of the file.
    #[error("`{0}` is never closed")]
    UnclosedMarkup(&'static str),
    /// An element is opened and the file ends before it is closed.
    #[error("<{0}> is never closed")]
    UnclosedElement(String),
    /// An end tag closes another element than the one open.
    #[error("</{found}> closes <{open}>")]
    MismatchedEnd {
        /// The end tag's name.
        found: String,
        /// The element open there.
        open: String,
    },
    /// An end tag with no element open.
    #[error("</{0}> closes nothing")]
    UnopenedEnd(String),
    /// A tuple of `<coordinates>` is not `longitude,latitude[,altitude]` in numbers.
    #[error("`{0}` is not longitude,latitude[,altitude]")]
    NotACoordinate(String),
    /// A longitude or latitude off the globe, even read as running on past the antimeridian.
    #[error("`{0}` is off the globe (longitude within ±360, latitude within ±90)")]
    OffTheGlobe(String),
    /// A ring of fewer than three distinct points.
    #[error("a ring of {0} points; a ring needs at least three")]
    TooFewPoints(usize),
    /// A polygon with no outer boundary, or with two.
    #[error("a <Polygon> with {0} outer boundaries; it needs one")]
    OuterBoundaries(usize),
    /// A file with no polygon.
    #[error("no <Polygon>: the file outlines no region")]
    NoPolygon,
}

/// Where the reader is: the open elements, each with its name and where it was opened.
struct Open<'t> {
    name: &'t str,
    at: usize,
}

/// A polygon being read.
#[derive(Default)]
struct PolygonBuilder {
    at: usize,
    outer: Vec<Ring>,
    holes: Vec<Ring>,
}

/// Reads a KML document's polygons. Only `<Polygon>`s count: their `<outerBoundaryIs>` and
/// `<innerBoundaryIs>` rings; placemarks' points, lines and styles are read past.
pub fn read_kml(text: &str) -> Result<Outline, KmlError> {
    let located = |at: usize, problem: KmlProblem| {
        let before = &text[..at];
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        KmlError {
            line: before.matches('\n').count() as u64 + 1,
            column: text[line_start..at].chars().count() as u64 + 1,
            problem,
        }
    };
    let mut open: Vec<Open<'_>> = Vec::new();
    let mut polygons = Vec::new();
    let mut polygon: Option<PolygonBuilder> = None;
    // The text of the `<coordinates>` being read, as ranges of the file (CDATA may split it).
    let mut coordinates: Vec<Range<usize>> = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let Some(next) = text[at..].find('<').map(|n| at + n) else {
            coordinates.push(at..text.len());
            break;
        };
        coordinates.push(at..next);
        let rest = &text[next..];
        let (end, markup) = if rest.starts_with("<!--") {
            ("-->", "<!--")
        } else if rest.starts_with("<![CDATA[") {
            ("]]>", "<![CDATA[")
        } else if rest.starts_with("<?") {
            ("?>", "<?")
        } else {
            (">", "<")
        };
        let close = rest
            .find(end)
            .ok_or_else(|| located(next, KmlProblem::UnclosedMarkup(markup)))?;
        at = next + close + end.len();
        if markup == "<![CDATA[" {
            coordinates.push(next + markup.len()..next + close);
            continue;
        }
        if markup != "<" || rest.starts_with("<!") {
            continue;
        }
        let tag = &rest[1..close];
        if let Some(name) = tag.strip_prefix('/') {
            let name = local_name(name.trim());
            let Some(element) = open.pop() else {
                return Err(located(next, KmlProblem::UnopenedEnd(name.to_string())));
            };
            if element.name != name {
                return Err(located(
                    next,
                    KmlProblem::MismatchedEnd {
                        found: name.to_string(),
                        open: element.name.to_string(),
                    },
                ));
            }
            match name {
                "coordinates" => {
                    // The nearest boundary says whether the ring is the outline or a hole.
                    let boundary = open.iter().rev().find_map(|e| match e.name {
                        "outerBoundaryIs" => Some(true),
                        "innerBoundaryIs" => Some(false),
                        _ => None,
                    });
                    let in_ring = open.last().is_some_and(|e| e.name == "LinearRing");
                    if let (Some(polygon), Some(outer), true) =
                        (polygon.as_mut(), boundary, in_ring)
                    {
                        let ring = read_ring(text, &coordinates, element.at, &located)?;
                        if outer {
                            polygon.outer.push(ring);
                        } else {
                            polygon.holes.push(ring);
                        }
                    }
                }
                "Polygon" => {
                    let mut finished = polygon.take().unwrap_or_default();
                    if finished.outer.len() != 1 {
                        return Err(located(
                            finished.at,
                            KmlProblem::OuterBoundaries(finished.outer.len()),
                        ));
                    }
                    polygons.push(Polygon {
                        outer: finished.outer.remove(0),
                        holes: finished.holes,
                    });
                }
                _ => {}
            }
            continue;
        }
        if tag.ends_with('/') {
            continue;
        }
        let name = local_name(tag.split(|c: char| c.is_whitespace()).next().unwrap_or(""));
        match name {
            "coordinates" => coordinates.clear(),
            "Polygon" => {
                polygon = Some(PolygonBuilder {
                    at: next,
                    ..PolygonBuilder::default()
                })
            }
            _ => {}
        }
        open.push(Open { name, at: next });
    }
    if let Some(element) = open.pop() {
        return Err(located(
            element.at,
            KmlProblem::UnclosedElement(element.name.to_string()),
        ));
    }
    if polygons.is_empty() {
        return Err(located(0, KmlProblem::NoPolygon));
    }
    Ok(Outline { polygons })
}

/// A tag's name without its namespace prefix (`kml:coordinates` is `coordinates`).
fn local_name(name: &str) -> &str {
    name.rsplit(':').next().unwrap_or(name)
}

/// The ring a `<coordinates>` element (opened at `opened`) gives: tuples separated by white
/// space, each `longitude,latitude[,altitude]`.
fn read_ring(
    text: &str,
    parts: &[Range<usize>],
    opened: usize,
    located: &impl Fn(usize, KmlProblem) -> KmlError,
) -> Result<Ring, KmlError> {
    let mut ring: Ring = Vec::new();
    for part in parts {
        let mut offset = part.start;
        for token in text[part.clone()].split_inclusive(char::is_whitespace) {
            let tuple = token.trim_end();
            let start = offset;
            offset += token.len();
            if tuple.is_empty() {
                continue;
            }
            let numbers: Vec<Option<f64>> = tuple
                .split(',')
                .map(|n| n.parse::<f64>().ok().filter(|v| v.is_finite()))
                .collect();
            let (longitude, latitude) = match numbers.as_slice() {
                [Some(lon), Some(lat)] | [Some(lon), Some(lat), Some(_)] => (*lon, *lat),
                _ => {
                    return Err(located(
                        start,
                        KmlProblem::NotACoordinate(tuple.to_string()),
                    ));
                }
            };
            if longitude.abs() > 360.0 || latitude.abs() > 90.0 {
                return Err(located(start, KmlProblem::OffTheGlobe(tuple.to_string())));
            }
            // An outline drawn across the antimeridian runs on past ±180° (the Aleutians to
            // -180.39°): the same meridians, brought back within ±180°.
            let longitude = if longitude.abs() > 180.0 {
                longitude - 360.0 * longitude.signum()
            } else {
                longitude
            };
            if ring.last() != Some(&(longitude, latitude)) {
                ring.push((longitude, latitude));
            }
        }
    }
    if ring.len() > 1 && ring.first() == ring.last() {
        ring.pop();
    }
    if ring.len() < 3 {
        return Err(located(opened, KmlProblem::TooFewPoints(ring.len())));
    }
    Ok(ring)
}

/// Reads every `*.kml` of `dir` (the corpus's `regions/`), by region name (the file's stem).
/// A file that cannot be read is reported as a warning with its file, line and column, and
/// the others are kept: a region without an outline is only not drawn. A corpus without the
/// folder has no outlines.
pub fn load(dir: &Path, report: &mut Report) -> BTreeMap<String, Outline> {
    let mut outlines = BTreeMap::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return outlines;
    };
    let mut paths: Vec<_> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "kml"))
        .collect();
    paths.sort();
    for path in paths {
        let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        let read = read_text(&path).and_then(|text| {
            read_kml(&text).map_err(|error| {
                Diagnostic::error(&path, error.problem.to_string())
                    .at(error.line, Some(error.column))
            })
        });
        match read {
            Ok(outline) => {
                outlines.insert(name.to_string(), outline);
            }
            Err(diagnostic) => report.push(Diagnostic {
                severity: Severity::Warning,
                ..diagnostic
            }),
        }
    }
    outlines
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
<Document><name>Square</name>
<!-- a comment with <Polygon> in it -->
<Placemark><name>Square</name><Point><coordinates>5,5,0</coordinates></Point>
<Polygon><outerBoundaryIs><LinearRing><coordinates>
  0,0,0 10,0,0 10,10,0
  0,10,0 0,0,0
</coordinates></LinearRing></outerBoundaryIs>
<innerBoundaryIs><LinearRing><kml:coordinates>2,2 4,2 4,4 2,2</kml:coordinates></LinearRing></innerBoundaryIs>
</Polygon></Placemark></Document></kml>
"#;

    #[test]
    fn a_polygon_reads_with_its_hole_and_without_the_repeated_point() {
        let outline = read_kml(SQUARE).unwrap();
        assert_eq!(outline.polygons.len(), 1, "the point is not a polygon");
        let polygon = &outline.polygons[0];
        assert_eq!(
            polygon.outer,
            vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
        );
        assert_eq!(
            polygon.holes,
            vec![vec![(2.0, 2.0), (4.0, 2.0), (4.0, 4.0)]]
        );
        assert_eq!(outline.bounds(), (0.0, 0.0, 10.0, 10.0));
    }

    fn error_of(text: &str) -> KmlError {
        read_kml(text).unwrap_err()
    }

    #[test]
    fn a_bad_coordinate_is_named_at_its_line_and_column() {
        let error = error_of(&SQUARE.replace("10,10,0", "10,north,0"));
        assert_eq!(
            error,
            KmlError {
                line: 7,
                column: 16,
                problem: KmlProblem::NotACoordinate("10,north,0".into()),
            }
        );
        let error = error_of(&SQUARE.replace("10,10,0", "10,95"));
        assert_eq!((error.line, error.column), (7, 16));
        assert_eq!(error.problem, KmlProblem::OffTheGlobe("10,95".into()));
        let error = error_of(&SQUARE.replace("10,10,0", "370,10"));
        assert_eq!(error.problem, KmlProblem::OffTheGlobe("370,10".into()));
    }

    #[test]
    fn a_ring_run_on_past_the_antimeridian_is_brought_back() {
        let outline = read_kml(&SQUARE.replace("10,10,0", "-180.5,10")).unwrap();
        assert_eq!(outline.polygons[0].outer[2], (179.5, 10.0));
    }

    #[test]
    fn broken_markup_is_named_where_it_starts() {
        let error = error_of(&SQUARE.replace("</LinearRing></outerBoundaryIs>", "</LinearRing>"));
        assert_eq!(error.line, 11, "{error}");
        assert_eq!(
            error.problem,
            KmlProblem::MismatchedEnd {
                found: "Polygon".into(),
                open: "outerBoundaryIs".into()
            }
        );
        let error = error_of(&SQUARE.replace("</kml>", ""));
        assert_eq!(
            (error.line, error.column, error.problem),
            (2, 1, KmlProblem::UnclosedElement("kml".into()))
        );
        let error = error_of(&SQUARE.replace("-->", ""));
        assert_eq!(
            (error.line, error.problem),
            (4, KmlProblem::UnclosedMarkup("<!--"))
        );
    }

    #[test]
    fn a_file_without_a_usable_polygon_says_why() {
        let point_only =
            r#"<kml><Placemark><Point><coordinates>5,5</coordinates></Point></Placemark></kml>"#;
        assert_eq!(error_of(point_only).problem, KmlProblem::NoPolygon);
        let error = error_of(&SQUARE.replace("10,0,0 10,10,0\n  0,10,0 ", ""));
        assert_eq!(
            (error.line, error.problem),
            (6, KmlProblem::TooFewPoints(1))
        );
        let no_outer = SQUARE.replace(
            "<outerBoundaryIs><LinearRing><coordinates>\n  0,0,0 10,0,0 10,10,0\n  0,10,0 0,0,0\n</coordinates></LinearRing></outerBoundaryIs>",
            "",
        );
        let error = error_of(&no_outer);
        assert_eq!(
            (error.line, error.problem),
            (6, KmlProblem::OuterBoundaries(0))
        );
    }

    #[test]
    fn a_bad_file_is_reported_with_its_line_and_the_others_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("Good.kml"), SQUARE).unwrap();
        fs::write(
            dir.path().join("Bad.kml"),
            SQUARE.replace("\n  0,10,0", "\n  0;10;0"),
        )
        .unwrap();
        fs::write(dir.path().join("README.md"), "not an outline").unwrap();
        let mut report = Report::default();
        let outlines = load(dir.path(), &mut report);
        assert_eq!(outlines.keys().collect::<Vec<_>>(), ["Good"]);
        assert!(!report.has_errors(), "a bad outline fails no run");
        let shown: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [format!(
                "{}:8:3: warning: `0;10;0` is not longitude,latitude[,altitude]",
                dir.path().join("Bad.kml").display()
            )]
        );
        assert!(load(&dir.path().join("absent"), &mut report).is_empty());
    }
}
