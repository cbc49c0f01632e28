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
        let show = |d: &HistDate| {
            if d.year <= 0 {
                d.era_year()
            } else {
                d.year.to_string()
            }
        };
        // A day is written with its era too: "1 January 2592 BCE", never an astronomical
        // year such as -2591.
        let day = |d: &HistDate| {
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
            let year = if d.year <= 0 {
                d.era_year()
            } else {
                d.year.to_string()
            };
            format!("{} {} {year}", d.day, MONTHS[usize::from(d.month - 1)])
        };
        match (whole_years, self.start.year == self.end.year) {
            (true, true) => format!("{circa}{}", show(&self.start)),
            (true, false) => format!("{circa}{} – {}", show(&self.start), show(&self.end)),
            (false, _) if self.start == self.end => format!("{circa}{}", day(&self.start)),
            (false, _) => format!("{circa}{} – {}", day(&self.start), day(&self.end)),
        }
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
}
