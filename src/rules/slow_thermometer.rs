//! Slow thermometer: digits never decrease along the line from the bulb (`cells[0]`);
//! neighbours on the line may be equal where no row, column or region forbids it.
//!
//! Encoding: order encoding (`cnf::order`): ladders y(c,k) = "c ≥ k", and per edge a → b
//! the clauses `y(a,k) -> y(b,k)` for every k (b ≥ a).

use super::cell_lists::path;
use super::families::rising;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::Shape;
use crate::grid::Grid;

super::cells_rule! {
    /// A slow thermometer, bulb first.
    SlowThermometer, "The cells from the bulb to the tip."
}

impl Rule for SlowThermometer {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        path(shape, &self.cells, 1)
    }
    fn encode(&self, enc: &mut Encoder) {
        // y(a,k) -> y(b,k): b ≥ a
        rising::encode(enc, &self.cells, 0);
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        rising::check(grid, &self.cells, 0, "is above", "slow thermometer")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&SlowThermometer::on(&[(2, 2), (3, 3), (3, 4)]));
        counts_agree(&SlowThermometer::on(&[(1, 1), (2, 2), (3, 3), (4, 4)]));
        let long = SlowThermometer::on(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
        counts_agree_6x6(long);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = SlowThermometer::on(&[(2, 2), (3, 3), (3, 4)]);
        assert_count(EMPTY4, r.clone(), 60);
        let p = puzzle(EMPTY4, r);
        assert!(p.verify(&grid("1234341221434321")).is_err());
        // r2c2 = r3c3 = 3, r3c4 = 4: equal digits are fine
        assert!(p.verify(&grid("1243431221343421")).is_ok());
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "slow-thermometer", "cells": ["r2c2", "r3c3", "r3c4"]}"#),
            SlowThermometer::on(&[(2, 2), (3, 3), (3, 4)]).remove(0)
        );
    }

    /// Coming back to a cell forces the digits between to be equal: well defined.
    #[test]
    fn a_line_may_visit_a_cell_twice() {
        counts_agree(&SlowThermometer::on(&[(1, 1), (2, 1), (3, 2), (2, 1)]));
    }
}
