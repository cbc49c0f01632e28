//! The playout loop allocates nothing: after warm-up playouts (which size the move buffer),
//! further playouts of every game of the registry (and of the toy eighth game that shows a new
//! entry is measured too) under both presets, and of the race family under rules its games do
//! not use yet, must not touch the allocator.
//!
//! This test binary counts allocations with its own global allocator, the one place in the
//! project that needs `unsafe`.
#![allow(unsafe_code)]

mod toy;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use engine::playout::Caps;
use rulesets::{OptionSet, Ruleset};

struct Counting;

thread_local! {
    // Each test counts its own thread's allocations: the harness's threads, and the other
    // tests running beside it, may allocate at any time.
    static MEASURED: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    if MEASURED.with(Cell::get) {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
    }
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwards the caller's layout to the system allocator unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` and `layout` describe a live allocation of the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations in 20 playouts, after three that warm them up (lazily built tables and the
/// move buffer reach their final size).
fn allocations_in(mut play: impl FnMut(u64)) -> usize {
    for index in 0..3 {
        play(index);
    }
    let before = allocations();
    for index in 3..23 {
        play(index);
    }
    allocations() - before
}

/// Allocations in the playouts of one game and preset through the registry's runner: the
/// playouts the simulations and benchmarks run.
fn allocations_in_playouts(ruleset: &dyn Ruleset, preset: &str) -> usize {
    allocations_with(ruleset, preset, &OptionSet::new())
}

/// [`allocations_in_playouts`] with options on the preset.
fn allocations_with(ruleset: &dyn Ruleset, preset: &str, overrides: &OptionSet) -> usize {
    let options = ruleset.resolve(preset, overrides).unwrap();
    let mut play = options.runner(Caps::LUDII);
    allocations_in(|index| {
        std::hint::black_box(play(1, index));
    })
}

fn count_this_thread() {
    MEASURED.with(|m| m.set(true));
    let before = allocations();
    drop(std::hint::black_box(vec![0u8; 16]));
    assert!(
        allocations() > before,
        "the counting allocator sees allocations"
    );
}

#[test]
fn playouts_do_not_allocate() {
    count_this_thread();
    let mut found = Vec::new();
    for ruleset in toy::with_toy() {
        for preset in ["dlp", "ludii"] {
            let allocations = allocations_in_playouts(ruleset, preset);
            if allocations > 0 {
                found.push(format!(
                    "{} ({preset}): {allocations} allocations",
                    ruleset.info().slug
                ));
            }
        }
        // A family game as Ludii 1.3.13 plays it, the faults of its engine included.
        if let Some(faults) = ruleset.ludii_faults() {
            let allocations = allocations_with(ruleset, "ludii", faults);
            if allocations > 0 {
                found.push(format!(
                    "{} (as Ludii plays): {allocations} allocations",
                    ruleset.info().slug
                ));
            }
        }
    }
    assert!(found.is_empty(), "the playout loop allocates: {found:?}");
}

/// The race family's rules beyond those its games use: every kind of throw, dice played
/// apart, stacking, swaps, jumps, blocking, four players in teams.
#[test]
fn race_playouts_of_every_kind_of_rule_do_not_allocate() {
    use engine::playout::{MOVE_BUFFER, play_from};
    use engine::{Game, Options};
    use race::{Race, RaceParams};
    let params = |overrides: &[(&str, &str)]| {
        let mut params = RaceParams::ludii();
        for (key, value) in overrides {
            params.set(key, value).unwrap();
        }
        params.validate().unwrap();
        params
    };
    let games = [
        params(&[]),
        params(&[
            ("throw", "dice 3d6"),
            ("dice_use", "each-or-sum"),
            ("land_on_own", "stack"),
            ("land_on_enemy", "capture-single"),
            ("block_run", "2"),
            ("backward_if_no_forward", "true"),
            ("bear_off", "any"),
            ("bear_off_home", "6"),
            ("moves_listed", "per-piece"),
        ]),
        params(&[
            ("players", "4"),
            ("teams", "partners"),
            (
                "tracks",
                "0 1 2 3 4 5 6 7 | 10 11 4 5 6 7 12 13 | 20 21 4 5 6 7 22 23 | 30 31 4 5 6 7 32 33",
            ),
            ("safe_cells", "5"),
            ("safe_cells_refuse_enemy", "false"),
            ("extra_throw_cells", "none"),
            ("start", "1 2 | 1 | 1 | 1"),
            ("finished_keep_turns", "true"),
        ]),
        params(&[
            ("throw", "faces 8"),
            ("throw_values", "0=1 1=2 2=3 3=4 4=5 5=6 6=7 7=10"),
            ("land_on_enemy", "swap"),
            ("jumps", "12>7"),
            ("must_stop_cells", "11"),
            ("ranking", "finish-order"),
            ("extra_throw_values", "1,4"),
            ("guarded_pairs", "true"),
        ]),
    ];
    count_this_thread();
    let mut moves = Vec::with_capacity(MOVE_BUFFER);
    for (n, game) in games.iter().enumerate() {
        let mut played = 0;
        let allocations = allocations_in(|index| {
            // The game made inside too: a race game's tables are built without allocating.
            let playout =
                play_from(&Race::new(game), 1, index, Caps::LUDII, &mut moves, true).unwrap();
            played += std::hint::black_box(playout).moves;
        });
        assert!(played > 0);
        assert_eq!(allocations, 0, "race game {n} allocates in its playouts");
    }
}
