//! The propagator's view of the cells it reads: each cell's current candidates, undone with
//! the search's trail, and for each removed digit the literal that removed it and when, so
//! that a reason can be rebuilt later exactly as the candidates stood when a literal was
//! propagated.
//!
//! Cells are numbered locally (0.. the number of cells any sum reads). Every change is O(1)
//! and pushed on a trail; backtracking pops it, so a change never costs a rebuild.

use crate::engine::Lit;
use crate::geometry::{Digit, Mask};

/// A digit still present never has a removal time.
const PRESENT: u64 = u64::MAX;

/// One undoable change.
#[derive(Clone, Copy, Debug)]
enum Change {
    /// The digit (0-based) left the cell.
    Removed(u32, u8),
    /// The literal "cell holds digit" became true.
    Fixed(u32, u8),
}

/// Candidates per local cell, with the trail that undoes them.
#[derive(Clone, Debug)]
pub(crate) struct Domains {
    n: usize,
    /// The candidates after simplification: digits outside are constants, never cited.
    init: Vec<Mask>,
    cur: Vec<Mask>,
    /// Digits whose "cell holds digit" literal is true.
    fixed: Vec<Mask>,
    /// Per cell: when its first true literal came, and that literal; one literal that says
    /// every other digit is out (a shorter citation than the removals one by one).
    fixed_at: Vec<(u64, Lit)>,
    /// Per (cell, digit): when the digit left the cell, [`PRESENT`] while it is there.
    when: Vec<u64>,
    /// Per (cell, digit): the literal, false while the digit is out, that says it is out
    /// (`x(c,d)` after `¬x(c,d)`, or `¬x(c,e)` after `x(c,e)`): what a reason cites.
    why: Vec<Lit>,
    trail: Vec<Change>,
    levels: Vec<usize>,
    clock: u64,
}

impl Domains {
    /// Domains starting at `init` (one mask per local cell) on an `n`×`n` grid.
    pub fn new(n: usize, init: Vec<Mask>) -> Domains {
        let cells = init.len();
        let filler = crate::engine::Var::from_index(0).positive();
        Domains {
            n,
            cur: init.clone(),
            fixed: vec![0; cells],
            fixed_at: vec![(PRESENT, filler); cells],
            init,
            when: vec![PRESENT; cells * n],
            why: vec![filler; cells * n],
            trail: Vec::new(),
            levels: Vec::new(),
            clock: 0,
        }
    }

    /// The time of the next change: a reason taken now reads every change before it.
    pub fn now(&self) -> u64 {
        self.clock
    }

    /// The starting candidates of `cell`.
    pub fn init(&self, cell: u32) -> Mask {
        self.init.get(cell as usize).copied().unwrap_or(0)
    }

    /// The current candidates of `cell`.
    pub fn cur(&self, cell: u32) -> Mask {
        self.cur.get(cell as usize).copied().unwrap_or(0)
    }

    /// Digits of `cell` whose literal is true.
    pub fn fixed(&self, cell: u32) -> Mask {
        self.fixed.get(cell as usize).copied().unwrap_or(0)
    }

    /// The candidates of `cell` as they stood at time `t` (before the change stamped `t`).
    pub fn at(&self, cell: u32, t: u64) -> Mask {
        let mut m = self.cur(cell);
        let mut gone = self.init(cell) & !m;
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            if self.when_of(cell, d) >= t {
                m |= 1 << d;
            }
        }
        m
    }

    fn slot(&self, cell: u32, d: usize) -> usize {
        cell as usize * self.n + d
    }

    fn when_of(&self, cell: u32, d: usize) -> u64 {
        self.when
            .get(self.slot(cell, d))
            .copied()
            .unwrap_or(PRESENT)
    }

    /// Removes digit `d` (0-based) from `cell` because of the true literal `event`; `false`
    /// when it was already out.
    pub fn remove(&mut self, cell: u32, d: usize, event: Lit) -> bool {
        let bit: Mask = 1 << d;
        let slot = self.slot(cell, d);
        let (Some(m), Some(w), Some(y)) = (
            self.cur.get_mut(cell as usize),
            self.when.get_mut(slot),
            self.why.get_mut(slot),
        ) else {
            return false;
        };
        if *m & bit == 0 {
            return false;
        }
        *m &= !bit;
        *w = self.clock;
        *y = !event;
        self.trail.push(Change::Removed(cell, d as u8));
        true
    }

    /// Records that `event` = "`cell` holds digit `d`" became true and removes every other
    /// digit; returns whether the cell changed.
    pub fn fix(&mut self, cell: u32, d: usize, event: Lit) -> bool {
        let Some(f) = self.fixed.get_mut(cell as usize) else {
            return false;
        };
        let bit: Mask = 1 << d;
        let mut changed = false;
        if *f & bit == 0 {
            if *f == 0 {
                if let Some(at) = self.fixed_at.get_mut(cell as usize) {
                    *at = (self.clock, event);
                }
            }
            *f |= bit;
            self.trail.push(Change::Fixed(cell, d as u8));
            changed = true;
        }
        let mut others = self.cur(cell) & !bit;
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            changed |= self.remove(cell, e, event);
        }
        changed
    }

    /// Hears that the literal `lit` of digit `d` (0-based) of `cell` became true (fixing the
    /// cell when positive, removing the digit when negative) as one assignment event;
    /// returns whether the cell changed.
    pub fn assign(&mut self, cell: u32, d: usize, lit: Lit) -> bool {
        let changed = if lit.is_positive() {
            self.fix(cell, d, lit)
        } else {
            self.remove(cell, d, lit)
        };
        self.tick();
        changed
    }

    /// The digit local cell `cell` holds in a model where `holds(d)` says whether its digit
    /// d (0-based) is true — its one starting candidate if it had one — and whether it was
    /// open (more than one candidate: a literal a refusal must cite). `None`: no digit holds
    /// (the formula's cell clauses forbid that; nothing to judge).
    pub fn in_model(&self, cell: u32, holds: impl Fn(usize) -> bool) -> Option<(Digit, bool)> {
        let init = self.init(cell);
        let open = init.count_ones() > 1;
        crate::geometry::digits(init)
            .find(|d| !open || holds(d.index()))
            .map(|d| (d, open))
    }

    /// The variables of the open digits (cells with more than one starting candidate) of
    /// the local cells at row-major `positions`, numbered `position · n + digit`.
    pub fn observed(&self, positions: &[usize]) -> Vec<crate::engine::Var> {
        let mut out = Vec::new();
        for (c, &p) in positions.iter().enumerate() {
            let m = self.init(c as u32);
            if m.count_ones() > 1 {
                out.extend(
                    crate::geometry::digits(m)
                        .map(|d| crate::engine::Var::from_index(p * self.n + d.index())),
                );
            }
        }
        out
    }

    /// Ends one assignment event: later changes get a later time.
    pub fn tick(&mut self) {
        self.clock += 1;
    }

    /// A new decision level starts.
    pub fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    /// Undoes every change made above decision level `level`, calling `touched` with each
    /// cell that regains a digit.
    pub fn backtrack(&mut self, level: usize, mut touched: impl FnMut(u32)) {
        while self.levels.len() > level {
            let mark = self.levels.pop().unwrap_or(0);
            while self.trail.len() > mark {
                let Some(change) = self.trail.pop() else {
                    break;
                };
                match change {
                    Change::Removed(cell, d) => {
                        let slot = self.slot(cell, d as usize);
                        if let Some(m) = self.cur.get_mut(cell as usize) {
                            *m |= 1 << d;
                        }
                        if let Some(w) = self.when.get_mut(slot) {
                            *w = PRESENT;
                        }
                        touched(cell);
                    }
                    Change::Fixed(cell, d) => {
                        if let Some(f) = self.fixed.get_mut(cell as usize) {
                            *f &= !(1 << d);
                            if let Some(at) = self.fixed_at.get_mut(cell as usize) {
                                if at.1.index() % self.n == d as usize {
                                    at.0 = PRESENT;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Pushes onto `out` the literals that say the digits of `digits` that had left `cell`
    /// before time `t` are out (each false at time `t`); digits outside the starting
    /// candidates are constants and need none.
    pub fn cite(&self, cell: u32, digits: Mask, t: u64, out: &mut Vec<Lit>) {
        let now = self.at(cell, t);
        let mut gone = digits & self.init(cell) & !now;
        if gone == 0 {
            return;
        }
        if let Some(&(at, lit)) = self.fixed_at.get(cell as usize) {
            // x(c,e) was true before t: ¬x(c,e) alone says every digit but e is out
            let e = lit.index() % self.n;
            if at < t && now & !(1 << e) == 0 && gone & (1 << e) == 0 {
                out.push(!lit);
                return;
            }
        }
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            if let Some(&l) = self.why.get(self.slot(cell, d)) {
                out.push(l);
            }
        }
    }
}
