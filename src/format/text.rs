//! Plain-text puzzles: one puzzle per line, block grids, Kaggle-style CSV.
//!
//! Reading is lenient where formats differ and strict where a mistake would change the
//! puzzle: the size comes from the cell count (never padded or truncated), `#` comments are
//! never read as clues, and every problem names its line and column.
//!
//! - A line with N² cells is one puzzle; empty cells are `.` `0` `-` `_` `*` `x`.
//! - N consecutive lines of N cells are a block grid; `|`, `+`, spaces and lines of `-`/`=`
//!   are separators. Consecutive grids need no blank line between them.
//! - Digits are `1-9` then `A-Z` (case-insensitive, so 16×16 uses `1-9A-G`); numbers
//!   separated by spaces or commas (`16 . 3 12 …`) also work; `--symbols` names another
//!   alphabet, where `.` is the only empty cell.
//! - A first line like `quizzes,solutions` makes the file CSV: column 1 is the puzzle,
//!   column 2 (optional) the expected solution.

use crate::error::{Error, ParseError};
use crate::geometry::{Digit, Shape, MAX_SIZE};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use std::collections::VecDeque;
use std::fmt;
use std::io::BufRead;

/// Longest line read as text; a longer one is skipped (in bounded memory) with an error.
pub const MAX_LINE: usize = 1 << 16;

/// Default alphabet for N > 9: `1-9` then `A-Z`.
const DEFAULT_ALPHABET: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const EMPTY: &[char] = &['.', '0', '-', '_', '*', 'x'];

/// How digits are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbols {
    alphabet: Option<Vec<char>>,
}

impl Symbols {
    /// The default: `1-9`, then `A-Z`; numbers for sizes beyond 35.
    pub fn standard() -> Symbols {
        Symbols { alphabet: None }
    }
    /// A custom alphabet: its i-th character is digit i+1; `.` is the empty cell.
    pub fn custom(alphabet: &str) -> Result<Symbols, Error> {
        let chars: Vec<char> = alphabet.chars().collect();
        let bad = |m: String| Error::Input(format!("--symbols {alphabet:?}: {m}"));
        if chars.is_empty() || chars.len() > MAX_SIZE {
            return Err(bad(format!("needs 1 to {MAX_SIZE} characters")));
        }
        for (i, c) in chars.iter().enumerate() {
            if c.is_whitespace() || matches!(c, '.' | '|' | ',' | '#') {
                return Err(bad(format!("{c:?} cannot be a digit symbol")));
            }
            if chars[..i].contains(c) {
                return Err(bad(format!("{c:?} appears twice")));
            }
        }
        Ok(Symbols {
            alphabet: Some(chars),
        })
    }
    fn is_custom(&self) -> bool {
        self.alphabet.is_some()
    }
    fn is_empty_char(&self, c: char) -> bool {
        match &self.alphabet {
            Some(_) => c == '.',
            None => EMPTY.contains(&c),
        }
    }
    /// The value a character names (1-based), before range checks.
    fn value_of(&self, c: char) -> Option<usize> {
        match &self.alphabet {
            Some(a) => a.iter().position(|&x| x == c).map(|i| i + 1),
            None => DEFAULT_ALPHABET
                .find(c.to_ascii_uppercase())
                .filter(|_| c.is_ascii())
                .map(|i| i + 1),
        }
    }
    /// Whether digits of an `n`×`n` grid print as one character each.
    pub fn single_char(&self, n: usize) -> bool {
        match &self.alphabet {
            Some(a) => a.len() >= n,
            None => n <= DEFAULT_ALPHABET.len(),
        }
    }
    /// The written form of `d`.
    pub fn symbol(&self, d: Digit, n: usize) -> String {
        match &self.alphabet {
            Some(a) if d.index() < a.len() => a[d.index()].to_string(),
            None if self.single_char(n) => DEFAULT_ALPHABET[d.index()..=d.index()].to_string(),
            _ => d.get().to_string(),
        }
    }
}

impl Default for Symbols {
    fn default() -> Symbols {
        Symbols::standard()
    }
}

/// How lines are grouped into puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Decide per line (see the module docs).
    #[default]
    Auto,
    /// Every content line is a whole puzzle.
    Line,
    /// Lines are rows of block grids.
    Block,
}

/// Options for reading text puzzles.
#[derive(Clone, Debug, Default)]
pub struct TextOptions {
    /// Box shape `(rows, cols)`; `None` for the default of the size.
    pub box_shape: Option<(usize, usize)>,
    /// Digit symbols.
    pub symbols: Symbols,
    /// Line or block grouping.
    pub layout: Layout,
}

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

/// A cell token with its 1-based column: one character, or a whole word (numbers mode, CSV).
#[derive(Clone, Debug)]
struct Token {
    ch: char,
    word: Option<Box<str>>,
    column: usize,
}

impl Token {
    fn char(ch: char, column: usize) -> Token {
        Token {
            ch,
            word: None,
            column,
        }
    }
    fn word(text: &str, column: usize) -> Token {
        Token {
            ch: text.chars().next().unwrap_or('.'),
            word: Some(text.into()),
            column,
        }
    }
    fn is_dash(&self) -> bool {
        self.ch == '-' && self.word.as_deref().is_none_or(|w| w == "-")
    }
    fn text(&self) -> String {
        match &self.word {
            Some(w) => w.to_string(),
            None => self.ch.to_string(),
        }
    }
}

/// A content line split into cell tokens.
#[derive(Clone, Debug)]
struct Row {
    line: usize,
    tokens: Vec<Token>,
    separator: bool,
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
    pub fn new(input: R, opts: TextOptions) -> TextReader<R> {
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
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = self.input.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if self.buf.len() + take > MAX_LINE {
                    too_long = true;
                    self.buf.clear();
                } else {
                    self.buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.input.consume(if done { take + 1 } else { take });
            if done {
                break;
            }
        }
        if !any {
            return Ok(Ok(false));
        }
        self.line_no += 1;
        if too_long {
            return Ok(Err(ParseError::new(
                self.line_no,
                None,
                format!("line is longer than {MAX_LINE} bytes; not a puzzle (skipped)"),
            )));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
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
            let as_line = match self.opts.layout {
                Layout::Line => true,
                Layout::Block => false,
                Layout::Auto => self.prefers_line(&row)?,
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
        row.tokens.iter().all(Token::is_dash) && square_root(row.tokens.len()).is_some()
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

    fn block_record(&mut self) -> std::io::Result<TextRecord> {
        let first = match self.pending.pop_front() {
            Some(Ok(r)) => r,
            _ => unreachable!("block_record starts on a content row"),
        };
        let n = first.tokens.len();
        let start = first.line;
        if super::check_size(n).is_err() {
            let msg = format!(
                "{n} cells is not a puzzle: a line needs n² cells (16 for 4x4, 81 for 9x9), \
                 a block grid row n cells (n = 4..={MAX_SIZE})"
            );
            return Ok(TextRecord {
                line: start,
                puzzle: Err(ParseError::new(start, None, msg).into()),
                expected: None,
            });
        }
        // A row of n² cells (n ≥ 4) wider than this grid is a puzzle line of its own: it
        // ends the grid and is read again, never swallowed as one of the grid's rows.
        let whole = |k: usize| k > n && square_root(k).is_some_and(|r| r >= 4);
        let mut rows = vec![first];
        while rows.len() < n {
            let next = self.peek(0)?.cloned();
            match next {
                Some(Ok(r)) if r.separator => {
                    self.pending.pop_front();
                }
                Some(Ok(r)) if !r.tokens.is_empty() && r.tokens.len() == n => {
                    self.pending.pop_front();
                    rows.push(r);
                }
                Some(Ok(r)) if !r.tokens.is_empty() && !whole(r.tokens.len()) => {
                    // A row of the wrong width: the grid is reported once, and its remaining
                    // rows are consumed so the next grid starts in the right place.
                    let bad = (r.line, r.tokens.len());
                    let mut taken = rows.len();
                    while taken < n {
                        match self.peek(0)? {
                            Some(Ok(r)) if r.separator => {}
                            Some(Ok(r)) if !r.tokens.is_empty() && !whole(r.tokens.len()) => {
                                taken += 1
                            }
                            _ => break,
                        }
                        self.pending.pop_front();
                    }
                    return Ok(TextRecord {
                        line: start,
                        puzzle: Err(ParseError::new(
                            bad.0,
                            None,
                            format!(
                                "{} cells in this row of the block grid begun at line {start}; \
                                 expected {n}",
                                bad.1
                            ),
                        )
                        .into()),
                        expected: None,
                    });
                }
                _ => {
                    let end = rows.last().map_or(start, |r| r.line);
                    let msg = format!(
                        "block grid of {n}-cell rows ends after {} rows at line {end}; \
                         expected {n} rows (a single-line puzzle needs n² cells)",
                        rows.len()
                    );
                    return Ok(TextRecord {
                        line: start,
                        puzzle: Err(ParseError::new(start, None, msg).into()),
                        expected: None,
                    });
                }
            }
        }
        Ok(TextRecord {
            line: start,
            puzzle: build(start, &rows, n * n, &self.opts),
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

fn is_csv_header(text: &str) -> bool {
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

/// Removes a `#` comment (unless `#` is a digit symbol).
fn strip_comment<'t>(text: &'t str, _symbols: &Symbols) -> &'t str {
    match text.find('#') {
        Some(i) => &text[..i],
        None => text,
    }
}

/// The integer square root of `k` when `k` is a perfect square.
fn square_root(k: usize) -> Option<usize> {
    let r = (k as f64).sqrt().round() as usize;
    (r * r == k).then_some(r)
}

/// Splits a content line into cell tokens. Whitespace, `|`, `+` and commas separate; a line
/// whose tokens include multi-digit numbers is read one token per cell.
fn tokenize(line: usize, text: &str, symbols: &Symbols) -> Result<Row, ParseError> {
    let is_sep = |c: char| c.is_whitespace() || matches!(c, '|' | '+' | ',');
    let separator = text
        .chars()
        .all(|c| is_sep(c) || matches!(c, '-' | '=' | ':'));
    // Whitespace/comma-separated tokens, with their columns.
    let mut words: Vec<Token> = Vec::new();
    let mut cur = String::new();
    let mut cur_col = 0;
    for (i, c) in text.chars().enumerate() {
        if is_sep(c) {
            if !cur.is_empty() {
                words.push(Token::word(&cur, cur_col));
                cur.clear();
            }
        } else {
            if cur.is_empty() {
                cur_col = i + 1;
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        words.push(Token::word(&cur, cur_col));
    }
    let numeric = !symbols.is_custom()
        && words.len() > 1
        && words
            .iter()
            .any(|w| w.text().len() > 1 && w.text().chars().all(|c| c.is_ascii_digit()));
    let char_tokens = || -> Vec<Token> {
        words
            .iter()
            .flat_map(|w| {
                let column = w.column;
                w.word
                    .as_deref()
                    .unwrap_or_default()
                    .chars()
                    .enumerate()
                    .map(move |(j, c)| Token::char(c, column + j))
            })
            .collect()
    };
    let tokens = if numeric {
        let plausible =
            |k: usize| square_root(k).is_some_and(|r| r >= 2) || (4..=MAX_SIZE).contains(&k);
        let chars = char_tokens();
        if plausible(words.len()) || !plausible(chars.len()) {
            words
        } else {
            chars
        }
    } else {
        char_tokens()
    };
    // A rule of dashes with `+`, `|` or `=` is always a separator; a line of dashes alone
    // may still be an empty puzzle (81 dashes).
    let ruled = text.contains(['+', '|', '=', ':']);
    if separator && (ruled || !tokens.iter().any(Token::is_dash)) {
        return Ok(Row {
            line,
            tokens: Vec::new(),
            separator: true,
        });
    }
    Ok(Row {
        line,
        tokens,
        separator,
    })
}

/// Builds a puzzle from rows whose tokens add up to `cells`.
fn build(line: usize, rows: &[Row], cells: usize, opts: &TextOptions) -> Result<Puzzle, Error> {
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
    if super::check_size(n).is_err() {
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
        None => Shape::new(n)?,
    };
    let grid = fill_grid(n, rows, &opts.symbols, 0)?;
    Puzzle::classic(shape, grid)
}

/// The grid that `rows`' tokens spell (row-major), each value checked against `n`.
/// Fills the cells of `rows` into an empty grid from cell position `first` on (row-major),
/// so a message names the cell where it really is.
fn fill_grid(n: usize, rows: &[Row], symbols: &Symbols, first: usize) -> Result<Grid, Error> {
    let mut grid = Grid::empty(n);
    let mut i = first;
    for row in rows {
        for t in &row.tokens {
            let cell = crate::geometry::Cell::from_position(i, n);
            let at = |m: String| ParseError::new(row.line, Some(t.column), m);
            let value = match &t.word {
                None => read_char(t.ch, n, symbols),
                Some(w) => read_token(w, n, symbols),
            }
            .map_err(at)?;
            if let Some(v) = value {
                if v > n {
                    return Err(at(format!(
                        "{cell}: {:?} is digit {v}, out of range for a {n}x{n} grid",
                        crate::error::excerpt(&t.text())
                    ))
                    .into());
                }
                grid.set(cell, Some(Digit::new(v)));
            }
            i += 1;
        }
    }
    Ok(grid)
}

/// Reads an `n`×`n` grid (a solution, say) written like a puzzle — one line, or rows — with
/// no rule checked: the caller verifies it against its puzzle, whatever its regions.
pub fn parse_grid(text: &str, n: usize, symbols: &Symbols) -> Result<Grid, Error> {
    let cells = parse_cells(text, n * n, n, symbols)?;
    Ok(Grid::from_cells(n, cells).expect("n² cells"))
}

/// Reads exactly `count` cells of an `n`×`n` grid from text (one line or several; `#`
/// comments, `|`/`+` and ruled lines ignored), each value checked against `n`.
pub fn parse_cells(
    text: &str,
    count: usize,
    n: usize,
    symbols: &Symbols,
) -> Result<Vec<Option<Digit>>, Error> {
    parse_cells_at(text, 0, count, n, symbols)
}

/// [`parse_cells`] for the part of a grid starting at cell position `first` (row-major, so
/// `first = 3n` is row 4): messages name the cells where they are (`r4c3`, not `r1c3`).
pub fn parse_cells_at(
    text: &str,
    first: usize,
    count: usize,
    n: usize,
    symbols: &Symbols,
) -> Result<Vec<Option<Digit>>, Error> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let content = strip_comment(line, symbols);
        if content.trim().is_empty() {
            continue;
        }
        let row = tokenize(i + 1, content, symbols)?;
        if !row.separator || row.tokens.iter().any(|t| !t.is_dash()) {
            rows.push(row);
        }
    }
    let found: usize = rows.iter().map(|r| r.tokens.len()).sum();
    if found != count || first + count > n * n {
        return Err(ParseError::new(
            1,
            None,
            format!("{found} cells, expected {count} for a {n}x{n} grid"),
        )
        .into());
    }
    let grid = fill_grid(n, &rows, symbols, first)?;
    Ok(grid.cells()[first..first + count].to_vec())
}

/// The value of a one-character cell: `None` for empty.
fn read_char(c: char, n: usize, symbols: &Symbols) -> Result<Option<usize>, String> {
    if symbols.is_empty_char(c) {
        return Ok(None);
    }
    match symbols.value_of(c) {
        Some(v) => Ok(Some(v)),
        None if c.is_ascii_digit() && symbols.is_custom() => {
            Err(format!("{c:?} is not in the --symbols alphabet"))
        }
        None => Err(format!(
            "unknown symbol {c:?} (digits are 1-9{}, empty cells . 0 - _ * x)",
            if n > 9 { " then A-Z" } else { "" }
        )),
    }
}

/// The value of one cell token: `None` for empty.
fn read_token(text: &str, n: usize, symbols: &Symbols) -> Result<Option<usize>, String> {
    let mut chars = text.chars();
    let first = chars.next().unwrap_or('.');
    if chars.next().is_none() {
        return read_char(first, n, symbols);
    }
    match text.parse::<usize>() {
        Ok(0) => Ok(None),
        Ok(v) => Ok(Some(v)),
        Err(_) => Err(format!("unknown cell {:?}", crate::error::excerpt(text))),
    }
}

/// Parses a single puzzle from a string (line or block layout, default symbols).
pub fn parse_one(text: &str) -> Result<Puzzle, Error> {
    parse_one_with(text, &TextOptions::default())
}

/// Parses a single puzzle from a string with options; errors if it holds none or several.
pub fn parse_one_with(text: &str, opts: &TextOptions) -> Result<Puzzle, Error> {
    let mut reader = TextReader::new(text.as_bytes(), opts.clone());
    let first = reader
        .next()
        .transpose()
        .map_err(|e| Error::Input(e.to_string()))?
        .ok_or_else(|| ParseError::new(1, None, "no puzzle in the input"))?;
    if let Some(Ok(r)) = reader.next() {
        return Err(ParseError::new(r.line, None, "more than one puzzle in the input").into());
    }
    first.puzzle
}

/// Prints a grid on one line (`.` for empty cells; numbers separated by spaces when the
/// digits do not fit one character each).
pub struct Line<'a> {
    grid: &'a Grid,
    symbols: &'a Symbols,
}

impl<'a> Line<'a> {
    /// A one-line view of `grid`.
    pub fn new(grid: &'a Grid, symbols: &'a Symbols) -> Line<'a> {
        Line { grid, symbols }
    }
}

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let n = self.grid.size();
        let single = self.symbols.single_char(n);
        for (i, d) in self.grid.cells().iter().enumerate() {
            if !single && i > 0 {
                f.write_str(" ")?;
            }
            match d {
                Some(d) => f.write_str(&self.symbols.symbol(*d, n))?,
                None => f.write_str(".")?,
            }
        }
        Ok(())
    }
}

/// Prints a grid as a block with box borders.
pub struct Pretty<'a> {
    grid: &'a Grid,
    shape: &'a Shape,
    symbols: &'a Symbols,
}

impl<'a> Pretty<'a> {
    /// A boxed view of `grid` laid out by `shape`'s boxes.
    pub fn new(grid: &'a Grid, shape: &'a Shape, symbols: &'a Symbols) -> Pretty<'a> {
        Pretty {
            grid,
            shape,
            symbols,
        }
    }
}

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let n = self.grid.size();
        let (br, bc) = if self.shape.is_jigsaw() {
            (n, n)
        } else {
            (self.shape.box_rows(), self.shape.box_cols())
        };
        let width = if self.symbols.single_char(n) {
            1
        } else {
            n.to_string().len()
        };
        let segment = "-".repeat(bc * (width + 1) + 1);
        let border = format!("+{}", vec![segment; n / bc].join("+")) + "+";
        for r in 0..n {
            if r % br == 0 {
                writeln!(f, "{border}")?;
            }
            for c in 0..n {
                if c % bc == 0 {
                    f.write_str("| ")?;
                }
                let cell = crate::geometry::Cell::from_index(r, c);
                let s = match self.grid.get(cell) {
                    Some(d) => self.symbols.symbol(d, n),
                    None => ".".into(),
                };
                write!(f, "{s:>width$} ")?;
            }
            writeln!(f, "|")?;
        }
        writeln!(f, "{border}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str, opts: TextOptions) -> Vec<TextRecord> {
        TextReader::new(text.as_bytes(), opts)
            .map(|r| r.unwrap())
            .collect()
    }

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn line_and_block_read_the_same_puzzle() {
        let line = parse_one(EASY).unwrap();
        let block: String = EASY
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let r = std::str::from_utf8(r).unwrap();
                format!("{} | {} | {}\n", &r[..3], &r[3..6], &r[6..])
            })
            .collect();
        let block = format!("# a comment with digits 1 2 3\n{block}");
        assert_eq!(parse_one(&block).unwrap(), line);
    }

    #[test]
    fn comments_are_never_clues_and_crlf_works() {
        let text = format!("# puzzle 1\r\n{EASY} # trailing 7\r\n\r\n");
        let recs = read_all(&text, TextOptions::default());
        assert_eq!(recs.len(), 1);
        assert_eq!(recs[0].line, 2);
        assert_eq!(recs[0].puzzle.as_ref().unwrap(), &parse_one(EASY).unwrap());
    }

    #[test]
    fn consecutive_block_grids_need_no_blank_line() {
        let p = parse_one(EASY).unwrap();
        let rows: Vec<&str> = (0..9).map(|r| &EASY[r * 9..r * 9 + 9]).collect();
        let text = format!("{}\n{}\n", rows.join("\n"), rows.join("\n"));
        let recs = read_all(&text, TextOptions::default());
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[1].line, 10);
        assert_eq!(recs[1].puzzle.as_ref().unwrap(), &p);
    }

    #[test]
    fn wrong_counts_are_located_errors_and_reading_goes_on() {
        let text = format!("{}\n{EASY}\n", &EASY[..80]);
        let recs = read_all(&text, TextOptions::default());
        assert_eq!(recs.len(), 2);
        let e = recs[0].puzzle.as_ref().unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("80 cells"), "{e}");
        assert!(recs[1].puzzle.is_ok());
    }

    #[test]
    fn unknown_symbols_and_out_of_range_digits_name_the_column() {
        let bad = format!("{}?{}", &EASY[..10], &EASY[11..]);
        let e = parse_one(&bad).unwrap_err().to_string();
        assert!(
            e.contains("column 11") && e.contains("unknown symbol"),
            "{e}"
        );
        let four = "1234341221434321".replace('4', "5");
        let e = parse_one(&four).unwrap_err().to_string();
        assert!(e.contains("out of range for a 4x4"), "{e}");
    }

    #[test]
    fn big_grids_read_letters_and_numbers() {
        // 16x16: symbols 1-9A-G, or space-separated numbers.
        let mut letters = String::new();
        let mut numbers = Vec::new();
        for i in 0..256 {
            if i % 17 == 0 {
                let v = i % 16 + 1;
                letters.push(DEFAULT_ALPHABET.chars().nth(v - 1).unwrap());
                numbers.push(v.to_string());
            } else {
                letters.push('.');
                numbers.push("0".into());
            }
        }
        let a = parse_one(&letters).unwrap();
        let b = parse_one(&numbers.join(" ")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.size(), 16);
    }

    #[test]
    fn custom_symbols_make_dot_the_only_empty() {
        let opts = TextOptions {
            symbols: Symbols::custom("0123").unwrap(),
            ..TextOptions::default()
        };
        let p = parse_one_with("0...............", &opts).unwrap();
        assert_eq!(p.givens().filled_count(), 1);
        let g = p.givens().clone();
        assert_eq!(Line::new(&g, &opts.symbols).to_string(), "0...............");
    }

    #[test]
    fn csv_with_header_reads_puzzle_and_solution() {
        let text = "quizzes,solutions\n\
            004300209005009001070060043006002087190007400050083000600000105003508690042910300,\
            864371259325849761971265843436192587198657432257483916689734125713528694542916378\n";
        let recs = read_all(text, TextOptions::default());
        assert_eq!(recs.len(), 1);
        assert_eq!(recs[0].line, 2);
        assert!(recs[0].puzzle.is_ok());
        assert!(recs[0].expected.as_ref().unwrap().is_full());
    }

    #[test]
    fn an_overlong_line_is_an_error_in_bounded_memory() {
        let mut text = "1".repeat(MAX_LINE * 3);
        text.push('\n');
        text.push_str(EASY);
        let recs = read_all(&text, TextOptions::default());
        assert_eq!(recs.len(), 2);
        assert!(recs[0]
            .puzzle
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("longer than"));
        assert!(recs[1].puzzle.is_ok());
    }

    #[test]
    fn repeated_givens_are_located() {
        let bad = format!("55{}", &EASY[2..]);
        let e = parse_one(&bad).unwrap_err().to_string();
        assert_eq!(e, "r1c1 and r1c2 both hold 5 in row 1");
    }

    #[test]
    fn ruled_separator_lines_are_never_puzzles() {
        // 36 dashes between `+` would otherwise look like an empty 6x6.
        let rule = "+---------+---------+---------+---------+";
        let row = |r: &str| format!("| {} |", r);
        let mut text = String::new();
        let p = parse_one(EASY).unwrap();
        for (i, chunk) in EASY.as_bytes().chunks(9).enumerate() {
            if i % 3 == 0 {
                text.push_str(rule);
                text.push('\n');
            }
            text.push_str(&row(std::str::from_utf8(chunk).unwrap()));
            text.push('\n');
        }
        text.push_str(rule);
        let recs = read_all(&text, TextOptions::default());
        assert_eq!(recs.len(), 1);
        assert_eq!(recs[0].puzzle.as_ref().unwrap(), &p);
        // A line of 81 dashes alone is an empty puzzle.
        assert_eq!(
            parse_one(&"-".repeat(81)).unwrap().givens().filled_count(),
            0
        );
    }

    #[test]
    fn a_grid_alone_is_read_without_rules() {
        let std = Symbols::standard();
        // Two 1s in the first box: no puzzle, but a grid (its puzzle's rules are checked
        // by the caller, e.g. a jigsaw whose regions are not boxes).
        let g = parse_grid("1...\n.1..\n....\n....", 4, &std).unwrap();
        assert_eq!(g.filled_count(), 2);
        assert_eq!(
            parse_grid("12341234", 4, &std).unwrap_err().to_string(),
            "line 1: 8 cells, expected 16 for a 4x4 grid"
        );
        assert!(parse_grid("1234341221434321", 4, &std).unwrap().is_full());
    }

    #[test]
    fn pretty_prints_boxes() {
        let p = parse_one("1..2.3......4..1").unwrap();
        let s = Pretty::new(p.givens(), p.shape(), &Symbols::standard()).to_string();
        assert_eq!(
            s,
            "+-----+-----+\n| 1 . | . 2 |\n| . 3 | . . |\n+-----+-----+\n| . . | . . |\n| 4 . | . 1 |\n+-----+-----+\n"
        );
    }
}
