//! `satdoku candidates`: the digits each cell can hold in some solution, found with the SAT
//! solver (see `satdoku::candidates`), optionally with how many solutions use each.

use super::input::{self, Record};
use super::report::Tally;
use super::{Format, InputArgs};
use clap::Args;
use satdoku::candidates::{candidate_counts_on, candidates_on, CandidateCounts, PencilGrid};
use satdoku::format::text::{Line, Pretty, Symbols};
use satdoku::geometry::{digits, Cell, Digit};
use satdoku::report::{CandidatesRecord, CandidatesStats, Status as Word};
use satdoku::Puzzle;
use std::io::{self, BufWriter, Write};
use std::time::Instant;

/// Options of `satdoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output format (default: pretty on a terminal, line otherwise).
    #[arg(long, short = 'f', value_enum)]
    format: Option<Format>,
    /// Also count how many solutions use each candidate (lists solutions, up to --limit).
    #[arg(long)]
    counts: bool,
    /// With --counts: stop after this many solutions (the counts are then lower bounds).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    limit: u64,
    /// No summary line on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    budget: super::TimeoutArg,
}

/// Runs `satdoku candidates`; returns the exit code.
pub fn run(args: &CandidatesArgs) -> anyhow::Result<u8> {
    let super::Input { opts, sources } = args.input.open()?;
    let format = args.format.unwrap_or_else(|| {
        if io::IsTerminal::is_terminal(&io::stdout()) {
            Format::Pretty
        } else {
            Format::Line
        }
    });
    let mut out = BufWriter::new(io::stdout().lock());
    // The shared tally (counts and exit code); candidates prints its own kind of answer.
    let mut t = Tally::default();
    let start = Instant::now();
    let result = input::for_each_record(&sources, &opts, |rec| {
        t.puzzles += 1;
        let status = one(&rec, args, format, &opts.symbols, &mut out)?;
        match status {
            Status::Invalid => {
                t.invalid += 1;
                t.outcome.error()
            }
            Status::None => {
                t.none += 1;
                t.outcome.none()
            }
            Status::Unique => t.unique += 1,
            Status::Multiple => t.multiple += 1,
            Status::Timeout => {
                t.timeout += 1;
                t.outcome.timeout()
            }
        }
        Ok(true)
    })
    .and_then(|()| Ok(out.flush()?));
    match result {
        Err(e) if super::is_broken_pipe(&e) => return Ok(t.outcome.code()),
        r => r?,
    }
    if !args.quiet {
        let counts = format!(
            "{} unique, {} multiple, {} none",
            t.unique, t.multiple, t.none
        );
        eprintln!("{}", t.summary_of("candidates", &counts, start.elapsed()));
    }
    Ok(t.outcome.code())
}

enum Status {
    Invalid,
    None,
    Unique,
    Multiple,
    Timeout,
}

fn one(
    rec: &Record,
    args: &CandidatesArgs,
    format: Format,
    symbols: &Symbols,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let loc = rec.location();
    let puzzle = match &rec.puzzle {
        Ok(p) => p,
        Err(e) => {
            eprintln!("satdoku: {loc}: {e}");
            if format == Format::Json {
                let mut o = CandidatesRecord::new(&rec.source, rec.line, Word::Invalid);
                o.error = Some(format!("{loc}: {e}"));
                writeln!(out, "{}", serde_json::to_string(&o)?)?;
            }
            return Ok(Status::Invalid);
        }
    };
    // digits are written as the puzzle's values
    let shaped = symbols.for_shape(puzzle.shape());
    let symbols = &shaped;
    let start = Instant::now();
    // The record of this puzzle, as far as it goes before the answer.
    let record = |status: Word| {
        let mut o = CandidatesRecord::new(&rec.source, rec.line, status);
        o.puzzle = Some(Line::new(puzzle.givens(), symbols).to_string());
        o.size = Some(puzzle.size());
        o.dims = satdoku::report::rect_dims(puzzle.shape());
        // The answer is about the puzzle without these drawn elements: every record says so.
        o.ignored = (!rec.meta.ignored.is_empty()).then(|| rec.meta.ignored.clone());
        o
    };
    let engine = args.budget.engine();
    let budget = engine.budget.clone();
    // A progress line for big grids, where one puzzle takes a while.
    let spinner =
        (!args.quiet && puzzle.size() >= 16 && io::IsTerminal::is_terminal(&io::stderr()))
            .then(|| super::print::spinner(format!("{loc}: candidates")));
    let result = candidates_on(puzzle, &engine, |c| {
        if let Some(bar) = &spinner {
            let total: u32 = c.masks.iter().map(|m| m.count_ones()).sum();
            bar.set_message(format!(
                "{loc}: candidates: {} SAT calls, {total} candidates confirmed",
                c.sat_calls
            ));
        }
    })
    .and_then(|found| match (&found, args.counts) {
        (Some(_), true) => {
            let k = candidate_counts_on(puzzle, args.limit as usize, &engine)?;
            Ok((found, Some(k)))
        }
        _ => Ok((found, None)),
    });
    if let Some(bar) = spinner {
        bar.finish_and_clear();
    }
    let (found, counts) = match result {
        Ok(r) => r,
        Err(e) if budget.is_spent() => {
            eprintln!("satdoku: {loc}: timeout ({e})");
            match format {
                Format::Json => {
                    let mut o = record(Word::Timeout);
                    o.error = Some(format!("{loc}: {e}"));
                    writeln!(out, "{}", serde_json::to_string(&o)?)?;
                }
                Format::Line => writeln!(out, "timeout")?,
                Format::Pretty => writeln!(out, "{loc}: timeout ({e})\n")?,
            }
            return Ok(Status::Timeout);
        }
        Err(e) => {
            eprintln!("satdoku: {loc}: {e}");
            // The record is printed all the same: a batch loses no result.
            match format {
                Format::Json => {
                    let mut o = record(Word::Invalid);
                    o.error = Some(format!("{loc}: {e}"));
                    writeln!(out, "{}", serde_json::to_string(&o)?)?;
                }
                Format::Line => writeln!(out, "invalid")?,
                Format::Pretty => writeln!(out, "{loc}: invalid ({e})\n")?,
            }
            return Ok(Status::Invalid);
        }
    };
    let time = start.elapsed();
    let n = puzzle.size();
    let Some(c) = found else {
        match format {
            Format::Json => writeln!(out, "{}", serde_json::to_string(&record(Word::None))?)?,
            Format::Line => writeln!(out, "none")?,
            Format::Pretty => writeln!(out, "{loc}: no solution\n")?,
        }
        eprintln!("satdoku: {loc}: no solution");
        return Ok(Status::None);
    };
    let single = symbols.single_char(n);
    let cell_text = |m: u64| -> String {
        let ds: Vec<String> = digits(m).map(|d| symbols.symbol(d, n)).collect();
        ds.join(if single { "" } else { "," })
    };
    let status = if c.is_unique() {
        Status::Unique
    } else {
        Status::Multiple
    };
    match format {
        Format::Json => {
            let mut o = record(if c.is_unique() {
                Word::Unique
            } else {
                Word::Multiple
            });
            let (rows, cols) = (puzzle.shape().rows(), puzzle.shape().cols());
            o.candidates = Some(
                (0..rows)
                    .map(|r| {
                        (0..cols)
                            .map(|col| {
                                digits(c.of(Cell::from_index(r, col)))
                                    .map(|d| d.get())
                                    .collect()
                            })
                            .collect()
                    })
                    .collect(),
            );
            o.solution = c.solution().map(|sol| Line::new(&sol, symbols).to_string());
            if let Some(k) = &counts {
                o.counts = Some(
                    (0..rows)
                        .map(|r| {
                            (0..cols)
                                .map(|col| k.counts[r * cols + col].clone())
                                .collect()
                        })
                        .collect(),
                );
                o.solutions_counted = Some(k.solutions);
                o.capped = Some(k.capped);
            }
            o.stats = Some(CandidatesStats {
                decided: c.decided,
                sat_calls: c.sat_calls,
                time_us: time.as_micros() as u64,
            });
            writeln!(out, "{}", serde_json::to_string(&o)?)?;
        }
        Format::Line => {
            let cells: Vec<String> = match &counts {
                Some(k) => k
                    .counts
                    .iter()
                    .map(|per| {
                        let parts: Vec<String> = per
                            .iter()
                            .enumerate()
                            .filter(|(_, &x)| x > 0)
                            .map(|(i, x)| {
                                format!("{}={x}", symbols.symbol(Digit::from_index(i), n))
                            })
                            .collect();
                        parts.join(",")
                    })
                    .collect(),
                None => c.masks.iter().map(|&m| cell_text(m)).collect(),
            };
            // the extra cells (ISS `Var`) after `+`, as in a solution's line
            let grid = (c.rows * c.cols).min(cells.len());
            write!(out, "{}", cells[..grid].join(" "))?;
            if cells.len() > grid {
                write!(out, " + {}", cells[grid..].join(" "))?;
            }
            if let Some(k) = &counts {
                let op = if k.capped { ">" } else { "=" };
                write!(out, " solutions{op}{}", k.solutions)?;
            }
            writeln!(out)?;
        }
        Format::Pretty => {
            if let Some(sol) = c.solution() {
                writeln!(out, "{loc}: unique; every cell has one candidate")?;
                write!(out, "{}", Pretty::new(&sol, puzzle.shape(), symbols))?;
            } else {
                let open = c.masks.iter().filter(|m| m.count_ones() > 1).count();
                let total: u32 = c.masks.iter().map(|m| m.count_ones()).sum();
                writeln!(
                    out,
                    "{loc}: several solutions; {open} open cells, {total} candidates in all"
                )?;
                write!(
                    out,
                    "{}",
                    PencilGrid::new(&c.masks, puzzle.shape(), symbols)
                )?;
            }
            if let Some(k) = &counts {
                print_counts(out, puzzle, k, symbols)?;
            }
            writeln!(out)?;
        }
    }
    Ok(status)
}

fn print_counts(
    out: &mut impl Write,
    puzzle: &Puzzle,
    k: &CandidateCounts,
    symbols: &Symbols,
) -> io::Result<()> {
    let n = puzzle.size();
    let shaped = symbols.for_shape(puzzle.shape());
    let symbols = &shaped;
    if k.capped {
        writeln!(
            out,
            "solutions per candidate, over the first {} solutions (there are more; raise --limit):",
            k.solutions
        )?;
    } else {
        writeln!(
            out,
            "solutions per candidate, over all {} solution{}:",
            k.solutions,
            if k.solutions == 1 { "" } else { "s" }
        )?;
    }
    for (i, per) in k.counts.iter().enumerate() {
        if per.iter().filter(|&&x| x > 0).count() < 2 {
            continue;
        }
        let parts: Vec<String> = per
            .iter()
            .enumerate()
            .filter(|(_, &x)| x > 0)
            .map(|(d, x)| format!("{}: {x}", symbols.symbol(Digit::from_index(d), n)))
            .collect();
        writeln!(
            out,
            "  {}  {}",
            Cell::from_position(i, k.cols),
            parts.join(", ")
        )?;
    }
    Ok(())
}
