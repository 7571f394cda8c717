//! `satdoku check` end to end: the four statuses, exit codes, where two solutions differ.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

mod common;

use common::*;

#[test]
fn check_reports_all_four_statuses_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{SEED}\n{MULTI}\n{NONE_SEARCH}\n55{}\n", &SEED[2..]);
    let f = write_file(dir.path(), "mixed.txt", &text);
    let out = satdoku().arg("check").arg(&f).output().unwrap();
    // An invalid puzzle outranks every other outcome.
    assert_eq!(out.status.code(), Some(1));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!(lines[0], format!("unique {SEED_SOL}"));
    assert!(lines[1].starts_with("multiple "), "{}", lines[1]);
    assert_eq!(lines[2], "none");
    let loc = format!("{}:4", f.display());
    assert_eq!(
        lines[3],
        format!("invalid {loc}: r1c1 and r1c2 both hold 5 in row 1")
    );
    let err = stderr_of(&out);
    assert!(
        err.contains(&format!(
            "satdoku: {loc}: r1c1 and r1c2 both hold 5 in row 1"
        )),
        "{err}"
    );
    assert!(
        err.contains("satdoku check: 4 puzzles: 1 unique, 1 multiple, 1 none, 1 invalid"),
        "{err}"
    );
}

#[test]
fn check_exit_codes_follow_the_worst_outcome() {
    let code = |args: &[&str]| {
        satdoku()
            .arg("check")
            .args(args)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(code(&[SEED]), Some(0));
    assert_eq!(code(&[SEED, MULTI]), Some(4));
    assert_eq!(code(&[MULTI, NONE_SEARCH, SEED]), Some(3));
    assert_eq!(code(&[MULTI, NONE_SEARCH, "1..5............"]), Some(1));
}

#[test]
fn check_multiple_names_the_cells_where_two_solutions_differ() {
    let out = satdoku()
        .args(["check", "-q", "-f", "json", MULTI])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let r = &json_lines(&out)[0];
    assert_eq!(r["status"], "multiple");
    assert_eq!(r["unique"], false);
    let sols: Vec<&str> = r["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(sols.len(), 2);
    assert_ne!(sols[0], sols[1]);
    for s in &sols {
        assert_solves(MULTI, s);
    }
    let diff: Vec<String> = grid(sols[0])
        .diff(&grid(sols[1]))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(r["differ"], serde_json::json!(diff));
    // Which two of its 872 solutions come first depends on the solver's path.
    assert_eq!(
        diff,
        ["r6c1", "r6c2", "r6c3", "r7c3", "r7c4", "r8c2", "r8c4", "r9c1", "r9c2", "r9c4"]
    );
    // Line format: multiple A B cells.
    let out = satdoku().args(["check", "-q", MULTI]).output().unwrap();
    let stdout = stdout_of(&out);
    let words: Vec<&str> = stdout.trim_end().split(' ').collect();
    assert_eq!(words.len(), 4);
    assert_eq!(words[0], "multiple");
    assert_eq!(words[1], sols[0]);
    assert_eq!(words[2], sols[1]);
    assert_eq!(words[3], diff.join(","));
    // Pretty: the heading names the cells, then both grids.
    let out = satdoku()
        .args(["check", "-q", "-f", "pretty", EMPTY4])
        .output()
        .unwrap();
    let stdout = stdout_of(&out);
    assert!(
        // How many cells differ depends on which two solutions the solver finds first.
        stdout.starts_with("<argument>:1: multiple — two solutions differ in "),
        "{stdout}"
    );
    assert_eq!(stdout.matches("+-----+-----+").count(), 6, "{stdout}");
}

#[test]
fn check_pretty_and_json_for_unique_and_none() {
    let out = satdoku()
        .args(["check", "-q", "-f", "pretty", FOUR, NONE_SINGLES])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        stdout_of(&out),
        "<argument>:1: unique\n\
         +-----+-----+\n\
         | 2 3 | 1 4 |\n\
         | 4 1 | 3 2 |\n\
         +-----+-----+\n\
         | 1 2 | 4 3 |\n\
         | 3 4 | 2 1 |\n\
         +-----+-----+\n\n\
         <argument>:1: none (no digit fits r1c9)\n\n"
    );
    let out = satdoku()
        .args(["check", "-q", "-f", "json", NONE_SINGLES, NONE_SEARCH])
        .output()
        .unwrap();
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "none");
    assert_eq!(recs[0]["reason"], "no digit fits r1c9");
    assert_eq!(recs[1]["status"], "none");
    assert!(recs[1].get("reason").is_none());
    assert!(recs[1].get("solution").is_none());
}

#[test]
fn probing_settles_puzzles_without_the_solver_and_says_so() {
    // The first of magictour_top1465 (singles and locked candidates leave it open), and the
    // same with a wrong 9 in r1c2 (no solution, found only by probing).
    let top = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let wrong = "49..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let out = satdoku()
        .args(["check", "-q", "-f", "json", "--stats", top, wrong])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stderr_of(&out), "");
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "unique");
    assert_eq!(
        recs[0]["solution"],
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
    );
    assert_eq!(recs[0]["stats"]["sat_calls"], 0);
    assert_eq!(recs[0]["stats"]["search"], "probing");
    assert_eq!(recs[0]["cnf"]["clauses"], 0);
    assert_eq!(recs[1]["status"], "none");
    assert_eq!(
        recs[1]["reason"],
        "each digit left in r6c1 leads to a contradiction"
    );
    assert_eq!(recs[1]["stats"]["search"], "probing");
    assert_eq!(recs[1]["stats"]["sat_calls"], 0);
}

#[test]
fn a_sum_that_cannot_hold_is_refuted_before_search_and_named() {
    // A little killer down the main diagonal: its nine cells lie three to a box, so they sum
    // to at least 3 × (1 + 2 + 3) = 18; 17 passes the rule's own range check (9..81) and
    // the sums' reasoning at the root refutes it, naming the sum.
    let cells: Vec<String> = (1..=9).map(|i| format!("\"r{i}c{i}\"")).collect();
    let json = format!(
        r#"{{"satdoku": 1, "size": 9, "givens": "{}", "constraints": [{{"type": "little-killer", "cells": [{}], "sum": 17}}]}}"#,
        ".".repeat(81),
        cells.join(",")
    );
    for engine in ["varisat", "auto"] {
        let out = satdoku()
            .args([
                "check", "-q", "-f", "json", "--stats", "--engine", engine, &json,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        let recs = json_lines(&out);
        assert_eq!(recs[0]["status"], "none");
        assert_eq!(
            recs[0]["reason"],
            "the sums cannot all hold: the sum over r1c1, r2c2, r3c3, r4c4, … (9 cells) fails"
        );
        assert_eq!(recs[0]["stats"]["sat_calls"], 0);
    }
}

#[test]
fn stats_name_the_engine_that_auto_picked() {
    // a killer over every cell: auto hands it to CaDiCaL and the sum propagator (when built);
    // an empty classic grid: varisat
    let killer = format!("{}/puzzles/sums/cage-1.json", env!("CARGO_MANIFEST_DIR"));
    let empty = ".".repeat(81);
    let out = satdoku()
        .args(["check", "-q", "-f", "json", "--stats", &killer, &empty])
        .output()
        .unwrap();
    assert_eq!(stderr_of(&out), "");
    let recs = json_lines(&out);
    let sums = if cfg!(feature = "cadical") {
        "cadical"
    } else {
        "varisat"
    };
    assert_eq!(recs[0]["stats"]["engine"], sums, "{}", recs[0]);
    assert_eq!(recs[1]["stats"]["engine"], "varisat", "{}", recs[1]);
    // a named engine is the one that searches
    let out = satdoku()
        .args([
            "check", "-q", "-f", "json", "--stats", "--engine", "varisat", &killer,
        ])
        .output()
        .unwrap();
    assert_eq!(json_lines(&out)[0]["stats"]["engine"], "varisat");
}
