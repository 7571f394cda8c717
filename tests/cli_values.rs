//! Value sets end to end (issue 23): a 9×9 with values 0-8 and a 6×6 with values 1-9 through
//! `check`, `solve`, `count`, `candidates`, `generate`, `dimacs` + `decode`, `render` and
//! `convert`; text read with `--values`.

mod common;

use common::*;
use predicates::prelude::*;

/// ISS's zero-based classic example (puzzles/shapes/zero-classic.json).
const ZERO: &str =
    "42..6....5..084....87....5.7...5...23..7.2..06...1...5.5....17....308..4....7..68";
const ZERO_SOL: &str =
    "423567801561084237087231456748650312315742680602813745850426173176308524234175068";
const ZERO_JSON: &str = "puzzles/shapes/zero-classic.json";
const KILLER_JSON: &str = "puzzles/shapes/zero-killer.json";
/// A 6×6 whose cells hold 1-9 (puzzles/shapes/gen-6x6-values-1-9.json).
const NINE6: &str = ".359.71.824.68271..73.843..65142689.";
const NINE6_SOL: &str = "235967168245682719973584397651426893";

#[test]
fn check_solve_and_count_read_and_write_values() {
    for engine in ["varisat", "cadical"] {
        satdoku()
            .args(["check", "--engine", engine, ZERO_JSON])
            .assert()
            .code(0)
            .stdout(format!("unique {ZERO_SOL}\n"));
        satdoku()
            .args(["solve", "--engine", engine, KILLER_JSON])
            .assert()
            .code(0)
            .stdout(predicate::str::starts_with("285174063"));
    }
    // text: '0' is a digit with --values 0-8, '.' the empty cell
    satdoku()
        .args(["solve", "--values", "0-8", ZERO])
        .assert()
        .code(0)
        .stdout(format!("{ZERO_SOL}\n"));
    // without --values the same line is another (1-9) puzzle: 0 is an empty cell there
    satdoku()
        .args(["check", ZERO])
        .assert()
        .stdout(predicate::str::contains(ZERO_SOL).not());
    satdoku()
        .args(["solve", "--values", "9", NINE6])
        .assert()
        .code(0)
        .stdout(format!("{NINE6_SOL}\n"));
    satdoku()
        .args(["count", "--values", "0-3", "................"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("288"));
    // pretty grids write the values
    satdoku()
        .args(["solve", "-f", "pretty", ZERO_JSON])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("| 4 2 3 | 5 6 7 | 8 0 1 |"));
    // JSON records too
    satdoku()
        .args(["check", "-f", "json", ZERO_JSON])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(format!(
            "\"solution\":\"{ZERO_SOL}\""
        )));
}

#[test]
fn wrong_values_are_refused_with_their_place() {
    satdoku()
        .args(["check", "--values", "0-8", &ZERO.replace("42.", "49.")])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("'9' is not one of the values 0-8"));
    satdoku()
        .args(["check", "--values", "1-8", ZERO])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("values 1-8 do not fit"));
    satdoku()
        .args(["check", "--values", "8-0", ZERO])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read values"));
    // a stated solution is read in the values and compared
    let dir = tempfile::tempdir().unwrap();
    let json = std::fs::read_to_string(ZERO_JSON)
        .unwrap()
        .replace("\"423567801\"", "\"423567810\"");
    let path = write_file(dir.path(), "wrong.json", json);
    satdoku().arg("check").arg(&path).assert().code(1);
}

#[test]
fn candidates_and_generate_write_values() {
    satdoku()
        .args(["candidates", "--values", "0-3", "0.........3....."])
        .assert()
        .code(0)
        .stdout("0 123 12 123 123 123 012 0123 12 012 3 012 123 0123 012 012\n");
    let out = satdoku()
        .args([
            "generate",
            "--size",
            "6",
            "--values",
            "9",
            "--seed",
            "3",
            "--solution",
        ])
        .args(["-f", "line"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let (puzzle, solution) = text.trim().split_once(' ').expect("puzzle and solution");
    assert!(
        solution.chars().any(|c| ('7'..='9').contains(&c)),
        "{solution}"
    );
    // the generated puzzle is unique with that solution
    satdoku()
        .args(["check", "--values", "9", puzzle])
        .assert()
        .code(0)
        .stdout(format!("unique {solution}\n"));
    let out = satdoku()
        .args([
            "generate",
            "--size",
            "4",
            "--values",
            "0-3",
            "--seed",
            "1",
            "--solution",
        ])
        .args(["-f", "line"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let (_, solution) = text.trim().split_once(' ').unwrap();
    assert!(
        solution.contains('0') && !solution.contains('4'),
        "{solution}"
    );
}

/// The DIMACS export states the values in its variable map; a model made from the solution
/// by that map decodes to the solution, and a model with a value repeated is refused.
#[test]
fn dimacs_and_decode_carry_the_values() {
    let dir = tempfile::tempdir().unwrap();
    let cnf_path = dir.path().join("zero.cnf");
    satdoku()
        .args(["dimacs", "--simplify", "none", "-o"])
        .arg(&cnf_path)
        .arg(ZERO_JSON)
        .assert()
        .code(0);
    let cnf = std::fs::read_to_string(&cnf_path).unwrap();
    assert!(
        cnf.contains("c var x(r,c,i) = (r-1)*81 + (c-1)*9 + i for r, c in 1..9, i in 1..9: cell r,c holds the value i-1 (values 0-8)"),
        "{}",
        &cnf[..cnf.find("\np ").unwrap()]
    );
    assert!(
        cnf.contains("c puzzle-json: {"),
        "the rules travel with the CNF"
    );
    let vars = dimacs_vars(&cnf);
    // x(r,c,i) true where the solution holds the value i-1
    let model = |sol: &str| {
        cell_model(
            sol.chars().map(|ch| ch.to_digit(10).unwrap() as usize + 1),
            9,
            vars,
        )
    };
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(model(ZERO_SOL))
        .assert()
        .code(0)
        .stdout(format!("{ZERO_SOL}\n"));
    // r1c1 and r1c2 swapped: breaks the givens, the checker says so
    let swapped = format!("24{}", &ZERO_SOL[2..]);
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(model(&swapped))
        .assert()
        .code(1);
}

#[test]
fn render_draws_values_and_sums_as_written() {
    let out = satdoku()
        .args(["render", "--solution", KILLER_JSON])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let svg = stdout_of(&out);
    // a solved 0 is drawn, and cage sums are the written ones (3, not the shifted 5)
    assert!(svg.contains(">0</text>"), "no 0 drawn");
    assert!(svg.contains(">3</text>"), "cage sum 3 not drawn");
}

#[test]
fn convert_keeps_values_natively_and_refuses_what_cannot_say_them() {
    let out = satdoku()
        .args(["convert", "--to", "native", KILLER_JSON])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let native = stdout_of(&out);
    assert!(native.contains("\"values\": \"0-8\""), "{native}");
    assert!(native.contains("\"sum\":3"), "sums as written: {native}");
    // read back: the same solution
    satdoku()
        .arg("check")
        .arg(&native)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("285174063"));
    for to in ["fpuzzles", "sudokupad", "scl", "text"] {
        satdoku()
            .args(["convert", "--to", to, KILLER_JSON])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("values 0-8"));
    }
}
