//! Rules on raw grids (ISS `~Raw`, native `"raw": true`): no row, column or region makes
//! two cells differ, so the puzzle's rules say everything ("250!": rows, columns and boxes
//! that each hold three 0s, three 2s and three 5s).
//!
//! A rule stands on a raw grid when its meaning is about its own cells and the values, and
//! its encoder and checker assume nothing of the rows and columns: the rules of [`ON_RAW`],
//! each counted against brute force on a raw 2×3 grid below. Every other rule is refused
//! there with its name: those that read a whole row or column (clues outside the grid,
//! whose encoders bound a line's sums by its different values), those about regions, and
//! those not yet read for raw grids.

use super::Constraint;

/// Rules that keep their meaning, validation, encoding and checker on a raw grid.
pub const ON_RAW: &[&str] = &[
    "killer",
    "look-and-say",
    "thermometer",
    "slow-thermometer",
    "whispers",
    "renban",
    "greater-than",
    "arrow",
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
    "relation",
    "weighted-sum",
    "regex",
    "nfa",
    "equal-sums",
    "same-values",
    "extra-region",
    "little-killer",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "modular-line",
    "entropic-line",
    "nabner",
    "lockout",
    "rellik-cage",
    "value-indexing",
    "sum-line",
    "connected-values",
    "contain-at-least",
    "lunchbox",
    "count-distinct",
    "double-arrow",
    "zipper-line",
    "counting-circles",
    "minimum",
    "maximum",
    "negative-xv",
    "negative-ratio",
    "anti-taxicab",
    "global-mod",
    "dutch-flatmates",
    "global-entropy",
];

/// `Ok` if `c` can stand on a raw grid (an `or` or `and` when each of its rules can);
/// `Err` says why not.
pub fn on_raw(c: &Constraint) -> Result<(), String> {
    match c {
        Constraint::Or(super::or::Or { of }) | Constraint::And(super::or::And { of }) => of
            .iter()
            .enumerate()
            .try_for_each(|(i, r)| on_raw(r).map_err(|e| format!("of[{i}] ({}): {e}", r.kind()))),
        _ if ON_RAW.contains(&c.kind()) => Ok(()),
        _ => Err(format!(
            "the rule {} is not read on a raw grid (no rows, columns or regions that differ): \
             it reads whole rows, columns or regions, or assumes their values differ",
            c.kind()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::{assert_count_matches, brute_force_count};

    /// A raw 2×3 grid holding 1-3.
    fn raw() -> Shape {
        Shape::rect_with_regions(2, 3, vec![None; 6])
            .unwrap()
            .with_raw()
            .unwrap()
    }

    /// One example per rule of [`ON_RAW`], inside a 2×3 grid; most lie along row 1, where
    /// an encoder that assumed the row's values differ would lose solutions.
    const EXAMPLES: &[&str] = &[
        r#"{"type":"killer","cells":["r1c1","r1c2","r2c2"],"sum":6}"#,
        r#"{"type":"look-and-say","cells":["r1c1","r1c2","r1c3","r2c1"],"counts":[[2,1],[0,3]]}"#,
        r#"{"type":"thermometer","cells":["r1c1","r1c2","r1c3"]}"#,
        r#"{"type":"slow-thermometer","cells":["r1c1","r1c2","r1c3"]}"#,
        r#"{"type":"whispers","cells":["r1c1","r1c2","r1c3"],"difference":2}"#,
        r#"{"type":"renban","cells":["r1c1","r1c2"]}"#,
        r#"{"type":"greater-than","cells":["r1c1","r1c2"]}"#,
        r#"{"type":"arrow","circle":["r1c1"],"line":["r1c2","r1c3"]}"#,
        r#"{"type":"xv","cells":["r1c1","r1c2"],"value":"V"}"#,
        r#"{"type":"difference","cells":["r1c1","r1c2"],"value":1}"#,
        r#"{"type":"ratio","cells":["r1c2","r1c3"],"value":2}"#,
        r#"{"type":"sum-dot","cells":["r1c1","r2c1"],"sum":4}"#,
        r#"{"type":"odd","cells":["r1c1","r1c2"]}"#,
        r#"{"type":"even","cells":["r1c3","r2c3"]}"#,
        r#"{"type":"pencil-marks","cell":"r1c2","digits":[2,3]}"#,
        r#"{"type":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"digits":[1,1]}"#,
        r#"{"type":"clone","cells":["r1c1","r1c2"],"clones":["r2c2","r2c3"]}"#,
        r#"{"type":"palindrome","cells":["r1c1","r1c2","r1c3"]}"#,
        r#"{"type":"between-line","cells":["r1c1","r1c2","r1c3"]}"#,
        r#"{"type":"relation","cells":["r1c1","r1c2","r1c3"],"allowed":[[1,1],[1,2],[3,3]]}"#,
        r#"{"type":"weighted-sum","cells":["r1c1","r1c2","r1c3"],"weights":[1,2,-1],"sum":4}"#,
        r#"{"type":"regex","cells":["r1c1","r1c2","r1c3","r2c3"],"pattern":"1+[23]*"}"#,
        r#"{"type":"nfa","cells":["r1c1","r1c2","r1c3"],"start":[0],"accept":[1],"transitions":[[0,[1,2],1],[1,[1],0]]}"#,
        r#"{"type":"equal-sums","segments":[["r1c1","r1c2"],["r2c1","r2c2","r2c3"]]}"#,
        r#"{"type":"same-values","sets":[["r1c1","r1c2"],["r2c2","r2c3"]]}"#,
        r#"{"type":"extra-region","cells":["r1c1","r1c2","r2c3"]}"#,
        r#"{"type":"little-killer","cells":["r1c1","r2c2"],"sum":4}"#,
        r#"{"type":"anti-knight"}"#,
        r#"{"type":"anti-king"}"#,
        r#"{"type":"non-consecutive"}"#,
        r#"{"type":"modular-line","cells":["r1c1","r1c2","r1c3","r2c3"]}"#,
        r#"{"type":"entropic-line","cells":["r1c1","r1c2","r1c3","r2c3"]}"#,
        r#"{"type":"nabner","cells":["r1c1","r1c2"]}"#,
        r#"{"type":"lockout","cells":["r1c1","r1c2","r1c3"]}"#,
        r#"{"type":"rellik-cage","cells":["r1c1","r2c2"],"sum":4}"#,
        r#"{"type":"value-indexing","cells":["r1c1","r1c2","r1c3","r2c3"]}"#,
        r#"{"type":"sum-line","cells":["r1c1","r1c2","r1c3","r2c3"],"sum":3}"#,
        r#"{"type":"connected-values","values":[1,2],"size":3}"#,
        r#"{"type":"contain-at-least","cells":["r1c1","r1c2","r1c3","r2c2"],"values":[2,2,3]}"#,
        r#"{"type":"lunchbox","cells":["r1c1","r1c2","r2c3"],"sum":0}"#,
        r#"{"type":"count-distinct","cells":["r1c1","r1c2","r1c3","r2c3"]}"#,
        r#"{"type":"double-arrow","cells":["r1c1","r1c2","r1c3"]}"#,
        r#"{"type":"zipper-line","cells":["r1c1","r1c2","r1c3","r2c3"]}"#,
        r#"{"type":"counting-circles","cells":["r1c1","r1c2","r1c3","r2c3"]}"#,
        r#"{"type":"minimum","cells":["r1c2"]}"#,
        r#"{"type":"maximum","cells":["r1c2","r2c1"]}"#,
        r#"{"type":"negative-xv"}"#,
        r#"{"type":"negative-ratio"}"#,
        r#"{"type":"anti-taxicab"}"#,
        r#"{"type":"global-mod"}"#,
        r#"{"type":"dutch-flatmates"}"#,
        r#"{"type":"global-entropy"}"#,
    ];

    #[test]
    fn every_rule_read_on_raw_grids_counts_as_brute_force_does() {
        let mut kinds = Vec::new();
        for json in EXAMPLES {
            let rule: Constraint = serde_json::from_str(json).unwrap();
            let p = Puzzle::new(raw(), Grid::empty_rect(2, 3), vec![rule.clone()])
                .unwrap_or_else(|e| panic!("{json}: {e}"));
            let n = brute_force_count(&p, 1000);
            let sat = crate::solve::count(&p, 1000).unwrap().found;
            assert_eq!(sat, n, "{json}: SAT against brute force");
            assert!(n > 0 && n < 729, "{json}: {n} of the 729 grids");
            kinds.push(rule.kind());
        }
        // the same list, so a rule added to ON_RAW gets its example here
        kinds.sort_unstable();
        let mut listed = ON_RAW.to_vec();
        listed.sort_unstable();
        assert_eq!(kinds, listed);
    }

    #[test]
    fn the_others_are_refused_with_their_name() {
        let sandwich: Constraint =
            serde_json::from_str(r#"{"type":"sandwich","clue":"r1c0","sum":0}"#).unwrap();
        let e = Puzzle::new(raw(), Grid::empty_rect(2, 3), vec![sandwich])
            .unwrap_err()
            .to_string();
        assert!(e.contains("sandwich is not read on a raw grid"), "{e}");
        let or: Constraint = serde_json::from_str(
            r#"{"type":"or","of":[{"type":"odd","cells":["r1c1"]},{"type":"diagonal"}]}"#,
        )
        .unwrap();
        let e = on_raw(&or).unwrap_err();
        assert!(e.contains("of[1] (diagonal)"), "{e}");
    }

    #[test]
    fn a_raw_grid_lets_rows_and_columns_repeat() {
        // no rule: every grid of 1-3 values (3^6)
        let p = Puzzle::new(raw(), Grid::empty_rect(2, 3), vec![]).unwrap();
        assert_eq!(assert_count_matches(&p, 1000), 729);
        // a repeat in a row is a solution's right
        let mut g = Grid::empty_rect(2, 3);
        for cell in raw().cells() {
            g.set(cell, Some(crate::geometry::Digit::new(1)));
        }
        p.verify(&g).unwrap();
        // and a raw grid has no regions or chaos
        let boxed = Shape::rect(2, 4).unwrap();
        assert!(boxed
            .with_raw()
            .unwrap_err()
            .to_string()
            .contains("no boxes"));
        let e = raw().with_chaos().unwrap_err().to_string();
        assert!(e.contains("chaos"), "{e}");
    }
}
