#include "tourney/experiments/campaign_plan.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "tourney/core/random.h"
#include "tourney/sampling/population.h"

namespace tourney {
namespace {

// One completion of `pilot` (CompletePilot); `populations` are the pilot's, per system.
ScoredSegments CompleteWith(const ScoredSegments& pilot, const std::vector<Population>& populations,
                            int donors, uint64_t seed) {
  ScoredSegments full = pilot;
  Rng rng(seed);
  for (size_t s = 0; s < pilot.systems.size(); ++s) {
    SystemSegments& sys = full.systems[s];
    const Population& p = populations[s];
    std::vector<int> scored;
    for (int r = 0; r < sys.size(); ++r) {
      if (sys.annotated[r]) scored.push_back(r);
    }
    std::vector<std::pair<double, int>> nearest;
    for (int r = 0; r < sys.size(); ++r) {
      if (sys.annotated[r]) continue;
      int donor = scored[rng.UniformInt(scored.size())];
      if (p.num_metrics > 0) {
        nearest.clear();
        for (int d : scored) {
          double dist = 0.0;
          for (int m = 0; m < p.num_metrics; ++m) {
            const double diff = p.Z(r, m) - p.Z(d, m);
            dist += diff * diff;
          }
          nearest.push_back({dist, d});
        }
        const size_t k = std::min<size_t>(static_cast<size_t>(donors), nearest.size());
        std::partial_sort(nearest.begin(), nearest.begin() + k, nearest.end());
        donor = nearest[rng.UniformInt(k)].second;
      }
      sys.human[r] = sys.human[donor];
      sys.annotated[r] = 1;
    }
  }
  return full;
}

}  // namespace

StatusOr<ScoredSegments> CompletePilot(const ScoredSegments& pilot, int donors, uint64_t seed) {
  if (donors < 1) return InvalidArgument("donors: at least 1");
  std::vector<Population> populations;
  for (size_t s = 0; s < pilot.systems.size(); ++s) {
    if (pilot.systems[s].num_annotated() < 1) {
      return InvalidArgument("pilot: system '" + pilot.systems[s].name + "' has no score");
    }
    auto p = MakePopulation(pilot, static_cast<int>(s));
    if (!p.ok()) return p.status();
    populations.push_back(std::move(*p));
  }
  return CompleteWith(pilot, populations, donors, seed);
}

StatusOr<ScoredSegments> TakePilot(const ScoredSegments& full, double share, uint64_t seed) {
  if (!(share > 0.0 && share <= 1.0)) return InvalidArgument("pilot share: in (0, 1]");
  const int segments = static_cast<int>(full.segment_ids.size());
  std::vector<int> order(segments);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(seed);
  for (int i = segments - 1; i > 0; --i) {
    std::swap(order[i], order[rng.UniformInt(static_cast<uint64_t>(i) + 1)]);
  }
  const int keep = std::min(segments, std::max(2, static_cast<int>(std::lround(share * segments))));
  std::vector<uint8_t> in_pilot(segments, 0);
  for (int i = 0; i < keep; ++i) in_pilot[order[i]] = 1;
  ScoredSegments pilot = full;
  for (SystemSegments& sys : pilot.systems) {
    for (int r = 0; r < sys.size(); ++r) {
      if (!in_pilot[sys.segment[r]]) {
        sys.annotated[r] = 0;
        sys.human[r] = 0.0;
      }
    }
  }
  return pilot;
}

StatusOr<CampaignPlanResult> PlanCampaign(const ScoredSegments& pilot,
                                          const CampaignPlanOptions& options) {
  const CampaignPlanOptions& o = options;
  if (o.imputations < 1 || o.imputations > 1000) return InvalidArgument("imputations: 1..1000");
  if (o.replays_per_imputation < 1 || o.replays_per_imputation > 1000) {
    return InvalidArgument("replays per imputation: 1..1000");
  }
  if (o.donors < 1) return InvalidArgument("donors: at least 1");
  const int n = static_cast<int>(pilot.systems.size());
  if (n < 2) return InvalidArgument("table: a plan needs at least 2 systems");
  CampaignPlanResult result;
  result.options = o;
  double seen_min = std::numeric_limits<double>::infinity(), seen_max = -seen_min;
  std::vector<Population> populations;
  for (int s = 0; s < n; ++s) {
    const SystemSegments& sys = pilot.systems[s];
    int scored = 0;
    for (int r = 0; r < sys.size(); ++r) {
      if (!sys.annotated[r]) continue;
      ++scored;
      seen_min = std::min(seen_min, sys.human[r]);
      seen_max = std::max(seen_max, sys.human[r]);
    }
    if (scored < 2) {
      return InvalidArgument("pilot: system '" + sys.name + "' has " + std::to_string(scored) +
                             (scored == 1 ? " score" : " scores") +
                             "; a plan needs at least 2 per system");
    }
    result.systems.push_back(sys.name);
    result.pilot_scored.push_back(scored);
    result.segments.push_back(sys.size());
    result.items += sys.size();
    result.pilot_items += scored;
    auto p = MakePopulation(pilot, s);
    if (!p.ok()) return p.status();
    populations.push_back(std::move(*p));
  }
  CampaignReplayOptions ro;
  ro.goal = o.goal;
  ro.board = o.board;
  ro.policies = {"default"};
  ro.replays = o.replays_per_imputation;
  ro.threads = o.threads;
  ro.confidence = o.confidence;
  ro.score_min = std::isnan(o.score_min) ? seen_min : o.score_min;
  ro.score_max = std::isnan(o.score_max) ? seen_max : o.score_max;
  ro.lower_is_better = o.lower_is_better;
  ro.check = o.check;
  result.score_min = ro.score_min;
  result.score_max = ro.score_max;
  result.system_pct.assign(n, 0.0);
  result.items_pct_min = std::numeric_limits<double>::infinity();
  result.items_pct_max = -result.items_pct_min;
  for (int i = 0; i < o.imputations; ++i) {
    const uint64_t seed = DeriveSeed(o.seed, static_cast<uint64_t>(i));
    const ScoredSegments full = CompleteWith(pilot, populations, o.donors, seed);
    ro.seed = DeriveSeed(seed, 1);
    auto replay = RunCampaignReplay(full, ro);
    if (!replay.ok()) return replay.status();
    const ReplayPolicyResult& d = replay->policies.front();
    result.items_pct += d.items_pct / o.imputations;
    result.items_pct_min = std::min(result.items_pct_min, d.items_pct_min);
    result.items_pct_max = std::max(result.items_pct_max, d.items_pct_max);
    result.reached_pct += d.reached_pct / o.imputations;
    for (int s = 0; s < n; ++s) result.system_pct[s] += d.system_scored_pct[s] / o.imputations;
  }
  return result;
}

}  // namespace tourney
