//! A random isomorph of a solution of a classic layout (no rules, no givens): the values
//! permuted, the bands of rows and the rows inside each band shuffled, and the stacks of
//! columns and the columns inside each stack. Each such map sends every house to a house, and
//! distinctness in houses is all such a layout asks, so a solution goes to a solution.
//!
//! Why: on big grids the random solution cannot come from fixing random digits one SAT call
//! at a time (on a 64×64 single calls under a few fixed cells took 20–77 s), and one SAT call
//! guided by random preferred digits alone leaves each cell's value far from uniform. The
//! value permutation makes every cell's value uniform, the row and column shuffles move the
//! solver's own patterns around (BENCHMARKS.md, "Random solutions of big grids").

use super::Rng;
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;

/// Whether [`isomorph`] may be applied to a solution of a layout with these rules and givens:
/// only where nothing but the houses constrains the values.
pub(super) fn applies(shape: &Shape, rules: usize, givens: usize) -> bool {
    rules == 0 && givens == 0 && shape.extra() == 0 && !shape.is_chaos()
}

/// A permutation of `0..len` that keeps blocks of `block` consecutive indices together:
/// the blocks shuffled, and the indices inside each block (`block` divides `len`).
fn block_permutation(len: usize, block: usize, rng: &mut Rng) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..len / block).collect();
    rng.shuffle(&mut blocks);
    let mut out = Vec::with_capacity(len);
    for b in blocks {
        let mut inner: Vec<usize> = (b * block..(b + 1) * block).collect();
        rng.shuffle(&mut inner);
        out.extend(inner);
    }
    out
}

/// `grid` (a full solution on `shape`) under a random value permutation and random row and
/// column shuffles that keep `shape`'s houses houses: with boxes, within bands and stacks;
/// with no regions, any; with jigsaw regions, rows and columns stay.
pub(super) fn isomorph(shape: &Shape, grid: &Grid, rng: &mut Rng) -> Grid {
    let (rows, cols) = (shape.rows(), shape.cols());
    let regions = shape.regions().iter().any(Option::is_some);
    let (band, stack) = if !regions {
        (1, 1)
    } else if !shape.is_jigsaw()
        && shape.box_rows() > 0
        && shape.box_cols() > 0
        && rows % shape.box_rows() == 0
        && cols % shape.box_cols() == 0
    {
        (shape.box_rows(), shape.box_cols())
    } else {
        (rows, cols)
    };
    // a block as large as the side is one block: its inner shuffle would move cells between
    // regions, so it stays in order
    let perm = |len: usize, block: usize, rng: &mut Rng| {
        if block == len {
            (0..len).collect()
        } else {
            block_permutation(len, block, rng)
        }
    };
    let row_of = perm(rows, band, rng);
    let col_of = perm(cols, stack, rng);
    let mut values: Vec<usize> = (0..shape.value_count()).collect();
    rng.shuffle(&mut values);
    let mut out = Grid::empty_rect(rows, cols);
    for (r, &from_r) in row_of.iter().enumerate() {
        for (c, &from_c) in col_of.iter().enumerate() {
            let d = grid.digit(Cell::from_index(from_r, from_c));
            out.set(
                Cell::from_index(r, c),
                Some(Digit::from_index(values[d.index()])),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    fn solved(shape: Shape) -> (Puzzle, Grid) {
        let p = Puzzle::new(
            shape.clone(),
            Grid::empty_rect(shape.rows(), shape.cols()),
            Vec::new(),
        )
        .expect("a layout");
        let g = crate::solve::some_solution(&p)
            .expect("solves")
            .expect("a solution");
        (p, g)
    }

    #[test]
    fn isomorphs_are_solutions_and_differ() {
        for shape in [
            Shape::new(9).unwrap(),
            Shape::with_box(6, 2, 3).unwrap(),
            Shape::rect_with_box(6, 8, 2, 4).unwrap(),
            Shape::rect(5, 7).unwrap(),
        ] {
            let (p, g) = solved(shape.clone());
            let mut rng = Rng::new(3);
            let mut seen = std::collections::HashSet::new();
            for _ in 0..20 {
                let h = isomorph(&shape, &g, &mut rng);
                p.verify(&h)
                    .expect("an isomorph of a solution is a solution");
                seen.insert(
                    shape
                        .cells()
                        .map(|c| h.digit(c).index())
                        .collect::<Vec<_>>(),
                );
            }
            assert!(
                seen.len() > 15,
                "the isomorphs should differ: {}",
                seen.len()
            );
        }
    }

    #[test]
    fn jigsaw_regions_keep_rows_and_columns() {
        // a 4x4 jigsaw: rows and columns stay, only the values are permuted
        let regions: Vec<Option<u16>> = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]
            .iter()
            .map(|&r| Some(r))
            .collect();
        let shape = Shape::with_regions(4, regions).unwrap();
        let (p, g) = solved(shape.clone());
        let mut rng = Rng::new(5);
        let mut first = std::collections::HashSet::new();
        for _ in 0..40 {
            let h = isomorph(&shape, &g, &mut rng);
            // only the values move here, and every value reaches r1c1
            first.insert(h.digit(Cell::from_index(0, 0)));
            p.verify(&h).expect("still a solution");
            // same value in the same cells as the original, up to relabelling
            for a in shape.cells() {
                for b in shape.cells() {
                    assert_eq!(g.digit(a) == g.digit(b), h.digit(a) == h.digit(b));
                }
            }
        }
        assert_eq!(first.len(), 4);
    }

    #[test]
    fn values_are_uniform_per_cell() {
        // the value permutation alone makes each cell's value uniform: over 900 isomorphs of
        // one 9x9 solution each value appears about 100 times in r1c1
        let (_, g) = solved(Shape::new(9).unwrap());
        let shape = Shape::new(9).unwrap();
        let mut rng = Rng::new(11);
        let mut count = [0usize; 9];
        for _ in 0..900 {
            count[isomorph(&shape, &g, &mut rng)
                .digit(Cell::from_index(0, 0))
                .index()] += 1;
        }
        assert!(count.iter().all(|&k| (60..=140).contains(&k)), "{count:?}");
    }

    #[test]
    fn applies_only_without_rules_and_givens() {
        let s = Shape::new(9).unwrap();
        assert!(applies(&s, 0, 0));
        assert!(!applies(&s, 1, 0));
        assert!(!applies(&s, 0, 3));
    }
}
