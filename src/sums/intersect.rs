//! Intersection sums: the cells that the sums crossing a house add outside it.
//!
//! A house of `N` cells holding `1..=N` sums to `N(N+1)/2`. Take sums with weights 1 that
//! share no cell and together cover every cell of the house: their cells outside the house
//! sum to their totals less the house's. Where the crossing sums leave a stretch of the house
//! uncovered, another house that meets this one only in uncovered cells (two or more of them:
//! a column crossing a row meets it in one cell, which tells nothing) fills the gap, adding
//! its own total. A house lying wholly among the outside cells then leaves with its total, so
//! the result is one equation `Σ outside = T` with weights 1 and cells that often share rows
//! and boxes — tight exclusion-group bounds. On an X-sudoku with little killers crossing
//! the long diagonals (ISS's example "Hailstone - little killer"), four such 12-cell sums
//! (totals 81 and 83 out of a range of 24..96) carry what no single little killer says.
//!
//! The idea and its filters follow the Interactive Sudoku Solver's optimizer (its
//! `_addSumIntersectionHandler`, described in its repository; this is our own
//! implementation): per house, the crossing sums are made disjoint greedily, those
//! overlapping the fewest others first; gaps are filled by the other houses in order; a
//! result is kept only when its bounds are narrow for its cells: `range > 4 · dof`, with
//! `range` the spread of totals its exclusion groups allow (`sums::cliques`) and
//! `dof = min(T − least, greatest − T)`. A sum of cells whose bounds cannot reach `T` is kept
//! too: the propagator then refutes the puzzle at once.

use super::cliques::Cliques;
use crate::geometry::Cell;
use crate::groups::Groups;
use crate::linear::Linear;

/// Most sums read: the work grows with houses × sums.
const MAX_SUMS: usize = 2_000;

/// A plain equation `Σ cells = total`: sorted row-major positions.
struct Plain {
    cells: Vec<usize>,
    total: i64,
}

/// The intersection sums (module docs) of `sums` on an `n`×`n` grid holding `1..=n`, whose
/// houses and differing cells are `groups`: new equations with weights 1, none equal to a
/// given one.
pub(crate) fn intersection_sums(n: usize, groups: &Groups, sums: &[Linear]) -> Vec<Linear> {
    let cliques = Cliques::new(groups, n * n);
    intersections(n, groups, sums, &|cells, total| {
        narrow(n, groups, &cliques, cells, total)
    })
}

/// The intersection sums of `sums` that `keep(cells, total)` accepts.
fn intersections(
    n: usize,
    groups: &Groups,
    sums: &[Linear],
    keep: &dyn Fn(&[usize], i64) -> bool,
) -> Vec<Linear> {
    let cells_total = n * n;
    let mut plain: Vec<Plain> = Vec::new();
    for s in sums {
        let Some(cells) = super::plain_cells(s, n) else {
            continue;
        };
        if !plain.iter().any(|q| q.cells == cells) {
            plain.push(Plain { cells, total: s.lo });
        }
    }
    if plain.is_empty() || plain.len() > MAX_SUMS {
        return Vec::new();
    }
    let house_total = (n * (n + 1) / 2) as i64;
    // the houses that hold every digit once: rows, columns, boxes, regions, diagonals
    let houses: Vec<Vec<usize>> = (0..groups.houses.len())
        .map(|i| {
            groups
                .house_positions(i)
                .iter()
                .map(|&p| p as usize)
                .collect::<Vec<_>>()
        })
        // the grid's houses: an extra region of extra cells has no place in these areas
        .filter(|h| h.len() == n && h.iter().all(|&p| p < n * n))
        .collect();
    let mut out: Vec<Linear> = Vec::new();
    for (b, base) in houses.iter().enumerate() {
        let mut in_base = vec![false; cells_total];
        base.iter().for_each(|&p| in_base[p] = true);
        let crossing: Vec<usize> = (0..plain.len())
            .filter(|&k| plain[k].cells.iter().any(|&p| in_base[p]))
            .collect();
        if crossing.is_empty() {
            continue;
        }
        let chosen = disjoint(&plain, &crossing, cells_total);
        let mut covered = vec![false; cells_total];
        let mut total = 0i64;
        for &k in &chosen {
            plain[k].cells.iter().for_each(|&p| covered[p] = true);
            total += plain[k].total;
        }
        // fill the gaps with houses that meet the base only in uncovered cells, two or more
        for (g, gap) in houses.iter().enumerate() {
            if base.iter().all(|&p| covered[p]) {
                break;
            }
            if g == b || gap.iter().any(|&p| covered[p]) {
                continue;
            }
            let meet = gap.iter().filter(|&&p| in_base[p]).count();
            if meet >= 2 {
                gap.iter().for_each(|&p| covered[p] = true);
                total += house_total;
            }
        }
        if !base.iter().all(|&p| covered[p]) {
            continue;
        }
        // the cells outside the base: Σ = total − the base's
        let mut outside = covered;
        base.iter().for_each(|&p| outside[p] = false);
        total -= house_total;
        for h in &houses {
            if h.iter().all(|&p| outside[p]) {
                h.iter().for_each(|&p| outside[p] = false);
                total -= house_total;
            }
        }
        let cells: Vec<usize> = (0..cells_total).filter(|&p| outside[p]).collect();
        if cells.is_empty() || !keep(&cells, total) {
            continue;
        }
        if plain.iter().any(|q| q.cells == cells) {
            continue;
        }
        let lin = Linear::equal(cells.iter().map(|&p| (Cell::from_position(p, n), 1)), total);
        if !out.contains(&lin) {
            out.push(lin);
        }
    }
    out
}

/// Of the sums `among` (indices into `plain`), a subset sharing no cell: greedily, those
/// overlapping the fewest others of `among` first (ties in order).
fn disjoint(plain: &[Plain], among: &[usize], cells: usize) -> Vec<usize> {
    let overlaps = |a: &Plain, b: &Plain| a.cells.iter().any(|p| b.cells.binary_search(p).is_ok());
    let mut order: Vec<(usize, usize)> = among
        .iter()
        .map(|&k| {
            let count = among
                .iter()
                .filter(|&&j| j != k && overlaps(&plain[k], &plain[j]))
                .count();
            (count, k)
        })
        .collect();
    order.sort_by_key(|&(count, _)| count);
    let mut used = vec![false; cells];
    let mut chosen = Vec::new();
    for (_, k) in order {
        if plain[k].cells.iter().any(|&p| used[p]) {
            continue;
        }
        plain[k].cells.iter().for_each(|&p| used[p] = true);
        chosen.push(k);
    }
    chosen
}

/// Whether `Σ cells = total` is worth a relation: its exclusion groups' range of totals is
/// more than four times its degrees of freedom, or it cannot hold at all.
fn narrow(n: usize, groups: &Groups, cliques: &Cliques, cells: &[usize], total: i64) -> bool {
    let parts = cliques.split(groups, cells);
    let n = n as i64;
    let (mut least, mut greatest) = (0i64, 0i64);
    for p in &parts {
        let k = (p.len() as i64).min(n);
        // the k smallest and the k largest of 1..=n (a group of more than n cells cannot
        // hold: its bound is then only loose, never wrong)
        least += k * (k + 1) / 2;
        greatest += k * (2 * n - k + 1) / 2;
    }
    if total < least || total > greatest {
        return true;
    }
    let range = greatest - least;
    let dof = (total - least).min(greatest - total);
    range > 0 && range > 4 * dof
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sums::tests::{groups9, Rng};

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn digit(c: Cell) -> i64 {
        i64::from(SOLVED.as_bytes()[c.position(9)] - b'0')
    }

    fn sum_of(cells: &[(usize, usize)]) -> Linear {
        let cells: Vec<Cell> = cells.iter().map(|&(r, c)| Cell::from_index(r, c)).collect();
        let total = cells.iter().map(|&c| digit(c)).sum();
        Linear::equal(cells.into_iter().map(|c| (c, 1)), total)
    }

    #[test]
    fn a_sum_down_a_column_and_two_boxes_give_the_boxes_other_cells() {
        let g = groups9();
        // column 1 (0-based 0): the sum of its first three cells covers rows 1-3; boxes 4
        // and 7 meet the column in three uncovered cells each and fill the rest. Outside
        // the column: those boxes' other twelve cells, summing to the sum's total + 2·45 − 45.
        let s = sum_of(&[(0, 0), (1, 0), (2, 0)]);
        let out = intersections(9, &g, std::slice::from_ref(&s), &|_, _| true);
        let want: Vec<Cell> = (3..9)
            .flat_map(|r| (1..3).map(move |c| Cell::from_index(r, c)))
            .collect();
        let found = out
            .iter()
            .find(|l| {
                let mut cells: Vec<Cell> = l.terms.iter().map(|t| t.0).collect();
                cells.sort_by_key(|c| c.position(9));
                cells == want
            })
            .expect("the column's sum");
        assert_eq!(found.lo, s.lo + 45);
        assert!(found.holds(digit));
        // row 1 (0-based 0) is not covered: its uncovered six cells lie in boxes 2 and 3,
        // which fill them, and then the band's rows 2 and 3 lie wholly outside and leave:
        // nothing is left, so nothing is made for it
        assert!(out.iter().all(|l| l.holds(digit)));
        // with the filter, a 12-cell sum of two 6-cell groups near the middle is dropped
        let mid = Linear::equal(want.iter().map(|&c| (c, 1)), 60);
        let cl = Cliques::new(&g, 81);
        let cells: Vec<usize> = want.iter().map(|c| c.position(9)).collect();
        assert!(!narrow(9, &g, &cl, &cells, mid.lo));
        assert!(narrow(9, &g, &cl, &cells, 44));
        assert!(
            narrow(9, &g, &cl, &cells, 30),
            "out of reach: kept, to refute"
        );
    }

    #[test]
    fn a_house_not_covered_gives_nothing() {
        let g = groups9();
        // a 2-cell sum inside box 1 crossing row 1 and column 1: each of those houses is
        // left uncovered where no other house fills it without overlapping the sum
        let s = sum_of(&[(0, 0), (1, 1)]);
        let out = intersections(9, &g, std::slice::from_ref(&s), &|_, _| true);
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn every_intersection_sum_holds_in_the_grid_its_sums_come_from() {
        let g = groups9();
        let mut rng = Rng(11);
        let mut made = 0;
        for _ in 0..300 {
            let mut used = [false; 81];
            let mut sums = Vec::new();
            for _ in 0..10 {
                let (r0, c0) = (rng.below(9) as i64, rng.below(9) as i64);
                let (dr, dc) = [(1, 1), (1, -1), (1, 0), (0, 1)][rng.below(4)];
                let len = 2 + rng.below(7);
                let mut cells = Vec::new();
                let (mut r, mut c) = (r0, c0);
                while (0..9).contains(&r) && (0..9).contains(&c) && cells.len() < len {
                    let p = (r * 9 + c) as usize;
                    if used[p] {
                        break;
                    }
                    used[p] = true;
                    cells.push((r as usize, c as usize));
                    r += dr;
                    c += dc;
                }
                if !cells.is_empty() {
                    sums.push(sum_of(&cells));
                }
            }
            for l in intersections(9, &g, &sums, &|_, _| true) {
                made += 1;
                assert!(l.holds(digit), "{l:?} from {sums:?}");
                assert!(l.terms.iter().all(|t| t.1 == 1));
            }
        }
        assert!(
            made > 20,
            "only {made} sums made: the test reaches too little"
        );
    }
}
