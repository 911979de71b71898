//! Starting `steerlab live` for the tests of the live link (tests/live.rs,
//! tests/clients.rs).
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// `steerlab live ARGS` with its output piped, and the port its first line says it
/// listens on.
pub fn start(args: &[&std::ffi::OsStr]) -> (Child, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_steerlab"))
        .arg("live")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("steerlab live starts");
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    let port = first
        .trim()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("expected `listening on ADDR:PORT`, found {first:?}"));
    (child, port)
}
