//! The commands' standard output, read by a reader that stops early.

use std::process::{Command, Stdio};

#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["trace", "--game", "kioz"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes before the command writes (it first loads the corpus and plays the game),
    // as `| head` goes after its lines: every write then finds the pipe closed.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
