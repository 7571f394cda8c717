//! Variant rules. Each rule lives in its own file with, in order: the rule in words, its CNF
//! encoding, its independent checker, and tests against a brute-force count.
//!
//! A rule is a value of [`Constraint`] (serde-tagged by `type` in the native JSON format) and
//! implements [`Rule`]. Rules lower to shared primitives where they can: full houses and
//! all-different groups are returned as cell lists (the classic encoder and the simplifier
//! handle them), everything else writes clauses through the [`Encoder`] — directly, or
//! through a layered diagram or sum that the rule builds in [`Rule::diagram`] and the trait's
//! default `restrict` and `encode` use.
//!
//! Adding a rule: its file (with its `pub mod` line below), one line in the `registry!` list,
//! and its docs (an example in docs/FORMAT.md, its name in the README's list; tests check
//! both). A payload that is one list of cells is declared with `cells_rule!`; a twin of
//! another rule from its family's data (`families`: `cell_set_rule!` or the family's `rule!`
//! macro); its tests use `testing`.

/// Declares the payload of a rule that is one list of cells, `{"type": …, "cells": […]}`:
/// the struct with the derives every payload has and `deny_unknown_fields`, written once so
/// that no such rule forgets to refuse a mistyped key. `cells_rule! { /// doc  Name, "what
/// the cells are" }`.
macro_rules! cells_rule {
    ($(#[$doc:meta])* $name:ident, $cells:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            #[doc = $cells]
            pub cells: Vec<$crate::geometry::Cell>,
        }

        #[cfg(test)]
        impl $name {
            /// The rule on these 1-based (row, column) cells (tests).
            #[allow(dead_code)] // some rules' tests need more than a cell list
            pub(crate) fn one(rc: &[(usize, usize)]) -> $crate::rules::Constraint {
                let cells = $crate::rules::testing::cells(rc);
                $crate::rules::Constraint::$name($name { cells })
            }

            /// [`Self::one`] as a puzzle's rule list (tests).
            #[allow(dead_code)]
            pub(crate) fn on(rc: &[(usize, usize)]) -> Vec<$crate::rules::Constraint> {
                vec![Self::one(rc)]
            }
        }
    };
}
/// The default [`Rule::restrict`]: removes the digits that `rule`'s diagram over the
/// candidates does not use, if it has a diagram. For rules that restrict otherwise only in
/// some cases (a sandwich that reads as a lunchbox).
pub(crate) fn restrict_by_diagram<R: Rule + ?Sized>(rule: &R, shape: &Shape, cands: &mut [Mask]) {
    // positions are row-major over the columns (the longer side only on a square)
    let cols = shape.cols();
    if let Some(diagram) = rule.diagram(shape, &|c| cands[c.position(cols)]) {
        diagram.restrict(cols, cands);
    }
}

pub(crate) use cells_rule;

pub mod anti_king;
pub mod anti_knight;
pub mod between_line;
pub mod box_indexer;
pub mod clone;
pub mod column_indexer;
pub mod connected_values;
pub mod contain_at_least;
pub mod diagonal;
pub mod difference;
pub mod disjoint_groups;
pub mod entropic_line;
pub mod even;
pub mod extra_region;
mod families;
pub mod lockout;
pub mod maximum;
pub mod minimum;
pub mod modular_line;
pub mod nabner;
pub mod negative_ratio;
pub mod negative_xv;
pub mod non_consecutive;
pub mod odd;
pub mod or;
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
pub mod diagram;
pub mod double_arrow;
mod fillings;
pub mod killer;
pub mod little_killer;
pub mod region_sum_line;
pub mod sandwich;
pub mod skyscraper;
#[cfg(test)]
pub mod testing;
pub mod x_sum;
pub mod zipper_line;

pub mod hidden_skyscraper;
pub mod lunchbox;
pub mod numbered_room;
pub mod sum_line;

pub mod anti_taxicab;
pub mod dutch_flatmates;
pub mod global_windows;

pub mod counting_circles;
pub mod different_regions;
pub mod equal_sums;
pub mod greater_than;
pub mod rellik_cage;
pub mod same_region;

pub mod chaos_arrow;
pub mod chaos_count;
pub mod distinct_regions;
pub mod same_values;

pub mod raw;
pub mod relation;
pub mod shapes;
pub mod value_indexing;
pub mod values;

pub mod count_distinct;
pub mod doppelganger;
pub mod equality_cage;

pub mod full_rank;
pub mod look_and_say;
pub mod nfa;
pub mod regex;
pub mod weighted_sum;

use crate::cnf::Encoder;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use diagram::Diagram;
use serde::{Deserialize, Serialize};

/// What every variant rule provides.
pub trait Rule {
    /// Checks that the rule is well formed on the grid (cells inside, lines connected).
    /// What it refuses is a mistake in the input, refused wherever the rule stands.
    fn validate(&self, shape: &Shape) -> Result<(), String>;
    /// Why no grid can satisfy the rule, when that follows from the rule alone and its
    /// meaning leaves no doubt (a cage sum its cells cannot reach, a hidden skyscraper of
    /// N); `None` by default. Asked only of a rule that [`Rule::validate`] accepts. A
    /// puzzle refuses such a rule as it refuses a malformed one (`Constraint::validate`
    /// asks both); an `or` takes it as a branch that is false.
    fn never_holds(&self, _shape: &Shape) -> Option<String> {
        None
    }
    /// Sets of N cells that must hold every digit once.
    fn houses(&self, _shape: &Shape) -> Vec<Vec<Cell>> {
        Vec::new()
    }
    /// Sets of cells whose digits must differ.
    fn distinct_groups(&self, _shape: &Shape) -> Vec<Vec<Cell>> {
        Vec::new()
    }
    /// The structure over the candidates `cands` that the rule restricts through (and
    /// encodes through, unless it writes its own `encode`), if it has one: a layered diagram
    /// or sum ([`diagram`]). By default none.
    fn diagram(&self, _shape: &Shape, _cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        None
    }
    /// A layered diagram of the rule on its own over the candidates `cands`, accepting every
    /// digit sequence of its cells that the rule allows, for the diagram propagator
    /// ([`crate::diagrams`]) to keep domain-consistent during a search that hosts
    /// propagators: for rules whose clauses propagate less than their diagram would, and whose
    /// diagram costs too many clauses to encode. By default none.
    fn search_diagram(
        &self,
        _shape: &Shape,
        _cands: &dyn Fn(Cell) -> Mask,
    ) -> Option<crate::cnf::sum::Layered> {
        None
    }
    /// Removes candidates that the rule forbids on its own (sound, unary). By default the
    /// digits its [`Rule::diagram`] over the candidates does not use, if it has one.
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        restrict_by_diagram(self, shape, cands)
    }
    /// Writes the rule's clauses (beyond its houses and distinct groups); `enc.shape()` gives
    /// the regions to rules that need them. By default the clauses of its [`Rule::diagram`]
    /// over the encoder's candidates, if it has one.
    fn encode(&self, enc: &mut Encoder) {
        if let Some(diagram) = self.diagram(enc.shape(), &|c| enc.candidates(c)) {
            diagram.encode(enc);
        }
    }
    /// Checks a full grid, without SAT. `Err` says which cells break the rule.
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String>;
    /// The linear relations of digits that are the whole meaning of the rule (beyond its
    /// houses and distinct groups), for the sum propagator ([`crate::sums`]). A rule that
    /// returns some has its [`Rule::encode`] left out when a propagator carries the sums
    /// ([`Encoder::carry_sums`]), so they must say everything its clauses say. By default
    /// none.
    fn sums(&self, _shape: &Shape) -> Vec<crate::linear::Linear> {
        Vec::new()
    }
}

/// The rule registry, the one list of rules: for each, its documentation line, its JSON
/// `type`, its [`Constraint`] variant and its payload (`module::Type`). Everything that must
/// know every rule derives from it: the enum and its [`Rule`] dispatch here, the JSON tags
/// ([`CONSTRAINT_TYPES`], `format::json`), and the tests that docs/FORMAT.md and the README
/// list each rule. `registry!(callback)` calls `callback! { … }` with the list, in
/// documentation order.
macro_rules! registry {
    ($callback:ident) => {
        $callback! {
        /// Both or one of the main diagonals hold every digit once.
        "diagonal" => Diagonal(diagonal::Diagonal),
        /// No two cells a knight's move apart hold the same digit.
        "anti-knight" => AntiKnight(anti_knight::AntiKnight),
        /// No two cells a king's move apart hold the same digit.
        "anti-king" => AntiKing(anti_king::AntiKing),
        /// Orthogonal neighbours are not consecutive (except listed pairs).
        "non-consecutive" => NonConsecutive(non_consecutive::NonConsecutive),
        /// Cells at the same position in every box hold different digits.
        "disjoint-groups" => DisjointGroups(disjoint_groups::DisjointGroups),
        /// Unmarked orthogonal neighbours are not in any of the ratios.
        "negative-ratio" => NegativeRatio(negative_ratio::NegativeRatio),
        /// Unmarked orthogonal neighbours do not sum to 5 or 10.
        "negative-xv" => NegativeXv(negative_xv::NegativeXv),
        /// Cells that hold different digits (a full house with N cells).
        "extra-region" => ExtraRegion(extra_region::ExtraRegion),
        /// Two cells differ by a value (white dot).
        "difference" => Difference(difference::Difference),
        /// One cell is a multiple of the other (black dot).
        "ratio" => Ratio(ratio::Ratio),
        /// Two cells sum to 10 (X) or 5 (V).
        "xv" => Xv(xv::Xv),
        /// Two cells sum to a value.
        "sum-dot" => SumDot(sum_dot::SumDot),
        /// Cells with odd digits.
        "odd" => Odd(odd::Odd),
        /// Cells with even digits.
        "even" => Even(even::Even),
        /// Cells smaller than their unlisted orthogonal neighbours.
        "minimum" => Minimum(minimum::Minimum),
        /// Cells larger than their unlisted orthogonal neighbours.
        "maximum" => Maximum(maximum::Maximum),
        /// A cell holds one of the listed digits.
        "pencil-marks" => PencilMarks(pencil_marks::PencilMarks),
        /// Two sets of cells hold the same digits, position by position.
        "clone" => Clone(clone::Clones),
        /// Listed digits appear among the cells.
        "quadruple" => Quadruple(quadruple::Quadruple),
        /// Digit v at (r,c): cell (v,c) holds r.
        "row-indexer" => RowIndexer(row_indexer::RowIndexer),
        /// Digit v at (r,c): cell (r,v) holds c.
        "column-indexer" => ColumnIndexer(column_indexer::ColumnIndexer),
        /// Digit v at position p of a region: position v holds p.
        "box-indexer" => BoxIndexer(box_indexer::BoxIndexer),
        /// Digits strictly increase from the bulb.
        "thermometer" => Thermometer(thermometer::Thermometer),
        /// Digits never decrease from the bulb.
        "slow-thermometer" => SlowThermometer(slow_thermometer::SlowThermometer),
        /// The line reads the same both ways.
        "palindrome" => Palindrome(palindrome::Palindrome),
        /// Interior digits lie strictly between the ends.
        "between-line" => BetweenLine(between_line::BetweenLine),
        /// Ends differ by at least N/2; interior digits lie outside them.
        "lockout" => Lockout(lockout::Lockout),
        /// Different, consecutive digits in any order.
        "renban" => Renban(renban::Renban),
        /// Neighbours on the line differ by at least a value.
        "whispers" => Whispers(whispers::Whispers),
        /// Any three consecutive cells: one low, one middle, one high digit.
        "entropic-line" => EntropicLine(entropic_line::EntropicLine),
        /// Any three consecutive cells: different modulo 3.
        "modular-line" => ModularLine(modular_line::ModularLine),
        /// Different digits, no two consecutive.
        "nabner" => Nabner(nabner::Nabner),
        /// A cage of different digits, with an optional sum.
        "killer" => Killer(killer::Killer),
        /// A diagonal whose digits add up to a sum.
        "little-killer" => LittleKiller(little_killer::LittleKiller),
        /// The sum between the 1 and the N of a row or column.
        "sandwich" => Sandwich(sandwich::Sandwich),
        /// The sum of the first X digits from a clue, X being the first digit.
        "x-sum" => XSum(x_sum::XSum),
        /// How many digits are visible from a clue.
        "skyscraper" => Skyscraper(skyscraper::Skyscraper),
        /// The digits on a line add up to the number in a circle (or pill).
        "arrow" => Arrow(arrow::Arrow),
        /// The ends of a line add up to the sum of the cells between them.
        "double-arrow" => DoubleArrow(double_arrow::DoubleArrow),
        /// Every run of a line inside one region has the same sum.
        "region-sum-line" => RegionSumLine(region_sum_line::RegionSumLine),
        /// Cells equally far from a line's centre add up to the same sum (the centre digit).
        "zipper-line" => ZipperLine(zipper_line::ZipperLine),
        /// The line divides into segments that each add up to the sum.
        "sum-line" => SumLine(sum_line::SumLine),
        /// Different digits; those between the smallest and largest add up to the sum.
        "lunchbox" => Lunchbox(lunchbox::Lunchbox),
        /// The Nth cell from a clue holds it, N being the first digit.
        "numbered-room" => NumberedRoom(numbered_room::NumberedRoom),
        /// The first skyscraper hidden from a clue has its height.
        "hidden-skyscraper" => HiddenSkyscraper(hidden_skyscraper::HiddenSkyscraper),
        /// No digit x has a copy at taxicab distance exactly x.
        "anti-taxicab" => AntiTaxicab(anti_taxicab::AntiTaxicab),
        /// Every 2×2 window holds a low, a middle and a high digit.
        "global-entropy" => GlobalEntropy(global_windows::GlobalEntropy),
        /// Every 2×2 window holds a digit of each remainder modulo 3.
        "global-mod" => GlobalMod(global_windows::GlobalMod),
        /// Every middle digit has a 1 above it or an N below it.
        "dutch-flatmates" => DutchFlatmates(dutch_flatmates::DutchFlatmates),
        /// Different digits; no combination of them adds up to the value.
        "rellik-cage" => RellikCage(rellik_cage::RellikCage),
        /// A circle's digit counts the circles holding it.
        "counting-circles" => CountingCircles(counting_circles::CountingCircles),
        /// The sets hold the same digits, repeats counted.
        "same-values" => SameValues(same_values::SameValues),
        /// Each cell is greater than the later listed cells it touches.
        "greater-than" => GreaterThan(greater_than::GreaterThan),
        /// The segments have the same sum.
        "equal-sums" => EqualSums(equal_sums::EqualSums),
        /// The second cell's digit K: the cell K further on holds the first cell's digit.
        "value-indexing" => ValueIndexing(value_indexing::ValueIndexing),
        /// Paired cells hold a pair of digits from the table.
        "relation" => Relation(relation::Relation),
        /// The first cell counts the different digits of the others.
        "count-distinct" => CountDistinct(count_distinct::CountDistinct),
        /// Different digits, as many even as odd and as many low as high.
        "equality-cage" => EqualityCage(equality_cage::EqualityCage),
        /// Rows and columns read as numbers from both ends, ranked; clues give ranks.
        "full-rank" => FullRank(full_rank::FullRank),
        /// The line's digits, read in order, match a regular expression.
        "regex" => Regex(regex::Regex),
        /// The cells' digits, times their weights, add up to the sum.
        "weighted-sum" => WeightedSum(weighted_sum::WeightedSum),
        /// The cage holds exactly the clue's count of each listed digit.
        "look-and-say" => LookAndSay(look_and_say::LookAndSay),
        /// The cells holding the listed values form one connected region.
        "connected-values" => ConnectedValues(connected_values::ConnectedValues),
        /// The cells hold each listed digit at least as often as it is listed.
        "contain-at-least" => ContainAtLeast(contain_at_least::ContainAtLeast),
        /// Cells in one found region of a chaos construction.
        "same-region" => SameRegion(same_region::SameRegion),
        /// Cells in pairwise different found regions of a chaos construction.
        "different-regions" => DifferentRegions(different_regions::DifferentRegions),
        /// A digit counts the run of cells along arms in the start cell's found region.
        "chaos-arrow" => ChaosArrow(chaos_arrow::ChaosArrow),
        /// A digit counts the listed cells in the first one's found region.
        "chaos-count" => ChaosCount(chaos_count::ChaosCount),
        /// A digit counts the found regions the listed cells lie in.
        "distinct-regions" => DistinctRegions(distinct_regions::DistinctRegions),
        /// A state machine (NFA) reads the line's digits and accepts them.
        "nfa" => Nfa(nfa::Nfa),
        /// Values 0..N: each house holds 0 and misses one digit, a different one per kind.
        "doppelganger" => Doppelganger(doppelganger::Doppelganger),
        /// At least one of the listed rules holds.
        "or" => Or(or::Or),
        /// All of the listed rules hold (a branch of an `or`).
        "and" => And(or::And),
        }
    };
}
pub(crate) use registry;

/// Declares [`Constraint`], [`CONSTRAINT_TYPES`] and the dispatch from the registry.
macro_rules! declare {
    ($($(#[$doc:meta])* $name:literal => $var:ident($m:ident::$ty:ident),)*) => {
        /// A variant constraint.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
        pub enum Constraint {
            $($(#[$doc])* $var($m::$ty),)*
        }

        /// Every constraint type name of the native format, in documentation order.
        pub const CONSTRAINT_TYPES: &[&str] = &[$($name),*];

        impl Constraint {
            /// The rule's type name as written in JSON ("diagonal", "killer", …), from the
            /// registry: the one place a rule's name is written.
            pub fn kind(&self) -> &'static str {
                match self {
                    $(Constraint::$var(_) => $name,)*
                }
            }

            /// The rule inside, to call its [`Rule`] methods.
            fn rule(&self) -> &dyn Rule {
                match self {
                    $(Constraint::$var(r) => r,)*
                }
            }
        }
    };
}

registry!(declare);

impl Rule for Constraint {
    /// The rule's own validation, then whether it can hold at all: a rule that can never
    /// hold is refused here (at the top of a puzzle); an `or` asks the two apart.
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        self.rule().validate(shape)?;
        match self.rule().never_holds(shape) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }
    fn never_holds(&self, shape: &Shape) -> Option<String> {
        self.rule().never_holds(shape)
    }
    fn houses(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        self.rule().houses(shape)
    }
    fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        self.rule().distinct_groups(shape)
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        self.rule().diagram(shape, cands)
    }
    fn restrict(&self, shape: &Shape, cands: &mut [Mask]) {
        self.rule().restrict(shape, cands)
    }
    fn search_diagram(
        &self,
        shape: &Shape,
        cands: &dyn Fn(Cell) -> Mask,
    ) -> Option<crate::cnf::sum::Layered> {
        self.rule().search_diagram(shape, cands)
    }
    fn encode(&self, enc: &mut Encoder) {
        if let (Constraint::ConnectedValues(c), true) = (self, enc.connected_carried()) {
            // a propagator carries the connectivity: the rule's other clauses only
            return c.encode_with(enc, false);
        }
        // a propagator carries the rule's sums: its clauses would only repeat them
        let kept = matches!(self, Constraint::Killer(_)) && !enc.cages_carried();
        if enc.sums_carried() && !kept && !self.rule().sums(enc.shape()).is_empty() {
            return;
        }
        self.rule().encode(enc)
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        self.rule().check(shape, grid)
    }
    fn sums(&self, shape: &Shape) -> Vec<crate::linear::Linear> {
        self.rule().sums(shape)
    }
}

/// Clauses that no single rule writes: what several constraints and the houses imply
/// together. Called once per formula, after every constraint's own [`Rule::encode`]; today
/// the implied killer sums of set theory ([`killer::encode_implied_sums`]).
/// With a sum propagator ([`Encoder::carry_sums`]) the implied sums are its to read
/// ([`crate::sums::puzzle_sums`]) and no clause is written.
pub fn encode_joint(enc: &mut Encoder, houses: &[Vec<Cell>], constraints: &[Constraint]) {
    if enc.sums_carried() {
        return;
    }
    killer::encode_implied_sums(enc, houses, constraints);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README's "Supported rules (41 `type`s): …" paragraph counts and lists the
    /// registry, in its order.
    #[test]
    fn the_readme_lists_every_type() {
        let readme = include_str!("../../README.md");
        let start = readme
            .find("Supported rules (")
            .expect("the README lists the rules");
        let end = readme[start..]
            .find("\n\n")
            .map_or(readme.len(), |e| start + e);
        let para = &readme[start..end];
        let count = format!("Supported rules ({} `type`s):", CONSTRAINT_TYPES.len());
        assert!(para.starts_with(&count), "{para}");
        let listed: Vec<&str> = para.split('`').skip(1).step_by(2).skip(1).collect();
        assert_eq!(listed, CONSTRAINT_TYPES);
    }

    /// The default `restrict` goes through the rule's diagram, and `Constraint` hands the
    /// diagram out: on an empty 4×4 a sandwich of 5 (2 + 3 between the 1 and the 4) leaves
    /// 1 and 4 to the ends of its row and 2 and 3 to the middle.
    #[test]
    fn restrict_goes_through_the_diagram() {
        let shape = Shape::new(4).unwrap();
        let full = crate::geometry::full_mask(4);
        let read = |json: &str| serde_json::from_str::<Constraint>(json).unwrap();
        let sandwich = read(r#"{"type":"sandwich","clue":"r1c0","sum":5}"#);
        let mut by_default = vec![full; 16];
        sandwich.restrict(&shape, &mut by_default);
        let mut by_diagram = vec![full; 16];
        let diagram = sandwich.diagram(&shape, &|_| full).expect("a diagram");
        diagram.restrict(4, &mut by_diagram);
        assert_eq!(by_default, by_diagram);
        assert_eq!(by_default[..4], [0b1001, 0b0110, 0b0110, 0b1001]);
        assert_eq!(by_default[4..], [full; 12]);
        let diagonal = read(r#"{"type":"diagonal","positive":true}"#);
        assert!(diagonal.diagram(&shape, &|_| full).is_none());
    }
}
