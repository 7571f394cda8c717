//! An Interactive Sudoku Solver example that uses "or", stated in satdoku's native JSON and
//! solved end to end: the same unique solution as ISS states.
//!
//! Source: "Either/Or" in ISS's data/example_puzzles.js (github.com/sigh/Interactive-Sudoku-Solver,
//! MIT License, (c) 2023 sigh); puzzle sources cited there:
//! https://www.youtube.com/watch?v=j-60lxKeWJI and https://tinyurl.com/npamysvs. Only the
//! clue positions are used (each "or": one of two cells holds a digit); no ISS code.
//! Each ISS token `~RxCy_d` (cell RxCy holds d) is written as a satdoku `pencil-marks` rule
//! with one digit, each `.Or. … .End` as an `or` of them. This test is not an ISS reader
//! (issue 24 item 3): it reads only this example's tokens.

use satdoku::engine::{Engine, EngineKind};
use satdoku::format::json;
use satdoku::solve::check_on;
use satdoku::Verdict;

/// ISS's constraint string for the puzzle (its `input`).
const ISS: &str = ".Or.~R1C2_1.~R1C1_1.End.Or.~R1C2_2.~R1C3_2.End.Or.~R1C3_3.~R1C4_3.End.Or.~R1C5_4.~R1C4_4.End.Or.~R1C6_5.~R1C5_5.End.Or.~R1C6_6.~R1C7_6.End.Or.~R1C7_7.~R1C8_7.End.Or.~R1C8_8.~R1C9_8.End.Or.~R9C1_1.~R9C2_1.End.Or.~R9C3_2.~R9C2_2.End.Or.~R9C4_3.~R9C3_3.End.Or.~R9C4_4.~R9C5_4.End.Or.~R9C6_5.~R9C5_5.End.Or.~R9C7_6.~R9C6_6.End.Or.~R9C7_7.~R9C8_7.End.Or.~R9C9_8.~R9C8_8.End.Or.~R3C3_3.~R3C2_3.End.Or.~R3C8_9.~R3C9_9.End.Or.~R3C5_6.~R3C6_6.End.Or.~R3C1_4.~R3C2_4.End.Or.~R3C4_7.~R3C5_7.End.Or.~R3C7_1.~R3C8_1.End.Or.~R7C3_5.~R7C4_5.End.Or.~R7C2_6.~R7C3_6.End.Or.~R5C2_6.~R5C3_6.End.Or.~R5C1_4.~R5C2_4.End.Or.~R7C6_4.~R7C7_4.End.Or.~R7C8_3.~R7C7_3.End.Or.~R5C7_3.~R5C8_3.End.Or.~R5C9_7.~R5C8_7.End.Or.~R7C4_7.~R7C5_7.End.Or.~R7C6_1.~R7C5_1.End.Or.~R5C5_3.~R4C5_3.End.Or.~R6C5_8.~R5C5_8.End.Or.~R5C5_9.~R5C6_9.End.Or.~R5C4_2.~R5C5_2.End";

/// ISS's stated solution.
const SOLUTION: &str =
    "912345678657198243438762195281637954546289317379514826865971432794823561123456789";

/// The puzzle in native JSON: one `or` per ISS `Or` group.
fn native() -> String {
    let mut rules = Vec::new();
    for group in ISS.split(".Or.").filter(|g| !g.is_empty()) {
        let body = group.strip_suffix(".End").expect("every group ends");
        let branches: Vec<String> = body
            .split('.')
            .map(|t| {
                let t = t.strip_prefix("~R").expect("a cell token");
                let (cell, digit) = t.split_once('_').expect("cell_digit");
                let (r, c) = cell.split_once('C').expect("RxCy");
                format!(r#"{{"type": "pencil-marks", "cell": "r{r}c{c}", "digits": [{digit}]}}"#)
            })
            .collect();
        rules.push(format!(
            r#"{{"type": "or", "of": [{}]}}"#,
            branches.join(", ")
        ));
    }
    format!(
        r#"{{"satdoku": 1, "size": 9, "constraints": [{}]}}"#,
        rules.join(", ")
    )
}

#[test]
fn either_or_has_issues_unique_solution() {
    let doc = json::from_str(&native()).unwrap();
    assert_eq!(doc.puzzle.constraints().len(), 36);
    // Every engine of the build (guarded clauses go through the one encoder).
    for kind in EngineKind::ALL.into_iter().filter(|k| k.is_built()) {
        match check_on(&doc.puzzle, &Engine::new(kind)).unwrap() {
            Verdict::Unique(grid) => {
                let text: String = grid
                    .cells()
                    .iter()
                    .map(|d| d.unwrap().to_string())
                    .collect();
                assert_eq!(text, SOLUTION, "{kind}");
            }
            other => panic!("{kind}: {other:?}"),
        }
    }
}
