//! The one path from the crate's formulas into varisat: literals negated (or, with a phase
//! grid, negated per variable), assumptions mapped the same way, models read back.

use super::{Budget, Formula};
use crate::cnf::{cell_var, ClauseSink, Negated};
use crate::error::Error;
use crate::geometry::Digit;
use crate::grid::Grid;
use varisat::Lit;

/// The varisat solver as every search of the crate drives it: made by a [`Budget`], given every
/// literal negated (see [`Negated`]: its variable v stands for "not v", so that its first
/// guesses place digits), assumptions negated the same way and models read back through the
/// same negation. Sessions, true candidates and the generator share this one path.
///
/// With a phase grid ([`Sat::with_phase`]) the cell variables that grid rules out are handed
/// over plain instead, so varisat's first guess for every cell is the grid's digit: a search
/// for a solution near a known one starts from it.
pub(crate) struct Sat {
    solver: Negated<varisat::Solver<'static>>,
    budget: Budget,
    /// Per variable: handed over plain (not negated). Empty: every variable negated.
    plain: Vec<bool>,
    buf: Vec<Lit>,
}

impl Sat {
    /// A fresh solver under `budget`. Clauses go in through [`ClauseSink`].
    pub(crate) fn new(budget: &Budget) -> Sat {
        Sat {
            solver: Negated::new(budget.solver()),
            budget: budget.clone(),
            plain: Vec::new(),
            buf: Vec::new(),
        }
    }

    /// As [`Sat::new`], varisat's first guess in every cell being `phase`'s digit (a full
    /// grid of the formula's size).
    pub(crate) fn with_phase(budget: &Budget, phase: &Grid) -> Sat {
        let n = phase.size();
        let mut plain = vec![false; n * n * n];
        for (cell, d) in phase.filled() {
            for other in (0..n).map(Digit::from_index).filter(|&e| e != d) {
                // Plain, so false first: the phase's digit is the only one left to place.
                plain[cell_var(n, cell, other).index()] = true;
            }
        }
        Sat {
            plain,
            ..Sat::new(budget)
        }
    }

    /// The literal handed to [`Negated`] for the formula's `lit`.
    fn map(&self, lit: Lit) -> Lit {
        if self.plain.get(lit.index()).copied().unwrap_or(false) {
            !lit // negated twice: plain
        } else {
            lit
        }
    }

    /// Sets the assumptions of the next [`Sat::solve`] calls (formula literals).
    pub(crate) fn assume(&mut self, lits: &[Lit]) {
        let mapped: Vec<Lit> = lits.iter().map(|&l| !self.map(l)).collect();
        self.solver.inner.assume(&mapped);
    }

    /// One `solve` call under the budget. After an error the solver is unusable: drop it.
    pub(crate) fn solve(&mut self) -> Result<bool, Error> {
        self.budget.solve(&mut self.solver.inner)
    }

    /// The grid of the current model (after a `true` from [`Sat::solve`]), verified against
    /// the puzzle of `formula`, the formula this solver was given.
    pub(crate) fn grid(&self, formula: &Formula) -> Result<Grid, Error> {
        let model = self
            .solver
            .inner
            .model()
            .ok_or_else(|| Error::Solver("no model after SAT".into()))?;
        let mut values = vec![false; model.iter().map(|l| l.index() + 1).max().unwrap_or(0)];
        for lit in &model {
            // The solver's literal is the negation of what `map` gave it.
            values[lit.index()] = self.map(!*lit).is_positive();
        }
        formula.decode(|v| Some(values.get(v.index()).copied().unwrap_or(false)))
    }
}

impl ClauseSink for Sat {
    fn add_clause(&mut self, lits: &[Lit]) {
        if self.plain.is_empty() {
            self.solver.add_clause(lits);
            return;
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.extend(lits.iter().map(|&l| self.map(l)));
        self.solver.add_clause(&buf);
        self.buf = buf;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::parse_one;
    use crate::solve::Simplify;

    #[test]
    fn a_phase_grid_is_the_first_solution_found() {
        // The empty 4x4 has 288 solutions; started from one, varisat meets no conflict.
        let p = parse_one(&".".repeat(16)).unwrap();
        let f = Formula::new(&p, Simplify::Full);
        for line in ["1234341221434321", "4321214334121234"] {
            let phase = parse_one(line).unwrap().givens().clone();
            let mut sat = Sat::with_phase(&Budget::unlimited(), &phase);
            f.encode(&mut sat);
            assert!(sat.solve().unwrap());
            assert_eq!(sat.grid(&f).unwrap(), phase);
            // Assumptions go through the same mapping: r1c1 = 2 is honoured.
            let lit = cell_var(4, Cell::new(1, 1), Digit::new(2)).positive();
            sat.assume(&[lit]);
            assert!(sat.solve().unwrap());
            assert_eq!(sat.grid(&f).unwrap().digit(Cell::new(1, 1)), Digit::new(2));
            sat.assume(&[
                !lit,
                !cell_var(4, Cell::new(1, 1), Digit::new(1)).positive(),
            ]);
            assert!(sat.solve().unwrap());
            let d = sat.grid(&f).unwrap().digit(Cell::new(1, 1));
            assert!(d == Digit::new(3) || d == Digit::new(4), "{d:?}");
        }
    }
}
