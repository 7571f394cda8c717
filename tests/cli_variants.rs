//! The command line on variant puzzles: native JSON, JSON lines, f-puzzles JSON, payloads,
//! URLs and ids; `convert`; DIMACS export and decode of variants; bad input.

mod common;

use common::satdoku;
use predicates::prelude::*;
use satdoku::format::fpuzzles;
use serde_json::{json, Value};

const KILLER: &str = "puzzles/examples/killer-4x4.json";
const THERMO: &str = "puzzles/examples/thermo-4x4.json";
const SOLUTION: &str = "1234341221434321";

/// The thermo example as f-puzzles JSON.
fn thermo_fpuzzles() -> Value {
    let out = satdoku()
        .args(["convert", "--to", "fpuzzles", THERMO])
        .output()
        .unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn native_json_checks_solves_and_counts() {
    satdoku()
        .args(["check", "-f", "line", KILLER])
        .assert()
        .success()
        .stdout(format!("unique {SOLUTION}\n"));
    satdoku()
        .args(["solve", "-f", "json", THERMO])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "\"solution\":\"{SOLUTION}\""
        )));
    satdoku()
        .args(["count", "-f", "line", KILLER])
        .assert()
        .success()
        .stdout(predicate::str::contains("1"));
}

#[test]
fn a_json_object_as_an_argument_is_a_puzzle() {
    let thermo = std::fs::read_to_string(THERMO).unwrap();
    satdoku()
        .args(["check", "-f", "line", "-q", &thermo])
        .assert()
        .success()
        .stdout(format!("unique {SOLUTION}\n"));
}

#[test]
fn fpuzzles_json_payload_url_and_id_all_work() {
    let v = thermo_fpuzzles();
    let payload = fpuzzles::compress(&v);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("thermo.fpuzzles.json");
    std::fs::write(&file, v.to_string()).unwrap();
    satdoku()
        .args(["check", "-f", "line"])
        .arg(&file)
        .assert()
        .success()
        .stdout(format!("unique {SOLUTION}\n"));
    for arg in [
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!("fpuzzles{payload}"),
        payload.clone(),
    ] {
        satdoku()
            .args(["check", "-f", "line", &arg])
            .assert()
            .success()
            .stdout(format!("unique {SOLUTION}\n"));
    }
    // A text file of URLs, one per line.
    let list = dir.path().join("urls.txt");
    std::fs::write(
        &list,
        format!("# two puzzles\nhttps://www.f-puzzles.com/?load={payload}\n\nfpuzzles{payload}\n"),
    )
    .unwrap();
    satdoku()
        .args(["check", "-f", "line", "-q"])
        .arg(&list)
        .assert()
        .success()
        .stdout(format!("unique {SOLUTION}\nunique {SOLUTION}\n"));
}

#[test]
fn jsonl_records_compare_the_stated_solution() {
    let v = thermo_fpuzzles();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("records.jsonl");
    let good = json!({"title": "t", "author": "a", "license": "CC BY 4.0", "solution": SOLUTION, "fpuzzles": v});
    // The record states another solution and the f-puzzles JSON states none.
    let mut bad = good.clone();
    bad["solution"] = json!("2143341212344321");
    bad["fpuzzles"].as_object_mut().unwrap().remove("solution");
    let lz = json!({"fpuzzles_lzstring": fpuzzles::compress(&v), "solution": SOLUTION});
    // The record and its f-puzzles JSON state two different solutions.
    let mut conflict = good.clone();
    conflict["solution"] = json!("2143341212344321");
    std::fs::write(&file, format!("{good}\n{bad}\n{lz}\n{conflict}\n")).unwrap();
    satdoku()
        .args(["check", "-f", "line", "-q"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!(
            "unique {SOLUTION}\ninvalid"
        )))
        .stderr(predicate::str::contains(
            "records.jsonl:2: unique, but the solution differs from the one stated beside the puzzle",
        ))
        .stderr(predicate::str::contains(
            "records.jsonl:4: solution: differs from the f-puzzles solution at r1c1",
        ));
}

#[test]
fn cosmetics_without_a_rule_are_warnings() {
    let mut v = thermo_fpuzzles();
    v["line"] = json!([{"lines": [["R1C1", "R2C2"]], "outlineC": "#000"}]);
    v["text"] = json!([{"cells": ["R1C1"], "value": "?", "fromConstraint": "Thermometer"}]);
    satdoku()
        .args(["check", "-f", "line", "-q", &fpuzzles::compress(&v)])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "warning: 1 cosmetic \"line\" item(s) not tied to a rule",
        ))
        .stderr(predicate::str::contains("\"text\"").not());
}

#[test]
fn bad_input_is_a_clear_error_without_panic() {
    for (file, text) in [
        ("puzzles/invalid/malformed.json", "malformed JSON"),
        (
            "puzzles/invalid/unknown-constraint-type.json",
            "constraints[1].type: unknown constraint type \"thermo\"",
        ),
        (
            "puzzles/invalid/cell-outside-grid.json",
            "r5c1 is outside the 4x4 grid",
        ),
        (
            "puzzles/invalid/impossible-cage-sum.json",
            "no 2 different digits sum to 18",
        ),
        ("puzzles/invalid/line-gap.json", "do not touch"),
        (
            "puzzles/invalid/wrong-region-sizes.json",
            "region 3 has 5 cells",
        ),
        (
            "puzzles/invalid/fpuzzles-unsupported-key.json",
            "unsupported key(s): fogofwar",
        ),
    ] {
        for cmd in [
            &["check", "-q"][..],
            &["solve", "-q"],
            &["count", "-q"],
            &["dimacs"],
        ] {
            satdoku()
                .args(cmd)
                .arg(file)
                .assert()
                .code(1)
                .stderr(predicate::str::contains(text))
                .stderr(predicate::str::contains("panicked").not());
        }
    }
    satdoku()
        .args(["check", "https://www.f-puzzles.com/?load=notapayload"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not an lz-string base64 payload"));
}

#[test]
fn convert_round_trips() {
    // native -> f-puzzles URL -> native: the same rules.
    let url = satdoku()
        .args(["convert", "--to", "fpuzzles", "--url", KILLER])
        .output()
        .unwrap();
    let url = String::from_utf8(url.stdout).unwrap();
    assert!(url.starts_with("https://www.f-puzzles.com/?load="));
    let back = satdoku().args(["convert", url.trim()]).output().unwrap();
    let back: Value = serde_json::from_slice(&back.stdout).unwrap();
    let orig: Value = serde_json::from_str(&std::fs::read_to_string(KILLER).unwrap()).unwrap();
    assert_eq!(back["constraints"], orig["constraints"]);
    assert_eq!(back["title"], orig["title"]);
    // classic text -> native -> text.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let native = satdoku().args(["convert", line]).output().unwrap();
    assert!(native.status.success());
    satdoku()
        .args(["convert", "--to", "text", "-"])
        .write_stdin(native.stdout)
        .assert()
        .success()
        .stdout(format!("{line}\n"));
    // A variant has no text form.
    satdoku()
        .args(["convert", "--to", "text", KILLER])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("a text line cannot hold them"));
}

#[test]
fn dimacs_of_a_variant_decodes_from_its_header() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("killer.cnf");
    satdoku()
        .args(["dimacs", "--simplify", "none", "-o"])
        .arg(&cnf)
        .arg(KILLER)
        .assert()
        .success();
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(
        text.contains("c puzzle-json: {\"satdoku\":1"),
        "{}",
        &text[..500]
    );
    // A model made from the known solution: x(r,c,d) true exactly for the solution's digits.
    let n = 4;
    let mut lits = Vec::new();
    for (i, ch) in SOLUTION.chars().enumerate() {
        let d = ch.to_digit(10).unwrap() as usize;
        for k in 1..=n {
            let v = i * n + k;
            lits.push(if k == d { v as i64 } else { -(v as i64) });
        }
    }
    let answer = format!(
        "s SATISFIABLE\nv {} 0\n",
        lits.iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    satdoku()
        .args(["decode", "-f", "line", "--puzzle"])
        .arg(&cnf)
        .write_stdin(answer.clone())
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
    // A model breaking a cage is refused by the checker, even though it is a latin square.
    let wrong = "2143341212344321";
    let mut lits = Vec::new();
    for (i, ch) in wrong.chars().enumerate() {
        let d = ch.to_digit(10).unwrap() as usize;
        for k in 1..=n {
            let v = i * n + k;
            lits.push(if k == d { v as i64 } else { -(v as i64) });
        }
    }
    let answer = format!(
        "s SATISFIABLE\nv {} 0\n",
        lits.iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    satdoku()
        .args(["decode", "-f", "line", "--puzzle"])
        .arg(&cnf)
        .write_stdin(answer)
        .assert()
        .code(1);
}

#[test]
fn uniqueness_queries_work_with_irregular_regions() {
    // Regions are the rows: the solution breaks the default 2x3 boxes.
    let p = "puzzles/variants/044-april-1-2022-skyscrapers.json";
    let solution = "356124561243245361634512123456412635";
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("u.cnf");
    satdoku()
        .args(["dimacs", "--uniqueness", "-o"])
        .arg(&cnf)
        .arg(p)
        .assert()
        .success();
    satdoku()
        .args(["decode", "-f", "line", "--puzzle"])
        .arg(&cnf)
        .write_stdin("s UNSATISFIABLE\n")
        .assert()
        .success()
        .stdout(format!("unique\n{solution}\n"));
    satdoku()
        .args(["dimacs", "--exclude", solution, p])
        .assert()
        .success()
        .stdout(predicate::str::contains("c query: exclude"));
}

#[test]
fn convert_to_fpuzzles_warns_or_refuses_what_it_cannot_carry() {
    let puzzle = r#"{"satdoku": 1, "size": 4, "constraints": [
        {"type": "non-consecutive", "except": [["r1c1", "r1c2"]]}]}"#;
    satdoku()
        .args(["convert", "--to", "fpuzzles", "-"])
        .write_stdin(puzzle)
        .assert()
        .success()
        .stdout(predicate::str::contains("\"nonconsecutive\":true"))
        .stderr(predicate::str::contains(
            "warning: not in the f-puzzles export: non-consecutive: its exempt pairs",
        ));
    satdoku()
        .args(["convert", "--to", "fpuzzles", "--strict", "-"])
        .write_stdin(puzzle)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "f-puzzles cannot carry this puzzle whole (--strict)",
        ));
    // A lossless export is quiet, with or without --strict.
    satdoku()
        .args(["convert", "--to", "fpuzzles", "--strict", "-"])
        .write_stdin(puzzle.replace("[[\"r1c1\", \"r1c2\"]]", "[]"))
        .assert()
        .success()
        .stderr("");
    // The license has no f-puzzles field: said, not dropped silently.
    satdoku()
        .args(["convert", "--to", "fpuzzles", KILLER])
        .assert()
        .success()
        .stderr(predicate::str::contains("license has no f-puzzles field"));
}

#[test]
fn hostile_fpuzzles_input_is_refused_with_its_path() {
    let mut v = thermo_fpuzzles();
    v["antiknight"] = json!("false");
    satdoku()
        .args(["check", "-q", &v.to_string()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "antiknight: expected true or false",
        ));
    let mut v = thermo_fpuzzles();
    v["thermometer"]
        .as_array_mut()
        .unwrap()
        .push(json!({"cells": ["R1C1", "R1C2"]}));
    satdoku()
        .args(["check", "-q", &fpuzzles::compress(&v)])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("thermometer[3].lines: missing"));
    // A duplicate key inside a JSON-lines record.
    let text = v
        .to_string()
        .replacen("{", "{\"antiking\": true, \"antiking\": false, ", 1);
    satdoku()
        .args(["check", "-q", "-"])
        .write_stdin(text)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("antiking: duplicate key"));
}

/// The author's `solution` inside f-puzzles JSON is compared with the solution found: a
/// wrong one is reported (exit 1), a partial one is compared cell by cell.
#[test]
fn the_fpuzzles_solution_key_is_compared() {
    let v = thermo_fpuzzles();
    assert!(
        v.get("solution").is_some(),
        "the export carries the solution"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut wrong = v.clone();
    wrong["solution"][0] = json!(4);
    let mut partial = v.clone();
    for i in 0..12 {
        partial["solution"][i] = json!(".");
    }
    let (w, p) = (
        dir.path().join("wrong.json"),
        dir.path().join("partial.json"),
    );
    std::fs::write(&w, wrong.to_string()).unwrap();
    std::fs::write(&p, partial.to_string()).unwrap();
    satdoku()
        .args(["check", "-f", "line", "-q"])
        .arg(&w)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "unique, but the solution differs from the one stated beside the puzzle in 1 cells, first r1c1",
        ));
    satdoku()
        .args(["check", "-f", "line", "-q"])
        .arg(&p)
        .assert()
        .success()
        .stdout(format!("unique {SOLUTION}\n"));
}
