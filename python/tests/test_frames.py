"""DataFrame columns to the engine's codes (tourney/_frames.py): the module's string
factoriser gives pandas.factorize's names and codes exactly, whatever the objects."""

import numpy as np
import pandas as pd
import pytest

import tourney
from tourney import _frames, _tourney


def pandas_codes(columns):
    codes, names = pd.factorize(np.concatenate(columns), sort=False)
    cut = np.cumsum([len(c) for c in columns])[:-1]
    return list(names), [list(c) for c in np.split(codes, cut)]


def fresh(text):
    """A str equal to `text` but a distinct object (as astype(str) makes one per row)."""
    return "".join(list(text))


@pytest.mark.parametrize("shared", [True, False])
def test_factorize_strings_equals_pandas(shared):
    rng = np.random.default_rng(5)
    # 1-, 2- and 4-byte storage (PEP 393), an empty name, names that share prefixes.
    pool = ["gpt-4", "gpt-4o", "", "modèle", "日本語-mt", "🦜 parrot", "gpt-4-0613", "a" * 40]
    columns = []
    for size in (5000, 3000):
        picks = rng.integers(0, len(pool), size)
        values = [pool[k] if shared else fresh(pool[k]) for k in picks]
        columns.append(np.array(values, dtype=object))
    names, codes = _tourney.factorize_strings(columns)
    want_names, want_codes = pandas_codes(columns)
    assert list(names) == want_names
    assert [list(c) for c in codes] == want_codes


def test_factorize_strings_leaves_other_values_to_pandas():
    for odd in (None, np.nan, 1, b"bytes"):
        column = np.array(["a", "b", odd], dtype=object)
        assert _tourney.factorize_strings([column]) is None


def test_large_columns_split_in_stretches_keep_first_appearance_order():
    # Above 2^18 elements a column is coded in stretches (in parallel) and merged: a name
    # first seen late in the second stretch still gets its code in order of appearance.
    size = 600_000
    left = np.array([fresh("x")] * size, dtype=object)
    left[size - 1] = fresh("late")
    left[size // 2 + 10] = fresh("middle")
    right = np.array([fresh("y")] * size, dtype=object)
    names, codes = _tourney.factorize_strings([left, right])
    want_names, want_codes = pandas_codes([left, right])
    assert list(names) == want_names == ["x", "middle", "late", "y"]
    assert [list(c) for c in codes] == want_codes


def test_string_and_categorical_frames_give_the_same_board():
    frame = pd.DataFrame({"model_a": ["a", "b", "c", "a", "é"] * 30,
                          "model_b": ["b", "c", "a", "é", "b"] * 30,
                          "winner": ["model_a", "tie", "model_b", "model_a", "model_b"] * 30})
    # Every battle also the other way round: every system wins and loses (the MLE exists).
    frame = pd.concat([frame, frame.rename(columns={"model_a": "model_b", "model_b": "model_a"})],
                      ignore_index=True)
    as_text = tourney.rank(frame.astype(str), model="bradley-terry")
    as_category = tourney.rank(frame.astype("category"), model="bradley-terry")
    pd.testing.assert_frame_equal(as_text, as_category)
    _frames.FAST_STRINGS = False
    try:
        through_pandas = tourney.rank(frame.astype(str), model="bradley-terry")
    finally:
        _frames.FAST_STRINGS = True
    pd.testing.assert_frame_equal(as_text, through_pandas)
