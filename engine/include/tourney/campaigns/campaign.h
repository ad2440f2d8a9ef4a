// CampaignState: one live evaluation campaign, the engine side of the tourneyd service.
//
// DESCRIPTION
//   A campaign fixes its systems, its source segments and the match size k. Annotators ask
//   for matches and return k-way rankings; the campaign keeps
//   - the judgments in commit order (Judgments) and their pairwise counts (PairCounts),
//   - the live TrueSkill ratings (trueskill.h; paper §2.3), updated judgment by judgment in
//     that order: each ranking's pairwise comparisons as two-player games in column order,
//     or the ranking as one free-for-all game (§4.2). They equal MakeTrueSkillModel with
//     Selection::kNone run over the same judgments, and replaying the same judgments in the
//     same order rebuilds exactly the same state,
//   - the match selector (match_selector.h: by default "boundary" of active_selectors.h, or
//     the paper's §2.4 selector, the uniform WMT baseline, another active policy) that
//     picks the systems of the next match; the paper's and the uniform selector read the
//     live ratings, "boundary" and "active-ranking" the anytime-valid leaderboard of the
//     judgments in commit order (the campaign's combined board, summarized once per
//     kSelectionPosteriorRefit comparisons, up to kMaxSelectionPosteriorSystems systems,
//     uniform matches above that), "top-k" (top_k.h; only with a top-k goal) the goal's
//     TopKBoard, the other active ones the selection posterior
//     (selection_posterior.h: a Bradley-Terry fit of the pair counts, refitted when
//     kSelectionPosteriorRefit comparisons have arrived since the last fit, up to
//     kMaxSelectionPosteriorSystems systems; the live ratings above that). The chosen systems are
//     then shown in a random order, so the anchor is not always first. Before the selector,
//     ProposeMatch flips the uniform floor's coin (CampaignConfig::uniform_floor): on heads
//     the match is a uniform k-subset of the systems, never redrawn to avoid open matches,
//     and marked as such (ProposedMatch::uniform_draw); under the "uniform" selector every
//     match is such a draw. The anytime board (combined_anytime_leaderboard.h) pools those
//     draws per system and reads every judgment per pair,
//   - per annotator, the segments already shown in the current pass: a segment is drawn
//     uniformly among those the annotator has not been shown; once every segment has been
//     shown, a new pass starts.
//   Every random choice of ProposeMatch comes from the annotator's own stream,
//   Rng(DeriveSeed(DeriveSeed(config.seed, Fnv1a64(annotator)), i)) for the annotator's
//   i-th match (0-based), so a match depends on the ratings, on that annotator's history and
//   on the open matches passed in (batch awareness), never on thread scheduling.
//   Costs: ProposeMatch O(n + segments / 64) worst case, O(n + 1) expected while fewer than
//   half of the segments have been shown, plus the selector's cost (active_selectors.h), a
//   selection-posterior refit (O(n^3)) once per kSelectionPosteriorRefit comparisons, and
//   O(attempts * open * k^2) to avoid open matches; ApplyRanking O(k^2) (pairwise) or one k-player
//   TrueSkill game; LiveLeaderboard O(n^2).
// Thread safety: not thread-safe. Const methods may run concurrently with each other; a
// caller that mutates (ProposeMatch, MarkSegmentShown, ApplyRanking) needs exclusive
// access. tourneyd wraps each campaign in a reader/writer lock.
#ifndef TOURNEY_CAMPAIGNS_CAMPAIGN_H_
#define TOURNEY_CAMPAIGNS_CAMPAIGN_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/pair_counts.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/models/trueskill.h"
#include "tourney/selection/match_selector.h"
#include "tourney/selection/selection_posterior.h"
#include "tourney/selection/top_k.h"
#include "tourney/selection/trueskill_model.h"
#include "tourney/sequential/anytime_leaderboard.h"
#include "tourney/sequential/combined_anytime_leaderboard.h"
#include "tourney/sequential/planned_look.h"

namespace tourney {

// Selections drawn before ProposeMatch gives up avoiding an open match.
inline constexpr int kBatchAttempts = 64;

// Comparisons between refits of a campaign's selection posterior.
inline constexpr int64_t kSelectionPosteriorRefit = 50;

// The anytime board that "boundary" and "active-ranking" read in a campaign whose stopping
// rule is not the anytime one (the selection benchmark's defaults; docs/selection.md). Its
// summary is refreshed on the same cadence as the selection posterior.
inline constexpr AnytimeOptions kSelectionAnytimeOptions{0.05, 0.1};

// The stopping rule a new campaign gets when its creator names none (the service and
// `tourney campaign create`): the anytime rule at delta 0.05, epsilon 0.1, the settings the
// selection benchmark's stop figures use (docs/selection.md). The engine's CampaignConfig
// itself keeps "unset = z" so that campaigns stored before this default replay unchanged.
inline constexpr AnytimeOptions kDefaultCampaignStopping = kSelectionAnytimeOptions;

// The share of a campaign's matches drawn uniformly whatever its selector
// (CampaignConfig::uniform_floor): the selection benchmark's choice (docs/selection.md).
inline constexpr double kDefaultUniformFloor = 0.2;

// True for the selectors that read the anytime board ("boundary", "active-ranking").
inline bool SelectorReadsAnytimeBoard(std::string_view name) {
  return name == "boundary" || name == "active-ranking";
}

// Hard limits of a campaign (a server may impose lower ones).
inline constexpr int kMaxCampaignSystems = 1000;
inline constexpr int64_t kMaxCampaignSegments = 1000000;
inline constexpr int kMaxRankingEntries = 32;
// kMaxSystemNameBytes and the name rule: core/system_registry.h (SystemNameProblem).
inline constexpr size_t kMaxDocumentBytes = 256;
inline constexpr size_t kMaxAnnotatorBytes = 128;

// A source segment annotators can be shown.
struct CampaignSegment {
  int64_t id = 0;        // >= 0, distinct within a campaign
  std::string document;  // empty when unknown
};

// Parameters of the live TrueSkill ratings (paper §2.3). 0 for sigma and beta means the
// engine default (TrueSkillOptions: sigma 0.5, beta 0.25, draw probability 0.25).
struct LiveRatingOptions {
  double mu = 0.0;     // initial mean
  double sigma = 0.0;  // initial sd; 0 = engine default
  double beta = 0.0;   // performance sd; 0 = engine default
  double tau = 0.0;    // dynamics sd, >= 0
  // Probability that two equal systems tie, in [0, 1), used when draw_margin is unset;
  // unset means the engine default.
  std::optional<double> draw_probability;
  std::optional<double> draw_margin;  // eps >= 0, used as given when set
  bool free_for_all = false;          // true: a ranking is one k-player game; false: its pairs
};

// A campaign's top-k goal (top_k.h): name the k best systems with probability at least
// 1 - delta, or, with epsilon > 0, a set none of whose cross pairs is worse than 1/2 -
// epsilon. The campaign keeps a TopKBoard (anytime options {delta, 0}) of its judgments in
// commit order, its leaderboards' stopping section is the identification (rule "top-k",
// settled = identified or identified within epsilon, top_within_epsilon = the latter,
// `top` = the current set, best first),
// and the selector "top-k" may serve its matches.
struct TopKGoal {
  int k = 1;              // 1 <= k < number of systems
  double delta = 0.05;    // in (0, 1)
  double epsilon = 0.0;   // in [0, 1/2]
  double explore = 0.05;  // the "top-k" selector's share of uniform matches, in [0, 1]
};

struct CampaignConfig {
  std::string name;                       // 1..128 bytes, printable ASCII
  std::vector<std::string> systems;       // 2..kMaxCampaignSystems distinct names
  std::vector<CampaignSegment> segments;  // 1..kMaxCampaignSegments, distinct ids
  int k = 5;                              // systems per match, 2..5, <= systems.size()
  // A MatchSelector name (match_selector.h); default: the selection benchmark's winner.
  std::string selector = std::string(kDefaultMatchSelector);
  LiveRatingOptions rating;  // live TrueSkill parameters
  uint64_t seed = 0;         // seed of every match's random choices
  // The stopping rule of the campaign's leaderboards: unset, the z rule
  // (stopping_rule.h); set, the anytime rule (anytime_board.h) at these options, from an
  // AnytimeLeaderboard kept in judgment order.
  std::optional<AnytimeOptions> anytime_stopping;
  // Set: the campaign's stopping rule is this top-k identification (not together with
  // anytime_stopping), and the selector may be "top-k" (which needs it).
  std::optional<TopKGoal> top_k;
  // The uniform floor, in [0, 1]: the share of matches drawn as a uniform k-subset of the
  // systems, independently of every judgment, whatever the selector (ProposeMatch). Those
  // draws are the known design of the pooled half of the campaign's anytime board
  // (combined_anytime_leaderboard.h). The "uniform" selector's matches are all such draws.
  double uniform_floor = kDefaultUniformFloor;
  // Set: the campaign plans its looks (planned_look.h). A bootstrapped leaderboard is then
  // the board of the last look reached, at that look's nominal confidence (so that all
  // looks together keep the query's confidence), and says so; between looks it says it is
  // provisional.
  std::optional<LookPlan> looks;
};

// InvalidArgument naming the first field out of range.
Status ValidateCampaignConfig(const CampaignConfig& config);

// The TrueSkill model (Selection::kNone, in judgment order) whose ratings over a campaign's
// judgments are the campaign's live ratings.
TrueSkillModelOptions LiveTrueSkillOptions(const LiveRatingOptions& options);

// One judgment in system ids, as validated, stored and replayed.
struct CampaignRanking {
  std::vector<SystemId> systems;  // 2..kMaxRankingEntries distinct ids
  std::vector<uint8_t> ranks;     // ranks[i] of systems[i]: 1 = best, <= number of columns
  std::vector<uint8_t> groups;    // empty, or the column of each entry (< systems.size())
  int64_t segment = -1;           // segment id, -1 when unknown
  std::string document;           // empty when unknown
  std::string annotator;          // empty when unknown
  // The judgment answers a match that ProposeMatch drew uniformly (ProposedMatch); false
  // for a selector's match and for imported rankings.
  bool uniform_draw = false;
};

// A match ProposeMatch picked: k distinct systems in display order and a segment.
struct ProposedMatch {
  std::vector<SystemId> systems;
  int32_t segment_index = 0;  // index into config().segments
  // True when the systems are the uniform floor's draw (CampaignConfig::uniform_floor).
  bool uniform_draw = false;
  // The probability, when the match was served, of drawing it the way it was drawn: for a
  // uniform draw, floor / C(n, k) (the coin and the set; 1 / C(n, k) under the "uniform"
  // selector); 0 for a selector's match, whose probability no board uses.
  double selection_probability = 0.0;
};

// What a leaderboard is computed from, and how.
struct LeaderboardQuery {
  std::string model;         // "" = the live model; else a name MakeCampaignModel accepts
  int replicates = 0;        // bootstrap replicates; 0 = none
  double confidence = 0.95;  // of the rank ranges, in (0, 1)
  uint64_t seed = 0;         // bootstrap seed
  // Set: an anytime-valid leaderboard (anytime_board.h) of the judgments in commit order
  // at these options, instead of a model, with replicates 0: model "" or
  // "expected-wins-anytime-combined" for the campaign's own board (the combined board of
  // its uniform draws and all its judgments), "expected-wins-anytime" for the per-pair
  // board alone.
  std::optional<AnytimeOptions> anytime;
  // Polled between bootstrap replicates (BootstrapOptions::cancelled); when it returns
  // true the computation stops with Cancelled. Unset: never cancelled.
  std::function<bool()> cancelled;
};

// A consistent copy of a campaign's data for computations that run outside its lock.
struct CampaignSnapshot {
  Judgments judgments;
  std::vector<SystemRating> live_ratings;
  LiveRatingOptions rating;                        // the campaign's TrueSkill parameters
  std::optional<AnytimeOptions> anytime_stopping;  // the campaign's stopping rule
  std::optional<TopKGoal> top_k;                   // or its top-k goal
  // The campaign's selector: a bootstrap leaderboard of an adaptively selected campaign
  // carries a warning that its clusters are not valid (docs/selection.md).
  std::string selector;
  int k = 2;                           // systems per match
  std::vector<uint8_t> uniform_draws;  // per ranking: CampaignRanking::uniform_draw
  std::optional<LookPlan> looks;       // the campaign's planned looks
  int64_t horizon = 0;                 // CampaignAnytimeHorizon of the campaign
};

// The uniform draws each system of a campaign with planned looks is expected to get over the
// budget, budget x floor x k / n (floor 1 under "uniform"), which the pooled half of its
// anytime board tunes its bets for; 0 without planned looks.
int64_t CampaignAnytimeHorizon(const CampaignConfig& config);

class CampaignState {
 public:
  // InvalidArgument when the configuration is invalid (ValidateCampaignConfig) or its
  // TrueSkill parameters are rejected by TrueSkill::Create.
  static StatusOr<std::unique_ptr<CampaignState>> Create(CampaignConfig config);

  // Holds every judgment of a campaign; copies would be large and silently diverge.
  CampaignState(const CampaignState&) = delete;
  CampaignState& operator=(const CampaignState&) = delete;
  ~CampaignState();

  const CampaignConfig& config() const { return config_; }
  int num_systems() const { return static_cast<int>(config_.systems.size()); }
  int k() const { return config_.k; }
  const std::string& SystemName(SystemId id) const { return config_.systems[id]; }
  // The id of a system name, or nullopt.
  std::optional<SystemId> FindSystem(std::string_view name) const;
  // The index in config().segments of a segment id, or nullopt.
  std::optional<int32_t> FindSegment(int64_t id) const;

  // Picks the systems (selector over the live ratings) and a segment not yet shown to
  // `annotator` in the current pass, marks it shown and counts the match as the
  // annotator's. FailedPrecondition when the selector cannot serve a match.
  // Batch awareness: `open` lists the system sets of matches currently out with other
  // annotators (open leases). A selection with the same set of systems as an open match is
  // drawn again, up to kBatchAttempts times from the annotator's stream; if every draw
  // repeats an open match, a uniform set that repeats none is served (for k = 2 every free
  // pair is enumerated; for k > 2, kBatchAttempts uniform draws), and a repeat only when
  // nothing else is left. With open leases a match also depends on them, so concurrent
  // annotators get different matches.
  // REQUIRES: annotator is non-empty.
  StatusOr<ProposedMatch> ProposeMatch(std::string_view annotator,
                                       std::span<const std::vector<SystemId>> open = {});

  // Records that `annotator` was served a match on segment `segment_index` (replaying
  // matches after a restart): marks the segment and counts the match. A segment shown
  // again starts a new pass for the annotator.
  // REQUIRES: 0 <= segment_index < config().segments.size().
  void MarkSegmentShown(std::string_view annotator, int32_t segment_index);

  // Number of segments `annotator` has been shown in the current pass.
  int64_t SegmentsShown(std::string_view annotator) const;

  // OK when `ranking` can be applied; InvalidArgument naming what is wrong otherwise.
  Status ValidateRanking(const CampaignRanking& ranking) const;

  // OK when `ranks` answers a k-system match: exactly k values in 1..k.
  Status ValidateMatchRanks(std::span<const uint32_t> ranks) const;

  // Appends the ranking and updates the counts and the live ratings.
  // REQUIRES: ValidateRanking(ranking).ok().
  void ApplyRanking(const CampaignRanking& ranking);

  int64_t num_judgments() const { return static_cast<int64_t>(judgments_.num_rankings()); }
  const Judgments& judgments() const { return judgments_; }
  const PairCounts& pair_counts() const { return counts_; }

  // The live model's name ("trueskill") and its current ratings, indexed by system id
  // (score = mu).
  std::string live_model() const { return "trueskill"; }
  std::vector<SystemRating> LiveRatings() const;
  const std::vector<Rating>& ratings() const { return ratings_; }

  // The live model's leaderboard without bootstrap, from the maintained counts: the same
  // message BuildLeaderboard returns for these judgments and ratings, in O(n^2), with the
  // campaign's stopping rule (the anytime rule's summary costs O(n^2)).
  Leaderboard LiveLeaderboard() const;

  // The anytime-valid leaderboard (combined_anytime_leaderboard.h) of the judgments in
  // commit order when the campaign's stopping rule is the anytime one (updated by
  // ApplyRanking; a replay of the same judgments, with their uniform-draw flags, rebuilds
  // it exactly), else nullptr.
  const CombinedAnytimeLeaderboard* anytime() const {
    return anytime_ && config_.anytime_stopping ? &*anytime_ : nullptr;
  }

  // The top-k board of the judgments in commit order when the campaign has a top-k goal
  // (updated by ApplyRanking; a replay rebuilds it exactly), else nullptr.
  const TopKBoard* top_k() const { return top_k_ ? &*top_k_ : nullptr; }

  // A copy of the data for ComputeLeaderboard.
  CampaignSnapshot Snapshot() const;

 private:
  // The segments shown in the current pass are a sorted list of segment indices while
  // that list is smaller than a bitset over all segments, and the bitset after: an
  // annotator's memory grows with the matches served, up to the bitset's size.
  struct AnnotatorProgress {
    std::vector<int32_t> shown_list;   // sorted; used while shown_bits is empty
    std::vector<uint64_t> shown_bits;  // bitset over segments, or empty
    int64_t num_shown = 0;             // segments shown in the current pass
    uint64_t matches = 0;              // matches served to the annotator so far
    uint64_t seed = 0;                 // the annotator's stream
  };
  CampaignState(CampaignConfig config, TrueSkill env, std::unique_ptr<MatchSelector> selector);
  AnnotatorProgress& Progress(std::string_view annotator);
  static bool IsShown(const AnnotatorProgress& p, int64_t segment_index);
  // Starts a new pass: no segment shown, the memory of the last pass released.
  static void ClearShown(AnnotatorProgress& p);
  void MarkShown(AnnotatorProgress& p, int32_t segment_index) const;
  void UpdateLiveRatings(size_t ranking_index);
  // What the selector reads: the live ratings, or the (refreshed) selection posterior with
  // its covariance; the counts either way.
  SelectionState SelectionView();

  const CampaignConfig config_;
  std::unordered_map<std::string, SystemId> system_ids_;
  std::unordered_map<int64_t, int32_t> segment_index_;
  std::unordered_map<std::string, AnnotatorProgress> progress_;
  Judgments judgments_;
  PairCounts counts_;
  const TrueSkill env_;
  const std::unique_ptr<MatchSelector> selector_;
  const std::unique_ptr<MatchSelector> uniform_;  // the floor's draws
  std::vector<Rating> ratings_;  // live TrueSkill ratings by system id
  // With the anytime stopping rule, or a selector that reads the board (up to
  // kMaxSelectionPosteriorSystems systems).
  std::optional<CombinedAnytimeLeaderboard> anytime_;
  std::vector<uint8_t> uniform_draws_;  // per ranking: CampaignRanking::uniform_draw
  uint64_t floor_sets_ = 0;             // C(n, k), saturated
  std::optional<TopKBoard> top_k_;      // with a top-k goal
  AnytimeSummary anytime_summary_;      // what the selector reads
  int64_t summary_comparisons_ = -1;    // comparisons it summarizes; -1: never
  SelectionPosteriorFit posterior_;     // selection posterior (active selectors)
  int64_t posterior_comparisons_ = -1;  // comparisons it was fitted to; -1: never
  // Scratch for free-for-all updates.
  std::vector<Rating> players_;
  std::vector<int> player_ranks_;
};

// InvalidArgument naming the field of `goal` out of range for `num_systems` systems.
Status ValidateTopKGoal(const TopKGoal& goal, size_t num_systems);

// Writes the top-k identification of `board` under `goal` into board->stopping (rule
// "top-k", boundaries empty, `top` the current set by name, top_within_epsilon when
// identified only within epsilon, judgments = board->judgments). REQUIRES: the goal is
// valid for board's systems; names[id] names system id.
void SetTopKStopping(const AnytimeLeaderboard& anytime, const TopKGoal& goal,
                     const std::vector<std::string>& names, Leaderboard* board);

// The rating models a campaign leaderboard offers: "trueskill" (the live model:
// LiveTrueSkillOptions(rating)), "expected-wins", "expected-wins-wmt13", "expected-wins-ties"
// and "hopkins-may" (paper sampler, default options), and the pairwise models. InvalidArgument for any other name.
StatusOr<std::unique_ptr<RatingModel>> MakeCampaignModel(std::string_view name,
                                                         const LiveRatingOptions& rating);

// The leaderboard of a snapshot for `query`. With query.anytime, the anytime-valid
// leaderboard of the judgments in order (InvalidArgument with another model or a
// bootstrap, or bad options). Without bootstrap the live model gives the
// live ratings and other models are fitted to the judgments; with bootstrap, the model's
// Bootstrap() (bootstrap.h) fills rank ranges and clusters. InvalidArgument for an unknown
// model, bootstrap parameters out of range (replicates outside 0..1,000,000, confidence
// outside (0, 1)), or a bootstrap of "hopkins-may" (too costly for a server). The stopping
// section follows the snapshot's stopping rule.
StatusOr<Leaderboard> ComputeLeaderboard(const CampaignSnapshot& snapshot,
                                         const LeaderboardQuery& query);

}  // namespace tourney

#endif  // TOURNEY_CAMPAIGNS_CAMPAIGN_H_
