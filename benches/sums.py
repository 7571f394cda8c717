#!/usr/bin/env python3
"""Prints the sums benchmark tables: satdoku (one or two binaries) against the Interactive
Sudoku Solver (ISS), per puzzle, in-process times from one run.

    python3 benches/sums.py --iss ISS_DIR [--before OLD_SATDOKU] [--cap SECONDS]
        [--cpsat PYTHON_WITH_ORTOOLS] SET...

SET is `shipped` (puzzles/sums/), `few` (the same generator with fewer givens, written to a
temporary directory) or `mathemagic` (ISS's MATHEMAGIC_KILLERS, converted by
benches/mathemagic.py). satdoku's figure is the CPU time (user + system) of the whole
`satdoku check -j1` process (start-up and parsing included, so it favours ISS slightly); ISS's
is the least CPU time of parse + build + solve for 2 solutions over 3 solves in one node
process (benches/iss_time.mjs; the JIT is warm from the second solve on). CPU rather than wall time,
so that a busy machine inflates neither side. A run over the cap prints `>cap`. With
`--cpsat`, a last column gives OR-tools CP-SAT's CPU time on the same puzzle (benches/cpsat.py,
one worker, run by that Python interpreter, which must have `ortools` installed).
"""

import argparse
import glob
import json
import os
import resource
import subprocess
import sys
import tempfile

# ISS solves each puzzle this many times in its process; the least CPU time counts (warm JIT).
PASSES = 3
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def satdoku(binary, path, cap, extra=()):
    """(status, CPU ms of the whole `satdoku check -j1` process), (None, None) past the cap;
    `extra`: more arguments (e.g. `--engine cadical`)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run([binary, "check", "-j1", "-q", "-f", "json", *extra, path],
                             capture_output=True, text=True, timeout=cap).stdout
    except subprocess.TimeoutExpired:
        return None, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    o = json.loads(out.splitlines()[0])
    return o["status"], cpu * 1000


def iss(iss_dir, path, cap):
    src = path[:-5] + ".txt" if os.path.exists(path[:-5] + ".txt") else path
    try:
        out = subprocess.run(["node", os.path.join(HERE, "iss_time.mjs"), "--iss", iss_dir,
                              "--passes", str(PASSES), src],
                             capture_output=True, text=True, timeout=cap).stdout
    except subprocess.TimeoutExpired:
        return None, None
    o = json.loads(out.splitlines()[0])
    return o["status"], o["cpu_ms"]


def cpsat(python, path, cap):
    try:
        out = subprocess.run([python, os.path.join(HERE, "cpsat.py"), path],
                             capture_output=True, text=True, timeout=cap)
    except subprocess.TimeoutExpired:
        return None, None
    if out.returncode != 0:
        sys.exit(f"cpsat.py failed on {path}: {out.stderr.strip()}")
    o = json.loads(out.stdout.splitlines()[0])
    return o["status"], o["cpu_ms"]


def fmt(ms, cap):
    return f">{cap * 1000:.0f}" if ms is None else f"{ms:.1f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iss", required=True)
    ap.add_argument("--before")
    ap.add_argument("--after", default=os.path.join(ROOT, "target", "release", "satdoku"))
    ap.add_argument("--cap", type=float, default=60)
    # Extra arguments of each binary, e.g. --before-args="--engine varisat"
    # --after-args="--engine cadical" to compare engines with one binary as both.
    ap.add_argument("--before-args", default="")
    ap.add_argument("--after-args", default="")
    ap.add_argument("--cpsat", help="a Python interpreter with ortools: adds CP-SAT's column")
    ap.add_argument("sets", nargs="+")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp()
    for name in a.sets:
        if name == "shipped":
            files = sorted(glob.glob(os.path.join(ROOT, "puzzles", "sums", "*.json")))
            files = [f for f in files if not f.endswith(".fpuzzles.json")]
        elif name == "few":
            os.makedirs(f"{tmp}/few")
            subprocess.run([sys.executable, os.path.join(HERE, "gen_sums.py"), "--few",
                            f"{tmp}/few"], check=True, capture_output=True)
            files = sorted(glob.glob(f"{tmp}/few/*.json"))
        elif name == "mathemagic":
            os.makedirs(f"{tmp}/mm")
            subprocess.run([sys.executable, os.path.join(HERE, "mathemagic.py"), a.iss,
                            f"{tmp}/mm"], check=True)
            files = sorted(glob.glob(f"{tmp}/mm/*.json"))
        else:
            sys.exit(f"unknown set {name}")
        print(f"\n### {name}\n")
        head = "| puzzle | status | " + ("before ms | " if a.before else "")
        tail = " CP-SAT ms |" if a.cpsat else ""
        print(head + "after ms | ISS ms | after/ISS |" + tail)
        print("|---" * (5 + bool(a.before) + bool(a.cpsat)) + "|")
        tot = {"before": 0.0, "after": 0.0, "iss": 0.0, "cpsat": 0.0}
        for f in files:
            row = {}
            status, row["after"] = satdoku(a.after, f, a.cap, a.after_args.split())
            if a.before:
                _, row["before"] = satdoku(a.before, f, a.cap, a.before_args.split())
            iss_status, row["iss"] = iss(a.iss, f, a.cap)
            if status and iss_status and status != iss_status:
                status = f"{status} (ISS: {iss_status})"
            if a.cpsat:
                cp_status, row["cpsat"] = cpsat(a.cpsat, f, a.cap)
                if status and cp_status and not status.startswith(cp_status):
                    status = f"{status} (CP-SAT: {cp_status})"
            for k, v in row.items():
                tot[k] += a.cap * 1000 if v is None else v
            ratio = (f"{row['after'] / row['iss']:.2f}"
                     if row["after"] is not None and row["iss"] else "-")
            cells = [os.path.basename(f)[:-5], status or "?"]
            if a.before:
                cells.append(fmt(row["before"], a.cap))
            cells += [fmt(row["after"], a.cap), fmt(row["iss"], a.cap), ratio]
            if a.cpsat:
                cells.append(fmt(row["cpsat"], a.cap))
            print("| " + " | ".join(cells) + " |")
        cells = ["total", ""]
        if a.before:
            cells.append(f"{tot['before']:.0f}")
        cells += [f"{tot['after']:.0f}", f"{tot['iss']:.0f}",
                  f"{tot['after'] / tot['iss']:.2f}" if tot["iss"] else "-"]
        if a.cpsat:
            cells.append(f"{tot['cpsat']:.0f}")
        print("| " + " | ".join(cells) + " |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
