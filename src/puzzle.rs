//! A puzzle: shape + givens + variant constraints; its validation and its independent
//! solution checker.

use crate::error::Error;
use crate::geometry::{full_mask, Cell, Digit, House, Mask, Shape};
use crate::grid::Grid;
use crate::rules::{Constraint, Rule};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

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
/// encoding. Classic shapes share one cached copy.
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
    intersections: Vec<Intersection>,
    /// Per house then per distinct group: the cell pairs whose "not both d" clause is not
    /// already written for an earlier group (a box shares pairs with its rows and columns).
    pairs: Vec<Vec<(u16, u16)>>,
    house_positions: Vec<Vec<u16>>,
}

/// Two houses that share two or more cells (a box and a row, say), as cell positions.
#[derive(Clone, Debug)]
pub struct Intersection {
    /// Cells in both houses.
    pub both: Vec<u16>,
    /// Cells only in the first house.
    pub first_only: Vec<u16>,
    /// Cells only in the second house.
    pub second_only: Vec<u16>,
}

impl Groups {
    /// Cells (row-major positions) that must differ from cell position `i`.
    pub fn peers(&self, i: usize) -> &[u16] {
        &self.peers[i]
    }

    /// Row-major positions of the cells of house `i`.
    pub fn house_positions(&self, i: usize) -> &[u16] {
        &self.house_positions[i]
    }

    /// Cell pairs (row-major positions) of house `i` not already in an earlier house.
    pub fn house_pairs(&self, i: usize) -> &[(u16, u16)] {
        &self.pairs[i]
    }

    /// Cell pairs of distinct group `i` not already in a house or an earlier group.
    pub fn distinct_pairs(&self, i: usize) -> &[(u16, u16)] {
        &self.pairs[self.houses.len() + i]
    }

    /// Pairs of houses sharing two or more cells, for locked candidates.
    pub fn intersections(&self) -> &[Intersection] {
        &self.intersections
    }

    fn build(
        n: usize,
        houses: Vec<House>,
        house_names: Vec<String>,
        distinct: Vec<Vec<Cell>>,
        distinct_names: Vec<String>,
    ) -> Groups {
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); n * n];
        let mut seen = std::collections::HashSet::new();
        let pairs = houses
            .iter()
            .chain(&distinct)
            .map(|g| {
                let mut out = Vec::new();
                for (i, a) in g.iter().enumerate() {
                    for b in &g[i + 1..] {
                        let (a, b) = (a.position(n) as u16, b.position(n) as u16);
                        let key = (a.min(b), a.max(b));
                        if a != b && seen.insert(key) {
                            out.push(key);
                        }
                    }
                }
                out
            })
            .collect();
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
        let sets: Vec<Vec<u16>> = houses
            .iter()
            .map(|h| {
                let mut v: Vec<u16> = h.iter().map(|c| c.position(n) as u16).collect();
                v.sort_unstable();
                v
            })
            .collect();
        let mut intersections = Vec::new();
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                let both: Vec<u16> = a
                    .iter()
                    .filter(|x| b.binary_search(x).is_ok())
                    .copied()
                    .collect();
                if both.len() >= 2 {
                    intersections.push(Intersection {
                        first_only: a.iter().filter(|x| !both.contains(x)).copied().collect(),
                        second_only: b.iter().filter(|x| !both.contains(x)).copied().collect(),
                        both,
                    });
                }
            }
        }
        let house_positions = houses
            .iter()
            .map(|h| h.iter().map(|c| c.position(n) as u16).collect())
            .collect();
        Groups {
            house_positions,
            houses,
            house_names,
            distinct,
            distinct_names,
            peers,
            intersections,
            pairs,
        }
    }
}

/// Groups of classic shapes (no variant constraints), built once per shape.
fn classic_groups(shape: &Shape) -> Arc<Groups> {
    type Cache = Mutex<HashMap<(usize, usize, usize), Arc<Groups>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (shape.size(), shape.box_rows(), shape.box_cols());
    let cache = CACHE.get_or_init(Default::default);
    if let Some(g) = cache.lock().expect("groups cache").get(&key) {
        return g.clone();
    }
    let g = Arc::new(shape_groups(shape));
    cache.lock().expect("groups cache").insert(key, g.clone());
    g
}

fn shape_groups(shape: &Shape) -> Groups {
    let houses = shape.houses();
    let house_names = (0..houses.len()).map(|i| shape.house_name(i)).collect();
    let distinct = shape.partial_regions();
    let distinct_names = (0..distinct.len())
        .map(|i| format!("partial region {}", i + 1))
        .collect();
    Groups::build(shape.size(), houses, house_names, distinct, distinct_names)
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
            return Err(Error::Input(format!(
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

    /// Houses, distinct groups, peers and house intersections of this puzzle.
    pub fn groups(&self) -> Arc<Groups> {
        if self.constraints.is_empty() && !self.shape.is_jigsaw() {
            return classic_groups(&self.shape);
        }
        let base = shape_groups(&self.shape);
        let (mut houses, mut house_names) = (base.houses, base.house_names);
        let (mut distinct, mut distinct_names) = (base.distinct, base.distinct_names);
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
        Arc::new(Groups::build(
            self.size(),
            houses,
            house_names,
            distinct,
            distinct_names,
        ))
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
        // Regions: one digit mask per region id, from the shape's region map.
        let mut masks = [0u64; crate::geometry::MAX_SIZE];
        for cell in self.shape.cells() {
            let Some(r) = self.shape.region_of(cell) else {
                continue;
            };
            let (r, bit) = (r as usize % masks.len(), grid.digit(cell).bit());
            if masks[r] & bit != 0 {
                let region = self.shape.region_of(cell);
                let cells = self
                    .shape
                    .cells()
                    .filter(|&c| self.shape.region_of(c) == region);
                check_distinct(grid, cells, &format!("the region of {cell}"))?;
            }
            masks[r] |= bit;
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
    cells: impl Iterator<Item = Cell> + Clone,
    name: &str,
) -> Result<(), Error> {
    let mut seen: Mask = 0;
    for cell in cells.clone() {
        let d: Digit = grid.digit(cell);
        if seen & d.bit() != 0 {
            let first = cells
                .clone()
                .find(|&c| grid.digit(c) == d)
                .expect("seen before");
            return Err(Error::Verification(format!(
                "{first} and {cell} both hold {d} in {name}"
            )));
        }
        seen |= d.bit();
    }
    Ok(())
}
