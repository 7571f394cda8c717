//! Cells, digits and candidate masks: the vocabulary every other module speaks, with no
//! dependency inside the crate (errors and geometry build on it).
//!
//! Naming follows varisat: `from_index` takes a 0-based value, `new` a 1-based one as people
//! write it (`Digit::new(1) == Digit::from_index(0)`, `Cell::new(1, 1)` is `r1c1`).

use std::fmt;

/// The largest supported side length N. Candidate sets are `u64` bit masks, so N ≤ 64.
pub const MAX_SIZE: usize = 64;

/// A digit 1..=N, stored 0-based.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit with 0-based index `index` (digit 1 has index 0).
    pub fn from_index(index: usize) -> Digit {
        debug_assert!(index < MAX_SIZE);
        Digit(index as u8)
    }
    /// The digit `value` as written (1-based). Panics on 0 in debug builds.
    pub fn new(value: usize) -> Digit {
        debug_assert!((1..=MAX_SIZE).contains(&value));
        Digit((value - 1) as u8)
    }
    /// 0-based index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The value as written, 1..=N.
    pub fn get(self) -> usize {
        self.0 as usize + 1
    }
    /// This digit's bit in a candidate [`Mask`].
    pub fn bit(self) -> Mask {
        1u64 << self.0
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}
impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A set of digits as a bit mask (bit i = digit with index i).
pub type Mask = u64;

/// Iterates the digits of a mask, lowest first.
pub fn digits(mut mask: Mask) -> impl Iterator<Item = Digit> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(Digit::from_index(i))
    })
}

/// The mask holding digits 1..=n.
pub fn full_mask(n: usize) -> Mask {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// A cell, stored 0-based; prints as `r1c1`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// 0-based row.
    pub row: u8,
    /// 0-based column.
    pub col: u8,
}

impl Cell {
    /// The cell at 0-based `row`, `col`.
    pub fn from_index(row: usize, col: usize) -> Cell {
        Cell {
            row: row as u8,
            col: col as u8,
        }
    }
    /// The cell at 1-based `row`, `col`, as in `r1c1`.
    pub fn new(row: usize, col: usize) -> Cell {
        Cell::from_index(row - 1, col - 1)
    }
    /// The cell at row-major position `i` of an `n`×`n` grid.
    pub fn from_position(i: usize, n: usize) -> Cell {
        Cell::from_index(i / n, i % n)
    }
    /// Row-major position in an `n`×`n` grid.
    pub fn position(self, n: usize) -> usize {
        self.row as usize * n + self.col as usize
    }
    /// 0-based row as `usize`.
    pub fn r(self) -> usize {
        self.row as usize
    }
    /// 0-based column as `usize`.
    pub fn c(self) -> usize {
        self.col as usize
    }
    /// The cell offset by (`dr`, `dc`) if it lies inside an `n`×`n` grid.
    pub fn offset(self, dr: isize, dc: isize, n: usize) -> Option<Cell> {
        let r = self.row as isize + dr;
        let c = self.col as isize + dc;
        if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
            None
        } else {
            Some(Cell::from_index(r as usize, c as usize))
        }
    }
    /// Whether two cells share an edge.
    pub fn is_orthogonal_neighbour(self, other: Cell) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }
    /// Whether two distinct cells touch by an edge or a corner.
    pub fn is_king_neighbour(self, other: Cell) -> bool {
        self != other && self.row.abs_diff(other.row) <= 1 && self.col.abs_diff(other.col) <= 1
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "r{}c{}", self.row as usize + 1, self.col as usize + 1)
    }
}
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Why a cell name such as `"r1c1"` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad cell {text:?}: {reason}")]
pub struct ParseCellError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl std::str::FromStr for Cell {
    type Err = ParseCellError;

    /// Reads `r<row>c<column>`, 1-based, in either case (`r1c1`, `R10C3`).
    fn from_str(text: &str) -> Result<Cell, ParseCellError> {
        let bad = |reason| ParseCellError {
            text: text.to_string(),
            reason,
        };
        let lower = text.to_ascii_lowercase();
        let rest = lower
            .strip_prefix('r')
            .ok_or_else(|| bad("expected r<row>c<column>, e.g. r1c1"))?;
        let (row, col) = rest
            .split_once('c')
            .ok_or_else(|| bad("expected r<row>c<column>, e.g. r1c1"))?;
        let number = |s: &str| -> Result<usize, ParseCellError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("expected r<row>c<column>, e.g. r1c1"));
            }
            match s.parse::<usize>() {
                Ok(0) => Err(bad("rows and columns are numbered from 1")),
                Ok(v) if v <= MAX_SIZE => Ok(v),
                _ => Err(bad("row or column beyond the largest grid (64)")),
            }
        };
        Ok(Cell::new(number(row)?, number(col)?))
    }
}

impl serde::Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
