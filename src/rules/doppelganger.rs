//! Doppelganger (ISS "Doppelganger"): on an N×N grid holding the values 0..N (one more value
//! than a row has cells), every row, column and box holds the 0 and all but one of 1..N
//! (the digit it misses); no two rows miss the same digit, nor two columns, nor two boxes;
//! and at each 0, the digits missed by its row, its column and its box are three different
//! digits.
//!
//! JSON: `{"type": "doppelganger"}`, on a square grid with the values `0-N` and boxes (or
//! jigsaw regions) of N cells, or no regions at all (then rows and columns only). Optional
//! fields name cells that hold the digit each house misses, as ISS's extra cells `DGR1…`,
//! `DGC1…`, `DGB1…` do: `"missing_rows"` (N cells: row k's missing digit in the k-th),
//! `"missing_columns"`, `"missing_boxes"` (boxes in region order); usually extra cells
//! ([`Shape::with_extra`]), any cells of the puzzle allowed. Each such cell holds a digit
//! 1..N, `x(e_k,d) <-> m(h_k,d)`.
//!
//! ISS models each house's missing digit as a hidden extra cell; here the missing digits are
//! determined by the grid, so the rule is stated on the grid alone and a solution is the
//! grid (two solutions differ exactly when their grids do, as in ISS, whose extra cells are
//! functions of the grid). Houses already hold different values (the shape's rows, columns
//! and regions are all-different groups when there are more values than cells).
//!
//! Inside the solver the value v is the digit whose 0-based [`Digit::index`] is v
//! (`Digit::get() == v + 1`; the rule refuses any other value set), so the clauses and the
//! checker name 0-based indices: x(c,0) is "c holds the value 0".
//!
//! CNF, with m(h,d) = "house h misses digit d" (d = 1..N, an auxiliary variable):
//! - every house holds a 0: `OR_c x(c,0)` over its cells;
//! - m(h,d) is defined both ways: `m(h,d) -> !x(c,d)` for each cell c of h, and
//!   `OR_c x(c,d) ∨ m(h,d)`;
//! - within one kind of house (rows, columns, boxes), each digit is missed by exactly one
//!   house: `m(h,d) -> !m(h',d)` and `OR_h m(h,d)` (the second follows from the first and
//!   the houses' counts; it is written for propagation);
//! - at each cell c of row r, column k and box b, and each digit d:
//!   `x(c,0) ∧ m(r,d) -> !m(k,d)`, `x(c,0) ∧ m(r,d) -> !m(b,d)`, `x(c,0) ∧ m(k,d) -> !m(b,d)`.

use super::Rule;
use crate::cnf::card;
use crate::cnf::{Encoder, Term};
use crate::geometry::{Cell, Digit, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The doppelganger rule, with the cells that name each house's missing digit (if any).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doppelganger {
    /// Cells holding the digit each row misses (row 1 first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_rows: Vec<Cell>,
    /// Cells holding the digit each column misses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_columns: Vec<Cell>,
    /// Cells holding the digit each box (region, in region order) misses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_boxes: Vec<Cell>,
}

impl Doppelganger {
    /// The named missing-digit cells of each kind of house, in [`Kinds::named`] order.
    fn missing(&self) -> [&[Cell]; 3] {
        [
            &self.missing_rows,
            &self.missing_columns,
            &self.missing_boxes,
        ]
    }
}

/// The three kinds of house, each a list of houses.
struct Kinds {
    rows: Vec<Vec<Cell>>,
    cols: Vec<Vec<Cell>>,
    /// The regions of N cells (empty when the grid has none).
    boxes: Vec<Vec<Cell>>,
}

/// The kinds of house, as the JSON fields name them (`missing_rows`, …).
const KIND_NAMES: [&str; 3] = ["row", "column", "box"];

impl Kinds {
    fn of(shape: &Shape) -> Kinds {
        let n = shape.size();
        Kinds {
            rows: (0..n).map(|r| shape.row_cells(r)).collect(),
            cols: (0..n).map(|c| shape.col_cells(c)).collect(),
            boxes: shape.region_cells(),
        }
    }
    /// Each kind with its name, skipping an empty kind.
    fn named(&self) -> Vec<(&'static str, &[Vec<Cell>])> {
        [
            ("row", &self.rows[..]),
            ("column", &self.cols[..]),
            ("box", &self.boxes[..]),
        ]
        .into_iter()
        .filter(|(_, h)| !h.is_empty())
        .collect()
    }
    /// The box (index into `boxes`) holding `cell`, if any.
    fn box_of(&self, cell: Cell) -> Option<usize> {
        self.boxes.iter().position(|b| b.contains(&cell))
    }
}

impl Rule for Doppelganger {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        let n = shape.size();
        let values = shape.values();
        if !shape.is_square() {
            return Err(format!(
                "doppelganger needs a square grid, not {}x{}",
                shape.rows(),
                shape.cols()
            ));
        }
        if values.min != 0 || values.count != n + 1 {
            return Err(format!(
                "doppelganger needs the values 0-{n} on a {n}x{n} grid (0 and all but one of \
                 1..{n} in each house); the values here are {values}"
            ));
        }
        if shape.is_chaos() {
            return Err("doppelganger is not defined on a chaos construction".into());
        }
        let regions = shape.region_cells();
        if let Some(r) = regions.iter().find(|r| r.len() != n) {
            return Err(format!(
                "doppelganger needs regions of {n} cells (or none); the region of {} has {}",
                r[0],
                r.len()
            ));
        }
        if !regions.is_empty() && shape.cells().any(|c| shape.region_of(c).is_none()) {
            return Err("doppelganger needs every cell in a region, or no regions".into());
        }
        let kinds = Kinds::of(shape);
        let houses = [kinds.rows.len(), kinds.cols.len(), kinds.boxes.len()];
        for ((cells, count), name) in self.missing().into_iter().zip(houses).zip(KIND_NAMES) {
            if cells.is_empty() {
                continue;
            }
            if cells.len() != count {
                return Err(format!(
                    "missing_{name}s lists {} cells; the grid has {count} {name}s",
                    cells.len()
                ));
            }
            super::cell_lists::value_cells(shape, cells)?;
        }
        Ok(())
    }

    fn encode(&self, enc: &mut Encoder) {
        let shape = enc.shape();
        let n = shape.size();
        let kinds = Kinds::of(shape);
        let zero = Digit::from_index(0);
        // missed[kind][house][d - 1] = m(h, d)
        let mut missed: Vec<Vec<Vec<Term>>> = Vec::new();
        for (_, houses) in kinds.named() {
            let mut of_kind = Vec::with_capacity(houses.len());
            for house in houses {
                // every house holds a 0: OR_c x(c,0)
                let zeros: Vec<Term> = house.iter().map(|&c| enc.x(c, zero)).collect();
                card::at_least_one(enc, &zeros);
                let mut m = Vec::with_capacity(n);
                for d in 1..=n {
                    let digit = Digit::from_index(d);
                    let t = Term::Lit(enc.new_lit());
                    let xs: Vec<Term> = house.iter().map(|&c| enc.x(c, digit)).collect();
                    for &x in &xs {
                        // m(h,d) -> !x(c,d)
                        enc.clause([!t, !x]);
                    }
                    // OR_c x(c,d) ∨ m(h,d)
                    enc.clause(xs.into_iter().chain([t]));
                    m.push(t);
                }
                of_kind.push(m);
            }
            for d in 0..n {
                let column: Vec<Term> = of_kind.iter().map(|m| m[d]).collect();
                // m(h,d) -> !m(h',d), and OR_h m(h,d): one house of the kind misses d
                card::exactly_one(enc, &column);
            }
            missed.push(of_kind);
        }
        // the named cells of each kind (boxes only when the grid has them: `missed` holds
        // the kinds `Kinds::named` keeps, rows and columns first)
        for (cells, of_kind) in self.missing().into_iter().zip(&missed) {
            for (&e, m) in cells.iter().zip(of_kind) {
                // x(e,0) is false: a house misses a digit 1..N
                let z = enc.x(e, zero);
                enc.clause([!z]);
                for (d, &t) in m.iter().enumerate() {
                    let x = enc.x(e, Digit::from_index(d + 1));
                    // x(e,d) -> m(h,d) and m(h,d) -> x(e,d)
                    enc.clause([!x, t]);
                    enc.clause([!t, x]);
                }
            }
        }
        let (rows, cols) = (&missed[0], &missed[1]);
        let boxes = missed.get(2);
        for cell in shape.cells() {
            let z = enc.x(cell, zero);
            if z == Term::False {
                continue;
            }
            let mut mine: Vec<&Vec<Term>> = vec![&rows[cell.r()], &cols[cell.c()]];
            if let (Some(b), Some(k)) = (boxes, kinds.box_of(cell)) {
                mine.push(&b[k]);
            }
            for d in 0..n {
                for i in 0..mine.len() {
                    for j in i + 1..mine.len() {
                        // x(c,0) ∧ m(h_i,d) -> !m(h_j,d)
                        enc.clause([!z, !mine[i][d], !mine[j][d]]);
                    }
                }
            }
        }
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let n = shape.size();
        let kinds = Kinds::of(shape);
        // the value of each cell: 0..=n (the digit index; the value set is 0..N)
        let value = |c: Cell| grid.digit(c).index();
        let mut missing_of = Vec::new();
        for (name, houses) in kinds.named() {
            let mut seen_missing: Vec<Option<usize>> = vec![None; n + 1];
            let mut missing = Vec::with_capacity(houses.len());
            for (i, house) in houses.iter().enumerate() {
                let mut held = vec![false; n + 1];
                for &c in house {
                    match held.get_mut(value(c)) {
                        Some(h) => *h = true,
                        None => return Err(format!("{c} holds a value past {n}")),
                    }
                }
                if !held[0] {
                    return Err(format!("{name} {} holds no 0", i + 1));
                }
                let absent: Vec<usize> = (1..=n).filter(|&d| !held[d]).collect();
                let [d] = absent[..] else {
                    return Err(format!(
                        "{name} {} misses {} of the digits 1..{n}, not one",
                        i + 1,
                        absent.len()
                    ));
                };
                if let Some(j) = seen_missing[d] {
                    return Err(format!("{name}s {} and {} both miss {d}", j + 1, i + 1));
                }
                seen_missing[d] = Some(i);
                missing.push(d);
            }
            missing_of.push(missing);
        }
        for ((cells, missing), name) in self.missing().into_iter().zip(&missing_of).zip(KIND_NAMES)
        {
            for (k, (&e, &d)) in cells.iter().zip(missing).enumerate() {
                if value(e) != d {
                    return Err(format!(
                        "{e} holds {}, but {name} {} misses {d}",
                        value(e),
                        k + 1
                    ));
                }
            }
        }
        for cell in shape.cells() {
            if value(cell) != 0 {
                continue;
            }
            let mut mine = vec![missing_of[0][cell.r()], missing_of[1][cell.c()]];
            if let (Some(b), Some(k)) = (missing_of.get(2), kinds.box_of(cell)) {
                mine.push(b[k]);
            }
            for i in 0..mine.len() {
                if mine[i + 1..].contains(&mine[i]) {
                    return Err(format!(
                        "{cell} holds 0, but two of its houses both miss {}",
                        mine[i]
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Values;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn rule() -> Vec<Constraint> {
        vec![Constraint::Doppelganger(Doppelganger::default())]
    }

    /// A 4×4 grid with 2×2 boxes (or none) holding 0..4.
    fn shape(boxes: bool) -> Shape {
        let s = if boxes {
            Shape::new(4).unwrap()
        } else {
            Shape::rect_with_regions(4, 4, vec![None; 16]).unwrap()
        };
        s.with_values(Values { min: 0, count: 5 }).unwrap()
    }

    /// Givens as values 0..4 ('.' empty), row-major.
    fn givens(text: &str) -> Grid {
        let cells = text
            .chars()
            .map(|ch| ch.to_digit(10).map(|v| Digit::from_index(v as usize)))
            .collect();
        Grid::from_cells(4, cells).unwrap()
    }

    #[test]
    fn counts_match_brute_force() {
        for boxes in [true, false] {
            let p = Puzzle::new(shape(boxes), Grid::empty(4), rule()).unwrap();
            let all = assert_count_matches(&p, 100_000);
            assert!(all > 0, "the rule has solutions on 4x4 (boxes: {boxes})");
            // the rule cuts the count: without it far more grids fill 0..4 all-different
            let free = Puzzle::new(shape(boxes), Grid::empty(4), vec![]).unwrap();
            assert!(assert_count_matches(&free, 100_000) > all);
            // with givens
            let p = Puzzle::new(shape(boxes), givens("0..........1...."), rule()).unwrap();
            assert_count_matches(&p, 100_000);
        }
    }

    #[test]
    fn the_checker_judges_each_part() {
        let s = shape(true);
        let check = |t: &str| Doppelganger::default().check(&s, &givens(t));
        // a grid the solver finds is kept; grids breaking one part are refused
        let p = Puzzle::new(s.clone(), Grid::empty(4), rule()).unwrap();
        let good = crate::solve::some_solution(&p).unwrap().unwrap();
        assert!(Doppelganger::default().check(&s, &good).is_ok());
        // a row without 0: values 1..4 in each row is a plain sudoku, no house holds 0
        assert!(check("1234341221434321").unwrap_err().contains("no 0"));
        // rows 1 and 2 both miss 4
        assert!(check("0123230132101032").unwrap_err().contains("both miss"));
    }

    #[test]
    fn refuses_other_shapes_and_values() {
        let standard = Shape::new(4).unwrap();
        assert!(Doppelganger::default()
            .validate(&standard)
            .unwrap_err()
            .contains("values 0-4"));
        let zero_based = Shape::new(4)
            .unwrap()
            .with_values(Values { min: 0, count: 4 })
            .unwrap();
        assert!(Doppelganger::default().validate(&zero_based).is_err());
        assert!(Doppelganger::default().validate(&shape(true)).is_ok());
        assert!(Doppelganger::default().validate(&shape(false)).is_ok());
    }

    #[test]
    fn cells_naming_the_missing_digits_count_as_brute_force() {
        // 4 cells below the grid hold the digits rows 1-4 miss, on a grid with a few givens
        // (brute force tries every value in each extra cell: 5⁴ per grid)
        let s = shape(true).with_extra(4).unwrap();
        let e = |k: usize| s.extra_cell(k);
        let named = Doppelganger {
            missing_rows: (0..4).map(e).collect(),
            ..Doppelganger::default()
        };
        let p = Puzzle::new(
            s.clone(),
            givens("0..1....1.0....."),
            vec![Constraint::Doppelganger(named.clone())],
        )
        .unwrap();
        let plain = Puzzle::new(
            s.clone().with_extra(0).unwrap(),
            givens("0..1....1.0....."),
            rule(),
        )
        .unwrap();
        // the extra cells are functions of the grid: as many solutions as without them
        assert_eq!(
            assert_count_matches(&p, 100_000),
            assert_count_matches(&plain, 100_000)
        );
        // a rule on the named cells: the digits rows 1 and 2 miss add up to 5
        let sum: Constraint =
            serde_json::from_str(r#"{"type":"weighted-sum","cells":["r5c1","r5c2"],"sum":5}"#)
                .unwrap();
        let p = Puzzle::new(
            s.clone(),
            givens("0..1....1.0....."),
            vec![Constraint::Doppelganger(named.clone()), sum],
        )
        .unwrap();
        assert!(assert_count_matches(&p, 100_000) > 0);
        // the columns' and boxes' cells too (the SAT count, the grid's own count)
        let cells: Vec<Cell> = (0..4).map(e).collect();
        let columns = Doppelganger {
            missing_columns: cells.clone(),
            ..Doppelganger::default()
        };
        let boxes = Doppelganger {
            missing_boxes: cells,
            ..Doppelganger::default()
        };
        for d in [columns, boxes] {
            let g = givens("0..1....1.0.....");
            let p = Puzzle::new(s.clone(), g, vec![Constraint::Doppelganger(d)]).unwrap();
            assert_eq!(count(&p, 100_000), count(&plain, 100_000));
        }
        // the checker reads them
        let sol = crate::solve::some_solution(&p).unwrap().unwrap();
        let mut wrong = sol.clone();
        let r1 = e(0);
        let other = (1..=4)
            .map(Digit::from_index)
            .find(|&d| Some(d) != sol.get(r1))
            .unwrap();
        wrong.set(r1, Some(other));
        assert!(named
            .check(&s, &wrong)
            .unwrap_err()
            .contains("row 1 misses"));
        // a list of the wrong length is refused
        let short = Doppelganger {
            missing_rows: vec![e(0)],
            ..Doppelganger::default()
        };
        assert!(short.validate(&s).unwrap_err().contains("4 rows"));
    }

    #[test]
    fn serde() {
        assert_eq!(round_trip(r#"{"type": "doppelganger"}"#), rule().remove(0));
        round_trip(r#"{"type": "doppelganger", "missing_rows": ["r5c1", "r5c2", "r5c3", "r5c4"]}"#);
    }
}
