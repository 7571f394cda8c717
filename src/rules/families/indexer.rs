//! Indexers: digit v in a listed cell sends the cell's own row (or column) number to the
//! v-th cell of its column (or row).
//!
//! On a grid of other values (`0-8`) v is the cell's *value* (a position 1..=N) and the
//! number sent a value, as ISS reads them: a value that names no position (0), and a
//! number that is no value (9 on `0-8`), leave the cell without that value.

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
    /// The number the cell sends (its 1-based row or column).
    fn own(self, cell: Cell) -> usize {
        match self {
            Axis::Row => cell.r() + 1,
            Axis::Column => cell.c() + 1,
        }
    }
    /// The cell that value `v` of `cell` points to (position v, 1-based), if any.
    fn target(self, shape: &Shape, cell: Cell, v: i64) -> Option<Cell> {
        let i = usize::try_from(v - 1).ok()?;
        match self {
            Axis::Row => (i < shape.rows()).then(|| Cell::from_index(i, cell.c())),
            Axis::Column => (i < shape.cols()).then(|| Cell::from_index(cell.r(), i)),
        }
    }
}

impl OnCells for Axis {
    /// For each listed cell and digit v: `x(cell,v) -> x(target(v), own)`, N binary clauses
    /// per cell (a unit `¬x(cell,v)` where v names no cell or `own` is no value).
    fn encode(&self, enc: &mut Encoder, cells: &[Cell]) {
        let shape = enc.shape();
        let values = shape.values();
        for &cell in cells {
            let own = values.digit(self.own(cell) as i64);
            for d in (0..enc.value_count()).map(Digit::from_index) {
                let v = d.get() as i64 + values.offset();
                match (self.target(shape, cell, v), own) {
                    // x(cell,v) -> x(target(v), own)
                    (Some(at), Some(own)) => enc.implies(enc.x(cell, d), enc.x(at, own)),
                    // ¬x(cell,v): nothing for v to send its number to, or no such value
                    _ => enc.clause([!enc.x(cell, d)]),
                }
            }
        }
    }

    /// Errors on the first listed cell whose target does not hold its number.
    fn check(&self, shape: &Shape, grid: &Grid, cells: &[Cell]) -> Result<(), String> {
        let value = |c: Cell| grid.digit(c).get() as i64 + shape.values().offset();
        for &cell in cells {
            let v = value(cell);
            let Some(target) = self.target(shape, cell, v) else {
                return Err(format!("{cell} = {v} names no cell of its line"));
            };
            let (got, own) = (value(target), self.own(cell));
            if got != own as i64 {
                return Err(format!(
                    "{cell} = {v} indexes {target}, which holds {got} instead of {own}"
                ));
            }
        }
        Ok(())
    }
}
