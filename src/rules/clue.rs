//! Clues written outside the grid (sandwich, X-sum, skyscraper), named as f-puzzles does:
//! row 0 or N+1 (above or below a column), or column 0 or N+1 (left or right of a row).
//! In JSON a clue is the string `"r0c3"` (1-based, case-insensitive, like a cell).

use crate::geometry::{Cell, Shape, MAX_SIZE};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A position outside the grid, next to one row or column: `r0c3` is above column 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutsideClue {
    /// 1-based row: 0 above the grid, N+1 below.
    pub row: usize,
    /// 1-based column: 0 left of the grid, N+1 right.
    pub col: usize,
}

impl OutsideClue {
    /// The clue at 1-based `row`, `col` (0 and N+1 are the outside rows and columns).
    pub fn new(row: usize, col: usize) -> OutsideClue {
        OutsideClue { row, col }
    }

    /// Checks that the clue sits just outside an `n`×`n` grid, next to a row or a column.
    pub fn validate(self, n: usize) -> Result<(), String> {
        self.validate_in(n, n)
    }

    /// Checks that the clue sits just outside a `rows`×`cols` grid, next to a row (column 0
    /// or `cols`+1) or a column (row 0 or `rows`+1).
    pub fn validate_in(self, rows: usize, cols: usize) -> Result<(), String> {
        let (r, c) = (self.row, self.col);
        let above_or_below = (r == 0 || r == rows + 1) && (1..=cols).contains(&c);
        let beside = (c == 0 || c == cols + 1) && (1..=rows).contains(&r);
        if above_or_below || beside {
            Ok(())
        } else {
            Err(format!(
                "clue {self} is not outside the grid next to a row or column \
                 (use row 0 or {}, or column 0 or {}, e.g. r0c1 or r1c{})",
                rows + 1,
                cols + 1,
                cols + 1
            ))
        }
    }

    /// The cells of its row or column on an `n`×`n` grid, in reading order from the clue.
    /// The clue must be valid ([`OutsideClue::validate`]).
    pub fn line(self, n: usize) -> Vec<Cell> {
        self.line_in(n, n)
    }

    /// [`OutsideClue::validate_in`] on the grid of `shape` (square or not).
    pub fn validate_on(self, shape: &Shape) -> Result<(), String> {
        self.validate_in(shape.rows(), shape.cols())
    }

    /// [`OutsideClue::line_in`] on the grid of `shape`: the C cells of a row or the R cells
    /// of a column, in reading order from the clue.
    pub fn line_on(self, shape: &Shape) -> Vec<Cell> {
        self.line_in(shape.rows(), shape.cols())
    }

    /// The cells of its row (`cols` cells) or column (`rows` cells) on a `rows`×`cols` grid,
    /// in reading order from the clue. The clue must be valid
    /// ([`OutsideClue::validate_in`]).
    pub fn line_in(self, rows: usize, cols: usize) -> Vec<Cell> {
        let (r, c) = (self.row, self.col);
        if r == 0 {
            (1..=rows).map(|k| Cell::new(k, c)).collect()
        } else if r == rows + 1 {
            (1..=rows).rev().map(|k| Cell::new(k, c)).collect()
        } else if c == 0 {
            (1..=cols).map(|k| Cell::new(r, k)).collect()
        } else {
            (1..=cols).rev().map(|k| Cell::new(r, k)).collect()
        }
    }
}

impl fmt::Display for OutsideClue {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

impl Serialize for OutsideClue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for OutsideClue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OutsideClue, D::Error> {
        let text = String::deserialize(d)?;
        let lower = text.trim().to_ascii_lowercase();
        let number = |s: &str| {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<usize>().ok())
                .flatten()
                .filter(|&v| v <= MAX_SIZE + 1)
        };
        lower
            .strip_prefix('r')
            .and_then(|rest| rest.split_once('c'))
            .and_then(|(r, c)| Some(OutsideClue::new(number(r)?, number(c)?)))
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "{text:?} is not a clue: expected r{{row}}c{{column}} with row or column \
                     0 or N+1, e.g. \"r0c3\""
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_read_from_their_side_into_the_grid() {
        let c = Cell::new;
        let from_each_side = [
            ((0, 2), [c(1, 2), c(2, 2), c(3, 2)]),
            ((4, 2), [c(3, 2), c(2, 2), c(1, 2)]),
            ((2, 0), [c(2, 1), c(2, 2), c(2, 3)]),
            ((2, 4), [c(2, 3), c(2, 2), c(2, 1)]),
        ];
        for ((r, col), line) in from_each_side {
            assert_eq!(OutsideClue::new(r, col).line(3), line, "r{r}c{col}");
        }
        // a 2×4 grid: columns of 2 cells read from rows 0 and 3, rows of 4 from columns 0, 5
        assert_eq!(OutsideClue::new(3, 4).line_in(2, 4), [c(2, 4), c(1, 4)]);
        assert_eq!(OutsideClue::new(2, 0).line_in(2, 4).len(), 4);
        assert_eq!(OutsideClue::new(1, 5).line_in(2, 4)[0], c(1, 4));
        for bad in [(0, 5), (3, 0), (5, 1), (1, 3), (4, 2)] {
            assert!(
                OutsideClue::new(bad.0, bad.1).validate_in(2, 4).is_err(),
                "{bad:?}"
            );
        }
        for good in [(0, 4), (3, 1), (2, 5), (1, 0)] {
            assert!(OutsideClue::new(good.0, good.1).validate_in(2, 4).is_ok());
        }
        for bad in [(0, 0), (1, 1), (0, 4), (5, 2), (4, 4)] {
            assert!(
                OutsideClue::new(bad.0, bad.1).validate(3).is_err(),
                "{bad:?}"
            );
        }
        let clue: OutsideClue = serde_json::from_str("\"R10C3\"").unwrap();
        assert_eq!(clue, OutsideClue::new(10, 3));
        assert_eq!(serde_json::to_string(&clue).unwrap(), "\"r10c3\"");
        assert!(serde_json::from_str::<OutsideClue>("\"r0\"").is_err());
    }
}
