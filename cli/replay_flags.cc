#include "replay_flags.h"

#include <cmath>
#include <string>

namespace tourney::cli {

void AddReplayGoalFlags(Flags& flags) {
  flags.Add("goal", "G", "", "tolerance=T, settled or top-1 (required)");
  flags.Add("epsilon", "E", "", "settled and top-1: the difference that does not matter "
            "(default 1% of the score range)");
  flags.Add("board", "B", "betting",
            "the board's pair sequences: betting (valid at every size) or cv-cs (the "
            "campaigns' control-variate sequence: asymptotic, narrower)");
  flags.Add("score-min", "A", "", "declared lowest score (default: the lowest recorded)");
  flags.Add("score-max", "B", "", "declared highest score (default: the highest recorded)");
}

Status ReplayGoalFromFlags(const Flags& flags, ReplayGoal* goal, ReplayBoard* board,
                           double* score_min, double* score_max) {
  if (flags.Get("goal").empty()) {
    return InvalidArgument("option '--goal': required (tolerance=T, settled or top-1)");
  }
  auto parsed = ParseReplayGoal(flags.Get("goal"));
  if (!parsed.ok()) return InvalidArgument("option '--goal': " + parsed.status().message());
  *goal = *parsed;
  if (!flags.Get("epsilon").empty()) {
    auto eps = flags.GetDouble("epsilon");
    if (!eps.ok()) return eps.status();
    if (!(*eps >= 0) || !std::isfinite(*eps)) {
      return InvalidArgument("option '--epsilon': a number >= 0");
    }
    goal->epsilon = *eps;
  }
  auto b = ParseReplayBoard(flags.Get("board"));
  if (!b.ok()) return InvalidArgument("option '--board': " + b.status().message());
  *board = *b;
  for (const char* side : {"score-min", "score-max"}) {
    if (flags.Get(side).empty()) continue;
    auto v = flags.GetDouble(side);
    if (!v.ok()) return v.status();
    if (!std::isfinite(*v)) {
      return InvalidArgument(std::string("option '--") + side + "': a finite number");
    }
    *(std::string(side) == "score-min" ? score_min : score_max) = *v;
  }
  return Status::Ok();
}

}  // namespace tourney::cli
