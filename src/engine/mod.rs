//! The engine seam: everything satdoku asks of a CDCL SAT solver, and the one place that
//! names a solver crate.
//!
//! A search is a [`Sat`]: clauses go in through the [`ClauseSink`] that the encoders and the
//! DIMACS writer also write to, assumptions set, `solve` under the [`Budget`] of its
//! [`Engine`], and the model read back as a verified grid. Two engines sit behind it:
//! - [`EngineKind::Varisat`], always built: the owner's choice, and the one that writes the
//!   proofs of `check --proof` (written by varisat, checked by [`verify_varisat`]);
//! - [`EngineKind::Cadical`] (cargo feature `cadical`, on by default): CaDiCaL, which can host
//!   an external [`Propagator`] (IPASIR-UP).

mod budget;
#[cfg(feature = "cadical")]
mod cadical;
mod composite;
pub mod propagator;
mod varisat;

pub use self::budget::Budget;
pub use self::composite::Composite;
pub(crate) use self::varisat::solve_with_proof;
pub use self::varisat::{verify_varisat, ProofFormat};
/// A literal of a formula (DIMACS numbering, 0-based index). varisat's literal type, which is
/// always built.
pub use ::varisat::Lit;
/// A variable of a formula (0-based index; `to_dimacs` gives the 1-based DIMACS number).
pub use ::varisat::Var;
pub use propagator::Propagator;

use crate::error::Error;
use crate::geometry::Shape;
use std::fmt;
use std::str::FromStr;

/// Where clauses go: an engine's search, a DIMACS writer, a counter, a stored list. The
/// encoders write every clause through it, so solving and exporting share one code path.
pub trait ClauseSink {
    /// Adds one clause (a disjunction of literals; empty means unsatisfiable).
    fn add_clause(&mut self, lits: &[Lit]);
}

/// The largest side [`EngineKind::Auto`] leaves to varisat when the puzzle has no sums.
pub const AUTO_CADICAL_SIDE: usize = 25;

/// Which SAT solver searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Per puzzle: CaDiCaL with the sum propagator when the puzzle's sums pay for it
    /// ([`crate::sums::propagator_pays`]: they cover more than two thirds of the grid, or one
    /// has 16 cells or more), or when its side is above [`AUTO_CADICAL_SIDE`] or it has more
    /// values than its longer side (and CaDiCaL is built), or for a chaos construction (with
    /// the connectivity propagator; all three [`Engine::for_shape`]), or for a puzzle with connected-values rules (with
    /// [`crate::connected::ConnectedPropagator`]); varisat otherwise — each where it measured
    /// faster (BENCHMARKS.md, "Choosing the engine per puzzle", "The chaos connectivity
    /// propagator", "Connected values: a connectivity propagator").
    #[default]
    Auto,
    /// varisat, the embedded pure-Rust solver (always built).
    Varisat,
    /// CaDiCaL (cargo feature `cadical`), which hosts the sum propagator.
    Cadical,
}

impl EngineKind {
    /// Every engine, built or not (not [`EngineKind::Auto`], which picks one of them).
    pub const ALL: [EngineKind; 2] = [EngineKind::Varisat, EngineKind::Cadical];

    /// Every choice of `--engine`, in the order `--help` lists them.
    pub const CHOICES: [EngineKind; 3] =
        [EngineKind::Auto, EngineKind::Varisat, EngineKind::Cadical];

    /// The engine's name, as `--engine` takes it.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Auto => "auto",
            EngineKind::Varisat => "varisat",
            EngineKind::Cadical => "cadical",
        }
    }

    /// Whether this build has the engine.
    pub fn is_built(self) -> bool {
        match self {
            EngineKind::Auto | EngineKind::Varisat => true,
            EngineKind::Cadical => cfg!(feature = "cadical"),
        }
    }

    /// Whether the engine can host an external [`Propagator`] (`Auto` can when CaDiCaL is
    /// built: a search given a propagator runs on CaDiCaL, any other on varisat).
    pub fn hosts_propagators(self) -> bool {
        match self {
            EngineKind::Auto => cfg!(feature = "cadical"),
            EngineKind::Varisat => false,
            EngineKind::Cadical => true,
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EngineKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<EngineKind, Error> {
        EngineKind::CHOICES
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                Error::Solver(format!("unknown engine {s:?} (auto, varisat or cadical)"))
            })
    }
}

/// How the relations that a propagator can carry (the linear sums of issue 21) are split
/// between the propagator and the clauses, on an engine that hosts propagators. Answers are
/// the same in every mode (the tests compare them); speed differs (BENCHMARKS.md, "The sum
/// propagator on CaDiCaL").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Propagation {
    /// The propagator carries the sums; their clauses are left out, except killer cages'
    /// (which measured faster kept).
    #[default]
    Carry,
    /// The propagator carries the sums and every one of their clauses is left out.
    CarryAll,
    /// The propagator and the clauses both.
    Both,
    /// No propagator: the clauses only, as on varisat.
    Off,
}

impl Propagation {
    /// Every mode, in the order `--help` lists them.
    pub const ALL: [Propagation; 4] = [
        Propagation::Carry,
        Propagation::CarryAll,
        Propagation::Both,
        Propagation::Off,
    ];

    /// The mode's name, as `--sum-propagator` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Propagation::Carry => "carry",
            Propagation::CarryAll => "carry-all",
            Propagation::Both => "both",
            Propagation::Off => "off",
        }
    }
}

impl fmt::Display for Propagation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Propagation {
    type Err = Error;
    fn from_str(s: &str) -> Result<Propagation, Error> {
        Propagation::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                Error::Solver(format!(
                    "unknown sum propagation {s:?} (carry, carry-all, both or off)"
                ))
            })
    }
}

/// The engine of a search and its time budget: what every solving call of the library takes.
#[derive(Clone, Debug)]
pub struct Engine {
    /// Which solver.
    pub kind: EngineKind,
    /// The time budget of each search it makes.
    pub budget: Budget,
    /// How sums are split between propagator and clauses (only where the engine hosts
    /// propagators).
    pub propagation: Propagation,
    /// How connectivity is split between its propagators and the reachability clauses: a
    /// chaos construction's regions ([`crate::chaos::ChaosPropagator`]) and connected-values
    /// rules ([`crate::connected::ConnectedPropagator`]); only where the engine hosts
    /// propagators; `Carry` and `CarryAll` both leave the clauses out.
    pub chaos: Propagation,
    /// How rules with a search diagram (skyscrapers) are split between the diagram
    /// propagator ([`crate::diagrams`]) and their clauses; only where the engine hosts
    /// propagators; `Carry` and `CarryAll` both leave the clauses out.
    pub diagrams: Propagation,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(EngineKind::default())
    }
}

impl Engine {
    /// The engine `kind`, unlimited.
    pub fn new(kind: EngineKind) -> Engine {
        Engine {
            kind,
            budget: Budget::unlimited(),
            propagation: Propagation::default(),
            chaos: Propagation::default(),
            diagrams: Propagation::default(),
        }
    }

    /// The same engine with the rules that have search diagrams split as `diagrams` says.
    pub fn with_diagrams(mut self, diagrams: Propagation) -> Engine {
        self.diagrams = diagrams;
        self
    }

    /// The same engine with sums split as `propagation` says.
    pub fn with_propagation(mut self, propagation: Propagation) -> Engine {
        self.propagation = propagation;
        self
    }

    /// The same engine with connectivity (chaos regions, connected values) split as `chaos`
    /// says.
    pub fn with_chaos(mut self, chaos: Propagation) -> Engine {
        self.chaos = chaos;
        self
    }

    /// The same engine under `budget`.
    pub fn with_budget(mut self, budget: Budget) -> Engine {
        self.budget = budget;
        self
    }

    /// A fresh search.
    pub fn solver(&self) -> Result<Sat, Error> {
        self.make(None, None)
    }

    /// A fresh search that tries each literal of `prefer` true first (its initial phase):
    /// a search for a solution near a known one starts from it
    /// ([`crate::cnf::grid_phase`] gives the literals of a grid).
    pub fn solver_with_phase(&self, prefer: &[Lit]) -> Result<Sat, Error> {
        self.make(Some(prefer), None)
    }

    /// The engine for a puzzle of `shape`. Only [`EngineKind::Auto`] changes: a chaos
    /// construction stays `Auto` when CaDiCaL is built (the connectivity propagator,
    /// [`crate::chaos::ChaosPropagator`], then takes it to CaDiCaL: ISS's Cavernous
    /// Construction 3.6 s against varisat's 70 s; BENCHMARKS.md, "The chaos connectivity
    /// propagator") and gets varisat otherwise; a side above [`AUTO_CADICAL_SIDE`] gets
    /// CaDiCaL when built (0.61× varisat's CPU on the 36×36, even at 25×25), and so does a
    /// grid with more values than its longer side (`5x5~9`, `6x6~9`, `9x9~0-9`: no house
    /// holds every value, so no "each value somewhere in the house" clause helps the search;
    /// CaDiCaL took 0.84× varisat's time in geometric mean over the 14 of ISS's examples of
    /// that shape without another propagator, The Whirlpool 3.0 → 0.7 ms; BENCHMARKS.md,
    /// "More values than a house: CaDiCaL"); anything else stays `Auto` (CaDiCaL for a
    /// search given a propagator, varisat for any other). Any other kind is kept.
    pub fn for_shape(&self, shape: &Shape) -> Engine {
        let mut e = self.clone();
        if e.kind == EngineKind::Auto {
            let cadical = EngineKind::Cadical.is_built();
            if shape.is_chaos() {
                if !cadical {
                    e.kind = EngineKind::Varisat;
                }
            } else if cadical
                && (shape.side() > AUTO_CADICAL_SIDE || shape.value_count() > shape.side())
            {
                e.kind = EngineKind::Cadical;
            }
        }
        e
    }

    /// A fresh search that consults `propagator` at each step. Engines that cannot host one
    /// refuse: the caller must then encode what the propagator would have enforced.
    pub fn solver_with_propagator(&self, propagator: Box<dyn Propagator>) -> Result<Sat, Error> {
        self.make(None, Some(propagator))
    }

    fn make(
        &self,
        phase: Option<&[Lit]>,
        propagator: Option<Box<dyn Propagator>>,
    ) -> Result<Sat, Error> {
        // auto: CaDiCaL for a search with a propagator (when built), varisat for any other
        let kind = match self.kind {
            EngineKind::Auto if propagator.is_some() && EngineKind::Cadical.is_built() => {
                EngineKind::Cadical
            }
            EngineKind::Auto => EngineKind::Varisat,
            k => k,
        };
        let backend: Box<dyn Backend> = match kind {
            EngineKind::Auto | EngineKind::Varisat => {
                if propagator.is_some() {
                    return Err(Error::Solver(
                        "varisat cannot host an external propagator".into(),
                    ));
                }
                let mut plain = Vec::new();
                for lit in phase.unwrap_or_default().iter().filter(|l| l.is_negative()) {
                    // varisat tries false first: a variable preferred false goes over plain
                    // (every other one negated, so tried true first).
                    if plain.len() <= lit.index() {
                        plain.resize(lit.index() + 1, false);
                    }
                    plain[lit.index()] = true;
                }
                Box::new(self::varisat::Varisat::new(&self.budget, plain))
            }
            #[cfg(feature = "cadical")]
            EngineKind::Cadical => {
                let mut c = self::cadical::Cadical::new(&self.budget, propagator, phase.is_some());
                for &lit in phase.unwrap_or_default() {
                    c.phase(lit);
                }
                Box::new(c)
            }
            #[cfg(not(feature = "cadical"))]
            EngineKind::Cadical => {
                let _ = propagator;
                return Err(Error::Solver(
                    "this build has no CaDiCaL (cargo feature `cadical`)".into(),
                ));
            }
        };
        Ok(Sat { backend, kind })
    }
}

/// What one solver must do for [`Sat`]; each engine's file implements it.
pub(crate) trait Backend {
    /// Adds a clause of formula literals.
    fn add_clause(&mut self, lits: &[Lit]);
    /// Sets the assumptions of the next `solve` calls (formula literals).
    fn assume(&mut self, lits: &[Lit]);
    /// One search under the engine's budget. After an error the solver is unusable.
    fn solve(&mut self) -> Result<bool, Error>;
    /// The value of `var` in the last model (`None` when the model does not have it).
    fn value(&self, var: Var) -> Option<bool>;
}

/// One incremental search, on whichever engine made it. Sessions, true candidates, the
/// generator and the tests share this one path.
pub struct Sat {
    backend: Box<dyn Backend>,
    kind: EngineKind,
}

impl Sat {
    /// The solver that searches (never [`EngineKind::Auto`]: the one it picked).
    pub fn kind(&self) -> EngineKind {
        self.kind
    }

    /// Sets the assumptions of the next [`Sat::solve`] calls (formula literals).
    pub fn assume(&mut self, lits: &[Lit]) {
        self.backend.assume(lits);
    }

    /// One search under the budget: satisfiable or not. After an error (a spent budget) the
    /// solver is unusable: drop it.
    pub fn solve(&mut self) -> Result<bool, Error> {
        self.backend.solve()
    }

    /// The value of `lit` in the last model (after a `true` from [`Sat::solve`]); `None`
    /// for a variable the solver never saw.
    pub fn value(&self, lit: Lit) -> Option<bool> {
        self.backend
            .value(lit.var())
            .map(|v| v == lit.is_positive())
    }
}

impl ClauseSink for Sat {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.backend.add_clause(lits);
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod walk;
