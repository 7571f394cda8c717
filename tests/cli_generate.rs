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

/// Solves a 9×9 line (`.` open) by naked and hidden singles alone, written here independently
/// of the library: the grid when singles fill every cell, `None` when they get stuck or clash.
fn singles_9x9(line: &str) -> Option<String> {
    let mut cand = [0x3feu16; 81];
    let mut fixed = [0u8; 81];
    let houses: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()))
        .chain((0..9).map(|b| {
            (0..9)
                .map(|i| (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3)
                .collect()
        }))
        .collect();
    let mut todo: Vec<(usize, u8)> = line
        .bytes()
        .enumerate()
        .filter(|(_, b)| b.is_ascii_digit())
        .map(|(i, b)| (i, b - b'0'))
        .collect();
    loop {
        while let Some((i, d)) = todo.pop() {
            if fixed[i] == d {
                continue;
            }
            if fixed[i] != 0 || cand[i] & (1 << d) == 0 {
                return None;
            }
            fixed[i] = d;
            cand[i] = 1 << d;
            for h in houses.iter().filter(|h| h.contains(&i)) {
                for &j in h.iter().filter(|&&j| j != i) {
                    cand[j] &= !(1 << d);
                    if cand[j] == 0 {
                        return None;
                    }
                }
            }
        }
        // naked singles, then hidden singles
        for i in (0..81).filter(|&i| fixed[i] == 0) {
            if cand[i].count_ones() == 1 {
                todo.push((i, cand[i].trailing_zeros() as u8));
            }
        }
        for h in &houses {
            for d in 1..=9u8 {
                let places: Vec<usize> = h
                    .iter()
                    .copied()
                    .filter(|&j| cand[j] & (1 << d) != 0)
                    .collect();
                if places.len() == 1 && fixed[places[0]] != d {
                    todo.push((places[0], d));
                }
            }
        }
        if todo.is_empty() {
            break;
        }
    }
    fixed
        .iter()
        .all(|&d| d != 0)
        .then(|| fixed.iter().map(|d| char::from(b'0' + d)).collect())
}

#[test]
fn solvable_by_singles_puzzles_are_solved_by_singles_and_need_every_given() {
    let lines = generated(&[
        "--size",
        "9",
        "--seed",
        "21",
        "--count",
        "4",
        "--solvable-by",
        "singles",
        "-f",
        "json",
    ]);
    assert_eq!(lines.len(), 4);
    for l in &lines {
        let v: Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["solvable_by"], "singles", "{l}");
        // needed by the logic, not known to be needed for uniqueness
        assert_eq!(v["minimal"], false, "{l}");
        assert_eq!(v["effort"]["simplification_solves"], true, "{l}");
        let puzzle = v["puzzle"].as_str().unwrap();
        let solution = v["solution"].as_str().unwrap();
        assert_eq!(singles_9x9(puzzle).as_deref(), Some(solution), "{puzzle}");
        // every given is needed: without any one of them singles get stuck
        for (i, b) in puzzle.bytes().enumerate().filter(|(_, b)| *b != b'.') {
            let mut fewer = puzzle.as_bytes().to_vec();
            fewer[i] = b'.';
            let fewer = String::from_utf8(fewer).unwrap();
            assert_eq!(
                singles_9x9(&fewer),
                None,
                "{puzzle}: given {} at {i}",
                b as char
            );
        }
        // and the binary's own check agrees: unique, with that solution
        let checked = success_lines(
            satdoku()
                .args(["check", "-q", "-f", "line"])
                .write_stdin(format!("{puzzle}\n")),
        );
        assert_eq!(checked, vec![format!("unique {solution}")]);
    }
    // The pretty output says how it was made (the same seed gives the same puzzle).
    let args = [
        "--size",
        "6",
        "--seed",
        "5",
        "--solvable-by",
        "singles",
        "-f",
    ];
    let json: Value =
        serde_json::from_str(&generated(&[&args[..], &["json"]].concat())[0]).unwrap();
    let pretty = generated(&[&args[..], &["pretty"]].concat());
    assert_eq!(
        pretty[0],
        format!("puzzle 1 ({} givens, solvable by singles)", json["givens"])
    );
}

#[test]
fn solvable_by_full_puzzles_are_decided_before_search() {
    let lines = generated(&[
        "--size",
        "9",
        "--seed",
        "22",
        "--count",
        "3",
        "--solvable-by",
        "full",
        "-f",
        "json",
    ]);
    for l in &lines {
        let v: Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["solvable_by"], "full", "{l}");
        assert_eq!(v["effort"]["check_sat_calls"], 0, "{l}");
        let puzzle = v["puzzle"].as_str().unwrap();
        let out = satdoku()
            .args(["check", "-q", "-f", "json", "--stats"])
            .write_stdin(format!("{puzzle}\n"))
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let c: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(c["status"], "unique");
        assert_eq!(c["solution"], v["solution"]);
        // decided before any SAT call: by the houses' simplification or by probing, both
        // part of the simplification that `full` names
        let search = c["stats"]["search"].as_str().unwrap();
        assert!(matches!(search, "simplification" | "probing"), "{c}");
        assert_eq!(c["stats"]["sat_calls"], 0, "{c}");
    }
}

#[test]
fn solvable_by_takes_only_its_levels() {
    satdoku()
        .args(["generate", "--size", "9", "--solvable-by", "guessing"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("possible values: singles, full"));
}

#[test]
fn solvable_by_keeps_to_the_time_budget() {
    // No search runs during these removals, so the budget is checked between them: a 36x36
    // takes seconds, far more than the budget.
    satdoku()
        .args([
            "generate",
            "--size",
            "36",
            "--seed",
            "1",
            "--solvable-by",
            "singles",
            "--timeout",
            "0.2",
            "-q",
        ])
        .assert()
        .code(5)
        .stderr(predicates::str::contains("timeout"));
}
