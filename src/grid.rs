//! A grid of R×C cells (N×N, or a rectangle), each empty or holding a digit. Printing lives in `format::text`.

use crate::error::Error;
use crate::geometry::{Cell, Digit, Mask};

/// An R×C grid of optional digits (givens of a puzzle, or a solution when full).
///
/// The solution of a chaos construction also carries the regions found
/// ([`Grid::regions`]): two solutions differ when their digits or their regions do.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Option<Digit>>,
    /// The regions found, one id per cell of the grid (row-major; none for the extra cells),
    /// for a chaos construction's solution.
    regions: Option<Vec<u16>>,
}

impl Grid {
    /// An empty grid of side `size`.
    pub fn empty(size: usize) -> Grid {
        Grid::empty_rect(size, size)
    }
    /// An empty grid of `rows` × `cols` cells.
    pub fn empty_rect(rows: usize, cols: usize) -> Grid {
        Grid {
            rows,
            cols,
            cells: vec![None; rows * cols],
            regions: None,
        }
    }
    /// An empty grid of `shape`: its R×C cells, then its extra cells
    /// ([`Shape::with_extra`](crate::geometry::Shape::with_extra)).
    pub fn for_shape(shape: &crate::geometry::Shape) -> Grid {
        Grid {
            rows: shape.rows(),
            cols: shape.cols(),
            cells: vec![None; shape.cell_count()],
            regions: None,
        }
    }
    /// A `rows` × `cols` grid from row-major cells followed by its extra cells (any number
    /// past `rows·cols`); `None` if there are fewer than `rows·cols`.
    pub fn from_cells_extra(rows: usize, cols: usize, cells: Vec<Option<Digit>>) -> Option<Grid> {
        (cells.len() >= rows * cols).then_some(Grid {
            rows,
            cols,
            cells,
            regions: None,
        })
    }
    /// This grid with `count` empty extra cells after its R×C cells (any it had are
    /// dropped first).
    pub fn with_extra(mut self, count: usize) -> Grid {
        self.cells.truncate(self.rows * self.cols);
        self.cells.resize(self.rows * self.cols + count, None);
        self
    }
    /// The number of extra cells after the R×C cells of the grid.
    pub fn extra(&self) -> usize {
        self.cells.len() - self.rows * self.cols
    }
    /// The digits of the extra cells, in order.
    pub fn extra_cells(&self) -> &[Option<Digit>] {
        &self.cells[self.rows * self.cols..]
    }
    /// The R×C cells of the grid, row-major, without the extra cells.
    pub fn grid_cells(&self) -> &[Option<Digit>] {
        &self.cells[..self.rows * self.cols]
    }
    /// Whether this grid has the dimensions and the extra cells of `shape`.
    pub fn fits(&self, shape: &crate::geometry::Shape) -> bool {
        self.same_dims(shape.rows(), shape.cols()) && self.cells.len() == shape.cell_count()
    }
    /// A grid from row-major cells; `None` if the count is not `size²`.
    pub fn from_cells(size: usize, cells: Vec<Option<Digit>>) -> Option<Grid> {
        Grid::from_cells_rect(size, size, cells)
    }
    /// A `rows` × `cols` grid from row-major cells; `None` if the count is not `rows·cols`.
    pub fn from_cells_rect(rows: usize, cols: usize, cells: Vec<Option<Digit>>) -> Option<Grid> {
        (cells.len() == rows * cols).then_some(Grid {
            rows,
            cols,
            cells,
            regions: None,
        })
    }
    /// The regions of a chaos construction's solution: a region id 0..N per cell, row-major,
    /// numbered in order of first appearance; `None` for any other grid.
    pub fn regions(&self) -> Option<&[u16]> {
        self.regions.as_deref()
    }
    /// Sets (or clears) the regions of a chaos construction's solution; `regions` holds one
    /// id per cell of the grid, row-major (none for its extra cells, which are in no region).
    pub fn set_regions(&mut self, regions: Option<Vec<u16>>) {
        debug_assert!(regions
            .as_ref()
            .is_none_or(|r| r.len() == self.rows * self.cols));
        self.regions = regions;
    }
    /// Side length N of a square grid; on a rectangle, the longer side.
    pub fn size(&self) -> usize {
        self.rows.max(self.cols)
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns (the stride of row-major positions).
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Whether two grids have the same rows and columns.
    pub fn same_dims(&self, rows: usize, cols: usize) -> bool {
        self.rows == rows && self.cols == cols
    }
    /// The digit in `cell`.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[cell.position(self.cols)]
    }
    /// Puts `digit` (or nothing) in `cell`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let i = cell.position(self.cols);
        self.cells[i] = digit;
    }
    /// Cells row-major, then the extra cells.
    pub fn cells(&self) -> &[Option<Digit>] {
        &self.cells
    }
    /// Filled cells and their digits, row-major.
    pub fn filled(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        let n = self.cols;
        self.cells
            .iter()
            .enumerate()
            .filter_map(move |(i, d)| d.map(|d| (Cell::from_position(i, n), d)))
    }
    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|d| d.is_some()).count()
    }
    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }
    /// The digit of a full grid's cell; panics on an empty cell.
    pub fn digit(&self, cell: Cell) -> Digit {
        self.get(cell).expect("digit() on an empty cell")
    }
    /// Cells where `stated` holds a digit that this grid does not, row-major: a found
    /// solution set against a stated one, which may leave cells open (and may state the
    /// grid's cells only, without the extra cells).
    pub fn disagreements(&self, stated: &Grid) -> Vec<Cell> {
        let n = self.cols;
        (0..self.cells.len().min(stated.cells.len()))
            .filter(|&i| stated.cells[i].is_some() && self.cells[i] != stated.cells[i])
            .map(|i| Cell::from_position(i, n))
            .collect()
    }
    /// Cells where two grids differ, row-major: in their digits or, for two solutions of a
    /// chaos construction, in the region found for them; a cell only one of them has (an
    /// extra cell) differs.
    pub fn diff(&self, other: &Grid) -> Vec<Cell> {
        let n = self.cols;
        let region = |g: &Grid, i: usize| g.regions.as_ref().and_then(|r| r.get(i).copied());
        (0..self.cells.len().max(other.cells.len()))
            .filter(|&i| {
                self.cells.get(i) != other.cells.get(i) || region(self, i) != region(other, i)
            })
            .map(|i| Cell::from_position(i, n))
            .collect()
    }
}
/// Errors if two of `cells` hold the same digit.
pub fn check_distinct(
    grid: &Grid,
    cells: impl Iterator<Item = Cell> + Clone,
    name: &str,
) -> Result<(), Error> {
    let mut seen: Mask = 0;
    for cell in cells.clone() {
        let d: Digit = grid.digit(cell);
        if seen & d.bit() != 0 {
            let first = cells
                .clone()
                .find(|&c| grid.digit(c) == d)
                .expect("seen before");
            return Err(Error::Verification(format!(
                "{first} and {cell} both hold {d} in {name}"
            )));
        }
        seen |= d.bit();
    }
    Ok(())
}
