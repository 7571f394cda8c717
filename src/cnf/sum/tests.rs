//! The sum primitives against brute force: every digit assignment of the involved cells that
//! the formula allows (models projected on those cells) is exactly the set that satisfies
//! the arithmetic, over pseudo-random cells, weights, candidates and totals.

use super::*;
use crate::cnf::ClauseSink;
use crate::cnf::{cell_var, classic};
use crate::engine::{Engine, Lit, Var};
use std::collections::BTreeSet;

/// A small deterministic generator (64-bit LCG) so the cases are reproducible.
struct Rng(u64);
impl Rng {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % bound as u64) as usize
    }
    /// A non-empty random subset of digits 1..=n.
    fn mask(&mut self, n: usize) -> Mask {
        loop {
            let m = self.next(1 << n) as Mask;
            if m != 0 {
                return m;
            }
        }
    }
}

/// The digits of `cells` in every model of `encode` (plus "each cell holds one digit").
fn models(
    n: usize,
    cands: &[Mask],
    cells: &[Cell],
    encode: impl Fn(&mut Encoder),
) -> BTreeSet<Vec<usize>> {
    let mut solver = Engine::default().solver().unwrap();
    {
        let shape = crate::geometry::Shape::new(n).unwrap();
        let mut enc = Encoder::new(&shape, cands, &mut solver);
        classic::encode_cells(&mut enc);
        encode(&mut enc);
    }
    let mut out = BTreeSet::new();
    while solver.solve().unwrap() {
        let mut block: Vec<Lit> = Vec::new();
        let tuple: Vec<usize> = cells
            .iter()
            .map(|&c| {
                let m = cands[c.position(n)];
                let d = digits(m)
                    .find(|&d| {
                        m.count_ones() == 1
                            || solver.value(cell_var(n, c, d).positive()) == Some(true)
                    })
                    .expect("a digit per cell");
                if m.count_ones() > 1 {
                    block.push(!cell_var(n, c, d).positive());
                }
                d.get()
            })
            .collect();
        assert!(out.insert(tuple), "model repeated");
        if block.is_empty() {
            break;
        }
        ClauseSink::add_clause(&mut solver, &block);
    }
    out
}

/// Every assignment of candidates to `cells` that `pred` accepts.
fn brute(
    n: usize,
    cands: &[Mask],
    cells: &[Cell],
    pred: impl Fn(&[usize]) -> bool,
) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    let mut tuple = vec![0; cells.len()];
    fn go(
        i: usize,
        n: usize,
        cands: &[Mask],
        cells: &[Cell],
        t: &mut Vec<usize>,
        pred: &dyn Fn(&[usize]) -> bool,
        out: &mut BTreeSet<Vec<usize>>,
    ) {
        if i == cells.len() {
            if pred(t) {
                out.insert(t.clone());
            }
            return;
        }
        for d in digits(cands[cells[i].position(n)]) {
            t[i] = d.get();
            go(i + 1, n, cands, cells, t, pred, out);
        }
    }
    go(0, n, cands, cells, &mut tuple, &pred, &mut out);
    out
}

/// The grouped (distinct-aware) sum has the solutions of the plain sum plus the house
/// clauses of its cells, over random cells crowded into a corner (so many share a house),
/// random weights and totals; its restriction is sound and at least as strong as the plain
/// diagram's.
#[test]
fn grouped_sums_match_brute_force() {
    let mut rng = Rng(23);
    for case in 0..150 {
        let n = [4, 6, 9][rng.next(3)];
        let shape = crate::geometry::Shape::new(n).unwrap();
        let k = 1 + rng.next(5);
        let mut cands = vec![crate::geometry::full_mask(n); n * n];
        let mut cells: Vec<Cell> = Vec::new();
        while cells.len() < k {
            let c = Cell::from_index(rng.next((n - 1).min(4)), rng.next((n - 1).min(4)));
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        for c in &cells {
            cands[c.position(n)] = match rng.next(8) {
                0 => Digit::new(1 + rng.next(n)).bit(),
                1 | 2 => rng.mask(n),
                _ => crate::geometry::full_mask(n),
            };
        }
        let weights: Vec<i64> = (0..k)
            .map(|_| [1, 1, 1, -1, -1, 2, 10][rng.next(7)])
            .collect();
        let terms: Vec<(Cell, i64)> = cells.iter().copied().zip(weights.iter().copied()).collect();
        let max: i64 = weights.iter().map(|w| w.abs() * n as i64).sum();
        let total = match case % 3 {
            0 => Total::Value(rng.next(2 * max as usize + 1) as i64 - max),
            1 => Total::OneOf((0..4).map(|_| rng.next(max as usize + 1) as i64).collect()),
            _ => Total::DigitOf(Cell::from_index(n - 1, n - 1)),
        };
        let mut all = cells.clone();
        if let Total::DigitOf(c) = total {
            all.push(c);
        }
        let pairs: Vec<(usize, usize)> = (0..all.len())
            .flat_map(|i| (0..i).map(move |j| (j, i)))
            .filter(|&(i, j)| shape.must_differ(all[i], all[j]))
            .collect();
        let dot = |t: &[usize]| -> i64 { (0..k).map(|i| weights[i] * t[i] as i64).sum() };
        let want = brute(n, &cands, &all, |t| {
            pairs.iter().all(|&(i, j)| t[i] != t[j])
                && match &total {
                    Total::Value(v) => dot(t) == *v,
                    Total::OneOf(vs) => vs.contains(&dot(t)),
                    Total::DigitOf(_) => dot(t) == t[k] as i64,
                }
        });
        let got = models(n, &cands, &all, |enc| {
            for &(i, j) in &pairs {
                let two = [all[i], all[j]];
                classic::encode_distinct(enc, &two, &classic::all_pairs(n, &two));
            }
            GroupedSum::build(&shape, &terms, &total, |c| enc.candidates(c)).encode(enc);
        });
        assert_eq!(
            got, want,
            "case {case}: n {n} terms {terms:?} total {total:?}"
        );
        let mut grouped = cands.clone();
        GroupedSum::build(&shape, &terms, &total, |c| cands[c.position(n)])
            .restrict(n, &mut grouped);
        let mut plain = cands.clone();
        sum_mdd(&terms, &total, |c| cands[c.position(n)]).restrict(n, &mut plain);
        for (j, c) in all.iter().enumerate() {
            let p = c.position(n);
            let used = want.iter().fold(0, |m, t| m | Digit::new(t[j]).bit());
            assert_eq!(grouped[p] & used, used, "case {case}, {c}: unsound");
            assert_eq!(
                grouped[p] & !plain[p],
                0,
                "case {case}, {c}: weaker than plain"
            );
        }
    }
}

/// Equal sums over parts read by house ([`EqualSums::build_in`]): the solutions of the
/// arithmetic plus the house clauses of the cells, with and without a centre.
#[test]
fn equal_sums_in_houses_match_brute_force() {
    let mut rng = Rng(31);
    for case in 0..60 {
        let n = [4, 6][rng.next(2)];
        let shape = crate::geometry::Shape::new(n).unwrap();
        let sizes: Vec<usize> = (0..2 + rng.next(2)).map(|_| 1 + rng.next(3)).collect();
        let with_centre = case % 2 == 0;
        let k: usize = sizes.iter().sum::<usize>() + with_centre as usize;
        let mut cells: Vec<Cell> = Vec::new();
        while cells.len() < k {
            let c = Cell::from_index(rng.next(n), rng.next(3));
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let mut cands = vec![crate::geometry::full_mask(n); n * n];
        for c in &cells {
            if rng.next(3) == 0 {
                cands[c.position(n)] = rng.mask(n);
            }
        }
        let parts: Vec<Vec<Cell>> = split(&cells, &sizes);
        let centre = with_centre.then(|| cells[k - 1]);
        let pairs: Vec<(usize, usize)> = (0..k)
            .flat_map(|i| (0..i).map(move |j| (j, i)))
            .filter(|&(i, j)| shape.must_differ(cells[i], cells[j]))
            .collect();
        let want = brute(n, &cands, &cells, |t| {
            let mut sums: Vec<usize> = split(t, &sizes).iter().map(|p| p.iter().sum()).collect();
            if with_centre {
                sums.push(t[k - 1]);
            }
            sums.iter().all(|&s| s == sums[0]) && pairs.iter().all(|&(i, j)| t[i] != t[j])
        });
        let got = models(n, &cands, &cells, |enc| {
            for &(i, j) in &pairs {
                let two = [cells[i], cells[j]];
                classic::encode_distinct(enc, &two, &classic::all_pairs(n, &two));
            }
            EqualSums::build_in(&shape, &parts, centre, |c| enc.candidates(c)).encode(enc)
        });
        assert_eq!(got, want, "case {case}: parts {parts:?} centre {centre:?}");
        let mut restricted = cands.clone();
        EqualSums::build_in(&shape, &parts, centre, |c| cands[c.position(n)])
            .restrict(n, &mut restricted);
        for (j, c) in cells.iter().enumerate() {
            let used = want.iter().fold(0, |m, t| m | Digit::new(t[j]).bit());
            assert_eq!(
                restricted[c.position(n)] & used,
                used,
                "case {case}, {c}: unsound"
            );
        }
    }
}

/// Random candidates for the first `k` cells of row 1 of an `n`×`n` grid (others full;
/// now and then a decided cell).
fn setup(rng: &mut Rng, n: usize, k: usize) -> (Vec<Mask>, Vec<Cell>) {
    let mut cands = vec![crate::geometry::full_mask(n); n * n];
    let cells: Vec<Cell> = (0..k).map(|c| Cell::from_index(0, c)).collect();
    for c in &cells {
        cands[c.position(n)] = if rng.next(6) == 0 {
            Digit::new(1 + rng.next(n)).bit()
        } else {
            rng.mask(n)
        };
    }
    (cands, cells)
}

/// The projected solutions of the layered sum match brute force, and so do the digits the
/// diagram keeps per cell (the constraint's own arc consistency).
#[test]
fn weighted_sums_match_brute_force() {
    let mut rng = Rng(7);
    for case in 0..120 {
        let n = 3 + rng.next(4);
        let k = 1 + rng.next(4);
        let (cands, cells) = setup(&mut rng, n, k);
        let weights: Vec<i64> = (0..k)
            .map(|_| [1, 1, 2, -1, -2, 3, 10][rng.next(7)])
            .collect();
        let terms: Vec<(Cell, i64)> = cells.iter().copied().zip(weights.iter().copied()).collect();
        let max: i64 = weights.iter().map(|w| w.abs() * n as i64).sum();
        let total = match case % 3 {
            0 => Total::Value(rng.next(2 * max as usize + 1) as i64 - max),
            1 => Total::OneOf((0..3).map(|_| rng.next(max as usize + 1) as i64).collect()),
            _ => Total::DigitOf(Cell::from_index(1, 0)),
        };
        let mut all = cells.clone();
        if let Total::DigitOf(c) = total {
            all.push(c);
        }
        let dot = |t: &[usize]| -> i64 { (0..k).map(|i| weights[i] * t[i] as i64).sum() };
        let want = brute(n, &cands, &all, |t| match &total {
            Total::Value(v) => dot(t) == *v,
            Total::OneOf(vs) => vs.contains(&dot(t)),
            Total::DigitOf(_) => dot(t) == t[k] as i64,
        });
        let got = models(n, &cands, &all, |enc| weighted_sum(enc, &terms, &total));
        assert_eq!(
            got, want,
            "case {case}: n {n} terms {terms:?} total {total:?}"
        );
        // The diagram keeps exactly the digits that appear in some solution.
        let mdd = sum_mdd(&terms, &total, |c| cands[c.position(n)]);
        let order: Vec<Cell> = match total {
            Total::DigitOf(c) => std::iter::once(c).chain(cells.iter().copied()).collect(),
            _ => cells.clone(),
        };
        for (i, c) in order.iter().enumerate() {
            let j = all.iter().position(|x| x == c).unwrap();
            let used = want.iter().fold(0, |m, t| m | Digit::new(t[j]).bit());
            assert_eq!(mdd.supported(i), used, "case {case}, cell {c}");
        }
        assert_eq!(mdd.is_empty(), want.is_empty());
    }
}

#[test]
fn distinct_sums_match_brute_force() {
    let mut rng = Rng(11);
    for case in 0..80 {
        let n = [4, 6, 9][rng.next(3)];
        let k = 1 + rng.next(4);
        let (cands, cells) = setup(&mut rng, n, k);
        let top: usize = (n + 1 - k..=n).sum();
        let sum = 1 + rng.next(top);
        let want = brute(n, &cands, &cells, |t| {
            t.iter().sum::<usize>() == sum && (0..k).all(|i| !t[..i].contains(&t[i]))
        });
        // the selector encoding alone forces all-different
        let got = models(n, &cands, &cells, |enc| {
            let masks: Vec<Mask> = cells.iter().map(|&c| enc.candidates(c)).collect();
            let sets = digit_sets(&masks, sum, SELECTOR_LIMIT).unwrap();
            selector_sum(enc, &cells, &sets);
        });
        assert_eq!(got, want, "case {case}: selectors, n {n} sum {sum}");
        // as a killer cage uses it: with the cage's all-different clauses
        let got = models(n, &cands, &cells, |enc| {
            classic::encode_distinct(enc, &cells, &classic::all_pairs(n, &cells));
            distinct_sum(enc, &cells, sum);
        });
        assert_eq!(got, want, "case {case}: distinct_sum, n {n} sum {sum}");
        // past the selector limit: the layered sum plus the cage's all-different clauses
        let got = models(n, &cands, &cells, |enc| {
            classic::encode_distinct(enc, &cells, &classic::all_pairs(n, &cells));
            distinct::distinct_sum_up_to(enc, &cells, sum, 0);
        });
        assert_eq!(got, want, "case {case}: layered fallback, n {n} sum {sum}");
    }
}

#[test]
fn digit_sets_enumerate_and_cap() {
    let full = crate::geometry::full_mask(9);
    // 3 cells, sum 6: only {1,2,3}; sum 7: only {1,2,4}; 2 cells of 9, sum 10: 4 sets
    assert_eq!(digit_sets(&[full; 3], 6, 10), Some(vec![0b111]));
    assert_eq!(digit_sets(&[full; 3], 7, 10), Some(vec![0b1011]));
    assert_eq!(digit_sets(&[full; 2], 10, 10).unwrap().len(), 4);
    assert_eq!(digit_sets(&[full; 2], 10, 3), None);
    // a set must fit the cells: two cells that can only hold 1 never make {1,x}
    assert_eq!(digit_sets(&[0b1, 0b1], 3, 10), Some(vec![]));
    assert_eq!(digit_sets(&[full; 2], 18, 10), Some(vec![]));
}

/// `items` cut into consecutive parts of `sizes` (the parts of an equal-sums case).
fn split<T: Clone>(items: &[T], sizes: &[usize]) -> Vec<Vec<T>> {
    let mut at = 0;
    sizes
        .iter()
        .map(|&s| {
            at += s;
            items[at - s..at].to_vec()
        })
        .collect()
}

#[test]
fn equal_sums_match_brute_force() {
    let mut rng = Rng(5);
    for case in 0..80 {
        let n = 3 + rng.next(4);
        let sizes: Vec<usize> = (0..2 + rng.next(2)).map(|_| 1 + rng.next(2)).collect();
        let with_centre = case % 2 == 0;
        let k: usize = sizes.iter().sum::<usize>() + with_centre as usize;
        let (cands, cells) = setup(&mut rng, n.max(k), k);
        let n = n.max(k);
        let parts: Vec<Vec<Cell>> = split(&cells, &sizes);
        let centre = with_centre.then(|| cells[k - 1]);
        let want = brute(n, &cands, &cells, |t| {
            let mut sums: Vec<usize> = split(t, &sizes).iter().map(|p| p.iter().sum()).collect();
            if with_centre {
                sums.push(t[k - 1]);
            }
            sums.iter().all(|&s| s == sums[0])
        });
        let got = models(n, &cands, &cells, |enc| {
            EqualSums::build(&parts, centre, |c| enc.candidates(c)).encode(enc)
        });
        assert_eq!(got, want, "case {case}: parts {parts:?} centre {centre:?}");
        let mut restricted = cands.clone();
        EqualSums::build(&parts, centre, |c| cands[c.position(n)]).restrict(n, &mut restricted);
        for (j, c) in cells.iter().enumerate() {
            let used = want.iter().fold(0, |m, t| m | Digit::new(t[j]).bit());
            // sound: every digit of a solution survives
            assert_eq!(
                restricted[c.position(n)] & used,
                used,
                "case {case}, cell {c}"
            );
        }
    }
}

/// A non-sum automaton: the number of "skyscrapers" seen along 4 cells (digits larger than
/// all before them), with merging states (max, seen).
#[test]
fn an_automaton_matches_brute_force() {
    let mut rng = Rng(3);
    for case in 0..40 {
        let n = 4 + rng.next(2);
        let (cands, cells) = setup(&mut rng, n, 4);
        let want_seen = 1 + rng.next(4);
        let visible = |t: &[usize]| {
            let mut top = 0;
            t.iter()
                .filter(|&&v| {
                    let up = v > top;
                    top = top.max(v);
                    up
                })
                .count()
        };
        let want = brute(n, &cands, &cells, |t| visible(t) == want_seen);
        let build = |cands: &dyn Fn(Cell) -> Mask| {
            Mdd::build(
                &cells,
                cands,
                (0usize, 0usize),
                |_, &(top, seen), d| {
                    Some(if d.get() > top {
                        (d.get(), seen + 1)
                    } else {
                        (top, seen)
                    })
                },
                |&(_, seen)| seen == want_seen,
            )
        };
        let got = models(n, &cands, &cells, |enc| {
            build(&|c| enc.candidates(c)).encode(enc);
        });
        assert_eq!(got, want, "case {case}");
    }
}

/// Measurement, not a check: 9×9 killers without givens (cages of 2–5 cells grown at random
/// over a fixed solution), classic rules + cage all-different, each cage sum encoded with
/// selectors or with the layered sum. Prints clauses and the time to find a solution and to
/// decide whether a second exists. Run with
/// `cargo test --lib killer_encodings_compared -- --ignored --nocapture`.
#[test]
#[ignore]
fn killer_encodings_compared() {
    use crate::geometry::Shape;
    use std::time::{Duration, Instant};
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let digit = |c: Cell| SOLUTION.as_bytes()[c.position(9)] as usize - b'0' as usize;
    let cands = vec![crate::geometry::full_mask(9); 81];
    let mut totals = [(0usize, Duration::ZERO, 0usize); 2];
    for seed in 0..20u64 {
        let mut rng = Rng(seed * 7919 + 1);
        let mut owner: Vec<Option<usize>> = vec![None; 81];
        let mut cages: Vec<Vec<Cell>> = Vec::new();
        for pos in 0..81 {
            if owner[pos].is_some() {
                continue;
            }
            let want = 2 + rng.next(4);
            let mut cage = vec![Cell::from_position(pos, 9)];
            owner[pos] = Some(cages.len());
            while cage.len() < want {
                let grow: Vec<Cell> = cage
                    .iter()
                    .flat_map(|c| {
                        [(0, 1), (1, 0), (0, -1), (-1, 0)].map(|(dr, dc)| c.offset(dr, dc, 9))
                    })
                    .flatten()
                    .filter(|o| owner[o.position(9)].is_none())
                    .filter(|o| cage.iter().all(|c| digit(*c) != digit(*o)))
                    .collect();
                if grow.is_empty() {
                    break;
                }
                let o = grow[rng.next(grow.len())];
                owner[o.position(9)] = Some(cages.len());
                cage.push(o);
            }
            cages.push(cage);
        }
        for (k, total) in totals.iter_mut().enumerate() {
            let start = Instant::now();
            let mut solver = Engine::default().solver().unwrap();
            let clauses = {
                let shape = Shape::new(9).unwrap();
                let mut enc = Encoder::new(&shape, &cands, &mut solver);
                classic::encode_cells(&mut enc);
                for h in shape.houses() {
                    classic::encode_house(&mut enc, &h, &classic::all_pairs(9, &h));
                }
                for cage in &cages {
                    classic::encode_distinct(&mut enc, cage, &classic::all_pairs(9, cage));
                    let sum: usize = cage.iter().map(|&c| digit(c)).sum();
                    if k == 0 {
                        let sets =
                            digit_sets(&vec![cands[0]; cage.len()], sum, usize::MAX).unwrap();
                        selector_sum(&mut enc, cage, &sets);
                    } else {
                        let terms: Vec<(Cell, i64)> = cage.iter().map(|&c| (c, 1)).collect();
                        weighted_sum(&mut enc, &terms, &Total::Value(sum as i64));
                    }
                }
                enc.clause_count()
            };
            assert!(solver.solve().unwrap());
            let block: Vec<Lit> = (0..81)
                .map(|p| Cell::from_position(p, 9))
                .map(|c| {
                    let d = (1..=9)
                        .map(Digit::new)
                        .find(|&d| solver.value(cell_var(9, c, d).positive()) == Some(true))
                        .unwrap();
                    !cell_var(9, c, d).positive()
                })
                .collect();
            ClauseSink::add_clause(&mut solver, &block);
            let second = solver.solve().unwrap();
            total.0 += clauses;
            total.1 += start.elapsed();
            total.2 += second as usize;
        }
    }
    for (name, (clauses, time, multiple)) in ["selectors", "layered sums"].iter().zip(totals) {
        println!(
            "{name:13} 20 killers: {} clauses on average, {:?} per puzzle (build + solve + \
             second solve), {multiple} with more than one solution",
            clauses / 20,
            time / 20
        );
    }
}

#[test]
fn selector_sum_writes_forced_digit_clauses() {
    // r1c1 + r1c2 = 10 on a 9×9: sets {1,9} {2,8} {3,7} {4,6}, selectors from variable 730 on
    let cells = [Cell::new(1, 1), Cell::new(1, 2)];
    let cands = vec![0x1ff as Mask; 81];
    let shape = crate::geometry::Shape::new(9).unwrap();
    let mut list = crate::cnf::ClauseList::default();
    distinct_sum(&mut Encoder::new(&shape, &cands, &mut list), &cells, 10);
    let x = |c: usize, d: usize| cell_var(9, Cell::new(1, c), Digit::new(d)).positive();
    let sel = |j: usize| Var::from_index(729 + j).positive();
    // forced digit 1: x(r1c1,1) ∨ x(r1c2,1) ∨ S_28 ∨ S_37 ∨ S_46
    let want = vec![x(1, 1), x(2, 1), sel(1), sel(2), sel(3)];
    assert!(list.clauses.contains(&want), "{:?}", list.clauses);
    // and digit 6: x(r1c1,6) ∨ x(r1c2,6) ∨ S_19 ∨ S_28 ∨ S_37
    let want = vec![x(1, 6), x(2, 6), sel(0), sel(1), sel(2)];
    assert!(list.clauses.contains(&want));
    // one forced-digit clause per digit 1-4 and 6-9 (5 is in no set)
    let forced = list
        .clauses
        .iter()
        .filter(|c| c.len() == 5 && c.iter().all(|l| l.is_positive()))
        .count();
    assert_eq!(forced, 8);
}
