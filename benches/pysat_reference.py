#!/usr/bin/env python3
"""Reference rate for BENCHMARKS.md: python-sat with CaDiCaL in-process on the same files.

    pip install python-sat
    python3 benches/pysat_reference.py FILE...

One CaDiCaL 1.5.3 solver per file, loaded once with the 9x9 extended encoding; per puzzle the
givens are assumptions: solve, block the found grid with a clause guarded by a fresh
activation literal, solve again (the uniqueness check satdoku does), retire the literal. This
is the reuse scheme of the tdoku benchmark's SAT entries. Prints puzzles/s of CPU time
(process time) per file."""
import sys
import time
from pysat.solvers import Cadical153


def var(r, c, d):
    return r * 81 + c * 9 + d + 1


def extended():
    cl = []
    units = []
    for r in range(9):
        for c in range(9):
            cl.append([var(r, c, d) for d in range(9)])
            cl += [[-var(r, c, a), -var(r, c, b)] for a in range(9) for b in range(a + 1, 9)]
    houses = [[(r, c) for c in range(9)] for r in range(9)]
    houses += [[(r, c) for r in range(9)] for c in range(9)]
    houses += [[(br * 3 + i, bc * 3 + j) for i in range(3) for j in range(3)]
               for br in range(3) for bc in range(3)]
    for h in houses:
        for d in range(9):
            cl.append([var(r, c, d) for r, c in h])
            cl += [[-var(*h[a], d), -var(*h[b], d)] for a in range(9) for b in range(a + 1, 9)]
    return cl


def main():
    rules = extended()
    for path in sys.argv[1:]:
        puzzles = [l.strip() for l in open(path) if len(l.strip()) == 81]
        start = time.process_time()
        unique = 0
        with Cadical153(bootstrap_with=rules) as s:
            act = 730
            for p in puzzles:
                assumptions = [var(i // 9, i % 9, int(ch) - 1)
                               for i, ch in enumerate(p) if ch not in '.0']
                assert s.solve(assumptions=assumptions)
                model = s.get_model()
                s.add_clause([-act] + [-v for v in model[:729] if v > 0])
                unique += not s.solve(assumptions=assumptions + [act])
                s.add_clause([-act])
                act += 1
        secs = time.process_time() - start
        print(f"{path}: {len(puzzles)} puzzles, {unique} unique, {secs:.2f} s CPU, "
              f"{len(puzzles) / secs:.0f} puzzles/s")


if __name__ == '__main__':
    main()
