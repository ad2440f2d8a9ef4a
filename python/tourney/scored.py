"""Scored-pair Bradley-Terry: a board from scores that systems got on the same items
(segments), beside ``rank`` for pairwise judgments (docs/python.md)."""

from typing import Any, Sequence, Tuple, Union

from . import _args, _tourney
from .errors import InputError


def _score_range(value, scores):
    """R: the width of the score scale. None: the scores' own range (max - min); a number;
    or a (low, high) pair."""
    import numpy as np
    if value is None:
        width = float(np.max(scores) - np.min(scores)) if len(scores) else 0.0
        if not width > 0:
            raise InputError("invalid_argument", "score_range: every score is the same; give "
                             "the scale's width (e.g. score_range=100)")
        return width
    if isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise ValueError("score_range: a width or a (low, high) pair")
        low = _args.real(value[0], "score_range")
        high = _args.real(value[1], "score_range")
        if not high > low:
            raise ValueError(f"score_range: high {high} must be above low {low}")
        return high - low
    return _args.real(value, "score_range", 0.0, open_low=True)


def rank_scored(data: Any, *, item: Union[str, Sequence[str]] = "item",
                system: str = "system", score: str = "score",
                score_range: Union[None, float, Tuple[float, float]] = None,
                lower_is_better: bool = False, bootstrap: int = 1000,
                confidence: float = 0.95, seed: Any = 1, threads: int = 0,
                replicates: bool = False):
    """Bradley-Terry on scores of the same items (segments): on every item, each pair of
    systems it scored is one comparison with the soft outcome
    w = 1/2 + (score_A - score_B) / (2 R), clamped to [0, 1] (a win of w for A, 1 - w for
    B; R = ``score_range``), and Bradley-Terry is fitted to those fractional wins
    (tourney/models/scored_pairs.h; the contrastive board's view, docs/wmt-protocols.md).

    ``data``: a DataFrame, one row per (item, system) score; ``item`` names the column (or
    columns, e.g. ["doc", "seg"]) that identify an item, ``system`` and ``score`` the other
    two. Rows without a score (NaN) are left out; an item that scores a system twice is an
    error. ``score_range``: the scale's width R (100 for DA and ESA), a (low, high) pair, or
    None for the scores' own range. ``lower_is_better``: scores are error points (MQM), so
    they are negated first.

    Returns a DataFrame indexed by system, best first: system, score (Elo scale, 1000 + 400
    log10 of the strength over the geometric mean, as model bradley-terry), rank, items (the
    items that scored the system), mean (its mean score), theta (log-strength) and, from
    ``bootstrap`` replicates that draw the items with replacement (seeded; the same at any
    ``threads``): score_lo, score_hi (the replicates' trimmed quantiles at ``confidence``),
    stderr (their standard deviation, ddof=1), rank_lo, rank_hi and cluster (as ``cluster``'s
    board). ``attrs["board"]``: model, items, comparisons, score_range, bootstrap_replicates,
    confidence, seed, warnings. ``replicates=True`` returns ``(board, replicates)``, the
    replicate scores as a DataFrame (one row per replicate, one column per system in board
    order). ``bootstrap=0``: the fit alone.
    """
    import numpy as np
    import pandas as pd
    from ._frames import board_frame, check_names, replicate_frame
    if not hasattr(data, "columns"):
        raise TypeError(f"data: a pandas DataFrame of scores, not {type(data).__name__}")
    items = [item] if isinstance(item, str) else list(item)
    for name, role in [(c, "item") for c in items] + [(system, "system"), (score, "score")]:
        if name not in data.columns:
            raise InputError("invalid_argument", f"<DataFrame>: {role}: no column '{name}' "
                             f"(it has {', '.join(map(str, data.columns))})")
    seed = _args.seed(seed)
    bootstrap = _args.integer(bootstrap, "bootstrap", 0)
    threads = _args.integer(threads, "threads", 0)
    confidence = _args.real(confidence, "confidence", 0.0, 1.0, open_low=True, open_high=True)
    replicates = _args.flag(replicates, "replicates")
    lower_is_better = _args.flag(lower_is_better, "lower_is_better")
    if replicates and bootstrap == 0:
        raise ValueError("replicates: there are none with bootstrap=0")
    try:
        values = pd.to_numeric(data[score], errors="raise").to_numpy(dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise InputError("invalid_argument", f"<DataFrame>: field '{score}': not numbers "
                         f"({error})") from None
    keep = ~np.isnan(values)
    if np.isinf(values[keep]).any():
        raise InputError("invalid_argument", f"<DataFrame>: field '{score}': an infinite score")
    frame = data.loc[keep, items + [system]]
    values = values[keep]
    if lower_is_better:
        values = -values
    if len(frame) == 0:
        raise InputError("invalid_argument", "<DataFrame>: no scores")
    codes, names = pd.factorize(frame[system], sort=False)
    if (codes < 0).any():
        raise InputError("invalid_argument", f"<DataFrame>: field '{system}': a row without a "
                         "system")
    check_names(names, system)
    item_codes = frame.groupby(items, sort=False, dropna=False).ngroup().to_numpy()
    # Rows of one item together, in order of first appearance.
    order = np.argsort(item_codes, kind="stable")
    counts = np.bincount(item_codes)
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.uint32)
    rank_range = _score_range(score_range, values)
    result = _tourney.rank_scored([str(n) for n in names], offsets,
                                  codes[order].astype(np.int32), values[order], rank_range,
                                  bootstrap, confidence, seed, threads, replicates)
    board = board_frame(result)
    if replicates:
        return board, replicate_frame(result["replicates"], board["system"])
    return board
