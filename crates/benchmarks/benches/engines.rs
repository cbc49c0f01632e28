//! Random playouts of every game under both presets, one thread, Ludii's caps: one iteration
//! is one playout, each with the next playout index of the benchmark seed.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.throughput(Throughput::Elements(1));
    for game in benchmarks::games() {
        for preset in benchmarks::PRESETS {
            let mut play = benchmarks::runner(game, preset).expect("every game has both presets");
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

criterion_group!(benches, playouts);
criterion_main!(benches);
