//! Sum line (ISS "SumLine"): the line can be divided into segments, each summing to the
//! line's value. Read from the first cell, each segment is the shortest run that reaches
//! the value (digits are positive, so a run that reaches it must end there).
//!
//! A loop (`"loop": true`, ISS's `LOOP`) is read around and around: the cells are listed
//! once, the last one followed by the first, and one segment may wrap from the end of the
//! list to its start. It holds when some start inside the loop divides it into segments
//! that each add up to the value: equivalently, when for some p0 in 0..value (the part of
//! the wrapping segment at the end of the list), reading the list from an open sum of p0
//! closes every segment and ends with p0 open again.
//!
//! JSON: `{"type": "sum-line", "cells": [...], "sum": 10}`, plus `"loop": true` for a loop
//! (listed without repeating its first cell; a loop's value is at most 128). Each cell once.
//!
//! On a grid of values from 0 (`0-8`) the segments add up values, not digit indices: a 0
//! adds nothing, so it belongs to the segment before it or after it alike, and reading
//! closes a segment as soon as it reaches the value (as ISS reads it: a line of zeros
//! only, which reaches no value, holds). Negative values are refused: a segment that
//! overshoots could come back down, and "the shortest run that reaches the value" would no
//! longer decide the division.
//!
//! CNF: a layered diagram along the line whose state is the sum of the open segment: digit
//! d moves p to p + d, to 0 when p + d is the value, and nowhere above it; the line ends in
//! state 0. Clauses as in [`crate::cnf::sum::mdd`]. A loop is a cycle of open sums, one
//! per cell, the one before the first cell being the one after the last, each cell's digit
//! moving it on (`encode_cyclic`). A loop's candidates are pruned before through a diagram
//! that chooses p0 first (states (p0, open sum); see `Loop`).

use super::cell_lists::{line, values_of};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{full_mask, Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A sum line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SumLine {
    /// The cells in order along the line.
    pub cells: Vec<Cell>,
    /// What every segment sums to.
    pub sum: usize,
    /// The line is a loop: its last cell is followed by its first.
    #[serde(default, rename = "loop", skip_serializing_if = "std::ops::Not::not")]
    pub is_loop: bool,
}

/// Largest value of a loop (its states hold a set of open sums as bits).
const MAX_LOOP_SUM: usize = 128;

/// Largest loop value whose open sums are at most one per cell by pairwise clauses at every
/// cell (`encode_cyclic`); above, at the first cell only.
const AMO_EVERYWHERE: usize = 16;

/// Whether `digits` divide into segments of `sum`, read from an open sum of `p0` and ending
/// with `p0` open (the checker's direct reading).
fn splits(digits: &[usize], sum: usize, p0: usize) -> bool {
    let mut open = p0;
    for &v in digits {
        open += v;
        if open > sum {
            return false;
        }
        if open == sum {
            open = 0;
        }
    }
    open == p0
}

/// Largest loop value whose candidates are pruned through [`by_start`]: its first layer
/// chooses among the value's open sums, one bit of a [`Mask`] each.
const MAX_START_CHOICES: usize = 64;

/// A loop's two diagrams. Both are exact (a digit survives when some reading of the whole
/// loop uses it), but they cost differently. Pruning runs on the grid's first candidates,
/// where the live-set states of [`by_live_starts`] multiply (ISS's 54-cell loop of 10: 19.8
/// thousand states built, 121 thousand edges), so it goes through [`by_start`] (at most
/// value² states a layer); the live sets prune loops of larger values. Neither encodes: the
/// clauses are the cycle of open sums of [`encode_cyclic`] (the live sets' clauses, over the
/// pruned candidates, took 2.2× its clauses and 1.8× its instructions on that loop; those of
/// [`by_start`] had the chosen start as one more decision to make).
struct Loop {
    cells: Vec<Cell>,
    target: usize,
    /// The grid's smallest value (digit index 0 stands for it).
    lo: usize,
}

impl Diagram for Loop {
    fn restrict(&self, n: usize, cands: &mut [Mask]) {
        let now = cands.to_vec();
        let at = |c: Cell| now[c.position(n)];
        let value = |d: Digit| d.index() + self.lo;
        if self.target <= MAX_START_CHOICES {
            let mdd = by_start(&self.cells, &at, self.target, value);
            // layer 0 chooses the start; layer i + 1 reads cell i
            for (i, cell) in self.cells.iter().enumerate() {
                cands[cell.position(n)] &= mdd.supported(i + 1);
            }
        } else {
            by_live_starts(&self.cells, &at, self.target, value).restrict(n, cands);
        }
    }
    fn encode(&self, enc: &mut Encoder) {
        encode_cyclic(enc, &self.cells, self.target, self.lo);
    }
}

/// A loop as a cycle of open sums: o(i,s) "after cell i the open segment holds s" (s in
/// 0..value), one per cell, the state before cell 0 being the one after the last cell. A
/// reading is then a choice of open sums all around that each cell's digit moves from one
/// to the next: `o(i-1,s) ∧ x(c_i,d) -> o(i, s+v)` (0 when s + v is the value), and
/// `o(i-1,s) -> ¬x(c_i,d)` above it; backward, `o(i,t) ∧ x(c_i,d) -> o(i-1, t-v)` (value − v
/// from 0). At most one open sum per cell: with two, the moves around could close into a
/// cycle of several turns, which is not a reading of the loop once. One cell with one open
/// sum is enough for that (each move is one-to-one, so the open sums after it come back to
/// the same one), and past [`AMO_EVERYWHERE`] only the first cell gets the pairwise clauses.
///
/// Against the live-set diagram ([`by_live_starts`]), which encoded loops before, ISS's
/// 54-cell loop of 10: 13,967 clauses instead of 30,433, 0.55× the instructions
/// (BENCHMARKS.md, "A sum-line loop as a cycle of open sums").
fn encode_cyclic(enc: &mut Encoder, cells: &[Cell], target: usize, lo: usize) {
    let len = cells.len();
    let o: Vec<Vec<Term>> = (0..len)
        .map(|_| (0..target).map(|_| Term::Lit(enc.new_lit())).collect())
        .collect();
    for (k, row) in o.iter().enumerate() {
        // o(i,0) ∨ … ∨ o(i,value-1)
        enc.clause(row.iter().copied());
        if k > 0 && target > AMO_EVERYWHERE {
            continue;
        }
        // at most one
        for (a, &x) in row.iter().enumerate() {
            for &y in &row[a + 1..] {
                enc.clause([!x, !y]);
            }
        }
    }
    for (i, &c) in cells.iter().enumerate() {
        let before = &o[(i + len - 1) % len];
        let after = &o[i];
        let mut digits = enc.candidates(c);
        while digits != 0 {
            let d = Digit::new(digits.trailing_zeros() as usize + 1);
            digits &= digits - 1;
            let x = enc.x(c, d);
            let v = d.index() + lo;
            for (s, &from) in before.iter().enumerate() {
                if s + v > target {
                    // o(i-1,s) -> ¬x(c_i,d): the segment would pass the value
                    enc.clause([!from, !x]);
                } else {
                    let t = if s + v == target { 0 } else { s + v };
                    // o(i-1,s) ∧ x(c_i,d) -> o(i,t)
                    enc.clause([!from, !x, after[t]]);
                }
            }
            for (t, &to) in after.iter().enumerate() {
                // the open sum before: t - v, or value - v when the digit closed a segment
                let s = if t > 0 || v == 0 {
                    t.checked_sub(v)
                } else {
                    target.checked_sub(v)
                };
                match s {
                    // o(i,t) ∧ x(c_i,d) -> o(i-1,s)
                    Some(s) => enc.clause([!to, !x, before[s]]),
                    // o(i,t) -> ¬x(c_i,d): no open sum leads there
                    None => enc.clause([!to, !x]),
                }
            }
        }
    }
}

/// A loop read from a chosen start: an extra first layer chooses p0 (the open sum before the
/// first cell), and the state (p0, open sum) then reads the cells; the loop closes when the
/// open sum is p0 again. For pruning only (its layers are not cells).
fn by_start(
    cells: &[Cell],
    cands: &dyn Fn(Cell) -> Mask,
    target: usize,
    value: impl Fn(Digit) -> usize,
) -> Mdd<(usize, usize)> {
    let mut masks = vec![full_mask(target)];
    masks.extend(cells.iter().map(|&c| cands(c)));
    Mdd::build_layers(
        masks,
        // (target, target): the start, before p0 is chosen
        (target, target),
        // layer 0: choice k is p0 = k; then p -d-> p + d, closing at the value (0),
        // rejected above it
        move |i, &(p0, open), d| {
            if i == 0 {
                return Some((d.index(), d.index()));
            }
            let q = open + value(d);
            (q <= target).then_some((p0, if q == target { 0 } else { q }))
        },
        |&(p0, open)| open == p0,
    )
}

/// A loop of any value up to [`MAX_LOOP_SUM`]: the state is (the total read so far mod the
/// value, the set of starting sums p0 that have not overshot): with p0, the open sum is (p0 +
/// total) mod value and digit d keeps p0 alive when it does not exceed the value; the loop
/// ends with the total a multiple of the value and some p0 alive.
fn by_live_starts(
    cells: &[Cell],
    cands: &dyn Fn(Cell) -> Mask,
    target: usize,
    value: impl Fn(Digit) -> usize,
) -> Mdd<(usize, u128)> {
    let all: u128 = if target == 128 {
        u128::MAX
    } else {
        (1u128 << target) - 1
    };
    Mdd::build(
        cells,
        cands,
        (0usize, all),
        // (total mod value, live p0): p0's open sum (p0 + total) mod value may take d when
        // it stays within the value; none live: rejected
        move |_, &(t, live), d| {
            let d = value(d);
            let mut next = 0u128;
            for p0 in (0..target).filter(|p| live >> p & 1 == 1) {
                if (p0 + t) % target + d <= target {
                    next |= 1 << p0;
                }
            }
            (next != 0).then_some(((t + d) % target, next))
        },
        |&(t, live)| t == 0 && live != 0,
    )
}

impl Rule for SumLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line(shape, &self.cells, 1)?;
        if self.sum == 0 {
            return Err("a sum line's sum must be at least 1".into());
        }
        if shape.values().min < 0 {
            return Err(format!(
                "a sum line needs values of at least 0 (its segments are read while they \
                 grow); the smallest value here is {}",
                shape.values().min
            ));
        }
        if self.is_loop && self.sum > MAX_LOOP_SUM {
            return Err(format!(
                "a sum line loop's sum is at most {MAX_LOOP_SUM} (this one is {})",
                self.sum
            ));
        }
        Ok(())
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let target = self.sum;
        // the value a digit index stands for (validation keeps it ≥ 0)
        let lo = shape.values().min as usize;
        let value = move |d: Digit| d.index() + lo;
        if self.is_loop {
            // each of its diagrams is built where it is used, from the candidates there
            return Some(Box::new(Loop {
                cells: self.cells.clone(),
                target,
                lo,
            }));
        }
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            0usize,
            // p -d-> p + d, closing the segment (0) at the value; above it: rejected
            move |_, &p, d| {
                let q = p + value(d);
                (q <= target).then_some(if q == target { 0 } else { q })
            },
            |&p| p == 0,
        )))
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        // validation keeps the values at least 0
        let line: Vec<usize> = values_of(shape, grid, &self.cells)
            .into_iter()
            .map(|v| v as usize)
            .collect();
        if self.is_loop {
            let digits = line;
            return if (0..self.sum).any(|p0| splits(&digits, self.sum, p0)) {
                Ok(())
            } else {
                Err(format!(
                    "the sum line loop at {} does not divide into segments of {}",
                    self.cells[0], self.sum
                ))
            };
        }
        let mut open = 0;
        for (&c, v) in self.cells.iter().zip(line) {
            open += v;
            if open > self.sum {
                return Err(format!(
                    "the sum line's segment ending at {c} sums to {open}, over {}",
                    self.sum
                ));
            }
            if open == self.sum {
                open = 0;
            }
        }
        if open != 0 {
            return Err(format!(
                "the sum line at {} ends with a segment summing to {open}, not {}",
                self.cells[0], self.sum
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(rc: &[(usize, usize)], sum: usize) -> Vec<Constraint> {
        vec![Constraint::SumLine(SumLine {
            cells: cells(rc),
            sum,
            is_loop: false,
        })]
    }

    fn ring(rc: &[(usize, usize)], sum: usize) -> Vec<Constraint> {
        vec![Constraint::SumLine(SumLine {
            cells: cells(rc),
            sum,
            is_loop: true,
        })]
    }

    #[test]
    fn loops_match_brute_force() {
        let square = [(1, 1), (1, 2), (2, 2), (2, 1)];
        for sum in [5, 7, 10] {
            counts_agree(&ring(&square, sum));
        }
        counts_agree(&ring(&[(2, 2), (2, 3), (3, 3), (3, 2), (4, 2), (4, 1)], 6));
    }

    /// Values above [`AMO_EVERYWHERE`]: at most one open sum at the first cell only.
    #[test]
    fn loops_of_large_values_match_brute_force() {
        // a ring of eight cells around r3c3 on 6×6: totals up to 48
        let ring8 = [
            (2, 2),
            (2, 3),
            (2, 4),
            (3, 4),
            (4, 4),
            (4, 3),
            (4, 2),
            (3, 2),
        ];
        // 18 and 20: without the first cell's at-most-one, open sums that close only after
        // two turns (a total of 27, 30) let fillings through that no reading accepts
        for sum in [17, 18, 20] {
            counts_agree_6x6(ring(&ring8, sum));
        }
    }

    /// The digits of each cell that some reading of the loop over `cands` uses, by
    /// enumerating every digit sequence and asking [`splits`] (the checker's reading).
    fn supported_by_brute_force(cands: &[Mask], sum: usize, lo: usize) -> Vec<Mask> {
        let mut out = vec![0; cands.len()];
        let mut seq = vec![0usize; cands.len()];
        fn walk(
            i: usize,
            cands: &[Mask],
            seq: &mut [usize],
            sum: usize,
            lo: usize,
            out: &mut [Mask],
        ) {
            if i == cands.len() {
                let values: Vec<usize> = seq.iter().map(|&d| d + lo).collect();
                if (0..sum).any(|p0| splits(&values, sum, p0)) {
                    for (o, &d) in out.iter_mut().zip(seq.iter()) {
                        *o |= 1 << d;
                    }
                }
                return;
            }
            for d in (0..64).filter(|d| cands[i] >> d & 1 == 1) {
                seq[i] = d;
                walk(i + 1, cands, seq, sum, lo, out);
            }
        }
        walk(0, cands, &mut seq, sum, lo, &mut out);
        out
    }

    #[test]
    fn both_loop_diagrams_prune_exactly() {
        // five cells in a row of a 5×5 grid; candidates drawn by a fixed LCG, values from
        // `lo` (0 and 1)
        let cells: Vec<Cell> = (0..5).map(|c| Cell::from_index(0, c)).collect();
        let mut seed = 0x2545_f491_u64;
        let mut draw = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as Mask
        };
        for round in 0..120 {
            let sum = 3 + round % 9;
            let lo = round % 2;
            let cands: Vec<Mask> = (0..5).map(|_| draw() & 0b11111).collect();
            let at = |c: Cell| cands[c.c()];
            let expected = supported_by_brute_force(&cands, sum, lo);
            let start = by_start(&cells, &at, sum, |d| d.index() + lo);
            let live = by_live_starts(&cells, &at, sum, |d| d.index() + lo);
            let from_start: Vec<Mask> = (0..5).map(|i| start.supported(i + 1)).collect();
            let from_live: Vec<Mask> = (0..5).map(|i| live.supported(i)).collect();
            assert_eq!(
                from_start, expected,
                "by start, sum {sum}, from {lo}, {cands:?}"
            );
            assert_eq!(
                from_live, expected,
                "live sets, sum {sum}, from {lo}, {cands:?}"
            );
        }
    }

    #[test]
    fn a_loop_may_wrap() {
        // 2 3 3 4 around, segments of 6: 4 + 2 wraps, 3 + 3; read as a line it fails
        assert!(!splits(&[2, 3, 3, 4], 6, 0));
        assert!(splits(&[2, 3, 3, 4], 6, 4));
        // FOUR: r1c3 r2c3 r2c2 r1c2 read 3 1 4 2: 1 + 4 and 2 + 3 (wrapping) make 5; as a
        // line (3 + 1 + 4 > 5) it does not hold. The other grid reads 3 1 4 1.
        let square = [(1, 3), (2, 3), (2, 2), (1, 2)];
        assert_checker(&ring(&square, 5), FOUR, "2134341212434321");
        assert!(on(&square, 5)[0]
            .check(&Shape::new(4).unwrap(), &grid(FOUR))
            .is_err());
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[(1, 1), (1, 2), (2, 3), (3, 3)], 5));
        counts_agree(&on(&[(1, 1), (2, 1), (3, 1)], 4));
        counts_agree(&on(&[(2, 2), (3, 3)], 3));
    }

    #[test]
    fn the_rule_is_enforced() {
        // 1 2 3 4 in a row: 1+2 = 3, then 3 alone
        let r = on(&[(1, 1), (1, 2), (1, 3)], 3);
        assert_checker(&r, "1234341221434321", "2143341212344321");
        assert!(count(&puzzle(EMPTY4, r), 300) > 0);
    }

    #[test]
    fn loops_and_zero_are_refused() {
        assert_refuses_revisit(|rc| on(rc, 5));
        assert!(invalid(&on(&[(1, 1)], 0)[0], 4).contains("at least 1"));
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "sum-line", "cells": ["r1c1", "r1c2"], "sum": 10}"#);
        round_trip(r#"{"type": "sum-line", "cells": ["r1c1", "r1c2"], "sum": 10, "loop": true}"#);
        assert!(invalid(&ring(&[(1, 1), (1, 2)], 129)[0], 4).contains("at most 128"));
    }
}
