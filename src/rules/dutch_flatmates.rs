//! Dutch flatmates (ISS "DutchFlatmates"): every middle value (5 of 1-9; ⌈V/2⌉ of the values
//! 1..V in general, as ISS computes it from the number of values, not the side: 5 on a 7×7
//! holding 1-9) has a 1 directly above it or a V (9) directly below it, or both.
//! Global: no fields.
//!
//! CNF: per cell, `x(c,mid) -> x(above,1) ∨ x(below,N)` (a missing neighbour at the grid's
//! edge leaves its term out).

use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The Dutch flatmates rule (no fields).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DutchFlatmates {}

/// The cells above and below `c` in a grid of `rows` rows, where they exist.
fn flatmates(c: Cell, rows: usize) -> (Option<Cell>, Option<Cell>) {
    let above = (c.r() > 0).then(|| Cell::from_index(c.r() - 1, c.c()));
    let below = (c.r() + 1 < rows).then(|| Cell::from_index(c.r() + 1, c.c()));
    (above, below)
}

impl Rule for DutchFlatmates {
    fn validate(&self, _shape: &Shape) -> Result<(), String> {
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        let (n, shape) = (enc.value_count(), enc.shape());
        let (mid, one, top) = (Digit::new(n.div_ceil(2)), Digit::new(1), Digit::new(n));
        for c in shape.cells() {
            let (above, below) = flatmates(c, shape.rows());
            // x(c,mid) -> x(above,1) ∨ x(below,N)
            let mut terms = vec![!enc.x(c, mid)];
            terms.extend(above.map(|a| enc.x(a, one)));
            terms.extend(below.map(|b| enc.x(b, top)));
            enc.clause(terms);
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let n = shape.value_count();
        let mid = n.div_ceil(2);
        for c in shape.cells() {
            if grid.digit(c).get() != mid {
                continue;
            }
            let (above, below) = flatmates(c, shape.rows());
            let ok = above.is_some_and(|a| grid.digit(a).get() == 1)
                || below.is_some_and(|b| grid.digit(b).get() == n);
            if !ok {
                return Err(format!(
                    "the {mid} at {c} has neither a 1 above it nor a {n} below it"
                ));
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
        vec![Constraint::DutchFlatmates(DutchFlatmates {})]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule());
    }

    #[test]
    fn the_rule_is_enforced() {
        // 4×4: every 2 has a 1 above or a 4 below. FOUR's r2c4 = 2 has neither.
        let p = puzzle(EMPTY4, rule());
        let kept = crate::solve::some_solution(&p).unwrap().unwrap();
        let kept: String = kept
            .cells()
            .iter()
            .map(|d| d.unwrap().to_string())
            .collect();
        assert_checker(&rule(), &kept, FOUR);
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "dutch-flatmates"}"#);
    }
}
