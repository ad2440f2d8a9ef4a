// tourney cluster --protocol wmt-da | wmt-da-holm, tourney rank --protocol mqm.
#include "protocol_commands.h"

#include <iostream>
#include <string>
#include <vector>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "render/leaderboard_format.h"
#include "render/protocol_format.h"
#include "tourney/ingest/mqm_error_reader.h"
#include "tourney/ingest/wmt_da_reader.h"
#include "tourney/statistics/protocol_leaderboards.h"

namespace tourney::cli {
namespace protocol_command_detail {

// The flags of the other protocols and models, which these protocols do not read: naming one
// is an error rather than silently ignored.
Status RefuseOtherFlags(const Flags& flags, const std::string& protocol,
                        const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    if (flags.IsSet(name)) {
      return InvalidArgument("option '--" + name + "' does not apply to --protocol " + protocol);
    }
  }
  return Status::Ok();
}

Status OneInput(const Flags& flags, const std::string& protocol) {
  if (flags.positionals().size() != 1) {
    return InvalidArgument("--protocol " + protocol + " reads exactly one file (got " +
                           std::to_string(flags.positionals().size()) + ")");
  }
  return Status::Ok();
}

}  // namespace protocol_command_detail

void AddWmtDaFlags(Flags& flags) {
  flags.Add("da-moments", "FILE", "",
            "--protocol wmt-da: the annotators' means and SDs (ad-*-trk-mean-sd.txt) that give "
            "the raw scores; default: the one beside the input, if any; 'none' for none");
}

void AddMqmFlags(Flags& flags) {
  flags.Add("mqm-weights", "SPEC", "",
            "--protocol mqm: error weights SEVERITY[/CATEGORY]:W, comma-separated (most "
            "specific rule wins); default Google's: Major 5, Minor 1, Neutral and No-error 0, "
            "Minor/Fluency/Punctuation 0.1, Non-translation! 25 (docs/wmt-protocols.md)");
}

int RunWmtDaCluster(const Flags& flags, const std::string& protocol) {
  using protocol_command_detail::OneInput;
  using protocol_command_detail::RefuseOtherFlags;
  const std::string command = "cluster";
  if (Status s = RefuseOtherFlags(flags, protocol,
                                  {"model", "bootstrap", "confidence", "resample",
                                   "no-count-shortcut", "plot", "whiskers", "output-dir",
                                   "language-pair", "looks", "looks-budget", "input-format",
                                   "exclude-annotators", "min-annotator-rankings"});
      !s.ok()) {
    return ReportError(command, s);
  }
  if (Status s = OneInput(flags, protocol); !s.ok()) return ReportError(command, s);
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command, InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                                "layout; --protocol " + protocol +
                                                " prints table, json, csv, markdown or latex"));
  }
  WmtDaReadOptions read;
  read.moments_path = flags.Get("da-moments");
  auto judgments = ReadWmtDaJudgments(flags.positionals().front(), read);
  if (!judgments.ok()) return ReportError(command, judgments.status());
  auto scores = ComputeDaScores(*judgments);
  if (!scores.ok()) return ReportError(command, scores.status());
  auto official = RankWmtDa(*scores);
  if (!official.ok()) return ReportError(command, official.status());
  auto holm = SeparatePairedHolm(*scores, official->order);
  if (!holm.ok()) return ReportError(command, holm.status());
  const bool holm_board = protocol == "wmt-da-holm";
  if (*format == OutputFormat::kJson) {
    const Leaderboard board = holm_board ? WmtDaHolmLeaderboard(*scores, *holm)
                                         : WmtDaLeaderboard(*scores, *official);
    std::cout << LeaderboardJson(board);
    return kExitOk;
  }
  WmtDaReport report;
  report.scores = &*scores;
  report.official = &*official;
  report.holm = &*holm;
  report.annotators = static_cast<int64_t>(judgments->annotators.size());
  report.type_counts = judgments->type_counts;
  if (*format == OutputFormat::kTable) {
    std::cout << FormatWmtDaText(report, holm_board);
    return kExitOk;
  }
  auto text = FormatWmtDaTable(report, holm_board, *format);
  if (!text.ok()) return ReportError(command, text.status());
  std::cout << *text;
  return kExitOk;
}

int RunMqmRank(const Flags& flags) {
  using protocol_command_detail::OneInput;
  using protocol_command_detail::RefuseOtherFlags;
  const std::string command = "rank";
  if (Status s = RefuseOtherFlags(flags, "mqm",
                                  {"model", "covariates", "language-pair", "input-format",
                                   "exclude-annotators", "min-annotator-rankings"});
      !s.ok()) {
    return ReportError(command, s);
  }
  if (Status s = OneInput(flags, "mqm"); !s.ok()) return ReportError(command, s);
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  std::vector<MqmWeightRule> rules = DefaultMqmWeights();
  if (flags.IsSet("mqm-weights")) {
    auto parsed = ParseMqmWeights(flags.Get("mqm-weights"));
    if (!parsed.ok()) {
      return ReportError(command, InvalidArgument("option '--mqm-weights': " +
                                                  parsed.status().message()));
    }
    rules = std::move(*parsed);
  }
  const std::string& path = flags.positionals().front();
  auto errors = ReadMqmErrors(path);
  if (!errors.ok()) return ReportError(command, errors.status());
  auto scores = ScoreMqm(*errors, rules, path == "-" ? "<stdin>" : path);
  if (!scores.ok()) return ReportError(command, scores.status());
  if (*format == OutputFormat::kJson) {
    std::cout << LeaderboardJson(MqmLeaderboard(*scores));
    return kExitOk;
  }
  auto text = FormatMqm(*scores, *format);
  if (!text.ok()) return ReportError(command, text.status());
  std::cout << *text;
  return kExitOk;
}

}  // namespace tourney::cli
