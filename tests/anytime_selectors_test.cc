// The selectors over the anytime-valid leaderboard (active_selectors.h: "active-ranking"
// and "boundary"): who they serve, checked against shares derived by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tourney/selection/active_selectors.h"
#include "tourney/sequential/anytime_leaderboard.h"

namespace tourney {
namespace {

std::unique_ptr<MatchSelector> Make(const std::string& name) {
  auto s = MakeActiveSelector(name, ActiveSelectorOptions());
  EXPECT_TRUE(s.ok()) << s.status().message();
  return std::move(*s);
}

// 5 binomial sds of a share p over `draws` draws.
double Tolerance(double p, int draws) { return 5.0 * std::sqrt(p * (1.0 - p) / draws) + 1e-9; }

using Shares = std::map<std::pair<int, int>, double>;

// Shares of unordered pairs, and of anchors (match[0]), over `draws` selections.
void Draw(const MatchSelector& s, const SelectionState& st, uint64_t seed, int draws, Shares* pairs,
          std::map<int, double>* anchors) {
  Rng rng(seed);
  SystemId m[2];
  for (int i = 0; i < draws; ++i) {
    ASSERT_TRUE(s.Select(st, rng, m).ok());
    (*pairs)[{std::min(m[0], m[1]), std::max(m[0], m[1])}] += 1.0 / draws;
    (*anchors)[m[0]] += 1.0 / draws;
  }
}

void Judge(AnytimeLeaderboard* board, SystemId a, SystemId b, Outcome o, int times) {
  for (int i = 0; i < times; ++i) board->Add(a, b, o);
}

// Four systems: 0 beats everyone 200 times out of 200, so (its stream of ones has a
// half-width of about 2 log(2 / alpha) / t ~ 0.07 at t = 200, alpha = 0.05 / 6) it is
// certified above all; 1, 2 and 3 only tie each other (20 ties per pair), so with
// epsilon 0 nothing separates or resolves them.
AnytimeLeaderboard DominantBoard() {
  AnytimeLeaderboard board = *AnytimeLeaderboard::Create(4, {0.05, 0.0});
  for (SystemId j = 1; j < 4; ++j) Judge(&board, 0, j, Outcome::kFirstWins, 200);
  for (SystemId a = 1; a < 4; ++a) {
    for (SystemId b = a + 1; b < 4; ++b) Judge(&board, a, b, Outcome::kTie, 20);
  }
  return board;
}

TEST(AnytimeSelectors, NamesAndFactory) {
  EXPECT_EQ(Make("active-ranking")->name(), "active-ranking");
  EXPECT_EQ(Make("boundary")->name(), "boundary");
  EXPECT_EQ((*MakeMatchSelector("active-ranking"))->name(), "active-ranking");
  const auto names = MatchSelectorNames();
  EXPECT_NE(std::find(names.begin(), names.end(), "active-ranking"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "boundary"), names.end());
  ActiveSelectorOptions bad;
  bad.explore = 0.0;
  EXPECT_FALSE(MakeActiveSelector("active-ranking", bad).ok());
}

// Without a leaderboard every system is active: anchor uniform (1/4), opponent uniform
// among the other 3, so each of the 6 pairs has probability 2 * (1/4) * (1/3) = 1/6.
TEST(AnytimeSelectors, ActiveRankingWithoutABoardIsUniform) {
  const std::vector<Rating> ratings(4);
  Shares pairs;
  std::map<int, double> anchors;
  const int draws = 24000;
  Draw(*Make("active-ranking"), {ratings}, 3, draws, &pairs, &anchors);
  ASSERT_EQ(pairs.size(), 6u);
  for (const auto& [pair, share] : pairs) EXPECT_NEAR(share, 1.0 / 6, Tolerance(1.0 / 6, draws));
  for (const auto& [id, share] : anchors) EXPECT_NEAR(share, 0.25, Tolerance(0.25, draws));
}

// With 0 certified on top, only 1, 2 and 3 are active: anchors uniform over them (1/3),
// never 0. Pair (0, j) arises only when j is the anchor and draws 0: (1/3)(1/3) = 1/9;
// pair (i, j) of two active systems either way round: 2 (1/3)(1/3) = 2/9.
TEST(AnytimeSelectors, ActiveRankingServesOnlyActiveAnchors) {
  const AnytimeLeaderboard board = DominantBoard();
  const AnytimeSummary summary = board.Summarize();
  ASSERT_EQ(summary.order[0], 0);
  ASSERT_TRUE(summary.boundaries[0].separated);
  ASSERT_FALSE(summary.boundaries[1].separated);
  ASSERT_FALSE(summary.boundaries[2].separated);
  const std::vector<Rating> ratings(4);
  SelectionState st{ratings};
  st.anytime = &board;
  st.anytime_summary = &summary;
  Shares pairs;
  std::map<int, double> anchors;
  const int draws = 27000;
  Draw(*Make("active-ranking"), st, 5, draws, &pairs, &anchors);
  EXPECT_EQ(anchors.count(0), 0u);
  for (SystemId j = 1; j < 4; ++j) {
    EXPECT_NEAR(anchors[j], 1.0 / 3, Tolerance(1.0 / 3, draws)) << j;
    EXPECT_NEAR(pairs[std::make_pair(0, j)], 1.0 / 9, Tolerance(1.0 / 9, draws)) << j;
  }
  for (const auto& pair : {std::pair{1, 2}, {1, 3}, {2, 3}}) {
    EXPECT_NEAR(pairs[pair], 2.0 / 9, Tolerance(2.0 / 9, draws));
  }
  // Three-way matches: an active anchor and two distinct others.
  Rng rng(9);
  for (int i = 0; i < 500; ++i) {
    std::vector<SystemId> m(3);
    ASSERT_TRUE(Make("active-ranking")->Select(st, rng, m).ok());
    EXPECT_NE(m[0], 0);
    EXPECT_EQ(std::set<SystemId>(m.begin(), m.end()).size(), 3u);
  }
}

// A live campaign in which system 0 always wins and the others toss coins: once the board
// certifies 0 on top, active ranking never anchors 0 again, though 0 keeps appearing as
// an opponent.
TEST(AnytimeSelectors, ActiveRankingStopsAnchoringACertifiedSystem) {
  AnytimeLeaderboard board = *AnytimeLeaderboard::Create(4, {0.05, 0.0});
  const std::vector<Rating> ratings(4);
  auto ar = Make("active-ranking");
  Rng rng(17), answers(18);
  int64_t certified_at = -1;
  int anchored_before = 0, anchored_after = 0, opponent_after = 0;
  for (int step = 0; step < 6000; ++step) {
    const AnytimeSummary summary = board.Summarize();
    const bool certified = summary.order[0] == 0 && summary.boundaries[0].separated;
    if (certified && certified_at < 0) certified_at = step;
    SelectionState st{ratings};
    st.anytime = &board;
    st.anytime_summary = &summary;
    SystemId m[2];
    ASSERT_TRUE(ar->Select(st, rng, m).ok());
    if (certified_at >= 0) {
      anchored_after += m[0] == 0;
      opponent_after += m[1] == 0;
    } else {
      anchored_before += m[0] == 0;
    }
    Outcome o;
    if (m[0] == 0 || m[1] == 0) {
      o = m[0] == 0 ? Outcome::kFirstWins : Outcome::kSecondWins;
    } else {
      o = answers.Uniform() < 0.5 ? Outcome::kFirstWins : Outcome::kSecondWins;
    }
    board.Add(m[0], m[1], o);
  }
  ASSERT_GT(certified_at, 0);
  EXPECT_GT(anchored_before, 0);
  EXPECT_EQ(anchored_after, 0);
  EXPECT_GT(opponent_after, 0);
}

// Boundary: 0 beats 1, 2 and 3 200 times each (certified on top); 1 beats 3 60 times of 60
// (lo(p_13) near 1 - 2 log(2 / alpha) / 60 ~ 0.75 > 1/2); 1-2 and 2-3 only tie, 20 times
// each (intervals symmetric around 1/2, so lo < 1/2). Order 0, 1, 2, 3 (Borda 1, 0.67,
// 0.5, 0.33 roughly). Boundary 0 is separated; boundary 1 (0, 1 | 2, 3) has least certified
// pair (1, 2), the only one whose margin is negative besides (2, 3), which is not across
// it; boundary 2 (1, 2 | 3) has (2, 3). So (1, 2) and (2, 3) are served half the time each,
// and nothing else.
TEST(AnytimeSelectors, BoundaryServesTheLeastCertifiedPairOfAnOpenBoundary) {
  AnytimeLeaderboard board = *AnytimeLeaderboard::Create(4, {0.05, 0.0});
  for (SystemId j = 1; j < 4; ++j) Judge(&board, 0, j, Outcome::kFirstWins, 200);
  Judge(&board, 1, 3, Outcome::kFirstWins, 60);
  Judge(&board, 1, 2, Outcome::kTie, 20);
  Judge(&board, 2, 3, Outcome::kTie, 20);
  const AnytimeSummary summary = board.Summarize();
  ASSERT_EQ(summary.order, (std::vector<SystemId>{0, 1, 2, 3}));
  ASSERT_TRUE(summary.boundaries[0].separated);
  ASSERT_FALSE(summary.boundaries[1].separated);
  ASSERT_FALSE(summary.boundaries[2].separated);
  ASSERT_GT(board.PreferenceLo(1, 3), 0.5);
  const std::vector<Rating> ratings(4);
  SelectionState st{ratings};
  st.anytime = &board;
  st.anytime_summary = &summary;
  Shares pairs;
  std::map<int, double> anchors;
  const int draws = 10000;
  Draw(*Make("boundary"), st, 7, draws, &pairs, &anchors);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_NEAR(pairs[std::make_pair(1, 2)], 0.5, Tolerance(0.5, draws));
  EXPECT_NEAR(pairs[std::make_pair(2, 3)], 0.5, Tolerance(0.5, draws));
}

// A settled board (every boundary separated) leaves nothing open: both serve uniform
// matches, so every pair keeps appearing.
TEST(AnytimeSelectors, SettledBoardFallsBackToUniform) {
  AnytimeLeaderboard board = *AnytimeLeaderboard::Create(3, {0.05, 0.0});
  Judge(&board, 0, 1, Outcome::kFirstWins, 200);
  Judge(&board, 0, 2, Outcome::kFirstWins, 200);
  Judge(&board, 1, 2, Outcome::kFirstWins, 200);
  const AnytimeSummary summary = board.Summarize();
  ASSERT_TRUE(summary.settled);
  const std::vector<Rating> ratings(3);
  SelectionState st{ratings};
  st.anytime = &board;
  st.anytime_summary = &summary;
  for (const char* name : {"active-ranking", "boundary"}) {
    Shares pairs;
    std::map<int, double> anchors;
    const int draws = 9000;
    Draw(*Make(name), st, 2, draws, &pairs, &anchors);
    ASSERT_EQ(pairs.size(), 3u) << name;
    for (const auto& [pair, share] : pairs) {
      EXPECT_NEAR(share, 1.0 / 3, Tolerance(1.0 / 3, draws)) << name;
    }
  }
}

TEST(AnytimeSelectors, RejectsAMismatchedBoard) {
  const AnytimeLeaderboard board = DominantBoard();
  const AnytimeSummary summary = board.Summarize();
  const std::vector<Rating> ratings(5);
  SelectionState st{ratings};
  st.anytime = &board;
  st.anytime_summary = &summary;
  Rng rng(1);
  SystemId m[2];
  EXPECT_EQ(Make("active-ranking")->Select(st, rng, m).code(), StatusCode::kInvalidArgument);
  const std::vector<Rating> four(4);
  SelectionState half{four};
  half.anytime = &board;  // without its summary
  EXPECT_EQ(Make("boundary")->Select(half, rng, m).code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace tourney
