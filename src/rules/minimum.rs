//! Minimum: each listed cell is less than every orthogonal neighbour that is not itself
//! listed (a local smallest).
//!
//! f-puzzles trap: two adjacent cells of the same set are not compared with each other
//! (confirmed on the puzzle "Fortress"); `cells` is therefore the whole set, one constraint.
//!
//! Encoding: for each listed cell a and unlisted neighbour b, the support encoding of
//! a < b (`pairs::relation`): `x(a,d) -> OR { x(b,e) : d < e }` and the same from b.

use super::cell_lists::cell_set;
use super::families::extreme;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The set of minimum cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Minimum {
    /// Every minimum cell of the puzzle.
    pub cells: Vec<Cell>,
}

/// The relation between a listed cell's digit `i` and an unlisted neighbour's `j`.
fn holds(i: usize, j: usize) -> bool {
    i < j
}

impl Rule for Minimum {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the minimum cells")
    }
    fn encode(&self, enc: &mut Encoder) {
        // x(a,d) -> OR x(b,e) with d < e, and from b's side
        extreme::encode(enc, &self.cells, holds);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        extreme::check(shape, grid, &self.cells, holds, "less than")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(rc: &[(usize, usize)]) -> Vec<Constraint> {
        vec![Constraint::Minimum(Minimum { cells: cells(rc) })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(&[(2, 2)]));
        counts_agree(&rule(&[(2, 2), (2, 3)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(&[(2, 2)]), 78);
        assert_checker(&rule(&[(2, 2)]), "1324423124133142", "1234341221434321");
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "minimum", "cells": ["r2c2"]}"#),
            rule(&[(2, 2)]).remove(0)
        );
    }
}
