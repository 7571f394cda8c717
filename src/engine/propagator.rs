//! The external-propagator seam: reasoning that lives outside the clauses and is asked by the
//! CDCL search at each step (lazy clause generation). An engine that can host one
//! ([`super::EngineKind::Cadical`], through IPASIR-UP) calls these methods; an engine that
//! cannot (varisat) never sees a propagator and solves the plain CNF instead, which must mean
//! the same puzzle.
//!
//! Every literal here is a *formula* literal (the numbering of [`crate::cnf`], the DIMACS
//! numbering): engines translate to their own numbering and back.
//!
//! The contract (the one CaDiCaL's IPASIR-UP interface imposes, stated engine-neutrally):
//! - [`Propagator::assigned`] hears every assignment of an observed variable, in trail order,
//!   between decision-level changes; [`Propagator::new_level`] and [`Propagator::backtrack`]
//!   bracket them, so the propagator can undo its state with the trail.
//! - [`Propagator::propagate`] returns one literal implied by the current assignment (or
//!   `None`); the engine may ask for its reason later, with [`Propagator::explain`], and only
//!   while the premises of that reason are still assigned.
//! - A reason is a clause that holds in every solution of the constraint, contains the
//!   propagated literal, and whose other literals are all false under the assignment at the
//!   time of the propagation.
//! - [`Propagator::conflict`] hands over a clause that holds in every solution and is false
//!   under the current assignment (the engine learns from it and backtracks).
//! - [`Propagator::check_model`] sees every complete model; it must return `false` (and have a
//!   clause ready for [`Propagator::conflict`]) when the model breaks one of its constraints,
//!   so that a propagator that does not propagate everything is still sound.

use super::{Lit, Var};

/// Reasoning the search consults at each step. See the module documentation for the contract.
pub trait Propagator {
    /// The variables whose assignments this propagator must hear of.
    fn observed(&self) -> Vec<Var>;

    /// Observed literals that became true, in trail order.
    fn assigned(&mut self, lits: &[Lit]);

    /// A new decision level starts.
    fn new_level(&mut self);

    /// The search went back to decision level `level` (0 = the root): assignments made at
    /// deeper levels are undone.
    fn backtrack(&mut self, level: usize);

    /// A literal implied by the current assignment that is not yet true, or `None` when there
    /// is nothing (more) to propagate.
    fn propagate(&mut self) -> Option<Lit>;

    /// Writes the reason of `lit`, returned earlier by [`Propagator::propagate`], into
    /// `reason` (cleared first): `lit` and the negations of the premises that forced it.
    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>);

    /// A clause false under the current assignment, when the propagator has found a
    /// conflict; writes it into `clause` (cleared first) and returns `true`, else `false`.
    fn conflict(&mut self, clause: &mut Vec<Lit>) -> bool;

    /// Checks a complete model (`value(lit)` tells whether `lit` is true). `false` when it
    /// breaks a constraint; a clause that the model falsifies must then be ready for
    /// [`Propagator::conflict`].
    fn check_model(&mut self, value: &dyn Fn(Lit) -> bool) -> bool;
}

/// Writes the explanation of `lit` for [`Propagator::explain`]: `lit` first, then the cited
/// false literals, sorted, each once, without `lit` itself — how every lazily explaining
/// propagator here finishes a reason.
pub fn explained(lit: Lit, mut cited: Vec<Lit>, reason: &mut Vec<Lit>) {
    reason.clear();
    reason.push(lit);
    cited.sort_unstable();
    cited.dedup();
    reason.extend(cited.into_iter().filter(|&l| l != lit));
}

/// Hands a pending conflict over for [`Propagator::conflict`]: moves `pending` into `clause`
/// (cleared first) and says whether there was one — how every propagator here keeps the
/// conflict it found until the engine asks for it.
pub fn hand_over(pending: &mut Option<Vec<Lit>>, clause: &mut Vec<Lit>) -> bool {
    clause.clear();
    match pending.take() {
        Some(c) => {
            clause.extend(c);
            true
        }
        None => false,
    }
}
