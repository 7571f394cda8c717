//! Simplification before encoding: the consequences of the givens that unit propagation on
//! the extended encoding would derive (naked singles and hidden singles), computed on bit
//! masks. Decided cells become constants in the CNF, so the solver never sees them.
//!
//! Every step is a sound deduction, so the simplified formula has exactly the solutions of the
//! full one; a puzzle decided entirely here is unique without any search.

use crate::geometry::{digits, full_mask, Cell, Mask};
use crate::puzzle::Groups;

/// Why the givens have no solution, found without search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// A cell has no candidate left.
    EmptyCell(Cell),
    /// A house has no place left for a digit.
    NoPlace {
        /// Index into [`Groups::houses`].
        house: usize,
        /// The digit (1-based).
        digit: usize,
    },
}

/// What propagation found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Propagated {
    /// Cells with one candidate after propagation.
    pub decided: usize,
}

/// Applies naked and hidden singles to `cands` until nothing changes.
pub fn propagate(
    n: usize,
    groups: &Groups,
    cands: &mut [Mask],
) -> Result<Propagated, Contradiction> {
    let full = full_mask(n);
    let mut done = vec![false; cands.len()];
    let mut stack: Vec<usize> = Vec::with_capacity(cands.len());
    // Cells fixed from the start (givens): a clash with one is the other cell's fault.
    let fixed: Vec<bool> = cands.iter().map(|m| m.count_ones() == 1).collect();
    for (i, &m) in cands.iter().enumerate() {
        if m == 0 {
            return Err(Contradiction::EmptyCell(Cell::from_position(i, n)));
        }
        if m.count_ones() == 1 {
            stack.push(i);
        }
    }
    let mut decided = 0;
    loop {
        // Naked singles: a decided cell removes its digit from every peer.
        while let Some(i) = stack.pop() {
            if done[i] {
                continue;
            }
            done[i] = true;
            decided += 1;
            let bit = cands[i];
            for &p in groups.peers(i) {
                let p = p as usize;
                let m = cands[p];
                if m & bit == 0 {
                    continue;
                }
                let m = m & !bit;
                cands[p] = m;
                if m == 0 {
                    let empty = if fixed[p] { i } else { p };
                    return Err(Contradiction::EmptyCell(Cell::from_position(empty, n)));
                }
                if m.count_ones() == 1 {
                    stack.push(p);
                }
            }
        }
        // Hidden singles: a digit with one place left in a house goes there.
        let mut changed = false;
        for (h, house) in groups.houses.iter().enumerate() {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for cell in house {
                let m = cands[cell.position(n)];
                twice |= once & m;
                once |= m;
                if m.count_ones() == 1 {
                    placed |= m;
                }
            }
            if once != full {
                let missing = digits(full & !once).next().map_or(0, |d| d.get());
                return Err(Contradiction::NoPlace {
                    house: h,
                    digit: missing,
                });
            }
            for d in digits(once & !twice & !placed) {
                let cell = house
                    .iter()
                    .find(|c| cands[c.position(n)] & d.bit() != 0)
                    .expect("digit seen once in this house");
                let i = cell.position(n);
                cands[i] = d.bit();
                stack.push(i);
                changed = true;
            }
        }
        if !changed && stack.is_empty() {
            return Ok(Propagated { decided });
        }
    }
}

/// Candidate masks with nothing deduced: every digit for an empty cell, the given's digit for
/// a given. For exports that want the plain formula.
pub fn initial_candidates(n: usize, givens: &[Option<crate::geometry::Digit>]) -> Vec<Mask> {
    givens
        .iter()
        .map(|g| g.map_or(full_mask(n), |d| d.bit()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::text::parse_one;

    #[test]
    fn singles_solve_an_easy_puzzle_completely() {
        let p = parse_one(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let groups = p.groups();
        let mut cands = p.initial_candidates();
        let r = propagate(9, &groups, &mut cands).unwrap();
        assert_eq!(r.decided, 81);
        assert!(cands.iter().all(|m| m.count_ones() == 1));
    }

    #[test]
    fn a_cell_without_candidates_is_a_contradiction() {
        // r1c9 sees 1-8 in its row and 9 in its column.
        let mut text = String::from("12345678.");
        text.push_str("........9");
        text.push_str(&".".repeat(63));
        let p = parse_one(&text).unwrap();
        let mut cands = p.initial_candidates();
        assert_eq!(
            propagate(9, &p.groups(), &mut cands),
            Err(Contradiction::EmptyCell(Cell::new(1, 9)))
        );
    }
}
