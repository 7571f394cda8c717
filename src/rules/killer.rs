//! Killer cage: the cage's digits are all different and, when it has a sum, add up to it.
//!
//! JSON: `{"type":"killer","cells":["r1c1","r1c2"],"sum":3}`; without `sum` the cage is only
//! all-different (f-puzzles `killercage` with no value).
//!
//! CNF: the cage is a distinct group (pairwise at-most-one per digit, and the simplifier's
//! naked singles see it); the sum is [`distinct_sum`]: one selector per digit set that makes
//! the sum on these cells' candidates, each set's digits appearing, each digit implying a
//! set that holds it, a digit that every remaining set holds appearing.
//! `restrict` keeps only digits that belong to some such set. A cage without a sum that
//! misses exactly one of its candidate digits gets the `one_missing` clauses.

use super::cell_lists::{cells_ok, describe, distinct_sums, sum, values};
use super::{Constraint, Rule};
use crate::cnf::sum::implied::{self, Cage};
use crate::cnf::sum::{digit_sets, distinct_sum, SELECTOR_LIMIT};
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A killer cage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Killer {
    /// The cage's cells.
    pub cells: Vec<Cell>,
    /// The sum of its digits, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<usize>,
}

impl Rule for Killer {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.value_count();
        let k = self.cells.len();
        if k == 0 {
            return Err("the cage has no cells".into());
        }
        cells_ok(shape, &self.cells)?;
        if k > n {
            return Err(format!(
                "cage {} has {k} cells but only {n} different digits exist",
                describe(&self.cells)
            ));
        }
        Ok(())
    }

    fn never_holds(&self, shape: &Shape) -> Option<String> {
        let (n, k, s) = (shape.value_count(), self.cells.len(), self.sum?);
        // k distinct digits of 1..=n reach every sum from 1+…+k to (n-k+1)+…+n
        let Some((lo, hi)) = distinct_sums(k, 1, n) else {
            return Some(format!(
                "cage {} has {k} cells but only {n} different digits exist",
                describe(&self.cells)
            ));
        };
        (s < lo || s > hi).then(|| {
            format!(
                "cage {}: no {k} different digits sum to {s} (possible sums {lo} to {hi})",
                describe(&self.cells)
            )
        })
    }

    fn distinct_groups(&self, _shape: &Shape) -> Vec<Vec<Cell>> {
        vec![self.cells.clone()]
    }

    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        let Some(s) = self.sum else { return };
        let masks: Vec<Mask> = self
            .cells
            .iter()
            .map(|c| cands[c.position(shape.cols())])
            .collect();
        if let Some(sets) = digit_sets(&masks, s, SELECTOR_LIMIT) {
            let used = sets.iter().fold(0, |m, &set| m | set);
            for c in &self.cells {
                cands[c.position(shape.cols())] &= used;
            }
        }
    }

    fn encode(&self, enc: &mut Encoder) {
        match self.sum {
            Some(s) => distinct_sum(enc, &self.cells, s),
            None => one_missing(enc, &self.cells),
        }
    }

    fn sums(&self, _shape: &Shape) -> Vec<crate::linear::Linear> {
        // Σ digits = sum (all different: the cage is a distinct group)
        self.sum.map_or_else(Vec::new, |s| {
            let terms = self.cells.iter().map(|&c| (c, 1));
            vec![crate::linear::Linear::equal(terms, s as i64)]
        })
    }

    fn check(&self, _shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.cells);
        for (i, v) in vs.iter().enumerate() {
            if let Some(j) = vs[..i].iter().position(|w| w == v) {
                return Err(format!(
                    "{} and {} both hold {v} in cage {}",
                    self.cells[j],
                    self.cells[i],
                    describe(&self.cells)
                ));
            }
        }
        match self.sum {
            Some(s) if sum(grid, &self.cells) != s => Err(format!(
                "cage {} sums to {}, not {s}",
                describe(&self.cells),
                sum(grid, &self.cells)
            )),
            _ => Ok(()),
        }
    }
}

/// The implied sums of the puzzle's killer cages over `houses` and runs of rows and columns
/// ([`crate::cnf::sum::implied`]), written only when every cage with a sum straddles houses
/// (lies inside none of `houses`); nothing without a cage that has a sum.
///
/// Why the gate: when cages cross houses everywhere (line 119 of the CC BY variants, 3-cell
/// cages over two rows and two columns of a grid without boxes), the cages meet the houses
/// only through their sums, which the CDCL search has to rediscover house by house; the
/// implied sums took it from 0.85 s to 0.15 s of CPU. Where cages sit inside houses (every
/// classic killer has some in boxes) the cage clauses already work with the house clauses,
/// and the same sums only made the formula bigger: MATHEMAGIC #00 6.0 → 32.7 s, #04 3.9 →
/// 27.3 s, lines 14, 80 and 117 of the variants 1.8–2.7× (BENCHMARKS.md, "Line 119 and set
/// theory").
pub fn encode_implied_sums(enc: &mut Encoder, houses: &[Vec<Cell>], constraints: &[Constraint]) {
    let cages = cages(constraints);
    if all_straddle(houses, &cages) {
        implied::encode_implied_sums(enc, houses, &cages);
    }
}

/// The killer cages among `constraints`, as cells and sum.
fn cages(constraints: &[Constraint]) -> Vec<Cage<'_>> {
    constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer(k) => Some((&k.cells[..], k.sum)),
            _ => None,
        })
        .collect()
}

/// Whether there is a cage with a sum and none of them lies inside one of `houses`.
fn all_straddle(houses: &[Vec<Cell>], cages: &[Cage]) -> bool {
    let mut summed = cages.iter().filter(|c| c.1.is_some()).peekable();
    summed.peek().is_some()
        && summed.all(|(cells, _)| !houses.iter().any(|h| cells.iter().all(|c| h.contains(c))))
}

/// A cage without a sum whose cells can take one digit more than it has cells (8 cells of a
/// 9×9 with all nine digits possible) misses exactly one of them, so of any two of those
/// digits one appears: `OR_c x(c,d) ∨ OR_c x(c,e)`. Implied by the all-different clauses
/// (pigeonhole), but unit propagation then places a digit with one cell left in the cage
/// once another digit is known to be missing (a hidden single). Fewer cells than that: no
/// clauses (a missing pair would need a clause per three digits, and so on).
fn one_missing(enc: &mut Encoder, cells: &[Cell]) {
    let union = cells.iter().fold(0, |m, &c| m | enc.candidates(c));
    if union.count_ones() as usize != cells.len() + 1 {
        return;
    }
    let appears: Vec<Vec<Term>> = digits(union)
        .map(|d| cells.iter().map(|&c| enc.x(c, d)).collect())
        .collect();
    for (i, a) in appears.iter().enumerate() {
        for b in &appears[i + 1..] {
            // OR_c x(c,d) ∨ OR_c x(c,e): at most one digit of the cage's candidates is missing
            enc.clause(a.iter().chain(b).copied());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn cage(rc: &[(usize, usize)], sum: Option<usize>) -> Constraint {
        Constraint::Killer(Killer {
            cells: cells(rc),
            sum,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // 4×4: r1c1 r2c1 r2c2 = 1 + 3 + 4
        assert_rule(
            &cage(&[(1, 1), (2, 1), (2, 2)], Some(8)),
            &["................", FOUR_GIVENS],
        );
        // 6×6: r1c1 r1c2 r2c1 = 1 + 2 + 4, across a box edge: r4c3 r4c4 r5c4 = 3 + 2 + 4
        assert_rule(&cage(&[(1, 1), (1, 2), (2, 1)], Some(7)), &[SIX_GIVENS]);
        assert_rule(&cage(&[(4, 3), (4, 4), (5, 4)], Some(9)), &[SIX_GIVENS]);
        // without a sum: only all-different (r1c1 and r2c2 are in a box already: use a
        // diagonal pair in different boxes)
        assert_rule(&cage(&[(2, 2), (3, 3)], None), &["................"]);
    }

    /// Cages grown at random (fixed seed) over the solved `grid` line, distinct digits in each,
    /// sums from the grid; every `skip`-th cell stays uncaged.
    fn random_cages(grid: &str, seed: u64, skip: usize) -> Vec<Constraint> {
        let n = (grid.len() as f64).sqrt() as usize;
        let digit = |p: usize| grid.as_bytes()[p] - b'0';
        let mut state = seed;
        let mut next = |m: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % m
        };
        let mut owner = vec![usize::MAX; n * n];
        let mut cages: Vec<Vec<usize>> = Vec::new();
        for start in 0..n * n {
            if owner[start] != usize::MAX || (skip > 0 && start % skip == skip - 1) {
                continue;
            }
            let want = 1 + next(4);
            let mut cage = vec![start];
            owner[start] = cages.len();
            while cage.len() < want {
                // right and down neighbours that are free and hold a new digit
                let options: Vec<usize> = cage
                    .iter()
                    .flat_map(|&p| [(p % n + 1 < n).then_some(p + 1), Some(p + n)])
                    .flatten()
                    .filter(|&q| q < n * n && owner[q] == usize::MAX)
                    .filter(|&q| !cage.iter().any(|&p| digit(p) == digit(q)))
                    .collect();
                if options.is_empty() {
                    break;
                }
                let q = options[next(options.len())];
                owner[q] = cages.len();
                cage.push(q);
            }
            cages.push(cage);
        }
        cages
            .iter()
            .map(|cage| {
                let cells: Vec<Cell> = cage.iter().map(|&p| Cell::from_position(p, n)).collect();
                let sum = cage.iter().map(|&p| digit(p) as usize).sum();
                Constraint::Killer(Killer {
                    cells,
                    sum: Some(sum),
                })
            })
            .collect()
    }

    #[test]
    fn many_cages_match_brute_force() {
        // Many cages together (cages that meet inside houses): four 4×4 killers with all cells
        // caged, four with every third cell free, and two 6×6 killers on seven givens.
        for seed in 0..4 {
            for skip in [0, 3] {
                let p = puzzle(&".".repeat(16), random_cages(FOUR, seed, skip));
                assert!(
                    assert_count_matches(&p, 1000) > 0,
                    "seed {seed} skip {skip}"
                );
            }
        }
        for seed in 0..2 {
            let p = puzzle(SIX_GIVENS, random_cages(SIX, seed, 4));
            assert!(assert_count_matches(&p, 1000) > 0, "6x6 seed {seed}");
        }
        // Two cages fill row 1 of a 4×4 with 4 + 7 = 11, not 10: no solution.
        let p = puzzle(
            &".".repeat(16),
            vec![
                cage(&[(1, 1), (1, 2)], Some(4)),
                cage(&[(1, 3), (1, 4)], Some(7)),
            ],
        );
        assert_eq!(assert_count_matches(&p, 10), 0);
    }

    #[test]
    fn sparse_and_altered_cages_match_brute_force() {
        // Few cages (every second cell free) leave several solutions, so a clause that cuts a
        // real solution (say, the forced-digit clauses of cnf::sum::distinct) shows
        // in the count, also without simplification (which otherwise decides most cells
        // before any clause is written); one cage's sum moved by one gives other counts,
        // often none. 6×6, where most cage sums have several digit sets (on 4×4 nearly all
        // have one).
        let shape = Shape::new(6).unwrap();
        let mut counts = Vec::new();
        for seed in 0..8 {
            let cages = random_cages(SIX, seed, 2);
            let p = puzzle(SIX_GIVENS, cages.clone());
            counts.push(assert_count_matches(&p, 1000));
            // without simplification the cage clauses do the work that singles would do
            complete_without_simplification(&p);
            let mut altered = cages;
            let i = seed as usize % altered.len();
            if let Constraint::Killer(k) = &mut altered[i] {
                k.sum = k.sum.map(|s| s + 1);
            }
            if altered[i].validate(&shape).is_ok() {
                complete_without_simplification(&puzzle(SIX_GIVENS, altered));
            }
        }
        assert!(counts.iter().any(|&c| c > 1), "{counts:?}");
    }

    #[test]
    fn cages_missing_one_digit_match_brute_force() {
        // 3 cells of a 4×4 and 5 of a 6×6 without sums, across boxes: one digit is missing,
        // so the one_missing clauses are written (and must not cut a solution)
        let four = cage(&[(1, 1), (2, 3), (4, 2)], None);
        let p = puzzle(FOUR_GIVENS, vec![four.clone()]);
        assert!(assert_count_matches(&p, 300) > 1);
        complete_without_simplification(&p);
        assert!(assert_count_matches(&puzzle(&".".repeat(16), vec![four]), 300) > 1);
        let six = cage(&[(1, 2), (2, 4), (3, 1), (4, 5), (6, 3)], None);
        let p = puzzle(SIX_GIVENS, vec![six.clone()]);
        assert!(assert_count_matches(&p, 1000) > 1);
        complete_without_simplification(&p);
        // the clauses: one per pair of the 6 digits, each over the 5 cells twice
        let p = puzzle(&".".repeat(36), vec![six]);
        let cands = p.initial_candidates();
        let mut list = crate::cnf::ClauseList::default();
        let Constraint::Killer(k) = &p.constraints()[0] else {
            unreachable!()
        };
        k.encode(&mut Encoder::new(p.shape(), &cands, &mut list));
        assert_eq!(list.clauses.len(), 15);
        assert!(list.clauses.iter().all(|c| c.len() == 10));
    }

    /// A Latin square of side `n` (rows and columns only, no regions) with givens at the
    /// positions where `keep(position)` holds, from the solved grid `solved`.
    fn latin(solved: &str, keep: impl Fn(usize) -> bool, cages: Vec<Constraint>) -> Puzzle {
        let n = (solved.len() as f64).sqrt() as usize;
        let shape = Shape::with_regions(n, vec![None; n * n]).unwrap();
        let cells = solved
            .bytes()
            .enumerate()
            .map(|(p, b)| keep(p).then(|| Digit::new((b - b'0') as usize)))
            .collect();
        Puzzle::new(shape, Grid::from_cells(n, cells).unwrap(), cages).unwrap()
    }

    /// Cages of 2 and 3 cells inside 2×2 blocks (a diagonal pair or an L), so each crosses
    /// two rows and two columns, placed at random (fixed seed) on the solved `grid` line with
    /// distinct digits; sums from the grid.
    fn straddling_cages(grid: &str, seed: u64) -> Vec<Constraint> {
        let n = (grid.len() as f64).sqrt() as usize;
        let digit = |r: usize, c: usize| (grid.as_bytes()[r * n + c] - b'0') as usize;
        let mut state = seed;
        let mut next = |m: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % m
        };
        // (row, column) offsets inside the 2×2 block
        const SHAPES: [&[(usize, usize)]; 6] = [
            &[(0, 0), (1, 1)],
            &[(0, 1), (1, 0)],
            &[(0, 0), (0, 1), (1, 0)],
            &[(0, 0), (0, 1), (1, 1)],
            &[(0, 0), (1, 0), (1, 1)],
            &[(0, 1), (1, 0), (1, 1)],
        ];
        let mut used = vec![false; n * n];
        let mut cages = Vec::new();
        for _ in 0..4 * n {
            let (r, c) = (next(n - 1), next(n - 1));
            let cells: Vec<(usize, usize)> = SHAPES[next(SHAPES.len())]
                .iter()
                .map(|&(dr, dc)| (r + dr, c + dc))
                .collect();
            let ds: Vec<usize> = cells.iter().map(|&(r, c)| digit(r, c)).collect();
            let distinct = (0..ds.len()).all(|i| !ds[..i].contains(&ds[i]));
            if distinct && cells.iter().all(|&(r, c)| !used[r * n + c]) {
                cells.iter().for_each(|&(r, c)| used[r * n + c] = true);
                let rc: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r + 1, c + 1)).collect();
                cages.push(cage(&rc, Some(ds.iter().sum())));
            }
        }
        cages
    }

    /// The implied sums of `p` over its houses, with every cell open and no limit on size.
    fn all_implied(p: &Puzzle) -> Vec<implied::ImpliedSum> {
        let n = p.size();
        let cages = cages(p.constraints());
        let full = vec![crate::geometry::full_mask(n); n * n];
        implied::implied_sums(p.shape(), &p.groups().houses, &cages, &full, n * n)
    }

    /// Whether the clauses of `sum` (as [`implied::ImpliedSum::encode`] writes them, every
    /// cell open) accept the full grid `g`: satisfiable with every cell variable fixed.
    fn clauses_accept(shape: &Shape, sum: &implied::ImpliedSum, g: &Grid) -> bool {
        let n = shape.size();
        let full = vec![crate::geometry::full_mask(n); n * n];
        let mut list = crate::cnf::ClauseList::default();
        sum.encode(&mut Encoder::new(shape, &full, &mut list));
        let mut solver = crate::engine::Engine::default().solver().unwrap();
        for c in &list.clauses {
            crate::cnf::ClauseSink::add_clause(&mut solver, c);
        }
        for cell in shape.cells() {
            for d in digits(crate::geometry::full_mask(n)) {
                let x = crate::cnf::cell_var(n, cell, d).positive();
                let lit = if g.digit(cell) == d { x } else { !x };
                crate::cnf::ClauseSink::add_clause(&mut solver, &[lit]);
            }
        }
        solver.solve().unwrap()
    }

    /// Every implied sum of `p` (at any size) holds in every solution, its clauses accept
    /// every solution, and the same sum with its total off by one rejects each; returns how
    /// many sums were checked.
    fn implied_sums_are_sound(p: &Puzzle) -> usize {
        let sums = all_implied(p);
        let mut solutions = Vec::new();
        crate::solve::count_with(p, 1000, |g| solutions.push(g.clone())).unwrap();
        assert!(!solutions.is_empty());
        for g in &solutions {
            let value = |c: Cell| g.digit(c).get() as i64;
            for s in &sums {
                assert!(s.holds(value), "{s:?} fails on a solution");
                assert!(clauses_accept(p.shape(), s, g), "{s:?} clauses");
                for off in [-1, 1] {
                    let wrong = implied::ImpliedSum {
                        total: s.total + off,
                        ..s.clone()
                    };
                    // a wrong implied sum would cut this solution: the check has teeth
                    assert!(!wrong.holds(value) && !clauses_accept(p.shape(), &wrong, g));
                }
            }
        }
        sums.len()
    }

    #[test]
    fn implied_sums_hold_in_every_solution() {
        // Killers on 4×4 and 6×6 with boxes (cages inside houses: the solver writes no
        // implied sums, but the sums themselves must hold), and Latin squares with cages
        // that straddle rows and columns (the solver writes them).
        let mut checked = 0;
        for seed in 0..3 {
            checked += implied_sums_are_sound(&puzzle(EMPTY4, random_cages(FOUR, seed, 3)));
            checked += implied_sums_are_sound(&puzzle(SIX_GIVENS, random_cages(SIX, seed, 4)));
            let cages = straddling_cages(FOUR, seed);
            checked += implied_sums_are_sound(&latin(FOUR, |_| false, cages));
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn straddling_cages_match_brute_force() {
        // Latin squares whose cages all cross two rows and two columns: the implied sums are
        // written (MAX_CELLS or fewer open cells), and counts must match brute force, with
        // and without simplification, also with one cage's sum moved by one.
        const FIVE: &str = "1234523451345124512351234";
        let mut written = 0;
        let mut counts = Vec::new();
        for seed in 0..6 {
            let (grid, keep): (&str, fn(usize) -> bool) = if seed % 2 == 0 {
                (FOUR, |_| false)
            } else {
                (FIVE, |p| p % 4 == 0)
            };
            let cages = straddling_cages(grid, seed);
            let p = latin(grid, keep, cages.clone());
            assert!(all_straddle(&p.groups().houses, &super::cages(&cages)));
            written += all_implied(&p)
                .iter()
                .filter(|s| s.terms.len() <= implied::MAX_CELLS)
                .count();
            counts.push(assert_count_matches(&p, 1000));
            complete_without_simplification(&p);
            let mut altered = cages;
            let i = seed as usize % altered.len();
            if let Constraint::Killer(k) = &mut altered[i] {
                k.sum = k.sum.map(|s| s + 1);
            }
            let shape = p.shape().clone();
            if altered.iter().all(|c| c.validate(&shape).is_ok()) {
                let q = latin(grid, keep, altered);
                assert_count_matches(&q, 1000);
                complete_without_simplification(&q);
            }
        }
        assert!(written > 10, "{written}");
        assert!(counts.iter().any(|&c| c > 1), "{counts:?}");
    }

    #[test]
    fn implied_sums_only_when_every_cage_straddles() {
        let row = |r: usize| -> Vec<Cell> { (1..=4).map(|c| Cell::new(r, c)).collect() };
        let houses = vec![row(1), row(2)];
        let (l, pair) = (cells(&[(1, 1), (1, 2), (2, 1)]), cells(&[(1, 3), (1, 4)]));
        assert!(all_straddle(&houses, &[(&l, Some(7))]));
        // a cage inside row 1 turns them off; one without a sum does not count
        assert!(!all_straddle(&houses, &[(&l, Some(7)), (&pair, Some(3))]));
        assert!(all_straddle(&houses, &[(&l, Some(7)), (&pair, None)]));
        assert!(!all_straddle(&houses, &[(&l, None)]));
    }

    /// The registry's joint hook writes the implied sums for straddling cages (about a
    /// dozen per 4×4 layout here) and nothing once a summed cage sits inside a row.
    #[test]
    fn the_joint_hook_writes_implied_sums_only_through_the_gate() {
        let clauses = |p: &Puzzle| {
            let full = vec![crate::geometry::full_mask(4); 16];
            let mut list = crate::cnf::ClauseList::default();
            let mut enc = Encoder::new(p.shape(), &full, &mut list);
            crate::rules::encode_joint(&mut enc, &p.groups().houses, p.constraints());
            list.clauses.len()
        };
        for seed in 0..3 {
            let cages = straddling_cages(FOUR, seed);
            assert!(clauses(&latin(FOUR, |_| false, cages.clone())) > 0);
            // r1c1 + r1c2 inside row 1 (digits 1 and 2 of FOUR's first row) turns them off
            let mut inside = cages;
            inside.retain(|c| match c {
                Constraint::Killer(k) => !k.cells.iter().any(|c| c.position(4) < 2),
                _ => true,
            });
            inside.push(cage(&[(1, 1), (1, 2)], Some(3)));
            assert_eq!(clauses(&latin(FOUR, |_| false, inside)), 0);
        }
    }

    #[test]
    fn checker_and_validation() {
        assert_checker(&[cage(&[(1, 1), (2, 1)], Some(5))], SIX, SIX_SWAPPED);
        let repeat = cage(&[(1, 1), (2, 4)], None); // 1 and 1
        assert!(repeat
            .check(&Shape::new(6).unwrap(), &grid(SIX))
            .unwrap_err()
            .contains("both hold 1"));
        assert!(invalid(&cage(&[(1, 1), (1, 2)], Some(12)), 6).contains("possible sums 3 to 11"));
        assert!(invalid(&cage(&[(1, 1), (1, 2)], Some(2)), 6).contains("possible sums 3 to 11"));
        assert!(invalid(&cage(&[], None), 6).contains("no cells"));
        let seven: Vec<(usize, usize)> = (1..=6).map(|c| (1, c)).chain([(2, 1)]).collect();
        assert!(invalid(&cage(&seven, None), 6).contains("only 6 different digits"));
    }

    #[test]
    fn impossible_sums_on_the_candidates_are_unsatisfiable() {
        // r1c3 = 5 is given: the cage r1c3 r2c3 cannot sum to 3 (needs 1 + 2).
        let p = puzzle(SIX_GIVENS, vec![cage(&[(1, 3), (2, 3)], Some(3))]);
        assert_eq!(crate::solve::count(&p, 10).unwrap().found, 0);
        // restrict narrows a 2-cell cage of sum 3 to {1, 2}
        let p = puzzle(&".".repeat(36), vec![cage(&[(3, 3), (3, 4)], Some(3))]);
        let cands = p.initial_candidates();
        assert_eq!(cands[Cell::new(3, 3).position(6)], 0b11);
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"killer","cells":["r1c1","R1C2"],"sum":3}"#),
            cage(&[(1, 1), (1, 2)], Some(3))
        );
        let c = round_trip(r#"{"type":"killer","cells":["r1c1","r2c1"]}"#);
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"type":"killer","cells":["r1c1","r2c1"]}"#
        );
    }
}
