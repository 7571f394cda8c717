//! Throughput of `check` (solve + prove uniqueness) on samples of the classic benchmark sets.
//!
//! `cargo bench --bench classic` — uses `../shared/puzzles/classic/` when present, else the
//! shipped `puzzles/classic/` files. Whole-file rates: see BENCHMARKS.md
//! (`satdoku check -j1 -q FILE` prints puzzles/s).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use satdoku::{check, parse_one, Puzzle, Verdict};
use std::path::Path;

/// Puzzles taken from each set.
const SAMPLE: usize = 200;

fn load(path: &Path) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(SAMPLE)
        .filter_map(|l| parse_one(l).ok())
        .collect()
}

fn bench(c: &mut Criterion) {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/classic");
    let sets: Vec<(&str, std::path::PathBuf)> = if shared.is_dir() {
        [
            "17_clue",
            "magictour_top1465",
            "forum_hardest_1905_11plus",
            "forum_hardest_1106",
        ]
        .iter()
        .map(|s| (*s, shared.join(format!("{s}.txt"))))
        .collect()
    } else {
        let local = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/classic");
        vec![
            ("9x9-seeds", local.join("9x9-seeds.txt")),
            ("16x16", local.join("16x16.txt")),
        ]
    };
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    for (name, path) in sets {
        let puzzles = load(&path);
        if puzzles.is_empty() {
            continue;
        }
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &puzzles {
                    let v = check(p).expect("check");
                    assert!(matches!(v, Verdict::Unique(_)));
                }
            })
        });
    }
    group.finish();
    let mut big = c.benchmark_group("big");
    big.sample_size(10);
    let local = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/classic");
    for name in ["16x16", "25x25"] {
        let p = load(&local.join(format!("{name}.txt")));
        if let Some(p) = p.first() {
            big.bench_function(name, |b| b.iter(|| check(p).expect("check")));
        }
    }
    big.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
