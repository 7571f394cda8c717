//! The rule toolkit: checks and readings shared by rule files. Cell lists and lines (inside
//! the grid, no cell twice, consecutive cells touching), pairs and exempt pairs, reading
//! digits from a grid and windows along a line. No rule logic lives here, and each mistake
//! is worded once.

use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use std::collections::HashSet;

/// Errors if `cell` lies outside the grid (an extra cell too: see [`value_cells`]).
pub fn inside(shape: &Shape, cell: Cell) -> Result<(), String> {
    if shape.contains(cell) {
        Ok(())
    } else if shape.is_extra(cell) {
        Err(format!(
            "{cell} is an extra cell, outside the {}x{} grid; this rule needs cells of the \
             grid (extra cells go in rules that read only values: sums, all different, same \
             values, value indexing, relations, regex and nfa lines, pencil marks)",
            shape.rows(),
            shape.cols()
        ))
    } else {
        Err(format!(
            "{cell} is outside the {}x{} grid",
            shape.rows(),
            shape.cols()
        ))
    }
}

/// Errors if `cells` is empty, leaves the grid, or names a cell twice.
pub fn cell_set(shape: &Shape, cells: &[Cell], what: &str) -> Result<(), String> {
    if cells.is_empty() {
        return Err(format!("{what} has no cells"));
    }
    inside_once(shape, cells, what)
}

/// Every cell lies inside the grid and none appears twice; an empty list passes (rules that
/// need cells say so in their own words).
pub fn cells_ok(shape: &Shape, cells: &[Cell]) -> Result<(), String> {
    inside_once(shape, cells, "the cells")
}

/// As [`cells_ok`], for a rule that reads only its cells' values (in any order, with no
/// drawing tied to the grid): its cells may also be extra cells ([`Shape::with_extra`]).
pub fn value_cells(shape: &Shape, cells: &[Cell]) -> Result<(), String> {
    once(shape, cells, "the cells", true)
}

/// As [`cell_set`], for a rule that reads only its cells' values: extra cells allowed.
pub fn value_cell_set(shape: &Shape, cells: &[Cell], what: &str) -> Result<(), String> {
    if cells.is_empty() {
        return Err(format!("{what} has no cells"));
    }
    once(shape, cells, what, true)
}

/// Errors if `cell` is neither in the grid nor one of its extra cells.
pub fn held(shape: &Shape, cell: Cell) -> Result<(), String> {
    match shape.is_extra(cell) {
        true => Ok(()),
        false => inside(shape, cell),
    }
}

/// Errors on the first cell outside the grid or named twice; `what` names the list.
fn inside_once(shape: &Shape, cells: &[Cell], what: &str) -> Result<(), String> {
    once(shape, cells, what, false)
}

/// Errors on the first cell outside the grid (extra cells allowed when `extra`) or named
/// twice.
fn once(shape: &Shape, cells: &[Cell], what: &str, extra: bool) -> Result<(), String> {
    let mut seen = HashSet::new();
    for &c in cells {
        match extra {
            true => held(shape, c)?,
            false => inside(shape, c)?,
        }
        if !seen.insert(c) {
            return Err(format!("{c} appears twice in {what}"));
        }
    }
    Ok(())
}

/// Errors unless `cells` is a line that visits each cell once: at least `min_len` cells,
/// inside the grid, none twice, each touching the next by an edge or a corner. For rules
/// over the line's cells as a set (renban, nabner) or that a revisit would make impossible
/// (thermometer).
pub fn line(shape: &Shape, cells: &[Cell], min_len: usize) -> Result<(), String> {
    path(shape, cells, min_len)?;
    let mut seen = HashSet::new();
    for &c in cells {
        if !seen.insert(c) {
            return Err(format!(
                "{c} appears twice in the line (this rule's line cannot visit a cell twice)"
            ));
        }
    }
    Ok(())
}

/// The name the sum rules use for [`line()`].
pub use line as line_ok;

/// Errors unless `cells` is a path: at least `min_len` cells, inside the grid, each touching
/// the next by an edge or a corner. It may cross itself or visit a cell again (a loop): for
/// rules that hold on each step or window of the line (whispers, palindromes, …), which
/// stay well defined when a cell is seen twice.
pub fn path(shape: &Shape, cells: &[Cell], min_len: usize) -> Result<(), String> {
    if cells.is_empty() {
        return Err("the line has no cells".into());
    }
    for &c in cells {
        inside(shape, c)?;
    }
    if cells.len() < min_len {
        return Err(format!(
            "the line has {} cell(s); it needs at least {min_len}",
            cells.len()
        ));
    }
    for w in cells.windows(2) {
        if !w[0].is_king_neighbour(w[1]) {
            return Err(format!(
                "{} and {} follow each other on the line but do not touch",
                w[0], w[1]
            ));
        }
    }
    Ok(())
}

/// Errors if `cells` has more than `most` cells; `why` words it from the count (rules whose
/// cells need that many different digits).
pub fn at_most(
    cells: &[Cell],
    most: usize,
    why: impl FnOnce(usize) -> String,
) -> Result<(), String> {
    if cells.len() > most {
        return Err(why(cells.len()));
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

/// The least and the largest sum of `k` different numbers from `lo..=hi` (every sum between
/// is reached too); `None` when fewer than `k` numbers lie there.
pub fn distinct_sums(k: usize, lo: usize, hi: usize) -> Option<(usize, usize)> {
    if k == 0 {
        return Some((0, 0));
    }
    (lo + k <= hi + 1).then(|| {
        let tri = k * (k - 1) / 2;
        (k * lo + tri, k * hi - tri)
    })
}

/// The digits (as numbers 1..=N) of `cells` in a full grid.
pub fn values(grid: &Grid, cells: &[Cell]) -> Vec<usize> {
    cells.iter().map(|&c| grid.digit(c).get()).collect()
}

/// The values of `cells` in a full grid: digit index + the shape's offset (`0` on `0-8`,
/// for the rules that read values themselves, [`super::values::READ_VALUES`]).
pub fn values_of(shape: &Shape, grid: &Grid, cells: &[Cell]) -> Vec<i64> {
    let off = shape.values().offset();
    cells
        .iter()
        .map(|&c| grid.digit(c).get() as i64 + off)
        .collect()
}

/// The sum of the digits of `cells` in a full grid.
pub fn sum(grid: &Grid, cells: &[Cell]) -> usize {
    values(grid, cells).iter().sum()
}

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

/// Every pair of orthogonal neighbours of the grid of `shape` (square or not) not listed in
/// `except`, once each (left/upper cell first).
pub fn unmarked_orthogonal_pairs(shape: &Shape, except: &[[Cell; 2]]) -> Vec<(Cell, Cell)> {
    let skip: HashSet<(Cell, Cell)> = except.iter().map(|&[a, b]| unordered(a, b)).collect();
    let mut out = Vec::with_capacity(2 * shape.cell_count());
    for a in shape.cells() {
        for b in [shape.offset(a, 0, 1), shape.offset(a, 1, 0)]
            .into_iter()
            .flatten()
        {
            if !skip.contains(&(a, b)) {
                out.push((a, b));
            }
        }
    }
    out
}

/// Index ranges of every `size` consecutive cells of a line of `len` cells; a shorter line is
/// one window of all its cells.
pub fn windows(len: usize, size: usize) -> Vec<std::ops::Range<usize>> {
    if len <= size {
        std::iter::once(0..len).collect()
    } else {
        (0..=len - size).map(|i| i..i + size).collect()
    }
}

/// Whether two digits of 1..=`n` (equal or not) satisfy `rel`.
pub fn some_pair(n: usize, rel: impl Fn(usize, usize) -> bool) -> bool {
    (1..=n).any(|i| (1..=n).any(|j| rel(i, j)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_sums_run_from_the_smallest_to_the_largest() {
        assert_eq!(distinct_sums(0, 1, 9), Some((0, 0)));
        assert_eq!(distinct_sums(3, 1, 9), Some((6, 24)));
        assert_eq!(distinct_sums(9, 1, 9), Some((45, 45)));
        assert_eq!(distinct_sums(10, 1, 9), None);
        assert_eq!(distinct_sums(2, 4, 5), Some((9, 9)));
        assert_eq!(distinct_sums(3, 4, 5), None);
    }

    #[test]
    fn lines_must_be_inside_distinct_and_touching() {
        let s = Shape::new(4).unwrap();
        let c = |r, c| Cell::new(r, c);
        assert!(line(&s, &[c(1, 1), c(2, 2), c(2, 3)], 2).is_ok());
        assert!(line(&s, &[c(1, 1)], 2).unwrap_err().contains("at least 2"));
        assert!(line(&s, &[c(1, 1), c(1, 3)], 2)
            .unwrap_err()
            .contains("do not touch"));
        assert!(line(&s, &[c(1, 1), c(1, 2), c(1, 1)], 2)
            .unwrap_err()
            .contains("twice"));
        assert!(line(&s, &[c(4, 4), c(5, 5)], 2)
            .unwrap_err()
            .contains("outside"));
        assert_eq!(describe(&[c(1, 1), c(1, 2)]), "r1c1 r1c2");
        let long: Vec<Cell> = (1..=4).map(|k| c(k, 1)).chain([c(4, 2)]).collect();
        assert_eq!(describe(&long), "r1c1 r2c1…r4c2 (5 cells)");
    }
}
