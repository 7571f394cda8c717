//! Renban: the digits on the line are all different and form a set of consecutive numbers,
//! in any order.
//!
//! Encoding: the line is an all-different group (a house if it has N cells). One selector
//! s(k) per possible run k..k+L−1: `s(1) ∨ … ∨ s(N−L+1)`; `s(k) -> !x(c,d)` for every cell c
//! and digit d outside the run; `s(k) -> x(c1,d) ∨ … ∨ x(cL,d)` for every d in the run
//! (each run digit appears); `s(k) -> x(c,k) ∨ … ∨ x(c,k+L−1)` for every cell c (its digit
//! is in the run); and `x(c,d) -> OR { s(k) : run k holds d }`. Besides, two cells of the
//! line differ by less than L: `x(a,d) -> !x(b,e)` for |d − e| ≥ L. These binaries are
//! implied (different digits within L − 1 of each other are a run), but unit propagation
//! reaches them through the selectors only by case analysis; with them "Hard renban 2" takes
//! 0.81–0.87× the CPU (BENCHMARKS.md), without the selectors 1.4× more.
//!
//! The per-cell clause says again what `s(k) -> !x(c,d)` and the cell's "some digit" say
//! together, but only it lets unit propagation go from candidates to runs: once a cell has
//! no candidate left in run k, `!s(k)` follows at once, and with it every other cell's digits
//! that only run k held. (Before it, a cell down to {1, 2} on a line of three left the runs
//! 5–7 open, and a 7 on the next cell with them.) ISS's "Zero solution: Renban" is refuted
//! in an eighth of the instructions; elsewhere the search moves both ways (BENCHMARKS.md,
//! "Renban: runs from candidates").

use super::cell_lists::{at_most, line, values};
use super::families::all_different;
use super::Rule;
use crate::cnf::{pairs, Encoder, Term};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::check_distinct;
use crate::grid::Grid;

super::cells_rule! {
    /// A renban line.
    Renban, "The cells in order along the line."
}

impl Rule for Renban {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line(shape, &self.cells, 1)?;
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("a renban line of {len} cells needs more than the digits 1..{n}")
        })
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::houses(shape, &self.cells)
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::groups(shape, &self.cells)
    }
    fn encode(&self, enc: &mut Encoder) {
        let (n, len) = (enc.value_count(), self.cells.len());
        if len == n {
            return; // as many cells as values: they hold every value: nothing more to say
        }
        let runs: Vec<Term> = (0..=n - len).map(|_| Term::Lit(enc.new_lit())).collect();
        let in_run = |k: usize, d: usize| (k + 1..=k + len).contains(&d);
        // s(1) ∨ … ∨ s(N-L+1)
        enc.clause(runs.iter().copied());
        for (k, &s) in runs.iter().enumerate() {
            for d in 1..=n {
                let xs: Vec<Term> = self
                    .cells
                    .iter()
                    .map(|&c| enc.x(c, Digit::new(d)))
                    .collect();
                if in_run(k, d) {
                    // s(k) -> x(c1,d) ∨ … ∨ x(cL,d)
                    enc.clause(std::iter::once(!s).chain(xs));
                } else {
                    for x in xs {
                        // s(k) -> !x(c,d)
                        enc.implies(s, !x);
                    }
                }
            }
            for &c in &self.cells {
                // s(k) -> x(c,k) ∨ … ∨ x(c,k+L-1)
                let inside = (k + 1..=k + len).map(|d| enc.x(c, Digit::new(d)));
                let clause: Vec<Term> = std::iter::once(!s).chain(inside).collect();
                enc.clause(clause);
            }
        }
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                // x(a,d) -> !x(b,e) where |d - e| >= L
                pairs::forbid(enc, a, b, |d, e| d.abs_diff(e) >= len);
            }
        }
        for &c in &self.cells {
            for d in 1..=n {
                let x = enc.x(c, Digit::new(d));
                // x(c,d) -> OR s(k) over the runs holding d
                let support = (0..runs.len()).filter(|&k| in_run(k, d)).map(|k| runs[k]);
                enc.clause(std::iter::once(!x).chain(support));
            }
        }
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        check_distinct(grid, self.cells.iter().copied(), "the renban line")
            .map_err(|e| e.to_string())?;
        let vs = values(grid, &self.cells);
        let (lo, hi) = (vs.iter().min().unwrap(), vs.iter().max().unwrap());
        if hi - lo + 1 != vs.len() {
            return Err(format!(
                "the renban line at {} holds {vs:?}, not a run of consecutive digits",
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
        counts_agree(&Renban::on(&[(1, 1), (2, 2), (3, 3)]));
        counts_agree(&Renban::on(&[(1, 2), (2, 3)]));
        counts_agree(&Renban::on(&[(1, 1), (2, 2), (3, 3), (4, 4)]));
        let six = Renban::on(&[(1, 4), (2, 3), (3, 3), (4, 2)]);
        counts_agree_6x6(six);
    }

    #[test]
    fn the_rule_is_enforced() {
        let r = Renban::on(&[(1, 1), (2, 2), (3, 3)]);
        assert_count(EMPTY4, r.clone(), 72);
        assert_checker(&r, "1234431234212143", "1234341221434321");
    }

    #[test]
    fn too_long_is_an_error() {
        let r = Renban::on(&[(1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]);
        assert!(invalid(&r[0], 4).contains("5 cells"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "renban", "cells": ["r1c1", "r2c2", "r3c3"]}"#),
            Renban::on(&[(1, 1), (2, 2), (3, 3)]).remove(0)
        );
    }

    #[test]
    fn a_line_visiting_a_cell_twice_is_refused() {
        assert_refuses_revisit(Renban::on);
    }
}
