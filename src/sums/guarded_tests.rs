//! Soundness of guarded relations (sums inside `or` branches, `g → relation`) in the sum
//! propagator, against brute force.
//!
//! - Random walks over a 4×4 grid with random sums, most of them guarded (guards shared
//!   now and then): every reason and conflict has its other literals false and holds in
//!   every (solved grid, guard values) pair that meets every relation whose guard is true.
//! - End to end: puzzles with `or`s of sums count alike on varisat (clauses), on CaDiCaL
//!   with the propagator in each mode, and by brute force.
//! - A reason that forgets the guard (`relation::MUTATE_GUARD`) and a wrong bound
//!   (`relation::MUTATE`) are caught by both.

use super::relation::{MUTATE, MUTATE_GUARD};
use super::{Guarded, Layout, Linear, SumPropagator};
use crate::engine::{walk, Lit, Propagator, Var};
use crate::generate::Rng;
use crate::geometry::{full_mask, Cell, Shape};
use crate::groups::Groups;

/// Cell literals of a 4×4 (16 cells × 4 digits); guards come after them.
const CELL_VARS: usize = 64;
/// Guard variables in the walks.
const GUARDS: usize = 3;

/// Every solved 4×4 grid (288 of them), row-major digit indices 0..4.
fn grids4() -> Vec<[u8; 16]> {
    crate::rules::testing::all_4x4()
        .into_iter()
        .map(|g| g.map(|d| d as u8 - 1))
        .collect()
}

/// `len` different positions of a 4×4 near a random cell (within `spread` of it, in
/// row-major order, wrapping), none of them `avoid`: terms that often share a row or box.
fn near_cells(rng: &mut Rng, len: usize, spread: usize, avoid: Option<usize>) -> Vec<usize> {
    let start = rng.below(16);
    let mut cells: Vec<usize> = Vec::new();
    while cells.len() < len {
        let p = (start + rng.below(spread)) % 16;
        if !cells.contains(&p) && Some(p) != avoid {
            cells.push(p);
        }
    }
    cells
}

/// The houses of a 4×4 (2×2 boxes).
fn groups4() -> Groups {
    let houses = Shape::new(4).expect("4x4").houses();
    let names = vec![String::new(); houses.len()];
    Groups::build(4, houses, names, Vec::new(), Vec::new())
}

/// Random sums over a solved grid (some off by one or a range), each guarded by one of
/// [`GUARDS`] selectors with probability 3/4: (unguarded sums, guarded sums).
fn random_sums(grid: &[u8; 16], rng: &mut Rng) -> (Vec<Linear>, Vec<Guarded>) {
    let (mut plain, mut guarded) = (Vec::new(), Vec::new());
    for _ in 0..2 + rng.below(4) {
        let len = 2 + rng.below(3);
        let cells = near_cells(rng, len, 6, None);
        let weights = [1i64, 1, 1, 2, -1, 3];
        let terms: Vec<(Cell, i64)> = cells
            .iter()
            .map(|&p| {
                let w = if rng.below(2) == 0 {
                    1
                } else {
                    weights[rng.below(weights.len())]
                };
                (Cell::from_position(p, 4), w)
            })
            .collect();
        let total: i64 = terms
            .iter()
            .map(|&(c, w)| w * (grid[c.position(4)] as i64 + 1))
            .sum();
        let lo = total + [0, 0, 0, 1, -1][rng.below(5)];
        let hi = lo + [0, 0, 2][rng.below(3)];
        let lin = Linear::between(terms, lo, hi);
        if lin.terms.is_empty() {
            continue;
        }
        if rng.below(4) == 0 {
            plain.push(lin);
        } else {
            let guard = Var::from_index(CELL_VARS + rng.below(GUARDS)).positive();
            guarded.push(Guarded { guard, sum: lin });
        }
    }
    (plain, guarded)
}

/// Whether literal `l` holds in the grid `g` with guard values `bits`.
fn holds(l: Lit, g: &[u8; 16], bits: usize) -> bool {
    let i = l.index();
    let v = if i < CELL_VARS {
        g[i / 4] as usize == i % 4
    } else {
        bits & (1 << (i - CELL_VARS)) != 0
    };
    v == l.is_positive()
}

/// Counts of one run of walks.
#[derive(Debug, Default)]
struct Seen {
    /// Reasons or conflicts that fail in some model, or whose other literals are not false.
    bad: usize,
    /// Literals propagated: guards refuted, and cell literals under a true guard.
    refuted: usize,
    pruned_guarded: usize,
    conflicts: usize,
}

/// Walks over `setups` random setups: each reason and conflict checked against every model.
fn walks(setups: usize, seed: u64) -> Seen {
    let all = grids4();
    let groups = groups4();
    let mut rng = Rng::new(seed);
    let mut seen = Seen::default();
    for _ in 0..setups {
        let grid = all[rng.below(all.len())];
        let (plain, guarded) = random_sums(&grid, &mut rng);
        // the models: every solved grid with every guard assignment meeting the relations
        let models: Vec<([u8; 16], usize)> = all
            .iter()
            .flat_map(|g| (0..1 << GUARDS).map(move |b| (*g, b)))
            .filter(|(g, b)| {
                let digit = |c: Cell| g[c.position(4)] as i64 + 1;
                plain.iter().all(|l| l.holds(digit))
                    && guarded
                        .iter()
                        .all(|x| !holds(x.guard, g, *b) || x.sum.holds(digit))
            })
            .collect();
        let cands = vec![full_mask(4); 16];
        let Some(mut prop) =
            SumPropagator::with_guards(Layout::square(4), &groups, &cands, &plain, &guarded)
        else {
            continue;
        };
        let guard_vars: Vec<usize> = guarded.iter().map(|g| g.guard.index()).collect();
        for _ in 0..20 {
            let mut value = vec![0i8; CELL_VARS + GUARDS];
            let mut p = prop.clone();
            let walked = walk::walk(
                &mut p,
                6 + rng.below(30),
                3,
                &mut value,
                &mut |k| rng.below(k),
                &mut |below| {
                    if !guard_vars.is_empty() && below(3) == 0 {
                        let v = Var::from_index(guard_vars[below(guard_vars.len())]);
                        return if below(3) == 0 {
                            v.negative()
                        } else {
                            v.positive()
                        };
                    }
                    // near the grid: mostly its digits, sometimes another one
                    let cell = below(16);
                    let d = if below(3) == 0 {
                        below(4)
                    } else {
                        grid[cell] as usize
                    };
                    let lit = Var::from_index(cell * 4 + d).positive();
                    if below(4) == 0 {
                        !lit
                    } else {
                        lit
                    }
                },
                &mut |clause, except, value| {
                    let others_false = clause.iter().filter(|&&l| Some(l) != except).all(|l| {
                        let v = value[l.index()];
                        v != 0 && (v > 0) != l.is_positive()
                    });
                    let valid = models
                        .iter()
                        .all(|(g, b)| clause.iter().any(|&l| holds(l, g, *b)));
                    seen.bad += usize::from(!others_false || !valid);
                },
            );
            seen.conflicts += usize::from(walked.conflict);
            for l in &walked.propagated {
                if l.index() >= CELL_VARS {
                    seen.refuted += 1;
                } else if guarded.iter().any(|g| value[g.guard.index()] > 0) {
                    seen.pruned_guarded += 1;
                }
            }
        }
        prop.backtrack(0);
    }
    seen
}

#[test]
fn every_guarded_reason_and_conflict_holds_in_every_model() {
    let seen = walks(150, 7);
    assert_eq!(seen.bad, 0, "{seen:?}");
    // guards were refuted, cells pruned under true guards, conflicts reached
    assert!(
        seen.refuted > 50 && seen.pruned_guarded > 100 && seen.conflicts > 50,
        "{seen:?}"
    );
}

/// Whether the walks catch a mutation switched on by `switch`: a clause that fails in some
/// model, or a propagated literal the walk's engine finds already assigned (it panics).
fn caught(switch: &'static std::thread::LocalKey<std::cell::Cell<bool>>) -> bool {
    switch.with(|f| f.set(true));
    let seen = std::panic::catch_unwind(|| walks(150, 7));
    switch.with(|f| f.set(false));
    seen.map_or(true, |s| s.bad > 0)
}

#[test]
fn a_reason_that_forgets_its_guard_is_caught() {
    assert!(caught(&MUTATE_GUARD));
}

#[test]
fn a_wrong_bound_under_a_guard_is_caught() {
    assert!(caught(&MUTATE));
}

/// Random 4×4 puzzles in native JSON whose `or`s hold sums: a branch is a killer cage, a
/// weighted sum, or an `and` of a sum and a chooser cell's pencil mark (as ISS's scripts
/// pick a rectangle per clue); totals from a solved grid, some off by one.
#[cfg(feature = "cadical")]
fn or_puzzles(count: usize, seed: u64) -> Vec<crate::puzzle::Puzzle> {
    let all = grids4();
    let mut rng = Rng::new(seed);
    let name = |p: usize| format!("\"r{}c{}\"", p / 4 + 1, p % 4 + 1);
    let mut out = Vec::new();
    while out.len() < count {
        let grid = all[rng.below(all.len())];
        let mut rules = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let chooser = rng.below(16);
            let mut branches = Vec::new();
            for b in 0..2 + rng.below(2) {
                let len = 2 + rng.below(3);
                let cells = near_cells(&mut rng, len, 5, Some(chooser));
                let mut total: i64 = cells.iter().map(|&p| grid[p] as i64 + 1).sum();
                if rng.below(3) == 0 {
                    total += 1;
                }
                let list: Vec<String> = cells.iter().map(|&p| name(p)).collect();
                let sum = match rng.below(3) {
                    0 => format!(
                        r#"{{"type":"killer","cells":[{}],"sum":{total}}}"#,
                        list.join(",")
                    ),
                    _ => format!(
                        r#"{{"type":"weighted-sum","cells":[{}],"sum":{total}}}"#,
                        list.join(",")
                    ),
                };
                branches.push(if rng.below(2) == 0 {
                    format!(
                        r#"{{"type":"and","of":[{sum},{{"type":"pencil-marks","cell":{},"digits":[{}]}}]}}"#,
                        name(chooser),
                        b % 4 + 1
                    )
                } else {
                    sum
                });
            }
            rules.push(format!(r#"{{"type":"or","of":[{}]}}"#, branches.join(",")));
        }
        let json = format!(
            r#"{{"satdoku":1,"size":4,"constraints":[{}]}}"#,
            rules.join(",")
        );
        // a killer whose total its cells cannot reach is refused on input: skip those
        if let Ok(doc) = crate::format::json::from_str(&json) {
            out.push(doc.puzzle);
        }
    }
    out
}

/// varisat on the clauses, CaDiCaL with the propagator carrying the guarded sums (each
/// mode) and brute force count alike; a wrong bound reaches CaDiCaL through the guarded
/// sums and changes some count.
#[cfg(feature = "cadical")]
#[test]
fn sums_in_ors_count_alike_on_every_engine_and_mode() {
    use crate::engine::{Engine, EngineKind, Propagation};
    let varisat = Engine::new(EngineKind::Varisat);
    let modes = Propagation::ALL.map(|m| Engine::new(EngineKind::Cadical).with_propagation(m));
    let (mut kinds, mut differ, mut carried) = ([0usize; 3], 0, 0);
    for p in or_puzzles(60, 11) {
        let count = |e: &Engine| crate::solve::count_on(&p, 30, e, |_| {}).map(|c| c.found);
        let brute = crate::rules::testing::brute_force_count(&p, 30);
        assert_eq!(count(&varisat).unwrap(), brute);
        for e in &modes {
            assert_eq!(count(e).unwrap(), brute, "{:?}", e.propagation);
        }
        kinds[brute.min(2)] += 1;
        let mut formula = crate::formula::Formula::new(&p, crate::formula::Simplify::Full);
        carried += usize::from(formula.sum_propagator(Propagation::CarryAll).is_some());
        MUTATE.with(|f| f.set(true));
        let wrong = count(&modes[1]);
        MUTATE.with(|f| f.set(false));
        differ += usize::from(wrong.ok() != Some(brute));
    }
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
    assert!(carried > 30 && differ > 0, "{carried} {differ}");
}
