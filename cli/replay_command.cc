// tourney replay: a complete scoring campaign replayed through the live campaign engine under
// each serving policy (engine/include/tourney/experiments/campaign_replay.h).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "render/replay_format.h"
#include "replay_flags.h"
#include "sampling_input.h"
#include "tourney/experiments/campaign_replay.h"

namespace tourney::cli {

int RunReplayCommand(int argc, char** argv) {
  Flags flags(
      "tourney replay FILE [--score COL] [--lower-is-better] --goal tolerance=T|settled|top-1 "
      "[--replays R] [--seed S] [--threads T] [--format F] [--plot FILE]",
      "Replays a complete scoring campaign (every item holds its recorded human score) through\n"
      "the live campaign engine, each request answered with the recorded score, and reports\n"
      "per serving policy the mean % of the items used until the goal is met, the % of\n"
      "(replay, system) whose final interval holds the full-data score, the % of replays with a\n"
      "wrong separation (against the full-data scores) and the separated rank-neighbour\n"
      "boundaries at the stop. Policies: all (every item, as the campaign was run), uniform\n"
      "(every system alike, stopped when the goal is met) and default (tourney's: serving\n"
      "only the systems that block the goal, stopped likewise). Goals: tolerance=T (every system within\n"
      "+-T), settled (every boundary separated or within +-epsilon), top-1 (the leader within\n"
      "epsilon of the best). Results do not depend on --threads.");
  AddScoredSegmentFlags(flags);
  AddReplayGoalFlags(flags);
  flags.Add("policies", "LIST", "all,uniform,default", "policies to replay");
  flags.Add("replays", "R", "200", "replays per policy (1..100000)");
  flags.Add("seed", "S", "1", "base seed: replay r uses DeriveSeed(S, r)");
  flags.Add("threads", "T", "1", "worker threads (results do not depend on it)");
  flags.Add("confidence", "G", "0.95", "confidence of the intervals and of the whole board");
  flags.Add("check", "N", "10", "scores between two looks at the goal");
  flags.Add("format", "F", "table", "table, json, csv or markdown");
  flags.Add("plot", "FILE", "", "separations against items used, per policy (SVG or PDF)");
  flags.Add("title", "TEXT", "", "title of the plot");
  flags.AddExample(
      "tourney replay en-de.tsv.gz --score mqm --lower-is-better --exclude-system Human-A.0 "
      "--goal tolerance=0.25 --replays 200 --seed 1 --threads 2 --format json",
      "WMT20 en-de MQM: annotate until every system is within +-0.25");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "replay", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("replay", s); };
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return fail(format.status());
  if (Status s = ReplayFormatSupported(*format); !s.ok()) return fail(s);
  CampaignReplayOptions o;
  if (Status st = ReplayGoalFromFlags(flags, &o.goal, &o.board, &o.score_min, &o.score_max);
      !st.ok()) {
    return fail(st);
  }
  o.policies = SplitList(flags.Get("policies"));
  auto replays = flags.GetInt("replays");
  auto seed = flags.GetUint("seed");
  auto threads = flags.GetInt("threads");
  auto confidence = flags.GetDouble("confidence");
  auto check = flags.GetInt("check");
  for (const Status* s :
       {&replays.status(), &seed.status(), &threads.status(), &confidence.status(), &check.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (*replays < 1 || *replays > 100000) return fail(InvalidArgument("option '--replays': 1..100000"));
  if (*threads < 1 || *threads > 256) return fail(InvalidArgument("option '--threads': 1..256"));
  if (!(*confidence > 0 && *confidence < 1)) {
    return fail(InvalidArgument("option '--confidence': in (0, 1)"));
  }
  if (*check < 1 || *check > 1000000) return fail(InvalidArgument("option '--check': 1..1000000"));
  o.replays = static_cast<int>(*replays);
  o.seed = *seed;
  o.threads = static_cast<int>(*threads);
  o.confidence = *confidence;
  o.check = static_cast<int>(*check);
  o.lower_is_better = flags.GetBool("lower-is-better");
  auto table = LoadScoredSegments(flags, "replay", /*warn=*/true, /*fully_scored=*/true);
  if (!table.ok()) return fail(table.status());
  auto result = RunCampaignReplay(*table, o);
  if (!result.ok()) return fail(result.status());
  if (!flags.Get("plot").empty()) {
    const std::string svg = ReplayPlotSvg(*result, flags.Get("title"));
    if (Status s = WritePlotFile(flags.Get("plot"), svg); !s.ok()) return fail(s);
    std::cerr << "wrote " << flags.Get("plot") << "\n";
  }
  std::cout << FormatCampaignReplay(*result, *format);
  return kExitOk;
}

}  // namespace tourney::cli
