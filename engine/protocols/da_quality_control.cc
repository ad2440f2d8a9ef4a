// The WMT DA quality-control filter (see tourney/protocols/da_quality_control.h).
#include "tourney/protocols/da_quality_control.h"

#include <map>
#include <tuple>
#include <vector>

#include "tourney/protocols/rank_sum_test.h"

namespace tourney {

StatusOr<DaQualityControl> CheckDaQuality(const DaJudgments& judgments,
                                          const DaQualityControlOptions& options) {
  if (!judgments.has_raw) {
    return InvalidArgument("quality control needs the raw scores; the judgments carry none");
  }
  if (!(options.alpha > 0.0 && options.alpha < 1.0)) {
    return InvalidArgument("quality control: alpha must be in (0, 1)");
  }
  // The first SYSTEM judgment of each (annotator, system, segment).
  std::map<std::tuple<int32_t, int32_t, int32_t>, double> original;
  for (const DaJudgment& j : judgments.rows) {
    if (j.type == DaItemType::kSystem)
      original.try_emplace({j.annotator, j.system, j.segment}, j.raw);
  }
  const size_t n = judgments.annotators.size();
  std::vector<std::vector<double>> x(n), y(n);
  std::map<std::tuple<int32_t, int32_t, int32_t>, bool> used;
  DaQualityControl out;
  for (const DaJudgment& j : judgments.rows) {
    if (j.type != DaItemType::kBadReference) continue;
    const auto key = std::make_tuple(j.annotator, j.system, j.segment);
    const auto it = original.find(key);
    if (it == original.end()) {
      ++out.orphan_bad_items;
      continue;
    }
    if (!used[key]) {
      used[key] = true;
      x[j.annotator].push_back(it->second);
    }
    y[j.annotator].push_back(j.raw);
  }
  RankSumOptions test;
  test.alternative = RankSumAlternative::kGreater;
  out.annotators.resize(n);
  for (size_t a = 0; a < n; ++a) {
    DaAnnotatorCheck& check = out.annotators[a];
    check.annotator = static_cast<int32_t>(a);
    check.originals = static_cast<int64_t>(x[a].size());
    check.bad_items = static_cast<int64_t>(y[a].size());
    if (x[a].empty()) {
      ++out.untested;
      continue;
    }
    auto result = RankSumTest(x[a], y[a], test);
    if (!result.ok()) return result.status();
    check.tested = true;
    check.p_value = result->p_value;
    check.passed = result->p_value < options.alpha;
    ++(check.passed ? out.passed : out.failed);
  }
  for (const DaJudgment& j : judgments.rows) {
    const DaAnnotatorCheck& check = out.annotators[j.annotator];
    if (check.tested && !check.passed) {
      ++out.removed_judgments;
      out.removed_system_items += ScoresSystem(j.type);
    }
  }
  return out;
}

DaJudgments KeepPassingAnnotators(const DaJudgments& judgments, const DaQualityControl& qc) {
  DaJudgments out;
  out.systems = judgments.systems;
  out.annotators = judgments.annotators;
  out.documents = judgments.documents;
  out.has_raw = judgments.has_raw;
  out.warnings = judgments.warnings;
  for (const DaJudgment& j : judgments.rows) {
    const DaAnnotatorCheck& check = qc.annotators[j.annotator];
    if (check.tested && !check.passed) continue;
    ++out.type_counts[static_cast<int>(j.type)];
    out.rows.push_back(j);
  }
  return out;
}

}  // namespace tourney
