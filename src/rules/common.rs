//! Small helpers shared by rule files: validating cell lists and lines, reading digits from a
//! grid, orthogonal pairs with exceptions, and windows along a line. No rule logic lives here.

use crate::geometry::{Cell, Shape};
use std::collections::HashSet;

/// Errors if `cell` lies outside the grid.
pub fn inside(shape: &Shape, cell: Cell) -> Result<(), String> {
    let n = shape.size();
    if cell.r() < n && cell.c() < n {
        Ok(())
    } else {
        Err(format!("{cell} is outside the {n}x{n} grid"))
    }
}

/// Errors if `cells` is empty, leaves the grid, or names a cell twice.
pub fn cell_set(shape: &Shape, cells: &[Cell], what: &str) -> Result<(), String> {
    if cells.is_empty() {
        return Err(format!("{what} has no cells"));
    }
    let mut seen = HashSet::new();
    for &c in cells {
        inside(shape, c)?;
        if !seen.insert(c) {
            return Err(format!("{c} appears twice in {what}"));
        }
    }
    Ok(())
}

/// Errors if the two cells of a pair are outside the grid or the same cell.
pub fn pair(shape: &Shape, [a, b]: [Cell; 2]) -> Result<(), String> {
    inside(shape, a)?;
    inside(shape, b)?;
    if a == b {
        return Err(format!("the pair names {a} twice"));
    }
    Ok(())
}

/// A pair in a fixed order, so (a, b) and (b, a) compare equal.
pub fn unordered(a: Cell, b: Cell) -> (Cell, Cell) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Checks exempt pairs: inside the grid and orthogonally adjacent.
pub fn except_pairs(shape: &Shape, except: &[[Cell; 2]]) -> Result<(), String> {
    for &[a, b] in except {
        pair(shape, [a, b])?;
        if !a.is_orthogonal_neighbour(b) {
            return Err(format!(
                "exempt pair {a}, {b} is not a pair of orthogonal neighbours"
            ));
        }
    }
    Ok(())
}

/// Every pair of orthogonal neighbours of an `n`×`n` grid not listed in `except`, once
/// each (left/upper cell first).
pub fn unmarked_orthogonal_pairs(n: usize, except: &[[Cell; 2]]) -> Vec<(Cell, Cell)> {
    let skip: HashSet<(Cell, Cell)> = except.iter().map(|&[a, b]| unordered(a, b)).collect();
    let mut out = Vec::with_capacity(2 * n * n);
    for r in 0..n {
        for c in 0..n {
            let a = Cell::from_index(r, c);
            for b in [a.offset(0, 1, n), a.offset(1, 0, n)].into_iter().flatten() {
                if !skip.contains(&(a, b)) {
                    out.push((a, b));
                }
            }
        }
    }
    out
}

/// Every pair of cells of an `n`×`n` grid one of `moves` apart, once each.
pub fn move_pairs(n: usize, moves: &[(isize, isize)]) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = Cell::from_index(r, c);
            for &(dr, dc) in moves {
                if let Some(b) = a.offset(dr, dc, n) {
                    out.push((a, b));
                }
            }
        }
    }
    out
}

/// Whether two digits of 1..=`n` (equal or not) satisfy `rel`.
pub fn some_pair(n: usize, rel: impl Fn(usize, usize) -> bool) -> bool {
    (1..=n).any(|i| (1..=n).any(|j| rel(i, j)))
}
