//! Anti-king: two cells a chess king's move apart (touching at a corner) never hold the same
//! digit. Orthogonal neighbours already differ (same row or column), so only diagonal
//! neighbours add anything.
//!
//! Encoding: each diagonal pair is a size-2 all-different group (`x(a,d) -> !x(b,d)`),
//! returned from `distinct_groups` so the simplifier uses them; pairs inside one region are
//! left out.

use super::families::moves;

moves::rule! {
    /// The anti-king rule (no fields). Its moves are the diagonal king moves that reach
    /// forward.
    AntiKing, [(1, 1), (1, -1)], "a king's move"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule() -> Vec<Constraint> {
        vec![Constraint::AntiKing(AntiKing {})]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule());
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(), 0);
    }

    #[test]
    fn the_rule_is_enforced_on_six_by_six() {
        // counts and grids cross-checked with shared/tools/fpuzzles_check.py
        let six = rule();
        assert_counts("4.........4...2......4...2.........1", six.clone(), 648, 60);
        assert_checker(
            &six,
            "415236236145142563563412321654654321",
            "413256256143142365365412621534534621",
        );
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "anti-king"}"#),
            Constraint::AntiKing(AntiKing {})
        );
    }
}
