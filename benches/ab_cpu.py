#!/usr/bin/env python3
"""A/B timing of satdoku builds: CPU time (user + system) of `satdoku check -j1` per puzzle,
median of 3 runs, the builds run in alternation (A B, B A, A B) so that a busy machine hits
both alike.

    python3 benches/ab_cpu.py OLD_BINARY,NEW_BINARY PUZZLE...

A run over 40 s counts as 40 s.
"""

import resource
import statistics
import subprocess
import sys

CAP = 40


def run(binary, path):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run([binary, "check", "-j1", "-q", "-f", "json", path],
                       capture_output=True, timeout=CAP)
    except subprocess.TimeoutExpired:
        return CAP * 1000.0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)


def main():
    bins = sys.argv[1].split(",")
    for path in sys.argv[2:]:
        times = {b: [] for b in bins}
        for rep in range(3):
            for b in (bins if rep % 2 == 0 else bins[::-1]):
                times[b].append(run(b, path))
        cells = [f"{statistics.median(t):.0f}" for t in times.values()]
        print(path, *cells, flush=True)


if __name__ == "__main__":
    main()
