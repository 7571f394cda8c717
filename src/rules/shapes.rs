//! Rules on rectangular grids (R rows × C columns, R ≠ C, holding V = max(R, C) values
//! unless the shape sets more).
//!
//! A rule whose meaning needs a square grid is refused on a rectangle with a clear message
//! saying why, never guessed: the main diagonals (no corner-to-corner line of cells), full
//! rank (rows and columns of different lengths ranked together), the doppelganger (each
//! house misses one value of 0..N). The
//! rules listed in [`ON_RECTANGLES`] have been read for rectangles: their meaning is about
//! their own cells (cages, lines, dots, listed diagonals), the grid as it is (orthogonal
//! neighbours, knight and king moves, taxicab distances, 2×2 windows) or rows and columns
//! of any length (clues outside: a row's line has C cells, a column's R), and their
//! validation, encoding and checker take the rows, columns and values from the shape.
//! Where a clue's meaning needs a line of V cells (a sandwich's crusts 1 and V, an X-sum's
//! count up to V), the rule refuses a clue beside a shorter line in its own validation.
//!
//! Some rules stand on some rectangles only ([`on_shape`]): a column indexer (a digit v
//! sends the cell's column number to column v of its row) when there are as many columns
//! as values, a row indexer when there are as many rows, otherwise a digit would name a
//! column or row that is not there; disjoint groups when the regions are boxes (the same
//! position in every box); an `or` or `and` when each of its rules stands.

use super::Constraint;
use crate::geometry::Shape;

/// Rules that keep their meaning, validation, encoding and checker on a rectangle.
pub const ON_RECTANGLES: &[&str] = &[
    "killer",
    "extra-region",
    "thermometer",
    "whispers",
    "renban",
    "greater-than",
    "anti-knight",
    "anti-king",
    "arrow",
    "double-arrow",
    "xv",
    "difference",
    "ratio",
    "sum-dot",
    "odd",
    "even",
    "pencil-marks",
    "quadruple",
    "clone",
    "palindrome",
    "between-line",
    "slow-thermometer",
    "nabner",
    "zipper-line",
    "rellik-cage",
    "same-values",
    "equal-sums",
    "relation",
    "weighted-sum",
    // clues outside the grid: a row's line has C cells, a column's R (the clue at row 0 or
    // R+1, column 0 or C+1)
    "skyscraper",
    "numbered-room",
    // neighbours and distances on the grid as it is (R rows of C cells): orthogonal pairs,
    // taxicab pairs, cells above and below, 2×2 windows
    "non-consecutive",
    "negative-ratio",
    "negative-xv",
    "minimum",
    "maximum",
    "anti-taxicab",
    "dutch-flatmates",
    "global-entropy",
    "global-mod",
    // a position within a region of as many cells as values (validated per cell)
    "box-indexer",
    // lines and cages about their own cells; thirds, halves, gaps and counts of the V
    // values (V = max(R, C))
    "entropic-line",
    "modular-line",
    "lockout",
    "region-sum-line",
    "sum-line",
    "regex",
    "nfa",
    "value-indexing",
    "look-and-say",
    "connected-values",
    "contain-at-least",
    "equality-cage",
    "count-distinct",
    "counting-circles",
    "lunchbox",
    // a diagonal of listed cells (a rectangle's edge ends it where it ends)
    "little-killer",
    // clues outside the grid: a row's line has C cells, a column's R; the sandwich's crusts
    // (1 and V) and the X-sum's count (up to V) need a line of V cells (validated per clue)
    "sandwich",
    "x-sum",
    "hidden-skyscraper",
    // the found regions of a chaos construction, which may be a rectangle (R·C / V regions
    // of V cells): lists of cells and counts of regions
    "same-region",
    "chaos-arrow",
    "chaos-count",
    "distinct-regions",
];

/// `Ok` if `c` can stand on `shape`: on a raw grid only the rules of
/// [`super::raw::ON_RAW`]; always on a square grid; on a rectangle the rules of
/// [`ON_RECTANGLES`], an `or` or `and` whose every rule can, and the rules below whose
/// meaning holds on some rectangles only. `Err` says why not.
pub fn on_shape(c: &Constraint, shape: &Shape) -> Result<(), String> {
    if shape.is_raw() {
        super::raw::on_raw(c)?;
    }
    let kind = c.kind();
    if shape.is_square() || ON_RECTANGLES.contains(&kind) {
        return Ok(());
    }
    let (rows, cols, values) = (shape.rows(), shape.cols(), shape.value_count());
    let why = match (c, kind) {
        // a combination means what its rules mean: it stands where each of them does
        (Constraint::Or(super::or::Or { of }), _) | (Constraint::And(super::or::And { of }), _) => {
            return of.iter().enumerate().try_for_each(|(i, r)| {
                on_shape(r, shape).map_err(|e| format!("of[{i}] ({}): {e}", r.kind()))
            })
        }
        (_, "column-indexer") if cols == values => return Ok(()),
        (_, "row-indexer") if rows == values => return Ok(()),
        (_, "column-indexer" | "row-indexer") => {
            return Err(format!(
                "the rule {kind} on a {rows}x{cols} grid holding {values} values would send \
                 some digits to a {} that is not there",
                if kind == "row-indexer" {
                    "row"
                } else {
                    "column"
                }
            ))
        }
        // boxes tile the rectangle: a position within a box is the same in every box
        (_, "disjoint-groups") if !shape.is_jigsaw() => return Ok(()),
        (_, "disjoint-groups") => {
            "its groups are the cells at one position of every box, and this grid's regions \
             are not boxes (irregular regions, or none)"
        }
        (_, "diagonal") => {
            "a rectangle's corner-to-corner lines do not run through cells (a cell's \
             diagonal step stops at the shorter side), so which cells its diagonals hold is \
             not defined"
        }
        (_, "full-rank") => {
            "it ranks the rows and columns together as numbers, and on a rectangle they have \
             different lengths (C and R digits)"
        }
        (_, "doppelganger") => {
            "its houses each miss one value of 0..N, a count that holds for the rows and \
             columns of a square grid only"
        }
        _ => "its meaning or its encoding assumes a square grid",
    };
    Err(format!(
        "the rule {kind} is not supported on a rectangular grid ({rows}x{cols}, rows x \
         columns): {why}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{rect_box, Values};
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::*;

    /// A puzzle on `shape` with givens written as (row, column, digit) 1-based, and `rules`.
    fn on(shape: Shape, givens: &[(usize, usize, usize)], rules: Vec<Constraint>) -> Puzzle {
        let mut g = Grid::empty_rect(shape.rows(), shape.cols());
        for &(r, c, d) in givens {
            g.set(Cell::new(r, c), Some(Digit::new(d)));
        }
        Puzzle::new(shape, g, rules).unwrap()
    }

    fn rule(json: &str) -> Constraint {
        serde_json::from_str(json).unwrap()
    }

    /// `json` with every cell and outside clue `rXcY` turned to `rYcX` (and a column indexer
    /// to a row indexer): the same rule on the transposed grid, whose solutions are the
    /// transposed solutions.
    fn transpose(json: &str) -> String {
        let json = json.replace("column-indexer", "row-indexer");
        let b = json.as_bytes();
        let digits_from = |i: usize| b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let (mut out, mut i) = (String::new(), 0);
        while i < b.len() {
            let row = if b[i] == b'r' { digits_from(i + 1) } else { 0 };
            let col = match row > 0 && b.get(i + 1 + row) == Some(&b'c') {
                true => digits_from(i + 2 + row),
                false => 0,
            };
            if col == 0 {
                out.push(b[i] as char);
                i += 1;
                continue;
            }
            let (r, c) = (
                &json[i + 1..i + 1 + row],
                &json[i + 2 + row..i + 2 + row + col],
            );
            out.push_str(&format!("r{c}c{r}"));
            i += 2 + row + col;
        }
        out
    }

    /// Givens (row, column, digit) of the transposed grid.
    fn transposed(givens: &[(usize, usize, usize)]) -> Vec<(usize, usize, usize)> {
        givens.iter().map(|&(r, c, d)| (c, r, d)).collect()
    }

    #[test]
    fn boxes_follow_iss_layout() {
        assert_eq!(rect_box(6, 8, 8), Some((2, 4)));
        assert_eq!(rect_box(6, 9, 9), Some((3, 3)));
        assert_eq!(rect_box(5, 10, 10), Some((5, 2)));
        assert_eq!(rect_box(4, 6, 6), Some((2, 3)));
        assert_eq!(rect_box(6, 4, 6), Some((3, 2)));
        assert_eq!(rect_box(9, 8, 9), None);
        assert_eq!(rect_box(4, 7, 7), None);
        assert_eq!(rect_box(6, 6, 9), Some((3, 3)));
        for n in [4, 6, 8, 9, 10, 12, 16, 25] {
            assert_eq!(
                rect_box(n, n, n),
                Some(crate::geometry::default_box(n)),
                "n = {n}"
            );
        }
        let s = Shape::rect(6, 8).unwrap();
        assert_eq!((s.box_rows(), s.box_cols(), s.value_count()), (2, 4, 8));
        assert_eq!(s.house_name(6), "column 1");
        assert_eq!(s.house_name(14), "box 1");
        // rows of 8 cells hold 1..8 once, columns of 6 cells differ only
        let g = crate::groups::shape_groups(&s);
        assert_eq!(g.houses.len(), 6 + 6);
        assert_eq!(g.distinct.len(), 8);
        let s = Shape::rect(9, 8).unwrap();
        assert!(s.regions().iter().all(Option::is_none));
        assert_eq!(s.region_size(), 0);
    }

    #[test]
    fn small_rectangles_count_like_brute_force() {
        // 2×3 without boxes (3 values): the Latin rectangles, 3!·2 = 12
        let p = on(Shape::rect(2, 3).unwrap(), &[], vec![]);
        assert_eq!(assert_count_matches(&p, 1000), 12);
        complete_without_simplification(&p);
        // 3×2: the same grids turned
        let p = on(Shape::rect(3, 2).unwrap(), &[], vec![]);
        assert_eq!(assert_count_matches(&p, 1000), 12);
        // 3×4 without boxes (4 values): the 3×4 Latin rectangles
        let p = on(Shape::rect(3, 4).unwrap(), &[], vec![]);
        let free = assert_count_matches(&p, 10_000);
        assert_eq!(free, 576);
        // 2×4 with 2×2 boxes (the boxes hold 1..4 once too)
        let boxed = Shape::rect_with_box(2, 4, 2, 2).unwrap();
        let n = assert_count_matches(&on(boxed.clone(), &[], vec![]), 10_000);
        let no_regions = Shape::rect_with_regions(2, 4, vec![None; 8]).unwrap();
        let unboxed = assert_count_matches(&on(no_regions, &[], vec![]), 10_000);
        // the 2×4 Latin rectangles: 4!·9
        assert_eq!(unboxed, 216);
        assert!(0 < n && n < unboxed, "{n} {unboxed}");
        complete_without_simplification(&on(boxed, &[(1, 1, 1)], vec![]));
        // 6×4 with ISS's 3×2 boxes and a few givens: rows of 4 differ, columns of 6 cover
        let s = Shape::rect(6, 4).unwrap();
        assert_eq!((s.box_rows(), s.box_cols()), (3, 2));
        let p = on(
            s,
            &[(1, 1, 1), (2, 3, 2), (4, 2, 3), (6, 4, 4), (3, 1, 5)],
            vec![],
        );
        let found = assert_count_matches(&p, 100_000);
        assert!(found > 1, "{found}");
        complete_without_simplification(&p);
        // values 0-3 on a 3x4 grid: the same count as 1-4
        let zero = Shape::rect(3, 4)
            .unwrap()
            .with_values(Values::parse("0-3").unwrap())
            .unwrap();
        assert_eq!(assert_count_matches(&on(zero, &[], vec![]), 10_000), free);
    }

    #[test]
    fn rules_on_rectangles_count_like_brute_force() {
        let s = || Shape::rect(4, 6).unwrap();
        let givens = [
            (1, 1, 1),
            (2, 4, 2),
            (3, 2, 3),
            (4, 6, 4),
            (1, 5, 5),
            (3, 6, 6),
        ];
        let base = assert_count_matches(&on(s(), &givens, vec![]), 100_000);
        for rules in [
            vec![rule(
                r#"{"type":"killer","cells":["r1c2","r2c2","r2c3"],"sum":10}"#,
            )],
            vec![rule(
                r#"{"type":"thermometer","cells":["r4c1","r3c1","r3c2"]}"#,
            )],
            vec![rule(r#"{"type":"anti-knight"}"#)],
            vec![rule(r#"{"type":"anti-king"}"#)],
            vec![rule(
                r#"{"type":"whispers","cells":["r4c2","r4c3","r4c4"]}"#,
            )],
            vec![rule(r#"{"type":"renban","cells":["r2c5","r3c5","r4c5"]}"#)],
            vec![rule(
                r#"{"type":"extra-region","cells":["r2c1","r3c3","r4c4","r1c6"]}"#,
            )],
            vec![rule(r#"{"type":"greater-than","cells":["r2c6","r2c5"]}"#)],
            vec![rule(r#"{"type":"column-indexer","cells":["r1c2","r3c4"]}"#)],
            // rules about their own cells, read for rectangles in a second pass
            vec![rule(
                r#"{"type":"arrow","circle":["r4c3"],"line":["r3c3","r3c4"]}"#,
            )],
            vec![rule(
                r#"{"type":"double-arrow","cells":["r1c3","r2c3","r3c3","r4c3"]}"#,
            )],
            vec![rule(r#"{"type":"xv","cells":["r2c2","r2c3"],"value":"V"}"#)],
            vec![rule(
                r#"{"type":"difference","cells":["r4c4","r4c5"],"value":1}"#,
            )],
            vec![rule(
                r#"{"type":"ratio","cells":["r3c4","r4c4"],"value":2}"#,
            )],
            vec![rule(
                r#"{"type":"sum-dot","cells":["r2c5","r2c6"],"sum":7}"#,
            )],
            vec![rule(r#"{"type":"odd","cells":["r4c5","r2c2"]}"#)],
            vec![rule(r#"{"type":"even","cells":["r4c3","r1c4"]}"#)],
            vec![rule(
                r#"{"type":"pencil-marks","cell":"r2c3","digits":[5,6]}"#,
            )],
            vec![rule(
                r#"{"type":"quadruple","cells":["r2c3","r2c4","r3c3","r3c4"],"digits":[1,6]}"#,
            )],
            vec![rule(
                r#"{"type":"clone","cells":["r1c2","r1c3"],"clones":["r4c4","r4c5"]}"#,
            )],
            vec![rule(
                r#"{"type":"palindrome","cells":["r1c3","r2c3","r3c4","r4c5"]}"#,
            )],
            vec![rule(
                r#"{"type":"between-line","cells":["r4c1","r3c2","r2c3"]}"#,
            )],
            vec![rule(
                r#"{"type":"slow-thermometer","cells":["r4c4","r4c3","r4c2"]}"#,
            )],
            vec![rule(r#"{"type":"nabner","cells":["r1c2","r2c3","r1c4"]}"#)],
            vec![rule(
                r#"{"type":"zipper-line","cells":["r3c3","r3c4","r3c5"]}"#,
            )],
            vec![rule(
                r#"{"type":"rellik-cage","cells":["r2c2","r2c3","r3c3"],"sum":5}"#,
            )],
            vec![rule(
                r#"{"type":"same-values","sets":[["r1c2","r1c3"],["r4c4","r4c5"]]}"#,
            )],
            vec![rule(
                r#"{"type":"equal-sums","segments":[["r1c2","r1c3"],["r4c5"]]}"#,
            )],
            vec![rule(
                r#"{"type":"relation","cells":["r2c2","r2c3","r3c3"],"allowed":[[1,3],[3,5],[5,2],[2,4],[4,6],[6,1]]}"#,
            )],
            vec![rule(
                r#"{"type":"weighted-sum","cells":["r1c2","r2c2","r4c5"],"weights":[2,-1,3],"sum":12}"#,
            )],
            // clues outside: rows of 6 cells, columns of 4 (from row 0 or 5)
            vec![rule(r#"{"type":"skyscraper","clue":"r2c0","count":3}"#)],
            vec![rule(r#"{"type":"skyscraper","clue":"r5c3","count":2}"#)],
            vec![rule(r#"{"type":"skyscraper","clue":"r0c2","count":4}"#)],
            vec![rule(r#"{"type":"numbered-room","clue":"r3c7","value":1}"#)],
            vec![rule(r#"{"type":"numbered-room","clue":"r5c5","value":6}"#)],
        ] {
            let p = on(s(), &givens, rules.clone());
            let found = assert_count_matches(&p, 100_000);
            assert!(found < base, "{rules:?}: {found} of {base}");
            complete_without_simplification(&p);
            // the same rules on the transposed 6×4 grid: as many solutions
            let json = transpose(&serde_json::to_string(&rules[0]).unwrap());
            let tall = on(
                Shape::rect(6, 4).unwrap(),
                &transposed(&givens),
                vec![rule(&json)],
            );
            assert_eq!(assert_count_matches(&tall, 100_000), found, "{json}");
        }
        // a 6×4 grid (more rows than columns, 3×2 boxes): clues on rows of 4, columns of 6
        let tall = || Shape::rect(6, 4).unwrap();
        let tall_givens = [(1, 1, 1), (2, 3, 2), (4, 2, 3), (6, 4, 4), (3, 1, 5)];
        let base = assert_count_matches(&on(tall(), &tall_givens, vec![]), 100_000);
        for json in [
            r#"{"type":"skyscraper","clue":"r0c2","count":3}"#,
            r#"{"type":"skyscraper","clue":"r4c5","count":2}"#,
            r#"{"type":"numbered-room","clue":"r7c3","value":6}"#,
            r#"{"type":"numbered-room","clue":"r2c0","value":4}"#,
            // candidates removed by `restrict` at row-major positions over 4 columns, not 6
            r#"{"type":"odd","cells":["r5c3","r6c1"]}"#,
            r#"{"type":"even","cells":["r2c4","r5c2"]}"#,
            r#"{"type":"between-line","cells":["r6c1","r5c2","r4c3"]}"#,
        ] {
            let p = on(tall(), &tall_givens, vec![rule(json)]);
            let found = assert_count_matches(&p, 100_000);
            assert!(found < base, "{json}: {found} of {base}");
            complete_without_simplification(&p);
        }
        // a 9×8 grid (more rows than columns, no boxes) with an anti-king
        let p = on(
            Shape::rect(9, 8).unwrap(),
            &[(1, 1, 1), (2, 2, 2)],
            vec![rule(r#"{"type":"anti-king"}"#)],
        );
        let sol = crate::solve::some_solution(&p).unwrap().unwrap();
        p.verify(&sol).unwrap();
    }

    /// The rule of `json` on each of `grids` (a shape and where to put givens), counted
    /// against brute force. The givens are taken from a solution of the empty grid under the
    /// rule (so some grid is left), at the listed cells. The counts agree, the rule leaves
    /// fewer grids than the same givens alone (it is enforced, on the rectangle's rows and
    /// columns as they are), and the formula without simplification counts the same.
    fn counts_on(grids: &[(Shape, &[(usize, usize)])], json: &str) {
        for (shape, at) in grids {
            let empty = on(shape.clone(), &[], vec![rule(json)]);
            let sol = crate::solve::some_solution(&empty)
                .unwrap()
                .unwrap_or_else(|| panic!("{json}: no grid on {}x{}", shape.rows(), shape.cols()));
            let givens: Vec<(usize, usize, usize)> = at
                .iter()
                .map(|&(r, c)| (r, c, sol.digit(Cell::new(r, c)).get()))
                .collect();
            let base = brute_force_count(&on(shape.clone(), &givens, vec![]), 100_000);
            let p = on(shape.clone(), &givens, vec![rule(json)]);
            let found = assert_count_matches(&p, 100_000);
            assert!(0 < found && found < base, "{json}: {found} of {base}");
            complete_without_simplification(&p);
        }
    }

    /// A 4×6 grid (2×3 boxes) and a 6×4 grid (3×2 boxes) with where to put a few givens,
    /// for the rules on rectangles: rows of 6 and columns of 4 cells, then rows of 4 and
    /// columns of 6.
    fn wide_and_tall() -> Vec<(Shape, &'static [(usize, usize)])> {
        vec![
            (
                Shape::rect(4, 6).unwrap(),
                &[(1, 1), (2, 4), (3, 2), (4, 6), (1, 5), (3, 6)],
            ),
            (
                Shape::rect(6, 4).unwrap(),
                &[(1, 1), (2, 3), (4, 2), (6, 4), (3, 1)],
            ),
        ]
    }

    #[test]
    fn neighbour_rules_on_rectangles_count_like_brute_force() {
        let grids = wide_and_tall();
        for json in [
            r#"{"type":"non-consecutive","except":[["r1c1","r1c2"]]}"#,
            r#"{"type":"negative-xv"}"#,
            r#"{"type":"negative-ratio","ratios":[2]}"#,
            r#"{"type":"minimum","cells":["r2c2","r4c4"]}"#,
            r#"{"type":"maximum","cells":["r1c4","r4c1"]}"#,
            r#"{"type":"anti-taxicab"}"#,
            r#"{"type":"dutch-flatmates"}"#,
            r#"{"type":"global-entropy"}"#,
            r#"{"type":"global-mod"}"#,
            r#"{"type":"disjoint-groups"}"#,
            r#"{"type":"box-indexer","cells":["r1c2","r4c4"]}"#,
            // a disjoint group of a 4×6 has 4 cells for 6 values: in an `or` branch too it
            // holds different values, not every value
            r#"{"type":"or","of":[{"type":"disjoint-groups"},{"type":"anti-taxicab"}]}"#,
        ] {
            counts_on(&grids, json);
        }
        // the pairs cross the whole grid, not an N×N corner: a 2×5 grid (no boxes) where the
        // only neighbours are those of its rows of 5 and columns of 2
        let flat = Shape::rect(2, 5).unwrap();
        for json in [
            r#"{"type":"non-consecutive"}"#,
            r#"{"type":"negative-xv","except":[["r1c4","r1c5"]]}"#,
            r#"{"type":"anti-taxicab"}"#,
        ] {
            counts_on(&[(flat.clone(), &[(1, 1), (2, 3)])], json);
        }
        // negative XV on the values 0-5: one relation per unmarked pair of the 4×6 grid
        let zero = Shape::rect(4, 6)
            .unwrap()
            .with_values(Values::parse("0-5").unwrap())
            .unwrap();
        counts_on(
            &[(zero, &[(1, 1), (2, 4), (3, 2), (4, 6)])],
            r#"{"type":"negative-xv"}"#,
        );
        // no boxes on a 3×4 grid holding 1-4: no positions within boxes
        let e = Puzzle::new(
            Shape::rect(3, 4).unwrap(),
            Grid::empty_rect(3, 4),
            vec![rule(r#"{"type":"or","of":[{"type":"disjoint-groups"}]}"#)],
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("of[0] (disjoint-groups)") && e.contains("not boxes"),
            "{e}"
        );
        // a box indexer needs regions of one cell per value
        let e = Puzzle::new(
            Shape::rect_with_box(4, 6, 2, 2).unwrap(),
            Grid::empty_rect(4, 6),
            vec![rule(r#"{"type":"box-indexer","cells":["r1c1"]}"#)],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("region of 4 cells"), "{e}");
    }

    /// The rule of `json` on a 4×6 grid (2×3 boxes) and, transposed, on a 6×4 grid (3×2
    /// boxes), counted against brute force: givens taken from a solution of the empty 4×6
    /// grid under the rule at six cells (so some grid is left), the counts agree, the rule
    /// leaves fewer grids than the givens alone, the formula without simplification counts
    /// the same, and the transposed puzzle has as many solutions.
    fn counts_wide_and_tall(json: &str) {
        let wide = Shape::rect(4, 6).unwrap();
        let empty = on(wide.clone(), &[], vec![rule(json)]);
        let sol = crate::solve::some_solution(&empty)
            .unwrap()
            .unwrap_or_else(|| panic!("{json}: no 4x6 grid"));
        let givens: Vec<(usize, usize, usize)> = [(1, 1), (2, 4), (3, 2), (4, 6), (1, 5), (3, 6)]
            .iter()
            .map(|&(r, c)| (r, c, sol.digit(Cell::new(r, c)).get()))
            .collect();
        let base = brute_force_count(&on(wide.clone(), &givens, vec![]), 100_000);
        let p = on(wide, &givens, vec![rule(json)]);
        let found = assert_count_matches(&p, 100_000);
        assert!(0 < found && found < base, "{json}: {found} of {base}");
        complete_without_simplification(&p);
        let json = transpose(json);
        let tall = on(
            Shape::rect(6, 4).unwrap(),
            &transposed(&givens),
            vec![rule(&json)],
        );
        assert_eq!(assert_count_matches(&tall, 100_000), found, "{json}");
        complete_without_simplification(&tall);
    }

    #[test]
    fn line_and_cage_rules_on_rectangles_count_like_brute_force() {
        for json in [
            // thirds, remainders, halves and gaps of the values 1-6
            r#"{"type":"entropic-line","cells":["r1c4","r1c5","r1c6","r2c6"]}"#,
            r#"{"type":"modular-line","cells":["r2c3","r2c4","r2c5","r3c6"]}"#,
            r#"{"type":"modular-line","cells":["r4c3","r4c4","r4c5","r4c6","r3c6"],"modulus":4}"#,
            r#"{"type":"lockout","cells":["r1c5","r2c5","r2c6"]}"#,
            r#"{"type":"equality-cage","cells":["r2c2","r2c3","r3c4","r4c5"]}"#,
            // segments, patterns, automata, indices and counts over the cells
            r#"{"type":"region-sum-line","cells":["r1c2","r1c3","r1c4","r1c5"]}"#,
            r#"{"type":"sum-line","cells":["r3c4","r3c5","r3c6","r4c6"],"sum":7}"#,
            r#"{"type":"regex","cells":["r3c3","r3c4","r3c5"],"pattern":"(12|3)+.*"}"#,
            r#"{"type":"nfa","cells":["r1c6","r2c6","r3c6","r4c6"],"start":[0],"accept":[0],"transitions":[[0,[1,3,5],1],[1,[2,4,6],0]]}"#,
            r#"{"type":"value-indexing","cells":["r1c1","r1c2","r2c3","r3c4","r4c5"]}"#,
            r#"{"type":"look-and-say","cells":["r3c3","r3c4","r4c3","r4c4"],"counts":[[1,6],[0,1]]}"#,
            r#"{"type":"count-distinct","cells":["r4c6","r1c4","r2c4","r3c5"]}"#,
            r#"{"type":"counting-circles","cells":["r1c6","r2c5","r3c4","r4c3"]}"#,
            // a lunchbox of V cells (a sandwich's crust distances) and a shorter one
            r#"{"type":"lunchbox","cells":["r2c1","r2c2","r2c3","r2c4","r2c5","r2c6"],"sum":5}"#,
            r#"{"type":"lunchbox","cells":["r3c1","r3c2","r3c3","r4c3"],"sum":2}"#,
            // diagonals ending at the short side and at the long one
            r#"{"type":"little-killer","cells":["r1c3","r2c4","r3c5","r4c6"],"sum":14}"#,
            r#"{"type":"little-killer","cells":["r2c1","r3c2","r4c3"],"sum":7}"#,
            // an `or` of rules that each stand on a rectangle
            r#"{"type":"or","of":[{"type":"lockout","cells":["r2c2","r3c3"]},{"type":"regex","cells":["r2c2","r3c3"],"pattern":"1."}]}"#,
        ] {
            counts_wide_and_tall(json);
        }
    }

    #[test]
    fn outside_clues_on_rectangles_count_like_brute_force() {
        for json in [
            // rows of 6 cells on the 4×6 grid (columns of 6 on the 6×4 one): they hold the
            // crusts 1 and 6, and every first digit of an X-sum counts cells that are there
            r#"{"type":"sandwich","clue":"r2c0","sum":5}"#,
            r#"{"type":"sandwich","clue":"r3c7","sum":9}"#,
            r#"{"type":"x-sum","clue":"r1c0","sum":10}"#,
            r#"{"type":"x-sum","clue":"r4c7","sum":6}"#,
            // hidden skyscrapers on both: a column of 4 cells and a row of 6
            r#"{"type":"hidden-skyscraper","clue":"r0c2","value":2}"#,
            r#"{"type":"hidden-skyscraper","clue":"r5c5","value":3}"#,
            r#"{"type":"hidden-skyscraper","clue":"r2c7","value":3}"#,
        ] {
            counts_wide_and_tall(json);
        }
        // a column of 4 cells on a grid holding 1-6 need not hold the crusts 1 and 6: the
        // sandwich is a lunchbox there (its crusts the column's smallest and largest), and
        // an X-sum's first digit past 4 counts past the column's end (as ISS reads both)
        for json in [
            r#"{"type":"sandwich","clue":"r0c2","sum":5}"#,
            r#"{"type":"sandwich","clue":"r5c3","sum":0}"#,
            r#"{"type":"x-sum","clue":"r5c3","sum":6}"#,
            r#"{"type":"x-sum","clue":"r0c1","sum":3}"#,
        ] {
            counts_wide_and_tall(json);
        }
        // a hidden skyscraper of the tallest value is never hidden, on a line of either side
        let e = Puzzle::new(
            Shape::rect(4, 6).unwrap(),
            Grid::empty_rect(4, 6),
            vec![rule(
                r#"{"type":"hidden-skyscraper","clue":"r0c1","value":6}"#,
            )],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("never hidden"), "{e}");
    }

    #[test]
    fn regions_larger_than_the_side_count_like_brute_force() {
        // a 4×4 holding 1-8 with two 2×4 boxes of 8 cells: each box holds 1..8 once
        let s = Shape::rect_with_box(4, 4, 2, 4)
            .unwrap()
            .with_values(Values::parse("8").unwrap())
            .unwrap();
        assert_eq!(s.region_size(), 8);
        let p = on(
            s,
            &[
                (1, 1, 1),
                (1, 2, 2),
                (1, 3, 3),
                (2, 1, 4),
                (2, 2, 5),
                (2, 3, 6),
                (3, 1, 7),
            ],
            vec![],
        );
        let found = assert_count_matches(&p, 100_000);
        assert!(found > 0, "{found}");
        complete_without_simplification(&p);
        // boxes of 9 cells cannot hold 6 different values
        let e = Puzzle::new(
            Shape::rect_with_box(6, 6, 3, 3).unwrap(),
            Grid::empty(6),
            vec![],
        )
        .unwrap_err();
        assert!(e.to_string().contains("regions of 9 cells"), "{e}");
        let e = Shape::rect_with_box(6, 6, 3, 3)
            .unwrap()
            .with_values(Values::parse("1-8").unwrap())
            .unwrap_err();
        assert!(e.to_string().contains("regions of 9 cells"), "{e}");
    }

    #[test]
    fn square_only_rules_and_shapes_are_refused_on_rectangles() {
        let s = Shape::rect(6, 8).unwrap();
        // each refused with its reason, also inside an `or`
        for (json, why) in [
            (r#"{"type":"diagonal","positive":true}"#, "diagonals hold"),
            (
                r#"{"type":"full-rank","clues":[{"clue":"r0c1","rank":1}]}"#,
                "different lengths",
            ),
            (r#"{"type":"doppelganger"}"#, "miss one value"),
        ] {
            let or = format!(r#"{{"type":"or","of":[{{"type":"odd","cells":["r1c1"]}},{json}]}}"#);
            for c in [rule(json), rule(&or)] {
                let e = Puzzle::new(s.clone(), Grid::empty_rect(6, 8), vec![c])
                    .unwrap_err()
                    .to_string();
                assert!(
                    e.contains("rectangular grid (6x8") && e.contains(why),
                    "{e}"
                );
            }
        }
        // a row indexer on a 6×8 grid: digits 7 and 8 name no row
        let e = Puzzle::new(
            s.clone(),
            Grid::empty_rect(6, 8),
            vec![rule(r#"{"type":"row-indexer","cells":["r1c1"]}"#)],
        )
        .unwrap_err();
        assert!(e.to_string().contains("row that is not there"), "{e}");
        // on an 8×6 grid it names every row
        on(
            Shape::rect(8, 6).unwrap(),
            &[],
            vec![rule(r#"{"type":"row-indexer","cells":["r1c1"]}"#)],
        );
        // a chaos construction on a rectangle: six regions of 8 cells
        let chaos = Shape::rect_with_regions(6, 8, vec![None; 48])
            .unwrap()
            .with_chaos()
            .unwrap();
        assert_eq!(chaos.chaos_regions(), 6);
        on(
            chaos,
            &[],
            vec![rule(r#"{"type":"same-region","cells":["r1c1","r6c8"]}"#)],
        );
        // a killer stays: on a rectangle it is about its own cells
        on(
            Shape::rect(6, 8).unwrap(),
            &[],
            vec![rule(r#"{"type":"killer","cells":["r6c8","r5c8"],"sum":3}"#)],
        );
        // a cell below the last row is outside, though its row is under the longer side
        let e = Puzzle::new(
            Shape::rect(6, 8).unwrap(),
            Grid::empty_rect(6, 8),
            vec![rule(r#"{"type":"killer","cells":["r7c1"]}"#)],
        )
        .unwrap_err();
        assert!(e.to_string().contains("outside the 6x8 grid"), "{e}");
        // generation: a 90° turn does not map a rectangle onto itself
        let layout = on(Shape::rect(4, 6).unwrap(), &[], vec![]);
        let opts = crate::generate::GenerateOptions {
            symmetry: crate::generate::Symmetry::Rot90,
            ..Default::default()
        };
        let e = crate::generate::generate(&layout, &opts, &mut crate::generate::Rng::new(1));
        assert!(e.is_err());
        let opts = crate::generate::GenerateOptions {
            symmetry: crate::generate::Symmetry::Rot180,
            ..Default::default()
        };
        let g =
            crate::generate::generate(&layout, &opts, &mut crate::generate::Rng::new(1)).unwrap();
        assert!(matches!(
            crate::solve::check(&g.puzzle).unwrap(),
            crate::solve::Verdict::Unique(_)
        ));
        // f-puzzles has no rectangles: the export says so instead of a wrong grid
        let doc = crate::format::json::Document::new(layout);
        let x = crate::format::fpuzzles::export(&doc);
        assert!(x.losses[0].contains("rectangular"), "{:?}", x.losses);
    }

    #[test]
    fn rectangles_round_trip_through_native_json() {
        let text = r#"{"satdoku": 1, "rows": 4, "cols": 6, "values": "0-5",
            "givens": ["0.....", "......", "......", ".....5"],
            "constraints": [{"type": "killer", "cells": ["r1c2", "r1c3"], "sum": 3}]}"#;
        let doc = crate::format::json::from_str(text).unwrap();
        assert_eq!(
            (doc.puzzle.shape().rows(), doc.puzzle.shape().cols()),
            (4, 6)
        );
        let out = crate::format::json::to_string_pretty(&doc).unwrap();
        assert!(
            out.contains("\"rows\": 4") && !out.contains("\"size\""),
            "{out}"
        );
        let back = crate::format::json::from_str(&out).unwrap();
        assert_eq!(back.puzzle, doc.puzzle);
        for bad in [
            r#"{"satdoku": 1, "rows": 4}"#,
            r#"{"satdoku": 1, "size": 4, "rows": 4, "cols": 6}"#,
            r#"{"satdoku": 1, "rows": 4, "cols": 65}"#,
        ] {
            assert!(crate::format::json::from_str(bad).is_err(), "{bad}");
        }
        // a 6×6 holding 1-9 in four 3×3 boxes (ISS `6x6~9` with `RegionSize~9`)
        let doc = crate::format::json::from_str(
            r#"{"satdoku": 1, "size": 6, "values": "1-9", "box": "3x3"}"#,
        )
        .unwrap();
        assert_eq!(doc.puzzle.shape().region_size(), 9);
        let sol = crate::solve::some_solution(&doc.puzzle).unwrap().unwrap();
        doc.puzzle.verify(&sol).unwrap();
    }
}
