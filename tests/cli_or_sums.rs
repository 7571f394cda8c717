//! Sums inside `or` branches through the binary: varisat on the clauses and CaDiCaL with the
//! sum propagator carrying them under their branches' selectors (every `--sum-propagator`
//! mode) count the same solutions and agree on the verdict.

mod common;

use common::satdoku;
use predicates::prelude::*;

/// A 4×4 (r1c1 = 1, r3c3 = 4) with an `or` of a killer and an `and` of a weighted sum and a
/// killer, beside a top-level killer; both branches hold in 1234 3412 2143 4321. Six
/// solutions (counted by every engine alike; `src/sums/guarded_tests.rs` checks such counts
/// against brute force).
const OR_SUMS: &str = r#"{"satdoku":1,"size":4,"givens":"1.........4.....","constraints":[
{"type":"or","of":[{"type":"killer","cells":["r1c2","r1c3","r1c4"],"sum":9},
{"type":"and","of":[{"type":"weighted-sum","cells":["r1c2","r2c1","r2c2"],"sum":9},
{"type":"killer","cells":["r4c1","r4c2"],"sum":7}]}]},
{"type":"killer","cells":["r3c1","r3c2"],"sum":3}]}"#;

/// The engine choices of the binary: varisat, and CaDiCaL in each propagation mode.
fn engines() -> Vec<Vec<&'static str>> {
    let mut out = vec![vec!["--engine", "varisat"]];
    for mode in ["carry", "carry-all", "both", "off"] {
        out.push(vec!["--engine", "cadical", "--sum-propagator", mode]);
    }
    out
}

/// `satdoku count` of `puzzle` with `args`: it succeeds with nothing on stderr; its stdout.
fn count(args: &[&str], puzzle: &str) -> String {
    let out = satdoku()
        .args(["count", "-j1", "-q"])
        .args(args)
        .arg(puzzle)
        .assert()
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn sums_in_an_or_count_alike_on_every_engine() {
    let puzzle = OR_SUMS.replace('\n', "");
    for args in engines() {
        assert_eq!(count(&args, &puzzle), "6\n", "{args:?}");
        // two solutions found and shown where they differ; exit code 4 (multiple)
        satdoku()
            .args(["check", "-f", "line", "-j1", "-q"])
            .args(&args)
            .arg(&puzzle)
            .assert()
            .code(4)
            .stdout(predicate::str::starts_with("multiple 1"))
            .stderr("");
    }
}

#[test]
fn a_branch_no_sum_allows_leaves_the_other() {
    // three different digits never make 5 (1 + 2 + 3 = 6): the killer branch is false, so
    // the `and` branch must hold
    let puzzle = OR_SUMS
        .replace('\n', "")
        .replacen(r#""sum":9}"#, r#""sum":5}"#, 1);
    let counts: Vec<String> = engines().iter().map(|a| count(a, &puzzle)).collect();
    assert!(counts.iter().all(|c| c == &counts[0]), "{counts:?}");
    // the same as the `and` branch's rules stated at the top (varisat, clauses only)
    let alone = r#"{"satdoku":1,"size":4,"givens":"1.........4.....","constraints":[
{"type":"weighted-sum","cells":["r1c2","r2c1","r2c2"],"sum":9},
{"type":"killer","cells":["r4c1","r4c2"],"sum":7},
{"type":"killer","cells":["r3c1","r3c2"],"sum":3}]}"#
        .replace('\n', "");
    assert_eq!(count(&["--engine", "varisat"], &alone), counts[0]);
}
