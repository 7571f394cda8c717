//! `satdoku dimacs` and `satdoku decode`: the CNF for an external SAT solver, and its answer
//! turned back into a verified grid.
//!
//! The CNF's comment header names the puzzle, the box shape, the simplification and the
//! query, so `decode --puzzle FILE.cnf` needs nothing else.

use super::exit;
use super::input::{self, Record};
use super::InputArgs;
use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use satdoku::format::dimacs::{read_answer_from, write_formula, Header, Query, SolverAnswer};
use satdoku::format::text::{
    parse_one_with, parse_solution_for, region_line, Line, Pretty, Symbols, TextOptions,
};
use satdoku::solve::{Formula, Session, Simplify};
use satdoku::Grid;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;

/// Options of `satdoku dimacs`.
#[derive(Args, Debug)]
pub struct DimacsArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Write to FILE instead of stdout (atomically: a temporary file renamed into place; a
    /// symlink is followed, a device such as /dev/null written to directly); `-` is stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Write the uniqueness query: the formula plus a clause that blocks the solution satdoku
    /// finds. UNSAT means the puzzle is unique.
    #[arg(long, conflicts_with = "exclude")]
    uniqueness: bool,
    /// Write the formula plus a clause that blocks this solution (a full grid as text; a
    /// chaos construction's solution adds `/` and its regions, one letter per cell).
    #[arg(long, value_name = "SOLUTION")]
    exclude: Option<String>,
    /// What the givens simplify before encoding: full (naked and hidden singles and locked
    /// candidates; the default, and what the embedded solver gets), singles (naked and hidden
    /// singles only), givens (only the givens become constants), none (the textbook formula,
    /// givens as unit clauses).
    #[arg(long, value_enum, default_value_t = SimplifyArg::Full)]
    simplify: SimplifyArg,
    /// Which puzzle of the input to export (1-based), when it holds several.
    #[arg(long, value_name = "K")]
    nth: Option<usize>,
    /// With --uniqueness: the engine that finds the solution to block.
    #[command(flatten)]
    engine: super::EngineOpt,
}

/// Options of `satdoku decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The CNF written by `satdoku dimacs` (its header names the puzzle), or the puzzle file
    /// it was made from (then give the same --simplify, --box and --nth).
    #[arg(long, short = 'p', value_name = "FILE")]
    puzzle: String,
    /// The SAT solver's output: `s SATISFIABLE` with `v` lines (cadical, kissat, picosat) or
    /// minisat's result file. Stdin when omitted.
    #[arg(value_name = "ANSWER")]
    answer: Option<String>,
    /// For a puzzle file: the simplification used when exporting.
    #[arg(long, value_enum)]
    simplify: Option<SimplifyArg>,
    /// For a puzzle file: box shape ROWSxCOLS.
    #[arg(long = "box", value_name = "RxC", value_parser = super::box_arg)]
    box_shape: Option<String>,
    /// For a puzzle file: its text puzzles are grids of R rows and C columns (as for check).
    #[arg(long = "grid", value_name = "RxC", value_parser = super::grid_arg)]
    grid: Option<String>,
    /// For a puzzle file: which puzzle (1-based).
    #[arg(long, value_name = "K")]
    nth: Option<usize>,
    /// Output format (default: pretty on a terminal, line otherwise).
    #[arg(long, short = 'f', value_enum)]
    format: Option<super::Format>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum SimplifyArg {
    Full,
    Singles,
    Givens,
    None,
}

impl SimplifyArg {
    fn mode(self) -> Simplify {
        match self {
            SimplifyArg::Full => Simplify::Full,
            SimplifyArg::Singles => Simplify::Singles,
            SimplifyArg::Givens => Simplify::Givens,
            SimplifyArg::None => Simplify::None,
        }
    }
}

/// Picks one puzzle from the input: the `nth` (1-based), or the only one.
fn one_puzzle(input: &InputArgs, nth: Option<usize>) -> anyhow::Result<(Record, TextOptions)> {
    let super::Input { opts, sources } = input.open()?;
    let mut picked: Option<Record> = None;
    let mut seen = 0;
    input::for_each_record(&sources, &opts, |rec| {
        seen += 1;
        match nth {
            Some(k) if seen == k => {
                picked = Some(rec);
                Ok(false)
            }
            Some(_) => Ok(true),
            None if seen == 1 => {
                picked = Some(rec);
                Ok(true)
            }
            None => Ok(false),
        }
    })?;
    match (picked, nth) {
        (None, Some(k)) => bail!("the input holds {seen} puzzles; there is no puzzle {k}"),
        (None, None) => bail!("no puzzle in the input"),
        (Some(_), None) if seen > 1 => {
            bail!("the input holds more than one puzzle; choose one with --nth K")
        }
        (Some(rec), _) => Ok((rec, opts)),
    }
}

/// `satdoku dimacs`.
pub fn export(args: &DimacsArgs) -> anyhow::Result<u8> {
    let (rec, opts) = one_puzzle(&args.input, args.nth)?;
    let loc = rec.location();
    let puzzle = rec.puzzle.with_context(|| loc.clone())?;
    let mode = args.simplify.mode();
    // The whole formula, whatever the engine: a session on an engine that hosts propagators
    // leaves the rules they carry (sums, connectivity) out of its clauses, and an external
    // solver has no propagator.
    let formula = Formula::new(&puzzle, mode);
    let mut extra = Vec::new();
    let mut query = Query::Solve;
    if args.uniqueness {
        // --engine chooses what finds the first solution; the export stays the whole formula
        let mut session = Session::with_engine(&puzzle, mode, &args.engine.engine());
        let Some(solution) = session.next_solution().with_context(|| loc.clone())? else {
            eprintln!("satdoku: {loc}: no solution, so there is no uniqueness query to write");
            return Ok(exit::NO_SOLUTION);
        };
        extra.push(formula.blocking_clause(&solution));
        query = Query::Uniqueness(solution);
    } else if let Some(text) = &args.exclude {
        // A grid alone, checked against the puzzle's own rules just below.
        let grid = parse_solution_for(text, puzzle.shape(), &opts.symbols).context("--exclude")?;
        puzzle
            .verify(&grid)
            .context("--exclude: the grid is not a solution of the puzzle")?;
        extra.push(formula.blocking_clause(&grid));
        query = Query::Exclude(grid);
    }
    let formula = &formula;
    let header = Header {
        puzzle: &puzzle,
        simplify: mode,
        query,
    }
    .lines(formula);
    match args
        .output
        .as_deref()
        .filter(|p| *p != std::path::Path::new("-"))
    {
        None => {
            let stdout = io::stdout();
            match write_formula(formula, &extra, &header, stdout.lock()) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
                r => {
                    r?;
                }
            }
        }
        Some(path) => super::files::write_file(path, |w| {
            write_formula(formula, &extra, &header, w).map(|_| ())
        })?,
    }
    Ok(exit::SUCCESS)
}

/// `satdoku decode`.
pub fn decode(args: &DecodeArgs) -> anyhow::Result<u8> {
    let puzzle_head = read_head(&args.puzzle)?;
    let is_cnf = puzzle_head
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.starts_with("c ") || l.starts_with("p cnf"));
    let (puzzle, simplify, blocked) = if is_cnf {
        let h = Header::parse(&puzzle_head).with_context(|| {
            format!(
                "{}: a CNF without a satdoku header; give the puzzle file instead",
                args.puzzle
            )
        })?;
        let mut opts = TextOptions::default();
        if let Some(b) = &h.box_shape {
            // The header line can be long (a hand-edited file): quote at most 60 characters.
            let shape = satdoku::geometry::parse_box(b).map_err(|_| {
                anyhow::anyhow!(
                    "{}: the box line of the header: cannot read \"{}\" as ROWSxCOLS",
                    args.puzzle,
                    satdoku::error::excerpt(b)
                )
            })?;
            opts.box_shape = Some(shape);
        }
        let p = match &h.puzzle_json {
            Some(j) => satdoku::format::json::from_str(j)
                .map(|d| d.puzzle)
                .with_context(|| format!("{}: the puzzle-json line of the header", args.puzzle))?,
            None => parse_one_with(&h.puzzle, &opts)
                .with_context(|| format!("{}: the puzzle in the header", args.puzzle))?,
        };
        let blocked = match &h.uniqueness {
            Some(s) => Some(parse_solution_for(
                s,
                p.shape(),
                &Symbols::standard().for_shape(p.shape()),
            )?),
            None => None,
        };
        (p, h.simplify, blocked)
    } else {
        let input = InputArgs {
            files: vec![args.puzzle.clone()],
            box_shape: args.box_shape.clone(),
            grid: args.grid.clone(),
            symbols: None,
            values: None,
            chaos: false,
            layout: super::LayoutArg::Auto,
            line_rule: Vec::new(),
            element: Vec::new(),
            ignore_unmapped: false,
        };
        let (rec, _) = one_puzzle(&input, args.nth)?;
        let loc = rec.location();
        (
            rec.puzzle.with_context(|| loc)?,
            args.simplify.unwrap_or(SimplifyArg::Full).mode(),
            None,
        )
    };
    let formula = Formula::new(&puzzle, simplify);
    // The model is read as a stream: memory holds one value per variable of this formula.
    let max_vars = formula
        .size()
        .0
        .max(puzzle.shape().cell_count() * puzzle.shape().value_count());
    let answer = match &args.answer {
        Some(path) if path != "-" => {
            let f = fs::File::open(path).with_context(|| format!("cannot open {path}"))?;
            read_answer_from(io::BufReader::with_capacity(1 << 16, f), max_vars)
                .with_context(|| path.clone())?
        }
        _ => {
            read_answer_from(io::stdin().lock(), max_vars).context("the solver output on stdin")?
        }
    };
    let format = args.format.unwrap_or_else(|| {
        use std::io::IsTerminal;
        if io::stdout().is_terminal() {
            super::Format::Pretty
        } else {
            super::Format::Line
        }
    });
    let std = Symbols::standard().for_shape(puzzle.shape());
    let show = |g: &Grid| -> String {
        match format {
            super::Format::Pretty => Pretty::new(g, puzzle.shape(), &std).to_string(),
            _ => match g.regions() {
                Some(r) => format!("{}/{}\n", Line::new(g, &std), region_line(r)),
                None => format!("{}\n", Line::new(g, &std)),
            },
        }
    };
    let mut out = io::stdout().lock();
    let code = match (answer, &blocked) {
        (SolverAnswer::Unknown, _) => bail!("the solver gave no answer (UNKNOWN/INDET)"),
        (SolverAnswer::Unsat, Some(first)) => {
            puzzle
                .verify(first)
                .context("the solution named in the CNF header")?;
            writeln!(out, "unique")?;
            write!(out, "{}", show(first))?;
            exit::SUCCESS
        }
        (SolverAnswer::Unsat, None) => {
            writeln!(out, "none")?;
            exit::NO_SOLUTION
        }
        (sat @ SolverAnswer::Sat(_), blocked) => {
            let grid = formula.decode(|v| sat.value(v))?;
            match blocked {
                Some(first) => {
                    anyhow::ensure!(
                        &grid != first,
                        "the model repeats the blocked solution: the answer does not fit this CNF"
                    );
                    writeln!(out, "multiple")?;
                    write!(out, "{}", show(first))?;
                    write!(out, "{}", show(&grid))?;
                    exit::MULTIPLE
                }
                None => {
                    write!(out, "{}", show(&grid))?;
                    exit::SUCCESS
                }
            }
        }
    };
    Ok(code)
}

/// The comment lines of a file up to its `p cnf` line (or its first 4 MiB when it is not a
/// CNF), so a large CNF is not read whole.
fn read_head(path: &str) -> anyhow::Result<String> {
    use std::io::BufRead;
    let f = fs::File::open(path).with_context(|| format!("cannot open {path}"))?;
    let mut r = io::Read::take(io::BufReader::new(f), 1 << 22);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if r.read_line(&mut line)
            .with_context(|| format!("{path}: not readable text"))?
            == 0
        {
            break;
        }
        let stop = line.starts_with("p ");
        head.push_str(&line);
        if stop {
            break;
        }
    }
    // A byte order mark (an editor's) is not part of the first comment line.
    Ok(match head.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => head,
    })
}
