#include "tourney/match_selector.h"

#include <array>
#include <cmath>
#include <limits>

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

namespace {

// Systems up to which per-selection scratch lives on the stack.
constexpr size_t kStackSystems = 64;

Status ValidateRequest(const SelectionState& state, size_t match_size) {
  const size_t n = state.ratings.size();
  if (match_size < 2) return InvalidArgument("a match needs at least 2 systems");
  if (match_size > n) {
    return InvalidArgument("a match of " + std::to_string(match_size) + " systems needs at least " +
                           std::to_string(match_size) + " systems; there are " +
                           std::to_string(n));
  }
  if (state.allowed != nullptr && static_cast<size_t>(state.allowed->num_systems()) != n) {
    return InvalidArgument("the allowed pair set covers " +
                           std::to_string(state.allowed->num_systems()) + " systems, not " +
                           std::to_string(n));
  }
  return Status::Ok();
}

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

class TrueSkillSelector final : public MatchSelector {
 public:
  std::string_view name() const override { return "trueskill"; }

  Status Select(const SelectionState& state, Rng& rng,
                std::span<SystemId> match) const override {
    const size_t num_slots = match.size();
    if (Status s = ValidateRequest(state, num_slots); !s.ok()) return s;
    const std::span<const Rating> ratings = state.ratings;
    const PairSet* const allowed = state.allowed;
    const int n = static_cast<int>(ratings.size());
    const int min_degree = static_cast<int>(num_slots) - 1;

    // 1. The anchor: largest sigma, lowest id among equals.
    SystemId anchor = -1;
    for (SystemId j = 0; j < n; ++j) {
      if (allowed != nullptr && allowed->degree(j) < min_degree) continue;
      if (anchor < 0 || ratings[j].sigma > ratings[anchor].sigma) anchor = j;
    }
    if (anchor < 0) return NoEligibleAnchor(num_slots);
    match[0] = anchor;

    // 2. Opponents, one at a time, with probability ~ exp(-|mu_anchor - mu_j|). Weights are
    // taken relative to the nearest remaining candidate so the total never underflows.
    std::array<double, kStackSystems> stack_distance;
    std::vector<double> heap_distance;
    double* distance = stack_distance.data();
    if (static_cast<size_t>(n) > kStackSystems) {
      heap_distance.resize(static_cast<size_t>(n));
      distance = heap_distance.data();
    }
    constexpr double kExcluded = std::numeric_limits<double>::infinity();
    const double mu_anchor = ratings[anchor].mu;
    for (SystemId j = 0; j < n; ++j) {
      const bool candidate = j != anchor && (allowed == nullptr || allowed->Contains(anchor, j));
      distance[j] = candidate ? std::fabs(mu_anchor - ratings[j].mu) : kExcluded;
    }
    for (size_t slot = 1; slot < num_slots; ++slot) {
      double nearest = kExcluded;
      for (SystemId j = 0; j < n; ++j) nearest = std::min(nearest, distance[j]);
      double total = 0.0;
      for (SystemId j = 0; j < n; ++j) {
        if (distance[j] != kExcluded) total += std::exp(nearest - distance[j]);
      }
      const double u = rng.Uniform() * total;
      double cumulative = 0.0;
      SystemId pick = -1;
      for (SystemId j = 0; j < n; ++j) {
        if (distance[j] == kExcluded) continue;
        pick = j;  // the last candidate absorbs rounding at the top end
        cumulative += std::exp(nearest - distance[j]);
        if (u < cumulative) break;
      }
      match[slot] = pick;
      distance[pick] = kExcluded;
    }
    return Status::Ok();
  }
};

class UniformSelector final : public MatchSelector {
 public:
  std::string_view name() const override { return "uniform"; }

  Status Select(const SelectionState& state, Rng& rng,
                std::span<SystemId> match) const override {
    const size_t num_slots = match.size();
    if (Status s = ValidateRequest(state, num_slots); !s.ok()) return s;
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

StatusOr<std::unique_ptr<MatchSelector>> MakeMatchSelector(std::string_view name) {
  if (name == "trueskill") return MakeTrueSkillSelector();
  if (name == "uniform") return MakeUniformSelector();
  return InvalidArgument("unknown match selector '" + std::string(name) +
                         "' (expected trueskill or uniform)");
}

}  // namespace tourney
