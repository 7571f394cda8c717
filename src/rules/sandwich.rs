//! Sandwich: the clue outside a row or column is the sum of the digits strictly between the
//! 1 and the N of that row or column (either order; 0 when they are neighbours).
//!
//! On a rectangle (R×C holding 1..V, V = max(R, C)) the crusts are still the lowest and
//! highest values, 1 and V, on a line of V cells (the longer side), which holds both. A line
//! with fewer cells than values (the shorter side, or a 6×6 holding 1-9) need not hold them:
//! there the clue is read as ISS reads it — its sandwich handler is its lunchbox handler,
//! which takes a line that is not a whole house as a lunchbox — so the crusts are the
//! line's smallest and largest values and the clue adds the values between them
//! ([`Lunchbox`], which encodes and checks it).
//!
//! On a grid of other values (`0-8`) the crusts are the lowest and highest values (0 and 8)
//! and the clue adds values, as ISS reads it; the values must be at least 0.
//!
//! JSON: `{"type":"sandwich","clue":"r0c3","sum":12}` — the clue names the outside cell as
//! f-puzzles does: `r0c3` above column 3, `r3c0` left of row 3, row or column N+1 below or
//! right. Trap: the "bread" is 1 and N, not 1 and 9, on other sizes.
//!
//! CNF: the filling as a set of digits (`fillings`): which digits lie between the crusts,
//! one selector per set of distinct digits of 2..N−1 that makes the sum, and the set's size
//! placing the crusts. With the line's houses this is the whole rule, and it is what ISS's
//! sandwich handler reasons with: against the layered diagram below, alone before, 0.34× the
//! instructions on ISS's "Sandwich snipe 18", 0.40× on twenty puzzles of all eighteen
//! clues (BENCHMARKS.md, "Sandwiches by their fillings").
//!
//! Where the sets are too many to list (large grids, middle sums) the layered diagram along
//! the line encodes instead, its states (phase, partial sum): *before* the first crust,
//! *inside* with the sum so far (only sums ≤ the clue), and *after* (reached from *inside*
//! only when the sum equals the clue); a 1 or an N moves to the next phase. It always
//! restricts the candidates before the search.
//!
//! The diagram reads the line cell by cell and does not know that the filling's digits
//! differ (the line is a row or column): for a sum of 18 on 9×9 it lets a filling of five
//! or six cells through (2 + 2 + 2 + 2 + 10 …), where distinct digits of 2..8 need three or
//! four. So the crusts' distance is stated too, in every case: a filling of `k` cells is
//! possible only when some `k` distinct digits of 2..N−1 make the sum, and for two cells
//! whose distance gives another length, `x(a,1) -> ¬x(b,N)` (at most N(N−1) binary clauses
//! per clue).

use super::cell_lists::values_of;
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::lunchbox::Lunchbox;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A sandwich clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandwich {
    /// The outside cell naming the row or column.
    pub clue: OutsideClue,
    /// The sum between the 1 and the N.
    pub sum: usize,
}

/// Where the reading is along the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    Before,
    Inside(usize),
    After,
}

impl Sandwich {
    /// The lunchbox this clue reads as when its line has fewer cells than there are values
    /// (module docs); `None` on a line of V cells. The clue must be valid.
    fn short_line(&self, shape: &Shape) -> Option<Lunchbox> {
        let cells = self.clue.line_on(shape);
        (cells.len() < shape.value_count()).then_some(Lunchbox {
            cells,
            sum: self.sum,
        })
    }
}

impl Rule for Sandwich {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        self.clue.validate_on(shape)?;
        if let Some(l) = self.short_line(shape) {
            return l.validate(shape);
        }
        // the crusts are the lowest and highest of the V values (digit indices 1 and V)
        let n = shape.value_count();
        if n < 2 {
            return Err("a sandwich needs a grid of size 2 or more".into());
        }
        let lo = shape.values().min;
        if lo < 0 {
            return Err(format!(
                "a sandwich adds values of at least 0; the smallest value here is {lo}"
            ));
        }
        let lo = lo as usize;
        // the fillings are sets of the values strictly between the crusts: their subset sums
        let mut reach = vec![true];
        for d in lo + 1..lo + n - 1 {
            let mut next = reach.clone();
            next.resize(reach.len() + d, false);
            for (s, _) in reach.iter().enumerate().filter(|(_, &r)| r) {
                next[s + d] = true;
            }
            reach = next;
        }
        if !reach.get(self.sum).copied().unwrap_or(false) {
            return Err(format!(
                "no set of the values {} to {} sums to {} (the largest sandwich is {})",
                lo + 1,
                lo + n - 2,
                self.sum,
                reach.len() - 1
            ));
        }
        Ok(())
    }

    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        self.short_line(shape)
            .map_or_else(Vec::new, |l| l.houses(shape))
    }

    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        self.short_line(shape)
            .map_or_else(Vec::new, |l| l.distinct_groups(shape))
    }

    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        if let Some(l) = self.short_line(shape) {
            return l.restrict(shape, cands);
        }
        super::restrict_by_diagram(self, shape, cands)
    }

    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        if let Some(l) = self.short_line(shape) {
            return l.diagram(shape, cands);
        }
        let n = shape.value_count();
        let crust = |d: Digit| d.get() == 1 || d.get() == n;
        let target = self.sum;
        // the value of a digit index (validation keeps it at least 0)
        let lo = shape.values().min as usize;
        let value = move |d: Digit| d.index() + lo;
        Some(Box::new(Mdd::build(
            &self.clue.line_on(shape),
            cands,
            Phase::Before,
            |_, &p, d| match p {
                Phase::Before if crust(d) => Some(Phase::Inside(0)),
                Phase::Before => Some(Phase::Before),
                // the second crust closes the sandwich only at the right sum
                Phase::Inside(s) if crust(d) => (s == target).then_some(Phase::After),
                Phase::Inside(s) => (s + value(d) <= target).then_some(Phase::Inside(s + value(d))),
                Phase::After => (!crust(d)).then_some(Phase::After),
            },
            |&p| p == Phase::After,
        )))
    }

    fn encode(&self, enc: &mut Encoder) {
        if let Some(l) = self.short_line(enc.shape()) {
            return l.encode(enc);
        }
        // the line has V cells: its crusts are 1 and V
        let line = self.clue.line_on(enc.shape());
        super::fillings::crust_distances(enc, &line, self.sum);
        // the filling's digit set says all the diagram says (module docs); the diagram only
        // where the sets are too many to list
        if !super::fillings::encode(enc, &line, self.sum) {
            if let Some(diagram) = self.diagram(enc.shape(), &|c| enc.candidates(c)) {
                diagram.encode(enc);
            }
        }
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        if let Some(l) = self.short_line(shape) {
            return l.check(shape, grid);
        }
        let (lo, hi) = (shape.values().min, shape.values().max());
        let vs = values_of(shape, grid, &self.clue.line_on(shape));
        let (Some(a), Some(b)) = (
            vs.iter().position(|&v| v == lo),
            vs.iter().position(|&v| v == hi),
        ) else {
            return Err(format!(
                "the line of clue {} lacks a {lo} or a {hi}",
                self.clue
            ));
        };
        let (a, b) = (a.min(b), a.max(b));
        let s: i64 = vs[a + 1..b].iter().sum();
        if s == self.sum as i64 {
            Ok(())
        } else {
            Err(format!(
                "sandwich {} holds {s}, not {}",
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

    fn sandwich(r: usize, c: usize, sum: usize) -> Constraint {
        Constraint::Sandwich(Sandwich {
            clue: OutsideClue::new(r, c),
            sum,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // 4×4: row 1 is 1 2 3 4: 2 + 3 between the 1 and the 4
        assert_rule(&sandwich(1, 0, 5), &["................", FOUR_GIVENS]);
        // column 2 read from below is 3 1 4 2: the 1 and the 4 are neighbours
        assert_rule(&sandwich(5, 2, 0), &["................"]);
        // 6×6: row 4 is 6 5 3 2 1 4: 5 + 3 + 2 between the 6 and the 1
        assert_rule(&sandwich(4, 7, 10), &[SIX_GIVENS]);
        // column 4 is 3 1 6 2 4 5: the 1 and the 6 are neighbours
        assert_rule(&sandwich(0, 4, 0), &[SIX_GIVENS]);
    }

    #[test]
    fn every_sum_on_six_by_six_counts_right_with_and_without_the_sets() {
        // 2 + 3 + 4 + 5 = 14 is the largest; a row and a column, both ways of reading; the
        // diagram's path (past the sets' cap) counted too
        for no_sets in [false, true] {
            super::super::fillings::NO_SETS.with(|f| f.set(no_sets));
            for sum in [0, 2, 5, 7, 9, 12, 14] {
                counts_agree_6x6(vec![sandwich(3, 0, sum)]);
                counts_agree_6x6(vec![sandwich(7, 2, sum), sandwich(0, 5, sum.min(9))]);
            }
            assert_rule(&sandwich(1, 0, 5), &["................", FOUR_GIVENS]);
        }
        super::super::fillings::NO_SETS.with(|f| f.set(false));
    }

    #[test]
    fn checker_and_validation() {
        assert_checker(&[sandwich(4, 0, 10)], SIX, SIX_SWAPPED);
        assert!(invalid(&sandwich(0, 0, 3), 6).contains("not outside the grid"));
        assert!(invalid(&sandwich(2, 3, 3), 6).contains("not outside the grid"));
        // 6×6: the filling is a set of 2..5, at most 14; 1 is impossible
        assert!(invalid(&sandwich(0, 1, 15), 6).contains("largest sandwich is 14"));
        assert!(invalid(&sandwich(0, 1, 1), 6).contains("sums to 1"));
        assert!(sandwich(0, 1, 14).validate(&Shape::new(6).unwrap()).is_ok());
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"sandwich","clue":"r0c3","sum":12}"#),
            sandwich(0, 3, 12)
        );
    }
}
