#include "tourney/statistics/stability.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <numeric>
#include <utility>

#include "core/thread_pool.h"
#include "tourney/core/random.h"
#include "tourney/statistics/ranking_comparison.h"

namespace tourney {
namespace {

SystemRanking RankingOf(const Leaderboard& board) {
  SystemRanking out;
  out.reserve(board.entries.size());
  for (const LeaderboardEntry& e : board.entries) out.push_back({e.system, e.score, e.cluster});
  return out;
}

int NumClusters(const Leaderboard& board) {
  int k = 0;
  for (const LeaderboardEntry& e : board.entries) k = std::max(k, e.cluster.value_or(0));
  return k;
}

// The judgments of `rankings` (indices into `from`), every system of `from` registered
// first so that ids are kept.
Judgments Subset(const Judgments& from, const std::vector<size_t>& rankings) {
  Judgments out;
  for (int s = 0; s < from.num_systems(); ++s) out.systems().Intern(from.systems().Name(s));
  for (size_t i : rankings) out.AppendRankingFrom(from, i);
  return out;
}

StatusOr<Leaderboard> Cluster(const Judgments& judgments, const RatingModel& model,
                              BootstrapOptions options, uint64_t seed,
                              const std::function<bool()>& cancelled) {
  options.seed = seed;
  options.threads = 1;
  options.progress = nullptr;
  options.cancelled = cancelled;
  auto result = Bootstrap(judgments, model, options);
  if (!result.ok()) return result.status();
  return BuildClusteredLeaderboard(judgments, *result);
}

StabilityStat Summarize(const std::vector<double>& values) {
  StabilityStat s;
  s.defined = static_cast<int>(values.size());
  if (values.empty()) return s;
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / values.size();
  if (values.size() > 1) {
    double ss = 0.0;
    for (double v : values) ss += (v - s.mean) * (v - s.mean);
    s.sd = std::sqrt(ss / (values.size() - 1));
  }
  return s;
}

}  // namespace

StatusOr<SubsampleUnit> ParseSubsampleUnit(std::string_view name) {
  if (name == "auto") return SubsampleUnit::kAuto;
  if (name == "rankings") return SubsampleUnit::kRankings;
  if (name == "segments") return SubsampleUnit::kSegments;
  return InvalidArgument("unknown subsample unit '" + std::string(name) +
                         "' (expected auto, rankings or segments)");
}

std::string SubsampleUnitName(SubsampleUnit unit) {
  switch (unit) {
    case SubsampleUnit::kAuto:
      return "auto";
    case SubsampleUnit::kRankings:
      return "rankings";
    case SubsampleUnit::kSegments:
      return "segments";
  }
  return "rankings";
}

StatusOr<std::vector<std::vector<size_t>>> SubsampleUnits(const Judgments& judgments,
                                                          SubsampleUnit unit,
                                                          SubsampleUnit* resolved) {
  const size_t m = judgments.num_rankings();
  bool all_segments = m > 0;
  for (size_t i = 0; i < m && all_segments; ++i) all_segments = judgments.ranking(i).segment >= 0;
  if (unit == SubsampleUnit::kSegments && !all_segments) {
    return InvalidArgument(
        "subsampling by segment needs a segment id on every ranking (use --unit rankings)");
  }
  if (unit == SubsampleUnit::kAuto) {
    unit = all_segments ? SubsampleUnit::kSegments : SubsampleUnit::kRankings;
  }
  *resolved = unit;
  std::vector<std::vector<size_t>> units;
  if (unit == SubsampleUnit::kRankings) {
    units.resize(m);
    for (size_t i = 0; i < m; ++i) units[i] = {i};
    return units;
  }
  std::map<std::pair<int32_t, int64_t>, size_t> index;
  for (size_t i = 0; i < m; ++i) {
    const RankingView v = judgments.ranking(i);
    auto [it, inserted] = index.emplace(std::pair{v.document, v.segment}, units.size());
    if (inserted) units.emplace_back();
    units[it->second].push_back(i);
  }
  return units;
}

std::vector<size_t> DrawUnits(const std::vector<std::vector<size_t>>& units, int64_t count,
                              uint64_t seed) {
  // Partial Fisher-Yates: the first `count` entries of a uniformly shuffled index.
  std::vector<size_t> pick(units.size());
  std::iota(pick.begin(), pick.end(), size_t{0});
  Rng rng(seed);
  for (int64_t k = 0; k < count; ++k) {
    const size_t j = static_cast<size_t>(k) + rng.UniformInt(pick.size() - static_cast<size_t>(k));
    std::swap(pick[static_cast<size_t>(k)], pick[j]);
  }
  std::vector<size_t> rankings;
  for (int64_t k = 0; k < count; ++k) {
    const auto& u = units[pick[static_cast<size_t>(k)]];
    rankings.insert(rankings.end(), u.begin(), u.end());
  }
  std::sort(rankings.begin(), rankings.end());
  return rankings;
}

StatusOr<StabilityResult> RunStability(const Judgments& judgments, const RatingModel& model,
                                       const StabilityOptions& options) {
  StabilityResult result;
  result.options = options;
  std::vector<double>& fractions = result.options.fractions;
  std::sort(fractions.begin(), fractions.end());
  fractions.erase(std::unique(fractions.begin(), fractions.end()), fractions.end());
  if (fractions.empty()) return InvalidArgument("stability: no fraction to run");
  for (double f : fractions) {
    if (!(f > 0.0 && f <= 1.0)) {
      return InvalidArgument("stability: every fraction must be in (0, 1]");
    }
  }
  if (options.repeats < 1 || options.repeats > 100000) {
    return InvalidArgument("stability: repeats must be between 1 and 100000");
  }
  if (!(options.reproduce_level > 0.0 && options.reproduce_level <= 1.0)) {
    return InvalidArgument("stability: the reproduction level must be in (0, 1]");
  }
  if (options.threads < 0) return InvalidArgument("stability: threads must be >= 0");
  if (judgments.num_rankings() == 0) {
    return InvalidArgument("stability: the judgments hold no ranking to subsample");
  }
  auto units = SubsampleUnits(judgments, options.unit, &result.unit);
  if (!units.ok()) return units.status();
  result.total_units = static_cast<int64_t>(units->size());
  result.total_rankings = static_cast<int64_t>(judgments.num_rankings());
  result.model = model.name();

  // The seed itself, as `tourney cluster --seed S`: the reference is the board that command
  // prints for the same data and options.
  auto reference = Cluster(judgments, model, options.bootstrap, options.seed, options.cancelled);
  if (!reference.ok()) return reference.status();
  result.reference = std::move(*reference);
  result.reference_clusters = NumClusters(result.reference);
  const SystemRanking reference_ranking = RankingOf(result.reference);
  {
    auto self = CompareClusters(reference_ranking, reference_ranking);
    if (!self.ok()) return self.status();
    result.reference_separations = self->separated_same;
  }

  const int repeats = options.repeats;
  const int64_t tasks = static_cast<int64_t>(fractions.size()) * repeats;
  std::vector<StabilityRepeat> done(static_cast<size_t>(tasks));
  std::vector<Status> statuses(static_cast<size_t>(tasks));
  std::mutex progress_mu;
  int finished = 0;
  ThreadPool pool(
      static_cast<int>(std::min<int64_t>(ThreadPool::ResolveThreads(options.threads), tasks)));
  pool.ParallelFor(tasks, [&](int64_t t, int) {
    if (options.cancelled && options.cancelled()) {
      statuses[static_cast<size_t>(t)] = Cancelled("the stability study was cancelled");
      return;
    }
    const size_t fi = static_cast<size_t>(t / repeats);
    const uint64_t task_seed = DeriveSeed(options.seed, static_cast<uint64_t>(t) + 1);
    const int64_t count =
        std::clamp<int64_t>(std::llround(fractions[fi] * static_cast<double>(units->size())), 1,
                            static_cast<int64_t>(units->size()));
    const std::vector<size_t> rankings = DrawUnits(*units, count, DeriveSeed(task_seed, 0));
    const Judgments subset = Subset(judgments, rankings);
    StabilityRepeat& rep = done[static_cast<size_t>(t)];
    rep.units = count;
    rep.rankings = static_cast<int64_t>(rankings.size());
    auto board = subset.comparisons().size() == 0
                     ? StatusOr<Leaderboard>(InvalidArgument("the subsample holds no comparison"))
                     : Cluster(subset, model, options.bootstrap, DeriveSeed(task_seed, 1),
                               options.cancelled);
    if (!board.ok()) {
      statuses[static_cast<size_t>(t)] = board.status();
      return;
    }
    auto cmp = CompareRankings(reference_ranking, RankingOf(*board));
    if (!cmp.ok() || !cmp->clusters) {
      statuses[static_cast<size_t>(t)] =
          cmp.ok() ? Internal("clusters missing from a clustered leaderboard") : cmp.status();
      return;
    }
    rep.kendall_tau_b = cmp->kendall_tau_b;
    rep.spearman_rho = cmp->spearman_rho;
    rep.pearson_rank = cmp->pearson_rank;
    rep.notes = cmp->notes;
    rep.clusters = NumClusters(*board);
    rep.flipped = cmp->clusters->separated_opposite;
    rep.lost = cmp->clusters->separated_only_a;
    rep.added = cmp->clusters->separated_only_b;
    rep.reproduced = cmp->clusters->identical();
    if (options.progress) {
      std::lock_guard<std::mutex> lock(progress_mu);
      options.progress(++finished, static_cast<int>(tasks));
    }
  });
  if (options.cancelled && options.cancelled()) {
    return Cancelled("the stability study was cancelled");
  }
  for (int64_t t = 0; t < tasks; ++t) {
    const Status& s = statuses[static_cast<size_t>(t)];
    if (s.ok()) continue;
    char fraction[32];
    std::snprintf(fraction, sizeof fraction, "%g", fractions[static_cast<size_t>(t / repeats)]);
    return Status(s.code(), "fraction " + std::string(fraction) + ", repeat " +
                                std::to_string(t % repeats) + ": " + s.message());
  }

  const double separations = static_cast<double>(result.reference_separations);
  for (size_t fi = 0; fi < fractions.size(); ++fi) {
    StabilityPoint point;
    point.fraction = fractions[fi];
    point.repeats.assign(done.begin() + static_cast<int64_t>(fi) * repeats,
                         done.begin() + static_cast<int64_t>(fi + 1) * repeats);
    point.units = point.repeats.front().units;
    std::vector<double> tau, rho, rp, clusters, flipped, lost;
    int reproduced = 0;
    for (const StabilityRepeat& r : point.repeats) {
      if (r.kendall_tau_b) tau.push_back(*r.kendall_tau_b);
      if (r.spearman_rho) rho.push_back(*r.spearman_rho);
      if (r.pearson_rank) rp.push_back(*r.pearson_rank);
      clusters.push_back(r.clusters);
      flipped.push_back(separations > 0 ? r.flipped / separations : 0.0);
      lost.push_back(separations > 0 ? r.lost / separations : 0.0);
      reproduced += r.reproduced;
    }
    point.kendall_tau_b = Summarize(tau);
    point.spearman_rho = Summarize(rho);
    point.pearson_rank = Summarize(rp);
    point.clusters = Summarize(clusters);
    point.flipped_share = Summarize(flipped);
    point.lost_share = Summarize(lost);
    point.reproduced_share = static_cast<double>(reproduced) / repeats;
    std::vector<std::pair<std::string, int>> reasons;
    for (const StabilityRepeat& r : point.repeats) {
      for (const std::string& note : r.notes) {
        auto it = std::find_if(reasons.begin(), reasons.end(),
                               [&](const auto& reason) { return reason.first == note; });
        if (it == reasons.end()) {
          reasons.emplace_back(note, 1);
        } else {
          ++it->second;
        }
      }
    }
    for (const auto& [note, count] : reasons) {
      char fraction[32];
      std::snprintf(fraction, sizeof fraction, "%g", point.fraction);
      result.notes.push_back("fraction " + std::string(fraction) + ": " + std::to_string(count) +
                             " of " + std::to_string(repeats) + " repeats: " + note);
    }
    result.points.push_back(std::move(point));
  }
  // Walk down from the largest fraction while the level holds.
  for (size_t k = result.points.size(); k-- > 0;) {
    if (result.points[k].reproduced_share + 1e-12 < options.reproduce_level) break;
    result.smallest_reproducing_fraction = result.points[k].fraction;
  }
  return result;
}

}  // namespace tourney
