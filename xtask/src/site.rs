//! `cargo xtask site`: renders the evidence site from the corpus and the committed reports.

use std::path::{Path, PathBuf};

use corpus::{Corpus, Report};

use crate::{progress, project};

#[derive(clap::Args)]
pub struct Args {
    /// Where the site goes [default: target/site].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Corpus directory [default: corpus/].
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Reports directory the site shows [default: reports/].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    /// Templates [default: site-templates/].
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let dir = |given: &Option<PathBuf>, default: PathBuf| {
        given.as_deref().map_or(default, project::from_cwd)
    };
    let out = dir(&args.out, project::root().join("target/site"));
    let corpus_dir = dir(&args.corpus, project::corpus());
    let reports = dir(&args.reports, project::reports());
    let templates = dir(&args.templates, project::root().join("site-templates"));
    let pages = build(&corpus_dir, &reports, &templates, &out, args.quiet)?;
    if !args.quiet {
        eprintln!("site: {pages} pages in {}", out.display());
    }
    Ok(())
}

/// Renders and writes the site; returns the number of pages.
pub fn build(
    corpus_dir: &Path,
    reports: &Path,
    templates: &Path,
    out: &Path,
    quiet: bool,
) -> Result<usize, String> {
    let mut report = Report::default();
    let corpus = Corpus::load(corpus_dir, &mut report);
    if report.has_errors() {
        let lines: Vec<String> = report.sorted().iter().map(ToString::to_string).collect();
        return Err(format!("the corpus cannot be read:\n{}", lines.join("\n")));
    }
    // A region outline that cannot be read is said, and the site drawn without it.
    if !quiet {
        for warning in report.sorted() {
            eprintln!("{warning}");
        }
    }
    let verification = read_json(&reports.join("verification.json"))?;
    let simulations = read_json(&reports.join("simulations.json"))?;
    let bench = read_json(&reports.join("bench.json"))?;
    let templates = site::Templates::load(templates).map_err(|e| e.to_string())?;
    // The DLP's licence travels with its data: shown on the site and put beside the downloads.
    let dlp_licence = std::fs::read_to_string(corpus_dir.join("export/LICENSE")).ok();
    let inputs = site::Inputs {
        corpus: &corpus,
        verification: verification.as_ref(),
        simulations: simulations.as_ref(),
        bench: bench.as_ref(),
        dlp_licence: dlp_licence.as_deref(),
    };
    let rendered = progress::track("site", site::page_count(&corpus), quiet, |done| {
        site::render(&inputs, &templates, Some(done))
    })
    .map_err(|problems| {
        let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
        format!("the site was not written:\n{}", problems.join("\n"))
    })?;
    rendered
        .write(out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(rendered.pages())
}

/// A report, if it has been written.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Option<T>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{}:{}: {e}", path.display(), e.line())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let bytes = std::fs::read(&path).unwrap();
                    files.push((path, bytes));
                }
            }
        }
        files.sort();
        files
    }

    #[test]
    fn a_failed_build_leaves_the_previous_site_as_it_was() {
        let temp = tempfile::tempdir().unwrap();
        let out = temp.path().join("site");
        let templates = project::root().join("site-templates");
        let pages = build(
            &project::corpus(),
            &project::reports(),
            &templates,
            &out,
            true,
        )
        .unwrap();
        assert!(pages > 20);
        let before = listing(&out);

        let broken = temp.path().join("templates");
        copy(&templates, &broken);
        let page = broken.join("timeline.html");
        let text = std::fs::read_to_string(&page).unwrap();
        std::fs::write(
            &page,
            text.replace(
                "{% endblock content %}",
                "<a href=\"nowhere.html\">x</a>{% endblock content %}",
            ),
        )
        .unwrap();
        let error =
            build(&project::corpus(), &project::reports(), &broken, &out, true).unwrap_err();
        assert!(
            error.contains("timeline.html: link `nowhere.html`: no page nowhere.html"),
            "{error}"
        );
        assert_eq!(listing(&out), before, "the previous site changed");
        let leftovers: Vec<_> = std::fs::read_dir(temp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 2, "staging left behind: {leftovers:?}");
    }

    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy(&path, &target);
            } else {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }
}
