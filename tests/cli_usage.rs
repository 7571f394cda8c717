//! `--help`, `--version` and usage errors (exit 2).
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn help_and_version() {
    satdoku().arg("--help").assert().code(0).stdout(
        predicate::str::contains("Usage: satdoku <COMMAND>")
            .and(predicate::str::contains("solve"))
            .and(predicate::str::contains("check"))
            .and(predicate::str::contains("count"))
            .and(predicate::str::contains("dimacs"))
            .and(predicate::str::contains("decode")),
    );
    satdoku()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(format!("satdoku {}\n", env!("CARGO_PKG_VERSION")));
    for command in ["solve", "check", "count", "dimacs", "decode"] {
        satdoku()
            .args([command, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(format!(
                "Usage: satdoku {command}"
            )));
    }
}

#[test]
fn usage_errors_exit_2() {
    satdoku()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage"));
    satdoku()
        .args(["solve", "--bogus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unexpected argument '--bogus'"));
    satdoku().arg("frobnicate").assert().code(2);
    satdoku()
        .args(["solve", "-f", "xml", FOUR])
        .assert()
        .code(2);
    // decode needs --puzzle.
    satdoku().arg("decode").assert().code(2);
}
