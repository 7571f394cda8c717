//! `satdoku render`, `completions` and `manpage` end to end: every shipped puzzle draws as
//! well-formed SVG with one group per constraint, solutions and candidates show their
//! digits, two solutions show where they differ, and errors are located. Also: `NO_COLOR`.

mod common;

use common::{satdoku, MULTI};
use predicates::prelude::*;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
}

/// How many rule groups of each kind the picture holds.
fn rule_counts(doc: &roxmltree::Document) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for n in doc.descendants().filter(|n| n.has_tag_name("g")) {
        for class in n.attribute("class").unwrap_or("").split(' ') {
            if let Some(kind) = class.strip_prefix("rule-") {
                *counts.entry(kind.to_string()).or_default() += 1;
            }
        }
    }
    counts
}

/// The texts of the elements of class `class`, in document order.
fn texts(doc: &roxmltree::Document, class: &str) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .flat_map(|g| g.descendants().filter(|t| t.is_text()))
        .filter_map(|t| t.text().map(str::to_string))
        .collect()
}

/// Shipped puzzle files that hold valid puzzles.
fn shipped() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["puzzles/classic", "puzzles/examples", "puzzles/variants"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("txt" | "csv" | "json")
            ) {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_shipped_puzzle_renders_with_one_group_per_constraint() {
    let dir = tempfile::tempdir().unwrap();
    let files = shipped();
    satdoku()
        .arg("render")
        .args(&files)
        .arg("--dir")
        .arg(dir.path())
        .assert()
        .success()
        .stderr(predicate::str::contains("satdoku render:"));
    for f in &files {
        let stem = f.file_stem().unwrap().to_str().unwrap();
        let is_json = f.extension().is_some_and(|x| x == "json");
        if !is_json {
            // Text files may hold several puzzles: at least one picture each.
            let any = std::fs::read_dir(dir.path()).unwrap().any(|e| {
                let name = e.unwrap().file_name().into_string().unwrap();
                name == format!("{stem}.svg") || name.starts_with(&format!("{stem}-"))
            });
            assert!(any, "no picture of {}", f.display());
            continue;
        }
        let svg = std::fs::read_to_string(dir.path().join(format!("{stem}.svg"))).unwrap();
        let doc = parse(&svg);
        let json: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        let mut expected: HashMap<String, usize> = HashMap::new();
        for c in json["constraints"].as_array().into_iter().flatten() {
            *expected
                .entry(c["type"].as_str().unwrap().to_string())
                .or_default() += 1;
        }
        assert_eq!(rule_counts(&doc), expected, "{}", f.display());
        assert!(svg.len() < 50_000, "{}: {} bytes", f.display(), svg.len());
        assert!(!svg.contains("href"), "{}: external reference", f.display());
    }
}

#[test]
fn solution_pictures_hold_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("killer.svg");
    satdoku()
        .args([
            "render",
            "puzzles/examples/killer-4x4.json",
            "--solution",
            "-o",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout("");
    let svg = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&svg);
    // No givens: every digit of the solution is a solved digit, in reading order.
    assert_eq!(texts(&doc, "solved").concat(), "1234341221434321");
    assert_eq!(rule_counts(&doc)["killer"], 9);
    let text: String = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(text.contains("Killer 4x4") && text.contains("Digits in a cage add up"));
}

#[test]
fn both_shows_the_puzzle_beside_its_solution() {
    let out = satdoku()
        .args(["render", "--both", "...4..3.....3.2."])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let svg = String::from_utf8(out).unwrap();
    let doc = parse(&svg);
    assert_eq!(texts(&doc, "caption"), vec!["puzzle", "solution"]);
    // The givens appear in both panels, the other digits in the solution only.
    assert_eq!(texts(&doc, "givens").len(), 2 * 4);
    assert_eq!(texts(&doc, "solved").len(), 16 - 4);
}

#[test]
fn multiple_solutions_are_drawn_side_by_side_with_differences_highlighted() {
    let out = satdoku()
        .args(["render", "--solution", MULTI])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let svg = String::from_utf8(out).unwrap();
    let doc = parse(&svg);
    let captions = texts(&doc, "caption");
    assert_eq!(captions[0], "solution 1");
    assert!(captions[1].starts_with("solution 2: "), "{captions:?}");
    let differ: usize = captions[1]
        .trim_start_matches("solution 2: ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let marked: usize = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("highlight"))
        .map(|g| g.children().filter(|c| c.is_element()).count())
        .sum();
    assert!(differ >= 2);
    assert_eq!(marked, 2 * differ);
}

#[test]
fn candidates_are_drawn_as_pencil_marks() {
    let out = satdoku()
        .args(["render", "--candidates", "1..............."])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let svg = String::from_utf8(out).unwrap();
    let doc = parse(&svg);
    assert!(texts(&doc, "caption")[0].starts_with("true candidates"));
    let marks = texts(&doc, "candidates");
    assert!(!marks.is_empty() && marks.iter().all(|d| ["1", "2", "3", "4"].contains(&&**d)));
}

#[test]
fn a_puzzle_without_solution_is_drawn_and_exits_3() {
    satdoku()
        .args(["render", "--solution", "11.............."])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<argument>:1"));
    let none = "puzzles/classic/none.txt";
    let dir = tempfile::tempdir().unwrap();
    satdoku()
        .args(["render", "--solution", none, "--dir"])
        .arg(dir.path())
        .assert()
        .code(3)
        .stderr(predicate::str::contains("no solution"));
    let pictures = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(pictures, 2);
}

#[test]
fn bad_input_and_bad_output_choices_are_errors() {
    satdoku()
        .args(["render", "puzzles/invalid/cell-outside-grid.json"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("cell-outside-grid.json:1"));
    satdoku()
        .args(["render", "puzzles/classic/multiple.txt"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("2 puzzles").and(predicate::str::contains("--dir")));
    satdoku()
        .args(["render", "x", "-o", "a.svg", "--dir", "d"])
        .assert()
        .code(2);
    satdoku()
        .args(["render", "--solution", "--candidates", "x"])
        .assert()
        .code(2);
}

#[test]
fn digits_are_numbers_or_the_symbols_read_with() {
    let svg = |args: &[&str]| {
        let out = satdoku().arg("render").args(args).assert().success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let sixteen = std::fs::read_to_string("puzzles/classic/16x16.txt").unwrap();
    let line = sixteen
        .lines()
        .find(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap()
        .to_string();
    let numbers = svg(&[&line]);
    let givens = texts(&parse(&numbers), "givens");
    assert!(givens.iter().any(|d| d == "16"), "{givens:?}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("odd-symbols.txt");
    std::fs::write(&file, "<&.........'....\n").unwrap();
    let symbols = svg(&["--symbols", "<&>'", file.to_str().unwrap()]);
    assert_eq!(texts(&parse(&symbols), "givens"), vec!["<", "&", "'"]);
}

#[test]
fn hostile_titles_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("evil.json");
    let title = "<script>alert('x')</script> & \"quotes\" ]]>";
    let json = serde_json::json!({
        "satdoku": 1, "size": 4, "title": title, "author": "<A&B>",
        "rules": "Rule & <rule>", "givens": ["1...", "....", "....", "...."]
    });
    std::fs::write(&file, json.to_string()).unwrap();
    let out = satdoku()
        .arg("render")
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let svg = String::from_utf8(out).unwrap();
    let doc = parse(&svg);
    assert!(!doc.descendants().any(|n| n.has_tag_name("script")));
    let text: String = doc
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    assert!(text.contains(title), "{text}");
    assert!(
        text.contains("by <A&B>") && text.contains("Rule & <rule>"),
        "{text}"
    );
}

/// Subcommand names, from the binary's own help.
fn subcommands() -> Vec<String> {
    let help = satdoku().arg("--help").output().unwrap().stdout;
    let help = String::from_utf8(help).unwrap();
    let commands = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap();
    let names: Vec<String> = commands
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|n| n != "help")
        .collect();
    assert!(names.len() >= 11, "{names:?}");
    names
}

#[test]
fn completions_name_every_subcommand_and_bash_parses() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = satdoku()
            .args(["completions", shell])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let script = String::from_utf8(out).unwrap();
        for n in &names {
            assert!(script.contains(n.as_str()), "{shell}: no {n}");
        }
        if shell == "bash" && Path::new("/bin/bash").exists() {
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("satdoku.bash");
            std::fs::write(&file, &script).unwrap();
            let ok = std::process::Command::new("bash")
                .arg("-n")
                .arg(&file)
                .status()
                .unwrap();
            assert!(ok.success(), "bash -n rejects the completion script");
        }
    }
    satdoku().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn the_man_page_names_every_subcommand() {
    let out = satdoku()
        .arg("manpage")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let page = String::from_utf8(out).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH satdoku"),
        "{page}"
    );
    for n in subcommands() {
        assert!(page.contains(&n), "no {n}");
    }
    let dir = tempfile::tempdir().unwrap();
    satdoku()
        .args(["manpage", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    for n in subcommands() {
        let p = dir.path().join(format!("satdoku-{n}.1"));
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(
            text.contains(".SH OPTIONS") || text.contains(".SH NAME"),
            "{n}"
        );
    }
}

#[test]
fn no_color_turns_off_styled_help_and_errors() {
    let esc = predicate::str::contains("\u{1b}[");
    // CLICOLOR_FORCE styles even into a pipe; NO_COLOR wins over it.
    satdoku()
        .arg("--help")
        .env("CLICOLOR_FORCE", "1")
        .env_remove("NO_COLOR")
        .assert()
        .success()
        .stdout(esc.clone());
    satdoku()
        .arg("--help")
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .assert()
        .success()
        .stdout(esc.clone().not());
    satdoku()
        .args(["solve", "--no-such-flag"])
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .assert()
        .code(2)
        .stderr(
            esc.clone()
                .not()
                .and(predicate::str::contains("no-such-flag")),
        );
    // Results never carry escapes, whatever the environment.
    satdoku()
        .args(["solve", "-f", "pretty", "...4..3.....3.2."])
        .env("CLICOLOR_FORCE", "1")
        .assert()
        .success()
        .stdout(esc.not());
}

/// All 136 puzzles of the shared CC BY f-puzzles collection render, each a well-formed
/// picture under 50 KB. Run: `cargo test --test render -- --ignored shared` (the file's
/// path from $SATDOKU_CCBY, else the shared folder beside the repository).
#[test]
#[ignore = "needs ../shared/puzzles/fpuzzles/ccby_variants.jsonl (outside the repository)"]
fn the_shared_collection_renders() {
    let file = std::env::var("SATDOKU_CCBY")
        .unwrap_or_else(|_| "../shared/puzzles/fpuzzles/ccby_variants.jsonl".into());
    let dir = tempfile::tempdir().unwrap();
    satdoku()
        .arg("render")
        .arg(&file)
        .arg("--dir")
        .arg(dir.path())
        .assert()
        .success()
        .stderr(predicate::str::contains("136 puzzles, 136 pictures"));
    let mut count = 0;
    for e in std::fs::read_dir(dir.path()).unwrap() {
        let svg = std::fs::read_to_string(e.unwrap().path()).unwrap();
        let doc = parse(&svg);
        assert!(!rule_counts(&doc).is_empty() || svg.contains("class=\"givens\""));
        assert!(svg.len() < 50_000);
        count += 1;
    }
    assert_eq!(count, 136);
}

#[test]
fn dash_o_dash_is_stdout_for_pictures_and_formulas() {
    // run in an empty directory: `-o -` must write no file named `-`
    let dir = tempfile::tempdir().unwrap();
    let puzzle = std::fs::canonicalize("puzzles/examples/killer-4x4.json").unwrap();
    let svg = common::stdout_of(
        satdoku()
            .current_dir(dir.path())
            .args(["render", "--solution", "-o", "-"])
            .arg(&puzzle)
            .assert()
            .success()
            .get_output(),
    );
    assert_eq!(texts(&parse(&svg), "solved").concat(), "1234341221434321");
    satdoku()
        .current_dir(dir.path())
        .args(["dimacs", "-o", "-"])
        .arg(&puzzle)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("c "))
        .stdout(predicate::str::contains("p cnf "));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
