//! Counting circles (ISS "CountingCircles"): the value in a circle counts the circles of
//! this rule holding that value. So each value v appears in 0 or exactly v circles (a value
//! below 1 in none, as ISS reads a 0). Values may repeat among circles (they usually do).
//! The rule reads the values itself, from the shape's offset (a digit index d holds the
//! value d + offset: d − 1 on `0-8`), so it keeps its groups and its sum of present values
//! on any value set ([`super::values::READ_VALUES`]).
//!
//! JSON: `{"type": "counting-circles", "cells": [...]}`; each such rule is an independent set.
//!
//! CNF: the circles are split into exclusion groups (circles sharing a house; a digit sits
//! in at most one circle of a group), and h(g,d) = "a circle of group g holds d". Per digit
//! d of value v, a layered diagram over the groups counts those holding d (counts above v
//! are never created), ending at 0 or v: unit propagation rules d out at once where fewer
//! than v groups can hold it. Clauses as in [`crate::cnf::sum::mdd`]. Its final state "d circles"
//! is the literal p(d) = "d is present". Implied, and stated too because the count diagrams
//! alone do not see it: the present values add up to the number of circles (each present v
//! fills v of them), so `Σ v(d)·p(d) = L` over L circles, a subset-sum diagram over the p(d) (as ISS reasons with
//! the digit sets of that sum). On a 15-circle 7×7 holding 1-9 it leaves 17 sets of digits
//! out of 511.

use super::cell_lists::{cell_set, values_of};
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A set of counting circles.
    CountingCircles, "The circled cells."
}

impl CountingCircles {
    /// How many circles hold digit `d` when it is present: its value, or 0 (never present)
    /// for a value below 1 or above the number of circles.
    fn wanted(&self, shape: &Shape, d: Digit) -> usize {
        let v = shape.values().value(d);
        usize::try_from(v)
            .ok()
            .filter(|&v| v <= self.cells.len())
            .unwrap_or(0)
    }

    /// The diagram of digit `d`: how many circles hold it, 0 or `want` in the end.
    fn count(&self, d: Digit, want: usize, cands: impl Fn(Cell) -> Mask) -> Mdd<usize> {
        Mdd::build(
            &self.cells,
            cands,
            0usize,
            |_, &k, e| {
                let k = k + usize::from(e == d);
                (k <= want).then_some(k)
            },
            |&k| k == 0 || k == want,
        )
    }
}

impl CountingCircles {
    /// The circles split into exclusion groups, house first: the house holding the most
    /// circles still ungrouped becomes a group, then the next; the rest one by one. A digit
    /// sits in at most one circle of a group, so "d sits in d circles" needs d groups that
    /// can hold it — the count that ISS's handler bounds by, and that per-circle counting
    /// does not see.
    fn groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        let houses = shape.houses();
        let mut left = self.cells.clone();
        let mut out = Vec::new();
        loop {
            let best = houses
                .iter()
                .map(|h| left.iter().filter(|c| h.contains(c)).count())
                .enumerate()
                .max_by_key(|&(_, k)| k);
            let Some((i, k)) = best else { break };
            if k < 2 {
                break;
            }
            let house = &houses[i];
            out.push(left.iter().filter(|c| house.contains(c)).copied().collect());
            left.retain(|c| !house.contains(c));
        }
        out.extend(left.into_iter().map(|c| vec![c]));
        out
    }
}

impl Rule for CountingCircles {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the counting circles")
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        let cols = shape.cols();
        for d in (0..shape.value_count()).map(Digit::from_index) {
            let mdd = self.count(d, self.wanted(shape, d), |c| cands[c.position(cols)]);
            mdd.restrict(cols, cands);
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        let groups = self.groups(enc.shape());
        // (d, p(d)) for every digit that may be present
        let mut present: Vec<(usize, Term)> = Vec::new();
        for d in (0..enc.value_count()).map(Digit::from_index) {
            // h(g,d) = "a circle of group g holds d" (at most one can: the group is in a
            // house), for the groups where one may
            let mut held: Vec<Term> = Vec::new();
            for g in &groups {
                let xs: Vec<Term> = g
                    .iter()
                    .filter(|&&c| enc.candidates(c) & d.bit() != 0)
                    .map(|&c| enc.x(c, d))
                    .collect();
                match xs.as_slice() {
                    [] => {}
                    [x] => held.push(*x),
                    _ => {
                        let h = Term::Lit(enc.new_lit());
                        for &x in &xs {
                            // x(c,d) -> h(g,d)
                            enc.clause([!x, h]);
                        }
                        // h(g,d) -> OR x(c,d)
                        enc.clause(std::iter::once(!h).chain(xs.iter().copied()));
                        held.push(h);
                    }
                }
            }
            // the groups holding d, counted: 0 or its value in the end
            let want = self.wanted(enc.shape(), d);
            let count = Mdd::build_layers(
                vec![0b11; held.len()],
                0usize,
                |_, &k, choice| {
                    let k = k + choice.index();
                    (k <= want).then_some(k)
                },
                |&k| k == 0 || k == want,
            );
            let finals = count.encode_bits(enc, &held);
            // the final state `v` (v circles hold d) is p(d); only 0 live: d is absent
            if let Some(i) = count.finals().iter().position(|&k| k == want && want > 0) {
                present.push((want, finals[i]));
            }
        }
        // Σ v(d)·p(d) = L: layer i chooses p(d_i) false (choice 0) or true (choice 1)
        let circles = self.cells.len();
        let sums = Mdd::build_layers(
            vec![0b11; present.len()],
            0usize,
            |i, &s, choice| {
                let s = s + if choice.index() == 1 { present[i].0 } else { 0 };
                (s <= circles).then_some(s)
            },
            |&s| s == circles,
        );
        let bits: Vec<Term> = present.iter().map(|&(_, p)| p).collect();
        sums.encode_bits(enc, &bits);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values_of(shape, grid, &self.cells);
        for (&c, &v) in self.cells.iter().zip(&vs) {
            // a circle holding v is one of them: a value below 1 never holds
            let k = vs.iter().filter(|&&w| w == v).count();
            if k as i64 != v {
                return Err(format!("{c} holds {v}, but {k} circles hold {v}"));
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
        counts_agree(&CountingCircles::on(&[(1, 1), (2, 3), (3, 2)]));
        counts_agree(&CountingCircles::on(&[(1, 1), (2, 3), (3, 2), (4, 4)]));
        // six circles on a 6×6: the present digits add up to 6 (1+2+3, 2+4, 1+5, 6, …),
        // which the subset-sum diagram states beside the count diagrams
        counts_agree_6x6(CountingCircles::on(&[
            (1, 1),
            (2, 3),
            (3, 5),
            (4, 2),
            (5, 4),
            (6, 6),
        ]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // r1c1 and r2c3: FOUR holds 1 and 1 (two 1s: broken); 2143/4321… holds 2 and 2
        let r = CountingCircles::on(&[(1, 1), (2, 3)]);
        assert_checker(&r, "2143432112343412", FOUR);
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "counting-circles", "cells": ["r1c1", "r2c3"]}"#);
    }
}
