#!/usr/bin/env python3
"""Generates the sum-heavy benchmark puzzles of puzzles/sums/ (native JSON).

Every sum is derived from one valid 9x9 grid (a shuffled base pattern, fixed seed), so each
puzzle has at least that grid as a solution; an "-off" variant changes one sum (or drops one
cell of one arrow line) (an "-off" file); whether that leaves no solution is measured, not assumed.

    python3 benches/gen_sums.py [--few] OUTDIR

--few: fewer givens (harder; benches only, not shipped) and no cage puzzles.

Families (the rules the sums issue names):
- lk:    long little-killer diagonals (every diagonal of 5+ cells from the top and left edges,
         some up-right from the bottom edge) and a few givens;
- arrow: long arrows, 2-cell pills whose lines run 5-8 cells (sums 20-60);
- pill3: 3-cell pills (100-199) whose lines run 18-35 cells;
- cage:  big killer cages (mostly 5-9 cells) covering the grid, no givens.
Which puzzles are unique, multiple or have no solution is not decided here: the outcomes in
puzzles/expect.txt were measured (satdoku and the Interactive Sudoku Solver agree).
"""

import json
import random
import sys

N = 9


def solution_grid(seed):
    """A valid 9x9 grid: the base pattern with digits, rows, columns, bands, stacks shuffled."""
    rnd = random.Random(seed)
    base = [[(r * 3 + r // 3 + c) % 9 for c in range(9)] for r in range(9)]
    digits = list(range(1, 10))
    rnd.shuffle(digits)

    def order():
        groups = [0, 1, 2]
        rnd.shuffle(groups)
        out = []
        for g in groups:
            inner = [0, 1, 2]
            rnd.shuffle(inner)
            out += [g * 3 + i for i in inner]
        return out

    rows, cols = order(), order()
    return [[digits[base[r][c]] for c in cols] for r in rows]


def name(cell):
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def inside(r, c):
    return 0 <= r < N and 0 <= c < N


def diagonal(start, step):
    r, c = start
    out = []
    while inside(r, c):
        out.append((r, c))
        r, c = r + step[0], c + step[1]
    return out


def givens(grid, rnd, count):
    rows = [["."] * N for _ in range(N)]
    cells = [(r, c) for r in range(N) for c in range(N)]
    for r, c in rnd.sample(cells, count):
        rows[r][c] = str(grid[r][c])
    return ["".join(row) for row in rows]


def puzzle(title, grid, constraints, given_rows=None):
    p = {
        "satdoku": 1,
        "title": title,
        "author": "satdoku (benches/gen_sums.py)",
        "license": "MIT OR Apache-2.0 (part of satdoku)",
        "size": N,
    }
    if given_rows:
        p["givens"] = given_rows
    p["constraints"] = constraints
    return p


def little_killers(grid, rnd, n_givens, extra_bottom):
    lines = []
    for c in range(0, 5):
        lines.append(diagonal((0, c), (1, 1)))
    for r in range(1, 5):
        lines.append(diagonal((r, 0), (1, 1)))
    for c in range(extra_bottom):
        lines.append(diagonal((8, c), (-1, 1)))
    cons = []
    for cells in lines:
        s = sum(grid[r][c] for r, c in cells)
        cons.append({"type": "little-killer", "cells": [name(x) for x in cells], "sum": s})
    return cons, givens(grid, rnd, n_givens)


def neighbours(cell):
    r, c = cell
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and inside(r + dr, c + dc):
                yield (r + dr, c + dc)


def find_path(grid, rnd, start_from, used, target, min_len, max_len):
    """A king path (cells not in `used`) starting next to `start_from` whose digits sum to
    `target`, with min_len..max_len cells; None if the random search finds none."""
    budget = [20000]

    def dfs(path, total):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if total == target and len(path) >= min_len:
            return list(path)
        if total >= target or len(path) >= max_len:
            return None
        # cells left can add at most 9 each
        if total + 9 * (max_len - len(path)) < target:
            return None
        nxt = [x for x in neighbours(path[-1]) if x not in used and x not in path]
        rnd.shuffle(nxt)
        for x in nxt:
            path.append(x)
            got = dfs(path, total + grid[x[0]][x[1]])
            path.pop()
            if got:
                return got
        return None

    starts = [x for x in neighbours(start_from[-1]) if x not in used]
    rnd.shuffle(starts)
    for s in starts:
        got = dfs([s], grid[s[0]][s[1]])
        if got:
            return got
    return None


def pill_arrows(grid, rnd, pill_len, count, min_len, max_len, first_digit=None):
    used = set()
    cons = []
    tries = 0
    while len(cons) < count and tries < 5000:
        tries += 1
        r, c = rnd.randrange(N), rnd.randrange(N)
        horizontal = rnd.random() < 0.5
        pill = [(r, c + i) if horizontal else (r + i, c) for i in range(pill_len)]
        if not all(inside(*x) and x not in used for x in pill):
            continue
        if first_digit and grid[pill[0][0]][pill[0][1]] != first_digit:
            continue
        value = int("".join(str(grid[x[0]][x[1]]) for x in pill))
        line = find_path(grid, rnd, pill, used | set(pill), value, min_len, max_len)
        if not line:
            continue
        used |= set(pill) | set(line)
        cons.append({"type": "arrow", "circle": [name(x) for x in pill],
                     "line": [name(x) for x in line]})
    return cons


def big_cages(grid, rnd, lo, hi):
    """Cages of lo..hi cells (distinct digits) grown at random until every cell is caged;
    leftover small pieces join as they can."""
    free = {(r, c) for r in range(N) for c in range(N)}
    cages = []
    while free:
        start = min(free)
        cage = [start]
        free.discard(start)
        want = rnd.randint(lo, hi)
        while len(cage) < want:
            digits = {grid[r][c] for r, c in cage}
            options = [x for y in cage for x in neighbours4(y)
                       if x in free and grid[x[0]][x[1]] not in digits]
            if not options:
                break
            x = rnd.choice(options)
            cage.append(x)
            free.discard(x)
        cages.append(cage)
    return [{"type": "killer", "cells": [name(x) for x in sorted(cage)],
             "sum": sum(grid[r][c] for r, c in cage)} for cage in cages]


def neighbours4(cell):
    r, c = cell
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if inside(r + dr, c + dc):
            yield (r + dr, c + dc)


def cells_of(names):
    return [(int(x[1:x.index("c")]) - 1, int(x[x.index("c") + 1:]) - 1) for x in names]


def main():
    few = sys.argv[1] == "--few"
    out = sys.argv[-1]
    grid = solution_grid(9)
    rnd = random.Random(2026)
    made = {}

    for i, (n_givens, bottom) in enumerate([(12, 3), (10, 4), (14, 2)] if few else [(18, 3), (16, 4), (20, 2)], 1):
        cons, rows = little_killers(grid, rnd, n_givens, bottom)
        made[f"lk-{i}"] = puzzle(f"Long little killers {i}", grid, cons, rows)
        bad = json.loads(json.dumps(cons))
        bad[rnd.randrange(len(bad))]["sum"] += 1
        made[f"lk-{i}-off"] = puzzle(f"Long little killers {i}, one sum off", grid, bad, rows)

    for i, n_givens in enumerate([10, 6, 8] if few else [14, 12, 16], 1):
        cons = pill_arrows(grid, rnd, 2, 9, 5, 8)
        rows = givens(grid, rnd, n_givens)
        made[f"arrow-{i}"] = puzzle(f"Long pill arrows {i}", grid, cons, rows)
        bad = json.loads(json.dumps(cons))
        victim = max(bad, key=lambda a: len(a["line"]))
        victim["line"].pop()
        made[f"arrow-{i}-off"] = puzzle(f"Long pill arrows {i}, one line short", grid, bad, rows)

    for i, n_givens in enumerate([14, 10, 12] if few else [22, 20, 24], 1):
        cons = pill_arrows(grid, rnd, 3, 2, 18, 35, first_digit=1)
        rows = givens(grid, rnd, n_givens)
        made[f"pill3-{i}"] = puzzle(f"Three-digit pills {i}", grid, cons, rows)
        bad = json.loads(json.dumps(cons))
        bad[0]["line"].pop()
        made[f"pill3-{i}-off"] = puzzle(f"Three-digit pills {i}, one line short", grid, bad,
                                          rows)

    for i, (lo, hi) in enumerate([] if few else [(6, 9), (5, 8), (7, 9)], 1):
        cons = big_cages(grid, rnd, lo, hi)
        made[f"cage-{i}"] = puzzle(f"Big cages {i}", grid, cons)
        bad = json.loads(json.dumps(cons))
        # move one unit between two cages: the total stays 405, so only search refutes it
        big = [k for k in bad if 4 <= len(k["cells"]) < 8]
        big[0]["sum"] += 1
        big[1]["sum"] -= 1
        made[f"cage-{i}-off"] = puzzle(f"Big cages {i}, two sums off by one", grid, bad)

    for key, p in made.items():
        with open(f"{out}/{key}.json", "w") as f:
            f.write(json.dumps(p, indent=1) + "\n")
    print("solution:", "".join("".join(map(str, row)) for row in grid))


if __name__ == "__main__":
    main()
