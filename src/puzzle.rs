//! A puzzle: shape + givens + variant constraints; its validation and its independent
//! solution checker.

use crate::error::Error;
use crate::geometry::{full_mask, Cell, Digit, House, Mask, Shape};
use crate::grid::Grid;
use crate::rules::{Constraint, Rule};

/// A sudoku puzzle of any size, with optional variant constraints.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    shape: Shape,
    givens: Grid,
    constraints: Vec<Constraint>,
    /// Optional title (from a JSON or f-puzzles file).
    pub title: Option<String>,
    /// Optional author.
    pub author: Option<String>,
}

/// The all-different structure of a puzzle, derived once and shared by simplification and
/// encoding.
#[derive(Clone, Debug)]
pub struct Groups {
    /// Sets of N cells that hold every digit once (rows, columns, regions, diagonals, …).
    pub houses: Vec<House>,
    /// Names of the houses, for messages.
    pub house_names: Vec<String>,
    /// Smaller sets whose digits differ (cages, partial regions, anti-knight pairs, …).
    pub distinct: Vec<Vec<Cell>>,
    /// Names of the distinct groups, for messages.
    pub distinct_names: Vec<String>,
    peers: Vec<Vec<u16>>,
}

impl Groups {
    /// Cells (row-major positions) that must differ from cell position `i`.
    pub fn peers(&self, i: usize) -> &[u16] {
        &self.peers[i]
    }
}

impl Puzzle {
    /// A puzzle with `givens` on `shape` and the given constraints; checks that everything
    /// fits the grid and that no two givens clash in a house.
    pub fn new(shape: Shape, givens: Grid, constraints: Vec<Constraint>) -> Result<Puzzle, Error> {
        let p = Puzzle {
            shape,
            givens,
            constraints,
            title: None,
            author: None,
        };
        p.validate()?;
        Ok(p)
    }

    /// A classic puzzle (no variant constraints).
    pub fn classic(shape: Shape, givens: Grid) -> Result<Puzzle, Error> {
        Puzzle::new(shape, givens, Vec::new())
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
    /// Side length N.
    pub fn size(&self) -> usize {
        self.shape.size()
    }
    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
    /// The variant constraints.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }
    /// Whether the puzzle has no variant constraints and default boxes.
    pub fn is_classic(&self) -> bool {
        self.constraints.is_empty() && !self.shape.is_jigsaw()
    }

    fn validate(&self) -> Result<(), Error> {
        let n = self.size();
        if self.givens.size() != n {
            return Err(Error::Limit(format!(
                "givens are {0}x{0} but the shape is {n}x{n}",
                self.givens.size()
            )));
        }
        for (i, c) in self.constraints.iter().enumerate() {
            c.validate(&self.shape)
                .map_err(|message| Error::Constraint {
                    index: i,
                    kind: c.kind().to_string(),
                    message,
                })?;
        }
        let groups = self.groups();
        let named = groups
            .houses
            .iter()
            .zip(&groups.house_names)
            .chain(groups.distinct.iter().zip(&groups.distinct_names));
        for (cells, name) in named {
            let mut seen: Vec<Option<Cell>> = vec![None; n];
            for &cell in cells {
                if let Some(d) = self.givens.get(cell) {
                    if let Some(first) = seen[d.index()] {
                        return Err(Error::Conflict {
                            first,
                            second: cell,
                            digit: d,
                            group: name.clone(),
                        });
                    }
                    seen[d.index()] = Some(cell);
                }
            }
        }
        Ok(())
    }

    /// Houses, distinct groups and peers of this puzzle.
    pub fn groups(&self) -> Groups {
        let n = self.size();
        let mut houses = self.shape.houses();
        let mut house_names: Vec<String> = (0..houses.len())
            .map(|i| self.shape.house_name(i))
            .collect();
        let mut distinct = self.shape.partial_regions();
        let mut distinct_names: Vec<String> = (0..distinct.len())
            .map(|i| format!("partial region {}", i + 1))
            .collect();
        for (i, c) in self.constraints.iter().enumerate() {
            for h in c.houses(&self.shape) {
                houses.push(h);
                house_names.push(format!("{} (constraint {i})", c.kind()));
            }
            for g in c.distinct_groups(&self.shape) {
                distinct.push(g);
                distinct_names.push(format!("{} (constraint {i})", c.kind()));
            }
        }
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); n * n];
        for g in houses.iter().chain(&distinct) {
            for &a in g {
                for &b in g {
                    if a != b {
                        peers[a.position(n)].push(b.position(n) as u16);
                    }
                }
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        Groups {
            houses,
            house_names,
            distinct,
            distinct_names,
            peers,
        }
    }

    /// Candidates before any deduction: the givens, restricted by unary constraints
    /// (parity, pencil marks, …).
    pub fn initial_candidates(&self) -> Vec<Mask> {
        let n = self.size();
        let mut cands: Vec<Mask> = self
            .givens
            .cells()
            .iter()
            .map(|g| g.map_or(full_mask(n), |d| d.bit()))
            .collect();
        for c in &self.constraints {
            c.restrict(&self.shape, &mut cands);
        }
        cands
    }

    /// Checks a full grid against every rule of the puzzle without any SAT: the givens, each
    /// row, column and region, and every constraint's own checker.
    pub fn verify(&self, grid: &Grid) -> Result<(), Error> {
        let n = self.size();
        let fail = |m: String| Err(Error::Verification(m));
        if grid.size() != n {
            return fail(format!("grid is {0}x{0}, puzzle is {n}x{n}", grid.size()));
        }
        for cell in self.shape.cells() {
            match (grid.get(cell), self.givens.get(cell)) {
                (None, _) => return fail(format!("{cell} is empty")),
                (Some(d), _) if d.get() > n => return fail(format!("{cell} holds {d} > {n}")),
                (Some(d), Some(g)) if d != g => {
                    return fail(format!("{cell} holds {d} but the given is {g}"))
                }
                _ => {}
            }
        }
        // Rows and columns, computed here rather than taken from `groups()`, so a mistake in
        // the shared house list cannot hide from the checker.
        for i in 0..n {
            let row = (0..n).map(|c| Cell::from_index(i, c));
            let col = (0..n).map(|r| Cell::from_index(r, i));
            check_distinct(grid, row, &format!("row {}", i + 1))?;
            check_distinct(grid, col, &format!("column {}", i + 1))?;
        }
        for cells in self.shape.region_cells() {
            let name = format!("region of {}", cells[0]);
            check_distinct(grid, cells.into_iter(), &name)?;
        }
        for (i, c) in self.constraints.iter().enumerate() {
            c.check(&self.shape, grid)
                .map_err(|m| Error::Verification(format!("constraint {i} ({}): {m}", c.kind())))?;
        }
        Ok(())
    }
}

/// Errors if two of `cells` hold the same digit.
pub fn check_distinct(
    grid: &Grid,
    cells: impl Iterator<Item = Cell>,
    name: &str,
) -> Result<(), Error> {
    let mut seen: Vec<Option<Cell>> = vec![None; grid.size()];
    for cell in cells {
        let d: Digit = grid.digit(cell);
        if let Some(first) = seen[d.index()] {
            return Err(Error::Verification(format!(
                "{first} and {cell} both hold {d} in {name}"
            )));
        }
        seen[d.index()] = Some(cell);
    }
    Ok(())
}
