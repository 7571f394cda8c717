//! ISS's other text formats through the binary: a short killer string, a `3x3:…:k:…`
//! killer, a 16×16 jigsaw (givens then layout) and a pencil-mark grid as arguments (ISS's
//! own examples, with the solutions ISS finds, from tests/iss/examples.jsonl); a jigsaw
//! layout, a plain grid after `=`, a grid of numbers and a text of two parts; and a bad
//! killer string refused with its place.

mod common;

use common::satdoku;
use predicates::prelude::*;
use serde_json::Value;

/// The `iss` text and the record of ISS's example `title` (data/example_puzzles.js and
/// data/collections.js, MIT; see tests/iss/README.md).
fn example(title: &str) -> Value {
    std::fs::read_to_string("tests/iss/examples.jsonl")
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["title"] == title)
        .unwrap_or_else(|| panic!("no example {title}"))
}

/// `satdoku check -f line TEXT` prints `unique` and the solution ISS found.
fn solves_like_iss(title: &str) {
    let r = example(title);
    let text = r["iss"].as_str().unwrap();
    let solution = r["solution"].as_str().unwrap();
    assert_eq!(r["iss_status"], "unique");
    let out = satdoku()
        .args(["check", "-f", "line", text])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("unique "), "{title}: {out}");
    if !solution.contains(' ') {
        assert_eq!(out.trim(), format!("unique {solution}"), "{title}");
    }
}

#[test]
fn iss_killer_strings_are_checked_from_an_argument() {
    // 81 characters of sums and arrows
    solves_like_iss("Killing with flowers");
    assert!(example("Killing with flowers")["iss"]
        .as_str()
        .unwrap()
        .contains('<'));
    // 3x3::k: then 256·sum + cage for each cell
    solves_like_iss("Wecoc #2");
}

#[test]
fn an_iss_jigsaw_and_pencil_marks_are_checked_from_an_argument() {
    // 512 characters: 256 givens (A-P), then the layout
    solves_like_iss("16x16: Jigsaw");
    // 729 characters: nine per cell
    solves_like_iss("Pencilmark sudoku 2");
}

#[test]
fn layouts_plain_grids_numbers_and_parts() {
    // a layout alone: regions, no givens, so many solutions
    satdoku()
        .args(["check", "-f", "line", "aabbaabbccddccdd"])
        .assert()
        .code(4)
        .stdout(predicate::str::starts_with("multiple"));
    // `=` and a complete grid: its own solution
    let sol = "536241897978536241421879635613485972789623514245917368357198426892764153164352789";
    satdoku()
        .args(["check", "-f", "line", &format!("={sol}")])
        .assert()
        .success()
        .stdout(format!("unique {sol}\n"));
    // a grid of numbers, and a layout with a constraint string below it, as ISS text in
    // JSON records
    let numbers = "1 . . . | . . . .\n. . 3 . | 4 . . .\n".to_string() + &". ".repeat(48);
    let stdin = format!(
        "{}\n{}\n",
        serde_json::json!({ "iss": numbers.replace("1 .", "1 2") }),
        serde_json::json!({ "iss": "aabbaabbccddccdd\n\n.~R1C1_1~R1C3_2~R2C1_3~R4C4_1~R3C1_4" }),
    );
    let out = satdoku()
        .args(["check", "-f", "line", "-"])
        .write_stdin(stdin)
        .assert()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    // an 8x8 grid of numbers with three givens: many solutions; the 4x4 jigsaw with its
    // givens: one
    assert!(lines[0].starts_with("multiple"), "{out}");
    assert!(lines[1].starts_with("unique 1"), "{out}");
}

#[test]
fn a_bad_killer_string_is_refused_with_its_place() {
    let text = format!("<{}", "5".repeat(80));
    satdoku()
        .args(["check", &text])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ISS short killer string: character 1 (R1C1): '<' points out of the grid",
        ));
    let text = format!("3x3::k:{}", "0:".repeat(80));
    satdoku()
        .args(["check", &text])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "80 cell fields after 3x3:…:k:, expected 81",
        ));
}
