//! Unary rules ("these cells hold only digits with property P": odd, even): the candidates,
//! clauses and check they share.

use super::OnCells;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;

/// A unary property: the listed cells hold only digits that `allowed` keeps.
pub struct Unary {
    /// Whether a digit 1..=N has the property.
    pub allowed: fn(usize) -> bool,
    /// The property in words ("odd").
    pub property: &'static str,
}

impl OnCells for Unary {
    /// Removes from `cells` every digit 1..=V that `allowed` rejects (positions row-major
    /// over the C columns: a tall rectangle's rows are shorter than its side).
    fn restrict(&self, shape: &Shape, cells: &[Cell], cands: &mut [Mask]) {
        let keep: Mask = (1..=shape.value_count())
            .filter(|&d| (self.allowed)(d))
            .fold(0, |m, d| m | Digit::new(d).bit());
        for &c in cells {
            cands[shape.position(c)] &= keep;
        }
    }

    /// `!x(c,d)` for every cell and every digit `allowed` rejects: complete without
    /// simplification.
    fn encode(&self, enc: &mut Encoder, cells: &[Cell]) {
        let n = enc.value_count();
        for &c in cells {
            for d in (1..=n).filter(|&d| !(self.allowed)(d)) {
                // !x(c,d): d is not allowed here
                enc.clause([!enc.x(c, Digit::new(d))]);
            }
        }
    }

    /// Errors on the first cell whose digit `allowed` rejects.
    fn check(&self, _shape: &Shape, grid: &Grid, cells: &[Cell]) -> Result<(), String> {
        for &c in cells {
            let d = grid.digit(c);
            if !(self.allowed)(d.get()) {
                return Err(format!("{c} holds {d}, which is not {}", self.property));
            }
        }
        Ok(())
    }
}
