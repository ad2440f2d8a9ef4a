"""Annotating part of a test set (docs/sampling.md): which segments to annotate
(``sample``), every system's test-set score from the annotated ones (``estimate``) and the
simulation study that compares designs, estimators and bounds (``sampling_study``).

Inputs are scored-segment tables: a path (TSV or CSV, gzip too, as ``tourney sample``
reads it) or a DataFrame with the same columns, one row per (system, segment): a system, a
document and a segment column, the human score (NaN or None where not annotated) and metric
columns. pandas is imported on first use.
"""

import os
import re

from . import _tourney
from . import _args
from .errors import InputError, TourneyError, warn_all

_FRAME = "<DataFrame>"


def _columns(score, system_column, doc_column, segment_column, metrics, exclude_system):
    def names(value):
        if value is None:
            return []
        if isinstance(value, str):
            return [v for v in value.split(",") if v]
        return [str(v) for v in value]
    return {"score": score, "system_column": system_column, "doc_column": doc_column,
            "segment_column": segment_column, "metrics": names(metrics),
            "exclude_system": names(exclude_system)}


def _table_source(data, columns=None):
    """(source, text, header lines before the first row) of a path or a DataFrame: a
    DataFrame is handed to the engine's reader as CSV text (floats written exactly), after
    the design its ``attrs["sample"]`` records (as ``tourney.sample`` leaves it). Every
    field that is not a number is quoted, so that names come back exactly as they are
    (quotes, blanks around them; the reader keeps a quoted field as written); names that
    differ in the frame but not as text (1 and "1") are refused. An empty frame is an
    InputError (a ValueError)."""
    import csv
    from ._frames import check_names
    if isinstance(data, (str, os.PathLike)):
        return os.fspath(data), None, 0
    if not hasattr(data, "columns"):
        raise TypeError("data: a path or a pandas DataFrame of scored segments, "
                        f"not {type(data).__name__}")
    if len(data) == 0:
        raise InputError("invalid_argument", f"{_FRAME}: no rows (the DataFrame is empty)")
    for key in ("system_column", "doc_column", "segment_column"):
        name = (columns or {}).get(key)
        if name in data.columns:
            check_names(data[name].unique(), name, _FRAME)
    note = data.attrs.get("sample", {}).get("note")
    text = data.to_csv(index=False, na_rep="", lineterminator="\n",
                       quoting=csv.QUOTE_NONNUMERIC)
    if note:
        return _FRAME, note + "\n" + text, 2
    return _FRAME, text, 1


def _call(function, source, text, skipped, *args):
    """Calls the module; an error in a DataFrame's text names the row (1-based), not the
    line of that text."""
    try:
        return function(source, text, *args)
    except TourneyError as error:
        match = re.match(re.escape(_FRAME) + r":(\d+): ", error.message or "")
        if text is None or not match:
            raise
        row = int(match.group(1)) - skipped
        message = f"{_FRAME}:{row}: " + error.message[match.end():]
        raise type(error)(error.code, message) from None


def sample(data, n=None, *, pct=None, design="docs-prop", seed=1, system=None, score="mqm",
           system_column="system", doc_column="doc", segment_column="seg", metrics=None,
           exclude_system=None, bin_size=80):
    """The segments to annotate, as ``tourney sample --format tsv`` writes them: the whole
    test set, one row per (system, segment) with its metrics, the score column empty (NaN)
    to be filled in, ``sampled`` (1 for the segments drawn, the same for every system),
    ``inclusion`` (the design's probability of drawing the segment) and, for the designs
    served in order (random, docs-prop), ``order``.

    ``n`` segments or ``pct`` % of the test set; ``design``: random, docs-prop (the
    recommended one), docs-opt, metrics-prop, metrics-opt; ``system``: whose metrics the
    metric designs read (default the first). ``frame.attrs["sample"]``: design, seed, n,
    test_set, system, segments (the drawn ids, as the JSON's), note (the design line that
    ``estimate`` reads back) and warnings (raised as tourney.TourneyWarning too). Fill in the scores of the sampled rows and hand
    the frame (or its TSV) to ``estimate``.
    """
    import pandas as pd
    if (n is None) == (pct is None):
        raise InputError("invalid_argument", "give exactly one of n and pct")
    columns = _columns(score, system_column, doc_column, segment_column, metrics,
                       exclude_system)
    source, text, skipped = _table_source(data, columns)
    result = _call(_tourney.sample, source, text, skipped, columns, design, 
                   0 if n is None else _args.integer(n, "n", 1),
                   0.0 if pct is None else _args.real(pct, "pct", 0.0, 100.0, open_low=True),
                   _args.seed(seed), system or "", _args.integer(bin_size, "bin_size", 1))
    c = result["columns"]
    frame = {system_column: c["system"], doc_column: c["doc"], segment_column: c["seg"],
             score: pd.Series(float("nan"), index=range(len(c["system"])))}
    frame.update(c["metrics"])
    frame["sampled"] = c["sampled"]
    frame["inclusion"] = c["inclusion"]
    if "order" in c:
        frame["order"] = c["order"]
    out = pd.DataFrame(frame)
    out.attrs["sample"] = result["sample"]
    warn_all(result["sample"]["warnings"], stacklevel=2)
    return out


def estimate(data, *, design=None, estimator=None, bound=None, confidence=0.95, seed=1,
             range=0.0, score_min=None, score_max=None, system=None, test_set_size=None,
             tolerance=0.0, pairs="adjacent", threads=0, lower_is_better=False, score="mqm",
             system_column="system", doc_column="doc", segment_column="seg", metrics=None,
             exclude_system=None, bin_size=80):
    """Every system's test-set score from its annotated segments, with an interval at
    ``confidence``, and the paired differences as a clustered leaderboard: ``tourney
    estimate``, with its defaults (design docs-prop unless the table records one, estimator
    cv-knn, bound bootstrap-t, or cv-cs with a tolerance on a table that records its order
    and score_min/score_max).

    Returns a DataFrame, best first: system, rank, cluster, estimate, lo, hi, half_width,
    max_side (the interval's wider side), annotated, segments and, with ``tolerance``,
    within_tolerance and segments_needed (the JSON's ``systems``). ``frame.attrs``:
    "pairs" (a DataFrame: better, worse, difference, lo, hi, paired, separated), "board"
    (the clustered leaderboard, a DataFrame as ``rank`` returns), "warnings" (the
    estimates'), "bound", "design", "lower_is_better". What the command line prints to
    stderr, and the estimates' warnings, come as tourney.TourneyWarning (a UserWarning).
    """
    import pandas as pd
    from ._frames import board_frame
    columns = _columns(score, system_column, doc_column, segment_column, metrics,
                       exclude_system)
    source, text, skipped = _table_source(data, columns)
    options = {"design": design, "estimator": estimator, "bound": bound,
               "confidence": float(confidence), "seed": _args.seed(seed), "range": float(range),
               "score_min": None if score_min is None else float(score_min),
               "score_max": None if score_max is None else float(score_max),
               "system": system, "test_set_size": test_set_size,
               "tolerance": float(tolerance), "pairs": pairs, "threads": _args.integer(threads, "threads", 0),
               "lower_is_better": bool(lower_is_better), "bin_size": _args.integer(bin_size, "bin_size", 1)}
    result = _call(_tourney.estimate, source, text, skipped, columns, options)
    # What the command line prints to stderr, then the estimates' warnings (also in
    # attrs["warnings"]), as TourneyWarning.
    warn_all(list(result["notices"]) + list(result["warnings"]), stacklevel=2)
    systems = dict(result["systems"])
    names = systems.pop("name")
    board = board_frame(result["board"], warn=False)  # its warnings are the estimates'
    by_name = board.set_index("system")
    frame = pd.DataFrame({"system": names,
                          "rank": by_name.loc[names, "rank"].to_numpy(),
                          "cluster": by_name.loc[names, "cluster"].to_numpy()})
    for key, values in systems.items():
        frame[key] = values
    pair_frame = pd.DataFrame(result["pairs"])
    for key in ("difference", "lo", "hi"):
        pair_frame[key] = pair_frame[key].astype("float64")
    frame.attrs.update(pairs=pair_frame, board=board, warnings=result["warnings"],
                       bound=result["bound"], design=result["design"],
                       lower_is_better=result["lower_is_better"])
    return frame


def _sizes(sizes):
    """Sample sizes in % from a sequence, or "FROM:TO:STEP" / "5,10,20" as the command
    line's --sizes."""
    if not isinstance(sizes, str):
        return [float(v) for v in sizes]
    if ":" not in sizes:
        return [float(v) for v in sizes.split(",") if v]
    try:
        start, stop, step = (float(v) for v in sizes.split(":"))
    except ValueError:
        raise InputError("invalid_argument", f"sizes: '{sizes}' is not FROM:TO:STEP") from None
    if not step > 0 or stop < start:
        raise InputError("invalid_argument", f"sizes: '{sizes}' is not FROM:TO:STEP")
    out = []
    while len(out) < 1000 and start + len(out) * step <= stop + 1e-9:
        out.append(start + len(out) * step)
    return out


def sampling_study(data, *, methods=None, sizes="5:50:5", draws=100, seed=1, threads=1,
                   confidence=0.95, range=0.0, bound_method="docs-prop+cv-knn",
                   stopping=(), stopping_every=20, batches=5, lower_is_better=False,
                   score="mqm", system_column="system", doc_column="doc",
                   segment_column="seg", metrics=None, exclude_system=None, bin_size=80):
    """The simulation protocol of Saldías et al. (2022), ``tourney sampling-study``: every
    system's every segment is scored (the truth); for every system, sample size (% of the
    test set, a sequence or "FROM:TO:STEP") and draw, each method samples and estimates the
    mean score. Results do not depend on ``threads``; Ctrl-C stops the draws.

    Returns a DataFrame, one row per method (the paper's Tables 1-4): name, abs_error,
    sdev, win_pct (NaN for the baseline), bias. ``frame.attrs``: "per_size" (Figure 4:
    method, size_pct, abs_error, sdev, win_pct, bias), "bounds" (Table 5: name, method,
    size_pct, coverage, slack, t, width), "stopping" (with ``stopping`` tolerances: bound,
    method, tolerance, coverage, reached_pct, segments_pct), all DataFrames, and "study"
    (systems, sizes_pct, draws, seed, confidence, seconds, warnings). ``lower_is_better``
    changes nothing (errors are absolute); it is accepted as the command line accepts it.
    """
    import pandas as pd
    del lower_is_better
    methods = [m for m in (methods.split(",") if isinstance(methods, str) else methods or [])
               if m]
    if methods and bound_method not in ("baseline", "docs-prop+cv-knn") and \
            bound_method not in methods:
        raise InputError("invalid_argument", f"bound_method: '{bound_method}' is not among "
                         "methods (add it there)")
    columns = _columns(score, system_column, doc_column, segment_column, metrics,
                       exclude_system)
    source, text, skipped = _table_source(data, columns)
    if isinstance(stopping, (int, float)):
        stopping = [stopping]
    result = _call(_tourney.sampling_study, source, text, skipped, columns, methods,
                   _sizes(sizes), _args.integer(draws, "draws", 1), _args.seed(seed),
                   _args.integer(threads, "threads", 0),
                   _args.real(confidence, "confidence", 0.0, 1.0, True, True),
                   float(range), bound_method, [float(t) for t in stopping],
                   _args.integer(stopping_every, "stopping_every", 1),
                   _args.integer(batches, "batches", 1), _args.integer(bin_size, "bin_size", 1))
    frame = pd.DataFrame(result["methods"])
    frame.attrs.update(per_size=pd.DataFrame(result["per_size"]),
                       bounds=pd.DataFrame(result["bounds"]),
                       stopping=pd.DataFrame(result["stopping"]), study=result["study"])
    warn_all(result["study"]["warnings"], stacklevel=2)
    return frame
