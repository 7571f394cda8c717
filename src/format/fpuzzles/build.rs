//! The state the f-puzzles key builders share ([`Build`]) and the helpers most builders are
//! made of: flags, single-cell markers, cell lists, clues outside the grid, lines.

use super::{entry, err, flag, items, number, required, Ctx};
use crate::error::Error;
use crate::geometry::Cell;
use crate::rules::*;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// The rules read so far, each with the JSON path it came from (for error messages).
#[derive(Default)]
pub(super) struct Rules {
    pub constraints: Vec<Constraint>,
    pub paths: Vec<String>,
}

impl Rules {
    pub fn push(&mut self, path: impl Into<String>, c: Constraint) {
        self.constraints.push(c);
        self.paths.push(path.into());
    }
}

/// What the builders share: the puzzle's JSON, its size, the rules so far, and the pairs
/// marked by dots and X/V/sum marks (which the negative rules exempt).
pub(super) struct Build<'a> {
    pub map: &'a Map<String, Value>,
    pub ctx: Ctx,
    pub rules: Rules,
    pub kropki: BTreeSet<[Cell; 2]>,
    pub xv_marked: BTreeSet<[Cell; 2]>,
    pub ratio_values: BTreeSet<usize>,
}

impl<'a> Build<'a> {
    /// A builder state over `map` for an `n`×`n` grid, starting from `rules`.
    pub fn new(map: &'a Map<String, Value>, ctx: Ctx, rules: Rules) -> Build<'a> {
        Build {
            map,
            ctx,
            rules,
            kropki: BTreeSet::new(),
            xv_marked: BTreeSet::new(),
            ratio_values: BTreeSet::new(),
        }
    }

    pub fn two_cells(&self, obj: &Map<String, Value>, path: &str) -> Result<[Cell; 2], Error> {
        match self.ctx.cells_of(obj, "cells", path)?[..] {
            [a, b] => Ok([a, b]),
            _ => Err(err(format!("{path}.cells: expected two cells"))),
        }
    }

    /// A boolean flag's rule.
    pub fn flag_rule(&mut self, key: &str, make: fn() -> Constraint) -> Result<(), Error> {
        if flag(self.map, key, key)? {
            self.rules.push(key, make());
        }
        Ok(())
    }

    /// Single-cell markers of `key` gathered into one constraint (min/max compare against
    /// neighbours outside their own set, so the set must stay whole).
    pub fn markers(&mut self, key: &str, make: fn(Vec<Cell>) -> Constraint) -> Result<(), Error> {
        let cells = items(self.map, key)?
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let path = format!("{key}[{i}]");
                let obj = entry(e, &path)?;
                self.ctx
                    .cell(required(obj, "cell", &path)?, &format!("{path}.cell"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !cells.is_empty() {
            self.rules.push(key, make(cells));
        }
        Ok(())
    }

    /// One constraint per entry of `key`, made from the entry's `cells`.
    pub fn cell_lists(
        &mut self,
        key: &str,
        make: fn(Vec<Cell>) -> Constraint,
    ) -> Result<(), Error> {
        for (i, e) in items(self.map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let cells = self.ctx.cells_of(entry(e, &path)?, "cells", &path)?;
            self.rules.push(path, make(cells));
        }
        Ok(())
    }

    /// Clues outside the grid: the clue's place is read (and checked) even when its value
    /// is empty; a clue without a value is an unclued drawing and adds no rule.
    pub fn outside(
        &mut self,
        key: &str,
        make: fn(clue::OutsideClue, usize) -> Constraint,
    ) -> Result<(), Error> {
        for (i, e) in items(self.map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let obj = entry(e, &path)?;
            let clue = self
                .ctx
                .outside(required(obj, "cell", &path)?, &format!("{path}.cell"))?;
            let Some(v) = number(obj.get("value"), &format!("{path}.value"))? else {
                continue;
            };
            self.rules.push(path, make(clue, v));
        }
        Ok(())
    }

    /// Line rules: each polyline of an entry's `lines` is one constraint, made from its
    /// cells and the entry's `value` (`default` when absent).
    pub fn lines(
        &mut self,
        key: &str,
        default: usize,
        make: fn(Vec<Cell>, usize) -> Constraint,
    ) -> Result<(), Error> {
        for (i, e) in items(self.map, key)?.iter().enumerate() {
            let path = format!("{key}[{i}]");
            let obj = entry(e, &path)?;
            let lines = self.ctx.lines(obj, &path)?;
            let value = if key == "whispers" {
                number(obj.get("value"), &format!("{path}.value"))?.unwrap_or(default)
            } else {
                default
            };
            for (k, cells) in lines.into_iter().enumerate() {
                self.rules
                    .push(format!("{path}.lines[{k}]"), make(cells, value));
            }
        }
        Ok(())
    }
}
