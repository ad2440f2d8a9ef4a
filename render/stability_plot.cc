// The stability plots (see stability_plot.h).
#include "render/stability_plot.h"

#include <string>
#include <vector>

#include "render/line_plot.h"

namespace tourney {
namespace {

std::string StabilityUnitWord(const StabilityResult& r) {
  return r.unit == SubsampleUnit::kSegments ? "segments" : "rankings";
}

LineSeries StabilityStatSeries(const StabilityResult& r, const std::string& name,
                  const StabilityStat StabilityPoint::*stat) {
  LineSeries s;
  s.name = name;
  for (const StabilityPoint& p : r.points) {
    const StabilityStat& v = p.*stat;
    if (v.defined == 0) continue;
    s.x.push_back(p.fraction);
    s.y.push_back(v.mean);
    s.y_lo.push_back(v.mean - v.sd);
    s.y_hi.push_back(v.mean + v.sd);
  }
  return s;
}

}  // namespace

std::string StabilityCorrelationSvg(const StabilityResult& result, const std::string& title) {
  std::vector<LineSeries> series = {StabilityStatSeries(result, "Kendall tau-b", &StabilityPoint::kendall_tau_b),
                                    StabilityStatSeries(result, "Spearman rho", &StabilityPoint::spearman_rho),
                                    StabilityStatSeries(result, "Pearson Rank", &StabilityPoint::pearson_rank)};
  LineSeries flipped{"separations flipped", {}, {}, {}, {}};
  LineSeries lost{"separations lost", {}, {}, {}, {}};
  LineSeries reproduced{"repeats reproducing the clusters", {}, {}, {}, {}};
  for (const StabilityPoint& p : result.points) {
    flipped.x.push_back(p.fraction);
    flipped.y.push_back(p.flipped_share.mean);
    lost.x.push_back(p.fraction);
    lost.y.push_back(p.lost_share.mean);
    reproduced.x.push_back(p.fraction);
    reproduced.y.push_back(p.reproduced_share);
  }
  series.push_back(flipped);
  series.push_back(lost);
  series.push_back(reproduced);
  LinePlotOptions options;
  options.title = title;
  options.x_label = "fraction of the campaign's " + StabilityUnitWord(result);
  options.y_label = "correlation with the full ranking / share";
  return LinePlotSvg(series, options);
}

std::string StabilityClustersSvg(const StabilityResult& result, const std::string& title) {
  LineSeries reference{"all data", {}, {}, {}, {}};
  for (const StabilityPoint& p : result.points) {
    reference.x.push_back(p.fraction);
    reference.y.push_back(result.reference_clusters);
  }
  LinePlotOptions options;
  options.title = title;
  options.x_label = "fraction of the campaign's " + StabilityUnitWord(result);
  options.y_label = "clusters";
  options.integer_y = true;
  options.dodge = false;
  return LinePlotSvg(
      {StabilityStatSeries(result, "subsamples (mean \u00b1 sd)", &StabilityPoint::clusters), reference},
      options);
}

}  // namespace tourney
