"""tourney.plot_*: the SVG equals the command line's --plot file for the same input, options
and title; path= writes it."""

import glob

import pytest

import tourney
from conftest import shared_path, tourney_cli


def _cli_svg(tmp_path, *args, flag="--plot"):
    out = tmp_path / "cli.svg"
    tourney_cli(*args, flag, out)
    return out.read_text(encoding="utf-8")


def test_rank_box_plot_equals_cli(tmp_path):
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    for whiskers in ("confidence", "full"):
        want = _cli_svg(tmp_path, "cluster", train, "--bootstrap", "100", "--seed", "3",
                        "--whiskers", whiskers)
        got = tourney.plot_ranks(train, bootstrap=100, seed=3, whiskers=whiskers,
                                 path=tmp_path / "py.svg")
        assert got == want
        assert (tmp_path / "py.svg").read_text(encoding="utf-8") == want
    assert got.startswith("<?xml") or got.startswith("<svg")


def test_stability_plots_equal_cli(tmp_path):
    train = shared_path("data", "wmt13-fr-en", "train.csv")
    args = ["stability", train, "--fractions", "0.5,1", "--repeats", "3", "--bootstrap", "50"]
    study = tourney.stability(train, fractions=[0.5, 1.0], repeats=3, bootstrap=50)
    for flag, kind, what in (("--plot", "correlation", "Agreement with the full campaign"),
                             ("--plot-clusters", "clusters", "Clusters under subsampling")):
        want = _cli_svg(tmp_path, *args, flag=flag)
        assert tourney.plot_stability(study, kind=kind,
                                      title=f"{what}: expected-wins, {train}") == want


def test_sampling_plots_equal_cli(tmp_path):
    mqm = shared_path("data", "wmt20-mqm", "en-de.tsv.gz")
    exclude = "Human-A.0,Online-A.1574,Online-B.1590,OPPO.1535,eTranslation.737"
    want = _cli_svg(tmp_path, "sampling-study", mqm, "--exclude-system", exclude, "--draws",
                    "3", "--sizes", "10,20", "--methods", "docs-prop,cv-knn,docs-prop+cv-knn")
    study = tourney.sampling_study(mqm, exclude_system=exclude, draws=3, sizes=[10, 20],
                                   methods="docs-prop,cv-knn,docs-prop+cv-knn")
    assert tourney.plot_sampling_study(study, title=f"Sampling study of {mqm}") == want
    frame = tourney.sample(mqm, n=200, seed=3, exclude_system=["Human-A.0"])
    table = tmp_path / "annotated.tsv"
    frame.loc[frame["sampled"] == 1, "mqm"] = frame.loc[frame["sampled"] == 1, "chrF"] * 5
    table.write_text(frame.attrs["sample"]["note"] + "\n" +
                     frame.to_csv(sep="\t", index=False, na_rep=""))
    want = _cli_svg(tmp_path, "estimate", table, "--lower-is-better")
    estimates = tourney.estimate(frame, lower_is_better=True)
    assert tourney.plot_estimates(estimates, title=f"Estimated scores of {table}") == want


def test_nbest_plot_equals_cli(tmp_path):
    tourney_cli("nbest", "--generate", tmp_path, "--systems", "3", "--prompts", "20",
                "--depth", "10", "--gold-per-prompt", "6")
    gold = str(tmp_path / "gold.txt")
    systems = sorted(glob.glob(str(tmp_path / "system*.txt")))
    want = _cli_svg(tmp_path, "nbest", "--gold", gold, *systems, "--bootstrap", "20",
                    "--no-bleu")
    evaluation = tourney.nbest(gold, systems, bootstrap=20, bleu=False)
    assert tourney.plot_nbest(evaluation) == want


def test_plot_errors():
    with pytest.raises(tourney.InputError, match="whiskers"):
        tourney.plot_ranks(shared_path("data", "wmt13-fr-en", "train.csv"), whiskers="box")
