//! Variant rules. Each rule lives in its own file with, in order: the rule in words, its CNF
//! encoding, its independent checker, and tests against a brute-force count.
//!
//! A rule is a value of [`Constraint`] (serde-tagged by `type` in the native JSON format) and
//! implements [`Rule`]. Rules lower to shared primitives where they can: full houses and
//! all-different groups are returned as cell lists (the classic encoder and the simplifier
//! handle them), everything else writes clauses through the [`Encoder`].

pub mod anti_king;
pub mod anti_knight;
pub mod between_line;
pub mod box_indexer;
pub mod clone;
pub mod column_indexer;
pub mod diagonal;
pub mod difference;
pub mod disjoint_groups;
pub mod entropic_line;
pub mod even;
pub mod extra_region;
pub mod lockout;
pub mod maximum;
pub mod minimum;
pub mod modular_line;
pub mod nabner;
pub mod negative_ratio;
pub mod negative_xv;
pub mod non_consecutive;
pub mod odd;
pub mod palindrome;
pub mod pencil_marks;
pub mod quadruple;
pub mod ratio;
pub mod renban;
pub mod row_indexer;
pub mod slow_thermometer;
pub mod sum_dot;
pub mod thermometer;
pub mod whispers;
pub mod xv;

pub mod arrow;
pub mod cell_lists;
pub mod clue;
mod common;
pub mod double_arrow;
#[cfg(test)]
mod fixtures;
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
    /// Writes the rule's clauses (beyond its houses and distinct groups); `enc.shape()` gives
    /// the regions to rules that need them.
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
    /// No two cells a knight's move apart hold the same digit.
    AntiKnight(anti_knight::AntiKnight),
    /// No two cells a king's move apart hold the same digit.
    AntiKing(anti_king::AntiKing),
    /// Orthogonal neighbours are not consecutive (except listed pairs).
    NonConsecutive(non_consecutive::NonConsecutive),
    /// Cells at the same position in every box hold different digits.
    DisjointGroups(disjoint_groups::DisjointGroups),
    /// Unmarked orthogonal neighbours are not in any of the ratios.
    NegativeRatio(negative_ratio::NegativeRatio),
    /// Unmarked orthogonal neighbours do not sum to 5 or 10.
    NegativeXv(negative_xv::NegativeXv),
    /// Cells that hold different digits (a full house with N cells).
    ExtraRegion(extra_region::ExtraRegion),
    /// Two cells differ by a value (white dot).
    Difference(difference::Difference),
    /// One cell is a multiple of the other (black dot).
    Ratio(ratio::Ratio),
    /// Two cells sum to 10 (X) or 5 (V).
    Xv(xv::Xv),
    /// Two cells sum to a value.
    SumDot(sum_dot::SumDot),
    /// Cells with odd digits.
    Odd(odd::Odd),
    /// Cells with even digits.
    Even(even::Even),
    /// Cells smaller than their unlisted orthogonal neighbours.
    Minimum(minimum::Minimum),
    /// Cells larger than their unlisted orthogonal neighbours.
    Maximum(maximum::Maximum),
    /// A cell holds one of the listed digits.
    PencilMarks(pencil_marks::PencilMarks),
    /// Two sets of cells hold the same digits, position by position.
    Clone(clone::Clones),
    /// Listed digits appear among the cells.
    Quadruple(quadruple::Quadruple),
    /// Digit v at (r,c): cell (v,c) holds r.
    RowIndexer(row_indexer::RowIndexer),
    /// Digit v at (r,c): cell (r,v) holds c.
    ColumnIndexer(column_indexer::ColumnIndexer),
    /// Digit v at position p of a region: position v holds p.
    BoxIndexer(box_indexer::BoxIndexer),
    /// Digits strictly increase from the bulb.
    Thermometer(thermometer::Thermometer),
    /// Digits never decrease from the bulb.
    SlowThermometer(slow_thermometer::SlowThermometer),
    /// The line reads the same both ways.
    Palindrome(palindrome::Palindrome),
    /// Interior digits lie strictly between the ends.
    BetweenLine(between_line::BetweenLine),
    /// Ends differ by at least N/2; interior digits lie outside them.
    Lockout(lockout::Lockout),
    /// Different, consecutive digits in any order.
    Renban(renban::Renban),
    /// Neighbours on the line differ by at least a value.
    Whispers(whispers::Whispers),
    /// Any three consecutive cells: one low, one middle, one high digit.
    EntropicLine(entropic_line::EntropicLine),
    /// Any three consecutive cells: different modulo 3.
    ModularLine(modular_line::ModularLine),
    /// Different digits, no two consecutive.
    Nabner(nabner::Nabner),
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
            Constraint::AntiKnight($r) => $e,
            Constraint::AntiKing($r) => $e,
            Constraint::NonConsecutive($r) => $e,
            Constraint::DisjointGroups($r) => $e,
            Constraint::NegativeRatio($r) => $e,
            Constraint::NegativeXv($r) => $e,
            Constraint::ExtraRegion($r) => $e,
            Constraint::Difference($r) => $e,
            Constraint::Ratio($r) => $e,
            Constraint::Xv($r) => $e,
            Constraint::SumDot($r) => $e,
            Constraint::Odd($r) => $e,
            Constraint::Even($r) => $e,
            Constraint::Minimum($r) => $e,
            Constraint::Maximum($r) => $e,
            Constraint::PencilMarks($r) => $e,
            Constraint::Clone($r) => $e,
            Constraint::Quadruple($r) => $e,
            Constraint::RowIndexer($r) => $e,
            Constraint::ColumnIndexer($r) => $e,
            Constraint::BoxIndexer($r) => $e,
            Constraint::Thermometer($r) => $e,
            Constraint::SlowThermometer($r) => $e,
            Constraint::Palindrome($r) => $e,
            Constraint::BetweenLine($r) => $e,
            Constraint::Lockout($r) => $e,
            Constraint::Renban($r) => $e,
            Constraint::Whispers($r) => $e,
            Constraint::EntropicLine($r) => $e,
            Constraint::ModularLine($r) => $e,
            Constraint::Nabner($r) => $e,
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
