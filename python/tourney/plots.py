"""The command line's plots (``--plot``), drawn by the same code: each function returns a
Plot (the SVG document as a str, shown inline by Jupyter, ``.save(path)`` to write it) and,
with ``path``, also writes it there. The SVG of a result equals the command line's file for
the same input, options and title."""

import math
import os
from typing import Union

from . import _tourney
from .errors import InputError

# `tourney sampling-study --plot`'s default methods (the paper's Figure 4).
FIGURE4_METHODS = ("baseline", "docs-prop", "cv-knn", "docs-prop+cv-knn", "metrics-prop+cv-knn")


class Plot(str):
    """An SVG document: a str (compare, write or parse it as text) that Jupyter and IPython
    draw inline (``_repr_svg_``). ``save(path)`` writes it (SVG only; rsvg-convert or the
    command line's ``--plot x.pdf`` give PDF)."""

    __slots__ = ()

    @property
    def svg(self) -> str:
        """The SVG document as a plain str."""
        return str(self)

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the SVG document to ``path`` (UTF-8). ValueError for a .pdf path."""
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path: a file path, not {type(path).__name__}")
        if os.fspath(path).endswith(".pdf"):
            raise InputError("invalid_argument", f"{os.fspath(path)}: plots are SVG here (the "
                             "command line converts to PDF; rsvg-convert does too)")
        with open(path, "w", encoding="utf-8") as out:
            out.write(str(self))

    def __repr__(self) -> str:
        return f"<tourney.Plot: SVG, {len(self)} characters>"


def _written(svg, path):
    plot = Plot(svg)
    if path is not None:
        plot.save(path)
    return plot


def plot_ranks(data, model="expected-wins", *, whiskers="confidence", titles=True, path=None,
               bootstrap=1000, confidence=0.95, seed=1, threads=0, resample="comparisons",
               ties=None, looks=None, looks_budget=None, **options):
    """Each system's bootstrap rank distribution as a box plot, clusters shaded, as
    ``tourney cluster --plot`` draws it (Sakaguchi et al. 2014, Figures 9-10). The arguments
    are ``cluster``'s; ``whiskers`` "confidence" (the rank range) or "full" (min-max);
    ``titles=False`` as ``--plot-no-title``. The bootstrap runs again: the same seed gives
    the same replicates as ``cluster``."""
    from . import _cluster
    result = _cluster(data, model, bootstrap, confidence, seed, threads, resample, ties, False,
                      0.05, 0.0, "pooled", looks, looks_budget, options,
                      plot={"whiskers": whiskers, "titles": bool(titles)})
    return _written(result["svg"], path)


def plot_estimates(estimates, *, title="Estimated scores", path=None):
    """``tourney estimate --plot``: the estimates of ``tourney.estimate`` (its DataFrame,
    best first) with their intervals, one dot per system. The command line's title is
    "Estimated scores of FILE"."""
    svg = _tourney.plot_estimates([str(s) for s in estimates["system"]],
                                  [float(v) for v in estimates["estimate"]],
                                  [float(v) for v in estimates["lo"]],
                                  [float(v) for v in estimates["hi"]], title)
    return _written(svg, path)


def plot_sampling_study(study, *, methods=FIGURE4_METHODS, title="Sampling study", titles=True,
                        path=None):
    """``tourney sampling-study --plot``: absolute error against sample size (mean, bars ±
    one sd over draws), one line per method of ``methods`` that the study ran (the paper's
    Figure 4; None: every method). ``study``: the DataFrame of ``tourney.sampling_study``.
    The command line's title is "Sampling study of FILE"."""
    per_size = study.attrs["per_size"]
    sizes = [float(v) for v in study.attrs["study"]["sizes_pct"]]
    names = [str(n) for n in study["name"]]
    errors, sdevs = [], []
    for name in names:
        rows = per_size[per_size["method"] == name]
        errors.append([float(v) for v in rows["abs_error"]])
        sdevs.append([float(v) for v in rows["sdev"]])
    svg = _tourney.plot_sampling_study(names, sizes, errors, sdevs, list(methods or []), title,
                                       bool(titles))
    return _written(svg, path)


def plot_stability(study, *, kind="correlation", title=None, path=None):
    """``tourney stability --plot`` (``kind="correlation"``: tau-b, rho and Pearson Rank with
    the full ranking, mean ± sd, and the shares of separations flipped and lost and of
    repeats reproducing the clusters) or ``--plot-clusters`` (``kind="clusters"``: the number
    of clusters against the reference's), against the fraction of the campaign. ``study``:
    the DataFrame of ``tourney.stability``. The default title is the command line's for a
    file named "data"; ``title=""`` draws none."""
    meta = study.attrs["study"]
    if title is None:
        what = "Agreement with the full campaign" if kind == "correlation" else \
            "Clusters under subsampling"
        title = f"{what}: {meta['model']}, data"
    points = {column: [float(v) for v in study[column]] for column in study.columns}
    svg = _tourney.plot_stability(points, meta["unit"], int(meta["reference_clusters"]), kind,
                                  title)
    return _written(svg, path)


def plot_nbest(evaluation, *, title="Gold ablation: MAP rankings against the full gold",
               path=None):
    """``tourney nbest --plot``: Spearman's rho, Kendall's tau-b and Pearson Rank of each
    ablated MAP ranking with the full-gold one against the share of gold kept (Bremerman et
    al. 2020, Figure 1). ``evaluation``: the DataFrame of ``tourney.nbest``; ``title=""``
    as ``--plot-no-title``."""
    ablation = evaluation.attrs["ablation"]

    def optional(column):
        return [None if v is None or math.isnan(v) else float(v) for v in ablation[column]]
    svg = _tourney.plot_nbest([float(v) for v in ablation["gold_kept"]],
                              optional("spearman_rho"), optional("kendall_tau_b"),
                              optional("pearson_rank"), title)
    return _written(svg, path)
