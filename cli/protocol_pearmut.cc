// tourney cluster|rank --protocol pearmut: Pearmut's own ranking of its annotation log,
// reproduced, beside tourney's paired Holm clusters (docs/wmt-protocols.md).
#include <iostream>
#include <string>
#include <vector>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "protocol_commands.h"
#include "render/platform_format.h"
#include "tourney/ingest/pearmut_log_reader.h"
#include "tourney/protocols/esa_scores.h"
#include "tourney/protocols/protocol_leaderboards.h"

namespace tourney::cli {

int RunPearmutProtocol(const Flags& flags, const std::string& command) {
  if (Status s = CheckProtocolFlags(flags, command, "pearmut"); !s.ok()) {
    return ReportError(command, s);
  }
  if (flags.IsSet("plot")) {
    return ReportError(command, InvalidArgument("option '--plot' does not apply to --protocol "
                                                "pearmut (wmt-da, esa and mqm draw one)"));
  }
  for (const char* flag : {"qc-filter", "da-moments", "mqm-weights"}) {
    if (flags.IsSet(flag)) {
      return ReportError(command, InvalidArgument(std::string("option '--") + flag +
                                                  "' does not apply to --protocol pearmut"));
    }
  }
  const std::string input_format = flags.Get("input-format");
  if (input_format != "auto" && input_format != "pearmut-log") {
    return ReportError(command, InvalidArgument("option '--input-format': --protocol pearmut "
                                                "reads a Pearmut annotation log (pearmut-log)"));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command, InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                                "layout; --protocol pearmut prints table, json, "
                                                "csv, markdown or latex"));
  }
  auto log = ReadPearmutLog(flags.positionals().front());
  if (!log.ok()) return ReportError(command, log.status());
  auto ranking = RankLikePearmut(log->scores);
  if (!ranking.ok()) return ReportError(command, ranking.status());
  if (*format == OutputFormat::kJson) {
    std::cout << LeaderboardJson(PearmutLeaderboard(log->scores, *ranking));
    return kExitOk;
  }
  // tourney's side: the non-validation scores on the raw scale, Pearmut's order.
  auto scores = ComputeEsaScores(log->judgments);
  if (!scores.ok()) return ReportError(command, scores.status());
  std::vector<int> order;
  for (const PearmutEntry& e : ranking->entries) {
    if (scores->system_scores[e.model].segments > 0) order.push_back(e.model);
  }
  auto holm = SeparatePairedHolm(*scores, order);
  if (!holm.ok()) return ReportError(command, holm.status());
  PearmutReport report;
  report.scores = &log->scores;
  report.ranking = &*ranking;
  report.tourney = &*scores;
  report.holm = &*holm;
  report.validation_scores = log->validation_scores;
  report.surviving_lines = SurvivingPearmutLines(*ranking, *holm);
  if (*format == OutputFormat::kTable) {
    std::cout << FormatPearmutText(report);
    return kExitOk;
  }
  auto text = FormatPearmutTable(report, *format);
  if (!text.ok()) return ReportError(command, text.status());
  std::cout << *text;
  return kExitOk;
}

}  // namespace tourney::cli
