//! The cell reader: tokens and strings of cells to digits, checked against the grid size.

use super::tokens::{strip_comment, tokenize, Row};
use super::Symbols;
use crate::error::{Error, ParseError};
use crate::geometry::Digit;
use crate::grid::Grid;

/// Fills the cells of `rows` into an empty grid from cell position `first` on (row-major),
/// so a message names the cell where it really is.
pub(super) fn fill_grid(
    n: usize,
    rows: &[Row],
    symbols: &Symbols,
    first: usize,
) -> Result<Grid, Error> {
    fill_grid_dims((n, n), n, rows, symbols, first)
}

/// [`fill_grid`] for a grid of `dims` = (rows, columns) whose symbols are those of side `n`
/// (the longer side).
pub(super) fn fill_grid_dims(
    dims: (usize, usize),
    n: usize,
    rows: &[Row],
    symbols: &Symbols,
    first: usize,
) -> Result<Grid, Error> {
    let mut grid = Grid::empty_rect(dims.0, dims.1);
    let count = symbols.value_count(n);
    let mut i = first;
    for row in rows {
        for t in &row.tokens {
            let cell = crate::geometry::Cell::from_position(i, dims.1);
            let at = |m: String| ParseError::new(row.line, Some(t.column), m);
            let value = match &t.word {
                None => read_char(t.ch, n, symbols),
                Some(w) => read_token(w, n, symbols),
            }
            .map_err(at)?;
            if let Some(v) = value {
                if v > count {
                    return Err(at(format!(
                        "{cell}: {:?} is digit {v}, out of range for a {}x{} grid",
                        crate::error::excerpt(&t.text()),
                        dims.0,
                        dims.1
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

/// [`parse_grid`] for a grid of `rows` × `cols` cells (square or not).
pub fn parse_grid_dims(
    text: &str,
    rows: usize,
    cols: usize,
    symbols: &Symbols,
) -> Result<Grid, Error> {
    let cells = parse_cells_dims(text, 0, rows * cols, (rows, cols), symbols)?;
    Ok(Grid::from_cells_rect(rows, cols, cells).expect("rows·cols cells"))
}

/// [`parse_solution`] for the grid of `shape` (square or not), with its extra cells
/// ([`crate::geometry::Shape::with_extra`]) after the grid's, as plain output writes them
/// (`grid+extras`; `+` separates cells like a space), and for a chaos construction `/` and
/// the found regions.
pub fn parse_solution_for(
    text: &str,
    shape: &crate::geometry::Shape,
    symbols: &Symbols,
) -> Result<Grid, Error> {
    let (digits, regions) = match text.rsplit_once('/') {
        Some((d, r)) => (d, Some(r)),
        None => (text, None),
    };
    let (rows, cols) = (shape.rows(), shape.cols());
    let (digits, extra) = match digits.split_once('+') {
        Some((d, e)) if shape.extra() > 0 => (d, Some(e)),
        _ => (digits, None),
    };
    let mut grid = if shape.is_square() {
        parse_grid(digits, shape.size(), symbols)?
    } else {
        parse_grid_dims(digits, rows, cols, symbols)?
    };
    if shape.extra() > 0 {
        let extra = parse_extra_cells(extra.unwrap_or(""), shape, symbols)?;
        let mut cells = grid.cells().to_vec();
        cells.extend(extra);
        grid = Grid::from_cells_extra(rows, cols, cells)
            .expect("the grid's cells, then its extra cells");
    }
    if let Some(regions) = regions {
        grid.set_regions(Some(parse_region_line(
            regions,
            (rows, cols),
            shape.chaos_regions(),
        )?));
    }
    Ok(grid)
}

/// The extra cells of `shape` written after `+` (one character each, or separated by
/// spaces when the values need more), each a value of the grid.
fn parse_extra_cells(
    text: &str,
    shape: &crate::geometry::Shape,
    symbols: &Symbols,
) -> Result<Vec<Option<Digit>>, Error> {
    let n = shape.side();
    let words: Vec<&str> = text.split_whitespace().collect();
    let tokens: Vec<String> = match words[..] {
        [one] if symbols.single_char(n) => one.chars().map(String::from).collect(),
        _ => words.iter().map(|w| w.to_string()).collect(),
    };
    if tokens.len() != shape.extra() {
        return Err(Error::Input(format!(
            "{} extra cells after '+', expected {}",
            tokens.len(),
            shape.extra()
        )));
    }
    let count = symbols.value_count(n);
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let cell = shape.extra_cell(i);
            let at = |m: String| Error::Input(format!("extra cell {cell}: {m}"));
            match read_token(t, n, symbols).map_err(at)? {
                Some(v) if v > count => Err(at(format!(
                    "{:?} is digit {v}, out of range",
                    crate::error::excerpt(t)
                ))),
                v => Ok(v.map(Digit::new)),
            }
        })
        .collect()
}

/// Reads a solution as plain output writes it: a grid as [`parse_grid`] reads it, then for
/// a chaos construction `/` and the found regions, one letter per cell in reading order
/// ([`crate::format::text::region_line`]). The caller verifies it against its puzzle.
pub fn parse_solution(text: &str, n: usize, symbols: &Symbols) -> Result<Grid, Error> {
    let Some((digits, regions)) = text.rsplit_once('/') else {
        return parse_grid(text, n, symbols);
    };
    let mut grid = parse_grid(digits, n, symbols)?;
    // a square chaos construction has N regions
    grid.set_regions(Some(parse_region_line(regions, (n, n), n)?));
    Ok(grid)
}

/// The found regions of a chaos construction of `rows`×`cols` written after `/`: a letter
/// per cell, naming one of its `count` regions ([`crate::geometry::Shape::chaos_regions`]).
fn parse_region_line(
    regions: &str,
    (rows, cols): (usize, usize),
    count: usize,
) -> Result<Vec<u16>, Error> {
    let ids = regions
        .trim()
        .chars()
        .map(|ch| {
            crate::format::text::FOUND_REGION_SYMBOLS
                .chars()
                .position(|s| s == ch)
                .filter(|&k| k < count)
                .map(|k| k as u16)
                .ok_or_else(|| {
                    Error::Input(format!(
                        "regions after '/': {ch:?} names no region of a {rows}x{cols} grid ({count} regions: A for region 1, B for 2, …)"
                    ))
                })
        })
        .collect::<Result<Vec<u16>, Error>>()?;
    if ids.len() != rows * cols {
        return Err(Error::Input(format!(
            "regions after '/': {} letters, expected one per cell ({})",
            ids.len(),
            rows * cols
        )));
    }
    Ok(ids)
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
    parse_cells_dims(text, first, count, (n, n), symbols)
}

/// [`parse_cells_at`] for a grid of `dims` = (rows, columns), square or not; the symbols
/// are those of the longer side.
pub fn parse_cells_dims(
    text: &str,
    first: usize,
    count: usize,
    dims: (usize, usize),
    symbols: &Symbols,
) -> Result<Vec<Option<Digit>>, Error> {
    let n = dims.0.max(dims.1);
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
    if found != count || first + count > dims.0 * dims.1 {
        return Err(ParseError::new(
            1,
            None,
            format!(
                "{found} cells, expected {count} for a {}x{} grid",
                dims.0, dims.1
            ),
        )
        .into());
    }
    let grid = fill_grid_dims(dims, n, &rows, symbols, first)?;
    Ok(grid.cells()[first..first + count].to_vec())
}

/// The value of a one-character cell: `None` for empty.
pub(super) fn read_char(c: char, n: usize, symbols: &Symbols) -> Result<Option<usize>, String> {
    if symbols.is_empty_char(c) {
        return Ok(None);
    }
    match symbols.value_of(c) {
        Some(v) => Ok(Some(v)),
        None if symbols.values().is_some() => Err(format!(
            "{c:?} is not one of the values {} (empty cells are .)",
            symbols.values().expect("checked")
        )),
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
pub(super) fn read_token(text: &str, n: usize, symbols: &Symbols) -> Result<Option<usize>, String> {
    let mut chars = text.chars();
    let first = chars.next().unwrap_or('.');
    if chars.next().is_none() {
        return read_char(first, n, symbols);
    }
    if let Some(values) = symbols.values() {
        // with a value set, a number is a value (0 included when the set holds it)
        return match text.parse::<i64>() {
            Ok(v) => symbols
                .index_of_value(v)
                .map(Some)
                .ok_or_else(|| format!("{v} is not one of the values {values}")),
            Err(_) => Err(format!("unknown cell {:?}", crate::error::excerpt(text))),
        };
    }
    match text.parse::<usize>() {
        Ok(0) => Ok(None),
        Ok(v) => Ok(Some(v)),
        Err(_) => Err(format!("unknown cell {:?}", crate::error::excerpt(text))),
    }
}
