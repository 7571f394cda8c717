//! Both engines through the command line: on every shipped puzzle and the 136 shared variant
//! puzzles they must give the same verdicts, and the same solution wherever it is unique
//! (each grid printed was already re-checked by the rule checker, whichever engine found it).

mod common;

use common::satdoku;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The engines of this build (`cadical` is a default cargo feature).
fn engines() -> Vec<&'static str> {
    if cfg!(feature = "cadical") {
        vec!["varisat", "cadical"]
    } else {
        vec!["varisat"]
    }
}

/// Every way of solving of this build: varisat, and CaDiCaL with each split of the sums
/// between the sum propagator and clauses (`--sum-propagator`).
fn configurations() -> Vec<Vec<&'static str>> {
    let mut v = vec![vec!["--engine", "varisat"]];
    if cfg!(feature = "cadical") {
        for mode in ["carry", "carry-all", "both", "off"] {
            v.push(vec!["--engine", "cadical", "--sum-propagator", mode]);
        }
    }
    v
}

/// `(source, line) -> (status, unique solution)` of `check -f json` on `files`.
fn verdicts(how: &[&str], files: &[PathBuf]) -> BTreeMap<(String, u64), (String, Option<String>)> {
    let out = satdoku()
        .args(["check", "-q", "-j1", "-f", "json"])
        .args(how)
        .args(files)
        .output()
        .unwrap();
    // Exit codes follow the worst verdict; the verdicts themselves are compared below.
    assert!(out.status.code().is_some(), "{how:?}: killed");
    let mut map = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let status = v["status"].as_str().unwrap().to_string();
        let solution = (status == "unique").then(|| v["solution"].as_str().unwrap().to_string());
        let key = (
            v["source"].as_str().unwrap().to_string(),
            v["line"].as_u64().unwrap(),
        );
        map.insert(key, (status, solution));
    }
    map
}

fn files_in(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut v: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && !p.ends_with("README.md"))
        .collect();
    v.sort();
    v
}

fn engines_agree_on(files: &[PathBuf]) -> usize {
    let all: Vec<_> = configurations()
        .into_iter()
        .map(|how| {
            let v = verdicts(&how, files);
            (how, v)
        })
        .collect();
    let (first, base) = &all[0];
    assert!(!base.is_empty());
    for (other, got) in &all[1..] {
        assert_eq!(
            base.len(),
            got.len(),
            "{first:?} vs {other:?}: record counts"
        );
        for (k, v) in base {
            assert_eq!(Some(v), got.get(k), "{first:?} vs {other:?} at {k:?}");
        }
    }
    base.len()
}

#[test]
fn engines_agree_on_the_shipped_puzzles() {
    let mut files = Vec::new();
    for dir in [
        "puzzles/classic",
        "puzzles/examples",
        "puzzles/sums",
        "puzzles/variants",
        "puzzles/shapes",
    ] {
        files.extend(files_in(dir));
    }
    files.retain(|p| !p.to_string_lossy().contains("25x25"));
    let n = engines_agree_on(&files);
    assert!(n > 60, "only {n} records");
}

#[test]
fn engines_agree_on_the_shared_variant_puzzles() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles/fpuzzles/ccby_variants.jsonl");
    if !path.exists() {
        common::missing_tool("../shared/puzzles/fpuzzles/ccby_variants.jsonl");
        return;
    }
    assert_eq!(engines_agree_on(&[path]), 136);
}

/// The puzzles with search diagrams — skyscrapers, state-machine (NFA) and regex lines — of
/// ISS's examples (shipped in tests/iss; the few that take over 100 ms left out to keep the
/// test build quick) and the shipped ones: the diagram propagator in each mode
/// (`--diagram-propagator`, and `auto`, which attaches it to large diagrams) against
/// varisat on the clauses — the same verdicts and unique solutions.
#[test]
fn every_diagram_propagator_mode_agrees_on_the_line_diagram_puzzles() {
    if !cfg!(feature = "cadical") {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let examples = std::fs::read_to_string(root.join("tests/iss/examples.jsonl")).unwrap();
    let slow = [
        "Circus Maximus",
        "Chaos Construction: Thermo Knots",
        "House of Cards",
        "Uncovering Tunnels",
        "Nordschleife",
        "Ambiguous Arrows",
    ];
    let picked: Vec<&str> = examples
        .lines()
        .filter(|l| l.contains(".Skyscraper~") || l.contains(".NFA~") || l.contains(".Regex~"))
        .filter(|l| {
            !slow
                .iter()
                .any(|t| l.contains(&format!("\"title\": \"{t}\"")))
        })
        .collect();
    let machines = picked
        .iter()
        .filter(|l| !l.contains(".Skyscraper~"))
        .count();
    assert!(
        picked.len() >= 30 && machines >= 15,
        "only {} examples, {machines} with machines",
        picked.len()
    );
    let dir = std::env::temp_dir().join(format!("satdoku-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lines.jsonl");
    std::fs::write(&file, picked.join("\n") + "\n").unwrap();
    let files = vec![
        file,
        root.join("puzzles/variants/044-april-1-2022-skyscrapers.json"),
        root.join("puzzles/variants/088-april-1-2022-skyscrapers.json"),
        root.join("puzzles/variants/iss/successor-arrows-regex.json"),
    ];
    let base = verdicts(&["--engine", "varisat"], &files);
    assert_eq!(base.len(), picked.len() + 3);
    assert_eq!(verdicts(&["--engine", "auto"], &files), base, "auto");
    for mode in ["carry", "carry-all", "both", "off"] {
        let how = ["--engine", "cadical", "--diagram-propagator", mode];
        assert_eq!(verdicts(&how, &files), base, "{how:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_solving_command_takes_the_engine() {
    let four = "...4..3.....3.2.";
    for engine in engines() {
        for args in [
            vec!["solve", four],
            vec!["check", four],
            vec!["count", four],
            vec!["candidates", four],
            vec!["render", "--solution", four],
            vec!["dimacs", "--uniqueness", four],
        ] {
            satdoku()
                .args(&args)
                .args(["--engine", engine])
                .assert()
                .success();
        }
    }
    // a bad value is refused (exit 2) with the values it takes
    let refused = |flag: &str, value: &str, named: [&str; 2]| {
        let out = satdoku()
            .args(["check", four, flag, value])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(named[0]) && err.contains(named[1]), "{err}");
    };
    refused("--engine", "minisat", ["varisat", "cadical"]);
    refused("--sum-propagator", "sometimes", ["carry-all", "off"]);
    refused("--diagram-propagator", "sometimes", ["carry-all", "off"]);
}

#[test]
fn the_time_budget_stops_every_engine_with_the_same_records() {
    // Counting the solutions of an empty 9x9 up to 10^8 takes hours; each engine's own stop
    // hook (varisat's failing proof writer, CaDiCaL's terminate callback) ends it.
    let empty9 = ".".repeat(81);
    for engine in engines() {
        let out = satdoku()
            .args([
                "count",
                "--limit",
                "100000000",
                "--timeout",
                "0.5",
                "-f",
                "json",
            ])
            .args(["--engine", engine])
            .arg(&empty9)
            .arg("...4..3.....3.2.")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(5), "{engine}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2, "{engine}: {text}");
        assert_eq!(lines[0]["status"], "timeout", "{engine}");
        assert!(lines[0]["error"].as_str().unwrap().contains("time budget"));
        assert_eq!(lines[1]["status"], "counted", "{engine}");
        assert_eq!(lines[1]["count"], 1, "{engine}");
    }
}
