#!/usr/bin/env python3
"""A scored-segment table (the input of `tourney sampling-study` and `tourney estimate`) from a
WMT23 language pair in the mt-metrics-eval layout (../shared/data/wmt23-mtme, see its README).

One row per (system, source line) with an MQM score: system, doc, seg (the source line, from
1), mqm (MTME's negated penalty turned back into error points: 0 = perfect, lower is better)
and one column per metric (`--metrics`, MTME names such as COMET-refB; default chrF and BLEU
against the pair's reference, the weak surface metrics, as on WMT20 en-de). Segments without
an MQM score (`None`) are left out, and so are the reference systems' rows (the metrics that
use a reference do not score it). A system missing a metric score for a scored line is an
error naming the file and the line.

    python3 tools/mtme_sampling_table.py ../shared/data/wmt23-mtme he-en > he-en.tsv
"""
import argparse
import os
import sys


def read_scores(path):
    """{system: [score or None per source line]} from an MTME .seg.score file."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 2:
                sys.exit(f"{path}:{number}: expected SYSTEM<TAB>SCORE")
            value = None if fields[1] == "None" else float(fields[1])
            out.setdefault(fields[0], []).append(value)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", help="the wmt23-mtme folder (holding wmt23/)")
    parser.add_argument("pair", help="language pair, e.g. he-en")
    parser.add_argument("--metrics", default="", help="comma-separated MTME metric names")
    args = parser.parse_args()
    base = os.path.join(args.root, "wmt23")
    reference = "refB" if args.pair == "he-en" else "refA"
    metrics = args.metrics.split(",") if args.metrics else [f"chrF-{reference}",
                                                            f"BLEU-{reference}"]
    docs = []
    with open(os.path.join(base, "documents", args.pair + ".docs"), encoding="utf-8") as f:
        for line in f:
            docs.append(line.rstrip("\n").split("\t")[1])
    mqm = read_scores(os.path.join(base, "human-scores", args.pair + ".mqm.seg.score"))
    metric_scores = {
        m: read_scores(os.path.join(base, "metric-scores", args.pair, m + ".seg.score"))
        for m in metrics
    }
    out = sys.stdout
    out.write("\t".join(["system", "doc", "seg", "mqm"] + metrics) + "\n")
    for system in sorted(mqm):
        if system.startswith("ref"):
            continue
        scores = mqm[system]
        if len(scores) != len(docs):
            sys.exit(f"{args.pair}.mqm.seg.score: system {system} has {len(scores)} lines, "
                     f"the documents file {len(docs)}")
        for line, score in enumerate(scores):
            if score is None:
                continue
            row = [system, docs[line], str(line + 1), repr(-score + 0.0)]
            for m in metrics:
                values = metric_scores[m].get(system)
                if values is None or values[line] is None:
                    sys.exit(f"{m}.seg.score: no score for system {system}, line {line + 1}")
                row.append(repr(values[line]))
            out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
