// The board of a campaign with K looks planned in advance over a budget of N judgments:
// which look the judgments so far have reached, the judgments that look reads, and the
// nominal confidence of its rank ranges (group_sequential.h), so that the clusters of all
// K looks together keep the stated confidence.
//
// DESCRIPTION
//   Look k (1-based) comes at J_k = ceil(k N / K) judgments (rankings, battles). With J
//   judgments in hand, the reached look is the largest k with J_k <= J; its board reads the
//   first J_k judgments in commit (input) order, at confidence 1 - the look's nominal alpha
//   under O'Brien-Fleming-type spending of 1 - confidence. Between looks the board is
//   provisional: the J - J_k later judgments are not in it until the next look. Beyond the
//   budget, the last look's board stays.
// Thread safety: reentrant.
#ifndef TOURNEY_SEQUENTIAL_PLANNED_LOOK_H_
#define TOURNEY_SEQUENTIAL_PLANNED_LOOK_H_

#include <cstdint>
#include <string>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

// A campaign's plan: `looks` equally spaced looks over `budget` judgments.
struct LookPlan {
  int looks = 4;       // 1..100
  int64_t budget = 0;  // >= looks
};

// InvalidArgument unless 1 <= looks <= 100 and budget >= looks.
Status ValidateLookPlan(const LookPlan& plan);

struct ReachedLook {
  int look = 0;             // 1-based; 0: look 1 not reached yet
  LookPlan plan;
  int64_t at = 0;           // J_k of the reached look (0 when none)
  int64_t next_at = 0;      // J_{k+1}; 0 after the last look
  int64_t have = 0;         // judgments in hand
  double confidence = 0.0;  // the reached look's nominal confidence (0 when none)
  // What a board of this look says about itself: "planned look 2 of 4 (budget 10,000
  // judgments): the board of the first 5,000, rank ranges at this look's 98.7976% (...)"
  // and, between looks, that it is provisional; before look 1, that no look is reached.
  std::string note;
  bool provisional() const { return have > at; }
};

// The look `have` judgments have reached under `plan`, family-wise `confidence` in (0, 1).
// InvalidArgument for a bad plan or confidence.
StatusOr<ReachedLook> ReachPlannedLook(int64_t have, const LookPlan& plan, double confidence);

// The first `count` rankings of `judgments`, with its dropped and skipped counters.
// REQUIRES: count <= judgments.num_rankings().
Judgments FirstRankings(const Judgments& judgments, int64_t count);

}  // namespace tourney

#endif  // TOURNEY_SEQUENTIAL_PLANNED_LOOK_H_
