// One input of a score protocol (see tourney/ingest/score_input.h).
#include "tourney/ingest/score_input.h"

#include <charconv>
#include <string>
#include <string_view>
#include <utility>

#include "ingest/content_tsv.h"
#include "ingest/input_file.h"
#include "tourney/ingest/mqm_error_reader.h"
#include "tourney/ingest/pearmut_log_reader.h"
#include "tourney/ingest/tourney_scores_reader.h"
#include "tourney/ingest/wmt25_humeval_reader.h"

namespace tourney {
namespace score_input_detail {

// The bytes LooksLikeAppraiseScores sees: enough for the first record of any export.
constexpr size_t kScoreInputHead = size_t{1} << 16;

bool IsAppraise(ScoreInputFormat format, std::string_view text) {
  if (format == ScoreInputFormat::kAppraiseCsv) return true;
  return format == ScoreInputFormat::kAuto &&
         LooksLikeAppraiseScores(text.substr(0, kScoreInputHead));
}

bool IsPearmut(ScoreInputFormat format, std::string_view text) {
  if (format == ScoreInputFormat::kPearmutLog) return true;
  return format == ScoreInputFormat::kAuto && LooksLikePearmutLog(text.substr(0, kScoreInputHead));
}

bool IsWmt25(ScoreInputFormat format, std::string_view text) {
  if (format == ScoreInputFormat::kWmt25Humeval) return true;
  return format == ScoreInputFormat::kAuto &&
         LooksLikeWmt25Humeval(text.substr(0, kScoreInputHead));
}

bool IsTourney(ScoreInputFormat format, std::string_view text) {
  if (format == ScoreInputFormat::kTourneyScores) return true;
  return format == ScoreInputFormat::kAuto && LooksLikeTourneyScores(text.substr(0, kScoreInputHead));
}

// An MQM campaign's score is the weighted sum of its error spans, so a score without spans
// is 0. A non-zero one marks the export of a plain, DA or ESA campaign, whose MQM would read
// as 0 for every system: refused, naming the first such line.
Status CheckMqmExport(const TourneyScores& read, std::string_view name) {
  for (size_t i = 0; i < read.judgments.rows.size(); ++i) {
    const DaJudgment& j = read.judgments.rows[i];
    const auto [first, last] = read.spans.OfJudgment(static_cast<int32_t>(i));
    if (first != last || j.raw == 0.0) continue;
    char number[32];
    const auto end = std::to_chars(number, number + sizeof(number), j.raw).ptr;
    return TsvError(name, j.line, "score",
                    "score " + std::string(number, end) +
                        " with no error spans: an MQM campaign's score is its spans' weighted "
                        "sum (0 without spans), so this is the export of a campaign of another "
                        "protocol (plain, da or esa) and --protocol mqm would read 0 for every "
                        "system; rank it with --protocol wmt-da or esa, or tourney estimate");
  }
  return Status::Ok();
}

}  // namespace score_input_detail

StatusOr<ScoreInputFormat> ParseScoreInputFormat(const std::string& name) {
  if (name == "auto") return ScoreInputFormat::kAuto;
  if (name == "appraise-csv") return ScoreInputFormat::kAppraiseCsv;
  if (name == "wmt-da") return ScoreInputFormat::kWmtDa;
  if (name == "google-mqm") return ScoreInputFormat::kGoogleMqm;
  if (name == "pearmut-log") return ScoreInputFormat::kPearmutLog;
  if (name == "tourney-scores") return ScoreInputFormat::kTourneyScores;
  if (name == "wmt25-humeval") return ScoreInputFormat::kWmt25Humeval;
  return InvalidArgument("option '--input-format': '" + name +
                         "' is not a score protocol's input (auto, appraise-csv, wmt-da, "
                         "google-mqm, pearmut-log, tourney-scores or wmt25-humeval)");
}

StatusOr<ScoreJudgments> ReadScoreJudgments(const std::string& path, ScoreInputFormat format,
                                            const WmtDaReadOptions& da_options,
                                            ScoreInputFormat fallback) {
  if (format == ScoreInputFormat::kGoogleMqm) {
    return InvalidArgument("option '--input-format': google-mqm holds error rows, not scores");
  }
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  ScoreJudgments out;
  if (score_input_detail::IsTourney(format, input.text())) {
    auto read = ParseTourneyScores(input.text(), InputDisplayName(path));
    if (!read.ok()) return read.status();
    out.format = ScoreInputFormat::kTourneyScores;
    out.judgments = std::move(read->judgments);
    out.spans = std::move(read->spans);
    return out;
  }
  if (score_input_detail::IsWmt25(format, input.text())) {
    auto read = ParseWmt25Humeval(input.text(), InputDisplayName(path));
    if (!read.ok()) return read.status();
    out.format = ScoreInputFormat::kWmt25Humeval;
    out.judgments = std::move(read->judgments);
    return out;
  }
  if (score_input_detail::IsPearmut(format, input.text())) {
    auto log = ParsePearmutLog(input.text(), InputDisplayName(path));
    if (!log.ok()) return log.status();
    out.format = ScoreInputFormat::kPearmutLog;
    out.judgments = std::move(log->judgments);
    out.spans = std::move(log->spans);
    return out;
  }
  if (score_input_detail::IsAppraise(format, input.text()) ||
      (format == ScoreInputFormat::kAuto && fallback == ScoreInputFormat::kAppraiseCsv)) {
    auto read = ParseAppraiseScores(input.text(), InputDisplayName(path));
    if (!read.ok()) return read.status();
    out.format = ScoreInputFormat::kAppraiseCsv;
    out.layout = read->layout;
    out.judgments = std::move(read->judgments);
    out.spans = std::move(read->spans);
    return out;
  }
  auto judgments = ParseWmtDaJudgmentsOf(input.text(), path, da_options);
  if (!judgments.ok()) return judgments.status();
  out.format = ScoreInputFormat::kWmtDa;
  out.judgments = std::move(*judgments);
  return out;
}

StatusOr<MqmErrors> ReadMqmScoreInput(const std::string& path, ScoreInputFormat format) {
  if (format == ScoreInputFormat::kWmtDa || format == ScoreInputFormat::kPearmutLog ||
      format == ScoreInputFormat::kWmt25Humeval) {
    return InvalidArgument("option '--input-format': --protocol mqm reads error rows (google-mqm "
                           "or appraise-csv)");
  }
  InputText input;
  if (Status s = input.Open(path); !s.ok()) return s;
  if (score_input_detail::IsTourney(format, input.text())) {
    auto read = ParseTourneyScores(input.text(), InputDisplayName(path));
    if (!read.ok()) return read.status();
    if (Status s = score_input_detail::CheckMqmExport(*read, InputDisplayName(path)); !s.ok()) {
      return s;
    }
    return MqmErrorsFromSpans(read->judgments, read->spans);
  }
  if (!score_input_detail::IsAppraise(format, input.text())) {
    return ParseMqmErrors(input.text(), InputDisplayName(path));
  }
  auto read = ParseAppraiseScores(input.text(), InputDisplayName(path));
  if (!read.ok()) return read.status();
  return MqmErrorsFromSpans(read->judgments, read->spans);
}

}  // namespace tourney
