//! Region-sum line: the line splits into segments where it crosses from one region into
//! another, and every segment has the same sum.
//!
//! JSON: `{"type":"region-sum-line","cells":["r1c1","r1c2","r2c3"]}` (f-puzzles
//! `regionsumline`, from the userscript). Trap, as the reference checker reads it: a segment
//! is a run of *consecutive* cells in one region — a line that leaves a region and comes
//! back has two segments there, not one. Cells in no region form runs of their own. A line
//! inside one region has one segment and says nothing.
//!
//! CNF: each segment is a sum restricted to the sums every segment can reach; a segment
//! inside one region cannot repeat a digit, so it is read as one digit-set sum (selectors
//! per digit set, as a killer cage, [`EqualSums::build_in`]); its final states ("this
//! segment sums to v") are tied to the first segment's, `s_k(v) <-> s_0(v)`.

use super::cell_lists::{line_ok, sum};
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::EqualSums;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;

super::cells_rule! {
    /// A region-sum line.
    RegionSumLine, "The line's cells in order."
}

impl RegionSumLine {
    /// The runs of consecutive cells in one region.
    pub(crate) fn segments(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        let mut out: Vec<Vec<Cell>> = Vec::new();
        let mut region = None;
        for (i, &c) in self.cells.iter().enumerate() {
            let r = shape.region_of(c);
            if i == 0 || r != region {
                out.push(Vec::new());
                region = r;
            }
            out.last_mut().expect("a segment").push(c);
        }
        out
    }
}

impl Rule for RegionSumLine {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        if shape.is_chaos() {
            return Err("a region sum line splits at region borders, and a chaos construction's regions are unknown: not supported".into());
        }
        line_ok(shape, &self.cells, 2)
    }

    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let segments = self.segments(shape);
        Some(Box::new(EqualSums::build_in(shape, &segments, None, cands)))
    }

    fn sums(&self, shape: &Shape) -> Vec<crate::linear::Linear> {
        // Σ segment_k − Σ segment_0 = 0 for every later segment
        let segments = self.segments(shape);
        let Some((first, rest)) = segments.split_first() else {
            return Vec::new();
        };
        rest.iter()
            .map(|seg| {
                let plus = seg.iter().map(|&c| (c, 1));
                let minus = first.iter().map(|&c| (c, -1));
                crate::linear::Linear::equal(plus.chain(minus), 0)
            })
            .collect()
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let segments = self.segments(shape);
        let sums: Vec<usize> = segments.iter().map(|s| sum(grid, s)).collect();
        match sums.iter().position(|&s| s != sums[0]) {
            None => Ok(()),
            Some(k) => Err(format!(
                "the segment from {} sums to {}, the one from {} to {}",
                segments[0][0], sums[0], segments[k][0], sums[k]
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    #[test]
    fn counts_match_brute_force() {
        // 4×4: box 1 holds 1 + 2 + 3, box 3 holds 2 + 4
        let line = [(1, 1), (1, 2), (2, 1), (3, 1), (4, 1)];
        assert_rule(
            &RegionSumLine::one(&line),
            &["................", FOUR_GIVENS],
        );
        // 6×6: box 1 (1 + 2 + 3), box 3 (2 + 4), box 1 again (6): three segments of 6
        let line = [(1, 1), (1, 2), (2, 2), (3, 1), (3, 2), (2, 3)];
        assert_rule(&RegionSumLine::one(&line), &[SIX_GIVENS]);
    }

    #[test]
    fn a_region_revisited_is_a_new_segment() {
        let s = Shape::new(6).unwrap();
        let line = [(1, 1), (1, 2), (2, 2), (3, 1), (3, 2), (2, 3)];
        let Constraint::RegionSumLine(r) = RegionSumLine::one(&line) else {
            unreachable!()
        };
        let sizes: Vec<usize> = r.segments(&s).iter().map(Vec::len).collect();
        assert_eq!(sizes, [3, 2, 1]);
        // merged by region the sums would be 12 and 6; as runs they are 6, 6, 6
        assert!(r.check(&s, &grid(SIX)).is_ok());
    }

    #[test]
    fn regions_come_from_the_shape() {
        // Along r1c2 r1c3 r1c4, boxes of 2×3 split after r1c3 (so r1c2 + r1c3 = r1c4) and
        // boxes of 3×2 after r1c2 (so r1c2 = r1c3 + r1c4).
        let line = RegionSumLine::one(&[(1, 2), (1, 3), (1, 4)]);
        for (shape, split) in [
            (Shape::new(6).unwrap(), 2),
            (Shape::with_box(6, 3, 2).unwrap(), 1),
        ] {
            let p = crate::puzzle::Puzzle::new(shape, grid(&".".repeat(36)), vec![line.clone()])
                .unwrap();
            let solution = crate::solve::some_solution(&p).unwrap().unwrap();
            let d: Vec<usize> = (2..=4)
                .map(|c| solution.digit(Cell::new(1, c)).get())
                .collect();
            assert_eq!(
                d[..split].iter().sum::<usize>(),
                d[split..].iter().sum::<usize>()
            );
        }
    }

    #[test]
    fn checker_and_validation() {
        // SIX: 1 + 2 + 3 | 2 + 4 | 6; with 1 and 2 swapped the box-3 run is 1 + 4
        let line = [(1, 1), (1, 2), (2, 2), (3, 1), (3, 2), (2, 3)];
        assert_checker(&[RegionSumLine::one(&line)], SIX, SIX_SWAPPED);
        assert!(invalid(&RegionSumLine::one(&[(1, 1)]), 4).contains("at least 2"));
        assert!(invalid(&RegionSumLine::one(&[(1, 1), (3, 1)]), 4).contains("do not touch"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"region-sum-line","cells":["r1c3","r1c4"]}"#),
            RegionSumLine::one(&[(1, 3), (1, 4)])
        );
    }
}
