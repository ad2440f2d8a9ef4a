// The ranked board of a scoring campaign (see tourney/campaigns/scoring_campaign.h: Board):
// EstimateSystems on the scored table, or for betting-cs the difference of two systems'
// confidence sequences.
#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "tourney/campaigns/scoring_campaign.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {

ScoredSegments ScoringCampaign::TableOf(const ScoringSnapshot& snapshot) const {
  ScoredSegments t = config_.table;
  // The campaign's serving order, which cv-cs reads.
  t.segment_order.assign(t.segment_ids.size(), -1);
  for (size_t k = 0; k < segment_order_.size(); ++k) {
    t.segment_order[segment_order_[k]] = static_cast<int>(k);
  }
  for (int s = 0; s < num_systems(); ++s) {
    const Population& p = snapshot.populations[s];
    for (int r = 0; r < p.size; ++r) {
      t.systems[s].annotated[r] = p.known[r];
      t.systems[s].human[r] = p.known[r] ? p.x[r] : 0.0;
    }
  }
  return t;
}

StatusOr<ScoringBoard> ScoringCampaign::BoardFrom(
    const ScoringSnapshot& snapshot, const std::vector<ScoringSystemEstimate>& estimates) const {
  ScoringBoard board;
  const int systems = num_systems();
  if (static_cast<int>(estimates.size()) != systems ||
      static_cast<int>(snapshot.populations.size()) != systems) {
    return InvalidArgument("board: the estimates or the snapshot are of another campaign");
  }
  for (const ScoringSystemEstimate& e : estimates) {
    if (!e.estimated) {
      board.note = "no board yet: system '" + e.name + "' has no estimate (" + e.note + ")";
      return board;
    }
  }
  std::unordered_map<std::string, int> index;
  for (int s = 0; s < systems; ++s) index[config_.table.systems[s].name] = s;
  if (config_.bound != BoundKind::kBettingCs) {
    SystemEstimatesOptions o;
    o.design = config_.design;
    o.estimator = config_.estimator;
    o.bound = config_.bound;
    o.bootstrap_replicates = config_.bootstrap_replicates;
    o.seed = config_.seed;
    o.confidence = config_.confidence;
    o.range = config_.range;
    o.lower_is_better = config_.lower_is_better;
    o.tolerance = config_.tolerance;
    o.population = config_.population;
    o.score_min = config_.score_min;
    o.score_max = config_.score_max;
    // The table is the whole test set: once every item is scored, a census.
    for (const SystemSegments& sys : config_.table.systems) {
      o.test_set_size = std::max(o.test_set_size, sys.size());
    }
    o.threads = 1;
    auto all = EstimateSystems(TableOf(snapshot), o);
    if (!all.ok()) return all.status();
    for (const SystemEstimate& e : all->systems) board.order.push_back(index.at(e.name));
    for (const PairDifference& d : all->pairs) {
      board.pairs.push_back(ScoringPair{d.better, d.worse, d.difference, d.lo, d.hi, d.paired,
                                        d.estimated, d.separated});
    }
    board.warnings = all->warnings;
  } else {
    // By value, best first; equal values by name (as EstimateSystems).
    board.order.resize(systems);
    std::iota(board.order.begin(), board.order.end(), 0);
    const double sign = config_.lower_is_better ? 1.0 : -1.0;
    std::sort(board.order.begin(), board.order.end(), [&](int a, int b) {
      const double va = sign * estimates[a].value, vb = sign * estimates[b].value;
      return va != vb ? va < vb : estimates[a].name < estimates[b].name;
    });
    for (size_t i = 0; i + 1 < board.order.size(); ++i) {
      const ScoringSystemEstimate& b = estimates[board.order[i]];
      const ScoringSystemEstimate& w = estimates[board.order[i + 1]];
      ScoringPair d;
      d.better = b.name;
      d.worse = w.name;
      d.difference = b.value - w.value;
      d.lo = b.lo - w.hi;
      d.hi = b.hi - w.lo;
      d.estimated = true;
      d.separated = d.lo > 0 || d.hi < 0;
      board.pairs.push_back(d);
    }
  }
  // Clusters: a new one after each separated neighbour pair.
  int cluster = 1;
  for (size_t i = 0; i < board.order.size(); ++i) {
    if (i > 0 && board.pairs[i - 1].separated) ++cluster;
    board.cluster.push_back(cluster);
  }
  board.ranked = true;
  return board;
}

}  // namespace tourney
