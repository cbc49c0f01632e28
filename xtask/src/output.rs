//! Standard output for the commands. A reader that stops reading (`cargo xtask trace … | head`)
//! ends the command quietly, as the shell's own tools end, where `println!` would panic.

use std::fmt;
use std::io::{self, Write};

/// Writes `text` to standard output; a closed pipe ends the process successfully, any other
/// failure to write is reported on standard error and ends it with a failure.
pub fn write(text: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(error) = out.write_fmt(text).and_then(|()| out.flush()) {
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}

/// `print!` through [`write`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

/// `println!` through [`write`].
macro_rules! outln {
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}

pub(crate) use {out, outln};
