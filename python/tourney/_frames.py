"""Conversions between pandas and the extension module: DataFrame columns to code arrays,
leaderboard columns to a DataFrame. pandas is imported here, on first use, so that
``import tourney`` stays fast."""

import numpy as np

from . import _tourney

# The two layouts a DataFrame of battles may have: a battle log's, a pairwise CSV's.
LAYOUTS = (("model_a", "model_b", "winner"), ("left", "right", "winner"))

# Integer columns that some entries may lack (pandas' nullable integers).
_OPTIONAL_INT = {"cluster", "rank_upper_bound", "opponents", "segments", "judgments"}


# Columns of str are factorised by the module (factorize.cc: by object address, then by
# text), 5-10x faster than pandas.factorize on 2M battles; False forces pandas' path (the
# benchmark python/bench/bench_issue50.py compares the two).
FAST_STRINGS = True


def _factorize_strings(columns):
    """(names, [codes]) of object arrays that hold only str, in order of first appearance
    over the columns, as pandas.factorize of them joined gives; None for anything else."""
    if not FAST_STRINGS or any(c.dtype != object for c in columns):
        return None
    return _tourney.factorize_strings(columns)


def _names_and_codes(column):
    """(names, int32-able codes with -1 for missing) of a Series: a categorical's own
    categories and codes (no copy of the strings), else pandas' factorisation of the values."""
    import pandas as pd
    if isinstance(column.dtype, pd.CategoricalDtype):
        return column.cat.categories, column.cat.codes.to_numpy()
    values = column.to_numpy()
    fast = _factorize_strings([values])
    if fast is not None:
        return fast[0], fast[1][0]
    codes, names = pd.factorize(values, sort=False)
    return names, codes


def check_names(values, column, source="<DataFrame>"):
    """Refuses a name column whose distinct values share a text (the integer 1 and the
    string "1"): tourney names systems, documents and segments by text, so they would merge
    into one. InputError naming the column and both values."""
    seen = {}
    for value in values:
        if value is None or (isinstance(value, float) and value != value):
            continue
        text = str(value)
        other = seen.setdefault(text, value)
        if other is not value and (type(other) is not type(value) or other != value):
            from .errors import InputError
            raise InputError("invalid_argument",
                             f"{source}: field '{column}': the values {other!r} and {value!r} "
                             f"differ but both read as the name '{text}', and would be one; "
                             f"give the column one type (e.g. .astype(str))")


def _system_codes(left, right):
    """One list of system names and the codes of both columns into it."""
    import pandas as pd
    if isinstance(left.dtype, pd.CategoricalDtype) and isinstance(right.dtype,
                                                                   pd.CategoricalDtype):
        names_a, codes_a = _names_and_codes(left)
        names_b, codes_b = _names_and_codes(right)
        if names_a.equals(names_b):
            return names_a, codes_a, codes_b
        # The left column's names, then the right column's new ones.
        names = names_a.append(names_b[~names_b.isin(names_a)])
        remap = names.get_indexer(names_b).astype(np.int32)
        return names, codes_a, np.where(codes_b >= 0, remap[codes_b], -1)
    # Strings (or mixed): both columns factorised together, so they share one list.
    left_values, right_values = left.to_numpy(dtype=object), right.to_numpy(dtype=object)
    fast = _factorize_strings([left_values, right_values])
    if fast is not None:
        return fast[0], fast[1][0], fast[1][1]
    values = np.concatenate([left_values, right_values])
    codes, names = pd.factorize(values, sort=False)
    check_names(names, f"{left.name}/{right.name}")
    return names, codes[:len(left)], codes[len(left):]


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
    names, codes_a, codes_b = _system_codes(frame[fields[0]], frame[fields[1]])
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


def replicate_frame(values, systems):
    """The bootstrap's replicate scores (an R x n array, systems in board order) as a
    DataFrame: index ``replicate`` (0 to R-1), one column per system."""
    import pandas as pd
    return pd.DataFrame(values, index=pd.RangeIndex(len(values), name="replicate"),
                        columns=pd.Index(list(systems), dtype=object), copy=False)


def board_frame(result, warn=True):
    """The DataFrame of a leaderboard dict from the module: one row per system, best first,
    indexed by system name, columns named as the JSON output's entry fields; the rest of the board in
    ``frame.attrs["board"]``. Columns come as numpy arrays, but an optional field that some
    entries lack, which comes as a list with None: NaN, or pandas' nullable Int64. With
    ``warn``, the board's warnings are raised as TourneyWarning too (for the public function
    that called this one's caller)."""
    import pandas as pd
    if warn:
        from .errors import warn_all
        warn_all(result["board"]["warnings"], stacklevel=3)
    columns = result["columns"]
    for name, values in columns.items():
        if isinstance(values, list) and name != "system":
            dtype = "Int64" if name in _OPTIONAL_INT else "float64"
            columns[name] = pd.array([np.nan if v is None and dtype == "float64" else v
                                      for v in values], dtype=dtype)
    frame = pd.DataFrame(columns, copy=False)  # the module's arrays are this frame's own
    # Indexed by system (board.loc["GPT-4"]); the index is unnamed so that the system column,
    # kept for joins, is not also an index level (merge(on="system") would call it ambiguous).
    frame.index = pd.Index(frame["system"].to_numpy(), dtype=object)
    frame.attrs["board"] = result["board"]
    return frame
