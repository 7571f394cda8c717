//! Solving with the embedded varisat solver: some solution, the unique solution, or a count
//! up to a cap. Every grid returned has passed [`Puzzle::verify`].
//!
//! Uniqueness: after a solution is found, a clause over the cell variables of the undecided
//! cells forbids exactly that grid (`!x(c1,s1) ∨ !x(c2,s2) ∨ …`) and the same solver is asked
//! again (incremental). Cells decided by simplification are equal in every solution, so they
//! need no place in the blocking clause; auxiliary variables never enter it.

use crate::cnf::{cell_var, classic, ClauseCounter, ClauseSink, Encoder};
use crate::error::Error;
use crate::geometry::{digits, Cell, Digit, Mask};
use crate::grid::Grid;
use crate::groups::Groups;
use crate::puzzle::Puzzle;
use crate::rules::Rule;
use crate::simplify::{propagate, simplify, Contradiction};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use varisat::{Lit, Var};

mod sat;

pub(crate) use sat::Sat;

/// A time budget for the SAT solver: a deadline after which a running search stops.
///
/// varisat 0.2 has no interrupt call, but it stops cleanly at its next step when writing its
/// proof fails (`SolverError::ProofIoError`: the schedule checks for a solver error before
/// every step, and the proof buffer is written out every few kilobytes of proof and at the
/// end of every `solve`). So a solver under a budget gets a proof writer that keeps nothing
/// and fails once the deadline has passed. Memory stays flat while it waits, and no thread is
/// left behind. The writer is installed only when a budget is set: varisat's own proof
/// format hashes clauses, which costs time (10–17 % on the hard classic sets; README,
/// "Time budget").
///
/// Clones share one record of whether the budget stopped a search ([`Budget::is_spent`]).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    limit: Option<(Instant, Duration)>,
    spent: Arc<AtomicBool>,
}

impl Budget {
    /// No limit (the default).
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// A budget of `time` from now.
    pub fn of(time: Duration) -> Budget {
        Budget {
            limit: Some((Instant::now() + time, time)),
            spent: Arc::default(),
        }
    }

    /// `Budget::of(time)` when a time is given, else unlimited.
    pub fn from_option(time: Option<Duration>) -> Budget {
        time.map_or_else(Budget::unlimited, Budget::of)
    }

    /// Whether the budget ran out and stopped a search (the result is then unknown).
    pub fn is_spent(&self) -> bool {
        self.spent.load(Ordering::Relaxed)
    }

    /// The error of a search stopped by this budget.
    fn error(&self) -> Error {
        let secs = self.limit.map_or(0.0, |(_, t)| t.as_secs_f64());
        Error::Limit(format!("stopped: the time budget of {secs} s ran out"))
    }

    /// Fails (and marks the budget spent) once the deadline has passed.
    fn check(&self) -> Result<(), Error> {
        match self.limit {
            Some((deadline, _)) if Instant::now() >= deadline => {
                self.spent.store(true, Ordering::Relaxed);
                Err(self.error())
            }
            _ => Ok(()),
        }
    }

    /// A fresh solver that stops when the budget runs out. Clauses must be added after this.
    pub(crate) fn solver(&self) -> varisat::Solver<'static> {
        let mut solver = varisat::Solver::new();
        if let Some((deadline, _)) = self.limit {
            let wire = Tripwire {
                deadline,
                spent: self.spent.clone(),
            };
            solver.write_proof(wire, varisat::ProofFormat::Varisat);
        }
        solver
    }

    /// One `solve` call on a solver made by [`Budget::solver`]. After a budget error the
    /// solver is unusable (varisat marks its state invalid): drop it.
    pub(crate) fn solve(&self, solver: &mut varisat::Solver) -> Result<bool, Error> {
        self.check()?;
        solver.solve().map_err(|e| {
            if self.is_spent() {
                self.error()
            } else {
                Error::Solver(e.to_string())
            }
        })
    }
}

/// The proof writer of a budgeted solver: keeps nothing, fails once the deadline has passed.
struct Tripwire {
    deadline: Instant,
    spent: Arc<AtomicBool>,
}

impl io::Write for Tripwire {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if Instant::now() >= self.deadline {
            self.spent.store(true, Ordering::Relaxed);
            return Err(io::Error::other("time budget ran out"));
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        self.write(&[]).map(|_| ())
    }
}

/// How much the givens simplify the formula before it is built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Simplify {
    /// Naked and hidden singles and locked candidates to a fixpoint, then failed-literal
    /// probing of the cells with two or three candidates; decided cells become constants
    /// (default).
    #[default]
    Full,
    /// Naked and hidden singles only (what unit propagation finds on the extended encoding).
    Singles,
    /// Only the givens (and unary rules) become constants; nothing is deduced.
    Givens,
    /// No folding at all: every cell variable stays, givens are unit clauses. The textbook
    /// formula, for DIMACS users who want it.
    None,
}

/// Sizes and effort of one puzzle's formula and search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Variables in the formula's numbering (N³ cell variables + auxiliaries).
    pub vars: usize,
    /// Cell variables left open after simplification.
    pub open_vars: usize,
    /// Clauses handed to the solver.
    pub clauses: usize,
    /// Cells decided before search (givens included).
    pub decided: usize,
    /// Candidates removed by probing before search (at least 1 when probing showed that
    /// there is no solution).
    pub probed: usize,
    /// Calls to the SAT solver.
    pub sat_calls: usize,
    /// Time spent building and solving.
    pub time: Duration,
}

/// The formula of a puzzle after simplification, ready to be written into any sink.
#[derive(Clone, Debug)]
pub struct Formula<'p> {
    puzzle: &'p Puzzle,
    groups: std::sync::Arc<Groups>,
    cands: Vec<Mask>,
    mode: Simplify,
    contradiction: Option<Contradiction>,
    decided: usize,
    probed: usize,
}

impl<'p> Formula<'p> {
    /// Simplifies `puzzle` as `mode` says.
    pub fn new(puzzle: &'p Puzzle, mode: Simplify) -> Formula<'p> {
        let n = puzzle.size();
        let cands = match mode {
            Simplify::None => vec![crate::geometry::full_mask(n); n * n],
            _ => puzzle.initial_candidates(),
        };
        Formula::with_candidates(puzzle, puzzle.groups(), cands, mode)
    }

    /// As [`Formula::new`], starting from `cands` instead of the puzzle's own candidates:
    /// the formula of the puzzle with each cell restricted to its mask (more givens, digits
    /// ruled out). `groups` must be `puzzle.groups()` (passed in so that a caller building
    /// many formulas on one layout computes them once). With [`Simplify::None`] the masks
    /// are not folded in: use it only with the puzzle's own full masks.
    pub(crate) fn with_candidates(
        puzzle: &'p Puzzle,
        groups: std::sync::Arc<Groups>,
        mut cands: Vec<Mask>,
        mode: Simplify,
    ) -> Formula<'p> {
        let n = puzzle.size();
        let mut contradiction = None;
        let mut probed = 0;
        if mode == Simplify::Full {
            match simplify(n, &groups, &mut cands) {
                Ok((_, p)) => probed = p.removed,
                Err(c) => {
                    // Refuted by probing: it removed every candidate of a cell.
                    probed = usize::from(matches!(c, Contradiction::Probe(_)));
                    contradiction = Some(c);
                }
            }
        } else if mode == Simplify::Singles {
            if let Err(c) = propagate(n, &groups, &mut cands, false) {
                contradiction = Some(c);
            }
        } else if let Some(i) = cands.iter().position(|&m| m == 0) {
            contradiction = Some(Contradiction::EmptyCell(Cell::from_position(i, n)));
        }
        let decided = cands.iter().filter(|m| m.count_ones() == 1).count();
        Formula {
            puzzle,
            groups,
            cands,
            mode,
            contradiction,
            decided,
            probed,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }
    /// Candidate digits per cell after simplification.
    pub fn candidates(&self) -> &[Mask] {
        &self.cands
    }
    /// Cells decided before search.
    pub fn decided(&self) -> usize {
        self.decided
    }
    /// Candidates removed by probing.
    pub fn probed(&self) -> usize {
        self.probed
    }
    /// Why the puzzle has no solution, when simplification already shows it.
    pub fn contradiction(&self) -> Option<String> {
        self.contradiction.as_ref().map(|c| match c {
            Contradiction::EmptyCell(cell) => format!("no digit fits {cell}"),
            Contradiction::NoPlace { house, digit } => format!(
                "digit {digit} has no place in {}",
                self.groups.house_names[*house]
            ),
            Contradiction::Probe(cell) => {
                format!("each digit left in {cell} leads to a contradiction")
            }
        })
    }
    /// Whether simplification decided every cell (the solution is then unique).
    pub fn is_decided(&self) -> bool {
        self.contradiction.is_none() && self.decided == self.cands.len()
    }

    /// Writes the whole formula into `sink`; returns (variables, clauses).
    pub fn encode(&self, sink: &mut dyn ClauseSink) -> (usize, usize) {
        let n = self.puzzle.size();
        let mut enc = Encoder::new(self.puzzle.shape(), &self.cands, sink);
        if self.contradiction.is_some() {
            // Known unsatisfiable: the empty clause says so.
            enc.clause([]);
            return (enc.var_count(), enc.clause_count());
        }
        if self.mode == Simplify::None {
            for (cell, d) in self.puzzle.givens().filled() {
                // the given: x(cell, d)
                let lit = cell_var(n, cell, d).positive();
                enc.clause_lits(&[lit]);
            }
        }
        classic::encode_cells(&mut enc);
        for (i, house) in self.groups.houses.iter().enumerate() {
            classic::encode_house(&mut enc, house, self.groups.house_pairs(i));
        }
        for (i, group) in self.groups.distinct.iter().enumerate() {
            classic::encode_distinct(&mut enc, group, self.groups.distinct_pairs(i));
        }
        for c in self.puzzle.constraints() {
            c.encode(&mut enc);
        }
        // What the rules imply together (implied killer sums): no single rule sees it.
        crate::rules::encode_joint(&mut enc, &self.groups.houses, self.puzzle.constraints());
        (enc.var_count(), enc.clause_count())
    }

    /// Counts variables and clauses without storing them.
    pub fn size(&self) -> (usize, usize) {
        let mut counter = ClauseCounter::default();
        self.encode(&mut counter)
    }

    /// Open cell variables (candidates of undecided cells).
    pub fn open_vars(&self) -> usize {
        self.cands
            .iter()
            .filter(|m| m.count_ones() > 1)
            .map(|m| m.count_ones() as usize)
            .sum()
    }

    /// The clause that forbids `solution`: some undecided cell holds another digit.
    pub fn blocking_clause(&self, solution: &Grid) -> Vec<Lit> {
        let n = self.puzzle.size();
        let mut lits = Vec::new();
        for (i, &m) in self.cands.iter().enumerate() {
            if m.count_ones() > 1 {
                let cell = Cell::from_position(i, n);
                // !x(cell, solution digit)
                lits.push(!cell_var(n, cell, solution.digit(cell)).positive());
            }
        }
        lits
    }

    /// Reads a grid from a model (`value(var)` gives a variable's value, `None` if the model
    /// does not say) and verifies it against the puzzle.
    pub fn decode(&self, value: impl Fn(Var) -> Option<bool>) -> Result<Grid, Error> {
        let n = self.puzzle.size();
        let mut grid = Grid::empty(n);
        for (i, &m) in self.cands.iter().enumerate() {
            let cell = Cell::from_position(i, n);
            let mut chosen: Option<Digit> = None;
            if m.count_ones() == 1 {
                chosen = digits(m).next();
            } else {
                for d in digits(m) {
                    let var = cell_var(n, cell, d);
                    match value(var) {
                        Some(true) if chosen.is_some() => {
                            return Err(Error::Model(format!(
                                "model sets two digits in {cell} (variables {} and {})",
                                cell_var(n, cell, chosen.unwrap()).to_dimacs(),
                                var.to_dimacs()
                            )))
                        }
                        Some(true) => chosen = Some(d),
                        Some(false) => {}
                        None => {
                            return Err(Error::Model(format!(
                                "model has no value for variable {} ({cell} = {d})",
                                var.to_dimacs()
                            )))
                        }
                    }
                }
            }
            let Some(d) = chosen else {
                return Err(Error::Model(format!("model sets no digit in {cell}")));
            };
            grid.set(cell, Some(d));
        }
        self.puzzle.verify(&grid)?;
        Ok(grid)
    }
}

/// An incremental search over one puzzle's solutions.
///
/// A puzzle that simplification decides completely needs no solver: its one candidate grid
/// is verified and returned, and it is unique (every step was forced). Otherwise the
/// simplified formula goes into a fresh varisat solver.
pub struct Session<'p> {
    formula: Formula<'p>,
    /// The solver; `None` once an error (a spent budget) made it unusable.
    solver: Option<Sat>,
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
        let start = Instant::now();
        let formula = Formula::new(puzzle, mode);
        let mut stats = Stats {
            decided: formula.decided(),
            probed: formula.probed(),
            open_vars: formula.open_vars(),
            ..Stats::default()
        };
        let exhausted = formula.contradiction.is_some();
        let mut session = Session {
            formula,
            solver: None,
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
                let mut solver = Sat::new(&session.budget);
                let (vars, clauses) = session.formula.encode(&mut solver);
                stats.vars = vars;
                stats.clauses = clauses;
                session.solver = Some(solver);
            }
        }
        stats.time = start.elapsed();
        session.stats = stats;
        session
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
        let grid = solver.grid(&self.formula)?;
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
    mut each: impl FnMut(&Grid),
) -> Result<Count, Error> {
    let mut s = Session::with_budget(puzzle, Simplify::default(), budget);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_one;

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
