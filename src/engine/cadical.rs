//! CaDiCaL, through the pindakaas binding (built from CaDiCaL's vendored source with the
//! machine's C++ compiler; no download): the search, its terminate callback for the time
//! budget, and — the reason it is here — an external propagator (IPASIR-UP).
//!
//! Literals go over unchanged (CaDiCaL's initial phase is "true", so its first guesses place
//! digits without the negation varisat needs). Variables are declared before a clause uses
//! them, as CaDiCaL asks.

use super::{Backend, Budget, Lit, Propagator, Var};
use crate::error::Error;
use pindakaas::solver::cadical::Cadical as Pk;
use pindakaas::solver::propagation::{
    ClauseBuilder, ClausePersistence, ExternalPropagation, Propagator as PkPropagator,
    PropagatorConfig, Solution, SolvingActions,
};
use pindakaas::solver::{Assumptions, SolveResult, TermSignal, TerminateCallback};
use pindakaas::{ClauseDatabase, Valuation};
use std::cell::RefCell;
use std::num::NonZeroI32;
use std::rc::Rc;

/// Our literal as pindakaas's (DIMACS numbers on both sides).
fn to_pk(lit: Lit) -> pindakaas::Lit {
    let n = i32::try_from(lit.to_dimacs()).unwrap_or(i32::MAX);
    // A DIMACS literal is never 0.
    pindakaas::Lit::from_raw(NonZeroI32::new(n).unwrap_or(NonZeroI32::MIN))
}

/// pindakaas's literal as ours.
fn from_pk(lit: pindakaas::Lit) -> Lit {
    let n: i32 = lit.into();
    Lit::from_dimacs(n as isize)
}

/// One CaDiCaL instance.
pub(crate) struct Cadical {
    solver: Pk,
    budget: Budget,
    /// Variables declared so far (CaDiCaL numbers them 1..=declared).
    declared: usize,
    assumptions: Vec<pindakaas::Lit>,
    /// Per formula variable, its value in the last model.
    model: Vec<bool>,
    /// Waits for the first `solve`, when every variable it observes is declared.
    pending: Option<Box<dyn Propagator>>,
    buf: Vec<pindakaas::Lit>,
}

impl Cadical {
    /// A fresh solver under `budget`, with `propagator` consulted during its searches;
    /// `phased`: phases will be set, to be tried first.
    pub(crate) fn new(
        budget: &Budget,
        propagator: Option<Box<dyn Propagator>>,
        phased: bool,
    ) -> Cadical {
        let mut solver = Pk::default();
        if phased {
            // The "lucky" pre-search tries fixed phases (all false, all true, …) before the
            // given ones: off, so that a search near a known grid starts from it. CaDiCaL
            // takes options only right after it is made.
            solver.set_option("lucky", 0);
        }
        if budget.deadline().is_some() {
            let b = budget.clone();
            solver.set_terminate_callback(Some(move || {
                if b.expired() {
                    TermSignal::Terminate
                } else {
                    TermSignal::Continue
                }
            }));
        }
        Cadical {
            solver,
            budget: budget.clone(),
            declared: 0,
            assumptions: Vec::new(),
            model: Vec::new(),
            pending: propagator,
            buf: Vec::new(),
        }
    }

    /// Declares variables up to `var` (1-based DIMACS number).
    fn declare(&mut self, var: usize) {
        if var > self.declared {
            self.solver.new_var_range(var - self.declared);
            self.declared = var;
        }
    }

    /// Sets the first value CaDiCaL tries for `lit`'s variable: `lit` true.
    pub(crate) fn phase(&mut self, lit: Lit) {
        self.declare(lit.index() + 1);
        self.solver.phase(to_pk(lit));
    }

    /// Connects the waiting propagator, observing its variables.
    fn connect(&mut self) {
        if let Some(p) = self.pending.take() {
            let observed = p.observed();
            if let Some(max) = observed.iter().map(|v| v.index() + 1).max() {
                self.declare(max);
            }
            let bridge = Rc::new(RefCell::new(Bridge {
                inner: p,
                buf: Vec::new(),
            }));
            self.solver.connect_propagator(bridge);
            for v in observed {
                self.solver.add_observed_var(to_pk(v.positive()).var());
            }
        }
    }
}

impl Backend for Cadical {
    fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(max) = lits.iter().map(|l| l.index() + 1).max() {
            self.declare(max);
        }
        self.buf.clear();
        self.buf.extend(lits.iter().map(|&l| to_pk(l)));
        // An empty clause makes the formula unsatisfiable; `solve` will say so.
        let _ = self.solver.add_clause_from_slice(&self.buf);
    }

    fn assume(&mut self, lits: &[Lit]) {
        if let Some(max) = lits.iter().map(|l| l.index() + 1).max() {
            self.declare(max);
        }
        self.assumptions = lits.iter().map(|&l| to_pk(l)).collect();
    }

    fn solve(&mut self) -> Result<bool, Error> {
        self.budget.check()?;
        self.connect();
        let declared = self.declared;
        let result = self.solver.solve_assuming(self.assumptions.iter().copied());
        match result {
            SolveResult::Satisfied(v) => {
                self.model.clear();
                self.model.extend((1..=declared).map(|i| {
                    let lit = to_pk(Var::from_dimacs(i as isize).positive());
                    v.value(lit)
                }));
                Ok(true)
            }
            SolveResult::Unsatisfiable(_) => Ok(false),
            SolveResult::Unknown => Err(if self.budget.is_spent() {
                self.budget.error()
            } else {
                Error::Solver("CaDiCaL stopped without an answer".into())
            }),
        }
    }

    fn value(&self, var: Var) -> Option<bool> {
        self.model.get(var.index()).copied()
    }
}

/// Hands CaDiCaL's propagator callbacks to a crate [`Propagator`], translating literals.
struct Bridge {
    inner: Box<dyn Propagator>,
    buf: Vec<Lit>,
}

impl PkPropagator for Bridge {
    fn check_solution(&mut self, _: &mut dyn SolvingActions, solution: Solution<'_>) -> bool {
        self.inner.check_model(&|lit| solution.value(to_pk(lit)))
    }

    fn explain_propagation(&mut self, lit: pindakaas::Lit, mut clause: ClauseBuilder<'_>) {
        self.inner.explain(from_pk(lit), &mut self.buf);
        clause.extend(self.buf.iter().map(|&l| to_pk(l)));
    }

    fn notify_assignment(&mut self, lits: &[pindakaas::Lit]) {
        self.buf.clear();
        self.buf.extend(lits.iter().map(|&l| from_pk(l)));
        let buf = std::mem::take(&mut self.buf);
        self.inner.assigned(&buf);
        self.buf = buf;
    }

    fn notify_backtrack(&mut self, new_level: usize, _restart: bool) {
        self.inner.backtrack(new_level);
    }

    fn notify_new_decision_level(&mut self) {
        self.inner.new_level();
    }

    fn propagate(&mut self, _: &mut dyn SolvingActions) -> Option<pindakaas::Lit> {
        self.inner.propagate().map(to_pk)
    }

    fn provide_clause(
        &mut self,
        _: &mut dyn SolvingActions,
        mut clause: ClauseBuilder<'_>,
    ) -> Option<ClausePersistence> {
        if self.inner.conflict(&mut self.buf) {
            clause.extend(self.buf.iter().map(|&l| to_pk(l)));
            // Implied by the constraints: the propagator finds it again if it is dropped.
            Some(ClausePersistence::Forgettable)
        } else {
            None
        }
    }
}

impl PropagatorConfig for Bridge {
    // Reasons are re-derived on demand from the trail (lazy explanation), so the solver may
    // drop them.
    const REASON_PERSISTENCE: ClausePersistence = ClausePersistence::Forgettable;
}
