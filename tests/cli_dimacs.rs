//! `satdoku dimacs` end to end: the CNF, its header, the uniqueness and exclude queries,
//! `--nth`, `--simplify`, `-o`, closed pipes.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

mod common;

use common::*;
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Read};
use std::process::Stdio;

/// A DIMACS file split into its parts; asserts the `p cnf` line matches the clauses.
struct Cnf {
    comments: Vec<String>,
    vars: usize,
    clauses: Vec<Vec<i64>>,
}

impl Cnf {
    fn parse(text: &str) -> Cnf {
        let mut comments = Vec::new();
        let mut header: Option<(usize, usize)> = None;
        let mut clauses = Vec::new();
        for line in text.lines() {
            if let Some(c) = line.strip_prefix("c ") {
                assert!(header.is_none(), "comment after the p line: {line}");
                comments.push(c.to_string());
            } else if let Some(p) = line.strip_prefix("p cnf ") {
                let nums: Vec<usize> = p.split(' ').map(|x| x.parse().unwrap()).collect();
                assert_eq!(nums.len(), 2, "{line}");
                header = Some((nums[0], nums[1]));
            } else {
                assert!(header.is_some(), "clause before the p line: {line}");
                let lits: Vec<i64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
                assert_eq!(lits.last(), Some(&0), "clause not ended by 0: {line}");
                clauses.push(lits[..lits.len() - 1].to_vec());
            }
        }
        let (vars, count) = header.expect("a p cnf line");
        assert_eq!(count, clauses.len(), "p cnf clause count");
        for c in &clauses {
            for &l in c {
                assert!(
                    l != 0 && l.unsigned_abs() as usize <= vars,
                    "literal {l} > {vars}"
                );
            }
        }
        Cnf {
            comments,
            vars,
            clauses,
        }
    }

    fn comment(&self, key: &str) -> &str {
        self.comments
            .iter()
            .find_map(|c| c.strip_prefix(key))
            .unwrap_or_else(|| panic!("no `c {key}` line in {:?}", self.comments))
    }
}

fn dimacs(args: &[&str]) -> (Cnf, String) {
    let out = satdoku().arg("dimacs").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    (Cnf::parse(&text), text)
}

#[test]
fn dimacs_header_names_puzzle_box_simplification_and_query() {
    let (cnf, _) = dimacs(&[INKALA]);
    assert!(
        cnf.comments[0].starts_with("satdoku "),
        "{:?}",
        cnf.comments
    );
    assert_eq!(cnf.comment("puzzle: "), INKALA);
    assert_eq!(cnf.comment("box: "), "3x3");
    assert_eq!(cnf.comment("simplify: "), "full");
    assert_eq!(cnf.comment("query: "), "solve: a model is a solution");
    // The p line names the largest variable used (no "header mismatch" warnings in solvers).
    let max = |c: &Cnf| {
        c.clauses
            .iter()
            .flatten()
            .map(|l| l.unsigned_abs() as usize)
            .max()
            .unwrap_or(0)
    };
    assert_eq!(cnf.vars, max(&cnf));
    assert!(cnf.vars <= 729);
    assert!(!cnf.clauses.is_empty());
    // The box follows --box; a 6x6 defaults to 2x3.
    let (cnf, _) = dimacs(&["--box", "3x2", SIX]);
    assert_eq!(cnf.comment("box: "), "3x2");
    let (cnf, _) = dimacs(&[SIX]);
    assert_eq!(cnf.comment("box: "), "2x3");
    assert_eq!(cnf.vars, max(&cnf));
    // An empty 4x4 keeps every cell variable and its 384 clauses (448 less the 64 box pairs
    // that a row or column already has).
    let (cnf, _) = dimacs(&[EMPTY4]);
    assert_eq!((cnf.vars, cnf.clauses.len()), (64, 384));
    // A puzzle decided by singles is the empty formula.
    let (cnf, _) = dimacs(&[EASY]);
    assert_eq!(cnf.clauses.len(), 0);
    assert!(
        cnf.comment("decided before encoding (81 cells; ")
            .ends_with(EASY_SOL),
        "{:?}",
        cnf.comments
    );
}

#[test]
fn dimacs_without_solution_is_the_empty_clause() {
    let (cnf, _) = dimacs(&[NONE_SINGLES]);
    assert_eq!(cnf.clauses, vec![Vec::<i64>::new()]);
    assert!(cnf.comments.iter().any(|c| c.starts_with("no solution: ")));
}

#[test]
fn dimacs_output_file_is_written_whole_and_leaves_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("seed.cnf");
    satdoku()
        .args(["dimacs", "-o"])
        .arg(&path)
        .arg(SEED)
        .assert()
        .code(0)
        .stdout("");
    let (_, stdout) = dimacs(&[SEED]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), stdout);
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["seed.cnf"]);
    // Overwriting works the same way.
    satdoku()
        .args(["dimacs", "-o"])
        .arg(&path)
        .arg(FOUR)
        .assert()
        .code(0);
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains(&format!("c puzzle: {FOUR}\n")));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // An unwritable place is an error, and no temporary is left.
    satdoku()
        .args(["dimacs", "-o"])
        .arg(dir.path().join("missing/x.cnf"))
        .arg(FOUR)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("writing"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn dimacs_uniqueness_adds_the_blocking_clause() {
    let (plain, _) = dimacs(&[INKALA]);
    let (cnf, _) = dimacs(&["--uniqueness", INKALA]);
    assert_eq!(cnf.clauses.len(), plain.clauses.len() + 1);
    assert_eq!(&cnf.clauses[..plain.clauses.len()], &plain.clauses[..]);
    assert_eq!(
        cnf.comment("query: "),
        format!("uniqueness: the last clause blocks the solution {INKALA_SOL}; UNSAT means unique")
    );
    // The blocking clause: one negative literal per undecided cell, naming its digit in the
    // solution.
    let block = cnf.clauses.last().unwrap();
    assert!(!block.is_empty());
    let sol: Vec<usize> = INKALA_SOL.bytes().map(|b| (b - b'0') as usize).collect();
    for &l in block {
        assert!(l < 0, "{block:?}");
        let v = (-l - 1) as usize;
        let (cell, d) = (v / 9, v % 9 + 1);
        assert_eq!(sol[cell], d, "variable {} is not the solution's digit", -l);
    }
    // A puzzle without solution has no uniqueness query: exit 3.
    satdoku()
        .args(["dimacs", "--uniqueness", NONE_SEARCH])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains(
            "no solution, so there is no uniqueness query to write",
        ));
}

#[test]
fn dimacs_exclude_blocks_a_given_solution_and_rejects_others() {
    let (plain, _) = dimacs(&[EMPTY4]);
    let (cnf, _) = dimacs(&["--exclude", "1234341221434321", EMPTY4]);
    assert_eq!(cnf.clauses.len(), plain.clauses.len() + 1);
    assert_eq!(
        cnf.comment("query: "),
        "exclude: the last clause blocks the solution 1234341221434321"
    );
    assert_eq!(cnf.clauses.last().unwrap().len(), 16);
    // A valid grid that is not a solution of this puzzle.
    satdoku()
        .args(["dimacs", "--exclude", "1234341221434321", FOUR])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "--exclude: the grid is not a solution of the puzzle",
        ));
    // A grid that breaks the rules, and one that is not full.
    satdoku()
        .args(["dimacs", "--exclude", "1234123412341234", EMPTY4])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--exclude"));
    satdoku()
        .args(["dimacs", "--exclude", FOUR, EMPTY4])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a solution"));
    // --exclude and --uniqueness are two different queries.
    satdoku()
        .args(["dimacs", "--uniqueness", "--exclude", FOUR_SOL, FOUR])
        .assert()
        .code(2);
}

#[test]
fn dimacs_picks_one_puzzle_with_nth() {
    let (cnf, _) = dimacs(&["--nth", "2", "puzzles/classic/9x9-seeds.txt"]);
    assert_eq!(cnf.comment("puzzle: "), INKALA);
    let (cnf, _) = dimacs(&["--nth", "1", "puzzles/classic/9x9-seeds.txt"]);
    assert_eq!(cnf.comment("puzzle: "), SEED);
    satdoku()
        .args(["dimacs", "puzzles/classic/9x9-seeds.txt"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "the input holds more than one puzzle; choose one with --nth K",
        ));
    satdoku()
        .args(["dimacs", "--nth", "9", "puzzles/classic/9x9-seeds.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the input holds 4 puzzles; there is no puzzle 9",
        ));
    // An invalid puzzle cannot be exported.
    satdoku()
        .args(["dimacs", "puzzles/invalid/repeated-in-column.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "r1c1 and r2c1 both hold 4 in column 1",
        ));
}

#[test]
fn dimacs_simplify_none_has_unit_clauses_for_the_givens() {
    let (cnf, _) = dimacs(&["--simplify", "none", SEED]);
    assert_eq!(cnf.comment("simplify: "), "none");
    assert_eq!(cnf.vars, 729);
    let units: Vec<i64> = cnf
        .clauses
        .iter()
        .filter(|c| c.len() == 1)
        .map(|c| c[0])
        .collect();
    let mut expected = Vec::new();
    for (i, b) in SEED.bytes().enumerate() {
        if b != b'.' {
            let (r, c, d) = (i / 9 + 1, i % 9 + 1, (b - b'0') as i64);
            expected.push(((r - 1) * 81 + (c - 1) * 9) as i64 + d);
        }
    }
    assert_eq!(units, expected);
    // Every cell variable is in some clause.
    let mut used = vec![false; 730];
    for c in &cnf.clauses {
        for &l in c {
            used[l.unsigned_abs() as usize] = true;
        }
    }
    assert!(used[1..].iter().all(|&u| u));
    // `givens` and `singles` drop clauses, never add.
    let (givens, _) = dimacs(&["--simplify", "givens", SEED]);
    let (singles, _) = dimacs(&[SEED]);
    assert_eq!(givens.comment("simplify: "), "givens");
    assert!(singles.clauses.len() <= givens.clauses.len());
    assert!(givens.clauses.len() < cnf.clauses.len());
}

#[test]
fn dimacs_to_a_closed_pipe_ends_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(["dimacs", "--simplify", "none", "puzzles/classic/25x25.txt"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("c satdoku"), "{first}");
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status:?} {err}");
    assert!(!err.contains("panicked"), "{err}");
}
