// Simulated dynamic cESA campaigns (see tourney/experiments/contrastive_simulation.h).
#include "tourney/experiments/contrastive_simulation.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "tourney/campaigns/contrastive_campaign.h"
#include "tourney/core/random.h"
#include "tourney/ingest/cesa_log_reader.h"
#include "tourney/protocols/wmt26_rule.h"
#include "tourney/selection/screen_assignment.h"

namespace tourney {
namespace contrastive_simulation_detail {

void TallySeparation(const std::vector<double>& truth, int winner, int loser,
                     SeparationTally* tally, bool* any_wrong) {
  ++tally->separations;
  if (truth[winner] <= truth[loser]) {
    ++tally->wrong;
    *any_wrong = true;
  } else {
    ++tally->right;
  }
}

}  // namespace contrastive_simulation_detail

StatusOr<ContrastiveScreens> SimulateDynamicCesa(const CesaSimulationOptions& options) {
  using namespace contrastive_simulation_detail;
  const int n = static_cast<int>(options.truth.size());
  if (options.k < 2 || options.k > n) {
    return InvalidArgument("cesa simulation: k must be between 2 and the number of systems");
  }
  if (options.segments < 1 || options.annotators < 1 || options.screens < 1 ||
      options.coldstart < 0) {
    return InvalidArgument("cesa simulation: segments, annotators and screens must be >= 1");
  }
  Rng rng(options.seed);
  ContrastiveScreens out;
  for (int s = 0; s < n; ++s) out.systems.push_back("sys" + std::to_string(s + 1));
  for (int a = 0; a < options.annotators; ++a) out.annotators.push_back("ann" + std::to_string(a + 1));
  for (int g = 0; g < options.segments; ++g) out.segments.push_back("seg" + std::to_string(g + 1));
  std::vector<double> segment_effect(options.segments), bias(options.annotators);
  for (double& e : segment_effect) e = options.segment_sd * rng.Normal();
  for (double& b : bias) b = options.annotator_sd * rng.Normal();
  ScreenTally tally(n);
  AssignmentOptions assignment;
  assignment.k = options.k;
  assignment.coldstart = options.coldstart;
  assignment.explore = options.explore;
  // done[(a * segments + g) * n + s]: annotator a scored system s on segment g.
  std::vector<unsigned char> done(static_cast<size_t>(options.annotators) * options.segments * n, 0);
  std::vector<unsigned char> finished(options.annotators, 0);
  int finished_count = 0;
  while (static_cast<int>(out.screens.size()) < options.screens &&
         finished_count < options.annotators) {
    const int annotator = static_cast<int>(rng.UniformInt(options.annotators));
    if (finished[annotator]) continue;
    const std::vector<int> chosen = DrawScreenSystems(options.assignment, tally, assignment, rng);
    const double probability = SubsetProbability(options.assignment, tally, assignment, chosen);
    // The annotator's segment.
    auto is_done = [&](int g, int s) {
      return done[(static_cast<size_t>(annotator) * options.segments + g) * n + s] != 0;
    };
    int segment = -1;
    for (int g = 0; g < options.segments && segment < 0; ++g) {
      if (std::none_of(chosen.begin(), chosen.end(), [&](int s) { return is_done(g, s); })) segment = g;
    }
    for (int g = 0; g < options.segments && segment < 0; ++g) {
      if (std::any_of(chosen.begin(), chosen.end(), [&](int s) { return !is_done(g, s); })) segment = g;
    }
    if (segment < 0) {
      finished[annotator] = 1;
      ++finished_count;
      continue;
    }
    ContrastiveScreen screen;
    screen.screen_id = std::string("s").append(std::to_string(out.screens.size() + 1));
    screen.annotator = annotator;
    screen.segment = segment;
    screen.selection_probability = probability;
    for (int s : chosen) {
      const double raw = options.truth[s] + segment_effect[segment] + bias[annotator] +
                         options.noise_sd * rng.Normal();
      const double score = std::clamp(raw, 0.0, 100.0);
      screen.answers.push_back({s, score, 0});
      done[(static_cast<size_t>(annotator) * options.segments + segment) * n + s] = 1;
    }
    tally.Add(screen.answers);
    out.screens.push_back(std::move(screen));
  }
  return out;
}

StatusOr<ContrastiveScreens> SimulateLiveCesa(const CesaSimulationOptions& options) {
  const int n = static_cast<int>(options.truth.size());
  if (options.segments < 1 || options.annotators < 1 || options.screens < 1) {
    return InvalidArgument("cesa simulation: segments, annotators and screens must be >= 1");
  }
  Rng rng(options.seed);
  ContrastiveCampaignConfig config;
  for (int g = 0; g < options.segments; ++g) {
    config.table.segment_ids.push_back("seg" + std::to_string(g + 1));
    config.table.segment_document.push_back(0);
  }
  config.table.document_ids = {"doc"};
  for (int s = 0; s < n; ++s) {
    SystemSegments row;
    row.name = "sys" + std::to_string(s + 1);
    for (int g = 0; g < options.segments; ++g) {
      row.segment.push_back(g);
      row.human.push_back(0.0);
      row.annotated.push_back(0);
    }
    config.table.systems.push_back(std::move(row));
  }
  config.assignment = options.assignment;
  config.options.k = options.k;
  config.options.coldstart = options.coldstart;
  config.options.explore = options.explore;
  config.seed = DeriveSeed(options.seed, 2);
  auto campaign = ContrastiveCampaign::Create(std::move(config));
  if (!campaign.ok()) return campaign.status();
  std::vector<double> segment_effect(options.segments), bias(options.annotators);
  for (double& e : segment_effect) e = options.segment_sd * rng.Normal();
  for (double& b : bias) b = options.annotator_sd * rng.Normal();
  // The export's path: each applied screen written as a line of tourney's cESA export and
  // the lines read back by the reader `tourney cluster --protocol cesa` uses.
  std::string lines;
  int finished = 0;
  std::vector<unsigned char> done(options.annotators, 0);
  while (static_cast<int>((*campaign)->applied().size()) < options.screens &&
         finished < options.annotators) {
    const int a = static_cast<int>(rng.UniformInt(options.annotators));
    if (done[a]) continue;
    auto served = (*campaign)->ProposeScreen("ann" + std::to_string(a + 1), 0);
    if (!served.ok()) {
      done[a] = 1;
      ++finished;
      continue;
    }
    std::vector<ScreenScore> answers;
    for (int s : served->systems) {
      const double raw = options.truth[s] + segment_effect[served->segment] + bias[a] +
                         options.noise_sd * rng.Normal();
      answers.push_back({s, served->segment, std::clamp(std::round(raw), 0.0, 100.0)});
    }
    const AppliedScreen applied = (*campaign)->AppliedScreenOf(served->screen_id, answers);
    auto ok = (*campaign)->ApplyScreen(applied);
    if (!ok.ok()) return ok.status();
  }
  const ContrastiveScreens& screens = (*campaign)->Screens();
  for (const ContrastiveScreen& screen : screens.screens) {
    lines += FormatCesaExportLine(screens, screen, "simulated") + "\n";
  }
  auto log = ParseCesaLog(lines, "simulated");
  if (!log.ok()) return log.status();
  // The reader numbers systems in the order it meets them: back to the truth's order.
  ContrastiveScreens out = std::move(log->screens);
  std::vector<int> original(out.systems.size());
  for (size_t i = 0; i < out.systems.size(); ++i) {
    original[i] = std::stoi(out.systems[i].substr(3)) - 1;  // "sysK"
  }
  for (ContrastiveScreen& screen : out.screens) {
    for (ScreenAnswer& answer : screen.answers) answer.system = original[answer.system];
  }
  out.systems = screens.systems;
  return out;
}

StatusOr<CesaStudy> RunCesaStudy(const CesaSimulationOptions& options, int campaigns,
                                 double alpha) {
  using contrastive_simulation_detail::TallySeparation;
  if (campaigns < 1) return InvalidArgument("cesa study: campaigns must be >= 1");
  CesaStudy study;
  study.campaigns = campaigns;
  const std::vector<double>& truth = options.truth;
  const int n = static_cast<int>(truth.size());
  int64_t distinct = 0;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) distinct += truth[a] != truth[b] ? 1 : 0;
  }
  for (int c = 0; c < campaigns; ++c) {
    CesaSimulationOptions run = options;
    run.seed = DeriveSeed(options.seed, static_cast<uint64_t>(c));
    auto screens = options.live ? SimulateLiveCesa(run) : SimulateDynamicCesa(run);
    if (!screens.ok()) return screens.status();
    CesaOptions cesa;
    cesa.alpha = alpha;
    auto board = ScoreContrastiveScreens(*screens, cesa);
    if (!board.ok()) return board.status();
    Wmt26Options wmt;
    wmt.seed = DeriveSeed(run.seed, 1);
    auto official = RankLikeWmt26(*screens, wmt);
    if (!official.ok()) return official.status();
    bool wrong_anytime = false, wrong_holm = false, wrong_wmt = false;
    for (const CesaPair& pair : board->pairs) {
      if (pair.anytime_winner >= 0) {
        TallySeparation(truth, pair.anytime_winner, pair.anytime_winner == pair.a ? pair.b : pair.a,
                        &study.anytime, &wrong_anytime);
      }
      if (pair.holm_winner >= 0) {
        TallySeparation(truth, pair.holm_winner, pair.holm_winner == pair.a ? pair.b : pair.a,
                        &study.holm, &wrong_holm);
      }
    }
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        if (a != b && official->better[static_cast<size_t>(a) * n + b]) {
          TallySeparation(truth, a, b, &study.wmt26, &wrong_wmt);
        }
      }
    }
    bool wrong_cesa_clusters = false, wrong_wmt_clusters = false;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        if (board->cluster[a] > 0 && board->cluster[b] > 0 && board->cluster[a] < board->cluster[b]) {
          TallySeparation(truth, a, b, &study.cesa_clusters, &wrong_cesa_clusters);
        }
        if (official->cluster[a] > 0 && official->cluster[b] > 0 &&
            official->cluster[a] < official->cluster[b]) {
          TallySeparation(truth, a, b, &study.wmt26_clusters, &wrong_wmt_clusters);
        }
      }
    }
    study.cesa_clusters.campaigns_wrong += wrong_cesa_clusters ? 1 : 0;
    study.wmt26_clusters.campaigns_wrong += wrong_wmt_clusters ? 1 : 0;
    study.cesa_clusters.distinct_pairs += distinct;
    study.wmt26_clusters.distinct_pairs += distinct;
    study.anytime.campaigns_wrong += wrong_anytime ? 1 : 0;
    study.holm.campaigns_wrong += wrong_holm ? 1 : 0;
    study.wmt26.campaigns_wrong += wrong_wmt ? 1 : 0;
    study.anytime.distinct_pairs += distinct;
    study.holm.distinct_pairs += distinct;
    study.wmt26.distinct_pairs += distinct;
  }
  return study;
}

}  // namespace tourney
