//! A relation given by its table (ISS "Pair" and "PairX"): the digits of paired cells must
//! form one of the allowed (first, second) pairs. With `"pairs": "consecutive"` (ISS Pair,
//! the default) each cell is paired with the next one in the list; with `"pairs": "all"`
//! (ISS PairX) every two cells are paired, and the pair must be allowed in both orders
//! (ISS makes a PairX relation symmetric the same way).
//!
//! JSON: `{"type": "relation", "cells": ["r1c1", "r1c2"], "allowed": [[1, 2], [2, 1]]}`.
//! The table is the whole rule: digits outside 1..N are refused; an empty table allows
//! nothing, so the rule can never hold (refused in a puzzle, a false branch in an `or`). ISS states the table as an encoded key; satdoku lists
//! the pairs.
//!
//! CNF: for each paired (a, b) and each (d, e) not allowed: `x(a,d) -> !x(b,e)`; and for
//! each digit d allowed with at most a third of the digits, its support clause
//! `x(a,d) -> OR { x(b,e) : (d, e) allowed }` (and the same from b's side), which lets unit
//! propagation carry a tight table along a line (`cnf::pairs::table`).

use super::cell_lists::{value_cells, values};
use super::Rule;
use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// Which cells a relation pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pairs {
    /// Each cell and the next one in the list (ISS Pair).
    #[default]
    Consecutive,
    /// Every two cells, both orders (ISS PairX).
    All,
}

/// A table-defined relation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Relation {
    /// The cells in order.
    pub cells: Vec<Cell>,
    /// The allowed (first, second) digit pairs.
    pub allowed: Vec<[usize; 2]>,
    /// Which cells are paired.
    #[serde(default)]
    pub pairs: Pairs,
}

impl Relation {
    /// The paired cells, each pair in the order its digits are looked up.
    fn paired(&self) -> Vec<(Cell, Cell)> {
        let cs = &self.cells;
        match self.pairs {
            Pairs::Consecutive => cs.windows(2).map(|w| (w[0], w[1])).collect(),
            Pairs::All => (0..cs.len())
                .flat_map(|i| {
                    (0..cs.len())
                        .filter(move |&j| j != i)
                        .map(move |j| (cs[i], cs[j]))
                })
                .collect(),
        }
    }

    fn allows(&self, d: usize, e: usize) -> bool {
        self.allowed.contains(&[d, e])
    }
}

impl Rule for Relation {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        value_cells(shape, &self.cells)?;
        if self.cells.len() < 2 {
            return Err("a relation needs at least 2 cells".into());
        }
        let n = shape.value_count();
        if let Some(p) = self
            .allowed
            .iter()
            .find(|p| p.iter().any(|&d| d == 0 || d > n))
        {
            return Err(format!(
                "the pair {p:?} of the relation is not of digits 1..{n}"
            ));
        }
        Ok(())
    }
    fn never_holds(&self, _shape: &Shape) -> Option<String> {
        // at least one pair of cells, and no pair of digits for it
        self.allowed
            .is_empty()
            .then(|| "the relation's table allows no pair".to_string())
    }
    fn encode(&self, enc: &mut Encoder) {
        // x(a,d) -> !x(b,e) for (d, e) not in the table; x(a,d) -> OR x(b,e) over the few e
        // a tight row of the table allows
        match self.pairs {
            Pairs::Consecutive => {
                for (a, b) in self.paired() {
                    pairs::table(enc, a, b, |d, e| self.allows(d, e));
                }
            }
            // (a, b) and (b, a) are both paired: one table of the pairs allowed both ways
            Pairs::All => {
                for (i, &a) in self.cells.iter().enumerate() {
                    for &b in &self.cells[i + 1..] {
                        pairs::table(enc, a, b, |d, e| self.allows(d, e) && self.allows(e, d));
                    }
                }
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        for (a, b) in self.paired() {
            let v = values(grid, &[a, b]);
            if !self.allows(v[0], v[1]) {
                return Err(format!(
                    "{a} and {b} hold ({}, {}), not an allowed pair",
                    v[0], v[1]
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

    fn on(rc: &[(usize, usize)], allowed: &[[usize; 2]], pairs: Pairs) -> Vec<Constraint> {
        vec![Constraint::Relation(Relation {
            cells: cells(rc),
            allowed: allowed.to_vec(),
            pairs,
        })]
    }

    /// The table of `pred` on the digits 1..=n.
    fn table(n: usize, pred: fn(usize, usize) -> bool) -> Vec<[usize; 2]> {
        (1..=n)
            .flat_map(|d| (1..=n).map(move |e| [d, e]))
            .filter(|&[d, e]| pred(d, e))
            .collect()
    }

    /// "Differ by 1 or 3", consecutive; a rising odd/even step; and "sum is odd or the first
    /// is 1", all pairs.
    #[test]
    fn counts_match_brute_force() {
        let near = |d: usize, e: usize| matches!(d.abs_diff(e), 1 | 3);
        let line = [(1, 1), (2, 1), (2, 2), (3, 3)];
        let (four, six) = (table(4, near), table(6, near));
        counts_agree_46(
            &on(&line, &four, Pairs::Consecutive),
            &on(&line, &six, Pairs::Consecutive),
        );
        // a tight table: each step rises and changes parity (an odd/even thermometer), so
        // most digits have at most a third of the values as partners and get support clauses
        let rise = |d: usize, e: usize| e > d && (d + e) % 2 == 1;
        let thermo = [(2, 1), (2, 2), (3, 2), (3, 3)];
        counts_agree_46(
            &on(&thermo, &table(4, rise), Pairs::Consecutive),
            &on(&thermo, &table(6, rise), Pairs::Consecutive),
        );
        let odd = |d: usize, e: usize| (d + e) % 2 == 1 || d == 1;
        let set = [(1, 1), (2, 3), (3, 2)];
        counts_agree_46(
            &on(&set, &table(4, odd), Pairs::All),
            &on(&set, &table(6, odd), Pairs::All),
        );
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c1 → r1c2 must rise: FOUR 1, 2; 2143… 2, 1
        let r = on(
            &[(1, 1), (1, 2)],
            &[[1, 2], [1, 3], [2, 3], [3, 4]],
            Pairs::Consecutive,
        );
        assert_checker(&r, FOUR, "2143341212344321");
    }

    #[test]
    fn serde_and_errors() {
        let c =
            round_trip(r#"{"type": "relation", "cells": ["r1c1", "r1c2"], "allowed": [[1, 2]]}"#);
        assert!(matches!(
            c,
            Constraint::Relation(Relation {
                pairs: Pairs::Consecutive,
                ..
            })
        ));
        round_trip(
            r#"{"type": "relation", "cells": ["r1c1", "r1c2"], "allowed": [[1, 2]], "pairs": "all"}"#,
        );
        assert!(invalid(&on(&[(1, 1), (1, 2)], &[[0, 1]], Pairs::All)[0], 4).contains("1..4"));
        assert!(invalid(&on(&[(1, 1), (1, 2)], &[], Pairs::All)[0], 4).contains("no pair"));
    }
}
