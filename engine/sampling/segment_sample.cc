// Segments to annotate from a sampling design (see segment_sample.h).
#include "tourney/sampling/segment_sample.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "tourney/core/random.h"
#include "tourney/sampling/sample_order.h"

namespace tourney {

StatusOr<SegmentSample> SampleSegments(const ScoredSegments& table,
                                       const SegmentSampleOptions& options) {
  if (options.design == Design::kDocsIncrHuman || options.design == Design::kDocsIncrMetrics) {
    return InvalidArgument(
        "design: incremental designs learn from scores as they arrive; sample in batches "
        "with a fixed design instead");
  }
  if (options.design_system < 0 ||
      options.design_system >= static_cast<int>(table.systems.size())) {
    return InvalidArgument("design system: no system " + std::to_string(options.design_system));
  }
  auto population = MakePopulation(table, options.design_system, options.population);
  if (!population.ok()) return population.status();
  const Population& p = *population;
  SegmentSample out;
  out.design = options.design;
  out.seed = options.seed;
  out.design_system = options.design_system;
  out.test_set = p.size;
  if (options.n != 0) {
    if (options.n < 1 || options.n > p.size) {
      return InvalidArgument("n: 1.." + std::to_string(p.size));
    }
    out.n = options.n;
  } else {
    if (!(options.pct > 0 && options.pct <= 100)) return InvalidArgument("pct: in (0, 100]");
    out.n = std::max(1, static_cast<int>(std::lround(p.size * options.pct / 100.0)));
  }
  const size_t segments = table.segment_ids.size();
  if (options.design == Design::kRandom || options.design == Design::kDocsProp) {
    // The design system's first n segments in the order a scoring campaign serves.
    const std::vector<int> order = DrawOrder(table, options.design, options.seed);
    out.order.assign(segments, -1);
    for (size_t k = 0; k < order.size(); ++k) out.order[order[k]] = static_cast<int>(k);
    std::vector<int> mine(p.segment);
    std::sort(mine.begin(), mine.end(),
              [&](int a, int b) { return out.order[a] < out.order[b]; });
    out.segments.assign(mine.begin(), mine.begin() + out.n);
  } else {
    Rng rng(options.seed);
    auto sample = DrawSample(p, options.design, out.n, rng);
    if (!sample.ok()) return sample.status();
    for (int i : sample->items) out.segments.push_back(p.segment[i]);
  }
  std::sort(out.segments.begin(), out.segments.end());
  auto pi = InclusionProbabilities(p, options.design, out.n);
  if (!pi.ok()) return pi.status();
  out.inclusion.assign(segments, 0.0);
  out.sampled.assign(segments, 0);
  for (int i = 0; i < p.size; ++i) out.inclusion[p.segment[i]] = (*pi)[i];
  for (int g : out.segments) out.sampled[g] = 1;
  const std::string& design_name = table.systems[options.design_system].name;
  for (const SystemSegments& sys : table.systems) {
    int missing = 0;
    for (int r = 0; r < sys.size(); ++r) missing += out.inclusion[sys.segment[r]] == 0 ? 1 : 0;
    if (missing > 0) {
      out.warnings.push_back("system '" + sys.name + "' has " + std::to_string(missing) +
                             " segments that the design's system ('" + design_name +
                             "') lacks: they are never drawn, so its estimate leaves them out");
    }
  }
  return out;
}

RecordedDesign ReadRecordedDesign(const ScoredSegments& table) {
  RecordedDesign recorded;
  for (const std::string& note : table.notes) {
    std::istringstream words(note);
    for (std::string token; words >> token;) {
      if (token.rfind("design=", 0) == 0) recorded.design = token.substr(7);
      if (token.rfind("system=", 0) == 0) recorded.system = token.substr(7);
    }
  }
  return recorded;
}

std::string RecordedDesignNote(const ScoredSegments& table, const SegmentSample& sample) {
  std::ostringstream note;
  note << "# tourney sample: design=" << DesignName(sample.design) << " n=" << sample.n
       << " test_set=" << sample.test_set << " seed=" << sample.seed
       << " system=" << table.systems[sample.design_system].name;
  return note.str();
}

}  // namespace tourney
