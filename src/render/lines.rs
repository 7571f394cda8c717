//! Rules drawn along cells: diagonals, thermometers, arrows, the coloured line rules, and
//! killer cages (a dashed outline inside the cells, the sum in the top-left corner).

use super::svg::{Out, N, P};
use super::Frame;
use crate::geometry::Cell;
use std::collections::HashSet;

/// A line's colour and width (as a fraction of the cell side).
#[derive(Clone, Copy, Debug)]
pub struct Pen {
    colour: &'static str,
    width: f64,
}

impl Pen {
    /// A coloured line rule's pen: every such line has the same width, only its colour
    /// tells the rules apart.
    const fn line(colour: &'static str) -> Pen {
        Pen { colour, width: 0.2 }
    }
}

/// Palindrome: grey.
pub const PALINDROME: Pen = Pen::line("#a6a6a6");
/// Renban: purple.
pub const RENBAN: Pen = Pen::line("#d580ff");
/// German whispers: green.
const WHISPERS: Pen = Pen::line("#67d067");
/// Whispers with another difference (Dutch: 4): orange.
const WHISPERS_OTHER: Pen = Pen::line("#ffa23c");
/// Entropic: brown.
pub const ENTROPIC: Pen = Pen::line("#c98a4b");
/// Modular: teal.
pub const MODULAR: Pen = Pen::line("#3cbfae");
/// Nabner: yellow.
pub const NABNER: Pen = Pen::line("#f2d22e");
/// Region sum: blue.
pub const REGION_SUM: Pen = Pen::line("#4aa8f0");
/// Zipper: lavender.
pub const ZIPPER: Pen = Pen::line("#b39bff");
/// Sum line (its sum written at its start).
pub const SUM_LINE: Pen = Pen::line("#64c864");
/// Lunchbox (its sum written at its start).
pub const LUNCHBOX: Pen = Pen::line("#b4b4b4");
/// Value indexing (an arrow written at its start).
pub const VALUE_INDEXING: Pen = Pen::line("#e08a3c");
/// Same region (chaos construction): brown.
pub const SAME_REGION: Pen = Pen::line("#b07a4a");
/// A table relation.
pub const RELATION: Pen = Pen::line("#8c8cd9");
/// Thermometers: light grey, wide.
const THERMO: &str = "#c2c2c2";
/// Arrows, between and lockout lines: darker grey, thin.
const THIN: &str = "#8c8c8c";

fn centres(f: &Frame, cells: &[Cell]) -> Vec<P> {
    cells.iter().map(|&c| f.centre(c)).collect()
}

/// A polyline with round ends through the cells' centres.
fn stroke(f: &Frame, points: &[P], colour: &str, width: f64, out: &mut Out) {
    if let [p] = points {
        // A one-cell line is a dot.
        out.circle(*p, width * f.s / 2.0, &format!("fill=\"{colour}\""));
        return;
    }
    out.polyline(
        points,
        &format!(
            "stroke=\"{colour}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"",
            N(width * f.s)
        ),
    );
}

/// The main diagonals: ╱ (`positive`) and ╲ (`negative`).
pub fn diagonals(f: &Frame, positive: bool, negative: bool, out: &mut Out) {
    let n = f.n as f64;
    let attrs = "stroke=\"#4a86c5\" stroke-width=\"2\" stroke-opacity=\"0.6\"";
    if positive {
        out.line(f.at(n, 0.0), f.at(0.0, n), attrs);
    }
    if negative {
        out.line(f.at(0.0, 0.0), f.at(n, n), attrs);
    }
}

/// A line rule in its colour.
pub fn coloured(f: &Frame, cells: &[Cell], pen: Pen, out: &mut Out) {
    stroke(f, &centres(f, cells), pen.colour, pen.width, out);
}

/// A line in its colour with a label in the top-right corner of its first cell (a sum).
pub fn labelled(f: &Frame, cells: &[Cell], pen: Pen, label: &str, out: &mut Out) {
    coloured(f, cells, pen, out);
    if let Some(&first) = cells.first() {
        corner_text(f, first, label, "font-weight=\"bold\"", out);
    }
}

/// Small text in the top right corner of `cell`, in `style`.
fn corner_text(f: &Frame, cell: Cell, text: &str, style: &str, out: &mut Out) {
    let (x, y) = f.at(cell.r() as f64, cell.c() as f64 + 1.0);
    out.text((x - 0.22 * f.s, y + 0.2 * f.s), 0.26 * f.s, text, style);
}

/// Whispers: green for the usual difference (5 on 9×9, about half of N elsewhere), orange
/// for another, which is also written at the line's start.
pub fn whispers(f: &Frame, cells: &[Cell], difference: usize, n: usize, out: &mut Out) {
    let usual = if n == 9 { 5 } else { n.div_ceil(2) };
    let pen = if difference == usual {
        WHISPERS
    } else {
        WHISPERS_OTHER
    };
    coloured(f, cells, pen, out);
    if difference != usual {
        if let Some(&first) = cells.first() {
            note(f, first, &format!("≥{difference}"), out);
        }
    }
}

/// A line's number (a whisper's or lockout's stated difference), small in the top right
/// corner of `cell`.
pub fn note(f: &Frame, cell: Cell, text: &str, out: &mut Out) {
    corner_text(f, cell, text, "fill=\"#a85a00\" font-weight=\"bold\"", out);
}

/// A thermometer: a bulb on the first cell and a wide line; a slow thermometer is hollow.
pub fn thermometer(f: &Frame, cells: &[Cell], slow: bool, out: &mut Out) {
    let points = centres(f, cells);
    if points.len() > 1 {
        stroke(f, &points, THERMO, 0.26, out);
    }
    if let Some(&bulb) = points.first() {
        out.circle(bulb, 0.4 * f.s, &format!("fill=\"{THERMO}\""));
        if slow {
            if points.len() > 1 {
                stroke(f, &points, "#fff", 0.12, out);
            }
            out.circle(bulb, 0.3 * f.s, "fill=\"#fff\"");
        }
    }
}

/// The shape at the ends of a between line (circles) or a lockout line (diamonds).
#[derive(Clone, Copy, Debug)]
pub enum End {
    /// A hollow circle.
    Circle,
    /// A hollow diamond.
    Diamond,
}

/// A thin line whose two ends are marked with hollow shapes.
pub fn ended(f: &Frame, cells: &[Cell], end: End, out: &mut Out) {
    let points = centres(f, cells);
    stroke(f, &points, THIN, 0.07, out);
    let ends = match (points.first(), points.last()) {
        (Some(&a), Some(&b)) => [a, b],
        _ => return,
    };
    let attrs = format!("fill=\"#fff\" stroke=\"{THIN}\" stroke-width=\"2\"");
    for (x, y) in ends {
        match end {
            End::Circle => out.circle((x, y), 0.38 * f.s, &attrs),
            End::Diamond => {
                let r = 0.44 * f.s;
                out.polygon(&[(x, y - r), (x + r, y), (x, y + r), (x - r, y)], &attrs);
            }
        }
    }
}

/// An arrowhead at `tip`, pointing away from `from`.
fn arrowhead(f: &Frame, from: P, tip: P, colour: &str, out: &mut Out) {
    let (dx, dy) = (tip.0 - from.0, tip.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (l, w) = (0.2 * f.s, 0.14 * f.s);
    let back = (tip.0 - ux * l, tip.1 - uy * l);
    out.polyline(
        &[
            (back.0 - uy * w, back.1 + ux * w),
            tip,
            (back.0 + uy * w, back.1 - ux * w),
        ],
        &format!(
            "stroke=\"{colour}\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        ),
    );
}

/// A circle (one cell) or a pill (several cells), white inside.
fn circle_or_pill(f: &Frame, cells: &[Cell], out: &mut Out) {
    let points = centres(f, cells);
    let r = 0.4 * f.s;
    match points.as_slice() {
        [] => {}
        [p] => out.circle(
            *p,
            r,
            &format!("fill=\"#fff\" stroke=\"{THIN}\" stroke-width=\"2\""),
        ),
        _ => {
            // A pill: a wide grey stroke with a slightly narrower white one on top.
            stroke(f, &points, THIN, 0.8 + 2.0 / f.s, out);
            stroke(f, &points, "#fff", 0.8 - 2.0 / f.s, out);
        }
    }
}

/// An arrow: a circle or pill and a thin line from it with an arrowhead at the far end.
pub fn arrow(f: &Frame, circle: &[Cell], line: &[Cell], out: &mut Out) {
    let mut points = centres(f, line);
    if let (Some(&start), Some(&first)) = (points.first(), line.first()) {
        // The line leaves from the circle cell nearest to its first cell.
        let from = circle
            .iter()
            .min_by_key(|c| c.r().abs_diff(first.r()).max(c.c().abs_diff(first.c())))
            .map(|&c| f.centre(c))
            .unwrap_or(start);
        points.insert(0, from);
        stroke(f, &points, THIN, 0.06, out);
        let n = points.len();
        arrowhead(f, points[n - 2], points[n - 1], THIN, out);
    }
    circle_or_pill(f, circle, out);
}

/// A double arrow: a thin line with a circle at each end.
pub fn double_arrow(f: &Frame, cells: &[Cell], out: &mut Out) {
    stroke(f, &centres(f, cells), THIN, 0.06, out);
    if let (Some(&a), Some(&b)) = (cells.first(), cells.last()) {
        circle_or_pill(f, &[a], out);
        circle_or_pill(f, &[b], out);
    }
}

/// A killer cage: a dashed outline a little inside the cells, and the sum (if any) in the
/// top-left corner of the cage's first cell in reading order.
pub fn cage(f: &Frame, cells: &[Cell], sum: Option<usize>, out: &mut Out) {
    let set: HashSet<(isize, isize)> = cells
        .iter()
        .map(|c| (c.r() as isize, c.c() as isize))
        .collect();
    let inn = |r: isize, c: isize| set.contains(&(r, c));
    let i = 0.1; // inset, in cells
                 // Each boundary side of each cell, as a segment in cell coordinates. Where the outline
                 // turns outwards (a convex corner) the segment stops short by the inset; where it
                 // continues straight it runs to the cell edge; where it turns inwards (concave) it runs
                 // on by the inset to meet the perpendicular segment.
    let reach = |along: bool, diagonal: bool| match (along, diagonal) {
        (false, _) => -i,
        (true, false) => 0.0,
        (true, true) => i,
    };
    let mut horizontal: Vec<(f64, f64, f64)> = Vec::new(); // (row line, from col, to col)
    let mut vertical: Vec<(f64, f64, f64)> = Vec::new(); // (col line, from row, to row)
    for &(r, c) in &set {
        let (rf, cf) = (r as f64, c as f64);
        for (dr, y) in [(-1, rf + i), (1, rf + 1.0 - i)] {
            if !inn(r + dr, c) {
                let a = cf - reach(inn(r, c - 1), inn(r + dr, c - 1));
                let b = cf + 1.0 + reach(inn(r, c + 1), inn(r + dr, c + 1));
                horizontal.push((y, a, b));
            }
        }
        for (dc, x) in [(-1, cf + i), (1, cf + 1.0 - i)] {
            if !inn(r, c + dc) {
                let a = rf - reach(inn(r - 1, c), inn(r - 1, c + dc));
                let b = rf + 1.0 + reach(inn(r + 1, c), inn(r + 1, c + dc));
                vertical.push((x, a, b));
            }
        }
    }
    let mut d = String::new();
    for (segments, is_row) in [(&mut horizontal, true), (&mut vertical, false)] {
        segments.sort_by(|p, q| p.partial_cmp(q).expect("finite"));
        // Join segments that continue one another, so the dashes run on.
        let mut joined: Vec<(f64, f64, f64)> = Vec::new();
        for &s in segments.iter() {
            match joined.last_mut() {
                Some(last) if last.0 == s.0 && (last.2 - s.1).abs() < 1e-9 => last.2 = s.2,
                _ => joined.push(s),
            }
        }
        for (line, a, b) in joined {
            let (p, q) = if is_row {
                (f.at(line, a), f.at(line, b))
            } else {
                (f.at(a, line), f.at(b, line))
            };
            d.push_str(&format!("M{} {}L{} {}", N(p.0), N(p.1), N(q.0), N(q.1)));
        }
    }
    out.fmt(format_args!(
        "<path fill=\"none\" stroke=\"#000\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\" d=\"{d}\"/>"
    ));
    if let (Some(sum), Some(first)) = (sum, cells.iter().min()) {
        let text = sum.to_string();
        let size = 0.27 * f.s;
        let (x, y) = f.at(first.r() as f64, first.c() as f64);
        let w = text.len() as f64 * size * 0.62 + 2.0;
        out.rect(
            (x + 0.05 * f.s, y + 0.05 * f.s),
            w,
            size + 1.0,
            "fill=\"#fff\"",
        );
        out.fmt(format_args!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"start\">{text}</text>",
            N(x + 0.05 * f.s + 1.0),
            N(y + 0.05 * f.s + size * 0.85),
            N(size)
        ));
    }
}
