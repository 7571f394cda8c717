//! Marks on edges, corners and cells: kropki dots, XV letters, sum dots, quadruple circles,
//! odd circles and even squares, minimum/maximum chevrons, pencil-mark clues, and the cell
//! fills of extra regions, clones and indexer cells.

use super::svg::{Out, P};
use super::Frame;
use crate::geometry::Cell;
use crate::rules::xv::XvLetter;

/// Fill of extra-region cells.
pub const EXTRA_REGION: &str = "#c9dcf0";
/// Fill of row-indexer cells.
pub const ROW_INDEXER: &str = "#f4c7c3";
/// Fill of column-indexer cells.
pub const COLUMN_INDEXER: &str = "#cfe8c4";
/// Fill of box-indexer cells.
pub const BOX_INDEXER: &str = "#fbe7a6";
/// Clone fills, one per clone constraint (chosen by its first cell).
const CLONE: [&str; 5] = ["#f9d5a7", "#d7c9f2", "#c6ece6", "#f6c9de", "#dfe8b0"];
/// Grey of parity shapes and chevrons.
const GREY: &str = "#cfcfcf";

/// The cells filled with `colour`.
pub fn fill(f: &Frame, cells: &[Cell], colour: &str, out: &mut Out) {
    for &c in cells {
        out.rect(
            f.at(c.r() as f64, c.c() as f64),
            f.s,
            f.s,
            &format!("fill=\"{colour}\""),
        );
    }
}

/// Indexer cells: filled in the indexer's colour.
pub fn indexer(f: &Frame, cells: &[Cell], colour: &str, out: &mut Out) {
    fill(f, cells, colour, out);
}

/// A clone: the cells and their clones filled in the same colour.
pub fn clone(f: &Frame, cells: &[Cell], clones: &[Cell], out: &mut Out) {
    let pick = cells.first().map_or(0, |c| c.r() * 7 + c.c() * 3);
    let colour = CLONE[pick % CLONE.len()];
    fill(f, cells, colour, out);
    fill(f, clones, colour, out);
}

/// A kropki dot between two cells: white (difference) or black (ratio); a value other than
/// the usual one (1 for white, 2 for black) is written in it.
pub fn dot(f: &Frame, [a, b]: [Cell; 2], black: bool, value: Option<usize>, out: &mut Out) {
    let p = f.between(a, b);
    let r = if value.is_some() { 0.17 } else { 0.14 } * f.s;
    let (fill, ink) = if black {
        ("#000", "#fff")
    } else {
        ("#fff", "#000")
    };
    out.circle(
        p,
        r,
        &format!("fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\""),
    );
    if let Some(v) = value {
        out.text(p, 0.19 * f.s, &v.to_string(), &format!("fill=\"{ink}\""));
    }
}

/// An X or V between two cells, on a white halo so grid lines do not cross it.
pub fn xv(f: &Frame, [a, b]: [Cell; 2], letter: XvLetter, out: &mut Out) {
    let text = match letter {
        XvLetter::X => "X",
        XvLetter::V => "V",
    };
    out.text(
        f.between(a, b),
        0.38 * f.s,
        text,
        "font-weight=\"bold\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"",
    );
}

/// A sum between two cells: a small circle with the total.
pub fn sum_dot(f: &Frame, [a, b]: [Cell; 2], sum: usize, out: &mut Out) {
    let p = f.between(a, b);
    out.circle(
        p,
        0.18 * f.s,
        "fill=\"#fff\" stroke=\"#555\" stroke-width=\"1.2\"",
    );
    out.text(p, 0.2 * f.s, &sum.to_string(), "");
}

/// Odd cells get a grey circle, even cells a grey square.
pub fn parity(f: &Frame, cells: &[Cell], odd: bool, out: &mut Out) {
    for &c in cells {
        let (x, y) = f.centre(c);
        if odd {
            out.circle((x, y), 0.36 * f.s, &format!("fill=\"{GREY}\""));
        } else {
            let h = 0.34 * f.s;
            out.rect(
                (x - h, y - h),
                2.0 * h,
                2.0 * h,
                &format!("fill=\"{GREY}\""),
            );
        }
    }
}

/// Minimum and maximum cells: a light fill and a chevron on each edge towards an unlisted
/// neighbour, pointing out of a maximum (downhill) and into a minimum.
pub fn extremum(f: &Frame, cells: &[Cell], maximum: bool, out: &mut Out) {
    let listed = |c: Cell| cells.contains(&c);
    for &cell in cells {
        out.rect(
            f.at(cell.r() as f64, cell.c() as f64),
            f.s,
            f.s,
            "fill=\"#eee\"",
        );
        let (cx, cy) = f.centre(cell);
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            if f.offset(cell, dr, dc).is_none_or(listed) {
                continue;
            }
            let (dx, dy) = (dc as f64, dr as f64);
            // Apex and base of the chevron, along the axis towards the neighbour.
            let (outer, inner) = (0.44 * f.s, 0.3 * f.s);
            let (apex, base) = if maximum {
                (outer, inner)
            } else {
                (inner, outer)
            };
            let w = 0.14 * f.s;
            let b: P = (cx + dx * base, cy + dy * base);
            out.polygon(
                &[
                    (cx + dx * apex, cy + dy * apex),
                    (b.0 + dy * w, b.1 + dx * w),
                    (b.0 - dy * w, b.1 - dx * w),
                ],
                "fill=\"#9a9a9a\"",
            );
        }
    }
}

/// A pencil-mark clue: the allowed digits in small grey type along the cell's bottom edge.
pub fn pencil_marks(f: &Frame, cell: Cell, digits: &[usize], out: &mut Out) {
    let sep = if f.n > 9 { "," } else { "" };
    let text: Vec<String> = digits.iter().map(usize::to_string).collect();
    let (x, y) = f.centre(cell);
    out.text(
        (x, y + 0.36 * f.s),
        0.2 * f.s,
        &text.join(sep),
        "fill=\"#666\"",
    );
}

/// A quadruple: a white circle where its cells meet, holding the digits.
pub fn quadruple(f: &Frame, cells: &[Cell], digits: &[usize], out: &mut Out) {
    if cells.is_empty() {
        return;
    }
    let k = cells.len() as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(x, y), &c| {
        let p = f.centre(c);
        (x + p.0, y + p.1)
    });
    let centre = (sx / k, sy / k);
    out.circle(
        centre,
        0.3 * f.s,
        "fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.2\"",
    );
    // Two digits per line (three when there are more than four), centred.
    let per = if digits.len() > 4 { 3 } else { 2 };
    let lines: Vec<String> = digits
        .chunks(per)
        .map(|ch| {
            ch.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let size = if digits.len() > 4 { 0.16 } else { 0.2 } * f.s;
    let top = centre.1 - (lines.len() as f64 - 1.0) * size * 0.5;
    for (i, line) in lines.iter().enumerate() {
        out.text((centre.0, top + i as f64 * size), size, line, "");
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn quadruple_lines_hold_two_digits() {
        let f = super::Frame {
            x0: 0.0,
            y0: 0.0,
            s: 40.0,
            n: 9,
            rows: 9,
            cols: 9,
            extra_top: 0.0,
        };
        let mut out = super::Out::new();
        let c = crate::geometry::Cell::new;
        super::quadruple(
            &f,
            &[c(1, 1), c(1, 2), c(2, 1), c(2, 2)],
            &[1, 2, 3],
            &mut out,
        );
        let s = out.as_str();
        assert!(s.contains(">1 2</text>") && s.contains(">3</text>"), "{s}");
        assert!(s.contains("cx=\"40\" cy=\"40\""), "{s}");
    }
}
