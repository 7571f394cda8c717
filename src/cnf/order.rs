//! The order encoding: ladder variables y(c,k) = "the digit of cell c is ≥ k".
//!
//! A [`Ladder`] ties y(c,·) to the cell variables:
//! `y(c,k+1) -> y(c,k)` (the ladder), `x(c,d) -> y(c,d)`, `x(c,d) -> !y(c,d+1)`, and
//! `y(c,k) ∧ !y(c,k+1) -> x(c,k)`. With y(c,1) true and y(c,N+1) false as constants, unit
//! propagation turns every bound on y into removed candidates and back. Comparisons between
//! two ladders are then one clause per value: `a + offset ≤ b` is `y(a,k) -> y(b,k+offset)`
//! for every k — N clauses instead of the ~N²/2 forbidden pairs (RESEARCH.md: 8 clauses per
//! thermometer edge on 9×9 against 45).
//!
//! Ladder variables are folded like cell variables: y(c,k) is a constant when every candidate
//! of c is ≥ k (true) or < k (false), so decided cells add no variables.

use super::{Encoder, Term};
use crate::geometry::{Cell, Digit};

/// The "≥ k" variables of one cell.
#[derive(Clone, Debug)]
pub struct Ladder {
    /// `ge[k]` for k in 0..=N+1 (`ge[0]`, `ge[1]` true, `ge[N+1]` false).
    ge: Vec<Term>,
}

impl Ladder {
    /// Creates the ladder of `cell` and writes its channelling clauses.
    pub fn new(enc: &mut Encoder, cell: Cell) -> Ladder {
        let n = enc.value_count();
        let cands = enc.candidates(cell);
        let mut ge = vec![Term::True; n + 2];
        ge[n + 1] = Term::False;
        for (k, slot) in ge.iter_mut().enumerate().take(n + 1).skip(2) {
            // candidates ≥ k: bits k-1 and up
            let at_least = cands & !((1u64 << (k - 1)) - 1);
            *slot = if at_least == 0 {
                Term::False
            } else if at_least == cands {
                Term::True
            } else {
                Term::Lit(enc.new_lit())
            };
        }
        for k in 2..n {
            // y(c,k+1) -> y(c,k)
            enc.implies(ge[k + 1], ge[k]);
        }
        for d in 1..=n {
            let x = enc.x(cell, Digit::new(d));
            if x == Term::False {
                continue;
            }
            // x(c,d) -> y(c,d)
            enc.implies(x, ge[d]);
            // x(c,d) -> !y(c,d+1)
            enc.implies(x, !ge[d + 1]);
            // y(c,d) ∧ !y(c,d+1) -> x(c,d)
            enc.clause([!ge[d], ge[d + 1], x]);
        }
        Ladder { ge }
    }

    /// "The digit is ≥ k" for any k (true for k ≤ 1, false for k > N).
    pub fn ge(&self, k: isize) -> Term {
        if k <= 1 {
            Term::True
        } else if k as usize >= self.ge.len() {
            Term::False
        } else {
            self.ge[k as usize]
        }
    }

    /// "The digit is ≤ k".
    pub fn le(&self, k: isize) -> Term {
        !self.ge(k + 1)
    }

    /// Side length N the ladder was built for.
    fn size(&self) -> usize {
        self.ge.len() - 2
    }
}

/// `a + offset ≤ b`: `y(a,k) -> y(b,k+offset)` for every k. `offset` 1 is "a < b",
/// 0 is "a ≤ b"; a negative offset bounds how far b may fall below a.
pub fn at_least(enc: &mut Encoder, a: &Ladder, b: &Ladder, offset: isize) {
    let n = a.size() as isize;
    for k in 1..=n {
        // y(a,k) -> y(b,k+offset)
        enc.implies(a.ge(k), b.ge(k + offset));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseList;
    use crate::geometry::full_mask;

    /// Every model of the formula over two cells, by enumeration of all assignments.
    fn models(n: usize, build: impl Fn(&mut Encoder)) -> Vec<(usize, usize)> {
        let cands = vec![full_mask(n); n * n];
        let mut list = ClauseList::default();
        let vars = {
            let shape = crate::geometry::Shape::new(n).unwrap();
            let mut enc = Encoder::new(&shape, &cands, &mut list);
            build(&mut enc);
            enc.var_count()
        };
        let mut out = Vec::new();
        let (a, b) = (Cell::from_index(0, 0), Cell::from_index(0, 1));
        for i in 1..=n {
            for j in 1..=n {
                let mut fixed = vec![None; vars];
                for d in 1..=n {
                    fixed[crate::cnf::cell_var(n, a, Digit::new(d)).index()] = Some(d == i);
                    fixed[crate::cnf::cell_var(n, b, Digit::new(d)).index()] = Some(d == j);
                }
                // other cell variables: free but unused; auxiliaries: try every assignment
                let free: Vec<usize> = (n * n * n..vars).collect();
                let sat = (0..1u64 << free.len()).any(|bits| {
                    let val = |v: usize| {
                        fixed[v].unwrap_or_else(|| {
                            free.iter()
                                .position(|&f| f == v)
                                .is_some_and(|p| bits >> p & 1 == 1)
                        })
                    };
                    list.clauses
                        .iter()
                        .all(|c| c.iter().any(|l| val(l.index()) == l.is_positive()))
                });
                if sat {
                    out.push((i, j));
                }
            }
        }
        out
    }

    #[test]
    fn ladders_compare_exactly() {
        let (a, b) = (Cell::from_index(0, 0), Cell::from_index(0, 1));
        for offset in [-1, 0, 1, 2] {
            let got = models(3, |enc| {
                let la = Ladder::new(enc, a);
                let lb = Ladder::new(enc, b);
                at_least(enc, &la, &lb, offset);
            });
            let want: Vec<(usize, usize)> = (1..=3)
                .flat_map(|i| (1..=3).map(move |j| (i, j)))
                .filter(|&(i, j)| i as isize + offset <= j as isize)
                .collect();
            assert_eq!(got, want, "offset {offset}");
        }
    }

    #[test]
    fn decided_cells_fold_their_ladder() {
        let n = 4;
        let mut cands = vec![full_mask(n); n * n];
        cands[0] = 0b0110; // digits 2 and 3
        let mut list = ClauseList::default();
        let shape = crate::geometry::Shape::new(n).unwrap();
        let mut enc = Encoder::new(&shape, &cands, &mut list);
        let l = Ladder::new(&mut enc, Cell::from_index(0, 0));
        assert_eq!(l.ge(2), Term::True);
        assert!(matches!(l.ge(3), Term::Lit(_)));
        assert_eq!(l.ge(4), Term::False);
        assert_eq!(l.le(3), Term::True);
        assert_eq!(enc.var_count(), n * n * n + 1);
    }
}
