//! Brute-force tests of the rules restated on value sets and on more values than a row holds:
//! each rule written about values is counted against a check written on values.

use super::*;
use crate::format::text::{parse_grid, Symbols};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::killer::Killer;
use crate::rules::testing::*;

fn shape(n: usize, v: &str) -> Shape {
    Shape::new(n)
        .unwrap()
        .with_values(Values::parse(v).unwrap())
        .unwrap()
}

/// A puzzle on `shape` from a text line written in its values, with `rules` as written.
fn on(shape: Shape, text: &str, rules: Vec<Constraint>) -> Puzzle {
    let symbols = Symbols::standard().with_values(shape.values());
    let n = shape.size();
    let givens = parse_grid(text, n, &symbols).unwrap();
    Puzzle::new(shape, givens, rules).unwrap()
}

#[test]
fn values_from_zero_count_like_brute_force() {
    // 4×4 with values 0-3: as many grids as the classic 4×4
    let p = on(shape(4, "0-3"), &".".repeat(16), vec![]);
    assert_eq!(assert_count_matches(&p, 1000), 288);
    complete_without_simplification(&on(shape(4, "0-3"), "0.........3.....", vec![]));
    // a cage of values 0 and 1 (sum 1), a thermometer from 0
    let rules: Vec<Constraint> = vec![
        serde_json::from_str(r#"{"type":"killer","cells":["r1c1","r1c2"],"sum":1}"#).unwrap(),
        serde_json::from_str(r#"{"type":"thermometer","cells":["r3c1","r3c2","r3c3"]}"#).unwrap(),
    ];
    let p = on(shape(4, "0-3"), &".".repeat(16), rules.clone());
    let found = assert_count_matches(&p, 1000);
    assert!(found > 0 && found < 288, "{found}");
    complete_without_simplification(&p);
    // the same rules with values 5-8 mean other things: sum 1 is refused
    let e = Puzzle::new(shape(4, "5-8"), Grid::empty(4), rules).unwrap_err();
    assert!(e.to_string().contains("smallest total is 10"), "{e}");
}

#[test]
fn more_values_than_cells_count_like_brute_force() {
    // 4×4 with values 1-6: every row, column and box all different, not covering 1-6
    let p = on(shape(4, "1-6"), "12..34..5.......", vec![]);
    let found = assert_count_matches(&p, 100_000);
    assert!(found > 288, "{found}");
    complete_without_simplification(&on(shape(4, "1-6"), "123434..5..6..2.", vec![]));
    // with a diagonal (all different too) and an anti-king
    let rules: Vec<Constraint> = vec![
        serde_json::from_str(r#"{"type":"diagonal","positive":true}"#).unwrap(),
        serde_json::from_str(r#"{"type":"anti-king"}"#).unwrap(),
    ];
    let p = on(shape(4, "1-6"), "12..34..5.......", rules);
    let with = assert_count_matches(&p, 100_000);
    assert!(with < found, "{with} {found}");
    // values 0-5 on a 4×4, one given 0
    let p = on(shape(4, "0-5"), "0....5..........", vec![]);
    assert_count_matches(&p, 100_000);
}

#[test]
fn the_checker_reads_values() {
    let p = on(shape(4, "1-6"), &".".repeat(16), vec![]);
    let read = |t: &str| parse_grid(t, 4, &Symbols::standard().with_values(p.shape().values()));
    // box 3 (r3c2, r4c1) holds 5 twice, no row or column repeats
    let e = p
        .verify(&read("1234345645615123").unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("region") && e.contains('5'), "{e}");
    let good = read("1234345645616123").unwrap();
    p.verify(&good).unwrap();
    assert!(read("1234345645617123").is_err(), "7 is not a value");
    // a value outside the set
    let mut bad = good.clone();
    bad.set(Cell::new(1, 1), Some(Digit::new(7)));
    let e = p.verify(&bad).unwrap_err().to_string();
    assert!(e.contains("outside the values 1-6"), "{e}");
    // a repeat in a row of the 0-3 grid
    let p = on(shape(4, "0-3"), &".".repeat(16), vec![]);
    let read = |t: &str| parse_grid(t, 4, &Symbols::standard().with_values(p.shape().values()));
    p.verify(&read("0123230110323210").unwrap()).unwrap();
    let e = p
        .verify(&read("0103230110323210").unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("row 1"), "{e}");
}

#[test]
fn killer_sums_shift_by_the_offset() {
    let k = |sum| {
        Constraint::Killer(Killer {
            cells: cells(&[(1, 1), (1, 2), (2, 1)]),
            sum: Some(sum),
        })
    };
    // values 0-3: indices are values + 1, three cells add 3
    assert_eq!(to_index_space(&k(3), &shape(4, "0-3")).unwrap(), k(6));
    // standard values: unchanged
    assert_eq!(to_index_space(&k(6), &shape(4, "1-4")).unwrap(), k(6));
    // values 2-5: indices are values - 1
    assert_eq!(to_index_space(&k(9), &shape(4, "2-5")).unwrap(), k(6));
    let e = to_index_space(&k(2), &shape(4, "2-5")).unwrap_err();
    assert!(e.contains("smallest total is 6"), "{e}");
}

#[test]
fn rules_whose_meaning_needs_the_values_are_refused() {
    let odd: Constraint = serde_json::from_str(r#"{"type":"odd","cells":["r1c1"]}"#).unwrap();
    // values 0-3 and 2-7: an odd value is an even index; 1-6 on a 4x4: the same indices
    for v in ["0-3", "2-7"] {
        assert!(matches!(
            to_index_space(&odd, &shape(4, v)).unwrap(),
            Constraint::Even(_)
        ));
    }
    assert_eq!(to_index_space(&odd, &shape(4, "1-6")).unwrap(), odd);
    assert_eq!(to_index_space(&odd, &shape(4, "1-4")).unwrap(), odd);
    // full rank is order-only, but not read with more values than a row
    let thermo: Constraint =
        serde_json::from_str(r#"{"type":"full-rank","clues":[{"clue":"r0c1","rank":1}]}"#).unwrap();
    assert!(to_index_space(&thermo, &shape(4, "0-3")).is_ok());
    let e = to_index_space(&thermo, &shape(4, "1-6")).unwrap_err();
    assert!(e.contains("6 values on a 4x4"), "{e}");
    let cage = |sum| {
        Constraint::Killer(Killer {
            cells: cells(&[(1, 1), (1, 2)]),
            sum,
        })
    };
    assert!(to_index_space(&cage(None), &shape(4, "1-6")).is_ok());
    // a cage sum over different values of 1-6 (counted in
    // rules_on_more_values_than_a_row_mean_what_they_say)
    assert_eq!(
        to_index_space(&cage(Some(11)), &shape(4, "1-6")).unwrap(),
        cage(Some(11))
    );
}

/// The rule written about values on a 4×4 with `values`: the solver's count equals the
/// number of 4×4 sudokus whose values satisfy `holds` (a check on values, written here
/// apart from the rules' code), and the puzzle's checker accepts exactly those grids.
fn agrees_on_values(v: &str, rule: &str, holds: impl Fn(&dyn Fn(usize, usize) -> i64) -> bool) {
    let shape = shape(4, v);
    let off = shape.values().offset();
    let rule: Constraint = serde_json::from_str(rule).unwrap();
    let p = Puzzle::new(shape, Grid::empty(4), vec![rule.clone()]).unwrap();
    let mut expected = 0;
    for g in all_4x4() {
        // value at 1-based (row, column)
        let at = |r: usize, c: usize| g[(r - 1) * 4 + c - 1] as i64 + off;
        let ok = holds(&at);
        expected += ok as usize;
        let mut grid = Grid::empty(4);
        for (i, &d) in g.iter().enumerate() {
            grid.set(Cell::from_position(i, 4), Some(Digit::new(d)));
        }
        assert_eq!(p.verify(&grid).is_ok(), ok, "{rule:?} on {g:?}");
    }
    assert!(expected > 0 && expected < 288, "{rule:?}: {expected} grids");
    assert_eq!(count(&p, 1000), expected, "{rule:?} with values {v}");
}

/// Whether `vs` divides into consecutive segments each adding up to `sum` (every cut
/// set tried), or adds up to 0 (ISS's reading of a line of zeros).
fn divides(vs: &[i64], sum: i64) -> bool {
    if vs.iter().sum::<i64>() == 0 {
        return true;
    }
    (0..1u32 << (vs.len() - 1)).any(|cuts| {
        let mut open = 0;
        for (i, v) in vs.iter().enumerate() {
            open += v;
            if cuts >> i & 1 == 1 || i + 1 == vs.len() {
                if open != sum {
                    return false;
                }
                open = 0;
            }
        }
        true
    })
}

#[test]
fn regexes_name_values_and_sum_lines_add_values() {
    // a regex's characters are values: 0 is the value 0 on 0-3
    let re =
        |p: &str, cells: &str| format!(r#"{{"type":"regex","cells":[{cells}],"pattern":"{p}"}}"#);
    let row = r#""r1c1","r1c2","r1c3""#;
    agrees_on_values("0-3", &re("0.[23]", row), |v| {
        v(1, 1) == 0 && matches!(v(1, 3), 2 | 3)
    });
    let col = r#""r1c1","r2c1""#;
    agrees_on_values("0-3", &re("[^0]+1|3.*", col), |v| {
        (v(1, 1) != 0 && v(2, 1) == 1) || v(1, 1) == 3
    });
    agrees_on_values("2-5", &re("[23]5.", r#""r1c1","r2c2","r3c3""#), |v| {
        matches!(v(1, 1), 2 | 3) && v(2, 2) == 5
    });
    let e = refused("0-3", &re("4", col));
    assert!(e.contains("not a digit 0..3"), "{e}");
    // a sum line adds values: a 0 joins either neighbouring segment
    let sl = |sum: usize, cells: &str, lp: bool| {
        format!(r#"{{"type":"sum-line","cells":[{cells}],"sum":{sum},"loop":{lp}}}"#)
    };
    // a line through two boxes, so values repeat: r1c1 r1c2 r2c3 r3c3
    let line = r#""r1c1","r1c2","r2c3","r3c3""#;
    let vals = |v: &dyn Fn(usize, usize) -> i64| [v(1, 1), v(1, 2), v(2, 3), v(3, 3)];
    for sum in [1, 2, 3, 4] {
        agrees_on_values("0-3", &sl(sum, line, false), |v| {
            divides(&vals(v), sum as i64)
        });
    }
    agrees_on_values("2-5", &sl(5, line, false), |v| divides(&vals(v), 5));
    // a loop across two boxes: some rotation divides
    let ring = r#""r1c2","r1c3","r2c3","r2c2""#;
    for sum in [2, 3] {
        agrees_on_values("0-3", &sl(sum, ring, true), |v| {
            let vs = [v(1, 2), v(1, 3), v(2, 3), v(2, 2)];
            (0..4).any(|k| {
                let rot: Vec<i64> = (0..4).map(|i| vs[(i + k) % 4]).collect();
                divides(&rot, sum as i64)
            })
        });
    }
    let e = refused("-1-2", &sl(3, line, false));
    assert!(e.contains("values of at least 0"), "{e}");
}

/// Whether some non-empty subset of `vs` adds up to `sum`.
fn some_subset_adds(vs: &[i64], sum: i64) -> bool {
    (1..1u32 << vs.len()).any(|m| {
        let t: i64 = (0..vs.len())
            .filter(|i| m >> i & 1 == 1)
            .map(|i| vs[i])
            .sum();
        t == sum
    })
}

/// Whether the values `vs` all differ.
fn distinct(vs: &[i64]) -> bool {
    (0..vs.len()).all(|i| !vs[..i].contains(&vs[i]))
}

/// The sum of `vs` strictly between the positions of its smallest and largest values.
fn between_extremes(vs: &[i64]) -> i64 {
    let at = |v: i64| vs.iter().position(|&x| x == v).unwrap();
    let (a, b) = (at(*vs.iter().min().unwrap()), at(*vs.iter().max().unwrap()));
    vs[a.min(b) + 1..a.max(b)].iter().sum()
}

#[test]
fn sums_along_lines_add_values() {
    let row = |v: &dyn Fn(usize, usize) -> i64| [v(1, 1), v(1, 2), v(1, 3), v(1, 4)];
    // X-sums: the first value X counts X cells (0 counts none), the clue adds values
    let x_sum =
        |clue: &str, sum: usize| format!(r#"{{"type":"x-sum","clue":"{clue}","sum":{sum}}}"#);
    let x_holds = |vs: &[i64], sum: i64| {
        let x = vs[0];
        (1..=vs.len() as i64).contains(&x) && vs[..x as usize].iter().sum::<i64>() == sum
    };
    for (v, sum) in [("0-3", 1), ("0-3", 3), ("0-3", 5), ("2-5", 6), ("2-5", 9)] {
        agrees_on_values(v, &x_sum("r1c0", sum), |g| x_holds(&row(g), sum as i64));
    }
    // column 2 read from below
    agrees_on_values("0-3", &x_sum("r5c2", 4), |g| {
        x_holds(&[g(4, 2), g(3, 2), g(2, 2), g(1, 2)], 4)
    });
    // sandwiches: the crusts are the lowest and highest values
    let sandwich = |sum: usize| format!(r#"{{"type":"sandwich","clue":"r1c0","sum":{sum}}}"#);
    for (v, sum) in [("0-3", 0), ("0-3", 1), ("0-3", 3), ("2-5", 3), ("2-5", 7)] {
        agrees_on_values(v, &sandwich(sum), |g| {
            between_extremes(&row(g)) == sum as i64
        });
    }
    // lunchboxes: different values, the sum between the smallest and the largest
    let lunchbox =
        |cells: &str, sum: usize| format!(r#"{{"type":"lunchbox","cells":[{cells}],"sum":{sum}}}"#);
    let diagonal = r#""r1c1","r2c2","r3c3""#;
    let diag = |g: &dyn Fn(usize, usize) -> i64| [g(1, 1), g(2, 2), g(3, 3)];
    for (v, sum) in [("0-3", 0), ("0-3", 1), ("0-3", 2), ("2-5", 3), ("2-5", 4)] {
        agrees_on_values(v, &lunchbox(diagonal, sum), |g| {
            distinct(&diag(g)) && between_extremes(&diag(g)) == sum as i64
        });
    }
    let three = r#""r1c1","r1c2","r1c3""#;
    agrees_on_values("0-3", &lunchbox(three, 2), |g| {
        between_extremes(&[g(1, 1), g(1, 2), g(1, 3)]) == 2
    });
    // rellik cages: no combination of one or more values adds up to the value
    let rellik = |cells: &str, sum: usize| {
        format!(r#"{{"type":"rellik-cage","cells":[{cells}],"sum":{sum}}}"#)
    };
    for (v, sum) in [("0-3", 1), ("0-3", 4), ("0-3", 6), ("2-5", 6), ("2-5", 9)] {
        agrees_on_values(v, &rellik(diagonal, sum), |g| {
            distinct(&diag(g)) && !some_subset_adds(&diag(g), sum as i64)
        });
    }
    let e = refused("-1-2", &rellik(diagonal, 2));
    assert!(e.contains("values of at least 0"), "{e}");
    let e = refused("-1-2", &sandwich(1));
    assert!(e.contains("values of at least 0"), "{e}");
}

#[test]
fn positions_are_named_by_values() {
    let row = |v: &dyn Fn(usize, usize) -> i64| [v(1, 1), v(1, 2), v(1, 3), v(1, 4)];
    // the value at position p (1-based) of `vs`, if p names one
    let at = |vs: &[i64], p: i64| usize::try_from(p - 1).ok().and_then(|i| vs.get(i).copied());
    // numbered rooms: the first value N names cell N, which holds the clue
    let room =
        |value: usize| format!(r#"{{"type":"numbered-room","clue":"r1c0","value":{value}}}"#);
    for (v, value) in [("0-3", 0), ("0-3", 2), ("2-5", 2), ("2-5", 5)] {
        agrees_on_values(v, &room(value), |g| {
            let vs = row(g);
            at(&vs, vs[0]) == Some(value as i64)
        });
    }
    // value indexing: the second value K names cell K + 1 (0-based), which repeats the
    // first value
    let vi = r#"{"type":"value-indexing","cells":["r1c1","r2c1","r3c1","r3c2","r3c3"]}"#;
    for v in ["0-3", "2-5"] {
        agrees_on_values(v, vi, |g| {
            let vs = [g(1, 1), g(2, 1), g(3, 1), g(3, 2), g(3, 3)];
            (1..=3).contains(&vs[1]) && vs[vs[1] as usize + 1] == vs[0]
        });
    }
    // indexers: value v at (r, c) puts the number c (a value) at (r, v)
    let indexer =
        |kind: &str, cells: &str| format!(r#"{{"type":"{kind}-indexer","cells":[{cells}]}}"#);
    for (v, cells, rc) in [
        ("0-3", r#""r1c2","r3c1""#, [(1, 2), (3, 1)]),
        ("2-5", r#""r2c3","r4c2""#, [(2, 3), (4, 2)]),
    ] {
        agrees_on_values(v, &indexer("column", cells), |g| {
            rc.iter().all(|&(r, c)| {
                let vs = [g(r, 1), g(r, 2), g(r, 3), g(r, 4)];
                at(&vs, g(r, c)) == Some(c as i64)
            })
        });
        agrees_on_values(v, &indexer("row", cells), |g| {
            rc.iter().all(|&(r, c)| {
                let vs = [g(1, c), g(2, c), g(3, c), g(4, c)];
                at(&vs, g(r, c)) == Some(r as i64)
            })
        });
    }
}

/// Why a puzzle of the rule written about values on a 4×4 with `values` is refused.
fn refused(v: &str, rule: &str) -> String {
    let rule = serde_json::from_str(rule).unwrap();
    Puzzle::new(shape(4, v), Grid::empty(4), vec![rule])
        .unwrap_err()
        .to_string()
}

#[test]
fn arrows_become_weighted_sums_over_indices() {
    // r1c1 = r1c2 + r2c1 + r2c2 in values (a 2x2 box: all different)
    let arrow = r#"{"type":"arrow","circle":["r1c1"],"line":["r1c2","r2c1","r2c2"]}"#;
    agrees_on_values("0-3", arrow, |v| v(1, 1) == v(1, 2) + v(2, 1) + v(2, 2));
    let arrow = r#"{"type":"arrow","circle":["r1c1"],"line":["r2c2","r3c3"]}"#;
    agrees_on_values("0-3", arrow, |v| v(1, 1) == v(2, 2) + v(3, 3));
    agrees_on_values("2-5", arrow, |v| v(1, 1) == v(2, 2) + v(3, 3));
    // a pill: 10·r4c1 + r4c2 = the sum of six cells (0x or 1x on 0-3)
    let pill = r#"{"type":"arrow","circle":["r4c1","r4c2"],"line":["r3c2","r3c3","r2c4","r1c3","r1c2","r2c1"]}"#;
    agrees_on_values("0-3", pill, |v| {
        10 * v(4, 1) + v(4, 2) == v(3, 2) + v(3, 3) + v(2, 4) + v(1, 3) + v(1, 2) + v(2, 1)
    });
    let w = r#"{"type":"weighted-sum","cells":["r1c1","r2c3","r4c4"],"weights":[2,-1,3],"sum":4}"#;
    agrees_on_values("0-3", w, |v| 2 * v(1, 1) - v(2, 3) + 3 * v(4, 4) == 4);
    // the arrow's form is still checked: a line that does not start beside the circle
    let far: Constraint =
        serde_json::from_str(r#"{"type":"arrow","circle":["r1c1"],"line":["r3c3","r4c4"]}"#)
            .unwrap();
    let e = to_index_space(&far, &shape(4, "0-3")).unwrap_err();
    assert!(e.contains("does not touch the circle"), "{e}");
    let e = to_index_space(
        &serde_json::from_str(r#"{"type":"equal-sums","segments":[["r1c1"]]}"#).unwrap(),
        &shape(4, "0-3"),
    )
    .unwrap_err();
    assert!(e.contains("at least two"), "{e}");
    // pills past 9 are refused
    let e = to_index_space(&serde_json::from_str(pill).unwrap(), &shape(16, "0-15")).unwrap_err();
    assert!(e.contains("decimal"), "{e}");
}

#[test]
fn dots_and_marks_keep_their_meaning_on_values() {
    // V: the values sum to 5 (2+3 on 0-3); X: 10 (4+6 on 3-6)
    let v = r#"{"type":"xv","cells":["r1c1","r1c2"],"value":"V"}"#;
    agrees_on_values("0-3", v, |v| v(1, 1) + v(1, 2) == 5);
    let x = r#"{"type":"xv","cells":["r2c2","r3c2"],"value":"X"}"#;
    agrees_on_values("3-6", x, |v| v(2, 2) + v(3, 2) == 10);
    // a black dot: one value twice the other (0 and 0 never sit together in a row)
    let r = r#"{"type":"ratio","cells":["r1c1","r1c2"],"value":2}"#;
    agrees_on_values("0-3", r, |v| {
        v(1, 1) == 2 * v(1, 2) || v(1, 2) == 2 * v(1, 1)
    });
    agrees_on_values("2-5", r, |v| {
        v(1, 1) == 2 * v(1, 2) || v(1, 2) == 2 * v(1, 1)
    });
    let d = r#"{"type":"sum-dot","cells":["r1c1","r2c1"],"sum":4}"#;
    agrees_on_values("0-3", d, |v| v(1, 1) + v(2, 1) == 4);
    // difference and thermometers are the same on indices
    let k = r#"{"type":"difference","cells":["r1c1","r1c2"],"value":2}"#;
    agrees_on_values("0-3", k, |v| (v(1, 1) - v(1, 2)).abs() == 2);
    // odd and even: value parity
    let odd = r#"{"type":"odd","cells":["r1c1","r2c3"]}"#;
    agrees_on_values("0-3", odd, |v| v(1, 1) % 2 == 1 && v(2, 3) % 2 == 1);
    agrees_on_values("2-5", odd, |v| v(1, 1) % 2 == 1 && v(2, 3) % 2 == 1);
    let even = r#"{"type":"even","cells":["r4c4"]}"#;
    agrees_on_values("0-3", even, |v| v(4, 4) % 2 == 0);
    // listed values
    let marks = r#"{"type":"pencil-marks","cell":"r2c2","digits":[0,3]}"#;
    agrees_on_values("0-3", marks, |v| [0, 3].contains(&v(2, 2)));
    let quad = r#"{"type":"quadruple","cells":["r2c2","r2c3","r3c2","r3c3"],"digits":[0,0]}"#;
    agrees_on_values("0-3", quad, |v| {
        [v(2, 2), v(2, 3), v(3, 2), v(3, 3)]
            .iter()
            .filter(|&&x| x == 0)
            .count()
            >= 2
    });
    let bad = serde_json::from_str(
        r#"{"type":"quadruple","cells":["r2c2","r2c3","r3c2","r3c3"],"digits":[4]}"#,
    )
    .unwrap();
    let e = to_index_space(&bad, &shape(4, "0-3")).unwrap_err();
    assert!(e.contains("4 is not one of the values 0-3"), "{e}");
}

#[test]
fn negative_marks_and_equal_sums_on_values() {
    // unmarked neighbours never sum to 5 (values 0-3 reach 5 only as 2+3)
    let pairs = |v: &dyn Fn(usize, usize) -> i64| {
        let mut out = Vec::new();
        for r in 1..=4 {
            for c in 1..=4 {
                if c < 4 && !(r == 1 && c == 1) {
                    out.push((v(r, c), v(r, c + 1)));
                }
                if r < 4 {
                    out.push((v(r, c), v(r + 1, c)));
                }
            }
        }
        out
    };
    let nxv = r#"{"type":"negative-xv","except":[["r1c1","r1c2"]]}"#;
    agrees_on_values("0-3", nxv, |v| {
        pairs(v).iter().all(|&(a, b)| a + b != 5 && a + b != 10)
    });
    let nr = r#"{"type":"negative-ratio","except":[["r1c1","r1c2"]]}"#;
    agrees_on_values("0-3", nr, |v| {
        pairs(v).iter().all(|&(a, b)| a != 2 * b && b != 2 * a)
    });
    // a segment of one cell and one of two
    let eq = r#"{"type":"equal-sums","segments":[["r1c1"],["r2c3","r3c3"]]}"#;
    agrees_on_values("0-3", eq, |v| v(1, 1) == v(2, 3) + v(3, 3));
    agrees_on_values("2-5", eq, |v| v(1, 1) == v(2, 3) + v(3, 3));
    // a region-sum line through boxes 1 (two cells) and 2 (one cell)
    let line = r#"{"type":"region-sum-line","cells":["r2c1","r2c2","r2c3"]}"#;
    agrees_on_values("0-3", line, |v| v(2, 1) + v(2, 2) == v(2, 3));
}

#[test]
fn skyscrapers_see_values() {
    // the towers seen from the left of row 1, and the first hidden one from the top of
    // column 2
    let row =
        |v: &dyn Fn(usize, usize) -> i64, r: usize| (1..=4).map(|c| v(r, c)).collect::<Vec<_>>();
    let seen = |line: &[i64]| {
        let mut top = i64::MIN;
        line.iter()
            .filter(|&&x| {
                x > top && {
                    top = x;
                    true
                }
            })
            .count()
    };
    let sky = r#"{"type":"skyscraper","clue":"r1c0","count":3}"#;
    // a 0 is no skyscraper: only towers above 0 are seen
    let seen0 = |line: &[i64]| {
        let towers: Vec<i64> = line.iter().copied().filter(|&x| x > 0).collect();
        seen(&towers)
    };
    agrees_on_values("0-3", sky, |v| seen0(&row(v, 1)) == 3);
    let sky2 = r#"{"type":"skyscraper","clue":"r0c2","count":2}"#;
    agrees_on_values("0-3", sky2, |v| {
        seen0(&(1..=4).map(|r| v(r, 2)).collect::<Vec<_>>()) == 2
    });
    agrees_on_values("2-5", sky, |v| seen(&row(v, 1)) == 3);
    let e = to_index_space(&serde_json::from_str(sky).unwrap(), &shape(4, "-1-2")).unwrap_err();
    assert!(e.contains("skyscraper"), "{e}");
    let hidden = r#"{"type":"hidden-skyscraper","clue":"r0c2","value":1}"#;
    agrees_on_values("0-3", hidden, |v| {
        let col: Vec<i64> = (1..=4).map(|r| v(r, 2)).collect();
        let mut top = i64::MIN;
        let first = col.iter().find(|&&x| {
            let hid = x < top;
            top = top.max(x);
            hid
        });
        first == Some(&1)
    });
}

/// A check on a grid's values, given the value at 1-based (row, column).
type Holds<'a> = dyn Fn(&dyn Fn(usize, usize) -> i64) -> bool + 'a;

/// Every grid of `rows`×`cols` cells holding digit indices 1..=`v` with rows and columns
/// all different (no regions), row-major, by plain backtracking.
fn all_latin(rows: usize, cols: usize, v: usize) -> Vec<Vec<usize>> {
    fn go(g: &mut Vec<usize>, cols: usize, cells: usize, v: usize, out: &mut Vec<Vec<usize>>) {
        let i = g.len();
        if i == cells {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / cols, i % cols);
        for d in 1..=v {
            let clash = (0..i).any(|j| g[j] == d && (j / cols == r || j % cols == c));
            if !clash {
                g.push(d);
                go(g, cols, cells, v, out);
                g.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), cols, rows * cols, v, &mut out);
    out
}

/// The rule written about values on a `rows`×`cols` grid without regions holding the
/// values `v`: the solver's count equals the number of grids whose values satisfy `holds`
/// (a check on values, written here apart from the rules' code), the puzzle's checker
/// accepts exactly those grids, and the clauses alone (no simplification) agree.
fn agrees_on_grid(
    dims: (usize, usize),
    v: &str,
    rule: &str,
    holds: impl Fn(&dyn Fn(usize, usize) -> i64) -> bool,
) {
    agrees_with_givens(dims, v, &[], rule, holds)
}

/// [`agrees_on_grid`] with `givens` (1-based row, column, digit index).
fn agrees_with_givens(
    (rows, cols): (usize, usize),
    v: &str,
    givens: &[(usize, usize, usize)],
    rule: &str,
    holds: impl Fn(&dyn Fn(usize, usize) -> i64) -> bool,
) {
    agrees_in_regions(
        (rows, cols),
        vec![None; rows * cols],
        v,
        givens,
        rule,
        holds,
    )
}

/// [`agrees_with_givens`] on a grid with `regions` (per cell in reading order); `holds`
/// must also say that each region's values differ.
fn agrees_in_regions(
    (rows, cols): (usize, usize),
    regions: Vec<Option<u16>>,
    v: &str,
    givens: &[(usize, usize, usize)],
    rule: &str,
    holds: impl Fn(&dyn Fn(usize, usize) -> i64) -> bool,
) {
    let shape = Shape::rect_with_regions(rows, cols, regions)
        .unwrap()
        .with_values(Values::parse(v).unwrap())
        .unwrap();
    let (count_v, off) = (shape.value_count(), shape.values().offset());
    let rule: Constraint = serde_json::from_str(rule).unwrap();
    let mut start = Grid::empty_rect(rows, cols);
    for &(r, c, d) in givens {
        start.set(Cell::new(r, c), Some(Digit::new(d)));
    }
    let p =
        Puzzle::new(shape, start, vec![rule.clone()]).unwrap_or_else(|e| panic!("{rule:?}: {e}"));
    let (mut expected, mut total) = (0, 0);
    let fits = |g: &Vec<usize>| {
        givens
            .iter()
            .all(|&(r, c, d)| g[(r - 1) * cols + c - 1] == d)
    };
    for g in all_latin(rows, cols, count_v).into_iter().filter(fits) {
        // value at 1-based (row, column)
        let at = |r: usize, c: usize| g[(r - 1) * cols + c - 1] as i64 + off;
        let ok = holds(&at);
        expected += ok as usize;
        total += 1;
        let mut grid = Grid::empty_rect(rows, cols);
        for (i, &d) in g.iter().enumerate() {
            grid.set(Cell::from_position(i, cols), Some(Digit::new(d)));
        }
        assert_eq!(p.verify(&grid).is_ok(), ok, "{rule:?} on {g:?}");
    }
    assert!(
        expected > 0 && expected < total,
        "{rule:?}: {expected} of {total} grids"
    );
    assert_eq!(count(&p, 1_000_000), expected, "{rule:?} with values {v}");
    complete_without_simplification(&p);
}

#[test]
fn rules_on_more_values_than_a_row_mean_what_they_say() {
    // a 3×3 grid holding 1-5 (3 of 5 values in each row and column)
    let g = (3, 3);
    let on = |rule: &str, holds: &Holds<'_>| agrees_on_grid(g, "1-5", rule, holds);
    let seen = |line: &[i64]| {
        let mut top = i64::MIN;
        line.iter()
            .filter(|&&x| {
                let s = x > top;
                top = top.max(x);
                s
            })
            .count()
    };
    let row = |v: &dyn Fn(usize, usize) -> i64, r: usize| -> Vec<i64> {
        (1..=3).map(|c| v(r, c)).collect()
    };
    // a lunchbox: its extremes are the smallest and largest of its values (not 1 and 5)
    for (cells, sum) in [
        (r#""r1c1","r1c2","r1c3""#, 0),
        (r#""r1c1","r1c2","r1c3""#, 3),
    ] {
        let rule = format!(r#"{{"type":"lunchbox","cells":[{cells}],"sum":{sum}}}"#);
        on(&rule, &|v| between_extremes(&row(v, 1)) == sum);
    }
    // four cells of a path across rows: their values differ there too
    let path = r#""r1c1","r2c2","r2c3","r3c3""#;
    for (v, sum) in [("1-5", 4), ("1-5", 7), ("0-4", 0), ("0-4", 3)] {
        let rule = format!(r#"{{"type":"lunchbox","cells":[{path}],"sum":{sum}}}"#);
        agrees_on_grid(g, v, &rule, |v: &dyn Fn(usize, usize) -> i64| {
            let vs = [v(1, 1), v(2, 2), v(2, 3), v(3, 3)];
            distinct(&vs) && between_extremes(&vs) == sum
        });
    }
    // a skyscraper: the tallest in a row is its largest value (not 5)
    on(r#"{"type":"skyscraper","clue":"r1c0","count":2}"#, &|v| {
        seen(&row(v, 1)) == 2
    });
    on(r#"{"type":"skyscraper","clue":"r4c2","count":1}"#, &|v| {
        seen(&[v(3, 2), v(2, 2), v(1, 2)]) == 1
    });
    // a numbered room: the first cell names a position 1..3, which holds 5
    on(
        r#"{"type":"numbered-room","clue":"r1c0","value":5}"#,
        &|v| {
            let first = v(1, 1);
            first <= 3 && v(1, first as usize) == 5
        },
    );
    on(
        r#"{"type":"numbered-room","clue":"r0c3","value":2}"#,
        &|v| {
            let first = v(1, 3);
            first <= 3 && v(first as usize, 3) == 2
        },
    );
    // a renban of 3 cells: 3 consecutive values of 1-5
    on(
        r#"{"type":"renban","cells":["r1c1","r1c2","r1c3"]}"#,
        &|v| {
            let r = row(v, 1);
            r.iter().max().unwrap() - r.iter().min().unwrap() == 2
        },
    );
    on(r#"{"type":"renban","cells":["r1c1","r2c1"]}"#, &|v| {
        (v(1, 1) - v(2, 1)).abs() == 1
    });
    // sums: a little killer over values up to 5 on a 3×3 (more than 3 × 3 in all)
    on(
        r#"{"type":"little-killer","cells":["r1c1","r2c2","r3c3"],"sum":13}"#,
        &|v| v(1, 1) + v(2, 2) + v(3, 3) == 13,
    );
    on(
        r#"{"type":"little-killer","cells":["r3c1","r2c2","r1c3"],"sum":4}"#,
        &|v| v(3, 1) + v(2, 2) + v(1, 3) == 4,
    );
    on(
        r#"{"type":"killer","cells":["r1c1","r1c2","r2c1"],"sum":12}"#,
        &|v| v(1, 1) + v(1, 2) + v(2, 1) == 12 && v(1, 2) != v(2, 1),
    );
    on(
        r#"{"type":"killer","cells":["r1c1","r2c2","r3c3"]}"#,
        &|v| v(1, 1) != v(2, 2) && v(2, 2) != v(3, 3) && v(1, 1) != v(3, 3),
    );
    on(
        r#"{"type":"arrow","circle":["r1c1"],"line":["r2c1","r2c2"]}"#,
        &|v| v(1, 1) == v(2, 1) + v(2, 2),
    );
    on(
        r#"{"type":"double-arrow","cells":["r1c1","r1c2","r1c3"]}"#,
        &|v| v(1, 1) + v(1, 3) == v(1, 2),
    );
    on(
        r#"{"type":"weighted-sum","cells":["r1c1","r2c2","r3c3"],"weights":[2,-1,1],"sum":6}"#,
        &|v| 2 * v(1, 1) - v(2, 2) + v(3, 3) == 6,
    );
    on(
        r#"{"type":"xv","cells":["r1c1","r1c2"],"value":"V"}"#,
        &|v| v(1, 1) + v(1, 2) == 5,
    );
    on(
        r#"{"type":"sum-dot","cells":["r2c2","r2c3"],"sum":9}"#,
        &|v| v(2, 2) + v(2, 3) == 9,
    );
    // dots, lines, comparisons
    on(
        r#"{"type":"ratio","cells":["r1c1","r1c2"],"value":2}"#,
        &|v| v(1, 1) == 2 * v(1, 2) || v(1, 2) == 2 * v(1, 1),
    );
    on(
        r#"{"type":"difference","cells":["r2c1","r2c2"],"value":1}"#,
        &|v| (v(2, 1) - v(2, 2)).abs() == 1,
    );
    on(
        r#"{"type":"whispers","cells":["r1c1","r2c1","r2c2"],"difference":3}"#,
        &|v| (v(1, 1) - v(2, 1)).abs() >= 3 && (v(2, 1) - v(2, 2)).abs() >= 3,
    );
    on(
        r#"{"type":"thermometer","cells":["r1c1","r1c2","r2c2"]}"#,
        &|v| v(1, 1) < v(1, 2) && v(1, 2) < v(2, 2),
    );
    on(r#"{"type":"greater-than","cells":["r1c1","r2c1"]}"#, &|v| {
        v(1, 1) > v(2, 1)
    });
    on(
        r#"{"type":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"digits":[5]}"#,
        &|v| [v(1, 1), v(1, 2), v(2, 1), v(2, 2)].contains(&5),
    );
    on(
        r#"{"type":"pencil-marks","cell":"r2c2","digits":[4,5]}"#,
        &|v| v(2, 2) >= 4,
    );
    on(
        r#"{"type":"relation","cells":["r1c1","r2c2"],"allowed":[[5,1],[4,5],[2,3]]}"#,
        &|v| [(5, 1), (4, 5), (2, 3)].contains(&(v(1, 1), v(2, 2))),
    );
    // counting circles: a circled value v sits in v circles
    on(
        r#"{"type":"counting-circles","cells":["r1c1","r2c2","r3c3","r1c3"]}"#,
        &|v| {
            let vs = [v(1, 1), v(2, 2), v(3, 3), v(1, 3)];
            vs.iter()
                .all(|&x| vs.iter().filter(|&&y| y == x).count() as i64 == x)
        },
    );
    on(
        r#"{"type":"same-values","sets":[["r1c1","r1c2"],["r2c3","r3c3"]]}"#,
        &|v| {
            let (mut a, mut b) = ([v(1, 1), v(1, 2)], [v(2, 3), v(3, 3)]);
            a.sort_unstable();
            b.sort_unstable();
            a == b
        },
    );
    on(
        r#"{"type":"regex","cells":["r1c1","r1c2","r1c3"],"pattern":"[45][1-3]."}"#,
        &|v| v(1, 1) >= 4 && v(1, 2) <= 3,
    );
    on(
        r#"{"type":"nfa","cells":["r1c1","r2c1","r3c1"],"start":[0],"accept":[1],"transitions":[[0,[1,2],0],[0,[5],1],[1,[1,2,3,4,5],1]]}"#,
        &|v| {
            // some 5 after only 1s and 2s
            let col = [v(1, 1), v(2, 1), v(3, 1)];
            let k = col.iter().position(|&x| x != 1 && x != 2);
            k.is_some_and(|k| col[k] == 5)
        },
    );
    // an extra region of 5 cells holds every value once
    on(
        r#"{"type":"extra-region","cells":["r1c1","r1c2","r2c3","r3c1","r3c3"]}"#,
        &|v| {
            let mut vs = vec![v(1, 1), v(1, 2), v(2, 3), v(3, 1), v(3, 3)];
            vs.sort_unstable();
            vs == [1, 2, 3, 4, 5]
        },
    );
    // a 3×3 grid holding 1-6, first row 1 3 5: entropy's thirds of 1-6 in every 2×2
    // window, flatmates' 3 with 1 above or 6 below
    let row1 = [(1, 1, 1), (1, 2, 3), (1, 3, 5)];
    let windows = |v: &dyn Fn(usize, usize) -> i64| {
        (1..=2).all(|r| {
            (1..=2).all(|c| {
                let w = [v(r, c), v(r, c + 1), v(r + 1, c), v(r + 1, c + 1)];
                (0..3).all(|k| w.iter().any(|&x| (x - 1) / 2 == k))
            })
        })
    };
    agrees_with_givens(
        (3, 3),
        "1-6",
        &row1,
        r#"{"type":"global-entropy"}"#,
        windows,
    );
    agrees_with_givens((3, 3), "1-6", &row1, r#"{"type":"dutch-flatmates"}"#, |v| {
        (1..=3).all(|r| {
            (1..=3)
                .all(|c| v(r, c) != 3 || (r > 1 && v(r - 1, c) == 1) || (r < 3 && v(r + 1, c) == 6))
        })
    });
    // values from 0 (3×3 holding 0-4): a cage's sum shifts, order-only lines stay
    agrees_on_grid(
        g,
        "0-4",
        r#"{"type":"killer","cells":["r1c1","r1c2","r2c1"],"sum":7}"#,
        |v| v(1, 1) + v(1, 2) + v(2, 1) == 7 && v(1, 2) != v(2, 1),
    );
    // a little killer: its sum shifts by the offset once per cell (digits may repeat)
    agrees_on_grid(
        g,
        "0-4",
        r#"{"type":"little-killer","cells":["r1c2","r2c3"],"sum":7}"#,
        |v| v(1, 2) + v(2, 3) == 7,
    );
    agrees_on_grid(
        g,
        "0-4",
        r#"{"type":"renban","cells":["r1c1","r2c1"]}"#,
        |v| (v(1, 1) - v(2, 1)).abs() == 1,
    );
    // contain-at-least: two 5s at least on the diagonal (1-5); connected values: the
    // cells holding 4 or 5 are one region, never empty
    on(
        r#"{"type":"contain-at-least","cells":["r1c1","r2c2","r3c3"],"values":[5,5]}"#,
        &|v| {
            [v(1, 1), v(2, 2), v(3, 3)]
                .iter()
                .filter(|&&x| x == 5)
                .count()
                >= 2
        },
    );
    let connected = |v: &dyn Fn(usize, usize) -> i64, keep: &[i64]| {
        let cells: Vec<(usize, usize)> = (1..=3)
            .flat_map(|r| (1..=3).map(move |c| (r, c)))
            .filter(|&(r, c)| keep.contains(&v(r, c)))
            .collect();
        let Some(&first) = cells.first() else {
            return false;
        };
        let mut seen = vec![first];
        let mut i = 0;
        while i < seen.len() {
            let (r, c) = seen[i];
            for &n in &cells {
                if r.abs_diff(n.0) + c.abs_diff(n.1) == 1 && !seen.contains(&n) {
                    seen.push(n);
                }
            }
            i += 1;
        }
        seen.len() == cells.len()
    };
    on(r#"{"type":"connected-values","values":[4,5]}"#, &|v| {
        connected(v, &[4, 5])
    });
    // a numbered room reads values: the first value (1..3 here, a 0 names no cell)
    // names the cell holding the clue
    for value in [0, 2, 4] {
        agrees_on_grid(
            g,
            "0-4",
            &format!(r#"{{"type":"numbered-room","clue":"r1c0","value":{value}}}"#),
            |v| {
                let row = [v(1, 1), v(1, 2), v(1, 3)];
                (1..=3).contains(&row[0]) && row[row[0] as usize - 1] == value
            },
        );
    }
    // sums shifted by the offset, with more values than a row from 0 (ISS's Hailstorm,
    // 0-9 on a 6×6), and values named by their indices
    let zero = |rule: &str, holds: &Holds<'_>| agrees_on_grid(g, "0-4", rule, holds);
    zero(
        r#"{"type":"weighted-sum","cells":["r1c1","r2c2","r3c3"],"weights":[2,-1,1],"sum":3}"#,
        &|v| 2 * v(1, 1) - v(2, 2) + v(3, 3) == 3,
    );
    zero(
        r#"{"type":"weighted-sum","cells":["r1c1","r1c2","r2c1"],"sum":4}"#,
        &|v| v(1, 1) + v(1, 2) + v(2, 1) == 4,
    );
    zero(
        r#"{"type":"arrow","circle":["r1c1"],"line":["r2c1","r2c2"]}"#,
        &|v| v(1, 1) == v(2, 1) + v(2, 2),
    );
    zero(
        r#"{"type":"sum-dot","cells":["r1c1","r1c2"],"sum":3}"#,
        &|v| v(1, 1) + v(1, 2) == 3,
    );
    zero(
        r#"{"type":"xv","cells":["r1c1","r1c2"],"value":"V"}"#,
        &|v| v(1, 1) + v(1, 2) == 5,
    );
    zero(
        r#"{"type":"pencil-marks","cell":"r2c2","digits":[0,3]}"#,
        &|v| [0, 3].contains(&v(2, 2)),
    );
    zero(
        r#"{"type":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"digits":[0,0]}"#,
        &|v| {
            [v(1, 1), v(1, 2), v(2, 1), v(2, 2)]
                .iter()
                .filter(|&&x| x == 0)
                .count()
                >= 2
        },
    );
    // an automaton: 0 then any value, then a value of 3 or more
    zero(
        r#"{"type":"nfa","cells":["r1c1","r1c2","r1c3"],"start":[0],"accept":[3],
           "transitions":[[0,[0],1],[1,[0,1,2,3,4],2],[2,[3,4],3]]}"#,
        &|v| v(1, 1) == 0 && v(1, 3) >= 3,
    );
    zero(
        r#"{"type":"relation","cells":["r1c1","r2c2"],"allowed":[[0,4],[4,0],[2,2]]}"#,
        &|v| [(0, 4), (4, 0), (2, 2)].contains(&(v(1, 1), v(2, 2))),
    );
    zero(
        r#"{"type":"contain-at-least","cells":["r1c1","r1c2","r2c1"],"values":[0,4]}"#,
        &|v| {
            let s = [v(1, 1), v(1, 2), v(2, 1)];
            s.contains(&0) && s.contains(&4)
        },
    );
    // the other rules with values from 0 are refused, not guessed
    let e = to_index_space(
        &serde_json::from_str(r#"{"type":"full-rank","clues":[{"clue":"r0c1","rank":1}]}"#)
            .unwrap(),
        &shape(4, "0-5"),
    )
    .unwrap_err();
    assert!(e.contains("not supported with 6 values"), "{e}");
}

#[test]
fn clues_on_rectangles_mean_what_they_say() {
    // a 2×3 grid (3 values): rows of 3 cells, columns of 2
    let g = (2, 3);
    agrees_on_grid(
        g,
        "1-3",
        r#"{"type":"skyscraper","clue":"r3c2","count":2}"#,
        |v| v(2, 2) < v(1, 2),
    );
    agrees_on_grid(
        g,
        "1-3",
        r#"{"type":"skyscraper","clue":"r2c4","count":2}"#,
        |v| {
            let (a, b, c) = (v(2, 3), v(2, 2), v(2, 1));
            1 + usize::from(b > a) + usize::from(c > a.max(b)) == 2
        },
    );
    agrees_on_grid(
        g,
        "1-3",
        r#"{"type":"numbered-room","clue":"r0c1","value":3}"#,
        |v| {
            let first = v(1, 1);
            first <= 2 && v(first as usize, 1) == 3
        },
    );
    // a 3×2 grid: columns of 3 cells
    agrees_on_grid(
        (3, 2),
        "1-3",
        r#"{"type":"skyscraper","clue":"r0c2","count":3}"#,
        |v| v(1, 2) < v(2, 2) && v(2, 2) < v(3, 2),
    );
    agrees_on_grid(
        (3, 2),
        "1-4",
        r#"{"type":"numbered-room","clue":"r2c3","value":4}"#,
        |v| {
            let first = v(2, 2);
            first <= 2 && v(2, 3 - first as usize) == 4
        },
    );
    // a clue past the shorter side is refused
    let s = Shape::rect(2, 3).unwrap();
    let c: Constraint =
        serde_json::from_str(r#"{"type":"skyscraper","clue":"r4c1","count":1}"#).unwrap();
    let e = Puzzle::new(s, Grid::empty_rect(2, 3), vec![c]).unwrap_err();
    assert!(e.to_string().contains("not outside the grid"), "{e}");
}

#[test]
fn equality_cages_and_counting_circles_on_values() {
    // lower half of the values, and parity, written on values
    let balanced = |vs: &[i64], min: i64| {
        let distinct = (0..vs.len()).all(|i| !vs[..i].contains(&vs[i]));
        let even = vs.iter().filter(|&&x| x % 2 == 0).count();
        let low = vs.iter().filter(|&&x| x - min < 2).count();
        distinct && 2 * even == vs.len() && 2 * low == vs.len()
    };
    let cage = r#"{"type":"equality-cage","cells":["r1c1","r2c2"]}"#;
    agrees_on_values("0-3", cage, |v| balanced(&[v(1, 1), v(2, 2)], 0));
    agrees_on_values("2-5", cage, |v| balanced(&[v(1, 1), v(2, 2)], 2));
    let cage4 = r#"{"type":"equality-cage","cells":["r1c1","r2c3","r3c2","r4c4"]}"#;
    agrees_on_values("0-3", cage4, |v| {
        balanced(&[v(1, 1), v(2, 3), v(3, 2), v(4, 4)], 0)
    });
    // a circled value v sits in v circles (a 0 in none, so never circled)
    let circles = r#"{"type":"counting-circles","cells":["r1c1","r2c3","r3c2"]}"#;
    let counted = |vs: [i64; 3]| {
        vs.iter()
            .all(|&x| vs.iter().filter(|&&y| y == x).count() as i64 == x)
    };
    agrees_on_values("0-3", circles, |v| counted([v(1, 1), v(2, 3), v(3, 2)]));
    agrees_on_values("-1-2", circles, |v| counted([v(1, 1), v(2, 3), v(3, 2)]));
}

#[test]
fn double_arrows_and_zippers_add_values() {
    // the ends add up to the values between them
    let da = r#"{"type":"double-arrow","cells":["r1c1","r2c2","r3c3","r4c4"]}"#;
    let short = r#"{"type":"double-arrow","cells":["r1c1","r1c2","r2c3"]}"#;
    for v in ["0-3", "2-5", "-1-2"] {
        agrees_on_values(v, da, |g| g(1, 1) + g(4, 4) == g(2, 2) + g(3, 3));
        agrees_on_values(v, short, |g| g(1, 1) + g(2, 3) == g(1, 2));
    }
    // cells equally far from the centre add up to the centre (odd) or to one sum (even)
    let odd = r#"{"type":"zipper-line","cells":["r2c1","r1c2","r2c3","r3c4","r4c3"]}"#;
    let three = r#"{"type":"zipper-line","cells":["r1c1","r1c2","r2c3"]}"#;
    let even = r#"{"type":"zipper-line","cells":["r1c1","r2c2","r3c3","r4c4"]}"#;
    for v in ["0-3", "2-5", "-1-2"] {
        agrees_on_values(v, odd, |g| {
            g(2, 1) + g(4, 3) == g(2, 3) && g(1, 2) + g(3, 4) == g(2, 3)
        });
        agrees_on_values(v, three, |g| g(1, 1) + g(2, 3) == g(1, 2));
        agrees_on_values(v, even, |g| g(1, 1) + g(4, 4) == g(2, 2) + g(3, 3));
    }
    // more values than a row holds (a 3×3 holding 1-5 or 0-4)
    let da = r#"{"type":"double-arrow","cells":["r1c1","r2c2","r3c3","r3c2"]}"#;
    let zip = r#"{"type":"zipper-line","cells":["r1c1","r2c1","r2c2","r3c3"]}"#;
    let odd = r#"{"type":"zipper-line","cells":["r1c1","r2c2","r3c3"]}"#;
    for v in ["1-5", "0-4"] {
        agrees_on_grid((3, 3), v, da, |g| g(1, 1) + g(3, 2) == g(2, 2) + g(3, 3));
        agrees_on_grid((3, 3), v, zip, |g| g(1, 1) + g(3, 3) == g(2, 1) + g(2, 2));
        agrees_on_grid((3, 3), v, odd, |g| g(1, 1) + g(3, 3) == g(2, 2));
    }
}

#[test]
fn taxicab_and_mod_windows_on_more_values_than_a_row() {
    // on a 3×3 holding 1-5: no x at taxicab distance x from an x; each 2×2 window holds
    // each remainder modulo 3
    let cells: Vec<(usize, usize)> = (1..=3).flat_map(|r| (1..=3).map(move |c| (r, c))).collect();
    agrees_on_grid((3, 3), "1-5", r#"{"type":"anti-taxicab"}"#, |g| {
        cells.iter().all(|&(r, c)| {
            cells.iter().all(|&(q, k)| {
                let far = r.abs_diff(q) + c.abs_diff(k);
                far as i64 != g(r, c) || g(q, k) != g(r, c)
            })
        })
    });
    agrees_on_grid((3, 3), "1-5", r#"{"type":"global-mod"}"#, |g| {
        (1..=2).all(|r| {
            (1..=2).all(|c| {
                let w = [g(r, c), g(r, c + 1), g(r + 1, c), g(r + 1, c + 1)];
                (0..3).all(|m| w.iter().any(|v| v % 3 == m))
            })
        })
    });
}

#[test]
fn order_rules_on_more_values_than_a_row() {
    // a 3×3 holding 1-5 or 0-4: each rule as it reads on values
    let lt = |a: i64, b: i64| a < b;
    for v in ["1-5", "0-4"] {
        let on = |rule: &str, holds: &Holds<'_>| agrees_on_grid((3, 3), v, rule, holds);
        on(
            r#"{"type":"palindrome","cells":["r1c1","r2c2","r3c3"]}"#,
            &|g| g(1, 1) == g(3, 3),
        );
        on(
            r#"{"type":"between-line","cells":["r1c1","r1c2","r2c3"]}"#,
            &|g| g(1, 1).min(g(2, 3)) < g(1, 2) && g(1, 2) < g(1, 1).max(g(2, 3)),
        );
        on(
            r#"{"type":"slow-thermometer","cells":["r1c1","r2c1","r3c2"]}"#,
            &|g| g(1, 1) <= g(2, 1) && g(2, 1) <= g(3, 2),
        );
        on(
            r#"{"type":"clone","cells":["r1c1","r1c2"],"clones":["r2c2","r2c3"]}"#,
            &|g| g(1, 1) == g(2, 2) && g(1, 2) == g(2, 3),
        );
        on(
            r#"{"type":"nabner","cells":["r1c1","r2c2","r3c3"]}"#,
            &|g| {
                let vs = [g(1, 1), g(2, 2), g(3, 3)];
                (0..3).all(|i| (i + 1..3).all(|j| (vs[i] - vs[j]).abs() > 1))
            },
        );
        let neighbours = |r: usize, c: usize| {
            [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ]
            .into_iter()
            .filter(|&(q, k)| (1..=3).contains(&q) && (1..=3).contains(&k))
        };
        on(r#"{"type":"non-consecutive"}"#, &|g| {
            (1..=3).all(|r| {
                (1..=3).all(|c| neighbours(r, c).all(|(q, k)| (g(r, c) - g(q, k)).abs() != 1))
            })
        });
        let no_pair = |bad: &dyn Fn(i64, i64) -> bool, g: &dyn Fn(usize, usize) -> i64| {
            (1..=3).all(|r| (1..=3).all(|c| neighbours(r, c).all(|(q, k)| !bad(g(r, c), g(q, k)))))
        };
        on(r#"{"type":"negative-xv"}"#, &|g| {
            no_pair(&|a, b| a + b == 5 || a + b == 10, g)
        });
        on(r#"{"type":"negative-ratio"}"#, &|g| {
            no_pair(&|a, b| a == 2 * b || b == 2 * a, g)
        });
        on(r#"{"type":"minimum","cells":["r2c2"]}"#, &|g| {
            neighbours(2, 2).all(|(q, k)| lt(g(2, 2), g(q, k)))
        });
        on(r#"{"type":"maximum","cells":["r1c1","r3c3"]}"#, &|g| {
            [(1, 1), (3, 3)]
                .iter()
                .all(|&(r, c)| neighbours(r, c).all(|(q, k)| lt(g(q, k), g(r, c))))
        });
    }
}

#[test]
fn count_distinct_controls_hold_counts_as_values() {
    let distinct = |vs: &[i64]| {
        let mut d = vs.to_vec();
        d.sort_unstable();
        d.dedup();
        d.len() as i64
    };
    // r1c1 counts the values of r2c1, r2c3, r3c2, r4c4 (cells in no common house)
    let rule = r#"{"type":"count-distinct","cells":["r1c1","r2c1","r2c3","r3c2","r4c4"]}"#;
    for v in ["0-3", "2-5", "-1-2"] {
        agrees_on_values(v, rule, |g| {
            g(1, 1) == distinct(&[g(2, 1), g(2, 3), g(3, 2), g(4, 4)])
        });
    }
    // more values than a row holds: counts up to 4 on a 3×3 holding 1-5 or 0-4
    let rule = r#"{"type":"count-distinct","cells":["r1c1","r2c2","r2c3","r3c2","r3c3"]}"#;
    for v in ["1-5", "0-4"] {
        agrees_on_grid((3, 3), v, rule, |g| {
            g(1, 1) == distinct(&[g(2, 2), g(2, 3), g(3, 2), g(3, 3)])
        });
    }
}

#[test]
fn rules_that_use_values_as_counts_stay_refused() {
    // a box indexer (f-puzzles only) is not restated on other values
    let c: Constraint = serde_json::from_str(r#"{"type":"box-indexer","cells":["r1c1"]}"#).unwrap();
    let e = to_index_space(&c, &shape(4, "0-3")).unwrap_err();
    assert!(e.contains(c.kind()) && e.contains("0-3"), "{e}");
}

#[test]
fn line_and_cage_rules_on_more_values_than_a_row() {
    // a 3×3 holding 1-5 or 0-4: each rule as it reads on values (the restated ones on 0-4)
    for v in ["1-5", "0-4"] {
        let on = |rule: &str, holds: &Holds<'_>| agrees_on_grid((3, 3), v, rule, holds);
        let outside = |m: i64, a: i64, b: i64| m < a.min(b) || m > a.max(b);
        let row = |g: &dyn Fn(usize, usize) -> i64, r: usize| -> Vec<i64> {
            (1..=3).map(|c| g(r, c)).collect()
        };
        // lockout: ends ⌊5/2⌋ = 2 apart by default, or as stated
        on(
            r#"{"type":"lockout","cells":["r1c1","r1c2","r1c3"]}"#,
            &|g| (g(1, 1) - g(1, 3)).abs() >= 2 && outside(g(1, 2), g(1, 1), g(1, 3)),
        );
        on(
            r#"{"type":"lockout","cells":["r1c1","r2c1","r3c1"],"difference":3}"#,
            &|g| (g(1, 1) - g(3, 1)).abs() >= 3 && outside(g(2, 1), g(1, 1), g(3, 1)),
        );
        // modular lines: residues of the values, any window of m cells all different
        on(
            r#"{"type":"modular-line","cells":["r1c1","r1c2","r1c3","r2c3"],"modulus":2}"#,
            &|g| {
                let vs = [g(1, 1), g(1, 2), g(1, 3), g(2, 3)];
                vs.windows(2).all(|w| (w[0] - w[1]).rem_euclid(2) != 0)
            },
        );
        on(
            r#"{"type":"modular-line","cells":["r1c1","r2c1","r3c1","r3c2"],"modulus":3}"#,
            &|g| {
                let vs = [g(1, 1), g(2, 1), g(3, 1), g(3, 2)];
                vs.windows(3).all(|w| {
                    let r: Vec<i64> = w.iter().map(|x| x.rem_euclid(3)).collect();
                    r[0] != r[1] && r[1] != r[2] && r[0] != r[2]
                })
            },
        );
        on(r#"{"type":"odd","cells":["r1c1","r2c2"]}"#, &|g| {
            g(1, 1).rem_euclid(2) == 1 && g(2, 2).rem_euclid(2) == 1
        });
        on(r#"{"type":"even","cells":["r1c1","r3c2"]}"#, &|g| {
            g(1, 1).rem_euclid(2) == 0 && g(3, 2).rem_euclid(2) == 0
        });
        // an equality cage: the lower two and upper two of the five values, the middle out
        let lo = if v == "1-5" { 1 } else { 0 };
        on(
            r#"{"type":"equality-cage","cells":["r1c1","r2c2"]}"#,
            &|g| {
                let vs = [g(1, 1), g(2, 2)];
                let low = vs.iter().filter(|&&x| x < lo + 2).count();
                let high = vs.iter().filter(|&&x| x > lo + 2).count();
                let even = vs.iter().filter(|&&x| x.rem_euclid(2) == 0).count();
                vs[0] != vs[1] && low == 1 && high == 1 && even == 1
            },
        );
        on(
            r#"{"type":"equal-sums","segments":[["r1c1","r1c2"],["r3c3"]]}"#,
            &|g| g(1, 1) + g(1, 2) == g(3, 3),
        );
        on(
            r#"{"type":"sum-line","cells":["r1c1","r1c2","r1c3"],"sum":5}"#,
            &|g| divides(&[g(1, 1), g(1, 2), g(1, 3)], 5),
        );
        // a rellik cage: no one or more of its values add up to 4 (a 0 adds nothing)
        on(
            r#"{"type":"rellik-cage","cells":["r1c1","r2c2"],"sum":4}"#,
            &|g| {
                let (a, b) = (g(1, 1), g(2, 2));
                a != b && a != 4 && b != 4 && a + b != 4
            },
        );
        // value indexing: the second value K names the cell K further on (0-based K + 1)
        on(
            r#"{"type":"value-indexing","cells":["r1c1","r1c2","r2c3","r3c3","r2c1"]}"#,
            &|g| {
                let line = [g(1, 1), g(1, 2), g(2, 3), g(3, 3), g(2, 1)];
                usize::try_from(line[1])
                    .ok()
                    .filter(|&k| k >= 1)
                    .and_then(|k| line.get(k + 1))
                    .is_some_and(|&x| x == line[0])
            },
        );
        // a sandwich beside a row of 3 cells of 5 values: the crusts are the row's smallest
        // and largest values (ISS's lunchbox reading of a line that is no whole house)
        for sum in [0, 3] {
            let rule = format!(r#"{{"type":"sandwich","clue":"r1c0","sum":{sum}}}"#);
            on(&rule, &|g| between_extremes(&row(g, 1)) == sum);
        }
        // an X-sum: the first value X counts X cells, never past the row's 3
        for sum in [3, 6, 7] {
            let rule = format!(r#"{{"type":"x-sum","clue":"r2c4","sum":{sum}}}"#);
            on(&rule, &|g| {
                let line = [g(2, 3), g(2, 2), g(2, 1)];
                let x = line[0];
                (1..=3).contains(&x) && line[..x as usize].iter().sum::<i64>() == sum
            });
        }
        // look-and-say: the value 3 twice among three cells
        on(
            r#"{"type":"look-and-say","cells":["r1c1","r2c2","r3c3"],"counts":[[2,3]]}"#,
            &|g| {
                [g(1, 1), g(2, 2), g(3, 3)]
                    .iter()
                    .filter(|&&x| x == 3)
                    .count()
                    == 2
            },
        );
        // a region sum line over three regions of three cells (rows 1-2 split in two
        // L shapes, row 3): segments r2c1 | r2c2 r2c3 | r3c3 of equal sums
        let regions = [0, 0, 1, 0, 1, 1, 2, 2, 2].map(Some).to_vec();
        let region_cells = [
            [(1, 1), (1, 2), (2, 1)],
            [(1, 3), (2, 2), (2, 3)],
            [(3, 1), (3, 2), (3, 3)],
        ];
        agrees_in_regions(
            (3, 3),
            regions,
            v,
            &[],
            r#"{"type":"region-sum-line","cells":["r2c1","r2c2","r2c3","r3c3"]}"#,
            |g| {
                let apart = region_cells
                    .iter()
                    .all(|r| distinct(&r.map(|(a, b)| g(a, b))));
                apart && g(2, 1) == g(2, 2) + g(2, 3) && g(2, 1) == g(3, 3)
            },
        );
    }
    // entropic lines: the thirds of 1-6 ({1,2}, {3,4}, {5,6}); values from 0 are refused,
    // as ISS refuses them (it reads entropic lines on 1-9 only)
    agrees_with_givens(
        (3, 3),
        "1-6",
        &[(1, 1, 1), (1, 2, 3), (1, 3, 5)],
        r#"{"type":"entropic-line","cells":["r1c1","r2c1","r2c2","r3c2"]}"#,
        |g| {
            let t: Vec<i64> = [g(1, 1), g(2, 1), g(2, 2), g(3, 2)]
                .iter()
                .map(|x| (x - 1) / 2)
                .collect();
            t.windows(3)
                .all(|w| w[0] != w[1] && w[1] != w[2] && w[0] != w[2])
        },
    );
    let shape = Shape::rect_with_regions(3, 3, vec![None; 9])
        .unwrap()
        .with_values(Values::parse("0-5").unwrap())
        .unwrap();
    let rule: Constraint =
        serde_json::from_str(r#"{"type":"entropic-line","cells":["r1c1","r2c1","r2c2"]}"#).unwrap();
    let e = Puzzle::new(shape, Grid::empty_rect(3, 3), vec![rule]).unwrap_err();
    assert!(e.to_string().contains("only for values from 1"), "{e}");
}
