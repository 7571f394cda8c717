//! Zipper line: cells at the same distance from the line's centre add up to the same sum;
//! on a line of odd length that sum is the centre cell's digit.
//!
//! JSON: `{"type":"zipper-line","cells":["r1c1","r1c2","r1c3"]}` (f-puzzles `zipperline`,
//! from the userscript). Pairs are cells `k` and `len − 1 − k`.
//!
//! CNF: each pair is a two-cell sum restricted to the sums every pair (and the centre) can
//! reach (one digit-set sum when the two cells share a house, [`EqualSums::build_in`]), and its final states ("this pair sums to v") are tied to the centre's
//! digit variables x(centre, v) on an odd line, or to the first pair's states on an even
//! one ([`EqualSums`]). A line of two cells says nothing.

use super::cell_lists::{describe, line_ok, values};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::EqualSums;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A zipper line.
    ZipperLine, "The line's cells in order."
}

impl Rule for ZipperLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        line_ok(shape, &self.cells, 2)
    }

    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let m = self.cells.len();
        let pairs: Vec<Vec<Cell>> = (0..m / 2)
            .map(|k| vec![self.cells[k], self.cells[m - 1 - k]])
            .collect();
        let centre = (m % 2 == 1).then(|| self.cells[m / 2]);
        Some(Box::new(EqualSums::build_in(shape, &pairs, centre, cands)))
    }

    fn sums(&self, _shape: &Shape) -> Vec<crate::linear::Linear> {
        // odd line: a + b − centre = 0 per pair; even: a + b − (first pair) = 0
        let m = self.cells.len();
        let pair = |k: usize| [self.cells[k], self.cells[m - 1 - k]];
        let base: Vec<Cell> = if m % 2 == 1 {
            vec![self.cells[m / 2]]
        } else if m >= 2 {
            pair(0).to_vec()
        } else {
            return Vec::new();
        };
        let first = if m % 2 == 1 { 0 } else { 1 };
        (first..m / 2)
            .map(|k| {
                let plus = pair(k).into_iter().map(|c| (c, 1));
                let minus = base.iter().map(|&c| (c, -1));
                crate::linear::Linear::equal(plus.chain(minus), 0)
            })
            .collect()
    }

    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        let m = vs.len();
        let mut sums: Vec<usize> = (0..m / 2).map(|k| vs[k] + vs[m - 1 - k]).collect();
        if m % 2 == 1 {
            sums.push(vs[m / 2]);
        }
        match sums.iter().position(|&s| s != sums[0]) {
            None => Ok(()),
            Some(k) => Err(format!(
                "zipper {}: {} and {} differ",
                describe(&self.cells),
                sums[0],
                sums[k]
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;

    #[test]
    fn counts_match_brute_force() {
        // 4×4, odd: 1 + 2 = 2 + 1 = 3 in the centre
        let odd = [(1, 1), (1, 2), (1, 3), (2, 3), (2, 4)];
        assert_rule(&ZipperLine::one(&odd), &["................", FOUR_GIVENS]);
        // 4×4, even: 1 + 4 = 2 + 3
        assert_rule(
            &ZipperLine::one(&[(1, 1), (1, 2), (1, 3), (1, 4)]),
            &["................"],
        );
        // 6×6, odd: 1 + 4 = 2 + 3 = 5; even: 1 + 5 = 2 + 4 = 5 + 1
        let odd = [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5)];
        assert_rule(&ZipperLine::one(&odd), &[SIX_GIVENS]);
        let even = [(1, 1), (1, 2), (1, 3), (2, 4), (1, 5), (2, 6)];
        assert_rule(&ZipperLine::one(&even), &[SIX_GIVENS]);
    }

    #[test]
    fn checker_and_validation() {
        // 1 + 4 = 2 + 3 = 5; swapped: 2 + 4 ≠ 1 + 3
        let odd = [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5)];
        assert_checker(&[ZipperLine::one(&odd)], SIX, SIX_SWAPPED);
        assert!(invalid(&ZipperLine::one(&[(1, 1)]), 4).contains("at least 2"));
        assert!(invalid(&ZipperLine::one(&[(1, 1), (1, 2), (1, 1)]), 4).contains("twice"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"zipper-line","cells":["r1c1","r1c2","r1c3"]}"#),
            ZipperLine::one(&[(1, 1), (1, 2), (1, 3)])
        );
    }
}
