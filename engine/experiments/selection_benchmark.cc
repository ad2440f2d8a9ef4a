#include "tourney/experiments/selection_benchmark.h"

#include <Eigen/Dense>
#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include "core/thread_pool.h"
#include "tourney/core/random.h"
#include "tourney/selection/match_selector.h"
#include "tourney/selection/selection_posterior.h"
#include "tourney/statistics/clustering.h"
#include "tourney/sequential/group_sequential.h"

namespace tourney {

double KendallTau(std::span<const double> x, std::span<const double> y) {
  const size_t n = std::min(x.size(), y.size());
  if (n < 2) return 0.0;
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const double a = x[i] - x[j], b = y[i] - y[j];
      sum += static_cast<double>(((a > 0) - (a < 0)) * ((b > 0) - (b < 0)));
    }
  }
  return sum / (0.5 * static_cast<double>(n) * static_cast<double>(n - 1));
}

SeedInterval MeanInterval(std::span<const double> values) {
  SeedInterval out;
  const size_t s = values.size();
  if (s == 0) return out;
  out.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(s);
  out.lo = out.hi = out.mean;
  if (s < 2) return out;
  double ss = 0.0;
  for (double v : values) ss += (v - out.mean) * (v - out.mean);
  const double sd = std::sqrt(ss / static_cast<double>(s - 1));
  const boost::math::students_t t(static_cast<double>(s - 1));
  const double half = boost::math::quantile(t, 0.975) * sd / std::sqrt(static_cast<double>(s));
  out.lo = out.mean - half;
  out.hi = out.mean + half;
  return out;
}

SeedInterval RatioInterval(std::span<const double> numerator, std::span<const double> denominator) {
  std::vector<double> logs;
  for (size_t i = 0; i < numerator.size() && i < denominator.size(); ++i) {
    logs.push_back(std::log(numerator[i] / denominator[i]));
  }
  const SeedInterval l = MeanInterval(logs);
  return {std::exp(l.mean), std::exp(l.lo), std::exp(l.hi)};
}

bool AnytimeWrongSeparation(const AnytimeSummary& summary, std::span<const double> truth) {
  const size_t n = summary.order.size();
  // The smallest truth at positions <= r against the largest after r, per boundary r.
  std::vector<double> suffix_max(n + 1, -HUGE_VAL);
  for (size_t r = n; r-- > 0;) suffix_max[r] = std::max(suffix_max[r + 1], truth[summary.order[r]]);
  double prefix_min = HUGE_VAL;
  for (size_t r = 0; r + 1 < n; ++r) {
    prefix_min = std::min(prefix_min, truth[summary.order[r]]);
    if (summary.boundaries[r].separated && suffix_max[r + 1] > prefix_min) return true;
  }
  return false;
}

StatusOr<AnytimeTracker> AnytimeTracker::Create(std::vector<double> truth,
                                                const AnytimeOptions& options, int64_t every,
                                                int64_t horizon) {
  if (every < 1)
    return InvalidArgument("the anytime board must be summarized every >= 1 judgments");
  auto pairwise = AnytimeLeaderboard::Create(static_cast<int>(truth.size()), options);
  if (!pairwise.ok()) return pairwise.status();
  auto board =
      CombinedAnytimeLeaderboard::Create(static_cast<int>(truth.size()), 2, options, horizon);
  if (!board.ok()) return board.status();
  return AnytimeTracker(std::move(truth), std::move(*board), std::move(*pairwise), every);
}

AnytimeTracker::AnytimeTracker(std::vector<double> truth, CombinedAnytimeLeaderboard board,
                               AnytimeLeaderboard pairwise, int64_t every)
    : truth_(std::move(truth)),
      every_(every),
      board_(std::move(board)),
      pairwise_(std::move(pairwise)),
      summary_(board_.Summarize()),
      pairwise_summary_(pairwise_.Summarize()) {}

void AnytimeTracker::Add(SystemId a, SystemId b, Outcome outcome, bool uniform_draw) {
  board_.AddPair(a, b, outcome, uniform_draw);
  pairwise_.Add(a, b, outcome);
  if (board_.comparisons() % every_ == 0) Refresh();
}

void AnytimeTracker::Refresh() {
  summary_ = board_.Summarize();
  pairwise_summary_ = pairwise_.Summarize();
  if (!pairwise_wrong_) pairwise_wrong_ = AnytimeWrongSeparation(pairwise_summary_, truth_);
  if (!wrong_separation_) wrong_separation_ = AnytimeWrongSeparation(summary_, truth_);
  if (settled_at_ == 0 && summary_.settled) {
    settled_at_ = board_.comparisons();
    settled_separations_ = summary_.separations;
  }
}

bool AnytimeTracker::CertifiedWrong() const {
  const int n = board_.num_systems();
  for (SystemId u = 0; u < n; ++u) {
    for (SystemId l = 0; l < n; ++l) {
      if (u == l || truth_[l] <= truth_[u]) continue;
      if (board_.Certified(summary_, u, l)) return true;
    }
  }
  return false;
}

namespace {

// One checkpoint's scoring of a run.
struct Scoring {
  int clusters = 0;
  double tau = 0.0;
  bool wrong_separation = false;
  int covered = 0;
};

// Ranks 1..n by descending score (ties: lower id first).
void RanksOf(std::span<const double> score, std::vector<int>* order, std::vector<int>* rank) {
  const size_t n = score.size();
  order->resize(n);
  std::iota(order->begin(), order->end(), 0);
  std::sort(order->begin(), order->end(),
            [&](int a, int b) { return score[a] > score[b] || (score[a] == score[b] && a < b); });
  rank->resize(n);
  for (size_t p = 0; p < n; ++p) (*rank)[(*order)[p]] = static_cast<int>(p) + 1;
}

Scoring Score(const PairCounts& counts, std::span<const double> truth, int draws, double confidence,
              Rng& rng) {
  const int n = counts.num_systems();
  const SelectionBtFit fit = FitSelectionBt(counts);
  Eigen::MatrixXd cov(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) cov(i, j) = fit.covariance[static_cast<size_t>(i) * n + j];
  }
  const Eigen::MatrixXd chol = cov.llt().matrixL();
  std::vector<std::vector<int>> ranks(static_cast<size_t>(n));
  std::vector<double> sample(static_cast<size_t>(n));
  std::vector<int> order, rank;
  Eigen::VectorXd z(n);
  for (int d = 0; d < draws; ++d) {
    for (int i = 0; i < n; ++i) z[i] = rng.Normal();
    const Eigen::VectorXd offset = chol * z;
    for (int i = 0; i < n; ++i) sample[i] = fit.theta[i] + offset[i];
    RanksOf(sample, &order, &rank);
    for (int i = 0; i < n; ++i) ranks[i].push_back(rank[i]);
  }
  std::vector<RankRange> ranges(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) ranges[i] = RankRangeOf(ranks[i], confidence);
  RanksOf(fit.theta, &order, &rank);
  const std::vector<int> cluster = ClusterByRankRanges(order, ranges);
  std::vector<int> true_order, true_rank;
  RanksOf(truth, &true_order, &true_rank);
  Scoring s;
  s.clusters = *std::max_element(cluster.begin(), cluster.end());
  s.tau = KendallTau(fit.theta, truth);
  for (int a = 0; a < n; ++a) {
    if (ranges[a].lo <= true_rank[a] && true_rank[a] <= ranges[a].hi) ++s.covered;
    for (int b = 0; b < n; ++b) {
      if (cluster[a] < cluster[b] && truth[b] > truth[a]) s.wrong_separation = true;
    }
  }
  return s;
}

// Pooled comparisons by unordered pair (CSR over a*n+b with a < b).
struct PairPools {
  int n = 0;
  std::vector<uint32_t> offsets;  // n*n + 1
  std::vector<uint32_t> index;
  std::span<const uint32_t> Of(SystemId a, SystemId b) const {
    const size_t lo = static_cast<size_t>(std::min(a, b)), hi = static_cast<size_t>(std::max(a, b));
    const size_t cell = lo * static_cast<size_t>(n) + hi;
    return {index.data() + offsets[cell], index.data() + offsets[cell + 1]};
  }
};

PairPools PoolByPair(int n, const Comparisons& pool) {
  PairPools p;
  p.n = n;
  const size_t cells = static_cast<size_t>(n) * static_cast<size_t>(n);
  p.offsets.assign(cells + 1, 0);
  auto cell = [&](size_t i) {
    const size_t a = static_cast<size_t>(std::min(pool.first[i], pool.second[i]));
    const size_t b = static_cast<size_t>(std::max(pool.first[i], pool.second[i]));
    return a * static_cast<size_t>(n) + b;
  };
  for (size_t i = 0; i < pool.size(); ++i) ++p.offsets[cell(i) + 1];
  for (size_t c = 0; c < cells; ++c) p.offsets[c + 1] += p.offsets[c];
  p.index.resize(pool.size());
  std::vector<uint32_t> fill(p.offsets.begin(), p.offsets.end() - 1);
  for (size_t i = 0; i < pool.size(); ++i) p.index[fill[cell(i)]++] = static_cast<uint32_t>(i);
  return p;
}

// Everything a run needs besides the selector.
struct Campaign {
  int n = 0;
  std::vector<double> truth;  // quality or full-pool score by system id
  const Comparisons* pool = nullptr;
  const PairPools* pools = nullptr;
  const PairSet* allowed = nullptr;
};

// The planned looks of a run: at judgments `at`, the fixed-sample board at `confidence`.
struct BenchmarkLooks {
  std::vector<int64_t> at;
  std::vector<double> confidence;
};

SelectionRun RunOne(const SelectionBenchmarkOptions& o, const Campaign& c,
                    const MatchSelector& selector, const MatchSelector& floor, uint64_t seed,
                    const std::vector<int64_t>& checkpoints, const BenchmarkLooks& looks) {
  const TrueSkill env = *TrueSkill::Create(o.live);
  std::vector<Rating> ratings(static_cast<size_t>(c.n), env.InitialRating());
  const std::string_view name = selector.name();
  const int64_t posterior_every = name == "trueskill" || name == "uniform" ? 0 : o.posterior_every;
  PairCounts counts(c.n);
  const double floor_share = name == "uniform" ? 1.0 : o.uniform_floor;
  const int64_t horizon =
      o.horizon ? std::llround(static_cast<double>(o.budget) * floor_share * 2.0 / c.n) : 0;
  AnytimeTracker anytime =
      *AnytimeTracker::Create(c.truth, o.anytime, o.anytime_every, horizon);  // checked
  SelectionPosteriorFit posterior = FitSelectionPosterior(counts);
  Rng select_rng(DeriveSeed(seed, 0)), answer_rng(DeriveSeed(seed, 1)),
      score_rng(DeriveSeed(seed, 2));
  const double noise = std::sqrt(2.0 * (o.sigma_a * o.sigma_a + o.sigma_obs * o.sigma_obs));
  SelectionRun run;
  std::vector<Scoring> scores;
  SystemId match[2];
  size_t next = 0;
  // Replay without replacement: a run-local copy of the pools, each pair's used entries
  // moved to the front of its cell; an exhausted pair leaves the allowed set.
  std::vector<uint32_t> index;
  std::vector<uint32_t> used;
  std::optional<PairSet> remaining;
  const PairSet* allowed = c.allowed;
  if (c.pool != nullptr && !o.pool_with_replacement) {
    index = c.pools->index;
    used.assign(c.pools->offsets.size(), 0);
  }
  const bool fitted = posterior_every > 0;
  const bool all_uniform = name == "uniform";
  size_t next_look = 0;
  for (int64_t step = 1; step <= o.budget; ++step) {
    // The uniform floor's coin, then a uniform pair of the campaign's pairs (never of the
    // pairs left in a replay: the floor's design is fixed in advance).
    const bool floor_draw =
        all_uniform || (o.uniform_floor > 0.0 && select_rng.Uniform() < o.uniform_floor);
    const SelectionState state =
        floor_draw
            ? SelectionState{ratings, c.allowed, nullptr}
            : SelectionState{
                  fitted ? posterior.ratings : ratings,
                  allowed,
                  &counts,
                  fitted ? std::span<const double>(posterior.covariance) : std::span<const double>(),
                  &anytime.board(),
                  &anytime.summary()};
    const Status s = (floor_draw ? floor : selector)
                         .Select(state, select_rng, std::span<SystemId>(match, 2));
    if (!s.ok()) break;  // every pair of the pool is used up
    const SystemId a = match[0], b = match[1];
    Outcome outcome;
    if (c.pool != nullptr) {
      const std::span<const uint32_t> cell = c.pools->Of(a, b);
      uint32_t i;
      const size_t key = static_cast<size_t>(std::min(a, b)) * static_cast<size_t>(c.n) +
                         static_cast<size_t>(std::max(a, b));
      if (o.pool_with_replacement || (floor_draw && !used.empty() && used[key] == cell.size())) {
        // With replacement, or a floor draw of a used-up pair (the floor's design is fixed).
        i = cell[answer_rng.UniformInt(cell.size())];
      } else {
        const size_t lo = static_cast<size_t>(std::min(a, b)),
                     hi = static_cast<size_t>(std::max(a, b));
        const size_t begin = c.pools->offsets[key];
        const size_t left = cell.size() - used[key];
        const size_t pick = begin + used[key] + answer_rng.UniformInt(left);
        std::swap(index[pick], index[begin + used[key]]);
        i = index[begin + used[key]];
        if (++used[key] == cell.size()) {
          std::vector<std::pair<SystemId, SystemId>> pairs;
          for (const auto& p : allowed->pairs()) {
            if (!(p.first == static_cast<SystemId>(lo) && p.second == static_cast<SystemId>(hi))) {
              pairs.push_back(p);
            }
          }
          remaining = PairSet::FromPairs(c.n, pairs);
          allowed = &*remaining;
        }
      }
      outcome = c.pool->outcome[i];
      if (c.pool->first[i] != a && outcome != Outcome::kTie) {
        outcome = outcome == Outcome::kFirstWins ? Outcome::kSecondWins : Outcome::kFirstWins;
      }
    } else {
      const double d = c.truth[a] - c.truth[b] + noise * answer_rng.Normal();
      outcome = std::fabs(d) <= o.radius ? Outcome::kTie
                : d > 0                  ? Outcome::kFirstWins
                                         : Outcome::kSecondWins;
    }
    counts.Add(a, b, outcome);
    anytime.Add(a, b, outcome, floor_draw);
    run.uniform_draws += floor_draw;
    env.Rate(outcome, &ratings[a], &ratings[b]);
    if (fitted && step % posterior_every == 0) {
      posterior = FitSelectionPosterior(counts);
    }
    if (next < checkpoints.size() && step == checkpoints[next]) {
      scores.push_back(Score(counts, c.truth, o.draws, o.confidence, score_rng));
      run.clusters.push_back(scores.back().clusters);
      run.tau.push_back(scores.back().tau);
      run.anytime_curve.push_back(anytime.summary().separations);
      run.pairwise_curve.push_back(anytime.pairwise_summary().separations);
      ++next;
    }
    if (next_look < looks.at.size() && step == looks.at[next_look]) {
      const Scoring look = Score(counts, c.truth, o.draws, looks.confidence[next_look], score_rng);
      run.look_separations.push_back(look.clusters - 1);
      run.look_wrong = run.look_wrong || look.wrong_separation;
      ++next_look;
    }
  }
  int wrong = 0;
  int64_t covered = 0;
  for (const Scoring& s : scores) {
    wrong += s.wrong_separation;
    covered += s.covered;
  }
  run.wrong_separation = scores.empty() ? 0.0 : static_cast<double>(wrong) / scores.size();
  run.coverage = scores.empty()
                     ? 0.0
                     : static_cast<double>(covered) / (static_cast<double>(scores.size()) * c.n);
  for (int64_t amount : o.tau_at) {
    const size_t k = static_cast<size_t>(amount / o.checkpoint_every) - 1;
    run.tau_at.push_back(k < run.tau.size() ? run.tau[k] : 0.0);
  }
  size_t from = run.tau.size();
  while (from > 0 && run.tau[from - 1] >= o.tau_target) --from;
  run.tau_censored = from == run.tau.size();
  run.to_tau = run.tau_censored ? o.budget : checkpoints[from];
  if (anytime.judgments() % o.anytime_every != 0) anytime.Refresh();
  run.anytime_wrong = anytime.wrong_separation();
  run.pairwise_wrong = anytime.pairwise_wrong_separation();
  run.certified_wrong = anytime.CertifiedWrong();
  run.stop_censored = anytime.settled_at() == 0;
  run.to_stop = run.stop_censored ? o.budget : anytime.settled_at();
  run.anytime_separations = anytime.summary().separations;
  run.stop_separations =
      run.stop_censored ? run.anytime_separations : anytime.settled_separations();
  return run;
}

// First checkpoint from which clusters stay >= reference (censored at the budget).
void SetClustersReached(SelectionRun* run, int reference, const std::vector<int64_t>& checkpoints,
                        int64_t budget) {
  run->reference_clusters = reference;
  size_t from = run->clusters.size();
  while (from > 0 && run->clusters[from - 1] >= reference) --from;
  run->clusters_censored = from == run->clusters.size();
  run->to_clusters = run->clusters_censored ? budget : checkpoints[from];
}

}  // namespace

std::vector<SelectorSummary> SummarizeSelectionRuns(
    const std::vector<std::string>& selectors, const std::vector<std::vector<SelectionRun>>& runs,
    size_t num_checkpoints, size_t num_tau_at, size_t num_looks) {
  std::vector<SelectorSummary> out;
  const auto uniform = std::find(selectors.begin(), selectors.end(), "uniform");
  const size_t u = static_cast<size_t>(uniform - selectors.begin());
  auto column = [&](size_t sel, auto get) {
    std::vector<double> v;
    for (const SelectionRun& r : runs[sel]) v.push_back(static_cast<double>(get(r)));
    return v;
  };
  for (size_t sel = 0; sel < selectors.size(); ++sel) {
    SelectorSummary s;
    s.name = selectors[sel];
    const auto to_clusters = column(sel, [](const SelectionRun& r) { return r.to_clusters; });
    const auto to_tau = column(sel, [](const SelectionRun& r) { return r.to_tau; });
    s.to_clusters = MeanInterval(to_clusters);
    s.to_tau = MeanInterval(to_tau);
    if (uniform != selectors.end()) {
      s.clusters_ratio = RatioInterval(
          to_clusters, column(u, [](const SelectionRun& r) { return r.to_clusters; }));
      s.tau_ratio =
          RatioInterval(to_tau, column(u, [](const SelectionRun& r) { return r.to_tau; }));
    }
    s.wrong_separation =
        MeanInterval(column(sel, [](const SelectionRun& r) { return r.wrong_separation; }));
    if (uniform != selectors.end()) {
      std::vector<double> excess;
      for (size_t k = 0; k < runs[sel].size() && k < runs[u].size(); ++k) {
        excess.push_back(runs[sel][k].wrong_separation - runs[u][k].wrong_separation);
      }
      s.wrong_separation_excess = MeanInterval(excess);
    }
    const auto wrong = column(sel, [](const SelectionRun& r) { return r.anytime_wrong ? 1 : 0; });
    const auto to_stop = column(sel, [](const SelectionRun& r) { return r.to_stop; });
    s.anytime_wrong = MeanInterval(wrong);
    s.to_stop = MeanInterval(to_stop);
    s.anytime_separations =
        MeanInterval(column(sel, [](const SelectionRun& r) { return r.anytime_separations; }));
    if (uniform != selectors.end()) {
      const auto uniform_wrong =
          column(u, [](const SelectionRun& r) { return r.anytime_wrong ? 1 : 0; });
      std::vector<double> excess;
      for (size_t k = 0; k < wrong.size() && k < uniform_wrong.size(); ++k) {
        excess.push_back(wrong[k] - uniform_wrong[k]);
      }
      s.anytime_wrong_excess = MeanInterval(excess);
      s.stop_ratio =
          RatioInterval(to_stop, column(u, [](const SelectionRun& r) { return r.to_stop; }));
    }
    s.stop_separations =
        MeanInterval(column(sel, [](const SelectionRun& r) { return r.stop_separations; }));
    s.certified_wrong =
        MeanInterval(column(sel, [](const SelectionRun& r) { return r.certified_wrong ? 1 : 0; }));
    for (const SelectionRun& r : runs[sel]) {
      s.anytime_wrong_runs += r.anytime_wrong;
      s.certified_wrong_runs += r.certified_wrong;
      s.stop_censored += r.stop_censored;
    }
    s.coverage = MeanInterval(column(sel, [](const SelectionRun& r) { return r.coverage; }));
    s.final_clusters = MeanInterval(column(
        sel, [](const SelectionRun& r) { return r.clusters.empty() ? 0 : r.clusters.back(); }));
    for (size_t k = 0; k < num_tau_at; ++k) {
      s.tau_at.push_back(MeanInterval(column(
          sel, [k](const SelectionRun& r) { return k < r.tau_at.size() ? r.tau_at[k] : 0.0; })));
    }
    for (const SelectionRun& r : runs[sel]) {
      s.clusters_censored += r.clusters_censored;
      s.tau_censored += r.tau_censored;
    }
    auto at = [](const std::vector<int>& v, size_t k) { return k < v.size() ? v[k] : 0; };
    for (size_t k = 0; k < num_checkpoints; ++k) {
      s.anytime_curve.push_back(
          MeanInterval(column(sel, [&](const SelectionRun& r) { return at(r.anytime_curve, k); })));
      s.pairwise_curve.push_back(MeanInterval(
          column(sel, [&](const SelectionRun& r) { return at(r.pairwise_curve, k); })));
      s.fixed_curve.push_back(MeanInterval(
          column(sel, [&](const SelectionRun& r) { return std::max(at(r.clusters, k) - 1, 0); })));
    }
    for (size_t k = 0; k < num_looks; ++k) {
      s.look_separations.push_back(MeanInterval(
          column(sel, [&](const SelectionRun& r) { return at(r.look_separations, k); })));
    }
    for (const SelectionRun& r : runs[sel]) {
      s.pairwise_wrong_runs += r.pairwise_wrong;
      s.look_wrong_runs += r.look_wrong;
    }
    s.uniform_draws =
        MeanInterval(column(sel, [](const SelectionRun& r) { return r.uniform_draws; }));
    for (size_t k = 0; k < num_checkpoints; ++k) {
      s.clusters_curve.push_back(MeanInterval(column(
          sel, [k](const SelectionRun& r) { return k < r.clusters.size() ? r.clusters[k] : 0; })));
      s.tau_curve.push_back(MeanInterval(
          column(sel, [k](const SelectionRun& r) { return k < r.tau.size() ? r.tau[k] : 0.0; })));
    }
    out.push_back(std::move(s));
  }
  return out;
}

StatusOr<SelectionBenchmark> RunSelectionBenchmark(const SelectionBenchmarkOptions& options) {
  const SelectionBenchmarkOptions& o = options;
  if (o.selectors.empty()) return InvalidArgument("no selectors");
  // Out-of-range options are an error, not a silent fallback to the defaults below.
  if (Status s = ValidateActiveSelectorOptions(o.active); !s.ok()) return s;
  std::vector<std::unique_ptr<MatchSelector>> selectors;
  for (const std::string& name : o.selectors) {
    auto active = MakeActiveSelector(name, o.active);
    auto s = active.ok() ? std::move(active) : MakeMatchSelector(name);
    if (!s.ok()) return s.status();
    selectors.push_back(std::move(*s));
  }
  if (o.seeds < 2) return InvalidArgument("seeds must be at least 2 (an interval needs two)");
  if (o.budget < 1 || o.checkpoint_every < 1 || o.budget % o.checkpoint_every != 0) {
    return InvalidArgument("budget and checkpoint spacing must be >= 1, the budget a multiple");
  }
  if (o.draws < 20) return InvalidArgument("draws must be at least 20");
  if (!(o.confidence > 0 && o.confidence < 1)) return InvalidArgument("confidence in (0, 1)");
  const int64_t reference_at = o.reference_at > 0 ? o.reference_at : o.budget / 2;
  if (reference_at < o.checkpoint_every || reference_at > o.budget ||
      reference_at % o.checkpoint_every != 0) {
    return InvalidArgument("the reference amount " + std::to_string(reference_at) +
                           " is not a checkpoint");
  }
  for (int64_t a : o.tau_at) {
    if (a < o.checkpoint_every || a > o.budget || a % o.checkpoint_every != 0) {
      return InvalidArgument("tau_at amount " + std::to_string(a) + " is not a checkpoint");
    }
  }
  if (auto env = TrueSkill::Create(o.live); !env.ok()) return env.status();
  if (auto board = AnytimeLeaderboard::Create(2, o.anytime); !board.ok()) return board.status();
  if (o.anytime_every < 1) return InvalidArgument("anytime_every must be >= 1");
  if (!(o.uniform_floor >= 0.0 && o.uniform_floor <= 1.0)) {
    return InvalidArgument("uniform_floor must be in [0, 1]");
  }
  BenchmarkLooks looks;
  if (o.looks < 0 || o.looks > 100) return InvalidArgument("looks must be in 0..100");
  if (o.looks > 0) {
    // Look k at the first checkpoint at or after k / K of the budget; looks that meet at one
    // checkpoint are one look; the spending follows the looks' actual fractions.
    std::vector<double> fractions;
    for (int k = 1; k <= o.looks; ++k) {
      const int64_t share = (o.budget * k + o.looks - 1) / o.looks;
      const int64_t at = (share + o.checkpoint_every - 1) / o.checkpoint_every * o.checkpoint_every;
      if (!looks.at.empty() && looks.at.back() == at) continue;
      looks.at.push_back(at);
      fractions.push_back(static_cast<double>(at) / static_cast<double>(o.budget));
    }
    auto plan = PlanLooks(fractions, 1.0 - o.confidence);
    if (!plan.ok()) return plan.status();
    for (const PlannedLook& look : *plan) looks.confidence.push_back(1.0 - look.nominal_alpha);
  }
  const std::unique_ptr<MatchSelector> floor = MakeUniformSelector();
  if (o.pool != nullptr && !o.pool_with_replacement) {
    if (static_cast<int64_t>(o.pool->size()) < o.budget) {
      return InvalidArgument("a replay without replacement needs a budget of at most the " +
                             std::to_string(o.pool->size()) + " pooled comparisons");
    }
  }

  SelectionBenchmark out;
  out.options = o;
  out.options.pool = nullptr;
  out.options.reference_at = reference_at;
  out.looks = looks.at;
  out.look_confidence = looks.confidence;
  for (int64_t m = o.checkpoint_every; m <= o.budget; m += o.checkpoint_every) {
    out.checkpoints.push_back(m);
  }
  // The pool and its truth, shared by every run.
  PairPools pools;
  std::optional<PairSet> allowed;
  std::vector<double> pool_truth;
  if (o.pool != nullptr) {
    if (o.pool->size() == 0) return InvalidArgument("the pool is empty");
    if (o.pool_systems < 2) return InvalidArgument("the pool needs at least 2 systems");
    for (size_t i = 0; i < o.pool->size(); ++i) {
      if (o.pool->first[i] < 0 || o.pool->first[i] >= o.pool_systems || o.pool->second[i] < 0 ||
          o.pool->second[i] >= o.pool_systems || o.pool->first[i] == o.pool->second[i]) {
        return InvalidArgument("pool comparison " + std::to_string(i) + " is not a valid pair");
      }
    }
    pools = PoolByPair(o.pool_systems, *o.pool);
    allowed = PairSet::FromComparisons(o.pool_systems, *o.pool);
    pool_truth = FitSelectionBt(PairCounts::FromComparisons(o.pool_systems, *o.pool)).theta;
    out.num_systems = o.pool_systems;
  } else {
    if (o.systems < 2 || o.systems > 1000) return InvalidArgument("systems must be 2..1000");
    if (!(o.quality_sd > 0) || !(o.sigma_a >= 0) || !(o.sigma_obs > 0) || !(o.radius >= 0)) {
      return InvalidArgument("quality_sd and sigma_obs must be > 0, sigma_a and radius >= 0");
    }
    out.num_systems = o.systems;
  }
  const size_t num_sel = selectors.size(), seeds = static_cast<size_t>(o.seeds);
  out.runs.assign(num_sel, std::vector<SelectionRun>(seeds));
  ThreadPool pool(o.threads);
  pool.ParallelFor(static_cast<int64_t>(num_sel * seeds), [&](int64_t index, int) {
    const size_t sel = static_cast<size_t>(index) % num_sel;
    const size_t s = static_cast<size_t>(index) / num_sel;
    const uint64_t seed_s = DeriveSeed(o.seed, s);
    Campaign c;
    c.n = out.num_systems;
    if (o.pool != nullptr) {
      c.truth = pool_truth;
      c.pool = o.pool;
      c.pools = &pools;
      c.allowed = &*allowed;
    } else {
      Rng truth_rng(DeriveSeed(seed_s, 0));
      for (int j = 0; j < c.n; ++j) c.truth.push_back(o.quality_sd * truth_rng.Normal());
    }
    // The selector's stream keyed by its name: it does not depend on which others run.
    out.runs[sel][s] =
        RunOne(o, c, *selectors[sel], *floor,
               DeriveSeed(DeriveSeed(seed_s, 1), Fnv1a64(o.selectors[sel])), out.checkpoints,
               looks);
  });
  const auto uniform = std::find(o.selectors.begin(), o.selectors.end(), "uniform");
  for (size_t s = 0; s < seeds; ++s) {
    for (size_t sel = 0; sel < num_sel; ++sel) {
      const SelectionRun& ref = uniform != o.selectors.end()
                                    ? out.runs[uniform - o.selectors.begin()][s]
                                    : out.runs[sel][s];
      const size_t k = static_cast<size_t>(reference_at / o.checkpoint_every) - 1;
      SetClustersReached(&out.runs[sel][s], ref.clusters[k], out.checkpoints, o.budget);
    }
  }
  out.summaries =
      SummarizeSelectionRuns(o.selectors, out.runs, out.checkpoints.size(), o.tau_at.size(),
                             looks.at.size());
  return out;
}

}  // namespace tourney
