#include "tourney/core/count_resampler.h"

#include <algorithm>
#include <cmath>

namespace tourney {

void CountResampler::Alias::Build(const std::vector<double>& weights) {
  const size_t n = weights.size();
  double sum = 0.0;
  for (double w : weights) sum += w;
  keep.assign(n, 0.0);
  alias.assign(n, 0);
  std::vector<double> scaled(n);
  std::vector<uint32_t> small, large;
  for (size_t i = 0; i < n; ++i) {
    scaled[i] = weights[i] * static_cast<double>(n) / sum;
    (scaled[i] < 1.0 ? small : large).push_back(static_cast<uint32_t>(i));
  }
  // Vose's pairing: each short column is topped up from a long one.
  while (!small.empty() && !large.empty()) {
    const uint32_t s = small.back(), l = large.back();
    small.pop_back();
    keep[s] = scaled[s];
    alias[s] = l;
    scaled[l] -= 1.0 - scaled[s];
    if (scaled[l] < 1.0) {
      large.pop_back();
      small.push_back(l);
    }
  }
  // What is left is 1 up to rounding.
  for (uint32_t i : large) keep[i] = 1.0, alias[i] = i;
  for (uint32_t i : small) keep[i] = 1.0, alias[i] = i;
}

uint32_t CountResampler::Alias::Draw(Rng& rng) const {
  const auto i = static_cast<uint32_t>(rng.UniformInt(keep.size()));
  return rng.Uniform() < keep[i] ? i : alias[i];
}

namespace {

// The Poisson(mean) pmf over 0..mean + 10 sqrt(mean) + 30, beyond which the mass is below
// 1e-17 of the whole.
std::vector<double> PoissonPmf(int64_t mean) {
  const double mu = static_cast<double>(mean);
  const auto last = static_cast<size_t>(mu + 10.0 * std::sqrt(mu) + 30.0);
  std::vector<double> pmf(last + 1);
  const double log_mu = std::log(mu);
  for (size_t x = 0; x <= last; ++x) {
    const double k = static_cast<double>(x);
    pmf[x] = std::exp(k * log_mu - mu - std::lgamma(k + 1.0));
  }
  return pmf;
}

}  // namespace

CountResampler::CountResampler(std::span<const int64_t> counts)
    : counts_(counts.begin(), counts.end()), table_of_count_(kTableLimit + 1, -1) {
  std::vector<double> weights(counts_.size());
  for (size_t k = 0; k < counts_.size(); ++k) {
    total_ += counts_[k];
    weights[k] = static_cast<double>(counts_[k]);
  }
  if (total_ > 0) cells_.Build(weights);
  auto need = [this](int64_t mean) {
    if (mean <= 0 || table_of_count_[static_cast<size_t>(mean)] >= 0) return;
    table_of_count_[static_cast<size_t>(mean)] = static_cast<int32_t>(tables_.size());
    tables_.emplace_back();
    tables_.back().Build(PoissonPmf(mean));
  };
  for (int64_t c : counts_) {
    if (c >= kTableLimit) need(kTableLimit);
    if (c > 0 && c % kTableLimit != 0) need(c % kTableLimit);
  }
}

const CountResampler::Alias& CountResampler::PoissonTable(int64_t mean) const {
  return tables_[static_cast<size_t>(table_of_count_[static_cast<size_t>(mean)])];
}

int64_t CountResampler::Poisson(Rng& rng, int64_t mean) const {
  int64_t x = 0;
  while (mean > kTableLimit) {
    x += PoissonTable(kTableLimit).Draw(rng);
    mean -= kTableLimit;
  }
  if (mean > 0) x += PoissonTable(mean).Draw(rng);
  return x;
}

void CountResampler::Sample(Rng& rng, std::span<int64_t> out) const {
  const size_t k_cells = counts_.size();
  int64_t drawn = 0;
  for (size_t k = 0; k < k_cells; ++k) {
    out[k] = counts_[k] > 0 ? Poisson(rng, counts_[k]) : 0;
    drawn += out[k];
  }
  if (drawn < total_) {
    for (int64_t i = drawn; i < total_; ++i) ++out[cells_.Draw(rng)];
    return;
  }
  if (drawn == total_) return;
  // Remove drawn - total items, each uniformly among those left: a Fenwick tree of out.
  std::vector<int64_t> tree(k_cells + 1, 0);
  for (size_t i = 1; i <= k_cells; ++i) {
    tree[i] += out[i - 1];
    const size_t parent = i + (i & (~i + 1));
    if (parent <= k_cells) tree[parent] += tree[i];
  }
  size_t top = 1;
  while (top * 2 <= k_cells) top *= 2;
  for (int64_t left = drawn; left > total_; --left) {
    auto j = static_cast<int64_t>(rng.UniformInt(static_cast<uint64_t>(left)));
    size_t pos = 0;  // the cell holding item j: the first prefix sum above j
    for (size_t step = top; step > 0; step /= 2) {
      if (pos + step <= k_cells && tree[pos + step] <= j) {
        pos += step;
        j -= tree[pos];
      }
    }
    --out[pos];
    for (size_t i = pos + 1; i <= k_cells; i += i & (~i + 1)) --tree[i];
  }
}

}  // namespace tourney
