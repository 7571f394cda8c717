//! Solving: some solution, the unique solution, or a count up to a cap, on the engine the
//! caller chooses ([`Engine`]). Every grid returned has passed [`Puzzle::verify`].
//!
//! Uniqueness: after a solution is found, a clause over the cell variables of the undecided
//! cells forbids exactly that grid (`!x(c1,s1) ∨ !x(c2,s2) ∨ …`) and the same solver is asked
//! again (incremental). Cells decided by simplification are equal in every solution, so they
//! need no place in the blocking clause; auxiliary variables never enter it.

use crate::cnf::ClauseSink;
use crate::engine::Sat;
pub use crate::engine::{Budget, Engine, EngineKind};
use crate::error::Error;
pub use crate::formula::{Formula, Simplify, Stats};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::sums;
use std::time::Instant;

/// An incremental search over one puzzle's solutions.
///
/// A puzzle that simplification decides completely needs no solver: its one candidate grid
/// is verified and returned, and it is unique (every step was forced). Otherwise the
/// simplified formula goes into a fresh solver of the chosen [`Engine`].
pub struct Session<'p> {
    formula: Formula<'p>,
    /// The solver; `None` once an error (a spent budget) made it unusable.
    solver: Option<Sat>,
    /// Why no solver could be made (an engine this build lacks), said at the first search.
    failed: Option<Error>,
    decided: Option<Grid>,
    exhausted: bool,
    stats: Stats,
    budget: Budget,
}

impl<'p> Session<'p> {
    /// Simplifies and encodes `puzzle` into a fresh solver.
    pub fn new(puzzle: &'p Puzzle) -> Session<'p> {
        Session::with_mode(puzzle, Simplify::default())
    }

    /// As [`Session::new`] with a chosen simplification.
    pub fn with_mode(puzzle: &'p Puzzle, mode: Simplify) -> Session<'p> {
        Session::with_budget(puzzle, mode, Budget::unlimited())
    }

    /// As [`Session::with_mode`], its searches stopped when `budget` runs out (the search
    /// then fails with [`Error::Limit`] and [`Budget::is_spent`] says why).
    pub fn with_budget(puzzle: &'p Puzzle, mode: Simplify, budget: Budget) -> Session<'p> {
        Session::with_engine(puzzle, mode, &Engine::default().with_budget(budget))
    }

    /// As [`Session::with_mode`], searching with `engine` (its kind and its budget).
    pub fn with_engine(puzzle: &'p Puzzle, mode: Simplify, engine: &Engine) -> Session<'p> {
        let budget = engine.budget.clone();
        let start = Instant::now();
        let formula = Formula::new(puzzle, mode);
        let mut stats = Stats {
            decided: formula.decided(),
            probed: formula.probed(),
            open_vars: formula.open_vars(),
            ..Stats::default()
        };
        let exhausted = formula.contradiction().is_some();
        let mut session = Session {
            formula,
            solver: None,
            failed: None,
            decided: None,
            exhausted,
            stats: Stats::default(),
            budget,
        };
        if !exhausted {
            // Fully decided and every rule holds: unique without search. If some rule fails
            // (a variant whose clauses fold to false), the solver is asked and says UNSAT.
            session.decided = session
                .formula
                .is_decided()
                .then(|| session.formula.decode(|_| None).ok())
                .flatten();
            if session.decided.is_none() {
                match searcher(&mut session.formula, puzzle, engine) {
                    Ok(mut solver) => {
                        let (vars, clauses) = session.formula.encode(&mut solver);
                        stats.vars = vars;
                        stats.clauses = clauses;
                        stats.engine = Some(solver.kind());
                        session.solver = Some(solver);
                    }
                    Err(e) => session.failed = Some(e),
                }
            }
        }
        stats.time = start.elapsed();
        session.stats = stats;
        session
    }

    /// The solver searching (for [`crate::engine::EngineKind::Auto`], the one it picked);
    /// `None` when no search was needed or the engine could not start.
    pub fn engine_kind(&self) -> Option<crate::engine::EngineKind> {
        self.solver.as_ref().map(Sat::kind)
    }

    /// The simplified formula.
    pub fn formula(&self) -> &Formula<'p> {
        &self.formula
    }

    /// Figures so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The next solution not returned before, verified; `None` when there are no more.
    pub fn next_solution(&mut self) -> Result<Option<Grid>, Error> {
        if self.exhausted {
            return Ok(None);
        }
        if let Some(grid) = self.decided.take() {
            self.exhausted = true;
            return Ok(Some(grid));
        }
        let start = Instant::now();
        let result = self.search();
        self.stats.time += start.elapsed();
        result
    }

    fn search(&mut self) -> Result<Option<Grid>, Error> {
        let Some(solver) = self.solver.as_mut() else {
            if let Some(e) = self.failed.take() {
                return Err(e);
            }
            // Dropped after an error (a spent budget): the search cannot go on.
            return Err(if self.budget.is_spent() {
                self.budget.error()
            } else {
                Error::Solver("the solver stopped after an earlier error".into())
            });
        };
        self.stats.sat_calls += 1;
        let sat = match solver.solve() {
            Ok(sat) => sat,
            Err(e) => {
                // A solver that failed (or ran out of budget) cannot be asked again.
                self.solver = None;
                return Err(e);
            }
        };
        if !sat {
            self.exhausted = true;
            return Ok(None);
        }
        let grid = self.formula.grid_of(solver)?;
        let block = self.formula.blocking_clause(&grid);
        if block.is_empty() {
            // Every cell was decided: there is no other solution.
            self.exhausted = true;
        } else {
            ClauseSink::add_clause(solver, &block);
        }
        Ok(Some(grid))
    }
}

/// The outcome of a uniqueness check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique(Grid),
    /// At least two solutions; two of them.
    Multiple(Grid, Grid),
    /// No solution.
    None,
}

/// A solution count, capped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found (at most the limit).
    pub found: usize,
    /// True when the search hit the limit, so there may be more.
    pub capped: bool,
}

/// Checks whether `puzzle` has exactly one solution.
pub fn check(puzzle: &Puzzle) -> Result<Verdict, Error> {
    let mut s = Session::new(puzzle);
    check_session(&mut s)
}

/// [`check`] on a chosen engine (its kind and time budget).
pub fn check_on(puzzle: &Puzzle, engine: &Engine) -> Result<Verdict, Error> {
    let mut s = Session::with_engine(puzzle, Simplify::default(), engine);
    check_session(&mut s)
}

/// [`check`] on an existing session (to read its stats afterwards).
pub fn check_session(s: &mut Session) -> Result<Verdict, Error> {
    let Some(first) = s.next_solution()? else {
        return Ok(Verdict::None);
    };
    Ok(match s.next_solution()? {
        Some(second) => Verdict::Multiple(first, second),
        None => Verdict::Unique(first),
    })
}

/// Some solution of `puzzle`, unique or not; `None` if it has none.
pub fn some_solution(puzzle: &Puzzle) -> Result<Option<Grid>, Error> {
    Session::new(puzzle).next_solution()
}

/// Counts solutions up to `limit` (`limit` ≥ 1), calling `each` on every one found.
pub fn count_with(puzzle: &Puzzle, limit: usize, each: impl FnMut(&Grid)) -> Result<Count, Error> {
    count_within(puzzle, limit, Budget::unlimited(), each)
}

/// [`count_with`] under a time budget.
pub fn count_within(
    puzzle: &Puzzle,
    limit: usize,
    budget: Budget,
    each: impl FnMut(&Grid),
) -> Result<Count, Error> {
    count_on(puzzle, limit, &Engine::default().with_budget(budget), each)
}

/// [`count_with`] on a chosen engine (its kind and time budget).
pub fn count_on(
    puzzle: &Puzzle,
    limit: usize,
    engine: &Engine,
    mut each: impl FnMut(&Grid),
) -> Result<Count, Error> {
    let mut s = Session::with_engine(puzzle, Simplify::default(), engine);
    let mut found = 0;
    while found < limit {
        match s.next_solution()? {
            Some(g) => {
                each(&g);
                found += 1;
            }
            None => {
                return Ok(Count {
                    found,
                    capped: false,
                })
            }
        }
    }
    // The cap is reached: one more call tells whether there are more.
    let capped = s.next_solution()?.is_some();
    Ok(Count { found, capped })
}

/// Counts solutions up to `limit`.
pub fn count(puzzle: &Puzzle, limit: usize) -> Result<Count, Error> {
    count_with(puzzle, limit, |_| {})
}

/// Under `auto`, the edges the diagrams of a puzzle's state-machine and regex lines must hold
/// in all for the diagram propagator (and with it CaDiCaL) to search them where no other
/// propagator does (skyscraper diagrams do not count: [`crate::diagrams::propagator`]).
const DIAGRAMS_ALONE: usize = 2_000;

/// A fresh solver for `formula` (of `puzzle`) on `engine` (as [`Engine::for_shape`] sets it),
/// with the propagators it hosts and the puzzle's rules call for: the sum propagator (issue
/// 21; under `auto` only where it measured worth it, else varisat searches) and a chaos
/// construction's connectivity (issue 23). From then on `formula` leaves out the clauses they
/// carry, so encode it into this solver afterwards, and into no other.
pub(crate) fn searcher(
    formula: &mut Formula,
    puzzle: &Puzzle,
    engine: &Engine,
) -> Result<Sat, Error> {
    let engine = &engine.for_shape(puzzle.shape());
    // The connectivity and diagram propagators first: they set what the formula leaves out, and the sum
    // propagator reads the variables of the final encoding (the selectors of `or` branches).
    let chaos = engine
        .kind
        .hosts_propagators()
        .then(|| formula.chaos_propagator(engine.chaos))
        .flatten();
    let connected = engine
        .kind
        .hosts_propagators()
        .then(|| formula.connected_propagator(engine.chaos))
        .flatten();
    let sums = engine.kind.hosts_propagators()
        && (engine.kind != EngineKind::Auto
            || sums::propagator_pays_on(puzzle, formula.groups(), formula.candidates()));
    // The diagram propagator before the sums' (it sets what the formula leaves out). Under
    // `auto`, beside another propagator (CaDiCaL searches then anyway) or on its own for
    // state-machine and regex diagrams of at least DIAGRAMS_ALONE edges in all: smaller ones
    // cost varisat few clauses and CaDiCaL's start more than it saves (the ISS examples with
    // skyscrapers, state machines or regex lines, BENCHMARKS.md "State machines on the
    // diagram propagator"). Their size, not their clauses: counting those would mean
    // encoding them.
    let others = sums || chaos.is_some() || connected.is_some();
    let least = match engine.kind {
        EngineKind::Auto if !others => DIAGRAMS_ALONE,
        _ => 0,
    };
    let diagrams = engine
        .kind
        .hosts_propagators()
        .then(|| formula.diagram_propagator(engine.diagrams, least))
        .flatten();
    // CaDiCaL searches with the diagrams: its sums go to their propagator too (measured
    // faster there than on their clauses, as with `--engine cadical`)
    let sums = (sums || (engine.kind.hosts_propagators() && diagrams.is_some()))
        .then(|| formula.sum_propagator(engine.propagation))
        .flatten();
    let mut parts: Vec<Box<dyn crate::engine::Propagator>> = [sums, chaos, connected, diagrams]
        .into_iter()
        .flatten()
        .collect();
    let propagator =
        match parts.len() {
            0 => None,
            1 => parts.pop(),
            _ => Some(Box::new(crate::engine::Composite::new(parts))
                as Box<dyn crate::engine::Propagator>),
        };
    propagator.map_or_else(|| engine.solver(), |p| engine.solver_with_propagator(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_one;
    use std::time::Duration;

    #[test]
    fn a_spent_budget_stops_the_search_and_says_so() {
        // An empty 9x9 needs the solver (simplification decides nothing).
        let p = parse_one(&".".repeat(81)).unwrap();
        let budget = Budget::of(Duration::ZERO);
        let mut s = Session::with_budget(&p, Simplify::Full, budget.clone());
        let e = s.next_solution().unwrap_err();
        assert!(matches!(e, Error::Limit(_)), "{e}");
        assert!(budget.is_spent());
        // Asked again, it does not pretend the search is over.
        assert!(s.next_solution().is_err());
        let e = count_within(&p, 10, Budget::of(Duration::ZERO), |_| {}).unwrap_err();
        assert!(e.to_string().contains("time budget"), "{e}");
    }

    #[test]
    fn a_generous_budget_changes_nothing() {
        let p = parse_one("...4..3.....3.2.").unwrap();
        let budget = Budget::of(Duration::from_secs(3600));
        let mut s = Session::with_budget(&p, Simplify::Givens, budget.clone());
        assert!(matches!(check_session(&mut s).unwrap(), Verdict::Unique(_)));
        let c = count_within(
            &parse_one(&".".repeat(16)).unwrap(),
            1000,
            budget.clone(),
            |_| {},
        );
        assert_eq!(c.unwrap().found, 288);
        assert!(!budget.is_spent());
        assert!(!Budget::unlimited().is_spent());
    }
}
