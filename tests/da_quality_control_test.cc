// The WMT DA quality-control filter: originals paired with their BAD copies per annotator,
// the one-sided rank-sum p against hand-computed exact values and against scipy on the ESA
// paper's export, untested annotators kept, failed annotators' judgments removed.
#include "tourney/protocols/da_quality_control.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "test_util.h"
#include "tourney/ingest/appraise_scores_reader.h"

namespace tourney {
namespace {

// One annotator `user`: segments 1..k of system A scored `original[i]`, their BAD copies
// `bad[i]` (9-field Appraise rows: a BAD copy shares its original's itemId).
std::string Rows(const std::string& user, const std::vector<int>& original,
                 const std::vector<int>& bad) {
  std::string s;
  for (size_t i = 0; i < original.size(); ++i) {
    s +=
        user + ",A," + std::to_string(i + 1) + ",TGT,e,l," + std::to_string(original[i]) + ",1,2\n";
  }
  for (size_t i = 0; i < bad.size(); ++i) {
    s += user + ",A," + std::to_string(i + 1) + ",BAD,e,l," + std::to_string(bad[i]) + ",1,2\n";
  }
  return s;
}

TEST(DaQualityControl, ExactPValuesDecidePassAndFail) {
  // Without ties and below 50 values the test is exact: when every original beats every copy,
  // p = 1 / C(n_x + n_y, n_x): 3 pairs give 1/20 = 0.05 (not < 0.05: fails), 4 pairs 1/70.
  const std::string text = Rows("three", {90, 80, 70}, {10, 20, 30}) +
                           Rows("four", {91, 81, 71, 61}, {11, 21, 31, 41}) +
                           "nobad,A,1,TGT,e,l,50,1,2\nnobad,A,2,TGT,e,l,60,1,2\n";
  auto read = ParseAppraiseScores(text, "qc.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  auto qc = CheckDaQuality(read->judgments);
  ASSERT_TRUE(qc.ok()) << qc.status().message();
  ASSERT_EQ(qc->annotators.size(), 3u);
  EXPECT_NEAR(qc->annotators[0].p_value, 1.0 / 20.0, 1e-12);
  EXPECT_FALSE(qc->annotators[0].passed);
  EXPECT_NEAR(qc->annotators[1].p_value, 1.0 / 70.0, 1e-12);
  EXPECT_TRUE(qc->annotators[1].passed);
  EXPECT_EQ(qc->annotators[1].originals, 4);
  EXPECT_EQ(qc->annotators[1].bad_items, 4);
  EXPECT_FALSE(qc->annotators[2].tested);
  EXPECT_EQ(qc->passed, 1);
  EXPECT_EQ(qc->failed, 1);
  EXPECT_EQ(qc->untested, 1);
  EXPECT_EQ(qc->removed_judgments, 6);
  EXPECT_EQ(qc->removed_system_items, 3);
  const DaJudgments kept = KeepPassingAnnotators(read->judgments, *qc);
  EXPECT_EQ(kept.rows.size(), read->judgments.rows.size() - 6);
  EXPECT_EQ(kept.type_counts[0], 6);
  EXPECT_EQ(kept.type_counts[3], 4);
}

TEST(DaQualityControl, CountsBadItemsWithoutOriginalAndNeedsRawScores) {
  auto read = ParseAppraiseScores("u,A,1,TGT,e,l,50,1,2\nu,A,2,BAD,e,l,5,1,2\n", "qc.csv");
  ASSERT_TRUE(read.ok()) << read.status().message();
  auto qc = CheckDaQuality(read->judgments);
  ASSERT_TRUE(qc.ok());
  EXPECT_EQ(qc->orphan_bad_items, 1);
  EXPECT_EQ(qc->untested, 1);
  DaJudgments no_raw = read->judgments;
  no_raw.has_raw = false;
  EXPECT_FALSE(CheckDaQuality(no_raw).ok());
  DaQualityControlOptions options;
  options.alpha = 1.5;
  EXPECT_FALSE(CheckDaQuality(read->judgments, options).ok());
}

// The ESA paper's export: 12 annotators, each with 12 originals that have BAD copies (one
// has 13 copies: a resubmitted BAD item). Expected p-values from python3 + scipy 1.10:
// the same pairing (first TGT item of the user, system and segment; segments as in the
// reader), then scipy.stats.mannwhitneyu(x, y, alternative='greater', use_continuity=True,
// method='asymptotic'), R's normal approximation with tie correction (every annotator's
// scores have ties, so R uses it too). All pass at 0.05.
TEST(DaQualityControl, TheEsaPaperExportAgreesWithScipy) {
  const std::string rel =
      "data/peer-formats/appraise-exports/ErrorSpanAnnotation/data/campaign-ruction-rc5/"
      "240521rc6ESA.scores.csv";
  TOURNEY_REQUIRE_SHARED(rel);
  auto read = ReadAppraiseScores(testing::SharedPath(rel));
  ASSERT_TRUE(read.ok()) << read.status().message();
  auto qc = CheckDaQuality(read->judgments);
  ASSERT_TRUE(qc.ok()) << qc.status().message();
  const std::map<std::string, std::tuple<int, int, double>> scipy = {
      {"engdeu7009", {12, 12, 0.0003658882496131501}},
      {"engdeu7006", {12, 12, 6.228211018111403e-05}},
      {"engdeu7008", {12, 13, 3.481203949616746e-05}},
      {"engdeu700b", {12, 12, 3.222489739958454e-05}},
      {"engdeu7001", {12, 12, 1.7797984354466535e-05}},
      {"engdeu7005", {12, 12, 0.020983192634751343}},
      {"engdeu7003", {12, 12, 0.0025347278660549687}},
      {"engdeu700c", {12, 12, 0.00015070933570003576}},
      {"engdeu7007", {12, 12, 0.004633567637446006}},
      {"engdeu7004", {12, 12, 0.002206516513333585}},
      {"engdeu700a", {12, 12, 0.0005461997599665692}},
      {"engdeu7002", {12, 12, 6.8185168156907e-05}},
  };
  ASSERT_EQ(qc->annotators.size(), scipy.size());
  for (const DaAnnotatorCheck& check : qc->annotators) {
    const std::string& name = read->judgments.annotators[check.annotator];
    const auto& [originals, bad, p] = scipy.at(name);
    EXPECT_EQ(check.originals, originals) << name;
    EXPECT_EQ(check.bad_items, bad) << name;
    EXPECT_NEAR(check.p_value, p, 1e-9 * p + 1e-15) << name;
  }
  EXPECT_EQ(qc->passed, 12);
  EXPECT_EQ(qc->failed, 0);
  EXPECT_EQ(qc->orphan_bad_items, 0);
}

}  // namespace
}  // namespace tourney
