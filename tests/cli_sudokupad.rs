//! SudokuPad links through the binary: every link shape, stored ids refused, SCL read and
//! written, drawings without a rule refused or mapped on request, and round trips
//! satdoku → SudokuPad link → satdoku over the shipped CC BY puzzles.

mod common;

use common::{satdoku, FOUR, FOUR_SOL};
use predicates::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;

/// The shipped CC BY puzzles in native JSON (`puzzles/variants/`).
fn variants() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("puzzles/variants")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    v.sort();
    v
}

fn stdout_of(args: &[&str]) -> String {
    let out = satdoku().args(args).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// `satdoku check -f line -q` of one input: the one line it prints.
fn verdict(arg: &str) -> String {
    stdout_of(&["check", "-f", "line", "-q", arg])
}

/// The 4x4 of `puzzles/classic/4x4.txt` as SCL JSON, with boxes as regions.
fn four_scl() -> Value {
    let mut cells = vec![vec![json!({}); 4]; 4];
    for (i, ch) in FOUR.chars().enumerate() {
        if let Some(d) = ch.to_digit(10) {
            cells[i / 4][i % 4] = json!({ "value": d });
        }
    }
    let regions: Vec<Value> = (0..4)
        .map(|b| {
            let (r, c) = (b / 2 * 2, b % 2 * 2);
            json!([[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]])
        })
        .collect();
    json!({ "cells": cells, "regions": regions })
}

fn scl_link(v: &Value) -> String {
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&v.to_string())
    )
}

#[test]
fn every_link_shape_gets_a_verdict() {
    let one = variants()[0].clone();
    let link = stdout_of(&["convert", "--to", "sudokupad", one.to_str().unwrap()]);
    let link = link.trim();
    assert!(link.starts_with("https://sudokupad.app/fpuzzles"), "{link}");
    let payload = link.trim_start_matches("https://sudokupad.app/fpuzzles");
    let want = verdict(one.to_str().unwrap());
    assert!(want.starts_with("unique "), "{want}");
    for shape in [
        link.to_string(),
        format!("https://beta.sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{payload}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{payload}"),
        format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuz{payload}"),
        format!("sudokupad://puzzle/fpuzzles{payload}"),
        format!("fpuzzles{payload}"),
        format!("https://www.f-puzzles.com/?load={payload}"),
    ] {
        assert_eq!(verdict(&shape), want, "{shape}");
    }
    // SCL: bare, compressed; plain JSON in a file; zipped on stdin.
    let scl = scl_link(&four_scl());
    assert_eq!(verdict(&scl), format!("unique {FOUR_SOL}\n"));
    let bare = scl.trim_start_matches("https://sudokupad.app/");
    assert_eq!(verdict(bare), format!("unique {FOUR_SOL}\n"));
    let dir = tempfile::tempdir().unwrap();
    let file = common::write_file(dir.path(), "four.json", four_scl().to_string());
    assert_eq!(
        verdict(file.to_str().unwrap()),
        format!("unique {FOUR_SOL}\n")
    );
    satdoku()
        .args(["check", "-f", "line", "-q"])
        .write_stdin("ctc{ce:[[,,,{v:4}],[,,{v:3},],[,,,],[{v:3},,{v:2},]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}\n")
        .assert()
        .success()
        .stdout(format!("unique {FOUR_SOL}\n"));
}

#[test]
fn stored_ids_are_refused_saying_why_and_what_to_do() {
    for id in [
        "https://sudokupad.app/wsj7iunsg6",
        "https://beta.sudokupad.app/?puzzleid=gdc/loop-pack/entropic",
        "https://sudokupad.app/fpuzzlesabc",
    ] {
        satdoku()
            .args(["check", "-f", "line", "-q", id])
            .assert()
            .code(1)
            .stdout(predicate::str::starts_with(
                "invalid <argument>:1: SudokuPad:",
            ))
            .stdout(predicate::str::contains("stored on SudokuPad's server"))
            .stdout(predicate::str::contains(
                "copy a link that carries the puzzle",
            ));
    }
}

#[test]
fn long_bad_payloads_are_not_echoed() {
    let junk = format!("scl{}", "A".repeat(5000));
    let out = satdoku()
        .args(["check", "-f", "line", &junk])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(all.contains("<argument>:1: SudokuPad:"), "{all}");
    assert!(all.len() < 2000, "{all}");
}

/// A 4x4 SCL with one green line whose meaning is only in the rules text.
fn green_line() -> String {
    let mut v = four_scl();
    v["lines"] =
        json!([{"wayPoints": [[2.5, 0.5], [2.5, 1.5]], "color": "#6ED078", "thickness": 8}]);
    v["metadata"] = json!({"rules": "Green lines are renban lines."});
    scl_link(&v)
}

#[test]
fn unmapped_drawings_refuse_until_said_what_they_mean() {
    let link = green_line();
    satdoku()
        .args(["check", "-f", "line", "-q", &link])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "lines[0] (line #6ED078 from r3c1 to r3c2)",
        ))
        .stdout(predicate::str::contains("--ignore-unmapped"));
    // r3c1, r3c2 hold 1 and 2 in the solution: consecutive, so a renban keeps it unique.
    for opt in ["--line-rule=#6ED078=renban", "--element=lines[0]=renban"] {
        satdoku()
            .args(["check", "-f", "line", "-q", opt, &link])
            .assert()
            .success()
            .stdout(format!("unique {FOUR_SOL}\n"));
    }
    satdoku()
        .args(["solve", "-f", "line", "-q", "--ignore-unmapped", &link])
        .assert()
        .success()
        .stdout(format!("{FOUR_SOL}\n"))
        .stderr(predicate::str::contains(
            "1 element(s) not mapped, ignored (the verdict is about the puzzle without them): lines[0]",
        ));
    // JSON records name what was left out beside the verdict, in every command that solves.
    for cmd in ["check", "solve", "count", "candidates"] {
        let out = stdout_of(&[cmd, "-f", "json", "-q", "--ignore-unmapped", &link]);
        let rec: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(
            rec["ignored"],
            json!(["lines[0] (line #6ED078 from r3c1 to r3c2)"]),
            "{cmd}"
        );
        assert_ne!(rec["status"], "invalid", "{cmd}");
    }
    satdoku()
        .args(["check", "--line-rule", "#6ED078=sideways", &link])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown rule"));
}

#[test]
fn the_stated_solution_is_compared() {
    let mut v = four_scl();
    let mut wrong = FOUR_SOL.to_string();
    wrong.replace_range(0..2, "32");
    v["metadata"] = json!({ "solution": wrong });
    satdoku()
        .args(["check", "-f", "line", "-q", &scl_link(&v)])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the solution differs from the one stated beside the puzzle",
        ));
}

#[test]
fn round_trips_keep_every_rule() {
    // satdoku → SudokuPad link (f-puzzles inside) → satdoku, for every shipped CC BY puzzle;
    // and → SCL link → satdoku for those SCL can carry whole (convert says what it cannot).
    let mut scl_whole = 0;
    for p in variants() {
        let path = p.to_str().unwrap();
        let want = verdict(path);
        let link = stdout_of(&["convert", "--to", "sudokupad", path]);
        assert_eq!(verdict(link.trim()), want, "{path} via sudokupad");
        let out = satdoku()
            .args(["convert", "--to", "scl", "--strict", path])
            .output()
            .unwrap();
        if out.status.success() {
            scl_whole += 1;
            let link = String::from_utf8(out.stdout).unwrap();
            assert!(link.starts_with("https://sudokupad.app/scl"));
            assert_eq!(verdict(link.trim()), want, "{path} via scl");
        } else {
            let e = String::from_utf8_lossy(&out.stderr);
            assert!(e.contains("cannot carry this puzzle whole"), "{path}: {e}");
        }
    }
    assert!(
        scl_whole >= 7,
        "only {scl_whole} puzzles written whole as SCL"
    );
}

#[test]
fn render_candidates_dimacs_and_convert_read_links() {
    let link = scl_link(&four_scl());
    satdoku()
        .args(["render", &link])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("<svg"));
    satdoku()
        .args(["candidates", "-f", "line", "-q", &link])
        .assert()
        .success();
    satdoku()
        .args(["dimacs", &link])
        .assert()
        .success()
        .stdout(predicate::str::contains("p cnf"));
    satdoku()
        .args(["convert", "--to", "text", &link])
        .assert()
        .success()
        .stdout(format!("{FOUR}\n"));
}

#[test]
fn help_names_the_links() {
    for cmd in [
        "check",
        "solve",
        "count",
        "candidates",
        "render",
        "convert",
        "dimacs",
        "generate",
    ] {
        satdoku()
            .args([cmd, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("sudokupad.app"))
            .stdout(predicate::str::contains("scl…"));
    }
}
