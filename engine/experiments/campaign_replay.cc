#include "tourney/experiments/campaign_replay.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <numeric>
#include <thread>

#include "tourney/campaigns/scoring_campaign.h"
#include "tourney/core/random.h"
#include "tourney/sampling/error_bound.h"
#include "tourney/sampling/finite_population_sequence.h"
#include "tourney/sampling/knn.h"
#include "tourney/sampling/population.h"
#include "tourney/sampling/residual_sequence.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {
namespace {

constexpr int kCurvePoints = 20;  // every 5% of the items
// The cv-cs board claims nothing for a pair with fewer paired segments than this.
constexpr int kMinPairedForCvCs = 30;
// Differences smaller than this share of the score range count as ties.
constexpr double kTieShare = 1e-9;

// The index of pair a < b among the S(S − 1)/2 pairs.
size_t PairIndex(int a, int b, int systems) {
  return static_cast<size_t>(a) * systems - static_cast<size_t>(a) * (a + 1) / 2 + (b - a - 1);
}

enum class ReplayPolicyKind { kAll, kUniform, kDefault };

struct ReplayPolicySpec {
  std::string name;
  ReplayPolicyKind kind = ReplayPolicyKind::kDefault;
};

// What every replay reads and none changes.
struct ReplayShared {
  const CampaignReplayOptions* options = nullptr;
  ScoredSegments hidden;  // the table with every score hidden (the campaign's input)
  int systems = 0;
  std::vector<std::vector<int>> row_of;  // [system][segment] -> row, or -1
  std::vector<double> full;              // full-data score per system
  std::vector<Population> populations;   // every score known (for the neighbour lists)
  std::vector<std::unique_ptr<NeighbourLists>> lists;
  // Per pair a < b (index PairIndex): the paired differences x_a − x_b on the segments both
  // have, their rows by segment, and their neighbour lists (null when too large to keep).
  std::vector<Population> pair_populations;
  std::vector<std::vector<int>> pair_row_of;
  // Per pair a < b: the full-data mean of x_a − x_b over the segments both have (what the
  // pair's sequence estimates; the difference of the full-data scores when both systems
  // have every segment).
  std::vector<double> pair_truth;
  std::vector<std::unique_ptr<NeighbourLists>> pair_lists;  // cv-cs board only
  double lo = 0.0;
  double hi = 1.0;
  double epsilon = 0.0;
  double pair_alpha = 0.05;
  int64_t items = 0;
};

struct ReplayRecord {
  int64_t used = 0;
  bool reached = false;
  bool wrong = false;
  int separations = 0;
  int fixed_separations = 0;
  bool fixed_wrong = false;
  std::vector<uint8_t> covered;
  std::vector<int> scored;  // per system
  std::vector<double> curve;
};

// One replay's running state: the sequences and what is known.
class ReplayRun {
 public:
  ReplayRun(const ReplayShared& shared, ReplayPolicyKind kind, uint64_t seed)
      : sh_(shared), kind_(kind), seed_(seed) {}

  StatusOr<ReplayRecord> Run();

 private:
  struct BoardView {
    int separations = 0;
    bool wrong = false;
    bool settled = true;             // every boundary separated or within ±ε
    std::vector<uint8_t> unsettled;  // per system: in an unsettled boundary
    int leader = 0;
    bool top_certified = true;
    std::vector<uint8_t> challenger;  // per system: not yet below the leader
  };

  // Adds the score of (s, g), its row `row`.
  Status Observe(int s, int g, int row);
  // The interval of the mean of x_a − x_b over the segments both have scored.
  void PairInterval(int a, int b, double* lo, double* hi) const;
  bool WithinTolerance(int s) const;
  // The full-data paired difference of a and b (x_a − x_b), either order.
  double PairTruth(int a, int b) const {
    const double t = sh_.pair_truth[PairIndex(std::min(a, b), std::max(a, b), sh_.systems)];
    return a < b ? t : -t;
  }
  BoardView Board() const;
  // The fixed-sample board at the same items: rank neighbours separated by a two-sided paired
  // t-test at (1 − confidence) / (S − 1) each (Bonferroni), as if the sample size had been
  // fixed in advance. Into *separations and *wrong.
  void FixedBoard(int* separations, bool* wrong) const;
  bool GoalMet(const BoardView& view) const;

  const ReplayShared& sh_;
  const ReplayPolicyKind kind_;
  const uint64_t seed_;
  std::vector<ResidualSequence> sequences_;
  std::vector<FinitePopulationSequence> pairs_;  // [PairIndex(a, b)], a < b: betting board
  std::vector<ResidualSequence> cv_pairs_;       // the same: cv-cs board
  // Per pair: the paired differences' count, sum and sum of squares (the fixed-sample board).
  std::vector<int> pair_n_;
  std::vector<double> pair_sum_;
  std::vector<double> pair_squares_;
  std::vector<std::vector<uint8_t>> known_;      // [system][segment]
};

Status ReplayRun::Observe(int s, int g, int row) {
  const double x = sh_.populations[s].x[row];
  if (Status st = sequences_[s].Add(row, x); !st.ok()) return st;
  known_[s][g] = 1;
  const int n = sh_.systems;
  for (int t = 0; t < n; ++t) {
    if (t == s || !known_[t][g]) continue;
    const size_t k = PairIndex(std::min(s, t), std::max(s, t), n);
    const int item = sh_.pair_row_of[k][g];
    const double d = sh_.pair_populations[k].x[item];
    if (sh_.options->board == ReplayBoard::kCvCs) {
      if (Status st = cv_pairs_[k].Add(item, d); !st.ok()) return st;
    } else if (Status st = pairs_[k].Add(d); !st.ok()) {
      return st;
    }
    ++pair_n_[k];
    pair_sum_[k] += d;
    pair_squares_[k] += d * d;
  }
  return Status::Ok();
}

void ReplayRun::PairInterval(int a, int b, double* lo, double* hi) const {
  const size_t k = PairIndex(std::min(a, b), std::max(a, b), sh_.systems);
  double l, h;
  if (sh_.options->board == ReplayBoard::kCvCs) {
    const ResidualSequence& q = cv_pairs_[k];
    // Before kMinPairedForCvCs paired segments the asymptotic interval says nothing.
    if (q.count() < kMinPairedForCvCs) {
      l = sh_.lo - sh_.hi;
      h = sh_.hi - sh_.lo;
    } else {
      l = q.lower();
      h = q.upper();
    }
  } else {
    l = pairs_[k].lower();
    h = pairs_[k].upper();
  }
  if (a < b) {
    *lo = l;
    *hi = h;
  } else {
    *lo = -h;
    *hi = -l;
  }
}

bool ReplayRun::WithinTolerance(int s) const {
  const ResidualSequence& q = sequences_[s];
  if (q.count() < 2) return false;
  const double wider = std::max(q.estimate() - q.lower(), q.upper() - q.estimate());
  return VerdictForTolerance(wider, q.count(), q.population(), sh_.options->goal.tolerance,
                             kMinScoredForTolerance)
      .within;
}

ReplayRun::BoardView ReplayRun::Board() const {
  const int n = sh_.systems;
  const bool lower_better = sh_.options->lower_is_better;
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const double ea = sequences_[a].estimate(), eb = sequences_[b].estimate();
    return lower_better ? ea < eb : ea > eb;
  });
  BoardView v;
  v.unsettled.assign(n, 0);
  v.challenger.assign(n, 0);
  for (int i = 0; i + 1 < n; ++i) {
    const int u = order[i], w = order[i + 1];
    double lo, hi;
    PairInterval(u, w, &lo, &hi);
    // Differences within kTieShare of the range are ties (rounding in the census's sums).
    const double tie = kTieShare * (sh_.hi - sh_.lo);
    const bool separated = lo > tie || hi < -tie;
    if (separated) {
      ++v.separations;
      const double truth = PairTruth(u, w);
      if ((lo > tie && !(truth > tie)) || (hi < -tie && !(truth < -tie))) v.wrong = true;
    }
    if (!separated && !(lo >= -sh_.epsilon && hi <= sh_.epsilon)) {
      v.settled = false;
      v.unsettled[u] = v.unsettled[w] = 1;
    }
  }
  v.leader = order[0];
  for (int j = 0; j < n; ++j) {
    if (j == v.leader) continue;
    double lo, hi;
    PairInterval(v.leader, j, &lo, &hi);  // x_leader − x_j
    const bool below = lower_better ? hi < sh_.epsilon : lo > -sh_.epsilon;
    if (!below) {
      v.top_certified = false;
      v.challenger[j] = 1;
    }
  }
  return v;
}

void ReplayRun::FixedBoard(int* separations, bool* wrong) const {
  const int n = sh_.systems;
  const bool lower_better = sh_.options->lower_is_better;
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const double ea = sequences_[a].estimate(), eb = sequences_[b].estimate();
    return lower_better ? ea < eb : ea > eb;
  });
  *separations = 0;
  *wrong = false;
  const double level = (1.0 - sh_.options->confidence) / (n - 1);
  const double tie = kTieShare * (sh_.hi - sh_.lo);
  for (int i = 0; i + 1 < n; ++i) {
    const int u = order[i], w = order[i + 1];
    const size_t k = PairIndex(std::min(u, w), std::max(u, w), n);
    const int m = pair_n_[k];
    if (m < 2) continue;
    const double sign = u < w ? 1.0 : -1.0;
    const double mean = sign * pair_sum_[k] / m;
    const double var = std::max(0.0, (pair_squares_[k] - m * mean * mean) / (m - 1));
    const double half = StudentQuantile(1.0 - level / 2.0, m - 1) * std::sqrt(var / m);
    if (!(half > 0.0) || std::fabs(mean) <= half) continue;
    ++*separations;
    const double truth = PairTruth(u, w);
    if ((mean > 0.0 && !(truth > tie)) || (mean < 0.0 && !(truth < -tie))) *wrong = true;
  }
}

bool ReplayRun::GoalMet(const BoardView& view) const {
  switch (sh_.options->goal.kind) {
    case ReplayGoalKind::kTolerance:
      for (int s = 0; s < sh_.systems; ++s) {
        if (!WithinTolerance(s)) return false;
      }
      return true;
    case ReplayGoalKind::kSettled:
      return view.settled;
    case ReplayGoalKind::kTopOne:
      return view.top_certified;
  }
  return false;
}

StatusOr<ReplayRecord> ReplayRun::Run() {
  const CampaignReplayOptions& o = *sh_.options;
  const int n = sh_.systems;
  ScoringCampaignConfig config;
  config.table = sh_.hidden;
  // The random order: the pairs' betting sequences need each next segment uniform over the
  // unseen ones (docs-prop's stratified order is not).
  config.design = Design::kRandom;
  config.estimator = EstimatorSpec{EstimatorKind::kCvKnn, "", kPaperKnnK};
  config.bound = BoundKind::kCvCs;
  config.confidence = o.confidence;
  config.score_min = sh_.lo;
  config.score_max = sh_.hi;
  config.lower_is_better = o.lower_is_better;
  config.lease_ms = int64_t{1} << 40;
  config.seed = seed_;
  if (o.goal.kind == ReplayGoalKind::kTolerance) config.tolerance = o.goal.tolerance;
  auto campaign = ScoringCampaign::Create(std::move(config));
  if (!campaign.ok()) return campaign.status();
  ResidualSequenceOptions ro;
  ro.confidence = o.confidence;
  ro.lo = sh_.lo;
  ro.hi = sh_.hi;
  sequences_.clear();
  sequences_.reserve(n);
  for (int s = 0; s < n; ++s) {
    auto q = ResidualSequence::Make(sh_.populations[s], ro, sh_.lists[s].get());
    if (!q.ok()) return q.status();
    sequences_.push_back(std::move(*q));
  }
  cv_pairs_.clear();
  if (o.board == ReplayBoard::kCvCs) {
    ResidualSequenceOptions po;
    po.confidence = 1.0 - sh_.pair_alpha;
    po.lo = sh_.lo - sh_.hi;
    po.hi = sh_.hi - sh_.lo;
    po.refit_growth = 1.0;  // refits at doublings: the pairs are many
    cv_pairs_.reserve(sh_.pair_populations.size());
    for (size_t k = 0; k < sh_.pair_populations.size(); ++k) {
      auto q = ResidualSequence::Make(sh_.pair_populations[k], po, sh_.pair_lists[k].get());
      if (!q.ok()) return q.status();
      cv_pairs_.push_back(std::move(*q));
    }
  }
  pairs_.clear();
  pairs_.reserve(sh_.pair_populations.size());
  for (const Population& p : sh_.pair_populations) {
    auto q = FinitePopulationSequence::Make(p.size, sh_.lo - sh_.hi, sh_.hi - sh_.lo, sh_.pair_alpha);
    if (!q.ok()) return q.status();
    pairs_.push_back(*q);
  }
  known_.assign(n, std::vector<uint8_t>(sh_.hidden.segment_ids.size(), 0));
  pair_n_.assign(sh_.pair_populations.size(), 0);
  pair_sum_.assign(sh_.pair_populations.size(), 0.0);
  pair_squares_.assign(sh_.pair_populations.size(), 0.0);

  ReplayRecord r;
  r.curve.assign(kCurvePoints, 0.0);
  int next_mark = 0;
  auto mark_curve = [&](int separations) {
    while (next_mark < kCurvePoints &&
           r.used * kCurvePoints >= static_cast<int64_t>(next_mark + 1) * sh_.items) {
      r.curve[next_mark++] = separations;
    }
  };
  const bool stops = kind_ != ReplayPolicyKind::kAll;
  const bool allocates = kind_ == ReplayPolicyKind::kDefault;
  int64_t looks = 0;
  int64_t now = 0;
  BoardView view = Board();
  while (true) {
    auto item = (*campaign)->ProposeItem("replay", ++now);
    if (!item.ok()) {
      // The systems still served are done: serve every system before giving up.
      bool widened = false;
      for (int s = 0; s < n; ++s) {
        if (!(*campaign)->serving(s)) {
          (*campaign)->SetServing(s, true);
          widened = true;
        }
      }
      if (widened) continue;
      break;
    }
    const ScoringItem it = item->item;
    const int row = sh_.row_of[it.system][it.segment];
    const double score = sh_.populations[it.system].x[row];
    if (auto applied = (*campaign)->ApplyScore({it, score}); !applied.ok()) return applied.status();
    if (Status st = Observe(it.system, it.segment, row); !st.ok()) return st;
    ++r.used;
    if (r.used % o.check != 0 && r.used != sh_.items) continue;
    view = Board();
    mark_curve(view.separations);
    if (stops && GoalMet(view)) {
      r.reached = true;
      break;
    }
    if (!allocates) continue;
    ++looks;
    const bool floor = o.goal.kind != ReplayGoalKind::kTolerance && looks % o.floor_every == 0;
    for (int s = 0; s < n; ++s) {
      bool serve = true;
      if (!floor) {
        switch (o.goal.kind) {
          case ReplayGoalKind::kTolerance:
            serve = !WithinTolerance(s);
            break;
          case ReplayGoalKind::kSettled:
            serve = view.unsettled[s] != 0;
            break;
          case ReplayGoalKind::kTopOne:
            serve = s == view.leader || view.challenger[s] != 0;
            break;
        }
      }
      (*campaign)->SetServing(s, serve);
    }
  }
  view = Board();
  if (!r.reached) r.reached = GoalMet(view);
  r.wrong = view.wrong;
  if (o.goal.kind == ReplayGoalKind::kTopOne && r.reached) {
    // The certificate: the leader within ε of the best full-data score.
    double best = sh_.full[0];
    for (double f : sh_.full) best = o.lower_is_better ? std::min(best, f) : std::max(best, f);
    const double gap = o.lower_is_better ? sh_.full[view.leader] - best : best - sh_.full[view.leader];
    if (gap > sh_.epsilon + kTieShare * (sh_.hi - sh_.lo)) r.wrong = true;
  }
  r.separations = view.separations;
  FixedBoard(&r.fixed_separations, &r.fixed_wrong);
  while (next_mark < kCurvePoints) r.curve[next_mark++] = view.separations;
  r.covered.assign(n, 0);
  r.scored.assign(n, 0);
  for (int s = 0; s < n; ++s) {
    const ResidualSequence& q = sequences_[s];
    r.scored[s] = q.count();
    const double slack = 1e-9 * std::max(1.0, std::fabs(sh_.full[s]));
    r.covered[s] = q.lower() - slack <= sh_.full[s] && sh_.full[s] <= q.upper() + slack;
  }
  return r;
}

StatusOr<std::vector<ReplayPolicySpec>> ParsePolicies(const std::vector<std::string>& names) {
  std::vector<ReplayPolicySpec> out;
  for (const std::string& name : names) {
    ReplayPolicySpec p{name};
    if (name == "all") {
      p.kind = ReplayPolicyKind::kAll;
    } else if (name == "uniform") {
      p.kind = ReplayPolicyKind::kUniform;
    } else if (name == "default") {
      p.kind = ReplayPolicyKind::kDefault;
    } else {
      return InvalidArgument("policies: unknown policy '" + name +
                             "' (all, uniform or default)");
    }
    out.push_back(p);
  }
  if (out.empty()) return InvalidArgument("policies: none given");
  return out;
}

double Mean(const std::vector<double>& v) {
  return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size();
}

double SampleSd(const std::vector<double>& v) {
  if (v.size() < 2) return 0.0;
  const double m = Mean(v);
  double ss = 0.0;
  for (double x : v) ss += (x - m) * (x - m);
  return std::sqrt(ss / (v.size() - 1));
}

}  // namespace

StatusOr<CampaignReplayResult> RunCampaignReplay(const ScoredSegments& table,
                                                 const CampaignReplayOptions& options) {
  const CampaignReplayOptions& o = options;
  if (o.replays < 1 || o.replays > 100000) return InvalidArgument("replays: 1..100000");
  if (o.threads < 1 || o.threads > 256) return InvalidArgument("threads: 1..256");
  if (!(o.confidence > 0.0 && o.confidence < 1.0)) return InvalidArgument("confidence: in (0, 1)");
  if (o.check < 1) return InvalidArgument("check: at least 1");
  if (o.floor_every < 1) return InvalidArgument("floor_every: at least 1");
  if (o.goal.kind == ReplayGoalKind::kTolerance && !(o.goal.tolerance > 0.0)) {
    return InvalidArgument("goal: the tolerance must be > 0");
  }
  auto policies = ParsePolicies(o.policies);
  if (o.board != ReplayBoard::kBetting && o.board != ReplayBoard::kCvCs) {
    return InvalidArgument("board: betting or cv-cs");
  }
  if (!policies.ok()) return policies.status();
  const int n = static_cast<int>(table.systems.size());
  if (n < 2) return InvalidArgument("table: a replay needs at least 2 systems");

  ReplayShared sh;
  sh.options = &o;
  sh.systems = n;
  sh.hidden = table;
  const size_t segments = table.segment_ids.size();
  sh.row_of.assign(n, std::vector<int>(segments, -1));
  sh.full.assign(n, 0.0);
  double seen_min = std::numeric_limits<double>::infinity();
  double seen_max = -seen_min;
  for (int s = 0; s < n; ++s) {
    const SystemSegments& sys = table.systems[s];
    if (sys.size() == 0) return InvalidArgument("table: system '" + sys.name + "' has no rows");
    long double sum = 0.0L;  // the full-data mean: equal multisets give equal means
    for (int r = 0; r < sys.size(); ++r) {
      if (!sys.annotated[r]) {
        return InvalidArgument("table: system '" + sys.name + "', segment '" +
                               table.segment_ids[sys.segment[r]] +
                               "' has no human score: a replay answers every item with its "
                               "recorded score (leave the system out, or the segment)");
      }
      sh.row_of[s][sys.segment[r]] = r;
      sum += sys.human[r];
      seen_min = std::min(seen_min, sys.human[r]);
      seen_max = std::max(seen_max, sys.human[r]);
    }
    sh.full[s] = static_cast<double>(sum / sys.size());
    sh.items += sys.size();
    std::fill(sh.hidden.systems[s].annotated.begin(), sh.hidden.systems[s].annotated.end(), 0);
  }
  sh.lo = std::isnan(o.score_min) ? seen_min : o.score_min;
  sh.hi = std::isnan(o.score_max) ? seen_max : o.score_max;
  if (!(std::isfinite(sh.lo) && std::isfinite(sh.hi) && sh.lo < sh.hi)) {
    return InvalidArgument("score range: [" + std::to_string(sh.lo) + ", " +
                           std::to_string(sh.hi) + "] is not a finite range with min < max");
  }
  if (seen_min < sh.lo || seen_max > sh.hi) {
    return InvalidArgument("score range: a recorded score lies outside the declared [" +
                           std::to_string(sh.lo) + ", " + std::to_string(sh.hi) + "]");
  }
  sh.epsilon = o.goal.epsilon >= 0.0 ? o.goal.epsilon : 0.01 * (sh.hi - sh.lo);
  sh.pair_alpha = (1.0 - o.confidence) / (0.5 * n * (n - 1));
  sh.populations.reserve(n);
  for (int s = 0; s < n; ++s) {
    auto p = MakePopulation(table, s);
    if (!p.ok()) return p.status();
    sh.populations.push_back(std::move(*p));
  }
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      auto p = MakeDifferencePopulation(table, a, b);
      if (!p.ok()) {
        return InvalidArgument("table: systems '" + table.systems[a].name + "' and '" +
                               table.systems[b].name + "' share no segment: " +
                               p.status().message());
      }
      std::vector<int> rows(segments, -1);
      long double sum = 0.0L;
      for (int i = 0; i < p->size; ++i) {
        rows[p->segment[i]] = i;
        sum += p->x[i];
      }
      sh.pair_truth.push_back(static_cast<double>(sum / p->size));
      sh.pair_row_of.push_back(std::move(rows));
      sh.pair_populations.push_back(std::move(*p));
    }
  }
  if (o.board == ReplayBoard::kCvCs) {
    for (const Population& p : sh.pair_populations) {
      if (p.size > 65536) return InvalidArgument("table: more than 65,536 segments");
      sh.pair_lists.push_back(std::make_unique<NeighbourLists>(p));
    }
  } else {
    sh.pair_lists.resize(sh.pair_populations.size());
  }
  for (int s = 0; s < n; ++s) {
    if (sh.populations[s].size > 65536) {
      return InvalidArgument("table: system '" + table.systems[s].name +
                             "' has more than 65,536 segments");
    }
    sh.lists.push_back(std::make_unique<NeighbourLists>(sh.populations[s]));
  }

  CampaignReplayResult result;
  result.options = o;
  result.items = sh.items;
  result.score_min = sh.lo;
  result.score_max = sh.hi;
  result.epsilon = sh.epsilon;
  result.full_scores = sh.full;
  for (const SystemSegments& s : table.systems) result.systems.push_back(s.name);
  {
    std::vector<double> sorted = sh.full;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i + 1 < sorted.size(); ++i) {
      result.full_separations += sorted[i + 1] - sorted[i] > kTieShare * (sh.hi - sh.lo);
    }
  }

  const int total = static_cast<int>(policies->size()) * o.replays;
  std::vector<std::vector<ReplayRecord>> records(policies->size(),
                                                 std::vector<ReplayRecord>(o.replays));
  std::vector<Status> errors(total);
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  auto work = [&]() {
    for (int k = next++; k < total; k = next++) {
      const int p = k / o.replays, r = k % o.replays;
      ReplayRun run(sh, (*policies)[p].kind, DeriveSeed(o.seed, static_cast<uint64_t>(r)));
      auto rec = run.Run();
      if (!rec.ok()) {
        errors[k] = rec.status();
      } else {
        records[p][r] = std::move(*rec);
      }
      const int d = ++done;
      if (o.progress) o.progress(d);
    }
  };
  const int threads = std::min(o.threads, total);
  std::vector<std::thread> workers;
  for (int w = 1; w < threads; ++w) workers.emplace_back(work);
  work();
  for (std::thread& t : workers) t.join();
  for (const Status& st : errors) {
    if (!st.ok()) return st;
  }

  for (size_t p = 0; p < policies->size(); ++p) {
    ReplayPolicyResult out;
    out.name = (*policies)[p].name;
    std::vector<double> used, seps;
    int wrong = 0, reached = 0, fixed_wrong = 0;
    double fixed_seps = 0.0;
    int64_t covered = 0;
    out.system_coverage_pct.assign(n, 0.0);
    out.system_scored_pct.assign(n, 0.0);
    out.separations_curve.assign(kCurvePoints, 0.0);
    for (const ReplayRecord& r : records[p]) {
      used.push_back(100.0 * r.used / sh.items);
      seps.push_back(r.separations);
      wrong += r.wrong;
      reached += r.reached;
      fixed_wrong += r.fixed_wrong;
      fixed_seps += static_cast<double>(r.fixed_separations) / o.replays;
      for (int s = 0; s < n; ++s) {
        covered += r.covered[s];
        out.system_coverage_pct[s] += 100.0 * r.covered[s] / o.replays;
        out.system_scored_pct[s] += 100.0 * r.scored[s] / table.systems[s].size() / o.replays;
      }
      for (int c = 0; c < kCurvePoints; ++c) out.separations_curve[c] += r.curve[c] / o.replays;
    }
    out.items_pct = Mean(used);
    out.items_pct_sd = SampleSd(used);
    out.items_pct_min = *std::min_element(used.begin(), used.end());
    out.items_pct_max = *std::max_element(used.begin(), used.end());
    out.coverage_pct = 100.0 * static_cast<double>(covered) / (static_cast<double>(n) * o.replays);
    out.wrong_pct = 100.0 * wrong / o.replays;
    out.separations = Mean(seps);
    out.separations_sd = SampleSd(seps);
    out.reached_pct = 100.0 * reached / o.replays;
    out.fixed_separations = fixed_seps;
    out.fixed_wrong_pct = 100.0 * fixed_wrong / o.replays;
    result.policies.push_back(std::move(out));
  }
  return result;
}

}  // namespace tourney
