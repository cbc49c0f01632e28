//! Coordinates as the portal prints them (degrees, minutes and seconds with a hemisphere
//! letter) converted to signed decimal degrees.

use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

/// One point, in decimal degrees (WGS 84 as the portal gives them), with the text it came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coordinates {
    /// Degrees north (negative south).
    pub latitude: f64,
    /// Degrees east (negative west).
    pub longitude: f64,
    /// The coordinates exactly as the page printed them.
    pub text: String,
}

/// Where a piece of evidence comes from: place names, points, or both.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Location {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Named places, as written.
    pub places: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Coordinates read from the text.
    pub coordinates: Vec<Coordinates>,
}

impl Location {
    /// Whether it names no place and no coordinates.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty() && self.coordinates.is_empty()
    }
}

static DMS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?x)
        (?P<deg>\d{1,3}(?:\.\d+)?)\s*°\s*
        (?:(?P<min>\d{1,2}(?:\.\d+)?)\s*['′’]\s*)?
        (?:(?P<sec>\d{1,2}(?:\.\d+)?)\s*(?:["″”]|'')\s*)?
        (?P<hemi>[NSEW])"#,
    )
    .expect("valid regex")
});

static DECIMAL_PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?P<lat>[-+]?\d{1,2}(?:\.\d+)?)\s*,\s*(?P<lon>[-+]?\d{1,3}(?:\.\d+)?)\s*$")
        .expect("valid regex")
});

/// Rounds to a millionth of a degree (about 11 cm), so that the YAML is stable.
fn round6(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
}

/// Reads a Location field: any number of latitude/longitude pairs in degrees-minutes-seconds
/// or decimal form; anything else is a place name. Returns an error only for coordinates
/// that are present but impossible (a latitude above 90°, a lone latitude).
pub fn parse_location(text: &str) -> Result<Location, String> {
    let text = text.trim();
    if let Some(caps) = DECIMAL_PAIR.captures(text) {
        let latitude: f64 = caps["lat"]
            .parse()
            .map_err(|_| format!("bad latitude in {text:?}"))?;
        let longitude: f64 = caps["lon"]
            .parse()
            .map_err(|_| format!("bad longitude in {text:?}"))?;
        check_range(latitude, longitude, text)?;
        return Ok(Location {
            places: vec![],
            coordinates: vec![Coordinates {
                latitude,
                longitude,
                text: text.to_string(),
            }],
        });
    }
    let matches: Vec<_> = DMS.captures_iter(text).collect();
    if matches.is_empty() {
        return Ok(Location {
            places: vec![text.to_string()],
            coordinates: vec![],
        });
    }
    let mut location = Location::default();
    let mut rest = String::new();
    let mut cursor = 0;
    let mut pending_latitude: Option<(f64, usize)> = None;
    for caps in &matches {
        let whole = caps.get(0).expect("match");
        rest.push_str(&text[cursor..whole.start()]);
        cursor = whole.end();
        let part = |name: &str| {
            caps.name(name)
                .map_or(Ok(0.0), |m| m.as_str().parse::<f64>())
        };
        let (deg, min, sec) = match (part("deg"), part("min"), part("sec")) {
            (Ok(d), Ok(m), Ok(s)) => (d, m, s),
            _ => return Err(format!("unreadable coordinate {:?}", whole.as_str())),
        };
        if min >= 60.0 || sec >= 60.0 {
            return Err(format!(
                "minutes and seconds must be below 60 in {:?}",
                whole.as_str()
            ));
        }
        let magnitude = deg + min / 60.0 + sec / 3600.0;
        match &caps["hemi"] {
            hemi @ ("N" | "S") => {
                if pending_latitude.is_some() {
                    return Err(format!("two latitudes in a row in {text:?}"));
                }
                let sign = if hemi == "S" { -1.0 } else { 1.0 };
                pending_latitude = Some((sign * magnitude, whole.start()));
            }
            hemi => {
                let Some((latitude, start)) = pending_latitude.take() else {
                    return Err(format!("a longitude without a latitude in {text:?}"));
                };
                let longitude = if hemi == "W" { -magnitude } else { magnitude };
                check_range(latitude, longitude, text)?;
                location.coordinates.push(Coordinates {
                    latitude: round6(latitude),
                    longitude: round6(longitude),
                    text: text[start..whole.end()].trim().to_string(),
                });
            }
        }
    }
    if pending_latitude.is_some() {
        return Err(format!("a latitude without a longitude in {text:?}"));
    }
    rest.push_str(&text[cursor..]);
    let place = rest.trim_matches(|c: char| c.is_whitespace() || c == ',' || c == ';');
    if !place.is_empty() {
        location.places.push(place.to_string());
    }
    Ok(location)
}

fn check_range(latitude: f64, longitude: f64, text: &str) -> Result<(), String> {
    if latitude.abs() > 90.0 || longitude.abs() > 180.0 {
        return Err(format!("coordinates out of range in {text:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: &[(f64, f64)], places: &[&str]) {
        let location = parse_location(input).unwrap();
        let got: Vec<(f64, f64)> = location
            .coordinates
            .iter()
            .map(|c| (c.latitude, c.longitude))
            .collect();
        assert_eq!(got, expected, "coordinates of {input:?}");
        assert_eq!(location.places, places, "places of {input:?}");
    }

    #[test]
    fn seeds_and_variants() {
        check(
            r#"33°22'4.12"N, 6°51'5.94"E"#,
            &[(33.367811, 6.851650)],
            &[],
        );
        check(
            r#"11° 7'34.35"N, 39°38'8.03"E 11° 5'3.59"N, 39°44'16.44"E"#,
            &[(11.126208, 39.635564), (11.084331, 39.737900)],
            &[],
        );
        check("Mesopotamia", &[], &["Mesopotamia"]);
        check(r#"12°30'S, 45°W"#, &[(-12.5, -45.0)], &[]);
        check("31.7683, 35.2137", &[(31.7683, 35.2137)], &[]);
        check("33°22′4.12″N, 6°51′5.94″E", &[(33.367811, 6.851650)], &[]);
    }

    #[test]
    fn impossible_coordinates_are_errors() {
        assert!(parse_location(r#"95°0'0"N, 6°E"#).is_err());
        assert!(parse_location(r#"33°22'4"N"#).is_err());
        assert!(parse_location(r#"6°51'5"E"#).is_err());
        assert!(parse_location(r#"33°75'4"N, 6°E"#).is_err());
    }
}
