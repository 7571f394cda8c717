//! Negative constraints: orthogonal neighbours that are not exempt (listed in `except`)
//! never hold a forbidden pair of digits (non-consecutive, negative XV, negative ratio).

use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use crate::rules::cell_lists::unmarked_orthogonal_pairs;

/// For each unexempt orthogonal pair (a, b), forbidden pairs `x(a,d) -> !x(b,e)` for every
/// (d, e) that `forbidden` names (`pairs::forbid`).
pub fn encode(enc: &mut Encoder, except: &[[Cell; 2]], forbidden: impl Fn(usize, usize) -> bool) {
    for (a, b) in unmarked_orthogonal_pairs(enc.shape(), except) {
        pairs::forbid(enc, a, b, &forbidden);
    }
}

/// Errors on the first unexempt pair whose digits x and y are forbidden, worded
/// "{a} = {x} and {b} = {y} {why(x, y)}".
pub fn check(
    shape: &Shape,
    grid: &Grid,
    except: &[[Cell; 2]],
    forbidden: impl Fn(usize, usize) -> bool,
    why: impl Fn(usize, usize) -> String,
) -> Result<(), String> {
    for (a, b) in unmarked_orthogonal_pairs(shape, except) {
        let (x, y) = (grid.digit(a), grid.digit(b));
        if forbidden(x.get(), y.get()) {
            let why = why(x.get(), y.get());
            return Err(format!("{a} = {x} and {b} = {y} {why}"));
        }
    }
    Ok(())
}
