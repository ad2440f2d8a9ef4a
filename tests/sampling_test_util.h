// A synthetic scored-segment table for the sampling tests: `systems` systems over
// `documents` documents of 2..7 segments, scores skewed like MQM (many zeros), three
// metrics that track the scores with noise.
#ifndef TOURNEY_TESTS_SAMPLING_TEST_UTIL_H_
#define TOURNEY_TESTS_SAMPLING_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tourney/core/random.h"
#include "tourney/ingest/scored_segment_reader.h"

namespace tourney::testing {

inline std::string SyntheticScoredTable(int systems, int documents, uint64_t seed,
                                        double annotated_share = 1.0) {
  Rng rng(seed);
  std::string text = "system\tdoc\tseg\tmqm\tm1\tm2\tm3\n";
  std::vector<int> doc_of;
  for (int d = 0; d < documents; ++d) {
    const int size = 2 + static_cast<int>(rng.UniformInt(6));
    for (int k = 0; k < size; ++k) doc_of.push_back(d);
  }
  std::vector<double> difficulty(doc_of.size());
  for (double& v : difficulty) v = rng.Uniform();
  std::vector<char> annotated(doc_of.size());
  for (char& a : annotated) a = rng.Uniform() < annotated_share;
  for (int s = 0; s < systems; ++s) {
    for (size_t i = 0; i < doc_of.size(); ++i) {
      const double quality = difficulty[i] + 0.1 * s + 0.3 * rng.Uniform();
      const double mqm = quality < 0.6 ? 0.0 : std::round(8 * (quality - 0.6) * 3) / 3;
      // Appended piece by piece: `"literal" + std::string` trips GCC 12's -Wrestrict.
      text += 'S';
      text += std::to_string(s);
      text += "\td";
      text += std::to_string(doc_of[i]);
      text += '\t';
      text += std::to_string(i);
      text += '\t';
      text += annotated[i] ? std::to_string(mqm) : std::string("None");
      for (int m = 0; m < 3; ++m) {
        text += '\t';
        text += std::to_string(-quality + 0.4 * (m + 1) * rng.Uniform() + 0.001 * m);
      }
      text += "\n";
    }
  }
  return text;
}

inline ScoredSegments SyntheticScored(int systems, int documents, uint64_t seed,
                                      double annotated_share = 1.0) {
  auto t = ParseScoredSegments(SyntheticScoredTable(systems, documents, seed, annotated_share),
                               "synthetic", {});
  EXPECT_TRUE(t.ok()) << t.status().message();
  return *t;
}

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_SAMPLING_TEST_UTIL_H_
