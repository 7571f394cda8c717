//! The SCL reader under hostile input: mutated plain and zipped JSON, truncated and damaged
//! base64, huge dimensions, decompression bombs. Every input ends in a puzzle or a located
//! error, quickly — never a panic or a hang.

use proptest::prelude::*;
use satdoku::format::json;
use satdoku::format::link;
use satdoku::format::sudokupad::{self, Meanings};
use serde_json::Value;
use std::time::{Duration, Instant};

/// SCL puzzles drawn from the shipped CC BY puzzles (every drawing the reader knows).
fn seeds() -> Vec<Value> {
    let mut paths: Vec<_> = std::fs::read_dir("puzzles/variants")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let doc = json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            sudokupad::scl_from_document(&doc).value
        })
        .collect()
}

/// A small deterministic generator (xorshift), so a failing case replays from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn odd_value(rng: &mut Rng) -> Value {
    match rng.below(10) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2 => serde_json::json!(-1),
        3 => serde_json::json!(1e300),
        4 => serde_json::json!(0.5),
        5 => serde_json::json!(4_000_000_000u64),
        6 => serde_json::json!("#6ED078"),
        7 => serde_json::json!([[0.5, 0.5], [99.5, 0.5]]),
        8 => serde_json::json!({}),
        _ => serde_json::json!("rules: killer cages, thermometers, palindromes, sandwich"),
    }
}

/// Replaces, deletes or copies one node somewhere in `v`.
fn mutate(rng: &mut Rng, v: &mut Value, depth: usize) {
    match v {
        Value::Object(map) if !map.is_empty() && depth < 6 && rng.below(4) != 0 => {
            let k = map.keys().nth(rng.below(map.len())).unwrap().clone();
            match rng.below(6) {
                0 => {
                    map.remove(&k);
                }
                1 => {
                    map.insert(k, odd_value(rng));
                }
                _ => mutate(rng, map.get_mut(&k).unwrap(), depth + 1),
            }
        }
        Value::Array(a) if !a.is_empty() && depth < 6 && rng.below(4) != 0 => {
            let i = rng.below(a.len());
            match rng.below(6) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let copy = a[i].clone();
                    a.push(copy);
                }
                _ => mutate(rng, &mut a[i], depth + 1),
            }
        }
        other => *other = odd_value(rng),
    }
}

/// Deletes, inserts or replaces a few characters, or cuts the text short.
fn mutate_text(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        if chars.is_empty() {
            break;
        }
        let i = rng.below(chars.len());
        let c = *[
            ',', '{', '}', '[', ']', ':', '\'', '"', 't', 'f', '9', '#', 'é', '/',
        ]
        .get(rng.below(14))
        .unwrap();
        match rng.below(4) {
            0 => {
                chars.remove(i);
            }
            1 => chars.insert(i, c),
            2 => chars[i] = c,
            _ => chars.truncate(i),
        }
    }
    chars.into_iter().collect()
}

/// A crude SudokuPad zip of plain JSON text (keys unquoted, quotes swapped), enough to send
/// the zipped path its own shapes.
fn zipish(text: &str) -> String {
    text.replace("\"cells\":", "ce:")
        .replace("\"value\":", "v:")
        .replace("\"wayPoints\":", "wp:")
        .replace("\"regions\":", "re:")
        .replace(",{},", ",,")
        .replace("true", "t")
        .replace('"', "'")
}

/// Runs `f`, which must finish quickly without panicking.
fn bounded<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{what}: took {:?}",
        start.elapsed()
    );
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// Structurally mutated SCL: read or refused with a SudokuPad error.
    #[test]
    fn mutated_scl_values(seed in 1u64.., which in 0usize..24) {
        let seeds = seeds();
        let mut rng = Rng(seed);
        let mut v = seeds[which % seeds.len()].clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut rng, &mut v, 0);
        }
        let got = bounded("value", || {
            sudokupad::import_json_text(&v.to_string(), &Meanings::default())
        });
        if let Err(e) = got {
            let e = e.to_string();
            prop_assert!(e.starts_with("SudokuPad:") || e.starts_with("f-puzzles:"), "{e}");
        }
    }

    /// Damaged text, plain or zipped, compressed or not, through the link reader.
    #[test]
    fn mutated_texts_and_payloads(seed in 1u64.., which in 0usize..24, zipped: bool, cut in 0usize..400) {
        let seeds = seeds();
        let mut rng = Rng(seed);
        let plain = seeds[which % seeds.len()].to_string();
        let text = if zipped { zipish(&plain) } else { plain };
        let bad = mutate_text(&mut rng, &text);
        let _ = bounded("text", || link::import(&format!("scl{bad}"), &Meanings::default()));
        let payload = lz_str::compress_to_base64(text.as_str());
        let short = &payload[..cut.min(payload.len())];
        let _ = bounded("truncated", || link::import(&format!("https://sudokupad.app/scl{short}"), &Meanings::default()));
        let damaged = mutate_text(&mut rng, &payload);
        let _ = bounded("damaged", || link::import(&format!("ctc{damaged}"), &Meanings::default()));
        let _ = bounded("scf", || link::import(&format!("scf{damaged}"), &Meanings::default()));
    }
}

#[test]
fn huge_dimensions_are_refused_at_once() {
    for n in [1usize, 3, 65, 100_000] {
        let text = format!("{{\"cells\":[{}]}}", vec!["[]"; n].join(","));
        let e = bounded("size", || {
            sudokupad::import_json_text(&text, &Meanings::default())
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("cells: grid size"), "{n}: {e}");
    }
    // Rows of the wrong length, and points far away.
    let e = sudokupad::import_json_text("{\"cells\":[[{}],[{}],[{}],[{}]]}", &Meanings::default())
        .unwrap_err();
    assert!(e.to_string().contains("cells[0]"), "{e}");
    let far = "{\"cells\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\"lines\":[{\"wayPoints\":[[1e300,0]]}]}";
    let e = sudokupad::import_json_text(far, &Meanings::default()).unwrap_err();
    assert!(e.to_string().contains("lines[0].wayPoints[0]"), "{e}");
}

#[test]
fn decompression_bombs_stop_at_the_limit() {
    // 6000 LZW codes, each one "a" longer than the last: 18 million characters from 13 KB.
    let bomb = lzw_bomb(6000);
    assert!(bomb.len() < 20_000, "{}", bomb.len());
    // "a", "aa", … "aaaaaa": 21 characters from five codes.
    let small = satdoku::format::lzstring::decompress_base64(&lzw_bomb(5), 100).unwrap();
    assert_eq!(small, vec![u16::from(b'a'); 21]);
    for link in [
        format!("scl{bomb}"),
        format!("fpuzzles{bomb}"),
        bomb.clone(),
    ] {
        let e = bounded("bomb", || link::import(&link, &Meanings::default()))
            .unwrap_err()
            .to_string();
        assert!(e.contains("MiB"), "{e}");
    }
}

/// An lz-string base64 stream of the literal `a` then codes 4, 5, 6, …: each code names the
/// previous text plus one `a` (LZW's special case), so `codes` codes decompress to
/// (codes+1)·(codes+2)/2 characters. Built bit by bit as lz-string reads them (code bits lowest
/// first, six bits per base64 character, highest first), without compressing gigabytes.
fn lzw_bomb(codes: u32) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits: Vec<u8> = Vec::new();
    let mut put =
        |value: u32, width: u32| (0..width).for_each(|i| bits.push((value >> i & 1) as u8));
    put(0, 2); // an 8-bit literal follows
    put(u32::from(b'a'), 8);
    let (mut width, mut enlarge_in) = (3, 4u64);
    for code in 4..4 + codes {
        put(code, width);
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
    put(2, width); // the end code
    bits.chunks(6)
        .map(|c| {
            let v = (0..6).fold(0, |acc, i| acc << 1 | c.get(i).copied().unwrap_or(0));
            ALPHABET[v as usize] as char
        })
        .collect()
}
