//! Anti-knight: two cells a chess knight's move apart never hold the same digit.
//!
//! Encoding: each such pair is a size-2 all-different group (`x(a,d) -> !x(b,d)`), returned
//! from `distinct_groups` so the simplifier also removes candidates along knight moves. Pairs
//! inside one region are left out: the region already keeps them apart.

use super::families::moves;

moves::rule! {
    /// The anti-knight rule (no fields). Its moves are the four knight moves that reach
    /// forward; the other four are their reverses.
    AntiKnight, [(1, 2), (2, 1), (1, -2), (2, -1)], "a knight's move"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule() -> Vec<Constraint> {
        vec![Constraint::AntiKnight(AntiKnight {})]
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&rule());
    }

    #[test]
    fn the_rule_is_enforced() {
        assert_count(EMPTY4, rule(), 24);
        // r1c1 = r2c3 = 1: a knight's move apart.
        assert_checker(&rule(), "1234432134122143", "1234341221434321");
    }

    #[test]
    fn serde() {
        assert_eq!(
            round_trip(r#"{"type": "anti-knight"}"#),
            Constraint::AntiKnight(AntiKnight {})
        );
    }
}
