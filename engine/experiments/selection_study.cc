#include "tourney/experiments/selection_study.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "tourney/core/random.h"
#include "tourney/selection/match_selector.h"
#include "tourney/statistics/bootstrap.h"

namespace tourney {

StatusOr<SelectionStudy> RunSelectionStudy(int num_systems, const Comparisons& pool,
                                           const SelectionStudyOptions& options) {
  using Selection = TrueSkillModelOptions::Selection;
  if (pool.size() == 0) return InvalidArgument("the pool has no comparisons");
  if (options.trueskill.selection == Selection::kNone) {
    return InvalidArgument("a selection study needs a selector (trueskill or uniform)");
  }
  const int64_t budget =
      options.trueskill.budget > 0 ? options.trueskill.budget : static_cast<int64_t>(pool.size());
  const int64_t window = options.window > 0 ? options.window : std::max<int64_t>(1, budget / 5);
  if (window > budget) {
    return InvalidArgument("--window " + std::to_string(window) + " exceeds the budget of " +
                           std::to_string(budget) + " selections");
  }
  TrueSkillModelOptions ts = options.trueskill;
  ts.budget = budget;
  auto env = TrueSkill::Create(ResolveTrueSkillOptions(ts, pool.size()));
  if (!env.ok()) return env.status();
  auto selector = MakeMatchSelector(ts.selection == Selection::kUniform ? "uniform"
                                    : ts.selector.empty()               ? "trueskill"
                                                                        : ts.selector);
  if (!selector.ok()) return selector.status();

  SelectionStudy study;
  study.budget = budget;
  study.window = window;
  study.steps.reserve(static_cast<size_t>(budget));
  SelectionProtocolOptions po;
  po.budget = budget;
  po.record = &study.steps;
  auto ratings = RunSelectionProtocol(*env, **selector, num_systems, pool, po, options.seed);
  if (!ratings.ok()) return ratings.status();
  study.ratings = std::move(*ratings);

  const size_t n = static_cast<size_t>(num_systems);
  study.order.resize(n);
  std::iota(study.order.begin(), study.order.end(), 0);
  std::stable_sort(study.order.begin(), study.order.end(), [&](SystemId a, SystemId b) {
    return study.ratings[a].mu > study.ratings[b].mu;
  });
  study.rank_of.assign(n, 0);
  for (size_t i = 0; i < n; ++i) study.rank_of[study.order[i]] = static_cast<int>(i + 1);

  study.first.assign(n * n, 0);
  study.last.assign(n * n, 0);
  study.all.assign(n * n, 0);
  const int64_t last_begin = budget - window;
  for (const SelectionStep& s : study.steps) {
    const size_t i = static_cast<size_t>(study.rank_of[s.first] - 1);
    const size_t j = static_cast<size_t>(study.rank_of[s.second] - 1);
    for (auto* m : {&study.all, s.step < window ? &study.first : nullptr,
                    s.step >= last_begin ? &study.last : nullptr}) {
      if (m == nullptr) continue;
      ++(*m)[i * n + j];
      ++(*m)[j * n + i];
    }
  }
  return study;
}

double MeanRankDistance(const std::vector<SelectionStep>& steps, size_t begin, size_t end,
                        const std::vector<int>& rank_of) {
  end = std::min(end, steps.size());
  if (begin >= end) return 0.0;
  double sum = 0.0;
  for (size_t i = begin; i < end; ++i) {
    sum += std::abs(rank_of[steps[i].first] - rank_of[steps[i].second]);
  }
  return sum / static_cast<double>(end - begin);
}

Judgments JudgmentsFromComparisons(const SystemRegistry& systems, const Comparisons& pool,
                                   const std::vector<uint32_t>& chosen) {
  Judgments j;
  for (const std::string& name : systems.names()) j.systems().Intern(name);
  for (uint32_t i : chosen) {
    const SystemId ids[2] = {pool.first[i], pool.second[i]};
    uint8_t ranks[2] = {1, 1};
    if (pool.outcome[i] == Outcome::kFirstWins) ranks[1] = 2;
    if (pool.outcome[i] == Outcome::kSecondWins) ranks[0] = 2;
    j.AddRanking(ids, ranks);
  }
  return j;
}

StatusOr<ClusterCurves> ClustersVsData(const Judgments& judgments,
                                       const std::vector<ClusterCurveModel>& models,
                                       const ClusterCurveOptions& options) {
  const Comparisons& pool = judgments.comparisons();
  if (pool.size() == 0) return InvalidArgument("the pool has no comparisons");
  ClusterCurves curves;
  curves.amounts = options.amounts;
  for (size_t mi = 0; mi < models.size(); ++mi) {
    curves.models.push_back(models[mi].name);
    std::vector<int> row;
    for (size_t ai = 0; ai < options.amounts.size(); ++ai) {
      const int64_t amount = options.amounts[ai];
      if (amount < 1) return InvalidArgument("amounts of data must be >= 1");
      auto model = models[mi].make(amount);
      if (!model.ok()) return model.status();
      const uint64_t seed = DeriveSeed(options.seed, mi * 1000003 + ai);
      BootstrapOptions bo;
      bo.replicates = options.replicates;
      bo.confidence = options.confidence;
      bo.seed = seed;
      bo.threads = options.threads;
      const Judgments* data = &judgments;
      Judgments subset;
      if (!(*model)->self_sampling()) {
        if (static_cast<size_t>(amount) > pool.size()) {
          return InvalidArgument("amount " + std::to_string(amount) + " exceeds the " +
                                 std::to_string(pool.size()) + " comparisons in the pool");
        }
        // m comparisons at random without replacement (partial Fisher-Yates).
        Rng rng(DeriveSeed(seed, 7));
        std::vector<uint32_t> idx(pool.size());
        std::iota(idx.begin(), idx.end(), 0u);
        for (int64_t i = 0; i < amount; ++i) {
          const size_t j =
              static_cast<size_t>(i) + rng.UniformInt(pool.size() - static_cast<size_t>(i));
          std::swap(idx[static_cast<size_t>(i)], idx[j]);
        }
        idx.resize(static_cast<size_t>(amount));
        std::sort(idx.begin(), idx.end());
        subset = JudgmentsFromComparisons(judgments.systems(), pool, idx);
        data = &subset;
      }
      auto result = Bootstrap(*data, **model, bo);
      if (!result.ok()) return result.status();
      const Leaderboard board = BuildClusteredLeaderboard(*data, *result);
      int clusters = 0;
      for (const auto& e : board.entries) clusters = std::max(clusters, e.cluster.value_or(0));
      row.push_back(clusters);
      if (options.progress) {
        options.progress(static_cast<int>(mi * options.amounts.size() + ai + 1),
                         static_cast<int>(models.size() * options.amounts.size()));
      }
    }
    curves.clusters.push_back(std::move(row));
  }
  return curves;
}

}  // namespace tourney
