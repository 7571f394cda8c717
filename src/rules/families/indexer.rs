//! Indexers: digit v in a listed cell sends the cell's own row (or column) number to the
//! v-th cell of its column (or row).

use super::OnCells;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// Which number a listed cell sends, and along which line.
#[derive(Clone, Copy, Debug)]
pub enum Axis {
    /// Row indexer: digit v at (r,c) ⇒ (v,c) holds r.
    Row,
    /// Column indexer: digit v at (r,c) ⇒ (r,v) holds c.
    Column,
}

impl Axis {
    /// The 0-based number the cell sends (its row or its column).
    fn own(self, cell: Cell) -> usize {
        match self {
            Axis::Row => cell.r(),
            Axis::Column => cell.c(),
        }
    }
    /// The cell that digit `v` (0-based) of `cell` points to.
    fn target(self, cell: Cell, v: usize) -> Cell {
        match self {
            Axis::Row => Cell::from_index(v, cell.c()),
            Axis::Column => Cell::from_index(cell.r(), v),
        }
    }
}

impl OnCells for Axis {
    /// For each listed cell and digit v: `x(cell,v) -> x(target(v), own)`, N binary clauses
    /// per cell.
    fn encode(&self, enc: &mut Encoder, cells: &[Cell]) {
        for &cell in cells {
            let own = Digit::from_index(self.own(cell));
            for v in 0..enc.value_count() {
                // x(cell,v) -> x(target(v), own)
                enc.implies(
                    enc.x(cell, Digit::from_index(v)),
                    enc.x(self.target(cell, v), own),
                );
            }
        }
    }

    /// Errors on the first listed cell whose target does not hold its number.
    fn check(&self, _shape: &Shape, grid: &Grid, cells: &[Cell]) -> Result<(), String> {
        for &cell in cells {
            let v = grid.digit(cell);
            let target = self.target(cell, v.index());
            let got = grid.digit(target);
            let own = self.own(cell) + 1;
            if got.get() != own {
                return Err(format!(
                    "{cell} = {v} indexes {target}, which holds {got} instead of {own}"
                ));
            }
        }
        Ok(())
    }
}
