//! Helpers shared by the integration tests of limits, files and hostile input.
#![allow(dead_code)] // each test file uses some of them

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const FOUR: &str = "...4..3.....3.2.";
pub const FOUR_SOL: &str = "2314413212433421";

/// The binary, with a generous bound: nothing in these tests may hang (no timing is asserted
/// below it).
pub fn satdoku() -> Command {
    let mut c = Command::cargo_bin("satdoku").unwrap();
    c.timeout(Duration::from_secs(60));
    c
}

/// Writes `content` to `dir/name`.
pub fn write_file(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}
