// Live quality control of a campaign's annotators: check items and per-annotator statistics.
//
// DESCRIPTION
//   A campaign may serve a fraction of its matches as checks whose right answer is known:
//   - a repeat shows an annotator an item it judged before (same segment, same systems; the
//     service shows them in a new display order, so answers by position fail). Ranks are
//     compared system by system (the caller puts the original's ranks in the repeat's
//     order). It passes when it reverses no pair the first judgment
//     ordered: for every two entries, "first better" must not become "second better" or the
//     other way round; a tie on either side is tolerated (a near tie may tip either way);
//   - a control match contains a control system (a deliberately degraded output, WMT's "BAD
//     reference"). It passes when the control ranks strictly last: a larger rank than every
//     other entry (a tie with the control fails).
//   Per annotator, ComputeAnnotatorQuality reports the judgments, the checks passed and
//   failed, intra- and inter-annotator agreement, and the mean time per judgment:
//   - agreement is agreement.h's (the WMT findings' definition, Bojar et al. 2013 §3.3):
//     every ranking gives one label (better, worse, tie) per pair of its outputs; pA is the
//     share of agreeing pairs of labels of the same item (segment, output i, output j);
//     pE = P(tie)^2 + 2 ((1 - P(tie)) / 2)^2 from the tie rate; kappa = (pA - pE)/(1 - pE).
//     One difference: an item here is (segment, system a, system b) whichever way round
//     the two were shown (agreement.h keeps the presentation order, as WMT's script did),
//     because a live repeat re-serves its systems in a new order: intra kappa then measures
//     whether the annotator prefers the same system of each pair again, and an annotator
//     who ranks by position (1, 2, 3 every time) scores low instead of 1.
//     Intra: pairs of one annotator's own labels of one item (repeats make them), pE from
//     that annotator's labels in those items. Inter: pairs of its labels with other
//     annotators' labels of the same item, against the campaign's inter pE;
//   - time per judgment: commit time minus lease-issue time, averaged over the judgments
//     whose lease time is known;
//   - a decision on the annotator from its control checks, in commit order: Wald's
//     sequential probability ratio test of "not reading" (the control ranks strictly last
//     with probability 1/k, k the entries of the match: an annotator who ranks without
//     reading treats the k outputs alike, and at most one of them can be strictly last)
//     against "reading" (probability kReadingPassRate), with both error rates
//     kDecisionErrorRate. Each passed check multiplies the likelihood ratio by
//     p1 / (1/k), each failed one by (1 - p1) / (1 - 1/k); the first time it reaches
//     (1 - beta) / alpha = 19 the annotator passes, the first time it falls to
//     beta / (1 - alpha) = 1/19 it fails, and the decision then stands. By Wald's bounds a
//     non-reading annotator passes with probability at most about alpha, however long it
//     works and whenever the decision is read; a reading one fails at most about beta.
//     Until either boundary: undecided. Repeats do not enter it (an annotator who does not
//     read can still repeat itself).
//   Cost: O(L log L) for L labels (agreement.h) plus O(rankings).
// Thread safety: reentrant.
#ifndef TOURNEY_STATISTICS_ANNOTATOR_QUALITY_H_
#define TOURNEY_STATISTICS_ANNOTATOR_QUALITY_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"
#include "tourney/statistics/agreement.h"

namespace tourney {

// Which check a judgment answered.
enum class QualityCheck : uint8_t {
  kNone = 0,     // an ordinary match
  kRepeat = 1,   // a repeat of an earlier item of the same annotator
  kControl = 2,  // a match with the control system, expected last
};

// True when `repeat` reverses no pair that `original` orders (ties on either side
// tolerated). REQUIRES: original.size() == repeat.size() (the same entries, same order).
bool RepeatCheckPasses(std::span<const uint8_t> original, std::span<const uint8_t> repeat);

// True when entry `control` has a larger rank than every other entry.
// REQUIRES: control < ranks.size().
bool ControlCheckPasses(std::span<const uint8_t> ranks, size_t control);

// What quality control knows of a judgment beyond its ranking.
struct JudgmentQuality {
  QualityCheck check = QualityCheck::kNone;
  bool check_passed = false;   // meaningful when check != kNone
  int64_t leased_unix_ms = 0;  // when the match was leased; 0: unknown (imports)
  int64_t committed_unix_ms = 0;
};

// The test's parameters (the DESCRIPTION above).
inline constexpr double kReadingPassRate = 0.9;
inline constexpr double kDecisionErrorRate = 0.05;

enum class AnnotatorDecision : uint8_t { kUndecided = 0, kPass = 1, kFail = 2 };

// "pass", "fail" or "undecided".
const char* AnnotatorDecisionName(AnnotatorDecision d);

// One step of the decision's sequential test (the DESCRIPTION above): a check of a screen of
// k >= 2 outputs (a control ranked strictly last, or a contrastive campaign's degraded output
// scored strictly below the others: chance 1/k for an annotator who does not read) adds its
// term to *log_likelihood_ratio (0 before the first check); the decision it reaches then
// (kUndecided until a boundary). Once decided, the caller stops adding.
AnnotatorDecision AddCheckToDecision(bool passed, int k, double* log_likelihood_ratio);

// One annotator's record.
struct AnnotatorQuality {
  std::string annotator;
  int64_t judgments = 0;
  int64_t checks_passed = 0;
  int64_t checks_failed = 0;
  std::optional<double> pass_rate;    // passed / (passed + failed); nullopt without checks
  AgreementCounts intra;              // own pairs of labels (repeats)
  std::optional<double> intra_kappa;  // nullopt without comparable pairs
  AgreementCounts inter;              // pairs with other annotators' labels
  std::optional<double> inter_kappa;  // against the campaign's inter pE
  int64_t timed_judgments = 0;        // judgments with a known lease time
  std::optional<double> mean_seconds_per_judgment;  // nullopt without timed judgments
  int64_t control_checks = 0;                       // control checks, passed or failed
  int64_t control_passed = 0;
  AnnotatorDecision decision = AnnotatorDecision::kUndecided;
  int64_t decided_after = 0;      // control checks when the decision was reached; 0: none
  double log_likelihood_ratio = 0.0;  // ln of the ratio after the deciding (or last) check
};

// Per-annotator quality of `judgments`; quality[i] describes ranking i. Rankings without an
// annotator are left out; rankings without a segment id count everywhere except in
// agreement. Annotators in name order. InvalidArgument when the sizes differ.
StatusOr<std::vector<AnnotatorQuality>> ComputeAnnotatorQuality(
    const Judgments& judgments, std::span<const JudgmentQuality> quality);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_ANNOTATOR_QUALITY_H_
