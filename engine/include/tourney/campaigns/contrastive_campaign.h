// ContrastiveCampaign: one live contrastive scoring campaign (WMT26's contrastive ESA:
// each screen shows one segment's outputs of k systems side by side and the annotator
// scores every one of them), the engine side of a scoring campaign with screen_size k >= 2
// in tourneyd.
//
// DESCRIPTION
//   The campaign is created from a scored-segment table (systems, documents, segments; its
//   metric columns and human scores are not used) and serves screens:
//
//   ProposeScreen, for one annotator at time now:
//   - with probability attention_rate (drawn first) the screen is an attention check:
//     k systems uniformly, one of them (uniform position) shown degraded; the caller makes
//     the degraded text (ShuffleWords of degraded_output.h, WMT26's rule, seeded by
//     `attention_seed`). A check is answered like any screen; it passes when every clean
//     output scores above the degraded one. Checks never reach the board or the rule;
//   - otherwise the systems come from the assignment rule (selection/screen_assignment.h:
//     uniform, wmt26 or adaptive) fed the answers of every screen applied so far, and the
//     screen records the probability of its subset under that rule (SubsetProbability);
//   - the segment: walking the campaign's one order (a permutation drawn from the seed at
//     creation) from the annotator's own starting place (AnnotatorStart: a hash of the
//     name, so annotators spread over the test set instead of all scoring its first
//     segments, as WMT26's one order makes them do), the first segment that has an output
//     of every chosen system and on which the annotator was served none of them; else the
//     first that has them all and one not yet served to the annotator. When neither exists,
//     the rule draws again (up to 16 times; the recorded probability is of the subset drawn
//     last); then NotFound ("nothing left for this annotator");
//   - the display order is the drawn subset shuffled uniformly (recorded).
//   Document screens (document_screens): the unit is a document instead of a segment: the
//   campaign's order is one of documents, a document is eligible when every chosen system
//   has an output for each of its segments, the screen shows them all in table order, and a
//   submission holds one answer per (system, segment) (a missing one is named with its
//   segment). An attention check degrades one segment of one output, and passes when every
//   other output scores above it on that segment. On the board each segment of a document
//   screen is one screen, sharing the screen id.
//
//   Screen i (1-based, counting every screen served since Create, or since SetEpoch) draws
//   from Rng(DeriveSeed(seed, i)) and is named "s" + i; after SetEpoch(e), e > 0 (a server's
//   boot: served screens are not stored, so ids and streams must not repeat those of an
//   earlier boot), from Rng(DeriveSeed(DeriveSeed(seed, e), i)), named "e" + e + "-s" + i.
//   So the screens served are a function of the seed, the epoch, the answers applied and
//   the calls (annotators, times).
//
//   CheckSubmission says whether an annotator's answers may be stored: the screen was
//   served to that annotator (NotFound for an unknown screen id, FailedPrecondition for
//   another annotator's), the campaign is open (FailedPrecondition), and the answers hold
//   exactly the screen's systems, each once, with scores in [score_min, score_max]
//   (InvalidArgument naming the system not on the screen, the system twice, or the system
//   of the screen without an answer). A screen already applied: OK when the answers are
//   identical (a repeat; `*repeat` set), AlreadyExists otherwise. An expired lease does not
//   stop a submission: a screen stays the annotator's until the campaign closes.
//
//   AppliedScreenOf builds the record to store from a checked submission (the served
//   screen, its answers in display order, whether a check passed); ApplyScreen records one
//   in commit order (a replayed one after a restart too: the record carries everything)
//   and returns false for a screen id already applied (nothing changes).
//
//   Leases: a served screen counts as open for lease_ms (OpenScreens, ScreensOf: the
//   service caps them per annotator); it is released when applied.
//
//   Screens() gives the applied screens that are not checks as ContrastiveScreens, the
//   input of the board (sequential/contrastive_board.h) and of WMT26's rule.
//   Costs: ProposeScreen O(segments + n² + the rule), CheckSubmission O(k log leases),
//   ApplyScreen O(k²).
// Thread safety: not thread-safe; callers serialise mutators (ProposeScreen, ApplyScreen).
#ifndef TOURNEY_CAMPAIGNS_CONTRASTIVE_CAMPAIGN_H_
#define TOURNEY_CAMPAIGNS_CONTRASTIVE_CAMPAIGN_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tourney/core/contrastive_screens.h"
#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"
#include "tourney/selection/screen_assignment.h"

namespace tourney {

struct ContrastiveCampaignConfig {
  ScoredSegments table;  // systems, documents, segments (an output per row)
  ScreenAssignment assignment = ScreenAssignment::kAdaptive;
  AssignmentOptions options;    // k (screen size), coldstart, explore
  double attention_rate = 0.0;  // share of screens that are attention checks, [0, 0.5]
  double score_min = 0.0;       // every answer's range (ESA, DA: 0-100)
  double score_max = 100.0;
  int64_t lease_ms = 1800000;   // a served screen counts as open this long (> 0)
  uint64_t seed = 1;
  // Document screens (WMT26's unit): a screen shows one document's segments in order for
  // each of the k systems, answered per (system, segment). Default: one segment a screen.
  bool document_screens = false;
};

// OK, or InvalidArgument naming the field: fewer than 2 systems, CheckAssignmentOptions,
// attention_rate outside [0, 0.5], score_min >= score_max or not finite, lease_ms <= 0.
Status ValidateContrastiveCampaignConfig(const ContrastiveCampaignConfig& config);

// A screen as served.
struct ServedScreen {
  std::string screen_id;
  std::string annotator;
  int segment = 0;              // segments.front()
  std::vector<int> segments;    // shown, in order (indices into table.segment_ids): one, or a
                                // document's on a document screen
  std::vector<int> systems;     // display order (indices into table.systems)
  double selection_probability = 0.0;  // of the subset under the rule (checks: 1 / C(n, k))
  int attention_position = -1;  // the degraded output's index into `systems`; -1: no check
  int attention_segment = -1;   // the degraded segment's index into `segments` (a check)
  uint64_t attention_seed = 0;  // the degraded text's seed (ShuffleWords)
  int64_t served_ms = 0;
  int64_t lease_expires_ms = 0;
};

// One answer of a submission: a system of the screen and, on a document screen, a segment
// of it (index into table.segment_ids; ignored on a segment screen).
struct ScreenScore {
  int system = 0;
  int segment = -1;
  double score = 0.0;
};

// A screen as applied: served, answered (display order) and stored.
struct AppliedScreen {
  ServedScreen served;
  // scores[i * segments + j]: system i of served.systems (display order) on segment j of
  // served.segments.
  std::vector<double> scores;
  bool attention_passed = false;   // a check: every clean score above the degraded one
};

// Where `annotator` starts in a campaign order of `segments` segments: FNV-1a of the name
// modulo segments.
size_t AnnotatorStart(std::string_view annotator, size_t segments);

class ContrastiveCampaign {
 public:
  static StatusOr<std::unique_ptr<ContrastiveCampaign>> Create(ContrastiveCampaignConfig config);

  ContrastiveCampaign(const ContrastiveCampaign&) = delete;
  ContrastiveCampaign& operator=(const ContrastiveCampaign&) = delete;

  const ContrastiveCampaignConfig& config() const { return config_; }
  int num_systems() const { return static_cast<int>(config_.table.systems.size()); }
  // The campaign's order of units: segments, or documents on document screens.
  const std::vector<int>& SegmentOrder() const { return segment_order_; }

  // The next screen for `annotator` at now_ms (see the header). InvalidArgument for an
  // empty name; FailedPrecondition when closed; NotFound when nothing is left for them.
  StatusOr<ServedScreen> ProposeScreen(std::string_view annotator, int64_t now_ms);

  // A served (not necessarily applied) screen, or nullptr.
  const ServedScreen* Served(std::string_view screen_id) const;
  // An applied screen, or nullptr.
  const AppliedScreen* Applied(std::string_view screen_id) const;

  // Whether `annotator` may store `answers` (system index, score) for `screen_id`; see the
  // header. `*repeat` is set when the screen was applied with these very answers.
  Status CheckSubmission(std::string_view annotator, std::string_view screen_id,
                         const std::vector<ScreenScore>& answers, bool* repeat) const;

  // The record to store for a submission CheckSubmission accepted (not a repeat).
  AppliedScreen AppliedScreenOf(std::string_view screen_id,
                                const std::vector<ScreenScore>& answers) const;

  // Records `screen` (its ids must be in range: InvalidArgument otherwise); false for a
  // screen id already applied.
  StatusOr<bool> ApplyScreen(const AppliedScreen& screen);

  // Applied screens in commit order, checks included.
  const std::vector<AppliedScreen>& applied() const { return applied_; }
  // The applied screens that are not checks, for the boards.
  const ContrastiveScreens& Screens() const { return screens_; }
  int64_t num_served() const { return serial_; }
  // Starts the ids and random streams of boot `epoch` (see the header); serial restarts at 1.
  void SetEpoch(uint64_t epoch) {
    epoch_ = epoch;
    serial_ = 0;
  }

  // Screens served and not applied whose lease is unexpired at now_ms, in all and of one
  // annotator.
  int OpenScreens(int64_t now_ms) const;
  int ScreensOf(std::string_view annotator, int64_t now_ms) const;

  void Close() { closed_ = true; }
  void Reopen() { closed_ = false; }
  bool closed() const { return closed_; }

 private:
  explicit ContrastiveCampaign(ContrastiveCampaignConfig config);
  bool HasOutput(int system, int segment) const {
    return has_[static_cast<size_t>(system) * num_segments_ + segment] != 0;
  }
  // (segment, system) keys the annotator was served.
  std::unordered_set<int64_t>& ServedTo(const std::string& annotator);
  int FindSegment(const std::unordered_set<int64_t>& done, const std::vector<int>& systems,
                  size_t start) const;
  int AnnotatorIndex(const std::string& name);

  const ContrastiveCampaignConfig config_;
  int num_segments_ = 0;
  std::vector<uint8_t> has_;          // [system][segment]
  std::vector<int> segment_order_;                  // the units (segments or documents)
  std::vector<std::vector<int>> unit_segments_;     // per unit: its segments in order
  int64_t serial_ = 0;
  uint64_t epoch_ = 0;
  bool closed_ = false;
  ScreenTally tally_;
  std::unordered_map<std::string, ServedScreen> served_;     // by screen id, until applied
  std::unordered_map<std::string, size_t> applied_index_;    // by screen id
  std::vector<AppliedScreen> applied_;
  std::unordered_map<std::string, std::unordered_set<int64_t>> served_to_;
  std::unordered_map<std::string, int> annotator_index_;     // into screens_.annotators
  ContrastiveScreens screens_;
};

}  // namespace tourney

#endif  // TOURNEY_CAMPAIGNS_CONTRASTIVE_CAMPAIGN_H_
