#!/usr/bin/env python3
"""satdoku against the Interactive Sudoku Solver (ISS) on ISS's own examples that satdoku reads
(tests/iss/examples.jsonl), one run each, in one process each (warm).

    python3 benches/iss_examples.py --iss ISS_DIR [--timeout 60] [--args "--engine cadical"] \
        [--shaped] [--tsv FILE] [--file RECORDS]

satdoku: `satdoku check -f json -j1 --timeout T` over the file; its per-puzzle `time_us` (the
solve, after reading). ISS: `node benches/iss_examples.mjs` (process CPU time of parse + build
+ run({maxSolutions: 2}) per puzzle, after module loading). Both prove uniqueness (two
solutions looked for). Prints a Markdown summary: the ratio satdoku / ISS per puzzle
(median, geometric mean, how many at most 1x), the totals, and the ten puzzles where satdoku
is furthest behind. `--shaped` keeps the examples whose grid is not a square holding 1..N
(a rectangle, another value range, regions of another size: `Shape~RxC~…`, `RegionSize`).
Needs node 20+; nothing is fetched.
"""
import argparse
import json
import math
import os
import re
import tempfile
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILE = os.path.join(ROOT, "tests", "iss", "examples.jsonl")


def is_shaped(iss):
    """Whether an ISS string's grid is not a square holding 1..N: a rectangle, another value
    range (`9x9~0-8`, `6x6~9`) or regions of another size (`RegionSize`)."""
    t = re.sub(r"\s+", "", iss)
    m = re.search(r"\.Shape~(\d+)x(\d+)(~[^.~]+)?", t)
    if m and (m.group(1) != m.group(2) or m.group(3)):
        return True
    return ".RegionSize~" in t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iss", required=True)
    ap.add_argument("--timeout", type=float, default=60)
    # more arguments of `satdoku check`, e.g. --args="--engine cadical"
    ap.add_argument("--args", default="")
    ap.add_argument("--shaped", action="store_true",
                    help="only the examples whose grid is not a square holding 1..N")
    ap.add_argument("--tsv", help="also write every puzzle's row (ratio, title, satdoku ms, "
                    "ISS ms) to this file, slowest relative to ISS first")
    ap.add_argument("--file", default=FILE,
                    help="records to run (default tests/iss/examples.jsonl; e.g. a subset)")
    a = ap.parse_args()
    lines = open(a.file).read().splitlines()
    src = a.file
    if a.shaped:
        lines = [l for l in lines if is_shaped(json.loads(l)["iss"])]
        tmp = tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False)
        tmp.write("\n".join(lines) + "\n")
        tmp.close()
        src = tmp.name
    titles = [json.loads(l)["title"] for l in lines]
    sat = subprocess.run(
        [os.path.join(ROOT, "target", "release", "satdoku"), "check", "-f", "json", "-j1",
         "--timeout", str(a.timeout), *a.args.split(), src],
        capture_output=True, text=True)
    sat_rows = [json.loads(l) for l in sat.stdout.splitlines() if l.strip()]
    iss = subprocess.run(["node", os.path.join(ROOT, "benches", "iss_examples.mjs"), "--iss", a.iss, src],
                         capture_output=True, text=True, check=True)
    iss_rows = {o["name"]: o for o in map(json.loads, iss.stdout.splitlines())}
    ratios, rows, timeouts = [], [], []
    tot_s = tot_i = 0.0
    for title, s in zip(titles, sat_rows):
        i = iss_rows[title]
        if s["status"] == "timeout":
            timeouts.append((title, i["cpu_ms"]))
            continue
        s_ms = s["time_us"] / 1000
        i_ms = i["cpu_ms"]
        tot_s += s_ms
        tot_i += i_ms
        r = max(s_ms, 0.001) / max(i_ms, 0.001)
        ratios.append(r)
        rows.append((r, title, s_ms, i_ms))
    ratios.sort()
    med = ratios[len(ratios) // 2]
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    le1 = sum(r <= 1 for r in ratios)
    print(f"| puzzles | satdoku ≤ 1× ISS | median ratio | geometric mean | satdoku total | ISS total |")
    print(f"|---|---|---|---|---|---|")
    print(f"| {len(ratios)} (+{len(timeouts)} timeout) | {le1} | {med:.2f}× | {geo:.2f}× | {tot_s / 1000:.2f} s | {tot_i / 1000:.2f} s |")
    print()
    for t, i_ms in timeouts:
        print(f"- timeout ({a.timeout:.0f} s) in satdoku: {t} (ISS {i_ms:.1f} ms)")
    print()
    print("| slowest relative to ISS | satdoku ms | ISS ms | ratio |")
    print("|---|---|---|---|")
    for r, t, s_ms, i_ms in sorted(rows, reverse=True)[:10]:
        print(f"| {t} | {s_ms:.1f} | {i_ms:.1f} | {r:.1f}× |")
    if a.tsv:
        with open(a.tsv, "w") as f:
            for r, t, s_ms, i_ms in sorted(rows, reverse=True):
                f.write(f"{r:.2f}\t{t}\t{s_ms:.1f}\t{i_ms:.1f}\n")


if __name__ == "__main__":
    sys.exit(main())
