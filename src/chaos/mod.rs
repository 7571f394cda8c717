//! Connectivity of a chaos construction's regions, checked lazily (issue 23, item 3): the
//! SAT-modulo-graphs way. The CNF of [`crate::cnf::chaos`] keeps the partition, the canonical
//! numbering and the digits per region; [`ChaosPropagator`], an external
//! [`crate::engine::Propagator`] on an engine that hosts one, takes the place of its bounded
//! reachability clauses: it watches the region variables g(p,k) and cuts off, per region,
//! what no connected region of N cells can hold.
//!
//! Most of its clauses (reasons or conflicts) have one shape, a *cut*: for a set C of cells
//! joined orthogonally and its boundary ∂C (the cells next to C), a connected region k that
//! holds a cell of C and a cell outside C (or more than |C| cells) must cross ∂C:
//! `¬g(p,k) ∨ ¬g(q,k) ∨ ∨_{b∈∂C} g(b,k)` (p in C, q outside) and
//! `¬g(p,k) ∨ ∨_{b∈∂C} g(b,k)` (p in C, |C| < N). C is a component of the cells not excluded
//! from k, or a piece of k with one open cell next to it (its only door, then forced).
//! Beside the cuts, a distance bound: with f cells in k, a cell r whose every path from one
//! of them (through cells not excluded) passes more than N − f cells not yet in k is not in
//! k; the clause names the f cells and the excluded cells around the ball within that
//! distance. All hold in every solution whatever the
//! assignment they were read from, which is what makes the propagator sound; a model it was
//! too weak to refute is still caught by [`Propagator::check_model`](crate::engine::Propagator::check_model),
//! which rejects every disconnected region.

mod propagator;
#[cfg(test)]
mod tests;

pub use propagator::{ArrowBudget, ChaosPropagator};
