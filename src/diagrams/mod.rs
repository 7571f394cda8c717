//! The diagram propagator (issues 21 and 24): rules whose meaning is a layered diagram over
//! a line of cells ([`crate::cnf::sum::Layered`], from [`Rule::search_diagram`]) kept
//! *domain-consistent* during a search that hosts propagators — after every change, each
//! digit of each line cell that lies on no accepted path through the current candidates is
//! removed, and a line with no accepted path is a conflict. It is what ISS's skyscraper
//! handler does at every node (a forward and a backward pass over the states of the line),
//! where satdoku's order encoding of a skyscraper (small, about 3N² clauses per clue)
//! propagates less: "Skyscraper - all 5" took 1,488 conflicts against ISS's 85 backtracks.
//! State-machine and regex lines use it too: their clauses grow with the diagram's edges
//! ("Sums and Differences": about 48k of its 57k clauses), the propagator holds the edges once.
//!
//! The propagator carries its rules: their clauses are left out of the formula it searches
//! (`--diagram-propagator carry`, the default; `both` keeps them), and a model is accepted
//! only when every line's digits are accepted by its diagram
//! ([`crate::engine::Propagator::check_model`]), so the search is exact without them. An
//! engine without propagators (varisat), the DIMACS export and proofs get the clauses.
//!
//! # Reasons
//! A removal (or a conflict) is explained by candidates that were gone when it was found, as
//! lazy clause generation needs: the digit `d` of layer `i` is unsupported because each of its
//! edges `u -d-> w` has `u` unreachable from the start or `w` unable to reach an accepted
//! state. Unreachability of a set of states of layer `j` is explained edge by edge into them:
//! an edge `v -e-> u` is cut by the removal of `e` from cell `j − 1` (cited once for the whole
//! layer) or by `v` being unreachable in turn (explained one layer further back); symmetrically
//! forwards for states that cannot reach the end. A cited removal is the literal that removed
//! it — or, for a cell whose digit was set, the negation of that one literal. Every reason is
//! rebuilt, when the engine asks for it, from the candidates as they stood at propagation time
//! (the time stamps of [`crate::sums`]' domains).
//!
//! Reference: G. Gange, P. J. Stuckey, R. Szymanek, "MDD propagators with explanation",
//! Constraints 16 (2011) — the reachability explanation above, greedy rather than minimal.

mod propagator;
#[cfg(test)]
mod tests;

pub use propagator::DiagramPropagator;

use crate::cnf::sum::Layered;
use crate::geometry::Mask;
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, Rule};

/// The diagram propagator of `puzzle` over the candidates `cands` (row-major, after
/// simplification): one line per top-level rule that has a [`Rule::search_diagram`], with a
/// flag per top-level constraint saying whether it is one of them; `None` when no rule has
/// one, the diagrams encoded as themselves (not skyscrapers') hold fewer than `least_edges`
/// edges in all, or a diagram accepts nothing (the clauses then say so).
pub fn propagator(
    puzzle: &Puzzle,
    cands: &[Mask],
    least_edges: usize,
) -> Option<(DiagramPropagator, Vec<bool>)> {
    let shape = puzzle.shape();
    let lookup = |c: crate::geometry::Cell| cands.get(shape.position(c)).copied().unwrap_or(0);
    let constraints = puzzle.constraints();
    // A skyscraper clue encodes order literals, about 3N² clauses whatever its diagram's
    // size, so only the other diagrams (their rules' clauses are the diagram itself: state
    // machines, regex lines) count towards `least_edges` — and theirs are built first, so
    // that a puzzle under the bound builds no skyscraper diagram at all.
    let counted = |c: &Constraint| !matches!(c, Constraint::Skyscraper(_));
    let mut lines: Vec<Option<Layered>> = vec![None; constraints.len()];
    let mut edges = 0;
    for pass in [true, false] {
        if !pass && edges < least_edges {
            return None;
        }
        for (k, c) in constraints.iter().enumerate() {
            if counted(c) != pass {
                continue;
            }
            if let Some(g) = c.search_diagram(shape, &lookup) {
                if g.widths.first().is_none_or(|&w| w == 0) {
                    return None;
                }
                if pass {
                    edges += g.edges.iter().map(Vec::len).sum::<usize>();
                }
                lines[k] = Some(g);
            }
        }
    }
    let carried: Vec<bool> = lines.iter().map(Option::is_some).collect();
    let lines: Vec<Layered> = lines.into_iter().flatten().collect();
    if lines.is_empty() {
        return None;
    }
    Some((DiagramPropagator::new(shape, cands, &lines), carried))
}
