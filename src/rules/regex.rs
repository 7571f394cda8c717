//! Regular-expression line (ISS "Regex"): the digits along the line, read in order as one
//! string, match the pattern as a whole. satdoku accepts ISS's documented syntax:
//!
//! - a digit `0`–`9`, or a letter for 10 and up (`A`/`a` = 10 … `Z`/`z` = 35, for grids above
//!   9×9), naming a value of the grid (1..N, or 0..N−1 on a grid of values 0-8, …); a value
//!   outside the grid's values is refused;
//! - `.` (any digit), classes `[1357]`, `[2-5]`, `[^19]` (any digit but those);
//! - grouping `( … )`, alternation `|`;
//! - quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (n, m ≤ 100).
//!
//! Whitespace is ignored (as in ISS). Anything else (anchors, escapes, back-references) is
//! refused with its position. Size bounds, refused past them: a pattern of at most 2000
//! characters, an automaton of at most 4096 states, and at most 20 000 distinct automaton
//! state sets at any position of the line.
//!
//! JSON: `{"type": "regex", "cells": ["r1c1", "r1c2", "r1c3"], "pattern": "(12|3)+"}`.
//!
//! CNF: the pattern compiles to an NFA (Thompson's construction: one fragment per
//! sub-expression, joined by empty moves); the line is a layered automaton whose state at
//! position i is the set of NFA states reachable after reading the first i digits (empty
//! moves closed), and it ends in a set holding the accepting state. Layer states are merged
//! when equal and kept only when they can still reach acceptance; clauses as in
//! [`crate::cnf::sum::mdd`] (one literal per live state and position).
//!
//! The checker matches the digits against the parsed pattern directly (the sets of string
//! positions each sub-expression can end at), without the NFA.

use super::cell_lists::{value_cells, values};
use super::diagram::Diagram;
use super::nfa::dfa::{Dfa, Moves, EMPTY};
use super::Rule;
use crate::cnf::sum::{Layered, Mdd};
use crate::geometry::{full_mask, Cell, Mask, Shape};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeSet;

/// Longest pattern accepted (characters).
const MAX_PATTERN: usize = 2000;
/// Largest count in a `{n,m}` quantifier.
const MAX_REPEAT: usize = 100;
/// Most NFA states a pattern may compile to.
const MAX_STATES: usize = 4096;
/// Most distinct NFA state sets at one position of the line.
const MAX_SETS: usize = 20_000;

/// A regular-expression line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Regex {
    /// The cells in reading order.
    pub cells: Vec<Cell>,
    /// The pattern the values must match as a whole (its characters name values of the
    /// grid's value set: digit index + the shape's offset).
    pub pattern: String,
}

/// A parsed pattern.
#[derive(Clone, Debug)]
enum Node {
    /// One digit of the set.
    Set(Mask),
    /// The parts in order (empty: the empty string).
    Concat(Vec<Node>),
    /// One of the options.
    Alt(Vec<Node>),
    /// The child repeated `min` to `max` times (`None`: no limit).
    Repeat(Box<Node>, usize, Option<usize>),
}

/// A recursive-descent parser over the pattern's characters (whitespace removed).
struct Parser {
    chars: Vec<char>,
    pos: usize,
    n: usize,
    /// A character's value minus its digit index.
    offset: i64,
}

impl Parser {
    fn parse(pattern: &str, n: usize, offset: i64) -> Result<Node, String> {
        if pattern.chars().count() > MAX_PATTERN {
            return Err(format!(
                "the pattern is longer than {MAX_PATTERN} characters"
            ));
        }
        let chars = pattern.chars().filter(|c| !c.is_whitespace()).collect();
        let mut p = Parser {
            chars,
            pos: 0,
            n,
            offset,
        };
        let node = p.alternation()?;
        match p.peek() {
            None => Ok(node),
            Some(c) => Err(p.error(&format!("unexpected '{c}'"))),
        }
    }

    fn error(&self, what: &str) -> String {
        format!("regex: {what} at position {}", self.pos)
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek();
        self.pos += c.is_some() as usize;
        c
    }

    fn alternation(&mut self) -> Result<Node, String> {
        let mut options = vec![self.sequence()?];
        while self.peek() == Some('|') {
            self.pos += 1;
            options.push(self.sequence()?);
        }
        Ok(if options.len() == 1 {
            options.pop().unwrap()
        } else {
            Node::Alt(options)
        })
    }

    fn sequence(&mut self) -> Result<Node, String> {
        let mut parts = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            parts.push(self.quantified()?);
        }
        Ok(if parts.len() == 1 {
            parts.pop().unwrap()
        } else {
            Node::Concat(parts)
        })
    }

    fn quantified(&mut self) -> Result<Node, String> {
        let mut node = self.primary()?;
        loop {
            let (min, max) = match self.peek() {
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('?') => (0, Some(1)),
                Some('{') => {
                    self.pos += 1;
                    self.braces()?
                }
                _ => return Ok(node),
            };
            // past the quantifier's last character
            self.pos += 1;
            node = Node::Repeat(Box::new(node), min, max);
        }
    }

    /// `n}`, `n,}` or `n,m}` after a `{`; leaves the position on the `}`.
    fn braces(&mut self) -> Result<(usize, Option<usize>), String> {
        let min = self
            .number()?
            .ok_or_else(|| self.error("expected a number after '{'"))?;
        let max = if self.peek() == Some(',') {
            self.pos += 1;
            match self.number()? {
                Some(m) if m < min => {
                    return Err(
                        self.error(&format!("{{{min},{m}}}: the maximum is below the minimum"))
                    )
                }
                m => m,
            }
        } else {
            Some(min)
        };
        if self.peek() != Some('}') {
            return Err(self.error("expected '}'"));
        }
        Ok((min, max))
    }

    fn number(&mut self) -> Result<Option<usize>, String> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Ok(None);
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        match text.parse::<usize>() {
            Ok(v) if v <= MAX_REPEAT => Ok(Some(v)),
            _ => Err(self.error(&format!("a repeat count above {MAX_REPEAT}"))),
        }
    }

    fn primary(&mut self) -> Result<Node, String> {
        match self.next() {
            None => Err(self.error("unexpected end of pattern")),
            Some('(') => {
                let node = self.alternation()?;
                if self.next() != Some(')') {
                    return Err(self.error("unclosed group"));
                }
                Ok(node)
            }
            Some('[') => self.class(),
            Some('.') => Ok(Node::Set(full_mask(self.n))),
            Some(c) if "*+?{}])|".contains(c) => {
                self.pos -= 1;
                Err(self.error(&format!("unexpected '{c}'")))
            }
            Some(c) => Ok(Node::Set(self.digit(c)?)),
        }
    }

    /// The digit a character stands for, as a one-digit mask.
    fn digit(&self, c: char) -> Result<Mask, String> {
        let v = match c {
            '0'..='9' => c as usize - '0' as usize,
            'a'..='z' => c as usize - 'a' as usize + 10,
            'A'..='Z' => c as usize - 'A' as usize + 10,
            _ => return Err(self.error(&format!("'{c}' is not a digit, letter or operator"))),
        };
        let index = v as i64 - self.offset;
        if !(1..=self.n as i64).contains(&index) {
            return Err(self.error(&format!(
                "'{c}' ({v}) is not a digit {}..{}",
                1 + self.offset,
                self.n as i64 + self.offset
            )));
        }
        Ok(1 << (index - 1))
    }

    fn class(&mut self) -> Result<Node, String> {
        let negated = self.peek() == Some('^');
        self.pos += negated as usize;
        let mut mask: Mask = 0;
        loop {
            let Some(c) = self.next() else {
                return Err(self.error("unclosed class '['"));
            };
            if c == ']' {
                break;
            }
            if self.peek() == Some('-') && self.chars.get(self.pos + 1).is_some_and(|&e| e != ']') {
                let end = self.chars[self.pos + 1];
                self.pos += 2;
                if end < c {
                    return Err(self.error(&format!("the range {c}-{end} runs backwards")));
                }
                for ch in c..=end {
                    mask |= self.digit(ch)?;
                }
            } else {
                mask |= self.digit(c)?;
            }
        }
        if mask == 0 {
            return Err(self.error("an empty class"));
        }
        Ok(Node::Set(if negated {
            full_mask(self.n) & !mask
        } else {
            mask
        }))
    }
}

/// A Thompson NFA: per state, its empty moves and its digit moves; state 0 starts.
#[derive(Default)]
struct Nfa {
    empty: Vec<Vec<u32>>,
    moves: Vec<Vec<(Mask, u32)>>,
}

impl Nfa {
    fn state(&mut self) -> Result<u32, String> {
        if self.empty.len() >= MAX_STATES {
            return Err(format!(
                "regex: the pattern needs more than {MAX_STATES} automaton states"
            ));
        }
        self.empty.push(Vec::new());
        self.moves.push(Vec::new());
        Ok(self.empty.len() as u32 - 1)
    }

    /// The fragment of `node`: its entry and exit states.
    fn build(&mut self, node: &Node) -> Result<(u32, u32), String> {
        let (s, e) = (self.state()?, self.state()?);
        match node {
            Node::Set(m) => self.moves[s as usize].push((*m, e)),
            Node::Concat(parts) => {
                let mut at = s;
                for p in parts {
                    let (a, b) = self.build(p)?;
                    self.empty[at as usize].push(a);
                    at = b;
                }
                self.empty[at as usize].push(e);
            }
            Node::Alt(options) => {
                for o in options {
                    let (a, b) = self.build(o)?;
                    self.empty[s as usize].push(a);
                    self.empty[b as usize].push(e);
                }
            }
            Node::Repeat(child, min, max) => {
                let mut at = s;
                for _ in 0..*min {
                    let (a, b) = self.build(child)?;
                    self.empty[at as usize].push(a);
                    at = b;
                }
                match max {
                    None => {
                        // a loop: enter or skip; from its end, again or leave
                        let (a, b) = self.build(child)?;
                        self.empty[at as usize].extend([a, e]);
                        self.empty[b as usize].extend([a, e]);
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            // one more copy, or leave
                            let (a, b) = self.build(child)?;
                            self.empty[at as usize].extend([a, e]);
                            at = b;
                        }
                        self.empty[at as usize].push(e);
                    }
                }
            }
        }
        Ok((s, e))
    }

    /// `set` with every state reachable by empty moves, sorted.
    fn close(&self, set: impl IntoIterator<Item = u32>) -> Vec<u32> {
        // a sorted vector, not a tree: this runs for every set and digit of every layer of
        // the line's diagram, and the sets are small
        let mut out: Vec<u32> = set.into_iter().collect();
        out.sort_unstable();
        out.dedup();
        let mut stack = out.clone();
        while let Some(s) = stack.pop() {
            for &t in &self.empty[s as usize] {
                if let Err(at) = out.binary_search(&t) {
                    out.insert(at, t);
                    stack.push(t);
                }
            }
        }
        out
    }

    /// The closed set after reading digit bit `bit` from `set`.
    fn step(&self, set: &[u32], bit: Mask) -> Vec<u32> {
        let mut targets = Vec::with_capacity(set.len() + 4);
        for &s in set {
            let to = self.moves[s as usize].iter().filter(|(m, _)| m & bit != 0);
            targets.extend(to.map(|&(_, t)| t));
        }
        self.close(targets)
    }
}

/// The compiled pattern: its NFA, start set and accepting state.
struct Compiled {
    nfa: Nfa,
    start: Vec<u32>,
    accept: u32,
}

impl Regex {
    fn compile(&self, shape: &Shape) -> Result<Compiled, String> {
        let node = Parser::parse(&self.pattern, shape.value_count(), shape.values().offset())?;
        let mut nfa = Nfa::default();
        let (s, accept) = nfa.build(&node)?;
        let start = nfa.close([s]);
        Ok(Compiled { nfa, start, accept })
    }

    /// The line's layered diagram over the pattern's sets of NFA states (interned as
    /// numbers for this diagram: [`crate::rules::nfa::dfa`]), reading the candidates `cands`
    /// (validation bounded its width).
    fn mdd(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Mdd<u32> {
        let c = self.compile(shape).expect("validated");
        let dfa = RefCell::new(Dfa::new(Pattern {
            nfa: c.nfa,
            accept: c.accept,
            width: shape.value_count(),
        }));
        let start = dfa.borrow_mut().intern(c.start);
        Mdd::build(
            &self.cells,
            cands,
            start,
            // the NFA's state set after one more digit; none left: rejected
            |_, &id, d| {
                let t = dfa.borrow_mut().step(id, d.index());
                (t != EMPTY).then_some(t)
            },
            |&id| dfa.borrow().accepts(id),
        )
    }
}

/// A compiled pattern's moves on closed sets of its NFA's states.
struct Pattern {
    nfa: Nfa,
    accept: u32,
    width: usize,
}

impl Moves for Pattern {
    fn step(&self, set: &[u32], bit: Mask) -> Vec<u32> {
        self.nfa.step(set, bit)
    }
    fn accepts(&self, set: &[u32]) -> bool {
        set.binary_search(&self.accept).is_ok()
    }
    fn width(&self) -> usize {
        self.width
    }
}

impl Rule for Regex {
    fn validate(&self, shape: &Shape) -> Result<(), String> {
        value_cells(shape, &self.cells)?;
        if self.cells.is_empty() {
            return Err("a regex line has no cells".into());
        }
        let n = shape.value_count();
        let c = self.compile(shape)?;
        // the state sets of every position, with every digit: the diagram's widest bound
        super::diagram::state_sets(
            c.start.clone(),
            self.cells.len(),
            n,
            MAX_SETS,
            |_, set, bit| c.nfa.step(set, bit),
        )
        .map_err(|i| {
            format!(
                "regex: after {i} cells the pattern is in more than {MAX_SETS} different \
                 automaton state sets (too large to encode)"
            )
        })?;
        Ok(())
    }

    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Box<dyn Diagram>> {
        Some(Box::new(self.mdd(shape, cands)))
    }

    /// The same diagram for a search that hosts propagators (as a state-machine line's:
    /// [`crate::rules::nfa`]), its clauses left out.
    fn search_diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Layered> {
        self.mdd(shape, cands).graph()
    }

    fn check(&self, shape: &Shape, grid: &Grid) -> Result<(), String> {
        let offset = shape.values().offset();
        let node = Parser::parse(&self.pattern, shape.value_count(), offset)?;
        let digits = values(grid, &self.cells);
        if ends(&node, &digits, &BTreeSet::from([0])).contains(&digits.len()) {
            Ok(())
        } else {
            let text: String = digits
                .iter()
                .map(|&d| {
                    u32::try_from(d as i64 + offset)
                        .ok()
                        .and_then(|v| char::from_digit(v, 36))
                        .unwrap_or('?')
                })
                .collect();
            Err(format!(
                "the line at {} reads {text}, which does not match {}",
                self.cells[0], self.pattern
            ))
        }
    }
}

/// The positions of `s` at which a match of `node` can end, starting from any of `from`.
fn ends(node: &Node, s: &[usize], from: &BTreeSet<usize>) -> BTreeSet<usize> {
    match node {
        Node::Set(m) => from
            .iter()
            .filter(|&&i| i < s.len() && m & (1 << (s[i] - 1)) != 0)
            .map(|&i| i + 1)
            .collect(),
        Node::Concat(parts) => parts.iter().fold(from.clone(), |at, p| ends(p, s, &at)),
        Node::Alt(options) => options.iter().flat_map(|o| ends(o, s, from)).collect(),
        Node::Repeat(child, min, max) => {
            let mut at = from.clone();
            for _ in 0..*min {
                at = ends(child, s, &at);
            }
            let mut all = at.clone();
            let mut k = *min;
            while max.is_none_or(|m| k < m) {
                let next: BTreeSet<usize> = ends(child, s, &at);
                let new: BTreeSet<usize> = next.difference(&all).copied().collect();
                if new.is_empty() && max.is_none() {
                    break;
                }
                all.extend(&next);
                at = next;
                k += 1;
                if at.is_empty() {
                    break;
                }
            }
            all
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::*;
    use crate::rules::Constraint;

    fn on(rc: &[(usize, usize)], pattern: &str) -> Vec<Constraint> {
        vec![Constraint::Regex(Regex {
            cells: cells(rc),
            pattern: pattern.into(),
        })]
    }

    #[test]
    fn counts_match_brute_force() {
        let line = [(1, 1), (1, 2), (2, 3), (3, 3)];
        for pattern in [
            "(12|3)+.*",
            "[^2]*2?[13]{2}",
            "1?(2|34)*.",
            ".{2,3}[2-4]",
            "(1|2)+|4.*",
        ] {
            counts_agree(&on(&line, pattern));
        }
        let col = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)];
        counts_agree_6x6(on(&col, "([135][246])+.|6.*"));
    }

    #[test]
    fn the_checker_matches_whole_lines() {
        let s = |t: &str| t.bytes().map(|b| (b - b'0') as usize).collect::<Vec<_>>();
        let matches = |p: &str, t: &str| {
            let node = Parser::parse(p, 9, 0).unwrap();
            ends(&node, &s(t), &BTreeSet::from([0])).contains(&t.len())
        };
        assert!(matches("(12|3)+", "12312"));
        assert!(!matches("(12|3)+", "1231"));
        assert!(matches("1{2,3}9", "119"));
        assert!(!matches("1{2,3}9", "11119"));
        assert!(matches("[^1-3]+", "4567"));
        assert!(matches("(1*)*2", "2"));
        // FOUR's row 1 reads 1234
        assert_checker(
            &on(&[(1, 1), (1, 2)], "1[2-4]|3."),
            FOUR,
            "2143341212344321",
        );
    }

    #[test]
    fn serde_and_errors() {
        round_trip(r#"{"type": "regex", "cells": ["r1c1", "r1c2"], "pattern": "1 2"}"#);
        let err = |p: &str| invalid(&on(&[(1, 1), (1, 2)], p)[0], 4);
        assert!(err("5").contains("not a digit 1..4"), "{}", err("5"));
        assert!(err("(1").contains("unclosed group"));
        assert!(err("1{3,2}").contains("below the minimum"));
        assert!(err("^1").contains("'^'"), "{}", err("^1"));
        assert!(err("[]").contains("empty class") || err("[]").contains("unclosed"));
        assert!(err("1{101}").contains("above 100"));
        assert!(err("((((1{100}){100}){100}){100})").contains("automaton states"));
        assert!(err(r"\d").contains("not a digit"));
    }
}
