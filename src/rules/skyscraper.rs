//! Skyscraper: the clue outside a row or column counts the digits visible from it, reading
//! into the grid — a digit is visible when it is larger than every digit before it.
//!
//! JSON: `{"type":"skyscraper","clue":"r0c3","count":3}` (clue cells as in f-puzzles: row or
//! column 0 or N+1). Trap: the direction matters, as for X-sums.
//!
//! On a rectangle (R×C) a clue beside a row reads C cells and one above or below a column R
//! cells (row 0 or R+1, column 0 or C+1); with more values than a row holds (1-9 on a 6×6)
//! the towers are the values present: the tallest in a line is the largest value in it, not
//! V, and at most as many towers as cells are seen.
//!
//! CNF: order literals along the line. m(i,k) = "the tallest of the first i cells is ≥ k" is
//! a ladder per prefix (`m(i,k+1) -> m(i,k)`, `m(i-1,k) -> m(i,k)`, `x(c_i,k) -> m(i,k)`,
//! `m(i,k) -> m(i-1,k) ∨ OR_{d≥k} x(c_i,d)`); v(i) = "cell i is visible" is
//! `x(c_i,d) ∧ !m(i-1,d) -> v(i)` and `x(c_i,d) ∧ m(i-1,d) -> !v(i)`; exactly `count` of the
//! v(i) hold, by a sequential counter c(i,j) = "at least j of the first i+1 visible" defined
//! both ways. The counter also says what the line's cells differing implies (as ISS's
//! skyscraper handler knows): with the tallest so far ≥ k, at most min(cells left, V − k)
//! more are seen, `m(i,k) -> c(i, count − min(L − i − 1, V − k))`, and a line holding every
//! value ends at V, `c(i,count) -> m(i,V)`; "Skyscraper - all 5" of ISS's examples takes half
//! the CPU with them (BENCHMARKS.md, "Skyscrapers: the counter knows"). About 3N² clauses
//! per clue where the earlier layered diagram over (tallest, visible so far) states took up
//! to N³: on the shared "Trollscraper" (line 120 of the CC BY set) 17,431 clauses instead of
//! 62,571 and about 7× less CPU time (BENCHMARKS.md). The diagram is still what `restrict` uses before encoding:
//! it removes every candidate no completion of the line allows, which the search then
//! never has to learn.

use super::cell_lists::values;
use super::clue::OutsideClue;
use super::diagram::Diagram;
use super::Rule;
use crate::cnf::sum::{Layered, Mdd, Shortcut};
use crate::cnf::{Encoder, Term};
use crate::geometry::{digits, Cell, Digit, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A skyscraper clue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skyscraper {
    /// The outside cell naming the row or column and the reading direction.
    pub clue: OutsideClue,
    /// How many digits are visible from the clue.
    pub count: usize,
}

impl Skyscraper {
    /// The order encoding along the line: m(i,k) = "the tallest of the first i cells is ≥ k",
    /// v(i) = "cell i is visible" ⇔ its digit is above the tallest before it, and exactly
    /// `count` of the v(i) true.
    fn encode_order(&self, enc: &mut Encoder) {
        // heights are digit indices 1..=V; the line has R or C cells
        let n = enc.value_count();
        let shape = enc.shape();
        let line = self.clue.line_in(shape.rows(), shape.cols());
        // before any cell the tallest is 0: m(0,0) true, m(0,k) false for k ≥ 1
        let mut prev: Vec<Term> = vec![Term::False; n + 2];
        prev[0] = Term::True;
        let mut visible: Vec<Term> = Vec::with_capacity(line.len());
        // m(i,·) per cell but the last
        let mut tallest: Vec<Vec<Term>> = Vec::with_capacity(line.len());
        for (i, &cell) in line.iter().enumerate() {
            let cands = enc.candidates(cell);
            let ds: Vec<Digit> = digits(cands).collect();
            // v(i) is a constant when every candidate agrees
            let v = if ds.iter().all(|d| prev[d.get()] == Term::False) {
                Term::True
            } else if ds.iter().all(|d| prev[d.get()] == Term::True) {
                Term::False
            } else {
                Term::Lit(enc.new_lit())
            };
            for &d in &ds {
                let x = enc.x(cell, d);
                // x(c,d) ∧ !m(i-1,d) -> v(i)
                enc.clause([!x, prev[d.get()], v]);
                // x(c,d) ∧ m(i-1,d) -> !v(i)
                enc.clause([!x, !prev[d.get()], !v]);
            }
            visible.push(v);
            if i + 1 == line.len() {
                break;
            }
            let lo = ds.first().map_or(0, |d| d.get());
            let hi = ds.last().map_or(0, |d| d.get());
            let mut cur: Vec<Term> = vec![Term::False; n + 2];
            cur[0] = Term::True;
            for k in 1..=n {
                cur[k] = if prev[k] == Term::True || lo >= k {
                    Term::True
                } else if prev[k] == Term::False && hi < k {
                    Term::False
                } else {
                    Term::Lit(enc.new_lit())
                };
            }
            for k in 1..=n {
                // m(i,k+1) -> m(i,k)
                enc.implies(cur[k + 1], cur[k]);
                // m(i-1,k) -> m(i,k)
                enc.implies(prev[k], cur[k]);
                let at_k = Digit::new(k);
                if cands & at_k.bit() != 0 {
                    // x(c,k) -> m(i,k)
                    enc.implies(enc.x(cell, at_k), cur[k]);
                }
                // m(i,k) -> m(i-1,k) ∨ OR_{d ≥ k} x(c,d)
                let above = ds.iter().filter(|d| d.get() >= k).map(|&d| enc.x(cell, d));
                let clause: Vec<Term> = [!cur[k], prev[k]].into_iter().chain(above).collect();
                enc.clause(clause);
            }
            tallest.push(cur.clone());
            prev = cur;
        }
        self.count_visible(enc, &visible, &tallest);
    }

    /// Exactly `count` of `visible` true, by a sequential counter whose registers
    /// c(i,j) = "at least j of the first i+1 cells are visible" (j ≤ count + 1) are defined
    /// both ways, so that the line's cells differing can be said through them: with the
    /// tallest of the first i+1 cells at least k, the L − i − 1 cells left show at most
    /// min(L − i − 1, V − k) more, so `m(i,k) -> c(i, count − that)`; and a line holding
    /// every value (L = V) ends at V, so while the tallest is below V one more is still to
    /// be seen: `c(i,count) -> m(i,V)`.
    fn count_visible(&self, enc: &mut Encoder, visible: &[Term], tallest: &[Vec<Term>]) {
        let (len, values, count) = (visible.len(), enc.value_count(), self.count);
        let mut prev: Vec<Term> = vec![Term::False; count + 2];
        prev[0] = Term::True;
        for (i, &v) in visible.iter().enumerate() {
            let mut cur: Vec<Term> = vec![Term::False; count + 2];
            cur[0] = Term::True;
            for j in 1..=count + 1 {
                cur[j] = if prev[j] == Term::True || prev[j - 1] == Term::True && v == Term::True {
                    Term::True
                } else if prev[j - 1] == Term::False || j > i + 1 {
                    Term::False
                } else {
                    Term::Lit(enc.new_lit())
                };
                // c(i-1,j) -> c(i,j); c(i-1,j-1) ∧ v(i) -> c(i,j)
                enc.implies(prev[j], cur[j]);
                enc.clause([!prev[j - 1], !v, cur[j]]);
                // c(i,j) -> c(i-1,j) ∨ c(i-1,j-1); c(i,j) -> c(i-1,j) ∨ v(i)
                enc.clause([!cur[j], prev[j], prev[j - 1]]);
                enc.clause([!cur[j], prev[j], v]);
            }
            if let Some(m) = tallest.get(i) {
                let left = len - i - 1;
                for (k, &at_least) in m.iter().enumerate().take(values + 1).skip(1) {
                    // m(i,k) -> c(i, count - min(left, V - k))
                    if let Some(need) = count.checked_sub(left.min(values - k)) {
                        if need >= 1 {
                            enc.implies(at_least, cur[need]);
                        }
                    }
                }
                if len == values {
                    // c(i,count) -> m(i,V)
                    enc.implies(cur[count], m[values]);
                }
            }
            prev = cur;
        }
        // exactly `count`: c(L-1,count) ∧ ¬c(L-1,count+1)
        enc.clause([prev[count]]);
        enc.clause([!prev[count + 1]]);
    }
}

impl Skyscraper {
    /// The diagram of the line over states (tallest so far, how many visible so far).
    fn mdd(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Mdd<(usize, usize)> {
        let count = self.count;
        Mdd::build(
            &self.clue.line_in(shape.rows(), shape.cols()),
            cands,
            (0, 0),
            |_, &(top, seen), d| {
                if d.get() > top {
                    (seen < count).then_some((d.get(), seen + 1))
                } else {
                    Some((top, seen))
                }
            },
            |&(_, seen)| seen == count,
        )
    }
}

/// How many of `vs` are larger than all before them.
pub(crate) fn visible(vs: &[usize]) -> usize {
    let mut top = 0;
    vs.iter()
        .filter(|&&v| {
            let seen = v > top;
            top = top.max(v);
            seen
        })
        .count()
}

impl Rule for Skyscraper {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        self.clue.validate_in(shape.rows(), shape.cols())?;
        let n = self.clue.line_in(shape.rows(), shape.cols()).len();
        if self.count == 0 || self.count > n {
            return Err(format!(
                "between 1 and {n} digits are visible, not {}",
                self.count
            ));
        }
        Ok(())
    }

    /// States: (tallest so far, how many visible so far). Only `restrict` goes through it:
    /// `encode` writes the order encoding instead (see the module docs).
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        Some(Box::new(self.mdd(shape, cands)))
    }

    /// The same diagram for the search: a propagator keeps the line domain-consistent, as
    /// ISS's skyscraper handler does, where the order encoding's clauses do not.
    fn search_diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Layered> {
        let mut g = self.mdd(shape, cands).graph()?;
        g.shortcut = Some(Shortcut::Skyline { count: self.count });
        Some(g)
    }

    fn encode(&self, enc: &mut Encoder) {
        self.encode_order(enc);
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let seen = visible(&values(
            grid,
            &self.clue.line_in(shape.rows(), shape.cols()),
        ));
        if seen == self.count {
            Ok(())
        } else {
            Err(format!(
                "{seen} digits are visible from {}, not {}",
                self.clue, self.count
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn sky(r: usize, c: usize, count: usize) -> Constraint {
        Constraint::Skyscraper(Skyscraper {
            clue: OutsideClue::new(r, c),
            count,
        })
    }

    #[test]
    fn counts_match_brute_force() {
        // 4×4: column 1 (1 3 2 4) from above: 1, 3, 4
        assert_rule(&sky(0, 1, 3), &["................", FOUR_GIVENS]);
        // row 4 (4 3 2 1) from the right: 1, 2, 3, 4
        assert_rule(&sky(4, 5, 4), &["................"]);
        // 6×6: row 2 (4 3 6 1 2 5) from the left: 4, 6; from the right 5, 6
        assert_rule(&sky(2, 0, 2), &[SIX_GIVENS]);
        assert_rule(&sky(2, 7, 2), &[SIX_GIVENS]);
        // every count from every side of an empty 4×4, so each visible/hidden pattern of
        // the order literals meets the brute force
        for count in 1..=4 {
            assert_rule(&sky(0, 2, count), &["................"]);
            assert_rule(&sky(3, 5, count), &["................"]);
        }
    }

    #[test]
    fn checker_and_validation() {
        assert_eq!(visible(&[2, 1, 3, 3, 5, 4]), 3);
        // row 1 from the left: 1 2 5 3 4 6 shows 1, 2, 5, 6; once 1 and 2 swap,
        // 2 1 5 3 4 6 shows 2, 5, 6
        assert_checker(&[sky(1, 0, 4)], SIX, SIX_SWAPPED);
        assert!(invalid(&sky(0, 1, 0), 6).contains("between 1 and 6"));
        assert!(invalid(&sky(0, 1, 7), 6).contains("between 1 and 6"));
        assert!(invalid(&sky(0, 7, 2), 6).contains("not outside"));
    }

    #[test]
    fn json_form() {
        assert_eq!(
            round_trip(r#"{"type":"skyscraper","clue":"r0c3","count":3}"#),
            sky(0, 3, 3)
        );
    }
}
