// Populations for the sampling designs (see tourney/sampling/population.h).
#include "tourney/sampling/population.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace tourney {
namespace {

// Fills documents, standardised metrics, their mean and the metric bins of `p`, given
// p.size, p.segment and raw metric columns `raw` (M vectors of N).
void FinishPopulation(const ScoredSegments& table, std::vector<std::vector<double>> raw,
                      const PopulationOptions& options, Population* p) {
  const int n = p->size;
  std::unordered_map<int, int> docs;
  p->document.resize(n);
  for (int i = 0; i < n; ++i) {
    const int d = table.segment_document[p->segment[i]];
    p->document[i] = docs.emplace(d, static_cast<int>(docs.size())).first->second;
  }
  p->num_documents = static_cast<int>(docs.size());
  // Standardise; drop columns constant over this population.
  std::vector<std::vector<double>> cols;
  std::vector<std::string> names;
  for (size_t m = 0; m < raw.size(); ++m) {
    if (Standardize(&raw[m])) {
      cols.push_back(std::move(raw[m]));
      names.push_back(p->metric_names[m]);
    }
  }
  p->metric_names = names;
  p->num_metrics = static_cast<int>(cols.size());
  const int mm = p->num_metrics;
  p->z.assign(static_cast<size_t>(n) * mm, 0.0);
  p->z_mean.assign(n, 0.0);
  for (int i = 0; i < n; ++i) {
    for (int m = 0; m < mm; ++m) {
      p->z[static_cast<size_t>(i) * mm + m] = cols[m][i];
      p->z_mean[i] += cols[m][i] / mm;
    }
  }
  Standardize(&p->z_mean);
  p->zz.assign(static_cast<size_t>(mm) * mm, 0.0);
  for (int a = 0; a < mm; ++a) {
    for (int b = 0; b < mm; ++b) {
      double s = 0.0;
      for (int i = 0; i < n; ++i) s += cols[a][i] * cols[b][i];
      p->zz[static_cast<size_t>(a) * mm + b] = s / n;
    }
  }
  // Metric bins: sort by the proxy (ties by position) and cut into near-equal parts.
  const int per_bin = std::max(1, options.segments_per_bin);
  p->num_metric_bins = std::max(1, static_cast<int>(std::lround(double(n) / per_bin)));
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return p->z_mean[a] < p->z_mean[b]; });
  p->metric_bin.assign(n, 0);
  for (int r = 0; r < n; ++r) {
    p->metric_bin[order[r]] = static_cast<int>(static_cast<int64_t>(r) * p->num_metric_bins / n);
  }
}

}  // namespace

bool Standardize(std::vector<double>* values) {
  const size_t n = values->size();
  if (n == 0) return false;
  double mean = 0.0;
  for (double v : *values) mean += v;
  mean /= n;
  double ss = 0.0;
  for (double v : *values) ss += (v - mean) * (v - mean);
  const double sd = std::sqrt(ss / n);
  if (!(sd > 1e-12 * (1.0 + std::fabs(mean)))) {
    std::fill(values->begin(), values->end(), 0.0);
    return false;
  }
  for (double& v : *values) v = (v - mean) / sd;
  return true;
}

StatusOr<Population> MakePopulation(const ScoredSegments& table, int system,
                                    const PopulationOptions& options) {
  if (system < 0 || system >= static_cast<int>(table.systems.size())) {
    return InvalidArgument("no system " + std::to_string(system));
  }
  const SystemSegments& s = table.systems[system];
  if (s.size() == 0) return InvalidArgument("system '" + s.name + "' has no segments");
  Population p;
  p.size = s.size();
  p.x = s.human;
  p.known = s.annotated;
  p.segment = s.segment;
  const int mt = table.num_metrics();
  std::vector<std::vector<double>> raw;
  for (int m : s.active_metrics) {
    p.metric_names.push_back(table.metric_names[m]);
    std::vector<double> col(p.size);
    for (int i = 0; i < p.size; ++i) col[i] = s.metrics[static_cast<size_t>(i) * mt + m];
    raw.push_back(std::move(col));
  }
  FinishPopulation(table, std::move(raw), options, &p);
  return p;
}

StatusOr<Population> MakeDifferencePopulation(const ScoredSegments& table, int a, int b,
                                              const PopulationOptions& options) {
  const int systems = static_cast<int>(table.systems.size());
  if (a < 0 || b < 0 || a >= systems || b >= systems) return InvalidArgument("no such system");
  const SystemSegments& sa = table.systems[a];
  const SystemSegments& sb = table.systems[b];
  std::unordered_map<int, int> row_b;
  for (int i = 0; i < sb.size(); ++i) row_b.emplace(sb.segment[i], i);
  std::vector<int> metrics;
  for (int m : sa.active_metrics) {
    if (std::find(sb.active_metrics.begin(), sb.active_metrics.end(), m) !=
        sb.active_metrics.end()) {
      metrics.push_back(m);
    }
  }
  const int mt = table.num_metrics();
  Population p;
  std::vector<std::vector<double>> raw(metrics.size());
  for (int i = 0; i < sa.size(); ++i) {
    auto it = row_b.find(sa.segment[i]);
    if (it == row_b.end()) continue;
    const int j = it->second;
    p.segment.push_back(sa.segment[i]);
    const bool both = sa.annotated[i] && sb.annotated[j];
    p.known.push_back(both ? 1 : 0);
    p.x.push_back(both ? sa.human[i] - sb.human[j] : 0.0);
    for (size_t k = 0; k < metrics.size(); ++k) {
      raw[k].push_back(sa.metrics[static_cast<size_t>(i) * mt + metrics[k]] -
                       sb.metrics[static_cast<size_t>(j) * mt + metrics[k]]);
    }
  }
  if (p.segment.empty()) {
    return InvalidArgument("systems '" + sa.name + "' and '" + sb.name + "' share no segment");
  }
  p.size = static_cast<int>(p.segment.size());
  for (int m : metrics) p.metric_names.push_back(table.metric_names[m]);
  FinishPopulation(table, std::move(raw), options, &p);
  return p;
}

}  // namespace tourney
