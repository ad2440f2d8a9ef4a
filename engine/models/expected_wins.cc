#include "tourney/models/expected_wins.h"

namespace tourney {

std::vector<double> ExpectedWinsScores(const PairCounts& counts, ExpectedWinsVariant variant) {
  const int n = counts.num_systems();
  std::vector<double> scores(static_cast<size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    if (variant == ExpectedWinsVariant::kIncludeTies) {
      const int64_t w = counts.wins(i), l = counts.losses(i), t = counts.ties(i);
      const int64_t all = w + l + t;
      scores[i] = all > 0 ? static_cast<double>(w + t) / all : 0.0;
      continue;
    }
    if (n < 2) break;
    double sum = 0.0;
    int met = 0;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const int64_t decisive = counts.wins(i, j) + counts.wins(j, i);
      if (decisive == 0) continue;
      sum += static_cast<double>(counts.wins(i, j)) / static_cast<double>(decisive);
      ++met;
    }
    if (variant == ExpectedWinsVariant::kWmt13) {
      scores[i] = sum / (n - 1);
    } else {
      scores[i] = met > 0 ? sum / met : 0.5;
    }
  }
  return scores;
}

std::vector<int> ExpectedWinsOpponents(const PairCounts& counts, ExpectedWinsVariant variant) {
  const int n = counts.num_systems();
  std::vector<int> met(static_cast<size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const int64_t decisive = counts.wins(i, j) + counts.wins(j, i);
      const int64_t all = variant == ExpectedWinsVariant::kIncludeTies ? counts.total(i, j)
                                                                       : decisive;
      if (all > 0) ++met[i];
    }
  }
  return met;
}

const char* ExpectedWinsModelName(ExpectedWinsVariant variant) {
  switch (variant) {
    case ExpectedWinsVariant::kExcludeTies:
      return "expected-wins";
    case ExpectedWinsVariant::kWmt13:
      return "expected-wins-wmt13";
    case ExpectedWinsVariant::kIncludeTies:
      return "expected-wins-ties";
  }
  return "expected-wins";
}

namespace {

class ExpectedWinsModel final : public RatingModel {
 public:
  explicit ExpectedWinsModel(ExpectedWinsVariant variant) : variant_(variant) {}

  std::string name() const override { return ExpectedWinsModelName(variant_); }

  StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t /*seed*/) const override {
    if (input.comparisons == nullptr) return InvalidArgument("no comparisons given");
    const PairCounts counts = PairCounts::FromComparisons(input.num_systems, *input.comparisons);
    const std::vector<double> scores = ExpectedWinsScores(counts, variant_);
    RatingResult result;
    result.ratings.resize(scores.size());
    // A bootstrap replicate needs the scores only.
    const std::vector<int> met = input.bootstrap_replicate
                                     ? std::vector<int>()
                                     : ExpectedWinsOpponents(counts, variant_);
    for (size_t i = 0; i < scores.size(); ++i) {
      result.ratings[i].score = scores[i];
      if (!met.empty()) result.ratings[i].opponents = met[i];
    }
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
