//! X-sum: the clue outside a row or column is the sum of the first X digits read from the
//! clue into the grid, where X is the first of those digits (so it counts itself).
//!
//! JSON: `{"type":"x-sum","clue":"r0c3","sum":15}` (clue cells as in f-puzzles: row or
//! column 0 or N+1). Trap: the direction matters — the same row has different X-sums from
//! its two sides.
//!
//! A line may have fewer cells than there are values (a rectangle's shorter side, a 6×6
//! holding 1-9): a first value X larger than the line's length counts past its end and never
//! holds there, as ISS reads it (its X-sum has a branch for each X from 1 to the line's
//! length only).
//!
//! On a grid of other values (`0-8`) X is the first *value* and the clue adds values, as
//! ISS reads it: a first value below 1 counts no cells and is never a solution, and X
//! may not count past the line's end. Values must be at least 0 (the bounds below add
//! different values from the smallest up).
//!
//! CNF: the first X digits as a set, as a sandwich's filling (`fillings`): `in(e)` says
//! whether digit e lies among the first X cells (`x(c_i,e) ∧ X > i -> in(e)`, else ¬in(e),
//! "X > i" a rung of the first cell's ladder), and one selector per set of X different
//! digits holding X that makes the sum fixes every `in(e)` and the first digit. With the
//! line's house this is the whole rule: 0.17× the instructions of the diagram below on ISS's
//! "X-Sum", 0.09–0.32× on generated X-sum puzzles (BENCHMARKS.md, "X-sums by their sets").
//!
//! Past the sets' cap (large grids) a layered diagram along the line encodes instead (it
//! always restricts the candidates before the search), with states (cells still to add,
//! sum so far): the first value x starts (x − 1, x); each later value is added while cells
//! remain; once none remain the state no longer changes. A state is kept only if the cells
//! still to add, different values of one row or column, can bring the sum to the clue (at
//! least the k smallest and at most the k largest values for k cells; a diagram read cell
//! by cell does not otherwise know they differ); so sums above the clue, and finished sums
//! other than the clue, are never created. Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::{distinct_sums, values_of};
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::fillings;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
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
        // X ≥ 1 counts itself: at least 1, at most the largest min(len, n) values together
        let k = len.min(n) as i64;
        let most = ((2 * hi - k + 1) * k / 2) as usize;
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

    fn encode(&self, enc: &mut Encoder) {
        let line = self.clue.line_on(enc.shape());
        // the first X digits as a set (module docs); the diagram where the sets are too
        // many to list
        if !encode_sets(enc, &line, self.sum) {
            if let Some(diagram) = self.diagram(enc.shape(), &|c| enc.candidates(c)) {
                diagram.encode(enc);
            }
        }
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

/// The X-sum of `line` (a row or column: its values differ) as the set of its first X
/// digits (module docs); false, writing nothing, past [`fillings::MAX_SETS`] sets.
///
/// With more values than cells a digit may be missing from the line, which leaves its
/// `in(e)` free; a selector still fixes every `in(e)`, and a set that names a missing digit
/// leaves out one the first X cells hold (both have X digits), whose `in` is forced true.
fn encode_sets(enc: &mut Encoder, line: &[Cell], sum: usize) -> bool {
    #[cfg(test)]
    if fillings::NO_SETS.with(|f| f.get()) {
        return false;
    }
    let (n, v) = (line.len(), enc.value_count());
    let Ok(lo) = usize::try_from(enc.shape().values().min) else {
        return false; // validation keeps the values at least 0
    };
    let value = |k: usize| lo + k - 1;
    let first = line[0];
    let cands = enc.candidates(first);
    // every set, and the digit index of the first cell (X) it goes with
    let (mut sets, mut firsts) = (Vec::new(), Vec::new());
    let all: Mask = crate::geometry::full_mask(v);
    for d in (1..=v).filter(|&d| cands & Digit::new(d).bit() != 0) {
        let x = value(d);
        if x == 0 || x > n || x > sum {
            continue; // counts no cell, counts past the line, or adds too much alone
        }
        let start = sets.len();
        let others = all & !Digit::new(d).bit();
        if !fillings::sets_of_size(others, x - 1, lo, (sum - x) as i64, &mut sets) {
            return false;
        }
        for q in &mut sets[start..] {
            *q |= Digit::new(d).bit();
            firsts.push(d);
        }
    }
    if sets.is_empty() {
        return false; // the diagram says there is no reading
    }
    let ladder = enc.ladder(first);
    let mut inside = Vec::with_capacity(v);
    for e in 1..=v {
        let id = Term::Lit(enc.new_lit());
        for (i, &c) in line.iter().enumerate() {
            let x = enc.x(c, Digit::new(e));
            // cell i is among the first X when X > i: the first cell's value ≥ i + 1
            let counted = ladder.ge(i as isize + 2 - lo as isize);
            // x(c_i,e) ∧ X > i -> in(e); x(c_i,e) ∧ ¬(X > i) -> ¬in(e)
            enc.clause([!x, !counted, id]);
            enc.clause([!x, counted, !id]);
        }
        inside.push((e, id));
    }
    let sel = fillings::choose_set(enc, &inside, &sets);
    for (&s, &d) in sel.iter().zip(&firsts) {
        // s(q) -> x(c_0, X): the set's size is the first digit
        let x = enc.x(first, Digit::new(d));
        enc.implies(s, x);
    }
    true
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
    fn every_sum_on_six_by_six_counts_right_with_and_without_the_sets() {
        // X-sums of 1 (X = 1) up to 21 (all six); the diagram's path (past the sets' cap)
        // counted too
        for no_sets in [false, true] {
            fillings::NO_SETS.with(|f| f.set(no_sets));
            for sum in [1, 3, 6, 10, 14, 19, 21] {
                counts_agree_6x6(vec![x_sum(3, 0, sum)]);
                counts_agree_6x6(vec![x_sum(7, 2, sum), x_sum(0, 5, sum.min(11))]);
            }
            assert_rule(&x_sum(2, 5, 3), &["................", FOUR_GIVENS]);
        }
        fillings::NO_SETS.with(|f| f.set(false));
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
