//! Random playouts of every game, one thread.
//!
//! `playouts/GAME/PRESET`: a hand-written engine under both presets and Ludii's caps; one
//! iteration is one playout, each with the next playout index of the benchmark seed.
//! `family/FAMILY/GAME`: a family game on its `ludii` preset at the caps of Ludii's figures,
//! with the short settings of [`benchmarks::FAMILY_SETTINGS`], so that a run stays reasonable
//! however many games the families hold. `statistics/GAME/bare` and
//! `statistics/GAME/simulate`: one iteration is the same block of a hand-written engine's
//! Ludii-preset playouts, played bare and through `simulate`'s path (its scheduling and
//! statistics), side by side, so that the difference is what the statistics cost.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.throughput(Throughput::Elements(1));
    for ruleset in benchmarks::hand_written() {
        let game = ruleset.info().slug;
        for preset in benchmarks::PRESETS {
            let mut play =
                benchmarks::runner(ruleset, preset).expect("every game has both presets");
            let mut index = 0u64;
            group.bench_function(BenchmarkId::new(game, preset), |b| {
                b.iter(|| {
                    index += 1;
                    black_box(play(benchmarks::SEED, index))
                });
            });
        }
    }
    group.finish();
}

fn family(c: &mut Criterion) {
    let settings = benchmarks::FAMILY_SETTINGS;
    let mut group = c.benchmark_group("family");
    group.throughput(Throughput::Elements(1));
    group.sample_size(settings.samples);
    group.warm_up_time(Duration::from_millis(settings.warm_up_ms));
    group.measurement_time(Duration::from_millis(settings.measurement_ms));
    // Flat sampling: as many playouts in every sample, so that a game whose playouts are long
    // keeps to the measurement time instead of criterion's growing series.
    group.sampling_mode(SamplingMode::Flat);
    for (family, ruleset) in benchmarks::family_games() {
        let game = ruleset.info().slug;
        let mut play =
            benchmarks::family_runner(ruleset).expect("every family game has a ludii preset");
        let mut index = 0u64;
        group.bench_function(BenchmarkId::new(family, game), |b| {
            b.iter(|| {
                index += 1;
                black_box(play(benchmarks::SEED, index))
            });
        });
    }
    group.finish();
}

fn statistics(c: &mut Criterion) {
    let mut group = c.benchmark_group("statistics");
    group.throughput(Throughput::Elements(benchmarks::BLOCK));
    // A block of the longest games takes 80 ms: fewer samples keep the run to minutes.
    group.sample_size(30);
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    for ruleset in benchmarks::hand_written() {
        let game = ruleset.info().slug;
        let mut bare = benchmarks::block_runner(ruleset).expect("every game has a Ludii preset");
        group.bench_function(BenchmarkId::new(game, "bare"), |b| {
            b.iter(|| black_box(bare()));
        });
        let simulate =
            benchmarks::block_simulation(ruleset).expect("every game has a Ludii preset");
        group.bench_function(BenchmarkId::new(game, "simulate"), |b| {
            b.iter(|| black_box(one_thread.install(&simulate)));
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, family, statistics);
criterion_main!(benches);
