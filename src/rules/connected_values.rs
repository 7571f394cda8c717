//! Connected values (ISS "ConnectedValues"): the cells of the grid holding any of the listed
//! values form one orthogonally connected region, never empty; with a size, of exactly that
//! many cells. Or the same within a group of listed cells laid out as a small grid of their
//! own (ISS's groups of extra cells).
//!
//! JSON: `{"type": "connected-values", "values": [1, 2], "size": 9}` (`size` optional; the
//! values each once, at least one): the whole grid, as ISS reads it without a cell group.
//! With `"cells": [...]` (grid or extra cells, each once) and `"columns": W` (default: all
//! in one row), the listed cells are read instead, in rows of W in the order listed, each
//! touching the cells before and after it in its row and those W places before and after it
//! (ISS's layout of a group of extra cells): `{"type": "connected-values", "values": [1],
//! "cells": ["r10c1", "r10c2", "r10c3", "r10c4"], "columns": 2}` is a 2×2 block.
//!
//! CNF, over the cells c₀ … c_{m−1} (the grid's in reading order, or the listed ones):
//! - `in(c)` ⟺ c holds a listed value: `x(c,v) -> in(c)`, `in(c) -> ∨ x(c,v)`; some cell
//!   is in (`∨ in(c)`).
//! - The root is the first cell in: `b(i)` = "some cell before cᵢ is in", upward only
//!   (`in(cᵢ) -> b(i+1)`, `b(i) -> b(i+1)`), enough to forbid a root after it.
//! - Reach by layers: `r(c,0) -> in(c) ∧ ¬b(c)` (only the root starts),
//!   `r(c,k) -> in(c)` and `r(c,k) -> r(c,k−1) ∨ r(n₁,k−1) ∨ …` over c's orthogonal
//!   neighbours; then `in(c) -> r(c,K)`: every cell in is reached within K steps from the
//!   root, K = size − 1: the size given, or the one the houses imply on the whole grid
//!   (where every row or column holds each value once, k values fill k cells of each: 36
//!   cells for four values of a 9×9), or else m − 1 (at most 1,000,000 reach variables,
//!   refused above with a hint to give a size). Only the "reached only if justified"
//!   direction is needed: a solution sets r where the search reaches, and no model reaches
//!   a cell the region does not connect.
//! - With a size s, given or implied by the houses: a sequential counter over the `in(c)`
//!   ([`crate::cnf::card::counts`]), at most s and the s-th count true. An implied size is
//!   already a consequence of the houses, but the counter states it over the whole grid at
//!   once: on an empty 9×9 with four values it took the search from 75 s to 2.5 s
//!   (BENCHMARKS.md, "Connected values: the size the houses imply").
//!
//! On an engine that hosts propagators (CaDiCaL), a rule at the top of the puzzle hands its
//! graph over instead (`ConnectedValues::connection`):
//! [`crate::connected::ConnectedPropagator`] checks the connectivity with cuts, and the root
//! and reach layers are left out ([`Encoder::carry_connected`]); the rest stays.

use super::Rule;
use crate::cnf::{Encoder, Term};
use crate::connected::Connection;
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// Most reach variables (cells × layers) a connected-values rule may make: 81 × 80 on a
/// 9×9, 625 × 624 on a 25×25; larger grids need a `size` to bound the layers.
const MAX_REACH: usize = 1_000_000;

/// Connected values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectedValues {
    /// The values whose cells connect (digit indices 1..=V once restated; written as values).
    pub values: Vec<usize>,
    /// How many cells hold them, if set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// The cells read, when not the whole grid: laid out in rows of `columns`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Cell>,
    /// How many listed cells a row of their layout holds (default: all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub columns: Option<usize>,
}

impl ConnectedValues {
    fn mask(&self) -> Mask {
        self.values.iter().fold(0, |m, &d| m | Digit::new(d).bit())
    }

    /// The region's size when the houses fix it: where every row (or every column) holds
    /// each value once, k listed values fill k cells of each, whatever the solution.
    fn implied_size(&self, shape: &Shape) -> Option<usize> {
        let k = self.values.len();
        if shape.is_raw() || !self.cells.is_empty() {
            None
        } else if shape.covers(shape.cols()) {
            Some(shape.rows() * k)
        } else if shape.covers(shape.rows()) {
            Some(shape.cols() * k)
        } else {
            None
        }
    }

    /// The most cells the region can have: its size, given or implied by the houses (the
    /// smaller when both are known), else every cell of the grid. The reach layers stop one
    /// below it: a region of s cells is reached from its root in s − 1 steps.
    fn bound(&self, shape: &Shape) -> usize {
        let cells = self.read_count(shape);
        [self.size, self.implied_size(shape)]
            .into_iter()
            .flatten()
            .fold(cells, usize::min)
            .max(1)
    }

    /// How many cells are read: the grid's, or the listed ones.
    fn read_count(&self, shape: &Shape) -> usize {
        match self.cells.len() {
            0 => shape.grid_cell_count(),
            k => k,
        }
    }

    /// The cells read and, for each, the places of the cells it touches: the grid's cells
    /// and their orthogonal neighbours, or the listed cells in rows of `columns`.
    fn graph(&self, shape: &Shape) -> (Vec<Cell>, Vec<Vec<usize>>) {
        if self.cells.is_empty() {
            let cells: Vec<Cell> = shape.cells().collect();
            let touching = cells
                .iter()
                .map(|&c| {
                    [(-1, 0), (1, 0), (0, -1), (0, 1)]
                        .into_iter()
                        .filter_map(|(dr, dc)| shape.offset(c, dr, dc))
                        .map(|n| shape.position(n))
                        .collect()
                })
                .collect();
            return (cells, touching);
        }
        let m = self.cells.len();
        let w = self.columns.unwrap_or(m).max(1);
        let touching = (0..m)
            .map(|i| {
                let mut t = Vec::new();
                // left and right in the same row; above and below
                if i % w > 0 {
                    t.push(i - 1);
                }
                if i % w + 1 < w && i + 1 < m {
                    t.push(i + 1);
                }
                if i >= w {
                    t.push(i - w);
                }
                if i + w < m {
                    t.push(i + w);
                }
                t
            })
            .collect();
        (self.cells.clone(), touching)
    }
}

impl Rule for ConnectedValues {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.value_count();
        if self.values.is_empty() {
            return Err("connected values need at least one value".into());
        }
        for (i, &d) in self.values.iter().enumerate() {
            if d == 0 || d > n {
                return Err(format!("values[{i}]: the digit {d} is not one of 1..{n}"));
            }
            if self.values[..i].contains(&d) {
                return Err(format!("values[{i}]: the digit {d} is listed twice"));
            }
        }
        if !self.cells.is_empty() {
            super::cell_lists::value_cell_set(shape, &self.cells, "the connected-values group")?;
        } else if self.columns.is_some() {
            return Err("`columns` lays out listed `cells`: there are none".into());
        }
        if self.columns == Some(0) {
            return Err("`columns` is at least 1".into());
        }
        let cells = self.read_count(shape);
        // the reach layers: one per step from the root, up to the region's size
        let reach = cells * (self.bound(shape) - 1);
        match self.size {
            Some(0) => Err("a connected region's size is at least 1".into()),
            Some(s) if s > cells => Err(format!(
                "a connected region of {s} cells does not fit the {cells} cells read"
            )),
            _ if reach > MAX_REACH => Err(format!(
                "connected values on {cells} cells need {reach} reach variables, more than \
                 {MAX_REACH}: give a smaller `size`"
            )),
            _ => Ok(()),
        }
    }

    fn encode(&self, enc: &mut Encoder) {
        self.encode_with(enc, true);
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        self.check_grid(shape, grid)
    }
}

impl ConnectedValues {
    /// The connectivity of the rule for [`crate::connected::ConnectedPropagator`], over the
    /// candidates `cands` (row-major over the shape's columns, as the encoder reads them): a
    /// cell is in when it holds a listed value.
    pub(crate) fn connection(&self, shape: &Shape, cands: &[Mask]) -> Connection {
        let (cells, touching) = self.graph(shape);
        let keep = self.mask();
        let mut members = Vec::with_capacity(cells.len());
        let mut always = Vec::with_capacity(cells.len());
        for &c in &cells {
            let m = cands.get(c.position(shape.cols())).copied().unwrap_or(0);
            let all_listed = m != 0 && m & !keep == 0;
            always.push(all_listed);
            members.push(if all_listed {
                Vec::new()
            } else {
                crate::geometry::digits(m & keep)
                    .map(|d| crate::cnf::shape_var(shape, c, d).positive())
                    .collect()
            });
        }
        Connection {
            touching,
            members,
            always,
            size: self.size.or(self.implied_size(shape)),
        }
    }

    /// The rule's clauses; without `reach`, all but the reachability layers (a
    /// [`crate::connected::ConnectedPropagator`] carries the connectivity,
    /// [`Encoder::carry_connected`]).
    pub(crate) fn encode_with(&self, enc: &mut Encoder, reach_layers: bool) {
        let shape = enc.shape();
        let (cells, touching) = self.graph(shape);
        let keep = self.mask();
        // in(c) ⟺ c holds a listed value
        let inside: Vec<Term> = cells
            .iter()
            .map(|&c| {
                let lit = Term::Lit(enc.new_lit());
                let xs: Vec<Term> = (0..enc.value_count())
                    .map(Digit::from_index)
                    .filter(|d| keep & d.bit() != 0)
                    .map(|d| enc.x(c, d))
                    .collect();
                for &x in &xs {
                    // x(c,v) -> in(c)
                    enc.implies(x, lit);
                }
                // in(c) -> ∨ x(c,v)
                enc.clause(std::iter::once(!lit).chain(xs));
                lit
            })
            .collect();
        // ∨ in(c): the region is not empty
        enc.clause(inside.iter().copied());
        if reach_layers {
            Self::encode_reach(enc, &inside, &touching, self.bound(shape) - 1);
        }
        if let Some(s) = self.size.or(self.implied_size(shape)) {
            // exactly s cells in: at most s (the counter's clause), and at least s
            let counts = crate::cnf::card::counts(enc, &inside, s);
            enc.clause([counts[s - 1]]);
        }
    }

    /// The reachability layers over the cells' `inside` literals: every cell in is reached
    /// from the root (the first cell in) within `depth` steps.
    fn encode_reach(enc: &mut Encoder, inside: &[Term], touching: &[Vec<usize>], depth: usize) {
        let m = inside.len();
        // b(i): some cell before cᵢ is in (b(0) false)
        let mut before = vec![Term::False];
        for i in 0..m {
            let b = Term::Lit(enc.new_lit());
            // in(cᵢ) -> b(i+1);  b(i) -> b(i+1)
            enc.implies(inside[i], b);
            enc.implies(before[i], b);
            before.push(b);
        }
        // r(c,0): c is the root, the first cell in
        let mut reach: Vec<Term> = (0..m)
            .map(|i| {
                let r = Term::Lit(enc.new_lit());
                // r(c,0) -> in(c) ∧ ¬b(c)
                enc.implies(r, inside[i]);
                enc.clause([!r, !before[i]]);
                r
            })
            .collect();
        for _ in 0..depth {
            let next: Vec<Term> = (0..m)
                .map(|i| {
                    let r = Term::Lit(enc.new_lit());
                    // r(c,k) -> in(c)
                    enc.implies(r, inside[i]);
                    // r(c,k) -> r(c,k-1) ∨ r(n,k-1) for the neighbours n
                    let from =
                        std::iter::once(reach[i]).chain(touching[i].iter().map(|&j| reach[j]));
                    enc.clause(std::iter::once(!r).chain(from));
                    r
                })
                .collect();
            reach = next;
        }
        for i in 0..m {
            // in(c) -> r(c,K): every cell in is reached from the root
            enc.implies(inside[i], reach[i]);
        }
    }

    fn check_grid(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let keep = self.mask();
        let (cells, touching) = self.graph(shape);
        let held: Vec<usize> = (0..cells.len())
            .filter(|&i| keep & grid.digit(cells[i]).bit() != 0)
            .collect();
        let Some(&first) = held.first() else {
            return Err("no cell holds any of the connected values".into());
        };
        if let Some(s) = self.size.filter(|&s| s != held.len()) {
            return Err(format!(
                "{} cells hold the connected values, not {s}",
                held.len()
            ));
        }
        // the cells reached from the first one through cells that hold the values
        let mut seen = vec![false; cells.len()];
        seen[first] = true;
        let mut stack = vec![first];
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            for &j in &touching[i] {
                if keep & grid.digit(cells[j]).bit() != 0 && !seen[j] {
                    seen[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            }
        }
        if reached == held.len() {
            Ok(())
        } else {
            let apart = held.iter().find(|&&i| !seen[i]).unwrap();
            Err(format!(
                "the cells holding the connected values are not one region: {} is apart \
                 from {}",
                cells[*apart], cells[first]
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(values: &[usize], size: Option<usize>) -> Vec<Constraint> {
        vec![Constraint::ConnectedValues(ConnectedValues {
            values: values.to_vec(),
            size,
            cells: Vec::new(),
            columns: None,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        // the 1s, 2s and 3s of a 4×4 (12 cells), of a 6×6 (18 cells); the 1s and 2s
        // (on a 6×6 the cells of three values never connect: four values there)
        counts_agree_46(&on(&[1, 2, 3], None), &on(&[1, 2, 3, 4], None));
        counts_agree_46(&on(&[1, 2], None), &on(&[2, 3, 4, 5], None));
        // with the size their cells must have (2N, 4N)
        counts_agree_46(&on(&[2, 4], Some(8)), &on(&[2, 3, 4, 6], Some(24)));
        // a single value is one cell per row and column: never connected
        assert_count(EMPTY4, on(&[1], None), 0);
    }

    fn group(values: &[usize], rc: &[(usize, usize)], columns: Option<usize>) -> Vec<Constraint> {
        vec![Constraint::ConnectedValues(ConnectedValues {
            values: values.to_vec(),
            size: None,
            cells: cells(rc),
            columns,
        })]
    }

    #[test]
    fn groups_connect_in_their_own_layout() {
        // the main diagonal as a 2×2 block (r1c1 r2c2 / r3c3 r4c4): no two diagonal cells
        // touch on the grid, two of them do here
        let diagonal = [(1, 1), (2, 2), (3, 3), (4, 4)];
        counts_agree(&group(&[1, 2], &diagonal, Some(2)));
        counts_agree(&group(&[1, 2, 3], &diagonal, Some(2)));
        // in one row (no columns): a line of four
        counts_agree(&group(&[1, 2], &diagonal, None));
        // a block of six in rows of three, and the same six in rows of two
        let six = [(1, 1), (1, 2), (2, 3), (3, 1), (4, 2), (4, 4)];
        counts_agree(&group(&[2, 3], &six, Some(3)));
        counts_agree(&group(&[2, 3], &six, Some(2)));
        let c = &group(&[1, 2], &diagonal, Some(2))[0];
        let p = puzzle(EMPTY4, vec![c.clone()]);
        // FOUR's diagonal is 1 4 4 1: its 1s sit at opposite corners of the block
        let e = p.verify(&grid(FOUR)).unwrap_err().to_string();
        assert!(e.contains("r4c4 is apart from r1c1"), "{e}");
    }

    #[test]
    fn the_houses_imply_the_size() {
        let four = |size| ConnectedValues {
            values: vec![1, 2, 3, 4],
            size,
            cells: Vec::new(),
            columns: None,
        };
        let square = Shape::new(9).unwrap();
        assert_eq!(four(None).implied_size(&square), Some(36));
        assert_eq!(four(None).bound(&square), 36);
        assert_eq!(four(Some(40)).bound(&square), 36);
        assert_eq!(four(Some(20)).bound(&square), 20);
        // 6×8 holding 1-8: each row holds every value, the columns only differ
        let rect = Shape::rect(6, 8).unwrap();
        assert_eq!(four(None).implied_size(&rect), Some(24));
        // no house fixes anything: rows may repeat, or hold some of 12 values
        let raw = Shape::rect_with_regions(9, 9, vec![None; 81])
            .unwrap()
            .with_raw()
            .unwrap();
        assert_eq!(four(None).implied_size(&raw), None);
        assert_eq!(four(None).bound(&raw), 81);
        let more = Shape::new(9)
            .unwrap()
            .with_values(crate::geometry::Values { min: 1, count: 12 })
            .unwrap();
        assert_eq!(four(None).implied_size(&more), None);
    }

    #[test]
    fn sizes_count_the_cells() {
        // on a sudoku the cells of three values are 3N: any other size fails
        assert_count(EMPTY4, on(&[1, 2, 3], Some(11)), 0);
        let sized = count(&puzzle(EMPTY4, on(&[1, 2, 3], Some(12))), 300);
        assert_eq!(sized, count(&puzzle(EMPTY4, on(&[1, 2, 3], None)), 300));
        assert!(sized > 0);
    }

    #[test]
    fn the_rule_is_enforced() {
        // FOUR (1234/3412/2143/4321): its 1s and 2s are four pieces (r1c1 r1c2, r2c3 r2c4,
        // …); everything but its 4s is one region
        let four = grid(FOUR);
        let e = puzzle(EMPTY4, on(&[1, 2], None))
            .verify(&four)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("not one region") && e.contains("apart from r1c1"),
            "{e}"
        );
        puzzle(EMPTY4, on(&[1, 2, 3], None)).verify(&four).unwrap();
        let e = puzzle(EMPTY4, on(&[1, 2, 3], Some(11)))
            .verify(&four)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("12 cells hold the connected values, not 11"),
            "{e}"
        );
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "connected-values", "values": [1, 2]}"#);
        round_trip(r#"{"type": "connected-values", "values": [3], "size": 5}"#);
        round_trip(
            r#"{"type": "connected-values", "values": [1], "cells": ["r1c1", "r2c2"], "columns": 1}"#,
        );
        let g = |rc: &[(usize, usize)], columns| group(&[1], rc, columns).remove(0);
        assert!(invalid(&g(&[(1, 1), (1, 1)], None), 4).contains("twice"));
        assert!(invalid(&g(&[(1, 1)], Some(0)), 4).contains("at least 1"));
        assert!(invalid(&g(&[], Some(2)), 4).contains("there are none"));
        let one = |values: &[usize], size| on(values, size).remove(0);
        assert!(invalid(&one(&[], None), 4).contains("at least one"));
        assert!(invalid(&one(&[5], None), 4).contains("not one of 1..4"));
        assert!(invalid(&one(&[1, 1], None), 4).contains("listed twice"));
        assert!(invalid(&one(&[1], Some(0)), 4).contains("at least 1"));
        assert!(invalid(&one(&[1], Some(17)), 4).contains("does not fit"));
        // 36×36 without a size: the houses imply 36 cells per value, so 25 values make
        // 1296 × 899 reach variables, one value 1296 × 35
        let many: Vec<usize> = (1..=25).collect();
        assert!(invalid(&one(&many, None), 36).contains("give a smaller `size`"));
        assert!(one(&[1], None).validate(&Shape::new(36).unwrap()).is_ok());
        assert!(one(&[1], Some(36))
            .validate(&Shape::new(36).unwrap())
            .is_ok());
    }
}
