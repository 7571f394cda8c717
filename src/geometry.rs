//! Grid geometry: box shapes, regions and houses for any N×N grid. Cells, digits and masks
//! live in [`crate::cell`] and are re-exported here.

pub use crate::cell::{digits, full_mask, Cell, Digit, Mask, ParseCellError, MAX_SIZE};

/// The largest side of a chaos construction: its formula has about N⁴ clauses (9×9: 53k;
/// 25×25: a few million), so larger grids are refused rather than left to exhaust memory.
pub const MAX_CHAOS_SIDE: usize = 25;
use crate::error::Error;

/// The shape of a puzzle: side length N, box dimensions, and the region of each cell.
///
/// Regions default to boxes of `box_rows` × `box_cols`; a jigsaw puzzle sets its own. A cell
/// may belong to no region (f-puzzles `"region": null`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    /// Region id per cell (row-major), `None` for a cell in no region.
    regions: Vec<Option<u16>>,
    jigsaw: bool,
    /// The values the cells hold; 1..=N unless set by [`Shape::with_values`].
    values: Values,
    /// Chaos construction ([`Shape::with_chaos`]): N more regions, unknown, to be found.
    chaos: bool,
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
        let per_band = size / box_cols;
        let regions = (0..size * size)
            .map(|i| {
                let (r, c) = (i / size, i % size);
                Some(((r / box_rows) * per_band + c / box_cols) as u16)
            })
            .collect();
        Ok(Shape {
            size,
            box_rows,
            box_cols,
            regions,
            jigsaw: false,
            values: Values::standard(size),
            chaos: false,
        })
    }

    /// A shape whose regions are given per cell (row-major), e.g. a jigsaw. Every region must
    /// hold exactly N cells unless some cells are in no region; then smaller regions are
    /// allowed (they are all-different, not full houses).
    pub fn with_regions(size: usize, regions: Vec<Option<u16>>) -> Result<Shape, Error> {
        let base = Shape::new(size)?;
        if regions.len() != size * size {
            return Err(Error::Regions(format!(
                "{} region entries for a {size}×{size} grid",
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
        let jigsaw = regions != base.regions;
        Ok(Shape {
            regions,
            jigsaw,
            ..base
        })
    }

    /// This shape with its cells holding `values` instead of 1..=N: at least N values (a
    /// house holds each at most once; exactly once when there are N).
    pub fn with_values(self, values: Values) -> Result<Shape, Error> {
        if values.count < self.size || values.count > MAX_SIZE {
            return Err(Error::ValueCount {
                values: values.to_string(),
                size: self.size,
            });
        }
        if self.chaos && values.count != self.size {
            return Err(Error::Regions(format!(
                "chaos construction needs as many values as the side ({}), not {values}",
                self.size
            )));
        }
        Ok(Shape { values, ..self })
    }

    /// This shape with chaos construction (sides up to [`MAX_CHAOS_SIDE`]): besides its rows, columns and any regions it
    /// states, the grid is split into N regions that the solver finds — each of N
    /// orthogonally connected cells, each holding every value once. Needs as many values as
    /// cells in a row (a region then holds each value exactly once).
    pub fn with_chaos(self) -> Result<Shape, Error> {
        if self.size > MAX_CHAOS_SIDE {
            return Err(Error::Regions(format!(
                "chaos construction is limited to grids of side {MAX_CHAOS_SIDE} or less (its \
                 formula grows with the side to the fourth power), not {}",
                self.size
            )));
        }
        if !self.houses_cover_values() {
            return Err(Error::Regions(format!(
                "chaos construction needs as many values as the side ({}), not {}",
                self.size, self.values
            )));
        }
        Ok(Shape {
            chaos: true,
            ..self
        })
    }

    /// Whether the puzzle is a chaos construction: its N regions are unknowns, found with
    /// the digits (they are not in [`Shape::regions`], which holds the stated regions only).
    pub fn is_chaos(&self) -> bool {
        self.chaos
    }

    /// Side length N.
    pub fn size(&self) -> usize {
        self.size
    }
    /// The values the cells hold (1..=N unless set).
    pub fn values(&self) -> Values {
        self.values
    }
    /// How many values a cell can hold: the number of digit indices (N unless set).
    pub fn value_count(&self) -> usize {
        self.values.count
    }
    /// Whether the cells hold 1..=N.
    pub fn has_standard_values(&self) -> bool {
        self.values.is_standard(self.size)
    }
    /// Whether a house (N cells) holds every value: as many values as cells. With more
    /// values than cells, houses are all-different only.
    pub fn houses_cover_values(&self) -> bool {
        self.values.count == self.size
    }
    /// Number of cells, N².
    pub fn cell_count(&self) -> usize {
        self.size * self.size
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
        self.regions[cell.position(self.size)]
    }
    /// Region id per cell, row-major.
    pub fn regions(&self) -> &[Option<u16>] {
        &self.regions
    }
    /// All cells, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + Clone + '_ {
        (0..self.cell_count()).map(move |i| Cell::from_position(i, self.size))
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
    /// Rows, then columns, then regions holding N cells: the houses of classic sudoku.
    pub fn houses(&self) -> Vec<House> {
        let n = self.size;
        let mut houses: Vec<House> = Vec::with_capacity(3 * n);
        houses.extend((0..n).map(|r| (0..n).map(|c| Cell::from_index(r, c)).collect()));
        houses.extend((0..n).map(|c| (0..n).map(|r| Cell::from_index(r, c)).collect()));
        houses.extend(self.region_cells().into_iter().filter(|g| g.len() == n));
        houses
    }
    /// Regions with fewer than N cells (only where some cells are in no region).
    pub fn partial_regions(&self) -> Vec<Vec<Cell>> {
        self.region_cells()
            .into_iter()
            .filter(|g| g.len() < self.size)
            .collect()
    }
    /// The name of house `i` of [`Shape::houses`], for messages ("row 3", "box 5").
    pub fn house_name(&self, i: usize) -> String {
        let n = self.size;
        match i {
            _ if i < n => format!("row {}", i + 1),
            _ if i < 2 * n => format!("column {}", i - n + 1),
            _ if self.jigsaw => format!("region {}", i - 2 * n + 1),
            _ => format!("box {}", i - 2 * n + 1),
        }
    }
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
    let bad = || Error::BoxSpec(text.to_string());
    let (r, c) = text.split_once(['x', 'X', '×', '*']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 || r * c > MAX_SIZE {
        return Err(bad());
    }
    Ok((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chaos_is_refused_past_its_side_limit() {
        assert!(Shape::new(MAX_CHAOS_SIDE).unwrap().with_chaos().is_ok());
        let e = Shape::new(MAX_CHAOS_SIDE + 1)
            .unwrap()
            .with_chaos()
            .unwrap_err();
        assert!(e.to_string().contains("side 25 or less"), "{e}");
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
