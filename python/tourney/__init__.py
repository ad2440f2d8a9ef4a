"""tourney in Python: leaderboards from human judgments (docs/python.md).

    import tourney
    board = tourney.rank("battles.jsonl", model="bradley-terry")       # a pandas DataFrame
    board = tourney.cluster("judgments.csv", bootstrap=1000, seed=1)   # rank ranges, clusters

Inputs are file paths (every format the command line reads), lists of paths, DataFrames of
battles (model_a, model_b, winner or left, right, winner; strings or categoricals), or a
Dataset from tourney.read. Numbers equal the command line's ``--format json`` for the same
input and seed, at any thread count. Errors are TourneyError (InputError for bad input) with
the file, line and field the message names.
"""

import os
from typing import Any, Optional, Sequence, Union

from . import _args
from .errors import FileError, InputError, TourneyError, TourneyWarning

try:
    from . import _tourney
except ImportError as _error:
    # No module, or one built for another interpreter: tourney.client (standard library
    # only) still works; the engine's functions raise this error.
    def _missing_message(error):
        import glob
        import sysconfig
        here = os.path.dirname(os.path.abspath(__file__))
        found = [os.path.basename(p) for p in glob.glob(os.path.join(here, "_tourney*.so"))]
        how = ("build and install it from the repository with `pip install "
               "--no-build-isolation ./python` (or `bash tools/setup.sh python`); "
               "tourney.client works without it")
        if not found:
            return (f"tourney's compiled engine module (_tourney"
                    f"{sysconfig.get_config_var('EXT_SUFFIX')}) is not installed in {here}: "
                    f"{how}")
        return (f"tourney's compiled engine module {', '.join(found)} in {here} does not load "
                f"in this Python ({error}): {how}")

    class _Missing:
        def __init__(self, error):
            self.error = error
            self.message = _missing_message(error)

        def __getattr__(self, name):
            raise ImportError(self.message) from self.error

    _tourney = _Missing(_error)

__all__ = ["read", "comparisons", "rank", "cluster", "stability", "compare", "model_names",
           "sample", "estimate", "sampling_study", "nbest", "protocol", "pearmut_ranking",
           "plot_ranks", "plot_estimates", "plot_sampling_study", "plot_stability", "plot_nbest",
           "Plot", "win_probabilities", "pairwise_matrices", "PairwiseMatrices",
           "inverse_pair_count_weights", "rank_scored",
           "Dataset", "TourneyError", "InputError", "FileError", "TourneyWarning", "Client"]
__version__ = "0.1.0"

try:
    Dataset = _tourney.Dataset
except ImportError:
    Dataset = type("Dataset", (), {})  # isinstance checks stay valid; nothing is one
else:
    def _dataset_repr(self) -> str:
        if self.is_battle_log:
            what = f"{self.num_rankings:,} battles"
        else:
            what = (f"{self.num_rankings:,} rankings, {self.num_comparisons:,} pairwise "
                    "comparisons")
        extra = f", covariates {list(self.covariate_names)}" if self.covariate_names else ""
        return (f"<tourney.Dataset {self.source!r}: {len(self.systems)} systems, "
                f"{what}{extra}>")

    def _dataset_eq(self, other) -> bool:
        # Equal when they hold the same data under the same source name: the pickle state
        # (names, rankings or battles, counters) compared field by field.
        if not isinstance(other, Dataset):
            return NotImplemented
        import numpy as np
        a, b = self.__getstate__(), other.__getstate__()
        if a.keys() != b.keys():
            return False
        for key, x in a.items():
            y = b[key]
            if isinstance(x, np.ndarray):
                if not (x.dtype == y.dtype and np.array_equal(x, y, equal_nan=x.dtype.kind == "f")):
                    return False
            elif x != y:
                return False
        return True

    Dataset.__repr__ = _dataset_repr
    Dataset.__eq__ = _dataset_eq
    Dataset.__hash__ = None  # equal by value, like a list


def read(paths, format: str = "auto", skip_invalid: bool = False,
         language_pair: Optional[str] = None, expand_identical: bool = False,
         covariates: Sequence[str] = ()) -> "Dataset":
    """Reads judgment files (or a DataFrame of battles) into a Dataset, with the command
    line's readers and errors.

    ``paths``: one path, a list (read together, one system registry), or a pandas
    DataFrame of battles (as ``rank`` takes; ``format`` auto or battles). ``format``: auto,
    wmt (Appraise ranking CSV or WMT15/16 pairwise rows), pairwise, xml (Appraise XML export)
    or battles (Arena JSON / JSONL, left,right,winner CSV). ``language_pair``: keep one pair
    ("de-en"). Battle log files, one or several, stay one battle log (as ``tourney rank``
    reads them, with shared system ids); battle logs among other files become two-system
    rankings. ``covariates`` names the logs' numeric fields to carry per battle (style
    control).
    Raises InputError / FileError with ``file``, ``line`` and ``field``.
    """
    if not isinstance(format, str):
        raise TypeError(f"format: a string, not {type(format).__name__}")
    skip_invalid = _args.flag(skip_invalid, "skip_invalid")
    expand_identical = _args.flag(expand_identical, "expand_identical")
    if isinstance(covariates, str):
        covariates = [c for c in covariates.split(",") if c]
    if hasattr(paths, "columns"):
        if format not in ("auto", "battles") or language_pair or expand_identical:
            raise ValueError("paths: a DataFrame of battles is read as format 'battles', "
                             "without language_pair or expand_identical")
        from ._frames import dataset_from_frame
        return dataset_from_frame(paths, covariates=list(covariates))
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if not isinstance(paths, (list, tuple)) or not paths:
        raise TypeError("paths: a path, a non-empty list of paths or a pandas DataFrame, not "
                        f"{type(paths).__name__}")
    paths = [_args.path(p, "paths") for p in paths]
    return _tourney.read(paths, format, skip_invalid, language_pair or "", expand_identical,
                         list(covariates))


def _dataset(data, covariates=()):
    if isinstance(data, Dataset):
        if list(covariates) != list(data.covariate_names):
            raise InputError("invalid_argument",
                             f"{data.source}: the Dataset carries the covariates "
                             f"{list(data.covariate_names)}, not {list(covariates)}; read it "
                             "with tourney.read(..., covariates=...)")
        return data
    if isinstance(data, (str, os.PathLike, list, tuple)):
        return read(data, covariates=covariates)
    if hasattr(data, "columns"):
        from ._frames import dataset_from_frame
        return dataset_from_frame(data, covariates=covariates)
    raise TypeError("data: a path, a list of paths, a pandas DataFrame or a tourney.Dataset, "
                    f"not {type(data).__name__}")


def comparisons(data):
    """The pairwise comparisons of ``data`` (a path, paths, or a Dataset) as a DataFrame with
    categorical columns left, right and winner (left, right or tie): the k(k-1)/2
    comparisons of each k-way ranking, in input order."""
    import pandas as pd
    names, first, second, outcome = _dataset(data).comparisons()
    return pd.DataFrame({
        "left": pd.Categorical.from_codes(first, names),
        "right": pd.Categorical.from_codes(second, names),
        "winner": pd.Categorical.from_codes(outcome, ["left", "right", "tie"]),
    })


def model_names():
    """Every model rank and cluster accept, as the command line's --model spells them."""
    return list(_tourney.model_names())


class _TiesAsTyped:
    """Names the argument ``ties`` in the module's errors about its option tie_weight (the
    name the caller typed, not the command line's)."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        if isinstance(error, TypeError) and "option 'tie_weight'" in str(error):
            raise TypeError(str(error).replace("option 'tie_weight' does not apply to",
                                               "ties: no tie weight in")) from None
        return False


def _model(model: Any) -> str:
    if not isinstance(model, str):
        raise TypeError(f"model: a model name (tourney.model_names()), not "
                        f"{type(model).__name__}")
    return model


def rank(data: Any, model: str = "expected-wins", *, ties: Optional[float] = None,
         seed: Any = 1, threads: int = 0, stopping: bool = True,
         covariates: Union[None, str, Sequence[str]] = None, weights: Any = None,
         **options: Any):
    """The leaderboard of one model, as ``tourney rank --format json`` computes it.

    Returns a DataFrame, best first: system, score, rank, comparisons, wins, losses, ties and
    the model's own columns (mu, sigma, r_hat; Bradley-Terry's score_lo, score_hi at
    ``interval_level`` and Arena's rank_upper_bound). ``frame.attrs["board"]`` holds the
    rest of the JSON (counts, connectivity, warnings, the stopping rule).

    ``ties``: the weight of a tie as a win for each side in the pairwise models (0.5,
    Arena's convention). ``options``: the model's parameters, named as the command line's
    flags in snake case (bt_prior, tolerance, max_iterations, interval_level, v_init, elo_k,
    damping; sampler, iterations, chains, sigma_a for hopkins-may; mu, sigma, beta,
    selection, mode, budget for trueskill). ``threads``: Hopkins-May's chains in parallel;
    results never depend on it.

    ``seed``: an integer, None (one drawn from the operating system, recorded in
    ``attrs["board"]["seed"]``) or a numpy.random.Generator (one drawn from it).

    ``covariates``: style control (``tourney rank --covariates``), with model
    bradley-terry: the battles' numeric fields (a battle log's, or the DataFrame's columns)
    as covariates of contextual Bradley-Terry; their effects are in
    ``frame.attrs["board"]["covariate_effects"]``.

    ``weights``: weighted Bradley-Terry (model bradley-terry): one weight per battle (per
    pairwise comparison of k-way rankings), a sequence, numpy array or Series in the data's
    order, or the name of a column of the DataFrame. A battle of weight w counts as w battles
    in the fit (weight 2 = the battle twice); the sandwich intervals treat each battle as one
    observation (its weight squared in the score variance), so multiplying every weight by a
    constant changes nothing (but where the MLE does not exist and the prior is added).
    ``inverse_pair_count_weights(data)`` gives Arena's reweighting.
    The counts (comparisons, wins, losses, ties) stay unweighted.
    """
    from ._frames import board_frame
    model, seed = _model(model), _args.seed(seed)
    threads = _args.integer(threads, "threads", 0)
    stopping = _args.flag(stopping, "stopping")
    if ties is not None:
        options["tie_weight"] = _args.real(ties, "ties", 0.0, 1.0)
    if covariates and weights is not None:
        raise InputError("invalid_argument", "weights: not with covariates (style control)")
    if covariates:
        if isinstance(covariates, str):
            covariates = [c for c in covariates.split(",") if c]
        if model != "bradley-terry":
            raise InputError("invalid_argument",
                             f"covariates: style control needs model bradley-terry, not '{model}'")
        result = _tourney.style_control_rank(_dataset(data, covariates), seed, options)
        return board_frame(result)
    dataset = _dataset(data)
    if weights is not None:
        weights = _battle_weights(weights, data, dataset)
    with _TiesAsTyped():
        result = _tourney.rank(dataset, model, seed, threads, stopping, options, weights)
    return board_frame(result)


def _battle_weights(weights, data, dataset):
    """``weights`` (a column name of the DataFrame ``data``, or values) as a float64 array of
    one finite, non-negative weight per comparison of ``dataset``."""
    import numpy as np
    if isinstance(weights, str):
        if not hasattr(data, "columns") or weights not in data.columns:
            raise InputError("invalid_argument", f"weights: no column '{weights}' in the data")
        weights = data[weights]
    try:
        values = np.asarray(weights, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"weights: numbers, one per battle, not {type(weights).__name__}") \
            from None
    if values.ndim != 1 or len(values) != dataset.num_comparisons:
        raise ValueError(f"weights: {values.size} values for {dataset.num_comparisons} "
                         "battles (one weight per battle, or per pairwise comparison)")
    bad = np.flatnonzero(~(np.isfinite(values) & (values >= 0)))
    if len(bad):
        raise ValueError(f"weights: battle {bad[0] + 1} has the weight {values[bad[0]]}; "
                         "weights are finite and >= 0")
    return np.ascontiguousarray(values)


def inverse_pair_count_weights(data: Any, min_pair_count: float = 50) -> "Any":
    """Chatbot Arena's inverse pair-count reweighting (arena-rank's ``reweighted=True``):
    every battle between a and b weighs 1 / max(n_ab, ``min_pair_count``), n_ab the battles
    between a and b in either order, so that each pair of models counts about equally
    however often it was sampled. A numpy array in the data's battle order, for
    ``rank(data, model="bradley-terry", weights=...)``."""
    import numpy as np
    min_pair_count = _args.real(min_pair_count, "min_pair_count", 0.0, float("inf"))
    names, first, second, _ = _dataset(data).comparisons()
    first, second = np.asarray(first, dtype=np.int64), np.asarray(second, dtype=np.int64)
    pair = np.minimum(first, second) * len(names) + np.maximum(first, second)
    _, index, counts = np.unique(pair, return_inverse=True, return_counts=True)
    return 1.0 / np.maximum(counts[index].astype(np.float64), min_pair_count)


def cluster(data: Any, model: str = "expected-wins", *, bootstrap: int = 1000,
            confidence: float = 0.95, seed: Any = 1, threads: int = 0,
            resample: str = "comparisons", ties: Optional[float] = None, anytime: bool = False,
            delta: float = 0.05, epsilon: float = 0.0, anytime_board: str = "pooled",
            looks: Optional[int] = None, looks_budget: Optional[int] = None,
            replicates: bool = False, count_sampler: str = "poisson", weights: Any = None,
            **options: Any):
    """The clustered leaderboard of ``tourney cluster``: rank ranges at ``confidence`` from
    ``bootstrap`` replicates (seeded; the same for any ``threads``) and clusters of
    overlapping ranges (Sakaguchi et al. 2014, §6). Columns as rank's, with rank_lo,
    rank_hi, cluster and stderr (the bootstrap standard error of the score: the standard
    deviation of its replicate scores, ddof=1). Ctrl-C stops the replicates.

    ``replicates=True`` returns ``(board, replicates)``: the replicate distribution as a
    DataFrame, one row per replicate (index ``replicate``, 0 to bootstrap-1) and one column
    per system in the board's order, the system's score in that replicate.

    ``count_sampler``: how a replicate's count table is drawn for the count-based models
    (resampling comparisons): "poisson" (Poisson draws with an exact correction, fast) or
    "binomial" (a binomial per cell, slower; the sampler before issue 50, which repeats its
    replicates for a seed). Both draw exactly the counts of comparisons drawn with
    replacement.

    ``looks=K`` (and ``looks_budget=N``, default the input's judgments): a campaign with K
    looks planned in advance: the board of the last look the input has reached, its rank
    ranges at the level O'Brien-Fleming-type alpha spending gives that look
    (``tourney cluster --looks``); the look is described in the board's warnings.

    ``anytime=True``: the anytime-valid board instead (``tourney cluster --anytime``,
    docs/anytime.md) at family-wise error ``delta`` and indifference zone ``epsilon``;
    ``anytime_board`` pooled or pairwise. No bootstrap then, and the model is Expected Wins.
    ``tourney.plot_ranks`` draws the bootstrap's rank distributions.
    """
    from ._frames import board_frame, replicate_frame
    replicates = _args.flag(replicates, "replicates")
    if replicates and _args.flag(anytime, "anytime"):
        raise InputError("invalid_argument", "replicates: the anytime-valid board has no "
                         "bootstrap replicates")
    if count_sampler not in ("poisson", "binomial"):
        raise ValueError(f"count_sampler: 'poisson' or 'binomial', not {count_sampler!r}")
    result = _cluster(data, model, bootstrap, confidence, seed, threads, resample, ties, anytime,
                      delta, epsilon, anytime_board, looks, looks_budget, options,
                      replicates=replicates, count_sampler=count_sampler, weights=weights)
    board = board_frame(result)
    if replicates:
        return board, replicate_frame(result["replicates"], board["system"])
    return board


def _cluster(data, model, bootstrap, confidence, seed, threads, resample, ties, anytime, delta,
             epsilon, anytime_board, looks, looks_budget, options, plot=None, replicates=False,
             count_sampler="poisson", weights=None):
    """The module's result for cluster (and plot_ranks, with ``plot``)."""
    model, seed = _model(model), _args.seed(seed)
    bootstrap = _args.integer(bootstrap, "bootstrap", 0)
    confidence = _args.real(confidence, "confidence", 0.0, 1.0, open_low=True, open_high=True)
    threads = _args.integer(threads, "threads", 0)
    if looks is not None:
        looks = _args.integer(looks, "looks")
    if looks_budget is not None:
        looks_budget = _args.integer(looks_budget, "looks_budget")
    if _args.flag(anytime, "anytime"):
        if model not in ("expected-wins",) or options:
            raise InputError("invalid_argument",
                             "anytime: the anytime-valid board rates with Expected Wins "
                             "(ties as half wins); leave model and its options out")
        if plot is not None:
            raise InputError("invalid_argument", "plot_ranks: the anytime-valid board has no "
                             "bootstrap to draw")
        if weights is not None:
            raise InputError("invalid_argument", "weights: the anytime-valid board takes none")
        return _tourney.anytime_cluster(_dataset(data), delta, epsilon, anytime_board)
    if ties is not None:
        options["tie_weight"] = _args.real(ties, "ties", 0.0, 1.0)
    if looks_budget is not None and looks is None:
        raise InputError("invalid_argument", "looks_budget goes with looks")
    if looks is not None and not 1 <= looks <= 100:
        raise InputError("invalid_argument", "looks: must be between 1 and 100")
    if looks_budget is not None and looks_budget < 1:
        raise InputError("invalid_argument", "looks_budget: must be at least 1")
    dataset = _dataset(data)
    if weights is not None:
        weights = _battle_weights(weights, data, dataset)
    with _TiesAsTyped():
        return _tourney.cluster(dataset, model, bootstrap, confidence, seed, threads,
                                resample, True, looks or 0, looks_budget or 0, options, plot,
                                replicates, count_sampler, weights)


def stability(data: Any, model: str = "expected-wins", *,
              fractions: Sequence[float] = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0),
              repeats: int = 20, bootstrap: int = 1000, confidence: float = 0.95,
              resample: str = "comparisons", unit: str = "auto", level: float = 0.95,
              seed: Any = 1, threads: int = 0, ties: Optional[float] = None, **options: Any):
    """Would the clusters survive with less data? ``tourney stability``: for each fraction of
    the campaign's units (segments, or rankings), ``repeats`` subsamples, each clustered with
    ``bootstrap`` replicates and compared with the full campaign's clusters (Zobel 1998).

    Returns a DataFrame, one row per fraction: units, <stat>_mean, <stat>_sd and
    <stat>_defined for kendall_tau_b, spearman_rho, pearson_rank, clusters, flipped_share
    and lost_share, and reproduced_share. ``frame.attrs``: "study" (totals, the reference's
    clusters and separations, smallest_reproducing_fraction, notes), "reference" (the full
    campaign's clustered board, a DataFrame) and "repeats" (one row per subsample, a
    DataFrame).
    """
    import pandas as pd
    from ._frames import board_frame
    model, seed = _model(model), _args.seed(seed)
    if ties is not None:
        options["tie_weight"] = _args.real(ties, "ties", 0.0, 1.0)
    fractions = [_args.real(f, "fractions", 0.0, 1.0, open_low=True) for f in fractions]
    with _TiesAsTyped():
        result = _tourney.stability(_dataset(data), model, fractions,
                                    _args.integer(repeats, "repeats", 1),
                                    _args.integer(bootstrap, "bootstrap", 0),
                                    _args.real(confidence, "confidence", 0.0, 1.0, True, True),
                                    resample, unit,
                                    _args.real(level, "level", 0.0, 1.0, True, True), seed,
                                    _args.integer(threads, "threads", 0), options)
    frame = pd.DataFrame(result["points"], copy=False)
    frame.attrs["study"] = result["study"]
    frame.attrs["reference"] = board_frame(result["reference"])
    frame.attrs["repeats"] = pd.DataFrame(result["repeats"])
    return frame


def _ranking(board, which, lower_is_better):
    """(systems, scores, clusters or None) of a leaderboard DataFrame (system, score, and
    cluster when clustered) or a {system: score} mapping, higher scores better: a board whose
    lower scores are better (its attrs' model, MQM points; or ``lower_is_better``) has its
    scores negated, as the command line reads an MQM board's JSON."""
    if hasattr(board, "columns"):
        if "system" not in board.columns or "score" not in board.columns:
            raise InputError("invalid_argument",
                             f"{which}: a ranking needs the columns system and score")
        if lower_is_better is None:
            model = board.attrs.get("board", {}).get("model", "")
            lower_is_better = bool(_tourney.score_lower_is_better(model))
        sign = -1.0 if lower_is_better else 1.0
        clusters = None
        if "cluster" in board.columns and not board["cluster"].isna().any():
            clusters = [int(c) for c in board["cluster"]]
        return ([str(s) for s in board["system"]], [sign * float(x) for x in board["score"]],
                clusters)
    sign = -1.0 if lower_is_better else 1.0
    items = list(dict(board).items())
    return [str(k) for k, _ in items], [sign * float(v) for _, v in items], None


def compare(a, b, *, rbo_p=0.9, lower_is_better=None):
    """Two rankings of the same systems, as ``tourney compare``: Kendall's tau-b, Spearman's
    rho, Pearson's r, Pearson Rank (A as reference), rank-biased overlap at ``rbo_p``, the
    systems in one ranking only and, when both are clustered, the agreement of their
    clusters (pairs separated by both, flipped, by one only). ``a`` and ``b``: leaderboards
    from rank, cluster or protocol (system, score, cluster) or {system: score} mappings.
    Higher scores are better, except on a board whose model scores lower as better (MQM
    error points, ``protocol(..., "mqm")``: its scores are negated, as ``tourney compare``
    reads such a board's JSON). ``lower_is_better``: None (from each board's model; a
    mapping is higher-is-better), a bool for both, or a pair (a's, b's). Returns a dict with
    the JSON output's keys; None where a measure is undefined (``notes`` says why)."""
    if isinstance(lower_is_better, (tuple, list)):
        lower_a, lower_b = lower_is_better
    else:
        lower_a = lower_b = lower_is_better
    return _tourney.compare(*_ranking(a, "a", lower_a), *_ranking(b, "b", lower_b), rbo_p)


from .nbest import nbest  # noqa: E402 (after _tourney)
from .plots import (Plot, plot_estimates, plot_nbest, plot_ranks,  # noqa: E402
                    plot_sampling_study, plot_stability)
from .sampling import estimate, sample, sampling_study  # noqa: E402
from .matrices import PairwiseMatrices, pairwise_matrices, win_probabilities  # noqa: E402
from .scored import rank_scored  # noqa: E402


def protocol(path, protocol, *, input_format="auto", qc_filter=False, da_moments="",
             mqm_weights="", command="cluster"):
    """An official human-evaluation protocol's board of one file, as a DataFrame like
    ``rank``'s (system, score, rank, cluster, ...; ``attrs["board"]``), equal to
    ``tourney cluster FILE --protocol PROTOCOL --format json``:

    - "wmt-da": the WMT20-22 direct-assessment ranking (score = mean z, raw = mean raw score,
      cluster = the official rank-sum clusters, wins = systems beaten) of an organisers'
      ``ad-*-good-stnd.csv`` (``da_moments``: the ``ad-*-trk-mean-sd.txt``; default the one
      beside the file; "none" for none) or of raw scores (an Appraise export, a Pearmut log,
      tourney's export), standardised per annotator;
    - "esa": the ESA ranking of an Appraise ESA export, a Pearmut log or tourney's export:
      score = mean 0-100 score, the same rank-sum clusters;
    - "mqm": MQM error points of a per-error TSV (Google's, Appraise's MQM export or tourney's):
      score = mean segment MQM, lower is better, rank-sum clusters on segment MQM;
      ``mqm_weights`` as ``--mqm-weights`` ("Major:5,Minor:1,...");
    - "wmt-da-holm", "esa-holm", "mqm-holm": the same order with tourney's paired Holm clusters;
    - "pearmut": Pearmut's own ranking of its annotation log (score = mean, cluster = groups
      between its lines); ``pearmut_ranking`` gives its t-tests beside tourney's clusters.

    ``input_format`` as ``--input-format`` (auto, appraise-csv, wmt-da, google-mqm,
    pearmut-log, tourney-scores); ``qc_filter`` keeps only the annotators who pass WMT's
    quality control (``--qc-filter``; DA and ESA protocols). ``command="rank"`` gives
    ``tourney rank``'s board: for "mqm" without clusters, ordered by mean points (the same
    as cluster's for esa, esa-holm and pearmut; rank has no wmt-da protocol).
    docs/wmt-protocols.md describes them."""
    from ._frames import board_frame
    path, input_format = os.fspath(path), input_format or "auto"
    da_moments, mqm_weights = da_moments or "", mqm_weights or ""
    if command not in ("cluster", "rank"):
        raise InputError("invalid_argument", f"command: '{command}' is not cluster or rank")
    if command == "rank" and protocol == "mqm":
        if qc_filter or da_moments:
            raise InputError("invalid_argument", "qc_filter and da_moments do not apply to "
                             "protocol mqm")
        return board_frame(_tourney.mqm_rank(path, input_format, mqm_weights))
    if command == "rank" and protocol not in ("esa", "esa-holm", "pearmut"):
        raise InputError("invalid_argument", f"protocol: '{protocol}' is not one of rank's "
                         "protocols (mqm, esa, esa-holm, pearmut)")
    return board_frame(_tourney.protocol(path, protocol, input_format, bool(qc_filter),
                                         da_moments, mqm_weights))


def pearmut_ranking(path, *, input_format="auto", alpha=0.05):
    """Pearmut's ranking of its annotation log beside tourney's (``tourney cluster FILE
    --protocol pearmut``'s table), as a DataFrame in Pearmut's order: system, score (mean over
    its items, validation items included), items, the one-sided paired t-test against the
    next system down (n, t, p_value; NaN where undefined, n = 0 for the last), line_below
    (p_value < alpha: Pearmut's sig_better_than_next), cluster (the group between Pearmut's
    lines) and holm_cluster (tourney's paired Holm clusters over the non-validation scores
    in the same order; 0 for a system scored only on validation items). ``attrs``: lines,
    surviving_lines (Pearmut's lines that the Holm clusters keep) and validation_scores."""
    import pandas as pd
    out = _tourney.pearmut_ranking(os.fspath(path), input_format or "auto", float(alpha))
    frame = pd.DataFrame(out["columns"])
    for key in ("lines", "surviving_lines", "validation_scores"):
        frame.attrs[key] = out[key]
    return frame


def __getattr__(name):
    # The HTTP client loads on first use (urllib and json only).
    if name == "Client":
        from .client import Client
        return Client
    raise AttributeError(f"module 'tourney' has no attribute {name!r}")
