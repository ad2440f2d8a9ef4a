#!/usr/bin/env python3
"""Pairwise judgments derived from a scored-segment table, for measuring metric control
variates on pairwise campaigns (docs/sampling.md, "Pairwise campaigns").

For every pair of systems (A, B) and every segment, one row whose "system" is "A|B", whose
score is A's outcome against B on that segment (1 = A has the better human score, 0.5 = a
tie, 0 = B better) and whose metric columns are A's metric score minus B's. The mean score
of "A|B" over all segments is A's expected win rate against B; `tourney sampling-study` on
this table then measures how well each method estimates it from sampled judgments.

usage: pairwise_outcomes.py IN.tsv.gz OUT.tsv [--score mqm] [--lower-is-better]
                            [--exclude-system S]
"""
import argparse
import csv
import gzip
import itertools
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--score", default="mqm")
    ap.add_argument("--lower-is-better", action="store_true")
    ap.add_argument("--exclude-system", action="append", default=[])
    a = ap.parse_args()
    opener = gzip.open if a.input.endswith(".gz") else open
    with opener(a.input, "rt", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if not rows:
        sys.exit(f"{a.input}: no rows")
    named = {"system", "doc", "seg", "doc_seg", a.score}
    metrics = [c for c in rows[0].keys() if c not in named]
    table = {}  # system -> seg -> row
    docs = {}
    for r in rows:
        if r["system"] in a.exclude_system:
            continue
        table.setdefault(r["system"], {})[r["seg"]] = r
        docs[r["seg"]] = r["doc"]
    systems = sorted(table)
    segs = sorted(docs, key=lambda s: int(s) if s.isdigit() else s)
    sign = -1.0 if a.lower_is_better else 1.0
    with open(a.output, "w", newline="") as out:
        w = csv.writer(out, delimiter="\t", lineterminator="\n")
        w.writerow(["system", "doc", "seg", a.score] + metrics)
        for x, y in itertools.combinations(systems, 2):
            for s in segs:
                rx, ry = table[x].get(s), table[y].get(s)
                if rx is None or ry is None:
                    continue
                d = sign * (float(rx[a.score]) - float(ry[a.score]))
                outcome = 1.0 if d > 0 else (0.0 if d < 0 else 0.5)
                diffs = ["%.6f" % (float(rx[m]) - float(ry[m])) for m in metrics]
                w.writerow([f"{x}|{y}", docs[s], s, outcome] + diffs)


if __name__ == "__main__":
    main()
