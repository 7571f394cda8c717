//! The comment header of every CNF satdoku writes, written and read in one place.

use crate::format::text::{region_line, Line, Symbols};
use crate::geometry::{digits, Cell};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve::{Formula, Simplify};

/// What a satdoku CNF asks of the solver, as its header states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// The formula alone: a model is a solution (UNSAT: the puzzle has none).
    Solve,
    /// The formula plus a clause blocking this solution: UNSAT means it is the only one.
    Uniqueness(Grid),
    /// The formula plus a clause blocking this solution (any other is a model).
    Exclude(Grid),
}

/// The comment header of every CNF satdoku writes (`satdoku dimacs` and the query of
/// `satdoku check --proof`): the puzzle, its box shape (and, for variants, the whole puzzle
/// as one native JSON line), the simplification and the query — enough for `satdoku decode`
/// to rebuild the formula and read a model without the puzzle file.
///
/// [`Header::lines`] writes it; [`Header::parse`] reads back what `decode` needs
/// ([`HeaderText`]), one place for both so they cannot drift apart.
pub struct Header<'a> {
    /// The puzzle the CNF encodes.
    pub puzzle: &'a Puzzle,
    /// How its givens were folded before encoding.
    pub simplify: Simplify,
    /// What the CNF asks.
    pub query: Query,
}

/// The name of a simplification mode in the header (`simplify: full`), the CLI's spelling.
pub fn simplify_name(mode: Simplify) -> &'static str {
    match mode {
        Simplify::Full => "full",
        Simplify::Singles => "singles",
        Simplify::Givens => "givens",
        Simplify::None => "none",
    }
}

/// Reads a simplification name back (any case), as [`simplify_name`] writes it.
pub fn parse_simplify(name: &str) -> Option<Simplify> {
    [
        Simplify::Full,
        Simplify::Singles,
        Simplify::Givens,
        Simplify::None,
    ]
    .into_iter()
    .find(|&m| simplify_name(m).eq_ignore_ascii_case(name))
}

/// The start of the query line of a uniqueness query, followed by the blocked solution.
const UNIQUENESS: &str = "uniqueness: the last clause blocks the solution ";

impl Header<'_> {
    /// The comment lines (without `c `) for `formula`, the puzzle's formula under
    /// `self.simplify`: its cells decided before encoding and its auxiliary variables are
    /// part of what a reader needs to know.
    pub fn lines(&self, formula: &Formula) -> Vec<String> {
        let puzzle = self.puzzle;
        let n = puzzle.size();
        let (rows, cols) = (puzzle.shape().rows(), puzzle.shape().cols());
        let v = puzzle.shape().value_count();
        let std = Symbols::standard().for_shape(puzzle.shape());
        let (vars, _) = formula.size();
        let mut decided = Grid::for_shape(puzzle.shape());
        for (i, m) in formula.candidates().iter().enumerate() {
            if m.count_ones() == 1 {
                decided.set(Cell::from_position(i, cols), digits(*m).next());
            }
        }
        // a solution as a line: its digits, and a chaos construction's regions after `/`
        let solution = |g: &Grid| match g.regions() {
            Some(r) => format!("{}/{}", Line::new(g, &std), region_line(r)),
            None => Line::new(g, &std).to_string(),
        };
        let query = match &self.query {
            Query::Solve => "solve: a model is a solution".to_string(),
            Query::Uniqueness(g) => {
                format!("{UNIQUENESS}{}; UNSAT means unique", solution(g))
            }
            Query::Exclude(g) => format!(
                "exclude: the last clause blocks the solution {}",
                solution(g)
            ),
        };
        let mut h = vec![
            format!("satdoku {}: sudoku as CNF", env!("CARGO_PKG_VERSION")),
            format!("puzzle: {}", Line::new(puzzle.givens(), &std)),
            format!(
                "box: {}x{}",
                puzzle.shape().box_rows(),
                puzzle.shape().box_cols()
            ),
            format!("simplify: {}", simplify_name(self.simplify)),
            format!("query: {query}"),
            if puzzle.shape().has_standard_values() {
                format!(
                    "var x(r,c,d) = (r-1)*{} + (c-1)*{n} + d for r, c, d in 1..{n}: cell r,c holds digit d",
                    n * n
                )
            } else if !puzzle.shape().is_square() {
                let values = puzzle.shape().values();
                format!(
                    "var x(r,c,i) = (r-1)*{} + (c-1)*{v} + i for r in 1..{rows}, c in 1..{cols}, \
                     i in 1..{v}: cell r,c holds the value i{:+} (values {values}; a grid of \
                     {rows} rows x {cols} columns)",
                    cols * v,
                    values.offset()
                )
            } else {
                let values = puzzle.shape().values();
                format!(
                    "var x(r,c,i) = (r-1)*{} + (c-1)*{v} + i for r, c in 1..{n}, i in 1..{v}: \
                     cell r,c holds the value i{:+} (values {values})",
                    n * v,
                    values.offset()
                )
            },
        ];
        if !puzzle.is_classic() {
            // The rules and regions: `decode` rebuilds the puzzle from this line.
            let doc = crate::format::json::Document::new(puzzle.clone());
            if let Ok(line) = crate::format::json::to_string_line(&doc) {
                h.insert(2, format!("puzzle-json: {line}"));
            }
        }
        let extra = puzzle.shape().extra();
        if extra > 0 {
            // extra cells continue the grid's row-major numbering (the same formula)
            let last = Cell::from_position(rows * cols + extra - 1, cols);
            h.push(format!(
                "extra cells: {extra}, r{}c1 to {last}, outside the grid (rows below it in the \
                 formula above); vars {}..{} (ISS Var, in ISS's order)",
                rows + 1,
                rows * cols * v + 1,
                (rows * cols + extra) * v
            ));
        }
        let mut first_aux = (rows * cols + extra) * v + 1;
        if puzzle.shape().is_chaos() {
            let k = puzzle.shape().chaos_regions();
            h.push(format!(
                "var g(r,c,k) = {} + (r-1)*{} + (c-1)*{k} + k for r in 1..{rows}, c in 1..{cols}, \
                 k in 1..{k}: cell r,c is in found region k (chaos construction; region 1 holds \
                 r1c1, each next region is the one whose first cell in reading order comes next)",
                (rows * cols + extra) * v,
                cols * k
            ));
            first_aux += rows * cols * k;
        }
        if vars >= first_aux {
            h.push(format!(
                "vars {first_aux}..{vars} are auxiliary (variant rules{})",
                if puzzle.shape().is_chaos() {
                    ", region connectivity"
                } else {
                    ""
                }
            ));
        }
        h.push(format!(
            "decided before encoding ({} cells; their variables are constants, not in the clauses): {}",
            formula.decided(),
            Line::new(&decided, &std)
        ));
        if let Some(r) = formula.contradiction() {
            h.push(format!(
                "no solution: {r} (the formula is the empty clause)"
            ));
        }
        h.push("decode a model: satdoku decode --puzzle THIS_FILE SOLVER_OUTPUT".into());
        h
    }

    /// Reads the header of a CNF's text (its comment lines up to the `p` line); `None` when
    /// it has no satdoku header (no `puzzle:` line) or names an unknown simplification. The
    /// values stay text: the caller reads them with its own options and says which line was
    /// wrong.
    pub fn parse(text: &str) -> Option<HeaderText> {
        let mut h = HeaderText {
            puzzle: String::new(),
            puzzle_json: None,
            box_shape: None,
            simplify: Simplify::Full,
            uniqueness: None,
        };
        let mut found = false;
        for line in text.lines() {
            let Some(c) = line.strip_prefix("c ") else {
                if line.starts_with('p') {
                    break;
                }
                continue;
            };
            if let Some(p) = c.strip_prefix("puzzle-json: ") {
                h.puzzle_json = Some(p.to_string());
            } else if let Some(p) = c.strip_prefix("puzzle: ") {
                h.puzzle = p.to_string();
                found = true;
            } else if let Some(b) = c.strip_prefix("box: ") {
                h.box_shape = Some(b.to_string());
            } else if let Some(s) = c.strip_prefix("simplify: ") {
                h.simplify = parse_simplify(s.trim())?;
            } else if let Some(q) = c
                .strip_prefix("query: ")
                .and_then(|q| q.strip_prefix(UNIQUENESS))
            {
                h.uniqueness = q.split(';').next().map(str::to_string);
            }
        }
        found.then_some(h)
    }
}

/// A satdoku CNF header as read by [`Header::parse`], its values still text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderText {
    /// The givens as a text line (standard symbols).
    pub puzzle: String,
    /// The whole puzzle as one native JSON line (variants and irregular regions).
    pub puzzle_json: Option<String>,
    /// The box shape, `ROWSxCOLS`.
    pub box_shape: Option<String>,
    /// The simplification the formula was built with.
    pub simplify: Simplify,
    /// For a uniqueness query: the blocked solution as a text line.
    pub uniqueness: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_reads_back_what_it_writes() {
        let puzzle = crate::parse_one("...4..3.....3.2.").unwrap();
        let solution =
            crate::format::text::parse_grid("2314413212433421", 4, &Symbols::standard()).unwrap();
        for mode in [Simplify::Full, Simplify::None] {
            let formula = Formula::new(&puzzle, mode);
            let header = Header {
                puzzle: &puzzle,
                simplify: mode,
                query: Query::Uniqueness(solution.clone()),
            };
            let text: String = header
                .lines(&formula)
                .iter()
                .map(|l| format!("c {l}\n"))
                .collect();
            let read = Header::parse(&format!("{text}p cnf 64 1\n")).unwrap();
            assert_eq!(read.puzzle, "...4..3.....3.2.");
            assert_eq!(read.box_shape.as_deref(), Some("2x2"));
            assert_eq!(read.simplify, mode);
            assert_eq!(read.uniqueness.as_deref(), Some("2314413212433421"));
            assert_eq!(read.puzzle_json, None);
        }
        // No `puzzle:` line: not a satdoku header.
        assert_eq!(Header::parse("c hello\np cnf 1 1\n"), None);
        assert_eq!(parse_simplify("SINGLES"), Some(Simplify::Singles));
        assert_eq!(parse_simplify("most"), None);
    }
}
