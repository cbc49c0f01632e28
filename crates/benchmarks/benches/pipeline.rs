//! The pipeline's own steps at full size: ingesting the DLP's export with the saved pages, and
//! rendering the site of every record.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use corpus::{Corpus, Report};
use criterion::{Criterion, criterion_group, criterion_main};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn ingest(c: &mut Criterion) {
    let pages = root().join("corpus/pages");
    let export = root().join("corpus/export/ludiiGames.sql");
    let mut group = c.benchmark_group("pipeline");
    group.sample_size(20);
    group.bench_function("ingest", |b| {
        b.iter(|| {
            black_box(
                ingest::ingest(Some(&pages), Some(&export)).expect("the shipped inputs ingest"),
            )
        });
    });
    group.finish();
}

fn site(c: &mut Criterion) {
    let mut report = Report::default();
    let corpus = Corpus::load(&root().join("corpus"), &mut report);
    let read = |name: &str| std::fs::read_to_string(root().join("reports").join(name)).ok();
    let verification = read("verification.json").and_then(|t| serde_json::from_str(&t).ok());
    let simulations = read("simulations.json").and_then(|t| serde_json::from_str(&t).ok());
    let templates = site::Templates::load(&root().join("site-templates")).expect("templates load");
    let inputs = site::Inputs {
        corpus: &corpus,
        verification: verification.as_ref(),
        simulations: simulations.as_ref(),
        bench: None,
        dlp_licence: None,
    };
    let mut group = c.benchmark_group("pipeline");
    // A render writes some 3,000 pages and plays the sample games of seven; ten samples are
    // plenty.
    group.sample_size(10);
    group.bench_function("site", |b| {
        b.iter(|| black_box(site::render(&inputs, &templates, None).expect("the site renders")));
    });
    group.finish();
}

criterion_group!(benches, ingest, site);
criterion_main!(benches);
