"""Conversions between pandas and the extension module: DataFrame columns to code arrays,
leaderboard columns to a DataFrame. pandas is imported here, on first use, so that
``import tourney`` stays fast."""

import numpy as np

from . import _tourney

# The two layouts a DataFrame of battles may have: a battle log's, a pairwise CSV's.
LAYOUTS = (("model_a", "model_b", "winner"), ("left", "right", "winner"))

# Integer columns that some entries may lack (pandas' nullable integers).
_OPTIONAL_INT = {"cluster", "rank_upper_bound"}


def _names_and_codes(column):
    """(names as str, int32 codes with -1 for missing) of a Series, without copying the
    codes of a categorical whose categories are already strings."""
    import pandas as pd
    if isinstance(column.dtype, pd.CategoricalDtype):
        names = column.cat.categories
        codes = column.cat.codes.to_numpy()
    else:
        codes, names = pd.factorize(column, sort=False)
    return names, codes


def dataset_from_frame(frame, source="<DataFrame>", covariates=()):
    """A _tourney.Dataset from a DataFrame with model_a, model_b, winner (or left, right,
    winner) columns; strings, categoricals or objects. Rows are battles in order.
    ``covariates``: numeric columns carried per battle (style control)."""
    fields = next((f for f in LAYOUTS if all(c in frame.columns for c in f)), None)
    if fields is None:
        from .errors import InputError
        raise InputError("invalid_argument",
                         f"{source}: a DataFrame of battles needs the columns model_a, model_b, "
                         f"winner (a battle log) or left, right, winner (a pairwise CSV); it has "
                         f"{', '.join(map(str, frame.columns))}")
    names_a, codes_a = _names_and_codes(frame[fields[0]])
    names_b, codes_b = _names_and_codes(frame[fields[1]])
    if names_a.equals(names_b):
        names = names_a
    else:
        # One list of names: the left column's, then the right column's new ones.
        names = names_a.append(names_b[~names_b.isin(names_a)])
        remap = names.get_indexer(names_b).astype(np.int32)
        codes_b = np.where(codes_b >= 0, remap[codes_b], -1)
    winner_names, winner_codes = _names_and_codes(frame[fields[2]])
    columns = []
    for name in covariates:
        if name not in frame.columns:
            from .errors import InputError
            raise InputError("invalid_argument",
                             f"{source}: field '{name}': no such covariate column")
        columns.append(frame[name].to_numpy(dtype=np.float64, na_value=np.nan))
    return _tourney.from_arrays(
        [str(n) for n in names], np.asarray(codes_a, dtype=np.int32),
        np.asarray(codes_b, dtype=np.int32), [str(n) for n in winner_names],
        np.asarray(winner_codes, dtype=np.int32), source, list(fields), list(covariates),
        columns)


def board_frame(result):
    """The DataFrame of a leaderboard dict from the module: one row per system, best first,
    columns named as the JSON output's entry fields; the rest of the board in
    ``frame.attrs["board"]``."""
    import pandas as pd
    columns = {}
    for name, values in result["columns"].items():
        if isinstance(values, list) and name != "system":
            dtype = "Int64" if name in _OPTIONAL_INT else "float64"
            values = pd.array([np.nan if v is None and dtype == "float64" else v
                               for v in values], dtype=dtype)
        columns[name] = values
    frame = pd.DataFrame(columns)
    frame.attrs["board"] = result["board"]
    return frame
