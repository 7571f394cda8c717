//! Simplification before encoding: the consequences of the givens that unit propagation on
//! the extended encoding would derive (naked singles and hidden singles), and on the
//! triad-augmented encoding (locked candidates: pointing and claiming), computed on bit
//! masks. Decided cells become constants in the CNF, so the solver never sees them.
//!
//! Every step is a sound deduction, so the simplified formula has exactly the solutions of the
//! full one; a puzzle decided entirely here is unique without any search.

mod probe;

pub use probe::Probed;

use crate::geometry::{digits, full_mask, Cell, Mask};
use crate::groups::Groups;

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
    /// Every candidate left in a cell leads to a contradiction (found by probing).
    Probe(Cell),
    /// The puzzle's sums cannot all hold on the candidates left (found by the sum
    /// propagator's reasoning before search, `sums::root_narrower`): the cells of the sum
    /// where that showed.
    Sums(Vec<Cell>),
    /// A clause of the rules is false on the candidates left (unit propagation of the
    /// rules' clauses before search, `formula`): the cells it reads.
    Rules(Vec<Cell>),
}

/// What propagation found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Propagated {
    /// Cells with one candidate after propagation.
    pub decided: usize,
}

/// Applies naked and hidden singles (and, with `locked`, locked candidates) to `cands` until
/// nothing changes.
/// `n` is the number of columns (the stride of `cands`, row-major).
pub fn propagate(
    n: usize,
    groups: &Groups,
    cands: &mut [Mask],
    locked: bool,
) -> Result<Propagated, Contradiction> {
    // Cells fixed from the start (givens): a clash with one is the other cell's fault.
    let fixed: Vec<bool> = cands.iter().map(|m| m.count_ones() == 1).collect();
    let mut engine = Engine::new(n, groups);
    for (i, &m) in cands.iter().enumerate() {
        if m == 0 {
            return Err(Contradiction::EmptyCell(Cell::from_position(i, n)));
        }
        if m.count_ones() == 1 {
            engine.stack.push(i);
        }
    }
    engine.run(cands, locked, Some(&fixed))?;
    let decided = cands.iter().filter(|m| m.count_ones() == 1).count();
    Ok(Propagated { decided })
}

/// Probes per cell of the grid that [`simplify`] may spend: enough for several rounds over
/// every cell with two or three candidates.
pub const PROBES_PER_CELL: usize = 8;

/// [`propagate`] with locked candidates, then probing of cells with two or three candidates
/// (failed-literal probing: a candidate whose trial propagates to a contradiction is removed) within [`PROBES_PER_CELL`] probes per cell.
pub fn simplify(
    n: usize,
    groups: &Groups,
    cands: &mut [Mask],
) -> Result<(Propagated, Probed), Contradiction> {
    propagate(n, groups, cands, true)?;
    let mut engine = Engine::new(n, groups);
    let probed = probe::probe(&mut engine, cands, 3, true, PROBES_PER_CELL * cands.len())?;
    let decided = cands.iter().filter(|m| m.count_ones() == 1).count();
    Ok((Propagated { decided }, probed))
}

/// Propagation with a reusable work stack, shared by the first run and by every probe.
pub(crate) struct Engine<'g> {
    n: usize,
    groups: &'g Groups,
    /// Decided cells whose digit is still to be removed from their peers. A cell is pushed
    /// once: when its mask drops to one digit (the drop happens once; a further removal
    /// empties it, which is a contradiction).
    pub(crate) stack: Vec<usize>,
}

impl<'g> Engine<'g> {
    /// An engine for a grid of `n` columns (an `n`×`n` grid, or a rectangle) with the
    /// all-different structure `groups`. A house of k cells holds each of the first k
    /// values once.
    pub(crate) fn new(n: usize, groups: &'g Groups) -> Engine<'g> {
        Engine {
            n,
            groups,
            stack: Vec::with_capacity(n * n),
        }
    }

    /// Columns: the stride of row-major positions.
    pub(crate) fn size(&self) -> usize {
        self.n
    }

    /// Propagates from the cells on the stack until nothing changes. `fixed` marks the
    /// givens, so that a clash with one blames the other cell; without it the emptied cell
    /// is named. On a contradiction the stack is left empty and `cands` half-updated.
    pub(crate) fn run(
        &mut self,
        cands: &mut [Mask],
        locked: bool,
        fixed: Option<&[bool]>,
    ) -> Result<(), Contradiction> {
        let result = self.fixpoint(cands, locked, fixed);
        self.stack.clear();
        result
    }

    fn fixpoint(
        &mut self,
        cands: &mut [Mask],
        locked: bool,
        fixed: Option<&[bool]>,
    ) -> Result<(), Contradiction> {
        let n = self.n;
        let groups = self.groups;
        loop {
            // Naked singles: a decided cell removes its digit from every peer.
            while let Some(i) = self.stack.pop() {
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
                        let empty = if fixed.is_some_and(|f| f[p]) { i } else { p };
                        return Err(Contradiction::EmptyCell(Cell::from_position(empty, n)));
                    }
                    if m.count_ones() == 1 {
                        self.stack.push(p);
                    }
                }
            }
            if self.hidden_singles(cands)? {
                continue;
            }
            if !locked || !self.locked_candidates(cands)? {
                return Ok(());
            }
        }
    }

    /// Hidden singles: a digit with one place left in a house goes there. Returns whether
    /// some cell was decided (it is then on the stack).
    fn hidden_singles(&mut self, cands: &mut [Mask]) -> Result<bool, Contradiction> {
        let groups = self.groups;
        let mut changed = false;
        for h in 0..groups.houses.len() {
            let house = groups.house_positions(h);
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &p in house {
                let m = cands[p as usize];
                twice |= once & m;
                once |= m;
                if m.count_ones() == 1 {
                    placed |= m;
                }
            }
            // a house of k cells holds the first k values (every value, unless the rules keep
            // the grid to the first k of more: `Shape::houses_hold_side_values`)
            let full = full_mask(house.len());
            if once != full {
                let missing = digits(full & !once).next().map_or(0, |d| d.get());
                return Err(Contradiction::NoPlace {
                    house: h,
                    digit: missing,
                });
            }
            for d in digits(once & !twice & !placed & full) {
                let Some(i) = house
                    .iter()
                    .map(|&p| p as usize)
                    .find(|&p| cands[p] & d.bit() != 0)
                else {
                    // An earlier hidden single of this pass filled d's only cell with
                    // another digit: d has no place left.
                    return Err(Contradiction::NoPlace {
                        house: h,
                        digit: d.get(),
                    });
                };
                cands[i] = d.bit();
                self.stack.push(i);
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Locked candidates: a digit confined to where two houses meet (a box and a row, say)
    /// within one of them cannot be elsewhere in the other. Unit propagation sees this on
    /// the triad-augmented encoding; here it costs three mask unions per intersection.
    /// Returns whether some candidate was removed.
    fn locked_candidates(&mut self, cands: &mut [Mask]) -> Result<bool, Contradiction> {
        let mut changed = false;
        for x in self.groups.intersections() {
            let union = |cells: &[u16]| cells.iter().fold(0u64, |m, &p| m | cands[p as usize]);
            let inner = union(&x.both);
            let first = union(&x.first_only);
            let second = union(&x.second_only);
            for (only, confined) in [
                (&x.second_only, inner & !first & second),
                (&x.first_only, inner & !second & first),
            ] {
                if confined == 0 {
                    continue;
                }
                for &p in only.iter() {
                    let p = p as usize;
                    let m = cands[p];
                    if m & confined == 0 {
                        continue;
                    }
                    let m = m & !confined;
                    cands[p] = m;
                    changed = true;
                    if m == 0 {
                        return Err(Contradiction::EmptyCell(Cell::from_position(p, self.n)));
                    }
                    if m.count_ones() == 1 {
                        self.stack.push(p);
                    }
                }
            }
        }
        Ok(changed)
    }
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
        let r = propagate(9, &groups, &mut cands, false).unwrap();
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
            propagate(9, &p.groups(), &mut cands, true),
            Err(Contradiction::EmptyCell(Cell::new(1, 9)))
        );
    }

    #[test]
    fn two_hidden_singles_in_one_cell_are_a_contradiction() {
        // r1c1 is the only place for both 1 and 2 in row 1 (and in box 1).
        let p = parse_one("....\n..12\n.1..\n.2..").unwrap();
        let mut cands = p.initial_candidates();
        assert!(matches!(
            propagate(4, &p.groups(), &mut cands, true),
            Err(Contradiction::NoPlace { .. })
        ));
    }
}

#[cfg(test)]
mod locked_tests {
    use super::*;
    use crate::format::text::parse_one;

    #[test]
    fn locked_candidates_decide_more_than_singles() {
        // Needs pointing/claiming after singles (a known "locked candidates" example).
        let p = parse_one(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let g = p.groups();
        let mut singles = p.initial_candidates();
        let a = propagate(9, &g, &mut singles, false).unwrap().decided;
        let mut locked = p.initial_candidates();
        let b = propagate(9, &g, &mut locked, true).unwrap().decided;
        assert!(b >= a);
        let open = |c: &[Mask]| c.iter().map(|m| m.count_ones()).sum::<u32>();
        assert!(
            open(&locked) < open(&singles),
            "locked candidates removed nothing"
        );
        // Every candidate removed is absent from the solution.
        let sol = crate::solve::some_solution(&p).unwrap().unwrap();
        for (i, m) in locked.iter().enumerate() {
            let d = sol.digit(Cell::from_position(i, 9));
            assert!(m & d.bit() != 0, "solution digit removed at {i}");
        }
    }
}
