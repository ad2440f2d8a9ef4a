#include "tourney/selection/trueskill_model.h"

#include <string>
#include <vector>

#include "tourney/selection/match_selector.h"
#include "tourney/selection/selection_protocol.h"

namespace tourney {
namespace {

using Selection = TrueSkillModelOptions::Selection;
using Mode = TrueSkillModelOptions::Mode;

class TrueSkillModel final : public RatingModel {
 public:
  TrueSkillModel(const TrueSkillModelOptions& options, std::unique_ptr<MatchSelector> selector)
      : options_(options), selector_(std::move(selector)) {}

  std::string name() const override { return "trueskill"; }

  bool self_sampling() const override { return options_.selection != Selection::kNone; }

  StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t seed) const override {
    if (input.comparisons == nullptr) return InvalidArgument("no comparisons given");
    if (input.num_systems < 0) return InvalidArgument("negative number of systems");
    const Comparisons& comparisons = *input.comparisons;
    auto env = TrueSkill::Create(ResolveTrueSkillOptions(options_, comparisons.size()));
    if (!env.ok()) return env.status();
    const size_t n = static_cast<size_t>(input.num_systems);

    RatingResult result;
    std::vector<Rating> ratings(n, env->InitialRating());
    if (options_.selection != Selection::kNone) {
      auto selected = RunSelectionProtocol(*env, *selector_, input.num_systems, comparisons,
                                           {.budget = options_.budget}, seed);
      if (!selected.ok()) return selected.status();
      ratings = std::move(*selected);
      const PairSet pairs = PairSet::FromComparisons(input.num_systems, comparisons);
      const size_t all_pairs = n * (n - 1) / 2;
      if (pairs.pairs().size() < all_pairs) {
        result.warnings.push_back(std::to_string(all_pairs - pairs.pairs().size()) + " of " +
                                  std::to_string(all_pairs) +
                                  " system pairs have no comparisons; the selector never "
                                  "served them");
      }
    } else if (options_.mode == Mode::kPairwise) {
      for (size_t i = 0; i < comparisons.size(); ++i) {
        const size_t a = static_cast<size_t>(comparisons.first[i]);
        const size_t b = static_cast<size_t>(comparisons.second[i]);
        if (a >= n || b >= n || a == b) {
          return InvalidArgument("comparison " + std::to_string(i) + " has invalid system ids");
        }
        env->Rate(comparisons.outcome[i], &ratings[a], &ratings[b]);
      }
    } else {
      if (input.judgments == nullptr) {
        return InvalidArgument(
            "free-for-all TrueSkill needs the k-way rankings, not only "
            "pairwise comparisons");
      }
      const Judgments& judgments = *input.judgments;
      std::vector<Rating> players;
      std::vector<int> ranks;
      for (size_t r = 0; r < judgments.num_rankings(); ++r) {
        const RankingView view = judgments.ranking(r);
        players.clear();
        ranks.clear();
        for (size_t i = 0; i < view.systems.size(); ++i) {
          const size_t id = static_cast<size_t>(view.systems[i]);
          if (id >= n)
            return InvalidArgument("ranking " + std::to_string(r) + " names an unknown system");
          players.push_back(ratings[id]);
          ranks.push_back(view.ranks[i]);
        }
        if (Status s = env->RateFreeForAll(players, ranks); !s.ok()) return s;
        for (size_t i = 0; i < view.systems.size(); ++i) {
          ratings[static_cast<size_t>(view.systems[i])] = players[i];
        }
      }
    }

    result.ratings.resize(n);
    for (size_t i = 0; i < n; ++i) {
      result.ratings[i].score = ratings[i].mu;
      result.ratings[i].mu = ratings[i].mu;
      result.ratings[i].sigma = ratings[i].sigma;
    }
    return result;
  }

 private:
  const TrueSkillModelOptions options_;
  const std::unique_ptr<MatchSelector> selector_;  // null with Selection::kNone
};

}  // namespace

TrueSkillOptions ResolveTrueSkillOptions(const TrueSkillModelOptions& options,
                                         size_t num_comparisons) {
  TrueSkillOptions o;
  o.mu = options.mu;
  o.sigma = options.sigma;
  o.tau = options.tau;
  o.draw_probability = options.draw_probability;
  o.draw_margin = options.draw_margin;
  if (options.beta.has_value()) {
    o.beta = *options.beta;
  } else if (options.selection == Selection::kNone) {
    o.beta = 0.25;
  } else {
    const double budget = options.budget > 0 ? static_cast<double>(options.budget)
                                             : static_cast<double>(num_comparisons);
    o.beta = options.sigma * budget / 40.0;
  }
  return o;
}

StatusOr<std::unique_ptr<RatingModel>> MakeTrueSkillModel(const TrueSkillModelOptions& options) {
  if (options.budget < 0) return InvalidArgument("the TrueSkill selection budget must be >= 0");
  if (options.mode == Mode::kFreeForAll && options.selection != Selection::kNone) {
    return InvalidArgument(
        "free-for-all TrueSkill rates the rankings in file order; it needs "
        "selection 'none'");
  }
  // Validate every parameter now; a default beta only depends on the data size.
  TrueSkillOptions check = ResolveTrueSkillOptions(options, 40);
  if (!options.beta.has_value()) check.beta = 1.0;
  if (auto env = TrueSkill::Create(check); !env.ok()) return env.status();

  std::unique_ptr<MatchSelector> selector;
  if (options.selection == Selection::kTrueSkill) {
    auto made = MakeMatchSelector(options.selector.empty() ? "trueskill" : options.selector);
    if (!made.ok()) return made.status();
    selector = std::move(*made);
  }
  if (options.selection == Selection::kUniform) selector = MakeUniformSelector();
  return std::unique_ptr<RatingModel>(
      std::make_unique<TrueSkillModel>(options, std::move(selector)));
}

}  // namespace tourney
