//! Loading `site-templates/`: tera templates (`*.html`), static files (`static/`) copied as
//! they are, and the map data (`data/`).

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use tera::Tera;

use crate::world;

/// The loaded template set, with the files every site carries.
pub struct Templates {
    pub(crate) tera: Tera,
    statics: BTreeMap<String, Vec<u8>>,
    /// The world's land as an SVG path.
    pub(crate) land: String,
    /// The notice of the land outline's data (Natural Earth and its TopoJSON conversion).
    pub(crate) land_notice: String,
    /// The countries, to name where a record with only coordinates comes from.
    pub(crate) gazetteer: world::Gazetteer,
}

/// Why `site-templates/` cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum TemplatesError {
    /// A file or folder cannot be read.
    #[error("{}: {error}", path.display())]
    Read {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's error.
        error: io::Error,
    },
    /// The folder has no `*.html` template.
    #[error("{}: no templates (*.html)", .0.display())]
    NoTemplates(PathBuf),
    /// A template does not parse.
    #[error("{}: {reason}", dir.display())]
    Template {
        /// The templates' folder.
        dir: PathBuf,
        /// Tera's error, with its causes.
        reason: String,
    },
    /// The land outline cannot be drawn.
    #[error("{}: {error}", path.display())]
    Land {
        /// The outline's file.
        path: PathBuf,
        /// What is wrong with it.
        error: world::LandError,
    },
}

fn read_error(path: &Path) -> impl FnOnce(io::Error) -> TemplatesError + '_ {
    move |error| TemplatesError::Read {
        path: path.to_path_buf(),
        error,
    }
}

impl Templates {
    /// Loads the templates, static files and map data of `dir`.
    pub fn load(dir: &Path) -> Result<Templates, TemplatesError> {
        let mut sources = Vec::new();
        collect(dir, dir, &mut |relative, path| {
            if relative.starts_with("static/") || relative.starts_with("data/") {
                return Ok(());
            }
            if relative.ends_with(".html") {
                let text = fs::read_to_string(path).map_err(read_error(path))?;
                sources.push((relative.to_string(), text));
            }
            Ok(())
        })?;
        if sources.is_empty() {
            return Err(TemplatesError::NoTemplates(dir.to_path_buf()));
        }
        let mut tera = Tera::new();
        verify::present::register_filters(&mut tera);
        // `{{ text | code_spans }}`: text as the reports write it, Markdown's `code` spans
        // shown as code. The text is escaped first, so the output is marked safe.
        tera.register_filter(
            "code_spans",
            |text: &str, _: tera::Kwargs, _: &tera::State<'_>| {
                tera::Value::safe_string(&code_spans(text))
            },
        );
        tera.add_raw_templates(sources)
            .map_err(|e| TemplatesError::Template {
                dir: dir.to_path_buf(),
                reason: describe(&e),
            })?;
        let mut statics = BTreeMap::new();
        let static_dir = dir.join("static");
        collect(&static_dir, &static_dir, &mut |relative, path| {
            let bytes = fs::read(path).map_err(read_error(path))?;
            statics.insert(relative.to_string(), bytes);
            Ok(())
        })?;
        let land_file = dir.join("data/land-110m.json");
        let land_text = fs::read_to_string(&land_file).map_err(read_error(&land_file))?;
        let land = world::land_path(&land_text).map_err(|error| TemplatesError::Land {
            path: land_file.clone(),
            error,
        })?;
        let countries_file = dir.join("data/countries-110m.json");
        let countries_text =
            fs::read_to_string(&countries_file).map_err(read_error(&countries_file))?;
        let gazetteer =
            world::Gazetteer::new(&countries_text).map_err(|error| TemplatesError::Land {
                path: countries_file.clone(),
                error,
            })?;
        let notice_file = dir.join("data/NOTICE.md");
        let land_notice = fs::read_to_string(&notice_file).map_err(read_error(&notice_file))?;
        Ok(Templates {
            tera,
            statics,
            land,
            land_notice,
            gazetteer,
        })
    }

    pub(crate) fn statics(&self) -> &BTreeMap<String, Vec<u8>> {
        &self.statics
    }
}

pub(crate) use verify::present::describe;

/// Escapes `text` for HTML and turns each pair of backticks into a `<code>` element.
pub(crate) fn code_spans(text: &str) -> String {
    let pieces: Vec<&str> = text.split('`').collect();
    let mut out = String::with_capacity(text.len() + 16);
    for (n, piece) in pieces.iter().enumerate() {
        let inside = n % 2 == 1;
        let paired = n + 1 < pieces.len() || !inside;
        match (inside, paired) {
            (true, true) => {
                out.push_str("<code>");
                out.push_str(&crate::charts::escape(piece));
                out.push_str("</code>");
            }
            (true, false) => {
                out.push('`');
                out.push_str(&crate::charts::escape(piece));
            }
            (false, _) => out.push_str(&crate::charts::escape(piece)),
        }
    }
    out
}

/// Calls `visit` with every file under `dir` (sorted), as a `/`-separated path relative to
/// `root`.
fn collect(
    root: &Path,
    dir: &Path,
    visit: &mut dyn FnMut(&str, &Path) -> Result<(), TemplatesError>,
) -> Result<(), TemplatesError> {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .map_err(read_error(dir))?
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

#[cfg(test)]
mod tests {
    use super::code_spans;

    #[test]
    fn code_spans_are_code_and_the_rest_is_escaped() {
        assert_eq!(
            code_spans("run `cargo xtask bench` <now> & `x"),
            "run <code>cargo xtask bench</code> &lt;now&gt; &amp; `x"
        );
        assert_eq!(code_spans("`<b>`"), "<code>&lt;b&gt;</code>");
    }
}
