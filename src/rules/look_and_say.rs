//! Look-and-say cage (ISS "LookAndSay"): the clue is read as (count, digit) pairs, "one 6,
//! one 7" for 1617: the cage holds exactly `count` copies of each listed digit; a count of 0
//! means the digit is not in the cage. Digits the clue does not name are free, and digits
//! may repeat (where no row, column or region forbids it).
//!
//! JSON: `{"type": "look-and-say", "cells": ["r1c1", "r2c1", "r3c1"], "counts": [[1, 6],
//! [1, 7]]}`: `counts` lists `[count, digit]` pairs (ISS's clue `1617`), each digit 1..N
//! once, at least one pair; cells none twice. Counts that add up to more than the cells can
//! never hold (refused in a puzzle, a false branch in an `or`).
//!
//! CNF: a layered diagram along the cells whose state counts, for each listed digit with a
//! count above 0, how many cells so far hold it (never past its count); a cell may not
//! hold a digit with count 0; the last layer accepts only the exact counts. Clauses as in
//! [`crate::cnf::sum::mdd`].

use super::cell_lists::{describe, value_cells, values};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::Mdd;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A look-and-say cage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LookAndSay {
    /// The cage's cells.
    pub cells: Vec<Cell>,
    /// `[count, digit]`: the cage holds exactly `count` copies of `digit`.
    pub counts: Vec<[usize; 2]>,
}

impl LookAndSay {
    /// The digits with a count above 0, and their counts.
    fn required(&self) -> Vec<(usize, usize)> {
        self.counts
            .iter()
            .filter(|p| p[0] > 0)
            .map(|&[k, d]| (d, k))
            .collect()
    }
    fn excluded(&self, d: usize) -> bool {
        self.counts.iter().any(|&[k, e]| k == 0 && e == d)
    }
}

impl Rule for LookAndSay {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        value_cells(shape, &self.cells)?;
        if self.cells.is_empty() {
            return Err("a look-and-say cage has no cells".into());
        }
        if self.counts.is_empty() {
            return Err("a look-and-say cage needs at least one [count, digit] pair".into());
        }
        let n = shape.value_count();
        for (i, &[_, d]) in self.counts.iter().enumerate() {
            if d == 0 || d > n {
                return Err(format!("counts[{i}]: the digit {d} is not one of 1..{n}"));
            }
            if self.counts[..i].iter().any(|p| p[1] == d) {
                return Err(format!("counts[{i}]: the digit {d} is counted twice"));
            }
        }
        Ok(())
    }
    fn never_holds(&self, _shape: &Shape) -> Option<String> {
        let total: usize = self.counts.iter().map(|p| p[0]).sum();
        (total > self.cells.len()).then(|| {
            format!(
                "the counts add up to {total}, more than the {} cells of {}",
                self.cells.len(),
                describe(&self.cells)
            )
        })
    }
    fn diagram(&self, _shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let required = self.required();
        Some(Box::new(Mdd::build(
            &self.cells,
            cands,
            vec![0usize; required.len()],
            |_, seen, d| {
                let d = d.get();
                if self.excluded(d) {
                    return None;
                }
                let mut next = seen.clone();
                if let Some(i) = required.iter().position(|&(e, _)| e == d) {
                    // one more copy of d, never more than its count
                    next[i] += 1;
                    if next[i] > required[i].1 {
                        return None;
                    }
                }
                Some(next)
            },
            |seen| seen.iter().zip(&required).all(|(&s, &(_, k))| s == k),
        )))
    }
    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        for &[k, d] in &self.counts {
            let held = vs.iter().filter(|&&v| v == d).count();
            if held != k {
                return Err(format!(
                    "{} holds {held} {d}s, the clue says {k}",
                    describe(&self.cells)
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

    fn on(rc: &[(usize, usize)], counts: &[[usize; 2]]) -> Vec<Constraint> {
        vec![Constraint::LookAndSay(LookAndSay {
            cells: cells(rc),
            counts: counts.to_vec(),
        })]
    }

    /// Two 1s and no 3 on a bent line; one 2 in a box's diagonal pair with two 4s elsewhere.
    #[test]
    fn counts_match_brute_force() {
        counts_agree(&on(&[(1, 1), (2, 2), (2, 3), (3, 3)], &[[2, 1], [0, 3]]));
        counts_agree(&on(&[(1, 1), (2, 2)], &[[1, 2]]));
        counts_agree(&on(&[(1, 2), (2, 1), (3, 4), (4, 3)], &[[2, 4], [1, 2]]));
    }

    #[test]
    fn the_rule_is_enforced() {
        // FOUR (1234/3412/2143/4321): r1c1, r2c2 hold 1, 4: one 1 and no 2 ✓.
        // 2143/4321/1234/3412: 2, 3 ✗.
        let r = on(&[(1, 1), (2, 2)], &[[1, 1], [0, 2]]);
        assert_checker(&r, FOUR, "2143432112343412");
    }

    /// On the values 0-3 a count of 0s is a count of the first digit index.
    #[test]
    fn values_are_counted_as_written() {
        use crate::geometry::Values;
        let shape = Shape::new(4)
            .unwrap()
            .with_values(Values { min: 0, count: 4 })
            .unwrap();
        let written = on(&[(1, 1), (2, 2)], &[[1, 0]]).remove(0);
        match crate::rules::values::to_index_space(&written, &shape).unwrap() {
            Constraint::LookAndSay(l) => assert_eq!(l.counts, [[1, 1]]),
            other => panic!("{other:?}"),
        }
        let past = on(&[(1, 1), (2, 2)], &[[1, 4]]).remove(0);
        assert!(crate::rules::values::to_index_space(&past, &shape)
            .unwrap_err()
            .contains("not one of the values 0-3"));
    }

    #[test]
    fn serde_and_errors() {
        round_trip(
            r#"{"type": "look-and-say", "cells": ["r1c1", "r1c2"], "counts": [[1, 6], [0, 7]]}"#,
        );
        let one = |counts: &[[usize; 2]]| on(&[(1, 1), (1, 2)], counts).remove(0);
        assert!(invalid(&one(&[]), 4).contains("at least one"));
        assert!(invalid(&one(&[[1, 5]]), 4).contains("not one of 1..4"));
        assert!(invalid(&one(&[[1, 2], [0, 2]]), 4).contains("counted twice"));
        assert!(invalid(&one(&[[2, 1], [1, 2]]), 4).contains("add up to 3"));
        assert!(one(&[[2, 1]])
            .never_holds(&Shape::new(4).unwrap())
            .is_none());
    }
}
