#include "tourney/core/judgments.h"

#include <gtest/gtest.h>

#include <vector>

namespace tourney {
namespace {

TEST(Judgments, ExpandsRankingIntoPairsInColumnOrder) {
  Judgments j;
  const SystemId a = j.systems().Intern("A"), b = j.systems().Intern("B"),
                 c = j.systems().Intern("C");
  // A rank 2, B rank 1, C rank 2: (A,B) second wins, (A,C) tie, (B,C) first wins.
  const std::vector<SystemId> sys = {a, b, c};
  const std::vector<uint8_t> ranks = {2, 1, 2};
  j.AddRanking(sys, ranks);
  const Comparisons& cmp = j.comparisons();
  ASSERT_EQ(cmp.size(), 3u);
  EXPECT_EQ(cmp.first[0], a);
  EXPECT_EQ(cmp.second[0], b);
  EXPECT_EQ(cmp.outcome[0], Outcome::kSecondWins);
  EXPECT_EQ(cmp.first[1], a);
  EXPECT_EQ(cmp.second[1], c);
  EXPECT_EQ(cmp.outcome[1], Outcome::kTie);
  EXPECT_EQ(cmp.first[2], b);
  EXPECT_EQ(cmp.second[2], c);
  EXPECT_EQ(cmp.outcome[2], Outcome::kFirstWins);
}

TEST(Judgments, FiveWayRankingGivesTenComparisons) {
  Judgments j;
  std::vector<SystemId> sys;
  for (const char* n : {"a", "b", "c", "d", "e"}) sys.push_back(j.systems().Intern(n));
  const std::vector<uint8_t> ranks = {1, 1, 1, 1, 1};
  j.AddRanking(sys, ranks);
  EXPECT_EQ(j.comparisons().size(), 10u);
  for (Outcome o : j.comparisons().outcome) EXPECT_EQ(o, Outcome::kTie);
  EXPECT_EQ(j.comparison_begin(1), 10u);
}

TEST(Judgments, GroupMembersAreNotComparedWithEachOther) {
  Judgments j;
  std::vector<SystemId> sys;
  for (const char* n : {"a", "b", "c"}) sys.push_back(j.systems().Intern(n));
  const std::vector<uint8_t> ranks = {1, 1, 2};
  const std::vector<uint8_t> groups = {0, 0, 1};  // a+b were one output
  j.AddRanking(sys, ranks, groups);
  ASSERT_EQ(j.comparisons().size(), 2u);  // (a,c), (b,c)
  EXPECT_EQ(j.comparisons().outcome[0], Outcome::kFirstWins);
  EXPECT_EQ(j.comparisons().outcome[1], Outcome::kFirstWins);
}

TEST(Judgments, ReserveKeepsContentsAndAvoidsReallocation) {
  Judgments j;
  const SystemId a = j.systems().Intern("A"), b = j.systems().Intern("B");
  const std::vector<SystemId> sys = {a, b};
  const std::vector<uint8_t> ranks = {1, 2};
  j.AddRanking(sys, ranks);
  // Room for 100 more two-system rankings: 200 entries, 100 comparisons.
  j.Reserve(100, 200, 100);
  ASSERT_EQ(j.num_rankings(), 1u);
  ASSERT_EQ(j.comparisons().size(), 1u);
  EXPECT_EQ(j.comparisons().outcome[0], Outcome::kFirstWins);
  const SystemId* before = j.comparisons().first.data();
  for (int i = 0; i < 100; ++i) j.AddRanking(sys, ranks);
  EXPECT_EQ(j.comparisons().first.data(), before);  // no reallocation
  EXPECT_EQ(j.num_rankings(), 101u);
  EXPECT_EQ(j.ranking(100).systems.size(), 2u);
}

TEST(Judgments, RankingViewRoundTrips) {
  Judgments j;
  const std::vector<SystemId> sys = {j.systems().Intern("x"), j.systems().Intern("y")};
  const std::vector<uint8_t> ranks = {2, 1};
  j.AddRanking(sys, ranks, {}, 17, j.InternJudge("judge7"));
  ASSERT_EQ(j.num_rankings(), 1u);
  const RankingView v = j.ranking(0);
  EXPECT_EQ(v.segment, 17);
  EXPECT_EQ(j.judges()[v.judge], "judge7");
  EXPECT_EQ(v.ranks[0], 2);
  EXPECT_EQ(v.systems[1], 1);
}

}  // namespace
}  // namespace tourney
