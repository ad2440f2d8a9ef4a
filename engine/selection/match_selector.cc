#include "tourney/selection/match_selector.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "tourney/selection/active_selectors.h"

namespace tourney {

PairSet::PairSet(int n, std::vector<uint8_t> member) : n_(n), member_(std::move(member)) {
  partner_offsets_.assign(static_cast<size_t>(n) + 1, 0);
  for (int a = 0; a < n; ++a) {
    partner_offsets_[a + 1] = partner_offsets_[a];
    for (int b = 0; b < n; ++b) {
      if (!Contains(a, b)) continue;
      partners_.push_back(b);
      ++partner_offsets_[a + 1];
      if (a < b) pairs_.emplace_back(a, b);
    }
  }
}

PairSet PairSet::Complete(int num_systems) {
  const size_t n = static_cast<size_t>(num_systems);
  std::vector<uint8_t> member(n * n, 1);
  for (size_t i = 0; i < n; ++i) member[i * n + i] = 0;
  return PairSet(num_systems, std::move(member));
}

PairSet PairSet::FromComparisons(int num_systems, const Comparisons& comparisons) {
  const size_t n = static_cast<size_t>(num_systems);
  std::vector<uint8_t> member(n * n, 0);
  for (size_t i = 0; i < comparisons.size(); ++i) {
    const size_t a = static_cast<size_t>(comparisons.first[i]);
    const size_t b = static_cast<size_t>(comparisons.second[i]);
    if (a == b) continue;
    member[a * n + b] = 1;
    member[b * n + a] = 1;
  }
  return PairSet(num_systems, std::move(member));
}

PairSet PairSet::FromPairs(int num_systems, std::span<const std::pair<SystemId, SystemId>> pairs) {
  const size_t n = static_cast<size_t>(num_systems);
  std::vector<uint8_t> member(n * n, 0);
  for (const auto& [a, b] : pairs) {
    if (a == b) continue;
    member[static_cast<size_t>(a) * n + static_cast<size_t>(b)] = 1;
    member[static_cast<size_t>(b) * n + static_cast<size_t>(a)] = 1;
  }
  return PairSet(num_systems, std::move(member));
}

namespace {

// The conditions ValidateSelectionRequest checks, without building a message: inlined into
// the selectors' per-draw path, which only asks for the Status when one fails.
inline bool SelectionRequestValid(const SelectionState& state, size_t match_size) {
  const size_t n = state.ratings.size();
  return match_size >= 2 && match_size <= n &&
         (state.allowed == nullptr || static_cast<size_t>(state.allowed->num_systems()) == n) &&
         (state.anytime == nullptr) == (state.anytime_summary == nullptr) &&
         (state.anytime == nullptr || (static_cast<size_t>(state.anytime->num_systems()) == n &&
                                       state.anytime_summary->order.size() == n &&
                                       state.anytime_summary->boundaries.size() + 1 == n));
}

}  // namespace

Status ValidateSelectionRequest(const SelectionState& state, size_t match_size) {
  const size_t n = state.ratings.size();
  if (match_size < 2) return InvalidArgument("a match needs at least 2 systems");
  if (match_size > n) {
    return InvalidArgument("a match of " + std::to_string(match_size) + " systems needs at least " +
                           std::to_string(match_size) + " systems; there are " + std::to_string(n));
  }
  if (state.allowed != nullptr && static_cast<size_t>(state.allowed->num_systems()) != n) {
    return InvalidArgument("the allowed pair set covers " +
                           std::to_string(state.allowed->num_systems()) + " systems, not " +
                           std::to_string(n));
  }
  if ((state.anytime == nullptr) != (state.anytime_summary == nullptr)) {
    return InvalidArgument("the anytime leaderboard and its summary come together");
  }
  if (state.anytime != nullptr && (static_cast<size_t>(state.anytime->num_systems()) != n ||
                                   state.anytime_summary->order.size() != n ||
                                   state.anytime_summary->boundaries.size() + 1 != n)) {
    return InvalidArgument("the anytime leaderboard covers " +
                           std::to_string(state.anytime->num_systems()) + " systems, not " +
                           std::to_string(n));
  }
  return Status::Ok();
}

namespace {

Status NoEligibleAnchor(size_t match_size) {
  return FailedPrecondition("no system has " + std::to_string(match_size - 1) +
                            " allowed opponents");
}

// Floyd's algorithm: writes a uniform random `k`-subset of {0..m-1} into out[0..k).
void UniformSubset(uint64_t m, size_t k, Rng& rng, SystemId* out) {
  size_t filled = 0;
  for (uint64_t j = m - k; j < m; ++j) {
    const SystemId t = static_cast<SystemId>(rng.UniformInt(j + 1));
    bool taken = false;
    for (size_t i = 0; i < filled; ++i) taken |= out[i] == t;
    out[filled++] = taken ? static_cast<SystemId>(j) : t;
  }
}

// Whether u < 1 - x or u < exp(-x), x > 0, exactly as comparing u with std::exp's value
// decides it. Taylor's bounds 1 - x + x^2/2 - x^3/6 <= exp(-x) <= 1 - x + x^2/2 (x >= 0)
// settle almost every u without the exponential: up to x = 2 the polynomials are within
// 1e-15 of their true values and std::exp within an ulp of its own, so a margin of 1e-14
// on either side leaves only the u that the exponential itself must decide. The bounds
// are combined without branches: which way u falls is a coin flip a branch would
// mispredict.
bool AcceptsProposal(double u, double x) {
  constexpr double kMargin = 1e-14;
  if (x > 2.0) return u < 1.0 - x || u < std::exp(-x);
  const double x2 = x * x;
  const double upper = 1.0 - x + 0.5 * x2;
  const double lower = upper - x2 * x * (1.0 / 6.0);
  const bool sure_accept = (u < 1.0 - x) | (u < lower - kMargin);
  const bool sure_reject = u >= upper + kMargin;
  if (sure_accept | sure_reject) return sure_accept;
  return u < std::exp(-x);
}

// The id of the largest sigma, the lowest among equals; ratings has at least 2 entries.
// Two running maxima (even and odd ids) through conditional moves: which system leads
// changes from draw to draw, so a branch per system would be mispredicted often.
SystemId LargestSigma(std::span<const Rating> ratings) {
  const SystemId n = static_cast<SystemId>(ratings.size());
  SystemId best_even = 0, best_odd = 1;
  double sigma_even = ratings[0].sigma, sigma_odd = ratings[1].sigma;
  SystemId j = 2;
  for (; j + 1 < n; j += 2) {
    const double a = ratings[static_cast<size_t>(j)].sigma;
    const double b = ratings[static_cast<size_t>(j) + 1].sigma;
    const bool take_a = a > sigma_even;
    const bool take_b = b > sigma_odd;
    best_even = take_a ? j : best_even;
    sigma_even = take_a ? a : sigma_even;
    best_odd = take_b ? j + 1 : best_odd;
    sigma_odd = take_b ? b : sigma_odd;
  }
  if (j < n) {
    const double a = ratings[static_cast<size_t>(j)].sigma;
    const bool take_a = a > sigma_even;
    best_even = take_a ? j : best_even;
    sigma_even = take_a ? a : sigma_even;
  }
  const bool odd_wins = sigma_odd > sigma_even || (sigma_odd == sigma_even && best_odd < best_even);
  return odd_wins ? best_odd : best_even;
}

class TrueSkillSelector final : public MatchSelector {
 public:
  std::string_view name() const override { return "trueskill"; }

  Status Select(const SelectionState& state, Rng& rng, std::span<SystemId> match) const override {
    const size_t num_slots = match.size();
    if (!SelectionRequestValid(state, num_slots)) return ValidateSelectionRequest(state, num_slots);
    const std::span<const Rating> ratings = state.ratings;
    // A complete pair set restricts nothing.
    const PairSet* const allowed =
        state.allowed != nullptr && !state.allowed->complete() ? state.allowed : nullptr;
    const int n = static_cast<int>(ratings.size());
    const int min_degree = static_cast<int>(num_slots) - 1;

    // 1. The anchor: largest sigma, lowest id among equals.
    SystemId anchor = -1;
    if (allowed == nullptr) {
      anchor = LargestSigma(ratings);
    } else {
      double anchor_sigma = 0.0;
      for (SystemId j = 0; j < n; ++j) {
        if (allowed->degree(j) < min_degree) continue;
        if (anchor < 0 || ratings[j].sigma > anchor_sigma) {
          anchor = j;
          anchor_sigma = ratings[j].sigma;
        }
      }
    }
    if (anchor < 0) return NoEligibleAnchor(num_slots);
    match[0] = anchor;

    // 2. Opponents one after another, each with probability proportional to
    // p_hat_draw = exp(-|mu_anchor - mu_j|) among the candidates not yet in the match.
    // Candidates k = 0..count-1 are the anchor's allowed partners (every other system when
    // unrestricted). Rejection sampling: propose k uniformly, reject it if already chosen,
    // accept with probability exp(-(d_k - nearest)), where nearest is the smallest distance
    // of any candidate (the squeeze exp(-x) >= 1 - x settles most proposals without an
    // exponential). This is exact; if a bounded number of proposals all fail, exact
    // inversion over the cumulative weights takes over, so the work is O(n) at worst.
    const std::span<const SystemId> partners =
        allowed != nullptr ? allowed->partners(anchor) : std::span<const SystemId>();
    const size_t count = allowed != nullptr ? partners.size() : static_cast<size_t>(n) - 1;
    const double mu_anchor = ratings[anchor].mu;
    auto candidate = [&](size_t k) -> SystemId {
      if (allowed != nullptr) return partners[k];
      const SystemId j = static_cast<SystemId>(k);
      return j < anchor ? j : j + 1;
    };
    auto distance = [&](SystemId j) { return std::fabs(mu_anchor - ratings[j].mu); };
    auto chosen = [&](SystemId j, size_t filled) {
      for (size_t i = 1; i < filled; ++i) {
        if (match[i] == j) return true;
      }
      return false;
    };
    // Two running minima halve the dependency chain.
    double nearest_even = std::numeric_limits<double>::infinity(), nearest_odd = nearest_even;
    size_t k = 0;
    for (; k + 1 < count; k += 2) {
      nearest_even = std::min(nearest_even, distance(candidate(k)));
      nearest_odd = std::min(nearest_odd, distance(candidate(k + 1)));
    }
    if (k < count) nearest_even = std::min(nearest_even, distance(candidate(k)));
    const double nearest = std::min(nearest_even, nearest_odd);

    const size_t max_proposals = 4 * count + 16;
    for (size_t slot = 1; slot < num_slots; ++slot) {
      SystemId pick = -1;
      for (size_t attempt = 0; attempt < max_proposals && pick < 0; ++attempt) {
        const SystemId j = candidate(static_cast<size_t>(rng.UniformInt(count)));
        if (chosen(j, slot)) continue;
        const double excess = distance(j) - nearest;
        if (excess <= 0.0) {
          pick = j;
          break;
        }
        const double u = rng.Uniform();
        if (AcceptsProposal(u, excess)) pick = j;
      }
      if (pick < 0) {
        double total = 0.0;
        for (size_t c = 0; c < count; ++c) {
          const SystemId j = candidate(c);
          if (!chosen(j, slot)) total += std::exp(nearest - distance(j));
        }
        const double u = rng.Uniform() * total;
        double cumulative = 0.0;
        for (size_t c = 0; c < count; ++c) {
          const SystemId j = candidate(c);
          if (chosen(j, slot)) continue;
          pick = j;  // the last remaining candidate absorbs rounding at the top end
          cumulative += std::exp(nearest - distance(j));
          if (u < cumulative) break;
        }
      }
      match[slot] = pick;
    }
    return Status::Ok();
  }
};

class UniformSelector final : public MatchSelector {
 public:
  std::string_view name() const override { return "uniform"; }

  Status Select(const SelectionState& state, Rng& rng, std::span<SystemId> match) const override {
    const size_t num_slots = match.size();
    if (Status s = ValidateSelectionRequest(state, num_slots); !s.ok()) return s;
    const PairSet* const allowed = state.allowed;
    const int n = static_cast<int>(state.ratings.size());
    if (allowed == nullptr) {
      UniformSubset(static_cast<uint64_t>(n), num_slots, rng, match.data());
      return Status::Ok();
    }
    if (num_slots == 2) {
      const auto& pairs = allowed->pairs();
      if (pairs.empty()) return NoEligibleAnchor(num_slots);
      const auto& p = pairs[rng.UniformInt(pairs.size())];
      match[0] = p.first;
      match[1] = p.second;
      return Status::Ok();
    }
    const int min_degree = static_cast<int>(num_slots) - 1;
    uint64_t eligible = 0;
    for (SystemId j = 0; j < n; ++j) eligible += allowed->degree(j) >= min_degree;
    if (eligible == 0) return NoEligibleAnchor(num_slots);
    uint64_t r = rng.UniformInt(eligible);
    SystemId anchor = 0;
    for (SystemId j = 0; j < n; ++j) {
      if (allowed->degree(j) < min_degree) continue;
      if (r-- == 0) {
        anchor = j;
        break;
      }
    }
    const std::span<const SystemId> partners = allowed->partners(anchor);
    match[0] = anchor;
    UniformSubset(partners.size(), num_slots - 1, rng, match.data() + 1);
    for (size_t i = 1; i < num_slots; ++i) match[i] = partners[static_cast<size_t>(match[i])];
    return Status::Ok();
  }
};

}  // namespace

std::unique_ptr<MatchSelector> MakeTrueSkillSelector() {
  return std::make_unique<TrueSkillSelector>();
}

std::unique_ptr<MatchSelector> MakeUniformSelector() { return std::make_unique<UniformSelector>(); }

std::span<const std::string_view> MatchSelectorNames() {
  static constexpr std::string_view kNames[] = {"trueskill",      "uniform",   "frontier", "racing",
                                                "lucb",           "info-gain", "thompson", "arena",
                                                "active-ranking", "boundary"};
  return kNames;
}

StatusOr<std::unique_ptr<MatchSelector>> MakeMatchSelector(std::string_view name) {
  if (name == "trueskill" || name == "paper") return MakeTrueSkillSelector();
  if (name == "uniform") return MakeUniformSelector();
  if (auto active = MakeActiveSelector(name, ActiveSelectorOptions()); active.ok()) {
    return std::move(*active);
  }
  std::string known;
  for (std::string_view n : MatchSelectorNames())
    known += (known.empty() ? "" : ", ") + std::string(n);
  return InvalidArgument("unknown match selector '" + std::string(name) + "' (expected one of " +
                         known + ")");
}

}  // namespace tourney
