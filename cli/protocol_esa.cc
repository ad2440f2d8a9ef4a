// tourney cluster|rank --protocol esa | esa-holm: the ESA ranking of an Appraise ESA export
// (docs/wmt-protocols.md).
#include <iostream>
#include <string>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "protocol_commands.h"
#include "render/protocol_format.h"
#include "tourney/ingest/score_input.h"
#include "tourney/protocols/esa_scores.h"
#include "tourney/protocols/protocol_leaderboards.h"

namespace tourney::cli {

int RunEsaProtocol(const Flags& flags, const std::string& command, const std::string& protocol) {
  if (Status s = CheckProtocolFlags(flags, command, protocol); !s.ok()) {
    return ReportError(command, s);
  }
  if (flags.IsSet("mqm-weights") || flags.IsSet("da-moments")) {
    return ReportError(command, InvalidArgument("options '--mqm-weights' and '--da-moments' do "
                                                "not apply to --protocol " + protocol));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command,
                       InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                       "layout; --protocol " +
                                       protocol + " prints table, json, csv, markdown or latex"));
  }
  auto input_format = ParseScoreInputFormat(flags.Get("input-format"));
  if (!input_format.ok()) return ReportError(command, input_format.status());
  if (*input_format == ScoreInputFormat::kWmtDa || *input_format == ScoreInputFormat::kGoogleMqm) {
    return ReportError(command, InvalidArgument("option '--input-format': --protocol esa reads "
                                                "an Appraise score export (appraise-csv) or a "
                                                "Pearmut log (pearmut-log), tourney's export (tourney-scores) or "
                                                "WMT25's humeval JSONL (wmt25-humeval)"));
  }
  auto input = ReadScoreJudgments(flags.positionals().front(), *input_format, {},
                                  ScoreInputFormat::kAppraiseCsv);
  if (!input.ok()) return ReportError(command, input.status());
  DaJudgments& judgments = input->judgments;
  auto qc = ApplyQualityControlFlag(flags, &judgments);
  if (!qc.ok()) return ReportError(command, qc.status());
  auto scores = ComputeEsaScores(judgments);
  if (!scores.ok()) return ReportError(command, scores.status());
  auto official = RankWmtDa(*scores);
  if (!official.ok()) return ReportError(command, official.status());
  auto holm = SeparatePairedHolm(*scores, official->order);
  if (!holm.ok()) return ReportError(command, holm.status());
  const bool holm_board = protocol == "esa-holm";
  WmtDaReport report;
  report.scores = &*scores;
  report.official = &*official;
  report.holm = &*holm;
  report.annotators = static_cast<int64_t>(judgments.annotators.size());
  report.type_counts = judgments.type_counts;
  report.scale = ProtocolScale::kEsa;
  if (Status s = WriteProtocolPlot(flags, report, holm_board); !s.ok()) {
    return ReportError(command, s);
  }
  if (*format == OutputFormat::kJson) {
    Leaderboard board =
        holm_board ? WmtDaHolmLeaderboard(*scores, *holm) : EsaLeaderboard(*scores, *official);
    if (holm_board) board.model = "esa-holm";
    std::cout << LeaderboardJson(board);
    return kExitOk;
  }
  if (*format == OutputFormat::kTable) {
    std::cout << FormatWmtDaText(report, holm_board) << *qc;
    return kExitOk;
  }
  auto text = FormatWmtDaTable(report, holm_board, *format);
  if (!text.ok()) return ReportError(command, text.status());
  std::cout << *text;
  return kExitOk;
}

}  // namespace tourney::cli
