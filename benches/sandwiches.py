#!/usr/bin/env python3
"""Sandwich and X-sum benchmark puzzles: clues of a grid, no givens.

    python3 benches/sandwiches.py SOLUTIONS.txt [--rule sandwich|x-sum] [--count K] \
        [--clues C] [--seed S] > OUT.jsonl

SOLUTIONS.txt holds full 9x9 grids, one 81-digit line each (e.g. the solutions `satdoku
solve -q -f line` prints for the first puzzles of ../shared/puzzles/classic/17_clue.txt).
For each of the first K grids (default 20) the script writes one native-JSON puzzle without
givens whose rules are C of the grid's 18 sandwich clues (default all; else a random
choice, seeded): the sum of the digits between the 1 and the 9 of that row or column. With
`--rule x-sum` the clues are X-sums, from all four sides (36; default all): the sum of the
first X digits read from the clue, X the first of them. The grid is a solution; most such
puzzles have several, and finding two is the work measured ("Sandwiches by their
fillings" in BENCHMARKS.md).
"""

import argparse
import json
import random


def sandwich(line):
    a, b = sorted((line.index(1), line.index(9)))
    return sum(line[a + 1:b])


def x_sum(line):
    return sum(line[: line[0]])


def puzzle(k, grid, rule, clues, rng):
    rows = [[int(grid[r * 9 + c]) for c in range(9)] for r in range(9)]
    cols = [[rows[r][c] for r in range(9)] for c in range(9)]
    lines = [(f"r{r + 1}c0", rows[r]) for r in range(9)]
    lines += [(f"r0c{c + 1}", cols[c]) for c in range(9)]
    if rule == "x-sum":
        # read from the right and from below too
        lines += [(f"r{r + 1}c10", rows[r][::-1]) for r in range(9)]
        lines += [(f"r10c{c + 1}", cols[c][::-1]) for c in range(9)]
    clues = min(clues, len(lines))
    if clues < len(lines):
        lines = rng.sample(lines, clues)
    value = sandwich if rule == "sandwich" else x_sum
    return {
        "satdoku": 1,
        "title": f"{rule} {k}: {clues} clues",
        "size": 9,
        "givens": ["." * 9] * 9,
        "constraints": [
            {"type": rule, "clue": clue, "sum": value(line)} for clue, line in lines
        ],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("solutions")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--rule", default="sandwich", choices=["sandwich", "x-sum"])
    ap.add_argument("--clues", type=int, default=36, choices=range(1, 37))
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with open(a.solutions) as f:
        grids = [line.strip() for line in f if len(line.strip()) == 81]
    for k, grid in enumerate(grids[: a.count]):
        print(json.dumps(puzzle(k, grid, a.rule, a.clues, rng)))


if __name__ == "__main__":
    main()
