"""n-best lists against weighted gold translations (``tourney nbest``; Bremerman et al.
2020): MAP, weighted F1, preference correlation, x-best y-reference BLEU, the MAP
leaderboard with bootstrap intervals over prompts, and the gold ablation."""

import os

from . import _args, _tourney


def _system_name(path):
    """The command line's name of an n-best file: its file name without the extension (and
    without a trailing .gz)."""
    name = os.path.basename(os.fspath(path))
    if name.endswith(".gz"):
        name = name[:-3]
    stem, _ = os.path.splitext(name)
    return stem if stem else name


def nbest(gold, systems, *, f1_top=0, bleu=True, bleu_depths=(1, 5, 10, 100, 1000),
          bleu_references=(1, 5, 10, 100, "all"), tokenize="13a",
          ablation=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9), bootstrap=1000,
          confidence=0.95, seed=1, threads=0):
    """Evaluates n-best files (STAPLE 2020 layout) against the gold file ``gold``, as
    ``tourney nbest --gold GOLD SYSTEM... --format json`` does.

    ``systems``: paths (each named by its file name without the extension, as the command
    line names it) or a {name: path} mapping. ``bleu_references``: counts, or "all" (0).

    Returns a DataFrame, one row per system in input order: system, map, weighted_f1,
    preference_rho, preference_r, preference_prompts, answered, unknown_prompts,
    dropped_duplicates. ``frame.attrs``: "leaderboard" (by MAP, bootstrapped over prompts
    and clustered: a DataFrame as ``cluster`` returns), "bleu" (system, depth, references,
    bleu), "bleu_map_spearman" (depth, references, spearman_rho), "ablation" (removed,
    gold_kept and the rankings' correlations with the full gold's), "ablated" (system,
    removed, map, weighted_f1), all DataFrames, and "nbest" (prompts, gold_translations,
    f1_top, bleu_depths, bleu_references).
    """
    import pandas as pd
    from ._frames import board_frame
    if isinstance(systems, (str, os.PathLike)):
        systems = [systems]
    if hasattr(systems, "items"):
        names = [str(k) for k in systems]
        paths = [os.fspath(v) for v in systems.values()]
    else:
        paths = [os.fspath(p) for p in systems]
        names = [_system_name(p) for p in paths]
    references = [0 if r == "all" else int(r) for r in bleu_references]
    result = _tourney.nbest(os.fspath(gold), names, paths, int(f1_top), bool(bleu),
                            [int(x) for x in bleu_depths], references, tokenize,
                            [float(x) for x in ablation], _args.integer(bootstrap, "bootstrap", 0),
                            float(confidence), _args.seed(seed),
                            _args.integer(threads, "threads", 0))
    frame = pd.DataFrame(result["systems"])
    for key in ("preference_rho", "preference_r"):
        frame[key] = frame[key].astype("float64")
    tables = {key: pd.DataFrame(result[key])
              for key in ("bleu", "bleu_map_spearman", "ablation", "ablated")}
    for table in tables.values():
        for column in table.columns:
            if table[column].dtype == object and column != "system":
                table[column] = table[column].astype("float64")
    frame.attrs.update(leaderboard=board_frame(result["leaderboard"]), nbest=result["nbest"],
                       **tables)
    return frame
