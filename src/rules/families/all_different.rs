//! Cell lists whose digits all differ (extra regions, renban lines): a list of as many cells
//! as values (V, N unless the shape holds more) is a house (it holds every value once), a
//! shorter one an all-different group.

use crate::geometry::{Cell, Shape};

/// `cells` as a house if it has as many cells as values.
pub fn houses(shape: &Shape, cells: &[Cell]) -> Vec<Vec<Cell>> {
    if cells.len() == shape.value_count() {
        vec![cells.to_vec()]
    } else {
        Vec::new()
    }
}

/// `cells` as an all-different group if it has fewer cells than values.
pub fn groups(shape: &Shape, cells: &[Cell]) -> Vec<Vec<Cell>> {
    if cells.len() < shape.value_count() {
        vec![cells.to_vec()]
    } else {
        Vec::new()
    }
}
