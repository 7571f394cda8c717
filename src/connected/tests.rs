use super::propagator::MUTATE;
use super::{ConnectedPropagator, Connection};
use crate::engine::walk;
use crate::engine::{Engine, EngineKind, Lit, Propagation, Propagator, Var};
use crate::generate::Rng;

/// Three digits per cell (0, 1, 2). x(c,d) is variable 3c + d.
const DIGITS: usize = 3;

fn x(c: usize, d: usize) -> Lit {
    Var::from_index(c * DIGITS + d).positive()
}

/// A `rows`×`cols` grid graph whose cells are in when they hold one of the first `listed`
/// digits.
fn grid(rows: usize, cols: usize, size: Option<usize>, listed: usize) -> Connection {
    let m = rows * cols;
    let touching = (0..m)
        .map(|p| {
            let (r, c) = (p / cols, p % cols);
            let mut t = Vec::new();
            if r > 0 {
                t.push(p - cols);
            }
            if r + 1 < rows {
                t.push(p + cols);
            }
            if c > 0 {
                t.push(p - 1);
            }
            if c + 1 < cols {
                t.push(p + 1);
            }
            t
        })
        .collect();
    Connection {
        touching,
        members: (0..m)
            .map(|c| (0..listed).map(|d| x(c, d)).collect())
            .collect(),
        always: vec![false; m],
        size,
    }
}

/// Every world (a digit per cell) whose cells in are one non-empty connected region (of
/// `size` cells, if set): the solutions of the connection.
fn worlds(conn: &Connection) -> Vec<Vec<u8>> {
    let m = conn.members.len();
    let mut out = Vec::new();
    let mut w = vec![0u8; m];
    loop {
        if connected(conn, &w) {
            out.push(w.clone());
        }
        let mut i = 0;
        while i < m {
            w[i] += 1;
            if (w[i] as usize) < DIGITS {
                break;
            }
            w[i] = 0;
            i += 1;
        }
        if i == m {
            return out;
        }
    }
}

fn inside(conn: &Connection, w: &[u8], c: usize) -> bool {
    conn.always[c] || conn.members[c].contains(&x(c, w[c] as usize))
}

fn connected(conn: &Connection, w: &[u8]) -> bool {
    let m = w.len();
    let cells: Vec<usize> = (0..m).filter(|&c| inside(conn, w, c)).collect();
    let Some(&first) = cells.first() else {
        return false;
    };
    if conn.size.is_some_and(|s| s != cells.len()) {
        return false;
    }
    let mut seen = vec![false; m];
    seen[first] = true;
    let mut stack = vec![first];
    let mut n = 1;
    while let Some(p) = stack.pop() {
        for &q in &conn.touching[p] {
            if !seen[q] && inside(conn, w, q) {
                seen[q] = true;
                n += 1;
                stack.push(q);
            }
        }
    }
    n == cells.len()
}

fn holds(clause: &[Lit], w: &[u8]) -> bool {
    clause.iter().any(|l| {
        let i = l.index();
        (w[i / DIGITS] as usize == i % DIGITS) == l.is_positive()
    })
}

/// Checks `clause` against every world and the assignment (`value` per variable: 1, -1,
/// 0): every literal but `except` false. Returns whether it holds in every world.
fn sound(clause: &[Lit], except: Option<Lit>, value: &[i8], all: &[Vec<u8>]) -> bool {
    for l in clause.iter().filter(|&&l| Some(l) != except) {
        let v = value[l.index()];
        assert!(
            v != 0 && (v > 0) != l.is_positive(),
            "{l:?} of {clause:?} not false"
        );
    }
    all.iter().all(|w| holds(clause, w))
}

/// Random walks of assignments, levels and backtracks near random worlds: how many
/// reasons and conflicts were checked, and how many failed to hold in some world.
fn walk(conn: &Connection, runs: usize) -> (usize, usize) {
    let all = worlds(conn);
    assert!(!all.is_empty());
    let m = conn.members.len();
    let mut rng = Rng::new(0x5eed_c0de);
    let (mut checked, mut bad) = (0, 0);
    for _ in 0..runs {
        let mut prop = ConnectedPropagator::new(conn.clone());
        let near = all[rng.below(all.len())].clone();
        let mut value = vec![0i8; m * DIGITS];
        let steps = 10 + rng.below(40);
        walk::walk(
            &mut prop,
            steps,
            3,
            &mut value,
            &mut |k| rng.below(k),
            &mut |below| {
                let v = below(m * DIGITS);
                let truth = near[v / DIGITS] as usize == v % DIGITS;
                Var::from_index(v).lit(truth != (below(6) == 0))
            },
            &mut |clause, except, value| {
                checked += 1;
                bad += usize::from(!sound(clause, except, value, &all));
            },
        );
    }
    (checked, bad)
}

/// The connections the walks run on: grids with and without a size, with one listed digit
/// or two, one with a cell always in and one never in.
fn connections() -> Vec<Connection> {
    let mut fixed = grid(3, 3, None, 1);
    fixed.members[4].clear();
    fixed.always[4] = true;
    fixed.members[0].clear();
    vec![
        grid(3, 3, None, 1),
        grid(3, 3, None, 2),
        grid(3, 3, Some(4), 2),
        grid(2, 4, Some(3), 1),
        grid(1, 6, None, 2),
        fixed,
    ]
}

#[test]
fn every_reason_and_conflict_holds_in_every_connected_world() {
    let mut total = 0;
    for conn in connections() {
        let (checked, bad) = walk(&conn, 1500);
        assert_eq!(bad, 0, "{bad} of {checked} clauses are wrong");
        assert!(checked > 100, "only {checked} clauses checked");
        total += checked;
    }
    assert!(total > 3000, "only {total} clauses checked");
}

#[test]
fn a_cut_missing_a_boundary_cell_is_caught() {
    MUTATE.with(|f| f.set(true));
    let bad: usize = connections().iter().map(|c| walk(c, 1500).1).sum();
    MUTATE.with(|f| f.set(false));
    assert!(bad > 0, "a cut one cell short went unnoticed");
}

#[test]
fn check_model_rejects_exactly_the_disconnected_worlds() {
    // the size is the counter's to check (in the clauses), not the model check's
    let conn = grid(2, 4, None, 2);
    let all = worlds(&conn);
    let m = conn.members.len();
    let mut w = vec![0u8; m];
    let mut rejected = 0;
    for code in 0..DIGITS.pow(m as u32) {
        let mut k = code;
        for d in w.iter_mut() {
            *d = (k % DIGITS) as u8;
            k /= DIGITS;
        }
        if !(0..m).any(|c| inside(&conn, &w, c)) {
            continue; // no cell in: the clauses refute it
        }
        let mut prop = ConnectedPropagator::new(conn.clone());
        let ok = prop.check_model(&|l: Lit| holds(&[l], &w));
        assert_eq!(ok, connected(&conn, &w), "{w:?}");
        if !ok {
            rejected += 1;
            let mut clause = Vec::new();
            assert!(prop.conflict(&mut clause));
            assert!(
                !holds(&clause, &w),
                "{clause:?} holds in the rejected {w:?}"
            );
            assert!(
                all.iter().all(|s| holds(&clause, s)),
                "{clause:?} cuts a solution"
            );
        }
    }
    assert!(rejected > 1000, "{rejected}");
}

#[test]
fn engines_and_modes_agree_with_brute_force() {
    use crate::rules::connected_values::ConnectedValues;
    use crate::rules::testing::{brute_force_count, puzzle, EMPTY4, GIVENS4};
    use crate::rules::Constraint;
    use crate::solve::count_on;
    let rule = |values: &[usize], size| {
        Constraint::ConnectedValues(ConnectedValues {
            values: values.to_vec(),
            size,
            cells: Vec::new(),
            columns: None,
        })
    };
    let cases = [
        (EMPTY4, vec![rule(&[1, 2], None)]),
        (GIVENS4, vec![rule(&[1, 2, 3], None)]),
        (GIVENS4, vec![rule(&[2, 4], Some(8))]),
        (EMPTY4, vec![rule(&[1, 2], None), rule(&[2, 3], None)]),
        ("1..2............", vec![rule(&[1, 2], None)]),
    ];
    for (givens, rules) in cases {
        let p = puzzle(givens, rules);
        let brute = brute_force_count(&p, 400);
        let engines = [
            Engine::new(EngineKind::Varisat),
            Engine::new(EngineKind::Cadical),
            Engine::new(EngineKind::Cadical).with_chaos(Propagation::Both),
            Engine::new(EngineKind::Cadical).with_chaos(Propagation::Off),
        ];
        for e in engines {
            let n = count_on(&p, 400, &e, |g| {
                assert!(p.verify(g).is_ok());
            })
            .expect("count");
            assert_eq!(n.found, brute, "{givens} on {:?} ({})", e.kind, e.chaos);
        }
    }
}
