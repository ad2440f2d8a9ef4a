// TrueSkill as a RatingModel (`tourney rank --model trueskill`).
//
// DESCRIPTION
//   Two ways to feed the judgments to TrueSkill (trueskill.h):
//   - Selection::kNone: every judgment once, in file order. kPairwise rates each k-way
//     ranking as its k(k-1)/2 two-player games in column order; kFreeForAll rates it as one
//     k-way game (paper §4.2). beta defaults to 0.25.
//   - Selection::kTrueSkill / kUniform: the paper's experimental protocol
//     (selection_protocol.h) with the §2.4 selector or the uniform baseline; `budget`
//     selections (default: the number of pairwise comparisons). beta defaults to
//     sigma0 * budget / 40, the setting of the paper's code that cancels TrueSkill's recency
//     effect (§2.3). The model is then self-sampling: the bootstrap reruns it with
//     per-replicate seeds.
//   Ratings: score = mu, sigma = the TrueSkill sd. Sequential modes are deterministic; the
//   protocol is deterministic for a seed. O(C) sequential, O(budget * n) with selection.
// Thread safety: Rate() is const and safe to call concurrently.
#ifndef TOURNEY_SELECTION_TRUESKILL_MODEL_H_
#define TOURNEY_SELECTION_TRUESKILL_MODEL_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/models/trueskill.h"

namespace tourney {

struct TrueSkillModelOptions {
  enum class Selection { kNone, kTrueSkill, kUniform };
  enum class Mode { kPairwise, kFreeForAll };

  double mu = 0.0;     // initial mean (paper §3.4)
  double sigma = 0.5;  // initial sd (paper §3.4)
  // Performance sd. Unset: 0.25 with kNone, sigma * budget / 40 with a selector.
  std::optional<double> beta;
  double tau = 0.0;                    // dynamics sd
  double draw_probability = 0.25;      // derives the draw margin when draw_margin is unset
  std::optional<double> draw_margin;   // eps, used as given when set
  Selection selection = Selection::kTrueSkill;
  // With kTrueSkill: a MatchSelector by name (match_selector.h) instead of the §2.4 rule;
  // empty = "trueskill". Active selectors read the selection posterior
  // (selection_protocol.h).
  std::string selector;
  Mode mode = Mode::kPairwise;         // kFreeForAll only with kNone
  int64_t budget = 0;                  // selections with a selector; 0: one per comparison
};

// The TrueSkill parameters a run uses for `budget` selections (0 resolves to
// `num_comparisons`): fills the default beta.
TrueSkillOptions ResolveTrueSkillOptions(const TrueSkillModelOptions& options,
                                         size_t num_comparisons);

// InvalidArgument when the options cannot work (free-for-all with a selector, negative
// budget, a parameter out of range for TrueSkill::Create).
StatusOr<std::unique_ptr<RatingModel>> MakeTrueSkillModel(const TrueSkillModelOptions& options);

}  // namespace tourney

#endif  // TOURNEY_SELECTION_TRUESKILL_MODEL_H_
