//! Dots: a relation between the digits of two cells (difference, ratio, sum).

use crate::cnf::{pairs, Encoder};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use crate::rules::cell_lists::{pair, some_pair};

/// The pair is valid and some two digits satisfy `holds`; `is` words the relation
/// ("differ by 1").
pub fn validate(
    shape: &Shape,
    cells: [Cell; 2],
    holds: impl Fn(usize, usize) -> bool,
    is: &str,
) -> Result<(), String> {
    pair(shape, cells)?;
    let n = shape.value_count();
    if !some_pair(n, holds) {
        return Err(format!("no two digits 1..{n} {is}"));
    }
    Ok(())
}

/// The support encoding of `holds` (`pairs::relation`): `x(a,d) -> OR { x(b,e) :
/// holds(d,e) }` and the same from b, 2N clauses.
pub fn encode(enc: &mut Encoder, [a, b]: [Cell; 2], holds: impl Fn(usize, usize) -> bool) {
    pairs::relation(enc, a, b, holds);
}

/// Errors unless the two digits satisfy `holds`; `is_not` words the failure ("do not
/// differ by 1").
pub fn check(
    grid: &Grid,
    [a, b]: [Cell; 2],
    holds: impl Fn(usize, usize) -> bool,
    is_not: &str,
) -> Result<(), String> {
    let (x, y) = (grid.digit(a), grid.digit(b));
    if holds(x.get(), y.get()) {
        Ok(())
    } else {
        Err(format!("{a} = {x} and {b} = {y} {is_not}"))
    }
}

/// A dot's relation and its words; a payload with `cells: [Cell; 2]` that implements it
/// becomes a rule with [`rule!`].
pub trait Relation {
    /// Whether the first cell's digit `i` and the second's `j` satisfy the dot.
    fn holds(&self, i: usize, j: usize) -> bool;
    /// The relation in words, after "no two digits 1..N" ("differ by 1").
    fn is(&self) -> String;
    /// Its failure in words, after the two cells ("do not differ by 1").
    fn is_not(&self) -> String;
}

/// Implements [`Rule`](crate::rules::Rule) for a dot payload through its [`Relation`].
macro_rules! rule {
    ($name:ident) => {
        use $crate::rules::families::dot::Relation as _;

        impl $crate::rules::Rule for $name {
            fn validate(&self, shape: &$crate::geometry::Shape) -> Result<(), String> {
                let holds = |i, j| self.holds(i, j);
                $crate::rules::families::dot::validate(shape, self.cells, holds, &self.is())
            }
            fn encode(&self, enc: &mut $crate::cnf::Encoder) {
                // x(a,d) -> OR x(b,e) with holds(d,e), and from b's side
                let holds = |i, j| self.holds(i, j);
                $crate::rules::families::dot::encode(enc, self.cells, holds);
            }
            fn check(
                &self,
                _shape: &$crate::geometry::Shape,
                grid: &$crate::grid::Grid,
            ) -> Result<(), String> {
                let holds = |i, j| self.holds(i, j);
                $crate::rules::families::dot::check(grid, self.cells, holds, &self.is_not())
            }
        }
    };
}
pub(crate) use rule;
