//! Printers: a grid on one line, or as a block with box separators.

use super::Symbols;
use crate::geometry::Shape;
use crate::grid::Grid;
use std::fmt;

/// Prints a grid on one line (`.` for empty cells; numbers separated by spaces when the
/// digits do not fit one character each); its extra cells, if any, follow after `+`.
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
        let grid = self.grid.grid_cells().len();
        for (i, d) in self.grid.cells().iter().enumerate() {
            if i == grid {
                // the extra cells, after the grid's
                f.write_str(if single { "+" } else { " + " })?;
            } else if !single && i > 0 {
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
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let n = cols;
        let shaped = self.symbols.for_shape(self.shape);
        let symbols = &shaped;
        let v = self.shape.value_count();
        let (br, bc) = if self.shape.is_jigsaw() {
            (rows, cols)
        } else {
            (self.shape.box_rows(), self.shape.box_cols())
        };
        let width = if symbols.single_char(v) {
            1
        } else {
            let values = self.shape.values();
            values
                .min
                .to_string()
                .len()
                .max(values.max().to_string().len())
        };
        let segment = "-".repeat(bc * (width + 1) + 1);
        let border = format!("+{}", vec![segment; cols / bc].join("+")) + "+";
        for r in 0..rows {
            if r % br == 0 {
                writeln!(f, "{border}")?;
            }
            for c in 0..cols {
                if c % bc == 0 {
                    f.write_str("| ")?;
                }
                let cell = crate::geometry::Cell::from_index(r, c);
                let s = match self.grid.get(cell) {
                    Some(d) => symbols.symbol(d, v),
                    None => ".".into(),
                };
                write!(f, "{s:>width$} ")?;
            }
            writeln!(f, "|")?;
        }
        writeln!(f, "{border}")?;
        if self.grid.extra() > 0 {
            // the extra cells, by name (rows below the grid's)
            let named: Vec<String> = (0..self.grid.extra())
                .map(|k| {
                    let cell = crate::geometry::Cell::from_position(rows * cols + k, cols);
                    let s = match self.grid.get(cell) {
                        Some(d) => symbols.symbol(d, v),
                        None => ".".into(),
                    };
                    format!("{cell}={s}")
                })
                .collect();
            writeln!(f, "extra cells: {}", named.join(" "))?;
        }
        if let Some(regions) = self.grid.regions() {
            // a chaos construction's found regions, one letter per cell (region 1 = A)
            writeln!(f, "regions:")?;
            for row in regions.chunks(n.max(1)) {
                let letters: Vec<String> =
                    row.iter().map(|&k| region_symbol(k).to_string()).collect();
                writeln!(f, "  {}", letters.join(" "))?;
            }
        }
        Ok(())
    }
}

/// Letters naming a chaos construction's found regions, region 1 first (up to 64 regions).
pub const FOUND_REGION_SYMBOLS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@#";

/// The letter of found region `k` (0-based): `A` for the first.
pub fn region_symbol(k: u16) -> char {
    FOUND_REGION_SYMBOLS.chars().nth(k as usize).unwrap_or('?')
}

/// A chaos construction's found regions as one line, one letter per cell in reading order
/// (`AABB…`): the `regions` of the JSON records and the part after `/` in line output.
pub fn region_line(regions: &[u16]) -> String {
    regions.iter().map(|&k| region_symbol(k)).collect()
}
