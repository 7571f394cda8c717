#!/usr/bin/env python3
"""Differential test of the ISS reader: random small puzzles written as ISS strings, counted by
satdoku (through its ISS reader) and by the Interactive Sudoku Solver itself, up to a cap.

    python3 benches/iss_differential.py --iss ISS_DIR [--count 300] [--cap 20] [--seed 1] \
        [--satdoku target/release/satdoku] [--keep FILE] [--timeout SECONDS] [--only KINDS]

Each puzzle is a small grid — 4×4, 4×4 of values 0-3, raw 4×4 grids (rows may repeat), 6×6,
6×6 holding 1-9, a 4×6 rectangle — with two to four rules drawn from a menu of ISS constraints
(sums with and without weights, cages, arrows, thermometers, whispers, renban, palindromes,
between lines, X and V, dots, sandwiches, skyscrapers, X-sums, lunchboxes, zippers, modular,
entropic and sum lines, little killers, numbered rooms, hidden skyscrapers, quadruples,
whole-grid rules, diagonals, rellik and equality cages, lockout lines, value indexing,
double arrows, region-sum lines, greater-than, count-distinct, whole-grid rules (anti-taxicab, global mod and entropy, Dutch flatmates), and `Or` of two of them) and a few givens; three
puzzles in ten also get a group of extra cells (`Var`), each tied to a grid cell, with signs,
dots and whispers over them laid out as ISS lays them. Both count the solutions up to the cap; a puzzle where
the counts differ is printed with both figures (a wrong reading of ISS's meaning: a rule
dropped, weakened or made stricter), and where satdoku finds more, ISS is asked about
satdoku's grid given whole: when ISS accepts it, ISS's own search lost solutions (as its
sandwich and lunchbox do on values from 0, BENCHMARKS.md). Puzzles ISS refuses are skipped; ones satdoku refuses
are counted and listed by message. Exit status 1 when some count differs other than where ISS loses solutions.
Needs node 20+ and an ISS checkout (fetch sigh/Interactive-Sudoku-Solver); nothing is fetched.
"""
import argparse
import collections
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (ISS shape item, rows, cols, smallest value, number of values, raw)
SHAPES = [
    (".Shape~4x4", 4, 4, 1, 4, False),
    (".Shape~4x4~0-3", 4, 4, 0, 4, False),
    (".Shape~4x4~1-4~Raw", 4, 4, 1, 4, True),
    (".Shape~4x4~0-3~Raw", 4, 4, 0, 4, True),
    (".Shape~6x6", 6, 6, 1, 6, False),
    (".Shape~6x6~9", 6, 6, 1, 9, False),
    (".Shape~4x6", 4, 6, 1, 6, False),
]


def rc(r, c):
    return f"R{r + 1}C{c + 1}"


def walk(rng, rows, cols, length, diagonal=True):
    """A path of distinct cells, each touching the last (diagonals too when `diagonal`)."""
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    for _ in range(50):
        path = [(rng.randrange(rows), rng.randrange(cols))]
        while len(path) < length:
            r, c = path[-1]
            nxt = [(r + dr, c + dc) for dr, dc in steps
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in path]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        if len(path) == length:
            return path
    return path


def cells(path):
    return "~".join(rc(r, c) for r, c in path)


# --only: the menu's kinds that puzzles draw from (all when empty)
ONLY = []


def rule(rng, rows, cols, lo, nv):
    """One random ISS constraint item for the grid (of the kinds in ONLY when it is set)."""
    hi = lo + nv - 1
    kind = rng.choice(ONLY or [
        "sum", "wsum", "cage", "arrow", "thermo", "whisper", "renban", "palindrome",
        "between", "x", "v", "white", "black", "sandwich", "skyscraper", "xsum", "lunchbox",
        "zipper", "modular", "entropic", "sumline", "littlekiller", "numberedroom",
        "hidden", "quadruple", "global", "diagonal", "rellik", "equality", "lockout",
        "valueindexing", "doublearrow", "regionsumline", "greaterthan", "countdistinct",
        "wholegrid", "or", "equalsum", "lookandsay",
    ])
    n = rng.randint(2, 4)
    if kind == "sum":
        path = rng.sample([(r, c) for r in range(rows) for c in range(cols)], n)
        total = sum(rng.randint(lo, hi) for _ in path)
        return f".Sum~{total}~{cells(path)}"
    if kind == "wsum":
        path = rng.sample([(r, c) for r in range(rows) for c in range(cols)], n)
        w = [rng.choice([-2, -1, 1, 2, 3]) for _ in path]
        total = sum(x * rng.randint(lo, hi) for x in w)
        return f".Sum~{total}_=_{'_'.join(map(str, w))}~{cells(path)}"
    if kind == "cage":
        path = walk(rng, rows, cols, n, diagonal=False)
        total = sum(rng.sample(range(lo, hi + 1), len(path)))
        return f".Cage~{total}~{cells(path)}"
    if kind == "arrow":
        return f".Arrow~{cells(walk(rng, rows, cols, n))}"
    if kind == "thermo":
        return f".Thermo~{cells(walk(rng, rows, cols, n))}"
    if kind == "whisper":
        return f".Whisper~{rng.randint(1, max(1, nv // 2))}~{cells(walk(rng, rows, cols, n))}"
    if kind == "renban":
        return f".Renban~{cells(walk(rng, rows, cols, n))}"
    if kind == "palindrome":
        return f".Palindrome~{cells(walk(rng, rows, cols, n))}"
    if kind == "between":
        return f".Between~{cells(walk(rng, rows, cols, rng.randint(3, 4)))}"
    if kind in ("x", "v", "white", "black"):
        name = {"x": "X", "v": "V", "white": "WhiteDot", "black": "BlackDot"}[kind]
        return f".{name}~{cells(walk(rng, rows, cols, 2, diagonal=False))}"
    if kind == "sandwich":
        r = rng.randrange(rows)
        return f".Sandwich~{rng.randint(0, 3 * nv)}~R{r + 1}"
    if kind == "skyscraper":
        if rng.random() < 0.5:
            return f".Skyscraper~R{rng.randrange(rows) + 1}~{rng.randint(1, cols)}~"
        return f".Skyscraper~C{rng.randrange(cols) + 1}~{rng.randint(1, rows)}~"
    if kind == "xsum":
        return f".XSum~R{rng.randrange(rows) + 1}~{rng.randint(1, 3 * nv)}~"
    if kind == "lunchbox":
        if rng.random() < 0.5:
            r = rng.randrange(rows)
            return f".Lunchbox~{rng.randint(0, 2 * nv)}~{cells([(r, c) for c in range(cols)])}"
        # a path shorter than a row: its extremes are not the grid's lowest and highest
        path = walk(rng, rows, cols, rng.randint(2, min(cols, nv)))
        return f".Lunchbox~{rng.randint(0, 2 * nv)}~{cells(path)}"
    if kind == "zipper":
        return f".Zipper~{cells(walk(rng, rows, cols, rng.randint(3, 5)))}"
    if kind == "modular":
        return f".Modular~{rng.randint(2, 3)}~{cells(walk(rng, rows, cols, n))}"
    if kind == "entropic":
        return f".Entropic~{cells(walk(rng, rows, cols, n))}"
    if kind == "littlekiller" and rows == cols:
        # ISS names a diagonal by its first cell: column 1, rows 1..N-1, runs down-right
        return f".LittleKiller~{rng.randint(lo, 3 * hi)}~R{rng.randrange(rows - 1) + 1}C1"
    if kind in ("numberedroom", "hidden"):
        name = "NumberedRoom" if kind == "numberedroom" else "HiddenSkyscraper"
        if rng.random() < 0.5:
            return f".{name}~R{rng.randrange(rows) + 1}~{rng.randint(max(lo, 1), hi)}~"
        return f".{name}~C{rng.randrange(cols) + 1}~~{rng.randint(max(lo, 1), hi)}"
    if kind == "quadruple":
        r, c = rng.randrange(rows - 1), rng.randrange(cols - 1)
        vals = "~".join(str(rng.randint(lo, hi)) for _ in range(rng.randint(1, 3)))
        return f".Quad~{rc(r, c)}~{vals}"
    if kind == "global":
        return "." + rng.choice(["AntiKnight", "AntiKing", "AntiConsecutive", "DisjointSets",
                                 "StrictKropki", "StrictXV"])
    if kind == "wholegrid":
        return "." + rng.choice(["AntiTaxicab", "GlobalMod", "GlobalEntropy", "DutchFlatmates"])
    if kind == "diagonal" and rows == cols:
        return f".Diagonal~{rng.choice([1, -1])}"
    if kind == "equalsum":
        # two or three disjoint segments of one or more cells
        spots = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(3, 6))
        cut = sorted(rng.sample(range(1, len(spots)), rng.randint(1, 2)))
        parts = [spots[i:j] for i, j in zip([0] + cut, cut + [len(spots)])]
        return ".EqualSum~" + "~-~".join(cells(p) for p in parts)
    if kind == "lookandsay":
        path = walk(rng, rows, cols, rng.randint(2, 4), diagonal=False)
        pairs = "".join(f"{rng.randint(0, 2)}{rng.randint(max(lo, 0), min(hi, 9))}"
                        for _ in range(rng.randint(1, 2)))
        return f".LookAndSay~{pairs}~{cells(path)}"
    if kind == "rellik":
        path = walk(rng, rows, cols, n, diagonal=False)
        return f".RellikCage~{rng.randint(1, 2 * hi)}~{cells(path)}"
    if kind == "equality":
        return f".EqualityCage~{cells(walk(rng, rows, cols, rng.randint(2, 4), diagonal=False))}"
    if kind == "lockout":
        return f".Lockout~{rng.randint(1, max(1, nv - 2))}~{cells(walk(rng, rows, cols, 4))}"
    if kind == "valueindexing":
        return f".ValueIndexing~{cells(walk(rng, rows, cols, rng.randint(3, 4)))}"
    if kind == "doublearrow":
        return f".DoubleArrow~{cells(walk(rng, rows, cols, rng.randint(3, 4)))}"
    if kind == "regionsumline":
        return f".RegionSumLine~{cells(walk(rng, rows, cols, rng.randint(3, 5)))}"
    if kind == "greaterthan":
        return f".GreaterThan~{cells(walk(rng, rows, cols, 2, diagonal=False))}"
    if kind == "countdistinct":
        # the control first, then the counted cells (anywhere)
        every = [(r, c) for r in range(rows) for c in range(cols)]
        return f".CountDistinct~{cells(rng.sample(every, rng.randint(3, 6)))}"
    if kind == "or":
        a = rule(rng, rows, cols, lo, nv)
        b = rule(rng, rows, cols, lo, nv)
        if ".Or" in a + b or a.startswith(".Diagonal") or b.startswith(".Diagonal"):
            return a
        return f".Or{a}{b}.End"
    # a third of the sum lines are loops (the last cell followed by the first)
    loop = "~LOOP" if rng.random() < 1 / 3 else ""
    return f".SumLine~{rng.randint(lo + 1, 2 * hi)}~{cells(walk(rng, rows, cols, n))}{loop}"


# ISS extra cells (`Var~A~~SIZE`): (size as written, cell count, columns of an RxC size);
# ISS lays a group out in rows of those columns, else of the grid's columns
VAR_GROUPS = [("2x2", 4, 2), ("3", 3, None), ("2x3", 6, 3), ("3x2", 6, 2), ("5", 5, None)]


def extra_cells(rng, rows, cols, lo, nv):
    """A group of extra cells, each equal to a random grid cell (so the grid decides them and
    counts stay small), and one to three signs, dots or whispers over them: what reads ISS's
    layout of extra cells (rows of the declared columns, else of the grid's). Most lists start
    with two cells side by side in that layout, so that ISS accepts them."""
    size, count, width = rng.choice(VAR_GROUPS)
    width = width or cols
    names = [f"VA{k + 1}" for k in range(count)]
    cells_ = [(r, c) for r in range(rows) for c in range(cols)]
    parts = [f".Var~A~~{size}"]
    for name in names:
        r, c = rng.choice(cells_)
        parts.append(f".Sum~0_=_1_-1~{name}~{rc(r, c)}")
    pairs = [(a, b) for a in range(count) for b in range(count)
             if a != b and ((a // width == b // width and abs(a - b) == 1) or abs(a - b) == width)]
    hi = lo + nv - 1
    kinds = ["GreaterThan", "V", "WhiteDot", "BlackDot", "Whisper"] + (["X"] if 2 * hi - 1 >= 10 else [])
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(kinds)
        if rng.random() < 0.8:
            a, b = rng.choice(pairs)
            listed = [names[a], names[b]]
            rest = [x for x in names if x not in listed]
            listed += rng.sample(rest, rng.randint(0, min(2, len(rest))))
        else:
            listed = rng.sample(names, rng.randint(2, min(4, count)))
        if kind == "Whisper":
            if rng.random() < 0.3:
                listed.append(listed[0])
            parts.append(f".Whisper~{rng.randint(1, max(1, nv // 2))}~{'~'.join(listed)}")
        else:
            parts.append(f".{kind}~{'~'.join(listed)}")
    return parts


def puzzle(rng):
    item, rows, cols, lo, nv, raw = rng.choice(SHAPES)
    parts = [item]
    for _ in range(rng.randint(2, 4)):
        parts.append(rule(rng, rows, cols, lo, nv))
    if rng.random() < 0.3:
        parts += extra_cells(rng, rows, cols, lo, nv)
    for _ in range(rng.randint(0, 2)):
        parts.append(f".~{rc(rng.randrange(rows), rng.randrange(cols))}_{rng.randint(lo, lo + nv - 1)}")
    return "".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iss", required=True)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--cap", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--satdoku", default=os.path.join(ROOT, "target", "release", "satdoku"))
    ap.add_argument("--keep", help="write the puzzles (JSON lines) to this file")
    ap.add_argument("--timeout", type=float, default=20,
                    help="seconds per puzzle: satdoku's --timeout, and the bound on each "
                    "whole ISS run (this times the puzzles it is given)")
    ap.add_argument("--only", default="",
                    help="comma-separated kinds of the menu to draw from (e.g. lunchbox,sandwich)")
    a = ap.parse_args()
    ONLY.extend(k for k in a.only.split(",") if k)
    rng = random.Random(a.seed)
    records = [{"title": f"diff-{i}", "iss": puzzle(rng)} for i in range(a.count)]
    path = a.keep or tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False).name
    with open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    iss = subprocess.run(
        ["node", os.path.join(ROOT, "benches", "iss_count.mjs"), "--iss", a.iss, "--cap",
         str(a.cap), path], capture_output=True, text=True, check=True,
        timeout=a.timeout * a.count)
    theirs = [json.loads(l) for l in iss.stdout.splitlines() if l.strip()]
    sat = subprocess.run(
        [a.satdoku, "count", "-q", "-j1", "-f", "json", "--limit", str(a.cap), "--timeout",
         str(a.timeout), path], capture_output=True, text=True)
    ours = {}
    for l in sat.stdout.splitlines():
        o = json.loads(l)
        ours[o["line"]] = o
    compared = 0
    differ = []
    refused = collections.Counter()
    iss_refused = 0
    iss_why = collections.Counter()
    for i, (r, t) in enumerate(zip(records, theirs), start=1):
        o = ours.get(i, {})
        if "error" in t:
            iss_refused += 1
            iss_why[str(t["error"])[:90]] += 1
            continue
        if o.get("status") != "counted":
            # the message without its file and line, so alike refusals group
            msg = o.get("error") or o.get("status") or "?"
            refused[re.sub(r"^.*?:\d+: ISS item \d+ ", "", msg)[:90]] += 1
            continue
        compared += 1
        if min(o["count"], a.cap) != min(t["count"], a.cap):
            differ.append((i, r, o["count"], t["count"]))
    # Where satdoku finds more, ask ISS about satdoku's first grid, given whole: ISS
    # accepting it means ISS's search lost it (its own rules hold there)
    loses = set()
    more = [(i, r) for i, r, ours_n, theirs_n in differ if ours_n > theirs_n]
    if more:
        checks = []
        for i, r in more:
            out = subprocess.run([a.satdoku, "solve", "-q", "-f", "json", "--timeout",
                                  str(a.timeout), r["iss"]],
                                 capture_output=True, text=True).stdout.splitlines()
            grid = json.loads(out[0]).get("solution", "") if out else ""
            # the grid's cells only: extra cells' values follow a `+` and are left to ISS
            grid = grid.split("+")[0]
            cols = int(re.search(r"Shape~\d+x(\d+)", r["iss"]).group(1))
            givens = "".join(f".~R{k // cols + 1}C{k % cols + 1}_{v}" for k, v in enumerate(grid))
            checks.append({"title": str(i), "iss": r["iss"] + givens})
        with open(path + ".given", "w") as f:
            for c in checks:
                f.write(json.dumps(c) + "\n")
        given = subprocess.run(
            ["node", os.path.join(ROOT, "benches", "iss_count.mjs"), "--iss", a.iss, "--cap",
             "2", path + ".given"], capture_output=True, text=True, check=True,
            timeout=a.timeout * len(checks))
        for (i, _), l in zip(more, given.stdout.splitlines()):
            if json.loads(l).get("count") == 1:
                loses.add(i)
    for i, r, ours_n, theirs_n in differ:
        why = " (ISS accepts satdoku's grid: ISS loses solutions)" if i in loses else ""
        print(f"DIFFER line {i}: satdoku {ours_n} ISS {theirs_n}{why}: {r['iss']}")
    print(f"{a.count} puzzles (seed {a.seed}, cap {a.cap}): {compared} compared, "
          f"{len(differ)} differ ({len(loses)} where ISS loses solutions), "
          f"{sum(refused.values())} refused by satdoku, {iss_refused} refused by ISS")
    for msg, k in refused.most_common(10):
        print(f"  satdoku refused {k}: {msg}")
    for msg, k in iss_why.most_common(5):
        print(f"  ISS refused {k}: {msg}")
    sys.exit(1 if len(differ) > len(loses) else 0)


if __name__ == "__main__":
    main()
