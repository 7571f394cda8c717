//! Soundness of the sum propagator against brute force.
//!
//! - Every reason and conflict clause it produces, in random walks over small grids with
//!   random cages, little killers, arrows, pills and double arrows (random decisions, the
//!   cell and house clauses propagated by a tiny engine here, random backtracks), contains
//!   the propagated literal with every other literal false at that moment, and holds in
//!   every solution of the relation it came from, or of that relation with the house
//!   around it (enumerated).
//! - A search over the propagator plus the cell and house clauses counts the same
//!   solutions as the brute-force counter of `rules::testing`.
//! - With a deliberately wrong bound (`relation::MUTATE`) both checks fail, and a house-complement
//!   reason that forgets a cell (`relation::MUTATE_HOUSE`) fails the first: they have teeth.

use super::reason;
use super::relation::{MUTATE, MUTATE_HOUSE};
use super::sets;
use super::{Linear, SumPropagator};
use crate::engine::{Lit, Propagator, Var};
use crate::geometry::{full_mask, Cell, Mask, Shape};
use crate::groups::Groups;

/// A small deterministic generator (fixed seeds: reproducible failures).
pub(crate) struct Rng(pub u64);

impl Rng {
    /// A number in `0..m`.
    pub fn below(&mut self, m: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % m.max(1)
    }
}

/// The houses of a plain 9×9 grid, without cages.
pub(crate) fn groups9() -> Groups {
    let houses = crate::geometry::Shape::new(9).expect("9x9").houses();
    let names = vec![String::new(); houses.len()];
    Groups::build(9, houses, names, Vec::new(), Vec::new())
}

/// A tiny engine: cell variables of the open cells, "exactly one digit per cell" and "peers
/// differ" propagated by brute force, a trail with decision levels.
struct Mini {
    n: usize,
    init: Vec<Mask>,
    peers: Vec<Vec<u16>>,
    value: Vec<Option<bool>>,
    trail: Vec<usize>,
    marks: Vec<usize>,
}

impl Mini {
    fn new(n: usize, init: Vec<Mask>, groups: &Groups) -> Mini {
        Mini {
            n,
            peers: (0..n * n).map(|p| groups.peers(p).to_vec()).collect(),
            init,
            value: vec![None; n * n * n],
            trail: Vec::new(),
            marks: Vec::new(),
        }
    }

    fn open(&self, p: usize) -> bool {
        self.init[p].count_ones() > 1
    }

    fn lit(&self, p: usize, d: usize) -> Lit {
        Var::from_index(p * self.n + d).positive()
    }

    /// The literal's value; the constants of decided cells and removed digits included.
    fn val(&self, l: Lit) -> Option<bool> {
        let (p, d) = (l.index() / self.n, l.index() % self.n);
        let v = if !self.open(p) || self.init[p] & (1 << d) == 0 {
            Some(self.init[p] & (1 << d) != 0)
        } else {
            self.value[l.index()]
        };
        v.map(|v| v == l.is_positive())
    }

    /// Makes `l` true; `false` if it is false.
    fn set(&mut self, l: Lit, fresh: &mut Vec<Lit>) -> bool {
        match self.val(l) {
            Some(v) => v,
            None => {
                self.value[l.index()] = Some(l.is_positive());
                self.trail.push(l.index());
                fresh.push(l);
                true
            }
        }
    }

    /// Unit propagation of the cell and peer clauses; `false` on a conflict.
    fn bcp(&mut self, fresh: &mut Vec<Lit>) -> bool {
        let n = self.n;
        loop {
            let before = self.trail.len();
            for p in 0..n * n {
                if !self.open(p) {
                    continue;
                }
                let ds: Vec<usize> = (0..n).filter(|&d| self.init[p] & (1 << d) != 0).collect();
                let t: Vec<usize> = ds
                    .iter()
                    .copied()
                    .filter(|&d| self.val(self.lit(p, d)) == Some(true))
                    .collect();
                let u: Vec<usize> = ds
                    .iter()
                    .copied()
                    .filter(|&d| self.val(self.lit(p, d)).is_none())
                    .collect();
                if t.len() > 1 || (t.is_empty() && u.is_empty()) {
                    return false;
                }
                if let [d] = t[..] {
                    for &e in &u {
                        self.set(!self.lit(p, e), fresh);
                    }
                    for q in self.peers[p].clone() {
                        if !self.set(!self.lit(q as usize, d), fresh) {
                            return false;
                        }
                    }
                } else if let [d] = u[..] {
                    self.set(self.lit(p, d), fresh);
                }
            }
            if self.trail.len() == before {
                return true;
            }
        }
    }

    fn new_level(&mut self) {
        self.marks.push(self.trail.len());
    }

    fn backtrack(&mut self, level: usize) {
        while self.marks.len() > level {
            let mark = self.marks.pop().unwrap();
            for v in self.trail.drain(mark..) {
                self.value[v] = None;
            }
        }
    }

    fn unassigned(&self) -> Option<Lit> {
        (0..self.n * self.n)
            .filter(|&p| self.open(p))
            .flat_map(|p| (0..self.n).map(move |d| (p, d)))
            .find(|&(p, d)| self.init[p] & (1 << d) != 0 && self.value[p * self.n + d].is_none())
            .map(|(p, d)| self.lit(p, d))
    }
}

/// The cells a clause may speak of and their joint solutions (digits in the order of the
/// cells).
type Scope = (Vec<usize>, Vec<Vec<usize>>);

/// The solutions of relation `lin` over the cells `cells` (its own, and possibly more):
/// digits from `init` that differ where `groups` says and satisfy it.
fn scope_solutions(
    n: usize,
    cells: Vec<usize>,
    lin: &Linear,
    init: &[Mask],
    groups: &Groups,
) -> Scope {
    let at: Vec<usize> = lin
        .terms
        .iter()
        .map(|t| cells.iter().position(|&p| p == t.0.position(n)).unwrap())
        .collect();
    let mut out = Vec::new();
    let mut pick = vec![0usize; cells.len()];
    fn go(
        k: usize,
        cells: &[usize],
        pick: &mut Vec<usize>,
        ctx: (&Linear, &[usize], &[Mask], &Groups, usize),
        out: &mut Vec<Vec<usize>>,
    ) {
        let (lin, at, init, groups, n) = ctx;
        if k == cells.len() {
            let s: i64 = lin
                .terms
                .iter()
                .zip(at)
                .map(|(t, &i)| t.1 * pick[i] as i64)
                .sum();
            if (lin.lo..=lin.hi).contains(&s) {
                out.push(pick.clone());
            }
            return;
        }
        for d in 1..=n {
            if init[cells[k]] & (1 << (d - 1)) == 0 {
                continue;
            }
            let clash =
                (0..k).any(|j| pick[j] == d && groups.peers(cells[k]).contains(&(cells[j] as u16)));
            if !clash {
                pick[k] = d;
                go(k + 1, cells, pick, ctx, out);
            }
        }
    }
    go(0, &cells, &mut pick, (lin, &at, init, groups, n), &mut out);
    (cells, out)
}

/// What each relation may justify: its own cells on their own, and, for an equation with
/// weights all 1 or all −1 inside a house, the whole house (every digit once) with it.
fn scopes(n: usize, sums: &[Linear], init: &[Mask], groups: &Groups) -> Vec<Scope> {
    let mut out = Vec::new();
    for lin in sums {
        let cells: Vec<usize> = lin.terms.iter().map(|t| t.0.position(n)).collect();
        out.push(scope_solutions(n, cells.clone(), lin, init, groups));
        let w = lin.terms[0].1;
        if lin.lo != lin.hi || w.abs() != 1 || lin.terms.iter().any(|t| t.1 != w) {
            continue;
        }
        for h in 0..groups.houses.len() {
            let house: Vec<usize> = groups
                .house_positions(h)
                .iter()
                .map(|&p| p as usize)
                .collect();
            if cells.iter().all(|p| house.contains(p)) {
                out.push(scope_solutions(n, house, lin, init, groups));
            }
        }
    }
    out
}

/// Whether `clause` holds in every solution of some scope whose cells cover it.
fn valid(n: usize, clause: &[Lit], scopes: &[Scope]) -> bool {
    scopes.iter().any(|(cells, sols)| {
        let at = |p: usize| cells.iter().position(|&q| q == p);
        clause.iter().all(|l| at(l.index() / n).is_some())
            && sols.iter().all(|sol| {
                clause.iter().any(|l| {
                    let (p, d) = (l.index() / n, l.index() % n + 1);
                    let i = at(p).unwrap();
                    (sol[i] == d) == l.is_positive()
                })
            })
    })
}

/// A random small puzzle: the grid `solved` (4×4 or 6×6), the groups (houses and cages),
/// candidates (every `keep`-th cell given, its digit removed from its peers) and relations:
/// cages, little-killer-like runs, arrows, pills and double arrows with totals read from
/// `solved`, one in four moved by one.
fn random_setup(solved: &str, rng: &mut Rng) -> (Shape, Groups, Vec<Mask>, Vec<Linear>) {
    let n = (solved.len() as f64).sqrt() as usize;
    let shape = Shape::new(n).unwrap();
    let digit = |p: usize| (solved.as_bytes()[p] - b'0') as i64;
    let mut sums = Vec::new();
    let mut cages = Vec::new();
    for _ in 0..(2 + rng.below(4)) {
        let kind = rng.below(5);
        let len = 2 + rng.below(if kind == 0 { 3 } else { 2 });
        let mut ps: Vec<usize> = Vec::new();
        if kind == 0 && rng.below(2) == 0 {
            // a cage inside a house (the digit-set rule then reads the rest of the house)
            let houses = shape.houses();
            let h = &houses[rng.below(houses.len())];
            while ps.len() < len {
                let p = h[rng.below(h.len())].position(n);
                if !ps.contains(&p) {
                    ps.push(p);
                }
            }
        }
        while ps.len() < len {
            let p = rng.below(n * n);
            let fresh = !ps.contains(&p);
            let distinct = kind != 0 || !ps.iter().any(|&q| digit(q) == digit(p));
            if fresh && distinct {
                ps.push(p);
            }
        }
        let weights: Vec<i64> = match kind {
            // cage (all different), little killer: weights 1
            0 | 1 => vec![1; len],
            // arrow: the last cell is the circle
            2 => (0..len)
                .map(|i| if i + 1 == len { -1 } else { 1 })
                .collect(),
            // pill of two cells over a line
            3 => (0..len + 2)
                .map(|i| match i {
                    _ if i == len => -10,
                    _ if i == len + 1 => -1,
                    _ => 1,
                })
                .collect(),
            // double arrow: ends +1, inside −1
            _ => (0..len + 1)
                .map(|i| if i == 0 || i == len { 1 } else { -1 })
                .collect(),
        };
        while ps.len() < weights.len() {
            let p = rng.below(n * n);
            if !ps.contains(&p) {
                ps.push(p);
            }
        }
        let cells: Vec<Cell> = ps.iter().map(|&p| Cell::from_position(p, n)).collect();
        let mut total: i64 = ps.iter().zip(&weights).map(|(&p, w)| w * digit(p)).sum();
        if rng.below(4) == 0 {
            total += if rng.below(2) == 0 { 1 } else { -1 };
        }
        if kind == 0 {
            cages.push(cells.clone());
        }
        sums.push(Linear::equal(cells.into_iter().zip(weights), total));
    }
    let houses = shape.houses();
    let names = vec![String::new(); houses.len()];
    let cage_names = vec![String::new(); cages.len()];
    let groups = Groups::build(n, houses, names, cages, cage_names);
    let mut cands = vec![full_mask(n); n * n];
    let keep = 3 + rng.below(4);
    for p in (0..n * n).filter(|p| p % keep == 0) {
        let bit: Mask = 1 << (digit(p) - 1);
        cands[p] = bit;
        for &q in groups.peers(p) {
            cands[q as usize] &= !bit;
        }
    }
    (shape, groups, cands, sums)
}

/// Random walks with the propagator; returns (clauses checked, clauses found invalid).
fn walk(seeds: std::ops::Range<u64>) -> (usize, usize) {
    let (mut checked, mut bad) = (0, 0);
    for seed in seeds {
        let mut rng = Rng(seed);
        let solved = if seed % 2 == 0 {
            crate::rules::testing::FOUR
        } else {
            crate::rules::testing::SIX
        };
        let (shape, groups, cands, sums) = random_setup(solved, &mut rng);
        let n = shape.size();
        let scopes = scopes(n, &sums, &cands, &groups);
        let Some(mut prop) = SumPropagator::new(n, &groups, &cands, &sums) else {
            continue;
        };
        let mut mini = Mini::new(n, cands.clone(), &groups);
        let observed = prop.observed();
        let mut check = |clause: &[Lit], lit: Option<Lit>, mini: &Mini| {
            checked += 1;
            // only observed variables may be propagated (CaDiCaL aborts otherwise)
            if lit.is_some_and(|l| !observed.contains(&l.var())) {
                bad += 1;
            }
            let others_false = clause
                .iter()
                .filter(|&&l| Some(l) != lit)
                .all(|&l| mini.val(l) == Some(false));
            let has = lit.is_none_or(|l| clause.contains(&l) && mini.val(l) != Some(true));
            if !(others_false && has && valid(n, clause, &scopes)) {
                bad += 1;
            }
        };
        for _ in 0..40 {
            // a random decision, then propagation to a fixpoint or a conflict
            let Some(first) = mini.unassigned() else {
                break;
            };
            let open: Vec<usize> = (0..n * n * n)
                .filter(|&v| mini.val(Var::from_index(v).positive()).is_none())
                .collect();
            let v = open
                .get(rng.below(open.len()))
                .copied()
                .unwrap_or(first.index());
            let lit = Var::from_index(v).lit(rng.below(3) == 0);
            mini.new_level();
            prop.new_level();
            let mut fresh = Vec::new();
            mini.set(lit, &mut fresh);
            let mut ok = true;
            loop {
                if !mini.bcp(&mut fresh) {
                    ok = false;
                    break;
                }
                prop.assigned(&fresh);
                fresh.clear();
                if let Some(l) = prop.propagate() {
                    let mut reason = Vec::new();
                    prop.explain(l, &mut reason);
                    check(&reason, Some(l), &mini);
                    if !mini.set(l, &mut fresh) {
                        ok = false;
                        break;
                    }
                    continue;
                }
                let mut clause = Vec::new();
                if prop.conflict(&mut clause) {
                    check(&clause, None, &mini);
                    ok = false;
                }
                break;
            }
            if !ok || rng.below(5) == 0 {
                let level = rng.below(mini.marks.len());
                mini.backtrack(level);
                prop.backtrack(level);
            }
        }
    }
    (checked, bad)
}

#[test]
fn every_reason_and_conflict_holds_in_every_solution() {
    let (checked, bad) = walk(0..120);
    assert_eq!(bad, 0, "{bad} of {checked} clauses are wrong");
    assert!(checked > 500, "{checked}");
}

#[test]
fn a_wrong_bound_is_caught() {
    MUTATE.with(|f| f.set(true));
    let (checked, bad) = walk(0..120);
    MUTATE.with(|f| f.set(false));
    assert!(
        bad > 0,
        "a bound one too high went unnoticed in {checked} clauses"
    );
}

#[test]
fn a_house_reason_missing_a_cell_is_caught() {
    MUTATE_HOUSE.with(|f| f.set(true));
    let (checked, bad) = walk(0..120);
    MUTATE_HOUSE.with(|f| f.set(false));
    assert!(
        bad > 0,
        "a short house reason went unnoticed in {checked} clauses"
    );
}

/// Unit propagation of the tiny engine and the propagator to a fixpoint, starting with the
/// literals `fresh` just set; `false` on a conflict. Every reason must have its other
/// literals false, every conflict clause all of them.
fn fixpoint(mini: &mut Mini, prop: &mut SumPropagator, mut fresh: Vec<Lit>) -> bool {
    loop {
        if !mini.bcp(&mut fresh) {
            return false;
        }
        prop.assigned(&fresh);
        fresh.clear();
        let Some(l) = prop.propagate() else {
            let mut clause = Vec::new();
            if prop.conflict(&mut clause) {
                assert!(clause.iter().all(|&c| mini.val(c) == Some(false)));
                return false;
            }
            // a fixpoint: no relation, run afresh, finds anything new (none was left asleep)
            let stale = prop.stale();
            assert!(stale.is_empty(), "not at a fixpoint: {stale:?}");
            return true;
        };
        let mut reason = Vec::new();
        prop.explain(l, &mut reason);
        assert!(prop.observed().contains(&l.var()));
        assert!(reason.contains(&l));
        assert!(reason.iter().all(|&c| c == l || mini.val(c) == Some(false)));
        if !mini.set(l, &mut fresh) {
            return false;
        }
    }
}

/// Counts the solutions by a complete search over the tiny engine and the propagator
/// (decisions in order, chronological backtracking, `check_model` on every full grid).
fn search_count(mini: &mut Mini, prop: &mut SumPropagator, fresh: Vec<Lit>) -> usize {
    if !fixpoint(mini, prop, fresh) {
        return 0;
    }
    let Some(lit) = mini.unassigned() else {
        let ok = prop.check_model(&|l| mini.val(l) == Some(true));
        if !ok {
            let mut clause = Vec::new();
            assert!(prop.conflict(&mut clause));
            assert!(clause.iter().all(|&c| mini.val(c) == Some(false)));
        }
        return usize::from(ok);
    };
    let level = mini.marks.len();
    let mut total = 0;
    for l in [lit, !lit] {
        mini.new_level();
        prop.new_level();
        let mut fresh = Vec::new();
        mini.set(l, &mut fresh);
        total += search_count(mini, prop, fresh);
        mini.backtrack(level);
        prop.backtrack(level);
    }
    total
}

/// Killer puzzles on 4×4 (random cages of [`random_setup`], some sums off by one, every
/// fifth cell given for even seeds), with an arrow and a little killer for every third seed.
fn puzzles(seeds: std::ops::Range<u64>) -> Vec<crate::puzzle::Puzzle> {
    use crate::rules::{arrow::Arrow, killer::Killer, little_killer::LittleKiller};
    use crate::rules::{testing, Constraint, Rule};
    let mut out = Vec::new();
    for seed in seeds {
        let mut rng = Rng(seed);
        let solved = testing::FOUR;
        let (shape, _, _, sums) = random_setup(solved, &mut rng);
        let mut rules: Vec<Constraint> = sums
            .iter()
            .filter(|l| l.terms.iter().all(|t| t.1 == 1))
            .map(|l| {
                Constraint::Killer(Killer {
                    cells: l.terms.iter().map(|t| t.0).collect(),
                    sum: Some(l.lo as usize),
                })
            })
            .filter(|c| c.validate(&shape).is_ok())
            .collect();
        if seed % 3 == 0 {
            // r1c4 = r2c3 + r3c4 (4 = 1 + 3); r1c1 r2c2 r3c3 r4c4 = 1 + 4 + 4 + 1
            let c = |r, k| Cell::new(r, k);
            rules.push(Constraint::Arrow(Arrow {
                circle: vec![c(1, 4)],
                line: vec![c(2, 3), c(3, 4)],
            }));
            rules.push(Constraint::LittleKiller(LittleKiller {
                cells: vec![c(1, 1), c(2, 2), c(3, 3), c(4, 4)],
                sum: 10,
            }));
        }
        let givens: String = solved
            .chars()
            .enumerate()
            .map(|(i, ch)| if i % 5 == 0 && seed % 2 == 0 { ch } else { '.' })
            .collect();
        out.push(testing::puzzle(&givens, rules));
    }
    out
}

/// For each of [`puzzles`]: (count of a complete search over the propagator with the
/// implied sums of [`super::puzzle_sums`], brute-force count).
fn counts(seeds: std::ops::Range<u64>) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for p in puzzles(seeds) {
        let groups = p.groups();
        let cands = p.initial_candidates();
        let all = super::puzzle_sums(&p, &groups, &cands);
        let Some(mut prop) = SumPropagator::new(4, &groups, &cands, &all) else {
            continue;
        };
        let mut mini = Mini::new(4, cands, &groups);
        let found = search_count(&mut mini, &mut prop, Vec::new());
        out.push((found, crate::rules::testing::brute_force_count(&p, 10_000)));
    }
    out
}

/// End to end on CaDiCaL: the formula without the carried sums' clauses plus the
/// propagator (after full simplification) counts as brute force.
#[cfg(feature = "cadical")]
#[test]
fn cadical_with_the_propagator_counts_as_brute_force() {
    use crate::engine::{Engine, EngineKind};
    let engine = Engine::new(EngineKind::Cadical);
    let mut differ = 0;
    for p in puzzles(0..30) {
        let brute = crate::rules::testing::brute_force_count(&p, 100);
        let sat = crate::solve::count_on(&p, 100, &engine, |_| {}).unwrap();
        assert_eq!(sat.found, brute);
        // the wrong bound reaches CaDiCaL through the propagator and changes some count
        MUTATE.with(|f| f.set(true));
        let wrong = crate::solve::count_on(&p, 100, &engine, |_| {});
        MUTATE.with(|f| f.set(false));
        differ += usize::from(wrong.map_or(true, |c| c.found != brute));
    }
    assert!(differ > 0);
}

#[test]
fn a_search_with_the_propagator_counts_as_brute_force() {
    let counts = counts(0..40);
    assert!(counts.iter().all(|(a, b)| a == b), "{counts:?}");
    assert!(counts.iter().filter(|c| c.1 > 1).count() > 5, "{counts:?}");
    assert!(counts.iter().any(|c| c.1 == 0), "{counts:?}");
}

#[test]
fn a_wrong_bound_changes_the_count() {
    MUTATE.with(|f| f.set(true));
    let counts = counts(0..40);
    MUTATE.with(|f| f.set(false));
    assert!(counts.iter().any(|(a, b)| a != b), "{counts:?}");
}

#[test]
fn digit_sets_are_the_sets_that_make_the_total() {
    let sets = sets::sets_of(9, 2, 10).unwrap();
    assert_eq!(
        sets,
        vec![0b1_0000_0001, 0b0_1000_0010, 0b0_0100_0100, 0b0_0010_1000]
    );
    assert_eq!(sets::sets_of(9, 9, 45).unwrap(), vec![0b1_1111_1111]);
    assert!(sets::sets_of(9, 3, 5).unwrap().is_empty());
    assert!(sets::sets_of(32, 16, 264).is_none());
}

#[test]
fn linear_merges_repeated_cells() {
    let c = |r, k| Cell::new(r, k);
    let l = Linear::equal([(c(1, 1), 1), (c(1, 2), 1), (c(1, 1), -1)], 4);
    assert_eq!(l.terms, vec![(c(1, 2), 1)]);
    assert!(l.holds(|_| 4) && !l.holds(|_| 3));
    assert!(!Linear::equal([(c(1, 1), 1 << 40)], 0).fits(9));
}

/// A decided cell has no variable: what rules its digit out is a conflict, never a
/// propagated literal (CaDiCaL aborts on a literal it does not observe). 6×6: r1c1 = 1 in a
/// cage of five cells of box 1 adding up to 20, whose only digit set is {2, …, 6}.
#[test]
fn a_decided_cell_ruled_out_is_a_conflict() {
    let shape = Shape::new(6).unwrap();
    let cage: Vec<Cell> = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)]
        .iter()
        .map(|&(r, c)| Cell::new(r, c))
        .collect();
    let houses = shape.houses();
    let names = vec![String::new(); houses.len()];
    let groups = Groups::build(6, houses, names, vec![cage.clone()], vec![String::new()]);
    let mut cands = vec![0b111110; 36];
    cands[0] = 0b000001;
    let sums = vec![Linear::equal(cage.iter().map(|&c| (c, 1)), 20)];
    let mut prop = SumPropagator::new(6, &groups, &cands, &sums).unwrap();
    assert_eq!(prop.propagate(), None);
    let mut clause = vec![Var::from_index(0).positive()];
    assert!(prop.conflict(&mut clause));
    // nothing was removed during the search: the empty clause (no solution at all)
    assert!(clause.is_empty());
}

/// Rule 1 finds, as one digit range per cell, exactly what testing every digit against the
/// bounds finds (random groups with weights ±1, ±2, ±10, random candidates and bounds).
#[test]
fn rule_one_ranges_match_digit_by_digit() {
    use super::relation::{Cite, Compiled, Found, Group};
    let mut rng = Rng(7);
    let mut removed = 0;
    for _ in 0..4000 {
        let n = 9;
        let mut next = 0u32;
        let groups: Vec<Group> = (0..1 + rng.below(3))
            .map(|_| {
                let w = [1, -1, 2, -2, 10, -10][rng.below(6)];
                let cells = (0..1 + rng.below(4))
                    .map(|_| {
                        next += 1;
                        next - 1
                    })
                    .collect();
                Group { w, cells }
            })
            .collect();
        let doms: Vec<Mask> = (0..next)
            .map(|_| loop {
                let m = rng.below(1 << n) as Mask;
                if m != 0 {
                    break m;
                }
            })
            .collect();
        let mag: i64 = groups
            .iter()
            .map(|g| g.w.abs() * 9 * g.cells.len() as i64)
            .sum();
        let lo = rng.below(2 * mag as usize + 1) as i64 - mag;
        let hi = lo + [0, 0, 1, 5][rng.below(4)];
        let s = Compiled {
            groups,
            lo,
            hi,
            sets: None,
            outside: Vec::new(),
            full: full_mask(n),
            guard: None,
        };
        let dom = |c: u32| doms[c as usize];
        let mut found = Vec::new();
        reason::reason(&s, &dom, &|_, _| true, &mut found);
        let mut ranges: Vec<Found> = found
            .into_iter()
            .filter(|f| matches!(f, Found::Remove(_, _, Cite::Low | Cite::High)))
            .collect();
        let mut digits = reason::rule1_per_digit(&s, &dom);
        ranges.sort_by_key(|f| format!("{f:?}"));
        digits.sort_by_key(|f| format!("{f:?}"));
        assert_eq!(ranges, digits, "{s:?} {doms:?}");
        removed += digits.len();
    }
    assert!(removed > 1000, "{removed}");
}

#[test]
fn the_propagator_pays_for_sums_over_most_cells_or_one_long_sum() {
    // cells r1c1.. in reading order, `n` of them, as a JSON list
    let cells = |n: usize| {
        (0..n)
            .map(|i| format!("\"r{}c{}\"", i / 9 + 1, i % 9 + 1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let puzzle = |rules: &str| {
        crate::format::json::from_str(&format!(
            r#"{{"satdoku": 1, "size": 9, "givens": "{}", "constraints": [{rules}]}}"#,
            ".".repeat(81)
        ))
        .unwrap()
        .puzzle
    };
    let sum = |n: usize| {
        format!(
            r#"{{"type": "weighted-sum", "cells": [{}], "sum": {}}}"#,
            cells(n),
            5 * n
        )
    };
    // one sum of 16 cells: long enough; of 15: not, and it covers few cells
    assert!(super::propagator_pays(&puzzle(&sum(super::AUTO_LONG_SUM))));
    assert!(!super::propagator_pays(&puzzle(&sum(
        super::AUTO_LONG_SUM - 1
    ))));
    // killer cages of 3 cells over 55 of 81 cells: more than two thirds; over 54: not
    let cages = |k: usize| {
        (0..k)
            .map(|i| {
                let c: Vec<String> = (3 * i..3 * i + 3)
                    .map(|j| format!("\"r{}c{}\"", j / 9 + 1, j % 9 + 1))
                    .collect();
                format!(
                    r#"{{"type": "killer", "cells": [{}], "sum": 15}}"#,
                    c.join(", ")
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    assert!(!super::propagator_pays(&puzzle(&cages(18))));
    let extra = r#"{"type": "killer", "cells": ["r7c1"], "sum": 5}"#;
    assert!(super::propagator_pays(&puzzle(&format!(
        "{}, {extra}",
        cages(18)
    ))));
    // no sums at all
    assert!(!super::propagator_pays(&puzzle(
        r#"{"type": "killer", "cells": ["r1c1", "r1c2"]}"#
    )));
    // three sums over 12 cells covering box 1 and sticking out into column 4: their cells
    // there sum to 13 + 23 + 33 − 45 = 24, three digits that must differ at their largest
    // (an intersection sum, sums::intersect); with 6 + 23 + 33 the outside sums to 17,
    // which leaves them room (range 6..24 more than four times the 7 to the nearer end),
    // and the propagator is not chosen
    let crossing = |a: i64| {
        (1..=3)
            .zip([a, 23, 33])
            .map(|(r, t)| {
                format!(
                    r#"{{"type": "weighted-sum", "cells": ["r{r}c1", "r{r}c2", "r{r}c3", "r{r}c4"], "sum": {t}}}"#
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    assert!(super::propagator_pays(&puzzle(&crossing(13))));
    assert!(!super::propagator_pays(&puzzle(&crossing(6))));
}

#[test]
fn sums_over_whole_houses_are_told_apart_from_set_theory() {
    let g = groups9();
    let cell = |r: usize, c: usize| Cell::from_index(r, c);
    let row = |r: usize, w: i64| (0..9).map(move |c| (cell(r, c), w));
    // a row, two rows, a column with a box: whole houses with their totals
    assert!(super::whole_houses(9, &g, &Linear::equal(row(0, 1), 45)));
    assert!(super::whole_houses(
        9,
        &g,
        &Linear::equal(row(3, -1).chain(row(4, -1)), -90)
    ));
    let col_and_box: Vec<(Cell, i64)> = (0..9)
        .map(|r| (cell(r, 8), 1))
        .chain((0..9).map(|i| (cell(i / 3, i % 3), 1)))
        .collect();
    assert!(super::whole_houses(9, &g, &Linear::equal(col_and_box, 90)));
    // what set theory needs kept: another total, a cell short, a cell of another weight,
    // a row with nine cells that are no house
    assert!(!super::whole_houses(9, &g, &Linear::equal(row(0, 1), 44)));
    assert!(!super::whole_houses(
        9,
        &g,
        &Linear::equal(row(0, 1).skip(1), 40)
    ));
    let mut weighted: Vec<(Cell, i64)> = row(0, 1).collect();
    weighted[0].1 = 2;
    assert!(!super::whole_houses(9, &g, &Linear::equal(weighted, 46)));
    let row_and_block: Vec<(Cell, i64)> = row(0, 1)
        .chain((0..9).map(|i| (cell(1 + i / 3, i % 3), 1)))
        .collect();
    assert!(!super::whole_houses(
        9,
        &g,
        &Linear::equal(row_and_block, 90)
    ));
}

/// Random killer puzzles on grids that are not N×N holding 1..N — 3×4 and 4×3 rectangles, a 4×4
/// holding 1..6 (rows hold four of six values), a 4×4 holding 0..3 — made from a random
/// solution (the empty grid's first solution with its values relabelled), cages of two or
/// three cells along a row or column whose totals are sometimes one off, and a few givens.
#[cfg(feature = "cadical")]
fn shaped_puzzles(seeds: std::ops::Range<u64>) -> Vec<crate::puzzle::Puzzle> {
    use crate::engine::{Engine, EngineKind};
    use crate::geometry::{Digit, Values};
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;
    use crate::rules::{killer::Killer, Constraint, Rule};
    let varisat = Engine::new(EngineKind::Varisat);
    let mut out = Vec::new();
    for seed in seeds {
        let mut rng = Rng(seed);
        let shape = match seed % 4 {
            0 => Shape::rect(3, 4).unwrap(),
            3 => Shape::rect(4, 3).unwrap(),
            1 => Shape::new(4)
                .unwrap()
                .with_values(Values::parse("1-6").unwrap())
                .unwrap(),
            _ => Shape::new(4)
                .unwrap()
                .with_values(Values::parse("0-3").unwrap())
                .unwrap(),
        };
        let (rows, cols, v) = (shape.rows(), shape.cols(), shape.value_count());
        let empty = Puzzle::new(shape.clone(), Grid::empty_rect(rows, cols), vec![]).unwrap();
        let crate::solve::Verdict::Multiple(first, _) =
            crate::solve::check_on(&empty, &varisat).unwrap()
        else {
            panic!("an empty grid has many solutions");
        };
        let mut relabel: Vec<usize> = (0..v).collect();
        for i in (1..v).rev() {
            relabel.swap(i, rng.below(i + 1));
        }
        let index = |c: Cell| relabel[first.digit(c).index()];
        let value = |c: Cell| shape.values().value(Digit::from_index(index(c)));
        let mut rules = Vec::new();
        for _ in 0..2 + rng.below(3) {
            let len = 2 + rng.below(2);
            let across = rng.below(2) == 0;
            let (r, c) = if across {
                (rng.below(rows), rng.below(cols + 1 - len))
            } else {
                (rng.below(rows + 1 - len), rng.below(cols))
            };
            let cells: Vec<Cell> = (0..len)
                .map(|k| {
                    let (dr, dc) = if across { (0, k) } else { (k, 0) };
                    Cell::from_index(r + dr, c + dc)
                })
                .collect();
            let mut total: i64 = cells.iter().map(|&c| value(c)).sum();
            if rng.below(4) == 0 {
                total += if rng.below(2) == 0 { 1 } else { -1 };
            }
            let cage = Constraint::Killer(Killer {
                cells,
                sum: Some(total.max(0) as usize),
            });
            // a total no digits reach is refused on input: such a cage is not made
            if cage.validate(&shape).is_ok() {
                rules.push(cage);
            }
        }
        let mut givens = Grid::empty_rect(rows, cols);
        for p in 0..rows * cols {
            if rng.below(5) == 0 {
                let c = Cell::from_position(p, cols);
                givens.set(c, Some(Digit::from_index(index(c))));
            }
        }
        out.push(Puzzle::new(shape, givens, rules).unwrap());
    }
    out
}

/// The sum propagator on rectangles and on grids whose value set is not 1..N (issue 21 on
/// issue 23's shapes): CaDiCaL with the propagator alone carrying the sums, and with the
/// killer cages' clauses kept, count as varisat on the clauses; a wrong bound changes some
/// count, so the propagator is in the loop.
#[cfg(feature = "cadical")]
#[test]
fn on_shaped_grids_the_propagator_counts_as_the_clauses() {
    use crate::engine::{Engine, EngineKind, Propagation};
    let varisat = Engine::new(EngineKind::Varisat);
    let carry = Engine::new(EngineKind::Cadical);
    let alone = Engine::new(EngineKind::Cadical).with_propagation(Propagation::CarryAll);
    let (mut differ, mut kinds) = (0, [0usize; 3]);
    for p in &shaped_puzzles(0..60) {
        let groups = p.groups();
        let cands = p.initial_candidates();
        if p.constraints().is_empty() {
            continue; // every cage refused: nothing to carry
        }
        assert!(super::propagator(p, &groups, &cands, &[]).is_some());
        let count = |e: &Engine| crate::solve::count_on(p, 20, e, |_| {}).map(|c| c.found);
        let base = count(&varisat).unwrap();
        kinds[base.min(2)] += 1;
        assert_eq!(count(&carry).unwrap(), base);
        assert_eq!(count(&alone).unwrap(), base);
        MUTATE.with(|f| f.set(true));
        let wrong = count(&alone);
        MUTATE.with(|f| f.set(false));
        differ += usize::from(wrong.ok() != Some(base));
    }
    // no solution, one, several: each happens
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
    assert!(differ > 0);
}

/// The root narrowing of [`super::root_narrower`] on the killer puzzles of [`puzzles`],
/// against every 4×4 grid that the puzzle's checker accepts: (solutions checked, candidates
/// removed in all, puzzles refuted, digits of a solution that were removed — each refuted
/// puzzle with a solution counts one per solution).
fn narrowing(seeds: std::ops::Range<u64>) -> (usize, usize, usize, usize) {
    let all = crate::rules::testing::all_4x4();
    let (mut checked, mut removed, mut refuted, mut lost) = (0, 0, 0, 0);
    for p in puzzles(seeds) {
        let groups = p.groups();
        let mut cands = p.initial_candidates();
        let Some(narrower) = super::root_narrower(&p, &groups, &cands) else {
            continue;
        };
        let result = narrower.root_fixpoint(&mut cands);
        removed += result.as_ref().map_or(0, |&r| r);
        refuted += usize::from(result.is_err());
        if result.is_err() && !MUTATE.with(|f| f.get()) {
            // the formula says so before search, with a reason
            let formula = crate::formula::Formula::new(&p, crate::formula::Simplify::Full);
            assert!(formula.contradiction().is_some());
        }
        for g in &all {
            let text: String = g.iter().map(|d| char::from(b'0' + *d as u8)).collect();
            if p.verify(&crate::rules::testing::grid(&text)).is_err() {
                continue;
            }
            checked += 1;
            lost += match result {
                Err(_) => 1,
                Ok(_) => (0..16)
                    .filter(|&i| cands[i] & (1 << (g[i] - 1)) == 0)
                    .count(),
            };
        }
    }
    (checked, removed, refuted, lost)
}

#[test]
fn the_root_narrowing_keeps_every_solution() {
    let (checked, removed, refuted, lost) = narrowing(0..60);
    assert_eq!(lost, 0);
    // the narrowing does something: it removes candidates and refutes some puzzles
    assert!(
        checked > 20 && removed > 100 && refuted > 0,
        "{checked} {removed} {refuted}"
    );
    // and a wrong bound in the reasoning it shares with the search makes it lose solutions
    MUTATE.with(|f| f.set(true));
    let (_, _, _, lost) = narrowing(0..60);
    MUTATE.with(|f| f.set(false));
    assert!(lost > 0);
}
