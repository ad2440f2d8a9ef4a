// Direct-assessment scores (see tourney/protocols/da_scores.h).
#include "tourney/protocols/da_scores.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace tourney {

StatusOr<std::vector<double>> StandardizePerAnnotator(std::span<const double> raw,
                                                      std::span<const int32_t> annotator,
                                                      int num_annotators) {
  if (raw.size() != annotator.size()) {
    return InvalidArgument("z-normalisation: " + std::to_string(raw.size()) + " scores but " +
                           std::to_string(annotator.size()) + " annotator ids");
  }
  if (num_annotators < 0) return InvalidArgument("z-normalisation: negative annotator count");
  const size_t n = static_cast<size_t>(num_annotators);
  std::vector<double> sum(n, 0.0);
  std::vector<int64_t> count(n, 0);
  for (size_t i = 0; i < raw.size(); ++i) {
    if (annotator[i] < 0 || static_cast<size_t>(annotator[i]) >= n) {
      return InvalidArgument("z-normalisation: annotator id " + std::to_string(annotator[i]) +
                             " of judgment " + std::to_string(i) + " is outside 0.." +
                             std::to_string(num_annotators - 1));
    }
    if (!std::isfinite(raw[i])) {
      return InvalidArgument("z-normalisation: judgment " + std::to_string(i) +
                             " has a non-finite score");
    }
    sum[annotator[i]] += raw[i];
    ++count[annotator[i]];
  }
  std::vector<double> mean(n, 0.0);
  for (size_t a = 0; a < n; ++a) {
    if (count[a] > 0) mean[a] = sum[a] / static_cast<double>(count[a]);
  }
  // The squared deviations in a second pass (no cancellation).
  std::vector<double> squares(n, 0.0);
  for (size_t i = 0; i < raw.size(); ++i) {
    const double d = raw[i] - mean[annotator[i]];
    squares[annotator[i]] += d * d;
  }
  std::vector<double> sd(n, 0.0);
  for (size_t a = 0; a < n; ++a) {
    if (count[a] == 0) continue;
    if (count[a] < 2) {
      return InvalidArgument("z-normalisation: annotator " + std::to_string(a) +
                             " has one judgment; a standard deviation needs two");
    }
    sd[a] = std::sqrt(squares[a] / static_cast<double>(count[a] - 1));
    if (!(sd[a] > 0.0)) {
      return InvalidArgument("z-normalisation: annotator " + std::to_string(a) +
                             " gave every item the same score; their z-scores are undefined");
    }
  }
  std::vector<double> z(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    z[i] = (raw[i] - mean[annotator[i]]) / sd[annotator[i]];
  }
  return z;
}

Status StandardizeDaJudgments(DaJudgments* judgments) {
  if (!judgments->has_raw) {
    return InvalidArgument("z-normalisation needs the raw scores; the judgments carry none");
  }
  const size_t n = judgments->annotators.size();
  std::vector<int64_t> count(n, 0);
  std::vector<double> first(n, 0.0);
  std::vector<unsigned char> varies(n, 0);
  for (const DaJudgment& j : judgments->rows) {
    if (count[j.annotator]++ == 0) {
      first[j.annotator] = j.raw;
    } else if (j.raw != first[j.annotator]) {
      varies[j.annotator] = 1;
    }
  }
  std::vector<int32_t> remap(n, -1);
  int32_t kept = 0;
  for (size_t a = 0; a < n; ++a) {
    if (varies[a]) {
      remap[a] = kept++;
    } else if (count[a] > 0) {
      judgments->warnings.push_back("annotator '" + judgments->annotators[a] +
                                    (count[a] < 2 ? "' has one judgment"
                                                  : "' gave every item one score") +
                                    ": z-scores undefined, set to 0");
    }
  }
  std::vector<double> raw;
  std::vector<int32_t> annotator;
  for (const DaJudgment& j : judgments->rows) {
    if (remap[j.annotator] < 0) continue;
    raw.push_back(j.raw);
    annotator.push_back(remap[j.annotator]);
  }
  auto z = StandardizePerAnnotator(raw, annotator, kept);
  if (!z.ok()) return z.status();
  size_t k = 0;
  for (DaJudgment& j : judgments->rows) j.z = remap[j.annotator] < 0 ? 0.0 : (*z)[k++];
  return Status::Ok();
}

std::vector<double> DaScores::SegmentZ(int s) const {
  std::vector<double> out;
  out.reserve(static_cast<size_t>(system_begin[s + 1] - system_begin[s]));
  for (int64_t i = system_begin[s]; i < system_begin[s + 1]; ++i) out.push_back(segments[i].z);
  return out;
}

StatusOr<DaScores> ComputeDaScores(const DaJudgments& judgments) {
  DaScores out;
  out.systems = judgments.systems;
  out.has_raw = judgments.has_raw;
  out.warnings = judgments.warnings;
  // The scoring judgments, ordered by (system, segment, input order): sums in input order.
  std::vector<const DaJudgment*> scoring;
  scoring.reserve(judgments.rows.size());
  for (const DaJudgment& j : judgments.rows) {
    if (ScoresSystem(j.type)) {
      scoring.push_back(&j);
    } else {
      ++out.quality_control_items;
    }
  }
  std::stable_sort(scoring.begin(), scoring.end(), [](const DaJudgment* a, const DaJudgment* b) {
    return a->system != b->system ? a->system < b->system : a->segment < b->segment;
  });
  const int n = judgments.num_systems();
  out.system_begin.assign(static_cast<size_t>(n) + 1, 0);
  out.system_scores.assign(static_cast<size_t>(n), DaSystemScore{});
  size_t i = 0;
  while (i < scoring.size()) {
    size_t k = i;
    DaSegmentScore seg;
    seg.system = scoring[i]->system;
    seg.segment = scoring[i]->segment;
    double raw = 0.0, z = 0.0;
    while (k < scoring.size() && scoring[k]->system == seg.system &&
           scoring[k]->segment == seg.segment) {
      raw += scoring[k]->raw;
      z += scoring[k]->z;
      ++k;
    }
    seg.judgments = static_cast<int>(k - i);
    seg.raw = judgments.has_raw ? raw / seg.judgments : 0.0;
    seg.z = z / seg.judgments;
    out.segments.push_back(seg);
    i = k;
  }
  // Runs per system, then the means of the segment scores.
  for (const DaSegmentScore& seg : out.segments) ++out.system_begin[seg.system + 1];
  for (int s = 0; s < n; ++s) out.system_begin[s + 1] += out.system_begin[s];
  for (int s = 0; s < n; ++s) {
    DaSystemScore& score = out.system_scores[s];
    double raw = 0.0, z = 0.0;
    for (int64_t k = out.system_begin[s]; k < out.system_begin[s + 1]; ++k) {
      raw += out.segments[k].raw;
      z += out.segments[k].z;
      score.judgments += out.segments[k].judgments;
    }
    score.segments = out.system_begin[s + 1] - out.system_begin[s];
    if (score.segments == 0) {
      out.warnings.push_back("system '" + judgments.systems[s] +
                             "' appears only in quality-control items and is not scored");
      continue;
    }
    score.raw = raw / static_cast<double>(score.segments);
    score.z = z / static_cast<double>(score.segments);
  }
  return out;
}

}  // namespace tourney
