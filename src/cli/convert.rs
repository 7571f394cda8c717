//! `satdoku convert`: between the native JSON format, f-puzzles (JSON, lz-string payload or
//! URL), SudokuPad links (f-puzzles or SCL inside) and classic text lines.

use super::{exit, InputArgs};
use clap::{Args, ValueEnum};
use satdoku::format::json::{self as native, Document};
use satdoku::format::text::{Line, Symbols};
use satdoku::format::{fpuzzles, sudokupad};
use std::io::Write;

/// Options of `satdoku convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    #[command(flatten)]
    input: InputArgs,
    /// What to write: native JSON (pretty for one puzzle, one line each for several),
    /// f-puzzles JSON (one line each), a SudokuPad link (sudokupad: the f-puzzles JSON
    /// inside; scl: SudokuPad's own drawings), or a classic text line (classic puzzles only).
    #[arg(long, value_enum, default_value_t = Target::Native)]
    to: Target,
    /// With --to fpuzzles: write the lz-string payload instead of the JSON.
    #[arg(long, conflicts_with = "url")]
    lz: bool,
    /// With --to fpuzzles: write an https://www.f-puzzles.com/?load=… URL.
    #[arg(long)]
    url: bool,
    /// Refuse (exit 1) a puzzle the target format cannot carry whole, instead of writing it
    /// with a warning on stderr for each part that is lost.
    #[arg(long)]
    strict: bool,
}

/// Output formats of `convert`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// satdoku's native JSON (docs/FORMAT.md).
    Native,
    /// f-puzzles JSON.
    Fpuzzles,
    /// A SudokuPad link carrying f-puzzles JSON: https://sudokupad.app/fpuzzles…
    Sudokupad,
    /// A SudokuPad link carrying SCL, SudokuPad's own format: https://sudokupad.app/scl…
    Scl,
    /// One text line (classic puzzles).
    Text,
}

/// Runs `convert`; returns the exit code (1 when some puzzle could not be converted).
pub fn run(args: &ConvertArgs) -> anyhow::Result<u8> {
    anyhow::ensure!(
        args.to == Target::Fpuzzles || !(args.lz || args.url),
        "--lz and --url need --to fpuzzles"
    );
    let (records, _) = args.input.records()?;
    let several = records.len() > 1;
    let mut out = std::io::stdout().lock();
    let mut code = exit::SUCCESS;
    for rec in records {
        let loc = rec.location();
        let text = match rec.puzzle {
            Err(e) => Err(e.to_string()),
            Ok(puzzle) => {
                let doc = Document {
                    puzzle,
                    meta: rec.meta,
                    solution: rec.expected,
                };
                write_one(&doc, args, several, &loc)
            }
        };
        match text {
            Ok(t) => writeln!(out, "{}", t.trim_end())?,
            Err(e) => {
                eprintln!("satdoku: {loc}: {e}");
                code = exit::ERROR;
            }
        }
    }
    Ok(code)
}

fn write_one(
    doc: &Document,
    args: &ConvertArgs,
    several: bool,
    loc: &str,
) -> Result<String, String> {
    let shape = doc.puzzle.shape();
    if !shape.is_square() && args.to != Target::Native {
        // f-puzzles and SudokuPad links state a side N; a text line is read as N×N
        return Err(format!(
            "is a rectangular grid ({0}x{1}, rows x columns); f-puzzles and SudokuPad carry \
             square grids only, and a text line does not say its shape (use --to native; text \
             is read as {0}x{1} with --grid {0}x{1})",
            shape.rows(),
            shape.cols()
        ));
    }
    if shape.is_raw() && args.to != Target::Native {
        // rows and columns that may repeat would be read back as sudoku rows: another puzzle
        return Err(
            "is a raw grid (no rows, columns or regions that differ); f-puzzles, SudokuPad and text lines cannot say so (use --to native)"
                .into(),
        );
    }
    if !shape.has_standard_values()
        && matches!(args.to, Target::Fpuzzles | Target::Sudokupad | Target::Scl)
    {
        // the digits would be read back as 1..N: another puzzle, not a lossy copy
        return Err(format!(
            "holds the values {}; f-puzzles and SudokuPad carry digits 1..N only (use --to native)",
            shape.values()
        ));
    }
    if shape.is_chaos() && args.to != Target::Native {
        // the regions to find would be lost: another puzzle, not a lossy copy
        return Err(
            "is a chaos construction (regions to find); f-puzzles, SudokuPad and text lines cannot say so (use --to native)"
                .into(),
        );
    }
    match args.to {
        Target::Native if several => native::to_string_line(doc).map_err(|e| e.to_string()),
        Target::Native => native::to_string_pretty(doc).map_err(|e| e.to_string()),
        Target::Scl => {
            let sudokupad::Written { value, losses } = sudokupad::scl_from_document(doc);
            if args.strict && !losses.is_empty() {
                return Err(format!(
                    "an SCL link cannot carry this puzzle whole (--strict): {}",
                    losses.join("; ")
                ));
            }
            for l in &losses {
                eprintln!("satdoku: {loc}: warning: not in the SCL link: {l}");
            }
            Ok(sudokupad::scl_link(&value))
        }
        Target::Fpuzzles | Target::Sudokupad => {
            let fpuzzles::Export { value: v, losses } = fpuzzles::export(doc);
            let what = match args.to {
                Target::Sudokupad => "SudokuPad link",
                _ => "f-puzzles export",
            };
            if args.strict && !losses.is_empty() {
                return Err(format!(
                    "f-puzzles cannot carry this puzzle whole (--strict): {}",
                    losses.join("; ")
                ));
            }
            for l in &losses {
                eprintln!("satdoku: {loc}: warning: not in the {what}: {l}");
            }
            Ok(if args.to == Target::Sudokupad {
                format!("https://sudokupad.app/fpuzzles{}", fpuzzles::compress(&v))
            } else if args.url {
                format!("https://www.f-puzzles.com/?load={}", fpuzzles::compress(&v))
            } else if args.lz {
                fpuzzles::compress(&v)
            } else {
                v.to_string()
            })
        }
        Target::Text => {
            if doc.puzzle.is_classic() {
                Ok(Line::new(doc.puzzle.givens(), &Symbols::standard()).to_string())
            } else if doc.puzzle.shape().extra() > 0 {
                Err(format!(
                    "has {} extra cells (outside the grid); a text line cannot hold them (use --to native)",
                    doc.puzzle.shape().extra()
                ))
            } else if !doc.puzzle.shape().has_standard_values() {
                Err(format!(
                    "holds the values {}; a text line does not say so (use --to native, or read the line back with --values {})",
                    doc.puzzle.shape().values(),
                    doc.puzzle.shape().values()
                ))
            } else {
                Err(format!(
                    "has variant rules or irregular regions ({} constraints); a text line cannot hold them (use --to native)",
                    doc.puzzle.constraints().len()
                ))
            }
        }
    }
}
