//! Combined sums: disjoint sums added together into one, where the sum of the union is
//! tighter than its parts.
//!
//! Two sums `Σ A = a` and `Σ B = b` over disjoint cells imply `Σ (A ∪ B) = a + b`. That
//! adds nothing when the cells of `A` and `B` are unrelated, but when many cells of one must
//! differ from cells of the other (they share rows, columns, boxes), the union splits into
//! larger exclusion groups, and a group of `k` cells that must differ ranges over far fewer
//! totals than `k` free cells: the union's bounds prune where neither part's can. Eight
//! little killers with totals near their extremes, for instance, refute each other only
//! through such unions (ISS's example "Zero solution: Little Killer": past 60 s without them,
//! 0.05 s with them).
//!
//! Which unions are worth a relation follows the Interactive Sudoku Solver's optimizer (its
//! `_makeCombinedSumHandlers`, described in its repository's documentation; this is our own
//! implementation of the idea):
//! - each candidate sum gets a *score* from its exclusion groups (`sums::cliques`) and its
//!   degrees of freedom `dof = min(total − least, greatest − total)`, the least and greatest
//!   totals its groups allow: `score = Σ_groups (k·(N − k) − dof)`; a group of `k` cells
//!   that must differ and a small `dof` score high;
//! - two sums are *related* when they share no cell and at least [`MIN_LINKED`] cells of the
//!   smaller (which has at least that many cells) must differ from some cell of the other;
//! - the best-scoring merge of two related sums is made while it scores more than both of
//!   its parts (or more than their scores added), its parts leave the pool, and the merged
//!   sum can merge again; a union that scores above 0 and was not given is the output.
//!
//! Only plain equations take part: every weight 1 (a killer cage, a little killer, a
//! weighted sum with weights 1). The given sums stay; the unions are added beside them, to
//! the propagator only (no clauses).

use super::cliques::Cliques;
use crate::geometry::Cell;
use crate::groups::Groups;
use crate::linear::Linear;
use std::collections::HashSet;

/// Cells of the smaller sum that must differ from a cell of the other, for two sums to be
/// related (ISS's threshold).
const MIN_LINKED: usize = 6;

/// Most sums considered: candidate pairs grow with its square.
const MAX_SUMS: usize = 400;

/// Most candidate merges kept at once (each step scans them): a bound on the work for any
/// input, far above what real puzzles produce (a handful).
const MAX_CANDIDATES: usize = 10_000;

/// A sum in the pool: its cells (sorted row-major positions), total and score.
#[derive(Clone, Debug)]
struct Record {
    cells: Vec<usize>,
    total: i64,
    score: i64,
    given: bool,
}

/// The score of `cells` summing to `total` on an `n`×`n` grid, `None` when no digits
/// reach the total.
fn score(n: usize, groups: &Groups, cliques: &Cliques, cells: &[usize], total: i64) -> Option<i64> {
    let parts = cliques.split(groups, cells);
    let n = n as i64;
    let (mut least, mut greatest) = (0i64, 0i64);
    for p in &parts {
        let k = p.len() as i64;
        if k > n {
            return None;
        }
        // the k smallest and the k largest of 1..=n
        least += k * (k + 1) / 2;
        greatest += k * (2 * n - k + 1) / 2;
    }
    if total < least || total > greatest {
        return None;
    }
    let dof = (total - least).min(greatest - total);
    Some(
        parts
            .iter()
            .map(|p| {
                let k = p.len() as i64;
                k * (n - k) - dof
            })
            .sum(),
    )
}

/// Whether `a` and `b` share no cell and enough cells of the smaller must differ from the
/// larger ([`MIN_LINKED`]).
fn related(groups: &Groups, a: &Record, b: &Record) -> bool {
    let (small, big) = if a.cells.len() < b.cells.len() {
        (a, b)
    } else {
        (b, a)
    };
    if small.cells.len() < MIN_LINKED || small.cells.iter().any(|c| big.cells.contains(c)) {
        return false;
    }
    let linked = small
        .cells
        .iter()
        .filter(|&&c| {
            groups
                .peers(c)
                .iter()
                .any(|&p| big.cells.binary_search(&(p as usize)).is_ok())
        })
        .count();
    linked >= MIN_LINKED
}

/// The union of `a` and `b` when it is worth making: it scores more than both parts, or
/// more than their scores added.
fn merge(n: usize, groups: &Groups, cliques: &Cliques, a: &Record, b: &Record) -> Option<Record> {
    if !related(groups, a, b) {
        return None;
    }
    let mut cells: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
    cells.sort_unstable();
    let total = a.total.checked_add(b.total)?;
    let score = score(n, groups, cliques, &cells, total)?;
    let better = (score > a.score && score > b.score) || score > a.score + b.score;
    better.then_some(Record {
        cells,
        total,
        score,
        given: false,
    })
}

/// The combined sums (module docs) of `sums` on an `n`×`n` grid whose cells differ as
/// `groups` says: new equations with weights 1, none equal to a given one.
pub(crate) fn combined(n: usize, groups: &Groups, sums: &[Linear]) -> Vec<Linear> {
    let cliques = Cliques::new(groups, n * n);
    let mut pool: Vec<Record> = Vec::new();
    for s in sums {
        let Some(cells) = super::plain_cells(s, n) else {
            continue;
        };
        if pool.iter().any(|r| r.cells == cells) {
            continue;
        }
        if let Some(score) = score(n, groups, &cliques, &cells, s.lo) {
            pool.push(Record {
                cells,
                total: s.lo,
                score,
                given: true,
            });
        }
    }
    if pool.len() < 2 || pool.len() > MAX_SUMS {
        return Vec::new();
    }
    // the pool as slots (None once merged away); candidates as (slot a, slot b, union)
    let mut live: HashSet<Vec<usize>> = pool.iter().map(|r| r.cells.clone()).collect();
    let mut slots: Vec<Option<Record>> = pool.into_iter().map(Some).collect();
    let mut candidates: Vec<(usize, usize, Record)> = Vec::new();
    for i in 0..slots.len() {
        for j in i + 1..slots.len() {
            if let (Some(Some(a)), Some(Some(b))) = (slots.get(i), slots.get(j)) {
                if candidates.len() >= MAX_CANDIDATES {
                    break;
                }
                if let Some(u) = merge(n, groups, &cliques, a, b) {
                    candidates.push((i, j, u));
                }
            }
        }
    }
    loop {
        // the best candidate whose parts are both still in the pool and whose union is not
        // one already (ties: the first)
        candidates.retain(|(i, j, u)| {
            let in_pool = |k: usize| slots.get(k).is_some_and(|s| s.is_some());
            in_pool(*i) && in_pool(*j) && !live.contains(&u.cells)
        });
        let Some(best) = candidates
            .iter()
            .enumerate()
            .max_by(|(x, a), (y, b)| a.2.score.cmp(&b.2.score).then(y.cmp(x)))
            .map(|(k, _)| k)
        else {
            break;
        };
        let (i, j, union) = candidates.swap_remove(best);
        for k in [i, j] {
            if let Some(part) = slots.get_mut(k).and_then(Option::take) {
                live.remove(&part.cells);
            }
        }
        let new = slots.len();
        for (k, other) in slots.iter().enumerate() {
            if let Some(o) = other {
                if candidates.len() >= MAX_CANDIDATES {
                    break;
                }
                if let Some(u) = merge(n, groups, &cliques, &union, o) {
                    candidates.push((new, k, u));
                }
            }
        }
        live.insert(union.cells.clone());
        slots.push(Some(union));
    }
    slots
        .into_iter()
        .flatten()
        .filter(|r| !r.given && r.score > 0)
        .map(|r| {
            let terms = r.cells.iter().map(|&p| (Cell::from_position(p, n), 1));
            Linear::equal(terms, r.total)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sums::tests::{groups9, Rng};

    fn diagonal(cells: &[(usize, usize)], total: i64) -> Linear {
        Linear::equal(
            cells.iter().map(|&(r, c)| (Cell::from_index(r, c), 1)),
            total,
        )
    }

    #[test]
    fn related_little_killers_merge_and_small_cages_do_not() {
        let g = groups9();
        // four parallel anti-diagonals (0-based r + c = 7..=10) at 49 each, as in ISS's
        // "Zero solution: Little Killer": no two make a better sum, three and four do
        let diag = |s: usize| -> Vec<(usize, usize)> {
            (0..9)
                .filter(|&r| s >= r && s - r < 9)
                .map(|r| (r, s - r))
                .collect()
        };
        let sums: Vec<Linear> = (7..=10).map(|s| diagonal(&diag(s), 49)).collect();
        let out = combined(9, &g, &sums);
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].lo, 196);
        assert_eq!(out[0].terms.len(), 32);
        // two of them alone score worse together than apart
        assert!(combined(9, &g, &sums[1..3]).is_empty());
        // cages of 5 cells never merge: the smaller part needs 6 linked cells
        let c1 = diagonal(&[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)], 20);
        let c2 = diagonal(&[(0, 3), (0, 4), (0, 5), (1, 3), (1, 4)], 20);
        assert!(combined(9, &g, &[c1, c2]).is_empty());
    }

    #[test]
    fn overlapping_or_unreachable_sums_are_left_alone() {
        let g = groups9();
        let a: Vec<(usize, usize)> = (0..9).map(|r| (r, 8 - r)).collect();
        let b: Vec<(usize, usize)> = (0..9).map(|r| (r, r)).collect();
        // the two long diagonals share the centre
        assert!(combined(9, &g, &[diagonal(&a, 45), diagonal(&b, 45)]).is_empty());
        // a total no digits reach takes no part
        let c: Vec<(usize, usize)> = (1..9).map(|r| (r, 9 - r)).collect();
        assert!(combined(9, &g, &[diagonal(&a, 200), diagonal(&c, 40)]).is_empty());
    }

    #[test]
    fn every_union_is_implied_by_its_parts() {
        // random disjoint diagonal and row-segment sums taken from one solved grid: every
        // union must hold in that grid too
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let digit = |c: Cell| {
            let p = c.position(9);
            i64::from(solved.as_bytes()[p] - b'0')
        };
        let g = groups9();
        let mut rng = Rng(7);
        for _ in 0..200 {
            let mut used = [false; 81];
            let mut sums = Vec::new();
            for _ in 0..6 {
                let (r0, c0) = (rng.below(9), rng.below(9));
                let down = rng.below(2) == 0;
                let mut cells = Vec::new();
                let (mut r, mut c) = (r0 as i64, c0 as i64);
                while (0..9).contains(&r) && (0..9).contains(&c) && cells.len() < 9 {
                    let p = (r * 9 + c) as usize;
                    if used[p] {
                        break;
                    }
                    used[p] = true;
                    cells.push(Cell::from_index(r as usize, c as usize));
                    r += 1;
                    c += if down { 1 } else { -1 };
                }
                let total = cells.iter().map(|&c| digit(c)).sum();
                sums.push(Linear::equal(cells.into_iter().map(|c| (c, 1)), total));
            }
            for u in combined(9, &g, &sums) {
                assert!(u.holds(digit), "{u:?}");
            }
        }
    }
}
