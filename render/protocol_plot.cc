#include "render/protocol_plot.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "render/heatmap_plot.h"

namespace tourney {
namespace protocol_plot_detail {

constexpr double kCap = 10.0;

double Evidence(double p) {
  if (!(p > 0.0)) return kCap;
  return std::min(kCap, std::max(0.0, -std::log10(p)));
}

const char* ScaleName(ProtocolScale scale) {
  switch (scale) {
    case ProtocolScale::kDaZ:
      return "DA (mean z)";
    case ProtocolScale::kEsa:
      return "ESA";
    case ProtocolScale::kMqm:
      return "MQM";
  }
  return "DA";
}

}  // namespace protocol_plot_detail

std::string ProtocolHeadToHeadSvg(const WmtDaReport& report, bool holm_board, bool titles) {
  using protocol_plot_detail::Evidence;
  const std::vector<int>& order = report.official->order;
  const size_t n = order.size();
  std::vector<std::string> names;
  for (int s : order) names.push_back(report.scores->systems[static_cast<size_t>(s)]);
  std::vector<double> values(n * n, 0.0);
  std::vector<int> position(report.scores->systems.size(), -1);
  for (size_t i = 0; i < n; ++i) position[static_cast<size_t>(order[i])] = static_cast<int>(i);
  if (!holm_board) {
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (i != j) values[i * n + j] = Evidence(report.official->p(order[i], order[j]));
      }
    }
  } else {
    for (const PairedSeparation& pair : report.holm->pairs) {
      const int u = position[static_cast<size_t>(pair.upper)];
      const int l = position[static_cast<size_t>(pair.lower)];
      if (u < 0 || l < 0) continue;
      // The Holm-adjusted p is two-sided: its evidence goes to the better of the two.
      const bool upper_better = pair.mean_difference > 0;
      const size_t better = static_cast<size_t>(upper_better ? u : l);
      const size_t worse = static_cast<size_t>(upper_better ? l : u);
      if (pair.mean_difference != 0) values[better * n + worse] = Evidence(pair.p_holm);
    }
  }
  const std::vector<int>& cluster = holm_board ? report.holm->cluster : report.official->cluster;
  std::string clusters;
  int current = 0;
  for (int s : order) {
    const int c = cluster[static_cast<size_t>(s)];
    if (c != current) {
      if (current != 0) clusters += "] > ";
      clusters += "[";
      current = c;
    } else {
      clusters += ", ";
    }
    clusters += report.scores->systems[static_cast<size_t>(s)];
  }
  if (current != 0) clusters += "]";
  HeatmapOptions options;
  if (titles) {
    options.title = std::string(protocol_plot_detail::ScaleName(report.scale)) +
                    (holm_board ? ": paired Holm head-to-head" : ": official head-to-head");
    options.subtitle = "clusters " + clusters;
  }
  options.value_label = holm_board
                            ? "-log10 Holm-adjusted paired p, row better (>= 1.3: p < 0.05)"
                            : "-log10 one-sided rank-sum p, row better (>= 1.3: p < 0.05)";
  options.value_decimals = 1;
  return HeatmapSvg(names, values, options);
}

}  // namespace tourney
