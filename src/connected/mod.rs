//! [`ConnectedPropagator`]: the connectivity of a connected-values rule
//! ([`crate::rules::connected_values`]) as an [`engine::Propagator`], in place of the rule's
//! bounded reachability clauses on an engine that hosts one (the SAT-modulo-graphs way, as
//! [`crate::chaos`] does for a chaos construction's regions).
//!
//! A cell is *in* when it holds one of the listed values: its member literals are the cell
//! variables x(c,v) of the listed values it can hold, so in(c) = ∨ x(c,v) and no variable of
//! its own is needed. A cell whose candidates are all listed is always in, one with none
//! listed never. The propagator splits the cells not out into orthogonally connected
//! components (the rule's own graph: the grid, or listed cells laid out in rows) and:
//! - two components holding cells in: conflict;
//! - one component C holding a cell in: every member literal of a cell outside C is false;
//!   with a size s and fewer than s cells in C: conflict;
//! - none, with a size s: the member literals of a component of fewer than s cells are false;
//! - with a size s and f cells in: a cell farther from them than s − f open cells is out
//!   (the distance bound of [`crate::chaos`]);
//! - a piece of cells in that must grow (smaller than s, or another cell in elsewhere) with
//!   one cell next to it not out, one member literal of it open: that literal is true.
//!
//! Each clause is a *cut*: for a component C and its boundary ∂C (the cells next to it, all
//! out), a connected region holding a cell p of C and a cell q outside C (or, with a size s,
//! more than |C| cells) must cross ∂C: `¬in(p) ∨ ¬in(q) ∨ ∨_{b∈∂C} in(b)`, where ¬in(p) is
//! the negation of the member literal true at p (nothing for a cell always in) and in(b) the
//! disjunction of b's member literals. Such a clause holds in every solution whatever the
//! assignment it was read from, which makes the propagator sound; a model it was too weak to
//! refute is still caught by [`check_model`](crate::engine::Propagator::check_model), which
//! rejects every disconnected region. The rule's other clauses (some cell is in; exactly s
//! cells in) stay in the CNF.
//!
//! [`engine::Propagator`]: crate::engine::Propagator

mod propagator;
#[cfg(test)]
mod tests;

use crate::engine::Lit;
pub use propagator::ConnectedPropagator;

/// A connected region over some cells (local numbers `0..m`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connection {
    /// Per cell, the cells it touches.
    pub touching: Vec<Vec<usize>>,
    /// Per cell, its member literals: the cell is in when one of them is true. Empty with
    /// `always` set: the cell is always in; empty without it: never.
    pub members: Vec<Vec<Lit>>,
    /// Per cell, whether it is in whatever the assignment.
    pub always: Vec<bool>,
    /// How many cells the region has, when known.
    pub size: Option<usize>,
}
