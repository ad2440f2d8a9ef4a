#!/usr/bin/env python3
"""Issue 50's speed targets, before and after in one run (not timed tests):

(a) tourney.rank(frame, model="bradley-terry") on N battles (default 2,000,000; 200 models)
    from categorical columns, from string columns whose rows are distinct str objects
    (DataFrame.astype(str), read_json) and from string columns read by pandas.read_csv (one
    object per distinct string): before = pandas.factorize (tourney._frames.FAST_STRINGS =
    False), after = the module's factoriser. Target: <= 0.05 s from strings.
(b) tourney.cluster(data, model="bradley-terry", bootstrap=1000, threads=2) on the same
    battles (a Dataset, built and warmed up outside the timing): before = the binomial chain
    (count_sampler="binomial"), after = Poisson draws with the exact correction
    (count_sampler="poisson"). Target: <= 1 s.

    PYTHONPATH=build/python python3 python/bench/bench_issue50.py [--battles N] [--runs R]

Each configuration runs R times (default 5), before and after alternating; the report gives
every run and min / median / max. The machine may be shared with other work: the load
average is printed before and after.
"""

import argparse
import io
import os
import statistics
import time

import tourney
from tourney import _frames

from bench_python import arena_frame


def spread(times):
    return (f"min {min(times):.3f} / median {statistics.median(times):.3f} / max "
            f"{max(times):.3f} s  (runs {', '.join(f'{t:.3f}' for t in times)})")


def timed(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=2_000_000)
    parser.add_argument("--systems", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}; {os.cpu_count()} CPUs")

    frame = arena_frame(args.battles, args.systems, 1)
    distinct = frame.astype(str)
    text = io.StringIO()
    distinct.to_csv(text, index=False)
    text.seek(0)
    import pandas as pd
    shared = pd.read_csv(text)
    fit = lambda f: tourney.rank(f, model="bradley-terry")  # noqa: E731
    print(f"(a) rank, {args.battles:,} battles, bradley-terry")
    print(f"  categorical columns:            {spread(timed(lambda: fit(frame), args.runs))}")
    for name, f in (("strings, astype(str)", distinct), ("strings, read_csv", shared)):
        before, after = [], []
        for _ in range(args.runs):
            _frames.FAST_STRINGS = False
            before += timed(lambda: fit(f), 1)
            _frames.FAST_STRINGS = True
            after += timed(lambda: fit(f), 1)
        print(f"  {name:22s} before: {spread(before)}")
        print(f"  {name:22s} after:  {spread(after)}")

    data = tourney.read(frame)
    tourney.cluster(data, model="bradley-terry", bootstrap=10, threads=args.threads)  # warm-up
    print(f"(b) cluster, {args.battles:,} battles, bradley-terry, 1,000 replicates, "
          f"{args.threads} threads")
    before, after = [], []
    for _ in range(args.runs):
        for sampler, times in (("binomial", before), ("poisson", after)):
            times += timed(lambda: tourney.cluster(data, model="bradley-terry", bootstrap=1000,
                                                   threads=args.threads,
                                                   count_sampler=sampler), 1)
    print(f"  binomial chain (before): {spread(before)}")
    print(f"  poisson (after):         {spread(after)}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
