#!/usr/bin/env python3
"""Benchmarks of the Python package (issue 37's targets; not timed tests):

- tourney.rank on N battles (default 2,000,000) given as a pandas DataFrame with model_a,
  model_b and winner as categoricals, Bradley-Terry, including the conversion: <= 1 s;
- the call overhead for a small leaderboard (5 systems, 16 comparisons): <= 1 ms;
- `import tourney` in a fresh interpreter: <= 200 ms.

    PYTHONPATH=build/python python3 python/bench/bench_python.py [--battles N] [--runs R]

Each figure is reported for every run, with the median and the spread (min-max).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

import numpy as np
import pandas as pd

import tourney


def arena_frame(battles, systems, seed):
    """Battles between `systems` models with Bradley-Terry strengths and 10% ties, as
    categoricals (the dtype Arena logs loaded with pandas get after .astype("category"))."""
    rng = np.random.default_rng(seed)
    theta = rng.normal(0, 1, systems)
    a = rng.integers(0, systems, battles)
    b = (a + rng.integers(1, systems, battles)) % systems
    p = 1 / (1 + np.exp(theta[b] - theta[a]))
    u = rng.random(battles)
    winner = np.where(u < 0.1, 2, np.where(rng.random(battles) < p, 0, 1))
    names = [f"model-{i:03d}" for i in range(systems)]
    return pd.DataFrame({
        "model_a": pd.Categorical.from_codes(a, names),
        "model_b": pd.Categorical.from_codes(b, names),
        "winner": pd.Categorical.from_codes(winner, ["model_a", "model_b", "tie"]),
    })


def report(name, seconds, unit, scale, target):
    values = [s * scale for s in seconds]
    print(f"{name}: runs {', '.join(f'{v:.3g}' for v in values)} {unit}; median "
          f"{statistics.median(values):.3g} {unit}, spread {min(values):.3g}-{max(values):.3g}"
          f" (target <= {target} {unit})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=2_000_000)
    parser.add_argument("--systems", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    frame = arena_frame(args.battles, args.systems, 1)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        board = tourney.rank(frame, model="bradley-terry")
        times.append(time.perf_counter() - start)
    assert len(board) == args.systems
    report(f"rank, {args.battles:,} battles as categoricals, bradley-terry", times, "s", 1, 1)
    strings = frame.astype(str)
    times = []
    for _ in range(max(1, args.runs // 2)):
        start = time.perf_counter()
        tourney.rank(strings, model="bradley-terry")
        times.append(time.perf_counter() - start)
    report(f"rank, {args.battles:,} battles as strings (object columns)", times, "s", 1, "-")

    small = pd.DataFrame({"left": ["a", "b", "c", "d", "e", "a", "c", "b"] * 2,
                          "right": ["b", "c", "d", "e", "a", "c", "e", "d"] * 2,
                          "winner": ["left", "right", "tie", "left"] * 4})
    # A Dataset skips the DataFrame conversion: the binding's own overhead.
    from tourney._frames import dataset_from_frame
    data = dataset_from_frame(small)
    for label, source in (("a Dataset", data), ("a DataFrame", small)):
        times = []
        for _ in range(args.runs):
            calls = 500
            start = time.perf_counter()
            for _ in range(calls):
                tourney.rank(source, model="bradley-terry")
            times.append((time.perf_counter() - start) / calls)
        report(f"rank call, 5 systems from {label}", times, "ms", 1e3, 1)

    env = dict(os.environ)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import tourney"], check=True, env=env)
        total = time.perf_counter() - start
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=env)
        times.append(total - (time.perf_counter() - start))
    report("import tourney (beyond the interpreter's start)", times, "ms", 1e3, 200)


if __name__ == "__main__":
    main()
