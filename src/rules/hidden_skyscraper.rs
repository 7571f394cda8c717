//! Hidden skyscraper (ISS "HiddenSkyscraper"): digits are skyscrapers of that height; the
//! clue outside a row or column is the first skyscraper, read from the clue, hidden by a
//! taller one before it.
//!
//! JSON: `{"type": "hidden-skyscraper", "clue": "r0c3", "value": 4}`. A row always hides
//! one unless it holds 1..N in order, and N is never hidden, so a clue of N can never hold:
//! a puzzle refuses it, an `or` takes it as a false branch. Values outside 1..N are refused.
//!
//! On a rectangle (R×C holding 1..V, V = max(R, C)) a clue beside a row reads its C cells
//! and one above or below a column its R cells; the heights are the values 1..V, the
//! tallest, V, is never hidden, and a line of the shorter side (which need not hold V)
//! still has to hide one.
//!
//! CNF: a layered diagram along the line with states "tallest so far" (before the first
//! hidden one) and "found" (one state after it, the rest of the line free): a digit below
//! the tallest is hidden, and the first hidden one must be the value. The cells of a row or
//! column differ, so a reading that shows the value before anything is hidden ends there.
//! Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::values;
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A hidden skyscraper clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HiddenSkyscraper {
    /// The outside cell naming the row or column and the reading direction.
    pub clue: OutsideClue,
    /// The height of the first hidden skyscraper.
    pub value: usize,
}

/// The first digit of `vs` lower than one before it.
fn first_hidden(vs: &[usize]) -> Option<usize> {
    let mut tallest = 0;
    for &v in vs {
        if v < tallest {
            return Some(v);
        }
        tallest = v;
    }
    None
}

impl Rule for HiddenSkyscraper {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.value_count();
        self.clue.validate_on(shape)?;
        if !(1..=n).contains(&self.value) {
            return Err(format!(
                "a hidden skyscraper's value is a digit 1 to {n}, not {}",
                self.value
            ));
        }
        Ok(())
    }
    fn never_holds(&self, shape: &Shape) -> Option<String> {
        let n = shape.value_count();
        // the tallest, N, is seen wherever it stands: it is never the first hidden one
        (self.value == n).then(|| format!("a hidden skyscraper of {n} (N is never hidden)"))
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let value = self.value;
        Some(Box::new(Mdd::build(
            &self.clue.line_on(shape),
            cands,
            (0usize, false),
            |_, &(tallest, found), d| match (found, d.get()) {
                // once found, the rest of the line is free: one state, whatever the tallest
                // (keeping it made up to N states per layer, and N² edges, for nothing)
                (true, _) => Some((0, true)),
                // the first hidden one: only the value
                (false, v) if v < tallest => (v == value).then_some((0, true)),
                // the value seen: the line's cells differ, so it can no longer be hidden
                (false, v) if v == value => None,
                (false, v) => Some((v, false)),
            },
            |&(_, found)| found,
        )))
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.clue.line_on(shape));
        match first_hidden(&vs) {
            Some(v) if v == self.value => Ok(()),
            Some(v) => Err(format!(
                "from {} the first hidden skyscraper is {v}, not {}",
                self.clue, self.value
            )),
            None => Err(format!("from {} no skyscraper is hidden", self.clue)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn at(row: usize, col: usize, value: usize) -> Constraint {
        Constraint::HiddenSkyscraper(HiddenSkyscraper {
            clue: OutsideClue::new(row, col),
            value,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&[at(1, 0, 2)]);
        counts_agree_46(&[at(0, 2, 1), at(3, 5, 3)], &[at(0, 2, 1), at(3, 7, 3)]);
    }

    #[test]
    fn the_rule_is_enforced() {
        // row 1 of FOUR read from the right: 4 3 2 1, first hidden 3
        assert_checker(&[at(1, 5, 3)], FOUR, "1243341221344321");
        assert_eq!(first_hidden(&[1, 2, 3, 4]), None);
    }

    #[test]
    fn values_never_hidden_are_refused() {
        assert!(invalid(&at(1, 0, 4), 4).contains("N is never hidden"));
        assert!(invalid(&at(1, 0, 5), 4).contains("1 to 4"));
        assert!(invalid(&at(1, 0, 0), 4).contains("1 to 4"));
        let shape = Shape::new(4).unwrap();
        assert!(at(1, 0, 4).never_holds(&shape).is_some());
        assert!(at(1, 0, 3).never_holds(&shape).is_none());
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "hidden-skyscraper", "clue": "r0c3", "value": 4}"#);
    }
}
