//! The playout loop allocates nothing: after warm-up playouts (which size the move buffer),
//! further playouts of every game of the registry (and of the toy eighth game that shows a new
//! entry is measured too) under both presets must not touch the allocator.
//!
//! This test binary counts allocations with its own global allocator, the one place in the
//! project that needs `unsafe`.
#![allow(unsafe_code)]

mod toy;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use engine::playout::Caps;
use rulesets::{OptionSet, Ruleset};

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

/// Allocations in 20 playouts of one game and preset, after three that warm it up (lazily
/// built tables and the move buffer reach their final size), through the registry's runner:
/// the playouts the simulations and benchmarks run.
fn allocations_in_playouts(ruleset: &dyn Ruleset, preset: &str) -> usize {
    let options = ruleset.resolve(preset, &OptionSet::new()).unwrap();
    let mut play = options.runner(Caps::LUDII);
    for index in 0..3 {
        play(1, index);
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for index in 3..23 {
        std::hint::black_box(play(1, index));
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
    }
    assert!(found.is_empty(), "the playout loop allocates: {found:?}");
}
