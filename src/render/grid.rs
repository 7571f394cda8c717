//! The grid itself: cell fills, thin cell lines, thick region borders, and the digits
//! (givens bold and black, solved digits blue, candidates as pencil marks).

use super::svg::{escape, Out, N};
use super::{Content, Frame};
use crate::format::text::Symbols;
use crate::geometry::{digits, Cell, Digit, Shape, Values};
use crate::grid::Grid;

/// How digits are written: as numbers (the values, 1..N by default), or in the symbols the
/// puzzle was read with.
#[derive(Clone, Copy, Debug)]
pub struct Writing<'a>(pub Option<&'a Symbols>, pub Values);

impl Writing<'_> {
    fn text(self, d: Digit, n: usize) -> String {
        match self.0 {
            Some(s) => escape(&s.symbol(d, n)),
            None => self.1.value(d).to_string(),
        }
    }
    /// Whether some digit takes more than one character.
    fn wide(self, n: usize) -> bool {
        match self.0 {
            Some(s) => !s.single_char(n),
            None => self.1.min < 0 || self.1.max() > 9,
        }
    }
    /// How many digits a cell can hold (pencil-mark slots).
    fn count(self) -> usize {
        self.1.count
    }
}

/// Fill of cells that belong to no region.
const NO_REGION: &str = "#d4d4d4";
/// Fill of highlighted cells (where two solutions differ).
const HIGHLIGHT: &str = "#ffd966";
/// Colour of digits found by the solver (givens are black).
pub const SOLVED: &str = "#1a56c4";

/// White grid, grey cells outside every region, highlighted cells.
pub fn backgrounds(shape: &Shape, f: &Frame, highlight: &[Cell], out: &mut Out) {
    out.rect(f.at(0.0, 0.0), f.width(), f.height(), "fill=\"#fff\"");
    // a chaos construction's cells are all in a region, found while solving; a grid with
    // no regions at all (a rectangle without boxes) has no cell set apart
    let some_region = shape.regions().iter().any(Option::is_some);
    let lonely: Vec<Cell> = shape
        .cells()
        .filter(|&c| shape.region_of(c).is_none() && !shape.is_chaos() && some_region)
        .collect();
    cell_rects(f, &lonely, "class=\"no-region\"", NO_REGION, out);
    cell_rects(f, highlight, "class=\"highlight\"", HIGHLIGHT, out);
}

/// One filled square per cell, in a group with `attrs`.
fn cell_rects(f: &Frame, cells: &[Cell], attrs: &str, fill: &str, out: &mut Out) {
    if cells.is_empty() {
        return;
    }
    out.fmt(format_args!("<g {attrs} fill=\"{fill}\">"));
    for &c in cells {
        out.rect(f.corner(c), f.s, f.s, "");
    }
    out.close();
}

/// The extra cells (outside the grid): rows of cells under a caption, each named in its
/// corner (`r10c1`), as satdoku names them.
pub fn extra_cells(shape: &Shape, f: &Frame, out: &mut Out) {
    let mut cells = shape.extra_cells().peekable();
    let Some(&first) = cells.peek() else {
        return;
    };
    let (x, y) = f.corner(first);
    out.raw("<g class=\"extra-cells\">");
    out.fmt(format_args!(
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"start\" fill=\"#555\">extra cells</text>",
        N(x),
        N(y - 7.0)
    ));
    for cell in cells {
        let (x, y) = f.corner(cell);
        out.rect(
            (x, y),
            f.s,
            f.s,
            "fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"",
        );
        out.text(
            (x + 0.5 * f.s, y + 0.9 * f.s),
            0.16 * f.s,
            &cell.to_string(),
            "fill=\"#888\"",
        );
    }
    out.close();
}

/// The thin lines between all cells.
pub fn thin_lines(f: &Frame, out: &mut Out) {
    out.raw("<path class=\"cells\" stroke=\"#777\" stroke-width=\"1\" d=\"");
    for i in 1..f.rows {
        let (_, y) = f.at(i as f64, 0.0);
        out.fmt(format_args!("M{} {}h{}", N(f.x0), N(y), N(f.width())));
    }
    for i in 1..f.cols {
        let (x, _) = f.at(0.0, i as f64);
        out.fmt(format_args!("M{} {}v{}", N(x), N(f.y0), N(f.height())));
    }
    out.raw("\"/>");
}

/// Thick lines where neighbouring cells lie in different regions (a cell in no region
/// differs from every region), and around the grid. Runs along one grid line are joined.
/// Regions that are whole rows or columns add nothing to the rows and columns and get no
/// borders (a puzzle "without regions" is stored that way).
pub fn region_borders(shape: &Shape, f: &Frame, out: &mut Out) {
    let trivial: std::collections::HashSet<u16> = shape
        .region_cells()
        .iter()
        .filter(|cells| {
            (cells.len() == f.cols && cells.iter().all(|c| c.row == cells[0].row))
                || (cells.len() == f.rows && cells.iter().all(|c| c.col == cells[0].col))
        })
        .filter_map(|cells| shape.region_of(cells[0]))
        .collect();
    // Trivial regions all count as one, so no border runs between them.
    let region = |c: Cell| match shape.region_of(c) {
        Some(r) if trivial.contains(&r) => Some(u16::MAX),
        r => r,
    };
    let d = border_path(f, |a, b| region(a) != region(b));
    out.raw("<g class=\"regions\" fill=\"none\" stroke=\"#000\" stroke-linecap=\"square\">");
    if !d.is_empty() {
        out.fmt(format_args!("<path stroke-width=\"3\" d=\"{d}\"/>"));
    }
    out.rect(
        f.at(0.0, 0.0),
        f.width(),
        f.height(),
        "stroke-width=\"3.5\"",
    );
    out.close();
}

/// The thick lines between neighbouring cells that `differ`, runs along one grid line
/// joined, as SVG path data.
fn border_path(f: &Frame, differ: impl Fn(Cell, Cell) -> bool) -> String {
    let mut d = String::new();
    let push = |d: &mut String, from: (f64, f64), to: (f64, f64)| {
        let (a, b) = (f.at(from.0, from.1), f.at(to.0, to.1));
        d.push_str(&format!("M{} {}L{} {}", N(a.0), N(a.1), N(b.0), N(b.1)));
    };
    // Vertical lines between column c-1 and c, then horizontal ones between rows: one walk,
    // with `rc` reading position k of grid line `line` down a column or across a row.
    let cell = |(r, c)| Cell::from_index(r, c);
    let point = |(r, c): (usize, usize)| (r as f64, c as f64);
    for vertical in [true, false] {
        let rc = |line: usize, k: usize| if vertical { (k, line) } else { (line, k) };
        // vertical lines run down the rows between columns; horizontal ones across
        let (lines, len) = if vertical {
            (f.cols, f.rows)
        } else {
            (f.rows, f.cols)
        };
        for line in 1..lines {
            let mut start = None;
            for k in 0..=len {
                let thick = k < len && differ(cell(rc(line - 1, k)), cell(rc(line, k)));
                match (thick, start) {
                    (true, None) => start = Some(k),
                    (false, Some(s)) => {
                        push(&mut d, point(rc(line, s)), point(rc(line, k)));
                        start = None;
                    }
                    _ => {}
                }
            }
        }
    }
    d
}

/// A chaos construction's found regions (`regions`: one id per cell, row-major), drawn over a
/// solution as thick coloured borders between cells of different regions.
pub fn found_region_borders(regions: &[u16], f: &Frame, out: &mut Out) {
    let id = |c: Cell| regions.get(c.position(f.cols)).copied();
    let d = border_path(f, |a, b| id(a) != id(b));
    out.raw(
        "<g class=\"found-regions\" fill=\"none\" stroke=\"#c2410c\" stroke-linecap=\"square\">",
    );
    if !d.is_empty() {
        out.fmt(format_args!("<path stroke-width=\"3\" d=\"{d}\"/>"));
    }
    out.close();
}

/// Font size of a full-size digit of `n`-digit grids: two-character numbers are smaller.
fn digit_size(f: &Frame, w: Writing) -> f64 {
    if w.wide(f.n) {
        f.s * 0.5
    } else {
        f.s * 0.64
    }
}

/// The digits of a panel: givens bold black; solved digits blue; candidates small, each
/// digit at its own place in the cell (1 top-left … N bottom-right), as pencil marks.
pub fn digits_layer(givens: &Grid, content: &Content, f: &Frame, w: Writing, out: &mut Out) {
    let size = digit_size(f, w);
    out.fmt(format_args!(
        "<g class=\"givens\" font-weight=\"bold\" font-size=\"{}\">",
        N(size)
    ));
    for (cell, d) in givens.filled() {
        big(f, cell, &w.text(d, f.n), size, out);
    }
    out.close();
    let mut solved = Out::new();
    let mut pencil = Out::new();
    match content {
        Content::Givens => {}
        Content::Solution(g) => {
            for (cell, d) in g.filled() {
                if givens.get(cell).is_none() {
                    big(f, cell, &w.text(d, f.n), size, &mut solved);
                }
            }
        }
        Content::Candidates(masks) => {
            for (i, &m) in masks.iter().enumerate() {
                let cell = Cell::from_position(i, f.cols);
                if givens.get(cell).is_some() {
                    continue;
                }
                if m.count_ones() == 1 {
                    let d = digits(m).next().expect("one digit");
                    big(f, cell, &w.text(d, f.n), size, &mut solved);
                } else {
                    candidates(f, cell, m, w, &mut pencil);
                }
            }
        }
    }
    if !solved.is_empty() {
        out.fmt(format_args!(
            "<g class=\"solved\" fill=\"{SOLVED}\" font-size=\"{}\">",
            N(size)
        ));
        out.raw(solved.as_str());
        out.close();
    }
    if !pencil.is_empty() {
        out.fmt(format_args!(
            "<g class=\"candidates\" fill=\"{SOLVED}\" font-size=\"{}\">",
            N(pencil_size(f, w))
        ));
        out.raw(pencil.as_str());
        out.close();
    }
}

/// Pencil-mark layout: a k×k block per cell, k = ⌈√N⌉.
fn pencil_side(n: usize) -> usize {
    let mut k = 1;
    while k * k < n {
        k += 1;
    }
    k
}

/// Font size of pencil marks.
fn pencil_size(f: &Frame, w: Writing) -> f64 {
    let k = pencil_side(w.count()) as f64;
    let size = f.s / k * 0.78;
    if w.wide(f.n) {
        size * 0.8
    } else {
        size
    }
}

/// A full-size digit in a cell (font size and colour come from the enclosing group).
fn big(f: &Frame, cell: Cell, text: &str, size: f64, out: &mut Out) {
    let (x, y) = f.centre(cell);
    out.fmt(format_args!(
        "<text x=\"{}\" y=\"{}\">{text}</text>",
        N(x),
        N(y + 0.35 * size)
    ));
}

/// The candidates of one cell, each digit at its place.
fn candidates(f: &Frame, cell: Cell, mask: u64, w: Writing, out: &mut Out) {
    let k = pencil_side(w.count());
    let sub = f.s / k as f64;
    let size = pencil_size(f, w);
    for d in digits(mask) {
        let (i, j) = (d.index() / k, d.index() % k);
        let (x, y) = f.corner(cell);
        let (cx, cy) = (x + (j as f64 + 0.5) * sub, y + (i as f64 + 0.5) * sub);
        out.fmt(format_args!(
            "<text x=\"{}\" y=\"{}\">{}</text>",
            N(cx),
            N(cy + 0.35 * size),
            w.text(d, f.n)
        ));
    }
}
