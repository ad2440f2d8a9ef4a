// tourney compare A B : how far two rankings of the same systems agree.
#include <iostream>

#include "commands.h"
#include "common.h"
#include "ranking_file.h"
#include "render/ranking_comparison_format.h"
#include "tourney/statistics/ranking_comparison.h"

namespace tourney::cli {

int RunCompare(int argc, char** argv) {
  Flags flags("tourney compare A B [--rbo-p P] [--format F]",
              "Compares two rankings of the same systems (two models, two metrics, two\n"
              "campaigns): Kendall's tau-b, Spearman's rho and Pearson's r of the scores,\n"
              "Pearson Rank (Gao & Oard 2016: head-weighted and gap-sensitive, with A as the\n"
              "reference) and rank-biased overlap (Webber et al. 2010) of the orders, over the\n"
              "systems both name. When both are clustered (`tourney cluster`), every pair of\n"
              "systems is classed by whether each ranking separates it and in which\n"
              "direction. Systems present in only one ranking are named.\n"
              "A and B are tourney JSON (`--format json`), tourney CSV (`--format csv`), WMT's\n"
              "official results (`SYSTEM SCORE (LO, HI)` lines, clusters between lines of '+',\n"
              "as WMT16's results/*.txt) or a plain ranked list, one system per line, best\n"
              "first (scores are then the reversed positions). '-' reads standard input.");
  flags.Add("rbo-p", "P", "0.9", "persistence of rank-biased overlap, in (0, 1)");
  flags.Add("format", "F", "table", "output: table, json, csv, latex or markdown");
  flags.AddExample(
      "tourney cluster train.csv --format json > ew.json && tourney cluster "
      "train.csv --model trueskill --format json > ts.json && tourney compare "
      "ew.json ts.json",
      "how far Expected Wins and TrueSkill agree, clusters included");
  flags.AddExample("tourney compare official.txt ew.csv --format json",
                   "a published ranked list against a tourney CSV leaderboard");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "compare", &code)) return code;
  if (flags.positionals().size() != 2) {
    return ReportError("compare",
                       InvalidArgument("expected two rankings, A and B (got " +
                                       std::to_string(flags.positionals().size()) + ")"));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError("compare", format.status());
  auto p = flags.GetDouble("rbo-p");
  if (!p.ok()) return ReportError("compare", p.status());
  if (!(*p > 0.0 && *p < 1.0)) {
    return ReportError("compare", InvalidArgument("option '--rbo-p': must be strictly between "
                                                  "0 and 1"));
  }
  const std::string& path_a = flags.positionals()[0];
  const std::string& path_b = flags.positionals()[1];
  if (path_a == "-" && path_b == "-") {
    return ReportError("compare", InvalidArgument("only one of A and B can be standard input"));
  }
  auto a = ReadRankingFile(path_a);
  if (!a.ok()) return ReportError("compare", a.status());
  auto b = ReadRankingFile(path_b);
  if (!b.ok()) return ReportError("compare", b.status());
  auto comparison = CompareRankings(*a, *b, *p);
  if (!comparison.ok()) return ReportError("compare", comparison.status());
  std::cout << FormatRankingComparison(*comparison, {path_a, path_b, a->size(), b->size()},
                                       *format);
  return kExitOk;
}

}  // namespace tourney::cli
