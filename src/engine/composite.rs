//! [`Composite`]: several propagators as one, for an engine that hosts only one (CaDiCaL).
//! Each part hears every assignment (each ignores the literals it does not read; parts may
//! observe the same variables), and a literal's explanation is asked of the part that
//! propagated it.

use super::propagator::hand_over;
use super::{Lit, Propagator, Var};

/// Propagators consulted in turn (module docs).
pub struct Composite {
    parts: Vec<Box<dyn Propagator>>,
    /// Every variable some part observes.
    observed: Vec<Var>,
    /// Per literal code: the part that propagated it last (`u8::MAX`: none). A literal is
    /// explained only while it stands, so the last part to propagate it is the one.
    by: Vec<u8>,
    /// A part's conflict, taken from it when it stopped propagating.
    conflict: Option<Vec<Lit>>,
}

impl Composite {
    /// The most parts a composite tells apart (it keeps a part number per literal in a byte,
    /// `u8::MAX` meaning none).
    pub const MAX_PARTS: usize = u8::MAX as usize;

    /// The propagator made of `parts` (at most [`Self::MAX_PARTS`]).
    pub fn new(parts: Vec<Box<dyn Propagator>>) -> Composite {
        let mut observed: Vec<Var> = parts.iter().flat_map(|p| p.observed()).collect();
        observed.sort_unstable_by_key(|v| v.index());
        observed.dedup();
        let codes = observed.last().map_or(0, |v| 2 * v.index() + 2);
        Composite {
            parts,
            observed,
            by: vec![u8::MAX; codes],
            conflict: None,
        }
    }
}

impl Propagator for Composite {
    fn observed(&self) -> Vec<Var> {
        self.observed.clone()
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
        for (i, p) in self.parts.iter_mut().enumerate() {
            if let Some(lit) = p.propagate() {
                if let Some(b) = self.by.get_mut(lit.code()) {
                    *b = i as u8;
                }
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
            .by
            .get(lit.code())
            .and_then(|&i| self.parts.get_mut(i as usize))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Propagates `lits` in turn (once each), each with the reason `lit ∨ premise`.
    struct Fixed {
        vars: Vec<Var>,
        lits: Vec<Lit>,
        premise: Lit,
    }

    impl Propagator for Fixed {
        fn observed(&self) -> Vec<Var> {
            self.vars.clone()
        }
        fn assigned(&mut self, _: &[Lit]) {}
        fn new_level(&mut self) {}
        fn backtrack(&mut self, _: usize) {}
        fn propagate(&mut self) -> Option<Lit> {
            self.lits.pop()
        }
        fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>) {
            reason.clear();
            reason.extend([lit, self.premise]);
        }
        fn conflict(&mut self, _: &mut Vec<Lit>) -> bool {
            false
        }
        fn check_model(&mut self, _: &dyn Fn(Lit) -> bool) -> bool {
            true
        }
    }

    fn lit(i: usize) -> Lit {
        Var::from_index(i).positive()
    }

    #[test]
    fn a_literal_is_explained_by_the_part_that_propagated_it() {
        // both parts observe variable 0; the second propagates it
        let quiet = Fixed {
            vars: vec![lit(0).var(), lit(1).var()],
            lits: vec![],
            premise: !lit(5),
        };
        let loud = Fixed {
            vars: vec![lit(0).var(), lit(2).var()],
            lits: vec![!lit(0)],
            premise: !lit(2),
        };
        let mut c = Composite::new(vec![Box::new(quiet), Box::new(loud)]);
        assert_eq!(c.observed(), vec![lit(0).var(), lit(1).var(), lit(2).var()]);
        assert_eq!(c.propagate(), Some(!lit(0)));
        let mut reason = Vec::new();
        c.explain(!lit(0), &mut reason);
        assert_eq!(reason, vec![!lit(0), !lit(2)]);
        // never propagated: only the tautology
        c.explain(lit(1), &mut reason);
        assert_eq!(reason, vec![lit(1), !lit(1)]);
    }
}
