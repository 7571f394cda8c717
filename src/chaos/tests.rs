use super::ChaosPropagator;
use crate::cnf::chaos::tests::{
    brute, brute_rect, partitions, partitions_of, solutions, solutions_rect,
};
use crate::engine::walk;
use crate::engine::{Engine, EngineKind, Lit, Propagation, Propagator, Var};
use crate::generate::Rng;
use crate::geometry::Shape;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use std::collections::HashSet;

/// g(p,k) with `n` regions (the slots' stride), variables from index 0.
fn g(n: usize, p: usize, k: usize) -> Lit {
    Var::from_index(p * n + k).positive()
}

/// Whether `clause` holds in the partition `regions` (g(p,k) true iff p is in region k) of
/// `n` regions.
fn holds(n: usize, clause: &[Lit], regions: &[u16]) -> bool {
    clause.iter().any(|l| {
        let i = l.index();
        (regions[i / n] as usize == i % n) == l.is_positive()
    })
}

/// Checks a clause against every connected partition and the current assignment (`value`,
/// per slot: 1 true, -1 false, 0 open): every literal but `except` is false.
fn check_clause(n: usize, clause: &[Lit], except: Option<Lit>, value: &[i8], all: &[Vec<u16>]) {
    for l in clause.iter().filter(|&&l| Some(l) != except) {
        let v = value[l.index()];
        assert!(
            v != 0 && (v > 0) != l.is_positive(),
            "{l:?} of {clause:?} not false"
        );
    }
    for regions in all {
        assert!(holds(n, clause, regions), "{clause:?} fails in {regions:?}");
    }
}

#[test]
fn every_reason_and_conflict_holds_in_every_connected_partition() {
    // the square 4×4 (four tetrominoes), a 3×4 and a 4×3 in three regions of 4, a 2×6 in
    // two regions of 6
    for (rows, cols, size, min_propagated) in [
        (4, 4, 4, 3000),
        (3, 4, 4, 1000),
        (4, 3, 4, 1000),
        (2, 6, 6, 500),
    ] {
        walk(rows, cols, size, min_propagated);
    }
}

/// Random walks of assignments, levels and backtracks over the propagator of a `rows`×`cols`
/// chaos construction with regions of `size`: every reason and conflict must hold in every
/// connected partition and have its other literals false.
fn walk(rows: usize, cols: usize, size: usize, min_propagated: usize) {
    let cells = rows * cols;
    let n = cells / size;
    let all = partitions_of(rows, cols, size);
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let (mut propagated, mut conflicts) = (0, 0);
    for _ in 0..3000 {
        let mut prop = ChaosPropagator::new(rows, cols, size, 0);
        // near a random partition, some slots flipped: consistent and inconsistent states
        let near = &all[rng.below(all.len())];
        let mut value = vec![0i8; cells * n];
        let steps = 10 + rng.below(60);
        let walked = walk::walk(
            &mut prop,
            steps,
            4,
            &mut value,
            &mut |k| rng.below(k),
            &mut |below| {
                let slot = below(cells * n);
                let truth = near[slot / n] as usize == slot % n;
                let lit = g(n, slot / n, slot % n);
                if truth != (below(8) == 0) {
                    lit
                } else {
                    !lit
                }
            },
            &mut |clause, except, value| check_clause(n, clause, except, value, &all),
        );
        propagated += walked.propagated.len();
        conflicts += usize::from(walked.conflict);
    }
    assert!(
        propagated > min_propagated && conflicts > 50,
        "{rows}×{cols}: {propagated} {conflicts}"
    );
}

/// A search as CDCL runs one: at each level propagation to a fixpoint (where nothing the
/// regions would find afresh may be missing), then a random decision; on a conflict or at
/// random a backtrack to an earlier level and an assignment there. Checks that what a
/// backtrack leaves queued and skipped (it was at that level's fixpoint) is all it may skip.
#[test]
fn every_fixpoint_after_backtracks_is_complete() {
    for (rows, cols, size) in [(4, 4, 4), (3, 4, 4), (2, 6, 6)] {
        let cells = rows * cols;
        let n = cells / size;
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let mut fixpoints = 0;
        for _ in 0..400 {
            let mut prop = ChaosPropagator::new(rows, cols, size, 0);
            let mut value = vec![0i8; cells * n];
            // per level: the slots assigned on it
            let mut levels: Vec<Vec<usize>> = vec![Vec::new()];
            let mut fresh: Vec<Lit> = Vec::new();
            for _ in 0..30 {
                // propagate to a fixpoint or a conflict (its clause, or the literal found false)
                let mut clause = Vec::new();
                let conflict = loop {
                    prop.assigned(&fresh);
                    fresh.clear();
                    if let Some(lit) = prop.propagate() {
                        if value[lit.index()] != 0 {
                            clause.push(lit);
                            break true;
                        }
                        value[lit.index()] = if lit.is_positive() { 1 } else { -1 };
                        levels.last_mut().unwrap().push(lit.index());
                        fresh.push(lit);
                        continue;
                    }
                    break prop.conflict(&mut clause);
                };
                if !conflict {
                    let stale = prop.stale();
                    assert!(stale.is_empty(), "not at a fixpoint: {stale:?}");
                    fixpoints += 1;
                }
                if conflict || rng.below(4) == 0 {
                    // after a conflict, as CDCL does, below the deepest level of its clause
                    let level_of = |v: usize| levels.iter().position(|l| l.contains(&v));
                    let top = if conflict {
                        clause.iter().filter_map(|l| level_of(l.index())).max()
                    } else {
                        Some(levels.len() - 1)
                    };
                    let Some(top) = top.filter(|&t| t > 0) else {
                        break;
                    };
                    let to = rng.below(top);
                    prop.backtrack(to);
                    for undone in levels.drain(to + 1..) {
                        undone.into_iter().for_each(|v| value[v] = 0);
                    }
                    // as CDCL asserts its learned literal before propagating again: an
                    // assignment while what the backtrack queued is still waiting
                    let open: Vec<usize> = (0..cells * n).filter(|&v| value[v] == 0).collect();
                    if let Some(&v) = open.get(rng.below(open.len().max(1))) {
                        let lit = Var::from_index(v).lit(rng.below(3) == 0);
                        value[v] = if lit.is_positive() { 1 } else { -1 };
                        levels.last_mut().unwrap().push(v);
                        fresh.push(lit);
                    }
                    continue;
                }
                // a decision on a new level
                let open: Vec<usize> = (0..cells * n).filter(|&v| value[v] == 0).collect();
                let Some(&v) = open.get(rng.below(open.len().max(1))) else {
                    break;
                };
                prop.new_level();
                levels.push(Vec::new());
                let lit = Var::from_index(v).lit(rng.below(3) == 0);
                value[v] = if lit.is_positive() { 1 } else { -1 };
                levels.last_mut().unwrap().push(v);
                fresh.push(lit);
                if rng.below(4) == 0 {
                    // a level left before its fixpoint (an engine may open one at once): a
                    // backtrack to it must not take its queue as settled
                    prop.assigned(&fresh);
                    fresh.clear();
                    prop.new_level();
                    levels.push(Vec::new());
                }
            }
        }
        assert!(fixpoints > 2000, "{rows}×{cols}: {fixpoints}");
    }
}

#[test]
fn check_model_rejects_exactly_the_disconnected_labellings() {
    let n = 4;
    let all = partitions(n);
    let connected: HashSet<&Vec<u16>> = all.iter().collect();
    let mut rng = Rng::new(12345);
    let mut rejected = 0;
    for i in 0..3000 {
        // every connected partition once, then random labellings (most disconnected)
        let regions: Vec<u16> = match all.get(i) {
            Some(r) => r.clone(),
            None => (0..n * n).map(|_| rng.below(n) as u16).collect(),
        };
        // a labelling of cells, read as a partition: is each label's set connected?
        let ok = (0..n).all(|k| {
            let cells: Vec<usize> = (0..n * n).filter(|&p| regions[p] as usize == k).collect();
            let Some(&first) = cells.first() else {
                return true;
            };
            let mut seen = vec![first];
            let mut j = 0;
            while let Some(&p) = seen.get(j) {
                for &q in &cells {
                    let adjacent = (p / n).abs_diff(q / n) + (p % n).abs_diff(q % n) == 1;
                    if adjacent && !seen.contains(&q) {
                        seen.push(q);
                    }
                }
                j += 1;
            }
            seen.len() == cells.len()
        });
        assert!(!connected.contains(&regions) || ok);
        let mut prop = ChaosPropagator::new(n, n, n, 0);
        let value = |l: Lit| holds(n, &[l], &regions);
        assert_eq!(prop.check_model(&value), ok, "{regions:?}");
        let mut clause = Vec::new();
        assert_eq!(prop.conflict(&mut clause), !ok);
        if !ok {
            rejected += 1;
            assert!(
                !holds(n, &clause, &regions),
                "{clause:?} holds in the model"
            );
            for r in &all {
                assert!(holds(n, &clause, r), "{clause:?} fails in {r:?}");
            }
        }
    }
    assert!(rejected > 1000, "{rejected}");
}

#[test]
fn counts_with_the_propagator_match_brute_force() {
    if !EngineKind::Cadical.is_built() {
        return;
    }
    let empty = [0u8; 16];
    let four = [1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 2, 0, 0];
    let five = [
        1, 0, 0, 0, 0, //
        0, 0, 2, 0, 0, //
        0, 0, 0, 0, 3, //
        0, 4, 0, 0, 0, //
        0, 0, 0, 5, 0,
    ];
    let cases: [(usize, &[u8]); 3] = [(4, &empty), (4, &four), (5, &five)];
    for (n, givens) in cases {
        let expect = brute(n, givens, false);
        assert!(!expect.is_empty());
        for mode in [Propagation::Carry, Propagation::Both, Propagation::Off] {
            let engine = Engine::new(EngineKind::Cadical).with_chaos(mode);
            assert_eq!(
                solutions(n, givens, false, &engine),
                expect,
                "{n}×{n} {mode}"
            );
        }
    }
    // rectangles
    for (rows, cols, values, givens) in crate::cnf::chaos::tests::RECTANGLES {
        let expect = brute_rect(rows, cols, values, givens);
        assert!(!expect.is_empty());
        for mode in [Propagation::Carry, Propagation::Off] {
            let engine = Engine::new(EngineKind::Cadical).with_chaos(mode);
            assert_eq!(
                solutions_rect(rows, cols, values, givens, &engine),
                expect,
                "{rows}×{cols} holding 1..{values}, {mode}"
            );
        }
    }
}

#[test]
fn only_a_formula_given_the_propagator_leaves_the_reachability_clauses_out() {
    use crate::formula::{Formula, Simplify};
    let shape = Shape::with_regions(5, vec![None; 25])
        .unwrap()
        .with_chaos()
        .unwrap();
    let p = Puzzle::new(shape, Grid::empty_rect(5, 5), Vec::new()).unwrap();
    // what `satdoku dimacs` writes: no propagator asked for, the full CNF
    let full = Formula::new(&p, Simplify::Full).size();
    let mut both = Formula::new(&p, Simplify::Full);
    assert!(both.chaos_propagator(Propagation::Both).is_some());
    assert_eq!(both.size(), full);
    let mut carry = Formula::new(&p, Simplify::Full);
    assert!(carry.chaos_propagator(Propagation::Carry).is_some());
    assert!(carry.size().1 < full.1, "{:?} {full:?}", carry.size());
    assert!(Formula::new(&p, Simplify::Full)
        .chaos_propagator(Propagation::Off)
        .is_none());
}

/// The run count of an arrow from `start` along `arms` (positions on a `cols`-wide grid)
/// in the partition `regions`: 1 for the start, one per arm cell before the arm leaves the
/// start's region, less one when the start is not counted.
fn run_count(regions: &[u16], arms: &[Vec<usize>], exclude_start: bool) -> usize {
    let s = regions[arms[0][0]];
    let beyond: usize = arms
        .iter()
        .map(|arm| arm[1..].iter().take_while(|&&c| regions[c] == s).count())
        .sum();
    1 + beyond - usize::from(exclude_start)
}

#[test]
fn every_arrow_budget_reason_holds_in_every_solution() {
    use super::ArrowBudget;
    // a 4×4 in four regions of 4; the control's digits 1..4 are variables 100..103
    let (n, cells) = (4, 16);
    let all = partitions(n);
    let x = |d: usize| Var::from_index(99 + d).positive();
    // four arms from r2c2 to the edges; one arm along row 1; an L from r3c3
    // (and the four arms again with the control's digit given: 3)
    let four: &[&[usize]] = &[&[5, 4], &[5, 6, 7], &[5, 1], &[5, 9, 13]];
    type Arms<'a> = &'a [&'a [usize]];
    let arrows: [(Arms, bool, Option<usize>); 5] = [
        (four, false, None),
        (four, true, None),
        (&[&[0, 1, 2, 3]], false, None),
        (&[&[10, 11, 15], &[10, 14]], false, None),
        (four, false, Some(3)),
    ];
    let mut rng = Rng::new(0x5eed_a770);
    let (mut propagated, mut conflicts, mut controls) = (0, 0, 0);
    for (arms, exclude, given) in arrows {
        let arms: Vec<Vec<usize>> = arms.iter().map(|a| a.to_vec()).collect();
        // the solutions: each connected partition with the count its arrow reads
        let worlds: Vec<(&Vec<u16>, usize)> = all
            .iter()
            .map(|r| (r, run_count(r, &arms, exclude)))
            .filter(|&(_, v)| (1..=n).contains(&v) && given.is_none_or(|g| g == v))
            .collect();
        let truth = |l: Lit, (regions, v): (&Vec<u16>, usize)| {
            let i = l.index();
            let t = if i < cells * n {
                regions[i / n] as usize == i % n
            } else {
                i - 99 == v
            };
            t == l.is_positive()
        };
        let on: Vec<usize> = arms.iter().flatten().copied().collect();
        let budget = ArrowBudget {
            start: arms[0][0],
            off: (0..cells as u16)
                .filter(|p| !on.contains(&(*p as usize)))
                .collect(),
            digits: match given {
                Some(_) => Vec::new(),
                None => (1..=n).map(|d| (x(d), d + usize::from(exclude))).collect(),
            },
            given: given.map(|v| v + usize::from(exclude)),
        };
        for _ in 0..1500 {
            let mut prop = ChaosPropagator::new(n, n, n, 0).with_arrows(vec![budget.clone()]);
            let near = worlds[rng.below(worlds.len())];
            let mut value: Vec<i8> = vec![0; 104];
            let steps = 10 + rng.below(60);
            let walked = walk::walk(
                &mut prop,
                steps,
                4,
                &mut value,
                &mut |k| rng.below(k),
                &mut |below| {
                    // mostly region variables, now and then a control digit
                    let i = if below(6) == 0 {
                        100 + below(n)
                    } else {
                        below(cells * n)
                    };
                    let lit = Var::from_index(i).positive();
                    if truth(lit, near) != (below(8) == 0) {
                        lit
                    } else {
                        !lit
                    }
                },
                &mut |clause, except, value| {
                    for l in clause.iter().filter(|&&l| Some(l) != except) {
                        let v = value[l.index()];
                        assert!(v != 0 && (v > 0) != l.is_positive(), "{l:?} of {clause:?}");
                    }
                    for &w in &worlds {
                        assert!(
                            clause.iter().any(|&l| truth(l, w)),
                            "{clause:?} fails in {w:?}"
                        );
                    }
                },
            );
            propagated += walked.propagated.len();
            conflicts += usize::from(walked.conflict);
            // only the budget removes a control digit
            controls += walked
                .propagated
                .iter()
                .filter(|l| l.index() >= 100)
                .count();
        }
    }
    assert!(
        propagated > 3000 && conflicts > 200 && controls > 300,
        "{propagated} {conflicts} {controls}"
    );
}

#[test]
fn chaos_arrows_count_alike_on_every_engine_and_mode() {
    // the arrows' clauses alone (varisat, and CaDiCaL without the propagator) against the
    // propagator with the off-arm budget, and all against the checker over the bare
    // construction's solutions
    use crate::rules::chaos_arrow::ChaosArrow;
    use crate::rules::testing::{cells, chaos_counts, chaos_puzzle};
    use crate::rules::{Constraint, Rule};
    use crate::solve::count_on;
    let four = |r: usize, c: usize, n: usize, exclude_start: bool| {
        let start = (r, c);
        let arm = |dr: isize, dc: isize| {
            let mut a = vec![start];
            let (mut i, mut j) = (r as isize + dr, c as isize + dc);
            while (1..=n as isize).contains(&i) && (1..=n as isize).contains(&j) {
                a.push((i as usize, j as usize));
                i += dr;
                j += dc;
            }
            cells(&a)
        };
        Constraint::ChaosArrow(ChaosArrow {
            cell: crate::geometry::Cell::new(r, c),
            arms: vec![arm(0, -1), arm(0, 1), arm(-1, 0), arm(1, 0)],
            exclude_start,
        })
    };
    let cases = [
        ("1..............2", vec![four(2, 2, 4, false)]),
        (
            "1..............2",
            vec![four(2, 3, 4, true), four(3, 2, 4, false)],
        ),
        (
            "..3.............",
            vec![four(1, 1, 4, false), four(4, 4, 4, false)],
        ),
    ];
    let mut engines = vec![Engine::new(EngineKind::Varisat)];
    if EngineKind::Cadical.is_built() {
        for mode in [Propagation::Carry, Propagation::Both, Propagation::Off] {
            engines.push(Engine::new(EngineKind::Cadical).with_chaos(mode));
        }
    }
    for (givens, rules) in cases {
        let shape = chaos_puzzle(givens, Vec::new()).shape().clone();
        let (_, brute, all) = chaos_counts(givens, rules.clone(), |g| {
            rules.iter().all(|r| r.check(&shape, g).is_ok())
        });
        assert!(0 < brute && brute < all, "{givens}: {brute} of {all}");
        let p = chaos_puzzle(givens, rules);
        for engine in &engines {
            let found = count_on(&p, 100_000, engine, |_| {}).unwrap().found;
            assert_eq!(found, brute, "{givens} on {engine:?}");
        }
    }
}
