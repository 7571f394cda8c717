//! Little killer: the digits along a diagonal add up to the clue. Digits may repeat (where
//! no row, column or region forbids it).
//!
//! JSON: `{"type":"little-killer","cells":["r1c2","r2c3","r3c4"],"sum":11}` — the cells of
//! one diagonal in order. f-puzzles trap: its clue sits outside the grid with a direction
//! (`littlekillersum` `{cell, direction}`), and the sum covers *every* cell from the clue to
//! the far edge; an importer lists all of them here. On a rectangle the diagonal is the
//! cells listed, and it runs until the grid's edge (a shorter run where the short side
//! stops it).
//!
//! CNF: a layered prefix sum ([`weighted_sum`](crate::cnf::sum::weighted_sum), weights 1): s(i,v) = "the first i cells sum
//! to v", only for v from which the sum is still reachable. `restrict` keeps the digits that
//! lie on some path to the sum.

use super::cell_lists::{cells_ok, describe, sum};
use super::Rule;
use crate::cnf::sum::{sum_mdd, Mdd, Total};
use crate::cnf::Encoder;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A little killer diagonal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LittleKiller {
    /// Cells of one diagonal, each a diagonal step from the previous, all in one direction.
    pub cells: Vec<Cell>,
    /// The sum of their digits.
    pub sum: usize,
}

impl LittleKiller {
    fn mdd(&self, cands: impl Fn(Cell) -> Mask) -> Mdd<i64> {
        let terms: Vec<(Cell, i64)> = self.cells.iter().map(|&c| (c, 1)).collect();
        sum_mdd(&terms, &Total::Value(self.sum as i64), cands)
    }
}

impl Rule for LittleKiller {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if self.cells.is_empty() {
            return Err("the diagonal has no cells".into());
        }
        cells_ok(shape, &self.cells)?;
        let step = |a: Cell, b: Cell| {
            (
                b.r() as isize - a.r() as isize,
                b.c() as isize - a.c() as isize,
            )
        };
        if let [a, b, ..] = self.cells[..] {
            let dir = step(a, b);
            for w in self.cells.windows(2) {
                let d = step(w[0], w[1]);
                if d.0.abs() != 1 || d.1.abs() != 1 || d != dir {
                    return Err(format!(
                        "{} to {} is not a diagonal step in the direction of {a} to {b}",
                        w[0], w[1]
                    ));
                }
            }
        }
        // the digits (indices) reach the number of values, more than the side on grids
        // holding more values than a row
        let (k, n) = (self.cells.len(), shape.value_count());
        if self.sum < k || self.sum > k * n {
            return Err(format!(
                "{k} cells sum to {k} to {}, never {}",
                k * n,
                self.sum
            ));
        }
        Ok(())
    }

    fn sums(&self, _shape: &Shape) -> Vec<crate::linear::Linear> {
        // Σ digits along the diagonal = sum
        let terms = self.cells.iter().map(|&c| (c, 1));
        vec![crate::linear::Linear::equal(terms, self.sum as i64)]
    }

    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        // positions are row-major over the columns (C on a rectangle)
        let cols = shape.cols();
        let mdd = self.mdd(|c| cands[c.position(cols)]);
        mdd.restrict(cols, cands);
    }

    fn encode(&self, enc: &mut Encoder) {
        self.mdd(|c| enc.candidates(c)).encode(enc);
    }

    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let s = sum(grid, &self.cells);
        if s == self.sum {
            Ok(())
        } else {
            Err(format!(
                "diagonal {} sums to {s}, not {}",
                describe(&self.cells),
                self.sum
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn diag(rc: &[(usize, usize)], sum: usize) -> Constraint {
        Constraint::LittleKiller(LittleKiller {
            cells: cells(rc),
            sum,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // 4×4: r1c2 r2c3 r3c4 = 2 + 1 + 3
        assert_rule(
            &diag(&[(1, 2), (2, 3), (3, 4)], 6),
            &["................", FOUR_GIVENS],
        );
        // 6×6: r1c2 … r5c6 = 2 + 6 + 6 + 1 + 1 (repeats allowed); an up-left diagonal too
        let down = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)];
        assert_rule(&diag(&down, 16), &[SIX_GIVENS]);
        assert_rule(&diag(&[(6, 3), (5, 2), (4, 1)], 16), &[SIX_GIVENS]);
    }

    #[test]
    fn checker_and_validation() {
        let rule = diag(&[(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)], 16);
        assert_checker(&[rule], SIX, SIX_SWAPPED);
        assert!(invalid(&diag(&[(1, 1), (2, 2), (3, 1)], 6), 6).contains("not a diagonal step"));
        assert!(invalid(&diag(&[(1, 1), (1, 2)], 3), 6).contains("not a diagonal step"));
        assert!(invalid(&diag(&[(1, 1), (2, 2)], 13), 6).contains("2 to 12, never 13"));
        assert!(invalid(&diag(&[], 1), 6).contains("no cells"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"little-killer","cells":["r1c2","r2c3"],"sum":5}"#),
            diag(&[(1, 2), (2, 3)], 5)
        );
    }
}
