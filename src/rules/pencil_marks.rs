//! Pencil marks (f-puzzles `givenPencilMarks`): the cell holds one of the listed digits.
//!
//! Encoding: `restrict` removes the other digits from the cell's candidates, and unit clauses
//! `!x(c,d)` for every unlisted d say the same in the formula, so it is complete even without
//! simplification.

use super::cell_lists::held;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The digits a cell may hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PencilMarks {
    /// The cell.
    pub cell: Cell,
    /// The digits it may hold (1-based).
    pub digits: Vec<usize>,
}

impl PencilMarks {
    fn mask(&self) -> Mask {
        self.digits.iter().fold(0, |m, &d| m | Digit::new(d).bit())
    }
}

impl Rule for PencilMarks {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        held(shape, self.cell)?;
        let n = shape.value_count();
        if self.digits.is_empty() {
            return Err(format!("no digits listed for {}", self.cell));
        }
        if let Some(d) = self.digits.iter().find(|&&d| d == 0 || d > n) {
            return Err(format!("digit {d} for {} is not in 1..{n}", self.cell));
        }
        Ok(())
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        cands[self.cell.position(shape.cols())] &= self.mask();
    }
    fn encode(&self, enc: &mut Encoder) {
        let keep = self.mask();
        for d in 1..=enc.value_count() {
            let d = Digit::new(d);
            if keep & d.bit() == 0 {
                // !x(c,d): d is not marked
                enc.clause([!enc.x(self.cell, d)]);
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let d = grid.digit(self.cell);
        if self.mask() & d.bit() != 0 {
            Ok(())
        } else {
            Err(format!(
                "{} holds {d}, not one of {:?}",
                self.cell, self.digits
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(r: usize, c: usize, digits: &[usize]) -> Vec<Constraint> {
        vec![Constraint::PencilMarks(PencilMarks {
            cell: Cell::new(r, c),
            digits: digits.to_vec(),
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(1, 2, &[2, 3]));
        let mut two = rule(2, 2, &[4]);
        two.extend(rule(3, 3, &[1, 4]));
        counts_agree(&two);
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(1, 2, &[2, 3]), 144);
        assert_checker(&rule(1, 2, &[2, 3]), "1234341221434321", "1432321421434321");
    }

    #[test]
    fn bad_digits_are_errors() {
        assert!(invalid(&rule(1, 1, &[5])[0], 4).contains("digit 5 for r1c1"));
        assert!(invalid(&rule(1, 1, &[0])[0], 4).contains("digit 0"));
        assert!(invalid(&rule(1, 1, &[])[0], 4).contains("no digits"));
        assert!(invalid(&rule(5, 1, &[1])[0], 4).contains("r5c1 is outside"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "pencil-marks", "cell": "r1c2", "digits": [2, 3]}"#),
            rule(1, 2, &[2, 3]).remove(0)
        );
    }
}
