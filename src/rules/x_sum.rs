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
//! On a grid of other values (`0-8`) X is the first *value* and the clue adds values, as
//! ISS reads it: a first value below 1 counts no cells and is never a solution, and X
//! may not count past the line's end. Values must be at least 0 (the bounds below add
//! different values from the smallest up).
//!
//! CNF: a layered diagram along the line with states (cells still to add, sum so far): the
//! first value x starts (x − 1, x); each later value is added while cells remain; once none
//! remain the state no longer changes. A state is kept only if the cells still to add,
//! different values of one row or column, can bring the sum to the clue (at least the k
//! smallest and at most the k largest values for k cells; a diagram read cell by cell
//! does not otherwise know they differ); so sums above the clue, and finished sums other
//! than the clue, are never created. Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::{distinct_sums, values_of};
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Digit, Mask, Shape};
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
        let (lo, hi) = (shape.values().min, shape.values().max());
        if lo < 0 {
            return Err(format!(
                "an X-sum adds values of at least 0; the smallest value here is {lo}"
            ));
        }
        self.clue.validate_on(shape)?;
        let len = self.clue.line_on(shape).len();
        if len != n {
            return Err(format!(
                "the X-sum clue {} reads a line of {len} cells, and its first digit may be up \
                 to {n}, past the line's end: an X-sum stands beside a line of {n} cells",
                self.clue
            ));
        }
        // X ≥ 1 counts itself: at least 1, at most the n values together
        let most = (lo + hi) as usize * n / 2;
        if self.sum == 0 || self.sum > most {
            return Err(format!(
                "an X-sum over the values {lo}..{hi} is 1 to {most}, not {}",
                self.sum
            ));
        }
        Ok(())
    }

    /// States: `None` before the first cell, then (cells still to add, sum so far).
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let target = self.sum;
        // validation keeps the values at least 0
        let (lo, hi) = (shape.values().min as usize, shape.values().max() as usize);
        let value = move |d: Digit| d.index() + lo;
        Some(Box::new(Mdd::build(
            &self.clue.line_on(shape),
            cands,
            None,
            move |_, &state, d| {
                let (left, sum) = match state {
                    // a first value of 0 counts no cells: no X-sum
                    None if value(d) == 0 => return None,
                    None => (value(d) - 1, value(d)),
                    Some((0, sum)) => (0, sum),
                    Some((left, sum)) => (left - 1, sum + value(d)),
                };
                // the cells still to add lie in one row or column: different values of
                // lo..=hi, so they add at least the `left` smallest and at most the
                // `left` largest
                let fits = distinct_sums(left, lo, hi)
                    .is_some_and(|(least, most)| sum + least <= target && target <= sum + most);
                fits.then_some(Some((left, sum)))
            },
            |&state| state == Some((0, target)),
        )))
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values_of(shape, grid, &self.clue.line_on(shape));
        let x = vs[0];
        if x < 1 || x as usize > vs.len() {
            return Err(format!(
                "the first value from {} is {x}, which counts no cells of the line",
                self.clue
            ));
        }
        let s: i64 = vs[..x as usize].iter().sum();
        if s == self.sum as i64 {
            Ok(())
        } else {
            Err(format!(
                "the first {x} values from {} sum to {s}, not {}",
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
