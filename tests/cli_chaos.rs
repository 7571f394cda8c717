//! Chaos construction end to end (issue 23, item 3): a 4×4 whose regions are found with its
//! digits, through `check`, `solve`, `count`, `candidates`, `dimacs` + `decode`, `render`,
//! `convert` and `generate`; text read with `--chaos`; an ISS string with `ChaosConstruction`.

mod common;

use common::*;
use predicates::prelude::*;

/// A 4×4 chaos construction, unique with its regions (found by search with satdoku and
/// checked below): the regions AAAB / ACCB / DCCB / DDDB.
const PUZZLE: &str = r#"{"satdoku": 1, "size": 4, "chaos": true, "givens": "..42....3.24....", "constraints": [{"type": "same-region", "cells": ["r3c1", "r4c1"]}, {"type": "same-region", "cells": ["r4c1", "r4c2"]}, {"type": "same-region", "cells": ["r2c2", "r3c2"]}, {"type": "same-region", "cells": ["r1c4", "r2c4"]}]}"#;
const SOL: &str = "1342243131244213";
const REGIONS: &str = "AAABACCBDCCBDDDB";

#[test]
fn check_solve_and_count_print_the_regions() {
    for engine in ["varisat", "cadical"] {
        satdoku()
            .args(["check", "--engine", engine, "-f", "line", PUZZLE])
            .assert()
            .code(0)
            .stdout(format!("unique {SOL}/{REGIONS}\n"));
    }
    let out = satdoku()
        .args(["solve", "-f", "json", PUZZLE])
        .output()
        .unwrap();
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["solution"], SOL);
    assert_eq!(rec["regions"], REGIONS);
    satdoku()
        .args(["solve", "-f", "pretty", PUZZLE])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("regions:\n  A A A B\n  A C C B\n"));
    satdoku()
        .args(["count", "-f", "line", PUZZLE])
        .assert()
        .stdout("1\n");
}

#[test]
fn uniqueness_is_of_digits_and_regions() {
    // Every digit given, no rule: 30 partitions fit these digits, so it is not unique, and
    // the two solutions shown differ only in their regions.
    let full = format!(r#"{{"satdoku": 1, "size": 4, "chaos": true, "givens": "{SOL}"}}"#);
    let out = satdoku()
        .args(["check", "-f", "json", &full])
        .output()
        .unwrap();
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["status"], "multiple");
    assert_eq!(rec["solutions"][0], rec["solutions"][1]);
    assert_ne!(rec["solutions_regions"][0], rec["solutions_regions"][1]);
    assert!(!rec["differ"].as_array().unwrap().is_empty());
    satdoku()
        .args(["count", "-f", "line", &full])
        .assert()
        .stdout("30\n");
    // candidates: every digit forced, yet not unique
    satdoku()
        .args(["candidates", "-f", "json", &full])
        .assert()
        .stdout(predicate::str::contains("\"solution\"").not());
}

#[test]
fn text_input_takes_chaos() {
    // A full grid read as a chaos construction with --chaos: 30 region partitions; without
    // it, a sudoku with 2×2 boxes that this grid solves: 1
    satdoku()
        .args(["count", "--chaos", "-f", "line", SOL])
        .assert()
        .stdout("30\n");
    satdoku()
        .args(["count", "-f", "line", SOL])
        .assert()
        .stdout("1\n");
}

#[test]
fn dimacs_names_the_region_variables_and_decode_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("p.cnf");
    satdoku()
        .args([
            "dimacs",
            "--uniqueness",
            "-o",
            cnf.to_str().unwrap(),
            PUZZLE,
        ])
        .assert()
        .success();
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(
        text.contains("c var g(r,c,k) = 64 + (r-1)*16 + (c-1)*4 + k"),
        "{text}"
    );
    assert!(text.contains(&format!("the solution {SOL}/{REGIONS}")));
    // an answer that is UNSAT: unique, the header's solution (with its regions) re-checked
    unsat_decodes_to(dir.path(), &cnf, &format!("{SOL}/{REGIONS}"));
    // --exclude reads a solution with its regions, and refuses regions that are no solution
    satdoku()
        .args(["dimacs", "--exclude", &format!("{SOL}/{REGIONS}"), PUZZLE])
        .assert()
        .success();
    satdoku()
        .args([
            "dimacs",
            "--exclude",
            &format!("{SOL}/AAAABBBBCCCCDDDD"),
            PUZZLE,
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a solution"));
}

#[test]
fn render_draws_the_found_regions() {
    satdoku()
        .args(["render", "--solution", PUZZLE])
        .assert()
        .success()
        .stdout(predicate::str::contains("class=\"found-regions\""));
}

#[test]
fn formats_that_cannot_say_it_refuse() {
    for to in ["fpuzzles", "sudokupad", "text"] {
        satdoku()
            .args(["convert", "--to", to, PUZZLE])
            .assert()
            .failure()
            .stderr(predicate::str::contains("chaos construction"));
    }
    // native JSON round-trips it
    let out = satdoku()
        .args(["convert", "--to", "native", PUZZLE])
        .output()
        .unwrap();
    let back = stdout_of(&out);
    assert!(back.contains("\"chaos\": true"), "{back}");
    satdoku()
        .args(["check", "-f", "line", &back])
        .assert()
        .stdout(format!("unique {SOL}/{REGIONS}\n"));
    satdoku()
        .args(["generate", PUZZLE])
        .assert()
        .failure()
        .stderr(predicate::str::contains("chaos"));
}

#[test]
fn iss_chaos_construction_is_read() {
    // ISS: no boxes, chaos regions, the digits of SOL given: 30 (digits, regions) pairs
    let givens: String = SOL
        .chars()
        .enumerate()
        .map(|(i, d)| format!("~R{}C{}_{d}", i / 4 + 1, i % 4 + 1))
        .collect();
    let iss = format!(".Shape~4x4.ChaosConstruction.NoBoxes.{givens}");
    satdoku()
        .args(["count", "-f", "line", &iss])
        .assert()
        .stdout("30\n");
    // region clues ISS would not read either are refused, with their item
    satdoku()
        .args([
            "check",
            "-f",
            "line",
            ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosCount~R1C1~2",
        ])
        .assert()
        .stdout(predicate::str::contains("ChaosCount"));
    satdoku()
        .args([
            "check",
            "-f",
            "line",
            ".Shape~4x4.ChaosConstruction.NoBoxes.SameValues~1~CC1~CC2",
        ])
        .assert()
        .stdout(predicate::str::contains("same-region"));
}

/// A 6×8 chaos construction: six regions of eight cells (puzzles/shapes).
const RECT: &str = "puzzles/shapes/chaos-6x8-killer.json";
const RECT_SOL: &str = "827345613145678258617234765481231326584724371658";
const RECT_REGIONS: &str = "AAABBCCCAAABBBDCAEAFFBDCEEEEFBDCEEFFFBDCEFFDDDDC";

#[test]
fn a_rectangle_splits_into_as_many_regions_as_its_shorter_side() {
    satdoku()
        .args(["check", "--engine", "cadical", "-f", "line", RECT])
        .assert()
        .code(0)
        .stdout(format!("unique {RECT_SOL}/{RECT_REGIONS}\n"));
    // 2×4 holding 1..4 without boxes: two connected regions of four, 456 (digits, regions)
    // pairs — 216 with a region per row, 96 with two 2×2 squares, 72 for each pair of L
    // shapes (counted apart, by enumerating the four partitions and their fillings)
    satdoku()
        .args([
            "count",
            "-f",
            "line",
            ".Shape~2x4.NoBoxes.ChaosConstruction.",
        ])
        .assert()
        .code(0)
        .stdout("456\n");
    // text input reads the rectangle with --grid; more values than the longer side refused
    satdoku()
        .args(["count", "-f", "line", "--grid", "2x4", "--chaos", "-"])
        .write_stdin("........\n")
        .assert()
        .stdout("456\n");
    satdoku()
        .args([
            "check", "-f", "line", "--grid", "2x4", "--values", "1-8", "--chaos", "-",
        ])
        .write_stdin("........\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "as many values as the longer side (4)",
        ));
}

#[test]
fn a_rectangle_s_region_variables_follow_its_columns_and_regions() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("r.cnf");
    satdoku()
        .args(["dimacs", "--uniqueness", "-o", cnf.to_str().unwrap(), RECT])
        .assert()
        .success();
    let text = std::fs::read_to_string(&cnf).unwrap();
    // 48 cells × 8 values before them; a row of 8 cells × 6 regions per row
    assert!(
        text.contains(
            "c var g(r,c,k) = 384 + (r-1)*48 + (c-1)*6 + k for r in 1..6, c in 1..8, k in 1..6"
        ),
        "{text}"
    );
    unsat_decodes_to(dir.path(), &cnf, &format!("{RECT_SOL}/{RECT_REGIONS}"));
    // --exclude reads the rectangle's solution with its regions; a letter past its six
    // regions is refused
    satdoku()
        .args([
            "dimacs",
            "--exclude",
            &format!("{RECT_SOL}/{RECT_REGIONS}"),
            RECT,
        ])
        .assert()
        .success();
    let seventh = RECT_REGIONS.replacen('F', "G", 1);
    satdoku()
        .args([
            "dimacs",
            "--exclude",
            &format!("{RECT_SOL}/{seventh}"),
            RECT,
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("names no region of a 6x8 grid"));
}

/// `decode` of the query `cnf` with an UNSAT answer: unique, the header's `solution` (with
/// its regions) re-checked and printed.
fn unsat_decodes_to(dir: &std::path::Path, cnf: &std::path::Path, solution: &str) {
    let answer = write_file(dir, "a.out", "s UNSATISFIABLE\n");
    satdoku()
        .args(["decode", "-f", "line", "--puzzle", cnf.to_str().unwrap()])
        .arg(&answer)
        .assert()
        .code(0)
        .stdout(format!("unique\n{solution}\n"));
}
