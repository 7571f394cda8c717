//! True candidates, certificates and the generator, checked independently: candidates against
//! the union of all solutions (listed by `count_with`), generated puzzles for uniqueness
//! (`count`) and minimality (removing each given), proofs with varisat's checker (and with
//! drat-trim when it is installed).

mod common;

use common::drat_outline;
use satdoku::candidates::{candidate_counts, candidates};
use satdoku::generate::{
    classic_layout, generate, redundant_givens, GenerateOptions, Rng, Symmetry,
};
use satdoku::proof::{certify, verify_varisat, Certified, Claim, ProofFormat};
use satdoku::rules::arrow::Arrow;
use satdoku::rules::difference::Difference;
use satdoku::rules::killer::Killer;
use satdoku::rules::ratio::Ratio;
use satdoku::rules::thermometer::Thermometer;
use satdoku::rules::Constraint;
use satdoku::{count, count_with, parse_one, Cell, Grid, Puzzle, Shape};

fn cells(list: &str) -> Vec<Cell> {
    list.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn killer(list: &str, sum: usize) -> Constraint {
    Constraint::Killer(Killer {
        cells: cells(list),
        sum: Some(sum),
    })
}

fn thermo(list: &str) -> Constraint {
    Constraint::Thermometer(Thermometer { cells: cells(list) })
}

/// A 4x4 killer layout, a 6x6 thermometer layout, a 4x4 arrow layout and a 4x4 kropki layout
/// (white and black dots), no givens.
fn variant_layouts() -> Vec<Puzzle> {
    let k4 = Puzzle::new(
        Shape::new(4).unwrap(),
        Grid::empty(4),
        vec![
            killer("r1c1 r1c2", 3),
            killer("r2c3 r2c4 r3c4", 7),
            killer("r4c1 r4c2", 7),
        ],
    )
    .unwrap();
    let t6 = Puzzle::new(
        Shape::with_box(6, 2, 3).unwrap(),
        Grid::empty(6),
        vec![
            thermo("r1c1 r2c1 r3c1 r3c2"),
            thermo("r6c6 r5c6 r4c5"),
            thermo("r2c4 r2c5 r3c5"),
        ],
    )
    .unwrap();
    let a4 = Puzzle::new(
        Shape::new(4).unwrap(),
        Grid::empty(4),
        vec![
            Constraint::Arrow(Arrow {
                circle: cells("r1c1"),
                line: cells("r2c2 r3c2"),
            }),
            Constraint::Arrow(Arrow {
                circle: cells("r4c4"),
                line: cells("r3c3 r3c4"),
            }),
        ],
    )
    .unwrap();
    let dot = |list: &str| -> [Cell; 2] {
        let v = cells(list);
        [v[0], v[1]]
    };
    let kropki4 = Puzzle::new(
        Shape::new(4).unwrap(),
        Grid::empty(4),
        vec![
            Constraint::Difference(Difference {
                cells: dot("r1c1 r1c2"),
                value: 1,
            }),
            Constraint::Ratio(Ratio {
                cells: dot("r2c2 r2c3"),
                value: 2,
            }),
            Constraint::Difference(Difference {
                cells: dot("r3c4 r4c4"),
                value: 1,
            }),
            Constraint::Ratio(Ratio {
                cells: dot("r4c1 r4c2"),
                value: 2,
            }),
        ],
    )
    .unwrap();
    vec![k4, t6, a4, kropki4]
}

/// The puzzle `p` with givens taken from `solution` at `k` random cells.
fn with_random_givens(p: &Puzzle, solution: &Grid, k: usize, rng: &mut Rng) -> Puzzle {
    let n = p.size();
    let mut idx: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut idx);
    let mut g = p.givens().clone();
    for &i in &idx[..k] {
        let c = Cell::from_position(i, n);
        g.set(c, solution.get(c));
    }
    Puzzle::new(p.shape().clone(), g, p.constraints().to_vec()).unwrap()
}

/// Candidates equal the union of all solutions, and the counts match a listing.
fn assert_candidates_are_the_union(p: &Puzzle, limit: usize) -> bool {
    let n = p.size();
    let mut union = vec![0u64; n * n];
    let mut all = Vec::new();
    let c = count_with(p, limit, |g| {
        for (i, d) in g.cells().iter().enumerate() {
            union[i] |= d.unwrap().bit();
        }
        all.push(g.clone());
    })
    .unwrap();
    if c.capped {
        return false; // too many to list: not a fair brute-force check
    }
    let found = candidates(p).unwrap();
    if c.found == 0 {
        assert_eq!(found, None);
        return true;
    }
    let found = found.unwrap();
    assert_eq!(found.masks, union, "candidates differ from the union");
    assert_eq!(found.is_unique(), c.found == 1);
    let k = candidate_counts(p, limit).unwrap();
    assert_eq!(k.solutions, c.found);
    assert!(!k.capped);
    for (i, per) in k.counts.iter().enumerate() {
        for (d, &x) in per.iter().enumerate() {
            let expect = all
                .iter()
                .filter(|g| g.cells()[i].unwrap().index() == d)
                .count();
            assert_eq!(x, expect);
        }
    }
    true
}

#[test]
fn candidates_are_the_union_of_all_solutions() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    let four = classic_layout(4, None).unwrap();
    let six = classic_layout(6, None).unwrap();
    let mut layouts = vec![four, six];
    layouts.extend(variant_layouts());
    for layout in &layouts {
        let n = layout.size();
        let base = generate(layout, &GenerateOptions::default(), &mut rng).unwrap();
        let givens = if n == 4 { 0..6 } else { 4..14 };
        for k in givens {
            let p = with_random_givens(layout, &base.solution, k, &mut rng);
            if assert_candidates_are_the_union(&p, 5000) {
                checked += 1;
            }
        }
        // The layout itself (no givens) when its solutions are few enough to list.
        if assert_candidates_are_the_union(layout, 5000) {
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} puzzles were small enough");
    // Without solution: none.
    assert_eq!(
        candidates(&parse_one("123....4........").unwrap()).unwrap(),
        None
    );
}

#[test]
fn counts_are_capped() {
    let p = classic_layout(4, None).unwrap();
    let k = candidate_counts(&p, 10).unwrap();
    assert_eq!(k.solutions, 10);
    assert!(k.capped);
}

/// Unique, and no given can be removed keeping it unique (checked with `count`).
fn assert_unique_and_minimal(p: &Puzzle, layout: &Puzzle) {
    assert_eq!(count(p, 2).unwrap().found, 1, "not unique");
    for (cell, _) in p.givens().filled() {
        if layout.givens().get(cell).is_some() {
            continue;
        }
        let mut g = p.givens().clone();
        g.set(cell, None);
        let q = Puzzle::new(p.shape().clone(), g, p.constraints().to_vec()).unwrap();
        assert_eq!(count(&q, 2).unwrap().found, 2, "{cell} is not needed");
    }
}

fn generated(layout: &Puzzle, seed: u64, count: usize, symmetry: Symmetry) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let opts = GenerateOptions {
        symmetry,
        ..GenerateOptions::default()
    };
    (0..count)
        .map(|_| generate(layout, &opts, &mut rng).unwrap().puzzle)
        .collect()
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let mut layouts = vec![
        classic_layout(4, None).unwrap(),
        classic_layout(6, None).unwrap(),
        classic_layout(6, Some((3, 2))).unwrap(),
        classic_layout(9, None).unwrap(),
    ];
    layouts.extend(variant_layouts());
    for layout in &layouts {
        for seed in 1..=3 {
            for p in generated(layout, seed, 2, Symmetry::None) {
                assert_unique_and_minimal(&p, layout);
            }
        }
    }
}

#[test]
fn layout_givens_are_kept() {
    let layout = parse_one("1...............").unwrap();
    for p in generated(&layout, 5, 4, Symmetry::None) {
        assert_eq!(
            p.givens().get(Cell::new(1, 1)),
            layout.givens().get(Cell::new(1, 1))
        );
        assert_unique_and_minimal(&p, &layout);
    }
}

#[test]
fn symmetric_givens_are_symmetric_and_orbit_minimal() {
    let layout = classic_layout(9, None).unwrap();
    for sym in [
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ] {
        for p in generated(&layout, 3, 2, sym) {
            assert_eq!(count(&p, 2).unwrap().found, 1);
            let filled: Vec<Cell> = p.givens().filled().map(|(c, _)| c).collect();
            for &c in &filled {
                for o in sym.orbit(c, 9) {
                    assert!(filled.contains(&o), "{sym:?}: {c} given but not {o}");
                }
            }
            // Removing any whole orbit breaks uniqueness.
            for &c in &filled {
                let mut g = p.givens().clone();
                for o in sym.orbit(c, 9) {
                    g.set(o, None);
                }
                let q = Puzzle::classic(p.shape().clone(), g).unwrap();
                assert_eq!(count(&q, 2).unwrap().found, 2);
            }
        }
    }
}

#[test]
fn same_seed_same_puzzles_other_seed_others() {
    let layout = classic_layout(9, None).unwrap();
    let a = generated(&layout, 42, 3, Symmetry::None);
    let b = generated(&layout, 42, 3, Symmetry::None);
    let c = generated(&layout, 43, 3, Symmetry::None);
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_ne!(a[0], a[1]);
}

#[test]
fn givens_max_out_of_reach_is_an_error() {
    let layout = classic_layout(9, None).unwrap();
    let opts = GenerateOptions {
        givens_max: Some(10),
        attempts: 3,
        ..GenerateOptions::default()
    };
    let e = generate(&layout, &opts, &mut Rng::new(1)).unwrap_err();
    assert!(e.to_string().contains("at most 10 givens"), "{e}");
    // A reachable bound is met.
    let opts = GenerateOptions {
        givens_max: Some(26),
        attempts: 200,
        ..GenerateOptions::default()
    };
    let g = generate(&layout, &opts, &mut Rng::new(1)).unwrap();
    assert!(g.puzzle.givens().filled_count() <= 26);
}

#[test]
fn a_layout_without_solution_cannot_be_generated() {
    let layout = parse_one("12..34..........").unwrap();
    let bad = parse_one("123....4........").unwrap();
    assert!(generate(&layout, &GenerateOptions::default(), &mut Rng::new(1)).is_ok());
    let e = generate(&bad, &GenerateOptions::default(), &mut Rng::new(1)).unwrap_err();
    assert!(e.to_string().contains("no solution"), "{e}");
    // A killer layout whose cages cannot all hold: box 2 needs a 2 in row 2, the cage
    // r2c3+r2c4+r3c4 = 8 allows only 1, 3, 4.
    let cages = Puzzle::new(
        Shape::new(4).unwrap(),
        Grid::empty(4),
        vec![killer("r1c1 r1c2", 3), killer("r2c3 r2c4 r3c4", 8)],
    )
    .unwrap();
    let e = generate(&cages, &GenerateOptions::default(), &mut Rng::new(1)).unwrap_err();
    assert!(e.to_string().contains("no solution"), "{e}");
    assert_eq!(candidates(&cages).unwrap(), None);
}

#[test]
fn redundant_givens_match_removal_one_by_one() {
    let p = parse_one(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let sol = satdoku::some_solution(&p).unwrap().unwrap();
    let red = redundant_givens(&p, &sol).unwrap();
    for (cell, _) in p.givens().filled() {
        let mut g = p.givens().clone();
        g.set(cell, None);
        let q = Puzzle::classic(p.shape().clone(), g).unwrap();
        let unique = count(&q, 2).unwrap().found == 1;
        assert_eq!(red.contains(&cell), unique, "{cell}");
    }
    assert!(!red.is_empty());
}

/// A DRAT proof of a small puzzle has the right form and its stated size.
#[test]
fn drat_proof_has_the_right_form() {
    let p = parse_one("...4..3.....3.2.").unwrap();
    let (mut q, mut pr) = (Vec::new(), Vec::new());
    let Certified::Done(c) = certify(&p, ProofFormat::Drat, &mut q, &mut pr).unwrap() else {
        panic!("not certified")
    };
    let o = drat_outline(std::str::from_utf8(&pr).unwrap(), c.vars).unwrap();
    assert!(o.empty_clause);
    assert_eq!(c.proof_bytes as usize, pr.len());
}

fn drat_trim() -> Option<std::path::PathBuf> {
    let out = std::process::Command::new("sh")
        .args(["-c", "command -v drat-trim"])
        .output()
        .ok()?;
    let path = String::from_utf8(out.stdout).ok()?;
    let path = path.trim();
    (!path.is_empty()).then(|| path.into())
}

/// Certifies `p` in both formats and checks both proofs.
fn assert_certified(p: &Puzzle) -> Claim {
    let (mut q, mut pr) = (Vec::new(), Vec::new());
    let Certified::Done(c) = certify(p, ProofFormat::Varisat, &mut q, &mut pr).unwrap() else {
        panic!("not certified")
    };
    verify_varisat(&q[..], &pr[..]).unwrap();
    let (mut q2, mut d) = (Vec::new(), Vec::new());
    let Certified::Done(c2) = certify(p, ProofFormat::Drat, &mut q2, &mut d).unwrap() else {
        panic!("not certified")
    };
    assert_eq!(q, q2, "the query does not depend on the proof format");
    assert_eq!(c2.proof_bytes as usize, d.len());
    let o = drat_outline(std::str::from_utf8(&d).unwrap(), c2.vars).unwrap();
    assert!(o.empty_clause && o.added > 0);
    if let Some(tool) = drat_trim() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("q.cnf"), &q2).unwrap();
        std::fs::write(dir.path().join("p.drat"), &d).unwrap();
        let out = std::process::Command::new(tool)
            .arg(dir.path().join("q.cnf"))
            .arg(dir.path().join("p.drat"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("s VERIFIED"), "drat-trim: {text}");
    }
    c.claim
}

#[test]
fn proofs_check() {
    let unique = [
        "...4..3.....3.2.",
        "......43....12.4......3.....6.5....1",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ];
    for text in unique {
        let mut p = parse_one(text).unwrap();
        if text.len() == 36 {
            p = satdoku::parse_one_with(
                text,
                &satdoku::TextOptions {
                    box_shape: Some((2, 3)),
                    ..Default::default()
                },
            )
            .unwrap();
        }
        assert!(matches!(assert_certified(&p), Claim::Unique(_)), "{text}");
    }
    // Variant puzzles: generated on the killer and thermometer layouts.
    for layout in variant_layouts() {
        for p in generated(&layout, 9, 2, Symmetry::None) {
            assert!(matches!(assert_certified(&p), Claim::Unique(_)));
        }
    }
    // The query's header names the variant rules.
    let layout = &variant_layouts()[0];
    let p = &generated(layout, 1, 1, Symmetry::None)[0];
    let (mut q, mut pr) = (Vec::new(), Vec::new());
    certify(p, ProofFormat::Drat, &mut q, &mut pr).unwrap();
    let text = String::from_utf8(q).unwrap();
    assert!(
        text.contains("c variant rules (3): killer, killer, killer"),
        "{text:.400}"
    );
    let none = parse_one("123....4........").unwrap();
    assert_eq!(assert_certified(&none), Claim::NoSolution);
}
