#!/usr/bin/env python3
"""The least share of uniform's items any policy can use to certify the top system.

An oracle that knows every system's full-data mean and, per challenger j, the standard
deviation of the leader-minus-j differences over the segments, gives each challenger the
n_j paired segments a fixed-size interval needs to put the pair's difference above -eps:

    n_j = min(N, ceil((z * sd_j / (delta_j + eps))^2)),  z = Phi^-1(1 - 0.025 / (S - 1)),

(two-sided 95%, Bonferroni over the S - 1 challengers), and the leader max_j n_j. Uniform
serving under the same interval stops when the hardest pair is done: S * max_j n_j items.
The oracle's share of uniform's items is (max_j n_j + sum_j n_j) / (S * max_j n_j). A board
with wider intervals (one valid at every size, as tourney replay's) scales every n_j up until
the census caps the largest, which raises the share: this is a lower bound for it too, and no
policy that has to find the leader first can do better than the oracle.

Usage: python3 tools/top1_oracle.py [SHARED_DATA_DIR]   (default ../shared/data)
Reads WMT20 en-de MQM (without Human-A.0, as docs/replay.md's replays) and the WMT23 MQM and
DA+SQM segment scores of the mt-metrics-eval folder (without refA). Standard library only.
"""
import collections
import gzip
import math
import os
import statistics
import sys
from statistics import NormalDist


def load_wmt20(data):
    scores = collections.defaultdict(dict)
    with gzip.open(os.path.join(data, 'wmt20-mqm', 'en-de.tsv.gz'), 'rt') as f:
        header = f.readline().rstrip('\n').split('\t')
        for line in f:
            row = dict(zip(header, line.rstrip('\n').split('\t')))
            scores[row['system']][row['seg']] = -float(row['mqm'])  # higher is better
    scores.pop('Human-A.0', None)
    return scores


def load_mtme(data, pair, kind):
    scores = collections.defaultdict(dict)
    seen = collections.Counter()
    path = os.path.join(data, 'wmt23-mtme', 'wmt23', 'human-scores', f'{pair}.{kind}.seg.score')
    with open(path) as f:
        for line in f:
            system, value = line.rstrip('\n').split('\t')
            index = seen[system]
            seen[system] += 1
            if value != 'None':
                scores[system][index] = float(value)
    scores.pop('refA', None)
    return {s: v for s, v in scores.items() if v}


def oracle_share(scores, eps):
    systems = sorted(scores)
    segments = set.intersection(*(set(scores[s]) for s in systems))
    n_segments, n_systems = len(segments), len(systems)
    mean = {s: statistics.fmean(scores[s][g] for g in segments) for s in systems}
    leader = max(systems, key=lambda s: mean[s])
    z = NormalDist().inv_cdf(1 - 0.025 / (n_systems - 1))
    needed = []
    for j in systems:
        if j == leader:
            continue
        diffs = [scores[leader][g] - scores[j][g] for g in segments]
        gap = mean[leader] - mean[j] + eps
        sd = statistics.stdev(diffs)
        needed.append(min(n_segments, math.ceil((z * sd / gap) ** 2)) if gap > 0 else n_segments)
    largest = max(needed)
    return {
        'systems': n_systems, 'segments': n_segments, 'leader': leader,
        'hardest_pair_share': largest / n_segments,
        'oracle_share_of_uniform': (largest + sum(needed)) / (n_systems * largest),
        'challengers': sorted(needed, reverse=True),
    }


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else os.path.join('..', 'shared', 'data')
    cases = [('WMT20 en-de MQM, top-1 (eps 0.25)', lambda: load_wmt20(data), 0.25)]
    for pair, kind in [('en-de', 'mqm'), ('he-en', 'mqm'), ('en-de', 'da-sqm')]:
        cases.append((f'WMT23 {pair} {kind.upper()}, top-1',
                      lambda p=pair, k=kind: load_mtme(data, p, k), 0.0))
    for name, load, eps in cases:
        r = oracle_share(load(), eps)
        print(f"{name}: {r['systems']} systems x {r['segments']} segments, leader "
              f"{r['leader']}; the hardest pair needs {100 * r['hardest_pair_share']:.1f}% of "
              f"the segments; oracle / uniform items = {r['oracle_share_of_uniform']:.2f} "
              f"(challengers' n: {r['challengers']})")


if __name__ == '__main__':
    main()
