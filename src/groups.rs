//! The all-different structure of a puzzle (houses, smaller distinct groups, peers, pairs
//! already covered, house intersections): data for the simplifier and the encoder, built
//! from cell lists only, so it sits below the puzzle and the rules.

use crate::geometry::{Cell, House, Shape};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The all-different structure of a puzzle, derived once and shared by simplification and
/// encoding. Classic shapes share one cached copy.
#[derive(Clone, Debug)]
pub struct Groups {
    /// Sets of N cells that hold every digit once (rows, columns, regions, diagonals, …).
    pub houses: Vec<House>,
    /// Names of the houses, for messages.
    pub house_names: Vec<String>,
    /// Smaller sets whose digits differ (cages, partial regions, anti-knight pairs, …).
    pub distinct: Vec<Vec<Cell>>,
    /// Names of the distinct groups, for messages.
    pub distinct_names: Vec<String>,
    peers: Vec<Vec<u16>>,
    intersections: Vec<Intersection>,
    /// Per house then per distinct group: the cell pairs whose "not both d" clause is not
    /// already written for an earlier group (a box shares pairs with its rows and columns).
    pairs: Vec<Vec<(u16, u16)>>,
    house_positions: Vec<Vec<u16>>,
}

/// Two houses that share two or more cells (a box and a row, say), as cell positions.
#[derive(Clone, Debug)]
pub struct Intersection {
    /// Cells in both houses.
    pub both: Vec<u16>,
    /// Cells only in the first house.
    pub first_only: Vec<u16>,
    /// Cells only in the second house.
    pub second_only: Vec<u16>,
}

impl Groups {
    /// Cells (row-major positions) that must differ from cell position `i`.
    pub fn peers(&self, i: usize) -> &[u16] {
        // an extra cell (past the grid) in no group has no peers
        self.peers.get(i).map_or(&[], Vec::as_slice)
    }

    /// Row-major positions of the cells of house `i`.
    pub fn house_positions(&self, i: usize) -> &[u16] {
        &self.house_positions[i]
    }

    /// Cell pairs (row-major positions) of house `i` not already in an earlier house.
    pub fn house_pairs(&self, i: usize) -> &[(u16, u16)] {
        &self.pairs[i]
    }

    /// Cell pairs of distinct group `i` not already in a house or an earlier group.
    pub fn distinct_pairs(&self, i: usize) -> &[(u16, u16)] {
        &self.pairs[self.houses.len() + i]
    }

    /// Pairs of houses sharing two or more cells, for locked candidates.
    pub fn intersections(&self) -> &[Intersection] {
        &self.intersections
    }

    /// The groups of an `n`×`n` grid.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn build(
        n: usize,
        houses: Vec<House>,
        house_names: Vec<String>,
        distinct: Vec<Vec<Cell>>,
        distinct_names: Vec<String>,
    ) -> Groups {
        Groups::build_dims(n, n, houses, house_names, distinct, distinct_names)
    }

    /// The groups of a `rows`×`cols` grid.
    pub(crate) fn build_dims(
        rows: usize,
        cols: usize,
        houses: Vec<House>,
        house_names: Vec<String>,
        distinct: Vec<Vec<Cell>>,
        distinct_names: Vec<String>,
    ) -> Groups {
        let n = cols;
        // extra cells (past the grid) in a group need their own entries
        let cells = houses
            .iter()
            .chain(&distinct)
            .flatten()
            .map(|c| c.position(n) + 1)
            .fold(rows * cols, usize::max);
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); cells];
        // pairs already written, one bit per ordered pair (a < b): 2 MB on a 64×64 grid
        let mut seen = vec![0u64; (cells * cells).div_ceil(64)];
        let mut first_time = |(a, b): (u16, u16)| {
            let bit = a as usize * cells + b as usize;
            let (word, mask) = (bit / 64, 1u64 << (bit % 64));
            match seen.get_mut(word) {
                Some(w) if *w & mask == 0 => {
                    *w |= mask;
                    true
                }
                _ => false,
            }
        };
        let pairs = houses
            .iter()
            .chain(&distinct)
            .map(|g| {
                let mut out = Vec::new();
                for (i, a) in g.iter().enumerate() {
                    for b in &g[i + 1..] {
                        let (a, b) = (a.position(n) as u16, b.position(n) as u16);
                        let key = (a.min(b), a.max(b));
                        if a != b && first_time(key) {
                            out.push(key);
                        }
                    }
                }
                out
            })
            .collect();
        for g in houses.iter().chain(&distinct) {
            for &a in g {
                for &b in g {
                    if a != b {
                        peers[a.position(n)].push(b.position(n) as u16);
                    }
                }
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let sets: Vec<Vec<u16>> = houses
            .iter()
            .map(|h| {
                let mut v: Vec<u16> = h.iter().map(|c| c.position(n) as u16).collect();
                v.sort_unstable();
                v
            })
            .collect();
        let mut intersections = Vec::new();
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                let both: Vec<u16> = a
                    .iter()
                    .filter(|x| b.binary_search(x).is_ok())
                    .copied()
                    .collect();
                if both.len() >= 2 {
                    intersections.push(Intersection {
                        first_only: a.iter().filter(|x| !both.contains(x)).copied().collect(),
                        second_only: b.iter().filter(|x| !both.contains(x)).copied().collect(),
                        both,
                    });
                }
            }
        }
        let house_positions = houses
            .iter()
            .map(|h| h.iter().map(|c| c.position(n) as u16).collect())
            .collect();
        Groups {
            house_positions,
            houses,
            house_names,
            distinct,
            distinct_names,
            peers,
            intersections,
            pairs,
        }
    }
}

/// Groups of classic shapes (no variant constraints), built once per shape.
pub(crate) fn classic_groups(shape: &Shape) -> Arc<Groups> {
    type Cache = Mutex<HashMap<(usize, usize, usize, usize), Arc<Groups>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (
        shape.rows(),
        shape.cols(),
        shape.box_rows(),
        shape.box_cols(),
    );
    let cache = CACHE.get_or_init(Default::default);
    if let Some(g) = cache.lock().expect("groups cache").get(&key) {
        return g.clone();
    }
    let g = Arc::new(shape_groups(shape));
    cache.lock().expect("groups cache").insert(key, g.clone());
    g
}

pub(crate) fn shape_groups(shape: &Shape) -> Groups {
    let l = shape_lists(shape);
    Groups::build_dims(
        shape.rows(),
        shape.cols(),
        l.houses,
        l.house_names,
        l.distinct,
        l.distinct_names,
    )
}

/// A shape's houses and all-different groups with their names, before
/// [`Groups::build_dims`] (which a puzzle with rules runs once, on these and its rules').
pub(crate) struct Lists {
    pub houses: Vec<House>,
    pub house_names: Vec<String>,
    pub distinct: Vec<Vec<Cell>>,
    pub distinct_names: Vec<String>,
}

/// The houses of `shape` (rows, columns, boxes or regions) and its all-different groups
/// (shorter houses, partial regions), each with its name.
pub(crate) fn shape_lists(shape: &Shape) -> Lists {
    // a house with as many cells as values holds each once; a shorter one (the columns of
    // a 6×8 grid, the rows of a 6×6 grid holding 9 values) holds different values only
    let (mut houses, mut house_names) = (Vec::new(), Vec::new());
    let (mut distinct, mut distinct_names) = (Vec::new(), Vec::new());
    for (i, h) in shape.houses().into_iter().enumerate() {
        if shape.covers(h.len()) {
            houses.push(h);
            house_names.push(shape.house_name(i));
        } else {
            distinct.push(h);
            distinct_names.push(shape.house_name(i));
        }
    }
    for (i, g) in shape.partial_regions().into_iter().enumerate() {
        distinct.push(g);
        distinct_names.push(format!("partial region {}", i + 1));
    }
    Lists {
        houses,
        house_names,
        distinct,
        distinct_names,
    }
}
