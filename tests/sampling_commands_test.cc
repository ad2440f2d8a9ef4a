// The sampling-study, sample and estimate commands end to end: outputs, exit statuses and
// error messages on bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <cmath>
#include <fstream>
#include <map>
#include <tuple>
#include <utility>
#include <sstream>
#include <string>
#include <vector>

#include "sampling_test_util.h"
#include "test_util.h"

namespace tourney {
namespace {

std::string WriteTemp(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir("sampling_cmd") + "/" + name;
  testing::WriteFile(path, text);
  return path;
}

TEST(SamplingCommands, StudyJsonHasTheIssuesKeys) {
  const std::string f = WriteTemp("sampling_cmd_full.tsv", testing::SyntheticScoredTable(2, 20, 1));
  auto r = testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f +
                               " --draws 4 --sizes 20,50 --methods docs-prop,cv-knn "
                               "--format json --bin-size 10");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"docs-prop\", \"abs_error\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"size_pct\": 50, \"coverage\""), std::string::npos);
  // --stopping: one object per bound and tolerance, the confidence sequence among them.
  auto st = testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f +
                                " --draws 4 --methods baseline --stopping 0.5 --stopping-every 5"
                                " --format json");
  EXPECT_EQ(st.exit_code, 0) << st.err;
  EXPECT_NE(st.out.find("{\"bound\": \"betting-cs\", \"method\": \"baseline\", \"tolerance\": 0.5, "
                         "\"coverage\": "),
            std::string::npos)
      << st.out;
  auto bad = testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f +
                                 " --draws 4 --stopping 0.5,abc");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("option '--stopping': 'abc' is not a number > 0"), std::string::npos)
      << bad.err;
}

TEST(SamplingCommands, SampleAndEstimate) {
  const std::string f =
      WriteTemp("sampling_cmd_part.tsv", testing::SyntheticScoredTable(3, 30, 2, 0.5));
  auto s = testing::RunCommand(testing::BinPath("tourney") + " " + "sample " + f +
                               " --n 10 --design docs-prop --seed 3");
  EXPECT_EQ(s.exit_code, 0) << s.err;
  int lines = 0;
  for (char c : s.out) lines += c == '\n';
  EXPECT_EQ(lines, 10);
  auto e = testing::RunCommand(testing::BinPath("tourney") + " " + "estimate " + f +
                               " --lower-is-better --format csv");
  EXPECT_EQ(e.exit_code, 0) << e.err;
  EXPECT_NE(e.out.find("rank,cluster,system"), std::string::npos) << e.out;
}

TEST(SamplingCommands, GoogleMqmErrorRowsAreReadAsAScoredTable) {
  // Two systems, two segments, two raters: A on segment 1 has a Major (5) from r1 and a
  // Minor (1) from r2, so its MQM is (5 + 1) / 2 = 3; segment 2 No-error from both: 0. B has
  // a Minor/Fluency/Punctuation (0.1) from r1 on segment 1 (r2: no error), 0.05, and a
  // Non-translation! (25) from both on segment 2: 25. Means: A 1.5, B 12.525.
  const std::string header =
      "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n";
  const std::string rows =
      "A\td1\t1\t1\tr1\ts\tt\tAccuracy/Mistranslation\tMajor\n"
      "A\td1\t1\t1\tr2\ts\tt\tFluency/Grammar\tMinor\n"
      "A\td1\t2\t2\tr1\ts\tt\tNo-error\tNo-error\n"
      "A\td1\t2\t2\tr2\ts\tt\tNo-error\tNo-error\n"
      "B\td1\t1\t1\tr1\ts\tt\tFluency/Punctuation\tMinor\n"
      "B\td1\t1\t1\tr2\ts\tt\tNo-error\tNo-error\n"
      "B\td1\t2\t2\tr1\ts\tt\tNon-translation!\tMajor\n"
      "B\td1\t2\t2\tr2\ts\tt\tNon-translation!\tMajor\n";
  const std::string f = WriteTemp("errors.mqm.tsv", header + rows);
  auto e = testing::RunCommand(testing::BinPath("tourney") + " estimate " + f +
                               " --input-format google-mqm --lower-is-better --estimator mean"
                               " --bound clt --test-set-size 2 --format json");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_NE(e.out.find("\"name\": \"A\", \"estimate\": 1.5,"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("\"name\": \"B\", \"estimate\": 12.525,"), std::string::npos) << e.out;
  auto bad = testing::RunCommand(testing::BinPath("tourney") + " estimate " + f +
                                 " --input-format google-mqm --metrics chrF");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("option '--metrics' does not apply to --input-format google-mqm"),
            std::string::npos)
      << bad.err;
}

TEST(SamplingCommands, BadInputExitsWithStatusTwoAndNamesTheLine) {
  const std::string f =
      WriteTemp("sampling_cmd_bad.tsv", "system\tdoc\tseg\tmqm\tm\nA\td\t1\toops\t0.5\n");
  auto e = testing::RunCommand(testing::BinPath("tourney") + " " + "estimate " + f);
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_TRUE(e.out.empty());
  EXPECT_NE(e.err.find("sampling_cmd_bad.tsv:2: column 'mqm': 'oops' is not a number"),
            std::string::npos)
      << e.err;
  auto s =
      testing::RunCommand(testing::BinPath("tourney") + " " + "sampling-study " + f + " --draws 1");
  EXPECT_EQ(s.exit_code, 2);
  auto d = testing::RunCommand(testing::BinPath("tourney") + " " + "sample " + f +
                               " --n 1 --design nope");
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("unknown design 'nope'"), std::string::npos);
}

// sample -> annotate -> estimate with tourney's own files: the sample records its design and
// writes only rows the systems have (the audit: --format tsv invented rows for segments a
// system lacks, and estimate took a table of the annotated rows as the whole test set).
TEST(SamplingCommands, SampleFileRoundTripsThroughEstimate) {
  // Two systems on 40 segments in 4 documents; B lacks segment 7. Scores: A i % 5, B i % 3.
  std::string table = "system\tdoc\tseg\tmqm\tm\n";
  for (const char* sys : {"A", "B"}) {
    for (int i = 0; i < 40; ++i) {
      if (std::string(sys) == "B" && i == 7) continue;
      table += std::string(sys) + "\td" + std::to_string(i / 10) + "\ts" + std::to_string(i) +
               "\t\t" + std::to_string(0.25 + 0.5 * ((i * 7) % 11)) + "\n";
    }
  }
  const std::string f = WriteTemp("roundtrip_in.tsv", table);
  auto s = testing::RunCommand(testing::BinPath("tourney") + " sample " + f +
                               " --n 12 --design docs-prop --seed 5 --format tsv");
  ASSERT_EQ(s.exit_code, 0) << s.err;
  std::istringstream lines(s.out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.rfind("# tourney sample: design=docs-prop n=12 test_set=40 seed=5 system=A", 0),
            0u)
      << line;
  std::getline(lines, line);
  EXPECT_EQ(line, "system\tdoc\tseg\tmqm\tm\tsampled\tinclusion\torder");
  // Fill in the sampled rows' scores as an annotator would; count rows per system.
  std::string annotated = "# tourney sample: design=docs-prop n=12 test_set=40 seed=5 system=A\n" +
                          line + "\n";
  int rows_a = 0, rows_b = 0, sampled_a = 0;
  double sum_a = 0.0;
  bool b_has_s7 = false;
  while (std::getline(lines, line)) {
    std::vector<std::string> f;
    std::istringstream cells(line);
    for (std::string c; std::getline(cells, c, '\t');) f.push_back(c);
    ASSERT_EQ(f.size(), 8u) << line;
    const int i = std::stoi(f[2].substr(1));
    EXPECT_EQ(f[6], "0.3") << line;  // π = n/N = 12/40 for every segment
    if (f[0] == "B" && i == 7) b_has_s7 = true;
    (f[0] == "A" ? rows_a : rows_b) += 1;
    if (f[5] == "1") {
      f[3] = std::to_string(f[0] == "A" ? i % 5 : i % 3);
      if (f[0] == "A") {
        ++sampled_a;
        sum_a += i % 5;
      }
    }
    for (size_t k = 0; k < f.size(); ++k) annotated += (k ? "\t" : "") + f[k];
    annotated += "\n";
  }
  EXPECT_EQ(rows_a, 40);
  EXPECT_EQ(rows_b, 39);
  EXPECT_FALSE(b_has_s7);
  EXPECT_EQ(sampled_a, 12);
  const std::string g = WriteTemp("roundtrip_annotated.tsv", annotated);
  // The recorded design is used (docs-prop, equal π): A's estimate is its sample's mean.
  auto e = testing::RunCommand(testing::BinPath("tourney") + " estimate " + g +
                               " --estimator mean --bound clt --format json");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  const std::string want = "\"name\": \"A\", \"estimate\": ";
  const size_t at = e.out.find(want);
  ASSERT_NE(at, std::string::npos) << e.out;
  EXPECT_NEAR(std::stod(e.out.substr(at + want.size())), sum_a / 12, 1e-12);
  // The table records the serving order: with --tolerance and a declared range, the
  // default interval is cv-cs, the confidence sequence (valid where scoring stops on it);
  // without the range, bootstrap-t, with a warning that stopping on it is not covered.
  auto seq = testing::RunCommand(testing::BinPath("tourney") + " estimate " + g +
                                 " --tolerance 0.5 --score-min 0 --score-max 4");
  ASSERT_EQ(seq.exit_code, 0) << seq.err;
  EXPECT_NE(seq.out.find("95% cv-cs intervals"), std::string::npos) << seq.out;
  auto boot = testing::RunCommand(testing::BinPath("tourney") + " estimate " + g +
                                  " --tolerance 0.5");
  ASSERT_EQ(boot.exit_code, 0) << boot.err;
  EXPECT_NE(boot.out.find("95% bootstrap-t intervals"), std::string::npos) << boot.out;
  EXPECT_NE(boot.err.find("breaks that"), std::string::npos) << boot.err;
  // A design that contradicts the record is refused.
  auto contra = testing::RunCommand(testing::BinPath("tourney") + " estimate " + g +
                                    " --design random --estimator mean");
  EXPECT_EQ(contra.exit_code, 2);
  EXPECT_NE(contra.err.find("records design 'docs-prop'"), std::string::npos) << contra.err;
  // Only the annotated rows, without the rest of the test set: refused unless the size is
  // given.
  std::string only = "system\tdoc\tseg\tmqm\nA\td\t1\t1\nA\td\t2\t3\nA\td\t3\t2\n";
  const std::string h = WriteTemp("only_annotated.tsv", only);
  auto refused = testing::RunCommand(testing::BinPath("tourney") + " estimate " + h +
                                     " --design random --estimator mean --tolerance 0.1");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("--test-set-size"), std::string::npos) << refused.err;
  auto sized = testing::RunCommand(testing::BinPath("tourney") + " estimate " + h +
                                   " --design random --estimator mean --test-set-size 30 "
                                   "--tolerance 0.1 --format csv");
  EXPECT_EQ(sized.exit_code, 0) << sized.err;
  EXPECT_NE(sized.out.find(",no,"), std::string::npos) << sized.out;
}

// The default score column is mqm, where lower is better: without --lower-is-better the
// command says so, and every output states the direction.
TEST(SamplingCommands, EstimateWarnsAboutTheDirectionOfAnMqmColumn) {
  const std::string f =
      WriteTemp("direction.tsv", testing::SyntheticScoredTable(2, 30, 2, 0.5));
  auto e = testing::RunCommand(testing::BinPath("tourney") + " estimate " + f);
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_NE(e.err.find("looks like MQM error points"), std::string::npos) << e.err;
  EXPECT_NE(e.out.find("higher is better"), std::string::npos);
  auto l = testing::RunCommand(testing::BinPath("tourney") + " estimate " + f +
                               " --lower-is-better --format json");
  EXPECT_EQ(l.err.find("looks like MQM"), std::string::npos);
  EXPECT_NE(l.out.find("\"lower_is_better\": true"), std::string::npos);
}

// N6 (issue 45): a table written by `tourney sample` records the system whose metrics its
// design read; leaving that system out with --exclude-system failed with "option
// '--system': no system ..." although --system was not given. docs-prop's recorded
// inclusion probabilities do not need that system: B is estimated alone, and its estimate is
// the mean of its sampled scores (docs-prop with equal documents: equal probabilities).
// A metric-binned design needs the system's bins: refused, naming --exclude-system.
TEST(SamplingCommands, EstimatesATableWithoutItsRecordedSystem) {
  std::string table = "system\tdoc\tseg\tmqm\tm\n";
  for (const char* sys : {"A", "B"}) {
    for (int i = 0; i < 40; ++i) {
      table += std::string(sys) + "\td" + std::to_string(i / 10) + "\ts" + std::to_string(i) +
               "\t\t" + std::to_string(0.25 + 0.5 * ((i * 7) % 11)) + "\n";
    }
  }
  const std::string f = WriteTemp("exclude_in.tsv", table);
  for (const char* design : {"docs-prop", "metrics-prop"}) {
    SCOPED_TRACE(design);
    auto s = testing::RunCommand(testing::BinPath("tourney") + " sample " + f +
                                 " --n 12 --seed 5 --bin-size 10 --format tsv --design " +
                                 design);
    ASSERT_EQ(s.exit_code, 0) << s.err;
    // Fill in the sampled rows: B's score is i % 3.
    std::istringstream lines(s.out);
    std::string annotated, line;
    double sum_b = 0.0;
    int sampled_b = 0;
    while (std::getline(lines, line)) {
      std::vector<std::string> cells;
      std::istringstream in(line);
      for (std::string c; std::getline(in, c, '\t');) cells.push_back(c);
      if (cells.size() >= 8 && cells[0] != "system" && line[0] != '#' && cells[5] == "1") {
        const int i = std::stoi(cells[2].substr(1));
        cells[3] = std::to_string(cells[0] == "A" ? i % 5 : i % 3);
        if (cells[0] == "B") {
          sum_b += i % 3;
          ++sampled_b;
        }
      }
      for (size_t k = 0; k < cells.size(); ++k) annotated += (k ? "\t" : "") + cells[k];
      annotated += "\n";
    }
    const std::string g = WriteTemp(std::string("exclude_") + design + ".tsv", annotated);
    auto e = testing::RunCommand(testing::BinPath("tourney") + " estimate " + g +
                                 " --exclude-system A --estimator mean --bound clt "
                                 "--bin-size 10 --format json");
    EXPECT_EQ(e.err.find("option '--system'"), std::string::npos) << e.err;
    if (std::string(design) == "docs-prop") {
      ASSERT_EQ(e.exit_code, 0) << e.err;
      ASSERT_EQ(sampled_b, 12);
      const std::string want = "\"name\": \"B\", \"estimate\": ";
      const size_t at = e.out.find(want);
      ASSERT_NE(at, std::string::npos) << e.out;
      EXPECT_NEAR(std::stod(e.out.substr(at + want.size())), sum_b / 12, 1e-12);
      EXPECT_EQ(e.out.find("\"name\": \"A\""), std::string::npos) << e.out;
    } else {
      EXPECT_EQ(e.exit_code, 2);
      EXPECT_NE(e.err.find("option '--exclude-system': the table's design 'metrics-prop' binned "
                           "the segments by the metrics of system 'A'"),
                std::string::npos)
          << e.err;
    }
  }
}

// The JSON leaderboard of estimate gave every entry rank_lo = rank_hi = rank and wins,
// losses and ties "0" (issue 45). Now: the ranks the intervals allow, computed here from
// the intervals the same JSON prints, and no outcome counts. B and C score alike (5, 6
// alternating), well above A (1, 2): B and C share ranks 1-2, A is 3rd for certain.
TEST(SamplingCommands, EstimateRanksAreTheRangesTheIntervalsAllow) {
  std::string table = "system\tdoc\tseg\tscore\tm\n";
  for (int i = 0; i < 20; ++i) {
    const bool annotated = i < 10;
    const std::string a = annotated ? std::to_string(1 + i % 2) : "";
    const std::string b = annotated ? std::to_string(5 + i % 2) : "";
    const std::string c = annotated ? std::to_string(5 + (i / 2) % 2) : "";
    for (auto [sys, score] : {std::pair{"A", a}, std::pair{"B", b}, std::pair{"C", c}}) {
      table += std::string(sys) + "\td\ts" + std::to_string(i) + "\t" + score + "\t" +
               std::to_string(0.1 * i) + "\n";
    }
  }
  const std::string f = WriteTemp("ranks.tsv", table);
  auto e = testing::RunCommand(testing::BinPath("tourney") + " estimate " + f +
                               " --score score --design random --estimator mean --bound clt "
                               "--format json");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  auto number_after = [&](const std::string& key, size_t from) {
    const size_t at = e.out.find(key, from);
    EXPECT_NE(at, std::string::npos) << key << e.out;
    return at == std::string::npos ? 0.0 : std::stod(e.out.substr(at + key.size()));
  };
  // The systems' intervals, as the JSON's "systems" prints them.
  std::map<std::string, std::pair<double, double>> interval;
  for (const char* sys : {"A", "B", "C"}) {
    const size_t at = e.out.find(std::string("{\"name\": \"") + sys + "\"");
    ASSERT_NE(at, std::string::npos) << e.out;
    interval[sys] = {number_after("\"lo\": ", at), number_after("\"hi\": ", at)};
  }
  EXPECT_LT(interval["A"].second, interval["B"].first);
  EXPECT_LT(interval["A"].second, interval["C"].first);
  EXPECT_GT(interval["B"].second, interval["C"].first);
  // The leaderboard's entries: B and C 1-2, A 3-3.
  for (auto [sys, lo, hi] : {std::tuple{"A", 3, 3}, std::tuple{"B", 1, 2}, std::tuple{"C", 1, 2}}) {
    const size_t at = e.out.find(std::string("\"system\": \"") + sys + "\"");
    ASSERT_NE(at, std::string::npos) << e.out;
    EXPECT_EQ(number_after("\"rank_lo\": ", at), lo) << sys;
    EXPECT_EQ(number_after("\"rank_hi\": ", at), hi) << sys;
  }
  EXPECT_NE(e.out.find("\"interval_rank_ranges\": true"), std::string::npos) << e.out;
  for (const char* key : {"\"wins\"", "\"losses\"", "\"ties\""}) {
    EXPECT_EQ(e.out.find(key), std::string::npos) << key << e.out;
  }
}

// sampling-study warned about a constant metric although no method read the metrics (issue
// 45); a method that reads them still hears of it.
TEST(SamplingCommands, StudyWarnsAboutMetricsOnlyWhenAMethodReadsThem) {
  std::string table = "system\tdoc\tseg\tmqm\tm\n";
  for (int i = 0; i < 40; ++i) {
    table += "A\td" + std::to_string(i / 10) + "\ts" + std::to_string(i) + "\t" +
             std::to_string(i % 4) + "\t0.5\n";
    table += "B\td" + std::to_string(i / 10) + "\ts" + std::to_string(i) + "\t" +
             std::to_string(i % 3) + "\t" + std::to_string(0.01 * i) + "\n";
  }
  const std::string f = WriteTemp("constant_metric.tsv", table);
  const std::string study = testing::BinPath("tourney") + " sampling-study " + f +
                            " --draws 2 --sizes 20 --format json --methods ";
  auto plain = testing::RunCommand(study + "random,docs-prop");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.err.find("warning"), std::string::npos) << plain.err;
  auto cv = testing::RunCommand(study + "cv-m");
  ASSERT_EQ(cv.exit_code, 0) << cv.err;
  EXPECT_NE(cv.err.find("metric 'm' is constant for system 'A'"), std::string::npos) << cv.err;
}

// N17 (issue 45): a coverage of every draw printed as 100.00000000000001 (a sum of
// per-system shares). 6 systems x 2 draws: every coverage is k/12 of 100 for a whole k, as
// the shortest number that reads back to 100 k / 12.
TEST(SamplingCommands, StudyCoverageIsACountOverTheDraws) {
  const std::string f = WriteTemp("six_systems.tsv", testing::SyntheticScoredTable(6, 8, 1));
  auto r = testing::RunCommand(testing::BinPath("tourney") + " sampling-study " + f +
                               " --draws 2 --methods baseline --sizes 20,50 --range 10 "
                               "--format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int seen = 0;
  for (size_t at = r.out.find("\"coverage\": "); at != std::string::npos;
       at = r.out.find("\"coverage\": ", at + 1)) {
    const double v = std::stod(r.out.substr(at + 12));
    const double k = std::round(v * 12 / 100);
    EXPECT_EQ(v, 100.0 * k / 12) << r.out.substr(at, 40);
    EXPECT_LE(v, 100.0);
    ++seen;
  }
  EXPECT_GT(seen, 4);
}

// N18 (issue 45): a warning came before the input error that ends the run; the error now
// comes alone.
TEST(SamplingCommands, AnErrorThatEndsTheRunComesWithoutWarnings) {
  const std::string one = WriteTemp(
      "one_annotated.tsv", "system\tdoc\tseg\tmqm\tm\nA\td\t1\t1\t0.5\nA\td\t2\t\t0.7\n"
                           "B\td\t1\t2\t0.1\nB\td\t2\t\t0.3\n");
  auto e = testing::RunCommand(testing::BinPath("tourney") + " estimate " + one);
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_EQ(e.err.find("warning"), std::string::npos) << e.err;
  EXPECT_NE(e.err.find("tourney estimate: "), std::string::npos) << e.err;
  const std::string constant = WriteTemp(
      "constant_small.tsv", "system\tdoc\tseg\tmqm\tm\nA\td\t1\t1\t0.5\nA\td\t2\t\t0.5\n"
                            "B\td\t1\t2\t0.1\nB\td\t2\t\t0.3\n");
  auto s = testing::RunCommand(testing::BinPath("tourney") + " sample " + constant +
                               " --n 5 --design metrics-prop");
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_EQ(s.err.find("warning"), std::string::npos) << s.err;
}

}  // namespace
}  // namespace tourney
