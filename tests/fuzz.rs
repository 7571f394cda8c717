//! Seeded mutation fuzzing of the puzzle readers (native JSON, f-puzzles JSON, lz-string
//! payloads, URLs and ids), in-process through the library and for a sample through the
//! binary.
//!
//! Each mutant is one to three random edits of a shipped puzzle — a value of another type, a
//! key removed or added, an array entry dropped, repeated or swapped, a number or cell name
//! nudged — then sometimes an edit of the text itself: a key written twice, a cut, a changed
//! character, a damaged payload. Asserted for every mutant: no panic; a refusal has a
//! message; a `unique` answer satisfies the puzzle's own rules (`Puzzle::verify`) and, for
//! f-puzzles input, the rules of the *mutated input* as read by the independent checker
//! `../shared/tools/fpuzzles_check.py` (when it and python3 are present) — so a rule the
//! importer drops shows up as a failure. The binary's exit code must be 0, 1, 3 or 4.
//!
//! `cargo test --test fuzz` tries `SATDOKU_FUZZ_COUNT` mutants (default 2000); the long run is
//! `SATDOKU_FUZZ_COUNT=20000 cargo test --release --test fuzz -- --ignored fuzz`
//! (`SATDOKU_FUZZ_SEED` picks another seed).

mod common;

use assert_cmd::Command;
use common::Rng;
use satdoku::format::{fpuzzles, json as native};
use satdoku::solve::{self, Verdict};
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Keys the mutator adds: the f-puzzles and native vocabularies, and their fields.
const KEYS: &[&str] = &[
    "antiknight",
    "antiking",
    "diagonal+",
    "diagonal-",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "sum",
    "odd",
    "even",
    "minimum",
    "maximum",
    "extraregion",
    "clone",
    "quadruple",
    "thermometer",
    "whispers",
    "renban",
    "palindrome",
    "cage",
    "line",
    "size",
    "grid",
    "value",
    "given",
    "region",
    "cells",
    "lines",
    "cell",
    "direction",
    "cloneCells",
    "values",
    "givenPencilMarks",
    "fromConstraint",
    "type",
    "except",
    "sum",
    "constraints",
    "givens",
    "box",
    "regions",
    "satdoku",
    "title",
    "fogofwar",
];

fn random_value(rng: &mut Rng) -> Value {
    match rng.below(16) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(false),
        3 => json!(0),
        4 => json!(-1),
        5 => json!(rng.below(12)),
        6 => json!(2.5),
        7 => json!(1e20),
        8 => json!(""),
        9 => json!("R1C1"),
        10 => json!(format!("R{}C{}", rng.below(11), rng.below(11))),
        11 => json!("true"),
        12 => json!("X"),
        13 => json!([]),
        14 => json!({}),
        _ => json!("Q".repeat(200)),
    }
}

/// A path in a JSON tree: object keys and array indices.
#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn paths(v: &Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                here.push(Step::Key(k.clone()));
                paths(x, here, out);
                here.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                here.push(Step::Index(i));
                paths(x, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn node<'a>(v: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(v, |v, s| match s {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

/// A nudged scalar: numbers ±1 or ×10, numeric strings and cell names changed a little.
fn nudge(rng: &mut Rng, v: &Value) -> Value {
    match v {
        Value::Bool(b) => json!(!b),
        Value::Number(n) => {
            let x = n.as_i64().unwrap_or(0);
            json!([x + 1, x - 1, x * 10, -x][rng.below(4)])
        }
        Value::String(s) => {
            if let Ok(x) = s.parse::<i64>() {
                return json!([x + 1, x - 1, x * 10, 0][rng.below(4)].to_string());
            }
            match rng.below(4) {
                0 => json!(s.to_lowercase()),
                1 => json!(s.replacen(|c: char| c.is_ascii_digit(), "0", 1)),
                2 => json!(format!("{s}0")),
                _ => json!(s.chars().take(s.len() / 2).collect::<String>()),
            }
        }
        other => other.clone(),
    }
}

/// One structural edit at a random place of `v`.
fn mutate(rng: &mut Rng, v: &mut Value) {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    // Rules live near the top: edit there often (a rule key added with an odd value is
    // how a dropped rule shows up as a wrong answer).
    let path = match rng.below(10) {
        0..=3 => Vec::new(),
        4..=6 => {
            let top: Vec<&Vec<Step>> = all.iter().filter(|p| p.len() <= 2).collect();
            (*rng.pick(&top)).clone()
        }
        _ => rng.pick(&all).clone(),
    };
    let op = rng.below(7);
    // At the root only adding a key makes sense; other edits go to a top-level member.
    let path = match (&*v, path.is_empty() && op != 3) {
        (Value::Object(m), true) if !m.is_empty() => {
            let keys: Vec<&String> = m.keys().collect();
            vec![Step::Key(rng.pick(&keys).to_string())]
        }
        _ => path,
    };
    let (parent_path, last) = match path.split_last() {
        Some((last, parent)) => (parent.to_vec(), Some(last.clone())),
        None => (Vec::new(), None),
    };
    match op {
        0 if last.is_some() => *node(v, &path) = random_value(rng),
        1 => match (node(v, &parent_path), last) {
            (Value::Object(m), Some(Step::Key(k))) => {
                m.shift_remove(&k);
            }
            (Value::Array(a), Some(Step::Index(i))) => {
                a.remove(i);
            }
            _ => {}
        },
        2 => {
            if let Value::Array(a) = node(v, &path) {
                if !a.is_empty() {
                    let x = a[rng.below(a.len())].clone();
                    a.push(x);
                }
            }
        }
        3 => {
            let key = rng.pick(KEYS).to_string();
            let value = if rng.chance(50) {
                random_value(rng)
            } else {
                let other = rng.pick(&all).clone();
                node(&mut v.clone(), &other).clone()
            };
            if let Value::Object(m) = node(v, &path) {
                m.insert(key, value);
            }
        }
        4 | 5 => {
            let n = node(v, &path);
            *n = nudge(rng, n);
        }
        _ => {
            if let Value::Array(a) = node(v, &path) {
                if a.len() >= 2 {
                    let (i, j) = (rng.below(a.len()), rng.below(a.len()));
                    a.swap(i, j);
                }
            }
        }
    }
}

/// Text edits: a key written twice, a cut, a changed character.
fn mutate_text(rng: &mut Rng, text: &str) -> String {
    let mut t = text.to_string();
    match rng.below(10) {
        0..=1 => {
            // Write an existing key a second time in some object.
            let starts: Vec<usize> = t.match_indices("{\"").map(|(i, _)| i).collect();
            if let Some(&at) = starts.get(rng.below(starts.len())) {
                let rest = &t[at + 1..];
                if let Some(end) = rest.find([',', '}']) {
                    let member = rest[..end].to_string();
                    t.insert_str(at + 1, &format!("{member},"));
                }
            }
        }
        2 => {
            let cut = rng.below(t.len());
            t.truncate(t.floor_char_boundary_compat(cut));
        }
        3 => {
            let at = t.floor_char_boundary_compat(rng.below(t.len()));
            let c = *rng.pick(&['"', '{', ']', ',', '9', 'x', ' ', '\u{feff}']);
            t.insert(at, c);
        }
        _ => {}
    }
    t
}

/// `str::floor_char_boundary` is newer than the crate's minimum Rust (1.85).
trait CharBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl CharBoundary for String {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        while i > 0 && !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

/// A damaged payload: a character changed, dropped or added.
fn mutate_payload(rng: &mut Rng, p: &str) -> String {
    let mut b: Vec<char> = p.chars().collect();
    if b.is_empty() {
        return p.to_string();
    }
    let i = rng.below(b.len());
    let alphabet: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=!"
        .chars()
        .collect();
    match rng.below(3) {
        0 => b[i] = *rng.pick(&alphabet),
        1 => {
            b.remove(i);
        }
        _ => b.insert(i, *rng.pick(&alphabet)),
    }
    b.into_iter().collect()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped puzzles: native files, their f-puzzles exports, and a sample of the shared
/// CC BY f-puzzles collection when it is present.
fn seeds() -> (Vec<Value>, Vec<Value>) {
    let mut natives = Vec::new();
    let mut fpz = Vec::new();
    for dir in ["puzzles/examples", "puzzles/variants"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("json"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let doc = native::from_str(&text).unwrap();
            fpz.push(fpuzzles::export(&doc).value);
            natives.push(serde_json::from_str(&text).unwrap());
        }
    }
    let shared = root().join("../shared/puzzles/fpuzzles/ccby_variants.jsonl");
    match std::fs::read_to_string(&shared) {
        Ok(text) => {
            for line in text.lines().step_by(9) {
                let o: Value = serde_json::from_str(line).unwrap();
                fpz.push(o["fpuzzles"].clone());
            }
        }
        Err(_) => println!("fuzz: {} absent, skipped", shared.display()),
    }
    (natives, fpz)
}

/// What reading and solving one mutant gave.
enum Outcome {
    Refused,
    Unique {
        json: Option<String>,
        solution: String,
    },
    Other,
}

/// Reads and solves one mutant in-process; panics (caught by the caller) are the bug.
fn run(text: &str, is_native: bool) -> Outcome {
    let doc = if is_native {
        native::from_str(text)
    } else {
        fpuzzles::import_text(text).map(|i| i.document)
    };
    let doc = match doc {
        Ok(d) => d,
        Err(e) => {
            assert!(!e.to_string().trim().is_empty(), "an empty message");
            return Outcome::Refused;
        }
    };
    let verdict = solve::check(&doc.puzzle);
    // The second engine must agree: same verdict, same unique solution.
    if cfg!(feature = "cadical") {
        let engine = satdoku::engine::Engine::new(satdoku::engine::EngineKind::Cadical);
        let other = solve::check_on(&doc.puzzle, &engine);
        match (&verdict, &other) {
            (Ok(Verdict::Unique(a)), Ok(Verdict::Unique(b))) => assert_eq!(a, b),
            (Ok(Verdict::Multiple(..)), Ok(Verdict::Multiple(..)))
            | (Ok(Verdict::None), Ok(Verdict::None))
            | (Err(_), Err(_)) => {}
            (a, b) => panic!("the engines disagree: varisat {a:?}, cadical {b:?}"),
        }
    }
    match verdict {
        Ok(Verdict::Unique(grid)) => {
            doc.puzzle
                .verify(&grid)
                .unwrap_or_else(|e| panic!("a unique answer breaks its own rules: {e}"));
            let json = if is_native {
                None
            } else if text.trim_start().starts_with('{') {
                Some(text.trim().to_string())
            } else {
                Some(fpuzzles::decode_payload(text).unwrap())
            };
            let n = grid.size();
            let solution = (0..n * n)
                .map(|i| grid.cells()[i].map_or(0, |d| d.get()).to_string())
                .collect::<Vec<_>>()
                .join(",");
            Outcome::Unique { json, solution }
        }
        Ok(_) => Outcome::Other,
        Err(_) => Outcome::Refused,
    }
}

/// Checks unique answers to f-puzzles mutants with the independent checker; returns how many
/// were checked, or `None` when the checker or python3 is absent.
fn independent_check(answers: &[(String, String)], scratch: &Path) -> Option<usize> {
    let tools = root().join("../shared/tools");
    if !tools.join("fpuzzles_check.py").exists() {
        println!("fuzz: ../shared/tools/fpuzzles_check.py absent: independent check skipped");
        return None;
    }
    let file = scratch.join("answers.jsonl");
    let lines: Vec<String> = answers
        .iter()
        .map(|(json, sol)| format!("{{\"solution\": [{sol}], \"fpuzzles\": {json}}}"))
        .collect();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    // satdoku's documented reading where the checker is looser: only `given: true` values
    // are clues (the checker treats every value as a clue).
    let driver = r#"
import json, sys
sys.path.insert(0, sys.argv[1])
import fpuzzles_check as f
bad = unreadable = checked = 0
for i, line in enumerate(open(sys.argv[2]), 1):
    o = json.loads(line); d = o['fpuzzles']; n = d.get('size', 9)
    for row in d['grid']:
        for cell in row:
            if cell.get('given') is not True: cell.pop('value', None)
    checked += 1
    try:
        e = f.check(d, f.load_solution(o['solution'], n))
    except Exception as x:
        unreadable += 1; continue
    if e:
        bad += 1; print('FAIL line', i, e[:3])
print('checked', checked, 'answers;', unreadable, 'mutants the checker cannot read')
sys.exit(1 if bad else 0)
"#;
    let out = match std::process::Command::new("python3")
        .arg("-c")
        .arg(driver)
        .arg(&tools)
        .arg(&file)
        .output()
    {
        Ok(o) => o,
        Err(_) => {
            println!("fuzz: python3 absent: independent check skipped");
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("fuzz: {}", stdout.trim());
    assert!(
        out.status.success(),
        "a unique answer breaks the input's rules as the independent checker reads them \
         (see {}):\n{stdout}\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(answers.len())
}

fn fuzz(count: usize, seed: u64, binary_every: usize) {
    let (natives, fpz) = seeds();
    let mut rng = Rng::new(seed);
    let scratch = tempfile::tempdir().unwrap();
    let (mut refused, mut unique, mut other, mut binary_runs) = (0, 0, 0, 0);
    let mut answers: Vec<(String, String)> = Vec::new();
    for k in 0..count {
        let is_native = rng.chance(30);
        let mut v = if is_native {
            rng.pick(&natives).clone()
        } else {
            rng.pick(&fpz).clone()
        };
        for _ in 0..1 + rng.below(3) {
            mutate(&mut rng, &mut v);
        }
        let mut text = mutate_text(&mut rng, &v.to_string());
        if !is_native && rng.chance(35) {
            let mut payload = lz_str::compress_to_base64(&text);
            if rng.chance(30) {
                payload = mutate_payload(&mut rng, &payload);
            }
            text = match rng.below(4) {
                0 => format!("https://www.f-puzzles.com/?load={payload}"),
                1 => format!("fpuzzles{payload}"),
                2 => format!(
                    "https://f-puzzles.com/?load={}&x=1",
                    payload.replace('+', "%2B")
                ),
                _ => payload,
            };
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| run(&text, is_native)));
        match outcome {
            Err(_) => {
                let keep = std::env::temp_dir().join(format!("satdoku-fuzz-panic-{seed}-{k}.txt"));
                std::fs::write(&keep, &text).unwrap();
                panic!(
                    "mutant {k} (seed {seed}) panicked; input kept in {}",
                    keep.display()
                );
            }
            Ok(Outcome::Refused) => refused += 1,
            Ok(Outcome::Other) => other += 1,
            Ok(Outcome::Unique { json, solution }) => {
                unique += 1;
                if let Some(json) = json {
                    answers.push((json, solution));
                }
            }
        }
        if binary_every > 0 && k % binary_every == 0 {
            binary_runs += 1;
            let f = scratch.path().join(if is_native || text.starts_with('{') {
                "mutant.json"
            } else {
                "mutant.txt"
            });
            std::fs::write(&f, &text).unwrap();
            let out = Command::cargo_bin("satdoku")
                .unwrap()
                .args(["check", "-q", "-f", "line"])
                .arg(&f)
                .output()
                .unwrap();
            let code = out.status.code();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                matches!(code, Some(0 | 1 | 3 | 4)) && !stderr.contains("panicked"),
                "mutant {k}: exit {code:?}: {stderr}\n{text}"
            );
        }
    }
    println!(
        "fuzz: {count} mutants (seed {seed}): {refused} refused, {unique} unique, {other} \
         none or multiple; {binary_runs} also through the binary"
    );
    let checked = independent_check(&answers, scratch.path());
    println!(
        "fuzz: {} f-puzzles unique answers given to the independent checker",
        checked.map_or("no".into(), |c| c.to_string())
    );
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn fuzz_readers_short() {
    let count = env_number("SATDOKU_FUZZ_COUNT", 2000) as usize;
    fuzz(count, env_number("SATDOKU_FUZZ_SEED", 8), 50);
}

#[test]
#[ignore = "long: SATDOKU_FUZZ_COUNT=20000 cargo test --release --test fuzz -- --ignored fuzz"]
fn fuzz_readers_long() {
    let count = env_number("SATDOKU_FUZZ_COUNT", 20_000) as usize;
    fuzz(count, env_number("SATDOKU_FUZZ_SEED", 2026), 200);
}

#[test]
fn the_mutator_changes_things() {
    let mut rng = Rng::new(1);
    let base = json!({"size": 4, "grid": [[{}]], "antiknight": true});
    let changed = (0..50)
        .filter(|_| {
            let mut v = base.clone();
            mutate(&mut rng, &mut v);
            v != base
        })
        .count();
    assert!(changed > 25, "{changed}");
}
