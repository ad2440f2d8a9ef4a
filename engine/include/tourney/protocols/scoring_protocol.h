// ScoringProtocol: what a scoring campaign's annotators give for one item, and how a
// submitted score and its error spans are checked and turned into the stored score.
//
//   plain  a number (the default); spans, when given, are stored with any labels (a page
//          in ESA or MQM mode on a campaign created without a protocol);
//   da     direct assessment: a 0-100 score, no spans (WMT 2017-22; Graham et al. 2017);
//   esa    error span annotation: spans marked "minor" or "major" (no category), then a
//          0-100 score (Kocmi et al. 2024, WMT 2024-);
//   mqm    MQM: spans with a severity ("minor", "major" or "neutral") and a category; the
//          score is the spans' weighted sum under Google's weights (mqm_score.h: Major 5,
//          Minor 1, minor Fluency/Punctuation 0.1, Non-translation! 25, Neutral 0), lower is
//          better, 0 for an output without errors (Freitag et al. 2021).
// Spans must lie inside the output ([start, end) with 0 <= start < end <= its length in
// UTF-16 code units, error_span.h, where the length is known), must not overlap, and are at
// most kMaxErrorSpans per item.
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_SCORING_PROTOCOL_H_
#define TOURNEY_PROTOCOLS_SCORING_PROTOCOL_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "tourney/core/submitted_span.h"
#include "tourney/core/status.h"

namespace tourney {

enum class ScoringProtocol { kPlain, kDa, kEsa, kMqm };

inline constexpr int kMaxErrorSpans = 256;
inline constexpr size_t kMaxSpanLabelBytes = 128;

// "" and "plain", "da", "esa", "mqm" (exactly); InvalidArgument naming the choices otherwise.
StatusOr<ScoringProtocol> ParseScoringProtocol(std::string_view name);
std::string_view ScoringProtocolName(ScoringProtocol protocol);

// Whether a campaign's declared direction and range suit the protocol: da and esa are
// higher-is-better with scores in [0, 100] (a declared range must lie inside it); mqm is
// lower-is-better. InvalidArgument saying what does not fit.
Status CheckProtocolCampaign(ScoringProtocol protocol, bool lower_is_better, double score_min,
                             double score_max);

// The score to store for a submitted `score` with `spans` on an output of `output_length`
// UTF-16 code units (-1: unknown, offsets are checked against nothing but each other).
// InvalidArgument naming the span ("error_spans[2]: ...") or the score: spans under da; an
// unknown severity (esa, mqm); a category under esa, none under mqm; a span outside the
// output, empty or overlapping another; da/esa scores outside [0, 100]; an mqm score that
// differs from the spans' weighted sum by more than 0.05 (the page rounds to 0.1). Under
// mqm the stored score is the weighted sum itself.
StatusOr<double> CheckProtocolScore(ScoringProtocol protocol, double score,
                                    std::span<const SubmittedSpan> spans, int64_t output_length);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_SCORING_PROTOCOL_H_
