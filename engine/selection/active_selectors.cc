#include "tourney/selection/active_selectors.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/gaussian.h"
#include "tourney/models/trueskill.h"

namespace tourney {
namespace {

// Pair scoring is exhaustive up to this many systems, sampled above.
constexpr int kExhaustiveSystems = 64;
constexpr int kSampledCandidates = 128;
// Frontier: how many systems on each side of a cut are searched for its binding pair.
constexpr int kFrontierWindow = 3;

// System ids sorted by mu, best first (ties: lower id first), in thread-local scratch.
const std::vector<SystemId>& OrderByMu(std::span<const Rating> ratings) {
  thread_local std::vector<SystemId> order;
  order.resize(ratings.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](SystemId x, SystemId y) {
    return ratings[x].mu > ratings[y].mu || (ratings[x].mu == ratings[y].mu && x < y);
  });
  return order;
}

// Candidate pairs for scoring policies, in thread-local scratch: every allowed pair (or
// every pair) up to kExhaustiveSystems systems, else kSampledCandidates uniform draws.
const std::vector<std::pair<SystemId, SystemId>>& CandidatePairs(const SelectionState& state,
                                                                 const PairSet* allowed, Rng& rng) {
  thread_local std::vector<std::pair<SystemId, SystemId>> pairs;
  pairs.clear();
  const int n = static_cast<int>(state.ratings.size());
  if (allowed != nullptr) {
    const auto& all = allowed->pairs();
    if (n <= kExhaustiveSystems) {
      pairs.assign(all.begin(), all.end());
    } else if (!all.empty()) {
      for (int i = 0; i < kSampledCandidates; ++i) pairs.push_back(all[rng.UniformInt(all.size())]);
    }
    return pairs;
  }
  if (n <= kExhaustiveSystems) {
    for (SystemId a = 0; a < n; ++a) {
      for (SystemId b = a + 1; b < n; ++b) pairs.emplace_back(a, b);
    }
    return pairs;
  }
  for (int i = 0; i < kSampledCandidates; ++i) {
    const SystemId a = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n)));
    SystemId b = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n - 1)));
    if (b >= a) ++b;
    pairs.emplace_back(a, b);
  }
  return pairs;
}

class ActiveSelector : public MatchSelector {
 public:
  explicit ActiveSelector(const ActiveSelectorOptions& options)
      : options_(options), uniform_(MakeUniformSelector()) {}

  Status Select(const SelectionState& state, Rng& rng, std::span<SystemId> match) const final {
    const size_t num_slots = match.size();
    if (Status s = ValidateSelectionRequest(state, num_slots); !s.ok()) return s;
    const PairSet* const allowed =
        state.allowed != nullptr && !state.allowed->complete() ? state.allowed : nullptr;
    if (rng.Uniform() < options_.explore || (num_slots > 2 && allowed != nullptr)) {
      return uniform_->Select(state, rng, match);
    }
    SystemId a = -1, b = -1;
    if (!ChoosePair(state, allowed, rng, &a, &b)) return uniform_->Select(state, rng, match);
    match[0] = a;
    match[1] = b;
    // A window of the ranking around the pair: the systems closest in mu to its midpoint.
    const double middle = 0.5 * (state.ratings[a].mu + state.ratings[b].mu);
    const SystemId n = static_cast<SystemId>(state.ratings.size());
    for (size_t slot = 2; slot < num_slots; ++slot) {
      SystemId best = -1;
      double best_distance = 0.0;
      for (SystemId j = 0; j < n; ++j) {
        if (std::find(match.begin(), match.begin() + static_cast<std::ptrdiff_t>(slot), j) !=
            match.begin() + static_cast<std::ptrdiff_t>(slot)) {
          continue;
        }
        const double d = std::fabs(state.ratings[j].mu - middle);
        if (best < 0 || d < best_distance) {
          best = j;
          best_distance = d;
        }
      }
      match[slot] = best;
    }
    return Status::Ok();
  }

 protected:
  // Picks the policy's pair; false when it has none to offer (a uniform match is served).
  virtual bool ChoosePair(const SelectionState& state, const PairSet* allowed, Rng& rng,
                          SystemId* a, SystemId* b) const = 0;

  const ActiveSelectorOptions options_;

 private:
  const std::unique_ptr<MatchSelector> uniform_;
};

class RacingSelector final : public ActiveSelector {
 public:
  RacingSelector(const ActiveSelectorOptions& options, bool adjacent_only)
      : ActiveSelector(options), adjacent_only_(adjacent_only) {}
  std::string_view name() const override { return adjacent_only_ ? "racing" : "lucb"; }

 protected:
  bool Open(std::span<const Rating> r, SystemId x, SystemId y) const {
    const double sd = std::sqrt(r[x].sigma * r[x].sigma + r[y].sigma * r[y].sigma);
    return std::fabs(r[x].mu - r[y].mu) < options_.z * sd;
  }

  bool ChoosePair(const SelectionState& state, const PairSet* allowed, Rng& rng, SystemId* a,
                  SystemId* b) const override {
    const std::span<const Rating> r = state.ratings;
    const int n = static_cast<int>(r.size());
    if (!adjacent_only_) {
      if (n <= kExhaustiveSystems) {
        // Every open pair, uniformly.
        const auto& pairs = CandidatePairs(state, allowed, rng);
        uint64_t open = 0;
        for (const auto& [x, y] : pairs) {
          if (Open(r, x, y) && rng.UniformInt(++open) == 0) {
            *a = x;
            *b = y;
          }
        }
        if (open > 0) return true;
        return false;
      }
      // Large campaigns: rejection from uniform pairs, then the adjacent rule.
      for (int attempt = 0; attempt < kSampledCandidates; ++attempt) {
        SystemId x, y;
        if (allowed != nullptr) {
          const auto& all = allowed->pairs();
          if (all.empty()) return false;
          std::tie(x, y) = all[rng.UniformInt(all.size())];
        } else {
          x = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n)));
          y = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n - 1)));
          if (y >= x) ++y;
        }
        if (Open(r, x, y)) {
          *a = x;
          *b = y;
          return true;
        }
      }
    }
    const std::vector<SystemId>& order = OrderByMu(r);
    thread_local std::vector<size_t> open;
    open.clear();
    for (size_t i = 0; i + 1 < order.size(); ++i) {
      const SystemId u = order[i], l = order[i + 1];
      if (allowed != nullptr && !allowed->Contains(u, l)) continue;
      if (Open(r, u, l)) open.push_back(i);
    }
    if (open.empty()) return false;
    const size_t i = open[rng.UniformInt(open.size())];
    *a = order[i];
    *b = order[i + 1];
    return true;
  }

 private:
  const bool adjacent_only_;
};

// Cluster-frontier selection: every cut of the mean order is worth the progress one more
// judgment of its least separated pair would bring (see active_selectors.h).
class FrontierSelector final : public ActiveSelector {
 public:
  using ActiveSelector::ActiveSelector;
  std::string_view name() const override { return "frontier"; }

 protected:
  bool ChoosePair(const SelectionState& state, const PairSet* allowed, Rng& rng, SystemId* a,
                  SystemId* b) const override {
    const std::span<const Rating> r = state.ratings;
    const int n = static_cast<int>(r.size());
    if (state.counts != nullptr &&
        static_cast<double>(state.counts->total()) <
            options_.warmup * 0.5 * static_cast<double>(n) * static_cast<double>(n - 1)) {
      return false;  // warm-up: uniform matches
    }
    const std::vector<SystemId>& order = OrderByMu(r);
    const std::span<const double> cov = state.covariance;
    const bool joint = cov.size() == static_cast<size_t>(n) * static_cast<size_t>(n);
    auto variance = [&](SystemId x, SystemId y) {
      const size_t sx = static_cast<size_t>(x), sy = static_cast<size_t>(y);
      const size_t un = static_cast<size_t>(n);
      const double v = joint ? cov[sx * un + sx] + cov[sy * un + sy] - 2.0 * cov[sx * un + sy]
                             : r[x].sigma * r[x].sigma + r[y].sigma * r[y].sigma;
      return std::max(v, 1e-12);
    };
    thread_local std::vector<std::pair<SystemId, SystemId>> binding;
    thread_local std::vector<double> value;
    binding.clear();
    value.clear();
    double total = 0.0;
    for (int cut = 0; cut + 1 < n; ++cut) {
      // The least separated pair across the cut among the kFrontierWindow systems on each
      // side of it.
      double z = 0.0, v = 0.0;
      SystemId top = -1, bottom = -1;
      for (int x = std::max(0, cut - kFrontierWindow + 1); x <= cut; ++x) {
        for (int y = cut + 1; y <= std::min(n - 1, cut + kFrontierWindow); ++y) {
          const SystemId t = order[static_cast<size_t>(x)], u = order[static_cast<size_t>(y)];
          if (allowed != nullptr && !allowed->Contains(t, u)) continue;
          const double vt = variance(t, u);
          const double zt = (r[t].mu - r[u].mu) / std::sqrt(vt);
          if (top < 0 || zt < z) {
            z = zt;
            v = vt;
            top = t;
            bottom = u;
          }
        }
      }
      if (top < 0 || !(z < options_.frontier_close)) continue;
      // d z / d(judgments of the pair) = z * v * info / 2: the progress of one judgment,
      // weighted by a bump that peaks where cuts are about to separate.
      const double off = z - options_.frontier_center;
      const double w = std::exp(-0.5 * off * off) * std::max(z, options_.frontier_floor) * v;
      binding.emplace_back(top, bottom);
      value.push_back(w);
      total += w;
    }
    if (binding.empty() || !(total > 0.0) || !std::isfinite(total)) return false;
    if (rng.Uniform() < options_.frontier_spread) {  // every open cut alike (ordering)
      const size_t j = rng.UniformInt(binding.size());
      *a = binding[j].first;
      *b = binding[j].second;
      return true;
    }
    double u = rng.Uniform() * total;
    size_t k = 0;
    for (; k + 1 < binding.size(); ++k) {
      u -= value[k];
      if (u < 0.0) break;
    }
    *a = binding[k].first;
    *b = binding[k].second;
    return true;
  }
};

class ThompsonSelector final : public ActiveSelector {
 public:
  using ActiveSelector::ActiveSelector;
  std::string_view name() const override { return "thompson"; }

 protected:
  bool ChoosePair(const SelectionState& state, const PairSet* allowed, Rng& rng, SystemId* a,
                  SystemId* b) const override {
    const std::span<const Rating> r = state.ratings;
    const std::vector<SystemId>& order = OrderByMu(r);
    thread_local std::vector<double> skill;
    skill.resize(r.size());
    for (size_t j = 0; j < r.size(); ++j) skill[j] = r[j].mu + r[j].sigma * rng.Normal();
    bool found = false;
    double closest = 0.0;
    for (size_t i = 0; i + 1 < order.size(); ++i) {
      const SystemId u = order[i], l = order[i + 1];
      if (allowed != nullptr && !allowed->Contains(u, l)) continue;
      const double gap = skill[u] - skill[l];
      if (!found || gap < closest) {
        found = true;
        closest = gap;
        *a = u;
        *b = l;
      }
    }
    return found;
  }
};

class InfoGainSelector final : public ActiveSelector {
 public:
  explicit InfoGainSelector(const ActiveSelectorOptions& options) : ActiveSelector(options) {}
  std::string_view name() const override { return "info-gain"; }

  // Expected drop of the Gaussian posterior entropy of (skill_a, skill_b) after one game.
  double Gain(const Rating& x, const Rating& y) const {
    const double beta = options_.beta;
    const double va = x.sigma * x.sigma, vb = y.sigma * y.sigma;
    const double c2 = 2.0 * beta * beta + va + vb;
    const double c = std::sqrt(c2);
    const double t = (x.mu - y.mu) / c, e = options_.draw_margin / c;
    const double p_first = NormalCdf(t - e), p_second = NormalCdf(-t - e);
    const double p_tie = std::max(0.0, 1.0 - p_first - p_second);
    auto entropy_drop = [&](double w) {
      return -0.5 * (std::log1p(-va / c2 * w) + std::log1p(-vb / c2 * w));
    };
    return p_first * entropy_drop(WinCorrection(t, e).w) +
           p_second * entropy_drop(WinCorrection(-t, e).w) +
           p_tie * entropy_drop(DrawCorrection(t, e).w);
  }

 protected:
  bool ChoosePair(const SelectionState& state, const PairSet* allowed, Rng& rng, SystemId* a,
                  SystemId* b) const override {
    const auto& pairs = CandidatePairs(state, allowed, rng);
    double best = -1.0;
    uint64_t ties = 0;
    for (const auto& [x, y] : pairs) {
      const double g = Gain(state.ratings[x], state.ratings[y]);
      if (g > best * (1.0 + 1e-12)) {
        best = g;
        ties = 1;
        *a = x;
        *b = y;
      } else if (g >= best * (1.0 - 1e-12) && rng.UniformInt(++ties) == 0) {
        *a = x;
        *b = y;
      }
    }
    return !pairs.empty();
  }
};

class ArenaSelector final : public ActiveSelector {
 public:
  using ActiveSelector::ActiveSelector;
  std::string_view name() const override { return "arena"; }

 protected:
  bool ChoosePair(const SelectionState& state, const PairSet* allowed, Rng& rng, SystemId* a,
                  SystemId* b) const override {
    const auto& pairs = CandidatePairs(state, allowed, rng);
    if (pairs.empty()) return false;
    auto weight = [&](SystemId x, SystemId y) {
      const Rating& rx = state.ratings[x];
      const Rating& ry = state.ratings[y];
      const double v = rx.sigma * rx.sigma + ry.sigma * ry.sigma;
      const double n =
          state.counts != nullptr ? static_cast<double>(state.counts->total(x, y)) : 0.0;
      return std::sqrt(v / (n + 1.0)) - std::sqrt(v / (n + 2.0));
    };
    double total = 0.0;
    for (const auto& [x, y] : pairs) total += weight(x, y);
    if (!(total > 0.0)) {
      const auto& p = pairs[rng.UniformInt(pairs.size())];
      *a = p.first;
      *b = p.second;
      return true;
    }
    const double u = rng.Uniform() * total;
    double cumulative = 0.0;
    for (const auto& [x, y] : pairs) {
      *a = x;  // the last pair absorbs rounding at the top end
      *b = y;
      cumulative += weight(x, y);
      if (u < cumulative) break;
    }
    return true;
  }
};

ActiveSelectorOptions Resolved(ActiveSelectorOptions o) {
  if (o.draw_margin < 0.0) o.draw_margin = DrawMarginFromProbability(0.25, 2, o.beta);
  return o;
}

}  // namespace

Status ValidateActiveSelectorOptions(const ActiveSelectorOptions& o) {
  if (!(o.explore > 0.0 && o.explore <= 1.0)) {
    return InvalidArgument("active selector: explore must be in (0, 1]");
  }
  if (!(o.z > 0.0) || !std::isfinite(o.z)) {
    return InvalidArgument("active selector: z must be finite and > 0");
  }
  if (!(o.beta > 0.0) || !std::isfinite(o.beta)) {
    return InvalidArgument("active selector: beta must be finite and > 0");
  }
  if (!std::isfinite(o.draw_margin)) {
    return InvalidArgument("active selector: draw margin must be finite");
  }
  if (!(o.warmup >= 0.0) || !std::isfinite(o.warmup)) {
    return InvalidArgument("active selector: warmup must be finite and >= 0");
  }
  if (!std::isfinite(o.frontier_center) || !(o.frontier_floor >= 0.0) ||
      !std::isfinite(o.frontier_floor) || !(o.frontier_close > 0.0) ||
      !std::isfinite(o.frontier_close) || !(o.frontier_spread >= 0.0 && o.frontier_spread <= 1.0)) {
    return InvalidArgument(
        "active selector: frontier center must be finite, floor >= 0, close > 0 and spread in "
        "[0, 1]");
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<MatchSelector>> MakeRacingSelector(const ActiveSelectorOptions& options) {
  if (Status s = ValidateActiveSelectorOptions(options); !s.ok()) return s;
  return std::unique_ptr<MatchSelector>(new RacingSelector(Resolved(options), true));
}

StatusOr<std::unique_ptr<MatchSelector>> MakeFrontierSelector(
    const ActiveSelectorOptions& options) {
  if (Status s = ValidateActiveSelectorOptions(options); !s.ok()) return s;
  return std::unique_ptr<MatchSelector>(new FrontierSelector(Resolved(options)));
}

StatusOr<std::unique_ptr<MatchSelector>> MakeLucbSelector(const ActiveSelectorOptions& options) {
  if (Status s = ValidateActiveSelectorOptions(options); !s.ok()) return s;
  return std::unique_ptr<MatchSelector>(new RacingSelector(Resolved(options), false));
}

StatusOr<std::unique_ptr<MatchSelector>> MakeInfoGainSelector(
    const ActiveSelectorOptions& options) {
  if (Status s = ValidateActiveSelectorOptions(options); !s.ok()) return s;
  return std::unique_ptr<MatchSelector>(new InfoGainSelector(Resolved(options)));
}

StatusOr<std::unique_ptr<MatchSelector>> MakeThompsonSelector(
    const ActiveSelectorOptions& options) {
  if (Status s = ValidateActiveSelectorOptions(options); !s.ok()) return s;
  return std::unique_ptr<MatchSelector>(new ThompsonSelector(Resolved(options)));
}

StatusOr<std::unique_ptr<MatchSelector>> MakeArenaSelector(const ActiveSelectorOptions& options) {
  if (Status s = ValidateActiveSelectorOptions(options); !s.ok()) return s;
  return std::unique_ptr<MatchSelector>(new ArenaSelector(Resolved(options)));
}

StatusOr<std::unique_ptr<MatchSelector>> MakeActiveSelector(std::string_view name,
                                                            const ActiveSelectorOptions& options) {
  if (name == "frontier") return MakeFrontierSelector(options);
  if (name == "racing") return MakeRacingSelector(options);
  if (name == "lucb") return MakeLucbSelector(options);
  if (name == "info-gain") return MakeInfoGainSelector(options);
  if (name == "thompson") return MakeThompsonSelector(options);
  if (name == "arena") return MakeArenaSelector(options);
  if (name == "active-ranking" || name == "boundary") {
    if (Status s = ValidateActiveSelectorOptions(options); !s.ok()) return s;
    return name == "boundary" ? MakeBoundarySelector() : MakeActiveRankingSelector();
  }
  return InvalidArgument("unknown active selector '" + std::string(name) +
                         "' (expected frontier, racing, lucb, info-gain, thompson, arena, "
                         "active-ranking or boundary)");
}

}  // namespace tourney
