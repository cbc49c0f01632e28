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

/// A file of criterion's that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum CriterionError {
    /// The file cannot be read.
    #[error("{}: {error}", path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// The operating system's error.
        error: std::io::Error,
    },
    /// The file is not the JSON criterion writes.
    #[error("{}: {error}", path.display())]
    Parse {
        /// The file.
        path: std::path::PathBuf,
        /// What does not parse.
        error: serde_json::Error,
    },
}

/// Every benchmark criterion has measured under `dir` (its `target/criterion`), sorted by id.
pub fn read_all(dir: &Path) -> Result<Vec<Timing>, CriterionError> {
    let mut found = Vec::new();
    visit(dir, &mut found)?;
    found.sort_by(|a: &Timing, b| a.id.cmp(&b.id));
    Ok(found)
}

fn visit(dir: &Path, found: &mut Vec<Timing>) -> Result<(), CriterionError> {
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

fn read_one(dir: &Path) -> Result<Option<Timing>, CriterionError> {
    let read = |name: &str| -> Result<Option<String>, CriterionError> {
        match std::fs::read_to_string(dir.join(name)) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(CriterionError::Read {
                path: dir.join(name),
                error,
            }),
        }
    };
    let (Some(benchmark), Some(estimates), Some(sample)) = (
        read("benchmark.json")?,
        read("estimates.json")?,
        read("sample.json")?,
    ) else {
        return Ok(None);
    };
    let parse_error = |name: &str, error| CriterionError::Parse {
        path: dir.join(name),
        error,
    };
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
    let quantile = |q: f64| crate::report::nearest_rank(&per_iteration, q);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measurement_criterion_left_unreadable_is_an_error_naming_its_file() {
        let root = std::env::temp_dir().join(format!("criterion-output-{}", std::process::id()));
        let new = root.join("playouts/kioz/new");
        std::fs::create_dir_all(&new).unwrap();
        std::fs::write(
            new.join("benchmark.json"),
            r#"{"full_id": "playouts/kioz/dlp"}"#,
        )
        .unwrap();
        std::fs::write(new.join("estimates.json"), "{ not json").unwrap();
        std::fs::write(
            new.join("sample.json"),
            r#"{"iters": [1.0], "times": [2.0]}"#,
        )
        .unwrap();
        let error = read_all(&root).unwrap_err();
        std::fs::remove_dir_all(&root).unwrap();
        match error {
            CriterionError::Parse { path, .. } => assert!(path.ends_with("new/estimates.json")),
            other => panic!("expected a parse error, got {other}"),
        }
    }
}
