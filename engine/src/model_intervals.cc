#include "tourney/model_intervals.h"

#include "tourney/clustering.h"

namespace tourney {

bool AddModelIntervals(const Judgments& judgments, const std::vector<SystemRating>& ratings,
                       v1::Leaderboard* board) {
  bool any = false;
  std::vector<ScoreInterval> intervals(ratings.size());
  for (size_t i = 0; i < ratings.size(); ++i) {
    intervals[i].lo = ratings[i].score_lo;
    intervals[i].hi = ratings[i].score_hi;
    any |= ratings[i].score_lo < ratings[i].score_hi;
  }
  if (!any) return false;
  const std::vector<int> upper = RankUpperBounds(intervals);
  for (v1::LeaderboardEntry& e : *board->mutable_entries()) {
    const auto id = judgments.systems().Find(e.system());
    if (!id.has_value()) continue;
    e.set_score_lo(intervals[*id].lo);
    e.set_score_hi(intervals[*id].hi);
    e.set_rank_upper_bound(upper[*id]);
  }
  return true;
}

}  // namespace tourney
