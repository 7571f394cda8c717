//! varisat, the embedded engine that is always built: the search, its time budget, and the
//! proofs of `check --proof` (varisat writes DRAT and its own format, and checks the latter).

use super::{Backend, Budget, Lit, Var};
use crate::error::Error;
use std::io;

/// varisat as the crate drives it: every literal handed over negated, unless the variable is
/// marked plain by a phase grid.
///
/// Why negated: varisat decides an unassigned variable false first (its initial phase), and a
/// false cell variable only rules one digit out of a cell, while a true one places a digit and
/// propagates to every peer. Negated, its first guesses place digits. Measured with
/// `satdoku check -j1` (user CPU): a sparse 36×36 12.4 s → 2.5 s, the 136 variants
/// 2.0 s → 1.55 s, the hard 9×9 sets unchanged to 10 % faster (BENCHMARKS.md).
///
/// With a phase grid the cell variables that grid rules out are handed over plain instead, so
/// varisat's first guess for every cell is the grid's digit.
pub(crate) struct Varisat {
    solver: ::varisat::Solver<'static>,
    budget: Budget,
    /// Per variable: handed over plain (not negated). Empty: every variable negated.
    plain: Vec<bool>,
    /// Per formula variable, its value in the last model.
    model: Vec<bool>,
    buf: Vec<Lit>,
}

impl Varisat {
    /// A fresh solver under `budget`; `plain` marks the variables handed over un-negated.
    pub(crate) fn new(budget: &Budget, plain: Vec<bool>) -> Varisat {
        let mut solver = ::varisat::Solver::new();
        if budget.deadline().is_some() {
            // varisat 0.2 has no interrupt call, but it stops cleanly at its next step when
            // writing its proof fails (`SolverError::ProofIoError`: the schedule checks for a
            // solver error before every step, and the proof buffer is written out every few
            // kilobytes of proof and at the end of every `solve`). So a solver under a budget
            // gets a proof writer that keeps nothing and fails once the deadline has passed.
            // Only then: varisat's own proof format hashes clauses, which costs time (10–17 %
            // on the hard classic sets; README, "Time budget").
            let wire = Tripwire(budget.clone());
            solver.write_proof(wire, ::varisat::ProofFormat::Varisat);
        }
        Varisat {
            solver,
            budget: budget.clone(),
            plain,
            model: Vec::new(),
            buf: Vec::new(),
        }
    }

    /// The literal handed to varisat for the formula's `lit`.
    fn map(&self, lit: Lit) -> Lit {
        if self.plain.get(lit.index()).copied().unwrap_or(false) {
            lit
        } else {
            !lit
        }
    }
}

impl Backend for Varisat {
    fn add_clause(&mut self, lits: &[Lit]) {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.extend(lits.iter().map(|&l| self.map(l)));
        ::varisat::ExtendFormula::add_clause(&mut self.solver, &buf);
        self.buf = buf;
    }

    fn assume(&mut self, lits: &[Lit]) {
        let mapped: Vec<Lit> = lits.iter().map(|&l| self.map(l)).collect();
        self.solver.assume(&mapped);
    }

    fn solve(&mut self) -> Result<bool, Error> {
        self.budget.check()?;
        let sat = self.solver.solve().map_err(|e| {
            if self.budget.is_spent() {
                self.budget.error()
            } else {
                Error::Solver(e.to_string())
            }
        })?;
        if sat {
            let model = self
                .solver
                .model()
                .ok_or_else(|| Error::Solver("varisat: no model after SAT".into()))?;
            self.model.clear();
            self.model.resize(
                model.iter().map(|l| l.index() + 1).max().unwrap_or(0),
                false,
            );
            for lit in &model {
                // varisat's literal is what `map` made of the formula's: map it back.
                let formula_lit = self.map(*lit);
                self.model[lit.index()] = formula_lit.is_positive();
            }
        }
        Ok(sat)
    }

    fn value(&self, var: Var) -> Option<bool> {
        self.model.get(var.index()).copied()
    }
}

/// The proof writer of a budgeted solver: keeps nothing, fails once the budget's deadline
/// has passed (and marks it spent).
struct Tripwire(Budget);

impl io::Write for Tripwire {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.0.expired() {
            return Err(io::Error::other("time budget ran out"));
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        self.write(&[]).map(|_| ())
    }
}

/// The proof formats varisat writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProofFormat {
    /// Text DRAT: one added clause per line, `d` lines delete (drat-trim, dpr-trim, cake_lpr).
    #[default]
    Drat,
    /// Varisat's native format (checked by `varisat --check` or [`verify_varisat`]).
    Varisat,
}

impl ProofFormat {
    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            ProofFormat::Drat => "drat",
            ProofFormat::Varisat => "varisat",
        }
    }
}

/// Solves `clauses` (already written by `encode`) with a fresh varisat that records a proof
/// in `format` into `proof` from its first clause; returns whether the formula is satisfiable.
/// Proofs always come from varisat: CaDiCaL's proof output is not exposed by its binding.
pub(crate) fn solve_with_proof(
    proof: &mut dyn io::Write,
    format: ProofFormat,
    encode: impl FnOnce(&mut dyn FnMut(&[Lit])),
) -> Result<bool, Error> {
    let mut solver = ::varisat::Solver::new();
    solver.write_proof(
        proof,
        match format {
            ProofFormat::Drat => ::varisat::ProofFormat::Drat,
            ProofFormat::Varisat => ::varisat::ProofFormat::Varisat,
        },
    );
    encode(&mut |c: &[Lit]| ::varisat::ExtendFormula::add_clause(&mut solver, c));
    let sat = solver.solve().map_err(|e| Error::Solver(e.to_string()))?;
    solver
        .close_proof()
        .map_err(|e| Error::Solver(e.to_string()))?;
    Ok(sat)
}

/// Records whether the checked proof derived the empty clause.
#[derive(Default)]
struct SawUnsat(bool);

impl ::varisat::checker::ProofTranscriptProcessor for SawUnsat {
    fn process_step(
        &mut self,
        step: &::varisat::checker::ProofTranscriptStep,
    ) -> Result<(), anyhow::Error> {
        if matches!(step, ::varisat::checker::ProofTranscriptStep::Unsat) {
            self.0 = true;
        }
        Ok(())
    }
}

/// Checks a varisat-format proof that the DIMACS `cnf` is UNSAT, with varisat's checker.
pub fn verify_varisat(cnf: impl io::Read, proof: impl io::Read) -> Result<(), Error> {
    let mut unsat = SawUnsat::default();
    {
        let mut checker = ::varisat::checker::Checker::new();
        checker.add_transcript(&mut unsat);
        checker
            .add_dimacs_cnf(cnf)
            .map_err(|e| Error::Verification(format!("query: {e}")))?;
        checker
            .check_proof(io::BufReader::new(proof))
            .map_err(|e| Error::Verification(format!("proof: {e}")))?;
    }
    if !unsat.0 {
        return Err(Error::Verification(
            "the proof is valid but does not derive the empty clause".into(),
        ));
    }
    Ok(())
}
