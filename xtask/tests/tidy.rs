//! House rules that the compiler and clippy do not check, read off the source tree: the crate
//! layout, ARCHITECTURE.md's code map, and the invariants it states that a line of code can
//! break (sorted maps, seeded randomness, no ignored tests, escaping, errors told apart by type).
//! Every breach is listed as `file:line: rule` before the test fails.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

fn files(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

/// Every Rust file of the workspace's crates and xtask, but this one, which names what it
/// looks for.
fn rust_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    files(&root().join("crates"), "rs", &mut out);
    files(&root().join("xtask"), "rs", &mut out);
    out.retain(|path| !path.ends_with("xtask/tests/tidy.rs"));
    out
}

fn crates() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The lines of a file's code outside its test module (`#[cfg(test)]` to the end), numbered
/// from 1.
fn library_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, line)| line.trim() != "#[cfg(test)]")
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
}

fn is_test_file(path: &Path) -> bool {
    path.components()
        .any(|c| matches!(c.as_os_str().to_str(), Some("tests" | "benches")))
}

fn report(breaches: Vec<String>) {
    assert!(
        breaches.is_empty(),
        "{} breach(es) of the house rules:\n{}",
        breaches.len(),
        breaches.join("\n")
    );
}

#[test]
fn every_crate_is_named_for_its_folder_and_takes_the_workspace_settings() {
    let mut breaches = Vec::new();
    for dir in crates() {
        let manifest = dir.join("Cargo.toml");
        let text = fs::read_to_string(&manifest).unwrap();
        let folder = dir.file_name().unwrap().to_str().unwrap();
        let file = relative(&manifest);
        if !text.contains(&format!("name = \"{folder}\"")) {
            breaches.push(format!("{file}: the package is not named {folder}"));
        }
        for line in [
            "version.workspace = true",
            "publish.workspace = true",
            "edition.workspace = true",
        ] {
            if !text.lines().any(|l| l.trim() == line) {
                breaches.push(format!("{file}: missing `{line}`"));
            }
        }
        if !text.contains("[lints]\nworkspace = true") {
            breaches.push(format!("{file}: does not take the workspace lints"));
        }
        if !text.lines().any(|l| l.starts_with("description = ")) {
            breaches.push(format!("{file}: no description"));
        }
    }
    report(breaches);
}

#[test]
fn the_code_map_names_every_crate_and_what_it_leaves_out() {
    let text = fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let map = text
        .split("## Code map")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("ARCHITECTURE.md has a code map");
    let entries: Vec<&str> = map.split("\n- `").skip(1).collect();
    let mut breaches = Vec::new();
    for dir in crates() {
        let folder = dir.file_name().unwrap().to_str().unwrap();
        let named = entries.iter().any(|entry| {
            let path = entry.split('`').next().unwrap_or_default();
            let pattern = path.trim_start_matches("crates/");
            pattern == folder
                || pattern
                    .strip_suffix('*')
                    .is_some_and(|prefix| folder.starts_with(prefix))
        });
        if !named {
            breaches.push(format!(
                "ARCHITECTURE.md: the code map does not name crates/{folder}"
            ));
        }
    }
    for entry in &entries {
        let path = entry.split('`').next().unwrap_or_default();
        let words: Vec<&str> = entry.split_whitespace().collect();
        if !words.join(" ").contains("Deliberately absent:") {
            breaches.push(format!(
                "ARCHITECTURE.md: {path} does not say what is deliberately absent"
            ));
        }
        let on_disk = root().join(path.trim_end_matches('/').trim_end_matches('*'));
        let exists = if path.ends_with('*') {
            crates().iter().any(|dir| {
                dir.to_str()
                    .is_some_and(|d| d.starts_with(on_disk.to_str().unwrap_or_default()))
            })
        } else {
            on_disk.exists()
        };
        if !exists {
            breaches.push(format!("ARCHITECTURE.md: {path} does not exist"));
        }
    }
    report(breaches);
}

#[test]
fn every_game_crate_has_its_options_scenarios_and_engine_tests() {
    let mut breaches = Vec::new();
    for dir in crates() {
        let folder = dir.file_name().unwrap().to_str().unwrap();
        if !folder.starts_with("game-") {
            continue;
        }
        for part in ["src/options.rs", "scenarios.yaml", "tests/engine.rs"] {
            if !dir.join(part).is_file() {
                breaches.push(format!("crates/{folder}: no {part}"));
            }
        }
    }
    report(breaches);
}

/// Output is deterministic: maps that reach a report are sorted, and nothing outside the tools
/// that measure the machine reads a clock or an unseeded random source.
#[test]
fn results_depend_on_no_hash_order_clock_or_unseeded_randomness() {
    // Fetching waits politely between requests; bench and xtask measure time on purpose.
    let measures_time = |file: &str| {
        file.starts_with("xtask/")
            || file.starts_with("crates/benchmarks/")
            || file == "crates/ingest/src/fetch.rs"
    };
    let mut breaches = Vec::new();
    for path in rust_files() {
        let file = relative(&path);
        let text = fs::read_to_string(&path).unwrap();
        for (number, line) in library_lines(&text) {
            for word in ["HashMap", "HashSet"] {
                if line.contains(word) {
                    breaches.push(format!(
                        "{file}:{number}: {word}; maps whose order can reach output are BTreeMap and BTreeSet"
                    ));
                }
            }
            for word in [
                "thread_rng",
                "rand::rng()",
                "from_entropy",
                "from_os_rng",
                "OsRng",
            ] {
                if line.contains(word) {
                    breaches.push(format!(
                        "{file}:{number}: {word}; every random stream is seeded explicitly"
                    ));
                }
            }
            if !measures_time(&file)
                && !is_test_file(&path)
                && ["Instant::now", "SystemTime"]
                    .iter()
                    .any(|w| line.contains(w))
            {
                breaches.push(format!(
                    "{file}:{number}: a clock; results never depend on the time"
                ));
            }
        }
    }
    report(breaches);
}

#[test]
fn no_test_is_ignored() {
    let mut breaches = Vec::new();
    for path in rust_files() {
        let text = fs::read_to_string(&path).unwrap();
        for (index, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[ignore") {
                breaches.push(format!(
                    "{}:{}: an ignored test; a test that fails is fixed or removed",
                    relative(&path),
                    index + 1
                ));
            }
        }
    }
    report(breaches);
}

/// No decision is made by reading an error's text: errors that lead to different handling
/// are different variants of a type.
#[test]
fn errors_are_told_apart_by_type_not_text() {
    let mut breaches = Vec::new();
    for path in rust_files() {
        if is_test_file(&path) {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        for (number, line) in library_lines(&text) {
            for receiver in ["error", "err", "e", "message", "failure", "to_string()"] {
                for method in ["starts_with", "ends_with", "contains"] {
                    let call = format!("{receiver}.{method}(");
                    let only_longer_names = line.match_indices(&call).all(|(at, _)| {
                        line[..at]
                            .chars()
                            .last()
                            .is_some_and(|c| c.is_alphanumeric() || c == '_')
                    });
                    if !only_longer_names {
                        breaches.push(format!(
                            "{}:{number}: `{call}…`: an error's text decides; give the case a variant",
                            relative(&path)
                        ));
                    }
                }
            }
        }
    }
    report(breaches);
}

/// Text from a page or the database is escaped by the templates (for HTML on the site, for
/// Markdown in the reports); only the SVG that `charts` draws, which escapes its own text, is
/// inserted as it is.
#[test]
fn templates_insert_only_drawn_svg_unescaped() {
    let drawn = ["chart", "map", "timeline"];
    let mut templates = Vec::new();
    files(&root().join("site-templates"), "html", &mut templates);
    files(&root().join("report-templates"), "md", &mut templates);
    let mut breaches = Vec::new();
    for path in templates {
        let text = fs::read_to_string(&path).unwrap();
        for (index, line) in text.lines().enumerate() {
            for piece in line.split("{{").skip(1) {
                let expression = piece.split("}}").next().unwrap_or_default();
                let Some((value, filters)) = expression.split_once('|') else {
                    continue;
                };
                let safe = filters.split('|').any(|f| f.trim() == "safe");
                let name = value.trim().rsplit('.').next().unwrap_or_default();
                if safe && !drawn.iter().any(|d| name.ends_with(d)) {
                    breaches.push(format!(
                        "{}:{}: `{}` is inserted unescaped",
                        relative(&path),
                        index + 1,
                        value.trim()
                    ));
                }
            }
        }
    }
    report(breaches);
}

/// The commands write their standard output through `xtask/src/output.rs`, which ends a command
/// quietly when its reader has gone (`| head`), where `print!` and `println!` panic.
#[test]
fn commands_write_standard_output_through_one_writer() {
    let mut breaches = Vec::new();
    let mut sources = Vec::new();
    files(&root().join("xtask/src"), "rs", &mut sources);
    for path in sources.iter().filter(|p| !p.ends_with("output.rs")) {
        let text = fs::read_to_string(path).unwrap();
        for (number, line) in library_lines(&text) {
            let writes = ["println!(", "print!("].iter().any(|call| {
                line.match_indices(call).any(|(at, _)| {
                    !line[..at]
                        .chars()
                        .last()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                })
            });
            if writes {
                breaches.push(format!(
                    "{}:{number}: `print!`/`println!` panics on a closed pipe; write through output::out!/outln!",
                    relative(path)
                ));
            }
        }
    }
    report(breaches);
}
