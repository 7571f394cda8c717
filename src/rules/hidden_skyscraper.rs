//! Hidden skyscraper (ISS "HiddenSkyscraper"): digits are skyscrapers of that height; the
//! clue outside a row or column is the first skyscraper, read from the clue, hidden by a
//! taller one before it.
//!
//! JSON: `{"type": "hidden-skyscraper", "clue": "r0c3", "value": 4}`. A row always hides
//! one unless it holds 1..N in order, and N is never hidden, so a clue of N can never hold:
//! a puzzle refuses it, an `or` takes it as a false branch. Values outside 1..N are refused.
//!
//! On a rectangle (R×C holding 1..V, V = max(R, C)) a clue beside a row reads its C cells
//! and one above or below a column its R cells; the heights are the values 1..V, the
//! tallest, V, is never hidden, and a line of the shorter side (which need not hold V)
//! still has to hide one.
//!
//! The rule holds when the value v stands at some place p ≥ 2 of the line, the cells
//! before it rise, and the one just before it is taller than v (the cells of a row or
//! column differ, so that is "the first hidden one is v").
//!
//! CNF, places numbered 1..L along the line, over the cells' shared "≥ k" ladders y(c,k)
//! ([`Encoder::ladder`]) and one variable up(i) per place = "the first i cells rise" (up(1)
//! is true):
//! - `up(i) -> up(i-1)` and `up(i) ∧ y(c(i-1),k) -> y(c(i),k+1)` for every k;
//! - `x(c(p),v) -> up(p-1)` and `x(c(p),v) -> y(c(p-1),v+1)`; `!x(c(1),v)`; v stands
//!   somewhere after the first cell;
//! - `up(i) ∨ x(c(2),v) ∨ … ∨ x(c(i),v)`: until v shows nothing is hidden (ISS's forward
//!   pass; with it the chain `up(i) -> up(i-1)` is implied, since a line holds v at most once; the
//!   chain costs one binary clause a place and is kept).
//!
//! Bounds travel both ways through the ladders (ISS's two passes). The layered diagram over
//! "tallest so far" states that this replaced wrote about 1,270 clauses a clue against about
//! 130 here, ladders included (ISS's 36-clue example), and searched more: BENCHMARKS.md,
//! "Hidden skyscrapers: a rise over shared ladders". The diagram still restricts the
//! candidates before encoding.

use super::cell_lists::values;
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::order::Ladder;
use crate::cnf::sum::Mdd;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A hidden skyscraper clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HiddenSkyscraper {
    /// The outside cell naming the row or column and the reading direction.
    pub clue: OutsideClue,
    /// The height of the first hidden skyscraper.
    pub value: usize,
}

/// The first digit of `vs` lower than one before it.
fn first_hidden(vs: &[usize]) -> Option<usize> {
    let mut tallest = 0;
    for &v in vs {
        if v < tallest {
            return Some(v);
        }
        tallest = v;
    }
    None
}

impl Rule for HiddenSkyscraper {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.value_count();
        self.clue.validate_on(shape)?;
        if !(1..=n).contains(&self.value) {
            return Err(format!(
                "a hidden skyscraper's value is a digit 1 to {n}, not {}",
                self.value
            ));
        }
        Ok(())
    }
    fn never_holds(&self, shape: &Shape) -> Option<String> {
        let n = shape.value_count();
        // the tallest, N, is seen wherever it stands: it is never the first hidden one
        (self.value == n).then(|| format!("a hidden skyscraper of {n} (N is never hidden)"))
    }
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        let value = self.value;
        Some(Box::new(Mdd::build(
            &self.clue.line_on(shape),
            cands,
            (0usize, false),
            |_, &(tallest, found), d| match (found, d.get()) {
                // once found, the rest of the line is free: one state, whatever the tallest
                // (keeping it made up to N states per layer, and N² edges, for nothing)
                (true, _) => Some((0, true)),
                // the first hidden one: only the value
                (false, v) if v < tallest => (v == value).then_some((0, true)),
                // the value seen: the line's cells differ, so it can no longer be hidden
                (false, v) if v == value => None,
                (false, v) => Some((v, false)),
            },
            |&(_, found)| found,
        )))
    }
    fn encode(&self, enc: &mut Encoder) {
        let line = self.clue.line_on(enc.shape());
        let v = self.value;
        let n = enc.value_count();
        let x = |enc: &Encoder, i: usize, d: usize| enc.x(line[i], Digit::new(d));
        // up[i]: the first i + 1 cells rise (up[0] holds: one cell)
        let mut up = vec![Term::True];
        for _ in 1..line.len().saturating_sub(1) {
            up.push(Term::Lit(enc.new_lit()));
        }
        // "≥ k" ladders of the cells that can be in a rise (all but the last)
        let ladders: Vec<Ladder> = line[..up.len()].iter().map(|&c| enc.ladder(c)).collect();
        for i in 1..up.len() {
            // up(i) -> up(i-1)
            enc.implies(up[i], up[i - 1]);
            for k in 1..=n as isize {
                // up(i) ∧ y(c[i-1],k) -> y(c[i],k+1): a rise never steps down
                let (a, b) = (ladders[i - 1].ge(k), ladders[i].ge(k + 1));
                enc.clause([!up[i], !a, b]);
            }
        }
        // the value is first hidden at some p ≥ 1 (the first cell is always seen)
        let at: Vec<Term> = (1..line.len()).map(|p| x(enc, p, v)).collect();
        enc.clause(at);
        let first = x(enc, 0, v);
        enc.clause([!first]);
        for (i, &rise) in up.iter().enumerate().skip(1) {
            // up(i) ∨ x(c[1],v) ∨ … ∨ x(c[i],v): until the value shows, nothing is hidden
            let mut clause = vec![rise];
            clause.extend((1..=i).map(|p| x(enc, p, v)));
            enc.clause(clause);
        }
        for p in 1..line.len() {
            let xv = x(enc, p, v);
            // x(c[p],v) -> up(p-1): everything before it rose
            enc.implies(xv, up[p - 1]);
            // x(c[p],v) -> y(c[p-1],v+1): the one before it is taller
            enc.implies(xv, ladders[p - 1].ge(v as isize + 1));
        }
    }
    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let vs = values(grid, &self.clue.line_on(shape));
        match first_hidden(&vs) {
            Some(v) if v == self.value => Ok(()),
            Some(v) => Err(format!(
                "from {} the first hidden skyscraper is {v}, not {}",
                self.clue, self.value
            )),
            None => Err(format!("from {} no skyscraper is hidden", self.clue)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn at(row: usize, col: usize, value: usize) -> Constraint {
        Constraint::HiddenSkyscraper(HiddenSkyscraper {
            clue: OutsideClue::new(row, col),
            value,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        counts_agree(&[at(1, 0, 2)]);
        counts_agree_46(&[at(0, 2, 1), at(3, 5, 3)], &[at(0, 2, 1), at(3, 7, 3)]);
    }

    #[test]
    fn every_clue_matches_brute_force() {
        // each value from each side of a line, alone: the clauses alone (no restriction)
        // count what brute force counts
        for (row, col) in [(2, 0), (2, 5), (0, 3), (5, 3)] {
            for value in 1..4 {
                let p = puzzle(EMPTY4, vec![at(row, col, value)]);
                assert_count_matches(&p, 300);
                complete_without_simplification(&p);
            }
        }
    }

    #[test]
    fn clues_sharing_cells_match_brute_force() {
        // both ends of a row and a crossing column: the cells' ladders are shared
        let both = [at(1, 0, 2), at(1, 5, 1), at(0, 1, 3), at(5, 1, 1)];
        for givens in [EMPTY4, GIVENS4] {
            let p = puzzle(givens, both.to_vec());
            assert_count_matches(&p, 300);
            complete_without_simplification(&p);
        }
        counts_agree_6x6(vec![at(2, 0, 3), at(2, 7, 5), at(0, 2, 4), at(7, 5, 2)]);
    }

    #[test]
    fn clues_inside_an_or_match_brute_force() {
        // a guarded clue gets ladders of its own; one outside the `or` shares its cells
        let either = Constraint::Or(crate::rules::or::Or {
            of: vec![at(1, 0, 3), at(1, 5, 2)],
        });
        for givens in [EMPTY4, GIVENS4] {
            let p = puzzle(givens, vec![either.clone(), at(0, 1, 1)]);
            assert_count_matches(&p, 300);
            complete_without_simplification(&p);
        }
    }

    #[test]
    fn the_rule_is_enforced() {
        // row 1 of FOUR read from the right: 4 3 2 1, first hidden 3
        assert_checker(&[at(1, 5, 3)], FOUR, "1243341221344321");
        assert_eq!(first_hidden(&[1, 2, 3, 4]), None);
    }

    #[test]
    fn values_never_hidden_are_refused() {
        assert!(invalid(&at(1, 0, 4), 4).contains("N is never hidden"));
        assert!(invalid(&at(1, 0, 5), 4).contains("1 to 4"));
        assert!(invalid(&at(1, 0, 0), 4).contains("1 to 4"));
        let shape = Shape::new(4).unwrap();
        assert!(at(1, 0, 4).never_holds(&shape).is_some());
        assert!(at(1, 0, 3).never_holds(&shape).is_none());
    }

    #[test]
    fn serde() {
        round_trip(r#"{"type": "hidden-skyscraper", "clue": "r0c3", "value": 4}"#);
    }
}
