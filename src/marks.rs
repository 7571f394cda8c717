//! Stamped marks over the cells of a small graph, and the boundary of a set of cells: what
//! the connectivity propagators (`chaos`, `connected`) do on the search path, where clearing
//! a vector of flags per call would cost O(cells) each time. Clearing here is one increment.

/// A node number of an adjacency list (the propagators keep `u16` or `u32`).
pub trait Node: Copy {
    /// As an index.
    fn at(self) -> usize;
}

impl Node for u16 {
    fn at(self) -> usize {
        self as usize
    }
}

impl Node for u32 {
    fn at(self) -> usize {
        self as usize
    }
}

/// One mark per item, all cleared at once by moving to a fresh stamp.
#[derive(Clone, Debug)]
pub struct Marks {
    mark: Vec<u32>,
    stamp: u32,
}

impl Marks {
    /// Marks for `n` items, none set.
    pub fn new(n: usize) -> Marks {
        Marks {
            mark: vec![0; n],
            stamp: 1,
        }
    }

    /// Clears every mark (the vector is rewritten only once in 2³² clears).
    pub fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    /// Marks item `i`; whether it was unmarked.
    pub fn set(&mut self, i: usize) -> bool {
        let fresh = self.mark[i] != self.stamp;
        self.mark[i] = self.stamp;
        fresh
    }

    /// Whether item `i` is marked.
    pub fn is_set(&self, i: usize) -> bool {
        self.mark[i] == self.stamp
    }
}

/// Calls `emit` once for every cell next to `cells` (on the graph `adj`) and not in it: the
/// boundary of a cut. Clears `marks` first and leaves `cells` and the boundary marked.
pub fn boundary<N: Node>(
    adj: &[Vec<N>],
    cells: &[N],
    marks: &mut Marks,
    mut emit: impl FnMut(usize),
) {
    marks.clear();
    for &p in cells {
        marks.set(p.at());
    }
    for &p in cells {
        for &b in &adj[p.at()] {
            if marks.set(b.at()) {
                emit(b.at());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_unmarks_everything_and_boundary_lists_each_neighbour_once() {
        let mut m = Marks::new(4);
        assert!(m.set(2) && !m.set(2) && m.is_set(2));
        m.clear();
        assert!(!m.is_set(2));
        // a 2×3 grid: 0 1 2 / 3 4 5
        let adj: Vec<Vec<u16>> = vec![
            vec![1, 3],
            vec![0, 2, 4],
            vec![1, 5],
            vec![0, 4],
            vec![1, 3, 5],
            vec![2, 4],
        ];
        let mut m = Marks::new(6);
        let mut out = Vec::new();
        boundary(&adj, &[0, 1], &mut m, |b| out.push(b));
        out.sort_unstable();
        assert_eq!(out, [2, 3, 4]);
        // wrapping around the stamp keeps marks apart
        m.stamp = u32::MAX;
        m.set(5);
        m.clear();
        assert!(!m.is_set(5) && m.set(5));
    }
}
