//! Cell lists whose digits all differ (extra regions, renban lines): a list of N cells is a
//! house (it holds every digit once), a shorter one an all-different group.

use crate::geometry::{Cell, Shape};

/// `cells` as a house if it has N cells.
pub fn houses(shape: &Shape, cells: &[Cell]) -> Vec<Vec<Cell>> {
    if cells.len() == shape.size() {
        vec![cells.to_vec()]
    } else {
        Vec::new()
    }
}

/// `cells` as an all-different group if it has fewer than N cells.
pub fn groups(shape: &Shape, cells: &[Cell]) -> Vec<Vec<Cell>> {
    if cells.len() < shape.size() {
        vec![cells.to_vec()]
    } else {
        Vec::new()
    }
}
