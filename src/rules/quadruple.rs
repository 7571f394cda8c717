//! Quadruple: the listed digits appear among the cells (usually the four cells around a
//! grid corner). A digit listed k times appears at least k times.
//!
//! Encoding: for each listed digit d with multiplicity k, "at least k of x(c1,d) … x(cm,d)"
//! (`card::at_least_k`): one clause `x(c1,d) ∨ … ∨ x(cm,d)` when k = 1, every (m−k+1)-subset
//! as a clause for small sets, a sequential counter beyond.

use super::cell_lists::cell_set;
use super::Rule;
use crate::cnf::{card, Encoder, Term};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A quadruple clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quadruple {
    /// The cells the digits appear in.
    pub cells: Vec<Cell>,
    /// The digits (1-based); a digit listed twice appears at least twice.
    pub digits: Vec<usize>,
}

impl Quadruple {
    /// Each listed digit with its multiplicity, ascending.
    fn wanted(&self) -> Vec<(usize, usize)> {
        let mut ds = self.digits.clone();
        ds.sort_unstable();
        let mut out: Vec<(usize, usize)> = Vec::new();
        for d in ds {
            match out.last_mut() {
                Some((e, k)) if *e == d => *k += 1,
                _ => out.push((d, 1)),
            }
        }
        out
    }
}

impl Rule for Quadruple {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the quadruple")?;
        let n = shape.value_count();
        if self.digits.is_empty() {
            return Err("no digits listed".into());
        }
        if let Some(d) = self.digits.iter().find(|&&d| d == 0 || d > n) {
            return Err(format!("digit {d} is not in 1..{n}"));
        }
        if self.digits.len() > self.cells.len() {
            return Err(format!(
                "{} digits cannot fit in {} cells",
                self.digits.len(),
                self.cells.len()
            ));
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        for (d, k) in self.wanted() {
            let terms: Vec<Term> = self
                .cells
                .iter()
                .map(|&c| enc.x(c, Digit::new(d)))
                .collect();
            // at least k of x(c,d) over the cells
            card::at_least_k(enc, &terms, k);
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        for (d, k) in self.wanted() {
            let found = self
                .cells
                .iter()
                .filter(|&&c| grid.digit(c).get() == d)
                .count();
            if found < k {
                return Err(format!(
                    "{d} appears {found} time(s) in the quadruple at {}, needs {k}",
                    self.cells[0]
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

    const CENTRE: [(usize, usize); 4] = [(2, 2), (2, 3), (3, 2), (3, 3)];

    fn rule(cells: &[(usize, usize)], digits: &[usize]) -> Vec<Constraint> {
        let cells = cells.iter().map(|&(r, c)| Cell::new(r, c)).collect();
        vec![Constraint::Quadruple(Quadruple {
            cells,
            digits: digits.to_vec(),
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule(&CENTRE, &[1, 2]));
        counts_agree(&rule(&CENTRE, &[1, 1]));
        counts_agree(&rule(&CENTRE, &[2, 3, 3]));
        // six scattered cells holding at least three 1s
        let cells = [(1, 1), (2, 3), (3, 2), (4, 4), (1, 4), (4, 1)];
        counts_agree(&rule(&cells, &[1, 1, 1]));
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(&CENTRE, &[1, 1]), 36);
        assert_eq!(count(&puzzle(EMPTY4, rule(&CENTRE, &[1, 2])), 1000), 220);
        let p = puzzle(EMPTY4, rule(&CENTRE, &[1, 1]));
        assert!(p.verify(&grid("1234341223414123")).is_err());
        assert!(p.verify(&grid("1234341221434321")).is_ok());
    }

    #[test]
    fn bad_digits_are_errors() {
        assert!(invalid(&rule(&CENTRE, &[5])[0], 4).contains("digit 5"));
        assert!(invalid(&rule(&CENTRE, &[1, 1, 2, 2, 3])[0], 4).contains("5 digits"));
    }

    #[test]
    fn serde() {
        let c = round_trip(
            r#"{"type": "quadruple", "cells": ["r2c2", "r2c3", "r3c2", "r3c3"], "digits": [1, 1]}"#,
        );
        assert_eq!(c, rule(&CENTRE, &[1, 1]).remove(0));
    }
}
