//! Printing the command line's output ([`outln`], [`out`]): a reader that stops early
//! is not a failure.

/// `println!` for the command line's output: a reader that stops early (`| head`) is
/// not a failure (the rest is not shown, and the command goes on to write its files).
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::output::shown(std::io::Write::write_fmt(
            &mut std::io::stdout(),
            format_args!("{}\n", format_args!($($arg)*)),
        ))
    };
}

/// `print!` as [`outln`] has it.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::shown(std::io::Write::write_fmt(&mut std::io::stdout(), format_args!($($arg)*)))
    };
}

/// What printing to the standard output came to: a closed pipe is said nothing of, any
/// other failure on the standard error.
pub(super) fn shown(printed: std::io::Result<()>) {
    match printed {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("steerlab: cannot print: {e}")
        }
        _ => {}
    }
}
