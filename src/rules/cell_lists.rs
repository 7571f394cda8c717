//! Checks and readings shared by the rules that take lists of cells (cages, lines, arrows):
//! cells inside the grid, no cell twice, lines whose consecutive cells touch.

use crate::geometry::{Cell, Shape};
use crate::grid::Grid;

/// The cells as written, for messages: `r1c1 r1c2 r1c3`, or `r1c1…r4c4 (9 cells)`.
pub fn describe(cells: &[Cell]) -> String {
    match cells {
        [] => "no cells".into(),
        [a, b, .., z] if cells.len() > 4 => format!("{a} {b}…{z} ({} cells)", cells.len()),
        _ => cells
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Every cell lies inside the grid and none appears twice.
pub fn cells_ok(shape: &Shape, cells: &[Cell]) -> Result<(), String> {
    let n = shape.size();
    if let Some(c) = cells.iter().find(|c| c.r() >= n || c.c() >= n) {
        return Err(format!("{c} is outside the {n}x{n} grid"));
    }
    for (i, c) in cells.iter().enumerate() {
        if cells[..i].contains(c) {
            return Err(format!("{c} appears twice"));
        }
    }
    Ok(())
}

/// A line: at least `min` cells, inside the grid, no cell twice, and each cell touching the
/// next by an edge or a corner.
pub fn line_ok(shape: &Shape, cells: &[Cell], min: usize) -> Result<(), String> {
    if cells.len() < min {
        return Err(format!(
            "a line needs at least {min} cells, this one has {}",
            cells.len()
        ));
    }
    cells_ok(shape, cells)?;
    for w in cells.windows(2) {
        if !w[0].is_king_neighbour(w[1]) {
            return Err(format!(
                "{} and {} are consecutive on the line but do not touch",
                w[0], w[1]
            ));
        }
    }
    Ok(())
}

/// The digits of `cells` in a full grid, as numbers.
pub fn values(grid: &Grid, cells: &[Cell]) -> Vec<usize> {
    cells.iter().map(|&c| grid.digit(c).get()).collect()
}

/// The sum of the digits of `cells` in a full grid.
pub fn sum(grid: &Grid, cells: &[Cell]) -> usize {
    values(grid, cells).iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_must_be_inside_distinct_and_touching() {
        let s = Shape::new(4).unwrap();
        let c = |r, c| Cell::new(r, c);
        assert!(line_ok(&s, &[c(1, 1), c(2, 2), c(2, 3)], 2).is_ok());
        assert!(line_ok(&s, &[c(1, 1)], 2)
            .unwrap_err()
            .contains("at least 2"));
        assert!(line_ok(&s, &[c(1, 1), c(1, 3)], 2)
            .unwrap_err()
            .contains("do not touch"));
        assert!(line_ok(&s, &[c(1, 1), c(1, 2), c(1, 1)], 2)
            .unwrap_err()
            .contains("twice"));
        assert!(line_ok(&s, &[c(4, 4), c(5, 5)], 2)
            .unwrap_err()
            .contains("outside"));
        assert_eq!(describe(&[c(1, 1), c(1, 2)]), "r1c1 r1c2");
        let long: Vec<Cell> = (1..=4).map(|k| c(k, 1)).chain([c(4, 2)]).collect();
        assert_eq!(describe(&long), "r1c1 r2c1…r4c2 (5 cells)");
    }
}
