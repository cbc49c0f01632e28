//! Reading criterion's results from `target/criterion`: per benchmark, the median time per
//! iteration with its interval, and the spread of the samples.

use std::path::Path;

use serde::Deserialize;

/// One benchmark's timing, nanoseconds per iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Criterion's full id, such as `playouts/baqura/ludii`.
    pub id: String,
    /// Median nanoseconds per iteration.
    pub median: f64,
    /// 95% interval of the median.
    pub median_ci: [f64; 2],
    /// First and third quartiles of the samples' time per iteration.
    pub quartiles: [f64; 2],
    /// Samples criterion took.
    pub samples: usize,
}

#[derive(Deserialize)]
struct BenchmarkFile {
    full_id: String,
}

#[derive(Deserialize)]
struct Estimates {
    median: Estimate,
}

#[derive(Deserialize)]
struct Estimate {
    point_estimate: f64,
    confidence_interval: Interval,
}

#[derive(Deserialize)]
struct Interval {
    lower_bound: f64,
    upper_bound: f64,
}

#[derive(Deserialize)]
struct Sample {
    iters: Vec<f64>,
    times: Vec<f64>,
}

/// Every benchmark criterion has measured under `dir` (its `target/criterion`), sorted by id.
pub fn read_all(dir: &Path) -> Result<Vec<Timing>, String> {
    let mut found = Vec::new();
    visit(dir, &mut found)?;
    found.sort_by(|a: &Timing, b| a.id.cmp(&b.id));
    Ok(found)
}

fn visit(dir: &Path, found: &mut Vec<Timing>) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "new") {
                if let Some(timing) = read_one(&path)? {
                    found.push(timing);
                }
            } else if path
                .file_name()
                .is_none_or(|n| n != "base" && n != "change")
            {
                visit(&path, found)?;
            }
        }
    }
    Ok(())
}

fn read_one(dir: &Path) -> Result<Option<Timing>, String> {
    let read = |name: &str| -> Result<Option<String>, String> {
        match std::fs::read_to_string(dir.join(name)) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", dir.join(name).display())),
        }
    };
    let (Some(benchmark), Some(estimates), Some(sample)) = (
        read("benchmark.json")?,
        read("estimates.json")?,
        read("sample.json")?,
    ) else {
        return Ok(None);
    };
    let parse_error =
        |name: &str, e: serde_json::Error| format!("{}: {e}", dir.join(name).display());
    let benchmark: BenchmarkFile =
        serde_json::from_str(&benchmark).map_err(|e| parse_error("benchmark.json", e))?;
    let estimates: Estimates =
        serde_json::from_str(&estimates).map_err(|e| parse_error("estimates.json", e))?;
    let sample: Sample =
        serde_json::from_str(&sample).map_err(|e| parse_error("sample.json", e))?;
    let mut per_iteration: Vec<f64> = sample
        .times
        .iter()
        .zip(&sample.iters)
        .map(|(t, n)| t / n.max(1.0))
        .collect();
    per_iteration.sort_by(f64::total_cmp);
    let quantile = |q: f64| {
        let i = ((per_iteration.len().max(1) - 1) as f64 * q).round() as usize;
        per_iteration.get(i).copied().unwrap_or(f64::NAN)
    };
    Ok(Some(Timing {
        id: benchmark.full_id,
        median: estimates.median.point_estimate,
        median_ci: [
            estimates.median.confidence_interval.lower_bound,
            estimates.median.confidence_interval.upper_bound,
        ],
        quartiles: [quantile(0.25), quantile(0.75)],
        samples: per_iteration.len(),
    }))
}
