//! Failed-literal probing on the candidate masks: for an undecided cell with few candidates,
//! each candidate in turn is placed on a copy of the grid and singles (naked and hidden) are
//! propagated. A candidate whose propagation ends in a contradiction is in no solution and is
//! removed. When every candidate of the cell survives, a digit that no branch leaves in some
//! other cell is removed there too: the cell holds one of its candidates in every solution,
//! and each branch's propagation is a sound consequence of its choice.
//!
//! Only the houses and distinct groups take part, which hold in every variant, so every
//! removal is forced for any puzzle; a grid decided entirely this way is the one candidate
//! grid left, and the caller verifies it against every rule.
//!
//! This is the SAT preprocessing step of the same name done on bit masks: a probe costs a copy
//! of the masks and one propagation, far less than the clauses varisat would load and search.

use super::{Contradiction, Engine};
use crate::geometry::{digits, Cell, Mask};

/// What probing did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Probed {
    /// Probes run (one per candidate tried).
    pub probes: usize,
    /// Candidates removed by probing (before the propagation that follows each removal).
    pub removed: usize,
}

/// Probes the undecided cells of `cands` (a propagated fixpoint: `engine.run` left nothing
/// to do) with at most `max_open` candidates, to a fixpoint or until `limit` probes have
/// run. After each removal the grid is propagated again (with locked candidates when
/// `locked`). A cell whose every candidate fails shows that the puzzle has no solution.
pub(crate) fn probe(
    engine: &mut Engine,
    cands: &mut [Mask],
    max_open: u32,
    locked: bool,
    limit: usize,
) -> Result<Probed, Contradiction> {
    let mut done = Probed::default();
    let mut work = cands.to_vec();
    // Per cell, the digits some surviving branch leaves there.
    let mut union: Vec<Mask> = vec![0; cands.len()];
    let mut width = 2;
    while width <= max_open {
        let mut changed = false;
        for i in 0..cands.len() {
            let m = cands[i];
            if m.count_ones() != width {
                continue;
            }
            if done.probes + width as usize > limit {
                return Ok(done);
            }
            union.fill(0);
            for d in digits(m) {
                done.probes += 1;
                work.copy_from_slice(cands);
                // the probe: x(i, d)
                work[i] = d.bit();
                engine.stack.push(i);
                if engine.run(&mut work, false, None).is_ok() {
                    for (u, &w) in union.iter_mut().zip(&work) {
                        *u |= w;
                    }
                }
            }
            if union[i] == 0 {
                // Every candidate of the cell fails.
                return Err(Contradiction::Probe(Cell::from_position(i, engine.size())));
            }
            // cands[j] &= union[j]: a digit no surviving branch leaves in cell j is in no
            // solution (cell i itself keeps only the candidates that survived).
            let mut removed = false;
            for (j, (c, &u)) in cands.iter_mut().zip(&union).enumerate() {
                let kept = *c & u;
                if kept != *c {
                    done.removed += (*c & !u).count_ones() as usize;
                    if kept.count_ones() == 1 {
                        engine.stack.push(j);
                    }
                    *c = kept;
                    removed = true;
                }
            }
            if removed {
                changed = true;
                // The grid is no longer a fixpoint: propagate. A contradiction now still
                // means no solution (every step was forced); name the probed cell.
                engine
                    .run(cands, locked, None)
                    .map_err(|_| Contradiction::Probe(Cell::from_position(i, engine.size())))?;
            }
        }
        // Wider cells only when the narrower ones are at a fixpoint; back to two after a
        // change, since removals make new cells with two candidates.
        width = if changed { 2 } else { width + 1 };
    }
    Ok(done)
}
