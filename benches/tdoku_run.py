#!/usr/bin/env python3
"""Runs tdoku's run_benchmark (minisat entries and tdoku) and satdoku on the same puzzle files,
set by set in one run, and prints the markdown tables of BENCHMARKS.md. Called by
benches/tdoku.sh, which builds the harness; every puzzle must be unique.

    python3 benches/tdoku_run.py --run-benchmark BIN --satdoku BIN [--passes 3] FILE...

What each figure is:
- harness columns: puzzles per second of thread CPU time (the patched clock), solve +
  uniqueness (limit 2) on puzzles already in memory, randomly permuted copies of FILE's puzzles
  (fixed seed), after a warm-up; no reading, parsing or printing is timed.
- satdoku -j1: puzzles / (user + system CPU seconds) of the whole `satdoku check -j1 -q FILE`
  process (start-up, reading, parsing, solving, proving uniqueness, printing), median of the
  passes.
- -j2 / -j1: least wall time of `check -j1` over least wall time of `check -j2` (the passes
  alternate), wall time because -j2's point is two threads at once. It needs idle cores: on a
  loaded Linux machine with autogroup scheduling (the default), a session gets its share of
  the cores whatever its thread count, and the ratio drops toward 1 (a warning is printed when
  the load average exceeds the cores). Beside it, the CPU time of -j2 over that of -j1 (median
  of the passes): the cost of the second thread, which load does not change; on two idle
  cores -j2 / -j1 can reach at most 2 / that figure.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

ENTRIES = ["minisat_complete", "minisat_augmented", "tdoku"]
SAT_ENTRIES = ENTRIES[:2]


def harness(binary, path, warmup, test):
    """{entry: puzzles/s} from one run_benchmark call on `path` (csv output)."""
    # ketopt wants option arguments attached ("-w4", not "-w 4").
    cmd = [binary, "-c1", "-e1", f"-w{warmup}", f"-t{test}", "-s" + ",".join(ENTRIES), path]
    out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "LC_ALL": "C"})
    if out.returncode != 0:
        # The patched harness stops here when a solver returns other than one solution.
        sys.exit(f"run_benchmark failed on {path}:\n{out.stdout}{out.stderr}")
    rates = {}
    for line in out.stdout.splitlines():
        f = line.split(",")
        # compiler,version,flags,file,id,rate,usec/puzzle,%no_guess,guesses/puzzle
        if len(f) >= 9 and f[-5] in ENTRIES:
            rates[f[-5]] = float(f[-4])
    missing = [e for e in ENTRIES if e not in rates]
    if missing:
        sys.exit(f"run_benchmark printed no rate for {missing} on {path}:\n{out.stdout}")
    return rates


def satdoku(binary, path, threads, puzzles):
    """(CPU seconds, wall seconds) of one `satdoku check` process; checks every verdict."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([binary, "check", f"-j{threads}", "-q", path], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = out.stdout.splitlines()
    if out.returncode != 0 or len(lines) != puzzles or not all(l.startswith("unique ") for l in lines):
        sys.exit(f"satdoku -j{threads} on {path}: exit {out.returncode}, {len(lines)} lines "
                 f"(expected {puzzles} unique)\n{out.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run-benchmark", required=True)
    ap.add_argument("--satdoku", required=True)
    ap.add_argument("--warmup", type=int, default=4)
    ap.add_argument("--test", type=int, default=10)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()

    rows = []
    for path in a.files:
        name = os.path.basename(path).removesuffix(".txt")
        puzzles = sum(1 for l in open(path) if l.strip())
        print(f"{name}: harness...", file=sys.stderr)
        rates = harness(a.run_benchmark, path, a.warmup, a.test)
        print(f"{name}: satdoku...", file=sys.stderr)
        cpu1, wall1, cpu2, wall2 = [], [], [], []
        for _ in range(a.passes):
            c, w = satdoku(a.satdoku, path, 1, puzzles)
            cpu1.append(c)
            wall1.append(w)
            c, w = satdoku(a.satdoku, path, 2, puzzles)
            cpu2.append(c)
            wall2.append(w)
        cpu1, cpu2 = statistics.median(cpu1), statistics.median(cpu2)
        rows.append((name, puzzles, rates, puzzles / cpu1, min(wall1), min(wall2), cpu2 / cpu1))

    load = float(open("/proc/loadavg").read().split()[0])
    cores = os.cpu_count()
    print(f"load average after the run: {load} ({cores} cores)\n")
    print("| set | puzzles | minisat complete | minisat augmented | satdoku -j1 | ratio to best minisat | goal ≥ 4× | tdoku |")
    print("|---|---|---|---|---|---|---|---|")
    for name, puzzles, rates, rate1, *_ in rows:
        best = max(rates[e] for e in SAT_ENTRIES)
        ratio = rate1 / best
        print(f"| {name} | {puzzles:,} | {rates['minisat_complete']:,.0f}/s | {rates['minisat_augmented']:,.0f}/s "
              f"| {rate1:,.0f}/s | {ratio:.2f}× | {'met' if ratio >= 4 else 'not met'} | {rates['tdoku']:,.0f}/s |")
    print()
    print("| set | satdoku -j1 wall | satdoku -j2 wall | -j2 / -j1 (wall) | goal ≥ 1.8× | CPU -j2 / -j1 |")
    print("|---|---|---|---|---|---|")
    for name, puzzles, _, _, w1, w2, cpu_ratio in rows:
        ratio = w1 / w2
        print(f"| {name} | {w1:.2f} s ({puzzles / w1:,.0f}/s) | {w2:.2f} s ({puzzles / w2:,.0f}/s) "
              f"| {ratio:.2f}× | {'met' if ratio >= 1.8 else 'not met'} | {cpu_ratio:.2f} |")
    if load > cores:
        print(f"\nwarning: load average {load} on {cores} cores: the wall ratios above measure the "
              "scheduler's share, not two threads (see the CPU column)")


if __name__ == "__main__":
    main()
