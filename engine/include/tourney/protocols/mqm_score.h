// MQM scores from error rows: weights by severity and category, segment scores averaged over
// raters, system scores averaged over segments (Freitag et al. 2021, "Experts, Errors, and
// Context", TACL 9, section 3.2 and Table 2; google/wmt-mqm-human-evaluation README;
// mt-metrics-eval's score_mqm.py defaults).
//
// DESCRIPTION
//   An error row weighs by the most specific rule matching its severity and category: a rule
//   `Severity` matches every category, `Severity/Category` matches that category and its
//   subcategories (`Minor/Fluency` matches `Fluency/Punctuation`), and the rule with the
//   longest category wins. Defaults (Google's): Major 5, Minor 1, Neutral 0, No-error 0,
//   Minor/Fluency/Punctuation 0.1, Major/Non-translation! 25 and Minor/Non-translation! 25
//   (a segment too garbled to annotate: five Major errors). Severity and category names
//   compare case-insensitively.
//   Segment score of (system, segment) = the mean over the raters who rated it of each
//   rater's sum of weights; system score = the mean of its segment scores. 0 is perfect;
//   lower is better. O(rows log rows).
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_MQM_SCORE_H_
#define TOURNEY_PROTOCOLS_MQM_SCORE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/mqm_errors.h"
#include "tourney/core/status.h"

namespace tourney {

struct MqmWeightRule {
  std::string severity;  // "Major", "Minor", ...
  std::string category;  // empty = any category
  double weight = 0.0;

  bool operator==(const MqmWeightRule&) const = default;
};

// Google's default rules (see DESCRIPTION).
std::vector<MqmWeightRule> DefaultMqmWeights();

// Rules from a comma-separated list "Major:5,Minor:1,Minor/Fluency/Punctuation:0.1"; each
// entry is SEVERITY[/CATEGORY]:WEIGHT, the weight a finite number >= 0. InvalidArgument
// naming the entry otherwise.
StatusOr<std::vector<MqmWeightRule>> ParseMqmWeights(std::string_view spec);

// The weight of an error of `severity` and `category` under `rules`; NotFound when no rule
// matches its severity.
StatusOr<double> MqmErrorWeight(const std::vector<MqmWeightRule>& rules,
                                std::string_view severity, std::string_view category);

struct MqmSegmentScore {
  int32_t system = 0;   // index into MqmErrors::systems
  int64_t segment = 0;  // seg_id
  double score = 0.0;   // mean over raters of the rater's weighted error sum
  int raters = 0;
};

struct MqmSystemScore {
  double score = 0.0;  // mean over segments
  int64_t segments = 0;
  int64_t errors = 0;  // rows with a non-zero weight
};

struct MqmScores {
  std::vector<std::string> systems;
  std::vector<MqmSegmentScore> segments;     // sorted by system id, then segment
  std::vector<MqmSystemScore> system_scores;  // per system id
  int64_t error_rows = 0;                     // rows read (No-error rows included)
};

// The scores of `errors` under `rules`. InvalidArgument naming the first row (FILE:LINE
// through `name`) whose severity no rule weighs.
StatusOr<MqmScores> ScoreMqm(const MqmErrors& errors, const std::vector<MqmWeightRule>& rules,
                             std::string_view name = "input");

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_MQM_SCORE_H_
