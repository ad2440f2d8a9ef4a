// `tourney demo --serve`: a campaign of real texts on the demo's tourneyd, for people. It
// prints the annotator page's and the dashboard's addresses and keeps tourneyd running until
// Ctrl-C, so that anyone on this machine can open them and judge.
#ifndef TOURNEY_CLI_DEMO_SERVE_H_
#define TOURNEY_CLI_DEMO_SERVE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "local_server.h"
#include "tourney/core/status.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::cli {

// The texts of the demo's campaign: systems (in campaign order) and the content (every
// system's output for every segment), with where they came from.
struct DemoTexts {
  std::vector<std::string> systems;
  v1::CampaignContent content;
  std::string origin;
};

// The first `segments` segments of a content file of the WMT21 TED talks (the shared data's
// en-de.texts.tsv.gz) with the outputs of `systems`. NotFound or InvalidArgument when the
// file cannot be read or lacks a system or an output.
StatusOr<DemoTexts> TedDemoTexts(const std::string& path, size_t segments,
                                  const std::vector<std::string>& systems);

// Texts written for the demo (six English sentences in two documents, a German reference
// and four German outputs each), for machines without the shared data.
DemoTexts BuiltInDemoTexts();

// Creates a ranking campaign of `texts` on `server` (k = 3, 20 judgments per annotator,
// a tenth of the matches quality checks against a degraded "BAD" system made from the real
// outputs, seeded by `seed`), prints the addresses of its pages, and with `wait` blocks until
// SIGINT or SIGTERM, which the caller must have blocked in every thread. `server` must have
// been started with HTTP.
Status ServeDemoCampaign(const LocalServer& server, v1::Tournament::Stub& stub,
                         const DemoTexts& texts, uint64_t seed, bool wait);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_DEMO_SERVE_H_
