// tourney plan: how many items a scoring campaign's goal will take, forecast from a pilot
// (engine/include/tourney/experiments/campaign_plan.h).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "commands.h"
#include "common.h"
#include "render/replay_format.h"
#include "render/text_format.h"
#include "render/text_table.h"
#include "tourney/core/random.h"
#include "replay_flags.h"
#include "sampling_input.h"
#include "tourney/experiments/campaign_plan.h"

namespace tourney::cli {
namespace {

std::string PlanJson(const CampaignPlanResult& r, const std::string& goal,
                     const CampaignReplayResult* check) {
  std::ostringstream out;
  out << "{\"goal\": " << JsonQuote(goal) << ", \"items\": " << r.items
      << ", \"pilot_items\": " << r.pilot_items << ", \"items_pct\": " << JsonNumber(r.items_pct)
      << ", \"items_forecast\": " << std::llround(r.items_pct * r.items / 100.0)
      << ", \"items_pct_min\": " << JsonNumber(r.items_pct_min)
      << ", \"items_pct_max\": " << JsonNumber(r.items_pct_max)
      << ", \"reached_pct\": " << JsonNumber(r.reached_pct) << ", \"systems\": [";
  for (size_t s = 0; s < r.systems.size(); ++s) {
    out << (s ? ", " : "") << "{\"system\": " << JsonQuote(r.systems[s])
        << ", \"segments\": " << r.segments[s] << ", \"pilot_scored\": " << r.pilot_scored[s]
        << ", \"segments_pct\": " << JsonNumber(r.system_pct[s]) << "}";
  }
  out << "]";
  if (check != nullptr) {
    const ReplayPolicyResult& d = check->policies.front();
    out << ", \"check\": {\"items_pct\": " << JsonNumber(d.items_pct)
        << ", \"error_pct\": " << JsonNumber(100.0 * (r.items_pct - d.items_pct) / d.items_pct)
        << "}";
  }
  out << "}\n";
  return out.str();
}

}  // namespace

int RunPlanCommand(int argc, char** argv) {
  Flags flags(
      "tourney plan FILE [--score COL] [--lower-is-better] --goal tolerance=T|settled|top-1 "
      "[--pilot-share P] [--seed S] [--threads T] [--format table|json]",
      "Forecasts the items a scoring campaign needs for a goal, from a pilot: the scored rows\n"
      "of FILE (a campaign's first scores or a previous campaign). The pilot is completed by\n"
      "drawing each unscored item's score from the scored items nearest in the metrics, and\n"
      "each completion is replayed through the live campaign engine under tourney's default\n"
      "policy (tourney replay), so the forecast includes the sequential stop and the\n"
      "allocation. With --pilot-share P and a complete FILE, the pilot is a random P of the\n"
      "segments, and the forecast is checked against replays of the complete campaign.");
  AddScoredSegmentFlags(flags);
  AddReplayGoalFlags(flags);
  flags.Add("pilot-share", "P", "", "take a pilot of this share of a complete FILE's segments "
            "and check the forecast against replays of FILE");
  flags.Add("imputations", "N", "4", "completions of the pilot");
  flags.Add("replays", "R", "2", "replays per completion");
  flags.Add("check-replays", "R", "20", "--pilot-share: replays of the complete FILE");
  flags.Add("seed", "S", "1", "base seed");
  flags.Add("threads", "T", "1", "worker threads (results do not depend on it)");
  flags.Add("confidence", "G", "0.95", "confidence of the intervals and of the board");
  flags.Add("format", "F", "table", "table or json");
  flags.AddExample(
      "tourney plan en-de.tsv.gz --score mqm --lower-is-better --exclude-system Human-A.0 "
      "--goal tolerance=0.25 --pilot-share 0.1 --score-min 0 --score-max 25 --threads 2",
      "WMT20 en-de: a 10% pilot's forecast for +-0.25, checked against the full campaign");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "plan", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("plan", s); };
  const std::string format = flags.Get("format");
  if (format != "table" && format != "json") {
    return fail(InvalidArgument("option '--format': table or json"));
  }
  CampaignPlanOptions o;
  if (Status st = ReplayGoalFromFlags(flags, &o.goal, &o.board, &o.score_min, &o.score_max);
      !st.ok()) {
    return fail(st);
  }
  auto imputations = flags.GetInt("imputations");
  auto replays = flags.GetInt("replays");
  auto check_replays = flags.GetInt("check-replays");
  auto seed = flags.GetUint("seed");
  auto threads = flags.GetInt("threads");
  auto confidence = flags.GetDouble("confidence");
  for (const Status* s : {&imputations.status(), &replays.status(), &check_replays.status(),
                          &seed.status(), &threads.status(), &confidence.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (*imputations < 1 || *imputations > 1000) {
    return fail(InvalidArgument("option '--imputations': 1..1000"));
  }
  if (*replays < 1 || *replays > 1000) return fail(InvalidArgument("option '--replays': 1..1000"));
  if (*check_replays < 1 || *check_replays > 100000) {
    return fail(InvalidArgument("option '--check-replays': 1..100000"));
  }
  if (*threads < 1 || *threads > 256) return fail(InvalidArgument("option '--threads': 1..256"));
  if (!(*confidence > 0 && *confidence < 1)) {
    return fail(InvalidArgument("option '--confidence': in (0, 1)"));
  }
  o.imputations = static_cast<int>(*imputations);
  o.replays_per_imputation = static_cast<int>(*replays);
  o.seed = *seed;
  o.threads = static_cast<int>(*threads);
  o.confidence = *confidence;
  o.lower_is_better = flags.GetBool("lower-is-better");
  auto table = LoadScoredSegments(flags, "plan", /*warn=*/true, /*fully_scored=*/!flags.Get("pilot-share").empty());
  if (!table.ok()) return fail(table.status());
  ScoredSegments pilot = *table;
  std::optional<CampaignReplayResult> check;
  if (!flags.Get("pilot-share").empty()) {
    auto share = flags.GetDouble("pilot-share");
    if (!share.ok()) return fail(share.status());
    auto taken = TakePilot(*table, *share, DeriveSeed(o.seed, 1000003));
    if (!taken.ok()) return fail(InvalidArgument("option '--pilot-share': " + taken.status().message()));
    pilot = std::move(*taken);
    // The declared range is the complete file's (a real campaign declares it in advance).
    CampaignReplayOptions ro;
    ro.goal = o.goal;
    ro.board = o.board;
    ro.policies = {"default"};
    ro.replays = static_cast<int>(*check_replays);
    ro.seed = o.seed;
    ro.threads = o.threads;
    ro.confidence = o.confidence;
    ro.score_min = o.score_min;
    ro.score_max = o.score_max;
    ro.lower_is_better = o.lower_is_better;
    auto replay = RunCampaignReplay(*table, ro);
    if (!replay.ok()) return fail(replay.status());
    if (std::isnan(o.score_min)) o.score_min = replay->score_min;
    if (std::isnan(o.score_max)) o.score_max = replay->score_max;
    check = std::move(*replay);
  }
  auto plan = PlanCampaign(pilot, o);
  if (!plan.ok()) return fail(plan.status());
  const std::string goal_text = flags.Get("goal");
  if (format == "json") {
    std::cout << PlanJson(*plan, goal_text, check ? &*check : nullptr);
    return kExitOk;
  }
  std::cout << "Forecast for " << goal_text << " from a pilot of "
            << CountOf(plan->pilot_items, "scored item") << " (" << Fixed(100.0 * plan->pilot_items / plan->items, 1)
            << "% of " << WithThousands(plan->items) << "): "
            << WithThousands(std::llround(plan->items_pct * plan->items / 100.0)) << " items, "
            << Fixed(plan->items_pct, 1) << "% (range " << Fixed(plan->items_pct_min, 1) << "-"
            << Fixed(plan->items_pct_max, 1) << "% over "
            << o.imputations * o.replays_per_imputation << " runs; goal met in "
            << Fixed(plan->reached_pct, 0) << "%)\n";
  TextTable t;
  t.header = {"system", "segments", "pilot", "forecast %"};
  for (size_t s = 0; s < plan->systems.size(); ++s) {
    t.rows.push_back({plan->systems[s], WithThousands(plan->segments[s]),
                      WithThousands(plan->pilot_scored[s]), Fixed(plan->system_pct[s], 1)});
  }
  std::cout << RenderTextTable(t);
  if (check) {
    const ReplayPolicyResult& d = check->policies.front();
    std::cout << "Check: replays of the complete file used " << Fixed(d.items_pct, 1)
              << "% of the items; the forecast is off by "
              << Fixed(100.0 * (plan->items_pct - d.items_pct) / d.items_pct, 1) << "%\n";
  }
  return kExitOk;
}

}  // namespace tourney::cli
