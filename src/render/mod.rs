//! Pictures of puzzles as SVG: the grid with its regions, every variant rule drawn in the
//! conventions of f-puzzles and SudokuPad, and the digits of the givens, a solution or the
//! candidates. Several panels (the puzzle, two solutions, …) sit side by side in one picture.
//!
//! ```
//! use satdoku::render::{render, Panel};
//!
//! let puzzle = satdoku::parse_one("1...........2...")?;
//! let svg = render(&puzzle, None, &[Panel::givens()])?;
//! assert!(svg.starts_with("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Each constraint is one `<g class="rule rule-KIND">` group (KIND as in the JSON format),
//! so a picture can be checked element by element. Rules without a usual mark in the grid
//! (anti-knight, non-consecutive, …) are named in a row of labels under it. The file is
//! self-contained: generic font families only, no scripts, no external references.

mod extra;
mod grid;
mod lines;
mod marks;
mod outside;
pub mod svg;

use crate::format::text::Symbols;
use crate::geometry::{Cell, Mask, Shape};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::Constraint;
use svg::{escape, Out, N, P};

/// Why a picture could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// No panel was asked for.
    #[error("nothing to draw: no panel")]
    NoPanels,
    /// A panel's grid or candidate list does not fit the puzzle.
    #[error("panel {panel}: {what} is for a {found}-cell grid, the puzzle has {expected} cells")]
    Size {
        /// 0-based panel index.
        panel: usize,
        /// What did not fit ("solution", "candidates").
        what: &'static str,
        /// Cells found.
        found: usize,
        /// Cells of the puzzle.
        expected: usize,
    },
}

/// What a panel shows in the cells.
#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    /// The givens only.
    Givens,
    /// A full (or partial) grid; digits that are not givens are drawn in another colour.
    Solution(Grid),
    /// Per cell (row-major), the candidate digits, as pencil marks; a cell with one candidate
    /// shows it as a digit.
    Candidates(Vec<Mask>),
}

/// One grid of a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// A line above the grid ("solution 1").
    pub caption: Option<String>,
    /// The digits to show.
    pub content: Content,
    /// Cells to highlight (where two solutions differ).
    pub highlight: Vec<Cell>,
}

impl Panel {
    /// The puzzle with its givens.
    pub fn givens() -> Panel {
        Panel::of(Content::Givens)
    }
    /// A solution grid.
    pub fn solution(grid: Grid) -> Panel {
        Panel::of(Content::Solution(grid))
    }
    /// Candidates per cell.
    pub fn candidates(masks: Vec<Mask>) -> Panel {
        Panel::of(Content::Candidates(masks))
    }
    fn of(content: Content) -> Panel {
        Panel {
            caption: None,
            content,
            highlight: Vec::new(),
        }
    }
    /// The same panel with a caption.
    pub fn caption(mut self, text: impl Into<String>) -> Panel {
        self.caption = Some(text.into());
        self
    }
    /// Two solutions side by side, the cells where they differ highlighted in both.
    pub fn differing(a: Grid, b: Grid) -> [Panel; 2] {
        let diff = a.diff(&b);
        let k = diff.len();
        let first = Panel {
            highlight: diff.clone(),
            ..Panel::solution(a).caption("solution 1")
        };
        let second = Panel {
            highlight: diff,
            ..Panel::solution(b).caption(format!(
                "solution 2: {k} cell{} differ{}",
                if k == 1 { "" } else { "s" },
                if k == 1 { "s" } else { "" }
            ))
        };
        [first, second]
    }
}

/// Side of a cell in picture units (px at 100 %).
const S: f64 = 40.0;
/// Space around the whole picture.
const PAD: f64 = 12.0;
/// Space between panels.
const GAP: f64 = 28.0;
/// Height of a panel caption.
const CAPTION: f64 = 24.0;
/// Height of a row of rule labels.
const TAG_ROW: f64 = 24.0;
/// Height of the caption above the rows of extra cells.
const EXTRA_CAPTION: f64 = 22.0;

/// Where a grid sits: its top-left corner, the cell side, N (the longer side) and its rows
/// and columns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    x0: f64,
    y0: f64,
    s: f64,
    n: usize,
    rows: usize,
    cols: usize,
    /// Where the rows of extra cells start (below the grid and its outside clues).
    extra_top: f64,
}

impl Frame {
    /// The point at fractional cell coordinates (row `r`, column `c`; 0,0 is the grid's
    /// top-left corner, N,N its bottom-right).
    fn at(&self, r: f64, c: f64) -> P {
        (self.x0 + c * self.s, self.y0 + r * self.s)
    }
    /// The top-left corner of a cell; an extra cell (past the grid's rows) sits in the
    /// rows of extra cells, apart from the grid and its clues.
    fn corner(&self, cell: Cell) -> P {
        match cell.r().checked_sub(self.rows) {
            Some(k) => (
                self.x0 + cell.c() as f64 * self.s,
                self.extra_top + k as f64 * self.s,
            ),
            None => self.at(cell.r() as f64, cell.c() as f64),
        }
    }
    /// The centre of a cell.
    fn centre(&self, cell: Cell) -> P {
        let (x, y) = self.corner(cell);
        (x + self.s / 2.0, y + self.s / 2.0)
    }
    /// The centre of a cell position that may lie outside the grid (-1 or N).
    fn centre_of(&self, r: isize, c: isize) -> P {
        self.at(r as f64 + 0.5, c as f64 + 0.5)
    }
    /// The midpoint of two cells' centres (where a dot between them goes).
    fn between(&self, a: Cell, b: Cell) -> P {
        let (p, q) = (self.centre(a), self.centre(b));
        ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
    }
    /// The grid's width in picture units.
    fn width(&self) -> f64 {
        self.cols as f64 * self.s
    }
    /// The grid's height in picture units.
    fn height(&self) -> f64 {
        self.rows as f64 * self.s
    }
    /// The cell offset from `cell` by (`dr`, `dc`), if it lies inside the grid.
    fn offset(&self, cell: Cell, dr: isize, dc: isize) -> Option<Cell> {
        let (r, c) = (cell.r() as isize + dr, cell.c() as isize + dc);
        (r >= 0 && c >= 0 && r < self.rows as isize && c < self.cols as isize)
            .then(|| Cell::from_index(r as usize, c as usize))
    }
}

/// Where a constraint's drawing goes, bottom to top.
enum Layer {
    /// Cell fills (extra regions, clones, parity shapes).
    Shade,
    /// Lines through cell centres.
    Lines,
    /// Killer cages.
    Cages,
    /// Dots, letters and circles on edges, corners and cells.
    Marks,
    /// Clues outside the grid.
    Clues,
    /// A label under the grid, for rules with no mark in it.
    Tag(String),
}

/// The drawings of all constraints, sorted into layers.
#[derive(Default)]
struct Layers {
    shade: Out,
    lines: Out,
    cages: Out,
    marks: Out,
    clues: Out,
    tags: Vec<(&'static str, String)>,
}

/// Draws one constraint. The match is exhaustive on purpose: a new rule type without a
/// drawing does not compile.
fn draw_rule(c: &Constraint, f: &Frame, shape: &Shape, slots: &mut outside::Slots) -> (Layer, Out) {
    use Constraint as C;
    let mut g = Out::new();
    let o = &mut g;
    let layer = match c {
        C::Diagonal(d) => {
            lines::diagonals(f, d.positive, d.negative, o);
            Layer::Lines
        }
        C::AntiKnight(_) => Layer::Tag("anti-knight".into()),
        C::AntiKing(_) => Layer::Tag("anti-king".into()),
        C::NonConsecutive(_) => Layer::Tag("non-consecutive".into()),
        C::DisjointGroups(_) => Layer::Tag("disjoint groups".into()),
        C::Doppelganger(_) => Layer::Tag("doppelganger".into()),
        C::NegativeRatio(r) => Layer::Tag(outside::negative_ratio_label(&r.ratios)),
        C::NegativeXv(_) => Layer::Tag("negative XV".into()),
        C::ExtraRegion(r) => {
            marks::fill(f, &r.cells, marks::EXTRA_REGION, o);
            Layer::Shade
        }
        C::Difference(d) => {
            marks::dot(f, d.cells, false, (d.value != 1).then_some(d.value), o);
            Layer::Marks
        }
        C::Ratio(r) => {
            marks::dot(f, r.cells, true, (r.value != 2).then_some(r.value), o);
            Layer::Marks
        }
        C::Xv(x) => {
            marks::xv(f, x.cells, x.value, o);
            Layer::Marks
        }
        C::SumDot(d) => {
            marks::sum_dot(f, d.cells, d.sum, o);
            Layer::Marks
        }
        C::Odd(r) => {
            marks::parity(f, &r.cells, true, o);
            Layer::Shade
        }
        C::Even(r) => {
            marks::parity(f, &r.cells, false, o);
            Layer::Shade
        }
        C::Minimum(r) => {
            marks::extremum(f, &r.cells, false, o);
            Layer::Shade
        }
        C::Maximum(r) => {
            marks::extremum(f, &r.cells, true, o);
            Layer::Shade
        }
        C::PencilMarks(p) => {
            marks::pencil_marks(f, p.cell, &p.digits, o);
            Layer::Marks
        }
        C::Clone(r) => {
            marks::clone(f, &r.cells, &r.clones, o);
            Layer::Shade
        }
        C::Quadruple(q) => {
            marks::quadruple(f, &q.cells, &q.digits, o);
            Layer::Marks
        }
        C::RowIndexer(r) => indexer(f, &r.cells, marks::ROW_INDEXER, o),
        C::ColumnIndexer(r) => indexer(f, &r.cells, marks::COLUMN_INDEXER, o),
        C::BoxIndexer(r) => indexer(f, &r.cells, marks::BOX_INDEXER, o),
        C::Thermometer(t) => {
            lines::thermometer(f, &t.cells, false, o);
            Layer::Lines
        }
        C::SlowThermometer(t) => {
            lines::thermometer(f, &t.cells, true, o);
            Layer::Lines
        }
        C::Palindrome(l) => coloured_line(f, &l.cells, lines::PALINDROME, o),
        C::BetweenLine(l) => {
            lines::ended(f, &l.cells, lines::End::Circle, o);
            Layer::Lines
        }
        C::Lockout(l) => {
            lines::ended(f, &l.cells, lines::End::Diamond, o);
            if let Some(d) = l.difference {
                // a stated difference, written by the first diamond as whispers write theirs
                lines::note(f, l.cells[0], &format!("≥{d}"), o);
            }
            Layer::Lines
        }
        C::Renban(l) => coloured_line(f, &l.cells, lines::RENBAN, o),
        C::Whispers(w) => {
            lines::whispers(f, &w.cells, w.difference, shape.size(), o);
            Layer::Lines
        }
        C::EntropicLine(l) => coloured_line(f, &l.cells, lines::ENTROPIC, o),
        C::ModularLine(l) if l.modulus == 3 => coloured_line(f, &l.cells, lines::MODULAR, o),
        C::ModularLine(l) => {
            extra::labelled(f, &l.cells, lines::MODULAR, &format!("%{}", l.modulus), o)
        }
        C::Nabner(l) => coloured_line(f, &l.cells, lines::NABNER, o),
        C::Killer(k) => {
            lines::cage(f, &k.cells, k.sum, o);
            Layer::Cages
        }
        C::LittleKiller(k) => {
            outside::little_killer(f, &k.cells, k.sum, slots, o);
            Layer::Clues
        }
        C::Sandwich(r) => {
            outside::clue(f, r.clue, r.sum, outside::Style::Sandwich, slots, o);
            Layer::Clues
        }
        C::XSum(r) => {
            outside::clue(f, r.clue, r.sum, outside::Style::XSum, slots, o);
            Layer::Clues
        }
        C::Skyscraper(r) => {
            outside::clue(f, r.clue, r.count, outside::Style::Skyscraper, slots, o);
            Layer::Clues
        }
        C::Arrow(a) => {
            lines::arrow(f, &a.circle, &a.line, o);
            Layer::Lines
        }
        C::DoubleArrow(a) => {
            lines::double_arrow(f, &a.cells, o);
            Layer::Lines
        }
        C::RegionSumLine(l) => coloured_line(f, &l.cells, lines::REGION_SUM, o),
        C::ZipperLine(l) => coloured_line(f, &l.cells, lines::ZIPPER, o),
        C::SumLine(l) => {
            // a loop is drawn closed
            let mut cells = l.cells.clone();
            if l.is_loop {
                cells.extend(l.cells.first());
            }
            extra::labelled(f, &cells, lines::SUM_LINE, &l.sum.to_string(), o)
        }
        C::Lunchbox(l) => extra::labelled(f, &l.cells, lines::LUNCHBOX, &l.sum.to_string(), o),
        C::NumberedRoom(r) => extra::clue(f, r.clue, r.value, ":$:", slots, o),
        C::HiddenSkyscraper(r) => extra::clue(f, r.clue, r.value, "|$|", slots, o),
        C::AntiTaxicab(_) => Layer::Tag("anti-taxicab".into()),
        C::GlobalEntropy(_) => Layer::Tag("global entropy (every 2x2)".into()),
        C::GlobalMod(_) => Layer::Tag("global mod 3 (every 2x2)".into()),
        C::DutchFlatmates(_) => Layer::Tag("Dutch flatmates".into()),
        C::RellikCage(k) => extra::rellik(f, &k.cells, k.sum, o),
        C::CountingCircles(k) => extra::circles(f, &k.cells, o),
        C::SameValues(k) => extra::sets(f, &k.sets, "=", o),
        C::GreaterThan(k) => extra::greater(f, &k.pairs(), o),
        C::EqualSums(k) => extra::sets(f, &k.segments, "Σ", o),
        C::ValueIndexing(l) => extra::labelled(f, &l.cells, lines::VALUE_INDEXING, "→", o),
        C::Relation(l) => extra::relation(f, l, o),
        C::CountDistinct(k) => extra::count_distinct(f, &k.cells, o),
        C::SameRegion(k) => extra::labelled(f, &k.cells, lines::SAME_REGION, "R=", o),
        C::DifferentRegions(k) => extra::labelled(f, &k.cells, lines::SAME_REGION, "R≠", o),
        C::ChaosArrow(k) => extra::chaos_arrow(f, k, o),
        C::ChaosCount(k) => extra::region_count(f, k.cell, &k.cells, "R=", o),
        C::DistinctRegions(k) => extra::region_count(f, k.cell, &k.cells, "R#", o),
        C::Nfa(k) => extra::nfa(f, k, o),
        C::EqualityCage(k) => extra::equality(f, &k.cells, o),
        C::FullRank(k) => extra::full_rank(f, k, slots, o),
        C::WeightedSum(k) => extra::weighted_sum(f, k, o),
        C::LookAndSay(k) => extra::look_and_say(f, k, o),
        C::ContainAtLeast(k) => extra::contain_at_least(f, k, o),
        C::ConnectedValues(k) => {
            let values: Vec<String> = k.values.iter().map(|v| v.to_string()).collect();
            let size = k.size.map(|s| format!(", {s} cells")).unwrap_or_default();
            Layer::Tag(format!("connected values {}{size}", values.join(" ")))
        }
        C::Regex(l) => {
            extra::labelled(f, &l.cells, lines::RELATION, &format!("/{}/", l.pattern), o)
        }
        C::Or(_) | C::And(_) => Layer::Tag(extra::combination(c)),
    };
    (layer, g)
}

/// A line rule drawn as a coloured line, on the lines layer.
fn coloured_line(f: &Frame, cells: &[Cell], pen: lines::Pen, o: &mut Out) -> Layer {
    lines::coloured(f, cells, pen, o);
    Layer::Lines
}

/// An indexer's cells shaded in its colour, on the shade layer.
fn indexer(f: &Frame, cells: &[Cell], colour: &'static str, o: &mut Out) -> Layer {
    marks::indexer(f, cells, colour, o);
    Layer::Shade
}

impl Layers {
    fn of(puzzle: &Puzzle, f: &Frame) -> Layers {
        let mut layers = Layers::default();
        let mut slots = outside::Slots::new(puzzle.written_constraints(), (f.rows, f.cols));
        for c in puzzle.written_constraints() {
            if let Some(label) = extra::on_extra_cells(c, puzzle.shape()) {
                // no mark reaches the rows of extra cells: the rule is named under the grid
                layers.tags.push((c.kind(), label));
                continue;
            }
            let (layer, body) = draw_rule(c, f, puzzle.shape(), &mut slots);
            let out = match layer {
                Layer::Shade => &mut layers.shade,
                Layer::Lines => &mut layers.lines,
                Layer::Cages => &mut layers.cages,
                Layer::Marks => &mut layers.marks,
                Layer::Clues => &mut layers.clues,
                Layer::Tag(label) => {
                    layers.tags.push((c.kind(), label));
                    continue;
                }
            };
            out.open_rule(c.kind(), "");
            out.raw(body.as_str());
            out.close();
        }
        layers
    }
}

/// Splits `text` into lines of at most `width` characters at spaces (explicit line breaks
/// kept; a longer word gets a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let len = line.chars().count();
            if len > 0 && len + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Characters of a sans-serif font of `size` that fit in `width` (average glyph ≈ 0.55 em).
fn fits(width: f64, size: f64) -> usize {
    (width / (size * 0.55)).floor() as usize
}

/// Draws `puzzle` as an SVG document: a header with its title and author, the panels side
/// by side, and the rules text (`rules`) under them. Digits are written as numbers 1..N.
pub fn render(
    puzzle: &Puzzle,
    rules: Option<&str>,
    panels: &[Panel],
) -> Result<String, RenderError> {
    render_with(puzzle, rules, panels, None)
}

/// [`render`], writing digits in `symbols` (e.g. `0`–`F` for a hex puzzle) when given.
pub fn render_with(
    puzzle: &Puzzle,
    rules: Option<&str>,
    panels: &[Panel],
    symbols: Option<&Symbols>,
) -> Result<String, RenderError> {
    // digits are written as the puzzle's values (0-8, say)
    let shaped = symbols.map(|s| s.for_shape(puzzle.shape()));
    let writing = grid::Writing(shaped.as_ref(), puzzle.shape().values());
    if panels.is_empty() {
        return Err(RenderError::NoPanels);
    }
    let n = puzzle.size();
    let (rows, cols) = (puzzle.shape().rows(), puzzle.shape().cols());
    for (i, p) in panels.iter().enumerate() {
        let found = match &p.content {
            Content::Givens => continue,
            Content::Solution(g) => (g.rows() * g.cols() + g.extra(), "solution"),
            Content::Candidates(m) => (m.len(), "candidates"),
        };
        let expected = puzzle.shape().cell_count();
        if found.0 != expected {
            return Err(RenderError::Size {
                panel: i,
                what: found.1,
                found: found.0,
                expected,
            });
        }
    }
    // A side with clues outside the grid gets a margin one cell wide.
    let [top, right, bottom, left] = outside::sides(puzzle.written_constraints(), (rows, cols))
        .map(|clues| if clues { S } else { S / 4.0 });
    let panel_w = cols as f64 * S + left + right;
    let width = 2.0 * PAD + panels.len() as f64 * panel_w + (panels.len() - 1) as f64 * GAP;
    let inner = width - 2.0 * PAD;

    // The label row is laid out once: every panel shows the same rules.
    let probe = Frame {
        x0: 0.0,
        y0: 0.0,
        s: S,
        n,
        rows,
        cols,
        extra_top: 0.0,
    };
    // extra cells: rows of C cells under a caption, below the grid's bottom clues
    let extra_rows = puzzle.shape().extra().div_ceil(cols);
    let extra_h = if extra_rows > 0 {
        EXTRA_CAPTION + extra_rows as f64 * S
    } else {
        0.0
    };
    let tag_rows = outside::tag_rows(&Layers::of(puzzle, &probe).tags, panel_w);
    let captioned = panels.iter().any(|p| p.caption.is_some());
    let caption_h = if captioned { CAPTION } else { 0.0 };
    let panel_h = caption_h + top + bottom + rows as f64 * S + extra_h + tag_rows as f64 * TAG_ROW;

    let mut head = Out::new();
    let mut y = PAD;
    if let Some(title) = puzzle.title.as_deref().filter(|t| !t.trim().is_empty()) {
        for line in wrap(title, fits(inner, 20.0 * 1.15)) {
            head.text((width / 2.0, y + 12.0), 20.0, &line, "font-weight=\"bold\"");
            y += 26.0;
        }
    }
    if let Some(author) = puzzle.author.as_deref().filter(|t| !t.trim().is_empty()) {
        for line in wrap(&format!("by {author}"), fits(inner, 14.0)) {
            head.text((width / 2.0, y + 8.0), 14.0, &line, "font-style=\"italic\"");
            y += 19.0;
        }
    }
    if y > PAD {
        y += 6.0;
    }
    let panels_y = y;
    let mut body = Out::new();
    for (i, panel) in panels.iter().enumerate() {
        let px = PAD + i as f64 * (panel_w + GAP);
        let y0 = panels_y + caption_h + top;
        let f = Frame {
            x0: px + left,
            y0,
            s: S,
            n,
            rows,
            cols,
            extra_top: y0 + rows as f64 * S + bottom + EXTRA_CAPTION,
        };
        if let Some(c) = &panel.caption {
            body.text(
                (px + panel_w / 2.0, panels_y + CAPTION / 2.0 - 2.0),
                16.0,
                c,
                "class=\"caption\"",
            );
        }
        let below = f.y0 + f.height() + bottom + extra_h;
        draw_panel(puzzle, panel, &f, (px, below), panel_w, writing, &mut body);
    }
    y = panels_y + panel_h;
    let mut foot = Out::new();
    if let Some(rules) = rules.filter(|t| !t.trim().is_empty()) {
        y += 8.0;
        let lines = wrap(rules, fits(inner, 13.0));
        foot.raw("<g class=\"rules-text\" text-anchor=\"start\">");
        for line in lines {
            foot.fmt(format_args!(
                "<text x=\"{}\" y=\"{}\" font-size=\"13\">{}</text>",
                N(PAD),
                N(y + 12.0),
                escape(&line)
            ));
            y += 17.0;
        }
        foot.raw("</g>");
    }
    let height = y + PAD;

    let mut doc = Out::new();
    doc.fmt(format_args!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" \
         text-anchor=\"middle\">",
        w = N(width.ceil()),
        h = N(height.ceil())
    ));
    let name = puzzle.title.as_deref().unwrap_or("sudoku");
    doc.fmt(format_args!("<title>{}</title>", escape(name)));
    doc.fmt(format_args!(
        "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
    ));
    doc.raw(head.as_str());
    doc.raw(body.as_str());
    doc.raw(foot.as_str());
    doc.raw("</svg>\n");
    Ok(doc.as_str().to_string())
}

/// One panel: fills, grid, rules, digits and the label row, in that order (bottom to top).
fn draw_panel(
    puzzle: &Puzzle,
    panel: &Panel,
    f: &Frame,
    tags_at: P,
    panel_w: f64,
    writing: grid::Writing,
    out: &mut Out,
) {
    let layers = Layers::of(puzzle, f);
    out.raw("<g class=\"panel\">");
    grid::backgrounds(puzzle.shape(), f, &panel.highlight, out);
    out.raw(layers.shade.as_str());
    grid::thin_lines(f, out);
    out.raw(layers.lines.as_str());
    grid::region_borders(puzzle.shape(), f, out);
    if let Content::Solution(g) = &panel.content {
        if let Some(regions) = g.regions() {
            grid::found_region_borders(regions, f, out);
        }
    }
    out.raw(layers.cages.as_str());
    out.raw(layers.marks.as_str());
    out.raw(layers.clues.as_str());
    grid::extra_cells(puzzle.shape(), f, out);
    grid::digits_layer(puzzle.givens(), &panel.content, f, writing, out);
    outside::tags(&layers.tags, tags_at, panel_w, out);
    out.raw("</g>");
}

#[cfg(test)]
mod tests;
