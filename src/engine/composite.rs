//! [`Composite`]: several propagators as one, for an engine that hosts only one (CaDiCaL).
//! Each part observes its own variables (no variable is observed by two parts: a literal's
//! explanation is asked of the part that observes it) and hears every assignment (each
//! ignores the literals it does not read).

use super::propagator::hand_over;
use super::{Lit, Propagator, Var};
use std::collections::HashMap;

/// Propagators consulted in turn (module docs).
pub struct Composite {
    parts: Vec<Box<dyn Propagator>>,
    /// The part that observes each variable.
    owner: HashMap<Var, usize>,
    /// A part's conflict, taken from it when it stopped propagating.
    conflict: Option<Vec<Lit>>,
}

impl Composite {
    /// The propagator made of `parts`, which must observe disjoint sets of variables.
    pub fn new(parts: Vec<Box<dyn Propagator>>) -> Composite {
        let mut owner = HashMap::new();
        for (i, p) in parts.iter().enumerate() {
            for v in p.observed() {
                owner.entry(v).or_insert(i);
            }
        }
        Composite {
            parts,
            owner,
            conflict: None,
        }
    }
}

impl Propagator for Composite {
    fn observed(&self) -> Vec<Var> {
        let mut all: Vec<Var> = self.owner.keys().copied().collect();
        all.sort_unstable_by_key(|v| v.index());
        all
    }

    fn assigned(&mut self, lits: &[Lit]) {
        for p in &mut self.parts {
            p.assigned(lits);
        }
    }

    fn new_level(&mut self) {
        for p in &mut self.parts {
            p.new_level();
        }
    }

    fn backtrack(&mut self, level: usize) {
        self.conflict = None;
        for p in &mut self.parts {
            p.backtrack(level);
        }
    }

    fn propagate(&mut self) -> Option<Lit> {
        if self.conflict.is_some() {
            return None;
        }
        for p in &mut self.parts {
            if let Some(lit) = p.propagate() {
                return Some(lit);
            }
            // a part's conflict stops the others: the engine asks for it next
            let mut clause = Vec::new();
            if p.conflict(&mut clause) {
                self.conflict = Some(clause);
                return None;
            }
        }
        None
    }

    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>) {
        match self
            .owner
            .get(&lit.var())
            .and_then(|&i| self.parts.get_mut(i))
        {
            Some(p) => p.explain(lit, reason),
            None => {
                // never propagated here: only a tautology is sound (not reachable by design)
                reason.clear();
                reason.extend([lit, !lit]);
            }
        }
    }

    fn conflict(&mut self, clause: &mut Vec<Lit>) -> bool {
        hand_over(&mut self.conflict, clause) || self.parts.iter_mut().any(|p| p.conflict(clause))
    }

    fn check_model(&mut self, value: &dyn Fn(Lit) -> bool) -> bool {
        self.parts.iter_mut().all(|p| p.check_model(value))
    }
}
