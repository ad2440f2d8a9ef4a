// cesa_coverage: simulated contrastive ESA campaigns of a known truth under WMT26's dynamic
// assignment (tourney/experiments/contrastive_simulation.h). A simulation, not a timing: it
// prints, per board, the campaigns with at least one wrong separation, the wrong share of
// all separations and the right separations out of the truly different pairs: tourney's
// cesa board (anytime pairs, its clusters; its Holm pairs for reference) beside WMT26's
// rule (its "significantly better" relation and its clusters).
//
// Usage: cesa_coverage [--campaigns C] [--seed S] [--screens N] [--segments G]
//                      [--annotators A] [--alpha A] [--write FILE]
//                      [--live 1] [--assignment uniform|wmt26|adaptive] [--explore E]
// --live 1: the campaigns run by the live campaign's engine and read back from its export
// (SimulateLiveCesa); --assignment: the rule that picks each screen's systems.
// --write FILE: also write the first campaign as a cESA export (for `tourney cluster FILE
// --protocol cesa`), then go on with the study.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "tourney/core/random.h"
#include "tourney/experiments/contrastive_simulation.h"
#include "tourney/ingest/cesa_log_reader.h"

namespace tourney {
namespace {

void PrintTally(const char* name, const SeparationTally& t, int campaigns) {
  std::printf("%-28s %5lld/%-4d %6.1f%%   %7lld %6lld %7.3f   %6.1f%%\n", name,
              static_cast<long long>(t.campaigns_wrong), campaigns,
              100.0 * static_cast<double>(t.campaigns_wrong) / campaigns,
              static_cast<long long>(t.separations), static_cast<long long>(t.wrong),
              t.separations > 0 ? static_cast<double>(t.wrong) / static_cast<double>(t.separations)
                                : 0.0,
              t.distinct_pairs > 0
                  ? 100.0 * static_cast<double>(t.right) / static_cast<double>(t.distinct_pairs)
                  : 0.0);
}

int Run(int argc, char** argv) {
  CesaSimulationOptions options;
  int campaigns = 200;
  double alpha = 0.05;
  std::string write;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const char* value = argv[i + 1];
    if (flag == "--campaigns") campaigns = std::atoi(value);
    else if (flag == "--seed") options.seed = std::strtoull(value, nullptr, 10);
    else if (flag == "--screens") options.screens = std::atoi(value);
    else if (flag == "--segments") options.segments = std::atoi(value);
    else if (flag == "--annotators") options.annotators = std::atoi(value);
    else if (flag == "--alpha") alpha = std::atof(value);
    else if (flag == "--write") write = value;
    else if (flag == "--live") options.live = std::string(value) == "1";
    else if (flag == "--explore") options.explore = std::atof(value);
    else if (flag == "--assignment") {
      auto rule = ParseScreenAssignment(value);
      if (!rule.ok()) {
        std::fprintf(stderr, "cesa_coverage: %s\n", rule.status().message().c_str());
        return 2;
      }
      options.assignment = *rule;
    }
    else {
      std::fprintf(stderr, "cesa_coverage: unknown flag %s\n", argv[i]);
      return 2;
    }
  }
  if (!write.empty()) {
    CesaSimulationOptions first = options;
    first.seed = DeriveSeed(options.seed, 0);  // the study's campaign 0
    auto screens = SimulateDynamicCesa(first);
    if (!screens.ok()) {
      std::fprintf(stderr, "cesa_coverage: %s\n", screens.status().message().c_str());
      return 1;
    }
    FILE* f = std::fopen(write.c_str(), "w");
    if (f == nullptr) {
      std::fprintf(stderr, "cesa_coverage: cannot write %s\n", write.c_str());
      return 1;
    }
    for (const ContrastiveScreen& screen : screens->screens) {
      std::fprintf(f, "%s\n", FormatCesaExportLine(*screens, screen, "simulated").c_str());
    }
    std::fclose(f);
  }
  auto study = RunCesaStudy(options, campaigns, alpha);
  if (!study.ok()) {
    std::fprintf(stderr, "cesa_coverage: %s\n", study.status().message().c_str());
    return 1;
  }
  std::printf("%d %s campaigns, assignment %s, %d screens of k = %d, %d segments, %d "
              "annotators, seed %llu, alpha %.3g\ntruth:",
              campaigns, options.live ? "live-engine" : "simulated-WMT26",
              ScreenAssignmentName(options.assignment), options.screens, options.k,
              options.segments, options.annotators, static_cast<unsigned long long>(options.seed),
              alpha);
  for (double t : options.truth) std::printf(" %.0f", t);
  std::printf("\n%-28s %-11s %7s   %7s %6s %7s   %7s\n", "board", "campaigns", "wrong",
              "separ.", "wrong", "share", "power");
  PrintTally("cesa clusters (anytime)", study->cesa_clusters, campaigns);
  PrintTally("cesa anytime pairs", study->anytime, campaigns);
  PrintTally("cesa Holm pairs (fixed n)", study->holm, campaigns);
  PrintTally("WMT26 rule: better pairs", study->wmt26, campaigns);
  PrintTally("WMT26 rule: clusters", study->wmt26_clusters, campaigns);
  return 0;
}

}  // namespace
}  // namespace tourney

int main(int argc, char** argv) { return tourney::Run(argc, argv); }
