//! Drawings of the rules taken from the Interactive Sudoku Solver's vocabulary (issue 24):
//! rellik cages, counting circles, same-value sets, greater-than signs, equal-sum segments;
//! and the words of rules combined with `or` and `and`.

use super::outside::{self, Slots};
use super::svg::Out;
use super::{lines, marks, Frame, Layer};
use crate::geometry::Cell;
use crate::rules::clue::OutsideClue;
use crate::rules::Constraint;

/// Fill of same-value sets and equal-sum segments.
const SETS: &str = "#e8dcf4";

/// A label in the top-left corner of `cell`.
fn corner(f: &Frame, cell: Cell, label: &str, out: &mut Out) {
    let (x, y) = f.at(cell.r() as f64, cell.c() as f64);
    out.text((x + 0.25 * f.s, y + 0.22 * f.s), 0.24 * f.s, label, "");
}

/// A rellik cage: a cage outline with `≠sum` in its first cell's corner.
pub fn rellik(f: &Frame, cells: &[Cell], sum: usize, out: &mut Out) -> Layer {
    lines::cage(f, cells, None, out);
    if let Some(&first) = cells.iter().min() {
        corner(f, first, &format!("≠{sum}"), out);
    }
    Layer::Cages
}

/// An equality cage: a cage outline with `=` in its first cell's corner.
pub fn equality(f: &Frame, cells: &[Cell], out: &mut Out) -> Layer {
    lines::cage(f, cells, None, out);
    if let Some(&first) = cells.iter().min() {
        corner(f, first, "=", out);
    }
    Layer::Cages
}

/// A look-and-say cage: a cage outline with its clue in the first cell's corner, as ISS
/// writes it (`1617`: one 6, one 7), or `1×6 1×7` when a count or digit has two figures.
pub fn look_and_say(f: &Frame, k: &crate::rules::look_and_say::LookAndSay, out: &mut Out) -> Layer {
    lines::cage(f, &k.cells, None, out);
    let short = k.counts.iter().all(|p| p.iter().all(|&x| x < 10));
    let clue: Vec<String> = k
        .counts
        .iter()
        .map(|&[n, d]| {
            if short {
                format!("{n}{d}")
            } else {
                format!("{n}×{d}")
            }
        })
        .collect();
    if let Some(&first) = k.cells.iter().min() {
        corner(f, first, &clue.join(if short { "" } else { " " }), out);
    }
    Layer::Cages
}

/// A contain-at-least set: a cage outline with `≥` and its values in the first cell's corner
/// (`≥1,1,3`: two 1s and a 3 at least).
pub fn contain_at_least(
    f: &Frame,
    k: &crate::rules::contain_at_least::ContainAtLeast,
    out: &mut Out,
) -> Layer {
    lines::cage(f, &k.cells, None, out);
    let values: Vec<String> = k.values.iter().map(|v| v.to_string()).collect();
    if let Some(&first) = k.cells.iter().min() {
        corner(f, first, &format!("≥{}", values.join(",")), out);
    }
    Layer::Cages
}

/// Counting circles: a ring in each cell.
pub fn circles(f: &Frame, cells: &[Cell], out: &mut Out) -> Layer {
    for &c in cells {
        out.circle(
            f.centre(c),
            0.4 * f.s,
            "fill=\"none\" stroke=\"#7a5fb0\" stroke-width=\"2\"",
        );
    }
    Layer::Marks
}

/// Sets (same values, equal sums): each set shaded and marked with its number and `mark`.
pub fn sets(f: &Frame, sets: &[Vec<Cell>], mark: &str, out: &mut Out) -> Layer {
    for (i, set) in sets.iter().enumerate() {
        marks::fill(f, set, SETS, out);
        if let Some(&first) = set.iter().min() {
            corner(f, first, &format!("{mark}{}", i + 1), out);
        }
    }
    Layer::Shade
}

/// Count distinct: the cells shaded, `#` in the control cell's corner.
pub fn count_distinct(f: &Frame, cells: &[Cell], out: &mut Out) -> Layer {
    marks::fill(f, cells, SETS, out);
    corner(f, cells[0], "#", out);
    Layer::Shade
}

/// A chaos arrow (regions of a chaos construction): a thin arrow from the start cell along
/// each arm of two cells or more, and `R→` in the control cell's corner.
pub fn chaos_arrow(f: &Frame, k: &crate::rules::chaos_arrow::ChaosArrow, out: &mut Out) -> Layer {
    for arm in &k.arms {
        if let [start, rest @ ..] = &arm[..] {
            if !rest.is_empty() {
                lines::arrow(f, &[*start], rest, out);
            }
        }
    }
    corner(f, k.cell, "R→", out);
    Layer::Lines
}

/// A chaos count or distinct-regions clue (regions of a chaos construction): the counted
/// cells shaded, `label` in the control cell's corner (`R=` counts the first cell's region,
/// `R#` the regions).
pub fn region_count(f: &Frame, control: Cell, cells: &[Cell], label: &str, out: &mut Out) -> Layer {
    marks::fill(f, cells, SETS, out);
    corner(f, control, label, out);
    Layer::Shade
}

/// Greater-than signs: `>` between each touching pair, opening towards the greater cell.
pub fn greater(f: &Frame, pairs: &[(Cell, Cell)], out: &mut Out) -> Layer {
    for &(a, b) in pairs {
        let sign = match (
            b.r() as isize - a.r() as isize,
            b.c() as isize - a.c() as isize,
        ) {
            (0, 1) => ">",
            (0, _) => "<",
            (1, _) => "v",
            _ => "^",
        };
        out.text(f.between(a, b), 0.4 * f.s, sign, "font-weight=\"bold\"");
    }
    Layer::Marks
}

/// A line in its colour with a label at its start (a sum, an arrow).
pub fn labelled(f: &Frame, cells: &[Cell], pen: lines::Pen, label: &str, out: &mut Out) -> Layer {
    lines::labelled(f, cells, pen, label, out);
    Layer::Lines
}

/// A state-machine line: each segment drawn as a line, the first labelled `NFA`; the
/// automaton itself is not drawn.
pub fn nfa(f: &Frame, k: &crate::rules::nfa::Nfa, out: &mut Out) -> Layer {
    let mut from = 0;
    for (i, &end) in k.breaks.iter().chain([&k.cells.len()]).enumerate() {
        if let Some(segment) = k.cells.get(from..end) {
            if i == 0 {
                lines::labelled(f, segment, lines::RELATION, "NFA", out);
            } else {
                lines::coloured(f, segment, lines::RELATION, out);
            }
        }
        from = end;
    }
    Layer::Lines
}

/// A table relation: a line through its cells, labelled `R` (consecutive pairs) or `R*`
/// (every two cells); the table itself is not drawn.
pub fn relation(f: &Frame, r: &crate::rules::relation::Relation, out: &mut Out) -> Layer {
    let label = match r.pairs {
        crate::rules::relation::Pairs::Consecutive => "R",
        crate::rules::relation::Pairs::All => "R*",
    };
    labelled(f, &r.cells, lines::RELATION, label, out)
}

/// An outside clue written in an ISS template (`:$:` numbered room, `|$|` hidden
/// skyscraper).
pub fn clue(
    f: &Frame,
    clue: OutsideClue,
    value: usize,
    template: &'static str,
    slots: &mut Slots,
    out: &mut Out,
) -> Layer {
    outside::clue(
        f,
        clue,
        value,
        outside::Style::Template(template),
        slots,
        out,
    );
    Layer::Clues
}

/// A weighted sum: its cells shaded, `Σ=sum` in the first cell's corner (`Σw=sum` when it
/// has weights, which are not drawn).
pub fn weighted_sum(
    f: &Frame,
    k: &crate::rules::weighted_sum::WeightedSum,
    out: &mut Out,
) -> Layer {
    marks::fill(f, &k.cells, SETS, out);
    let w = if k.weights.is_some() { "w" } else { "" };
    corner(f, k.cells[0], &format!("Σ{w}={}", k.sum), out);
    Layer::Shade
}

/// Full rank: each clue as `#rank` beside its row or column (ISS's mark), `#rank≠` when no
/// two numbers may be equal and `#rank=` when any may; without clues (ties `none`), words
/// under the grid.
pub fn full_rank(
    f: &Frame,
    k: &crate::rules::full_rank::FullRank,
    slots: &mut Slots,
    out: &mut Out,
) -> Layer {
    use crate::rules::full_rank::Ties;
    if k.clues.is_empty() {
        return Layer::Tag("full rank: no two rows or columns read as equal numbers".into());
    }
    let template = match k.ties {
        Ties::Unclued => "#$",
        Ties::None => "#$≠",
        Ties::Any => "#$=",
    };
    for c in &k.clues {
        clue(f, c.clue, c.rank, template, slots, out);
    }
    Layer::Clues
}

/// A combination of rules in words, for its tag: `or: killer | (thermometer + renban)`.
/// The branches are not drawn in the grid: a mark there would read as a rule that holds.
pub fn combination(c: &Constraint) -> String {
    fn words(c: &Constraint) -> String {
        match c {
            Constraint::Or(x) => {
                let parts: Vec<String> = x.of.iter().map(words).collect();
                format!("({})", parts.join(" | "))
            }
            Constraint::And(x) => {
                let parts: Vec<String> = x.of.iter().map(words).collect();
                format!("({})", parts.join(" + "))
            }
            other => other.kind().to_string(),
        }
    }
    let inner = words(c);
    format!("{}: {}", c.kind(), &inner[1..inner.len() - 1])
}

/// The label of a rule that names extra cells (cells outside the grid, drawn in rows of
/// their own, where no line or mark of the grid reaches): its kind and the cells it names,
/// in the order its JSON lists them. `None` for a rule on the grid's cells only.
pub fn on_extra_cells(c: &Constraint, shape: &crate::geometry::Shape) -> Option<String> {
    fn walk(v: &serde_json::Value, cells: &mut Vec<Cell>) {
        match v {
            serde_json::Value::String(s) => {
                if let Ok(cell) = s.parse::<Cell>() {
                    if !cells.contains(&cell) {
                        cells.push(cell);
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, cells)),
            serde_json::Value::Object(o) => o.values().for_each(|x| walk(x, cells)),
            _ => {}
        }
    }
    if shape.extra() == 0 {
        return None;
    }
    let mut cells = Vec::new();
    walk(&serde_json::to_value(c).ok()?, &mut cells);
    cells.iter().any(|&x| shape.is_extra(x)).then(|| {
        format!(
            "{} {}",
            c.kind(),
            crate::rules::cell_lists::describe(&cells)
        )
    })
}
