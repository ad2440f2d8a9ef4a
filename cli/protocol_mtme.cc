// tourney rank|cluster DIR --input-format mtme --language-pair P --protocol mqm|da|esa: the
// human scores of an mt-metrics-eval folder (tourney/ingest/mtme_reader.h) as a board whose
// score is each system's mean segment score, MTME's `*.sys.score`, with the WMT rank-sum
// clusters on the segment scores (or tourney's paired Holm clusters with a -holm protocol).
#include <iostream>
#include <string>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "protocol_commands.h"
#include "render/leaderboard_format.h"
#include "tourney/ingest/language_pair.h"
#include "tourney/ingest/mtme_reader.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/holm_separations.h"
#include "tourney/protocols/protocol_leaderboards.h"
#include "tourney/protocols/wmt_da_clusters.h"

namespace tourney::cli {

void AddMtmeFlags(Flags& flags) {
  flags.Add("human-score", "NAME", "",
            "--input-format mtme: the human score to read (human-scores/LP.NAME.seg.score: mqm, "
            "da-sqm, esa, or any file's NAME); default by --protocol (mqm → mqm, da → da-sqm, "
            "esa → esa)");
}

int RunMtmeProtocol(const Flags& flags, const std::string& command, const std::string& protocol) {
  for (const char* flag : {"model", "qc-filter", "da-moments", "mqm-weights", "anytime",
                           "covariates", "exclude-annotators", "min-annotator-rankings",
                           "bootstrap", "resample", "looks", "looks-budget", "plot",
                           "whiskers", "confidence", "output-dir", "skip-invalid",
                           "expand-identical"}) {
    if (flags.IsSet(flag)) {
      return ReportError(command, InvalidArgument(std::string("option '--") + flag +
                                                  "' does not apply to --input-format mtme"));
    }
  }
  if (flags.positionals().size() != 1) {
    return ReportError(command, InvalidArgument("--input-format mtme reads exactly one folder "
                                                "(or one .seg.score file)"));
  }
  if (protocol.empty() && flags.Get("human-score").empty()) {
    return ReportError(command, InvalidArgument("--input-format mtme needs --protocol (mqm, "
                                                "da or esa) or --human-score NAME"));
  }
  const bool holm_board = protocol.size() > 5 && protocol.substr(protocol.size() - 5) == "-holm";
  if (holm_board && command == "rank") {
    return ReportError(command, InvalidArgument("option '--protocol': '" + protocol +
                                                "': the Holm clusters are `tourney cluster`'s"));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command, InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                                "layout; --input-format mtme prints table, json, "
                                                "csv, markdown or latex"));
  }
  MtmeReadOptions read;
  if (!flags.Get("language-pair").empty()) {
    auto pair = ParseLanguagePair(flags.Get("language-pair"));
    if (!pair.ok()) {
      return ReportError(command, InvalidArgument("option '--language-pair': " +
                                                  pair.status().message()));
    }
    read.language_pair = *pair;
  }
  read.metrics = {"none"};
  auto set = ReadMtmeEvalSet(flags.positionals().front(), read);
  if (!set.ok()) return ReportError(command, set.status());
  for (const std::string& note : set->notes) {
    std::cerr << "tourney " << command << ": note: " << note << "\n";
  }
  auto name = MtmeHumanScoreForProtocol(*set, protocol, flags.Get("human-score"));
  if (!name.ok()) return ReportError(command, name.status());
  auto judgments = MtmeHumanJudgments(*set, *name);
  if (!judgments.ok()) return ReportError(command, judgments.status());
  auto scores = ComputeDaScores(*judgments);
  if (!scores.ok()) return ReportError(command, scores.status());
  auto official = RankWmtDa(*scores);
  if (!official.ok()) return ReportError(command, official.status());
  Leaderboard board;
  if (holm_board) {
    auto holm = SeparatePairedHolm(*scores, official->order);
    if (!holm.ok()) return ReportError(command, holm.status());
    board = WmtDaHolmLeaderboard(*scores, *holm);
    board.model = "mtme-" + *name + "-holm";
  } else {
    board = EsaLeaderboard(*scores, *official);
    board.model = "mtme-" + *name;
  }
  // The raw column repeats the score (raw = z for these scores): left out.
  for (LeaderboardEntry& e : board.entries) e.raw.reset();
  if (*format == OutputFormat::kJson) {
    std::cout << LeaderboardJson(board);
    return kExitOk;
  }
  std::cout << FormatLeaderboard(board, *format);
  return kExitOk;
}

}  // namespace tourney::cli
