//! Clone: two equally shaped sets of cells hold the same digits, `cells[i] = clones[i]`.
//!
//! Encoding: for each pair, `x(a,d) -> x(b,d)` and `x(b,d) -> x(a,d)` for every d
//! (`pairs::equal`), 2N binary clauses.

use super::cell_lists::cell_set;
use super::Rule;
use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A clone: `cells[i]` and `clones[i]` hold the same digit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clones {
    /// The original cells.
    pub cells: Vec<Cell>,
    /// Their clones, in the same order.
    pub clones: Vec<Cell>,
}

impl Rule for Clones {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the cloned cells")?;
        cell_set(shape, &self.clones, "the clones")?;
        if self.cells.len() != self.clones.len() {
            return Err(format!(
                "{} cells but {} clones; they pair up one to one",
                self.cells.len(),
                self.clones.len()
            ));
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        for (&a, &b) in self.cells.iter().zip(&self.clones) {
            // x(a,d) <-> x(b,d)
            pairs::equal(enc, a, b);
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        for (&a, &b) in self.cells.iter().zip(&self.clones) {
            let (x, y) = (grid.digit(a), grid.digit(b));
            if x != y {
                return Err(format!("{a} = {x} but its clone {b} = {y}"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(cells: &[(usize, usize)], clones: &[(usize, usize)]) -> Vec<Constraint> {
        let cells = cells.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        let clones = clones.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        vec![Constraint::Clone(Clones { cells, clones })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(&[(1, 1), (1, 2)], &[(3, 3), (3, 4)]));
        // overlapping clones chain three cells
        counts_agree(&rule(&[(1, 1), (2, 4)], &[(2, 4), (4, 2)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = rule(&[(1, 1), (1, 2)], &[(3, 3), (3, 4)]);
        assert_count(EMPTY4, r.clone(), 48);
        assert_checker(&r, "1234342143122143", "1234341221434321");
    }

    #[test]
    fn unequal_lengths_are_errors() {
        let r = rule(&[(1, 1), (1, 2)], &[(3, 3)]);
        assert!(invalid(&r[0], 4).contains("2 cells but 1 clones"));
    }

    #[test]
    fn serde() {
        let c = round_trip(
            r#"{"type": "clone", "cells": ["r1c1", "r1c2"], "clones": ["r3c3", "r3c4"]}"#,
        );
        assert_eq!(c, rule(&[(1, 1), (1, 2)], &[(3, 3), (3, 4)]).remove(0));
    }
}
