#include "tourney/models/expected_wins.h"

namespace tourney {

std::vector<double> ExpectedWinsScores(const PairCounts& counts, ExpectedWinsVariant variant) {
  const int n = counts.num_systems();
  std::vector<double> scores(static_cast<size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    if (variant == ExpectedWinsVariant::kExcludeTies) {
      if (n < 2) break;
      double sum = 0.0;
      for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        const int64_t decisive = counts.wins(i, j) + counts.wins(j, i);
        if (decisive > 0) sum += static_cast<double>(counts.wins(i, j)) / decisive;
      }
      scores[i] = sum / (n - 1);
    } else {
      const int64_t w = counts.wins(i), l = counts.losses(i), t = counts.ties(i);
      const int64_t all = w + l + t;
      scores[i] = all > 0 ? static_cast<double>(w + t) / all : 0.0;
    }
  }
  return scores;
}

namespace {

class ExpectedWinsModel final : public RatingModel {
 public:
  explicit ExpectedWinsModel(ExpectedWinsVariant variant) : variant_(variant) {}

  std::string name() const override {
    return variant_ == ExpectedWinsVariant::kExcludeTies ? "expected-wins" : "expected-wins-ties";
  }

  StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t /*seed*/) const override {
    if (input.comparisons == nullptr) return InvalidArgument("no comparisons given");
    const PairCounts counts = PairCounts::FromComparisons(input.num_systems, *input.comparisons);
    const std::vector<double> scores = ExpectedWinsScores(counts, variant_);
    RatingResult result;
    result.ratings.resize(scores.size());
    for (size_t i = 0; i < scores.size(); ++i) result.ratings[i].score = scores[i];
    return result;
  }

 private:
  const ExpectedWinsVariant variant_;
};

}  // namespace

std::unique_ptr<RatingModel> MakeExpectedWinsModel(ExpectedWinsVariant variant) {
  return std::make_unique<ExpectedWinsModel>(variant);
}

}  // namespace tourney
