//! Contain at least (ISS "ContainAtLeast"): the cells hold each listed value at least as many
//! times as it is listed (`[1, 1, 3]`: two 1s or more and a 3 or more); other values are
//! free, and values may repeat where no row, column or region forbids it. ISS's
//! "ContainExact" (exactly as many times) is a [`super::look_and_say`] cage.
//!
//! JSON: `{"type": "contain-at-least", "cells": ["r1c1", "r1c2", "r2c1"], "values": [1, 1,
//! 3]}` (at least one value; cells none twice). More values listed than cells can never hold
//! (refused in a puzzle, a false branch in an `or`).
//!
//! CNF: a layered diagram along the cells whose state counts, for each listed value, how
//! many cells so far hold it, capped at the times it is listed (more copies change nothing);
//! the last layer accepts the states where every count reached its cap. Clauses as in
//! [`crate::cnf::sum::mdd`].

use super::cell_lists::{describe, value_cells, values};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A contain-at-least set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContainAtLeast {
    /// The cells.
    pub cells: Vec<Cell>,
    /// The values they hold at least, a value listed k times held at least k times
    /// (digit indices once restated; written as values).
    pub values: Vec<usize>,
}

impl ContainAtLeast {
    /// Each listed digit and how many times it is listed, in first-listed order.
    fn required(&self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for &d in &self.values {
            match out.iter_mut().find(|(e, _)| *e == d) {
                Some((_, k)) => *k += 1,
                None => out.push((d, 1)),
            }
        }
        out
    }
}

impl Rule for ContainAtLeast {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        value_cells(shape, &self.cells)?;
        if self.cells.is_empty() {
            return Err("a contain-at-least set has no cells".into());
        }
        if self.values.is_empty() {
            return Err("a contain-at-least set needs at least one value".into());
        }
        let n = shape.value_count();
        if let Some((i, d)) = self
            .values
            .iter()
            .enumerate()
            .find(|&(_, &d)| d == 0 || d > n)
        {
            return Err(format!("values[{i}]: the digit {d} is not one of 1..{n}"));
        }
        Ok(())
    }
    fn never_holds(&self, _shape: &Shape) -> Option<String> {
        (self.values.len() > self.cells.len()).then(|| {
            format!(
                "{} values listed, more than the {} cells of {}",
                self.values.len(),
                self.cells.len(),
                describe(&self.cells)
            )
        })
    }
    fn diagram(&self, _shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let required = self.required();
        let accept = required.clone();
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            vec![0usize; required.len()],
            move |_, seen, d| {
                let mut next = seen.clone();
                if let Some(i) = required.iter().position(|&(e, _)| e == d.get()) {
                    // one more copy of d, counted up to the times it is listed
                    next[i] = (next[i] + 1).min(required[i].1);
                }
                Some(next)
            },
            move |seen| seen.iter().zip(&accept).all(|(&s, &(_, k))| s == k),
        )))
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        for (d, k) in self.required() {
            let held = vs.iter().filter(|&&v| v == d).count();
            if held < k {
                return Err(format!(
                    "{} holds {held} {d}s, at least {k} listed",
                    describe(&self.cells)
                ));
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

    fn on(rc: &[(usize, usize)], values: &[usize]) -> Vec<Constraint> {
        vec![Constraint::ContainAtLeast(ContainAtLeast {
            cells: cells(rc),
            values: values.to_vec(),
        })]
    }

    /// A 1 and a 3 on a bent line; two 2s on a line through two boxes.
    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[(1, 1), (2, 2), (2, 3), (3, 3)], &[1, 3]));
        counts_agree(&on(&[(1, 1), (2, 2), (2, 3), (3, 3)], &[2, 2]));
        counts_agree(&on(&[(1, 2), (2, 1), (3, 4), (4, 3)], &[4, 4, 2]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // FOUR (1234/3412/2143/4321): r1c1, r2c2 hold 1, 4 ✓; 2143/4321/…: 2, 3 ✗
        let r = on(&[(1, 1), (2, 2)], &[1, 4]);
        assert_checker(&r, FOUR, "2143432112343412");
        // at least, not exactly: r1c1 r1c2 r2c1 r2c2 of FOUR hold 1 2 3 4 — one 1 is enough
        let e = puzzle(EMPTY4, on(&[(1, 1), (1, 2), (2, 1), (2, 2)], &[1, 1]))
            .verify(&grid(FOUR))
            .unwrap_err()
            .to_string();
        assert!(e.contains("holds 1 1s, at least 2 listed"), "{e}");
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "contain-at-least", "cells": ["r1c1", "r1c2"], "values": [3]}"#);
        let one = |values: &[usize]| on(&[(1, 1), (1, 2)], values).remove(0);
        assert!(invalid(&one(&[]), 4).contains("at least one value"));
        assert!(invalid(&one(&[5]), 4).contains("not one of 1..4"));
        assert!(invalid(&one(&[1, 2, 3]), 4).contains("3 values listed"));
        assert!(one(&[2, 2]).never_holds(&Shape::new(4).unwrap()).is_none());
    }
}
