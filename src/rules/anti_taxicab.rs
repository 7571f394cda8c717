//! Anti-taxicab (ISS "AntiTaxicab"): a cell holding digit x has no cell at taxicab
//! (Manhattan) distance exactly x that also holds x. Global: no fields.
//!
//! CNF: for every digit x and every pair of cells at distance x: `x(a,x) -> !x(b,x)`
//! (binary clauses, (R·C)²/2 pairs at most). The distances run over the grid as it is, so a
//! rectangle's rows of C and columns of R cells.

use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The anti-taxicab rule (no fields).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AntiTaxicab {}

/// The taxicab distance of two cells.
fn distance(a: Cell, b: Cell) -> usize {
    a.r().abs_diff(b.r()) + a.c().abs_diff(b.c())
}

/// Each pair of cells of the grid of `shape` (square or not) once, a before b in reading
/// order, with its distance when that distance is a digit (at most the number of values).
fn pairs(shape: &Shape) -> impl Iterator<Item = (Cell, Cell, usize)> {
    let cells: Vec<Cell> = shape.cells().collect();
    let most = shape.value_count();
    (0..cells.len()).flat_map(move |i| {
        let cells = cells.clone();
        (i + 1..cells.len()).filter_map(move |j| {
            let d = distance(cells[i], cells[j]);
            (d <= most).then_some((cells[i], cells[j], d))
        })
    })
}

impl Rule for AntiTaxicab {
    fn validate(&self, _shape: &Shape) -> Result<(), String> {
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        for (a, b, d) in pairs(enc.shape()) {
            let d = Digit::new(d);
            // x(a,d) -> !x(b,d): the same digit d never d apart
            enc.clause([!enc.x(a, d), !enc.x(b, d)]);
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        for (a, b, d) in pairs(shape) {
            if grid.digit(a).get() == d && grid.digit(b).get() == d {
                return Err(format!("{a} and {b} both hold {d}, {d} steps apart"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule() -> Vec<Constraint> {
        vec![Constraint::AntiTaxicab(AntiTaxicab {})]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule()); // 0 on 4×4 (below), some on 6×6
    }

    #[test]
    fn the_rule_is_enforced() {
        // no 4×4 grid keeps it; a 6×6 one does. SIX has the 1s at r1c1 and r2c5: distance 5
        // is fine, but its 2s at r1c2 and r3c1 are 2 apart.
        let p = puzzle(&".".repeat(36), rule());
        assert_eq!(count(&puzzle(EMPTY4, rule()), 10), 0);
        let kept = crate::solve::some_solution(&p).unwrap().unwrap();
        let kept: String = kept
            .cells()
            .iter()
            .map(|d| d.unwrap().to_string())
            .collect();
        assert_checker(&rule(), &kept, SIX);
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "anti-taxicab"}"#);
    }
}
