//! [`DiagramPropagator`]: the lines of a puzzle's diagram rules as an
//! [`engine::Propagator`](crate::engine::Propagator) (module docs of [`crate::diagrams`]).

use crate::cnf::sum::{Layered, Shortcut};
use crate::engine::propagator::{explained, hand_over};
use crate::engine::{Lit, Propagator, Var};
use crate::geometry::{Mask, Shape};
use crate::sums::domain::Domains;
use std::collections::VecDeque;

#[cfg(test)]
thread_local! {
    /// Mutation switch for the soundness tests: every reason forgets its last cited literal.
    pub(super) static MUTATE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// No local number: the cell is on no line.
const NONE: u32 = u32::MAX;

/// One line: its cells (local numbers) and its diagram's edges between states numbered
/// across all layers (`offsets[i]` the first state of layer `i`), each layer's edges sorted
/// by digit so that a pass skips the digits a cell has lost as blocks.
#[derive(Clone, Debug)]
struct Line {
    cells: Vec<u32>,
    /// First state of each layer, and the number of states after the last.
    offsets: Vec<u32>,
    /// (from, to) per edge, layer by layer, by digit within a layer.
    edges: Vec<(u32, u32)>,
    /// Per layer: (0-based digit, first edge, end) of each digit's edges.
    runs: Vec<Vec<(u8, u32, u32)>>,
    /// The faster pass that finds the same supports, if the diagram has one.
    shortcut: Option<Shortcut>,
}

impl Line {
    fn compile(cells: Vec<u32>, g: &Layered) -> Line {
        let mut offsets = Vec::with_capacity(g.widths.len() + 1);
        let mut at = 0u32;
        for &w in &g.widths {
            offsets.push(at);
            at += w as u32;
        }
        offsets.push(at);
        let mut edges = Vec::new();
        let mut runs = Vec::with_capacity(g.edges.len());
        for (i, layer) in g.edges.iter().enumerate() {
            let mut sorted: Vec<(u8, u32, u32)> = layer
                .iter()
                .map(|&(f, d, t)| (d.index() as u8, offsets[i] + f, offsets[i + 1] + t))
                .collect();
            sorted.sort_unstable();
            let mut r: Vec<(u8, u32, u32)> = Vec::new();
            for (d, f, t) in sorted {
                let k = edges.len() as u32;
                match r.last_mut() {
                    Some(last) if last.0 == d => last.2 = k + 1,
                    _ => r.push((d, k, k + 1)),
                }
                edges.push((f, t));
            }
            runs.push(r);
        }
        Line {
            cells,
            offsets,
            edges,
            runs,
            shortcut: g.shortcut,
        }
    }

    /// The states of the last layer (all accepted).
    fn finals(&self) -> std::ops::Range<usize> {
        let n = self.offsets.len();
        self.offsets[n - 2] as usize..self.offsets[n - 1] as usize
    }

    /// The edges of layer `i` whose digit is in `m`, with their 0-based digit.
    fn edges_in(&self, i: usize, m: Mask) -> impl Iterator<Item = (u8, u32, u32)> + '_ {
        self.runs[i]
            .iter()
            .filter(move |r| m & (1 << r.0) != 0)
            .flat_map(move |&(d, a, b)| {
                self.edges[a as usize..b as usize]
                    .iter()
                    .map(move |&(f, t)| (d, f, t))
            })
    }
}

/// Sets of heights 0..=64 (bit h: height h; a digit of 0-based index e stands `e + 1` tall).
type Heights = u128;

/// Heights at least `m`.
fn at_least(m: u32) -> Heights {
    !((1 << m) - 1)
}

/// Heights up to `m` (`m` ≤ 64).
fn up_to(m: u32) -> Heights {
    (1 << (m + 1)) - 1
}

fn lowest(h: Heights) -> u32 {
    h.trailing_zeros()
}

fn highest(h: Heights) -> u32 {
    127 - h.leading_zeros()
}

/// The skyline pass ([`Shortcut::Skyline`]): the supported digits of each layer, as the
/// edges give them, from the sets of tallest heights possible per count seen — a forward
/// pass `f[i][j]` (after `i` cells, `j` seen) and a backward pass `b[i][j]` (the tallest
/// heights from which the rest can end at `count`), O(cells × count) word operations.
/// `None` when no reading is accepted.
fn skyline(count: usize, layers: usize, dom: impl Fn(usize) -> Mask, r: &mut Reach) -> bool {
    let width = count + 1;
    let Reach {
        sup,
        heights,
        f,
        after,
        here,
        ..
    } = r;
    heights.clear();
    heights.extend((0..layers).map(|i| Heights::from(dom(i)) << 1));
    f.clear();
    f.resize((layers + 1) * width, 0);
    f[0] = 1;
    for (i, &h) in heights.iter().enumerate() {
        if h == 0 {
            return false;
        }
        let low = lowest(h);
        for j in 0..width {
            let (here, before) = (f[i * width + j], j.checked_sub(1).map(|p| f[i * width + p]));
            // hidden: a tallest t stays when some digit is no taller (t ≥ the lowest)
            let mut next = here & at_least(low);
            // seen: a digit taller than the lowest tallest with one fewer seen
            if let Some(b) = before.filter(|&b| b != 0) {
                next |= h & at_least(lowest(b) + 1);
            }
            f[(i + 1) * width + j] = next;
        }
    }
    if f[layers * width + count] == 0 {
        return false;
    }
    sup.clear();
    sup.resize(layers, 0);
    // b for the layer after `i`, then for `i`
    after.clear();
    after.resize(width, 0);
    after[count] = Heights::MAX;
    here.clear();
    here.resize(width, 0);
    for i in (0..layers).rev() {
        let h = heights[i];
        let low = lowest(h);
        let mut s: Heights = 0;
        for j in 0..width {
            let fj = f[i * width + j];
            let seen = if j < count { h & after[j + 1] } else { 0 };
            // from tallest t with j seen: hidden (t ≥ low and t good with j seen) or seen
            // (a digit above t good with j + 1 seen)
            let mut back = after[j] & at_least(low);
            if seen != 0 {
                back |= (1 << highest(seen)) - 1;
            }
            here[j] = back;
            if fj == 0 {
                continue;
            }
            // digits hidden behind a tallest t that stays good
            let stays = fj & after[j];
            if stays != 0 {
                s |= h & up_to(highest(stays));
            }
            // digits seen above some tallest, landing good
            if seen != 0 {
                s |= seen & at_least(lowest(fj) + 1);
            }
        }
        sup[i] = (s >> 1) as Mask;
        std::mem::swap(after, here);
    }
    true
}

/// Why a digit was removed: by which line, read at which time.
#[derive(Clone, Copy, Debug)]
struct Reason {
    line: u32,
    time: u64,
}

/// Reachability of one line's states through the candidates read: `fwd[v]` state `v` is
/// reachable from the start, `bwd[v]` it reaches an accepted state; `sup[i]` the digits of
/// layer `i` on an accepted path.
#[derive(Clone, Debug, Default)]
struct Reach {
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    sup: Vec<Mask>,
    /// Scratch of the skyline pass: heights per layer, its forward sets, two backward rows.
    heights: Vec<Heights>,
    f: Vec<Heights>,
    after: Vec<Heights>,
    here: Vec<Heights>,
}

impl Reach {
    /// Both passes over `line` with the candidates `dom(k)` of its k-th cell; returns
    /// whether an accepted state is reachable (`sup` is then filled).
    fn run(&mut self, line: &Line, dom: impl Fn(usize) -> Mask) -> bool {
        match line.shortcut {
            Some(Shortcut::Skyline { count }) => skyline(count, line.cells.len(), dom, self),
            None => self.walk(line, dom),
        }
    }

    /// [`Reach::run`] over the edges; also fills `fwd` (and `bwd`), which reasons read.
    fn walk(&mut self, line: &Line, dom: impl Fn(usize) -> Mask) -> bool {
        let layers = line.cells.len();
        self.clear(line);
        if !self.forward(line, &dom, layers) || !self.fwd[line.finals()].iter().any(|&f| f) {
            return false;
        }
        self.sup.clear();
        self.sup.resize(layers, 0);
        self.backward(line, &dom, 0, true);
        true
    }

    /// For a reason: `fwd` over the layers up to `lo` and `bwd` over the layers from `hi`
    /// (the other entries false, `sup` untouched), with the candidates `dom(k)` of the k-th
    /// cell.
    fn partial(&mut self, line: &Line, dom: impl Fn(usize) -> Mask, lo: usize, hi: usize) {
        self.clear(line);
        self.forward(line, &dom, lo);
        self.backward(line, &dom, hi, false);
    }

    /// Both state flags all false, sized for `line`'s states.
    fn clear(&mut self, line: &Line) {
        let states = line.offsets.last().copied().unwrap_or(0) as usize;
        for v in [&mut self.fwd, &mut self.bwd] {
            v.clear();
            v.resize(states, false);
        }
    }

    /// `fwd` from the start through the layers before `upto`. False as soon as a layer has no
    /// reachable state: nothing is accepted, and every later flag rightly stays false.
    fn forward(&mut self, line: &Line, dom: &impl Fn(usize) -> Mask, upto: usize) -> bool {
        if let Some(s) = self.fwd.first_mut() {
            *s = true;
        }
        for i in 0..upto {
            let mut alive = false;
            for (_, f, t) in line.edges_in(i, dom(i)) {
                if self.fwd[f as usize] {
                    self.fwd[t as usize] = true;
                    alive = true;
                }
            }
            if !alive {
                return false;
            }
        }
        true
    }

    /// `bwd` from the accepted states back through the layers from `from`; with `sup`, also
    /// each such layer's supported digits (an edge from a reachable state into one that
    /// reaches the end).
    fn backward(&mut self, line: &Line, dom: &impl Fn(usize) -> Mask, from: usize, sup: bool) {
        self.bwd[line.finals()].iter_mut().for_each(|b| *b = true);
        for i in (from..line.cells.len()).rev() {
            let mut s: Mask = 0;
            for (d, f, t) in line.edges_in(i, dom(i)) {
                if self.bwd[t as usize] {
                    self.bwd[f as usize] = true;
                    if sup && self.fwd[f as usize] {
                        s |= 1 << d;
                    }
                }
            }
            if sup {
                self.sup[i] = s;
            }
        }
    }
}

/// The propagator of a puzzle's diagram lines (module docs of [`crate::diagrams`]).
#[derive(Clone, Debug)]
pub struct DiagramPropagator {
    values: usize,
    /// Local number per row-major position, [`NONE`] for a cell on no line.
    local_of: Vec<u32>,
    /// Row-major position per local cell.
    positions: Vec<usize>,
    dom: Domains,
    lines: Vec<Line>,
    /// The lines reading each local cell.
    watch: Vec<Vec<u32>>,
    dirty: Vec<bool>,
    queue: Vec<u32>,
    /// Literals found and not yet handed out.
    pending: VecDeque<Lit>,
    /// Per (local cell, digit): the reason of the removal last found there.
    reasons: Vec<Option<Reason>>,
    conflict: Option<Vec<Lit>>,
    /// Per (local cell, digit): its removal was handed to the engine and not yet heard back.
    handed: Vec<bool>,
    /// The slots set in `handed`, cleared at a backtrack.
    handed_slots: Vec<usize>,
    reach: Reach,
    scratch: Scratch,
}

impl DiagramPropagator {
    /// The propagator of `lines` on a grid of `shape` whose cells have the candidates `cands`
    /// (row-major; the diagrams were built over them).
    pub fn new(shape: &Shape, cands: &[Mask], lines: &[Layered]) -> DiagramPropagator {
        let values = shape.value_count();
        let mut local_of = vec![NONE; cands.len()];
        let mut positions = Vec::new();
        let mut watch: Vec<Vec<u32>> = Vec::new();
        let mut compiled = Vec::with_capacity(lines.len());
        for (k, g) in lines.iter().enumerate() {
            let cells = g
                .cells
                .iter()
                .map(|&c| {
                    let p = shape.position(c);
                    if local_of[p] == NONE {
                        local_of[p] = positions.len() as u32;
                        positions.push(p);
                        watch.push(Vec::new());
                    }
                    let local = local_of[p];
                    watch[local as usize].push(k as u32);
                    local
                })
                .collect();
            compiled.push(Line::compile(cells, g));
        }
        let init: Vec<Mask> = positions.iter().map(|&p| cands[p]).collect();
        let cells = positions.len();
        DiagramPropagator {
            values,
            local_of,
            positions,
            dom: Domains::new(values, init),
            dirty: vec![true; compiled.len()],
            queue: (0..compiled.len() as u32).rev().collect(),
            lines: compiled,
            watch,
            pending: VecDeque::new(),
            reasons: vec![None; cells * values],
            conflict: None,
            handed: vec![false; cells * values],
            handed_slots: Vec::new(),
            reach: Reach::default(),
            scratch: Scratch::default(),
        }
    }

    fn lit(&self, cell: u32, d: usize) -> Lit {
        Var::from_index(self.positions[cell as usize] * self.values + d).positive()
    }

    /// The local cell and 0-based digit of a cell literal on some line.
    fn decode(&self, lit: Lit) -> Option<(u32, usize)> {
        let i = lit.index();
        let c = *self.local_of.get(i / self.values)?;
        (c != NONE).then_some((c, i % self.values))
    }

    /// Queues every line reading `cell` but `except` (a line whose own removal changed the
    /// cell: a digit that lies on no accepted path takes no path away, so that line's
    /// fixpoint stands).
    fn touch(&mut self, cell: u32, except: Option<u32>) {
        for &k in &self.watch[cell as usize] {
            if Some(k) != except && !self.dirty[k as usize] {
                self.dirty[k as usize] = true;
                self.queue.push(k);
            }
        }
    }

    /// Runs line `k` on the current candidates: queues the removal of every unsupported
    /// digit, or records the conflict.
    fn run(&mut self, k: usize) {
        let line = &self.lines[k];
        let dom = &self.dom;
        if !self.reach.run(line, |i| dom.cur(line.cells[i])) {
            let mut clause = Vec::new();
            self.cite(k, None, self.dom.now(), &mut clause);
            self.conflict = Some(clause);
            return;
        }
        let time = self.dom.now();
        for (i, &c) in line.cells.iter().enumerate() {
            let mut gone = self.dom.cur(c) & !self.reach.sup[i];
            while gone != 0 {
                let d = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                let slot = c as usize * self.values + d;
                if self.reasons[slot].is_none_or(|r| r.time < time) {
                    self.reasons[slot] = Some(Reason {
                        line: k as u32,
                        time,
                    });
                    let var = Var::from_index(self.positions[c as usize] * self.values + d);
                    self.pending.push_back(var.negative());
                }
            }
        }
    }

    /// The literals that explain, at time `t`, why digit `d` of layer `at` of line `k` lies
    /// on no accepted path (`at = Some((layer, d))`), or why no path is accepted (`None`):
    /// every literal false at `t` (module docs).
    fn cite(&mut self, k: usize, at: Option<(usize, usize)>, t: u64, out: &mut Vec<Lit>) {
        let Self {
            lines,
            dom,
            reach,
            scratch,
            ..
        } = self;
        let line = &lines[k];
        let layers = line.cells.len();
        let Scratch {
            then,
            need_fwd,
            need_bwd,
            cited,
        } = scratch;
        then.clear();
        then.extend(line.cells.iter().map(|&c| dom.at(c, t)));
        let all: Mask = Mask::MAX;
        // states to explain as unreachable from the start (need_fwd) or as reaching no
        // accepted state (need_bwd), and per layer the removed digits cited
        let states = line.offsets[layers + 1] as usize;
        for v in [&mut *need_fwd, &mut *need_bwd] {
            v.clear();
            v.resize(states, false);
        }
        cited.clear();
        cited.resize(layers, 0);
        let (lo, hi) = match at {
            None => (layers, layers),
            Some((i, _)) => (i, i + 1),
        };
        // reachability only where the explanation reads it: from the start up to layer `lo`,
        // from the end back to layer `hi`
        reach.partial(line, |i| then[i], lo, hi);
        match at {
            None => need_fwd[line.finals()].iter_mut().for_each(|n| *n = true),
            Some((i, d)) => {
                for (_, f, t) in line.edges_in(i, 1 << d) {
                    if !reach.fwd[f as usize] {
                        need_fwd[f as usize] = true;
                    } else {
                        // cut behind: `t` reaches no accepted state
                        need_bwd[t as usize] = true;
                    }
                }
            }
        }
        // backwards from layer `lo`: an edge into a state to explain is cut by its digit's
        // removal or by its source being unreachable; a layer with nothing left to explain
        // ends the walk (only the layer after it asks anything of it)
        for j in (1..=lo).rev() {
            let mut more = false;
            for (e, f, t) in line.edges_in(j - 1, all) {
                let bit: Mask = 1 << e;
                if !need_fwd[t as usize] || cited[j - 1] & bit != 0 || need_fwd[f as usize] {
                    continue;
                }
                if then[j - 1] & bit == 0 && (j == 1 || reach.fwd[f as usize]) {
                    cited[j - 1] |= bit;
                } else {
                    need_fwd[f as usize] = true;
                    more = true;
                }
            }
            if !more {
                break;
            }
        }
        // forwards from layer `hi`: an edge out of a state to explain is cut by its digit's
        // removal or by its target reaching no accepted state (never one of the last layer)
        for j in hi..layers {
            let mut more = false;
            for (e, f, t) in line.edges_in(j, all) {
                let bit: Mask = 1 << e;
                if !need_bwd[f as usize] || cited[j] & bit != 0 || need_bwd[t as usize] {
                    continue;
                }
                if then[j] & bit == 0 && reach.bwd[t as usize] {
                    cited[j] |= bit;
                } else {
                    need_bwd[t as usize] = true;
                    more = true;
                }
            }
            if !more {
                break;
            }
        }
        #[cfg(test)]
        let start = out.len();
        for (i, &m) in cited.iter().enumerate() {
            if m != 0 {
                dom.cite(line.cells[i], m, t, out);
            }
        }
        #[cfg(test)]
        if MUTATE.with(|f| f.get()) && out.len() > start {
            out.pop();
        }
    }
}

/// Reusable buffers of [`DiagramPropagator::cite`]: a reason is asked for at every conflict
/// the search analyses, and allocating a line's state flags each time showed in profiles.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// The candidates of the line's cells at the reason's time.
    then: Vec<Mask>,
    need_fwd: Vec<bool>,
    need_bwd: Vec<bool>,
    /// Per layer, the removed digits cited.
    cited: Vec<Mask>,
}

impl Propagator for DiagramPropagator {
    fn observed(&self) -> Vec<Var> {
        self.dom.observed(&self.positions)
    }

    fn assigned(&mut self, lits: &[Lit]) {
        for &lit in lits {
            let Some((c, d)) = self.decode(lit) else {
                continue;
            };
            let slot = c as usize * self.values + d;
            // a removal this propagator handed out: the line that found it needs no rerun
            let own = match std::mem::take(&mut self.handed[slot]) {
                true if !lit.is_positive() => self.reasons[slot].map(|r| r.line),
                _ => None,
            };
            if self.dom.assign(c, d, lit) {
                self.touch(c, own);
            }
        }
    }

    fn new_level(&mut self) {
        self.dom.new_level();
    }

    fn backtrack(&mut self, level: usize) {
        let mut touched = Vec::new();
        self.dom.backtrack(level, |c| touched.push(c));
        for c in touched {
            self.touch(c, None);
        }
        for slot in self.handed_slots.drain(..) {
            self.handed[slot] = false;
        }
        self.pending.clear();
        self.conflict = None;
    }

    fn propagate(&mut self) -> Option<Lit> {
        loop {
            if self.conflict.is_some() {
                return None;
            }
            while let Some(lit) = self.pending.pop_front() {
                if let Some((c, d)) = self.decode(lit) {
                    if self.dom.cur(c) & (1 << d) != 0 {
                        let slot = c as usize * self.values + d;
                        self.handed[slot] = true;
                        self.handed_slots.push(slot);
                        return Some(lit);
                    }
                }
            }
            let k = self.queue.pop()?;
            self.dirty[k as usize] = false;
            self.run(k as usize);
        }
    }

    fn explain(&mut self, lit: Lit, reason: &mut Vec<Lit>) {
        let found = self.decode(lit).and_then(|(c, d)| {
            let r = self.reasons.get(c as usize * self.values + d).copied()??;
            let line = &self.lines[r.line as usize];
            let layer = line.cells.iter().position(|&x| x == c)?;
            Some((r, layer, d))
        });
        let Some((r, layer, d)) = found else {
            // never propagated here: only a tautology is sound (not reachable by design)
            *reason = vec![lit, !lit];
            return;
        };
        let mut cited = Vec::new();
        self.cite(r.line as usize, Some((layer, d)), r.time, &mut cited);
        explained(lit, cited, reason);
    }

    fn conflict(&mut self, clause: &mut Vec<Lit>) -> bool {
        hand_over(&mut self.conflict, clause)
    }

    fn check_model(&mut self, value: &dyn Fn(Lit) -> bool) -> bool {
        for k in 0..self.lines.len() {
            let line = &self.lines[k];
            // each cell's digit in the model (none: the cell clauses forbid it; nothing to
            // judge on this line)
            let mut held = Vec::with_capacity(line.cells.len());
            let mut digits = Vec::with_capacity(line.cells.len());
            for &c in &line.cells {
                let Some((d, open)) = self.dom.in_model(c, |d| value(self.lit(c, d))) else {
                    digits.clear();
                    break;
                };
                if open {
                    held.push(self.lit(c, d.index()));
                }
                digits.push(d.index());
            }
            if digits.len() != line.cells.len() {
                continue;
            }
            let accepted = self.reach.run(line, |i| 1 << digits[i]);
            if !accepted {
                // these cells do not all hold these digits: ∨ ¬x(c, v_c)
                self.conflict = Some(held.into_iter().map(|l| !l).collect());
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;
    use crate::rules::clue::OutsideClue;
    use crate::rules::skyscraper::Skyscraper;
    use crate::rules::Rule;

    /// The skyline pass finds exactly the supports (and the refutations) of the edges, on
    /// random candidates of 6- and 9-cell lines, for every count.
    #[test]
    fn the_skyline_pass_agrees_with_the_edges() {
        let mut rng = Rng::new(5);
        for n in [6usize, 9] {
            let shape = Shape::new(n).expect("square");
            let full: Mask = (1 << n) - 1;
            for count in 1..=n {
                let rule = Skyscraper {
                    clue: OutsideClue::new(0, 1 + rng.below(n)),
                    count,
                };
                let g = rule.search_diagram(&shape, &|_| full).expect("a diagram");
                assert!(g.shortcut.is_some());
                let line = Line::compile((0..n as u32).collect(), &g);
                let mut plain = line.clone();
                plain.shortcut = None;
                for _ in 0..300 {
                    let doms: Vec<Mask> = (0..n)
                        .map(|_| match rng.below(3) {
                            0 => full,
                            _ => rng.below(1 << n) as Mask,
                        })
                        .collect();
                    let (mut a, mut b) = (Reach::default(), Reach::default());
                    let ok = a.run(&line, |i| doms[i]);
                    assert_eq!(ok, b.run(&plain, |i| doms[i]), "{doms:?}");
                    if ok {
                        assert_eq!(a.sup, b.sup, "count {count}, {doms:?}");
                    }
                }
            }
        }
    }
}
