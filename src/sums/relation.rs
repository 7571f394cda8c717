//! One compiled linear relation and what the rules of [`super::reason`] and
//! [`super::sets`] find about it: the types both read, below both, so that neither imports
//! the other's internals.

use crate::geometry::Mask;

#[cfg(test)]
thread_local! {
    /// Mutation switch for the soundness tests: a deliberately wrong (one too large) lower
    /// bound of every exclusion group, which the brute-force checker must catch.
    pub(crate) static MUTATE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Mutation switch: a house-complement reason that forgets one cell of the house.
    pub(crate) static MUTATE_HOUSE: std::cell::Cell<bool> =
        const { std::cell::Cell::new(false) };
    /// Mutation switch: a guarded relation's reasons and conflicts without its guard.
    pub(crate) static MUTATE_GUARD: std::cell::Cell<bool> =
        const { std::cell::Cell::new(false) };
}

/// Cells (local numbers) with one weight that pairwise must differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    /// The weight of every cell of the group.
    pub w: i64,
    /// Local cell numbers.
    pub cells: Vec<u32>,
}

/// One relation `lo <= Σ w·digit <= hi`, over local cells, split into exclusion groups.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// The exclusion groups (every cell in exactly one).
    pub groups: Vec<Group>,
    /// Lower bound of the sum.
    pub lo: i64,
    /// Upper bound of the sum.
    pub hi: i64,
    /// The digit sets (masks) of an all-different equation with weights 1, if small enough.
    pub sets: Option<Vec<Mask>>,
    /// With `sets`: for each house holding every cell of the relation, its other cells. A
    /// digit none of them can hold is in the relation's cells, so every set holds it.
    pub outside: Vec<Vec<u32>>,
    /// Every digit of the grid (what a house holds).
    pub full: Mask,
    /// The relation's guard (a slot of the propagator's guards) when it binds only while a
    /// selector is true: a sum inside an `or` branch ([`crate::linear::Guarded`]).
    pub guard: Option<u32>,
}

impl Compiled {
    /// Every cell of the relation.
    pub fn cells(&self) -> impl Iterator<Item = u32> + '_ {
        self.groups.iter().flat_map(|g| g.cells.iter().copied())
    }
}

/// What a reason cites: the removed digits that the lower bounds of the terms read
/// (`Low`: the sum was too large), those the upper bounds read (`High`), or every removed
/// digit of the relation's cells (`Full`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cite {
    Low,
    High,
    Full,
    /// Rule 3 removed the digit: every digit set holding it fails.
    SetsWith(u8),
    /// Rule 3 placed the digit in the cell: every set without it fails, and no other cell
    /// can hold it.
    SetsPlace(u32, u8),
    /// Rule 3 found no digit set.
    SetsNone,
}

/// One implication of a relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// The relation cannot hold.
    Conflict(Cite),
    /// Digit (0-based) leaves the cell.
    Remove(u32, u8, Cite),
    /// The cell holds the digit.
    Place(u32, u8, Cite),
}
