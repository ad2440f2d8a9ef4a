// tourney simulate-campaign and tourney demo.
#include <fstream>
#include <iostream>

#include "commands.h"
#include "common.h"
#include "render/leaderboard_format.h"
#include "render/text_format.h"
#include "tourney/core/leaderboard.h"
#include "tourney/experiments/simulate.h"
#include "tourney/models/expected_wins.h"

namespace tourney::cli {
namespace {

void AddCampaignFlags(Flags& flags, const std::string& systems, const std::string& rankings) {
  flags.Add("systems", "N", systems, "number of systems (2..1000)");
  flags.Add("rankings", "M", rankings, "number of k-way rankings to generate");
  flags.Add("k", "K", "5", "systems per ranking (2..5)");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("quality-sd", "X", "0.5", "sd of the hidden system qualities mu_j ~ N(0, X^2)");
  flags.Add("sigma-a", "X", "0.5", "translation-quality noise sigma_a (paper §2.2)");
  flags.Add("sigma-obs", "X", "1.0", "annotator noise sigma_obs (paper §2.2)");
  flags.Add("radius", "D", "0.5", "decision radius d: outputs closer than D tie");
  flags.Add("segments", "N", "3000", "number of source segments");
  flags.Add("judges", "N", "20", "number of annotators");
}

StatusOr<CampaignOptions> CampaignFromFlags(const Flags& flags) {
  CampaignOptions o;
  auto systems = flags.GetInt("systems");
  auto rankings = flags.GetInt("rankings");
  auto k = flags.GetInt("k");
  auto seed = flags.GetUint("seed");
  auto qsd = flags.GetDouble("quality-sd");
  auto sa = flags.GetDouble("sigma-a");
  auto so = flags.GetDouble("sigma-obs");
  auto d = flags.GetDouble("radius");
  auto segments = flags.GetInt("segments");
  auto judges = flags.GetInt("judges");
  for (const Status* s : {&systems.status(), &rankings.status(), &k.status(), &seed.status(),
                          &qsd.status(), &sa.status(), &so.status(), &d.status(),
                          &segments.status(), &judges.status()}) {
    if (!s->ok()) return *s;
  }
  if (*systems > 1000 || *systems < 2) return InvalidArgument("--systems must be in 2..1000");
  if (*judges < 1 || *judges > 1000000) return InvalidArgument("--judges must be in 1..1000000");
  o.systems = static_cast<int>(*systems);
  o.rankings = *rankings;
  o.k = static_cast<int>(std::clamp<int64_t>(*k, -1, 100));
  o.seed = *seed;
  o.quality_sd = *qsd;
  o.sigma_a = *sa;
  o.sigma_obs = *so;
  o.radius = *d;
  o.segments = *segments;
  o.judges = static_cast<int>(*judges);
  return o;
}

}  // namespace

int RunSimulateCampaign(int argc, char** argv) {
  Flags flags("tourney simulate-campaign --systems N --rankings M --seed S [options]",
              "Writes a simulated campaign as WMT CSV on stdout, from the generative story of\n"
              "Hopkins & May (2013): hidden system qualities, per-judgment noise, ties inside a\n"
              "decision radius. --truth FILE writes the hidden qualities (system,quality).");
  AddCampaignFlags(flags, "8", "1000");
  flags.Add("truth", "FILE", "", "also write the hidden qualities as CSV to FILE");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "simulate-campaign", &code)) return code;
  if (!flags.positionals().empty()) {
    return ReportError("simulate-campaign",
                       InvalidArgument("unexpected argument '" + flags.positionals()[0] + "'"));
  }
  auto options = CampaignFromFlags(flags);
  if (!options.ok()) return ReportError("simulate-campaign", options.status());
  auto campaign = SimulateCampaign(*options);
  if (!campaign.ok()) return ReportError("simulate-campaign", campaign.status());
  if (flags.IsSet("truth")) {
    std::ofstream truth(flags.Get("truth"));
    if (!truth) {
      return ReportError("simulate-campaign",
                         IoError(flags.Get("truth") + ": cannot open for writing"));
    }
    truth << "system,quality\n";
    for (int i = 0; i < campaign->judgments.num_systems(); ++i) {
      truth << campaign->judgments.systems().Name(i) << "," << campaign->quality[i] << "\n";
    }
  }
  std::cout << ToWmtCsv(campaign->judgments, options->k);
  return kExitOk;
}

int RunOfflineDemo(int argc, char** argv) {
  Flags flags("tourney demo --offline [options]",
              "Simulates a campaign with known system qualities and prints the Expected Wins\n"
              "leaderboard next to the hidden truth. Needs no input files.");
  AddCampaignFlags(flags, "10", "4000");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "demo", &code)) return code;
  auto options = CampaignFromFlags(flags);
  if (!options.ok()) return ReportError("demo", options.status());
  auto campaign = SimulateCampaign(*options);
  if (!campaign.ok()) return ReportError("demo", campaign.status());

  const Judgments& j = campaign->judgments;
  auto model = MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  RatingInput input{j.num_systems(), &j.comparisons(), &j};
  auto result = RateChecked(*model, input, options->seed);
  if (!result.ok()) return ReportError("demo", result.status());
  Leaderboard board = BuildLeaderboard(model->name(), j, result->ratings);
  std::cout << "Simulated campaign: " << options->systems << " systems, "
            << WithThousands(static_cast<int64_t>(options->rankings)) << " rankings of "
            << options->k << " (seed " << options->seed << ")\n\n";
  std::cout << FormatLeaderboard(board, OutputFormat::kTable);
  std::cout << "\nHidden qualities (truth):\n";
  std::vector<int> order(static_cast<size_t>(j.num_systems()));
  for (int i = 0; i < j.num_systems(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return campaign->quality[a] > campaign->quality[b]; });
  for (size_t r = 0; r < order.size(); ++r) {
    std::printf("  %2zu  %-8s %+.3f\n", r + 1, j.systems().Name(order[r]).c_str(),
                campaign->quality[order[r]]);
  }
  return kExitOk;
}

}  // namespace tourney::cli
