//! Implied sums ("set theory", innies and outies): redundant sums that killer cages and
//! house totals imply together.
//!
//! An area made of whole houses (a row, a column, a region, a run of consecutive rows or
//! columns) holds every digit once per house, so its digits add up to `h·N(N+1)/2` for `h`
//! houses. Take the killer cages with sums that share no cell. A cage wholly inside the area
//! adds its sum; a cage that sticks out adds either its cells inside the area (`+`), or its
//! sum minus its cells outside (`−`), whichever leaves fewer open cells; every other cell of
//! the area is a `+` term. So
//!
//! `Σ (+ cells) − Σ (− cells) = h·N(N+1)/2 − Σ (sums of the cages inside or taken "−")`
//!
//! holds in every solution, over few cells when the cages nearly tile the area. Unit
//! propagation does not find it from the cage and house clauses: it has to add whole houses
//! up. Each such sum with at most [`MAX_CELLS`] open cells is written with [`GroupedSum`]
//! (the `+` cells of one house are read as one digit-set sum, the `−` cells likewise). The
//! clauses are implied, so they never remove a solution; which puzzles get them is decided
//! by the caller (`rules::killer::encode_implied_sums`, BENCHMARKS.md "Line 119 and set
//! theory").

use super::{GroupedSum, Total};
use crate::cnf::Encoder;
use crate::geometry::{digits, Cell, Mask, Shape};

/// The most open cells an implied sum may have to be written: on line 119 of the CC BY
/// variants, 6 (12 sums of 3 + 3 cells) took 0.85 s to 0.15 s of CPU, 8 the same, 9 and 12
/// (27 and 40 sums) 0.18 and 0.25 s; up to 4 there is none.
pub const MAX_CELLS: usize = 6;

/// A killer cage for [`implied_sums`]: its cells and its sum, if any.
pub type Cage<'a> = (&'a [Cell], Option<usize>);

/// One implied sum: `Σ w·digit(cell) = total` over open cells (weights ±1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImpliedSum {
    /// The open cells and their weights, in row-major order; the first weight is +1.
    pub terms: Vec<(Cell, i64)>,
    /// The right-hand side.
    pub total: i64,
}

impl ImpliedSum {
    /// Whether the digits `digit(cell)` satisfy the sum.
    pub fn holds(&self, digit: impl Fn(Cell) -> i64) -> bool {
        self.terms.iter().map(|&(c, w)| w * digit(c)).sum::<i64>() == self.total
    }

    /// Writes the sum as a [`GroupedSum`] over the encoder's candidates.
    pub fn encode(&self, enc: &mut Encoder) {
        GroupedSum::build(enc.shape(), &self.terms, &Total::Value(self.total), |c| {
            enc.candidates(c)
        })
        .encode(enc);
    }
}

/// The areas whose digit sums are known: each house in `houses`, and each run of two or
/// more consecutive rows or columns; as (membership by row-major position, number of houses).
/// Made one at a time: there are about n² of them, each of n² cells.
fn areas(n: usize, houses: &[Vec<Cell>]) -> impl Iterator<Item = (Vec<bool>, i64)> + '_ {
    let whole_houses = houses.iter().map(move |h| {
        let mut area = vec![false; n * n];
        for c in h {
            area[c.position(n)] = true;
        }
        (area, 1)
    });
    let runs = (0..n).flat_map(move |first| {
        (first + 1..n).flat_map(move |last| {
            let run = move |i: usize| (first..=last).contains(&i);
            let k = (last - first + 1) as i64;
            let rows = move || ((0..n * n).map(|p| run(p / n)).collect(), k);
            let columns = move || ((0..n * n).map(|p| run(p % n)).collect(), k);
            std::iter::once_with(rows).chain(std::iter::once_with(columns))
        })
    });
    whole_houses.chain(runs)
}

/// The implied sums (module docs) of `cages` over the houses `houses` (each holding every
/// digit once) and the runs of consecutive rows and columns of `shape`, with candidates
/// `cands` (row-major), that have between 1 and `max_cells` open cells; without repeats.
/// Decided cells are folded into the total. Cages without a sum, and cages that share a cell
/// with an earlier cage, count as uncaged cells.
pub fn implied_sums(
    shape: &Shape,
    houses: &[Vec<Cell>],
    cages: &[Cage],
    cands: &[Mask],
    max_cells: usize,
) -> Vec<ImpliedSum> {
    // the areas are runs of N-cell rows and columns holding 1..N: square grids with N values,
    // or more whose grid cells the rules keep to the first N (a rectangle's shorter houses,
    // or more values than a row holds, have no known sum), and never a raw grid, whose rows
    // and columns may repeat digits
    if !shape.houses_hold_side_values(cands) {
        return Vec::new();
    }
    let n = shape.size();
    // the grid's houses of N cells (an extra region of extra cells lies outside the areas)
    let houses: Vec<Vec<Cell>> = houses
        .iter()
        .filter(|h| h.len() == n && h.iter().all(|c| c.r() < n && c.c() < n))
        .cloned()
        .collect();
    let houses = &houses[..];
    // the cages used: with a sum, pairwise disjoint (greedily, in order)
    let mut caged = vec![false; n * n];
    let mut used: Vec<(Vec<usize>, i64)> = Vec::new();
    for &(cells, sum) in cages {
        let Some(sum) = sum else { continue };
        if cells.iter().any(|c| c.r() >= n || c.c() >= n) {
            // a cage with extra cells lies partly outside every area
            continue;
        }
        let pos: Vec<usize> = cells.iter().map(|c| c.position(n)).collect();
        if pos.iter().any(|&p| caged[p]) {
            continue;
        }
        for &p in &pos {
            caged[p] = true;
        }
        used.push((pos, sum as i64));
    }
    if used.is_empty() {
        return Vec::new();
    }
    let open = |p: usize| cands[p].count_ones() > 1;
    // a decided cell's digit (0 without candidates: the formula is refuted elsewhere)
    let value = |p: usize| digits(cands[p]).next().map_or(0, |d| d.get() as i64);
    let full = (n * (n + 1) / 2) as i64;
    let mut out: Vec<ImpliedSum> = Vec::new();
    for (area, houses) in areas(n, houses) {
        let mut total = houses * full;
        let mut weights: Vec<i64> = (0..n * n)
            .map(|p| i64::from(area[p] && !caged[p]))
            .collect();
        for (pos, sum) in &used {
            let inside = pos.iter().filter(|&&p| area[p]).count();
            if inside == 0 {
                continue;
            }
            if inside == pos.len() {
                total -= sum;
                continue;
            }
            let open_in = pos.iter().filter(|&&p| area[p] && open(p)).count();
            let open_out = pos.iter().filter(|&&p| !area[p] && open(p)).count();
            if open_in <= open_out {
                // Σ inside cells, as they are
                for &p in pos.iter().filter(|&&p| area[p]) {
                    weights[p] = 1;
                }
            } else {
                // Σ inside cells = sum − Σ outside cells
                total -= sum;
                for &p in pos.iter().filter(|&&p| !area[p]) {
                    weights[p] = -1;
                }
            }
        }
        let mut terms = Vec::new();
        for (p, &w) in weights.iter().enumerate().filter(|(_, &w)| w != 0) {
            if open(p) {
                terms.push((Cell::from_position(p, n), w));
            } else {
                total -= w * value(p);
            }
        }
        if terms.is_empty() || terms.len() > max_cells {
            continue;
        }
        if terms[0].1 < 0 {
            // one sign, so that an area and its complement give one sum, not two
            terms.iter_mut().for_each(|t| t.1 = -t.1);
            total = -total;
        }
        let sum = ImpliedSum { terms, total };
        if !out.contains(&sum) {
            out.push(sum);
        }
    }
    out
}

/// Writes the implied sums of `cages` with at most [`MAX_CELLS`] open cells (over the
/// houses `houses` and runs of rows and columns, with the encoder's candidates).
pub fn encode_implied_sums(enc: &mut Encoder, houses: &[Vec<Cell>], cages: &[Cage]) {
    for s in implied_sums(enc.shape(), houses, cages, enc.candidates, MAX_CELLS) {
        s.encode(enc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_with_cages_sticking_out_gives_one_sum() {
        // 4×4, row 1: cage r1c1 r1c2 r2c1 = 7 sticks out by one cell, so
        // r1c1 + r1c2 = 7 − r2c1 and r1c3 + r1c4 = 10 − (7 − r2c1): r1c3 + r1c4 − r2c1 = 3.
        let shape = Shape::new(4).unwrap();
        let c = |r, c| Cell::new(r, c);
        let row1: Vec<Cell> = (1..=4).map(|k| c(1, k)).collect();
        let cage = [c(1, 1), c(1, 2), c(2, 1)];
        let cands = vec![0b1111; 16];
        let sums = implied_sums(&shape, &[row1], &[(&cage, Some(7))], &cands, 16);
        let want = ImpliedSum {
            terms: vec![(c(1, 3), 1), (c(1, 4), 1), (c(2, 1), -1)],
            total: 3,
        };
        assert_eq!(sums[0], want);
        // a decided r1c4 = 2 moves into the total; a limit of 1 cell drops the 2-cell sums
        let mut cands = cands;
        cands[3] = 0b0010;
        let sums = implied_sums(&shape, &[], &[(&cage, Some(7))], &cands, 16);
        assert!(sums.iter().all(|s| !s.terms.iter().any(|t| t.0 == c(1, 4))));
        let row1: Vec<Cell> = (1..=4).map(|k| c(1, k)).collect();
        let sums = implied_sums(&shape, &[row1], &[(&cage, Some(7))], &cands, 16);
        assert!(sums.contains(&ImpliedSum {
            terms: vec![(c(1, 3), 1), (c(2, 1), -1)],
            total: 1,
        }));
        assert!(implied_sums(&shape, &[], &[(&cage, Some(7))], &cands, 1)
            .iter()
            .all(|s| s.terms.len() == 1));
        // no cage with a sum: nothing
        assert!(implied_sums(&shape, &[], &[(&cage, None)], &cands, 16).is_empty());
    }
}
