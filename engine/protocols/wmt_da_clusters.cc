// The official WMT DA ranking (see tourney/protocols/wmt_da_clusters.h).
#include "tourney/protocols/wmt_da_clusters.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tourney {

std::vector<int> ClustersFromBeats(const std::vector<int>& order,
                                   const std::vector<unsigned char>& beats, int n) {
  const int k = static_cast<int>(order.size());
  std::vector<int> cluster(order.size(), 1);
  int current = 1;
  for (int boundary = 1; boundary < k; ++boundary) {
    bool separates = true;
    for (int a = 0; a < boundary && separates; ++a) {
      for (int b = boundary; b < k; ++b) {
        if (!beats[static_cast<size_t>(order[a]) * n + order[b]]) {
          separates = false;
          break;
        }
      }
    }
    if (separates) ++current;
    cluster[boundary] = current;
  }
  return cluster;
}

StatusOr<WmtDaRanking> RankWmtDa(const DaScores& scores, const WmtDaClusterOptions& options) {
  if (!(options.alpha > 0.0 && options.alpha < 1.0)) {
    return InvalidArgument("WMT DA clusters: alpha must be strictly between 0 and 1");
  }
  const int n = scores.num_systems();
  WmtDaRanking out;
  for (int s = 0; s < n; ++s) {
    if (scores.system_scores[s].segments > 0) out.order.push_back(s);
  }
  if (out.order.empty()) return InvalidArgument("WMT DA clusters: no scored system");
  std::sort(out.order.begin(), out.order.end(), [&](int a, int b) {
    const double za = scores.system_scores[a].z, zb = scores.system_scores[b].z;
    return za != zb ? za > zb : scores.systems[a] < scores.systems[b];
  });
  const size_t nn = static_cast<size_t>(n) * static_cast<size_t>(n);
  out.p_value.assign(nn, 1.0);
  out.beats.assign(nn, 0);
  out.wins.assign(static_cast<size_t>(n), 0);
  out.cluster.assign(static_cast<size_t>(n), 0);
  std::vector<std::vector<double>> z(static_cast<size_t>(n));
  for (int s : out.order) z[s] = scores.SegmentZ(s);
  RankSumOptions test = options.test;
  test.alternative = RankSumAlternative::kGreater;
  for (int a : out.order) {
    for (int b : out.order) {
      if (a == b) continue;
      auto result = RankSumTest(z[a], z[b], test);
      if (!result.ok()) {
        return InvalidArgument("WMT DA clusters: " + scores.systems[a] + " against " +
                               scores.systems[b] + ": " + result.status().message());
      }
      const size_t at = static_cast<size_t>(a) * n + b;
      out.p_value[at] = result->p_value;
      if (result->p_value < options.alpha &&
          scores.system_scores[a].z > scores.system_scores[b].z) {
        out.beats[at] = 1;
        ++out.wins[a];
      }
    }
  }
  const std::vector<int> by_position = ClustersFromBeats(out.order, out.beats, n);
  for (size_t i = 0; i < out.order.size(); ++i) out.cluster[out.order[i]] = by_position[i];
  out.num_clusters = by_position.back();
  return out;
}

}  // namespace tourney
