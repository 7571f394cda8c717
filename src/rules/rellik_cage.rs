//! Rellik cage (ISS "RellikCage"): the cage holds different digits, and no combination of
//! one or more of its digits adds up to the cage's value ("killer" backwards).
//!
//! JSON: `{"type": "rellik-cage", "cells": [...], "sum": 10}`.
//!
//! On a grid of other values (`0-8`) the combinations add values, as ISS reads them; a 0
//! adds nothing, so it changes no combination's sum (the value is at least 1). The values
//! must be at least 0.
//!
//! CNF: the cage is an all-different group (a house if N cells); a(d) = "d is in the
//! cage", defined one way, `x(c,d) -> a(d)` for each cage cell; then for each set D of
//! at most |cage| different positive values adding up to the value:
//! `!a(d1) ∨ … ∨ !a(dk)`.

use super::cell_lists::{at_most, cell_set, values_of};
use super::families::all_different;
use super::Rule;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::{check_distinct, Grid};
use serde::{Deserialize, Serialize};

/// A rellik cage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RellikCage {
    /// The cage's cells.
    pub cells: Vec<Cell>,
    /// The value no combination of its digits adds up to.
    pub sum: usize,
}

/// Every set of at most `most` different numbers of `lo..=hi` adding up to `sum`
/// (`lo` ≥ 1: a 0 would only repeat each set with itself added).
fn value_sets(lo: usize, hi: usize, sum: usize, most: usize) -> Vec<Vec<usize>> {
    fn go(
        d: usize,
        n: usize,
        left: usize,
        most: usize,
        set: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(set.clone());
            return;
        }
        if d > n || d > left || set.len() == most {
            return;
        }
        set.push(d);
        go(d + 1, n, left - d, most, set, out);
        set.pop();
        go(d + 1, n, left, most, set, out);
    }
    let mut out = Vec::new();
    go(lo, hi, sum, most, &mut Vec::new(), &mut out);
    out
}

impl Rule for RellikCage {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the rellik cage")?;
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("a rellik cage of {len} cells needs more than the digits 1..{n}")
        })?;
        if self.sum == 0 {
            return Err("a rellik cage's value must be at least 1".into());
        }
        if shape.values().min < 0 {
            return Err(format!(
                "a rellik cage adds values of at least 0; the smallest value here is {}",
                shape.values().min
            ));
        }
        Ok(())
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::houses(shape, &self.cells)
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::groups(shape, &self.cells)
    }
    fn encode(&self, enc: &mut Encoder) {
        let n = enc.value_count();
        // value = index + lo (validation keeps lo ≥ 0); the sets hold positive values
        let lo = enc.shape().values().min as usize;
        let sets = value_sets(lo.max(1), lo + n - 1, self.sum, self.cells.len());
        if sets.is_empty() {
            return; // no combination can reach the value
        }
        let present: Vec<Term> = (0..n).map(|_| Term::Lit(enc.new_lit())).collect();
        for &c in &self.cells {
            for (d, &a) in present.iter().enumerate() {
                // x(c,d) -> a(d)
                enc.implies(enc.x(c, Digit::from_index(d)), a);
            }
        }
        for set in sets {
            // !a(d1) ∨ … ∨ !a(dk): not all of a set adding up to the value
            enc.clause(set.iter().map(|&v| !present[v - lo]));
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        check_distinct(grid, self.cells.iter().copied(), "the rellik cage")
            .map_err(|e| e.to_string())?;
        // the sums some non-empty combination reaches (a 0 reaches none: the value is ≥ 1)
        let mut reach = vec![false; self.sum + 1];
        for v in values_of(shape, grid, &self.cells) {
            let Ok(v @ 1..) = usize::try_from(v) else {
                continue;
            };
            for s in (v + 1..=self.sum).rev() {
                reach[s] |= reach[s - v];
            }
            if v <= self.sum {
                reach[v] = true;
            }
        }
        if reach[self.sum] {
            return Err(format!(
                "values of the rellik cage at {} add up to {}",
                self.cells[0], self.sum
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(rc: &[(usize, usize)], sum: usize) -> Vec<Constraint> {
        vec![Constraint::RellikCage(RellikCage {
            cells: cells(rc),
            sum,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[(1, 1), (1, 2), (2, 1)], 4));
        counts_agree(&on(&[(2, 2), (2, 3)], 3));
        counts_agree(&on(&[(1, 1), (2, 2), (3, 3)], 2));
    }

    #[test]
    fn the_rule_is_enforced() {
        // FOUR's r1c1, r1c2 hold 1, 2: 3 is reached; 4123… holds 4, 1: 1, 4, 5 only
        let r = on(&[(1, 1), (1, 2)], 3);
        assert_checker(&r, "4123234112343412", FOUR);
        assert_eq!(value_sets(1, 4, 4, 3), vec![vec![1, 3], vec![4]]);
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "rellik-cage", "cells": ["r1c1", "r1c2"], "sum": 5}"#);
        assert!(invalid(&on(&[(1, 1)], 0)[0], 4).contains("at least 1"));
    }
}
