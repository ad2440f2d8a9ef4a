#include "tourney/statistics/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>

#include "core/thread_pool.h"
#include "tourney/core/binomial.h"
#include "tourney/core/count_resampler.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/random.h"
#include "tourney/models/expected_wins.h"
#include "tourney/models/pairwise_models.h"

namespace tourney {

StatusOr<ResampleUnit> ParseResampleUnit(std::string_view name) {
  if (name == "comparisons") return ResampleUnit::kComparisons;
  if (name == "rankings") return ResampleUnit::kRankings;
  return InvalidArgument("unknown resampling unit '" + std::string(name) +
                         "' (expected comparisons or rankings)");
}

std::string ResampleUnitName(ResampleUnit unit) {
  return unit == ResampleUnit::kRankings ? "rankings" : "comparisons";
}

CountScorer CountScorerFor(const RatingModel& model) {
  const std::string name = model.name();
  if (name == "expected-wins") {
    return [](const PairCounts& c) {
      return ExpectedWinsScores(c, ExpectedWinsVariant::kExcludeTies);
    };
  }
  if (name == "expected-wins-ties") {
    return [](const PairCounts& c) {
      return ExpectedWinsScores(c, ExpectedWinsVariant::kIncludeTies);
    };
  }
  if (name == "expected-wins-wmt13") {
    return [](const PairCounts& c) { return ExpectedWinsScores(c, ExpectedWinsVariant::kWmt13); };
  }
  if (const auto* counted = dynamic_cast<const CountBasedModel*>(&model)) {
    return [counted](const PairCounts& c) { return counted->ScoreCounts(c); };
  }
  return {};
}

namespace {

// Sub-streams of a replicate's seed (see the DESCRIPTION in bootstrap.h).
constexpr uint64_t kResampleStream = 0;
constexpr uint64_t kModelStream = 1;
constexpr uint64_t kTieStream = 2;

// One nonzero cell of the pair/outcome count table.
struct Cell {
  SystemId a;
  SystemId b;
  Outcome outcome;
};

// Per-thread buffers, reused across the replicates a thread runs. Every replicate resets
// what it uses, so reuse never changes a result.
struct Scratch {
  Comparisons comparisons;
  std::vector<int64_t> cell_draws;
  std::vector<int> order;
  std::vector<int32_t> multiplicity;  // times each ranking was drawn
  std::vector<int64_t> flat_counts;   // wins then ties, see Plan::comparison_cells
};

// Everything a replicate reads; shared by all threads, never written during the loop.
struct Plan {
  const Judgments* judgments = nullptr;
  const RatingModel* model = nullptr;
  BootstrapOptions options;
  CountScorer scorer;  // set when scoring from count tables
  bool self_sampling = false;
  std::vector<Cell> cells;                  // kComparisons with a scorer
  std::vector<int64_t> weights;             // cell counts, parallel to `cells`
  std::optional<CountResampler> resampler;  // kPoisson: draws the cells' counts
  // kRankings with a scorer: where each comparison counts in a flat table of n*n wins
  // (winner * n + loser) followed by n*n ties (first * n + second).
  std::vector<uint32_t> comparison_cells;
};

// Writes 1-based ranks for `scores` into `ranks`: best score first, exact ties in an order
// drawn from `tie_seed`.
void RanksFromScores(std::span<const double> scores, uint64_t tie_seed, std::vector<int>& order,
                     std::span<int> ranks) {
  const int n = static_cast<int>(scores.size());
  order.resize(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scores[a] > scores[b]; });
  bool tie_rng_ready = false;
  Rng tie_rng(0);
  for (int begin = 0; begin < n;) {
    int end = begin + 1;
    while (end < n && scores[order[end]] == scores[order[begin]]) ++end;
    if (end - begin > 1) {
      if (!tie_rng_ready) {
        tie_rng = Rng(tie_seed);
        tie_rng_ready = true;
      }
      for (int i = end - 1; i > begin; --i) {
        const int j =
            begin + static_cast<int>(tie_rng.UniformInt(static_cast<uint64_t>(i - begin + 1)));
        std::swap(order[i], order[j]);
      }
    }
    begin = end;
  }
  for (int p = 0; p < n; ++p) ranks[order[p]] = p + 1;
}

// Builds a judgments object with the same systems, judges and documents as `source`.
Judgments EmptyLike(const Judgments& source) {
  Judgments out;
  for (const std::string& name : source.systems().names()) out.systems().Intern(name);
  for (const std::string& judge : source.judges()) out.InternJudge(judge);
  for (const std::string& doc : source.documents()) out.InternDocument(doc);
  return out;
}

// Scores of replicate `r` (indexed by system id), or the model's error.
StatusOr<std::vector<double>> ScoreReplicate(const Plan& plan, int r, Scratch& scratch,
                                             std::vector<std::string>* warnings) {
  const Judgments& judgments = *plan.judgments;
  const int n = judgments.num_systems();
  const uint64_t replicate_seed = DeriveSeed(plan.options.seed, static_cast<uint64_t>(r));
  Rng rng(DeriveSeed(replicate_seed, kResampleStream));
  const uint64_t model_seed = DeriveSeed(replicate_seed, kModelStream);

  auto rate = [&](const RatingInput& input, uint64_t seed) -> StatusOr<std::vector<double>> {
    StatusOr<RatingResult> result = plan.model->Rate(input, seed);
    if (!result.ok()) return result.status();
    if (result->ratings.size() != static_cast<size_t>(n)) {
      return Internal("model '" + plan.model->name() + "' returned " +
                      std::to_string(result->ratings.size()) + " ratings for " + std::to_string(n) +
                      " systems");
    }
    *warnings = std::move(result->warnings);
    std::vector<double> scores(static_cast<size_t>(n));
    for (int s = 0; s < n; ++s) scores[s] = result->ratings[s].score;
    return scores;
  };

  if (plan.self_sampling && !plan.options.resample_self_sampling) {
    RatingInput input{n, &judgments.comparisons(), &judgments};
    input.system_names = &judgments.systems().names();
    input.bootstrap_replicate = true;
    return rate(input, replicate_seed);
  }

  const Comparisons& all = judgments.comparisons();
  if (plan.options.resample == ResampleUnit::kComparisons) {
    if (plan.scorer) {
      scratch.cell_draws.resize(plan.cells.size());
      if (plan.resampler) {
        plan.resampler->Sample(rng, scratch.cell_draws);
      } else {
        SampleMultinomial(rng, static_cast<int64_t>(all.size()), plan.weights, scratch.cell_draws);
      }
      PairCounts counts(n);
      for (size_t k = 0; k < plan.cells.size(); ++k) {
        if (scratch.cell_draws[k] == 0) continue;
        const Cell& cell = plan.cells[k];
        counts.Add(cell.a, cell.b, cell.outcome, scratch.cell_draws[k]);
      }
      return plan.scorer(counts);
    }
    Comparisons& c = scratch.comparisons;
    c.Clear();
    const uint64_t size = all.size();
    c.Reserve(size);
    for (uint64_t i = 0; i < size; ++i) {
      const size_t j = static_cast<size_t>(rng.UniformInt(size));
      c.Add(all.first[j], all.second[j], all.outcome[j]);
    }
    RatingInput input{n, &c, nullptr};
    input.system_names = &judgments.systems().names();
    input.bootstrap_replicate = true;
    return rate(input, model_seed);
  }

  // Whole rankings.
  const uint64_t num_rankings = judgments.num_rankings();
  if (plan.scorer) {
    // Count how often each ranking is drawn, then add each drawn ranking's comparisons
    // that many times in one sequential pass.
    std::vector<int32_t>& multiplicity = scratch.multiplicity;
    multiplicity.assign(num_rankings, 0);
    for (uint64_t m = 0; m < num_rankings; ++m) ++multiplicity[rng.UniformInt(num_rankings)];
    const size_t nn = static_cast<size_t>(n) * static_cast<size_t>(n);
    std::vector<int64_t>& flat = scratch.flat_counts;
    flat.assign(2 * nn, 0);
    for (size_t m = 0; m < num_rankings; ++m) {
      const int32_t times = multiplicity[m];
      if (times == 0) continue;
      const size_t end = judgments.comparison_begin(m + 1);
      for (size_t i = judgments.comparison_begin(m); i < end; ++i) {
        flat[plan.comparison_cells[i]] += times;
      }
    }
    PairCounts counts(n);
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const size_t k = static_cast<size_t>(a) * n + b;
        if (flat[k] != 0) counts.Add(a, b, Outcome::kFirstWins, flat[k]);
        if (flat[nn + k] != 0) counts.Add(a, b, Outcome::kTie, flat[nn + k]);
      }
    }
    return plan.scorer(counts);
  }
  Judgments resampled = EmptyLike(judgments);
  for (uint64_t m = 0; m < num_rankings; ++m) {
    const RankingView view = judgments.ranking(static_cast<size_t>(rng.UniformInt(num_rankings)));
    resampled.AddRanking(view.systems, view.ranks, view.groups, view.segment, view.judge,
                         view.document);
  }
  RatingInput input{n, &resampled.comparisons(), &resampled};
  input.system_names = &judgments.systems().names();
  input.bootstrap_replicate = true;
  return rate(input, model_seed);
}

Status ValidateOptions(const Judgments& judgments, const BootstrapOptions& o) {
  if (o.replicates < 1 || o.replicates > 1000000) {
    return InvalidArgument(
        "the number of bootstrap replicates must be between 1 and 1000000, "
        "got " +
        std::to_string(o.replicates));
  }
  if (!(o.confidence > 0.0 && o.confidence < 1.0)) {
    return InvalidArgument("the confidence level must be strictly between 0 and 1, got " +
                           std::to_string(o.confidence));
  }
  if (!TrimFits(o.replicates, o.confidence)) {
    char level[32];
    std::snprintf(level, sizeof(level), "%g%%", 100.0 * o.confidence);
    return InvalidArgument(std::to_string(o.replicates) + " bootstrap replicates are too few for " +
                           level + " rank ranges (ceil(R(1-G)/2) = " +
                           std::to_string(static_cast<int>(
                               std::ceil(o.replicates * (1.0 - o.confidence) / 2.0 - 1e-7))) +
                           " replicates would be dropped at each end); use at least " +
                           std::to_string(MinimumBootstrapReplicates(o.confidence)));
  }
  // The samples (a rank and a score per system and replicate) are kept in memory.
  constexpr int64_t kMaxSamples = int64_t{1} << 28;  // 268M: about 3 GB of ranks and scores
  if (static_cast<int64_t>(o.replicates) * judgments.num_systems() > kMaxSamples) {
    return InvalidArgument(std::to_string(o.replicates) + " replicates of " +
                           std::to_string(judgments.num_systems()) + " systems exceed the " +
                           std::to_string(kMaxSamples) +
                           " rank samples kept in memory; use fewer replicates");
  }
  if (o.threads < 0) {
    return InvalidArgument("the thread count must be >= 0 (0 = all cores), got " +
                           std::to_string(o.threads));
  }
  if (judgments.num_systems() < 1 || judgments.comparisons().size() == 0) {
    return InvalidArgument("the judgments contain no pairwise comparison to bootstrap");
  }
  return Status::Ok();
}

// "message" once per distinct message, with how many replicates raised it. Messages about
// systems ("HEAD for: A (1.03), B (1.02)", rating_model.h) are merged by HEAD, with the
// number of replicates that named each system.
std::vector<std::string> MergeReplicateWarnings(
    const std::vector<std::vector<std::string>>& per_replicate) {
  static constexpr std::string_view kFor = " for: ";
  std::vector<std::string> order;
  std::map<std::string, int> count;
  std::map<std::string, std::vector<std::pair<std::string, int>>> subjects;
  for (const auto& list : per_replicate) {
    for (const std::string& w : list) {
      const size_t at = w.find(kFor);
      const std::string head = at == std::string::npos ? w : w.substr(0, at);
      if (count[head]++ == 0) order.push_back(head);
      if (at == std::string::npos) continue;
      std::string_view rest = std::string_view(w).substr(at + kFor.size());
      auto& named = subjects[head];
      while (!rest.empty()) {
        const size_t comma = rest.find(", ");
        std::string_view item = rest.substr(0, comma);
        const size_t paren = item.rfind(" (");
        const std::string name(paren == std::string_view::npos ? item : item.substr(0, paren));
        auto it = std::find_if(named.begin(), named.end(),
                               [&](const auto& p) { return p.first == name; });
        if (it == named.end()) {
          named.emplace_back(name, 1);
        } else {
          ++it->second;
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 2);
      }
    }
  }
  std::vector<std::string> out;
  for (const std::string& head : order) {
    std::string line = "in " + std::to_string(count[head]) + " of " +
                       std::to_string(per_replicate.size()) + " bootstrap replicates: " + head;
    auto it = subjects.find(head);
    if (it != subjects.end()) {
      std::string list;
      for (const auto& [name, times] : it->second) {
        list += (list.empty() ? "" : ", ") + name + " (in " + std::to_string(times) + ")";
      }
      line += std::string(kFor) + list;
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace

StatusOr<BootstrapResult> Bootstrap(const Judgments& judgments, const RatingModel& model,
                                    const BootstrapOptions& options) {
  if (Status s = ValidateOptions(judgments, options); !s.ok()) return s;
  const int n = judgments.num_systems();
  const int replicates = options.replicates;

  Plan plan;
  plan.judgments = &judgments;
  plan.model = &model;
  plan.options = options;
  plan.options.progress = nullptr;
  plan.self_sampling = model.self_sampling() && !options.resample_self_sampling;
  if (!plan.self_sampling && options.resample == ResampleUnit::kRankings &&
      judgments.num_rankings() == 0) {
    return InvalidArgument("--resample rankings needs rankings, and the judgments have none");
  }
  // The flat count tables index n*n cells with 32-bit integers.
  if (!plan.self_sampling && options.count_shortcut && n <= 30000) {
    plan.scorer = CountScorerFor(model);
  }
  if (plan.scorer && options.resample == ResampleUnit::kRankings) {
    const Comparisons& all = judgments.comparisons();
    const uint32_t stride = static_cast<uint32_t>(n);
    const uint32_t nn = stride * stride;
    plan.comparison_cells.resize(all.size());
    for (size_t i = 0; i < all.size(); ++i) {
      const uint32_t a = static_cast<uint32_t>(all.first[i]);
      const uint32_t b = static_cast<uint32_t>(all.second[i]);
      switch (all.outcome[i]) {
        case Outcome::kFirstWins:
          plan.comparison_cells[i] = a * stride + b;
          break;
        case Outcome::kSecondWins:
          plan.comparison_cells[i] = b * stride + a;
          break;
        case Outcome::kTie:
          plan.comparison_cells[i] = nn + a * stride + b;
          break;
      }
    }
  }
  if (plan.scorer && options.resample == ResampleUnit::kComparisons) {
    const PairCounts counts = PairCounts::FromComparisons(n, judgments.comparisons());
    for (int a = 0; a < n; ++a) {
      for (int b = a + 1; b < n; ++b) {
        const Cell cells[3] = {
            {a, b, Outcome::kFirstWins}, {a, b, Outcome::kSecondWins}, {a, b, Outcome::kTie}};
        const int64_t weights[3] = {counts.wins(a, b), counts.wins(b, a), counts.ties(a, b)};
        for (int k = 0; k < 3; ++k) {
          if (weights[k] == 0) continue;
          plan.cells.push_back(cells[k]);
          plan.weights.push_back(weights[k]);
        }
      }
    }
    if (options.count_sampler == CountSampler::kPoisson) plan.resampler.emplace(plan.weights);
  }

  BootstrapResult result;
  result.model = model.name();
  result.replicates = replicates;
  result.confidence = options.confidence;
  result.seed = options.seed;
  result.self_sampling = plan.self_sampling;
  // A self-sampling model's full-data run is one draw of the run-to-run distribution that
  // the interval describes, so it can fall outside that interval: head with the mean.
  const bool replicate_mean =
      options.score == BootstrapScore::kReplicateMean || model.self_sampling();
  result.score = replicate_mean ? BootstrapScore::kReplicateMean : BootstrapScore::kFullData;
  result.count_shortcut = static_cast<bool>(plan.scorer);
  result.resample = options.resample;

  RatingInput full_input{n, &judgments.comparisons(), &judgments};
  StatusOr<RatingResult> full = RateChecked(model, full_input, options.seed);
  if (!full.ok()) return full.status();
  result.full = std::move(full->ratings);
  result.warnings = std::move(full->warnings);

  result.ranks = RankSamples(n, replicates);
  result.scores = ScoreSamples(n, replicates);
  std::vector<Status> statuses(static_cast<size_t>(replicates));
  std::vector<std::vector<std::string>> warnings(static_cast<size_t>(replicates));
  std::atomic<bool> failed{false};
  std::atomic<bool> cancelled{false};
  std::mutex progress_mu;
  int finished = 0;

  ThreadPool pool(std::min(ThreadPool::ResolveThreads(options.threads), replicates));
  std::vector<Scratch> scratch(static_cast<size_t>(pool.size()));
  pool.ParallelFor(replicates, [&](int64_t index, int worker) {
    // After a failure, replicates not yet started are skipped. Every replicate numbered
    // below a failing one has already started (indices go out in order), so the reported
    // error, that of the lowest failing replicate, does not depend on scheduling.
    if (failed.load(std::memory_order_relaxed)) return;
    if (options.cancelled && options.cancelled()) {
      cancelled.store(true, std::memory_order_relaxed);
      failed.store(true, std::memory_order_relaxed);
      return;
    }
    const int r = static_cast<int>(index);
    StatusOr<std::vector<double>> scores = ScoreReplicate(plan, r, scratch[worker], &warnings[r]);
    if (scores.ok()) {
      for (int s = 0; s < n; ++s) {
        if (!std::isfinite((*scores)[s])) {
          scores = Internal("model '" + model.name() + "' returned a non-finite score");
          break;
        }
      }
    }
    if (!scores.ok()) {
      statuses[r] = scores.status();
      failed.store(true, std::memory_order_relaxed);
      return;
    }
    std::copy(scores->begin(), scores->end(), result.scores.row(r).begin());
    RanksFromScores(*scores,
                    DeriveSeed(DeriveSeed(options.seed, static_cast<uint64_t>(r)), kTieStream),
                    scratch[worker].order, result.ranks.row(r));
    if (options.progress) {
      std::lock_guard<std::mutex> lock(progress_mu);
      options.progress(++finished, replicates);
    }
  });
  if (cancelled.load()) {
    return Cancelled("the bootstrap was cancelled before its " + std::to_string(replicates) +
                     " replicates finished");
  }
  for (int r = 0; r < replicates; ++r) {
    if (!statuses[r].ok()) {
      return Status(statuses[r].code(),
                    "bootstrap replicate " + std::to_string(r) + ": " + statuses[r].message());
    }
  }
  for (std::string& w : MergeReplicateWarnings(warnings)) result.warnings.push_back(std::move(w));
  if (replicate_mean) {
    for (int s = 0; s < n; ++s) {
      // Two-pass mean and variance over the replicates, in replicate order.
      double sum = 0.0;
      for (int r = 0; r < replicates; ++r) sum += result.scores.row(r)[s];
      const double mean = sum / replicates;
      double ss = 0.0;
      for (int r = 0; r < replicates; ++r) {
        const double d = result.scores.row(r)[s] - mean;
        ss += d * d;
      }
      result.full[s].score = mean;
      result.full[s].mu = mean;
      result.full[s].sigma = replicates > 1 ? std::sqrt(ss / (replicates - 1)) : 0.0;
    }
  }
  return result;
}

std::vector<int> LeaderboardOrder(const Leaderboard& board, const Judgments& judgments) {
  std::vector<int> order;
  order.reserve(board.entries.size());
  for (const auto& e : board.entries) order.push_back(*judgments.systems().Find(e.system));
  return order;
}

Leaderboard BuildClusteredLeaderboard(const Judgments& judgments, const BootstrapResult& result) {
  Leaderboard board = BuildLeaderboard(result.model, judgments, result.full);
  const std::vector<int> order = LeaderboardOrder(board, judgments);
  const std::vector<RankRange> ranges = RankRanges(result.ranks, result.confidence);
  const std::vector<int> clusters = ClusterByRankRanges(order, ranges);
  const std::vector<ScoreInterval> intervals = ScoreIntervals(result.scores, result.confidence);
  const std::vector<int> upper = RankUpperBounds(intervals);
  for (size_t i = 0; i < board.entries.size(); ++i) {
    LeaderboardEntry& e = board.entries[i];
    const int id = order[i];
    e.rank_lo = ranges[id].lo;
    e.rank_hi = ranges[id].hi;
    e.cluster = clusters[id];
    e.rank_upper_bound = upper[id];
    e.score_lo = intervals[id].lo;
    e.score_hi = intervals[id].hi;
  }
  board.bootstrap_replicates = result.replicates;
  board.replicates_are_reruns = result.self_sampling;
  board.confidence = result.confidence;
  board.seed = result.seed;
  board.warnings.insert(board.warnings.end(), result.warnings.begin(), result.warnings.end());
  return board;
}

}  // namespace tourney
