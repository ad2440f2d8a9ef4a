#!/usr/bin/env python3
"""A segment-sampling estimate with the Python package (Saldías et al. 2022;
docs/sampling.md): annotate 15% of the WMT20 English-German MQM test set, chosen by the
recommended design (docs-prop: stratified by document), and estimate every system's
test-set MQM score with the recommended estimator (cv-knn: the metrics as control
variates) and 95% intervals.

    .venv/bin/python3 python/examples/segment_sampling.py [path/to/wmt20-mqm/en-de.tsv.gz]

The data holds every segment's MQM score, so the "annotators" here are the table itself,
and the script can print the truth beside each estimate. Without an argument the data is
read from $TOURNEY_SHARED_DIR (default ../shared). It prints how many 95% intervals hold
the true mean (each misses it 5% of the time) and how many pairs the clusters order against
the truth. Exit status 0 when every system's estimate rests on the sampled segments and lies
inside its interval, 1 otherwise.
"""

import os
import sys

import pandas as pd

import tourney


def main():
    shared = os.environ.get("TOURNEY_SHARED_DIR",
                            os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared"))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(shared, "data", "wmt20-mqm",
                                                              "en-de.tsv.gz")
    # Human-A is the reference the metrics were computed against: leave it out.
    to_annotate = tourney.sample(path, pct=15, design="docs-prop", seed=7,
                                 exclude_system=["Human-A.0"])
    drawn = to_annotate.attrs["sample"]
    print(f"annotate {drawn['n']} of {drawn['test_set']} segments ({drawn['design']}), the "
          f"same for each of {to_annotate['system'].nunique()} systems")

    # "Annotation": the true MQM scores of the sampled rows; the rest stay unknown (NaN).
    truth = pd.read_csv(path, sep="\t", dtype={"seg": str}).set_index(["system", "seg"])["mqm"]
    rows = pd.MultiIndex.from_frame(to_annotate[["system", "seg"]])
    sampled = to_annotate["sampled"].to_numpy() == 1
    to_annotate.loc[sampled, "mqm"] = truth.reindex(rows).to_numpy()[sampled]

    board = tourney.estimate(to_annotate, lower_is_better=True, confidence=0.95, seed=1)
    true_mean = truth.groupby(level="system").mean()
    board["truth"] = true_mean.reindex(board["system"]).to_numpy()
    board["covered"] = (board["lo"] <= board["truth"]) & (board["truth"] <= board["hi"])
    print(board[["rank", "cluster", "system", "estimate", "lo", "hi", "truth", "covered",
                 "annotated"]].to_string(index=False, float_format=lambda v: f"{v:.3f}"))

    # A cluster ranks before the next only when their difference is separated: the truth
    # must agree for every pair of systems in different clusters.
    inverted = [(a.system, b.system) for a in board.itertuples() for b in board.itertuples()
                if a.cluster < b.cluster and a.truth > b.truth]
    covered = int(board["covered"].sum())
    print(f"\n{covered} of {len(board)} intervals hold the true mean; "
          f"{board['cluster'].max()} clusters, {len(inverted)} pairs ordered against the truth")
    sound = board["annotated"].between(2, drawn["n"]) & (board["lo"] <= board["estimate"]) & (
        board["estimate"] <= board["hi"])
    return 0 if sound.all() else 1


if __name__ == "__main__":
    sys.exit(main())
