#include "tourney/campaigns/campaign.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

#include "tourney/core/leaderboard.h"
#include "tourney/core/random.h"
#include "tourney/models/expected_wins.h"
#include "tourney/models/hopkins_may.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/selection/selection_posterior.h"
#include "tourney/selection/stopping_rule.h"
#include "tourney/sequential/anytime_board.h"
#include "tourney/statistics/bootstrap.h"
#include "tourney/statistics/model_intervals.h"

namespace tourney {
namespace {

bool IsPrintableAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

// No ASCII control characters (UTF-8 bytes >= 0x80 are allowed).
bool HasNoControl(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u != 0x7f;
  });
}

bool Finite(double x) { return std::isfinite(x); }

}  // namespace

Status ValidateCampaignConfig(const CampaignConfig& c) {
  if (c.name.empty() || c.name.size() > 128 || !IsPrintableAscii(c.name)) {
    return InvalidArgument("campaign name must be 1..128 bytes of printable ASCII");
  }
  const size_t n = c.systems.size();
  if (n < 2 || n > static_cast<size_t>(kMaxCampaignSystems)) {
    return InvalidArgument("a campaign needs 2.." + std::to_string(kMaxCampaignSystems) +
                           " systems, got " + std::to_string(n));
  }
  std::unordered_map<std::string_view, size_t> seen_systems;
  for (size_t i = 0; i < n; ++i) {
    const std::string& s = c.systems[i];
    if (const std::string problem = SystemNameProblem(s); !problem.empty()) {
      return InvalidArgument("system " + std::to_string(i) + ": the name " + problem +
                             "; a name is 1.." + std::to_string(kMaxSystemNameBytes) +
                             " bytes without control characters");
    }
    if (!seen_systems.emplace(s, i).second) {
      return InvalidArgument("system '" + s + "' is listed twice");
    }
  }
  if (c.segments.empty() || static_cast<int64_t>(c.segments.size()) > kMaxCampaignSegments) {
    return InvalidArgument("a campaign needs 1.." + std::to_string(kMaxCampaignSegments) +
                           " segments, got " + std::to_string(c.segments.size()));
  }
  std::unordered_map<int64_t, size_t> seen_segments;
  seen_segments.reserve(c.segments.size());
  for (size_t i = 0; i < c.segments.size(); ++i) {
    const CampaignSegment& s = c.segments[i];
    if (s.id < 0) return InvalidArgument("segment " + std::to_string(i) + ": id must be >= 0");
    if (s.document.size() > kMaxDocumentBytes || !HasNoControl(s.document)) {
      return InvalidArgument("segment " + std::to_string(s.id) + ": document must be at most " +
                             std::to_string(kMaxDocumentBytes) +
                             " bytes without control characters");
    }
    if (!seen_segments.emplace(s.id, i).second) {
      return InvalidArgument("segment id " + std::to_string(s.id) + " is listed twice");
    }
  }
  if (c.k < 2 || c.k > 5) {
    return InvalidArgument("k (systems per match) must be in 2..5, got " + std::to_string(c.k));
  }
  if (static_cast<size_t>(c.k) > n) {
    return InvalidArgument("k = " + std::to_string(c.k) + " exceeds the " + std::to_string(n) +
                           " systems");
  }
  if (!(std::isfinite(c.uniform_floor) && c.uniform_floor >= 0.0 && c.uniform_floor <= 1.0)) {
    return InvalidArgument("uniform_floor must be in [0, 1]");
  }
  if (c.looks) {
    if (Status s = ValidateLookPlan(*c.looks); !s.ok()) return s;
  }
  if (c.top_k) {
    Status s = ValidateTopKGoal(*c.top_k, n);
    if (!s.ok()) return s;
    if (c.anytime_stopping) {
      return InvalidArgument("a campaign has one stopping rule: anytime stopping or a top-k goal");
    }
  }
  if (c.selector == "top-k" && !c.top_k) {
    return InvalidArgument("selector 'top-k' needs a top-k goal");
  }
  if (c.selector != "top-k" && !MakeMatchSelector(c.selector).ok()) {
    std::string known;
    for (std::string_view name : MatchSelectorNames()) {
      known += (known.empty() ? "" : ", ") + std::string(name);
    }
    return InvalidArgument("selector must be one of " + known + ", got '" + c.selector + "'");
  }
  if (c.anytime_stopping) {
    const AnytimeOptions& a = *c.anytime_stopping;
    if (!(std::isfinite(a.delta) && a.delta > 0.0 && a.delta < 1.0)) {
      return InvalidArgument("anytime stopping: delta must be in (0, 1)");
    }
    if (!(std::isfinite(a.epsilon) && a.epsilon >= 0.0 && a.epsilon <= 1.0)) {
      return InvalidArgument("anytime stopping: epsilon must be in [0, 1]");
    }
  }
  const LiveRatingOptions& r = c.rating;
  if (!Finite(r.mu)) return InvalidArgument("trueskill mu must be finite");
  if (!Finite(r.sigma) || r.sigma < 0) return InvalidArgument("trueskill sigma must be > 0");
  if (!Finite(r.beta) || r.beta < 0) return InvalidArgument("trueskill beta must be > 0");
  if (!Finite(r.tau) || r.tau < 0) return InvalidArgument("trueskill tau must be >= 0");
  if (r.draw_probability &&
      (!Finite(*r.draw_probability) || *r.draw_probability < 0 || *r.draw_probability >= 1)) {
    return InvalidArgument("trueskill draw_probability must be in [0, 1)");
  }
  if (r.draw_margin && (!Finite(*r.draw_margin) || *r.draw_margin < 0)) {
    return InvalidArgument("trueskill draw_margin must be >= 0");
  }
  return Status::Ok();
}

TrueSkillModelOptions LiveTrueSkillOptions(const LiveRatingOptions& r) {
  TrueSkillModelOptions o;
  o.selection = TrueSkillModelOptions::Selection::kNone;
  o.mode = r.free_for_all ? TrueSkillModelOptions::Mode::kFreeForAll
                          : TrueSkillModelOptions::Mode::kPairwise;
  o.mu = r.mu;
  if (r.sigma > 0) o.sigma = r.sigma;
  if (r.beta > 0) o.beta = r.beta;
  o.tau = r.tau;
  if (r.draw_probability) o.draw_probability = *r.draw_probability;
  o.draw_margin = r.draw_margin;
  return o;
}

CampaignState::CampaignState(CampaignConfig config, TrueSkill env,
                             std::unique_ptr<MatchSelector> selector)
    : config_(std::move(config)),
      counts_(static_cast<int>(config_.systems.size())),
      env_(env),
      selector_(std::move(selector)),
      uniform_(MakeUniformSelector()),
      ratings_(config_.systems.size(), env_.InitialRating()) {}

CampaignState::~CampaignState() = default;

int64_t CampaignAnytimeHorizon(const CampaignConfig& config) {
  if (!config.looks || config.systems.empty()) return 0;
  const double floor = config.selector == "uniform" ? 1.0 : config.uniform_floor;
  return std::llround(static_cast<double>(config.looks->budget) * floor * config.k /
                      static_cast<double>(config.systems.size()));
}

StatusOr<std::unique_ptr<CampaignState>> CampaignState::Create(CampaignConfig config) {
  Status s = ValidateCampaignConfig(config);
  if (!s.ok()) return s;
  auto env = TrueSkill::Create(ResolveTrueSkillOptions(LiveTrueSkillOptions(config.rating), 0));
  if (!env.ok()) return InvalidArgument("trueskill: " + env.status().message());
  StatusOr<std::unique_ptr<MatchSelector>> selector =
      config.selector == "top-k"
          ? MakeTopKSelector({config.top_k->k, config.top_k->epsilon, config.top_k->explore})
          : MakeMatchSelector(config.selector);
  if (!selector.ok()) return selector.status();
  std::unique_ptr<CampaignState> state(
      new CampaignState(std::move(config), *env, std::move(*selector)));
  const CampaignConfig& c = state->config_;
  // The anytime board: for the anytime stopping rule, and for the selectors that serve its
  // open boundaries (at the selection options unless the stopping rule sets its own).
  const bool selector_reads_board = SelectorReadsAnytimeBoard(state->selector_->name()) &&
                                    c.systems.size() <= kMaxSelectionPosteriorSystems;
  if (c.anytime_stopping || selector_reads_board) {
    auto anytime = CombinedAnytimeLeaderboard::Create(
        static_cast<int>(c.systems.size()), c.k,
        c.anytime_stopping ? *c.anytime_stopping : kSelectionAnytimeOptions,
        CampaignAnytimeHorizon(c));
    if (!anytime.ok()) return anytime.status();
    state->anytime_.emplace(std::move(*anytime));
  }
  if (c.top_k) {
    auto top_k = TopKBoard::Create(static_cast<int>(c.systems.size()), {c.top_k->delta, 0.0});
    if (!top_k.ok()) return top_k.status();
    state->top_k_.emplace(std::move(*top_k));
  }
  for (size_t i = 0; i < c.systems.size(); ++i) {
    state->system_ids_.emplace(c.systems[i], static_cast<SystemId>(i));
    // Judgments ids follow the campaign's system order.
    state->judgments_.systems().Intern(c.systems[i]);
  }
  // C(n, k), the number of sets the uniform floor draws from (saturated; k <= 5).
  uint64_t sets = 1;
  for (int i = 0; i < c.k; ++i) {
    sets = sets * static_cast<uint64_t>(c.systems.size() - static_cast<size_t>(i)) /
           static_cast<uint64_t>(i + 1);
  }
  state->floor_sets_ = sets;
  state->segment_index_.reserve(c.segments.size());
  for (size_t i = 0; i < c.segments.size(); ++i) {
    state->segment_index_.emplace(c.segments[i].id, static_cast<int32_t>(i));
  }
  return state;
}

std::optional<SystemId> CampaignState::FindSystem(std::string_view name) const {
  auto it = system_ids_.find(std::string(name));
  if (it == system_ids_.end()) return std::nullopt;
  return it->second;
}

std::optional<int32_t> CampaignState::FindSegment(int64_t id) const {
  auto it = segment_index_.find(id);
  if (it == segment_index_.end()) return std::nullopt;
  return it->second;
}

CampaignState::AnnotatorProgress& CampaignState::Progress(std::string_view annotator) {
  auto it = progress_.find(std::string(annotator));
  if (it == progress_.end()) {
    it = progress_.emplace(std::string(annotator), AnnotatorProgress{}).first;
    it->second.seed = DeriveSeed(config_.seed, Fnv1a64(annotator));
  }
  return it->second;
}

int64_t CampaignState::SegmentsShown(std::string_view annotator) const {
  auto it = progress_.find(std::string(annotator));
  return it == progress_.end() ? 0 : it->second.num_shown;
}

void CampaignState::MarkSegmentShown(std::string_view annotator, int32_t segment_index) {
  AnnotatorProgress& p = Progress(annotator);
  ++p.matches;
  MarkShown(p, segment_index);
}

bool CampaignState::IsShown(const AnnotatorProgress& p, int64_t segment_index) {
  if (!p.shown_bits.empty()) {
    return p.shown_bits[static_cast<size_t>(segment_index / 64)] >> (segment_index % 64) & 1;
  }
  return std::binary_search(p.shown_list.begin(), p.shown_list.end(), segment_index);
}

void CampaignState::ClearShown(AnnotatorProgress& p) {
  std::vector<int32_t>().swap(p.shown_list);
  std::vector<uint64_t>().swap(p.shown_bits);
  p.num_shown = 0;
}

void CampaignState::MarkShown(AnnotatorProgress& p, int32_t segment_index) const {
  if (IsShown(p, segment_index)) ClearShown(p);  // shown in this pass already: a new pass
  ++p.num_shown;
  if (!p.shown_bits.empty()) {
    p.shown_bits[static_cast<size_t>(segment_index / 64)] |= uint64_t{1} << (segment_index % 64);
    return;
  }
  p.shown_list.insert(std::upper_bound(p.shown_list.begin(), p.shown_list.end(), segment_index),
                      segment_index);
  const size_t words = (config_.segments.size() + 63) / 64;
  if (p.shown_list.size() * sizeof(int32_t) > words * sizeof(uint64_t)) {
    p.shown_bits.assign(words, 0);
    for (int32_t s : p.shown_list) {
      p.shown_bits[static_cast<size_t>(s / 64)] |= uint64_t{1} << (s % 64);
    }
    std::vector<int32_t>().swap(p.shown_list);
  }
}

SelectionState CampaignState::SelectionView() {
  const std::string_view name = selector_->name();
  if (name == "top-k") {
    SelectionState state{ratings_, nullptr, &counts_};
    state.top_k = &*top_k_;
    return state;
  }
  if (SelectorReadsAnytimeBoard(name)) {
    if (!anytime_) return {ratings_, nullptr, &counts_};  // above the size limit: uniform
    const int64_t comparisons = anytime_->comparisons();
    if (summary_comparisons_ < 0 ||
        comparisons - summary_comparisons_ >= kSelectionPosteriorRefit) {
      anytime_summary_ = anytime_->Summarize();
      summary_comparisons_ = comparisons;
    }
    return {ratings_, nullptr, &counts_, {}, &anytime_->pairwise(), &anytime_summary_};
  }
  if (name == "trueskill" || name == "uniform" || num_systems() > kMaxSelectionPosteriorSystems) {
    return {ratings_, nullptr, &counts_};
  }
  const int64_t comparisons = static_cast<int64_t>(judgments_.comparisons().size());
  if (posterior_comparisons_ < 0 ||
      comparisons - posterior_comparisons_ >= kSelectionPosteriorRefit) {
    posterior_ = FitSelectionPosterior(counts_);
    posterior_comparisons_ = comparisons;
  }
  return {posterior_.ratings, nullptr, &counts_, posterior_.covariance};
}

namespace {

// True when `systems` holds the same set as one of `open`.
bool RepeatsOpenMatch(std::span<const SystemId> systems,
                      std::span<const std::vector<SystemId>> open) {
  for (const std::vector<SystemId>& other : open) {
    if (other.size() != systems.size()) continue;
    bool same = true;
    for (SystemId id : systems) {
      same = same && std::find(other.begin(), other.end(), id) != other.end();
    }
    if (same) return true;
  }
  return false;
}

}  // namespace

StatusOr<ProposedMatch> CampaignState::ProposeMatch(std::string_view annotator,
                                                    std::span<const std::vector<SystemId>> open) {
  AnnotatorProgress& p = Progress(annotator);
  Rng rng(DeriveSeed(p.seed, p.matches));
  ProposedMatch match;
  // Systems: the selector's choice from the live ratings, shown in a random order.
  match.systems.resize(static_cast<size_t>(config_.k));
  // The uniform floor: one coin, then a uniform k-subset that is never redrawn (its
  // probability is the design of the pooled board).
  const bool all_uniform = selector_->name() == "uniform";
  const double floor = all_uniform ? 1.0 : config_.uniform_floor;
  match.uniform_draw = all_uniform || (floor > 0.0 && rng.Uniform() < floor);
  const SelectionState selection = match.uniform_draw
                                       ? SelectionState{ratings_, nullptr, nullptr}
                                       : SelectionView();
  const MatchSelector& chooser = match.uniform_draw ? *uniform_ : *selector_;
  Status s = chooser.Select(selection, rng, match.systems);
  if (!s.ok()) return FailedPrecondition("the selector cannot serve a match: " + s.message());
  if (match.uniform_draw) {
    match.selection_probability = floor / static_cast<double>(floor_sets_);
  } else if (!open.empty() && RepeatsOpenMatch(match.systems, open)) {
    bool found = false;
    for (int attempt = 1; attempt < kBatchAttempts && !found; ++attempt) {
      s = selector_->Select(selection, rng, match.systems);
      if (!s.ok()) return FailedPrecondition("the selector cannot serve a match: " + s.message());
      found = !RepeatsOpenMatch(match.systems, open);
    }
    const int n = num_systems();
    if (!found && config_.k == 2) {
      // Every free pair, uniformly.
      uint64_t free_pairs = 0;
      SystemId pick[2] = {-1, -1};
      for (SystemId a = 0; a < n; ++a) {
        for (SystemId b = a + 1; b < n; ++b) {
          const SystemId pair[2] = {a, b};
          if (!RepeatsOpenMatch(pair, open) && rng.UniformInt(++free_pairs) == 0) {
            pick[0] = a;
            pick[1] = b;
          }
        }
      }
      if (free_pairs > 0) {
        match.systems = {pick[0], pick[1]};
        found = true;
      }
    }
    if (!found) {
      std::vector<SystemId> trial(match.systems.size());
      for (int attempt = 0; attempt < kBatchAttempts && !found; ++attempt) {
        if (!uniform_->Select(selection, rng, trial).ok()) break;
        if (!RepeatsOpenMatch(trial, open)) {
          match.systems = trial;
          found = true;
        }
      }
    }
  }
  for (size_t i = match.systems.size(); i > 1; --i) {
    std::swap(match.systems[i - 1], match.systems[rng.UniformInt(i)]);
  }

  // Segment: uniform among those not shown in the current pass.
  const int64_t total = static_cast<int64_t>(config_.segments.size());
  if (p.num_shown >= total) ClearShown(p);
  int64_t chosen = -1;
  if (p.num_shown * 2 <= total) {
    // Rejection: at most half are shown, so fewer than two draws are expected.
    while (true) {
      const auto s = static_cast<int64_t>(rng.UniformInt(static_cast<uint64_t>(total)));
      if (!IsShown(p, s)) {
        chosen = s;
        break;
      }
    }
  } else {
    // The r-th unshown segment, found by counting zero bits word by word.
    auto r = static_cast<int64_t>(rng.UniformInt(static_cast<uint64_t>(total - p.num_shown)));
    if (p.shown_bits.empty()) {
      // The r-th unshown segment: step over every shown one at or below the candidate.
      chosen = r;
      for (int32_t s : p.shown_list) {
        if (s <= chosen) ++chosen;
      }
    }
    for (size_t w = 0; w < p.shown_bits.size() && chosen < 0; ++w) {
      uint64_t free_bits = ~p.shown_bits[w];
      const int64_t base = static_cast<int64_t>(w) * 64;
      if (total - base < 64) free_bits &= (uint64_t{1} << (total - base)) - 1;
      const int count = std::popcount(free_bits);
      if (r >= count) {
        r -= count;
        continue;
      }
      for (; r > 0; --r) free_bits &= free_bits - 1;  // drop the lowest r free bits
      chosen = base + std::countr_zero(free_bits);
    }
  }
  match.segment_index = static_cast<int32_t>(chosen);
  ++p.matches;
  MarkShown(p, match.segment_index);
  return match;
}

Status CampaignState::ValidateMatchRanks(std::span<const uint32_t> ranks) const {
  if (ranks.size() != static_cast<size_t>(config_.k)) {
    return InvalidArgument("expected " + std::to_string(config_.k) + " ranks, got " +
                           std::to_string(ranks.size()));
  }
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (ranks[i] < 1 || ranks[i] > static_cast<uint32_t>(config_.k)) {
      return InvalidArgument("rank " + std::to_string(i + 1) + " is " + std::to_string(ranks[i]) +
                             ", outside 1.." + std::to_string(config_.k));
    }
  }
  return Status::Ok();
}

Status CampaignState::ValidateRanking(const CampaignRanking& r) const {
  const size_t m = r.systems.size();
  if (m < 2 || m > static_cast<size_t>(kMaxRankingEntries)) {
    return InvalidArgument("a ranking needs 2.." + std::to_string(kMaxRankingEntries) +
                           " systems, got " + std::to_string(m));
  }
  if (r.ranks.size() != m) {
    return InvalidArgument(std::to_string(m) + " systems but " + std::to_string(r.ranks.size()) +
                           " ranks");
  }
  if (!r.groups.empty() && r.groups.size() != m) {
    return InvalidArgument(std::to_string(m) + " systems but " + std::to_string(r.groups.size()) +
                           " groups");
  }
  uint64_t seen_mask[(kMaxCampaignSystems + 63) / 64] = {};
  for (size_t i = 0; i < m; ++i) {
    const SystemId id = r.systems[i];
    if (id < 0 || id >= num_systems()) {
      return InvalidArgument("system id " + std::to_string(id) + " is not in the campaign");
    }
    uint64_t& word = seen_mask[id / 64];
    const uint64_t bit = uint64_t{1} << (id % 64);
    if (word & bit) return InvalidArgument("system '" + SystemName(id) + "' appears twice");
    word |= bit;
  }
  // Columns: distinct groups (or entries). Entries of one column share a rank.
  size_t columns = m;
  if (!r.groups.empty()) {
    int rank_of_group[kMaxRankingEntries];
    std::fill(std::begin(rank_of_group), std::end(rank_of_group), -1);
    columns = 0;
    for (size_t i = 0; i < m; ++i) {
      const uint8_t g = r.groups[i];
      if (g >= m) {
        return InvalidArgument("group " + std::to_string(g) + " is outside 0.." +
                               std::to_string(m - 1));
      }
      if (rank_of_group[g] < 0) {
        rank_of_group[g] = r.ranks[i];
        ++columns;
      } else if (rank_of_group[g] != r.ranks[i]) {
        return InvalidArgument("entries of group " + std::to_string(g) + " have different ranks");
      }
    }
    // One column (an output shared by every system shown) is a judgment without a
    // comparison, as the offline readers take it.
  }
  for (size_t i = 0; i < m; ++i) {
    if (r.ranks[i] < 1 || r.ranks[i] > columns) {
      return InvalidArgument("rank " + std::to_string(r.ranks[i]) + " of '" +
                             SystemName(r.systems[i]) + "' is outside 1.." +
                             std::to_string(columns));
    }
  }
  if (r.segment < -1) return InvalidArgument("segment must be >= 0, or -1 when unknown");
  if (r.document.size() > kMaxDocumentBytes || !HasNoControl(r.document)) {
    return InvalidArgument("document must be at most " + std::to_string(kMaxDocumentBytes) +
                           " bytes without control characters");
  }
  if (r.annotator.size() > kMaxAnnotatorBytes || !HasNoControl(r.annotator)) {
    return InvalidArgument("annotator must be at most " + std::to_string(kMaxAnnotatorBytes) +
                           " bytes without control characters");
  }
  return Status::Ok();
}

void CampaignState::ApplyRanking(const CampaignRanking& r) {
  const int32_t judge = r.annotator.empty() ? -1 : judgments_.InternJudge(r.annotator);
  const int32_t document = r.document.empty() ? -1 : judgments_.InternDocument(r.document);
  const size_t index =
      judgments_.AddRanking(r.systems, r.ranks, r.groups, r.segment, judge, document);
  const Comparisons& c = judgments_.comparisons();
  for (size_t i = judgments_.comparison_begin(index); i < c.size(); ++i) {
    counts_.Add(c.first[i], c.second[i], c.outcome[i]);
    if (top_k_) top_k_->Add(c.first[i], c.second[i], c.outcome[i]);
  }
  if (anytime_) anytime_->AddRanking(c, judgments_.comparison_begin(index), c.size(), r.uniform_draw);
  uniform_draws_.push_back(r.uniform_draw ? 1 : 0);
  UpdateLiveRatings(index);
}

// The same updates, in the same order, as MakeTrueSkillModel with Selection::kNone.
void CampaignState::UpdateLiveRatings(size_t ranking_index) {
  if (!config_.rating.free_for_all) {
    const Comparisons& c = judgments_.comparisons();
    for (size_t i = judgments_.comparison_begin(ranking_index); i < c.size(); ++i) {
      env_.Rate(c.outcome[i], &ratings_[static_cast<size_t>(c.first[i])],
                &ratings_[static_cast<size_t>(c.second[i])]);
    }
    return;
  }
  const RankingView view = judgments_.ranking(ranking_index);
  players_.clear();
  player_ranks_.clear();
  for (size_t i = 0; i < view.systems.size(); ++i) {
    players_.push_back(ratings_[static_cast<size_t>(view.systems[i])]);
    player_ranks_.push_back(view.ranks[i]);
  }
  // Sizes match by construction, so this cannot fail.
  (void)env_.RateFreeForAll(players_, player_ranks_);
  for (size_t i = 0; i < view.systems.size(); ++i) {
    ratings_[static_cast<size_t>(view.systems[i])] = players_[i];
  }
}

std::vector<SystemRating> CampaignState::LiveRatings() const {
  std::vector<SystemRating> out(ratings_.size());
  for (size_t i = 0; i < ratings_.size(); ++i) {
    out[i].score = ratings_[i].mu;
    out[i].mu = ratings_[i].mu;
    out[i].sigma = ratings_[i].sigma;
  }
  return out;
}

Leaderboard CampaignState::LiveLeaderboard() const {
  Leaderboard board =
      BuildLeaderboardFromCounts(live_model(), config_.systems, counts_, LiveRatings());
  board.rankings = num_judgments();
  if (num_judgments() > 0) board.judgments = num_judgments();
  if (top_k_) {
    SetTopKStopping(top_k_->board(), *config_.top_k, config_.systems, &board);
  } else if (anytime_ && config_.anytime_stopping) {
    SetAnytimeStopping(anytime_->Summarize(), anytime_->options(), config_.systems, &board);
    board.stopping->uniform_judgments = anytime_->uniform_rankings();
  } else {
    SetStopping(EstimateStopping(counts_), config_.systems, &board);
  }
  return board;
}

CampaignSnapshot CampaignState::Snapshot() const {
  CampaignSnapshot snapshot;
  snapshot.judgments = judgments_;
  snapshot.live_ratings = LiveRatings();
  snapshot.rating = config_.rating;
  snapshot.anytime_stopping = config_.anytime_stopping;
  snapshot.top_k = config_.top_k;
  snapshot.selector = config_.selector;
  snapshot.k = config_.k;
  snapshot.uniform_draws = uniform_draws_;
  snapshot.looks = config_.looks;
  snapshot.horizon = CampaignAnytimeHorizon(config_);
  return snapshot;
}

StatusOr<std::unique_ptr<RatingModel>> MakeCampaignModel(std::string_view name,
                                                         const LiveRatingOptions& rating) {
  if (name == "trueskill") return MakeTrueSkillModel(LiveTrueSkillOptions(rating));
  if (name == "expected-wins") return MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  if (name == "expected-wins-ties") return MakeExpectedWinsModel(ExpectedWinsVariant::kIncludeTies);
  if (name == "expected-wins-wmt13") return MakeExpectedWinsModel(ExpectedWinsVariant::kWmt13);
  if (name == "hopkins-may") return MakeHopkinsMayModel(HopkinsMayOptions());
  if (IsPairwiseModelName(name)) return MakePairwiseModel(name, PairwiseModelOptions{});
  return InvalidArgument(
      "unknown model '" + std::string(name) +
      "' (expected trueskill, expected-wins, expected-wins-wmt13, expected-wins-ties, "
      "hopkins-may, bradley-terry, newman, rao-kupper, elo, counting, average-win-rate, "
      "eigen, pagerank or plackett-luce)");
}

}  // namespace tourney
