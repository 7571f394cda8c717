//! Generating unique, minimal puzzles, and finding givens that a unique puzzle does not need.
//!
//! Everything runs on one incremental solver per puzzle. The layout (shape, variant rules and
//! any givens it already has) is encoded once; a random solution S is found; then the clause
//! that forbids S is added for good. From then on "is the puzzle with givens G unique?" is one
//! call solved under the assumptions G: UNSAT means unique (S is a solution of every subset
//! of its own digits, and no other grid fits G), SAT returns another solution T.
//!
//! Generating: givens of S are added where S and T differ (a random such cell, with its
//! symmetry orbit) until the puzzle is unique; then every added given (orbit) is tried for
//! removal in random order and removed when the puzzle stays unique. The result is unique and
//! minimal: no single given (no orbit, with a symmetry) can go. Givens of the layout itself
//! are kept and never removed.

use crate::candidates::model_grid;
use crate::cnf::{cell_var, ClauseSink};
use crate::error::Error;
use crate::geometry::{digits, Cell, Digit, Shape};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve::{Budget, Formula, Simplify};
use varisat::Lit;

/// A small, fast, portable PRNG (SplitMix64): the same seed gives the same puzzles on every
/// platform and every version of satdoku's dependencies.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
    /// Shuffles `v` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// Symmetry of the givens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// None.
    #[default]
    None,
    /// Rotation by 180°.
    Rot180,
    /// Rotation by 90° (all four rotations).
    Rot90,
    /// Left–right mirror.
    Mirror,
    /// Reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// The cells that `cell` maps to under the symmetry, `cell` first, without repeats.
    pub fn orbit(self, cell: Cell, n: usize) -> Vec<Cell> {
        let (r, c) = (cell.r(), cell.c());
        let m = n - 1;
        let mut v = vec![(r, c)];
        match self {
            Symmetry::None => {}
            Symmetry::Rot180 => v.push((m - r, m - c)),
            Symmetry::Rot90 => v.extend([(c, m - r), (m - r, m - c), (m - c, r)]),
            Symmetry::Mirror => v.push((r, m - c)),
            Symmetry::Diagonal => v.push((c, r)),
        }
        let mut out: Vec<Cell> = Vec::new();
        for (r, c) in v {
            let cell = Cell::from_index(r, c);
            if !out.contains(&cell) {
                out.push(cell);
            }
        }
        out
    }
}

/// How to generate.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// Symmetry of the added givens.
    pub symmetry: Symmetry,
    /// At most this many givens in all (layout givens included); puzzles with more are
    /// thrown away and another is tried.
    pub givens_max: Option<usize>,
    /// How many puzzles to try for one result when `givens_max` rejects them (at most
    /// [`MAX_ATTEMPTS`]).
    pub attempts: usize,
    /// The time budget of one generated puzzle (all its attempts).
    pub budget: Budget,
}

/// The most attempts [`GenerateOptions::attempts`] may ask for.
pub const MAX_ATTEMPTS: usize = 1_000_000;

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            symmetry: Symmetry::None,
            givens_max: None,
            attempts: 1000,
            budget: Budget::unlimited(),
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: the layout with the givens added.
    pub puzzle: Puzzle,
    /// Its unique solution.
    pub solution: Grid,
    /// Givens added to the layout (all of them are needed).
    pub added: usize,
    /// Puzzles generated to get this one (more than 1 when `givens_max` rejected some).
    pub attempts: usize,
    /// SAT calls spent on this puzzle (all attempts).
    pub sat_calls: usize,
}

/// Why generation failed.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The layout has no solution, so no givens make it unique.
    #[error("the layout has no solution{}", .0.as_ref().map(|r| format!(" ({r})")).unwrap_or_default())]
    NoSolution(Option<String>),
    /// `givens_max` was not reached.
    #[error("no puzzle with at most {max} givens in {attempts} attempts (fewest found: {best})")]
    GivensMax {
        /// The limit.
        max: usize,
        /// Attempts made.
        attempts: usize,
        /// Fewest givens seen.
        best: usize,
    },
    /// Anything else.
    #[error(transparent)]
    Other(#[from] Error),
}

/// An incremental uniqueness oracle for one layout and one solution of it.
struct Oracle<'p> {
    formula: Formula<'p>,
    solver: varisat::Solver<'static>,
    budget: Budget,
    calls: usize,
}

impl<'p> Oracle<'p> {
    /// Encodes `base`; `None` when it has no solution.
    fn new(base: &'p Puzzle, budget: &Budget) -> Result<Option<Oracle<'p>>, Error> {
        let formula = Formula::new(base, Simplify::Full);
        if formula.contradiction().is_some() {
            return Ok(None);
        }
        let mut solver = budget.solver();
        formula.encode(&mut solver);
        Ok(Some(Oracle {
            formula,
            solver,
            budget: budget.clone(),
            calls: 0,
        }))
    }

    /// Whether `cell` is still open in the layout's formula.
    fn is_open(&self, cell: Cell) -> bool {
        let n = self.formula.puzzle().size();
        self.formula.candidates()[cell.position(n)].count_ones() > 1
    }

    fn lit(&self, cell: Cell, d: Digit) -> Lit {
        cell_var(self.formula.puzzle().size(), cell, d).positive()
    }

    /// A solution under the assumptions, or `None`.
    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<Option<Grid>, Error> {
        self.solver.assume(assumptions);
        self.calls += 1;
        let sat = self.budget.solve(&mut self.solver)?;
        let g = if sat {
            Some(model_grid(&self.formula, &self.solver)?)
        } else {
            None
        };
        self.solver.assume(&[]);
        Ok(g)
    }

    /// Forbids `solution` from now on.
    fn block(&mut self, solution: &Grid) {
        let clause = self.formula.blocking_clause(solution);
        ClauseSink::add_clause(&mut self.solver, &clause);
    }

    /// Another solution with these givens (after `block`), or `None`: unique.
    fn other(&mut self, givens: &[(Cell, Digit)]) -> Result<Option<Grid>, Error> {
        let lits: Vec<Lit> = givens
            .iter()
            .filter(|(c, _)| self.is_open(*c))
            .map(|&(c, d)| self.lit(c, d))
            .collect();
        self.solve_under(&lits)
    }

    /// A random solution: random digits for random cells, each kept when some solution
    /// still has it, until `budget` cells are fixed this way.
    fn random_solution(&mut self, rng: &mut Rng) -> Result<Option<Grid>, Error> {
        let Some(mut current) = self.solve_under(&[])? else {
            return Ok(None);
        };
        let n = self.formula.puzzle().size();
        let mut cells: Vec<usize> = (0..n * n)
            .filter(|&i| self.formula.candidates()[i].count_ones() > 1)
            .collect();
        rng.shuffle(&mut cells);
        let budget = (2 * n).min(cells.len());
        let mut fixed: Vec<Lit> = Vec::new();
        for &i in &cells[..budget] {
            let cell = Cell::from_position(i, n);
            let mut ds: Vec<Digit> = digits(self.formula.candidates()[i]).collect();
            rng.shuffle(&mut ds);
            for d in ds {
                if current.digit(cell) == d {
                    fixed.push(self.lit(cell, d));
                    break;
                }
                fixed.push(self.lit(cell, d));
                if let Some(g) = self.solve_under(&fixed)? {
                    current = g;
                    break;
                }
                fixed.pop();
            }
        }
        Ok(Some(current))
    }
}

fn with_givens(layout: &Puzzle, givens: Grid) -> Result<Puzzle, Error> {
    let mut p = Puzzle::new(
        layout.shape().clone(),
        givens,
        layout.constraints().to_vec(),
    )?;
    p.title = layout.title.clone();
    p.author = layout.author.clone();
    Ok(p)
}

/// Generates one unique, minimal puzzle on `layout` (its givens are kept).
pub fn generate(
    layout: &Puzzle,
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<Generated, GenerateError> {
    let mut best = usize::MAX;
    let mut calls = 0;
    let attempts = opts.attempts.clamp(1, MAX_ATTEMPTS);
    for attempt in 1..=attempts {
        let mut g = generate_once(layout, opts.symmetry, &opts.budget, rng)?;
        calls += g.sat_calls;
        let total = g.puzzle.givens().filled_count();
        best = best.min(total);
        if opts.givens_max.is_none_or(|m| total <= m) {
            g.attempts = attempt;
            g.sat_calls = calls;
            return Ok(g);
        }
    }
    Err(GenerateError::GivensMax {
        max: opts.givens_max.unwrap_or(0),
        attempts,
        best,
    })
}

fn generate_once(
    layout: &Puzzle,
    symmetry: Symmetry,
    budget: &Budget,
    rng: &mut Rng,
) -> Result<Generated, GenerateError> {
    let n = layout.size();
    let mut oracle = match Oracle::new(layout, budget)? {
        Some(o) => o,
        None => {
            let f = Formula::new(layout, Simplify::Full);
            return Err(GenerateError::NoSolution(f.contradiction()));
        }
    };
    let Some(solution) = oracle.random_solution(rng)? else {
        return Err(GenerateError::NoSolution(None));
    };
    oracle.block(&solution);
    // Add givens (orbits) where another solution differs, until unique.
    let mut added: Vec<Vec<Cell>> = Vec::new();
    let mut givens: Vec<(Cell, Digit)> = Vec::new();
    let is_given = |c: Cell, added: &Vec<Vec<Cell>>| {
        layout.givens().get(c).is_some() || added.iter().any(|o| o.contains(&c))
    };
    while let Some(other) = oracle.other(&givens)? {
        let diff = solution.diff(&other);
        let cell = diff[rng.below(diff.len())];
        let orbit: Vec<Cell> = symmetry
            .orbit(cell, n)
            .into_iter()
            .filter(|&c| !is_given(c, &added))
            .collect();
        givens.extend(orbit.iter().map(|&c| (c, solution.digit(c))));
        added.push(orbit);
    }
    // Remove every orbit that is not needed, in random order.
    rng.shuffle(&mut added);
    let mut keep: Vec<Vec<Cell>> = Vec::new();
    for i in 0..added.len() {
        let trial: Vec<(Cell, Digit)> = keep
            .iter()
            .chain(&added[i + 1..])
            .flatten()
            .map(|&c| (c, solution.digit(c)))
            .collect();
        if oracle.other(&trial)?.is_some() {
            keep.push(added[i].clone());
        }
    }
    let mut grid = layout.givens().clone();
    let mut count = 0;
    for &c in keep.iter().flatten() {
        grid.set(c, Some(solution.digit(c)));
        count += 1;
    }
    let puzzle = with_givens(layout, grid)?;
    // The oracle's answer, checked again by a fresh search.
    let mut fresh = crate::solve::Session::with_budget(&puzzle, Simplify::Full, budget.clone());
    match crate::solve::check_session(&mut fresh)? {
        crate::solve::Verdict::Unique(g) if g == solution => {}
        _ => {
            return Err(Error::Verification(
                "the generated puzzle is not unique on a fresh check".into(),
            )
            .into())
        }
    }
    Ok(Generated {
        puzzle,
        solution,
        added: count,
        attempts: 1,
        sat_calls: oracle.calls,
    })
}

/// An empty classic layout of side `n` with boxes `rows`×`cols` (default boxes if `None`).
pub fn classic_layout(n: usize, boxes: Option<(usize, usize)>) -> Result<Puzzle, Error> {
    let shape = match boxes {
        Some((r, c)) => Shape::with_box(n, r, c)?,
        None => Shape::new(n)?,
    };
    Puzzle::classic(shape, Grid::empty(n))
}

/// The givens of a unique puzzle with solution `solution` that can each be removed (one at a
/// time, the others kept) without losing uniqueness, row-major. Empty: the puzzle is minimal.
///
/// `solution` must be the puzzle's unique solution (from [`crate::check`]).
pub fn redundant_givens(puzzle: &Puzzle, solution: &Grid) -> Result<Vec<Cell>, Error> {
    let base = with_givens(puzzle, Grid::empty(puzzle.size()))?;
    let mut oracle = Oracle::new(&base, &Budget::unlimited())?
        .ok_or_else(|| Error::Model("the puzzle's rules alone have no solution".into()))?;
    oracle.block(solution);
    let givens: Vec<(Cell, Digit)> = puzzle.givens().filled().collect();
    let mut out = Vec::new();
    for (i, &(cell, _)) in givens.iter().enumerate() {
        let others: Vec<(Cell, Digit)> = givens
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &g)| g)
            .collect();
        if oracle.other(&others)?.is_none() {
            out.push(cell);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::count;

    #[test]
    fn orbits() {
        let c = Cell::new(1, 2);
        assert_eq!(Symmetry::Rot180.orbit(c, 4), vec![c, Cell::new(4, 3)]);
        assert_eq!(Symmetry::Rot90.orbit(c, 4).len(), 4);
        assert_eq!(
            Symmetry::Rot90.orbit(Cell::new(2, 2), 3),
            vec![Cell::new(2, 2)]
        );
        assert_eq!(Symmetry::Diagonal.orbit(c, 4), vec![c, Cell::new(2, 1)]);
        assert_eq!(Symmetry::Mirror.orbit(c, 4), vec![c, Cell::new(1, 3)]);
    }

    #[test]
    fn generated_4x4_is_unique_and_minimal() {
        let layout = classic_layout(4, None).unwrap();
        let mut rng = Rng::new(7);
        for _ in 0..5 {
            let g = generate(&layout, &GenerateOptions::default(), &mut rng).unwrap();
            assert_eq!(count(&g.puzzle, 2).unwrap().found, 1);
            assert!(redundant_givens(&g.puzzle, &g.solution).unwrap().is_empty());
        }
    }
}
