// RatingModel: the interface every rating model implements (Expected Wins, TrueSkill,
// Hopkins-May), so that `rank`, the bootstrap and the evaluation treat them alike.
//
// A model turns comparisons into one SystemRating per system. Models that need the k-way
// rankings (TrueSkill free-for-all) read them from RatingInput::judgments when present.
// Thread safety: Rate() is const and must be safe to call concurrently (the bootstrap runs
// replicates in parallel).
#ifndef TOURNEY_CORE_RATING_MODEL_H_
#define TOURNEY_CORE_RATING_MODEL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

struct SystemRating {
  double score = 0.0;  // headline number, higher is better
  double mu = 0.0;     // mean quality (Gaussian models)
  double sigma = 0.0;  // sd of the quality (Gaussian models)
  double r_hat = 0.0;  // split-R-hat across chains, 0 when not computed
  // Interval of `score` from the model itself (Bradley-Terry's sandwich interval);
  // score_lo == score_hi == 0 when the model gives none.
  double score_lo = 0.0;
  double score_hi = 0.0;
  // Expected Wins: the opponents the score averages over (models/expected_wins.h); -1 for
  // the other models.
  int opponents = -1;
};

struct RatingInput {
  int num_systems = 0;
  const Comparisons* comparisons = nullptr;  // REQUIRED
  const Judgments* judgments = nullptr;      // optional: the rankings behind `comparisons`
  // Optional system names by id, for messages (the bootstrap passes them with resamples).
  const std::vector<std::string>* system_names = nullptr;
  // True when rating a bootstrap replicate: a model may skip what only the full-data fit
  // needs (Hopkins-May's adaptive convergence and its warnings).
  bool bootstrap_replicate = false;
};

struct RatingResult {
  std::vector<SystemRating> ratings;  // indexed by system id
  // e.g. "sampler did not converge". A warning about some systems ends in
  // " for: A (detail), B (detail)"; the bootstrap merges such warnings of its replicates by
  // what comes before " for: " and counts each system.
  std::vector<std::string> warnings;
};

class RatingModel {
 public:
  virtual ~RatingModel() = default;

  // The model's name as the CLI spells it ("expected-wins", "trueskill", ...).
  virtual std::string name() const = 0;

  // Rates the systems. Deterministic for a given `seed`. Returns InvalidArgument for
  // input the model cannot rate.
  virtual StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t seed) const = 0;

  // True for models that draw their own training data from the comparisons (TrueSkill's
  // match-selection protocol). The bootstrap then reruns them with per-replicate seeds on
  // the full data instead of resampling comparisons (paper §6).
  virtual bool self_sampling() const { return false; }
};

// Every number of `result` (score, mu, sigma, r_hat, score interval) finite and one rating
// per system: Ok, else Internal naming the model, the field and the system (by
// `system_names` when given, else by id). A non-finite rating is a failure of the model on
// accepted input, never something to print.
Status CheckRatingResult(const RatingModel& model, const RatingResult& result, int num_systems,
                         const std::vector<std::string>* system_names = nullptr);

// model.Rate(input, seed) followed by CheckRatingResult: what every caller that shows or
// uses the ratings calls, so that no command prints a NaN leaderboard.
StatusOr<RatingResult> RateChecked(const RatingModel& model, const RatingInput& input,
                                   uint64_t seed);

}  // namespace tourney

#endif  // TOURNEY_CORE_RATING_MODEL_H_
