//! Chaos construction: the regions of the grid are unknowns, found together with the
//! digits. Each region holds V orthogonally connected cells and every one of the V values
//! once, so an R×C grid has K = R·C / V regions (K = V = N on a square N×N holding 1..N).
//!
//! Variables: g(p,k) — "cell p is in region k" — at the fixed place [`super::region_var`]
//! gives them (after the cell variables, so a model can be read without satdoku); the rest
//! are auxiliaries. Regions are numbered canonically — region k is the k-th region met in
//! reading order — so each partition has exactly one assignment of the g variables, and a
//! (digits, regions) solution is one assignment of the cell and region variables: blocking
//! those two blocks exactly that solution ([`crate::formula::Formula::blocking_clause`]).
//!
//! The clauses (p, q are row-major cell positions, k a region, d a digit, t a level; below,
//! "N cells" is V, the region size):
//!
//! - **Partition**: every cell is in exactly one region (`∨_k g(p,k)`; `g(p,k) -> !g(p,j)`).
//! - **Canonical numbering** (value precedence): s(p,k) = "some cell at or before p is in
//!   region k", `s(p,k) <-> s(p-1,k) ∨ g(p,k)`; a cell can open region k+1 only once region
//!   k is open: `g(p,k+1) -> s(p-1,k)`. Cell 0 is in region 0.
//! - **Each region holds each digit exactly once**: y(p,k,d) <-> g(p,k) ∧ x(p,d), and for
//!   every (k,d) exactly one y(·,k,d) (at least one: one clause; at most one: a ladder,
//!   a(i) = "one of the first i is true", `y_i -> a_i`, `a_{i-1} -> a_i`,
//!   `a_{i-1} -> !y_i`). Summed over the digits this also makes every region N cells.
//! - **Same region**: e(p,q) for orthogonal neighbours, `e(p,q) <-> ∨_k g(p,k) ∧ g(q,k)`
//!   (`e ∧ g(p,k) -> g(q,k)`, `e ∧ g(q,k) -> g(p,k)`, `g(p,k) ∧ g(q,k) -> e`), and every cell
//!   has a neighbour in its region (`∨_q e(p,q)`, implied by connectivity, for propagation).
//!   The rules about the found regions read the same terms ([`Encoder::shared_region`]).
//! - **Connectivity** (bounded reachability from the region's first cell): R(p,t) = "p is
//!   reached from the root of its region in at most t steps inside the region". Level 0 is
//!   the root only: `R(p,0) ∧ g(p,k) -> !s(p-1,k)` (no earlier cell of the region). A step:
//!   `R(p,t) -> R(p,t-1) ∨ ∨_q z(p,q,t)`, `z(p,q,t) -> R(q,t-1)`, `z(p,q,t) -> e(p,q)`. A
//!   region of N cells is spanned within N-1 steps, so R(p,N-1) is true for every cell. Each
//!   region has exactly one root (its first cell) and every cell reaches it through cells of
//!   its region: the region is connected. Conversely any connected partition satisfies this
//!   (R = breadth-first distance).

// Cells, regions and levels are numbers the clauses combine (p-1, k+1, t-1): index loops
// read as the logic in the comments.
#![allow(clippy::needless_range_loop)]

use super::{Encoder, Term};
use crate::geometry::{Cell, Digit};

/// The orthogonal neighbours of row-major position `p` on a grid of `rows`×`cols`.
pub fn neighbours(rows: usize, cols: usize, p: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / cols, p % cols);
    let up = (r > 0).then(|| p - cols);
    let down = (r + 1 < rows).then(|| p + cols);
    let left = (c > 0).then(|| p - 1);
    let right = (c + 1 < cols).then(|| p + 1);
    [up, left, right, down].into_iter().flatten()
}

/// Defines `e` as "cells `a` and `b` share a found region": `e ∧ g(a,k) -> g(b,k)`,
/// `e ∧ g(b,k) -> g(a,k)`, `g(a,k) ∧ g(b,k) -> e` for every region k.
pub fn define_same(enc: &mut Encoder, a: Cell, b: Cell, e: Term) {
    for k in 0..enc.shape().chaos_regions() {
        let (ga, gb) = (Term::Lit(enc.region(a, k)), Term::Lit(enc.region(b, k)));
        // e ∧ g(a,k) -> g(b,k); e ∧ g(b,k) -> g(a,k); g(a,k) ∧ g(b,k) -> e
        enc.clause([!e, !ga, gb]);
        enc.clause([!e, !gb, ga]);
        enc.clause([!ga, !gb, e]);
    }
}

/// Writes the chaos construction's clauses (see the module documentation). The shape must be
/// chaos ([`crate::geometry::Shape::is_chaos`]). `connectivity`: with the bounded
/// reachability clauses; without them only when a [`crate::chaos::ChaosPropagator`] carries
/// the connectivity of the regions.
pub fn encode(enc: &mut Encoder, connectivity: bool) {
    let shape = enc.shape();
    let (rows, cols) = (shape.rows(), shape.cols());
    // K regions of V cells each
    let (regions, size) = (shape.chaos_regions(), shape.value_count());
    let cells = rows * cols;
    let g =
        |enc: &Encoder, p: usize, k: usize| Term::Lit(enc.region(Cell::from_position(p, cols), k));

    // Partition: exactly one region per cell.
    for p in 0..cells {
        let all: Vec<Term> = (0..regions).map(|k| g(enc, p, k)).collect();
        enc.clause(all);
        for k in 0..regions {
            for j in k + 1..regions {
                // g(p,k) -> !g(p,j)
                enc.clause([!g(enc, p, k), !g(enc, p, j)]);
            }
        }
    }

    // Canonical numbering: s[p][k] = "a cell at or before p is in region k".
    let mut s: Vec<Vec<Term>> = Vec::with_capacity(cells);
    for p in 0..cells {
        let mut row = Vec::with_capacity(regions);
        for k in 0..regions {
            let gk = g(enc, p, k);
            if p == 0 {
                row.push(gk);
                continue;
            }
            let prev: Term = s[p - 1][k];
            let sv = Term::Lit(enc.new_lit());
            // g(p,k) -> s(p,k); s(p-1,k) -> s(p,k); s(p,k) -> s(p-1,k) ∨ g(p,k)
            enc.clause([!gk, sv]);
            enc.clause([!prev, sv]);
            enc.clause([!sv, prev, gk]);
            row.push(sv);
        }
        s.push(row);
    }
    for p in 0..cells {
        for k in 0..regions.saturating_sub(1) {
            let before = if p == 0 { Term::False } else { s[p - 1][k] };
            // g(p,k+1) -> s(p-1,k): region k+1 opens after region k
            enc.clause([!g(enc, p, k + 1), before]);
        }
    }

    // Each region holds each digit exactly once.
    for k in 0..regions {
        for d in (0..size).map(Digit::from_index) {
            let mut ys = Vec::with_capacity(cells);
            for p in 0..cells {
                let x = enc.x_at(p, d);
                let gk = g(enc, p, k);
                let y = match x {
                    Term::False => continue,
                    Term::True => gk,
                    Term::Lit(_) => {
                        let y = Term::Lit(enc.new_lit());
                        // y -> g(p,k); y -> x(p,d); g(p,k) ∧ x(p,d) -> y
                        enc.clause([!y, gk]);
                        enc.clause([!y, x]);
                        enc.clause([!gk, !x, y]);
                        y
                    }
                };
                ys.push(y);
            }
            // at least one cell of region k holds d
            enc.clause(ys.iter().copied());
            at_most_one_ladder(enc, &ys);
        }
    }

    // Same region between neighbours, the terms the rules share (Encoder::shared_region).
    let mut edge = std::collections::HashMap::new();
    for p in 0..cells {
        for q in neighbours(rows, cols, p).filter(|&q| q > p) {
            let (a, b) = (Cell::from_position(p, cols), Cell::from_position(q, cols));
            let e = enc.shared_region(a, b);
            edge.insert((p, q), e);
            edge.insert((q, p), e);
        }
    }
    if size > 1 {
        for p in 0..cells {
            // some neighbour shares p's region
            let es: Vec<Term> = neighbours(rows, cols, p).map(|q| edge[&(p, q)]).collect();
            enc.clause(es);
        }
    }

    if !connectivity {
        return;
    }
    // Connectivity: reach[p][t], level V-1 true for every cell.
    let levels = size.max(1);
    let mut reach: Vec<Vec<Term>> = vec![Vec::with_capacity(levels); cells];
    for p in 0..cells {
        for t in 0..levels {
            let r = if t + 1 == levels {
                Term::True
            } else {
                Term::Lit(enc.new_lit())
            };
            reach[p].push(r);
        }
    }
    for p in 0..cells {
        if p > 0 {
            for k in 0..regions {
                // R(p,0) ∧ g(p,k) -> !s(p-1,k): a root is its region's first cell
                enc.clause([!reach[p][0], !g(enc, p, k), !s[p - 1][k]]);
            }
        }
        for t in 1..levels {
            let mut step = vec![!reach[p][t], reach[p][t - 1]];
            for q in neighbours(rows, cols, p) {
                let z = Term::Lit(enc.new_lit());
                // z(p,q,t) -> R(q,t-1); z(p,q,t) -> e(p,q)
                enc.clause([!z, reach[q][t - 1]]);
                enc.clause([!z, edge[&(p, q)]]);
                step.push(z);
            }
            // R(p,t) -> R(p,t-1) ∨ ∨_q z(p,q,t)
            enc.clause(step);
        }
    }
}

/// At most one of `terms` (a ladder: 3 clauses and one variable per term).
fn at_most_one_ladder(enc: &mut Encoder, terms: &[Term]) {
    let open: Vec<Term> = terms
        .iter()
        .copied()
        .filter(|t| *t != Term::False)
        .collect();
    if open.len() <= 5 {
        super::card::at_most_one(enc, &open);
        return;
    }
    let mut prev: Option<Term> = None;
    for (i, &t) in open.iter().enumerate() {
        if let Some(a) = prev {
            // a(i-1) -> !t_i
            enc.clause([!a, !t]);
        }
        if i + 1 == open.len() {
            break;
        }
        let a = Term::Lit(enc.new_lit());
        // t_i -> a(i); a(i-1) -> a(i)
        enc.clause([!t, a]);
        if let Some(p) = prev {
            enc.clause([!p, a]);
        }
        prev = Some(a);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::engine::{Engine, EngineKind};
    use crate::geometry::{Cell, Digit, Shape};
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;
    use crate::solve::count_on;
    use std::collections::HashSet;

    /// Every partition of the `n`×`n` grid into `n` orthogonally connected regions of `n`
    /// cells, numbered by first cell in reading order.
    pub(crate) fn partitions(n: usize) -> Vec<Vec<u16>> {
        partitions_of(n, n, n)
    }

    /// Every partition of the `rows`×`cols` grid into orthogonally connected regions of
    /// `size` cells, numbered by first cell in reading order — by plain search over cell
    /// subsets, nothing shared with the encoding.
    pub(crate) fn partitions_of(rows: usize, cols: usize, size: usize) -> Vec<Vec<u16>> {
        fn connected(n: usize, set: &[usize]) -> bool {
            let mut seen = vec![set[0]];
            let mut i = 0;
            while i < seen.len() {
                let p = seen[i];
                for &q in set {
                    let adjacent = (p / n).abs_diff(q / n) + (p % n).abs_diff(q % n) == 1;
                    if adjacent && !seen.contains(&q) {
                        seen.push(q);
                    }
                }
                i += 1;
            }
            seen.len() == set.len()
        }
        fn subsets(
            free: &[usize],
            k: usize,
            from: usize,
            cur: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
        ) {
            if cur.len() == k {
                out.push(cur.clone());
                return;
            }
            for i in from..free.len() {
                cur.push(free[i]);
                subsets(free, k, i + 1, cur, out);
                cur.pop();
            }
        }
        fn go(
            cols: usize,
            size: usize,
            ids: &mut Vec<Option<u16>>,
            next: u16,
            out: &mut Vec<Vec<u16>>,
        ) {
            let Some(first) = ids.iter().position(Option::is_none) else {
                out.push(ids.iter().map(|i| i.unwrap_or(u16::MAX)).collect());
                return;
            };
            let free: Vec<usize> = (first + 1..ids.len())
                .filter(|&p| ids[p].is_none())
                .collect();
            let mut picks = Vec::new();
            subsets(&free, size - 1, 0, &mut Vec::new(), &mut picks);
            for mut pick in picks {
                pick.insert(0, first);
                if !connected(cols, &pick) {
                    continue;
                }
                for &p in &pick {
                    ids[p] = Some(next);
                }
                go(cols, size, ids, next + 1, out);
                for &p in &pick {
                    ids[p] = None;
                }
            }
        }
        let mut out = Vec::new();
        go(cols, size, &mut vec![None; rows * cols], 0, &mut out);
        out
    }

    /// Rectangles, as (rows, columns, values 1..V, givens): min(R, C) regions of V = max(R, C)
    /// cells.
    pub(crate) const RECTANGLES: [(usize, usize, usize, &[u8]); 4] = [
        (2, 4, 4, &[0; 8]),
        (3, 4, 4, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]),
        (4, 3, 4, &[0, 0, 1, 0, 0, 0, 0, 3, 0, 0, 0, 0]),
        (2, 6, 6, &[0, 0, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0]),
    ];

    /// The (digits, regions) pairs of a `rows`×`cols` chaos construction holding 1..`values`
    /// (no boxes; rows and columns all different, regions of `values` cells each holding
    /// every value), by backtracking per partition.
    pub(crate) fn brute_rect(
        rows: usize,
        cols: usize,
        values: usize,
        givens: &[u8],
    ) -> HashSet<(Vec<u8>, Vec<u16>)> {
        assert_eq!(
            values,
            rows.max(cols),
            "regions of the longer side's length"
        );
        brute_in(rows, cols, givens, None)
    }

    /// [`brute_rect`] with, when `box_of` gives each cell's box, boxes holding different
    /// digits too (values 1..max(rows, cols)).
    fn brute_in(
        rows: usize,
        cols: usize,
        givens: &[u8],
        box_of: Option<&[usize]>,
    ) -> HashSet<(Vec<u8>, Vec<u16>)> {
        fn fill(
            p: usize,
            (cols, values): (usize, usize),
            givens: &[u8],
            (regions, box_of): (&[u16], Option<&[usize]>),
            grid: &mut Vec<u8>,
            out: &mut HashSet<(Vec<u8>, Vec<u16>)>,
        ) {
            if p == grid.len() {
                out.insert((grid.clone(), regions.to_vec()));
                return;
            }
            for d in 1..=values as u8 {
                if givens[p] != 0 && givens[p] != d {
                    continue;
                }
                let clash = (0..p).any(|q| {
                    grid[q] == d
                        && (q / cols == p / cols
                            || q % cols == p % cols
                            || regions[q] == regions[p]
                            || box_of.is_some_and(|b| b[q] == b[p]))
                });
                if !clash {
                    grid[p] = d;
                    fill(p + 1, (cols, values), givens, (regions, box_of), grid, out);
                    grid[p] = 0;
                }
            }
        }
        let values = rows.max(cols);
        let mut all = HashSet::new();
        for regions in partitions_of(rows, cols, values) {
            let mut grid = vec![0u8; rows * cols];
            fill(
                0,
                (cols, values),
                givens,
                (&regions, box_of),
                &mut grid,
                &mut all,
            );
        }
        all
    }

    /// Every (digits, regions) solution of a `rows`×`cols` chaos construction holding
    /// 1..`values` (no boxes) found by `engine`; each must be found once.
    pub(crate) fn solutions_rect(
        rows: usize,
        cols: usize,
        values: usize,
        givens: &[u8],
        engine: &Engine,
    ) -> HashSet<(Vec<u8>, Vec<u16>)> {
        let shape = Shape::rect_with_regions(rows, cols, vec![None; rows * cols])
            .unwrap()
            .with_values(crate::geometry::Values::parse(&format!("1-{values}")).unwrap())
            .unwrap()
            .with_chaos()
            .unwrap();
        let cells = givens
            .iter()
            .map(|&g| (g != 0).then(|| Digit::new(g as usize)))
            .collect();
        let grid = Grid::from_cells_rect(rows, cols, cells).unwrap();
        let p = Puzzle::new(shape, grid, Vec::new()).unwrap();
        solved(&p, engine)
    }

    /// The (digits, regions) pairs of an `n`×`n` chaos construction with `givens` (0 = empty;
    /// `boxes`: the default boxes hold every digit too), by backtracking per partition.
    pub(crate) fn brute(n: usize, givens: &[u8], boxes: bool) -> HashSet<(Vec<u8>, Vec<u16>)> {
        let shape = Shape::new(n).unwrap();
        let box_of: Vec<usize> = (0..n * n)
            .map(|p| shape.regions()[p].unwrap() as usize)
            .collect();
        brute_in(n, n, givens, boxes.then_some(&box_of[..]))
    }

    /// Every (digits, regions) solution of an `n`×`n` chaos construction (`boxes`: boxes kept
    /// beside its regions) found by `engine`; each must be found once.
    pub(crate) fn solutions(
        n: usize,
        givens: &[u8],
        boxes: bool,
        engine: &Engine,
    ) -> HashSet<(Vec<u8>, Vec<u16>)> {
        let shape = if boxes {
            Shape::new(n).unwrap()
        } else {
            Shape::with_regions(n, vec![None; n * n]).unwrap()
        };
        let shape = shape.with_chaos().unwrap();
        let cells = givens
            .iter()
            .map(|&g| (g != 0).then(|| Digit::new(g as usize)))
            .collect();
        let p = Puzzle::new(shape, Grid::from_cells(n, cells).unwrap(), Vec::new()).unwrap();
        solved(&p, engine)
    }

    /// Every (digits, regions) solution of chaos construction `p` found by `engine`, each
    /// found once.
    fn solved(p: &Puzzle, engine: &Engine) -> HashSet<(Vec<u8>, Vec<u16>)> {
        let mut found = HashSet::new();
        let count = count_on(p, 100_000, engine, |g| {
            let digits = g.cells().iter().map(|d| d.unwrap().get() as u8).collect();
            let regions = g.regions().expect("a chaos solution has regions").to_vec();
            assert!(found.insert((digits, regions)), "a solution found twice");
        })
        .unwrap();
        assert!(!count.capped);
        found
    }

    /// The CNF encoding alone (varisat: no connectivity propagator; `auto` would take a
    /// chaos construction to CaDiCaL with it, which `chaos::tests` checks).
    fn sat(n: usize, givens: &[u8], boxes: bool) -> HashSet<(Vec<u8>, Vec<u16>)> {
        solutions(n, givens, boxes, &Engine::new(EngineKind::Varisat))
    }

    #[test]
    fn rectangles_match_brute_force() {
        for (rows, cols, values, givens) in RECTANGLES {
            let expect = brute_rect(rows, cols, values, givens);
            assert!(
                expect.len() > 10 && expect.len() < 50_000,
                "{rows}×{cols} 1..{values}: {}",
                expect.len()
            );
            let got = solutions_rect(
                rows,
                cols,
                values,
                givens,
                &Engine::new(EngineKind::Varisat),
            );
            assert_eq!(got, expect, "{rows}×{cols} holding 1..{values}");
        }
    }

    #[test]
    fn partitions_are_counted_right() {
        // 4×4 into four connected tetrominoes: 117 (OEIS A172477); 5×5 into pentominoes: 4006
        assert_eq!(partitions(4).len(), 117);
        assert_eq!(partitions(5).len(), 4006);
    }

    #[test]
    fn four_by_four_counts_match_brute_force() {
        let empty = [0u8; 16];
        let expect = brute(4, &empty, false);
        assert!(expect.len() > 1000, "{}", expect.len());
        assert_eq!(sat(4, &empty, false), expect);
        let givens = [1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 2, 0, 0];
        assert_eq!(sat(4, &givens, false), brute(4, &givens, false));
        // with boxes kept beside the chaos regions
        assert_eq!(sat(4, &empty, true), brute(4, &empty, true));
    }

    #[test]
    fn extra_cells_beside_a_chaos_construction() {
        // A 4×4 chaos construction with two extra cells: r5c1 repeats r1c1 (a weighted sum
        // r5c1 − r1c1 = 0), r5c2 is free. Each (digits, regions) pair of the grid alone
        // comes back four times, once per value of r5c2, and r5c1 holds r1c1's digit. The
        // region variables follow the extra cells' variables: were they to overlap, the
        // extra cells would be tied to regions and the counts would differ.
        let givens = [1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 2, 0, 0];
        let text: String = givens
            .iter()
            .map(|&g| if g == 0 { '.' } else { (b'0' + g) as char })
            .collect();
        let doc = crate::format::json::from_str(&format!(
            r#"{{"satdoku": 1, "size": 4, "chaos": true, "extra": 2, "givens": "{text}",
                "constraints": [{{"type": "weighted-sum", "cells": ["r5c1", "r1c1"],
                "weights": [1, -1], "sum": 0}}]}}"#
        ))
        .unwrap();
        let shape = doc.puzzle.shape();
        let first_region = super::super::region_var(shape, Cell::from_index(0, 0), 0);
        assert_eq!(
            first_region.index(),
            18 * 4,
            "after 16 grid and 2 extra cells"
        );
        let expect = brute(4, &givens, false);
        for engine in [EngineKind::Varisat, EngineKind::Cadical] {
            let mut grids = std::collections::HashMap::new();
            count_on(&doc.puzzle, 100_000, &Engine::new(engine), |g| {
                let digits: Vec<u8> = g.cells()[..16]
                    .iter()
                    .map(|d| d.unwrap().get() as u8)
                    .collect();
                let extra: Vec<u8> = g
                    .extra_cells()
                    .iter()
                    .map(|d| d.unwrap().get() as u8)
                    .collect();
                assert_eq!(extra[0], digits[0], "r5c1 repeats r1c1");
                let regions = g.regions().expect("a chaos solution has regions").to_vec();
                *grids.entry((digits, regions)).or_insert(0) += 1;
            })
            .unwrap();
            assert_eq!(grids.len(), expect.len(), "{engine:?}");
            assert!(grids.keys().all(|k| expect.contains(k)), "{engine:?}");
            assert!(grids.values().all(|&n| n == 4), "{engine:?}");
        }
    }

    #[test]
    fn five_by_five_counts_match_brute_force() {
        let givens = [
            1, 0, 0, 0, 0, //
            0, 0, 2, 0, 0, //
            0, 0, 0, 0, 3, //
            0, 4, 0, 0, 0, //
            0, 0, 0, 5, 0,
        ];
        let expect = brute(5, &givens, false);
        assert!(
            !expect.is_empty() && expect.len() < 20_000,
            "{}",
            expect.len()
        );
        assert_eq!(sat(5, &givens, false), expect);
    }
}
