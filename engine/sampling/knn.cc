// k-NN regression (see tourney/sampling/knn.h).
#include "tourney/sampling/knn.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
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

// Set bits of a word (SWAR: the baseline x86-64 target has no popcnt instruction).
int Popcount(uint64_t v) {
  v -= (v >> 1) & 0x5555555555555555ULL;
  v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
  v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((v * 0x0101010101010101ULL) >> 56);
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
  // Columns padded to whole blocks of kLanes (the padding's distances are never read).
  constexpr int kLanes = 8;
  const int padded = (n + kLanes - 1) / kLanes * kLanes;
  std::vector<double> zs(static_cast<size_t>(m) * padded, 0.0);
  for (int j = 0; j < n; ++j) {
    for (int c = 0; c < m; ++c) zs[static_cast<size_t>(c) * padded + j] = p.z[sorted[j] * m + c];
  }
  std::vector<double> d(padded);
  // Candidates for the kk nearest, as keys (distance bits, position) that order as
  // (distance, position): a non-negative double's bits order as the double. Keys are
  // appended while the distance is below the kk-th smallest kept so far (tau), and the
  // buffer is cut back to the kk least whenever it fills. Positions come in increasing
  // index order, so an equal distance never enters: ties go to the lower index.
  using Key = unsigned __int128;
  const int capacity = 4 * kk;
  std::vector<Key> buffer(static_cast<size_t>(capacity) + 1);
  auto key = [](double distance, int position) {
    uint64_t bits;
    std::memcpy(&bits, &distance, sizeof bits);
    return static_cast<Key>(bits) << 32 | static_cast<uint32_t>(position);
  };
  for (int i = 0; i < p.size; ++i) {
    const double* zi = p.z.data() + static_cast<size_t>(i) * m;
    for (int j0 = 0; j0 < padded; j0 += kLanes) {  // a block's sums stay in registers
      double acc[kLanes] = {};
      for (int c = 0; c < m; ++c) {
        const double* col = zs.data() + static_cast<size_t>(c) * padded + j0;
        for (int b = 0; b < kLanes; ++b) acc[b] += (col[b] - zi[c]) * (col[b] - zi[c]);
      }
      for (int b = 0; b < kLanes; ++b) d[j0 + b] = acc[b];
    }
    double tau = std::numeric_limits<double>::infinity();
    int count = 0;
    for (int j = 0; j < n; ++j) {
      buffer[count] = key(d[j], j);
      count += d[j] < tau;
      if (count == capacity) {
        std::nth_element(buffer.begin(), buffer.begin() + (kk - 1), buffer.begin() + count);
        count = kk;
        const uint64_t bits = static_cast<uint64_t>(buffer[kk - 1] >> 32);  // the greatest kept
        std::memcpy(&tau, &bits, sizeof tau);
      }
    }
    if (count > kk)
      std::nth_element(buffer.begin(), buffer.begin() + (kk - 1), buffer.begin() + count);
    double s = 0.0;
    for (int t = 0; t < kk; ++t) s += p.x[sorted[static_cast<uint32_t>(buffer[t])]];
    out[i] = s / kk;
  }
  return out;
}

NeighbourLists::NeighbourLists(const Population& p) : n_(p.size), population_(&p) {
  order_.resize(static_cast<size_t>(n_) * n_);
  rank_.resize(static_cast<size_t>(n_) * n_);
  // Sorting (distance, index) keys packed in 64 bits: a non-negative double's bits order
  // as the double, so the high 48 bits of the distance (relative precision 2^-36) and the
  // 16-bit index sort as (distance, index); distances equal in those bits tie by index.
  // The keys are made in index order and sorted by a stable radix sort on their high 48
  // bits (six passes of 8 bits, a pass skipped when every key has the same digit there):
  // the same order as sorting the whole keys (with std::sort the build took 60 ms at
  // N = 1,418, now 13 ms: `NeighbourListsBuild` in bench/sampling_bench.cc).
  std::vector<uint64_t> keys(n_), spare(n_);
  constexpr int kPasses = 6;
  for (int i = 0; i < n_; ++i) {
    uint32_t count[kPasses][256] = {};
    for (int j = 0; j < n_; ++j) {
      uint64_t bits;
      const double d = Distance2(p, i, j);
      std::memcpy(&bits, &d, sizeof bits);
      keys[j] = (bits & ~uint64_t{0xFFFF}) | static_cast<uint64_t>(j);
      for (int q = 0; q < kPasses; ++q) ++count[q][(keys[j] >> (16 + 8 * q)) & 0xFF];
    }
    for (int q = 0; q < kPasses; ++q) {
      const int shift = 16 + 8 * q;
      if (count[q][(keys[0] >> shift) & 0xFF] == static_cast<uint32_t>(n_)) continue;
      uint32_t start = 0;
      for (uint32_t& c : count[q]) start += std::exchange(c, start);
      for (int j = 0; j < n_; ++j) spare[count[q][(keys[j] >> shift) & 0xFF]++] = keys[j];
      keys.swap(spare);
    }
    uint16_t* row = order_.data() + static_cast<size_t>(i) * n_;
    for (int j = 0; j < n_; ++j) {
      row[j] = static_cast<uint16_t>(keys[j] & 0xFFFF);
      rank_[static_cast<size_t>(row[j]) * n_ + i] = static_cast<uint16_t>(j);
    }
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
  // A walk meets about kk·N/n items (two gathers each) before the kk-th sampled one;
  // selection by rank reads the n sampled items' columns of ranks, n steps per item (two
  // passes over the columns). Measured on en-de (N = 1,418, `KnnFit` in
  // bench/sampling_bench.cc) they cross near 2n² = kk·N (n = 133 at k = 25): smaller samples
  // (the 5% size, an incremental design's first batches) are read by rank, larger ones
  // walked; both sum the same kk scores.
  if (2 * static_cast<int64_t>(sample_size) * sample_size < static_cast<int64_t>(kk) * n_) {
    PredictBySelection(in_sample, sample_size, kk, out);
    return;
  }
  // The sums go to four partial sums (one per item modulo 4), so that consecutive
  // additions do not wait on each other.
  constexpr int kBlock = 8;
  for (int i = 0; i < n_; ++i) {
    const uint16_t* row = order_.data() + static_cast<size_t>(i) * n_;
    double lane[4] = {};
    int found = 0;
    int j = 0;
    for (; j + kBlock <= n_; j += kBlock) {
      // Eight indices from two 8-byte loads (shifts instead of eight 2-byte loads).
      uint64_t lo, hi;
      std::memcpy(&lo, row + j, 8);
      std::memcpy(&hi, row + j + 4, 8);
      int id[kBlock];
      for (int b = 0; b < 4; ++b) {
        id[b] = static_cast<int>((lo >> (16 * b)) & 0xFFFF);
        id[b + 4] = static_cast<int>((hi >> (16 * b)) & 0xFFFF);
      }
      int count = 0;
      for (int b = 0; b < kBlock; ++b) count += in_sample[id[b]];
      if (found + count >= kk) break;
      for (int b = 0; b < kBlock; ++b) lane[b & 3] += masked[id[b]];
      found += count;
    }
    // The last block item by item, without a branch on membership (it mispredicts as
    // often as a sampled item follows an unsampled one): an unsampled item adds 0.
    for (; j < n_ && found < kk; ++j) {
      lane[j & 3] += masked[row[j]];
      found += in_sample[row[j]];
    }
    (*out)[i] = ((lane[0] + lane[1]) + (lane[2] + lane[3])) / kk;
  }
}

void NeighbourLists::PredictBySelection(const std::vector<uint8_t>& in_sample, int sample_size,
                                        int kk, std::vector<double>* out) const {
  const std::vector<double>& x = population_->x;
  std::vector<int> sampled;  // in index order, the order of each row's sum
  sampled.reserve(sample_size);
  for (int j = 0; j < n_; ++j) {
    if (in_sample[j]) sampled.push_back(j);
  }
  // Rows are taken in blocks of kRows. A block's rows mark their sampled ranks in bitsets,
  // one sampled item at a time: item j's ranks in a block's rows are a contiguous piece of
  // column j of rank_, so a fit reads n columns (2N bytes each) instead of n scattered
  // entries of every row, and the block's bitsets stay in the first-level cache.
  constexpr int kRows = 64;
  const size_t words = (static_cast<size_t>(n_) + 63) / 64;
  thread_local std::vector<uint64_t> bits;
  bits.resize(words * kRows);
  out->assign(n_, 0.0);
  uint16_t last[kRows];
  for (int i0 = 0; i0 < n_; i0 += kRows) {
    const int rows = std::min(kRows, n_ - i0);
    std::fill(bits.begin(), bits.begin() + static_cast<ptrdiff_t>(words) * rows, 0);
    for (int j : sampled) {
      const uint16_t* column = rank_.data() + static_cast<size_t>(j) * n_ + i0;
      uint64_t* b = bits.data();
      for (int r = 0; r < rows; ++r, b += words) {
        const int v = column[r];
        b[v >> 6] |= uint64_t{1} << (v & 63);
      }
    }
    // Row i's kk-th mark is the rank of its kk-th nearest sampled item: the last rank that
    // counts (ranks in a row are distinct, so exactly kk sampled items rank up to it).
    for (int r = 0; r < rows; ++r) {
      const uint64_t* b = bits.data() + static_cast<size_t>(r) * words;
      int need = kk;
      size_t w = 0;
      for (int c = Popcount(b[0]); c < need; c = Popcount(b[++w])) need -= c;
      uint64_t m = b[w];
      for (int t = 1; t < need; ++t) m &= m - 1;  // drop the need-1 lowest marks
      last[r] = static_cast<uint16_t>(w * 64 + static_cast<size_t>(std::countr_zero(m)));
    }
    // The rows' sums over the sampled items in index order; a column's rows add without
    // depending on each other. A score of 0 (a perfect segment under MQM: one in eight of
    // en-de's) adds nothing and is skipped.
    double* sum = out->data() + i0;
    for (int j : sampled) {
      const double xj = x[j];
      if (xj == 0.0) continue;
      const uint16_t* column = rank_.data() + static_cast<size_t>(j) * n_ + i0;
      for (int r = 0; r < rows; ++r) sum[r] += column[r] <= last[r] ? xj : 0.0;
    }
  }
  for (int i = 0; i < n_; ++i) (*out)[i] /= kk;
}

}  // namespace tourney
