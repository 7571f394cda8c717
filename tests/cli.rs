//! The `satdoku` binary end to end: every command, output format and exit code, checked on
//! exit status, stdout and stderr.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

use assert_cmd::Command;
use predicates::prelude::*;
use satdoku::format::text::TextOptions;
use satdoku::{parse_one, parse_one_with, Grid, Puzzle};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

const EMPTY4: &str = "................";
/// `puzzles/classic/4x4.txt` and its solution.
const FOUR: &str = "...4..3.....3.2.";
const FOUR_SOL: &str = "2314413212433421";
/// `puzzles/classic/6x6.txt` (boxes 2x3) and its solution.
const SIX: &str = "......43....12.4......3.....6.5....1";
const SIX_SOL: &str = "251643436215123456645132312564564321";
/// The first puzzle of `puzzles/classic/9x9-seeds.txt` and its solution.
const SEED: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SEED_SOL: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// Inkala 2012, the second seed.
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOL: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// The Wikipedia example, decided by singles alone.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOL: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A 9x9 with several solutions (the first of serg's benchmark set).
const MULTI: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
/// No solution, found only by search (Inkala 2012 with a 2 added at r1c2).
const NONE_SEARCH: &str =
    "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// No solution: r1c9 sees 1-8 in its row and 9 in its column.
const NONE_SINGLES: &str =
    "12345678.........9...............................................................";

fn satdoku() -> Command {
    Command::cargo_bin("satdoku").unwrap()
}

fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json_lines(out: &std::process::Output) -> Vec<Value> {
    stdout_of(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn grid(line: &str) -> Grid {
    parse_one(line).unwrap().givens().clone()
}

/// Asserts that `solution` solves `puzzle` (both as printed lines, default boxes).
fn assert_solves(puzzle: &str, solution: &str) {
    let p = parse_one(puzzle).unwrap();
    let g = grid(solution);
    p.verify(&g)
        .unwrap_or_else(|e| panic!("{solution} does not solve {puzzle}: {e}"));
}

fn write_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

// ---------------------------------------------------------------------------------------
// solve
// ---------------------------------------------------------------------------------------

#[test]
fn solve_prints_lines_by_default_off_a_terminal() {
    let out = satdoku()
        .args(["solve", "puzzles/classic/4x4.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out), format!("{FOUR_SOL}\n"));
    let err = stderr_of(&out);
    assert!(
        err.starts_with("satdoku solve: 1 puzzle: 1 unique, 0 multiple, 0 none, 0 invalid;"),
        "{err}"
    );
    // -q drops the summary.
    satdoku()
        .args(["solve", "-q", "-f", "line", "puzzles/classic/4x4.txt"])
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n"))
        .stderr("");
}

#[test]
fn solve_pretty_prints_boxed_grids() {
    satdoku()
        .args(["solve", "-q", "-f", "pretty", "puzzles/classic/4x4.txt"])
        .assert()
        .code(0)
        .stdout(
            "puzzles/classic/4x4.txt:5: solved\n\
             +-----+-----+\n\
             | 2 3 | 1 4 |\n\
             | 4 1 | 3 2 |\n\
             +-----+-----+\n\
             | 1 2 | 4 3 |\n\
             | 3 4 | 2 1 |\n\
             +-----+-----+\n\n",
        );
    // 6x6 boxes are 2 rows x 3 columns.
    let out = satdoku()
        .args(["solve", "-q", "-f", "pretty", SIX])
        .output()
        .unwrap();
    assert_eq!(
        stdout_of(&out),
        "<argument>:1: solved\n\
         +-------+-------+\n\
         | 2 5 1 | 6 4 3 |\n\
         | 4 3 6 | 2 1 5 |\n\
         +-------+-------+\n\
         | 1 2 3 | 4 5 6 |\n\
         | 6 4 5 | 1 3 2 |\n\
         +-------+-------+\n\
         | 3 1 2 | 5 6 4 |\n\
         | 5 6 4 | 3 2 1 |\n\
         +-------+-------+\n\n"
    );
}

#[test]
fn solve_json_has_status_solution_and_location() {
    let out = satdoku()
        .args(["solve", "-q", "-f", "json", "puzzles/classic/9x9-seeds.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let recs = json_lines(&out);
    assert_eq!(recs.len(), 4);
    let lines: Vec<u64> = recs.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [4, 6, 8, 10]);
    for r in &recs {
        assert_eq!(r["status"], "solved");
        assert_eq!(r["unique"], true);
        assert_eq!(r["size"], 9);
        assert_eq!(r["source"], "puzzles/classic/9x9-seeds.txt");
        assert_solves(
            r["puzzle"].as_str().unwrap(),
            r["solution"].as_str().unwrap(),
        );
        assert!(r["cnf"]["vars"].as_u64().is_some());
        assert!(r.get("stats").is_none(), "stats only with --stats");
    }
    assert_eq!(recs[0]["puzzle"], SEED);
    assert_eq!(recs[0]["solution"], SEED_SOL);
    assert_eq!(recs[1]["solution"], INKALA_SOL);
    assert_eq!(recs[3]["solution"], EASY_SOL);
    // --stats adds the search figures; the easy one needs no search.
    let out = satdoku()
        .args(["solve", "-q", "-f", "json", "--stats", EASY])
        .output()
        .unwrap();
    let r = &json_lines(&out)[0];
    assert_eq!(r["stats"]["decided"], 81);
    assert_eq!(r["stats"]["search"], "simplification");
}

#[test]
fn solve_several_solutions_prints_one_and_exits_0() {
    let out = satdoku().args(["solve", MULTI]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1);
    assert_solves(MULTI, lines[0]);
    let err = stderr_of(&out);
    assert!(
        err.contains("satdoku: <argument>:1: several solutions; printed one"),
        "{err}"
    );
    assert!(err.contains("0 unique, 1 multiple"), "{err}");
    // JSON marks it as not unique and gives the solution printed and a second one.
    let out = satdoku()
        .args(["solve", "-q", "-f", "json", MULTI])
        .output()
        .unwrap();
    let r = &json_lines(&out)[0];
    assert_eq!(r["status"], "multiple");
    assert_eq!(r["solution"], lines[0]);
    assert_eq!(r["solutions"][0], lines[0]);
    // Pretty says so in the heading.
    satdoku()
        .args(["solve", "-q", "-f", "pretty", EMPTY4])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "<argument>:1: solved (one of several)\n",
        ));
}

#[test]
fn solve_unique_refuses_several_solutions_with_exit_4() {
    satdoku()
        .args(["solve", "--unique", MULTI])
        .assert()
        .code(4)
        .stdout("")
        .stderr(predicate::str::contains(
            "<argument>:1: several solutions (they differ in 8 cells); none printed (--unique)",
        ));
    let out = satdoku()
        .args(["solve", "--unique", "-q", "-f", "json", EMPTY4])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let r = &json_lines(&out)[0];
    assert_eq!(r["status"], "multiple");
    assert_eq!(r["unique"], false);
    assert!(
        r.get("solution").is_none(),
        "--unique prints no solution: {r}"
    );
    // A unique puzzle is fine with --unique.
    satdoku()
        .args(["solve", "--unique", "-q", FOUR])
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n"));
}

#[test]
fn solve_without_solution_exits_3_and_says_why() {
    let out = satdoku()
        .args(["solve", "puzzles/classic/none.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout_of(&out), "");
    let err = stderr_of(&out);
    assert!(
        err.contains("satdoku: puzzles/classic/none.txt:4: no solution\n"),
        "{err}"
    );
    // Singles refute the second: the reason names the cell that has no digit left, r1c9
    // (r1c1 holds its given 1).
    assert!(
        err.contains("satdoku: puzzles/classic/none.txt:6: no solution (no digit fits r1c9)"),
        "{err}"
    );
    assert!(
        err.contains("0 unique, 0 multiple, 2 none, 0 invalid"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------
// check
// ---------------------------------------------------------------------------------------

#[test]
fn check_reports_all_four_statuses_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{SEED}\n{MULTI}\n{NONE_SEARCH}\n55{}\n", &SEED[2..]);
    let f = write_file(dir.path(), "mixed.txt", &text);
    let out = satdoku().arg("check").arg(&f).output().unwrap();
    // An invalid puzzle outranks every other outcome.
    assert_eq!(out.status.code(), Some(1));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!(lines[0], format!("unique {SEED_SOL}"));
    assert!(lines[1].starts_with("multiple "), "{}", lines[1]);
    assert_eq!(lines[2], "none");
    let loc = format!("{}:4", f.display());
    assert_eq!(
        lines[3],
        format!("invalid {loc}: r1c1 and r1c2 both hold 5 in row 1")
    );
    let err = stderr_of(&out);
    assert!(
        err.contains(&format!(
            "satdoku: {loc}: r1c1 and r1c2 both hold 5 in row 1"
        )),
        "{err}"
    );
    assert!(
        err.contains("satdoku check: 4 puzzles: 1 unique, 1 multiple, 1 none, 1 invalid"),
        "{err}"
    );
}

#[test]
fn check_exit_codes_follow_the_worst_outcome() {
    let code = |args: &[&str]| {
        satdoku()
            .arg("check")
            .args(args)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(code(&[SEED]), Some(0));
    assert_eq!(code(&[SEED, MULTI]), Some(4));
    assert_eq!(code(&[MULTI, NONE_SEARCH, SEED]), Some(3));
    assert_eq!(code(&[MULTI, NONE_SEARCH, "1..5............"]), Some(1));
}

#[test]
fn check_multiple_names_the_cells_where_two_solutions_differ() {
    let out = satdoku()
        .args(["check", "-q", "-f", "json", MULTI])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let r = &json_lines(&out)[0];
    assert_eq!(r["status"], "multiple");
    assert_eq!(r["unique"], false);
    let sols: Vec<&str> = r["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(sols.len(), 2);
    assert_ne!(sols[0], sols[1]);
    for s in &sols {
        assert_solves(MULTI, s);
    }
    let diff: Vec<String> = grid(sols[0])
        .diff(&grid(sols[1]))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(r["differ"], serde_json::json!(diff));
    assert_eq!(
        diff,
        ["r5c1", "r5c2", "r5c3", "r8c1", "r8c4", "r9c2", "r9c3", "r9c4"]
    );
    // Line format: multiple A B cells.
    let out = satdoku().args(["check", "-q", MULTI]).output().unwrap();
    let stdout = stdout_of(&out);
    let words: Vec<&str> = stdout.trim_end().split(' ').collect();
    assert_eq!(words.len(), 4);
    assert_eq!(words[0], "multiple");
    assert_eq!(words[1], sols[0]);
    assert_eq!(words[2], sols[1]);
    assert_eq!(words[3], diff.join(","));
    // Pretty: the heading names the cells, then both grids.
    let out = satdoku()
        .args(["check", "-q", "-f", "pretty", EMPTY4])
        .output()
        .unwrap();
    let stdout = stdout_of(&out);
    assert!(
        stdout.starts_with("<argument>:1: multiple — two solutions differ in 4: "),
        "{stdout}"
    );
    assert_eq!(stdout.matches("+-----+-----+").count(), 6, "{stdout}");
}

#[test]
fn check_pretty_and_json_for_unique_and_none() {
    let out = satdoku()
        .args(["check", "-q", "-f", "pretty", FOUR, NONE_SINGLES])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        stdout_of(&out),
        "<argument>:1: unique\n\
         +-----+-----+\n\
         | 2 3 | 1 4 |\n\
         | 4 1 | 3 2 |\n\
         +-----+-----+\n\
         | 1 2 | 4 3 |\n\
         | 3 4 | 2 1 |\n\
         +-----+-----+\n\n\
         <argument>:1: none (no digit fits r1c9)\n\n"
    );
    let out = satdoku()
        .args(["check", "-q", "-f", "json", NONE_SINGLES, NONE_SEARCH])
        .output()
        .unwrap();
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "none");
    assert_eq!(recs[0]["reason"], "no digit fits r1c9");
    assert_eq!(recs[1]["status"], "none");
    assert!(recs[1].get("reason").is_none());
    assert!(recs[1].get("solution").is_none());
}

// ---------------------------------------------------------------------------------------
// count
// ---------------------------------------------------------------------------------------

#[test]
fn count_empty_4x4_is_288() {
    satdoku()
        .args(["count", "-q", EMPTY4])
        .assert()
        .code(0)
        .stdout("288\n");
    // A limit equal to the count is not capped.
    satdoku()
        .args(["count", "-q", "--limit", "288", EMPTY4])
        .assert()
        .code(0)
        .stdout("288\n");
    satdoku()
        .args(["count", "-q", "-f", "pretty", FOUR])
        .assert()
        .code(0)
        .stdout("<argument>:1: 1 solution\n\n");
}

#[test]
fn count_limit_caps_the_output() {
    satdoku()
        .args(["count", "-q", "--limit", "10", EMPTY4])
        .assert()
        .code(0)
        .stdout("more than 10\n");
    satdoku()
        .args(["count", "-q", "--limit", "287", EMPTY4])
        .assert()
        .code(0)
        .stdout("more than 287\n");
    let out = satdoku()
        .args(["count", "-q", "-f", "json", "--limit", "10", EMPTY4, FOUR])
        .output()
        .unwrap();
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "counted");
    assert_eq!(recs[0]["count"], 10);
    assert_eq!(recs[0]["capped"], true);
    assert_eq!(recs[1]["count"], 1);
    assert_eq!(recs[1]["capped"], false);
    assert!(
        recs[0].get("solutions").is_none(),
        "solutions only with --all"
    );
    satdoku()
        .args(["count", "-q", "-f", "pretty", "--limit", "10", EMPTY4])
        .assert()
        .stdout("<argument>:1: more than 10 solutions (limit reached; raise --limit)\n\n");
    // A limit of 0 is a usage error.
    satdoku()
        .args(["count", "--limit", "0", EMPTY4])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--limit"));
}

#[test]
fn count_all_prints_every_solution_once() {
    let out = satdoku()
        .args(["count", "-q", "--all", EMPTY4])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 289);
    assert_eq!(lines[288], "288");
    let distinct: std::collections::HashSet<&str> = lines[..288].iter().copied().collect();
    assert_eq!(distinct.len(), 288);
    for l in &lines[..288] {
        assert_solves(EMPTY4, l);
    }
    let out = satdoku()
        .args(["count", "-q", "--all", "-f", "json", "--limit", "5", EMPTY4])
        .output()
        .unwrap();
    let r = &json_lines(&out)[0];
    assert_eq!(r["count"], 5);
    assert_eq!(r["capped"], true);
    assert_eq!(r["solutions"].as_array().unwrap().len(), 5);
}

#[test]
fn count_of_a_puzzle_without_solution_is_zero() {
    // `count` reports counts, not verdicts: zero solutions print 0 and exit 0.
    satdoku()
        .args(["count", "-q", NONE_SEARCH, NONE_SINGLES, "1..5............"])
        .assert()
        .code(1)
        .stdout("0\n0\n")
        .stderr(predicate::str::contains("out of range for a 4x4"));
    satdoku()
        .args(["count", "-q", NONE_SEARCH])
        .assert()
        .code(0)
        .stdout("0\n");
}

// ---------------------------------------------------------------------------------------
// dimacs
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// decode
// ---------------------------------------------------------------------------------------

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
        &competition(varisat_solve(&cnf).as_deref()),
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
        &minisat(varisat_solve(&cnf).as_deref()),
    );
    let puzzle = write_file(dir.path(), "six.txt", &format!("{SIX}\n"));
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
    let first = cnf
        .lines()
        .find_map(|l| l.strip_prefix("c query: uniqueness: the last clause blocks the solution "))
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
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
    let blocked = cnf
        .lines()
        .find_map(|l| l.strip_prefix("c query: uniqueness: the last clause blocks the solution "))
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
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

// ---------------------------------------------------------------------------------------
// input
// ---------------------------------------------------------------------------------------

#[test]
fn stdin_is_read_with_dash_and_without_arguments() {
    let input = std::fs::read_to_string("puzzles/classic/9x9-seeds.txt").unwrap();
    let expected = format!("{SEED_SOL}\n{INKALA_SOL}\n");
    let two: String = input.lines().take(6).map(|l| format!("{l}\n")).collect();
    satdoku()
        .args(["solve", "-q", "-"])
        .write_stdin(two.clone())
        .assert()
        .code(0)
        .stdout(expected.clone());
    satdoku()
        .args(["solve", "-q"])
        .write_stdin(two)
        .assert()
        .code(0)
        .stdout(expected);
    // Locations name stdin as `-`.
    satdoku()
        .args(["check", "-q", "-f", "json"])
        .write_stdin(format!("\n{FOUR}\n"))
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("\"line\":2,")
                .and(predicate::str::contains("\"source\":\"-\"")),
        );
}

#[test]
fn several_files_are_read_in_order() {
    let out = satdoku()
        .args([
            "solve",
            "-q",
            "puzzles/classic/6x6.txt",
            "puzzles/classic/4x4.txt",
            "-",
            "puzzles/classic/9x9-seeds.txt",
        ])
        .write_stdin(format!("{EASY}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_of(&out),
        format!(
            "{SIX_SOL}\n{FOUR_SOL}\n{EASY_SOL}\n{SEED_SOL}\n{INKALA_SOL}\n\
             162857493534129678789643521475312986913586742628794135356478219241935867897261354\n\
             {EASY_SOL}\n"
        )
    );
}

#[test]
fn an_inline_puzzle_argument_is_read_as_a_puzzle() {
    satdoku()
        .args(["solve", "-q", SEED, FOUR])
        .assert()
        .code(0)
        .stdout(format!("{SEED_SOL}\n{FOUR_SOL}\n"));
    // Spaces and separators are allowed in an inline puzzle.
    satdoku()
        .args(["solve", "-q", "...4 ..3. .... 3.2."])
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n"));
    // A missing file that does not look like a puzzle is a missing file.
    satdoku()
        .args(["solve", "-q", "no/such/file.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no/such/file.txt: cannot open"));
}

#[test]
fn crlf_line_endings_read_as_usual() {
    // A block grid and a line puzzle with Windows line endings, comments included.
    let mut text = String::from("# a 4x4 block grid\r\n");
    for r in 0..4 {
        text.push_str(&FOUR[r * 4..r * 4 + 4]);
        text.push_str("\r\n");
    }
    text.push_str("\r\n");
    text.push_str(SEED);
    text.push_str(" # and a line puzzle\r\n");
    satdoku()
        .args(["solve", "-q"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(format!("{FOUR_SOL}\n{SEED_SOL}\n"));
    satdoku()
        .args(["solve", "-q", "puzzles/classic/crlf.txt"])
        .assert()
        .code(0)
        .stdout(format!("{SEED_SOL}\n"));
}

#[test]
fn box_shapes_follow_the_box_option() {
    satdoku()
        .args(["solve", "-q", "--box", "2x3", SIX])
        .assert()
        .code(0)
        .stdout(format!("{SIX_SOL}\n"));
    // 3x2 boxes make another puzzle, with another solution valid for those boxes.
    let out = satdoku()
        .args(["solve", "-q", "--box", "3x2", SIX])
        .output()
        .unwrap();
    let sol = stdout_of(&out);
    let sol = sol.trim();
    assert_ne!(sol, SIX_SOL);
    let opts = TextOptions {
        box_shape: Some((3, 2)),
        ..TextOptions::default()
    };
    let p: Puzzle = parse_one_with(SIX, &opts).unwrap();
    assert_eq!(p.shape().box_rows(), 3);
    p.verify(parse_one_with(sol, &opts).unwrap().givens())
        .unwrap();
    // … and not for the default 2x3 boxes.
    let sol_grid = parse_one_with(sol, &opts).unwrap().givens().clone();
    assert!(parse_one(SIX).unwrap().verify(&sol_grid).is_err());
    // A box that does not fit the grid is an error for that puzzle.
    satdoku()
        .args(["solve", "--box", "3x3", FOUR])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "<argument>:1: --box 3x3 is for 9x9 grids, but this puzzle has 16 cells (4x4)",
        ));
    satdoku()
        .args(["check", "--box", "3x3", "-f", "json", FOUR])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"status\":\"invalid\""));
    satdoku()
        .args(["solve", "--box", "two", FOUR])
        .assert()
        .code(2) // a usage error, caught when the command line is read
        .stderr(predicate::str::contains("cannot read box shape \"two\""));
}

#[test]
fn custom_symbols_read_and_print_a_hex_16x16() {
    let text = std::fs::read_to_string("puzzles/classic/16x16.txt").unwrap();
    let solution = text
        .lines()
        .find_map(|l| l.strip_prefix("# solution: "))
        .unwrap()
        .trim();
    let puzzle = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap()
        .trim();
    // 1-9A-G become 0-9A-F.
    let hex = |s: &str| -> String {
        s.chars()
            .map(|c| match "123456789ABCDEFG".find(c) {
                Some(i) => "0123456789ABCDEF".as_bytes()[i] as char,
                None => c,
            })
            .collect()
    };
    let (hp, hs) = (hex(puzzle), hex(solution));
    assert!(hp.contains('0'));
    satdoku()
        .args(["solve", "-q", "--symbols", "0123456789ABCDEF", &hp])
        .assert()
        .code(0)
        .stdout(format!("{hs}\n"));
    // Pretty and JSON use the same alphabet.
    let out = satdoku()
        .args([
            "check",
            "-q",
            "-f",
            "json",
            "--symbols",
            "0123456789ABCDEF",
            &hp,
        ])
        .output()
        .unwrap();
    let r = &json_lines(&out)[0];
    assert_eq!(r["puzzle"], hp.as_str());
    assert_eq!(r["solution"], hs.as_str());
    // A symbol outside the alphabet is located.
    let bad = format!("G{}", &hp[1..]);
    satdoku()
        .args(["solve", "--symbols", "0123456789ABCDEF", &bad])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<argument>:1:1:"));
    // A bad alphabet is an error before any puzzle.
    satdoku()
        .args(["solve", "--symbols", "0012", FOUR])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("appears twice"));
}

#[test]
fn csv_solutions_are_compared_with_the_ones_found() {
    let quiz = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    let sol = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
    // Digits 1 and 2 swapped: a valid grid, but another one.
    let other: String = sol
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    let text = format!("quizzes,solutions\r\n{quiz},{sol}\r\n{quiz},{other}\r\n{quiz}\r\n");
    let out = satdoku()
        .args(["check", "-q"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_of(&out),
        format!(
            "unique {sol}\n\
             invalid -:3: unique, but the solution differs from the one stated beside the \
             puzzle in 18 cells, first r1c6\n\
             unique {sol}\n"
        )
    );
}

#[test]
fn a_batch_goes_on_past_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let unknown = format!("{}?{}", &SEED[..4], &SEED[5..]);
    let lines = [
        SEED.to_string(),               // 1: good
        unknown,                        // 2: unknown symbol at column 5
        INKALA.to_string(),             // 3: good
        SEED[..9].to_string(),          // 4: a truncated line (9 cells)
        EASY.to_string(),               // 5: good
        FOUR.to_string(),               // 6: good
        SEED[..80].to_string(),         // 7: 80 cells
        MULTI.to_string(),              // 8: good (several solutions)
        "1..5............".to_string(), // 9: digit out of range at column 4
        SEED.to_string(),               // 10: good
    ];
    let f = write_file(dir.path(), "batch.txt", &(lines.join("\n") + "\n"));
    let name = f.display().to_string();
    let out = satdoku().arg("solve").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let solved: Vec<&str> = stdout.lines().collect();
    assert_eq!(solved.len(), 6, "every good puzzle is solved:\n{stdout}");
    assert_eq!(solved[0], SEED_SOL);
    assert_eq!(solved[1], INKALA_SOL);
    assert_eq!(solved[2], EASY_SOL);
    assert_eq!(solved[3], FOUR_SOL);
    assert_solves(MULTI, solved[4]);
    assert_eq!(solved[5], SEED_SOL);
    let err = stderr_of(&out);
    for located in [
        format!("satdoku: {name}:2:5: unknown symbol '?'"),
        format!("satdoku: {name}:4"),
        format!("satdoku: {name}:7: 80 cells"),
        format!("satdoku: {name}:9:4: r1c4: \"5\" is digit 5, out of range for a 4x4 grid"),
    ] {
        assert!(err.contains(&located), "{located:?} not in:\n{err}");
    }
    assert!(
        err.contains("satdoku solve: 10 puzzles: 5 unique, 1 multiple, 0 none, 4 invalid"),
        "{err}"
    );
}

#[test]
fn a_short_row_in_a_block_grid_does_not_cost_the_next_grid() {
    // Two 4x4 block grids; the first has a short row.
    let text = "1..4\n..3\n....\n3.2.\n\n...4\n..3.\n....\n3.2.\n";
    let out = satdoku()
        .args(["solve", "-q"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_of(&out), format!("{FOUR_SOL}\n"));
    let err = stderr_of(&out);
    assert!(
        err.contains("-:2: 3 cells in this row of the block grid begun at line 1; expected 4"),
        "{err}"
    );
}

#[test]
fn binary_garbage_is_an_error_not_a_crash() {
    satdoku()
        .args(["check", "puzzles/invalid/binary-garbage.bin"])
        .assert()
        .code(1)
        .stdout("invalid puzzles/invalid/binary-garbage.bin:1: binary data, not puzzle text (skipped)\n")
        .stderr(predicate::str::contains("binary data").and(predicate::str::contains("panicked").not()));
    // Binary bytes on stdin.
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 256) as u8).collect();
    satdoku()
        .args(["solve"])
        .write_stdin(bytes)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("binary data"));
    // Invalid UTF-8 (no NUL) after a good puzzle: located, and the next puzzle is solved.
    let mut text = format!("{FOUR}\n").into_bytes();
    text.extend_from_slice(b"..\xff\xfe..\n");
    text.extend_from_slice(format!("{SEED}\n").as_bytes());
    satdoku()
        .args(["solve", "-q"])
        .write_stdin(text)
        .assert()
        .code(1)
        .stdout(format!("{FOUR_SOL}\n{SEED_SOL}\n"))
        .stderr(predicate::str::contains("-:2:3: not valid UTF-8 text"));
}

#[test]
fn empty_input_is_an_error() {
    for input in ["", "\n\n", "# only a comment\n"] {
        satdoku()
            .args(["check"])
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout("invalid -: no puzzle in this input (empty, or only comments)\n")
            .stderr(predicate::str::contains("-: no puzzle in this input"));
    }
    satdoku()
        .args(["solve", "puzzles/invalid/empty.txt"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "puzzles/invalid/empty.txt: no puzzle in this input",
        ));
    // An empty file among good ones: the others are solved.
    satdoku()
        .args(["solve", "-q", "puzzles/invalid/empty.txt", FOUR])
        .assert()
        .code(1)
        .stdout(format!("{FOUR_SOL}\n"));
}

#[test]
fn a_100_mb_line_is_a_clear_error_in_bounded_time() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        let block = vec![b'1'; 1 << 20];
        for _ in 0..100 {
            f.write_all(&block).unwrap();
        }
        writeln!(f).unwrap();
        writeln!(f, "{SEED}").unwrap();
    }
    let start = Instant::now();
    let out = satdoku().arg("solve").arg(&path).output().unwrap();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(60), "took {took:?}");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_of(&out), format!("{SEED_SOL}\n"));
    let err = stderr_of(&out);
    assert!(
        err.contains(&format!(
            "{}:1: line is longer than 65536 bytes; not a puzzle (skipped)",
            path.display()
        )),
        "{err}"
    );
    assert!(err.len() < 4096, "the error does not echo the line");
}

#[test]
fn broken_pipe_ends_quietly_without_a_panic() {
    // `count --all` on empty 4x4s prints 289 lines per puzzle; 100 of them overflow any pipe
    // buffer, so the reader's early close is seen by the writer.
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(
        dir.path(),
        "empties.txt",
        &format!("{EMPTY4}\n").repeat(100),
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(["count", "--all", "--layout", "line"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.len(), 17, "{first:?}");
    // The reader is gone.
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(
        status.code(),
        Some(0),
        "not a signal or a failure: {status:?}; {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn thread_count_does_not_change_the_output() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("puzzles/classic")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10);
    let dir = tempfile::tempdir().unwrap();
    let big = Path::new("../shared/puzzles/classic/17_clue.txt");
    if big.exists() {
        let text = std::fs::read_to_string(big).unwrap();
        let head: String = text.lines().take(2000).map(|l| format!("{l}\n")).collect();
        files.push(write_file(dir.path(), "17_clue_2000.txt", &head));
    } else {
        eprintln!(
            "note: {} is missing; threads compared on puzzles/classic only",
            big.display()
        );
    }
    // `check` prints what `solve` does and more (both solutions of a multiple puzzle); the
    // 25x25 puzzles make each run take a while in a dev build, so one command is enough.
    let run = |threads: &str| {
        satdoku()
            .args(["check", "-q", "-f", "line", "-j", threads])
            .args(&files)
            .output()
            .unwrap()
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one.status.code(), two.status.code());
    let lines = String::from_utf8_lossy(&one.stdout).lines().count();
    assert!(lines >= 15, "{lines} results");
    assert!(one.stdout == two.stdout, "-j 1 and -j 2 differ");
    satdoku()
        .args(["solve", "-j", "0", FOUR])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0 is not in 1..=256"));
}

#[test]
fn serg_multi_solution_puzzles_are_all_multiple() {
    let path = Path::new("../shared/puzzles/classic/serg_benchmark_multi.txt");
    if !path.exists() {
        eprintln!("note: {} is missing; test skipped", path.display());
        return;
    }
    let text = std::fs::read_to_string(path).unwrap();
    let head: String = text.lines().take(200).map(|l| format!("{l}\n")).collect();
    let out = satdoku()
        .args(["check", "-q"])
        .write_stdin(head)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 200);
    for (i, l) in lines.iter().enumerate() {
        assert!(l.starts_with("multiple "), "puzzle {}: {l}", i + 1);
    }
}

// ---------------------------------------------------------------------------------------
// usage
// ---------------------------------------------------------------------------------------

#[test]
fn help_and_version() {
    satdoku().arg("--help").assert().code(0).stdout(
        predicate::str::contains("Usage: satdoku <COMMAND>")
            .and(predicate::str::contains("solve"))
            .and(predicate::str::contains("check"))
            .and(predicate::str::contains("count"))
            .and(predicate::str::contains("dimacs"))
            .and(predicate::str::contains("decode")),
    );
    satdoku()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(format!("satdoku {}\n", env!("CARGO_PKG_VERSION")));
    for command in ["solve", "check", "count", "dimacs", "decode"] {
        satdoku()
            .args([command, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(format!(
                "Usage: satdoku {command}"
            )));
    }
}

#[test]
fn usage_errors_exit_2() {
    satdoku()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage"));
    satdoku()
        .args(["solve", "--bogus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unexpected argument '--bogus'"));
    satdoku().arg("frobnicate").assert().code(2);
    satdoku()
        .args(["solve", "-f", "xml", FOUR])
        .assert()
        .code(2);
    // decode needs --puzzle.
    satdoku().arg("decode").assert().code(2);
}
