//! `satdoku render`: SVG pictures of puzzles, their solutions (two side by side, the cells
//! where they differ highlighted, when there are several) or their true candidates.

use super::exit::Outcome;
use super::InputArgs;
use anyhow::Context;
use clap::Args;
use satdoku::candidates::candidates_on;
use satdoku::render::{render_with, Panel};
use satdoku::{Puzzle, Verdict};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `satdoku render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Write the picture to this file (input of one puzzle; default, or `-`: stdout).
    #[arg(long, short = 'o', value_name = "OUT.svg", conflicts_with = "dir")]
    output: Option<PathBuf>,
    /// Write one picture per puzzle into this directory: FILE's name with .svg, plus
    /// -LINE when a file holds several puzzles.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Solve, and draw the solution; with several solutions, two of them side by side with
    /// the cells where they differ highlighted.
    #[arg(long, conflicts_with_all = ["candidates", "both"])]
    solution: bool,
    /// Draw the true candidates of every cell as pencil marks.
    #[arg(long, conflicts_with = "both")]
    candidates: bool,
    /// Draw the puzzle and, beside it, its solution (or two differing solutions).
    #[arg(long)]
    both: bool,
    /// No summary line on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    engine: super::EngineOpt,
}

/// What a picture shows besides the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Puzzle,
    Solution,
    Candidates,
    Both,
}

/// Runs `satdoku render`; returns the exit code: 1 if some puzzle could not be read or
/// drawn, else 3 if a solution was asked for and some puzzle has none, else 0.
pub fn run(args: &RenderArgs) -> anyhow::Result<u8> {
    let mode = match (args.solution, args.candidates, args.both) {
        (true, _, _) => Mode::Solution,
        (_, true, _) => Mode::Candidates,
        (_, _, true) => Mode::Both,
        _ => Mode::Puzzle,
    };
    // `-o -` is stdout, as for every command that writes a file
    let output = args
        .output
        .as_deref()
        .filter(|p| *p != std::path::Path::new("-"));
    let (records, opts) = args.input.records()?;
    if args.dir.is_none() && records.len() > 1 {
        anyhow::bail!(
            "the input holds {} puzzles; {} takes one picture: use --dir DIR",
            records.len(),
            if output.is_some() { "-o" } else { "stdout" }
        );
    }
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut per_source: HashMap<&str, usize> = HashMap::new();
    for r in &records {
        *per_source.entry(&*r.source).or_default() += 1;
    }
    let start = Instant::now();
    let mut outcome = Outcome::default();
    let (mut written, mut bytes) = (0usize, 0usize);
    let mut names: HashSet<PathBuf> = HashSet::new();
    for rec in &records {
        let loc = rec.location();
        let puzzle = match &rec.puzzle {
            Ok(p) => p,
            Err(e) => {
                eprintln!("satdoku: {loc}: {e}");
                outcome.error();
                continue;
            }
        };
        let panels = match panels(puzzle, mode, &args.engine.engine()) {
            Ok((panels, solved)) => {
                if !solved {
                    eprintln!("satdoku: {loc}: no solution");
                    outcome.none();
                }
                panels
            }
            Err(e) => {
                eprintln!("satdoku: {loc}: {e}");
                outcome.error();
                continue;
            }
        };
        // Digits are numbers unless the input was read with its own symbols.
        let symbols = args.input.symbols.is_some().then_some(&opts.symbols);
        let svg = match render_with(puzzle, rec.meta.rules.as_deref(), &panels, symbols) {
            Ok(svg) => svg,
            Err(e) => {
                eprintln!("satdoku: {loc}: {e}");
                outcome.error();
                continue;
            }
        };
        bytes += svg.len();
        written += 1;
        match (&args.dir, output) {
            (Some(dir), _) => {
                let several = per_source[&*rec.source] > 1;
                let path = unique_path(dir, &file_name(&rec.source, rec.line, several), &mut names);
                std::fs::write(&path, &svg)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            (None, Some(path)) => std::fs::write(path, &svg)
                .with_context(|| format!("cannot write {}", path.display()))?,
            (None, None) => {
                let mut out = std::io::stdout().lock();
                match out.write_all(svg.as_bytes()).and_then(|()| out.flush()) {
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                    r => r?,
                }
            }
        }
    }
    if !args.quiet {
        eprintln!(
            "satdoku render: {} puzzle{}, {written} picture{} ({bytes} bytes); {:.3} s",
            records.len(),
            if records.len() == 1 { "" } else { "s" },
            if written == 1 { "" } else { "s" },
            start.elapsed().as_secs_f64()
        );
    }
    Ok(outcome.code())
}

/// The panels of one picture, and whether the puzzle has a solution (always true when no
/// solution was asked for).
fn panels(
    puzzle: &Puzzle,
    mode: Mode,
    engine: &satdoku::engine::Engine,
) -> anyhow::Result<(Vec<Panel>, bool)> {
    let solutions = |caption_single: Option<&str>| -> anyhow::Result<Option<Vec<Panel>>> {
        Ok(match satdoku::solve::check_on(puzzle, engine)? {
            Verdict::Unique(s) => {
                let p = Panel::solution(s);
                Some(vec![match caption_single {
                    Some(c) => p.caption(c),
                    None => p,
                }])
            }
            Verdict::Multiple(a, b) => Some(Panel::differing(a, b).to_vec()),
            Verdict::None => None,
        })
    };
    let none = |caption: &str| (vec![Panel::givens().caption(caption)], false);
    Ok(match mode {
        Mode::Puzzle => (vec![Panel::givens()], true),
        Mode::Solution => match solutions(None)? {
            Some(p) => (p, true),
            None => none("no solution"),
        },
        Mode::Both => match solutions(Some("solution"))? {
            Some(mut p) => {
                p.insert(0, Panel::givens().caption("puzzle"));
                (p, true)
            }
            None => none("puzzle: no solution"),
        },
        Mode::Candidates => match candidates_on(puzzle, engine, |_| {})? {
            Some(c) => {
                let caption = if c.is_unique() {
                    "unique solution".to_string()
                } else {
                    let open = c.masks.iter().filter(|m| m.count_ones() > 1).count();
                    format!("true candidates: {open} open cells")
                };
                (vec![Panel::candidates(c.masks).caption(caption)], true)
            }
            None => none("no solution"),
        },
    })
}

/// The picture's file name: the input's name without extension (`stdin` for -, `puzzle`
/// for an argument), `-LINE` when the file holds several puzzles, `.svg`.
fn file_name(source: &str, line: usize, several: bool) -> String {
    let stem = match source {
        "-" => "stdin".to_string(),
        "<argument>" => "puzzle".to_string(),
        s => Path::new(s)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "puzzle".into()),
    };
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if several {
        format!("{stem}-{line}.svg")
    } else {
        format!("{stem}.svg")
    }
}

/// `dir/name`, or `dir/name-2.svg`, `-3`, … if an earlier picture of this run took it.
fn unique_path(dir: &Path, name: &str, taken: &mut HashSet<PathBuf>) -> PathBuf {
    let stem = name.trim_end_matches(".svg");
    let mut path = dir.join(name);
    let mut k = 2;
    while !taken.insert(path.clone()) {
        path = dir.join(format!("{stem}-{k}.svg"));
        k += 1;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_input() {
        assert_eq!(file_name("puzzles/a b.json", 1, false), "a_b.svg");
        assert_eq!(file_name("x/list.txt", 7, true), "list-7.svg");
        assert_eq!(file_name("-", 3, true), "stdin-3.svg");
        assert_eq!(file_name("<argument>", 1, false), "puzzle.svg");
        let mut taken = HashSet::new();
        let d = Path::new("out");
        assert_eq!(unique_path(d, "a.svg", &mut taken), d.join("a.svg"));
        assert_eq!(unique_path(d, "a.svg", &mut taken), d.join("a-2.svg"));
        assert_eq!(unique_path(d, "a.svg", &mut taken), d.join("a-3.svg"));
    }
}
