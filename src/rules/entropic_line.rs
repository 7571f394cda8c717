//! Entropic line: any three consecutive cells on the line hold one low, one middle and one
//! high digit. The thirds of the values 1..V are {1..V/3}, {V/3+1..2V/3}, {2V/3+1..V}
//! ({1,2,3}, {4,5,6}, {7,8,9} on 9×9; V = max(R, C) on a rectangle), so V must be a
//! multiple of 3. A line shorter than three cells
//! has its cells in different thirds.
//!
//! Encoding: class literals t(c,k) = "c holds a digit of third k" (`cnf::class::member`,
//! defined both ways), then for every window of three cells `t(a,k) -> !t(b,k)` for each
//! pair and `t(a,k) ∨ t(b,k) ∨ t(c,k)` for each third.

use super::cell_lists::path;
use super::families::classes;
use super::Rule;
use crate::cnf::Encoder;
use crate::geometry::Shape;
use crate::grid::Grid;

super::cells_rule! {
    /// An entropic line.
    EntropicLine, "The cells in order along the line."
}

/// The third (0, 1, 2) of digit `d` in 1..=n.
fn third(d: usize, n: usize) -> usize {
    (d - 1) / (n / 3)
}

impl Rule for EntropicLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        path(shape, &self.cells, 1)?;
        let n = shape.value_count();
        if n % 3 != 0 {
            return Err(format!(
                "entropic lines need a number of values divisible by 3 (low, middle, high \
                 thirds); this grid holds {n}"
            ));
        }
        Ok(())
    }
    fn encode(&self, enc: &mut Encoder) {
        // t(a,k) -> !t(b,k) in every window of three, classes by third
        let n = enc.value_count();
        classes::encode(enc, &self.cells, |d| third(d, n));
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let n = shape.value_count();
        classes::check(grid, &self.cells, |d| third(d, n), "are in the same third")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::assert_count_matches;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    /// An empty 3x3 puzzle (regions are the rows).
    fn three(constraints: Vec<Constraint>) -> crate::puzzle::Puzzle {
        crate::puzzle::Puzzle::new(Shape::new(3).unwrap(), Grid::empty(3), constraints).unwrap()
    }

    fn grid3(digits: &str) -> Grid {
        let cells = digits
            .bytes()
            .map(|b| Some(Digit::new((b - b'0') as usize)))
            .collect();
        Grid::from_cells(3, cells).unwrap()
    }

    #[test]
    fn counts_match_brute_force() {
        // thirds of 1..6: {1,2} {3,4} {5,6}
        for line in [
            &[(1, 1), (2, 2), (3, 3), (3, 4), (2, 5)][..],
            &[(1, 1), (1, 2)][..],
            &[(4, 4), (5, 5), (6, 6)][..],
        ] {
            assert_count_matches(&six_by_six(EntropicLine::on(line)), 10_000);
        }
        // 3x3 (rows as regions): thirds are single digits, so the line is all different
        assert_count_matches(&three(EntropicLine::on(&[(1, 1), (2, 2), (3, 3)])), 100);
    }

    #[test]
    fn the_rule_is_enforced() {
        let p = three(EntropicLine::on(&[(1, 1), (2, 2), (3, 3)]));
        assert_eq!(count(&three(vec![]), 100), 12);
        assert_eq!(count(&p, 100), 6);
        assert!(p.verify(&grid3("123312231")).is_err());
        assert!(p.verify(&grid3("123231312")).is_ok());
    }

    #[test]
    fn the_size_must_divide_by_three() {
        assert!(invalid(&EntropicLine::on(&[(1, 1), (1, 2)])[0], 4).contains("divisible by 3"));
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "entropic-line", "cells": ["r1c1", "r1c2"]}"#),
            EntropicLine::on(&[(1, 1), (1, 2)]).remove(0)
        );
    }

    /// A loop: every window of three consecutive cells still holds one of each third.
    #[test]
    fn a_loop_visits_a_cell_twice() {
        let looped = EntropicLine::on(&[(1, 2), (1, 3), (2, 3), (1, 2), (1, 3)]);
        assert_count_matches(&crate::rules::testing::six_by_six(looped), 10_000);
    }
}
