// k-NN regression (see tourney/sampling/knn.h).
#include "tourney/sampling/knn.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

namespace tourney {
namespace {

double Distance2(const Population& p, int a, int b) {
  double d = 0.0;
  const int m = p.num_metrics;
  const double* za = p.z.data() + static_cast<size_t>(a) * m;
  const double* zb = p.z.data() + static_cast<size_t>(b) * m;
  for (int k = 0; k < m; ++k) d += (za[k] - zb[k]) * (za[k] - zb[k]);
  return d;
}

}  // namespace

std::vector<double> KnnPredict(const Population& p, const std::vector<int>& sample, int k) {
  const int n = static_cast<int>(sample.size());
  const int kk = std::min(std::max(k, 1), n);
  const int m = p.num_metrics;
  std::vector<double> out(p.size, 0.0);
  // The sample in index order (ties in distance go to the lower index), its metrics
  // metric-major so that the distances to all of it vectorise.
  std::vector<int> sorted(sample);
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> zs(static_cast<size_t>(m) * n);
  for (int j = 0; j < n; ++j) {
    for (int c = 0; c < m; ++c) zs[static_cast<size_t>(c) * n + j] = p.z[sorted[j] * m + c];
  }
  std::vector<double> d(n);
  std::vector<std::pair<double, int>> heap(kk);  // max-heap of (distance, position)
  for (int i = 0; i < p.size; ++i) {
    std::fill(d.begin(), d.end(), 0.0);
    for (int c = 0; c < m; ++c) {
      const double zi = p.z[static_cast<size_t>(i) * m + c];
      const double* col = zs.data() + static_cast<size_t>(c) * n;
      for (int j = 0; j < n; ++j) d[j] += (col[j] - zi) * (col[j] - zi);
    }
    for (int j = 0; j < kk; ++j) heap[j] = {d[j], j};
    std::make_heap(heap.begin(), heap.end());
    // Positions come in increasing index order: an equal distance never displaces.
    for (int j = kk; j < n; ++j) {
      if (d[j] < heap.front().first) {
        std::pop_heap(heap.begin(), heap.end());
        heap.back() = {d[j], j};
        std::push_heap(heap.begin(), heap.end());
      }
    }
    double s = 0.0;
    for (const auto& [dist, j] : heap) s += p.x[sorted[j]];
    out[i] = s / kk;
  }
  return out;
}

NeighbourLists::NeighbourLists(const Population& p) : n_(p.size), population_(&p) {
  order_.resize(static_cast<size_t>(n_) * n_);
  // Sorting (distance, index) keys packed in 64 bits: a non-negative double's bits order
  // as the double, so the high 48 bits of the distance (relative precision 2^-36) and the
  // 16-bit index sort as (distance, index); distances equal in those bits tie by index.
  std::vector<uint64_t> keys(n_);
  for (int i = 0; i < n_; ++i) {
    for (int j = 0; j < n_; ++j) {
      uint64_t bits;
      const double d = Distance2(p, i, j);
      std::memcpy(&bits, &d, sizeof bits);
      keys[j] = (bits & ~uint64_t{0xFFFF}) | static_cast<uint64_t>(j);
    }
    std::sort(keys.begin(), keys.end());
    uint16_t* row = order_.data() + static_cast<size_t>(i) * n_;
    for (int j = 0; j < n_; ++j) row[j] = static_cast<uint16_t>(keys[j] & 0xFFFF);
  }
}

void NeighbourLists::Predict(const std::vector<uint8_t>& in_sample, int sample_size, int k,
                             std::vector<double>* out) const {
  const std::vector<double>& x = population_->x;
  const int kk = std::min(std::max(k, 1), sample_size);
  out->assign(n_, 0.0);
  // The sampled scores with zeros elsewhere: the walk adds without branching, in blocks,
  // and only the block where the k-th sampled neighbour falls is walked item by item.
  std::vector<double> masked(n_);
  double all = 0.0;
  for (int j = 0; j < n_; ++j) {
    masked[j] = in_sample[j] ? x[j] : 0.0;
    all += masked[j];
  }
  if (kk >= sample_size) {  // every sampled item is a neighbour of every item
    out->assign(n_, all / sample_size);
    return;
  }
  constexpr int kBlock = 16;
  for (int i = 0; i < n_; ++i) {
    const uint16_t* row = order_.data() + static_cast<size_t>(i) * n_;
    double s = 0.0;
    int found = 0;
    int j = 0;
    for (; j + kBlock <= n_; j += kBlock) {
      int count = 0;
      for (int b = 0; b < kBlock; ++b) count += in_sample[row[j + b]];
      if (found + count >= kk) break;
      double block = 0.0;
      for (int b = 0; b < kBlock; ++b) block += masked[row[j + b]];
      s += block;
      found += count;
    }
    for (; j < n_ && found < kk; ++j) {
      if (in_sample[row[j]]) {
        s += x[row[j]];
        ++found;
      }
    }
    (*out)[i] = s / kk;
  }
}

}  // namespace tourney
