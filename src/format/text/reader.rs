//! The record reader: lines to puzzles (line, block and CSV layouts), with every problem
//! located by line and column.

use super::cells::fill_grid;
use super::tokens::{square_root, strip_comment, tokenize, Row, Token};
use super::{Layout, TextOptions, MAX_LINE};
use crate::error::{Error, ParseError};
use crate::format::lines::read_bounded_line;
use crate::geometry::{Shape, MAX_SIZE};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use std::collections::VecDeque;
use std::io::BufRead;

/// One puzzle read from text, or the error that stopped it.
#[derive(Debug)]
pub struct TextRecord {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle, or what is wrong with it (located).
    pub puzzle: Result<Puzzle, Error>,
    /// An expected solution given beside the puzzle (CSV second column).
    pub expected: Option<Grid>,
}

/// Reads puzzles from text, one record at a time, in bounded memory.
pub struct TextReader<R: BufRead> {
    input: R,
    opts: TextOptions,
    line_no: usize,
    pending: VecDeque<Result<Row, ParseError>>,
    csv: Option<bool>,
    eof: bool,
    buf: Vec<u8>,
}

impl<R: BufRead> TextReader<R> {
    /// A reader over `input`.
    pub fn new(input: R, mut opts: TextOptions) -> TextReader<R> {
        if let Some(v) = opts.values {
            // digits are read (and empty cells told apart) as values
            opts.symbols = opts.symbols.with_values(v);
        }
        TextReader {
            input,
            opts,
            line_no: 0,
            pending: VecDeque::new(),
            csv: None,
            eof: false,
            buf: Vec::new(),
        }
    }

    /// Reads one physical line into `self.buf` (without the newline), at most MAX_LINE bytes.
    /// Returns `Ok(false)` at end of input, `Err` for an over-long line (skipped).
    fn read_line(&mut self) -> std::io::Result<Result<bool, ParseError>> {
        let Some(too_long) = read_bounded_line(&mut self.input, MAX_LINE, &mut self.buf)? else {
            return Ok(Ok(false));
        };
        self.line_no += 1;
        if too_long {
            return Ok(Err(ParseError::new(
                self.line_no,
                None,
                format!("line is longer than {MAX_LINE} bytes; not a puzzle (skipped)"),
            )));
        }
        Ok(Ok(true))
    }

    /// Reads the next content row into `pending`; false at end of input.
    fn fill(&mut self) -> std::io::Result<bool> {
        loop {
            match self.read_line()? {
                Ok(false) => {
                    self.eof = true;
                    return Ok(false);
                }
                Err(e) => {
                    self.pending.push_back(Err(e));
                    return Ok(true);
                }
                Ok(true) => {}
            }
            let line_no = self.line_no;
            let text = match std::str::from_utf8(&self.buf) {
                Ok(t) => t.to_string(),
                Err(e) => {
                    let col = String::from_utf8_lossy(&self.buf[..e.valid_up_to()])
                        .chars()
                        .count()
                        + 1;
                    let msg = if self.buf.contains(&0) {
                        "binary data, not puzzle text"
                    } else {
                        "not valid UTF-8 text"
                    };
                    self.pending
                        .push_back(Err(ParseError::new(line_no, Some(col), msg)));
                    return Ok(true);
                }
            };
            if self.csv.is_none() {
                self.csv = Some(is_csv_header(&text));
                if self.csv == Some(true) {
                    continue;
                }
            }
            let content = strip_comment(&text, &self.opts.symbols);
            if content.trim().is_empty() {
                // Blank line: ends a block grid.
                self.pending.push_back(Ok(Row {
                    line: line_no,
                    tokens: Vec::new(),
                    separator: false,
                }));
                return Ok(true);
            }
            if self.csv == Some(true) {
                self.pending.push_back(Ok(Row {
                    line: line_no,
                    tokens: vec![Token::word(content, 1)],
                    separator: false,
                }));
                return Ok(true);
            }
            let row = tokenize(line_no, content, &self.opts.symbols);
            self.pending.push_back(row);
            return Ok(true);
        }
    }

    fn peek(&mut self, k: usize) -> std::io::Result<Option<&Result<Row, ParseError>>> {
        while self.pending.len() <= k && !self.eof {
            self.fill()?;
        }
        Ok(self.pending.get(k))
    }

    fn next_record(&mut self) -> std::io::Result<Option<TextRecord>> {
        loop {
            if self.peek(0)?.is_none() {
                return Ok(None);
            }
            let first = self.pending.pop_front().expect("peeked");
            let row = match first {
                Err(e) => {
                    return Ok(Some(TextRecord {
                        line: e.line,
                        puzzle: Err(e.into()),
                        expected: None,
                    }));
                }
                Ok(r) => r,
            };
            if row.tokens.is_empty() || row.separator && !self.could_be_line_puzzle(&row) {
                continue;
            }
            if self.csv == Some(true) {
                return Ok(Some(self.csv_record(row)));
            }
            let k = row.tokens.len();
            let as_line = match (self.opts.layout, self.opts.dims) {
                (Layout::Line, _) => true,
                (Layout::Block, _) => false,
                // with --grid the cell count says it: R·C cells a line, anything else a row
                (Layout::Auto, Some((r, c))) => k == r * c && r > 1,
                (Layout::Auto, None) => self.prefers_line(&row)?,
            };
            if as_line {
                let line = row.line;
                return Ok(Some(TextRecord {
                    line,
                    puzzle: build(line, &[row], k, &self.opts),
                    expected: None,
                }));
            }
            self.pending.push_front(Ok(row));
            return self.block_record().map(Some);
        }
    }

    fn could_be_line_puzzle(&self, row: &Row) -> bool {
        // A line of dashes only is an empty puzzle when it has a puzzle's cell count.
        let k = row.tokens.len();
        row.tokens.iter().all(Token::is_dash)
            && match self.opts.dims {
                Some((r, c)) => k == r * c,
                None => square_root(k).is_some(),
            }
    }

    /// Whether `row` (the next content row) is a whole puzzle rather than a block grid row.
    fn prefers_line(&mut self, row: &Row) -> std::io::Result<bool> {
        let k = row.tokens.len();
        match square_root(k) {
            // Not n² cells, or too few for a grid of side 4: a block row (or an error there).
            None => return Ok(false),
            Some(root) if root < 4 => return Ok(false),
            // Too many cells for a block row: a whole puzzle.
            Some(_) if k > MAX_SIZE => return Ok(true),
            Some(_) => {}
        }
        // Ambiguous (16, 25, 36, 49, 64 cells): a block grid if the next k-1 rows all have
        // k cells. (`row` has been taken off the queue: the next rows start at 0.)
        for i in 0..k - 1 {
            match self.peek(i)? {
                Some(Ok(r)) if r.separator => {}
                Some(Ok(r)) if r.tokens.len() == k => {}
                _ => return Ok(true),
            }
        }
        Ok(false)
    }

    /// A block grid: rows of the first row's width, as many as it has cells (a square), or
    /// R rows of C cells with `--grid RxC`. A row of another width, or too few rows, is this
    /// grid's error, reported once.
    fn block_record(&mut self) -> std::io::Result<TextRecord> {
        let first = match self.pending.pop_front() {
            Some(Ok(r)) => r,
            _ => unreachable!("block_record starts on a content row"),
        };
        let width = first.tokens.len();
        let start = first.line;
        let error = |line: usize, msg: String| TextRecord {
            line: start,
            puzzle: Err(ParseError::new(line, None, msg).into()),
            expected: None,
        };
        let dims = self.opts.dims;
        let (want, cols) = match dims {
            Some((r, c)) if width != c => {
                return Ok(error(
                    start,
                    format!(
                        "{width} cells in this row; with --grid {r}x{c} a puzzle is a line of {} \
                         cells or {r} rows of {c}",
                        r * c
                    ),
                ))
            }
            Some(rc) => rc,
            None if crate::format::check_size(width).is_err() => {
                return Ok(error(
                    start,
                    format!(
                        "{width} cells is not a puzzle: a line needs n² cells (16 for 4x4, 81 \
                         for 9x9), a block grid row n cells (n = 4..={MAX_SIZE})"
                    ),
                ))
            }
            None => (width, width),
        };
        let named = dims.map_or(String::new(), |(r, c)| format!(" (--grid {r}x{c})"));
        // A row that is a whole puzzle line (n² cells, n ≥ 4, wider than this grid; R·C
        // cells with --grid) ends the grid and is read again, never swallowed as a row.
        let whole = |k: usize| match dims {
            Some((r, c)) => k == r * c,
            None => k > cols && square_root(k).is_some_and(|r| r >= 4),
        };
        let mut rows = vec![first];
        while rows.len() < want {
            let next = self.peek(0)?.cloned();
            match next {
                Some(Ok(r)) if r.separator => {
                    self.pending.pop_front();
                }
                Some(Ok(r)) if !r.tokens.is_empty() && r.tokens.len() == cols => {
                    self.pending.pop_front();
                    rows.push(r);
                }
                Some(Ok(r)) if !r.tokens.is_empty() && !whole(r.tokens.len()) => {
                    // A row of the wrong width: the grid is reported once, and its remaining
                    // rows are consumed so the next grid starts in the right place.
                    let bad = (r.line, r.tokens.len());
                    let mut taken = rows.len();
                    while taken < want {
                        match self.peek(0)? {
                            Some(Ok(r)) if r.separator => {}
                            Some(Ok(r)) if !r.tokens.is_empty() && !whole(r.tokens.len()) => {
                                taken += 1
                            }
                            _ => break,
                        }
                        self.pending.pop_front();
                    }
                    return Ok(error(
                        bad.0,
                        format!(
                            "{} cells in this row of the block grid begun at line {start}; \
                             expected {cols}{named}",
                            bad.1
                        ),
                    ));
                }
                _ => {
                    let end = rows.last().map_or(start, |r| r.line);
                    let why = match dims {
                        Some(_) => named.trim_start().to_string(),
                        None if rows.len() >= 2 => format!(
                            "(a single-line puzzle needs n² cells; a {0}x{cols} rectangle is \
                             read with --grid {0}x{cols})",
                            rows.len()
                        ),
                        None => "(a single-line puzzle needs n² cells)".to_string(),
                    };
                    return Ok(error(
                        start,
                        format!(
                            "block grid of {cols}-cell rows ends after {} rows at line {end}; \
                             expected {want} rows {why}",
                            rows.len()
                        ),
                    ));
                }
            }
        }
        Ok(TextRecord {
            line: start,
            puzzle: build(start, &rows, want * cols, &self.opts),
            expected: None,
        })
    }

    fn csv_record(&self, row: Row) -> TextRecord {
        let text = row.tokens[0].text();
        let mut fields = text.split(',');
        let quiz = fields.next().unwrap_or("").trim();
        let sol = fields.next().map(str::trim);
        let parse_field = |field: &str, col: usize| -> Result<Puzzle, Error> {
            let row = tokenize(row.line, field, &self.opts.symbols)?;
            let mut row = row;
            for t in &mut row.tokens {
                t.column += col - 1;
            }
            let k = row.tokens.len();
            build(row.line, &[row], k, &self.opts)
        };
        let puzzle = parse_field(quiz, 1);
        let expected = match sol {
            Some(s) if !s.is_empty() => match parse_field(s, quiz.len() + 2) {
                Ok(p) => Some(p.givens().clone()),
                Err(e) => {
                    let e = match e {
                        Error::Parse(mut p) => {
                            p.message = format!("solution column: {}", p.message);
                            Error::Parse(p)
                        }
                        e => Error::Input(format!("solution column: {e}")),
                    };
                    return TextRecord {
                        line: row.line,
                        puzzle: Err(e),
                        expected: None,
                    };
                }
            },
            _ => None,
        };
        TextRecord {
            line: row.line,
            puzzle,
            expected,
        }
    }
}

impl<R: BufRead> Iterator for TextReader<R> {
    type Item = Result<TextRecord, std::io::Error>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

pub(super) fn is_csv_header(text: &str) -> bool {
    let t = text.trim().to_ascii_lowercase();
    t.contains(',')
        && t.split(',').all(|f| {
            !f.trim().is_empty()
                && f.trim()
                    .chars()
                    .all(|c| c.is_ascii_alphabetic() || c == '_')
        })
        && (t.starts_with("quiz") || t.starts_with("puzzle"))
}

/// Builds a puzzle from rows whose tokens add up to `cells`.
pub(super) fn build(
    line: usize,
    rows: &[Row],
    cells: usize,
    opts: &TextOptions,
) -> Result<Puzzle, Error> {
    if let Some((r, c)) = opts.dims.filter(|&(r, c)| r != c) {
        return build_rect(line, rows, cells, (r, c), opts);
    }
    let Some(n) = square_root(cells).filter(|&n| n >= 1) else {
        return Err(ParseError::new(
            line,
            None,
            format!(
                "{cells} cells is not a square grid: a puzzle line needs n² cells \
                 (16 for 4x4, 81 for 9x9, 256 for 16x16)"
            ),
        )
        .into());
    };
    if crate::format::check_size(n).is_err() {
        return Err(ParseError::new(
            line,
            None,
            format!(
                "{cells} cells would be a {n}x{n} grid; sizes 4..={MAX_SIZE} are read from text"
            ),
        )
        .into());
    }
    let shape = match opts.box_shape {
        Some((r, c)) if r * c != n => {
            return Err(ParseError::new(
                line,
                None,
                format!(
                "--box {r}x{c} is for {0}x{0} grids, but this puzzle has {cells} cells ({n}x{n})",
                r * c
            ),
            )
            .into())
        }
        Some((r, c)) => Shape::with_box(n, r, c)?,
        // chaos construction without --box: the found regions are the only regions
        None if opts.chaos => Shape::with_regions(n, vec![None; n * n])?,
        None => Shape::new(n)?,
    };
    let shape = values_and_chaos(line, shape, opts)?;
    let grid = fill_grid(n, rows, &opts.symbols, 0)?;
    Puzzle::classic(shape, grid)
}

/// `shape` with the values of `--values` and the chaos construction of `--chaos`, if given;
/// refusals name the option and the line.
fn values_and_chaos(line: usize, shape: Shape, opts: &TextOptions) -> Result<Shape, Error> {
    let shape = match opts.values {
        Some(v) => shape
            .with_values(v)
            .map_err(|e| ParseError::new(line, None, format!("--values: {e}")))?,
        None => shape,
    };
    Ok(if opts.chaos {
        shape
            .with_chaos()
            .map_err(|e| ParseError::new(line, None, format!("--chaos: {e}")))?
    } else {
        shape
    })
}

/// [`build`] for an R×C rectangle (`--grid RxC`, R ≠ C): boxes from `--box` or the
/// rectangle's default ([`Shape::rect`]), values from `--values` or 1..max(R, C).
fn build_rect(
    line: usize,
    rows: &[Row],
    cells: usize,
    (r, c): (usize, usize),
    opts: &TextOptions,
) -> Result<Puzzle, Error> {
    let at = |e: Error| -> Error { ParseError::new(line, None, e.to_string()).into() };
    if cells != r * c {
        return Err(ParseError::new(
            line,
            None,
            format!("{cells} cells, but --grid {r}x{c} needs {}", r * c),
        )
        .into());
    }
    let shape = match opts.box_shape {
        Some((br, bc)) => Shape::rect_with_box(r, c, br, bc).map_err(at)?,
        // chaos construction without --box: the found regions are the only regions
        None if opts.chaos => Shape::rect_with_regions(r, c, vec![None; r * c]).map_err(at)?,
        None => Shape::rect(r, c).map_err(at)?,
    };
    let shape = values_and_chaos(line, shape, opts)?;
    let grid = super::cells::fill_grid_dims((r, c), r.max(c), rows, &opts.symbols, 0)?;
    Puzzle::classic(shape, grid)
}
