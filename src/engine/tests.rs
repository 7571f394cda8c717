//! Both engines behind the seam: same answers, phases, assumptions, budgets, and a model
//! that breaks the rules caught by the checker whichever engine produced it.

use super::*;
use crate::cnf::cell_var;
use crate::geometry::Cell;
use crate::geometry::Digit;
use crate::parse_one;
use crate::solve::Formula;
use crate::solve::{check_session, count_on, Session, Simplify, Verdict};
use std::time::Duration;

/// The engines this build has.
/// The plain square shape of side `n` with its default boxes.
fn square(n: usize) -> crate::geometry::Shape {
    crate::geometry::Shape::new(n).unwrap()
}

/// A 9×9 chaos construction without boxes.
fn chaos9() -> crate::geometry::Shape {
    crate::geometry::Shape::rect(9, 9)
        .unwrap()
        .with_chaos()
        .unwrap()
}

fn built() -> Vec<EngineKind> {
    EngineKind::ALL
        .into_iter()
        .filter(|k| k.is_built())
        .collect()
}

#[test]
fn names_round_trip_and_unknown_names_are_refused() {
    for k in EngineKind::CHOICES {
        assert_eq!(k.name().parse::<EngineKind>().unwrap(), k);
    }
    let e = "minisat".parse::<EngineKind>().unwrap_err();
    assert!(e.to_string().contains("auto, varisat or cadical"), "{e}");
    for m in Propagation::ALL {
        assert_eq!(m.name().parse::<Propagation>().unwrap(), m);
        assert_eq!(m.to_string(), m.name());
    }
    let e = "sometimes".parse::<Propagation>().unwrap_err();
    assert!(e.to_string().contains("carry-all"), "{e}");
}

#[test]
fn a_phase_grid_is_the_first_solution_found() {
    // The empty 4x4 has 288 solutions; started from one, the search meets no conflict.
    let p = parse_one(&".".repeat(16)).unwrap();
    let f = Formula::new(&p, Simplify::Full);
    for kind in built() {
        for line in ["1234341221434321", "4321214334121234"] {
            let phase = parse_one(line).unwrap().givens().clone();
            let mut sat = Engine::new(kind)
                .solver_with_phase(&crate::cnf::grid_phase(&phase))
                .unwrap();
            f.encode(&mut sat);
            assert!(sat.solve().unwrap());
            assert_eq!(f.grid_of(&sat).unwrap(), phase, "{kind}");
            // Assumptions go through the same mapping: r1c1 = 2 is honoured.
            let lit = cell_var(4, Cell::new(1, 1), Digit::new(2)).positive();
            sat.assume(&[lit]);
            assert!(sat.solve().unwrap());
            assert_eq!(
                f.grid_of(&sat).unwrap().digit(Cell::new(1, 1)),
                Digit::new(2)
            );
            sat.assume(&[
                !lit,
                !cell_var(4, Cell::new(1, 1), Digit::new(1)).positive(),
            ]);
            assert!(sat.solve().unwrap());
            let d = f.grid_of(&sat).unwrap().digit(Cell::new(1, 1));
            assert!(d == Digit::new(3) || d == Digit::new(4), "{kind}: {d:?}");
            // Unsatisfiable under assumptions, satisfiable again without them.
            sat.assume(&[lit, cell_var(4, Cell::new(1, 2), Digit::new(2)).positive()]);
            assert!(!sat.solve().unwrap(), "{kind}");
            sat.assume(&[]);
            assert!(sat.solve().unwrap(), "{kind}");
        }
    }
}

#[test]
fn engines_agree_on_counts_and_verdicts() {
    let puzzles = [
        // 288 solutions of the empty 4x4, a unique 4x4, a contradictory 4x4.
        (".".repeat(16), 288),
        ("...4..3.....3.2.".to_string(), 1),
        ("1..4.....2...3..".to_string(), 0),
        // A unique classic puzzle (17 givens).
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .to_string(),
            1,
        ),
    ];
    for (line, want) in &puzzles {
        let p = parse_one(line).unwrap();
        for kind in built() {
            let c = count_on(&p, 1000, &Engine::new(kind), |g| {
                p.verify(g).unwrap();
            })
            .unwrap();
            assert_eq!((c.found, c.capped), (*want, false), "{kind} on {line}");
            let mut s = Session::with_engine(&p, Simplify::Givens, &Engine::new(kind));
            let v = check_session(&mut s).unwrap();
            match (want, v) {
                (0, Verdict::None) | (1, Verdict::Unique(_)) => {}
                (w, v) if *w > 1 => assert!(matches!(v, Verdict::Multiple(..)), "{kind}"),
                (w, v) => panic!("{kind} on {line}: want {w}, got {v:?}"),
            }
        }
    }
}

#[test]
fn a_spent_budget_stops_every_engine_and_says_so() {
    let p = parse_one(&".".repeat(81)).unwrap();
    for kind in built() {
        let engine = Engine::new(kind).with_budget(Budget::of(Duration::ZERO));
        let mut s = Session::with_engine(&p, Simplify::Full, &engine);
        let e = s.next_solution().unwrap_err();
        assert!(matches!(e, Error::Limit(_)), "{kind}: {e}");
        assert!(engine.budget.is_spent(), "{kind}");
        assert!(s.next_solution().is_err(), "{kind}");
    }
}

#[test]
fn an_answer_that_breaks_the_rules_is_caught_by_the_checker() {
    // The formula of one puzzle, solved with another puzzle's clauses: the model is a grid
    // of the second puzzle, which the first puzzle's checker refuses (r1c1 must be 1).
    let strict = parse_one("1...............").unwrap();
    let loose = parse_one(&".".repeat(16)).unwrap();
    let f_strict = Formula::new(&strict, Simplify::None);
    let f_loose = Formula::new(&loose, Simplify::None);
    for kind in built() {
        let mut sat = Engine::new(kind).solver().unwrap();
        f_loose.encode(&mut sat);
        // Force r1c1 = 2, which the strict puzzle forbids.
        sat.assume(&[cell_var(4, Cell::new(1, 1), Digit::new(2)).positive()]);
        assert!(sat.solve().unwrap());
        let e = f_strict.grid_of(&sat).unwrap_err();
        assert!(matches!(e, Error::Verification(_)), "{kind}: {e}");
    }
}

#[test]
#[cfg(not(feature = "cadical"))]
fn an_engine_not_built_is_refused_with_a_reason() {
    let e = Engine::new(EngineKind::Cadical).solver().err().unwrap();
    assert!(e.to_string().contains("feature"), "{e}");
}

#[test]
fn auto_picks_cadical_where_sums_cover_most_of_the_grid_and_varisat_elsewhere() {
    let auto = Engine::new(EngineKind::Auto);
    assert_eq!(EngineKind::default(), EngineKind::Auto);
    assert_eq!(auto.solver().unwrap().kind(), EngineKind::Varisat);
    let killer = |cages: &str| {
        crate::format::json::from_str(&format!(
            r#"{{"satdoku": 1, "size": 4, "givens": ["....", "....", "....", "...."],
                "constraints": [{cages}]}}"#
        ))
        .unwrap()
        .puzzle
    };
    let cage = |cells: &str, sum: usize| {
        format!(r#"{{"type": "killer", "cells": [{cells}], "sum": {sum}}}"#)
    };
    // cages over 11 of the 16 cells (more than two thirds): the session's search carries the
    // sum propagator, so CaDiCaL (if built)
    let most = killer(
        &[
            cage(r#""r1c1", "r1c2", "r2c1", "r2c2""#, 10),
            cage(r#""r1c3", "r1c4", "r2c3", "r2c4""#, 10),
            cage(r#""r3c1", "r3c2", "r4c1""#, 7),
        ]
        .join(", "),
    );
    assert!(crate::sums::propagator_pays(&most));
    let mut s = Session::with_engine(&most, Simplify::None, &auto);
    let want = if EngineKind::Cadical.is_built() {
        EngineKind::Cadical
    } else {
        EngineKind::Varisat
    };
    assert_eq!(s.engine_kind(), Some(want));
    // and answers as the named engines do
    let grid = s.next_solution().unwrap().unwrap();
    assert!(most.verify(&grid).is_ok());
    // 10 of 16 cells (not more than two thirds): varisat, unless CaDiCaL is named
    let some = killer(
        &[
            cage(r#""r1c1", "r1c2", "r2c1", "r2c2""#, 10),
            cage(r#""r1c3", "r1c4", "r2c3", "r2c4""#, 10),
            cage(r#""r3c1", "r3c2""#, 4),
        ]
        .join(", "),
    );
    assert!(!crate::sums::propagator_pays(&some));
    let s = Session::with_engine(&some, Simplify::None, &auto);
    assert_eq!(s.engine_kind(), Some(EngineKind::Varisat));
    if EngineKind::Cadical.is_built() {
        let s = Session::with_engine(&some, Simplify::None, &Engine::new(EngineKind::Cadical));
        assert_eq!(s.engine_kind(), Some(EngineKind::Cadical));
    }
    let classic = parse_one(&".".repeat(16)).unwrap();
    let s = Session::with_engine(&classic, Simplify::None, &auto);
    assert_eq!(s.engine_kind(), Some(EngineKind::Varisat));
    // big grids go to CaDiCaL; a named engine is kept whatever the side
    assert_eq!(
        auto.for_shape(&square(AUTO_CADICAL_SIDE)).kind,
        EngineKind::Auto
    );
    // (without CaDiCaL, auto stays auto: varisat then searches)
    let big = if EngineKind::Cadical.is_built() {
        EngineKind::Cadical
    } else {
        EngineKind::Auto
    };
    assert_eq!(auto.for_shape(&square(AUTO_CADICAL_SIDE + 1)).kind, big);
    // more values than the longer side (here 1..9 on a 5×5): CaDiCaL when built
    let more = crate::geometry::Shape::rect(5, 5)
        .unwrap()
        .with_values(crate::geometry::Values::standard(9))
        .unwrap();
    assert_eq!(auto.for_shape(&more).kind, big);
    let zero = square(9)
        .with_values(crate::geometry::Values::parse("0-8").unwrap())
        .unwrap();
    assert_eq!(auto.for_shape(&zero).kind, EngineKind::Auto);
    let v = Engine::new(EngineKind::Varisat);
    assert_eq!(v.for_shape(&more).kind, EngineKind::Varisat);
    assert_eq!(v.for_shape(&square(64)).kind, EngineKind::Varisat);
    // chaos constructions stay auto with CaDiCaL built (the connectivity propagator then
    // takes them to CaDiCaL), else go to varisat
    let chaos = if EngineKind::Cadical.is_built() {
        EngineKind::Auto
    } else {
        EngineKind::Varisat
    };
    assert_eq!(auto.for_shape(&chaos9()).kind, chaos);
    if EngineKind::Cadical.is_built() {
        let text = ".Shape~4x4.ChaosConstruction.NoBoxes.~R1C1_1~R2C3_3";
        let p = crate::format::iss::import_text(text)
            .unwrap()
            .document
            .puzzle;
        let s = Session::with_engine(&p, Simplify::Full, &auto);
        assert_eq!(s.engine_kind(), Some(EngineKind::Cadical));
        let off = auto.clone().with_chaos(crate::engine::Propagation::Off);
        let s = Session::with_engine(&p, Simplify::Full, &off);
        assert_eq!(s.engine_kind(), Some(EngineKind::Varisat));
    }
    assert_eq!(
        Engine::new(EngineKind::Cadical).for_shape(&chaos9()).kind,
        EngineKind::Cadical
    );
}
