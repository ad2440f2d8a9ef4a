// tourney cluster --protocol wmt-da | wmt-da-holm, tourney rank --protocol mqm.
#include "protocol_commands.h"

#include <iostream>
#include <string>
#include <vector>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "render/leaderboard_format.h"
#include "plot_file.h"
#include "render/protocol_format.h"
#include "render/protocol_plot.h"
#include "tourney/ingest/score_input.h"
#include "tourney/protocols/da_quality_control.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/protocol_leaderboards.h"

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

Status CheckProtocolFlags(const Flags& flags, const std::string& command,
                          const std::string& protocol) {
  const std::vector<std::string> others =
      command == "cluster"
          ? std::vector<std::string>{"model", "bootstrap", "confidence", "resample",
                                     "no-count-shortcut", "whiskers", "output-dir",
                                     "language-pair", "looks", "looks-budget",
                                     "exclude-annotators", "min-annotator-rankings"}
          : std::vector<std::string>{"model", "covariates", "language-pair",
                                     "exclude-annotators", "min-annotator-rankings"};
  if (Status s = protocol_command_detail::RefuseOtherFlags(flags, protocol, others); !s.ok()) {
    return s;
  }
  return protocol_command_detail::OneInput(flags, protocol);
}

Status WriteProtocolPlot(const Flags& flags, const WmtDaReport& report, bool holm_board) {
  if (!flags.IsSet("plot")) return Status::Ok();
  if (Status s = CheckOutputFile("plot", flags.Get("plot")); !s.ok()) return s;
  return WritePlotFile(flags.Get("plot"),
                       ProtocolHeadToHeadSvg(report, holm_board, PlotTitles(flags)));
}

void AddWmtDaFlags(Flags& flags) {
  flags.Add("da-moments", "FILE", "",
            "--protocol wmt-da: the annotators' means and SDs (ad-*-trk-mean-sd.txt) that give "
            "the raw scores; default: the one beside the input, if any; 'none' for none");
}

void AddQualityControlFlag(Flags& flags) {
  flags.AddBool("qc-filter",
                "--protocol wmt-da or esa: keep only the annotators who score the BAD (degraded) "
                "copies significantly lower than the originals (one-sided Wilcoxon rank-sum, "
                "p < 0.05, as WMT does); the report counts who passed");
}

StatusOr<std::string> ApplyQualityControlFlag(const Flags& flags, DaJudgments* judgments) {
  if (!flags.GetBool("qc-filter")) return std::string();
  auto qc = CheckDaQuality(*judgments);
  if (!qc.ok()) return Status(qc.status().code(), "option '--qc-filter': " + qc.status().message());
  std::string out = "quality control (--qc-filter): " + std::to_string(qc->passed) + " of " +
                    std::to_string(qc->passed + qc->failed) +
                    " tested annotators passed (BAD copies lower at p < 0.05), " +
                    std::to_string(qc->untested) + " untested (no BAD copy of an original) and "
                    "kept; " + std::to_string(qc->removed_judgments) + " judgments removed (" +
                    std::to_string(qc->removed_system_items) + " system items)";
  if (qc->orphan_bad_items > 0) {
    out += "; " + std::to_string(qc->orphan_bad_items) + " BAD items without their original";
  }
  out += "\n";
  for (const DaAnnotatorCheck& check : qc->annotators) {
    if (!check.tested || check.passed) continue;
    out += "  failed: " + judgments->annotators[check.annotator] + " (p = " +
           std::to_string(check.p_value) + ", " + std::to_string(check.originals) +
           " originals, " + std::to_string(check.bad_items) + " BAD)\n";
  }
  *judgments = KeepPassingAnnotators(*judgments, *qc);
  return out;
}

void AddMqmFlags(Flags& flags) {
  flags.Add("mqm-weights", "SPEC", "",
            "--protocol mqm: error weights SEVERITY[/CATEGORY]:W, comma-separated (most "
            "specific rule wins); default Google's: Major 5, Minor 1, Neutral and No-error 0, "
            "Minor/Fluency/Punctuation 0.1, Non-translation! 25 (docs/wmt-protocols.md)");
}

int RunWmtDaCluster(const Flags& flags, const std::string& protocol) {
  const std::string command = "cluster";
  if (Status s = CheckProtocolFlags(flags, command, protocol); !s.ok()) {
    return ReportError(command, s);
  }
  if (flags.IsSet("mqm-weights")) {
    return ReportError(command, InvalidArgument("option '--mqm-weights' does not apply to "
                                                "--protocol " + protocol));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command, InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                                "layout; --protocol " + protocol +
                                                " prints table, json, csv, markdown or latex"));
  }
  auto input_format = ParseScoreInputFormat(flags.Get("input-format"));
  if (!input_format.ok()) return ReportError(command, input_format.status());
  WmtDaReadOptions read;
  read.moments_path = flags.Get("da-moments");
  auto input = ReadScoreJudgments(flags.positionals().front(), *input_format, read);
  if (!input.ok()) return ReportError(command, input.status());
  if (input->format != ScoreInputFormat::kWmtDa && flags.IsSet("da-moments")) {
    return ReportError(command, InvalidArgument("option '--da-moments' applies to a WMT DA "
                                                "file; this input holds raw scores"));
  }
  if (input->format != ScoreInputFormat::kWmtDa) {
    if (Status s = StandardizeDaJudgments(&input->judgments); !s.ok()) {
      return ReportError(command, s);
    }
  }
  const DaJudgments* judgments = &input->judgments;
  auto qc = ApplyQualityControlFlag(flags, &input->judgments);
  if (!qc.ok()) return ReportError(command, qc.status());
  auto scores = ComputeDaScores(*judgments);
  if (!scores.ok()) return ReportError(command, scores.status());
  auto official = RankWmtDa(*scores);
  if (!official.ok()) return ReportError(command, official.status());
  auto holm = SeparatePairedHolm(*scores, official->order);
  if (!holm.ok()) return ReportError(command, holm.status());
  const bool holm_board = protocol == "wmt-da-holm";
  WmtDaReport report;
  report.scores = &*scores;
  report.official = &*official;
  report.holm = &*holm;
  report.annotators = static_cast<int64_t>(judgments->annotators.size());
  report.type_counts = judgments->type_counts;
  if (Status s = WriteProtocolPlot(flags, report, holm_board); !s.ok()) {
    return ReportError(command, s);
  }
  if (*format == OutputFormat::kJson) {
    const Leaderboard board = holm_board ? WmtDaHolmLeaderboard(*scores, *holm)
                                         : WmtDaLeaderboard(*scores, *official);
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

StatusOr<MqmScores> ScoreMqmInput(const Flags& flags) {
  std::vector<MqmWeightRule> rules = DefaultMqmWeights();
  if (flags.IsSet("mqm-weights")) {
    auto parsed = ParseMqmWeights(flags.Get("mqm-weights"));
    if (!parsed.ok()) {
      return InvalidArgument("option '--mqm-weights': " + parsed.status().message());
    }
    rules = std::move(*parsed);
  }
  // Appraise's MQM exports add a severity "undecided" (an error whose severity the annotator
  // left open): unless the rules weigh it, it weighs as Minor (docs/wmt-protocols.md).
  if (!MqmErrorWeight(rules, "undecided", "").ok()) {
    auto minor = MqmErrorWeight(rules, "Minor", "");
    if (minor.ok()) rules.push_back({"undecided", "", *minor});
  }
  auto input_format = ParseScoreInputFormat(flags.Get("input-format"));
  if (!input_format.ok()) return input_format.status();
  const std::string& path = flags.positionals().front();
  auto errors = ReadMqmScoreInput(path, *input_format);
  if (!errors.ok()) return errors.status();
  return ScoreMqm(*errors, rules, path == "-" ? "<stdin>" : path);
}

int RunMqmRank(const Flags& flags) {
  const std::string command = "rank";
  if (Status s = CheckProtocolFlags(flags, command, "mqm"); !s.ok()) {
    return ReportError(command, s);
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  auto scores = ScoreMqmInput(flags);
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
