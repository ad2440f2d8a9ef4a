#include "tourney/statistics/evaluation.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/thread_pool.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

// The first `k` entries of a random permutation of 0..n-1 (partial Fisher-Yates).
std::vector<uint32_t> SampleWithoutReplacement(size_t n, size_t k, Rng& rng) {
  std::vector<uint32_t> idx(n);
  for (size_t i = 0; i < n; ++i) idx[i] = static_cast<uint32_t>(i);
  for (size_t i = 0; i < k; ++i) {
    const size_t j = i + rng.UniformInt(n - i);
    std::swap(idx[i], idx[j]);
  }
  idx.resize(k);
  return idx;
}

Comparisons Select(const Comparisons& pool, const std::vector<uint32_t>& idx) {
  Comparisons out;
  out.Reserve(idx.size());
  for (uint32_t i : idx) out.Add(pool.first[i], pool.second[i], pool.outcome[i]);
  return out;
}

struct TaskResult {
  Status status;
  double accuracy = 0, perplexity = 0, radius_acc = 0, radius_ppl = 0;
};

double MostFrequent(const std::vector<double>& v) {
  std::map<double, int> count;
  for (double x : v) ++count[x];
  double best = 0;
  int best_n = -1;
  for (const auto& [x, n] : count) {
    if (n > best_n) best = x, best_n = n;
  }
  return best;
}

void MeanSd(const std::vector<double>& v, double* mean, double* sd) {
  double m = 0;
  for (double x : v) m += x;
  m /= static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  *mean = m;
  *sd = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0.0;
}

}  // namespace

Predictor MakePredictor(const RatingResult& result, PredictionKind kind, double shared_variance) {
  Predictor p;
  p.winner_only = kind == PredictionKind::kWinnerOnly;
  for (const SystemRating& r : result.ratings) {
    p.mu.push_back(p.winner_only ? r.score : r.mu);
    p.variance.push_back(kind == PredictionKind::kSharedVariance ? shared_variance
                                                                 : r.sigma * r.sigma);
  }
  return p;
}

void SplitComparisons(const Comparisons& pool, size_t held_out, uint64_t seed, Comparisons* rest,
                      Comparisons* part) {
  Rng rng(seed);
  held_out = std::min(held_out, pool.size());
  const std::vector<uint32_t> perm = SampleWithoutReplacement(pool.size(), pool.size(), rng);
  std::vector<uint32_t> a(perm.begin(), perm.begin() + static_cast<long>(held_out));
  std::vector<uint32_t> b(perm.begin() + static_cast<long>(held_out), perm.end());
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  *part = Select(pool, a);
  *rest = Select(pool, b);
}

StatusOr<EvalReport> RunEvaluation(int num_systems, const Comparisons& train,
                                   const Comparisons& dev, const Comparisons& test,
                                   const std::vector<EvalModel>& models,
                                   const EvalOptions& options) {
  if (train.size() == 0) return InvalidArgument("the training set is empty");
  if (dev.size() == 0) return InvalidArgument("the dev set is empty");
  if (test.size() == 0) return InvalidArgument("the test set is empty");
  if (options.repeats < 1) return InvalidArgument("--repeats must be >= 1");
  if (options.sizes.empty()) return InvalidArgument("no training sizes given");

  // Build one model per (model, size) up front: errors surface before any work.
  std::vector<std::unique_ptr<RatingModel>> built;
  for (const EvalModel& m : models) {
    for (size_t size : options.sizes) {
      if (size == 0) return InvalidArgument("training sizes must be >= 1");
      auto model = m.make(size);
      if (!model.ok()) return model.status();
      if (!(*model)->self_sampling() && size > train.size()) {
        return InvalidArgument("training size " + std::to_string(size) + " exceeds the " +
                               std::to_string(train.size()) + " training comparisons");
      }
      built.push_back(std::move(*model));
    }
  }

  const size_t num_sizes = options.sizes.size();
  const size_t repeats = static_cast<size_t>(options.repeats);
  const size_t num_tasks = built.size() * repeats;
  std::vector<TaskResult> results(num_tasks);

  ThreadPool pool(
      std::min<int>(ThreadPool::ResolveThreads(options.threads), static_cast<int>(num_tasks)));
  pool.ParallelFor(static_cast<int64_t>(num_tasks), [&](int64_t index, int /*worker*/) {
    const size_t t = static_cast<size_t>(index);
    const size_t mi = t / repeats;  // index into built: model * num_sizes + size
    const EvalModel& spec = models[mi / num_sizes];
    const size_t size = options.sizes[mi % num_sizes];
    const RatingModel& model = *built[mi];
    const uint64_t seed = DeriveSeed(options.seed, t);
    Rng rng(seed);
    Comparisons subset;
    const Comparisons* data = &train;
    if (!model.self_sampling()) {
      subset = Select(train, SampleWithoutReplacement(train.size(), size, rng));
      data = &subset;
    }
    auto rated = RateChecked(model, RatingInput{num_systems, data, nullptr}, DeriveSeed(seed, 1));
    if (!rated.ok()) {
      results[t].status = rated.status();
      return;
    }
    const Predictor p = MakePredictor(*rated, spec.kind, spec.shared_variance);
    const TunedRadius r = TuneRadius(p, dev, options.radius_grid);
    results[t].accuracy = Evaluate(p, test, r.for_accuracy).accuracy;
    results[t].perplexity = Evaluate(p, test, r.for_perplexity).perplexity;
    results[t].radius_acc = r.for_accuracy;
    results[t].radius_ppl = r.for_perplexity;
  });

  EvalReport report;
  report.upper_bound = UpperBoundAccuracy(num_systems, test);
  for (size_t mi = 0; mi < built.size(); ++mi) {
    std::vector<double> acc, ppl, ra, rp;
    for (size_t r = 0; r < repeats; ++r) {
      const TaskResult& res = results[mi * repeats + r];
      if (!res.status.ok()) return res.status;
      acc.push_back(res.accuracy);
      ppl.push_back(res.perplexity);
      ra.push_back(res.radius_acc);
      rp.push_back(res.radius_ppl);
    }
    EvalRow row;
    row.model = models[mi / num_sizes].name;
    row.train_size = options.sizes[mi % num_sizes];
    MeanSd(acc, &row.accuracy, &row.accuracy_sd);
    MeanSd(ppl, &row.perplexity, &row.perplexity_sd);
    row.radius = MostFrequent(ra);
    row.radius_perplexity = MostFrequent(rp);
    report.rows.push_back(row);
  }
  return report;
}

}  // namespace tourney
