//! Weighted sum (ISS "Sum", with its coefficients): Σ w_i·digit(c_i) = sum, for any integer
//! weights (negative too; each 1 when none are given). Digits may repeat (where no row,
//! column or region forbids it); ISS's `Sum` is this rule with all weights 1.
//!
//! JSON: `{"type": "weighted-sum", "cells": ["r1c1", "r1c2"], "weights": [2, -1], "sum": 7}`
//! (`weights` optional, one per cell; cells distinct). Bounds, refused past them: Σ|w|·N and
//! |sum| at most 2^40 (so no partial sum overflows), and at most 200 000 different partial
//! sums at any cell of the layered encoding.
//!
//! CNF: the layered prefix sum of [`crate::cnf::sum::weighted_sum`]: s(i,v) = "the first i
//! terms sum to v", `s(i,v) ∧ x(c_i,d) -> s(i+1, v + w_i·d)`, only for v from which `sum`
//! is still reachable. With a sum propagator the same relation goes to it as a
//! [`crate::linear::Linear`] ([`Rule::sums`]) instead of clauses.

use super::cell_lists::{describe, value_cells, values};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::{sum_mdd, Total};
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use crate::linear::Linear;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Most different partial sums at one cell of the layered encoding.
const MAX_PARTIAL_SUMS: usize = 200_000;

/// A weighted sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightedSum {
    /// The summed cells.
    pub cells: Vec<Cell>,
    /// One weight per cell; all 1 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Vec<i64>>,
    /// The total.
    pub sum: i64,
}

impl WeightedSum {
    /// The cells with their weights.
    fn terms(&self) -> Vec<(Cell, i64)> {
        match &self.weights {
            Some(w) => self.cells.iter().copied().zip(w.iter().copied()).collect(),
            None => self.cells.iter().map(|&c| (c, 1)).collect(),
        }
    }

    fn linear(&self) -> Linear {
        Linear::equal(self.terms(), self.sum)
    }
}

impl Rule for WeightedSum {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        value_cells(shape, &self.cells)?;
        if self.cells.is_empty() {
            return Err("a weighted sum has no cells".into());
        }
        if let Some(w) = &self.weights {
            if w.len() != self.cells.len() {
                return Err(format!(
                    "{} weights for {} cells (one weight per cell)",
                    w.len(),
                    self.cells.len()
                ));
            }
        }
        let n = shape.value_count();
        if !self.linear().fits(n) {
            return Err(format!(
                "the weights or the sum are too large (Σ|w|·{n} and |sum| must be at most 2^40)"
            ));
        }
        // the partial sums of every prefix, over all digits: the encoding's widest bound
        let mut layer: HashSet<i64> = HashSet::from([0]);
        for (i, (_, w)) in self.terms().into_iter().enumerate() {
            layer = layer
                .iter()
                .flat_map(|&s| (1..=n as i64).map(move |d| s + w * d))
                .collect();
            if layer.len() > MAX_PARTIAL_SUMS {
                return Err(format!(
                    "after {} cells the sum has more than {MAX_PARTIAL_SUMS} possible partial \
                     sums (too large to encode)",
                    i + 1
                ));
            }
        }
        Ok(())
    }

    fn diagram(&self, _shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        Some(Box::new(sum_mdd(
            &self.terms(),
            &Total::Value(self.sum),
            cands,
        )))
    }

    fn sums(&self, _shape: &Shape) -> Vec<Linear> {
        // Σ w·digit = sum
        vec![self.linear()]
    }

    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        let total: i64 = self
            .terms()
            .iter()
            .zip(&vs)
            .map(|(&(_, w), &v)| w * v as i64)
            .sum();
        if total == self.sum {
            Ok(())
        } else {
            Err(format!(
                "the weighted sum over {} is {total}, not {}",
                describe(&self.cells),
                self.sum
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(rc: &[(usize, usize)], weights: Option<&[i64]>, sum: i64) -> Vec<Constraint> {
        vec![Constraint::WeightedSum(WeightedSum {
            cells: cells(rc),
            weights: weights.map(<[i64]>::to_vec),
            sum,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        let line = [(1, 1), (1, 2), (2, 3), (4, 4)];
        counts_agree(&on(&line, Some(&[2, -1, 3, -2]), 5));
        counts_agree(&on(&line, None, 9));
        counts_agree(&on(&[(1, 1), (2, 2), (3, 3)], Some(&[10, 1, -7]), 0));
        counts_agree_6x6(on(
            &[(1, 2), (2, 4), (5, 5), (6, 1)],
            Some(&[-3, 5, 1, -1]),
            4,
        ));
    }

    /// On CaDiCaL with the sum propagator carrying the sum (no clauses), counts as brute
    /// force: the `Linear` says what the clauses say.
    #[cfg(feature = "cadical")]
    #[test]
    fn the_propagator_counts_as_brute_force() {
        use crate::engine::{Engine, EngineKind, Propagation};
        let engine = Engine::new(EngineKind::Cadical).with_propagation(Propagation::CarryAll);
        let line = [(1, 1), (1, 2), (2, 3), (4, 4)];
        for rules in [
            on(&line, Some(&[2, -1, 3, -2]), 5),
            on(&[(1, 1), (2, 2), (3, 3)], Some(&[10, 1, -7]), 0),
        ] {
            for givens in [EMPTY4, GIVENS4] {
                let p = puzzle(givens, rules.clone());
                let brute = brute_force_count(&p, 300);
                let sat = crate::solve::count_on(&p, 300, &engine, |_| {}).unwrap();
                assert_eq!(sat.found, brute, "{givens}");
            }
        }
    }

    #[test]
    fn the_rule_is_enforced() {
        // FOUR: r1c1 = 1, r1c2 = 2: 3·1 − 2 = 1
        let r = on(&[(1, 1), (1, 2)], Some(&[3, -1]), 1);
        assert_checker(&r, FOUR, "2143341212344321");
    }

    #[test]
    fn serde_and_errors() {
        round_trip(
            r#"{"type": "weighted-sum", "cells": ["r1c1", "r1c2"], "weights": [2, -1], "sum": 7}"#,
        );
        round_trip(r#"{"type": "weighted-sum", "cells": ["r1c1", "r1c2"], "sum": 7}"#);
        let two = [(1, 1), (1, 2)];
        assert!(invalid(&on(&two, Some(&[1]), 3)[0], 4).contains("one weight per cell"));
        assert!(invalid(&on(&two, Some(&[1 << 40, 1]), 3)[0], 4).contains("too large"));
        let many: Vec<(usize, usize)> = (1..=9).map(|c| (1, c)).collect();
        let powers: Vec<i64> = (0..9).map(|k| 10i64.pow(k)).collect();
        assert!(invalid(&on(&many, Some(&powers), 3)[0], 9).contains("partial"));
    }
}
