// Score intervals that a model computes itself (Bradley-Terry's sandwich intervals), put on
// a leaderboard with Chatbot Arena's rank rule.
//
// The bootstrap fills the same fields from replicate quantiles (bootstrap.h); this is the
// analytic counterpart for `tourney rank`.
// Thread safety: reentrant.
#ifndef TOURNEY_STATISTICS_MODEL_INTERVALS_H_
#define TOURNEY_STATISTICS_MODEL_INTERVALS_H_

#include <string>
#include <vector>

#include "tourney/core/leaderboard.h"
#include "tourney/core/rating_model.h"

namespace tourney {

// When some rating has score_lo < score_hi, sets every entry's score_lo/score_hi from the
// ratings and rank_upper_bound to 1 + the number of systems whose score_lo lies strictly
// above this system's score_hi (RankUpperBounds, clustering.h), and returns true. Otherwise
// leaves the board alone and returns false.
// REQUIRES: ratings[i] rates the system called names[i]; entries name systems of `names`.
bool AddModelIntervals(const std::vector<std::string>& names,
                       const std::vector<SystemRating>& ratings, Leaderboard* board);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_MODEL_INTERVALS_H_
