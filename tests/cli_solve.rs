//! `satdoku solve` end to end: formats, several solutions, `--unique`, no solution.
//!
//! Exit codes: 0 ok, 1 error/invalid, 2 usage, 3 some puzzle has no solution, 4 several
//! solutions (`check`, `solve --unique`, `decode` of a satisfiable uniqueness query).

mod common;

use common::*;
use predicates::prelude::*;

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
            "<argument>:1: several solutions (they differ in 10 cells); none printed (--unique)",
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
