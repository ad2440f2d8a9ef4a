// CampaignState: configuration checks, match proposals (systems and segment passes),
// ranking validation, counts and the live leaderboard.
#include "tourney/campaigns/campaign.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "proto/leaderboard_proto.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/random.h"
#include "tourney/selection/trueskill_model.h"

namespace tourney {
namespace {

CampaignConfig Config(int systems, int segments, int k) {
  CampaignConfig c;
  c.name = "test";
  for (int i = 0; i < systems; ++i) c.systems.push_back("sys" + std::to_string(i));
  for (int i = 0; i < segments; ++i) c.segments.push_back({1000 + i, "d"});
  c.k = k;
  c.selector = "uniform";
  c.seed = 3;
  return c;
}

TEST(CampaignConfig, RejectsOutOfRangeFields) {
  EXPECT_TRUE(ValidateCampaignConfig(Config(4, 3, 2)).ok());
  EXPECT_FALSE(ValidateCampaignConfig(Config(1, 3, 2)).ok());
  EXPECT_FALSE(ValidateCampaignConfig(Config(4, 0, 2)).ok());
  EXPECT_FALSE(ValidateCampaignConfig(Config(4, 3, 1)).ok());
  EXPECT_FALSE(ValidateCampaignConfig(Config(6, 3, 6)).ok());
  EXPECT_FALSE(ValidateCampaignConfig(Config(3, 3, 4)).ok());
  CampaignConfig c = Config(4, 3, 2);
  c.systems[2] = "sys1";
  EXPECT_EQ(ValidateCampaignConfig(c).message(), "system 'sys1' is listed twice");
  c = Config(4, 3, 2);
  c.segments[1].id = 1000;
  EXPECT_FALSE(ValidateCampaignConfig(c).ok());
  c = Config(4, 3, 2);
  c.segments[0].id = -5;
  EXPECT_FALSE(ValidateCampaignConfig(c).ok());
  c = Config(4, 3, 2);
  c.selector = "random";
  EXPECT_FALSE(ValidateCampaignConfig(c).ok());
  c = Config(4, 3, 2);
  c.name = "tab\there";
  EXPECT_FALSE(ValidateCampaignConfig(c).ok());
  c = Config(4, 3, 2);
  c.rating.draw_probability = 1.0;
  EXPECT_FALSE(ValidateCampaignConfig(c).ok());
  c = Config(4, 3, 2);
  c.rating.sigma = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(ValidateCampaignConfig(c).ok());
  c = Config(4, 3, 2);
  c.rating.draw_margin = -0.1;
  EXPECT_FALSE(ValidateCampaignConfig(c).ok());
}

TEST(CampaignState, ProposalsHaveKDistinctSystemsAndAreReproducible) {
  auto a = CampaignState::Create(Config(9, 20, 5));
  auto b = CampaignState::Create(Config(9, 20, 5));
  ASSERT_TRUE(a.ok() && b.ok());
  for (uint64_t seq = 1; seq <= 50; ++seq) {
    // b serves other annotators in between: x's matches do not change.
    (*b)->ProposeMatch(std::string("y") + std::to_string(seq));
    auto ma = (*a)->ProposeMatch("x");
    auto mb = (*b)->ProposeMatch("x");
    ASSERT_TRUE(ma.ok() && mb.ok());
    EXPECT_EQ(ma->systems, mb->systems);
    EXPECT_EQ(ma->segment_index, mb->segment_index);
    ASSERT_EQ(ma->systems.size(), 5u);
    EXPECT_EQ(std::set<SystemId>(ma->systems.begin(), ma->systems.end()).size(), 5u);
    for (SystemId id : ma->systems) EXPECT_TRUE(id >= 0 && id < 9);
  }
}

TEST(CampaignState, UniformSelectorServesEveryPairAlike) {
  auto state = CampaignState::Create(Config(4, 1000, 2));
  ASSERT_TRUE(state.ok());
  std::map<std::pair<int, int>, int> pairs;
  const int kDraws = 6000;
  for (int i = 0; i < kDraws; ++i) {
    auto m = (*state)->ProposeMatch(std::string("u") + std::to_string(i % 5));
    ASSERT_TRUE(m.ok());
    const int a = std::min(m->systems[0], m->systems[1]);
    const int b = std::max(m->systems[0], m->systems[1]);
    ++pairs[{a, b}];
  }
  ASSERT_EQ(pairs.size(), 6u);
  // Each of the 6 pairs: mean 1000, sd sqrt(6000 * 1/6 * 5/6) = 28.9; allow 5 sd.
  for (const auto& [pair, count] : pairs) EXPECT_NEAR(count, 1000, 145);
}

TEST(CampaignState, SegmentsComeInPassesPerAnnotator) {
  auto state = CampaignState::Create(Config(3, 7, 2));
  ASSERT_TRUE(state.ok());
  for (const std::string annotator : {"p", "q"}) {
    for (int pass = 0; pass < 3; ++pass) {
      std::set<int32_t> seen;
      for (int i = 0; i < 7; ++i) {
        auto m = (*state)->ProposeMatch(annotator);
        ASSERT_TRUE(m.ok());
        EXPECT_TRUE(seen.insert(m->segment_index).second);
      }
      EXPECT_EQ(seen.size(), 7u);
      EXPECT_EQ((*state)->SegmentsShown(annotator), 7);
    }
  }
}

TEST(CampaignState, MarkedSegmentsAreNotProposedAgainInThePass) {
  auto state = CampaignState::Create(Config(3, 100, 2));
  ASSERT_TRUE(state.ok());
  for (int32_t s = 0; s < 99; ++s) {
    if (s != 42) (*state)->MarkSegmentShown("r", s);
  }
  (*state)->MarkSegmentShown("r", 99);
  EXPECT_EQ((*state)->SegmentsShown("r"), 99);
  auto m = (*state)->ProposeMatch("r");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->segment_index, 42);  // the only one left in the pass
  // Marking a shown segment starts a new pass.
  (*state)->MarkSegmentShown("r", 0);
  EXPECT_EQ((*state)->SegmentsShown("r"), 1);
}

TEST(CampaignState, ValidatesRankings) {
  auto state = CampaignState::Create(Config(5, 3, 3));
  ASSERT_TRUE(state.ok());
  const CampaignState& s = **state;
  auto ranking = [](std::vector<SystemId> sys, std::vector<uint8_t> ranks,
                    std::vector<uint8_t> groups = {}) {
    CampaignRanking r;
    r.systems = std::move(sys);
    r.ranks = std::move(ranks);
    r.groups = std::move(groups);
    return r;
  };
  EXPECT_TRUE(s.ValidateRanking(ranking({0, 1, 2}, {1, 1, 3})).ok());
  EXPECT_TRUE(s.ValidateRanking(ranking({0, 1, 2, 3, 4}, {1, 2, 3, 4, 5})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0}, {1})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 1}, {1})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 0}, {1, 2})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 5}, {1, 2})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 1}, {0, 1})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 1}, {1, 3})).ok());
  // Groups: shared column shares the rank; ranks bounded by the number of columns.
  EXPECT_TRUE(s.ValidateRanking(ranking({0, 1, 2}, {2, 2, 1}, {0, 0, 1})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 1, 2}, {1, 2, 1}, {0, 0, 1})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 1, 2}, {3, 3, 1}, {0, 0, 1})).ok());
  // One output shared by every system shown (WMT16 de-en has such a ranking): nothing to
  // compare, but a valid judgment, as the offline readers take it.
  EXPECT_TRUE(s.ValidateRanking(ranking({0, 1}, {1, 1}, {0, 0})).ok());
  EXPECT_TRUE(s.ValidateRanking(ranking({0, 1, 2, 3}, {1, 1, 1, 1}, {0, 0, 0, 0})).ok());
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 1}, {2, 2}, {0, 0})).ok());  // 1 column: rank 1
  EXPECT_FALSE(s.ValidateRanking(ranking({0, 1}, {1, 2}, {0, 5})).ok());
  CampaignRanking r = ranking({0, 1}, {1, 2});
  r.segment = -2;
  EXPECT_FALSE(s.ValidateRanking(r).ok());

  const uint32_t good[] = {1, 3, 3}, bad_count[] = {1, 2}, zero[] = {0, 1, 2}, high[] = {1, 2, 4};
  EXPECT_TRUE(s.ValidateMatchRanks(good).ok());
  EXPECT_FALSE(s.ValidateMatchRanks(bad_count).ok());
  EXPECT_FALSE(s.ValidateMatchRanks(zero).ok());
  EXPECT_FALSE(s.ValidateMatchRanks(high).ok());
}

TEST(CampaignState, AppliesRankingsToCountsAndLiveLeaderboard) {
  auto state = CampaignState::Create(Config(4, 3, 3));
  ASSERT_TRUE(state.ok());
  CampaignState& s = **state;
  auto apply = [&](std::vector<SystemId> sys, std::vector<uint8_t> ranks) {
    CampaignRanking r;
    r.systems = std::move(sys);
    r.ranks = std::move(ranks);
    r.annotator = "judge";
    ASSERT_TRUE(s.ValidateRanking(r).ok());
    s.ApplyRanking(r);
  };
  apply({0, 1, 2}, {1, 2, 3});  // 0>1, 0>2, 1>2
  apply({2, 1, 0}, {1, 1, 2});  // 2=1, 2>0, 1>0
  EXPECT_EQ(s.num_judgments(), 2);
  const PairCounts& c = s.pair_counts();
  EXPECT_EQ(c.wins(0, 1), 1);
  EXPECT_EQ(c.wins(1, 0), 1);
  EXPECT_EQ(c.wins(0, 2), 1);
  EXPECT_EQ(c.wins(2, 0), 1);
  EXPECT_EQ(c.wins(1, 2), 1);
  EXPECT_EQ(c.ties(1, 2), 1);
  EXPECT_EQ(c.total(0, 3), 0);

  // The live leaderboard from the maintained counts equals the engine's BuildLeaderboard
  // over the same judgments; system 3 (never compared) is its own component.
  const Leaderboard live = s.LiveLeaderboard();
  const Leaderboard built = BuildLeaderboard(s.live_model(), s.judgments(), s.LiveRatings());
  // ... apart from the stopping rule, which only the campaign leaderboard carries: three
  // boundaries, not settled with 6 judgments (< 2 per pair x 6 pairs).
  Leaderboard without_stopping = live;
  without_stopping.stopping.reset();
  EXPECT_TRUE(without_stopping == built) << LeaderboardJson(live) << "\nvs\n"
                                         << LeaderboardJson(built);
  ASSERT_TRUE(live.stopping.has_value());
  EXPECT_EQ(live.stopping->boundaries.size(), 3u);
  EXPECT_FALSE(live.stopping->settled);
  EXPECT_EQ(live.stopping->judgments, 6);
  EXPECT_FALSE(live.connected);
  EXPECT_EQ(live.components.size(), 2);
  EXPECT_EQ(live.rankings, 2);
  EXPECT_EQ(live.judgments, 2);
  EXPECT_EQ(live.comparisons, 6);

  // One output shared by systems 0, 1 and 3: a judgment with no comparison; the ratings
  // do not move.
  const std::vector<Rating> before = s.ratings();
  CampaignRanking shared;
  shared.systems = {0, 1, 3};
  shared.ranks = {1, 1, 1};
  shared.groups = {0, 0, 0};
  ASSERT_TRUE(s.ValidateRanking(shared).ok());
  s.ApplyRanking(shared);
  EXPECT_EQ(s.num_judgments(), 3);
  EXPECT_EQ(s.LiveLeaderboard().rankings, 3);
  EXPECT_EQ(s.judgments().comparisons().size(), 6u);  // 3 + 3 from the first two
  for (size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(s.ratings()[i].mu, before[i].mu) << i;
    EXPECT_EQ(s.ratings()[i].sigma, before[i].sigma) << i;
  }
}

// One 2-way ranking A > B from the prior: the paper's §2.3 update by hand.
TEST(CampaignState, FirstJudgmentMovesRatingsByThePaperUpdate) {
  CampaignConfig config = Config(2, 3, 2);
  config.rating.draw_margin = 0.1;  // eps; sigma 0.5 and beta 0.25 by default
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  CampaignRanking r;
  r.systems = {0, 1};
  r.ranks = {1, 2};
  (*state)->ApplyRanking(r);
  const double sigma2 = 0.25, beta = 0.25, eps = 0.1;
  const double c = std::sqrt(2 * beta * beta + 2 * sigma2);
  const double x = (0.0 - eps) / c;  // t/c - eps/c with t = 0
  const double pdf = std::exp(-x * x / 2) / std::sqrt(2 * M_PI);
  const double cdf = 0.5 * std::erfc(-x / std::sqrt(2.0));
  const double v = pdf / cdf, w = v * (v + x);
  const auto& ratings = (*state)->ratings();
  EXPECT_NEAR(ratings[0].mu, sigma2 / c * v, 1e-12);
  EXPECT_NEAR(ratings[1].mu, -sigma2 / c * v, 1e-12);
  EXPECT_NEAR(ratings[0].sigma, std::sqrt(sigma2 * (1 - sigma2 / (c * c) * w)), 1e-12);
  EXPECT_NEAR(ratings[1].sigma, ratings[0].sigma, 1e-15);
}

// The live ratings are the TrueSkill model's ratings of the judgments in order.
TEST(CampaignState, LiveRatingsEqualTheSequentialTrueSkillModel) {
  for (bool free_for_all : {false, true}) {
    CampaignConfig config = Config(7, 10, 4);
    config.rating.free_for_all = free_for_all;
    config.rating.sigma = 0.7;
    config.rating.draw_probability = 0.1;
    auto state = CampaignState::Create(config);
    ASSERT_TRUE(state.ok());
    Rng rng(17);
    for (int i = 0; i < 300; ++i) {
      CampaignRanking r;
      const int m = 2 + static_cast<int>(rng.UniformInt(4));
      std::vector<SystemId> ids = {0, 1, 2, 3, 4, 5, 6};
      for (int j = 0; j < m; ++j) {
        std::swap(ids[j], ids[j + static_cast<int>(rng.UniformInt(7 - j))]);
        r.systems.push_back(ids[j]);
        r.ranks.push_back(static_cast<uint8_t>(1 + rng.UniformInt(m)));
      }
      ASSERT_TRUE((*state)->ValidateRanking(r).ok());
      (*state)->ApplyRanking(r);
    }
    auto model = MakeTrueSkillModel(LiveTrueSkillOptions(config.rating));
    ASSERT_TRUE(model.ok());
    const Judgments& j = (*state)->judgments();
    auto rated = (*model)->Rate(RatingInput{j.num_systems(), &j.comparisons(), &j}, 1);
    ASSERT_TRUE(rated.ok());
    const std::vector<SystemRating> live = (*state)->LiveRatings();
    for (size_t i = 0; i < live.size(); ++i) {
      EXPECT_EQ(live[i].mu, rated->ratings[i].mu) << free_for_all << " " << i;
      EXPECT_EQ(live[i].sigma, rated->ratings[i].sigma);
      EXPECT_EQ(live[i].score, live[i].mu);
    }
  }
}

// The paper's selector: the most uncertain system is always in the match.
TEST(CampaignState, TrueSkillSelectorIncludesTheMostUncertainSystem) {
  CampaignConfig config = Config(6, 50, 3);
  config.selector = "trueskill";
  config.uniform_floor = 0.0;  // the selector's own matches
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  for (int i = 0; i < 60; ++i) {
    const auto& ratings = (*state)->ratings();
    SystemId most_uncertain = 0;
    for (SystemId s = 1; s < 6; ++s) {
      if (ratings[s].sigma > ratings[most_uncertain].sigma) most_uncertain = s;
    }
    auto m = (*state)->ProposeMatch("t");
    ASSERT_TRUE(m.ok());
    EXPECT_NE(std::find(m->systems.begin(), m->systems.end(), most_uncertain), m->systems.end());
    CampaignRanking r;
    r.systems = m->systems;
    for (SystemId s : m->systems) r.ranks.push_back(static_cast<uint8_t>(1 + (s % 3)));
    (*state)->ApplyRanking(r);
  }
}

TEST(CampaignConfig, DefaultSelectorIsBoundaryAndEveryNamedSelectorIsAccepted) {
  EXPECT_EQ(CampaignConfig().selector, "boundary");
  for (const char* name : {"frontier", "racing", "lucb", "info-gain", "thompson", "arena",
                           "trueskill", "uniform", "active-ranking", "boundary"}) {
    CampaignConfig c = Config(4, 3, 2);
    c.selector = name;
    EXPECT_TRUE(ValidateCampaignConfig(c).ok()) << name;
  }
}

// Racing reads the selection posterior: neighbours (i, i+1) are decided 90:10 for the
// lower id over 100 comparisons (BT gap ln 9 = 2.2, sd of the gap about 0.5), except
// systems 2 and 3 which split 50:50 (gap 0). Only the boundary 2|3 is open, so a pair
// match is {2, 3} with probability 0.9 + 0.1 / 15 = 0.907: over 200 matches, mean 181,
// sd 4.1; 160 is five sds below.
TEST(CampaignState, RacingServesTheOpenBoundaryFromTheSelectionPosterior) {
  CampaignConfig config = Config(6, 500, 2);
  config.selector = "racing";
  config.uniform_floor = 0.0;  // the selector's own matches
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  for (SystemId i = 0; i + 1 < 6; ++i) {
    for (int j = 0; j < 100; ++j) {
      CampaignRanking r;
      r.systems = {i, static_cast<SystemId>(i + 1)};
      const bool lower_wins = i == 2 ? j % 2 == 0 : j % 10 != 0;
      r.ranks = lower_wins ? std::vector<uint8_t>{1, 2} : std::vector<uint8_t>{2, 1};
      (*state)->ApplyRanking(r);
    }
  }
  int open = 0;
  for (int i = 0; i < 200; ++i) {
    auto m = (*state)->ProposeMatch("annotator" + std::to_string(i));
    ASSERT_TRUE(m.ok());
    const SystemId lo = std::min(m->systems[0], m->systems[1]);
    const SystemId hi = std::max(m->systems[0], m->systems[1]);
    open += lo == 2 && hi == 3;
  }
  EXPECT_GE(open, 160);
}

// The default selector reads the campaign's anytime board: system 0 always beats 1 and 2
// (300 judgments each), so the boundary 0 | {1, 2} is certified; 1 and 2 have tied only 20
// times, so their interval is 1/2 +- 2 log(2 / (0.05 / 3)) / 20 = 1/2 +- 0.48 (the
// ties-only closed form, confidence_sequence_test.cc), wider than epsilon 0.1: the boundary
// 1 | 2 is the only open one, and its only pair is (1, 2). Every match serves it.
TEST(CampaignState, BoundaryServesTheOpenBoundaryOfTheAnytimeBoard) {
  CampaignConfig config = Config(3, 500, 2);
  config.selector = "boundary";  // the default; Config() picks uniform
  config.uniform_floor = 0.0;    // the selector's own matches
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  auto judge = [&](SystemId a, SystemId b, uint8_t rank_a, uint8_t rank_b) {
    CampaignRanking r;
    r.systems = {a, b};
    r.ranks = {rank_a, rank_b};
    (*state)->ApplyRanking(r);
  };
  for (int j = 0; j < 300; ++j) {
    judge(0, 1, 1, 2);
    judge(2, 0, 2, 1);
  }
  for (int j = 0; j < 20; ++j) judge(1, 2, 1, 1);
  EXPECT_EQ((*state)->anytime(), nullptr);  // the stopping rule is still the z rule
  for (int i = 0; i < 100; ++i) {
    auto m = (*state)->ProposeMatch("annotator" + std::to_string(i));
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(std::min(m->systems[0], m->systems[1]), 1);
    EXPECT_EQ(std::max(m->systems[0], m->systems[1]), 2);
  }
}

// Batch awareness: with {2, 3} out with another annotator, racing (which would serve it
// 91% of the time) never serves it again while other pairs are free; with every pair out,
// a match is still served.
TEST(CampaignState, ConcurrentAnnotatorsGetDifferentMatches) {
  CampaignConfig config = Config(6, 500, 2);
  config.selector = "racing";
  config.uniform_floor = 0.0;  // the selector's own matches
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  for (SystemId i = 0; i + 1 < 6; ++i) {
    for (int j = 0; j < 100; ++j) {
      CampaignRanking r;
      r.systems = {i, static_cast<SystemId>(i + 1)};
      const bool lower_wins = i == 2 ? j % 2 == 0 : j % 10 != 0;
      r.ranks = lower_wins ? std::vector<uint8_t>{1, 2} : std::vector<uint8_t>{2, 1};
      (*state)->ApplyRanking(r);
    }
  }
  const std::vector<std::vector<SystemId>> open = {{3, 2}};
  for (int i = 0; i < 100; ++i) {
    auto m = (*state)->ProposeMatch(std::string("b") + std::to_string(i), open);
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(std::min(m->systems[0], m->systems[1]) == 2 &&
                 std::max(m->systems[0], m->systems[1]) == 3);
  }
  // Ten annotators asking in turn, each match kept open: ten different pairs.
  std::vector<std::vector<SystemId>> out;
  for (int i = 0; i < 10; ++i) {
    auto m = (*state)->ProposeMatch(std::string("c") + std::to_string(i), out);
    ASSERT_TRUE(m.ok());
    for (const auto& other : out) {
      EXPECT_FALSE(std::set<SystemId>(other.begin(), other.end()) ==
                   std::set<SystemId>(m->systems.begin(), m->systems.end()));
    }
    out.push_back(m->systems);
  }
  std::vector<std::vector<SystemId>> all;
  for (SystemId a = 0; a < 6; ++a) {
    for (SystemId b = a + 1; b < 6; ++b) all.push_back({a, b});
  }
  EXPECT_TRUE((*state)->ProposeMatch("d", all).ok());
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// GetLeaderboard's engine side rates a campaign with the Bradley-Terry family: x beat y 3
// times out of 4 gives an Elo gap of 400 log10(3) (by hand), with sandwich intervals and
// Arena ranks; every family member is accepted and bootstraps deterministically.
TEST(ComputeLeaderboard, RatesWithTheBradleyTerryFamily) {
  CampaignSnapshot snapshot;
  Judgments& j = snapshot.judgments;
  const SystemId x = j.systems().Intern("x"), y = j.systems().Intern("y");
  for (int i = 0; i < 4; ++i) {
    const SystemId systems[2] = {x, y};
    const uint8_t ranks[2] = {static_cast<uint8_t>(i < 3 ? 1 : 2),
                              static_cast<uint8_t>(i < 3 ? 2 : 1)};
    j.AddRanking(systems, ranks);
  }
  LeaderboardQuery query;
  query.model = "bradley-terry";
  auto board = ComputeLeaderboard(snapshot, query);
  ASSERT_TRUE(board.ok()) << board.status().message();
  ASSERT_EQ(static_cast<int>(board->entries.size()), 2);
  EXPECT_EQ(board->entries[0].system, "x");
  EXPECT_NEAR(board->entries[0].score - board->entries[1].score, 400 * std::log10(3.0), 1e-6);
  EXPECT_LT(board->entries[0].score_lo.value_or(0), board->entries[0].score);
  EXPECT_EQ(board->entries[0].rank_upper_bound.value_or(0), 1);
  for (const char* name : {"newman", "rao-kupper", "elo", "counting", "average-win-rate", "eigen",
                           "pagerank", "plackett-luce"}) {
    query.model = name;
    query.replicates = 20;
    query.seed = 4;
    auto a = ComputeLeaderboard(snapshot, query);
    auto b = ComputeLeaderboard(snapshot, query);
    ASSERT_TRUE(a.ok() && b.ok()) << name;
    EXPECT_TRUE(*a == *b) << name;
    EXPECT_EQ(a->model, name);
  }
}

// Applies `times` copies of one ranking of every system (ranks in system order).
void ApplyMany(CampaignState& s, const std::vector<uint8_t>& ranks, int times) {
  CampaignRanking r;
  for (size_t i = 0; i < ranks.size(); ++i) r.systems.push_back(static_cast<SystemId>(i));
  r.ranks = ranks;
  r.annotator = "judge";
  ASSERT_TRUE(s.ValidateRanking(r).ok());
  for (int t = 0; t < times; ++t) s.ApplyRanking(r);
}

TEST(CampaignState, AnytimeStoppingOnlyTies) {
  // 100 three-way rankings with every system tied: 100 ties per pair, none from a uniform
  // draw, so only the per-pair half of the combined board (at delta / 2) reads them and the
  // pooled half stays [0, 1]. alpha = 0.025 / 3, variance process 0: every pair interval
  // 1/2 +- 0.0950849353 = [0.4049150647, 0.5950849353] (an independent bisection on the
  // mixture, running_mean_sequence_test.cc), 0.1902 wide: a tie within epsilon 0.25
  // (settled), not within 0.18.
  for (double epsilon : {0.18, 0.25}) {
    CampaignConfig config = Config(3, 5, 3);
    config.anytime_stopping = AnytimeOptions{0.05, epsilon};
    auto state = CampaignState::Create(config);
    ASSERT_TRUE(state.ok()) << state.status().message();
    CampaignState& s = **state;
    ApplyMany(s, {1, 1, 1}, 100);
    ASSERT_NE(s.anytime(), nullptr);
    EXPECT_NEAR(s.anytime()->pairwise().PreferenceLo(0, 1), 0.4049150647, 1e-9);
    EXPECT_NEAR(s.anytime()->pairwise().PreferenceHi(2, 1), 0.5950849353, 1e-9);
    EXPECT_EQ(s.anytime()->uniform_rankings(), 0);
    const Leaderboard live = s.LiveLeaderboard();
    EXPECT_EQ(live.model, "trueskill");  // the live ratings, with the anytime stopping rule
    ASSERT_TRUE(live.stopping.has_value());
    EXPECT_EQ(live.stopping->rule, "anytime");
    EXPECT_EQ(live.stopping->delta, 0.05);
    EXPECT_EQ(live.stopping->epsilon, epsilon);
    EXPECT_EQ(live.stopping->judgments, 100);  // the board's judgments: rankings
    EXPECT_EQ(live.stopping->settled, epsilon == 0.25);
    ASSERT_EQ(live.stopping->boundaries.size(), 2u);
    for (const StoppingBoundary& b : live.stopping->boundaries) {
      EXPECT_FALSE(b.separated);
      EXPECT_EQ(b.tie_within_epsilon, epsilon == 0.25);
    }
    // A leaderboard computed from a snapshot carries the same stopping section.
    LeaderboardQuery query;
    query.model = "expected-wins";
    auto board = ComputeLeaderboard(s.Snapshot(), query);
    ASSERT_TRUE(board.ok()) << board.status().message();
    EXPECT_EQ(board->stopping, live.stopping);
  }
}

TEST(CampaignState, AnytimeStoppingOneSystemAlwaysWins) {
  // sys2 always first, sys0 and sys3 tied second, sys1 last: 400 four-way rankings. sys2's
  // pairs are 400 wins (centre 1, margin about log(2 * 6 / 0.05) / 200 = 0.027): certified
  // better than all; sys1 certified worse than all; sys0 - sys3 are 400 ties, never
  // certified. Boundaries: separated, open, separated; clusters 1, 2, 2, 3; rank ranges
  // 1-1, 2-3, 2-3, 4-4; scores 1, 1/2, 1/2, 0.
  CampaignConfig config = Config(4, 5, 4);
  config.anytime_stopping = AnytimeOptions{0.05, 0.0};
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  ApplyMany(**state, {2, 3, 1, 2}, 400);
  const Leaderboard live = (*state)->LiveLeaderboard();
  ASSERT_EQ(live.stopping->boundaries.size(), 3u);
  EXPECT_EQ(live.stopping->boundaries[0].upper, "sys2");
  EXPECT_TRUE(live.stopping->boundaries[0].separated);
  EXPECT_FALSE(live.stopping->boundaries[1].separated);
  EXPECT_TRUE(live.stopping->boundaries[2].separated);
  EXPECT_EQ(live.stopping->boundaries[2].lower, "sys1");
  EXPECT_FALSE(live.stopping->settled);  // epsilon 0: the tie never settles

  LeaderboardQuery query;
  query.anytime = AnytimeOptions{0.05, 0.1};
  auto board = ComputeLeaderboard((*state)->Snapshot(), query);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "expected-wins-anytime-combined");
  const char* const order[] = {"sys2", "sys0", "sys3", "sys1"};
  const double score[] = {1.0, 0.5, 0.5, 0.0};
  const int cluster[] = {1, 2, 2, 3}, lo[] = {1, 2, 2, 4}, hi[] = {1, 3, 3, 4};
  ASSERT_EQ(board->entries.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(board->entries[i].system, order[i]);
    EXPECT_DOUBLE_EQ(board->entries[i].score, score[i]);
    EXPECT_EQ(board->entries[i].cluster, cluster[i]);
    EXPECT_EQ(board->entries[i].rank_lo, lo[i]);
    EXPECT_EQ(board->entries[i].rank_hi, hi[i]);
  }
  // The query's epsilon 0.1 exceeds the ties' width 2 * 2 log(480) / 400 = 0.062 (the
  // per-pair half at alpha 0.025 / 6): settled.
  EXPECT_TRUE(board->stopping->settled);
  EXPECT_TRUE(board->stopping->boundaries[1].tie_within_epsilon);

  // A campaign rebuilt by replaying the same judgments in order (a restarted server) has
  // the same boards.
  auto replayed = CampaignState::Create(config);
  ASSERT_TRUE(replayed.ok());
  ApplyMany(**replayed, {2, 3, 1, 2}, 400);
  EXPECT_EQ((*replayed)->LiveLeaderboard(), live);
}

TEST(CampaignState, AnytimeOptionsAreValidatedAndTheZRuleStaysTheDefault) {
  CampaignConfig config = Config(3, 5, 2);
  config.anytime_stopping = AnytimeOptions{0.0, 0.0};
  EXPECT_FALSE(ValidateCampaignConfig(config).ok());
  config.anytime_stopping = AnytimeOptions{0.05, 1.5};
  EXPECT_FALSE(ValidateCampaignConfig(config).ok());
  config.anytime_stopping.reset();
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  EXPECT_EQ((*state)->anytime(), nullptr);
  EXPECT_EQ((*state)->LiveLeaderboard().stopping->rule, "z");
  LeaderboardQuery query;
  query.anytime = AnytimeOptions{};
  query.model = "trueskill";
  EXPECT_FALSE(ComputeLeaderboard((*state)->Snapshot(), query).ok());
  query.model.clear();
  query.replicates = 10;
  EXPECT_FALSE(ComputeLeaderboard((*state)->Snapshot(), query).ok());
  query.replicates = 0;
  query.anytime->delta = 1.0;
  EXPECT_FALSE(ComputeLeaderboard((*state)->Snapshot(), query).ok());
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

// The uniform floor: about a share `floor` of the boundary selector's matches are uniform
// draws, each recorded with probability floor / C(6, 2) = floor / 15; the "uniform"
// selector's matches are all uniform draws, with probability 1 / 15.
TEST(CampaignState, EverySelectorKeepsAUniformFloorWithItsProbability) {
  for (const char* selector : {"boundary", "uniform"}) {
    CampaignConfig config = Config(6, 50, 2);
    config.selector = selector;
    config.uniform_floor = 0.2;
    auto state = CampaignState::Create(config);
    ASSERT_TRUE(state.ok());
    int uniform = 0;
    const int matches = 2000;
    for (int i = 0; i < matches; ++i) {
      auto m = (*state)->ProposeMatch("judge");
      ASSERT_TRUE(m.ok());
      if (m->uniform_draw) {
        ++uniform;
        EXPECT_DOUBLE_EQ(m->selection_probability,
                         std::string(selector) == "uniform" ? 1.0 / 15.0 : 0.2 / 15.0);
      } else {
        EXPECT_EQ(m->selection_probability, 0.0);
      }
    }
    if (std::string(selector) == "uniform") {
      EXPECT_EQ(uniform, matches);
    } else {
      // Binomial(2000, 0.2): mean 400, sd 17.9; four sds either side.
      EXPECT_NEAR(uniform, 400, 72);
    }
  }
  CampaignConfig bad = Config(6, 50, 2);
  bad.uniform_floor = 1.5;
  EXPECT_FALSE(ValidateCampaignConfig(bad).ok());
}

// Judgments that answer uniform draws reach the pooled half of the campaign's board, and a
// snapshot rebuilds the same board.
TEST(CampaignState, UniformDrawsReachThePooledHalfAndTheSnapshotAgrees) {
  CampaignConfig config = Config(3, 5, 2);
  config.anytime_stopping = AnytimeOptions{0.05, 0.0};
  auto state = CampaignState::Create(config);
  ASSERT_TRUE(state.ok());
  const std::pair<SystemId, SystemId> pairs[] = {{0, 1}, {0, 2}, {1, 2}};
  for (int t = 0; t < 200; ++t) {
    for (const auto& [a, b] : pairs) {
      CampaignRanking r;
      r.systems = {a, b};
      r.ranks = {1, 2};
      r.uniform_draw = t % 2 == 0;
      ASSERT_TRUE((*state)->ValidateRanking(r).ok());
      (*state)->ApplyRanking(r);
    }
  }
  ASSERT_NE((*state)->anytime(), nullptr);
  EXPECT_EQ((*state)->anytime()->uniform_rankings(), 300);
  const Leaderboard live = (*state)->LiveLeaderboard();
  ASSERT_TRUE(live.stopping.has_value());
  EXPECT_EQ(live.stopping->uniform_judgments, 300);
  EXPECT_EQ(live.stopping->judgments, 600);
  // a beats b and c, b beats c, 200 times each: both boundaries separated.
  EXPECT_TRUE(live.stopping->settled);
  ASSERT_EQ(live.stopping->boundaries.size(), 2u);
  EXPECT_EQ(live.stopping->boundaries[0].upper, "sys0");
  EXPECT_EQ(live.stopping->boundaries[1].lower, "sys2");
  LeaderboardQuery query;
  query.model = "expected-wins";
  auto board = ComputeLeaderboard((*state)->Snapshot(), query);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->stopping, live.stopping);
}

}  // namespace
}  // namespace tourney
