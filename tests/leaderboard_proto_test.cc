#include "proto/leaderboard_proto.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

// A board with every field set to a distinct value, optional ones on the first entry only.
Leaderboard FullBoard() {
  Leaderboard b;
  b.model = "bradley-terry";
  b.judgments = 7;
  b.comparisons = 11;
  LeaderboardEntry& e = b.entries.emplace_back();
  e.system = "sys.A";
  e.score = 1012.5;
  e.mu = 0.25;
  e.sigma = 0.125;
  e.rank = 1;
  e.rank_lo = 1;
  e.rank_hi = 2;
  e.cluster = 1;
  e.comparisons = 9;
  e.wins = 5;
  e.losses = 3;
  e.ties = 1;
  e.r_hat = 1.003;
  e.rank_upper_bound = 1;
  e.score_lo = 990.0;
  e.score_hi = 1030.0;
  LeaderboardEntry& f = b.entries.emplace_back();
  f.system = "sys.B";
  f.score = -3.0;
  f.rank = f.rank_lo = f.rank_hi = 2;
  b.rankings = 6;
  b.dropped_blank = 2;
  b.skipped_invalid = 3;
  b.connected = false;
  b.components = {{"sys.A"}, {"sys.B"}};
  b.bootstrap_replicates = 100;
  b.confidence = 0.95;
  b.seed = 42;
  b.warnings = {"w1", "w2"};
  b.covariate_effects.push_back({"len_diff", 0.5, 0.1, 0.3, 0.7});
  Stopping& s = b.stopping.emplace();
  s.settled = false;
  s.judgments = 11;
  s.more_judgments = 40;
  s.boundaries.push_back({"sys.A", "sys.B", 1.5, false, 40, false, "", ""});
  return b;
}

TEST(LeaderboardProto, EveryFieldCrossesTheEdge) {
  const Leaderboard b = FullBoard();
  const v1::Leaderboard m = ToProto(b);
  EXPECT_EQ(m.model(), "bradley-terry");
  EXPECT_EQ(m.judgments(), 7);
  EXPECT_EQ(m.comparisons(), 11);
  ASSERT_EQ(m.entries_size(), 2);
  EXPECT_TRUE(m.entries(0).has_mu());
  EXPECT_EQ(m.entries(0).sigma(), 0.125);
  EXPECT_EQ(m.entries(0).cluster(), 1);
  EXPECT_EQ(m.entries(0).score_hi(), 1030.0);
  // Absent stays absent (proto3 optional), not 0.
  EXPECT_FALSE(m.entries(1).has_mu());
  EXPECT_FALSE(m.entries(1).has_cluster());
  EXPECT_FALSE(m.entries(1).has_score_lo());
  EXPECT_EQ(m.components_size(), 2);
  EXPECT_EQ(m.components(1).systems(0), "sys.B");
  EXPECT_EQ(m.covariate_effects(0).hi(), 0.7);
  EXPECT_EQ(m.stopping().boundaries(0).more_judgments(), 40);
  EXPECT_EQ(m.seed(), 42u);

  const Leaderboard back = FromProto(m);
  EXPECT_EQ(back.entries[0].r_hat, 1.003);
  EXPECT_EQ(back.entries[0].rank_upper_bound, 1);
  EXPECT_FALSE(back.entries[1].sigma.has_value());
  EXPECT_EQ(back.components, b.components);
  EXPECT_EQ(back.warnings, b.warnings);
  ASSERT_TRUE(back.stopping.has_value());
  EXPECT_EQ(back.stopping->boundaries[0].z, 1.5);
  // The round trip through the message is the identity: compare their serialisations.
  EXPECT_EQ(ToProto(back).SerializeAsString(), m.SerializeAsString());
}

TEST(LeaderboardProto, NoStoppingMeansNoStoppingMessage) {
  Leaderboard b = FullBoard();
  b.stopping.reset();
  EXPECT_FALSE(ToProto(b).has_stopping());
  EXPECT_FALSE(FromProto(ToProto(b)).stopping.has_value());
}

TEST(LeaderboardProto, JsonRoundTripAndOriginalFieldNames) {
  const Leaderboard b = FullBoard();
  const std::string json = LeaderboardJson(b);
  EXPECT_NE(json.find("\"rank_upper_bound\": 1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"bootstrap_replicates\": 100"), std::string::npos) << json;
  // 64-bit integers are strings in the proto3 JSON mapping.
  EXPECT_NE(json.find("\"judgments\": \"7\""), std::string::npos) << json;
  auto parsed = ParseLeaderboardJson(json);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(ToProto(*parsed).SerializeAsString(), ToProto(b).SerializeAsString());
}

TEST(LeaderboardProto, AnytimeStoppingCrossesTheEdge) {
  Leaderboard b = FullBoard();
  b.stopping->rule = "anytime";
  b.stopping->delta = 0.05;
  b.stopping->epsilon = 0.03;
  // The anytime rule has no z and makes no estimate: the engine leaves them 0.
  b.stopping->more_judgments = 0;
  b.stopping->boundaries[0].z = 0.0;
  b.stopping->boundaries[0].more_judgments = 0;
  b.stopping->boundaries[0].tie_within_epsilon = true;
  b.stopping->boundaries[0].blocking_upper = "sys.A";
  b.stopping->boundaries[0].blocking_lower = "sys.B";
  const v1::Leaderboard m = ToProto(b);
  EXPECT_EQ(m.stopping().rule(), "anytime");
  EXPECT_EQ(m.stopping().delta(), 0.05);
  EXPECT_EQ(m.stopping().epsilon(), 0.03);
  EXPECT_TRUE(m.stopping().boundaries(0).tie_within_epsilon());
  EXPECT_EQ(m.stopping().boundaries(0).blocking_upper(), "sys.A");
  EXPECT_EQ(m.stopping().boundaries(0).blocking_lower(), "sys.B");
  // Absent, not 0: z and more_judgments mean nothing under this rule.
  EXPECT_FALSE(m.stopping().has_more_judgments());
  EXPECT_FALSE(m.stopping().boundaries(0).has_z());
  EXPECT_FALSE(m.stopping().boundaries(0).has_more_judgments());
  EXPECT_FALSE(m.stopping().has_top_within_epsilon());
  EXPECT_EQ(FromProto(m), b);
  const std::string json = LeaderboardJson(b);
  EXPECT_NE(json.find("\"rule\": \"anytime\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"tie_within_epsilon\": true"), std::string::npos) << json;
  EXPECT_NE(json.find("\"blocking_upper\": \"sys.A\""), std::string::npos) << json;
  EXPECT_EQ(json.find("\"z\""), std::string::npos) << json;
  EXPECT_EQ(json.find("\"more_judgments\""), std::string::npos) << json;
  EXPECT_EQ(json.find("\"top_within_epsilon\""), std::string::npos) << json;
  auto parsed = ParseLeaderboardJson(json);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(*parsed, b);
}

TEST(LeaderboardProto, ZAndMoreJudgmentsOnlyUnderTheZRule) {
  // The z rule keeps them, a z of 0 included (a real statistic there); a separated
  // boundary names no blocking pair.
  Leaderboard b = FullBoard();
  b.stopping->rule = "z";
  b.stopping->boundaries.push_back({"sys.B", "sys.C", 0.0, false, -1, false, "", ""});
  const std::string json = LeaderboardJson(b);
  EXPECT_NE(json.find("\"z\": 1.5"), std::string::npos) << json;
  EXPECT_NE(json.find("\"z\": 0"), std::string::npos) << json;
  EXPECT_NE(json.find("\"more_judgments\": \"40\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"more_judgments\": \"-1\""), std::string::npos) << json;
  EXPECT_EQ(json.find("blocking_"), std::string::npos) << json;
  EXPECT_EQ(json.find("\"top_within_epsilon\""), std::string::npos) << json;
  EXPECT_EQ(*ParseLeaderboardJson(json), b);

  // Top-k: no z, no estimate, and whether the set is identified only within epsilon.
  b.stopping->rule = "top-k";
  b.stopping->boundaries.clear();
  b.stopping->top = {"sys.A"};
  b.stopping->settled = true;
  b.stopping->top_within_epsilon = true;
  const v1::Leaderboard m = ToProto(b);
  EXPECT_FALSE(m.stopping().has_more_judgments());
  EXPECT_TRUE(m.stopping().has_top_within_epsilon());
  EXPECT_TRUE(m.stopping().top_within_epsilon());
  EXPECT_NE(LeaderboardJson(b).find("\"top_within_epsilon\": true"), std::string::npos);
  const Leaderboard back = FromProto(m);
  EXPECT_EQ(back.stopping->more_judgments, 0);  // absent reads as 0
  EXPECT_TRUE(back.stopping->top_within_epsilon);

  // A message from another writer: absent z and more_judgments read as 0.
  auto read = ParseLeaderboardJson(
      "{\"stopping\": {\"rule\": \"anytime\", \"boundaries\": [{\"upper\": \"x\", "
      "\"lower\": \"y\"}]}}");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ASSERT_EQ(read->stopping->boundaries.size(), 1u);
  EXPECT_EQ(read->stopping->boundaries[0].z, 0.0);
  EXPECT_EQ(read->stopping->boundaries[0].more_judgments, 0);
  EXPECT_EQ(read->stopping->more_judgments, 0);
  EXPECT_TRUE(read->stopping->boundaries[0].blocking_upper.empty());
}

TEST(LeaderboardProto, ParseRejectsWhatIsNotALeaderboard) {
  EXPECT_FALSE(ParseLeaderboardJson("{\"entries\": 3}").ok());
  EXPECT_FALSE(ParseLeaderboardJson("not json").ok());
  EXPECT_FALSE(ParseLeaderboardJson("{\"no_such_field\": 1}").ok());
  EXPECT_TRUE(ParseLeaderboardJson("{}").ok());
}

}  // namespace
}  // namespace tourney
