// The protocols on Appraise exports through the built binary: `--protocol esa` (and
// esa-holm) on the ESA paper's export in every format with --qc-filter, `--protocol wmt-da`
// on the WMT22 en-liv DA export (z computed by tourney), `--protocol mqm` on the ESA paper's
// MQM export, and the flags these protocols refuse.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "proto/leaderboard_proto.h"
#include "test_util.h"

namespace tourney {
namespace {

using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;
using ::tourney::testing::SharedPath;

constexpr char kEsa[] =
    "data/peer-formats/appraise-exports/ErrorSpanAnnotation/data/campaign-ruction-rc5/"
    "240521rc6ESA.scores.csv";
constexpr char kMqm[] =
    "data/peer-formats/appraise-exports/ErrorSpanAnnotation/data/campaign-ruction-rc5/"
    "240521rc6MQM.scores.csv";
constexpr char kLiv[] =
    "data/peer-formats/appraise-exports/wmt22-news-systems/humaneval/DA+SQM/scores/"
    "WMT22.Appraise.SegLvlLivRef.20221031.filtered.csv";

TEST(ProtocolEsa, JsonBoardHoldsTheMeanEsaScoresBestFirst) {
  TOURNEY_REQUIRE_SHARED(kEsa);
  const auto r = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kEsa) +
                            " --protocol esa --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "esa");
  ASSERT_EQ(board->entries.size(), 13u);  // the two tutorials are no systems
  // The python3 computation described in esa_scores_test.cc.
  EXPECT_EQ(board->entries[0].system, "wmt23.refA");
  EXPECT_NEAR(board->entries[0].score, 93.9367088607595, 1e-9);
  EXPECT_EQ(board->entries[12].system, "wmt23.NLLB_MBR_BLEU");
  EXPECT_NEAR(board->entries[12].score, 73.8840579710145, 1e-9);
  EXPECT_EQ(board->entries[0].cluster, 1);
  for (size_t i = 1; i < board->entries.size(); ++i) {
    EXPECT_GE(board->entries[i - 1].score, board->entries[i].score);
    EXPECT_GE(board->entries[i].cluster, board->entries[i - 1].cluster);
  }
}

TEST(ProtocolEsa, PrintsEveryFormatAndTheQualityControlReport) {
  TOURNEY_REQUIRE_SHARED(kEsa);
  const std::string base = BinPath("tourney") + " cluster " + SharedPath(kEsa) + " --protocol esa";
  const auto table = RunCommand(base + " --qc-filter");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("145 BAD items"), std::string::npos) << table.out;
  // All 12 annotators pass (the scipy p-values of da_quality_control_test.cc are < 0.05).
  EXPECT_NE(table.out.find("12 of 12 tested annotators passed"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("survive the paired Holm test"), std::string::npos) << table.out;
  for (const char* format : {"csv", "markdown", "latex"}) {
    const auto r = RunCommand(base + " --format " + format);
    ASSERT_EQ(r.exit_code, 0) << format << ": " << r.err;
    EXPECT_NE(r.out.find("GPT4-5shot"), std::string::npos) << format;
  }
  const auto holm = RunCommand(BinPath("tourney") + " rank " + SharedPath(kEsa) +
                               " --protocol esa-holm --format json");
  ASSERT_EQ(holm.exit_code, 0) << holm.err;
  auto board = ParseLeaderboardJson(holm.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->model, "esa-holm");
}

TEST(ProtocolEsa, WmtDaReadsAnAppraiseDaExport) {
  TOURNEY_REQUIRE_SHARED(kLiv);
  const auto r = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kLiv) +
                            " --protocol wmt-da --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  // python3 over the csv: z = (score - mean) / sample SD per username over all its rows (BAD
  // included), TGT rows averaged per (system, itemId), then per system.
  const std::map<std::string, std::pair<double, double>> expected = {
      {"generaltest2022.en-liv.hyp.TAL-SJTU.liv.txt", {0.5776457294477022, 39.49282296650718}},
      {"generaltest2022.en-liv.hyp.TartuNLP.liv.txt", {0.15307674530556462, 31.751196172248804}},
      {"generaltest2022.en-liv.hyp.Liv4ever.liv.txt", {0.12546239971388914, 31.495169082125603}},
      {"generaltest2022.en-liv.hyp.HuaweiTSC.liv.txt", {0.11282529507251315, 31.038277511961724}},
      {"generaltest2022.en-liv.hyp.NiuTrans.liv.txt", {-0.588389740915925, 18.273809523809526}},
  };
  ASSERT_EQ(board->entries.size(), expected.size());
  for (const LeaderboardEntry& e : board->entries) {
    const auto& [z, raw] = expected.at(e.system);
    EXPECT_NEAR(e.score, z, 1e-9) << e.system;
    ASSERT_TRUE(e.raw.has_value()) << e.system;
    EXPECT_NEAR(*e.raw, raw, 1e-9) << e.system;
  }
}

TEST(ProtocolEsa, MqmReadsAnAppraiseMqmExport) {
  TOURNEY_REQUIRE_SHARED(kMqm);
  const auto r = RunCommand(BinPath("tourney") + " rank " + SharedPath(kMqm) +
                            " --protocol mqm --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto board = ParseLeaderboardJson(r.out);
  ASSERT_TRUE(board.ok()) << board.status().message();
  ASSERT_EQ(board->entries.size(), 13u);  // the two tutorials are no systems
  // error_spans_test.cc's independent computation (undecided weighs as Minor).
  EXPECT_EQ(board->entries[0].system, "wmt23.refA");
  EXPECT_NEAR(board->entries[0].score, 0.5316455696202531, 1e-9);
  const auto zero = RunCommand(BinPath("tourney") + " rank " + SharedPath(kMqm) +
                               " --protocol mqm --format json --input-format appraise-csv "
                               "--mqm-weights major:5,minor:1,undecided:0,No-error:0");
  ASSERT_EQ(zero.exit_code, 0) << zero.err;
}

TEST(ProtocolEsa, RefusesFlagsAndFormatsItDoesNotRead) {
  TOURNEY_REQUIRE_SHARED(kEsa);
  const auto model = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kEsa) +
                                " --protocol esa --model elo");
  EXPECT_NE(model.exit_code, 0);
  EXPECT_NE(model.err.find("--model"), std::string::npos) << model.err;
  const auto input = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kEsa) +
                                " --protocol esa --input-format wmt-da");
  EXPECT_NE(input.exit_code, 0);
  const auto qc = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kEsa) + " --qc-filter");
  EXPECT_NE(qc.exit_code, 0);
  EXPECT_NE(qc.err.find("--qc-filter"), std::string::npos) << qc.err;
}

}  // namespace
}  // namespace tourney
