//! The engine seam: everything satdoku asks of a CDCL SAT solver, and the one place that
//! names a solver crate.

pub mod propagator;

pub use propagator::Propagator;
/// A literal of a formula (DIMACS numbering, 0-based index). varisat's literal type, which is
/// always built.
pub use varisat::Lit;
/// A variable of a formula (0-based index; `to_dimacs` gives the 1-based DIMACS number).
pub use varisat::Var;
