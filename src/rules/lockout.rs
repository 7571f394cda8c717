//! Lockout line: the two ends (diamonds) differ by at least D, and no digit inside the line
//! lies between the ends' digits or equals one of them. D is `difference` when given (ISS
//! states it: `Lockout~4~…`), else ⌊V/2⌋ for V values (4 on 9×9, 4 for 1-9 on a 6×6; V =
//! max(R, C) on a rectangle), the setters' convention. Only differences and order matter,
//! so it means the same on any value set.
//!
//! JSON: `{"type": "lockout", "cells": ["r1c1", "r2c2", "r3c3"]}`, optionally
//! `"difference": 3`.
//!
//! Encoding: the ends' difference is the support encoding of |a − b| ≥ D
//! (`pairs::relation`). Order-encoding ladders (`cnf::order`) on the ends then forbid, for
//! each interior cell m and digit d, a ≤ d ≤ b and b ≤ d ≤ a:
//! `x(m,d) ∧ a ≤ d -> b < d` and `x(m,d) ∧ b ≤ d -> a < d`.

use super::cell_lists::path;
use super::families::ends;
use super::Rule;
use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A lockout line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lockout {
    /// The cells in order; the first and last are the ends (diamonds).
    pub cells: Vec<Cell>,
    /// The least difference of the ends; `None`: ⌊V/2⌋ for V values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difference: Option<usize>,
}

impl Lockout {
    fn ends(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[self.cells.len() - 1])
    }

    /// The least difference of the ends with `values` values.
    pub fn gap(&self, values: usize) -> usize {
        self.difference.unwrap_or(values / 2)
    }

    /// A lockout on 1-based (row, column) cells with the default difference (tests).
    #[cfg(test)]
    pub(crate) fn on(rc: &[(usize, usize)]) -> Vec<super::Constraint> {
        let cells = crate::rules::testing::cells(rc);
        vec![super::Constraint::Lockout(Lockout {
            cells,
            difference: None,
        })]
    }
}

impl Rule for Lockout {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if self.difference == Some(0) {
            return Err("a lockout's ends differ: its difference is at least 1, not 0".into());
        }
        path(shape, &self.cells, 2)
    }
    fn never_holds(&self, shape: &Shape) -> Option<String> {
        let v = shape.value_count();
        let gap = self.gap(v);
        (gap >= v).then(|| {
            format!(
                "a lockout's ends cannot differ by {gap} or more: {v} values differ by at most {}",
                v - 1
            )
        })
    }
    fn encode(&self, enc: &mut Encoder) {
        let gap = self.gap(enc.value_count());
        let (a, b) = self.ends();
        // x(a,d) -> OR x(b,e) with |d-e| ≥ D, and from b's side
        pairs::relation(enc, a, b, |i, j| i.abs_diff(j) >= gap);
        // the ends' ladders ya, yb
        ends::encode(enc, &self.cells, |ya, yb, k| {
            [
                // x(m,d) ∧ a ≤ d -> b < d
                [!ya.le(k), !yb.ge(k)],
                // x(m,d) ∧ b ≤ d -> a < d
                [!yb.le(k), !ya.ge(k)],
            ]
        });
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let (a, b) = self.ends();
        let (x, y) = (grid.digit(a).get(), grid.digit(b).get());
        let gap = self.gap(shape.value_count());
        if x.abs_diff(y) < gap {
            return Err(format!(
                "the ends {a} = {x} and {b} = {y} differ by less than {gap}"
            ));
        }
        let outside = |lo, hi, v| !(lo..=hi).contains(&v);
        ends::check(grid, &self.cells, outside, "is locked out by")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&Lockout::on(&[(2, 1), (3, 2), (2, 3)]));
        counts_agree(&Lockout::on(&[(1, 1), (1, 2)]));
        let long = Lockout::on(&[(1, 1), (2, 2), (3, 2), (4, 1)]);
        counts_agree(&long);
        let six = Lockout::on(&[(2, 1), (3, 2), (4, 3), (4, 4), (3, 5)]);
        counts_agree_6x6(six);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = Lockout::on(&[(2, 1), (3, 2), (2, 3)]);
        assert_count(EMPTY4, r.clone(), 12);
        assert_checker(&r, "1234432121433412", "1234341221434321");
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "lockout", "cells": ["r2c1", "r3c2", "r2c3"]}"#),
            Lockout::on(&[(2, 1), (3, 2), (2, 3)]).remove(0)
        );
    }

    #[test]
    fn a_stated_difference_replaces_half_the_values() {
        let with = |rc: &[(usize, usize)], d: usize| {
            vec![Constraint::Lockout(Lockout {
                cells: cells(rc),
                difference: Some(d),
            })]
        };
        // 1: any two different ends; 3: only 1 and 4 (on a 4×4), against brute force
        counts_agree(&with(&[(2, 1), (3, 2), (2, 3)], 1));
        counts_agree(&with(&[(1, 1), (1, 2)], 3));
        let r = with(&[(1, 1), (1, 2)], 3);
        // r1c1, r1c2 hold 1 and 4; FOUR's 1 and 2 differ by 1 only
        assert_checker(&r, "1423231431424231", FOUR);
        assert_eq!(
            round_trip(r#"{"type": "lockout", "cells": ["r1c1", "r1c2"], "difference": 3}"#),
            r[0]
        );
        // no two of 1..4 differ by 4, and ends always differ: both refused
        assert!(invalid(&with(&[(1, 1), (1, 2)], 4)[0], 4).contains("at most 3"));
        assert!(invalid(&with(&[(1, 1), (1, 2)], 0)[0], 4).contains("not 0"));
    }

    /// The line may pass a cell twice; every interior visit is locked out.
    #[test]
    fn a_line_may_visit_a_cell_twice() {
        counts_agree(&Lockout::on(&[(1, 1), (2, 2), (3, 3), (2, 2), (2, 3)]));
    }
}
