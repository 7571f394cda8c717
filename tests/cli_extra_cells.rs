//! Extra cells (ISS `Var`, native `"extra"`) through the binary: read from an ISS string,
//! solved with their values after the grid's, part of uniqueness, written to native JSON and
//! read back, shown in the DIMACS header, drawn in pictures, and refused where a format
//! cannot hold them.

mod common;

use common::satdoku;
use predicates::prelude::*;

/// ISS's "Anti-knights move" example (data/collections.js, MIT; source
/// https://www.youtube.com/watch?v=mTdhTfAhOI8) and the solution ISS states.
const ANTI_KNIGHT: &str = ".AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3";
const ANTI_KNIGHT_SOL: &str =
    "536241897978536241421879635613485972789623514245917368357198426892764153164352789";

/// The anti-knight puzzle with one extra cell VA = r1c2 + r1c5 (3 + 4).
fn with_sum() -> String {
    format!("{ANTI_KNIGHT}.Var~A~~1.Sum~0_=_1_1_-1~R1C2~R1C5~VA")
}

#[test]
fn an_extra_cell_is_solved_after_the_grid() {
    satdoku()
        .args(["check", "-f", "line", &with_sum()])
        .assert()
        .success()
        .stdout(predicate::str::diff(format!(
            "unique {ANTI_KNIGHT_SOL}+7\n"
        )));
    satdoku()
        .args(["solve", "-f", "pretty", &with_sum()])
        .assert()
        .success()
        .stdout(predicate::str::contains("extra cells: r10c1=7"));
}

#[test]
fn an_extra_cell_no_rule_pins_makes_the_puzzle_multiple() {
    // the grid is unique, the extra cell VB free: ISS counts (grid, extra cells) pairs too
    satdoku()
        .args(["check", "-f", "line", &format!("{}.Var~B~~1", with_sum())])
        .assert()
        .code(4)
        .stdout(predicate::str::starts_with(format!(
            "multiple {ANTI_KNIGHT_SOL}+71 {ANTI_KNIGHT_SOL}+72 r10c2"
        )));
    satdoku()
        .args(["count", &format!("{}.Var~B~~1", with_sum())])
        .assert()
        .success()
        .stdout("9\n");
}

#[test]
fn native_json_carries_the_extra_cells() {
    let out = satdoku()
        .args(["convert", "--to", "native", &with_sum()])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json = String::from_utf8(out).unwrap();
    assert!(json.contains("\"extra\": 1"), "{json}");
    assert!(json.contains("\"r10c1\""), "{json}");
    satdoku()
        .args(["check", "-f", "line", "-"])
        .write_stdin(json)
        .assert()
        .success()
        .stdout(predicate::str::diff(format!(
            "unique {ANTI_KNIGHT_SOL}+7\n"
        )));
    // a given of the extra cell, in the row below the grid
    let given = r#"{"satdoku": 1, "size": 4, "extra": 2, "givens": ["1234", "3412", "2143", "4321", "3."],
        "constraints": [{"type": "weighted-sum", "cells": ["r5c1", "r5c2"], "sum": 5}]}"#;
    satdoku()
        .args(["check", "-f", "line", "-"])
        .write_stdin(given)
        .assert()
        .success()
        .stdout("unique 1234341221434321+32\n");
}

#[test]
fn the_dimacs_header_names_the_extra_cells_variables() {
    satdoku()
        .args(["dimacs", &with_sum()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "c extra cells: 1, r10c1 to r10c1, outside the grid (rows below it in the formula \
             above); vars 730..738",
        ));
}

#[test]
fn pictures_draw_the_extra_cells_in_rows_under_the_grid() {
    // the solution's extra cell holds 7, drawn in its own row named r10c1; the sum that names
    // it has no mark in the grid, so it is named under the grid with its cells
    for mode in ["--solution", "--candidates"] {
        let svg = common::stdout_of(
            satdoku()
                .args(["render", mode, &with_sum()])
                .assert()
                .success()
                .get_output(),
        );
        let strip = svg
            .split("<g class=\"extra-cells\">")
            .nth(1)
            .unwrap_or_else(|| panic!("{mode}: no extra cells drawn"));
        assert!(strip.contains(">extra cells</text>") && strip.contains(">r10c1</text>"));
        let solved = svg
            .split("<g class=\"solved\"")
            .nth(1)
            .expect("solved digits");
        // a 9x9 of 40-unit cells from y=12: the extra row lies below y = 12 + 360
        let sevens: Vec<f64> = solved
            .split("<text ")
            .filter(|t| t.contains(">7</text>"))
            .map(|t| {
                let y = t.split("y=\"").nth(1).unwrap().split('"').next().unwrap();
                y.parse().unwrap()
            })
            .collect();
        assert!(sevens.iter().any(|&y| y > 400.0), "{mode}: {sevens:?}");
        assert!(
            svg.contains("weighted-sum r1c2 r1c5 r10c1"),
            "{mode}: the sum's label"
        );
    }
}

#[test]
fn formats_that_cannot_hold_extra_cells_say_so() {
    satdoku()
        .args(["convert", "--to", "fpuzzles", &with_sum()])
        .assert()
        .stderr(predicate::str::contains(
            "its 1 extra cells (outside the grid) have no f-puzzles form",
        ));
    satdoku()
        .args(["convert", "--to", "text", &with_sum()])
        .assert()
        .stderr(predicate::str::contains(
            "has 1 extra cells (outside the grid); a text line cannot hold them",
        ));
    satdoku()
        .args(["generate", &with_sum()])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "generating puzzles with extra cells is not supported",
        ));
}

#[test]
fn rules_that_need_the_grid_refuse_extra_cells_by_name() {
    satdoku()
        .args(["check", &format!("{ANTI_KNIGHT}.Var~A~~2.Thermo~VA1~R1C1")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS item 4 (Thermo): thermometer: r10c1 is an extra cell",
        ));
    satdoku()
        .args(["check", &format!("{ANTI_KNIGHT}.Or.Var~A~~2.End")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("inside Or"));
}

#[test]
fn candidates_show_the_extra_cells_after_the_grid() {
    satdoku()
        .args(["candidates", "-f", "line", &with_sum()])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(" + 7\n"));
}
