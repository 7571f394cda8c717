//! `satdoku generate`: every puzzle it prints is re-checked by the normal `check` path of the
//! binary (unique, and minimal unless `--stop-at` ended the removals early).

mod common;

use common::{generated, satdoku, success_lines};
use serde_json::Value;

/// `satdoku check --minimal -f line` on `puzzles` (one per line, box shape `boxes` if any):
/// one output line per puzzle.
fn check_minimal(puzzles: &[String], boxes: Option<&str>) -> Vec<String> {
    let mut cmd = satdoku();
    cmd.args(["check", "--minimal", "-q", "-f", "line"]);
    if let Some(b) = boxes {
        cmd.args(["--box", b]);
    }
    success_lines(cmd.write_stdin(puzzles.join("\n") + "\n"))
}

#[test]
fn generated_puzzles_pass_check_as_unique_and_minimal() {
    let puzzles = generated(&["--size", "9", "--seed", "11", "--count", "6", "-f", "line"]);
    let checked = check_minimal(&puzzles, None);
    assert_eq!(checked.len(), puzzles.len());
    for (p, c) in puzzles.iter().zip(&checked) {
        assert!(
            c.starts_with("unique ") && c.ends_with(" minimal"),
            "{p}: {c}"
        );
    }
    // With a symmetry, minimal means that no orbit can go; a single given of one may.
    let sym = generated(&[
        "--size",
        "9",
        "--seed",
        "12",
        "--count",
        "2",
        "--symmetry",
        "rot90",
        "-f",
        "line",
    ]);
    for c in check_minimal(&sym, None) {
        assert!(c.starts_with("unique "), "{c}");
    }
    // 16x16 and 8x8 (2x4 boxes) too: the removal checks there go past simplification.
    let v: Value =
        serde_json::from_str(&generated(&["--size", "16", "--seed", "3", "-f", "json"])[0])
            .unwrap();
    let sixteen = vec![v["puzzle"].as_str().unwrap().to_string()];
    // The effort figure is the SAT calls of the check that `check` itself makes.
    let out = satdoku()
        .args(["check", "-f", "json", "--stats", "-q"])
        .write_stdin(sixteen[0].clone() + "\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rec: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["effort"]["check_sat_calls"], rec["stats"]["sat_calls"]);
    let eight = generated(&["--size", "8", "--seed", "3", "--count", "2", "-f", "line"]);
    for c in check_minimal(&sixteen, None)
        .iter()
        .chain(&check_minimal(&eight, Some("2x4")))
    {
        assert!(c.starts_with("unique ") && c.ends_with(" minimal"), "{c}");
    }
}

#[test]
fn stop_at_gives_unique_puzzles_that_are_not_minimal() {
    let rows = generated(&[
        "--size",
        "9",
        "--seed",
        "5",
        "--count",
        "3",
        "--stop-at",
        "40",
        "-f",
        "json",
    ]);
    let puzzles: Vec<String> = rows
        .iter()
        .map(|r| {
            let v: Value = serde_json::from_str(r).unwrap();
            // Removal is one given at a time, so it stops at exactly 40.
            assert_eq!(v["givens"], 40, "{r}");
            assert_eq!(v["minimal"], false, "{r}");
            v["puzzle"].as_str().unwrap().to_string()
        })
        .collect();
    for c in check_minimal(&puzzles, None) {
        assert!(
            c.starts_with("unique ") && c.ends_with(" not-minimal"),
            "{c}"
        );
    }
    // With the same seed, the removals are the same up to the stop: the minimal puzzle's
    // givens are a subset of the stopped one's.
    let stopped = generated(&[
        "--size",
        "9",
        "--seed",
        "5",
        "--stop-at",
        "40",
        "-f",
        "line",
    ]);
    let full = generated(&["--size", "9", "--seed", "5", "-f", "line"]);
    for (a, b) in stopped[0].bytes().zip(full[0].bytes()) {
        assert!(b == b'.' || a == b, "{} vs {}", stopped[0], full[0]);
    }
    let v: Value =
        serde_json::from_str(&generated(&["--size", "9", "--seed", "5", "-f", "json"])[0]).unwrap();
    assert_eq!(v["minimal"], true);
    // A stop below the minimal puzzle changes nothing: it is minimal.
    let low = generated(&["--size", "9", "--seed", "5", "--stop-at", "5", "-f", "line"]);
    assert_eq!(low, full);
    // Pretty output says so.
    let pretty = generated(&[
        "--size",
        "4",
        "--seed",
        "2",
        "--stop-at",
        "12",
        "-f",
        "pretty",
    ]);
    assert_eq!(pretty[0], "puzzle 1 (12 givens, not minimal)");
}

#[test]
fn stop_at_must_be_a_number() {
    satdoku()
        .args(["generate", "--size", "9", "--stop-at", "many"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--stop-at"));
}
