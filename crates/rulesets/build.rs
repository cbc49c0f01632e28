//! Embeds the families' game files (`corpus/families/<family>/*.yaml`, and those of its
//! subfolders, such as the race games read from Ludii's descriptions in `race/ludii/`) in the
//! registry, in path order, so that the registry reads no files at run time and a change to a game
//! file rebuilds it: `<family>_files.rs` in `OUT_DIR` for each family.

use std::fmt::Write as _;
use std::path::Path;

const FAMILIES: &[&str] = &["sowing", "race"];

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    // Naming files below stops cargo from rerunning the script on any change of the crate, so
    // the script names itself: a new family in `FAMILIES` is embedded at once.
    println!("cargo:rerun-if-changed=build.rs");
    for family in FAMILIES {
        let folder = Path::new(&manifest)
            .join("../../corpus/families")
            .join(family);
        let mut folders = vec![folder.clone()];
        folders.extend(
            std::fs::read_dir(&folder)
                .into_iter()
                .flatten()
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.is_dir()),
        );
        let mut files: Vec<_> = Vec::new();
        for folder in &folders {
            println!("cargo:rerun-if-changed={}", folder.display());
            files.extend(
                std::fs::read_dir(folder)
                    .into_iter()
                    .flatten()
                    .filter_map(Result::ok)
                    .map(|entry| entry.path())
                    .filter(|path| path.extension().is_some_and(|e| e == "yaml")),
            );
        }
        files.sort();
        let mut code = String::from("&[\n");
        for path in &files {
            println!("cargo:rerun-if-changed={}", path.display());
            let name = path
                .strip_prefix(&folder)
                .ok()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let absolute = path.canonicalize().unwrap_or_else(|_| path.clone());
            writeln!(
                code,
                "    (\"corpus/families/{family}/{name}\", include_str!({:?})),",
                absolute.display().to_string()
            )
            .expect("writing to a string");
        }
        code.push(']');
        std::fs::write(Path::new(&out).join(format!("{family}_files.rs")), code)
            .expect("OUT_DIR is writable");
    }
}
