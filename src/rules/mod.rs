//! Variant rules. Each rule lives in its own file with, in order: the rule in words, its CNF
//! encoding, its independent checker, and tests against a brute-force count.
//!
//! A rule is a value of [`Constraint`] (serde-tagged by `type` in the native JSON format) and
//! implements [`Rule`]. Rules lower to shared primitives where they can: full houses and
//! all-different groups are returned as cell lists (the classic encoder and the simplifier
//! handle them), everything else writes clauses through the [`Encoder`].

pub mod arrow;
pub mod cell_lists;
pub mod clue;
pub mod diagonal;
pub mod double_arrow;
pub mod killer;
pub mod little_killer;
pub mod region_sum_line;
pub mod sandwich;
pub mod skyscraper;
#[cfg(test)]
pub mod sum_fixtures;
#[cfg(test)]
pub mod testing;
pub mod x_sum;
pub mod zipper_line;

use crate::cnf::Encoder;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// What every variant rule provides.
pub trait Rule {
    /// The rule's type name as written in JSON ("diagonal", "killer", …).
    fn kind(&self) -> &'static str;
    /// Checks that the rule fits the grid (cells inside, sums possible, lines connected).
    fn validate(&self, shape: &Shape) -> Result<(), String>;
    /// Sets of N cells that must hold every digit once.
    fn houses(&self, _shape: &Shape) -> Vec<Vec<Cell>> {
        Vec::new()
    }
    /// Sets of cells whose digits must differ.
    fn distinct_groups(&self, _shape: &Shape) -> Vec<Vec<Cell>> {
        Vec::new()
    }
    /// Removes candidates that the rule forbids on its own (sound, unary).
    fn restrict(&self, _shape: &Shape, _cands: &mut [Mask]) {}
    /// Writes the rule's clauses (beyond its houses and distinct groups).
    fn encode(&self, _enc: &mut Encoder) {}
    /// Checks a full grid, without SAT. `Err` says which cells break the rule.
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String>;
}

/// A variant constraint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Constraint {
    /// Both or one of the main diagonals hold every digit once.
    Diagonal(diagonal::Diagonal),
    /// A cage of different digits, with an optional sum.
    Killer(killer::Killer),
    /// A diagonal whose digits add up to a sum.
    LittleKiller(little_killer::LittleKiller),
    /// The sum between the 1 and the N of a row or column.
    Sandwich(sandwich::Sandwich),
    /// The sum of the first X digits from a clue, X being the first digit.
    XSum(x_sum::XSum),
    /// How many digits are visible from a clue.
    Skyscraper(skyscraper::Skyscraper),
    /// The digits on a line add up to the number in a circle (or pill).
    Arrow(arrow::Arrow),
    /// The ends of a line add up to the sum of the cells between them.
    DoubleArrow(double_arrow::DoubleArrow),
    /// Every run of a line inside one region has the same sum.
    RegionSumLine(region_sum_line::RegionSumLine),
    /// Cells equally far from a line's centre add up to the same sum (the centre digit).
    ZipperLine(zipper_line::ZipperLine),
}

macro_rules! dispatch {
    ($self:ident, $r:ident => $e:expr) => {
        match $self {
            Constraint::Diagonal($r) => $e,
            Constraint::Killer($r) => $e,
            Constraint::LittleKiller($r) => $e,
            Constraint::Sandwich($r) => $e,
            Constraint::XSum($r) => $e,
            Constraint::Skyscraper($r) => $e,
            Constraint::Arrow($r) => $e,
            Constraint::DoubleArrow($r) => $e,
            Constraint::RegionSumLine($r) => $e,
            Constraint::ZipperLine($r) => $e,
        }
    };
}

impl Rule for Constraint {
    fn kind(&self) -> &'static str {
        dispatch!(self, r => r.kind())
    }
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        dispatch!(self, r => r.validate(shape))
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        dispatch!(self, r => r.houses(shape))
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        dispatch!(self, r => r.distinct_groups(shape))
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        dispatch!(self, r => r.restrict(shape, cands))
    }
    fn encode(&self, enc: &mut Encoder) {
        dispatch!(self, r => r.encode(enc))
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        dispatch!(self, r => r.check(shape, grid))
    }
}
