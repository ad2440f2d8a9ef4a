// MQM scores: weight rules (most specific wins), the segment rule by hand, and the WMT21 TED
// en-de file against an independent Python computation of the repository's avg_seg_scores
// rule and against the per-system table of the data README.
#include "tourney/protocols/mqm_score.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include "test_util.h"
#include "tourney/ingest/mqm_error_reader.h"

namespace tourney {
namespace {

TEST(MqmScore, MostSpecificRuleWins) {
  const auto rules = DefaultMqmWeights();
  EXPECT_EQ(*MqmErrorWeight(rules, "Major", "Accuracy/Mistranslation"), 5.0);
  EXPECT_EQ(*MqmErrorWeight(rules, "Minor", "Style/Awkward"), 1.0);
  EXPECT_EQ(*MqmErrorWeight(rules, "Minor", "Fluency/Punctuation"), 0.1);
  EXPECT_EQ(*MqmErrorWeight(rules, "Major", "Fluency/Punctuation"), 5.0);
  EXPECT_EQ(*MqmErrorWeight(rules, "Major", "Non-translation!"), 25.0);
  EXPECT_EQ(*MqmErrorWeight(rules, "No-error", "No-error"), 0.0);
  EXPECT_EQ(*MqmErrorWeight(rules, "minor", "fluency/punctuation"), 0.1);
  EXPECT_FALSE(MqmErrorWeight(rules, "Critical", "Other").ok());
  // "Fluency/Punctuation" is not a prefix rule for "Fluency/PunctuationX".
  EXPECT_EQ(*MqmErrorWeight(rules, "Minor", "Fluency/PunctuationX"), 1.0);
}

TEST(MqmScore, ParsesWeightSpecs) {
  auto rules = ParseMqmWeights("Major:10, Minor:1,Minor/Fluency:0.5");
  ASSERT_TRUE(rules.ok()) << rules.status().message();
  ASSERT_EQ(rules->size(), 3u);
  EXPECT_EQ((*rules)[2], (MqmWeightRule{"Minor", "Fluency", 0.5}));
  EXPECT_EQ(*MqmErrorWeight(*rules, "Minor", "Fluency/Spelling"), 0.5);
  EXPECT_FALSE(ParseMqmWeights("Major").ok());
  EXPECT_FALSE(ParseMqmWeights("Major:-1").ok());
  EXPECT_FALSE(ParseMqmWeights("Major:x").ok());
  EXPECT_FALSE(ParseMqmWeights("").ok());
}

TEST(MqmScore, EachRatersSumAveragedOverRatersThenOverSegments) {
  MqmErrors e;
  e.systems = {"A"};
  e.documents = {"d"};
  e.raters = {"r1", "r2"};
  e.categories = {"Accuracy/Mistranslation", "Fluency/Punctuation", "No-error"};
  e.severities = {"Major", "Minor", "No-error"};
  auto row = [&](int64_t seg, int rater, int category, int severity) {
    MqmErrorRow r;
    r.segment = seg;
    r.rater = rater;
    r.category = category;
    r.severity = severity;
    e.rows.push_back(r);
  };
  // Segment 1: r1 marks a Major (5) and a Minor punctuation (0.1); r2 finds nothing (0):
  // (5.1 + 0) / 2 = 2.55. Segment 2: r1, one Minor mistranslation: 1. System: 1.775.
  row(1, 0, 0, 0);
  row(1, 0, 1, 1);
  row(1, 1, 2, 2);
  row(2, 0, 0, 1);
  auto s = ScoreMqm(e, DefaultMqmWeights());
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->segments.size(), 2u);
  EXPECT_NEAR(s->segments[0].score, 2.55, 1e-12);
  EXPECT_EQ(s->segments[0].raters, 2);
  EXPECT_NEAR(s->segments[1].score, 1.0, 1e-12);
  EXPECT_NEAR(s->system_scores[0].score, 1.775, 1e-12);
  EXPECT_EQ(s->system_scores[0].segments, 2);
  EXPECT_EQ(s->system_scores[0].errors, 3);
  e.severities[0] = "Critical";
  auto unknown = ScoreMqm(e, DefaultMqmWeights(), "m.tsv");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().message().rfind("m.tsv:0: field 'severity'", 0), 0u);
}

// The repository's avg_seg_scores rule, computed by a separate Python program from the TSV
// (csv.QUOTE_NONE) at test time: per (system, seg_id), each rater's weighted sum, averaged
// over raters.
constexpr char kPythonAvgSegScores[] = R"PY(
import csv, gzip, sys, collections
w = {'major': 5.0, 'minor': 1.0, 'neutral': 0.0, 'no-error': 0.0}
sums = collections.defaultdict(lambda: collections.defaultdict(float))
with gzip.open(sys.argv[1], 'rt', encoding='utf-8', newline='') as f:
    for r in csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE):
        sev, cat = r['severity'].lower(), r['category']
        x = w[sev]
        if sev == 'minor' and cat == 'Fluency/Punctuation': x = 0.1
        if cat == 'Non-translation!': x = 25.0
        sums[(r['system'], r['seg_id'])][r['rater']] += x
for (s, g), by in sorted(sums.items()):
    print('%s\t%s\t%.10f' % (s, g, sum(by.values()) / len(by)))
)PY";

class MqmScoreOnTed : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::SharedFileExists("data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz")) {
      GTEST_SKIP() << "shared data absent: " << testing::SharedPath("data/wmt21-ted-mqm-texts")
                   << " (set TOURNEY_SHARED_DIR)";
    }
    path_ = testing::SharedPath("data/wmt21-ted-mqm-texts/en-de.mqm.tsv.gz");
    auto e = ReadMqmErrors(path_);
    ASSERT_TRUE(e.ok()) << e.status().message();
    auto s = ScoreMqm(*e, DefaultMqmWeights());
    ASSERT_TRUE(s.ok()) << s.status().message();
    scores_ = std::move(*s);
  }
  std::string path_;
  MqmScores scores_;
};

TEST_F(MqmScoreOnTed, SegmentScoresEqualAnIndependentAvgSegScoresComputation) {
  const char* python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const std::string dir = testing::TempDir("mqm_score");
  testing::WriteFile(dir + "/avg.py", kPythonAvgSegScores);
  const testing::CommandResult r =
      testing::RunCommand(std::string(python) + " " + dir + "/avg.py " + path_);
  std::filesystem::remove_all(dir);
  if (r.exit_code != 0) GTEST_SKIP() << "python3 could not run: " << r.err;
  std::map<std::pair<std::string, int64_t>, double> expected;
  std::istringstream in(r.out);
  std::string system;
  int64_t seg = 0;
  double score = 0;
  while (in >> system >> seg >> score) expected[{system, seg}] = score;
  ASSERT_EQ(expected.size(), 7406u);
  ASSERT_EQ(scores_.segments.size(), 7406u);
  for (const MqmSegmentScore& s : scores_.segments) {
    auto it = expected.find({scores_.systems[s.system], s.segment});
    ASSERT_NE(it, expected.end());
    ASSERT_NEAR(s.score, it->second, 1e-9) << it->first.first << " " << s.segment;
  }
}

// The data README's per-system table (mean MQM over the 529 segments, 4 decimals).
TEST_F(MqmScoreOnTed, SystemMeansEqualTheReadmeTable) {
  const std::map<std::string, double> readme = {
      {"ref", 0.9115},           {"Facebook-AI", 1.0560},   {"Online-W", 1.1225},
      {"VolcTrans-AT", 1.2410},  {"metricsystem3", 1.4357}, {"VolcTrans-GLAT", 1.4943},
      {"HuaweiTSC", 1.4975},     {"metricsystem1", 1.6293}, {"metricsystem2", 1.6936},
      {"metricsystem5", 1.7161}, {"UEdin", 1.7716},         {"metricsystem4", 1.7760},
      {"eTranslation", 1.9688},  {"Nemo", 2.1408}};
  ASSERT_EQ(scores_.systems.size(), readme.size());
  for (size_t s = 0; s < scores_.systems.size(); ++s) {
    const auto it = readme.find(scores_.systems[s]);
    ASSERT_NE(it, readme.end()) << scores_.systems[s];
    EXPECT_NEAR(scores_.system_scores[s].score, it->second, 0.5e-4) << it->first;
    EXPECT_EQ(scores_.system_scores[s].segments, 529);
  }
}

}  // namespace
}  // namespace tourney
