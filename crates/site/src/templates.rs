//! Loading `site-templates/`: tera templates (`*.html`), static files (`static/`) copied as
//! they are, and the map data (`data/`).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use tera::Tera;

use crate::world;

pub struct Templates {
    pub(crate) tera: Tera,
    statics: BTreeMap<String, Vec<u8>>,
    /// The world's land as an SVG path.
    pub(crate) land: String,
    /// The notice of the land outline's data (Natural Earth and its TopoJSON conversion).
    pub(crate) land_notice: String,
}

impl Templates {
    pub fn load(dir: &Path) -> Result<Templates, String> {
        let mut sources = Vec::new();
        collect(dir, dir, &mut |relative, path| {
            if relative.starts_with("static/") || relative.starts_with("data/") {
                return Ok(());
            }
            if relative.ends_with(".html") {
                let text =
                    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
                sources.push((relative.to_string(), text));
            }
            Ok(())
        })?;
        if sources.is_empty() {
            return Err(format!("{}: no templates (*.html)", dir.display()));
        }
        let mut tera = Tera::new();
        verify::present::register_filters(&mut tera);
        tera.add_raw_templates(sources)
            .map_err(|e| format!("{}: {}", dir.display(), describe(&e)))?;
        let mut statics = BTreeMap::new();
        let static_dir = dir.join("static");
        collect(&static_dir, &static_dir, &mut |relative, path| {
            let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            statics.insert(relative.to_string(), bytes);
            Ok(())
        })?;
        let land_file = dir.join("data/land-110m.json");
        let land_text =
            fs::read_to_string(&land_file).map_err(|e| format!("{}: {e}", land_file.display()))?;
        let land =
            world::land_path(&land_text).map_err(|e| format!("{}: {e}", land_file.display()))?;
        let notice_file = dir.join("data/NOTICE.md");
        let land_notice = fs::read_to_string(&notice_file)
            .map_err(|e| format!("{}: {e}", notice_file.display()))?;
        Ok(Templates {
            tera,
            statics,
            land,
            land_notice,
        })
    }

    pub(crate) fn statics(&self) -> &BTreeMap<String, Vec<u8>> {
        &self.statics
    }
}

pub(crate) use verify::present::describe;

/// Calls `visit` with every file under `dir` (sorted), as a `/`-separated path relative to
/// `root`.
fn collect(
    root: &Path,
    dir: &Path,
    visit: &mut dyn FnMut(&str, &Path) -> Result<(), String>,
) -> Result<(), String> {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, visit)?;
        } else {
            let relative = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            visit(&relative, &path)?;
        }
    }
    Ok(())
}
