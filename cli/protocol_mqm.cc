// tourney cluster --protocol mqm | mqm-holm: MQM error points with the WMT rank-sum clusters on
// segment MQM, beside tourney's paired Holm clusters (docs/wmt-protocols.md). `tourney rank
// --protocol mqm` (protocol_commands.cc) prints the board without clusters.
#include <iostream>
#include <string>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "protocol_commands.h"
#include "render/protocol_format.h"
#include "tourney/protocols/holm_separations.h"
#include "tourney/protocols/mqm_clusters.h"
#include "tourney/protocols/protocol_leaderboards.h"

namespace tourney::cli {

int RunMqmCluster(const Flags& flags, const std::string& protocol) {
  const std::string command = "cluster";
  if (Status s = CheckProtocolFlags(flags, command, protocol); !s.ok()) {
    return ReportError(command, s);
  }
  for (const char* flag : {"qc-filter", "da-moments"}) {
    if (flags.IsSet(flag)) {
      return ReportError(command, InvalidArgument(std::string("option '--") + flag +
                                                  "' does not apply to --protocol " + protocol));
    }
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command, InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                                "layout; --protocol " + protocol +
                                                " prints table, json, csv, markdown or latex"));
  }
  auto mqm = ScoreMqmInput(flags);
  if (!mqm.ok()) return ReportError(command, mqm.status());
  auto scores = MqmScoresAsDa(*mqm);
  if (!scores.ok()) return ReportError(command, scores.status());
  auto official = RankWmtDa(*scores);
  if (!official.ok()) return ReportError(command, official.status());
  auto holm = SeparatePairedHolm(*scores, official->order);
  if (!holm.ok()) return ReportError(command, holm.status());
  const bool holm_board = protocol == "mqm-holm";
  WmtDaReport report;
  report.scores = &*scores;
  report.official = &*official;
  report.holm = &*holm;
  report.scale = ProtocolScale::kMqm;
  if (Status s = WriteProtocolPlot(flags, report, holm_board); !s.ok()) {
    return ReportError(command, s);
  }
  if (*format == OutputFormat::kJson) {
    Leaderboard board = MqmClusterLeaderboard(*mqm, *official);
    if (holm_board) {
      board.model = "mqm-holm";
      for (LeaderboardEntry& e : board.entries) {
        for (size_t s = 0; s < mqm->systems.size(); ++s) {
          if (mqm->systems[s] == e.system) e.cluster = holm->cluster[s];
        }
      }
    }
    std::cout << LeaderboardJson(board);
    return kExitOk;
  }
  if (*format == OutputFormat::kTable) {
    std::cout << FormatWmtDaText(report, holm_board);
    return kExitOk;
  }
  auto text = FormatWmtDaTable(report, holm_board, *format);
  if (!text.ok()) return ReportError(command, text.status());
  std::cout << *text;
  return kExitOk;
}

}  // namespace tourney::cli
