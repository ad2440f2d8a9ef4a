// The scoring campaign of `tourney demo`: a simulated MQM test set whose systems' true
// means are known, scored through tourneyd's scoring RPCs until every system's estimate is
// within its tolerance (docs/service.md, "Scoring campaigns").
#ifndef TOURNEY_CLI_SCORING_DEMO_H_
#define TOURNEY_CLI_SCORING_DEMO_H_

#include <cstdint>
#include <memory>
#include <string>

#include "tourney/core/status.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::cli {

// Creates the campaign on the server behind `stub` (admin `admin_token`), plays three
// annotators who score the items NextItem serves with the hidden scores, checks the
// estimates every 20 scores, and prints what was scored, the estimates and the truth.
Status RunScoringDemo(v1::Tournament::Stub& stub, const std::string& admin_token, uint64_t seed);

// A call context for the demos' local server: bearer `token`, a 120 s deadline, and
// wait-for-ready (the server is up, so transient connection failures are ridden out
// instead of failing the call).
std::unique_ptr<grpc::ClientContext> DemoContext(const std::string& token);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_SCORING_DEMO_H_
