//! X-sum: the clue outside a row or column is the sum of the first X digits read from the
//! clue into the grid, where X is the first of those digits (so it counts itself).
//!
//! JSON: `{"type":"x-sum","clue":"r0c3","sum":15}` (clue cells as in f-puzzles: row or
//! column 0 or N+1). Trap: the direction matters — the same row has different X-sums from
//! its two sides.
//!
//! On a rectangle (R×C holding 1..V, V = max(R, C)) a clue stands beside a line of V cells
//! (the longer side, row 0 or R+1 / column 0 or C+1 as the case may be): every first digit
//! X counts cells that are there. On a shorter line X could count past its end, which the
//! rule does not say how to read, so a clue there is refused.
//!
//! CNF: a layered diagram along the line with states (cells still to add, sum so far): the
//! first digit d starts (d − 1, d); each later digit is added while cells remain; once none
//! remain the state no longer changes. A state is kept only if the cells still to add,
//! different digits of one row or column, can bring the sum to the clue (at least
//! 1 + … + k and at most the k largest digits for k cells; a diagram read cell by cell
//! does not otherwise know they differ); so sums above the clue, and finished sums other
//! than the clue, are never created. Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::{distinct_sums, values};
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// An X-sum clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XSum {
    /// The outside cell naming the row or column and the reading direction.
    pub clue: OutsideClue,
    /// The sum of the first X digits.
    pub sum: usize,
}

impl Rule for XSum {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.value_count();
        self.clue.validate_on(shape)?;
        let len = self.clue.line_on(shape).len();
        if len != n {
            return Err(format!(
                "the X-sum clue {} reads a line of {len} cells, and its first digit may be up \
                 to {n}, past the line's end: an X-sum stands beside a line of {n} cells",
                self.clue
            ));
        }
        let most = n * (n + 1) / 2;
        if self.sum == 0 || self.sum > most {
            return Err(format!(
                "an X-sum over the values 1..{n} is 1 to {most}, not {}",
                self.sum
            ));
        }
        Ok(())
    }

    /// States: `None` before the first cell, then (cells still to add, sum so far).
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let (target, v) = (self.sum, shape.value_count());
        Some(Box::new(Mdd::build(
            &self.clue.line_on(shape),
            cands,
            None,
            |_, &state, d| {
                let (left, sum) = match state {
                    None => (d.get() - 1, d.get()),
                    Some((0, sum)) => (0, sum),
                    Some((left, sum)) => (left - 1, sum + d.get()),
                };
                // the cells still to add lie in one row or column: different digits of
                // 1..V, so they add at least 1 + … + left and at most the `left` largest
                let fits = distinct_sums(left, 1, v)
                    .is_some_and(|(least, most)| sum + least <= target && target <= sum + most);
                fits.then_some(Some((left, sum)))
            },
            |&state| state == Some((0, target)),
        )))
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.clue.line_on(shape));
        let x = vs[0];
        let s: usize = vs[..x].iter().sum();
        if s == self.sum {
            Ok(())
        } else {
            Err(format!(
                "the first {x} digits from {} sum to {s}, not {}",
                self.clue, self.sum
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn x_sum(r: usize, c: usize, sum: usize) -> Constraint {
        Constraint::XSum(XSum {
            clue: OutsideClue::new(r, c),
            sum,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // 4×4: row 2 (3 4 1 2) read from the right: 2, so 2 + 1
        assert_rule(&x_sum(2, 5, 3), &["................", FOUR_GIVENS]);
        // column 1 (1 3 2 4) from above: X = 1, sum 1
        assert_rule(&x_sum(0, 1, 1), &["................"]);
        // 6×6: column 1 (1 4 2 6 5 3) from below: 3 + 5 + 6
        assert_rule(&x_sum(7, 1, 14), &[SIX_GIVENS]);
    }

    #[test]
    fn checker_and_validation() {
        // row 1 from the left: 1 in SIX, 2 + 1 once 1 and 2 swap
        assert_checker(&[x_sum(1, 0, 1)], SIX, SIX_SWAPPED);
        assert!(invalid(&x_sum(0, 1, 0), 6).contains("1 to 21, not 0"));
        assert!(invalid(&x_sum(0, 1, 22), 6).contains("1 to 21, not 22"));
        assert!(invalid(&x_sum(1, 1, 3), 6).contains("not outside"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"x-sum","clue":"r3c7","sum":15}"#),
            x_sum(3, 7, 15)
        );
    }
}
