//! Checks of a rendered site: every internal link and anchor resolves, and every page parses
//! as HTML without errors. Each problem names the page and the link.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use scraper::{Html, Selector};

/// Everything wrong with the pages, sorted; empty when the site is sound.
pub fn check(files: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<String> {
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
            problems.push(format!("{}: invalid HTML: {error}", path.display()));
        }
        let mut seen = BTreeSet::new();
        for element in document.select(&ids) {
            let id = element.value().attr("id").unwrap_or_default().to_string();
            if !seen.insert(id.clone()) {
                problems.push(format!("{}: id `{id}` appears twice", path.display()));
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
        if let Some(problem) = check_link(page, &link, files, &anchors) {
            problems.push(format!("{}: link `{link}`: {problem}", page.display()));
        }
    }
    problems.sort();
    problems.dedup();
    problems
}

/// What a reader without sight or without scripts relies on: a page language, headings that
/// descend one level at a time from a single h1, text for every image and chart.
fn accessibility(path: &Path, document: &Html, problems: &mut Vec<String>) {
    let page = path.display();
    let html = Selector::parse("html[lang]").expect("selector");
    if document.select(&html).next().is_none() {
        problems.push(format!("{page}: the html element has no lang"));
    }
    let headings = Selector::parse("h1, h2, h3, h4, h5, h6").expect("selector");
    let mut previous = 0;
    for heading in document.select(&headings) {
        let level = heading.value().name()[1..].parse::<usize>().unwrap_or(1);
        let text: String = heading.text().collect();
        if level == 1 && previous != 0 {
            problems.push(format!("{page}: a second h1 “{}”", text.trim()));
        } else if level > previous + 1 {
            problems.push(format!(
                "{page}: h{level} “{}” follows h{previous}",
                text.trim()
            ));
        }
        previous = level;
    }
    let images = Selector::parse("img:not([alt])").expect("selector");
    for image in document.select(&images) {
        problems.push(format!(
            "{page}: image {} has no alt text",
            image.value().attr("src").unwrap_or("?")
        ));
    }
    let charts = Selector::parse("svg").expect("selector");
    let title = Selector::parse("title").expect("selector");
    for chart in document.select(&charts) {
        if chart.value().attr("role") != Some("img") || chart.select(&title).next().is_none() {
            problems.push(format!("{page}: an svg without role=img and a title"));
        }
    }
}

fn check_link(
    page: &Path,
    link: &str,
    files: &BTreeMap<PathBuf, Vec<u8>>,
    anchors: &BTreeMap<&Path, BTreeSet<String>>,
) -> Option<String> {
    if link.contains("://") || link.starts_with("mailto:") || link.starts_with("data:") {
        return None;
    }
    if link.starts_with('/') {
        return Some("absolute paths break the site when opened from a file".into());
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
            None => return Some("leaves the site".into()),
        }
    };
    if !files.contains_key(&target) {
        return Some(format!("no page {}", target.display()));
    }
    match fragment {
        Some(fragment) if !fragment.is_empty() => {
            let known = anchors
                .get(target.as_path())
                .is_some_and(|ids| ids.contains(fragment));
            (!known).then(|| format!("no anchor #{fragment} in {}", target.display()))
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
        assert_eq!(check(&site(pages)), expect);
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
            problems
                .iter()
                .all(|p| p.starts_with("index.html: invalid HTML")),
            "{problems:?}"
        );
        assert!(!problems.is_empty());
    }
}
