//! What one linear relation implies about its cells' candidates, and which removed digits
//! each implication read (its reason).
//!
//! Three rules, cheapest first, all over the current candidates `dom(c)`:
//! 1. Bounds. Terms with one weight whose cells must differ form an exclusion group; a group
//!    of `m` cells sums to at least the `m` smallest digits of the union of its candidates
//!    (and to at least the sum of its cells' minima, whichever is larger), and to at most the
//!    `m` largest (or the sum of the maxima). A digit `d` of cell `i` goes when
//!    `min Σ (with i = d) > hi` or `max Σ (with i = d) < lo`; the relation fails when
//!    `min Σ > hi` or `max Σ < lo`. The reason of a "too large" implication cites, per group,
//!    only the removed digits below the group's threshold (the `m`-th smallest candidate, or
//!    each cell's minimum), and symmetrically above for "too small": shorter reasons learn
//!    better.
//! 2. Exact filtering when at most three cells are open: every combination of their digits
//!    (differing where the cells must differ) is tried; digits in none that reaches
//!    `lo..=hi` go.
//! 3. Digit sets, for an all-different equation with weights 1 (a killer cage, or an implied
//!    sum over the rest of a house): the sets of `k` digits that make the total, lie in the
//!    union of the candidates, meet every cell and hold every digit that the rest of a house
//!    around the cells cannot (the cage with its house complement); digits in no such set
//!    go, a digit in every set with one cell left for it is placed there.
//!
//! Rule 1 finds the digits of a cell as one range (the group's bound with the cell at `d`
//! grows with `d`), in O(1) per cell, and skips a group whose union's spread (its largest
//! digit less its smallest, times the weight) both slacks cover: no cell of it loses a
//! digit. Rule 2 is not entered when the bounds' pass counted more than three open cells.
//! Both matter because most runs in a hard search find nothing (BENCHMARKS.md, "fewer
//! wasted runs"). Rule 2 cites every removed digit of the relation's cells; rule 3
//! (`sums::sets`) one witness per failing set.

#[cfg(test)]
use super::relation::MUTATE;
use super::relation::{Cite, Compiled, Found, Group};
use super::sets::{digit_sets, failing_sets};
use crate::geometry::Mask;

/// Most digit combinations tried by rule 2.
const EXACT_LIMIT: usize = 4096;

/// Rule 2 runs when at most this many cells are open.
const EXACT_CELLS: usize = 3;

/// Bounds of one exclusion group's digit sum, from the candidates.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    /// Smallest possible sum of the group's digits.
    low: i64,
    /// Whether `low` comes from the union's smallest digits (else from the cells' minima).
    low_union: bool,
    /// The `m`-th smallest digit of the union (1-based value).
    low_thresh: i64,
    /// Largest possible sum.
    high: i64,
    /// Whether `high` comes from the union's largest digits.
    high_union: bool,
    /// The `m`-th largest digit of the union.
    high_thresh: i64,
    /// The largest digit of the union less its smallest: fixing one cell moves either bound
    /// by at most this (times the weight).
    spread: i64,
    /// Cells with more than one candidate.
    open: usize,
}

fn min_digit(m: Mask) -> i64 {
    m.trailing_zeros() as i64 + 1
}

fn max_digit(m: Mask) -> i64 {
    64 - m.leading_zeros() as i64
}

/// Digits (masks) strictly below the 1-based value `v`.
fn below(v: i64) -> Mask {
    if v <= 1 {
        0
    } else if v > 64 {
        Mask::MAX
    } else {
        (1u64 << (v - 1)) - 1
    }
}

/// Digits strictly above the 1-based value `v`.
fn above(v: i64) -> Mask {
    if v >= 64 {
        0
    } else if v < 1 {
        Mask::MAX
    } else {
        !((1u64 << v) - 1)
    }
}

/// Unions of at most this many digits read their ends from [`ENDS`].
const TABLE_BITS: usize = 10;

/// Per union `u` of digits 1..=[`TABLE_BITS`] and count `m` ≤ its size, at `u · 11 + m`:
/// the sum of its `m` smallest digits, the `m`-th smallest, the sum of its `m` largest and
/// the `m`-th largest (1-based values). Four lookups instead of two loops of `m` steps: the
/// bounds' pass is most of a sum relation's run, and most runs find nothing.
static ENDS: [[u8; 4]; (1 << TABLE_BITS) * (TABLE_BITS + 1)] = ends_table();

const fn ends_table() -> [[u8; 4]; (1 << TABLE_BITS) * (TABLE_BITS + 1)] {
    let mut t = [[0u8; 4]; (1 << TABLE_BITS) * (TABLE_BITS + 1)];
    let mut u = 0;
    while u < 1 << TABLE_BITS {
        // digits of u in increasing order
        let mut digits = [0u8; TABLE_BITS];
        let mut n = 0;
        let mut d = 0;
        while d < TABLE_BITS {
            if u & (1 << d) != 0 {
                digits[n] = d as u8 + 1;
                n += 1;
            }
            d += 1;
        }
        let mut m = 1;
        while m <= n {
            let (mut lo, mut hi) = (0u8, 0u8);
            let mut i = 0;
            while i < m {
                lo += digits[i];
                hi += digits[n - 1 - i];
                i += 1;
            }
            t[u * (TABLE_BITS + 1) + m] = [lo, digits[m - 1], hi, digits[n - m]];
            m += 1;
        }
        u += 1;
    }
    t
}

/// The sum of the `m` smallest digits of `union`, the `m`-th smallest, the sum of the `m`
/// largest and the `m`-th largest (1-based values); `union` holds at least `m` digits.
fn ends(union: Mask, m: usize) -> (i64, i64, i64, i64) {
    if union < 1 << TABLE_BITS && m <= TABLE_BITS {
        if let Some(&[lo, lo_t, hi, hi_t]) = ENDS.get(union as usize * (TABLE_BITS + 1) + m) {
            return (lo.into(), lo_t.into(), hi.into(), hi_t.into());
        }
    }
    ends_by_steps(union, m)
}

/// [`ends`] digit by digit: for unions past the table, and the table's reference.
fn ends_by_steps(union: Mask, m: usize) -> (i64, i64, i64, i64) {
    let (mut lo_u, mut lo_t) = (0i64, 0i64);
    let mut rest = union;
    for _ in 0..m {
        lo_t = min_digit(rest);
        lo_u += lo_t;
        rest &= rest - 1;
    }
    let (mut hi_u, mut hi_t) = (0i64, 0i64);
    let mut rest = union;
    for _ in 0..m {
        hi_t = max_digit(rest);
        hi_u += hi_t;
        rest &= !(1u64 << (hi_t - 1));
    }
    (lo_u, lo_t, hi_u, hi_t)
}

/// The bounds of group `g`, `None` when a cell has no candidate or the union has fewer
/// digits than the group has cells (pigeonhole).
fn bounds(g: &Group, dom: &impl Fn(u32) -> Mask) -> Option<Bounds> {
    let mut union: Mask = 0;
    let (mut min_sum, mut max_sum) = (0i64, 0i64);
    let mut open = 0;
    for &c in &g.cells {
        let m = dom(c);
        if m == 0 {
            return None;
        }
        open += usize::from(m & (m - 1) != 0);
        union |= m;
        min_sum += min_digit(m);
        max_sum += max_digit(m);
    }
    let m = g.cells.len();
    if (union.count_ones() as usize) < m {
        return None;
    }
    let (lo_u, lo_t, hi_u, hi_t) = ends(union, m);
    // the tests' deliberately wrong bound
    #[cfg(test)]
    let lo_u = lo_u + i64::from(MUTATE.with(|f| f.get()));
    Some(Bounds {
        low: lo_u.max(min_sum),
        low_union: lo_u >= min_sum,
        low_thresh: lo_t,
        high: hi_u.min(max_sum),
        high_union: hi_u <= max_sum,
        high_thresh: hi_t,
        spread: max_digit(union) - min_digit(union),
        open,
    })
}

impl Bounds {
    #[cfg(test)]
    /// The lower bound of the group's sum when its cell `i` (candidates `mi`) holds `d`.
    fn low_with(&self, mi: Mask, d: i64) -> i64 {
        if self.low_union {
            // the other m-1 cells take distinct digits of the union other than d
            d + self.low - d.min(self.low_thresh)
        } else {
            d + self.low - min_digit(mi)
        }
    }

    #[cfg(test)]
    /// The upper bound of the group's sum when its cell `i` holds `d`.
    fn high_with(&self, mi: Mask, d: i64) -> i64 {
        if self.high_union {
            d + self.high - d.max(self.high_thresh)
        } else {
            d + self.high - max_digit(mi)
        }
    }
}

/// The digits `d` (as a mask) with `lo <= w·d <= hi`, `w != 0`.
fn digits_between(lo: i64, hi: i64, w: i64) -> Mask {
    let (a, b) = if w > 0 {
        (ceil_div(lo, w), hi.div_euclid(w))
    } else {
        (ceil_div(-hi, -w), (-lo).div_euclid(-w))
    };
    if a > b {
        0
    } else {
        below(b.saturating_add(1)) & !below(a)
    }
}

/// `⌈a / b⌉` for `b > 0`.
fn ceil_div(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}

/// The contribution range `(min, max)` of `w·x` for `x` in `low..=high`.
fn scaled(w: i64, low: i64, high: i64) -> (i64, i64) {
    if w > 0 {
        (w * low, w * high)
    } else {
        (w * high, w * low)
    }
}

/// [`reason_in`] with fresh buffers (the tests' and the fixpoint check's way in).
#[cfg(test)]
pub(crate) fn reason(
    s: &Compiled,
    dom: &impl Fn(u32) -> Mask,
    differ: &impl Fn(u32, u32) -> bool,
    out: &mut Vec<Found>,
) {
    reason_in(s, dom, differ, &mut Scratch::default(), out);
}

/// Buffers [`reason_in`] reuses from one run to the next: the propagator runs a relation
/// millions of times in a hard search, and most runs find nothing, so an allocation per run
/// would be a large part of their cost.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    bounds: Vec<Bounds>,
    cells: Vec<(u32, Mask)>,
}

/// Appends to `out` what relation `s` implies on the candidates `dom`; `differ(a, b)` says
/// whether cells `a` and `b` must hold different digits. Stops at a conflict. `scratch`
/// holds the buffers, reused from call to call.
pub(crate) fn reason_in(
    s: &Compiled,
    dom: &impl Fn(u32) -> Mask,
    differ: &impl Fn(u32, u32) -> bool,
    scratch: &mut Scratch,
    out: &mut Vec<Found>,
) {
    let all = &mut scratch.bounds;
    all.clear();
    for g in &s.groups {
        match bounds(g, dom) {
            Some(b) => all.push(b),
            None => {
                out.push(Found::Conflict(Cite::Full));
                return;
            }
        }
    }
    let (mut smin, mut smax) = (0i64, 0i64);
    for (g, b) in s.groups.iter().zip(all.iter()) {
        let (a, z) = scaled(g.w, b.low, b.high);
        smin += a;
        smax += z;
    }
    if smin > s.hi {
        out.push(Found::Conflict(Cite::Low));
        return;
    }
    if smax < s.lo {
        out.push(Found::Conflict(Cite::High));
        return;
    }
    // rule 1: each cell against the bounds of the rest, as a range of digits per cell (the
    // group's bound with cell i = d grows with d, so the digits it allows are an interval)
    for (g, b) in s.groups.iter().zip(all.iter()) {
        let v = g.w.abs();
        // a cell at any digit moves the group's bound by at most the spread of its union
        // (the bound with the cell at d lies between the bound and the bound with the cell
        // at the union's far end): no digit of the group goes while both slacks cover it
        if v * b.spread <= s.hi - smin && v * b.spread <= smax - s.lo {
            continue;
        }
        let (gmin, gmax) = scaled(g.w, b.low, b.high);
        // too large (Low) cuts one end, too small (High) the other: the largest group low
        // bound, or the smallest group high bound, that the rest still allows
        let (low_cap, high_floor) = if g.w > 0 {
            (
                Some((s.hi - smin + gmin).div_euclid(v)),
                Some(ceil_div(s.lo - smax + gmax, v)),
            )
        } else {
            (None, None)
        };
        let (neg_high_floor, neg_low_cap) = if g.w < 0 {
            (
                Some(ceil_div(smin - gmin - s.hi, v)),
                Some((smax - gmax - s.lo).div_euclid(v)),
            )
        } else {
            (None, None)
        };
        for &c in &g.cells {
            let mi = dom(c);
            // the largest digit whose group low bound is at most `cap`, the smallest whose
            // group high bound is at least `floor`
            let dmax = |cap: i64| {
                if b.low_union {
                    b.low_thresh + cap - b.low
                } else {
                    min_digit(mi) + cap - b.low
                }
            };
            let dmin = |floor: i64| {
                if b.high_union {
                    b.high_thresh - (b.high - floor)
                } else {
                    max_digit(mi) - (b.high - floor)
                }
            };
            let (too_large, too_small) = if g.w > 0 {
                (
                    low_cap.map_or(0, |l| above(dmax(l))),
                    high_floor.map_or(0, |h| below(dmin(h))),
                )
            } else {
                (
                    neg_high_floor.map_or(0, |h| below(dmin(h))),
                    neg_low_cap.map_or(0, |l| above(dmax(l))),
                )
            };
            let mut gone = mi & (too_large | too_small);
            while gone != 0 {
                let di = gone.trailing_zeros();
                gone &= gone - 1;
                let cite = if too_large & (1 << di) != 0 {
                    Cite::Low
                } else {
                    Cite::High
                };
                out.push(Found::Remove(c, di as u8, cite));
            }
        }
    }
    if all.iter().map(|b| b.open).sum::<usize>() <= EXACT_CELLS {
        exact(s, dom, differ, out);
    }
    if let Some(sets) = &s.sets {
        digit_sets(s, sets, dom, &mut scratch.cells, out);
    }
}

/// Rule 1 digit by digit (the reference the interval form of [`reason_in`] must match): the
/// removals of every digit whose bound with the rest passes `hi` (`Low`) or stays below
/// `lo` (`High`); empty at a conflict.
#[cfg(test)]
pub(crate) fn rule1_per_digit(s: &Compiled, dom: &impl Fn(u32) -> Mask) -> Vec<Found> {
    let mut out = Vec::new();
    let Some(all) = s
        .groups
        .iter()
        .map(|g| bounds(g, dom))
        .collect::<Option<Vec<_>>>()
    else {
        return out;
    };
    let (mut smin, mut smax) = (0i64, 0i64);
    for (g, b) in s.groups.iter().zip(&all) {
        let (a, z) = scaled(g.w, b.low, b.high);
        smin += a;
        smax += z;
    }
    if smin > s.hi || smax < s.lo {
        return out;
    }
    for (g, b) in s.groups.iter().zip(&all) {
        let (gmin, gmax) = scaled(g.w, b.low, b.high);
        for &c in &g.cells {
            let mi = dom(c);
            for di in 0..64 {
                if mi & (1 << di) == 0 {
                    continue;
                }
                let d = di as i64 + 1;
                let (a, z) = scaled(g.w, b.low_with(mi, d), b.high_with(mi, d));
                if smin - gmin + a > s.hi {
                    out.push(Found::Remove(c, di as u8, Cite::Low));
                } else if smax - gmax + z < s.lo {
                    out.push(Found::Remove(c, di as u8, Cite::High));
                }
            }
        }
    }
    out
}

/// Rule 2: exact filtering of at most three open cells.
fn exact(
    s: &Compiled,
    dom: &impl Fn(u32) -> Mask,
    differ: &impl Fn(u32, u32) -> bool,
    out: &mut Vec<Found>,
) {
    let mut fixed = 0i64;
    // (cell, weight, candidates) of the open cells
    let mut open = [(0u32, 0i64, 0 as Mask); EXACT_CELLS];
    let mut k = 0;
    let mut combos = 1usize;
    for g in &s.groups {
        for &c in &g.cells {
            let m = dom(c);
            if m.count_ones() == 1 {
                fixed += g.w * min_digit(m);
            } else {
                let Some(slot) = open.get_mut(k) else {
                    return;
                };
                *slot = (c, g.w, m);
                k += 1;
                combos = combos.saturating_mul(m.count_ones() as usize);
            }
        }
    }
    if k == 0 || combos > EXACT_LIMIT {
        return;
    }
    let open = &open[..k];
    // which pairs of open cells must differ, asked once
    let mut must_differ = [[false; EXACT_CELLS]; EXACT_CELLS];
    for (a, x) in open.iter().enumerate() {
        for (b, y) in open.iter().enumerate().skip(a + 1) {
            let d = differ(x.0, y.0);
            must_differ[a][b] = d;
            must_differ[b][a] = d;
        }
    }
    let mut seen = [0 as Mask; EXACT_CELLS];
    // an odometer over the candidates of all open cells but the last, the current digit of
    // each as one bit; the last cell's digits that complete the total are read off at once
    let last = k - 1;
    let mut bit = [0 as Mask; EXACT_CELLS];
    for (b, t) in bit.iter_mut().zip(open) {
        *b = t.2 & t.2.wrapping_neg();
    }
    'combos: loop {
        let mut total = fixed;
        let mut pick = [0i64; EXACT_CELLS];
        let mut taken: Mask = 0;
        for i in 0..last {
            pick[i] = bit[i].trailing_zeros() as i64 + 1;
            total += open[i].1 * pick[i];
            if must_differ[i][last] {
                taken |= bit[i];
            }
        }
        let distinct =
            (0..last).all(|a| (a + 1..last).all(|b| pick[a] != pick[b] || !must_differ[a][b]));
        if distinct {
            let (_, w, m) = open[last];
            let fits = m & !taken & digits_between(s.lo - total, s.hi - total, w);
            if fits != 0 {
                seen[last] |= fits;
                for i in 0..last {
                    seen[i] |= bit[i];
                }
            }
        }
        for i in (0..last).rev() {
            let m = open[i].2;
            // the next candidate above the current one, else back to the first (carry)
            let rest = m & !(bit[i] | (bit[i] - 1));
            if rest != 0 {
                bit[i] = rest & rest.wrapping_neg();
                continue 'combos;
            }
            bit[i] = m & m.wrapping_neg();
        }
        break;
    }
    if seen[0] == 0 {
        out.push(Found::Conflict(Cite::Full));
        return;
    }
    for (&(c, _, m), &keep) in open.iter().zip(&seen) {
        let mut gone = m & !keep;
        while gone != 0 {
            let d = gone.trailing_zeros();
            gone &= gone - 1;
            out.push(Found::Remove(c, d as u8, Cite::Full));
        }
    }
}

/// The digits each cell of `s` must cite (`visit(cell, digits)`) for a reason of kind
/// `cite` read on the candidates `dom` (those the implication was drawn from).
pub(crate) fn cited(
    s: &Compiled,
    cite: Cite,
    dom: &impl Fn(u32) -> Mask,
    visit: &mut dyn FnMut(u32, Mask),
) {
    let set_filter: Option<(Mask, Mask)> = match cite {
        // (a set is relevant when it holds all of the first mask and none of the second)
        Cite::SetsWith(d) => Some((1 << d, 0)),
        Cite::SetsPlace(_, d) => Some((0, 1 << d)),
        Cite::SetsNone => Some((0, 0)),
        _ => None,
    };
    if let (Some((with, without)), Some(sets)) = (set_filter, &s.sets) {
        failing_sets(s, sets, with, without, dom, visit);
        if let Cite::SetsPlace(c, d) = cite {
            // no other cell of the cage holds d
            s.cells().filter(|&o| o != c).for_each(|o| visit(o, 1 << d));
        }
        return;
    }
    for g in &s.groups {
        let b = match (cite, bounds(g, dom)) {
            (Cite::Low | Cite::High, Some(b)) => b,
            _ => {
                g.cells.iter().for_each(|&c| visit(c, Mask::MAX));
                continue;
            }
        };
        // which side of this group the bound read: its minimum when the sum was too large
        // and the weight is positive, and so on
        let low_side = (cite == Cite::Low) == (g.w > 0);
        let union: Mask = g.cells.iter().fold(0, |u, &c| u | dom(c));
        for &c in &g.cells {
            let m = dom(c);
            let digits = match (low_side, b.low_union, b.high_union) {
                // the m smallest of the union: every digit below the threshold not in it
                (true, true, _) => below(b.low_thresh) & !union,
                (true, false, _) => below(min_digit(m)),
                (false, _, true) => above(b.high_thresh) & !union,
                (false, _, false) => above(max_digit(m)),
            };
            visit(c, digits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ends_table_matches_the_steps() {
        for u in 1..(1u64 << TABLE_BITS) {
            for m in 1..=u.count_ones() as usize {
                assert_eq!(ends(u, m), ends_by_steps(u, m), "union {u:#b}, m {m}");
            }
        }
        // past the table: the steps themselves, e.g. 16 values
        assert_eq!(ends(0b1000_0000_0000_0101, 2), (4, 3, 19, 3));
    }
}
