//! Lines that rise from the bulb: each digit at least `step` above the one before
//! (thermometer: 1, slow thermometer: 0).

use crate::cnf::order::{at_least, Ladder};
use crate::cnf::Encoder;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::rules::cell_lists::values;

/// A ladder y(c,k) = "c ≥ k" per cell and, per edge a → b, `y(a,k) -> y(b,k+step)`:
/// N clauses per edge, and unit propagation moves bounds both ways along the line.
pub fn encode(enc: &mut Encoder, cells: &[Cell], step: isize) {
    let ladders: Vec<Ladder> = cells.iter().map(|&c| enc.ladder(c)).collect();
    for w in ladders.windows(2) {
        // y(a,k) -> y(b,k+step): b ≥ a + step
        at_least(enc, &w[0], &w[1], step);
    }
}

/// Errors on the first edge a → b with b < a + step; `fails` words the failure ("is not
/// below") and `line` names the line.
pub fn check(
    grid: &Grid,
    cells: &[Cell],
    step: usize,
    fails: &str,
    line: &str,
) -> Result<(), String> {
    let vs = values(grid, cells);
    for (i, w) in vs.windows(2).enumerate() {
        if w[1] < w[0] + step {
            let (a, b) = (cells[i], cells[i + 1]);
            return Err(format!(
                "{a} = {} {fails} {b} = {} on the {line}",
                w[0], w[1]
            ));
        }
    }
    Ok(())
}
