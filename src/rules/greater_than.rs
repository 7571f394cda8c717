//! Greater than (ISS "GreaterThan"): along the listed cells, each cell is greater than
//! every later cell of the list that touches it orthogonally (two cells: a `>` sign
//! between them, pointing at the smaller).
//!
//! JSON: `{"type": "greater-than", "cells": ["r1c1", "r1c2"]}` (every cell must touch
//! another listed cell, as ISS requires).
//!
//! CNF: for each such pair (a before b) and digit d: `x(a,d) -> !x(b,e)` for every e ≥ d.

use super::cell_lists::{cell_set, values};
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A chain of greater-than signs.
    GreaterThan, "The cells, each greater than the later ones it touches."
}

/// Whether two cells share an edge.
fn touch(a: Cell, b: Cell) -> bool {
    a.r().abs_diff(b.r()) + a.c().abs_diff(b.c()) == 1
}

impl GreaterThan {
    /// The (greater, smaller) pairs: each cell and every later listed cell touching it.
    pub fn pairs(&self) -> Vec<(Cell, Cell)> {
        let cs = &self.cells;
        (0..cs.len())
            .flat_map(|i| (i + 1..cs.len()).map(move |j| (cs[i], cs[j])))
            .filter(|&(a, b)| touch(a, b))
            .collect()
    }
}

impl Rule for GreaterThan {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the greater-than cells")?;
        for &c in &self.cells {
            if !self.cells.iter().any(|&o| touch(c, o)) {
                return Err(format!(
                    "{c} touches no other cell of the greater-than rule"
                ));
            }
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        let n = enc.value_count();
        for (a, b) in self.pairs() {
            for d in 1..=n {
                for e in d..=n {
                    // x(a,d) -> !x(b,e) for e >= d
                    enc.clause([!enc.x(a, Digit::new(d)), !enc.x(b, Digit::new(e))]);
                }
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        for (a, b) in self.pairs() {
            let v = values(grid, &[a, b]);
            if v[0] <= v[1] {
                return Err(format!("{a} holds {}, not more than {b}'s {}", v[0], v[1]));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&GreaterThan::on(&[(1, 2), (1, 1)]));
        counts_agree(&GreaterThan::on(&[(2, 2), (2, 3), (3, 3), (3, 2)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c2 > r1c1: FOUR holds 2 > 1; 2143… holds 1 < 2
        let r = GreaterThan::on(&[(1, 2), (1, 1)]);
        assert_checker(&r, FOUR, "2143341212344321");
        assert_count(EMPTY4, r, 144);
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "greater-than", "cells": ["r1c1", "r1c2"]}"#);
        let apart = GreaterThan::on(&[(1, 1), (1, 3)]);
        assert!(invalid(&apart[0], 4).contains("touches no other"));
    }
}
