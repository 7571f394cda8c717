//! The extended sudoku encoding: every cell holds exactly one digit, and every house holds
//! each digit exactly once; all-different groups smaller than a house hold each digit at
//! most once.

use super::card::{at_least_one, exactly_one};
use super::{Encoder, Term};
use crate::geometry::{Cell, Digit};

/// Encodes the cells of the grid: each holds exactly one of its candidates.
pub fn encode_cells(enc: &mut Encoder) {
    let (cells, v) = (enc.candidates.len(), enc.value_count());
    let mut terms: Vec<Term> = Vec::with_capacity(v);
    for pos in 0..cells {
        if enc.candidates[pos].count_ones() == 1 {
            continue; // decided: every term is a constant, every clause satisfied
        }
        terms.clear();
        terms.extend((0..v).map(|d| enc.x_at(pos, Digit::from_index(d))));
        // x(c,1) ∨ … ∨ x(c,V);  x(c,a) -> !x(c,b)
        exactly_one(enc, &terms);
    }
}

/// Encodes a house: each digit exactly once among `cells` (`cells.len() == N`). `pairs` are
/// the cell pairs (row-major positions) whose at-most-one clauses are still to be written:
/// pairs shared with an earlier house (a box with its rows) are written once.
pub fn encode_house(enc: &mut Encoder, cells: &[Cell], pairs: &[(u16, u16)]) {
    // a house of k cells holds the first k values (all of them, unless the rules keep the
    // grid's cells to the first k of more: `Shape::houses_hold_side_values`)
    let n = enc.value_count();
    debug_assert!(cells.len() <= n, "a house holds at most every value once");
    let mut terms: Vec<Term> = Vec::with_capacity(cells.len());
    for d in 0..n {
        let digit = Digit::from_index(d);
        if d < cells.len() {
            terms.clear();
            terms.extend(cells.iter().map(|&c| enc.x(c, digit)));
            // x(a,d) ∨ x(b,d) ∨ … (the digit appears)
            at_least_one(enc, &terms);
        }
        not_both(enc, pairs, digit);
    }
}

/// `x(a,d) -> !x(b,d)` for each pair.
fn not_both(enc: &mut Encoder, pairs: &[(u16, u16)], digit: Digit) {
    for &(a, b) in pairs {
        let xa = enc.x_at(a as usize, digit);
        if xa == Term::False {
            continue;
        }
        let xb = enc.x_at(b as usize, digit);
        if xb == Term::False {
            continue;
        }
        // x(a,d) -> !x(b,d)
        enc.clause([!xa, !xb]);
    }
}

/// Encodes an all-different group smaller than a house: each digit at most once (over `pairs`,
/// the cell pairs not already covered by a house). When the group has as many cells as
/// candidate digits in total, each of those digits also appears.
pub fn encode_distinct(enc: &mut Encoder, cells: &[Cell], pairs: &[(u16, u16)]) {
    let n = enc.value_count();
    let union = cells.iter().fold(0u64, |m, &c| m | enc.candidates(c));
    let pigeonhole = union.count_ones() as usize == cells.len();
    let mut terms: Vec<Term> = Vec::with_capacity(cells.len());
    for d in 0..n {
        let digit = Digit::from_index(d);
        if union & digit.bit() == 0 {
            continue;
        }
        not_both(enc, pairs, digit);
        if pigeonhole {
            terms.clear();
            terms.extend(cells.iter().map(|&c| enc.x(c, digit)));
            // k cells, k possible digits: every digit is used.
            at_least_one(enc, &terms);
        }
    }
}

/// Every pair of `cells` as row-major positions: the `pairs` argument of [`encode_house`] and
/// [`encode_distinct`] when no earlier group covers any of them.
pub fn all_pairs(n: usize, cells: &[Cell]) -> Vec<(u16, u16)> {
    let mut out = Vec::new();
    for (i, a) in cells.iter().enumerate() {
        for b in &cells[i + 1..] {
            out.push((a.position(n) as u16, b.position(n) as u16));
        }
    }
    out
}
