//! Grid geometry: box shapes, regions and houses for any N×N grid. Cells, digits and masks
//! live in [`crate::cell`] and are re-exported here.

pub use crate::cell::{digits, full_mask, Cell, Digit, Mask, ParseCellError, MAX_SIZE};

/// The most cells a chaos construction may have: its formula grows with the square of the
/// cell count (a region variable per cell and region, reachability per cell, region and
/// level; 9×9: 53k clauses, 25×25: a few million), so larger grids are refused rather than
/// left to exhaust memory.
pub const MAX_CHAOS_CELLS: usize = 625;
use crate::error::Error;

/// The shape of a puzzle: R rows × C columns (a square N×N grid, or a rectangle such as
/// 6×8), box dimensions, the region of each cell, and the values the cells hold.
///
/// Regions default to boxes of `box_rows` × `box_cols`; a jigsaw puzzle sets its own. A cell
/// may belong to no region (f-puzzles `"region": null`, or a rectangle with no boxes).
/// Regions hold `region_size` cells (the box size; N on a classic grid), at most as many as
/// there are values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    rows: usize,
    cols: usize,
    box_rows: usize,
    box_cols: usize,
    /// Region id per cell (row-major), `None` for a cell in no region.
    regions: Vec<Option<u16>>,
    jigsaw: bool,
    /// The values the cells hold; 1..=max(R, C) unless set by [`Shape::with_values`].
    values: Values,
    /// Chaos construction ([`Shape::with_chaos`]): N more regions, unknown, to be found.
    chaos: bool,
    /// A raw grid ([`Shape::with_raw`]): no rows, columns or regions that must differ.
    raw: bool,
    /// Extra cells outside the grid ([`Shape::with_extra`]), numbered after its cells.
    extra: usize,
}

/// The values a grid's cells hold: `count` consecutive integers from `min` (1..=N by
/// default; `0-8` on a 9×9; `1-9` on a 6×6, more values than a house holds).
///
/// Inside the solver a cell's value is always a [`Digit`] index (the smallest value has
/// index 0, `Digit::get() == 1`); the value as written is `min + index`. Only the edges
/// (readers, printers, rules whose meaning is arithmetic) translate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Values {
    /// The smallest value.
    pub min: i64,
    /// How many values (at least the side length, at most [`MAX_SIZE`]).
    pub count: usize,
}

impl Values {
    /// The default set of a side-`n` grid: 1..=n.
    pub fn standard(n: usize) -> Values {
        Values { min: 1, count: n }
    }
    /// The largest value.
    pub fn max(self) -> i64 {
        self.min + self.count as i64 - 1
    }
    /// Whether this is the default set 1..=`n` of a side-`n` grid.
    pub fn is_standard(self, n: usize) -> bool {
        self == Values::standard(n)
    }
    /// The value digit `d` stands for.
    pub fn value(self, d: Digit) -> i64 {
        self.min + d.index() as i64
    }
    /// The digit standing for `value`, if it is in the set.
    pub fn digit(self, value: i64) -> Option<Digit> {
        (self.min..=self.max())
            .contains(&value)
            .then(|| Digit::from_index((value - self.min) as usize))
    }
    /// What a digit index 1..=count adds to its value: `value = index + offset`.
    pub fn offset(self) -> i64 {
        self.min - 1
    }
    /// Reads `MIN-MAX` (`0-8`) or `MAX` (`9`, meaning 1-9); `MIN` may be negative (`-4-4`).
    pub fn parse(text: &str) -> Result<Values, Error> {
        let bad = || Error::ValueSpec(text.to_string());
        let t = text.trim();
        let (lo, hi) = match t.get(1..).and_then(|rest| rest.find('-')) {
            Some(i) => (
                t[..=i].trim().parse::<i64>(),
                t[i + 2..].trim().parse::<i64>(),
            ),
            None => (Ok(1), t.parse::<i64>()),
        };
        let (lo, hi) = (lo.map_err(|_| bad())?, hi.map_err(|_| bad())?);
        if hi < lo || hi - lo >= MAX_SIZE as i64 || lo.abs() > 1 << 20 || hi.abs() > 1 << 20 {
            return Err(bad());
        }
        Ok(Values {
            min: lo,
            count: (hi - lo + 1) as usize,
        })
    }
}

impl std::fmt::Display for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}-{}", self.min, self.max())
    }
}

/// A set of cells that holds each of the digits 1..=N exactly once (row, column, region,
/// or a variant's full house such as a diagonal).
pub type House = Vec<Cell>;

impl Shape {
    /// The standard shape of side `size` with its default boxes (see [`default_box`]).
    pub fn new(size: usize) -> Result<Shape, Error> {
        check_size(size)?;
        let (r, c) = default_box(size);
        Shape::with_box(size, r, c)
    }

    /// A shape with boxes of `box_rows` × `box_cols` cells (`box_rows * box_cols == size`).
    pub fn with_box(size: usize, box_rows: usize, box_cols: usize) -> Result<Shape, Error> {
        check_size(size)?;
        if box_rows == 0 || box_cols == 0 || box_rows * box_cols != size {
            return Err(Error::BoxShape {
                size,
                box_rows,
                box_cols,
            });
        }
        Shape::rect_with_box(size, size, box_rows, box_cols)
    }

    /// A grid of `rows` × `cols` cells (square or not) with boxes of `box_rows` ×
    /// `box_cols` cells that tile it; the boxes may hold another number of cells than a row
    /// (a 6×6 grid with 3×3 boxes of 9 cells, holding 9 values). The values default to
    /// 1..=max(rows, cols).
    pub fn rect_with_box(
        rows: usize,
        cols: usize,
        box_rows: usize,
        box_cols: usize,
    ) -> Result<Shape, Error> {
        check_dims(rows, cols)?;
        if box_rows == 0 || box_cols == 0 || rows % box_rows != 0 || cols % box_cols != 0 {
            return Err(Error::GridShape(format!(
                "boxes of {box_rows}x{box_cols} do not tile a {rows}x{cols} grid"
            )));
        }
        let per_band = cols / box_cols;
        let regions = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                Some(((r / box_rows) * per_band + c / box_cols) as u16)
            })
            .collect();
        Ok(Shape {
            rows,
            cols,
            box_rows,
            box_cols,
            regions,
            jigsaw: false,
            values: Values::standard(rows.max(cols)),
            chaos: false,
            raw: false,
            extra: 0,
        })
    }

    /// A grid of `rows` × `cols` cells with its default boxes: a square one as
    /// [`Shape::new`]; a rectangle with the boxes of [`rect_box`] for regions of
    /// max(rows, cols) cells, or no regions when no box fits (a 9×8 grid).
    pub fn rect(rows: usize, cols: usize) -> Result<Shape, Error> {
        if rows == cols {
            return Shape::new(rows);
        }
        Shape::rect_sized(rows, cols, rows.max(cols))
    }

    /// A rectangle or square of `rows` × `cols` cells whose boxes hold `size` cells
    /// ([`rect_box`]); no regions when no box of that size tiles the grid.
    pub fn rect_sized(rows: usize, cols: usize, size: usize) -> Result<Shape, Error> {
        check_dims(rows, cols)?;
        match rect_box(rows, cols, size) {
            Some((r, c)) => Shape::rect_with_box(rows, cols, r, c),
            // no boxes: every cell in no region (box dimensions kept as one row, unused)
            None => Ok(Shape {
                rows,
                cols,
                box_rows: 1,
                box_cols: cols,
                regions: vec![None; rows * cols],
                jigsaw: true,
                values: Values::standard(rows.max(cols)),
                chaos: false,
                raw: false,
                extra: 0,
            }),
        }
    }

    /// A shape whose regions are given per cell (row-major), e.g. a jigsaw. Every region must
    /// hold exactly N cells unless some cells are in no region; then smaller regions are
    /// allowed (they are all-different, not full houses).
    pub fn with_regions(size: usize, regions: Vec<Option<u16>>) -> Result<Shape, Error> {
        Shape::rect_with_sized_regions(size, size, size, regions)
    }

    /// A `rows` × `cols` shape whose regions are given per cell (row-major). The full
    /// regions hold as many cells as the largest one (a jigsaw of 9-cell regions on a 6×6
    /// grid holding 9 values); they must all be that size unless some cells are in no
    /// region, which allows smaller regions (all-different, not full houses).
    pub fn rect_with_regions(
        rows: usize,
        cols: usize,
        regions: Vec<Option<u16>>,
    ) -> Result<Shape, Error> {
        let mut counts = std::collections::BTreeMap::<u16, usize>::new();
        for r in regions.iter().flatten() {
            *counts.entry(*r).or_default() += 1;
        }
        let size = counts.values().copied().max().unwrap_or(rows.max(cols));
        Shape::rect_with_sized_regions(rows, cols, size, regions)
    }

    /// [`Shape::rect_with_regions`] with regions of `size` cells (ISS `RegionSize`).
    pub fn rect_with_sized_regions(
        rows: usize,
        cols: usize,
        size: usize,
        regions: Vec<Option<u16>>,
    ) -> Result<Shape, Error> {
        check_dims(rows, cols)?;
        if regions.len() != rows * cols {
            return Err(Error::Regions(format!(
                "{} region entries for a {rows}×{cols} grid",
                regions.len()
            )));
        }
        let mut counts = std::collections::BTreeMap::<u16, usize>::new();
        for r in regions.iter().flatten() {
            *counts.entry(*r).or_default() += 1;
        }
        let has_none = regions.iter().any(Option::is_none);
        for (&id, &count) in &counts {
            if count > size || (count < size && !has_none) {
                return Err(Error::Regions(format!(
                    "region {} has {count} cells; each region needs exactly {size}",
                    id as usize + 1
                )));
            }
        }
        let default = match rows == cols && size == rows {
            true => Shape::new(rows)?,
            false => Shape::rect_sized(rows, cols, size)?,
        };
        let jigsaw = default.jigsaw || regions != default.regions;
        Ok(Shape {
            regions,
            jigsaw,
            ..default
        })
    }

    /// This shape with its cells holding `values` instead of 1..=N: at least max(R, C)
    /// values and at least as many as a region has cells (a house holds each at most once;
    /// exactly once when it has as many cells as there are values).
    pub fn with_values(self, values: Values) -> Result<Shape, Error> {
        if values.count < self.side() || values.count > MAX_SIZE {
            return Err(Error::ValueCount {
                values: values.to_string(),
                size: self.side(),
            });
        }
        if self.chaos && values.count != self.side() {
            return Err(Error::Regions(format!(
                "chaos construction needs as many values as the longer side ({}), not {values}",
                self.side()
            )));
        }
        let shape = Shape { values, ..self };
        shape.check_region_size()?;
        Ok(shape)
    }

    /// Errors if a region holds more cells than there are values (checked when the values
    /// are set, and by every puzzle).
    pub fn check_region_size(&self) -> Result<(), Error> {
        let size = self.region_size();
        if size > self.values.count {
            return Err(Error::Regions(format!(
                "regions of {size} cells cannot hold different values out of {} ({})",
                self.values.count, self.values
            )));
        }
        Ok(())
    }

    /// This shape with chaos construction (at most [`MAX_CHAOS_CELLS`] cells): besides its
    /// rows, columns and any regions it states, the grid is split into regions that the
    /// solver finds — each of V = max(R, C) orthogonally connected cells holding every one
    /// of the V values once, so min(R, C) of them ([`Shape::chaos_regions`]): a square N×N
    /// holding 1..N has N regions of N cells, a 6×8 holding 1..8 six regions of 8 (the
    /// Interactive Sudoku Solver's default region size, max(R, C)). Needs as many values as
    /// the longer side: with more, regions would hold some values only, and their size
    /// would no longer follow from the digits (refused).
    pub fn with_chaos(self) -> Result<Shape, Error> {
        if self.raw {
            return Err(Error::GridShape(
                "a raw grid has no regions, so it cannot be a chaos construction".into(),
            ));
        }
        let cells = self.rows * self.cols;
        if cells > MAX_CHAOS_CELLS {
            return Err(Error::Regions(format!(
                "chaos construction is limited to grids of {MAX_CHAOS_CELLS} cells or fewer \
                 (25×25; its formula grows with the square of the cell count), not {}x{}",
                self.rows, self.cols
            )));
        }
        let v = self.values.count;
        if v != self.side() {
            return Err(Error::Regions(format!(
                "chaos construction needs as many values as the longer side ({}), not {}",
                self.side(),
                self.values
            )));
        }
        if self.region_cells().iter().any(|g| g.len() > v) {
            return Err(Error::Regions(format!(
                "chaos construction finds regions of {v} cells; the stated regions hold {}",
                self.region_size()
            )));
        }
        Ok(Shape {
            chaos: true,
            ..self
        })
    }

    /// This shape as a raw grid (ISS `~Raw`): its rows and columns need not hold different
    /// values and it has no regions, so only the puzzle's rules say anything about its
    /// cells. Needs a shape without regions, not a chaos construction; its values are set
    /// as for any grid (at least as many as the longer side).
    pub fn with_raw(self) -> Result<Shape, Error> {
        if self.chaos {
            return Err(Error::GridShape(
                "a raw grid has no regions, so it cannot be a chaos construction".into(),
            ));
        }
        if self.regions.iter().any(Option::is_some) {
            return Err(Error::GridShape(
                "a raw grid has no boxes or regions (its rules say which cells differ)".into(),
            ));
        }
        Ok(Shape { raw: true, ..self })
    }

    /// This shape with `count` extra cells (ISS `Var`): cells outside the grid, in no row,
    /// column or region, holding one of the grid's values each. They continue the grid's
    /// row-major numbering, so they are named as rows below it: on a 9×9 grid, extra cell 1
    /// is `r10c1` and extra cell 10 is `r11c1` ([`Shape::extra_cell`]). Only rules that read
    /// a list of cells' values may name them (see `rules::cell_lists::value_cells`); a
    /// solution holds their values and two solutions differing only there are two. At most
    /// as many as fit in the rows up to 64. On a chaos construction they are in no found
    /// region either (its region variables follow all cell variables, the extra cells'
    /// included).
    pub fn with_extra(self, count: usize) -> Result<Shape, Error> {
        let room = (MAX_SIZE - self.rows) * self.cols;
        if count > room {
            return Err(Error::GridShape(format!(
                "{count} extra cells do not fit below a {}x{} grid (rows up to {MAX_SIZE}: at \
                 most {room})",
                self.rows, self.cols
            )));
        }
        Ok(Shape {
            extra: count,
            ..self
        })
    }

    /// The number of extra cells ([`Shape::with_extra`]).
    pub fn extra(&self) -> usize {
        self.extra
    }

    /// Extra cell `k` (0-based): the cell at row-major position R·C + k.
    pub fn extra_cell(&self, k: usize) -> Cell {
        Cell::from_position(self.rows * self.cols + k, self.cols)
    }

    /// Whether `cell` is one of the extra cells.
    pub fn is_extra(&self, cell: Cell) -> bool {
        !self.contains(cell)
            && cell.c() < self.cols
            && (self.rows * self.cols..self.cell_count()).contains(&self.position(cell))
    }

    /// Whether `cell` has variables: a cell of the grid or an extra cell.
    pub fn holds(&self, cell: Cell) -> bool {
        self.contains(cell) || self.is_extra(cell)
    }

    /// The extra cells, in order.
    pub fn extra_cells(&self) -> impl Iterator<Item = Cell> + Clone + '_ {
        (0..self.extra).map(move |k| self.extra_cell(k))
    }

    /// The grid's cells, then the extra cells: every cell with variables, row-major.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + Clone + '_ {
        (0..self.cell_count()).map(move |i| Cell::from_position(i, self.cols))
    }

    /// Whether the grid is raw ([`Shape::with_raw`]): no house makes its cells differ.
    pub fn is_raw(&self) -> bool {
        self.raw
    }

    /// Whether the puzzle is a chaos construction: its regions are unknowns, found with
    /// the digits (they are not in [`Shape::regions`], which holds the stated regions only).
    pub fn is_chaos(&self) -> bool {
        self.chaos
    }

    /// How many regions a chaos construction finds: R·C / V = min(R, C), each of V cells
    /// (V the value count, the longer side); 0 when the shape is not chaos.
    pub fn chaos_regions(&self) -> usize {
        if self.chaos {
            self.rows * self.cols / self.values.count
        } else {
            0
        }
    }

    /// Side length N of a square grid; on a rectangle, the longer side (what
    /// [`Shape::side`] returns). Code that reads it as both the number of rows and of
    /// columns must refuse rectangles first (see [`Shape::is_square`]).
    pub fn size(&self) -> usize {
        self.side()
    }
    /// The longer side, max(R, C): the number of cells of the longer houses, the default
    /// number of values, and the side N of a square grid.
    pub fn side(&self) -> usize {
        self.rows.max(self.cols)
    }
    /// Number of rows R.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns C (the cells of a row; the stride of row-major positions).
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Whether the grid is square (R = C).
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }
    /// Whether `cell` lies inside the grid.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.r() < self.rows && cell.c() < self.cols
    }
    /// The values the cells hold (1..=N unless set).
    pub fn values(&self) -> Values {
        self.values
    }
    /// How many values a cell can hold: the number of digit indices (N unless set).
    pub fn value_count(&self) -> usize {
        self.values.count
    }
    /// Whether the cells hold 1..=N on a square grid (the classic values).
    pub fn has_standard_values(&self) -> bool {
        self.is_square() && self.values.is_standard(self.side())
    }
    /// Whether every row, column and region holds every value: a square grid with as many
    /// values as cells in a row, and regions of that many cells. Otherwise some houses are
    /// all-different only (see [`Shape::covers`]).
    pub fn houses_cover_values(&self) -> bool {
        !self.raw
            && self.is_square()
            && self.values.count == self.side()
            && self.region_size() <= self.side()
    }
    /// Whether every full house of the grid (a row, column or region of `side` cells) holds
    /// each of the first `side` values once: the shape says so
    /// ([`Shape::houses_cover_values`]), or it holds more values than a row (a square grid,
    /// not raw, not chaos) but `cands` (row-major, the grid's cells first) keep every grid
    /// cell to the first `side` of them — as ISS's `Shape~9x9~15` does when its extra cells
    /// hold 1..15 and Givens keep the grid to 1..9. Then the houses are houses again: each
    /// value at least once, hidden singles, set theory with totals of 1..side (index space).
    pub fn houses_hold_side_values(&self, cands: &[Mask]) -> bool {
        if self.houses_cover_values() {
            return true;
        }
        let n = self.side();
        let first = full_mask(n);
        !self.raw
            && !self.chaos
            && self.is_square()
            && self.values.count > n
            && self.region_size() <= n
            && cands.len() >= n * n
            && cands[..n * n].iter().all(|&m| m & !first == 0)
    }
    /// Whether a house of `cells` cells holds every value (as many cells as values); a
    /// smaller one is all-different only.
    pub fn covers(&self, cells: usize) -> bool {
        cells == self.values.count
    }
    /// The number of cells of a full region: the box size for boxes; the largest region
    /// otherwise (0 when there are no regions).
    pub fn region_size(&self) -> usize {
        if !self.jigsaw {
            return self.box_rows * self.box_cols;
        }
        self.region_cells().iter().map(Vec::len).max().unwrap_or(0)
    }
    /// Number of cells with variables: R·C, plus the extra cells ([`Shape::with_extra`]).
    /// The length of every per-cell vector (candidates, a grid's cells).
    pub fn cell_count(&self) -> usize {
        self.rows * self.cols + self.extra
    }
    /// Number of cells of the grid, R·C (without the extra cells).
    pub fn grid_cell_count(&self) -> usize {
        self.rows * self.cols
    }
    /// Rows per box.
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }
    /// Columns per box.
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }
    /// Whether the regions differ from the default boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }
    /// The region of `cell`, if any.
    pub fn region_of(&self, cell: Cell) -> Option<u16> {
        // an extra cell lies past the region map: in no region
        self.regions
            .get(cell.position(self.cols))
            .copied()
            .flatten()
    }
    /// Whether two different cells must hold different values by the grid alone: they share
    /// a row, a column or a stated region (rows and columns always differ, also where they
    /// hold fewer cells than values; a chaos construction's stated regions are houses beside
    /// the ones it finds, which are unknowns and not read here; never on a raw grid). The
    /// one statement of it: encoders, the ISS reader and the sum propagator ask this.
    pub fn must_differ(&self, a: Cell, b: Cell) -> bool {
        a != b
            && !self.raw
            && self.contains(a)
            && self.contains(b)
            && (a.r() == b.r()
                || a.c() == b.c()
                || self
                    .region_of(a)
                    .is_some_and(|r| self.region_of(b) == Some(r)))
    }
    /// Region id per cell, row-major.
    pub fn regions(&self) -> &[Option<u16>] {
        &self.regions
    }
    /// The row-major position of `cell` (`row · C + col`).
    pub fn position(&self, cell: Cell) -> usize {
        cell.position(self.cols)
    }
    /// The cell at row-major position `i`.
    pub fn cell_at(&self, i: usize) -> Cell {
        Cell::from_position(i, self.cols)
    }
    /// The grid's cells, row-major (without the extra cells: see [`Shape::all_cells`]).
    pub fn cells(&self) -> impl Iterator<Item = Cell> + Clone + '_ {
        (0..self.grid_cell_count()).map(move |i| Cell::from_position(i, self.cols))
    }
    /// The cells of row `r` (0-based), left to right.
    pub fn row_cells(&self, r: usize) -> Vec<Cell> {
        (0..self.cols).map(|c| Cell::from_index(r, c)).collect()
    }
    /// The cells of column `c` (0-based), top to bottom.
    pub fn col_cells(&self, c: usize) -> Vec<Cell> {
        (0..self.rows).map(|r| Cell::from_index(r, c)).collect()
    }
    /// The cell offset from `cell` by (`dr`, `dc`), if it lies inside the grid.
    pub fn offset(&self, cell: Cell, dr: isize, dc: isize) -> Option<Cell> {
        let r = cell.r() as isize + dr;
        let c = cell.c() as isize + dc;
        (r >= 0 && c >= 0 && r < self.rows as isize && c < self.cols as isize)
            .then(|| Cell::from_index(r as usize, c as usize))
    }
    /// Regions as lists of cells, in region-id order.
    pub fn region_cells(&self) -> Vec<Vec<Cell>> {
        let mut map = std::collections::BTreeMap::<u16, Vec<Cell>>::new();
        for cell in self.cells() {
            if let Some(r) = self.region_of(cell) {
                map.entry(r).or_default().push(cell);
            }
        }
        map.into_values().collect()
    }
    /// Rows, then columns, then full regions (of [`Shape::region_size`] cells): the houses
    /// of classic sudoku (none on a raw grid). A house holds every value when it has as many cells as there are
    /// values ([`Shape::covers`]), else its values differ only.
    pub fn houses(&self) -> Vec<House> {
        if self.raw {
            return Vec::new();
        }
        let full = self.region_size();
        let mut houses: Vec<House> = Vec::with_capacity(self.rows + 2 * self.cols);
        houses.extend((0..self.rows).map(|r| self.row_cells(r)));
        houses.extend((0..self.cols).map(|c| self.col_cells(c)));
        houses.extend(self.region_cells().into_iter().filter(|g| g.len() == full));
        houses
    }
    /// Regions with fewer cells than a full region (only where some cells are in no region).
    pub fn partial_regions(&self) -> Vec<Vec<Cell>> {
        let full = self.region_size();
        self.region_cells()
            .into_iter()
            .filter(|g| g.len() < full)
            .collect()
    }
    /// The name of house `i` of [`Shape::houses`], for messages ("row 3", "box 5").
    pub fn house_name(&self, i: usize) -> String {
        let (r, c) = (self.rows, self.cols);
        match i {
            _ if i < r => format!("row {}", i + 1),
            _ if i < r + c => format!("column {}", i - r + 1),
            _ if self.jigsaw => format!("region {}", i - r - c + 1),
            _ => format!("box {}", i - r - c + 1),
        }
    }
}

/// Checks `rows` and `cols` against the supported range (1..=[`MAX_SIZE`] each).
pub fn check_dims(rows: usize, cols: usize) -> Result<(), Error> {
    check_size(rows)?;
    check_size(cols)
}

/// The boxes of `size` cells for a `rows` × `cols` grid, as ISS lays them out: the most
/// square factorisation `small × large` of `size` (small from ⌊√size⌋ down to 2) that
/// tiles the grid, `small` rows × `large` columns first, else `large` rows × `small`
/// columns; `None` when none tiles it (a 9×8 grid has no boxes of 9). A 6×8 grid has 2×4
/// boxes; a 6×9 grid 3×3; a 5×10 grid 5×2; a 6×6 grid with regions of 9 cells, 3×3.
pub fn rect_box(rows: usize, cols: usize, size: usize) -> Option<(usize, usize)> {
    let mut small = (size as f64).sqrt().floor() as usize;
    while small * small > size {
        small -= 1;
    }
    while small >= 2 {
        if size % small == 0 {
            let large = size / small;
            if rows % small == 0 && cols % large == 0 {
                return Some((small, large));
            }
            if large != small && rows % large == 0 && cols % small == 0 {
                return Some((large, small));
            }
        }
        small -= 1;
    }
    None
}

/// Checks `size` against the supported range.
pub fn check_size(size: usize) -> Result<(), Error> {
    if (1..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(Error::Size(size))
    }
}

/// The default box for side `n`: √n × √n for a square, else the most square `r × c` with
/// `r ≤ c` (6 → 2×3, 12 → 3×4); a prime `n` gets 1 × n (rows only).
pub fn default_box(n: usize) -> (usize, usize) {
    let mut best = (1, n);
    let mut r = 1;
    while r * r <= n {
        if n % r == 0 {
            best = (r, n / r);
        }
        r += 1;
    }
    best
}

/// Parses a box shape written `RxC` (also `R×C`, `R*C`).
pub fn parse_box(text: &str) -> Result<(usize, usize), Error> {
    match parse_rxc(text) {
        Some((r, c)) if r > 0 && c > 0 && r * c <= MAX_SIZE => Ok((r, c)),
        _ => Err(Error::BoxSpec(text.to_string())),
    }
}

/// Two numbers written `RxC` (also `R×C`, `R*C`), unchecked; `None` when it is not that.
pub fn parse_rxc(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text.split_once(['x', 'X', '×', '*'])?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chaos_is_refused_past_its_cell_limit() {
        assert!(Shape::new(25).unwrap().with_chaos().is_ok());
        let e = Shape::new(26).unwrap().with_chaos().unwrap_err();
        assert!(e.to_string().contains("625 cells or fewer"), "{e}");
        let e = Shape::rect(24, 27).unwrap().with_chaos().unwrap_err();
        assert!(e.to_string().contains("not 24x27"), "{e}");
    }

    #[test]
    fn chaos_regions_hold_one_cell_per_value() {
        let nine = Shape::new(9).unwrap().with_chaos().unwrap();
        assert_eq!(nine.chaos_regions(), 9);
        let rect = Shape::rect(6, 8).unwrap().with_chaos().unwrap();
        assert_eq!(rect.chaos_regions(), 6);
        assert_eq!(
            Shape::rect(8, 6)
                .unwrap()
                .with_chaos()
                .unwrap()
                .chaos_regions(),
            6
        );
        assert_eq!(Shape::new(9).unwrap().chaos_regions(), 0);
        // 6×6 holding 1..9: regions would hold 6 of the 9 values (refused, either order)
        let e = Shape::new(6)
            .unwrap()
            .with_values(Values::parse("1-9").unwrap())
            .unwrap()
            .with_chaos()
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("as many values as the longer side (6)"),
            "{e}"
        );
        let e = Shape::new(6)
            .unwrap()
            .with_chaos()
            .unwrap()
            .with_values(Values::parse("1-8").unwrap())
            .unwrap_err();
        assert!(e.to_string().contains("as many values"), "{e}");
        // from 0 is fine
        let zero = Shape::rect(4, 6)
            .unwrap()
            .with_values(Values::parse("0-5").unwrap());
        assert_eq!(zero.unwrap().with_chaos().unwrap().chaos_regions(), 4);
    }

    #[test]
    fn default_boxes_match_common_collections() {
        let expect = [
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (2, 4)),
            (9, (3, 3)),
            (10, (2, 5)),
            (12, (3, 4)),
            (15, (3, 5)),
            (16, (4, 4)),
            (20, (4, 5)),
            (25, (5, 5)),
            (36, (6, 6)),
            (7, (1, 7)),
        ];
        for (n, b) in expect {
            assert_eq!(default_box(n), b, "n = {n}");
        }
    }

    #[test]
    fn digits_and_cells_name_their_base() {
        assert_eq!(Digit::new(1), Digit::from_index(0));
        assert_eq!(Cell::new(1, 1), Cell::from_index(0, 0));
        assert_eq!(format!("{}", Cell::new(3, 12)), "r3c12");
        assert_eq!(
            digits(0b1010).map(Digit::get).collect::<Vec<_>>(),
            vec![2, 4]
        );
    }

    #[test]
    fn cells_read_and_write_as_r1c1() {
        assert_eq!("r3c12".parse::<Cell>().unwrap(), Cell::new(3, 12));
        assert_eq!("R10C3".parse::<Cell>().unwrap(), Cell::new(10, 3));
        let json = serde_json::to_string(&Cell::new(2, 7)).unwrap();
        assert_eq!(json, "\"r2c7\"");
        assert_eq!(
            serde_json::from_str::<Cell>(&json).unwrap(),
            Cell::new(2, 7)
        );
        for bad in ["r0c1", "r1", "c1r1", "r1c", "rxc2", "r1c99", "r+1c1", ""] {
            let e = bad.parse::<Cell>().unwrap_err();
            assert!(e.to_string().contains(&format!("{bad:?}")), "{e}");
        }
        let e = serde_json::from_str::<Cell>("\"r1x1\"").unwrap_err();
        assert!(e.to_string().contains("\"r1x1\""), "{e}");
    }

    #[test]
    fn houses_of_six_by_six() {
        let s = Shape::new(6).unwrap();
        let h = s.houses();
        assert_eq!(h.len(), 18);
        // box 2 (index 13) is rows 1-2, columns 4-6
        assert_eq!(h[13][0], Cell::new(1, 4));
        assert_eq!(h[13][5], Cell::new(2, 6));
        assert_eq!(s.house_name(13), "box 2");
    }

    #[test]
    fn cells_of_a_row_column_or_region_must_differ() {
        let s = Shape::new(6).unwrap();
        let c = Cell::new;
        assert!(s.must_differ(c(1, 1), c(1, 6)));
        assert!(s.must_differ(c(1, 1), c(6, 1)));
        // box 1: rows 1-2, columns 1-3
        assert!(s.must_differ(c(1, 1), c(2, 3)));
        assert!(!s.must_differ(c(1, 1), c(3, 2)));
        assert!(!s.must_differ(c(1, 1), c(1, 1)));
        // a chaos construction's regions are unknowns: only rows and columns count
        let chaos = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        assert!(!chaos.must_differ(c(1, 1), c(2, 2)));
        assert!(chaos.must_differ(c(1, 1), c(1, 4)));
        // ... but boxes it keeps are houses
        let boxed = Shape::new(4).unwrap().with_chaos().unwrap();
        assert!(boxed.must_differ(c(1, 1), c(2, 2)));
        assert!(!boxed.must_differ(c(1, 1), c(3, 3)));
        // a raw grid: nothing
        let raw = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_raw()
            .unwrap();
        assert!(!raw.must_differ(c(1, 1), c(1, 2)));
    }

    #[test]
    fn bad_shapes_are_errors() {
        assert!(Shape::with_box(9, 2, 4).is_err());
        assert!(Shape::new(0).is_err());
        assert!(Shape::new(65).is_err());
        assert!(parse_box("3x").is_err());
        assert_eq!(parse_box("2x3").unwrap(), (2, 3));
        let mut regions: Vec<Option<u16>> = Shape::new(4).unwrap().regions().to_vec();
        regions[0] = Some(1);
        assert!(Shape::with_regions(4, regions).is_err());
    }

    #[test]
    fn cells_serialize_as_r_c_strings() {
        let c: Cell = serde_json::from_str("\"R3c12\"").unwrap();
        assert_eq!(c, Cell::new(3, 12));
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"r3c12\"");
        for bad in [
            "\"r0c1\"",
            "\"r1\"",
            "\"c1r1\"",
            "\"r1c65\"",
            "\"r-1c2\"",
            "12",
        ] {
            assert!(serde_json::from_str::<Cell>(bad).is_err(), "{bad}");
        }
    }
}
