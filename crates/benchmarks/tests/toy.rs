//! The gate and the benchmarks take every game of the list they are given: the toy eighth
//! game of the registry's tests, added as one entry, gets a gate workload of the same size and
//! runs through every benchmark's path with nothing else to extend.

#[path = "../../rulesets/tests/toy/mod.rs"]
mod toy;

use gate::WORKLOAD_MOVES;

#[test]
fn an_eighth_game_is_gated_and_benchmarked() {
    let list = toy::with_toy();
    let added = *list.last().unwrap();
    assert_eq!(added.info().slug, "toy-pile");
    let workload = gate::run(added, "ludii").unwrap();
    assert!(
        (WORKLOAD_MOVES..WORKLOAD_MOVES + 10_001).contains(&workload.moves),
        "{workload:?}"
    );
    assert_eq!(gate::run(added, "ludii").unwrap(), workload, "reproducible");
    for preset in benchmarks::PRESETS {
        let mut play = benchmarks::runner(added, preset).unwrap();
        assert!(play(benchmarks::SEED, 0).moves > 0);
        assert!(benchmarks::mean_moves(added, preset).unwrap() > 1.0);
    }
    let bare = benchmarks::block_runner(added).unwrap()();
    let simulated = benchmarks::block_simulation(added).unwrap()();
    let simulated_moves: u64 = simulated
        .moves
        .0
        .iter()
        .map(|(&moves, &games)| u64::from(moves) * games)
        .sum();
    assert_eq!(simulated.playouts, benchmarks::BLOCK, "the same block");
    assert_eq!(bare, simulated_moves, "both sides play the same games");
}
