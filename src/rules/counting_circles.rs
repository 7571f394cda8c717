//! Counting circles (ISS "CountingCircles"): the digit in a circle counts the circles of
//! this rule holding that digit. So each digit d appears in 0 or exactly d circles.
//! Digits may repeat among circles (they usually do).
//!
//! JSON: `{"type": "counting-circles", "cells": [...]}`; each such rule is an independent set.
//!
//! CNF: per digit d, a layered diagram over the circles counting the ones that hold d
//! (counts above d are never created), ending at 0 or d. Clauses as in
//! [`crate::cnf::sum::mdd`]. Its final state "d circles" is the literal p(d) = "d is
//! present". Implied, and stated too because the count diagrams alone do not see it: the
//! present digits add up to the number of circles (each present d fills d of them), so
//! `Σ d·p(d) = L` over L circles, a subset-sum diagram over the p(d) (as ISS reasons with
//! the digit sets of that sum). On a 15-circle 7×7 holding 1-9 it leaves 17 sets of digits
//! out of 511.

use super::cell_lists::{cell_set, values};
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
    /// The diagram of digit `d`: how many circles hold it, 0 or `d` in the end.
    fn count(&self, d: Digit, cands: impl Fn(Cell) -> Mask) -> Mdd<usize> {
        let want = d.get();
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

impl Rule for CountingCircles {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the counting circles")
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        let cols = shape.cols();
        for d in (0..shape.value_count()).map(Digit::from_index) {
            let mdd = self.count(d, |c| cands[c.position(cols)]);
            mdd.restrict(cols, cands);
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        // (d, p(d)) for every digit that may be present
        let mut present: Vec<(usize, Term)> = Vec::new();
        for d in (0..enc.value_count()).map(Digit::from_index) {
            let mdd = self.count(d, |c| enc.candidates(c));
            let finals = mdd.encode(enc);
            // the final state `d` (d circles hold d) is p(d); only 0 live: d is absent
            if let Some(i) = mdd.finals().iter().position(|&k| k == d.get() && k > 0) {
                present.push((d.get(), finals[i]));
            }
        }
        // Σ d·p(d) = L: layer i chooses p(d_i) false (choice 0) or true (choice 1)
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
        // p(d) as choice 1, ¬p(d) as choice 0: one-hot, as encode_with requires
        sums.encode_with(enc, |_, i, choice| {
            let p = present[i].1;
            if choice.index() == 1 {
                p
            } else {
                !p
            }
        });
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        for (&c, &v) in self.cells.iter().zip(&vs) {
            let k = vs.iter().filter(|&&w| w == v).count();
            if k != v {
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
