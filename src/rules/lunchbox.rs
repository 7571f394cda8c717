//! Lunchbox (ISS "Lunchbox"): the cells hold different digits, and the digits between the
//! smallest and the largest of them (in the listed order) add up to the sum. A lunchbox
//! of 0 has its smallest and largest digits side by side.
//!
//! On a grid of other values (`0-8`) the extremes are the smallest and largest *values* and
//! the sum adds values, as ISS reads it; the values must be at least 0 (the reading below
//! adds them as they come).
//!
//! JSON: `{"type": "lunchbox", "cells": ["r1c1", …], "sum": 10}` (cells in order, e.g. a
//! row from left to right; at most N). Whether the cells are drawn as a cage or a line, the
//! order is the listed one.
//!
//! CNF, in three parts (docs/ENCODING.md, "Lunchboxes"):
//! - *which cells are the extremes*: mn(i) "cell i holds the smallest value", mx(i) "the
//!   largest", over the cells' shared ladders y(c,v) = "c ≥ v":
//!   `mn(i) ∧ y(c_i,v) → y(c_j,v+1)` and `mx(i) ∧ y(c_j,v) → y(c_i,v+1)` for every other
//!   cell j, at least one mn and one mx, at most one of each, never both on one cell; a cell
//!   holding the lowest (highest) candidate of all is the smallest (largest);
//! - *the reading*: e(i) = mn(i) ∨ mx(i) and z(i,d) = x(c_i,d) ∧ ¬e(i) choose one of "an
//!   extreme" or "digit d, not an extreme" per cell (one-hot), and a layered diagram over those
//!   choices has the sandwich's states: before the first extreme, inside with the sum and
//!   count so far, after the second; a sum above the clue is dropped, and so is a count of
//!   cells whose *different* values strictly between the lowest and highest candidates cannot
//!   make the sum so far (the diagram does not know the cells differ);
//! - *the extremes' distance*: `¬e(p) ∨ ¬e(q)` when no filling of `q − p − 1` different
//!   values makes the sum.
//!
//! Clauses in O(k²·N + k·sum) for k cells: a diagram whose states held the extremes' values
//! themselves (the earlier encoding) was exact on its own but grew to 173k clauses on ISS's
//! Extreme Lunchbox; this one writes 24k and solves it 8× faster (BENCHMARKS.md, "Lunchboxes
//! by their extremes"). Before the search the candidates are restricted per pair of extremes
//! (a, b): a diagram over the cells knowing a and b (before / inside with sum and count /
//! after), and each cell keeps the digits some pair's reading accepts ([`Rule::restrict`]:
//! without a restriction Extreme Lunchbox searches 6× longer). The exact diagram of the
//! values (`diagram`, states holding the extremes so far) encodes only on 64 values. A
//! lunchbox of N cells holds 1 and N, so it is a sandwich and gets the sandwich's
//! crust-distance clauses and its filling's digit set too (`fillings::crust_distances`,
//! `fillings`).

use super::cell_lists::{at_most, cell_set, distinct_sums, values_of};
use super::diagram::Diagram;
use super::families::all_different;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Digit, Mask, Shape};
use crate::grid::{check_distinct, Grid};
use serde::{Deserialize, Serialize};

/// A lunchbox.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lunchbox {
    /// The cells in order.
    pub cells: Vec<Cell>,
    /// The sum between the smallest and the largest digit.
    pub sum: usize,
}

/// Which extreme is the later one so far (both at one cell after the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Later {
    Same,
    Low,
    High,
}

/// The diagram state after some cells: (smallest, largest, later, between, after, cells
/// between, cells after).
type State = Option<(usize, usize, Later, usize, usize, usize, usize)>;

/// Whether `k` different digits strictly between `lo` and `hi` can add up to `sum`.
fn fits(lo: usize, hi: usize, k: usize, sum: usize) -> bool {
    match distinct_sums(k, lo + 1, hi.saturating_sub(1)) {
        Some((least, most)) => (least..=most).contains(&sum),
        None => false,
    }
}

/// The next state after digit `d` (`None` for a repeated extreme: the digits differ).
/// `floor` and `top` are the smallest and largest candidate of any of the cells: once the
/// smallest is `floor` and the largest `top`, no later digit is a new extreme, so which
/// came last and the sum after it are never read again and are forgotten (fewer states).
/// A state whose between-sum or after-sum no set of that many different digits strictly
/// between the extremes makes is not made (the diagram alone does not know they differ).
fn step(state: State, d: usize, cap: usize, floor: usize, top: usize) -> Option<State> {
    let Some((lo, hi, later, between, after, nb, na)) = state else {
        return Some(Some((d, d, Later::Same, 0, 0, 0, 0)));
    };
    if lo == floor && hi == top {
        // final extremes, checked when they became so: only a repeat of one can fail
        return (d != lo && d != hi).then_some(state);
    }
    let next = if d < lo {
        // new smallest: between it and the largest lie the cells since the largest
        let (b, k) = match later {
            Later::Low => (between + lo + after, nb + 1 + na),
            _ => (after, na),
        };
        (d, hi, Later::Low, b, 0, k, 0)
    } else if d > hi {
        let (b, k) = match later {
            Later::High => (between + hi + after, nb + 1 + na),
            _ => (after, na),
        };
        (lo, d, Later::High, b, 0, k, 0)
    } else if d == lo || d == hi {
        return None;
    } else {
        (lo, hi, later, between, after + d, nb, na + 1)
    };
    let (lo, hi, later, b, a, nb, na) = next;
    // The cells between the extremes and those after the later one hold different digits
    // strictly between them already now (later extremes only widen the range): each sum,
    // and the two together, must be some sum of that many such digits. A sum at the cap
    // stands for any larger one and is not checked.
    let exact = |s: usize| s < cap;
    if (exact(b) && !fits(lo, hi, nb, b))
        || (exact(a) && !fits(lo, hi, na, a))
        || (exact(a + b) && !fits(lo, hi, nb + na, a + b))
    {
        return None;
    }
    if lo == floor && hi == top {
        // both extremes final: the between-sum is final too (and checked just above)
        return Some(Some((lo, hi, Later::Same, b.min(cap), 0, 0, 0)));
    }
    Some(Some((lo, hi, later, b.min(cap), a.min(cap), nb, na)))
}

/// Which extreme a cell holds, as far as a reading knows: the smallest, the largest, or one
/// of them (the encoding's selectors say which cells are extremes, not which is which).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Side {
    Low,
    High,
    Either,
}

/// Where a reading along the cells is: before the first extreme, inside (the sum of the
/// values since it, at most the clue, how many cells, and which extreme opened it), after
/// the second. The encoding and the restriction read the cells alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    Before,
    Inside(usize, usize, Side),
    After,
}

/// The phase after one more cell: an extreme (`Some(side)`) or a value `value` strictly
/// between the extremes (`None`); `None` when the reading fails. `fits(count, s)` says
/// whether `count` different values strictly between the extremes can add up to `s` (the
/// diagram reads one cell at a time and does not know the cells differ).
fn read(
    phase: Phase,
    cell: Option<Side>,
    value: usize,
    sum: usize,
    fits: impl Fn(usize, usize) -> bool,
) -> Option<Phase> {
    match (phase, cell) {
        (Phase::Before, Some(side)) => Some(Phase::Inside(0, 0, side)),
        (Phase::Before, None) => Some(Phase::Before),
        (Phase::Inside(s, count, first), Some(side)) => {
            // the other extreme closes; the same one again cannot (the cells differ)
            let other = first == Side::Either || side != first;
            (other && s == sum && fits(count, s)).then_some(Phase::After)
        }
        (Phase::Inside(s, count, first), None) => {
            let s = s + value;
            (s <= sum && fits(count + 1, s)).then_some(Phase::Inside(s, count + 1, first))
        }
        (Phase::After, Some(_)) => None,
        (Phase::After, None) => Some(Phase::After),
    }
}

/// Writes the lunchbox of `cells` adding up to `sum` as extremes chosen by selectors and a
/// sandwich read over them (module docs).
fn encode_by_extremes(enc: &mut Encoder, cells: &[Cell], sum: usize) {
    let k = cells.len();
    let n = enc.value_count();
    // values are digit indices + the smallest value (validation keeps it at least 0)
    let vmin = enc.shape().values().min as usize;
    let all = cells.iter().fold(0, |m, &c| m | enc.candidates(c));
    if all == 0 {
        // a cell without candidates: nothing holds (simplification reports it first)
        enc.clause([]);
        return;
    }
    // the lowest and highest candidate of all, as digit indices
    let (floor, top) = (
        all.trailing_zeros() as usize,
        63 - all.leading_zeros() as usize,
    );
    let fits_between = |count: usize, s: usize| fits(floor + vmin, top + vmin, count, s);
    let ladders: Vec<_> = cells.iter().map(|&c| enc.ladder(c)).collect();
    let mn: Vec<Term> = (0..k).map(|_| Term::Lit(enc.new_lit())).collect();
    let mx: Vec<Term> = (0..k).map(|_| Term::Lit(enc.new_lit())).collect();
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            for v in 1..=n as isize {
                // mn(i) ∧ y(c_i,v) -> y(c_j,v+1): every other cell lies above the smallest
                enc.clause([!mn[i], !ladders[i].ge(v), ladders[j].ge(v + 1)]);
                // mx(i) ∧ y(c_j,v) -> y(c_i,v+1): and below the largest
                enc.clause([!mx[i], !ladders[j].ge(v), ladders[i].ge(v + 1)]);
            }
            if i < j {
                // at most one smallest and one largest (implied, stated for propagation)
                enc.clause([!mn[i], !mn[j]]);
                enc.clause([!mx[i], !mx[j]]);
            }
        }
        // mn(i) -> ¬mx(i): at least two cells, of different values
        enc.clause([!mn[i], !mx[i]]);
        // x(c_i,floor) -> mn(i), x(c_i,top) -> mx(i)
        enc.implies(enc.x(cells[i], Digit::from_index(floor)), mn[i]);
        enc.implies(enc.x(cells[i], Digit::from_index(top)), mx[i]);
    }
    enc.clause(mn.iter().copied());
    enc.clause(mx.iter().copied());
    // e(i) <-> mn(i) ∨ mx(i)
    let e: Vec<Term> = (0..k)
        .map(|i| {
            let t = Term::Lit(enc.new_lit());
            enc.clause([!t, mn[i], mx[i]]);
            enc.implies(mn[i], t);
            enc.implies(mx[i], t);
            t
        })
        .collect();
    // z(i,d) <-> x(c_i,d) ∧ ¬e(i); choice 0 of layer i is e(i), choice d + 1 is z(i,d)
    let mut z: Vec<Vec<Term>> = vec![vec![Term::False; n]; k];
    let mut masks = Vec::with_capacity(k);
    for i in 0..k {
        let cands = enc.candidates(cells[i]);
        for d in digits(cands) {
            let x = enc.x(cells[i], d);
            let t = Term::Lit(enc.new_lit());
            enc.implies(t, x);
            enc.implies(t, !e[i]);
            enc.clause([!x, e[i], t]);
            z[i][d.index()] = t;
        }
        masks.push(1 | (cands << 1));
    }
    for p in 0..k {
        for q in p + 1..k {
            if !fits_between(q - p - 1, sum) {
                // e(p) -> ¬e(q): no filling of that many different values makes the sum
                enc.clause([!e[p], !e[q]]);
            }
        }
    }
    let mdd = Mdd::build_layers(
        masks,
        Phase::Before,
        |_, &phase, choice| {
            // choice 0 is "an extreme", choice i + 1 the digit of index i, not one
            let cell = (choice.index() == 0).then_some(Side::Either);
            let value = choice.index().saturating_sub(1) + vmin;
            read(phase, cell, value, sum, fits_between)
        },
        |&phase| phase == Phase::After,
    );
    mdd.encode_with(enc, |_, i, choice| match choice.index() {
        0 => e[i],
        c => z[i][c - 1],
    });
}

/// For each cell of `masks` (candidate digits, in order), the digits some reading accepts
/// when the smallest value is index `a` and the largest index `b`: every cell holds a digit
/// of a..=b, a and b once each, and the cells between them add up to `sum` with different
/// values (bounded as in [`fits`]). `None` when no reading is accepted.
fn supported_with_extremes(
    masks: &[Mask],
    (a, b): (usize, usize),
    vmin: usize,
    sum: usize,
) -> Option<Vec<Mask>> {
    let upto = if b >= 63 {
        Mask::MAX
    } else {
        (1 << (b + 1)) - 1
    };
    let range = upto & !((1 << a) - 1);
    let masks: Vec<Mask> = masks.iter().map(|&m| m & range).collect();
    let masks_count = masks.len();
    let fits_ab = |count: usize, s: usize| fits(a + vmin, b + vmin, count, s);
    let mdd = Mdd::build_layers(
        masks,
        Phase::Before,
        |_, &phase, d| {
            let d = d.index();
            let cell = match d {
                _ if d == a => Some(Side::Low),
                _ if d == b => Some(Side::High),
                _ => None,
            };
            read(phase, cell, d + vmin, sum, fits_ab)
        },
        |&phase| phase == Phase::After,
    );
    (!mdd.is_empty()).then(|| (0..masks_count).map(|i| mdd.supported(i)).collect())
}

impl Rule for Lunchbox {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        cell_set(shape, &self.cells, "the lunchbox")?;
        let n = shape.value_count();
        at_most(&self.cells, n, |len| {
            format!("a lunchbox of {len} cells needs more than the digits 1..{n}")
        })?;
        if self.cells.len() < 2 {
            return Err("a lunchbox needs at least 2 cells".into());
        }
        if shape.values().min < 0 {
            return Err(format!(
                "a lunchbox adds values of at least 0; the smallest value here is {}",
                shape.values().min
            ));
        }
        Ok(())
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::houses(shape, &self.cells)
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        all_different::groups(shape, &self.cells)
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let (target, cap) = (self.sum, self.sum + 1);
        let all = self.cells.iter().fold(0, |m, &c| m | cands(c));
        // the state holds values (validation keeps them at least 0): bit i is the value
        // i + the smallest
        let lo = shape.values().min as usize;
        let (floor, top) = (
            all.trailing_zeros() as usize + lo,
            63 - all.leading_zeros() as usize + lo,
        );
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            None,
            move |_, &s: &State, d| step(s, d.index() + lo, cap, floor, top),
            // every state made passed `fits`, so an exact between-sum is one of different
            // digits between the extremes
            |s| matches!(s, Some((_, _, _, b, _, _, _)) if *b == target),
        )))
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        // per pair of extremes (a, b): the union over the pairs of what each reading allows
        // (cheaper than the diagram of `diagram`, whose states carry the extremes: 0.58× to
        // 1.12× the instructions of the whole solve on ISS's lunchbox examples, BENCHMARKS.md)
        let cols = shape.cols();
        let vmin = shape.values().min as usize;
        let k = self.cells.len();
        let masks: Vec<Mask> = self.cells.iter().map(|c| cands[c.position(cols)]).collect();
        let all = masks.iter().fold(0, |m, &x| m | x);
        let mut keep = vec![0; k];
        for a in digits(all).map(Digit::index) {
            for b in digits(all).map(Digit::index).filter(|&b| b > a) {
                // the other k − 2 cells hold different values strictly between a and b
                if k.saturating_sub(2) > b - a - 1 {
                    continue;
                }
                if let Some(sup) = supported_with_extremes(&masks, (a, b), vmin, self.sum) {
                    keep.iter_mut().zip(sup).for_each(|(m, s)| *m |= s);
                }
            }
        }
        for (c, m) in self.cells.iter().zip(keep) {
            cands[c.position(cols)] &= m;
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        if enc.value_count() < crate::cell::MAX_SIZE {
            encode_by_extremes(enc, &self.cells, self.sum);
        } else if let Some(diagram) = self.diagram(enc.shape(), &|c| enc.candidates(c)) {
            // 64 values leave no choice index for "an extreme" in a 64-bit mask: the exact
            // diagram of the values (module docs), larger but as sound
            diagram.encode(enc);
        }
        if self.cells.len() == enc.shape().value_count() && enc.shape().value_count() >= 2 {
            // N different digits hold 1 and N: the smallest and largest are the crusts of a
            // sandwich, and the diagram (cell by cell) does not know the filling differs
            super::fillings::crust_distances(enc, &self.cells, self.sum);
            // and the filling's digit set, as for a sandwich (`fillings`): beside the
            // extremes' encoding, which stays whole
            super::fillings::encode(enc, &self.cells, self.sum);
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        check_distinct(grid, self.cells.iter().copied(), "the lunchbox")
            .map_err(|e| e.to_string())?;
        let vs = values_of(shape, grid, &self.cells);
        let at = |v: i64| vs.iter().position(|&x| x == v).unwrap();
        let (lo, hi) = (at(*vs.iter().min().unwrap()), at(*vs.iter().max().unwrap()));
        let s: i64 = vs[lo.min(hi) + 1..lo.max(hi)].iter().sum();
        if s == self.sum as i64 {
            Ok(())
        } else {
            Err(format!(
                "the lunchbox at {} holds {s} between its smallest and largest values, not {}",
                self.cells[0], self.sum
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(rc: &[(usize, usize)], sum: usize) -> Vec<Constraint> {
        vec![Constraint::Lunchbox(Lunchbox {
            cells: cells(rc),
            sum,
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[(1, 1), (1, 2), (1, 3), (1, 4)], 5));
        counts_agree(&on(&[(1, 1), (1, 2), (1, 3), (1, 4)], 0));
        counts_agree(&on(&[(1, 1), (2, 2), (3, 3)], 2));
        counts_agree_6x6(on(&[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)], 7));
        counts_agree_6x6(on(&[(2, 1), (3, 2), (4, 3), (5, 4)], 3));
        // full rows: once 1 and 6 are both seen the state forgets the sum after them
        counts_agree_6x6(on(&[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)], 0));
        counts_agree_6x6(on(&[(3, 6), (3, 5), (3, 4), (3, 3), (3, 2), (3, 1)], 10));
    }

    /// On the values 0-3 the extremes and the sum are values: 0 can be the smallest, and a
    /// 0 between the extremes adds nothing. Without simplification too: the clauses alone
    /// (no restriction before the search) say everything.
    #[test]
    fn values_from_zero_count_like_brute_force() {
        use crate::geometry::{Digit, Values};
        use crate::grid::Grid;
        use crate::puzzle::Puzzle;
        let shape = Shape::new(4)
            .unwrap()
            .with_values(Values { min: 0, count: 4 })
            .unwrap();
        let mut givens = Grid::empty_rect(4, 4);
        givens.set(Cell::new(4, 4), Some(Digit::new(2)));
        let cases: [(&[(usize, usize)], usize); 5] = [
            (&[(1, 1), (1, 2), (1, 3)], 1),
            (&[(1, 1), (1, 2), (1, 3), (1, 4)], 3),
            (&[(1, 1), (1, 2), (1, 3), (1, 4)], 0),
            (&[(2, 1), (3, 2), (4, 3)], 0),
            (&[(1, 4), (2, 3), (3, 2), (4, 1)], 1),
        ];
        for (rc, sum) in cases {
            let p = Puzzle::new(shape.clone(), givens.clone(), on(rc, sum)).unwrap();
            let found = assert_count_matches(&p, 1000);
            assert!(found > 0, "{rc:?} {sum}");
            complete_without_simplification(&p);
        }
    }

    /// Sums from the least to the most a filling can make, on paths of every length.
    #[test]
    fn every_sum_on_a_6x6_path_matches_brute_force() {
        let path = [(1, 1), (2, 2), (3, 3), (3, 4), (2, 5)];
        for sum in [0, 2, 5, 9, 12] {
            counts_agree_6x6(on(&path, sum));
        }
        counts_agree_6x6(on(&[(4, 1), (4, 2)], 0));
    }

    /// The restriction keeps every digit some filling of the cells uses (sound). Per pair of
    /// extremes it bounds the cells between by the least and most sums of different values,
    /// so it may keep a digit no filling uses (the five-cell diagonal: 2 at r2c2, whose
    /// fillings would need two more different values in too small a range); on the others
    /// it removes exactly the unused ones.
    #[test]
    fn restriction_keeps_the_digits_of_fillings() {
        use crate::geometry::full_mask;
        let shape = Shape::new(6).unwrap();
        // (cells, sum, whether the restriction is exact there)
        type Case = (&'static [(usize, usize)], usize, bool);
        let cases: [Case; 6] = [
            (&[(1, 1), (1, 2), (1, 3), (1, 4)], 0, true),
            (&[(1, 1), (1, 2), (1, 3), (1, 4)], 9, true),
            (&[(2, 1), (2, 2), (3, 3)], 5, true),
            (&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)], 12, false),
            (&[(1, 6), (2, 5)], 0, true),
            (&[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)], 14, true),
        ];
        let mut removed = 0;
        for (rc, sum, exact) in cases {
            let lunchbox = Lunchbox {
                cells: cells(rc),
                sum,
            };
            let mut cands = vec![full_mask(6); 36];
            lunchbox.restrict(&shape, &mut cands);
            // every filling of the cells with different digits 1..=6, checked directly
            let k = rc.len();
            let mut used = vec![0u64; k];
            let mut digits = vec![1usize; k];
            loop {
                let distinct = (0..k).all(|i| !digits[..i].contains(&digits[i]));
                if distinct {
                    let at = |v: usize| digits.iter().position(|&x| x == v).unwrap();
                    let (lo, hi) = (
                        at(*digits.iter().min().unwrap()),
                        at(*digits.iter().max().unwrap()),
                    );
                    if digits[lo.min(hi) + 1..lo.max(hi)].iter().sum::<usize>() == sum {
                        for (u, &d) in used.iter_mut().zip(&digits) {
                            *u |= 1 << (d - 1);
                        }
                    }
                }
                // next tuple, odometer-style
                let Some(i) = (0..k).rev().find(|&i| digits[i] < 6) else {
                    break;
                };
                digits[i] += 1;
                digits[i + 1..].iter_mut().for_each(|d| *d = 1);
            }
            removed += used.iter().filter(|&&u| u != full_mask(6)).count();
            for (i, c) in lunchbox.cells.iter().enumerate() {
                let kept = cands[c.position(6)];
                assert_eq!(kept & used[i], used[i], "{rc:?} {sum}: {c} lost a digit");
                if exact {
                    assert_eq!(kept, used[i], "{rc:?} {sum}: {c}");
                }
            }
        }
        // the cases rule digits out somewhere: the exact ones test removal, not only keeping
        assert!(removed > 5, "{removed}");
    }

    /// Under an or's guard the selectors and the reading are the branch's own.
    #[test]
    fn lunchboxes_as_branches_of_an_or_match_brute_force() {
        let or: Constraint = serde_json::from_str(
            r#"{"type":"or","of":[
                {"type":"lunchbox","cells":["r1c1","r2c2","r3c3"],"sum":2},
                {"type":"lunchbox","cells":["r1c4","r2c3","r3c2","r4c1"],"sum":0}]}"#,
        )
        .unwrap();
        counts_agree(std::slice::from_ref(&or));
    }

    #[test]
    fn fits_knows_the_sums_of_different_digits_between_the_extremes() {
        assert!(fits(1, 9, 0, 0));
        assert!(!fits(1, 9, 0, 1));
        assert!(fits(1, 9, 3, 21)); // 8 + 7 + 6
        assert!(!fits(1, 9, 3, 22));
        assert!(fits(1, 9, 3, 9)); // 2 + 3 + 4
        assert!(!fits(1, 9, 3, 8));
        assert!(fits(3, 6, 2, 9)); // 4 + 5
        assert!(!fits(3, 6, 3, 9)); // only 4 and 5 lie between 3 and 6
        assert!(!fits(4, 5, 1, 4));
    }

    #[test]
    fn the_rule_is_enforced() {
        // row 1 of FOUR: 1 2 3 4, between 1 and 4: 5
        let r = on(&[(1, 1), (1, 2), (1, 3), (1, 4)], 5);
        assert_checker(&r, FOUR, "2143341212344321");
    }

    #[test]
    fn too_few_and_too_many_cells_are_refused() {
        assert!(invalid(&on(&[(1, 1)], 0)[0], 4).contains("at least 2"));
        let five = on(&[(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)], 0);
        assert!(invalid(&five[0], 4).contains("5 cells"));
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "lunchbox", "cells": ["r1c1", "r1c2", "r1c3"], "sum": 0}"#);
    }
}
