//! `satdoku decode` end to end: SAT solver answers (competition and minisat formats) read
//! back against a `dimacs` export or the puzzle file, verified, garbage refused.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

mod common;

use common::*;
use predicates::prelude::*;
use satdoku::format::text::TextOptions;
use satdoku::parse_one_with;
use std::path::{Path, PathBuf};

/// Solves a DIMACS text with varisat: the model's literals, or `None` when unsatisfiable.
fn varisat_solve(cnf: &str) -> Option<Vec<i64>> {
    let mut solver = varisat::Solver::new();
    solver.add_dimacs_cnf(cnf.as_bytes()).expect("valid DIMACS");
    if solver.solve().unwrap() {
        Some(
            solver
                .model()
                .unwrap()
                .iter()
                .map(|l| l.to_dimacs() as i64)
                .collect(),
        )
    } else {
        None
    }
}

/// A model in SAT-competition form: `s SATISFIABLE`, `v` lines of ten literals, `v 0`.
fn competition(model: Option<&[i64]>) -> String {
    match model {
        None => "c varisat, in the test\ns UNSATISFIABLE\n".into(),
        Some(lits) => {
            let mut s = String::from("c varisat, in the test\ns SATISFIABLE\n");
            for chunk in lits.chunks(10) {
                let words: Vec<String> = chunk.iter().map(|l| l.to_string()).collect();
                s.push_str(&format!("v {}\n", words.join(" ")));
            }
            s.push_str("v 0\n");
            s
        }
    }
}

/// A model as minisat writes its result file: `SAT` then the literals and 0 on one line.
fn minisat(model: Option<&[i64]>) -> String {
    match model {
        None => "UNSAT\n".into(),
        Some(lits) => {
            let words: Vec<String> = lits.iter().map(|l| l.to_string()).collect();
            format!("SAT\n{} 0\n", words.join(" "))
        }
    }
}

/// Exports `args` to `dir/name.cnf`; returns its path and text.
fn export(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, String) {
    let path = dir.join(format!("{name}.cnf"));
    satdoku()
        .arg("dimacs")
        .args(args)
        .arg("-o")
        .arg(&path)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

#[test]
fn decode_reads_competition_and_minisat_models() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (SEED, SEED_SOL),
        (INKALA, INKALA_SOL),
        (EASY, EASY_SOL),
        (FOUR, FOUR_SOL),
        (SIX, SIX_SOL),
    ];
    for (i, (puzzle, solution)) in cases.iter().enumerate() {
        for simplify in ["singles", "givens", "none"] {
            let name = format!("p{i}-{simplify}");
            let (cnf_path, cnf) = export(dir.path(), &name, &["--simplify", simplify, puzzle]);
            let model = varisat_solve(&cnf).expect("satisfiable");
            for (kind, answer) in [
                ("comp", competition(Some(&model))),
                ("minisat", minisat(Some(&model))),
            ] {
                let answer_path = write_file(dir.path(), &format!("{name}.{kind}"), &answer);
                satdoku()
                    .args(["decode", "--puzzle"])
                    .arg(&cnf_path)
                    .arg(&answer_path)
                    .assert()
                    .code(0)
                    .stdout(format!("{solution}\n"));
                // The answer on stdin, pretty.
                let out = satdoku()
                    .args(["decode", "-f", "pretty", "-p"])
                    .arg(&cnf_path)
                    .write_stdin(answer.clone())
                    .output()
                    .unwrap();
                assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
                assert!(stdout_of(&out).starts_with("+-"), "{}", stdout_of(&out));
            }
        }
    }
}

#[test]
fn decode_against_the_puzzle_file_itself() {
    let dir = tempfile::tempdir().unwrap();
    let (_, cnf) = export(
        dir.path(),
        "inkala",
        &[
            "--nth",
            "2",
            "--simplify",
            "givens",
            "puzzles/classic/9x9-seeds.txt",
        ],
    );
    let answer = write_file(
        dir.path(),
        "inkala.out",
        competition(varisat_solve(&cnf).as_deref()),
    );
    satdoku()
        .args([
            "decode",
            "--puzzle",
            "puzzles/classic/9x9-seeds.txt",
            "--nth",
            "2",
            "--simplify",
            "givens",
        ])
        .arg(&answer)
        .assert()
        .code(0)
        .stdout(format!("{INKALA_SOL}\n"));
    // The same puzzle with boxes given, for a 6x6.
    let (_, cnf) = export(dir.path(), "six", &["--box", "3x2", SIX]);
    let answer = write_file(
        dir.path(),
        "six.out",
        minisat(varisat_solve(&cnf).as_deref()),
    );
    let puzzle = write_file(dir.path(), "six.txt", format!("{SIX}\n"));
    let out = satdoku()
        .args(["decode", "--box", "3x2", "-p"])
        .arg(&puzzle)
        .arg(&answer)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let solved = stdout_of(&out);
    let opts = TextOptions {
        box_shape: Some((3, 2)),
        ..TextOptions::default()
    };
    let p = parse_one_with(SIX, &opts).unwrap();
    p.verify(
        &parse_one_with(solved.trim(), &opts)
            .unwrap()
            .givens()
            .clone(),
    )
    .unwrap();
}

#[test]
fn decode_of_an_unsat_uniqueness_query_says_unique() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf_path, cnf) = export(dir.path(), "u", &["--uniqueness", SEED]);
    let model = varisat_solve(&cnf);
    assert!(model.is_none(), "the seed is unique, so its query is UNSAT");
    for (kind, answer) in [("comp", competition(None)), ("minisat", minisat(None))] {
        let answer_path = write_file(dir.path(), kind, &answer);
        satdoku()
            .args(["decode", "-p"])
            .arg(&cnf_path)
            .arg(&answer_path)
            .assert()
            .code(0)
            .stdout(format!("unique\n{SEED_SOL}\n"));
    }
    // A plain query answered UNSAT: no solution, exit 3.
    let (cnf_path, cnf) = export(dir.path(), "n", &[NONE_SEARCH]);
    assert!(varisat_solve(&cnf).is_none());
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(None))
        .assert()
        .code(3)
        .stdout("none\n");
}

#[test]
fn decode_of_a_sat_uniqueness_query_says_multiple() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf_path, cnf) = export(dir.path(), "m", &["--uniqueness", MULTI]);
    let first = blocked_solution(&cnf);
    let model = varisat_solve(&cnf).expect("several solutions: the query is SAT");
    let out = satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(Some(&model)))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], "multiple");
    assert_eq!(lines[1], first);
    assert_ne!(lines[2], first);
    assert_solves(MULTI, lines[1]);
    assert_solves(MULTI, lines[2]);
}

#[test]
fn decode_rejects_garbage_with_a_located_message() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf_path, _) = export(dir.path(), "g", &[SEED]);
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin("c solver\ns SATISFIABLE\nv 1 -2 three 0\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "solver output line 3: cannot read \"three\" as a literal",
        ));
    for (answer, message) in [
        ("", "no SAT solver answer found"),
        ("hello world\n", "line 1: cannot read \"hello\""),
        ("s SATISFIABLE\n", "printed no model"),
        ("s MAYBE\n", "line 1: unknown status"),
        ("s UNKNOWN\n", "no answer"),
        ("INDET\n", "no answer"),
    ] {
        satdoku()
            .args(["decode", "-p"])
            .arg(&cnf_path)
            .write_stdin(answer)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(message));
    }
    // Binary garbage as the answer file.
    let bin = dir.path().join("bin.out");
    std::fs::write(&bin, [0u8, 159, 146, 150, 255, 0, 1]).unwrap();
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .arg(&bin)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not readable text"));
    // A CNF without a satdoku header.
    let foreign = write_file(dir.path(), "foreign.cnf", "p cnf 2 1\n1 2 0\n");
    satdoku()
        .args(["decode", "-p"])
        .arg(&foreign)
        .write_stdin("s SATISFIABLE\nv 1 2 0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("a CNF without a satdoku header"));
    // A missing answer file.
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .arg(dir.path().join("missing.out"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot open"));
}

#[test]
fn decode_rejects_a_model_that_repeats_the_blocked_solution() {
    // A model of the plain formula given for the uniqueness query: it cannot be its answer.
    let dir = tempfile::tempdir().unwrap();
    let (cnf_path, cnf) = export(dir.path(), "u", &["--uniqueness", EMPTY4]);
    let blocked = blocked_solution(&cnf);
    let model = model_of(&blocked);
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(Some(&model)))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "the model repeats the blocked solution",
        ));
}

/// A full model of the `--simplify none` formula in which each cell holds `grid`'s digit.
fn model_of(grid: &str) -> Vec<i64> {
    let n = (grid.len() as f64).sqrt() as usize;
    let mut lits = Vec::new();
    for (i, b) in grid.bytes().enumerate() {
        let d = (b - b'0') as usize;
        for e in 1..=n {
            let v = (i * n + e) as i64;
            lits.push(if e == d { v } else { -v });
        }
    }
    lits
}

#[test]
fn decode_verifies_the_model_against_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf_path, _) = export(dir.path(), "v", &["--simplify", "none", SEED]);
    // The solution itself decodes.
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(Some(&model_of(SEED_SOL))))
        .assert()
        .code(0)
        .stdout(format!("{SEED_SOL}\n"));
    // Digits 1 and 2 swapped everywhere: a valid sudoku grid that breaks the givens.
    let swapped: String = SEED_SOL
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(Some(&model_of(&swapped))))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("verification"));
    // Two cells of a row swapped: breaks the columns.
    let mut row_swap: Vec<char> = SEED_SOL.chars().collect();
    row_swap.swap(1, 2);
    let row_swap: String = row_swap.into_iter().collect();
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(minisat(Some(&model_of(&row_swap))))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("verification"));
    // A model with two digits in a cell, and one with no value for a cell variable.
    let mut two = model_of(SEED_SOL);
    two[1] = 2;
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(Some(&two)))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("two digits in r1c1"));
    let short: Vec<i64> = model_of(SEED_SOL)[..700].to_vec();
    satdoku()
        .args(["decode", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(Some(&short)))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no value for variable"));
}

/// The solution a uniqueness query blocks, read from its header by the library's own reader.
fn blocked_solution(cnf: &str) -> String {
    satdoku::format::dimacs::Header::parse(cnf)
        .and_then(|h| h.uniqueness)
        .expect("a uniqueness query names the solution it blocks")
}

#[test]
fn a_model_with_extra_cells_decodes_them_after_the_grid() {
    // ISS's anti-knight example with one extra cell VA = r1c2 + r1c5 (MIT, data/collections.js)
    let puzzle = ".AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3.Var~A~~1.Sum~0_=_1_1_-1~R1C2~R1C5~VA";
    let dir = tempfile::tempdir().unwrap();
    let out = satdoku().args(["dimacs", puzzle]).output().unwrap();
    let cnf = stdout_of(&out);
    let cnf_path = write_file(dir.path(), "p.cnf", &cnf);
    let model = write_file(
        dir.path(),
        "m.txt",
        competition(varisat_solve(&cnf).as_deref()),
    );
    satdoku()
        .args(["decode", "-f", "line", "-p"])
        .arg(&cnf_path)
        .arg(&model)
        .assert()
        .success()
        .stdout(predicate::str::ends_with("+7\n"));
}

/// A 4×4 chaos construction, unique with its regions (as in tests/cli_chaos.rs).
const CHAOS: &str = r#"{"satdoku": 1, "size": 4, "chaos": true, "givens": "..42....3.24....", "constraints": [{"type": "same-region", "cells": ["r3c1", "r4c1"]}, {"type": "same-region", "cells": ["r4c1", "r4c2"]}, {"type": "same-region", "cells": ["r2c2", "r3c2"]}, {"type": "same-region", "cells": ["r1c4", "r2c4"]}]}"#;

#[test]
fn the_export_is_the_whole_formula_whatever_the_engine() {
    // `auto` gives these two to CaDiCaL with a propagator that carries the arrows (the sum
    // propagator) or the regions' connectivity, leaving their clauses out of the solver's
    // formula; the export is for a solver without it, so it must state every rule: the same
    // text from every engine, and the uniqueness query UNSAT for the unique puzzles.
    let dir = tempfile::tempdir().unwrap();
    let arrows = "puzzles/sums/arrow-1.json";
    for (name, puzzle) in [("arrows", arrows), ("chaos", CHAOS)] {
        let texts: Vec<String> = ["auto", "varisat", "cadical"]
            .iter()
            .map(|e| export(dir.path(), &format!("{name}-{e}"), &["--engine", e, puzzle]).1)
            .collect();
        assert_eq!(texts[0], texts[1], "{name}: auto against varisat");
        assert_eq!(texts[0], texts[2], "{name}: cadical against varisat");
        for engine in ["auto", "varisat"] {
            let (cnf_path, cnf) = export(
                dir.path(),
                &format!("{name}-u-{engine}"),
                &["--uniqueness", "--engine", engine, puzzle],
            );
            assert!(
                varisat_solve(&cnf).is_none(),
                "{name} ({engine}): unique, so its query is UNSAT"
            );
            satdoku()
                .args(["decode", "-p"])
                .arg(&cnf_path)
                .write_stdin(competition(None))
                .assert()
                .code(0)
                .stdout(predicate::str::starts_with("unique\n"));
        }
    }
}

#[test]
fn uniqueness_queries_with_extra_cells_decode() {
    // The blocked solution in the header carries the extra cells after `+` (and a chaos
    // construction's regions after `/`): decode reads it back. r5c1 and r5c2 repeat r1c1
    // and r1c2.
    let dir = tempfile::tempdir().unwrap();
    let sums = r#"{"type": "weighted-sum", "cells": ["r5c1", "r1c1"], "weights": [1, -1], "sum": 0}, {"type": "weighted-sum", "cells": ["r5c2", "r1c2"], "weights": [1, -1], "sum": 0}"#;
    let multi = format!(
        r#"{{"satdoku": 1, "size": 4, "extra": 2, "givens": ["12..", "..12", "....", "...."], "constraints": [{sums}]}}"#
    );
    let (cnf_path, cnf) = export(dir.path(), "extra", &["--uniqueness", &multi]);
    let first = blocked_solution(&cnf);
    assert!(first.ends_with("+12"), "{first}");
    let model = varisat_solve(&cnf).expect("several solutions: the query is SAT");
    let out = satdoku()
        .args(["decode", "-f", "line", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(Some(&model)))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[..2], ["multiple", first.as_str()], "{stdout}");
    assert!(lines[2].ends_with("+12") && lines[2] != first, "{stdout}");
    // a chaos construction with extra cells: unique, and the query says so
    let chaos = CHAOS.replacen(
        r#""constraints": ["#,
        &format!(r#""extra": 2, "constraints": [{sums}, "#),
        1,
    );
    let (cnf_path, cnf) = export(dir.path(), "chaos-extra", &["--uniqueness", &chaos]);
    let first = blocked_solution(&cnf);
    assert!(first.contains('+') && first.contains('/'), "{first}");
    assert!(
        varisat_solve(&cnf).is_none(),
        "unique, so its query is UNSAT"
    );
    satdoku()
        .args(["decode", "-f", "line", "-p"])
        .arg(&cnf_path)
        .write_stdin(competition(None))
        .assert()
        .code(0)
        .stdout(format!("unique\n{first}\n"));
}
