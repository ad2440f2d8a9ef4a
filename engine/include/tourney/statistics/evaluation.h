// Held-out evaluation of rating models over training sizes: the paper's Table 2 experiment
// (Sakaguchi, Post & Van Durme 2014, §3-4).
//
// DESCRIPTION
//   For each model, training size and repeat: draw a training set of `size` comparisons from
//   the training pool uniformly without replacement (models that select their own data —
//   TrueSkill's protocol — instead get the whole pool and a budget of `size` selections, drawn
//   with replacement, §3.1), rate, tune the decision radius on the dev set (separately for
//   accuracy and perplexity, grid of §3.4), and score the test set. Reports mean and sd over
//   repeats. Each (model, size, repeat) task has its own seed DeriveSeed(seed, task index),
//   and tasks run on `threads` threads with results stored by index: output does not depend
//   on the thread count.
// Thread safety: RunEvaluation is reentrant; EvalModel::make must be thread-safe.
#ifndef TOURNEY_STATISTICS_EVALUATION_H_
#define TOURNEY_STATISTICS_EVALUATION_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/statistics/prediction.h"

namespace tourney {

// How a model's ratings turn into outcome probabilities.
enum class PredictionKind {
  kWinnerOnly,         // Expected Wins: score decides, no ties
  kSharedVariance,     // Hopkins-May: mu with a shared variance (sigma_a^2) per system
  kPerSystemVariance,  // TrueSkill: mu with each system's sigma^2
};

struct EvalModel {
  std::string name;
  // Builds the model for a training size (TrueSkill uses it as its selection budget).
  std::function<StatusOr<std::unique_ptr<RatingModel>>(size_t train_size)> make;
  PredictionKind kind = PredictionKind::kWinnerOnly;
  double shared_variance = 0.25;  // for kSharedVariance
};

// The Predictor for a model's ratings.
Predictor MakePredictor(const RatingResult& result, PredictionKind kind, double shared_variance);

struct EvalOptions {
  std::vector<size_t> sizes = {400, 800, 1600, 3200, 6400};
  int repeats = 10;
  uint64_t seed = 1;
  int threads = 0;  // 0: all cores
  std::vector<double> radius_grid = DefaultRadiusGrid();
};

struct EvalRow {
  std::string model;
  size_t train_size = 0;
  double accuracy = 0.0, accuracy_sd = 0.0;
  double perplexity = 0.0, perplexity_sd = 0.0;  // 0 for winner-only models
  double radius = 0.0;             // accuracy-tuned radius chosen most often over repeats
  double radius_perplexity = 0.0;  // perplexity-tuned radius chosen most often
};

struct EvalReport {
  std::vector<EvalRow> rows;  // model-major, then size
  double upper_bound = 0.0;   // most-frequent-outcome accuracy on test
};

// REQUIRES: every comparison's ids < num_systems; train non-empty; dev and test non-empty.
// InvalidArgument when a size exceeds the training pool for a model that subsamples.
StatusOr<EvalReport> RunEvaluation(int num_systems, const Comparisons& train,
                                   const Comparisons& dev, const Comparisons& test,
                                   const std::vector<EvalModel>& models,
                                   const EvalOptions& options);

// Splits `pool` into a held-out part of `held_out` comparisons drawn at random (seeded) and
// the rest, for runs without a dev set.
void SplitComparisons(const Comparisons& pool, size_t held_out, uint64_t seed, Comparisons* rest,
                      Comparisons* part);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_EVALUATION_H_
