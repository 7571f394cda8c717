//! Generating unique, minimal puzzles, and finding givens that a unique puzzle does not need.
//!
//! A random solution S of the layout is found first: on a layout with rules or givens, one
//! incremental solver fixes random digits in random cells, each kept while some solution
//! still has it; on a classic layout (houses only) one SAT call that prefers a random digit
//! in every cell finds a solution and a random isomorph of it is taken (module `isomorph`), since
//! fixing cells one call at a time takes minutes on big grids. Then the puzzle starts as S
//! itself (every cell given) and givens are removed top-down, one at a time (one symmetry
//! orbit at a time), in random order, each removal kept when the puzzle stays unique. One
//! pass makes the puzzle minimal: a given kept because the puzzle with it removed had several
//! solutions stays needed, since later removals only add solutions. Givens of the layout are
//! kept and never removed.
//!
//! "Does the puzzle with givens G, S one of its solutions, stay unique when the given of cell
//! c goes?" is the same question as "has G∖{c} a solution with another digit in c?", since a
//! solution of G∖{c} with S's digit in c is a solution of G, so S. That asks about one digit
//! ruled out of one cell, which propagates hard, unlike the clause forbidding all of S: while
//! the grid is dense, singles and probing on the candidate masks refute it with no SAT at
//! all, and below that each question is a small fresh formula (the simplified candidates
//! folded in). BENCHMARKS.md ("Bigger grids") has the measurements behind this choice.
//!
//! With [`GenerateOptions::logic`] the question is another one: "does simplification at that
//! level still solve the puzzle without the given?" A puzzle it solves is unique, so no SAT
//! call is made. Each given left was needed by the logic when it was tried; for singles, whose
//! deductions only grow with the givens, it stays needed (the puzzle is minimal for singles),
//! while a given need not be needed for uniqueness.

use crate::cnf::shape_var;
use crate::engine::{Engine, Lit, Sat};
use crate::error::Error;
use crate::geometry::{digits, Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use crate::groups::Groups;
use crate::puzzle::Puzzle;
use crate::solve::{Formula, Simplify};
use std::sync::Arc;

mod isomorph;

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
        self.orbit_in(cell, n, n)
    }

    /// Whether the symmetry maps a grid of `rows` × `cols` cells onto itself: all do on a
    /// square; a 90° rotation and the diagonal reflection need one.
    pub fn fits(self, rows: usize, cols: usize) -> bool {
        rows == cols || !matches!(self, Symmetry::Rot90 | Symmetry::Diagonal)
    }

    /// [`Symmetry::orbit`] on a grid of `rows` × `cols` cells, for a symmetry that
    /// [`fits`](Symmetry::fits) it.
    pub fn orbit_in(self, cell: Cell, rows: usize, cols: usize) -> Vec<Cell> {
        let (r, c) = (cell.r(), cell.c());
        let (mr, mc) = (rows - 1, cols - 1);
        let m = mr;
        let mut v = vec![(r, c)];
        match self {
            Symmetry::None => {}
            Symmetry::Rot180 => v.push((mr - r, mc - c)),
            Symmetry::Rot90 => v.extend([(c, m - r), (m - r, m - c), (m - c, r)]),
            Symmetry::Mirror => v.push((r, mc - c)),
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
    /// The engine, and the time budget of one generated puzzle (all its attempts).
    pub engine: Engine,
    /// Stop removing givens once at most this many are left (layout givens included): the
    /// puzzle is unique but need not be minimal. `None`: remove until minimal.
    pub stop_at: Option<usize>,
    /// Keep a removal only while simplification at this level (no search) still solves the
    /// puzzle: [`Simplify::Singles`] gives puzzles solvable by naked and hidden singles,
    /// [`Simplify::Full`] by satdoku's whole simplification (module documentation). `None`:
    /// any removal that keeps the puzzle unique. [`Simplify::Givens`] and [`Simplify::None`]
    /// deduce nothing, so no given could go: they are refused.
    pub logic: Option<Simplify>,
}

/// The most attempts [`GenerateOptions::attempts`] may ask for.
pub const MAX_ATTEMPTS: usize = 1_000_000;

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            symmetry: Symmetry::None,
            givens_max: None,
            attempts: 1000,
            engine: Engine::default(),
            stop_at: None,
            logic: None,
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
    /// Givens added to the layout.
    pub added: usize,
    /// Whether every added given is needed (no orbit of them can go): false when
    /// [`GenerateOptions::stop_at`] ended the removals early, and under
    /// [`GenerateOptions::logic`], whose givens are needed by the logic, not known to be
    /// needed for uniqueness.
    pub minimal: bool,
    /// Puzzles generated to get this one (more than 1 when `givens_max` rejected some).
    pub attempts: usize,
    /// SAT calls spent on this puzzle (all attempts).
    pub sat_calls: usize,
    /// SAT calls of the fresh uniqueness check of the result (as `check` makes it).
    pub check_sat_calls: usize,
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

/// An incremental solver on one layout, for finding a random solution of it.
struct Oracle<'p> {
    formula: Formula<'p>,
    /// Nothing but the houses constrains the values ([`isomorph::applies`]): the random
    /// solution is then a random isomorph of the first, phase-guided one.
    classic: bool,
    solver: Sat,
    calls: usize,
}

impl<'p> Oracle<'p> {
    /// Encodes `base`; `None` when it has no solution. On a classic layout the search prefers
    /// a random digit in every open cell (for [`Oracle::random_solution`]).
    fn new(base: &'p Puzzle, engine: &Engine, rng: &mut Rng) -> Result<Option<Oracle<'p>>, Error> {
        let formula = Formula::new(base, Simplify::Full);
        if formula.contradiction().is_some() {
            return Ok(None);
        }
        let shape = base.shape();
        let classic = isomorph::applies(
            shape,
            base.constraints().len(),
            base.givens().filled_count(),
        );
        let mut solver = if classic {
            let mut prefer = Grid::empty_rect(shape.rows(), shape.cols());
            for (i, &m) in formula.candidates().iter().enumerate() {
                if m.count_ones() > 1 {
                    let ds: Vec<Digit> = digits(m).collect();
                    let cell = Cell::from_position(i, shape.cols());
                    prefer.set(cell, Some(ds[rng.below(ds.len())]));
                }
            }
            let phase = crate::cnf::grid_phase_with(&prefer, shape.value_count());
            engine.solver_with_phase(&phase)?
        } else {
            engine.solver()?
        };
        formula.encode(&mut solver);
        Ok(Some(Oracle {
            formula,
            classic,
            solver,
            calls: 0,
        }))
    }

    fn lit(&self, cell: Cell, d: Digit) -> Lit {
        shape_var(self.formula.puzzle().shape(), cell, d).positive()
    }

    /// A solution under the assumptions, or `None`.
    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<Option<Grid>, Error> {
        self.solver.assume(assumptions);
        self.calls += 1;
        let sat = self.solver.solve()?;
        let g = if sat {
            Some(self.formula.grid_of(&self.solver)?)
        } else {
            None
        };
        self.solver.assume(&[]);
        Ok(g)
    }

    /// A random solution. On a classic layout, the solution of the first call (which
    /// preferred random digits) under a random isomorph, checked by the layout's checker.
    /// Otherwise random digits for random cells, each kept when some solution still has it,
    /// until `2n` cells are fixed this way.
    fn random_solution(&mut self, rng: &mut Rng) -> Result<Option<Grid>, Error> {
        let Some(mut current) = self.solve_under(&[])? else {
            return Ok(None);
        };
        if self.classic {
            let layout = self.formula.puzzle();
            let g = isomorph::isomorph(layout.shape(), &current, rng);
            layout.verify(&g).map_err(|e| {
                Error::Verification(format!("an isomorph of a solution is not one: {e}"))
            })?;
            return Ok(Some(g));
        }
        let n = self.formula.puzzle().shape().cols();
        let mut cells: Vec<usize> = (0..self.formula.puzzle().shape().cell_count())
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

/// A solution found by simplification alone.
struct Found;

/// Answers "does the puzzle stay unique when these givens go?" for one layout and one of its
/// solutions S, the givens always a subset of S's digits (module documentation).
struct Removal<'p> {
    layout: &'p Puzzle,
    groups: Arc<Groups>,
    /// The layout's own candidates (its givens and unary rules).
    base: Vec<Mask>,
    solution: &'p Grid,
    engine: Engine,
    /// [`GenerateOptions::logic`].
    logic: Option<Simplify>,
    /// SAT calls made (questions that simplification did not answer).
    calls: usize,
}

impl<'p> Removal<'p> {
    fn new(
        layout: &'p Puzzle,
        solution: &'p Grid,
        engine: &Engine,
        logic: Option<Simplify>,
    ) -> Removal<'p> {
        Removal {
            layout,
            groups: layout.groups(),
            base: layout.initial_candidates(),
            solution,
            engine: engine.clone(),
            logic,
            calls: 0,
        }
    }

    /// The layout's candidates with S's digits in the cells marked in `given`.
    fn candidates(&self, given: &[bool]) -> Vec<Mask> {
        let mut cands = self.base.clone();
        for (i, m) in cands.iter_mut().enumerate() {
            if given[i] {
                *m &= self.solution.cells()[i].expect("solutions are full").bit();
            }
        }
        cands
    }

    /// Whether simplification at level `mode` alone solves the puzzle with S's digits in the
    /// cells marked in `given`. Simplification only removes digits that no solution has, so
    /// a grid it decides is the one solution, S (which holds every given); the fresh check
    /// of the finished puzzle in `generate_once` would report any other grid as a bug.
    fn solved_by(&self, given: &[bool], mode: Simplify) -> bool {
        matches!(self.simplified(self.candidates(given), mode), Err(Found))
    }

    /// Whether the puzzle with S's digits in the cells marked in `given` (row-major) has a
    /// solution whose digit in `cell` is not S's.
    fn differs_at(&mut self, given: &[bool], cell: Cell) -> Result<bool, Error> {
        let n = self.layout.shape().cols();
        let at = cell.position(n);
        let mut cands = self.candidates(given);
        // Another digit in `cell`: S's digit ruled out.
        cands[at] &= !self.solution.digit(cell).bit();
        let formula = match self.simplified(cands, Simplify::Full) {
            Ok(Some(f)) => f,
            Ok(None) => return Ok(false),
            Err(Found) => return Ok(true),
        };
        // Each digit left in `cell` tried on its own (probing one level deeper than the
        // simplifier does there): most are refuted without search.
        let mut left: Vec<Formula> = Vec::new();
        for d in digits(formula.candidates()[at]) {
            let mut one = formula.candidates().to_vec();
            one[at] = d.bit();
            match self.simplified(one, Simplify::Full) {
                Ok(Some(f)) => left.push(f),
                Ok(None) => {}
                Err(Found) => return Ok(true),
            }
        }
        let formula = match left.len() {
            0 => return Ok(false),
            1 => left.pop().expect("one formula"),
            _ => {
                let mut cands = formula.candidates().to_vec();
                cands[at] = left.iter().fold(0, |m, f| m | f.candidates()[at]);
                match self.simplified(cands, Simplify::Full) {
                    Ok(Some(f)) => f,
                    Ok(None) => return Ok(false),
                    Err(Found) => return Ok(true),
                }
            }
        };
        // Started from S: a solution that differs from it in `cell` is most likely near it.
        let mut solver = self.engine.solver_with_phase(&crate::cnf::grid_phase_with(
            self.solution,
            self.layout.shape().value_count(),
        ))?;
        formula.encode(&mut solver);
        self.calls += 1;
        let sat = solver.solve()?;
        if sat {
            // A model that is no solution would be a bug in an encoding: say so.
            formula.grid_of(&solver)?;
        }
        Ok(sat)
    }

    /// The formula of the layout restricted to `cands`, simplified at level `mode`:
    /// `Ok(None)` when simplification refutes it, `Err(Found)` when it decides every cell and
    /// the grid is a solution.
    fn simplified(&self, cands: Vec<Mask>, mode: Simplify) -> Result<Option<Formula<'p>>, Found> {
        let f = Formula::with_candidates(self.layout, self.groups.clone(), cands, mode);
        if f.contradiction().is_some() {
            Ok(None)
        } else if f.is_decided() {
            // One candidate grid left: a solution exactly when every rule holds.
            match f.decode(|_| None) {
                Ok(_) => Err(Found),
                Err(_) => Ok(None),
            }
        } else {
            Ok(Some(f))
        }
    }

    /// Whether the cells of `orbit` can all lose their givens at once (they are marked in
    /// `given`, and stay marked): no solution differs from S in any of them.
    fn removable(&mut self, given: &mut [bool], orbit: &[Cell]) -> Result<bool, Error> {
        let n = self.layout.shape().cols();
        for &c in orbit {
            given[c.position(n)] = false;
        }
        let mut removable = true;
        if let Some(mode) = self.logic {
            // Solved by simplification means unique (solved_by): no search at all.
            removable = self.solved_by(given, mode);
        } else {
            for &c in orbit {
                if self.differs_at(given, c)? {
                    removable = false;
                    break;
                }
            }
        }
        for &c in orbit {
            given[c.position(n)] = true;
        }
        Ok(removable)
    }
}

fn with_givens(layout: &Puzzle, givens: Grid) -> Result<Puzzle, Error> {
    let mut p = Puzzle::new(
        layout.shape().clone(),
        givens,
        layout.written_constraints().to_vec(),
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
    if layout.shape().extra() > 0 {
        return Err(GenerateError::Other(Error::Input(
            "generating puzzles with extra cells is not supported (the removal oracle reads \
             the grid's cells only)"
                .into(),
        )));
    }
    if layout.shape().is_chaos() {
        // the oracle tells solutions apart by their digits; a chaos construction's also
        // differ by their regions, so a puzzle it calls unique might not be
        return Err(GenerateError::Other(Error::Input(
            "generating chaos constructions is not supported (the regions are part of each solution)".into(),
        )));
    }
    if let Some(mode @ (Simplify::Givens | Simplify::None)) = opts.logic {
        return Err(GenerateError::Other(Error::Input(format!(
            "generating puzzles solvable by {mode:?} simplification: it deduces nothing, so \
             every given would stay (use Singles or Full)"
        ))));
    }
    let mut best = usize::MAX;
    let mut calls = 0;
    let attempts = opts.attempts.clamp(1, MAX_ATTEMPTS);
    for attempt in 1..=attempts {
        let mut g = generate_once(layout, opts, rng)?;
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
    opts: &GenerateOptions,
    rng: &mut Rng,
) -> Result<Generated, GenerateError> {
    let (symmetry, engine) = (opts.symmetry, &opts.engine);
    let (rows, n) = (layout.shape().rows(), layout.shape().cols());
    if !symmetry.fits(rows, n) {
        return Err(Error::GridShape(format!(
            "the symmetry {symmetry:?} needs a square grid; this one is {rows}x{n} (rows x columns)"
        ))
        .into());
    }
    let cells = rows * n;
    let mut oracle = match Oracle::new(layout, engine, rng)? {
        Some(o) => o,
        None => {
            let f = Formula::new(layout, Simplify::Full);
            return Err(GenerateError::NoSolution(f.contradiction()));
        }
    };
    let Some(solution) = oracle.random_solution(rng)? else {
        return Err(GenerateError::NoSolution(None));
    };
    // Every cell given at first; the orbits of the cells the layout leaves open, in random
    // order, each tried once for removal.
    let mut given = vec![true; cells];
    let mut orbits: Vec<Vec<Cell>> = Vec::new();
    let mut placed = vec![false; cells];
    for i in 0..cells {
        let cell = Cell::from_position(i, n);
        if placed[i] || layout.givens().get(cell).is_some() {
            continue;
        }
        let orbit: Vec<Cell> = symmetry
            .orbit_in(cell, rows, n)
            .into_iter()
            .filter(|&c| layout.givens().get(c).is_none())
            .collect();
        for &c in &orbit {
            placed[c.position(n)] = true;
        }
        orbits.push(orbit);
    }
    rng.shuffle(&mut orbits);
    let mut removal = Removal::new(layout, &solution, engine, opts.logic);
    let mut count = cells;
    // Under `logic` a given stays when the logic needs it, though the puzzle might stay unique
    // without it.
    let mut minimal = opts.logic.is_none();
    for orbit in &orbits {
        if opts.stop_at.is_some_and(|k| count <= k) {
            minimal = false;
            break;
        }
        // Under `logic` no search runs (whose stop hook would check it): the time budget is
        // checked here, once per removal.
        engine.budget.check()?;
        if removal.removable(&mut given, orbit)? {
            for &c in orbit {
                given[c.position(n)] = false;
            }
            count -= orbit.len();
        }
    }
    let mut sat_calls = oracle.calls + removal.calls;
    let mut grid = layout.givens().clone();
    let mut count = 0;
    for (i, &g) in given.iter().enumerate() {
        let cell = Cell::from_position(i, n);
        if g && grid.get(cell).is_none() {
            grid.set(cell, Some(solution.digit(cell)));
            count += 1;
        }
    }
    let puzzle = with_givens(layout, grid)?;
    // The removal checks' answer, checked again by a fresh search.
    let mut fresh = crate::solve::Session::with_engine(&puzzle, Simplify::Full, engine);
    let verdict = crate::solve::check_session(&mut fresh)?;
    let check_sat_calls = fresh.stats().sat_calls;
    sat_calls += check_sat_calls;
    drop(fresh);
    match verdict {
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
        minimal,
        attempts: 1,
        sat_calls,
        check_sat_calls,
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
    let (rows, cols) = (puzzle.shape().rows(), puzzle.shape().cols());
    if puzzle.shape().is_chaos() || puzzle.shape().extra() > 0 {
        // The removal oracle compares the grid's digits; a chaos construction's solutions
        // also differ by their regions, and extra cells hold values of their own: each given
        // is tried with a whole uniqueness check instead.
        let mut out = Vec::new();
        for (cell, _) in puzzle.givens().filled() {
            let mut fewer = puzzle.givens().clone();
            fewer.set(cell, None);
            let p = with_givens(puzzle, fewer)?;
            if matches!(crate::solve::check(&p)?, crate::solve::Verdict::Unique(_)) {
                out.push(cell);
            }
        }
        return Ok(out);
    }
    let base = with_givens(puzzle, Grid::empty_rect(rows, cols))?;
    let mut given: Vec<bool> = puzzle
        .givens()
        .cells()
        .iter()
        .map(Option::is_some)
        .collect();
    let mut removal = Removal::new(&base, solution, &Engine::default(), None);
    let mut out = Vec::new();
    for (cell, _) in puzzle.givens().filled() {
        if removal.removable(&mut given, &[cell])? {
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
    fn stop_at_stops_early_and_says_so() {
        let layout = classic_layout(9, None).unwrap();
        let opts = GenerateOptions {
            stop_at: Some(50),
            symmetry: Symmetry::Rot180,
            ..GenerateOptions::default()
        };
        let g = generate(&layout, &opts, &mut Rng::new(3)).unwrap();
        // Orbits of two (one for the centre): the stop lands on 50 or 49.
        let givens = g.puzzle.givens().filled_count();
        assert!((49..=50).contains(&givens), "{givens}");
        assert!(!g.minimal);
        assert_eq!(count(&g.puzzle, 2).unwrap().found, 1);
        let full = generate(&layout, &GenerateOptions::default(), &mut Rng::new(3)).unwrap();
        assert!(full.minimal);
    }

    #[test]
    fn logic_levels_that_deduce_nothing_are_refused() {
        let layout = classic_layout(4, None).unwrap();
        for mode in [Simplify::Givens, Simplify::None] {
            let opts = GenerateOptions {
                logic: Some(mode),
                ..GenerateOptions::default()
            };
            let e = generate(&layout, &opts, &mut Rng::new(1)).unwrap_err();
            assert!(e.to_string().contains("deduces nothing"), "{e}");
        }
    }

    #[test]
    fn solvable_by_singles_is_solved_by_singles_and_not_minimal() {
        let layout = classic_layout(9, None).unwrap();
        let opts = GenerateOptions {
            logic: Some(Simplify::Singles),
            ..GenerateOptions::default()
        };
        let mut rng = Rng::new(4);
        for _ in 0..3 {
            let g = generate(&layout, &opts, &mut rng).unwrap();
            assert!(!g.minimal);
            let f = Formula::new(&g.puzzle, Simplify::Singles);
            assert!(f.is_decided());
            assert_eq!(f.decode(|_| None).unwrap(), g.solution);
        }
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
