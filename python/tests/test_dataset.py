"""tourney.Dataset as a Python value: pickled and unpickled it is equal to itself (the same
names, rankings or battles, counters) and gives the same boards; its repr says what it holds."""

import pickle

import numpy as np
import pandas as pd
import pytest

import tourney

from conftest import shared_path


def round_trip(data):
    return pickle.loads(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))


def test_kway_rankings_survive_pickle():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    data = tourney.read(train)
    copy = round_trip(data)
    assert copy is not data and copy == data
    assert copy.source == train and copy.systems == data.systems
    assert (copy.num_rankings, copy.num_comparisons) == (data.num_rankings, data.num_comparisons)
    assert copy.dropped_blank == data.dropped_blank
    # The pairwise expansion is rebuilt from the rankings: the same comparisons, in order.
    for x, y in zip(copy.comparisons(), data.comparisons()):
        assert np.array_equal(np.asarray(x), np.asarray(y))
    # A board needs the rankings themselves (resample="rankings"), judges and documents.
    a = tourney.cluster(data, bootstrap=100, resample="rankings", seed=3)
    b = tourney.cluster(copy, bootstrap=100, resample="rankings", seed=3)
    pd.testing.assert_frame_equal(a, b)


def test_battle_log_with_covariates_survives_pickle():
    frame = pd.DataFrame({"model_a": ["a", "a", "b", "c", "a", "b"],
                          "model_b": ["b", "c", "c", "a", "b", "a"],
                          "winner": ["model_a", "model_b", "tie", "model_a", "model_a",
                                     "tie (bothbad)"],
                          "len_diff": [0.5, -1.0, 0.25, 2.0, 0.0, 1.5]})
    data = tourney.read(frame, covariates=["len_diff"])
    copy = round_trip(data)
    assert copy == data and copy.is_battle_log and copy.covariate_names == ["len_diff"]
    state = copy.__getstate__()
    # The battles by hand: a=0, b=1, c=2; outcomes 0 model_a, 1 model_b, 2 tie.
    assert list(state["first"]) == [0, 0, 1, 2, 0, 1]
    assert list(state["second"]) == [1, 2, 2, 0, 1, 0]
    assert list(state["outcome"]) == [0, 1, 2, 0, 0, 2]
    assert state["ties_both_bad"] == 1
    a = tourney.rank(copy, model="bradley-terry", covariates=["len_diff"])
    b = tourney.rank(data, model="bradley-terry", covariates=["len_diff"])
    pd.testing.assert_frame_equal(a, b)
    assert a.attrs["board"]["covariate_effects"] == b.attrs["board"]["covariate_effects"]


def test_equality_sees_a_different_battle():
    frame = pd.DataFrame({"model_a": ["a", "b"], "model_b": ["b", "c"],
                          "winner": ["model_a", "model_b"]})
    other = frame.assign(winner=["model_a", "tie"])
    assert tourney.read(frame) == tourney.read(frame.copy())
    assert tourney.read(frame) != tourney.read(other)
    assert tourney.read(frame) != "a dataset"


def test_a_damaged_state_is_an_error_not_a_crash():
    data = tourney.read(pd.DataFrame({"model_a": ["a"], "model_b": ["b"],
                                      "winner": ["model_a"]}))
    state = data.__getstate__()
    state["first"] = np.array([7], dtype=np.int32)  # only systems 0 and 1 exist
    with pytest.raises(tourney.InputError, match="system id 7 out of range"):
        tourney.Dataset.__new__(tourney.Dataset).__setstate__(state)


def test_repr_names_source_systems_and_size():
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    data = tourney.read(train)
    text = repr(data)
    assert text.startswith(f"<tourney.Dataset {train!r}: {len(data.systems)} systems, ")
    assert f"{data.num_rankings:,} rankings" in text
    frame = pd.DataFrame({"left": ["x", "y"], "right": ["y", "z"], "winner": ["left", "tie"]})
    assert repr(tourney.read(frame)) == "<tourney.Dataset '<DataFrame>': 3 systems, 2 battles>"
