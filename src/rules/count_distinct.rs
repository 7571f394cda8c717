//! Count distinct (ISS "CountDistinct"): the value in the first (control) cell is how many
//! different values the other cells hold. On a value set the control holds the count as a
//! value (a 3 is three values, whatever its digit index: `rules::values`).
//!
//! JSON: `{"type": "count-distinct", "cells": ["r1c1", "r2c2", …]}` (the control cell
//! first, at least 2 cells, none twice).
//!
//! CNF: a(d) = "some counted cell holds d", both ways: `x(c,d) -> a(d)` and
//! `a(d) -> OR x(c,d)`; a layered diagram counts the true a(d) (one layer per digit), and
//! its final state "the count is v" is tied to the control: `count v <-> x(control, value
//! v)` (`!count v` when v is no value of the grid: 0 on 1..N). Clauses as in
//! [`crate::cnf::sum::mdd`].

use super::cell_lists::{value_cells, values_of};
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// Ties a counting diagram's final states to the control cell's value: each `(v, t)` of
/// `ends` is a count `v` reached when `t` holds, and `t <-> x(control, d)` for the digit
/// index `d` of the value `v` (the value v itself: 3 is index 4 on `0-8`); a count that is
/// no value of the grid is forbidden, and so is every value no count reaches. Shared by the
/// rules whose control cell holds a count (count-distinct, chaos-count, distinct-regions).
pub(crate) fn control_is_count(enc: &mut Encoder, control: Cell, ends: &[(usize, Term)]) {
    let n = enc.value_count();
    let values = enc.shape().values();
    let mut reached = vec![false; n];
    for &(v, t) in ends {
        let Some(d) = values.digit(v as i64) else {
            // the count is no value (0 on 1..N, or past the largest)
            enc.clause([!t]);
            continue;
        };
        if let Some(r) = reached.get_mut(d.index()) {
            *r = true;
        }
        let x = enc.x(control, d);
        // count v <-> x(control, d)
        enc.implies(t, x);
        enc.implies(x, t);
    }
    for (i, _) in reached.iter().enumerate().filter(|(_, &r)| !r) {
        // !x(control, d): no count gives its value
        enc.clause([!enc.x(control, Digit::from_index(i))]);
    }
}

super::cells_rule! {
    /// A count-distinct rule.
    CountDistinct, "The control cell, then the counted cells."
}

impl Rule for CountDistinct {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        value_cells(shape, &self.cells)?;
        if self.cells.len() < 2 {
            return Err("count distinct needs a control cell and at least one other".into());
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        let n = enc.value_count();
        let (control, rest) = (self.cells[0], &self.cells[1..]);
        let held: Vec<Term> = (0..n).map(|_| Term::Lit(enc.new_lit())).collect();
        for (d, &a) in held.iter().enumerate() {
            let d = Digit::from_index(d);
            let xs: Vec<Term> = rest.iter().map(|&c| enc.x(c, d)).collect();
            for &x in &xs {
                // x(c,d) -> a(d)
                enc.implies(x, a);
            }
            // a(d) -> OR x(c,d)
            enc.clause(std::iter::once(!a).chain(xs));
        }
        // layer d chooses a(d) false (choice 0) or true (choice 1); the state counts
        let count = Mdd::build_layers(
            vec![0b11; n],
            0usize,
            |_, &k, ch| Some(k + ch.index()),
            |_| true,
        );
        let finals = count.finals().to_vec();
        let terms = count.encode_bits(enc, &held);
        let ends: Vec<(usize, Term)> = finals.iter().copied().zip(terms).collect();
        control_is_count(enc, control, &ends);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        // the control holds a count: its value, not its digit index (they differ on 0-8)
        let vs = values_of(shape, grid, &self.cells);
        let mut seen: Vec<i64> = vs[1..].to_vec();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() as i64 == vs[0] {
            Ok(())
        } else {
            Err(format!(
                "{} holds {}, but the other cells hold {} different digits",
                self.cells[0],
                vs[0],
                seen.len()
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&CountDistinct::on(&[(1, 1), (2, 3), (3, 2), (4, 4)]));
        counts_agree(&CountDistinct::on(&[
            (2, 2),
            (1, 1),
            (1, 2),
            (3, 3),
            (4, 1),
        ]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c1 counts r2c3, r3c2: FOUR holds 1; 1, 1 (one digit); 2143/4321… holds 2; 2, 2
        let r = CountDistinct::on(&[(1, 1), (2, 3), (3, 2)]);
        assert_checker(&r, FOUR, "2143432112343412");
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "count-distinct", "cells": ["r1c1", "r1c2"]}"#);
        assert!(invalid(&CountDistinct::on(&[(1, 1)])[0], 4).contains("at least one other"));
    }
}
