//! The off-arm budget of chaos arrows, inside [`ChaosPropagator`]: reasoning the arrow's
//! clauses cannot see, because it needs the size of the start cell's region without knowing
//! which arm cells make the run.
//!
//! With the start cell s in region k, the region holds the run (P cells on the arms, P the
//! control's value, plus one when the start is not counted) and, apart from those, every
//! cell off the arms that is in k. A region has N cells, so with m off-arm cells known in k:
//! - the run is at most N − m cells: `g(s,k) ∧ ∧_{c∈F} g(c,k) -> ¬x(control,d)` for every
//!   digit d whose run is longer (F the m cells);
//! - when m + Pmin = N (Pmin the shortest run the control's remaining digits allow), no
//!   other off-arm cell is in k: `g(s,k) ∧ ∧_{c∈F} g(c,k) ∧ ∧_{d: P(d)<Pmin} ¬x(control,d)
//!   -> ¬g(r,k)`.
//!
//! Both hold in every solution, whatever the assignment they were read from. ISS applies the
//! same rule (its chaos arrow's "off-arm budget"); the arrow's clauses alone reach it only
//! once the run's cells are known, which on an arrow with several arms comes late.

use super::ChaosPropagator;
use crate::engine::Lit;
use std::rc::Rc;

/// What the off-arm budget needs of one chaos arrow (module docs), in the numbering of the
/// propagator's grid (row-major positions) and the formula's literals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrowBudget {
    /// The position of the arms' common start cell.
    pub start: usize,
    /// The positions on no arm (the start is on every arm).
    pub off: Vec<u16>,
    /// For each digit the control cell can still hold (not decided): the literal
    /// x(control, d), and the cells of a run that digit stands for.
    pub digits: Vec<(Lit, usize)>,
    /// The cells of the run when the control cell's digit is decided (then `digits` is
    /// empty).
    pub given: Option<usize>,
}

impl ChaosPropagator {
    /// Reads arrow `a`'s budget; queues what it forces, or notes a conflict.
    pub(super) fn run_arrow(&mut self, a: usize) {
        let n = self.regions;
        let arrow = &self.arrows[a];
        let Some(k) = (0..n).find(|&k| self.val[arrow.start * n + k] > 0) else {
            return;
        };
        // ¬g(s,k) ∨ ∨_{c∈F} ¬g(c,k): the premises every clause below shares
        let mut fixed = vec![!self.g(arrow.start, k)];
        for &c in &arrow.off {
            if self.val[c as usize * n + k] > 0 {
                fixed.push(!self.g(c as usize, k));
            }
        }
        let m = fixed.len() - 1;
        // More off-arm cells than a region holds: the digits' clauses refute it.
        let Some(room) = self.size.checked_sub(m) else {
            return;
        };
        if let Some(p) = arrow.given {
            if p > room {
                // g(s,k) ∧ ∧_{c∈F} g(c,k) -> false: the given run does not fit
                self.conflict = Some(fixed);
                return;
            }
        }
        let mut too_long: Vec<Lit> = Vec::new();
        let mut shortest = arrow.given;
        let mut shorter = Vec::new();
        for &(x, p) in &arrow.digits {
            let Some(slot) = self.slot(x) else {
                continue;
            };
            match self.val[slot] {
                v if v < 0 => {}
                v if p > room => {
                    if v > 0 {
                        // g(s,k) ∧ ∧_{c∈F} g(c,k) -> ¬x(control,d), with x true
                        let mut clause = fixed.clone();
                        clause.push(!x);
                        self.conflict = Some(clause);
                        return;
                    }
                    too_long.push(!x);
                }
                _ => shortest = Some(shortest.map_or(p, |s| s.min(p))),
            }
        }
        if !too_long.is_empty() {
            let cut = Rc::new(fixed.clone());
            for lit in too_long {
                // g(s,k) ∧ ∧_{c∈F} g(c,k) -> ¬x(control,d): a run of P(d) > N − m cells
                self.queue_lit(lit, &cut);
            }
        }
        let Some(shortest) = shortest else {
            return;
        };
        if m + shortest != self.size {
            return;
        }
        let arrow = &self.arrows[a];
        for &(x, p) in &arrow.digits {
            if p < shortest {
                // false now, or `shortest` would be smaller
                shorter.push(x);
            }
        }
        let open: Vec<usize> = arrow
            .off
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.val[c * n + k] == 0)
            .collect();
        if open.is_empty() {
            return;
        }
        let mut reason = fixed;
        reason.extend(shorter);
        let cut = Rc::new(reason);
        for c in open {
            // g(s,k) ∧ ∧_{c∈F} g(c,k) ∧ ∧_{P(d)<Pmin} ¬x(control,d) -> ¬g(r,k): the region is
            // full with the shortest run
            let lit = !self.g(c, k);
            self.queue_lit(lit, &cut);
        }
    }
}
