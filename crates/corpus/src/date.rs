//! Historical dates: ISO 8601 calendar dates with astronomical year numbering, so that
//! 1 BCE is year 0 and 500 BCE is year -499, as ISO 8601's expanded years do.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A day in the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HistDate {
    /// Astronomical year: 0 is 1 BCE, -499 is 500 BCE.
    pub year: i32,
    /// Month, 1 to 12.
    pub month: u8,
    /// Day of the month, from 1.
    pub day: u8,
}

impl HistDate {
    /// Builds a date, checking that the month and day exist.
    pub fn new(year: i32, month: u8, day: u8) -> Result<Self, String> {
        if !(1..=12).contains(&month) {
            return Err(format!("month {month} is not between 1 and 12"));
        }
        let last = days_in_month(year, month);
        if day == 0 || day > last {
            return Err(format!("day {day} does not exist in {year:04}-{month:02}"));
        }
        Ok(Self { year, month, day })
    }

    /// 1 January of `year`.
    pub fn first_of_year(year: i32) -> Self {
        Self {
            year,
            month: 1,
            day: 1,
        }
    }

    /// 31 December of `year`.
    pub fn last_of_year(year: i32) -> Self {
        Self {
            year,
            month: 12,
            day: 31,
        }
    }

    /// The year as historians write it: "1694 CE" or "500 BCE".
    pub fn era_year(&self) -> String {
        if self.year <= 0 {
            format!("{} BCE", 1 - i64::from(self.year))
        } else {
            format!("{} CE", self.year)
        }
    }

    /// Years since 1 January of year 0, as a real number, for timelines.
    pub fn fractional_year(&self) -> f64 {
        let day_of_year: u32 = (1..self.month)
            .map(|m| u32::from(days_in_month(self.year, m)))
            .sum::<u32>()
            + u32::from(self.day)
            - 1;
        let length = if is_leap(self.year) { 366.0 } else { 365.0 };
        f64::from(self.year) + f64::from(day_of_year) / length
    }
}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Ord for HistDate {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.year, self.month, self.day).cmp(&(other.year, other.month, other.day))
    }
}

impl PartialOrd for HistDate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for HistDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.year < 0 {
            write!(
                f,
                "-{:04}-{:02}-{:02}",
                -i64::from(self.year),
                self.month,
                self.day
            )
        } else {
            write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
        }
    }
}

impl FromStr for HistDate {
    type Err = String;

    /// Parses `YYYY-MM-DD`, with a leading `-` for years before year 0.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!("{text:?} is not a date of the form YYYY-MM-DD (a leading '-' for BCE years)")
        };
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let mut parts = rest.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() < 4
            || m.len() != 2
            || d.len() != 2
            || ![y, m, d]
                .iter()
                .all(|p| p.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(bad());
        }
        let year: i32 = y.parse().map_err(|_| bad())?;
        let year = if negative { -year } else { year };
        HistDate::new(
            year,
            m.parse().map_err(|_| bad())?,
            d.parse().map_err(|_| bad())?,
        )
    }
}

impl Serialize for HistDate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for HistDate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The span of time a piece of evidence dates from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DateRange {
    /// The first day the range covers.
    pub start: HistDate,
    /// The last day the range covers.
    pub end: HistDate,
    /// The page marked the dates as approximate ("c.", "ca.", "circa").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub approximate: bool,
}

impl DateRange {
    /// A range as historians read it: "1694", "1200 BCE – 1100 BCE".
    pub fn label(&self) -> String {
        let circa = if self.approximate { "c. " } else { "" };
        let whole_years = self.start == HistDate::first_of_year(self.start.year)
            && self.end == HistDate::last_of_year(self.end.year);
        let show = HistDate::written_year;
        // A day is written with its era too: "1 January 2592 BCE", never an astronomical
        // year such as -2591.
        let day = |d: &HistDate| {
            format!(
                "{} {} {}",
                d.day,
                MONTHS[usize::from(d.month - 1)],
                d.written_year()
            )
        };
        match (whole_years, self.start.year == self.end.year) {
            (true, true) => format!("{circa}{}", show(&self.start)),
            (true, false) => format!("{circa}{} – {}", show(&self.start), show(&self.end)),
            (false, _) if self.start == self.end => format!("{circa}{}", day(&self.start)),
            (false, _) => format!("{circa}{} – {}", day(&self.start), day(&self.end)),
        }
    }
}

/// How precisely a range is known, read off its ends. DLP writes a year as its 1 January
/// (`1190-01-01` is "1190", never the first day of it), so an end on 1 January or
/// 31 December is a year; an end on the first or last day of a month is that month.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// Whole centuries: from a year ending in 01 to one ending in 00 ("13th century").
    Centuries,
    /// Whole years.
    Years,
    /// Whole months.
    Months,
    /// Days.
    Days,
}

/// DLP's `Games.EvidenceRange` when nothing dates a game: its whole scale, 3500 BCE to 2020.
/// A placeholder, never evidence.
pub const DLP_PLACEHOLDER_RANGE: (i32, i32) = (-3499, 2020);

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// "1st", "2nd", "13th", "21st".
fn ordinal(n: i64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl HistDate {
    /// The year as written beside a month or alone: "1694", "500 BCE".
    fn written_year(&self) -> String {
        if self.year <= 0 {
            self.era_year()
        } else {
            self.year.to_string()
        }
    }

    /// The century a year falls in, as written: "13th century", "5th century BCE".
    fn written_century(year: i32) -> String {
        if year <= 0 {
            // Astronomical -499 is 500 BCE, in the 5th century BCE (500 to 401 BCE).
            let historian = 1 - i64::from(year);
            format!("{} century BCE", ordinal((historian + 99) / 100))
        } else {
            format!("{} century", ordinal((i64::from(year) + 99) / 100))
        }
    }

    fn is_first_of_month(&self) -> bool {
        self.day == 1
    }

    fn is_last_of_month(&self) -> bool {
        self.day == days_in_month(self.year, self.month)
    }
}

impl DateRange {
    /// How precisely the range is known (see [`Precision`]).
    pub fn precision(&self) -> Precision {
        let year_start = self.start.month == 1 && self.start.day == 1;
        let year_end = (self.end.month == 1 && self.end.day == 1)
            || (self.end.month == 12 && self.end.day == 31);
        if year_start && year_end {
            if self.start.year.rem_euclid(100) == 1
                && self.end.year.rem_euclid(100) == 0
                && self.end.year > self.start.year
            {
                Precision::Centuries
            } else {
                Precision::Years
            }
        } else if self.start.is_first_of_month() && self.end.is_last_of_month() {
            Precision::Months
        } else {
            Precision::Days
        }
    }

    /// The range written at the precision it has, as the site, the CSV tables and the
    /// citations show it: "1190 BCE", "2305 BCE – 525 BCE", "13th century",
    /// "March 1700", "c. 21 June 1877".
    pub fn written(&self) -> String {
        let circa = if self.approximate { "c. " } else { "" };
        let (start, end) = (&self.start, &self.end);
        let text = match self.precision() {
            Precision::Centuries => {
                let first = HistDate::written_century(start.year);
                let last = HistDate::written_century(end.year);
                if first == last {
                    first
                } else {
                    format!("{} – {last}", first.trim_end_matches(" century"))
                }
            }
            Precision::Years if start.year == end.year => start.written_year(),
            Precision::Years => format!("{} – {}", start.written_year(), end.written_year()),
            Precision::Months => {
                let month = |d: &HistDate| MONTHS[usize::from(d.month - 1)];
                if (start.year, start.month) == (end.year, end.month) {
                    format!("{} {}", month(start), start.written_year())
                } else if start.year == end.year {
                    format!("{} – {} {}", month(start), month(end), end.written_year())
                } else {
                    format!(
                        "{} {} – {} {}",
                        month(start),
                        start.written_year(),
                        month(end),
                        end.written_year()
                    )
                }
            }
            Precision::Days => {
                // Each end at its own precision: DLP's `-01-01` start stays a year beside a
                // day at the other end.
                let day = |d: &HistDate, year_like: bool| {
                    if year_like {
                        d.written_year()
                    } else {
                        format!(
                            "{} {} {}",
                            d.day,
                            MONTHS[usize::from(d.month - 1)],
                            d.written_year()
                        )
                    }
                };
                let start_year = start.month == 1 && start.day == 1;
                let end_year = (end.month, end.day) == (1, 1) || (end.month, end.day) == (12, 31);
                if start == end {
                    day(start, false)
                } else {
                    format!("{} – {}", day(start, start_year), day(end, end_year))
                }
            }
        };
        format!("{circa}{text}")
    }

    /// Whether this is DLP's placeholder for an undated game ([`DLP_PLACEHOLDER_RANGE`]).
    pub fn is_dlp_placeholder(&self) -> bool {
        (self.start.year, self.end.year) == DLP_PLACEHOLDER_RANGE
    }

    /// The middle of the range in fractional years, and the range's ends, for sorting and
    /// drawing: the start, and the end's last day included.
    pub fn years(&self) -> (f64, f64) {
        let end = match self.precision() {
            // DLP's `-01-01` end means the whole of that year.
            Precision::Years | Precision::Centuries => f64::from(self.end.year) + 1.0,
            Precision::Months | Precision::Days => self.end.fractional_year() + 1.0 / 365.0,
        };
        (self.start.fractional_year(), end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_round_trip_including_bce() {
        for text in [
            "1694-01-01",
            "1694-12-31",
            "0000-06-15",
            "-0499-01-01",
            "2000-02-29",
        ] {
            let date: HistDate = text.parse().unwrap();
            assert_eq!(date.to_string(), text);
        }
    }

    #[test]
    fn impossible_dates_are_rejected() {
        for text in [
            "1694-13-01",
            "1694-02-30",
            "1900-02-29",
            "1694-1-01",
            "16940101",
            "abcd-01-01",
            "1694-01-01-01",
        ] {
            assert!(
                text.parse::<HistDate>().is_err(),
                "{text} should be rejected"
            );
        }
    }

    #[test]
    fn era_years_follow_astronomical_numbering() {
        assert_eq!(HistDate::first_of_year(0).era_year(), "1 BCE");
        assert_eq!(HistDate::first_of_year(-499).era_year(), "500 BCE");
        assert_eq!(HistDate::first_of_year(1694).era_year(), "1694 CE");
    }

    #[test]
    fn labels() {
        let range = DateRange {
            start: HistDate::first_of_year(1694),
            end: HistDate::last_of_year(1694),
            approximate: false,
        };
        assert_eq!(range.label(), "1694");
        let range = DateRange {
            start: HistDate::first_of_year(-1199),
            end: HistDate::last_of_year(-1099),
            approximate: true,
        };
        assert_eq!(range.label(), "c. 1200 BCE – 1100 BCE");
    }

    fn range(start: &str, end: &str) -> DateRange {
        DateRange {
            start: start.parse().unwrap(),
            end: end.parse().unwrap(),
            approximate: false,
        }
    }

    #[test]
    fn dates_are_written_at_the_precision_they_have() {
        // DLP's `-01-01` is a year, at either end.
        assert_eq!(range("-1189-01-01", "-1189-01-01").written(), "1190 BCE");
        for (start, end, written) in [
            ("-2304-01-01", "-0524-01-01", "2305 BCE – 525 BCE"),
            ("1694-01-01", "1694-12-31", "1694"),
            ("1201-01-01", "1300-12-31", "13th century"),
            ("1101-01-01", "1300-01-01", "12th – 13th century"),
            ("-0499-01-01", "-0400-12-31", "5th century BCE"),
            ("0001-01-01", "0100-12-31", "1st century"),
            ("2001-01-01", "2100-12-31", "21st century"),
            ("1200-01-01", "1299-12-31", "1200 – 1299"),
            ("1700-03-01", "1700-03-31", "March 1700"),
            ("1700-03-01", "1700-06-30", "March – June 1700"),
            ("1877-06-21", "1877-06-21", "21 June 1877"),
            (
                "1877-02-22",
                "1877-09-12",
                "22 February 1877 – 12 September 1877",
            ),
            // Each end at its own precision.
            (
                "-0674-01-01",
                "-0624-12-21",
                "675 BCE – 21 December 625 BCE",
            ),
        ] {
            assert_eq!(range(start, end).written(), written, "{start} to {end}");
        }
        let mut circa = range("-1199-01-01", "-1099-12-31");
        circa.approximate = true;
        assert_eq!(circa.written(), "c. 1200 BCE – 1100 BCE");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
        assert_eq!(ordinal(103), "103rd");
    }

    #[test]
    fn a_year_end_covers_its_whole_year() {
        assert_eq!(range("1694-01-01", "1694-01-01").years(), (1694.0, 1695.0));
        assert!(range("-3499-01-01", "2020-12-31").is_dlp_placeholder());
        assert!(!range("-3499-01-01", "2019-12-31").is_dlp_placeholder());
    }
}
