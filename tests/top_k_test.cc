#include "tourney/selection/top_k.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {
namespace {

// psi(1/2) of the confidence sequence: (log 2 - 1/2) / 4.
constexpr double kPsiHalf = 0.048286795515;

TEST(IdentifyTopK, RejectsBadArguments) {
  const AnytimeLeaderboard board = *AnytimeLeaderboard::Create(4, {});
  EXPECT_EQ(IdentifyTopK(board, 0, 0.0).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(IdentifyTopK(board, 4, 0.0).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(IdentifyTopK(board, 1, -0.1).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(IdentifyTopK(board, 1, 0.6).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(IdentifyTopK(board, 1, NAN).status().code(), StatusCode::kInvalidArgument);
}

TEST(IdentifyTopK, TwoSystemsOnlyWinsStopAtTheClosedForm) {
  // n = 2: one pair at alpha = delta = 0.05. A stream of wins has the variance process
  // V_t = sum_i (1 - (i - 1/2) / i)^2 = sum_i 1 / (4 i^2), and its radius r_t solves the
  // mixture equation (running_mean_sequence.h); an independent bisection gives
  //   t = 15: lo = 1 - r = 0.4690509964 (not yet above 1/2);
  //   t = 16: V = 0.3960866, lo = 0.5021489859 > 1/2.
  // With two systems B_0 = p_01 and B_1 = 1 - p_01, so the Borda test says the same.
  AnytimeLeaderboard board = *AnytimeLeaderboard::Create(2, {0.05, 0.0});
  for (int t = 1; t <= 15; ++t) board.Add(1, 0, Outcome::kFirstWins);
  EXPECT_NEAR(board.PreferenceLo(1, 0), 0.4690509964453651, 1e-9);
  TopKIdentification id = *IdentifyTopK(board, 1, 0.0);
  EXPECT_EQ(id.verdict, TopKVerdict::kOpen);
  EXPECT_EQ(id.top, std::vector<SystemId>{1});
  EXPECT_EQ(id.unresolved, 1);
  board.Add(1, 0, Outcome::kFirstWins);
  id = *IdentifyTopK(board, 1, 0.0);
  EXPECT_EQ(id.verdict, TopKVerdict::kIdentified);
  EXPECT_EQ(id.top, std::vector<SystemId>{1});
  EXPECT_EQ(id.unresolved, 0);
  EXPECT_EQ(id.within_epsilon, 0);
}

TEST(IdentifyTopK, OnlyTiesResolveWithinEpsilonAtTheClosedForm) {
  // Only ties: the interval is 1/2 +- s / t with s = 7.3996928 at alpha 0.05 (variance
  // process 0; an independent bisection on the mixture, running_mean_sequence_test.cc).
  // Within epsilon = 0.05 once s / t < 0.05, i.e. t > 147.99: t = 147 is open (s / t =
  // 0.050338), t = 148 resolved (0.049998). The Borda test (width 2 s / t < epsilon) would
  // need t > 295. Never identified exactly.
  AnytimeLeaderboard board = *AnytimeLeaderboard::Create(2, {0.05, 0.0});
  for (int t = 1; t <= 147; ++t) board.Add(0, 1, Outcome::kTie);
  EXPECT_EQ(IdentifyTopK(board, 1, 0.05)->verdict, TopKVerdict::kOpen);
  EXPECT_EQ(IdentifyTopK(board, 1, 0.0)->verdict, TopKVerdict::kOpen);
  board.Add(0, 1, Outcome::kTie);
  const TopKIdentification id = *IdentifyTopK(board, 1, 0.05);
  EXPECT_EQ(id.verdict, TopKVerdict::kWithinEpsilon);
  EXPECT_EQ(id.within_epsilon, 1);
  EXPECT_EQ(id.top, std::vector<SystemId>{0});  // equal scores: the lower id
  EXPECT_EQ(IdentifyTopK(board, 1, 0.0)->verdict, TopKVerdict::kOpen);
}

TEST(IdentifyTopK, TopIsTheSummarysOrder) {
  AnytimeLeaderboard board = *AnytimeLeaderboard::Create(7, {0.05, 0.0});
  Rng rng(11);
  for (int i = 0; i < 3000; ++i) {
    const SystemId a = static_cast<SystemId>(rng.UniformInt(7));
    const SystemId b = static_cast<SystemId>((a + 1 + rng.UniformInt(6)) % 7);
    // Lower ids win more often.
    const double u = rng.Uniform();
    const double p = 0.5 + 0.05 * (b - a);
    board.Add(a, b,
              u < p - 0.1   ? Outcome::kFirstWins
              : u < p + 0.1 ? Outcome::kTie
                            : Outcome::kSecondWins);
  }
  const AnytimeSummary summary = board.Summarize();
  for (int k = 1; k < 7; ++k) {
    const TopKIdentification id = *IdentifyTopK(board, k, 0.0);
    EXPECT_EQ(id.top, std::vector<SystemId>(summary.order.begin(), summary.order.begin() + k));
    // Identified exactly when the board's boundary after position k is separated: both
    // mean that every system above is certified better than every system below.
    EXPECT_EQ(id.verdict == TopKVerdict::kIdentified, summary.boundaries[k - 1].separated) << k;
  }
}

TEST(TopKBoard, IncrementalScoresMatchTheSummary) {
  TopKBoard board = *TopKBoard::Create(6, {0.05, 0.0});
  Rng rng(5);
  for (int i = 0; i < 5000; ++i) {
    const SystemId a = static_cast<SystemId>(rng.UniformInt(6));
    const SystemId b = static_cast<SystemId>((a + 1 + rng.UniformInt(5)) % 6);
    const double u = rng.Uniform();
    board.Add(a, b,
              u < 0.45   ? Outcome::kFirstWins
              : u < 0.65 ? Outcome::kTie
                         : Outcome::kSecondWins);
  }
  const AnytimeSummary s = board.board().Summarize();
  for (SystemId i = 0; i < 6; ++i) {
    EXPECT_NEAR(board.Score(i), s.score[i], 1e-12);
    EXPECT_NEAR(board.ScoreLo(i), s.lo[i], 1e-12);
    EXPECT_NEAR(board.ScoreHi(i), s.hi[i], 1e-12);
  }
  EXPECT_EQ(TopKBoard::Create(1, {}).status().code(), StatusCode::kInvalidArgument);
}

TEST(TopKSelector, ValidatesOptionsAndNeedsTheBoard) {
  EXPECT_FALSE(ValidateTopKSelectorOptions({0, 0.0, 0.0}).ok());
  EXPECT_FALSE(ValidateTopKSelectorOptions({1, 0.7, 0.0}).ok());
  EXPECT_FALSE(ValidateTopKSelectorOptions({1, 0.0, 1.5}).ok());
  EXPECT_TRUE(ValidateTopKSelectorOptions({2, 0.1, 0.2}).ok());
  const auto selector = MakeTopKSelector({1, 0.0, 0.0});
  EXPECT_EQ(selector->name(), "top-k");
  const std::vector<Rating> ratings(4);
  Rng rng(1);
  SystemId match[2];
  EXPECT_EQ(selector->Select({ratings}, rng, match).code(), StatusCode::kFailedPrecondition);
  const TopKBoard five = *TopKBoard::Create(5, {});
  SelectionState state{ratings};
  state.top_k = &five;
  EXPECT_EQ(selector->Select(state, rng, match).code(), StatusCode::kInvalidArgument);
  const auto too_big = MakeTopKSelector({4, 0.0, 0.0});
  const TopKBoard four = *TopKBoard::Create(4, {});
  state.top_k = &four;
  EXPECT_EQ(too_big->Select(state, rng, match).code(), StatusCode::kInvalidArgument);
}

TEST(TopKSelector, OneDominantSystemIsIdentifiedAfterTheHandCount) {
  // Four systems; system 0 wins every judgment, the others tie among themselves. Six
  // pairs at alpha = 0.05 / 6. A pair of only wins is certified once its lower bound
  // 1 - r_t > 1/2 (see the two-system test; an independent bisection on the mixture):
  //   t = 20: lo = 0.4948976 -> not yet;
  //   t = 21: lo = 0.5189102 -> certified.
  // System 0 is the top from the first judgment on (equal scores: lower id; then it has
  // the highest), the selector (no exploration) serves only its three cross pairs and
  // never a certified one, and Borda bounds cannot help (an outsider's upper bound is at
  // least 2/3, 0's lower bound at most 0.52). So the set is identified after exactly
  // 3 * 21 = 63 judgments, each of them a cross pair.
  TopKBoard board = *TopKBoard::Create(4, {0.05, 0.0});
  const auto selector = MakeTopKSelector({1, 0.0, 0.0});
  const std::vector<Rating> ratings(4);
  Rng rng(3);
  SystemId match[2];
  int judgments = 0;
  while (IdentifyTopK(board.board(), 1, 0.0)->verdict == TopKVerdict::kOpen) {
    ASSERT_LT(judgments, 1000);
    SelectionState state{ratings};
    state.top_k = &board;
    ASSERT_TRUE(selector->Select(state, rng, match).ok());
    ASSERT_TRUE(match[0] == 0 || match[1] == 0) << match[0] << " " << match[1];
    ASSERT_NE(match[0], match[1]);
    board.Add(match[0], match[1], match[0] == 0 ? Outcome::kFirstWins : Outcome::kSecondWins);
    ++judgments;
  }
  EXPECT_EQ(judgments, 63);
  EXPECT_EQ(IdentifyTopK(board.board(), 1, 0.0)->top, std::vector<SystemId>{0});
  for (SystemId l = 1; l < 4; ++l) EXPECT_EQ(board.board().PairCount(0, l), 21);
}

// The systems of the top k by the board's incremental scores (ties: lower id).
std::vector<SystemId> TopOf(const TopKBoard& board, int k) {
  std::vector<SystemId> ids(static_cast<size_t>(board.num_systems()));
  std::iota(ids.begin(), ids.end(), SystemId{0});
  std::stable_sort(ids.begin(), ids.end(),
                   [&](SystemId x, SystemId y) { return board.Score(x) > board.Score(y); });
  ids.resize(static_cast<size_t>(k));
  return ids;
}

TEST(TopKSelector, ServesOnlyOpenCrossPairsOrAThreateningOutsider) {
  // A noisy campaign of 8 systems, k = 3, no exploration. Every served pair is an
  // unresolved cross pair of the current top 3, or (the catch-up rule) an outsider l,
  // whose direct mean against some member u with an unresolved pair is below 1/2, against
  // another system. k-way matches of 4 hold the most threatening pair's systems.
  const int n = 8, k = 3;
  TopKBoard board = *TopKBoard::Create(n, {0.05, 0.0});
  const auto selector = MakeTopKSelector({k, 0.0, 0.0});
  const std::vector<Rating> ratings(n);
  Rng rng(9), answers(10);
  SystemId match[4];
  int catch_up = 0;
  for (int step = 0; step < 4000; ++step) {
    SelectionState state{ratings};
    state.top_k = &board;
    const std::vector<SystemId> top = TopOf(board, k);
    auto member = [&](SystemId x) { return std::find(top.begin(), top.end(), x) != top.end(); };
    auto open = [&](SystemId u, SystemId l) {
      return !(board.board().PreferenceLo(u, l) > 0.5 || board.ScoreLo(u) > board.ScoreHi(l));
    };
    const bool four = step % 10 == 9;
    ASSERT_TRUE(selector->Select(state, rng, std::span<SystemId>(match, four ? 4 : 2)).ok());
    const SystemId a = match[0], b = match[1];
    if (member(a) && !member(b)) {
      EXPECT_TRUE(open(a, b)) << step;
    } else {
      ASSERT_FALSE(four) << step;
      // Catch-up: a is an outsider that beats an open member directly.
      ++catch_up;
      EXPECT_FALSE(member(a)) << step;
      bool threat = false;
      for (SystemId u : top) {
        threat |= open(u, a) && board.board().PreferenceMean(u, a) < 0.5;
      }
      EXPECT_TRUE(threat) << step;
    }
    if (four) {
      std::vector<SystemId> m(match, match + 4);
      std::sort(m.begin(), m.end());
      EXPECT_EQ(std::unique(m.begin(), m.end()), m.end());
    }
    // Truth: lower ids are better (p = 0.5 + 0.04 (b - a)), 20% ties.
    const double p = 0.5 + 0.04 * (b - a), u = answers.Uniform();
    board.Add(a, b,
              u < p - 0.1   ? Outcome::kFirstWins
              : u < p + 0.1 ? Outcome::kTie
                            : Outcome::kSecondWins);
    if (IdentifyTopK(board.board(), k, 0.0)->verdict != TopKVerdict::kOpen) break;
  }
  EXPECT_GT(board.board().comparisons(), 100);
  // Informative: the catch-up rule fired at most now and then.
  EXPECT_LT(catch_up, board.board().comparisons() / 2);
}

}  // namespace
}  // namespace tourney
