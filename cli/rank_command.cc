// tourney rank FILE... : rate systems and print a leaderboard.
#include <iostream>

#include "anytime_flags.h"
#include "battle_input.h"
#include "battle_rank.h"
#include "commands.h"
#include "common.h"
#include "progress_bar.h"
#include "protocol_commands.h"
#include "render/leaderboard_format.h"
#include "style_control.h"
#include "tourney/core/leaderboard.h"
#include "tourney/selection/rating_models.h"
#include "tourney/sequential/anytime_board.h"

namespace tourney::cli {

int RunRank(int argc, char** argv) {
  Flags flags("tourney rank FILE... [--model M] [--format F] [options]",
              "Rates the systems in one or more judgment files (concatenated) and prints a\n"
              "leaderboard, best first. Files are WMT/Appraise ranking CSV (one k-way ranking\n"
              "per row, rank 1 = best, ties allowed) or pairwise CSV. Nothing is printed on\n"
              "stdout unless the whole input is valid (or --skip-invalid is given).");
  AddModelFlags(flags, "expected-wins");
  flags.Add("format", "F", "table", "output: table, json, csv, latex or markdown");
  flags.Add("seed", "S", "1", "random seed (models that sample)");
  AddInputFlags(flags);
  AddCovariateFlags(flags);
  AddProgressFlag(flags);
  AddAnytimeFlags(flags);
  flags.Add("protocol", "P", "",
            "a named protocol: mqm = MQM error points from a Google MQM per-error TSV "
            "(system, doc, seg_id, rater, category, severity columns) or an Appraise MQM export: "
            "each rater's weighted error sum per segment, averaged over raters, then over "
            "segments; lower is better; esa = mean ESA score per system from an Appraise ESA "
            "export, with rank-sum clusters; pearmut = Pearmut's ranking of its annotation "
            "log, reproduced; cesa = tourney's board of a log of scored screens (contrastive "
            "ESA: a cESA export or a Pearmut log), valid under dynamic assignment; wmt26 = "
            "WMT26's official rule on the same log, labelled; wmt24-esa = WMT24's official ESA "
            "rule on one language pair of an Appraise ESA export (domain macro-average, "
            "per-domain signed-rank tests), labelled (docs/wmt-protocols.md)");
  AddMqmFlags(flags);
  AddMtmeFlags(flags);
  AddWmt24EsaFlags(flags);
  AddQualityControlFlag(flags);
  flags.AddExample("tourney rank mqm_ted_ende.tsv.gz --protocol mqm --format json",
                   "MQM scores per system (entries system and score, lowest first)");
  flags.AddExample("tourney rank mt-metrics-eval-v2 --input-format mtme --language-pair en-de "
                   "--protocol mqm --format json",
                   "WMT23 en-de expert MQM from the mt-metrics-eval layout: each system's mean "
                   "segment score, as its *.sys.score");
  flags.AddExample("tourney rank train.csv", "Expected Wins (WMT12/13), an aligned table");
  flags.AddExample("tourney rank train.csv --model trueskill --seed 1 --format json",
                   "the paper's TrueSkill protocol with match selection, as proto3 JSON");
  flags.AddExample("tourney rank wmt16.xml.gz --language-pair de-en --format latex",
                   "one language pair of an Appraise XML export, as a LaTeX table");
  flags.AddExample("tourney rank battles.jsonl --model bradley-terry --format json",
                   "a Chatbot Arena battle log: Arena Elo scores, 95% sandwich intervals, Arena "
                   "ranks");
  flags.AddExample("tourney rank train.csv --anytime --delta 0.05 --epsilon 0.03",
                   "anytime-valid Expected Wins bounds, certified clusters and rank ranges "
                   "(judgments in file order)");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "rank", &code)) return code;

  const std::string protocol = flags.Get("protocol");
  if (flags.IsSet("wmt24-revision") && protocol != "wmt24-esa") {
    return ReportError("rank", InvalidArgument("option '--wmt24-revision' goes with --protocol "
                                               "wmt24-esa"));
  }
  if (flags.Get("input-format") == "mtme") return RunMtmeProtocol(flags, "rank", protocol);
  if (flags.IsSet("human-score")) {
    return ReportError("rank", InvalidArgument("option '--human-score' goes with "
                                               "--input-format mtme"));
  }
  if (protocol == "mqm") {
    if (flags.IsSet("qc-filter")) {
      return ReportError("rank", InvalidArgument("option '--qc-filter' goes with --protocol "
                                                 "esa"));
    }
    if (flags.IsSet("anytime")) {
      return ReportError("rank", InvalidArgument("option '--anytime' does not apply to "
                                                 "--protocol mqm"));
    }
    return RunMqmRank(flags);
  }
  if (protocol == "esa" || protocol == "esa-holm") {
    if (flags.IsSet("anytime")) {
      return ReportError("rank", InvalidArgument("option '--anytime' does not apply to "
                                                 "--protocol " + protocol));
    }
    return RunEsaProtocol(flags, "rank", protocol);
  }
  if (protocol == "cesa" || protocol == "wmt26") return RunCesaProtocol(flags, "rank", protocol);
  if (protocol == "wmt24-esa") return RunWmt24EsaProtocol(flags, "rank");
  if (protocol == "pearmut") {
    if (flags.IsSet("anytime")) {
      return ReportError("rank", InvalidArgument("option '--anytime' does not apply to "
                                                 "--protocol pearmut"));
    }
    return RunPearmutProtocol(flags, "rank");
  }
  if (!protocol.empty()) {
    return ReportError("rank", InvalidArgument("option '--protocol': '" + protocol +
                                               "' is not a known protocol (mqm, esa, esa-holm, "
                                               "wmt24-esa, pearmut, cesa, wmt26)"));
  }
  if (flags.IsSet("mqm-weights")) {
    return ReportError("rank", InvalidArgument("option '--mqm-weights' goes with --protocol "
                                               "mqm"));
  }
  if (flags.IsSet("qc-filter")) {
    return ReportError("rank", InvalidArgument("option '--qc-filter' goes with --protocol "
                                               "esa"));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError("rank", format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError("rank", InvalidArgument("option '--format': 'wmt' is the WMT15/16 layout "
                                               "of bootstrap rank ranges; use 'tourney cluster "
                                               "--format wmt'"));
  }
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return ReportError("rank", seed.status());
  auto anytime = AnytimeOptionsFromFlags(flags, {"covariates", "interval-level"});
  if (!anytime.ok()) return ReportError("rank", anytime.status());
  if (*anytime) {
    // Every input (battle logs included) as judgments, in file order.
    auto judgments = LoadJudgments(flags.positionals(), flags);
    if (!judgments.ok()) return ReportError("rank", judgments.status());
    auto board = BuildAnytimeBoard(flags, *judgments, **anytime);
    if (!board.ok()) return ReportError("rank", board.status());
    std::cout << FormatLeaderboard(*board, *format);
    return kExitOk;
  }
  if (flags.IsSet("covariates")) return RunStyleControlledRank(flags, *format, *seed);
  auto battle_logs = AllBattleLogInputs(flags.positionals(), flags);
  if (!battle_logs.ok()) return ReportError("rank", battle_logs.status());
  // Annotator filters work on Judgments: filtered battle logs take the general path.
  const bool filtered = flags.IsSet("exclude-annotators") || flags.IsSet("min-annotator-rankings");
  if (*battle_logs && !filtered) return RunBattleLogRank(flags, *format, *seed);
  auto judgments = LoadJudgments(flags.positionals(), flags);
  if (!judgments.ok()) return ReportError("rank", judgments.status());
  auto model = MakeModelFromFlags(flags, judgments->comparisons().size());
  if (!model.ok()) return ReportError("rank", model.status());

  RatingInput input;
  input.num_systems = judgments->num_systems();
  input.comparisons = &judgments->comparisons();
  input.judgments = &*judgments;
  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return ReportError("rank", progress.status());
  ProgressBar bar(*progress, "");
  bar.StartTicker("rating");
  auto result = RateChecked(**model, input, *seed);
  bar.Clear();
  if (!result.ok()) return ReportError("rank", result.status());

  RatedBoardOptions board_options;
  board_options.seed = *seed;
  auto level = flags.GetDouble("interval-level");
  if (level.ok()) board_options.interval_level = *level;
  board_options.stopping = *format == OutputFormat::kJson;
  const Leaderboard board = RatedLeaderboard((*model)->name(), *judgments, *result, board_options);
  std::cout << FormatLeaderboard(board, *format);
  return kExitOk;
}

}  // namespace tourney::cli
