#!/usr/bin/env python3
"""WMT24's ESA ranking rule, written apart from tourney for its tests (README.md).

Usage: reference.py WAVE.csv [published|repository]

Standard library only (no scipy, no pandas): the filters of the organisers' load_data, item
means over annotators, domain means, the domain macro-average, per-domain Wilcoxon
signed-rank tests as scipy <= 1.14 computes them (exact by enumerating every sign pattern;
the normal approximation with zeros dropped), Stouffer's combination as the organisers'
tools.py writes it, and their ranks and clusters: "published" (default) is the revision that
wrote the published tables (one-sided tests, directional wins, clusters from the rank
ranges), "repository" the later one (two-sided tests, wins to the higher score,
get_clusters). Prints one line per fact:

  system NAME SCORE MICRO ITEMS DOMAIN=MEAN ...   (best first)
  pvalue NAME NAME P                               (every ordered pair, board order)
  rank NAME TOP BOTTOM WINS LOSSES CLUSTER
"""
import csv
import itertools
import math
import statistics
import sys

ALPHA = 0.05
NORMAL = statistics.NormalDist()


def domain_of(document):
    document = document.split('#')[0]
    if not document.startswith('test-'):
        return 'other'
    rest = document[len('test-'):]
    if '-' not in rest:
        return 'other'
    rest = rest.split('-', 1)[1]
    if '_' not in rest or rest.index('_') == 0:
        return 'other'
    domain = rest.split('_', 1)[0]
    return 'other' if '-' in domain else domain


def average_ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    ties = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        ties.append(j - i + 1)
        i = j + 1
    return ranks, ties


def wilcoxon(d, two_sided=True):
    if not d:
        return math.nan
    nonzero = [x for x in d if x != 0]
    if not nonzero:
        return math.nan
    ranks, ties = average_ranks([abs(x) for x in nonzero])
    w = sum(r for r, x in zip(ranks, nonzero) if x > 0)
    n = len(d)
    if n <= 50 and len(nonzero) == n:
        assert n <= 20, 'enumeration is for small fixtures'
        upper = lower = 0
        for signs in itertools.product((0, 1), repeat=n):
            s = sum(r + 1 for r, sign in enumerate(signs) if sign)
            upper += s >= math.floor(w)
            lower += s <= math.ceil(w)
        if not two_sided:
            return upper / 2 ** n
        return min(1.0, 2 * min(upper, lower) / 2 ** n)
    m = len(nonzero)
    mean = m * (m + 1) / 4
    var = (m * (m + 1) * (2 * m + 1) - sum(t ** 3 - t for t in ties) / 2) / 24
    z = (w - mean) / math.sqrt(var)
    if not two_sided:
        return NORMAL.cdf(-z)
    return 2 * NORMAL.cdf(-abs(z))


def stouffer(pvalues):
    if not pvalues or any(math.isnan(p) for p in pvalues):
        return math.nan
    zs = []
    for p in pvalues:
        q = 1 - p
        zs.append(-math.inf if q <= 0 else math.inf if q >= 1 else NORMAL.inv_cdf(q))
    z = sum(zs) / math.sqrt(len(zs))
    return 1 - NORMAL.cdf(z)


def main(path, revision):
    published = revision == 'published'
    latest = {}
    with open(path, newline='') as f:
        for row in csv.reader(f):
            user, system, item, kind, _, _, score, doc, _, _, _, end = row
            if kind != 'TGT' or 'tutorial' in system or doc == 'canary':
                continue
            if '#incomplete' in doc or '#dup' in doc:
                continue
            key = (user, system, doc, int(item))
            if key not in latest or float(end) >= latest[key][1]:
                latest[key] = (float(score), float(end))
    ratings = {}
    for (user, system, doc, item), (score, _) in latest.items():
        ratings.setdefault((system, doc, item), []).append(score)
    items = {}  # system -> {(doc, item): (mean, domain)}
    for (system, doc, item), scores in ratings.items():
        items.setdefault(system, {})[(doc, item)] = (sum(scores) / len(scores), domain_of(doc))
    domains = sorted({d for per in items.values() for _, d in per.values()})
    score, micro, per_domain = {}, {}, {}
    for system, per in items.items():
        per_domain[system] = {}
        for d in domains:
            values = [m for m, dd in per.values() if dd == d]
            if values:
                per_domain[system][d] = sum(values) / len(values)
        score[system] = sum(per_domain[system].values()) / len(per_domain[system])
        micro[system] = sum(m for m, _ in per.values()) / len(per)
    order = sorted(items, key=lambda s: (-score[s], s))
    p = {}
    for a, b in itertools.permutations(order, 2):
        shared = [k for k in items[a] if k in items[b]]
        tests = []
        for d in domains:
            diffs = [items[a][k][0] - items[b][k][0] for k in shared if items[a][k][1] == d]
            if diffs:
                tests.append(wilcoxon(diffs, two_sided=not published))
        p[(a, b)] = stouffer(tests)
    for s in order:
        line = f'system {s} {score[s]!r} {micro[s]!r} {len(items[s])}'
        for d in domains:
            if d in per_domain[s]:
                line += f' {d}={per_domain[s][d]!r}'
        print(line)
    for a, b in itertools.permutations(order, 2):
        print(f'pvalue {a} {b} {p[(a, b)]!r}')
    wins, losses = {}, {}
    for a in order:
        wins[a] = losses[a] = 0
        for b in order:
            if a == b:
                continue
            if published:
                wins[a] += p[(a, b)] < ALPHA
                losses[a] += p[(b, a)] < ALPHA
            elif p[(a, b)] < ALPHA:
                if score[a] > score[b]:
                    wins[a] += 1
                else:
                    losses[a] += 1
    cluster, current = {}, 1
    if published:
        # A new cluster at the system whose position by score (ties averaged) is beyond
        # 1 and beyond the worst rank of every system above it.
        for i, a in enumerate(order):
            position = (sum(score[b] > score[a] for b in order)
                        + (sum(score[b] == score[a] for b in order) + 1) / 2)
            worst_above = max([1] + [len(order) - wins[b] for b in order[:i]])
            if position > worst_above:
                current += 1
            cluster[a] = current
    else:
        # A boundary after position i when no position up to i is inseparable (p > alpha)
        # from a position after i.
        for i, a in enumerate(order):
            cluster[a] = current
            joined = any(p[(order[h], order[j])] > ALPHA
                         for h in range(i + 1) for j in range(i + 1, len(order)))
            if not joined:
                current += 1
    for a in order:
        print(f'rank {a} {losses[a] + 1} {len(order) - wins[a]} {wins[a]} {losses[a]} '
              f'{cluster[a]}')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else 'published')
