//! Exclusion groups: a relation's cells split into groups whose cells pairwise must differ.
//! The bounds of a sum read each group as "k different digits", so larger groups give
//! tighter bounds: a little killer's 8 cells in one box range over 36..44, not 8..72.
//!
//! Greedy, house first: the house (row, column, box, region, …) holding the most of the
//! cells still ungrouped becomes a group, grown by any other ungrouped cell that must differ
//! from all of its cells (a cage-mate, an anti-knight peer); then the next house. Cells no
//! house holds two of are grouped cell by cell (a cell joins the first group it differs
//! from entirely). Taking cells in row-major order alone split a band of anti-diagonals into
//! many small groups where its boxes hold 8 cells each.

use crate::groups::Groups;

/// Which houses hold each cell, to find the fullest house of a cell list quickly.
#[derive(Clone, Debug)]
pub(crate) struct Cliques {
    /// Per row-major position: the houses holding it.
    houses_of: Vec<Vec<u32>>,
    /// Number of houses.
    count: usize,
}

impl Cliques {
    /// The house index of `groups` on a grid of `cells` positions.
    pub fn new(groups: &Groups, cells: usize) -> Cliques {
        let mut houses_of = vec![Vec::new(); cells];
        for h in 0..groups.houses.len() {
            for &p in groups.house_positions(h) {
                if let Some(v) = houses_of.get_mut(p as usize) {
                    v.push(h as u32);
                }
            }
        }
        Cliques {
            houses_of,
            count: groups.houses.len(),
        }
    }

    /// Splits `cells` (row-major positions) into exclusion groups (module docs), as lists of
    /// indices into `cells`; every index in exactly one group.
    pub fn split(&self, groups: &Groups, cells: &[usize]) -> Vec<Vec<usize>> {
        self.split_ties(groups, cells, false)
    }

    /// [`Self::split`] with ties between equally full houses broken to the last house
    /// (`to_last`: a box before a column, a column before a row) or, as `split` does, to
    /// the first.
    pub fn split_ties(&self, groups: &Groups, cells: &[usize], to_last: bool) -> Vec<Vec<usize>> {
        let differ = |a: usize, b: usize| groups.peers(a).binary_search(&(b as u16)).is_ok();
        let mut left = vec![true; cells.len()];
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut count = vec![0u32; self.count];
        loop {
            count.iter_mut().for_each(|c| *c = 0);
            for (i, &p) in cells.iter().enumerate() {
                if left.get(i) == Some(&true) {
                    for &h in self.houses_of.get(p).into_iter().flatten() {
                        if let Some(c) = count.get_mut(h as usize) {
                            *c += 1;
                        }
                    }
                }
            }
            let Some((best, &most)) = count.iter().enumerate().max_by(|a, b| {
                let ties = if to_last {
                    a.0.cmp(&b.0)
                } else {
                    b.0.cmp(&a.0)
                };
                a.1.cmp(b.1).then(ties)
            }) else {
                break;
            };
            if most < 2 {
                break;
            }
            let in_best = |p: usize| {
                self.houses_of
                    .get(p)
                    .is_some_and(|hs| hs.contains(&(best as u32)))
            };
            let mut group: Vec<usize> = (0..cells.len())
                .filter(|&i| {
                    left.get(i) == Some(&true) && cells.get(i).is_some_and(|&p| in_best(p))
                })
                .collect();
            for i in 0..cells.len() {
                let Some(&p) = cells.get(i) else { continue };
                if left.get(i) == Some(&true)
                    && !group.contains(&i)
                    && group
                        .iter()
                        .all(|&j| cells.get(j).is_some_and(|&q| differ(p, q)))
                {
                    group.push(i);
                }
            }
            for &i in &group {
                if let Some(l) = left.get_mut(i) {
                    *l = false;
                }
            }
            group.sort_unstable();
            out.push(group);
        }
        // the rest, cell by cell
        let first_rest = out.len();
        for (i, &p) in cells.iter().enumerate() {
            if left.get(i) != Some(&true) {
                continue;
            }
            let fits = |g: &Vec<usize>| {
                g.iter()
                    .all(|&j| cells.get(j).is_some_and(|&q| differ(p, q)))
            };
            match out.iter_mut().skip(first_rest).find(|g| fits(g)) {
                Some(g) => g.push(i),
                None => out.push(vec![i]),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sums::tests::groups9;

    #[test]
    fn a_band_of_anti_diagonals_groups_by_box() {
        let g = groups9();
        // 0-based r + c in 7..=10: 32 cells, 8 in each of three boxes
        let cells: Vec<usize> = (0..81)
            .filter(|p| (7..=10).contains(&(p / 9 + p % 9)))
            .collect();
        let split = Cliques::new(&g, 81).split(&g, &cells);
        let mut sizes: Vec<usize> = split.iter().map(|s| s.len()).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![1, 1, 3, 3, 8, 8, 8]);
    }

    /// The 32-cell line of ISS's "Long sums 2": eight boxes hold 8, 6, 5, 4, 3, 3, 2 and 1
    /// of its cells (least sum 98), but its column 7 holds 6 cells too, and taken first it
    /// breaks two boxes. Ties to the last house (boxes come after rows and columns) keep the
    /// boxes whole.
    #[test]
    fn ties_to_the_last_house_keep_the_boxes_of_a_long_line_whole() {
        let g = groups9();
        let rc = [
            (4, 5),
            (4, 4),
            (5, 4),
            (5, 3),
            (5, 2),
            (6, 2),
            (6, 3),
            (7, 3),
            (7, 4),
            (8, 4),
            (9, 4),
            (9, 5),
            (8, 5),
            (7, 5),
            (7, 6),
            (8, 6),
            (8, 7),
            (7, 7),
            (6, 7),
            (5, 7),
            (5, 8),
            (4, 8),
            (4, 9),
            (3, 9),
            (2, 9),
            (2, 8),
            (3, 8),
            (3, 7),
            (2, 7),
            (2, 6),
            (3, 6),
            (3, 5),
        ];
        let cells: Vec<usize> = rc.iter().map(|&(r, c)| (r - 1) * 9 + c - 1).collect();
        let least = |split: &Vec<Vec<usize>>| -> usize {
            split.iter().map(|s| s.len() * (s.len() + 1) / 2).sum()
        };
        let cliques = Cliques::new(&g, 81);
        let last = cliques.split_ties(&g, &cells, true);
        let mut sizes: Vec<usize> = last.iter().map(|s| s.len()).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![1, 2, 3, 3, 4, 5, 6, 8]);
        assert_eq!(least(&last), 98);
        assert_eq!(least(&cliques.split_ties(&g, &cells, false)), 97);
    }

    #[test]
    fn groups_are_cliques_and_cover_every_cell_once() {
        let g = groups9();
        let cliques = Cliques::new(&g, 81);
        let mut seed = 11u64;
        for _ in 0..300 {
            let mut cells = Vec::new();
            for p in 0..81 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (seed >> 33) % 3 == 0 {
                    cells.push(p);
                }
            }
            let to_last = seed % 2 == 0;
            let split = cliques.split_ties(&g, &cells, to_last);
            let mut seen = vec![0; cells.len()];
            for grp in &split {
                for (x, &i) in grp.iter().enumerate() {
                    seen[i] += 1;
                    for &j in &grp[x + 1..] {
                        assert!(g.peers(cells[i]).contains(&(cells[j] as u16)));
                    }
                }
            }
            assert!(seen.iter().all(|&s| s == 1));
        }
    }
}
