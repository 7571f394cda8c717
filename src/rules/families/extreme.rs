//! Local extremes: each listed cell compares with every orthogonal neighbour that is not
//! itself listed (minimum, maximum).

use super::OnCells;
use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use std::collections::HashSet;

/// A local extreme: each listed cell and each unlisted neighbour satisfy `holds`.
pub struct Extreme {
    /// The comparison of a listed cell's digit with its neighbour's.
    pub holds: fn(usize, usize) -> bool,
    /// The comparison in words ("less than").
    pub than: &'static str,
}

/// (listed cell, unlisted orthogonal neighbour) pairs on the grid of `shape` (square or not).
fn comparisons(cells: &[Cell], shape: &Shape) -> Vec<(Cell, Cell)> {
    let set: HashSet<Cell> = cells.iter().copied().collect();
    let mut out = Vec::new();
    for &a in cells {
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if let Some(b) = shape.offset(a, dr, dc).filter(|b| !set.contains(b)) {
                out.push((a, b));
            }
        }
    }
    out
}

impl OnCells for Extreme {
    /// The support encoding of `holds(a, b)` for each comparison (`pairs::relation`).
    fn encode(&self, enc: &mut Encoder, cells: &[Cell]) {
        for (a, b) in comparisons(cells, enc.shape()) {
            // x(a,d) -> OR x(b,e) with holds(d,e), and from b's side
            pairs::relation(enc, a, b, self.holds);
        }
    }

    /// Errors on the first comparison that fails.
    fn check(&self, shape: &Shape, grid: &Grid, cells: &[Cell]) -> Result<(), String> {
        for (a, b) in comparisons(cells, shape) {
            let (x, y) = (grid.digit(a), grid.digit(b));
            if !(self.holds)(x.get(), y.get()) {
                let than = self.than;
                return Err(format!("{a} = {x} is not {than} its neighbour {b} = {y}"));
            }
        }
        Ok(())
    }
}
