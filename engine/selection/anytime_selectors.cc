// The policies of active_selectors.h that read the anytime-valid leaderboard
// (SelectionState::anytime): "active-ranking" and "boundary".
#include <algorithm>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "tourney/selection/active_selectors.h"
#include "tourney/sequential/anytime_leaderboard.h"

namespace tourney {
namespace {

// Frontier's window: how many systems on each side of a boundary are searched for its least
// certified pair.
constexpr int kBoundaryWindow = 3;
// Boundary: every pair across a boundary is searched up to this many, else a sample.
constexpr int kExhaustivePairs = 64;
constexpr int kSampledPairs = 16;

bool Resolved(const AnytimeBoundary& b) { return b.separated || b.tie_within_epsilon; }

// A complete allowed set restricts nothing.
const PairSet* Restriction(const SelectionState& state) {
  return state.allowed != nullptr && !state.allowed->complete() ? state.allowed : nullptr;
}

// Fills match[from..] with distinct systems drawn uniformly from the systems not yet in
// match[0..from). REQUIRES: match.size() <= n.
void FillUniformOthers(int n, size_t from, Rng& rng, std::span<SystemId> match) {
  for (size_t slot = from; slot < match.size(); ++slot) {
    SystemId j;
    do {
      j = static_cast<SystemId>(rng.UniformInt(static_cast<uint64_t>(n)));
    } while (std::find(match.begin(), match.begin() + static_cast<std::ptrdiff_t>(slot), j) !=
             match.begin() + static_cast<std::ptrdiff_t>(slot));
    match[slot] = j;
  }
}

class ActiveRankingSelector final : public MatchSelector {
 public:
  ActiveRankingSelector() : uniform_(MakeUniformSelector()) {}
  std::string_view name() const override { return "active-ranking"; }

  Status Select(const SelectionState& state, Rng& rng, std::span<SystemId> match) const override {
    if (Status s = ValidateSelectionRequest(state, match.size()); !s.ok()) return s;
    const PairSet* const allowed = Restriction(state);
    if (match.size() > 2 && allowed != nullptr) return uniform_->Select(state, rng, match);
    const int n = static_cast<int>(state.ratings.size());
    // Reservoir sampling over the active systems: one pass, no scratch.
    const AnytimeSummary* const board = state.anytime_summary;
    SystemId chosen = -1;
    uint64_t seen = 0;
    for (int r = 0; r < n; ++r) {
      const SystemId j = board != nullptr ? board->order[r] : static_cast<SystemId>(r);
      if (board != nullptr) {
        const bool open = (r > 0 && !Resolved(board->boundaries[r - 1])) ||
                          (r + 1 < n && !Resolved(board->boundaries[r]));
        if (!open) continue;
      }
      if (allowed != nullptr && allowed->degree(j) == 0) continue;
      if (rng.UniformInt(++seen) == 0) chosen = j;
    }
    if (chosen < 0) return uniform_->Select(state, rng, match);  // settled
    match[0] = chosen;
    if (allowed != nullptr) {
      const std::span<const SystemId> partners = allowed->partners(chosen);
      match[1] = partners[rng.UniformInt(partners.size())];
      return Status::Ok();
    }
    FillUniformOthers(n, 1, rng, match);
    return Status::Ok();
  }

 private:
  const std::unique_ptr<MatchSelector> uniform_;
};

class BoundarySelector final : public MatchSelector {
 public:
  BoundarySelector() : uniform_(MakeUniformSelector()) {}
  std::string_view name() const override { return "boundary"; }

  Status Select(const SelectionState& state, Rng& rng, std::span<SystemId> match) const override {
    if (Status s = ValidateSelectionRequest(state, match.size()); !s.ok()) return s;
    const PairSet* const allowed = Restriction(state);
    const AnytimeSummary* const board = state.anytime_summary;
    if (board == nullptr || (match.size() > 2 && allowed != nullptr)) {
      return uniform_->Select(state, rng, match);
    }
    const int n = static_cast<int>(state.ratings.size());
    // A uniformly chosen open boundary (reservoir sampling), then its least certified pair.
    int chosen = -1;
    uint64_t seen = 0;
    for (int r = 0; r + 1 < n; ++r) {
      if (!Resolved(board->boundaries[r]) && rng.UniformInt(++seen) == 0) chosen = r;
    }
    SystemId u = -1, l = -1;
    if (chosen < 0 || !LeastCertified(state, allowed, chosen, rng, &u, &l)) {
      return uniform_->Select(state, rng, match);  // settled, or nothing allowed there
    }
    match[0] = u;
    match[1] = l;
    FillUniformOthers(n, 2, rng, match);
    return Status::Ok();
  }

 private:
  // The pair across boundary r furthest from being certified: the smallest
  // max(lo(p_ul) - 1/2, lo(B_u) - hi(B_l)) over every pair across it when there are at
  // most kExhaustivePairs, else over the kBoundaryWindow positions on each side, the pair
  // of the smallest lower score bound above and the largest upper bound below, and
  // kSampledPairs uniform pairs across. False when no candidate is allowed.
  static bool LeastCertified(const SelectionState& state, const PairSet* allowed, int r, Rng& rng,
                             SystemId* u_out, SystemId* l_out) {
    const AnytimeSummary& s = *state.anytime_summary;
    const int n = static_cast<int>(s.order.size());
    bool found = false;
    double least = 0.0;
    auto consider = [&](int pu, int pl) {
      const SystemId u = s.order[pu], l = s.order[pl];
      if (allowed != nullptr && !allowed->Contains(u, l)) return;
      const double margin = std::max(state.anytime->PreferenceLo(u, l) - 0.5, s.lo[u] - s.hi[l]);
      if (!found || margin < least) {
        found = true;
        least = margin;
        *u_out = u;
        *l_out = l;
      }
    };
    const int above = r + 1, below = n - r - 1;
    if (above * below <= kExhaustivePairs) {
      for (int pu = 0; pu <= r; ++pu) {
        for (int pl = r + 1; pl < n; ++pl) consider(pu, pl);
      }
      return found;
    }
    for (int pu = std::max(0, r - kBoundaryWindow + 1); pu <= r; ++pu) {
      for (int pl = r + 1; pl < std::min(n, r + 1 + kBoundaryWindow); ++pl) consider(pu, pl);
    }
    int weakest = r, strongest = r + 1;
    for (int p = 0; p <= r; ++p) {
      if (s.lo[s.order[p]] < s.lo[s.order[weakest]]) weakest = p;
    }
    for (int p = r + 1; p < n; ++p) {
      if (s.hi[s.order[p]] > s.hi[s.order[strongest]]) strongest = p;
    }
    consider(weakest, strongest);
    for (int k = 0; k < kSampledPairs; ++k) {
      consider(static_cast<int>(rng.UniformInt(static_cast<uint64_t>(above))),
               r + 1 + static_cast<int>(rng.UniformInt(static_cast<uint64_t>(below))));
    }
    return found;
  }

  const std::unique_ptr<MatchSelector> uniform_;
};

}  // namespace

std::unique_ptr<MatchSelector> MakeActiveRankingSelector() {
  return std::make_unique<ActiveRankingSelector>();
}

std::unique_ptr<MatchSelector> MakeBoundarySelector() {
  return std::make_unique<BoundarySelector>();
}

}  // namespace tourney
