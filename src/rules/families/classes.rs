//! Lines whose every three consecutive cells hold digits of three different classes
//! (modular line: the remainder modulo 3; entropic line: low, middle or high third).

use crate::cnf::class::{different_classes, memberships};
use crate::cnf::Encoder;
use crate::geometry::Mask;
use crate::geometry::{Cell, Digit};
use crate::grid::Grid;
use crate::rules::cell_lists::{values, windows};

/// Membership terms t(c,k) ("c holds a digit of class k", `class` of a digit 1..=N being
/// 0, 1 or 2) and, per window of three cells, different classes.
pub fn encode(enc: &mut Encoder, cells: &[Cell], class: impl Fn(usize) -> usize) {
    let n = enc.value_count();
    let masks: Vec<Mask> = (0..3)
        .map(|k| {
            (1..=n)
                .filter(|&d| class(d) == k)
                .fold(0, |m, d| m | Digit::new(d).bit())
        })
        .collect();
    let members = memberships(enc, cells, &masks);
    for w in windows(cells.len(), 3) {
        let window: Vec<&[_]> = members[w].iter().map(Vec::as_slice).collect();
        // t(a,k) -> !t(b,k); three cells: t(a,k) ∨ t(b,k) ∨ t(c,k)
        different_classes(enc, &window);
    }
}

/// Errors on the first two cells of a window in the same class; `same` words it ("are
/// equal modulo 3").
pub fn check(
    grid: &Grid,
    cells: &[Cell],
    class: impl Fn(usize) -> usize,
    same: &str,
) -> Result<(), String> {
    let vs = values(grid, cells);
    for w in windows(vs.len(), 3) {
        for i in w.clone() {
            for j in i + 1..w.end {
                if class(vs[i]) == class(vs[j]) {
                    let (a, b) = (cells[i], cells[j]);
                    return Err(format!("{a} = {} and {b} = {} {same}", vs[i], vs[j]));
                }
            }
        }
    }
    Ok(())
}
