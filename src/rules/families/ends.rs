//! Lines whose interior digits are judged against the digits of the two ends (between
//! lines, lockout lines): the ends get order ladders, each interior digit a pair of clauses
//! over them, and the checker compares each interior digit with the ends.

use crate::cnf::order::Ladder;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit};
use crate::grid::Grid;
use crate::rules::cell_lists::values;

/// The cells strictly between the two ends.
pub fn interior(cells: &[Cell]) -> &[Cell] {
    &cells[1..cells.len() - 1]
}

/// Order ladders a and b on the two ends (`cnf::order`) and, for each interior cell m and
/// digit d, the clauses `x(m,d) -> p ∨ q` for each `[p, q]` of `forbid(a, b, d)`. Nothing
/// when the line has no interior.
pub fn encode(
    enc: &mut Encoder,
    cells: &[Cell],
    forbid: impl Fn(&Ladder, &Ladder, isize) -> [[Term; 2]; 2],
) {
    if interior(cells).is_empty() {
        return;
    }
    let a = enc.ladder(cells[0]);
    let b = enc.ladder(cells[cells.len() - 1]);
    for &m in interior(cells) {
        for d in 1..=enc.value_count() {
            let x = enc.x(m, Digit::new(d));
            for [p, q] in forbid(&a, &b, d as isize) {
                // x(m,d) -> p ∨ q
                enc.clause([!x, p, q]);
            }
        }
    }
}

/// Errors on the first interior digit v that `fits(lo, hi, v)` refuses, `lo` and `hi` being
/// the ends' digits in order; `fails` words the failure ("is not strictly between").
pub fn check(
    grid: &Grid,
    cells: &[Cell],
    fits: impl Fn(usize, usize, usize) -> bool,
    fails: &str,
) -> Result<(), String> {
    let vs = values(grid, cells);
    let (x, y) = (vs[0], vs[vs.len() - 1]);
    let (lo, hi) = (x.min(y), x.max(y));
    for (i, &v) in vs.iter().enumerate().take(vs.len() - 1).skip(1) {
        if !fits(lo, hi, v) {
            return Err(format!("{} = {v} {fails} the ends {lo} and {hi}", cells[i]));
        }
    }
    Ok(())
}
