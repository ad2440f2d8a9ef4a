#include "core/r_hat.h"

#include <cmath>
#include <string>

namespace tourney {

void SequenceMoments::Merge(const SequenceMoments& other) {
  if (other.count == 0) return;
  if (count == 0) {
    *this = other;
    return;
  }
  const double n_a = static_cast<double>(count);
  const double n_b = static_cast<double>(other.count);
  const double n = n_a + n_b;
  const double delta = other.mean - mean;
  mean += delta * (n_b / n);
  m2 += other.m2 + delta * delta * (n_a * n_b / n);
  count += other.count;
}

StatusOr<double> RHat(std::span<const SequenceMoments> sequences) {
  const size_t m = sequences.size();
  if (m < 2) return InvalidArgument("R-hat needs at least two sequences");
  const int64_t n = sequences[0].count;
  if (n < 2) return InvalidArgument("R-hat needs at least two draws per sequence");
  for (const SequenceMoments& s : sequences) {
    if (s.count != n) {
      return InvalidArgument("R-hat needs sequences of equal length (got " + std::to_string(n) +
                             " and " + std::to_string(s.count) + ")");
    }
  }
  double grand = 0.0;
  for (const SequenceMoments& s : sequences) grand += s.mean;
  grand /= static_cast<double>(m);
  double between = 0.0, within = 0.0;
  for (const SequenceMoments& s : sequences) {
    between += (s.mean - grand) * (s.mean - grand);
    within += s.variance();
  }
  const double nd = static_cast<double>(n);
  between *= nd / static_cast<double>(m - 1);
  within /= static_cast<double>(m);
  if (!(within > 0.0)) return between > 0.0 ? kRHatStuck : 1.0;
  const double var_plus = (nd - 1.0) / nd * within + between / nd;
  const double r_hat = std::sqrt(var_plus / within);
  return std::isfinite(r_hat) ? r_hat : kRHatStuck;
}

StatusOr<double> SplitRHat(std::span<const std::vector<double>> chains) {
  if (chains.empty()) return InvalidArgument("split-R-hat needs at least one chain");
  const size_t length = chains[0].size();
  if (length < 4) return InvalidArgument("split-R-hat needs at least 4 draws per chain");
  std::vector<SequenceMoments> halves;
  halves.reserve(2 * chains.size());
  const size_t half = length / 2;
  for (const std::vector<double>& chain : chains) {
    if (chain.size() != length) {
      return InvalidArgument("split-R-hat needs chains of equal length");
    }
    SequenceMoments first, second;
    for (size_t i = 0; i < half; ++i) first.Add(chain[i]);
    for (size_t i = length - half; i < length; ++i) second.Add(chain[i]);
    halves.push_back(first);
    halves.push_back(second);
  }
  return RHat(halves);
}

}  // namespace tourney
