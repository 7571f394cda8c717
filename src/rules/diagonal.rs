//! Diagonal sudoku: each marked main diagonal holds every digit once.
//!
//! `positive` is the ╱ diagonal (r{N}c1 … r1c{N}), `negative` the ╲ one (r1c1 … r{N}c{N}).
//! Encoding: each diagonal is one more house (exactly-one per digit), so the classic encoder
//! and the simplifier's hidden singles cover it.

use super::Rule;
use crate::geometry::{Cell, Shape};
use crate::grid::check_distinct;
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The diagonal rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Diagonal {
    /// The ╱ diagonal from bottom-left to top-right.
    #[serde(default)]
    pub positive: bool,
    /// The ╲ diagonal from top-left to bottom-right.
    #[serde(default)]
    pub negative: bool,
}

impl Diagonal {
    fn lines(&self, n: usize) -> Vec<Vec<Cell>> {
        let mut out = Vec::new();
        if self.positive {
            out.push((0..n).map(|k| Cell::from_index(n - 1 - k, k)).collect());
        }
        if self.negative {
            out.push((0..n).map(|k| Cell::from_index(k, k)).collect());
        }
        out
    }
}

impl Rule for Diagonal {
    fn validate(&self, _shape: &Shape) -> Result<(), String> {
        if !self.positive && !self.negative {
            return Err("set \"positive\" and/or \"negative\" to true".into());
        }
        Ok(())
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        self.lines(shape.size())
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        for line in self.lines(shape.size()) {
            check_distinct(grid, line.into_iter(), "the diagonal").map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::text::parse_one;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::assert_count_matches;
    use crate::rules::Constraint;

    fn with(givens: &str, d: Diagonal) -> Puzzle {
        let p = parse_one(givens).unwrap();
        Puzzle::new(
            p.shape().clone(),
            p.givens().clone(),
            vec![Constraint::Diagonal(d)],
        )
        .unwrap()
    }

    #[test]
    fn counts_match_brute_force() {
        for (pos, neg) in [(true, false), (false, true), (true, true)] {
            let d = Diagonal {
                positive: pos,
                negative: neg,
            };
            assert_count_matches(&with("................", d), 1000);
            assert_count_matches(
                &with("1.....\n......\n..3...\n......\n....5.\n......", d),
                100_000,
            );
        }
    }

    #[test]
    fn the_rule_is_enforced() {
        // Both diagonals on an empty 4x4 leave fewer grids than the 288 classic ones.
        let both = Diagonal {
            positive: true,
            negative: true,
        };
        let n = assert_count_matches(&with("................", both), 1000);
        assert!(n < 288 && n > 0, "{n}");
        // A grid whose ╲ diagonal repeats a digit fails the checker.
        let grid = parse_one("1234341221434321").unwrap().givens().clone();
        let p = with("................", both);
        assert!(p.verify(&grid).is_err());
    }
}
