// tourney.compare: two rankings of the same systems (`tourney compare`): correlations, the
// systems in one only, cluster agreement.
#include <pybind11/stl.h>

#include "bindings/dataset.h"
#include "bindings/module.h"
#include "tourney/core/leaderboard.h"
#include "tourney/statistics/ranking_comparison.h"

namespace tourney::python {

namespace {

// names[i] scored scores[i], in cluster clusters[i] when clusters is given (one per name).
SystemRanking ToRanking(const std::vector<std::string>& names, const std::vector<double>& scores,
                        const std::optional<std::vector<int>>& clusters, const char* which) {
  if (scores.size() != names.size() || (clusters && clusters->size() != names.size())) {
    throw StatusError(InvalidArgument(std::string(which) + ": systems, scores and clusters "
                                                           "have different lengths"));
  }
  SystemRanking ranking(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    ranking[i].name = names[i];
    ranking[i].score = scores[i];
    if (clusters) ranking[i].cluster = (*clusters)[i];
  }
  return ranking;
}

py::list Pairs(const std::vector<SystemPair>& pairs) {
  py::list out;
  for (const auto& [upper, lower] : pairs) {
    py::dict d;
    d["upper"] = upper;
    d["lower"] = lower;
    out.append(d);
  }
  return out;
}

py::object Optional(const std::optional<double>& v) {
  return v ? py::object(py::float_(*v)) : py::object(py::none());
}

py::dict Compare(const std::vector<std::string>& names_a, const std::vector<double>& scores_a,
                 const std::optional<std::vector<int>>& clusters_a,
                 const std::vector<std::string>& names_b, const std::vector<double>& scores_b,
                 const std::optional<std::vector<int>>& clusters_b, double rbo_p) {
  const RankingComparison c =
      ValueOrThrow(CompareRankings(ToRanking(names_a, scores_a, clusters_a, "a"),
                                   ToRanking(names_b, scores_b, clusters_b, "b"), rbo_p));
  py::dict out;
  out["systems_a"] = names_a.size();
  out["systems_b"] = names_b.size();
  out["common"] = c.common.size();
  out["kendall_tau_b"] = Optional(c.kendall_tau_b);
  out["spearman_rho"] = Optional(c.spearman_rho);
  out["pearson_r"] = Optional(c.pearson_r);
  out["pearson_rank"] = Optional(c.pearson_rank);
  out["rbo"] = Optional(c.rbo);
  out["rbo_p"] = c.rbo_p;
  if (c.clusters) {
    const ClusterAgreement& k = *c.clusters;
    py::dict d;
    d["pairs"] = k.pairs;
    d["separated_same"] = k.separated_same;
    d["separated_opposite"] = k.separated_opposite;
    d["separated_only_a"] = k.separated_only_a;
    d["separated_only_b"] = k.separated_only_b;
    d["separated_neither"] = k.separated_neither;
    d["identical"] = k.identical();
    d["flipped"] = Pairs(k.flipped);
    d["only_a"] = Pairs(k.only_a);
    d["only_b"] = Pairs(k.only_b);
    out["clusters"] = d;
  } else {
    out["clusters"] = py::none();
  }
  out["only_in_a"] = c.only_a;
  out["only_in_b"] = c.only_b;
  out["notes"] = c.notes;
  return out;
}

}  // namespace

void RegisterCompare(py::module_& m) {
  m.def("score_lower_is_better", [](const std::string& model) { return ScoreLowerIsBetter(model); },
        py::arg("model"), "True for the boards whose lower scores are better (MQM points).");
  m.def("compare", &Compare, py::arg("names_a"), py::arg("scores_a"), py::arg("clusters_a"),
        py::arg("names_b"), py::arg("scores_b"), py::arg("clusters_b"), py::arg("rbo_p") = 0.9);
}

}  // namespace tourney::python
