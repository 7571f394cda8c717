//! Test support: a brute-force solution counter that shares nothing with the SAT path.
//!
//! It fills cells in row-major order with digits that do not repeat in the row, column or
//! region (the classic rules, written out here), and counts the full grids that
//! [`Puzzle::verify`] accepts. Variant rules are therefore judged only by their own checkers.

use crate::geometry::{Cell, Digit};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve;

/// Counts the solutions of `puzzle` by exhaustive search, up to `limit`.
pub fn brute_force_count(puzzle: &Puzzle, limit: usize) -> usize {
    let n = puzzle.size();
    let shape = puzzle.shape();
    let mut grid = puzzle.givens().clone();
    let mut count = 0;
    fn fits(grid: &Grid, shape: &crate::geometry::Shape, cell: Cell, d: Digit) -> bool {
        let n = grid.size();
        let region = shape.region_of(cell);
        (0..n).all(|k| grid.get(Cell::from_index(cell.r(), k)) != Some(d))
            && (0..n).all(|k| grid.get(Cell::from_index(k, cell.c())) != Some(d))
            && (region.is_none()
                || shape
                    .cells()
                    .filter(|&o| shape.region_of(o) == region)
                    .all(|o| grid.get(o) != Some(d)))
    }
    fn go(puzzle: &Puzzle, grid: &mut Grid, pos: usize, count: &mut usize, limit: usize) {
        let n = puzzle.size();
        if *count >= limit {
            return;
        }
        if pos == n * n {
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
        for d in 1..=n {
            let d = Digit::new(d);
            if fits(grid, puzzle.shape(), cell, d) {
                grid.set(cell, Some(d));
                go(puzzle, grid, pos + 1, count, limit);
                grid.set(cell, None);
            }
        }
    }
    let _ = (n, shape);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::text::parse_one;

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
}
