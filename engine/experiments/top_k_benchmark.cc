#include "tourney/experiments/top_k_benchmark.h"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>
#include <memory>
#include <numeric>
#include <optional>
#include <utility>

#include "core/thread_pool.h"
#include "tourney/core/random.h"
#include "tourney/experiments/simulate.h"
#include "tourney/selection/match_selector.h"
#include "tourney/selection/top_k.h"

namespace tourney {

ShareInterval ClopperPearson(int64_t count, int64_t trials) {
  ShareInterval out;
  out.count = count;
  out.trials = trials;
  if (trials <= 0) return out;
  using boost::math::binomial_distribution;
  const double n = static_cast<double>(trials), x = static_cast<double>(count);
  out.share = x / n;
  out.lo = count == 0 ? 0.0 : binomial_distribution<>::find_lower_bound_on_p(n, x, 0.025);
  out.hi = count == trials ? 1.0 : binomial_distribution<>::find_upper_bound_on_p(n, x, 0.025);
  return out;
}

namespace {

// Everything a run needs besides the selector.
struct TopKCampaign {
  int n = 0;
  std::vector<double> quality;       // hidden truth only
  std::vector<double> preference;    // n x n, p_ab
  std::vector<SystemId> true_top;    // sorted ids
  std::vector<SystemId> true_order;  // the true top k, best first
  std::vector<double> borda;         // true B_i
  // Pool replay: comparison indices by unordered pair (CSR over a * n + b, a < b).
  const Comparisons* pool = nullptr;
  std::vector<uint32_t> offsets, index;
  const PairSet* allowed = nullptr;
};

// The true Borda scores, and the true top k by `rank_score` (null: by Borda).
void FinishTruth(TopKCampaign* c, const std::vector<double>* by, int k) {
  const int n = c->n;
  c->borda.assign(n, 0.0);
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      if (a != b) c->borda[a] += c->preference[static_cast<size_t>(a) * n + b];
    }
    c->borda[a] /= static_cast<double>(n - 1);
  }
  const std::vector<double>& rank_score = by != nullptr ? *by : c->borda;
  std::vector<SystemId> order(n);
  std::iota(order.begin(), order.end(), SystemId{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](SystemId x, SystemId y) { return rank_score[x] > rank_score[y]; });
  c->true_order.assign(order.begin(), order.begin() + k);
  c->true_top = c->true_order;
  std::sort(c->true_top.begin(), c->true_top.end());
}

// A fast screen before the exact test: the cross pairs of the top k by the incremental
// scores, certified or within epsilon with a 1e-9 allowance for rounding. It fails only
// when the exact test would be open, unless two scores tie within rounding (then the exact
// test runs at a later judgment).
bool Screen(const TopKBoard& board, int k, double epsilon, std::vector<SystemId>* ids) {
  const int n = board.num_systems();
  ids->resize(static_cast<size_t>(n));
  std::iota(ids->begin(), ids->end(), SystemId{0});
  std::nth_element(ids->begin(), ids->begin() + k, ids->end(), [&](SystemId x, SystemId y) {
    return board.Score(x) > board.Score(y) || (board.Score(x) == board.Score(y) && x < y);
  });
  constexpr double kAllowance = 1e-9;
  const double margin = epsilon + kAllowance;
  for (int p = 0; p < k; ++p) {
    const SystemId u = (*ids)[p];
    const double u_lo = board.ScoreLo(u);
    for (int q = k; q < n; ++q) {
      const SystemId l = (*ids)[q];
      if (!(board.board().PreferenceLo(u, l) > 0.5 - margin || u_lo > board.ScoreHi(l) - margin)) {
        return false;
      }
    }
  }
  return true;
}

TopKRun RunTopKCampaign(const TopKBenchmarkOptions& o, const TopKCampaign& c,
                        const MatchSelector& selector, uint64_t seed) {
  TopKRun run;
  TopKBoard board = *TopKBoard::Create(c.n, AnytimeOptions{o.delta, 0.0});
  const std::vector<Rating> ratings(static_cast<size_t>(c.n));
  Rng select_rng(DeriveSeed(seed, 0)), answer_rng(DeriveSeed(seed, 1));
  CampaignOptions noise;
  noise.sigma_a = o.sigma_a;
  noise.sigma_obs = o.sigma_obs;
  noise.radius = o.radius;
  std::vector<double> q(2);
  std::vector<uint8_t> ranks;
  // Replay without replacement: each pair's used entries move to the front of its cell.
  std::vector<uint32_t> index, used;
  std::optional<PairSet> remaining;
  const PairSet* allowed = c.allowed;
  if (c.pool != nullptr) {
    index = c.index;
    used.assign(c.offsets.size(), 0);
  }
  SystemId match[2];
  std::vector<SystemId> scratch;
  run.censored = true;
  run.judgments = o.budget;
  for (int64_t step = 1; step <= o.budget; ++step) {
    SelectionState state{ratings, allowed, nullptr};
    state.top_k = &board;
    if (!selector.Select(state, select_rng, std::span<SystemId>(match, 2)).ok()) {
      run.judgments = step - 1;  // every pair of the pool is used up
      break;
    }
    const SystemId a = match[0], b = match[1];
    Outcome outcome;
    if (c.pool != nullptr) {
      const size_t lo = static_cast<size_t>(std::min(a, b)),
                   hi = static_cast<size_t>(std::max(a, b));
      const size_t key = lo * static_cast<size_t>(c.n) + hi;
      const size_t begin = c.offsets[key], size = c.offsets[key + 1] - begin;
      const size_t pick = begin + used[key] + answer_rng.UniformInt(size - used[key]);
      std::swap(index[pick], index[begin + used[key]]);
      const uint32_t i = index[begin + used[key]];
      if (++used[key] == size) {
        std::vector<std::pair<SystemId, SystemId>> pairs;
        for (const auto& p : allowed->pairs()) {
          if (p !=
              std::pair<SystemId, SystemId>(static_cast<SystemId>(lo), static_cast<SystemId>(hi))) {
            pairs.push_back(p);
          }
        }
        remaining = PairSet::FromPairs(c.n, pairs);
        allowed = &*remaining;
      }
      outcome = c.pool->outcome[i];
      if (c.pool->first[i] != a && outcome != Outcome::kTie) {
        outcome = outcome == Outcome::kFirstWins ? Outcome::kSecondWins : Outcome::kFirstWins;
      }
    } else {
      q[0] = c.quality[a];
      q[1] = c.quality[b];
      SimulateRanks(q, noise, answer_rng, &ranks);
      outcome = ranks[0] == ranks[1]  ? Outcome::kTie
                : ranks[0] < ranks[1] ? Outcome::kFirstWins
                                      : Outcome::kSecondWins;
    }
    board.Add(a, b, outcome);
    if (!Screen(board, o.k, o.epsilon, &scratch)) continue;
    const TopKIdentification id = *IdentifyTopK(board.board(), o.k, o.epsilon);
    if (id.verdict == TopKVerdict::kOpen) continue;
    run.censored = false;
    run.judgments = step;
    run.within_epsilon = id.verdict == TopKVerdict::kWithinEpsilon;
    run.top = id.top;
    std::vector<SystemId> top = id.top;
    std::sort(top.begin(), top.end());
    run.wrong = top != c.true_top;
    for (SystemId u : top) {
      for (SystemId l = 0; l < c.n; ++l) {
        if (std::binary_search(top.begin(), top.end(), l)) continue;
        const double p = c.preference[static_cast<size_t>(u) * c.n + l];
        if (p <= 0.5 - o.epsilon && c.borda[u] <= c.borda[l] - o.epsilon) run.epsilon_wrong = true;
      }
    }
    break;
  }
  return run;
}

}  // namespace

std::vector<TopKModeSummary> SummarizeTopKRuns(const std::vector<std::string>& modes,
                                               const std::vector<std::vector<TopKRun>>& runs) {
  std::vector<TopKModeSummary> out;
  auto judgments = [&](size_t mode) {
    std::vector<double> v;
    for (const TopKRun& r : runs[mode]) v.push_back(static_cast<double>(r.judgments));
    return v;
  };
  for (size_t m = 0; m < modes.size(); ++m) {
    TopKModeSummary s;
    s.name = modes[m];
    const std::vector<double> j = judgments(m);
    s.judgments = MeanInterval(j);
    const std::vector<double> reference = judgments(0);
    s.ratio = RatioInterval(j, reference);
    std::vector<double> num, den;
    for (size_t seed = 0; seed < j.size() && seed < reference.size(); ++seed) {
      if (runs[m][seed].censored || runs[0][seed].censored) continue;
      num.push_back(j[seed]);
      den.push_back(reference[seed]);
    }
    s.both_stopped = static_cast<int>(num.size());
    s.ratio_both_stopped = RatioInterval(num, den);
    int64_t wrong = 0, epsilon_wrong = 0;
    for (const TopKRun& r : runs[m]) {
      s.censored += r.censored;
      s.within_epsilon += r.within_epsilon;
      wrong += r.wrong;
      epsilon_wrong += r.epsilon_wrong;
    }
    const int64_t trials = static_cast<int64_t>(runs[m].size());
    s.wrong = ClopperPearson(wrong, trials);
    s.epsilon_wrong = ClopperPearson(epsilon_wrong, trials);
    out.push_back(std::move(s));
  }
  return out;
}

StatusOr<TopKBenchmark> RunTopKBenchmark(const TopKBenchmarkOptions& options) {
  const TopKBenchmarkOptions& o = options;
  if (!std::isfinite(o.delta) || o.delta <= 0.0 || o.delta >= 1.0) {
    return InvalidArgument("delta must be in (0, 1)");
  }
  if (!std::isfinite(o.epsilon) || o.epsilon < 0.0 || o.epsilon > 0.5) {
    return InvalidArgument("epsilon must be in [0, 1/2]");
  }
  if (o.seeds < 2) return InvalidArgument("seeds must be at least 2 (an interval needs two)");
  if (o.budget < 1) return InvalidArgument("the budget must be at least 1");
  TopKSelectorOptions selector_options{o.k, o.epsilon, o.explore};
  if (o.k < 1) return InvalidArgument("k must be at least 1");
  if (Status s = ValidateTopKSelectorOptions(selector_options); !s.ok()) return s;

  TopKBenchmark out;
  out.options = o;
  out.options.pool = nullptr;
  out.modes = {"uniform", "top-k"};
  TopKCampaign shared;  // the pool's campaign, shared by every run
  std::optional<PairSet> allowed;
  if (o.pool != nullptr) {
    if (o.pool->size() == 0) return InvalidArgument("the pool is empty");
    if (o.pool->size() > UINT32_MAX) return InvalidArgument("the pool is too large");
    if (o.pool_systems < 2) return InvalidArgument("the pool needs at least 2 systems");
    const int n = o.pool_systems;
    const Comparisons& p = *o.pool;
    for (size_t i = 0; i < p.size(); ++i) {
      if (p.first[i] < 0 || p.first[i] >= n || p.second[i] < 0 || p.second[i] >= n ||
          p.first[i] == p.second[i]) {
        return InvalidArgument("pool comparison " + std::to_string(i) + " is not a valid pair");
      }
    }
    shared.n = n;
    shared.pool = o.pool;
    const size_t cells = static_cast<size_t>(n) * static_cast<size_t>(n);
    auto cell = [&](size_t i) {
      return static_cast<size_t>(std::min(p.first[i], p.second[i])) * static_cast<size_t>(n) +
             static_cast<size_t>(std::max(p.first[i], p.second[i]));
    };
    shared.offsets.assign(cells + 1, 0);
    std::vector<double> wins(cells, 0.0);  // a's wins plus half ties, by ordered cell
    std::vector<double> count(cells, 0.0);
    for (size_t i = 0; i < p.size(); ++i) {
      ++shared.offsets[cell(i) + 1];
      const size_t a = static_cast<size_t>(p.first[i]), b = static_cast<size_t>(p.second[i]);
      const double x = p.outcome[i] == Outcome::kFirstWins ? 1.0
                       : p.outcome[i] == Outcome::kTie     ? 0.5
                                                           : 0.0;
      wins[a * n + b] += x;
      wins[b * n + a] += 1.0 - x;
      count[a * n + b] += 1.0;
      count[b * n + a] += 1.0;
    }
    for (size_t c = 0; c < cells; ++c) shared.offsets[c + 1] += shared.offsets[c];
    shared.index.resize(p.size());
    std::vector<uint32_t> fill(shared.offsets.begin(), shared.offsets.end() - 1);
    for (size_t i = 0; i < p.size(); ++i) shared.index[fill[cell(i)]++] = static_cast<uint32_t>(i);
    shared.preference.assign(cells, 0.5);
    for (size_t c = 0; c < cells; ++c) {
      if (count[c] > 0) shared.preference[c] = wins[c] / count[c];
    }
    if (o.k >= n)
      return InvalidArgument("k must be less than the pool's " + std::to_string(n) + " systems");
    FinishTruth(&shared, nullptr, o.k);
    out.true_top = shared.true_order;
    allowed = PairSet::FromComparisons(n, p);
    shared.allowed = &*allowed;
    out.num_systems = n;
  } else {
    if (o.systems < 2 || o.systems > 1000) return InvalidArgument("systems must be 2..1000");
    if (!(o.quality_sd > 0) || !(o.sigma_a >= 0) || !(o.sigma_obs > 0) || !(o.radius >= 0) ||
        !std::isfinite(o.quality_sd + o.sigma_a + o.sigma_obs + o.radius)) {
      return InvalidArgument("quality_sd and sigma_obs must be > 0, sigma_a and radius >= 0");
    }
    if (o.k >= o.systems) {
      return InvalidArgument("k must be less than the " + std::to_string(o.systems) + " systems");
    }
    out.num_systems = o.systems;
  }
  auto uniform = MakeUniformSelector();
  auto top_k = MakeTopKSelector(selector_options);
  const MatchSelector* selectors[2] = {uniform.get(), top_k.get()};
  const size_t seeds = static_cast<size_t>(o.seeds);
  out.runs.assign(2, std::vector<TopKRun>(seeds));
  ThreadPool pool(o.threads);
  const double s = std::sqrt(2.0 * (o.sigma_a * o.sigma_a + o.sigma_obs * o.sigma_obs));
  pool.ParallelFor(static_cast<int64_t>(2 * seeds), [&](int64_t index, int) {
    const size_t mode = static_cast<size_t>(index) % 2, seed_index = static_cast<size_t>(index) / 2;
    const uint64_t seed_s = DeriveSeed(o.seed, seed_index);
    const TopKCampaign* campaign = &shared;
    TopKCampaign hidden;
    if (o.pool == nullptr) {
      const int n = o.systems;
      hidden.n = n;
      Rng truth_rng(DeriveSeed(seed_s, 0));
      for (int j = 0; j < n; ++j) hidden.quality.push_back(o.quality_sd * truth_rng.Normal());
      hidden.preference.assign(static_cast<size_t>(n) * n, 0.5);
      auto phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
      for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) {
          if (a == b) continue;
          const double d = hidden.quality[a] - hidden.quality[b];
          hidden.preference[static_cast<size_t>(a) * n + b] =
              1.0 - 0.5 * phi((o.radius - d) / s) - 0.5 * phi((-o.radius - d) / s);
        }
      }
      FinishTruth(&hidden, &hidden.quality, o.k);
      campaign = &hidden;
    }
    out.runs[mode][seed_index] =
        RunTopKCampaign(o, *campaign, *selectors[mode], DeriveSeed(DeriveSeed(seed_s, 1), 100 + mode));
  });
  out.summaries = SummarizeTopKRuns(out.modes, out.runs);
  return out;
}

}  // namespace tourney
