//! `satdoku generate`: unique, minimal puzzles on a classic grid or on a layout read from a
//! puzzle file (its rules and givens kept), reproducible from a seed.

use super::exit::Outcome;
use super::input;
use super::{Format, InputArgs};
use anyhow::bail;
use clap::{Args, ValueEnum};
use satdoku::format::text::{Line, Pretty};
use satdoku::generate::{
    classic_layout, generate, GenerateError, GenerateOptions, Rng, Symmetry, MAX_ATTEMPTS,
};
use satdoku::report::{Effort, GenerateRecord, Status};
use satdoku::solve::Simplify;
use satdoku::{Formula, Puzzle};
use std::io::{self, BufWriter, Write};
use std::time::Instant;

/// Options of `satdoku generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Layout files: puzzles whose rules (and givens, kept as they are) the generated puzzles
    /// share; `--count` puzzles are made per layout. Not needed with --size.
    #[command(flatten)]
    input: InputArgs,
    /// Generate classic N×N puzzles, N from 4 to 64 (boxes from --box, else the default
    /// shape).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(super::MIN_SIZE as u64..=satdoku::geometry::MAX_SIZE as u64))]
    size: Option<u64>,
    /// Seed of the random choices: the same seed gives the same puzzles (default: from the
    /// clock, printed on stderr).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Puzzles to generate (per layout), at most 1000000.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_COUNT))]
    count: u64,
    /// Symmetry of the givens: they are added and removed in orbits.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// At most K givens (layout givens included): puzzles with more are discarded and new
    /// ones tried, up to --attempts times.
    #[arg(long, value_name = "K")]
    givens_max: Option<usize>,
    /// Stop removing givens once at most K are left (layout givens included): unique, but
    /// not minimal (faster on big grids).
    #[arg(long, value_name = "K")]
    stop_at: Option<usize>,
    /// Keep each removal only while the puzzle stays solvable without guessing by: singles
    /// (naked and hidden singles in the houses), or full (satdoku's whole simplification:
    /// singles, locked candidates, failed-literal probing, the rules' and sums' reasoning).
    /// Such puzzles are unique and are checked without search; they keep about as many givens
    /// as minimal ones, and on big grids are made much faster (README, "Generating").
    #[arg(long, value_enum, value_name = "LEVEL")]
    solvable_by: Option<LogicArg>,
    /// With --givens-max: puzzles to try for each one printed, at most 1000000.
    #[arg(long, default_value_t = 1000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_ATTEMPTS as u64))]
    attempts: u64,
    #[command(flatten)]
    budget: super::TimeoutArg,
    /// Print the solution too (line: after the puzzle; pretty: below it).
    #[arg(long)]
    solution: bool,
    /// Output format (default: pretty on a terminal, line otherwise).
    #[arg(long, short = 'f', value_enum)]
    format: Option<Format>,
    /// No summary line on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
}

/// Most puzzles `--count` asks for in one run.
const MAX_COUNT: u64 = 1_000_000;

/// `--solvable-by`: the simplification levels that deduce something.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum LogicArg {
    /// Naked and hidden singles.
    Singles,
    /// The whole simplification (`--simplify full` of `dimacs`).
    Full,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum SymmetryArg {
    None,
    Rot180,
    Rot90,
    Mirror,
    Diagonal,
}

/// Runs `satdoku generate`; returns the exit code.
pub fn run(args: &GenerateArgs) -> anyhow::Result<u8> {
    let opts = args.input.text_options()?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let layouts: Vec<(String, Puzzle)> = match args.size {
        Some(n) => {
            if !args.input.files.is_empty() {
                bail!("give either --size or layout files, not both");
            }
            let layout = classic_layout(n as usize, opts.box_shape)?;
            let layout = match opts.values {
                // --values: the cells hold those values (every house all different)
                Some(v) => Puzzle::classic(
                    layout.shape().clone().with_values(v)?,
                    satdoku::Grid::empty(n as usize),
                )?,
                None => layout,
            };
            vec![("--size".into(), layout)]
        }
        None => {
            if args.input.files.is_empty() && io::IsTerminal::is_terminal(&io::stdin()) {
                bail!("nothing to generate: give --size N, or layout files");
            }
            let sources = input::sources(&args.input.files)?;
            let mut v = Vec::new();
            let mut bad = None;
            input::for_each_record(&sources, &opts, |rec| {
                let loc = rec.location();
                match rec.puzzle {
                    Ok(p) => v.push((loc, p)),
                    Err(e) => {
                        bad = Some(format!("{loc}: {e}"));
                        return Ok(false);
                    }
                }
                Ok(true)
            })?;
            if let Some(b) = bad {
                bail!("{b}");
            }
            v
        }
    };
    let symmetry = match args.symmetry {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Rot180 => Symmetry::Rot180,
        SymmetryArg::Rot90 => Symmetry::Rot90,
        SymmetryArg::Mirror => Symmetry::Mirror,
        SymmetryArg::Diagonal => Symmetry::Diagonal,
    };
    if symmetry != Symmetry::None {
        for (loc, p) in &layouts {
            if p.shape().is_jigsaw() || !p.constraints().is_empty() {
                eprintln!(
                    "satdoku: {loc}: note: --symmetry places the givens symmetrically; the layout's rules need not be symmetric"
                );
            }
        }
    }
    let mut gen_opts = GenerateOptions {
        symmetry,
        givens_max: args.givens_max,
        attempts: args.attempts as usize,
        engine: Default::default(),
        stop_at: args.stop_at,
        logic: args.solvable_by.map(|l| match l {
            LogicArg::Singles => Simplify::Singles,
            LogicArg::Full => Simplify::Full,
        }),
    };
    let format = args.format.unwrap_or_else(|| {
        if io::IsTerminal::is_terminal(&io::stdout()) {
            Format::Pretty
        } else {
            Format::Line
        }
    });
    let symbols = opts.symbols.clone();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let mut made = 0;
    let mut givens_total = 0;
    let mut outcome = Outcome::default();
    let progress = !args.quiet && io::IsTerminal::is_terminal(&io::stderr());
    for (loc, layout) in &layouts {
        for k in 1..=args.count {
            let t = Instant::now();
            // The record of this puzzle, as far as its place goes.
            let record = |status: Status| GenerateRecord {
                layout: loc.to_string(),
                index: k,
                status,
                seed,
                ..Default::default()
            };
            gen_opts.engine = args.budget.engine();
            let spinner = progress.then(|| {
                super::print::spinner(format!("{loc}: generating puzzle {k} of {}", args.count))
            });
            let result = generate(layout, &gen_opts, &mut rng);
            if let Some(bar) = spinner {
                bar.finish_and_clear();
            }
            let g = match result {
                Err(e) if gen_opts.engine.budget.is_spent() => {
                    out.flush()?;
                    eprintln!("satdoku: {loc}: puzzle {k}: timeout ({e})");
                    outcome.timeout();
                    if format == Format::Json {
                        let mut o = record(Status::Timeout);
                        o.error = Some(format!("{loc}: {e}"));
                        writeln!(out, "{}", serde_json::to_string(&o)?)?;
                    }
                    continue;
                }
                Ok(g) => g,
                Err(e @ GenerateError::NoSolution(_)) => {
                    out.flush()?;
                    eprintln!("satdoku: {loc}: {e}; no puzzle can be made on it");
                    return Ok(super::exit::NO_SOLUTION);
                }
                Err(e) => {
                    out.flush()?;
                    eprintln!("satdoku: {loc}: {e}");
                    return Ok(super::exit::ERROR);
                }
            };
            let time = t.elapsed();
            made += 1;
            let givens = g.puzzle.givens().filled_count();
            givens_total += givens;
            let symbols = symbols.for_shape(g.puzzle.shape());
            let line = Line::new(g.puzzle.givens(), &symbols).to_string();
            let sol = Line::new(&g.solution, &symbols).to_string();
            let written = match format {
                Format::Line if args.solution => writeln!(out, "{line} {sol}"),
                Format::Line => writeln!(out, "{line}"),
                Format::Pretty => (|| {
                    let note = match (args.solvable_by, g.minimal) {
                        (Some(LogicArg::Singles), _) => ", solvable by singles",
                        (Some(LogicArg::Full), _) => ", solvable by simplification",
                        (None, true) => "",
                        (None, false) => ", not minimal",
                    };
                    writeln!(out, "puzzle {made} ({givens} givens{note})")?;
                    write!(
                        out,
                        "{}",
                        Pretty::new(g.puzzle.givens(), g.puzzle.shape(), &symbols)
                    )?;
                    if args.solution {
                        writeln!(out, "solution")?;
                        write!(
                            out,
                            "{}",
                            Pretty::new(&g.solution, g.puzzle.shape(), &symbols)
                        )?;
                    }
                    writeln!(out)
                })(),
                Format::Json => {
                    // An honest effort signal, not a human grade: whether simplification
                    // (singles, locked candidates) alone solves it, and the SAT calls a
                    // uniqueness check needs.
                    // The check is the one generate made of the result (no second search).
                    let formula = Formula::new(&g.puzzle, Simplify::Full);
                    let mut o = record(Status::Generated);
                    o.size = Some(g.puzzle.size());
                    o.dims = satdoku::report::rect_dims(g.puzzle.shape());
                    o.puzzle = Some(line);
                    o.givens = Some(givens);
                    o.minimal = Some(g.minimal);
                    o.solvable_by = args.solvable_by.map(|l| format!("{l:?}").to_lowercase());
                    o.solution = Some(sol);
                    o.symmetry = Some(format!("{symmetry:?}").to_lowercase());
                    o.attempts = Some(g.attempts);
                    o.sat_calls = Some(g.sat_calls);
                    o.time_us = Some(time.as_micros() as u64);
                    o.effort = Some(Effort {
                        decided_by_simplification: formula.decided(),
                        simplification_solves: formula.is_decided(),
                        check_sat_calls: g.check_sat_calls,
                    });
                    writeln!(out, "{}", serde_json::to_string(&o)?)
                }
            };
            match written {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(outcome.code()),
                r => r?,
            }
        }
    }
    match out.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(outcome.code()),
        r => r?,
    }
    if !args.quiet {
        let avg = if made > 0 {
            givens_total as f64 / made as f64
        } else {
            0.0
        };
        eprintln!(
            "satdoku generate: {made} puzzle{} (seed {seed}), {avg:.1} givens on average; {:.3} s",
            if made == 1 { "" } else { "s" },
            start.elapsed().as_secs_f64()
        );
    }
    Ok(outcome.code())
}
