#include "tourney/selection/top_k.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

namespace tourney {

StatusOr<TopKBoard> TopKBoard::Create(int num_systems, const AnytimeOptions& options) {
  auto board = AnytimeLeaderboard::Create(num_systems, options);
  if (!board.ok()) return board.status();
  return TopKBoard(std::move(*board));
}

TopKBoard::TopKBoard(AnytimeLeaderboard board) : board_(std::move(board)) {
  const size_t n = static_cast<size_t>(board_.num_systems());
  others_ = static_cast<double>(n - 1);
  // No judgments: every pair has mean 1/2 and bounds [0, 1].
  mean_sum_.assign(n, 0.5 * others_);
  lo_sum_.assign(n, 0.0);
  hi_sum_.assign(n, others_);
  score_.assign(n, 0.5);
}

void TopKBoard::Refresh(SystemId i) {
  // min/max rather than std::clamp: rounding may leave lo a hair above hi.
  score_[i] = std::min(std::max(mean_sum_[i] / others_, ScoreLo(i)), ScoreHi(i));
}

void TopKBoard::Add(SystemId a, SystemId b, Outcome outcome) {
  const double mean = board_.PreferenceMean(a, b), lo = board_.PreferenceLo(a, b),
               hi = board_.PreferenceHi(a, b);
  board_.Add(a, b, outcome);
  const double d_mean = board_.PreferenceMean(a, b) - mean;
  const double d_lo = board_.PreferenceLo(a, b) - lo;
  const double d_hi = board_.PreferenceHi(a, b) - hi;
  // From b's side the mean is 1 - p_ab and the bounds are [1 - hi, 1 - lo].
  mean_sum_[a] += d_mean;
  mean_sum_[b] -= d_mean;
  lo_sum_[a] += d_lo;
  hi_sum_[a] += d_hi;
  lo_sum_[b] -= d_hi;
  hi_sum_[b] -= d_lo;
  Refresh(a);
  Refresh(b);
}

StatusOr<TopKIdentification> IdentifyTopK(const AnytimeLeaderboard& board, int k, double epsilon) {
  const int n = board.num_systems();
  if (k < 1 || k >= n) {
    return InvalidArgument("k must be between 1 and " + std::to_string(n - 1) + " for " +
                           std::to_string(n) + " systems, got " + std::to_string(k));
  }
  if (!std::isfinite(epsilon) || epsilon < 0.0 || epsilon > 0.5) {
    return InvalidArgument("epsilon must be in [0, 1/2]");
  }
  // The scores and bounds exactly as AnytimeLeaderboard::Summarize sums them.
  std::vector<double> mean(n, 0.0), lo(n, 0.0), hi(n, 0.0), score(n);
  for (SystemId a = 0; a < n; ++a) {
    for (SystemId b = a + 1; b < n; ++b) {
      const double m = board.PreferenceMean(a, b);
      mean[a] += m;
      mean[b] += 1.0 - m;
      lo[a] += board.PreferenceLo(a, b);
      hi[a] += board.PreferenceHi(a, b);
      lo[b] += board.PreferenceLo(b, a);
      hi[b] += board.PreferenceHi(b, a);
    }
  }
  const double others = static_cast<double>(n - 1);
  for (int i = 0; i < n; ++i) {
    lo[i] /= others;
    hi[i] /= others;
    score[i] = std::clamp(mean[i] / others, lo[i], hi[i]);
  }
  std::vector<SystemId> order(n);
  std::iota(order.begin(), order.end(), SystemId{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](SystemId x, SystemId y) { return score[x] > score[y]; });
  TopKIdentification out;
  out.top.assign(order.begin(), order.begin() + k);
  for (int p = 0; p < k; ++p) {
    const SystemId u = order[p];
    for (int q = k; q < n; ++q) {
      const SystemId l = order[q];
      const double pair_lo = board.PreferenceLo(u, l);
      if (pair_lo > 0.5 || lo[u] > hi[l]) continue;
      if (epsilon > 0.0 && (pair_lo > 0.5 - epsilon || lo[u] > hi[l] - epsilon)) {
        ++out.within_epsilon;
      } else {
        ++out.unresolved;
      }
    }
  }
  out.verdict = out.unresolved > 0       ? TopKVerdict::kOpen
                : out.within_epsilon > 0 ? TopKVerdict::kWithinEpsilon
                                         : TopKVerdict::kIdentified;
  return out;
}

Status ValidateTopKSelectorOptions(const TopKSelectorOptions& options) {
  if (options.k < 1) return InvalidArgument("top-k: k must be at least 1");
  if (!std::isfinite(options.epsilon) || options.epsilon < 0.0 || options.epsilon > 0.5) {
    return InvalidArgument("top-k: epsilon must be in [0, 1/2]");
  }
  if (!std::isfinite(options.explore) || options.explore < 0.0 || options.explore > 1.0) {
    return InvalidArgument("top-k: explore must be in [0, 1]");
  }
  return Status::Ok();
}

namespace {

struct Candidate {
  double key;  // lo(p_ul), member side
  SystemId u, l;
};

class TopKSelector final : public MatchSelector {
 public:
  explicit TopKSelector(const TopKSelectorOptions& options)
      : options_(options), uniform_(MakeUniformSelector()) {}

  std::string_view name() const override { return "top-k"; }

  Status Select(const SelectionState& state, Rng& rng, std::span<SystemId> match) const override {
    const size_t m = match.size();
    if (Status s = ValidateSelectionRequest(state, m); !s.ok()) return s;
    const TopKBoard* board = state.top_k;
    if (board == nullptr) {
      return FailedPrecondition(
          "the top-k selector needs the anytime board (SelectionState::top_k)");
    }
    const int n = board->num_systems();
    if (static_cast<size_t>(n) != state.ratings.size()) {
      return InvalidArgument("the top-k board covers " + std::to_string(n) + " systems, not " +
                             std::to_string(state.ratings.size()));
    }
    const int k = options_.k;
    if (k >= n) {
      return InvalidArgument("top-k: k = " + std::to_string(k) + " needs more than " +
                             std::to_string(k) + " systems");
    }
    if (options_.explore > 0.0 && rng.Uniform() < options_.explore) {
      return uniform_->Select(state, rng, match);
    }
    const PairSet* allowed =
        state.allowed != nullptr && !state.allowed->complete() ? state.allowed : nullptr;

    // T: the k best by score (ties: lower id), in no particular order.
    thread_local std::vector<SystemId> ids;
    ids.resize(static_cast<size_t>(n));
    std::iota(ids.begin(), ids.end(), SystemId{0});
    auto better = [board](SystemId x, SystemId y) {
      const double sx = board->Score(x), sy = board->Score(y);
      return sx > sy || (sx == sy && x < y);
    };
    std::nth_element(ids.begin(), ids.begin() + k, ids.end(), better);

    // The unresolved allowed cross pairs; the most threatening one (lowest lo(p_ul)).
    const double eps = options_.epsilon;
    thread_local std::vector<Candidate> candidates;
    candidates.clear();
    Candidate best{std::numeric_limits<double>::infinity(), -1, -1};
    const AnytimeLeaderboard& b = board->board();
    for (int p = 0; p < k; ++p) {
      const SystemId u = ids[p];
      const double u_lo = board->ScoreLo(u);
      for (int q = k; q < n; ++q) {
        const SystemId l = ids[q];
        if (allowed != nullptr && !allowed->Contains(u, l)) continue;
        const double pair_lo = b.PreferenceLo(u, l);
        const double l_hi = board->ScoreHi(l);
        if (pair_lo > 0.5 - eps || u_lo > l_hi - eps) continue;  // certified or within eps
        if (pair_lo < best.key) best = {pair_lo, u, l};
        if (m > 2) candidates.push_back({pair_lo, u, l});
      }
    }
    if (best.u < 0) return uniform_->Select(state, rng, match);  // identified already

    if (m == 2) {
      match[0] = best.u;
      match[1] = best.l;
      // The outsider looks better than the member directly: its score still counts its
      // unjudged pairs as 1/2. Half the time it meets another partner instead.
      if (b.PreferenceMean(best.u, best.l) < 0.5 && rng.Uniform() < 0.5) {
        const SystemId l = best.l;
        const int degree = allowed != nullptr ? allowed->degree(l) : n - 1;
        if (degree >= 2) {
          for (;;) {
            SystemId j;
            if (allowed != nullptr) {
              j = allowed->partners(l)[rng.UniformInt(static_cast<uint64_t>(degree))];
            } else {
              j = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n - 1)));
              if (j >= l) ++j;
            }
            if (j == best.u) continue;
            match[0] = l;
            match[1] = j;
            break;
          }
        }
      }
      return Status::Ok();
    }

    // m > 2: the systems of the most threatening candidates, then those nearest the
    // boundary, all allowed partners of match[0].
    size_t filled = 0;
    auto used = [&](SystemId x) {
      return std::find(match.begin(), match.begin() + filled, x) != match.begin() + filled;
    };
    auto offer = [&](SystemId x) {
      if (filled == m || used(x)) return;
      if (filled > 0 && allowed != nullptr && !allowed->Contains(match[0], x)) return;
      match[filled++] = x;
    };
    const size_t top = std::min(candidates.size(), m);
    std::partial_sort(candidates.begin(), candidates.begin() + top, candidates.end(),
                      [](const Candidate& x, const Candidate& y) { return x.key < y.key; });
    for (size_t c = 0; c < top && filled < m; ++c) {
      offer(candidates[c].u);
      offer(candidates[c].l);
    }
    if (filled < m) {
      std::sort(ids.begin(), ids.begin() + k, better);
      const size_t outside = std::min(m, static_cast<size_t>(n - k));
      std::partial_sort(ids.begin() + k, ids.begin() + k + outside, ids.end(), better);
      for (size_t r = 0; filled < m && (r < outside || r < static_cast<size_t>(k)); ++r) {
        if (r < outside) offer(ids[k + r]);
        if (r < static_cast<size_t>(k)) offer(ids[k - 1 - r]);
      }
    }
    if (filled < m) return uniform_->Select(state, rng, match);
    return Status::Ok();
  }

 private:
  TopKSelectorOptions options_;
  std::unique_ptr<MatchSelector> uniform_;
};

}  // namespace

std::unique_ptr<MatchSelector> MakeTopKSelector(const TopKSelectorOptions& options) {
  return std::make_unique<TopKSelector>(options);
}

}  // namespace tourney
