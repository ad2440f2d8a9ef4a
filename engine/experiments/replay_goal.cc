// The goal and board names of campaign replays (campaign_replay.h).
#include <cmath>
#include <cstdlib>
#include <string>

#include "tourney/experiments/campaign_replay.h"

namespace tourney {

StatusOr<ReplayBoard> ParseReplayBoard(const std::string& text) {
  if (text == "betting") return ReplayBoard::kBetting;
  if (text == "cv-cs") return ReplayBoard::kCvCs;
  return InvalidArgument("board: '" + text + "' is not betting or cv-cs");
}

StatusOr<ReplayGoal> ParseReplayGoal(const std::string& text) {
  ReplayGoal g;
  if (text == "settled") {
    g.kind = ReplayGoalKind::kSettled;
    return g;
  }
  if (text == "top-1") {
    g.kind = ReplayGoalKind::kTopOne;
    return g;
  }
  const std::string prefix = "tolerance=";
  if (text.rfind(prefix, 0) == 0) {
    const std::string value = text.substr(prefix.size());
    char* end = nullptr;
    const double t = std::strtod(value.c_str(), &end);
    if (!value.empty() && end == value.c_str() + value.size() && std::isfinite(t) && t > 0) {
      g.kind = ReplayGoalKind::kTolerance;
      g.tolerance = t;
      return g;
    }
  }
  return InvalidArgument("goal: '" + text + "' is not tolerance=T (T > 0), settled or top-1");
}

}  // namespace tourney
