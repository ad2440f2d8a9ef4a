"""tourney.nbest against `tourney nbest --format json` on a small synthetic STAPLE campaign
(written by `tourney nbest --generate`), and MAP computed by hand on a tiny one."""

import glob
import math

import tourney
from conftest import close, cli_json, tourney_cli


def _opt(got, want):
    return math.isnan(got) if want is None else close(got, want)


def test_nbest_equals_cli(tmp_path):
    tourney_cli("nbest", "--generate", tmp_path, "--systems", "3", "--prompts", "30",
                "--depth", "20", "--gold-per-prompt", "8", "--seed", "4")
    gold = str(tmp_path / "gold.txt")
    systems = sorted(glob.glob(str(tmp_path / "system*.txt")))
    want = cli_json("nbest", "--gold", gold, *systems, "--bootstrap", "50", "--seed", "2",
                    "--bleu-depths", "1,5", "--bleu-references", "1,all", "--ablation",
                    "0.25,0.5", "--f1-top", "10")
    got = tourney.nbest(gold, systems, bootstrap=50, seed=2, bleu_depths=[1, 5],
                        bleu_references=[1, "all"], ablation=[0.25, 0.5], f1_top=10,
                        threads=2)
    assert list(got["system"]) == [s["system"] for s in want["systems"]] == [
        "system000", "system001", "system002"]
    bleu = got.attrs["bleu"]
    ablated = got.attrs["ablated"]
    for i, s in enumerate(want["systems"]):
        for key in ("map", "weighted_f1", "preference_rho", "preference_r"):
            assert _opt(got[key][i], s[key]), (s["system"], key)
        for key in ("preference_prompts", "answered", "unknown_prompts", "dropped_duplicates"):
            assert got[key][i] == s[key]
        mine = bleu[bleu["system"] == s["system"]]["bleu"].tolist()
        assert all(close(a, b) for a, b in zip(mine, [v for row in s["bleu"] for v in row]))
        rows = ablated[ablated["system"] == s["system"]]
        assert all(close(a, b) for a, b in zip(rows["map"], s["ablated_map"]))
        assert all(close(a, b) for a, b in zip(rows["weighted_f1"], s["ablated_f1"]))
    rho = got.attrs["bleu_map_spearman"]["spearman_rho"].tolist()
    assert all(_opt(a, b) for a, b in zip(rho, [v for row in want["bleu_map_spearman"]
                                                for v in row]))
    ablation = got.attrs["ablation"]
    assert list(ablation["removed"]) == [p["removed"] for p in want["ablation"]]
    for i, p in enumerate(want["ablation"]):
        for key in ("gold_kept", "spearman_rho", "kendall_tau_b", "f1_pearson_rank"):
            assert _opt(ablation[key][i], p[key]), key
    board = got.attrs["leaderboard"]
    entries = want["leaderboard"]["entries"]
    assert list(board["system"]) == [e["system"] for e in entries]
    for key in ("score", "rank_lo", "rank_hi", "cluster"):
        assert all(close(float(a), float(e[key])) for a, e in zip(board[key], entries)), key
    assert got.attrs["nbest"]["prompts"] == want["prompts"] == 30


def test_map_by_hand(tmp_path):
    # One prompt, gold {a: 0.6, b: 0.4} (N = 2). System x lists a, c, b: AP = (1/2)(1/1 +
    # 2/3) = 5/6. System y lists c, b: AP = (1/2)(1/2) = 1/4.
    gold = tmp_path / "gold.txt"
    gold.write_text("p1|source\na|0.6\nb|0.4\n\n")
    (tmp_path / "x.txt").write_text("p1|source\na\nc\nb\n\n")
    (tmp_path / "y.txt").write_text("p1|source\nc\nb\n\n")
    got = tourney.nbest(gold, {"x": tmp_path / "x.txt", "y": tmp_path / "y.txt"},
                        bleu=False, bootstrap=10, ablation=[])
    assert close(got["map"][0], 5 / 6) and close(got["map"][1], 1 / 4)
    assert list(got.attrs["leaderboard"]["system"]) == ["x", "y"]
