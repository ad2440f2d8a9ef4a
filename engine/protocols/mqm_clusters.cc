// MQM clusters (see tourney/protocols/mqm_clusters.h).
#include "tourney/protocols/mqm_clusters.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tourney {

StatusOr<DaScores> MqmScoresAsDa(const MqmScores& scores) {
  DaScores out;
  out.systems = scores.systems;
  out.has_raw = false;
  const int n = static_cast<int>(scores.systems.size());
  out.system_begin.assign(static_cast<size_t>(n) + 1, 0);
  out.system_scores.assign(static_cast<size_t>(n), DaSystemScore{});
  for (const MqmSegmentScore& s : scores.segments) {  // sorted by system, then segment
    if (s.segment < INT32_MIN || s.segment > INT32_MAX) {
      return InvalidArgument("MQM clusters: segment number " + std::to_string(s.segment) +
                             " does not fit in 32 bits");
    }
    DaSegmentScore seg;
    seg.system = s.system;
    seg.segment = static_cast<int32_t>(s.segment);
    seg.z = seg.raw = -s.score;
    seg.judgments = s.raters;
    out.segments.push_back(seg);
    ++out.system_begin[static_cast<size_t>(s.system) + 1];
  }
  for (int s = 0; s < n; ++s) out.system_begin[s + 1] += out.system_begin[s];
  bool any = false;
  for (int s = 0; s < n; ++s) {
    DaSystemScore& score = out.system_scores[s];
    score.z = score.raw = -scores.system_scores[s].score;
    score.segments = scores.system_scores[s].segments;
    for (int64_t k = out.system_begin[s]; k < out.system_begin[s + 1]; ++k) {
      score.judgments += out.segments[k].judgments;
    }
    any = any || score.segments > 0;
  }
  if (!any) return InvalidArgument("MQM clusters: no system has a rated segment");
  return out;
}

Leaderboard MqmClusterLeaderboard(const MqmScores& scores, const WmtDaRanking& ranking) {
  Leaderboard board;
  board.model = "mqm";
  std::vector<std::string> component;
  for (size_t rank = 0; rank < ranking.order.size(); ++rank) {
    const int s = ranking.order[rank];
    LeaderboardEntry e;
    e.system = scores.systems[s];
    e.score = scores.system_scores[s].score;
    e.rank = e.rank_lo = e.rank_hi = static_cast<int>(rank) + 1;
    e.cluster = ranking.cluster[s];
    e.segments = scores.system_scores[s].segments;
    component.push_back(e.system);
    board.entries.push_back(std::move(e));
  }
  board.judgments = scores.error_rows;
  board.connected = true;
  board.components.push_back(std::move(component));
  return board;
}

}  // namespace tourney
