//! The playout loop allocates nothing: after one warm-up playout (which sizes the move
//! buffer), further playouts of every game and preset must not touch the allocator.
//!
//! This test binary counts allocations with its own global allocator, the one place in the
//! project that needs `unsafe`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use engine::playout::{Caps, play_seeded};
use engine::{Game, Options};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // Only the measuring thread counts: the test harness's own threads may allocate at any
    // time on a loaded machine.
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

fn allocations_in_playouts<G: Game>(preset: &str) -> usize {
    let options = G::Options::preset(preset).unwrap();
    let mut moves = Vec::with_capacity(1024);
    // Warm-up: lazily built tables and the move buffer reach their final size.
    for index in 0..3 {
        play_seeded::<G>(&options, 1, index, Caps::LUDII, &mut moves, false).unwrap();
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for index in 3..23 {
        play_seeded::<G>(&options, 1, index, Caps::LUDII, &mut moves, false).unwrap();
    }
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

#[test]
fn playouts_do_not_allocate() {
    MEASURED.with(|m| m.set(true));
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    drop(std::hint::black_box(vec![0u8; 16]));
    assert!(
        ALLOCATIONS.load(Ordering::Relaxed) > before,
        "the counting allocator sees allocations"
    );
    let mut found = Vec::new();
    for preset in ["dlp", "ludii"] {
        let counts = [
            ("kioz", allocations_in_playouts::<game_kioz::Kioz>(preset)),
            (
                "natt-klab-ash-shawk",
                allocations_in_playouts::<game_natt_klab::NattKlab>(preset),
            ),
            (
                "barjis",
                allocations_in_playouts::<game_barjis::Barjis>(preset),
            ),
            (
                "baqura",
                allocations_in_playouts::<game_baqura::Baqura>(preset),
            ),
            ("tuz", allocations_in_playouts::<game_tuz::Tuz>(preset)),
            (
                "sig-el-oued",
                allocations_in_playouts::<game_sig::Sig>(preset),
            ),
            (
                "deleb",
                allocations_in_playouts::<game_deleb::Deleb>(preset),
            ),
        ];
        found.extend(
            counts
                .into_iter()
                .filter(|(_, n)| *n > 0)
                .map(|(game, n)| format!("{game} ({preset}): {n} allocations")),
        );
    }
    assert!(found.is_empty(), "the playout loop allocates: {found:?}");
}
