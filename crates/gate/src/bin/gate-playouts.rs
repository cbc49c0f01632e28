//! The instruction-count gate's workload: `gate-playouts GAME` plays the game's fixed, seeded
//! playouts and prints how many playouts and moves it played. `cargo xtask bench --gate` runs
//! it under valgrind.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(game) = std::env::args().nth(1) else {
        eprintln!("usage: gate-playouts GAME");
        return ExitCode::FAILURE;
    };
    let workload = rulesets::find_alone(&game)
        .map_err(|e| e.to_string())
        .and_then(|ruleset| gate::run(ruleset, "ludii").map_err(|e| e.to_string()));
    match workload {
        Ok(workload) => {
            println!("{} {}", workload.playouts, workload.moves);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
