#include "tourney/statistics/model_intervals.h"

#include <string_view>
#include <unordered_map>

#include "tourney/statistics/clustering.h"

namespace tourney {

bool AddModelIntervals(const std::vector<std::string>& names,
                       const std::vector<SystemRating>& ratings, Leaderboard* board) {
  bool any = false;
  std::vector<ScoreInterval> intervals(ratings.size());
  for (size_t i = 0; i < ratings.size(); ++i) {
    intervals[i].lo = ratings[i].score_lo;
    intervals[i].hi = ratings[i].score_hi;
    any |= ratings[i].score_lo < ratings[i].score_hi;
  }
  if (!any) return false;
  const std::vector<int> upper = RankUpperBounds(intervals);
  std::unordered_map<std::string_view, size_t> id;
  for (size_t i = 0; i < names.size(); ++i) id.emplace(names[i], i);
  for (LeaderboardEntry& e : board->entries) {
    const auto it = id.find(e.system);
    if (it == id.end()) continue;
    e.score_lo = intervals[it->second].lo;
    e.score_hi = intervals[it->second].hi;
    e.rank_upper_bound = upper[it->second];
  }
  return true;
}

}  // namespace tourney
