//! Distinct regions (chaos construction; ISS "CountDistinct" over chaos region cells): the
//! digit in the control cell is how many different found regions the listed cells lie in.
//! Only for a chaos construction ([`Shape::is_chaos`]), whose regions are unknowns.
//!
//! JSON: `{"type": "distinct-regions", "cell": "r5c1", "cells": ["r5c1", "r4c1", …]}`
//! (`cells`: at least one, none twice; the control cell may be one of them).
//!
//! CNF, over the region variables g(c,k) of [`crate::cnf::chaos`]: u(k) = "some listed cell
//! is in region k", both ways: `g(c,k) -> u(k)` for every listed c, `u(k) -> ∨_c g(c,k)`; a
//! layered diagram counts the true u(k) (one layer per region) and ties the count to the
//! control's digit, `count t <-> x(control, t)` (`chaos_count::digit_counts_at_most`;
//! a count of 0 cannot happen, as the cells lie in some region).
//!
//! The count has a bound the clauses leave to the search ([`most_regions`], ISS's optimizer
//! applies its greedy form): a found region of two or more cells is connected, so every cell
//! shares its region with an orthogonal neighbour, and a listed cell whose every neighbour
//! is listed ("enclosed") shares it with a listed cell. Edges joining each enclosed cell to
//! such a neighbour cover the enclosed cells, and the regions over the listed cells are at
//! most as many as the components those edges leave: |S| − (|E| − ν), with E the enclosed
//! cells and ν a largest matching among them (an edge between two enclosed cells covers
//! both). The counter is capped there, so it also reads "at most that many regions": on
//! ISS's "The Fountain" (3×3 neighbourhoods, each around an enclosed centre) 12.0 s → 2.9 s
//! (BENCHMARKS.md, "Distinct regions: the enclosed cells' bound").

use super::cell_lists::{cell_set, inside};
use super::chaos_count::{digit_counts_at_most, found_regions, need_chaos};
use super::Rule;
use crate::cnf::chaos::neighbours;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A distinct-regions clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DistinctRegions {
    /// The control cell, whose digit is the count.
    pub cell: Cell,
    /// The cells whose regions are counted.
    pub cells: Vec<Cell>,
}

/// The most found regions `cells` (none twice) can lie in on a chaos construction of
/// `shape` (module docs): |S| − (|E| − ν), E the listed cells whose orthogonal neighbours are
/// all listed, ν a largest matching among them; |S| when regions are single cells.
pub fn most_regions(shape: &Shape, cells: &[Cell]) -> usize {
    let (rows, cols) = (shape.rows(), shape.cols());
    if shape.value_count() < 2 || cells.iter().any(|c| c.r() >= rows || c.c() >= cols) {
        return cells.len();
    }
    let pos = |c: &Cell| c.r() * cols + c.c();
    let mut listed = vec![false; rows * cols];
    cells.iter().for_each(|c| listed[pos(c)] = true);
    let enclosed: Vec<usize> = cells
        .iter()
        .map(pos)
        .filter(|&p| neighbours(rows, cols, p).all(|q| listed[q]))
        .collect();
    let mut is_enclosed = vec![false; rows * cols];
    enclosed.iter().for_each(|&p| is_enclosed[p] = true);
    // the grid is bipartite by colour (r + c even or odd): match the even enclosed cells to
    // their odd enclosed neighbours by augmenting paths (Kuhn)
    let mut mate: Vec<Option<usize>> = vec![None; rows * cols];
    let mut matched = 0;
    for &p in enclosed.iter().filter(|&&p| (p / cols + p % cols) % 2 == 0) {
        let mut seen = vec![false; rows * cols];
        if augment(p, rows, cols, &is_enclosed, &mut mate, &mut seen) {
            matched += 1;
        }
    }
    cells.len() - (enclosed.len() - matched)
}

/// One augmenting path from the even cell `p` over enclosed cells, flipping it into `mate`
/// (indexed by the odd cell).
fn augment(
    p: usize,
    rows: usize,
    cols: usize,
    is_enclosed: &[bool],
    mate: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for q in neighbours(rows, cols, p) {
        if !is_enclosed[q] || seen[q] {
            continue;
        }
        seen[q] = true;
        let free = match mate[q] {
            None => true,
            Some(o) => augment(o, rows, cols, is_enclosed, mate, seen),
        };
        if free {
            mate[q] = Some(p);
            return true;
        }
    }
    false
}

impl Rule for DistinctRegions {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        need_chaos(shape, "distinct-regions")?;
        inside(shape, self.cell)?;
        cell_set(shape, &self.cells, "the counted cells")
    }
    fn encode(&self, enc: &mut Encoder) {
        let n = enc.shape().chaos_regions();
        let mut used = Vec::with_capacity(n);
        for k in 0..n {
            let u = Term::Lit(enc.new_lit());
            let gs: Vec<Term> = self
                .cells
                .iter()
                .map(|&c| Term::Lit(enc.region(c, k)))
                .collect();
            for &g in &gs {
                // g(c,k) -> u(k)
                enc.implies(g, u);
            }
            // u(k) -> ∨_c g(c,k)
            enc.clause(std::iter::once(!u).chain(gs));
            used.push(u);
        }
        let most = most_regions(enc.shape(), &self.cells);
        digit_counts_at_most(enc, self.cell, 0, &used, most);
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let regions = found_regions(grid)?;
        let n = grid.cols();
        let mut ids: Vec<u16> = self.cells.iter().map(|c| regions[c.position(n)]).collect();
        ids.sort_unstable();
        ids.dedup();
        // the control holds the count as a value, as `control_is_count` states it
        let got = grid.digit(self.cell).get() as i64 + shape.values().offset();
        if got == ids.len() as i64 {
            Ok(())
        } else {
            Err(format!(
                "{} holds {got}, but the counted cells lie in {} different regions",
                self.cell,
                ids.len()
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chaos_count::chaos_testing::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule(cell: (usize, usize), list: &[(usize, usize)]) -> Constraint {
        Constraint::DistinctRegions(DistinctRegions {
            cell: Cell::new(cell.0, cell.1),
            cells: cells(list),
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // the 3×3 around r2c2 (The Fountain's clues)
        let around = [
            (2, 2),
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 3),
            (3, 3),
            (3, 2),
            (3, 1),
            (2, 1),
        ];
        agree("1..............2", &rule((2, 2), &around));
        agree("1..............2", &rule((2, 3), &[(1, 1), (2, 2)]));
        agree(
            "..3.............",
            &rule((4, 1), &[(1, 4), (2, 4), (3, 3), (4, 3)]),
        );
        agree(
            "1..............2",
            &rule((3, 3), &[(1, 1), (2, 2), (3, 3), (4, 4)]),
        );
    }

    #[test]
    fn enclosed_cells_bound_the_count() {
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        let most = |list: &[(usize, usize)]| most_regions(&shape, &cells(list));
        // the corner r1c1 is enclosed by r1c2 and r2c1: it shares a region with one of them
        assert_eq!(most(&[(1, 1), (1, 2), (2, 1)]), 2);
        // the 3×3 around r2c2, in the grid's corner: r1c1, r1c2, r2c1 and r2c2 are enclosed
        // (the edge closes them), a square matched in two pairs: 9 − (4 − 2)
        let around: Vec<(usize, usize)> =
            (1..=3).flat_map(|r| (1..=3).map(move |c| (r, c))).collect();
        assert_eq!(most(&around), 7);
        // the top two rows: all eight enclosed but r2's cells; r1c1..r1c4 are enclosed, a
        // path of four, matched in two pairs: 8 − (4 − 2)
        let rows: Vec<(usize, usize)> =
            (1..=2).flat_map(|r| (1..=4).map(move |c| (r, c))).collect();
        assert_eq!(most(&rows), 6);
        // the whole grid: every cell enclosed, a perfect matching of 8: 16 − 8
        let all: Vec<(usize, usize)> = (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))).collect();
        assert_eq!(most(&all), 8);
        // no enclosed cell
        assert_eq!(most(&[(1, 1), (2, 2), (3, 3)]), 3);
    }

    #[test]
    fn counts_at_the_enclosed_bound_match_brute_force() {
        // counts of 2 occur (r1c1 and r1c2 in one region, r2c1 in another): a bound one too
        // tight loses those solutions
        agree("1..............2", &rule((4, 4), &[(1, 1), (1, 2), (2, 1)]));
        // the top two rows: 6 is the bound; on a 4×4 every row of regions meets at most 4,
        // and the count digit is 1..4
        let rows: Vec<(usize, usize)> =
            (1..=2).flat_map(|r| (1..=4).map(move |c| (r, c))).collect();
        agree("..3.............", &rule((4, 1), &rows));
        // an L of five along the top and left edge: r1c1 enclosed
        agree(
            "...............2",
            &rule((3, 3), &[(1, 1), (1, 2), (1, 3), (2, 1), (3, 1)]),
        );
    }

    #[test]
    fn the_checker_reads_the_found_regions() {
        let p = chaos_puzzle(
            "................",
            vec![rule((1, 3), &[(1, 1), (2, 2), (3, 3)])],
        );
        let mut g = grid("3412214312344321");
        // rows: three regions, r1c3 holds 1
        g.set_regions(Some((0..16).map(|i| (i / 4) as u16).collect()));
        let e = p.verify(&g).unwrap_err().to_string();
        assert!(e.contains("holds 1, but the counted cells lie in 3"), "{e}");
        // 2×2 boxes: r1c1, r2c2 in one, r3c3 in another: 2
        g.set_regions(Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
        let e = p.verify(&g).unwrap_err().to_string();
        assert!(e.contains("lie in 2"), "{e}");
        let p = chaos_puzzle(
            "................",
            vec![rule((3, 2), &[(1, 1), (2, 2), (3, 3)])],
        );
        assert!(p.verify(&g).is_ok());
    }

    #[test]
    fn it_needs_a_chaos_construction_and_cells() {
        let e = invalid(&rule((1, 1), &[(1, 2)]), 4);
        assert!(e.contains("chaos construction"), "{e}");
        let shape = Shape::with_regions(4, vec![None; 16])
            .unwrap()
            .with_chaos()
            .unwrap();
        assert!(rule((1, 1), &[])
            .validate(&shape)
            .unwrap_err()
            .contains("no cells"));
        assert!(rule((1, 1), &[(2, 2), (2, 2)])
            .validate(&shape)
            .unwrap_err()
            .contains("twice"));
    }

    #[test]
    fn serde() {
        let c = round_trip(
            r#"{"type": "distinct-regions", "cell": "r1c1", "cells": ["r1c1", "r2c2"]}"#,
        );
        assert_eq!(c, rule((1, 1), &[(1, 1), (2, 2)]));
        rejects(
            r#"{"type": "distinct-regions", "cells": ["r1c1"]}"#,
            "missing field",
        );
    }
}
