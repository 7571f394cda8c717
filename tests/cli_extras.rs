//! `satdoku candidates`, `satdoku generate` and `satdoku check --proof/--minimal/--redundant`
//! end to end: output, files and exit codes (0 ok, 1 error, 3 none, 4 multiple).

mod common;

use common::{generated, json_values, satdoku, EASY, FOUR, FOUR_SOL, SEED};
use predicates::prelude::*;
use satdoku::{count, parse_one, Puzzle};
use serde_json::Value;

const OPEN4: &str = "...4..3.........";
const NONE4: &str = "123....4........";

#[test]
fn candidates_line_pretty_json_and_counts() {
    satdoku()
        .args(["candidates", "-f", "line", OPEN4])
        .assert()
        .success()
        .stdout("123 123 12 4 124 124 3 12 1234 1234 124 123 1234 1234 124 123\n");
    satdoku()
        .args(["candidates", "-f", "pretty", OPEN4])
        .assert()
        .success()
        .stdout(predicate::str::contains("[123 ] [123 ] | [12  ] [   4]"))
        .stdout(predicate::str::contains("--------------+--------------"));
    let out = satdoku()
        .args(["candidates", "-f", "json", "--counts", OPEN4])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_values(&out)[0];
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["candidates"][0][3], serde_json::json!([4]));
    assert_eq!(v["solutions_counted"], 24);
    assert_eq!(v["capped"], false);
    assert_eq!(v["counts"][0][0], serde_json::json!([6, 6, 12, 0]));
    satdoku()
        .args([
            "candidates",
            "-f",
            "line",
            "--counts",
            "--limit",
            "5",
            OPEN4,
        ])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(" solutions>5\n"));
    satdoku()
        .args([
            "candidates",
            "-f",
            "pretty",
            "--counts",
            "--limit",
            "5",
            OPEN4,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "over the first 5 solutions (there are more",
        ));
}

#[test]
fn candidates_of_a_unique_puzzle_is_its_solution_and_none_exits_3() {
    satdoku()
        .args(["candidates", "-f", "pretty", FOUR])
        .assert()
        .success()
        .stdout(predicate::str::contains("unique"))
        .stdout(predicate::str::contains("| 2 3 | 1 4 |"));
    let out = satdoku()
        .args(["candidates", "-f", "json", FOUR])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(json_values(&out)[0]["solution"], FOUR_SOL);
    satdoku()
        .args(["candidates", NONE4])
        .assert()
        .code(3)
        .stdout("none\n")
        .stderr(predicate::str::contains("no solution"));
    satdoku().args(["candidates", "12345"]).assert().code(1);
}

#[test]
fn candidates_of_an_empty_16x16() {
    // Any size: an empty 16x16 has every digit everywhere.
    let empty16 = ".".repeat(256);
    let out = satdoku()
        .args(["candidates", "-f", "json", &empty16])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_values(&out)[0];
    assert_eq!(v["candidates"][15][15].as_array().unwrap().len(), 16);
}

#[test]
fn check_proof_writes_a_checkable_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("cert");
    satdoku()
        .args(["check", "--proof", d.to_str().unwrap(), SEED])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("unique "))
        .stderr(predicate::str::contains("proof.drat"));
    for f in ["query.cnf", "proof.drat", "solution.txt"] {
        assert!(d.join(f).exists(), "{f}");
    }
    let q = std::fs::read_to_string(d.join("query.cnf")).unwrap();
    assert!(q.contains("p cnf 729 "));
    let p = std::fs::read_to_string(d.join("proof.drat")).unwrap();
    let o = common::drat_outline(&p, 729).unwrap();
    assert!(o.empty_clause);

    // Varisat format, a batch: numbered names, verified in-process, and checked again here.
    let v = dir.path().join("v");
    let out = satdoku()
        .args([
            "check",
            "-f",
            "json",
            "--proof",
            v.to_str().unwrap(),
            "--proof-format",
            "varisat",
            FOUR,
            NONE4,
            OPEN4,
        ])
        .assert()
        .code(3)
        .get_output()
        .stdout
        .clone();
    let rows = json_values(&out);
    assert_eq!(rows[0]["certificate"]["verified"], true);
    assert_eq!(rows[0]["certificate"]["claim"], "unique");
    assert_eq!(rows[1]["certificate"]["claim"], "no solution");
    assert_eq!(rows[2]["status"], "multiple");
    for i in [1, 2] {
        let q = std::fs::File::open(v.join(format!("{i}-query.cnf"))).unwrap();
        let p = std::fs::File::open(v.join(format!("{i}-proof.varisat"))).unwrap();
        satdoku::proof::verify_varisat(q, p).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(v.join("1-solution.txt")).unwrap(),
        format!("{FOUR_SOL}\n")
    );
    assert!(!v.join("2-solution.txt").exists());
    assert!(!v.join("3-query.cnf").exists());
}

#[test]
fn check_proof_of_a_multiple_puzzle_exits_4_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    satdoku()
        .args(["check", "--proof", dir.path().to_str().unwrap(), OPEN4])
        .assert()
        .code(4)
        .stdout(predicate::str::starts_with("multiple "));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn proof_format_needs_proof() {
    satdoku()
        .args(["check", "--proof-format", "varisat", FOUR])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--proof <DIR>"));
}

#[test]
fn check_minimal_and_redundant() {
    satdoku()
        .args(["check", "--minimal", FOUR])
        .assert()
        .success()
        .stdout(format!("unique {FOUR_SOL} minimal\n"));
    let out = satdoku()
        .args(["check", "--minimal", "--redundant", "-f", "json", EASY])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_values(&out)[0];
    assert_eq!(v["minimal"], false);
    let red: Vec<String> = v["redundant"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(red.len(), 22);
    satdoku()
        .args(["check", "--redundant", "-f", "pretty", EASY])
        .assert()
        .success()
        .stdout(predicate::str::contains("redundant givens (22):"));
    satdoku()
        .args(["check", "--minimal", OPEN4])
        .assert()
        .code(4);
    satdoku()
        .args(["check", "--minimal", NONE4])
        .assert()
        .code(3)
        .stdout("none\n");
}

fn assert_unique_and_minimal(p: &Puzzle) {
    assert_eq!(count(p, 2).unwrap().found, 1);
    for (cell, _) in p.givens().filled() {
        let mut g = p.givens().clone();
        g.set(cell, None);
        let q = Puzzle::classic(p.shape().clone(), g).unwrap();
        assert_eq!(count(&q, 2).unwrap().found, 2, "{cell} not needed");
    }
}

#[test]
fn generate_is_reproducible_unique_and_minimal() {
    let a = generated(&["--size", "9", "--seed", "7", "--count", "3", "-f", "line"]);
    let b = generated(&["--size", "9", "--seed", "7", "--count", "3", "-f", "line"]);
    let c = generated(&["--size", "9", "--seed", "8", "--count", "3", "-f", "line"]);
    assert_eq!(a.len(), 3);
    assert_eq!(a, b);
    assert_ne!(a, c);
    for line in &a {
        assert_unique_and_minimal(&parse_one(line).unwrap());
    }
    // Other shapes: 6x6 with 3x2 boxes, 4x4.
    let six = generated(&["--size", "6", "--box", "3x2", "--seed", "1", "--count", "2"]);
    let opts = satdoku::TextOptions {
        box_shape: Some((3, 2)),
        ..Default::default()
    };
    for line in &six {
        assert_unique_and_minimal(&satdoku::parse_one_with(line, &opts).unwrap());
    }
    let four = generated(&["--size", "4", "--seed", "1", "--solution"]);
    let (p, s) = four[0].split_once(' ').unwrap();
    let p = parse_one(p).unwrap();
    assert_unique_and_minimal(&p);
    let satdoku::Verdict::Unique(sol) = satdoku::check(&p).unwrap() else {
        panic!("not unique")
    };
    let symbols = satdoku::Symbols::standard();
    assert_eq!(
        satdoku::format::text::Line::new(&sol, &symbols).to_string(),
        s
    );
}

#[test]
fn generate_json_symmetry_and_pretty() {
    let rows = generated(&[
        "--size",
        "9",
        "--seed",
        "3",
        "--symmetry",
        "rot180",
        "-f",
        "json",
    ]);
    let v: Value = serde_json::from_str(&rows[0]).unwrap();
    assert_eq!(v["seed"], 3);
    assert_eq!(v["symmetry"], "rot180");
    let puzzle = v["puzzle"].as_str().unwrap();
    let b = puzzle.as_bytes();
    for i in 0..81 {
        assert_eq!(b[i] == b'.', b[80 - i] == b'.', "not symmetric at {i}");
    }
    assert_eq!(
        v["givens"].as_u64().unwrap() as usize,
        puzzle.chars().filter(|&c| c != '.').count()
    );
    assert!(v["effort"]["simplification_solves"].is_boolean());
    let pretty = generated(&["--size", "4", "--seed", "2", "-f", "pretty"]);
    assert!(pretty[0].starts_with("puzzle 1 ("));
}

#[test]
fn generate_on_a_layout_file_keeps_its_givens() {
    let dir = tempfile::tempdir().unwrap();
    let layout = dir.path().join("layout.txt");
    std::fs::write(&layout, "1...\n....\n....\n...2\n").unwrap();
    let rows = generated(&[layout.to_str().unwrap(), "--seed", "4", "--count", "3"]);
    assert_eq!(rows.len(), 3);
    for r in &rows {
        assert!(r.starts_with('1') && r.ends_with('2'), "{r}");
        assert_eq!(count(&parse_one(r).unwrap(), 2).unwrap().found, 1);
    }
    std::fs::write(&layout, format!("{NONE4}\n")).unwrap();
    satdoku()
        .args(["generate", layout.to_str().unwrap()])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("layout has no solution"));
}

#[test]
fn generate_errors() {
    satdoku()
        .args([
            "generate",
            "--size",
            "9",
            "--seed",
            "1",
            "--givens-max",
            "12",
            "--attempts",
            "3",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no puzzle with at most 12 givens in 3 attempts",
        ));
    satdoku()
        .args(["generate", "--size", "9", "--box", "2x2"])
        .assert()
        .code(1);
    satdoku()
        .args(["generate", "--size", "4", "--symmetry", "sideways"])
        .assert()
        .code(2);
}

#[test]
fn decode_reads_the_query_that_check_proof_writes() {
    // The proof's query carries the same header as `satdoku dimacs`: an UNSAT answer to the
    // uniqueness query decodes as `unique` with the solution; a SAT model (here the solution
    // itself, which the last clause forbids) does not fit the query and is refused.
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert");
    satdoku()
        .args(["check", "-q", "--proof", cert.to_str().unwrap(), FOUR])
        .assert()
        .success();
    let query = cert.join("query.cnf");
    let text = std::fs::read_to_string(&query).unwrap();
    assert!(text.contains("\nc simplify: none\n"), "{text:.600}");
    satdoku()
        .args(["decode", "-f", "line", "-p", query.to_str().unwrap()])
        .write_stdin("s UNSATISFIABLE\n")
        .assert()
        .success()
        .stdout(format!("unique\n{FOUR_SOL}\n"));

    // A puzzle without solution: the query is the CNF alone; UNSAT decodes as `none` (exit 3).
    let none = dir.path().join("none");
    satdoku()
        .args(["check", "-q", "--proof", none.to_str().unwrap(), NONE4])
        .assert()
        .code(3);
    satdoku()
        .args(["decode", "-f", "line", "-p"])
        .arg(none.join("query.cnf"))
        .write_stdin("s UNSATISFIABLE\n")
        .assert()
        .code(3)
        .stdout("none\n");
}

#[test]
fn check_extras_output_is_pinned_in_every_format() {
    // `check --minimal/--redundant` in line, pretty and JSON on a unique, a multiple, a
    // no-solution and a 9×9 puzzle, byte for byte (tests/golden/check_extras.txt).
    let puzzles = [FOUR, OPEN4, NONE4, EASY];
    let mut got = String::new();
    for format in ["line", "pretty", "json"] {
        for flags in [
            &["--minimal"][..],
            &["--redundant"],
            &["--minimal", "--redundant"],
        ] {
            for p in puzzles {
                let out = satdoku()
                    .args(["check", "-q", "-f", format])
                    .args(flags)
                    .arg(p)
                    .output()
                    .unwrap();
                got.push_str(&format!("== {format} {} {p}\n", flags.join(" ")));
                got.push_str(&String::from_utf8(out.stdout).unwrap());
                got.push_str(&format!("rc={}\n", out.status.code().unwrap()));
            }
        }
    }
    let want = include_str!("golden/check_extras.txt");
    assert!(got == want, "got:\n{got}");
}

#[test]
fn check_with_extras_reports_invalid_records_as_plain_check_does() {
    // One pipeline: an unreadable record is worded, located and counted the same with or
    // without --minimal (no doubled "line 3:").
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, format!("{FOUR}\n123\n")).unwrap();
    let run = |extra: &[&str]| {
        let out = satdoku()
            .args(["check", "-q", "-f", "line"])
            .args(extra)
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let stdout = String::from_utf8(out.stdout).unwrap();
        let invalid = stdout.lines().nth(1).unwrap().to_string();
        (invalid, String::from_utf8(out.stderr).unwrap())
    };
    let (plain, plain_err) = run(&[]);
    let (minimal, minimal_err) = run(&["--minimal"]);
    let want = format!("invalid {}:2: 3 cells is not a puzzle", file.display());
    assert!(plain.starts_with(&want), "{plain}");
    assert_eq!(plain, minimal);
    assert_eq!(plain_err, minimal_err);
}
