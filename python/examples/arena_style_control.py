#!/usr/bin/env python3
"""An Arena-style leaderboard with style control, from a pandas DataFrame of battles.

Simulates 200,000 battles between 20 models whose judges also prefer longer answers
(len_diff, the standardised length difference, with a hidden effect of 0.4 per unit), then
ranks them twice with tourney.rank: plain Bradley-Terry (Arena Elo scale, 95% sandwich
intervals, Arena rank upper bounds), and with len_diff as a covariate (contextual
Bradley-Terry, `tourney rank --covariates`). The style-controlled board recovers the length
effect and moves the verbose models down.

    .venv/bin/python3 python/examples/arena_style_control.py

Exit status 0 when the estimated effect is within 0.05 of the hidden one.
"""

import sys

import numpy as np
import pandas as pd

import tourney

SYSTEMS, BATTLES, STYLE_EFFECT = 20, 200_000, 0.4


def simulate(seed=7):
    rng = np.random.default_rng(seed)
    strength = rng.normal(0, 0.8, SYSTEMS)
    verbosity = rng.normal(0, 1, SYSTEMS)  # how long each model's answers run
    a = rng.integers(0, SYSTEMS, BATTLES)
    b = (a + rng.integers(1, SYSTEMS, BATTLES)) % SYSTEMS
    len_diff = verbosity[a] - verbosity[b] + rng.normal(0, 0.5, BATTLES)
    p = 1 / (1 + np.exp(-(strength[a] - strength[b] + STYLE_EFFECT * len_diff)))
    # No ties: a tie drawn at random, whatever the answers, would attenuate the effect that
    # contextual Bradley-Terry estimates (it counts a tie as half a win each).
    winner = np.where(rng.random(BATTLES) < p, 0, 1)
    names = [f"model-{i:02d}" for i in range(SYSTEMS)]
    battles = pd.DataFrame({
        "model_a": pd.Categorical.from_codes(a, names),
        "model_b": pd.Categorical.from_codes(b, names),
        "winner": pd.Categorical.from_codes(winner, ["model_a", "model_b"]),
        "len_diff": len_diff,
    })
    truth = pd.Series(strength, index=names)
    return battles, truth, pd.Series(verbosity, index=names)


def main():
    battles, truth, verbosity = simulate()
    plain = tourney.rank(battles, model="bradley-terry")
    styled = tourney.rank(battles, model="bradley-terry", covariates=["len_diff"])
    board = plain[["system", "score", "score_lo", "score_hi", "rank_upper_bound"]].merge(
        styled[["system", "score", "rank_upper_bound"]], on="system",
        suffixes=("", "_styled"))
    board["verbosity"] = board["system"].map(verbosity).round(2)
    print(board.round(1).to_string(index=False))
    effect = styled.attrs["board"]["covariate_effects"][0]
    print(f"\nlen_diff: {effect['coefficient']:.3f} log-odds per unit "
          f"[{effect['lo']:.3f}, {effect['hi']:.3f}] (hidden {STYLE_EFFECT})")
    for name, frame in (("plain", plain), ("style-controlled", styled)):
        rho = frame.set_index("system")["mu"].corr(truth, method="spearman")
        print(f"Spearman rho with the hidden strengths, {name}: {rho:.3f}")
    return 0 if abs(effect["coefficient"] - STYLE_EFFECT) < 0.05 else 1


if __name__ == "__main__":
    sys.exit(main())
