// The mt-metrics-eval reader: score lines with None, -0.0, systems in any order, a byte-order
// mark and blank lines; errors with FILE:LINE: field; documents; text lines; a folder or the
// folder holding it; gzip and standard input; the scored-segment table; and on the real WMT23
// release every human score's system means against the official *.sys.score and domain
// means against *.domain.score, both files parsed here on their own.
#include "tourney/ingest/mtme_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "test_util.h"
#include "tourney/protocols/da_scores.h"

namespace tourney {
namespace {

namespace fs = std::filesystem;
using ::tourney::testing::SharedPath;
using ::tourney::testing::TempDir;
using ::tourney::testing::WriteFile;

constexpr char kMtme[] = "data/wmt23-mtme/wmt23";

TEST(MtmeReader, SegmentScoresKeyBySystemWithNoneAndNegativeZero) {
  // Systems interleaved (not blocks), a BOM, a blank line, CRLF, `None`, `-0.0`, exponent.
  const std::string text =
      "\xEF\xBB\xBF" "B\t-1.5\nA\tNone\r\n\nA  -0.0\nB\t-4e-06\nA\t2\nB\tNone\n";
  auto s = ParseMtmeSegmentScores(text, "x.seg.score", 0, true);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->systems, (std::vector<std::string>{"B", "A"}));
  EXPECT_EQ(s->num_segments, 3);
  EXPECT_EQ(s->scores[0], (std::vector<double>{-1.5, -4e-06, 0.0}));
  EXPECT_EQ(s->scored[0], (std::vector<uint8_t>{1, 1, 0}));
  EXPECT_EQ(s->scored[1], (std::vector<uint8_t>{0, 1, 1}));
  EXPECT_EQ(s->scores[1][2], 2.0);
  EXPECT_FALSE(std::signbit(s->scores[1][1]));  // -0.0 reads as 0
  EXPECT_EQ(s->Find("A"), 1);
  EXPECT_EQ(s->Find("C"), -1);
}

TEST(MtmeReader, SegmentScoreErrorsNameFileLineAndField) {
  auto msg = [](const std::string& text, int64_t segments, bool allow_none) {
    auto s = ParseMtmeSegmentScores(text, "f.seg.score", segments, allow_none);
    return s.ok() ? std::string("ok") : s.status().message();
  };
  EXPECT_EQ(msg("A\t1\nA\tx1\n", 0, true),
            "f.seg.score:2: field 'score': 'x1' is not a number or None");
  EXPECT_EQ(msg("A\t1\nA\n", 0, true),
            "f.seg.score:2: field 'score': expected 2 fields (SYSTEM SCORE), got 1");
  EXPECT_EQ(msg("A\t1\tz\n", 0, true),
            "f.seg.score:1: field 'system': expected 2 fields (SYSTEM SCORE), got 3");
  EXPECT_EQ(msg("A\tNone\n", 0, false),
            "f.seg.score:1: field 'score': 'None' (no score) where every line needs one (a "
            "metric file)");
  EXPECT_EQ(msg("A\tinf\n", 0, true),
            "f.seg.score:1: field 'score': 'inf' is not a finite score of magnitude at most 1e6");
  EXPECT_EQ(msg("A\t1\nA\t2\nB\t3\n", 0, true),
            "f.seg.score:3: field 'system': system 'B' has 1 lines, expected 2 (as many as "
            "system 'A')");
  EXPECT_EQ(msg("A\t1\nA\t2\nA\t3\n", 2, true),
            "f.seg.score:3: field 'system': system 'A' has more than 2 lines (the set's "
            "segments, one per source line)");
  EXPECT_EQ(msg("\n\n", 0, true), "f.seg.score: no scores");
  EXPECT_NE(msg("A\xFF\t1\n", 0, true).find("f.seg.score:1: field 'system': "),
            std::string::npos);
}

TEST(MtmeReader, SystemAndDomainScoreLines) {
  auto sys = ParseMtmeScoreLines("A\t-2.5\nB None\n", "s.sys.score", false);
  ASSERT_TRUE(sys.ok()) << sys.status().message();
  ASSERT_EQ(sys->size(), 2u);
  EXPECT_EQ((*sys)[0].system, "A");
  EXPECT_EQ((*sys)[0].score, -2.5);
  EXPECT_FALSE((*sys)[1].scored);
  auto dom = ParseMtmeScoreLines("news\tA\t1\nsocial\tA\t2\n", "d.domain.score", true);
  ASSERT_TRUE(dom.ok());
  EXPECT_EQ((*dom)[1].domain, "social");
  EXPECT_EQ((*dom)[1].line, 2);
  auto twice = ParseMtmeScoreLines("news\tA\t1\nnews\tA\t2\n", "d.domain.score", true);
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.status().message(),
            "d.domain.score:2: field 'system': domain 'news', system 'A' already listed on "
            "line 1");
}

TEST(MtmeReader, DocumentsAndTextLines) {
  auto docs = ParseMtmeDocuments("news\td1\nnews\td1\nsocial\td2\n", "x.docs");
  ASSERT_TRUE(docs.ok()) << docs.status().message();
  EXPECT_EQ(docs->segment_document, (std::vector<int>{0, 0, 1}));
  EXPECT_EQ(docs->segment_domain, (std::vector<int>{0, 0, 1}));
  EXPECT_EQ(docs->domain_names, (std::vector<std::string>{"news", "social"}));
  auto conflict = ParseMtmeDocuments("news\td1\nsocial\td1\n", "x.docs");
  ASSERT_FALSE(conflict.ok());
  EXPECT_EQ(conflict.status().message(),
            "x.docs:2: field 'domain': document 'd1' is in domain 'social' here and in 'news' "
            "on line 1");
  auto gap = ParseMtmeDocuments("news\td1\n\nnews\td1\n", "x.docs");
  ASSERT_FALSE(gap.ok());
  EXPECT_EQ(gap.status().message().rfind("x.docs:2: field 'domain': empty line", 0), 0u);
  // A BOM dropped, empty lines kept as empty segments, the final newline ends the last line.
  auto lines = ParseMtmeTextLines("\xEF\xBB\xBFone\n\n\nfour\n", "o.txt");
  ASSERT_TRUE(lines.ok());
  EXPECT_EQ(*lines, (std::vector<std::string>{"one", "", "", "four"}));
  auto unterminated = ParseMtmeTextLines("a\nb", "o.txt");
  EXPECT_EQ(*unterminated, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(ParseMtmeTextLines("", "o.txt")->empty());
  auto bad = ParseMtmeTextLines("a\nb\xFF\n", "o.txt");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message().rfind("o.txt:2: ", 0), 0u);
}

// A small set: 4 source lines, 2 documents in 2 domains, human "mqm" (gzip) with refA and
// two systems, one metric with a reference variant that leaves refA out and a -src one.
class MtmeSetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    parent_ = TempDir("mtme");
    root_ = parent_ + "/wmt99";
    for (const char* d : {"sources", "documents", "references", "human-scores",
                          "metric-scores/xx-yy", "system-outputs/xx-yy"}) {
      fs::create_directories(root_ + "/" + d);
    }
    WriteFile(root_ + "/sources/xx-yy.txt", "s1\ns2\ns3\ns4\n");
    WriteFile(root_ + "/documents/xx-yy.docs", "news\tdA\nnews\tdA\nsocial\tdB\nsocial\tdB\n");
    WriteFile(root_ + "/references/xx-yy.refA.txt", "r1\nr2\nr3\nr4\n");
    WriteFile(root_ + "/system-outputs/xx-yy/refA.txt", "r1\nr2\nr3\nr4\n");
    WriteFile(root_ + "/system-outputs/xx-yy/S1.txt", "\xEF\xBB\xBFo1\n\no3\no4\n");
    WriteFile(root_ + "/system-outputs/xx-yy/S2.txt", "p1\np2\np3\np4\n");
    // S2 before S1; segment 2 unscored for every system; refA scored on all but 2.
    WriteFile(root_ + "/human-scores/xx-yy.mqm.seg.score",
              "S2\t-1\nS2\tNone\nS2\t-3\nS2\t-0.0\n"
              "S1\t-2\nS1\tNone\nS1\t-4\nS1\t-6\n"
              "refA\t0\nrefA\tNone\nrefA\t-1\nrefA\t-0.0\n");
    ASSERT_EQ(std::system(("gzip -f " + root_ + "/human-scores/xx-yy.mqm.seg.score").c_str()), 0);
    WriteFile(root_ + "/metric-scores/xx-yy/M-refA.seg.score",
              "S1\t0.1\nS1\t0.2\nS1\t0.3\nS1\t0.4\nS2\t0.5\nS2\t0.5\nS2\t0.7\nS2\t0.8\n");
    WriteFile(root_ + "/metric-scores/xx-yy/K-src.seg.score",
              "S1\t1\nS1\t2\nS1\t3\nS1\t5\nS2\t1\nS2\t1\nS2\t1\nS2\t1\n"
              "refA\t9\nrefA\t8\nrefA\t7\nrefA\t6\n");
  }
  void TearDown() override { fs::remove_all(parent_); }

  std::string parent_, root_;
};

TEST_F(MtmeSetTest, ReadsTheSetFromItsFolderOrTheFolderHoldingIt) {
  MtmeReadOptions o;
  o.language_pair = "xx-yy";
  o.read_texts = true;
  for (const std::string& path : {root_, parent_}) {
    auto set = ReadMtmeEvalSet(path, o);
    ASSERT_TRUE(set.ok()) << set.status().message();
    EXPECT_EQ(set->root, root_);
    EXPECT_EQ(set->num_segments, 4);
    ASSERT_EQ(set->human.size(), 1u);
    EXPECT_EQ(set->human[0].name, "mqm");
    ASSERT_EQ(set->metrics.size(), 2u);
    EXPECT_EQ(set->metrics[0].name, "K-src");
    EXPECT_EQ(set->reference_names, (std::vector<std::string>{"refA"}));
    EXPECT_EQ(set->output_systems, (std::vector<std::string>{"S1", "S2", "refA"}));
    EXPECT_EQ(set->outputs[0], (std::vector<std::string>{"o1", "", "o3", "o4"}));
    EXPECT_EQ(set->documents.document_names, (std::vector<std::string>{"dA", "dB"}));
  }
  o.read_texts = false;
  o.metrics = {"M"};  // METRIC alone names its one REF variant
  auto set = ReadMtmeEvalSet(parent_, o);
  ASSERT_TRUE(set.ok()) << set.status().message();
  ASSERT_EQ(set->metrics.size(), 1u);
  EXPECT_EQ(set->metrics[0].name, "M-refA");
  o.metrics = {"XCOMET"};
  EXPECT_EQ(ReadMtmeEvalSet(parent_, o).status().code(), StatusCode::kNotFound);
  o.metrics = {};
  o.language_pair = "";
  EXPECT_FALSE(ReadMtmeEvalSet(parent_, o).ok());
  o.language_pair = "zz-yy";
  auto none = ReadMtmeEvalSet(parent_, o);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("no mt-metrics-eval set with language pair 'zz-yy'"),
            std::string::npos);
}

TEST_F(MtmeSetTest, SeveralSetsWithThePairTakeWmt23ElseTheNewest) {
  for (const char* name : {"wmt22", "wmt23.sent", "wmt24"}) {
    fs::copy(root_, parent_ + "/" + name, fs::copy_options::recursive);
  }
  // wmt99 (the fixture's) is the newest; wmt23 absent.
  std::string note;
  auto root = FindMtmeRoot(parent_, "xx-yy", "", &note);
  ASSERT_TRUE(root.ok()) << root.status().message();
  EXPECT_EQ(*root, root_);
  EXPECT_EQ(note, "read set wmt99 of wmt22, wmt23.sent, wmt24, wmt99 (the sets with language "
                  "pair xx-yy; choose with the set's folder)");
  fs::remove_all(root_);
  EXPECT_EQ(*FindMtmeRoot(parent_, "xx-yy"), parent_ + "/wmt24");
  fs::remove_all(parent_ + "/wmt24");
  EXPECT_EQ(*FindMtmeRoot(parent_, "xx-yy"), parent_ + "/wmt23.sent");  // 23 > 22
  fs::copy(parent_ + "/wmt22", parent_ + "/wmt23", fs::copy_options::recursive);
  EXPECT_EQ(*FindMtmeRoot(parent_, "xx-yy"), parent_ + "/wmt23");  // the plain name first
  fs::copy(parent_ + "/wmt22", parent_ + "/wmt25", fs::copy_options::recursive);
  EXPECT_EQ(*FindMtmeRoot(parent_, "xx-yy"), parent_ + "/wmt23");  // wmt23 by default
  EXPECT_EQ(*FindMtmeRoot(parent_, "xx-yy", "wmt22"), parent_ + "/wmt22");
  EXPECT_EQ(FindMtmeRoot(parent_, "xx-yy", "wmt21").status().code(), StatusCode::kNotFound);
  MtmeReadOptions o;
  o.language_pair = "xx-yy";
  auto set = ReadMtmeEvalSet(parent_, o);
  ASSERT_TRUE(set.ok());
  ASSERT_EQ(set->notes.size(), 1u);
  EXPECT_EQ(set->notes[0].rfind("read set wmt23 of wmt22, wmt23, wmt23.sent, wmt25", 0), 0u);
}

TEST_F(MtmeSetTest, HumanJudgmentsGiveTheMeanOfTheScoredSegments) {
  MtmeReadOptions o;
  o.language_pair = "xx-yy";
  auto set = ReadMtmeEvalSet(root_, o);
  ASSERT_TRUE(set.ok()) << set.status().message();
  EXPECT_EQ(*MtmeHumanScoreForProtocol(*set, "mqm", ""), "mqm");
  EXPECT_EQ(*MtmeHumanScoreForProtocol(*set, "mqm-holm", ""), "mqm");
  EXPECT_EQ(MtmeHumanScoreForProtocol(*set, "da", "").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(*MtmeHumanScoreForProtocol(*set, "da", "mqm"), "mqm");
  auto j = MtmeHumanJudgments(*set, "mqm");
  ASSERT_TRUE(j.ok()) << j.status().message();
  EXPECT_EQ(j->rows.size(), 9u);  // 3 systems x 3 scored segments
  auto scores = ComputeDaScores(*j);
  ASSERT_TRUE(scores.ok());
  std::map<std::string, double> mean;
  for (int s = 0; s < scores->num_systems(); ++s) {
    mean[scores->systems[s]] = scores->system_scores[s].z;
  }
  EXPECT_DOUBLE_EQ(mean["S2"], (-1 - 3 + 0) / 3.0);
  EXPECT_DOUBLE_EQ(mean["S1"], (-2 - 4 - 6) / 3.0);
  EXPECT_DOUBLE_EQ(mean["refA"], (0 - 1 + 0) / 3.0);
}

TEST_F(MtmeSetTest, ScoredTableLeavesOutWhatAMetricDoesNotScore) {
  MtmeReadOptions o;
  o.language_pair = "xx-yy";
  auto set = ReadMtmeEvalSet(root_, o);
  ASSERT_TRUE(set.ok());
  MtmeTableOptions t;
  t.human_score = "mqm";
  auto table = MtmeScoredSegments(*set, t);
  ASSERT_TRUE(table.ok()) << table.status().message();
  // refA is left out (M-refA does not score it); S2's K-src is constant: dropped for it.
  ASSERT_EQ(table->systems.size(), 2u);
  EXPECT_EQ(table->systems[0].name, "S2");
  EXPECT_EQ(table->metric_names, (std::vector<std::string>{"K-src", "M-refA"}));
  EXPECT_EQ(table->segment_ids, (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_EQ(table->systems[1].human, (std::vector<double>{-2, 0, -4, -6}));
  EXPECT_EQ(table->systems[1].annotated, (std::vector<uint8_t>{1, 0, 1, 1}));
  EXPECT_EQ(table->systems[1].metrics, (std::vector<double>{1, 0.1, 2, 0.2, 3, 0.3, 5, 0.4}));
  EXPECT_EQ(table->systems[0].active_metrics, (std::vector<int>{1}));
  EXPECT_EQ(table->systems[1].active_metrics, (std::vector<int>{0, 1}));
  ASSERT_EQ(table->warnings.size(), 2u);
  EXPECT_NE(table->warnings[0].find("system 'refA' left out: metric 'M-refA'"), std::string::npos);
  EXPECT_EQ(table->document_ids, (std::vector<std::string>{"dA", "dB"}));
  // Domains as strata, only the segments every system has scores for.
  t.strata = MtmeStrata::kDomain;
  t.scored_only = true;
  table = MtmeScoredSegments(*set, t);
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(table->segment_ids, (std::vector<std::string>{"1", "3", "4"}));
  EXPECT_EQ(table->segment_document, (std::vector<int>{0, 1, 1}));
  EXPECT_EQ(table->document_ids, (std::vector<std::string>{"news", "social"}));
  EXPECT_EQ(table->systems[1].human, (std::vector<double>{-2, -4, -6}));
  EXPECT_EQ(table->systems[1].segment, (std::vector<int>{0, 1, 2}));
}

TEST_F(MtmeSetTest, TextsAsCampaignContent) {
  MtmeReadOptions o;
  o.language_pair = "xx-yy";
  o.read_texts = true;
  auto set = ReadMtmeEvalSet(root_, o);
  ASSERT_TRUE(set.ok()) << set.status().message();
  auto texts = MtmeCampaignTexts(*set, {});
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->format, "mtme");
  EXPECT_EQ(texts->source_language, "xx");
  EXPECT_EQ(texts->target_language, "yy");
  EXPECT_EQ(texts->systems, (std::vector<std::string>{"S1", "S2"}));  // refA is the reference
  ASSERT_EQ(texts->segments.size(), 4u);
  EXPECT_EQ(texts->segments[2].key, "3");
  EXPECT_EQ(texts->segments[2].document, "dB");
  EXPECT_EQ(texts->segments[2].source, "s3");
  EXPECT_EQ(texts->segments[2].references, (std::vector<std::string>{"r3"}));
  EXPECT_EQ(texts->segments[0].outputs[0], std::optional<std::string>("o1"));  // no BOM
  EXPECT_EQ(texts->segments[1].outputs[0], std::optional<std::string>(""));     // empty line
  EXPECT_EQ(texts->NumGaps(), 0);
  MtmeContentOptions keep;
  keep.keep_reference_system = true;
  EXPECT_EQ(MtmeCampaignTexts(*set, keep)->systems.size(), 3u);
  o.read_texts = false;
  auto bare = ReadMtmeEvalSet(root_, o);
  EXPECT_FALSE(MtmeCampaignTexts(*bare, {}).ok());
}

TEST_F(MtmeSetTest, ReadsOneSegmentScoreFileGzipped) {
  auto set = ReadMtmeEvalSet(root_ + "/human-scores/xx-yy.mqm.seg.score.gz", {});
  ASSERT_TRUE(set.ok()) << set.status().message();
  ASSERT_EQ(set->human.size(), 1u);
  EXPECT_EQ(set->human[0].name, "mqm");
  EXPECT_EQ(set->num_segments, 4);
  EXPECT_EQ(*MtmeHumanScoreForProtocol(*set, "da", ""), "mqm");  // its one score
}

TEST_F(MtmeSetTest, ASourceLineCountMismatchNamesTheFile) {
  WriteFile(root_ + "/documents/xx-yy.docs", "news\tdA\n");
  MtmeReadOptions o;
  o.language_pair = "xx-yy";
  auto set = ReadMtmeEvalSet(root_, o);
  ASSERT_FALSE(set.ok());
  EXPECT_EQ(set.status().message(),
            root_ + "/documents/xx-yy.docs: 1 lines, but the source has 4 (one DOMAIN DOCID "
                    "line per segment)");
}

// The official file read here on its own: SYSTEM<TAB>SCORE (or DOMAIN<TAB>SYSTEM<TAB>SCORE).
std::map<std::string, double> ReadOfficial(const std::string& path, bool domain) {
  std::map<std::string, double> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string a, b, c;
    fields >> a >> b;
    if (domain) {
      fields >> c;
      out[a + "/" + b] = std::stod(c);
    } else {
      out[a] = std::stod(b);
    }
  }
  return out;
}

TEST(MtmeReaderWmt23, EveryHumanScoreEqualsTheOfficialSystemAndDomainScores) {
  TOURNEY_REQUIRE_SHARED(kMtme);
  const std::string root = SharedPath(kMtme);
  int checked_files = 0;
  for (const auto& entry : fs::directory_iterator(root + "/human-scores")) {
    const std::string file = entry.path().filename().string();
    const std::string suffix = ".seg.score";
    if (!file.ends_with(suffix)) continue;
    const std::string stem = file.substr(0, file.size() - suffix.size());  // en-de.mqm
    const std::string pair = stem.substr(0, stem.find('.'));
    const std::string name = stem.substr(stem.find('.') + 1);
    SCOPED_TRACE(stem);
    MtmeReadOptions o;
    o.language_pair = pair;
    o.human_scores = {name};
    o.metrics = {"none"};
    auto set = ReadMtmeEvalSet(SharedPath("data/wmt23-mtme"), o);
    ASSERT_TRUE(set.ok()) << set.status().message();
    auto j = MtmeHumanJudgments(*set, name);
    ASSERT_TRUE(j.ok()) << j.status().message();
    auto scores = ComputeDaScores(*j);
    ASSERT_TRUE(scores.ok());
    const auto official = ReadOfficial(root + "/human-scores/" + stem + ".sys.score", false);
    ASSERT_FALSE(official.empty());
    int scored_systems = 0;
    for (int s = 0; s < scores->num_systems(); ++s) {
      if (scores->system_scores[s].segments == 0) continue;
      ++scored_systems;
      auto it = official.find(scores->systems[s]);
      ASSERT_NE(it, official.end()) << scores->systems[s];
      EXPECT_NEAR(scores->system_scores[s].z, it->second, 1e-9) << scores->systems[s];
    }
    // Every official system with a score is on the board (none means None there).
    EXPECT_EQ(scored_systems, static_cast<int>(official.size()));
    // Domain means from the reader's documents against the official .domain.score.
    const MtmeSegmentScores& h = *set->Human(name);
    const auto domain = ReadOfficial(root + "/human-scores/" + stem + ".domain.score", true);
    int domain_checked = 0;
    for (int s = 0; s < h.num_systems(); ++s) {
      std::map<std::string, std::pair<double, int>> sums;
      for (int64_t k = 0; k < h.num_segments; ++k) {
        if (!h.scored[s][k]) continue;
        auto& sum = sums[set->documents.domain_names[set->documents.segment_domain[k]]];
        sum.first += h.scores[s][k];
        ++sum.second;
      }
      for (const auto& [d, sum] : sums) {
        auto it = domain.find(d + "/" + h.systems[s]);
        ASSERT_NE(it, domain.end()) << d << "/" << h.systems[s];
        EXPECT_NEAR(sum.first / sum.second, it->second, 1e-9);
        ++domain_checked;
      }
    }
    EXPECT_GT(domain_checked, 0);
    ++checked_files;
  }
  EXPECT_EQ(checked_files, 3);  // en-de mqm, en-de da-sqm, he-en mqm (the data README)
}

TEST(MtmeReaderWmt23, TextsHaveTheReadmesQuirks) {
  TOURNEY_REQUIRE_SHARED(kMtme);
  MtmeReadOptions o;
  o.language_pair = "he-en";
  o.read_texts = true;
  o.metrics = {"none"};
  auto he = ReadMtmeEvalSet(SharedPath("data/wmt23-mtme"), o);
  ASSERT_TRUE(he.ok()) << he.status().message();
  EXPECT_EQ(he->num_segments, 1910);
  EXPECT_EQ(he->documents.document_names.size(), 94u);
  EXPECT_EQ(he->output_systems.size(), 14u);
  int empty = 0;
  for (size_t s = 0; s < he->output_systems.size(); ++s) {
    if (he->output_systems[s] != "ZengHuiMT") continue;
    for (const std::string& line : he->outputs[s]) empty += line.empty();
  }
  EXPECT_EQ(empty, 14);  // the README: 14 empty translations
  o.language_pair = "en-de";
  auto de = ReadMtmeEvalSet(SharedPath("data/wmt23-mtme"), o);
  ASSERT_TRUE(de.ok()) << de.status().message();
  EXPECT_EQ(de->num_segments, 557);
  EXPECT_EQ(de->documents.document_names.size(), 192u);
  EXPECT_EQ(de->documents.domain_names.size(), 4u);
  for (size_t s = 0; s < de->output_systems.size(); ++s) {
    if (de->output_systems[s] != "AIRC") continue;
    EXPECT_NE(de->outputs[s][0].rfind("\xEF\xBB\xBF", 0), 0u);  // the BOM is gone
  }
}

}  // namespace
}  // namespace tourney
