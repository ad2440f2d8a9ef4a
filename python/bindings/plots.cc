// tourney.plot_*: the command line's plots as SVG text, drawn by render/ (tourney_plots) from
// the results the other functions return: the columns of their DataFrames are converted
// back into the engine's result types, so the SVG equals the command line's `--plot` file.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/module.h"
#include "render/nbest_plot.h"
#include "render/sampling_plot.h"
#include "render/stability_plot.h"

namespace tourney::python {

namespace {

// `tourney estimate --plot`: the estimates with their intervals, best first.
std::string PlotEstimates(const std::vector<std::string>& names,
                          const std::vector<double>& estimates, const std::vector<double>& lo,
                          const std::vector<double>& hi, const std::string& title) {
  if (estimates.size() != names.size() || lo.size() != names.size() ||
      hi.size() != names.size()) {
    throw StatusError(InvalidArgument("plot_estimates: columns of different lengths"));
  }
  SystemEstimates e;
  for (size_t i = 0; i < names.size(); ++i) {
    SystemEstimate s;
    s.name = names[i];
    s.estimate.value = estimates[i];
    s.lo = lo[i];
    s.hi = hi[i];
    e.systems.push_back(std::move(s));
  }
  py::gil_scoped_release release;
  return SystemEstimatesSvg(e, title);
}

// `tourney sampling-study --plot`: absolute error against size per method (Figure 4).
std::string PlotSamplingStudy(const std::vector<std::string>& names,
                              const std::vector<double>& sizes,
                              const std::vector<std::vector<double>>& abs_error,
                              const std::vector<std::vector<double>>& sdev,
                              const std::vector<std::string>& methods, const std::string& title,
                              bool titles) {
  SamplingStudyResult study;
  study.sizes_pct = sizes;
  for (size_t k = 0; k < names.size(); ++k) {
    if (abs_error.at(k).size() != sizes.size() || sdev.at(k).size() != sizes.size()) {
      throw StatusError(InvalidArgument("plot_sampling_study: one value per size"));
    }
    MethodResult m;
    m.name = names[k];
    m.abs_error = abs_error[k];
    m.sdev = sdev[k];
    study.methods.push_back(std::move(m));
  }
  py::gil_scoped_release release;
  return SamplingStudySvg(study, methods, title, titles);
}

// `tourney stability --plot` (kind "correlation") and `--plot-clusters` ("clusters"), from
// the columns of tourney.stability's DataFrame.
std::string PlotStability(const py::dict& points, const std::string& unit,
                          int reference_clusters, const std::string& kind,
                          const std::string& title) {
  const auto column = [&points](const char* name) {
    return points[name].cast<std::vector<double>>();
  };
  const std::vector<double> fraction = column("fraction");
  StabilityResult result;
  result.unit = ValueOrThrow(ParseSubsampleUnit(unit));
  result.reference_clusters = reference_clusters;
  result.points.resize(fraction.size());
  const std::pair<const char*, StabilityStat StabilityPoint::*> stats[] = {
      {"kendall_tau_b", &StabilityPoint::kendall_tau_b},
      {"spearman_rho", &StabilityPoint::spearman_rho},
      {"pearson_rank", &StabilityPoint::pearson_rank},
      {"clusters", &StabilityPoint::clusters},
      {"flipped_share", &StabilityPoint::flipped_share},
      {"lost_share", &StabilityPoint::lost_share}};
  for (const auto& [name, member] : stats) {
    const std::string n = name;
    const std::vector<double> mean = column((n + "_mean").c_str());
    const std::vector<double> sd = column((n + "_sd").c_str());
    const std::vector<double> defined = column((n + "_defined").c_str());
    for (size_t i = 0; i < fraction.size(); ++i) {
      StabilityStat& s = result.points[i].*member;
      s.mean = mean.at(i);
      s.sd = sd.at(i);
      s.defined = static_cast<int>(defined.at(i));
    }
  }
  const std::vector<double> reproduced = column("reproduced_share");
  for (size_t i = 0; i < fraction.size(); ++i) {
    result.points[i].fraction = fraction[i];
    result.points[i].reproduced_share = reproduced.at(i);
  }
  if (kind != "correlation" && kind != "clusters") {
    throw StatusError(InvalidArgument("kind: correlation or clusters, not '" + kind + "'"));
  }
  py::gil_scoped_release release;
  return kind == "clusters" ? StabilityClustersSvg(result, title)
                            : StabilityCorrelationSvg(result, title);
}

// `tourney nbest --plot`: the ablated MAP rankings' correlations against the gold kept.
std::string PlotNbest(const std::vector<double>& gold_kept,
                      const std::vector<std::optional<double>>& rho,
                      const std::vector<std::optional<double>>& tau,
                      const std::vector<std::optional<double>>& pearson_rank,
                      const std::string& title) {
  NbestEvaluation e;
  for (size_t l = 0; l < gold_kept.size(); ++l) {
    NbestAblationPoint p;
    p.gold_kept = gold_kept[l];
    p.spearman_rho = rho.at(l);
    p.kendall_tau_b = tau.at(l);
    p.pearson_rank = pearson_rank.at(l);
    e.ablation.push_back(p);
  }
  py::gil_scoped_release release;
  return NbestAblationSvg(e, title);
}

}  // namespace

void RegisterPlots(py::module_& m) {
  m.def("plot_estimates", &PlotEstimates, py::arg("names"), py::arg("estimates"), py::arg("lo"),
        py::arg("hi"), py::arg("title"));
  m.def("plot_sampling_study", &PlotSamplingStudy, py::arg("names"), py::arg("sizes"),
        py::arg("abs_error"), py::arg("sdev"), py::arg("methods"), py::arg("title"),
        py::arg("titles"));
  m.def("plot_stability", &PlotStability, py::arg("points"), py::arg("unit"),
        py::arg("reference_clusters"), py::arg("kind"), py::arg("title"));
  m.def("plot_nbest", &PlotNbest, py::arg("gold_kept"), py::arg("spearman_rho"),
        py::arg("kendall_tau_b"), py::arg("pearson_rank"), py::arg("title"));
}

}  // namespace tourney::python
