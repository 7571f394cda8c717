//! Numbered room (ISS "NumberedRoom"): the clue outside a row or column is the digit in
//! the Nth cell read from the clue, where N is the digit in the first cell.
//!
//! JSON: `{"type": "numbered-room", "clue": "r0c3", "value": 5}` (clue positions as for
//! sandwiches). ISS allows a clue of 0 (no clue drawn); satdoku refuses values outside 1..N.
//!
//! The first cell names a position of the line, so its value is one of 1..L for a line of L
//! cells (as ISS's indexing handler clamps it): this says nothing more on a square grid
//! holding 1..N, and on a grid holding more values than a row has cells (1-9 on a 7×7) it
//! keeps 8 and 9 out of the first cell. On a rectangle (R×C) a row's line has C cells and a
//! column's R.
//!
//! CNF, index then value: for each digit N of the first cell, `x(first, N) -> x(cell_N,
//! value)` (cell_N the Nth cell from the clue), and `¬x(first, N)` for N past the line's
//! end. One binary clause per digit; N = 1 names the first cell itself. (The layered
//! diagram whose state is N, [`Rule::diagram`], still removes candidates beforehand.)

use super::cell_lists::values;
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A numbered room clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberedRoom {
    /// The outside cell naming the row or column and the reading direction.
    pub clue: OutsideClue,
    /// The digit in the Nth cell.
    pub value: usize,
}

impl Rule for NumberedRoom {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        self.clue.validate_in(shape.rows(), shape.cols())?;
        let n = shape.value_count();
        if !(1..=n).contains(&self.value) {
            return Err(format!(
                "a numbered room's value is 1 to {n}, not {}",
                self.value
            ));
        }
        Ok(())
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let value = self.value;
        let line = self.clue.line_in(shape.rows(), shape.cols());
        let len = line.len();
        Some(Box::new(Mdd::build(
            &line,
            cands,
            0usize,
            // state: N, read from the first cell (a position 1..=L of the line); cell
            // i + 1 = N holds the value
            |i, &first, d| {
                let first = if i == 0 { d.get() } else { first };
                (first <= len && (i + 1 != first || d.get() == value)).then_some(first)
            },
            |_| true,
        )))
    }
    fn encode(&self, enc: &mut Encoder) {
        let line = self.clue.line_in(enc.shape().rows(), enc.shape().cols());
        let value = Digit::new(self.value);
        for d in (1..=enc.value_count()).map(Digit::new) {
            match line.get(d.get() - 1) {
                // x(first, N) -> x(cell_N, value)
                Some(&at) => enc.clause([!enc.x(line[0], d), enc.x(at, value)]),
                // ¬x(first, N): N counts past the line's end
                None => enc.clause([!enc.x(line[0], d)]),
            }
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.clue.line_in(shape.rows(), shape.cols()));
        let Some(&at) = vs.get(vs[0] - 1) else {
            return Err(format!(
                "from {}, the first cell holds {}, past the line of {} cells",
                self.clue,
                vs[0],
                vs.len()
            ));
        };
        if at == self.value {
            Ok(())
        } else {
            Err(format!(
                "from {}, cell {} holds {at}, not {}",
                self.clue, vs[0], self.value
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn at(row: usize, col: usize, value: usize) -> Constraint {
        Constraint::NumberedRoom(NumberedRoom {
            clue: OutsideClue::new(row, col),
            value,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&[at(1, 0, 3)]);
        counts_agree_46(&[at(0, 2, 1), at(5, 3, 2)], &[at(0, 2, 1), at(7, 3, 2)]);
        counts_agree_46(&[at(2, 0, 1), at(0, 4, 4)], &[at(3, 7, 6), at(0, 1, 3)]);
    }

    #[test]
    fn the_rule_is_enforced() {
        // row 1 of FOUR is 1234: the first digit 1 names itself
        assert_checker(&[at(1, 0, 1)], FOUR, "2341412334121234");
    }

    #[test]
    fn values_outside_the_digits_are_refused() {
        assert!(invalid(&at(1, 0, 5), 4).contains("1 to 4"));
        assert!(invalid(&at(1, 1, 2), 4).contains("not outside"));
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "numbered-room", "clue": "r0c3", "value": 5}"#);
    }
}
