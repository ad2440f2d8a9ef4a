// Inputs for the benchmarks: the WMT13 fr-en data when present, else a simulated campaign
// of the same shape (13 systems, 9,996 5-way rankings).
#ifndef TOURNEY_BENCH_BENCH_UTIL_H_
#define TOURNEY_BENCH_BENCH_UTIL_H_

#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <string>

#include "tourney/experiments/simulate.h"
#include "tourney/ingest/csv_reader.h"

namespace tourney::bench {

inline std::string SharedDir() {
  if (const char* env = std::getenv("TOURNEY_SHARED_DIR")) return env;
  return TOURNEY_SHARED_DIR;
}

// The text of the fr-en training judgments, or of an equivalent simulated campaign.
inline std::string FrEnText(bool* real = nullptr) {
  const std::string path = SharedDir() + "/data/wmt13-fr-en/train.csv";
  std::string text;
  if (std::filesystem::exists(path) && ReadFileToString(path, &text).ok()) {
    if (real) *real = true;
    return text;
  }
  std::fprintf(stderr, "note: %s absent; benchmarking a simulated campaign of the same shape\n",
               path.c_str());
  CampaignOptions o;
  o.systems = 13;
  o.rankings = 9996;
  o.seed = 7;
  if (real) *real = false;
  return ToWmtCsv(SimulateCampaign(o)->judgments, 5);
}

inline Judgments FrEnJudgments() {
  Judgments j;
  const std::string text = FrEnText();
  (void)ParseJudgments(text, "train.csv", ReadOptions(), &j, nullptr);
  return j;
}

}  // namespace tourney::bench

#endif  // TOURNEY_BENCH_BENCH_UTIL_H_
