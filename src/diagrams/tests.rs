//! The diagram propagator against brute force: two lines sharing a cell on a 4×4 grid with
//! random starting candidates — skyscraper clues, or state-machine lines of a random
//! automaton — driven by random walks as an engine drives it.

use super::propagator::MUTATE;
use super::DiagramPropagator;
use crate::cnf::sum::Layered;
use crate::engine::walk::{walk, Below};
use crate::engine::{Lit, Propagator, Var};
use crate::generate::Rng;
use crate::geometry::{Cell, Mask, Shape};
use crate::rules::clue::OutsideClue;
use crate::rules::nfa::Nfa;
use crate::rules::skyscraper::{visible as seen, Skyscraper};
use crate::rules::Rule;

const N: usize = 4;

/// What a line states.
#[derive(Clone, Debug)]
enum Kind {
    /// A skyscraper clue: this many digits seen from its end.
    Sky(OutsideClue, usize),
    /// A state-machine line.
    Machine(Nfa),
}

impl Kind {
    fn diagram(&self, shape: &Shape, cands: &dyn Fn(Cell) -> Mask) -> Option<Layered> {
        match self {
            Kind::Sky(clue, count) => Skyscraper {
                clue: *clue,
                count: *count,
            }
            .search_diagram(shape, cands),
            Kind::Machine(m) => m.search_diagram(shape, cands),
        }
    }

    /// Whether the line holds with digits `vs` (1-based) on its cells: the skyscraper rule's
    /// own count, or the automaton run here on its transition list.
    fn accepts(&self, vs: &[usize]) -> bool {
        match self {
            Kind::Sky(_, count) => seen(vs) == *count,
            Kind::Machine(m) => {
                let mut now: Vec<u32> = m.start.clone();
                for &v in vs {
                    let mut next: Vec<u32> = m
                        .transitions
                        .iter()
                        .filter(|(f, ds, _)| now.contains(f) && ds.contains(&v))
                        .map(|t| t.2)
                        .collect();
                    next.sort_unstable();
                    next.dedup();
                    now = next;
                }
                now.iter().any(|s| m.accept.contains(s))
            }
        }
    }
}

/// A random setting: starting candidates (row-major) and two lines, row 1 from the left
/// and column 1 from above, meeting in r1c1.
struct Setting {
    shape: Shape,
    cands: Vec<Mask>,
    clues: Vec<(Kind, Vec<Cell>)>,
}

/// A random automaton of three states over the digits 1..N: each move present with odds
/// 1/2, on a random non-empty set of digits; state 0 starts, a random non-empty set accepts.
fn machine(rng: &mut Rng, cells: Vec<Cell>) -> Nfa {
    let mut transitions = Vec::new();
    for from in 0..3u32 {
        for to in 0..3u32 {
            if rng.below(2) == 0 {
                let m = 1 + rng.below((1 << N) - 1);
                let ds = (1..=N).filter(|d| m & (1 << (d - 1)) != 0).collect();
                transitions.push((from, ds, to));
            }
        }
    }
    let accept_mask = 1 + rng.below(7);
    Nfa {
        cells,
        breaks: Vec::new(),
        start: vec![0],
        accept: (0..3u32).filter(|s| accept_mask & (1 << s) != 0).collect(),
        transitions,
        break_moves: Vec::new(),
        reads_region: Vec::new(),
    }
}

fn setting(rng: &mut Rng, machines: bool) -> Setting {
    let shape = Shape::new(N).expect("4x4");
    let cands: Vec<Mask> = (0..N * N)
        .map(|_| match rng.below(3) {
            // most cells start full, the others with a random non-empty subset
            0 => 1 + rng.below((1 << N) - 1) as Mask,
            _ => (1 << N) - 1,
        })
        .collect();
    let clues = [(1, 0), (0, 1)]
        .into_iter()
        .map(|(r, c)| {
            let clue = OutsideClue::new(r, c);
            let line = clue.line_in(N, N);
            let kind = match machines {
                false => Kind::Sky(clue, 1 + rng.below(N)),
                true => Kind::Machine(machine(rng, line.clone())),
            };
            (kind, line)
        })
        .collect();
    Setting {
        shape,
        cands,
        clues,
    }
}

impl Setting {
    fn propagator(&self) -> Option<DiagramPropagator> {
        let lookup = |c: Cell| self.cands[self.shape.position(c)];
        let mut lines = Vec::new();
        for (kind, _) in &self.clues {
            let g = kind.diagram(&self.shape, &lookup)?;
            if g.widths[0] == 0 {
                return None;
            }
            lines.push(g);
        }
        Some(DiagramPropagator::new(&self.shape, &self.cands, &lines))
    }

    /// The cells on some line, in a fixed order.
    fn cells(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.clues.iter().flat_map(|(_, l)| l.clone()).collect();
        out.sort_by_key(|&c| self.shape.position(c));
        out.dedup();
        out
    }

    /// Every digit assignment (heights 1..=N) of the line cells within their candidates
    /// that both clues accept.
    fn worlds(&self) -> Vec<Vec<usize>> {
        let cells = self.cells();
        let mut out = Vec::new();
        let mut w = vec![0usize; cells.len()];
        let total = N.pow(cells.len() as u32);
        'all: for code in 0..total {
            let mut k = code;
            for (i, &c) in cells.iter().enumerate() {
                w[i] = k % N + 1;
                k /= N;
                if self.cands[self.shape.position(c)] & (1 << (w[i] - 1)) == 0 {
                    continue 'all;
                }
            }
            let at = |c: &Cell| w[cells.iter().position(|x| x == c).unwrap_or(0)];
            if self
                .clues
                .iter()
                .all(|(kind, l)| kind.accepts(&l.iter().map(at).collect::<Vec<_>>()))
            {
                out.push(w.clone());
            }
        }
        out
    }

    fn var(&self, c: Cell, d: usize) -> Lit {
        Var::from_index(self.shape.position(c) * N + d).positive()
    }

    /// Whether `lit` is true in world `w`.
    fn holds(&self, lit: Lit, w: &[usize]) -> bool {
        let cells = self.cells();
        let (p, d) = (lit.index() / N, lit.index() % N);
        match cells.iter().position(|&c| self.shape.position(c) == p) {
            Some(i) => (w[i] == d + 1) == lit.is_positive(),
            // a cell on no line: any digit; only a literal the propagator never writes
            None => false,
        }
    }
}

/// Runs walks over random settings; returns how many reasons or conflicts failed to hold in
/// every world. With `complete`, also checks that every fixpoint left only supported
/// candidates.
fn walks(seed: u64, rounds: usize, complete: bool, machines: bool) -> usize {
    let mut rng = Rng::new(seed);
    let mut unsound = 0;
    for _ in 0..rounds {
        let s = setting(&mut rng, machines);
        let Some(mut p) = s.propagator() else {
            continue;
        };
        let worlds = s.worlds();
        let open: Vec<Lit> = s
            .cells()
            .into_iter()
            .filter(|&c| s.cands[s.shape.position(c)].count_ones() > 1)
            .flat_map(|c| {
                let m = s.cands[s.shape.position(c)];
                (0..N)
                    .filter(move |d| m & (1 << d) != 0)
                    .map(move |d| (c, d))
            })
            .map(|(c, d)| s.var(c, d))
            .collect();
        if open.is_empty() {
            continue;
        }
        let mut value = vec![0i8; N * N * N];
        let mut rng2 = Rng::new(rng.below(1 << 30) as u64);
        let steps = 1 + rng.below(12);
        let mut below = |n: usize| rng2.below(n);
        let below: &mut Below = &mut below;
        let mut draw = |b: &mut Below| {
            let l = open[b(open.len())];
            if b(8) == 0 {
                l
            } else {
                !l
            }
        };
        let mut check = |clause: &[Lit], except: Option<Lit>, value: &[i8]| {
            for &l in clause.iter().filter(|&&l| Some(l) != except) {
                let v = value[l.index()];
                assert!(
                    v != 0 && (v > 0) != l.is_positive(),
                    "{l:?} of {clause:?} not false"
                );
            }
            if !worlds.iter().all(|w| clause.iter().any(|&l| s.holds(l, w))) {
                unsound += 1;
            }
        };
        let out = walk(&mut p, steps, 2, &mut value, below, &mut draw, &mut check);
        // (a walk whose last step went back a level ends before propagating again)
        if complete && !out.conflict && (steps - 1) % 7 != 6 {
            // Each line is domain-consistent on its own: every digit left to a cell (no
            // literal of the cell true, its own literal not false) stands in a reading of the
            // line that the clue accepts within every cell's digits left.
            let left = |c: Cell| -> Mask {
                let m = s.cands[s.shape.position(c)];
                let held = (0..N).find(|&d| m & (1 << d) != 0 && value[s.var(c, d).index()] > 0);
                match held {
                    Some(d) if m.count_ones() > 1 => 1 << d,
                    _ => (0..N)
                        .filter(|&d| m & (1 << d) != 0 && value[s.var(c, d).index()] >= 0)
                        .fold(0, |acc, d| acc | 1 << d),
                }
            };
            for (kind, line) in &s.clues {
                let doms: Vec<Mask> = line.iter().map(|&c| left(c)).collect();
                let mut supported = vec![0 as Mask; line.len()];
                for code in 0..N.pow(line.len() as u32) {
                    let mut k = code;
                    let vs: Vec<usize> = (0..line.len())
                        .map(|_| {
                            let v = k % N + 1;
                            k /= N;
                            v
                        })
                        .collect();
                    if vs.iter().zip(&doms).all(|(&v, &m)| m & (1 << (v - 1)) != 0)
                        && kind.accepts(&vs)
                    {
                        for (sup, &v) in supported.iter_mut().zip(&vs) {
                            *sup |= 1 << (v - 1);
                        }
                    }
                }
                for (i, &c) in line.iter().enumerate() {
                    assert_eq!(
                        doms[i] & !supported[i],
                        0,
                        "{c}: digits {:b} left but unsupported (supported {:b})",
                        doms[i],
                        supported[i]
                    );
                }
            }
        }
    }
    unsound
}

#[test]
fn every_reason_and_conflict_holds_in_every_world_and_fixpoints_are_complete() {
    assert_eq!(walks(11, 1500, true, false), 0);
}

#[test]
fn state_machine_lines_too() {
    assert_eq!(walks(12, 1500, true, true), 0);
}

#[test]
fn a_reason_missing_a_literal_is_caught() {
    MUTATE.with(|f| f.set(true));
    let unsound = walks(11, 1500, false, false);
    let unsound_machines = walks(12, 1500, false, true);
    MUTATE.with(|f| f.set(false));
    assert!(unsound > 0, "the mutation went unnoticed");
    assert!(
        unsound_machines > 0,
        "the mutation went unnoticed on machines"
    );
}

#[test]
fn a_model_the_clue_rejects_is_refused_with_a_clause_it_breaks() {
    let shape = Shape::new(N).expect("4x4");
    let cands = vec![(1 << N) - 1; N * N];
    let rule = Skyscraper {
        clue: OutsideClue::new(1, 0),
        count: 4,
    };
    let g = rule
        .search_diagram(&shape, &|_| (1 << N) - 1)
        .expect("a diagram");
    let mut p = DiagramPropagator::new(&shape, &cands, &[g]);
    // row 1 holds 2 1 3 4: three seen, not four
    let row = [2usize, 1, 3, 4];
    let lit = |c: usize, d: usize| Var::from_index(c * N + d).positive();
    let value = |l: Lit| {
        let (p, d) = (l.index() / N, l.index() % N);
        let v = p < N && row[p] == d + 1;
        v == l.is_positive()
    };
    assert!(!p.check_model(&value));
    let mut clause = Vec::new();
    assert!(p.conflict(&mut clause));
    assert!(clause.iter().all(|&l| !value(l)), "{clause:?}");
    assert!(clause.contains(&!lit(0, 1)));
    // 1 2 3 4 shows four
    let good = [1usize, 2, 3, 4];
    assert!(p.check_model(&|l: Lit| {
        let (q, d) = (l.index() / N, l.index() % N);
        (q < N && good[q] == d + 1) == l.is_positive()
    }));
}
