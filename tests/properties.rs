//! Property tests of the library on random puzzles.
//!
//! - (a) SAT counts of random 4×4 and 6×6 puzzles equal a brute-force count written here
//!   (sharing nothing with the crate), and givens that clash are rejected by `Puzzle`
//!   construction and by parsing;
//! - (b) parse → print → parse is the identity, for lines (`Line`) and block grids (`Pretty`),
//!   for sizes 4 to 64;
//! - (c) every solution `check`, `some_solution` and `count_with` return passes
//!   `Puzzle::verify` and keeps the givens.
//!
//! Random full grids come from a pattern grid shuffled by validity-preserving moves (digits,
//! rows within a band, bands, columns within a stack, stacks), driven by a seed.

mod common;

use common::Rng;
use proptest::prelude::*;
use satdoku::engine::{Engine, EngineKind};
use satdoku::format::text::{Line, Pretty, Symbols, TextOptions};
use satdoku::solve::count_on;
use satdoku::{
    check, count, count_with, parse_one_with, some_solution, Digit, Error, Grid, Puzzle, Shape,
    Verdict,
};
use std::collections::HashSet;

/// Box geometry: `br` rows × `bc` columns, side `n = br * bc`.
#[derive(Clone, Copy, Debug)]
struct Boxes {
    n: usize,
    br: usize,
    bc: usize,
}

impl Boxes {
    fn new(br: usize, bc: usize) -> Boxes {
        Boxes { n: br * bc, br, bc }
    }
    fn box_of(&self, r: usize, c: usize) -> usize {
        (r / self.br) * (self.n / self.bc) + c / self.bc
    }
    fn shape(&self) -> Shape {
        Shape::with_box(self.n, self.br, self.bc).unwrap()
    }
    fn options(&self) -> TextOptions {
        TextOptions {
            box_shape: Some((self.br, self.bc)),
            ..TextOptions::default()
        }
    }
}

/// A random full grid (digits 1..=n, row-major).
fn full_grid(b: Boxes, rng: &mut Rng) -> Vec<u8> {
    let n = b.n;
    let digits = rng.permutation(n);
    // Rows: bands of `br` rows, shuffled, and rows shuffled within each band.
    let mut rows = Vec::with_capacity(n);
    for band in rng.permutation(n / b.br) {
        for r in rng.permutation(b.br) {
            rows.push(band * b.br + r);
        }
    }
    let mut cols = Vec::with_capacity(n);
    for stack in rng.permutation(n / b.bc) {
        for c in rng.permutation(b.bc) {
            cols.push(stack * b.bc + c);
        }
    }
    let pattern = |r: usize, c: usize| (b.bc * (r % b.br) + r / b.br + c) % n;
    let mut g = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            g.push(digits[pattern(r, c)] as u8 + 1);
        }
    }
    assert!(clash(b, &g).is_none() && g.iter().all(|&d| d >= 1));
    g
}

/// Two givens (0 = empty) with the same digit in a row, column or box, if any.
fn clash(b: Boxes, g: &[u8]) -> Option<(usize, usize)> {
    let n = b.n;
    for i in 0..n * n {
        for j in i + 1..n * n {
            if g[i] == 0 || g[i] != g[j] {
                continue;
            }
            let (ri, ci, rj, cj) = (i / n, i % n, j / n, j % n);
            if ri == rj || ci == cj || b.box_of(ri, ci) == b.box_of(rj, cj) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Counts completions of `g` (0 = empty) by backtracking, up to `limit`. Each step fills the
/// empty cell with the fewest digits left (a cell with none ends the branch).
fn brute_count(b: Boxes, g: &[u8], limit: usize) -> usize {
    let n = b.n;
    let mut cells = g.to_vec();
    let (mut rows, mut cols, mut boxes) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for (i, &d) in g.iter().enumerate() {
        if d != 0 {
            let bit = 1u64 << d;
            rows[i / n] |= bit;
            cols[i % n] |= bit;
            boxes[b.box_of(i / n, i % n)] |= bit;
        }
    }
    let all: u64 = ((1u64 << n) - 1) << 1;
    let mut count = 0;
    #[allow(clippy::too_many_arguments)]
    fn go(
        b: Boxes,
        all: u64,
        cells: &mut [u8],
        rows: &mut [u64],
        cols: &mut [u64],
        boxes: &mut [u64],
        count: &mut usize,
        limit: usize,
    ) {
        let n = b.n;
        if *count >= limit {
            return;
        }
        // The empty cell with the fewest candidates.
        let mut best: Option<(usize, u64)> = None;
        for (i, _) in cells.iter().enumerate().filter(|(_, &d)| d == 0) {
            let (r, c) = (i / n, i % n);
            let free = all & !(rows[r] | cols[c] | boxes[b.box_of(r, c)]);
            if !matches!(best, Some((_, m)) if m.count_ones() <= free.count_ones()) {
                best = Some((i, free));
                if free == 0 {
                    return;
                }
            }
        }
        let Some((i, free)) = best else {
            *count += 1;
            return;
        };
        let (r, c) = (i / n, i % n);
        let bx = b.box_of(r, c);
        for d in 1..=n {
            let bit = 1u64 << d;
            if free & bit != 0 {
                cells[i] = d as u8;
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[bx] |= bit;
                go(b, all, cells, rows, cols, boxes, count, limit);
                rows[r] &= !bit;
                cols[c] &= !bit;
                boxes[bx] &= !bit;
                cells[i] = 0;
            }
        }
    }
    go(
        b, all, &mut cells, &mut rows, &mut cols, &mut boxes, &mut count, limit,
    );
    count
}

fn to_grid(n: usize, g: &[u8]) -> Grid {
    let cells = g
        .iter()
        .map(|&d| (d != 0).then(|| Digit::new(d as usize)))
        .collect();
    Grid::from_cells(n, cells).unwrap()
}

/// Random givens: cells of a random full grid kept with probability `keep`%, then `extra`
/// random (cell, digit) pairs written over them (which may clash).
fn random_givens(b: Boxes, seed: u64, keep: u32, extra: &[(usize, usize)]) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let full = full_grid(b, &mut rng);
    let n = b.n;
    let mut g: Vec<u8> = full
        .iter()
        .map(|&d| if rng.below(100) < keep as usize { d } else { 0 })
        .collect();
    for &(cell, digit) in extra {
        g[cell % (n * n)] = (digit % n + 1) as u8;
    }
    g
}

/// (a): the SAT count equals the brute-force count; clashing givens are rejected.
fn count_matches_brute_force(b: Boxes, g: &[u8], limit: usize) -> Result<(), TestCaseError> {
    let grid = to_grid(b.n, g);
    let built = Puzzle::classic(b.shape(), grid.clone());
    let line = Line::new(&grid, &Symbols::standard()).to_string();
    let parsed = parse_one_with(&line, &b.options());
    if let Some((i, j)) = clash(b, g) {
        prop_assert!(
            matches!(built, Err(Error::Conflict { .. })),
            "cells {i} and {j} clash, but Puzzle::classic gave {built:?}"
        );
        prop_assert!(parsed.is_err(), "{line}: clash at {i}, {j} not rejected");
        return Ok(());
    }
    let p = built.map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
    prop_assert_eq!(parsed.as_ref().ok(), Some(&p));
    let brute = brute_count(b, g, limit + 1);
    let sat = count(&p, limit).unwrap();
    // Every engine of the build counts the same (each grid it returns is verified).
    for kind in EngineKind::ALL.into_iter().filter(|k| k.is_built()) {
        let other = count_on(&p, limit, &Engine::new(kind), |_| {}).unwrap();
        prop_assert_eq!(&other, &sat, "{} on {}", kind, line);
    }
    prop_assert_eq!(
        sat.found,
        brute.min(limit),
        "{} ({}x{} boxes): SAT {:?}, brute force {}",
        line,
        b.br,
        b.bc,
        sat,
        brute
    );
    prop_assert_eq!(sat.capped, brute > limit, "{}: {:?}", line, sat);
    Ok(())
}

/// Random (cell, digit) givens to write over a puzzle: none in most cases, since most such
/// additions clash.
fn extra_givens(max: usize) -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop_oneof![
        2 => Just(Vec::new()),
        1 => prop::collection::vec((0usize..4096, 0usize..64), 1..=max),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn counts_of_4x4_puzzles_match_brute_force(
        seed in any::<u64>(),
        keep in 0u32..=70,
        extra in extra_givens(3),
    ) {
        let b = Boxes::new(2, 2);
        let g = random_givens(b, seed, keep, &extra);
        count_matches_brute_force(b, &g, 300)?;
    }

    #[test]
    fn counts_of_6x6_puzzles_match_brute_force(
        seed in any::<u64>(),
        keep in 15u32..=75,
        extra in extra_givens(3),
        tall in any::<bool>(),
    ) {
        let b = if tall { Boxes::new(3, 2) } else { Boxes::new(2, 3) };
        let g = random_givens(b, seed, keep, &extra);
        count_matches_brute_force(b, &g, 40)?;
    }
}

/// Box shapes tried for each size in the round trips (the default first).
fn shapes(n: usize) -> Vec<Boxes> {
    match n {
        4 => vec![Boxes::new(2, 2)],
        6 => vec![Boxes::new(2, 3), Boxes::new(3, 2)],
        8 => vec![Boxes::new(2, 4), Boxes::new(4, 2)],
        9 => vec![Boxes::new(3, 3)],
        12 => vec![Boxes::new(3, 4), Boxes::new(4, 3), Boxes::new(2, 6)],
        16 => vec![Boxes::new(4, 4), Boxes::new(2, 8)],
        25 => vec![Boxes::new(5, 5)],
        36 => vec![Boxes::new(6, 6), Boxes::new(4, 9)],
        49 => vec![Boxes::new(7, 7)],
        64 => vec![Boxes::new(8, 8)],
        _ => unreachable!(),
    }
}

fn round_trip(
    n: usize,
    which: usize,
    seed: u64,
    keep: u32,
    custom: bool,
) -> Result<(), TestCaseError> {
    let all = shapes(n);
    let b = all[which % all.len()];
    let g = random_givens(b, seed, keep, &[]);
    let p = Puzzle::classic(b.shape(), to_grid(n, &g)).unwrap();
    // The default box shape needs no option; others are named.
    let opts = if which % all.len() == 0 {
        TextOptions::default()
    } else {
        b.options()
    };
    let (symbols, opts) = if custom && n <= 16 {
        // A shuffled alphabet of letters and digits other than the usual order.
        let mut pool: Vec<char> = "0123456789abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ"
            .chars()
            .collect();
        Rng::new(seed ^ 0x5eed).shuffle(&mut pool);
        let alphabet: String = pool[..n].iter().collect();
        let symbols = Symbols::custom(&alphabet).unwrap();
        (symbols.clone(), TextOptions { symbols, ..opts })
    } else {
        (Symbols::standard(), opts)
    };
    let line = Line::new(p.givens(), &symbols).to_string();
    if n > 35 && symbols == Symbols::standard() {
        // Beyond 1-9A-Z, digits print as numbers separated by spaces.
        prop_assert_eq!(line.split(' ').count(), n * n);
    } else {
        prop_assert_eq!(line.chars().count(), n * n);
    }
    let back = parse_one_with(&line, &opts)
        .map_err(|e| TestCaseError::fail(format!("{n}x{n} line does not parse: {e}\n{line}")))?;
    prop_assert_eq!(&back, &p, "line round trip of {}", line);
    let block = Pretty::new(p.givens(), p.shape(), &symbols).to_string();
    let back = parse_one_with(&block, &opts).map_err(|e| {
        TestCaseError::fail(format!("{n}x{n} block grid does not parse: {e}\n{block}"))
    })?;
    prop_assert_eq!(&back, &p, "block round trip of\n{}", block);
    // A full grid round-trips too.
    let full = full_grid(b, &mut Rng::new(seed));
    let q = Puzzle::classic(b.shape(), to_grid(n, &full)).unwrap();
    let line = Line::new(q.givens(), &symbols).to_string();
    prop_assert_eq!(&parse_one_with(&line, &opts).unwrap(), &q);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn text_round_trips_for_every_size(
        size in prop::sample::select(vec![4usize, 6, 8, 9, 12, 16, 25, 36, 49, 64]),
        which in 0usize..3,
        seed in any::<u64>(),
        keep in 0u32..=100,
        custom in any::<bool>(),
    ) {
        round_trip(size, which, seed, keep, custom)?;
    }
}

#[test]
fn text_round_trips_cover_each_size_and_shape() {
    // The random test above may miss a size in a short run; cover each one here.
    for n in [4usize, 6, 8, 9, 12, 16, 25, 36, 49, 64] {
        for which in 0..shapes(n).len() {
            for (seed, keep) in [(1u64, 0u32), (2, 35), (3, 100)] {
                round_trip(n, which, seed, keep, false).unwrap();
                round_trip(n, which, seed, keep, true).unwrap();
            }
        }
    }
}

/// (c): every solution returned keeps the givens and passes the rules.
fn solutions_are_verified(b: Boxes, g: &[u8], limit: usize) -> Result<(), TestCaseError> {
    if clash(b, g).is_some() {
        return Ok(());
    }
    let n = b.n;
    let givens = to_grid(n, g);
    let p = Puzzle::classic(b.shape(), givens.clone()).unwrap();
    let keeps = |s: &Grid| givens.filled().all(|(cell, d)| s.get(cell) == Some(d));
    match check(&p).unwrap() {
        Verdict::Unique(s) => {
            prop_assert!(p.verify(&s).is_ok() && keeps(&s));
        }
        Verdict::Multiple(a, c) => {
            prop_assert_ne!(&a, &c);
            prop_assert!(!a.diff(&c).is_empty());
            for s in [&a, &c] {
                prop_assert!(p.verify(s).is_ok() && keeps(s));
            }
        }
        Verdict::None => {
            if n <= 6 {
                prop_assert_eq!(brute_count(b, g, 1), 0);
            }
            prop_assert_eq!(some_solution(&p).unwrap(), None);
        }
    }
    if let Some(s) = some_solution(&p).unwrap() {
        prop_assert!(p.verify(&s).is_ok() && keeps(&s));
    }
    let mut seen = HashSet::new();
    let mut bad = Vec::new();
    let c = count_with(&p, limit, |s| {
        if p.verify(s).is_err() || !keeps(s) {
            bad.push(s.clone());
        }
        seen.insert(s.clone());
    })
    .unwrap();
    prop_assert!(bad.is_empty(), "count_with gave grids that fail: {:?}", bad);
    prop_assert_eq!(seen.len(), c.found, "solutions repeat");
    prop_assert!(c.found <= limit);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn returned_solutions_are_verified(
        which in 0usize..6,
        seed in any::<u64>(),
        keep in 10u32..=70,
        extra in extra_givens(2),
    ) {
        let b = [
            Boxes::new(2, 2),
            Boxes::new(2, 3),
            Boxes::new(3, 2),
            Boxes::new(2, 4),
            Boxes::new(3, 3),
            Boxes::new(3, 4),
        ][which];
        // Larger grids keep more givens, so that counting stays quick.
        let keep = if b.n >= 9 { keep.max(40) } else { keep };
        let g = random_givens(b, seed, keep, &extra);
        solutions_are_verified(b, &g, 25)?;
    }
}

#[test]
fn brute_force_oracle_agrees_with_known_counts() {
    // The oracle itself: 288 full 4x4 grids; a full grid has one completion; a clash-free
    // dead end has none.
    let b = Boxes::new(2, 2);
    assert_eq!(brute_count(b, &[0; 16], 1000), 288);
    let full = full_grid(b, &mut Rng::new(7));
    assert_eq!(brute_count(b, &full, 10), 1);
    // r1c4 sees 1 2 3 in its row and 4 in its column.
    let mut dead = [0u8; 16];
    dead[..3].copy_from_slice(&[1, 2, 3]);
    dead[7] = 4;
    assert!(clash(b, &dead).is_none());
    assert_eq!(brute_count(b, &dead, 10), 0);
    assert_eq!(
        count(&Puzzle::classic(b.shape(), to_grid(4, &dead)).unwrap(), 10)
            .unwrap()
            .found,
        0
    );
}
