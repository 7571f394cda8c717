//! Grid shapes end to end (issue 23, items 1-2): a rectangular 6×8 grid, a 9×8 grid holding
//! 0-8 without boxes and a 6×6 holding 1-9 in boxes of 9 cells, through `check`, `solve`,
//! `count`, `candidates`, `generate`, `dimacs` + `decode`, `render` and `convert`; clues
//! outside and lines on a 6×8 grid (each enforced); the refusals of what needs a square
//! grid; a raw grid (ISS "250!") end to end.

mod common;

use common::*;
use predicates::prelude::*;

/// ISS's "6x8: Plain" (puzzles/shapes/rect-6x8.json): 6 rows of 8 cells, 2×4 boxes.
const RECT: &str = "puzzles/shapes/rect-6x8.json";
const RECT_SOL: &str = "178654322345867135241786816723454278615356137824";
/// ISS's "0-indexed: 9x8 Plain boxless": values 0-8, no boxes.
const TALL: &str = "puzzles/shapes/rect-9x8-values-0-8.json";
const TALL_SOL: &str = "027345168435670227185463102473856851327076821034430628513567014851408627";
/// ISS's "6x6: 9-value disjoint sets": 1-9 in four 3×3 boxes.
const NINE: &str = "puzzles/shapes/regions-9-on-6x6.json";

#[test]
fn check_solve_and_count_rectangles() {
    for engine in ["varisat", "cadical"] {
        satdoku()
            .args(["check", "-f", "line", "--engine", engine, RECT])
            .assert()
            .code(0)
            .stdout(format!("unique {RECT_SOL}\n"));
    }
    satdoku()
        .args(["check", "-f", "line", TALL])
        .assert()
        .code(0)
        .stdout(format!("unique {TALL_SOL}\n"));
    satdoku()
        .args(["check", "-f", "line", NINE])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("unique 1735645289"));
    // pretty: 6 rows of 8, boxes of 2×4
    satdoku()
        .args(["solve", "-f", "pretty", RECT])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "+---------+---------+\n| 1 7 8 6 | 5 4 3 2 |\n| 2 3 4 5 | 8 6 7 1 |\n+",
        ));
    satdoku()
        .args(["count", TALL])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("1"));
    // the empty 6×8 has many solutions
    let dir = tempfile::tempdir().unwrap();
    let empty = write_file(
        dir.path(),
        "empty.json",
        r#"{"satdoku": 1, "rows": 6, "cols": 8}"#,
    );
    satdoku()
        .args(["count", "--limit", "50"])
        .arg(&empty)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("50"));
}

#[test]
fn candidates_and_generate_on_a_rectangle() {
    let out = satdoku()
        .args(["candidates", "-f", "json", RECT])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let rec = &json_lines(&out)[0];
    let cands = rec["candidates"].as_array().unwrap();
    assert_eq!(cands.len(), 6, "6 rows");
    assert!(
        cands.iter().all(|r| r.as_array().unwrap().len() == 8),
        "8 columns"
    );
    assert_eq!(rec["status"], "unique");
    assert_eq!(rec["dims"], serde_json::json!([6, 8]));
    // a layout file of a 4×6 grid: generated puzzles are unique on it
    let dir = tempfile::tempdir().unwrap();
    let layout = write_file(
        dir.path(),
        "layout.json",
        r#"{"satdoku": 1, "rows": 4, "cols": 6, "constraints": [{"type": "anti-king"}]}"#,
    );
    let out = satdoku()
        .args(["generate", "--seed", "3", "-f", "json"])
        .arg(&layout)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    // a 90° turn does not map a 4×6 grid onto itself
    satdoku()
        .args(["generate", "--seed", "3", "--symmetry", "rot90"])
        .arg(&layout)
        .assert()
        .failure()
        .stderr(predicate::str::contains("square"));
}

/// The DIMACS export of a rectangle states its variable map; a model made from the solution
/// by that map decodes to it, and a wrong model is refused by the checker.
#[test]
fn dimacs_and_decode_on_a_rectangle() {
    let dir = tempfile::tempdir().unwrap();
    let cnf_path = dir.path().join("rect.cnf");
    satdoku()
        .args(["dimacs", "--simplify", "none", "-o"])
        .arg(&cnf_path)
        .arg(RECT)
        .assert()
        .code(0);
    let cnf = std::fs::read_to_string(&cnf_path).unwrap();
    assert!(
        cnf.contains("c var x(r,c,i) = (r-1)*64 + (c-1)*8 + i for r in 1..6, c in 1..8"),
        "{}",
        &cnf[..cnf.find("\np ").unwrap()]
    );
    let vars = dimacs_vars(&cnf);
    let model = |sol: &str| {
        cell_model(
            sol.chars().map(|ch| ch.to_digit(10).unwrap() as usize),
            8,
            vars,
        )
    };
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(model(RECT_SOL))
        .assert()
        .code(0)
        .stdout(format!("{RECT_SOL}\n"));
    // two cells of row 1 swapped: the givens break
    let swapped = format!("71{}", &RECT_SOL[2..]);
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(model(&swapped))
        .assert()
        .code(1);
}

#[test]
fn render_draws_a_rectangle() {
    let out = satdoku()
        .args(["render", "--solution", RECT])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let svg = stdout_of(&out);
    // the grid is 8 cells wide and 6 high (40 units a cell), with 2x4 box borders
    assert!(svg.contains("width=\"320\" height=\"240\""), "{svg}");
    // one vertical box border 240 high (between columns 4 and 5), two horizontal ones 320 wide
    let d = svg
        .split("<g class=\"regions\"")
        .nth(1)
        .and_then(|g| g.split("d=\"").nth(1))
        .and_then(|d| d.split('"').next())
        .unwrap();
    assert_eq!(d.matches('M').count(), 3, "{d}");
    assert!(d.starts_with("M182 ") && d.contains("L182 "), "{d}");
    assert!(svg.contains(">7</text>"), "solved digits drawn");
}

#[test]
fn what_needs_a_square_grid_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let diag = write_file(
        dir.path(),
        "diag.json",
        r#"{"satdoku": 1, "rows": 6, "cols": 8, "constraints": [{"type": "diagonal", "positive": true}]}"#,
    );
    satdoku()
        .arg("check")
        .arg(&diag)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
        "constraints[0] (diagonal): the rule diagonal is not supported on a rectangular grid (6x8",
    ));
    for to in ["fpuzzles", "sudokupad", "scl", "text"] {
        satdoku()
            .args(["convert", "--to", to, RECT])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("rectangular grid (6x8"));
    }
    // native JSON keeps the rectangle and reads back the same
    let out = satdoku()
        .args(["convert", "--to", "native", TALL])
        .output()
        .unwrap();
    let native = stdout_of(&out);
    assert!(
        native.contains("\"rows\": 9") && native.contains("\"cols\": 8"),
        "{native}"
    );
    satdoku()
        .args(["check", "-f", "line"])
        .arg(&native)
        .assert()
        .code(0)
        .stdout(format!("unique {TALL_SOL}\n"));
    // ISS: rectangles and RegionSize read; a chaos construction on a rectangle is read
    // (cli_chaos.rs), with more values than the longer side refused
    satdoku()
        .args(["check", ".Shape~6x6~9.ChaosConstruction"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "as many values as the longer side (6)",
        ));
}

/// The digits of row `r` (1-based) of a solution written as one line of `cols` digits.
fn row_of(sol: &str, cols: usize, r: usize) -> Vec<usize> {
    sol.bytes()
        .skip((r - 1) * cols)
        .take(cols)
        .map(|b| (b - b'0') as usize)
        .collect()
}

/// Clues outside a 6×8 grid and lines on it, worked out from its solution: each holds on
/// the solution (the puzzle stays unique), and each clue off by one leaves no solution (the
/// rule is enforced there, from the reader to the clauses and the checker).
#[test]
fn clues_and_lines_on_a_rectangle() {
    let (rows, cols) = (6, 8);
    let row = |r| row_of(RECT_SOL, cols, r);
    let col = |c: usize| -> Vec<usize> { (1..=rows).map(|r| row(r)[c - 1]).collect() };
    // a sandwich beside row 2 (8 cells: it holds the crusts 1 and 8)
    let r2 = row(2);
    let (a, b) = (
        r2.iter().position(|&v| v == 1).unwrap(),
        r2.iter().position(|&v| v == 8).unwrap(),
    );
    let sandwich: usize = r2[a.min(b) + 1..a.max(b)].iter().sum();
    // an X-sum from the right of row 5
    let r5: Vec<usize> = row(5).into_iter().rev().collect();
    let x_sum: usize = r5[..r5[0]].iter().sum();
    // the first hidden skyscraper from above column 1 (6 cells)
    let c1 = col(1);
    let hidden = (1..c1.len())
        .find(|&i| c1[..i].iter().any(|&v| v > c1[i]))
        .map(|i| c1[i])
        .unwrap();
    // a little killer from r1c3 down to r6c8, stopped by the last row
    let diagonal: Vec<String> = (0..6).map(|k| format!("r{}c{}", 1 + k, 3 + k)).collect();
    let killer: usize = (0..6).map(|k| row(1 + k)[2 + k]).sum();
    // a lunchbox over row 1
    let r1 = row(1);
    let (lo, hi) = (
        r1.iter().position(|&v| v == 1).unwrap(),
        r1.iter().position(|&v| v == 8).unwrap(),
    );
    let lunch: usize = r1[lo.min(hi) + 1..lo.max(hi)].iter().sum();
    let row1: Vec<String> = (1..=cols).map(|c| format!("r1c{c}")).collect();
    let rules = |off: [usize; 5]| {
        serde_json::json!([
            {"type": "sandwich", "clue": "r2c0", "sum": sandwich + off[0]},
            {"type": "x-sum", "clue": "r5c9", "sum": x_sum + off[1]},
            {"type": "hidden-skyscraper", "clue": "r0c1", "value": hidden - off[2]},
            {"type": "little-killer", "cells": diagonal, "sum": killer + off[3]},
            {"type": "lunchbox", "cells": row1, "sum": lunch + off[4]},
        ])
    };
    let dir = tempfile::tempdir().unwrap();
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(RECT).unwrap()).unwrap();
    doc["constraints"] = rules([0; 5]);
    let right = write_file(dir.path(), "right.json", doc.to_string());
    satdoku()
        .args(["check", "-f", "line"])
        .arg(&right)
        .assert()
        .code(0)
        .stdout(format!("unique {RECT_SOL}\n"));
    for i in 0..5 {
        let mut off = [0; 5];
        off[i] = 1;
        doc["constraints"] = rules(off);
        // no stated solution: the verdict is the solver's alone
        doc.as_object_mut().unwrap().remove("solution");
        let wrong = write_file(dir.path(), &format!("wrong{i}.json"), doc.to_string());
        satdoku()
            .args(["check", "-f", "line"])
            .arg(&wrong)
            .assert()
            .code(3)
            .stdout("none\n");
    }
    // a sandwich above a column of 6 cells (of the values 1-8) need not have both crusts:
    // ISS's reading, a lunchbox of the column — 1 2 3 8 4 5 holds 2 + 3 between its
    // smallest and largest values
    for (sum, code, out) in [
        (5, 0, format!("unique {RECT_SOL}\n")),
        (6, 3, "none\n".into()),
    ] {
        doc["constraints"] = serde_json::json!([{"type": "sandwich", "clue": "r0c1", "sum": sum}]);
        let column = write_file(dir.path(), "column.json", doc.to_string());
        satdoku()
            .args(["check", "-f", "line"])
            .arg(&column)
            .assert()
            .code(code)
            .stdout(out);
    }
}

/// The 6×8 as text: a block of 6 rows of 8 cells and a line of 48, read with `--grid 6x8`.
const RECT_TEXT: &str = "puzzles/shapes/rect-6x8-block.txt";

#[test]
fn text_says_a_rectangle_with_grid() {
    for engine in ["varisat", "cadical"] {
        satdoku()
            .args([
                "check", "-f", "line", "--engine", engine, "--grid", "6x8", RECT_TEXT,
            ])
            .assert()
            .code(0)
            .stdout(format!("unique {RECT_SOL}\nunique {RECT_SOL}\n"));
    }
    // the printed solution reads back as the same rectangle
    satdoku()
        .args(["check", "-f", "line", "--grid", "6x8", RECT_SOL])
        .assert()
        .code(0)
        .stdout(format!("unique {RECT_SOL}\n"));
    // decode reads the puzzle file the same way
    let out = satdoku()
        .args([
            "dimacs",
            "--simplify",
            "none",
            "--grid",
            "6x8",
            "--nth",
            "2",
            RECT_TEXT,
        ])
        .output()
        .unwrap();
    let vars = dimacs_vars(&stdout_of(&out));
    let model = cell_model(
        RECT_SOL.chars().map(|ch| ch.to_digit(10).unwrap() as usize),
        8,
        vars,
    );
    satdoku()
        .args([
            "decode",
            "-f",
            "line",
            "--simplify",
            "none",
            "--grid",
            "6x8",
        ])
        .args(["--nth", "2", "-p", RECT_TEXT])
        .write_stdin(model)
        .assert()
        .code(0)
        .stdout(format!("{RECT_SOL}\n"));
    // without --grid: the block says how to read it, the line is no square
    satdoku()
        .args(["check", "-f", "line", RECT_TEXT])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "rect-6x8-block.txt:7: block grid of 8-cell rows ends after 6 rows at line 12",
        ))
        .stdout(predicate::str::contains("read with --grid 6x8"))
        .stdout(predicate::str::contains("rect-6x8-block.txt:17:"));
    // a shape that is no grid is refused before anything is read
    satdoku()
        .args(["check", "--grid", "3x2", RECT_TEXT])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the longer side must be at least 4",
        ));
    satdoku()
        .args(["check", "--grid", "6by8", RECT_TEXT])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected ROWSxCOLS"));
}

/// ISS's "250!" (puzzles/shapes/raw-250.json): a raw 9×9 holding 0-8, rows repeating.
const RAW: &str = "puzzles/shapes/raw-250.json";
const RAW_SOL: &str =
    "552220050050525220022005552022502505520550202505202250205252005255050022200025525";

/// A raw grid: solved with repeats in its rows; native JSON keeps `"raw": true` and the
/// DIMACS header carries it back to `decode`; every other output format refuses it; a rule
/// not read on raw grids is refused by name.
#[test]
fn raw_grids_end_to_end() {
    satdoku()
        .args(["check", "-f", "line", RAW])
        .assert()
        .code(0)
        .stdout(format!("unique {RAW_SOL}\n"));
    let out = satdoku()
        .args(["convert", "--to", "native", RAW])
        .output()
        .unwrap();
    let native = stdout_of(&out);
    assert!(native.contains("\"raw\": true"), "{native}");
    for to in ["fpuzzles", "sudokupad", "scl", "text"] {
        satdoku()
            .args(["convert", "--to", to, RAW])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("is a raw grid"));
    }
    let dir = tempfile::tempdir().unwrap();
    let cnf_path = dir.path().join("raw.cnf");
    satdoku()
        .args(["dimacs", "--simplify", "none", "-o"])
        .arg(&cnf_path)
        .arg(RAW)
        .assert()
        .code(0);
    let cnf = std::fs::read_to_string(&cnf_path).unwrap();
    let model = |sol: &str| {
        // values 0-8 are digit indices 1-9
        cell_model(
            sol.chars().map(|ch| ch.to_digit(10).unwrap() as usize + 1),
            9,
            dimacs_vars(&cnf),
        )
    };
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(model(RAW_SOL))
        .assert()
        .code(0)
        .stdout(format!("{RAW_SOL}\n"));
    // row 5 (no givens) all 5s breaks the look-and-say counts (not a repeat: repeats are
    // allowed)
    let fives = format!("{}555555555{}", &RAW_SOL[..36], &RAW_SOL[45..]);
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(model(&fives))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("look-and-say"));
    let sandwich = write_file(
        dir.path(),
        "raw-sandwich.json",
        r#"{"satdoku": 1, "size": 4, "raw": true, "constraints": [{"type": "sandwich", "clue": "r1c0", "sum": 0}]}"#,
    );
    satdoku()
        .arg("check")
        .arg(&sandwich)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the rule sandwich is not read on a raw grid",
        ));
    let boxed = write_file(
        dir.path(),
        "raw-box.json",
        r#"{"satdoku": 1, "size": 4, "raw": true, "box": "2x2"}"#,
    );
    satdoku()
        .arg("check")
        .arg(&boxed)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "raw: bad grid shape: a raw grid has no boxes",
        ));
}
