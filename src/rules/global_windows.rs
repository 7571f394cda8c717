//! Rules on every 2×2 window of the grid (ISS "GlobalEntropy" and "GlobalMod"): each
//! window holds a digit of each of three classes. Global entropy: a low, a middle and a
//! high digit (the thirds of the values 1..V, so V must be a multiple of 3; ISS states it
//! for the values 1-9, on any grid: a 6×6 holding 1-9 has 1-3 low, 4-6 middle, 7-9 high).
//! Global mod: a digit of each remainder modulo 3 ({1,4,7}, {2,5,8}, {3,6,9} on 9×9; ISS
//! states it for 9×9, satdoku for any N ≥ 3).
//!
//! CNF: per window and class, `OR { x(c,d) : c in the window, d in the class }` (four
//! cells, three classes: each class at least once is the whole rule).

use super::Rule;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// Global entropy (no fields).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlobalEntropy {}

/// Global mod 3 (no fields).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlobalMod {}

/// The third (0, 1, 2) of digit `d` in 1..=n.
fn third(d: usize, n: usize) -> usize {
    (d - 1) / (n / 3)
}

/// The remainder class of `d`.
fn residue(d: usize, _n: usize) -> usize {
    d % 3
}

/// The four cells of every 2×2 window of a `rows`×`cols` grid.
fn windows(rows: usize, cols: usize) -> impl Iterator<Item = [Cell; 4]> {
    (0..rows.saturating_sub(1)).flat_map(move |r| {
        (0..cols.saturating_sub(1)).map(move |c| {
            let at = Cell::from_index;
            [at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)]
        })
    })
}

/// Each window holds a digit of each class.
fn encode(enc: &mut Encoder, class: fn(usize, usize) -> usize) {
    // the classes split the values 1..=V (digit indices), not the side
    let n = enc.value_count();
    let shape = enc.shape();
    for w in windows(shape.rows(), shape.cols()) {
        for k in 0..3 {
            // OR x(c,d) over the window's cells and the class's digits
            let terms: Vec<Term> = w
                .iter()
                .flat_map(|&c| {
                    (1..=n)
                        .filter(move |&d| class(d, n) == k)
                        .map(move |d| (c, Digit::new(d)))
                })
                .map(|(c, d)| enc.x(c, d))
                .collect();
            enc.clause(terms);
        }
    }
}

/// Errors on the first window missing a class; `names` words the classes.
fn check(
    shape: &Shape,
    grid: &Grid,
    class: fn(usize, usize) -> usize,
    names: [&str; 3],
) -> Result<(), String> {
    let n = shape.value_count();
    for w in windows(shape.rows(), shape.cols()) {
        for (k, name) in names.iter().enumerate() {
            if !w.iter().any(|&c| class(grid.digit(c).get(), n) == k) {
                return Err(format!("the 2x2 window at {} has no {name} digit", w[0]));
            }
        }
    }
    Ok(())
}

impl Rule for GlobalEntropy {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.value_count();
        if n % 3 != 0 {
            return Err(format!(
                "global entropy needs a number of values divisible by 3 (low, middle, high \
                 thirds); this grid holds {n}"
            ));
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        encode(enc, third);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        check(shape, grid, third, ["low", "middle", "high"])
    }
}

impl Rule for GlobalMod {
    fn validate(&self, _shape: &Shape) -> Result<(), String> {
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        encode(enc, residue);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        check(
            shape,
            grid,
            residue,
            ["multiple-of-3", "1-mod-3", "2-mod-3"],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    #[test]
    fn counts_match_brute_force() {
        let entropy = vec![Constraint::GlobalEntropy(GlobalEntropy {})];
        counts_agree_6x6(entropy.clone());
        assert!(invalid(&entropy[0], 4).contains("divisible by 3"));
        counts_agree_6x6(vec![Constraint::GlobalMod(GlobalMod {})]);
    }

    #[test]
    fn the_rule_is_enforced() {
        // SIX's window at r1c1 holds 1,2 / 4,3: no high digit (5, 6); its window at r2c2
        // holds 3,6 / 4,1: remainders 0,0,1,1, none 2.
        for rule in [
            Constraint::GlobalEntropy(GlobalEntropy {}),
            Constraint::GlobalMod(GlobalMod {}),
        ] {
            let p = puzzle(&".".repeat(36), vec![rule.clone()]);
            let kept = crate::solve::some_solution(&p).unwrap().unwrap();
            let kept: String = kept
                .cells()
                .iter()
                .map(|d| d.unwrap().to_string())
                .collect();
            assert_checker(&[rule], &kept, SIX);
        }
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "global-entropy"}"#);
        round_trip(r#"{"type": "global-mod"}"#);
    }
}
