//! Diagonal sudoku: each marked main diagonal holds every digit once.
//!
//! `positive` is the ╱ diagonal (r{N}c1 … r1c{N}), `negative` the ╲ one (r1c1 … r{N}c{N}).
//! Encoding: each diagonal is one more house (exactly-one per digit), so the classic encoder
//! and the simplifier's hidden singles cover it.

use super::Rule;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use crate::puzzle::check_distinct;
use serde::{Deserialize, Serialize};

/// The diagonal rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    fn kind(&self) -> &'static str {
        "diagonal"
    }
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
