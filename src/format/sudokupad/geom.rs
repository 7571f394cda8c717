//! Points and cells of SudokuPad drawings: which cell a point is in, the cells a line
//! passes, the two cells an edge mark lies between, outside clue positions, colours.

use super::err;
use crate::error::{excerpt, Error};
use serde_json::Value;

pub(super) use super::meanings::norm_color;

/// A point `[row, col]` at `path`: two finite numbers within ±10⁴ (far enough for any
/// drawing, near enough that no arithmetic on it overflows).
pub(super) fn point(v: &Value, path: &str) -> Result<(f64, f64), Error> {
    let bounded = |x: &Value| x.as_f64().filter(|x| x.is_finite() && x.abs() <= 1e4);
    match v.as_array().map(Vec::as_slice) {
        Some([r, c]) => bounded(r).zip(bounded(c)),
        _ => None,
    }
    .ok_or_else(|| {
        err(format!(
            "{path}: expected a point [row, col], found {}",
            excerpt(&v.to_string())
        ))
    })
}

/// The 0-based cell a point lies in, if inside the grid.
pub(super) fn cell_at(n: usize, (r, c): (f64, f64)) -> Option<(usize, usize)> {
    let inside = |x: f64| x >= 0.0 && x < n as f64;
    (inside(r) && inside(c)).then(|| (r.floor() as usize, c.floor() as usize))
}

/// Whether a point is a cell centre.
pub(super) fn is_center((r, c): (f64, f64)) -> bool {
    r.fract().abs() == 0.5 && c.fract().abs() == 0.5
}

/// The cells a polyline through cell centres passes, each segment straight or diagonal;
/// `None` when a point is not a centre inside the grid or a segment is neither.
pub(super) fn path_cells(n: usize, points: &[(f64, f64)]) -> Option<Vec<(usize, usize)>> {
    let cells: Vec<(usize, usize)> = points
        .iter()
        .map(|&p| is_center(p).then(|| cell_at(n, p)).flatten())
        .collect::<Option<_>>()?;
    let mut out = vec![*cells.first()?];
    for w in cells.windows(2) {
        let (dr, dc) = (
            w[1].0 as isize - w[0].0 as isize,
            w[1].1 as isize - w[0].1 as isize,
        );
        if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
            return None;
        }
        let steps = dr.abs().max(dc.abs());
        for k in 1..=steps {
            let r = w[0].0 as isize + dr.signum() * k;
            let c = w[0].1 as isize + dc.signum() * k;
            out.push((r as usize, c as usize));
        }
    }
    Some(out)
}

/// The two cells an edge midpoint lies between.
pub(super) fn edge_cells(n: usize, (r, c): (f64, f64)) -> Option<[(usize, usize); 2]> {
    if r.fract() == 0.0 && c.fract().abs() == 0.5 && r >= 1.0 {
        let b = cell_at(n, (r, c))?;
        return Some([(b.0 - 1, b.1), b]);
    }
    if c.fract() == 0.0 && r.fract().abs() == 0.5 && c >= 1.0 {
        let b = cell_at(n, (r, c))?;
        return Some([(b.0, b.1 - 1), b]);
    }
    None
}

/// The f-puzzles name of the clue cell beside a row or column (`R0C3`, `R3C10`) holding
/// point `p`, if `p` lies just outside the grid level with a row or a column.
pub(super) fn outside_clue(n: usize, (r, c): (f64, f64)) -> Option<String> {
    let nf = n as f64;
    let inside = |x: f64| x > 0.0 && x < nf;
    let line = |x: f64| x.floor() as usize + 1;
    if inside(c) && (-1.0..0.0).contains(&r) {
        Some(format!("R0C{}", line(c)))
    } else if inside(c) && r > nf && r < nf + 1.0 {
        Some(format!("R{}C{}", n + 1, line(c)))
    } else if inside(r) && (-1.0..0.0).contains(&c) {
        Some(format!("R{}C0", line(r)))
    } else if inside(r) && c > nf && c < nf + 1.0 {
        Some(format!("R{}C{}", line(r), n + 1))
    } else {
        None
    }
}
