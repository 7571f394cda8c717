//! Test support for the rule files, one toolkit for all: a brute-force solution counter that
//! shares nothing with the SAT path, small puzzles and solved grids, count comparisons, the
//! checker's verdicts and serde checks.
//!
//! The counter fills cells in row-major order with digits that do not repeat in the row, column or
//! region (the classic rules, written out here; none on a raw grid), and counts the full grids that
//! [`Puzzle::verify`] accepts. Variant rules are therefore judged only by their own checkers.
//! Extra cells (outside the grid) come last and take any value.

use crate::format::text::parse_one;
pub use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::Constraint;
use crate::solve::{self, Session, Simplify};

/// Counts the solutions of `puzzle` by exhaustive search, up to `limit`.
pub fn brute_force_count(puzzle: &Puzzle, limit: usize) -> usize {
    let mut grid = puzzle.givens().clone();
    let mut count = 0;
    fn fits(grid: &Grid, shape: &crate::geometry::Shape, cell: Cell, d: Digit) -> bool {
        if shape.is_extra(cell) {
            // in no house: any value, judged by the rules' checkers
            return true;
        }
        let (rows, cols) = (grid.rows(), grid.cols());
        let region = shape.region_of(cell);
        // a raw grid's rows and columns may repeat (and it has no regions)
        let lines_ok = shape.is_raw()
            || ((0..cols).all(|k| grid.get(Cell::from_index(cell.r(), k)) != Some(d))
                && (0..rows).all(|k| grid.get(Cell::from_index(k, cell.c())) != Some(d)));
        lines_ok
            && (region.is_none()
                || shape
                    .cells()
                    .filter(|&o| shape.region_of(o) == region)
                    .all(|o| grid.get(o) != Some(d)))
    }
    fn go(puzzle: &Puzzle, grid: &mut Grid, pos: usize, count: &mut usize, limit: usize) {
        let (cells, n) = (puzzle.shape().cell_count(), puzzle.shape().cols());
        if *count >= limit {
            return;
        }
        if pos == cells {
            if puzzle.verify(grid).is_ok() {
                *count += 1;
            }
            return;
        }
        let cell = Cell::from_position(pos, n);
        if puzzle.givens().get(cell).is_some() {
            go(puzzle, grid, pos + 1, count, limit);
            return;
        }
        for d in 1..=puzzle.shape().value_count() {
            let d = Digit::new(d);
            if fits(grid, puzzle.shape(), cell, d) {
                grid.set(cell, Some(d));
                go(puzzle, grid, pos + 1, count, limit);
                grid.set(cell, None);
            }
        }
    }
    go(puzzle, &mut grid, 0, &mut count, limit);
    count
}

/// Asserts that the SAT count of `puzzle` equals the brute-force count (both capped at
/// `limit`), and returns the count.
pub fn assert_count_matches(puzzle: &Puzzle, limit: usize) -> usize {
    let brute = brute_force_count(puzzle, limit);
    let sat = solve::count(puzzle, limit).expect("SAT count");
    assert_eq!(
        sat.found, brute,
        "SAT count {} (capped: {}) differs from brute force {brute}",
        sat.found, sat.capped
    );
    brute
}

/// The empty 4×4 grid (288 classic solutions).
pub const EMPTY4: &str = "................";
/// A 4×4 grid with two givens.
pub const GIVENS4: &str = "1...\n....\n..2.\n....";
/// A solved 4×4 grid.
pub const FOUR: &str = "1234341221434321";
/// Two givens of [`FOUR`] (r1c1 = 1, r3c3 = 4).
pub const FOUR_GIVENS: &str = "1.........4.....";
/// A solved 6×6 grid (boxes 2×3):
/// ```text
/// 125 346
/// 436 125
/// 241 653
/// 653 214
/// 562 431
/// 314 562
/// ```
pub const SIX: &str = "125346436125241653653214562431314562";
/// Seven givens of [`SIX`]; 594 classic completions, so a brute force is quick.
pub const SIX_GIVENS: &str = "..5..............3.5...4........4.62";
/// [`SIX`] with digits 1 and 2 swapped: still a sudoku, but most sums change.
pub const SIX_SWAPPED: &str = "215346436215142653653124561432324561";
/// Where [`six_by_six`] puts its givens first.
pub const GIVEN_CELLS6: [(usize, usize); 6] = [(1, 1), (2, 5), (3, 3), (4, 4), (5, 2), (6, 6)];
/// Where [`six_by_six`] adds givens, in order, while the classic completions are too many.
const MORE_CELLS6: [(usize, usize); 6] = [(1, 4), (3, 6), (6, 3), (4, 1), (2, 2), (5, 5)];
/// The most classic completions [`six_by_six`] leaves for brute force to walk through.
const MAX_COMPLETIONS6: usize = 3000;
/// How many solutions the count assertions of [`assert_rule`] look for at most.
const LIMIT: usize = 10_000;

/// Cells from 1-based (row, column) pairs.
pub fn cells(rc: &[(usize, usize)]) -> Vec<Cell> {
    rc.iter().map(|&(r, c)| Cell::new(r, c)).collect()
}

/// A pair of cells from 1-based (row, column) pairs.
pub fn cell_pair(a: (usize, usize), b: (usize, usize)) -> [Cell; 2] {
    [Cell::new(a.0, a.1), Cell::new(b.0, b.1)]
}

/// A puzzle from text givens and constraints; panics on an invalid one.
pub fn puzzle(givens: &str, constraints: Vec<Constraint>) -> Puzzle {
    let p = parse_one(givens).unwrap();
    Puzzle::new(p.shape().clone(), p.givens().clone(), constraints).unwrap()
}

/// A full or partial grid from text.
pub fn grid(text: &str) -> Grid {
    parse_one(text).unwrap().givens().clone()
}

/// The SAT count of a puzzle (up to `limit`).
pub fn count(p: &Puzzle, limit: usize) -> usize {
    solve::count(p, limit).unwrap().found
}

/// A 6×6 puzzle with `constraints` whose givens come from a solution of the empty grid
/// under those constraints, so it has at least one solution. Six givens (at
/// [`GIVEN_CELLS6`]), plus more while the classic completions exceed a few thousand, so
/// brute force stays fast.
pub fn six_by_six(constraints: Vec<Constraint>) -> Puzzle {
    let shape = Shape::new(6).unwrap();
    let empty = Puzzle::new(shape.clone(), Grid::empty(6), constraints.clone()).unwrap();
    let sol = solve::some_solution(&empty)
        .unwrap()
        .expect("the constraints allow a 6x6 grid");
    let mut givens = Grid::empty(6);
    let mut more = MORE_CELLS6.iter();
    for &(r, c) in &GIVEN_CELLS6 {
        givens.set(Cell::new(r, c), sol.get(Cell::new(r, c)));
    }
    loop {
        let classic = Puzzle::classic(shape.clone(), givens.clone()).unwrap();
        if brute_force_count(&classic, MAX_COMPLETIONS6 + 1) <= MAX_COMPLETIONS6 {
            break;
        }
        let &(r, c) = more.next().expect("a few more givens always suffice");
        givens.set(Cell::new(r, c), sol.get(Cell::new(r, c)));
    }
    Puzzle::new(shape, givens, constraints).unwrap()
}

/// The number of solutions (up to `limit`) found when solving `p` with simplification
/// `mode`.
pub fn count_in_mode(p: &Puzzle, mode: Simplify, limit: usize) -> usize {
    let mut session = Session::with_mode(p, mode);
    let mut found = 0;
    while found < limit && session.next_solution().unwrap().is_some() {
        found += 1;
    }
    found
}

/// Asserts that the formula without simplification (and with only the givens folded) has
/// as many solutions as brute force finds: the clauses alone, without `restrict` or
/// singles, say everything.
pub fn complete_without_simplification(p: &Puzzle) {
    let brute = brute_force_count(p, 1000);
    assert_eq!(
        count_in_mode(p, Simplify::None, 1000),
        brute,
        "no simplification"
    );
    assert_eq!(
        count_in_mode(p, Simplify::Givens, 1000),
        brute,
        "givens only"
    );
}

/// Counts on the empty 4×4, the 4×4 with givens, and [`six_by_six`] agree with brute force,
/// with and without simplification on the 4×4 with givens.
pub fn counts_agree(constraints: &[Constraint]) {
    counts_agree_46(constraints, constraints);
}

/// Counts on the empty 4×4, the 4×4 with givens, and a 6×6 built on `six` agree with brute
/// force, for rules whose 4×4 and 6×6 forms differ.
pub fn counts_agree_46(four: &[Constraint], six: &[Constraint]) {
    assert_count_matches(&puzzle(EMPTY4, four.to_vec()), 300);
    let p = puzzle(GIVENS4, four.to_vec());
    assert_count_matches(&p, 300);
    complete_without_simplification(&p);
    counts_agree_6x6(six.to_vec());
}

/// The count on [`six_by_six`] agrees with brute force, for rules that need the room.
pub fn counts_agree_6x6(constraints: Vec<Constraint>) {
    assert_count_matches(&six_by_six(constraints), LIMIT);
}

/// On each givens text: the SAT count with `rule` equals the brute-force count, is not zero,
/// and differs from the classic count (so the rule is enforced). The formula without any
/// simplification (no `restrict`, no folding) counts the same: the encoding alone is exact.
pub fn assert_rule(rule: &Constraint, givens: &[&str]) {
    for g in givens {
        let p = puzzle(g, vec![rule.clone()]);
        let with = assert_count_matches(&p, LIMIT);
        assert_eq!(
            count_in_mode(&p, Simplify::None, LIMIT),
            with,
            "{g}: unsimplified formula"
        );
        assert!(with > 0, "{g}: no solution with {rule:?}");
        assert_count(g, vec![rule.clone()], with);
    }
}

/// On `givens`, `rules` leave `expected` solutions, fewer than the classic rules alone: the
/// rules are enforced.
pub fn assert_count(givens: &str, rules: Vec<Constraint>, expected: usize) {
    let without = count(&puzzle(givens, vec![]), LIMIT);
    let with = count(&puzzle(givens, rules), LIMIT);
    assert_eq!(with, expected, "{givens}: count with the rules");
    assert!(
        with < without,
        "{givens}: {with} with the rules, {without} without"
    );
}

/// On `givens`, the classic rules alone leave `classic` solutions and `rules` leave `with`
/// (fewer): for counts cross-checked with an independent solver.
pub fn assert_counts(givens: &str, rules: Vec<Constraint>, classic: usize, with: usize) {
    assert_eq!(
        count(&puzzle(givens, vec![]), LIMIT),
        classic,
        "{givens}: classic count"
    );
    assert_count(givens, rules, with);
}

/// A puzzle without givens under `rules` accepts the full grid `kept` and rejects `broken`,
/// which is a valid classic sudoku: the rejection is the rules' doing.
pub fn assert_checker(rules: &[Constraint], kept: &str, broken: &str) {
    let (kept, broken) = (grid(kept), grid(broken));
    let n = kept.size();
    let shape = Shape::new(n).unwrap();
    let p = Puzzle::new(shape.clone(), Grid::empty(n), rules.to_vec()).unwrap();
    assert_eq!(p.verify(&kept).map_err(|e| e.to_string()), Ok(()));
    let classic = Puzzle::classic(shape, Grid::empty(n)).unwrap();
    assert!(classic.verify(&broken).is_ok(), "{broken:?} is no sudoku");
    assert!(p.verify(&broken).is_err(), "{rules:?} accept {broken:?}");
}

/// Parses `json` as a constraint and checks it: its kind is the JSON's `type`, writing it
/// back and reading again gives the same value, and an unknown field is refused. Returns it.
pub fn round_trip(json: &str) -> Constraint {
    let c: Constraint = serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(v["type"], c.kind(), "{json}");
    let back = serde_json::to_string(&c).unwrap();
    let again: Constraint = serde_json::from_str(&back).unwrap();
    assert_eq!(c, again, "{back}");
    let extra = json.replacen('{', "{\"colour\": \"red\", ", 1);
    rejects(&extra, "unknown field `colour`");
    c
}

/// Asserts that `json` does not parse, and that the error mentions `needle`.
pub fn rejects(json: &str, needle: &str) {
    let e = serde_json::from_str::<Constraint>(json).expect_err(json);
    assert!(e.to_string().contains(needle), "{json}: {e}");
}

/// The validation error of `c` on an `n`×`n` grid.
pub fn invalid(c: &Constraint, n: usize) -> String {
    use crate::rules::Rule;
    c.validate(&Shape::new(n).unwrap())
        .expect_err("the constraint should be invalid")
}

/// For rules that need each cell of their line once (a set of digits, or a strict order):
/// a line that comes back to a cell is refused, naming the cell.
pub fn assert_refuses_revisit(rule: impl Fn(&[(usize, usize)]) -> Vec<Constraint>) {
    let looped = rule(&[(1, 2), (1, 3), (2, 3), (2, 2), (1, 2)]);
    let e = invalid(&looped[0], 4);
    assert!(e.contains("r1c2 appears twice"), "{e}");
    assert!(e.contains("cannot visit a cell twice"), "{e}");
}

/// One native JSON example per rule of this batch (also the examples of the docs).
pub const EXAMPLES: &[&str] = &[
    r#"{"type": "anti-knight"}"#,
    r#"{"type": "anti-king"}"#,
    r#"{"type": "non-consecutive", "except": [["r1c1", "r1c2"]]}"#,
    r#"{"type": "disjoint-groups"}"#,
    r#"{"type": "negative-ratio", "ratios": [2], "except": [["r1c1", "r2c1"]]}"#,
    r#"{"type": "negative-xv", "except": [["r1c1", "r1c2"]]}"#,
    r#"{"type": "extra-region", "cells": ["r1c1", "r2c2", "r3c3"]}"#,
    r#"{"type": "difference", "cells": ["r1c1", "r1c2"], "value": 1}"#,
    r#"{"type": "ratio", "cells": ["r1c1", "r2c1"], "value": 2}"#,
    r#"{"type": "xv", "cells": ["r1c1", "r1c2"], "value": "V"}"#,
    r#"{"type": "sum-dot", "cells": ["r2c2", "r3c2"], "sum": 5}"#,
    r#"{"type": "odd", "cells": ["r1c1", "r2c3"]}"#,
    r#"{"type": "even", "cells": ["r1c2"]}"#,
    r#"{"type": "minimum", "cells": ["r2c2"]}"#,
    r#"{"type": "maximum", "cells": ["r2c2", "r2c3"]}"#,
    r#"{"type": "pencil-marks", "cell": "r1c2", "digits": [2, 3]}"#,
    r#"{"type": "clone", "cells": ["r1c1", "r1c2"], "clones": ["r3c3", "r3c4"]}"#,
    r#"{"type": "quadruple", "cells": ["r2c2", "r2c3", "r3c2", "r3c3"], "digits": [1, 1]}"#,
    r#"{"type": "row-indexer", "cells": ["r1c1", "r2c1"]}"#,
    r#"{"type": "column-indexer", "cells": ["r1c2", "r3c1"]}"#,
    r#"{"type": "box-indexer", "cells": ["r2c2"]}"#,
    r#"{"type": "thermometer", "cells": ["r4c1", "r3c2", "r2c3"]}"#,
    r#"{"type": "slow-thermometer", "cells": ["r2c2", "r3c3", "r3c4"]}"#,
    r#"{"type": "palindrome", "cells": ["r1c1", "r2c2", "r3c3", "r4c4"]}"#,
    r#"{"type": "between-line", "cells": ["r1c1", "r1c2", "r2c3", "r1c4"]}"#,
    r#"{"type": "lockout", "cells": ["r2c1", "r3c2", "r2c3"]}"#,
    r#"{"type": "renban", "cells": ["r1c1", "r2c2", "r3c3"]}"#,
    r#"{"type": "whispers", "cells": ["r1c1", "r1c2", "r2c3"], "difference": 2}"#,
    r#"{"type": "entropic-line", "cells": ["r1c1", "r2c2", "r3c3"]}"#,
    r#"{"type": "modular-line", "cells": ["r1c1", "r1c2", "r2c3"]}"#,
    r#"{"type": "nabner", "cells": ["r1c1", "r2c2"]}"#,
];

/// A 4×4 (or `givens`-sized) chaos construction without boxes.
pub fn chaos_puzzle(givens: &str, rules: Vec<Constraint>) -> Puzzle {
    let g = grid(givens);
    let n = g.size();
    let shape = crate::geometry::Shape::with_regions(n, vec![None; n * n])
        .unwrap()
        .with_chaos()
        .unwrap();
    Puzzle::new(shape, g, rules).unwrap()
}

/// (SAT count of the chaos construction on `givens` with `rules`, how many solutions of the
/// bare one — enumerated without the rules, regions and all — `keep` accepts, how many the
/// bare one has). `keep` judges a solution by its digits and found regions alone, so
/// nothing is shared with the rules' clauses.
pub fn chaos_counts(
    givens: &str,
    rules: Vec<Constraint>,
    mut keep: impl FnMut(&Grid) -> bool,
) -> (usize, usize, usize) {
    let bare = chaos_puzzle(givens, Vec::new());
    let mut kept = 0;
    let all = solve::count_with(&bare, 200_000, |g| {
        if keep(g) {
            kept += 1;
        }
    })
    .unwrap();
    assert!(!all.capped);
    (
        count(&chaos_puzzle(givens, rules), 200_000),
        kept,
        all.found,
    )
}

/// Every 4×4 sudoku (2×2 boxes) as digit indices 1..=4, by plain backtracking.
pub fn all_4x4() -> Vec<[usize; 16]> {
    fn go(g: &mut [usize; 16], i: usize, out: &mut Vec<[usize; 16]>) {
        if i == 16 {
            out.push(*g);
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for d in 1..=4 {
            let clash = (0..i).any(|j| {
                let (rj, cj) = (j / 4, j % 4);
                g[j] == d && (rj == r || cj == c || (rj / 2 == r / 2 && cj / 2 == c / 2))
            });
            if !clash {
                g[i] = d;
                go(g, i + 1, out);
            }
        }
        g[i] = 0;
    }
    let mut out = Vec::new();
    go(&mut [0; 16], 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_four_by_four_has_288_solutions() {
        let p = parse_one("................").unwrap();
        assert_eq!(assert_count_matches(&p, 1000), 288);
    }

    #[test]
    fn six_by_six_with_givens_agrees() {
        let p = parse_one("1.....\n..3...\n....5.\n.2....\n...4..\n.....6").unwrap();
        assert_count_matches(&p, 100_000);
    }

    #[test]
    fn examples_read_back_and_name_their_kind() {
        use crate::rules::Rule;
        for json in EXAMPLES {
            let c = round_trip(json);
            // every example is valid on some grid of 4x4 or 6x6 (entropic needs 6x6)
            let n = if c.kind() == "entropic-line" { 6 } else { 4 };
            c.validate(&Shape::new(n).unwrap())
                .unwrap_or_else(|e| panic!("{json}: {e}"));
        }
    }
}
