// ScoringCampaign: one live direct-assessment or MQM campaign that scores a sample of a test
// set's (system, segment) items and estimates every system's whole-test-set score from it
// (Saldías et al. 2022), the engine side of a scoring campaign in tourneyd.
//
// DESCRIPTION
//   A campaign is created from a scored-segment table (systems, documents, segments, metric
//   columns; human scores mostly blank: those already in the table count as scored before
//   the campaign and are never served). At creation it draws, from the seed, one order of
//   the test set's segments under the sampling design, such that every prefix of the order
//   is the design's sample at that size:
//     random     a uniformly random permutation (Fisher-Yates): every prefix of size n is a
//                simple random sample without replacement of n segments;
//     docs-prop  randomised keys (sample_order.h): each document's segments in a random
//                order, the j-th of document l keyed (j − U_l)·N/N_l with U_l uniform per
//                document, served by key. Every prefix of size n is a stratified sample
//                with every document within one of a common share τ·N_l/N (so
//                |n_l − n·N_l/N| < 1 up to a small term for large documents), and every
//                segment has inclusion probability about n/N (the quota method used before
//                served large documents first). The estimators weigh each stratum by its
//                actual n_l (estimator.h), so a prefix is estimated as the stratified sample
//                it is.
//   The other designs are refused: docs-opt and metrics-* allocate by metric spreads that
//   differ between systems, and the incremental designs learn from scores in batches.
//   Every system follows the same order, restricted to the segments it has (as `tourney
//   sample` gives every system the same segments, so that paired differences use all of
//   them); for a system that lacks some segments the restriction of a random order is still
//   a random order, and docs-prop's shares hold up to the missing segments.
//
//   ProposeItem serves, for one annotator, the next item: first the open leases that have
//   expired (expiry <= now) return their items to the pool; then the systems are tried
//   least advanced first (fewest items scored or leased; ties in turn after the system
//   served last, so consecutive items go to different systems), and in a system the
//   earliest segment of its order that is not scored, not leased and not served to this
//   annotator before. When no system has such an item, the same search runs again allowing
//   the items served to this annotator before whose lease has expired (an annotator who let
//   an item lapse gets it again rather than nothing: a campaign with one annotator never
//   stalls). So each system's scored items are a prefix of its order but for the items out
//   on lease and those skipped for an annotator who was served them. The item is leased to
//   the annotator until now + lease_ms. ProposeItem draws no random numbers: the items
//   served depend on the seed, the scores and the calls (annotators, times) only.
//
//   The holder of an item is the annotator it was last served to; the holding lasts past
//   the lease's expiry until the item is served to someone else or scored. CheckHolder
//   says whether an annotator may score an item (the service's SubmitScore asks it before
//   storing a score): only its holder may, so the scores are those of the items the design
//   served. Scores collected before or outside the campaign come in with the table at
//   creation, or one by one after CheckImport (the service's admin token); they are not
//   part of the design's sample, and betting-cs refuses both.
//
//   ApplyScore records a score in commit order; it releases the item's lease. Replay applies
//   a stored sequence of scores in order to a new campaign and rebuilds the same state (the
//   same orders, scores and estimates; leases, holders and which items were served to whom
//   are not stored and start empty).
//
//   Scores must be plausible: inside [score_min, score_max] where declared; where a side
//   is not declared, within ±kMaxPlausibleScore (scored_segments.h), and not below 0 for a
//   lower-is-better campaign (MQM error points: 0 is a perfect segment).
//
//   Close ends serving for good: ProposeItem and CheckHolder answer FailedPrecondition;
//   ApplyScore still applies (the service commits scores accepted before the close), and
//   the estimates, the board and the table are read as before.
//
//   Estimate gives per system the estimator's value (estimator.h) from the system's scored
//   items with the design's strata, the interval `bound` at `confidence` (error_bound.h's
//   IntervalOf, bootstrap-t seeded DeriveSeed(seed, system index)), and with a tolerance
//   whether the interval's wider side is within ±tolerance and how many scored segments in
//   all would make it so (SegmentsForTolerance). These are exactly the numbers
//   EstimateSystems (system_estimates.h, `tourney estimate`) gives for ScoredTable() with the
//   same design, estimator, bound, confidence, range, tolerance and seed. A system with
//   fewer than 2 scores has no estimate yet.
//   With the bound betting-cs (random design, plain mean, a declared score range) the
//   estimate comes instead from the confidence sequence of finite_population_sequence.h fed
//   the system's scores in its order, up to the first item not yet scored: that prefix is a
//   uniformly random draw without replacement whatever the scores are and whenever the
//   estimate is asked for, so "±t reached" may end the campaign at a time chosen from the
//   data and the interval still holds at γ. Scores past the first gap (items out on lease,
//   or skipped for an annotator) wait until it fills; such a system has an estimate once the
//   prefix holds 2 scores. value is the prefix's mean; segments_needed is the
//   finite-population projection (an underestimate for a sequence, which narrows a little
//   more slowly).
//
//   A system without an estimate says why in `note` (fewer than 2 scores; betting-cs: fewer
//   than 2 in the scored prefix of its order).
//
//   Board ranks the systems and estimates the paired differences of rank neighbours with
//   their clusters: for every bound but betting-cs it is EstimateSystems (system_estimates.h,
//   `tourney estimate`) on ScoredTable() with the campaign's design, estimator, bound,
//   confidence, range, tolerance, seed and direction. betting-cs: systems by value, and a
//   neighbours' difference is the difference of their values with the interval
//   [lo_better − hi_worse, hi_better − lo_worse] from the two confidence sequences (it
//   holds whenever both do: at any stopping time with probability >= 1 − 2(1 − γ), by the
//   union bound); separated when it excludes 0; `paired` is 0 (the sequences are not
//   paired). No board until every system has an estimate; `note` says which lacks one.
//
//   Snapshot copies what Estimate reads of the campaign's state (each estimated system's
//   population with its scores); EstimateFrom computes from such a copy exactly what
//   Estimate computed at the time of the copy (the same code on the same numbers), reading
//   nothing else of the campaign but its configuration and its orders, which never change
//   after Create. So a server can copy under its lock and compute the intervals
//   (bootstrap-t: the costly part) after releasing it, while scores keep being applied; and
//   it can abandon the computation between two systems (`cancelled`) when the caller has
//   gone.
//
//   Costs: Create O(S·N + N·D) for S systems, N segments, D documents, plus building the
//   populations; ProposeItem O(S log S + leases + the positions skipped); ApplyScore
//   O(log leases); Estimate the estimator's cost per system (cv-knn O(N·n·M)); Snapshot
//   O(S·N·M) (a copy); OpenLeases and LeasesOf O(leases).
// Thread safety: not thread-safe. Const methods may run concurrently with each other; a
// caller that mutates (ProposeItem, ApplyScore) needs exclusive access. EstimateFrom is the
// exception: it may run concurrently with every method, mutators included.
#ifndef TOURNEY_CAMPAIGNS_SCORING_CAMPAIGN_H_
#define TOURNEY_CAMPAIGNS_SCORING_CAMPAIGN_H_

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"
#include "tourney/sampling/design.h"
#include "tourney/sampling/error_bound.h"
#include "tourney/sampling/estimator.h"
#include "tourney/sampling/population.h"

namespace tourney {

struct ScoringCampaignConfig {
  // Systems, documents, segments and metrics; annotated rows count as already scored.
  ScoredSegments table;
  Design design = Design::kDocsProp;  // kRandom or kDocsProp
  EstimatorSpec estimator{EstimatorKind::kCvKnn, "", kPaperKnnK};
  BoundKind bound = BoundKind::kBootstrapT;  // the interval `tourney estimate` recommends
  int bootstrap_replicates = 1000;           // 10..1000000
  double confidence = 0.95;                  // γ in (0, 1)
  double tolerance = 0.0;                    // ±t target; 0: none
  double range = 0.0;          // score range for hoeffding/bernstein; 0: the scores' range
  // The range every score lies in, declared in advance: a score outside it is refused.
  // betting-cs needs both ends finite; ±infinity (the default): not declared.
  double score_min = -std::numeric_limits<double>::infinity();
  double score_max = std::numeric_limits<double>::infinity();
  // MQM error points and the like: lower scores are better. Ranks the board; without a
  // declared score_min, a negative score is refused.
  bool lower_is_better = false;
  int64_t lease_ms = 1800000;  // an item served is held this long (> 0)
  uint64_t seed = 1;           // the order and the bootstrap-t resampling
  PopulationOptions population;
};

// OK, or InvalidArgument naming the field: no systems, a system without rows, a design
// other than random and docs-prop, a knn_k < 1, a confidence outside (0, 1), a negative or
// non-finite tolerance or range, bootstrap_replicates outside 10..1000000, lease_ms <= 0,
// score_min >= score_max (or NaN), an annotated score that is not plausible (outside the
// declared range, |x| > kMaxPlausibleScore where a side is undeclared, or negative for a
// lower-is-better campaign without score_min), betting-cs without the random design, the
// mean estimator and a finite declared range, betting-cs with scores in the table (its
// sequence takes the scores in the campaign's random order only), an annotated score that
// is not finite, or a cv-<metric> estimator naming a metric a system does not use.
Status ValidateScoringCampaignConfig(const ScoringCampaignConfig& config);

// One (system, segment) item: indices into config.table.systems and table.segment_ids.
struct ScoringItem {
  int system = 0;
  int segment = 0;
  bool operator==(const ScoringItem&) const = default;
};

struct ProposedItem {
  ScoringItem item;
  int position = 0;              // 0-based position of the segment in the system's order
  int64_t lease_expires_ms = 0;  // now + lease_ms
};

struct ItemScore {
  ScoringItem item;
  double score = 0.0;
};

struct ScoringSystemEstimate {
  std::string name;
  int scored = 0;          // segments with a score
  int segments = 0;        // the system's test set, N
  bool estimated = false;  // at least 2 scores: the fields below are set
  double value = 0.0;      // the estimated test-set mean
  double lo = 0.0;         // the interval at γ
  double hi = 0.0;
  double half_width = 0.0;        // (hi − lo) / 2
  bool within_tolerance = false;  // tolerance given and max side <= tolerance
  int segments_needed = 0;        // scored segments in all for ±tolerance (0 without)
  int more_needed = 0;            // segments_needed − scored (0 when reached or without)
  std::string note;               // without an estimate: why ("1 score; 2 are needed")
};

// One paired difference of rank neighbours on the board (PairDifference of
// system_estimates.h, or betting-cs's difference of two sequences: see the header).
struct ScoringPair {
  std::string better;  // the better-ranked system
  std::string worse;
  double difference = 0.0;  // value(better) − value(worse), in score units
  double lo = 0.0;
  double hi = 0.0;
  int paired = 0;          // segments scored for both (0 for betting-cs)
  bool estimated = false;  // false: fewer than 2 paired segments; difference, lo, hi are 0
  bool separated = false;  // the interval excludes 0
};

// The ranked board: systems best first with their clusters, and the neighbours' pairs.
struct ScoringBoard {
  bool ranked = false;  // false: `note` says why there is no board yet
  std::string note;
  std::vector<int> order;             // system indices (table order), best first
  std::vector<int> cluster;           // per entry of `order`, 1 = top cluster
  std::vector<ScoringPair> pairs;     // order[i] against order[i + 1]
  std::vector<std::string> warnings;  // EstimateSystems' warnings
};

// A copy of the state Estimate reads (ScoringCampaign::Snapshot), per system in table order.
struct ScoringSnapshot {
  std::vector<int> scored;              // scored segments
  std::vector<Population> populations;  // with the scores; empty for fewer than 2 scores
};

class ScoringCampaign {
 public:
  // InvalidArgument as ValidateScoringCampaignConfig.
  static StatusOr<std::unique_ptr<ScoringCampaign>> Create(ScoringCampaignConfig config);
  // Create, then ApplyScore for each score in order; the first failure is returned with
  // its index ("score 12: ...").
  static StatusOr<std::unique_ptr<ScoringCampaign>> Replay(ScoringCampaignConfig config,
                                                           std::span<const ItemScore> scores);

  ScoringCampaign(const ScoringCampaign&) = delete;
  ScoringCampaign& operator=(const ScoringCampaign&) = delete;

  const ScoringCampaignConfig& config() const { return config_; }
  int num_systems() const { return static_cast<int>(config_.table.systems.size()); }
  // Items in all (Σ over systems of their segments) and items scored.
  int64_t num_items() const { return num_items_; }
  int64_t num_scored() const { return num_scored_; }
  // Leases not yet released by a score or swept by ProposeItem (expired ones included).
  int open_leases() const { return static_cast<int>(leases_.size()); }
  // Leases unexpired at now_ms (expiry > now_ms), in all and of one annotator.
  int OpenLeases(int64_t now_ms) const;
  int LeasesOf(std::string_view annotator, int64_t now_ms) const;

  // The test set's segments in the design's order (indices into table.segment_ids), and
  // system s's order (the same restricted to its segments).
  const std::vector<int>& SegmentOrder() const { return segment_order_; }
  std::vector<int> SystemOrder(int system) const;

  // The next item for `annotator` at time `now_ms`, leased until now_ms + lease_ms.
  // InvalidArgument for an empty annotator; FailedPrecondition when the campaign is closed
  // or every item is scored (complete); NotFound when every unscored item is out on an
  // unexpired lease (ask again later: a lease may expire or a score arrive). `skip`, when
  // set, names unscored items not to serve now (the service's scores being committed).
  StatusOr<ProposedItem> ProposeItem(std::string_view annotator, int64_t now_ms,
                                     const std::function<bool(const ScoringItem&)>& skip = nullptr);

  // OK when `annotator` holds `item` (it was last served to them and is neither scored nor
  // served to anyone since; an expired lease still holds). FailedPrecondition otherwise
  // (never served, served to another annotator, scored, or the campaign closed), with the
  // reason; InvalidArgument for an unknown item.
  Status CheckHolder(const ScoringItem& item, std::string_view annotator) const;

  // OK when a score collected outside the campaign may be applied to `item` (the
  // service's admin import; ValidateScore still applies): FailedPrecondition when the
  // campaign is closed or the bound is betting-cs (its sequence takes the served items only);
  // InvalidArgument for an unknown item.
  Status CheckImport(const ScoringItem& item) const;

  // A goal's allocation (experiments/campaign_replay.h): a system set not serving is
  // skipped by ProposeItem until it is set serving again; its scores, orders and estimates
  // are untouched (each system still scores a prefix of its order). Every system serves
  // at creation. When no serving system has an item left, ProposeItem answers
  // FailedPrecondition. REQUIRES: 0 <= system < num_systems().
  void SetServing(int system, bool serving) { serving_[system] = serving ? 1 : 0; }
  bool serving(int system) const { return serving_[system] != 0; }

  // Ends serving for good (see the header). Idempotent. Reopen undoes it (for a caller
  // whose close could not be stored).
  void Close() { closed_ = true; }
  void Reopen() { closed_ = false; }
  bool closed() const { return closed_; }

  // OK when `score` can be applied: InvalidArgument for an unknown system, a segment the
  // system does not have, or a score that is not finite or not plausible (see the header);
  // AlreadyExists when the item already holds a different score. An identical repeat is OK.
  Status ValidateScore(const ItemScore& score) const;

  // Records the score (ValidateScore's errors otherwise) and releases the item's lease.
  // Returns true when it was new, false for an identical repeat (nothing changes).
  StatusOr<bool> ApplyScore(const ItemScore& score);

  // The scores applied, in commit order (repeats left out): what Replay needs.
  const std::vector<ItemScore>& scores() const { return log_; }

  // The score of an item, or nullptr when it has none.
  const double* ScoreOf(const ScoringItem& item) const;

  // The configured table with every score filled in (the export, and the input of
  // `tourney estimate`).
  ScoredSegments ScoredTable() const;

  // Per system, in table order. Errors only from the estimator (none for a valid config).
  StatusOr<std::vector<ScoringSystemEstimate>> Estimate() const;

  // The board of the state `snapshot` copied (see the header), from `estimates`, that
  // snapshot's EstimateFrom. Errors from EstimateSystems only (none for a valid config).
  // Like EstimateFrom, may run concurrently with any method.
  StatusOr<ScoringBoard> BoardFrom(const ScoringSnapshot& snapshot,
                                   const std::vector<ScoringSystemEstimate>& estimates) const;

  // The state Estimate reads, copied: EstimateFrom(Snapshot()) equals Estimate().
  ScoringSnapshot Snapshot() const;
  // Estimate as it was when `snapshot` was taken (of this campaign). Reads only the
  // snapshot, config() and the orders: may run concurrently with any method.
  // InvalidArgument for a snapshot of another shape (a system count that differs, a missing
  // population). `cancelled`, when set, is polled before each system: once it returns
  // true the result is Cancelled.
  StatusOr<std::vector<ScoringSystemEstimate>> EstimateFrom(
      const ScoringSnapshot& snapshot, const std::function<bool()>& cancelled = nullptr) const;

 private:
  struct Lease {
    std::string annotator;
    int64_t expires_ms = 0;
  };

  explicit ScoringCampaign(ScoringCampaignConfig config);
  Status Init();
  int64_t Key(int system, int segment) const {
    return static_cast<int64_t>(system) * num_segments_ + segment;
  }
  int RowOf(int system, int segment) const {
    return row_of_[static_cast<size_t>(system) * num_segments_ + segment];
  }
  void ExpireLeases(int64_t now_ms);
  // The first served item of the search (see the header), or nullopt.
  std::optional<ProposedItem> Serve(const std::string& who, int64_t now_ms, bool again,
                                    const std::function<bool(const ScoringItem&)>& skip);
  // The table with the scores of `snapshot` (every system's population present).
  ScoredSegments TableOf(const ScoringSnapshot& snapshot) const;
  // System s's estimate from its population `p` with `scored` scores (Estimate's body).
  // The variance floor's prior and the Hoeffding/Bernstein range, from every system's
  // scores, as EstimateSystems computes them from the exported table.
  struct IntervalInputs {
    double prior_variance = 1.0;
    double range = 0.0;
  };
  IntervalInputs InputsOf(const std::vector<const Population*>& populations) const;
  Status EstimateSystem(int s, const Population& p, int scored, const IntervalInputs& inputs,
                        ScoringSystemEstimate* r) const;
  // cv-cs: the residual sequence (residual_sequence.h) over the scored prefix of system s's
  // order.
  Status EstimateByResidualSequence(int s, const Population& p, ScoringSystemEstimate* r) const;
  // betting-cs: the sequence over the scored prefix of system s's order.
  void EstimateBySequence(int s, const Population& p, ScoringSystemEstimate* r) const;

  const ScoringCampaignConfig config_;
  int num_segments_ = 0;
  int64_t num_items_ = 0;
  int64_t num_scored_ = 0;
  std::vector<Population> populations_;  // per system; x and known follow the scores
  std::vector<int> row_of_;              // [system][segment] -> row, or -1
  std::vector<int> segment_order_;
  std::vector<std::vector<int>> order_;  // per system: rows in order
  std::vector<int> cursor_;              // per system: positions before it are scored
  std::vector<int> scored_;              // per system: scored rows
  std::vector<int> leased_;              // per system: open leases
  std::vector<uint8_t> serving_;         // per system: SetServing
  int last_system_ = -1;
  std::map<int64_t, Lease> leases_;  // by Key
  std::unordered_map<std::string, std::unordered_set<int64_t>> served_;
  std::unordered_map<int64_t, std::string> holder_;  // by Key: unscored items last served
  bool closed_ = false;
  std::vector<ItemScore> log_;
};

}  // namespace tourney

#endif  // TOURNEY_CAMPAIGNS_SCORING_CAMPAIGN_H_
