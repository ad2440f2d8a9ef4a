// The scoring protocols' checks of a submitted score and its spans, with the MQM sums worked
// out by hand from Google's weights (Major 5, Minor 1, minor Fluency/Punctuation 0.1,
// Non-translation! 25, Neutral 0).
#include "tourney/protocols/scoring_protocol.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace tourney {
namespace {

SubmittedSpan S(int start, int end, const char* severity, const char* category = "") {
  return {start, end, severity, category};
}

std::vector<SubmittedSpan> One(SubmittedSpan span) { return {std::move(span)}; }

TEST(ScoringProtocolTest, ParsesTheFourNames) {
  EXPECT_EQ(*ParseScoringProtocol(""), ScoringProtocol::kPlain);
  EXPECT_EQ(*ParseScoringProtocol("plain"), ScoringProtocol::kPlain);
  EXPECT_EQ(*ParseScoringProtocol("da"), ScoringProtocol::kDa);
  EXPECT_EQ(*ParseScoringProtocol("esa"), ScoringProtocol::kEsa);
  EXPECT_EQ(*ParseScoringProtocol("mqm"), ScoringProtocol::kMqm);
  EXPECT_FALSE(ParseScoringProtocol("MQM").ok());
  EXPECT_EQ(ScoringProtocolName(ScoringProtocol::kEsa), "esa");
}

TEST(ScoringProtocolTest, CampaignDirectionAndRangeMustFit) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(CheckProtocolCampaign(ScoringProtocol::kDa, false, -inf, inf).ok());
  EXPECT_TRUE(CheckProtocolCampaign(ScoringProtocol::kEsa, false, 0, 100).ok());
  EXPECT_FALSE(CheckProtocolCampaign(ScoringProtocol::kEsa, true, 0, 100).ok());
  EXPECT_FALSE(CheckProtocolCampaign(ScoringProtocol::kDa, false, -10, 100).ok());
  EXPECT_FALSE(CheckProtocolCampaign(ScoringProtocol::kMqm, false, -inf, inf).ok());
  EXPECT_TRUE(CheckProtocolCampaign(ScoringProtocol::kMqm, true, -inf, inf).ok());
  EXPECT_TRUE(CheckProtocolCampaign(ScoringProtocol::kPlain, true, -5, 5).ok());
}

TEST(ScoringProtocolTest, EsaKeepsTheScoreAndChecksTheSpans) {
  const std::vector<SubmittedSpan> ok = {S(0, 3, "minor"), S(3, 9, "major")};  // touching
  EXPECT_EQ(*CheckProtocolScore(ScoringProtocol::kEsa, 64, ok, 9), 64);
  EXPECT_EQ(*CheckProtocolScore(ScoringProtocol::kEsa, 64, ok, -1), 64);  // length unknown
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kEsa, 64, ok, 8).ok());  // past the end
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kEsa, 100.5, {}, 9).ok());
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kEsa, 50, One(S(-1, 2, "minor")), 9).ok());
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kEsa, 50, One(S(2, 1, "minor")), 9).ok());
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kEsa, 50, One(S(0, 2, "Minor")), 9).ok());
  const auto overlap = CheckProtocolScore(ScoringProtocol::kEsa, 50,
                                          std::vector<SubmittedSpan>{S(4, 6, "minor"),
                                                                 S(0, 5, "major")},
                                          9);
  ASSERT_FALSE(overlap.ok());
  EXPECT_EQ(overlap.status().message(), "error_spans: [0, 5) and [4, 6) overlap");
  const auto category = CheckProtocolScore(ScoringProtocol::kEsa, 50,
                                           std::vector<SubmittedSpan>{S(0, 1, "minor", "Style")}, 9);
  ASSERT_FALSE(category.ok());
  EXPECT_EQ(category.status().message().rfind("error_spans[0]: ", 0), 0u);
}

TEST(ScoringProtocolTest, DaRefusesSpansAndPlainTakesAnyLabels) {
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kDa, 50, One(S(0, 1, "minor")), 5).ok());
  EXPECT_EQ(*CheckProtocolScore(ScoringProtocol::kPlain, 50, One(S(0, 1, "Whatever", "x")), 5),
            50);
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kPlain, 50, One(S(0, 6, "minor")), 5).ok());
  EXPECT_EQ(*CheckProtocolScore(ScoringProtocol::kPlain, -7.5, {}, 5), -7.5);
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kDa, -1, {}, 5).ok());
  std::vector<SubmittedSpan> many;
  for (int i = 0; i <= kMaxErrorSpans; ++i) many.push_back(S(i, i + 1, "minor"));
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kEsa, 0, many, -1).ok());
}

TEST(ScoringProtocolTest, MqmStoresTheWeightedSum) {
  const std::vector<SubmittedSpan> spans = {S(0, 4, "major", "Accuracy/Mistranslation"),
                                        S(5, 7, "minor", "Fluency/Punctuation"),
                                        S(8, 9, "minor", "Fluency/Grammar"),
                                        S(10, 12, "neutral", "Other")};
  // 5 + 0.1 + 1 + 0 = 6.1; the page rounds to a tenth, so 6.1 and 6.12 both pass.
  EXPECT_NEAR(*CheckProtocolScore(ScoringProtocol::kMqm, 6.1, spans, 20), 6.1, 1e-12);
  EXPECT_NEAR(*CheckProtocolScore(ScoringProtocol::kMqm, 6.12, spans, 20), 6.1, 1e-12);
  EXPECT_FALSE(CheckProtocolScore(ScoringProtocol::kMqm, 6.2, spans, 20).ok());
  EXPECT_EQ(*CheckProtocolScore(ScoringProtocol::kMqm, 25,
                                std::vector<SubmittedSpan>{S(0, 3, "minor", "Non-translation!")},
                                3),
            25);
  EXPECT_EQ(*CheckProtocolScore(ScoringProtocol::kMqm, 0, {}, 3), 0);
  EXPECT_FALSE(
      CheckProtocolScore(ScoringProtocol::kMqm, 5, std::vector<SubmittedSpan>{S(0, 1, "major")}, 3)
          .ok());  // no category
}

}  // namespace
}  // namespace tourney
