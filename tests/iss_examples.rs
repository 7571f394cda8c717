//! The Interactive Sudoku Solver's own examples that satdoku can state
//! (`tests/iss/examples.jsonl`, from ISS's data/example_puzzles.js and data/collections.js,
//! MIT, see `tests/iss/README.md`): each, read through the ISS reader, gets ISS's verdict,
//! and when unique, ISS's solution. ISS's answers were computed by running ISS headless
//! (`benches/iss_examples.mjs`) and are stored beside the puzzles, so this test needs no ISS.
//! The examples that take satdoku more than a few seconds (`tests/iss/slow.jsonl`) are
//! checked the same way in a test of their own, which the harness runs beside the others.

use satdoku::format::iss;
use satdoku::solve::check;
use satdoku::Verdict;
use serde_json::Value;

fn records() -> Vec<Value> {
    records_of("tests/iss/examples.jsonl")
}

fn records_of(path: &str) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_shipped_example_has_its_license_and_source() {
    let recs = records();
    assert!(recs.len() >= 130, "{}", recs.len());
    let slow = records_of("tests/iss/slow.jsonl");
    assert_eq!(slow.len(), 3);
    for r in recs.iter().chain(&slow) {
        assert!(r["license"].as_str().unwrap().starts_with("MIT"), "{r}");
        assert!(
            r["source"]
                .as_str()
                .unwrap()
                .contains("Interactive-Sudoku-Solver"),
            "{r}"
        );
    }
    assert!(std::path::Path::new("tests/iss/LICENSE.ISS").exists());
}

#[test]
fn satdoku_agrees_with_iss_on_its_examples() {
    agrees_with_iss(&records());
}

/// "Chaos Construction: x-sums", "Factorial Cages" and "How Shall We Split This?": 19 s of
/// a release build together (ISS 45 s), kept out of the file above so that they run beside it.
#[test]
fn satdoku_agrees_with_iss_on_its_slow_examples() {
    let slow = records_of("tests/iss/slow.jsonl");
    let titles: Vec<&str> = slow.iter().map(|r| r["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        [
            "Chaos Construction: x-sums",
            "How Shall We Split This?",
            "Factorial Cages"
        ]
    );
    agrees_with_iss(&slow);
}

/// Each record read through the ISS reader gets ISS's verdict and, when unique, ISS's
/// solution: its digits and its extra cells' values.
fn agrees_with_iss(records: &[Value]) {
    let mut compared = 0;
    for r in records {
        let title = r["title"].as_str().unwrap();
        let doc = iss::import_text(r["iss"].as_str().unwrap())
            .unwrap_or_else(|e| panic!("{title}: {e}"))
            .document;
        let verdict = check(&doc.puzzle).unwrap_or_else(|e| panic!("{title}: {e}"));
        if let Some(ours) = r["satdoku_status"].as_str() {
            // A verdict of ISS's that is wrong (`iss_wrong` says how it was shown): its
            // solution and `also_solves` (a grid ISS itself accepts as givens) both pass the
            // puzzle's checker, so the puzzle has two solutions whatever any search says.
            assert!(
                r["iss_wrong"].as_str().is_some_and(|w| !w.is_empty()),
                "{title}"
            );
            let two: Vec<&str> = ["solution", "also_solves"]
                .iter()
                .map(|k| r[*k].as_str().unwrap())
                .collect();
            assert_ne!(two[0], two[1], "{title}");
            for text in two {
                let grid = grid_of(&doc.puzzle, text);
                doc.puzzle
                    .verify(&grid)
                    .unwrap_or_else(|e| panic!("{title}: {text}: {e}"));
            }
            assert_eq!(ours, "multiple", "{title}");
            assert!(
                matches!(verdict, Verdict::Multiple(..)),
                "{title}: {verdict:?}"
            );
            compared += 1;
            continue;
        }
        match (r["iss_status"].as_str().unwrap(), verdict) {
            ("unique", Verdict::Unique(grid)) => {
                // Values, as written (`0-8` grids hold 0..8).
                let values = doc.puzzle.shape().values();
                let value_of = |cells: &[Option<satdoku::Digit>]| -> Vec<i64> {
                    cells.iter().map(|d| values.value(d.unwrap())).collect()
                };
                let got = value_of(grid.grid_cells());
                // the extra cells (ISS `Var`), values separated by spaces
                let extra = r["extra_solution"].as_str().map_or(Vec::new(), |t| {
                    t.split(' ').map(|v| v.parse::<i64>().unwrap()).collect()
                });
                assert_eq!(value_of(grid.extra_cells()), extra, "{title}");
                // Digits, or numbers separated by spaces above 9x9.
                let text = r["solution"].as_str().unwrap();
                let want: Vec<i64> = if text.contains(' ') {
                    text.split(' ').map(|t| t.parse().unwrap()).collect()
                } else {
                    text.chars()
                        .map(|c| c.to_digit(10).unwrap() as i64)
                        .collect()
                };
                assert_eq!(got, want, "{title}");
            }
            ("multiple", Verdict::Multiple(..)) | ("none", Verdict::None) => {}
            (iss_says, v) => panic!("{title}: ISS says {iss_says}, satdoku {v:?}"),
        }
        compared += 1;
    }
    assert_eq!(compared, records.len());
}

/// The full grid `text` (one character per value, as the records write solutions) of
/// `puzzle`'s shape.
fn grid_of(puzzle: &satdoku::Puzzle, text: &str) -> satdoku::Grid {
    let shape = puzzle.shape();
    let mut grid = satdoku::Grid::for_shape(shape);
    for (i, ch) in text.chars().enumerate() {
        let value = ch.to_digit(10).unwrap() as i64;
        let cell = satdoku::Cell::from_index(i / shape.cols(), i % shape.cols());
        grid.set(cell, Some(shape.values().digit(value).unwrap()));
    }
    grid
}

/// The chaos constructions on CaDiCaL, with the connectivity propagator carrying the
/// regions' connectivity and with it beside the clauses: the same verdicts and the same
/// (digits, regions) as varisat on the full CNF — where varisat finishes within 5 s (it takes
/// 40 s on "Cavernous Construction" and more than two minutes on "Calm Construction"; there
/// the two CaDiCaL modes are held to each other, and ISS's digits are checked above).
#[test]
fn chaos_examples_agree_with_and_without_the_connectivity_propagator() {
    use satdoku::engine::{Budget, Engine, EngineKind, Propagation};
    use satdoku::solve::check_on;
    use std::time::Duration;
    if !EngineKind::Cadical.is_built() {
        return;
    }
    let mut compared = 0;
    for r in records() {
        let title = r["title"].as_str().unwrap();
        let doc = iss::import_text(r["iss"].as_str().unwrap())
            .unwrap()
            .document;
        if !doc.puzzle.shape().is_chaos() {
            continue;
        }
        let varisat =
            Engine::new(EngineKind::Varisat).with_budget(Budget::of(Duration::from_secs(5)));
        let mut plain = match check_on(&doc.puzzle, &varisat) {
            Ok(v) => Some(v),
            Err(satdoku::Error::Limit(_)) => None,
            Err(e) => panic!("{title}: {e}"),
        };
        for mode in [Propagation::Carry, Propagation::Both] {
            let engine = Engine::new(EngineKind::Cadical).with_chaos(mode);
            let v = check_on(&doc.puzzle, &engine).unwrap_or_else(|e| panic!("{title}: {e}"));
            let Some(plain) = &plain else {
                // varisat ran out of time: the next mode is held to this one
                plain = Some(v);
                continue;
            };
            match (&plain, &v) {
                (Verdict::Unique(a), Verdict::Unique(b)) => {
                    assert_eq!(a.cells(), b.cells(), "{title} {mode}");
                    assert_eq!(a.regions(), b.regions(), "{title} {mode}");
                }
                (Verdict::Multiple(..), Verdict::Multiple(..)) | (Verdict::None, Verdict::None) => {
                }
                _ => panic!("{title} {mode}: reference {plain:?}, CaDiCaL {v:?}"),
            }
        }
        compared += 1;
    }
    assert!(compared >= 9, "{compared}");
}
