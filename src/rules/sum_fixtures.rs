//! Fixtures shared by the tests of the sum rules: two solved grids with givens taken from
//! them, and the assertions every rule makes (counts against brute force, the rule changes
//! the count, the checker, the JSON form).

use super::testing::assert_count_matches;
use super::{Constraint, Rule};
use crate::format::text::parse_one;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve::{Session, Simplify};

/// A solved 4×4 grid.
pub const FOUR: &str = "1234341221434321";
/// Two givens of [`FOUR`] (r1c1 = 1, r3c3 = 4).
pub const FOUR_GIVENS: &str = "1.........4.....";
/// A solved 6×6 grid (boxes 2×3):
/// ```text
/// 125 346
/// 436 125
/// 241 653
/// 653 214
/// 562 431
/// 314 562
/// ```
pub const SIX: &str = "125346436125241653653214562431314562";
/// Seven givens of [`SIX`]; 594 classic completions, so a brute force is quick.
pub const SIX_GIVENS: &str = "..5..............3.5...4........4.62";
/// [`SIX`] with digits 1 and 2 swapped: still a sudoku, but most sums change.
pub const SIX_SWAPPED: &str = "215346436215142653653124561432324561";

const LIMIT: usize = 10_000;

/// The puzzle of `givens` (a grid line) with `constraints`.
pub fn puzzle(givens: &str, constraints: Vec<Constraint>) -> Puzzle {
    let p = parse_one(givens).unwrap();
    Puzzle::new(p.shape().clone(), p.givens().clone(), constraints).unwrap()
}

/// A grid from a line of digits.
pub fn grid(text: &str) -> Grid {
    parse_one(text).unwrap().givens().clone()
}

/// On each givens text: the SAT count with `rule` equals the brute-force count, is not zero,
/// and differs from the classic count (so the rule is enforced). The formula without any
/// simplification (no `restrict`, no folding) counts the same: the encoding alone is exact.
pub fn assert_rule(rule: &Constraint, givens: &[&str]) {
    for g in givens {
        let p = puzzle(g, vec![rule.clone()]);
        let with = assert_count_matches(&p, LIMIT);
        assert_eq!(count_plain(&p), with, "{g}: unsimplified formula");
        let without = crate::solve::count(&puzzle(g, vec![]), LIMIT)
            .unwrap()
            .found;
        assert!(with > 0, "{g}: no solution with {rule:?}");
        assert!(
            with < without,
            "{g}: {with} with the rule, {without} without"
        );
    }
}

/// Solutions of the textbook formula (givens as unit clauses, nothing folded).
fn count_plain(p: &Puzzle) -> usize {
    let mut s = Session::with_mode(p, Simplify::None);
    let mut found = 0;
    while found < LIMIT && s.next_solution().unwrap().is_some() {
        found += 1;
    }
    found
}

/// The checker accepts `keep` and rejects `broken` (full grids).
pub fn assert_checker(rule: &Constraint, keep: &str, broken: &str) {
    let p = puzzle(keep, vec![]);
    let shape = p.shape();
    assert_eq!(rule.check(shape, &grid(keep)), Ok(()));
    let err = rule.check(shape, &grid(broken));
    assert!(err.is_err(), "{rule:?} accepts {broken}");
}

/// `json` reads as a constraint of kind `kind`, writes back to an equal value, and with an
/// unknown field is rejected.
pub fn assert_json(json: &str, kind: &str) -> Constraint {
    let c: Constraint = serde_json::from_str(json).unwrap();
    assert_eq!(c.kind(), kind);
    let back: Constraint = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    assert_eq!(back, c);
    let extra = json.replacen('{', "{\"colour\":\"red\",", 1);
    let err = serde_json::from_str::<Constraint>(&extra).unwrap_err();
    assert!(err.to_string().contains("colour"), "{err}");
    c
}

/// The validation error of `rule` on an `n`×`n` grid.
pub fn invalid(rule: &Constraint, n: usize) -> String {
    rule.validate(&crate::geometry::Shape::new(n).unwrap())
        .unwrap_err()
}
