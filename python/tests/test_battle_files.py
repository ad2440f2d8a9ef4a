"""Several battle-log files in one call: read together into one battle log with shared
system ids, as `tourney rank A B` reads them."""

import pandas as pd

import tourney
from conftest import assert_board_equals_json, cli_json, shared_path


def _halves(tmp_path):
    battles = pd.read_csv(shared_path("fixtures", "pairwise-peers", "llmfao.csv"))
    first, second = tmp_path / "first.csv", tmp_path / "second.csv"
    half = len(battles) // 2
    battles.iloc[:half].to_csv(first, index=False)
    battles.iloc[half:].to_csv(second, index=False)
    return battles, [str(first), str(second)]


def test_two_battle_logs_rank_as_the_cli(tmp_path):
    battles, paths = _halves(tmp_path)
    for model in ("bradley-terry", "expected-wins"):
        want = cli_json("rank", *paths, "--model", model)
        got = tourney.rank(paths, model=model)
        assert_board_equals_json(got, want)
    data = tourney.read(paths)
    assert data.is_battle_log
    # The same battles as one file: the same board.
    pd.testing.assert_frame_equal(tourney.rank(paths, model="bradley-terry"),
                                  tourney.rank(battles, model="bradley-terry"))


# issue 45: with skip_invalid on battle logs the skipped count was 0.
def test_skipped_battles_are_counted(tmp_path):
    path = tmp_path / "battles.jsonl"
    path.write_text('{"model_a": "a", "model_b": "b", "winner": "model_a"}\n'
                    '{"model_a": "a", "model_b": "b", "winner": "nobody"}\n'
                    '{"model_a": "b", "model_b": "a", "winner": "model_b"}\n'
                    '{"model_a": "a", "winner": "model_a"}\n')
    data = tourney.read(path, skip_invalid=True)
    assert data.skipped_invalid == 2
    board = tourney.rank(data)
    assert board.attrs["board"]["skipped_invalid"] == 2
