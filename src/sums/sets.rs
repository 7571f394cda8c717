//! Rule 3 of [`super::reason`]: the digit sets of an all-different equation with weights 1
//! (a killer cage, or an implied sum over the rest of a house), what they imply, and why a
//! set fails (what a reason cites).

#[cfg(test)]
#[cfg(test)]
use super::relation::MUTATE_HOUSE;
use super::relation::{Cite, Compiled, Found};
use crate::geometry::Mask;

/// Most digit sets kept for rule 3 (a 16×16 cage of 8 cells has up to 12,870).
pub const SET_LIMIT: usize = 4096;

/// Rule 3: the digit sets of an all-different equation with weights 1 (`cells`: a buffer).
pub(crate) fn digit_sets(
    s: &Compiled,
    sets: &[Mask],
    dom: &impl Fn(u32) -> Mask,
    cells: &mut Vec<(u32, Mask)>,
    out: &mut Vec<Found>,
) {
    cells.clear();
    cells.extend(s.cells().map(|c| (c, dom(c))));
    let union = cells.iter().fold(0, |u, c| u | c.1);
    let must = must_hold(s, dom);
    let (mut allowed, mut required) = (0 as Mask, Mask::MAX);
    let mut any = false;
    for &set in sets {
        if set & !union == 0 && set & must == must && cells.iter().all(|c| c.1 & set != 0) {
            any = true;
            allowed |= set;
            required &= set;
        }
    }
    if !any {
        out.push(Found::Conflict(Cite::SetsNone));
        return;
    }
    for &(c, m) in cells.iter() {
        let mut gone = m & !allowed;
        while gone != 0 {
            let d = gone.trailing_zeros();
            gone &= gone - 1;
            out.push(Found::Remove(c, d as u8, Cite::SetsWith(d as u8)));
        }
    }
    let mut req = required;
    while req != 0 {
        let d = req.trailing_zeros();
        req &= req - 1;
        let bit: Mask = 1 << d;
        let mut holders = cells.iter().filter(|c| c.1 & bit != 0);
        if let (Some(&(c, m)), None) = (holders.next(), holders.next()) {
            if m != bit {
                out.push(Found::Place(c, d as u8, Cite::SetsPlace(c, d as u8)));
            }
        }
    }
}

/// The digits that the cells of `s` must hold because no other cell of a house around them
/// can (`s.outside`).
fn must_hold(s: &Compiled, dom: &impl Fn(u32) -> Mask) -> Mask {
    s.outside.iter().fold(0, |must, o| {
        must | (s.full & !o.iter().fold(0, |u, &c| u | dom(c)))
    })
}

/// Cites why each digit set of `sets` that holds every digit of `with` and none of
/// `without` fails on `dom`: a digit of the set that no cell holds (cited in every cell), or
/// else a cell that holds no digit of the set (its removed digits of the set), or else a
/// digit outside the set that no other cell of a house around the relation holds (cited in
/// each of those cells).
pub(crate) fn failing_sets(
    s: &Compiled,
    sets: &[Mask],
    with: Mask,
    without: Mask,
    dom: &impl Fn(u32) -> Mask,
    visit: &mut dyn FnMut(u32, Mask),
) {
    let union = s.cells().fold(0, |u, c| u | dom(c));
    for &set in sets
        .iter()
        .filter(|&&t| t & with == with && t & without == 0)
    {
        let missing = set & !union;
        if missing != 0 {
            let e = missing & missing.wrapping_neg();
            s.cells().for_each(|c| visit(c, e));
        } else if let Some(c) = s.cells().find(|&c| dom(c) & set == 0) {
            visit(c, set);
        } else if let Some((o, e)) = s.outside.iter().find_map(|o| {
            let e = s.full & !set & !o.iter().fold(0, |u, &c| u | dom(c));
            (e != 0).then_some((o, e & e.wrapping_neg()))
        }) {
            // digit e is in no other cell of the house, so in the relation's: not this set
            #[cfg(test)]
            let o = &o[usize::from(MUTATE_HOUSE.with(|f| f.get())).min(o.len())..];
            o.iter().for_each(|&c| visit(c, e));
        } else {
            // the set does not fail: cite everything (sound, never expected)
            s.cells().for_each(|c| visit(c, Mask::MAX));
        }
    }
}

/// Every set of `k` distinct digits of 1..=`n` that adds up to `total`, as masks; `None`
/// when there are more than [`SET_LIMIT`].
pub(crate) fn sets_of(n: usize, k: usize, total: i64) -> Option<Vec<Mask>> {
    fn go(d: usize, n: usize, k: usize, left: i64, set: Mask, out: &mut Vec<Mask>) -> bool {
        if k == 0 {
            if left == 0 {
                out.push(set);
            }
            return out.len() <= SET_LIMIT;
        }
        // k digits from d..=n: too small or too large for what is left
        let (ki, di, ni) = (k as i64, d as i64, n as i64);
        if d > n || left < ki * di + ki * (ki - 1) / 2 || left > ki * ni - ki * (ki - 1) / 2 {
            return true;
        }
        go(d + 1, n, k - 1, left - d as i64, set | 1 << (d - 1), out)
            && go(d + 1, n, k, left, set, out)
    }
    let mut out = Vec::new();
    go(1, n, k, total, 0, &mut out).then_some(out)
}
