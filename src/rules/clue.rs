//! Clues written outside the grid (sandwich, X-sum, skyscraper), named as f-puzzles does:
//! row 0 or N+1 (above or below a column), or column 0 or N+1 (left or right of a row).
//! In JSON a clue is the string `"r0c3"` (1-based, case-insensitive, like a cell).

use crate::geometry::{Cell, MAX_SIZE};
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
        let edge = |v: usize| v == 0 || v == n + 1;
        let inner = |v: usize| (1..=n).contains(&v);
        if (edge(self.row) && inner(self.col)) || (edge(self.col) && inner(self.row)) {
            Ok(())
        } else {
            Err(format!(
                "clue {self} is not outside the grid next to a row or column \
                 (use row 0 or {0}, or column 0 or {0}, e.g. r0c1 or r1c{0})",
                n + 1
            ))
        }
    }

    /// The cells of its row or column in reading order, from the clue into the grid.
    /// The clue must be valid for `n`.
    pub fn line(self, n: usize) -> Vec<Cell> {
        let (r, c) = (self.row, self.col);
        if r == 0 {
            (1..=n).map(|k| Cell::new(k, c)).collect()
        } else if r == n + 1 {
            (1..=n).rev().map(|k| Cell::new(k, c)).collect()
        } else if c == 0 {
            (1..=n).map(|k| Cell::new(r, k)).collect()
        } else {
            (1..=n).rev().map(|k| Cell::new(r, k)).collect()
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
