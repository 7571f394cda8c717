//! Equality cage (ISS "EqualityCage"): different digits, as many even as odd ones and as
//! many low as high ones (low: the lower half of the values 1..V, high: the upper half; V
//! = N on a square, max(R, C) on a rectangle); when V is odd the middle digit (5 on 9×9)
//! cannot be in the cage.
//!
//! JSON: `{"type": "equality-cage", "cells": [...]}`.
//!
//! CNF: the cage is an all-different group (a house if N cells), and a layered diagram over
//! its cells with state (evens − odds, lows − highs) ends at (0, 0); the middle digit has no
//! edge. Clauses as in [`crate::cnf::sum::mdd`].

use super::cell_lists::{at_most, cell_set, values};
use super::diagram::Diagram;
use super::families::all_different;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::{check_distinct, Grid};

super::cells_rule! {
    /// An equality cage.
    EqualityCage, "The cage's cells."
}

/// (+1 even / −1 odd, +1 low / −1 high) of digit `d` in 1..=n; `None` for the middle digit.
fn signs(d: usize, n: usize) -> Option<(isize, isize)> {
    let parity = if d % 2 == 0 { 1 } else { -1 };
    let half = n / 2;
    if d <= half {
        Some((parity, 1))
    } else if d > n - half {
        Some((parity, -1))
    } else {
        None
    }
}

impl Rule for EqualityCage {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the equality cage")?;
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("an equality cage of {len} cells needs more than the digits 1..{n}")
        })
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::houses(shape, &self.cells)
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::groups(shape, &self.cells)
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let n = shape.value_count();
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            (0isize, 0isize),
            // (evens − odds, lows − highs); the middle digit is refused
            |_, &(p, h), d| signs(d.get(), n).map(|(dp, dh)| (p + dp, h + dh)),
            |&s| s == (0, 0),
        )))
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        check_distinct(grid, self.cells.iter().copied(), "the equality cage")
            .map_err(|e| e.to_string())?;
        let n = shape.value_count();
        let (mut p, mut h) = (0, 0);
        for (&c, v) in self.cells.iter().zip(values(grid, &self.cells)) {
            let Some((dp, dh)) = signs(v, n) else {
                return Err(format!(
                    "{c} holds the middle digit {v}, not allowed in an equality cage"
                ));
            };
            p += dp;
            h += dh;
        }
        if (p, h) != (0, 0) {
            return Err(format!(
                "the equality cage at {} is not balanced (evens − odds {p}, lows − highs {h})",
                self.cells[0]
            ));
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
        counts_agree(&EqualityCage::on(&[(1, 1), (1, 2)]));
        counts_agree(&EqualityCage::on(&[(1, 1), (1, 2), (2, 1), (2, 2)]));
        counts_agree(&EqualityCage::on(&[(2, 2), (2, 3), (3, 3), (3, 4)]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c1, r1c2 on 4×4 (low 1, 2; high 3, 4): 1, 4 is odd+even and low+high; FOUR's
        // 1, 2 is two lows
        let r = EqualityCage::on(&[(1, 1), (1, 2)]);
        assert_checker(&r, "4123234112343412", FOUR);
        assert_eq!(signs(5, 9), None);
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "equality-cage", "cells": ["r1c1", "r1c2"]}"#);
    }
}
