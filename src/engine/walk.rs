//! Random walks over a propagator, as an engine drives one (tests of every propagator's
//! reasons): levels opened, batches of literals assigned, propagation to a fixpoint with
//! each reason asked for, backtracks to a random earlier level, until a conflict.

use super::{Lit, Propagator};

/// A random number under its argument.
pub type Below<'a> = dyn FnMut(usize) -> usize + 'a;
/// Draws a literal to assign, with a random source.
pub type Draw<'a> = dyn FnMut(&mut Below) -> Lit + 'a;
/// Checks a reason (with its literal) or a conflict (`None`) against the assignment.
pub type Check<'a> = dyn FnMut(&[Lit], Option<Lit>, &[i8]) + 'a;

/// What one walk saw: the literals the propagator forced, in order, and whether it ended in
/// a conflict.
#[derive(Debug, Default)]
pub struct Walked {
    /// The propagated literals.
    pub propagated: Vec<Lit>,
    /// The walk ended in a conflict.
    pub conflict: bool,
}

/// One walk of `steps` steps over `prop`. Every third step opens a level; every seventh
/// (past two levels) goes back to a random earlier one; the others assign up to `batch`
/// literals drawn by `draw` (one whose variable is assigned is skipped), then propagate to a
/// fixpoint. `value` holds the assignment per variable index (1 true, -1 false, 0 open);
/// `below(n)` is a random number under n. Each propagated literal's reason goes to
/// `check(reason, Some(lit), value)` before the literal is assigned, a conflict to
/// `check(clause, None, value)`, which ends the walk.
pub fn walk(
    prop: &mut dyn Propagator,
    steps: usize,
    batch: usize,
    value: &mut [i8],
    below: &mut Below,
    draw: &mut Draw,
    check: &mut Check,
) -> Walked {
    let mut out = Walked::default();
    let mut levels: Vec<Vec<usize>> = vec![Vec::new()];
    let set =
        |value: &mut [i8], lit: Lit| value[lit.index()] = if lit.is_positive() { 1 } else { -1 };
    for step in 0..steps {
        if step % 3 == 0 {
            prop.new_level();
            levels.push(Vec::new());
        }
        if step % 7 == 6 && levels.len() > 2 {
            // back to a random earlier level
            let to = below(levels.len() - 1);
            prop.backtrack(to);
            for undone in levels.drain(to + 1..) {
                undone.into_iter().for_each(|v| value[v] = 0);
            }
            continue;
        }
        // a few literals at once, as the engine's own propagation assigns them
        let mut lits = Vec::new();
        for _ in 0..1 + below(batch) {
            let lit = draw(below);
            if value[lit.index()] != 0 {
                continue;
            }
            set(value, lit);
            levels.last_mut().unwrap().push(lit.index());
            lits.push(lit);
        }
        prop.assigned(&lits);
        loop {
            if let Some(lit) = prop.propagate() {
                let mut reason = Vec::new();
                prop.explain(lit, &mut reason);
                assert!(
                    reason.contains(&lit),
                    "{lit:?} not in its reason {reason:?}"
                );
                assert_eq!(value[lit.index()], 0, "{lit:?} already assigned");
                check(&reason, Some(lit), value);
                set(value, lit);
                levels.last_mut().unwrap().push(lit.index());
                prop.assigned(&[lit]);
                out.propagated.push(lit);
                continue;
            }
            let mut clause = Vec::new();
            if prop.conflict(&mut clause) {
                check(&clause, None, value);
                out.conflict = true;
                return out;
            }
            break;
        }
    }
    out
}
