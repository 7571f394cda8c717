#!/usr/bin/env python3
"""Bottom-up search for a sparse unique big puzzle (BENCHMARKS.md, "Generating unique big
puzzles"): start from an empty N×N grid; while `satdoku check` says `multiple`, copy into the
givens the first solution's digits at some of the cells where its two solutions differ (one
twenty-fifth of them, at least one); stop at `unique`. Prints one line per step: step, givens,
status, seconds of the check, cells that differ.

    python3 benches/big_bottom_up.py --size 36 --seed 1 --engine cadical --out /tmp/p.txt

Each step is one `satdoku check -q -j1 -f json --timeout T` of the current givens.
"""
import argparse
import json
import os
import random
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=36)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="cadical")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--exe", default=os.path.join(ROOT, "target", "release", "satdoku"))
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    n = a.size
    rng = random.Random(a.seed)
    givens = [None] * (n * n)
    line = lambda: " ".join(str(d) if d else "." for d in givens)
    cur = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False).name
    step, t0 = 0, time.time()
    while True:
        step += 1
        with open(cur, "w") as f:
            f.write(line() + "\n")
        s = time.time()
        r = subprocess.run([a.exe, "check", "-q", "-j1", "-f", "json", "--engine", a.engine,
                            "--timeout", str(a.timeout), cur], capture_output=True, text=True)
        rec = json.loads(r.stdout.splitlines()[0])
        count = sum(1 for g in givens if g)
        print(step, count, rec["status"], "%.2f" % (time.time() - s), len(rec.get("differ", [])),
              flush=True)
        if rec["status"] != "multiple":
            break
        first = rec["solutions"][0].split()
        differ = rec["differ"]
        for c in rng.sample(differ, max(1, len(differ) // 25)):
            row, col = c[1:].split("c")
            i = (int(row) - 1) * n + int(col) - 1
            givens[i] = int(first[i])
    with open(a.out, "w") as f:
        f.write(line() + "\n")
    print("done", rec["status"], sum(1 for g in givens if g), "%.1f s" % (time.time() - t0))


if __name__ == "__main__":
    main()
