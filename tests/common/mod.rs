//! Helpers shared by the integration tests: the binary, puzzle constants, JSON lines, files,
//! and the rule for external tools that may be missing.
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

/// Whether this run is CI's (`CI=true`, as CI services and `.ci/run` set it).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// An external tool (`what`) the test needs is missing: locally the test is skipped with a
/// note on stderr; under `CI=true` the run fails, so a CI that lost its install cannot pass
/// without checking anything.
pub fn missing_tool(what: &str) {
    assert!(
        !in_ci(),
        "{what} is missing and CI=true: install it (.ci/run does) — CI must not skip this test"
    );
    eprintln!("note: {what} is missing; test skipped");
}
