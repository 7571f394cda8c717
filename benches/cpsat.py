#!/usr/bin/env python3
"""OR-tools CP-SAT on satdoku's sum puzzles: the second anchor of the sums benchmark.

    python3 -m venv /tmp/cpsat && /tmp/cpsat/bin/pip install ortools     # from PyPI
    /tmp/cpsat/bin/python benches/cpsat.py FILE.json...

Reads satdoku's native JSON of a classic 9×9 with the sum rules of the benchmark sets
(`killer`, `little-killer`, `arrow` with one-cell circles or pills) and states the same puzzle
as a CP-SAT model: one integer 1..9 per cell, `AddAllDifferent` over each row, column, box and
killer cage, a linear equation per sum (a pill is its decimal number: 10·a + b, …). It is
solved the way satdoku checks uniqueness: solve, then forbid the found grid (at least one cell
differs) and solve again, with one worker (`num_workers = 1`). Prints one JSON line per file:
the status (`unique`, `multiple`, `none`) and `cpu_ms`, the process CPU time spent building
and solving the model (Python start-up and the import of OR-tools excluded). A rule it does not
know stops it with an error naming it: it never drops a rule.
"""

import json
import resource
import sys

from ortools.sat.python import cp_model


def cpu_s():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def cell(name):
    """`r3c4` → (2, 3)."""
    r, c = name[1:].split("c")
    return int(r) - 1, int(c) - 1


def givens(puzzle):
    g = puzzle.get("givens", [])
    text = "".join(g) if isinstance(g, list) else g
    return {(i // 9, i % 9): int(ch) for i, ch in enumerate(text) if ch not in ".0"}


def build(puzzle, path):
    if puzzle.get("size", 9) != 9 or "rows" in puzzle or "values" in puzzle:
        sys.exit(f"{path}: only classic 9x9 grids are stated here")
    m = cp_model.CpModel()
    x = {(r, c): m.NewIntVar(1, 9, f"r{r + 1}c{c + 1}") for r in range(9) for c in range(9)}
    for i in range(9):
        m.AddAllDifferent([x[i, c] for c in range(9)])
        m.AddAllDifferent([x[r, i] for r in range(9)])
        br, bc = 3 * (i // 3), 3 * (i % 3)
        m.AddAllDifferent([x[br + r, bc + c] for r in range(3) for c in range(3)])
    for rc, d in givens(puzzle).items():
        m.Add(x[rc] == d)
    for k, rule in enumerate(puzzle.get("constraints", [])):
        t = rule.get("type")
        where = f"{path}: constraints[{k}] ({t})"
        if t == "killer":
            cells = [x[cell(n)] for n in rule["cells"]]
            m.AddAllDifferent(cells)
            if "sum" in rule:
                m.Add(sum(cells) == rule["sum"])
            extra = set(rule) - {"type", "cells", "sum"}
        elif t == "little-killer":
            m.Add(sum(x[cell(n)] for n in rule["cells"]) == rule["sum"])
            extra = set(rule) - {"type", "cells", "sum"}
        elif t == "arrow":
            circle = rule["circle"]
            number = sum(10 ** (len(circle) - 1 - i) * x[cell(n)] for i, n in enumerate(circle))
            m.Add(sum(x[cell(n)] for n in rule["line"]) == number)
            extra = set(rule) - {"type", "circle", "line"}
        else:
            sys.exit(f"{where}: rule type not stated in CP-SAT here")
        if extra:
            sys.exit(f"{where}: keys not stated in CP-SAT here: {sorted(extra)}")
    return m, x


def solve(m, x):
    """`unique`, `multiple` or `none`, from at most two solves."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found = 0
    while found < 2:
        status = solver.Solve(m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if status != cp_model.INFEASIBLE:
                sys.exit(f"CP-SAT stopped without an answer: {solver.StatusName(status)}")
            break
        found += 1
        # at least one cell differs from the grid just found
        differ = []
        for rc, v in x.items():
            b = m.NewBoolVar("")
            m.Add(v != solver.Value(v)).OnlyEnforceIf(b)
            differ.append(b)
        m.AddBoolOr(differ)
    return ["none", "unique", "multiple"][found]


def main():
    for path in sys.argv[1:]:
        with open(path) as f:
            puzzle = json.load(f)
        start = cpu_s()
        m, x = build(puzzle, path)
        status = solve(m, x)
        ms = (cpu_s() - start) * 1000
        print(json.dumps({"file": path, "status": status, "cpu_ms": round(ms, 1)}), flush=True)


if __name__ == "__main__":
    main()
