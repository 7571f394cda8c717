//! `satdoku count` end to end: counts, `--limit`, `--all`.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn count_empty_4x4_is_288() {
    satdoku()
        .args(["count", "-q", EMPTY4])
        .assert()
        .code(0)
        .stdout("288\n");
    // A limit equal to the count is not capped.
    satdoku()
        .args(["count", "-q", "--limit", "288", EMPTY4])
        .assert()
        .code(0)
        .stdout("288\n");
    satdoku()
        .args(["count", "-q", "-f", "pretty", FOUR])
        .assert()
        .code(0)
        .stdout("<argument>:1: 1 solution\n\n");
}

#[test]
fn count_limit_caps_the_output() {
    satdoku()
        .args(["count", "-q", "--limit", "10", EMPTY4])
        .assert()
        .code(0)
        .stdout("more than 10\n");
    satdoku()
        .args(["count", "-q", "--limit", "287", EMPTY4])
        .assert()
        .code(0)
        .stdout("more than 287\n");
    let out = satdoku()
        .args(["count", "-q", "-f", "json", "--limit", "10", EMPTY4, FOUR])
        .output()
        .unwrap();
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "counted");
    assert_eq!(recs[0]["count"], 10);
    assert_eq!(recs[0]["capped"], true);
    assert_eq!(recs[1]["count"], 1);
    assert_eq!(recs[1]["capped"], false);
    assert!(
        recs[0].get("solutions").is_none(),
        "solutions only with --all"
    );
    satdoku()
        .args(["count", "-q", "-f", "pretty", "--limit", "10", EMPTY4])
        .assert()
        .stdout("<argument>:1: more than 10 solutions (limit reached; raise --limit)\n\n");
    // A limit of 0 is a usage error.
    satdoku()
        .args(["count", "--limit", "0", EMPTY4])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--limit"));
}

#[test]
fn count_all_prints_every_solution_once() {
    let out = satdoku()
        .args(["count", "-q", "--all", EMPTY4])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 289);
    assert_eq!(lines[288], "288");
    let distinct: std::collections::HashSet<&str> = lines[..288].iter().copied().collect();
    assert_eq!(distinct.len(), 288);
    for l in &lines[..288] {
        assert_solves(EMPTY4, l);
    }
    let out = satdoku()
        .args(["count", "-q", "--all", "-f", "json", "--limit", "5", EMPTY4])
        .output()
        .unwrap();
    let r = &json_lines(&out)[0];
    assert_eq!(r["count"], 5);
    assert_eq!(r["capped"], true);
    assert_eq!(r["solutions"].as_array().unwrap().len(), 5);
}

#[test]
fn count_of_a_puzzle_without_solution_is_zero() {
    // `count` reports counts, not verdicts: zero solutions print 0 and exit 0.
    satdoku()
        .args(["count", "-q", NONE_SEARCH, NONE_SINGLES, "1..5............"])
        .assert()
        .code(1)
        .stdout("0\n0\n")
        .stderr(predicate::str::contains("out of range for a 4x4"));
    satdoku()
        .args(["count", "-q", NONE_SEARCH])
        .assert()
        .code(0)
        .stdout("0\n");
}
