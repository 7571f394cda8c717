//! A puzzle: shape + givens + variant constraints; its validation and its independent
//! solution checker.

use crate::error::Error;
use crate::geometry::{full_mask, Cell, Mask, Shape};
use crate::grid::check_distinct;
use crate::grid::Grid;
use crate::groups::{classic_groups, shape_lists, Groups};
use crate::rules::{Constraint, Rule};
use std::sync::Arc;

/// A sudoku puzzle of any size, with optional variant constraints.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    shape: Shape,
    givens: Grid,
    /// The constraints about digit indices, what every solver stage reads
    /// ([`crate::rules::values::to_index_space`]): the same as `written` on values 1..=N.
    constraints: Vec<Constraint>,
    /// The constraints as written, about the values (for writers and drawings).
    written: Vec<Constraint>,
    /// Optional title (from a JSON or f-puzzles file).
    pub title: Option<String>,
    /// Optional author.
    pub author: Option<String>,
    /// [`Puzzle::groups`], built on first use (validation, encoding, simplification and the
    /// sums all read it; building it is a fifth of a small puzzle's time).
    groups: GroupsCache,
}

/// A puzzle's groups once built: no part of its equality or its debug output (they follow
/// from the rest).
#[derive(Clone, Default)]
struct GroupsCache(std::sync::OnceLock<Arc<Groups>>);

impl PartialEq for GroupsCache {
    fn eq(&self, _: &GroupsCache) -> bool {
        true
    }
}

impl std::fmt::Debug for GroupsCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("..")
    }
}

impl Puzzle {
    /// A puzzle with `givens` on `shape` and the given constraints; checks that everything
    /// fits the grid and that no two givens clash in a house.
    pub fn new(shape: Shape, givens: Grid, constraints: Vec<Constraint>) -> Result<Puzzle, Error> {
        // givens read as a grid alone leave the extra cells empty
        let givens = match givens.extra() {
            0 => givens.with_extra(shape.extra()),
            _ => givens,
        };
        let lowered = constraints
            .iter()
            .enumerate()
            .map(|(index, c)| {
                crate::rules::shapes::on_shape(c, &shape)
                    .and_then(|()| crate::rules::values::to_index_space(c, &shape))
                    .map_err(|message| Error::Constraint {
                        index,
                        kind: c.kind().to_string(),
                        message,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let p = Puzzle {
            shape,
            givens,
            constraints: lowered,
            written: constraints,
            title: None,
            author: None,
            groups: GroupsCache::default(),
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
    /// Side length N of a square grid; on a rectangle, the longer side ([`Shape::side`]).
    pub fn size(&self) -> usize {
        self.shape.size()
    }
    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
    /// The variant constraints, about digit indices 1..=count (what solving, encoding and
    /// checking read; the same as [`Puzzle::written_constraints`] on values 1..=N).
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }
    /// The variant constraints as written, about the values of the shape (for writers and
    /// drawings).
    pub fn written_constraints(&self) -> &[Constraint] {
        &self.written
    }
    /// Whether the puzzle has no variant constraints, default boxes and values 1..=N.
    pub fn is_classic(&self) -> bool {
        self.constraints.is_empty()
            && !self.shape.is_jigsaw()
            && self.shape.has_standard_values()
            && !self.shape.is_chaos()
            && self.shape.extra() == 0
    }

    fn validate(&self) -> Result<(), Error> {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        self.shape.check_region_size()?;
        if !self.givens.fits(&self.shape) {
            return Err(Error::Input(format!(
                "givens are {}x{} with {} extra cells but the shape is {rows}x{cols} with {}",
                self.givens.rows(),
                self.givens.cols(),
                self.givens.extra(),
                self.shape.extra()
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
        for cell in self.shape.all_cells() {
            if let Some(d) = self.givens.get(cell) {
                if d.index() >= self.shape.value_count() {
                    return Err(Error::Input(format!(
                        "{cell}: digit {} is outside the values {}",
                        d.get(),
                        self.shape.values()
                    )));
                }
            }
        }
        for (cells, name) in named {
            let mut seen: Vec<Option<Cell>> = vec![None; self.shape.value_count()];
            for &cell in cells {
                if let Some(d) = self.givens.get(cell) {
                    if let Some(first) = seen[d.index()] {
                        if !self.shape.has_standard_values() {
                            // the digit as written: its value, not its index
                            return Err(Error::Input(format!(
                                "{first} and {cell} both hold {} in {name}",
                                self.shape.values().value(d)
                            )));
                        }
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
        self.groups.0.get_or_init(|| self.build_groups()).clone()
    }

    fn build_groups(&self) -> Arc<Groups> {
        if self.constraints.is_empty()
            && !self.shape.is_jigsaw()
            && !self.shape.is_chaos()
            && self.shape.houses_cover_values()
            && self.shape.extra() == 0
        {
            return classic_groups(&self.shape);
        }
        let base = shape_lists(&self.shape);
        let (mut houses, mut house_names) = (base.houses, base.house_names);
        let (mut distinct, mut distinct_names) = (Vec::new(), Vec::new());
        // More values than a row holds, but every grid cell kept to the first `side` of
        // them (ISS's `Shape~9x9~15`, whose extra cells hold 1..15 while the grid holds
        // 1..9): a group of `side` grid cells then holds each of those values once.
        let narrowed = !self.shape.houses_cover_values()
            && self
                .shape
                .houses_hold_side_values(&self.initial_candidates());
        let side = self.shape.side();
        let rows = self.shape.rows();
        let full_in_grid =
            |h: &[Cell]| narrowed && h.len() == side && h.iter().all(|c| c.r() < rows);
        for (g, name) in base.distinct.into_iter().zip(base.distinct_names) {
            if full_in_grid(&g) {
                houses.push(g);
                house_names.push(name);
            } else {
                distinct.push(g);
                distinct_names.push(name);
            }
        }
        for (i, c) in self.constraints.iter().enumerate() {
            for h in c.houses(&self.shape) {
                // a rule's house of fewer cells than values (a diagonal of a grid holding
                // more values than its side) holds different values only
                if self.shape.covers(h.len()) || full_in_grid(&h) {
                    houses.push(h);
                    house_names.push(format!("{} (constraint {i})", c.kind()));
                } else {
                    distinct.push(h);
                    distinct_names.push(format!("{} (constraint {i})", c.kind()));
                }
            }
            for g in c.distinct_groups(&self.shape) {
                distinct.push(g);
                distinct_names.push(format!("{} (constraint {i})", c.kind()));
            }
        }
        Arc::new(Groups::build_dims(
            self.shape.rows(),
            self.shape.cols(),
            houses,
            house_names,
            distinct,
            distinct_names,
        ))
    }

    /// Candidates before any deduction: the givens, restricted by unary constraints
    /// (parity, pencil marks, …).
    pub fn initial_candidates(&self) -> Vec<Mask> {
        let all = full_mask(self.shape.value_count());
        let mut cands: Vec<Mask> = self
            .givens
            .cells()
            .iter()
            .map(|g| g.map_or(all, |d| d.bit()))
            .collect();
        for c in &self.constraints {
            c.restrict(&self.shape, &mut cands);
        }
        cands
    }

    /// Checks a full grid against every rule of the puzzle without any SAT: the givens, each
    /// row, column and region, and every constraint's own checker.
    pub fn verify(&self, grid: &Grid) -> Result<(), Error> {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        let fail = |m: String| Err(Error::Verification(m));
        if !grid.fits(&self.shape) {
            return fail(format!(
                "grid is {}x{} with {} extra cells, puzzle is {rows}x{cols} with {}",
                grid.rows(),
                grid.cols(),
                grid.extra(),
                self.shape.extra()
            ));
        }
        for cell in self.shape.all_cells() {
            match (grid.get(cell), self.givens.get(cell)) {
                (None, _) => return fail(format!("{cell} is empty")),
                (Some(d), _) if d.index() >= self.shape.value_count() => {
                    return fail(format!(
                        "{cell} holds digit {d}, outside the values {}",
                        self.shape.values()
                    ))
                }
                (Some(d), Some(g)) if d != g => {
                    let v = |d| self.shape.values().value(d);
                    return fail(format!("{cell} holds {} but the given is {}", v(d), v(g)));
                }
                _ => {}
            }
        }
        // Rows and columns, computed here rather than taken from `groups()`, so a mistake in
        // the shared house list cannot hide from the checker (a raw grid has none).
        let (row_lines, col_lines) = if self.shape.is_raw() {
            (0, 0)
        } else {
            (rows, cols)
        };
        for i in 0..row_lines {
            let row = (0..cols).map(|c| Cell::from_index(i, c));
            check_distinct(grid, row, &format!("row {}", i + 1))?;
        }
        for i in 0..col_lines {
            let col = (0..rows).map(|r| Cell::from_index(r, i));
            check_distinct(grid, col, &format!("column {}", i + 1))?;
        }
        // Regions: one digit mask per region id, from the shape's region map.
        let ids = self
            .shape
            .regions()
            .iter()
            .flatten()
            .max()
            .map_or(0, |&m| m as usize + 1);
        let mut masks = vec![0u64; ids];
        for cell in self.shape.cells() {
            let Some(r) = self.shape.region_of(cell) else {
                continue;
            };
            let (r, bit) = (r as usize, grid.digit(cell).bit());
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
        match (self.shape.is_chaos(), grid.regions()) {
            (true, Some(regions)) => check_chaos_regions(grid, regions, self.shape.value_count())?,
            (true, None) => return fail("a chaos construction's solution has no regions".into()),
            (false, Some(_)) => {
                return fail(
                    "the grid has found regions but the puzzle is no chaos construction".into(),
                )
            }
            (false, None) => {}
        }
        for (i, c) in self.constraints.iter().enumerate() {
            c.check(&self.shape, grid)
                .map_err(|m| Error::Verification(format!("constraint {i} ({}): {m}", c.kind())))?;
        }
        Ok(())
    }
}

/// Checks the regions a chaos construction's solution carries, from the regions alone (no
/// SAT, nothing shared with the encoding): one id per cell, R·C / `size` regions of `size`
/// cells each, each orthogonally connected, each holding different digits (so, with `size`
/// values, each once).
pub fn check_chaos_regions(grid: &Grid, regions: &[u16], size: usize) -> Result<(), Error> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let fail = |m: String| Err(Error::Verification(m));
    if regions.len() != rows * cols {
        return fail(format!(
            "{} region ids for a {rows}×{cols} grid",
            regions.len()
        ));
    }
    if size == 0 || (rows * cols) % size != 0 {
        return fail(format!(
            "{rows}×{cols} cells do not split into regions of {size}"
        ));
    }
    let count = rows * cols / size;
    let mut members: Vec<Vec<Cell>> = vec![Vec::new(); count];
    for (i, &k) in regions.iter().enumerate() {
        let cell = Cell::from_position(i, cols);
        match members.get_mut(k as usize) {
            Some(m) => m.push(cell),
            None => {
                return fail(format!(
                    "{cell} is in region {}, past the {count} regions",
                    k + 1
                ))
            }
        }
    }
    for (k, cells) in members.iter().enumerate() {
        if cells.len() != size {
            return fail(format!(
                "found region {} has {} cells, not {size}",
                k + 1,
                cells.len()
            ));
        }
        // connected: a flood fill from its first cell through orthogonal steps reaches all
        let mut seen = vec![cells[0]];
        let mut todo = vec![cells[0]];
        while let Some(c) = todo.pop() {
            for o in cells {
                let adjacent = c.row.abs_diff(o.row) + c.col.abs_diff(o.col) == 1;
                if adjacent && !seen.contains(o) {
                    seen.push(*o);
                    todo.push(*o);
                }
            }
        }
        if seen.len() != size {
            let apart = cells
                .iter()
                .find(|c| !seen.contains(c))
                .unwrap_or(&cells[0]);
            return fail(format!(
                "found region {} is not connected: {} and {apart} are apart",
                k + 1,
                cells[0]
            ));
        }
        check_distinct(
            grid,
            cells.iter().copied(),
            &format!("found region {}", k + 1),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod extra_cells {
    //! Extra cells (ISS `Var`): counted against brute force, part of uniqueness, checked,
    //! and refused by rules that need the grid's geometry.
    use super::*;
    use crate::rules::testing::{assert_count_matches, count, grid, FOUR, GIVENS4};

    fn puzzle(givens: &str, extra: usize, rules: &[&str]) -> Result<Puzzle, Error> {
        let shape = Shape::new(4).unwrap().with_extra(extra).unwrap();
        let rules = rules
            .iter()
            .map(|r| serde_json::from_str(r).unwrap())
            .collect();
        Puzzle::new(shape, grid(givens), rules)
    }

    /// The groups are built once per puzzle and shared by every reader; a clone shares them,
    /// and whether they were built yet makes no difference to equality.
    #[test]
    fn the_groups_are_built_once_and_are_no_part_of_equality() {
        let p = puzzle(
            GIVENS4,
            1,
            &[r#"{"type":"extra-region","cells":["r5c1","r1c1","r2c2"]}"#],
        )
        .unwrap();
        let fresh = p.clone();
        let g = p.groups();
        assert!(Arc::ptr_eq(&g, &p.groups()));
        assert!(Arc::ptr_eq(&g, &p.clone().groups()));
        assert_eq!(p, fresh);
        // the extra region is one of the groups: built from the puzzle's rules, not its shape
        let r5c1 = Cell::new(5, 1).position(4) as u16;
        assert!(g.peers(Cell::new(1, 1).position(4)).contains(&r5c1));
        assert!(!fresh
            .groups()
            .peers(Cell::new(1, 2).position(4))
            .contains(&r5c1));
    }

    #[test]
    fn counts_with_extra_cells_match_brute_force() {
        // r5c1 = r1c1 + r1c2; r5c1, r5c2 and r2c2 differ; r5c2 is 1 or 2; r5c3 indexes
        // nothing and is free
        let p = puzzle(
            GIVENS4,
            3,
            &[
                r#"{"type":"weighted-sum","cells":["r5c1","r1c1","r1c2"],"weights":[-1,1,1],"sum":0}"#,
                r#"{"type":"extra-region","cells":["r5c1","r5c2","r2c2"]}"#,
                r#"{"type":"pencil-marks","cell":"r5c2","digits":[1,2]}"#,
                r#"{"type":"same-values","sets":[["r5c3"],["r3c3"]]}"#,
            ],
        )
        .unwrap();
        let n = assert_count_matches(&p, 1000);
        assert!(n > 0 && n < 1000, "{n}");
    }

    #[test]
    fn an_extra_cell_no_rule_pins_makes_more_solutions() {
        // the grid is solved; the extra cell takes any of 4 values, each a solution
        let p = puzzle(FOUR, 1, &[]).unwrap();
        assert_eq!(count(&p, 100), 4);
        let p = puzzle(
            FOUR,
            1,
            &[r#"{"type":"pencil-marks","cell":"r5c1","digits":[3]}"#],
        );
        assert_eq!(count(&p.unwrap(), 100), 1);
    }

    #[test]
    fn the_checker_reads_the_extra_cells() {
        let p = puzzle(
            FOUR,
            1,
            &[r#"{"type":"weighted-sum","cells":["r5c1","r1c1"],"weights":[1,1],"sum":4}"#],
        )
        .unwrap();
        let mut g = grid(FOUR).with_extra(1);
        assert!(p
            .verify(&g)
            .unwrap_err()
            .to_string()
            .contains("r5c1 is empty"));
        g.set(Cell::new(5, 1), Some(crate::geometry::Digit::new(2)));
        assert!(p.verify(&g).is_err());
        g.set(Cell::new(5, 1), Some(crate::geometry::Digit::new(3)));
        p.verify(&g).unwrap();
        // a grid without the extra cells does not fit the puzzle
        assert!(p.verify(&grid(FOUR)).is_err());
    }

    #[test]
    fn rules_of_the_grid_refuse_extra_cells() {
        let e = puzzle(
            GIVENS4,
            2,
            &[r#"{"type":"thermometer","cells":["r4c1","r5c1"]}"#],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("r5c1 is an extra cell"), "{e}");
        // past the extra cells: outside the grid
        let e = puzzle(
            GIVENS4,
            2,
            &[r#"{"type":"extra-region","cells":["r5c3","r1c1"]}"#],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("r5c3 is outside the 4x4 grid"), "{e}");
    }

    #[test]
    fn extra_cells_have_bounds() {
        let s = Shape::new(9).unwrap();
        assert_eq!(s.clone().with_extra(55 * 9).unwrap().extra(), 495);
        assert!(s.clone().with_extra(55 * 9 + 1).is_err());
        // a chaos construction may have extra cells: in no found region either
        let chaos = s.clone().with_extra(3).unwrap().with_chaos().unwrap();
        assert_eq!((chaos.extra(), chaos.chaos_regions()), (3, 9));
        assert_eq!(chaos.region_of(chaos.extra_cell(0)), None);
        let s = s.with_extra(10).unwrap();
        assert_eq!(s.extra_cell(9), Cell::new(11, 1));
        assert!(s.is_extra(Cell::new(11, 1)) && !s.is_extra(Cell::new(11, 2)));
        assert!(!s.must_differ(Cell::new(10, 1), Cell::new(10, 2)));
        assert_eq!(s.region_of(Cell::new(10, 1)), None);
        assert_eq!(s.cell_count(), 91);
        assert_eq!(s.cells().count(), 81);
    }
}

#[cfg(test)]
mod narrowed_tests {
    //! Grids holding more values than a row, whose rules keep every grid cell to the first
    //! `side` values (ISS's `Shape~9x9~15` with 1..9 in the grid): their houses are houses
    //! again, and what reads houses (hidden singles, set theory, the sum propagator's
    //! implied sums) counts as brute force.
    use super::*;
    use crate::geometry::Values;
    use crate::rules::testing::{brute_force_count, grid};

    /// A 4×4 holding 1..6 with `extra` extra cells, every grid cell kept to 1..4 (cell
    /// r1c1 to `first`), with `rules` (JSON).
    fn puzzle(first: &[u8], extra: usize, rules: &[String]) -> Puzzle {
        let shape = Shape::new(4)
            .unwrap()
            .with_values(Values::parse("1-6").unwrap())
            .unwrap()
            .with_extra(extra)
            .unwrap();
        let mut all: Vec<Constraint> = Vec::new();
        for p in 0..16 {
            let digits: Vec<u8> = if p == 0 {
                first.to_vec()
            } else {
                vec![1, 2, 3, 4]
            };
            let json = format!(
                r#"{{"type":"pencil-marks","cell":"r{}c{}","digits":{digits:?}}}"#,
                p / 4 + 1,
                p % 4 + 1
            );
            all.push(serde_json::from_str(&json).unwrap());
        }
        all.extend(rules.iter().map(|r| serde_json::from_str(r).unwrap()));
        Puzzle::new(shape, grid(&".".repeat(16)).with_extra(extra), all).unwrap()
    }

    #[test]
    fn houses_hold_the_first_values_only_when_every_grid_cell_is_kept_to_them() {
        let kept = puzzle(&[1, 2, 3, 4], 0, &[]);
        assert!(kept
            .shape()
            .houses_hold_side_values(&kept.initial_candidates()));
        let g = kept.groups();
        // 4 rows, 4 columns, 4 boxes: houses, not mere all-different groups
        assert_eq!((g.houses.len(), g.distinct.len()), (12, 0));
        let loose = puzzle(&[1, 5], 0, &[]);
        assert!(!loose
            .shape()
            .houses_hold_side_values(&loose.initial_candidates()));
        let g = loose.groups();
        assert_eq!((g.houses.len(), g.distinct.len()), (0, 12));
        // the first 16 solutions of both: the kept grid has the 288 classic ones
        assert_eq!(crate::solve::count(&kept, 300).unwrap().found, 288);
    }

    /// The solutions of `p` (a kept 4×4 with `extra` extra cells holding 1..6) by brute force:
    /// each of the 288 classic 4×4 grids with each value of the extra cells, judged by the
    /// puzzle's plain checker alone.
    fn by_checker(p: &Puzzle, extra: usize) -> usize {
        let mut found = 0;
        for g in crate::rules::testing::all_4x4() {
            let text: String = g.iter().map(|d| char::from(b'0' + *d as u8)).collect();
            for code in 0..6usize.pow(extra as u32) {
                let mut full = grid(&text).with_extra(extra);
                for k in 0..extra {
                    let v = code / 6usize.pow(k as u32) % 6;
                    full.set(
                        Cell::new(5, k + 1),
                        Some(crate::geometry::Digit::from_index(v)),
                    );
                }
                found += usize::from(p.verify(&full).is_ok());
            }
        }
        found
    }

    /// Killer cages (some over an extra cell) and an extra region: counts on varisat, on
    /// CaDiCaL with the propagator in every mode, and by brute force agree.
    #[test]
    fn killers_on_kept_grids_count_as_brute_force() {
        use crate::engine::{Engine, EngineKind, Propagation};
        let mut engines = vec![Engine::new(EngineKind::Varisat)];
        if EngineKind::Cadical.is_built() {
            engines.extend(
                Propagation::ALL.map(|m| Engine::new(EngineKind::Cadical).with_propagation(m)),
            );
        }
        // a cage over an extra cell is a weighted sum (a killer needs grid cells)
        let cage = |cells: &[&str], sum: usize| {
            let list: Vec<String> = cells.iter().map(|c| format!("\"{c}\"")).collect();
            let kind = if cells.iter().any(|c| c.starts_with("r5")) {
                "weighted-sum"
            } else {
                "killer"
            };
            format!(
                r#"{{"type":"{kind}","cells":[{}],"sum":{sum}}}"#,
                list.join(",")
            )
        };
        let region = r#"{"type":"extra-region","cells":["r5c1","r5c2"]}"#.to_string();
        let cases: Vec<(usize, Vec<String>)> = vec![
            (
                0,
                vec![
                    cage(&["r1c1", "r1c2"], 3),
                    cage(&["r2c3", "r3c3", "r4c3"], 6),
                ],
            ),
            (
                0,
                vec![
                    cage(&["r1c1", "r2c1", "r3c1"], 9),
                    cage(&["r1c4", "r2c4"], 7),
                ],
            ),
            (
                2,
                vec![
                    region.clone(),
                    cage(&["r5c1", "r1c1"], 7),
                    cage(&["r5c2", "r4c4", "r3c4"], 13),
                ],
            ),
            (
                2,
                vec![
                    region,
                    cage(&["r5c1", "r5c2"], 11),
                    cage(&["r2c2", "r2c3"], 4),
                ],
            ),
        ];
        for (extra, rules) in &cases {
            let p = puzzle(&[1, 2, 3, 4], *extra, rules);
            let brute = by_checker(&p, *extra);
            assert!(brute > 0, "{rules:?}");
            for e in &engines {
                let c = crate::solve::count_on(&p, 2000, e, |_| {}).unwrap();
                assert_eq!(c.found, brute, "{rules:?} {:?} {:?}", e.kind, e.propagation);
            }
        }
    }

    /// An extra region of `side` extra cells holds every value, as a row does, but lies
    /// outside the grid: the set theory over the grid's houses leaves it out (it once
    /// indexed past the grid and panicked).
    #[test]
    fn an_extra_region_as_large_as_a_row_stays_out_of_set_theory() {
        use crate::engine::{Engine, EngineKind};
        let shape = Shape::new(4).unwrap().with_extra(4).unwrap();
        let rules: Vec<Constraint> = [
            r#"{"type":"extra-region","cells":["r5c1","r5c2","r5c3","r5c4"]}"#,
            r#"{"type":"killer","cells":["r1c1","r1c2"],"sum":3}"#,
            r#"{"type":"killer","cells":["r2c1","r2c2"],"sum":7}"#,
            r#"{"type":"weighted-sum","cells":["r5c1","r3c3"],"sum":5}"#,
        ]
        .iter()
        .map(|r| serde_json::from_str(r).unwrap())
        .collect();
        let p = Puzzle::new(shape, grid(&".".repeat(16)).with_extra(4), rules).unwrap();
        let brute = brute_force_count(&p, 5000);
        assert!(brute > 0);
        for kind in [EngineKind::Varisat, EngineKind::Cadical] {
            if kind.is_built() {
                let c = crate::solve::count_on(&p, 5000, &Engine::new(kind), |_| {}).unwrap();
                assert_eq!(c.found, brute, "{kind:?}");
            }
        }
    }
}
