//! Random playouts of every game, one thread, Ludii's caps.
//!
//! `playouts/GAME/PRESET`: one iteration is one playout, each with the next playout index of
//! the benchmark seed. `statistics/GAME/bare` and `statistics/GAME/simulate`: one iteration is
//! the same block of Ludii-preset playouts, played bare and through `simulate`'s path (its
//! scheduling and statistics), side by side, so that the difference is what the statistics cost.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.throughput(Throughput::Elements(1));
    for &ruleset in rulesets::all() {
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

fn statistics(c: &mut Criterion) {
    let mut group = c.benchmark_group("statistics");
    group.throughput(Throughput::Elements(benchmarks::BLOCK));
    // A block of the longest games takes 80 ms: fewer samples keep the run to minutes.
    group.sample_size(30);
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    for &ruleset in rulesets::all() {
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

criterion_group!(benches, playouts, statistics);
criterion_main!(benches);
