"""Square system-by-system matrices, as evalica's and arena-rank's users look for them: the
head-to-head counts of a data set (``pairwise_matrices``) and the model's probability that
one system beats another (``win_probabilities``)."""

from typing import Any, NamedTuple, Optional

import numpy as np

from .errors import InputError

# Models whose score is on the Elo scale (a difference of 400 points is odds of 10:1;
# docs/bradley-terry.md): P(i beats j) = 1 / (1 + 10 ** ((s_j - s_i) / 400)).
_ELO_SCALE = ("bradley-terry", "newman", "rao-kupper", "plackett-luce", "elo")
# Models whose score is a positive strength, read as evalica's pairwise_scores reads any
# scores: P(i beats j) = s_i / (s_i + s_j).
_STRENGTH = ("counting", "average-win-rate", "eigen", "pagerank")


class PairwiseMatrices(NamedTuple):
    """Head-to-head counts, three DataFrames indexed by system on both axes (rows and
    columns in the data's order of systems)."""

    wins: Any         # wins.loc[a, b]: comparisons a won against b
    ties: Any         # ties.loc[a, b] == ties.loc[b, a]: ties between a and b
    comparisons: Any  # wins + wins.T + ties: how often a and b were compared


def pairwise_matrices(data: Any) -> PairwiseMatrices:
    """The wins, ties and comparisons of every pair of systems in ``data`` (a path, paths,
    a DataFrame of battles or a Dataset): each k-way ranking counts as its k(k-1)/2 pairwise
    comparisons, a battle as one. ``wins.sum(axis=1)`` is the board's wins column,
    ``wins.sum(axis=0)`` its losses, ``ties.sum(axis=1)`` its ties (a system's comparisons
    with itself, which some files hold, count nowhere)."""
    import pandas as pd
    from . import _dataset
    names, first, second, outcome = _dataset(data).comparisons()
    n = len(names)
    first = np.asarray(first, dtype=np.int64)
    second = np.asarray(second, dtype=np.int64)
    outcome = np.asarray(outcome)
    keep = first != second
    first, second, outcome = first[keep], second[keep], outcome[keep]
    wins = np.zeros((n, n), dtype=np.int64)
    ties = np.zeros((n, n), dtype=np.int64)
    np.add.at(wins, (first[outcome == 0], second[outcome == 0]), 1)
    np.add.at(wins, (second[outcome == 1], first[outcome == 1]), 1)
    tied = outcome == 2
    np.add.at(ties, (first[tied], second[tied]), 1)
    ties = ties + ties.T
    index = pd.Index([str(s) for s in names], dtype=object)

    def frame(values):
        return pd.DataFrame(values, index=index, columns=index.copy())

    return PairwiseMatrices(frame(wins), frame(ties), frame(wins + wins.T + ties))


def win_probabilities(board: Any, *, model: Optional[str] = None) -> Any:
    """The model's probability that the row's system beats the column's, from a board of
    ``rank`` or ``cluster`` (its score column), as a DataFrame indexed by system on both
    axes in the board's order; the diagonal is 0.5, and P[a, b] + P[b, a] = 1.

    Elo-scale models (bradley-terry, newman, rao-kupper, plackett-luce, elo):
    P = 1 / (1 + 10^((s_b - s_a) / 400)), which is Bradley-Terry's pi_a / (pi_a + pi_b),
    ties left out as evalica's ``pairwise_scores`` leaves them. Strength models (counting,
    average-win-rate, eigen, pagerank): s_a / (s_a + s_b), evalica's formula on the raw
    scores. ``model`` overrides the board's own (``attrs["board"]["model"]``). The other
    models' scores are not win probabilities of a pair: ValueError."""
    import pandas as pd
    if not hasattr(board, "columns") or "score" not in board.columns or \
            "system" not in board.columns:
        raise TypeError("board: a leaderboard DataFrame from tourney.rank or tourney.cluster "
                        "(columns system and score)")
    if model is None:
        model = board.attrs.get("board", {}).get("model")
        if not model:
            raise ValueError("board: no model recorded in attrs['board']; give model=")
    if not isinstance(model, str):
        raise TypeError(f"model: a model name, not {type(model).__name__}")
    scores = board["score"].to_numpy(dtype=np.float64)
    if not np.all(np.isfinite(scores)):
        raise ValueError("board: a score is not finite; no probabilities")
    if model in _ELO_SCALE:
        matrix = 1.0 / (1.0 + np.power(10.0, (scores[None, :] - scores[:, None]) / 400.0))
    elif model in _STRENGTH:
        if np.any(scores < 0) or np.count_nonzero(scores == 0) > 0:
            raise ValueError(f"board: model '{model}' has a score of 0 or below; s_a / (s_a + "
                             "s_b) is not a probability there")
        matrix = scores[:, None] / (scores[:, None] + scores[None, :])
    else:
        raise InputError("invalid_argument",
                         f"model: '{model}' scores are not pairwise win probabilities; "
                         f"win_probabilities reads {', '.join(_ELO_SCALE + _STRENGTH)}")
    index = pd.Index([str(s) for s in board["system"]], dtype=object)
    return pd.DataFrame(matrix, index=index, columns=index.copy())
