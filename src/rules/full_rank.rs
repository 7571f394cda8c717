//! Full rank (ISS "FullRank", with its "FullRankTies" option): every row and every column
//! is read as a number from both of its ends, 4N numbers in all; ranked from the lowest
//! (rank 1) to the highest, a clue outside the grid says where the number read from it
//! lies. Numbers are compared digit by digit from the clue (on grids above 9×9, digit 10
//! counts as one digit above 9, as ISS compares them). A rank counts the numbers strictly
//! lower: rank = 1 + how many numbers are lower (two equal numbers share a rank, and the
//! next rank is skipped).
//!
//! Ties (`ties`, as ISS's option): `"unclued"` (ISS's default) — a clued number equals no
//! other number, unclued numbers may equal each other; `"none"` — all 4N numbers differ
//! (a rule on the whole grid, even without clues); `"any"` — clued numbers may equal others
//! too.
//!
//! Since each digit starts exactly four numbers (the top and bottom rows start one column
//! each, the left and right columns one row each), rank r = 4(v−1) + k + 1 says the number
//! starts with v and exactly k of the other three numbers starting with v are lower.
//!
//! JSON: `{"type": "full-rank", "clues": [{"clue": "r0c3", "rank": 10}], "ties": "unclued"}`
//! (clue positions as for sandwiches; ranks 1 to 4N). ISS states one clue per constraint and
//! the tie option once per puzzle; satdoku states the clues of one ranking in one rule.
//!
//! CNF, for a clue on the number E with rank r = 4(v−1)+k+1: `x(E_0, v)`. For each other
//! number F that may start with v — its first cell has v as a candidate, F carries no clue
//! of another first digit, and F's first cell is E's or shares no house with it (digits of
//! a house differ) — two chains over the positions j = 1..N−1:
//! e_j = "F_0 = v and F agrees with E on positions < j", l_j = "F_0 = v and F < E, decided
//! before position j", with e_1 = x(F_0, v), l_1 = false, and (a = F_j, b = E_j):
//! - `e_{j+1} -> e_j`, `e_{j+1} ∧ x(a,d) -> x(b,d)`, `e_j ∧ x(a,d) ∧ x(b,d) -> e_{j+1}`;
//! - `l_j -> l_{j+1}`, `e_j ∧ x(a,d) -> l_{j+1} ∨ ¬y(b,d+1)` (a < b decides),
//!   `l_{j+1} -> l_j ∨ e_j`, `l_{j+1} ∧ ¬l_j ∧ x(a,d) -> y(b,d+1)`;
//!
//! so each chain literal is exactly its meaning. y(b,k) = "b ≥ k" is the order ladder of E's
//! cell b ([`Encoder::ladder`]), made once per cell and shared by every chain reading it:
//! `¬y(b,d+1)` stands for `OR_{d'≤d} x(b,d')` in one literal, so the two clauses per digit
//! have four literals instead of up to N + 3 (about 0.75× the CPU of the long clauses on
//! ISS's full-rank examples, BENCHMARKS.md). Exactly k of the final l's are true (a
//! counting diagram, [`crate::cnf::sum::mdd`]); unless ties are `any`, no final e is
//! (`¬e_N`). Ties `none`: for every two numbers F, G that may start alike (as above), a
//! forward chain p_1 ⟸ `x(F_0,d) ∧ x(G_0,d)`, p_{j+1} ⟸ `p_j ∧ x(F_j,d) ∧ x(G_j,d)`, and
//! `¬p_N`: equal numbers force p_N.

use super::cell_lists::values;
use super::clue::OutsideClue;
use super::Rule;
use crate::cnf::order::Ladder;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};
use std::collections::hash_map::{Entry, HashMap};

/// Which numbers may be equal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ties {
    /// No two of the 4N numbers are equal.
    None,
    /// A clued number equals no other; unclued ones may be equal (ISS's default).
    #[default]
    Unclued,
    /// Any numbers may be equal.
    Any,
}

/// One clue: where it sits and the rank of the number read from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankClue {
    /// The outside cell naming the row or column and the reading direction.
    pub clue: OutsideClue,
    /// The rank, 1 (lowest) to 4N.
    pub rank: usize,
}

/// A full-rank rule: its clues and its tie option.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullRank {
    /// The clues.
    #[serde(default)]
    pub clues: Vec<RankClue>,
    /// Which numbers may be equal.
    #[serde(default)]
    pub ties: Ties,
}

/// The 4N outside positions of an `n`×`n` grid: each row from the left and the right,
/// each column from the top and the bottom.
fn positions(n: usize) -> Vec<OutsideClue> {
    (1..=n)
        .flat_map(|k| {
            [
                OutsideClue::new(k, 0),
                OutsideClue::new(k, n + 1),
                OutsideClue::new(0, k),
                OutsideClue::new(n + 1, k),
            ]
        })
        .collect()
}

impl Rule for FullRank {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.size();
        if self.clues.is_empty() && self.ties != Ties::None {
            return Err(
                "a full-rank rule without clues says nothing (unless its ties are \"none\")".into(),
            );
        }
        for (i, c) in self.clues.iter().enumerate() {
            c.clue.validate(n)?;
            if !(1..=4 * n).contains(&c.rank) {
                return Err(format!(
                    "the rank at {} is {}, not 1 to {} (4N numbers are ranked)",
                    c.clue,
                    c.rank,
                    4 * n
                ));
            }
            if self.clues[..i].iter().any(|o| o.clue == c.clue) {
                return Err(format!("{} has two rank clues", c.clue));
            }
        }
        Ok(())
    }

    fn encode(&self, enc: &mut Encoder) {
        let n = enc.size();
        let lines: Vec<Vec<Cell>> = positions(n).into_iter().map(|p| p.line(n)).collect();
        // The digits each number may start with: its first cell's candidates, narrowed to
        // the clue's digit when clued (the clue's unit clause below forces it).
        let starts: Vec<u64> = positions(n)
            .iter()
            .zip(&lines)
            .map(|(p, f)| {
                let clued = self.clues.iter().find(|c| c.clue == *p);
                let own = clued.map_or(u64::MAX, |c| first_digit(c.rank).bit());
                enc.candidates(f[0]) & own
            })
            .collect();
        // Two cells of one house hold different digits: two numbers starting there never start
        // alike, so they need no comparison (and always differ).
        let shape = enc.shape();
        let apart = |a: Cell, b: Cell| shape.must_differ(a, b);
        // the order ladder of each clued number's cells (the encoder's, shared with other
        // rules; under an `or` guard one of this rule's own), shared by its chains
        let mut ladders: HashMap<Cell, Ladder> = HashMap::new();
        for c in &self.clues {
            let e = c.clue.line(n);
            let v = first_digit(c.rank);
            let k = (c.rank - 1) % 4;
            // x(E_0, v): the number starts with v
            enc.clause([enc.x(e[0], v)]);
            let mut lower: Vec<Term> = Vec::new();
            for (f, &start) in lines.iter().zip(&starts).filter(|(f, _)| **f != e) {
                if start & v.bit() == 0 || apart(f[0], e[0]) {
                    continue;
                }
                let (eq, lt) = compare(enc, f, &e, v, &apart, &mut ladders);
                if self.ties != Ties::Any {
                    // ¬e_N: the clued number equals no other
                    enc.clause([!eq]);
                }
                lower.push(lt);
            }
            exactly(enc, &lower, k);
        }
        if self.ties == Ties::None {
            for (i, f) in lines.iter().enumerate() {
                for (g, &start) in lines.iter().zip(&starts).skip(i + 1) {
                    if starts[i] & start != 0 && !apart(f[0], g[0]) {
                        differ(enc, f, g);
                    }
                }
            }
        }
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let n = shape.size();
        let all: Vec<(OutsideClue, Vec<usize>)> = positions(n)
            .into_iter()
            .map(|p| (p, values(grid, &p.line(n))))
            .collect();
        for c in &self.clues {
            let own = values(grid, &c.clue.line(n));
            let others = all.iter().filter(|(p, _)| *p != c.clue);
            let lower = others.clone().filter(|(_, vs)| *vs < own).count();
            if lower + 1 != c.rank {
                return Err(format!(
                    "the number read from {} has rank {}, not {}",
                    c.clue,
                    lower + 1,
                    c.rank
                ));
            }
            if self.ties != Ties::Any {
                if let Some((p, _)) = others.clone().find(|(_, vs)| *vs == own) {
                    return Err(format!(
                        "the clued number read from {} equals the one read from {p}",
                        c.clue
                    ));
                }
            }
        }
        if self.ties == Ties::None {
            for (i, (p, a)) in all.iter().enumerate() {
                if let Some((q, _)) = all[i + 1..].iter().find(|(_, b)| b == a) {
                    return Err(format!("the numbers read from {p} and {q} are equal"));
                }
            }
        }
        Ok(())
    }
}

/// The digit a number of rank `rank` starts with: four numbers start with each digit.
fn first_digit(rank: usize) -> Digit {
    Digit::new((rank - 1) / 4 + 1)
}

/// The chains comparing `f` with the clued number `e` (which starts with `v`): the terms
/// "f starts with v and equals e" and "f starts with v and is lower than e" (module docs).
/// The chain stops at the first position whose two cells share a house: they differ there,
/// so e is false beyond it and l is settled.
fn compare(
    enc: &mut Encoder,
    f: &[Cell],
    e: &[Cell],
    v: Digit,
    apart: &dyn Fn(Cell, Cell) -> bool,
    ladders: &mut HashMap<Cell, Ladder>,
) -> (Term, Term) {
    let n = enc.size();
    let mut eq = enc.x(f[0], v);
    let mut lt = Term::False;
    for (&a, &b) in f.iter().zip(e).skip(1) {
        if a == b {
            continue;
        }
        let last = apart(a, b);
        let eq2 = if last {
            Term::False
        } else {
            Term::Lit(enc.new_lit())
        };
        let lt2 = Term::Lit(enc.new_lit());
        let ge = match ladders.entry(b) {
            Entry::Occupied(o) => o.into_mut(),
            Entry::Vacant(slot) => slot.insert(enc.ladder(b)),
        };
        // y(b,k) = "b ≥ k" for k = 2..=N+1: OR_{d' ≤ d} x(b,d') is ¬y(b,d+1)
        let above: Vec<Term> = (2..=n as isize + 1).map(|k| ge.ge(k)).collect();
        // e_{j+1} -> e_j
        enc.implies(eq2, eq);
        // l_j -> l_{j+1};  l_{j+1} -> l_j ∨ e_j
        enc.implies(lt, lt2);
        enc.clause([!lt2, lt, eq]);
        // ¬(e_{j+1} ∧ l_{j+1}): implied, stated for propagation
        enc.clause([!eq2, !lt2]);
        for d in (1..=n).map(Digit::new) {
            let (xa, xb) = (enc.x(a, d), enc.x(b, d));
            // e_{j+1} ∧ x(a,d) -> x(b,d)
            enc.clause([!eq2, !xa, xb]);
            // e_j ∧ x(a,d) ∧ x(b,d) -> e_{j+1}
            enc.clause([!eq, !xa, !xb, eq2]);
            let b_above = above[d.index()];
            // e_j ∧ x(a,d) -> l_{j+1} ∨ b ≤ d   (b ≤ d: ¬y(b,d+1), OR_{d' ≤ d} x(b,d'))
            enc.clause([!eq, !xa, lt2, !b_above]);
            // l_{j+1} ∧ ¬l_j ∧ x(a,d) -> b > d   (y(b,d+1), OR_{d' > d} x(b,d'))
            enc.clause([!lt2, lt, !xa, b_above]);
        }
        (eq, lt) = (eq2, lt2);
        if last {
            break;
        }
    }
    (eq, lt)
}

/// Exactly `k` of `terms` are true: a counting diagram over them (one layer per term).
fn exactly(enc: &mut Encoder, terms: &[Term], k: usize) {
    let count = Mdd::build_layers(
        vec![0b11; terms.len()],
        0usize,
        |_, &c, ch| (c + ch.index() <= k).then_some(c + ch.index()),
        |&c| c == k,
    );
    count.encode_bits(enc, terms);
}

/// The numbers `f` and `g` differ (ties `none`): a forward chain of "equal so far" that
/// must not reach the end (module docs).
fn differ(enc: &mut Encoder, f: &[Cell], g: &[Cell]) {
    let n = enc.size();
    let mut p = Term::True;
    for (&a, &b) in f.iter().zip(g) {
        if a == b {
            continue;
        }
        let q = Term::Lit(enc.new_lit());
        for d in (1..=n).map(Digit::new) {
            // p_j ∧ x(a,d) ∧ x(b,d) -> p_{j+1}
            enc.clause([!p, !enc.x(a, d), !enc.x(b, d), q]);
        }
        p = q;
    }
    // ¬p_N: the numbers are not equal throughout
    enc.clause([!p]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rank(clues: &[(usize, usize, usize)], ties: Ties) -> Vec<Constraint> {
        let clues = clues
            .iter()
            .map(|&(r, c, rank)| RankClue {
                clue: OutsideClue::new(r, c),
                rank,
            })
            .collect();
        vec![Constraint::FullRank(FullRank { clues, ties })]
    }

    #[test]
    fn counts_match_brute_force() {
        for ties in [Ties::Unclued, Ties::Any, Ties::None] {
            counts_agree_46(
                &rank(&[(0, 1, 6), (3, 5, 11)], ties),
                &rank(&[(0, 2, 9), (7, 3, 14)], ties),
            );
        }
        counts_agree(&rank(&[], Ties::None));
        // two clues on numbers sharing their first cell (r1c1), and two whose first cells
        // share a house, each pair with one digit
        counts_agree_46(
            &rank(&[(0, 1, 5), (1, 0, 8)], Ties::Unclued),
            &rank(&[(0, 1, 6), (0, 3, 9)], Ties::None),
        );
        counts_agree_46(
            &rank(&[(0, 1, 6), (1, 0, 7)], Ties::Any),
            &rank(&[(0, 1, 14), (1, 0, 15), (4, 7, 16)], Ties::Unclued),
        );
        counts_agree_46(
            &rank(&[(2, 0, 8)], Ties::Unclued),
            &rank(&[(1, 7, 24)], Ties::Any),
        );
    }

    /// Inside an `or` the comparison chains get ladders of their own (the encoder's shared
    /// ones would channel unconditionally): each branch, and the choice between two, still
    /// counts as brute force.
    #[test]
    fn under_an_or_the_ladders_are_the_rules_own() {
        use crate::rules::or::Or;
        let either = |a: Vec<Constraint>, b: Vec<Constraint>| {
            let of = a.into_iter().chain(b).collect();
            vec![Constraint::Or(Or { of })]
        };
        counts_agree_46(
            &either(
                rank(&[(0, 1, 6), (3, 5, 11)], Ties::Unclued),
                rank(&[(1, 0, 9)], Ties::Any),
            ),
            &either(
                rank(&[(0, 2, 9), (7, 3, 14)], Ties::Unclued),
                rank(&[(1, 7, 24)], Ties::Unclued),
            ),
        );
    }

    /// ISS's 4×4 full-rank examples (data/collections.js, sigh/Interactive-Sudoku-Solver,
    /// MIT): each unique, with ISS's solution.
    #[test]
    fn iss_examples() {
        let cases = [
            (
                rank(&[(0, 1, 10), (0, 2, 15), (4, 0, 5)], Ties::Any),
                "3421124341322314",
            ),
            (
                rank(&[(0, 1, 10), (0, 2, 15), (4, 0, 5), (3, 5, 5)], Ties::Any),
                "3421124341322314",
            ),
            (rank(&[(4, 0, 5)], Ties::Unclued), "3241143241232314"),
        ];
        for (rules, solution) in cases {
            let givens = if solution.starts_with("3241") {
                ".........1......"
            } else {
                EMPTY4
            };
            let p = puzzle(givens, rules);
            assert_eq!(assert_count_matches(&p, 10), 1);
            assert!(p.verify(&grid(solution)).is_ok());
        }
        let none = rank(&[(0, 1, 10)], Ties::None);
        let p = puzzle("...........2..1.", none);
        assert_eq!(assert_count_matches(&p, 10), 1);
        assert!(p.verify(&grid("3421213413424213")).is_ok());
    }

    #[test]
    fn the_rule_is_enforced() {
        // FOUR = 1234/3412/2143/4321: row 1 from the left, 1234, is the lowest of all (tied
        // with row 4 from the right)
        assert_checker(&rank(&[(1, 0, 1)], Ties::Any), FOUR, "2143341212344321");
        let tied = puzzle(EMPTY4, rank(&[(1, 0, 1)], Ties::Unclued));
        assert!(tied
            .verify(&grid(FOUR))
            .unwrap_err()
            .to_string()
            .contains("equals"));
    }

    #[test]
    fn serde_and_errors() {
        let c = round_trip(r#"{"type": "full-rank", "clues": [{"clue": "r0c3", "rank": 10}]}"#);
        assert!(matches!(
            c,
            Constraint::FullRank(FullRank {
                ties: Ties::Unclued,
                ..
            })
        ));
        round_trip(r#"{"type": "full-rank", "ties": "none"}"#);
        rejects(
            r#"{"type": "full-rank", "clues": [{"clue": "r0c3", "rank": 1, "x": 1}]}"#,
            "unknown field `x`",
        );
        assert!(invalid(&rank(&[(0, 1, 17)], Ties::Any)[0], 4).contains("1 to 16"));
        assert!(invalid(&rank(&[], Ties::Any)[0], 4).contains("says nothing"));
        assert!(invalid(&rank(&[(0, 1, 3), (0, 1, 4)], Ties::Any)[0], 4).contains("two rank"));
        assert!(invalid(&rank(&[(1, 1, 3)], Ties::Any)[0], 4).contains("not outside"));
    }
}
