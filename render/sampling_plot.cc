// The sampling plots (see sampling_plot.h).
#include "render/sampling_plot.h"

#include <algorithm>

#include "render/line_plot.h"

namespace tourney {

std::string SamplingStudySvg(const SamplingStudyResult& study,
                             const std::vector<std::string>& methods, const std::string& title,
                             bool titles) {
  std::vector<LineSeries> series;
  for (const MethodResult& m : study.methods) {
    if (!methods.empty() && std::find(methods.begin(), methods.end(), m.name) == methods.end()) {
      continue;
    }
    LineSeries s;
    s.name = m.name;
    s.x = study.sizes_pct;
    s.y = m.abs_error;
    for (size_t z = 0; z < m.abs_error.size(); ++z) {
      s.y_lo.push_back(std::max(0.0, m.abs_error[z] - m.sdev[z]));
      s.y_hi.push_back(m.abs_error[z] + m.sdev[z]);
    }
    series.push_back(std::move(s));
  }
  LinePlotOptions o;
  o.title = titles ? title : "";
  o.x_label = "sample size (% of the test set)";
  o.y_label = "absolute error (mean, bars: ± sd over draws)";
  return LinePlotSvg(series, o);
}

std::string SystemEstimatesSvg(const SystemEstimates& e, const std::string& title) {
  std::vector<LineSeries> series(1);
  series[0].name = "estimate";
  for (size_t i = 0; i < e.systems.size(); ++i) {
    series[0].x.push_back(static_cast<double>(i + 1));
    series[0].y.push_back(e.systems[i].estimate.value);
    series[0].y_lo.push_back(e.systems[i].lo);
    series[0].y_hi.push_back(e.systems[i].hi);
  }
  LinePlotOptions o;
  o.title = title;
  o.x_label = "system, best first";
  o.y_label = "estimated test-set score with interval";
  o.connect = false;  // systems, not a sequence
  for (const SystemEstimate& s : e.systems) o.x_tick_labels.push_back(s.name);
  return LinePlotSvg(series, o);
}

}  // namespace tourney
