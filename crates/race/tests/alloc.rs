//! The playout loop allocates nothing: after warm-up playouts (which size the move buffer),
//! further playouts of the family's defaults and of readings that use every kind of throw,
//! dice played apart, stacking, swaps and jumps must not touch the allocator.
//!
//! This test binary counts allocations with its own global allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use engine::Options;
use engine::playout::{Caps, MOVE_BUFFER, play_seeded};
use race::{Race, RaceParams};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // Only the measuring thread counts: the harness's own threads may allocate at any time.
    static MEASURED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn count() {
    if MEASURED.with(std::cell::Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
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

fn params(overrides: &[(&str, &str)]) -> RaceParams {
    let mut params = RaceParams::ludii();
    for (key, value) in overrides {
        params.set(key, value).unwrap();
    }
    params.validate().unwrap();
    params
}

#[test]
fn playouts_do_not_allocate() {
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
    let mut moves = Vec::with_capacity(MOVE_BUFFER);
    MEASURED.with(|m| m.set(true));
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    drop(std::hint::black_box(vec![0u8; 16]));
    assert!(
        ALLOCATIONS.load(Ordering::Relaxed) > before,
        "the counting allocator sees allocations"
    );
    for (n, game) in games.iter().enumerate() {
        for index in 0..3 {
            play_seeded::<Race>(game, 1, index, Caps::LUDII, &mut moves, true).unwrap();
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut played = 0;
        for index in 3..23 {
            let playout =
                play_seeded::<Race>(game, 1, index, Caps::LUDII, &mut moves, true).unwrap();
            played += std::hint::black_box(playout).moves;
        }
        let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(played > 0);
        assert_eq!(allocations, 0, "game {n} allocates in its playouts");
    }
}
