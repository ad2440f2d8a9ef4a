// The selection benchmark (tourney/experiments/selection_benchmark.h) as JSON and as a
// two-panel SVG figure.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_SELECTION_BENCHMARK_FORMAT_H_
#define TOURNEY_RENDER_SELECTION_BENCHMARK_FORMAT_H_

#include <string>

#include "tourney/experiments/selection_benchmark.h"

namespace tourney {

// The result as JSON: options, per selector the summaries (means with lo/hi), the curves,
// and every run's measurements.
std::string SelectionBenchmarkJson(const SelectionBenchmark& benchmark, const std::string& title);

// An SVG with two panels, clusters and tau against judgments, one curve per selector with
// a band for the 95% interval across seeds.
std::string SelectionBenchmarkSvg(const SelectionBenchmark& benchmark, const std::string& title);

}  // namespace tourney

#endif  // TOURNEY_RENDER_SELECTION_BENCHMARK_FORMAT_H_
