// The top-k benchmark's report (top_k_benchmark.h) as JSON, an aligned table or Markdown:
// `tourney top-k-benchmark` and `tourney simulate --goal top-k` print it.
#ifndef TOURNEY_CLI_TOP_K_REPORT_H_
#define TOURNEY_CLI_TOP_K_REPORT_H_

#include <string>
#include <vector>

#include "tourney/experiments/top_k_benchmark.h"

namespace tourney::cli {

// `names` (system names by id, or null) adds the sets: for a pool replay the true top k and
// the set each run named, and in the table how often each mode named the true set.
std::string TopKJson(const TopKBenchmark& b, const std::string& title,
                     const std::vector<std::string>* names);
std::string TopKTable(const TopKBenchmark& b, bool markdown,
                      const std::vector<std::string>* names);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_TOP_K_REPORT_H_
