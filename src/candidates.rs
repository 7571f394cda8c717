//! True candidates: for every cell, the digits that appear in at least one solution.
//!
//! Found with the SAT solver, never by listing solutions. The first model marks its digits.
//! Then, again and again, one incremental call asks "is some unmarked candidate true?": a
//! clause over the unmarked candidate literals of the open cells, guarded by a fresh
//! activation literal `a` (`!a ∨ x1 ∨ x2 ∨ …`), solved under the assumption `a`, and retired
//! afterwards with the unit clause `!a`. Each model marks at least one new candidate; UNSAT
//! means every remaining unmarked candidate is in no solution. So there are at most
//! (open candidates − open cells + 1) calls, usually far fewer.
//!
//! Counting how many solutions use each candidate ([`candidate_counts`]) does list solutions,
//! up to a cap.

use crate::cnf::{shape_var, ClauseSink};
use crate::engine::{Budget, Engine, Sat};
use crate::engine::{Lit, Var};
use crate::error::Error;
use crate::geometry::{digits, Cell, Digit, Mask};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve::{count_on, Formula, Simplify};

/// The true candidates of a puzzle with at least one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// Side length N (on a rectangle the longer side).
    pub size: usize,
    /// Rows.
    pub rows: usize,
    /// Columns (the stride of `masks`).
    pub cols: usize,
    /// Per cell (row-major), the digits that appear in some solution.
    pub masks: Vec<Mask>,
    /// Calls to the SAT solver.
    pub sat_calls: usize,
    /// Cells decided by simplification before any search.
    pub decided: usize,
    /// A chaos construction whose digits are all forced: its regions when they are forced
    /// too (`Ok`), or `Err(())` when two partitions fit the digits (then it is not unique).
    /// `None` for any other puzzle.
    pub chaos_regions: Option<Result<Vec<u16>, ()>>,
}

impl Candidates {
    /// Whether the puzzle has exactly one solution: every cell has one candidate (and, for
    /// a chaos construction, one partition into regions fits those digits).
    pub fn is_unique(&self) -> bool {
        self.masks.iter().all(|m| m.count_ones() == 1)
            && !matches!(self.chaos_regions, Some(Err(())))
    }
    /// The solution, when it is unique (with its regions, for a chaos construction).
    pub fn solution(&self) -> Option<Grid> {
        if !self.is_unique() {
            return None;
        }
        // the extra cells (ISS `Var`) follow the grid's
        let cells = self.masks.iter().map(|&m| digits(m).next()).collect();
        let mut grid = Grid::from_cells_extra(self.rows, self.cols, cells)?;
        if let Some(Ok(regions)) = &self.chaos_regions {
            grid.set_regions(Some(regions.clone()));
        }
        Some(grid)
    }
    /// The candidates of `cell`.
    pub fn of(&self, cell: Cell) -> Mask {
        self.masks[cell.position(self.cols)]
    }
}

/// The true candidates of `puzzle`; `None` when it has no solution.
pub fn candidates(puzzle: &Puzzle) -> Result<Option<Candidates>, Error> {
    candidates_within(puzzle, &Budget::unlimited(), |_| {})
}

/// [`candidates`] under a time budget, calling `progress` after every SAT call with the
/// figures so far (for a progress line on long work).
pub fn candidates_within(
    puzzle: &Puzzle,
    budget: &Budget,
    progress: impl FnMut(&Candidates),
) -> Result<Option<Candidates>, Error> {
    candidates_on(
        puzzle,
        &Engine::default().with_budget(budget.clone()),
        progress,
    )
}

/// [`candidates_within`] on a chosen engine (its kind and time budget).
pub fn candidates_on(
    puzzle: &Puzzle,
    engine: &Engine,
    mut progress: impl FnMut(&Candidates),
) -> Result<Option<Candidates>, Error> {
    let (rows, cols) = (puzzle.shape().rows(), puzzle.shape().cols());
    let mut formula = Formula::new(puzzle, Simplify::Full);
    if formula.contradiction().is_some() {
        return Ok(None);
    }
    let mut result = Candidates {
        size: puzzle.size(),
        rows,
        cols,
        masks: vec![0; puzzle.shape().cell_count()],
        sat_calls: 0,
        decided: formula.decided(),
        chaos_regions: None,
    };
    if formula.is_decided() {
        // Every cell is forced; the one candidate grid is the solution if the rules hold.
        return Ok(formula.decode(|_| None).ok().map(|_| {
            result.masks = formula.candidates().to_vec();
            result
        }));
    }
    // the propagators a search would get (sums, chaos connectivity): each round below is a
    // search of the same formula, as hard as solving it
    let mut solver: Sat = crate::solve::searcher(&mut formula, puzzle, engine)?;
    let (vars, _) = formula.encode(&mut solver);
    let mark = |masks: &mut [Mask], g: &Grid| {
        for (i, d) in g.cells().iter().enumerate() {
            masks[i] |= d.expect("solutions are full").bit();
        }
    };
    result.sat_calls += 1;
    if !solver.solve()? {
        return Ok(None);
    }
    let first = formula.grid_of(&solver)?;
    mark(&mut result.masks, &first);
    progress(&result);
    let open = formula.candidates();
    for round in 0.. {
        let act = Var::from_index(vars + round).positive();
        let mut clause: Vec<Lit> = vec![!act];
        for (i, &m) in open.iter().enumerate() {
            if m.count_ones() > 1 {
                let cell = Cell::from_position(i, cols);
                for d in digits(m & !result.masks[i]) {
                    clause.push(shape_var(puzzle.shape(), cell, d).positive());
                }
            }
        }
        if clause.len() == 1 {
            break; // every candidate of the simplified formula is in some solution
        }
        ClauseSink::add_clause(&mut solver, &clause);
        solver.assume(&[act]);
        result.sat_calls += 1;
        let sat = solver.solve()?;
        if sat {
            let g = formula.grid_of(&solver)?;
            mark(&mut result.masks, &g);
        }
        progress(&result);
        solver.assume(&[]);
        ClauseSink::add_clause(&mut solver, &[!act]);
        if !sat {
            break;
        }
    }
    if puzzle.shape().is_chaos() && result.masks.iter().all(|m| m.count_ones() == 1) {
        // One digit grid: whether one partition fits it is a uniqueness check of its own
        // (the regions are not candidates), on the same engine.
        result.sat_calls += 2;
        result.chaos_regions = match crate::solve::check_on(puzzle, engine)? {
            crate::solve::Verdict::Unique(g) => Some(Ok(g.regions().unwrap_or_default().to_vec())),
            _ => Some(Err(())),
        };
    }
    Ok(Some(result))
}

/// Prints candidates as a grid of fixed-width cells, digit d always in slot d
/// (`[1 3  6  9]`), boxes separated by `|` and lines of `-`.
pub struct PencilGrid<'a> {
    masks: &'a [Mask],
    shape: &'a crate::geometry::Shape,
    symbols: &'a crate::format::text::Symbols,
}

impl<'a> PencilGrid<'a> {
    /// A view of `masks` (row-major) laid out by `shape`'s boxes.
    pub fn new(
        masks: &'a [Mask],
        shape: &'a crate::geometry::Shape,
        symbols: &'a crate::format::text::Symbols,
    ) -> PencilGrid<'a> {
        PencilGrid {
            masks,
            shape,
            symbols,
        }
    }

    /// One cell's text, `[` and `]` included: every slot present, absent digits blank.
    pub fn cell(&self, mask: Mask) -> String {
        let n = self.shape.value_count();
        let symbols = self.symbols.for_shape(self.shape);
        let single = symbols.single_char(n);
        let values = self.shape.values();
        let width = if single {
            1
        } else {
            values
                .min
                .to_string()
                .len()
                .max(values.max().to_string().len())
        };
        let mut s = String::from("[");
        for i in 0..n {
            if !single && i > 0 {
                s.push(' ');
            }
            let d = Digit::from_index(i);
            let text = if mask & d.bit() != 0 {
                symbols.symbol(d, n)
            } else {
                String::new()
            };
            s.push_str(&format!("{text:>width$}"));
        }
        s.push(']');
        s
    }
}

impl std::fmt::Display for PencilGrid<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        let (br, bc) = if self.shape.is_jigsaw() {
            (rows, cols)
        } else {
            (self.shape.box_rows(), self.shape.box_cols())
        };
        let mut rule = String::new();
        for r in 0..rows {
            let mut line = String::new();
            for c in 0..cols {
                if c > 0 {
                    line.push_str(if c % bc == 0 { " | " } else { " " });
                }
                line.push_str(&self.cell(self.masks[r * cols + c]));
            }
            if r > 0 && r % br == 0 {
                if rule.is_empty() {
                    rule = line
                        .chars()
                        .map(|ch| if ch == '|' { '+' } else { '-' })
                        .collect();
                }
                writeln!(f, "{rule}")?;
            }
            writeln!(f, "{line}")?;
        }
        // the extra cells (ISS `Var`), by name, after the grid's
        let extra: Vec<String> = (rows * cols..self.masks.len())
            .map(|i| {
                format!(
                    "{}={}",
                    Cell::from_position(i, cols),
                    self.cell(self.masks[i])
                )
            })
            .collect();
        if !extra.is_empty() {
            writeln!(f, "extra cells: {}", extra.join(" "))?;
        }
        Ok(())
    }
}

/// How many solutions use each candidate, counted over at most `limit` solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateCounts {
    /// Side length N (on a rectangle the longer side).
    pub size: usize,
    /// Columns (the stride of `counts`).
    pub cols: usize,
    /// Per cell (row-major), per digit (index 0 is digit 1): solutions seen with it.
    pub counts: Vec<Vec<usize>>,
    /// Solutions seen.
    pub solutions: usize,
    /// True when the limit was reached and there are more solutions: the counts are then
    /// lower bounds over the first `limit` solutions found.
    pub capped: bool,
}

/// Counts, per cell and digit, the solutions (up to `limit`) that use it.
pub fn candidate_counts(puzzle: &Puzzle, limit: usize) -> Result<CandidateCounts, Error> {
    candidate_counts_within(puzzle, limit, Budget::unlimited())
}

/// [`candidate_counts`] under a time budget.
pub fn candidate_counts_within(
    puzzle: &Puzzle,
    limit: usize,
    budget: Budget,
) -> Result<CandidateCounts, Error> {
    candidate_counts_on(puzzle, limit, &Engine::default().with_budget(budget))
}

/// [`candidate_counts`] on a chosen engine (its kind and time budget).
pub fn candidate_counts_on(
    puzzle: &Puzzle,
    limit: usize,
    engine: &Engine,
) -> Result<CandidateCounts, Error> {
    let n = puzzle.size();
    let mut counts = vec![vec![0usize; puzzle.shape().value_count()]; puzzle.shape().cell_count()];
    let c = count_on(puzzle, limit.max(1), engine, |g| {
        for (i, d) in g.cells().iter().enumerate() {
            counts[i][d.expect("full").index()] += 1;
        }
    })?;
    Ok(CandidateCounts {
        size: n,
        cols: puzzle.shape().cols(),
        counts,
        solutions: c.found,
        capped: c.capped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_one;

    #[test]
    fn empty_4x4_has_every_candidate() {
        let p = parse_one("................").unwrap();
        let c = candidates(&p).unwrap().unwrap();
        assert!(c.masks.iter().all(|&m| m == 0b1111));
        assert!(!c.is_unique());
    }

    #[test]
    fn unique_puzzle_shows_its_solution() {
        let p = parse_one("...4..3.....3.2.").unwrap();
        let c = candidates(&p).unwrap().unwrap();
        assert!(c.is_unique());
        let sol = c.solution().unwrap();
        p.verify(&sol).unwrap();
    }

    #[test]
    fn propagators_give_the_candidates_the_solutions_give() {
        use crate::engine::{Engine, EngineKind};
        // a 4×4 covered by two-cell cages (sum propagator under auto and cadical), and a 4×4
        // chaos construction (connectivity propagator): the candidates must be the digits of
        // the solutions, enumerated on varisat's clauses
        let killer = r#"{"satdoku": 1, "size": 4, "givens": "................", "constraints": [
            {"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3},
            {"type": "killer", "cells": ["r1c3", "r2c3"], "sum": 4},
            {"type": "killer", "cells": ["r1c4", "r2c4"], "sum": 6},
            {"type": "killer", "cells": ["r2c1", "r3c1"], "sum": 5},
            {"type": "killer", "cells": ["r2c2", "r3c2"], "sum": 5},
            {"type": "killer", "cells": ["r3c3", "r3c4"], "sum": 7},
            {"type": "killer", "cells": ["r4c1", "r4c2"], "sum": 7},
            {"type": "killer", "cells": ["r4c3", "r4c4"], "sum": 3}]}"#;
        let chaos = r#"{"satdoku": 1, "size": 4, "chaos": true, "givens": "1......3........"}"#;
        for text in [killer.replace('\n', " "), chaos.to_string()] {
            let p = crate::format::json::from_str(&text).unwrap().puzzle;
            let reference = Engine::new(EngineKind::Varisat);
            let counts = candidate_counts_on(&p, 100_000, &reference).unwrap();
            assert!(
                !counts.capped && counts.solutions > 1,
                "{}",
                counts.solutions
            );
            let from_solutions: Vec<Mask> = counts
                .counts
                .iter()
                .map(|c| {
                    (0..c.len())
                        .filter(|&d| c[d] > 0)
                        .fold(0, |m, d| m | 1 << d)
                })
                .collect();
            for kind in [EngineKind::Auto, EngineKind::Cadical, EngineKind::Varisat] {
                if !kind.is_built() {
                    continue;
                }
                let c = candidates_on(&p, &Engine::new(kind), |_| {})
                    .unwrap()
                    .unwrap();
                assert_eq!(c.masks, from_solutions, "{kind:?} on {text}");
            }
        }
    }

    #[test]
    fn no_solution_is_none() {
        // Row 1 needs a 4 in r1c4, but r2c4 in the same box holds it.
        let p = parse_one("123....4........").unwrap();
        assert_eq!(candidates(&p).unwrap(), None);
    }
}
