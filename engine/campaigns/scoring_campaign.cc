// Scoring campaigns (see tourney/campaigns/scoring_campaign.h).
#include "tourney/campaigns/scoring_campaign.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <utility>

#include "tourney/core/random.h"
#include "tourney/sampling/finite_population_sequence.h"
#include "tourney/sampling/residual_sequence.h"
#include "tourney/sampling/system_estimates.h"
#include "tourney/sampling/sample_order.h"

namespace tourney {
namespace {

// A score for a message: up to 12 significant digits.
std::string FormatScore(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", v);
  return buffer;
}

// Whether r's interval, reaching `wider` from the estimate on its wider side, is within
// ±tolerance, and the segments that would make it so (from n scores); nothing without a
// tolerance.
void SetTolerance(double wider, int n, double tolerance, ScoringSystemEstimate* r) {
  if (tolerance <= 0) return;
  const ToleranceVerdict v =
      VerdictForTolerance(wider, n, r->segments, tolerance, kMinScoredForTolerance);
  r->within_tolerance = v.within;
  r->segments_needed = v.segments_needed;
  r->more_needed = std::max(0, r->segments_needed - r->scored);
}

// The range a score must lie in (see the header): the declared side, or the plausible one.
double LowestScore(const ScoringCampaignConfig& c) {
  if (std::isfinite(c.score_min)) return c.score_min;
  return c.lower_is_better ? 0.0 : -kMaxPlausibleScore;
}
double HighestScore(const ScoringCampaignConfig& c) {
  return std::isfinite(c.score_max) ? c.score_max : kMaxPlausibleScore;
}

// Why `x` is not a plausible score of campaign `c`; empty when it is.
std::string Implausible(const ScoringCampaignConfig& c, double x) {
  if (!std::isfinite(x)) return "not a finite number";
  const double lo = LowestScore(c), hi = HighestScore(c);
  if (x >= lo && x <= hi) return "";
  const bool declared = x < lo ? std::isfinite(c.score_min) : std::isfinite(c.score_max);
  if (declared) {
    return FormatScore(x) + " is outside the declared range [" + FormatScore(c.score_min) + ", " +
           FormatScore(c.score_max) + "]";
  }
  if (x < 0 && c.lower_is_better && x >= -kMaxPlausibleScore) {
    return FormatScore(x) +
           " is negative: lower-is-better scores are error points, 0 = perfect (declare "
           "score_min to allow negative scores)";
  }
  return FormatScore(x) +
         " is not plausible: without a declared range a score's magnitude "
         "is at most " +
         FormatScore(kMaxPlausibleScore);
}

// Why a system with `scored` scores (< 2) has no estimate.
std::string NoEstimateNote(int scored) {
  return std::to_string(scored) + (scored == 1 ? " score" : " scores") +
         ": an estimate needs at least 2";
}

}  // namespace

Status ValidateScoringCampaignConfig(const ScoringCampaignConfig& c) {
  const ScoredSegments& t = c.table;
  if (t.systems.empty()) return InvalidArgument("table: no systems");
  if (t.segment_document.size() != t.segment_ids.size()) {
    return InvalidArgument("table: segment_document and segment_ids differ in length");
  }
  for (int d : t.segment_document) {
    if (d < 0 || d >= static_cast<int>(t.document_ids.size())) {
      return InvalidArgument("table: a segment's document is out of range");
    }
  }
  if (!(c.score_min < c.score_max)) {
    return InvalidArgument("score_min, score_max: score_min must be below score_max");
  }
  if (!(LowestScore(c) < HighestScore(c))) {
    return InvalidArgument("score_max: must be above " + FormatScore(LowestScore(c)) +
                           " (lower-is-better scores are error points >= 0 without score_min)");
  }
  for (const SystemSegments& s : t.systems) {
    if (s.size() == 0) return InvalidArgument("table: system '" + s.name + "' has no rows");
    if (s.human.size() != s.segment.size() || s.annotated.size() != s.segment.size()) {
      return InvalidArgument("table: system '" + s.name + "' has ragged columns");
    }
    if (s.metrics.size() != static_cast<size_t>(s.size()) * t.metric_names.size()) {
      return InvalidArgument("table: system '" + s.name + "' has ragged metric columns");
    }
    for (int m : s.active_metrics) {
      if (m < 0 || m >= t.num_metrics()) {
        return InvalidArgument("table: system '" + s.name + "' uses an unknown metric");
      }
    }
    for (double v : s.metrics) {
      if (!std::isfinite(v)) {
        return InvalidArgument("table: system '" + s.name +
                               "' has a metric score that is not finite");
      }
    }
    for (int r = 0; r < s.size(); ++r) {
      if (s.segment[r] < 0 || s.segment[r] >= static_cast<int>(t.segment_ids.size())) {
        return InvalidArgument("table: system '" + s.name + "' names an unknown segment");
      }
      if (s.annotated[r] && !std::isfinite(s.human[r])) {
        return InvalidArgument("table: system '" + s.name + "', segment '" +
                               t.segment_ids[s.segment[r]] + "': score is not finite");
      }
      if (s.annotated[r]) {
        if (const std::string why = Implausible(c, s.human[r]); !why.empty()) {
          return InvalidArgument("table: system '" + s.name + "', segment '" +
                                 t.segment_ids[s.segment[r]] + "': score " + why);
        }
        if (c.bound == BoundKind::kBettingCs || c.bound == BoundKind::kCvCs) {
          return InvalidArgument(
              "bound: " + std::string(BoundName(c.bound)) +
              " takes only the scores of the items the campaign serves in its order, and the "
              "table holds a score (system '" +
              s.name + "', segment '" + t.segment_ids[s.segment[r]] +
              "'): leave the table's scores out, or choose another bound");
        }
      }
    }
  }
  if (c.design != Design::kRandom && c.design != Design::kDocsProp) {
    return InvalidArgument("design: '" + std::string(DesignName(c.design)) +
                           "' cannot be served in order (choose random or docs-prop)");
  }
  if (c.estimator.knn_k < 1) return InvalidArgument("estimator: knn_k must be >= 1");
  if (!(c.confidence > 0 && c.confidence < 1)) return InvalidArgument("confidence: in (0, 1)");
  if (!(c.tolerance >= 0) || !std::isfinite(c.tolerance)) {
    return InvalidArgument("tolerance: a finite number >= 0");
  }
  if (!(c.range >= 0) || !std::isfinite(c.range)) {
    return InvalidArgument("range: a finite number >= 0");
  }
  if (c.bootstrap_replicates < 10 || c.bootstrap_replicates > 1000000) {
    return InvalidArgument("bootstrap_replicates: 10..1000000");
  }
  if (c.lease_ms <= 0) return InvalidArgument("lease_ms: must be > 0");
  if (c.bound == BoundKind::kBettingCs) {
    if (c.design != Design::kRandom || c.estimator.kind != EstimatorKind::kMean) {
      return InvalidArgument(
          "bound: betting-cs holds for the random design with the mean estimator only");
    }
    if (!std::isfinite(c.score_min) || !std::isfinite(c.score_max) ||
        !std::isfinite(c.score_max - c.score_min)) {
      return InvalidArgument("bound: betting-cs needs the score range declared (score_min, "
                             "score_max)");
    }
  }
  if (c.bound == BoundKind::kCvCs) {
    if (c.estimator.kind != EstimatorKind::kCvKnn) {
      return InvalidArgument("bound: cv-cs is the confidence sequence of the cv-knn estimator");
    }
    if (!std::isfinite(c.score_min) || !std::isfinite(c.score_max) ||
        !std::isfinite(c.score_max - c.score_min)) {
      return InvalidArgument("bound: cv-cs needs the score range declared (score_min, "
                             "score_max)");
    }
  }
  if (c.estimator.kind == EstimatorKind::kCvMetric) {
    const auto& names = t.metric_names;
    const auto it = std::find(names.begin(), names.end(), c.estimator.metric);
    if (it == names.end()) {
      return InvalidArgument("estimator: the table has no metric '" + c.estimator.metric + "'");
    }
    const int m = static_cast<int>(it - names.begin());
    for (const SystemSegments& s : t.systems) {
      if (std::find(s.active_metrics.begin(), s.active_metrics.end(), m) ==
          s.active_metrics.end()) {
        return InvalidArgument("estimator: system '" + s.name + "' does not use metric '" +
                               c.estimator.metric + "' (constant over its rows)");
      }
    }
  }
  return Status::Ok();
}

ScoringCampaign::ScoringCampaign(ScoringCampaignConfig config) : config_(std::move(config)) {}

StatusOr<std::unique_ptr<ScoringCampaign>> ScoringCampaign::Create(ScoringCampaignConfig config) {
  if (Status s = ValidateScoringCampaignConfig(config); !s.ok()) return s;
  std::unique_ptr<ScoringCampaign> c(new ScoringCampaign(std::move(config)));
  if (Status s = c->Init(); !s.ok()) return s;
  return c;
}

Status ScoringCampaign::Init() {
  const ScoredSegments& t = config_.table;
  const int systems = num_systems();
  num_segments_ = static_cast<int>(t.segment_ids.size());
  row_of_.assign(static_cast<size_t>(systems) * num_segments_, -1);
  segment_order_ = DrawOrder(t, config_.design, config_.seed);
  order_.resize(systems);
  cursor_.assign(systems, 0);
  scored_.assign(systems, 0);
  leased_.assign(systems, 0);
  serving_.assign(systems, 1);
  for (int s = 0; s < systems; ++s) {
    const SystemSegments& sys = t.systems[s];
    for (int r = 0; r < sys.size(); ++r) {
      int& row = row_of_[static_cast<size_t>(s) * num_segments_ + sys.segment[r]];
      if (row >= 0) {
        return InvalidArgument("table: system '" + sys.name + "' lists segment '" +
                               t.segment_ids[sys.segment[r]] + "' twice");
      }
      row = r;
      scored_[s] += sys.annotated[r] ? 1 : 0;
    }
    for (int g : segment_order_) {
      if (RowOf(s, g) >= 0) order_[s].push_back(RowOf(s, g));
    }
    auto p = MakePopulation(t, s, config_.population);
    if (!p.ok()) return p.status();
    populations_.push_back(std::move(*p));
    num_items_ += sys.size();
    num_scored_ += scored_[s];
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<ScoringCampaign>> ScoringCampaign::Replay(
    ScoringCampaignConfig config, std::span<const ItemScore> scores) {
  auto c = Create(std::move(config));
  if (!c.ok()) return c.status();
  for (size_t k = 0; k < scores.size(); ++k) {
    auto applied = (*c)->ApplyScore(scores[k]);
    if (!applied.ok()) {
      return Status(applied.status().code(),
                    "score " + std::to_string(k) + ": " + applied.status().message());
    }
  }
  return c;
}

std::vector<int> ScoringCampaign::SystemOrder(int system) const {
  std::vector<int> out;
  if (system < 0 || system >= num_systems()) return out;
  for (int r : order_[system]) out.push_back(config_.table.systems[system].segment[r]);
  return out;
}

void ScoringCampaign::ExpireLeases(int64_t now_ms) {
  for (auto it = leases_.begin(); it != leases_.end();) {
    if (it->second.expires_ms <= now_ms) {
      --leased_[static_cast<int>(it->first / num_segments_)];
      it = leases_.erase(it);
    } else {
      ++it;
    }
  }
}

int ScoringCampaign::OpenLeases(int64_t now_ms) const {
  int n = 0;
  for (const auto& [key, lease] : leases_) n += lease.expires_ms > now_ms ? 1 : 0;
  return n;
}

int ScoringCampaign::LeasesOf(std::string_view annotator, int64_t now_ms) const {
  int n = 0;
  for (const auto& [key, lease] : leases_) {
    n += lease.expires_ms > now_ms && lease.annotator == annotator ? 1 : 0;
  }
  return n;
}

std::optional<ProposedItem> ScoringCampaign::Serve(
    const std::string& who, int64_t now_ms, bool again,
    const std::function<bool(const ScoringItem&)>& skip) {
  const int systems = num_systems();
  std::vector<int> candidates(systems);
  std::iota(candidates.begin(), candidates.end(), 0);
  auto turn = [&](int s) { return (s - last_system_ - 1 + 2 * systems) % systems; };
  std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
    const int ua = scored_[a] + leased_[a], ub = scored_[b] + leased_[b];
    return ua != ub ? ua < ub : turn(a) < turn(b);
  });
  const auto served = served_.find(who);
  for (int s : candidates) {
    if (!serving_[s]) continue;
    const Population& p = populations_[s];
    const std::vector<int>& order = order_[s];
    int& cursor = cursor_[s];
    while (cursor < static_cast<int>(order.size()) && p.known[order[cursor]]) ++cursor;
    for (int pos = cursor; pos < static_cast<int>(order.size()); ++pos) {
      const int row = order[pos];
      if (p.known[row]) continue;
      const int segment = config_.table.systems[s].segment[row];
      const int64_t key = Key(s, segment);
      if (leases_.count(key)) continue;
      // First pass: items new to this annotator; second: also those it let expire.
      if (!again && served != served_.end() && served->second.count(key)) continue;
      if (skip && skip(ScoringItem{s, segment})) continue;
      constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
      const int64_t expires =
          now_ms > kNever - config_.lease_ms ? kNever : now_ms + config_.lease_ms;
      leases_[key] = Lease{who, expires};
      ++leased_[s];
      served_[who].insert(key);
      holder_[key] = who;
      last_system_ = s;
      return ProposedItem{{s, segment}, pos, expires};
    }
  }
  return std::nullopt;
}

StatusOr<ProposedItem> ScoringCampaign::ProposeItem(
    std::string_view annotator, int64_t now_ms,
    const std::function<bool(const ScoringItem&)>& skip) {
  if (annotator.empty()) return InvalidArgument("annotator: must not be empty");
  if (closed_) return FailedPrecondition("the campaign is closed: no more items are served");
  ExpireLeases(now_ms);
  if (num_scored_ == num_items_) {
    return FailedPrecondition("the campaign is complete: every item is scored");
  }
  bool left = false;
  for (int s = 0; s < num_systems() && !left; ++s) {
    left = serving_[s] && scored_[s] < config_.table.systems[s].size();
  }
  if (!left) {
    return FailedPrecondition(
        "every item of the systems still served is scored: the goal's allocation serves no "
        "other system");
  }
  const std::string who(annotator);
  for (const bool again : {false, true}) {
    if (auto item = Serve(who, now_ms, again, skip)) return *item;
  }
  return NotFound("no item for annotator '" + who +
                  "' now: every unscored item is out on an unexpired lease");
}

Status ScoringCampaign::CheckImport(const ScoringItem& item) const {
  if (item.system < 0 || item.system >= num_systems() || item.segment < 0 ||
      item.segment >= num_segments_ || RowOf(item.system, item.segment) < 0) {
    return InvalidArgument("item: not in the campaign");
  }
  if (closed_) return FailedPrecondition("the campaign is closed: no more scores are taken");
  if (config_.bound == BoundKind::kBettingCs) {
    return FailedPrecondition(
        "betting-cs takes only the scores of the items the campaign serves in its random "
        "order: score items through NextItem");
  }
  return Status::Ok();
}

Status ScoringCampaign::CheckHolder(const ScoringItem& item, std::string_view annotator) const {
  if (item.system < 0 || item.system >= num_systems() || item.segment < 0 ||
      item.segment >= num_segments_ || RowOf(item.system, item.segment) < 0) {
    return InvalidArgument("item: not in the campaign");
  }
  if (closed_) return FailedPrecondition("the campaign is closed: no more scores are taken");
  const std::string where = "system '" + config_.table.systems[item.system].name + "', segment '" +
                            config_.table.segment_ids[item.segment] + "'";
  if (ScoreOf(item) != nullptr) {
    return FailedPrecondition(where + " is already scored");
  }
  const auto it = holder_.find(Key(item.system, item.segment));
  if (it == holder_.end()) {
    return FailedPrecondition(where + " was not served to annotator '" + std::string(annotator) +
                              "' (only the annotator NextItem leased it to may score it)");
  }
  if (it->second != annotator) {
    return FailedPrecondition(where + " is held by another annotator, not '" +
                              std::string(annotator) +
                              "' (only the annotator it was last served to may score it)");
  }
  return Status::Ok();
}

Status ScoringCampaign::ValidateScore(const ItemScore& score) const {
  const ScoringItem& item = score.item;
  if (item.system < 0 || item.system >= num_systems()) {
    return InvalidArgument("system: no system " + std::to_string(item.system));
  }
  const SystemSegments& sys = config_.table.systems[item.system];
  if (item.segment < 0 || item.segment >= num_segments_ || RowOf(item.system, item.segment) < 0) {
    return InvalidArgument("segment: system '" + sys.name + "' has no segment " +
                           std::to_string(item.segment));
  }
  if (const std::string why = Implausible(config_, score.score); !why.empty()) {
    return InvalidArgument("score: " + why);
  }
  const double* old = ScoreOf(item);
  if (old != nullptr && *old != score.score) {
    return Status(StatusCode::kAlreadyExists, "system '" + sys.name + "', segment '" +
                                                  config_.table.segment_ids[item.segment] +
                                                  "' already scored " + std::to_string(*old));
  }
  return Status::Ok();
}

StatusOr<bool> ScoringCampaign::ApplyScore(const ItemScore& score) {
  if (Status s = ValidateScore(score); !s.ok()) return s;
  if (ScoreOf(score.item) != nullptr) return false;
  const int s = score.item.system;
  const int row = RowOf(s, score.item.segment);
  Population& p = populations_[s];
  p.x[row] = score.score;
  p.known[row] = 1;
  ++scored_[s];
  ++num_scored_;
  const auto lease = leases_.find(Key(s, score.item.segment));
  if (lease != leases_.end()) {
    leases_.erase(lease);
    --leased_[s];
  }
  holder_.erase(Key(s, score.item.segment));
  log_.push_back(score);
  return true;
}

const double* ScoringCampaign::ScoreOf(const ScoringItem& item) const {
  if (item.system < 0 || item.system >= num_systems() || item.segment < 0 ||
      item.segment >= num_segments_) {
    return nullptr;
  }
  const int row = RowOf(item.system, item.segment);
  if (row < 0) return nullptr;
  const Population& p = populations_[item.system];
  return p.known[row] ? &p.x[row] : nullptr;
}

ScoredSegments ScoringCampaign::ScoredTable() const {
  ScoredSegments t = config_.table;
  for (int s = 0; s < num_systems(); ++s) {
    const Population& p = populations_[s];
    for (int r = 0; r < p.size; ++r) {
      t.systems[s].annotated[r] = p.known[r];
      t.systems[s].human[r] = p.known[r] ? p.x[r] : 0.0;
    }
  }
  return t;
}

ScoringCampaign::IntervalInputs ScoringCampaign::InputsOf(
    const std::vector<const Population*>& populations) const {
  const bool declared = std::isfinite(config_.score_min) && std::isfinite(config_.score_max);
  const double declared_range = declared ? config_.score_max - config_.score_min : 0.0;
  IntervalInputs in;
  in.prior_variance = PooledScoreVariance(populations, declared_range);
  in.range = config_.range > 0 ? config_.range : declared_range;
  if (!(in.range > 0)) {
    in.range = std::max(PooledScoreRange(populations), 2.0 * std::sqrt(in.prior_variance));
  }
  return in;
}

Status ScoringCampaign::EstimateSystem(int s, const Population& p, int scored,
                                       const IntervalInputs& inputs,
                                       ScoringSystemEstimate* r) const {
  r->name = config_.table.systems[s].name;
  r->scored = scored;
  r->segments = p.size;
  if (r->scored < 2) {
    r->note = NoEstimateNote(r->scored);
    return Status::Ok();
  }
  if (config_.bound == BoundKind::kBettingCs) {
    EstimateBySequence(s, p, r);
    return Status::Ok();
  }
  if (config_.bound == BoundKind::kCvCs) return EstimateByResidualSequence(s, p, r);
  // The scored items in row order, weighed by the design's inclusion probabilities, as
  // EstimateSystems takes them (the same floor and range).
  Sample sample;
  sample.strata = DesignStrata(config_.design);
  for (int i = 0; i < p.size; ++i) {
    if (p.known[i]) sample.items.push_back(i);
  }
  auto pi = InclusionProbabilities(p, config_.design, static_cast<int>(sample.items.size()));
  if (pi.ok()) {
    for (int i : sample.items) sample.inclusion.push_back((*pi)[i]);
  }
  auto e = EstimateWithInterval(p, sample, config_.estimator, config_.bound, config_.confidence,
                                inputs.range, inputs.prior_variance,
                                DeriveSeed(config_.seed, static_cast<uint64_t>(s)),
                                config_.bootstrap_replicates, config_.score_min,
                                config_.score_max);
  if (!e.ok()) return InvalidArgument("system '" + r->name + "': " + e.status().message());
  const ErrorInterval& interval = e->interval;
  r->estimated = true;
  r->value = e->estimate.value;
  r->lo = r->value - interval.below;
  r->hi = r->value + interval.above;
  r->half_width = 0.5 * (interval.below + interval.above);
  SetTolerance(std::max(interval.below, interval.above), r->scored, config_.tolerance, r);
  return Status::Ok();
}

Status ScoringCampaign::EstimateByResidualSequence(int s, const Population& p,
                                                  ScoringSystemEstimate* r) const {
  ResidualSequenceOptions o;
  o.confidence = config_.confidence;
  o.lo = config_.score_min;
  o.hi = config_.score_max;
  o.knn_k = config_.estimator.knn_k;
  auto seq = ResidualSequence::Make(p, o);
  if (!seq.ok()) return InvalidArgument("system '" + r->name + "': " + seq.status().message());
  for (int row : order_[s]) {
    if (!p.known[row]) break;
    if (Status st = seq->Add(row, p.x[row]); !st.ok()) {
      return InvalidArgument("system '" + r->name + "': " + st.message());
    }
  }
  if (seq->count() < 2) {
    r->note = std::to_string(r->scored) + " scores, " + std::to_string(seq->count()) +
              " of them in the scored prefix of the order (cv-cs takes the scores in the "
              "campaign's order up to the first item not yet scored; 2 are needed)";
    return Status::Ok();
  }
  r->estimated = true;
  r->value = seq->estimate();
  r->lo = seq->lower();
  r->hi = seq->upper();
  r->half_width = 0.5 * (r->hi - r->lo);
  SetTolerance(std::max(r->value - r->lo, r->hi - r->value), seq->count(), config_.tolerance,
               r);
  return Status::Ok();
}

void ScoringCampaign::EstimateBySequence(int s, const Population& p,
                                         ScoringSystemEstimate* r) const {
  auto seq = FinitePopulationSequence::Make(p.size, config_.score_min, config_.score_max,
                                            1.0 - config_.confidence);
  if (!seq.ok()) return;  // a validated config always makes one
  for (int row : order_[s]) {
    if (!p.known[row] || !seq->Add(p.x[row]).ok()) break;
  }
  if (seq->count() < 2) {
    r->note = std::to_string(r->scored) + " scores, " + std::to_string(seq->count()) +
              " of them in the scored prefix of the order (betting-cs takes the scores in the "
              "campaign's order up to the first item not yet scored; 2 are needed)";
    return;
  }
  r->estimated = true;
  r->value = seq->mean();
  r->lo = seq->lower();
  r->hi = seq->upper();
  r->half_width = 0.5 * (r->hi - r->lo);
  SetTolerance(std::max(r->value - r->lo, r->hi - r->value), static_cast<int>(seq->count()),
               config_.tolerance, r);
}

StatusOr<std::vector<ScoringSystemEstimate>> ScoringCampaign::Estimate() const {
  std::vector<ScoringSystemEstimate> out(num_systems());
  std::vector<const Population*> all;
  for (const Population& p : populations_) all.push_back(&p);
  const IntervalInputs inputs = InputsOf(all);
  for (int s = 0; s < num_systems(); ++s) {
    if (Status st = EstimateSystem(s, populations_[s], scored_[s], inputs, &out[s]); !st.ok()) {
      return st;
    }
  }
  return out;
}

ScoringSnapshot ScoringCampaign::Snapshot() const {
  ScoringSnapshot snapshot;
  snapshot.scored = scored_;
  snapshot.populations.resize(num_systems());
  for (int s = 0; s < num_systems(); ++s) {
    if (scored_[s] >= 2) snapshot.populations[s] = populations_[s];
  }
  return snapshot;
}

StatusOr<std::vector<ScoringSystemEstimate>> ScoringCampaign::EstimateFrom(
    const ScoringSnapshot& snapshot, const std::function<bool()>& cancelled) const {
  const auto systems = static_cast<size_t>(num_systems());
  if (snapshot.scored.size() != systems || snapshot.populations.size() != systems) {
    return InvalidArgument("snapshot: " + std::to_string(snapshot.scored.size()) +
                           " systems, the campaign has " + std::to_string(systems));
  }
  std::vector<ScoringSystemEstimate> out(systems);
  std::vector<const Population*> all;
  for (size_t s = 0; s < systems; ++s) {
    if (snapshot.scored[s] >= 2) all.push_back(&snapshot.populations[s]);
  }
  const IntervalInputs inputs = InputsOf(all);
  for (size_t s = 0; s < systems; ++s) {
    if (cancelled && cancelled()) return Cancelled("the estimate was abandoned");
    const Population& p = snapshot.populations[s];
    if (snapshot.scored[s] >= 2 && p.size != static_cast<int>(config_.table.systems[s].size())) {
      return InvalidArgument("snapshot: system '" + config_.table.systems[s].name +
                             "' has no population of its size");
    }
    ScoringSystemEstimate& r = out[s];
    if (snapshot.scored[s] < 2) {
      // As EstimateSystem leaves a system without an estimate.
      r.name = config_.table.systems[s].name;
      r.scored = snapshot.scored[s];
      r.segments = static_cast<int>(config_.table.systems[s].size());
      r.note = NoEstimateNote(r.scored);
      continue;
    }
    if (Status st = EstimateSystem(static_cast<int>(s), p, snapshot.scored[s], inputs, &r);
        !st.ok()) {
      return st;
    }
  }
  return out;
}

}  // namespace tourney
