#!/usr/bin/env python3
"""Per-family table of satdoku against the Interactive Sudoku Solver (ISS) on the 136 CC BY
f-puzzles of ../shared/puzzles/fpuzzles/ccby_variants.jsonl, both sides timed in one run.
Called by benches/families.sh (which builds satdoku):

    python3 benches/families.py --iss ISS_DIR [--passes 3] [--copies 4] [--csv FILE]

What each figure is (CPU time, because the machine may be shared: wall time under load
inflates short runs several times over, CPU time does not):
- satdoku: the CPU time (user + system) one more copy of the puzzle adds to a
  `satdoku check -j1 -f json` process: (least CPU of a process checking the line `--copies`
  times - least CPU of one checking it once) / (copies - 1), the least over `--passes` passes.
  That is reading the JSON line, importing, simplifying, encoding, solving, proving uniqueness,
  verifying and printing, without process start-up (about 2 ms) and one-time set-up (shape
  caches), as ISS's figure is without node start-up and JIT warm-up.
- ISS: ../shared/bench/variants/iss_run.mjs --passes N (one node process for all puzzles,
  each solved N times): the least CPU time of parse + build + solve for 2 solutions.
- satdoku's own `time_us` (JSON output) covers simplification, encoding, the solve and the
  uniqueness proof, but it is wall time of the solving thread: under load it runs several
  times the CPU time, so it is only shown beside line 119 (least over the passes).
The status of each side is compared; a disagreement is printed.

A puzzle belongs to every family of the rule types it uses (FAMILIES below); a puzzle with no
rule type is `classic` (irregular regions count as the rule type `regions`).
"""

import argparse
import csv
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Families of satdoku's 41 rule types (docs/FORMAT.md). A type missing here stops the run, so a
# new rule type cannot be left out of every family unnoticed.
FAMILIES = {
    # a clue that is a sum over a cage, line or run of varying length (a cage without a sum
    # stays here: it is a killer cage)
    "sums": ["killer", "little-killer", "arrow", "double-arrow", "region-sum-line",
             "zipper-line", "sandwich", "x-sum"],
    # a relation between two orthogonal neighbours, marked or negative (XV and sum dots
    # are two-cell sums)
    "dots": ["difference", "ratio", "xv", "sum-dot", "non-consecutive", "negative-ratio",
             "negative-xv"],
    # relations along a line other than sums
    "lines": ["thermometer", "slow-thermometer", "palindrome", "between-line", "lockout",
              "renban", "whispers", "entropic-line", "modular-line", "nabner"],
    # extra groups of cells that must differ
    "groups": ["diagonal", "anti-knight", "anti-king", "disjoint-groups", "extra-region",
               "regions"],
    # the digits a cell or a set of cells may hold
    "digits": ["odd", "even", "minimum", "maximum", "pencil-marks", "quadruple"],
    # a cell's digit naming another cell
    "links": ["clone", "row-indexer", "column-indexer", "box-indexer"],
    "visibility": ["skyscraper"],
}
FAMILY_OF = {t: f for f, types in FAMILIES.items() for t in types}


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def satdoku_run(binary, path):
    """(CPU seconds, first output record) of one `satdoku check -j1 -f json` process."""
    before = child_cpu()
    out = subprocess.run([binary, "check", "-j1", "-q", "-f", "json", path],
                         capture_output=True, text=True)
    cpu = child_cpu() - before
    lines = out.stdout.splitlines()
    if not lines:
        sys.exit(f"satdoku printed nothing for {path} (exit {out.returncode}): {out.stderr}")
    return cpu, json.loads(lines[0])


def status_of(record):
    """unique / multiple / none; line 62's stored solution differs from the unique one it has."""
    s = record["status"]
    if s == "invalid" and "unique, but the solution differs" in record.get("error", ""):
        return "unique"
    if s not in ("unique", "multiple", "none"):
        sys.exit(f"satdoku: unexpected status {s}: {record.get('error')}")
    return s


def families_of(binary, jsonl):
    """Per line: the sorted rule types and the sorted families of its puzzle."""
    out = subprocess.run([binary, "convert", "--to", "native", jsonl],
                         capture_output=True, text=True, check=True)
    result = []
    for line in out.stdout.splitlines():
        p = json.loads(line)
        types = sorted({k["type"] for k in p.get("constraints", [])} | ({"regions"} if "regions" in p else set()))
        unknown = [t for t in types if t not in FAMILY_OF]
        if unknown:
            sys.exit(f"rule types in no family: {unknown} (add them to FAMILIES)")
        result.append((types, sorted({FAMILY_OF[t] for t in types}) or ["classic"]))
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iss", required=True, help="a checkout of ISS")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--satdoku", default=os.path.join(ROOT, "target", "release", "satdoku"))
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--copies", type=int, default=4)
    ap.add_argument("--csv", help="also write the per-puzzle figures here")
    a = ap.parse_args()
    if a.copies < 2:
        sys.exit("--copies must be at least 2")
    jsonl = os.path.join(a.shared, "puzzles", "fpuzzles", "ccby_variants.jsonl")
    records = [l for l in open(jsonl) if l.strip()]
    fams = families_of(a.satdoku, jsonl)
    if len(fams) != len(records):
        sys.exit(f"convert gave {len(fams)} puzzles for {len(records)} lines")

    with tempfile.TemporaryDirectory() as tmp:
        once, many, iss_files = [], [], []
        for i, line in enumerate(records, 1):
            once.append(os.path.join(tmp, f"l{i:03d}.jsonl"))
            many.append(os.path.join(tmp, f"l{i:03d}x.jsonl"))
            iss_files.append(os.path.join(tmp, f"p{i:03d}.json"))
            open(once[-1], "w").write(line)
            open(many[-1], "w").write(line * a.copies)
            json.dump(json.loads(line)["fpuzzles"], open(iss_files[-1], "w"))

        print(f"ISS: {len(records)} puzzles, {a.passes} passes...", file=sys.stderr)
        out = subprocess.run(["node", os.path.join(a.shared, "bench", "variants", "iss_run.mjs"),
                              "--passes", str(a.passes), *iss_files],
                             capture_output=True, text=True, env={**os.environ, "ISS_DIR": os.path.abspath(a.iss)})
        iss = {os.path.basename(o["file"]): o for o in map(json.loads, out.stdout.splitlines())}
        if len(iss) != len(records):
            sys.exit(f"iss_run.mjs answered {len(iss)} of {len(records)} puzzles:\n{out.stderr}")

        print(f"satdoku: {len(records)} puzzles, {a.passes} passes...", file=sys.stderr)
        cpu1 = [float("inf")] * len(records)
        cpun = [float("inf")] * len(records)
        status = [None] * len(records)
        time_us = [float("inf")] * len(records)
        for _ in range(a.passes):
            for i in range(len(records)):
                c, rec = satdoku_run(a.satdoku, once[i])
                cpu1[i] = min(cpu1[i], c)
                status[i] = status_of(rec)
                time_us[i] = min(time_us[i], rec["time_us"])
                cpun[i] = min(cpun[i], satdoku_run(a.satdoku, many[i])[0])

    rows = []
    for i in range(len(records)):
        line = i + 1
        meta = json.loads(records[i])
        o = iss[f"p{line:03d}.json"]
        s_ms = max(0.0, (cpun[i] - cpu1[i]) / (a.copies - 1) * 1000)
        rows.append({"line": line, "title": meta.get("title", ""), "types": fams[i][0],
                     "families": fams[i][1], "satdoku_ms": s_ms, "iss_ms": o.get("cpu_ms"),
                     "satdoku_status": status[i], "iss_status": o.get("status"),
                     "time_us": time_us[i]})
    report(rows, a)


def ratio(s, i):
    return s / i if i else float("inf")


def report(rows, a):
    bad = [r for r in rows if r["satdoku_status"] != r["iss_status"] or r["iss_ms"] is None]
    for r in bad:
        print(f"status differs on line {r['line']}: satdoku {r['satdoku_status']}, ISS {r['iss_status']}")
    ok = [r for r in rows if r not in bad]
    print(f"load average after the run: {' '.join(open('/proc/loadavg').read().split()[:3])}; "
          f"statuses agree on {len(ok)} of {len(rows)} puzzles\n")

    print("| family | puzzles | satdoku ms | ISS ms | satdoku / ISS | without line 119 | median puzzle ratio "
          "| puzzles slower than ISS | worst puzzle (line: ms vs ms, ratio) |")
    print("|---|---|---|---|---|---|---|---|---|")
    order = list(FAMILIES) + ["classic"]
    groups = [(f, [r for r in ok if f in r["families"]]) for f in order]
    groups.append(("all", ok))
    for fam, rs in groups:
        if not rs:
            continue
        s = sum(r["satdoku_ms"] for r in rs)
        i = sum(r["iss_ms"] for r in rs)
        rest = [r for r in rs if r["line"] != 119]
        s2 = sum(r["satdoku_ms"] for r in rest)
        i2 = sum(r["iss_ms"] for r in rest)
        ratios = sorted(ratio(r["satdoku_ms"], r["iss_ms"]) for r in rs)
        median = statistics.median(ratios)
        slower = sum(1 for x in ratios if x > 1)
        worst = max(rs, key=lambda r: ratio(r["satdoku_ms"], r["iss_ms"]))
        without = f"{ratio(s2, i2):.2f}" if len(rest) < len(rs) and rest else "—"
        print(f"| {fam} | {len(rs)} | {s:,.1f} | {i:,.1f} | {ratio(s, i):.2f} | {without} | {median:.2f} "
              f"| {slower} | {worst['line']}: {worst['satdoku_ms']:,.2f} vs {worst['iss_ms']:,.2f}, "
              f"{ratio(worst['satdoku_ms'], worst['iss_ms']):.2f} |")
    print()
    for fam in FAMILIES:
        print(f"- {fam}: {', '.join(FAMILIES[fam])}")
    print("- classic: no rule type (givens only)")

    print("\nPuzzles over 100 ms in satdoku:\n")
    print("| line | title | families | satdoku ms | ISS ms | satdoku / ISS |")
    print("|---|---|---|---|---|---|")
    for r in sorted((r for r in ok if r["satdoku_ms"] > 100), key=lambda r: -r["satdoku_ms"]):
        print(f"| {r['line']} | {r['title']} | {', '.join(r['families'])} | {r['satdoku_ms']:,.1f} "
              f"| {r['iss_ms']:,.1f} | {ratio(r['satdoku_ms'], r['iss_ms']):.2f} |")

    r = next((r for r in rows if r["line"] == 119), None)
    if r:
        print(f"\nLine 119 ({r['title']}): satdoku {r['satdoku_ms']:,.1f} ms CPU "
              f"(time_us {r['time_us'] / 1000:,.1f} ms wall), ISS {r['iss_ms']:,.1f} ms; goal < 500 ms")

    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["line", "title", "families", "types", "satdoku_ms", "iss_ms",
                        "satdoku_status", "iss_status", "time_us"])
            for r in rows:
                w.writerow([r["line"], r["title"], " ".join(r["families"]), " ".join(r["types"]),
                            f"{r['satdoku_ms']:.3f}", r["iss_ms"], r["satdoku_status"],
                            r["iss_status"], r["time_us"]])


if __name__ == "__main__":
    main()
