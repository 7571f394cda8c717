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

#[cfg(test)]
mod tests {
    use super::super::{propagate, simplify};
    use super::*;
    use crate::generate::Rng;
    use crate::geometry::{Digit, Shape};
    use crate::grid::Grid;
    use crate::parse_one;
    use crate::puzzle::Puzzle;
    use crate::rules::{anti_king::AntiKing, diagonal::Diagonal, Constraint};
    use crate::solve::{Session, Simplify};

    /// The first puzzle of magictour_top1465: singles and locked candidates leave it open.
    const TOP1: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// Every solution of `p` (up to `limit`), found by the solver on the formula with only
    /// the givens folded: nothing of the simplifier takes part.
    fn solutions(p: &Puzzle, limit: usize) -> Vec<Grid> {
        let mut s = Session::with_mode(p, Simplify::Givens);
        let mut out = Vec::new();
        while out.len() < limit {
            match s.next_solution().unwrap() {
                Some(g) => out.push(g),
                None => break,
            }
        }
        out
    }

    /// A puzzle of `shape` with about `k` random givens, each consistent with the earlier
    /// ones' rows, columns and boxes (the whole may still have no solution).
    fn random_puzzle(rng: &mut Rng, shape: &Shape, k: usize, rules: Vec<Constraint>) -> Puzzle {
        let n = shape.size();
        let empty = Puzzle::new(shape.clone(), Grid::empty(n), rules.clone()).unwrap();
        let groups = empty.groups();
        let mut givens = Grid::empty(n);
        for _ in 0..k {
            let pos = rng.below(n * n);
            let cell = Cell::from_position(pos, n);
            if givens.get(cell).is_some() {
                continue;
            }
            let d = Digit::from_index(rng.below(n));
            let clash = groups
                .peers(pos)
                .iter()
                .any(|&q| givens.get(Cell::from_position(q as usize, n)) == Some(d));
            if !clash {
                givens.set(cell, Some(d));
            }
        }
        Puzzle::new(shape.clone(), givens, rules).unwrap()
    }

    /// Probing keeps every digit of every solution; a contradiction means no solution; a
    /// grid decided entirely is the one solution.
    fn assert_sound(p: &Puzzle, limit: usize) -> Result<(), ()> {
        let n = p.size();
        let sols = solutions(p, limit);
        let mut cands = p.initial_candidates();
        match simplify(n, &p.groups(), &mut cands) {
            Err(_) => {
                assert!(sols.is_empty(), "probing refuted a solvable puzzle: {p:?}");
                Err(())
            }
            Ok(_) => {
                for sol in &sols {
                    for (i, m) in cands.iter().enumerate() {
                        let d = sol.digit(Cell::from_position(i, n));
                        assert!(m & d.bit() != 0, "solution digit removed at {i}: {p:?}");
                    }
                }
                if cands.iter().all(|m| m.count_ones() == 1) && p.is_classic() {
                    assert_eq!(sols.len(), 1, "decided but not unique: {p:?}");
                }
                Ok(())
            }
        }
    }

    #[test]
    fn probing_never_removes_a_solution_digit_on_random_6x6() {
        let shape = Shape::new(6).unwrap();
        let mut rng = Rng::new(12);
        let (mut none, mut some) = (0, 0);
        for round in 0..300 {
            // Plain, with both diagonals (houses), and anti-king (distinct pairs).
            let rules = match round % 3 {
                0 => vec![],
                1 => vec![Constraint::Diagonal(Diagonal {
                    positive: true,
                    negative: true,
                })],
                _ => vec![Constraint::AntiKing(AntiKing {})],
            };
            let p = random_puzzle(&mut rng, &shape, 9 + round % 8, rules);
            match assert_sound(&p, 300) {
                Ok(()) => some += 1,
                Err(()) => none += 1,
            }
        }
        // Both outcomes were exercised.
        assert!(none > 10 && some > 10, "{none} refuted, {some} not");
    }

    #[test]
    fn probing_never_removes_a_solution_digit_on_random_9x9() {
        // Random subsets of a known solution's digits: one or many solutions.
        let full =
            "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
        let mut rng = Rng::new(7);
        for round in 0..40 {
            let keep = 22 + round % 8;
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut text = vec![b'.'; 81];
            for &i in &cells[..keep] {
                text[i] = full.as_bytes()[i];
            }
            let p = parse_one(std::str::from_utf8(&text).unwrap()).unwrap();
            assert!(assert_sound(&p, 200).is_ok());
        }
        // Random consistent givens: often no solution.
        let shape = Shape::new(9).unwrap();
        for round in 0..40 {
            let p = random_puzzle(&mut rng, &shape, 20 + round % 10, vec![]);
            let _ = assert_sound(&p, 200);
        }
    }

    #[test]
    fn probing_decides_a_puzzle_that_locked_candidates_leave_open() {
        let p = parse_one(TOP1).unwrap();
        let g = p.groups();
        let mut locked = p.initial_candidates();
        let open = propagate(9, &g, &mut locked, true).unwrap();
        assert!(open.decided < 81, "locked candidates decide it alone");
        let mut cands = p.initial_candidates();
        let (done, probed) = simplify(9, &g, &mut cands).unwrap();
        assert_eq!(done.decided, 81);
        assert!(probed.removed > 0 && probed.probes > 0);
        // No solver: the one candidate grid is the solution, and the only one.
        let mut s = Session::new(&p);
        let sol = s.next_solution().unwrap().unwrap();
        assert!(s.next_solution().unwrap().is_none());
        assert_eq!(s.stats().sat_calls, 0);
        assert!(s.stats().probed > 0);
        assert_eq!(solutions(&p, 2), vec![sol]);
    }

    #[test]
    fn probing_refutes_a_puzzle_that_propagation_cannot() {
        // TOP1 with a wrong 9 in r1c2: no solution, but singles and locked candidates do
        // not see it.
        let text =
            "49..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let p = parse_one(text).unwrap();
        let mut cands = p.initial_candidates();
        assert!(propagate(9, &p.groups(), &mut cands, true).is_ok());
        let mut cands = p.initial_candidates();
        assert!(matches!(
            simplify(9, &p.groups(), &mut cands),
            Err(Contradiction::Probe(_))
        ));
        assert!(solutions(&p, 1).is_empty());
        let s = Session::new(&p);
        let reason = s.formula().contradiction().unwrap();
        assert!(reason.ends_with("leads to a contradiction"), "{reason}");
    }

    #[test]
    fn the_probe_limit_is_honoured() {
        let p = parse_one(TOP1).unwrap();
        let g = p.groups();
        let mut cands = p.initial_candidates();
        propagate(9, &g, &mut cands, true).unwrap();
        let before = cands.clone();
        let mut engine = Engine::new(9, &g);
        let done = probe(&mut engine, &mut cands, 3, true, 1).unwrap();
        // A cell with two candidates needs two probes: none fits in a limit of one.
        assert_eq!(done, Probed::default());
        assert_eq!(cands, before);
        let done = probe(&mut engine, &mut cands, 3, true, 10).unwrap();
        assert!(done.probes <= 10 && done.probes > 0);
    }
}
