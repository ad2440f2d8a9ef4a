#include "tourney/protocols/scoring_protocol.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tourney/protocols/mqm_score.h"

namespace tourney {
namespace scoring_protocol_detail {

std::string SpanWhere(size_t i) { return "error_spans[" + std::to_string(i) + "]"; }

bool ValidLabel(std::string_view text) {
  if (text.size() > kMaxSpanLabelBytes) return false;
  return std::none_of(text.begin(), text.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

Status CheckSpans(ScoringProtocol protocol, std::span<const SubmittedSpan> spans,
                  int64_t output_length) {
  if (spans.size() > static_cast<size_t>(kMaxErrorSpans)) {
    return InvalidArgument("error_spans: " + std::to_string(spans.size()) + " spans, at most " +
                           std::to_string(kMaxErrorSpans));
  }
  if (!spans.empty() && protocol == ScoringProtocol::kDa) {
    return InvalidArgument("error_spans: the campaign's protocol 'da' takes a score only "
                           "(spans are for esa and mqm)");
  }
  std::vector<std::pair<int32_t, int32_t>> ranges;
  for (size_t i = 0; i < spans.size(); ++i) {
    const SubmittedSpan& s = spans[i];
    const std::string where = SpanWhere(i);
    if (s.start < 0 || s.end <= s.start) {
      return InvalidArgument(where + ": [" + std::to_string(s.start) + ", " +
                             std::to_string(s.end) + ") is not a span (0 <= start < end)");
    }
    if (output_length >= 0 && s.end > output_length) {
      return InvalidArgument(where + ": ends at " + std::to_string(s.end) +
                             ", past the output's " + std::to_string(output_length) +
                             " UTF-16 code units");
    }
    if (!ValidLabel(s.severity) || !ValidLabel(s.category)) {
      return InvalidArgument(where + ": severity and category are at most " +
                             std::to_string(kMaxSpanLabelBytes) +
                             " bytes without control characters");
    }
    if (protocol == ScoringProtocol::kPlain) {
      // Any labels: a plain campaign stores what the page marked.
    } else if (protocol == ScoringProtocol::kEsa) {
      if (s.severity != "minor" && s.severity != "major") {
        return InvalidArgument(where + ": severity '" + s.severity +
                               "' is not an ESA severity (minor or major)");
      }
      if (!s.category.empty()) {
        return InvalidArgument(where + ": ESA spans have no category (got '" + s.category +
                               "')");
      }
    } else {
      if (s.severity != "minor" && s.severity != "major" && s.severity != "neutral") {
        return InvalidArgument(where + ": severity '" + s.severity +
                               "' is not an MQM severity (minor, major or neutral)");
      }
      if (s.category.empty()) return InvalidArgument(where + ": an MQM span needs a category");
    }
    ranges.emplace_back(s.start, s.end);
  }
  std::sort(ranges.begin(), ranges.end());
  for (size_t i = 1; i < ranges.size(); ++i) {
    if (ranges[i].first < ranges[i - 1].second) {
      return InvalidArgument("error_spans: [" + std::to_string(ranges[i - 1].first) + ", " +
                             std::to_string(ranges[i - 1].second) + ") and [" +
                             std::to_string(ranges[i].first) + ", " +
                             std::to_string(ranges[i].second) + ") overlap");
    }
  }
  return Status::Ok();
}

}  // namespace scoring_protocol_detail

StatusOr<ScoringProtocol> ParseScoringProtocol(std::string_view name) {
  if (name.empty() || name == "plain") return ScoringProtocol::kPlain;
  if (name == "da") return ScoringProtocol::kDa;
  if (name == "esa") return ScoringProtocol::kEsa;
  if (name == "mqm") return ScoringProtocol::kMqm;
  return InvalidArgument("protocol '" + std::string(name) +
                         "' is not one of plain, da, esa, mqm");
}

std::string_view ScoringProtocolName(ScoringProtocol protocol) {
  switch (protocol) {
    case ScoringProtocol::kPlain:
      return "plain";
    case ScoringProtocol::kDa:
      return "da";
    case ScoringProtocol::kEsa:
      return "esa";
    case ScoringProtocol::kMqm:
      return "mqm";
  }
  return "plain";
}

Status CheckProtocolCampaign(ScoringProtocol protocol, bool lower_is_better, double score_min,
                             double score_max) {
  const std::string name(ScoringProtocolName(protocol));
  if (protocol == ScoringProtocol::kDa || protocol == ScoringProtocol::kEsa) {
    if (lower_is_better) {
      return InvalidArgument("protocol '" + name + "': scores are higher-is-better "
                             "(lower_is_better must be false)");
    }
    const bool below = std::isfinite(score_min) && score_min < 0.0;
    const bool above = std::isfinite(score_max) && score_max > 100.0;
    if (below || above || std::isnan(score_min) || std::isnan(score_max)) {
      return InvalidArgument("protocol '" + name + "': scores lie in [0, 100]; a declared "
                             "score range must lie inside it");
    }
  }
  if (protocol == ScoringProtocol::kMqm && !lower_is_better) {
    return InvalidArgument("protocol 'mqm': MQM error points are lower-is-better "
                           "(lower_is_better must be true)");
  }
  return Status::Ok();
}

StatusOr<double> CheckProtocolScore(ScoringProtocol protocol, double score,
                                    std::span<const SubmittedSpan> spans, int64_t output_length) {
  if (Status s = scoring_protocol_detail::CheckSpans(protocol, spans, output_length); !s.ok()) {
    return s;
  }
  if (protocol == ScoringProtocol::kDa || protocol == ScoringProtocol::kEsa) {
    if (!(score >= 0.0 && score <= 100.0)) {
      return InvalidArgument("score: " + std::to_string(score) + " is outside [0, 100] (" +
                             std::string(ScoringProtocolName(protocol)) + ")");
    }
  }
  if (protocol != ScoringProtocol::kMqm) return score;
  static const std::vector<MqmWeightRule> rules = DefaultMqmWeights();
  double sum = 0.0;
  for (size_t i = 0; i < spans.size(); ++i) {
    auto w = MqmErrorWeight(rules, spans[i].severity, spans[i].category);
    if (!w.ok()) {
      return InvalidArgument(scoring_protocol_detail::SpanWhere(i) + ": " +
                             w.status().message());
    }
    sum += *w;
  }
  if (!(std::fabs(score - sum) <= 0.05)) {
    return InvalidArgument("score: " + std::to_string(score) +
                           " is not the spans' MQM weighted sum " + std::to_string(sum) +
                           " (Major 5, Minor 1, minor Fluency/Punctuation 0.1, "
                           "Non-translation! 25, Neutral 0)");
  }
  return sum;
}

}  // namespace tourney
