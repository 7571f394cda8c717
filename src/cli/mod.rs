//! The command line: clap definitions turned once into validated options, then one function
//! per command. Data goes to stdout, messages to stderr.

mod batch;
mod candidates;
mod certify;
mod convert;
mod dimacs;
pub mod exit;
mod files;
mod generate;
mod input;
mod print;
mod render;
mod report;
mod shell;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use satdoku::engine::{Engine, EngineKind, Propagation};
use satdoku::format::text::{Layout, Symbols, TextOptions};
use std::process::ExitCode;

/// Smallest grid side the tool reads or generates (the largest is `geometry::MAX_SIZE`).
pub const MIN_SIZE: usize = 4;

/// Most worker threads `-j` accepts: far more than any machine this runs on needs, few enough
/// that starting them is instant.
pub const MAX_THREADS: u64 = 256;

/// Longest `--timeout`, in seconds (about 11.6 days).
pub const MAX_TIMEOUT: f64 = 1e6;

/// Sudoku of any size, and its variants, as SAT: solve, check uniqueness, count, export
/// DIMACS, decode SAT solver models.
#[derive(Parser, Debug)]
#[command(name = "satdoku", version, about, long_about = None, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle and print a solution (say so when there are several).
    Solve {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        run: RunArgs,
        /// Treat a puzzle with several solutions as an error (exit 4) and print none.
        #[arg(long)]
        unique: bool,
    },
    /// Check uniqueness: unique, multiple (two solutions and where they differ), none, or
    /// invalid.
    Check {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        extra: certify::CheckExtra,
    },
    /// Count solutions up to a cap.
    Count {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        run: RunArgs,
        /// Stop counting after this many solutions (reported as "more than K").
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        limit: u64,
        /// Print every solution found.
        #[arg(long)]
        all: bool,
    },
    /// Write a puzzle's CNF in DIMACS, for any SAT solver.
    Dimacs(dimacs::DimacsArgs),
    /// Read a SAT solver's answer to a `dimacs` export and print the grid, verified.
    Decode(dimacs::DecodeArgs),
    /// The digits each cell can hold in some solution (true candidates, found with SAT).
    Candidates(candidates::CandidatesArgs),
    /// Generate unique puzzles, minimal or solvable without guessing (classic N×N, or on a
    /// layout file's rules).
    Generate(generate::GenerateArgs),
    /// Convert puzzles: f-puzzles or text to native JSON, native to f-puzzles (JSON, payload,
    /// URL), classic to a text line.
    Convert(convert::ConvertArgs),
    /// Draw puzzles as SVG pictures: the grid and every rule, optionally the solution (two
    /// differing solutions side by side) or the true candidates.
    Render(render::RenderArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff), or write one page per command into a directory.
    Manpage(shell::ManpageArgs),
}

/// Where puzzles come from and how to read them.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files (- for stdin; stdin when none is given and it is not a terminal). An
    /// argument that is not a file but looks like a puzzle is read as one: a grid line, JSON,
    /// an f-puzzles URL (?load=…), a SudokuPad link (sudokupad.app/…, beta.sudokupad.app,
    /// app.crackingthecryptic.com/sudoku/…, ?puzzleid=…, sudokupad://puzzle/…) or a bare id
    /// or payload (scl…, ctc…, fpuzzles…, fpuz…, scf…), an Interactive Sudoku Solver link
    /// (…/Interactive-Sudoku-Solver/?q=…) or constraint string (.Cage~10~R1C1~R1C2…). Files
    /// may hold such links one per line. Ids stored on SudokuPad's server are refused (no
    /// network).
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Box shape ROWSxCOLS, e.g. 2x3 (default: square root, else the most square shape).
    #[arg(long = "box", value_name = "RxC", value_parser = box_arg)]
    box_shape: Option<String>,
    /// Text puzzles are grids of R rows and C columns, e.g. 6x8: a line of R·C cells or R
    /// lines of C cells (default: a square, from the cell count). Rectangles hold
    /// max(R, C) values unless --values says otherwise. JSON files say it themselves.
    #[arg(long = "grid", value_name = "RxC", value_parser = grid_arg)]
    grid: Option<String>,
    /// Digit symbols in order, e.g. 0123456789ABCDEF for hex puzzles ('.' is then the only
    /// empty cell).
    #[arg(long)]
    symbols: Option<String>,
    /// The values text puzzles' cells hold, MIN-MAX or MAX: e.g. 0-8 (a 9x9 from 0: '0' is
    /// then a digit and '.' an empty cell) or 9 (1-9 on a smaller grid, houses all
    /// different). JSON files say it themselves ("values").
    #[arg(long, value_name = "MIN-MAX", value_parser = values_arg)]
    values: Option<String>,
    /// Text puzzles are chaos constructions: no boxes (unless --box), and orthogonally
    /// connected regions of N cells (N the longer side: min(R, C) regions on a --grid
    /// rectangle), each holding every digit once, found by the solver with the digits. JSON
    /// files say it themselves ("chaos": true).
    #[arg(long)]
    chaos: bool,
    /// How lines make puzzles: auto, one puzzle per line, or block grids.
    #[arg(long, value_enum, default_value_t = LayoutArg::Auto)]
    layout: LayoutArg,
    /// SudokuPad: lines of this colour are this rule, e.g. '#6ED078=whispers' (rules:
    /// renban, whispers, thermo, palindrome, betweenline, …, or ignore). Repeatable.
    #[arg(long, value_name = "COLOUR=RULE", value_parser = line_rule_arg)]
    line_rule: Vec<String>,
    /// SudokuPad: this drawn element (as a refusal names it) is this rule, e.g.
    /// 'lines[3]=renban', 'cages[0]=killer', 'overlays[2]=ignore'. Repeatable.
    #[arg(long, value_name = "ELEMENT=RULE", value_parser = element_arg)]
    element: Vec<String>,
    /// SudokuPad: read a puzzle whose drawings are not all mapped to rules without them (each
    /// named in a warning); the verdict is then about that weaker puzzle.
    #[arg(long)]
    ignore_unmapped: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum LayoutArg {
    Auto,
    Line,
    Block,
}

/// The input of a command, validated once: how to read text, and where the records come from.
pub struct Input {
    /// Box shape, symbols and layout for text puzzles.
    pub opts: TextOptions,
    /// The files, stdin or inline arguments, in order.
    pub sources: Vec<input::Source>,
}

impl InputArgs {
    /// Checks the reading options and names the sources: what every command that reads
    /// puzzles starts with.
    fn open(&self) -> anyhow::Result<Input> {
        Ok(Input {
            opts: self.text_options()?,
            sources: input::sources(&self.files)?,
        })
    }

    /// Every record of the input, for the commands that need them all before writing
    /// (`convert`, `render`), with the reading options.
    fn records(&self) -> anyhow::Result<(Vec<input::Record>, TextOptions)> {
        let Input { opts, sources } = self.open()?;
        let mut records = Vec::new();
        input::for_each_record(&sources, &opts, |rec| {
            records.push(rec);
            Ok(true)
        })?;
        Ok((records, opts))
    }

    fn text_options(&self) -> anyhow::Result<TextOptions> {
        let box_shape = match &self.box_shape {
            Some(b) => Some(satdoku::geometry::parse_box(b)?),
            None => None,
        };
        let symbols = match &self.symbols {
            Some(s) => Symbols::custom(s)?,
            None => Symbols::standard(),
        };
        let layout = match self.layout {
            LayoutArg::Auto => Layout::Auto,
            LayoutArg::Line => Layout::Line,
            LayoutArg::Block => Layout::Block,
        };
        let mut sudokupad = satdoku::format::sudokupad::Meanings {
            ignore_unmapped: self.ignore_unmapped,
            ..Default::default()
        };
        for spec in &self.line_rule {
            sudokupad.add_line_color(spec).map_err(anyhow::Error::msg)?;
        }
        for spec in &self.element {
            sudokupad.add_element(spec).map_err(anyhow::Error::msg)?;
        }
        let values = match &self.values {
            Some(v) => Some(satdoku::geometry::Values::parse(v)?),
            None => None,
        };
        let dims = match &self.grid {
            Some(g) => Some(grid_dims(g).map_err(anyhow::Error::msg)?),
            None => None,
        };
        Ok(TextOptions {
            box_shape,
            dims,
            symbols,
            values,
            chaos: self.chaos,
            layout,
            sudokupad,
        })
    }
}

/// How to run a batch and print its results.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Output format (default: pretty on a terminal, line otherwise).
    #[arg(long, short = 'f', value_enum)]
    format: Option<Format>,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, short = 'j', value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS))]
    threads: Option<u64>,
    #[command(flatten)]
    budget: TimeoutArg,
    /// No summary line on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Add per-puzzle figures (cells decided before search, SAT calls, CNF size, time) to
    /// JSON output.
    #[arg(long)]
    stats: bool,
}

/// `--timeout` and `--engine`, shared by every command that solves.
#[derive(Args, Debug, Clone, Copy)]
pub struct TimeoutArg {
    /// Time budget per puzzle in seconds (e.g. 1.5): a puzzle not finished by then gets the
    /// status `timeout`, the batch goes on, and the exit code is 5 (see the README).
    #[arg(long, value_name = "SECONDS", value_parser = timeout_arg)]
    timeout: Option<std::time::Duration>,
    #[command(flatten)]
    engine: EngineOpt,
}

/// `--engine` and `--sum-propagator`, on every command that solves. The values are the
/// library's own names (`EngineKind::name`, `Propagation::name`), so the two cannot drift.
#[derive(Args, Debug, Clone, Copy)]
pub struct EngineOpt {
    /// The SAT solver that searches: auto (per puzzle: cadical with the sum propagator when
    /// sum rules cover most of the grid or one sum is long, varisat otherwise), varisat
    /// (embedded, pure Rust) or cadical
    /// (CaDiCaL, built from its C++ source). Answers are the same; speed differs (README,
    /// "Engines").
    #[arg(long, value_name = "ENGINE", default_value_t = EngineKind::default(),
          value_parser = PossibleValuesParser::new(EngineKind::CHOICES.map(EngineKind::name))
              .try_map(|s| s.parse::<EngineKind>()))]
    engine: EngineKind,
    /// With --engine cadical (or auto where it picks cadical): how sum rules (killer cages, little killers, arrows, double
    /// arrows, region-sum and zipper lines, implied innie/outie sums) are split between
    /// satdoku's sum propagator and clauses. carry: the propagator, killer cages keeping
    /// their clauses too; carry-all: the propagator alone; both: propagator and clauses;
    /// off: clauses only. Answers are the same; speed differs.
    #[arg(long, value_name = "MODE", default_value_t = Propagation::default(),
          value_parser = PossibleValuesParser::new(Propagation::ALL.map(Propagation::name))
              .try_map(|s| s.parse::<Propagation>()))]
    sum_propagator: Propagation,
    /// With --engine cadical (or auto where it picks cadical), on a chaos construction or a
    /// puzzle with connected-values rules: how connectivity (the regions', the connected
    /// values') is split between satdoku's connectivity propagators and the reachability
    /// clauses. carry and carry-all: the propagators alone; both: propagators and clauses;
    /// off: clauses only. Answers are the same; speed differs.
    #[arg(long, value_name = "MODE", default_value_t = Propagation::default(),
          value_parser = PossibleValuesParser::new(Propagation::ALL.map(Propagation::name))
              .try_map(|s| s.parse::<Propagation>()))]
    chaos_propagator: Propagation,
    /// With --engine cadical (or auto where it picks cadical), on a puzzle with skyscraper
    /// clues: how each clue's line is split between satdoku's diagram propagator (keeping
    /// the line's digits consistent with the clue at every step, as ISS does) and the
    /// clue's clauses. carry and carry-all: the propagator alone; both: propagator and
    /// clauses; off: clauses only. Answers are the same; speed differs.
    #[arg(long, value_name = "MODE", default_value_t = Propagation::default(),
          value_parser = PossibleValuesParser::new(Propagation::ALL.map(Propagation::name))
              .try_map(|s| s.parse::<Propagation>()))]
    diagram_propagator: Propagation,
}

impl EngineOpt {
    /// The chosen engine, without a time limit.
    pub fn engine(&self) -> Engine {
        Engine::new(self.engine)
            .with_propagation(self.sum_propagator)
            .with_chaos(self.chaos_propagator)
            .with_diagrams(self.diagram_propagator)
    }
}

impl TimeoutArg {
    /// Whether a budget was asked for.
    pub fn is_set(&self) -> bool {
        self.timeout.is_some()
    }

    /// A fresh budget for one puzzle, starting now.
    pub fn budget(&self) -> satdoku::solve::Budget {
        satdoku::solve::Budget::from_option(self.timeout)
    }

    /// The chosen engine with a fresh budget for one puzzle, starting now.
    pub fn engine(&self) -> Engine {
        self.engine.engine().with_budget(self.budget())
    }
}

/// Reads a `--timeout` value: a positive number of seconds up to [`MAX_TIMEOUT`].
fn timeout_arg(text: &str) -> Result<std::time::Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= MAX_TIMEOUT => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err(format!(
            "expected a number of seconds greater than 0 and at most {MAX_TIMEOUT}"
        )),
    }
}

/// Output formats.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Boxed grids for people.
    Pretty,
    /// One line per puzzle.
    Line,
    /// One JSON object per puzzle per line.
    Json,
}

impl RunArgs {
    /// The chosen engine, unlimited (certificates and minimality run without a budget).
    pub fn engine(&self) -> Engine {
        self.budget.engine.engine()
    }

    fn format(&self) -> Format {
        use std::io::IsTerminal;
        self.format.unwrap_or(if std::io::stdout().is_terminal() {
            Format::Pretty
        } else {
            Format::Line
        })
    }
}

/// Parses the command line and runs the command.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Solve { input, run, unique } => {
            batch::run(&input, &run, report::Task::Solve { unique })?
        }
        Command::Check { run, extra, .. } if extra.any() && run.budget.is_set() => {
            // Certificates and minimality run without a budget: say so rather than ignore it.
            use clap::CommandFactory;
            Cli::command()
                .error(
                    clap::error::ErrorKind::ArgumentConflict,
                    "--timeout cannot be used with --proof, --minimal or --redundant",
                )
                .exit()
        }
        Command::Check { input, run, extra } if extra.any() => certify::run(&input, &run, &extra)?,
        Command::Check { input, run, .. } => batch::run(&input, &run, report::Task::Check)?,
        Command::Count {
            input,
            run,
            limit,
            all,
        } => batch::run(
            &input,
            &run,
            report::Task::Count {
                limit: limit as usize,
                all,
            },
        )?,
        Command::Dimacs(args) => dimacs::export(&args)?,
        Command::Decode(args) => dimacs::decode(&args)?,
        Command::Candidates(args) => candidates::run(&args)?,
        Command::Generate(args) => generate::run(&args)?,
        Command::Convert(args) => convert::run(&args)?,
        Command::Render(args) => render::run(&args)?,
        Command::Completions(args) => shell::completions(&args)?,
        Command::Manpage(args) => shell::manpage(&args)?,
    };
    Ok(ExitCode::from(code))
}

/// Checks a `--line-rule` value when the command line is read.
fn line_rule_arg(text: &str) -> Result<String, String> {
    satdoku::format::sudokupad::Meanings::default()
        .add_line_color(text)
        .map(|()| text.to_string())
}

/// Checks an `--element` value when the command line is read.
fn element_arg(text: &str) -> Result<String, String> {
    satdoku::format::sudokupad::Meanings::default()
        .add_element(text)
        .map(|()| text.to_string())
}

/// Checks a `--box` value when the command line is read, so a malformed one is a usage error.
fn box_arg(text: &str) -> Result<String, String> {
    satdoku::geometry::parse_box(text)
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

/// `RxC` as (rows, columns), each 1..=64 and the longer at least 4.
fn grid_dims(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = satdoku::geometry::parse_rxc(text)
        .ok_or_else(|| format!("--grid {text:?}: expected ROWSxCOLS, e.g. 6x8"))?;
    satdoku::geometry::check_dims(r, c).map_err(|e| format!("--grid {text}: {e}"))?;
    if r.max(c) < satdoku::format::MIN_SIZE {
        return Err(format!(
            "--grid {text}: the longer side must be at least {}",
            satdoku::format::MIN_SIZE
        ));
    }
    Ok((r, c))
}

fn grid_arg(text: &str) -> Result<String, String> {
    grid_dims(text).map(|_| text.to_string())
}

fn values_arg(text: &str) -> Result<String, String> {
    satdoku::geometry::Values::parse(text)
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

/// Whether an I/O error is a closed pipe (`satdoku … | head`), which ends output quietly.
/// serde_json's errors hide the I/O error from the source chain, so they are asked directly.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    use std::io::ErrorKind::BrokenPipe;
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .is_some_and(|j| j.io_error_kind() == Some(BrokenPipe))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }
}
