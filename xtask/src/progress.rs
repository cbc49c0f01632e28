//! Progress bars for long work: drawn on a terminal, silent in CI, in pipes and with `--quiet`.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// Runs `work`, which counts what it has done in the counter it is given, under a progress
/// bar of `total` units when one should be shown.
pub fn track<T>(label: &str, total: u64, quiet: bool, work: impl FnOnce(&AtomicU64) -> T) -> T {
    let counter = AtomicU64::new(0);
    let visible = !quiet && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    if !visible {
        return work(&counter);
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template(
                    "{msg:>24} [{bar:40}] {pos}/{len} {per_sec} eta {eta}",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            bar.set_message(label.to_string());
            while !done.load(Ordering::Relaxed) {
                bar.set_position(counter.load(Ordering::Relaxed));
                std::thread::sleep(Duration::from_millis(100));
            }
            bar.finish_and_clear();
        });
        let result = work(&counter);
        done.store(true, Ordering::Relaxed);
        result
    })
}
