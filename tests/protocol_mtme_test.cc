// `tourney rank|cluster DIR --input-format mtme` through the built binary on the WMT23
// mt-metrics-eval release: on every (pair, human score) in ../shared the board's scores equal
// the official *.sys.score (read here on its own) to 1e-9, best first; standard input and
// gzip; errors; and the sampling commands reading the folder with a metric as control
// variate.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "proto/leaderboard_proto.h"
#include "test_util.h"

namespace tourney {
namespace {

namespace fs = std::filesystem;
using ::tourney::testing::BinPath;
using ::tourney::testing::RunCommand;
using ::tourney::testing::SharedPath;

constexpr char kSet[] = "data/wmt23-mtme/wmt23";

std::map<std::string, double> ReadSysScore(const std::string& path) {
  std::map<std::string, double> out;
  std::ifstream in(path);
  std::string system, score;
  while (in >> system >> score) out[system] = std::stod(score);
  return out;
}

// `protocol` for the human score `name` (en-de.NAME.seg.score).
std::string ProtocolOf(const std::string& name) {
  return name == "da-sqm" ? "da" : name;
}

TEST(ProtocolMtme, EveryPairAndHumanScoreEqualsTheOfficialSysScore) {
  TOURNEY_REQUIRE_SHARED(kSet);
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(SharedPath(kSet) + "/human-scores")) {
    const std::string file = entry.path().filename().string();
    const std::string suffix = ".sys.score";
    if (!file.ends_with(suffix)) continue;
    const std::string stem = file.substr(0, file.size() - suffix.size());
    const std::string pair = stem.substr(0, stem.find('.'));
    const std::string name = stem.substr(stem.find('.') + 1);
    SCOPED_TRACE(stem);
    const auto official = ReadSysScore(entry.path().string());
    for (const std::string command : {"rank", "cluster"}) {
      const auto r = RunCommand(BinPath("tourney") + " " + command + " " +
                                SharedPath("data/wmt23-mtme") + " --input-format mtme " +
                                "--language-pair " + pair + " --protocol " + ProtocolOf(name) +
                                " --format json");
      ASSERT_EQ(r.exit_code, 0) << r.err;
      auto board = ParseLeaderboardJson(r.out);
      ASSERT_TRUE(board.ok()) << board.status().message();
      EXPECT_EQ(board->model, "mtme-" + name);
      ASSERT_EQ(board->entries.size(), official.size());
      for (size_t i = 0; i < board->entries.size(); ++i) {
        const auto& e = board->entries[i];
        ASSERT_TRUE(official.count(e.system)) << e.system;
        EXPECT_NEAR(e.score, official.at(e.system), 1e-9) << e.system;
        if (i > 0) {
          EXPECT_GE(board->entries[i - 1].score, e.score);  // best first
        }
        ASSERT_TRUE(e.cluster.has_value());
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 6);  // 3 human scores x rank and cluster
}

TEST(ProtocolMtme, ReadsOneSegmentScoreFileFromStandardInputAndTheSetFolder) {
  TOURNEY_REQUIRE_SHARED(kSet);
  const std::string seg = SharedPath(kSet) + "/human-scores/he-en.mqm.seg.score";
  const auto official = ReadSysScore(SharedPath(kSet) + "/human-scores/he-en.mqm.sys.score");
  const auto r = RunCommand("cat " + seg + " | gzip -c | " + BinPath("tourney") +
                            " rank - --input-format mtme --protocol mqm --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // CSV: rank,system,score,...; six decimals.
  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.rfind("rank,system,score", 0), 0u);
  int rows = 0;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string rank, system, score;
    std::getline(fields, rank, ',');
    std::getline(fields, system, ',');
    std::getline(fields, score, ',');
    ASSERT_TRUE(official.count(system)) << line;
    EXPECT_NEAR(std::stod(score), official.at(system), 1e-6) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 13);
  // The wmt23/ folder itself, the Holm clusters, and the table format.
  const auto t = RunCommand(BinPath("tourney") + " cluster " + SharedPath(kSet) +
                            " --input-format mtme --language-pair he-en --protocol mqm-holm");
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("mtme-mqm-holm"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("Samsung_Research_Philippines"), std::string::npos);
}

TEST(ProtocolMtme, ErrorsNameWhatIsMissing) {
  TOURNEY_REQUIRE_SHARED(kSet);
  const std::string base = BinPath("tourney") + " rank " + SharedPath("data/wmt23-mtme") +
                           " --input-format mtme";
  auto r = RunCommand(base + " --language-pair he-en --protocol da");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no human score 'da' for he-en"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("human scores: mqm"), std::string::npos) << r.err;
  r = RunCommand(base + " --protocol mqm");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--language-pair"), std::string::npos) << r.err;
  r = RunCommand(base + " --language-pair zh-en --protocol mqm");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("language pair 'zh-en'"), std::string::npos) << r.err;
  r = RunCommand(base + " --language-pair en-de --protocol mqm --model elo");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCommand(base + " --language-pair en-de --human-score esa");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("da-sqm, mqm"), std::string::npos) << r.err;
}

TEST(ProtocolMtme, SamplingCommandsReadTheFolderWithMetricsAsControlVariates) {
  TOURNEY_REQUIRE_SHARED(kSet);
  const auto r = RunCommand(BinPath("tourney") + " sampling-study " +
                            SharedPath("data/wmt23-mtme") + " --language-pair en-de --score mqm " +
                            "--metrics XCOMET-XL-refA,CometKiwi --sizes 10 --draws 5 --seed 1 "
                            "--methods random,cv-XCOMET-XL-refA,cv-CometKiwi-src --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cv-XCOMET-XL-refA"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cv-CometKiwi-src"), std::string::npos) << r.out;
  // refA is left out (the refA metric does not score it), and the 97 unscored segments.
  EXPECT_NE(r.err.find("system 'refA' left out"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("97 of 557 segments left out"), std::string::npos) << r.err;
  const auto e = RunCommand(BinPath("tourney") + " estimate " + SharedPath(kSet) +
                            " --input-format mtme --language-pair en-de --score da-sqm "
                            "--metrics none --design random --estimator mean --format json");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  // Every scored segment as the sample: the plain mean is the official DA+SQM system score
  // (en-de.da-sqm.sys.score: GPT4-5shot 88.9611414693382), first on the board.
  const size_t at = e.out.find("\"score\": ");
  ASSERT_NE(at, std::string::npos) << e.out;
  EXPECT_NE(e.out.find("GPT4-5shot"), std::string::npos);
  EXPECT_NEAR(std::stod(e.out.substr(at + 9)), 88.9611414693382, 1e-9);
}

}  // namespace
}  // namespace tourney
