// Sampling designs (see tourney/sampling/design.h).
#include "tourney/sampling/design.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <utility>

#include "tourney/sampling/allocation.h"

namespace tourney {
namespace {

// docs-incr-human: the pooled variance counts as this many scores in every bin.
constexpr double kPriorScores = 2.0;

constexpr std::pair<Design, std::string_view> kDesignNames[] = {
    {Design::kRandom, "random"},
    {Design::kDocsProp, "docs-prop"},
    {Design::kDocsOpt, "docs-opt"},
    {Design::kMetricsProp, "metrics-prop"},
    {Design::kMetricsOpt, "metrics-opt"},
    {Design::kDocsIncrHuman, "docs-incr-human"},
    {Design::kDocsIncrMetrics, "docs-incr-metrics"},
};

// Population sd of v over `items`.
double Spread(const std::vector<double>& v, std::span<const int> items) {
  if (items.size() < 2) return 0.0;
  double mean = 0.0;
  for (int i : items) mean += v[i];
  mean /= items.size();
  double ss = 0.0;
  for (int i : items) ss += (v[i] - mean) * (v[i] - mean);
  return std::sqrt(ss / items.size());
}

// Members of each stratum, each list shuffled.
std::vector<std::vector<int>> ShuffledStrata(const Population& p, Strata strata, Rng& rng) {
  std::vector<int> size(NumStrata(p, strata), 0);
  for (int i = 0; i < p.size; ++i) ++size[StratumOf(p, strata, i)];
  std::vector<std::vector<int>> members(size.size());
  for (size_t l = 0; l < size.size(); ++l) members[l].reserve(size[l]);
  for (int i = 0; i < p.size; ++i) members[StratumOf(p, strata, i)].push_back(i);
  for (auto& m : members) {
    for (size_t i = m.size(); i > 1; --i) std::swap(m[i - 1], m[rng.UniformInt(i)]);
  }
  return members;
}

// The ideal (real-valued) allocation of a fixed stratified design: proportional, or
// Neyman with the spreads floored at kMinStratumSpread.
StatusOr<std::vector<double>> FixedIdealAllocation(
    const Population& p, Design design, int n, const std::vector<std::vector<int>>& members) {
  const int bins = static_cast<int>(members.size());
  std::vector<int> capacity(bins);
  std::vector<double> weight(bins);
  for (int l = 0; l < bins; ++l) {
    capacity[l] = static_cast<int>(members[l].size());
    weight[l] = capacity[l];
    if (design == Design::kDocsOpt || design == Design::kMetricsOpt) {
      weight[l] *= std::max(kMinStratumSpread, Spread(p.z_mean, members[l]));
    }
  }
  return IdealAllocation(capacity, weight, n);
}

bool IsIncremental(Design design) {
  return design == Design::kDocsIncrHuman || design == Design::kDocsIncrMetrics;
}

}  // namespace

StatusOr<std::vector<double>> InclusionProbabilities(const Population& p, Design design, int n) {
  if (n < 1 || n > p.size) {
    return InvalidArgument("sample size " + std::to_string(n) + " outside 1.." +
                           std::to_string(p.size));
  }
  if (IsIncremental(design)) {
    return InvalidArgument("design '" + std::string(DesignName(design)) +
                           "' learns from the scores as they arrive: its inclusion "
                           "probabilities are not known in advance");
  }
  std::vector<double> pi(p.size, static_cast<double>(n) / p.size);
  if (design == Design::kRandom) return pi;
  const Strata strata = DesignStrata(design);
  std::vector<std::vector<int>> members(NumStrata(p, strata));
  for (int i = 0; i < p.size; ++i) members[StratumOf(p, strata, i)].push_back(i);
  auto ideal = FixedIdealAllocation(p, design, n, members);
  if (!ideal.ok()) return ideal.status();
  for (size_t l = 0; l < members.size(); ++l) {
    for (int i : members[l]) pi[i] = (*ideal)[l] / static_cast<double>(members[l].size());
  }
  return pi;
}

StatusOr<Design> ParseDesign(std::string_view name) {
  if (name == "baseline") return Design::kRandom;
  for (const auto& [d, n] : kDesignNames) {
    if (n == name) return d;
  }
  return InvalidArgument("unknown design '" + std::string(name) + "' (choose from " +
                         DesignNames() + ")");
}

std::string_view DesignName(Design design) {
  for (const auto& [d, n] : kDesignNames) {
    if (d == design) return n;
  }
  return "?";
}

std::string DesignNames() {
  std::string out;
  for (const auto& [d, n] : kDesignNames) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

Strata DesignStrata(Design design) {
  switch (design) {
    case Design::kRandom:
      return Strata::kNone;
    case Design::kMetricsProp:
    case Design::kMetricsOpt:
      return Strata::kMetricBins;
    default:
      return Strata::kDocuments;
  }
}

StatusOr<Sample> DrawSample(const Population& p, Design design, int n, Rng& rng,
                            const DesignOptions& options, const NeighbourLists* lists) {
  if (n < 1 || n > p.size) {
    return InvalidArgument("sample size " + std::to_string(n) + " outside 1.." +
                           std::to_string(p.size));
  }
  Sample sample;
  sample.strata = DesignStrata(design);
  if (design == Design::kRandom) {
    std::vector<int> all(p.size);
    for (int i = 0; i < p.size; ++i) all[i] = i;
    for (int k = 0; k < n; ++k) std::swap(all[k], all[k + rng.UniformInt(p.size - k)]);
    sample.items.assign(all.begin(), all.begin() + n);
    sample.inclusion.assign(n, static_cast<double>(n) / p.size);
    return sample;
  }
  std::vector<std::vector<int>> members = ShuffledStrata(p, sample.strata, rng);
  const int bins = static_cast<int>(members.size());
  std::vector<int> capacity(bins);
  for (int l = 0; l < bins; ++l) capacity[l] = static_cast<int>(members[l].size());
  std::vector<int> taken(bins, 0);
  auto take = [&](const std::vector<int>& alloc) {
    for (int l = 0; l < bins; ++l) {
      for (int k = 0; k < alloc[l]; ++k) sample.items.push_back(members[l][taken[l] + k]);
      taken[l] += alloc[l];
    }
  };
  if (!IsIncremental(design)) {
    auto ideal = FixedIdealAllocation(p, design, n, members);
    if (!ideal.ok()) return ideal.status();
    const std::vector<int> alloc = RoundAllocationUnbiased(*ideal, n, rng);
    take(alloc);
    sample.inclusion.reserve(sample.items.size());
    for (int i : sample.items) {
      const int l = StratumOf(p, sample.strata, i);
      sample.inclusion.push_back((*ideal)[l] / capacity[l]);
    }
    return sample;
  }
  for (int i = 0; i < p.size; ++i) {
    if (!p.known[i]) {
      return InvalidArgument("incremental design: segment " + std::to_string(i + 1) +
                             " has no human score to learn from");
    }
  }
  const int batches = std::clamp(options.batches, 1, n);
  std::vector<uint8_t> in_sample(p.size, 0);
  std::vector<double> predicted;
  for (int b = 0; b < batches; ++b) {
    const int target = static_cast<int>(static_cast<int64_t>(n) * (b + 1) / batches);
    const int batch = target - static_cast<int>(sample.items.size());
    if (batch <= 0) continue;
    std::vector<int> room(bins);
    std::vector<double> weight(bins);
    for (int l = 0; l < bins; ++l) room[l] = capacity[l] - taken[l];
    if (b == 0) {
      for (int l = 0; l < bins; ++l) weight[l] = room[l];
    } else if (design == Design::kDocsIncrHuman) {
      double pooled = Spread(p.x, sample.items);
      for (int l = 0; l < bins; ++l) {
        const std::span<const int> scored(members[l].data(), static_cast<size_t>(taken[l]));
        // The bin's variance shrunk towards the pooled one with the weight of
        // kPriorScores scores: a bin whose first scores agree (several perfect
        // segments) is not starved, which would bias its mean downwards.
        const double m = static_cast<double>(scored.size());
        const double s2 = m >= 2 ? Spread(p.x, scored) * Spread(p.x, scored) * m / (m - 1) : 0;
        const double sd =
            std::sqrt(((m >= 2 ? (m - 1) * s2 : 0.0) + kPriorScores * pooled * pooled) /
                      ((m >= 2 ? m - 1 : 0.0) + kPriorScores));
        weight[l] = room[l] * sd;
      }
    } else {
      const int k = options.knn_k;
      if (lists != nullptr) {
        lists->Predict(in_sample, static_cast<int>(sample.items.size()), k, &predicted);
      } else {
        predicted = KnnPredict(p, sample.items, k);
      }
      for (int l = 0; l < bins; ++l) {
        const std::span<const int> unscored(members[l].data() + taken[l],
                                            members[l].size() - static_cast<size_t>(taken[l]));
        weight[l] = room[l] * Spread(predicted, unscored);
      }
    }
    auto alloc = Allocate(room, weight, batch, &rng);
    if (!alloc.ok()) return alloc.status();
    const size_t before = sample.items.size();
    take(*alloc);
    for (size_t k = before; k < sample.items.size(); ++k) in_sample[sample.items[k]] = 1;
  }
  return sample;
}

}  // namespace tourney
