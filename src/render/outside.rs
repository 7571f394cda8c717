//! Around the grid: little-killer sums with their diagonal arrows, sandwich, X-sum and
//! skyscraper clues beside their rows and columns, and the labels of rules that have no
//! mark in the grid.

use super::svg::{Out, N, P};
use super::{Frame, TAG_ROW};
use crate::geometry::Cell;
use crate::rules::clue::OutsideClue;
use crate::rules::Constraint;
use std::collections::HashMap;

/// A cell position that may lie just outside the grid (row or column -1 or N).
type Pos = (isize, isize);

/// How many clues share each outside position, and how many are drawn already, so clues in
/// one place (a sandwich and an X-sum on the same row) sit side by side.
pub struct Slots {
    total: HashMap<Pos, usize>,
    used: HashMap<Pos, usize>,
}

impl Slots {
    /// Counts the clue positions of `constraints` on a `rows`×`cols` grid.
    pub fn new(constraints: &[Constraint], (rows, cols): (usize, usize)) -> Slots {
        let mut total = HashMap::new();
        for c in constraints {
            if let Constraint::FullRank(k) = c {
                for rc in &k.clues {
                    *total.entry(clue_pos(rc.clue)).or_insert(0) += 1;
                }
                continue;
            }
            let pos = match c {
                Constraint::LittleKiller(k) => little_killer_clue(&k.cells, (rows, cols)).0,
                Constraint::Sandwich(r) => clue_pos(r.clue),
                Constraint::XSum(r) => clue_pos(r.clue),
                Constraint::Skyscraper(r) => clue_pos(r.clue),
                Constraint::NumberedRoom(r) => clue_pos(r.clue),
                Constraint::HiddenSkyscraper(r) => clue_pos(r.clue),
                _ => continue,
            };
            *total.entry(pos).or_insert(0) += 1;
        }
        Slots {
            total,
            used: HashMap::new(),
        }
    }

    /// The next free place at `pos`: the point to draw at and a font scale.
    fn take(&mut self, f: &Frame, pos: Pos) -> (P, f64) {
        let total = self.total.get(&pos).copied().unwrap_or(1).max(1);
        let k = self.used.entry(pos).or_insert(0);
        let index = *k;
        *k += 1;
        let (x, y) = f.centre_of(pos.0, pos.1);
        if total == 1 {
            return ((x, y), 1.0);
        }
        let shift = ((index as f64 + 0.5) / total as f64 - 0.5) * f.s * 0.9;
        let beside_row = pos.1 < 0 || pos.1 >= f.cols as isize;
        let beside_column = pos.0 < 0 || pos.0 >= f.rows as isize;
        let p = if beside_row && !beside_column {
            (x, y + shift)
        } else {
            (x + shift, y)
        };
        (p, 0.7)
    }
}

/// Which sides of a `rows`×`cols` grid hold clues: top, right, bottom, left (a corner
/// counts for both of its sides).
pub fn sides(constraints: &[Constraint], (rows, cols): (usize, usize)) -> [bool; 4] {
    let mut sides = [false; 4];
    for &(r, c) in Slots::new(constraints, (rows, cols)).total.keys() {
        sides[0] |= r < 0;
        sides[1] |= c >= cols as isize;
        sides[2] |= r >= rows as isize;
        sides[3] |= c < 0;
    }
    sides
}

/// The grid position of an outside clue (row -1 or R, column -1 or C).
fn clue_pos(clue: OutsideClue) -> Pos {
    (clue.row as isize - 1, clue.col as isize - 1)
}

/// Where a little killer's clue sits and the diagonal step it points along: one step back
/// from its first cell. A one-cell diagonal (a corner) is read along the direction in which
/// both neighbours on the diagonal lie outside the grid.
fn little_killer_clue(cells: &[Cell], (rows, cols): (usize, usize)) -> (Pos, Pos) {
    let at = |c: Cell| (c.r() as isize, c.c() as isize);
    let outside = |(r, c): Pos| r < 0 || c < 0 || r >= rows as isize || c >= cols as isize;
    let dirs = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let (first, dir) = match cells {
        [] => return ((-1, -1), (1, 1)),
        [a, b, ..] => {
            let (a, b) = (at(*a), at(*b));
            (a, (b.0 - a.0, b.1 - a.1))
        }
        [a] => {
            let a = at(*a);
            let back = |d: Pos| (a.0 - d.0, a.1 - d.1);
            let ahead = |d: Pos| (a.0 + d.0, a.1 + d.1);
            let dir = dirs
                .into_iter()
                .find(|&d| outside(back(d)) && outside(ahead(d)))
                .or_else(|| dirs.into_iter().find(|&d| outside(back(d))))
                .unwrap_or((1, 1));
            (a, dir)
        }
    };
    ((first.0 - dir.0, first.1 - dir.1), dir)
}

/// A little killer: the sum beside the grid and a small arrow pointing along the diagonal.
pub fn little_killer(f: &Frame, cells: &[Cell], sum: usize, slots: &mut Slots, out: &mut Out) {
    let (pos, (dr, dc)) = little_killer_clue(cells, (f.rows, f.cols));
    let ((x, y), scale) = slots.take(f, pos);
    let (ux, uy) = (dc as f64, dr as f64);
    let size = 0.3 * f.s * scale;
    out.text(
        (x - ux * 0.08 * f.s, y - uy * 0.08 * f.s),
        size,
        &sum.to_string(),
        "",
    );
    let from = (x + ux * 0.22 * f.s, y + uy * 0.22 * f.s);
    let tip = (x + ux * 0.44 * f.s, y + uy * 0.44 * f.s);
    let head = 0.1 * f.s;
    out.polyline(
        &[(tip.0 - ux * head, tip.1), tip, (tip.0, tip.1 - uy * head)],
        "stroke=\"#000\" stroke-width=\"1.3\" stroke-linejoin=\"round\"",
    );
    out.line(from, tip, "stroke=\"#000\" stroke-width=\"1.3\"");
}

/// How an outside clue looks: sandwich sums plain, X-sums in a rounded box, skyscraper
/// counts in bold italics.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    /// Sandwich sum.
    Sandwich,
    /// X-sum.
    XSum,
    /// Skyscraper count.
    Skyscraper,
    /// The value inside a template, `$` standing for it (ISS's marks: `:3:` for a
    /// numbered room, `|3|` for a hidden skyscraper).
    Template(&'static str),
}

/// A number beside a row or column.
pub fn clue(
    f: &Frame,
    clue: OutsideClue,
    value: usize,
    style: Style,
    slots: &mut Slots,
    out: &mut Out,
) {
    let (p, scale) = slots.take(f, clue_pos(clue));
    let size = 0.42 * f.s * scale;
    let text = value.to_string();
    match style {
        Style::Sandwich => out.text(p, size, &text, ""),
        Style::XSum => {
            let w = (text.len() as f64 * 0.6 + 0.5) * size;
            let h = size * 1.15;
            out.rect(
                (p.0 - w / 2.0, p.1 - h / 2.0),
                w,
                h,
                "rx=\"4\" fill=\"none\" stroke=\"#555\" stroke-width=\"1\"",
            );
            out.text(p, size, &text, "");
        }
        Style::Skyscraper => out.text(p, size, &text, "font-weight=\"bold\" font-style=\"italic\""),
        Style::Template(t) => out.text(p, size * 0.85, &t.replace('$', &text), ""),
    }
}

/// The label of a negative ratio rule ("negative ratio 1:2").
pub fn negative_ratio_label(ratios: &[usize]) -> String {
    let list: Vec<String> = ratios.iter().map(|r| format!("1:{r}")).collect();
    format!(
        "negative ratio{} {}",
        if ratios.len() == 1 { "" } else { "s" },
        list.join(", ")
    )
}

/// Font size of rule labels.
const TAG_FONT: f64 = 12.0;

/// Places labels left to right in rows `width` wide: (x offset, row, label width).
fn layout(tags: &[(&'static str, String)], width: f64) -> Vec<(f64, usize, f64)> {
    let mut placed = Vec::with_capacity(tags.len());
    let (mut x, mut row) = (0.0, 0);
    for (_, label) in tags {
        let w = label.chars().count() as f64 * TAG_FONT * 0.58 + 14.0;
        if x > 0.0 && x + w > width {
            x = 0.0;
            row += 1;
        }
        placed.push((x, row, w));
        x += w + 6.0;
    }
    placed
}

/// How many rows the labels take in a panel `width` wide.
pub fn tag_rows(tags: &[(&'static str, String)], width: f64) -> usize {
    layout(tags, width - 8.0)
        .last()
        .map_or(0, |&(_, row, _)| row + 1)
}

/// The labels, each its own rule group, from `(x, y)` in a panel `width` wide.
pub fn tags(tags: &[(&'static str, String)], (x, y): P, width: f64, out: &mut Out) {
    for ((kind, label), (dx, row, w)) in tags.iter().zip(layout(tags, width - 8.0)) {
        let top = y + row as f64 * TAG_ROW + 2.0;
        out.open_rule(kind, "");
        out.rect(
            (x + 4.0 + dx, top),
            w,
            TAG_ROW - 6.0,
            "rx=\"9\" fill=\"#f1f1f1\" stroke=\"#999\"",
        );
        out.fmt(format_args!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>",
            N(x + 4.0 + dx + w / 2.0),
            N(top + (TAG_ROW - 6.0) / 2.0 + TAG_FONT * 0.35),
            N(TAG_FONT),
            super::svg::escape(label)
        ));
        out.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_sides_follow_the_rows_and_columns_of_a_rectangle() {
        let rule = |json: &str| serde_json::from_str::<Constraint>(json).unwrap();
        // below a column of a 4×6 grid is row 5, right of a row column 7
        let below = [rule(r#"{"type":"skyscraper","clue":"r5c2","count":2}"#)];
        assert_eq!(sides(&below, (4, 6)), [false, false, true, false]);
        let right = [rule(r#"{"type":"sandwich","clue":"r2c7","sum":5}"#)];
        assert_eq!(sides(&right, (4, 6)), [false, true, false, false]);
        // a little killer running up-left from the last row of a 4×6 grid starts below it
        let cells = [Cell::new(4, 6), Cell::new(3, 5), Cell::new(2, 4)];
        assert_eq!(little_killer_clue(&cells, (4, 6)), ((4, 6), (-1, -1)));
        // a one-cell diagonal in the bottom-right corner: its clue right of the last
        // column (column 7), pointing down-left, with the grid's edge past the cell
        assert_eq!(
            little_killer_clue(&[Cell::new(4, 6)], (4, 6)),
            ((2, 6), (1, -1))
        );
    }
}
