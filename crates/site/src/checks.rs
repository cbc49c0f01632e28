//! Checks of a rendered site: every internal link and anchor resolves, and every page parses
//! as HTML without errors. Each problem names the page and the link.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use scraper::{Html, Selector};

/// Something wrong with a rendered page.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {kind}", page.display())]
pub struct Problem {
    /// The page, relative to the site root.
    pub page: PathBuf,
    /// What is wrong with it.
    pub kind: ProblemKind,
}

/// The kinds of [`Problem`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProblemKind {
    /// The page's template failed to render.
    #[error("template {template}: {reason}")]
    Template {
        /// The template's name.
        template: String,
        /// Tera's error, with its causes.
        reason: String,
    },
    /// The HTML parser reported an error.
    #[error("invalid HTML: {0}")]
    InvalidHtml(String),
    /// Two elements share an id.
    #[error("id `{0}` appears twice")]
    DuplicateId(String),
    /// The page has no language.
    #[error("the html element has no lang")]
    NoLang,
    /// A second h1, by its text.
    #[error("a second h1 “{0}”")]
    SecondH1(String),
    /// A heading that skips a level.
    #[error("h{level} “{text}” follows h{previous}")]
    SkippedLevel {
        /// The heading's level.
        level: usize,
        /// Its text.
        text: String,
        /// The level of the heading before it.
        previous: usize,
    },
    /// An image without alt text, by its source.
    #[error("image {0} has no alt text")]
    NoAltText(String),
    /// A chart a screen reader cannot name.
    #[error("an svg without role=img and a title")]
    UnnamedChart,
    /// A link or source that does not resolve.
    #[error("link `{link}`: {reason}")]
    Link {
        /// The link as written.
        link: String,
        /// Why it does not resolve.
        reason: LinkProblem,
    },
}

/// Why an internal link does not resolve.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkProblem {
    /// It starts at the file system's root.
    #[error("absolute paths break the site when opened from a file")]
    Absolute,
    /// Its `..` climb out of the site.
    #[error("leaves the site")]
    LeavesSite,
    /// It names no file of the site.
    #[error("no page {}", .0.display())]
    NoPage(PathBuf),
    /// Its page has no element with the fragment's id.
    #[error("no anchor #{fragment} in {}", target.display())]
    NoAnchor {
        /// The fragment, without `#`.
        fragment: String,
        /// The page it names.
        target: PathBuf,
    },
}

/// Everything wrong with the pages, sorted; empty when the site is sound.
pub fn check(files: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut anchors: BTreeMap<&Path, BTreeSet<String>> = BTreeMap::new();
    let mut links: Vec<(&Path, String)> = Vec::new();
    let ids = Selector::parse("[id]").expect("selector");
    let targets = Selector::parse("a[href], link[href], script[src], img[src]").expect("selector");
    for (path, bytes) in files {
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let text = String::from_utf8_lossy(bytes);
        let document = Html::parse_document(&text);
        for error in &document.errors {
            problems.push(Problem {
                page: path.clone(),
                kind: ProblemKind::InvalidHtml(error.to_string()),
            });
        }
        let mut seen = BTreeSet::new();
        for element in document.select(&ids) {
            let id = element.value().attr("id").unwrap_or_default().to_string();
            if !seen.insert(id.clone()) {
                problems.push(Problem {
                    page: path.clone(),
                    kind: ProblemKind::DuplicateId(id),
                });
            }
        }
        anchors.insert(path, seen);
        accessibility(path, &document, &mut problems);
        for element in document.select(&targets) {
            let value = element.value();
            if let Some(link) = value.attr("href").or_else(|| value.attr("src")) {
                links.push((path, link.to_string()));
            }
        }
    }
    for (page, link) in links {
        if let Some(reason) = check_link(page, &link, files, &anchors) {
            problems.push(Problem {
                page: page.to_path_buf(),
                kind: ProblemKind::Link { link, reason },
            });
        }
    }
    // In the order of their text, as a reader scans them.
    problems.sort_by_cached_key(ToString::to_string);
    problems.dedup();
    problems
}

/// What a reader without sight or without scripts relies on: a page language, headings that
/// descend one level at a time from a single h1, text for every image and chart.
fn accessibility(path: &Path, document: &Html, problems: &mut Vec<Problem>) {
    let mut push = |kind| {
        problems.push(Problem {
            page: path.to_path_buf(),
            kind,
        })
    };
    let html = Selector::parse("html[lang]").expect("selector");
    if document.select(&html).next().is_none() {
        push(ProblemKind::NoLang);
    }
    let headings = Selector::parse("h1, h2, h3, h4, h5, h6").expect("selector");
    let mut previous = 0;
    for heading in document.select(&headings) {
        let level = heading.value().name()[1..].parse::<usize>().unwrap_or(1);
        let text: String = heading.text().collect();
        if level == 1 && previous != 0 {
            push(ProblemKind::SecondH1(text.trim().to_string()));
        } else if level > previous + 1 {
            push(ProblemKind::SkippedLevel {
                level,
                text: text.trim().to_string(),
                previous,
            });
        }
        previous = level;
    }
    let images = Selector::parse("img:not([alt])").expect("selector");
    for image in document.select(&images) {
        push(ProblemKind::NoAltText(
            image.value().attr("src").unwrap_or("?").to_string(),
        ));
    }
    let charts = Selector::parse("svg").expect("selector");
    let title = Selector::parse("title").expect("selector");
    for chart in document.select(&charts) {
        if chart.value().attr("role") != Some("img") || chart.select(&title).next().is_none() {
            push(ProblemKind::UnnamedChart);
        }
    }
}

fn check_link(
    page: &Path,
    link: &str,
    files: &BTreeMap<PathBuf, Vec<u8>>,
    anchors: &BTreeMap<&Path, BTreeSet<String>>,
) -> Option<LinkProblem> {
    if link.contains("://") || link.starts_with("mailto:") || link.starts_with("data:") {
        return None;
    }
    if link.starts_with('/') {
        return Some(LinkProblem::Absolute);
    }
    let (path, fragment) = match link.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (link, None),
    };
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    let target = if path.is_empty() {
        page.to_path_buf()
    } else {
        match resolve(page.parent().unwrap_or(Path::new("")), path) {
            Some(target) => target,
            None => return Some(LinkProblem::LeavesSite),
        }
    };
    if !files.contains_key(&target) {
        return Some(LinkProblem::NoPage(target));
    }
    match fragment {
        Some(fragment) if !fragment.is_empty() => {
            let known = anchors
                .get(target.as_path())
                .is_some_and(|ids| ids.contains(fragment));
            (!known).then(|| LinkProblem::NoAnchor {
                fragment: fragment.to_string(),
                target,
            })
        }
        _ => None,
    }
}

/// `dir/relative` with `..` applied; None when it climbs out of the site.
fn resolve(dir: &Path, relative: &str) -> Option<PathBuf> {
    let mut parts: Vec<&std::ffi::OsStr> = dir
        .components()
        .filter_map(|c| match c {
            Component::Normal(p) => Some(p),
            _ => None,
        })
        .collect();
    for component in Path::new(relative).components() {
        match component {
            Component::Normal(p) => parts.push(p),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(parts.iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(pages: &[(&str, &str)]) -> BTreeMap<PathBuf, Vec<u8>> {
        pages
            .iter()
            .map(|(p, body)| {
                let html = format!(
                    "<!DOCTYPE html><html lang=\"en\"><head><title>t</title></head><body><h1>t</h1>{body}</body></html>"
                );
                (PathBuf::from(p), html.into_bytes())
            })
            .collect()
    }

    fn check_site(pages: &[(&str, &str)], expect: &[&str]) {
        let problems: Vec<String> = check(&site(pages))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(problems, expect);
    }

    #[test]
    fn sound_links_pass() {
        check_site(
            &[
                (
                    "index.html",
                    r##"<a href="games/a.html#rules">a</a> <a href="#top" id="top">top</a> <a href="https://example.org/x">out</a>"##,
                ),
                (
                    "games/a.html",
                    r#"<h2 id="rules">A</h2><a href="../index.html">home</a> <a href="../search.html?q=a">s</a>"#,
                ),
                ("search.html", ""),
            ],
            &[],
        );
    }

    #[test]
    fn every_broken_link_is_named_with_its_page() {
        check_site(
            &[
                (
                    "index.html",
                    r##"<a href="games/b.html">b</a> <a href="games/a.html#nowhere">a</a> <a href="/abs.html">x</a> <a href="../../etc/passwd">up</a>"##,
                ),
                ("games/a.html", r#"<p id="x">1</p><p id="x">2</p>"#),
            ],
            &[
                "games/a.html: id `x` appears twice",
                "index.html: link `../../etc/passwd`: leaves the site",
                "index.html: link `/abs.html`: absolute paths break the site when opened from a file",
                "index.html: link `games/a.html#nowhere`: no anchor #nowhere in games/a.html",
                "index.html: link `games/b.html`: no page games/b.html",
            ],
        );
    }

    #[test]
    fn headings_out_of_order_and_unlabelled_images_are_reported() {
        check_site(
            &[(
                "index.html",
                r#"<h3>deep</h3><h2>ok</h2><h1>again</h1><img src="x.png"><svg><rect/></svg>"#,
            )],
            &[
                "index.html: a second h1 “again”",
                "index.html: an svg without role=img and a title",
                "index.html: h3 “deep” follows h1",
                "index.html: image x.png has no alt text",
                "index.html: link `x.png`: no page x.png",
            ],
        );
    }

    #[test]
    fn invalid_html_is_reported() {
        let problems = check(&site(&[("index.html", "<p><div></span></p>")]));
        assert!(
            problems.iter().all(|p| p.page == Path::new("index.html")
                && matches!(p.kind, ProblemKind::InvalidHtml(_))),
            "{problems:?}"
        );
        assert!(!problems.is_empty());
    }
}
