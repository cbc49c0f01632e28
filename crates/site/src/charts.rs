//! Charts drawn as inline SVG: game lengths, win shares with their intervals, the map and the
//! timeline. Every text that reaches a chart goes through [`escape`].

use std::fmt::Write;

use engine::stats::Shape;

use crate::world;

/// HTML/XML escaping for text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Opens an accessible SVG: a role, a title and a description readers without sight get.
fn open(out: &mut String, id: &str, width: f64, height: f64, title: &str, description: &str) {
    write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{id}-title {id}-desc"><title id="{id}-title">{}</title><desc id="{id}-desc">{}</desc>"#,
        escape(title),
        escape(description)
    )
    .unwrap();
}

/// Round numbers for an axis from 0 or `low` to `high`.
fn ticks(low: f64, high: f64, wanted: usize) -> Vec<f64> {
    let span = (high - low).max(1e-9);
    let raw = span / wanted as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    // Multiples of the step, rounded so that labels print as the round numbers they are.
    let first = (low / step).ceil() as i64;
    let last = (high / step + 1e-9).floor() as i64;
    (first..=last)
        .map(|k| (k as f64 * step * 1e9).round() / 1e9)
        .collect()
}

/// One series of a length chart.
pub struct LengthSeries<'a> {
    pub label: &'a str,
    pub shape: &'a Shape,
}

/// Game lengths of several option sets as step lines of the share of games per move, so
/// that series binned differently compare.
pub fn lengths(id: &str, title: &str, unit: &str, series: &[LengthSeries<'_>]) -> String {
    let (w, h, left, right, top, bottom) = (640.0, 260.0, 56.0, 16.0, 12.0, 40.0);
    let start = series.iter().map(|s| s.shape.start).min().unwrap_or(0) as f64;
    let end = series
        .iter()
        .map(|s| s.shape.start + s.shape.width * s.shape.counts.len() as u32)
        .max()
        .unwrap_or(1) as f64;
    let densities: Vec<Vec<f64>> = series
        .iter()
        .map(|s| {
            let total: u64 = s.shape.counts.iter().sum::<u64>() + s.shape.beyond;
            s.shape
                .counts
                .iter()
                .map(|&c| c as f64 / (total.max(1) as f64 * f64::from(s.shape.width)))
                .collect()
        })
        .collect();
    let peak = densities
        .iter()
        .flatten()
        .fold(0.0f64, |a, &b| a.max(b))
        .max(1e-9);
    let x = |v: f64| left + (v - start) / (end - start).max(1.0) * (w - left - right);
    let y = |v: f64| top + (1.0 - v / peak) * (h - top - bottom);
    let labels: Vec<&str> = series.iter().map(|s| s.label).collect();
    // The legend goes below the plot, where it covers no line.
    let legend_top = h + 4.0;
    let mut out = String::new();
    open(
        &mut out,
        id,
        w,
        legend_top + LEGEND_ROW * labels.len() as f64,
        title,
        &format!(
            "Share of games by length in {unit}, 1st to 99th percentile, for: {}.",
            labels.join("; ")
        ),
    );
    for t in ticks(start, end, 6) {
        write!(
            out,
            r#"<line class="grid" x1="{0:.1}" x2="{0:.1}" y1="{top}" y2="{1:.1}"/><text class="tick" x="{0:.1}" y="{2:.1}" text-anchor="middle">{3}</text>"#,
            x(t),
            h - bottom,
            h - bottom + 16.0,
            t
        )
        .unwrap();
    }
    write!(
        out,
        r#"<text class="axis" x="{:.1}" y="{:.1}" text-anchor="middle">{}</text><text class="axis" x="14" y="{:.1}" text-anchor="middle" transform="rotate(-90 14 {:.1})">share of games</text>"#,
        (left + w - right) / 2.0,
        h - 4.0,
        escape(unit),
        (top + h - bottom) / 2.0,
        (top + h - bottom) / 2.0,
    )
    .unwrap();
    for (n, (s, density)) in series.iter().zip(&densities).enumerate() {
        let mut d = format!("M{:.1} {:.1}", x(f64::from(s.shape.start)), y(0.0));
        for (i, v) in density.iter().enumerate() {
            let from = f64::from(s.shape.start + s.shape.width * i as u32);
            let to = from + f64::from(s.shape.width);
            write!(d, "L{:.1} {:.1}L{:.1} {:.1}", x(from), y(*v), x(to), y(*v)).unwrap();
        }
        let last = f64::from(s.shape.start + s.shape.width * density.len() as u32);
        write!(d, "L{:.1} {:.1}", x(last), y(0.0)).unwrap();
        write!(
            out,
            r#"<path class="series s{}" d="{d}"><title>{}</title></path>"#,
            n % 6,
            escape(s.label)
        )
        .unwrap();
    }
    legend(&mut out, &labels, left, legend_top);
    out.push_str("</svg>");
    out
}

/// The height of a legend's row.
const LEGEND_ROW: f64 = 16.0;

fn legend(out: &mut String, labels: &[&str], x: f64, y: f64) {
    for (n, label) in labels.iter().enumerate() {
        let row = y + LEGEND_ROW * n as f64;
        write!(
            out,
            r#"<rect class="key s{}" x="{x:.1}" y="{row:.1}" width="12" height="10"/><text class="legend" x="{:.1}" y="{:.1}">{}</text>"#,
            n % 6,
            x + 16.0,
            row + 9.0,
            escape(label)
        )
        .unwrap();
    }
}

/// One bar of a share chart: a value and its 95% interval.
pub struct ShareBar {
    pub group: String,
    pub label: String,
    pub value: f64,
    pub ci: [f64; 2],
}

/// Win shares as horizontal bars with whiskers for the intervals, a dashed line at `fair`.
pub fn shares(id: &str, title: &str, bars: &[ShareBar], fair: f64) -> String {
    let (w, left, right, top, row) = (640.0, 250.0, 24.0, 8.0, 20.0);
    let h = top + row * bars.len() as f64 + 36.0;
    let x = |v: f64| left + v.clamp(0.0, 1.0) * (w - left - right);
    let mut out = String::new();
    let description: Vec<String> = bars
        .iter()
        .map(|b| {
            format!(
                "{} {}: {:.1}% (95% interval {:.1}% to {:.1}%)",
                b.group,
                b.label,
                b.value * 100.0,
                b.ci[0] * 100.0,
                b.ci[1] * 100.0
            )
        })
        .collect();
    open(&mut out, id, w, h, title, &description.join("; "));
    let base = top + row * bars.len() as f64;
    for t in ticks(0.0, 1.0, 5) {
        write!(
            out,
            r#"<line class="grid" x1="{0:.1}" x2="{0:.1}" y1="{top}" y2="{base:.1}"/><text class="tick" x="{0:.1}" y="{1:.1}" text-anchor="middle">{2:.0}%</text>"#,
            x(t),
            base + 16.0,
            t * 100.0
        )
        .unwrap();
    }
    let mut previous_group = None;
    let mut group_index = 0;
    for (i, bar) in bars.iter().enumerate() {
        if previous_group.is_some_and(|g| g != &bar.group) {
            group_index += 1;
        }
        let y0 = top + row * i as f64;
        let name = if previous_group == Some(&bar.group) {
            bar.label.clone()
        } else {
            format!("{} · {}", bar.group, bar.label)
        };
        previous_group = Some(&bar.group);
        write!(
            out,
            r#"<text class="legend" x="{:.1}" y="{:.1}" text-anchor="end">{}</text><rect class="bar s{}" x="{left}" y="{:.1}" width="{:.1}" height="{:.1}"/><path class="whisker" d="M{:.1} {:.1}H{:.1}M{:.1} {:.1}v8M{:.1} {:.1}v8"/>"#,
            left - 6.0,
            y0 + 14.0,
            escape(&name),
            group_index % 6,
            y0 + 3.0,
            x(bar.value) - left,
            row - 6.0,
            x(bar.ci[0]),
            y0 + row / 2.0,
            x(bar.ci[1]),
            x(bar.ci[0]),
            y0 + row / 2.0 - 4.0,
            x(bar.ci[1]),
            y0 + row / 2.0 - 4.0,
        )
        .unwrap();
    }
    write!(
        out,
        r#"<line class="fair" x1="{0:.1}" x2="{0:.1}" y1="{top}" y2="{base:.1}"/><text class="axis" x="{1:.1}" y="{2:.1}" text-anchor="middle">share of games won (dashed: an even share)</text></svg>"#,
        x(fair),
        (left + w - right) / 2.0,
        h - 4.0
    )
    .unwrap();
    out
}

/// A place on a map.
pub struct Pin {
    pub label: String,
    pub href: String,
    pub longitude: f64,
    pub latitude: f64,
}

/// The world with pins and region outlines; `focus` crops the view around them (game and
/// record pages).
pub fn map(
    id: &str,
    title: &str,
    land: &str,
    pins: &[Pin],
    regions: &[RegionShape],
    focus: bool,
) -> String {
    let points: Vec<(f64, f64)> = pins
        .iter()
        .map(|p| world::project(p.longitude, p.latitude))
        .collect();
    let corners = points.iter().copied().chain(
        regions
            .iter()
            .flat_map(|r| [(r.bounds.0, r.bounds.1), (r.bounds.2, r.bounds.3)]),
    );
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (x, y) in corners {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let (vx, vy, vw, vh) = if focus && x0 <= x1 {
        // About 40 degrees of longitude around the places at least, 2:1 like the whole map,
        // with every region whole.
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let vw = (x1 - x0 + 60.0)
            .max(2.0 * (y1 - y0 + 30.0))
            .clamp(110.0, world::WIDTH);
        let vh = vw / 2.0;
        (
            (cx - vw / 2.0).clamp(0.0, world::WIDTH - vw),
            (cy - vh / 2.0).clamp(0.0, world::HEIGHT - vh),
            vw,
            vh,
        )
    } else {
        (0.0, 0.0, world::WIDTH, world::HEIGHT)
    };
    let radius = vw / 160.0;
    let names: Vec<&str> = pins.iter().map(|p| p.label.as_str()).collect();
    let outlined: Vec<&str> = regions.iter().map(|r| r.label.as_str()).collect();
    let mut description = format!(
        "Equirectangular world map (Natural Earth 1:110m land) marking: {}.",
        names.join("; ")
    );
    if !outlined.is_empty() {
        description = format!(
            "{} Regions outlined as the DLP draws them: {}.",
            if names.is_empty() {
                "Equirectangular world map (Natural Earth 1:110m land)."
            } else {
                description.as_str()
            },
            outlined.join("; ")
        );
    }
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="{vx:.1} {vy:.1} {vw:.1} {vh:.1}" role="img" aria-labelledby="{id}-title {id}-desc"><title id="{id}-title">{}</title><desc id="{id}-desc">{}</desc><rect class="sea" x="0" y="0" width="{}" height="{}"/><path class="land" d="{land}"/>"#,
        escape(title),
        escape(&description),
        world::WIDTH,
        world::HEIGHT
    );
    draw_regions(&mut out, regions);
    for (pin, (x, y)) in pins.iter().zip(&points) {
        write!(
            out,
            r#"<a href="{}"><circle class="pin" cx="{x:.2}" cy="{y:.2}" r="{radius:.2}"><title>{}</title></circle></a>"#,
            escape(&pin.href),
            escape(&pin.label)
        )
        .unwrap();
    }
    out.push_str("</svg>");
    out
}

/// Region outlines, each a link with its label as its tooltip.
fn draw_regions(out: &mut String, regions: &[RegionShape]) {
    for region in regions {
        write!(
            out,
            r#"<a href="{}"><path class="region" d="{}"><title>{}</title></path></a>"#,
            escape(&region.href),
            region.path,
            escape(&region.label)
        )
        .unwrap();
    }
}

/// A dated record on the timeline.
pub struct Span {
    pub label: String,
    pub href: String,
    pub start: f64,
    pub end: f64,
    pub highlighted: bool,
}

/// The right end of the timeline's axis: a fixed year, so that the site does not change with
/// the clock.
const PRESENT: f64 = 2030.0;
/// The left end: the DLP's own origin of time (its evidence ranges count from 3500 BCE).
const EARLIEST: f64 = -3499.0;
/// Years the axis is labelled at, in astronomical numbering (-2999 is 3000 BCE).
const TIMELINE_TICKS: [f64; 8] = [-2999.0, -999.0, 1.0, 500.0, 1000.0, 1500.0, 1800.0, 2000.0];
/// Characters of a row label shown; the whole label is the bar's tooltip and link text.
const LABEL_CHARACTERS: usize = 40;

/// Where a year falls on the timeline, 0 (3500 BCE) to 1 (the present), on a square-root scale
/// of the time before the present: the first millennia and the last centuries, where most
/// records are, both stay readable.
pub fn timeline_position(year: f64) -> f64 {
    let age = PRESENT - year.clamp(EARLIEST, PRESENT);
    1.0 - (age / (PRESENT - EARLIEST)).sqrt()
}

fn shorten(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARACTERS {
        label.to_string()
    } else {
        let cut: String = label.chars().take(LABEL_CHARACTERS - 1).collect();
        format!("{cut}…")
    }
}

/// Date ranges as bars on one axis from 3500 BCE to the present.
pub fn timeline(id: &str, title: &str, spans: &[Span]) -> String {
    // The years are labelled above the rows too: a long timeline is read from its top.
    let (w, left, right, top, row) = (760.0, 270.0, 16.0, 24.0, 22.0);
    let h = top + row * spans.len() as f64 + 40.0;
    let x = |v: f64| left + timeline_position(v) * (w - left - right);
    let mut out = String::new();
    let description: Vec<String> = spans
        .iter()
        .map(|s| {
            format!(
                "{}: {:.0} to {:.0}",
                s.label,
                s.start.floor(),
                s.end.floor()
            )
        })
        .collect();
    open(&mut out, id, w, h, title, &description.join("; "));
    let base = top + row * spans.len() as f64;
    for t in TIMELINE_TICKS {
        let label = if t < 0.5 {
            format!("{:.0} BCE", 1.0 - t)
        } else {
            format!("{t:.0}")
        };
        write!(
            out,
            r#"<line class="grid" x1="{0:.1}" x2="{0:.1}" y1="{top}" y2="{base:.1}"/><text class="tick" x="{0:.1}" y="{1:.1}" text-anchor="middle">{2}</text><text class="tick" x="{0:.1}" y="{3:.1}" text-anchor="middle">{2}</text>"#,
            x(t),
            base + 16.0,
            label,
            top - 8.0
        )
        .unwrap();
    }
    for (i, span) in spans.iter().enumerate() {
        let y0 = top + row * i as f64;
        let x0 = x(span.start);
        let width = (x(span.end) - x0).max(4.0);
        write!(
            out,
            r#"<a href="{}"><text class="legend" x="{:.1}" y="{:.1}" text-anchor="end">{}</text><rect class="span{}" x="{x0:.1}" y="{:.1}" width="{width:.1}" height="{:.1}"><title>{}</title></rect></a>"#,
            escape(&span.href),
            left - 6.0,
            y0 + 15.0,
            escape(&shorten(&span.label)),
            if span.highlighted { " highlighted" } else { "" },
            y0 + 4.0,
            row - 8.0,
            escape(&span.label)
        )
        .unwrap();
    }
    write!(
        out,
        r#"<text class="axis" x="{:.1}" y="{:.1}" text-anchor="middle">year (square-root scale of the time before the present)</text></svg>"#,
        (left + w - right) / 2.0,
        h - 4.0
    )
    .unwrap();
    out
}

/// A row of a grouped timeline: a game (or a kind of record) and its dated records.
pub struct TimelineRow {
    pub label: String,
    pub href: String,
    pub bars: Vec<Span>,
}

/// A grouped timeline, drawn as two SVGs of one width: the year axis, which the page keeps
/// in view, and the rows below it, one per group with a bar per record.
pub struct GroupedTimeline {
    pub axis: String,
    pub rows: String,
}

/// Years, as the axis labels them.
fn year_label(t: f64) -> String {
    if t < 0.5 {
        format!("{:.0} BCE", 1.0 - t)
    } else {
        format!("{t:.0}")
    }
}

/// What a grouped timeline shows, in a few sentences: how many records of how many groups,
/// from when to when, and how many fall in each age.
pub fn timeline_summary(rows: &[TimelineRow], groups: &str) -> String {
    let bars: Vec<&Span> = rows.iter().flat_map(|r| &r.bars).collect();
    let (Some(first), Some(last)) = (
        bars.iter().map(|b| b.start).min_by(f64::total_cmp),
        bars.iter().map(|b| b.end).max_by(f64::total_cmp),
    ) else {
        return "No dated record.".to_string();
    };
    let ages: [(f64, f64, &str); 6] = [
        (f64::MIN, -999.0, "before 1000 BCE"),
        (-999.0, 1.0, "from 1000 BCE to 1 BCE"),
        (1.0, 1000.0, "in the first millennium"),
        (1000.0, 1500.0, "from 1000 to 1500"),
        (1500.0, 1800.0, "from 1500 to 1800"),
        (1800.0, f64::MAX, "after 1800"),
    ];
    let counts: Vec<String> = ages
        .iter()
        .filter_map(|&(from, to, words)| {
            let n = bars
                .iter()
                .filter(|b| b.start >= from && b.start < to)
                .count();
            (n > 0).then(|| format!("{n} begin {words}"))
        })
        .collect();
    format!(
        "{} dated records of {} {groups}, from {} to {}: {}.",
        bars.len(),
        rows.len(),
        year_label(first.floor()),
        year_label((last - 1e-9).floor()),
        counts.join(", ")
    )
}

/// Groups of date ranges on one axis from 3500 BCE to the present, a row per group.
pub fn grouped_timeline(
    id: &str,
    title: &str,
    rows: &[TimelineRow],
    summary: &str,
) -> GroupedTimeline {
    let (w, left, right, row) = (1000.0, 220.0, 16.0, 18.0);
    let x = |v: f64| left + timeline_position(v) * (w - left - right);
    let axis_height = 34.0;
    let mut axis = String::new();
    open(
        &mut axis,
        &format!("{id}-axis"),
        w,
        axis_height,
        "Years",
        "The years of the timeline below, from 3500 BCE to the present.",
    );
    // The axis is a chart of its own, which the page keeps in view.
    axis = axis.replacen(r#"class="chart""#, r#"class="chart timeline-axis""#, 1);
    for t in TIMELINE_TICKS {
        write!(
            axis,
            r#"<line class="grid" x1="{0:.1}" x2="{0:.1}" y1="22" y2="{axis_height}"/><text class="tick" x="{0:.1}" y="16" text-anchor="middle">{1}</text>"#,
            x(t),
            year_label(t)
        )
        .unwrap();
    }
    write!(
        axis,
        r#"<text class="axis" x="{:.1}" y="16" text-anchor="end">years, on a square-root scale</text></svg>"#,
        left - 8.0
    )
    .unwrap();
    let h = row * rows.len() as f64 + 4.0;
    let mut out = String::new();
    open(&mut out, id, w, h, title, summary);
    for t in TIMELINE_TICKS {
        write!(
            out,
            r#"<line class="grid" x1="{0:.1}" x2="{0:.1}" y1="0" y2="{h:.1}"/>"#,
            x(t)
        )
        .unwrap();
    }
    for (i, group) in rows.iter().enumerate() {
        let y0 = row * i as f64;
        write!(
            out,
            r#"<a href="{}"><text class="legend" x="{:.1}" y="{:.1}" text-anchor="end">{}</text><title>{}</title></a>"#,
            escape(&group.href),
            left - 6.0,
            y0 + 13.0,
            escape(&shorten(&group.label)),
            escape(&group.label)
        )
        .unwrap();
        for bar in &group.bars {
            let x0 = x(bar.start);
            let width = (x(bar.end) - x0).max(3.0);
            write!(
                out,
                r#"<a href="{}"><rect class="span{}" x="{x0:.1}" y="{:.1}" width="{width:.1}" height="{:.1}"><title>{}</title></rect></a>"#,
                escape(&bar.href),
                if bar.highlighted { " highlighted" } else { "" },
                y0 + 3.0,
                row - 6.0,
                escape(&bar.label)
            )
            .unwrap();
        }
    }
    out.push_str("</svg>");
    GroupedTimeline { axis, rows: out }
}

/// Points gathered into cells of the map, so that a thousand records stay readable: one
/// circle per cell, its area proportional to the records in it.
pub struct Cluster {
    pub latitude: f64,
    pub longitude: f64,
    pub count: usize,
    pub label: String,
    pub href: String,
}

/// A region drawn as its outline: records known only by a region the map can draw.
pub struct RegionShape {
    pub label: String,
    pub href: String,
    /// The outline, an SVG path on the map.
    pub path: String,
    /// Its bounds on the map: left, top, right, bottom.
    pub bounds: (f64, f64, f64, f64),
}

/// The world with a circle per cluster, and the regions of records known only by region.
pub fn cluster_map(
    id: &str,
    title: &str,
    land: &str,
    clusters: &[Cluster],
    regions: &[RegionShape],
) -> String {
    let total: usize = clusters.iter().map(|c| c.count).sum();
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 {w} {h}" role="img" aria-labelledby="{id}-title {id}-desc"><title id="{id}-title">{}</title><desc id="{id}-desc">{}</desc><rect class="sea" x="0" y="0" width="{w}" height="{h}"/><path class="land" d="{land}"/>"#,
        escape(title),
        escape(&format!(
            "Equirectangular world map (Natural Earth 1:110m land): {total} located points in {} places, each circle sized by the number of points, and {} regions outlined, of the records that give a region but no coordinates; the lists below give them.",
            clusters.len(),
            regions.len()
        )),
        w = world::WIDTH,
        h = world::HEIGHT
    );
    draw_regions(&mut out, regions);
    for cluster in clusters {
        let (x, y) = world::project(cluster.longitude, cluster.latitude);
        let r = 2.0 + 1.6 * (cluster.count as f64).sqrt();
        write!(
            out,
            r#"<a href="{}"><circle class="pin cluster" cx="{x:.2}" cy="{y:.2}" r="{r:.2}"><title>{}</title></circle></a>"#,
            escape(&cluster.href),
            escape(&cluster.label)
        )
        .unwrap();
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(0.0, 1.0, 5), vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(
            ticks(1650.0, 2010.0, 6),
            vec![1700.0, 1800.0, 1900.0, 2000.0]
        );
    }

    #[test]
    fn the_timeline_shows_both_ends() {
        assert_eq!(timeline_position(-3499.0), 0.0);
        assert_eq!(timeline_position(PRESENT), 1.0);
        // The last two centuries take a visible share, and so do the first millennia.
        assert!(
            timeline_position(1800.0) < 0.85,
            "{}",
            timeline_position(1800.0)
        );
        assert!(
            timeline_position(-2499.0) > 0.05,
            "{}",
            timeline_position(-2499.0)
        );
        let positions: Vec<f64> = TIMELINE_TICKS
            .iter()
            .map(|&t| timeline_position(t))
            .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn long_labels_are_shortened_not_clipped() {
        let span = Span {
            label: "DLP.Evidence.1238 (Natt Klab ash-Shawk and a very long name)".into(),
            href: "a.html".into(),
            start: 1694.0,
            end: 1695.0,
            highlighted: false,
        };
        let svg = timeline("t", "t", &[span]);
        assert!(svg.contains(&format!(
            ">{}</text>",
            shorten("DLP.Evidence.1238 (Natt Klab ash-Shawk and a very long name)")
        )));
        assert!(
            shorten("DLP.Evidence.1238 (Natt Klab ash-Shawk and a very long name)").ends_with('…')
        );
        assert!(svg.contains(
            "<title>DLP.Evidence.1238 (Natt Klab ash-Shawk and a very long name)</title>"
        ));
    }

    #[test]
    fn the_legend_of_a_length_chart_is_below_its_lines() {
        let shape = Shape {
            start: 10,
            width: 1,
            counts: vec![5, 9, 3],
            beyond: 0,
        };
        let series = [
            LengthSeries {
                label: "dlp",
                shape: &shape,
            },
            LengthSeries {
                label: "ludii",
                shape: &shape,
            },
        ];
        let svg = lengths("l", "t", "moves", &series);
        let number_after = |text: &str, key: &str| -> f64 {
            let at = text.find(key).unwrap() + key.len();
            text[at..].split('"').next().unwrap().parse().unwrap()
        };
        let first_key = &svg[svg.find(r#"class="key"#).unwrap()..];
        let key_y = number_after(first_key, r#"y=""#);
        // The plot's lowest line is its x axis, at 260 less the bottom margin.
        assert!(
            key_y > 260.0,
            "the legend starts at y = {key_y}, over the plot"
        );
        assert!(svg.contains(r#"viewBox="0 0 640 296""#), "{}", &svg[..200]);
    }

    #[test]
    fn a_grouped_timeline_has_a_row_per_group_and_says_what_it_shows() {
        let bar = |start: f64, end: f64| Span {
            label: "a <record>".into(),
            href: "r.html".into(),
            start,
            end,
            highlighted: false,
        };
        let rows = [
            TimelineRow {
                label: "Senet".into(),
                href: "games/senet.html".into(),
                bars: vec![bar(-2969.0, -2929.0), bar(-2899.0, -2599.0)],
            },
            TimelineRow {
                label: "Tuz".into(),
                href: "games/tuz.html".into(),
                bars: vec![bar(1900.0, 1901.0)],
            },
        ];
        let summary = timeline_summary(&rows, "games");
        assert_eq!(
            summary,
            "3 dated records of 2 games, from 2970 BCE to 1900: 2 begin before 1000 BCE, 1 begin after 1800."
        );
        let chart = grouped_timeline("t", "t", &rows, &summary);
        assert_eq!(chart.rows.matches("<rect class=\"span").count(), 3);
        assert_eq!(chart.rows.matches(">Senet</text>").count(), 1);
        assert!(chart.rows.contains("a &lt;record&gt;"));
        assert!(chart.axis.contains("timeline-axis") && chart.axis.contains(">3000 BCE</text>"));
    }

    #[test]
    fn chart_text_is_escaped() {
        let bars = [ShareBar {
            group: "<script>".into(),
            label: "a \"side\"".into(),
            value: 0.5,
            ci: [0.4, 0.6],
        }];
        let svg = shares("x", "t<", &bars, 0.5);
        assert!(!svg.contains("<script>") && svg.contains("&lt;script&gt;"));
        assert!(svg.contains("a &quot;side&quot;") && svg.contains("t&lt;"));
    }
}
