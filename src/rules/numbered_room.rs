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
//! On a grid of other values (`0-8`) N is the first cell's *value* and the clue a value, as
//! ISS reads them: a first value below 1 or past the line names no cell (so the first
//! cell never holds 0 there), and a clue of 0 is a 0 in the Nth cell.
//!
//! CNF, index then value: for each digit N of the first cell, `x(first, N) -> x(cell_N,
//! value)` (cell_N the Nth cell from the clue), and `¬x(first, N)` for N past the line's
//! end. One binary clause per digit; N = 1 names the first cell itself. (The layered
//! diagram whose state is N, [`Rule::diagram`], still removes candidates beforehand.)

use super::cell_lists::values_of;
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
        let values = shape.values();
        if values.digit(self.value as i64).is_none() {
            return Err(format!(
                "a numbered room's value is {} to {}, not {}",
                values.min,
                values.max(),
                self.value
            ));
        }
        Ok(())
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let off = shape.values().offset();
        // the clue's digit (validated)
        let value = shape.values().digit(self.value as i64)?;
        let line = self.clue.line_in(shape.rows(), shape.cols());
        let len = line.len() as i64;
        Some(Box::new(Mdd::build(
            &line,
            cands,
            0i64,
            // state: N, the first cell's value (a position 1..=L of the line); cell
            // i + 1 = N holds the value
            move |i, &first, d| {
                let first = if i == 0 { d.get() as i64 + off } else { first };
                ((1..=len).contains(&first) && (i as i64 + 1 != first || d == value))
                    .then_some(first)
            },
            |_| true,
        )))
    }
    fn encode(&self, enc: &mut Encoder) {
        let line = self.clue.line_in(enc.shape().rows(), enc.shape().cols());
        let values = enc.shape().values();
        let Some(value) = values.digit(self.value as i64) else {
            return; // refused by validation
        };
        for d in (1..=enc.value_count()).map(Digit::new) {
            // the position N the first cell's value names (1-based), if any
            let n = usize::try_from(d.get() as i64 + values.offset()).ok();
            match n.and_then(|n| n.checked_sub(1)).and_then(|i| line.get(i)) {
                // x(first, N) -> x(cell_N, value)
                Some(&at) => enc.clause([!enc.x(line[0], d), enc.x(at, value)]),
                // ¬x(first, N): N counts past the line's end (or is below 1)
                None => enc.clause([!enc.x(line[0], d)]),
            }
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values_of(shape, grid, &self.clue.line_in(shape.rows(), shape.cols()));
        let named = usize::try_from(vs[0] - 1).ok().and_then(|i| vs.get(i));
        let Some(&at) = named else {
            return Err(format!(
                "from {}, the first cell holds {}, which names no cell of the line of {} cells",
                self.clue,
                vs[0],
                vs.len()
            ));
        };
        if at == self.value as i64 {
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
