//! The extended sudoku encoding: every cell holds exactly one digit, and every house holds
//! each digit exactly once; all-different groups smaller than a house hold each digit at
//! most once.

use super::card::{at_least_one, at_most_one, exactly_one};
use super::{Encoder, Term};
use crate::geometry::{Cell, Digit};

/// Encodes the cells of the grid: each holds exactly one of its candidates.
pub fn encode_cells(enc: &mut Encoder) {
    let n = enc.size();
    let mut terms: Vec<Term> = Vec::with_capacity(n);
    for pos in 0..n * n {
        let cell = Cell::from_position(pos, n);
        terms.clear();
        terms.extend((0..n).map(|d| enc.x(cell, Digit::from_index(d))));
        // x(c,1) ∨ … ∨ x(c,N);  x(c,a) -> !x(c,b)
        exactly_one(enc, &terms);
    }
}

/// Encodes a house: each digit exactly once among `cells` (`cells.len() == N`).
pub fn encode_house(enc: &mut Encoder, cells: &[Cell]) {
    let n = enc.size();
    let mut terms: Vec<Term> = Vec::with_capacity(cells.len());
    for d in 0..n {
        let digit = Digit::from_index(d);
        terms.clear();
        terms.extend(cells.iter().map(|&c| enc.x(c, digit)));
        // x(a,d) ∨ x(b,d) ∨ … (the digit appears);  x(a,d) -> !x(b,d)
        exactly_one(enc, &terms);
    }
}

/// Encodes an all-different group smaller than a house: each digit at most once. When the
/// group has as many cells as candidate digits in total, each of those digits also appears.
pub fn encode_distinct(enc: &mut Encoder, cells: &[Cell]) {
    let n = enc.size();
    let union = cells.iter().fold(0u64, |m, &c| m | enc.candidates(c));
    let pigeonhole = union.count_ones() as usize == cells.len();
    let mut terms: Vec<Term> = Vec::with_capacity(cells.len());
    for d in 0..n {
        let digit = Digit::from_index(d);
        if union & digit.bit() == 0 {
            continue;
        }
        terms.clear();
        terms.extend(cells.iter().map(|&c| enc.x(c, digit)));
        // x(a,d) -> !x(b,d)
        at_most_one(enc, &terms);
        if pigeonhole {
            // k cells, k possible digits: every digit is used.
            at_least_one(enc, &terms);
        }
    }
}
