#!/usr/bin/env python3
"""Builds the scored-segment table of the WMT22 DA sampling study (docs/sampling.md).

Reads the organisers' WMT22 DA files in DIR (../shared/data/wmt22-toen-da) and writes TSV to
standard output: system, doc, seg, z, raw, chrf, len_ratio, one row per rated (system, sid).

- z, raw: the official segment scores (ad-seg-scores-*.csv: mean over SYSTEM and REPEAT
  judgments).
- doc: the `rid` chunk the segment was shown in (the first, by judgment order, when a REPEAT
  showed it in a second chunk). rid chunks differ between systems, so segment keys are
  per system ("<system>:<sid>"): each system is its own test set, as sampling-study treats it.
- chrf: sentence chrF (character 1..6-grams without spaces, beta 2; Popovic 2015) of the
  output against the reference; len_ratio: output length / reference length in characters.
  Both are metric columns for the control variates.
"""
import collections
import csv
import gzip
import os
import sys


def ngrams(text, n):
    chars = text.replace(" ", "")
    return collections.Counter(chars[i:i + n] for i in range(len(chars) - n + 1))


def chrf(hypothesis, reference, order=6, beta=2.0):
    precisions, recalls = [], []
    for n in range(1, order + 1):
        h, r = ngrams(hypothesis, n), ngrams(reference, n)
        if not h or not r:
            continue
        match = sum((h & r).values())
        precisions.append(match / sum(h.values()))
        recalls.append(match / sum(r.values()))
    if not precisions:
        return 0.0
    p = sum(precisions) / len(precisions)
    r = sum(recalls) / len(recalls)
    if p + r == 0:
        return 0.0
    return 100.0 * (1 + beta ** 2) * p * r / (beta ** 2 * p + r)


def main(directory):
    pair = "cs-en"
    scores = {}
    with open(os.path.join(directory, f"ad-seg-scores-{pair}.csv")) as f:
        header = f.readline().split()
        for line in f:
            row = dict(zip(header, line.split()))
            scores[(row["SYS"], row["SID"])] = (row["Z.SCR"], row["RAW.SCR"])
    rid = {}
    with gzip.open(os.path.join(directory, f"{pair}.judgments.tsv.gz"), "rt") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["type"] in ("SYSTEM", "REPEAT"):
                rid.setdefault((row["system"], row["sid"]), row["rid"])
    texts = {}
    with gzip.open(os.path.join(directory, f"{pair}.texts.tsv.gz"), "rt") as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            texts[(row["system"], row["sid"])] = (row["target"], row["reference"])
    out = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    out.writerow(["system", "doc", "seg", "z", "raw", "chrf", "len_ratio"])
    for key in sorted(scores, key=lambda k: (k[0], int(k[1]))):
        system, sid = key
        target, reference = texts[key]
        ratio = len(target) / max(len(reference), 1)
        out.writerow([system, f"{system}:{rid[key]}", f"{system}:{sid}", scores[key][0],
                      scores[key][1], f"{chrf(target, reference):.4f}", f"{ratio:.4f}"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/wmt22-toen-da")
